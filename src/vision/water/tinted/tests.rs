//! The tinted-glass readings' tests on made-up tubes: glass above the
//! liquid, glass filling whole tubes or heaped on their tops, and liquid
//! the board's colour.

use super::*;
use crate::geometry::{Rect, TubeLayout};
use SlotSample::{Color, Empty, Hidden};

const BOARD: [u8; 3] = [90, 30, 30];
const GLASS: [u8; 3] = [120, 80, 75];
const RED: [u8; 3] = [200, 30, 30];
const BLUE: [u8; 3] = [30, 60, 210];

/// Three tubes of three 30-row slots under 20 rows of headroom, their
/// glass tinted unlike the board: red under glass, blue full, and one
/// of glass alone; every slot read as a liquid.
fn tinted_level() -> (RgbImage, Detection) {
    let mut image = RgbImage::from_pixel(200, 160, image::Rgb(BOARD));
    let columns = [[RED, RED, GLASS], [BLUE, BLUE, BLUE], [GLASS, GLASS, GLASS]];
    let mut tubes = Vec::new();
    for (t, column) in columns.iter().enumerate() {
        let tube = TubeLayout::made_up(t, 30);
        for y in 30..140 {
            let colour = tube.slots.iter().position(|s| (s.y0..s.y1).contains(&y)).map_or(GLASS, |k| column[k]);
            for x in tube.outer.x0..tube.outer.x1 {
                image.put_pixel(x, y, image::Rgb(colour));
            }
        }
        tubes.push(tube);
    }
    let detection = read_as_liquids(&image, tubes, &columns);
    (image, detection)
}

/// A detection of `tubes` with every slot read as the liquid `columns`
/// gives it (bottom first), in three-slot tubes.
fn read_as_liquids(image: &RgbImage, tubes: Vec<TubeLayout>, columns: &[[[u8; 3]; 3]]) -> Detection {
    let samples = columns.iter().map(|c| c.iter().map(|&c| Color(c)).collect()).collect();
    Detection::made_up(image, tubes, samples, columns.iter().map(|c| c.to_vec()).collect(), 3)
}

/// Tubes of three 30-row slots side by side, each column (bottom first)
/// read as liquids; only the layout's tubes matter, the picture is
/// [`tinted_level`]'s.
fn full_tubes(columns: &[[[u8; 3]; 3]]) -> Detection {
    let (image, _) = tinted_level();
    read_as_liquids(&image, (0..columns.len()).map(|t| TubeLayout::made_up(t, 30)).collect(), columns)
}

#[test]
fn one_colour_alone_in_whole_tubes_in_more_slots_than_a_colour_has_is_the_glass() {
    // Tuning 4375's shape: tubes full to the top, two of the tinted
    // glass alone.
    let level = full_tubes;
    let [r, b, g] = [RED, BLUE, GLASS];
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]])), Some(GLASS));
    // Tubes full of hidden cells under a liquid are full too (tuning
    // 4373: three tubes of grey glass beside five of hidden layers).
    let mut hidden = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]]);
    hidden.samples[0] = vec![Hidden, Hidden, Color(r)];
    assert_eq!(glass_filling_whole_tubes(&hidden), Some(GLASS));
    // One such tube may be a colour sorted, the empty tubes missed
    // (tuning 8602).
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, b, r], [b, r, b], [g, g, g]])), None);
    // A tube read wholly empty shows the glass: one tube of one colour is
    // left, which may be a colour sorted.
    let mut open = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]]);
    open.samples[3] = vec![Empty; 3];
    assert_eq!(glass_filling_whole_tubes(&open), None);
    // The top slot of one read empty (tuning 2744): five slots of one
    // colour, more than a colour has layers.
    let mut lit = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]]);
    lit.samples[3][2] = Empty;
    assert_eq!(glass_filling_whole_tubes(&lit), Some(GLASS));
    // A tube of one liquid's single layer under empty slots is whole
    // too, of another colour (fresh 81391: one ball in a tube beside two
    // empty tubes over a dark board read as its grey).
    let mut ball = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g], [b, r, b]]);
    (ball.samples[4][1], ball.samples[4][2]) = (Empty, Empty);
    assert_eq!(glass_filling_whole_tubes(&ball), Some(GLASS));
    // Two tubes partly filled with it hold no more than a colour has
    // layers: they may be one liquid.
    let mut part = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]]);
    (part.samples[2][2], part.samples[3][1], part.samples[3][2]) = (Empty, Empty, Empty);
    assert_eq!(glass_filling_whole_tubes(&part), None);
    // Liquid over a slot read empty is no tube of liquid under its
    // headroom.
    let mut over = level(&[[r, b, r], [b, r, b], [g, g, g], [g, g, g]]);
    over.samples[3][1] = Empty;
    assert_eq!(glass_filling_whole_tubes(&over), None);
    // The colour stands in another tube under a liquid: a liquid.
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, g, b], [b, r, b], [g, g, g], [g, g, g]])), None);
    // On top of another tube's liquid, alone or over more of it, it may
    // be the glass over it (fresh 89753: wine glasses on a textured board,
    // the glass over one's red layer like that of two empty ones).
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, b, g], [b, r, b], [g, g, g], [g, g, g]])), Some(GLASS));
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, g, g], [b, r, b], [g, g, g], [g, g, g]])), Some(GLASS));
    // Whole tubes of two colours: not one glass.
    assert_eq!(glass_filling_whole_tubes(&level(&[[r, b, r], [b, r, b], [g, g, g], [r, r, r]])), None);
    // Every tube of one colour: no level to read.
    assert_eq!(glass_filling_whole_tubes(&level(&[[g, g, g], [g, g, g]])), None);
}

#[test]
fn empty_bulbs_read_full_of_the_board_through_their_glass_but_a_lit_top_are_glass() {
    // Generated tuning case 2744: bulbs on a textured teal board, the two
    // empty ones read full of the pale teal their glass makes of it, but
    // for one's lit top slot read empty. Seven slots of one colour in
    // tubes of four are no liquid.
    crate::vision::water::regrid::tests::reads_exactly(2744);
}

#[test]
fn empty_wine_glasses_read_full_of_a_textured_boards_shade_beside_a_glass_of_one_layer_are_glass() {
    // Generated fresh case 89753: wine glasses on a textured purple
    // board, full to the rim (so no headroom shows the glass), two empty
    // ones read as eight slots of the glass's shade and a third as three
    // over its one red layer; read on the grid a slot shorter than the
    // rim's.
    crate::vision::water::regrid::tests::reads_exactly(89753);
}

#[test]
fn empty_ball_tubes_read_full_of_a_dark_boards_grey_beside_a_tube_of_one_ball_are_glass() {
    // Generated fresh case 81391: ball tubes over a dark textured hill,
    // two empty ones read as eight slots of its grey, beside a tube of
    // one ball.
    crate::vision::water::regrid::tests::reads_exactly(81391);
}

#[test]
fn every_tube_full_and_the_board_seen_through_clear_glass_on_their_tops_is_the_glass() {
    // Fresh 81164's shape: tubes full to the rim, the one empty tube read
    // full of the board lightened by a quarter of white in every channel.
    let (image, _) = tinted_level();
    let level = full_tubes;
    let [r, b] = [RED, BLUE];
    let clear = BOARD.map(|c| c + ((255 - c) as f32 * 0.25) as u8);
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, r], [b, r, b], [clear; 3]])), Some(clear));
    // It may stand on top of another tube's liquid too: glass over it.
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, clear], [b, r, b], [clear; 3]])), Some(clear));
    // Under another tube's liquid it is a liquid.
    assert_eq!(glass_through_on_tops(&image, &level(&[[clear, b, r], [b, r, b], [clear; 3]])), None);
    // A sorted liquid whose colour is not the board lightened (tuning
    // 8602: the empty tubes missed) is no glass: pink, or the board
    // lightened more in red than in green and blue.
    let pink = [230, 150, 170];
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, r], [b, r, b], [pink; 3]])), None);
    let warmer = [clear[0] + 30, clear[1], clear[2]];
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, r], [b, r, b], [warmer; 3]])), None);
    // Over a liquid in the tube it mostly fills (fresh 88213's empty
    // tube, one layer at its bottom).
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, r], [b, r, b], [r, clear, clear]])), Some(clear));
    // The longest run on top is a liquid: no glass, though the board
    // lightened stands on another tube's top.
    assert_eq!(glass_through_on_tops(&image, &level(&[[r, b, clear], [b, b, b], [r, r, r]])), None);
    // A tube read empty: the reading was not every tube full.
    let mut open = level(&[[r, b, r], [b, r, b], [clear; 3]]);
    open.samples[0][2] = Empty;
    assert_eq!(glass_through_on_tops(&image, &open), None);
}

#[test]
fn every_tube_full_and_one_colour_heaped_on_the_tops_past_the_capacity_is_the_glass() {
    // Tuning 9097's shape: the glass over tubes filled to a layer or
    // two under the rim, four slots of it where a colour has three.
    let level = full_tubes;
    let [r, b, g] = [RED, BLUE, GLASS];
    assert_eq!(glass_heaped_on_tops(&level(&[[r, b, r], [b, r, g], [r, g, g], [b, g, g]])), Some(GLASS));
    // As many slots as a colour has layers: it may be a liquid.
    assert_eq!(glass_heaped_on_tops(&level(&[[r, b, r], [b, r, g], [r, b, g], [b, r, g]])), None);
    // The colour under another one too: a liquid (or two).
    assert_eq!(glass_heaped_on_tops(&level(&[[r, g, r], [b, r, g], [r, g, g], [b, g, g]])), None);
    // A slot read empty: the reading was not every tube full.
    let mut open = level(&[[r, b, r], [b, r, g], [r, g, g], [b, g, g]]);
    open.samples[0][2] = Empty;
    assert_eq!(glass_heaped_on_tops(&open), None);
}

#[test]
fn slots_on_top_that_look_like_the_glass_above_the_liquid_are_empty() {
    let (image, detection) = tinted_level();
    let glassy = glass_taken_for_liquid(&image, &detection, None).expect("the glass was read as a liquid");
    assert_eq!(glassy.samples[0], vec![Color(RED), Color(RED), Empty]);
    assert_eq!(glassy.samples[1], vec![Color(BLUE); 3]);
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
}

/// Four tubes of three 30-row slots full to the top, their glass tinted
/// unlike the board: three of balls (a disc of `radius` in each slot;
/// one larger than the slot fills it like a liquid), one empty; every
/// slot read as a liquid.
fn ball_level(radius: f32) -> (RgbImage, Detection) {
    let mut image = RgbImage::from_pixel(260, 140, image::Rgb(BOARD));
    let balls = [[RED, BLUE, RED], [BLUE, RED, BLUE], [RED, BLUE, RED], [GLASS, GLASS, GLASS]];
    let mut tubes = Vec::new();
    for (t, column) in balls.iter().enumerate() {
        let x0 = 20 + t as u32 * 60;
        let slots: Vec<Rect> =
            (0..3).map(|k| Rect { x0, x1: x0 + 30, y0: 120 - (k + 1) * 30, y1: 120 - k * 30 }).collect();
        for (slot, &ball) in slots.iter().zip(column) {
            for y in slot.y0..slot.y1 {
                for x in slot.x0..slot.x1 {
                    let (dx, dy) = (x as f32 - (x0 + 15) as f32 + 0.5, y as f32 - (slot.y0 + 15) as f32 + 0.5);
                    let inside = dx.hypot(dy) <= radius;
                    image.put_pixel(x, y, image::Rgb(if inside { ball } else { GLASS }));
                }
            }
        }
        tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: 30, y1: 120 }, slots });
    }
    let detection = read_as_liquids(&image, tubes, &balls);
    (image, detection)
}

#[test]
fn balls_leave_their_slots_corners_to_the_glass_and_liquids_do_not() {
    let (image, detection) = ball_level(12.0);
    assert_eq!(glass_beside_balls(&image, &detection), Some(GLASS));
    let glassy = glass_taken_for_liquid(&image, &detection, None).expect("the empty tube was read as a liquid");
    assert_eq!(glassy.samples[3], vec![Empty; 3]);
    assert_eq!(glassy.samples[0], vec![Color(RED), Color(BLUE), Color(RED)]);
    // Liquids fill their slots' corners with their own colours.
    let (image, detection) = ball_level(30.0);
    assert_eq!(glass_beside_balls(&image, &detection), None);
}

#[test]
fn glass_under_a_liquid_stays_what_it_was_read_as() {
    // Empty glass never stands under a liquid: a slot like the glass
    // with blue above it is left for the checks to judge.
    let (image, mut detection) = tinted_level();
    detection.samples[2] = vec![Color(GLASS), Color(BLUE), Color(GLASS)];
    detection.raw[2] = vec![GLASS, BLUE, GLASS];
    let glassy = glass_taken_for_liquid(&image, &detection, None).expect("the top slot is glass");
    assert_eq!(glassy.samples[2], vec![Color(GLASS), Color(BLUE), Empty]);
}

/// Four tubes of three 30-row slots, the top slot's rows 36..66: a
/// 3-row rim, then `band` (one per tube) down to row 43, then the
/// tube's liquid; the last tube of glass from the rim down. Every slot
/// read as a liquid. The headroom above the top slot (6 rows) is too
/// thin for [`glass_above`].
fn thin_headroom_level(bands: [[u8; 3]; 4]) -> (RgbImage, Detection) {
    let mut image = RgbImage::from_pixel(260, 140, image::Rgb(BOARD));
    let columns = [[RED, RED, RED], [BLUE, BLUE, BLUE], [RED, BLUE, RED], [GLASS, GLASS, GLASS]];
    let mut tubes = Vec::new();
    for (t, column) in columns.iter().enumerate() {
        let x0 = 20 + t as u32 * 60;
        let slots: Vec<Rect> =
            (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 126 - (k + 1) * 30, y1: 126 - k * 30 }).collect();
        for y in 30..126 {
            let colour = match y {
                30..33 => [250, 250, 250],
                33..43 => bands[t],
                _ => column[slots.iter().position(|s| (s.y0..s.y1).contains(&y)).unwrap_or(2)],
            };
            for x in x0..x0 + 40 {
                image.put_pixel(x, y, image::Rgb(colour));
            }
        }
        tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: 30, y1: 126 }, slots });
    }
    let detection = read_as_liquids(&image, tubes, &columns);
    (image, detection)
}

#[test]
fn glass_in_a_thin_headroom_that_every_tube_shows_is_the_glass() {
    let (image, detection) = thin_headroom_level([GLASS; 4]);
    assert!(glass_above(&image, &detection.tubes).is_empty());
    assert_eq!(glass_in_thin_headroom(&image, &detection), Some(GLASS));
    let glassy = glass_taken_for_liquid(&image, &detection, None).expect("the empty tube was read as a liquid");
    assert_eq!(glassy.samples[3], vec![Empty; 3]);
    assert_eq!(glassy.samples[0], vec![Color(RED); 3]);
    // Bands that differ tube by tube (each liquid's lit surface) are
    // no glass.
    let (image, detection) = thin_headroom_level([[250, 120, 120], [120, 150, 250], [250, 120, 120], GLASS]);
    assert_eq!(glass_in_thin_headroom(&image, &detection), None);
    // Nor is a band too thin to be more than a surface.
    let (mut image, detection) = thin_headroom_level([GLASS; 4]);
    for t in 0..4 {
        for y in 33..40 {
            for x in 20 + t * 60..60 + t * 60 {
                image.put_pixel(x, y, image::Rgb([250, 250, 250]));
            }
        }
    }
    assert_eq!(glass_in_thin_headroom(&image, &detection), None);
}

#[test]
fn a_slot_read_empty_on_top_of_the_liquid_and_unlike_the_glass_is_liquid() {
    // The board is dark, the glass a lighter grey, and a navy liquid
    // close to the board (tuning case 1056): the red tube's top layer,
    // navy, was read empty; the blue tube has glass above its liquid.
    let (navy, grey) = ([0, 66, 90], [78, 87, 86]);
    let (_, mut detection) = tinted_level();
    detection.raw = vec![vec![RED, RED, navy], vec![BLUE, grey, grey], vec![grey; 3]];
    detection.samples = vec![vec![Color(RED), Color(RED), Empty], vec![Color(BLUE), Empty, Empty], vec![Empty; 3]];
    let liquid = liquid_taken_for_glass(&detection).expect("the navy layer was read empty");
    assert_eq!(liquid.samples[0], vec![Color(RED), Color(RED), Color(navy)]);
    // Glass above the liquid that looks like the empty tube's stays.
    assert_eq!(liquid.samples[1], vec![Color(BLUE), Empty, Empty]);
    // With no tube read wholly empty, the glass is not seen.
    detection.samples[2] = vec![Color(BLUE), Empty, Empty];
    detection.raw[2] = vec![BLUE, grey, grey];
    assert!(liquid_taken_for_glass(&detection).is_none());
}

#[test]
fn liquid_is_taken_back_from_the_glass_only_over_the_empty_tubes_board() {
    // The navy level above: the red tube's top layer, navy, read empty
    // over the board the empty tube stands on, is taken back.
    let (navy, grey) = ([0, 66, 90], [78, 87, 86]);
    let (mut image, mut detection) = tinted_level();
    detection.raw = vec![vec![RED, RED, navy], vec![BLUE, BLUE, BLUE], vec![grey; 3]];
    detection.samples = vec![vec![Color(RED), Color(RED), Empty], vec![Color(BLUE); 3], vec![Empty; 3]];
    let liquid = liquid_taken_for_glass_over_its_board(&image, &detection).expect("the navy layer was read empty");
    assert_eq!(liquid.samples[0], vec![Color(RED), Color(RED), Color(navy)]);
    // Where the board beside that slot is another (a sky behind it), the
    // empty tube does not show what the glass looks like there.
    let top = detection.tubes[0].slots[2];
    for (x, y) in (top.x1..detection.tubes[1].outer.x0).flat_map(|x| (top.y0..top.y1).map(move |y| (x, y))) {
        image.put_pixel(x, y, image::Rgb([150, 200, 230]));
    }
    assert!(liquid_taken_for_glass(&detection).is_some());
    assert!(liquid_taken_for_glass_over_its_board(&image, &detection).is_none());
}

#[test]
fn the_glass_of_tubes_read_wholly_empty_is_their_slots_median_when_they_agree() {
    let read = |samples: Vec<Vec<SlotSample>>, raw: Vec<Vec<[u8; 3]>>| {
        let image = RgbImage::from_pixel(10, 10, image::Rgb(BOARD));
        let tubes = (0..samples.len()).map(|t| TubeLayout::made_up(t, 30)).collect();
        glass_of_empty_tubes(&Detection::made_up(&image, tubes, samples, raw, 3))
    };
    let lighter = [128, 86, 80];
    let level =
        |empty: [u8; 3]| (vec![vec![Color(RED); 3], vec![Empty; 3]], vec![vec![RED; 3], vec![GLASS, GLASS, empty]]);
    let (samples, raw) = level(lighter);
    assert_eq!(read(samples, raw), Some(GLASS));
    // An empty tube's slots beyond one colour's spread show no one glass.
    let (samples, raw) = level(BLUE);
    assert_eq!(read(samples, raw), None);
    // Nor does a level with no tube read wholly empty.
    assert_eq!(read(vec![vec![Color(RED), Empty, Empty]], vec![vec![RED, GLASS, GLASS]]), None);
}

#[test]
fn glass_over_a_liquid_like_the_empty_tubes_glass_is_empty_where_the_board_beside_it_differs() {
    // Fresh 89759: wine glasses on a cloudy purple board. One empty glass
    // read wholly empty; the same glass over another's bottom layer read
    // as a liquid, the board beside it darker, and no headroom showed the
    // glass above any liquid (the grid's top is the rim).
    crate::vision::water::regrid::tests::reads_exactly(89759);
}
