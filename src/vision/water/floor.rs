//! Each row's floor: the vessels of one row are drawn alike and stand on
//! one line, and their liquid rests on their bottoms, so a row's profiles
//! end their liquid on one row of the picture. What one profile reads on
//! below its row-mates' common bottom is what its glass's bottom shows
//! (the board behind it), not liquid; and a thin run of one colour that
//! ends every profile of a row is the vessels' own outline.

use super::level::SAME_COLOR_MAX_DELTA_E;
use super::median;
use super::slots::{Profile, Run};
use crate::geometry::Rect;
use crate::imaging::color::{delta_e, to_lab};

/// How many pixels two tube boxes' bottoms may differ and the tubes still
/// stand on one row: the walls finder puts each box's bottom on its
/// outline's lowest edge, which anti-aliasing moves by a pixel either way.
/// Set from that arithmetic before any run, not fitted; measured only on
/// the tuning seeds 0-5999 and fresh 80000-81999 and 88000-89999 (no case
/// lost). In an enlarged working copy an edge blurs over more pixels, so
/// there the rule may find no row-mates and do nothing.
const ROW_BOX_SLACK: u32 = 2;

/// How many pixels the bottoms of a row's profiles may differ and still be
/// one bottom: the last run's anti-aliased end. Set so, not fitted;
/// measured as [`ROW_BOX_SLACK`] was.
const BOTTOM_SLACK: u32 = 1;

/// Least number of a row's other tubes that must end their liquid on one
/// bottom for it to be the row's: two, so that one tube's own misreading
/// does not move another's. A count, not fitted; measured as
/// [`ROW_BOX_SLACK`] was.
const ROW_MATES: usize = 2;

/// Moves up to its row's bottom each profile (of the tubes found by their
/// walls, `boxes` in the same order) whose liquid reads on below the
/// bottom that two or more of its row-mates (boxes ending on one row,
/// within [`ROW_BOX_SLACK`]) share, within [`BOTTOM_SLACK`]; its runs
/// under that bottom are dropped. Only where no run of its straddles that
/// bottom (a liquid standing through it is no board) and some run is
/// left. Tuning 1789: a hill's edge crossing under the first of a row of
/// tubes put its profile's end on the hill, and the pale glass of its
/// round bottom, over a sky unlike the hill beside it, was read as a
/// run of liquid half a layer tall; its slots, half a layer low, sampled
/// two layers each.
pub(super) fn on_the_rows_bottom(boxes: &[Rect], profiles: &mut [Profile]) {
    let bottoms: Vec<u32> = profiles.iter().map(|p| p.bottom).collect();
    for (i, p) in profiles.iter_mut().enumerate() {
        let Some(b) = boxes.get(i) else { continue };
        let mates: Vec<u32> = (0..bottoms.len())
            .filter(|&j| j != i && boxes.get(j).is_some_and(|o| o.y1.abs_diff(b.y1) <= ROW_BOX_SLACK))
            .map(|j| bottoms[j])
            .collect();
        let shared = mates
            .iter()
            .copied()
            .find(|&m| mates.iter().filter(|&&o| o.abs_diff(m) <= BOTTOM_SLACK).count() >= ROW_MATES);
        let Some(shared) = shared.filter(|&m| p.bottom > m + BOTTOM_SLACK) else { continue };
        let straddles = |y0: u32, y1: u32| y0 + BOTTOM_SLACK < shared && y1 > shared + BOTTOM_SLACK;
        if p.runs.iter().any(|r| straddles(r.y0, r.y1)) {
            continue;
        }
        let kept: Vec<_> = p.runs.iter().copied().filter(|r| r.y1 <= shared + BOTTOM_SLACK).collect();
        if kept.is_empty() {
            continue;
        }
        p.runs = kept;
        p.bottom = shared;
    }
}

/// Least number of vessels on one bottom whose profiles all end in a thin
/// run of one colour for that run to be taken for their outline: three,
/// since a deal gives one colour to few vessels' bottom layers, and a
/// round bottom's sliver of liquid is each vessel's own colour. A count,
/// not fitted; measured as [`ROW_BOX_SLACK`] was (no case lost).
const STROKE_ROW: usize = 3;

/// Most height of such a run, as a share of the median height of the
/// row's other runs of liquid (about a layer): an outline's stroke is a
/// few rows, a layer is a layer. Half, set so and not fitted; measured
/// as [`ROW_BOX_SLACK`] was (no case lost).
const STROKE_OF_LAYER: f32 = 0.5;

/// Takes the outline's stroke off the bottom of a row's profiles (of
/// vessels found by their liquid): where three or more vessels on one
/// bottom ([`STROKE_ROW`]), none showing a `?` glyph (the part of a hidden
/// cell under its glyph is thin and one shade in every vessel), each end in
/// a run read as liquid under half as tall as the row's other runs
/// ([`STROKE_OF_LAYER`]), all within one colour's spread of each other
/// ([`SAME_COLOR_MAX_DELTA_E`]), that run is the vessels' outline, drawn
/// alike under every vessel, empty ones too; it is dropped and each
/// profile's bottom raised to its top. Fresh 81176: vases of four
/// 16.6-row layers in three rows, the last two rows' bottoms found on
/// their dark outline, five rows under the liquid; the grid fitted to all
/// three rows was 18.1 rows, and every reading was doubted for its layers
/// off the grid.
pub(super) fn stroke_off_the_bottom(profiles: &mut [Profile]) {
    let mut bottoms: Vec<u32> = profiles.iter().map(|p| p.bottom).collect();
    bottoms.sort_unstable();
    bottoms.dedup();
    for bottom in bottoms {
        let row: Vec<usize> = (0..profiles.len()).filter(|&i| profiles[i].bottom == bottom).collect();
        if row.len() < STROKE_ROW || row.iter().any(|&i| !profiles[i].glyphs.is_empty()) {
            continue;
        }
        let last = |i: usize| profiles[i].runs.last().copied().filter(|r| !r.empty && r.y1 + BOTTOM_SLACK >= bottom);
        let Some(strokes) = row.iter().map(|&i| last(i)).collect::<Option<Vec<Run>>>() else { continue };
        let layers: Vec<f32> = row
            .iter()
            .flat_map(|&i| {
                let runs = &profiles[i].runs;
                runs[..runs.len() - 1].iter().filter(|r| !r.empty).map(|r| (r.y1 - r.y0) as f32)
            })
            .collect();
        if layers.is_empty() {
            continue;
        }
        let layer = median(layers);
        let thin = strokes.iter().all(|r| ((r.y1 - r.y0) as f32) < STROKE_OF_LAYER * layer);
        let labs: Vec<_> = strokes.iter().map(|r| to_lab(r.color)).collect();
        let one_colour = labs.iter().all(|&a| labs.iter().all(|&b| delta_e(a, b) < SAME_COLOR_MAX_DELTA_E));
        if !(thin && one_colour) {
            continue;
        }
        for &i in &row {
            let p = &mut profiles[i];
            if let Some(stroke) = p.runs.pop() {
                p.bottom = stroke.y0;
            }
        }
    }
}

#[cfg(test)]
mod tests;
