//! Which columns of liquid make a row, and which of the best row's
//! columns the template of the game's vessel is made of: columns whose
//! bottoms line up and whose widths agree are a row; the row with the most
//! layers in the most colours is surely vessels of liquid, and its columns
//! of the most bands are the template's anchors (or, where their template
//! matches no vessel, its columns of several colours).

use super::super::columns::{Band, Column};
use super::super::median;

/// Colours this far apart (largest RGB channel step) are different liquids
/// when a row's colours are counted.
const DISTINCT_COLOUR_STEP: u8 = 40;

/// How far the bottoms of one row's columns may differ, in units of their
/// width: anti-aliasing and JPEG blur move a bottom by a pixel or two; a
/// round bottom's lowest row by a little more.
const ROW_BOTTOM_TOLERANCE: f32 = 0.22;

/// How much wider or narrower than the row's median a column may be.
const ROW_WIDTH_RATIO: f32 = 1.5;

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
pub(super) fn evidence(group: &[&Column]) -> f32 {
    let distinct = distinct_colours(group.iter().flat_map(|c| c.bands.iter()));
    let weighted: f32 =
        group.iter().map(|c| c.bands.len() as f32 * (c.height() as f32 / c.band_width().max(1) as f32).min(4.0)).sum();
    weighted + 2.0 * distinct.len() as f32
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
    /// at best; 2522: squat tubes beside columns of two, 0.46). Asked only
    /// where the first finds no vessel.
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
