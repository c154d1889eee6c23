//! Empty glass over a board that is not flat (a texture, a photo's ground,
//! clouds): the glass shows the board's grain through it, so its slots
//! match neither the board beside the tube (which differs from the board
//! behind it) nor one colour of glass, and read as liquid. A game's liquid
//! is flat colour; the grain is the evidence. A slot on top of a tube whose
//! middle is grained where the board beside it is grained too is that
//! glass; so is one the colour of the board just outside its vessel's
//! walls (clear glass before a cloud that the middle of the gap misses).
//! A slot of the hidden cells' own shade is a hidden cell whose glyph was
//! missed, never glass. Tried, like [`tinted`](super::tinted), only when
//! the counts failed, and believed only if the reading then passes every
//! check.

use image::RgbImage;

use super::board::{beside_patch, board_at_walls, looks_empty, narrow_gap};
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::slot_middle;
use super::{Detection, SAME_LIQUID_DELTA_E};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, to_lab};

/// Which slots of grained glass [`grained_glass_taken_for_liquid`] takes
/// for empty; each tried only where the one before gave no reading that
/// passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Extent {
    /// The slots on top of any tube that show the grain beside them (or
    /// the board at their walls, or go on down from such glass).
    Shown,
    /// Those, and the slots that are not flat and look like glass shown
    /// grained on any tube: the same glass over the same ground, where the
    /// patch beside a slot misses the ground's grain (a hill's edge
    /// curving away behind the vessel, the sky beside it; test 1001847).
    /// Last, as a liquid near the glass's colour in a curved bowl is not
    /// flat either (tuning 513).
    LikeShown,
    /// Those of [`Extent::LikeShown`] only in tubes wholly such glass,
    /// holding at least two slots not sampled alike (one liquid's are: the
    /// ground changes behind the glass): where the liquid's own top layers
    /// show a grain too (a noisy JPEG's flat colours by a narrow neck; test
    /// 1001601), the empty vessels alone.
    Vessels,
}

/// The detection with every slot read as liquid that shows the board's
/// grain or the board just outside its walls (or looks like `glass`, the
/// game's empty glass where it was seen), with only such slots or empty
/// ones above it, taken for empty; `None`
/// when no slot changes. A slot that looks like the grained glass just
/// above it is taken for that glass too; with [`Extent::LikeShown`], so
/// is one that is not flat and looks like glass shown grained on any tube.
pub(super) fn grained_glass_taken_for_liquid(
    image: &RgbImage,
    detection: &Detection,
    glass: Option<[u8; 3]>,
    extent: Extent,
) -> Option<Detection> {
    let outlines: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let glass = glass.map(to_lab);
    // The hidden cells' shade, as sampled where a glyph was seen.
    let cells: Vec<_> = super::doubts::raw_of(detection, SlotSample::Hidden).into_iter().map(to_lab).collect();
    let cell = |color: [u8; 3]| cells.iter().any(|&c| delta_e(to_lab(color), c) <= SAME_LIQUID_DELTA_E);
    // The colours of the glass proven grained where the board beside it
    // shows the grain, among each tube's slots read as liquid from its top
    // down to the first hidden one (the only slots glass can be), for
    // [`Extent::LikeShown`] and [`Extent::Vessels`].
    let mut proven: Vec<[u8; 3]> = Vec::new();
    let tubes = detection.tubes.iter().zip(&detection.samples).zip(&detection.raw);
    for ((tube, samples), raw) in tubes.filter(|_| extent != Extent::Shown) {
        let filled = tube.slots.iter().zip(samples).zip(raw).rev().filter(|((_, s), _)| **s != SlotSample::Empty);
        for ((slot, sample), &color) in filled {
            if !matches!(sample, SlotSample::Color(_)) || cell(color) {
                break;
            }
            if shows_grain(image, &tube.outer, slot, &outlines) {
                proven.push(color);
            }
        }
    }
    let mut out = detection.clone();
    let mut changed = false;
    for ((tube, samples), raw) in detection.tubes.iter().zip(out.samples.iter_mut()).zip(&detection.raw) {
        let before = samples.clone();
        // The colour of the grained glass just above, walking down.
        let mut grained_above: Option<[u8; 3]> = None;
        for ((slot, sample), &color) in tube.slots.iter().zip(samples.iter_mut()).zip(raw).rev() {
            if *sample == SlotSample::Empty {
                continue;
            }
            // A slot of the hidden cells' own shade is a hidden cell whose
            // glyph was missed, never glass (fresh 19309: two tubes of
            // hidden layers, boxed off centre so their glyphs were missed,
            // read as empty glass showing the board at their walls).
            if !matches!(sample, SlotSample::Color(_)) || cell(color) {
                break;
            }
            let like_glass = glass.is_some_and(|g| delta_e(to_lab(color), g) < SAME_COLOR_MAX_DELTA_E);
            // The same glass over the same ground goes on down where the
            // grain is too fine to see (a small picture): a slot like the
            // grained glass just above it is that glass too, so a
            // ground's glass is never split into glass and a liquid.
            let glass_goes_on = grained_above.is_some_and(|above| looks_empty(color, above));
            let like_proven = || {
                proven.iter().any(|&p| looks_empty(color, p))
                    && lightness_spread(image, &slot_middle(slot)) >= FLAT_LIQUID_SPREAD
            };
            if shows_grain(image, &tube.outer, slot, &outlines)
                || glass_goes_on
                || like_proven()
                || shows_board_at_walls(image, &tube.outer, slot, &outlines, color)
            {
                grained_above = Some(color);
            } else if !like_glass {
                break;
            }
            *sample = SlotSample::Empty;
        }
        if extent == Extent::Vessels && !wholly_uneven_glass(samples, &before, raw) {
            samples.clone_from(&before);
        }
        changed |= *samples != before;
    }
    changed.then_some(out)
}

/// Whether a tube's slots, `before` as read and `after` some were taken
/// for glass, are all glass now, at least two of them taken for it whose
/// `raw` colours are not sampled alike (over [`SAME_LIQUID_DELTA_E`]
/// apart, as no one liquid's are).
fn wholly_uneven_glass(after: &[SlotSample], before: &[SlotSample], raw: &[[u8; 3]]) -> bool {
    let taken: Vec<_> = (0..after.len()).filter(|&k| after[k] != before[k]).map(|k| to_lab(raw[k])).collect();
    let uneven = taken.iter().any(|&a| taken.iter().any(|&b| delta_e(a, b) > SAME_LIQUID_DELTA_E));
    after.iter().all(|s| *s == SlotSample::Empty) && uneven
}

/// The top layer (tube and slot, from 0) of the first colour that shows
/// the board's grain where glass read as liquid would: empty glass over a
/// grained board, read as one more liquid filling a vessel, which the
/// counts let through (hidden layers leave them open; tuning 7035, an
/// empty pint glass over a mottled hill read full of one colour). The
/// colour lies in that one vessel, or alone in each vessel holding it, the
/// slots above it read empty (fresh 58451: two empty glasses over a hill
/// whose lower slots, four in one and three in the other, made one more
/// colour of seven), its top layer and most of its layers are grained (in
/// a narrow foot the grain can fade), and its layers are
/// not sampled alike, as one liquid's are: the ground changes behind the
/// glass. Shaded balls show a spread like grain, but each ball of a
/// colour is drawn alike; a liquid's own gloss shows in some layers of a
/// colour spread over several tubes (the wood-board game of ../shared,
/// sshcrack discovery-level-38).
/// `color` gives the colour read in a slot (tube, slot), if any.
pub(super) fn grained_color(
    image: &RgbImage,
    detection: &Detection,
    color: impl Fn(usize, usize) -> Option<usize>,
) -> Option<(usize, usize)> {
    let outlines: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let grained = |t: usize, k: usize| {
        let tube = &detection.tubes[t];
        shows_grain(image, &tube.outer, &tube.slots[k], &outlines)
    };
    let mut tops = detection.samples.iter().enumerate().filter_map(|(t, samples)| {
        let top = samples.iter().rposition(|s| *s != SlotSample::Empty)?;
        let liquid = matches!(samples[top], SlotSample::Color(_));
        Some((t, top, color(t, top).filter(|_| liquid)?))
    });
    // The grain is looked at last: it costs a pass over the slot's pixels.
    tops.find(|&(t, k, id)| {
        let color = &color;
        let slots = |u: usize| (0..detection.samples[u].len()).filter(move |&j| color(u, j) == Some(id));
        let vessels = || (0..detection.samples.len()).filter(move |&u| slots(u).next().is_some());
        let alone = |u: usize| {
            detection.samples[u].iter().enumerate().all(|(j, s)| *s == SlotSample::Empty || color(u, j) == Some(id))
        };
        let set_apart = vessels().all(|u| u == t) || vessels().all(alone);
        let layers = || vessels().flat_map(move |u| slots(u).map(move |j| (u, j)));
        let colors: Vec<_> = layers().map(|(u, j)| to_lab(detection.raw[u][j])).collect();
        let uneven = colors.iter().any(|&a| colors.iter().any(|&b| delta_e(a, b) > SAME_LIQUID_DELTA_E));
        set_apart && uneven && grained(t, k) && {
            let shown = layers().filter(|&(u, j)| (u, j) == (t, k) || grained(u, j)).count();
            2 * shown > colors.len()
        }
    })
    .map(|(t, k, _)| (t, k))
}

/// Whether a slot's middle shows the grain of the board beside its tube:
/// it is not flat (its lightness spreads at least [`FLAT_LIQUID_SPREAD`]),
/// the board beside is grained (at least [`GRAINED_BOARD_SPREAD`]), and
/// the slot keeps at least [`GLASS_PASSES`] of the board's spread.
fn shows_grain(image: &RgbImage, tube: &Rect, slot: &Rect, outlines: &[Rect]) -> bool {
    let inside = lightness_spread(image, &slot_middle(slot));
    let beside = beside_patch(image, tube, slot, outlines);
    // Vessels standing close leave the board beside a slot only in the
    // narrow gaps between them; the patch above the tube, where
    // [`beside_patch`] falls back to, is no board behind the slot (fresh
    // 58451: hurricane glasses over a mottled hill, the sky above them).
    let beside = if beside.y1 <= tube.y0 { narrow_gap(image, tube, slot, outlines).unwrap_or(beside) } else { beside };
    let board = lightness_spread(image, &beside);
    inside >= FLAT_LIQUID_SPREAD && board >= GRAINED_BOARD_SPREAD && inside >= GLASS_PASSES * board
}

/// Whether a slot's colour is that of the board just outside its vessel's
/// walls, level with the slot's middle, on either side: clear glass over a
/// board that changes across the screen (clouds, a photo), where the board
/// in the middle of the gap beside the vessel is not the board behind it.
fn shows_board_at_walls(image: &RgbImage, tube: &Rect, slot: &Rect, outlines: &[Rect], color: [u8; 3]) -> bool {
    board_at_walls(image, tube, slot, outlines).into_iter().flatten().any(|b| looks_empty(color, b))
}

/// The interquartile range of CIELAB lightness over the part of `area` in
/// the picture: robust to a highlight streak or a meniscus line covering
/// under a quarter of it.
fn lightness_spread(image: &RgbImage, area: &Rect) -> f32 {
    let mut l: Vec<f32> = Vec::new();
    for y in area.y0..area.y1.min(image.height()) {
        for x in area.x0..area.x1.min(image.width()) {
            l.push(to_lab(image.get_pixel(x, y).0).l);
        }
    }
    if l.len() < 4 {
        return 0.0;
    }
    l.sort_by(f32::total_cmp);
    l[l.len() * 3 / 4] - l[l.len() / 4]
}

/// Least lightness spread (interquartile, CIELAB L) of a slot's middle
/// that is not flat liquid. Measured on tuning seeds 0..400, slots whose
/// truth is liquid: median 0.0, 90th percentile 0.4, 96% under 1.5 (the
/// rest curved walls and highlights in narrow vessels); empty glass read as
/// liquid: median 2.8, 59 of 65 at or over 1.5.
const FLAT_LIQUID_SPREAD: f32 = 1.5;

/// Least lightness spread of the board beside a tube for it to count as
/// grained: over JPEG noise on a flat board. Measured beside every slot of
/// tuning seeds 0..400: median 0.0-0.24 on every kind of board, 99th
/// percentile 1.5-1.6 on paper and the photos' skies, while 8-13% of the
/// patches beside slots on flat, gradient and textured boards reach 2 (a
/// neighbour's outline or the interface in the patch, or the texture). So
/// it does not prove grain alone; with the slot's own spread it does.
const GRAINED_BOARD_SPREAD: f32 = 2.0;

/// Least share of the board's spread that glass over it keeps: glass that
/// lets through under a third of the board is near opaque, and reads by its
/// own colour ([`tinted`](super::tinted)). Not fitted: the generated glass
/// tints let 60-90% through.
const GLASS_PASSES: f32 = 0.3;

#[cfg(test)]
mod tests;
