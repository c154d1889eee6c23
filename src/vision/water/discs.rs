//! Balls told from glass by their shape. A ball sort's ball is a disc: it
//! leaves its slot's top corners to the glass, so its middle is unlike
//! them, while empty glass (tinted, grained, or the board through it)
//! looks in a slot's middle as it does in the slot's top corners, and a
//! liquid fills its corners with its own colour. Colour alone misses both
//! ways in a ball sort over a dark or mottled board: a dark ball within
//! one colour's spread of the glass is taken for it, and glass over a
//! patch of another board is read as one more ball (tuning 2410: a dark
//! green ball on top of a tube read empty, the empty tubes' grey glass
//! over a mottled brown board read full). Where most slots read as a
//! colour are discs, the level is a ball sort, and each slot's shape says
//! what it holds. Tried, like [`grained`](super::grained), only when the
//! counts failed or the glass was doubted, and believed only if the
//! reading then passes every check.

use image::RgbImage;

use super::Detection;
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::tinted::{CORNER_COLUMNS, CORNER_ROWS, slots_above_taken_for_liquid, top_slots_taken_for_glass};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};

/// Half the width of a slot's middle whose colour is set against its
/// corners, as a share of the slot's width: the middle quarter across, well
/// inside any ball that fills its slot's height as balls do (at least 0.92
/// of a slot across in the generated themes; `template/balls.rs`) and
/// clear of its rim. Not fitted.
const MIDDLE_HALF_WIDTH: f32 = 0.125;

/// The rows of a slot's middle, in eighths of its height from its top:
/// the middle quarter down, a ball's widest part. Not fitted.
const MIDDLE_ROWS: (u32, u32) = (3, 5);

/// Fewest slots read as a colour before their shapes say the level is a
/// ball sort: a few slots of liquid with something bright in their middle
/// (a highlight, a bubble) prove nothing. As many as [`tinted`]'s glass
/// beside the balls needs (`MIN_CORNERS`).
///
/// [`tinted`]: super::tinted
const MIN_SHAPED_SLOTS: usize = 8;

/// What a slot's shape shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Its top corners agree and its middle is unlike both: a ball in
    /// its glass.
    Disc,
    /// Its middle is like both top corners: one colour through the slot,
    /// glass or a liquid.
    Even,
    /// Neither: corners that disagree (a highlight down one side, a
    /// board's edge behind the glass), or a middle like one corner only.
    Unsure,
}

/// The shape of `slot` in `image`: its top corners' medians (the patches
/// [`tinted`](super::tinted) finds the glass beside balls in) against the
/// median of its middle ([`MIDDLE_HALF_WIDTH`], [`MIDDLE_ROWS`]), within
/// one colour's spread ([`SAME_COLOR_MAX_DELTA_E`]) or beyond it.
fn shape(image: &RgbImage, slot: &Rect) -> Shape {
    let (w, h) = (slot.width(), slot.height());
    let at = |x: u32, y: u32| image.get_pixel(x.min(image.width() - 1), y.min(image.height() - 1)).0;
    let patch = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>| {
        let pixels: Vec<[u8; 3]> = ys.flat_map(|y| xs.clone().map(move |x| at(x, y))).collect();
        (!pixels.is_empty()).then(|| to_lab(median_color(&pixels)))
    };
    let top = slot.y0 + h * CORNER_ROWS.0 / 100;
    let rows = top..(slot.y0 + h * CORNER_ROWS.1 / 100).max(top + 1);
    let left = patch(slot.x0 + w * CORNER_COLUMNS.0 / 100..slot.x0 + w * CORNER_COLUMNS.1 / 100, rows.clone());
    let right = patch(slot.x1 - w * CORNER_COLUMNS.1 / 100..slot.x1 - w * CORNER_COLUMNS.0 / 100, rows);
    let centre = (slot.x0 + slot.x1) / 2;
    let half = ((w as f32 * MIDDLE_HALF_WIDTH).round() as u32).max(1);
    let mid = slot.y0 + h * MIDDLE_ROWS.0 / 8;
    let middle = patch(centre.saturating_sub(half)..centre + half, mid..(slot.y0 + h * MIDDLE_ROWS.1 / 8).max(mid + 1));
    let (Some(left), Some(right), Some(middle)) = (left, right, middle) else {
        return Shape::Unsure;
    };
    let like = |a, b| delta_e(a, b) < SAME_COLOR_MAX_DELTA_E;
    match (like(middle, left), like(middle, right)) {
        (true, true) => Shape::Even,
        (false, false) if like(left, right) => Shape::Disc,
        _ => Shape::Unsure,
    }
}

/// Whether `slot` holds a ball: a disc unlike the glass its slot's top
/// corners show, both corners alike.
pub(super) fn holds_a_ball(image: &RgbImage, slot: &Rect) -> bool {
    shape(image, slot) == Shape::Disc
}

/// The detection read by its slots' shapes, where most of its slots read
/// as a colour (at least [`MIN_SHAPED_SLOTS`]) are discs: on top of each
/// tube, slots read as a colour that are even are taken for empty glass
/// (down to the first that is not; glass never stands under a ball), and
/// slots read empty just above a tube's balls that are discs for balls of
/// the colour sampled. `None` when the level is no ball sort or no slot
/// changes.
pub(super) fn glass_and_balls_told_by_shape(image: &RgbImage, detection: &Detection) -> Option<Detection> {
    let shapes: Vec<Vec<Shape>> =
        detection.tubes.iter().map(|tube| tube.slots.iter().map(|slot| shape(image, slot)).collect()).collect();
    let colored = || {
        shapes.iter().zip(&detection.samples).flat_map(|(s, samples)| {
            s.iter().zip(samples).filter(|(_, sample)| matches!(sample, SlotSample::Color(_))).map(|(s, _)| *s)
        })
    };
    let (count, discs) = (colored().count(), colored().filter(|s| *s == Shape::Disc).count());
    if count < MIN_SHAPED_SLOTS || 2 * discs <= count {
        return None;
    }
    // Even slots on top read as a colour: glass.
    let is_even = |t: usize, k: usize| shapes.get(t).and_then(|s| s.get(k)) == Some(&Shape::Even);
    let glassy = top_slots_taken_for_glass(detection, |t, k, _| is_even(t, k));
    // Discs just above the balls read empty: balls.
    let is_disc = |t: usize, k: usize| shapes.get(t).and_then(|s| s.get(k)) == Some(&Shape::Disc);
    let balls = slots_above_taken_for_liquid(glassy.as_ref().unwrap_or(detection), |t, k, _| is_disc(t, k));
    balls.or(glassy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TubeLayout;
    use SlotSample::{Color, Empty};

    const BOARD: [u8; 3] = [60, 45, 30];
    const GLASS: [u8; 3] = [95, 85, 75];
    const DARK: [u8; 3] = [35, 85, 60];
    const CYAN: [u8; 3] = [20, 200, 200];

    /// Tubes of four 30-row slots, 30 px wide, on `BOARD`, their glass
    /// `GLASS`; a `Some` slot holds a disc of radius 13 of its colour,
    /// and every slot is read as `read` says (a colour: its own, or the
    /// glass's for a slot of glass).
    fn level(balls: &[[Option<[u8; 3]>; 4]], read: &[[bool; 4]]) -> (RgbImage, Detection) {
        let mut image = RgbImage::from_pixel(40 + 50 * balls.len() as u32, 150, image::Rgb(BOARD));
        let mut tubes = Vec::new();
        let (mut samples, mut raw) = (Vec::new(), Vec::new());
        for (t, (column, read)) in balls.iter().zip(read).enumerate() {
            let x0 = 20 + 50 * t as u32;
            let slots: Vec<Rect> =
                (0..4).map(|k| Rect { x0, x1: x0 + 30, y0: 140 - (k + 1) * 30, y1: 140 - k * 30 }).collect();
            for (slot, ball) in slots.iter().zip(column) {
                for y in slot.y0..slot.y1 {
                    for x in slot.x0..slot.x1 {
                        let (dx, dy) = (x as f32 - (x0 + 15) as f32 + 0.5, y as f32 - (slot.y0 + 15) as f32 + 0.5);
                        let color = ball.filter(|_| dx.hypot(dy) <= 13.0).unwrap_or(GLASS);
                        image.put_pixel(x, y, image::Rgb(color));
                    }
                }
            }
            let colors: Vec<[u8; 3]> = column.iter().map(|b| b.unwrap_or(GLASS)).collect();
            samples.push(colors.iter().zip(read).map(|(&c, &r)| if r { Color(c) } else { Empty }).collect());
            raw.push(colors);
            tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: 20, y1: 140 }, slots });
        }
        let detection = Detection::made_up(&image, tubes, samples, raw, 4);
        (image, detection)
    }

    #[test]
    fn a_dark_ball_read_empty_is_a_ball_and_glass_read_as_a_colour_is_glass() {
        let (r, d, c) = (Some([200, 40, 40]), Some(DARK), Some(CYAN));
        let (image, detection) = level(
            &[[r, c, r, d], [c, r, c, None], [r, c, d, None], [None; 4]],
            &[[true, true, true, false], [true, true, true, false], [true, true, true, false], [true; 4]],
        );
        assert!(holds_a_ball(&image, &detection.tubes[0].slots[3]));
        assert!(!holds_a_ball(&image, &detection.tubes[3].slots[0]));
        let read = glass_and_balls_told_by_shape(&image, &detection).expect("a ball sort read by shape");
        assert_eq!(read.samples[0], vec![Color([200, 40, 40]), Color(CYAN), Color([200, 40, 40]), Color(DARK)]);
        assert_eq!(read.samples[1], vec![Color(CYAN), Color([200, 40, 40]), Color(CYAN), Empty]);
        assert_eq!(read.samples[3], vec![Empty; 4]);
    }

    #[test]
    fn liquids_fill_their_corners_so_a_level_of_liquids_is_not_read_by_shape() {
        // Every slot a flat colour: even, so no ball sort.
        let mut image = RgbImage::from_pixel(200, 150, image::Rgb(BOARD));
        let (_, mut detection) = level(&[[None; 4], [None; 4], [None; 4]], &[[true; 4], [true; 4], [true; 4]]);
        for (t, tube) in detection.tubes.iter().enumerate() {
            for (k, slot) in tube.slots.iter().enumerate() {
                let color = if (t + k) % 2 == 0 { CYAN } else { DARK };
                for y in slot.y0..slot.y1 {
                    for x in slot.x0..slot.x1 {
                        image.put_pixel(x, y, image::Rgb(color));
                    }
                }
                detection.raw[t][k] = color;
                detection.samples[t][k] = Color(color);
            }
        }
        assert!(glass_and_balls_told_by_shape(&image, &detection).is_none());
    }

    #[test]
    fn a_glass_slot_under_a_ball_stays_as_read() {
        // Glass never stands under a ball: the even slot under the top
        // ball is left for the checks to judge.
        let (r, c) = (Some([200, 40, 40]), Some(CYAN));
        let (image, detection) = level(
            &[[r, None, c, r], [c, r, c, r], [r, c, r, c], [None; 4]],
            &[[true; 4], [true; 4], [true; 4], [false; 4]],
        );
        assert!(glass_and_balls_told_by_shape(&image, &detection).is_none());
    }
}
