//! A row of empty vessels: a level's last row may hold nothing but empty
//! vessels, which no liquid shows, so no column starts a row there. Where
//! the rows found leave room for one (a row's step beyond them, or, with
//! one row found, anywhere a vessel's height or more beyond it), vessels
//! that match the template's shape, centred like the rows found and spaced
//! by their pitch, are that row. Where an empty vessel was found in the
//! rows, a template made of it looks for such a row too; and a row too
//! faint to take leaves the level in doubt.

use super::super::doubts::LEAST_ROW_SHARE;
use super::super::faint::{FAINT_WALL_ROWS, MIN_FAINT_EDGE};
use super::super::median;
use super::super::template::Template;
use super::super::tubes::Gradients;
use super::place::{FAINT_PEAK, FAINT_SILHOUETTE_MATCH, MIN_FAINT_STRENGTH, MIN_SILHOUETTE_MATCH, walled_in_a_column};
use super::{Row, Seen};

/// How far beyond the only row found a row of empty vessels is looked for,
/// as a share of the picture's height, bottom to bottom: a level's rows
/// share the middle of the screen, and two rows that fill it stand about a
/// third of its height apart (the generated layouts' rows stand 0.22-0.33
/// apart). Not fitted: a little beyond the widest spacing of those.
const EMPTY_ROW_REACH: f32 = 0.35;

/// The rows found: each one's bottom, the middle of its vessels and how
/// many it holds.
#[derive(Debug, Clone, Copy)]
pub(super) struct RowFound {
    pub bottom: u32,
    pub centre: f32,
    pub vessels: usize,
}

/// Where a row of empty vessels stands: its bottom and its vessels'
/// centres, left to right.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct EmptyRow {
    pub bottom: u32,
    pub centres: Vec<f32>,
}

/// The vessel's geometry the search needs, in the working picture's pixels.
#[derive(Debug, Clone, Copy)]
pub(super) struct Spacing<'a> {
    /// From one vessel's centre to the next in a row.
    pub pitch: f32,
    /// The interior's half-width.
    pub half: f32,
    /// The vessel's height, bottom to rim.
    pub rim: f32,
    /// Where the vessels found by their liquid stand: row bottom, centre.
    /// A level's rows share their columns. Empty where a place is not to
    /// be taken on its walls ([`Lattice::is_vessel`]).
    pub columns: &'a [(u32, f32)],
}

/// What a place must show to be taken for a vessel of a row of empty
/// vessels: its match with the template's shape, its edges' strength as a
/// share of the template's, and how much better it matches than the
/// board beside it (the places half a pitch either side, or a pitch
/// beyond its row's ends: see [`Against`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Bar {
    shape: f32,
    strength: f32,
    peak: f32,
    /// How many pixels either side of its place on the lattice a vessel
    /// may stand: a template made of one or two vessels keeps their thin
    /// outline sharp, and the lattice's places are rounded to a pixel.
    wiggle: i64,
}

impl Bar {
    /// Against the outline of the vessels of liquid: an empty vessel's
    /// walls border glass where the template's border liquid, so it may
    /// match as a faint vessel does.
    pub const FAINT: Bar =
        Bar { shape: FAINT_SILHOUETTE_MATCH, strength: MIN_FAINT_STRENGTH, peak: FAINT_PEAK, wiggle: 0 };

    /// Against the empty vessels found in the level's rows: a vessel drawn
    /// as they are matches as a vessel matches the template of its own
    /// kind ([`MIN_SILHOUETTE_MATCH`]), with edges about as strong as
    /// theirs ([`EMPTY_LIKE_STRENGTH`]).
    pub const LIKE_EMPTIES: Bar =
        Bar { shape: MIN_SILHOUETTE_MATCH, strength: EMPTY_LIKE_STRENGTH, peak: FAINT_PEAK, wiggle: 1 };
}

/// Least edge strength, as a share of the empty vessels' found in the
/// level's rows, of a place taken for one more of them: a vessel drawn as
/// they are has edges as strong as theirs, less what JPEG and the board
/// under it take. Not fitted: half; a texture's echo of the shape is
/// fainter than the outline it echoes.
const EMPTY_LIKE_STRENGTH: f32 = 0.5;

/// The rows of `rows`: each one's bottom and the middle of its vessels.
pub(super) fn rows_found(rows: &[(Row, u32)]) -> Vec<RowFound> {
    rows.iter()
        .filter_map(|(r, b)| {
            let (first, last) = (r.vessels.first()?, r.vessels.last()?);
            let centre = (first.outer.center_x() + last.outer.center_x()) / 2.0;
            Some(RowFound { bottom: *b, centre, vessels: r.vessels.len() })
        })
        .collect()
}

/// The row of empty vessels a row's step beyond `rows` (two or more, so
/// that the step is known) whose vessels look like the empty vessels found
/// in `rows` (by their silhouette): the picture's own evidence of what an
/// empty vessel looks like, where the outline of the vessels of liquid
/// (`template`, whose size and left-out interior it keeps) fits an empty
/// one too loosely to take it (fresh 44763: a last row of two empty ball
/// tubes matched the outline of the tubes of balls at 0.14-0.22, and the
/// level was solved without them; tuning 838, white outlines on lined
/// paper at 0.13 of the outline's strength).
pub(super) fn like_empties_found(
    template: &Template,
    edges: &Gradients,
    rows: &[(Row, u32)],
    at: Spacing<'_>,
) -> Option<EmptyRow> {
    let anchors: Vec<(i64, i64)> = rows
        .iter()
        .flat_map(|(r, b)| r.vessels.iter().filter(|v| v.seen == Seen::Silhouette).map(move |v| (v, *b as i64)))
        .map(|(v, b)| (v.outer.center_x().round() as i64, b))
        .collect();
    if anchors.is_empty() || rows.len() < 2 {
        return None;
    }
    let empties = template.like_at(edges, &anchors);
    empty_row(&empties, edges, &rows_found(rows), at, Bar::LIKE_EMPTIES)
}

/// The row of empty vessels the rows found leave room for, if the picture
/// shows one there whose every vessel passes `bar`.
pub(super) fn empty_row(
    template: &Template,
    edges: &Gradients,
    found: &[RowFound],
    at: Spacing<'_>,
    bar: Bar,
) -> Option<EmptyRow> {
    let mut bottoms: Vec<i64> = found.iter().map(|r| r.bottom as i64).collect();
    bottoms.sort_unstable();
    let (first, last) = (*bottoms.first()?, *bottoms.last()?);
    let centre = median(found.iter().map(|r| r.centre).collect());
    let below = template.below;
    let clear = at.rim.round() as i64 + 2 * below;
    // Bottoms to look at, and the step between two looks. A place is
    // taken on its walls in a column of the level's (see
    // [`Lattice::is_vessel`]) only a known step below the last row, where
    // a level's empty vessels stand: searched over a third of the screen,
    // a row of round buttons under one row of wine glasses showed the two
    // sides of their rings (fresh 89787).
    let no_walls = Spacing { columns: &[], ..at };
    let walled_at = |b: i64| if bottoms.len() >= 2 && b > last { at } else { no_walls };
    let (ranges, step) = if bottoms.len() >= 2 {
        let step = median(bottoms.windows(2).map(|w| w[1] - w[0]).collect());
        ([(last + step - below, last + step + below), (first - step - below, first - step + below)], 1)
    } else {
        let reach = (edges.height as f32 * EMPTY_ROW_REACH).round() as i64;
        ([(last + clear, last + reach), (first - reach, first - clear)], 2)
    };
    let lo = template.height;
    let hi = edges.height as i64 - 1 - below;
    // Above the rows found, only a row as full as a level's rows are
    // ([`LEAST_ROW_SHARE`] of the fullest): a level's empty vessels come
    // last, under its rows of liquid, so what stands above is a row of
    // vessels whose liquid went unseen (tuning 2742: bulbs over a pale
    // sky, the row under them found over a dark sea), and a lone shape
    // there is the board's (tuning 3697: a cloud over a row of five
    // bulbs, read as a sixth, empty).
    let most = found.iter().map(|r| r.vessels).max().unwrap_or(0);
    let fills_a_row = |b: i64, xs: &[i64]| b > last || xs.len() as f32 >= LEAST_ROW_SHARE * most as f32;
    let mut best: Option<(f32, i64, Vec<i64>)> = None;
    for (from, to) in ranges {
        let mut b = from.max(lo);
        while b <= to.min(hi) {
            let against = if b > last { Against::BeyondEnds } else { Against::Beside };
            if let Some((score, xs)) = row_at(template, edges, b, centre, walled_at(b), bar, against)
                && fills_a_row(b, &xs)
                && best.as_ref().is_none_or(|(s, _, _)| score > *s)
            {
                best = Some((score, b, xs));
            }
            b += step;
        }
    }
    let (_, bottom, xs) = best?;
    // Each vessel where it matches best, within a quarter of its width.
    let near = (at.half * 0.5).round() as i64;
    let centres = xs
        .iter()
        .map(|&x| {
            (x - near..=x + near)
                .filter(|&x| fits(template, edges, x))
                .map(|x| (x, template.shape(edges, x, bottom).0))
                .max_by(|p, q| p.1.total_cmp(&q.1))
                .map_or(x, |p| p.0) as f32
        })
        .collect();
    Some(EmptyRow { bottom: bottom as u32, centres })
}

/// Least edge strength, as a share of the template's, of a place whose
/// shape leaves a row of empty vessels in doubt: half of what a faint
/// vessel needs to be taken ([`MIN_FAINT_STRENGTH`]), since a doubt only
/// refuses; a flat board's noise, whose shape correlates with anything,
/// stays far under it (0.011 above the wine glasses of tuning 1211, where
/// the shape matched 0.37), the white outlines on lined paper of tuning
/// 838 reach 0.13.
const DOUBTED_ROW_STRENGTH: f32 = MIN_FAINT_STRENGTH * 0.5;

/// The bottom of the row found next to which, a row's step beyond it
/// (with two rows or more found, so that the step is known), some column
/// of the level's (`columns`: the row bottom and centre of each vessel
/// found by its liquid) has a vessel's shape ([`FAINT_SILHOUETTE_MATCH`], with edges of
/// [`DOUBTED_ROW_STRENGTH`], within a pixel of the column: the columns are
/// measured in the same picture, and a wider look costs 5x as much) where
/// no row of empty vessels was found: a row of empty vessels drawn too
/// faintly to be taken, without which the level read is wrong (tuning
/// 4482: empty bulbs of pale glass half over a hill). A place that shows
/// a wall and a shape standing out of the board ([`walled`]) is such a
/// vessel too. `pitch` is the rows' spacing.
/// Only below the last row: a level's empty vessels come last, so a row
/// of them stands under the rows of liquid. Above the first row the board
/// alone matched the shape (0.38-0.49 over tuning 1926, 4714 and fresh
/// 89777, white-outlined ball tubes, a place of 4714's reaching up to the
/// header's round button), and a cloud's edges showed a wall (tuning 3128).
pub(super) fn faint_row_beyond(
    template: &Template,
    edges: &Gradients,
    found: &[RowFound],
    columns: &[(u32, f32)],
    half: f32,
    pitch: f32,
) -> Option<u32> {
    let mut bottoms: Vec<i64> = found.iter().map(|r| r.bottom as i64).collect();
    bottoms.sort_unstable();
    if bottoms.len() < 2 {
        return None;
    }
    let last = bottoms[bottoms.len() - 1];
    let step = median(bottoms.windows(2).map(|w| w[1] - w[0]).collect());
    let (below, lo, hi) = (template.below, template.height, edges.height as i64 - 1 - template.below);
    let near = (half * 0.5).round() as i64;
    let mut xs: Vec<i64> = columns.iter().map(|&(_, c)| c.round() as i64).collect();
    xs.sort_unstable();
    xs.dedup_by(|a, b| (*a - *b).abs() <= near);
    let at = last + step;
    let shows = (at - below..=at + below).filter(|b| (lo..=hi).contains(b)).any(|b| {
        xs.iter().any(|&c| {
            (c - 1..=c + 1).filter(|&x| fits(template, edges, x)).any(|x| {
                let (shape, strength) = template.shape(edges, x, b);
                (shape >= FAINT_SILHOUETTE_MATCH && strength >= DOUBTED_ROW_STRENGTH)
                    || walled(template, edges, (x, b), pitch)
            })
        })
    });
    shows.then_some(last as u32)
}

/// What a row's places must stand out of to be vessels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Against {
    /// The places half a pitch beside each: above the rows found, where
    /// the board alone can match the shape all along a row (see
    /// [`faint_row_beyond`]: 0.38-0.49 over tuning 1926, 4714 and fresh
    /// 89777); with the board beyond the row's ends there too, tuning
    /// 1926 was read wrong and 4714 refused.
    Beside,
    /// The places half a pitch beside each, or else the board beyond the
    /// row's ends ([`Lattice::stands_out`]): under the rows found, where a
    /// level's empty vessels stand. Either: where the gaps between a
    /// row's vessels are not vessel-shaped, the places beside them are
    /// board, while a pitch beyond an end may stand another vessel of the
    /// row matched too weakly to be taken with it, found later at the
    /// row's end (fresh 80304: three empty hurricane glasses over a
    /// textured hill, the middle one matched 0.40, the gaps 0.11, the
    /// others 0.27 and 0.47).
    BeyondEnds,
}

/// The row of vessels resting on `bottom`, centred at `centre`, that
/// matches the template best: the most places a pitch apart each of which
/// matches its shape as well as a faint vessel must (faint: an empty
/// vessel's walls border glass where the template's border liquid), with
/// edges of their own, and stands out of the board as `against` says.
/// Its summed match and places; `None` when no place does.
fn row_at(
    template: &Template,
    edges: &Gradients,
    bottom: i64,
    centre: f32,
    at: Spacing<'_>,
    bar: Bar,
    against: Against,
) -> Option<(f32, Vec<i64>)> {
    let step = at.pitch / 2.0;
    let reach = (edges.width as f32 / step).ceil() as i64;
    let shapes = vec![None; (2 * reach + 1) as usize];
    let mut lattice =
        Lattice { template, edges, bottom, centre, step, bar, columns: at.columns, half: at.half, shapes };
    let mut best: Option<(usize, f32, Vec<i64>)> = None;
    // A row of an odd count has a vessel on the centre, of an even count
    // half a pitch off; a row of k places fails if one of k - 2 does. One
    // under the rows found that stands out of neither the places beside
    // it nor the board beyond its ends may go on: a vessel stands there.
    for first in [1, 2] {
        for k in (first..=reach).step_by(2) {
            let places: Vec<i64> = (0..k).map(|i| 2 * i - (k - 1)).collect();
            if !places.iter().all(|&j| lattice.is_vessel(j)) {
                break;
            }
            let stands = places.iter().all(|&j| lattice.stands_out_beside(j))
                || (against == Against::BeyondEnds && lattice.stands_out(&places));
            match (stands, against) {
                (true, _) => {}
                (false, Against::Beside) => break,
                (false, Against::BeyondEnds) => continue,
            }
            let score = places.iter().filter_map(|&j| lattice.shape(j)).map(|s| s.0).sum::<f32>();
            if best.as_ref().is_none_or(|b| places.len() > b.0) {
                best = Some((places.len(), score, places.iter().map(|&j| lattice.x(j)).collect()));
            }
        }
    }
    best.map(|(_, score, xs)| (score, xs))
}

/// Whether the place centred at `x`, resting on `bottom`, shows a wall
/// of the template's outline down its body ([`FAINT_WALL_ROWS`] of the rows
/// at [`MIN_FAINT_EDGE`], as a faint vessel found in a gap must) and a
/// shape that stands out of the board half a pitch to one side at least
/// ([`FAINT_PEAK`]) with edges of its own ([`DOUBTED_ROW_STRENGTH`]): two
/// pieces of evidence of a vessel where the shape alone falls short of a
/// faint vessel's (fresh 27849 and 41888, empty hurricane glasses on lined
/// paper and flasks drawn in thin grey on pale stripes, matched 0.29-0.35
/// a row's step beyond, the board beside them under 0.1, their walls on
/// 0.92-1 of the rows). A cloud's edges can run down a vessel's walls, but
/// match its shape no better than the cloud beside it does. One side is
/// enough: half a pitch from a vessel that has a neighbour there lies the
/// gap between the two, whose walls the template half matches (fresh
/// 82740: two empty ball tubes side by side on lined paper, a row's step
/// under the level's rows, matched 0.27-0.28, the gap between them 0.10,
/// the board beyond each 0.0; the level without them was solved).
fn walled(template: &Template, edges: &Gradients, (x, bottom): (i64, i64), pitch: f32) -> bool {
    let (shape, strength) = template.shape(edges, x, bottom);
    let away = (pitch / 2.0).round() as i64;
    let beside = [x - away, x + away]
        .into_iter()
        .filter(|&x| fits(template, edges, x))
        .map(|x| template.shape(edges, x, bottom).0)
        .fold(f32::MAX, f32::min);
    shape - beside >= FAINT_PEAK
        && strength >= DOUBTED_ROW_STRENGTH
        && template.wall_rows(edges, x, bottom, MIN_FAINT_EDGE) >= FAINT_WALL_ROWS
}

/// The places half a pitch apart around a row's centre, and their match
/// with the template's shape, each measured when first asked for.
struct Lattice<'a> {
    template: &'a Template,
    edges: &'a Gradients,
    bottom: i64,
    centre: f32,
    step: f32,
    bar: Bar,
    /// Where the vessels found by their liquid stand (row bottom, centre);
    /// empty where a place is not to be taken on its walls.
    columns: &'a [(u32, f32)],
    /// The interior's half-width.
    half: f32,
    /// By place, from the leftmost: `Some(None)` where the template does
    /// not fit in the picture.
    shapes: Vec<Option<Option<(f32, f32)>>>,
}

impl Lattice<'_> {
    fn x(&self, j: i64) -> i64 {
        (self.centre + j as f32 * self.step).round() as i64
    }

    /// The shape and strength of place `j` (0 the centre).
    fn shape(&mut self, j: i64) -> Option<(f32, f32)> {
        let reach = (self.shapes.len() as i64 - 1) / 2;
        let (x, t, e, bottom) = (self.x(j), self.template, self.edges, self.bottom);
        let slot = self.shapes.get_mut(usize::try_from(j + reach).ok()?)?;
        let wiggle = self.bar.wiggle;
        *slot.get_or_insert_with(|| {
            (x - wiggle..=x + wiggle)
                .filter(|&x| fits(t, e, x))
                .map(|x| t.shape(e, x, bottom))
                .max_by(|p, q| p.0.total_cmp(&q.0))
        })
    }

    /// Whether place `j` holds a faint vessel: its shape matched as `bar`
    /// asks, or, in a column of the level's (a vessel found by its liquid
    /// stands there in a row found, within a quarter of a vessel's width),
    /// as [`FaintSearch::probe`](super::place::FaintSearch::probe) takes a
    /// place in such a column beyond a row's end, on both its walls
    /// ([`walled_in_a_column`]; tuning 1040: the first of a last row of two
    /// empty hurricane glasses, the sea's edge across its bottom, matched
    /// 0.32, both walls on 0.95 of the rows, the second 0.39).
    fn is_vessel(&mut self, j: i64) -> bool {
        let Some((shape, strength)) = self.shape(j) else { return false };
        let (bar, x) = (self.bar, self.x(j));
        let walled = || {
            self.columns.iter().any(|&(_, c)| (c - x as f32).abs() <= self.half * 0.5)
                && walled_in_a_column(self.template, self.edges, (x, self.bottom), (shape, strength))
        };
        (shape >= bar.shape && strength >= bar.strength) || walled()
    }

    /// Whether place `j` stands out of the places half a pitch either side
    /// by `bar`'s peak.
    fn stands_out_beside(&mut self, j: i64) -> bool {
        let beside = [j - 1, j + 1].iter().filter_map(|&i| self.shape(i)).map(|s| s.0).fold(-1.0, f32::max);
        self.shape(j).is_some_and(|s| s.0 - beside >= self.bar.peak)
    }

    /// Whether every place of the row `places` (consecutive places of one
    /// half of the lattice) stands out of the board a pitch beyond the
    /// row's ends by `bar`'s peak, against the better matched of the two
    /// (half a pitch beyond where neither lies in the picture; with no
    /// place beyond either end in the picture, a row as wide as the
    /// picture, nothing to stand out of, so it does). Not against
    /// the places half a pitch beside each: between two of a row's vessels
    /// stands the gap between them, whose walls make a vessel's shape where
    /// the gap is about as wide as a vessel (tuning 1868: a last row of
    /// white-outlined tubes on lined paper, the middle one matched 0.47,
    /// the gaps beside it 0.31; tuning 1860: a row of three under one row
    /// of four, 0.38-0.43 and 0.44), while half a pitch beyond an end, the
    /// place takes in that end's wall (0.28 there). A texture's echo of
    /// the shape echoes it beyond the row too; a row that goes on has a
    /// vessel a pitch beyond, and is taken with it.
    fn stands_out(&mut self, places: &[i64]) -> bool {
        let (Some(&first), Some(&last)) = (places.first(), places.last()) else { return false };
        let board = |lattice: &mut Self, away: i64| {
            let shapes: Vec<f32> =
                [first - away, last + away].iter().filter_map(|&i| lattice.shape(i)).map(|s| s.0).collect();
            shapes.into_iter().reduce(f32::max)
        };
        let Some(beyond) = board(self, 2).or_else(|| board(self, 1)) else { return true };
        places.iter().all(|&j| self.shape(j).is_some_and(|s| s.0 - beyond >= self.bar.peak))
    }
}

/// Whether the template centred at `x` lies inside the picture.
fn fits(template: &Template, edges: &Gradients, x: i64) -> bool {
    x >= template.reach && x < edges.width as i64 - template.reach
}

#[cfg(test)]
mod tests;
