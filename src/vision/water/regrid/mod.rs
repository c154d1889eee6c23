//! The reading again on another slot grid, when the one measured fails
//! and the picture says which way it is off: a vessel's shoulder or neck
//! makes the tubes' height a poor measure of their layers, and a thick
//! outline under a round bottom can pass for a layer, and a short run at
//! the glass's top or bottom can hold the grid at half the unit. The other
//! grid's reading is believed only if it passes every check. On either
//! grid, when the counts fail or a colour looks like the empty glass, the
//! same slots are read again ([`reread`]) with tinted empty glass taken
//! for empty, then with glass showing a grained board's grain taken for
//! empty, and so on.

use image::RgbImage;

use super::found::Shared;
use super::level::same_slot;
use super::zoom::{Finder, Look};
use super::{Detection, ReadOptions, VisionError, WaterSight, doubts, read_with};
use crate::geometry::SlotSample;
use crate::puzzle::water::renamed_in_order;
use ends::{
    Read, glass_on_every_top, in_every_top_alone, in_every_top_alone_by_row, no_top_slot_holds_liquid,
    one_colour_on_every_bottom, open_tubes,
};
pub(super) use reread::counts_failed;
use reread::{Glass, Reread, glass_doubted, with_glass_empty};

mod ends;
mod reread;

/// Reads a screenshot with the vessels one finder finds, on the grid
/// measured, or, when that reading fails, on a grid one layer taller or
/// shorter where the picture says which, if that reading passes every
/// check: taller when liquid stands above the top slot (a doubt, or, when
/// the counts fail, a run there unlike the empty glass), and taller by a
/// second layer where the taller grid's counts fail so again, or its top
/// slot is doubted as a hidden cell ([`cells_on_top`]); shorter when the
/// counts fail and every open tube's top slot is empty (a neck read as a
/// slot: the tube is taller than the layers it holds), or shows one colour
/// in more slots than a colour has layers (the glass, tinted, over that
/// neck: on the shorter grid it is taken for empty), or shows one colour
/// found in no other slot (the vessel's rim, [`in_every_top_alone`]; or
/// row by row, the rest read empty: [`in_every_top_alone_by_row`]), or
/// when a colour was doubted for looking like the glass and, with the glass taken for empty,
/// no top slot holds liquid (that glass made whole colours), or when the
/// counts fail and some reading with glass taken for empty (tinted, the
/// board seen through it, a grained board's) leaves no top slot holding
/// liquid, and shorter by a
/// second layer where the shorter grid's counts fail so again; lowered a
/// layer, as many layers, when the counts fail with every open tube's top
/// slot so (a bottom layer clipped small by a bowl's narrow bottom, left
/// out under the grid: tuning 666, 3600) and no shorter grid passed, and
/// so a layer shorter too where that fails (a neck over it); raised a
/// layer off the bottom when the counts fail and every tube's bottom slot
/// shows one colour in more slots than a colour has layers (the vessel's
/// own bottom, [`one_colour_on_every_bottom`]); where none of these says
/// which way and a layer shows two colours of the level, every layer
/// shown, a layer taller, then a layer shorter; at twice the unit when
/// the counts fail and the slots come in pairs ([`paired_from`]). On any grid,
/// when the counts fail or a colour looks like the empty glass, the same
/// slots are read again with tinted glass on top of the tubes taken for
/// empty, and believed if that passes.
pub(super) fn read_by(image: &RgbImage, options: &ReadOptions, look: Look, shared: &Shared) -> WaterSight {
    let found = super::found::find(image, options, look, shared);
    let on_grid = |grid| read_with(image, options, look, &found, grid);
    // The glass the profiles were read with, where the empty vessels
    // showed it on top of others' liquid.
    let profiled = found.as_ref().ok().and_then(|f| f.glass);
    let with_glass_empty = |sight, known| with_glass_empty(image, options, sight, Glass { known, profiled });
    // A reading on another grid, believed only if it passes, its slots not
    // in groups; `None` otherwise.
    let passing_on =
        |grid| Some(unless_in_groups(with_glass_empty(on_grid(grid), None).sight)).filter(|s| s.read.is_ok());
    let measured = on_grid(Grid::Measured);
    let Reread { sight: measured, glassy, tops_emptied } = with_glass_empty(measured, None);
    if measured.read.is_ok() {
        return match neck_taken_off(&measured, look, passing_on) {
            Some(fewer) => fewer,
            None => unless_fewer_passes(measured, passing_on),
        };
    }
    let failed = counts_failed(&measured);
    // What the tubes' tops show, with tinted glass taken for empty when
    // the counts failed with it read as a liquid.
    let tops = glassy.as_ref().or(measured.detection.as_ref());
    // The glass, when every tube's top slot shows it.
    let mut known = tops.filter(|_| failed).and_then(glass_on_every_top);
    let top_unlike_liquid = failed && tops.is_some_and(|d| no_top_slot_holds_liquid(d) || known.is_some());
    // A colour doubted for looking like the glass where, with the glass
    // taken for empty, no top slot holds liquid: a neck or shoulder read as
    // a slot, as above, its tinted glass one colour in every full tube and
    // all through an empty one, so the counts added up (tuning case 1602).
    let glass_on_top = glass_doubted(&measured) && glassy.as_ref().is_some_and(no_top_slot_holds_liquid);
    let mut next = match (&measured.read, tops) {
        (Err(VisionError::Doubtful(doubts::Doubt::LiquidAbove { .. })), _) => Some(Grid::LayersAbove(1)),
        (_, Some(d)) if failed && doubts::unread_liquid_above(image, d) => Some(Grid::LayersAbove(1)),
        (_, Some(d)) if failed && (no_top_slot_holds_liquid(d) || known.is_some()) => Some(Grid::LayersFewer(1)),
        (_, Some(d))
            if failed
                && (in_every_top_alone(d)
                    || measured.detection.as_ref().is_some_and(in_every_top_alone)
                    || in_every_top_alone_by_row(d)) =>
        {
            Some(Grid::LayersFewer(1))
        }
        _ if glass_on_top || (failed && tops_emptied) => Some(Grid::LayersFewer(1)),
        _ => None,
    };
    // A layer showing two colours of the level: the grid is off the
    // liquid's unit, the picture not saying which way (vases full to the
    // top, their box ending a layer under it or reaching into the neck;
    // tuning 2761 and 2998). Both grids are tried, the taller first, only
    // where every layer is shown: with hidden layers the counts are open,
    // and a grid a layer short of balls with gaps between them passed
    // every check while wrong (fresh 60734).
    let shown = |d: &Detection| d.samples.iter().flatten().all(|s| *s != SlotSample::Hidden);
    if next.is_none()
        && matches!(measured.read, Err(VisionError::Doubtful(doubts::Doubt::SplitLayer { .. })))
        && measured.detection.as_ref().is_some_and(shown)
        && let Some(again) = [Grid::LayersAbove(1), Grid::LayersFewer(1)].into_iter().find_map(passing_on)
    {
        return again;
    }
    while let Some(grid) = next {
        let Reread { sight: again, glassy, tops_emptied } = with_glass_empty(on_grid(grid), known);
        let again = unless_in_groups(again);
        if again.read.is_ok() {
            return again;
        }
        // A second layer fewer where the first left glass on top of
        // every tube: a rim and a unit of tinted headroom above the
        // liquid (tuning case 663, wine glasses whose box starts on the
        // rim). A second layer more where liquid still stands above the
        // first's top slot (as read, the glass not taken for empty).
        let tops = glassy.as_ref().or(again.detection.as_ref()).filter(|_| counts_failed(&again));
        known = tops.and_then(glass_on_every_top);
        // Or where the taller grid's new top slot is a hidden cell whose
        // glyph went unseen, doubted as a liquid like the cells or as a
        // hidden top layer: the cells go on up a neck, a layer more each,
        // to the shown top layer (fresh 88001).
        let cells_go_on = matches!(&again.read, Err(VisionError::Doubtful(d)) if cells_on_top(d));
        let as_read = again.detection.as_ref().filter(|_| counts_failed(&again) || cells_go_on);
        next = match grid {
            Grid::LayersAbove(n)
                if n < MAX_LAYERS_ABOVE && as_read.is_some_and(|d| doubts::unread_liquid_above(image, d)) =>
            {
                Some(Grid::LayersAbove(n + 1))
            }
            Grid::LayersFewer(n)
                if n < MAX_LAYERS_FEWER
                    && (tops.is_some_and(|d| no_top_slot_holds_liquid(d) || known.is_some())
                        || (counts_failed(&again) && tops_emptied)) =>
            {
                Some(Grid::LayersFewer(n + 1))
            }
            _ => None,
        };
    }
    // A bottom layer clipped small by a bowl's narrow bottom, left out
    // under a grid whose top slot is the headroom or the rim; and where
    // the grid a layer lower fails too, a layer lower and a layer
    // shorter: the box reached from above the round bottom up into the
    // neck, so the grid measured from it left the bottom layer out and
    // took a unit of the neck's tinted glass in (tuning 5786: corked
    // bulbs, the neck's glass one colour over every vessel's liquid and
    // all through the empty ones).
    if top_unlike_liquid && let Some(again) = passing_on(Grid::FloorLowered { fewer: 0 }) {
        return again;
    }
    if top_unlike_liquid && let Some(again) = passing_on(Grid::FloorLowered { fewer: 1 }) {
        return again;
    }
    // The vessel's own bottom (a thick outline under a round bottom) read
    // as a slot of liquid under every tube's.
    if failed
        && measured.detection.as_ref().is_some_and(one_colour_on_every_bottom)
        && let Some(again) = passing_on(Grid::FloorRaised)
    {
        return again;
    }
    // Each layer read as two slots (tuning 5053, hurricane glasses whose
    // outline under the round bottom is a short run; fresh 88677, tubes
    // whose tinted headroom is half a layer tall).
    if failed
        && let Some(from) = measured.detection.as_ref().and_then(paired_from)
        && let Some(again) = passing_on(Grid::Doubled { from })
    {
        return again;
    }
    measured
}

/// The slot (0 or 1, of one of them only) from which the slots of every
/// open tube, two at a time up to the last whole pair, each hold one thing
/// (empty, hidden, or colours within one colour's spread), with colour in
/// pairs in at least [`MIN_PAIRED_TUBES`] tubes: each layer read as two
/// slots. Where both do (tubes of one colour or empty), the picture does
/// not say where a layer starts.
fn paired_from(detection: &Detection) -> Option<usize> {
    let open = open_tubes(detection);
    let alike = |samples: &[SlotSample], raw: &[[u8; 3]], i: usize| match (samples.get(i..i + 2), raw.get(i..i + 2)) {
        (Some([a, b]), Some(&[a_raw, b_raw])) => same_slot((a, a_raw), (b, b_raw)),
        _ => false,
    };
    let pairs_from = |from: usize| {
        let layers = detection.capacity.saturating_sub(from) / 2;
        let pairs = |(samples, raw): &Read| (0..layers).map(|k| from + 2 * k).all(|i| alike(samples, raw, i));
        let coloured = |(samples, _): &&Read| samples.get(from).is_some_and(|s| matches!(s, SlotSample::Color(_)));
        layers >= 2 && open.iter().all(pairs) && open.iter().filter(coloured).count() >= MIN_PAIRED_TUBES
    };
    match (pairs_from(0), pairs_from(1)) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    }
}

/// Fewest open tubes holding liquid in pairs for the measured slots to be
/// read again on twice the unit ([`paired_from`]): each more tube that
/// pairs by chance is about one chance in the number of colours squared;
/// the count [`doubts::slots_in_groups_in_many`] asks of a reading by the
/// walls. Not fitted.
const MIN_PAIRED_TUBES: usize = 3;

/// The reading a layer fewer, where a passing reading by the vessels'
/// liquid with hidden layers holds liquid in no top slot (refused so
/// later: [`doubts::Doubt::TopSlotNowhereFilled`]) and a layer fewer
/// passes every check and fills every vessel holding a hidden layer. A
/// hidden layer stays hidden until the layers over it are poured off, so
/// where a game deals its filled vessels full, every vessel holding one is
/// full at the level's start; on the measured grid none was: a bottle's
/// shoulder or a flask's neck was read as a slot (tuning 1681, 5262;
/// fresh 81719, 88447). A level in play, a vessel's top poured off (fresh
/// 81873), is not read so and stays refused. A game dealing such vessels
/// part full (see [`doubts::hidden_vessels_full`]) is read a layer short
/// only where each holds one layer under the capacity and no vessel's top
/// slot holds liquid.
fn neck_taken_off(
    measured: &WaterSight,
    look: Look,
    passing_on: impl Fn(Grid) -> Option<WaterSight>,
) -> Option<WaterSight> {
    let no_top_filled = |d: &Detection| doubts::liquid_finding_doubt(d) == Some(doubts::Doubt::TopSlotNowhereFilled);
    if !matches!(look.finder, Finder::Liquid(..)) || !measured.detection.as_ref().is_some_and(no_top_filled) {
        return None;
    }
    passing_on(Grid::LayersFewer(1)).filter(|fewer| fewer.detection.as_ref().is_some_and(doubts::hidden_vessels_full))
}

/// A passing reading, doubted where its top row of slots may be headroom
/// ([`doubts::lone_top_slot`]: one tube's top slot liquid, the rest empty
/// glass, hidden layers leaving the counts open) and the reading a layer
/// fewer passes every check too: two levels agree with the picture, and
/// the one solved could be the one not on the screen (fresh 59615: round
/// tubes with a unit of headroom, a cloud behind one tube's read as a
/// liquid, read with a layer too many; the grid a layer fewer read the
/// level on the screen).
fn unless_fewer_passes(measured: WaterSight, passing_on: impl Fn(Grid) -> Option<WaterSight>) -> WaterSight {
    let Some((tube, capacity)) =
        measured.detection.as_ref().and_then(|d| Some((doubts::lone_top_slot(d)?, d.capacity)))
    else {
        return measured;
    };
    // A grid a layer fewer reading the same level is no second level (fresh
    // 80927: the measured grid had already taken its headroom off).
    let puzzle = |s: &WaterSight| s.read.as_ref().ok().map(|r| renamed_in_order(&r.puzzle.to_string()));
    match passing_on(Grid::LayersFewer(1)).filter(|fewer| puzzle(fewer) != puzzle(&measured)) {
        Some(fewer) => WaterSight {
            read: Err(VisionError::Doubtful(doubts::Doubt::HeadroomOrLayer {
                tube,
                capacity,
                fewer: fewer.detection.as_ref().map_or(capacity - 1, |d| d.capacity),
            })),
            ..measured
        },
        None => measured,
    }
}

/// A reading on a grid other than the one measured, doubted when its
/// slots come in groups ([`doubts::slots_in_groups`]): a grid at half the
/// unit that the counts refused with a slot more (a neck, or glass over
/// the liquid, read as two slots) adds up a slot fewer, each layer read
/// as two (test case 1001047, tubes of capacity 3 read as 6).
fn unless_in_groups(mut sight: WaterSight) -> WaterSight {
    if let Some(doubt) = sight.read.as_ref().ok().and_then(|read| doubts::slots_in_groups(&read.puzzle)) {
        sight.read = Err(VisionError::Doubtful(doubt));
    }
    sight
}

/// Whether a doubt is what a hidden cell whose glyph went unseen makes
/// of a reading's top slot: a colour like the cells (or a liquid between
/// two), or a hidden top layer.
fn cells_on_top(doubt: &doubts::Doubt) -> bool {
    doubt.hidden_read_as_liquid() || matches!(doubt, doubts::Doubt::HiddenOnTop { .. })
}

/// Which slot grid a reading samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Grid {
    /// The layers the tubes' heights and liquid measure.
    Measured,
    /// Layers more on top: where liquid stands above the measured top
    /// slot, a vessel's shoulder or neck (which stops its walls, or holds
    /// its top unit in less height) was taken for headroom; and where it
    /// still stands above the new top slot, a second unit in that neck.
    LayersAbove(usize),
    /// Layers fewer: where the counts fail and every tube's top slot is
    /// empty, a neck or headroom a layer tall was counted as a slot; and
    /// where they fail again so, a rim and a layer of headroom.
    LayersFewer(usize),
    /// One layer fewer at the bottom: where the counts fail and every
    /// tube's bottom slot shows one colour in more slots than a colour has
    /// layers, or in every tube, the empty ones too (or every tube holding
    /// anything, the rest read wholly empty), and nowhere else, the
    /// vessel's own bottom was counted as a slot.
    FloorRaised,
    /// The grid a layer lower, as many layers: where the counts fail and
    /// every tube's top slot is empty or shows one colour (the rim), the
    /// bottom layer, clipped small by a narrow bottom, was left out under
    /// the grid; and `fewer` layers fewer on top, where a neck's glass
    /// over the liquid was read as a slot too.
    FloorLowered { fewer: usize },
    /// Twice the unit, from measured slot `from` (0 or 1) up: where the
    /// counts fail and the measured slots come in pairs of one thing in
    /// every open tube, each layer was read as two slots, the grid held at
    /// half the unit by a short run at the glass's top or bottom (the
    /// headroom's tinted glass, an outline under a round bottom) that only
    /// half the unit puts on a boundary. Pairs from slot 1 leave the bottom
    /// slot the vessel's own.
    Doubled { from: usize },
}

/// Most layers a reading drops from the measured grid: a rim and a layer
/// of headroom both counted as slots (tuning case 663). Each layer
/// dropped needs the counts to fail with every tube's top slot empty or
/// showing one glass, which no level in play does.
const MAX_LAYERS_FEWER: usize = 2;

/// Most layers a reading adds above the measured grid: a flask's top two
/// units standing in its tapering neck, above where its walls stop
/// (tuning case 270). Each layer added needs the counts to fail with a
/// run of liquid above the top slot, unlike the empty glass; the bound
/// only ends the search. Two, as [`MAX_LAYERS_FEWER`] (not fitted: case
/// 270's neck holds two units above where its walls stop; a vessel
/// holding more there was not looked for).
const MAX_LAYERS_ABOVE: usize = 2;

#[cfg(test)]
pub(super) mod tests;
