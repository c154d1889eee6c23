//! Tests of where the vessel finder takes liquid to stand in a vessel or
//! outside every vessel, and which rows it takes: on made-up rows, and on
//! generated cases (a row over another part of a photo than the best
//! row's, pieces of a row's liquid split off it, the glass beside a
//! tube's balls).

use super::super::place::room_for;
use super::*;

#[test]
fn liquid_has_room_for_a_vessel_only_clear_of_the_vessels_its_liquid_shows() {
    let half = 17.0;
    let vessel = |cx: f32, seen: Seen| Vessel {
        outer: Rect { x0: (cx - 21.0) as u32, y0: 60, x1: (cx + 21.0) as u32, y1: 240 },
        bottom: 237,
        top: 60,
        half_width: half,
        seen,
        band_height: 34.0,
    };
    let row = [vessel(45.0, Seen::Column), vessel(105.0, Seen::Column), vessel(165.0, Seen::Silhouette)];
    let column = |cx: f32| Column { x0: (cx - 5.0) as u32, y0: 100, x1: (cx + 5.0) as u32, y1: 237, bands: Vec::new() };
    // Between two vessels seen by their liquid: the board, no vessel.
    assert!(!room_for(&column(75.0), &row, half));
    // Beside a vessel only its silhouette shows, which may be made up,
    // and a box's width (42) clear of the one before it.
    assert!(room_for(&column(147.0), &row, half));
    // Within a box's width of a vessel seen by its liquid, beyond two
    // half-widths: two boxes would overlap.
    assert!(!room_for(&column(140.0), &row, half));
    // In a vessel found, or within its half-width of its centre: its
    // liquid seen off its centre (beside a highlight streak).
    assert!(!room_for(&column(163.0), &row, half));
    assert!(!room_for(&column(152.0), &row, half));
    // A pitch beyond the row's end.
    assert!(room_for(&column(225.0), &row, half));
}

#[test]
fn pieces_of_a_vessels_liquid_split_off_it_are_no_row_of_their_own() {
    // Fresh case 80599: tubes of balls outlined in white on ruled paper,
    // five in each of three rows. The top balls of two tubes of the middle
    // row, split off the balls under them, made a row of their own whose
    // vessels overlapped the middle row's by under `ROW_OVERLAP`; its
    // vessels and the faint ones beyond its ends were read as five more
    // tubes. No vessel's box overlaps another's now. (The two empty tubes
    // of the last row, white on the paper, are still missed, and the
    // reading is refused for that row's centring.)
    let (_, found) = found_in_case(80599);
    let vessels = found.expect("no doubt about the rows found");
    let overlap = |a: &Rect, b: &Rect| a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
    for (i, a) in vessels.iter().enumerate() {
        assert!(vessels[i + 1..].iter().all(|b| !overlap(&a.outer, &b.outer)), "{a:?} overlaps: {vessels:?}");
    }
    assert_eq!(vessels.len(), 13, "{vessels:?}");
}

#[test]
fn glass_beside_the_balls_inside_a_tubes_walls_is_no_liquid_outside_every_vessel() {
    // Tuning case 3746: tubes of balls in three rows over a photo of sky
    // and a hill, the balls half as wide as the tubes. The hill's ridge,
    // seen through the glass beside a tube's balls, made a column of two
    // bands 6.5 px off the tube's centre: beyond the balls' half-width,
    // inside the tube's walls. It was liquid outside every vessel, and
    // the row was doubted.
    let (case, found) = found_in_case(3746);
    let vessels = found.expect("no doubt about the rows found");
    assert_eq!(vessels.len(), case.level.tubes().len(), "{vessels:?}");
}

#[test]
fn a_row_over_another_background_than_the_best_rows_is_found_by_its_own_template() {
    // Tuning case 3741: four tubes of balls in each of three rows, the top
    // row on a photo's pale sky, the middle row half over a dark hill.
    // The template made of the middle row's tubes, strong with the hill's
    // edges, matched the top row's faint glass too weakly, and the top row
    // was missed: twelve tubes were read as four.
    let (case, found) = found_in_case(3741);
    let vessels = found.expect("no doubt about the rows found");
    assert_eq!(vessels.len(), case.level.tubes().len(), "{vessels:?}");
    let mut bottoms: Vec<u32> = vessels.iter().map(|v| v.bottom).collect();
    bottoms.dedup();
    assert_eq!(bottoms.len(), 3, "{vessels:?}");
}
