//! Least-squares refits of the layer grid: the searched grid settled on
//! the evidence it explains, and the unit read from the `?` glyphs'
//! spacing where the boundaries alone do not fix it.

use super::{Evidence, LAYER_TOLERANCE};

/// Whether `boundaries` lie on two layers or more of the grid of height
/// `h` moved by `shift`: else they fix the liquid's bottom but not the
/// unit (three full tubes of one top layer over hidden ones, each with
/// one boundary six layers up).
pub(super) fn spans_layers(boundaries: &[Evidence], h: f32, shift: f32) -> bool {
    let mut layers = boundaries.iter().filter_map(|e| e.layer(h, shift));
    layers.next().is_some_and(|first| layers.any(|k| k != first))
}

/// The grid read from the glyphs' spacing and the boundaries' rows, where
/// the boundaries alone do not fix the unit ([`spans_layers`]): glyphs
/// stand one a layer, so the slope of their rows over their layers, within
/// each tube, is the unit; where each stands in its cell is the glyph's
/// own drawing (a `?`'s hook over its dot sits a few rows over the cell's
/// middle), so their offset is not trusted, and the bottom is fitted to
/// the boundaries alone. The coarse search cannot tell a unit from one a
/// few rows taller when every boundary sits at one layer: both explain
/// all within their tolerance (test 1000202: glyphs 81 rows apart, the
/// grid 83, capacity 6 for 7). Where no run starts on a boundary at all,
/// the glyphs fit the bottom too, each in the middle of the layer the
/// searched grid puts it in: their offset is all the picture says.
/// `None` without two glyphs of one tube, or with boundaries of which
/// none is on the grid. ([`super::settle`] leaves it where a glyph then
/// stands off its layer's middle: a ball's top, a padding over the gap
/// under it, put the bottom a fifth of a layer off in tuning 1920.)
pub(super) fn by_glyph_spacing(evidence: &[Evidence], h: f32, shift: f32) -> Option<(f32, f32)> {
    let glyphs: Vec<(usize, f32, f32)> = evidence
        .iter()
        .filter(|e| e.offset > 0.0)
        .filter_map(|e| Some((e.tube, e.layer(h, shift)? as f32, e.d)))
        .collect();
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for tube in glyphs.iter().map(|g| g.0).collect::<std::collections::BTreeSet<_>>() {
        let own: Vec<(f32, f32)> = glyphs.iter().filter(|g| g.0 == tube).map(|g| (g.1, g.2)).collect();
        let n = own.len() as f32;
        let (mx, my) = own.iter().fold((0.0, 0.0), |(a, b), &(x, y)| (a + x / n, b + y / n));
        sxy += own.iter().map(|&(x, y)| (x - mx) * (y - my)).sum::<f32>();
        sxx += own.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum::<f32>();
    }
    if sxx < 1e-3 {
        return None;
    }
    let unit = sxy / sxx;
    // The boundaries on the searched grid; where it explains none (the
    // glyphs, many, drew it off them: test 1000224 at 1.6 times, a
    // quarter of a layer), those on the glyphs' unit from the liquid's
    // own bottom.
    let on = |h: f32, shift: f32| -> Vec<f32> {
        evidence
            .iter()
            .filter(|e| e.offset == 0.0)
            .filter_map(|e| Some(e.layer(h, shift)? as f32 * unit - e.d))
            .collect()
    };
    // With no boundary at all, each glyph in the middle of its layer.
    let on = if evidence.iter().all(|e| e.offset > 0.0) {
        glyphs.iter().map(|&(_, k, d)| (k + 0.5) * unit - d).collect()
    } else {
        Some(on(h, shift)).filter(|on| !on.is_empty()).unwrap_or_else(|| on(unit, 0.0))
    };
    (!on.is_empty()).then(|| (unit, on.iter().sum::<f32>() / on.len() as f32))
}

/// Whether the glyphs of `evidence` stand alike in their cells on the grid
/// of height `h` moved by `shift`, that grid's bottom being where the
/// liquid ends: each glyph within [`LAYER_TOLERANCE`] of the glyphs' common
/// place in their cells, and the bottom moved less than that. Where a
/// glyph is found without part of its drawing (a small `?`'s dot lost,
/// test 1000224: each hook's strokes a quarter of a layer over its cell's
/// middle), every glyph stands off its middle alike, and the searched
/// grid, drawn by the glyphs alone, explains no boundary; the grid of
/// their spacing on the liquid's own bottom is then the grid. A bottom
/// put off by a ball's padding ([`by_glyph_spacing`], tuning 1920) is
/// moved by more.
pub(super) fn glyphs_alike_on_bottom(evidence: &[Evidence], h: f32, shift: f32) -> bool {
    let off: Vec<f32> = evidence
        .iter()
        .filter(|e| e.offset > 0.0)
        .map(|e| {
            let x = (e.d + shift) / h - e.offset;
            x - x.round()
        })
        .collect();
    let mean = off.iter().sum::<f32>() / off.len().max(1) as f32;
    !off.is_empty() && shift.abs() <= h * LAYER_TOLERANCE && off.iter().all(|o| (o - mean).abs() <= LAYER_TOLERANCE)
}

/// Least squares on the evidence the coarse grid explains: each inlier says
/// `d + shift = (k + offset) · h` with its `k` fixed, which is linear in
/// `h` and `shift`. The coarse search trades height against shift; this
/// settles both.
pub(super) fn refine(distances: &[Evidence], h: f32, shift: f32) -> (f32, f32) {
    let (mut h, mut shift) = (h, shift);
    for _ in 0..3 {
        // Rows: x = k + offset, y = d; fit y = h·x − shift.
        let points: Vec<(f32, f32)> =
            distances.iter().filter_map(|e| Some((e.layer(h, shift)? as f32 + e.offset, e.d))).collect();
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

#[cfg(test)]
mod tests;
