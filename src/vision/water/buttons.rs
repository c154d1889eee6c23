//! A row of round buttons matched as vessels: a game draws its buttons
//! alike, and a bulb's template can match a ring (tuning 5561: three
//! rings under the bulbs, each read as a vessel full of the ring's
//! colours, so the counts failed; tuning 2186: so many ring slots that
//! they made two colours, doubted as two colours alike). A row of three vessels or more alike
//! slot for slot, one of whose colours shows in more slots than a colour
//! has layers, holds no level's liquid: it is left out, where the counts
//! failed or two colours were doubted as alike, and the reading is
//! believed only if it then passes every check. The vessels' profiles
//! are asked first, always (`found::without_rows_drawn_alike`), to be
//! one drawing to a flat colour's noise; rings whose shading or JPEG
//! noise puts them past that are left to this looser look, which runs
//! only on a reading that failed.

use super::Detection;
use super::columns::level_with;
use super::found::ROW_DRAWN_ALIKE;
use super::level::{SAME_COLOR_MAX_DELTA_E, same_slot};
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, to_lab};

/// The detection without every row (boxes overlapping for more than half
/// the shorter's height) of [`ROW_DRAWN_ALIKE`] vessels or more (the
/// count the profiles' own check asks, for the same reason: two vessels
/// of a level in play can hold the same layers, a third alike is rarer
/// still), each holding some colour, that read alike slot for slot
/// (empty, hidden, or colours within one colour's spread), one of whose
/// colours shows in more slots than a colour has layers; `None` when
/// there is no such row or fewer than two vessels would be left.
pub(super) fn without_rows_of_alike_vessels(detection: &Detection) -> Option<Detection> {
    let n = detection.tubes.len().min(detection.samples.len()).min(detection.raw.len()).min(detection.locks.len());
    let alike = |t: usize, u: usize| {
        let (a, b) = (&detection.samples[t], &detection.samples[u]);
        let (a_raw, b_raw) = (&detection.raw[t], &detection.raw[u]);
        a.len() == b.len()
            && a_raw.len() == a.len()
            && b_raw.len() == b.len()
            && (0..a.len()).all(|k| same_slot((&a[k], a_raw[k]), (&b[k], b_raw[k])))
    };
    let holds_colour = |t: usize| detection.samples[t].iter().any(|s| matches!(s, SlotSample::Color(_)));
    // Slots of the whole detection showing a colour within one colour's
    // spread of `c`.
    let slots_like = |c: [u8; 3]| {
        let lab = to_lab(c);
        (0..n)
            .flat_map(|u| detection.samples[u].iter().zip(&detection.raw[u]))
            .filter(|(s, q)| matches!(s, SlotSample::Color(_)) && delta_e(lab, to_lab(**q)) < SAME_COLOR_MAX_DELTA_E)
            .count()
    };
    // Some colour of the row in more slots than a colour has layers: no
    // level's liquid.
    let overfull = |t: usize| {
        let shown = detection.samples[t].iter().zip(&detection.raw[t]);
        shown.filter(|(s, _)| matches!(s, SlotSample::Color(_))).any(|(_, &c)| slots_like(c) > detection.capacity)
    };
    let mut dropped = vec![false; n];
    for t in 0..n {
        let row: Vec<usize> =
            (0..n).filter(|&u| level_with(&detection.tubes[t].outer, &detection.tubes[u].outer)).collect();
        let open = row.iter().all(|&u| detection.locks[u].is_none());
        if row.len() >= ROW_DRAWN_ALIKE && open && row.iter().all(|&u| holds_colour(u) && alike(t, u)) && overfull(t) {
            row.into_iter().for_each(|u| dropped[u] = true);
        }
    }
    let kept: Vec<usize> = (0..n).filter(|&t| !dropped[t]).collect();
    if kept.len() == n || kept.len() < 2 {
        return None;
    }
    // Per tube, where a detection has it per tube (a made-up one may not).
    let per_tube = |len: usize| if len == n { kept.as_slice() } else { &[] };
    Some(Detection {
        tubes: kept.iter().map(|&t| detection.tubes[t].clone()).collect(),
        samples: kept.iter().map(|&t| detection.samples[t].clone()).collect(),
        locks: kept.iter().map(|&t| detection.locks[t]).collect(),
        raw: kept.iter().map(|&t| detection.raw[t].clone()).collect(),
        lit: per_tube(detection.lit.len()).iter().map(|&t| detection.lit[t]).collect(),
        capped: per_tube(detection.capped.len()).iter().map(|&t| detection.capped[t]).collect(),
        ..detection.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TubeLayout;
    use image::RgbImage;

    /// A tube of three slots in column `t`, its box `dy` rows down,
    /// holding `slots` (bottom first; `None` empty).
    fn tube(t: usize, dy: u32, slots: [Option<[u8; 3]>; 3]) -> (TubeLayout, Vec<SlotSample>, Vec<[u8; 3]>) {
        let mut layout = TubeLayout::made_up(t, 20);
        for r in std::iter::once(&mut layout.outer).chain(layout.slots.iter_mut()) {
            (r.y0, r.y1) = (r.y0 + dy, r.y1 + dy);
        }
        let samples = slots.iter().map(|s| s.map_or(SlotSample::Empty, SlotSample::Color)).collect();
        (layout, samples, slots.iter().map(|s| s.unwrap_or([20, 20, 30])).collect())
    }

    fn detection(tubes: Vec<(TubeLayout, Vec<SlotSample>, Vec<[u8; 3]>)>) -> Detection {
        let (layouts, (samples, raw)): (Vec<_>, (Vec<_>, Vec<_>)) =
            tubes.into_iter().map(|(l, s, r)| (l, (s, r))).unzip();
        Detection::made_up(&RgbImage::new(200, 400), layouts, samples, raw, 3)
    }

    #[test]
    fn a_row_of_three_vessels_alike_slot_for_slot_is_buttons() {
        let (red, blue, ring, white) = ([200, 30, 40], [30, 60, 200], [120, 126, 60], [248, 249, 241]);
        let level = vec![
            tube(0, 0, [Some(red), Some(blue), Some(red)]),
            tube(1, 0, [Some(blue), Some(red), Some(blue)]),
            tube(2, 0, [None, None, None]),
        ];
        // Three rings, a little apart in shade, under the level's row.
        let button = |t: usize, shade: u8| tube(t, 200, [Some(ring), Some(white), Some([118, shade, 58])]);
        let buttons = vec![button(0, 124), button(1, 127), button(2, 125)];
        let kept = without_rows_of_alike_vessels(&detection([level.clone(), buttons.clone()].concat()));
        assert_eq!(kept.map(|d| d.samples), Some(level.iter().map(|t| t.1.clone()).collect()));
        // Two alike are a level's own as often as not.
        assert!(without_rows_of_alike_vessels(&detection([level.clone(), buttons[..2].to_vec()].concat())).is_none());
        // One unlike the others: no row of buttons.
        let unlike = vec![buttons[0].clone(), buttons[1].clone(), tube(2, 200, [Some(ring), Some(red), Some(ring)])];
        assert!(without_rows_of_alike_vessels(&detection([level.clone(), unlike].concat())).is_none());
        // Three vessels each holding one layer of a colour: a level's, as
        // the colour shows in no more slots than a colour has layers.
        let ones = vec![tube(0, 200, [Some(blue), None, None]), tube(1, 200, [Some(blue), None, None])];
        let ones = [ones, vec![tube(2, 200, [Some(blue), None, None])]].concat();
        let level_of_reds = vec![tube(0, 0, [Some(red); 3]), tube(1, 0, [None; 3])];
        assert!(without_rows_of_alike_vessels(&detection([level_of_reds, ones].concat())).is_none());
        // Empty vessels alike hold no colour: a row of empty tubes.
        let empties = vec![tube(0, 200, [None; 3]), tube(1, 200, [None; 3]), tube(2, 200, [None; 3])];
        assert!(without_rows_of_alike_vessels(&detection([level, empties].concat())).is_none());
    }
}
