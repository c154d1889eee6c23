//! A reading's slots read again on the same grid when its counts fail or
//! a colour looks like the empty glass: with tinted empty glass taken for
//! empty ([`tinted`]), with the board seen through the glass taken for
//! empty ([`through`]), with glass showing a grained board's grain taken
//! for empty ([`grained`]), with vessels like the empty ones of their row
//! taken for empty ([`alike`]), with a ball sort's glass and balls told by
//! their shapes ([`discs`]), without a row of vessels alike slot for slot
//! (round buttons, [`buttons`]), or with liquid the colour of the board taken
//! back from the glass (where the glass of the tubes read empty, or the
//! glass above the liquid, [`beneath`], is unlike it); and, when its
//! counts fail or a colour looks like
//! the hidden cells, with slots of the hidden cells' shade taken for
//! hidden cells whose glyph was not seen ([`unseen`]). Each reading again
//! is believed only if it passes every check.

use image::RgbImage;

use super::super::{
    Detection, ReadOptions, VisionError, WaterSight, alike, beneath, buttons, discs, doubts, grained, judged, through,
    tinted, unseen,
};
use super::no_top_slot_holds_liquid;

/// `sight` when its reading passed; else, when its counts failed or it
/// was doubted for a colour like the empty glass (or every tube full), its
/// slots read again with tinted empty glass taken for empty (see
/// [`tinted`]; the glass is the one seen on every top when known, else
/// the glass above the liquid, else the glass the profiles were read
/// with, else, with every tube read full, the glass of the tubes it fills
/// wholly, or on their tops showing the board through clear glass, else
/// the glass of the tubes read wholly empty), if that reading passes;
/// else with the board seen through the
/// glass taken for empty where the board changes (see [`through`]), if
/// that passes; else with glass over a grained board taken for empty too
/// (see [`grained`]), if that passes; else with vessels wholly like the
/// empty vessels of their row taken for empty (see [`alike`]), if that
/// passes; else, in a ball sort, with glass and balls told by their
/// shapes (see [`discs`]), if that passes; else, when the counts failed,
/// with slots read empty on top of the liquid that are
/// unlike the empty tubes' glass taken for liquid
/// ([`tinted::liquid_taken_for_glass`]), if that passes; else, when the
/// counts failed, with slots read empty on top of the liquid that are
/// unlike the glass above the liquid of their row taken for liquid
/// ([`beneath`]), if that passes; else, when the counts failed (or, first
/// of all, when two colours were doubted as alike), without a row of
/// three vessels or more alike slot for slot (see [`buttons`]), if that
/// passes; else with slots of the hidden cells' shade taken for hidden
/// cells ([`unseen`]), if that passes. Each of the readings again that
/// fails on its counts is read once more with liquid of the board's
/// colour taken back from the glass too, over the board of the tubes
/// read wholly empty (the glass taken for empty can leave the first such
/// tube, which shows what the glass looks like; see
/// [`tinted::liquid_taken_for_glass_over_its_board`]), or unlike the
/// glass above the liquid ([`beneath`]), each believed only if some top
/// slot still holds liquid; each that fails so
/// (its counts, or a colour like the hidden cells), with such slots taken
/// for hidden cells too. Otherwise the failed reading, and the tinted
/// detection if there was one, else the one with the board seen through
/// the glass taken for empty, and whether any of those read again left no
/// top slot holding liquid.
pub(super) fn with_glass_empty(
    image: &RgbImage,
    options: &ReadOptions,
    sight: WaterSight,
    Glass { known: glass, profiled }: Glass,
) -> Reread {
    let settled = |sight| Reread { sight, glassy: None, tops_emptied: false };
    if sight.read.is_ok() {
        return settled(sight);
    }
    // A row of buttons matched as vessels whose colour made two colours
    // alike ([`buttons`]; where the counts fail, it is tried below).
    let alike_colours = matches!(&sight.read, Err(VisionError::Doubtful(doubts::Doubt::CloseColors { .. })));
    if alike_colours
        && let Some(again) = sight.detection.as_ref().and_then(buttons::without_rows_of_alike_vessels).and_then(|d| {
            let again = judged(image, options, d);
            again.read.is_ok().then_some(again)
        })
    {
        return settled(again);
    }
    // A colour like the hidden cells may be glass tinted dark as they are
    // (tuning 4287: hurricane glasses on a dark textured board, two empty
    // ones read full of their grey glass, the third read empty).
    let like_cells = matches!(&sight.read, Err(VisionError::Doubtful(d @ doubts::Doubt::Lookalike { .. })) if d.hidden_read_as_liquid());
    let Some(detection) =
        sight.detection.as_ref().filter(|_| counts_failed(&sight) || glass_doubted(&sight) || like_cells)
    else {
        return settled(unseen_cells(image, options, &sight).unwrap_or(sight));
    };
    // Every detection read again; the first that passes is the reading.
    let mut tried: Vec<Detection> = Vec::new();
    let mut passing = |d: Option<Detection>| {
        let d = d?;
        tried.push(d.clone());
        let again = judged(image, options, d);
        if again.read.is_ok() {
            return Some(again);
        }
        // Glass read as liquid and liquid the colour of the board read as
        // glass, both in one reading: the glass taken for empty may leave
        // a tube wholly empty, the first to show the glass (tuning 3207).
        // Not where that leaves every top slot empty: the grid is a layer
        // too tall there, and a reading passing on it is taken before the
        // grid a layer fewer is tried (tuning 4312: wine glasses with
        // hidden layers read so on a grid of eight for seven, which the
        // liquid finder then doubted for its empty tops).
        if counts_failed(&again)
            && let Some(d) = tried.last()
            && let Some(both) = [
                tinted::liquid_taken_for_glass_over_its_board(image, d),
                beneath::liquid_unlike_the_glass_above(image, d),
            ]
            .into_iter()
            .flatten()
            .map(|both| judged(image, options, both))
            .find(|both| both.read.is_ok() && both.detection.as_ref().is_some_and(|d| !no_top_slot_holds_liquid(d)))
        {
            return Some(both);
        }
        // Glass read as liquid and hidden cells whose glyph was not seen,
        // both in one reading.
        unseen_cells(image, options, &again)
    };
    let glassy = tinted::glass_taken_for_liquid(image, detection, glass);
    if let Some(again) = passing(glassy.clone()) {
        return settled(again);
    }
    // The glass the profiles were read with; or the glass only in tubes
    // it fills wholly, in more slots than a colour has layers; or, with
    // every tube full, heaped on their tops in more slots than a colour
    // has layers, or on their tops where it is the board seen through
    // clear glass; or the glass of the tubes read wholly empty (fresh
    // 89759: wine glasses on a cloudy board, one empty glass read so and
    // the same glass over another's liquid read as a liquid, the board
    // beside it darker). Not where that leaves
    // every top slot empty: the grid is a layer too tall there, its top
    // slot the glass over the liquid (fresh 40639: read on a grid a
    // layer taller, hidden layers leaving the counts open).
    let some_top_full = |sight: &WaterSight| sight.detection.as_ref().is_some_and(|d| !no_top_slot_holds_liquid(d));
    let other_glass = [
        profiled,
        tinted::glass_filling_whole_tubes(detection),
        tinted::glass_heaped_on_tops(detection),
        tinted::glass_through_on_tops(image, detection),
        tinted::glass_of_empty_tubes(detection),
    ];
    if let Some(again) = other_glass
        .into_iter()
        .flatten()
        .find_map(|g| passing(tinted::glass_taken_for_liquid(image, detection, Some(g))).filter(some_top_full))
    {
        return settled(again);
    }
    // Glass over another board than the empty slots stand on.
    let through = through::board_through_glass_taken_for_liquid(image, detection);
    if let Some(again) = passing(through.clone()) {
        return settled(again);
    }
    // Glass over a grained board: its slots show the grain (and, where
    // the glass was seen, its tint).
    let seen = glass.or_else(|| tinted::glass_seen(image, detection));
    let extents = [grained::Extent::Shown, grained::Extent::LikeShown, grained::Extent::Vessels];
    if let Some(again) = extents
        .into_iter()
        .find_map(|extent| passing(grained::grained_glass_taken_for_liquid(image, detection, seen, extent)))
    {
        return settled(again);
    }
    // A vessel wholly like an empty one of its row: its glass before
    // another part of the board.
    if let Some(again) = passing(alike::vessels_like_the_empty_ones(detection)) {
        return settled(again);
    }
    // A ball sort's balls and glass told by their shapes, where colour
    // told a dark ball for glass or glass over another board for a ball.
    if let Some(again) = passing(discs::glass_and_balls_told_by_shape(image, detection)) {
        return settled(again);
    }
    // Liquid the colour of the board, where the glass is tinted unlike it.
    if counts_failed(&sight)
        && let Some(again) = passing(tinted::liquid_taken_for_glass(detection))
    {
        return settled(again);
    }
    // Liquid near the board's colour under glass tinted just off it.
    if counts_failed(&sight)
        && let Some(again) = passing(beneath::liquid_unlike_the_glass_above(image, detection))
    {
        return settled(again);
    }
    // A row of buttons matched as vessels, all alike.
    if counts_failed(&sight)
        && let Some(again) = passing(buttons::without_rows_of_alike_vessels(detection))
    {
        return settled(again);
    }
    // The glass taken for empty, for the grid a layer fewer: where no
    // tinted glass was seen, the glass over another board (tuning 4655:
    // every tube full to a layer under the rim, whose glass over the top
    // of a gradient was read as one more layer).
    let tops_emptied = tried.iter().any(no_top_slot_holds_liquid);
    // Hidden cells whose glyph was not seen, read as a liquid of their
    // shade (not among those tried: its top slots are as read).
    if let Some(again) = unseen_cells(image, options, &sight) {
        return settled(again);
    }
    Reread { sight, glassy: glassy.or(through), tops_emptied }
}

/// The reading with slots of the hidden cells' shade, where hidden cells
/// stand, taken for hidden cells ([`unseen`]; the shade of the cells whose
/// glyph was seen, or, where none was, of the tubes' bottom slots), where
/// `sight` failed on its counts or was doubted for a colour like the
/// hidden cells or for a liquid between two hidden cells, if that reading
/// passes every check.
fn unseen_cells(image: &RgbImage, options: &ReadOptions, sight: &WaterSight) -> Option<WaterSight> {
    let doubted = matches!(&sight.read, Err(VisionError::Doubtful(d)) if d.hidden_read_as_liquid());
    let detection = sight.detection.as_ref().filter(|_| counts_failed(sight) || doubted)?;
    let cells =
        unseen::cells_taken_for_liquid(detection).or_else(|| unseen::unmarked_cells_taken_for_liquid(image, detection));
    let again = judged(image, options, cells?);
    again.read.is_ok().then_some(again)
}

/// A reading after [`with_glass_empty`]: the reading (passing, or the
/// failed one), the detection with tinted glass (or the board through
/// the glass) taken for empty where there was one, and whether any
/// detection read again (with glass taken for empty, or liquid of the
/// board's colour taken back from it) left no top slot holding liquid.
pub(super) struct Reread {
    pub(super) sight: WaterSight,
    pub(super) glassy: Option<Detection>,
    /// Some detection read again left every open tube's top slot
    /// without liquid: the grid may be a layer too tall, its top slot a
    /// neck's glass, though no tinted glass was seen (tuning 3206: tapered
    /// flasks whose neck the grid read as two slots, over a cloudy sky
    /// whose grain in the glass was read as liquid).
    pub(super) tops_emptied: bool,
}

/// What a reading knows of the game's empty glass before its slots are
/// read again ([`with_glass_empty`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Glass {
    /// Seen on top of every tube, in more slots than a colour has layers
    /// ([`super::glass_on_every_top`]).
    pub(super) known: Option<[u8; 3]>,
    /// The profiles were read with it: the empty vessels' colour, on top
    /// of the liquid of others ([`super::super::headroom::mark_tinted_headroom`]).
    pub(super) profiled: Option<[u8; 3]>,
}

/// Whether a reading failed on its counts: its layers make no whole
/// number of colours, or no grouping into colours fits them.
pub(in crate::vision::water) fn counts_failed(sight: &WaterSight) -> bool {
    matches!(sight.read, Err(VisionError::LayerCount { .. } | VisionError::Colors { .. }))
}

/// Whether a reading was doubted for a colour that looks like the empty
/// glass, or for every tube full: tinted glass read as a liquid whose slots
/// happen to make whole colours, so the counts did not fail.
pub(super) fn glass_doubted(sight: &WaterSight) -> bool {
    matches!(&sight.read, Err(VisionError::Doubtful(d)) if d.glass_read_as_liquid() || *d == doubts::Doubt::AllFull)
}
