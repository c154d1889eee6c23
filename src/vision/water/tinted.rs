//! Empty glass tinted unlike the board behind it: a slot is taken for empty
//! when it looks like the board beside its tube, so tinted glass reads as
//! one more liquid and the counts fail (or, when its slots happen to make
//! whole colours, a colour looks like the empty glass). The glass above the liquid (the
//! headroom of the tubes that have it), or around the balls of a ball sort
//! whose tubes are full to the top, shows what the game's empty glass
//! looks like; slots on top of a tube that look like it are that glass.
//! The mirror case too: a liquid of the board's colour read as empty where
//! the glass of the tubes read wholly empty is unlike it (where glass
//! taken for empty left such a tube, only over the board those tubes
//! stand on: over another, the glass is another colour).

use image::RgbImage;

use super::Detection;
use super::board::{looks_empty, sample_beside};
use super::doubts::{glass_above, glass_above_each};
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::runs;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The detection with every slot read as liquid that looks like the glass
/// (within one colour's spread) and has only such slots or empty ones above
/// it taken for empty; `None` when the glass is not seen or no slot
/// changes. The glass is `known` when the caller saw it (on top of every
/// tube), else the glass above the liquid: of the tube's own row, or of
/// every row.
pub(super) fn glass_taken_for_liquid(
    image: &RgbImage,
    detection: &Detection,
    known: Option<[u8; 3]>,
) -> Option<Detection> {
    let glass = known.or_else(|| glass_seen(image, detection)).map(to_lab);
    let rows = if known.is_none() { glass_by_row(image, detection) } else { Vec::new() };
    if glass.is_none() && rows.iter().all(Option::is_none) {
        return None;
    }
    top_slots_taken_for_glass(detection, |t, _, color| {
        let lab = to_lab(color);
        let like_row =
            rows.get(t).copied().flatten().is_some_and(|row| delta_e(lab, to_lab(row)) < SAME_COLOR_MAX_DELTA_E);
        like_row || glass.is_some_and(|g| delta_e(lab, g) < SAME_COLOR_MAX_DELTA_E)
    })
}

/// For each tube, the glass of its row: above the liquid of the tubes in
/// it ([`glass_above_by_row`]), else beside their balls
/// ([`glass_beside_balls_by_row`]).
fn glass_by_row(image: &RgbImage, detection: &Detection) -> Vec<Option<[u8; 3]>> {
    let above = glass_above_by_row(image, detection);
    let balls = glass_beside_balls_by_row(image, detection);
    above.into_iter().zip(balls).map(|(a, b)| a.or(b)).collect()
}

/// For each tube, the glass above the liquid of the tubes in its row (the
/// median of those that have headroom), where any do: tinted glass shows
/// the board through it, and a board that changes down the screen (sky
/// above, dark water below, tuning case 978) tints each row's glass
/// differently.
fn glass_above_by_row(image: &RgbImage, detection: &Detection) -> Vec<Option<[u8; 3]>> {
    let above = glass_above_each(image, &detection.tubes);
    by_row(detection, &above, |row| {
        let row: Vec<[u8; 3]> = row.into_iter().flatten().copied().collect();
        (!row.is_empty()).then(|| median_color(&row))
    })
}

/// For each tube, `of_row` of what `each` holds (one entry a tube) for
/// the tubes of its row: those whose boxes share some of its rows.
fn by_row<T, R>(detection: &Detection, each: &[T], of_row: impl Fn(Vec<&T>) -> R) -> Vec<R> {
    let outers: Vec<_> = detection.tubes.iter().map(|t| t.outer).collect();
    let row = |o: &crate::geometry::Rect| {
        outers.iter().zip(each).filter(|(p, _)| p.y0 < o.y1 && o.y0 < p.y1).map(|(_, v)| v).collect()
    };
    outers.iter().map(|o| of_row(row(o))).collect()
}

/// The detection with every slot read empty on top of a tube's liquid
/// that is unlike the game's empty glass taken for liquid, walking up from
/// the liquid to the first slot like the glass; `None` when no tube was
/// read wholly empty, the empty tubes' glass is not one colour, or no slot
/// changes. The mirror of [`glass_taken_for_liquid`]: a slot is taken for
/// empty when it looks like the board beside its tube, so where the glass
/// is tinted unlike the board, a liquid of the board's colour (navy on a
/// dark board, tuning case 1056) reads as glass and the counts fail. The
/// tubes read wholly empty show what the glass looks like.
pub(super) fn liquid_taken_for_glass(detection: &Detection) -> Option<Detection> {
    let centre = glass_of_empty_tubes(detection)?;
    // (A tube read wholly empty, walked from slot 0, is left as read.)
    slots_above_taken_for_liquid(detection, |_, k, color| k > 0 && !looks_empty(color, centre))
}

/// The glass of the tubes read wholly empty, their slots' median as
/// sampled, where every slot of theirs is within one colour's spread of it.
pub(super) fn glass_of_empty_tubes(detection: &Detection) -> Option<[u8; 3]> {
    let empty_tubes =
        detection.samples.iter().zip(&detection.raw).filter(|(s, _)| s.iter().all(|s| *s == SlotSample::Empty));
    let glass: Vec<[u8; 3]> = empty_tubes.flat_map(|(_, raw)| raw.iter().copied()).collect();
    if glass.is_empty() {
        return None;
    }
    let centre = median_color(&glass);
    glass.iter().all(|&g| delta_e(to_lab(g), to_lab(centre)) < SAME_COLOR_MAX_DELTA_E).then_some(centre)
}

/// [`liquid_taken_for_glass`] where every slot it takes for liquid stands
/// over the board the wholly empty tubes stand over (the board beside
/// each, within one colour's spread of the median beside those tubes'
/// slots); `None` otherwise. Empty glass shows the board behind it, so
/// the empty tubes show the glass only over their own board: over
/// another (a sky above a hill) the same glass is another colour, and
/// taking it for liquid makes one (tuning 1411: bulbs over a sky and a
/// maroon hill, the empty bulb on the hill, another bulb's glass over
/// the sky read as six layers of a liquid that made a whole colour).
pub(super) fn liquid_taken_for_glass_over_its_board(image: &RgbImage, detection: &Detection) -> Option<Detection> {
    let out = liquid_taken_for_glass(detection)?;
    let outers: Vec<_> = detection.tubes.iter().map(|t| t.outer).collect();
    let beside = |&(t, k): &(usize, usize)| {
        let tube = &detection.tubes[t];
        sample_beside(image, &tube.outer, &tube.slots[k], &outers)
    };
    let slots = || detection.samples.iter().enumerate().flat_map(|(t, s)| (0..s.len()).map(move |k| (t, k)));
    let wholly_empty = |t: usize| detection.samples[t].iter().all(|s| *s == SlotSample::Empty);
    let boards: Vec<[u8; 3]> = slots().filter(|&(t, _)| wholly_empty(t)).map(|slot| beside(&slot)).collect();
    let board = to_lab(median_color(&boards));
    let mut taken = slots().filter(|&(t, k)| detection.samples[t][k] != out.samples[t][k]);
    taken.all(|slot| delta_e(to_lab(beside(&slot)), board) < SAME_COLOR_MAX_DELTA_E).then_some(out)
}

/// The detection with every slot read as liquid that `is_glass` (given the
/// tube's and the slot's index, bottom first, and its colour) and has only
/// such slots or empty ones above it taken for empty; `None` when no slot
/// changes. Empty glass only stands above the liquid: each tube is walked
/// top down, up to the first slot that is neither.
pub(super) fn top_slots_taken_for_glass(
    detection: &Detection,
    is_glass: impl Fn(usize, usize, [u8; 3]) -> bool,
) -> Option<Detection> {
    let mut out = detection.clone();
    let mut changed = false;
    for (t, (samples, raw)) in out.samples.iter_mut().zip(&detection.raw).enumerate() {
        for (k, (sample, &color)) in samples.iter_mut().zip(raw).enumerate().rev() {
            match sample {
                SlotSample::Empty => {}
                SlotSample::Color(_) if is_glass(t, k, color) => {
                    *sample = SlotSample::Empty;
                    changed = true;
                }
                _ => break,
            }
        }
    }
    changed.then_some(out)
}

/// The mirror of [`top_slots_taken_for_glass`]: the detection with the
/// slots read empty just above each tube's liquid, from the lowest up to
/// the first that is not, or that `is_liquid` (given the tube's and the
/// slot's index, bottom first, and its colour as sampled) refuses, taken
/// for liquid of that colour; `None` when no slot changes. A tube read
/// wholly empty is walked from its bottom slot, 0.
pub(super) fn slots_above_taken_for_liquid(
    detection: &Detection,
    is_liquid: impl Fn(usize, usize, [u8; 3]) -> bool,
) -> Option<Detection> {
    let mut out = detection.clone();
    let mut changed = false;
    for (t, (samples, raw)) in out.samples.iter_mut().zip(&detection.raw).enumerate() {
        let filled = samples.iter().take_while(|s| **s != SlotSample::Empty).count();
        for (k, (sample, &color)) in samples.iter_mut().zip(raw).enumerate().skip(filled) {
            if *sample != SlotSample::Empty || !is_liquid(t, k, color) {
                break;
            }
            *sample = SlotSample::Color(color);
            changed = true;
        }
    }
    changed.then_some(out)
}

/// The game's empty glass where the picture shows it: above the liquid
/// (the headroom of the tubes that have it), else around the balls of a
/// ball sort full to the top.
pub(super) fn glass_seen(image: &RgbImage, detection: &Detection) -> Option<[u8; 3]> {
    let above = glass_above(image, &detection.tubes);
    if !above.is_empty() {
        return Some(median_color(&above));
    }
    glass_in_thin_headroom(image, detection).or_else(|| glass_beside_balls(image, detection))
}

/// The glass in a headroom too thin for [`glass_above`] (a quarter slot
/// of grey glass between the rim and every tube's liquid, tuning case
/// 1760, which the slot grid overlaps): in each tube whose top slot holds
/// liquid, the run of rows just above that liquid, up the middle of the
/// slot, when it is [`THIN_GLASS_ROWS`] of a slot tall and something
/// else (a rim) stands above it inside the tube's box. The glass when at
/// least [`MIN_THIN_HEADROOMS`] tubes and half of those with liquid on
/// top show such a run and all agree (within one colour's spread): a
/// surface or rim differs with each tube's liquid, or is too thin, the
/// glass does not.
fn glass_in_thin_headroom(image: &RgbImage, detection: &Detection) -> Option<[u8; 3]> {
    let mut topped = 0;
    let mut seen = Vec::new();
    for (tube, samples) in detection.tubes.iter().zip(&detection.samples) {
        let (Some(top), Some(SlotSample::Color(_))) = (tube.slots.last(), samples.last()) else {
            continue;
        };
        topped += 1;
        let (w, h) = (top.width(), top.height());
        let (x0, x1) = (top.x0 + w * 3 / 10, (top.x1 - w * 3 / 10).max(top.x0 + w * 3 / 10 + 1).min(image.width()));
        let (y0, y1) = (tube.outer.y0, (top.y0 + h / 2).min(image.height()));
        if y1 <= y0 + 2 {
            continue;
        }
        let rows: Vec<[u8; 3]> =
            (y0..y1).map(|y| median_color(&(x0..x1).map(|x| image.get_pixel(x, y).0).collect::<Vec<_>>())).collect();
        let min_rows = ((h as f32 * THIN_GLASS_ROWS) as u32).max(2);
        let found = runs(&rows, y0, min_rows);
        // The liquid is the last run; the glass the one above it, below
        // something else (a rim, cut from the runs if thin).
        if let [.., glass, _] = found.as_slice()
            && glass.y0 > y0
        {
            seen.push(glass.color);
        }
    }
    if seen.len() < MIN_THIN_HEADROOMS || seen.len() * 2 < topped {
        return None;
    }
    let glass = median_color(&seen);
    let lab = to_lab(glass);
    seen.iter().all(|&c| delta_e(to_lab(c), lab) < SAME_COLOR_MAX_DELTA_E).then_some(glass)
}

/// Least height of glass above the liquid, in slot heights, for the thin
/// headroom's glass: over a liquid's lit surface (a few rows) and under
/// the quarter slot of case 1760 (not fitted: a sixth).
const THIN_GLASS_ROWS: f32 = 1.0 / 6.0;

/// Fewest tubes whose thin headrooms must agree before their colour is
/// taken for the glass: two tubes' surfaces may agree by chance (one
/// liquid on top of both), three of a level's many liquids seldom do.
const MIN_THIN_HEADROOMS: usize = 3;

/// The glass a ball sort's balls stand in, where every tube is full to its
/// top (no glass above the liquid): a round ball leaves its slot's top
/// corners to the glass, while a liquid fills them with its own colour. The
/// glass when the corners of every filled slot agree (within one colour's
/// spread), which a level's many liquids never do.
fn glass_beside_balls(image: &RgbImage, detection: &Detection) -> Option<[u8; 3]> {
    let corners: Vec<[u8; 3]> = detection
        .tubes
        .iter()
        .zip(&detection.samples)
        .flat_map(|(tube, samples)| corners_of(image, tube, samples))
        .collect();
    agreed(&corners)
}

/// For each tube, the glass beside the balls of the tubes in its row, as
/// [`glass_beside_balls`] finds it over the whole screen: a board that
/// changes down the screen (a sky above, a hill below) tints each row's
/// glass differently, and no one glass agrees (tuning 3320: balls over a
/// cloudy sky above, over a mottled hill below, and an empty tube on the
/// hill read full of the glass).
fn glass_beside_balls_by_row(image: &RgbImage, detection: &Detection) -> Vec<Option<[u8; 3]>> {
    let each: Vec<Vec<[u8; 3]>> = detection
        .tubes
        .iter()
        .zip(&detection.samples)
        .map(|(tube, samples)| corners_of(image, tube, samples))
        .collect();
    by_row(detection, &each, |row| agreed(&row.into_iter().flatten().copied().collect::<Vec<_>>()))
}

/// The median of a slot's top corners ([`CORNER_COLUMNS`], [`CORNER_ROWS`]),
/// for each slot of a tube read as a colour.
fn corners_of(image: &RgbImage, tube: &crate::geometry::TubeLayout, samples: &[SlotSample]) -> Vec<[u8; 3]> {
    let mut corners = Vec::new();
    for (slot, sample) in tube.slots.iter().zip(samples) {
        if !matches!(sample, SlotSample::Color(_)) {
            continue;
        }
        let (w, h) = (slot.width(), slot.height());
        let (y0, y1) = (slot.y0 + h * CORNER_ROWS.0 / 100, slot.y0 + h * CORNER_ROWS.1 / 100);
        let mut pixels = Vec::new();
        for x in (slot.x0 + w * CORNER_COLUMNS.0 / 100..slot.x0 + w * CORNER_COLUMNS.1 / 100)
            .chain(slot.x1 - w * CORNER_COLUMNS.1 / 100..slot.x1 - w * CORNER_COLUMNS.0 / 100)
        {
            for y in y0..y1.max(y0 + 1) {
                pixels.push(image.get_pixel(x.min(image.width() - 1), y.min(image.height() - 1)).0);
            }
        }
        if !pixels.is_empty() {
            corners.push(median_color(&pixels));
        }
    }
    corners
}

/// The corners' median, when there are [`MIN_CORNERS`] and all agree with
/// it within one colour's spread.
fn agreed(corners: &[[u8; 3]]) -> Option<[u8; 3]> {
    if corners.len() < MIN_CORNERS {
        return None;
    }
    let glass = median_color(corners);
    let lab = to_lab(glass);
    corners.iter().all(|&c| delta_e(to_lab(c), lab) < SAME_COLOR_MAX_DELTA_E).then_some(glass)
}

/// A slot's top corners, in percent of its width from either side and of its
/// height from its top: a ball of 80% of the interior's width, centred in
/// its slot, leaves them to the glass (its half-width at 15% of its slot
/// from the top is under a fifth of the slot's width), clear of the walls.
pub(super) const CORNER_COLUMNS: (u32, u32) = (12, 25);
pub(super) const CORNER_ROWS: (u32, u32) = (5, 20);

/// Fewest filled slots whose corners must agree before their colour is
/// taken for the glass: a few slots of one liquid agree by themselves.
const MIN_CORNERS: usize = 8;

mod full;
pub(super) use full::{glass_filling_whole_tubes, glass_heaped_on_tops, glass_through_on_tops};

#[cfg(test)]
mod tests;
