//! The one-unit checks' tests on made-up one-tube pictures: changes of
//! colour on the grid or off it, and changes in the glass read empty that
//! are the board's.

use super::*;
use crate::geometry::{Rect, TubeLayout};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::doubts::above::liquid_above;
use crate::vision::water::doubts::tests::{BLUE, BOARD, RED, samples_only, tube_picture};
use SlotSample::{Color, Empty};

mod glass;

#[test]
fn a_change_of_colour_between_slot_boundaries_is_doubted() {
    // Red two units of 30 rows, blue one: on a 30-row grid every change is
    // on a boundary; on a 40-row grid (three slots for four units) the
    // change at 60 rows is half a slot off.
    let liquid = [(RED, 60), (BLUE, 30), (RED, 30)];
    let (image, on_grid) = tube_picture(&liquid, 4, 30);
    assert_eq!(off_grid(&image, &on_grid), None);
    let (image, coarse) = tube_picture(&liquid, 3, 40);
    assert!(
        matches!(off_grid(&image, &coarse), Some(Doubt::OffGrid { tube: 1, .. })),
        "{:?}",
        off_grid(&image, &coarse)
    );
}

#[test]
fn a_change_between_two_long_runs_may_lie_on_a_boundary_in_the_gap_between_them() {
    // On a 30-row grid, red (a ball) at rows 3-21 and green at 69-87, with
    // only runs shorter than half a slot between them (glass, the board,
    // and small balls of blue and yellow, 12 rows each). Red's top and
    // green's bottom stand 9 rows (30%) off every boundary, but the
    // boundaries at 30 and 60 lie in the gap, where the changes may be.
    const GREEN: [u8; 3] = [40, 200, 60];
    const YELLOW: [u8; 3] = [230, 210, 40];
    let liquid = [(BOARD, 3), (RED, 18), (BOARD, 12), (BLUE, 12), (BOARD, 12), (YELLOW, 12), (GREEN, 18), (BOARD, 33)];
    let (image, mut detection) = tube_picture(&liquid, 4, 30);
    detection.samples = vec![vec![Color(RED), Color(BLUE), Color(GREEN), Empty]];
    assert_eq!(off_grid(&image, &detection), None);
    // On a 40-row grid (three slots), a longer green's top (95 rows up)
    // stands 15 rows off the nearest boundary, with no gap around it.
    let liquid = [(BOARD, 3), (RED, 18), (BOARD, 12), (BLUE, 12), (BOARD, 12), (YELLOW, 12), (GREEN, 26), (BOARD, 25)];
    let (image, mut detection) = tube_picture(&liquid, 3, 40);
    detection.samples = vec![vec![Color(RED), Color(BLUE), Color(GREEN)]];
    let d = off_grid(&image, &detection);
    assert!(matches!(d, Some(Doubt::OffGrid { tube: 1, .. })), "{d:?}");
}

#[test]
fn a_change_of_colour_among_the_slots_read_empty_is_doubted() {
    // Red one unit, then a pale liquid two units that was read as empty
    // glass: a change inside the empty slots.
    let pale = [150, 170, 200];
    let (image, mut detection) = tube_picture(&[(RED, 30), (pale, 60)], 4, 30);
    detection.samples = vec![vec![Color(RED), Empty, Empty, Empty]];
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
    // Read as liquid, the empty slot above it is one colour: no doubt.
    detection.samples = vec![vec![Color(RED), Color(pale), Color(pale), Empty]];
    assert_eq!(change_in_empty(&image, &detection), None);
}

#[test]
fn two_near_liquids_change_colour_where_the_second_starts_to_show() {
    // Tuning case 1516's pink over salmon, a little more than a run's step
    // apart, on 12-row slots: the salmon's top 4 rows (an anti-aliased
    // edge) stay within a step of the pink, so the runs split 4 rows (a
    // third of a slot) below the boundary, but those rows are nearer the
    // salmon: the change is on the grid.
    const PINK: [u8; 3] = [221, 104, 134];
    const SALMON: [u8; 3] = [243, 134, 139];
    const EDGE: [u8; 3] = [238, 124, 140];
    let (image, detection) = tube_picture(&[(BLUE, 12), (SALMON, 8), (EDGE, 4), (PINK, 12)], 3, 12);
    assert_eq!(off_grid(&image, &detection), None);
    // Rows as near the pink as the salmon's are the pink's: a third off.
    let (image, detection) = tube_picture(&[(BLUE, 12), (SALMON, 8), (PINK, 16)], 3, 12);
    let d = off_grid(&image, &detection);
    assert!(matches!(d, Some(Doubt::OffGrid { tube: 1, .. })), "{d:?}");
}

#[test]
fn a_lit_band_drawn_over_the_top_layer_is_no_change_when_at_most_half_a_slot() {
    // Tuning case 717's purple, its top layer's upper half lit: on a 20-row
    // grid the change from band to liquid is half a slot off, but it is
    // the surface, not a boundary between layers.
    const PURPLE: [u8; 3] = [120, 79, 171];
    const LIT: [u8; 3] = [149, 94, 171];
    let (image, detection) = tube_picture(&[(BLUE, 20), (PURPLE, 10), (LIT, 10)], 2, 20);
    assert_eq!(off_grid(&image, &detection), None);
    // A lighter band over more than half a slot is a layer's colour (the
    // board above it in the top slot, read empty).
    let (image, mut detection) = tube_picture(&[(BLUE, 20), (PURPLE, 10), (LIT, 12)], 3, 20);
    detection.samples = vec![vec![Color(BLUE), Color(PURPLE), Empty]];
    detection.raw = vec![vec![BLUE, PURPLE, BOARD]];
    let d = off_grid(&image, &detection);
    assert!(matches!(d, Some(Doubt::OffGrid { tube: 1, .. })), "{d:?}");
}

#[test]
fn empty_glass_split_by_a_short_disturbance_is_no_change() {
    // Red one unit of 40 rows, then empty glass (the board) split by a
    // band of cloud 12 rows tall, under half a unit: two long runs of one
    // colour, no change of colour among the slots read empty, and none
    // off the grid (the band's ends stand 16 and 12 rows from the
    // nearest boundaries, over a quarter of a unit).
    let cloud = [230, 235, 240];
    let (image, mut detection) = tube_picture(&[(RED, 40), (BOARD, 52), (cloud, 12), (BOARD, 56)], 4, 40);
    detection.samples = vec![vec![Color(RED), Empty, Empty, Empty]];
    assert_eq!(change_in_empty(&image, &detection), None);
    assert_eq!(off_grid(&image, &detection), None);
    // A band of another colour as long as a unit is a change.
    let (image, _) = tube_picture(&[(RED, 40), (BOARD, 52), (cloud, 40), (BOARD, 28)], 4, 40);
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
}

/// Red painted into the bottom slot of a tube at x 10..50 on a 100×240
/// board, and the detection of it: four 30-row slots from y 200 up, red
/// under three read empty.
#[test]
fn a_lit_surface_merged_into_its_liquid_may_stand_above_the_slot_boundary() {
    // Pale cyan two units of 40 rows under a lit band 12 rows tall above
    // its top layer, within a run's step of the cyan (one run): the change
    // from the board is 12 rows (30%) above the boundary at 120, where the
    // band ends.
    let (cyan, lit) = ([159, 244, 237], [183, 251, 228]);
    let (image, mut detection) = tube_picture(&[(cyan, 80), (lit, 12)], 4, 40);
    detection.samples = vec![vec![Color(cyan), Color(cyan), Empty, Empty]];
    assert_eq!(off_grid(&image, &detection), None);
    // The same 12 rows of cyan itself are more liquid off the grid.
    let (image, _) = tube_picture(&[(cyan, 92)], 4, 40);
    assert!(matches!(off_grid(&image, &detection), Some(Doubt::OffGrid { tube: 1, .. })));
}

#[test]
fn a_slot_read_empty_under_a_lit_surface_is_doubted_and_glass_above_one_is_no_liquid() {
    // A tube of four slots, the lower two under a liquid's lit surface.
    let (_, mut detection) = tube_picture(&[(BLUE, 60), (RED, 30)], 4, 30);
    detection.samples = vec![vec![Color(BLUE), Empty, Empty, Empty]];
    assert_eq!(empty_under_surface(&detection), None);
    detection.lit = vec![2];
    assert_eq!(empty_under_surface(&detection), Some(Doubt::EmptyUnderSurface { tube: 1 }));
    detection.samples = vec![vec![Color(BLUE), Color(BLUE), Empty, Empty]];
    assert_eq!(empty_under_surface(&detection), None);
    // Red above the top slot (rows 50-80) is a liquid's colour standing
    // there, unless the tube's lit surface shows its liquid ends lower.
    let (image, mut detection) = tube_picture(&[(RED, 150)], 4, 30);
    detection.samples = vec![vec![Color(RED); 4]];
    let puzzle: WaterPuzzle = "RRRR EEEE".parse().unwrap();
    assert_eq!(liquid_above(&image, &detection, &puzzle), Some(Doubt::LiquidAbove { tube: 1 }));
    detection.lit = vec![2];
    assert_eq!(liquid_above(&image, &detection, &puzzle), None);
}

#[test]
fn glass_below_the_first_liquid_is_left_out_of_the_runs_checked() {
    // Down a strip wider than the balls: glass on top (kept), a ball, the
    // glass beside it where it narrows, another ball, more glass.
    const GLASS: [u8; 3] = [83, 86, 56];
    let run = |y0, y1, color| Run { y0, y1, color, empty: false };
    let runs = vec![
        run(163, 177, GLASS),
        run(181, 194, RED),
        run(194, 207, GLASS),
        run(219, 232, [84, 86, 57]),
        run(232, 245, BLUE),
        run(245, 257, GLASS),
    ];
    let starts = |runs: Vec<Run>| runs.iter().map(|r| r.y0).collect::<Vec<_>>();
    assert_eq!(starts(without_glass_below_liquid(runs.clone(), &[to_lab(GLASS)])), [163, 181, 232]);
    // With no glass known, nothing is left out.
    assert_eq!(starts(without_glass_below_liquid(runs, &[])), [163, 181, 194, 219, 232, 245]);
}

#[test]
fn the_off_grid_check_looks_down_the_strip_the_slots_are_sampled_from() {
    // Tuning case 435: bulbs full to their shoulder, layers 5 rows tall.
    // A vessel found by its liquid is sampled from its slots' middle,
    // narrower than its box's; across the box's middle, the outline
    // where the bulb meets its neck covers the top rows of the top layer,
    // a band that ends off the grid. Here: three layers of 6 rows in a box
    // 40 wide whose slots span x 20..40, a dark outline over the top layer's
    // first 3 rows on x 12..25 and 35..48 (outside the slots' middle).
    const OUTLINE: [u8; 3] = [20, 20, 20];
    let (mut image, mut detection) = tube_picture(&[(RED, 6), (BLUE, 6), (RED, 6)], 3, 6);
    for slot in &mut detection.tubes[0].slots {
        (slot.x0, slot.x1) = (20, 40);
    }
    paint(&mut image, 182..185, (12..25).chain(35..48), OUTLINE);
    assert_eq!(off_grid(&image, &detection), None);
    // Inside the slots' middle, the same band is a change off the grid.
    paint(&mut image, 182..185, 12..48, OUTLINE);
    assert!(
        matches!(off_grid(&image, &detection), Some(Doubt::OffGrid { tube: 1, .. })),
        "{:?}",
        off_grid(&image, &detection)
    );
}

#[test]
fn the_empty_slots_are_looked_down_the_strip_they_are_sampled_from() {
    // Tuning case 98: an empty bulb's outline curves in where it meets the
    // neck, across its box's middle but outside its slots'. Here: red under
    // three empty 30-row slots in a box 40 wide whose slots span x 20..40,
    // a white outline over the top slot's first 16 rows on x 12..25 and
    // 35..48.
    const OUTLINE: [u8; 3] = [250, 250, 250];
    let (mut image, mut detection) = tube_picture(&[(RED, 30), (BOARD, 90)], 4, 30);
    detection.samples = vec![vec![Color(RED), Empty, Empty, Empty]];
    for slot in &mut detection.tubes[0].slots {
        (slot.x0, slot.x1) = (20, 40);
    }
    paint(&mut image, 80..96, (12..25).chain(35..48), OUTLINE);
    assert_eq!(change_in_empty(&image, &detection), None);
    // Inside the slots' middle, the same band is a change in the glass.
    paint(&mut image, 80..96, 12..48, OUTLINE);
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
}

/// Paints `colour` on `rows` × `columns` of a picture.
fn paint(
    image: &mut RgbImage,
    rows: std::ops::Range<u32>,
    columns: impl Iterator<Item = u32> + Clone,
    colour: [u8; 3],
) {
    for y in rows {
        for x in columns.clone() {
            image.put_pixel(x, y, image::Rgb(colour));
        }
    }
}

#[test]
fn a_slot_read_empty_that_shows_a_liquid_of_the_level_is_doubted() {
    // Capacity 3, two rows on a board that darkens up the screen: the top
    // row's dark green read as glass and the lower row's tinted glass read
    // as that green, so the counts still add up (tuning 4651).
    const GREEN: [u8; 3] = [1, 67, 55];
    let (tinted, glass) = ([86, 113, 108], [75, 120, 126]);
    let tube = |samples: Vec<SlotSample>, raw: Vec<[u8; 3]>| (samples, raw);
    let tubes = [
        tube(vec![Color(GREEN), Color(GREEN), Color(RED)], vec![GREEN, GREEN, RED]),
        tube(vec![Color(BLUE), Color(RED), Empty], vec![BLUE, RED, GREEN]),
        tube(vec![Color(BLUE), Color(RED), Color(tinted)], vec![BLUE, RED, tinted]),
        tube(vec![Color(BLUE), Empty, Empty], vec![BLUE, glass, glass]),
        tube(vec![Empty, Empty, Empty], vec![glass, glass, glass]),
    ];
    assert_eq!(empty_like_liquid(&samples_only(&tubes)), Some(Doubt::EmptyLikeLiquid { tube: 2, layer: 3 }));
    // Read as the glass it is, the slot is no doubt; nor is glass of
    // another shade than every liquid.
    let mut right = tubes.clone();
    right[1].1[2] = glass;
    assert_eq!(empty_like_liquid(&samples_only(&right)), None);
    let mut pale = tubes.clone();
    pale[1].1[2] = [180, 200, 120];
    assert_eq!(empty_like_liquid(&samples_only(&pale)), None);
    // With no empty tube there is no glass to compare with.
    assert_eq!(empty_like_liquid(&samples_only(&tubes[..4])), None);
}

#[test]
fn the_top_layer_going_on_above_the_box_found_is_liquid_above() {
    // Tuning 3767: hurricane glasses boxed to their waist, the top slot
    // half of the top layer, which goes on above the box (red rows 80-110
    // over a box from row 110), on a grid of half the unit.
    let (image, mut detection) = tube_picture(&[(BLUE, 60), (RED, 60)], 3, 30);
    detection.tubes[0].outer.y0 = 110;
    detection.samples = vec![vec![Color(BLUE), Color(BLUE), Color(RED)]];
    // Puzzle text lists each tube's top layer first; the samples are
    // bottom first: red on top.
    let puzzle: WaterPuzzle = "RBB BRR EEE".parse().unwrap();
    assert_eq!(liquid_above(&image, &detection, &puzzle), Some(Doubt::LiquidAbove { tube: 1 }));
    // The board above the box is no liquid.
    let (image, _) = tube_picture(&[(BLUE, 60), (RED, 30)], 3, 30);
    assert_eq!(liquid_above(&image, &detection, &puzzle), None);
}

#[test]
fn a_level_colour_above_the_box_found_is_liquid_above() {
    const GREEN: [u8; 3] = [40, 200, 60];
    // Tuning 14818's shape: each full vessel's top layer (green, rows
    // 80-110) stands above a box found from row 110, and the grid of three
    // slots under it left it out. Another tube holds green, read as the
    // level's colour.
    let (image, mut detection) = tube_picture(&[(BLUE, 60), (RED, 30), (GREEN, 30)], 3, 30);
    detection.tubes[0].outer.y0 = 110;
    detection.tubes.push(detection.tubes[0].clone());
    detection.samples = vec![vec![Color(BLUE), Color(BLUE), Color(RED)], vec![Color(GREEN), Color(GREEN), Empty]];
    let puzzle: WaterPuzzle = "RBB EGG BRR EEG".parse().unwrap();
    assert_eq!(liquid_above(&image, &detection, &puzzle), Some(Doubt::LiquidAbove { tube: 1 }));
    // The same green across the board beside the tube too, just outside
    // its walls: a hill behind a full vessel's rim (tuning 13635), not
    // liquid.
    let mut hill = image.clone();
    for y in 80..110 {
        for x in 0..hill.width() {
            hill.put_pixel(x, y, image::Rgb(GREEN));
        }
    }
    assert_eq!(liquid_above(&hill, &detection, &puzzle), None);
    // No colour of the level's above the box: the board.
    let (image, _) = tube_picture(&[(BLUE, 60), (RED, 30)], 3, 30);
    assert_eq!(liquid_above(&image, &detection, &puzzle), None);
}

#[test]
fn a_bottom_layer_the_grid_cuts_short_is_followed_past_the_bottom_slot_only_under_liquid() {
    // Glass, then red in the bottom 23 rows, on a 30-row grid 10 rows
    // above the picture's bottom, the box ending with the grid (a round
    // bottom under a box found by its straight walls, fresh 40195). In the
    // bottom slot the red is 13 rows, too few for a long run; followed
    // past the slot, its top stands 13 rows (43%) off every boundary.
    const GLASS: [u8; 3] = [200, 210, 220];
    let (image, mut detection) = tube_picture(&[(RED, 23), (GLASS, 97)], 4, 30);
    let tube = &mut detection.tubes[0];
    for slot in &mut tube.slots {
        (slot.y0, slot.y1) = (slot.y0 - 10, slot.y1 - 10);
    }
    tube.outer.y1 = tube.slots[0].y1;
    detection.samples = vec![vec![Color(RED), Empty, Empty, Empty]];
    let d = off_grid(&image, &detection);
    assert!(matches!(d, Some(Doubt::OffGrid { tube: 1, .. })), "{d:?}");
    // Read empty, the red is the vessel's bottom seen through the glass
    // (a rim, a tint): under glass the grid's bottom is not the liquid's,
    // and nothing past it is looked at.
    detection.samples = vec![vec![Empty; 4]];
    assert_eq!(off_grid(&image, &detection), None);
}

#[test]
fn a_runs_colour_is_its_rows_median_not_its_middle_rows() {
    // Empty glass over ruled paper (test case 1000202): a run of glass
    // between two of the paper's lines, starting on a line's paler edge,
    // with a third line on its middle row. Taken from that row alone,
    // its colour stood a run's step from the glass above, a change of
    // colour off the grid in an empty tube.
    let glass = [245, 250, 246];
    let mut rows = vec![glass; 200];
    rows[60] = [219, 225, 225];
    rows[61] = [235, 240, 238];
    rows[62] = [235, 240, 238];
    rows[63] = [235, 240, 238];
    rows[130] = [219, 225, 225];
    rows[199] = [219, 225, 225];
    let runs = long_runs_in(&rows, 0, 80.0);
    assert_eq!(runs.len(), 2, "{runs:?}");
    assert!(runs.iter().all(|r| color_distance(r.color, glass) <= 4), "{runs:?}");
}

#[test]
fn what_stands_over_an_empty_tube_is_the_vessel_not_glass_nor_liquid() {
    // Test theme 100191's shape: glasses under a thick dark rim (rows
    // 80-110, over a top slot from row 110), three holding brown, blue
    // and green, the fourth empty glass. The rim is within a colour's
    // spread of the brown.
    const RIM: [u8; 3] = [64, 49, 62];
    const BROWN: [u8; 3] = [88, 59, 54];
    const GREEN: [u8; 3] = [0, 74, 44];
    const GLASS: [u8; 3] = [180, 190, 190];
    let mut image = RgbImage::from_pixel(240, 240, image::Rgb(BOARD));
    let tube = |x0: u32| TubeLayout {
        outer: Rect { x0, x1: x0 + 40, y0: 60, y1: 202 },
        slots: (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 200 - (k + 1) * 30, y1: 200 - k * 30 }).collect(),
    };
    let lefts = [10, 70, 130, 190];
    for x0 in &lefts[..3] {
        for (k, colour) in [BROWN, BLUE, GREEN].into_iter().enumerate() {
            paint(&mut image, 170 - k as u32 * 30..200 - k as u32 * 30, x0 + 2..x0 + 38, colour);
        }
    }
    paint(&mut image, 110..200, 192..228, GLASS);
    for x0 in lefts {
        paint(&mut image, 80..110, x0 + 2..x0 + 38, RIM);
    }
    let liquid = vec![Color(BROWN), Color(BLUE), Color(GREEN)];
    let detection = Detection {
        image_width: 240,
        image_height: 240,
        tubes: lefts.iter().map(|&x0| tube(x0)).collect(),
        samples: vec![liquid.clone(), liquid.clone(), liquid.clone(), vec![Empty; 3]],
        locks: vec![None; 4],
        raw: vec![vec![BROWN, BLUE, GREEN], vec![BROWN, BLUE, GREEN], vec![BROWN, BLUE, GREEN], vec![GLASS; 3]],
        capacity: 3,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    // Each tube's top layer first: green, blue, brown.
    let puzzle: WaterPuzzle = "ABC ABC ABC EEE".parse().unwrap();
    let glass_above = crate::vision::water::doubts::glass_above_unless_unlike_empties;
    assert_eq!(liquid_above(&image, &detection, &puzzle), None);
    assert_eq!(glass_above(&image, &detection), Vec::<[u8; 3]>::new());
    // With no tube read empty to show it, the rim is liquid above the top
    // layer, and the glass above.
    let mut none_empty = detection.clone();
    none_empty.samples[3] = vec![Color(GLASS); 3];
    assert_eq!(liquid_above(&image, &none_empty, &puzzle), Some(Doubt::LiquidAbove { tube: 1 }));
    assert_eq!(glass_above(&image, &none_empty), vec![RIM; 4]);
    // Glass over an empty tube as it is in its slots is the glass.
    paint(&mut image, 60..110, 192..228, GLASS);
    assert_eq!(glass_above(&image, &detection), vec![RIM, RIM, RIM, GLASS]);
}
