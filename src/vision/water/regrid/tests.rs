//! The readings on other grids, tried on generated cases that needed them.

use super::neck_taken_off;
use crate::geometry::SlotSample;
use crate::puzzle::water::renamed_in_order;
use crate::vision::water::{Detection, ReadOptions, VisionError, WaterSight, read};

/// Asserts that generated case `seed` is read exactly.
pub(in crate::vision::water) fn reads_exactly(seed: u64) {
    let case = crate::synthetic::water::generate::case(seed);
    let sight = read(&case.picture, &ReadOptions::default());
    let read = sight.read.unwrap_or_else(|e| panic!("case {seed}: {e}"));
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}

/// A detection of open tubes with no layout, only their slots read as
/// `samples` in the colours `raw` (bottom first), `capacity` each: what
/// the tests of a rule over the slots alone start from.
fn slots_read(samples: Vec<Vec<SlotSample>>, raw: Vec<Vec<[u8; 3]>>, capacity: usize) -> Detection {
    Detection {
        image_width: 100,
        image_height: 100,
        tubes: Vec::new(),
        locks: vec![None; samples.len()],
        samples,
        raw,
        capacity,
        lit: Vec::new(),
        capped: Vec::new(),
    }
}

#[test]
fn tinted_glass_whose_slots_make_whole_colours_is_taken_for_empty() {
    // Generated tuning case 324: bulbs of glass tinted lighter than a
    // dark board, two of them empty; their eight glass slots read as
    // a liquid make two whole colours, so the counts pass and only the
    // doubt (a colour like the glass above the liquid) stopped it.
    reads_exactly(324);
}

#[test]
fn liquid_two_units_up_a_flasks_neck_is_two_layers_above_the_grid() {
    // Generated tuning case 270: flasks of seven units whose walls the
    // template follows to where the neck starts to taper; the two
    // fullest flasks hold their top two units in the neck, above the
    // measured grid of five slots.
    reads_exactly(270);
}

#[test]
fn tinted_glass_on_every_full_tubes_shoulder_whose_slots_make_whole_colours_is_a_slot_too_many() {
    // Generated tuning case 1602: soda bottles full to their shoulders
    // of glass tinted lighter than the board, read a slot too tall; the
    // shoulder of every full bottle and the eight slots of the empty one
    // make a colour of the glass's, so the counts pass; with the glass
    // taken for empty no top slot holds liquid, and the grid a layer
    // shorter reads the level.
    reads_exactly(1602);
}

#[test]
fn glass_on_top_of_every_tube_is_a_slot_too_many_and_the_empty_glass() {
    // Generated tuning case 753: wine glasses full to a brim a slot
    // above their liquid, their glass tinted unlike the board; the top
    // slot of every glass and two empty glasses read as one liquid.
    reads_exactly(753);
}

#[test]
fn glass_on_top_of_fewer_tubes_than_layers_counts_with_the_empty_tubes() {
    // Generated tuning case 752: the same wine glasses, four filled and
    // two empty, capacity six: the glass tops only four tubes (fewer
    // than a colour's six layers), but with the two empty glasses it
    // fills eighteen slots, more than any liquid has.
    reads_exactly(752);
}

#[test]
fn glass_on_top_of_some_tubes_and_read_empty_on_the_rest_is_the_glass() {
    // Generated tuning case 1079: round tubes of grey glass a little
    // lighter than a dark board, a unit of headroom read as a slot.
    // That glass, read as a liquid on top of five tubes and in three
    // empty ones, was read empty on top of the other three, so "the
    // top slot of every tube shows one colour" did not hold.
    reads_exactly(1079);
}

#[test]
fn a_rim_and_a_layer_of_tinted_headroom_are_two_layers_too_many() {
    // Generated tuning case 663: wine glasses whose box starts on the
    // white rim, a unit of grey glass above five layers of liquid; the
    // grid measured seven slots, and one fewer still left the glass on
    // top of every tube.
    reads_exactly(663);
}

#[test]
fn glass_in_a_headroom_thinner_than_a_third_of_a_slot_is_seen() {
    // Generated tuning case 1760: round tubes of grey glass, a quarter
    // slot of it above every tube's liquid, two empty tubes' glass read
    // as a liquid that made a whole colour, so every tube was full.
    reads_exactly(1760);
}

#[test]
fn each_row_of_tubes_shows_the_glass_over_its_own_board() {
    // Generated tuning case 978: bulbs over a sky in the upper row and
    // dark water in the lower; the empty bulbs below are tinted by the
    // water, unlike the glass in the upper row's necks.
    reads_exactly(978);
}

#[test]
fn a_thick_outline_under_every_bulb_is_no_layer() {
    // Generated tuning case 95: bulbs drawn with a thick dark outline
    // under their round bottoms; the grid measured from below it read
    // the outline as a seventh slot of every bulb, empty ones too.
    reads_exactly(95);
}

#[test]
fn a_thick_outline_under_every_bulb_the_empty_ones_too_is_no_layer_however_few_bulbs() {
    // Generated tuning cases 1410 and 1514: bulbs whose light outline
    // under the round bottom is read as a slot in every bulb, the empty
    // ones too, and in no other slot; fewer such slots than a colour has
    // layers, so that alone did not say it was no liquid.
    reads_exactly(1410);
    reads_exactly(1514);
}

#[test]
fn a_bottom_layer_clipped_by_a_wine_glasses_narrow_bowl_is_read_on_a_grid_a_layer_lower() {
    // Generated tuning cases 666 and 3600: every glass's bottom layer is a
    // sliver in its bowl's narrow bottom, left out under the grid
    // measured; its top slot read the headroom (666) or the rim (3600).
    reads_exactly(666);
    reads_exactly(3600);
}

#[test]
fn a_bottom_layer_under_the_grid_and_a_neck_over_it_are_read_a_layer_lower_and_a_layer_shorter() {
    // Generated tuning case 5786: corked bulbs of four 7.2-px layers on a
    // flat board (a 360x714 picture), boxed from the neck's top to above
    // the bulb's round bottom; the bottom layer was left out under the
    // grid and the neck's tinted glass read as a slot over the liquid of
    // every vessel and all through the empty ones.
    reads_exactly(5786);
}

#[test]
fn empty_glass_over_a_grained_ground_is_taken_for_empty() {
    // Generated tuning case 172: tubes on a photo-like board, the
    // bottom row before a rocky ground; the empty tubes' glass shows
    // the rock's grain, matches neither the ground beside them nor the
    // glass above the sky, and was read as liquid.
    reads_exactly(172);
}

#[test]
fn a_cork_above_a_full_vessels_lit_surface_holds_no_liquid() {
    // zhoushizoe 1697942111030: bottles measured from their corks'
    // tops, six slots for four layers; a corked bottle's top slot
    // shows its cork (a colour), above its liquid's own lit surface.
    use super::no_top_slot_holds_liquid;
    use crate::geometry::SlotSample::{Color, Empty};
    let cork = Color([238, 166, 84]);
    let corked: Vec<_> = vec![Color([252, 124, 0]); 4].into_iter().chain([Color([159, 182, 169]), cork]).collect();
    let empty = vec![Empty; 6];
    let detection = |capped: Vec<Option<usize>>| crate::vision::water::Detection {
        image_width: 100,
        image_height: 100,
        tubes: Vec::new(),
        samples: vec![corked.clone(), empty.clone()],
        locks: vec![None, None],
        raw: Vec::new(),
        capacity: 6,
        lit: Vec::new(),
        capped,
    };
    assert!(no_top_slot_holds_liquid(&detection(vec![Some(4), None])));
    // Where no surface of its own was seen, the cork is a colour.
    assert!(!no_top_slot_holds_liquid(&detection(vec![None, None])));
    // And a tube whose own surface is its top slot's holds liquid there.
    assert!(!no_top_slot_holds_liquid(&detection(vec![Some(6), None])));
}

#[test]
fn a_rim_read_as_a_slot_on_every_tube_and_nowhere_else_is_no_liquid() {
    // Test 1000829's shape: wine glasses' light rim read as a top slot on
    // every glass, the empty ones' tinted glass read as a liquid under it;
    // three such slots, fewer than a colour has layers.
    use super::ends::{in_every_bottom_alone, in_every_top_alone};
    use crate::geometry::SlotSample::Color;
    let (rim, tinted) = ([128, 128, 118], [90, 94, 69]);
    let (ochre, pink, green) = ([173, 132, 26], [250, 118, 139], [99, 237, 118]);
    let raw = vec![
        vec![ochre, pink, green, rim],
        vec![green, ochre, pink, [143, 131, 117]],
        vec![tinted, tinted, tinted, rim],
    ];
    let detection = |raw: Vec<Vec<[u8; 3]>>| {
        slots_read(raw.iter().map(|t| t.iter().map(|&c| Color(c)).collect()).collect(), raw, 4)
    };
    assert!(in_every_top_alone(&detection(raw.clone())));
    assert!(!in_every_bottom_alone(&detection(raw.clone())));
    // A colour on every top that is also a layer lower down may be liquid.
    let mut lower = raw.clone();
    lower[0][1] = rim;
    assert!(!in_every_top_alone(&detection(lower)));
    // And tops of different colours say nothing.
    let mut unlike = raw;
    unlike[1][3] = pink;
    assert!(!in_every_top_alone(&detection(unlike)));
}

#[test]
fn a_neck_read_as_slots_is_taken_off_where_any_reading_of_the_glass_empties_every_top() {
    // Generated tuning case 3206: tapered flasks of four units over a
    // cloudy sky, whose long neck the grid read as two slots more. No
    // tinted glass was seen, so no reading was kept to tell the grid a
    // layer fewer; the reading with the glass over the grained sky taken
    // for empty left no top slot holding liquid, and the grid a layer
    // shorter, then another, reads the level.
    reads_exactly(3206);
}

#[test]
fn a_neck_read_as_a_slot_over_hidden_layers_is_taken_off_where_that_fills_every_vessel_holding_them() {
    // Generated tuning case 1681: tapered flasks of four units, three
    // hidden under one shown in each filled flask, one flask empty. The
    // liquid finder's grid read the neck over them as a fifth slot, empty
    // in every flask; the counts, open with the hidden layers, passed.
    // A layer fewer, every flask holding hidden layers is full.
    reads_exactly(1681);
}

#[test]
fn a_grid_a_layer_fewer_is_taken_only_where_every_vessel_holding_hidden_layers_is_full_on_it() {
    use super::super::slots::RunFloor;
    use super::super::vessels::Anchoring;
    use super::super::zoom::{EmptyGlass, Finder, Look, TubeStrip, WallEdge, Zoom};
    use SlotSample::{Color, Empty, Hidden};
    let sight = |samples: Vec<Vec<SlotSample>>| {
        let capacity = samples[0].len();
        let raw = samples.iter().map(|t| vec![[90, 60, 40]; t.len()]).collect();
        WaterSight { detection: Some(slots_read(samples, raw, capacity)), read: Err(VisionError::NoTubes) }
    };
    let c = Color([200, 40, 60]);
    // Measured: two vessels of a shown layer over two hidden, and an
    // empty one, on a grid whose top slot none fills.
    let measured = || sight(vec![vec![Hidden, Hidden, c, Empty], vec![Hidden, Hidden, c, Empty], vec![Empty; 4]]);
    let by = |finder| Look { finder, zoom: Zoom::Fit, empties: EmptyGlass::Beside };
    let liquid = by(Finder::Liquid(RunFloor::Width, Anchoring::Bands));
    let full = || Some(sight(vec![vec![Hidden, Hidden, c], vec![Hidden, Hidden, c], vec![Empty; 3]]));
    assert!(neck_taken_off(&measured(), liquid, |_| full()).is_some());
    // A layer fewer, a vessel holding hidden layers short of full: a level
    // in play, whose top slot may be room for a layer (fresh 81873).
    let short = || Some(sight(vec![vec![Hidden, Hidden, c], vec![Hidden, c, Empty], vec![Empty; 3]]));
    assert!(neck_taken_off(&measured(), liquid, |_| short()).is_none());
    // No grid a layer fewer passing, or a top slot filled somewhere, or
    // vessels found by their walls: nothing taken off.
    assert!(neck_taken_off(&measured(), liquid, |_| None).is_none());
    let filled = sight(vec![vec![Hidden, Hidden, c, c], vec![Hidden, Hidden, c, Empty], vec![Empty; 4]]);
    assert!(neck_taken_off(&filled, liquid, |_| full()).is_none());
    let walls = by(Finder::Walls(WallEdge::Full, TubeStrip::Wide));
    assert!(neck_taken_off(&measured(), walls, |_| full()).is_none());
}

#[test]
fn a_grid_a_layer_fewer_that_reads_the_same_level_is_no_second_level() {
    // Fresh case 80927: pint glasses of four, three hidden layers each
    // under one shown, one glass full. The measured grid (five slots)
    // already took its headroom off, so the grid a layer fewer read the
    // same level, and the doubt of two levels agreeing with the picture
    // (one tube's top slot liquid, hidden layers leaving the counts
    // open) refused it.
    reads_exactly(80927);
}

#[test]
fn glass_read_as_liquid_and_a_cell_whose_glyph_was_not_seen_are_both_mended() {
    // Generated tuning case 511: bulbs of six layers with straws. The
    // empty bulb's tinted glass was read as five layers of a liquid, and
    // one bulb's bottom hidden cell, its glyph not seen in the narrow
    // bottom, as a liquid of the cells' shade; the glass taken for empty
    // alone left that cell, the cell taken for hidden alone left the glass.
    reads_exactly(511);
}

#[test]
fn glass_read_as_liquid_and_liquid_the_boards_colour_read_as_glass_are_both_mended() {
    // Generated tuning case 3207: flasks over a maroon hill. The empty
    // flask's glass, the hill seen through it, was read as a liquid, and
    // a maroon liquid on top of three flasks, like the hill beside it, as
    // glass; the glass taken for empty alone left the maroon layers out,
    // and the maroon taken back alone had no wholly empty flask to show
    // what the glass looks like.
    reads_exactly(3207);
}

#[test]
fn glass_over_another_board_than_the_empty_tubes_is_not_taken_for_liquid() {
    // Generated tuning case 1411: bulbs over a sky and a maroon hill, the
    // one empty bulb on the hill. With its glass taken for empty, another
    // bulb's glass over the sky, unlike it, was taken back for six layers
    // of a liquid that made a whole colour with a seventh: a level that
    // is not the one on the screen. It may be refused, never misread.
    let case = crate::synthetic::water::generate::case(1411);
    if let Ok(read) = read(&case.picture, &ReadOptions::default()).read {
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }
}

#[test]
fn both_mends_that_leave_every_top_slot_empty_leave_the_grid_a_layer_fewer_to_try() {
    // Generated tuning case 4312: wine glasses of seven layers with
    // hidden ones, measured on a grid of eight. The glass taken for
    // empty and liquid taken back from it read a level there whose every
    // top slot was empty; taken, it kept the grid of seven, on which the
    // level reads exactly, from being tried.
    reads_exactly(4312);
}

#[test]
fn a_thick_glass_base_under_every_full_pint_is_no_layer() {
    // Fresh case 81027: pint glasses with a thick glass base, measured
    // from under it. Each full pint's base was read as a sixth slot of
    // one colour under its five layers; the empty pints' base was read
    // as empty glass, so the colour was not on every bottom.
    reads_exactly(81027);
}

#[test]
fn one_colour_on_the_bottom_of_every_filled_tube_alone_is_the_base() {
    use super::ends::base_in_every_bottom;
    use crate::geometry::SlotSample::{Color, Empty};
    let (base, red, blue) = ([210, 192, 204], [200, 30, 40], [30, 60, 200]);
    let detection = |samples: Vec<Vec<SlotSample>>| {
        let raw =
            samples.iter().map(|t| t.iter().map(|s| if let Color(c) = s { *c } else { base }).collect()).collect();
        slots_read(samples, raw, 3)
    };
    let filled = |a, b| vec![Color(base), Color(a), Color(b)];
    let empty = vec![Empty; 3];
    assert!(base_in_every_bottom(&detection(vec![filled(red, blue), filled(blue, red), empty.clone()])));
    // With no empty tube it is the rule for every tube's bottom, not this one.
    assert!(!base_in_every_bottom(&detection(vec![filled(red, blue), filled(blue, red)])));
    // The colour higher up a tube too may be a liquid.
    assert!(!base_in_every_bottom(&detection(vec![filled(red, base), filled(blue, red), empty.clone()])));
    // Bottoms of different colours say nothing.
    assert!(!base_in_every_bottom(&detection(vec![filled(red, blue), vec![Color(blue), Color(red), Empty], empty])));
}

#[test]
fn an_outline_under_round_bottoms_that_held_the_grid_at_half_the_unit_is_no_layer() {
    // Generated tuning case 5053: small hurricane glasses full to the rim,
    // their outline under the round bottom a run four rows tall. Only a
    // grid at half the 15-row unit put that run's top on a boundary, so
    // each layer was read as two slots over the outline's slot; the
    // slots pair from the second, and twice the unit from there reads
    // the level.
    reads_exactly(5053);
}

#[test]
fn tinted_headroom_half_a_layer_tall_that_held_the_grid_at_half_the_unit_is_no_layer() {
    // Fresh case 88677: tubes of three layers of 30 rows whose glass,
    // tinted grey, shows 16 rows over the liquid of the full ones. Only
    // half the unit put that glass's top on a boundary: seven slots, each
    // layer two of them, the glass a seventh. Twice the unit from the
    // bottom reads the level.
    reads_exactly(88677);
}

#[test]
fn a_top_layer_in_a_flared_rim_is_sampled_against_the_board_above_it() {
    // Generated tuning case 5282: hurricane vases a third of their width
    // apart, one full to its flared rim. On the grid a layer taller, its
    // top slot stood over its box, and the board it was told by, above
    // the box, was its own brown layer: read empty, a layer short.
    reads_exactly(5282);
}

#[test]
fn slots_in_pairs_from_one_place_only_are_a_grid_at_half_the_unit() {
    use super::paired_from;
    use crate::geometry::SlotSample::{Color, Empty};
    let (glass, red, blue, green) = ([90, 90, 110], [200, 30, 40], [30, 60, 200], [40, 170, 60]);
    let detection = |tubes: Vec<Vec<[u8; 3]>>| {
        let samples = tubes.iter().map(|t| t.iter().map(|&c| if c == glass { Empty } else { Color(c) }).collect());
        slots_read(samples.collect(), tubes, 5)
    };
    // Pairs from the bottom, the glass over them a fifth slot.
    let from_bottom = vec![
        vec![red, red, blue, blue, glass],
        vec![blue, blue, green, green, glass],
        vec![green, green, red, red, glass],
        vec![glass; 5],
    ];
    assert_eq!(paired_from(&detection(from_bottom.clone())), Some(0));
    // Pairs over a bottom slot of their own: from the second slot.
    let over_bottom: Vec<Vec<[u8; 3]>> = from_bottom.iter().map(|t| [&[glass][..], &t[..4]].concat()).collect();
    assert_eq!(paired_from(&detection(over_bottom)), Some(1));
    // One tube whose slots do not pair: no grid at half the unit.
    let mut broken = from_bottom.clone();
    broken[1][1] = green;
    assert_eq!(paired_from(&detection(broken)), None);
    // Two tubes holding liquid pair by chance too often to say so.
    assert_eq!(paired_from(&detection(from_bottom[1..].to_vec())), None);
    // Tubes of one colour pair from either slot: where a layer starts is
    // not shown.
    let one_colour = vec![vec![red; 5], vec![blue; 5], vec![green; 5]];
    assert_eq!(paired_from(&detection(one_colour)), None);
}

#[test]
fn a_colour_like_the_hidden_cells_is_read_again_with_the_glass_taken_for_empty() {
    // Fresh 89973: bulbs of grey glass on a dark board, each filled one
    // showing one layer over five hidden. The empty bulb read full of its
    // glass, six slots of a colour like the hidden cells: that doubt alone,
    // not a count that failed, stopped the reading, and the glass taken
    // for empty was not tried.
    reads_exactly(89973);
}

#[test]
fn hidden_cells_going_on_up_a_neck_are_read_on_a_grid_as_many_layers_taller() {
    // Fresh 88001: flasks of four hidden cells under a shown layer, the
    // body's top found by the liquid nearly two layers under the liquid's. The top cell's
    // glyph over the grid says liquid stands above it; a layer taller,
    // the new top slot is a cell whose glyph went unseen, doubted as a
    // hidden top layer, and a layer taller again reads the shown layer.
    reads_exactly(88001);
    // Tuning 3713: flasks of six hidden cells under a cap, shrunk.
    reads_exactly(3713);
}

#[test]
fn a_bottom_cell_without_the_glyph_the_other_vessels_bottom_cells_show_is_a_layer() {
    // Fresh 88249: round tubes of two hidden cells under one shown layer
    // on ruled paper; two tubes' bottom glyphs, in the cell the round
    // bottom clips, went unfound, and the tubes were doubted as read on a
    // grid off the unit, while the three others showed theirs there.
    reads_exactly(88249);
}

#[test]
fn a_cell_read_hidden_alone_in_an_empty_tube_is_the_outline_under_every_bottom() {
    use super::ends::one_colour_on_every_bottom;
    use crate::geometry::SlotSample::{Color, Empty, Hidden};
    // Fresh 80363: bulbs of five, four hidden cells under a shown layer,
    // their thick outline under the round bottom read as a sixth slot;
    // in one empty bulb a glyph was seen in that outline.
    let (outline, cell, board) = ([125, 100, 90], [45, 28, 30], [200, 227, 208]);
    let (red, blue) = ([200, 30, 40], [30, 60, 200]);
    let detection = |samples: Vec<Vec<SlotSample>>| {
        let raw = samples
            .iter()
            .map(|t| {
                let colour = |(k, s): (usize, &SlotSample)| match s {
                    Color(c) => *c,
                    Hidden if k == 0 && t.iter().skip(1).all(|s| *s == Empty) => outline,
                    Hidden => cell,
                    Empty => board,
                };
                t.iter().enumerate().map(colour).collect()
            })
            .collect();
        slots_read(samples, raw, 4)
    };
    let full = |a| vec![Color(outline), Hidden, Hidden, Color(a)];
    let empty = vec![Color(outline), Empty, Empty, Empty];
    let lone = vec![Hidden, Empty, Empty, Empty];
    let tubes = |third| vec![full(red), full(blue), full(red), third, empty.clone(), empty.clone()];
    assert!(one_colour_on_every_bottom(&detection(tubes(lone))));
    // A hidden cell under liquid is one: its tube's bottom is no outline.
    assert!(!one_colour_on_every_bottom(&detection(tubes(vec![Hidden, Color(blue), Empty, Empty]))));
    crate::vision::water::regrid::tests::reads_exactly(80363);
}
