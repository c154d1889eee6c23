//! How closely the reader looks at a screenshot: the working copy every
//! finder measures in, at the screenshot's own size or shrunk to a height
//! the reader's time is measured on; for a screenshot that gave no
//! reading, the closer looks after it (at its own size if it was shrunk,
//! else enlarged: twice, or less for one over half the measured height,
//! and a small one then to that height) and which of their readings is
//! believed; and which finder a reading's vessels come from.

use std::cell::OnceCell;

use image::RgbImage;

use super::slots::RunFloor;
use super::vessels::Anchoring;
use super::{ReadOptions, Shared, VisionError, WaterSight, read_at};
use crate::geometry::Rect;
use crate::imaging::resample::{enlarged_to, shrink_by};

/// Tallest image worked on; larger screenshots are scaled down first.
pub const WORKING_HEIGHT: u32 = 1600;

/// Tallest a second look at a screenshot that gave no reading enlarges it
/// to ([`Zoom::Enlarged`]): the 2400-row screenshots the reader's time is
/// measured on (`cargo bench --bench vision`), so a refusal costs at most
/// about what a large screenshot's reading does. A screenshot of up to
/// half that is doubled; a taller one (up to [`WORKING_HEIGHT`]) is
/// enlarged less, to this height (tuning 707: 540x1222, bulbs of seven
/// layers 6.8 rows tall, had no second look when only those up to 1200
/// rows were doubled).
pub(super) const MAX_ENLARGED_HEIGHT: u32 = 2400;

/// How closely a screenshot is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Zoom {
    /// At its own size, or shrunk to at most [`WORKING_HEIGHT`] rows.
    Fit,
    /// Enlarged bilinearly, twice or to [`MAX_ENLARGED_HEIGHT`] rows if
    /// that is less: a second look at a screenshot that gave no reading
    /// at its own size: a layer there may span too few rows for the grid
    /// ([`super::MIN_LAYER_ROWS`]), and a wall a pixel or two wide too
    /// few for the trace.
    Enlarged,
    /// At its own size: a second look at a screenshot taller than
    /// [`WORKING_HEIGHT`] that gave no reading shrunk: its layers may have
    /// spanned too few rows to be measured ([`super::MIN_LAYER_ROWS`]),
    /// small vessels on a large screen, or its `?` glyphs too few to be
    /// told from a dark liquid.
    Own,
    /// Enlarged bilinearly to [`MAX_ENLARGED_HEIGHT`] rows: a third look
    /// at a screenshot under half that tall whose doubled copy gave no
    /// reading either: a quarter-size screenshot (180 px wide) whose
    /// layers span 3 rows, 6 doubled, still under
    /// [`super::MIN_LAYER_ROWS`] (tuning 193 and 981: bulbs of six
    /// layers), or whose glyphs or outlines were still a pixel or two.
    Largest,
}

/// The closer looks at a screenshot that gave no reading, in turn: at its
/// own size if it was shrunk to fit, else enlarged ([`Zoom::Enlarged`]),
/// and a small one then enlarged to the largest height
/// ([`Zoom::Largest`]) when that is more than twice its own. Each look
/// costs about one reading of a copy at most [`MAX_ENLARGED_HEIGHT`]
/// rows tall; a screenshot that reads at once costs none of them.
pub(super) fn closer_looks(image: &RgbImage) -> Vec<Zoom> {
    if image.height() > WORKING_HEIGHT {
        vec![Zoom::Own]
    } else if image.height() * 2 < MAX_ENLARGED_HEIGHT {
        vec![Zoom::Enlarged, Zoom::Largest]
    } else {
        vec![Zoom::Enlarged]
    }
}

/// The reading of a screenshot whose first look (`first`) gave none, by
/// the [`closer_looks`] in turn: the first that passes every check and
/// sees every vessel the first look did (as many tubes, or [`sees_every`]:
/// one that sees fewer left some out, a whole row of tubes in test case
/// 1000035, and is not believed; one that finds a flask's body below where
/// the first look found its neck sees it too, fresh 81914);
/// else the refusal of the first closer look that measured layers where
/// the first look could not (it says what was doubtful), else the first
/// look's. Every look takes slots for empty glass as `empties` says.
pub(super) fn closer(
    image: &RgbImage,
    options: &ReadOptions,
    first: WaterSight,
    empties: EmptyGlass,
    shared: &Shared,
) -> WaterSight {
    let measured = |sight: &WaterSight| !matches!(sight.read, Err(VisionError::NoLayers { .. }));
    let boxes = |sight: &WaterSight| sight.detection.as_ref().map(|d| d.tubes.iter().map(|t| t.outer).collect());
    let first_boxes: Vec<Rect> = boxes(&first).unwrap_or_default();
    let mut refusal = None;
    for zoom in closer_looks(image) {
        let closer = read_at(image, options, zoom, empties, shared);
        let closer_boxes: Vec<Rect> = boxes(&closer).unwrap_or_default();
        let sees_all = closer_boxes.len() >= first_boxes.len() || sees_every(&first_boxes, &closer_boxes);
        if sees_all && closer.read.is_ok() {
            return closer;
        }
        if refusal.is_none() && sees_all && measured(&closer) && !measured(&first) {
            refusal = Some(closer);
        }
    }
    refusal.unwrap_or(first)
}

/// Whether the boxes `by` of a closer look see every vessel of the first
/// look's boxes `seen` (both in the screenshot's pixels): each of `seen` is
/// covered by one of `by` across half its width at least, level with it,
/// or overlaps another of `seen` so covered. Two vessels' boxes do not
/// overlap, so of two boxes of the first look that do, one at least was no
/// vessel: a tube's walls found in two pieces one above the other (tuning
/// 429, tall flasks), or a box between two tubes made of a wall of each
/// (tuning 4996); where the closer look sees the other, it sees the vessel
/// there.
pub(super) fn sees_every(seen: &[Rect], by: &[Rect]) -> bool {
    let across = |a: &Rect, b: &Rect| a.x1.min(b.x1).saturating_sub(a.x0.max(b.x0));
    let level = |a: &Rect, b: &Rect| a.y0 < b.y1 && b.y0 < a.y1;
    let covered = |a: &Rect| by.iter().any(|b| level(a, b) && 2 * across(a, b) >= a.width());
    seen.iter().all(|a| covered(a) || seen.iter().any(|o| o != a && level(a, o) && across(a, o) > 0 && covered(o)))
}

/// How the vessels of a screenshot are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Finder {
    /// By their straight walls and closed bottoms ([`super::tubes`]): test
    /// tubes, bottles and ball tubes, and locked tubes by their icon; at
    /// the wall finder's edge threshold or, where that gives no reading,
    /// at a fainter one ([`WallEdge`]), each tube read down the strip
    /// given ([`TubeStrip`]).
    Walls(WallEdge, TubeStrip),
    /// By their liquid and their silhouette ([`super::vessels`]), whatever
    /// their shape, profiles keeping runs down to the floor given, the
    /// template of the vessel made of the columns the anchoring says:
    /// tried when the walls give no reading that passes every check.
    Liquid(RunFloor, Anchoring),
}

/// The columns of a tube found by its walls that its runs are read from
/// and its slots sampled across (its glyphs are sought in the middle 60%
/// either way, [`super::slots::profile`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TubeStrip {
    /// The middle 60%, as the reader was built: a row's median there is
    /// the glass over a textured board or a cloud, not one patch of it.
    Wide,
    /// The middle third: a ball sort's small balls (0.41 of the glass's
    /// width inside, in the generated themes) fill it over most of their
    /// height, where the wide strip's median is the glass beside them (tuning
    /// 2478, 3689, 3747: each ball's run too short for a layer, its slot's
    /// median glass). Read where no other look gives a reading: its
    /// narrower slots take one patch of a textured board behind empty
    /// glass for a ball (tuning 3321, 3324: a mottled board; 4344: a
    /// cloud in a tube's headroom).
    Middle,
}

/// How strong an edge the wall finder takes for a wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WallEdge {
    /// Its threshold ([`super::tubes::TubeFinding::edge_threshold`]).
    Full,
    /// Half of it ([`super::faint::FAINT_EDGE_OF_THRESHOLD`]): a white
    /// outline on a pale board can stand just under the threshold down
    /// every wall of the screen (tuning 1187: tubes outlined in white on
    /// a pale cloudy board, an edge of 39 against 40), and the walls
    /// finder then sees no tube at all, or only the filled tubes of a row.
    /// Looked at where the full threshold finds no tube, or, last, where
    /// it found tubes it could not read and the liquid gave no reading;
    /// believed only if it passes every check.
    Faint,
}

/// What a slot is compared with to be taken for empty glass, which is
/// transparent and shows the board behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EmptyGlass {
    /// The board in the middle of the gap beside the tube
    /// ([`super::board::sample_beside`]): how every reading is made.
    Beside,
    /// That, or the board just outside either wall, level with the slot
    /// ([`super::board::board_at_walls`]): behind clear glass before a
    /// board that changes across the screen (a cloud, a hill's edge, a
    /// photo) the board at the walls is nearer what the glass shows than
    /// the board a gap away (tuning 178: empty glass before a cloud read
    /// as a pale liquid, the counts one layer over; 3815: empty glasses
    /// before a mottled sea). Read only where the counts failed every
    /// other way: made everywhere, it took a liquid like the board at a
    /// wall for glass (tuning 54, 2990, 2999).
    BesideOrWalls,
}

/// Which vessels a reading finds, how closely it looks, and what it takes
/// for empty glass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Look {
    pub finder: Finder,
    pub zoom: Zoom,
    pub empties: EmptyGlass,
}

/// The working copies of one screenshot, each made once, when a look at
/// its zoom first asks: every finder at a zoom looks at the same copy, and
/// a refused screenshot is looked at by up to eight finders at each zoom,
/// twice ([`super::read`]'s last pass). Enlarging a 180×364 screenshot to
/// [`MAX_ENLARGED_HEIGHT`] rows was 85% of the time of its refusal when
/// each look made its own copy (1.35 s, `perf` on tuning 1909).
#[derive(Default)]
pub(super) struct Copies {
    fit: OnceCell<RgbImage>,
    enlarged: OnceCell<RgbImage>,
    largest: OnceCell<RgbImage>,
}

impl Copies {
    /// The image to work on at `zoom`: the screenshot itself, or a copy
    /// shrunk by a whole factor (box average) to at most
    /// [`WORKING_HEIGHT`] rows, or enlarged bilinearly
    /// ([`Zoom::Enlarged`]); and the factor back to the original's pixels.
    /// A filtered resize of a 1080×2400 screenshot cost 83 ms, the box
    /// average a few.
    pub fn working<'a>(&'a self, image: &'a RgbImage, zoom: Zoom) -> (&'a RgbImage, f32) {
        let enlarged = |cell: &'a OnceCell<RgbImage>, most: u32| {
            let copy = cell.get_or_init(|| enlarged_to(image, most.min(MAX_ENLARGED_HEIGHT)));
            (copy, image.height() as f32 / copy.height() as f32)
        };
        match zoom {
            Zoom::Fit => match image.height().div_ceil(WORKING_HEIGHT) {
                0 | 1 => (image, 1.0),
                factor => (self.fit.get_or_init(|| shrink_by(image, factor)), factor as f32),
            },
            Zoom::Enlarged => enlarged(&self.enlarged, image.height() * 2),
            Zoom::Largest => enlarged(&self.largest, MAX_ENLARGED_HEIGHT),
            Zoom::Own => (image, 1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ReadOptions, VisionError, read, read_at};
    use super::*;
    use crate::puzzle::water::renamed_in_order;

    /// The reading of generated `case`, which must be its level, laid out
    /// in the screenshot's own pixels.
    fn read_exactly_in_own_pixels(case: &crate::synthetic::water::generate::Case) -> crate::vision::water::Layout {
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read on a closer look");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
        let layout = read.layout;
        let (w, h) = case.picture.dimensions();
        assert_eq!((layout.image_width, layout.image_height), (w, h));
        assert!(layout.tubes.iter().all(|t| t.outer.x1 <= w && t.outer.y1 <= h), "{layout:?}");
        layout
    }

    #[test]
    fn a_small_screenshot_whose_layers_span_too_few_rows_is_read_at_twice_its_size() {
        // Generated tuning case 91: ten bulbs in a 360x790 screenshot,
        // six layers of about five rows each. At its own size the layers
        // are too short for the grid.
        let case = crate::synthetic::water::generate::case(91);
        let first = read_at(&case.picture, &ReadOptions::default(), Zoom::Fit, EmptyGlass::Beside, &Default::default());
        assert!(matches!(first.read, Err(VisionError::NoLayers { .. })), "{:?}", first.read);
        // The layout is in the screenshot's own pixels, not the doubled copy's.
        let layout = read_exactly_in_own_pixels(&case);
        assert!(layout.tubes[0].outer.x0 < 60 && layout.tubes[4].outer.x1 > 300, "{layout:?}");
    }

    #[test]
    fn a_screenshot_too_tall_to_double_whose_layers_span_too_few_rows_is_read_enlarged_less() {
        // Generated tuning case 707: seven bulbs of seven layers, 6.8 rows
        // each, on a 540x1222 screenshot: too short for the grid at its
        // own size, and over half the enlarged height, so enlarged to it.
        let case = crate::synthetic::water::generate::case(707);
        assert!(case.picture.height() * 2 > MAX_ENLARGED_HEIGHT && case.picture.height() <= WORKING_HEIGHT);
        let first = read_at(&case.picture, &ReadOptions::default(), Zoom::Fit, EmptyGlass::Beside, &Default::default());
        assert!(matches!(first.read, Err(VisionError::NoLayers { .. })), "{:?}", first.read);
        read_exactly_in_own_pixels(&case);
    }

    #[test]
    fn a_quarter_size_screenshot_whose_layers_doubled_are_still_too_short_is_read_enlarged_to_the_largest_height() {
        // Generated tuning case 193: six bulbs on a 180x397 screenshot (a
        // phone's shrunk to a quarter), layers of about three rows: too
        // short at their own size and doubled; enlarged to 2400 rows they
        // are measured and read exactly.
        let case = crate::synthetic::water::generate::case(193);
        assert_eq!(closer_looks(&case.picture), [Zoom::Enlarged, Zoom::Largest]);
        for zoom in [Zoom::Fit, Zoom::Enlarged] {
            let sight = read_at(&case.picture, &ReadOptions::default(), zoom, EmptyGlass::Beside, &Default::default());
            assert!(matches!(sight.read, Err(VisionError::NoLayers { .. })), "{zoom:?}: {:?}", sight.read);
        }
        read_exactly_in_own_pixels(&case);
    }

    #[test]
    fn a_large_screenshot_whose_layers_shrunk_span_too_few_rows_is_read_at_its_own_size() {
        // Generated tuning case 1215: seven small wine glasses at the foot
        // of a 1080x2309 screenshot, layers about 13 rows tall at its own
        // size and half that in the copy shrunk to fit.
        let case = crate::synthetic::water::generate::case(1215);
        let first = read_at(&case.picture, &ReadOptions::default(), Zoom::Fit, EmptyGlass::Beside, &Default::default());
        assert!(matches!(first.read, Err(VisionError::NoLayers { .. })), "{:?}", first.read);
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read at its own size");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }

    #[test]
    fn a_large_screenshot_whose_glyphs_shrunk_are_too_small_to_see_is_read_at_its_own_size() {
        // Generated tuning case 436: bulbs of five hidden layers under one
        // visible on a 1080x2126 screenshot. In the copy shrunk to fit, a
        // `?` is 4 rows of thin grey strokes, no glyph, and the hidden
        // cells read as one dark liquid; at its own size each cell shows
        // its glyph, though it covers under 3% of the slot's middle.
        let case = crate::synthetic::water::generate::case(436);
        let first = read_at(&case.picture, &ReadOptions::default(), Zoom::Fit, EmptyGlass::Beside, &Default::default());
        assert!(first.read.is_err(), "{:?}", first.read);
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read at its own size");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }

    #[test]
    fn a_closer_look_that_measures_the_layers_gives_its_own_refusal() {
        // Generated tuning case 663: fourteen small wine glasses on a
        // 1080x2466 screenshot, too small to measure in the shrunk copy.
        // At its own size the layers are measured, so whatever follows
        // (a reading, or a refusal of what was read there) is not "could
        // not measure".
        let case = crate::synthetic::water::generate::case(663);
        let first = read_at(&case.picture, &ReadOptions::default(), Zoom::Fit, EmptyGlass::Beside, &Default::default());
        assert!(matches!(first.read, Err(VisionError::NoLayers { .. })), "{:?}", first.read);
        let own = read_at(&case.picture, &ReadOptions::default(), Zoom::Own, EmptyGlass::Beside, &Default::default());
        assert!(!matches!(own.read, Err(VisionError::NoLayers { .. })), "{:?}", own.read);
        let sight = read(&case.picture, &ReadOptions::default());
        assert!(!matches!(sight.read, Err(VisionError::NoLayers { .. })), "{:?}", sight.read);
    }

    #[test]
    fn a_closer_look_sees_the_first_looks_vessels_by_where_they_stand_not_how_many() {
        let r = |x0, y0, x1, y1| Rect { x0, y0, x1, y1 };
        let closer = [r(75, 1227, 162, 1905), r(216, 1227, 303, 1905), r(357, 1227, 444, 1905)];
        // Tuning 429: the walls of tall flasks found in pieces, two boxes
        // one above the other in one flask; the closer look's three boxes
        // see all four.
        let pieces =
            [r(96, 1758, 156, 1900), r(222, 1752, 296, 1900), r(374, 1500, 426, 1710), r(366, 1686, 438, 1902)];
        assert!(sees_every(&pieces, &closer));
        // Tuning 4996: a box made of the walls of two tubes, overlapping
        // both, between them.
        let between = [r(75, 1227, 162, 1905), r(140, 1227, 240, 1905), r(216, 1227, 303, 1905)];
        assert!(sees_every(&between, &closer));
        // A vessel the closer look left out is not seen, whatever the
        // count (test 1000035: a whole row); nor is one barely touched by
        // a neighbour's box.
        let row_below = [r(75, 1227, 162, 1905), r(75, 2000, 162, 2600)];
        assert!(!sees_every(&row_below, &closer));
        let beside = [r(75, 1227, 162, 1905), r(440, 1227, 527, 1905)];
        assert!(!sees_every(&beside, &closer));
        assert!(!sees_every(&closer, &closer[..2]));
    }
}
