//! The game's empty glass where the picture shows it above the liquid:
//! the headroom of the tubes with the least room above their top slot
//! (a cork, cap or flower on a complete tube is no glass), sampled in the
//! middle of its width, below the rim and above the liquid's surface.

use image::RgbImage;

use super::super::Detection;
use super::super::level::SAME_COLOR_MAX_DELTA_E;
use crate::geometry::{Rect, SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The glass above the top slot of the tubes that have room there (the
/// headroom), one median each: what an empty slot looks like in this
/// theme even where the glass is tinted unlike the board beside it. Only
/// the tubes with the least headroom count, so a cork, cap or flower on
/// top of a complete tube is not taken for glass.
pub(crate) fn glass_above(image: &RgbImage, tubes: &[TubeLayout]) -> Vec<[u8; 3]> {
    glass_above_each(image, tubes).into_iter().flatten().collect()
}

/// [`glass_above`], unless an empty tube (every slot read empty) shows
/// above its slots something unlike its own empty glass: what stands
/// there is then no glass but the vessel (a thick dark rim the sample
/// falls on, test theme 100191's wine glasses), and the liquid is not
/// to be doubted for looking like it. An empty tube's glass is one glass
/// from its bottom to its rim, tinted or clear.
pub(crate) fn glass_above_unless_unlike_empties(image: &RgbImage, detection: &Detection) -> Vec<[u8; 3]> {
    let each = glass_above_each(image, &detection.tubes);
    let empty = |t: usize| {
        let (slots, raw) = (detection.samples.get(t)?, detection.raw.get(t)?);
        (!raw.is_empty() && read_empty(slots)).then(|| median_color(raw))
    };
    let unlike = each.iter().enumerate().any(|(t, above)| match (above, empty(t)) {
        (Some(above), Some(glass)) => delta_e(to_lab(*above), to_lab(glass)) >= SAME_COLOR_MAX_DELTA_E,
        _ => false,
    });
    if unlike { Vec::new() } else { each.into_iter().flatten().collect() }
}

/// Whether a tube's slots (one or more) were every one read empty.
pub(super) fn read_empty(slots: &[SlotSample]) -> bool {
    !slots.is_empty() && slots.iter().all(|s| *s == SlotSample::Empty)
}

/// [`glass_above`] tube by tube: `None` for a tube with too little room
/// above its top slot, or more than the plainest tube's.
pub(crate) fn glass_above_each(image: &RgbImage, tubes: &[TubeLayout]) -> Vec<Option<[u8; 3]>> {
    headroom_glass(tubes).into_iter().map(|band| band.and_then(|b| median_in(image, b))).collect()
}

/// Where [`glass_above_each`] samples each tube's glass above its top
/// slot: the middle of the headroom's width, below the rim and above the
/// liquid's surface.
pub(crate) fn headroom_glass(tubes: &[TubeLayout]) -> Vec<Option<Rect>> {
    let room = |t: &TubeLayout| {
        let top = t.slots.last()?;
        (top.y0 > t.outer.y0).then(|| (top.y0 - t.outer.y0, top.height().max(1)))
    };
    let least = tubes.iter().filter_map(room).map(|(r, _)| r).min();
    tubes
        .iter()
        .map(|t| {
            let (r, slot) = room(t)?;
            let plain = least.is_some_and(|l| r as f32 <= l as f32 + HEADROOM_DECORATION * slot as f32);
            if !plain || (r as f32) < HEADROOM_MIN * slot as f32 {
                return None;
            }
            let w = t.outer.width();
            Some(Rect {
                x0: t.outer.x0 + w * 3 / 10,
                x1: t.outer.x1 - w * 3 / 10,
                y0: t.outer.y0 + r * 4 / 10,
                y1: t.outer.y0 + r * 9 / 10,
            })
        })
        .collect()
}

/// Least headroom, in slot heights, for the glass above the liquid to be
/// sampled: under it the rim and the liquid's surface fill the room. A
/// third of a slot leaves a few clean rows at phone sizes (not fitted).
const HEADROOM_MIN: f32 = 0.35;

/// How much more room above its top slot than the plainest tube a tube
/// may have, in slot heights, and still count as plain glass: a cork, cap
/// or flower stands half a slot or more above the rim in every game and
/// generated theme looked at; measuring noise is a few pixels.
const HEADROOM_DECORATION: f32 = 0.2;

/// The median colour of the pixels of `rect` (clipped to the image),
/// every other pixel each way.
pub(crate) fn median_in(image: &RgbImage, rect: Rect) -> Option<[u8; 3]> {
    let pixels: Vec<[u8; 3]> = pixels_in(image, rect, 2).collect();
    (!pixels.is_empty()).then(|| median_color(&pixels))
}

/// The pixels of `rect` (clipped to the image), every other one across,
/// on rows `rows_apart` apart: [`median_in`] takes every other row too.
pub(crate) fn pixels_in(image: &RgbImage, rect: Rect, rows_apart: usize) -> impl Iterator<Item = [u8; 3]> + '_ {
    (rect.y0..rect.y1.min(image.height()))
        .step_by(rows_apart)
        .flat_map(move |y| (rect.x0..rect.x1.min(image.width())).step_by(2).map(move |x| image.get_pixel(x, y).0))
}
