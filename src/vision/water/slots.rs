//! From tube outlines to slots: the layer height and capacity read from the
//! liquid itself, and one colour sample per slot.
//!
//! Down the middle of every tube the colour is constant inside a layer and
//! jumps between layers, so each tube gives a profile of runs. The distance
//! of every run boundary from the bottom of the liquid is a whole number of
//! layer heights, in every tube; the layer height is the largest height that
//! explains nearly all boundaries. The capacity is how many such layers fit
//! between the bottom of the liquid and the top of the tube. Slots are then
//! cut from the bottom up and sampled with a median (robust to glare,
//! bubbles, outlines and the glyph of a hidden layer).

use image::RgbImage;

use super::tubes::{Gradients, TubeBox};
use crate::geometry::Rect;

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
    /// The tube's outer width.
    pub width: u32,
    /// Last row of the liquid column + 1 (just above the bottom outline).
    pub bottom: u32,
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
    let min_len = (w / 10).max(3);
    let (sx0, sx1) = (sx0.max(r.x0), sx1.max(sx0 + 1));
    let prof = row_colors(img, sx0, sx1, r.y0, outer_bottom, 1);
    let mut runs = runs(&prof, r.y0, min_len);
    for run in &mut runs {
        let band = Rect { x0: r.x0, y0: run.y0, x1: r.x1, y1: run.y1 };
        run.empty = super::looks_empty(run.color, sample_beside(img, &r, &band, others));
    }
    // The liquid column ends where the last long run ends.
    let bottom = runs.last().map_or(outer_bottom, |run| run.y1);
    let glyphs = glyph_centres(img, sx0, sx1, r.y0, bottom, &prof);
    for run in &mut runs {
        // A run holding `?` glyphs is hidden liquid, however dark.
        if glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y)) {
            run.empty = false;
        }
    }
    Profile { runs, glyphs, top: r.y0, width: w, bottom }
}

/// Brightest channel of the dark grey cell a hidden layer is drawn as, and
/// the largest spread between its channels (it is grey). Set when the
/// reader was built (commit 1a0e966) on the games in ../shared/water_screens.
pub const HIDDEN_CELL_MAX_CHANNEL: u8 = 110;
pub const HIDDEN_CELL_MAX_SPREAD: u8 = 28;

/// Whether a colour is the dark grey of a hidden layer's cell.
pub fn is_dark_grey(color: [u8; 3]) -> bool {
    let (lo, hi) = (*color.iter().min().expect("three channels"), *color.iter().max().expect("three channels"));
    hi < HIDDEN_CELL_MAX_CHANNEL && hi - lo < HIDDEN_CELL_MAX_SPREAD
}

/// Rows where a dark strip holds a cluster of near-white pixels, grouped into
/// glyphs (gaps of a few rows allowed: the dot of a `?`); their centre rows.
fn glyph_centres(img: &RgbImage, x0: u32, x1: u32, y0: u32, y1: u32, prof: &[[u8; 3]]) -> Vec<u32> {
    let is_glyph_row = |y: u32| {
        let dark = is_dark_grey(prof[(y - y0) as usize]);
        // Only the middle third: a `?` is centred, while a round bottom's
        // outline enters the strip from its sides.
        let third = ((x1 - x0) / 3).max(1);
        let middle = (x0 + third..x1 - third).filter(|&x| img.get_pixel(x, y).0.iter().all(|&v| v >= 190)).count();
        // A glyph is a few strokes; a row bright across the whole middle is
        // an outline or a highlight.
        dark && middle * 36 >= (x1 - x0) as usize && middle * 10 <= third as usize * 9
    };
    let mut centres = Vec::new();
    let mut start: Option<u32> = None;
    let mut last = 0;
    for y in y0..y1 {
        if is_glyph_row(y) {
            start.get_or_insert(y);
            last = y;
        } else if let Some(s) = start
            && y > last + 7
        {
            if last - s >= 4 {
                centres.push((s + last) / 2);
            }
            start = None;
        }
    }
    if let Some(s) = start
        && last - s >= 4
    {
        centres.push((s + last) / 2);
    }
    centres
}

/// Layer height and capacity shared by all tubes of a screenshot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlotGeometry {
    pub layer_height: f32,
    pub capacity: usize,
    /// Rows to add to each profile's `bottom` to reach the liquid's bottom.
    pub bottom_shift: f32,
    /// The tallest tube's height in layers (capacity is this, rounded down).
    pub height_in_layers: f32,
}

/// Finds the layer height that puts nearly every run boundary of every tube
/// at a whole number of layers above that tube's liquid bottom; then how many
/// layers fit in the tube.
pub fn slot_geometry(profiles: &[Profile]) -> Option<SlotGeometry> {
    // (distance above the liquid bottom, expected fraction of a layer):
    // run starts sit on layer boundaries, glyph centres in the middle.
    let mut distances: Vec<(f32, f32)> = Vec::new();
    let mut interior: Vec<f32> = Vec::new();
    for p in profiles {
        interior.push((p.bottom - p.top) as f32);
        // Short runs are rims and surface highlights, not layers: in every
        // theme measured a layer is 0.65-0.8 of the tube's width tall, rims
        // and highlights under 0.2. The start of an empty run is the rim,
        // not a layer boundary.
        // Hidden layers look alike, so a boundary between two runs that
        // both hold `?` glyphs is shading (a lighter rounded bottom), not
        // a layer boundary.
        let holds_glyph = |run: &Run| p.glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y));
        for (i, run) in p.runs.iter().enumerate() {
            let shading = i > 0 && holds_glyph(run) && holds_glyph(&p.runs[i - 1]);
            if !run.empty && !shading && run.y0 > p.top + 2 && (run.y1 - run.y0) * 10 >= p.width * 3 {
                distances.push(((p.bottom - run.y0) as f32, 0.0));
            }
        }
        distances.extend(p.glyphs.iter().map(|&y| ((p.bottom - y) as f32, 0.5)));
    }
    let tallest = interior.iter().cloned().fold(0.0, f32::max);
    if distances.is_empty() || tallest <= 0.0 {
        return None;
    }
    // Hidden layers sit together, one glyph each, so consecutive glyphs of a
    // tube are one layer apart, whatever shading splits their block into
    // runs. Without two glyphs in a tube: a block's length over its glyphs.
    let mut per_glyph: Vec<f32> =
        profiles.iter().flat_map(|p| p.glyphs.windows(2).map(|w| w[1].abs_diff(w[0]) as f32)).collect();
    if per_glyph.is_empty() {
        per_glyph = profiles
            .iter()
            .flat_map(|p| {
                p.runs.iter().filter_map(|run| {
                    let n = p.glyphs.iter().filter(|&&y| (run.y0..run.y1).contains(&y)).count();
                    (n > 0).then(|| (run.y1 - run.y0) as f32 / n as f32)
                })
            })
            .collect();
    }
    per_glyph.sort_by(f32::total_cmp);
    let glyph_h = per_glyph.get(per_glyph.len() / 2).copied();
    let plausible = |h: f32| glyph_h.is_none_or(|g| (h - g).abs() <= g * 0.15);
    let fits = |h: f32, shift: f32| {
        let good = distances
            .iter()
            .filter(|&&(d, offset)| {
                let layers = (d + shift) / h - offset;
                let k = layers.round();
                k >= 1.0 - offset && (layers - k).abs() <= 0.15
            })
            .count();
        good as f32 / distances.len() as f32
    };
    // The liquid's true bottom may sit a little below the last clean run
    // (a rounded bottom darkens near the outline): fit a shared shift too.
    // The best-explaining height; of heights nearly as good, the largest
    // (half a layer explains the same boundaries but not the glyphs, and
    // fits more tightly).
    let candidates: Vec<(f32, f32, f32)> = (0..)
        .map(|i| tallest / 1.5 - 0.25 * i as f32)
        .take_while(|&h| h >= tallest / 9.0)
        .filter(|&h| plausible(h))
        .map(|h| {
            let (shift, fit) = (0..=16)
                .map(|s| (s as f32 * 0.5, fits(h, s as f32 * 0.5)))
                .fold((0.0, -1.0), |best, c| if c.1 > best.1 + 1e-6 { c } else { best });
            (h, shift, fit)
        })
        .collect();
    let &(best_h, best_shift, best) = candidates.iter().fold(None, |acc: Option<&(f32, f32, f32)>, c| match acc {
        Some(a) if a.2 >= c.2 => Some(a),
        _ => Some(c),
    })?;
    if best < 0.6 {
        return None;
    }
    // Half a layer explains every boundary a whole layer does: when a
    // multiple of the best height explains nearly as much, it is the layer.
    let (coarse_h, coarse_shift) = [4.0, 3.0, 2.0]
        .iter()
        .map(|&m| best_h * m)
        .filter(|&h| h <= tallest && plausible(h))
        .find_map(|h| {
            let (shift, fit) = (0..=16)
                .map(|s| (s as f32 * 0.5, fits(h, s as f32 * 0.5)))
                .fold((0.0, -1.0), |b, c| if c.1 > b.1 + 1e-6 { c } else { b });
            (fit >= best - 0.08).then_some((h, shift))
        })
        .unwrap_or((best_h, best_shift));
    // Glyph centres sit a little off the slot centres, so with glyphs the
    // least-squares refit would trade accuracy for their bias.
    let (h, shift) = if glyph_h.is_some() {
        // Refit on the layer boundaries alone, and keep it only if it still
        // agrees with the glyphs.
        let boundaries: Vec<(f32, f32)> = distances.iter().copied().filter(|&(_, offset)| offset == 0.0).collect();
        let (h, shift) = refine(&boundaries, coarse_h, coarse_shift);
        if boundaries.len() >= 3 && plausible(h) { (h, shift) } else { (coarse_h, coarse_shift) }
    } else {
        refine(&distances, coarse_h, coarse_shift)
    };
    // Heights in layers of the median tube: a corked or decorated tube
    // stands taller than the rest.
    let median_height = |h: f32, shift: f32| {
        let mut v: Vec<f32> = profiles.iter().map(|p| (p.bottom as f32 + shift - p.top as f32) / h).collect();
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    let capacity_for = |h: f32, shift: f32| (median_height(h, shift) + 0.05).floor() as usize;
    // When every boundary falls on an even layer, twice the layer height
    // explains them just as well; real games hold 4 to 6 layers, so a tube
    // of one or two layers means the height must be split.
    let (h, shift) = if capacity_for(h, shift) < 3 {
        [2.0, 3.0]
            .iter()
            .map(|&d| (h / d, shift))
            .find(|&(h, shift)| (3..=8).contains(&capacity_for(h, shift)))
            .unwrap_or((h, shift))
    } else {
        (h, shift)
    };
    let height_in_layers = median_height(h, shift);
    Some(SlotGeometry { layer_height: h, capacity: capacity_for(h, shift), bottom_shift: shift, height_in_layers })
}

/// Least squares on the evidence the coarse grid explains: each inlier says
/// `d + shift = (k + offset) · h` with its `k` fixed, which is linear in
/// `h` and `shift`. The coarse search trades height against shift; this
/// settles both.
fn refine(distances: &[(f32, f32)], h: f32, shift: f32) -> (f32, f32) {
    let (mut h, mut shift) = (h, shift);
    for _ in 0..3 {
        // Rows: x = k + offset, y = d; fit y = h·x − shift.
        let points: Vec<(f32, f32)> = distances
            .iter()
            .filter_map(|&(d, offset)| {
                let layers = (d + shift) / h - offset;
                let k = layers.round();
                (k >= 1.0 - offset && (layers - k).abs() <= 0.15).then_some((k + offset, d))
            })
            .collect();
        let n = points.len() as f32;
        if n < 2.0 {
            break;
        }
        let (sx, sy) = points.iter().fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
        let (mx, my) = (sx / n, sy / n);
        let sxx: f32 = points.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum();
        if sxx < 1e-3 {
            break;
        }
        let sxy: f32 = points.iter().map(|&(x, y)| (x - mx) * (y - my)).sum();
        h = sxy / sxx;
        shift = h * mx - my;
    }
    (h, shift)
}

/// The slot rectangles of a tube, bottom first.
pub fn slot_rects(tube: &TubeBox, profile: &Profile, geometry: &SlotGeometry) -> Vec<Rect> {
    let r = tube.outer;
    (0..geometry.capacity)
        .map(|k| {
            let y1 = profile.bottom as f32 + geometry.bottom_shift - k as f32 * geometry.layer_height;
            let y0 = y1 - geometry.layer_height;
            Rect { x0: r.x0, y0: y0.max(0.0) as u32, x1: r.x1, y1: y1.max(0.0) as u32 }
        })
        .collect()
}

/// Samples one slot: the middle half of its rows and the middle 60% of the
/// tube's width.
pub fn sample_slot(img: &RgbImage, slot: &Rect) -> ([u8; 3], f32) {
    let (w, h) = (slot.width(), slot.height());
    let (x0, x1) = (slot.x0 + w / 5, slot.x1 - w / 5);
    let (y0, y1) = (slot.y0 + h / 4, slot.y1 - h / 4);
    let mut ch: [Vec<u8>; 3] = Default::default();
    let mut bright = 0usize;
    let mut n = 0usize;
    for y in y0..y1.max(y0 + 1) {
        for x in x0..x1.max(x0 + 1) {
            let p = img.get_pixel(x.min(img.width() - 1), y.min(img.height() - 1)).0;
            for c in 0..3 {
                ch[c].push(p[c]);
            }
            if p.iter().all(|&v| v >= 200) {
                bright += 1;
            }
            n += 1;
        }
    }
    let med = |v: &mut Vec<u8>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    ([med(&mut ch[0]), med(&mut ch[1]), med(&mut ch[2])], bright as f32 / n.max(1) as f32)
}

/// The median colour of the board next to a tube, level with a slot when
/// there is room: in the middle of the gap to the next tube (or the screen
/// edge), else just above the tube.
pub fn sample_beside(img: &RgbImage, tube: &Rect, slot: &Rect, others: &[Rect]) -> [u8; 3] {
    let w = tube.width();
    let same_row = |o: &&Rect| o.y0 < tube.y1 && tube.y0 < o.y1;
    let right_end =
        others.iter().filter(same_row).filter(|o| o.x0 >= tube.x1).map(|o| o.x0).min().unwrap_or(img.width());
    let left_end = others.iter().filter(same_row).filter(|o| o.x1 <= tube.x0).map(|o| o.x1).max().unwrap_or(0);
    let h = slot.height();
    let (y0, y1) = (slot.y0 + h / 4, (slot.y1 - h / 4).max(slot.y0 + h / 4 + 1));
    let patch = if right_end - tube.x1 >= w / 3 {
        let gap = right_end - tube.x1;
        Rect { x0: tube.x1 + gap / 3, y0, x1: tube.x1 + gap * 2 / 3, y1 }
    } else if tube.x0 - left_end >= w / 3 {
        let gap = tube.x0 - left_end;
        Rect { x0: left_end + gap / 3, y0, x1: left_end + gap * 2 / 3, y1 }
    } else {
        let above = tube.y0.saturating_sub(w / 3);
        Rect { x0: tube.x0 + w / 4, y0: above, x1: tube.x1 - w / 4, y1: above + (w / 6).max(1) }
    };
    let mut ch: [Vec<u8>; 3] = Default::default();
    for y in patch.y0..patch.y1.min(img.height()) {
        for x in patch.x0..patch.x1.min(img.width()) {
            let p = img.get_pixel(x, y).0;
            for c in 0..3 {
                ch[c].push(p[c]);
            }
        }
    }
    let mut out = [0u8; 3];
    for c in 0..3 {
        ch[c].sort_unstable();
        out[c] = ch[c].get(ch[c].len() / 2).copied().unwrap_or(0);
    }
    out
}
