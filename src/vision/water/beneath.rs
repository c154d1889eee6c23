//! Liquid read as empty glass beneath glass unlike it. A slot is taken
//! for empty when it looks like the board beside its tube, so a dark
//! liquid near the board's colour reads as glass where the glass is
//! tinted just enough to stay under the empty threshold over that board
//! (tuning 2041: tapered flasks on a dark olive board, their grey glass
//! ΔE 20 from it, the dark green layer topping two flasks ΔE 17 from it,
//! read empty; the counts failed). The glass above the liquid of the
//! tubes of its row (their headroom, sampled as
//! [`glass_above_each`](super::doubts::glass_above_each) does) shows what
//! empty glass looks like over that board: glass over one board is one
//! colour, so a slot read empty over a board like the headroom's, yet
//! farther from that glass than one colour's spread, is no glass. Tried,
//! like [`tinted`](super::tinted), only when the counts failed, and
//! believed only if the reading then passes every check.

use image::RgbImage;

use super::Detection;
use super::board::sample_beside;
use super::columns::level_with;
use super::doubts::{headroom_glass, median_in};
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::tinted::slots_above_taken_for_liquid;
use crate::geometry::Rect;
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The glass above one tube's liquid and the board beside it there.
#[derive(Debug, Clone, Copy)]
struct Headroom {
    outer: Rect,
    glass: [u8; 3],
    board: [u8; 3],
}

/// The detection with every slot read empty just above a tube's liquid
/// (from the liquid up, to the first slot that is not so) taken for
/// liquid where it is unlike the glass above the liquid of its row's
/// tubes over a board like its own ([`like_its_glass`]); `None` when no
/// slot changes. Tubes read wholly empty are left as read: what shows
/// the glass there is the tube itself.
pub(super) fn liquid_unlike_the_glass_above(image: &RgbImage, detection: &Detection) -> Option<Detection> {
    let outers: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let headrooms: Vec<Headroom> = (detection.tubes.iter().zip(headroom_glass(&detection.tubes)))
        .filter_map(|(tube, band)| {
            let band = band?;
            let glass = median_in(image, band)?;
            Some(Headroom { outer: tube.outer, glass, board: sample_beside(image, &tube.outer, &band, &outers) })
        })
        .collect();
    if headrooms.is_empty() {
        return None;
    }
    let rows: Vec<Vec<&Headroom>> = (detection.tubes.iter())
        .map(|tube| headrooms.iter().filter(|h| level_with(&h.outer, &tube.outer)).collect())
        .collect();
    // (A tube read wholly empty, walked from slot 0, is left as read.)
    slots_above_taken_for_liquid(detection, |t, k, colour| {
        let (Some(tube), Some(row)) = (detection.tubes.get(t), rows.get(t)) else { return false };
        let Some(slot) = tube.slots.get(k).filter(|_| k > 0) else { return false };
        let board = sample_beside(image, &tube.outer, slot, &outers);
        like_its_glass(colour, board, row) == Some(false)
    })
}

/// Whether `colour`, over `board`, looks like the glass of `row` (the
/// headroom of its tubes) over a board like it (within one colour's
/// spread): within one colour's spread of that glass's median. `None`
/// where no headroom stands over such a board, or that glass is not one
/// colour (some sample of it farther than one colour's spread from the
/// median: a cork or a rim sampled, not glass), so it tells nothing.
fn like_its_glass(colour: [u8; 3], board: [u8; 3], row: &[&Headroom]) -> Option<bool> {
    let board = to_lab(board);
    let over_like: Vec<[u8; 3]> =
        (row.iter()).filter(|h| delta_e(to_lab(h.board), board) < SAME_COLOR_MAX_DELTA_E).map(|h| h.glass).collect();
    if over_like.is_empty() {
        return None;
    }
    let glass = to_lab(median_color(&over_like));
    if over_like.iter().any(|&g| delta_e(to_lab(g), glass) >= SAME_COLOR_MAX_DELTA_E) {
        return None;
    }
    Some(delta_e(to_lab(colour), glass) < SAME_COLOR_MAX_DELTA_E)
}

#[cfg(test)]
mod tests {
    //! Made-up tubes on a dark olive board under grey glass tinted just
    //! off it (tuning 2041's colours).
    use super::*;
    use crate::geometry::{SlotSample, TubeLayout};
    use SlotSample::{Color, Empty};

    const BOARD: [u8; 3] = [48, 56, 41];
    const GLASS: [u8; 3] = [91, 99, 86];
    const DARK_GREEN: [u8; 3] = [1, 56, 37];
    const RED: [u8; 3] = [200, 30, 30];
    const BLUE: [u8; 3] = [30, 60, 210];

    /// Tubes of three 30-row slots under 30 rows of headroom of `glass[t]`,
    /// each column (bottom first) drawn as given, read as `samples`.
    fn level(columns: &[[[u8; 3]; 3]], glass: &[[u8; 3]], samples: Vec<Vec<SlotSample>>) -> (RgbImage, Detection) {
        let mut image = RgbImage::from_pixel(40 + 60 * columns.len() as u32, 160, image::Rgb(BOARD));
        let mut tubes = Vec::new();
        for (t, column) in columns.iter().enumerate() {
            let tube = TubeLayout::made_up(t, 20);
            for y in 20..140 {
                let colour = tube.slots.iter().position(|s| (s.y0..s.y1).contains(&y)).map_or(glass[t], |k| column[k]);
                for x in tube.outer.x0..tube.outer.x1 {
                    image.put_pixel(x, y, image::Rgb(colour));
                }
            }
            tubes.push(tube);
        }
        let detection = Detection::made_up(&image, tubes, samples, columns.iter().map(|c| c.to_vec()).collect(), 3);
        (image, detection)
    }

    #[test]
    fn a_dark_liquid_read_empty_under_glass_unlike_it_is_liquid() {
        let columns = [[RED, BLUE, DARK_GREEN], [BLUE, RED, RED], [BLUE, RED, GLASS]];
        let samples = vec![
            vec![Color(RED), Color(BLUE), Empty],
            vec![Color(BLUE), Color(RED), Color(RED)],
            vec![Color(BLUE), Color(RED), Empty],
        ];
        let (image, detection) = level(&columns, &[GLASS; 3], samples);
        // Both read empty against the board: within the empty threshold.
        assert!(crate::vision::water::board::looks_empty(DARK_GREEN, BOARD));
        let again = liquid_unlike_the_glass_above(&image, &detection).expect("the dark green is taken");
        assert_eq!(again.samples[0][2], Color(DARK_GREEN));
        // The glass on top of the third tube is glass still.
        assert_eq!(again.samples[2][2], Empty);
    }

    #[test]
    fn nothing_is_taken_where_every_slot_read_empty_is_like_the_glass() {
        let columns = [[RED, BLUE, GLASS], [BLUE, RED, RED]];
        let samples = vec![vec![Color(RED), Color(BLUE), Empty], vec![Color(BLUE), Color(RED), Color(RED)]];
        let (image, detection) = level(&columns, &[GLASS; 2], samples);
        assert!(liquid_unlike_the_glass_above(&image, &detection).is_none());
    }

    #[test]
    fn a_tube_read_wholly_empty_is_left_as_read() {
        let columns = [[RED, BLUE, RED], [DARK_GREEN; 3]];
        let samples = vec![vec![Color(RED), Color(BLUE), Color(RED)], vec![Empty; 3]];
        let (image, detection) = level(&columns, &[GLASS; 2], samples);
        assert!(liquid_unlike_the_glass_above(&image, &detection).is_none());
    }

    #[test]
    fn headroom_of_two_colours_in_a_row_tells_nothing() {
        // One tube's "headroom" is red: a cork or a rim, not glass, so
        // the row's glass is not one colour.
        let columns = [[RED, BLUE, DARK_GREEN], [BLUE, RED, RED]];
        let samples = vec![vec![Color(RED), Color(BLUE), Empty], vec![Color(BLUE), Color(RED), Color(RED)]];
        let (image, detection) = level(&columns, &[GLASS, RED], samples);
        assert!(liquid_unlike_the_glass_above(&image, &detection).is_none());
    }
}
