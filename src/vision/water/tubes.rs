//! Finding the tubes of a water-sort screenshot without knowing the theme.
//!
//! What every theme shares is geometry, not colour: a tube is a tall, narrow
//! outline whose two side walls are long vertical edges, closed at the bottom;
//! the tubes of one row have the same height and width and stand at a regular
//! spacing. So:
//! 1. walls: runs of strong horizontal colour gradient down a column, long
//!    compared to the screen, merged over neighbouring columns;
//! 2. tubes: consecutive walls whose span is closed at the bottom by a
//!    horizontal edge (a gap between two tubes shows only background below);
//!    walls inside a tube (glass highlights) chain into the same tube;
//! 3. rows: tubes of similar top, bottom and width; anything that does not
//!    agree with the majority shape (buttons, banners, decorations) is dropped.
//!
//! Everything here works on a [`Gradients`] image of the (possibly
//! downscaled) screenshot; coordinates are in that image.

use image::RgbImage;

use super::columns::overlap;
use crate::geometry::Rect;

/// Horizontal and vertical colour gradients: the largest channel difference
/// between the two neighbours, per pixel.
pub struct Gradients {
    pub width: u32,
    pub height: u32,
    /// Across the row: large on vertical edges.
    pub gx: Vec<u8>,
    /// Down the column: large on horizontal edges.
    pub gy: Vec<u8>,
}

impl Gradients {
    pub fn new(img: &RgbImage) -> Gradients {
        let (w, h) = img.dimensions();
        let raw = img.as_raw();
        let diff = |a: &[u8], b: &[u8]| a[0].abs_diff(b[0]).max(a[1].abs_diff(b[1])).max(a[2].abs_diff(b[2]));
        let mut gx = vec![0u8; (w * h) as usize];
        let mut gy = vec![0u8; (w * h) as usize];
        let (w, stride) = (w as usize, w as usize * 3);
        // Row slices zipped, not pixels indexed: the loop runs over every
        // pixel of the picture, so bounds checks are left out of it.
        for y in 1..(h as usize).saturating_sub(1) {
            if w < 3 {
                break;
            }
            let (up, row, down) = (
                &raw[(y - 1) * stride..y * stride],
                &raw[y * stride..(y + 1) * stride],
                &raw[(y + 1) * stride..(y + 2) * stride],
            );
            let lr = row[..stride - 6].chunks_exact(3).zip(row[6..].chunks_exact(3));
            for (g, (a, b)) in gx[y * w + 1..(y + 1) * w - 1].iter_mut().zip(lr) {
                *g = diff(a, b);
            }
            let ud = up[3..stride - 3].chunks_exact(3).zip(down[3..stride - 3].chunks_exact(3));
            for (g, (a, b)) in gy[y * w + 1..(y + 1) * w - 1].iter_mut().zip(ud) {
                *g = diff(a, b);
            }
        }
        let (w, h) = (w as u32, h);
        Gradients { width: w, height: h, gx, gy }
    }

    /// The edge across at (`x`, `y`); 0 off the picture (the liquid
    /// finder's templates and wall traces step past its edges).
    pub(super) fn across(&self, x: i64, y: i64) -> f32 {
        self.signed_at(&self.gx, x, y)
    }

    /// The edge down at (`x`, `y`); 0 off the picture.
    pub(super) fn down(&self, x: i64, y: i64) -> f32 {
        self.signed_at(&self.gy, x, y)
    }

    fn signed_at(&self, field: &[u8], x: i64, y: i64) -> f32 {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            0.0
        } else {
            field[y as usize * self.width as usize + x as usize] as f32
        }
    }

    fn gx_at(&self, x: u32, y: u32) -> u8 {
        self.gx[(y * self.width + x) as usize]
    }
}

/// Options for tube finding, in units of the working image.
#[derive(Debug, Clone, Copy)]
pub struct TubeFinding {
    /// A gradient at least this strong (0-255) is an edge.
    pub edge_threshold: u8,
    /// Shortest wall, as a fraction of the image height.
    pub min_wall_fraction: f32,
}

impl Default for TubeFinding {
    fn default() -> Self {
        TubeFinding { edge_threshold: 40, min_wall_fraction: 0.045 }
    }
}

/// A vertical edge run in one column.
#[derive(Debug, Clone, Copy)]
struct Segment {
    x: u32,
    y0: u32,
    y1: u32,
}

/// A wall: segments of neighbouring columns merged.
#[derive(Debug, Clone, Copy)]
struct Wall {
    x0: u32,
    x1: u32,
    y0: u32,
    y1: u32,
}

fn segments(g: &Gradients, options: &TubeFinding) -> Vec<Segment> {
    let min_len = ((g.height as f32 * options.min_wall_fraction) as u32).max(12);
    let mut out = Vec::new();
    for x in 1..g.width.saturating_sub(1) {
        let mut start: Option<u32> = None;
        let mut gap = 0;
        let mut last_edge = 0;
        for y in 0..g.height {
            if g.gx_at(x, y) >= options.edge_threshold {
                if start.is_none() {
                    start = Some(y);
                }
                last_edge = y;
                gap = 0;
            } else if let Some(s) = start {
                gap += 1;
                if gap > 2 {
                    if last_edge + 1 - s >= min_len {
                        out.push(Segment { x, y0: s, y1: last_edge + 1 });
                    }
                    start = None;
                    gap = 0;
                }
            }
        }
        if let Some(s) = start
            && last_edge + 1 - s >= min_len
        {
            out.push(Segment { x, y0: s, y1: last_edge + 1 });
        }
    }
    out
}

/// Merges segments of adjacent columns that overlap in height into walls.
fn walls(segments: &[Segment]) -> Vec<Wall> {
    let mut walls: Vec<Wall> = Vec::new();
    // Segments come sorted by x; a wall grows while the next column continues it.
    for s in segments {
        let continues = walls.iter_mut().rev().take_while(|w| w.x1 + 1 >= s.x).find(|w| {
            let o = overlap(w.y0, w.y1, s.y0, s.y1);
            o * 2 >= (w.y1 - w.y0).min(s.y1 - s.y0)
        });
        match continues {
            Some(w) => {
                w.x1 = w.x1.max(s.x + 1);
                // Keep the longest extent seen.
                if s.y1 - s.y0 > w.y1 - w.y0 {
                    w.y0 = s.y0;
                    w.y1 = s.y1;
                }
            }
            None => walls.push(Wall { x0: s.x, x1: s.x + 1, y0: s.y0, y1: s.y1 }),
        }
    }
    split_double_walls(walls, segments)
}

/// Widths of the picture's typical wall (the median) a wall must exceed to
/// be two: two walls and the gap between them are twice one. Not fitted.
const DOUBLE_WALL_WIDTHS: u32 = 2;
/// The most of a wall's rows its weakest column may be an edge along and be
/// a gap: the board between two tubes shows JPEG specks (25 of 90 rows in
/// mikeyliang's 127.jpg), a wall's column edges all along. Half, between.
const GAP_EDGE_SHARE: f32 = 0.5;

/// Two neighbouring tubes' walls merged over the board between them (a
/// column bridged, as a thick outline's flat centre is, and JPEG noise in
/// the next): a wall over twice the picture's median wall width is split
/// at its weakest column if that is an edge along under half the wall. A
/// thick outline is as wide as every wall of its game, so it stays whole.
fn split_double_walls(walls: Vec<Wall>, segments: &[Segment]) -> Vec<Wall> {
    let typical = super::median(walls.iter().map(|w| w.x1 - w.x0).collect());
    let mut out = Vec::with_capacity(walls.len());
    for w in walls {
        if w.x1 - w.x0 <= DOUBLE_WALL_WIDTHS * typical {
            out.push(w);
            continue;
        }
        // Segments come sorted by x: a column's are one slice.
        let edge_rows = |x: u32| {
            let (from, to) = (segments.partition_point(|s| s.x < x), segments.partition_point(|s| s.x <= x));
            segments[from..to].iter().map(|s| overlap(w.y0, w.y1, s.y0, s.y1)).sum::<u32>()
        };
        let weakest = (w.x0 + 1..w.x1 - 1).map(|x| (edge_rows(x), x)).min();
        match weakest {
            Some((rows, x)) if (rows as f32) < (w.y1 - w.y0) as f32 * GAP_EDGE_SHARE => {
                out.push(Wall { x1: x, ..w });
                out.push(Wall { x0: x + 1, ..w });
            }
            _ => out.push(w),
        }
    }
    out
}

/// The last of `n` walls in the chain of tubes' walls from wall `k`: each
/// next one of the following `reach` walls closed below with the last, as
/// `closed(a, b)` says.
fn chain_end(n: usize, k: usize, reach: usize, closed: impl Fn(usize, usize) -> bool) -> usize {
    let mut end = k;
    while let Some(next) = (end + 1..n.min(end + 1 + reach)).find(|&j| closed(end, j)) {
        end = next;
    }
    end
}

/// The tube whose walls are `chain`, left to right.
fn chained_tube(walls: &[Wall], chain: &[usize]) -> TubeBox {
    let (l, r) = (&walls[chain[0]], &walls[chain[chain.len() - 1]]);
    let y0 = chain.iter().map(|&j| walls[j].y0).min().unwrap_or(l.y0);
    let y1 = chain.iter().map(|&j| walls[j].y1).max().unwrap_or(l.y1);
    TubeBox { outer: Rect { x0: l.x0, y0, x1: r.x1, y1 }, lock_icon: None, walls: true }
}

/// True when the span between two walls is closed at the bottom: nearly
/// every column between them meets a horizontal edge just below the walls.
fn closed_below(g: &Gradients, left: &Wall, right: &Wall, options: &TubeFinding) -> bool {
    if right.x0 <= left.x1 {
        return true;
    }
    let t = options.edge_threshold as f32;
    closed_between(left.x1, right.x0, left.y1.min(right.y1), |x, y| g.down(x, y) >= t)
}

/// Whether nearly every column of `x0..x1` (nine in ten) meets an edge, as
/// `edge(x, y)` says, just below `bottom`: from 4 rows above it to half
/// the span below it (a rounded bottom) and 6 more.
pub(super) fn closed_between(x0: u32, x1: u32, bottom: u32, edge: impl Fn(i64, i64) -> bool) -> bool {
    let span = x1.saturating_sub(x0).max(1);
    let (from, to) = (bottom.saturating_sub(4) as i64, (bottom + span / 2 + 6) as i64);
    let closed = (x0..x1).filter(|&x| (from..to).any(|y| edge(x as i64, y))).count() as u32;
    closed * 10 >= span * 9
}

/// How many walls inside a tube (a highlight streak's two edges) a chain
/// may step over to the next wall it is closed with. Not fitted: a streak
/// has two edges.
const INTERIOR_WALLS_SKIPPED: usize = 2;

/// One detected tube, in working-image coordinates.
#[derive(Debug, Clone, Copy)]
pub struct TubeBox {
    /// The outline's outer box (for a locked tube, where the tube stands).
    pub outer: Rect,
    /// A locked tube: the small tube icon on its cover, whose liquid is the
    /// colour that unlocks it.
    pub lock_icon: Option<Rect>,
    /// Its outline was found by its walls (false for a locked tube stood
    /// where only the icon on its cover was seen).
    pub walls: bool,
}

/// Finds tube outlines: pairs of walls closed at the bottom, in rows, with a
/// shared shape. Returned in reading order (rows top to bottom, then x).
pub fn find_tubes(g: &Gradients, options: &TubeFinding) -> Vec<TubeBox> {
    keep_majority_shape(tube_candidates(g, options))
}

/// Every wall pair closed at the bottom, before the shape filter (tubes,
/// lock icons, and whatever else pairs up): what `--debug` work starts from.
pub fn tube_candidates(g: &Gradients, options: &TubeFinding) -> Vec<TubeBox> {
    let mut walls = walls(&segments(g, options));
    // A wall at the picture's edge is kept: a tube may touch the screen's
    // edge, and a crop's own border runs the picture's height, so it lines
    // up with no tube's walls.
    walls.sort_by_key(|w| (w.x0, w.y0));
    // Group walls that stand in one band of rows (overlapping heights).
    let mut used = vec![false; walls.len()];
    let mut tubes: Vec<TubeBox> = Vec::new();
    for i in 0..walls.len() {
        if used[i] {
            continue;
        }
        // Walls whose both ends line up with wall i's, in x order.
        let band: Vec<usize> = (i..walls.len())
            .filter(|&j| {
                !used[j] && {
                    let (a, b) = (&walls[i], &walls[j]);
                    // A cork or rim may lengthen one wall of a tube.
                    let tol = ((a.y1 - a.y0) / 8).max(6);
                    a.y0.abs_diff(b.y0) <= tol && a.y1.abs_diff(b.y1) <= tol
                }
            })
            .collect();
        // Chain consecutive walls that are closed below into tubes. Each
        // pair of neighbours is tested once, for both loops below.
        let next_closed: Vec<bool> =
            band.windows(2).map(|p| closed_below(g, &walls[p[0]], &walls[p[1]], options)).collect();
        let closed = |a: usize, b: usize| {
            if b == a + 1 { next_closed[a] } else { closed_below(g, &walls[band[a]], &walls[band[b]], options) }
        };
        let mut k = 0;
        while k < band.len() {
            let end = chain_end(band.len(), k, 1, closed);
            if end > k {
                tubes.push(chained_tube(&walls, &band[k..=end]));
                // Only walls that became a tube are spent: a wall left
                // alone here may pair in another band (discovery-level-38).
                for &j in &band[k..=end] {
                    used[j] = true;
                }
            }
            k = end + 1;
        }
        // The same chains stepping over a wall not closed with the one
        // before it, when the wall after it is: a highlight streak near a
        // rounded bottom, whose own pair is too narrow to reach the
        // bottom's curve, split its tube in two. These are only offered:
        // stepping over a real gap joins tubes into a candidate of no
        // tube's shape, and the majority shape decides between them.
        let mut k = 0;
        while k < band.len() {
            let plain = chain_end(band.len(), k, 1, closed);
            let end = chain_end(band.len(), k, 1 + INTERIOR_WALLS_SKIPPED, closed);
            if end > plain {
                tubes.push(chained_tube(&walls, &band[k..=end]));
            }
            k = end.max(plain) + 1;
        }
        used[i] = true;
    }
    tubes
}

/// Keeps the tubes that share the most common shape, adds locked tubes (a
/// cover showing a small tube icon where no tube stands), and sorts them into
/// reading order.
fn keep_majority_shape(mut tubes: Vec<TubeBox>) -> Vec<TubeBox> {
    // Tubes are at least twice as tall as wide; lock icons a little less.
    tubes.retain(|t| t.outer.height() * 2 >= t.outer.width() * 3 && t.outer.width() >= 6);
    let near = |v: u32, m: u32, tol: f32| (v as f32 - m as f32).abs() <= m as f32 * tol;
    let alike = |a: &Rect, b: &Rect| near(a.width(), b.width(), 0.3) && near(a.height(), b.height(), 0.3);
    // The reference shape: the candidate most others agree with (ties: larger).
    let Some(reference) = tubes
        .iter()
        .map(|t| {
            (tubes.iter().filter(|o| alike(&o.outer, &t.outer)).count(), t.outer.width() * t.outer.height(), t.outer)
        })
        .filter(|&(_, _, r)| r.height() >= r.width() * 2)
        .max_by_key(|&(n, area, _)| (n, area))
        .map(|(_, _, r)| r)
    else {
        return Vec::new();
    };
    let (mut main, rest): (Vec<TubeBox>, Vec<TubeBox>) =
        tubes.into_iter().partition(|t| alike(&t.outer, &reference) && t.outer.height() >= t.outer.width() * 2);
    // Two tubes cannot overlap: of overlapping candidates (an outline and a
    // shadow around it) keep the one closest to the common shape.
    main.sort_by_key(|t| t.outer.width().abs_diff(reference.width()) + t.outer.height().abs_diff(reference.height()));
    let mut kept: Vec<TubeBox> = Vec::new();
    for t in main {
        let clash = kept.iter().any(|k| {
            overlap(k.outer.x0, k.outer.x1, t.outer.x0, t.outer.x1) * 2 > t.outer.width().min(k.outer.width())
                && overlap(k.outer.y0, k.outer.y1, t.outer.y0, t.outer.y1) * 2 > t.outer.height().min(k.outer.height())
        });
        if !clash {
            kept.push(t);
        }
    }
    let main = kept;
    if main.len() < 2 {
        return Vec::new();
    }
    let (rw, rh) = (reference.width(), reference.height());
    let overlaps = |a: &Rect, b: &Rect| overlap(a.x0, a.x1, b.x0, b.x1) > 0 && overlap(a.y0, a.y1, b.y0, b.y1) > 0;
    let is_icon = |r: &Rect| {
        r.height() * 100 >= rh * 15 && r.height() * 2 <= rh && r.width() * 4 >= rw && r.width() * 5 <= rw * 4
    };
    let icons: Vec<Rect> = rest.iter().map(|t| t.outer).filter(is_icon).collect();
    // A cover the size of a tube (a sleeve) with a tube icon on it: locked.
    let mut all: Vec<TubeBox> = main
        .iter()
        .map(|m| {
            let inside = icons.iter().find(|i| {
                let (cx, cy) = ((i.x0 + i.x1) / 2, (i.y0 + i.y1) / 2);
                (m.outer.x0..m.outer.x1).contains(&cx) && (m.outer.y0..m.outer.y1).contains(&cy)
            });
            TubeBox { outer: m.outer, lock_icon: inside.copied(), walls: true }
        })
        .collect();
    for &icon in &icons {
        if main.iter().any(|m| overlaps(&m.outer, &icon)) {
            continue;
        }
        let cx = (icon.x0 + icon.x1) / 2;
        let cy = (icon.y0 + icon.y1) / 2;
        // Stand it in the row of tubes its icon sits in, or where its cover hangs.
        let (y0, y1) = main
            .iter()
            .find(|m| (m.outer.y0..m.outer.y1).contains(&cy))
            .map_or((icon.y0.saturating_sub(rh * 15 / 100), icon.y0.saturating_sub(rh * 15 / 100) + rh), |m| {
                (m.outer.y0, m.outer.y1)
            });
        let outer = Rect { x0: cx.saturating_sub(rw / 2), y0, x1: cx + rw / 2, y1 };
        // Two tubes cannot overlap: an icon-sized shape where a tube
        // already stands (a neck, a cork, a flower) is no locked tube.
        if all.iter().any(|t| overlaps(&t.outer, &outer)) {
            continue;
        }
        all.push(TubeBox { outer, lock_icon: Some(icon), walls: false });
    }
    // Rows: tubes whose vertical centres are within half a tube height.
    all.sort_by_key(|t| t.outer.y0 + t.outer.y1);
    let mut rows: Vec<Vec<TubeBox>> = Vec::new();
    for t in all {
        let cy = (t.outer.y0 + t.outer.y1) / 2;
        match rows.last_mut() {
            Some(row)
                if {
                    let r = &row[0].outer;
                    cy.abs_diff((r.y0 + r.y1) / 2) < rh / 2
                } =>
            {
                row.push(t)
            }
            _ => rows.push(vec![t]),
        }
    }
    let mut out = Vec::new();
    for mut row in rows {
        row.sort_by_key(|t| t.outer.x0);
        out.extend(row);
    }
    out
}

/// Development aid: the walls found, as `(x0, x1, y0, y1)`.
pub fn debug_walls(g: &Gradients, options: &TubeFinding) -> Vec<(u32, u32, u32, u32)> {
    walls(&segments(g, options)).iter().map(|w| (w.x0, w.x1, w.y0, w.y1)).collect()
}

#[cfg(test)]
mod tests;
