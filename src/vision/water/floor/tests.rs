//! The row's floor on made-up profiles, and on the generated case it
//! came from.

use super::{on_the_rows_bottom, stroke_off_the_bottom};
use crate::geometry::Rect;
use crate::vision::water::slots::{Profile, Run, Top};

const PINK: [u8; 3] = [255, 95, 140];
const GREEN: [u8; 3] = [72, 199, 122];
const PALE: [u8; 3] = [247, 210, 191];

const OUTLINE: [u8; 3] = [70, 60, 80];
const BLUE: [u8; 3] = [0, 133, 254];

/// A tube box at `x` whose outline ends on row `box_bottom`, and a profile
/// of `runs` `(y0, y1, colour)` of liquid, its bottom where the last ends.
fn tube(x: u32, box_bottom: u32, runs: &[(u32, u32, [u8; 3])]) -> (Rect, Profile) {
    let runs: Vec<Run> = runs.iter().map(|&(y0, y1, color)| Run { y0, y1, color, empty: false }).collect();
    let bottom = runs.last().map_or(box_bottom, |r| r.y1);
    let profile = Profile {
        runs,
        glyphs: Vec::new(),
        glyph_rows: Vec::new(),
        top: 88,
        shortest_layer: 7,
        bottom,
        top_is: Top::BelowRim,
        columns: (x + 5, x + 18),
    };
    (Rect { x0: x, y0: 88, x1: x + 23, y1: box_bottom }, profile)
}

/// The bottoms of `tubes`' profiles once each is put on its row's, and
/// how many runs each keeps.
fn floored(tubes: Vec<(Rect, Profile)>) -> Vec<(u32, usize)> {
    let (boxes, mut profiles): (Vec<Rect>, Vec<Profile>) = tubes.into_iter().unzip();
    on_the_rows_bottom(&boxes, &mut profiles);
    profiles.iter().map(|p| (p.bottom, p.runs.len())).collect()
}

/// A tube of two layers of 16 rows whose liquid ends on row 174.
fn level(x: u32) -> (Rect, Profile) {
    tube(x, 176, &[(142, 158, PINK), (158, 174, GREEN)])
}

#[test]
fn a_tube_reading_on_under_the_bottom_its_row_mates_share_is_put_on_it() {
    // Tuning 1789: the first tube's profile read on over its round
    // bottom's pale glass to a hill's edge at 182.
    let over_hill = tube(20, 176, &[(142, 158, PINK), (158, 174, GREEN), (176, 182, PALE)]);
    let row = vec![over_hill, level(60), level(100), level(140)];
    assert_eq!(floored(row), vec![(174, 2), (174, 2), (174, 2), (174, 2)]);
}

#[test]
fn a_tube_is_left_where_it_is_without_two_row_mates_on_one_bottom_or_with_liquid_through_theirs() {
    let over_hill = || tube(20, 176, &[(142, 158, PINK), (158, 174, GREEN), (176, 182, PALE)]);
    // One row-mate alone says nothing of the row's bottom.
    assert_eq!(floored(vec![over_hill(), level(60)]), vec![(182, 3), (174, 2)]);
    // Row-mates whose bottoms differ share none.
    let lower = tube(100, 176, &[(146, 162, PINK), (162, 178, GREEN)]);
    assert_eq!(floored(vec![over_hill(), level(60), lower])[0], (182, 3));
    // Tubes of another row (their boxes end elsewhere) are no row-mates.
    let above = |x| tube(x, 96, &[(62, 78, PINK), (78, 94, GREEN)]);
    assert_eq!(floored(vec![over_hill(), above(60), above(100)])[0], (182, 3));
    // A liquid standing on through the row's bottom is liquid.
    let through = tube(20, 176, &[(142, 158, PINK), (158, 182, GREEN)]);
    assert_eq!(floored(vec![through, level(60), level(100)])[0], (182, 2));
    // A tube whose liquid ends higher (an empty one's glass) is not moved.
    let short = tube(20, 176, &[(142, 158, PINK)]);
    assert_eq!(floored(vec![short, level(60), level(100)])[0], (158, 1));
}

#[test]
fn tubes_whose_first_shows_a_hill_through_its_round_bottom_are_read_exactly() {
    // Tuning 1789: flat tubes of five 16.6-row layers over a photo, a hill
    // crossing under the first; read half a layer low there, its slots
    // straddled two layers each and the colours could not be grouped.
    use crate::puzzle::water::renamed_in_order;
    use crate::vision::water::{ReadOptions, read};
    let case = crate::synthetic::water::generate::case(1789);
    let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}

/// The bottoms of `profiles` once the outline's stroke is taken off, and
/// how many runs each keeps.
fn stroked(mut profiles: Vec<Profile>) -> Vec<(u32, usize)> {
    stroke_off_the_bottom(&mut profiles);
    profiles.iter().map(|p| (p.bottom, p.runs.len())).collect()
}

/// A vessel of two layers of 16 rows over the outline's stroke, rows
/// 428..433, read as a run of liquid of colour `stroke`.
fn over_stroke(stroke: [u8; 3]) -> Profile {
    tube(0, 433, &[(396, 412, PINK), (412, 428, BLUE), (428, 433, stroke)]).1
}

#[test]
fn a_thin_run_of_one_colour_ending_every_profile_of_a_row_is_the_outline() {
    // Fresh 81176: vases whose dark outline, five rows under the liquid,
    // ended every profile of two rows, an empty vase's too.
    let mut empty = tube(0, 433, &[(348, 428, PALE), (428, 433, OUTLINE)]).1;
    empty.runs[0].empty = true;
    let row = vec![over_stroke(OUTLINE), over_stroke(OUTLINE), over_stroke(OUTLINE), empty];
    assert_eq!(stroked(row), vec![(428, 2), (428, 2), (428, 2), (428, 1)]);
}

#[test]
fn a_row_of_two_a_stroke_of_two_colours_a_layer_tall_or_with_glyphs_is_left_alone() {
    // Two vessels: a deal may give two bottoms one colour.
    assert_eq!(stroked(vec![over_stroke(OUTLINE), over_stroke(OUTLINE)]), vec![(433, 3), (433, 3)]);
    // Each its own colour: the slivers of liquid a round bottom leaves.
    let slivers = vec![over_stroke(OUTLINE), over_stroke(GREEN), over_stroke(OUTLINE)];
    assert_eq!(stroked(slivers)[0], (433, 3));
    // As tall as half a layer: a layer.
    let layer = || tube(0, 436, &[(396, 412, PINK), (412, 428, BLUE), (428, 436, OUTLINE)]).1;
    assert_eq!(stroked(vec![layer(), layer(), layer()])[0], (436, 3));
    // Under a `?` glyph, the part of a hidden cell below it.
    let mut glyphed = over_stroke(OUTLINE);
    glyphed.glyphs = vec![420];
    assert_eq!(stroked(vec![glyphed, over_stroke(OUTLINE), over_stroke(OUTLINE)])[1], (433, 3));
    // A vessel of the row ending in glass, not in the stroke.
    let mut glass = tube(0, 433, &[(396, 433, PALE)]).1;
    glass.runs[0].empty = true;
    assert_eq!(stroked(vec![over_stroke(OUTLINE), over_stroke(OUTLINE), over_stroke(OUTLINE), glass])[0], (433, 3));
}

#[test]
fn vases_whose_outline_was_read_under_two_rows_liquid_are_read_exactly() {
    use crate::puzzle::water::renamed_in_order;
    use crate::vision::water::{ReadOptions, read};
    let case = crate::synthetic::water::generate::case(81176);
    let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}
