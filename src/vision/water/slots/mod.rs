//! From tube outlines to slots: each tube's profile, and one colour sample
//! per slot.
//!
//! Down the middle of every tube the colour is constant inside a layer and
//! jumps between layers, so each tube gives a profile of runs (and the
//! glyphs of hidden layers); [`super::grid`] fits the layer grid to all
//! profiles at once. Slots are then cut from the bottom up and sampled with
//! a median (robust to glare, bubbles, outlines and the glyph of a hidden
//! layer).

use image::RgbImage;

use super::grid::SURFACE_GAP;
pub use super::grid::{SlotGeometry, slot_geometry};
use super::tubes::{Gradients, TubeBox};
use super::vessels::Vessel;
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::median_color;

/// Per-row median colour of the central strip of a tube, from every
/// `step`-th column.
pub(super) fn row_colors(img: &RgbImage, x0: u32, x1: u32, y0: u32, y1: u32, step: u32) -> Vec<[u8; 3]> {
    (y0..y1)
        .map(|y| {
            let mut ch: [Vec<u8>; 3] = Default::default();
            for x in (x0..x1).step_by(step.max(1) as usize) {
                let p = img.get_pixel(x, y).0;
                for c in 0..3 {
                    ch[c].push(p[c]);
                }
            }
            let med = |v: &mut Vec<u8>| {
                v.sort_unstable();
                v[v.len() / 2]
            };
            [med(&mut ch[0]), med(&mut ch[1]), med(&mut ch[2])]
        })
        .collect()
}

/// Columns a check of the finished reading takes a row's median from: a
/// median of this many flat-coloured pixels is as steady as one of all of
/// them, at a fraction of the cost on a full-size screenshot.
pub(super) const CHECK_COLUMNS: u32 = 16;

/// The column step that leaves about [`CHECK_COLUMNS`] columns of `x0..x1`.
pub(super) fn check_step(x0: u32, x1: u32) -> u32 {
    (x1.saturating_sub(x0) / CHECK_COLUMNS).max(1)
}

/// Largest channel step inside one run of a profile: above it, a new layer
/// starts. A layer's own shading and JPEG noise must stay under it, two
/// liquids must differ by more. Set when the reader was built (commit
/// 1a0e966) on the games in ../shared/water_screens.
pub(super) const RUN_STEP: u32 = 24;

pub(super) fn color_distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|c| a[c].abs_diff(b[c]) as u32).max().unwrap_or(0)
}

/// A run of rows of one colour in a tube's profile (y in image rows).
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub y0: u32,
    pub y1: u32,
    pub color: [u8; 3],
    /// Looks like the board beside the tube: empty glass (or the rim).
    pub empty: bool,
}

/// Splits a profile into runs of similar colour; runs of fewer than
/// `min_len` rows (anti-aliased edges, outlines) are dropped.
pub(super) fn runs(profile: &[[u8; 3]], y_offset: u32, min_len: u32) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    let mut start = 0usize;
    for i in 1..=profile.len() {
        // Compare with the run's own colour a little after its start, so a soft
        // gradient between two layers cannot creep from one colour to the next.
        let reference = profile[(start + 2).min(i - 1)];
        let split = i == profile.len() || color_distance(profile[i], reference) > RUN_STEP;
        if split {
            let len = (i - start) as u32;
            if len >= min_len {
                let mid = profile[start + (i - start) / 2];
                // Join a run to the previous one when they are the same colour
                // (a short disturbance such as a bubble split them).
                match out.last_mut() {
                    Some(last)
                        if color_distance(last.color, mid) <= RUN_STEP && start as u32 + y_offset <= last.y1 + 3 =>
                    {
                        last.y1 = i as u32 + y_offset;
                    }
                    _ => {
                        out.push(Run { y0: start as u32 + y_offset, y1: i as u32 + y_offset, color: mid, empty: false })
                    }
                }
            }
            start = i;
        }
    }
    out
}

/// A tube's profile: its runs, and the rows of its interior.
#[derive(Debug, Clone)]
pub struct Profile {
    pub runs: Vec<Run>,
    /// Centre rows of bright glyphs on dark cells (the `?` of hidden layers):
    /// each stands in the middle of a slot.
    pub glyphs: Vec<u32>,
    /// First row below the top rim.
    pub top: u32,
    /// The shortest run taken for a layer (shorter ones are rims, lit
    /// surfaces, highlights).
    pub shortest_layer: u32,
    /// Where the profile's top is.
    pub top_is: Top,
    /// Last row of the liquid column + 1 (just above the bottom outline).
    pub bottom: u32,
    /// The columns `x0..x1` the profile was read from, clear of the walls:
    /// where the tube's slots are sampled too ([`slot_rects`]).
    pub columns: (u32, u32),
}

/// What a profile's top row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Top {
    /// The first row below a tube's rim: a cork or cap may stand below it,
    /// inside the tube's outline.
    BelowRim,
    /// Where a vessel's body ends (its rim, or where its neck or shoulder
    /// begins): a full vessel's liquid reaches it, and may go on above it
    /// into a shoulder that cuts its top layer short.
    BodyTop,
}

/// Reads the middle of a tube from top to bottom. `others` are all tube
/// outlines (to find the board beside this one).
pub fn profile(img: &RgbImage, g: &Gradients, tube: &TubeBox, others: &[Rect], edge_threshold: u8) -> Profile {
    let r = tube.outer;
    let w = r.width();
    let (sx0, sx1) = (r.x0 + w * 2 / 10, r.x1 - w * 2 / 10);
    // The outline's lowest edge below the walls, down the centre column.
    let cx = (r.x0 + r.x1) / 2;
    let search_end = (r.y1 + w / 2 + 8).min(img.height());
    let outer_bottom = (r.y1.saturating_sub(4)..search_end)
        .rev()
        .find(|&y| g.gy[(y * g.width + cx) as usize] >= edge_threshold)
        .unwrap_or(r.y1);
    let (sx0, sx1) = (sx0.max(r.x0), sx1.max(sx0 + 1));
    // The liquid column ends where the last long run ends.
    strip_profile(img, &r, (sx0, sx1), (r.y0, outer_bottom), (w / 10).max(3), others, None)
}

/// The shortest run a vessel's profile keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunFloor {
    /// A tenth of the vessel's width: anti-aliased edges, outlines and lit
    /// surfaces are left out.
    Width,
    /// No more than half the liquid bands' height either: layers much
    /// flatter than the vessel is wide (a small bulb's seven) are kept,
    /// and so are some lit surfaces and outlines; looked at only when the
    /// first floor gives no reading.
    Band,
}

/// Reads the middle of a vessel found by its liquid and silhouette, from
/// its top down to its bottom (where its liquid rests), keeping runs down
/// to `floor`. `others` are all vessels' boxes (to find the board beside
/// this one).
pub(super) fn vessel_profile(img: &RgbImage, vessel: &Vessel, others: &[Rect], floor: RunFloor) -> Profile {
    let r = vessel.outer;
    let centre = (r.x0 + r.x1) as f32 / 2.0;
    let reach = (vessel.half_width * STRIP_SHARE).max(1.0);
    let (sx0, sx1) = ((centre - reach).max(0.0) as u32, ((centre + reach).ceil() as u32).min(img.width()));
    let bottom = vessel.bottom.min(img.height());
    // A wide vessel (a wine glass's bowl, a bulb) holds layers much flatter
    // than its width: half the bands' height is the bound there.
    let half_band = (vessel.band_height * LAYER_OF_BAND).round() as u32;
    let least_run = match floor {
        RunFloor::Width => r.width() / 10,
        RunFloor::Band => (r.width() / 10).min(half_band),
    };
    let mut p =
        strip_profile(img, &r, (sx0, sx1.max(sx0 + 1)), (vessel.top, bottom), least_run.max(2), others, Some(bottom));
    p.shortest_layer = p.shortest_layer.min(half_band).max(2);
    p.top_is = Top::BodyTop;
    // Liquid stands in the body, never in a neck: where the top run of
    // liquid goes on above the body's top measured (a cone that narrows
    // slowly into its neck is taken for neck a layer or two down), the
    // body reaches as high as that colour does. A colour that goes on up
    // to the rim is the vessel's tinted glass, not liquid: the liquid's
    // top has glass (or a cork) above it, a run as long as a layer's
    // shortest that starts below the rim (the rim's own stroke, or glass
    // tinted alike up to it, starts on it); nor does it rise far.
    if let Some(first) = p.runs.first_mut().filter(|run| !run.empty && run.y0 <= p.top + 1) {
        let above = row_colors(img, p.columns.0, p.columns.1, r.y0.min(p.top), p.top, 1);
        let more = above.iter().rev().take_while(|c| color_distance(**c, first.color) <= RUN_STEP).count();
        let rest = above.len() - more;
        let glass_above = glass_over(&above[..rest], p.shortest_layer);
        if glass_above && more as f32 <= MAX_RISE_BANDS * vessel.band_height {
            first.y0 -= more as u32;
            p.top = first.y0;
        }
    } else if let Some(first) =
        p.runs.first().filter(|run| !run.empty && run.y0 > p.top + 1 && run.y0 <= p.top + SURFACE_GAP)
    {
        // The body's top measured inside a layer: a sliver too short for a
        // run above the first, of another colour, which goes on up above
        // the body's top (tuning 546: a cone measured a layer low left 3
        // rows of its top layer). That layer is taken whole, on the same
        // terms: glass above it, and no higher than the rise allowed.
        let above = row_colors(img, p.columns.0, p.columns.1, r.y0.min(p.top), first.y0, 1);
        // Its colour a row clear of the boundary with the first run.
        let sliver = above[above.len().saturating_sub(2)];
        let more = above.iter().rev().skip(1).take_while(|c| color_distance(**c, sliver) <= RUN_STEP).count() + 1;
        let rest = above.len() - more;
        let glass_above = glass_over(&above[..rest], p.shortest_layer);
        let another = color_distance(sliver, first.color) > RUN_STEP;
        // The layer taken whole spans at least the rows a layer must to
        // be measured at all (a few rows over a tiny bulb are noise).
        let layer_rows = (first.y0 - p.top) as usize + more;
        if another
            && glass_above
            && more as u32 >= p.shortest_layer
            && layer_rows as f32 >= super::MIN_LAYER_ROWS
            && more as f32 <= MAX_RISE_BANDS * vessel.band_height
        {
            let y0 = first.y0 - more as u32;
            let color = above[above.len() - 1 - more / 2];
            p.runs.insert(0, Run { y0, y1: first.y0, color, empty: false });
            p.top = y0;
        }
    }
    p
}

/// Whether the rows `above` a liquid's top end in glass: a run as long as
/// a layer's `shortest` that starts below the rim, with under a layer's
/// rows between it and the liquid (an edge, or the liquid's lit surface:
/// 10 rows over the liquid's top in tuning 157's corked flasks at 720 px).
fn glass_over(above: &[[u8; 3]], shortest: u32) -> bool {
    let gap = SURFACE_GAP.max(shortest.saturating_sub(1)) as usize;
    runs(above, 0, shortest).last().is_some_and(|run| run.y1 as usize + gap >= above.len() && run.y0 > RIM_ROWS)
}

/// Most a top run of liquid is followed up above the body's top measured,
/// in liquid bands' heights ([`Vessel::band_height`], about a layer):
/// flasks whose necks were measured a layer or two low rose 0.4-1.4 bands
/// (tuning cases 279, 1161, 1403, 1405), glass tinted alike all the way up
/// a bottle's neck 4.3-4.6 (tuning cases 1382, 1518). Set between the
/// two, at two layers.
const MAX_RISE_BANDS: f32 = 2.0;

/// Rows below a vessel's box top that are still its rim: the box starts on
/// the rim's row, and anti-aliasing moves it by a row or two.
const RIM_ROWS: u32 = 2;

/// The share of the liquid bands' median height that a run must reach to
/// be a layer in a vessel found by its liquid: a band is one layer (or
/// two of one colour), a rim or lit surface a fraction of one. Half, as
/// between the two; not fitted.
const LAYER_OF_BAND: f32 = 0.5;

/// The share of a vessel's interior half-width its profile strip spans
/// either side of the centre: clear of curved walls and of a highlight
/// streak near the wall. Chosen on the generated vessel shapes of the
/// tuning seeds (a wine glass's bowl narrows fastest).
const STRIP_SHARE: f32 = 0.35;

/// The profile of the columns `sx0..sx1` of tube box `r` between rows
/// `top..end`: its runs of at least `min_len` rows, each taken for empty
/// glass when it looks like the board beside the tube, and its glyphs. The
/// liquid's bottom is `bottom`, or where the last run ends.
fn strip_profile(
    img: &RgbImage,
    r: &Rect,
    (sx0, sx1): (u32, u32),
    (top, end): (u32, u32),
    min_len: u32,
    others: &[Rect],
    bottom: Option<u32>,
) -> Profile {
    let prof = row_colors(img, sx0, sx1, top, end, 1);
    let mut runs = runs(&prof, top, min_len);
    for run in &mut runs {
        let band = Rect { x0: r.x0, y0: run.y0, x1: r.x1, y1: run.y1 };
        run.empty = super::board::looks_empty(run.color, super::board::sample_beside(img, r, &band, others));
    }
    let last = runs.last().map_or(end, |run| run.y1);
    let glyphs = glyph_centres(img, sx0, sx1, top, bottom.unwrap_or(last), &prof);
    for run in &mut runs {
        // A run holding `?` glyphs is hidden liquid, however dark.
        if glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y)) {
            run.empty = false;
        }
    }
    // Liquid rests on the bottom: a run of the board under it, below the
    // box's walls, is under the vessel, its outline found on a hill (1439).
    let below = |i: usize| runs.get(i + 1).is_some_and(|b| i + 2 == runs.len() && b.y0 >= r.y1);
    let under = runs.iter().rposition(|run| !run.empty).filter(|&i| below(i));
    let bottom = bottom.unwrap_or_else(|| under.map_or(last, |i| runs[i].y1));
    Profile {
        runs,
        glyphs,
        top,
        shortest_layer: (r.width() * 3).div_ceil(10),
        bottom,
        top_is: Top::BelowRim,
        columns: (sx0, sx1),
    }
}

/// The hidden layer's cell is dark and of little colour: no lighter than
/// the grey (110, 110, 110) that bounded it when the reader was built
/// (commit 1a0e966, on the games in ../shared/water_screens: their cells are
/// grey), and of at most this CIELAB chroma. The old bound, a spread of 28
/// between RGB channels, depended on the hue: it refused a near-black teal
/// of chroma 8.5 and admitted a purple of 22.5 (generated themes draw cells
/// of chroma up to 18 in any hue); 20 lies between the two. Not fitted.
pub const HIDDEN_CELL_MAX_LIGHTNESS: f32 = 46.4;
pub const HIDDEN_CELL_MAX_CHROMA: f32 = 20.0;

/// Whether a colour is the dark grey of a hidden layer's cell.
pub fn is_dark_grey(color: [u8; 3]) -> bool {
    let lab = crate::imaging::color::to_lab(color);
    lab.l <= HIDDEN_CELL_MAX_LIGHTNESS && lab.a.hypot(lab.b) <= HIDDEN_CELL_MAX_CHROMA
}

/// A glyph's stroke is at least this bright in every channel (white, as
/// the games in ../shared/water_screens draw it; set when the reader was
/// built, commit 1a0e966)...
const GLYPH_WHITE: u8 = 190;

/// ...or this much brighter than its cell in every channel: a tinted
/// glyph (light grey-green on a dark green-grey cell, tuning seed 1836,
/// where the stroke stood 135-150 above the cell). Not fitted to that
/// case's margin: a stroke half-way from the cell to white on a cell of
/// the lightest grey a hidden cell is drawn in (`HIDDEN_CELL_MAX_LIGHTNESS`,
/// grey 110) stands 72 above it, a highlight streak mixed over dark liquid by a
/// third stands less; 110 keeps clear of both.
const GLYPH_ABOVE_CELL: u8 = 110;

/// Rows where a dark strip holds a cluster of near-white pixels, grouped into
/// glyphs (gaps of a few rows allowed: the dot of a `?`); their centre rows.
pub(super) fn glyph_centres(img: &RgbImage, x0: u32, x1: u32, y0: u32, y1: u32, prof: &[[u8; 3]]) -> Vec<u32> {
    let is_glyph_row = |y: u32| {
        let cell = prof[(y - y0) as usize];
        if !is_dark_grey(cell) {
            return false;
        }
        // Strokes in the middle third: a `?` is centred, while a round
        // bottom's outline enters the strip from its sides. Its strokes are
        // white, or a tint far brighter than the cell (the cell's own light).
        let third = ((x1 - x0) / 3).max(1);
        let stroke = |x: u32| is_stroke(img.get_pixel(x, y).0, cell, GLYPH_WHITE);
        let middle = (x0 + third..x1 - third).filter(|&x| stroke(x)).count();
        // A glyph is a few strokes, and a bar may fill the middle third; a
        // row bright across the whole strip is an outline or a highlight.
        let across = middle + (x0..x0 + third).chain(x1 - third..x1).filter(|&x| stroke(x)).count();
        middle * 36 >= (x1 - x0) as usize && across * 10 <= (x1 - x0) as usize * 9
    };
    // Rows of strokes, a row's gap of anti-aliasing bridged: the pieces a
    // glyph is drawn in (a `?`'s hook and dot, a `!`'s bar and dot).
    let mut pieces: Vec<(u32, u32)> = Vec::new();
    for y in y0..y1 {
        if !is_glyph_row(y) {
            continue;
        }
        match pieces.last_mut() {
            Some(piece) if y <= piece.1 + 2 => piece.1 = y,
            _ => pieces.push((y, y)),
        }
    }
    // A glyph's pieces stand closer than the taller is tall; the glyphs of
    // two hidden layers one above the other stand apart by the rest of a
    // layer, about as far as a glyph is tall. (A fixed gap of 7 rows joined
    // the glyphs of layers 13 rows tall into one, tuning seed 1215.)
    let mut glyphs: Vec<(u32, u32)> = Vec::new();
    let rows = |piece: (u32, u32)| (piece.1 - piece.0 + 1) as f32;
    for (i, &piece) in pieces.iter().enumerate() {
        match glyphs.last_mut() {
            Some(glyph)
                if i > 0
                    && (piece.0 - glyph.1 - 1) as f32 <= rows(pieces[i - 1]).max(rows(piece)) * GLYPH_PIECES_GAP =>
            {
                glyph.1 = piece.1
            }
            _ => glyphs.push(piece),
        }
    }
    // A glyph is at least 5 rows tall; a shorter one counts where it
    // repeats a taller one's rhythm down the tube: hidden layers stack,
    // one glyph each, so their glyphs stand evenly apart (a `!`'s bar of 3
    // rows in layers 9 rows tall, tuning seed 1748, shrunk to 2 rows where
    // the bulb narrows); four or more short ones count by their rhythm
    // alone.
    let tall = |g: &(u32, u32)| g.1 - g.0 >= 4;
    let centres: Vec<u32> = glyphs.iter().filter(|g| g.1 > g.0).map(|g| (g.0 + g.1) / 2).collect();
    let gaps: Vec<f32> = centres.windows(2).map(|w| (w[1] - w[0]) as f32).collect();
    let mid = super::median(gaps.clone());
    let even = centres.len() >= 3 && gaps.iter().all(|&g| (g - mid).abs() <= mid * GLYPH_SPACING_SPREAD);
    if even && (glyphs.iter().any(tall) || centres.len() >= MIN_SHORT_GLYPHS) {
        centres
    } else {
        glyphs.into_iter().filter(tall).map(|(s, last)| (s + last) / 2).collect()
    }
}

/// Fewest glyphs standing evenly apart down a tube that count with no
/// glyph of 5 rows among them: small vessels' hidden layers, whose glyphs
/// are 3-4 rows (tuning case 436 in its shrunk copy). Three stand evenly
/// by chance more often than four; four, not fitted.
const MIN_SHORT_GLYPHS: usize = 4;

/// How far the spacing of glyphs stacked down a tube may stray from its
/// median, as a share of it, for short glyphs among them to count: the
/// tolerance the layer grid gives a boundary ([`super::grid`], 0.15 of a
/// layer).
const GLYPH_SPACING_SPREAD: f32 = 0.15;

/// Most rows between two pieces of one glyph, as a share of the taller
/// piece's rows. A `!`'s dot stands under its bar by under a third of the
/// bar (the generated bar style: bar 35% of a layer, gap 10%), a `?`'s dot
/// under its hook by about a quarter of the hook; the next layer's glyph
/// stands the rest of a layer away (45% of one in the bar style, as much
/// as the glyph is tall). Half lies between; not fitted.
const GLYPH_PIECES_GAP: f32 = 0.5;

/// The slot rectangles of a tube, bottom first: as wide as the tube's box,
/// or, where its profile was read from a narrower strip (a vessel found by
/// its liquid), wide enough that their middle 60% ([`sample_slot`], the
/// checks) is that strip: a bowl's or bulb's narrow bottom slot, sampled
/// across the box, shows the board beside it.
pub fn slot_rects(tube: &TubeBox, profile: &Profile, geometry: &SlotGeometry) -> Vec<Rect> {
    let r = tube.outer;
    let (c0, c1) = profile.columns;
    let side = c1.saturating_sub(c0) / 3;
    let (x0, x1) = (c0.saturating_sub(side).max(r.x0), (c1 + side).min(r.x1));
    (0..geometry.capacity)
        .map(|k| {
            let y1 = profile.bottom as f32 + geometry.bottom_shift - k as f32 * geometry.layer_height;
            let y0 = y1 - geometry.layer_height;
            Rect { x0, y0: y0.max(0.0) as u32, x1, y1: y1.max(0.0) as u32 }
        })
        .collect()
}

/// Whether a tube's `?` glyphs stand one in each slot read as hidden and
/// none elsewhere (`rects` and `samples` bottom first, `glyphs` their
/// centre rows): a grid a layer too tall or too short puts two glyphs in
/// one slot or none in another, and a glyph in a slot read as a liquid is
/// a hidden cell read as one.
pub(super) fn glyphs_in_hidden_slots(rects: &[Rect], samples: &[SlotSample], glyphs: &[u32]) -> bool {
    let in_slot = |r: &Rect| glyphs.iter().filter(|&&y| (r.y0..r.y1).contains(&y)).count();
    let in_hidden: usize =
        rects.iter().zip(samples).map(|(r, s)| if *s == SlotSample::Hidden { in_slot(r) } else { 0 }).sum();
    rects.iter().zip(samples).all(|(r, s)| *s != SlotSample::Hidden || in_slot(r) == 1) && in_hidden == glyphs.len()
}

/// Samples one slot: the middle half of its rows and the middle 60% of its
/// width.
pub fn sample_slot(img: &RgbImage, slot: &Rect) -> ([u8; 3], f32) {
    let middle = slot_middle(slot);
    let pixels: Vec<[u8; 3]> = (middle.y0..middle.y1)
        .flat_map(|y| {
            (middle.x0..middle.x1).map(move |x| img.get_pixel(x.min(img.width() - 1), y.min(img.height() - 1)).0)
        })
        .collect();
    let cell = median_color(&pixels);
    let bright = pixels.iter().filter(|&&p| is_stroke(p, cell, SLOT_STROKE_WHITE)).count();
    (cell, bright as f32 / pixels.len().max(1) as f32)
}

/// A slot's pixel at least this bright in every channel is a glyph's
/// stroke (or a highlight; set when the reader was built, commit 1a0e966).
pub(crate) const SLOT_STROKE_WHITE: u8 = 200;

/// Whether a pixel is a glyph's stroke on a cell of colour `cell`: white
/// (every channel at least `white`), or a tint far brighter than the cell
/// ([`GLYPH_ABOVE_CELL`] in every channel).
pub(crate) fn is_stroke(p: [u8; 3], cell: [u8; 3], white: u8) -> bool {
    (0..3).all(|c| p[c] >= white.min(cell[c].saturating_add(GLYPH_ABOVE_CELL)))
}

/// The part of a slot its colour is sampled from: its middle three fifths
/// across and half down, clear of the walls and the layers' meeting lines.
pub fn slot_middle(slot: &Rect) -> Rect {
    let (w, h) = (slot.width(), slot.height());
    Rect {
        x0: slot.x0 + w / 5,
        x1: (slot.x1 - w / 5).max(slot.x0 + w / 5 + 1),
        y0: slot.y0 + h / 4,
        y1: (slot.y1 - h / 4).max(slot.y0 + h / 4 + 1),
    }
}

#[cfg(test)]
mod tests;
