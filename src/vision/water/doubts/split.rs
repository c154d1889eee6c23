//! The split-layer check: the slot grid is the liquid's unit, so neither
//! the upper nor the lower part of a filled slot shows another colour of
//! the level, and next to a hidden cell neither part of a shown layer's
//! slot shows the cells' shade (a grid at the wrong height, a neck or a
//! headroom counted as a slot, cuts layers; shading, a ball's round edge,
//! the lit surface on a tube's top layer and a JPEG's hue bled into a
//! small slot's part, its lightness its own, do not change colour).

use image::RgbImage;
use palette::Lab;

use super::{Doubt, color_centres, labelled_samples, pixels_in, raw_of};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::Detection;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::surface::is_lit;

/// The share of a slot's height, from each end, left out of the upper and
/// lower parts looked at by [`Doubt::SplitLayer`] (the bottom slot's lower
/// part is not looked at: the vessel's bottom comes into it): a slot found
/// from a well-measured unit can still be off by a few percent, and the
/// surface of the liquid may carry a meniscus. Chosen by hand, not fitted: with it
/// no slot of the 84 screenshots of ../shared read exactly is doubted.
const SPLIT_MARGIN: f32 = 0.12;

/// The first slot one of whose parts shows what belongs to another layer:
/// another colour of the level, or next to a hidden cell, the cells'
/// shade.
pub(super) fn split_layer(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres = color_centres(&detection.samples, puzzle);
    // Next to a hidden cell, the cells' shade counts as another colour in
    // the part of the slot that meets the cell: a slot read as a liquid
    // there whose part is a hidden cell lies on a grid a layer off (fresh
    // 26926: pint glasses read with a slot under their seven hidden cells,
    // holding the lowest cell's foot and the base). Not elsewhere: a
    // flask's neck darkens its top slot's upper part like a cell (tuning
    // 1275, 1406).
    let hidden = raw_of(detection, SlotSample::Hidden);
    let cells = (!hidden.is_empty()).then(|| to_lab(median_color(&hidden)));
    // Which colour of the level a part of a slot shows, when it is clearly
    // one other than `own` (or, given, the cells' shade).
    let near = |part: Lab, c: &Option<Lab>| c.is_some_and(|c| delta_e(part, c) < SAME_COLOR_MAX_DELTA_E);
    let labelled = labelled_samples(&detection.samples, puzzle);
    // A part of another colour's hue lit as its own colour is its own
    // (`lit_as`); only where every layer is shown, as for the glass
    // below: with the number of colours open, one liquid read as two
    // colours of one hue, lit apart by the board behind, looks so too.
    let lightness = lightness_ranges(&labelled, centres.len());
    let other_colour = |part: Lab, own: usize| {
        let lit_as_own = |other: usize| !puzzle.has_unknowns() && lit_as(part.l, &lightness[own], &lightness[other]);
        centres.iter().enumerate().any(|(i, c)| i != own && near(part, c) && !lit_as_own(i))
    };
    let slots: Vec<Parts> = labelled
        .into_iter()
        .map(|(t, k, id, _)| Parts { tube: t, layer: k, id, parts: slot_parts(image, detection, t, k) })
        .collect();
    // The empty glass, where it is like no colour of the level and not
    // the cells' shade: a part of a slot seen through it beside a round
    // ball, or under a curved bottom, is no other colour. Only where
    // every layer is shown: with hidden layers the counts leave the
    // number of colours open, and a part that shows another colour is
    // also what one liquid read as two colours looks like (tuning 4511:
    // a ball's upper part, its glass left out, was its own colour, but
    // the three tubes of that blue had been read as two colours, and the
    // level solved was not the one shown).
    let unlike_level = |g: &Lab| !centres.iter().chain([&cells]).any(|c| near(*g, c));
    let glass: Vec<Lab> = if puzzle.has_unknowns() {
        Vec::new()
    } else {
        glass_shades(detection).into_iter().filter(unlike_level).collect()
    };
    for slot in &slots {
        let (t, k, id) = (slot.tube, slot.layer, slot.id);
        let under_cell = detection.samples[t].get(k + 1) == Some(&SlotSample::Hidden);
        let over_cell = k.checked_sub(1).is_some_and(|j| detection.samples[t][j] == SlotSample::Hidden);
        // Over a hidden cell likewise in the lower part: the cell coming
        // up into a shown layer is a grid off the unit (fresh 43403:
        // flasks of five hidden layers under one shown, read on a grid of
        // five slots for six; the cell's shade filled the lower 0.6 of
        // the shown layer's slot).
        for (side, cells) in [(0, cells.filter(|_| under_cell)), (1, cells.filter(|_| over_cell))] {
            let Some((rect, p)) = slot.parts[side] else { continue };
            let part = to_lab(p);
            // A part that looks as the same part of the other slots of its
            // colour is how that colour is drawn there (a ball's shine on
            // its upper half, nearer a near-identical colour than its own
            // median: tuning 3504, 3014); a grid off the unit shows there
            // the layers above or below, which differ from slot to slot.
            let drawn_so = || {
                let alike = slots.iter().filter(|o| o.id == id && (o.tube, o.layer) != (t, k));
                alike
                    .filter_map(|o| Some(o.parts[side]?.1))
                    .filter(|&q| delta_e(part, to_lab(q)) < SAME_COLOR_MAX_DELTA_E)
                    .count()
                    >= SLOTS_DRAWN_ALIKE
            };
            let doubted = |part: Lab| {
                !near(part, &centres[id]) && ((other_colour(part, id) && !drawn_so()) || near(part, &cells))
            };
            // Only a part that would be doubted is looked at again
            // without the glass in it: most parts are not, and this
            // keeps the pixel-by-pixel look off the common path.
            if doubted(part) && liquid_median(image, rect, &glass).is_some_and(doubted) {
                let d = centres[id].map_or(0.0, |c| delta_e(part, c));
                return Some(Doubt::SplitLayer { tube: t + 1, layer: k + 1, delta_e: d });
            }
        }
    }
    None
}

/// Least number of other slots of a colour whose same part looks alike for
/// a part to be taken as how that colour is drawn there: two, so that one
/// layer that happens to lie over (or under) the same colour in another
/// tube does not silence a grid off the unit.
const SLOTS_DRAWN_ALIKE: usize = 2;

/// Each colour's lightness as its slots were sampled: the least and the
/// most CIELAB L* of the samples labelled with it (`None` for a colour no
/// slot shows).
fn lightness_ranges(labelled: &[(usize, usize, usize, Lab)], colours: usize) -> Vec<Option<(f32, f32)>> {
    let mut ranges: Vec<Option<(f32, f32)>> = vec![None; colours];
    for &(_, _, id, lab) in labelled {
        let range = ranges[id].get_or_insert((lab.l, lab.l));
        *range = (range.0.min(lab.l), range.1.max(lab.l));
    }
    ranges
}

/// Whether a part of lightness `l` is lit as its own colour, not as the
/// other one its hue is near: the two colours' samples keep apart in
/// lightness (their ranges do not meet) and `l` lies in the third of the
/// way between them nearest its own colour's range ([`LIT_AS_OWN_SHARE`]).
/// A JPEG keeps lightness at every pixel and finely quantised but hue at
/// half the resolution and coarsely, so in a slot a few rows tall the hue
/// of the layers around bleeds into a part and brings it near a like-hued
/// colour of the level while its lightness stays its own (tuning 3873,
/// 3986, fresh 80271, 80449, 88934: parts of one to three rows of 6-10
/// row slots, near-identical hues; each part's L* within 0-3.3 of its own
/// colour's samples, 5.2-11.8 from the other's). A grid off the unit
/// shows the other layer in lightness as in hue: where over half a part
/// is another layer, its median is lit as that layer.
fn lit_as(l: f32, own: &Option<(f32, f32)>, other: &Option<(f32, f32)>) -> bool {
    let (Some(own), Some(other)) = (own, other) else { return false };
    let apart = own.1 < other.0 || other.1 < own.0;
    let from = |(lo, hi): (f32, f32)| (lo - l).max(l - hi).max(0.0);
    let (to_own, to_other) = (from(*own), from(*other));
    apart && to_own < LIT_AS_OWN_SHARE * (to_own + to_other)
}

/// How far across the lightness gap from its own colour's samples to
/// another colour's a part may lie and still be lit as its own: a third.
/// Chosen by hand to leave a margin each side of the middle, not fitted:
/// a part that is half the other layer lies near the middle. The traced
/// parts lay within the first quarter of the gap (L* 3.3 of 15.1 in
/// tuning 3986, 0.3 of 11.8 in 3873, 1.2 of 8.6 in fresh 80271, 1.9 of
/// 8.1 in 80449, 1.4 of 7.4 in 88934); tuning 2061's, near its middle
/// (0.8 of 1.9), stays doubted.
const LIT_AS_OWN_SHARE: f32 = 1.0 / 3.0;

/// A labelled slot and its two parts looked at, upper and lower: where
/// each lies and its median colour.
struct Parts {
    tube: usize,
    layer: usize,
    id: usize,
    parts: [Option<(Rect, [u8; 3])>; 2],
}

/// The shades of the empty glass: each tube's empty slots' median, for
/// every tube with an empty slot.
fn glass_shades(detection: &Detection) -> Vec<Lab> {
    let tubes = detection.samples.iter().zip(&detection.raw);
    tubes
        .filter_map(|(samples, raw)| {
            let empty: Vec<[u8; 3]> =
                samples.iter().zip(raw).filter(|(s, _)| **s == SlotSample::Empty).map(|(_, &c)| c).collect();
            (!empty.is_empty()).then(|| to_lab(median_color(&empty)))
        })
        .collect()
}

/// The median colour of the pixels of `rect` that are not the empty glass
/// (of those [`slot_parts`] takes their medians of); `None` when every one
/// is glass. Beside a round ball, or over a vessel's curved bottom, the
/// glass fills the sides of a slot's part, and the median of glass and
/// liquid mixed is a third colour that may lie near another of the level
/// (tuning 3645: a green ball's lower part over a brown board read as the
/// level's grey-green; fresh 81894: a cyan ball's over a pale green board
/// as its pale blue).
fn liquid_median(image: &RgbImage, rect: Rect, glass: &[Lab]) -> Option<Lab> {
    let liquid: Vec<[u8; 3]> = pixels_in(image, rect, 1)
        .filter(|&p| {
            let p = to_lab(p);
            glass.iter().all(|&g| delta_e(p, g) >= SAME_COLOR_MAX_DELTA_E)
        })
        .collect();
    (!liquid.is_empty()).then(|| to_lab(median_color(&liquid)))
}

/// Where the upper and lower parts of slot `k` of tube `t` lie, and their
/// median colours (the lower part `None` for a bottom slot, the upper
/// part `None` where it is the top layer's lit surface).
fn slot_parts(image: &RgbImage, detection: &Detection, t: usize, k: usize) -> [Option<(Rect, [u8; 3])>; 2] {
    let slot = detection.tubes[t].slots[k];
    let (w, h) = (slot.width() as f32, slot.height() as f32);
    let x0 = slot.x0 + (w * 0.2) as u32;
    let x1 = slot.x1 - (w * 0.2) as u32;
    // A part from `from` rows below the slot's top down to the share
    // `to` of its height. The upper part's margin is at least a whole
    // row: a small slot's share rounded down to none took in the row of
    // a boundary a row off the grid (7-row slots, tuning 667). The
    // lower part ends a row or more above the slot's bottom at every
    // height.
    // Its median is taken on every row, every other pixel across. A part
    // is a few rows tall (rows 1 to 4 of a 12-row slot); taken on every
    // other row, as [`super::median_in`] takes a slot's, a grid a row off
    // the liquid's boundaries leaves one row of the next layer and one of
    // its own in it, and the median of that tie, taken per channel, is a
    // colour of neither, which may lie near a third colour of the level
    // (tuning 3302: a purple layer's part, its top row the teal above it,
    // read [114, 206, 173]; wine glasses read exactly but for that doubt).
    // On every row the layer's own rows outnumber the next layer's.
    let part = |from: u32, to: f32| {
        let y0 = slot.y0 + from;
        let rect = Rect { x0, x1, y0, y1: (slot.y0 + (h * to) as u32).max(y0 + 1) };
        let pixels: Vec<[u8; 3]> = pixels_in(image, rect, 1).collect();
        (!pixels.is_empty()).then(|| (rect, median_color(&pixels)))
    };
    // The lower part of a bottom slot meets the vessel's bottom, whose
    // rounded outline and shading come into it at small sizes; a unit
    // misread splits the slots above it too.
    let lower = (k > 0).then(|| part((h * 0.55) as u32, 1.0 - SPLIT_MARGIN)).flatten();
    let upper = part(((h * SPLIT_MARGIN) as u32).max(1), 0.45);
    // The upper part of a tube's top layer lit against that layer's own
    // colour is its lit surface (a thin band some games draw on top
    // of the liquid, within the part at small sizes: tuning 1513, bulbs
    // full to the shoulder, their pink top layer's band read as the
    // salmon of the level); under liquid no band is drawn.
    let on_top = detection.samples[t].get(k + 1).is_none_or(|s| *s == SlotSample::Empty);
    let own = detection.raw.get(t).and_then(|r| r.get(k)).copied();
    let surface = |p: [u8; 3]| on_top && own.is_some_and(|own| is_lit(p, own));
    [upper.filter(|&(_, p)| !surface(p)), lower]
}

#[cfg(test)]
mod tests;
