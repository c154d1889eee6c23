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
pub(super) const FAINT_EDGE_OF_THRESHOLD: f32 = 0.5;

/// Where the board beside the place looked at is quiet, a faint wall's edge
/// need only stand this many times above the board's grain (the edge that
/// nine in ten of its pixels stay under, across the row's middle rows):
/// a white outline on pale paper is a line the eye follows at a few times
/// the paper's grain (tuning seed 877: walls of 13-17 on every row, the
/// paper beside them 3-4). Not fitted: a wall is a line down the whole
/// tube, and three times what nine in ten board pixels reach is rare down
/// 85% of its rows ([`FAINT_WALL_ROWS`]) twice at the row's width.
const WALL_OVER_GRAIN: f32 = 3.0;

/// Least faint wall's edge however quiet the board (an RGB channel step):
/// JPEG's ringing along a flat board stays under it. Not fitted: about
/// the faintest line a player sees on a phone.
pub(super) const MIN_FAINT_EDGE: f32 = 8.0;

/// Share of a wall's middle rows that must show the faint edge (within a
/// pixel either side, for a wavy or anti-aliased line). Not fitted: a wall
/// is a line, so nearly every row; a textured board's edges are scattered.
pub(super) const FAINT_WALL_ROWS: f32 = 0.85;

/// How far from its place on the row's pitch a tube may stand, as a
/// fraction of the pitch. Not fitted: rows are laid out evenly, and a
/// tenth of a pitch is a few pixels at phone width.
const PITCH_TOLERANCE: f32 = 0.1;

/// The wall finder's options with its edge threshold lowered to a faint
/// wall's ([`FAINT_EDGE_OF_THRESHOLD`]).
pub fn faint_finding(options: &TubeFinding) -> TubeFinding {
    let threshold = (options.edge_threshold as f32 * FAINT_EDGE_OF_THRESHOLD).round().max(1.0) as u8;
    TubeFinding { edge_threshold: threshold, ..*options }
}

/// `tubes` (in reading order, as [`super::tubes::find_tubes`] gives them)
/// with the faint tubes their rows' spacing points to added, still in
/// reading order.
pub fn with_faint_tubes(g: &Gradients, tubes: Vec<TubeBox>, options: &TubeFinding) -> Vec<TubeBox> {
    let rows = rows_of(&tubes);
    let Some(pitch) = pitch(&rows) else { return tubes };
    let threshold = faint_finding(options).edge_threshold;
    let tolerance = (pitch as f32 * PITCH_TOLERANCE).ceil() as u32;
    let mut out = Vec::with_capacity(tubes.len());
    let mut rows_out: Vec<Vec<TubeBox>> = Vec::with_capacity(rows.len() + 1);
    // Room for a tube between two found ones: the step found may be two
    // pitches (every other tube missed), and a tube looked for a "pitch"
    // beyond the row's end would stand where none does, with the row still
    // even and centred (test seed 1000459). It is two where a tube, faint
    // or not, stands halfway between two neighbours found; where none
    // does, the tubes are narrow for their spacing (tuning 3705: round
    // tubes 2.1 widths apart, two empty ones beyond the row's end missed).
    let narrow = |row: &[TubeBox]| pitch >= 2 * median(row.iter().map(|t| t.outer.width()).collect());
    let halfway = rows.iter().any(|r| narrow(r))
        && rows.iter().any(|r| Look::of_row(g, r, threshold, tolerance).tube_between(r, pitch));
    for row in rows {
        if narrow(&row) && halfway {
            rows_out.push(row);
            continue;
        }
        let look = Look::of_row(g, &row, threshold, tolerance);
        let mut found: Vec<TubeBox> = row.clone();
        // Beyond each end, while tubes keep standing there; the board
        // looked at for its grain is the gap between the place and the
        // tube beside it.
        // A tube found must stand clear of the one it was looked for from,
        // so that each step moves on: fresh 44632 looked here without end,
        // finding tubes again and again until memory ran out (14 GB).
        let mut beside = row[0].outer;
        while let Some(t) =
            look.tube_at(beside.x0 as i64 - pitch as i64, Side::Right(beside.x0)).filter(|t| t.outer.x1 <= beside.x0)
        {
            found.push(t);
            beside = t.outer;
        }
        let mut beside = row[row.len() - 1].outer;
        while let Some(t) =
            look.tube_at(beside.x0 as i64 + pitch as i64, Side::Left(beside.x1)).filter(|t| t.outer.x0 >= beside.x1)
        {
            found.push(t);
            beside = t.outer;
        }
        // Into a gap a pitch and a half wide or more.
        for pair in row.windows(2) {
            let (mut a, b) = (pair[0].outer, pair[1].outer);
            while a.x0 as i64 + pitch as i64 + (pitch as i64) / 2 <= b.x0 as i64 {
                match look.tube_at(a.x0 as i64 + pitch as i64, Side::Left(a.x1)).filter(|t| t.outer.x0 >= a.x1) {
                    Some(t) => {
                        found.push(t);
                        a = t.outer;
                    }
                    None => break,
                }
            }
        }
        found.sort_by_key(|t| t.outer.x0);
        rows_out.push(found);
    }
    if let Some(row) = row_beyond(g, &rows_out, Spacing { pitch, threshold, tolerance }) {
        rows_out.push(row);
    }
    for row in rows_out {
        out.extend(row);
    }
    out
}

/// How a level's tubes are spaced, and the faint search's edge.
#[derive(Debug, Clone, Copy)]
struct Spacing {
    pitch: u32,
    threshold: u8,
    tolerance: u32,
}

/// A row of faint tubes a row's step below the last row: a level's
/// empty tubes come last, and where they fill a row of their own on a
/// pale board, the wall finder sees none of them (tuning seed 838). With
/// two rows or more, the step between rows is known; the row beyond is
/// looked for on the half-pitch lattice around the rows' centre (a
/// shorter row is centred, so its tubes stand on the others' columns or
/// half a pitch off them), and believed only as tubes a pitch or more
/// apart.
fn row_beyond(g: &Gradients, rows: &[Vec<TubeBox>], spacing: Spacing) -> Option<Vec<TubeBox>> {
    let [.., before, last] = rows else { return None };
    let y0 = |r: &[TubeBox]| median(r.iter().map(|t| t.outer.y0).collect());
    let y1 = |r: &[TubeBox]| median(r.iter().map(|t| t.outer.y1).collect());
    let step = median(rows.windows(2).map(|p| y0(&p[1]).saturating_sub(y0(&p[0]))).collect());
    let (top, bottom) = (y0(last) + step, y1(last) + step);
    if step < y1(last).saturating_sub(y0(last)) || y0(last) <= y0(before) || bottom + 2 >= g.height {
        return None;
    }
    let width = median(rows.iter().flatten().map(|t| t.outer.width()).collect());
    let centre = median(rows.iter().map(|r| (r[0].outer.x0 + r[r.len() - 1].outer.x1) as f32 / 2.0).collect());
    let look = Look { g, threshold: spacing.threshold, width, y0: top, y1: bottom, tolerance: spacing.tolerance };
    let half_pitch = spacing.pitch as f32 / 2.0;
    let first = centre - width as f32 / 2.0;
    let reach = (first / half_pitch).floor() as i64;
    // Tubes found on the lattice's two halves: the places on the rows'
    // columns, and those half a pitch off them.
    // The board looked at for a place's grain: where the gap to a tube a
    // pitch to its left would be.
    let gap = spacing.pitch.saturating_sub(width) as i64;
    let mut found: [Vec<TubeBox>; 2] = [Vec::new(), Vec::new()];
    for k in -reach..=reach {
        let x = (first + k as f32 * half_pitch).round() as i64;
        if let Some(t) = look.tube_at(x, Side::Left((x - gap).max(0) as u32)) {
            found[k.rem_euclid(2) as usize].push(t);
        }
    }
    // Where the gap between two tubes is about a tube wide, the walls of
    // two neighbours make a tube half a pitch off them: the half with more
    // tubes holds the row (n tubes make n - 1 such), and a tie is no row.
    let [on, off] = found;
    let found = match on.len().cmp(&off.len()) {
        std::cmp::Ordering::Greater => on,
        std::cmp::Ordering::Less => off,
        std::cmp::Ordering::Equal => return None,
    };
    let apart = found.windows(2).all(|p| p[1].outer.x0 >= p[0].outer.x0 + spacing.pitch - spacing.tolerance);
    (!found.is_empty() && apart).then_some(found)
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

/// Which side of a place looked at the tube beside it stands, and where
/// its outline ends on that side.
#[derive(Debug, Clone, Copy)]
enum Side {
    Left(u32),
    Right(u32),
}

impl<'a> Look<'a> {
    /// The faint search along `row`: its tubes' median width, top and bottom.
    fn of_row(g: &'a Gradients, row: &[TubeBox], threshold: u8, tolerance: u32) -> Look<'a> {
        let width = median(row.iter().map(|t| t.outer.width()).collect());
        let y0 = median(row.iter().map(|t| t.outer.y0).collect());
        let y1 = median(row.iter().map(|t| t.outer.y1).collect());
        Look { g, threshold, width, y0, y1, tolerance }
    }

    /// The middle rows of the row: below a rim or cork, above a rounded
    /// bottom.
    fn middle(&self) -> (u32, u32) {
        let h = self.y1.saturating_sub(self.y0);
        (self.y0 + h / 8, self.y1.saturating_sub(h / 8))
    }

    /// The edge a faint wall must show on a row at the place whose left
    /// wall stands near `x`: half the wall finder's, or less where the
    /// board between the place and the tube beside it is quiet
    /// ([`WALL_OVER_GRAIN`], [`MIN_FAINT_EDGE`]).
    fn threshold_at(&self, x: i64, beside: Side) -> f32 {
        let full = self.threshold as f32;
        let (w, t) = (self.width as i64, self.tolerance as i64);
        // The board's columns, 2 px clear of the outlines either side.
        let (from, to) = match beside {
            Side::Left(x1) => (x1 as i64 + 2, x - t - 2),
            Side::Right(x0) => (x + w + t + 2, x0 as i64 - 2),
        };
        let (top, bottom) = self.middle();
        if to - from < 3 || bottom <= top {
            return full;
        }
        let mut board: Vec<f32> = (from..to)
            .flat_map(|c| (top..bottom).map(move |y| (c, y as i64)))
            .map(|(c, y)| self.g.across(c, y))
            .collect();
        board.sort_by(f32::total_cmp);
        let grain = board[board.len() * 9 / 10];
        (grain * WALL_OVER_GRAIN).clamp(MIN_FAINT_EDGE, full.max(MIN_FAINT_EDGE))
    }

    /// Whether a faint tube stands halfway between two neighbours of `row`
    /// found a `pitch` apart: then the pitch found is two.
    fn tube_between(&self, row: &[TubeBox], pitch: u32) -> bool {
        row.windows(2).any(|p| {
            let (a, b) = (p[0].outer, p[1].outer);
            let step = b.x0.saturating_sub(a.x0);
            step * 4 <= pitch * 5
                && self
                    .tube_at(a.x0 as i64 + step as i64 / 2, Side::Left(a.x1))
                    .is_some_and(|t| t.outer.x0 >= a.x1 && t.outer.x1 <= b.x0)
        })
    }

    /// A faint tube whose left wall stands within the tolerance of `x`,
    /// with the tube it was looked for from standing on the `beside` side.
    fn tube_at(&self, x: i64, beside: Side) -> Option<TubeBox> {
        let (w, t) = (self.width as i64, self.tolerance as i64);
        if x - t < 1 || x + w + t >= self.g.width as i64 - 1 {
            return None;
        }
        let threshold = self.threshold_at(x, beside);
        let left = self.wall_near(x, threshold)?;
        let right = self.wall_near(left as i64 + w - 1, threshold)?;
        if right <= left + 2 || !self.closed_below(left + 1, right, threshold) {
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
    fn wall_near(&self, x: i64, threshold: f32) -> Option<u32> {
        let (top, bottom) = self.middle();
        let rows = bottom.saturating_sub(top).max(1);
        let t = self.tolerance as i64;
        let (best, count) = (x - t..=x + t)
            .map(|c| {
                let n = (top..bottom)
                    .filter(|&y| (c - 1..=c + 1).any(|cc| self.g.across(cc, y as i64) >= threshold))
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
    fn closed_below(&self, x0: u32, x1: u32, t: f32) -> bool {
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

    /// A pale board 460 wide with tubes `width` wide whose left walls stand
    /// at `x0s`, filled (strong walls) where `filled` says, else empty (a
    /// white outline too faint for the wall finder).
    fn spaced(x0s: &[u32], filled: &[bool], width: u32) -> RgbImage {
        let mut img = RgbImage::from_pixel(460, 300, Rgb([220, 230, 225]));
        for (&x0, &full) in x0s.iter().zip(filled) {
            for y in 60..240 {
                for x in x0..x0 + width {
                    let edge = x < x0 + 2 || x >= x0 + width - 2 || y >= 238;
                    let colour = match (edge || y < 62, full && y >= 100) {
                        (true, _) => [255, 255, 255],
                        (false, true) => [30, 60, 120],
                        (false, false) => [220, 230, 225],
                    };
                    img.put_pixel(x, y, Rgb(colour));
                }
            }
        }
        img
    }

    #[test]
    fn empty_tubes_beyond_a_row_of_tubes_narrow_for_their_spacing_are_found_unless_a_tube_stands_halfway() {
        let options = TubeFinding::default();
        let found = |img: &RgbImage| {
            let g = Gradients::new(img);
            let strong = find_tubes(&g, &options);
            let all: Vec<u32> = with_faint_tubes(&g, strong.clone(), &options).iter().map(|t| t.outer.x0).collect();
            (strong.len(), all)
        };
        // Tubes 30 wide at a pitch of 70 (2.3 widths): three filled, two
        // empty beyond them, which only the faint search sees.
        let img = spaced(&[40, 110, 180, 250, 320], &[true, true, true, false, false], 30);
        let (strong, all) = found(&img);
        assert_eq!(strong, 3, "the empty tubes are below the wall finder's threshold");
        assert_eq!(all.len(), 5, "{all:?}");
        assert!(all[3].abs_diff(250) <= 2 && all[4].abs_diff(320) <= 2, "{all:?}");
        // Every other tube empty: the filled ones stand two pitches apart,
        // and an empty one halfway says so. A "pitch" beyond the last
        // filled one lands on the fifth tube, which would leave a row
        // even and centred but two tubes short: nothing is looked for.
        let img = spaced(&[40, 110, 180, 250, 320], &[true, false, true, false, false], 30);
        let (strong, all) = found(&img);
        assert_eq!(strong, 2);
        assert_eq!(all.len(), 2, "{all:?}");
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

    /// A pale board with a grain of ±2 (a fixed pattern) and rows of tubes
    /// 40 wide at a pitch of 70, each row's step 200: `filled[r]` tubes of
    /// liquid with strong outlines, then `empty[r]` empty ones whose white
    /// outline steps only `faint` above the board.
    fn rows_board(filled: &[u32], empty: &[u32], faint: u8) -> RgbImage {
        let board = |x: u32, y: u32| {
            let grain = ((x * 7 + y * 13) % 5) as u8;
            Rgb([226 + grain, 226 + grain, 230 + grain])
        };
        let mut img = RgbImage::from_fn(360, 660, board);
        for (r, (&f, &e)) in filled.iter().zip(empty).enumerate() {
            let n = f + e;
            let left = 180 - (n * 70 - 30) / 2;
            let top = 40 + r as u32 * 200;
            for t in 0..n {
                let x0 = left + t * 70;
                for y in top..top + 160 {
                    for x in x0..x0 + 40 {
                        let edge = x < x0 + 2 || x >= x0 + 38 || y >= top + 158;
                        let colour = match (t < f, edge) {
                            (true, true) => Rgb([60, 60, 70]),
                            (true, false) if y >= top + 40 => Rgb([30, 60, 120]),
                            (false, true) => Rgb([226 + faint, 226 + faint, 230 + faint.min(25)]),
                            _ => board(x, y),
                        };
                        img.put_pixel(x, y, colour);
                    }
                }
            }
        }
        img
    }

    #[test]
    fn a_faint_outline_on_a_quiet_board_is_found_at_a_few_times_the_boards_grain() {
        let options = TubeFinding::default();
        // Outlines 14 above the board: under half the wall finder's edge,
        // over three times the board's grain.
        let img = rows_board(&[3], &[1], 14);
        let g = Gradients::new(&img);
        let strong = find_tubes(&g, &options);
        assert_eq!(strong.len(), 3, "the faint tube is below the wall finder's threshold");
        assert_eq!(with_faint_tubes(&g, strong, &options).len(), 4);
        // An outline as faint as the board's grain is not a wall.
        let img = rows_board(&[3], &[1], 4);
        let g = Gradients::new(&img);
        assert_eq!(with_faint_tubes(&g, find_tubes(&g, &options), &options).len(), 3);
    }

    #[test]
    fn a_row_of_faint_empty_tubes_is_found_a_rows_step_below_the_last() {
        let options = TubeFinding::default();
        let img = rows_board(&[4, 4, 0], &[0, 0, 2], 14);
        let g = Gradients::new(&img);
        let strong = find_tubes(&g, &options);
        assert_eq!(strong.len(), 8, "the empty row is below the wall finder's threshold");
        let all = with_faint_tubes(&g, strong, &options);
        assert_eq!(all.len(), 10);
        // The two empty tubes stand on the rows' middle columns, not half
        // a pitch off them (where two neighbours' walls make a tube too).
        let xs: Vec<u32> = all[8..].iter().map(|t| t.outer.x0).collect();
        assert!(xs[0].abs_diff(125) <= 2 && xs[1].abs_diff(195) <= 2, "{xs:?}");
        // With no row there, none is added.
        let img = rows_board(&[4, 4], &[0, 0], 14);
        let g = Gradients::new(&img);
        assert_eq!(with_faint_tubes(&g, find_tubes(&g, &options), &options).len(), 8);
    }
}
