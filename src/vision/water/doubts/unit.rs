//! The "one unit" checks that look at the picture down the middle of each
//! tube: every change of colour falls where two slots meet (and, in
//! [`above`](super::above), no liquid stands above the top slot). Both
//! catch a grid read at the wrong unit or one layer short (a neck, shoulder
//! or cork taken for headroom, or the other way round). Also the checks
//! of the slots read empty: one colour down a tube's glass, none under a
//! lit surface, none like a liquid of the level.

use image::RgbImage;
use palette::Lab;

use super::below::LIQUID_BELOW_SHARE;
use super::{Doubt, raw_of};
use crate::geometry::{Rect, SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::vision::water::board::{EMPTY_DELTA_E, board_at_walls, looks_empty, sample_beside};
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::slots::{RUN_STEP, Run, check_step, color_distance, row_colors, runs, slot_middle};
use crate::vision::water::surface::{LIT_BAND_SHARE, lit_band_ends_at};
use crate::vision::water::{Detection, SAME_LIQUID_DELTA_E};

/// Down the middle of every tube (the strip its slots are sampled from),
/// each change between two long runs of colour must fall where two slots
/// meet: liquid comes in whole units, so a change far from every boundary
/// says the grid is not the liquid's unit (a neck, cork or headroom
/// counted as a slot, or a unit of one and a third layers). A change
/// between two runs in the glass above the liquid that the board beside
/// the tube shows too is the board's, and left out, as is one too gradual
/// for a drawn edge ([`sharp`]: a cloud's soft edge behind the glass).
/// Short runs (a lit surface, a rim, an outline, the gap between balls)
/// are left out, as are tubes holding hidden layers, whose glyphs break
/// their runs.
pub(super) fn off_grid(image: &RgbImage, detection: &Detection) -> Option<Doubt> {
    let outlines = outlines(detection);
    // The empty slots' colours, each once (as [`looks_empty`] compares).
    let mut glass = raw_of(detection, SlotSample::Empty);
    glass.sort_unstable();
    glass.dedup();
    let glass: Vec<Lab> = glass.into_iter().map(to_lab).collect();
    for (t, (tube, samples)) in detection.tubes.iter().zip(&detection.samples).enumerate() {
        if samples.contains(&SlotSample::Hidden) || tube.slots.is_empty() {
            continue;
        }
        let (bottom, top) = (tube.slots[0], tube.slots[tube.slots.len() - 1]);
        let unit = bottom.height().max(1) as f32;
        // Down the strip the slots are sampled from: across the box, a
        // bulb's outline where it meets the neck covers the top rows of a
        // full one's top layer, a band ending off the grid (tuning 435).
        let middle = slot_middle(&bottom);
        let (x0, x1) = (middle.x0, middle.x1);
        // Where the slots read empty end, at the liquid's top.
        let filled = samples.iter().filter(|s| **s != SlotSample::Empty).count();
        let glass_end = tube.slots.get(filled).map(|s| s.y1 as f32 + OFF_GRID_SHARE * unit);
        // Under a bottom slot of liquid, on past it by as much liquid as
        // `below::liquid_below` leaves unquestioned: a grid whose bottom
        // slot ends inside the bottom layer cuts that layer's run short of
        // a long one, and its change from the glass above goes unseen
        // (fresh 40195: a round bottom's one layer, a third of it under
        // the grid, sampled half on glass and read as a fifth colour).
        // Under glass the grid's bottom is not the liquid's, and the glass
        // may go on below it.
        let liquid_at_bottom = samples.first().is_some_and(|s| *s != SlotSample::Empty);
        let below = if liquid_at_bottom { (LIQUID_BELOW_SHARE * unit) as u32 } else { 0 };
        let rows = strip_rows(image, (x0, x1), (top.y0, bottom.y1 + below));
        let runs = without_glass_below_liquid(long_runs_in(&rows, top.y0, unit), &glass);
        let runs = with_surface_merged(image, (x0, x1), runs, &glass, unit);
        for pair in runs.windows(2).filter(changes) {
            let boards = || !sharp(&rows, top.y0, pair) || board_changes(image, &outlines, tube, pair);
            if glass_end.is_some_and(|end| pair[1].y1 as f32 <= end) && boards() {
                continue;
            }
            // The change lies somewhere between the end of one run and the
            // start of the next (short runs between them, an edge or a lit
            // surface, were left out): on a boundary between the two, or
            // else the nearer end counts. (A ball shorter than a long run,
            // and the glass either side of it, leave a gap a slot long
            // between the balls above and below: tuning 375.)
            let changed = change_row(&rows, top.y0, pair);
            let (end, start) = (pair[0].y1.min(changed) as f32, pair[1].y0.max(changed) as f32);
            let off = tube
                .slots
                .iter()
                .flat_map(|s| [s.y0 as f32, s.y1 as f32])
                .map(|b| if (end..=start).contains(&b) { 0.0 } else { (b - end).abs().min((b - start).abs()) })
                .fold(f32::INFINITY, f32::min);
            if off > OFF_GRID_SHARE * unit && !lit_band_on_grid(image, (x0, x1), tube, &pair[1], unit) {
                return Some(Doubt::OffGrid { tube: t + 1, off: 100.0 * off / unit });
            }
        }
    }
    None
}

/// `runs` without those that look like the empty glass (within
/// [`EMPTY_DELTA_E`] of a slot read empty, `glass` in CIELAB) below the
/// first that does not: glass stands only above the liquid, but a round
/// ball leaves the glass beside it, and down a strip wider than the
/// ball's middle the glass is the median colour over the rows where the
/// ball narrows (half a slot between two balls in tuning case 1125, where
/// the glass is tinted unlike the board, and a ball there as short as a
/// gap). The change of colour is then from one ball to the next, wherever
/// the gap between them lies.
fn without_glass_below_liquid(runs: Vec<Run>, glass: &[Lab]) -> Vec<Run> {
    let mut liquid_seen = false;
    runs.into_iter()
        .filter(|r| {
            let is_glass = like_glass(r, glass);
            let glass_below_liquid = liquid_seen && is_glass;
            liquid_seen |= !is_glass;
            !glass_below_liquid
        })
        .collect()
}

/// The first row of the rows just above `pair[1]` (back to the middle of
/// `pair[0]`) that are all nearer `pair[1]`'s colour than `pair[0]`'s:
/// where the second colour starts to show, in the strip's `rows` (from
/// row `y0`) the runs were split from. The runs split where a row is a
/// run's step from the first one's colour; two near liquids (a pink and a
/// salmon a little more than a step apart, tuning case 1516) cross it
/// only a few rows into the second, past an anti-aliased edge.
fn change_row(rows: &[[u8; 3]], y0: u32, pair: &[Run]) -> u32 {
    let (first, second) = (&pair[0], &pair[1]);
    let from = first.y0 + (first.y1 - first.y0) / 2;
    let Some(above) = rows.get((from - y0) as usize..(second.y0 - y0) as usize) else {
        return second.y0;
    };
    let nearer_second =
        above.iter().rev().take_while(|&&c| color_distance(c, second.color) < color_distance(c, first.color)).count();
    second.y0 - nearer_second as u32
}

/// Whether `run` looks like a slot read empty: within [`EMPTY_DELTA_E`]
/// of one of `glass` (CIELAB), as [`looks_empty`] compares.
fn like_glass(run: &Run, glass: &[Lab]) -> bool {
    let lab = to_lab(run.color);
    glass.iter().any(|&g| delta_e(lab, g) < EMPTY_DELTA_E)
}

/// `runs` with the liquid's lit surface, when it is a run of its own,
/// joined to the liquid's run under it: the first run unlike the empty
/// glass (`glass`, in CIELAB), lit against the next ([`lit_band_ends_at`])
/// and at most [`LIT_BAND_SHARE`] of a slot (`unit`) tall. A game may draw
/// the band over its top layer, whose colour then changes inside the slot
/// (half a slot down at 540 px, tuning case 717); the band's top and the
/// liquid's bottom are still checked.
fn with_surface_merged(
    image: &RgbImage,
    columns: (u32, u32),
    mut runs: Vec<Run>,
    glass: &[Lab],
    unit: f32,
) -> Vec<Run> {
    let Some(k) = runs.iter().position(|r| !like_glass(r, glass)) else {
        return runs;
    };
    if let [band, liquid, ..] = &runs[k..]
        && (band.y1 - band.y0) as f32 <= LIT_BAND_SHARE * unit
        && lit_band_ends_at(image, columns, (band.y0, band.y1), liquid.y1)
    {
        let merged = Run { y0: band.y0, ..*liquid };
        runs.splice(k..k + 2, [merged]);
    }
    runs
}

/// Whether `run`, a liquid's, starts with its lit surface merged into it
/// (a band within a run's step of the liquid), ending on a slot boundary
/// less than half a slot below the run's start: the change of colour at
/// the band's top is then the liquid's top, the band standing above the
/// layer (zhoushizoe's tubes, a pale cyan's band).
fn lit_band_on_grid(image: &RgbImage, columns: (u32, u32), tube: &TubeLayout, run: &Run, unit: f32) -> bool {
    tube.slots.iter().map(|s| s.y0).any(|b| {
        b > run.y0 && ((b - run.y0) as f32) < 0.5 * unit && lit_band_ends_at(image, columns, (run.y0, b), run.y1)
    })
}

/// Empty glass is one colour down a tube (the board behind it, at most a
/// slow gradient): two long runs of different colour among the slots read
/// empty say one of them is liquid taken for glass (a pale blue before a
/// blue sky), unless the board beside the tube changes between them too
/// (a horizon or a cloud behind the glass), or the change is too gradual
/// for a drawn edge ([`sharp`]: a cloud's soft edge behind the glass alone,
/// which the board beside misses). Only the slots are looked at:
/// from the headroom above them it refused three of ../shared's screens (a
/// rim or shoulder in the strip).
pub(super) fn change_in_empty(image: &RgbImage, detection: &Detection) -> Option<Doubt> {
    let outlines = outlines(detection);
    for (t, (tube, samples)) in detection.tubes.iter().zip(&detection.samples).enumerate() {
        let filled = samples.iter().filter(|s| **s != SlotSample::Empty).count();
        let (Some(lowest_empty), Some(top)) = (tube.slots.get(filled), tube.slots.last()) else { continue };
        let unit = top.height().max(1) as f32;
        // Down the strip the slots are sampled from, as [`off_grid`] looks.
        let middle = slot_middle(top);
        let (x0, x1) = (middle.x0, middle.x1);
        let rows = strip_rows(image, (x0, x1), (top.y0, lowest_empty.y1));
        let glass = long_runs_in(&rows, top.y0, unit);
        let unexplained = |pair: &&[Run]| sharp(&rows, top.y0, pair) && !board_changes(image, &outlines, tube, pair);
        if glass.windows(2).filter(changes).any(|pair| unexplained(&pair)) {
            return Some(Doubt::ChangeInEmpty { tube: t + 1 });
        }
    }
    None
}

/// Whether the change between two long runs, `pair`, of a strip's `rows`
/// (from row `y0`) is sharp, as where two flat colours meet: somewhere
/// between the runs' middles, two rows [`SHARP_ROWS`] apart differ by
/// [`SHARP_SHARE`] of the runs' difference at least. Liquid meets liquid,
/// or glass, at a drawn edge, which JPEG and resizing smear over a row or
/// two; a board seen through the glass may change gradually (a cloud's
/// soft edge behind an empty bulb, tuning 4036; behind an empty hurricane
/// glass, off the grid, tuning 1044), which no liquid does.
fn sharp(rows: &[[u8; 3]], y0: u32, pair: &[Run]) -> bool {
    let middle = |r: &Run| ((r.y0 + r.y1) / 2).saturating_sub(y0) as usize;
    let (from, to) = (middle(&pair[0]), middle(&pair[1]).min(rows.len().saturating_sub(1)));
    let total = color_distance(pair[0].color, pair[1].color) as f32;
    let between = rows.get(from..=to).unwrap_or_default();
    let steepest = between.windows(SHARP_ROWS + 1).map(|w| color_distance(w[0], w[SHARP_ROWS])).max().unwrap_or(0);
    steepest as f32 >= SHARP_SHARE * total
}

/// Rows apart over which [`sharp`] measures a step: an edge drawn sharp
/// and smeared by JPEG or a bilinear enlargement spans two rows or three.
/// Not fitted to any seed: it follows from how a drawn edge is smeared.
const SHARP_ROWS: usize = 2;

/// Share of two runs' difference a sharp change makes over [`SHARP_ROWS`]:
/// a drawn edge smeared over up to twice those rows still makes half; a
/// cloud's edge spread over the 20-40 rows it crosses in the tuning
/// themes' large screenshots (theme 403) makes a tenth or less. Not fitted.
const SHARP_SHARE: f32 = 0.5;

/// A liquid's lit surface stands on liquid: a slot under one read empty
/// is a liquid taken for glass, one the colour of the board beside its
/// tube (a sky-blue liquid before a sky, zhoushizoe 1697942484468), which
/// a reading with tinted glass taken for empty would otherwise drop.
pub(super) fn empty_under_surface(detection: &Detection) -> Option<Doubt> {
    let tubes = detection.samples.iter().zip(&detection.lit);
    tubes
        .map(|(samples, &lit)| samples.iter().take(lit).any(|s| *s == SlotSample::Empty))
        .position(|empty| empty)
        .map(|t| Doubt::EmptyUnderSurface { tube: t + 1 })
}

/// Whether two neighbouring long runs differ in colour as two runs do when
/// a profile is split ([`RUN_STEP`]): two runs of one colour split by a
/// short disturbance (a cloud's edge, a bubble, under the least length of
/// a long run and so too short for a layer) are no change of colour, and
/// say nothing of the grid or the glass (tuning 554: sky in the glass
/// split by a cloud's edge 13 rows tall, a third of a layer).
fn changes(pair: &&[Run]) -> bool {
    color_distance(pair[0].color, pair[1].color) > RUN_STEP
}

/// Whether the board beside `tube` changes colour between the rows of two
/// runs down its glass (by more than one colour's spread), from any place
/// beside the one run (the middle of the gap, just outside either wall)
/// to any beside the other: empty glass over a board that is not flat (a
/// horizon, clouds, a hill's slanting edge) shows the board's changes,
/// which are no liquid's and fall on no grid. The glass also changes as
/// the board does when, at some place beside it, the board changes from
/// one run's rows to the other's by what the glass does, within one step
/// of a run ([`RUN_STEP`]): a photo's smooth gradient behind a tall tube
/// splits its glass into two runs while the board, a colour's spread
/// apart, shows the same step (zhoushizoe 1697944108065: a blue sky
/// turning violet down the glass).
fn board_changes(image: &RgbImage, outlines: &[Rect], tube: &TubeLayout, pair: &[Run]) -> bool {
    let beside = |run: &Run| boards_beside(image, outlines, &tube.outer, (run.y0, run.y1));
    let (a, b) = (beside(&pair[0]), beside(&pair[1]));
    // Each place beside one run against each beside the other: an edge of
    // the board that crosses the tube at a slant leaves one board beside
    // each wall at both levels, one on the left and another on the right,
    // and the glass changes from one to the other between the two.
    let apart = a
        .iter()
        .flatten()
        .any(|a| b.iter().flatten().any(|b| delta_e(to_lab(*a), to_lab(*b)) >= SAME_COLOR_MAX_DELTA_E));
    apart || a.iter().zip(&b).any(|(a, b)| a.zip(*b).is_some_and(|(a, b)| follows(pair, a, b)))
}

/// The board beside the tube `outer` level with the rows `y0..y1`, at
/// each place it is sampled: the middle of the gap to the next tube
/// ([`sample_beside`]), and just outside the left and right walls where
/// seen ([`board_at_walls`]).
pub(super) fn boards_beside(
    image: &RgbImage,
    outlines: &[Rect],
    outer: &Rect,
    (y0, y1): (u32, u32),
) -> [Option<[u8; 3]>; 3] {
    let rows = Rect { x0: outer.x0, x1: outer.x1, y0, y1 };
    let [left, right] = board_at_walls(image, outer, &rows, outlines);
    [Some(sample_beside(image, outer, &rows, outlines)), left, right]
}

/// Whether the glass's change from `pair[0]` to `pair[1]` is the board's
/// from `a` to `b` (beside the two runs, at one place), channel by channel
/// within one step of a run: the first run's colour moved by the board's
/// change lands on the second's.
fn follows(pair: &[Run], a: [u8; 3], b: [u8; 3]) -> bool {
    let moved: [u8; 3] =
        std::array::from_fn(|c| (pair[0].color[c] as i32 + b[c] as i32 - a[c] as i32).clamp(0, 255) as u8);
    color_distance(moved, pair[1].color) <= RUN_STEP
}

/// The outlines of a detection's tubes, which the board beside a tube is
/// sampled clear of.
pub(super) fn outlines(detection: &Detection) -> Vec<Rect> {
    detection.tubes.iter().map(|t| t.outer).collect()
}

/// The runs of one colour, at least [`OFF_GRID_LONG_RUN`] slots long, down
/// the columns `x0..x1` over the rows `y0..y1` (clipped to the picture);
/// none where that leaves no room.
pub(super) fn long_runs(image: &RgbImage, columns: (u32, u32), (y0, y1): (u32, u32), unit: f32) -> Vec<Run> {
    long_runs_in(&strip_rows(image, columns, (y0, y1)), y0, unit)
}

/// The median colour of each row `y0..y1` of the columns `x0..x1`
/// (clipped to the picture); none where that leaves no room.
pub(super) fn strip_rows(image: &RgbImage, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> Vec<[u8; 3]> {
    let (x1, y1) = (x1.min(image.width()), y1.min(image.height()));
    if y1 <= y0 + 2 || x1 <= x0 {
        return Vec::new();
    }
    row_colors(image, x0, x1, y0, y1, check_step(x0, x1))
}

/// [`long_runs`] of a strip's `rows`, the first of them row `y0`.
/// Each run's colour is the median of its rows, which one row of it can
/// miss: a ruled paper's line behind empty glass, on the row half way
/// down a run that two of its lines bound (test 1000202: glass over ruled
/// paper "changing colour" off the grid; the profile's runs, which decide
/// what is empty, keep their middle row's colour).
fn long_runs_in(rows: &[[u8; 3]], y0: u32, unit: f32) -> Vec<Run> {
    let mut runs = runs(rows, y0, ((unit * OFF_GRID_LONG_RUN) as u32).max(2));
    for run in &mut runs {
        run.color = median_color(&rows[(run.y0 - y0) as usize..(run.y1 - y0) as usize]);
    }
    runs
}

/// Shortest run of one colour, in slot heights, whose ends
/// [`Doubt::OffGrid`] checks: a layer is a whole slot; a lit surface, a
/// rim, an outline or the gap between two balls is a fraction (at most a
/// third of a slot in the games of ../shared and the generated themes).
const OFF_GRID_LONG_RUN: f32 = 0.5;

/// How far from every slot boundary, in slot heights, a change of colour
/// may be before the grid is doubted: a grid at the wrong unit puts some
/// change a third to a half of a slot off (a capacity of 3 read for 4 is
/// a third); a well-fitted grid is within a few percent, and the
/// anti-aliased edge of a layer a few rows. Between the two (not fitted).
const OFF_GRID_SHARE: f32 = 0.25;

/// Slots read empty above the liquid that are one colour among themselves
/// (as alike as one flat liquid's slots), as many as a colour has layers
/// or a multiple of it, and that would not pass for empty against the
/// glass of the empty tubes, are as likely one more liquid (a pale liquid
/// before a board of its own shade) as glass: the level adds up either
/// way, so which it is cannot be told. With no empty tube there is no
/// glass to compare them with, and nothing is doubted.
pub(super) fn empty_could_be_liquid(detection: &Detection) -> Option<Doubt> {
    let capacity = detection.capacity;
    let (above_liquid, glass) = empty_slots(detection);
    if glass.is_empty() {
        return None;
    }
    above_liquid.iter().find_map(|&(t, _, c, lab)| {
        let alike = above_liquid.iter().filter(|o| delta_e(o.3, lab) <= SAME_LIQUID_DELTA_E).count();
        let like_glass = glass.iter().any(|&g| looks_empty(c, g));
        (alike >= capacity && alike.is_multiple_of(capacity) && !like_glass)
            .then_some(Doubt::EmptyCouldBeLiquid { tube: t + 1, slots: alike })
    })
}

/// A slot read empty above the liquid that shows one of the level's
/// liquids (as alike as one flat liquid's slots) and would not pass for
/// empty against the glass of the empty tubes is that liquid taken for
/// glass: a dark liquid before a dark board passes for the board seen
/// through the glass. The counts can still add up, when tinted glass
/// elsewhere was taken for that liquid in its place (tuning 4651: the
/// board darkens up the screen, so the top row's dark green read as glass
/// and a lower row's glass as the dark green). With no empty tube there is
/// no glass to compare it with, and nothing is doubted.
pub(super) fn empty_like_liquid(detection: &Detection) -> Option<Doubt> {
    let (above_liquid, glass) = empty_slots(detection);
    if glass.is_empty() {
        return None;
    }
    let liquids: Vec<Lab> = detection
        .samples
        .iter()
        .flatten()
        .filter_map(|s| match s {
            SlotSample::Color(c) => Some(to_lab(*c)),
            _ => None,
        })
        .collect();
    above_liquid.iter().find_map(|&(t, k, c, lab)| {
        let like_liquid = liquids.iter().any(|&l| delta_e(l, lab) <= SAME_LIQUID_DELTA_E);
        let like_glass = glass.iter().any(|&g| looks_empty(c, g));
        (like_liquid && !like_glass).then_some(Doubt::EmptyLikeLiquid { tube: t + 1, layer: k + 1 })
    })
}

/// The slots read empty in tubes that hold liquid, as (tube, slot, colour,
/// CIELAB) from 0, and the colours of the slots of the tubes read wholly
/// empty (their glass).
type EmptySlots = (Vec<(usize, usize, [u8; 3], Lab)>, Vec<[u8; 3]>);
fn empty_slots(detection: &Detection) -> EmptySlots {
    let mut above_liquid = Vec::new();
    let mut glass = Vec::new();
    for (t, (samples, raw)) in detection.samples.iter().zip(&detection.raw).enumerate() {
        let holds_liquid = samples.iter().any(|s| *s != SlotSample::Empty);
        let empty = samples.iter().zip(raw).enumerate().filter(|(_, (s, _))| **s == SlotSample::Empty);
        if holds_liquid {
            above_liquid.extend(empty.map(|(k, (_, &c))| (t, k, c, to_lab(c))));
        } else {
            glass.extend(empty.map(|(_, (_, &c))| c));
        }
    }
    (above_liquid, glass)
}

#[cfg(test)]
mod tests;
