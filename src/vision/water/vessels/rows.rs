//! Which columns of liquid make a row, and which of the best row's
//! columns the template of the game's vessel is made of: columns whose
//! bottoms line up and whose widths agree are a row; the row with the most
//! layers in the most colours is surely vessels of liquid, and its columns
//! of the most bands are the template's anchors (or, where their template
//! matches no vessel, its columns of several colours). And the board's
//! colour, which the liquid outside every vessel is told from.

use super::super::board::EMPTY_DELTA_E;
use super::super::columns::{Band, Column};
use super::super::median;
use crate::imaging::color::{delta_e, to_lab};
use crate::imaging::segment::Segmentation;

/// Colours this far apart (largest RGB channel step) are different liquids
/// when a row's colours are counted.
const DISTINCT_COLOUR_STEP: u8 = 40;

/// How far the bottoms of one row's columns may differ, in units of their
/// width: anti-aliasing and JPEG blur move a bottom by a pixel or two; a
/// round bottom's lowest row by a little more.
const ROW_BOTTOM_TOLERANCE: f32 = 0.22;

/// How much wider or narrower than the row's median a column may be.
const ROW_WIDTH_RATIO: f32 = 1.5;

/// How much of a vessel's height (bottom to rim) the spans of two rows'
/// vessels may share: two vessels do not stand over each other, and rows
/// a fraction of that apart are one row found twice. The bound the row
/// search has had since it was written; not fitted.
const ROW_OVERLAP: f32 = 0.3;

/// Whether a row of vessels `rim` rows tall whose bottom is `bottom`
/// overlaps, by more than [`ROW_OVERLAP`], a row found with one of
/// `bottoms`: asked of a row's bottom before it is settled and after
/// (tuning 1450: vases whose pale layer, like the board, split their
/// liquid at mid-height; the upper part, a row of its own, settled 23
/// rows over the row of the vessels' bottoms and was read as more
/// vessels).
pub(super) fn overlaps_a_row(bottoms: impl IntoIterator<Item = u32>, bottom: u32, rim: f32) -> bool {
    let span = (bottom.saturating_sub(rim as u32), bottom);
    bottoms.into_iter().any(|b| {
        let other = (b.saturating_sub(rim as u32), b);
        span.1.min(other.1).saturating_sub(span.0.max(other.0)) as f32 > ROW_OVERLAP * rim
    })
}

/// The board's colour: that of the largest flat region, since the board
/// shows more than anything on it (lined paper's strips are each a region
/// of the paper's colour).
pub(super) fn board_colour(seg: &Segmentation) -> Option<[u8; 3]> {
    seg.regions.iter().max_by_key(|r| r.area).map(|r| r.color)
}

/// Groups columns into rows by their bottoms and widths.
pub(super) fn row_groups<'a>(columns: &[&'a Column]) -> Vec<Vec<&'a Column>> {
    let mut sorted: Vec<&Column> = columns.to_vec();
    sorted.sort_by_key(|c| c.y1);
    let mut rows: Vec<Vec<&Column>> = Vec::new();
    for c in sorted {
        let fits = |row: &Vec<&Column>| {
            let w = median(row.iter().map(|r| r.band_width() as f32).collect());
            let bottom = median(row.iter().map(|r| r.y1 as f32).collect());
            let cw = c.band_width() as f32;
            (c.y1 as f32 - bottom).abs() <= ROW_BOTTOM_TOLERANCE * w.max(cw)
                && cw <= w * ROW_WIDTH_RATIO
                && cw * ROW_WIDTH_RATIO >= w
        };
        match rows.iter_mut().find(|r| fits(r)) {
            Some(row) => row.push(c),
            None => rows.push(vec![c]),
        }
    }
    rows
}

/// How much a group of columns looks like vessels of liquid: layers in its
/// columns, in columns taller than wide, and different colours across them
/// (a row of buttons or dice has one band each, about as tall as wide).
/// Bands of the board's colour (`board`, within [`BOARD_BAND_DELTA_E`])
/// are no liquid's and count for nothing: the ruled lines of lined paper
/// cut the paper between two vessels into columns of many strips, which
/// outweighed the vessels of liquid beside them (tuning 1866: the gaps
/// between three tubes of two or three layers, seven strips each, were
/// taken for the row's vessels, and the template made of them found the
/// gaps).
pub(super) fn evidence(group: &[&Column], board: Option<[u8; 3]>) -> f32 {
    let liquid = |c: &&Column| c.bands.iter().filter(|b| !like_board(b, board)).count();
    let distinct = distinct_colours(group.iter().flat_map(|c| c.bands.iter()).filter(|b| !like_board(b, board)));
    let weighted: f32 =
        group.iter().map(|c| liquid(c) as f32 * (c.height() as f32 / c.band_width().max(1) as f32).min(4.0)).sum();
    weighted + 2.0 * distinct.len() as f32
}

/// Whether a band is of the board's colour (within [`BOARD_BAND_DELTA_E`]).
fn like_board(b: &Band, board: Option<[u8; 3]>) -> bool {
    board.is_some_and(|k| delta_e(to_lab(b.color), to_lab(k)) <= BOARD_BAND_DELTA_E)
}

/// Which of the best row's columns the template is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchoring {
    /// Those of the most bands (at least two where some column has them):
    /// the vessels of liquid and, of the columns of one colour, the glass
    /// of empty vessels (tuning 1184: tubes of balls beside empty ones
    /// read exactly with the glass among the anchors, and not without).
    Bands,
    /// Those of several colours, or, where none shows two, as `Bands`:
    /// the vessels of liquid alone. On lined paper the strips of paper
    /// between two vessels, cut by the ruled lines, are a column of two to
    /// seven bands of one colour, which among the anchors blended the gap
    /// into the vessel's template so that no vessel matched it (tuning
    /// 3991: vases beside columns of seven strips of paper, matching 0.44
    /// at best; 2522: squat tubes beside columns of two, 0.46). Asked where
    /// the first finds no vessel, and by a look of its own where the
    /// reading of the vessels the first finds fails (tuning 3033, 3051,
    /// 3635, 3819: the glass of empty vessels among the anchors made a
    /// template that found too few vessels, or in the wrong places).
    Colours,
}

/// The best row's columns the template is made of, as `anchoring` says.
pub(super) fn anchors<'a>(best: &[&'a Column], anchoring: Anchoring) -> Vec<&'a Column> {
    let several: Vec<&Column> = best.iter().copied().filter(|c| distinct_colours(c.bands.iter()).len() >= 2).collect();
    if anchoring == Anchoring::Colours && !several.is_empty() {
        return several;
    }
    let most_bands = best.iter().map(|c| c.bands.len()).max().unwrap_or(0);
    best.iter().copied().filter(|c| c.bands.len() >= most_bands.min(2)).collect()
}

/// Most a band's colour may differ from the board's (CIELAB ΔE) for the
/// band to be the board rather than liquid: lined paper's strips between
/// two vessels are the paper's colour to within JPEG noise; a liquid a
/// player could tell from the board stands far further from it. Half of
/// [`EMPTY_DELTA_E`], the most empty glass differs from the board beside
/// it.
const BOARD_BAND_DELTA_E: f32 = EMPTY_DELTA_E / 2.0;

/// The parts of a column that could be a vessel's liquid of several
/// layers: its bands that are no wider than a vessel's box (`widest`) and
/// not of the board's colour (`board`), in runs stacked on each other, two
/// bands or more, resting on the column's bottom (a vessel's liquid rests
/// on the row's bottom), each as a column of its own.
/// - The ruled lines of lined paper cut the paper between two vessels
///   into a column of strips of the paper's colour, which raised "liquid
///   stands outside every vessel" (tuning 406, 468, 1144, 3059).
/// - A band wider than a vessel's box is the board too (a textured
///   ground's patch, tuning 246: a column 110 px wide of 25 patches of a
///   hill beside vessels 39 px wide), and the bands either side of it are
///   not stacked on each other (tuning 2452: a cloud's patches 45 rows
///   apart).
///
/// A vessel of one liquid is one band whose colour is not the board's,
/// and a vessel of hidden cells missed is looked for by `doubts::missed`.
pub(super) fn liquid_parts(c: &Column, widest: f32, board: Option<[u8; 3]>) -> Vec<Column> {
    let like_board = |b: &Band| like_board(b, board);
    // Runs of bands, bottom first, each band reaching down to the top of
    // those under it, or within its own height of it (the glass between
    // two balls).
    let mut runs: Vec<Vec<Band>> = Vec::new();
    for b in c.bands.iter().filter(|b| b.width() as f32 <= widest && !like_board(b)) {
        match runs.last_mut() {
            Some(run) if run.iter().map(|r| r.y0).min().is_some_and(|top| b.y1 + b.height() >= top) => run.push(*b),
            _ => runs.push(vec![*b]),
        }
    }
    runs.into_iter()
        .filter(|run| run.len() >= 2)
        .map(|bands| Column {
            x0: bands.iter().map(|b| b.x0).min().unwrap_or(c.x0),
            y0: bands.iter().map(|b| b.y0).min().unwrap_or(c.y0),
            x1: bands.iter().map(|b| b.x1).max().unwrap_or(c.x1),
            y1: bands.iter().map(|b| b.y1).max().unwrap_or(c.y1),
            bands,
        })
        .filter(|part| c.y1 - part.y1 <= (ROW_BOTTOM_TOLERANCE * part.band_width() as f32) as u32)
        .collect()
}

/// Whether a column shows liquid of two colours or more, bands of the
/// board's colour left out.
pub(super) fn of_several_colours(c: &Column, board: Option<[u8; 3]>) -> bool {
    distinct_colours(c.bands.iter().filter(|b| !like_board(b, board))).len() >= 2
}

/// One colour of each liquid among `bands`: colours [`DISTINCT_COLOUR_STEP`]
/// apart are different liquids.
fn distinct_colours<'a>(bands: impl Iterator<Item = &'a Band>) -> Vec<[u8; 3]> {
    let mut distinct: Vec<[u8; 3]> = Vec::new();
    for b in bands {
        if distinct.iter().all(|d| (0..3).any(|i| d[i].abs_diff(b.color[i]) > DISTINCT_COLOUR_STEP)) {
            distinct.push(b.color);
        }
    }
    distinct
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_of_the_boards_colour_are_no_evidence_of_a_row_of_liquid() {
        // Generated tuning case 1866: tubes of two to four layers on lined
        // paper, the gaps between them columns of seven strips of paper.
        // They outweighed the tubes, and the template made of them found
        // the gaps, so the second row's two empty tubes were missed.
        let (case, vessels) = super::super::tests::vessels_in_case(1866);
        assert_eq!(vessels.len(), case.level.tubes().len(), "{vessels:?}");
        // Seven strips of the board's colour count for nothing; two
        // layers of liquid count.
        let band = |y0, color| Band { area: 400, x0: 0, y0, x1: 40, y1: y0 + 20, color };
        let paper = [250, 248, 245];
        let strips = Column { x0: 0, y0: 0, x1: 40, y1: 140, bands: (0..7).map(|i| band(20 * i, paper)).collect() };
        let liquid =
            Column { x0: 0, y0: 0, x1: 40, y1: 40, bands: vec![band(0, [200, 40, 40]), band(20, [40, 40, 200])] };
        assert_eq!(evidence(&[&strips, &strips], Some(paper)), 0.0);
        assert!(evidence(&[&liquid], Some(paper)) > 0.0);
        // Without a board known, the strips count as before.
        assert!(evidence(&[&strips, &strips], None) > evidence(&[&liquid], None));
    }
}
