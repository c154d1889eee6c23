//! The layer grid's unit tests on made-up profiles: boundaries each on a
//! layer of their own, lit-surface conventions, corks, shoulders and glyphs.

use super::*;
use crate::vision::water::slots::Top;

mod twice;

/// A profile of a tube `width` wide from row `top` to its liquid's
/// bottom, with runs `(y0, y1, empty)`.
pub(super) fn tube(top: u32, bottom: u32, width: u32, runs: &[(u32, u32, bool)]) -> Profile {
    let runs = runs.iter().map(|&(y0, y1, empty)| Run { y0, y1, color: [0, 0, 0], empty }).collect();
    Profile {
        runs,
        glyphs: Vec::new(),
        glyph_rows: Vec::new(),
        top,
        shortest_layer: (width * 3).div_ceil(10),
        bottom,
        top_is: Top::BelowRim,
        columns: (width / 5, width - width / 5),
    }
}

#[test]
fn two_boundaries_of_one_tube_are_never_one_layer() {
    // Three full tubes of seven 11.6-row units (one on top of six alike,
    // a generated case), 29 wide. A unit of 40 rounds both boundaries,
    // 11 rows apart, to layer 2 and read three layers; each boundary
    // on a layer of its own needs a unit under 11 / 0.7 rows. (Which
    // unit under that the two boundaries cannot tell.)
    let full = tube(406, 491, 29, &[(410, 420, false), (421, 491, false)]);
    let empty = tube(406, 491, 29, &[(410, 491, true)]);
    let g = slot_geometry(&[full.clone(), full.clone(), full, empty.clone(), empty]).unwrap();
    assert!(g.layer_height < 11.0 / 0.7, "{g:?}");
    assert!(g.capacity >= 5, "{g:?}");
}

#[test]
fn a_surface_band_inside_the_top_layer_and_a_cork_above_the_glass_are_read() {
    // Units of 40 rows from row 560 up; each liquid's top layer starts
    // with a 14-row lit band (zhoushizoe's bottles). One open tube,
    // three corked ones whose cork (two short runs) stands above a gap
    // of empty glass: the cork is no room, so the capacity is 4.
    let band = |top: u32| [(top, top + 14, false), (top + 14, 560, false)];
    let open = {
        let [a, b] = band(440);
        tube(370, 560, 57, &[(370, 376, false), (376, 440, true), a, b])
    };
    let corked = |top: u32| {
        let [a, b] = band(top);
        tube(350, 560, 57, &[(350, 362, false), (363, 379, false), (390, 398, true), a, b])
    };
    let g = slot_geometry(&[open, corked(400), corked(520), corked(480)]).unwrap();
    assert!((g.layer_height - 40.0).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 4, "{g:?}");
}

#[test]
fn a_cap_standing_clear_of_the_liquid_is_no_layer() {
    // Fresh 89193 as profiled (shrunk by two): three layers of about 29
    // rows from row 896 up, glass over them from row 789. A red cap on
    // the full blue tube stands over a gap of glass, its lower run
    // starting 111 rows up: taken for a boundary, the grid was four
    // layers of 27 rows and the capacity 4.
    let (red, dark, glass, blue, orange, cyan) = (0xd7242a, 0x981421, 0xdbeaed, 0x01a1ff, 0xffaf53, 0x02daff);
    let capped = vessel(
        766,
        896,
        9,
        &[(766, 785, dark, false), (785, 797, red, false), (797, 805, glass, true), (809, 896, blue, false)],
    );
    let two = |split: u32| {
        vessel(783, 896, 9, &[(789, 805, glass, true), (809, split, orange, false), (split, 896, cyan, false)])
    };
    let empty = vessel(783, 896, 9, &[(789, 896, glass, true)]);
    let g = slot_geometry(&[capped, two(866), two(836), empty]).unwrap();
    assert_eq!(g.capacity, 3, "{g:?}");
    assert!((28.0..31.0).contains(&g.layer_height), "{g:?}");
}

#[test]
fn a_body_of_two_layers_is_not_split_below_the_glyphs_spacing() {
    // Tuning 2206 as profiled: flasks whose top layer stands in the neck
    // over two hidden cells, their `?` glyphs 25 rows apart; the bodies,
    // from row 533 to 588, hold the two cells. Split in two for a
    // capacity of three or more, the grid read four cells of 14 rows.
    let (dark, grey, glass, green, cyan, lilac) = (0x2f2717, 0x423b2c, 0x50535a, 0x008e00, 0x00f7ff, 0xa797fa);
    // Each top read as the first row under a rim (no vessel full to its
    // body's top counts).
    let with_glyphs = |mut p: Profile, glyphs: &[u32]| {
        p.top_is = Top::BelowRim;
        p.glyphs = glyphs.to_vec();
        p.glyph_rows = glyphs.iter().map(|&g| (g - 6, g + 7)).collect();
        p
    };
    let profiles = [
        with_glyphs(vessel(533, 588, 9, &[(533, 537, green, false), (538, 588, dark, false)]), &[549, 574]),
        with_glyphs(
            vessel(
                533,
                588,
                9,
                &[(533, 537, cyan, false), (538, 569, dark, false), (569, 576, grey, false), (576, 588, dark, true)],
            ),
            &[549, 574],
        ),
        with_glyphs(
            vessel(533, 588, 9, &[(533, 537, cyan, false), (538, 552, dark, false), (552, 588, grey, false)]),
            &[549, 574],
        ),
        with_glyphs(
            vessel(
                533,
                588,
                9,
                &[
                    (533, 537, glass, true),
                    (538, 562, lilac, false),
                    (563, 568, dark, true),
                    (568, 577, grey, false),
                    (577, 588, dark, true),
                ],
            ),
            &[574],
        ),
        with_glyphs(vessel(533, 588, 9, &[(533, 588, glass, true)]), &[]),
        with_glyphs(vessel(533, 588, 9, &[(533, 562, glass, true), (566, 588, cyan, false)]), &[]),
    ];
    let g = slot_geometry(&profiles).unwrap();
    assert!((g.layer_height - 25.0).abs() <= 25.0 * LAYER_TOLERANCE, "{g:?}");
}

#[test]
fn where_no_run_starts_on_a_boundary_the_glyphs_place_the_grid_at_their_own_unit() {
    // Tuning 5237 as profiled: wine glasses of one layer over three hidden
    // cells whose bar glyphs stand 14-15 rows apart, and two empty glasses.
    // The runs start at the glass's top or on a glyph, on no boundary, so
    // the glyphs alone draw the grid: the search takes the largest unit
    // that keeps each within the tolerance of a middle (16.2 rows), and
    // the cells read stood off the glyphs.
    let glass = |top: u32, bottom: u32, x: u32, glyphs: &[u32], runs: &[(u32, u32, bool)]| Profile {
        top_is: Top::BodyTop,
        glyphs: glyphs.to_vec(),
        glyph_rows: glyphs.iter().map(|&g| (g - 3, g + 4)).collect(),
        shortest_layer: 20,
        columns: (x, x + 26),
        ..tube(top, bottom, 26, runs)
    };
    let upper = |x: u32, glyphs: &[u32], runs: &[(u32, u32, bool)]| glass(691, 752, x, glyphs, runs);
    let lower = |x: u32, glyphs: &[u32], runs: &[(u32, u32, bool)]| glass(1206, 1266, x, glyphs, runs);
    let profiles = [
        upper(95, &[716, 731, 744], &[(696, 710, false), (711, 727, false)]),
        upper(221, &[716, 731], &[(696, 710, false)]),
        upper(347, &[716, 731, 744], &[(696, 709, false), (711, 720, false)]),
        upper(475, &[716, 731], &[(696, 710, false), (718, 737, false)]),
        upper(601, &[716, 731], &[(696, 710, false), (711, 728, false)]),
        lower(95, &[1230, 1245, 1258], &[(1210, 1224, false), (1224, 1243, false)]),
        lower(221, &[1230, 1245, 1258], &[(1210, 1224, false), (1224, 1232, false)]),
        lower(347, &[1230, 1245, 1258], &[(1210, 1224, false), (1224, 1234, false)]),
        lower(475, &[], &[(1206, 1266, true)]),
        lower(601, &[], &[(1206, 1266, true)]),
    ];
    let g = slot_geometry(&profiles).unwrap();
    assert!((g.layer_height - 14.3).abs() < 0.5, "{g:?}");
    assert_eq!(g.capacity, 4, "{g:?}");
}

#[test]
fn only_one_gap_of_glass_under_a_run_at_the_top_is_a_lid() {
    let (ball, glass) = (0xc02020, 0xdbeaed);
    let lidded = vessel(100, 200, 9, &[(100, 110, ball, false), (110, 120, glass, true), (120, 200, ball, false)]);
    assert_eq!(room::lid_end(&lidded), Some(1));
    // Balls stand apart: a full tube of them shows a gap under each.
    let balls = vessel(
        100,
        200,
        9,
        &[
            (100, 130, ball, false),
            (130, 135, glass, true),
            (135, 165, ball, false),
            (165, 170, glass, true),
            (170, 200, ball, false),
        ],
    );
    assert_eq!(room::lid_end(&balls), None);
    // Glass above the top ball: no lid.
    let two_balls = vessel(
        100,
        200,
        9,
        &[(100, 130, glass, true), (130, 165, ball, false), (165, 170, glass, true), (170, 200, ball, false)],
    );
    assert_eq!(room::lid_end(&two_balls), None);
}

#[test]
fn a_grid_whose_own_boundaries_disown_its_bottom_gives_way_to_the_tightest() {
    // zhoushizoe's level 2 (1096x2560): tops of three and two 96-row
    // layers above the bottom, each under a lit band. A 131-row grid
    // with its bottom 41 rows up takes both tops within the tolerance,
    // as layers 1 and 2, but refitted its own boundaries put the
    // bottom 0.9 layer away; 96 rows fits them within a few rows.
    let glass = [(944, 960, true), (976, 1000, true), (1000, 1120, true)];
    let with = |rest: &[(u32, u32, bool)]| tube(944, 1447, 142, &[&glass[..], rest].concat());
    let two_colours = with(&[(1127, 1157, false), (1160, 1252, false), (1256, 1447, false)]);
    let three = with(&[(1122, 1156, false), (1160, 1447, false)]);
    let two = with(&[(1230, 1260, false), (1260, 1447, false)]);
    let three = Profile { bottom: 1444, ..three };
    let two = Profile { bottom: 1446, ..two };
    let g = slot_geometry(&[two_colours, three, two]).unwrap();
    assert!((g.layer_height - 96.0).abs() < 3.0, "{g:?}");
}

#[test]
fn a_glyph_in_the_bottom_slot_is_on_the_grid_and_the_bottom_is_no_boundary() {
    // 24-row layers: the bottom slot's glyph half a layer up is on the
    // grid (it was left out, so every tube of hidden layers lost a
    // glyph's evidence; tuning cases 312, 636, 1446 and 1913 read
    // with it); a boundary on the bottom itself is no evidence.
    let glyph = Evidence { d: 12.0, offset: 0.5, tube: 0 };
    assert_eq!(glyph.layer(24.0, 0.0), Some(0));
    assert_eq!(Evidence { d: 36.0, ..glyph }.layer(24.0, 0.0), Some(1));
    let boundary = Evidence { d: 0.5, offset: 0.0, tube: 0 };
    assert_eq!(boundary.layer(24.0, 0.0), None);
    assert_eq!(Evidence { d: 24.5, ..boundary }.layer(24.0, 0.0), Some(1));
}

#[test]
fn a_run_split_at_a_glyphs_centre_starts_on_no_boundary() {
    // Tuning case 636's tubes of balls, 24-row slots from the bottom at
    // 276: a ball on top of three hidden ones, whose glyphs split each
    // ball's run at its centre (the ball's top half, with the glyph
    // and the glass beside it, reads as glass). Those starts stand
    // half a slot off the grid and are no evidence for it; the top
    // ball's start is.
    let hidden = |top: u32| {
        let mut runs = vec![(161, top, true), (top, top + 19, false)];
        for k in 1..=3 {
            let y = top + 24 * k;
            runs.extend([(y, y + 11, true), (y + 11, y + 24, false)]);
        }
        let mut p = tube(154, 276, 40, &runs);
        p.glyphs = (1..=3).map(|k| top + 24 * k + 12).collect();
        p
    };
    let boundaries = |p: Profile, glyph_h| {
        let (evidence, _) = evidence(&[p], SurfaceBand::AboveLayer, glyph_h);
        evidence.iter().filter(|e| e.offset == 0.0).map(|e| e.d).collect::<Vec<_>>()
    };
    assert_eq!(boundaries(hidden(180), Some(24.0)), [96.0]);
    // Without the glyphs' spacing nothing is known of it.
    assert_eq!(boundaries(hidden(180), None), [96.0, 61.0, 37.0, 13.0]);
    // A run starting at a glyph's centre under a layer of liquid starts
    // on a boundary: the top of the hidden block, its glyph found high.
    let mut after_layer = tube(154, 276, 40, &[(161, 180, true), (180, 204, false), (204, 276, false)]);
    after_layer.glyphs = vec![205, 228, 252];
    assert_eq!(boundaries(after_layer, Some(24.0)), [96.0, 72.0]);
}

#[test]
fn a_vessel_full_to_its_body_top_holds_the_layers_its_liquid_spans() {
    // Flasks of 33-row units whose shoulder cuts the top layer to 28
    // rows (generated seed 1000046): 2.85 units tall, so 2 by the
    // height, and then the unit halved to make 3 or more. The full
    // vessel's liquid spans 3 units, to the nearest.
    let body = |runs: &[(u32, u32, bool)]| Profile { top_is: Top::BodyTop, ..tube(326, 422, 46, runs) };
    let full = body(&[(326, 354, false), (355, 388, false), (389, 422, false)]);
    let two = body(&[(326, 388, true), (389, 422, false)]);
    let g = slot_geometry(&[full.clone(), full, two]).unwrap();
    assert!((g.layer_height - 33.0).abs() < 1.5, "{g:?}");
    assert_eq!(g.capacity, 3, "{g:?}");
}

#[test]
fn a_layer_of_its_own_cut_short_by_the_shoulder_is_one_more_layer() {
    // Tuning 460 as read: flasks of 47-row units whose body top (where
    // the walls start to taper) cuts the top layer to 16-17 rows. The
    // bodies are 2.35 units tall, so 2 by the height, and the unit was
    // halved to make 3 or more (capacity 5). Each short run over a
    // boundary two units up is a third layer of its own.
    let body = |runs: &[(u32, u32, bool)]| Profile { top_is: Top::BodyTop, ..tube(470, 580, 60, runs) };
    let three = body(&[(470, 487, false), (487, 534, false), (534, 580, false)]);
    let two_under_one = body(&[(470, 487, false), (487, 580, false)]);
    let two = body(&[(470, 487, true), (493, 534, false), (534, 580, false)]);
    let empty = body(&[(470, 580, true)]);
    let g = slot_geometry(&[three.clone(), two_under_one, three, two, empty]).unwrap();
    assert!((44.0..49.0).contains(&g.layer_height), "{g:?}");
    assert_eq!(g.capacity, 3, "{g:?}");
}

/// A vessel's profile as read (runs `(y0, y1, colour, empty)`), with the
/// shortest layer a vessel found by its liquid was given.
pub(super) fn vessel(top: u32, bottom: u32, shortest_layer: u32, runs: &[(u32, u32, u32, bool)]) -> Profile {
    let color = |rgb: u32| [(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8];
    Profile {
        runs: runs.iter().map(|&(y0, y1, rgb, empty)| Run { y0, y1, color: color(rgb), empty }).collect(),
        glyphs: Vec::new(),
        glyph_rows: Vec::new(),
        top,
        shortest_layer,
        bottom,
        top_is: Top::BodyTop,
        columns: (10, 50),
    }
}

#[test]
fn a_lit_surface_taller_than_the_shortest_layer_is_no_layer() {
    // zhoushizoe 1697801564869 (vases with roses), the profiles as read
    // in the working copy: units of about 36.5 rows, each top layer
    // under a lit band of 8-15 rows, and a shortest layer of 5 rows
    // (the vessel finder's bands, cut short by the vases' rims and
    // necks). Taken for layers, the bands' tops were explained only by
    // half a unit, and the capacity read 8. (The pale cyan's band, one
    // run with its liquid, is split off as `surface` splits it.)
    let vases = [
        vessel(431, 572, 5, &[(431, 568, 0xa9ee43, false)]),
        vessel(
            435,
            572,
            5,
            &[
                (435, 447, 0x68d1e8, true),
                (448, 461, 0xb7fbe4, false),
                (461, 495, 0x9ff4ed, false),
                (499, 536, 0x40c619, false),
                (538, 572, 0xfc7c00, false),
            ],
        ),
        vessel(435, 572, 5, &[(435, 446, 0x78c5eb, true), (448, 461, 0xf277e1, false), (461, 571, 0xf243e8, false)]),
        vessel(420, 572, 5, &[(420, 536, 0x9ff4ed, false), (539, 568, 0xf243e8, false)]),
        vessel(435, 572, 5, &[(435, 537, 0x68cdeb, true), (538, 568, 0x3aacff, false)]),
        vessel(435, 572, 5, &[(435, 445, 0x68d1ee, true), (448, 463, 0x46e12d, false), (463, 571, 0x40c619, false)]),
        vessel(691, 839, 5, &[(691, 836, 0xf33233, false)]),
        vessel(690, 839, 5, &[(690, 839, 0x8f5a18, false)]),
        vessel(702, 839, 5, &[(702, 728, 0x77cdeb, true), (728, 837, 0x3aacff, false)]),
        vessel(690, 839, 5, &[(690, 839, 0x9e2ae5, false)]),
        vessel(702, 839, 5, &[(702, 712, 0x68d1eb, true), (720, 728, 0xffa572, false), (728, 838, 0xfc7c00, false)]),
    ];
    let g = slot_geometry(&vases).unwrap();
    // A unit, not half of one (its bottom may settle a few rows low:
    // 38.4 rows from 4.6 under the profiles' bottom fits the same rows).
    assert!((34.0..40.0).contains(&g.layer_height), "{g:?}");
    assert_eq!(g.capacity, 4, "{g:?}");
}

#[test]
fn a_coarser_unit_that_settled_no_longer_explains_its_boundaries_gives_way() {
    // Fresh 25653 at its working size: pint glasses of five 17-row units,
    // two near blues in one run. Three distinct boundaries, 16, 68 and 86
    // rows up (units 1, 4 and 5), each lie within the tolerance of a
    // 24-row grid shifted 7 rows, which settles to 23.3 rows with the
    // one at 68 a quarter of a layer off: four layers, the colours read
    // across their boundaries.
    let g = slot_geometry(&[
        tube(329, 422, 40, &[(332, 336, true), (336, 353, false), (354, 422, false)]),
        tube(329, 422, 40, &[(332, 336, true), (336, 405, false), (406, 422, false)]),
        tube(331, 422, 40, &[(332, 336, true), (336, 353, false), (354, 405, false), (406, 422, false)]),
        tube(329, 422, 40, &[(332, 422, true)]),
    ])
    .unwrap();
    assert!((16.5..18.0).contains(&g.layer_height), "{g:?}");
    assert_eq!(g.capacity, 5, "{g:?}");
}

#[test]
fn where_the_best_unit_does_not_settle_the_tightest_grid_that_does_is_taken() {
    // Fresh 29477 at its working size: bulbs of 13-row units whose
    // boundaries stand 24 and 37 rows up (units 2 and 3). The best heights
    // searched do not settle; of those that do, a 48.5-row grid shifted
    // 18 rows (0.375 of a layer, as far as the search goes) explains both
    // loosely, and the 13-row grid exactly.
    let evidence: Vec<Evidence> =
        [37.0, 37.0, 24.0, 37.0].iter().enumerate().map(|(tube, &d)| Evidence { d, offset: 0.0, tube }).collect();
    let (h, shift) = fit_grid(&evidence, 49.0, None).unwrap();
    assert!((12.5..13.5).contains(&h), "{h} {shift}");
}

#[test]
fn a_full_tube_of_shaded_balls_is_measured_from_its_top_not_from_a_gap_between_balls() {
    // Tuning 3014 as the tube finder read it: six balls of about 21 rows
    // at a 29-row pitch fill each tube, the board showing in the gaps
    // between them, and the shading of most balls splits them into two
    // runs shorter than a layer (17 rows here). Judged run by run, a split
    // top ball was no layer and the gap under it the glass's top:
    // capacity 5.
    // Which balls of a tube, top first, its shading splits (the others
    // read as one 21-row run, a layer's evidence).
    let full = |top: u32, split: [bool; 6]| {
        let mut runs = Vec::new();
        for (k, split) in (0..6).zip(split) {
            let y0 = top + 8 + k * 29;
            if split {
                runs.extend([(y0, y0 + 13, false), (y0 + 13, y0 + 21, false)]);
            } else {
                runs.push((y0, y0 + 21, false));
            }
            if k < 5 {
                runs.push((y0 + 22, y0 + 28, true));
            }
        }
        tube(top, top + 185, 56, &runs)
    };
    let empty = |top: u32| tube(top, top + 185, 56, &[(top + 3, top + 180, true), (top + 180, top + 185, false)]);
    let (t, f) = (true, false);
    let profiles = [
        full(246, [t, f, t, t, f, t]),
        full(245, [t, t, f, t, f, f]),
        full(246, [t, t, t, f, t, f]),
        full(488, [t, f, t, f, t, t]),
        full(488, [t, t, f, t, t, f]),
        full(728, [t, f, t, t, f, t]),
        empty(729),
        empty(729),
    ];
    let g = slot_geometry(&profiles).unwrap();
    assert!((g.layer_height - 29.0).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 6, "{g:?}");
}

#[test]
fn the_outlines_stroke_over_a_full_tubes_top_ball_is_no_layer_cut_short() {
    // Tuning 3014 as the vessel finder read it: the same six balls whole
    // (25-row runs), and over the top one a 5-row run of the tube's brown
    // outline. Counted as a layer cut short by a shoulder, it made the
    // tubes hold seven. A liquid cut short shows whole elsewhere; no ball
    // is the outline's colour.
    let colours = [0x8d8e4a, 0xf7a5fa, 0xc74ce3, 0xdb7b93, 0x764a01, 0x2c9600];
    let full = |shift: usize| {
        let mut runs = vec![(245, 250, 0x654f28, false)];
        runs.extend((0..6).map(|k| (252 + 29 * k, 277 + 29 * k, colours[(k as usize + shift) % 6], false)));
        vessel(244, 430, 13, &runs)
    };
    let empty = vessel(244, 430, 13, &[(244, 430, 0xe8eef2, true)]);
    let g = slot_geometry(&[full(0), full(1), full(2), full(3), full(4), empty.clone(), empty]).unwrap();
    assert!((g.layer_height - 29.0).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 6, "{g:?}");
    // Where the level hides layers, a colour's other layers may all be
    // hidden: a short top layer of its own is counted as before (tuning
    // 2572, test 1000358).
    let hidden = |shift: usize| Profile { glyphs: vec![351, 380], ..full(shift) };
    let g = slot_geometry(&[hidden(0), full(1), full(2), full(3), full(4)]).unwrap();
    assert_eq!(g.capacity, 7, "{g:?}");
}

#[test]
fn a_neck_over_full_bottles_is_no_room_for_layers() {
    // Tuning case 352 (540x1203): corked bottles of seven 18.5-row layers,
    // one shown over six hidden in each, their necks' glass two and a half
    // layers over the body: ten layers from the bottom to the neck's top,
    // more than a box of nine allows and than any vessel holds. The glyphs
    // tell the unit; the bottles filled alike tell the capacity.
    let full = Profile {
        glyphs: vec![356, 374, 393, 411, 430, 448],
        ..tube(274, 460, 75, &[(280, 330, true), (331, 349, false), (349, 459, false)])
    };
    let empty = tube(274, 460, 75, &[(280, 459, true)]);
    let g = slot_geometry(&[full.clone(), full.clone(), full.clone(), empty.clone()]).unwrap();
    assert!((g.layer_height - 18.5).abs() < 0.5, "{g:?}");
    assert_eq!(g.capacity, 7, "{g:?}");
    // One bottle alone is no row filled alike: the room says what it holds.
    let g = slot_geometry(&[full, empty]).unwrap();
    assert!(g.capacity > MOST_LAYERS, "{g:?}");
}

#[test]
fn a_neck_over_seven_layers_without_glyphs_leaves_the_unit_to_the_liquid() {
    // Tuning case 357 at its working size: vases of seven 17-row layers
    // under a neck three layers tall, the box 172 rows, no glyph. A box
    // of nine layers bounds the unit at 19.1 rows, where the best grid
    // (20.75 rows) put three of each vase's seven boundaries on a layer
    // and read eight slots; the liquid's highest boundary, 119 rows up,
    // bounds it at 14.9 rows, and 17 rows put every boundary on one.
    let layers = |top: u32| -> Vec<(u32, u32, bool)> {
        let mut runs = vec![(top + 2, 181, true)];
        runs.extend((0..7).map(|k| (181 + 17 * k, 181 + 17 * (k + 1), false)));
        runs
    };
    let full = tube(128, 300, 40, &layers(128));
    let empty = tube(128, 300, 40, &[(130, 300, true)]);
    let g = slot_geometry(&[full.clone(), full.clone(), full, empty]).unwrap();
    assert!((g.layer_height - 17.0).abs() < 0.5, "{g:?}");
    assert_eq!(g.capacity, 7, "{g:?}");
}
