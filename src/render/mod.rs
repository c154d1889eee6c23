//! Pictures of the answer, drawn on the player's own picture: one file per
//! game ([`water`]: numbered arcs from tube to tube, pages, frames and the
//! animation; [`squares`]: each card marked with where it goes, and the
//! solved board composed from the card crops) and the `--debug` pictures of
//! both readers ([`debug`]). Drawing is pure: a picture and the resolved
//! geometry in, a picture out; nothing here reads pixels to find a puzzle.

pub mod debug;
pub mod squares;
pub mod water;

use std::sync::LazyLock;

use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_text_mut, text_size};

pub(crate) static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf")).expect("embedded font")
});

/// Distinct, bright arrow colours, cycled per move.
pub(crate) const ARROW_COLORS: [[u8; 3]; 6] =
    [[255, 214, 0], [0, 229, 255], [255, 64, 129], [118, 255, 3], [255, 145, 0], [213, 0, 249]];

pub(crate) const INK: Rgb<u8> = Rgb([255, 255, 255]);
pub(crate) const SHADOW: Rgb<u8> = Rgb([0, 0, 0]);

/// A point in image pixels.
pub type Pt = (f32, f32);

/// A round badge with a centred number, outlined so it reads on any board.
pub(crate) fn badge(img: &mut RgbImage, centre: Pt, radius: f32, fill: Rgb<u8>, text: &str) {
    badge_with(img, centre, radius, 2.0, fill, text);
}

/// A badge with an outline `outline` pixels wide.
pub(crate) fn badge_with(img: &mut RgbImage, centre: Pt, radius: f32, outline: f32, fill: Rgb<u8>, text: &str) {
    let c = (centre.0.round() as i32, centre.1.round() as i32);
    draw_filled_circle_mut(img, c, (radius + outline).round() as i32, INK);
    draw_filled_circle_mut(img, c, radius.round() as i32, fill);
    let luminance = 0.299 * fill.0[0] as f32 + 0.587 * fill.0[1] as f32 + 0.114 * fill.0[2] as f32;
    let ink = if luminance > 150.0 { SHADOW } else { INK };
    let scale = PxScale::from(radius * if text.len() > 1 { 1.15 } else { 1.4 });
    let (tw, th) = text_size(scale, &*FONT, text);
    draw_text_mut(img, ink, c.0 - tw as i32 / 2, c.1 - th as i32 / 2 - (radius * 0.12) as i32, scale, &*FONT, text);
}

/// The largest text scale at most `max_height` tall that fits `width`
/// (binary search on whole pixels; at least 6 px).
pub(crate) fn fit_scale(text: &str, width: f32, max_height: f32) -> PxScale {
    let fits = |size: u32| text_size(PxScale::from(size as f32), &*FONT, text).0 as f32 <= width;
    let (mut lo, mut hi) = (6u32, max_height.max(6.0) as u32);
    if fits(hi) {
        return PxScale::from(hi as f32);
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    PxScale::from(lo as f32)
}
