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
//!    centred like the rows found, are that row ([`empty_row`]). A row of
//!    liquid left in no row (over another part of a photo than the best
//!    row) is scanned with a template of its own, and the rows that finds
//!    are taken where their vessels are drawn as those found.
//! 4. Height: where the template's walls end (the rim) or its neck begins.

use image::RgbImage;

pub use rows::Anchoring;
use rows::{board_colour, evidence, of_several_colours, row_groups};
use scan::find_from;

use super::columns::{Column, columns, overlap};
use super::doubts::Doubt;
use super::median;
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
    let mut found = groups.iter().enumerate().map(|(i, best)| (i, find_from(best, &groups, edges, anchoring, board)));
    let Some((first, mut rows)) = found.find(|(_, rows)| !rows.is_empty()) else {
        return Vec::new();
    };
    // A row of liquid that stands in no row found, and shows about as much
    // liquid of several colours as the best row, is looked for by a
    // template of its own: a game draws its vessels alike, but a photo's
    // sky and hill behind them do not (tuning 3741: tubes of balls in
    // three rows, the middle one half over a hill; its template, strong
    // with the hill's edges, matched the top row's faint glass over the sky
    // too weakly). Its rows are taken where they are clear of every row
    // found, show liquid in two vessels at least (the stems and bases of
    // a row of wine glasses over a cloud, under their row, show it in
    // one: tuning 1726), and their vessels are as wide and as tall as
    // those found.
    let best = evidence(&groups[first], board);
    for group in &groups[first + 1..] {
        let bottom = median(group.iter().map(|c| c.y1 as f32).collect()).round() as u32;
        // (A row's columns end within a pixel or two of its vessels' bottom.)
        let in_a_row = rows.iter().any(|r| span(r).is_some_and(|(y0, y1)| bottom >= y0 && bottom <= y1 + 2));
        let weak = evidence(group, board) < ROW_EVIDENCE_SHARE * best;
        if in_a_row || weak || !group.iter().any(|c| of_several_colours(c, board)) {
            continue;
        }
        let clear = |r: &Row| {
            let (y0, y1) = span(r).unwrap_or_default();
            rows.iter().filter_map(span).all(|(a, b)| overlap(y0, y1, a, b) == 0)
        };
        let shown = |r: &Row| r.vessels.iter().filter(|v| v.seen == Seen::Column).count() >= 2;
        let alike = |r: &Row| {
            let sizes = |rows: &[&Row]| {
                let vessels = || rows.iter().flat_map(|r| r.vessels.iter());
                let width = median(vessels().map(|v| v.half_width).collect());
                (width, median(vessels().map(|v| v.bottom.saturating_sub(v.outer.y0) as f32).collect()))
            };
            let ((w0, h0), (w1, h1)) = (sizes(&rows.iter().collect::<Vec<_>>()), sizes(&[r]));
            let near = |a: f32, b: f32| a.min(b) >= ALIKE_SHARE * a.max(b);
            near(w0, w1) && near(h0, h1)
        };
        let more: Vec<Row> = find_from(group, &groups, edges, anchoring, board)
            .into_iter()
            .filter(|r| clear(r) && shown(r) && alike(r))
            .collect();
        rows.extend(more);
    }
    rows.sort_by_key(|r| span(r).map_or(0, |s| s.1));
    rows
}

/// A row's vessels' span down the picture: from their rim to their bottom.
fn span(row: &Row) -> Option<(u32, u32)> {
    row.vessels.first().map(|v| (v.outer.y0, v.bottom))
}

/// Least share of the best row's evidence (see [`rows::evidence`]) another
/// row of liquid must show to be looked for by a template of its own: a
/// row of vessels of liquid much like the best. Bounds the time too: a
/// photo's clouds and hills make many rows of little evidence, and each
/// look costs as much as the first (tuning 3700-3760 took three times as
/// long when every row of two colours was looked for). Not fitted: in
/// tuning 3741, the case behind the rule, the rows of tubes left out
/// showed 76 and 68 against the best row's 85, and the rows of the
/// photo's clouds and hill 28 or less.
const ROW_EVIDENCE_SHARE: f32 = 0.5;

/// Least ratio of the narrower to the wider of two rows' vessels, and of
/// the shorter to the taller, for a row found by a template of its own to
/// be drawn as those found: a game draws its vessels alike. As
/// `doubts::rows`' `NARROWEST_SHARE`; not fitted: in tuning 3741 the row
/// found by its own template stood at 0.95 of the rows found in width
/// and 0.94 in height.
const ALIKE_SHARE: f32 = 0.8;

mod empty_row;
mod place;
mod rows;
mod scan;
#[cfg(test)]
mod tests;
