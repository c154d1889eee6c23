//! How many layers fit the tubes on a grid: the room between the liquid's
//! bottom and the top of the glass, and the layers a full vessel's liquid
//! spans up to its body's top.
//!
//! The glass a tube shows above its liquid is measured where it is seen;
//! a tube showing none is measured from its outline.

use super::super::slots::{Profile, RUN_STEP, Run, Top, color_distance};
use super::super::surface::is_lit_surface;
use super::{SURFACE_GAP, is_long};

/// The tubes of a screenshot.
pub(super) struct Room<'a> {
    profiles: &'a [Profile],
}

impl<'a> Room<'a> {
    pub fn of(profiles: &'a [Profile]) -> Room<'a> {
        Room { profiles }
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
    /// (tuning 3014: six balls read as seven).
    fn fullest(&self, h: f32, shift: f32) -> usize {
        let layers = |p: &Profile, y: u32| ((p.bottom as f32 + shift - y as f32) / h).round() as usize;
        self.profiles
            .iter()
            .filter(|p| p.top_is == Top::BodyTop)
            .filter_map(|p| {
                let first = p.runs.first().filter(|r| !r.empty && r.y0 <= p.top + 2)?;
                let spanned = if is_long(first, p) { layers(p, p.top) } else { 0 };
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
