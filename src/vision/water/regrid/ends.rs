//! What the slots at a tube's end show across the open tubes, for the
//! choice of another grid: no liquid on any top slot, one colour on
//! every top or bottom (the glass over a neck, a thick outline under a
//! round bottom, a glass base), or one colour there and nowhere else
//! (a rim, an outline), or one colour a row on every bottom (an outline
//! seen over each row's own board) or top (a rim or tinted headroom so).

use super::super::level::SAME_COLOR_MAX_DELTA_E;
use super::super::{Detection, doubts};
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};
use palette::Lab;

/// Whether the top slot of every open tube holds no liquid: read empty,
/// or centred above the liquid's own lit surface (a cork or cap on a full
/// vessel, read as a colour: zhoushizoe 1697942111030, bottles measured
/// from their corks' tops).
pub(super) fn no_top_slot_holds_liquid(detection: &Detection) -> bool {
    let mut open = detection.samples.iter().enumerate().zip(&detection.locks).filter(|(_, lock)| lock.is_none());
    open.all(|((t, slots), _)| {
        let capped = detection.capped.get(t).copied().flatten().is_some_and(|n| slots.len() > n);
        slots.last() == Some(&SlotSample::Empty) || capped
    })
}

/// The colour the top slot of every open tube shows (of two or more, the
/// rest read empty), when it is one colour in more slots than a colour has
/// layers: no liquid stands on top of every tube and more, so that is the
/// glass (tinted unlike the board, over a neck or headroom read as a slot:
/// tuning case 753, wine glasses full to a brim a slot above their liquid;
/// in case 752 fewer tubes than a colour's layers, but the empty ones show
/// that glass from top to bottom; in case 1079 grey glass a little lighter
/// than a dark board, read empty on top of three tubes of eight).
pub(super) fn glass_on_every_top(detection: &Detection) -> Option<[u8; 3]> {
    one_colour_at_every(detection, |slots| slots.len().checked_sub(1))
}

/// Whether the bottom slot of every open tube shows one colour (of two or
/// more, the rest read empty: an empty tube's may show the board), in
/// more slots than a colour has layers: no liquid lies at the bottom of
/// every tube and more, so that is the vessel itself (a thick outline
/// under a bulb's round bottom, tuning case 95), which the grid measured
/// from below it took for a layer.
/// So is one colour shown in the bottom slot of every open tube, the
/// empty ones too, and in no other slot: liquid at the bottom of every
/// tube, as many layers as tubes, would make the counts add up (the grid
/// is only raised where they fail), and an empty tube holds none (test
/// 1000016: five bulbs of capacity 7, their thick light outline under the
/// round bottom read as an eighth slot in each, five slots of it); or, in
/// two rows or more, one colour a row ([`in_every_bottom_alone_by_row`]).
pub(super) fn one_colour_on_every_bottom(detection: &Detection) -> bool {
    let bottom = |slots: &[SlotSample]| (!slots.is_empty()).then_some(0);
    one_colour_at_every(detection, bottom).is_some()
        || in_every_bottom_alone(detection)
        || in_every_bottom_alone_by_row(detection)
        || base_in_every_bottom(detection)
}

/// Whether the bottom slot of every open tube holding anything (two or
/// more) shows one colour, the rest are read wholly empty (one or more),
/// and no other slot shows that colour: the vessel's base, read as a slot
/// under each vessel's liquid and taken for empty glass where none stands
/// over it (fresh 81027: pint glasses with a thick glass base, read as a
/// sixth slot under the five layers of each full pint). A true liquid
/// there and nowhere else would be a whole colour, as many layers as a
/// tube holds: the grid raised a layer would then leave every other
/// colour a layer more than a tube holds, and it is believed only if it
/// passes every check.
pub(super) fn base_in_every_bottom(detection: &Detection) -> bool {
    let open = open_tubes(detection);
    let holding: Vec<_> =
        open.iter().copied().filter(|(samples, _)| samples.iter().any(|s| *s != SlotSample::Empty)).collect();
    holding.len() < open.len() && alone_in(&holding, |_| 0)
}

/// Whether every open tube's bottom slot (of two or more) shows a colour,
/// all within one colour's spread, and no other slot of theirs does.
pub(super) fn in_every_bottom_alone(detection: &Detection) -> bool {
    alone_at_every(detection, |_| 0)
}

/// Whether, in each of two or more rows of tubes, every open tube's bottom
/// slot (two or more in the row) shows a colour, all within one colour's
/// spread, and no other slot of any open tube shows a colour within one
/// colour's spread of some row's: the vessel's own bottom seen through
/// its glass, where the board behind it changes from row to row (tuning
/// 5580: wine glasses on a gradient, whose outline under the bowl's round
/// bottom was read as a slot under every glass's liquid, pale green in
/// the upper row and grey in the lower). Asked as [`in_every_bottom_alone`]
/// is, with one row's bottoms in place of all.
pub(super) fn in_every_bottom_alone_by_row(detection: &Detection) -> bool {
    let rows = open_rows(detection);
    let bottoms: Vec<Lab> = rows.iter().flatten().filter_map(|(_, raw)| raw.first()).map(|&c| to_lab(c)).collect();
    let unlike_bottoms = |c: [u8; 3]| bottoms.iter().all(|&b| delta_e(to_lab(c), b) >= SAME_COLOR_MAX_DELTA_E);
    let others_unlike = rows.iter().flatten().all(|(samples, raw)| {
        samples.iter().zip(raw.iter()).skip(1).all(|(s, &c)| !matches!(s, SlotSample::Color(_)) || unlike_bottoms(c))
    });
    rows.len() >= 2 && others_unlike && rows.iter().all(|row| alone_in(row, |_| 0))
}

/// Whether every open tube's top slot (of two or more) shows a colour,
/// all within one colour's spread, and no other slot of theirs does: the
/// vessel's rim or neck, read as a slot on every tube, the empty ones
/// too (test 1000829: wine glasses' light rim, read as an eighth slot on
/// six glasses of capacity 7, two of them empty glass tinted unlike the
/// board, so no top slot was read empty and the rim was in fewer slots
/// than a colour has layers). As at the bottom, liquid on top of every
/// tube and nowhere else, as many layers as tubes, would have made the
/// counts add up, and the grid a layer shorter is believed only if it
/// passes every check.
pub(super) fn in_every_top_alone(detection: &Detection) -> bool {
    alone_at_every(detection, |n| n - 1)
}

/// Each row's open tubes, as read and as sampled.
fn open_rows(detection: &Detection) -> Vec<Vec<Read<'_>>> {
    let read = |t: usize| Some((detection.samples.get(t)?, detection.raw.get(t)?));
    let open = |t: &usize| detection.locks.get(*t).is_none_or(Option::is_none);
    doubts::rows(&detection.tubes).into_iter().map(|r| r.filter(open).filter_map(read).collect()).collect()
}

/// Whether, row by row, the top slot of every open tube of the row
/// holding liquid is read either empty or as one colour of the row, all
/// within one colour's spread and in no other slot of the row, with two
/// tubes or more showing such a colour: a rim or tinted headroom read as
/// a slot over each row's own board (a gradient behind wine glasses:
/// grey-blue over one row, slate over the next, read empty over the
/// darkest). A row's one tube showing a colour there says nothing.
pub(super) fn in_every_top_alone_by_row(detection: &Detection) -> bool {
    let rows = open_rows(detection);
    let alike = |a: Lab, b: Lab| delta_e(a, b) < SAME_COLOR_MAX_DELTA_E;
    let mut shown = 0;
    for row in &rows {
        let tops: Vec<Lab> = row
            .iter()
            .filter_map(|(samples, raw)| match (samples.last(), raw.last()) {
                (Some(SlotSample::Color(_)), Some(&c)) => Some(to_lab(c)),
                _ => None,
            })
            .collect();
        if tops.len() == 1 || !tops.iter().all(|&a| tops.iter().all(|&b| alike(a, b))) {
            return false;
        }
        let like_top = |c: [u8; 3]| tops.iter().any(|&b| alike(to_lab(c), b));
        let elsewhere = row.iter().any(|(samples, raw)| {
            let n = samples.len().min(raw.len());
            samples
                .iter()
                .zip(raw.iter())
                .take(n.saturating_sub(1))
                .any(|(s, &c)| matches!(s, SlotSample::Color(_)) && like_top(c))
        });
        if elsewhere {
            return false;
        }
        shown += tops.len();
    }
    shown >= 2
}

/// Whether the slot `end` picks (by index, from a tube's slot count, at
/// least one) of every open tube (of two or more) shows a colour, all
/// within one colour's spread, and no other slot of theirs does.
fn alone_at_every(detection: &Detection, end: impl Fn(usize) -> usize) -> bool {
    alone_in(&open_tubes(detection), end)
}

/// Whether the slot `end` picks (by index, from a tube's slot count, at
/// least one) of every tube of `open` (two or more, as read and as
/// sampled) shows a colour, all within one colour's spread, and no other
/// slot of theirs does.
fn alone_in(open: &[Read], end: impl Fn(usize) -> usize) -> bool {
    let at_end: Option<Vec<Lab>> = open
        .iter()
        .map(|(samples, raw)| {
            let n = samples.len().min(raw.len());
            let k = (n > 0).then(|| end(n))?;
            match (samples.get(k), raw.get(k)) {
                (Some(SlotSample::Color(_)), Some(&c)) => Some(to_lab(c)),
                _ => None,
            }
        })
        .collect();
    let Some(at_end) = at_end.filter(|b| b.len() >= 2) else { return false };
    let alike = |a: Lab, b: Lab| delta_e(a, b) < SAME_COLOR_MAX_DELTA_E;
    let like_any_end = |c: [u8; 3]| at_end.iter().any(|&b| alike(to_lab(c), b));
    at_end.iter().all(|&a| at_end.iter().all(|&b| alike(a, b)))
        && open.iter().all(|(samples, raw)| {
            // Every open tube has a slot: each showed the colour above.
            let k = end(samples.len().min(raw.len()));
            samples
                .iter()
                .zip(raw.iter())
                .enumerate()
                .filter(|&(i, _)| i != k)
                .all(|(_, (s, &c))| !matches!(s, SlotSample::Color(_)) || !like_any_end(c))
        })
}

/// The colour the slot `end` picks (by index, from a tube's slots) shows
/// in every open tube, of two or more, the rest read empty there, when it
/// is one colour (within one colour's spread) found in more slots of the
/// open tubes than a colour has layers. A slot read hidden alone in its
/// tube, empty glass over it, shows its colour here: a game shows every
/// tube's top layer, so that is no hidden cell but the vessel's end,
/// where a glyph was seen in its stroke and the glass (fresh 80363: the
/// thick outline under an empty bulb's round bottom, beside full ones
/// whose every hidden cell shows a glyph).
fn one_colour_at_every(detection: &Detection, end: impl Fn(&[SlotSample]) -> Option<usize>) -> Option<[u8; 3]> {
    let open = open_tubes(detection);
    // Each open tube's slot at that end: what it was read as, and its colour.
    let ends: Vec<(SlotSample, [u8; 3])> = open
        .iter()
        .filter_map(|(samples, raw)| {
            let k = end(samples)?;
            let c = *raw.get(k)?;
            let alone = samples.iter().enumerate().all(|(i, s)| i == k || *s == SlotSample::Empty);
            Some(match samples[k] {
                SlotSample::Hidden if alone => (SlotSample::Color(c), c),
                s => (s, c),
            })
        })
        .collect();
    let shown: Vec<[u8; 3]> = ends.iter().filter(|(s, _)| matches!(s, SlotSample::Color(_))).map(|&(_, c)| c).collect();
    let read_empty = ends.iter().filter(|(s, _)| *s == SlotSample::Empty).count();
    let labs: Vec<Lab> = shown.iter().map(|&c| to_lab(c)).collect();
    let alike = labs.iter().all(|&a| labs.iter().all(|&b| delta_e(a, b) < SAME_COLOR_MAX_DELTA_E));
    if shown.len() + read_empty != open.len() || shown.len() < 2 || !alike {
        return None;
    }
    let colour = median_color(&shown);
    let lab = to_lab(colour);
    // Every slot of that colour, at that end or elsewhere (the empty
    // tubes, tinted glass from top to bottom).
    let slots = open
        .iter()
        .flat_map(|(samples, raw)| samples.iter().zip(raw.iter()))
        .filter(|(s, c)| matches!(s, SlotSample::Color(_)) && delta_e(to_lab(**c), lab) < SAME_COLOR_MAX_DELTA_E)
        .count();
    (slots > detection.capacity).then_some(colour)
}

/// A tube's slots, as read and as sampled (RGB).
pub(super) type Read<'a> = (&'a Vec<SlotSample>, &'a Vec<[u8; 3]>);

/// The slots of each tube not locked, as read and as sampled (RGB).
pub(super) fn open_tubes(detection: &Detection) -> Vec<Read<'_>> {
    detection
        .samples
        .iter()
        .zip(&detection.raw)
        .zip(&detection.locks)
        .filter(|(_, lock)| lock.is_none())
        .map(|(tube, _)| tube)
        .collect()
}

#[cfg(test)]
mod tests;
