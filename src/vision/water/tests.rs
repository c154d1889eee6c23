//! Tests of the water reading's order of looks: which look's reading is
//! believed, and the grids one look's reading is compared with.

use super::*;
use crate::geometry::{Rect, TubeLayout};
use crate::puzzle::water::renamed_in_order;

/// A failed reading of three tubes of `capacity` slots.
fn sight(capacity: usize) -> WaterSight {
    let tube = |x0: u32| TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: 0, y1: 100 }, slots: Vec::new() };
    let detection = Detection {
        image_width: 200,
        image_height: 100,
        tubes: vec![tube(10), tube(50), tube(90)],
        samples: vec![vec![SlotSample::Empty; capacity]; 3],
        locks: vec![None; 3],
        raw: vec![Vec::new(); 3],
        capacity,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    WaterSight { detection: Some(detection), read: Err(VisionError::NoTubes) }
}

#[test]
fn a_band_floor_reading_of_two_layers_fewer_than_the_grid_measured_before_is_another_unit() {
    // Fresh 81854 at its largest look: the width floor's grid of seven
    // layers, the band floor's of four.
    assert!(coarser(&sight(4), &sight(7)));
    // One layer fewer mends a grid too fine (fresh 73032); as many or
    // more is no coarser unit.
    assert!(!coarser(&sight(4), &sight(5)));
    assert!(!coarser(&sight(7), &sight(7)));
    assert!(!coarser(&sight(8), &sight(7)));
    // Where the first measured no grid, nothing to compare.
    let unmeasured = WaterSight { detection: None, read: Err(VisionError::NoTubes) };
    assert!(!coarser(&sight(4), &unmeasured));
}

/// The reading of `picture` by its walls at `edge`, shrunk to fit, each
/// tube read down its middle 60%.
fn by_walls_at_fit(picture: &RgbImage, edge: WallEdge) -> WaterSight {
    by_walls_down(picture, edge, TubeStrip::Wide)
}

/// The reading of `picture` by its walls at `edge`, shrunk to fit, each
/// tube read down `strip`.
fn by_walls_down(picture: &RgbImage, edge: WallEdge, strip: TubeStrip) -> WaterSight {
    let look = Look { finder: Finder::Walls(edge, strip), zoom: Zoom::Fit, empties: EmptyGlass::Beside };
    regrid::read_by(picture, &ReadOptions::default(), look, &Shared::default())
}

/// Asserts that `case` is read exactly.
fn read_exactly(case: &crate::synthetic::water::generate::Case) {
    let read = read(&case.picture, &ReadOptions::default()).read.expect("a reading");
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}

#[test]
fn tubes_whose_outline_is_just_under_the_walls_threshold_are_read_by_fainter_walls() {
    // Generated tuning case 1187: nine ball tubes outlined in white on
    // a pale cloudy board (a 360x753 JPEG), an edge of 39 down their
    // walls against the threshold's 40. The walls finder sees no tube
    // at full strength; the liquid finder takes each ball for a vessel.
    let case = crate::synthetic::water::generate::case(1187);
    let [full, faint] = [WallEdge::Full, WallEdge::Faint].map(|edge| by_walls_at_fit(&case.picture, edge));
    assert!(matches!(full.read, Err(VisionError::NoTubes)), "{:?}", full.read);
    assert_eq!(faint.detection.map(|d| d.tubes.len()), Some(9));
    read_exactly(&case);
}

#[test]
fn where_the_walls_found_tubes_they_could_not_read_and_the_liquid_none_fainter_walls_are_read() {
    // Generated tuning case 1865: eleven tubes outlined in white on
    // lined paper (a 360x791 JPEG), two of the three in the last row
    // empty. The walls at full strength find the nine filled tubes
    // and miss the empty ones (their row refused as off centre), and
    // the readings by the liquid are refused too. At half the
    // threshold the walls find all eleven, read exactly.
    let case = crate::synthetic::water::generate::case(1865);
    let [full, faint] = [WallEdge::Full, WallEdge::Faint].map(|edge| by_walls_at_fit(&case.picture, edge));
    assert!(full.read.is_err() && !matches!(full.read, Err(VisionError::NoTubes)), "{:?}", full.read);
    assert_eq!(full.detection.map(|d| d.tubes.len()), Some(9));
    assert!(faint.read.is_ok(), "{:?}", faint.read);
    assert_eq!(faint.detection.map(|d| d.tubes.len()), Some(11));
    read_exactly(&case);
}

#[test]
fn small_balls_are_read_down_the_middle_third_where_no_other_look_reads_them() {
    // Generated tuning case 2478: fourteen tubes of balls 0.45 of the
    // glass's width across, six each, on a grey board (360x761). Down the
    // middle 60% each ball's run is too short for a layer: the grid took
    // two balls for one slot and every slot's median was the glass.
    let case = crate::synthetic::water::generate::case(2478);
    let [wide, middle] =
        [TubeStrip::Wide, TubeStrip::Middle].map(|strip| by_walls_down(&case.picture, WallEdge::Full, strip));
    assert_eq!(wide.detection.map(|d| d.capacity), Some(3));
    assert!(middle.read.is_ok(), "{:?}", middle.read);
    read_exactly(&case);
}

#[test]
fn glass_before_a_cloud_is_read_empty_by_the_board_at_its_walls_where_the_counts_fail_otherwise() {
    // Generated tuning case 178: thirteen flat tubes on a cloudy lilac
    // sky (360x792). The top slot of the first tube is glass before a
    // cloud's white, the board in the gap beside it lilac: read as a pale
    // liquid, one layer over the counts. Just outside its walls the board
    // is the cloud. (Its layers are measured only enlarged.)
    let case = crate::synthetic::water::generate::case(178);
    let shared = Shared::default();
    let enlarged = |empties| read_at(&case.picture, &ReadOptions::default(), Zoom::Enlarged, empties, &shared);
    let beside = enlarged(EmptyGlass::Beside);
    assert!(regrid::counts_failed(&beside), "{:?}", beside.read);
    assert!(enlarged(EmptyGlass::BesideOrWalls).read.is_ok());
    read_exactly(&case);
}
