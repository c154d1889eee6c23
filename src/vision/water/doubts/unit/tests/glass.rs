//! The changes in the glass read empty that are the board's, not a
//! liquid's: a board beside the tube that changes too (level, at a slant,
//! or by the same small step), or a change as gradual as no drawn edge.

use super::*;

fn red_under_glass(image: &mut RgbImage) -> Detection {
    for y in 170..200 {
        for x in 12..48 {
            image.put_pixel(x, y, image::Rgb(RED));
        }
    }
    let slots: Vec<Rect> = (0..4).map(|k| Rect { x0: 10, x1: 50, y0: 200 - (k + 1) * 30, y1: 200 - k * 30 }).collect();
    Detection {
        image_width: 100,
        image_height: 240,
        tubes: vec![TubeLayout { outer: Rect { x0: 10, x1: 50, y0: 60, y1: 202 }, slots }],
        samples: vec![vec![Color(RED), Empty, Empty, Empty]],
        locks: vec![None],
        raw: vec![Vec::new()],
        capacity: 0,
        lit: Vec::new(),
        capped: Vec::new(),
    }
}

#[test]
fn a_change_inside_empty_glass_that_the_board_beside_shows_too_is_the_boards() {
    // Clear glass before a horizon (sky above y 125, ground below), red
    // in the bottom slot: the change halfway up a slot read empty is the
    // board's, which the board beside the tube shows too.
    let (sky, ground) = ([120, 170, 220], [90, 70, 40]);
    let mut image = RgbImage::from_fn(100, 240, |_, y| image::Rgb(if y < 125 { sky } else { ground }));
    let detection = red_under_glass(&mut image);
    assert_eq!(change_in_empty(&image, &detection), None);
    assert_eq!(off_grid(&image, &detection), None);
    // With the gap on the right flat, the board just outside the left
    // wall still shows the horizon: the change is the board's.
    let flatten = |image: &mut RgbImage, columns: std::ops::Range<u32>| {
        for y in 0..240 {
            for x in columns.clone() {
                image.put_pixel(x, y, image::Rgb(sky));
            }
        }
    };
    flatten(&mut image, 55..100);
    assert_eq!(change_in_empty(&image, &detection), None);
    // The same change with the board on both sides of the tube flat is a
    // liquid taken for glass, off the grid.
    flatten(&mut image, 0..8);
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
    assert!(matches!(off_grid(&image, &detection), Some(Doubt::OffGrid { tube: 1, .. })));
}

#[test]
fn a_change_inside_empty_glass_where_an_edge_of_the_board_crosses_the_tube_at_a_slant_is_the_boards() {
    // A hill's edge falls steeply across the tube (sky above the line
    // y = 275 - 5x, ground below): sky beside the left wall and ground
    // beside the right one at every height, and the glass changes from
    // one to the other halfway up, off the grid. Red in the bottom slot.
    let (sky, ground) = ([120, 170, 220], [90, 70, 40]);
    let mut image =
        RgbImage::from_fn(100, 240, |x, y| image::Rgb(if (y as i32) < 275 - 5 * x as i32 { sky } else { ground }));
    let detection = red_under_glass(&mut image);
    assert_eq!(change_in_empty(&image, &detection), None);
    assert_eq!(off_grid(&image, &detection), None);
    // With the ground on the right painted sky, no board beside the tube
    // shows the change: a liquid taken for glass.
    for y in 0..240 {
        for x in 50..100 {
            image.put_pixel(x, y, image::Rgb(sky));
        }
    }
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
}

#[test]
fn a_step_in_empty_glass_that_the_board_beside_takes_too_is_the_boards_though_the_two_are_close() {
    // A smooth sky turning violet down the glass, in one step more than a
    // run's (red 53 to 79) but under a colour's spread in ΔE, so the
    // board beside the tube is not "apart" at the two heights; red in the
    // bottom slot. The glass moves as the board does: the board's change.
    let (blue, violet) = ([53, 103, 192], [79, 105, 202]);
    assert!(delta_e(to_lab(blue), to_lab(violet)) < SAME_COLOR_MAX_DELTA_E);
    let mut image = RgbImage::from_fn(100, 240, |_, y| image::Rgb(if y < 125 { blue } else { violet }));
    let detection = red_under_glass(&mut image);
    assert_eq!(change_in_empty(&image, &detection), None);
    assert_eq!(off_grid(&image, &detection), None);
    // The same step in the glass before a flat board is a liquid.
    let mut flat = RgbImage::from_pixel(100, 240, image::Rgb(blue));
    for y in 125..170 {
        for x in 12..48 {
            flat.put_pixel(x, y, image::Rgb(violet));
        }
    }
    let detection = red_under_glass(&mut flat);
    assert_eq!(change_in_empty(&flat, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
}

#[test]
fn a_change_inside_empty_glass_as_gradual_as_a_clouds_soft_edge_is_the_boards_and_on_no_grid() {
    // A flat sky beside the tube; behind its glass a cloud's soft edge,
    // white turning to sky over 14 rows in the middle of a slot (rows
    // 118-132 of the slot 110-140), which the board beside does not show.
    // Red in the bottom slot. No drawn edge is so gradual.
    let (sky, cloud) = ([110, 200, 180], [225, 240, 238]);
    let ramp = |y: u32| -> [u8; 3] {
        let t = (y.clamp(118, 132) - 118) as f32 / 14.0;
        std::array::from_fn(|c| (cloud[c] as f32 + t * (sky[c] as f32 - cloud[c] as f32)).round() as u8)
    };
    let mut image = RgbImage::from_pixel(100, 240, image::Rgb(sky));
    for y in 60..170 {
        for x in 12..48 {
            image.put_pixel(x, y, image::Rgb(ramp(y)));
        }
    }
    let detection = red_under_glass(&mut image);
    assert_eq!(change_in_empty(&image, &detection), None);
    // Nor is it off the grid, though it lies mid-slot.
    assert_eq!(off_grid(&image, &detection), None);
    // The same two colours meeting at an edge there: a liquid taken for
    // glass, off the grid.
    for y in 60..170 {
        for x in 12..48 {
            image.put_pixel(x, y, image::Rgb(if y < 125 { cloud } else { sky }));
        }
    }
    assert_eq!(change_in_empty(&image, &detection), Some(Doubt::ChangeInEmpty { tube: 1 }));
    assert!(matches!(off_grid(&image, &detection), Some(Doubt::OffGrid { tube: 1, .. })));
}
