//! The doubts' unit tests on made-up samples and pictures.

use super::above::liquid_above;
use super::*;
use crate::geometry::TubeLayout;
use SlotSample::{Color, Empty, Hidden};

pub(super) const BOARD: [u8; 3] = [40, 40, 48];
pub(super) const RED: [u8; 3] = [200, 30, 30];
pub(super) const BLUE: [u8; 3] = [30, 60, 210];

/// A board 60 px wide holding one tube at x 10..50 whose liquid is drawn
/// from y 200 up, each run `(colour, rows)` bottom first, and the
/// detection of it with `slots` slots `slot` rows tall from y 200 up.
pub(super) fn tube_picture(liquid: &[([u8; 3], u32)], slots: u32, slot: u32) -> (RgbImage, Detection) {
    let mut image = RgbImage::from_pixel(60, 240, image::Rgb(BOARD));
    let mut y = 200;
    for &(colour, rows) in liquid {
        for yy in y - rows..y {
            for x in 12..48 {
                image.put_pixel(x, yy, image::Rgb(colour));
            }
        }
        y -= rows;
    }
    let slots: Vec<Rect> =
        (0..slots).map(|k| Rect { x0: 10, x1: 50, y0: 200 - (k + 1) * slot, y1: 200 - k * slot }).collect();
    let samples = slots.iter().map(|_| Color(RED)).collect();
    let detection = Detection {
        image_width: 60,
        image_height: 240,
        tubes: vec![TubeLayout { outer: Rect { x0: 10, x1: 50, y0: 60, y1: 202 }, slots }],
        samples: vec![samples],
        locks: vec![None],
        raw: vec![Vec::new()],
        capacity: 0,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    (image, detection)
}

/// A reading of one made-up tube's box for each tube of `samples`.
fn reading(samples: Vec<Vec<SlotSample>>) -> Detection {
    let (_, one) = tube_picture(&[], 0, 20);
    Detection {
        tubes: vec![one.tubes[0].clone(); samples.len()],
        locks: vec![None; samples.len()],
        raw: vec![Vec::new(); samples.len()],
        samples,
        ..one
    }
}

#[test]
fn a_top_slot_filled_in_one_tube_alone_over_hidden_layers_is_found() {
    // Fresh case 59615's reading: a unit of headroom read as a slot, empty
    // on every tube but one, where a cloud behind the glass read as liquid.
    let red = Color([200, 30, 30]);
    let white = Color([231, 245, 249]);
    let cloud = reading(vec![
        vec![Hidden, Hidden, red, Empty],
        vec![Hidden, Hidden, red, white],
        vec![Hidden, Hidden, red, Empty],
        vec![Empty; 4],
    ]);
    assert_eq!(lone_top_slot(&cloud), Some(2));
    // Two tubes full to the top: that row is room for layers.
    let two = reading(vec![vec![Hidden, Hidden, red, red], vec![Hidden, Hidden, red, white], vec![Empty; 4]]);
    assert_eq!(lone_top_slot(&two), None);
    // Without hidden layers the counts judge the top row.
    let visible = reading(vec![vec![red, red, red, Empty], vec![white, white, white, white], vec![Empty; 4]]);
    assert_eq!(lone_top_slot(&visible), None);
    // No tube filled to the top is the other doubt's.
    let none = reading(vec![vec![Hidden, Hidden, red, Empty], vec![Empty; 4]]);
    assert_eq!(lone_top_slot(&none), None);
}

#[test]
fn hidden_layers_in_shaped_vessels_whose_top_slot_is_nowhere_filled_are_doubted() {
    // Generated tuning case 316's reading: soda bottles of four layers,
    // three hidden, read with a fifth slot (the neck) empty in every one.
    let red = Color([200, 30, 30]);
    let neck_read = reading(vec![vec![Hidden, Hidden, Hidden, red, Empty], vec![Empty; 5]]);
    assert_eq!(liquid_finding_doubt(&neck_read), Some(Doubt::TopSlotNowhereFilled));
    // One vessel full to the top slot: that slot is room for a layer.
    let full = reading(vec![vec![Hidden, Hidden, Hidden, red], vec![Hidden, Hidden, red, Empty], vec![Empty; 4]]);
    assert_eq!(liquid_finding_doubt(&full), None);
    // Without hidden layers the counts judge the top slot.
    let visible = reading(vec![vec![red, red, red, Empty], vec![Empty; 4]]);
    assert_eq!(liquid_finding_doubt(&visible), None);
    // A liquid of the hidden cells' dark grey, with no glyph, is a liquid.
    let grey = Color([52, 52, 56]);
    assert!(crate::vision::water::slots::is_dark_grey([52, 52, 56]));
    let dark = reading(vec![vec![grey, red, grey, red], vec![red, grey, red, grey], vec![Empty; 4]]);
    assert_eq!(liquid_finding_doubt(&dark), None);
}

#[test]
fn liquid_standing_above_the_top_slot_is_doubted() {
    // Four units of 30 rows, read as three slots: the top unit stands above
    // the grid, as in a vase whose shoulder was taken for headroom.
    let liquid = [(RED, 30), (BLUE, 30), (RED, 30), (BLUE, 30)];
    let puzzle: WaterPuzzle = "ABA BAB EEE".parse().unwrap();
    let (image, short) = tube_picture(&liquid, 3, 30);
    let mut detection = short.clone();
    detection.samples = vec![vec![Color(RED), Color(BLUE), Color(RED)], vec![Color(BLUE), Color(RED), Color(BLUE)]];
    detection.tubes.push(detection.tubes[0].clone());
    assert_eq!(liquid_above(&image, &detection, &puzzle), Some(Doubt::LiquidAbove { tube: 1 }));
    // The same tube with its top unit in the grid.
    let (image, _) = tube_picture(&liquid[..3], 3, 30);
    assert_eq!(liquid_above(&image, &detection, &puzzle), None);
}

#[test]
fn a_reading_with_every_tube_full_is_doubted() {
    assert_eq!(all_full(&"AB BA".parse().unwrap()), Some(Doubt::AllFull));
    assert_eq!(all_full(&"AB BA EE".parse().unwrap()), None);
    assert_eq!(all_full(&"EA EB AB".parse().unwrap()), None);
}

#[test]
fn two_tubes_much_closer_than_the_others_are_doubted() {
    let at = |x0: u32| TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: 100, y1: 300 }, slots: Vec::new() };
    // Four tubes 80 apart: fine. A fifth 40 past the last (a gap between
    // two tubes taken for a vessel): doubted.
    let even: Vec<TubeLayout> = [0, 80, 160, 240].map(at).into();
    assert_eq!(crowded(&even), None);
    let mut phantom = even.clone();
    phantom.insert(3, at(200));
    assert_eq!(crowded(&phantom), Some(Doubt::Crowded { left: 3, right: 4 }));
}

/// A detection of capacity 3 with no layout: each tube's samples and the
/// colours sampled, bottom first.
pub(super) fn samples_only(tubes: &[(Vec<SlotSample>, Vec<[u8; 3]>)]) -> Detection {
    Detection {
        image_width: 200,
        image_height: 200,
        tubes: Vec::new(),
        samples: tubes.iter().map(|t| t.0.clone()).collect(),
        locks: vec![None; tubes.len()],
        raw: tubes.iter().map(|t| t.1.clone()).collect(),
        capacity: 3,
        lit: Vec::new(),
        capped: Vec::new(),
    }
}

#[test]
fn slots_read_empty_that_could_be_one_more_colour_are_doubted() {
    // Capacity 3: a pale blue read as empty in three slots over liquid,
    // unlike the glass of the empty tube, could be a fourth colour.
    let (pale, glass) = ([120, 180, 215], [225, 225, 230]);
    let tube = |samples: Vec<SlotSample>, raw: Vec<[u8; 3]>| (samples, raw);
    let tubes = [
        tube(vec![Color(RED), Empty, Empty], vec![RED, pale, pale]),
        tube(vec![Color(RED), Color(BLUE), Empty], vec![RED, BLUE, pale]),
        tube(vec![Color(BLUE), Color(RED), Color(BLUE)], vec![BLUE, RED, BLUE]),
        tube(vec![Empty, Empty, Empty], vec![glass, glass, glass]),
    ];
    assert_eq!(empty_could_be_liquid(&samples_only(&tubes)), Some(Doubt::EmptyCouldBeLiquid { tube: 1, slots: 3 }));
    // The same slots as alike as the empty tube's glass are glass.
    let mut glassy = tubes.clone();
    glassy[0].1 = vec![RED, glass, glass];
    glassy[1].1 = vec![RED, BLUE, glass];
    assert_eq!(empty_could_be_liquid(&samples_only(&glassy)), None);
    // Two of them alike (not a colour's three) leave no second reading.
    let mut two = tubes.clone();
    two[1].1[2] = [200, 200, 120];
    assert_eq!(empty_could_be_liquid(&samples_only(&two)), None);
    // With no empty tube there is no glass to compare with.
    assert_eq!(empty_could_be_liquid(&samples_only(&tubes[..3])), None);
}

/// Two tubes of three hidden slots, 30 rows each, at x 10..50 and
/// 110..150, on a board out of the hidden cells' shade, and a detection of
/// only the first: the picture without the second tube, and with it. Each
/// cell's glyph is a bar of `glyph` colour, `bar.0` columns wide from the
/// cell's centre column and rows `bar.1` of the cell.
fn hidden_tubes(cell: [u8; 3], glyph: [u8; 3], bar: (u32, std::ops::Range<u32>)) -> (RgbImage, RgbImage, Detection) {
    let mut image = RgbImage::from_pixel(160, 240, image::Rgb([200, 190, 170]));
    let draw_tube = |image: &mut RgbImage, x0: u32| {
        for y in 110..200 {
            for x in x0 + 2..x0 + 38 {
                let is_glyph = (x0 + 20 - bar.0 / 2..x0 + 20 + bar.0.div_ceil(2)).contains(&x)
                    && bar.1.contains(&((y - 110) % 30));
                image.put_pixel(x, y, image::Rgb(if is_glyph { glyph } else { cell }));
            }
        }
    };
    draw_tube(&mut image, 10);
    let slots: Vec<Rect> = (0..3).map(|k| Rect { x0: 10, x1: 50, y0: 170 - k * 30, y1: 200 - k * 30 }).collect();
    let detection = Detection {
        image_width: 160,
        image_height: 240,
        tubes: vec![TubeLayout { outer: Rect { x0: 10, x1: 50, y0: 100, y1: 202 }, slots }],
        samples: vec![vec![Hidden, Hidden, Color(RED)]],
        locks: vec![None],
        raw: vec![vec![cell, cell, RED]],
        capacity: 3,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    let mut both = image.clone();
    draw_tube(&mut both, 110);
    (image, both, detection)
}

/// Whether the hidden cells of the second tube of [`hidden_tubes`] are
/// doubted in `both` and nothing in `one`.
fn second_tube_doubted(one: &RgbImage, both: &RgbImage, detection: &Detection) {
    assert_eq!(hidden_cell_outside(one, detection), None);
    let doubt = hidden_cell_outside(both, detection);
    assert!(matches!(doubt, Some(Doubt::HiddenCellOutside { at }) if at.x0 >= 110), "{doubt:?}");
}

#[test]
fn a_hidden_cells_shade_outside_every_tube_read_is_doubted() {
    // A white bar 4 px wide and 10 rows tall in the middle of each cell.
    let (one, both, detection) = hidden_tubes([70, 70, 80], [250, 250, 250], (4, 10..20));
    second_tube_doubted(&one, &both, &detection);
}

#[test]
fn a_hidden_cell_outside_whose_glyph_is_as_small_as_the_levels_own_is_doubted() {
    // A tan bar 2 px wide and 5 rows tall in each near-black cell: under
    // a hundredth of the ground around a cell, as small glyphs in wide
    // cells are (test case 1000035).
    let (one, both, detection) = hidden_tubes([40, 40, 40], [245, 205, 150], (2, 12..17));
    second_tube_doubted(&one, &both, &detection);
}

#[test]
fn a_run_unlike_the_empty_glass_above_a_top_slot_is_liquid_left_out() {
    // Two tubes of two 30-row slots from y 200 up: the first holds one red
    // layer under empty glass, the second two red layers and, when
    // `unread`, a blue one above its top slot.
    let picture = |unread: bool| {
        let mut image = RgbImage::from_pixel(120, 240, image::Rgb(BOARD));
        for (x0, rows) in [(10u32, 30u32), (70, 60)] {
            for y in 200 - rows..200 {
                for x in x0 + 2..x0 + 38 {
                    image.put_pixel(x, y, image::Rgb(RED));
                }
            }
        }
        if unread {
            for y in 110..140 {
                for x in 72..108 {
                    image.put_pixel(x, y, image::Rgb(BLUE));
                }
            }
        }
        image
    };
    let tube = |x0: u32| TubeLayout {
        outer: Rect { x0, x1: x0 + 40, y0: 100, y1: 202 },
        slots: vec![Rect { x0, x1: x0 + 40, y0: 170, y1: 200 }, Rect { x0, x1: x0 + 40, y0: 140, y1: 170 }],
    };
    let detection = Detection {
        image_width: 120,
        image_height: 240,
        tubes: vec![tube(10), tube(70)],
        samples: vec![vec![Color(RED), Empty], vec![Color(RED), Color(RED)]],
        locks: vec![None, None],
        raw: vec![vec![RED, BOARD], vec![RED, RED]],
        capacity: 2,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    assert!(!unread_liquid_above(&picture(false), &detection));
    assert!(unread_liquid_above(&picture(true), &detection));
    // Boxes that end at the top slot (a bottle's body boxed up to its
    // shoulder): the blue above is looked for beyond them.
    let mut boxed_short = detection.clone();
    for tube in &mut boxed_short.tubes {
        tube.outer.y0 = 140;
    }
    assert!(!unread_liquid_above(&picture(false), &boxed_short));
    assert!(unread_liquid_above(&picture(true), &boxed_short));
    // Beyond the box, a band like the board just outside the walls (a
    // hill's edge across the screen) is the board, not liquid.
    let mut hill = picture(false);
    for y in 110..140 {
        for x in 0..120 {
            hill.put_pixel(x, y, image::Rgb([40, 120, 60]));
        }
    }
    assert!(!unread_liquid_above(&hill, &boxed_short));
}

#[test]
fn slots_that_come_in_twos_or_threes_holding_one_thing_are_doubted() {
    use super::groups::slots_in_groups;
    // Test seed 1000041: a level of capacity 3 read on a grid at half the
    // unit, each layer two slots (the compact form is top first).
    let halved: WaterPuzzle =
        "AABBCC DDFFCC GGBBHH BBHHDD DDIICC JJGGFF KKGGJJ JJKKII AALLMM FFHHAA LLMMMM KKIILL EEEEEE".parse().unwrap();
    assert_eq!(slots_in_groups(&halved), Some(Doubt::SlotsInGroups { factor: 2 }));
    // Empty slots and hidden layers count too: a third of the unit.
    let thirds: WaterPuzzle = "???BBB AAA??? EEEEEE".parse().unwrap();
    assert_eq!(slots_in_groups(&thirds), Some(Doubt::SlotsInGroups { factor: 3 }));
    // A dealt level of capacity 4 has pairs that differ.
    let dealt: WaterPuzzle = "ABAB BABA EEEE".parse().unwrap();
    assert_eq!(slots_in_groups(&dealt), None);
    // Pairs alike in all tubes but one are no doubt; nor is an odd capacity.
    let one_off: WaterPuzzle = "AABB BBCC ACAC EEEE".parse().unwrap();
    assert_eq!(slots_in_groups(&one_off), None);
    let odd: WaterPuzzle = "AAA BBB EEE".parse().unwrap();
    assert_eq!(slots_in_groups(&odd), None);
}

#[test]
fn a_reading_by_the_walls_is_doubted_for_groups_only_where_many_tubes_hold_liquid() {
    use super::groups::slots_in_groups_in_many;
    // Two tubes in pairs, as a level part-played can be (sshcrack's
    // hidden-detection.png), are no doubt by the walls.
    let played: WaterPuzzle = "AABB BBAA EEEE".parse().unwrap();
    assert_eq!(slots_in_groups_in_many(&played), None);
    // Three are (fresh 52656's shape: every ball read as two slots).
    let halved: WaterPuzzle = "AABB BBCC CCAA EEEE".parse().unwrap();
    assert_eq!(slots_in_groups_in_many(&halved), Some(Doubt::SlotsInGroups { factor: 2 }));
}

#[test]
fn a_tube_the_walls_found_that_no_vessel_read_by_the_liquid_covers_is_doubted_and_the_other_way_round() {
    let tube = |x0: u32, y0: u32, w: u32, h: u32| TubeLayout {
        outer: Rect { x0, x1: x0 + w, y0, y1: y0 + h },
        slots: Vec::new(),
    };
    let detection = |tubes: Vec<TubeLayout>| Detection {
        image_width: 400,
        image_height: 600,
        samples: vec![Vec::new(); tubes.len()],
        locks: vec![None; tubes.len()],
        raw: vec![Vec::new(); tubes.len()],
        tubes,
        capacity: 4,
        lit: Vec::new(),
        capped: Vec::new(),
    };
    // Walls: two rows of two tubes, and a wide button under them.
    let walls = detection(vec![
        tube(50, 100, 40, 160),
        tube(150, 100, 40, 160),
        tube(50, 300, 40, 160),
        tube(150, 300, 40, 160),
        tube(40, 500, 200, 40),
    ]);
    // The liquid found the first row only (boxes a little off the walls').
    let first_row = detection(vec![tube(48, 110, 44, 150), tube(148, 110, 44, 150)]);
    assert_eq!(left_out_by_liquid(&walls, &first_row), Some(Doubt::LeftOutByLiquid { at: walls.tubes[2].outer }));
    // Both rows found: the button, of no tube's size, is not held against it.
    let both_rows = detection(vec![
        tube(48, 110, 44, 150),
        tube(148, 110, 44, 150),
        tube(48, 310, 44, 150),
        tube(148, 310, 44, 150),
    ]);
    assert_eq!(left_out_by_liquid(&walls, &both_rows), None);
    // The other way round: faint walls that found the first row only
    // leave a vessel the liquid shows out; both rows leave none.
    let shown: Vec<Rect> = both_rows.tubes.iter().map(|t| t.outer).collect();
    assert_eq!(left_out_by_walls(&shown, &first_row), Some(shown[2]));
    assert_eq!(left_out_by_walls(&shown, &walls), None);
}

#[test]
fn a_colour_like_the_empty_glass_is_doubted_unless_it_lies_under_lit_surfaces() {
    // A full tube of a sky-blue liquid, and one red layer under three
    // slots read empty that show the sky: the blue looks like the glass.
    // (Three more tubes like the second make the level whole.)
    let sky = [58, 172, 255];
    let (image, one) = tube_picture(&[], 4, 30);
    let mut detection = Detection {
        tubes: vec![one.tubes[0].clone(); 2],
        samples: vec![vec![Color(sky); 4], vec![Color(RED), Empty, Empty, Empty]],
        raw: vec![vec![sky; 4], vec![RED, [60, 170, 250], [60, 170, 250], [60, 170, 250]]],
        locks: vec![None; 2],
        ..one
    };
    let puzzle: WaterPuzzle = "BBBB EEER EEER EEER EEER".parse().unwrap();
    let doubt = lookalike(&image, &detection, &puzzle);
    assert!(matches!(doubt, Some(Doubt::Lookalike { color: 'B', what: EMPTY_GLASS, .. })), "{doubt:?}");
    // Under the blue tube's lit surface, every blue layer is liquid.
    detection.lit = vec![4, 0];
    assert_eq!(lookalike(&image, &detection, &puzzle), None);
    // Not when one blue layer stands above it.
    detection.lit = vec![3, 0];
    assert!(lookalike(&image, &detection, &puzzle).is_some());
}

#[test]
fn layers_too_few_pixels_tall_to_tell_apart_are_doubted() {
    // Two tubes of four slots from row 100 up, the slots' bounds whole
    // pixels: 13 rows in all (3.25 a layer, slots of 3 and 4 rows) is under
    // the floor, 14 (3.5 a layer) is not.
    let tubes = |span: u32| -> Vec<TubeLayout> {
        let bounds = |k: u32| 100 - (k * span + 2) / 4;
        let slots: Vec<Rect> = (0..4).map(|k| Rect { x0: 0, x1: 10, y0: bounds(k + 1), y1: bounds(k) }).collect();
        vec![TubeLayout { outer: Rect { x0: 0, x1: 10, y0: 80, y1: 101 }, slots }; 2]
    };
    assert_eq!(tiny_layers(&tubes(13)), Some(Doubt::TinyLayers { height: 3.25 }));
    assert_eq!(tiny_layers(&tubes(14)), None);
}
