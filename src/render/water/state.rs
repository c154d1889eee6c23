//! The tubes as they will be: the screenshot repainted after some pours,
//! each changed slot copied from a slot of the screenshot that showed that
//! content (same shape and shading), or filled flat when none did.

use image::{Rgb, RgbImage};

use crate::geometry::{Layout, Rect};
use crate::puzzle::water::{Layer, Pour, WaterPuzzle};

/// The level after some pours (planned pours are legal by construction).
pub(super) fn state_after(puzzle: &WaterPuzzle, moves: &[Pour]) -> WaterPuzzle {
    let mut state = puzzle.clone();
    for &m in moves {
        state.apply(m).expect("planned pours are legal");
    }
    state
}

/// Repaints the slots of every tube whose contents changed since the
/// screenshot; other tubes keep their pixels. A slot is copied from the same
/// slot of a tube that showed that content in the screenshot (same height,
/// so the same shape and shading: round bottoms, glass, highlights); only
/// when no tube did is it filled flat with the colour read.
pub(super) fn paint_state(
    img: &mut RgbImage,
    image: &RgbImage,
    layout: &Layout,
    initial: &WaterPuzzle,
    state: &WaterPuzzle,
) {
    // Start from the screenshot (a copy into the reused buffer, no allocation).
    let pixels: &mut [u8] = img;
    pixels.copy_from_slice(image.as_raw());
    // What each (tube, slot) showed in the screenshot.
    let shown = |t: usize, k: usize| initial.tubes()[t].layers.get(k).copied();
    let source = |content: Option<Layer>, k: usize| -> Option<(usize, usize)> {
        let unlocked = |t: &usize| initial.tubes()[*t].locked_until.is_none();
        (0..initial.tubes().len())
            .filter(unlocked)
            .find(|&t| k < layout.tubes[t].slots.len() && shown(t, k) == content)
            .map(|t| (t, k))
            .or_else(|| {
                (0..initial.tubes().len())
                    .filter(unlocked)
                    // Any height but of the same kind: a bottom slot has the
                    // tube's round end, the others do not.
                    .find_map(|t| {
                        (0..layout.tubes[t].slots.len())
                            .find(|&j| (j == 0) == (k == 0) && shown(t, j) == content)
                            .map(|j| (t, j))
                    })
            })
    };
    for (i, ((tube, before), after)) in layout.tubes.iter().zip(initial.tubes()).zip(state.tubes()).enumerate() {
        if before.layers == after.layers || after.locked_until.is_some() {
            continue;
        }
        for (k, slot) in tube.slots.iter().enumerate() {
            let content = after.layers.get(k).copied();
            if shown(i, k) == content {
                continue;
            }
            match source(content, k) {
                Some((t, j)) => copy_rect(image, &layout.tubes[t].slots[j], img, slot),
                None => {
                    let fill = match content {
                        Some(Layer::Color(id)) => layout.colors.get(id.0 as usize).copied().unwrap_or([128, 128, 128]),
                        Some(Layer::Hidden) => [60, 60, 60],
                        None => layout.empty_color,
                    };
                    let inset = tube.outer.width() / 5;
                    for y in slot.y0..slot.y1.min(img.height()) {
                        for x in (slot.x0 + inset)..slot.x1.saturating_sub(inset).min(img.width()) {
                            img.put_pixel(x, y, Rgb(fill));
                        }
                    }
                }
            }
        }
    }
}

/// Copies the pixels of `from` (in `src`) onto `to` (in `dst`), as much as
/// both rectangles and images hold, a row slice at a time.
fn copy_rect(src: &RgbImage, from: &Rect, dst: &mut RgbImage, to: &Rect) {
    let w =
        from.width().min(to.width()).min(src.width().saturating_sub(from.x0)).min(dst.width().saturating_sub(to.x0));
    let h = from
        .height()
        .min(to.height())
        .min(src.height().saturating_sub(from.y0))
        .min(dst.height().saturating_sub(to.y0));
    let (src_stride, dst_stride) = (src.width() as usize * 3, dst.width() as usize * 3);
    let src_raw = src.as_raw();
    let dst_raw: &mut [u8] = dst;
    for dy in 0..h as usize {
        let s0 = (from.y0 as usize + dy) * src_stride + from.x0 as usize * 3;
        let d0 = (to.y0 as usize + dy) * dst_stride + to.x0 as usize * 3;
        dst_raw[d0..d0 + w as usize * 3].copy_from_slice(&src_raw[s0..s0 + w as usize * 3]);
    }
}
