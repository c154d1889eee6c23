//! An empty vessel read full because the board beside it differs from
//! the board behind it: its glass before the sky, with a cloud beside it,
//! is unlike the board its slots are set against, and reads as one more
//! liquid filling the vessel. Another vessel of its row read wholly empty
//! shows what the row's glass looks like over the same boards (tuning
//! 585: an empty vase before the sky, a cloud beside it, read full of a
//! pale liquid that made a whole colour; the empty vase beside it, the
//! cloud behind it and beside it, read empty, its slots over sky and
//! cloud alike). A vessel every slot of which looks like some slot of a
//! vessel of its row read wholly empty is that glass. Whole vessels only:
//! a liquid near the glass's colour on top of a few tubes is left to the
//! checks to refuse, never taken for glass. Tried, like
//! [`tinted`](super::tinted), only when the counts failed or the glass
//! was doubted, and believed only if the reading then passes every check.

use super::Detection;
use super::columns::level_with;
use super::level::SAME_COLOR_MAX_DELTA_E;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The detection with every vessel read wholly as liquid, none of it
/// under a lit surface and not sampled within one colour's spread
/// throughout (one liquid's complete tube), whose every slot looks like
/// (within one colour's spread) some slot of a vessel of its row (their boxes overlapping for
/// more than half the shorter's height) read wholly empty, taken for
/// empty; `None` when no vessel is read wholly empty or none changes.
pub(super) fn vessels_like_the_empty_ones(detection: &Detection) -> Option<Detection> {
    let wholly = |t: usize, kind: fn(&SlotSample) -> bool| {
        let samples = &detection.samples[t];
        !samples.is_empty() && samples.iter().all(kind)
    };
    let is_empty = |s: &SlotSample| *s == SlotSample::Empty;
    let is_color = |s: &SlotSample| matches!(s, SlotSample::Color(_));
    let tubes = 0..detection.tubes.len().min(detection.samples.len()).min(detection.raw.len());
    let empties: Vec<usize> = tubes.clone().filter(|&u| wholly(u, is_empty)).collect();
    if empties.is_empty() {
        return None;
    }
    let like_glass_in_its_row = |t: usize, k: usize| {
        let outer = &detection.tubes[t].outer;
        let lab = to_lab(detection.raw[t][k]);
        empties.iter().any(|&u| {
            level_with(outer, &detection.tubes[u].outer)
                && detection.raw[u].iter().any(|&glass| delta_e(lab, to_lab(glass)) < SAME_COLOR_MAX_DELTA_E)
        })
    };
    let mut out = detection.clone();
    let mut changed = false;
    for t in tubes {
        let lit = detection.lit.get(t).copied().unwrap_or(0);
        let slots = detection.tubes[t].slots.len().min(detection.raw[t].len());
        if lit > 0 || !wholly(t, is_color) || slots != detection.samples[t].len() {
            continue;
        }
        // A vessel one liquid fills (a complete tube) is sampled within one
        // colour's spread throughout, however its shading varies; glass
        // read as liquid here shows the boards changing behind it.
        let raw = &detection.raw[t][..slots];
        let centre = to_lab(median_color(raw));
        let one_liquid = raw.iter().all(|&c| delta_e(to_lab(c), centre) < SAME_COLOR_MAX_DELTA_E);
        if !one_liquid && (0..slots).all(|k| like_glass_in_its_row(t, k)) {
            out.samples[t] = vec![SlotSample::Empty; slots];
            changed = true;
        }
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, TubeLayout};
    use SlotSample::{Color, Empty};

    const GLASS: [u8; 3] = [200, 225, 225];
    const CLOUD_GLASS: [u8; 3] = [205, 228, 226];
    const SKY_GLASS: [u8; 3] = [90, 180, 200];
    const RED: [u8; 3] = [200, 40, 40];
    const PALE: [u8; 3] = [120, 200, 200];

    /// Tubes of three 30-row slots side by side in one row (or, with
    /// `second_row`, the last tube a row lower), read as `samples`; each
    /// slot's raw colour is its sample's, or `GLASS` for one read empty.
    fn detection(samples: Vec<Vec<SlotSample>>, second_row: bool) -> Detection {
        let n = samples.len();
        let tubes: Vec<TubeLayout> = (0..n)
            .map(|t| {
                let (x0, y) = (20 + 50 * t as u32, if second_row && t == n - 1 { 200 } else { 100 });
                let slots = (0..3).map(|k| Rect { x0, x1: x0 + 30, y0: y - (k + 1) * 30, y1: y - k * 30 }).collect();
                TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: y - 100, y1: y }, slots }
            })
            .collect();
        let raw =
            samples.iter().map(|s| s.iter().map(|s| if let Color(c) = s { *c } else { GLASS }).collect()).collect();
        Detection {
            image_width: 300,
            image_height: 300,
            tubes,
            samples,
            locks: vec![None; n],
            raw,
            capacity: 3,
            lit: vec![0; n],
            capped: vec![None; n],
        }
    }

    #[test]
    fn a_vessel_wholly_like_an_empty_one_of_its_row_is_empty() {
        let cloud = vec![Color(CLOUD_GLASS), Color(SKY_GLASS), Color(CLOUD_GLASS)];
        let mut d = detection(vec![vec![Color(RED); 3], vec![Empty; 3], cloud], false);
        d.raw[1] = vec![SKY_GLASS, GLASS, GLASS];
        let read = vessels_like_the_empty_ones(&d).expect("the glass before the cloud is empty");
        assert_eq!(read.samples[2], vec![Empty; 3]);
        assert_eq!(read.samples[0], vec![Color(RED); 3]);
        // A complete tube of one liquid like the glass: no glass.
        let d = detection(vec![vec![Empty; 3], vec![Color(CLOUD_GLASS); 3]], false);
        assert!(vessels_like_the_empty_ones(&d).is_none());
    }

    #[test]
    fn glass_like_layers_on_top_of_liquid_or_another_rows_glass_are_left_to_the_checks() {
        // The glass's colour on top of a red liquid: no whole vessel.
        let top = vec![Color(RED), Color(CLOUD_GLASS), Color(CLOUD_GLASS)];
        assert!(vessels_like_the_empty_ones(&detection(vec![top, vec![Empty; 3]], false)).is_none());
        // A vessel of glass's colour a row below the empty one: another
        // row's glass shows another board.
        let cloud = vec![Color(CLOUD_GLASS), Color(GLASS), Color(CLOUD_GLASS)];
        let d = detection(vec![vec![Empty; 3], cloud], true);
        assert!(vessels_like_the_empty_ones(&d).is_none());
        // A liquid unlike the glass under glass-like slots: no glass.
        let pale = vec![Color(PALE), Color(PALE), Color(CLOUD_GLASS)];
        assert!(vessels_like_the_empty_ones(&detection(vec![vec![Empty; 3], pale], false)).is_none());
    }
}
