//! A row of empty vessels: a level's last row may hold nothing but empty
//! vessels, which no liquid shows, so no column starts a row there. Where
//! the rows found leave room for one (a row's step beyond them, or, with
//! one row found, anywhere a vessel's height or more beyond it), vessels
//! that match the template's shape, centred like the rows found and spaced
//! by their pitch, are that row.

use super::super::median;
use super::super::template::Template;
use super::super::tubes::Gradients;
use super::place::{FAINT_PEAK, FAINT_SILHOUETTE_MATCH, MIN_FAINT_STRENGTH};

/// How far beyond the only row found a row of empty vessels is looked for,
/// as a share of the picture's height, bottom to bottom: a level's rows
/// share the middle of the screen, and two rows that fill it stand about a
/// third of its height apart (the generated layouts' rows stand 0.22-0.33
/// apart). Not fitted: a little beyond the widest spacing of those.
const EMPTY_ROW_REACH: f32 = 0.35;

/// The rows found: each one's bottom and the middle of its vessels.
#[derive(Debug, Clone, Copy)]
pub(super) struct RowFound {
    pub bottom: u32,
    pub centre: f32,
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
pub(super) struct Spacing {
    /// From one vessel's centre to the next in a row.
    pub pitch: f32,
    /// The interior's half-width.
    pub half: f32,
    /// The vessel's height, bottom to rim.
    pub rim: f32,
}

/// The row of empty vessels the rows found leave room for, if the picture
/// shows one there.
pub(super) fn empty_row(template: &Template, edges: &Gradients, found: &[RowFound], at: Spacing) -> Option<EmptyRow> {
    let mut bottoms: Vec<i64> = found.iter().map(|r| r.bottom as i64).collect();
    bottoms.sort_unstable();
    let (first, last) = (*bottoms.first()?, *bottoms.last()?);
    let centre = median(found.iter().map(|r| r.centre).collect());
    let below = template.below;
    let clear = at.rim.round() as i64 + 2 * below;
    // Bottoms to look at, and the step between two looks.
    let (ranges, step) = if bottoms.len() >= 2 {
        let step = median(bottoms.windows(2).map(|w| w[1] - w[0]).collect());
        ([(last + step - below, last + step + below), (first - step - below, first - step + below)], 1)
    } else {
        let reach = (edges.height as f32 * EMPTY_ROW_REACH).round() as i64;
        ([(last + clear, last + reach), (first - reach, first - clear)], 2)
    };
    let lo = template.height;
    let hi = edges.height as i64 - 1 - below;
    let mut best: Option<(f32, i64, Vec<i64>)> = None;
    for (from, to) in ranges {
        let mut b = from.max(lo);
        while b <= to.min(hi) {
            if let Some((score, xs)) = row_at(template, edges, b, centre, at)
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
/// 838: white outlines on pale paper, at 0.13 of the template's strength).
pub(super) fn faint_row_beyond(
    template: &Template,
    edges: &Gradients,
    found: &[RowFound],
    columns: &[(u32, f32)],
    half: f32,
) -> Option<u32> {
    let mut bottoms: Vec<i64> = found.iter().map(|r| r.bottom as i64).collect();
    bottoms.sort_unstable();
    if bottoms.len() < 2 {
        return None;
    }
    let (first, last) = (bottoms[0], bottoms[bottoms.len() - 1]);
    let step = median(bottoms.windows(2).map(|w| w[1] - w[0]).collect());
    let (below, lo, hi) = (template.below, template.height, edges.height as i64 - 1 - template.below);
    let near = (half * 0.5).round() as i64;
    let mut xs: Vec<i64> = columns.iter().map(|&(_, c)| c.round() as i64).collect();
    xs.sort_unstable();
    xs.dedup_by(|a, b| (*a - *b).abs() <= near);
    [(last, last + step), (first, first - step)].into_iter().find_map(|(next_to, at)| {
        let shows = (at - below..=at + below).filter(|b| (lo..=hi).contains(b)).any(|b| {
            xs.iter().any(|&c| {
                (c - 1..=c + 1)
                    .filter(|&x| fits(template, edges, x))
                    .map(|x| template.shape(edges, x, b))
                    .any(|(shape, strength)| shape >= FAINT_SILHOUETTE_MATCH && strength >= DOUBTED_ROW_STRENGTH)
            })
        });
        shows.then_some(next_to as u32)
    })
}

/// The row of vessels resting on `bottom`, centred at `centre`, that
/// matches the template best: the most places a pitch apart each of which
/// matches its shape as well as a faint vessel must (faint: an empty
/// vessel's walls border glass where the template's border liquid), with
/// edges of their own, and stands out of the board half a pitch beside it.
/// Its summed match and places; `None` when no place does.
fn row_at(template: &Template, edges: &Gradients, bottom: i64, centre: f32, at: Spacing) -> Option<(f32, Vec<i64>)> {
    let step = at.pitch / 2.0;
    let reach = (edges.width as f32 / step).ceil() as i64;
    let mut lattice = Lattice { template, edges, bottom, centre, step, shapes: vec![None; (2 * reach + 1) as usize] };
    let mut best: Option<(usize, f32, Vec<i64>)> = None;
    // A row of an odd count has a vessel on the centre, of an even count
    // half a pitch off; a row of k places fails if one of k - 2 does.
    for first in [1, 2] {
        for k in (first..=reach).step_by(2) {
            let places: Vec<i64> = (0..k).map(|i| 2 * i - (k - 1)).collect();
            if !places.iter().all(|&j| lattice.is_vessel(j)) {
                break;
            }
            let score = places.iter().filter_map(|&j| lattice.shape(j)).map(|s| s.0).sum::<f32>();
            if best.as_ref().is_none_or(|b| places.len() > b.0) {
                best = Some((places.len(), score, places.iter().map(|&j| lattice.x(j)).collect()));
            }
        }
    }
    best.map(|(_, score, xs)| (score, xs))
}

/// The places half a pitch apart around a row's centre, and their match
/// with the template's shape, each measured when first asked for.
struct Lattice<'a> {
    template: &'a Template,
    edges: &'a Gradients,
    bottom: i64,
    centre: f32,
    step: f32,
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
        *slot.get_or_insert_with(|| fits(t, e, x).then(|| t.shape(e, x, bottom)))
    }

    /// Whether place `j` holds a faint vessel that stands out of the board
    /// half a pitch either side.
    fn is_vessel(&mut self, j: i64) -> bool {
        let Some((shape, strength)) = self.shape(j) else { return false };
        let beside = [j - 1, j + 1].iter().filter_map(|&i| self.shape(i)).map(|s| s.0).fold(-1.0, f32::max);
        shape >= FAINT_SILHOUETTE_MATCH && strength >= MIN_FAINT_STRENGTH && shape - beside >= FAINT_PEAK
    }
}

/// Whether the template centred at `x` lies inside the picture.
fn fits(template: &Template, edges: &Gradients, x: i64) -> bool {
    x >= template.reach && x < edges.width as i64 - template.reach
}
