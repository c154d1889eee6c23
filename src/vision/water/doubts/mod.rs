//! Checks a reading for consistency before anything is solved: a reading
//! that only adds up by chance is refused with the reason, never solved.
//!
//! A level read from a screenshot is believed only when the picture agrees
//! with it in ways the reading did not use to get there:
//! - **one unit**: the slot grid is the liquid's unit, so neither the upper
//!   nor the lower part of a filled slot shows another colour of the level
//!   (nor, under a hidden cell, the cells' shade)
//!   (a grid at the wrong height, a neck or a headroom counted as a slot,
//!   cuts layers; shading and a ball's round edge do not change colour),
//!   every change of colour down a tube falls where two slots meet, and no
//!   liquid stands above the top slot ([`unit`]) nor under the bottom one
//!   ([`below`]); in vessels found by their
//!   liquid, the slots do not come in twos or threes holding one thing
//!   each (a grid at a fraction of the unit explains every boundary, and
//!   its counts add up); and no layer spans under three and a half pixels
//!   of the screenshot, where a pixel is nearly a third of a layer;
//! - **separate colours**: every sample is nearer its own colour than any
//!   other, by a margin (a reading that adds up only by forcing the counts
//!   merges or splits shades); where hidden layers leave the number of
//!   colours open, no colour spreads wider than one liquid does, nor
//!   (for clustered colours, checked by the reader after these) stand two
//!   colours as near as one liquid's samples, and where they do not, no
//!   colour is two plainly different ones ([`colors`]), nor is a colour
//!   shown once another mixed with the empty glass, on a grid off its
//!   row's ([`blend`]);
//! - **the top layer shown, hidden cells alike**: games reveal the top
//!   layer of every tube (a locked tube, all hidden to its top, aside), so
//!   a tube topped by `?` is a dark liquid taken for a hidden layer, and
//!   they draw every hidden cell in one shade; a locked tube's cover is
//!   not mostly the level's liquids ([`hidden`]);
//! - **tubes evenly spaced and centred**: a gap of two pitches in a row,
//!   or a row off the screen's centre, is a tube missed (often an empty
//!   one, which makes a solvable level unsolvable), the pitch taken over
//!   every row; and a reading with every tube full has missed some;
//! - **no vessel missed where the counts cannot tell**: with hidden
//!   layers, a hidden cell (its shade, walled in, with a glyph) outside
//!   every tube read is a vessel missed ([`missed`]);
//! - **no colour looks like a hidden cell or empty glass** (an empty slot,
//!   or the headroom above the liquid of the plainest tubes): such a colour
//!   is a hidden layer whose glyph was missed, or glass read as liquid; nor
//!   like the empty glass level with it, nor grained like the board
//!   ([`ground`]); and no slot read empty shows a liquid of the level
//!   unlike the empty tubes' glass, nor is mostly stretches like neither
//!   its tube's glass nor the board beside it ([`empty`]).

use image::RgbImage;

mod above;
mod below;
mod blend;
mod colors;
mod empty;
mod glass;
mod ground;
mod groups;
mod hidden;
mod lookalike;
pub(super) use hidden::glyphs_off_unit;
mod missed;
mod rows;
mod split;
mod unit;

pub use above::unread_liquid_above;
pub(crate) use glass::{
    glass_above, glass_above_each, glass_above_unless_unlike_empties, headroom_glass, median_in, pixels_in,
};
pub use groups::{slots_in_groups, slots_in_groups_in_many};
pub use hidden::hidden_vessels_full;
pub use missed::{left_out_by_liquid, left_out_by_walls};

use super::Detection;
use crate::geometry::{Rect, SlotSample};
use crate::puzzle::water::WaterPuzzle;
pub use colors::near_colors;
use colors::{close_colors, color_centres, labelled_samples, wide_color};
use lookalike::{EMPTY_GLASS, GLASS_ABOVE, HIDDEN_CELLS, lookalike};
use missed::hidden_cell_outside;
pub(crate) use rows::OFF_CENTRE_WIDTHS;
pub use rows::narrow_tube;
pub(in crate::vision::water) use rows::{LEAST_ROW_SHARE, rows};
use rows::{crowded, gap_in_row, rows_off_centre, thin_row};
use split::split_layer;
use unit::{change_in_empty, empty_could_be_liquid, empty_like_liquid, empty_under_surface, off_grid};

/// Something in a reading that the picture does not bear out. Tubes and
/// layers are numbered from 1, tubes in reading order, layers from the
/// bottom, as the solution pictures number them.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Doubt {
    #[error(
        "part of layer {layer} of tube {tube} shows another colour of the level, or a hidden cell under one (ΔE {delta_e:.0} from its own), so the layers found are not the liquid's unit height"
    )]
    SplitLayer { tube: usize, layer: usize, delta_e: f32 },
    #[error(
        "layer {layer} of tube {tube}, the only one of its colour, looks like colour {of} mixed with the empty glass ({glass:.0}% glass), so its slot may straddle a layer or ball and the glass beside it"
    )]
    GlassBlend { tube: usize, layer: usize, of: char, glass: f32 },
    #[error(
        "layer {layer} of tube {tube} is about as near another colour as its own (ΔE {own:.0} from its colour, {other:.0} from the next), so the colours are not clearly told apart"
    )]
    CloseColors { tube: usize, layer: usize, own: f32, other: f32 },
    #[error(
        "tube {tube}'s top layer was read as hidden, but games show every tube's top layer; a dark liquid may have been taken for a hidden layer, or the top layer for glass"
    )]
    HiddenOnTop { tube: usize },
    #[error(
        "tube {tube} shows a liquid between two layers read as hidden, but a game hides a tube's lower layers together, so part of a hidden cell may have been read as a liquid"
    )]
    LiquidBetweenCells { tube: usize },
    #[error(
        "tube {tube} was read as locked, but most of what covers it looks like the level's liquids, so it may be a tube of liquid whose band was taken for a lock"
    )]
    CoverLikeLiquid { tube: usize },
    #[error(
        "layer {layer} of tube {tube} was read as hidden, but its cell's hue is ΔE {delta_e:.0} from the other hidden cells', so a dark liquid may have been taken for a hidden layer"
    )]
    HiddenUnlikeHidden { tube: usize, layer: usize, delta_e: f32 },
    #[error(
        "layer {layer} of tube {tube}, its top one, shows the grain of the board beside it, as empty glass does, so glass may have been read as liquid"
    )]
    GrainedTop { tube: usize, layer: usize },
    #[error(
        "layer {layer} of tube {tube} looks like the empty glass level with it in tube {beside}, so it may be glass over the same board, not liquid"
    )]
    LikeGlassBeside { tube: usize, layer: usize, beside: usize },
    #[error(
        "layer {layer} of tube {tube}, its top one, looks just like the empty glass above it (ΔE {delta_e:.1}), so it may be glass, not liquid"
    )]
    LikeGlassAbove { tube: usize, layer: usize, delta_e: f32 },
    #[error(
        "colour {color} looks like the board just outside its vessels on both sides (ΔE {delta_e:.0} at most), so its layers may be the board seen where no liquid is, not a liquid"
    )]
    LikeBoard { color: char, delta_e: f32, layers: Vec<(usize, usize)> },

    #[error("colour {color} looks like {what} (ΔE {delta_e:.0}), so some of its layers may not be liquid")]
    Lookalike {
        color: char,
        what: &'static str,
        delta_e: f32,
        /// The colour's layers, as (tube, layer) from 1.
        layers: Vec<(usize, usize)>,
    },
    #[error(
        "the row of tubes {first}-{last} is not centred {against} (off by {off:.0} px), so a tube at its end may have been missed"
    )]
    RowOffCentre { first: usize, last: usize, against: &'static str, off: f32 },
    #[error("the gap between tubes {left} and {right} is wide enough for another tube, which was not found")]
    GapInRow { left: usize, right: usize },
    #[error("tubes {left} and {right} stand much closer together than the other tubes, so one of them may be no tube")]
    Crowded { left: usize, right: usize },
    #[error(
        "the row of tubes {first}-{last} holds {count}, under half the {most} of the fullest row, so a shape there may have been taken for a tube"
    )]
    ThinRow { first: usize, last: usize, count: usize, most: usize },
    #[error(
        "tube {tube} changes colour {off:.0}% of a layer away from where its layers meet, so the layer height (or the number of layers) was misread"
    )]
    OffGrid { tube: usize, off: f32 },
    #[error("tube {tube} changes colour where it was read empty, so a liquid there was taken for glass")]
    ChangeInEmpty { tube: usize },
    #[error(
        "layer {layer} of tube {tube} was read empty, but down its middle most of its rows look like neither the glass sampled there nor the board beside the tube, so a liquid or a ball there was taken for glass"
    )]
    UnlikeGlassInEmpty { tube: usize, layer: usize },
    #[error("tube {tube} was read empty under a liquid's lit surface, so a liquid there was taken for glass")]
    EmptyUnderSurface { tube: usize },
    #[error(
        "{slots} slots read empty, tube {tube}'s among them, are one colour unlike the empty tubes' glass, so they may be one more liquid before a board of its shade"
    )]
    EmptyCouldBeLiquid { tube: usize, slots: usize },
    #[error(
        "layer {layer} of tube {tube} was read empty, but shows one of the level's liquids and looks unlike the empty tubes' glass, so a liquid there was taken for glass"
    )]
    EmptyLikeLiquid { tube: usize, layer: usize },
    #[error(
        "tube {tube} shows liquid above its top layer, so it holds more layers than were read (a vessel's neck or shoulder taken for headroom)"
    )]
    LiquidAbove { tube: usize },
    #[error(
        "tube {tube} shows liquid under its bottom layer ({share:.0}% of a layer), so the layers found are a layer off the liquid's bottom"
    )]
    LiquidBelow { tube: usize, share: f32 },
    #[error(
        "layer {layer} of tube {tube} looks like the board behind it seen through the empty glass, so it may be glass, not liquid"
    )]
    ThroughGlass { tube: usize, layer: usize },
    #[error(
        "colour {color}'s layers differ by ΔE {delta_e:.0} (CIE94 {delta_e94:.1}), more than one liquid's do: it may be two colours read as one"
    )]
    WideColor {
        color: char,
        delta_e: f32,
        delta_e94: f32,
        /// Two of its layers that far apart, as (tube, layer) from 1.
        layers: Vec<(usize, usize)>,
    },
    #[error(
        "colours {first} and {second} are only ΔE {delta_e:.0} apart, as near as one liquid's own layers can be, and hidden layers leave the number of colours open: they may be one colour read as two"
    )]
    NearColors {
        first: char,
        second: char,
        delta_e: f32,
        /// A layer of each, as (tube, layer) from 1.
        layers: Vec<(usize, usize)>,
    },
    #[error(
        "tube {tube}, found by its liquid rather than by straight walls, shows `?` glyphs that do not stand one in each hidden layer read, so the layers found are not the liquid's unit height"
    )]
    GlyphsOffHidden { tube: usize },
    #[error(
        "tube {tube} shows a `?` glyph in a slot not read as hidden, so a hidden layer may have been taken for glass or liquid"
    )]
    GlyphUnread { tube: usize },
    #[error(
        "tube {tube} shows `?` glyphs in some of its hidden layers but none in another, so a part of the vessel (its bottom or neck) may have been counted as a layer"
    )]
    HiddenWithoutGlyph { tube: usize },
    #[error(
        "the `?` glyphs of hidden layers one on another stand {step:.0}% of a layer apart, not one layer, so the layers found are not the liquid's unit height"
    )]
    GlyphsOffUnit { step: f32 },
    #[error(
        "the top slot of every vessel found by its liquid was read empty, and hidden layers leave the number of layers open, so that slot may be a neck or headroom rather than room for a layer"
    )]
    TopSlotNowhereFilled,
    #[error(
        "the top slot of only tube {tube} was read as liquid, and with that row of slots taken for headroom the level reads as well with {fewer} layers a tube as with {capacity}, so which level is on the screen is not known"
    )]
    HeadroomOrLayer { tube: usize, capacity: usize, fewer: usize },
    #[error(
        "{empty} of the {tubes} vessels found by their liquid were read empty, more than a level leaves spare, so some may be gaps between vessels"
    )]
    MostlyEmpty { empty: usize, tubes: usize },
    #[error(
        "row {row} of the vessels found by their liquid is laid out doubtfully: {what}, so a vessel may have been missed or made up"
    )]
    RowLayout { row: usize, what: &'static str },
    #[error(
        "a patch the shade of the hidden layers, as large as a slot, lies outside every tube read (at {},{}), and hidden layers leave the counts open: a vessel may have been missed", .at.x0, .at.y0
    )]
    HiddenCellOutside { at: Rect },
    #[error(
        "a tube found by its straight walls (at {},{}) stands where no vessel found by its liquid does, so the reading by the liquid left a vessel out", .at.x0, .at.y0
    )]
    LeftOutByLiquid { at: Rect },
    #[error(
        "every tube read is full, so no pour is possible, but a level always has room to pour into; an empty tube may have been missed"
    )]
    AllFull,
    #[error(
        "the layers are {height:.1} px tall in the screenshot, too few to tell where one ends (a pixel is nearly a third of a layer); a larger screenshot may be read"
    )]
    TinyLayers { height: f32 },
    #[error(
        "in every tube the slots, taken {factor} at a time from the bottom, hold one thing each, so each layer was probably read as {factor} slots (a grid at a fraction of the liquid's unit)"
    )]
    SlotsInGroups { factor: usize },
    #[error(
        "tube {tube}, found by its walls and read empty, is {width} px wide where the other tubes of its row are {usual} px, so a highlight inside it may have been taken for its wall and what it holds sampled on the glass beside it"
    )]
    NarrowTube { tube: usize, width: u32, usual: u32 },
}

impl Doubt {
    /// Whether the doubt is a colour that looks like the hidden layers'
    /// cells, or a liquid between two hidden cells: hidden cells whose
    /// glyph was not seen, read as a liquid.
    pub fn hidden_read_as_liquid(&self) -> bool {
        matches!(self, Doubt::Lookalike { what, .. } if *what == HIDDEN_CELLS)
            || matches!(self, Doubt::LiquidBetweenCells { .. })
    }

    /// Whether the doubt is a colour that looks like the empty glass (of
    /// the slots read empty, or above the liquid), or a slot that looks like
    /// another board seen through it, or like the glass level with it, or
    /// shows the board's grain: tinted glass read as a liquid in numbers
    /// that happen to make whole colours.
    pub fn glass_read_as_liquid(&self) -> bool {
        matches!(self, Doubt::Lookalike { what, .. } if *what == EMPTY_GLASS || *what == GLASS_ABOVE)
            || matches!(
                self,
                Doubt::ThroughGlass { .. }
                    | Doubt::GrainedTop { .. }
                    | Doubt::LikeGlassBeside { .. }
                    | Doubt::LikeGlassAbove { .. }
            )
    }

    /// Where on the picture the doubt is, for `--debug` to mark: the tubes
    /// (or the one slot) it names, from `detection`'s layout.
    pub fn places(&self, detection: &Detection) -> Vec<Rect> {
        let tube = |n: usize| detection.tubes.get(n.wrapping_sub(1)).map(|t| t.outer);
        let slot = |n: usize, k: usize| {
            detection.tubes.get(n.wrapping_sub(1)).and_then(|t| t.slots.get(k.wrapping_sub(1))).copied()
        };
        match *self {
            Doubt::SplitLayer { tube: t, layer, .. }
            | Doubt::CloseColors { tube: t, layer, .. }
            | Doubt::GlassBlend { tube: t, layer, .. }
            | Doubt::ThroughGlass { tube: t, layer }
            | Doubt::EmptyLikeLiquid { tube: t, layer }
            | Doubt::UnlikeGlassInEmpty { tube: t, layer }
            | Doubt::HiddenUnlikeHidden { tube: t, layer, .. }
            | Doubt::GrainedTop { tube: t, layer }
            | Doubt::LikeGlassBeside { tube: t, layer, .. }
            | Doubt::LikeGlassAbove { tube: t, layer, .. } => slot(t, layer).into_iter().collect(),
            Doubt::HiddenOnTop { tube: t }
            | Doubt::LiquidBetweenCells { tube: t }
            | Doubt::CoverLikeLiquid { tube: t } => tube(t).into_iter().collect(),
            Doubt::GapInRow { left, right } | Doubt::Crowded { left, right } => {
                [tube(left), tube(right)].into_iter().flatten().collect()
            }
            Doubt::RowOffCentre { first, last, .. } | Doubt::ThinRow { first, last, .. } => {
                (first..=last).filter_map(tube).collect()
            }
            Doubt::OffGrid { tube: t, .. }
            | Doubt::LiquidAbove { tube: t }
            | Doubt::LiquidBelow { tube: t, .. }
            | Doubt::ChangeInEmpty { tube: t }
            | Doubt::EmptyUnderSurface { tube: t }
            | Doubt::EmptyCouldBeLiquid { tube: t, .. } => tube(t).into_iter().collect(),
            Doubt::GlyphsOffHidden { tube: t }
            | Doubt::GlyphUnread { tube: t }
            | Doubt::HiddenWithoutGlyph { tube: t }
            | Doubt::NarrowTube { tube: t, .. }
            | Doubt::HeadroomOrLayer { tube: t, .. } => tube(t).into_iter().collect(),
            // Found before any tube was laid out.
            Doubt::RowLayout { .. } => Vec::new(),
            Doubt::HiddenCellOutside { at } | Doubt::LeftOutByLiquid { at } => vec![at],
            Doubt::AllFull
            | Doubt::TinyLayers { .. }
            | Doubt::GlyphsOffUnit { .. }
            | Doubt::MostlyEmpty { .. }
            | Doubt::TopSlotNowhereFilled
            | Doubt::SlotsInGroups { .. } => (1..=detection.tubes.len()).filter_map(tube).collect(),
            Doubt::Lookalike { ref layers, .. }
            | Doubt::LikeBoard { ref layers, .. }
            | Doubt::WideColor { ref layers, .. }
            | Doubt::NearColors { ref layers, .. } => layers.iter().filter_map(|&(t, k)| slot(t, k)).collect(),
        }
    }
}

/// The first doubt about `puzzle` as read from `image` through `detection`,
/// or none.
pub fn first_doubt(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let (tubes, samples) = (&detection.tubes, &detection.samples);
    tiny_layers(tubes)
        .or_else(|| hidden::hidden_on_top(samples, &detection.locks))
        .or_else(|| hidden::liquid_between_cells(samples))
        .or_else(|| hidden::hidden_unlike_hidden(detection))
        .or_else(|| hidden::cover_like_liquid(image, detection))
        .or_else(|| lookalike(image, detection, puzzle))
        .or_else(|| {
            let (tube, layer) = super::through::glass_over_board(image, detection)?;
            Some(Doubt::ThroughGlass { tube, layer })
        })
        .or_else(|| ground::like_glass_beside(detection))
        .or_else(|| ground::like_glass_above(detection))
        .or_else(|| ground::grained_color(image, detection, puzzle))
        .or_else(|| ground::colour_through_glass(image, detection, puzzle))
        .or_else(|| ground::like_board(image, detection, puzzle))
        .or_else(|| gap_in_row(tubes))
        .or_else(|| crowded(tubes))
        .or_else(|| rows_off_centre(tubes, detection.image_width))
        .or_else(|| thin_row(tubes))
        .or_else(|| all_full(puzzle))
        .or_else(|| hidden_cell_outside(image, detection))
        .or_else(|| split_layer(image, detection, puzzle))
        .or_else(|| off_grid(image, detection))
        .or_else(|| change_in_empty(image, detection))
        .or_else(|| empty::unlike_glass_in_empty(image, detection))
        .or_else(|| empty_under_surface(detection))
        .or_else(|| empty_could_be_liquid(detection))
        .or_else(|| empty_like_liquid(detection))
        .or_else(|| above::liquid_above(image, detection, puzzle))
        .or_else(|| below::liquid_below(image, detection, puzzle))
        .or_else(|| blend::glass_blend(detection, puzzle))
        .or_else(|| close_colors(samples, puzzle))
        .or_else(|| wide_color(samples, puzzle))
}

/// What a reading by the liquid must show besides passing the checks; the
/// doubt when it does not. (A liquid of a hidden cell's dark grey is a
/// liquid: a hidden layer is told by its glyph, one in each hidden slot,
/// checked when the slots are read: [`super::slots::glyphs_in_hidden_slots`].)
/// - With hidden layers, some vessel's top slot filled: the counts cannot
///   tell a neck or headroom read as a slot from room for a layer, and a
///   level is dealt with its filled tubes full.
/// - No more empty vessels than filled ones: a gap between two vessels
///   (whose walls make a vessel's silhouette) taken for a vessel is empty,
///   and when every gap is taken the spacing stays even, so the row checks
///   cannot see it. A level holds as many filled tubes as colours, and
///   one to four spare ones.
pub fn liquid_finding_doubt(detection: &Detection) -> Option<Doubt> {
    let empty = detection.samples.iter().filter(|t| t.iter().all(|s| *s == SlotSample::Empty)).count();
    let any_hidden = detection.samples.iter().flatten().any(|s| *s == SlotSample::Hidden);
    if any_hidden && detection.samples.iter().all(|t| t.last() == Some(&SlotSample::Empty)) {
        Some(Doubt::TopSlotNowhereFilled)
    } else if empty * 2 > detection.samples.len() {
        Some(Doubt::MostlyEmpty { empty, tubes: detection.samples.len() })
    } else {
        None
    }
}

/// The one tube (numbered from 1) whose top slot holds liquid, in a
/// reading with hidden layers where every other tube's top slot is empty
/// glass: there the top row of slots may be headroom, which the hidden
/// layers' open counts let through, and glass over a cloud read as
/// liquid in that one slot made the counts add up (fresh 59615). `None`
/// when no hidden layer is read, or when no tube, or more than one, holds
/// liquid in its top slot (no tube: [`Doubt::TopSlotNowhereFilled`]).
pub fn lone_top_slot(detection: &Detection) -> Option<usize> {
    let any_hidden = detection.samples.iter().flatten().any(|s| *s == SlotSample::Hidden);
    let mut filled =
        detection.samples.iter().enumerate().filter(|(_, t)| t.last().is_some_and(|s| *s != SlotSample::Empty));
    let (lone, _) = filled.next()?;
    (any_hidden && filled.next().is_none()).then_some(lone + 1)
}

/// A level is made with room to pour into (an empty tube, or space at
/// the top of some tube), and pouring never fills more than the level holds;
/// a reading in which every tube is full has missed tubes, most often empty
/// ones drawn too faintly to be found. (A level with room but no pour
/// left is a player's dead end, which a screenshot may well show.)
fn all_full(puzzle: &WaterPuzzle) -> Option<Doubt> {
    let full = puzzle.tubes().iter().all(|t| t.layers.len() == puzzle.capacity() || t.locked_until.is_some());
    full.then_some(Doubt::AllFull)
}

/// Fewest pixels of the screenshot a layer may span for its reading to be
/// believed. The unit checks place a change of colour to a quarter of a
/// layer ([`unit`]'s `OFF_GRID_SHARE`), an edge is placed to a pixel at
/// best (JPEG and shrinking smear it over another), and enlarging adds no
/// pixels: under 3.5 px a pixel is nearly a third of a layer, and a grid
/// off the unit passes the checks. Two confident wrong answers were read
/// on grids of 2.8 and 3.0 px (fresh 81854, 87838: tiny wine glasses),
/// while layers of 3.5 px and more read exactly enlarged (tuning 193, 3.6
/// px; [`super::zoom`]). A floor of 4 px refused 15 exact readings of 8000
/// (tuning 0-6000, fresh 82000; 3.2-3.9 px) and caught no wrong answer
/// more (fresh 82011, 3.7 px, is read on a grid of 4.0).
const MIN_LAYER_PIXELS: f32 = 3.5;

/// Layers under [`MIN_LAYER_PIXELS`] tall: the median over the tubes of
/// the height of their slots, from the bottom slot's foot to the top
/// slot's head, over their number (a slot's own bounds are whole pixels).
fn tiny_layers(tubes: &[crate::geometry::TubeLayout]) -> Option<Doubt> {
    let heights: Vec<f32> = tubes
        .iter()
        .filter_map(|t| Some((t.slots.first()?.y1 - t.slots.last()?.y0) as f32 / t.slots.len() as f32))
        .collect();
    if heights.is_empty() {
        return None;
    }
    let height = super::median(heights);
    (height < MIN_LAYER_PIXELS).then_some(Doubt::TinyLayers { height })
}

/// The colour sampled in every slot of `detection` read as `kind`.
pub(in crate::vision::water) fn raw_of(detection: &Detection, kind: SlotSample) -> Vec<[u8; 3]> {
    let slots = detection.samples.iter().zip(&detection.raw);
    slots.flat_map(|(s, raw)| s.iter().zip(raw).filter(|(s, _)| **s == kind).map(|(_, &c)| c)).collect()
}

#[cfg(test)]
mod tests;
