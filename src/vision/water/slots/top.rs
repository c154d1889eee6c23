//! A vessel's top, where a profile read down from the body's top measured
//! starts: the rim's stroke left out, and the liquid followed up where its
//! top layer goes on above the body's top measured (a cone taken for neck,
//! or a bulb's or flask's neck, which the liquid's top layer reaches).

use image::RgbImage;
use palette::Lab;

use super::glyphs::is_dark_grey;
use super::{Profile, RUN_STEP, Run, color_distance, glyphs_again, row_colors, runs};
use crate::geometry::Rect;
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::vision::water::MIN_LAYER_ROWS;
use crate::vision::water::board::{board_at_walls, looks_empty, sample_beside};
use crate::vision::water::grid::SURFACE_GAP;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::vessels::Vessel;

/// Raises `p`'s top (read from the body's top of `vessel`, keeping runs
/// of `least_run` rows) to where its liquid's top layer starts, where
/// that is above it. `others` are all vessels' boxes.
pub(super) fn raise_to_liquid_top(img: &RgbImage, vessel: &Vessel, others: &[Rect], least_run: u32, p: &mut Profile) {
    let r = vessel.outer;
    // Liquid stands in the body, never in a neck: where the top run of
    // liquid goes on above the body's top measured (a cone that narrows
    // slowly into its neck is taken for neck a layer or two down), the
    // body reaches as high as that colour does. A colour that goes on up
    // to the rim is the vessel's tinted glass, not liquid: the liquid's
    // top has glass (or a cork) above it, a run as long as a layer's
    // shortest that starts below the rim (the rim's own stroke, or glass
    // tinted alike up to it, starts on it); nor does it rise far.
    // Whether the top run starts on the body's top with no more of its
    // colour above it: a layer of another liquid may stand there.
    let mut on_top = false;
    // Whether a `?` glyph is centred under the body's top, within half a
    // band of it.
    let glyph_at_top = p.glyphs.iter().any(|&g| g >= p.top && ((g - p.top) as f32) < vessel.band_height / 2.0);
    if let Some(first) = p.runs.first().copied().filter(|run| !run.empty && run.y0 <= p.top + 1) {
        let like_first = |c: &&[u8; 3]| color_distance(**c, first.color) <= RUN_STEP;
        // The rows of the first run's colour over the body's top, and
        // whether glass stands over them, in the rows from `from` down.
        let over_top = |from: u32, rim: Option<u32>| {
            let above = row_colors(img, p.columns.0, p.columns.1, from, p.top, 1);
            // A `?` glyph the body's top measured cuts (its top rows above
            // it, fewer than half a cell's): the hidden cell goes on over
            // the glyph (test 1001038: flasks whose cone was taken for
            // neck down to the first glyph's hook).
            let glyph_rows = above.iter().rev().take_while(|c| !like_first(c)).count();
            let glyph = if glyph_at_top && (glyph_rows as f32) < vessel.band_height / 2.0 { glyph_rows } else { 0 };
            let over_glyph = above.iter().rev().skip(glyph).take_while(like_first).count();
            // (With no glyph skipped, the rows of its colour straight above.)
            let more = if over_glyph > 0 { glyph + over_glyph } else { 0 };
            let rest = above.len() - more;
            let glass = glass_over(&above[..rest], p.shortest_layer, rim);
            (more, glass, above)
        };
        let from = r.y0.min(p.top);
        let (mut more, mut glass_above, above) = over_top(from, Some(RIM_ROWS));
        let rest = &above[..above.len() - more];
        // The box's rows over that colour mostly the outline's stroke,
        // which stands under the liquid too: on either side of the bottom
        // measured, which a thick bottom stroke may put under it (tuning
        // 3616: soda bottles' tinted necks).
        let on_rim = || {
            let gap = SURFACE_GAP + 1;
            let strokes = strip_rows(img, p, p.bottom.saturating_sub(gap), p.bottom + gap);
            !rest.is_empty() && 2 * rest.iter().filter(|&&c| is_among(&strokes, c)).count() >= rest.len()
        };
        // Where the box starts on the liquid's top, its rows leave no room
        // for the glass over it (a flask's faint neck over a pale board,
        // its box traced round the liquid: tuning 462): the glass is
        // looked for above the box, as far as the liquid may rise, and
        // the liquid's colour must end within the box's top rows there.
        // Not where those rows are the outline's stroke: the box starts
        // on the rim, and the vessel ends there (tuning 1917, 3616: soda
        // bottles whose tinted neck, under the cap's stroke, would rise).
        let rise = MAX_RISE_BANDS * vessel.band_height;
        if !glass_above && more > 0 && (rest.len() as u32) < p.shortest_layer + SURFACE_GAP && !on_rim() {
            let (beyond, glass, _) = over_top(from.saturating_sub(rise as u32), None);
            if glass && beyond <= more + SURFACE_GAP as usize {
                (more, glass_above) = (beyond, true);
            }
        }
        let rises = glass_above && more as f32 <= rise;
        if rises {
            p.top = first.y0 - more as u32;
            p.runs[0].y0 = p.top;
        }
        on_top = more == 0 || rises;
    }
    if let Some(first) = p
        .runs
        .first()
        .filter(|run| !run.empty && (on_top || run.y0 > p.top + 1) && run.y0 < p.top + least_run.max(SURFACE_GAP + 1))
        && first.y0 >= r.y0.min(p.top) + 2
    {
        // The body's top measured inside a layer: a sliver too short for a
        // run above the first, of another colour, which goes on up above
        // the body's top (tuning 546: a cone measured a layer low left 3
        // rows of its top layer). That layer is taken whole, on the same
        // terms: glass above it, and no higher than the rise allowed. So is
        // a whole layer of another colour standing on the body's top
        // (tuning 272: tall flasks whose cone was taken for neck from the
        // top layer's boundary up).
        // Two rows at least stand above the first run: the sliver's colour
        // is read a row clear of the boundary.
        // Where the box starts at the body's top (a bulb's or flask's, its
        // neck over it), up into the neck too: the sliver's layer goes on
        // there (liquid is drawn clipped by the vessel's shape, neck and
        // all), as far as it may rise, and the glass over it is the neck's
        // (no rim starts it).
        let into_neck = r.y0 >= p.top;
        // A `?` glyph's stroke that the strip's median shows as a run of
        // its own, the hidden cell's shade over it too short for one: the
        // layer over it stands on the cell, not on the glyph (test
        // 1001832: a flask's body top measured in the cell, 6 rows over
        // a glyph's bar, the top layer above it in the cone taken for neck).
        let cell = cell_over_glyph(img, p, first, r.y0);
        let first = cell.unwrap_or(*first);
        let looked = if into_neck { Over::Neck } else { Over::Box };
        // Where the box's own rows over the layer leave no room for the
        // glass (the outline traced up to the liquid's top only, its
        // faint stroke lost beside the liquid's strong edge: test 1001831,
        // flasks on lined paper), the glass is looked for beyond the box,
        // as up a neck.
        let layer = match layer_over(img, vessel, others, p, &first, looked) {
            Err(NoGlass::Unseen) if !into_neck => layer_over(img, vessel, others, p, &first, Over::Beyond).ok(),
            found => found.ok(),
        };
        if let Some(layer) = layer {
            if cell.is_some() {
                p.runs[0] = first;
            }
            p.runs.insert(0, layer);
            p.top = layer.y0;
        }
    }
}

/// Where the layer over a profile's first run is looked for: in the box
/// (glass over it, its rim's rows left out), up a neck over a box that
/// starts at the body's top, or beyond a box that ends on the layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Over {
    Box,
    Neck,
    Beyond,
}

/// Why no layer was taken over the first run: the rows looked at leave no
/// room for glass over the layer (fewer than a layer's shortest), or some
/// other rule said no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NoGlass {
    Unseen,
    Refused,
}

/// The whole layer of another colour over `first` (a sliver too short for
/// a run, or a layer standing on the body's top), with glass over it, in
/// the rows `over` says.
fn layer_over(
    img: &RgbImage,
    vessel: &Vessel,
    others: &[Rect],
    p: &Profile,
    first: &Run,
    over: Over,
) -> Result<Run, NoGlass> {
    let r = vessel.outer;
    // (A hidden cell over a glyph's run may start above the body's top.)
    let top = p.top.min(first.y0);
    let rise = if over == Over::Box { 0 } else { (MAX_RISE_BANDS * vessel.band_height) as u32 };
    let above = row_colors(img, p.columns.0, p.columns.1, r.y0.min(top).saturating_sub(rise), first.y0, 1);
    // A hidden cell's shade going on up to the box's top leaves no row.
    if above.is_empty() {
        return Err(NoGlass::Refused);
    }
    // Its colour a row clear of the boundary with the first run: each
    // channel's median of three rows there, as one row of a JPEG's edge
    // may stand a run's step off its layer (fresh 89120: a salmon layer
    // over hidden cells, its row over the edge 30 redder than the rows
    // over it, so 2 rows of the layer's 40 were taken).
    let sliver = sliver_color(&above);
    let more = above.iter().rev().skip(1).take_while(|c| color_distance(**c, sliver) <= RUN_STEP).count() + 1;
    let rest = above.len() - more;
    let glass_above = glass_over(&above[..rest], p.shortest_layer, (over == Over::Box).then_some(RIM_ROWS));
    let another = color_distance(sliver, first.color) > RUN_STEP;
    // The layer taken whole spans at least the rows a layer must to
    // be measured at all (a few rows over a tiny bulb are noise).
    let layer_rows = (first.y0 - top) as usize + more;
    // A sliver taller than the anti-aliased edge is a run too short to
    // keep (under `least_run`), cut by the body's top measured: it is
    // one colour from the body's top down (test 1000187: a bulb's top
    // layer, 16 rows of 38 under the body's top and the rest in its
    // neck), not glass and a lit surface over a liquid.
    let one_colour = first.y0 <= top + SURFACE_GAP || more + 1 >= (first.y0 - top) as usize;
    let layer = another
        && one_colour
        && more as u32 >= p.shortest_layer
        && layer_rows as f32 >= MIN_LAYER_ROWS
        && more as f32 <= MAX_RISE_BANDS * vessel.band_height;
    // The box's rows over the layer mostly the outline's stroke: the box
    // starts on the rim, and the vessel ends there (test 3875: a bulb's
    // neck glass over a purple board, under the rim's white stroke).
    let on_rim = || rest > 0 && 2 * above[..rest].iter().filter(|&&c| stroke_under(img, p, c)).count() >= rest;
    if layer && !glass_above && (rest as u32) < p.shortest_layer + SURFACE_GAP && !on_rim() {
        return Err(NoGlass::Unseen);
    }
    if !layer || !glass_above {
        return Err(NoGlass::Refused);
    }
    let y0 = first.y0 - more as u32;
    let color = above[above.len() - 1 - more / 2];
    // A layer taken up into the neck is liquid, unlike the board
    // beside it (in the gap's middle or just outside a wall): a
    // box that starts a few rows over the liquid's top, on a
    // ball's shaded top or an edge, has glass over it up to the
    // rim, which looks like the board (test 1000300, 1000305: the
    // headroom of full tubes of balls taken for a fourth ball;
    // tuning 3854: glass over a cloud, unlike the gap's middle
    // but like the board outside the walls).
    // Nor is it the outline's stroke, drawn over the rim of a
    // vessel without a neck, as under its bottom (tuning 1728: a
    // wine glass's rim, 3 rows under the box's top and 5 over it,
    // taken for an eighth layer).
    let like_board = || {
        let band = Rect { x0: r.x0, y0, x1: r.x1, y1: first.y0 };
        let [left, right] = board_at_walls(img, &r, &band, others);
        let boards = [Some(sample_beside(img, &r, &band, others)), left, right];
        boards.into_iter().flatten().any(|b| looks_empty(color, b))
    };
    if over != Over::Box && (like_board() || stroke_under(img, p, sliver)) {
        return Err(NoGlass::Refused);
    }
    Ok(Run { y0, y1: first.y0, color, empty: false })
}

/// The colour of the rows `above` a run a row clear of its boundary (the
/// last row): each channel's median of the three rows over that one, or
/// the one row where fewer stand there.
fn sliver_color(above: &[[u8; 3]]) -> [u8; 3] {
    let n = above.len();
    if n < 4 {
        return above[n.saturating_sub(2)];
    }
    median_color(&above[n - 4..n - 1])
}

/// The hidden cell over a `?` glyph's stroke that `first` is: the run
/// from the top of the cell's shade straight over it (up to `ceiling`,
/// the box's top) down to the stroke's end, in the cell's colour; `None`
/// where `first` is of the cells' shade itself or holds no glyph's
/// centre, or no row of the shade stands over it.
fn cell_over_glyph(img: &RgbImage, p: &Profile, first: &Run, ceiling: u32) -> Option<Run> {
    let stroke = !is_dark_grey(first.color) && p.glyphs.iter().any(|g| (first.y0..first.y1).contains(g));
    if !stroke || first.y0 <= ceiling {
        return None;
    }
    let over = row_colors(img, p.columns.0, p.columns.1, ceiling, first.y0, 1);
    let shade = over.iter().rev().take_while(|&&c| is_dark_grey(c)).count();
    let color = *over.last().filter(|_| shade > 0)?;
    Some(Run { y0: first.y0 - shade as u32, y1: first.y1, color, empty: false })
}

/// Whether `color` is the outline's stroke under the liquid's bottom
/// (within one colour's spread, starting at most an anti-aliased edge
/// under it), down the profile's strip.
fn stroke_under(img: &RgbImage, p: &Profile, color: [u8; 3]) -> bool {
    is_among(&strip_rows(img, p, p.bottom, p.bottom + SURFACE_GAP + 1), color)
}

/// The profile's strip's row colours (CIELAB) from `y0` to `y1`, cut at
/// the picture's bottom.
fn strip_rows(img: &RgbImage, p: &Profile, y0: u32, y1: u32) -> Vec<Lab> {
    let y1 = y1.min(img.height());
    if y1 <= y0 {
        return Vec::new();
    }
    row_colors(img, p.columns.0, p.columns.1, y0, y1, 1).into_iter().map(to_lab).collect()
}

/// Whether `color` is within one colour's spread of one of `rows`.
fn is_among(rows: &[Lab], color: [u8; 3]) -> bool {
    let lab = to_lab(color);
    rows.iter().any(|&r| delta_e(r, lab) < SAME_COLOR_MAX_DELTA_E)
}

/// Leaves out of a vessel's profile a first run that is its rim's stroke,
/// not liquid: a thick outline drawn across the body's top (a wine glass's
/// rim, 5 rows of a 360 px screenshot, as tall as a layer of seven) is a
/// run the liquid finder's box starts on, and counted as liquid it makes
/// the vessel a layer taller (tuning 4311, 9405: capacity 8 or 9 read for
/// 7). The outline is one stroke all round, so the stroke across the
/// body's top is the colour of the one under the liquid's bottom: a run
/// starting on the body's top whose colour (within one colour's spread)
/// starts under the bottom at once (under the last liquid's rows, where
/// they go on under the bottom measured) and goes on for at least half
/// its height is the stroke, and the body starts below it. (Counted anywhere
/// under the bottom, a dark green top layer matched the dark board under
/// a flask, tuning 4835.)
pub(super) fn drop_rim_stroke(img: &RgbImage, p: &mut Profile) {
    let on_top = |run: &&Run| !run.empty && run.y0 <= p.top + SURFACE_GAP;
    let Some(&first) = p.runs.first().filter(on_top).filter(|_| p.runs.len() >= 2) else { return };
    let height = first.y1 - first.y0;
    let end = (p.bottom + 2 * height + SURFACE_GAP).min(img.height());
    if end <= p.bottom {
        return;
    }
    let under = row_colors(img, p.columns.0, p.columns.1, p.bottom, end, 1);
    let near = |c: &[u8; 3], lab: Lab| delta_e(to_lab(*c), lab) < SAME_COLOR_MAX_DELTA_E;
    let stroke = to_lab(first.color);
    let like = |c: &[u8; 3]| near(c, stroke);
    // The last liquid may go on a few rows under the bottom measured (an
    // enlarged copy blurs the bottom's edge over more rows than an edge
    // spans): the stroke starts at once under where it ends (fresh 89294:
    // wine glasses full to their rim, doubled, the stroke 2 rows under
    // the red bottom layer's last rows). A liquid of the stroke's colour
    // is not followed: its rows and the stroke's are not told apart.
    let last = p.runs.last().filter(|r| !r.empty && !like(&r.color)).map(|r| to_lab(r.color));
    let liquid = last.map_or(0, |l| under.iter().take_while(|c| near(c, l)).count());
    let Some(start) = under.iter().skip(liquid).take(SURFACE_GAP as usize + 1).position(like).map(|i| i + liquid)
    else {
        return;
    };
    let thick = under[start..].iter().take_while(|c| like(c)).count() as u32;
    if thick * 2 >= height {
        p.runs.remove(0);
        p.top = first.y1;
    }
}

/// Whether the rows `above` a liquid's top end in glass: a run as long as
/// a layer's `shortest` that starts below the rim, with under a layer's
/// rows between it and the liquid (an edge, or the liquid's lit surface:
/// 10 rows over the liquid's top in tuning 157's corked flasks at 720 px).
/// Where `above` starts on the rim, the run starts over `rim` rows below.
fn glass_over(above: &[[u8; 3]], shortest: u32, rim: Option<u32>) -> bool {
    let gap = SURFACE_GAP.max(shortest.saturating_sub(1)) as usize;
    runs(above, 0, shortest)
        .last()
        .is_some_and(|run| run.y1 as usize + gap >= above.len() && rim.is_none_or(|rim| run.y0 > rim))
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

/// Seeks glyphs over `p`'s top, where its first row is a hidden cell's
/// and the strip stays that dark on up (within box `r`): a vessel that
/// narrows into a neck holds its upper cells above the body the liquid
/// finder measured, and their glyphs, one a cell, tell the grid that it
/// stops short of the liquid (fresh 88001: flasks of four hidden cells
/// under a shown layer, the body's top found nearly two layers under
/// the liquid's).
/// Kept where it finds more glyphs than the profile has; the profile's
/// top and runs stay as measured.
pub(super) fn glyphs_above_top(img: &RgbImage, r: &Rect, p: &mut Profile) {
    let (x0, x1) = p.columns;
    let dark = |y: u32| is_dark_grey(row_colors(img, x0, x1, y, y + 1, 1)[0]);
    if p.top >= p.bottom || !dark(p.top) {
        return;
    }
    let above = (r.y0..p.top).rev().take_while(|&y| dark(y)).count() as u32;
    if above == 0 {
        return;
    }
    let rows = (p.top - above, p.bottom);
    glyphs_again(img, r, p, rows);
}

#[cfg(test)]
mod tests;
