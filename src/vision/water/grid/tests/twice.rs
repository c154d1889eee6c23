//! The unit doubled where the grid measured leaves room for more layers
//! than any vessel holds: tinted headroom half a layer tall.

use super::super::*;
use super::tube;

#[test]
fn headroom_half_a_layer_over_every_tube_leaves_the_unit_at_twice_the_grid_measured() {
    // Fresh 81620's profiles at its working size (540x1226): tubes of four
    // 52-row layers under grey glass half a layer tall, read as a run of
    // liquid whose top is taken for a boundary; the glass of the tube
    // holding one layer goes on down to it. Every boundary is on a grid of
    // 26 rows, which leaves room for nine layers, more than any vessel
    // holds; 52 rows leave room for four.
    let liquid = |runs: &[(u32, u32)]| runs.iter().map(|&(y0, y1)| (y0, y1, false)).collect::<Vec<_>>();
    let upper = |runs: &[(u32, u32)]| tube(363, 602, 60, &liquid(runs));
    let lower = |runs: &[(u32, u32)]| tube(761, 1000, 60, &liquid(runs));
    let tubes = [
        upper(&[(367, 445), (446, 498), (498, 549), (551, 602)]),
        upper(&[(367, 393), (394, 445), (446, 498), (498, 550), (550, 602)]),
        upper(&[(367, 393), (394, 445), (447, 498), (499, 602)]),
        upper(&[(367, 393), (394, 445), (446, 497), (499, 549), (551, 602)]),
        lower(&[(766, 792), (792, 844), (844, 896), (897, 948), (951, 1000)]),
        lower(&[(766, 792), (792, 844), (844, 896), (896, 948), (949, 1000)]),
        lower(&[(766, 948), (949, 1000)]),
    ];
    let g = slot_geometry(&tubes).unwrap();
    assert!((g.layer_height - 52.0).abs() < 1.5, "{g:?}");
    assert_eq!(g.capacity, 4, "{g:?}");
    // Where glyphs stand a unit apart, twice it is no unit: a bottle's
    // neck over seven layers stays room for more than any vessel holds
    // (`a_neck_over_full_bottles_is_no_room_for_layers`, which fails
    // without that bound).
}

#[test]
fn tubes_under_half_a_layer_of_tinted_headroom_are_read() {
    // Generated fresh cases 81620 (540x1226, four 52-row layers) and 81622
    // (360x729): tubes under grey glass half a layer tall on a textured
    // board, read as nine slots and refused before any reading.
    for seed in [81620, 81622] {
        crate::vision::water::regrid::tests::reads_exactly(seed);
    }
}
