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

pub use super::grid::{SlotGeometry, own_shift, slot_geometry};
use super::tubes::{Gradients, TubeBox};
use super::vessels::Vessel;
use super::zoom::TubeStrip;
use crate::geometry::Rect;
use crate::imaging::color::median_color;

mod bottom;
mod glyphs;
mod top;
pub(super) use bottom::lower_to_liquid_bottom;
#[cfg(test)]
use glyphs::DARK_GREEN;
use glyphs::GLYPH_ABOVE_CELL;
use glyphs::glyph_spans;
pub use glyphs::{HIDDEN_CELL_MAX_CHROMA, HIDDEN_CELL_MAX_LIGHTNESS, cell_under_strokes, is_dark_grey};
pub(super) use glyphs::{
    bottom_glyph, faint_glyph_centres, glyph_above_top, glyph_centres, glyph_outside_hidden, glyph_steps,
    glyphs_above_a_bare_bottom, glyphs_in_hidden_slots, glyphs_in_some_hidden_slots, hidden_slot_without_glyph,
};

/// Per-row median colour of the central strip of a tube, from every
/// `step`-th column.
pub(super) fn row_colors(img: &RgbImage, x0: u32, x1: u32, y0: u32, y1: u32, step: u32) -> Vec<[u8; 3]> {
    // A count per channel value, not a sort: this is the reader's hottest
    // loop (a third of lvl105's reading time). The counts are emptied by
    // taking the row's pixels out again, not by clearing all 256.
    let xs = || (x0..x1).step_by(step.max(1) as usize);
    let n = xs().count();
    let mut counts = [[0u32; 256]; 3];
    (y0..y1)
        .map(|y| {
            for x in xs() {
                let p = img.get_pixel(x, y).0;
                for c in 0..3 {
                    counts[c][p[c] as usize] += 1;
                }
            }
            let mut out = [0u8; 3];
            for c in 0..3 {
                let mut seen = 0;
                out[c] = (0..=255u8)
                    .find(|&v| {
                        seen += counts[c][v as usize] as usize;
                        seen > n / 2
                    })
                    .unwrap_or(0);
            }
            for x in xs() {
                let p = img.get_pixel(x, y).0;
                for c in 0..3 {
                    counts[c][p[c] as usize] -= 1;
                }
            }
            out
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
    /// The same glyphs' first and last rows of strokes.
    pub glyph_rows: Vec<(u32, u32)>,
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

/// Reads the middle of a tube from top to bottom: its runs (and so its
/// slots) down the strip `strip` says ([`WIDE_STRIP_INSET`],
/// [`MIDDLE_STRIP_INSET`]), its glyphs down the wide one. `others` are
/// all tube outlines (to find the board beside this one).
pub fn profile(
    img: &RgbImage,
    g: &Gradients,
    tube: &TubeBox,
    others: &[Rect],
    edge_threshold: u8,
    strip: TubeStrip,
) -> Profile {
    let r = tube.outer;
    let w = r.width();
    let columns = |inset: u32| {
        let x0 = r.x0 + w * inset / 100;
        (x0, (r.x1 - w * inset / 100).max(x0 + 1))
    };
    // The outline's lowest edge below the walls, down the centre column.
    let cx = (r.x0 + r.x1) / 2;
    let search_end = (r.y1 + w / 2 + 8).min(img.height());
    let outer_bottom = (r.y1.saturating_sub(4)..search_end)
        .rev()
        .find(|&y| g.gy[(y * g.width + cx) as usize] >= edge_threshold)
        .unwrap_or(r.y1);
    // The liquid column ends where the last long run ends.
    let runs = match strip {
        TubeStrip::Wide => WIDE_STRIP_INSET,
        TubeStrip::Middle => MIDDLE_STRIP_INSET,
    };
    let strips = Strips { runs: columns(runs), glyphs: columns(WIDE_STRIP_INSET) };
    strip_profile(img, &r, strips, (r.y0, outer_bottom), (w / 10).max(3), others, None)
}

/// The share of a tube box's width, in percent, left out either side of
/// [`TubeStrip::Wide`]: the middle 60%, as when the reader was built; a
/// tube's glyphs are always sought there. In the middle third a small `?`
/// was missed (tuning 765: dots in tubes 25 px wide; read without them,
/// hidden cells stood on a grid one layer short, and the level read wrong).
const WIDE_STRIP_INSET: u32 = 20;

/// The share of a tube box's width, in percent, left out either side of
/// [`TubeStrip::Middle`]: the middle third. A ball sort's smallest balls
/// (0.41 of the glass's width inside in the generated themes, a little
/// over a third of the box) fill it over most of their height, so a row's
/// median there is the ball's. A liquid fills either strip.
const MIDDLE_STRIP_INSET: u32 = 33;

/// The columns a profile is read from.
#[derive(Debug, Clone, Copy)]
struct Strips {
    /// The runs' (and the profile's [`Profile::columns`]).
    runs: (u32, u32),
    /// The glyphs'.
    glyphs: (u32, u32),
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
    // than its width: half the bands' height is the bound there, rounded
    // down, as a run is measured between anti-aliased edges (tuning 13:
    // bands of two 12.5-row layers, 25 rows, the single layers' runs 12).
    let half_band = (vessel.band_height * LAYER_OF_BAND).floor() as u32;
    let least_run = match floor {
        RunFloor::Width => r.width() / 10,
        RunFloor::Band => (r.width() / 10).min(half_band),
    };
    let columns = (sx0, sx1.max(sx0 + 1));
    let strips = Strips { runs: columns, glyphs: columns };
    let mut p = strip_profile(img, &r, strips, (vessel.top, bottom), least_run.max(2), others, Some(bottom));
    p.shortest_layer = p.shortest_layer.min(half_band).max(2);
    p.top_is = Top::BodyTop;
    top::drop_rim_stroke(img, &mut p);
    top::raise_to_liquid_top(img, vessel, others, least_run, &mut p);
    // Glyphs in the rows the top rose over: hidden cells going on up
    // into a cone taken for neck (fresh 88690: flasks of seven, the
    // body's top measured two cells into the six hidden, whose glyphs
    // were then too few for the cells the grid read there).
    if p.top < vessel.top && !p.glyphs.is_empty() {
        let top = p.top;
        glyphs_again(img, &r, &mut p, (top, bottom));
    }
    // Glyphs over the top where its hidden cells go on up (fresh
    // 88001: flasks of four hidden cells under a shown layer, the body's
    // top found nearly two layers under the liquid's).
    top::glyphs_above_top(img, &r, &mut p);
    p
}

/// `p`'s glyphs sought again in the rows `from..end` of its strip (down
/// to where its liquid ends, as [`glyphs_down`] seeks them), kept where
/// that finds more than it has, the runs holding them taken for liquid.
pub(super) fn glyphs_again(img: &RgbImage, r: &Rect, p: &mut Profile, (from, end): (u32, u32)) {
    let prof = row_colors(img, p.columns.0, p.columns.1, from, end, 1);
    let rows = glyphs_down(img, r, p.columns, (from, end), p.bottom, &prof);
    if rows.len() > p.glyph_rows.len() {
        p.glyphs = rows.iter().map(|&(s, last)| (s + last) / 2).collect();
        p.glyph_rows = rows;
        hidden_runs_filled(&mut p.runs, &p.glyphs);
    }
}

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

/// The profile of tube box `r` between rows `top..end`: the runs of at
/// least `min_len` rows of its `strips.runs` columns, each taken for empty
/// glass when it looks like the board beside the tube, and the glyphs of
/// its `strips.glyphs` columns. The liquid's bottom is `bottom`, or where
/// the last run ends.
fn strip_profile(
    img: &RgbImage,
    r: &Rect,
    strips: Strips,
    (top, end): (u32, u32),
    min_len: u32,
    others: &[Rect],
    bottom: Option<u32>,
) -> Profile {
    let (sx0, sx1) = strips.runs;
    let prof = row_colors(img, sx0, sx1, top, end, 1);
    let mut runs = runs(&prof, top, min_len);
    for run in &mut runs {
        let band = Rect { x0: r.x0, y0: run.y0, x1: r.x1, y1: run.y1 };
        run.empty = super::board::looks_empty(run.color, super::board::sample_beside(img, r, &band, others));
    }
    let last = runs.last().map_or(end, |run| run.y1);
    let glyph_prof;
    let glyph_prof = if strips.glyphs == strips.runs {
        &prof
    } else {
        glyph_prof = row_colors(img, strips.glyphs.0, strips.glyphs.1, top, end, 1);
        &glyph_prof
    };
    let glyphs = glyphs_down(img, r, strips.glyphs, (top, end), bottom.unwrap_or(last), glyph_prof);
    let glyph_rows = glyphs;
    let glyphs: Vec<u32> = glyph_rows.iter().map(|&(s, last)| (s + last) / 2).collect();
    hidden_runs_filled(&mut runs, &glyphs);
    // Liquid rests on the bottom: a run of the board under it, below the
    // box's walls, is under the vessel, its outline found on a hill (1439).
    let below = |i: usize| runs.get(i + 1).is_some_and(|b| i + 2 == runs.len() && b.y0 >= r.y1);
    let under = runs.iter().rposition(|run| !run.empty).filter(|&i| below(i));
    let bottom = bottom.unwrap_or_else(|| under.map_or(last, |i| runs[i].y1));
    Profile {
        runs,
        glyphs,
        glyph_rows,
        top,
        shortest_layer: (r.width() * 3).div_ceil(10),
        bottom,
        top_is: Top::BelowRim,
        columns: (sx0, sx1),
    }
}

/// Every run holding a `?` glyph's centre (of `glyphs`) taken for
/// liquid: a hidden layer, however dark.
fn hidden_runs_filled(runs: &mut [Run], glyphs: &[u32]) {
    for run in runs.iter_mut().filter(|run| glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y))) {
        run.empty = false;
    }
}

/// The glyphs of the strip `sx0..sx1` of box `r` from row `top` down to
/// the liquid's end `liquid_end` (`prof` the strip's row colours from
/// `top` to `end`, where the profile was read to), as their first and
/// last rows of strokes.
///
/// Where the liquid found ends on a hidden cell, glyphs are sought on
/// down while the strip stays that dark (the cell's rows and its
/// glyph's, which is narrower than the strip), to the box's bottom: a
/// glyph near a narrow bottom can end the liquid's last run (and its
/// vessel's bands) early, and a glyph found under the bottom slot is a
/// hidden layer left out. A vessel's stem under a bowl of liquid, or
/// the outline's stroke, is no cell's.
fn glyphs_down(
    img: &RgbImage,
    r: &Rect,
    (sx0, sx1): (u32, u32),
    (top, end): (u32, u32),
    liquid_end: u32,
    prof: &[[u8; 3]],
) -> Vec<(u32, u32)> {
    let box_end = r.y1.min(img.height()).max(end);
    let on_cell = liquid_end > top && prof.get((liquid_end - 1 - top) as usize).is_some_and(|&c| is_dark_grey(c));
    if on_cell {
        let more = if box_end > end { row_colors(img, sx0, sx1, end, box_end, 1) } else { Vec::new() };
        let prof = [prof, &more].concat();
        let cell_rows = prof[(liquid_end - top) as usize..].iter().take_while(|&&c| is_dark_grey(c)).count();
        let glyph_end = liquid_end + cell_rows as u32;
        glyph_spans(img, (sx0, sx1, top, glyph_end), &prof[..(glyph_end - top) as usize])
    } else {
        glyph_spans(img, (sx0, sx1, top, liquid_end), prof)
    }
}

/// The slot rectangles of a tube, bottom first: as wide as the tube's box,
/// or, where its profile was read from a narrower strip (a vessel found by
/// its liquid), wide enough that their middle 60% ([`sample_slot`], the
/// checks) is that strip: a bowl's or bulb's narrow bottom slot, sampled
/// across the box, shows the board beside it. Each tube's slots stand
/// where its own layers' boundaries put them on the shared grid
/// ([`own_shift`]).
pub fn slot_rects(tube: &TubeBox, profile: &Profile, geometry: &SlotGeometry) -> Vec<Rect> {
    let r = tube.outer;
    let (c0, c1) = profile.columns;
    let side = c1.saturating_sub(c0) / 3;
    let (x0, x1) = (c0.saturating_sub(side).max(r.x0), (c1 + side).min(r.x1));
    let own = own_shift(profile, geometry);
    (0..geometry.capacity)
        .map(|k| {
            let y1 = profile.bottom as f32 + geometry.bottom_shift + own - k as f32 * geometry.layer_height;
            let y0 = y1 - geometry.layer_height;
            Rect { x0, y0: y0.max(0.0) as u32, x1, y1: y1.max(0.0) as u32 }
        })
        .collect()
}

/// Samples one slot: the middle half of its rows and the middle 60% of its
/// width; and the share of that patch that is a glyph's stroke in its
/// middle third across ([`GLYPH_COLUMNS`]).
pub fn sample_slot(img: &RgbImage, slot: &Rect) -> ([u8; 3], f32) {
    let middle = slot_middle(slot);
    let pixels = middle_pixels(img, slot);
    let cell = median_color(&pixels);
    let w = (middle.x1 - middle.x0) as usize;
    let third = w / GLYPH_COLUMNS as usize;
    let centred = pixels.chunks(w.max(1)).flat_map(|row| &row[third..w - third]);
    let bright = centred.filter(|&&p| is_stroke(p, cell, SLOT_STROKE_WHITE)).count();
    (cell, bright as f32 / pixels.len().max(1) as f32)
}

/// A hidden layer's glyph stands in the middle of its slot: its strokes
/// are counted in the middle third across (1 / this) of the patch sampled.
/// A dark ball's highlight and the pale glass beside its curve stand in the
/// patch's outer thirds: counted there, a dark grey ball read as hidden, and
/// the counts, left open by hidden layers, let a wrong level through
/// (tuning 4516, 4519, 5492, 5494, 5496, seeds 4000..6000). Not fitted: a
/// `?` or `!` is drawn centred, under a third of the slot wide.
const GLYPH_COLUMNS: u32 = 3;

/// A slot's pixel at least this bright in every channel is a glyph's
/// stroke (or a highlight; set when the reader was built, commit 1a0e966).
pub(crate) const SLOT_STROKE_WHITE: u8 = 200;

/// Whether a pixel is a glyph's stroke on a cell of colour `cell`: white
/// (every channel at least `white`), or a tint far brighter than the cell
/// ([`GLYPH_ABOVE_CELL`] in every channel, or in luma, whatever its hue).
pub(crate) fn is_stroke(p: [u8; 3], cell: [u8; 3], white: u8) -> bool {
    is_stroke_above(p, cell, white, GLYPH_ABOVE_CELL)
}

/// Whether a pixel is a stroke on a cell of colour `cell`: white (every
/// channel at least `white`), or `above` brighter than the cell in every
/// channel, or in luma.
fn is_stroke_above(p: [u8; 3], cell: [u8; 3], white: u8, above: u8) -> bool {
    if (0..3).all(|c| p[c] >= white.min(cell[c].saturating_add(above))) {
        return true;
    }
    // A luma is at most its brightest channel: most pixels are ruled out
    // without it.
    let least = luma(cell) + above as u32 * 256;
    p.iter().any(|&c| c as u32 * 256 >= least) && luma(p) >= least
}

/// A colour's luma, 256 times (Rec. 709 weights on the sRGB channels, in
/// 256ths: 54, 183, 19; 0-255 × 256): how bright it looks, whatever its
/// hue. In integers, as it is taken for many pixels of every strip.
pub(crate) fn luma(c: [u8; 3]) -> u32 {
    54 * c[0] as u32 + 183 * c[1] as u32 + 19 * c[2] as u32
}

/// The pixels of the part of a slot its colour is sampled from
/// ([`slot_middle`]).
pub fn middle_pixels(img: &RgbImage, slot: &Rect) -> Vec<[u8; 3]> {
    let middle = slot_middle(slot);
    let at = |x: u32, y: u32| img.get_pixel(x.min(img.width() - 1), y.min(img.height() - 1)).0;
    (middle.y0..middle.y1).flat_map(|y| (middle.x0..middle.x1).map(move |x| at(x, y))).collect()
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
