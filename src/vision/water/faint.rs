//! Tubes too faint for the wall finder's threshold, looked for where the
//! row's spacing says a tube would stand.
//!
//! An empty tube is only its outline: on a pale board a white or light grey
//! outline is a far weaker edge than the same outline beside liquid, so the
//! wall finder sees the filled tubes of a row and misses the empty ones at
//! its end (a level read two empty tubes short). The row itself says where
//! they would stand: one pitch beyond its ends, or a pitch into a gap. There
//! the walls are looked for with a lower threshold, and believed only as a
//! pair at the row's tube width, as tall as the row's tubes, closed below.
//! A tube added where none stands would leave the row off-centre, which the
//! row checks refuse.

use super::median;
use super::tubes::{Gradients, TubeBox, TubeFinding, closed_between};
use crate::geometry::Rect;

/// A faint wall's edge, as a fraction of the wall finder's threshold. Not
/// fitted: half, so that an outline half as strong as the weakest wall the
/// finder takes is still seen, while the noise of a textured board (which
/// the full threshold is set above) stays below it on most rows.
const FAINT_EDGE_OF_THRESHOLD: f32 = 0.5;

/// Share of a wall's middle rows that must show the faint edge (within a
/// pixel either side, for a wavy or anti-aliased line). Not fitted: a wall
/// is a line, so nearly every row; a textured board's edges are scattered.
const FAINT_WALL_ROWS: f32 = 0.85;

/// How far from its place on the row's pitch a tube may stand, as a
/// fraction of the pitch. Not fitted: rows are laid out evenly, and a
/// tenth of a pitch is a few pixels at phone width.
const PITCH_TOLERANCE: f32 = 0.1;

/// `tubes` (in reading order, as [`super::tubes::find_tubes`] gives them)
/// with the faint tubes their rows' spacing points to added, still in
/// reading order.
pub fn with_faint_tubes(g: &Gradients, tubes: Vec<TubeBox>, options: &TubeFinding) -> Vec<TubeBox> {
    let rows = rows_of(&tubes);
    let Some(pitch) = pitch(&rows) else { return tubes };
    let threshold = (options.edge_threshold as f32 * FAINT_EDGE_OF_THRESHOLD).round().max(1.0) as u8;
    let mut out = Vec::with_capacity(tubes.len());
    for row in rows {
        let widths: Vec<u32> = row.iter().map(|t| t.outer.width()).collect();
        let width = median(widths);
        // Room for a tube between two found ones: the step found may be
        // two pitches (every other tube missed), and a tube looked for a
        // "pitch" beyond the row's end would stand where none does, with
        // the row still even and centred (test seed 1000459).
        if pitch >= 2 * width {
            out.extend(row);
            continue;
        }
        let y0 = median(row.iter().map(|t| t.outer.y0).collect());
        let y1 = median(row.iter().map(|t| t.outer.y1).collect());
        let look = Look { g, threshold, width, y0, y1, tolerance: (pitch as f32 * PITCH_TOLERANCE).ceil() as u32 };
        let mut found: Vec<TubeBox> = row.clone();
        // Beyond each end, while tubes keep standing there.
        let mut x = row[0].outer.x0 as i64 - pitch as i64;
        while let Some(t) = look.tube_at(x) {
            found.push(t);
            x = t.outer.x0 as i64 - pitch as i64;
        }
        let mut x = row[row.len() - 1].outer.x0 as i64 + pitch as i64;
        while let Some(t) = look.tube_at(x) {
            found.push(t);
            x = t.outer.x0 as i64 + pitch as i64;
        }
        // Into a gap a pitch and a half wide or more.
        for pair in row.windows(2) {
            let (a, b) = (pair[0].outer, pair[1].outer);
            let mut x = a.x0 as i64 + pitch as i64;
            while x + (pitch as i64) / 2 <= b.x0 as i64 {
                match look.tube_at(x) {
                    Some(t) => {
                        found.push(t);
                        x = t.outer.x0 as i64 + pitch as i64;
                    }
                    None => break,
                }
            }
        }
        found.sort_by_key(|t| t.outer.x0);
        out.extend(found);
    }
    out
}

/// The tubes of each row, left to right: tubes in reading order whose
/// centres are within half a tube's height of the row's first.
fn rows_of(tubes: &[TubeBox]) -> Vec<Vec<TubeBox>> {
    let mut rows: Vec<Vec<TubeBox>> = Vec::new();
    for t in tubes {
        let cy = (t.outer.y0 + t.outer.y1) / 2;
        match rows.last_mut() {
            Some(row) if cy.abs_diff((row[0].outer.y0 + row[0].outer.y1) / 2) < row[0].outer.height() / 2 => {
                row.push(*t)
            }
            _ => rows.push(vec![*t]),
        }
    }
    rows
}

/// The spacing of tubes in a row: the median of the steps between
/// neighbours (over every row) that are one pitch, not a gap of two, if
/// any row has two tubes.
fn pitch(rows: &[Vec<TubeBox>]) -> Option<u32> {
    let steps: Vec<u32> =
        rows.iter().flat_map(|r| r.windows(2).map(|p| p[1].outer.x0.saturating_sub(p[0].outer.x0))).collect();
    let shortest = steps.iter().copied().min()?;
    let single: Vec<u32> = steps.into_iter().filter(|&s| s * 4 <= shortest * 5).collect();
    Some(median(single)).filter(|&p| p > 0)
}

/// Where and how a row's faint tubes are looked for.
struct Look<'a> {
    g: &'a Gradients,
    threshold: u8,
    width: u32,
    y0: u32,
    y1: u32,
    tolerance: u32,
}

impl Look<'_> {
    /// A faint tube whose left wall stands within the tolerance of `x`.
    fn tube_at(&self, x: i64) -> Option<TubeBox> {
        let (w, t) = (self.width as i64, self.tolerance as i64);
        if x - t < 1 || x + w + t >= self.g.width as i64 - 1 {
            return None;
        }
        let left = self.wall_near(x)?;
        let right = self.wall_near(left as i64 + w - 1)?;
        if right <= left + 2 || !self.closed_below(left + 1, right) {
            return None;
        }
        Some(TubeBox {
            outer: Rect { x0: left, y0: self.y0, x1: right + 1, y1: self.y1 },
            lock_icon: None,
            walls: true,
        })
    }

    /// The column within the tolerance of `x` that shows a faint edge down
    /// the most of the row's middle rows, if it shows one down enough.
    fn wall_near(&self, x: i64) -> Option<u32> {
        let h = self.y1.saturating_sub(self.y0);
        // The middle: below a rim or cork, above a rounded bottom.
        let (top, bottom) = (self.y0 + h / 8, self.y1.saturating_sub(h / 8));
        let rows = bottom.saturating_sub(top).max(1);
        let t = self.tolerance as i64;
        let (best, count) = (x - t..=x + t)
            .map(|c| {
                let n = (top..bottom)
                    .filter(|&y| (c - 1..=c + 1).any(|cc| self.g.across(cc, y as i64) >= self.threshold as f32))
                    .count() as u32;
                (c, n)
            })
            .max_by_key(|&(c, n)| (n, std::cmp::Reverse((c - x).abs())))?;
        (count as f32 >= rows as f32 * FAINT_WALL_ROWS).then_some(best as u32)
    }

    /// Nearly every column between the walls meets a faint edge at the
    /// row's bottom (within half the width below it, for a rounded one), as
    /// the wall finder asks of its pairs; an edge either way, since a faint
    /// rounded bottom's sides are all but upright.
    fn closed_below(&self, x0: u32, x1: u32) -> bool {
        let t = self.threshold as f32;
        closed_between(x0, x1, self.y1, |x, y| self.g.down(x, y) >= t || self.g.across(x, y) >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::tubes::find_tubes;
    use image::{Rgb, RgbImage};

    /// A pale board with three filled tubes and, when `faint_fourth`, an
    /// empty one whose white outline is too faint for the wall finder.
    fn board(faint_fourth: bool) -> RgbImage {
        let mut img = RgbImage::from_pixel(360, 300, Rgb([220, 230, 225]));
        let tubes = if faint_fourth { 4 } else { 3 };
        for t in 0..tubes {
            // A pitch under two widths: a step of two widths or more may
            // be two pitches, where the faint search does not look.
            let x0 = 40 + t * 70;
            for y in 60..240 {
                for x in x0..x0 + 40 {
                    let edge = x < x0 + 2 || x >= x0 + 38 || y >= 238;
                    let colour = if edge || y < 62 {
                        [255, 255, 255]
                    } else if t < 3 && y >= 100 {
                        [30, 60, 120]
                    } else {
                        [220, 230, 225]
                    };
                    img.put_pixel(x, y, Rgb(colour));
                }
            }
        }
        img
    }

    #[test]
    fn an_empty_tube_too_faint_for_the_walls_is_found_where_the_row_spacing_puts_it() {
        let options = TubeFinding::default();
        let img = board(true);
        let g = Gradients::new(&img);
        let strong = find_tubes(&g, &options);
        assert_eq!(strong.len(), 3, "the faint tube is below the wall finder's threshold");
        let all = with_faint_tubes(&g, strong, &options);
        assert_eq!(all.len(), 4);
        assert!(all[3].outer.x0.abs_diff(250) <= 2, "{:?}", all[3].outer);
        // Where no tube stands, none is added.
        let img = board(false);
        let g = Gradients::new(&img);
        let found = with_faint_tubes(&g, find_tubes(&g, &options), &options);
        assert_eq!(found.len(), 3);
    }
}
