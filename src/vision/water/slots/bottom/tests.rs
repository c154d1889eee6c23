//! The row's liquid bottom's tests on made-up vessels: a layer left out
//! under the bottom found, and the outline's stroke, which is none.

use image::RgbImage;

use super::super::{RunFloor, vessel_profile};
use super::lower_to_liquid_bottom;
use crate::geometry::Rect;
use crate::vision::water::vessels::{Seen, Vessel};

const BOARD: [u8; 3] = [30, 30, 30];
const RED: [u8; 3] = [200, 40, 40];
const GREEN: [u8; 3] = [40, 200, 40];
const BLUE: [u8; 3] = [40, 40, 200];
const YELLOW: [u8; 3] = [220, 200, 40];

/// Three vessels 40 columns wide on a dark board, each of five layers 10
/// rows tall from row 100 down to 150 (top first, `layers`), over
/// `under` (rows from 150, its colour) and the board; each measured as if
/// its liquid rested on row `bottom`.
fn row_of_three(layers: [[[u8; 3]; 5]; 3], under: &[(u32, [u8; 3])], bottom: u32) -> (RgbImage, Vec<Vessel>) {
    let mut img = RgbImage::from_pixel(200, 200, image::Rgb(BOARD));
    let mut vessels = Vec::new();
    for (i, colours) in layers.iter().enumerate() {
        let x0 = 10 + 60 * i as u32;
        let mut y = 100;
        let bands = colours.iter().map(|&c| (10, c)).chain(under.iter().copied());
        for (rows, colour) in bands {
            for yy in y..y + rows {
                for x in x0..x0 + 40 {
                    img.put_pixel(x, yy, image::Rgb(colour));
                }
            }
            y += rows;
        }
        vessels.push(Vessel {
            outer: Rect { x0, y0: 96, x1: x0 + 40, y1: bottom + 4 },
            bottom,
            top: 100,
            half_width: 20.0,
            seen: Seen::Column,
            band_height: 10.0,
        });
    }
    (img, vessels)
}

/// The profiles of `vessels` after the rows' bottoms are lowered.
fn lowered(img: &RgbImage, vessels: &[Vessel]) -> Vec<super::Profile> {
    let outlines: Vec<Rect> = vessels.iter().map(|v| v.outer).collect();
    let mut profiles: Vec<_> = vessels.iter().map(|v| vessel_profile(img, v, &outlines, RunFloor::Width)).collect();
    lower_to_liquid_bottom(img, vessels, &mut profiles, &outlines);
    profiles
}

#[test]
fn the_layer_left_out_under_the_bottom_found_moves_the_rows_bottom_down() {
    // Each vessel's bottom layer half left out (the finder's bottom on
    // row 145 of 150), a white stroke under the liquid, then the board:
    // the row's bottom moves down to the stroke, and the bottom layer of
    // each is one run again.
    let layers = [[RED, GREEN, YELLOW, RED, BLUE], [BLUE, RED, GREEN, BLUE, YELLOW], [GREEN, YELLOW, BLUE, GREEN, RED]];
    let (img, vessels) = row_of_three(layers, &[(3, [250, 250, 250])], 145);
    for p in lowered(&img, &vessels) {
        assert_eq!(p.bottom, 150, "{p:?}");
        let last = p.runs.last().unwrap();
        assert_eq!((last.y0, last.y1), (140, 150), "{p:?}");
    }
    // A layer wholly left out under a bottom on row 140 is one of its own.
    let (img, vessels) = row_of_three(layers, &[(3, [250, 250, 250])], 140);
    for p in lowered(&img, &vessels) {
        assert_eq!(p.bottom, 150, "{p:?}");
        assert_eq!(p.runs.iter().filter(|r| r.y0 >= 130).count(), 2, "{p:?}");
    }
}

#[test]
fn the_outlines_stroke_under_every_vessel_is_no_layer_however_like_a_liquid() {
    // A thick yellow stroke under each vessel's liquid, as yellow as a
    // liquid of the level, under the right bottom: one colour under every
    // vessel, it stays under the bottom.
    let layers = [[RED, GREEN, YELLOW, RED, BLUE], [BLUE, RED, GREEN, BLUE, YELLOW], [GREEN, YELLOW, BLUE, GREEN, RED]];
    let (img, vessels) = row_of_three(layers, &[(6, YELLOW)], 150);
    for p in lowered(&img, &vessels) {
        assert_eq!(p.bottom, 150, "{p:?}");
    }
}

#[test]
fn bulbs_whose_bottom_layer_the_finder_left_out_read_exactly() {
    // Tuning 94: bulbs of six layers of 4 rows, read enlarged twice; the
    // finder put the second row's bottom 2 rows into the layer over a
    // lime sliver of 3, and the capacity was read as five.
    crate::vision::water::regrid::tests::reads_exactly(94);
}
