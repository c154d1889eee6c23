//! The board seen through the glass, on made-up boards: a sky, a hill and a dusk behind tubes of glass tinted white.

use super::*;
use crate::geometry::TubeLayout;
use SlotSample::{Color, Empty};

const SKY: [u8; 3] = [157, 209, 222];
const HILL: [u8; 3] = [124, 60, 87];
const RED: [u8; 3] = [220, 30, 40];

/// `B + 0.3 (G - B)` for a near-white glass `G`.
fn through(board: [u8; 3]) -> [u8; 3] {
    board.map(|c| (f32::from(c) + 0.3 * (240.0 - f32::from(c))).round() as u8)
}

/// Four tubes of three 30-row slots on a sky, the last two with a hill
/// behind the last (from x = 195 on): red full, red under glass, glass over
/// the sky read empty, and glass over the hill read as a liquid.
fn level() -> (RgbImage, Detection) {
    let columns = [
        [RED, RED, RED],
        [RED, through(SKY), through(SKY)],
        [through(SKY), through(SKY), through(SKY)],
        [through(HILL); 3],
    ];
    let samples =
        vec![vec![Color(RED); 3], vec![Color(RED), Empty, Empty], vec![Empty; 3], vec![Color(through(HILL)); 3]];
    drawn(columns, samples, 0)
}

/// Tubes of three 30-row slots drawn with `columns` (bottom first) and
/// `headroom` rows of glass above them, read as `samples`.
fn drawn(columns: [[[u8; 3]; 3]; 4], samples: Vec<Vec<SlotSample>>, headroom: u32) -> (RgbImage, Detection) {
    drawn_over(columns, samples, headroom, HILL)
}

/// As [`drawn`], with `other` behind the last tube instead of the hill.
fn drawn_over(
    columns: [[[u8; 3]; 3]; 4],
    samples: Vec<Vec<SlotSample>>,
    headroom: u32,
    other: [u8; 3],
) -> (RgbImage, Detection) {
    let board = |x: u32| if x >= 195 { other } else { SKY };
    let mut image = RgbImage::from_fn(260, 140, |x, _| image::Rgb(board(x)));
    let mut tubes = Vec::new();
    for (t, column) in columns.iter().enumerate() {
        let x0 = 10 + t as u32 * 65;
        let slots: Vec<Rect> =
            (0..3).map(|k| Rect { x0, x1: x0 + 30, y0: 120 - (k + 1) * 30, y1: 120 - k * 30 }).collect();
        for (slot, &c) in slots.iter().zip(column) {
            for y in slot.y0..slot.y1 {
                for x in slot.x0..slot.x1 {
                    image.put_pixel(x, y, image::Rgb(c));
                }
            }
        }
        for y in 30 - headroom..30 {
            for x in x0..x0 + 30 {
                image.put_pixel(x, y, image::Rgb(through(board(x))));
            }
        }
        tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: 30 - headroom, y1: 120 }, slots });
    }
    let detection = Detection::made_up(&image, tubes, samples, columns.iter().map(|c| c.to_vec()).collect(), 3);
    (image, detection)
}

#[test]
fn glass_over_another_board_is_that_board_seen_through_the_glass() {
    let (image, detection) = level();
    assert_eq!(glass_over_board(&image, &detection), Some((4, 3)));
    let again = board_through_glass_taken_for_liquid(&image, &detection).expect("the glass was read as liquid");
    assert_eq!(again.samples[3], vec![Empty; 3]);
    assert_eq!(again.samples[0], vec![Color(RED); 3]);
}

#[test]
fn a_colour_on_top_of_its_vessels_is_glass_where_a_layer_of_it_below_the_top_shows_the_board() {
    // The top slot of the last tube sampled where its walls show
    // another board (here a colour off the line), the two under it on
    // the line: the walk down from the top stops at the first, the
    // colour, one in all three, shows the board in the others.
    let odd = [200, 200, 50];
    let columns = [[RED; 3], [RED, through(SKY), through(SKY)], [through(SKY); 3], [through(HILL), through(HILL), odd]];
    let samples = vec![
        vec![Color(RED); 3],
        vec![Color(RED), Empty, Empty],
        vec![Empty; 3],
        vec![Color(through(HILL)), Color(through(HILL)), Color(odd)],
    ];
    let (image, detection) = drawn(columns, samples, 0);
    assert_eq!(glass_over_board(&image, &detection), None);
    let one_colour = |t: usize, k: usize| match (t, k) {
        (3, _) => Some(1),
        (0, _) | (1, 0) => Some(0),
        _ => None,
    };
    assert_eq!(colour_over_board(&image, &detection, one_colour), Some((4, 1)));
    // Under another colour in one of its vessels, it is not on top.
    let under_red = |t: usize, k: usize| match (t, k) {
        (3, 2) => Some(0),
        (3, _) => Some(1),
        (0, _) | (1, 0) => Some(0),
        _ => None,
    };
    assert_eq!(colour_over_board(&image, &detection, under_red), None);
}

#[test]
fn glass_over_a_board_a_little_unlike_the_empty_slots_is_that_board_seen_through_it() {
    // A dusk a little darker than the sky: the glass moves the slot
    // only 16 units towards the sky's, and it lies on the line
    // (tuning 4655: 11 units along it, 0.5 off it).
    let dusk = [117, 179, 202];
    let columns = [[RED; 3], [RED, through(SKY), through(SKY)], [through(SKY); 3], [through(dusk); 3]];
    let samples =
        vec![vec![Color(RED); 3], vec![Color(RED), Empty, Empty], vec![Empty; 3], vec![Color(through(dusk)); 3]];
    let (image, detection) = drawn_over(columns, samples, 0, dusk);
    assert_eq!(glass_over_board(&image, &detection), Some((4, 3)));
}

#[test]
fn the_glass_above_the_liquid_shows_the_tint_where_few_slots_are_read_empty() {
    // Two slots read empty, of one tube, too few to know the glass by;
    // the glass above every tube's liquid shows it over the sky.
    let columns = [[RED; 3], [RED, through(SKY), through(SKY)], [RED; 3], [through(HILL); 3]];
    let samples =
        vec![vec![Color(RED); 3], vec![Color(RED), Empty, Empty], vec![Color(RED); 3], vec![Color(through(HILL)); 3]];
    let (image, detection) = drawn(columns, samples.clone(), 0);
    assert_eq!(glass_over_board(&image, &detection), None);
    let (image, detection) = drawn(columns, samples, 20);
    assert_eq!(glass_over_board(&image, &detection), Some((4, 3)));
}

#[test]
fn two_tubes_each_with_one_slot_read_empty_show_the_tint() {
    // A stray highlight is one tube's; two tubes' glass alike is the
    // game's.
    let columns = [[RED; 3], [RED, RED, through(SKY)], [RED, RED, through(SKY)], [through(HILL); 3]];
    let samples = vec![
        vec![Color(RED); 3],
        vec![Color(RED), Color(RED), Empty],
        vec![Color(RED), Color(RED), Empty],
        vec![Color(through(HILL)); 3],
    ];
    let (image, detection) = drawn(columns, samples, 0);
    assert_eq!(glass_over_board(&image, &detection), Some((4, 3)));
}

#[test]
fn a_slot_over_a_darker_patch_than_the_board_beside_it_still_shows_the_board_through_the_glass() {
    // The glass shifts the sky by (25, 9, 5). A slot 0.19 of the way
    // along the line from the hill beside it gives a glass whiter than
    // white; it is the hill behind the glass a little darker than the
    // patch sampled beside, and on the line at the least share a glass
    // allows (0.20).
    let along = |share: f32| {
        let shift = [25.0, 9.0, 5.0];
        [0, 1, 2].map(|i| {
            let (hill, sky) = (f32::from(HILL[i]), f32::from(SKY[i]));
            (hill + shift[i] + share * (sky - hill)).round() as u8
        })
    };
    let columns = |c: [u8; 3]| [[RED; 3], [RED, through(SKY), through(SKY)], [through(SKY); 3], [c; 3]];
    let samples =
        |c: [u8; 3]| vec![vec![Color(RED); 3], vec![Color(RED), Empty, Empty], vec![Empty; 3], vec![Color(c); 3]];
    let (image, detection) = drawn(columns(along(0.19)), samples(along(0.19)), 0);
    assert_eq!(glass_over_board(&image, &detection), Some((4, 3)));
    // Half that share: 20 units off the line at the least share, a
    // liquid.
    let (image, detection) = drawn(columns(along(0.1)), samples(along(0.1)), 0);
    assert_eq!(glass_over_board(&image, &detection), None);
}

#[test]
fn a_slot_just_short_of_its_board_plus_the_shift_is_taken_at_the_least_share_not_refused() {
    // The glass shifts the sky by (25, 9, 5), so it lets through at most
    // 0.80 of the board (a least share of 0.20). Another board 20 units
    // darker in each channel, seen through it: a slot a twentieth of
    // the change short of that board plus the shift (noise puts a
    // slot there as often as just past it) lies 8.8 units off the line
    // at the least share, inside the tolerance; a fifth short, 14 off.
    let tint = Tint { board: [157.0, 209.0, 222.0], shift: [25.0, 9.0, 5.0] };
    let board = [137.0, 189.0, 202.0];
    assert!(tint.shows([161, 197, 206], board));
    assert!(!tint.shows([158, 194, 203], board));
}

#[test]
fn a_liquid_off_the_glass_line_over_another_board_stays_liquid() {
    let (image, mut detection) = level();
    // Pink: lighter than the hill, but not towards the glass.
    let pink = [230, 120, 160];
    detection.raw[3] = vec![pink; 3];
    detection.samples[3] = vec![Color(pink); 3];
    assert_eq!(glass_over_board(&image, &detection), None);
    // Nor is anything doubted where the glass does not tint the board.
    let (image, mut detection) = level();
    detection.raw[1] = vec![RED, SKY, SKY];
    detection.raw[2] = vec![SKY; 3];
    assert_eq!(glass_over_board(&image, &detection), None);
}

#[test]
fn where_the_board_is_one_colour_a_liquid_of_any_colour_stays_liquid() {
    // The colour the glass gives the hill, as a liquid before the sky.
    let (mut image, detection) = level();
    for pixel in image.pixels_mut().filter(|p| p.0 == HILL) {
        pixel.0 = SKY;
    }
    assert_eq!(glass_over_board(&image, &detection), None);
}
