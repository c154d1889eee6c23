//! The grid's refits on made-up profiles: the unit from the `?` glyphs'
//! spacing where the boundaries alone do not fix it, glyphs splitting
//! their cells' runs, and refits kept only where they explain as much.

use super::super::tests::tube;
use super::super::*;
use crate::vision::water::slots::Top;

#[test]
fn glyphs_a_layer_apart_fix_the_unit_where_every_boundary_is_one_layer() {
    // Test case 1000202 (1080x2210): three full tubes, each one shown
    // layer over six hidden, 81 rows a layer, and two empty tubes. Each
    // full tube has one boundary, six layers up, which a unit of 83 rows
    // explains as well as 81 (within the tolerance); so do the glyphs,
    // whose centres stand 4-8 rows over their cells' middles. 83 rows
    // leave room for six layers, not seven. The glyphs' spacing is the
    // unit.
    let full = Profile {
        glyphs: vec![1356, 1437, 1518, 1599, 1680, 1761],
        glyph_rows: Vec::new(),
        ..tube(1241, 1810, 110, &[(1243, 1324, false), (1324, 1810, false)])
    };
    let empty = tube(1240, 1810, 110, &[(1243, 1810, true)]);
    let g = slot_geometry(&[full.clone(), full.clone(), full, empty.clone(), empty]).unwrap();
    assert!((g.layer_height - 81.0).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 7, "{g:?}");
}

#[test]
fn runs_a_glyphs_strokes_split_its_cell_into_are_no_boundaries() {
    // Test case 1001836's lower row at half size (its profiles as read):
    // one shown layer (rows 757-781) over four hidden ones, 27 rows a
    // layer, whose `!` glyphs (a bar and a dot, 11-15 rows tall, centred
    // in their cells) split the cells' runs where the bar starts and
    // under the dot, 6-8 rows from the glyph's centre: farther than
    // [`GLYPH_SPLIT`] of a layer. Counted as layer boundaries, they pull
    // the unit off the glyphs' spacing (24.7 rows, and the glyphs then
    // off their slots).
    let hidden = |runs: &[(u32, u32)]| {
        let runs: Vec<(u32, u32, bool)> = runs.iter().map(|&(y0, y1)| (y0, y1, false)).collect();
        Profile {
            glyphs: vec![794, 820, 847, 874],
            glyph_rows: vec![(789, 799), (813, 827), (840, 854), (868, 881)],
            top_is: Top::BodyTop,
            ..tube(757, 888, 36, &runs)
        }
    };
    // (Two tubes split alike down to their last glyph.)
    let split = [(757, 781), (781, 796), (801, 813), (813, 822), (828, 840), (840, 849), (855, 867)];
    let profiles = [
        hidden(&[(757, 781), (781, 795), (801, 813), (813, 822), (828, 840), (842, 850), (855, 888)]),
        hidden(&[&split[..], &[(867, 872), (873, 888)]].concat()),
        hidden(&[(757, 781), (781, 796), (801, 813), (813, 818), (828, 888)]),
        hidden(&[&split[..], &[(867, 877), (877, 888)]].concat()),
        Profile { top_is: Top::BodyTop, ..tube(789, 888, 36, &[(789, 888, true)]) },
    ];
    let g = slot_geometry(&profiles).unwrap();
    assert!((g.layer_height - 27.0).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 5, "{g:?}");
}

#[test]
fn glyphs_standing_alike_off_their_middles_move_no_grid_that_explains_a_boundary() {
    // Tuning case 1073 (round tubes, 720x1513), its profiles as read: one shown layer over two hidden, 47.5 rows a layer, under
    // a layer's headroom of glass; the glyphs stand 4-5 rows over their
    // cells' middles, and the one boundary (the top layer's, under its lit
    // band) 7 rows low. The searched grid explains both; moved by the
    // glyphs' spacing onto the vessel's bottom (5 rows under the liquid's
    // end), the headroom made a fourth layer.
    let hidden = Profile {
        glyphs: vec![1159, 1207],
        glyph_rows: vec![(1151, 1168), (1199, 1216)],
        top_is: Top::BodyTop,
        ..tube(
            1044,
            1240,
            66,
            &[(1050, 1091, true), (1098, 1139, false), (1140, 1150, true), (1155, 1198, false), (1203, 1235, false)],
        )
    };
    let empty = Profile { top_is: Top::BodyTop, ..tube(1044, 1240, 66, &[(1051, 1235, true)]) };
    let g = slot_geometry(&[hidden.clone(), hidden.clone(), hidden.clone(), hidden.clone(), hidden, empty]).unwrap();
    assert!((g.layer_height - 48.0).abs() < 1.5, "{g:?}");
    assert_eq!(g.capacity, 3, "{g:?}");
}

#[test]
fn glyphs_drawing_the_search_off_every_boundary_are_placed_from_the_liquids_bottom() {
    // The same screenshot read enlarged 1.64 times (17.55 rows a layer),
    // its three rows' profiles as read: the top row's boundary under the shown layer
    // stands 4 rows over the first glyph (within [`GLYPH_SPLIT`]) and
    // counts as its split; what boundary is left is the last row's thin
    // bottom layer under the empty glass. The search, drawn by the
    // glyphs (a quarter of a layer over their middles, every one alike),
    // settles a quarter of a layer into the liquid, explaining no
    // boundary, and the bottom layer then changed colour off the grid.
    let hidden = |top: u32, bottom: u32, glyphs: &[(u32, u32)], runs: &[(u32, u32, bool)]| Profile {
        glyphs: glyphs.iter().map(|&(a, b)| (a + b) / 2).collect(),
        glyph_rows: glyphs.to_vec(),
        top_is: Top::BodyTop,
        ..tube(top, bottom, 130, runs)
    };
    let profiles = [
        hidden(
            792,
            915,
            &[(813, 816), (829, 833), (847, 850), (866, 869), (882, 885), (900, 903)],
            &[(792, 809, false), (810, 912, false)],
        ),
        hidden(
            792,
            915,
            &[(813, 816), (829, 832), (848, 850), (866, 869), (882, 885), (900, 903)],
            &[(792, 809, false), (810, 912, false)],
        ),
        hidden(
            810,
            915,
            &[(829, 834), (847, 852), (866, 870), (882, 887), (900, 901)],
            &[(810, 827, false), (828, 912, false)],
        ),
        hidden(
            792,
            915,
            &[(813, 815), (829, 832), (847, 850), (865, 868), (882, 883), (900, 903)],
            &[(792, 809, false), (810, 912, false)],
        ),
        hidden(
            792,
            915,
            &[(813, 815), (829, 832), (847, 850), (866, 868), (882, 885), (900, 903)],
            &[(792, 809, false), (810, 912, false)],
        ),
        hidden(
            1312,
            1434,
            &[(1333, 1336), (1349, 1353), (1367, 1370), (1385, 1389), (1403, 1407), (1420, 1423)],
            &[(1312, 1329, false), (1329, 1432, false)],
        ),
        hidden(
            1311,
            1434,
            &[(1333, 1335), (1349, 1352), (1367, 1371), (1385, 1388), (1403, 1407), (1420, 1423)],
            &[(1311, 1329, false), (1330, 1432, false)],
        ),
        hidden(
            1312,
            1434,
            &[(1333, 1337), (1349, 1354), (1367, 1372), (1385, 1390), (1403, 1408), (1420, 1424)],
            &[(1312, 1329, false), (1330, 1432, false)],
        ),
        hidden(
            1312,
            1434,
            &[(1333, 1336), (1349, 1352), (1367, 1370), (1385, 1388), (1403, 1406), (1420, 1422)],
            &[(1312, 1329, false), (1330, 1432, false)],
        ),
        hidden(
            1311,
            1434,
            &[(1333, 1335), (1349, 1352), (1367, 1370), (1385, 1388), (1403, 1406), (1420, 1422)],
            &[(1311, 1329, false), (1330, 1432, false)],
        ),
        hidden(
            1832,
            1954,
            &[(1852, 1856), (1871, 1873), (1887, 1890), (1905, 1909), (1923, 1926), (1940, 1942)],
            &[(1832, 1848, false), (1850, 1952, false)],
        ),
        hidden(1832, 1954, &[], &[(1832, 1954, true)]),
        hidden(1832, 1954, &[], &[(1832, 1938, true), (1938, 1953, false)]),
    ];
    let g = slot_geometry(&profiles).unwrap();
    assert!((g.layer_height - 17.55).abs() < 0.3, "{g:?}");
    assert!(g.bottom_shift.abs() < 1.5, "{g:?}");
    assert_eq!(g.capacity, 7, "{g:?}");
}

#[test]
fn a_refit_on_boundaries_a_lit_band_moved_keeps_to_the_glyphs() {
    // Tuning case 4002 (soda bottles, 540x1096), its profiles as read:
    // one shown layer over three hidden, 32.5 rows a layer, the hidden
    // cells' `!` glyphs 33 rows apart. The shown layer's run starts under
    // its lit band, 4 rows low, so its two boundaries (126 and 97 rows
    // over the bottom) refit alone to a unit of 29 rows 10 rows off the
    // bottom, which leaves two glyphs of three off their layers' middles.
    let bottle = Profile {
        glyphs: vec![455, 488, 520],
        glyph_rows: Vec::new(),
        ..tube(380, 538, 40, &[(380, 408, true), (412, 441, false), (441, 538, false)])
    };
    let empty = tube(380, 538, 40, &[(380, 538, true)]);
    let g = slot_geometry(&[bottle.clone(), bottle.clone(), bottle, empty]).unwrap();
    assert!((g.layer_height - 32.5).abs() < 1.0, "{g:?}");
    assert_eq!(g.capacity, 4, "{g:?}");
}
