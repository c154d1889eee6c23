//! What each card edge shows.
//!
//! Each card is resampled to a small upright square. For each side, the
//! band along it (the middle 70% of the side, 30% deep) is turned so the
//! side is on top and described as a grid of CIELAB cell means: the same
//! half-figure printed on two cards gives nearly the same grid, whatever
//! the card's turn. Halves of one figure share their colours but not their
//! arrangement, so a position-free colour distance (a symmetric chamfer over
//! the cells) tells which groups may pair. Cards that never turn (TetraVex)
//! are read as upright patches, by colour or by the shape of their ink; and
//! figures that colour cannot tell apart, by the orientation of their
//! strokes, with the colours right at each side (its seam) saying how well
//! two sides continue each other.

use image::RgbImage;
use palette::Lab;

use crate::geometry::Quad;
use crate::imaging::color::{delta_e, lightness, median_color, to_lab};
use crate::imaging::resample::bilinear;

/// Side of the upright copy of each card.
const CARD_CELLS: usize = 48;
/// The descriptor grid: cells along the side, cells deep.
const ALONG: usize = 8;
const DEEP: usize = 3;

/// One edge's look: `ALONG` × `DEEP` CIELAB cell means, side on top.
#[derive(Debug, Clone)]
pub struct EdgeLook {
    pub cells: Vec<Lab>,
    /// The card's own ground colour (its median), which is no figure's.
    pub face: Lab,
    /// Glyph looks only (see [`glyph_edge_looks`]): how dark the patch's
    /// ink is, `GLYPH` cells a side, fine enough for the shape of a digit.
    pub glyph: Vec<Lab>,
}

impl EdgeLook {
    /// RMS ΔE over the cells (or, for glyph looks, over the glyphs): small
    /// for the same print.
    pub fn distance(&self, other: &EdgeLook) -> f32 {
        if !self.glyph.is_empty() && !other.glyph.is_empty() {
            return glyph_distance(&self.glyph, &other.glyph);
        }
        let sum: f32 = self.cells.iter().zip(&other.cells).map(|(a, b)| delta_e(*a, *b).powi(2)).sum();
        (sum / self.cells.len() as f32).sqrt()
    }

    /// Position-free colour distance between the figures: mean distance
    /// from each figure cell (one unlike the card's ground) to the nearest
    /// figure cell of the other, both ways. Two halves of one figure share
    /// their colours, not their arrangement.
    pub fn chamfer(&self, other: &EdgeLook) -> f32 {
        let figure = |look: &EdgeLook| -> Vec<Lab> {
            let cells: Vec<Lab> = look.cells.iter().copied().filter(|c| delta_e(*c, look.face) > 20.0).collect();
            if cells.is_empty() { look.cells.clone() } else { cells }
        };
        let (a, b) = (figure(self), figure(other));
        let one_way = |a: &[Lab], b: &[Lab]| {
            a.iter().map(|x| b.iter().map(|y| delta_e(*x, *y)).fold(f32::MAX, f32::min)).sum::<f32>() / a.len() as f32
        };
        (one_way(&a, &b) + one_way(&b, &a)) / 2.0
    }
}

/// The card resampled upright, `CARD_CELLS` square, each cell the mean of
/// the original pixels under it (sampled on a grid of up to 4×4 points).
pub fn upright(image: &RgbImage, quad: &Quad) -> Vec<[f32; 3]> {
    let n = CARD_CELLS;
    let side = quad.side_length();
    let sub = ((side / n as f32).round() as usize).clamp(1, 4);
    let mut out = Vec::with_capacity(n * n);
    for j in 0..n {
        for i in 0..n {
            let mut sum = [0.0f32; 3];
            for sj in 0..sub {
                for si in 0..sub {
                    let u = (i as f32 + (si as f32 + 0.5) / sub as f32) / n as f32;
                    let v = (j as f32 + (sj as f32 + 0.5) / sub as f32) / n as f32;
                    let (x, y) = quad.point(u, v);
                    let p = bilinear(image, x - 0.5, y - 0.5);
                    for c in 0..3 {
                        sum[c] += p[c] as f32;
                    }
                }
            }
            out.push(sum.map(|s| s / (sub * sub) as f32));
        }
    }
    out
}

/// The four edge looks of an upright card, top, right, bottom, left.
pub fn edge_looks(card: &[[f32; 3]]) -> [EdgeLook; 4] {
    let face = card_face(card);
    std::array::from_fn(|side| {
        // Canonical frame: u along the side, v inwards; back to the card by
        // undoing `side` counter-clockwise turns.
        let cells = cell_means(card, ALONG, DEEP, |s, t| {
            let (mut x, mut y) = (0.15 + 0.7 * s, 0.03 + 0.27 * t);
            for _ in 0..side {
                (x, y) = (1.0 - y, x);
            }
            (x, y)
        });
        EdgeLook { cells, face, glyph: Vec::new() }
    })
}

/// Glyph cells a side, and the most cells two glyphs may be shifted by.
const GLYPH: usize = 12;
const GLYPH_SHIFT: isize = 2;
/// Half the glyph's side, as a fraction of the card.
const GLYPH_HALF: f32 = 0.12;

/// RMS ΔE between two glyphs, the best over shifts of up to two cells (a
/// glyph cut out a pixel or two off), over the cells both shifts cover.
/// On 50-pixel grey tiles, 12 cells and two of shift put every pair of
/// equal digits nearer than the nearest unequal ones on average; 8 cells or
/// one of shift did not.
fn glyph_distance(a: &[Lab], b: &[Lab]) -> f32 {
    let n = GLYPH as isize;
    let m = GLYPH_SHIFT;
    let mut best = f32::MAX;
    for dy in -m..=m {
        for dx in -m..=m {
            let mut sum = 0.0f32;
            let mut count = 0usize;
            for y in m..n - m {
                for x in m..n - m {
                    sum += delta_e(a[(y * n + x) as usize], b[((y + dy) * n + x + dx) as usize]).powi(2);
                    count += 1;
                }
            }
            best = best.min((sum / count as f32).sqrt());
        }
    }
    best
}

/// The four edge looks of an upright card whose cards never turn
/// (TetraVex): each side's pattern is printed upright (a digit reads the
/// same on every side), so it is sampled as a square patch near the side,
/// in the card's own orientation, 3×3 cells (coarse, so a glyph a pixel
/// off still looks the same). Coloured tiles are told apart this way.
pub fn upright_edge_looks(card: &[[f32; 3]]) -> [EdgeLook; 4] {
    let face = card_face(card);
    std::array::from_fn(|side| {
        let (cx, cy) = patch_centre(side);
        let cells = cell_means(card, 3, 3, |s, t| (cx - 0.16 + 0.32 * s, cy - 0.16 + 0.32 * t));
        EdgeLook { cells, face, glyph: Vec::new() }
    })
}

/// The same patches as [`upright_edge_looks`], described by the shape of
/// their ink instead, for tiles whose numbers differ only in shape (grey
/// GNOME TetraVex). Only how much darker than the card each cell is counts,
/// so light lines that run past some sides' digits and not others' (the
/// white X) do not; the glyph is cut out around the ink's centre, found in
/// the patch away from the card's rim (its bevel), and compared over small
/// shifts.
pub fn glyph_edge_looks(card: &[[f32; 3]]) -> [EdgeLook; 4] {
    let face = card_face(card);
    std::array::from_fn(|side| {
        let (cx, cy) = patch_centre(side);
        let at = |s: f32, t: f32| (cx - 0.16 + 0.32 * s, cy - 0.16 + 0.32 * t);
        let darkness = |c: Lab| (face.l - c.l).max(0.0);
        let (mut sum, mut sx, mut sy) = (0.0f32, 0.0f32, 0.0f32);
        for (i, c) in cell_means(card, 16, 16, at).into_iter().enumerate() {
            let (x, y) = at((i % 16) as f32 / 16.0 + 1.0 / 32.0, (i / 16) as f32 / 16.0 + 1.0 / 32.0);
            if x.min(y) < 0.07 || x.max(y) > 0.93 {
                continue;
            }
            let d = darkness(c);
            sum += d;
            sx += d * x;
            sy += d * y;
        }
        let (gx, gy) = if sum > 0.0 { (sx / sum, sy / sum) } else { (cx, cy) };
        let h = GLYPH_HALF;
        let glyph: Vec<Lab> = cell_means(card, GLYPH, GLYPH, |s, t| (gx - h + 2.0 * h * s, gy - h + 2.0 * h * t))
            .into_iter()
            .map(|c| Lab::new(darkness(c), 0.0, 0.0))
            .collect();
        EdgeLook { cells: vec![face], face, glyph }
    })
}

/// Side of the upright copy a card's shape looks are taken from: the
/// strokes of a grey figure on a grey card (an elephant's outline, a
/// facemask's bars) need a few pixels each.
const SHAPE_CARD: usize = 192;
/// The shape descriptor: cells along the side, cells deep, orientation bins.
const SHAPE_ALONG: usize = 8;
const SHAPE_DEEP: usize = 3;
const SHAPE_BINS: usize = 8;

/// Each side's shape look: a histogram of gradient orientations (weighted
/// by gradient strength) in each of 8 × 3 cells of the band along the side
/// (its middle 70%, a quarter of the card deep), side on top, lightness
/// only, scaled to unit length. Made for figures that colour cannot tell
/// apart: on the Bama photo (grey figures on grey cards, glare) the colour
/// cells put the nearest look in the same half for 34 of 36 edges and the
/// 8-group cut mixed 15 edges of four halves; these looks put all 36
/// nearest their own half and the 8-group cut is exact. Band depths of 25%
/// and 30%, 8 or 10 cells along and 2 to 4 deep all gave 36 of 36 nearest;
/// a 48-pixel copy lost half the strokes (8-group cut 32 of 36).
pub fn shape_looks(image: &RgbImage, quad: &Quad) -> [ShapeLook; 4] {
    let n = SHAPE_CARD;
    // Plain bilinear samples: averaging 2×2 or 3×3 per pixel cost 40 ms
    // more on a 4K picture and changed no nearest look on the Bama photo.
    let rgb: Vec<[u8; 3]> = (0..n * n)
        .map(|k| {
            let (x, y) = quad.point(((k % n) as f32 + 0.5) / n as f32, ((k / n) as f32 + 0.5) / n as f32);
            bilinear(image, x - 0.5, y - 0.5)
        })
        .collect();
    let light: Vec<f32> = rgb.iter().map(|&p| lightness(p)).collect();
    // Pixel (x, y) of the band of side `side`, side on top: the card's
    // pixel turned `side` quarter turns back, (x, y) -> (n − 1 − y, x).
    let turned = |side: usize, x: usize, y: usize| {
        let (mut x, mut y) = (x, y);
        for _ in 0..side {
            (x, y) = (n - 1 - y, x);
        }
        y * n + x
    };
    std::array::from_fn(|side| ShapeLook {
        strokes: strokes(|x, y| light[turned(side, x, y)]),
        seam: seam(|x, y| to_lab(rgb[turned(side, x, y)])),
    })
}

/// The gradient-orientation cells of the band (see [`shape_looks`]);
/// `lightness(x, y)` reads the card turned so the side is on top.
fn strokes(lightness: impl Fn(usize, usize) -> f32) -> Vec<f32> {
    let n = SHAPE_CARD;
    let (along0, along1) = ((n as f32 * 0.15) as usize, n - (n as f32 * 0.15) as usize);
    let (deep0, deep1) = ((n as f32 * 0.03) as usize, (n as f32 * 0.28) as usize);
    let (bw, bh) = (along1 - along0, deep1 - deep0);
    let band: Vec<f32> = (0..bh * bw).map(|k| lightness(along0 + k % bw, deep0 + k / bw)).collect();
    let at = |i: usize, j: usize| band[j * bw + i];
    // Central differences inside, one-sided on the band's border.
    let diff = |lo: f32, hi: f32, span: usize| (hi - lo) / span as f32;
    let mut hist = vec![0.0f32; SHAPE_ALONG * SHAPE_DEEP * SHAPE_BINS];
    for j in 0..bh {
        for i in 0..bw {
            let (i0, i1) = (i.saturating_sub(1), (i + 1).min(bw - 1));
            let (j0, j1) = (j.saturating_sub(1), (j + 1).min(bh - 1));
            let gx = diff(at(i0, j), at(i1, j), i1 - i0);
            let gy = diff(at(i, j0), at(i, j1), j1 - j0);
            let angle = gy.atan2(gx).rem_euclid(std::f32::consts::PI) / std::f32::consts::PI;
            let bin = ((angle * SHAPE_BINS as f32) as usize).min(SHAPE_BINS - 1);
            let cell = (j * SHAPE_DEEP / bh) * SHAPE_ALONG + i * SHAPE_ALONG / bw;
            hist[cell * SHAPE_BINS + bin] += gx.hypot(gy);
        }
    }
    let norm = hist.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-6);
    hist.iter().map(|v| v / norm).collect()
}

/// Positions along the seam profile.
const SEAM: usize = 32;

/// The colours right at the side (pixels 1 to 3 of 192 in, the middle 90%
/// along), as `SEAM` means: what the figure shows where the card cuts it.
fn seam(lab: impl Fn(usize, usize) -> Lab) -> Vec<Lab> {
    let n = SHAPE_CARD;
    let (a0, a1) = ((n as f32 * 0.05) as usize, n - (n as f32 * 0.05) as usize);
    let len = a1 - a0;
    (0..SEAM)
        .map(|p| {
            let xs = a0 + p * len / SEAM..a0 + (p + 1) * len / SEAM;
            let mut sum = [0.0f32; 3];
            let mut count = 0.0;
            for x in xs {
                for y in 1..4 {
                    let c = lab(x, y);
                    sum[0] += c.l;
                    sum[1] += c.a;
                    sum[2] += c.b;
                    count += 1.0;
                }
            }
            Lab::new(sum[0] / count, sum[1] / count, sum[2] / count)
        })
        .collect()
}

/// One side's shape look.
#[derive(Debug, Clone)]
pub struct ShapeLook {
    /// Gradient orientations in cells of the band along the side.
    pub strokes: Vec<f32>,
    /// The colours along the side itself, left to right with it on top.
    pub seam: Vec<Lab>,
}

/// Euclidean distance between two sides' strokes (0 to 2; the same half
/// printed twice was under 0.75 on the Bama photo).
pub fn shape_distance(a: &ShapeLook, b: &ShapeLook) -> f32 {
    a.strokes.iter().zip(&b.strokes).map(|(x, y)| (x - y) * (x - y)).sum::<f32>().sqrt()
}

/// How well two sides continue each other when laid edge to edge: the
/// mean ΔE between their seams, one read backwards (two cards that meet
/// run along their common side in opposite directions). A figure is cut
/// exactly at the card's side, so its two halves show the same colours
/// there. On the Bama photo every half's partner was its nearest by this
/// (median 7.6 to 15.2, other pairs 17 to 28), where colour alone ranked
/// the true pairing 91st of 105.
pub fn seam_distance(a: &ShapeLook, b: &ShapeLook) -> f32 {
    a.seam.iter().zip(b.seam.iter().rev()).map(|(x, y)| delta_e(*x, *y)).sum::<f32>() / a.seam.len() as f32
}

/// Shape distance that copies of one print may differ by, like
/// [`NOISE_FLOOR`](super::grouping::NOISE_FLOOR) for colours.
pub const SHAPE_NOISE_FLOOR: f32 = 0.1;

/// Where a side's upright patch is centred: a fifth of the way in.
fn patch_centre(side: usize) -> (f32, f32) {
    let (mut cx, mut cy) = (0.5f32, 0.19f32);
    for _ in 0..side {
        (cx, cy) = (1.0 - cy, cx);
    }
    (cx, cy)
}

/// A `cols` × `rows` grid of cell means (CIELAB, row by row) over a patch
/// of the upright card; `at(s, t)` places the patch's point (`s`, `t`) in
/// 0..1 on the card (0..1). Each cell is the mean of 3×3 samples.
fn cell_means(card: &[[f32; 3]], cols: usize, rows: usize, at: impl Fn(f32, f32) -> (f32, f32)) -> Vec<Lab> {
    let n = CARD_CELLS as f32;
    let mut cells = Vec::with_capacity(cols * rows);
    for j in 0..rows {
        for i in 0..cols {
            let mut sum = [0.0f32; 3];
            for sj in 0..3 {
                for si in 0..3 {
                    let s = (i as f32 + (si as f32 + 0.5) / 3.0) / cols as f32;
                    let t = (j as f32 + (sj as f32 + 0.5) / 3.0) / rows as f32;
                    let (x, y) = at(s, t);
                    let (ix, iy) = (((x * n) as usize).min(CARD_CELLS - 1), ((y * n) as usize).min(CARD_CELLS - 1));
                    let p = card[iy * CARD_CELLS + ix];
                    for c in 0..3 {
                        sum[c] += p[c];
                    }
                }
            }
            cells.push(to_lab(sum.map(|s| (s / 9.0).round().clamp(0.0, 255.0) as u8)));
        }
    }
    cells
}

/// The card's ground colour: the median of its pixels.
fn card_face(card: &[[f32; 3]]) -> Lab {
    let pixels: Vec<[u8; 3]> = card.iter().map(|p| p.map(|c| c.round().clamp(0.0, 255.0) as u8)).collect();
    to_lab(median_color(&pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two sides that continue each other: one seam is the other read
    /// backwards, as two cards laid edge to edge show it.
    #[test]
    fn a_seam_read_backwards_joins() {
        let ramp: Vec<Lab> = (0..SEAM).map(|i| Lab::new(i as f32 * 3.0, 10.0, -5.0)).collect();
        let look = |seam: Vec<Lab>| ShapeLook { strokes: vec![0.0; 4], seam };
        let a = look(ramp.clone());
        let b = look(ramp.iter().rev().copied().collect());
        assert!(seam_distance(&a, &b) < 1e-4);
        assert!(seam_distance(&a, &a) > 20.0, "a side does not continue itself");
    }
}
