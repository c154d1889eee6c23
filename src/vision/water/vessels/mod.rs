//! Where the vessels are, whatever their shape: the liquid shows some of
//! them, and their silhouette then shows all of them.
//!
//! 1. Rows: liquid columns whose bottoms line up (liquid rests on the
//!    vessel's bottom, which every vessel of a row shares) and whose widths
//!    agree. The row with the most layers in the most colours is surely
//!    vessels of liquid.
//! 2. Silhouette: around that row's columns of several layers, the edges of
//!    the picture (across and down: walls, a round or flat bottom, a rim)
//!    from the bottom up to the rim are the game's vessel, whatever its
//!    shape. Their median is the template; where it matches no place, the
//!    next row's (a cloud beside the best row's vessels). Where none does,
//!    the columns of one colour were board, not glass (lined paper's strips
//!    between vessels): again with the columns of several colours ([`Anchoring`]).
//! 3. Every row is scanned across with the template, on the bottom its
//!    columns match best (a curved bottom's liquid ends early): each place
//!    that matches it, strongly enough, holds a vessel, filled or empty, up
//!    to the screen's edges. A game draws all its vessels alike, so a banner
//!    or the board between two vessels does not match (a row of round
//!    buttons may, and is then one colour in every vessel, which the
//!    colour checks refuse; a lone one off the screen's centre, a flat
//!    disc of no layers, is no row; nor are columns resting inside vessels
//!    found, pieces of their liquid).
//!    Where liquid of several layers stands and a vessel could (no vessel
//!    seen by its liquid overlaps it), a weaker match will do; and a pitch
//!    beyond each end of a row, a place with the template's shape but
//!    faint edges (an empty vessel drawn in white) is a vessel too; so is
//!    one where the spacing puts a vessel in a gap of whole pitches inside
//!    a row, if a wall of it shows down its body too.
//!    Where the rows found leave room for a row of empty vessels (which no
//!    liquid shows), vessels matching the template's shape, spaced and
//!    centred like the rows found, are that row ([`empty_row`]).
//! 4. Height: where the template's walls end (the rim) or its neck begins.

use image::RgbImage;

pub use rows::Anchoring;
use rows::{board_colour, evidence, row_groups};
use scan::find_from;

use super::columns::{Column, columns};
use super::doubts::Doubt;
use super::tubes::Gradients;
use crate::geometry::Rect;
use crate::imaging::{resample::shrunk_by, segment::Flatness, segment::segment};

/// One vessel found, in the working picture's pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Vessel {
    /// The vessel's box: its interior's width with a margin for the outline,
    /// from its rim to just below its interior's bottom.
    pub outer: Rect,
    /// The interior's bottom row + 1 (where liquid rests).
    pub bottom: u32,
    /// The body's top row: its rim, or where its neck begins (no slot lies
    /// above it).
    pub top: u32,
    /// The interior's half-width at its widest, in pixels.
    pub half_width: f32,
    /// Whether liquid showed it, or only its silhouette.
    pub seen: Seen,
    /// The median height of the bands of liquid in the row's vessels of
    /// several layers: one layer, or near it, whatever the vessel's shape.
    pub band_height: f32,
}

impl Vessel {
    /// The vessel in a copy of the picture `factor` times as large, of
    /// `width` × `height` pixels.
    pub fn scaled(&self, factor: f32, width: u32, height: u32) -> Vessel {
        let outer = self.outer.scaled(factor);
        let clip = |v: u32, to: u32| v.min(to);
        Vessel {
            outer: Rect { x0: outer.x0, y0: outer.y0, x1: clip(outer.x1, width), y1: clip(outer.y1, height) },
            bottom: clip((self.bottom as f32 * factor).round() as u32, height),
            top: clip((self.top as f32 * factor).round() as u32, height),
            half_width: self.half_width * factor,
            seen: self.seen,
            band_height: self.band_height * factor,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// A column of liquid (or of empty glass over a plain background).
    Column,
    /// Only its silhouette.
    Silhouette,
}

/// A row of vessels, and how sure its layout is.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub vessels: Vec<Vessel>,
    /// Columns of several layers that stand in no vessel found, where
    /// a vessel could stand (on the level's spacing, once it is known).
    pub stray_columns: usize,
    /// Vessels that stand off the row's regular spacing.
    pub off_grid: usize,
    /// Places a pitch beyond the row's ends that have a vessel's shape
    /// but edges too faint to be taken for one.
    pub faint: usize,
    /// Whether, where no row of empty vessels was found a row's step
    /// beyond this row, some column of the level's has a vessel's shape
    /// there (see [`empty_row::faint_row_beyond`]).
    pub faint_row_beyond: bool,
}

/// Widest picture the vessels are looked for in; wider screenshots are
/// shrunk by a whole factor first. A vessel of 16 in two rows is then still
/// 20 pixels wide, and cutting a 1080×2400 screenshot into regions takes a
/// few ms.
pub const WORKING_WIDTH: u32 = 400;

/// How alike the pixels of one flat region are (RGB channel steps): JPEG
/// noise at quality 40 and a liquid's gentle shading stay inside; the
/// boundary between two liquids does not.
const FLATNESS: Flatness = Flatness { step: 10, spread: 28 };

/// The picture to look in, and the factor back to the original's pixels.
pub(super) fn working_copy(image: &RgbImage) -> (std::borrow::Cow<'_, RgbImage>, f32) {
    shrunk_by(image, image.width().div_ceil(WORKING_WIDTH))
}

/// Every vessel of a working picture, in reading order; a doubt instead
/// when a row's layout is in doubt (a vessel off the row's spacing, liquid
/// standing in no vessel found, or a faint vessel's shape at a row's end),
/// since a level with a vessel missed is a wrong one.
pub(super) fn find_vessels(working: &RgbImage, anchoring: Anchoring) -> Result<Vec<Vessel>, Doubt> {
    let seg = segment(working, FLATNESS);
    let cols = columns(&seg);
    let edges = Gradients::new(working);
    // The template from the columns `anchoring` says; from the columns of
    // the most bands, those of several colours where that finds no vessel.
    let board = board_colour(&seg);
    let mut rows = find(&cols, &edges, anchoring, board);
    if anchoring == Anchoring::Bands && rows.iter().all(|r| r.vessels.is_empty()) {
        rows = find(&cols, &edges, Anchoring::Colours, board);
    }
    for (i, r) in rows.iter().enumerate() {
        let what = if r.off_grid > 0 {
            "a vessel stands off the row's even spacing"
        } else if r.stray_columns > 0 {
            "liquid stands outside every vessel found"
        } else if r.faint > 0 {
            "the faint shape of a vessel stands a pitch beyond its end"
        } else if r.faint_row_beyond {
            "the faint shape of a vessel stands a row's step beyond it, in a column of the level's"
        } else {
            continue;
        };
        return Err(Doubt::RowLayout { row: i + 1, what });
    }
    Ok(rows.iter().flat_map(|r| r.vessels.iter().copied()).collect())
}

/// Least height of a column worth a vessel, as a share of the picture's
/// height: one layer of 16 vessels in three rows on a phone is about 1.5%.
const MIN_COLUMN_HEIGHT: f32 = 0.012;

/// Finds the vessels: rows in reading order, vessels left to right.
pub fn find(columns: &[Column], edges: &Gradients, anchoring: Anchoring, board: Option<[u8; 3]>) -> Vec<Row> {
    let h = edges.height as f32;
    let tall: Vec<&Column> = columns
        .iter()
        .filter(|c| c.height() as f32 >= (h * MIN_COLUMN_HEIGHT).max(6.0) && c.band_width() >= 4)
        .collect();
    let mut groups = row_groups(&tall);
    groups.sort_by(|a, b| evidence(b, board).total_cmp(&evidence(a, board)));
    // The template from the best row, else the next's, in order of evidence
    // (the rows' scanning order too; tuning 5856: bulbs before a cloudy sky,
    // the best row's columns taking in a cloud beside them).
    let mut found = groups.iter().map(|best| find_from(best, &groups, edges, anchoring, board));
    found.find(|rows| !rows.is_empty()).unwrap_or_default()
}

mod empty_row;
mod place;
mod rows;
mod scan;
#[cfg(test)]
mod tests;
