//! Tinted glass in the profiles: a run is taken for empty glass when it
//! looks like the board beside its vessel, so glass tinted unlike the
//! board (a ball sort's grey-green tubes on a dark olive board, tuning
//! case 1125) stands in a profile as a run of liquid. Above the liquid it
//! is then a layer: its start is taken for a boundary, and the grid that
//! explains it too is half the true one (the headroom of four balls is half
//! a ball high). An empty vessel shows what the glass looks like, one run
//! from its top to its bottom; where the first run of other vessels, above
//! their liquid, is that colour too, that colour is the glass, and the
//! runs of it on top of every vessel are marked empty.
//!
//! A vessel full of one liquid is one run as well, but it holds every
//! layer of its colour: that colour stands on no other vessel. So the
//! glass is believed only where it tops at least [`LEAST_TOPPED`] other
//! vessels that hold liquid under it. Where some vessel shows the board
//! from top to bottom, that vessel is the glass and one of another colour
//! is full of liquid: glass tinted barely off a textured board reads empty
//! beside one stretch of it and as liquid beside another, so runs like
//! the empty vessel on top of the liquid are glass too. The
//! glass found is kept for the slots: where a reading fails, they are
//! read again with slots of it on top of the liquid taken for empty
//! ([`super::regrid`]).

use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::{Profile, Run};
use crate::imaging::color::{delta_e, median_color, to_lab};

/// Fewest vessels with liquid that the whole-vessel colour must top
/// before it is taken for the glass: one could be a liquid's layers split
/// between two vessels read at a wrong capacity; two cannot be a liquid
/// that fills a vessel of its own. A count, not fitted.
const LEAST_TOPPED: usize = 2;

/// Least share of a vessel's height (its top to its liquid's bottom) one
/// run must span for the vessel to be read as empty: the run stops short
/// only by a rim or an outline's blur at either end, a few rows. Not fitted.
const WHOLE_VESSEL: f32 = 0.85;

/// Marks empty, in every profile, the runs on top of its liquid that look
/// like the glass of the vessels read as one run from top to bottom, when
/// that glass also tops the liquid of [`LEAST_TOPPED`] other vessels.
/// Returns that glass when any run changed.
pub(super) fn mark_tinted_headroom(profiles: &mut [Profile]) -> Option<[u8; 3]> {
    let glass = glass_of_empty_vessels(profiles)?;
    let lab = to_lab(glass);
    let like = |run: &Run| delta_e(to_lab(run.color), lab) < SAME_COLOR_MAX_DELTA_E;
    // The glass tops a vessel where its first run that is a layer's height
    // or that glass (a headroom shorter than a layer: fresh 80838, grey
    // glass 0.4 of a layer over full hurricane glasses) is that glass, with
    // a layer under it.
    let topped = profiles
        .iter()
        .filter(|p| {
            let mut runs = p.runs.iter().filter(|r| is_long(r, p) || !r.empty && like(r));
            runs.next().is_some_and(|first| !first.empty && like(first)) && runs.any(|r| is_long(r, p))
        })
        .count();
    if topped < LEAST_TOPPED {
        return None;
    }
    let mut changed = false;
    for Profile { runs, glyphs, shortest_layer, .. } in profiles.iter_mut() {
        for run in runs.iter_mut() {
            let (short, glassy) = (run.y1 - run.y0 < *shortest_layer, like(run));
            if run.empty || short && !glassy {
                continue;
            }
            if !glassy || holds_glyph(glyphs, run) {
                break;
            }
            run.empty = true;
            changed = true;
        }
    }
    changed.then_some(glass)
}

/// The colour of the vessels whose profile is one long run (no glyph in
/// it) spanning [`WHOLE_VESSEL`] of their height, when there are any and
/// they agree (within one colour's spread).
fn glass_of_empty_vessels(profiles: &[Profile]) -> Option<[u8; 3]> {
    let wholes: Vec<&Run> = profiles
        .iter()
        .filter_map(|p| {
            let mut long = long_runs(p);
            let only = long.next().filter(|_| long.next().is_none())?;
            let height = p.bottom.saturating_sub(p.top) as f32;
            let spans = (only.y1 - only.y0) as f32 >= height * WHOLE_VESSEL;
            (spans && !holds_glyph(&p.glyphs, only)).then_some(only)
        })
        .collect();
    // A vessel that shows the board from top to bottom is the game's
    // empty glass: then one of another colour is full of a liquid (two
    // near-identical greens in one run, tuning 1938), and the glass is
    // what the empty ones show. Glass barely tinted from a textured board
    // reads empty beside one stretch of the board and not beside another
    // (tuning 2087: wine glasses over green-grey noise, the headroom of
    // two of eight read empty): a run on top of the liquid that looks
    // like a vessel read empty from top to bottom is that glass too.
    let empties = wholes.iter().any(|run| run.empty);
    let whole: Vec<[u8; 3]> = wholes.iter().filter(|run| run.empty == empties).map(|run| run.color).collect();
    if whole.is_empty() {
        return None;
    }
    let glass = median_color(&whole);
    let lab = to_lab(glass);
    whole.iter().all(|&c| delta_e(to_lab(c), lab) < SAME_COLOR_MAX_DELTA_E).then_some(glass)
}

/// A profile's runs tall enough to be a layer, top first.
fn long_runs(p: &Profile) -> impl Iterator<Item = &Run> {
    p.runs.iter().filter(|r| is_long(r, p))
}

/// Whether `run` is tall enough to be a layer of `p`.
fn is_long(run: &Run, p: &Profile) -> bool {
    run.y1 - run.y0 >= p.shortest_layer
}

/// Whether a `?` glyph stands in `run`.
pub(super) fn holds_glyph(glyphs: &[u32], run: &Run) -> bool {
    glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::slots::Top;

    const GLASS: [u8; 3] = [83, 86, 56];
    const RED: [u8; 3] = [200, 30, 30];
    const BLUE: [u8; 3] = [30, 60, 200];

    /// A profile from row 159 to its liquid's bottom at 277, 57 wide
    /// (runs of 18 rows or more are layers), with runs `(y0, y1, colour)`,
    /// none read empty.
    fn vessel(runs: &[(u32, u32, [u8; 3])]) -> Profile {
        Profile {
            runs: runs.iter().map(|&(y0, y1, color)| Run { y0, y1, color, empty: false }).collect(),
            glyphs: Vec::new(),
            glyph_rows: Vec::new(),
            top: 159,
            shortest_layer: 18,
            bottom: 277,
            top_is: Top::BodyTop,
            columns: (11, 46),
        }
    }

    fn empty_flags(profiles: &[Profile]) -> Vec<Vec<bool>> {
        profiles.iter().map(|p| p.runs.iter().map(|r| r.empty).collect()).collect()
    }

    /// Tuning case 1125's shape: two vessels with a unit of headroom (and
    /// a rim under the row the profile starts at), one empty.
    fn headroom_and_an_empty_vessel() -> Vec<Profile> {
        vec![
            vessel(&[(163, 202, GLASS), (202, 240, RED), (240, 277, BLUE)]),
            vessel(&[(163, 202, GLASS), (202, 240, BLUE), (240, 277, RED)]),
            vessel(&[(163, 277, GLASS)]),
        ]
    }

    #[test]
    fn glass_tinted_unlike_the_board_over_the_liquid_is_marked_empty() {
        let mut profiles = headroom_and_an_empty_vessel();
        assert!(mark_tinted_headroom(&mut profiles).is_some());
        assert_eq!(empty_flags(&profiles), [vec![true, false, false], vec![true, false, false], vec![true]]);
    }

    #[test]
    fn glass_shorter_than_a_layer_over_the_liquid_is_marked_empty_too() {
        // Fresh 80838's shape: full vessels under a headroom of glass a
        // third of a layer tall, shorter than any layer, and an empty one.
        let mut profiles = vec![
            vessel(&[(163, 175, GLASS), (175, 240, RED), (240, 277, BLUE)]),
            vessel(&[(163, 175, GLASS), (175, 240, BLUE), (240, 277, RED)]),
            vessel(&[(163, 277, GLASS)]),
        ];
        assert!(mark_tinted_headroom(&mut profiles).is_some());
        assert_eq!(empty_flags(&profiles), [vec![true, false, false], vec![true, false, false], vec![true]]);
        // A short run of another colour over the glass is passed over.
        profiles[0].runs.insert(0, Run { y0: 160, y1: 163, color: RED, empty: false });
        profiles[1].runs.insert(0, Run { y0: 160, y1: 163, color: RED, empty: false });
        profiles.iter_mut().flat_map(|p| p.runs.iter_mut()).for_each(|r| r.empty = false);
        assert!(mark_tinted_headroom(&mut profiles).is_some());
        assert_eq!(
            empty_flags(&profiles),
            [vec![false, true, false, false], vec![false, true, false, false], vec![true]]
        );
        // Fresh 80838 read whole: the empty glasses' run from the rim no
        // longer fits a grid of half the unit.
        crate::vision::water::regrid::tests::reads_exactly(80838);
    }

    #[test]
    fn a_vessel_full_of_one_liquid_is_no_glass() {
        // The whole-vessel colour tops one other vessel only: it may be
        // a liquid (a full vessel of it, its last layer elsewhere).
        let mut profiles = vec![
            vessel(&[(163, 202, RED), (202, 240, BLUE), (240, 277, BLUE)]),
            vessel(&[(163, 202, GLASS), (202, 240, BLUE), (240, 277, RED)]),
            vessel(&[(163, 277, RED)]),
        ];
        assert!(mark_tinted_headroom(&mut profiles).is_none());
        // No vessel read as one run: no glass seen.
        let mut profiles = vec![
            vessel(&[(163, 202, GLASS), (202, 240, RED), (240, 277, BLUE)]),
            vessel(&[(163, 202, GLASS), (202, 240, BLUE), (240, 277, RED)]),
        ];
        assert!(mark_tinted_headroom(&mut profiles).is_none());
        assert!(empty_flags(&profiles).iter().flatten().all(|&e| !e));
    }

    #[test]
    fn a_vessel_of_one_colour_beside_one_that_shows_the_board_is_full_of_liquid() {
        // Tuning 1938's shape: a tube of two near-identical greens read
        // as one run, two tubes on top of that green, and an empty tube
        // that looks like the board (read empty): the game's glass is
        // the board's, and the green is liquid.
        let mut profiles = headroom_and_an_empty_vessel();
        profiles.push(vessel(&[(163, 277, [200, 220, 255])]));
        profiles[3].runs[0].empty = true;
        assert!(mark_tinted_headroom(&mut profiles).is_none());
        assert_eq!(empty_flags(&profiles)[..3].iter().flatten().filter(|&&e| e).count(), 0);
    }

    #[test]
    fn glass_like_a_vessel_read_empty_over_the_liquid_is_marked_empty() {
        // Tuning 2087's shape: glass barely tinted over a textured board,
        // read empty in the empty vessel and over one vessel's liquid but
        // as liquid over two others (whose grid it would halve).
        let mut profiles = headroom_and_an_empty_vessel();
        profiles.push(vessel(&[(163, 202, GLASS), (202, 240, RED), (240, 277, RED)]));
        profiles[2].runs[0].empty = true;
        profiles[3].runs[0].empty = true;
        assert_eq!(mark_tinted_headroom(&mut profiles), Some(GLASS));
        assert_eq!(
            empty_flags(&profiles),
            [vec![true, false, false], vec![true, false, false], vec![true], vec![true, false, false]]
        );
    }
}
