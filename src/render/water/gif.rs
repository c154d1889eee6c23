//! The whole plan as an animated GIF: the screenshot, then one frame per
//! move, looping. Frames are drawn and encoded one at a time, and a large
//! screenshot is drawn smaller first, so neither memory nor time grows with
//! the picture's size beyond a bound.

use std::borrow::Cow;
use std::io::Write;

use gif::{AnyExtension, DisposalMethod, Encoder, EncodingError, Frame, Repeat};
use image::RgbImage;

use super::{frames_each, unmarked_frame};
use crate::geometry::Layout;
use crate::imaging::resample::shrink_by;
use crate::puzzle::water::{Pour, WaterPuzzle};

/// Most pixels in a frame: a phone screenshot shrunk to about 730×1640 at
/// most; the colour quantiser's time grows with the pixels, and an
/// animation is watched small.
const MAX_FRAME_PIXELS: u64 = 1_200_000;

/// The colour quantiser's speed, 1 (best) to 30 (fastest): a screenshot's
/// flat colours lose little at the fastest.
const QUANTISER_SPEED: i32 = 30;

/// How long the screenshot, each move, and the last move stay on screen.
const FIRST_MS: u16 = 1500;
const MOVE_MS: u16 = 1200;
const LAST_MS: u16 = 3000;

/// Writes the plan as an animated GIF to `out`, with `comment` in a comment
/// extension before the frames.
pub fn write_gif(
    out: impl Write,
    image: &RgbImage,
    layout: &Layout,
    puzzle: &WaterPuzzle,
    moves: &[Pour],
    comment: &str,
) -> Result<(), EncodingError> {
    let pixels = image.width() as u64 * image.height() as u64;
    let factor = ((pixels as f64 / MAX_FRAME_PIXELS as f64).sqrt().ceil() as u32).max(1);
    let (image, layout) = if factor > 1 {
        (Cow::Owned(shrink_by(image, factor)), Cow::Owned(layout.scaled(1.0 / factor as f32)))
    } else {
        (Cow::Borrowed(image), Cow::Borrowed(layout))
    };
    let side = |v: u32| {
        u16::try_from(v).map_err(|_| std::io::Error::other(format!("a side of {v} pixels is too long for a GIF")))
    };
    let first = unmarked_frame(&image, &layout, moves);
    let (width, height) = (side(first.width())?, side(first.height())?);
    let mut encoder = Encoder::new(out, width, height, &[])?;
    encoder.set_repeat(Repeat::Infinite)?;
    encoder.write_raw_extension(AnyExtension(0xFE), &[comment.as_bytes()])?;
    let mut put = |picture: &RgbImage, ms: u16| -> Result<(), EncodingError> {
        let mut frame = Frame::from_rgb_speed(width, height, picture.as_raw(), QUANTISER_SPEED);
        frame.delay = ms / 10;
        frame.dispose = DisposalMethod::Background;
        encoder.write_frame(&frame)
    };
    put(&first, FIRST_MS)?;
    frames_each(&image, &layout, puzzle, moves, |k, frame| {
        put(frame, if k + 1 == moves.len() { LAST_MS } else { MOVE_MS })
    })
}
