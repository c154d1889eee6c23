//! The hidden layers' cells and the glyphs on them: a cell is dark and of
//! little colour; its glyph's strokes are white or far brighter than it,
//! in the middle of the tube's strip, and the glyphs of hidden layers
//! stacked down a tube stand evenly apart, one in each hidden slot.

use image::RgbImage;

mod rhythm;

use super::is_stroke_above;
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::median_color;
use rhythm::{continued, even_spacing, one_per_cell};

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

/// The cell a glyph's slot is drawn on where the slot's median is not it
/// (a narrow bottom brings the pale wall and the glass's highlight streak
/// into the patch, tuning 1723): the median of its pixels too dim to be a
/// stroke on any cell (under [`GLYPH_ABOVE_CELL`] in some channel and in
/// luma), and their share of the patch; `None` where no pixel is.
pub fn cell_under_strokes(pixels: &[[u8; 3]]) -> Option<([u8; 3], f32)> {
    dim_median(pixels, GLYPH_WHITE.min(GLYPH_ABOVE_CELL))
}

/// The median of `pixels` too dim for a stroke as bright as `faintest`
/// (under it in some channel and in luma), and their share; `None` where
/// no pixel is.
fn dim_median(pixels: &[[u8; 3]], faintest: u8) -> Option<([u8; 3], f32)> {
    let dim: Vec<[u8; 3]> = pixels.iter().copied().filter(|&p| !bright_for(p, faintest)).collect();
    (!dim.is_empty()).then(|| (median_color(&dim), dim.len() as f32 / pixels.len() as f32))
}

/// Whether a pixel is as bright as a stroke of `faintest`: in every
/// channel, or in luma.
fn bright_for(p: [u8; 3], faintest: u8) -> bool {
    p.iter().all(|&c| c >= faintest) || super::luma(p) >= faintest as u32 * 256
}

/// A glyph's stroke is at least this bright in every channel (white, as
/// the games in ../shared/water_screens draw it; set when the reader was
/// built, commit 1a0e966)...
const GLYPH_WHITE: u8 = 190;

/// ...or this much brighter than its cell in every channel, or in luma (a
/// coloured stroke, light blue on dark grey in tuning case 1065, whose red
/// channel stands under this above the cell's; a highlight streak is near
/// grey, so it stands as far above in luma as in each channel): a tinted
/// glyph (light grey-green on a dark green-grey cell, tuning seed 1836,
/// where the stroke stood 135-150 above the cell). Not fitted to that
/// case's margin: a stroke half-way from the cell to white on a cell of
/// the lightest grey a hidden cell is drawn in (`HIDDEN_CELL_MAX_LIGHTNESS`,
/// grey 110) stands 72 above it, a highlight streak mixed over dark liquid by a
/// third stands less; 110 keeps clear of both.
pub(super) const GLYPH_ABOVE_CELL: u8 = 110;

/// How far above its cell a stroke of a faint glyph stands, in every
/// channel or in luma: half of [`GLYPH_ABOVE_CELL`]. A small `?` drawn in
/// anti-aliased strokes a pixel wide reaches only part of the way to its
/// white (tuning 3517: 9-pixel glyphs on a cell of grey 72 peak 100
/// above it), as bright as a highlight streak; such strokes count only
/// where their glyphs repeat down the tube, one a layer, four or more
/// ([`MIN_SHORT_GLYPHS`]) or three or more one in the middle of each cell
/// of their dark run ([`one_per_cell`]), each over more of its dark cell, which a
/// streak (one long piece), noise or a ball's curve does not. Half, not
/// fitted.
const FAINT_GLYPH_ABOVE_CELL: u8 = GLYPH_ABOVE_CELL / 2;

/// How bright a glyph's strokes are sought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strokes {
    /// White, or [`GLYPH_ABOVE_CELL`] above the cell.
    Plain,
    /// [`FAINT_GLYPH_ABOVE_CELL`] above the cell, believed only in rhythm.
    Faint,
    /// As [`Strokes::Faint`], every glyph standing in a dark cell kept
    /// without asking their rhythm: for a caller that asks instead that
    /// they stand one in each slot of a grid it was given
    /// ([`faint_glyph_centres`]).
    FaintAnySpacing,
}

/// Rows where a dark strip holds a cluster of near-white pixels, grouped into
/// glyphs (gaps of a few rows allowed: the dot of a `?`); their centre rows.
/// Where none is found, fainter strokes in glyphs that repeat evenly down
/// the strip ([`FAINT_GLYPH_ABOVE_CELL`]).
pub(in crate::vision::water) fn glyph_centres(
    img: &RgbImage,
    x0: u32,
    x1: u32,
    y0: u32,
    y1: u32,
    prof: &[[u8; 3]],
) -> Vec<u32> {
    glyph_spans(img, (x0, x1, y0, y1), prof).into_iter().map(|(s, last)| (s + last) / 2).collect()
}

/// The glyphs [`glyph_centres`] finds in the strip `x0..x1` by `y0..y1`,
/// as their first and last rows of strokes.
pub(in crate::vision::water) fn glyph_spans(
    img: &RgbImage,
    strip: (u32, u32, u32, u32),
    prof: &[[u8; 3]],
) -> Vec<(u32, u32)> {
    let plain = glyphs_of(img, strip, prof, Strokes::Plain);
    // A faint glyph needs a dark grey row under it: a strip with none (most
    // strips of liquid) is not scanned again.
    if plain.is_empty() && prof.iter().any(|&c| is_dark_grey(c)) {
        glyphs_of(img, strip, prof, Strokes::Faint)
    } else {
        plain
    }
}

/// The centre rows of every glyph of strokes at least as bright as a faint
/// one ([`FAINT_GLYPH_ABOVE_CELL`] above its cell) standing in a dark grey
/// cell of the strip `x0..x1` by `y0..y1` (`prof` its row colours), however
/// they stand down it: not believed alone, where only a few hidden layers
/// stand in a tube, but where a grid asks them to stand one in each of
/// its hidden slots ([`glyphs_in_hidden_slots`]).
pub(in crate::vision::water) fn faint_glyph_centres(
    img: &RgbImage,
    strip: (u32, u32, u32, u32),
    prof: &[[u8; 3]],
) -> Vec<u32> {
    let glyphs = glyphs_of(img, strip, prof, Strokes::FaintAnySpacing);
    glyphs.into_iter().map(|(s, last)| (s + last) / 2).collect()
}

/// The glyphs' rows (first and last of their strokes) in the strip `x0..x1`
/// by `y0..y1` (`prof` its row colours), their strokes as bright as
/// `strokes` asks.
fn glyphs_of(
    img: &RgbImage,
    (x0, x1, y0, y1): (u32, u32, u32, u32),
    prof: &[[u8; 3]],
    strokes: Strokes,
) -> Vec<(u32, u32)> {
    let above = match strokes {
        Strokes::Plain => GLYPH_ABOVE_CELL,
        Strokes::Faint | Strokes::FaintAnySpacing => FAINT_GLYPH_ABOVE_CELL,
    };
    // A glyph over half the strip's width (a flask's, 7 pixels of a strip
    // of 12, tuning 1401) is the strip's median colour on its rows: the
    // cell is then the median of the strip widened by a third either
    // side, as the slots are ([`super::slot_rects`]).
    let side = (x1 - x0) / 3;
    let wider = (x0.saturating_sub(side), (x1 + side).min(img.width()));
    // A stroke on the darkest cell is at least this bright in every
    // channel, or in luma.
    let faintest_stroke = GLYPH_WHITE.min(above);
    // Enough strokes in the strip's middle third for a glyph.
    let enough = |strokes: usize| strokes * 36 >= (x1 - x0) as usize;
    // Whether the wider row's median may be a hidden cell's grey: its
    // green channel is then at most `DARK_GREEN`, so at least as many of
    // its pixels as the median's rank are (counted, not sorted: most rows
    // of light liquid fail it).
    let dark_median_may = |y: u32| {
        let n = (wider.0..wider.1).filter(|&x| img.get_pixel(x, y).0[1] <= DARK_GREEN).count();
        n > (wider.1 - wider.0) as usize / 2
    };
    // Whether row `y` of the strip's middle is a dark grey cell (asked only
    // around glyphs, so not taken for every row).
    let dark_row = |y: u32| prof.get(y.wrapping_sub(y0) as usize).is_some_and(|&c| is_dark_grey(c));
    let is_glyph_row = |y: u32, from: Cell| {
        let third = ((x1 - x0) / 3).max(1);
        let mut cell = prof[(y - y0) as usize];
        // Only a row with enough pixels bright enough for strokes on any
        // cell may hold a glyph: the wider median is taken for no other.
        let bright = |x: &u32| bright_for(img.get_pixel(*x, y).0, faintest_stroke);
        let other_cell = !is_dark_grey(cell) && enough((x0 + third..x1 - third).filter(bright).count());
        if other_cell && dark_median_may(y) {
            cell = super::row_colors(img, wider.0, wider.1, y, y + 1, 1)[0];
        }
        // The cell going on under a glyph ([`Cell::GoingOn`]): the median
        // of the row's pixels too dim for strokes, where a row of the
        // strip's middle above, within the strip's width (a glyph in its
        // middle third is less tall than that), is a dark grey cell.
        let cell_above = || (1..=x1 - x0).take_while(|&k| y >= y0 + k).any(|k| dark_row(y - k));
        if from == Cell::GoingOn && other_cell && !is_dark_grey(cell) && cell_above() {
            let row: Vec<[u8; 3]> = (x0..x1).map(|x| img.get_pixel(x, y).0).collect();
            if let Some((under, _)) = dim_median(&row, faintest_stroke).filter(|&(c, _)| is_dark_grey(c)) {
                cell = under;
            }
        }
        if !is_dark_grey(cell) {
            return false;
        }
        // Strokes in the middle third: a `?` is centred, while a round
        // bottom's outline enters the strip from its sides. Its strokes are
        // white, or a tint far brighter than the cell (the cell's own light).
        let stroke = |x: u32| is_stroke_above(img.get_pixel(x, y).0, cell, GLYPH_WHITE, above);
        let middle = (x0 + third..x1 - third).filter(|&x| stroke(x)).count();
        // A glyph is a few strokes, and a bar may fill the middle third; a
        // row bright across the whole strip is an outline or a highlight.
        let across = middle + (x0..x0 + third).chain(x1 - third..x1).filter(|&x| stroke(x)).count();
        enough(middle) && across * 10 <= (x1 - x0) as usize * 9
    };
    // The glyphs of the rows `rows` ([`pieces`], [`joined`]).
    let glyphs_in = |rows: std::ops::Range<u32>, from: Cell| joined(pieces(rows.filter(|&y| is_glyph_row(y, from))));
    let mut glyphs = glyphs_in(y0..y1, Cell::Strip);
    // A faint glyph stands in a hidden cell, which goes on under it and
    // over it: the strip is dark grey just below it, and within its own
    // height above it. Where a light ball's curve meets a dark one down the
    // middle, the light ball is below (tuning 2054, 5777); a ball's round
    // bottom narrowing into the gap under it has the ball over it (tuning
    // 2055, 5773). The top glyph may touch the layer over the hidden cells
    // (a glyph drawn high in its cell, tuning 2233).
    if strokes != Strokes::Plain {
        let cell_over = |g: &(u32, u32)| (g.0.saturating_sub((g.1 - g.0 + 1).max(2))..g.0).any(dark_row);
        let mut top = true;
        glyphs.retain(|g| {
            let in_cell = dark_row(g.1 + 2) && (top || cell_over(g));
            top = false;
            in_cell
        });
    }
    if strokes == Strokes::FaintAnySpacing {
        return glyphs;
    }
    // A glyph is at least 5 rows tall; a shorter one counts where it
    // repeats a taller one's rhythm down the tube: hidden layers stack,
    // one glyph each, so their glyphs stand evenly apart (a `!`'s bar of 3
    // rows in layers 9 rows tall, tuning seed 1748, shrunk to 2 rows where
    // the bulb narrows); four or more short ones count by their rhythm
    // alone, and fewer where they stand one in the middle of each cell of
    // the dark run that holds them ([`one_per_cell`]; tuning 1620: three
    // faint dashes in tiny wine glasses).
    let tall = |g: &(u32, u32)| g.1 - g.0 >= 4;
    let kept: Vec<(u32, u32)> = glyphs.iter().copied().filter(|g| g.1 > g.0).collect();
    let spacing = even_spacing(&kept, GLYPH_SPACING_SPREAD);
    let even = spacing.is_some();
    let tiling = spacing.is_some_and(|s| one_per_cell(&kept, s, (y0, y1), dark_row));
    let mut found = if even && (kept.len() >= MIN_SHORT_GLYPHS || tiling) {
        kept
    } else if strokes != Strokes::Plain {
        Vec::new()
    } else if even && glyphs.iter().any(tall) {
        kept
    } else {
        glyphs.into_iter().filter(tall).collect()
    };
    // Glyphs standing evenly apart go on up and down the tube where their
    // rhythm says ([`continued`]), each sought on the cell going on from
    // above ([`Cell::GoingOn`]).
    continued(&mut found, (y0, y1), |y| is_glyph_row(y, Cell::GoingOn), dark_row);
    found
}

/// Where a glyph row's cell colour is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    /// The strip's median (or the wider strip's, for a wide glyph).
    Strip,
    /// As [`Cell::Strip`], or else the dim pixels of a row under a row of
    /// cell, where the strip's median is something else beside the glyph.
    GoingOn,
}

/// Rows of strokes joined into pieces, a row's gap of anti-aliasing
/// bridged: the pieces a glyph is drawn in (a `?`'s hook and dot, a `!`'s
/// bar and dot).
fn pieces(rows: impl Iterator<Item = u32>) -> Vec<(u32, u32)> {
    let mut pieces: Vec<(u32, u32)> = Vec::new();
    for y in rows {
        match pieces.last_mut() {
            Some(piece) if y <= piece.1 + 2 => piece.1 = y,
            _ => pieces.push((y, y)),
        }
    }
    pieces
}

/// Pieces joined into glyphs. A glyph's pieces stand closer than the
/// taller is tall; the glyphs of two hidden layers one above the other
/// stand apart by the rest of a layer, about as far as a glyph is tall. (A
/// fixed gap of 7 rows joined the glyphs of layers 13 rows tall into one,
/// tuning seed 1215.)
fn joined(pieces: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
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
    glyphs
}

/// The greenest a hidden cell's grey may be (sRGB): a CIELAB lightness of
/// [`HIDDEN_CELL_MAX_LIGHTNESS`] is a luminance of 0.156, which green's
/// share of luminance (0.7152) alone reaches at a linear green of 0.218,
/// sRGB 128.5. Derived, not fitted.
pub(super) const DARK_GREEN: u8 = 128;

/// Fewest hidden slots of a tube carrying a glyph for an unmarked hidden
/// slot among them to be doubted: two marked layers show the game draws
/// its glyphs where the finder sees them. Not fitted.
const MIN_MARKED_HIDDEN: usize = 2;

/// Fewest glyphs standing evenly apart down a tube that count with no
/// glyph of 5 rows among them: small vessels' hidden layers, whose glyphs
/// are 3-4 rows (tuning case 436 in its shrunk copy). Three stand evenly
/// by chance more often than four; four, not fitted.
const MIN_SHORT_GLYPHS: usize = 4;

/// How far the spacing of glyphs stacked down a tube may stray from its
/// median, as a share of it, for short glyphs among them to count: the
/// tolerance the layer grid gives a boundary ([`super::super::grid`], 0.15 of a
/// layer).
const GLYPH_SPACING_SPREAD: f32 = 0.15;

/// Most rows between two pieces of one glyph, as a share of the taller
/// piece's rows. A `!`'s dot stands under its bar by under a third of the
/// bar (the generated bar style: bar 35% of a layer, gap 10%), a `?`'s dot
/// under its hook by about a quarter of the hook; the next layer's glyph
/// stands the rest of a layer away (45% of one in the bar style, as much
/// as the glyph is tall). Half lies between; not fitted.
const GLYPH_PIECES_GAP: f32 = 0.5;

/// Whether a tube's `?` glyphs stand one in each slot read as hidden and
/// none elsewhere (`rects` and `samples` bottom first, `glyphs` their
/// centre rows): a grid a layer too tall or too short puts two glyphs in
/// one slot or none in another, and a glyph in a slot read as a liquid is
/// a hidden cell read as one.
pub(in crate::vision::water) fn glyphs_in_hidden_slots(rects: &[Rect], samples: &[SlotSample], glyphs: &[u32]) -> bool {
    let in_slot = |r: &Rect| glyphs_in(r, glyphs).count();
    let in_hidden: usize =
        rects.iter().zip(samples).map(|(r, s)| if *s == SlotSample::Hidden { in_slot(r) } else { 0 }).sum();
    rects.iter().zip(samples).all(|(r, s)| *s != SlotSample::Hidden || in_slot(r) == 1) && in_hidden == glyphs.len()
}

/// Whether a tube's `?` glyphs, some found, stand each in a slot read as
/// hidden and at most one in each (`rects` and `samples` bottom first,
/// `glyphs` their centre rows): fewer than the hidden slots, where some
/// went unfound in their dark cells.
pub(in crate::vision::water) fn glyphs_in_some_hidden_slots(
    rects: &[Rect],
    samples: &[SlotSample],
    glyphs: &[u32],
) -> bool {
    let in_slot = |r: &Rect| glyphs_in(r, glyphs).count();
    let placed: usize = rects.iter().map(in_slot).sum();
    !glyphs.is_empty()
        && placed == glyphs.len()
        && rects.iter().zip(samples).all(|(r, s)| in_slot(r) <= usize::from(*s == SlotSample::Hidden))
}

/// Whether a tube's bottom slot is read hidden and holds no glyph while
/// the slots above it stand theirs as [`glyphs_in_hidden_slots`] asks
/// (`rects` and `samples` bottom first, `glyphs` their centre rows): a
/// round bottom clips the lowest cell, and its glyph may go unfound.
pub(in crate::vision::water) fn glyphs_above_a_bare_bottom(
    rects: &[Rect],
    samples: &[SlotSample],
    glyphs: &[u32],
) -> bool {
    rects.first().is_some_and(|bottom| glyphs_in(bottom, glyphs).next().is_none())
        && samples.first() == Some(&SlotSample::Hidden)
        && glyphs_in_hidden_slots(&rects[1..], &samples[1..], glyphs)
}

/// Whether a tube's bottom slot (of `rects`, bottom first) holds one
/// glyph (of `glyphs`, their centre rows).
pub(in crate::vision::water) fn bottom_glyph(rects: &[Rect], glyphs: &[u32]) -> bool {
    rects.first().is_some_and(|bottom| glyphs_in(bottom, glyphs).count() == 1)
}

/// Whether a glyph (of `glyphs`, their centre rows) stands over a tube's
/// top slot (of `rects`, bottom first): a hidden cell above the grid.
pub(in crate::vision::water) fn glyph_above_top(rects: &[Rect], glyphs: &[u32]) -> bool {
    rects.last().is_some_and(|top| glyphs.iter().any(|&y| y < top.y0))
}

/// Whether a tube whose glyphs stand in some of its slots read as hidden
/// leaves another hidden slot without one (`rects` and `samples` bottom
/// first, `glyphs` their centre rows): a game marks every hidden layer
/// alike, so a dark slot among marked ones but unmarked is not a layer (a
/// round bottom or a neck the grid counted as one). Asked only where at
/// least [`MIN_MARKED_HIDDEN`] hidden slots carry a glyph: with fewer, the
/// glyph finder may simply have missed the rest.
pub(in crate::vision::water) fn hidden_slot_without_glyph(
    rects: &[Rect],
    samples: &[SlotSample],
    glyphs: &[u32],
) -> bool {
    let marks = |r: &Rect| glyphs_in(r, glyphs).next().is_some();
    let hidden = || rects.iter().zip(samples).filter(|(_, s)| **s == SlotSample::Hidden);
    hidden().filter(|(r, _)| marks(r)).count() >= MIN_MARKED_HIDDEN && hidden().any(|(r, _)| !marks(r))
}

/// Whether some `?` glyph of a tube stands in a slot not read as hidden
/// (`rects` and `samples` bottom first, `glyphs` their centre rows): a
/// glyph marks a hidden layer whatever finder found the tube, so a slot
/// holding one and read as glass (a dark cell on a dark board, beside
/// which the board looks alike) or as a liquid (a ball's cell sampled
/// half on the glass beside it) was misread. A glyph under the bottom
/// slot marks a hidden layer the grid left out (fresh 73855: a glyph
/// near a wine glass's narrow bottom ended the liquid found above it).
pub(in crate::vision::water) fn glyph_outside_hidden(rects: &[Rect], samples: &[SlotSample], glyphs: &[u32]) -> bool {
    let under = rects.first().is_some_and(|bottom| glyphs.iter().any(|&y| y >= bottom.y1));
    under || rects.iter().zip(samples).any(|(r, s)| *s != SlotSample::Hidden && glyphs_in(r, glyphs).next().is_some())
}

/// For each two slots read hidden one on the other in a tube, neither the
/// bottom one (a round bottom clips its cell, and a glyph may stand in
/// what it leaves), the rows between their glyphs (one in each) as a
/// share of the slot's height (`rects` and `samples` bottom first,
/// `glyphs` their centre rows): a game centres a glyph in its cell, so
/// the glyphs stand one unit apart.
pub(in crate::vision::water) fn glyph_steps(rects: &[Rect], samples: &[SlotSample], glyphs: &[u32]) -> Vec<f32> {
    let only_glyph = |r: &Rect| {
        let mut inside = glyphs_in(r, glyphs);
        match (inside.next(), inside.next()) {
            (Some(y), None) => Some(y),
            _ => None,
        }
    };
    let hidden = |k: usize| samples.get(k) == Some(&SlotSample::Hidden);
    (1..rects.len().saturating_sub(1))
        .filter(|&k| hidden(k) && hidden(k + 1))
        .filter_map(|k| {
            let step = only_glyph(&rects[k])?.abs_diff(only_glyph(&rects[k + 1])?);
            Some(step as f32 / rects[k].height().max(1) as f32)
        })
        .collect()
}

/// The centre rows of `glyphs` that fall in the rows of `slot`.
fn glyphs_in<'a>(slot: &'a Rect, glyphs: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
    glyphs.iter().copied().filter(|y| (slot.y0..slot.y1).contains(y))
}

#[cfg(test)]
mod tests;
