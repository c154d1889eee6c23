//! The check for vessels the reader did not find, in a level with hidden
//! layers. Without them the counts catch a missed tube (every colour must
//! fill whole tubes); with them the number of colours is open, and a level
//! missing a whole tube, or a whole row, still adds up. There the picture
//! itself is asked: a hidden cell looks the same in every tube (one dark
//! shade behind its glyph), so a patch of that shade as large as a slot
//! outside every tube read is a hidden cell of a vessel that was missed.
//!
//! A reading by the liquid is also held against the tubes the walls
//! showed: an empty vessel has no liquid to be found by, and a whole row
//! of them left out leaves a level that still adds up.

use image::RgbImage;

use super::{Doubt, raw_of};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::vision::water::Detection;
use crate::vision::water::median;
use crate::vision::water::slots::{SLOT_STROKE_WHITE, is_stroke};

/// How near a pixel must be to the hidden cells' median shade to count as
/// one, in ΔE: a hidden cell is flat colour, and JPEG at quality 40 moves
/// flat dark colour by a few ΔE (the `SAME_COLOR_NOISE` of its sampling,
/// doubled for single pixels rather than medians). Not fitted.
const HIDDEN_SHADE_DELTA_E: f32 = 8.0;

/// The share of a patch (half a slot wide, a slot high) that must be the
/// hidden cells' shade for the patch to be a hidden cell: a cell's glyph
/// covers under a fifth of it, and a dark board or button of some other
/// shade matches almost none. Not fitted.
const HIDDEN_PATCH_SHARE: f32 = 0.7;

/// The share of the grid points of a level's own hidden cells (the
/// median cell, seen as a patch is, centred on its slot) in the shade,
/// that a patch outside every tube must reach where that is under
/// [`HIDDEN_PATCH_SHARE`]: a ball's cell, round and shaded, with a gap
/// between balls, fills half its patch or so (fresh 39085: own cells 0.50-0.61,
/// a row of six tubes of such balls missed, 0.53 at best, a confident
/// wrong answer). A cell of another vessel is seen at another place of
/// the pixel grid; nine tenths allows for that. Not fitted.
const OWN_CELL_SHARE: f32 = 0.9;

/// The least share of a patch in the shade that ever counts as a hidden
/// cell, however little of its own cells a level shows in it (a reading
/// whose hidden slots show none of their median shade, as a cell read
/// across the gap between two balls, is no guide; tuning 4993's own cells
/// showed none, and a bar of nothing refused it): a tenth of the patch,
/// more than an edge's anti-aliasing covers. Not higher: a ball's glyph
/// can cover most of its cell (fresh 48647, white `!` discs filling the
/// middle of dark balls: own cells 0.17; four tubes of every row of six
/// were missed while a bar of 0.35 stood). Not fitted.
const LEAST_PATCH_SHARE: f32 = 0.1;

/// How far beside a patch, in tube widths, the picture must leave the
/// hidden cells' shade, on both sides: a hidden cell is walled in by its
/// vessel (a flask's body is at most about twice its neck), where a board
/// or a gradient of that shade runs on across the screen. Not fitted.
const ENCLOSED_WITHIN_WIDTHS: f32 = 2.0;

/// The share of a column beside a patch, over the patch's rows, that must
/// be out of the shade and outside every tube read (the board, or a wall
/// of a vessel not read) for the column to enclose it; a tube read is no
/// evidence either way. Not fitted.
const OUT_OF_SHADE_SHARE: f32 = 0.7;

/// The share of the ground around a patch (a slot wide, two high) that
/// must be a glyph's strokes for the patch to be a hidden cell: a `?`
/// covers about a twentieth of its cell, a third of the
/// `HIDDEN_GLYPH_SHARE` a slot's centre patch needs. Not fitted.
const MISSED_GLYPH_SHARE: f32 = 0.01;

/// The share of the strokes around the level's own hidden cells' glyphs
/// (the median cell, seen as a patch is) that the ground around a patch
/// must show to hold a glyph, where that is fewer than
/// [`MISSED_GLYPH_SHARE`] asks: a small glyph in a wide cell covers less
/// of it (test case 1000035, tan glyphs in flat tubes: 155 strokes around
/// a cell missed, 186 asked). A glyph of another vessel's cell is the same
/// size, seen at another place of the pixel grid; half allows for that
/// and for JPEG. Not fitted.
const OWN_GLYPH_SHARE: f32 = 0.5;

/// Grid points per slot height at which the picture is looked at: enough
/// that a patch of half a slot's width holds several columns of them.
const POINTS_PER_SLOT: u32 = 8;

/// With hidden layers in the reading, the first patch the size of a slot
/// in the hidden cells' shade that lies outside every tube read.
pub(super) fn hidden_cell_outside(image: &RgbImage, detection: &Detection) -> Option<Doubt> {
    let hidden = raw_of(detection, SlotSample::Hidden);
    if hidden.is_empty() {
        return None;
    }
    let shade_rgb = median_color(&hidden);
    let shade = to_lab(shade_rgb);
    let mut slots: Vec<Rect> = detection.tubes.iter().flat_map(|t| t.slots.iter().copied()).collect();
    slots.sort_by_key(|s| s.height());
    let slot = *slots.get(slots.len() / 2)?;
    let step = (slot.height() / POINTS_PER_SLOT).max(1);
    // Each tube's whole extent: its outline and its slots.
    let read: Vec<Rect> = detection
        .tubes
        .iter()
        .map(|t| {
            t.slots.iter().fold(t.outer, |r, s| Rect {
                x0: r.x0.min(s.x0),
                y0: r.y0.min(s.y0),
                x1: r.x1.max(s.x1),
                y1: r.y1.max(s.y1),
            })
        })
        .collect();
    let width = median(detection.tubes.iter().map(|t| t.outer.width()).collect());
    let in_shade = |px: [u8; 3]| delta_e(to_lab(px), shade) < HIDDEN_SHADE_DELTA_E;
    let (cols, rows) = ((slot.width() / 2 / step).max(1), (slot.height() / step).max(1));
    // The level's own hidden cells, every slot read hidden.
    let cells: Vec<Rect> = detection
        .tubes
        .iter()
        .zip(&detection.samples)
        .flat_map(|(t, samples)| t.slots.iter().zip(samples))
        .filter(|(_, s)| **s == SlotSample::Hidden)
        .map(|(cell, _)| *cell)
        .collect();
    // How much of a patch the level's own hidden cells fill with their
    // shade, each seen centred on its slot: a patch outside need show no
    // more (balls fill less of it than flat liquid).
    let mut owns: Vec<f32> = cells
        .iter()
        .map(|cell| {
            let x0 = ((cell.x0 + cell.x1) / 2).saturating_sub(cols * step / 2);
            let points = (0..rows).flat_map(|j| (0..cols).map(move |i| (x0 + i * step, cell.y0 + j * step)));
            let inside = points
                .filter(|&(x, y)| x < image.width() && y < image.height() && in_shade(image.get_pixel(x, y).0))
                .count();
            inside as f32 / (cols * rows) as f32
        })
        .collect();
    owns.sort_by(f32::total_cmp);
    let own_share = owns.get(owns.len() / 2).copied().unwrap_or(1.0);
    let patch = Patch {
        cols: cols as usize,
        rows: rows as usize,
        enclosed_within: ((ENCLOSED_WITHIN_WIDTHS * width as f32) / step as f32).ceil() as usize,
        share: (OWN_CELL_SHARE * own_share).clamp(LEAST_PATCH_SHARE, HIDDEN_PATCH_SHARE),
    };
    // A glyph as large as the level's own: the strokes the hidden slots
    // read show around their glyphs, seen the same way, where that is
    // less than the share a `?` covers of its cell.
    let mut own: Vec<u32> = cells
        .iter()
        .map(|cell| glyph_strokes(image, (cell.x0 + cell.width() / 4, cell.y0), *cell, shade_rgb, in_shade, &[]).0)
        .collect();
    own.sort_unstable();
    let own_glyph = own.get(own.len() / 2).map_or(f32::INFINITY, |&n| n as f32 * OWN_GLYPH_SHARE);
    let found = patch.first_matched(
        image,
        step,
        |x, y, px| {
            let inside = read.iter().any(|r| (r.x0..r.x1).contains(&x) && (r.y0..r.y1).contains(&y));
            (!inside).then(|| in_shade(px))
        },
        |x, y| {
            let (strokes, ground) = glyph_strokes(image, (x, y), slot, shade_rgb, in_shade, &read);
            strokes as f32 >= (MISSED_GLYPH_SHARE * ground).min(own_glyph)
        },
    )?;
    let (x0, y0) = found;
    Some(Doubt::HiddenCellOutside {
        at: Rect { x0, y0, x1: x0 + patch.cols as u32 * step, y1: y0 + patch.rows as u32 * step },
    })
}

/// The glyph strokes in the ground around a patch whose top-left corner
/// is `(x, y)` (from a quarter of a slot left of it to a quarter right of
/// its half slot's width, from half a slot above it to half below), and
/// that ground's area: strokes (as a slot's are told) with the shade
/// within a third of a slot on both sides, which a vessel's outline, with
/// the board on its other side, does not have, and none half a slot above
/// or below, where an outline runs on and a glyph, a fraction of its
/// cell, has ended. Only strokes outside every tube `read` count: a
/// missed vessel's glyphs stand in it, and a patch of a dark board beside
/// a tube read took that tube's glyphs for its own (fresh 89859).
fn glyph_strokes(
    image: &RgbImage,
    (x, y): (u32, u32),
    slot: Rect,
    cell: [u8; 3],
    in_shade: impl Fn([u8; 3]) -> bool,
    read: &[Rect],
) -> (u32, f32) {
    let (w, h) = (slot.width(), slot.height());
    let reach = (w / 3).max(2);
    let (x0, x1) = (x.saturating_sub(w / 4), (x + w / 2 + w / 4).min(image.width()));
    let (y0, y1) = (y.saturating_sub(h / 2), (y + h + h / 2).min(image.height()));
    let shade_within = |xs: std::ops::Range<u32>, y: u32| xs.into_iter().any(|x| in_shade(image.get_pixel(x, y).0));
    let stroke = |x: u32, y: u32| is_stroke(image.get_pixel(x, y).0, cell, SLOT_STROKE_WHITE);
    let ends =
        |x: u32, y: u32| y >= h / 2 && y + h / 2 < image.height() && !stroke(x, y - h / 2) && !stroke(x, y + h / 2);
    let mut strokes = 0u32;
    for yy in y0..y1 {
        for xx in x0..x1 {
            let outside = || read.iter().all(|r| !(r.x0..r.x1).contains(&xx) || !(r.y0..r.y1).contains(&yy));
            if stroke(xx, yy)
                && ends(xx, yy)
                && outside()
                && shade_within(xx.saturating_sub(reach)..xx, yy)
                && shade_within(xx + 1..(xx + 1 + reach).min(image.width()), yy)
            {
                strokes += 1;
            }
        }
    }
    (strokes, ((x1 - x0) * (y1 - y0)) as f32)
}

/// A window of grid points slid over the picture.
struct Patch {
    cols: usize,
    rows: usize,
    /// How many grid columns beside the patch, on each side, must hold
    /// one out of the shade.
    enclosed_within: usize,
    /// The share of its grid points a window needs in the shade.
    share: f32,
}

impl Patch {
    /// The top-left corner, in pixels, of the first window (row by row)
    /// in which at least `share` of the grid points are in
    /// the shade, looking every `step` pixels, and which is enclosed: on
    /// each side, within `enclosed_within` columns, a column out of it
    /// over its rows, and where `glyph` finds a glyph around its top-left
    /// corner. `in_shade` says for each point whether it is in the shade,
    /// or nothing for a point of a tube read.
    fn first_matched(
        &self,
        image: &RgbImage,
        step: u32,
        in_shade: impl Fn(u32, u32, [u8; 3]) -> Option<bool>,
        glyph: impl Fn(u32, u32) -> bool,
    ) -> Option<(u32, u32)> {
        let (w, h) = ((image.width() / step) as usize, (image.height() / step) as usize);
        if w < self.cols || h < self.rows {
            return None;
        }
        // Summed-area tables of the grid points in the shade, and of
        // those out of it (a tube read's points are in neither).
        let mut shade = SummedArea::new(w, h);
        let mut out = SummedArea::new(w, h);
        for gy in 0..h {
            for gx in 0..w {
                let (x, y) = (gx as u32 * step, gy as u32 * step);
                let point = in_shade(x, y, image.get_pixel(x, y).0);
                shade.set(gx, gy, point == Some(true));
                out.set(gx, gy, point == Some(false));
            }
        }
        let need = (self.share * (self.cols * self.rows) as f32).ceil() as u32;
        let out_need = OUT_OF_SHADE_SHARE * self.rows as f32;
        let out_of_shade = |gx: usize, gy: usize| out.count(gx, gy, 1, self.rows) as f32 >= out_need;
        (0..=h - self.rows).find_map(|gy| {
            (0..=w - self.cols).find_map(|gx| {
                if shade.count(gx, gy, self.cols, self.rows) < need {
                    return None;
                }
                let mut left = gx.saturating_sub(self.enclosed_within)..gx;
                let mut right = gx + self.cols..(gx + self.cols + self.enclosed_within).min(w);
                let enclosed = left.any(|c| out_of_shade(c, gy)) && right.any(|c| out_of_shade(c, gy));
                let (x, y) = (gx as u32 * step, gy as u32 * step);
                (enclosed && glyph(x, y)).then_some((x, y))
            })
        })
    }
}

/// Counts of marked points over the rectangles of a grid, each in four
/// lookups.
struct SummedArea {
    w: usize,
    sums: Vec<u32>,
}

impl SummedArea {
    fn new(w: usize, h: usize) -> SummedArea {
        SummedArea { w, sums: vec![0; (w + 1) * (h + 1)] }
    }

    /// Marks (or not) point `(gx, gy)`; points are set row by row, left
    /// to right.
    fn set(&mut self, gx: usize, gy: usize, marked: bool) {
        let stride = self.w + 1;
        let left = self.sums[(gy + 1) * stride + gx];
        let above = self.sums[gy * stride + gx + 1] - self.sums[gy * stride + gx];
        self.sums[(gy + 1) * stride + gx + 1] = left + above + u32::from(marked);
    }

    /// The marked points of the `cols` × `rows` rectangle from `(gx, gy)`.
    fn count(&self, gx: usize, gy: usize, cols: usize, rows: usize) -> u32 {
        let at = |x: usize, y: usize| self.sums[y * (self.w + 1) + x];
        at(gx + cols, gy + rows) + at(gx, gy) - at(gx + cols, gy) - at(gx, gy + rows)
    }
}

/// The first tube found by its straight walls, of the walls' usual size,
/// that no vessel of a reading by the liquid overlaps: a vessel the liquid
/// reading left out (empty ones, over a board their glass hardly changes,
/// have no liquid to be found by). Tubes of another size than most the
/// walls found (an interface button, a bar) are not held against it.
pub fn left_out_by_liquid(walls: &Detection, liquid: &Detection) -> Option<Doubt> {
    if walls.tubes.is_empty() {
        return None;
    }
    let heights: Vec<f32> = walls.tubes.iter().map(|t| t.outer.height() as f32).collect();
    let widths: Vec<f32> = walls.tubes.iter().map(|t| t.outer.width() as f32).collect();
    let (height, width) = (median(heights), median(widths));
    let usual = |r: &Rect| {
        (r.height() as f32 - height).abs() <= USUAL_SIZE * height
            && (r.width() as f32 - width).abs() <= USUAL_SIZE * width
    };
    walls
        .tubes
        .iter()
        .map(|t| t.outer)
        .find(|w| usual(w) && !liquid.tubes.iter().any(|v| overlap(w, &v.outer)))
        .map(|at| Doubt::LeftOutByLiquid { at })
}

/// The first vessel the liquid shows (`liquid`: their outlines, in the
/// screenshot's pixels) that no tube of a reading by faint walls overlaps:
/// faint walls are found where the board barely differs from the glass, and
/// can show one row of a level and not the other (test 1000348: hurricane
/// glasses outlined in grey, the lower row's left out, the three upper
/// glasses read as a level of their own). Never told: a reading by faint
/// walls that fails is dropped, and what the walls at full strength or
/// the liquid showed is told instead.
pub fn left_out_by_walls(liquid: &[Rect], walls: &Detection) -> Option<Rect> {
    liquid.iter().find(|v| !walls.tubes.iter().any(|t| overlap(v, &t.outer))).copied()
}

/// Whether two boxes share some pixel.
fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// How far a tube's height and width may stray from the median of those
/// the walls found, as a share of it, to be one of the level's tubes: a
/// level's vessels are drawn alike, to the pixel; the margin is for the
/// walls' edges found a few pixels off in small pictures. Not fitted.
const USUAL_SIZE: f32 = 0.15;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TubeLayout;
    use SlotSample::Hidden;

    /// Three hidden balls of a near-black shade, 20 px across, one in each
    /// 30-row slot of a tube 40 wide, each with a white bar 4 px wide and
    /// 8 rows tall at its centre: a ball fills about half the patch a slot
    /// is looked at through (fresh 39085).
    fn ball_tube(image: &mut RgbImage, x0: u32) {
        for y in 110..200 {
            for x in x0 + 2..x0 + 38 {
                let (dx, dy) = (x as f32 - (x0 + 20) as f32, ((y - 110) % 30) as f32 - 15.0);
                let glyph = dx.abs() < 2.0 && dy.abs() < 4.0;
                if glyph {
                    image.put_pixel(x, y, image::Rgb([250, 250, 250]));
                } else if dx.hypot(dy) < 10.0 {
                    image.put_pixel(x, y, image::Rgb([45, 40, 50]));
                }
            }
        }
    }

    #[test]
    fn a_ball_outside_every_tube_is_held_to_how_much_of_a_patch_the_levels_own_balls_fill() {
        let board = image::Rgb([200, 190, 170]);
        let mut one = RgbImage::from_pixel(160, 240, board);
        ball_tube(&mut one, 10);
        let mut both = one.clone();
        ball_tube(&mut both, 110);
        let cell = [45, 40, 50];
        let slots: Vec<Rect> = (0..3).map(|k| Rect { x0: 10, x1: 50, y0: 170 - k * 30, y1: 200 - k * 30 }).collect();
        let detection = Detection {
            image_width: 160,
            image_height: 240,
            tubes: vec![TubeLayout { outer: Rect { x0: 10, x1: 50, y0: 100, y1: 202 }, slots }],
            samples: vec![vec![Hidden; 3]],
            locks: vec![None],
            raw: vec![vec![cell; 3]],
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
        };
        assert_eq!(hidden_cell_outside(&one, &detection), None);
        let doubt = hidden_cell_outside(&both, &detection);
        assert!(matches!(doubt, Some(Doubt::HiddenCellOutside { at }) if at.x0 >= 110), "{doubt:?}");
    }

    #[test]
    fn a_glyph_of_a_tube_read_is_no_glyph_of_a_vessel_missed() {
        // Fresh 89859: the ground around a patch of a dark textured board
        // beside a tube of hidden cells took in that tube's `!` glyphs, and
        // the patch was doubted as a missed vessel's cell.
        // Three flat cells of 30 rows at x 12..48, each with a white bar 4
        // px wide and 8 rows tall at its middle.
        let cell = [45, 40, 50];
        let image = RgbImage::from_fn(160, 240, |x, y| {
            let bar = (28..32).contains(&x) && (11..19).contains(&((y.max(110) - 110) % 30));
            match (x, y) {
                (12..48, 110..200) if bar => image::Rgb([250, 250, 250]),
                (12..48, 110..200) => image::Rgb(cell),
                _ => image::Rgb([200, 190, 170]),
            }
        });
        let in_shade = |px: [u8; 3]| delta_e(to_lab(px), to_lab(cell)) < HIDDEN_SHADE_DELTA_E;
        let slot = Rect { x0: 10, x1: 50, y0: 140, y1: 170 };
        let around = |read: &[Rect]| glyph_strokes(&image, (20, 140), slot, cell, in_shade, read).0;
        assert!(around(&[]) > 0);
        assert_eq!(around(&[Rect { x0: 10, x1: 50, y0: 100, y1: 202 }]), 0);
    }
}
