//! The check that no liquid stands above a tube's top slot, and the look
//! for liquid there that a grid left out (the top unit of a vase, flask or
//! bottle in its shoulder or neck, read as headroom, or above a box that
//! ends at the shoulder), which regrids a layer taller.

use image::RgbImage;
use palette::Lab;

use super::unit::{long_runs, outlines};
use super::{Doubt, color_centres, glass::read_empty, raw_of};
use crate::geometry::{Rect, SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, to_lab};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::Detection;
use crate::vision::water::board::{board_at_walls, looks_empty};
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::slots::Run;

/// Liquid never stands above a tube's top slot: a run of a level's colour
/// there, at least half a slot long, is a layer the grid left out (the
/// top unit of a vase or flask standing in its shoulder or neck, read as
/// headroom), so the capacity was read one short. A tube whose liquid's
/// lit surface stands below its top slot shows where its liquid ends:
/// what is above is glass, though the board seen through it be a liquid's
/// colour (a sky-blue liquid's, zhoushizoe 1697942484468). Above a top
/// slot of liquid, a level's colour is looked for beyond the outline too:
/// a box found up to a vessel's waist (a hurricane glass's) ends inside
/// the top layer, and a grid of about 0.6 of the unit fits what it holds
/// (tuning 3767), or under the top layer, which the grid then leaves out
/// of every full vessel (tuning 14818: each full glass's top layer, in its
/// flaring neck, was read as headroom; the three tops were the three
/// colours, so the counts added up, a confident wrong answer). A colour
/// other than the top slot's own counts there only where the board just
/// outside the walls is unlike it: above a full vessel's rim the strip
/// shows the board, a hill's edge of a level's green (tuning 13635).
pub(super) fn liquid_above(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres = color_centres(&detection.samples, puzzle);
    let outlines = outlines(detection);
    // What stands above the top slot of a tube read empty all through is
    // the vessel (its rim), for liquid never stands over empty glass: a
    // run like it above another tube's top slot is that rim too (test
    // theme 100191: wine glasses whose thick dark rim is within a
    // colour's spread of a dark brown liquid).
    let over_empties: Vec<Lab> = runs_over_empty_tubes(image, detection).into_iter().map(to_lab).collect();
    let rim = |lab: Lab| over_empties.iter().any(|&c| delta_e(lab, c) < SAME_COLOR_MAX_DELTA_E);
    let is_liquid = |lab: Lab| !rim(lab) && centres.iter().flatten().any(|&c| delta_e(lab, c) < SAME_COLOR_MAX_DELTA_E);
    for (t, tube) in detection.tubes.iter().enumerate() {
        if detection.lit.get(t).is_some_and(|&lit| (1..tube.slots.len()).contains(&lit)) {
            continue;
        }
        let within = runs_above(image, tube);
        if within.iter().any(|run| is_liquid(to_lab(run.color))) {
            return Some(Doubt::LiquidAbove { tube: t + 1 });
        }
        // Liquid going on above a top slot of liquid, beyond a box that
        // ends less than a unit above it: the top slot's own colour, or
        // another of the level's unlike the board just outside the walls
        // there (above a full vessel's rim the strip shows the board).
        if let Some(SlotSample::Color(own)) = detection.samples[t].last() {
            let own = to_lab(*own);
            // The board just outside the walls level with a run (a hill's
            // edge near a rim, where the gap's middle shows the sky).
            let like_board = |r: &Run| like_board_at_walls(image, &tube.outer, &outlines, r);
            let liquid = |r: &Run| {
                let lab = to_lab(r.color);
                !rim(lab) && (delta_e(lab, own) < SAME_COLOR_MAX_DELTA_E || (is_liquid(lab) && !like_board(r)))
            };
            if !reaches_a_unit_above(tube) && runs_above_from(image, tube, 0).iter().any(liquid) {
                return Some(Doubt::LiquidAbove { tube: t + 1 });
            }
        }
    }
    None
}

/// The colours of the long runs above the top slot of each tube whose
/// every slot was read empty (see [`runs_above`]).
fn runs_over_empty_tubes(image: &RgbImage, detection: &Detection) -> Vec<[u8; 3]> {
    let tubes = detection.tubes.iter().zip(&detection.samples);
    tubes
        .filter(|(_, samples)| read_empty(samples))
        .flat_map(|(tube, _)| runs_above(image, tube))
        .map(|r| r.color)
        .collect()
}

/// Whether some tube shows, in the unit above its top slot, a long run
/// unlike every slot read empty: liquid the grid left out (a vase's top
/// unit in its shoulder), seen before the colours are named, when the
/// counts fail and [`liquid_above`] never runs. With no slot read empty
/// there is no glass to tell liquid from, and nothing is seen. Where the
/// box ends less than a unit above the top slot, the unit above is looked
/// at beyond the box too, as [`liquid_above`] looks, leaving out runs like
/// the board just outside the walls: the walls finder can box a bottle's
/// or tapered flask's body only, up to its shoulder, the top layer above
/// (test 1000321, 1001495: read a layer short, refused on their counts).
pub fn unread_liquid_above(image: &RgbImage, detection: &Detection) -> bool {
    let glass = raw_of(detection, SlotSample::Empty);
    let outlines = outlines(detection);
    let above = |tube: &TubeLayout| {
        if reaches_a_unit_above(tube) {
            return runs_above(image, tube);
        }
        let beyond = runs_above_from(image, tube, 0);
        beyond.into_iter().filter(|r| !like_board_at_walls(image, &tube.outer, &outlines, r)).collect()
    };
    !glass.is_empty()
        && detection
            .tubes
            .iter()
            .any(|tube| above(tube).iter().any(|run| !glass.iter().any(|&g| looks_empty(run.color, g))))
}

/// The long runs down the middle of `tube` (its middle two fifths) in
/// the unit above its top slot, within its outline; none for a tube
/// without slots.
fn runs_above(image: &RgbImage, tube: &TubeLayout) -> Vec<Run> {
    runs_above_from(image, tube, tube.outer.y0)
}

/// [`runs_above`], in the rows from `ceiling` down (the outline's top, or
/// the picture's to look beyond the outline).
fn runs_above_from(image: &RgbImage, tube: &TubeLayout, ceiling: u32) -> Vec<Run> {
    let Some(top) = tube.slots.last() else { return Vec::new() };
    let unit = top.height().max(1) as f32;
    let y0 = ceiling.max(top.y0.saturating_sub(unit as u32));
    let y1 = top.y0.saturating_sub((unit * 0.1) as u32);
    let w = tube.outer.width();
    let (x0, x1) = (tube.outer.x0 + w * 3 / 10, tube.outer.x1 - w * 3 / 10);
    long_runs(image, (x0, x1), (y0, y1), unit)
}

/// Whether a tube's box reaches a unit (its top slot's height) or more
/// above its top slot; `false` for a tube without slots.
fn reaches_a_unit_above(tube: &TubeLayout) -> bool {
    tube.slots.last().is_some_and(|top| tube.outer.y0 <= top.y0.saturating_sub(top.height().max(1)))
}

/// Whether a run down a tube looks like the board just outside its walls
/// (`outer`), level with the run, on either side.
fn like_board_at_walls(image: &RgbImage, outer: &Rect, outlines: &[Rect], run: &Run) -> bool {
    let rows = Rect { x0: outer.x0, x1: outer.x1, y0: run.y0, y1: run.y1 };
    board_at_walls(image, outer, &rows, outlines).into_iter().flatten().any(|b| looks_empty(run.color, b))
}
