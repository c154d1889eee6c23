//! The board seen through tinted empty glass, where the board changes
//! across the screen (a sky above dark ground, a photo): a slot is taken
//! for empty when it looks like the board beside its tube, but glass that
//! lightens the board lightens a dark board by far more than that, and a
//! vessel over it reads full of one more liquid. When it is full, the
//! counts still add up (a complete tube of its own colour), and the level
//! read is wrong (tuning case 1419, bulbs over a sky and a maroon hill,
//! once every vessel of its last row is found; until then the gap left
//! in the row refuses it).
//!
//! Glass mixes the board behind it towards its own colour `G` by a share
//! `a`: over a board `B` it shows `B + a (G - B)`. The slots read empty,
//! and the glass above the liquid of the tubes with headroom, show that
//! shift over the board they stand on, `B1`; over another board
//! `B2` the same glass then shows `B2 + shift + a (B1 - B2)`, a colour on a
//! line with one unknown, `a`. A slot read as liquid that lies on that
//! line, with `a` a share and `G` a colour, is the board seen through the
//! glass. All this is looked at only where the board beside the tubes
//! changes from one slot's level to another's.

use image::RgbImage;

use super::Detection;
use super::board::{board_at_walls, sample_beside};
use super::doubts::{headroom_glass, median_in};
use crate::geometry::{Rect, SlotSample};

/// The board just outside a tube's walls, level with `slot`, each side
/// where it is seen (see [`board_at_walls`]: behind glass where the board
/// changes across the screen, the board in the middle of the gap to the
/// next tube can be another shade of it).
fn boards_beside(image: &RgbImage, tube: &Rect, slot: &Rect, outers: &[Rect]) -> Vec<[f32; 3]> {
    board_at_walls(image, tube, slot, outers).into_iter().flatten().map(float).collect()
}

/// The glass as the slots read empty show it: the board behind them and
/// how far the glass moves it (medians, per channel).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tint {
    board: [f32; 3],
    shift: [f32; 3],
}

/// Fewest places of glass (slots read empty, headroom above the liquid)
/// for their glass to be taken as the game's: two slots of one tube can
/// share a stray highlight, so two places do only in two tubes.
const MIN_EMPTY_SLOTS: usize = 3;

/// Fewest tubes whose places of glass are enough, however few the places:
/// a stray highlight is one tube's, and two tubes' glass alike is the
/// game's (a level whose every tube but two is full, the two showing one
/// empty slot each).
const MIN_GLASS_TUBES: usize = 2;

/// Most distance, in RGB units, of the shift of three in four slots read
/// empty from their median, for their glass to be one tint: one glass over
/// one board moves it alike everywhere (within 3 units in tuning case
/// 1419), while slots read empty by chance, each beside a board of its
/// own, move it every way (tens of units); twice [`THROUGH_TOLERANCE`],
/// since both the glass and the board beside it carry noise.
const SHIFT_AGREEMENT: f32 = 2.0 * THROUGH_TOLERANCE;

/// Least shift, in RGB units (the length of the change), for the glass to
/// tint the board at all: JPEG noise on clear glass moves a median a few
/// units (not fitted: twice that). Clear glass shows each board as it is,
/// and a slot like the board beside it is read empty already.
const MIN_TINT: f32 = 8.0;

/// Least change of board, in RGB units, between the board behind the
/// empty slots and the one behind a slot, for the line to be told from
/// the shift alone: under it the slot is over the same board, which the
/// slots read empty already judge (the empty threshold, ΔE 20, is about
/// 25-40 RGB units; not fitted).
const MIN_BOARD_CHANGE: f32 = 30.0;

/// Most distance, in RGB units, of a slot's colour from the line the glass
/// draws over its board: a slot's median is within a few units of its
/// liquid's colour, and a sample of the board beside it within a few more
/// where the board is textured (not fitted; about ΔE 4).
const THROUGH_TOLERANCE: f32 = 10.0;

/// How far outside the RGB cube the glass's own colour may be reckoned,
/// per channel: the medians it is reckoned from carry noise, divided by
/// the share (not fitted).
const GLASS_COLOUR_SLACK: f32 = 25.0;

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The length of a change of colour, in RGB units.
fn length(a: [f32; 3]) -> f32 {
    dot(a, a).sqrt()
}

fn float(c: [u8; 3]) -> [f32; 3] {
    c.map(f32::from)
}

fn channel_median(v: &[[f32; 3]], i: usize) -> f32 {
    super::median(v.iter().map(|c| c[i]).collect())
}

/// The glass's tint as the slots read empty and the glass above the
/// liquid show it, when enough of them do and it tints the board.
fn tint(image: &RgbImage, detection: &Detection, outers: &[Rect]) -> Option<Tint> {
    let mut boards = Vec::new();
    let mut shifts = Vec::new();
    let mut tubes: Vec<Rect> = Vec::new();
    // The glass over the board either side of `place`, where the two
    // sides agree (an edge of the board's passes behind).
    let mut glass_at = |tube: &Rect, place: &Rect, colour: [u8; 3]| {
        let sides = boards_beside(image, tube, place, outers);
        if let [board, ..] = sides[..]
            && sides.iter().all(|s| length(sub(*s, board)) < MIN_BOARD_CHANGE)
        {
            boards.push(board);
            shifts.push(sub(float(colour), board));
            if !tubes.contains(tube) {
                tubes.push(*tube);
            }
        }
    };
    for ((tube, samples), raw) in detection.tubes.iter().zip(&detection.samples).zip(&detection.raw) {
        for ((slot, sample), &colour) in tube.slots.iter().zip(samples).zip(raw) {
            if *sample == SlotSample::Empty {
                glass_at(&tube.outer, slot, colour);
            }
        }
    }
    // The glass above the liquid of the tubes that have headroom shows the
    // same glass over the board at its level (tuning case 57: empty
    // bottles over a hill, every other one full, so only two slots are
    // read empty).
    for (tube, band) in detection.tubes.iter().zip(headroom_glass(&detection.tubes)) {
        if let Some((band, colour)) = band.and_then(|b| Some((b, median_in(image, b)?))) {
            glass_at(&tube.outer, &band, colour);
        }
    }
    if boards.len() < MIN_EMPTY_SLOTS && tubes.len() < MIN_GLASS_TUBES {
        return None;
    }
    let board = [0, 1, 2].map(|i| channel_median(&boards, i));
    let shift = [0, 1, 2].map(|i| channel_median(&shifts, i));
    let near = |s: &&[f32; 3]| length(sub(**s, shift)) <= SHIFT_AGREEMENT;
    let agreeing = shifts.iter().filter(near).count();
    (length(shift) >= MIN_TINT && agreeing * 4 >= shifts.len() * 3).then_some(Tint { board, shift })
}

impl Tint {
    /// Whether `colour`, over `board`, is that board seen through the glass.
    fn shows(&self, colour: [u8; 3], board: [f32; 3]) -> bool {
        let (x, b) = (float(colour), board);
        let change = sub(self.board, b);
        let change_len = length(change);
        if change_len < MIN_BOARD_CHANGE {
            return false;
        }
        let rest = sub(sub(x, b), self.shift);
        let share = dot(rest, change) / (change_len * change_len);
        // The glass moves the slot towards the other board, by a share of
        // the change. However little that is, a slot near its own board
        // plus the shift is that glass over its own board: where the glass
        // tints strongly, the slots read empty do not judge it, since it
        // is farther from the board than empty glass may be
        // (`board::EMPTY_DELTA_E`: tuning 4655, grey glass over the olive
        // top of a gradient read as one more layer on every tube, 11 units
        // along the line and 0.5 off it). The share is measured against
        // the board sampled beside the slot, which on a textured board is a
        // patch a little lighter or darker than the board behind the glass;
        // a share too small for any glass colour, under nothing included
        // (noise puts a slot on its board plus the shift under 0 half the
        // time), is taken at the least one a glass allows, and the slot
        // must then still lie near the line.
        let share = share.max(self.least_share());
        let off = sub(rest, change.map(|c| c * share));
        share < 1.0 && length(off) <= THROUGH_TOLERANCE
    }

    /// Whether `colour`, read in `slot` of the tube boxed by `tube`, is the
    /// board just outside that tube's walls, on either side where it is
    /// seen, seen through the glass.
    fn shows_beside(&self, image: &RgbImage, tube: &Rect, slot: &Rect, colour: [u8; 3], outers: &[Rect]) -> bool {
        boards_beside(image, tube, slot, outers).into_iter().any(|b| self.shows(colour, b))
    }

    /// The least share of the glass's own colour for that colour, the
    /// board behind the empty slots moved by the shift over the share, to
    /// be a colour (within [`GLASS_COLOUR_SLACK`] of the RGB cube).
    fn least_share(&self) -> f32 {
        (0..3)
            .map(|i| match self.shift[i] {
                s if s > 0.0 => s / (255.0 + GLASS_COLOUR_SLACK - self.board[i]),
                s => -s / (self.board[i] + GLASS_COLOUR_SLACK),
            })
            .fold(0.0, f32::max)
    }
}

/// Each tube's slots read as liquid on top of it (with only such slots or
/// empty ones above them) that show the board beside them through the
/// glass: `(tube, slot)`, bottom first from 0.
fn through_on_top(image: &RgbImage, detection: &Detection) -> Vec<(usize, usize)> {
    let outers: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let Some(tint) = changing_board_tint(image, detection, &outers) else { return Vec::new() };
    let mut out = Vec::new();
    for (t, ((tube, samples), raw)) in detection.tubes.iter().zip(&detection.samples).zip(&detection.raw).enumerate() {
        for (k, ((slot, sample), &colour)) in tube.slots.iter().zip(samples).zip(raw).enumerate().rev() {
            match sample {
                SlotSample::Empty => {}
                SlotSample::Color(_) if tint.shows_beside(image, &tube.outer, slot, colour, &outers) => {
                    out.push((t, k))
                }
                _ => break,
            }
        }
    }
    out
}

/// The glass's tint ([`tint`]), where the board beside the tubes changes
/// ([`board_changes`]): only there can a slot show another board.
fn changing_board_tint(image: &RgbImage, detection: &Detection, outers: &[Rect]) -> Option<Tint> {
    if !board_changes(image, detection, outers) {
        return None;
    }
    tint(image, detection, outers)
}

/// Whether the board beside the tubes changes by [`MIN_BOARD_CHANGE`] from
/// one slot's level to another's (in the middle of the gaps between tubes,
/// a cheap look): where it does not, no slot can show another board.
fn board_changes(image: &RgbImage, detection: &Detection, outers: &[Rect]) -> bool {
    let boards: Vec<[f32; 3]> = detection
        .tubes
        .iter()
        .flat_map(|t| t.slots.iter().map(|slot| float(sample_beside(image, &t.outer, slot, outers))))
        .collect();
    let Some(&first) = boards.first() else { return false };
    let (lo, hi) = boards
        .iter()
        .fold((first, first), |(lo, hi), b| ([0, 1, 2].map(|i| lo[i].min(b[i])), [0, 1, 2].map(|i| hi[i].max(b[i]))));
    length(sub(hi, lo)) >= MIN_BOARD_CHANGE
}

/// The first slot read as liquid that is the board seen through the glass
/// (see the module's account): `(tube, layer)`, counted from 1.
pub(super) fn glass_over_board(image: &RgbImage, detection: &Detection) -> Option<(usize, usize)> {
    through_on_top(image, detection).first().map(|&(t, k)| (t + 1, k + 1))
}

/// The first layer, `(tube, layer)` from 1, that shows the board beside it
/// through the glass, of a colour every layer of which stands on top of
/// what its vessel holds (from the colour's lowest slot in it up, only
/// that colour or empty glass): one colour of glass over a board, where
/// the walk down from the top ([`glass_over_board`]) stopped at a layer
/// whose board beside it is another (a hill's ridge behind one wall, the
/// sky behind the other) before reaching those that show it (fresh 70548:
/// two bulbs over a mottled hill, one empty, one holding a layer of
/// liquid, the hill behind their glass read as six layers of one more
/// colour). `color` gives the colour read in a slot (tube, slot), if any.
pub(super) fn colour_over_board(
    image: &RgbImage,
    detection: &Detection,
    color: impl Fn(usize, usize) -> Option<usize>,
) -> Option<(usize, usize)> {
    let outers: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let tint = changing_board_tint(image, detection, &outers)?;
    let layers = |id: usize| {
        let color = &color;
        detection.samples.iter().enumerate().flat_map(move |(t, samples)| {
            (0..samples.len()).filter(move |&k| color(t, k) == Some(id)).map(move |k| (t, k))
        })
    };
    let on_top = |id: usize| {
        layers(id).all(|(t, k)| {
            detection.samples[t]
                .iter()
                .enumerate()
                .skip(k)
                .all(|(j, s)| *s == SlotSample::Empty || color(t, j) == Some(id))
        })
    };
    let mut ids: Vec<usize> = (detection.samples.iter().enumerate())
        .flat_map(|(t, samples)| (0..samples.len()).map(move |k| (t, k)))
        .filter_map(|(t, k)| color(t, k))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter()
        .filter(|&id| on_top(id))
        .find_map(|id| {
            layers(id).find(|&(t, k)| {
                let tube = &detection.tubes[t];
                tint.shows_beside(image, &tube.outer, &tube.slots[k], detection.raw[t][k], &outers)
            })
        })
        .map(|(t, k)| (t + 1, k + 1))
}

/// The detection with the slots that show the board through the glass
/// taken for empty; `None` when none does.
pub(super) fn board_through_glass_taken_for_liquid(image: &RgbImage, detection: &Detection) -> Option<Detection> {
    let through = through_on_top(image, detection);
    if through.is_empty() {
        return None;
    }
    let mut out = detection.clone();
    for (t, k) in through {
        out.samples[t][k] = SlotSample::Empty;
    }
    Some(out)
}

#[cfg(test)]
mod tests;
