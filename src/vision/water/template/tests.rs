//! The template's tests: the walls it finds, how it tells balls from
//! liquid, the walls beyond narrow balls, and what it leaves out.

use super::*;
use crate::imaging::segment::Region;
use image::{Rgb, RgbImage};

fn band(width: u32, height: u32, area: u32) -> Region {
    Region { area, x0: 0, y0: 0, x1: width, y1: height, color: [0, 0, 0] }
}

/// A board with tubes 30 wide (interior 26) at a pitch of 60, resting
/// on row 150: two of liquid, then what `third` draws at the third.
fn tubes(third: fn(&mut RgbImage, u32)) -> RgbImage {
    let mut img = RgbImage::from_pixel(200, 200, Rgb([40, 40, 50]));
    for (t, x0) in [20u32, 80].into_iter().enumerate() {
        for y in 50..152 {
            for x in x0..x0 + 30 {
                let wall = x < x0 + 2 || x >= x0 + 28 || y >= 150;
                let liquid = if t == 0 { [200, 60, 60] } else { [60, 180, 90] };
                img.put_pixel(
                    x,
                    y,
                    Rgb(if wall {
                        [230, 230, 230]
                    } else if y >= 80 {
                        liquid
                    } else {
                        [40, 40, 50]
                    }),
                );
            }
        }
    }
    third(&mut img, 140);
    img
}

/// The template of [`tubes`]'s two tubes of liquid, reaching 4 rows
/// under their bottom.
fn two_tubes(g: &Gradients) -> Template {
    Template::of(
        g,
        &[(35, 150), (95, 150)],
        Size { reach: 20, height: 102, below: 4, held: 0 },
        Held::Liquid.left_out(20),
    )
}

#[test]
fn a_wall_shows_down_an_empty_vessel_and_not_where_only_its_bottom_is_left() {
    // White outline from row `top` down to the bottom, at x0..x0 + 30.
    fn outline_from(img: &mut RgbImage, x0: u32, top: u32) {
        for y in top..152 {
            for x in x0..x0 + 30 {
                if x < x0 + 2 || x >= x0 + 28 || y >= 150 {
                    img.put_pixel(x, y, Rgb([230, 230, 230]));
                }
            }
        }
    }
    let outline = |img: &mut RgbImage, x0: u32| outline_from(img, x0, 50);
    let bottom_only = |img: &mut RgbImage, x0: u32| outline_from(img, x0, 130);
    for (third, rows) in [(outline as fn(&mut RgbImage, u32), 1.0), (bottom_only, 0.0)] {
        let img = tubes(third);
        let g = Gradients::new(&img);
        let t = two_tubes(&g);
        assert_eq!(t.wall_rows(&g, 155, 150, 8.0), rows);
    }
}

#[test]
fn bands_as_round_as_balls_hold_balls_and_level_layers_liquid() {
    // A disc of diameter 20 covers about 314 of its 400 pixels; its
    // blurred rim leaves about 280.
    let balls = [band(20, 20, 280), band(20, 21, 290), band(19, 20, 270)];
    assert_eq!(Held::of(&balls.iter().collect::<Vec<_>>()), Held::Balls);
    let layers = [band(20, 15, 290), band(20, 15, 300), band(20, 14, 270)];
    assert_eq!(Held::of(&layers.iter().collect::<Vec<_>>()), Held::Liquid);
    // The bottom layer of a bulb fills little of its box, but is flat.
    let bulb = [band(30, 8, 170), band(30, 8, 175), band(30, 9, 190)];
    assert_eq!(Held::of(&bulb.iter().collect::<Vec<_>>()), Held::Liquid);
}

/// A pale board with three tubes of dark balls 10 wide at a pitch of
/// 50, centred on 50, 100 and 150, their balls from row 40 to 100; each
/// tube a white outline 2 wide whose inner edge stands `wall` pixels
/// from the centre.
fn ball_tubes(wall: u32) -> RgbImage {
    let mut img = RgbImage::from_pixel(200, 140, Rgb([235, 225, 228]));
    for cx in [50u32, 100, 150] {
        for y in 30..106 {
            for x in cx - wall - 2..cx + wall + 2 {
                let d = x.abs_diff(cx);
                if d >= wall || y >= 104 {
                    img.put_pixel(x, y, Rgb([255, 255, 255]));
                } else if d < 5 && (40..100).contains(&y) {
                    img.put_pixel(x, y, Rgb([60, 30, 90]));
                }
            }
        }
    }
    img
}

#[test]
fn walls_standing_well_beyond_the_balls_are_found_and_walls_at_them_are_not_looked_for() {
    let columns = [(50, 40, 100), (100, 40, 100), (150, 40, 100)];
    // Walls 12 out from balls 5 wide either side: the edges across
    // stand a pixel either side of each wall's two edges.
    let g = Gradients::new(&ball_tubes(12));
    let (walls, _) = ball_walls(&g, &columns, 5.0).expect("walls beyond the balls");
    assert!((10.0..=12.0).contains(&walls.inner) && (13.0..=15.0).contains(&walls.outer), "{walls:?}");
    // Walls right at the balls: none beyond them.
    let g = Gradients::new(&ball_tubes(6));
    assert_eq!(ball_walls(&g, &columns, 5.0), None);
}

#[test]
fn walls_off_a_column_of_balls_centre_give_the_tubes_axis() {
    // The columns of balls found 3 pixels right of the tubes' axes (a
    // streak drawn over the balls' left side): the walls, 15 out from the
    // axis, stand 12 and 18 out from the column, about as thick, within
    // where walls are looked for (10 to 21 pixels for a half-width of 7).
    let g = Gradients::new(&ball_tubes(15));
    let off = [(53, 40, 100), (103, 40, 100), (153, 40, 100)];
    let (walls, axes) = ball_walls(&g, &off, 7.0).expect("walls off the columns' centres");
    assert!((13.0..=15.0).contains(&walls.inner) && (16.0..=18.0).contains(&walls.outer), "{walls:?}");
    // (`ball_tubes` draws a wall's left side a pixel thicker.)
    assert!(axes.iter().zip([50.0, 100.0, 150.0]).all(|(a, t)| (a - t).abs() <= 0.5), "{axes:?}");
    // Found centred, the axes are the columns'.
    let centred = [(50, 40, 100), (100, 40, 100), (150, 40, 100)];
    assert_eq!(ball_walls(&g, &centred, 7.0).map(|(_, axes)| axes), Some(vec![50.0, 100.0, 150.0]));
}

#[test]
fn a_speck_far_fainter_than_the_wall_the_other_side_is_no_wall() {
    // Tubes whose walls stand 12 out, their right walls painted over with
    // the board, and a line 14 right of each column a shade off the board
    // (5 a channel, where the wall stands 20 out of it): the line stands
    // out of the board between it and the balls, as thick as the wall the
    // other side, but nowhere near as strong.
    let board = Rgb([235, 225, 228]);
    let mut img = ball_tubes(12);
    for cx in [50u32, 100, 150] {
        for y in 0..140 {
            for x in cx + 12..cx + 16 {
                img.put_pixel(x, y, board);
            }
            img.put_pixel(cx + 14, y, Rgb([240, 230, 233]));
        }
    }
    let columns = [(50, 40, 100), (100, 40, 100), (150, 40, 100)];
    assert_eq!(ball_walls(&Gradients::new(&img), &columns, 5.0), None);
}

#[test]
fn a_wall_standing_out_of_grained_glass_at_a_pixel_though_not_widened_by_one_is_found() {
    // Three tubes of dark balls 10 wide at a pitch of 50, a white wall 2
    // wide 12 pixels out either side, and the glass between grained with
    // a paler stripe a pixel wide every third pixel (6 and 9 out): its
    // edges across (20) stand at two pixels of every three, so widened by
    // a pixel either way, as a wall's place is, the grain shows all
    // across and the wall (55) stands under 4 times out of it; at a
    // pixel, the glass shows none.
    let mut img = RgbImage::from_pixel(200, 140, Rgb([200, 200, 200]));
    for cx in [50u32, 100, 150] {
        for y in 30..106 {
            for d in 0..14u32 {
                let v = match d {
                    0..=4 if (40..100).contains(&y) => [60, 30, 90],
                    12.. => [255, 255, 255],
                    6 | 9 => [220, 220, 220],
                    _ => [200, 200, 200],
                };
                img.put_pixel(cx - d, y, Rgb(v));
                img.put_pixel(cx + d, y, Rgb(v));
            }
        }
    }
    let columns = [(50, 40, 100), (100, 40, 100), (150, 40, 100)];
    let (walls, _) = ball_walls(&Gradients::new(&img), &columns, 5.0).expect("walls beyond the grained glass");
    assert_eq!(walls, Walls { inner: 11.0, outer: 14.0 });
}

#[test]
fn a_soft_edge_of_the_board_going_on_past_the_search_is_no_wall() {
    // Walls right at the balls, and beyond each tube a cloud's soft edge
    // either side: the board falls by 12 a column from 13 to 22 pixels
    // out, past where walls are looked for (15, three half-widths) and
    // past where a wall's edges must have fallen off (17).
    let mut img = ball_tubes(6);
    for cx in [50u32, 100, 150] {
        for d in 13..=30u32 {
            let v = (235 - 12 * (d.min(22) - 12)) as u8;
            for y in 0..140 {
                for x in [cx - d, cx + d] {
                    img.put_pixel(x, y, Rgb([v, v, v]));
                }
            }
        }
    }
    let columns = [(50, 40, 100), (100, 40, 100), (150, 40, 100)];
    assert_eq!(ball_walls(&Gradients::new(&img), &columns, 5.0), None);
}

#[test]
fn the_outlines_template_leaves_out_the_layers_boundaries_an_empty_vessel_lacks() {
    // Two tubes of two layers meeting on row 115, and an empty one.
    let mut img = tubes(|img, x0| {
        for y in 50..152 {
            for x in x0..x0 + 30 {
                let wall = x < x0 + 2 || x >= x0 + 28 || y >= 150;
                img.put_pixel(x, y, Rgb(if wall { [230, 230, 230] } else { [40, 40, 50] }));
            }
        }
    });
    for x0 in [20u32, 80] {
        for y in 80..115 {
            for x in x0 + 2..x0 + 28 {
                img.put_pixel(x, y, Rgb([240, 200, 40]));
            }
        }
    }
    let g = Gradients::new(&img);
    let anchors = [(35, 150), (95, 150)];
    let row = Template::of(&g, &anchors, Size { reach: 20, height: 102, below: 4, held: 0 }, Held::Liquid.left_out(20));
    let outline = row.outline(&g, &anchors, Held::Liquid, None);
    let (by_row, by_outline) = (row.shape(&g, 155, 150).0, outline.shape(&g, 155, 150).0);
    assert!(by_outline > by_row + 0.01, "{by_outline} against {by_row}");
}

/// How well the empty vessel at x 140..170 of a board of two full ones
/// and that empty one (drawn by `vessel`, resting on row 150, with a
/// margin of 12 rows under them) matches the outline's template for what
/// the full ones hold (`held`), made with the fullest's content `rows`
/// above the bottom.
fn empty_matches_outline(vessel: impl Fn(&mut RgbImage, u32, bool), held: Held, rows: i64) -> f32 {
    let mut img = RgbImage::from_pixel(200, 200, Rgb([40, 40, 50]));
    for (x0, full) in [(20, true), (80, true), (140, false)] {
        vessel(&mut img, x0, full);
    }
    let g = Gradients::new(&img);
    let anchors = [(35, 150), (95, 150)];
    let size = Size { reach: 20, height: 44, below: 12, held: rows };
    let row = Template::of(&g, &anchors, size, Held::Liquid.left_out(20));
    row.outline(&g, &anchors, held, None).shape(&g, 155, 150).0
}

#[test]
fn a_bowl_full_to_above_the_rims_depth_leaves_its_layers_out_of_the_template() {
    // Short, wide bowls (rows 110-151, walls 2 wide) on a stem-deep margin
    // under them: two full of layers meeting every 8 rows from row 112 up,
    // then an empty one. The rim's depth (twice the 12 rows below) reaches
    // down to row 130, over three of the layers' boundaries.
    let bowl = |img: &mut RgbImage, x0: u32, full: bool| {
        for y in 110..152 {
            for x in x0..x0 + 30 {
                let wall = x < x0 + 2 || x >= x0 + 28 || y >= 150;
                let layer = [[200, 60, 60], [60, 180, 90], [240, 200, 40]][((y - 110) / 8 % 3) as usize];
                let color = if wall {
                    [230, 230, 230]
                } else if full && y >= 112 {
                    layer
                } else {
                    [40, 40, 50]
                };
                img.put_pixel(x, y, Rgb(color));
            }
        }
    };
    let empty_matches = |rows| empty_matches_outline(bowl, Held::Liquid, rows);
    let (with_liquid_held, without) = (empty_matches(38), empty_matches(0));
    assert!(with_liquid_held >= 0.95, "{with_liquid_held}");
    assert!(with_liquid_held > without + 0.1, "{with_liquid_held} against {without}");
}

#[test]
fn balls_filling_tubes_to_above_the_rims_depth_are_left_out_of_the_outlines_template() {
    // Short tubes (rows 110-151, walls 2 wide) on a deep margin under them:
    // two holding three balls 12 wide up to row 111, then an empty one. The
    // rim's depth (twice the 12 rows below) reaches down to row 130, over
    // the top ball.
    let tube = |img: &mut RgbImage, x0: u32, full: bool| {
        let cx = x0 as i64 + 15;
        for y in 110..152 {
            for x in x0..x0 + 30 {
                let wall = x < x0 + 2 || x >= x0 + 28 || y >= 150;
                let ball = [143i64, 130, 117].iter().position(|&by| {
                    let (dx, dy) = (x as i64 - cx, y as i64 - by);
                    dx * dx + dy * dy <= 36
                });
                let color = match (wall, ball) {
                    (true, _) => [230, 230, 230],
                    (false, Some(k)) if full => [[200, 60, 60], [60, 180, 90], [240, 200, 40]][k],
                    _ => [40, 40, 50],
                };
                img.put_pixel(x, y, Rgb(color));
            }
        }
    };
    let empty_matches = |rows| empty_matches_outline(tube, Held::Balls, rows);
    let (with_balls_held, without) = (empty_matches(39), empty_matches(0));
    assert!(with_balls_held >= 0.9, "{with_balls_held}");
    assert!(with_balls_held > without + 0.1, "{with_balls_held} against {without}");
}

#[test]
fn a_boards_edge_far_stronger_than_a_faint_outline_weighs_no_more_than_it_once_clipped() {
    // The third tube an outline far fainter than the two of liquid, in
    // front of a hill whose ridge slants down across the picture's right
    // part, seen through the glass too: a board far lighter under the
    // ridge than the sky above it.
    fn faint_before_a_ridge(img: &mut RgbImage, x0: u32) {
        for y in 0..200 {
            for x in 110..200 {
                if y as f32 >= 100.0 + (x - 110) as f32 * 0.5 {
                    img.put_pixel(x, y, Rgb([230, 230, 250]));
                }
            }
        }
        for y in 50..152 {
            for x in x0..x0 + 30 {
                if x < x0 + 2 || x >= x0 + 28 || y >= 150 {
                    let Rgb(p) = *img.get_pixel(x, y);
                    img.put_pixel(x, y, Rgb(p.map(|c| c.saturating_sub(15))));
                }
            }
        }
    }
    let img = tubes(faint_before_a_ridge);
    let g = Gradients::new(&img);
    let size = Size { reach: 20, height: 102, below: 4, held: 0 };
    let t = Template::of(&g, &[(35, 150), (95, 150)], size, Held::Liquid.left_out(20));
    let (raw, _) = t.shape(&g, 155, 150);
    let clipped = t.clipped_shape(&g, 155, 150);
    assert!(raw < 0.35 && clipped >= 0.5, "raw {raw}, clipped {clipped}");
    // The ridge alone, beyond the tubes, matches no vessel once clipped.
    let beyond = t.clipped_shape(&g, 178, 150);
    assert!(beyond < 0.35, "{beyond}");
}

#[test]
fn a_bottom_searched_from_further_off_than_one_search_reaches_settles_on_the_vessels() {
    // Tubes resting on row 150, a search reaching 4 rows each way, from
    // row 140 (a row's liquid ending 10 rows off the vessels' bottom,
    // as tuning 3301's wine glasses did by 13): the first search stops at
    // its reach, 144; searched again from there, the bottom is found.
    let img = tubes(|_, _| {});
    let g = Gradients::new(&img);
    let t = two_tubes(&g);
    assert_eq!(t.settled_bottom(&g, &[35, 95], 140), 150);
    assert_eq!(t.settled_bottom(&g, &[35, 95], 160), 150);
}

#[test]
fn faint_tubes_a_few_pixels_wider_than_their_balls_show_their_walls_and_their_empty_ones_are_found() {
    // Generated fresh case 80597: tubes of three balls on lined paper,
    // their thin white walls two or three pixels beyond the balls, and
    // two empty tubes at the end of the second row. Against the glass
    // widened by a pixel either way the walls stood 3.0-3.6 times out, in
    // two columns of five, so no walls were taken beyond the balls and the
    // empty tubes, matched by the balls' edges, went unfound.
    super::super::regrid::tests::reads_exactly(80597);
}
