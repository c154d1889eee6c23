//! The vessel top's tests on a made-up vessel: the liquid followed up
//! past the body's top measured, into a neck, and what is no liquid there
//! (tinted glass, the rim's stroke, a lit surface).

use image::RgbImage;

use super::super::{RunFloor, vessel_profile};
use crate::geometry::Rect;
use crate::vision::water::vessels::Vessel;

/// Paints `rows` of the made-up vessel's columns (10-50) in `colour`.
fn fill(img: &mut RgbImage, rows: std::ops::Range<u32>, colour: [u8; 3]) {
    paint(img, rows, 10..50, colour);
}

/// Paints `rows` by `columns` in `colour`.
fn paint(img: &mut RgbImage, rows: std::ops::Range<u32>, columns: std::ops::Range<u32>, colour: [u8; 3]) {
    for y in rows {
        for x in columns.clone() {
            img.put_pixel(x, y, image::Rgb(colour));
        }
    }
}

/// The made-up vessel's dark board (and glass) turned to pale paper.
fn on_paper(img: &mut RgbImage) {
    for pixel in img.pixels_mut().filter(|p| p.0 == [30, 30, 30]) {
        pixel.0 = [205, 200, 190];
    }
}

/// A made-up vessel 40 columns wide on a dark board, its rim's white
/// stroke on rows 20-23, `above` from row 24 down to row 80 and three
/// layers below (red 80-110, green 110-145, blue 145-180), measured as
/// if its body ended at row `top`.
fn vessel_on_board(above: [u8; 3], top: u32) -> (RgbImage, Vessel) {
    let mut img = RgbImage::from_pixel(60, 200, image::Rgb([30, 30, 30]));
    fill(&mut img, 20..24, [250, 250, 250]);
    fill(&mut img, 24..80, above);
    fill(&mut img, 80..110, [200, 40, 40]);
    fill(&mut img, 110..145, [40, 200, 40]);
    fill(&mut img, 145..180, [40, 40, 200]);
    let vessel = Vessel {
        outer: Rect { x0: 10, y0: 20, x1: 50, y1: 182 },
        bottom: 180,
        top,
        half_width: 20.0,
        seen: crate::vision::water::vessels::Seen::Column,
        band_height: 33.0,
    };
    (img, vessel)
}

#[test]
fn the_band_floor_keeps_layers_flatter_than_a_tenth_of_the_vessels_width() {
    // Layers 3 rows tall in a vessel 40 columns wide, whose liquid's bands
    // are 6 rows: under a tenth of its width (4 rows), over half a band.
    let (mut img, mut vessel) = vessel_on_board([30, 30, 30], 80);
    let colours = [[200, 40, 40], [40, 200, 40], [40, 40, 200], [220, 200, 40]];
    for (k, y) in (150..180).step_by(3).enumerate() {
        fill(&mut img, y..y + 3, colours[k % 4]);
    }
    vessel.band_height = 6.0;
    let flat_runs = |floor| {
        let p = vessel_profile(&img, &vessel, &[vessel.outer], floor);
        p.runs.iter().filter(|r| r.y0 >= 150).count()
    };
    assert_eq!(flat_runs(RunFloor::Width), 0);
    assert_eq!(flat_runs(RunFloor::Band), 10);
}

#[test]
fn liquid_going_on_above_the_body_top_measured_raises_it_to_the_liquids_top() {
    // The body's top measured half a layer too low (a cone narrowing
    // slowly into its neck, tuning case 1405): the red layer goes on
    // above it, to the glass (the board's colour) under the rim.
    let (img, vessel) = vessel_on_board([30, 30, 30], 95);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    assert_eq!(p.runs.first().map(|r| r.y0), Some(80));
}

#[test]
fn a_colour_going_on_up_to_the_rim_is_tinted_glass_and_leaves_the_body_top() {
    // Glass tinted unlike the board (not read empty) fills the vessel to
    // its rim: it has no glass above it, only the rim's stroke.
    let (mut img, vessel) = vessel_on_board([90, 90, 90], 95);
    fill(&mut img, 80..110, [90, 90, 90]);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 95, "{:?}", p.runs);
    // Nor is a colour followed up more than two bands' height (here 66
    // rows): red from row 38 to 110 under glass, measured from row 108.
    let (mut img, vessel) = vessel_on_board([200, 40, 40], 108);
    fill(&mut img, 24..38, [30, 30, 30]);
    assert_eq!(vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width).top, 108);
    // Measured from row 100, it rises 62 rows: followed.
    let vessel = Vessel { top: 100, ..vessel };
    assert_eq!(vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width).top, 38);
}

#[test]
fn a_sliver_of_the_top_layer_under_the_body_top_measured_raises_it_to_that_layers_top() {
    // The body's top measured 3 rows above the green layer's top (a cone
    // measured a layer low, tuning case 546): the red layer shows only a
    // sliver too short for a run, and goes on above the body's top.
    let (img, vessel) = vessel_on_board([30, 30, 30], 107);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    let first = p.runs.first().map(|r| (r.y0, r.y1, r.empty));
    assert_eq!(first, Some((80, 110, false)));
    // A sliver whose colour goes on up to the rim is tinted glass.
    let (mut img, vessel) = vessel_on_board([90, 90, 90], 107);
    fill(&mut img, 80..110, [90, 90, 90]);
    assert_eq!(vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width).top, 107);
}

#[test]
fn a_sliver_under_a_box_that_starts_on_the_body_top_is_followed_into_the_neck() {
    // The box starts on the body's top, row 107 (a bulb, its neck over
    // it; test case 1000187): 3 rows of the red layer under it, the rest
    // in the neck, the neck's glass (the board's colour) over it.
    // (On a board wide enough to show a gap beside it: the board is
    // sampled there.)
    let (img, vessel) = vessel_on_board([30, 30, 30], 107);
    let vessel = Vessel { outer: Rect { y0: 107, ..vessel.outer }, ..vessel };
    let top = |img: &RgbImage| vessel_profile(img, &vessel, &[vessel.outer], RunFloor::Width).top;
    assert_eq!(top(&widened(&img)), 80);
    // The outline's stroke over a rim, drawn under the bottom too, is no
    // layer in a neck (test case 1728: a wine glass's rim).
    let (mut stroked, _) = vessel_on_board([30, 30, 30], 107);
    fill(&mut stroked, 80..110, [250, 250, 250]);
    fill(&mut stroked, 180..184, [250, 250, 250]);
    assert_eq!(top(&widened(&stroked)), 107);
    // Nor is a colour like the board beside it, under paler glass (a
    // ball's shaded top under tinted glass; test case 1000300).
    let (mut tinted, _) = vessel_on_board([90, 90, 90], 107);
    fill(&mut tinted, 80..110, [36, 34, 38]);
    fill(&mut tinted, 180..184, [250, 250, 250]);
    assert_eq!(top(&widened(&tinted)), 107);
}

#[test]
fn a_whole_layer_of_another_colour_on_the_body_top_measured_raises_it_to_that_layers_top() {
    // The body's top measured on the green layer's top, the boundary with
    // the red layer over it (tuning case 272: tall flasks whose cone was
    // taken for neck from there up): red, with glass above it, is a layer.
    let (img, vessel) = vessel_on_board([30, 30, 30], 110);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    let first = p.runs.first().map(|r| (r.y0, r.y1, r.empty));
    assert_eq!(first, Some((80, 110, false)));
    // Measured inside the green layer, green rises to its top, and red
    // stands on it as well.
    let vessel = Vessel { top: 120, ..vessel };
    assert_eq!(vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width).top, 80);
    // A colour of its own going on up to the rim is tinted glass.
    let (mut img, vessel) = vessel_on_board([90, 90, 90], 110);
    fill(&mut img, 80..110, [90, 90, 90]);
    assert_eq!(vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width).top, 110);
}

#[test]
fn the_liquids_lit_surface_between_it_and_the_glass_above_is_no_layer() {
    // A lit band of 10 rows on the red layer's top (tuning case 157's
    // flasks): the glass above still ends at the liquid.
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 95);
    fill(&mut img, 70..80, [250, 150, 150]);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
}

/// The colour of the rim's stroke.
const RIM: [u8; 3] = [250, 250, 250];

/// The made-up vessel on its dark board with its rim's stroke thickened
/// to rows 20-30 ([`RIM`]), its box reaching down to row `box_bottom`.
fn rimmed_vessel(box_bottom: u32) -> (RgbImage, Vessel) {
    let (mut img, mut vessel) = vessel_on_board([30, 30, 30], 20);
    fill(&mut img, 20..30, RIM);
    vessel.outer.y1 = box_bottom;
    (img, vessel)
}

/// The body's top read and the colour of the first run under it.
fn top_and_first(img: &RgbImage, vessel: &Vessel) -> (u32, Option<[u8; 3]>) {
    let p = vessel_profile(img, vessel, &[vessel.outer], RunFloor::Width);
    (p.top, p.runs.first().map(|r| r.color))
}

/// Asserts the rim's stroke was left out: the body starts under it, on a
/// run of another colour.
fn assert_rim_left_out(img: &RgbImage, vessel: &Vessel) {
    let (top, colour) = top_and_first(img, vessel);
    assert_eq!(top, 30);
    assert_ne!(colour, Some(RIM));
}

#[test]
fn a_rims_thick_stroke_drawn_under_the_bottom_too_is_no_liquid() {
    // Tuning 9405's wine glasses: the outline's stroke, 10 rows thick,
    // across the body's top the liquid finder measures from, and under
    // the liquid's bottom.
    let white = RIM;
    let (mut img, vessel) = rimmed_vessel(195);
    let first = |img: &RgbImage| top_and_first(img, &vessel);
    // No stroke under the bottom: the white run may be liquid, and stays.
    assert_eq!(first(&img), (20, Some(white)));
    // The stroke a few rows of board under the bottom, as under a
    // flask on a dark board (tuning 4835): not the outline's.
    fill(&mut img, 186..195, white);
    assert_eq!(first(&img), (20, Some(white)));
    // Under the bottom at once, as thick: the outline. The body starts
    // below it, on the glass.
    fill(&mut img, 180..186, white);
    assert_rim_left_out(&img, &vessel);
}

#[test]
fn a_rims_stroke_under_the_last_liquid_going_on_under_the_bottom_is_no_liquid() {
    // Fresh 89294's wine glasses full to the rim, doubled: the bottom
    // measured a few rows into the last layer, whose blurred rows go on
    // past an edge's before the stroke starts under them.
    let white = RIM;
    let (mut img, vessel) = rimmed_vessel(197);
    fill(&mut img, 180..185, [40, 40, 200]);
    let first = |img: &RgbImage| top_and_first(img, &vessel);
    // Board under the liquid's end, then the stroke: not the outline's.
    fill(&mut img, 189..197, white);
    assert_eq!(first(&img), (20, Some(white)));
    // The stroke at once under the liquid's end: the outline.
    fill(&mut img, 185..189, white);
    assert_rim_left_out(&img, &vessel);
    // A last liquid of the stroke's colour is not followed into the
    // stroke: the stroke at once under the bottom is still the outline.
    let pale = [236, 236, 242];
    fill(&mut img, 145..180, pale);
    fill(&mut img, 180..189, white);
    assert_rim_left_out(&img, &vessel);
}

#[test]
fn a_glyph_the_body_top_measured_cuts_leaves_its_hidden_cell_going_on_above() {
    // A red layer (rows 80-110) over hidden cells (dark grey, 110-180) on
    // pale paper, each with a white glyph in its middle (rows 120-130 and
    // 155-165: a hook 8 columns wide over a stem of 2), the body's top
    // measured at row 125, under the first glyph's hook (a flask's cone
    // taken for neck down to it: test 1001038). The cell goes on over the
    // glyph to the red layer, which goes on to the glass.
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 125);
    on_paper(&mut img);
    fill(&mut img, 110..180, [62, 60, 66]);
    for top in [120, 155] {
        paint(&mut img, top..top + 5, 26..34, [245, 245, 245]);
        paint(&mut img, top + 5..top + 10, 29..31, [245, 245, 245]);
    }
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert!(p.glyphs.iter().any(|&g| (120..130).contains(&g)), "{:?}", p.glyphs);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    assert_eq!(p.runs.first().map(|r| (r.y0, r.y1)), Some((80, 110)), "{:?}", p.runs);
}

/// `img` on a board 100 columns wide of its top-left pixel's colour, so
/// that a gap beside the vessel shows the board.
fn widened(img: &RgbImage) -> RgbImage {
    let mut wide = RgbImage::from_pixel(100, img.height(), *img.get_pixel(0, 0));
    image::imageops::replace(&mut wide, img, 0, 0);
    wide
}

#[test]
fn a_layer_on_which_the_box_ends_is_taken_with_the_glass_beyond_the_box() {
    // The box ends 2 rows over the red layer (the outline traced up to
    // the liquid's top only, a faint stroke lost beside the liquid's
    // strong edge: test 1001831's flasks on lined paper), the body's top
    // measured on the green layer's top: the glass over the red layer
    // is seen beyond the box, and red is a layer.
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 110);
    fill(&mut img, 180..184, [250, 250, 250]);
    let boxed = |y0: u32| Vessel { outer: Rect { y0, ..vessel.outer }, ..vessel };
    let top = |img: &RgbImage, v: &Vessel| vessel_profile(&widened(img), v, &[v.outer], RunFloor::Width).top;
    assert_eq!(top(&img, &boxed(78)), 80);
    // A box whose rows over that colour are the outline's stroke (drawn
    // under the bottom too) starts on the rim: the vessel ends there,
    // and the tinted glass of a neck under it is no layer (tuning 3875:
    // a bulb's neck under its rim's white stroke, over a purple board).
    let (mut necked, _) = vessel_on_board([30, 30, 30], 110);
    fill(&mut necked, 180..184, [250, 250, 250]);
    fill(&mut necked, 76..80, [250, 250, 250]);
    fill(&mut necked, 80..110, [90, 90, 90]);
    assert_eq!(top(&necked, &boxed(76)), 110);
}

#[test]
fn a_layer_over_hidden_cells_whose_glyph_the_strip_shows_as_a_run_is_taken() {
    // Red (rows 80-110) over two hidden cells (dark grey, 110-145 and
    // 145-180), each with a `!`: a bar 8 columns wide (over half the
    // profile's strip, which shows it as a run of its own) and a dot.
    // The body's top measured 3 rows over the first bar (test 1001832: a
    // flask's cone taken for neck), the box ending on the red layer: the
    // cell goes on over the bar, and red stands on the cell.
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 114);
    on_paper(&mut img);
    fill(&mut img, 110..180, [38, 38, 61]);
    fill(&mut img, 180..184, [250, 250, 250]);
    for cell in [110, 145] {
        paint(&mut img, cell + 7..cell + 20, 26..34, [250, 250, 250]);
        paint(&mut img, cell + 23..cell + 26, 26..34, [250, 250, 250]);
    }
    let vessel = Vessel { outer: Rect { y0: 78, ..vessel.outer }, ..vessel };
    let p = vessel_profile(&widened(&img), &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    let firsts: Vec<(u32, u32)> = p.runs.iter().take(2).map(|r| (r.y0, r.y1)).collect();
    assert_eq!(firsts, [(80, 110), (110, 130)], "{:?}", p.runs);
}

#[test]
fn a_box_that_starts_on_the_liquids_top_has_the_glass_over_it_looked_for_beyond_it() {
    // The box starts on the red layer's top, row 80 (a flask's faint neck
    // over a pale board, its box traced round the liquid), the body's
    // top measured 15 rows lower: no row of the box stands over the red
    // layer, and the glass over it is seen above the box.
    let (img, vessel) = vessel_on_board([30, 30, 30], 95);
    let boxed = Vessel { outer: Rect { y0: 80, ..vessel.outer }, ..vessel };
    let top = |img: &RgbImage, v: &Vessel| vessel_profile(&widened(img), v, &[v.outer], RunFloor::Width).top;
    assert_eq!(top(&img, &boxed), 80);
    // Red going on up past the box's top is not followed there: beyond
    // the box nothing says it is liquid (40 rows more, within the rise a
    // top layer may make in the box).
    let (mut tinted, _) = vessel_on_board([30, 30, 30], 95);
    fill(&mut tinted, 40..80, [200, 40, 40]);
    assert_eq!(top(&tinted, &boxed), 95);
    // A box whose rows over that colour are the outline's stroke (drawn
    // under the bottom too) starts on the rim, and the vessel ends there
    // (tuning 1917: soda bottles' tinted necks under their caps' stroke).
    let (mut capped, _) = vessel_on_board([30, 30, 30], 95);
    fill(&mut capped, 76..80, [250, 250, 250]);
    let on_rim = Vessel { outer: Rect { y0: 76, ..vessel.outer }, ..vessel };
    assert_eq!(top(&capped, &on_rim), 80);
    fill(&mut capped, 180..184, [250, 250, 250]);
    assert_eq!(top(&capped, &on_rim), 95);
}

#[test]
fn a_flask_whose_box_was_traced_round_its_liquid_is_read_to_the_liquids_top() {
    // Tuning 462: flasks of three 60-row units on pale peach paper, their
    // necks' glass faint; the box starts on the top layer's meniscus and
    // the body's top was measured half that layer lower, so the grid was
    // fitted to two and a half layers and halved to four slots.
    crate::vision::water::regrid::tests::reads_exactly(462);
}

#[test]
fn a_soda_bottles_tinted_neck_under_its_caps_stroke_is_no_layer() {
    // Tuning 3616: soda bottles of five on a plum board, the box starting
    // two rows over the neck's top stroke and the neck's glass tinted; the
    // outline's stroke under the liquid lies above the bottom measured, so
    // the stroke is looked for on either side of it, and the neck, under
    // the stroke, does not rise as liquid (capacity 8 was read for 5).
    crate::vision::water::regrid::tests::reads_exactly(3616);
}

#[test]
fn the_glyphs_of_hidden_cells_going_on_up_over_the_bodys_top_are_found() {
    // Fresh 88001: flasks whose four hidden cells go on up into the neck,
    // the body's top found a cell and a half down. Here four cells of 30
    // rows (60-180), a bar and a dot in the middle of each, under a red
    // layer (30-60), the body's top measured inside the third cell: the
    // cells go on up further than the top rises (`MAX_RISE_BANDS`).
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 140);
    fill(&mut img, 30..60, [200, 40, 40]);
    fill(&mut img, 60..180, [64, 61, 69]);
    for cell in (60..180).step_by(30) {
        paint(&mut img, cell + 9..cell + 14, 28..32, [240, 240, 240]);
        paint(&mut img, cell + 16..cell + 18, 28..32, [240, 240, 240]);
    }
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.glyphs.len(), 4, "{:?}", p.glyph_rows);
    // The top measured stays where it was: only the glyphs are sought over it.
    assert_eq!(p.top, 140);
}

#[test]
fn a_layer_on_the_body_top_whose_rows_by_the_edge_stray_is_still_taken_whole() {
    // Fresh 89120: a layer over hidden cells in a JPEG, its rows nearest
    // the boundary strayed from it, the row read for its colour a run's
    // step off the rest, so only 2 rows of its 40 were taken for it.
    let (mut img, vessel) = vessel_on_board([30, 30, 30], 110);
    fill(&mut img, 106..107, [215, 40, 40]);
    fill(&mut img, 107..108, [210, 40, 40]);
    fill(&mut img, 108..109, [228, 40, 40]);
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.top, 80, "{:?}", p.runs);
    // The three rows' median, channel by channel; one row where fewer.
    let rows = [[0, 0, 0], [215, 40, 60], [210, 50, 40], [228, 40, 40], [9, 9, 9]];
    assert_eq!(super::sliver_color(&rows), [215, 40, 40]);
    assert_eq!(super::sliver_color(&rows[2..]), [228, 40, 40]);
    crate::vision::water::regrid::tests::reads_exactly(89120);
}
