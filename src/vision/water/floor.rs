//! Each row's floor: the vessels of one row are drawn alike and stand on
//! one line, and their liquid rests on their bottoms, so a row's profiles
//! end their liquid on one row of the picture. What one profile reads on
//! below its row-mates' common bottom is what its glass's bottom shows
//! (the board behind it), not liquid.

use super::slots::Profile;
use crate::geometry::Rect;

/// How many pixels two tube boxes' bottoms may differ and the tubes still
/// stand on one row: the walls finder puts each box's bottom on its
/// outline's lowest edge, which anti-aliasing moves by a pixel either way.
/// Not fitted.
const ROW_BOX_SLACK: u32 = 2;

/// How many pixels the bottoms of a row's profiles may differ and still be
/// one bottom: the last run's anti-aliased end. Not fitted.
const BOTTOM_SLACK: u32 = 1;

/// Least number of a row's other tubes that must end their liquid on one
/// bottom for it to be the row's: two, so that one tube's own misreading
/// does not move another's.
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

#[cfg(test)]
mod tests;
