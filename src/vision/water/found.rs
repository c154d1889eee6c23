//! The vessels one look at a screenshot finds (by their walls or by their
//! liquid, at one zoom) and each one's profile: found once per look and
//! sampled on every grid the reading tries ([`super::regrid`]), since
//! neither depends on the grid; and the vessels the liquid shows, found
//! once per screenshot.

use std::borrow::Cow;
use std::cell::OnceCell;

use image::RgbImage;

use super::doubts::Doubt;
use super::slots::{self, Profile, profile};
use super::tubes::{Gradients, TubeBox, find_tubes};
use super::zoom::{Finder, Look, WallEdge, working_copy};
use super::{ReadOptions, VisionError, faint, headroom, locks, surface, vessels};
use crate::geometry::Rect;

/// What one look found: the working copy it measured in and the factor
/// back to the screenshot's pixels, the vessels' boxes (locked tubes
/// among them) and the profile of each open one.
pub(super) struct Found<'a> {
    pub working: Cow<'a, RgbImage>,
    pub scale: f32,
    pub boxes: Vec<TubeBox>,
    pub profiles: Vec<Profile>,
    /// Per profile, its liquid's lit surface, if seen
    /// ([`surface::read_surfaces`]).
    pub surfaces: Vec<Option<surface::LitSurface>>,
    /// The tinted glass the empty vessels show, where it stands on top of
    /// other vessels' liquid ([`headroom::mark_tinted_headroom`]).
    pub glass: Option<[u8; 3]>,
}

/// The vessels the liquid shows in one screenshot, found once, when a look
/// by the liquid first asks: the vessel finder works in a copy of its own
/// (at most 400 px wide), whatever the look's zoom or run floor, and its
/// template matching is most of a refused reading's time. With them, the
/// factor from that copy back to the screenshot's pixels.
/// Kept per anchoring of the vessel's template ([`vessels::Anchoring`]).
#[derive(Default)]
pub(super) struct LiquidVessels {
    bands: OnceCell<Shown>,
    colours: OnceCell<Shown>,
}

/// The vessels the liquid shows (or the doubt about their rows), and the
/// factor from the finder's copy back to the screenshot's pixels.
type Shown = (Result<Vec<vessels::Vessel>, Doubt>, f32);

impl LiquidVessels {
    /// The vessels found with the template anchored as `anchoring` says.
    fn shown(&self, image: &RgbImage, anchoring: vessels::Anchoring) -> &Shown {
        let cell = match anchoring {
            vessels::Anchoring::Bands => &self.bands,
            vessels::Anchoring::Colours => &self.colours,
        };
        cell.get_or_init(|| {
            let (small, small_scale) = vessels::working_copy(image);
            (vessels::find_vessels(&small, anchoring), small_scale)
        })
    }

    /// The outlines of the vessels the liquid shows (the template made of
    /// the columns of the most bands), in the screenshot's pixels; none
    /// where their rows were doubted.
    pub(super) fn outlines(&self, image: &RgbImage) -> Vec<Rect> {
        let (shown, scale) = self.shown(image, vessels::Anchoring::Bands);
        shown.as_ref().map_or(Vec::new(), |found| found.iter().map(|v| v.outer.scaled(*scale)).collect())
    }

    /// Whether a template made of the columns of several colours finds
    /// other vessels (or another doubt) than the one made of the columns of
    /// the most bands: only then is a look by it another look.
    pub(super) fn colours_differ(&self, image: &RgbImage) -> bool {
        self.shown(image, vessels::Anchoring::Colours).0 != self.shown(image, vessels::Anchoring::Bands).0
    }
}

/// A look's vessels, or why it found too few.
pub(super) type FoundBy<'a> = Result<Found<'a>, VisionError>;

/// Finds the vessels of a screenshot as `look` says, and profiles them.
/// `liquid` holds the vessels the liquid shows once they are found.
pub(super) fn find<'a>(image: &'a RgbImage, options: &ReadOptions, look: Look, liquid: &LiquidVessels) -> FoundBy<'a> {
    let (working, scale) = working_copy(image, look.zoom);
    let (boxes, mut profiles): (Vec<TubeBox>, Vec<Profile>) = match look.finder {
        Finder::Walls(edge) => {
            let g = Gradients::new(&working);
            let tubes = match edge {
                WallEdge::Full => options.tubes,
                WallEdge::Faint => faint::faint_finding(&options.tubes),
            };
            let found: Vec<TubeBox> = find_tubes(&g, &tubes)
                .into_iter()
                .filter_map(|mut t| match t.lock_icon {
                    // An icon-shaped part of a tube (a band of liquid, a
                    // neck) is no lock: a lock's icon hangs on a cover of
                    // one colour.
                    Some(icon) if !locks::is_cover(&working, &t.outer, &icon) => {
                        t.lock_icon = None;
                        t.walls.then_some(t)
                    }
                    _ => Some(t),
                })
                .collect();
            let found = faint::with_faint_tubes(&g, found, &tubes);
            let outlines: Vec<Rect> = found.iter().map(|t| t.outer).collect();
            let profiles = found
                .iter()
                .filter(|t| t.lock_icon.is_none())
                .map(|t| profile(&working, &g, t, &outlines, tubes.edge_threshold))
                .collect();
            (found, profiles)
        }
        Finder::Liquid(floor, anchoring) => {
            // Found in a smaller copy, measured in the one the walls use:
            // a layer of a small vessel spans too few rows in the first.
            let (w, h) = working.dimensions();
            let (shown, small_scale) = liquid.shown(image, anchoring);
            let found: Vec<vessels::Vessel> = shown
                .as_ref()
                .map_err(|doubt| VisionError::Doubtful(doubt.clone()))?
                .iter()
                .map(|v| v.scaled(small_scale / scale, w, h))
                .collect();
            let outlines: Vec<Rect> = found.iter().map(|v| v.outer).collect();
            let profiles = found.iter().map(|v| slots::vessel_profile(&working, v, &outlines, floor)).collect();
            let boxes = found.iter().map(|v| TubeBox { outer: v.outer, lock_icon: None, walls: false }).collect();
            (boxes, profiles)
        }
    };
    if boxes.len() < 2 {
        return Err(VisionError::NoTubes);
    }
    // Glass tinted unlike the board, on top of the liquid, is no layer.
    let glass = headroom::mark_tinted_headroom(&mut profiles);
    let surfaces = surface::read_surfaces(&working, &mut profiles);
    Ok(Found { working, scale, boxes, profiles, surfaces, glass })
}
