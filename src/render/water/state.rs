//! The tubes as they will be: the screenshot repainted after some pours,
//! each changed layer copied row by row from a tube of the screenshot that
//! showed that content (same glass, shape and shading), or recoloured from
//! one that showed another colour there when none did.

use image::RgbImage;

use crate::geometry::{Layout, Rect, TubeLayout};
use crate::puzzle::water::{Layer, Pour, WaterPuzzle};

/// The level after some pours (planned pours are legal by construction).
pub(super) fn state_after(puzzle: &WaterPuzzle, moves: &[Pour]) -> WaterPuzzle {
    let mut state = puzzle.clone();
    for &m in moves {
        state.apply(m).expect("planned pours are legal");
    }
    state
}

/// How much of a slot's height, at its top and bottom, is left out when
/// its rows are copied: the rows where one layer meets the next (a
/// meniscus, a dark seam) belong to neither. A fifth keeps the seams of
/// every screenshot looked at (lvl105, discovery-level-2, 11_L32) out.
const SEAM: f32 = 0.2;

/// Repaints every tube whose contents changed since the screenshot; other
/// tubes keep their pixels. Each layer is painted a whole row of the tube
/// at a time, copied from a tube of the screenshot that showed that content
/// at that height (same glass, same round bottom, same shading), so nothing
/// of the old colour is left at its sides or between layers. Rows come
/// from inside the source layer, never from its seams; a bottom layer is
/// copied aligned on the tube's bottom. When no tube showed that content in
/// that kind of slot, a tube's own rows are recoloured (the pixels near its
/// old colour shifted to the new one), which keeps the glass's shape.
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
    let shown = |t: usize, k: usize| initial.tubes()[t].layers.get(k).copied();
    let unlocked: Vec<usize> = (0..initial.tubes().len().min(layout.tubes.len()))
        .filter(|&t| initial.tubes()[t].locked_until.is_none())
        .collect();
    // A tube and slot that showed `content`: at height `k` itself, else at
    // any height of the same kind (a bottom slot has the round end).
    let source = |content: Option<Layer>, k: usize| -> Option<(usize, usize)> {
        let here = unlocked.iter().find(|&&t| k < layout.tubes[t].slots.len() && shown(t, k) == content);
        here.map(|&t| (t, k)).or_else(|| {
            unlocked.iter().find_map(|&t| {
                (0..layout.tubes[t].slots.len())
                    .find(|&j| (j == 0) == (k == 0) && shown(t, j) == content)
                    .map(|j| (t, j))
            })
        })
    };
    for (i, (before, after)) in initial.tubes().iter().zip(state.tubes()).enumerate().take(layout.tubes.len()) {
        if before.layers == after.layers || after.locked_until.is_some() {
            continue;
        }
        let tube = &layout.tubes[i];
        // Every layer of a changed tube is painted, unchanged ones too: the
        // seam between an unchanged layer and a changed one is half in each.
        let spans = spans(tube);
        // Above the top layer, the empty glass of a tube whose top slot was
        // empty, aligned on the rims: a full tube's surface line goes.
        let top = tube.slots.len().saturating_sub(1);
        let rim = spans.last().map_or(tube.outer.y0, |r| r.start);
        if let Some(&t) = unlocked.iter().find(|&&t| layout.tubes[t].slots.len() > top && shown(t, top).is_none()) {
            for y in tube.outer.y0..rim {
                let from = layout.tubes[t].outer.y0 + (y - tube.outer.y0);
                copy_row(image, &layout.tubes[t].outer, from, img, &tube.outer, y, None);
            }
        }
        for (k, rows) in spans.into_iter().enumerate() {
            let content = after.layers.get(k).copied();
            if let Some((t, j)) = source(content, k) {
                for y in rows {
                    let from = source_row(&layout.tubes[t], j, tube, k, y);
                    copy_row(image, &layout.tubes[t].outer, from, img, &tube.outer, y, None);
                }
                continue;
            }
            // Nothing showed it: recolour this tube's own rows, or those of
            // a tube that had some colour in that kind of slot.
            let target = match content {
                Some(Layer::Color(id)) => layout.colors.get(id.0 as usize).copied().unwrap_or([128, 128, 128]),
                Some(Layer::Hidden) => [60, 60, 60],
                None => layout.empty_color,
            };
            let colored = |t: usize, j: usize| match shown(t, j) {
                Some(Layer::Color(id)) => layout.colors.get(id.0 as usize).copied(),
                _ => None,
            };
            // The donor whose colour is nearest the new one, so what the
            // recolouring leaves (anti-aliased edges) shows least.
            let donor = unlocked
                .iter()
                .flat_map(|&t| (0..layout.tubes[t].slots.len()).map(move |j| (t, j)))
                .filter(|&(_, j)| (j == 0) == (k == 0))
                .filter_map(|(t, j)| colored(t, j).map(|c| (t, j, c)))
                .min_by(|a, b| distance(a.2, target).total_cmp(&distance(b.2, target)));
            if let Some((t, j, old)) = donor {
                let radius = recolour_radius(layout, old);
                for y in rows {
                    let from = source_row(&layout.tubes[t], j, tube, k, y);
                    copy_row(image, &layout.tubes[t].outer, from, img, &tube.outer, y, Some((old, target, radius)));
                }
            }
        }
    }
}

/// How near a pixel must be to a layer's colour to be that layer's: half
/// the distance to the nearest other colour of the level (or the empty
/// slot's), so a recolouring never takes another layer's or the glass's
/// pixels. The level's own palette sets it, not a constant.
fn recolour_radius(layout: &Layout, color: [u8; 3]) -> f32 {
    layout
        .colors
        .iter()
        .chain([&layout.empty_color])
        .map(|&other| distance(other, color))
        .filter(|&dist| dist > 0.0)
        .fold(f32::MAX, f32::min)
        .min(255.0)
        / 2.0
}

/// Euclidean distance between two sRGB colours.
fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
    (0..3).map(|c| (a[c] as f32 - b[c] as f32).powi(2)).sum::<f32>().sqrt()
}

/// The rows each slot of a tube covers, bottom slot first: from the tube's
/// bottom up, each meeting the next halfway between their rectangles, so
/// together they leave no row between layers unpainted.
fn spans(tube: &TubeLayout) -> Vec<std::ops::Range<u32>> {
    let slots = &tube.slots;
    let mut out = Vec::with_capacity(slots.len());
    let mut bottom = tube.outer.y1.max(slots.first().map_or(0, |s| s.y1));
    for (k, slot) in slots.iter().enumerate() {
        let top = match slots.get(k + 1) {
            Some(next) => (next.y1.min(slot.y0) + slot.y0) / 2,
            None => slot
                .y0
                .saturating_sub(slots.get(k.wrapping_sub(1)).map_or(0, |below| below.y0.saturating_sub(slot.y1) / 2)),
        };
        out.push(top.min(bottom)..bottom);
        bottom = top.min(bottom);
    }
    out
}

/// The row of tube `from`'s slot `j` to copy into row `y` of tube `to`'s
/// slot `k`: a bottom slot aligned on the tubes' bottoms, any other on the
/// slot's top; always inside the source slot's seams (and for a bottom
/// slot, anywhere below them, where the round end is).
fn source_row(from: &TubeLayout, j: usize, to: &TubeLayout, k: usize, y: u32) -> u32 {
    let slot = &from.slots[j];
    let seam = (slot.height() as f32 * SEAM).round() as u32;
    let (lo, hi) = (slot.y0 + seam, slot.y1.saturating_sub(seam + 1).max(slot.y0 + seam));
    if j == 0 && k == 0 {
        let up = to.outer.y1.max(to.slots[0].y1).saturating_sub(y);
        from.outer.y1.max(slot.y1).saturating_sub(up).max(lo)
    } else {
        (slot.y0 + y.saturating_sub(to.slots[k].y0)).clamp(lo, hi)
    }
}

/// Copies one row of `src` across `from`'s width into row `y` of `dst`
/// across `to`'s, optionally recolouring: pixels within `radius` of `old`
/// are shifted by `new − old`, and those up to twice as far by a part of it
/// that falls to none (the layer's anti-aliased edge against the glass).
fn copy_row(
    src: &RgbImage,
    from: &Rect,
    row: u32,
    dst: &mut RgbImage,
    to: &Rect,
    y: u32,
    recolour: Option<([u8; 3], [u8; 3], f32)>,
) {
    if row >= src.height() || y >= dst.height() {
        return;
    }
    let w =
        from.width().min(to.width()).min(src.width().saturating_sub(from.x0)).min(dst.width().saturating_sub(to.x0));
    let s0 = (row as usize * src.width() as usize + from.x0 as usize) * 3;
    let d0 = (y as usize * dst.width() as usize + to.x0 as usize) * 3;
    let n = w as usize * 3;
    let source = &src.as_raw()[s0..s0 + n];
    let target: &mut [u8] = dst;
    let target = &mut target[d0..d0 + n];
    match recolour {
        None => target.copy_from_slice(source),
        Some((old, new, radius)) => {
            for (t, s) in target.chunks_exact_mut(3).zip(source.chunks_exact(3)) {
                let d = distance([s[0], s[1], s[2]], old);
                let part = (2.0 - d / radius.max(1.0)).clamp(0.0, 1.0);
                for c in 0..3 {
                    let shift = (new[c] as f32 - old[c] as f32) * part;
                    t[c] = (s[c] as f32 + shift).round().clamp(0.0, 255.0) as u8;
                }
            }
        }
    }
}
