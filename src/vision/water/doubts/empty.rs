//! The slots read empty show glass: down the middle of a slot read empty,
//! most rows are the glass the tube's empty slots were sampled as, or the
//! board beside the tube seen through it. A slot mostly of anything else
//! holds a liquid or a ball that the grid sampled around.

use image::RgbImage;

use super::Doubt;
use super::unit::{boards_beside, outlines, strip_rows};
use crate::geometry::SlotSample;
use crate::imaging::color::median_color;
use crate::vision::water::Detection;
use crate::vision::water::board::looks_empty;
use crate::vision::water::slots::slot_middle;

/// Largest share of a slot read empty whose rows, down the strip it was
/// sampled from, may look like neither the glass nor the board beside
/// the tube: a lit surface, a rim or an outline crossing a slot is a
/// third of one at most (the games of ../shared and the generated
/// themes, as for the shortest run a check takes for a layer), a ball
/// four fifths. Between the two (not fitted).
const UNLIKE_GLASS_SHARE: f32 = 0.5;

/// Whether some slot read empty shows, down the strip it was sampled
/// from, more than [`UNLIKE_GLASS_SHARE`] of its rows in stretches that
/// look neither like any of its tube's empty slots nor like the board
/// beside the tube level with them (outside either wall, or in the gap).
/// A grid a third to a half of a slot off a tube's balls samples the
/// glass between them and reads the tube empty: its balls, one colour
/// with a glyph in each, split by short gaps, make no long run for
/// [`super::unit::change_in_empty`] to compare, yet each fills most of a
/// slot (fresh 64569: six tubes of four balls read empty, and the three
/// hidden layers left in the others added up).
pub(super) fn unlike_glass_in_empty(image: &RgbImage, detection: &Detection) -> Option<Doubt> {
    let outlines = outlines(detection);
    let tubes = detection.tubes.iter().zip(&detection.samples).zip(&detection.raw);
    for (t, ((tube, samples), raw)) in tubes.enumerate() {
        // The slots read empty, as (slot from 0, its place, its colour).
        let empty = || {
            let slots = tube.slots.iter().zip(samples).zip(raw).enumerate();
            slots.filter(|(_, ((_, s), _))| **s == SlotSample::Empty).map(|(k, ((slot, _), &c))| (k, slot, c))
        };
        let glass: Vec<[u8; 3]> = empty().map(|(_, _, c)| c).collect();
        let like_glass = |c: &[u8; 3]| glass.iter().any(|&g| looks_empty(*c, g));
        for (k, slot, _) in empty() {
            let middle = slot_middle(slot);
            let rows = strip_rows(image, (middle.x0, middle.x1), (slot.y0, slot.y1));
            if rows.is_empty() {
                continue;
            }
            // Stretches of rows unlike the glass, and those of them unlike
            // the board beside the tube too.
            let mut unlike = 0;
            let mut i = 0;
            while i < rows.len() {
                if like_glass(&rows[i]) {
                    i += 1;
                    continue;
                }
                let end = (i..rows.len()).find(|&j| like_glass(&rows[j])).unwrap_or(rows.len());
                let color = median_color(&rows[i..end]);
                let beside = boards_beside(image, &outlines, &tube.outer, (slot.y0 + i as u32, slot.y0 + end as u32));
                if !beside.iter().flatten().any(|&b| looks_empty(color, b)) {
                    unlike += end - i;
                }
                i = end;
            }
            if unlike as f32 > UNLIKE_GLASS_SHARE * rows.len() as f32 {
                return Some(Doubt::UnlikeGlassInEmpty { tube: t + 1, layer: k + 1 });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::doubts::tests::{BOARD, RED, tube_picture};
    use SlotSample::{Color, Empty};

    const WHITE: [u8; 3] = [240, 240, 240];

    /// `liquid` drawn as [`tube_picture`] does, on a grid of four slots of
    /// 30 rows read with `samples`, the slots read empty sampled as the
    /// board.
    fn reading(liquid: &[([u8; 3], u32)], samples: Vec<SlotSample>) -> (RgbImage, Detection) {
        let (image, mut detection) = tube_picture(liquid, 4, 30);
        detection.raw = vec![samples.iter().map(|s| if let Color(c) = s { *c } else { BOARD }).collect()];
        detection.samples = vec![samples];
        (image, detection)
    }

    #[test]
    fn balls_on_a_grid_half_a_slot_off_read_empty_are_doubted() {
        // Four red balls 24 rows tall, a white glyph band in each, 6 rows
        // of glass between them, starting 15 rows up: every slot of 30
        // rows holds 18-24 rows of ball. Read empty (its samples taken
        // between the balls), the tube is doubted.
        let ball = [(RED, 10), (WHITE, 4), (RED, 10), (BOARD, 6)];
        let mut liquid = vec![(BOARD, 15)];
        liquid.extend(ball.iter().cycle().take(16).copied());
        let (image, detection) = reading(&liquid, vec![Empty; 4]);
        let doubt = unlike_glass_in_empty(&image, &detection);
        assert!(matches!(doubt, Some(Doubt::UnlikeGlassInEmpty { tube: 1, .. })), "{doubt:?}");
        // An empty tube and one whose liquid fills its one slot read as
        // liquid show glass in every slot read empty.
        let (image, detection) = reading(&[], vec![Empty; 4]);
        assert_eq!(unlike_glass_in_empty(&image, &detection), None);
        let (image, detection) = reading(&[(RED, 30)], vec![Color(RED), Empty, Empty, Empty]);
        assert_eq!(unlike_glass_in_empty(&image, &detection), None);
    }

    #[test]
    fn a_band_the_board_beside_shows_too_is_glass_but_one_only_inside_is_not() {
        // A pale band 20 rows tall in the third slot (rows 120-140),
        // across the whole board (a cloud behind the glass): glass.
        const CLOUD: [u8; 3] = [200, 210, 230];
        let (mut image, detection) = reading(&[(RED, 30)], vec![Color(RED), Empty, Empty, Empty]);
        for y in 120..140 {
            for x in 0..60 {
                image.put_pixel(x, y, image::Rgb(CLOUD));
            }
        }
        assert_eq!(unlike_glass_in_empty(&image, &detection), None);
        // Only inside the walls, it is something in the glass.
        let (mut image, detection) = reading(&[(RED, 30)], vec![Color(RED), Empty, Empty, Empty]);
        for y in 120..140 {
            for x in 12..48 {
                image.put_pixel(x, y, image::Rgb(CLOUD));
            }
        }
        assert_eq!(unlike_glass_in_empty(&image, &detection), Some(Doubt::UnlikeGlassInEmpty { tube: 1, layer: 3 }));
    }
}
