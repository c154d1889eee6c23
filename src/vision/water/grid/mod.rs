//! The layer grid: the layer height, the liquid's bottom and the capacity
//! shared by all tubes of a screenshot, read from the liquid itself.
//!
//! Every boundary between two layers of a tube lies a whole number of
//! layers above that tube's liquid bottom, and every `?` glyph half a layer
//! above one: the grid is the largest layer height (and a small shift of
//! the bottom) that explains nearly all of that evidence, each boundary on
//! a layer of its own, and still explains it once refitted to it. A game
//! draws a liquid's lit surface either above its top layer or inside it;
//! both are tried. The capacity is how many layers fit between the
//! liquid's bottom and the top of the glass.

use super::slots::{Profile, Run};
use super::surface::is_lit_surface;
pub use own::own_shift;
use refit::{by_glyph_spacing, glyphs_alike_on_bottom, refine, spans_layers};
use room::{Room, lid_end};

mod own;
mod refit;
mod room;

/// Whether a run is tall enough to be a layer ([`Profile::shortest_layer`]:
/// in every tube theme measured a layer is 0.65-0.8 of the tube's width
/// tall, rims and highlights under 0.2, and the bound is 0.3 of the width).
fn is_long(run: &Run, p: &Profile) -> bool {
    run.y1 - run.y0 >= p.shortest_layer
}

/// Most rows between two runs that meet (a lit surface band and the
/// liquid below it, glass and the liquid's top): the anti-aliased edge
/// between them, which `runs` drops (it is shorter than a run); 0 to 3
/// rows down zhoushizoe's bottles in the working copy.
pub(super) const SURFACE_GAP: u32 = 3;

/// Where a game draws the lit surface of a liquid, a short band of its own
/// colour on top of it: above the top layer (the liquid below it starts on
/// the boundary) or inside it (its own start is the boundary). One game
/// keeps one convention, so a screenshot is read with the one whose grid
/// explains more. (A band centred on the boundary, the ellipse of a
/// cylinder's surface, was tried: on zhoushizoe's tubes it explained less
/// than either, the band's ends being cut by JPEG noise.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SurfaceBand {
    AboveLayer,
    InsideLayer,
}

/// The most layers a vessel holds in any game: capacities run from 2 to
/// 8 (the range the issue asks the reader to decide).
pub(super) const MOST_LAYERS: usize = 8;

/// How far from its place on a grid, in layers, a piece of evidence is
/// still explained by it: a boundary's anti-aliased edge and a glyph drawn
/// a little off its cell's middle. Set when the grid was written; not fitted.
const LAYER_TOLERANCE: f32 = 0.15;

/// One piece of evidence for the layer grid: a row `d` above a tube's
/// liquid bottom that should lie `offset` layers above a whole number of
/// layers (0 for a boundary, 0.5 for a glyph's centre).
#[derive(Debug, Clone, Copy)]
struct Evidence {
    d: f32,
    offset: f32,
    tube: usize,
}

impl Evidence {
    /// The layer this evidence marks on a grid of height `h` moved by
    /// `shift`, when it lies within [`LAYER_TOLERANCE`] of it.
    fn layer(&self, h: f32, shift: f32) -> Option<i32> {
        let layers = (self.d + shift) / h - self.offset;
        let k = layers.round();
        // Nothing lies on the bottom itself: the lowest boundary is one
        // layer up, the lowest glyph (the bottom slot's) half a layer up.
        (k + self.offset >= 0.5 && (layers - k).abs() <= LAYER_TOLERANCE).then_some(k as i32)
    }
}

/// The share of `evidence` a grid of height `h` moved by `shift` explains.
/// A tube has one boundary per layer: two boundaries of one tube that round
/// to the same layer are one explained and one not (a unit so coarse that a
/// one-layer run falls inside it explains nothing).
fn explained(evidence: &[Evidence], h: f32, shift: f32) -> f32 {
    let mut layers: Vec<(usize, i32, bool)> =
        evidence.iter().filter_map(|e| e.layer(h, shift).map(|k| (e.tube, k, e.offset > 0.0))).collect();
    layers.sort_unstable();
    layers.dedup();
    layers.len() as f32 / evidence.len().max(1) as f32
}

/// The rows of every tube that should sit on the layer grid: run starts on
/// layer boundaries, glyph centres in the middle of a layer; and whether
/// any tube showed a surface band (which only then matters).
fn evidence(profiles: &[Profile], surface: SurfaceBand, glyph_h: Option<f32>) -> (Vec<Evidence>, bool) {
    let mut out = Vec::new();
    let mut saw_surface = false;
    for (t, p) in profiles.iter().enumerate() {
        // Short runs are rims and surface highlights, not layers
        // ([`is_long`]). The start of an empty run is the rim, not a layer
        // boundary.
        // Hidden layers look alike, so a boundary between two runs that
        // both hold `?` glyphs is shading (a lighter rounded bottom), not
        // a layer boundary.
        let holds_glyph = |run: &Run| p.glyphs.iter().any(|&y| (run.y0..run.y1).contains(&y));
        // Nothing above the glass over a vessel's liquid is a layer: a cap
        // or a cork there ends on no boundary ([`lid_end`]).
        let lid = lid_end(p).unwrap_or(0);
        for (i, run) in p.runs.iter().enumerate().skip(lid) {
            let shading = i > 0 && holds_glyph(run) && holds_glyph(&p.runs[i - 1]);
            // A glyph's bright rows split its cell's run (the median of a
            // ball's top, glyph and glass beside it, is neither): a run
            // starting at a glyph's centre starts on no boundary, unless
            // a layer of liquid ends there (the top of a hidden block
            // whose first glyph is found high, at small sizes).
            let after_layer = i > 0 && {
                let above = &p.runs[i - 1];
                !above.empty && is_long(above, p) && !holds_glyph(above)
            };
            // So does a run starting among a glyph's strokes or on the
            // anti-aliased edge under its last (test 1001836: a `!`'s bar
            // and dot, over half a layer tall, end 0.27-0.3 of a layer
            // under its centre, past [`GLYPH_SPLIT`]).
            let in_strokes = p.glyph_rows.iter().any(|&(g0, g1)| (g0..=g1 + SURFACE_GAP).contains(&run.y0));
            let on_glyph = in_strokes
                || glyph_h
                    .is_some_and(|h| p.glyphs.iter().any(|&g| (run.y0 as f32 - g as f32).abs() < h * GLYPH_SPLIT));
            if on_glyph && !after_layer {
                continue;
            }
            // A liquid's lit surface, however many rows, is no layer.
            let lit = p.runs.get(i + 1).is_some_and(|liquid| is_lit_surface(p, run, liquid));
            if run.empty || shading || run.y0 <= p.top + 2 || !is_long(run, p) || lit {
                continue;
            }
            let band = i.checked_sub(1).map(|j| p.runs[j]).filter(|band| {
                !band.empty
                    && (!is_long(band, p) || is_lit_surface(p, band, run))
                    && !holds_glyph(band)
                    && band.y1 + SURFACE_GAP >= run.y0
                    && band.y0 > p.top + 2
            });
            saw_surface |= band.is_some();
            let top = match (surface, band) {
                (SurfaceBand::InsideLayer, Some(band)) => band.y0,
                _ => run.y0,
            };
            out.push(Evidence { d: (p.bottom - top) as f32, offset: 0.0, tube: t });
        }
        // A glyph found under the liquid's bottom (a hidden layer the
        // profile left out, which the reading then doubts) says nothing of
        // the grid over it.
        let over_bottom = p.glyphs.iter().filter(|&&y| y <= p.bottom);
        out.extend(over_bottom.map(|&y| Evidence { d: (p.bottom - y) as f32, offset: 0.5, tube: t }));
    }
    (out, saw_surface)
}

/// How near a glyph's centre, in layers (the glyphs' spacing), a run that
/// starts there is taken for the glyph's split of its cell rather than a
/// layer's start: a boundary stands half a layer from every glyph's
/// centre, and the run a glyph splits starts a row or two from it (1-2
/// rows of 24 in tuning case 636). Half way to the boundary; not fitted.
const GLYPH_SPLIT: f32 = 0.25;

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
    let tallest = profiles.iter().map(|p| (p.bottom - p.top) as f32).fold(0.0, f32::max);
    if tallest <= 0.0 {
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
    // The surface band above the layer is the convention the reader was
    // built on; the other is taken only when its grid explains more.
    let (above, saw_surface) = evidence(profiles, SurfaceBand::AboveLayer, glyph_h);
    let mut grid = fit_grid(&above, tallest, glyph_h).map(|g| (g, explained(&above, g.0, g.1)));
    if saw_surface {
        let (inside, _) = evidence(profiles, SurfaceBand::InsideLayer, glyph_h);
        if let Some(g) = fit_grid(&inside, tallest, glyph_h)
            && grid.is_none_or(|(_, share)| explained(&inside, g.0, g.1) > share)
        {
            grid = Some((g, explained(&inside, g.0, g.1)));
        }
    }
    let ((h, shift), _) = grid?;
    let room = Room::of(profiles);
    let capacity_for = |h: f32, shift: f32| room.capacity(h, shift);
    // When every boundary falls on an even layer, twice the layer height
    // explains them just as well; real games hold 4 to 6 layers, so a tube
    // of one or two layers means the height must be split. Not below the
    // unit the glyphs' spacing gives ([`plausible`]): a flask whose top
    // layer stands in its neck, over two hidden cells 25 rows apart,
    // shows a body of two layers, which split in two read four cells of 14
    // rows (tuning 2206).
    let (h, shift) = if capacity_for(h, shift) < 3 {
        [2.0, 3.0]
            .iter()
            .map(|&d| (h / d, shift))
            .filter(|&(h, _)| plausible(h, glyph_h))
            .find(|&(h, shift)| (3..=MOST_LAYERS).contains(&capacity_for(h, shift)))
            .unwrap_or((h, shift))
    } else if capacity_for(h, shift) > MOST_LAYERS
        && plausible(2.0 * h, glyph_h)
        && (3..=MOST_LAYERS).contains(&capacity_for(2.0 * h, shift))
        && room.held_alike(h, shift).is_none_or(|k| !(3..=MOST_LAYERS).contains(&k))
    {
        // Room for more layers than any vessel holds, where vessels filled
        // alike do not say the capacity and twice the unit leaves room for
        // three to eight: tinted headroom half a layer tall over every
        // vessel's liquid, its top taken for a boundary, held the grid at
        // half the unit (fresh 81620, 81622: tubes of four layers under
        // grey glass half a layer tall, read as nine slots and no reading
        // tried). The glyphs' spacing, where they stand, bounds it as
        // above; the grid is believed only if its reading passes.
        (2.0 * h, shift)
    } else {
        (h, shift)
    };
    let height_in_layers = room.height(h, shift);
    // Room for more layers than any vessel holds is a neck or headroom
    // over full vessels: those filled alike hold the capacity (three or
    // more, as a split grid must: two layers filled alike say too little).
    let mut capacity = capacity_for(h, shift);
    if capacity > MOST_LAYERS
        && let Some(held) = room.held_alike(h, shift).filter(|k| (3..=MOST_LAYERS).contains(k))
    {
        capacity = held;
    }
    Some(SlotGeometry { layer_height: h, capacity, bottom_shift: shift, height_in_layers })
}

/// Whether `h` can be the layer height where glyphs stand `glyph_h`
/// apart (any height without glyphs): within [`LAYER_TOLERANCE`] of it,
/// the tolerance [`Evidence::layer`] gives each boundary.
fn plausible(h: f32, glyph_h: Option<f32>) -> bool {
    glyph_h.is_none_or(|g| (h - g).abs() <= g * LAYER_TOLERANCE)
}

/// The layer height and shift of the grid that explains `evidence` best,
/// for tubes at most `tallest` rows tall whose glyphs (if any) stand
/// `glyph_h` apart; `None` when no grid explains most of it. A box holds
/// at most nine layers, or as many as the liquid says: where glyphs do not
/// bound the unit, a shorter unit that puts every boundary on a layer and
/// the highest under [`MOST_LAYERS`] layers is the grid where the box's
/// leaves some unexplained (tuning 357: vases of seven 17-row
/// layers under a neck three layers tall, the box 172 rows, the unit read
/// 20.75 rows and the capacity eight).
fn fit_grid(evidence: &[Evidence], tallest: f32, glyph_h: Option<f32>) -> Option<(f32, f32)> {
    let boxed = fit_grid_from(evidence, tallest, glyph_h, tallest / 9.0);
    let all = |g: &(f32, f32)| explained(evidence, g.0, g.1) >= 1.0 - 1e-6;
    let highest = evidence.iter().map(|e| e.d).fold(0.0, f32::max);
    let by_liquid = highest / MOST_LAYERS as f32;
    if glyph_h.is_some() || boxed.as_ref().is_some_and(all) || by_liquid >= tallest / 9.0 {
        return boxed;
    }
    fit_grid_from(evidence, tallest, glyph_h, by_liquid).filter(|g| all(g) && g.0 < tallest / 9.0).or(boxed)
}

/// [`fit_grid`] over units down to `shortest` rows.
fn fit_grid_from(evidence: &[Evidence], tallest: f32, glyph_h: Option<f32>, shortest: f32) -> Option<(f32, f32)> {
    if evidence.is_empty() {
        return None;
    }
    let plausible = |h: f32| plausible(h, glyph_h);
    let fits = |h: f32, shift: f32| explained(evidence, h, shift);
    // The liquid's true bottom may sit a little below the last clean run
    // (a rounded bottom darkens near the outline) or above it (the padding
    // under a ball, an outline read as a run): fit a shared shift too.
    // The best-explaining height; of heights nearly as good, the largest
    // (half a layer explains the same boundaries but not the glyphs, and
    // fits more tightly). A box holds at most nine layers; where glyphs
    // stand apart, their spacing bounds the unit instead (a bottle's neck
    // can make the box ten layers tall, tuning 352).
    let shortest = glyph_h.map_or(shortest, |g| shortest.min(g * (1.0 - LAYER_TOLERANCE)));
    let candidates: Vec<(f32, f32, f32)> = (0..)
        .map(|i| tallest / 1.5 - 0.25 * i as f32)
        .take_while(|&h| h >= shortest)
        .filter(|&h| plausible(h))
        .map(|h| {
            let (shift, fit) = shift_for(h, &fits);
            (h, shift, fit)
        })
        .collect();
    let most = candidates.iter().map(|c| c.2).fold(f32::MIN, f32::max);
    if most < 0.6 {
        return None;
    }
    let best_heights = || candidates.iter().filter(|c| c.2 >= most - 1e-6);
    let best = best_heights().next()?;
    // Without glyphs to fix the unit, a few boundaries each within the
    // tolerance of a coarser grid leave it explaining them all: settled,
    // it puts some a quarter of a layer off, outside the tolerance, and no
    // longer explains what its search did (fresh 25653: pint glasses of
    // five 17-row units whose two near blues show one run, read as four
    // layers of 23 rows). Then, of the best heights, largest first, the
    // first that still explains as much once settled is the grid. Where
    // the best does not settle at all, the first that does can be a
    // multiple of a wrong unit shifted as far as the search goes (fresh
    // 29477: 48.5 rows shifted 0.375 of a layer for a 13-row unit, three
    // layers read for four): there, of those that settle and explain as
    // much, the one whose evidence lies nearest its layers, as in the
    // fallback below. With glyphs, their spacing bounds the unit already
    // (applied there too, the rule lost an exact reading of hidden layers,
    // tuning 4019; not traced).
    let settled = settle(evidence, best, tallest, glyph_h);
    let explains_as_much = |&(h, shift): &(f32, f32)| explained(evidence, h, shift) >= most - 1e-6;
    let best_settled = || best_heights().filter_map(|c| settle(evidence, c, tallest, glyph_h)).filter(explains_as_much);
    if glyph_h.is_none() {
        let instead = match settled {
            Some(grid) if !explains_as_much(&grid) => best_settled().next(),
            None => tightest(best_settled().map(|g| (g, looseness(evidence, g.0, g.1)))),
            Some(_) => None,
        };
        if instead.is_some() {
            return instead;
        }
    }
    settled.or_else(|| {
        // The largest of the best heights whose own inliers, refitted, put
        // the liquid's bottom over half a layer away is a loose grid: one
        // with a shifted bottom can take two rows of boundaries one layer
        // apart within the tolerance. Of the best heights, the one whose
        // evidence lies nearest its layers is then the grid (half a layer
        // fits as closely in rows, so twice as loosely in layers).
        let tightest = tightest(best_heights().map(|c| (c, looseness(evidence, c.0, c.1))))?;
        Some(settle(evidence, tightest, tallest, glyph_h).unwrap_or_else(|| coarse(evidence, best, tallest, glyph_h)))
    })
}

/// Of grids with their looseness, the first of the least.
fn tightest<T>(grids: impl Iterator<Item = (T, f32)>) -> Option<T> {
    grids
        .fold(None, |acc: Option<(T, f32)>, (g, loose)| match acc {
            Some((a, la)) if la <= loose + 1e-6 => Some((a, la)),
            _ => Some((g, loose)),
        })
        .map(|(g, _)| g)
}

/// The grid of height `best.0` (or a multiple of it that explains nearly
/// as much: half a layer explains every boundary a whole layer does) and
/// its shift, as searched.
fn coarse(evidence: &[Evidence], best: &(f32, f32, f32), tallest: f32, glyph_h: Option<f32>) -> (f32, f32) {
    let &(best_h, best_shift, best) = best;
    let plausible = |h: f32| plausible(h, glyph_h);
    [4.0, 3.0, 2.0]
        .iter()
        .map(|&m| best_h * m)
        .filter(|&h| h <= tallest && plausible(h))
        .find_map(|h| {
            let (shift, fit) = shift_for(h, &|h, shift| explained(evidence, h, shift));
            (fit >= best - 0.08).then_some((h, shift))
        })
        .unwrap_or((best_h, best_shift))
}

/// The [`coarse`] grid of `best`, refined by least squares; `None` when,
/// without glyphs, the refit moves the liquid's bottom more than
/// [`MAX_SHIFT_REFINED`] layers (the grid's own inliers disown it).
fn settle(evidence: &[Evidence], best: &(f32, f32, f32), tallest: f32, glyph_h: Option<f32>) -> Option<(f32, f32)> {
    let plausible = |h: f32| plausible(h, glyph_h);
    let (coarse_h, coarse_shift) = coarse(evidence, best, tallest, glyph_h);
    // Glyph centres sit a little off the slot centres, so with glyphs the
    // least-squares refit would trade accuracy for their bias.
    if glyph_h.is_some() {
        // Refit on the layer boundaries alone, and keep it only if it still
        // agrees with the glyphs; where the boundaries all stand on one
        // layer, the glyphs' spacing is the unit, unless a glyph then
        // stands off its layer's middle (see [`by_glyph_spacing`]) and
        // not alike the others on the liquid's bottom.
        let boundaries: Vec<Evidence> = evidence.iter().copied().filter(|e| e.offset == 0.0).collect();
        // Where the searched grid explains no boundary, the glyphs alone
        // drew it: standing alike off their middles on the liquid's own
        // bottom, they need no more boundaries than the one that places
        // them ([`glyphs_alike_on_bottom`]: the bottom is then the
        // evidence). Where it explains one, it stays (tuning 1073: moved
        // by the glyphs onto the vessel's bottom, 5 rows under the
        // liquid's end, its headroom was read as a layer).
        let drawn_by_glyphs = boundaries.iter().all(|e| e.layer(coarse_h, coarse_shift).is_none());
        let spaced = by_glyph_spacing(evidence, coarse_h, coarse_shift)
            .filter(|_| !spans_layers(&boundaries, coarse_h, coarse_shift));
        let on_middles =
            |&(h, shift): &(f32, f32)| evidence.iter().filter(|e| e.offset > 0.0).all(|e| e.layer(h, shift).is_some());
        // The glyphs' unit is taken where three boundaries or more bear it
        // out, or where no run starts on a boundary at all: the glyphs
        // alone then place the grid as well ([`by_glyph_spacing`]), while
        // the search takes the largest unit that leaves every glyph
        // within the tolerance of a middle (tuning 5237: wine glasses of
        // one layer over three hidden cells, their glyphs 14 rows apart,
        // searched at 16; the glyphs stood off the cells read).
        let ((h, shift), enough) = match spaced {
            Some(grid) if on_middles(&grid) => (grid, boundaries.len() >= 3 || boundaries.is_empty()),
            Some((h, shift)) if drawn_by_glyphs && glyphs_alike_on_bottom(evidence, h, shift) => ((h, shift), true),
            // Where the searched grid explains every boundary and glyph,
            // a refit that explains less is not taken: boundaries a lit
            // band left a fraction of a layer off pull it away from the
            // glyphs' middles (tuning 4002: bottles whose hidden cells'
            // `!` glyphs stand 33 rows apart, refitted to 29 rows on their
            // two boundaries).
            _ => {
                let refined = refine(&boundaries, coarse_h, coarse_shift);
                let searched = explained(evidence, coarse_h, coarse_shift);
                let loses = searched >= 1.0 - 1e-6 && explained(evidence, refined.0, refined.1) < searched - 1e-6;
                (refined, !loses && boundaries.len() >= 3)
            }
        };
        Some(if enough && plausible(h) && shift.abs() <= h * MAX_SHIFT_REFINED {
            (h, shift)
        } else {
            (coarse_h, coarse_shift)
        })
    } else {
        match refine(evidence, coarse_h, coarse_shift) {
            (h, shift) if shift.abs() <= h * MAX_SHIFT_REFINED => Some((h, shift)),
            _ => None,
        }
    }
}

/// The mean distance, in layers, of the evidence a grid of height `h`
/// moved by `shift` explains from the layer it marks.
fn looseness(evidence: &[Evidence], h: f32, shift: f32) -> f32 {
    let off: Vec<f32> = evidence
        .iter()
        .filter_map(|e| e.layer(h, shift).map(|k| ((e.d + shift) / h - e.offset - k as f32).abs()))
        .collect();
    off.iter().sum::<f32>() / off.len().max(1) as f32
}

/// How far, in layers, the searched grid may move the liquid's bottom from
/// the end of a tube's last run, either way. The two things that move it are
/// a rounded bottom's darker rim (below) and a ball's padding or an outline
/// (above), each a fraction of a layer; a shift near half a layer is a grid
/// that fits the boundaries one layer off and is not searched. The value is
/// a bound, not a fit, between the fractions that happen and the half that
/// does not (the old search went up to 8 rows down, over half a layer of
/// the small generated tubes).
const MAX_SHIFT_SEARCHED: f32 = 0.375;

/// How far the least-squares refinement may move the liquid's bottom, in
/// layers: past half a layer it is fitting the grid to another bottom, and
/// the searched grid is kept. The readings of ../shared's screens refine to
/// between -0.48 (sshcrack's hidden-detection.png) and +0.36 layer
/// (`examples/profile` on each, at full size).
const MAX_SHIFT_REFINED: f32 = 0.5;

/// The shift (in rows, within [`MAX_SHIFT_SEARCHED`] layers either way, in
/// sixteenths of a layer) that explains the most evidence at layer height
/// `h`, and that share; of equal shares, the one nearest zero.
fn shift_for(h: f32, fits: &impl Fn(f32, f32) -> f32) -> (f32, f32) {
    let steps = (MAX_SHIFT_SEARCHED * 16.0) as i32;
    let mut order: Vec<i32> = (-steps..=steps).collect();
    order.sort_by_key(|j| (j.abs(), *j < 0));
    order
        .into_iter()
        .map(|j| (h * j as f32 / 16.0, fits(h, h * j as f32 / 16.0)))
        .fold((0.0, -1.0), |best, c| if c.1 > best.1 + 1e-6 { c } else { best })
}

#[cfg(test)]
mod tests;
