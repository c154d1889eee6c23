//! The outline tracer's tests: mirror axes, walls outside the strongest
//! agreed on, a flask's cone, walls followed on past a change of board.

use super::{Outline, Traced, lost_in_the_body, mirror_axis, outlines_agreed, trace};
use crate::puzzle::water::renamed_in_order;
use crate::vision::water::tubes::Gradients;
use crate::vision::water::{ReadOptions, read};

fn outline(rim: u32) -> Outline {
    Outline { rim, body_top: rim, neck: false, widths: Vec::new() }
}

#[test]
fn a_columns_centre_far_off_its_vessels_mirror_axis_moves_onto_it() {
    // A vessel of dark liquid in white walls (columns 20-22 and 57-59:
    // its axis is at 39.5), a glyph on the axis and a highlight streak
    // near the left wall, which is mirrored by nothing.
    let mut img = image::RgbImage::from_pixel(80, 60, image::Rgb([40, 60, 40]));
    for y in 5..55 {
        for x in 20..60 {
            let wall = !(23..57).contains(&x);
            let glyph = (37..43).contains(&x) && y % 10 < 5;
            let colour = match (wall || glyph, (26..28).contains(&x)) {
                (true, _) => [220, 225, 225],
                (false, true) => [120, 100, 95],
                (false, false) => [67, 44, 38],
            };
            img.put_pixel(x, y, image::Rgb(colour));
        }
    }
    let edges = Gradients::new(&img);
    // The liquid's widest band right of the glyph, centred at 47.
    assert_eq!(mirror_axis(&edges, 47.0, (5, 55), 14.0), 39.5);
    // A centre within the blur of a band's edges stays.
    assert_eq!(mirror_axis(&edges, 41.0, (5, 55), 14.0), 41.0);
}

#[test]
fn walls_outside_the_strongest_are_believed_only_where_the_vessels_agree() {
    let traced = |outside: [Option<u32>; 3]| -> Vec<Traced> {
        outside.iter().map(|o| Traced { inner: outline(180), outside: o.map(outline) }).collect()
    };
    let rims = |outlines: Vec<Outline>| outlines.iter().map(|o| o.rim).collect::<Vec<_>>();
    // Two of three traced up to one rim: those two are believed.
    assert_eq!(rims(outlines_agreed(traced([Some(152), Some(154), None]), 10.0)), [152, 154, 180]);
    // Ends far apart (grain, a flower's stem): none is.
    assert_eq!(rims(outlines_agreed(traced([Some(1), Some(90), Some(152)]), 10.0)), [180, 180, 180]);
    // One alone has nothing to agree with.
    assert_eq!(rims(outlines_agreed(traced([Some(152), None, None]), 10.0)), [180, 180, 180]);
}

#[test]
fn a_flask_whose_cone_narrows_to_its_neck_holds_layers_up_to_the_neck() {
    // Generated tuning case 152: flasks whose cone narrows from the
    // bottom to the neck's width, full ones holding six layers. With
    // the neck's width the median of every narrow row, the upper
    // cone's rows counted as neck and the top two layers were cut off
    // (capacity 4, 37 layers: refused).
    let case = crate::synthetic::water::generate::case(152);
    let sight = read(&case.picture, &ReadOptions::default());
    let read = sight.read.expect("read");
    assert_eq!(read.puzzle.capacity(), 6);
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}

/// A straight vessel in a pale outline (columns 20-22 and 57-59, rows
/// 10-129), holding four layers of liquid about as pale as the outline
/// from row 30 down, before a board dark under row `ridge` and pale
/// above it: over the dark board the outline stands out four and a half
/// times as much.
fn before_a_ridge(ridge: u32) -> Gradients {
    let mut img = image::RgbImage::from_pixel(80, 140, image::Rgb([170, 170, 210]));
    for y in ridge..140 {
        for x in 0..80 {
            img.put_pixel(x, y, image::Rgb([30, 60, 60]));
        }
    }
    for y in 10..130 {
        for x in 20..60 {
            let wall = !(23..57).contains(&x) || y >= 127;
            let layer = [[230, 190, 200], [190, 225, 170]][((y as usize).saturating_sub(30) / 24) % 2];
            match (wall, y >= 30) {
                (true, _) => img.put_pixel(x, y, image::Rgb([210, 210, 180])),
                (false, true) => img.put_pixel(x, y, image::Rgb(layer)),
                (false, false) => {}
            }
        }
    }
    Gradients::new(&img)
}

/// The column's bands: the glass above the liquid, then its layers.
const BANDS: [(u32, u32); 5] = [(12, 30), (30, 54), (54, 78), (78, 102), (102, 127)];

#[test]
fn walls_that_end_where_the_board_behind_them_changes_are_followed_on_to_the_rim() {
    // Fresh 88693 and 88697, flasks: the walls lost over the pale sky,
    // halfway up the liquid, made a template of the vessels' lower part.
    let rim = |ridge| trace(&before_a_ridge(ridge), 40.0, 127, 17.0, 12, &BANDS).map(|t| t.inner.rim);
    assert!(rim(90).is_some_and(|r| r <= 12), "{:?}", rim(90));
    // A column topped a few rows over where the walls are seen to end
    // (a lit band): they reach it within the rows a wall may break for.
    let lit = trace(&before_a_ridge(90), 40.0, 127, 17.0, 7, &BANDS).map(|t| t.inner.rim);
    assert!(lit.is_some_and(|r| r <= 12), "{lit:?}");
    // With no board change the walls go up to the rim at once.
    assert!(rim(140).is_some_and(|r| r <= 12), "{:?}", rim(140));
    // Walls lost within a layer of the liquid's top end there: where
    // the liquid meets the glass, not where the board changes.
    assert!(rim(40).is_some_and(|r| r >= 38), "{:?}", rim(40));
    // Balls are no bands of flat colour: their walls are not followed on.
    let balls = trace(&before_a_ridge(90), 40.0, 127, 17.0, 12, &[]).map(|t| t.inner.rim);
    assert!(balls.is_some_and(|r| r >= 88), "{balls:?}");
}

/// A column's bands: glass over rows 12-30, then four layers of 24 rows
/// down to row 127.
const LAYERS: [(u32, u32); 5] = [(12, 30), (30, 54), (54, 78), (78, 102), (102, 127)];

#[test]
fn walls_that_end_in_the_body_more_than_a_layer_under_the_liquid_are_lost() {
    // Interiors 34 wide from row 127 up to the row the walls ended on.
    let widths = |rim: u32, top_width: f32| vec![(120, 34.0), (100, 34.0), (rim, top_width)];
    // Ended at row 90, in the body and three layers under the liquid's
    // top (row 30): lost.
    assert!(lost_in_the_body(90, &widths(90, 34.0), 17.0, &LAYERS));
    // Ended within a layer of the liquid's top: where the liquid meets the
    // glass, which may be the rim.
    assert!(!lost_in_the_body(50, &widths(50, 34.0), 17.0, &LAYERS));
    // Ended narrower than a neck: at a shoulder, liquid going on up the neck.
    assert!(!lost_in_the_body(90, &widths(90, 16.0), 17.0, &LAYERS));
    // Balls (no bands) and a column of one band tell no liquid's top.
    assert!(!lost_in_the_body(90, &widths(90, 34.0), 17.0, &[]));
    assert!(!lost_in_the_body(90, &widths(90, 34.0), 17.0, &[(30, 127)]));
}

#[test]
fn flasks_whose_walls_were_lost_at_a_hills_edge_are_read_exactly() {
    // Fresh 88697: flasks before a pale sky and a dark hill; two of five
    // traces lost the walls where the hill's edge crosses them, under the
    // liquid, and the template's rim, their median, was the hill's edge:
    // the empty flasks over the hill read as liquid.
    let case = crate::synthetic::water::generate::case(88697);
    let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
    assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
}
