//! Where vessels stand along a row: the places the template matches, the
//! room a column of liquid leaves for a vessel beside those found, and
//! how many vessels stand off the row's regular spacing.

use super::super::columns::Column;
use super::super::median;
use super::super::template::Template;
use super::super::tubes::Gradients;
use super::{MIN_SILHOUETTE_MATCH, Seen, Vessel};

/// How far from the regular spacing a vessel may stand, as a share of the
/// pitch, before the row's layout is doubtful.
const GRID_TOLERANCE: f32 = 0.18;

/// Whether a column stands where a vessel could, beside `vessels`: not in
/// one of them, and not within a box's width of one its own liquid shows,
/// since two vessels' boxes (interior and outline) do not overlap: a
/// textured board seen between two vessels is no vessel's liquid, nor are
/// the lines of lined paper half a pitch between two close vessels
/// (tuning case 464, flasks whose centres stand 2.03 half-widths apart
/// from the lines between them).
pub(super) fn room_for(c: &Column, vessels: &[Vessel], half: f32) -> bool {
    let d = |v: &Vessel| (c.center_x() - v.outer.center_x()).abs();
    vessels.iter().all(|v| d(v) > half && (v.seen == Seen::Silhouette || d(v) >= v.outer.width() as f32))
}

/// The centres of the places along a row resting on `bottom` that match
/// the template: local best scores over the threshold, at least a vessel's
/// width apart.
pub(super) fn matches(template: &Template, edges: &Gradients, bottom: i64, half: f32) -> Vec<f32> {
    let lo = (half * 0.8).round() as i64;
    let hi = edges.width as i64 - lo;
    let scores: Vec<(i64, f32)> = (lo..hi).map(|x| (x, template.score(edges, x, bottom))).collect();
    let apart = (half * 1.6).round() as i64;
    let mut centres = Vec::new();
    for &(x, s) in &scores {
        if s < MIN_SILHOUETTE_MATCH {
            continue;
        }
        let best_nearby =
            scores.iter().filter(|(o, _)| (o - x).abs() <= apart).all(|&(o, t)| t < s || (t == s && o >= x));
        if best_nearby {
            centres.push(x as f32);
        }
    }
    centres
}

/// How many of a row's vessels stand off its regular spacing: the pitch is
/// the median gap between neighbours (divided by the places it spans).
pub(super) fn off_grid(centres: &[f32], half: f32) -> usize {
    if centres.len() < 3 {
        return 0;
    }
    let gaps: Vec<f32> = centres.windows(2).map(|w| w[1] - w[0]).filter(|&g| g >= half).collect();
    let smallest = gaps.iter().copied().fold(f32::MAX, f32::min);
    let pitch = median(gaps.iter().map(|&g| g / (g / smallest).round().max(1.0)).collect());
    let anchor = centres[0];
    centres
        .iter()
        .filter(|&&c| {
            let k = (c - anchor) / pitch;
            (k - k.round()).abs() > GRID_TOLERANCE
        })
        .count()
}
