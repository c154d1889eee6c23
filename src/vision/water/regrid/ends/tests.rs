//! The checks on what the slots at the tubes' ends show, on made-up
//! readings laid out in rows, and on the generated case that needed one.

use super::{in_every_bottom_alone, in_every_bottom_alone_by_row, in_every_top_alone, in_every_top_alone_by_row};
use crate::geometry::{Rect, SlotSample, TubeLayout};
use crate::vision::water::Detection;
use SlotSample::{Color, Empty};

const RED: [u8; 3] = [200, 30, 30];
const BLUE: [u8; 3] = [30, 60, 210];
/// The vessel's bottom seen through its glass over the board of the upper
/// row (pale green) and of the lower one (grey).
const UPPER: [u8; 3] = [160, 200, 170];
const LOWER: [u8; 3] = [120, 120, 140];

/// A detection of `rows` of open tubes read as their slots' colours
/// (bottom first; `None` read empty), three slots each, each row a
/// tube's height below the last.
fn rows_read(rows: &[Vec<Vec<Option<[u8; 3]>>>]) -> Detection {
    let (mut tubes, mut samples, mut raw) = (Vec::new(), Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        for (t, slots) in row.iter().enumerate() {
            let (x0, bottom) = (20 + 60 * t as u32, 140 + 200 * r as u32);
            let rects =
                (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: bottom - 30 * (k + 1), y1: bottom - 30 * k }).collect();
            tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: bottom - 100, y1: bottom }, slots: rects });
            samples.push(slots.iter().map(|s| s.map_or(Empty, Color)).collect());
            raw.push(slots.iter().map(|s| s.unwrap_or([230, 230, 230])).collect());
        }
    }
    Detection {
        image_width: 400,
        image_height: 400,
        locks: vec![None; tubes.len()],
        tubes,
        samples,
        raw,
        capacity: 2,
        lit: Vec::new(),
        capped: Vec::new(),
    }
}

#[test]
fn the_vessels_bottom_seen_over_each_rows_own_board_is_one_colour_a_row() {
    let upper = vec![
        vec![Some(UPPER), Some(RED), Some(BLUE)],
        vec![Some(UPPER), Some(BLUE), Some(RED)],
        vec![Some(UPPER), None, None],
    ];
    let lower =
        vec![vec![Some(LOWER), Some(RED), None], vec![Some(LOWER), Some(BLUE), None], vec![Some(LOWER), None, None]];
    let detection = rows_read(&[upper.clone(), lower.clone()]);
    // The bottoms of the two rows are two colours, so not one on every
    // tube; one a row, and nowhere else.
    assert!(!in_every_bottom_alone(&detection));
    assert!(in_every_bottom_alone_by_row(&detection));
    // A row's bottom colour in another slot may be a liquid.
    let mut liquid = lower.clone();
    liquid[0][1] = Some(UPPER);
    assert!(!in_every_bottom_alone_by_row(&rows_read(&[upper.clone(), liquid])));
    // A row whose bottoms are not one colour says nothing.
    let mut unlike = lower.clone();
    unlike[2][0] = Some(RED);
    assert!(!in_every_bottom_alone_by_row(&rows_read(&[upper.clone(), unlike])));
    // One row alone is the check on every tube's bottom.
    assert!(!in_every_bottom_alone_by_row(&rows_read(&[upper])));
}

#[test]
fn wine_glasses_whose_outline_under_the_bowl_shows_each_rows_board_are_read_a_layer_up() {
    // Generated tuning case 5580: wine glasses of three 12.6-row layers
    // on a gradient (a 360x807 picture), their outline under the round
    // bowl read as a slot under every glass's liquid, pale green in the
    // upper row and grey in the lower; the counts failed on five slots.
    super::super::tests::reads_exactly(5580);
}

#[test]
fn tinted_headroom_seen_over_each_rows_own_board_is_one_colour_a_row_on_top() {
    // Full tubes' tops show the glass over each row's board; a tube
    // holding less, and the empty ones, read it empty.
    let upper = vec![
        vec![Some(RED), Some(BLUE), Some(UPPER)],
        vec![Some(BLUE), Some(RED), Some(UPPER)],
        vec![Some(RED), None, None],
    ];
    let lower = vec![
        vec![Some(RED), Some(BLUE), Some(LOWER)],
        vec![Some(BLUE), Some(RED), Some(LOWER)],
        vec![None, None, None],
    ];
    let detection = rows_read(&[upper.clone(), lower.clone()]);
    // Two colours, and a tube's top read empty: not one on every tube.
    assert!(!in_every_top_alone(&detection));
    assert!(in_every_top_alone_by_row(&detection));
    // A row's top colour lower in one of its tubes may be a liquid.
    let mut liquid = lower.clone();
    liquid[1][0] = Some(LOWER);
    assert!(!in_every_top_alone_by_row(&rows_read(&[upper.clone(), liquid])));
    // A row whose tops are not one colour says nothing.
    let mut unlike = lower.clone();
    unlike[1][2] = Some(RED);
    assert!(!in_every_top_alone_by_row(&rows_read(&[upper.clone(), unlike])));
    // Nor does a row where one tube alone shows a colour on top.
    let mut alone = lower.clone();
    alone[1][2] = None;
    assert!(!in_every_top_alone_by_row(&rows_read(&[upper, alone])));
}

#[test]
fn wine_glasses_whose_headroom_shows_each_rows_board_are_read_a_layer_shorter() {
    // Generated tuning case 3986: wine glasses of five 6.7-px layers on a
    // gradient (a 360x811 picture), under tinted headroom a unit tall,
    // grey-blue over the upper row, slate over the middle one, read
    // empty over the darkest; the counts failed on six slots.
    super::super::tests::reads_exactly(3986);
}
