//! Tinted glass read as a liquid where no headroom shows it: tubes read
//! wholly in one colour no other tube holds, one colour heaped on the
//! tops of tubes all read full, or the board seen through clear glass on
//! top of full tubes. Each gives the glass; the reading is then read again
//! with it taken for empty, and believed only if that passes every check.

use image::RgbImage;

use super::super::Detection;
use super::super::board::sample_beside;
use super::super::level::SAME_COLOR_MAX_DELTA_E;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The glass of a reading where tubes read wholly in one colour that no
/// other tube holds show it, in more slots than a colour has layers: a
/// level in play has room to pour into, so some tube is empty, and glass
/// tinted unlike the board with no headroom over any liquid (grey tubes
/// full to the top on navy, tuning 4375) shows nowhere else. A tube is
/// wholly that colour when every slot of it read as a liquid is, and its
/// slots read empty stand only above them: a highlight can lighten the
/// glass at the top of an empty tube into the board's look (tuning 2744:
/// bulbs on a textured teal board, the two empty ones read full of a pale
/// teal, one's top slot read empty). It fills at least
/// [`MIN_WHOLE_GLASS_TUBES`] tubes, and more slots than the capacity: no
/// liquid has more layers, where two tubes partly filled with one colour
/// can be one liquid. The reading read again with those tubes empty must
/// still pass every check. The tubes wholly of each colour are taken
/// together: a tube holding one layer or ball of a liquid under empty
/// slots is wholly that liquid's colour. Another tube may show it on top
/// of its liquid, never under: glass stands over the liquid (fresh 89753:
/// wine glasses on a textured board, full to the rim so that no headroom
/// shows the glass, two empty ones and the glass over a third's one red
/// layer read as a pale purple). `None` when no colour fills enough tubes
/// wholly, in more slots than a colour has, and stands under a liquid in
/// no other tube.
pub(in super::super) fn glass_filling_whole_tubes(detection: &Detection) -> Option<[u8; 3]> {
    let lab = to_lab;
    let one_colour = |raw: &[[u8; 3]]| {
        let centre = median_color(raw);
        raw.iter().all(|&c| delta_e(lab(c), lab(centre)) < SAME_COLOR_MAX_DELTA_E).then_some(centre)
    };
    let tubes = || detection.samples.iter().zip(&detection.raw).enumerate();
    // The colour slots of a tube that holds liquid only under its slots
    // read empty.
    let liquid_under_empty = |samples: &[SlotSample], raw: &[[u8; 3]]| {
        let n = samples.iter().take_while(|s| matches!(s, SlotSample::Color(_))).count();
        (n > 0 && samples[n..].iter().all(|s| *s == SlotSample::Empty)).then(|| raw[..n].to_vec())
    };
    let whole: Vec<(usize, [u8; 3], usize)> = tubes()
        .filter_map(|(t, (samples, raw))| {
            let liquid = liquid_under_empty(samples, raw)?;
            one_colour(&liquid).map(|c| (t, c, liquid.len()))
        })
        .collect();
    // Of each colour, the whole tubes: a tube holding one ball or layer
    // of a liquid under its empty slots is whole too (fresh 81391).
    whole.iter().find_map(|&(_, colour, _)| {
        let of: Vec<&(usize, [u8; 3], usize)> =
            whole.iter().filter(|w| delta_e(lab(w.1), lab(colour)) < SAME_COLOR_MAX_DELTA_E).collect();
        let filled: usize = of.iter().map(|w| w.2).sum();
        if of.len() < MIN_WHOLE_GLASS_TUBES || filled <= detection.capacity {
            return None;
        }
        let glass = one_colour(&of.iter().map(|w| w.1).collect::<Vec<_>>())?;
        // Glass stands over a tube's liquid, never under it: the slots
        // like it on top of another tube are its headroom.
        let held_elsewhere = tubes().filter(|(t, _)| !of.iter().any(|w| w.0 == *t)).any(|(_, (samples, raw))| {
            let like = |s: &SlotSample, c: [u8; 3]| {
                matches!(s, SlotSample::Color(_)) && delta_e(lab(c), lab(glass)) < SAME_COLOR_MAX_DELTA_E
            };
            let on_top = samples.iter().zip(raw).rev().take_while(|(s, c)| **s == SlotSample::Empty || like(s, **c));
            let under = samples.len() - on_top.count();
            samples.iter().zip(raw).take(under).any(|(s, &c)| like(s, c))
        });
        (!held_elsewhere && of.len() < detection.samples.len()).then_some(glass)
    })
}

/// The glass of a reading in which every tube is full, where one colour
/// stands on top of the tubes in more slots than a colour has layers, and
/// nowhere else: tinted glass over the liquid of tubes filled to a layer or
/// more under the rim, read as one more liquid (tuning 9097, hurricane
/// glasses on a maroon board: eight slots of one mauve on top of five
/// tubes of four, every tube read full). No liquid has more layers than
/// the capacity, and a level in play has room to pour into. The reading
/// read again with that glass taken for empty must still pass every
/// check. `None` when some slot is read empty, or no colour on top fills
/// more slots than the capacity.
pub(in super::super) fn glass_heaped_on_tops(detection: &Detection) -> Option<[u8; 3]> {
    if !every_tube_full(detection) {
        return None;
    }
    let like = |a: [u8; 3], b: [u8; 3]| delta_e(to_lab(a), to_lab(b)) < SAME_COLOR_MAX_DELTA_E;
    let tubes = || detection.samples.iter().zip(&detection.raw);
    let tops = tubes().filter_map(|(s, raw)| raw.last().filter(|_| matches!(s.last(), Some(SlotSample::Color(_)))));
    tops.copied().find_map(|top| {
        // The slots like it on top of each tube, walking down.
        let on_top: Vec<[u8; 3]> = tubes()
            .flat_map(|(s, raw)| {
                s.iter().zip(raw).rev().take_while(move |(s, c)| matches!(s, SlotSample::Color(_)) && like(**c, top))
            })
            .map(|(_, c)| *c)
            .collect();
        let anywhere = detection.raw.iter().flatten().filter(|c| like(**c, top)).count();
        (on_top.len() > detection.capacity && anywhere == on_top.len()).then(|| median_color(&on_top))
    })
}

/// Whether no slot of a reading is read empty: every tube full (hidden
/// cells fill a tube as liquid does).
fn every_tube_full(detection: &Detection) -> bool {
    detection.samples.iter().flatten().all(|s| *s != SlotSample::Empty)
}

/// The glass of a reading in which every tube is full, where the colour
/// of the longest run of one colour on top of a tube stands nowhere under
/// another colour, and every slot of it is the board beside it seen
/// through clear glass ([`clear_glass_share`]), by one share:
/// the empty tube of a level whose glass is tinted and whose full tubes
/// have no headroom to show it (round tubes full to the rim on plum, the
/// empty tube read full of mauve: fresh 81164; pint glasses on a dark
/// gradient, five slots of grey glass over one pink layer and one over
/// another tube's liquid: fresh 88213). One tube of one colour may be a
/// colour sorted in a level whose empty tubes were missed
/// ([`MIN_WHOLE_GLASS_TUBES`]), so it must look like glass, not only
/// stand alone. The reading read again with it taken for empty must still
/// pass every check.
pub(in super::super) fn glass_through_on_tops(image: &RgbImage, detection: &Detection) -> Option<[u8; 3]> {
    if !every_tube_full(detection) || detection.samples.len() < 2 {
        return None;
    }
    let lab = to_lab;
    let like = |a: [u8; 3], b: [u8; 3]| delta_e(lab(a), lab(b)) < SAME_COLOR_MAX_DELTA_E;
    let top_run =
        |raw: &[[u8; 3]]| raw.last().map_or(0, |&top| raw.iter().rev().take_while(|&&c| like(c, top)).count());
    let (longest, run) = detection.raw.iter().map(|raw| (raw, top_run(raw))).max_by_key(|&(_, run)| run)?;
    let glass = median_color(&longest[longest.len() - run..]);
    let outers: Vec<_> = detection.tubes.iter().map(|t| t.outer).collect();
    let mut shares = Vec::new();
    for (tube, raw) in detection.tubes.iter().zip(&detection.raw) {
        let on_top = raw.iter().rev().take_while(|&&c| like(c, glass)).count();
        if raw[..raw.len() - on_top].iter().any(|&c| like(c, glass)) {
            return None;
        }
        for (slot, &seen) in tube.slots.iter().zip(raw).skip(raw.len() - on_top) {
            shares.push(clear_glass_share(seen, sample_beside(image, &tube.outer, slot, &outers))?);
        }
    }
    let (lo, hi) = shares.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &a| (lo.min(a), hi.max(a)));
    (hi - lo <= CLEAR_GLASS_SPREAD).then_some(glass)
}

/// The share of white by which `seen` is `board` seen through clear
/// glass: the board mixed with white by one share in every channel (a
/// pane of pale glass lets the board through and adds its own light), the
/// share within [`CLEAR_GLASS_SHARE`] and the channels' shares within
/// [`CLEAR_GLASS_SPREAD`] of each other; `None` otherwise. A liquid's
/// colour is its own, not the board's lightened. A board near white in
/// some channel leaves too little room to tell.
fn clear_glass_share(seen: [u8; 3], board: [u8; 3]) -> Option<f32> {
    if board.iter().any(|&b| b > MAX_CLEAR_BOARD) {
        return None;
    }
    let shares = seen.map(f32::from).into_iter().zip(board.map(f32::from)).map(|(s, b)| (s - b) / (255.0 - b));
    let (lo, hi) = shares.fold((f32::MAX, f32::MIN), |(lo, hi), a| (lo.min(a), hi.max(a)));
    let clear = lo >= CLEAR_GLASS_SHARE.0 && hi <= CLEAR_GLASS_SHARE.1 && hi - lo <= CLEAR_GLASS_SPREAD;
    clear.then_some((lo + hi) / 2.0)
}

/// The share of white that clear glass adds to the board behind it: from
/// where the board still reads as itself through the glass (a few levels
/// in 255, within a JPEG's noise) to more white than board (an opaque pale
/// colour, no pane). Bounds, not fitted: the generated themes' glass adds
/// 0.03 to 0.3.
const CLEAR_GLASS_SHARE: (f32, f32) = (0.03, 0.6);

/// Most the three channels' shares of white may differ for clear glass:
/// a JPEG's few levels of noise on a channel with 150 levels of room
/// move its share by about 0.03 either way, and a faint tint of the
/// glass's own (a bluish white) by as much again. From that arithmetic;
/// the generated themes' empty tubes differ by 0.01.
const CLEAR_GLASS_SPREAD: f32 = 0.06;

/// Brightest a board channel may be for [`clear_glass_share`] to
/// judge: over a near-white board, glass adds too little to measure.
const MAX_CLEAR_BOARD: u8 = 230;

/// Fewest tubes a colour must fill wholly, alone, to be taken for the
/// glass ([`glass_filling_whole_tubes`]): one such tube may be a colour
/// sorted in a level whose empty tubes were missed (tuning 8602: a tube
/// of three one colour beside two read full, the two empty tubes left
/// out, solved with the sorted tube as the empty one); two tubes full of
/// one colour hold more than a colour has layers (two filled in part must
/// also hold more slots of it than the capacity). A count, not fitted.
const MIN_WHOLE_GLASS_TUBES: usize = 2;
