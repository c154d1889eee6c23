//! A row of vessels' liquid bottom, where the liquid finder ended it a
//! layer short: a round bottom (a bulb's, a wine glass's bowl) cuts its
//! lowest layer to a sliver, shaded darker and narrower than a band, which
//! the finder's columns leave out; the vessels' bottom is then put on the
//! boundary above it, or inside the layer above it, and the capacity read
//! a layer short (tuning 708: bulbs of seven read as six, the sliver 4
//! rows of 4.4 under the bottom, over the white outline; tuning 94: bulbs
//! of six, the bottom 2 rows into the layer over a sliver of 3).
//!
//! What shows under each vessel of the row, down its strip, is either the
//! outline's stroke (drawn alike under every vessel) or the board, or the
//! layers the finder left out: runs of the level's liquids (a long run of
//! each colour stands in another vessel), their colours changing from
//! vessel to vessel as a deal's bottom layers do. The row's bottom moves
//! down to where those runs end only where two or more filled vessels of
//! the row, half of them or more, show them, ending on one row, the
//! lowest in two colours or more.

use image::RgbImage;
use palette::Lab;

use super::{LAYER_OF_BAND, Profile, RUN_STEP, Run, color_distance, row_colors};
use crate::geometry::Rect;
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::vision::water::board::{looks_empty, sample_beside};
use crate::vision::water::grid::SURFACE_GAP;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::vessels::Vessel;

/// Most bands of liquid ([`Vessel::band_height`], about a layer) a row's
/// vessels show under the bottom the finder put them on, and the stroke
/// under them, read: the rest of the layer the bottom cut and the sliver
/// under it (tuning 94: 2 rows of a layer and 3 of a sliver, bands of 3
/// rows). Set so; not fitted.
const BANDS_LEFT_OUT: f32 = 2.0;

/// Moves each row's liquid bottom down over the layers its vessels'
/// profiles left out under it, where they show one (see the module's
/// doc). `vessels` and `profiles` are in the same order; `others` are all
/// vessels' boxes (to find the board beside each).
pub(crate) fn lower_to_liquid_bottom(img: &RgbImage, vessels: &[Vessel], profiles: &mut [Profile], others: &[Rect]) {
    let liquids = liquid_runs(profiles);
    let under: Vec<Vec<Run>> = (0..profiles.len())
        .map(|i| {
            let elsewhere: Vec<Lab> = liquids.iter().filter(|&&(j, _)| j != i).map(|&(_, lab)| lab).collect();
            layers_under(img, &vessels[i], &profiles[i], others, &elsewhere)
        })
        .collect();
    let mut bottoms: Vec<u32> = profiles.iter().map(|p| p.bottom).collect();
    bottoms.sort_unstable();
    bottoms.dedup();
    for bottom in bottoms {
        let row: Vec<usize> = (0..profiles.len()).filter(|&i| profiles[i].bottom == bottom).collect();
        let lowest: Vec<Run> = row.iter().filter_map(|&i| under[i].last().copied()).collect();
        let filled = row.iter().filter(|&&i| profiles[i].runs.iter().any(|r| !r.empty)).count();
        // Two colours or more: the outline's stroke is one colour under
        // every vessel, however like a liquid it is.
        let colours = lowest
            .iter()
            .any(|a| lowest.iter().any(|b| delta_e(to_lab(a.color), to_lab(b.color)) > SAME_COLOR_MAX_DELTA_E));
        if lowest.len() < 2 || 2 * lowest.len() < filled || !colours {
            continue;
        }
        let mut ends: Vec<u32> = lowest.iter().map(|r| r.y1).collect();
        ends.sort_unstable();
        let end = ends[ends.len() / 2];
        // One bottom for the row: the layers end on one row, give or
        // take an anti-aliased edge.
        if ends.iter().any(|&e| e.abs_diff(end) > SURFACE_GAP) {
            continue;
        }
        for &i in &row {
            let p = &mut profiles[i];
            let mut layers = under[i].clone();
            if let Some(last) = layers.last_mut() {
                last.y1 = end;
            }
            // A layer under the bottom goes on from the last run where it
            // is that run's colour, and is a layer of its own where not.
            // A vessel of the row that showed none (an empty one's glass,
            // or liquid whose last rows were not told) rests on the row's
            // bottom all the same: its last run goes on down to it.
            let last = p.runs.iter().rposition(|r| r.y1 + SURFACE_GAP >= bottom);
            match last {
                Some(j) if layers.first().is_none_or(|l| color_distance(l.color, p.runs[j].color) <= RUN_STEP) => {
                    p.runs[j].y1 = layers.first().map_or(end, |l| l.y1);
                    p.runs.extend(layers.into_iter().skip(1));
                }
                _ => p.runs.extend(layers),
            }
            p.bottom = end;
        }
    }
}

/// The layers of the strip under `p`'s bottom, as many rows down as
/// [`BANDS_LEFT_OUT`] and an edge: runs of rows of one colour (each row
/// within one colour's spread of those before it) as tall as a layer's
/// share of a band ([`LAYER_OF_BAND`]), each within one colour's spread
/// ([`SAME_COLOR_MAX_DELTA_E`]) of one of the level's liquids (`liquids`,
/// in CIELAB) and not of the board's colour; the first starting within an
/// anti-aliased edge of the bottom, the rows between two of them (the
/// edge between two layers, blurred further in an enlarged copy) no
/// taller than such a run and an edge, and under the last a run as tall
/// that is no liquid (the outline's stroke, or the board), or as many
/// rows of no such run. None where there are none, or where the rows read
/// end first. The last ends on the last row nearer its colour than what
/// comes under it.
fn layers_under(img: &RgbImage, v: &Vessel, p: &Profile, others: &[Rect], liquids: &[Lab]) -> Vec<Run> {
    let least = ((v.band_height * LAYER_OF_BAND).round() as u32).max(2) as usize;
    let end = (p.bottom + (v.band_height * BANDS_LEFT_OUT).ceil() as u32 + SURFACE_GAP).min(img.height());
    if liquids.is_empty() || end <= p.bottom + least as u32 {
        return Vec::new();
    }
    let rows = row_colors(img, p.columns.0, p.columns.1, p.bottom, end, 1);
    let labs: Vec<Lab> = rows.iter().map(|&c| to_lab(c)).collect();
    let board = sample_beside(img, &v.outer, &Rect { y1: end, ..v.outer }, others);
    let nearest = |lab: Lab| {
        liquids.iter().map(|&l| delta_e(l, lab)).enumerate().min_by(|a, b| a.1.total_cmp(&b.1)).map_or(0, |(k, _)| k)
    };
    // Rows of one colour, in order (first row, end row): each within one
    // colour's spread of the mean of those before it.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut mean = labs[0];
    for (y, &lab) in labs.iter().enumerate() {
        match spans.last_mut() {
            Some(span) if delta_e(mean, lab) < SAME_COLOR_MAX_DELTA_E => {
                let n = (span.1 - span.0) as f32;
                mean = Lab::new(
                    (mean.l * n + lab.l) / (n + 1.0),
                    (mean.a * n + lab.a) / (n + 1.0),
                    (mean.b * n + lab.b) / (n + 1.0),
                );
                span.1 = y + 1;
            }
            _ => {
                spans.push((y, y + 1));
                mean = lab;
            }
        }
    }
    let liquid = |(y0, y1): (usize, usize)| {
        let color = median_color(&rows[y0..y1]);
        let k = nearest(to_lab(color));
        (delta_e(to_lab(color), liquids[k]) < SAME_COLOR_MAX_DELTA_E && !looks_empty(color, board))
            .then_some((k, color))
    };
    let edge = least + SURFACE_GAP as usize;
    let mut taken: Vec<(usize, usize, usize, [u8; 3])> = Vec::new();
    let mut from = 0;
    let mut ended = false;
    for &(y0, y1) in spans.iter().filter(|(y0, y1)| y1 - y0 >= least) {
        let limit = if taken.is_empty() { SURFACE_GAP as usize } else { edge };
        if y0 > from + limit {
            break;
        }
        match liquid((y0, y1)) {
            Some((k, color)) => taken.push((y0, y1, k, color)),
            None => {
                ended = true;
                break;
            }
        }
        from = y1;
    }
    // Seen to its end: a run of no liquid under it, or as many rows of no
    // run as tall.
    let seen_under = |&&(_, y1, _, _): &&(usize, usize, usize, [u8; 3])| ended || rows.len() >= y1 + least;
    let Some(&(_, last_end, k, _)) = taken.last().filter(seen_under) else { return Vec::new() };
    // The anti-aliased row between the last layer and what comes under
    // it counts to the nearer, as in every vessel alike.
    let under = labs.get(last_end + 1).copied().unwrap_or_else(|| to_lab(board));
    let more = labs.get(last_end).is_some_and(|&l| delta_e(l, liquids[k]) < delta_e(l, under)) as usize;
    let at = |y: usize| p.bottom + y as u32;
    let count = taken.len();
    taken
        .into_iter()
        .enumerate()
        .map(|(i, (y0, y1, _, color))| {
            let y1 = if i + 1 == count { y1 + more } else { y1 };
            Run { y0: at(y0), y1: at(y1), color, empty: false }
        })
        .collect()
}

/// The colours (CIELAB) of the long runs of liquid in `profiles`, each
/// with its profile's index: the level's liquids, as far as the profiles
/// show them (a vessel's own are left out of what it is compared with).
fn liquid_runs(profiles: &[Profile]) -> Vec<(usize, Lab)> {
    profiles
        .iter()
        .enumerate()
        .flat_map(|(j, q)| {
            q.runs.iter().filter(|r| !r.empty && r.y1 - r.y0 >= q.shortest_layer).map(move |r| (j, to_lab(r.color)))
        })
        .collect()
}

#[cfg(test)]
mod tests;
