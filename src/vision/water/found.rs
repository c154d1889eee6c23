//! The vessels one look at a screenshot finds (by their walls or by their
//! liquid, at one zoom) and each one's profile: found once per look and
//! sampled on every grid the reading tries ([`super::regrid`]), since
//! neither depends on the grid; and the vessels the liquid shows, found
//! once per screenshot.

use std::cell::OnceCell;

use image::RgbImage;

use super::doubts::Doubt;
use super::grid::SURFACE_GAP;
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::{self, Profile, Run, profile};
use super::tubes::{Gradients, TubeBox, find_tubes};
use super::zoom::{Copies, Finder, Look, WallEdge};
use super::{ReadOptions, SAME_LIQUID_DELTA_E, VisionError, faint, floor, headroom, locks, surface, vessels};
use crate::geometry::Rect;
use crate::imaging::color::{delta_e, to_lab};

/// What one look found: the working copy it measured in and the factor
/// back to the screenshot's pixels, the vessels' boxes (locked tubes
/// among them) and the profile of each open one.
pub(super) struct Found<'a> {
    pub working: &'a RgbImage,
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

/// What every look at one screenshot shares, each part made once, when a
/// look first asks for it:
/// - the vessels the liquid shows: the vessel finder works in a copy of
///   its own (at most 400 px wide), whatever the look's zoom or run floor,
///   and its template matching is most of the time of a refusal read at
///   the screenshot's own size. With them, the factor from that copy back
///   to the screenshot's pixels; kept per anchoring of the vessel's
///   template ([`vessels::Anchoring`]);
/// - the working copy at each zoom ([`Copies`]).
#[derive(Default)]
pub(super) struct Shared {
    bands: OnceCell<Shown>,
    colours: OnceCell<Shown>,
    copies: Copies,
}

/// The vessels the liquid shows (or the doubt about their rows), and the
/// factor from the finder's copy back to the screenshot's pixels.
type Shown = (Result<Vec<vessels::Vessel>, Doubt>, f32);

impl Shared {
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
/// `shared` holds what every look at the screenshot shares.
pub(super) fn find<'a>(image: &'a RgbImage, options: &ReadOptions, look: Look, shared: &'a Shared) -> FoundBy<'a> {
    let (working, scale) = shared.copies.working(image, look.zoom);
    let (boxes, mut profiles): (Vec<TubeBox>, Vec<Profile>) = match look.finder {
        Finder::Walls(edge, strip) => {
            let g = Gradients::new(working);
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
                    Some(icon) if !locks::is_cover(working, &t.outer, &icon) => {
                        t.lock_icon = None;
                        t.walls.then_some(t)
                    }
                    _ => Some(t),
                })
                .collect();
            let found = faint::with_faint_tubes(&g, found, &tubes);
            let outlines: Vec<Rect> = found.iter().map(|t| t.outer).collect();
            // The open tubes (no lock's cover), each profiled; those of one
            // row share their liquid's bottom.
            let open: Vec<&TubeBox> = found.iter().filter(|t| t.lock_icon.is_none()).collect();
            let mut profiles: Vec<Profile> =
                open.iter().map(|t| profile(working, &g, t, &outlines, tubes.edge_threshold, strip)).collect();
            let open_boxes: Vec<Rect> = open.iter().map(|t| t.outer).collect();
            floor::on_the_rows_bottom(&open_boxes, &mut profiles);
            (found, profiles)
        }
        Finder::Liquid(run_floor, anchoring) => {
            // Found in a smaller copy, measured in the one the walls use:
            // a layer of a small vessel spans too few rows in the first.
            let (w, h) = working.dimensions();
            let (shown, small_scale) = shared.shown(image, anchoring);
            let found: Vec<vessels::Vessel> = shown
                .as_ref()
                .map_err(|doubt| VisionError::Doubtful(doubt.clone()))?
                .iter()
                .map(|v| v.scaled(small_scale / scale, w, h))
                .collect();
            let outlines: Vec<Rect> = found.iter().map(|v| v.outer).collect();
            let mut profiles: Vec<Profile> =
                found.iter().map(|v| slots::vessel_profile(working, v, &outlines, run_floor)).collect();
            slots::lower_to_liquid_bottom(working, &found, &mut profiles, &outlines);
            floor::stroke_off_the_bottom(&mut profiles);
            let boxes = found.iter().map(|v| TubeBox { outer: v.outer, lock_icon: None, walls: false }).collect();
            (boxes, profiles)
        }
    };
    // Glass tinted unlike the board, on top of the liquid, is no layer.
    let glass = headroom::mark_tinted_headroom(&mut profiles);
    // (Known by then, such glass is not taken for a row drawn alike.)
    let (boxes, mut profiles) = match look.finder {
        Finder::Liquid(..) => without_rows_drawn_alike(boxes, profiles),
        Finder::Walls(..) => (boxes, profiles),
    };
    if boxes.len() < 2 {
        return Err(VisionError::NoTubes);
    }
    let surfaces = surface::read_surfaces(working, &mut profiles);
    Ok(Found { working, scale, boxes, profiles, surfaces, glass })
}

/// How many vessels of one row, drawn alike, make the row no vessels: a
/// level's colour fills one vessel's worth of layers, so two vessels of
/// the same layers in the same order are rare in a deal, and a whole row
/// of three or more of them rarer still; a row of buttons under the level
/// is just that (round discs with a white dot, matched by the bulbs'
/// template: tests 1000733, 1000789, 1001547). Three, so that two alike
/// vessels of a level are never left out; not fitted.
pub(super) const ROW_DRAWN_ALIKE: usize = 3;

/// `found` and their `profiles` without the rows (vessels on one bottom)
/// of [`ROW_DRAWN_ALIKE`] or more whose profiles are one drawing of two
/// colours or more: each holding no empty glass (its top run no run read
/// empty; one read so under a liquid is no glass, which stands over
/// liquid, never under it: a button's white centre on a pale board, tuning
/// 17 and 5564, read empty, kept the row of buttons in as bulbs), its runs
/// the first vessel's, empty where its are and of the same colour (within
/// [`SAME_LIQUID_DELTA_E`], one flat colour's noise) over the same rows
/// above the bottom (within [`SURFACE_GAP`]), two of them unlike (over
/// [`SAME_COLOR_MAX_DELTA_E`]).
/// One colour alone is what a row of empty vessels shows when their
/// tinted glass tops no liquid to be known by (tuning 3618, test 1001081:
/// three empty pints of grey glass left out, the level then a row short).
/// The drawing is compared below the row's lowest top: over one vessel
/// the picture may show more (the board's texture read as a run).
fn without_rows_drawn_alike<T>(found: Vec<T>, profiles: Vec<Profile>) -> (Vec<T>, Vec<Profile>) {
    let rows = |p: &Profile, y: u32| p.bottom.abs_diff(y);
    // The runs of `p` that start no higher above its bottom than `reach`.
    let within =
        |p: &Profile, reach: u32| -> Vec<Run> { p.runs.iter().filter(|r| rows(p, r.y0) <= reach).cloned().collect() };
    let alike = |(a, a_runs): (&Profile, &[Run]), (b, b_runs): (&Profile, &[Run])| {
        a_runs.len() == b_runs.len()
            && a_runs.iter().zip(b_runs).all(|(r, q)| {
                r.empty == q.empty
                    && rows(a, r.y0).abs_diff(rows(b, q.y0)) <= SURFACE_GAP
                    && rows(a, r.y1).abs_diff(rows(b, q.y1)) <= SURFACE_GAP
                    && delta_e(to_lab(r.color), to_lab(q.color)) < SAME_LIQUID_DELTA_E
            })
    };
    let two_colours = |runs: &[Run]| {
        let labs: Vec<_> = runs.iter().map(|r| to_lab(r.color)).collect();
        labs.iter().any(|&a| labs.iter().any(|&b| delta_e(a, b) > SAME_COLOR_MAX_DELTA_E))
    };
    // No glass in the drawing: no run read empty, or, where no run is of
    // the hidden cells' shade (their glyphs' strokes read empty between
    // cells drawn alike in every vessel, by design: tuning 4595), none on
    // top, over the liquid.
    let glass_free = |runs: &[Run]| {
        let cells = runs.iter().any(|r| !r.empty && slots::is_dark_grey(r.color));
        runs.iter().all(|r| !r.empty) || (!cells && runs.first().is_some_and(|r| !r.empty))
    };
    let drawn_alike = |i: usize| {
        let row: Vec<&Profile> = profiles.iter().filter(|p| p.bottom == profiles[i].bottom).collect();
        // The drawing is what every vessel of the row shows: above the
        // lowest top, one shows the board over it (a hill's texture over
        // one of a row of round buttons, tuning 3121).
        let top = |p: &Profile| p.runs.first().map_or(0, |r| rows(p, r.y0));
        let reach = row.iter().map(|p| top(p)).min().unwrap_or(0) + SURFACE_GAP;
        let drawn: Vec<Vec<Run>> = row.iter().map(|p| within(p, reach)).collect();
        row.len() >= ROW_DRAWN_ALIKE
            && glass_free(&drawn[0])
            && two_colours(&drawn[0])
            && row.iter().zip(&drawn).all(|(p, runs)| alike((row[0], &drawn[0]), (p, runs)))
    };
    let keep: Vec<bool> = (0..profiles.len()).map(|i| !drawn_alike(i)).collect();
    let found = found.into_iter().zip(&keep).filter(|(_, k)| **k).map(|(v, _)| v).collect();
    let profiles = profiles.into_iter().zip(&keep).filter(|(_, k)| **k).map(|(p, _)| p).collect();
    (found, profiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::slots::{Run, Top};

    /// A vessel at `x` on row `bottom` whose profile shows `runs`
    /// `(y0, y1, colour, empty)`.
    fn at(x: u32, bottom: u32, runs: &[(u32, u32, [u8; 3], bool)]) -> (vessels::Vessel, Profile) {
        let outer = Rect { x0: x, y0: bottom - 50, x1: x + 40, y1: bottom + 2 };
        let seen = vessels::Seen::Column;
        let vessel = vessels::Vessel { outer, bottom, top: bottom - 48, half_width: 18.0, seen, band_height: 12.0 };
        let runs = runs.iter().map(|&(y0, y1, color, empty)| Run { y0, y1, color, empty }).collect();
        let glyph_rows = Vec::new();
        let columns = (x + 14, x + 26);
        let profile = Profile {
            runs,
            glyphs: Vec::new(),
            glyph_rows,
            top: bottom - 48,
            shortest_layer: 6,
            bottom,
            top_is: Top::BodyTop,
            columns,
        };
        (vessel, profile)
    }

    #[test]
    fn a_row_of_three_vessels_drawn_alike_is_no_vessels() {
        // Tests 1000733, 1000789, 1001547: three green discs with a white
        // dot under a row of bulbs, each read green, white, green.
        let (green, white, blue) = ([16, 144, 83], [250, 250, 250], [0, 158, 255]);
        let button =
            |x: u32| at(x, 300, &[(252, 268, green, false), (268, 287, white, false), (287, 300, green, false)]);
        let bulb = |x: u32, top: [u8; 3]| at(x, 200, &[(160, 180, top, false), (180, 200, blue, false)]);
        let row = |vessels: Vec<(vessels::Vessel, Profile)>| {
            let (found, profiles): (Vec<_>, Vec<_>) = vessels.into_iter().unzip();
            let (found, _) = without_rows_drawn_alike(found, profiles);
            found.iter().map(|v| v.bottom).collect::<Vec<u32>>()
        };
        let level = || vec![bulb(0, green), bulb(50, white), bulb(100, blue)];
        // The buttons' row goes; the bulbs' stays, though two are alike.
        let with_buttons = [level(), vec![button(0), button(50), button(100)]].concat();
        assert_eq!(row(with_buttons), vec![200, 200, 200]);
        // Tuning 3121: the hill's texture over one button, read as a run
        // above its drawing, leaves the drawing the others'.
        let (hill, lavender) = ([104, 83, 108], [175, 177, 246]);
        let under_hill = at(
            0,
            300,
            &[(240, 252, hill, false), (252, 268, green, false), (268, 287, white, false), (287, 300, green, false)],
        );
        assert_eq!(row([level(), vec![under_hill, button(50), button(100)]].concat()), vec![200, 200, 200]);
        // But a row whose drawing, below the lowest top, is one colour is
        // a row of empty vessels, whatever stands above one of them.
        let tinted = |x: u32| at(x, 300, &[(252, 300, lavender, false)]);
        let over_hill = at(0, 300, &[(240, 252, hill, false), (252, 300, lavender, false)]);
        assert_eq!(row([level(), vec![over_hill, tinted(50), tinted(100)]].concat()).len(), 6);
        // Two alike are a level's, and so is a row with one unlike.
        assert_eq!(row([level(), vec![button(0), button(50)]].concat()).len(), 5);
        let unlike = at(100, 300, &[(252, 268, green, false), (268, 287, white, false), (287, 300, blue, false)]);
        assert_eq!(row([level(), vec![button(0), button(50), unlike]].concat()).len(), 6);
        // Tuning 17: the buttons' white dot on a pale board, read empty
        // glass; glass never stands under liquid, so the row still goes.
        let pale_dot =
            |x: u32| at(x, 300, &[(252, 268, green, false), (268, 287, white, true), (287, 300, green, false)]);
        assert_eq!(row([level(), vec![pale_dot(0), pale_dot(50), pale_dot(100)]].concat()), vec![200, 200, 200]);
        // But hidden cells are drawn alike in every vessel by design:
        // their glyphs' strokes read empty between them are no button's
        // dot (tuning 4595: flasks of three hidden cells under one layer).
        let (cell, red) = ([58, 58, 60], [200, 30, 30]);
        let cells = |x: u32| {
            let runs = [(252, 268, cell, false), (268, 271, white, true), (271, 287, cell, false)];
            at(x, 300, &[&[(240, 252, red, false)][..], &runs].concat())
        };
        assert_eq!(row([level(), vec![cells(0), cells(50), cells(100)]].concat()).len(), 6);
        // Vessels holding empty glass are a level's too (three holding one
        // layer of one liquid each).
        let one = |x: u32| at(x, 300, &[(252, 287, white, true), (287, 300, green, false)]);
        assert_eq!(row([level(), vec![one(0), one(50), one(100)]].concat()).len(), 6);
        // And so are three of one colour alone: empty vessels whose tinted
        // glass was not known for glass (tuning 3618, test 1001081).
        let grey = |x: u32| at(x, 300, &[(252, 300, [130, 88, 90], false)]);
        assert_eq!(row([level(), vec![grey(0), grey(50), grey(100)]].concat()).len(), 6);
    }
}
