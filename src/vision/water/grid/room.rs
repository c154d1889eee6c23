//! How many layers fit the tubes on a grid: the room between the liquid's
//! bottom and the top of the glass, and the layers a full vessel's liquid
//! spans up to its body's top.
//!
//! The glass a tube shows above its liquid is measured where it is seen;
//! a tube showing none is measured from its outline. A cap or cork on a
//! complete vessel stands above the row's other bodies and is no layer.

use super::super::median;
use super::super::slots::{Profile, RUN_STEP, Run, Top, color_distance};
use super::super::surface::{LIT_BAND_SHARE, is_lit_surface};
use super::{LAYER_TOLERANCE, SURFACE_GAP, is_long};

/// The tubes of a screenshot, with each one's row's top ([`row_top`]).
pub(super) struct Room<'a> {
    profiles: &'a [Profile],
    row_tops: Vec<u32>,
}

impl<'a> Room<'a> {
    pub fn of(profiles: &'a [Profile]) -> Room<'a> {
        Room { profiles, row_tops: profiles.iter().map(|p| row_top(profiles, p)).collect() }
    }

    /// How many layers fit, on a grid of height `h` whose bottom is moved
    /// by `shift`: the median tube's height, or the fullest vessel's
    /// layers where that is more.
    pub fn capacity(&self, h: f32, shift: f32) -> usize {
        ((self.height(h, shift) + 0.05).floor() as usize).max(self.fullest(h, shift))
    }

    /// The height in layers of the median tube, from the top of its glass
    /// ([`glass_top`]).
    pub fn height(&self, h: f32, shift: f32) -> f32 {
        let mut v: Vec<f32> =
            self.profiles.iter().map(|p| (p.bottom as f32 + shift - glass_top(p) as f32) / h).collect();
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    }

    /// The most layers the liquid of two or more tubes spans, each to
    /// within [`LAYER_TOLERANCE`] of a whole number: vessels
    /// filled alike. Where the room over the liquid comes to more layers
    /// than any game holds, the glass above is a neck or headroom, and
    /// the vessels filled alike are full (tuning 352: corked bottles whose
    /// necks stand two and a half layers over the seven of their bodies).
    pub fn held_alike(&self, h: f32, shift: f32) -> Option<usize> {
        let held: Vec<usize> = self
            .profiles
            .iter()
            .filter_map(|p| {
                // A lit band is at most a share of a layer; the liquid's
                // top is the first run as long (`is_long` bounds a layer by
                // the width instead, and a wide bottle's can fall under it:
                // tuning 352, 18 rows against 22).
                let top = p.runs.iter().find(|r| !r.empty && (r.y1 - r.y0) as f32 >= h * LIT_BAND_SHARE)?;
                let layers = (p.bottom as f32 + shift - top.y0 as f32) / h;
                ((layers - layers.round()).abs() <= LAYER_TOLERANCE).then_some(layers.round() as usize)
            })
            .collect();
        held.iter().copied().filter(|&k| held.iter().filter(|&&j| j == k).count() >= 2).max()
    }

    /// A vessel whose liquid reaches its body's top holds at least the
    /// layers that liquid spans, to the nearest: a flask's shoulder cuts
    /// its top layer short of the unit. However short it is cut, a layer
    /// of its own over the boundary under it (another liquid, not its lit
    /// surface) is one more layer than that boundary's (tuning 460: a
    /// third of the top layer below the shoulder, whose unit, two layers
    /// and that third, was read halved). It is another liquid only where
    /// its colour is one of the level's: a whole layer of it stands
    /// somewhere, or the level hides layers ([`a_layer_elsewhere`]); the
    /// outline's stroke between a tube's rim and its top ball is none
    /// (tuning 3014: six balls read as seven). The body is measured from
    /// its row's top ([`row_top`]).
    fn fullest(&self, h: f32, shift: f32) -> usize {
        let layers = |p: &Profile, y: u32| ((p.bottom as f32 + shift - y as f32) / h).round() as usize;
        self.profiles
            .iter()
            .zip(&self.row_tops)
            .filter(|(p, _)| p.top_is == Top::BodyTop && lid_end(p).is_none())
            .filter_map(|(p, &row_top)| {
                let top = p.top.max(row_top);
                let first = p.runs.first().filter(|r| !r.empty && r.y0 <= top + 2)?;
                let spanned = if is_long(first, p) { layers(p, top) } else { 0 };
                let over = p.runs.get(1).filter(|next| {
                    !next.empty
                        && is_long(next, p)
                        && first.y1 + SURFACE_GAP >= next.y0
                        && !is_lit_surface(p, first, next)
                        && a_layer_elsewhere(self.profiles, first)
                });
                Some(spanned.max(over.map_or(0, |next| layers(p, next.y0) + 1)))
            })
            .max()
            .unwrap_or(0)
    }
}

/// The median top of the tubes in `p`'s row (resting on its bottom,
/// within half its height: rows stand a whole tube apart). The vessels
/// of a row are alike, so a body's top standing above the row's is
/// something over the body read as its first run: a cap or a cork on
/// a complete vessel (test 1000229: a capped bulb a layer and a half
/// over its row, seven layers read as eight), or a rim where the
/// vessel's box reached over it (tuning 5238: a wine glass's white rim
/// read as a whole layer over the one green layer it held).
fn row_top(profiles: &[Profile], p: &Profile) -> u32 {
    let reach = p.bottom.saturating_sub(p.top) / 2;
    median(profiles.iter().filter(|q| q.bottom.abs_diff(p.bottom) <= reach).map(|q| q.top).collect())
}

/// Where the lid over a vessel's glass ends in its runs (top first): the
/// index of the glass under it. A cap or a cork on a complete vessel may
/// stand clear of the liquid, glass between them (fresh 89193: a red cap
/// over a gap of glass on a full tube of three blue layers, 24 and 12
/// rows of it read as runs and the lower one's start taken for a
/// boundary, so the grid was fitted to four layers of 27 rows for three
/// of 30). Liquid rests on what is under it, so one gap of glass between
/// what a vessel shows, with the run above it starting at the vessel's
/// top, is glass under a lid. Balls stand apart, with a gap between
/// each two, so a tube of balls shows two gaps or more where its top ball
/// reaches the top. `None` where no lid stands so.
pub(super) fn lid_end(p: &Profile) -> Option<usize> {
    let shown = |r: &Run| !r.empty;
    let gap = |j: usize| p.runs[j].empty && p.runs[..j].iter().any(shown) && p.runs[j + 1..].iter().any(shown);
    let gaps: Vec<usize> = (1..p.runs.len().saturating_sub(1)).filter(|&j| gap(j)).collect();
    let at_top = p.runs.first().is_some_and(|r| shown(r) && r.y0 <= p.top + 2);
    match gaps.as_slice() {
        &[gap] if at_top => Some(gap),
        _ => None,
    }
}

/// Whether a long run of liquid other than `run`, in any of `profiles`,
/// has `run`'s colour (within a run's own step, [`RUN_STEP`]), or the
/// level hides some of its layers: every colour of a level fills at least
/// two layers, so a liquid cut short at a vessel's top shows whole
/// elsewhere, where a stroke of the outline does not. Where `?` glyphs
/// stand, a colour's other layers may all be hidden (tuning 2572, test
/// 1000358: one visible top layer over each tube's hidden ones, cut short
/// by the shoulder, and read a layer short when asked this).
fn a_layer_elsewhere(profiles: &[Profile], run: &Run) -> bool {
    profiles.iter().any(|q| !q.glyphs.is_empty())
        || profiles.iter().any(|q| {
            q.runs.iter().any(|r| {
                !r.empty && !std::ptr::eq(r, run) && is_long(r, q) && color_distance(r.color, run.color) <= RUN_STEP
            })
        })
}

/// The top of a tube's glass: the first empty glass above its liquid. A
/// rim, cork or cap stands above it, inside the outline, and would count
/// as room; a tube full to the top shows no glass there and is measured
/// from the outline. The board between two balls is no top either: a
/// short gap of glass with more gaps of glass under it, each between two
/// runs of what the tube holds, is a gap between balls, which stand apart
/// where layers of liquid touch (tuning 3014: a full tube's top ball, its shading split
/// into two runs each shorter than a layer, was passed over and the gap
/// under it taken for the top, capacity 5 read for 6). The gap of glass
/// under a cork has liquid under it, and no gap.
fn glass_top(p: &Profile) -> u32 {
    let Some((i, glass)) =
        p.runs.iter().enumerate().take_while(|(_, r)| r.empty || !is_long(r, p)).find(|(_, r)| r.empty)
    else {
        return p.top;
    };
    let between_contents =
        |j: usize| p.runs[j].empty && !p.runs[j - 1].empty && p.runs.get(j + 1).is_some_and(|r| !r.empty);
    let between_balls = !is_long(glass, p) && (i + 1..p.runs.len()).any(between_contents);
    if between_balls { p.top } else { glass.y0 }
}

#[cfg(test)]
mod tests {
    use super::super::tests::vessel;
    use super::*;

    /// Runs of `n` layers `h` rows tall down to `bottom`, colours from
    /// `colours` in turn.
    fn layers(bottom: u32, h: u32, colours: &[u32]) -> Vec<(u32, u32, u32, bool)> {
        (0..colours.len() as u32)
            .rev()
            .map(|i| (bottom - (i + 1) * h, bottom - i * h, colours[i as usize], false))
            .collect()
    }

    #[test]
    fn a_cap_over_its_rows_tops_is_no_layer_of_a_full_vessel() {
        // Test 1000229 as read: capped bulbs of 16.45-row units holding
        // seven layers. The capped one's body top stands 26 rows over its
        // row's (the cap, a run of its own colour, read as its first
        // run): measured from there it spans eight layers.
        let colours = [0x102030, 0x405060, 0x708090, 0xa0b0c0, 0xd0e0f0, 0x300000];
        let mut capped_runs = vec![(458, 481, 0xa58164, false)];
        capped_runs.extend(layers(594, 16, &colours));
        let open = vessel(484, 594, 8, &layers(594, 16, &colours));
        let capped = vessel(458, 594, 8, &capped_runs);
        let below = vessel(822, 936, 8, &layers(936, 16, &[colours.as_slice(), &[0x003000]].concat()));
        let tubes = [open.clone(), capped, open, below];
        let room = Room::of(&tubes);
        assert_eq!(room.fullest(16.45, 1.74), 7);
        assert_eq!(room.capacity(16.45, 1.74), 7);
    }
}
