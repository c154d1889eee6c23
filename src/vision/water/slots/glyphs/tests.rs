//! The glyph rules' unit tests on made-up slots and pictures.

use super::*;

#[test]
fn a_hidden_slot_without_the_glyph_its_tubes_other_hidden_slots_carry_is_doubted() {
    use crate::geometry::SlotSample::{Color, Hidden};
    // Five 20-row slots, bottom first: rows 80-100, 60-80, 40-60, 20-40, 0-20.
    let rects: Vec<Rect> = (0..5).map(|k| Rect { x0: 0, x1: 20, y0: 80 - 20 * k, y1: 100 - 20 * k }).collect();
    let samples = [Hidden, Hidden, Hidden, Hidden, Color([200, 30, 30])];
    assert!(!hidden_slot_without_glyph(&rects, &samples, &[90, 70, 50, 30]));
    // Fresh 60293's: a round bottom counted as a fifth hidden slot, the
    // glyphs in the four above it.
    assert!(hidden_slot_without_glyph(&rects, &samples, &[70, 50, 30]));
    // A glyph found in only one hidden slot, or none: the finder may
    // have missed the rest.
    assert!(!hidden_slot_without_glyph(&rects, &samples, &[70]));
    assert!(!hidden_slot_without_glyph(&rects, &samples, &[]));
}

#[test]
fn a_glyph_under_where_the_liquid_was_found_to_end_is_a_hidden_layer_left_out() {
    use super::super::{RunFloor, vessel_profile};
    use crate::geometry::SlotSample::{Color, Hidden};
    use crate::vision::water::vessels::{Seen, Vessel};
    // Fresh 73855 in large: five hidden cells of 24 rows (rows 60-180)
    // on a pale board, a white glyph centred in each, in a vessel whose
    // bottom was measured on row 164, where the lowest glyph ended the
    // liquid's last band; its box reaches row 182.
    let mut img = RgbImage::from_pixel(60, 200, image::Rgb([200, 200, 200]));
    for y in 60..180 {
        for x in 10..50 {
            let glyph = (28..32).contains(&x) && (9..15).contains(&((y - 60) % 24));
            img.put_pixel(x, y, image::Rgb(if glyph { [250, 250, 250] } else { [45, 45, 45] }));
        }
    }
    let vessel = Vessel {
        outer: Rect { x0: 10, y0: 56, x1: 50, y1: 182 },
        bottom: 164,
        top: 60,
        half_width: 20.0,
        seen: Seen::Column,
        band_height: 24.0,
    };
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.glyphs, vec![71, 95, 119, 143, 167]);
    // The grid of four slots over the measured bottom leaves the lowest
    // glyph under it; on the grid down to the cells' bottom, none.
    let slots = |bottom: u32, n: u32| -> Vec<Rect> {
        (0..n).map(|k| Rect { x0: 10, x1: 50, y0: bottom - 24 * (k + 1), y1: bottom - 24 * k }).collect()
    };
    let red = Color([200, 30, 30]);
    assert!(glyph_outside_hidden(&slots(164, 4), &[Hidden, Hidden, Hidden, Hidden], &p.glyphs));
    assert!(!glyph_outside_hidden(&slots(180, 6), &[Hidden, Hidden, Hidden, Hidden, Hidden, red], &p.glyphs));
    // Where the liquid found ends on a liquid, not on a cell, nothing
    // under it is sought (a wine glass's stem under its bowl, tuning
    // 750): the rows just over the measured bottom painted red.
    for y in 156..164 {
        for x in 10..50 {
            img.put_pixel(x, y, image::Rgb([200, 30, 30]));
        }
    }
    let p = vessel_profile(&img, &vessel, &[vessel.outer], RunFloor::Width);
    assert_eq!(p.glyphs, vec![71, 95, 119, 143]);
}

/// Five 20-row slots, bottom first: rows 80-100, 60-80, 40-60, 20-40, 0-20.
fn five_slots() -> Vec<Rect> {
    (0..5).map(|k| Rect { x0: 0, x1: 20, y0: 80 - 20 * k, y1: 100 - 20 * k }).collect()
}

#[test]
fn a_glyph_over_the_top_slot_is_a_cell_above_the_grid() {
    // Fresh 88001: the grid's three slots over 40-100, four glyphs a
    // slot apart, the top one over the grid.
    let rects = &five_slots()[..3];
    assert!(glyph_above_top(rects, &[30, 50, 70, 90]));
    assert!(!glyph_above_top(rects, &[50, 70, 90]));
}

#[test]
fn a_bare_bottom_slot_under_glyphs_one_in_each_hidden_slot_is_told_apart() {
    use crate::geometry::SlotSample::{Color, Hidden};
    let rects = five_slots();
    let samples = [Hidden, Hidden, Hidden, Color([200, 30, 30]), Color([30, 30, 200])];
    // Fresh 88249: the bottom cell, clipped by a round bottom, without the
    // glyph the two above it carry.
    assert!(glyphs_above_a_bare_bottom(&rects, &samples, &[50, 70]));
    assert!(!glyphs_in_hidden_slots(&rects, &samples, &[50, 70]));
    assert!(!bottom_glyph(&rects, &[50, 70]));
    // Its glyph found, the tube stands them one in each: no bare bottom.
    assert!(!glyphs_above_a_bare_bottom(&rects, &samples, &[50, 70, 90]));
    assert!(bottom_glyph(&rects, &[50, 70, 90]));
    // A slot above without its glyph, or a glyph in a liquid, is no bare
    // bottom either: the grid is off there.
    assert!(!glyphs_above_a_bare_bottom(&rects, &samples, &[50]));
    assert!(!glyphs_above_a_bare_bottom(&rects, &samples, &[30, 50, 70]));
}
