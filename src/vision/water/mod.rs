//! Water sort (and ball sort) from a screenshot: pixels in, a level and
//! where its tubes are out.
//!
//! [`read`] is the one entry, used by the command, `calibrate` and the tests
//! alike: [`tubes`] finds the tube outlines by geometry (or, when that gives
//! no reading that passes the checks, `vessels` finds vessels of any shape
//! by their liquid), [`slots`] profiles each tube, [`grid`] measures the
//! layers and [`slots`] samples one colour per slot, then the samples are named
//! by clustering them ([`colors`]) or by a calibrated theme ([`theme`]) and
//! checked into a level ([`level`]), and the [`Layout`] the overlay draws on
//! is built once, with the colour of each id as read.

mod alike;
mod beneath;
mod board;
mod buttons;
pub mod colors;
mod columns;
mod detect;
mod discs;
pub mod doubts;
mod faint;
mod floor;
mod found;
mod grained;
pub mod grid;
mod headroom;
mod level;
mod locks;
mod outline;
mod regrid;
pub mod slots;
pub(crate) mod surface;
mod template;
pub mod theme;
mod through;
mod tinted;
pub mod tubes;
mod unseen;
mod vessels;
mod zoom;

use image::RgbImage;
use thiserror::Error;

use crate::config::Theme;
use crate::geometry::{Layout, SlotSample, TubeLayout};
use crate::imaging::color::median_color;
use crate::puzzle::water::{Layer, WaterError, WaterPuzzle};
use colors::ClusterOptions;
use found::{FoundBy, Shared};
use regrid::Grid;
use slots::RunFloor;
use tubes::TubeFinding;
use vessels::Anchoring;
use zoom::{EmptyGlass, Finder, Look, WallEdge, Zoom};
pub use zoom::{TubeStrip, WORKING_HEIGHT};

/// Least share of near-white pixels in a dark grey slot's centre patch for
/// it to be a hidden layer (the `?` glyph) rather than a dark liquid. Set
/// when the reader was built (commit 1a0e966) on ../shared/water_screens.
const HIDDEN_GLYPH_SHARE: f32 = 0.03;

/// Fewest rows a layer may span in the picture worked on: the grid places
/// each boundary to 0.15 of a layer, which under 7 rows is less than a
/// pixel, and JPEG blurs an edge over more than that. (A layer of a
/// generated wine glass in a 540 px screenshot spanned 5 rows when the
/// liquid finder measured in its own shrunk copy; it now measures in the
/// walls' copy, where it spans 9.)
const MIN_LAYER_ROWS: f32 = 7.0;

/// How the colours of a screenshot are named.
#[derive(Debug, Clone, Default)]
pub enum ThemeChoice {
    /// Cluster the colours found (no calibration).
    #[default]
    Cluster,
    /// Use this calibrated theme.
    Named(Theme),
    /// Use the calibrated theme that fits the screenshot, if any fits.
    Auto(Vec<Theme>),
}

/// Options for reading a water-sort screenshot.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    pub tubes: TubeFinding,
    pub clusters: ClusterOptions,
    pub theme: ThemeChoice,
}

/// What the reader saw before naming colours: where the tubes and slots
/// are and what each slot shows. Drawn by `--debug` even when naming the
/// colours fails.
#[derive(Debug, Clone)]
pub struct Detection {
    pub image_width: u32,
    pub image_height: u32,
    /// Per tube in reading order: its outline and its slots, bottom first.
    pub tubes: Vec<TubeLayout>,
    /// The sample behind each slot, per tube bottom first.
    pub samples: Vec<Vec<SlotSample>>,
    /// Per tube: the colour of its lock icon, for a locked tube.
    pub locks: Vec<Option<[u8; 3]>>,
    /// The median colour of every slot as sampled, bottom first, whatever
    /// it was taken for (empty for locked tubes).
    pub raw: Vec<Vec<[u8; 3]>>,
    pub capacity: usize,
    /// Per tube: how many of its slots, from the bottom, lie under its
    /// liquid's lit surface ([`surface`]), none of them empty glass (none
    /// for a tube with no surface seen, a locked one, or a made-up
    /// detection).
    pub lit: Vec<usize>,
    /// Per tube: how many of its slots, from the bottom, are centred at or
    /// under the top of its liquid's own lit surface, above which no slot
    /// holds liquid (`None` for a tube with no such surface seen, a locked
    /// one, or a made-up detection). The slots above may still be read as
    /// a colour (a cork's): the reading on a grid a layer shorter is tried
    /// when every tube's top slot holds no liquid ([`regrid`]).
    pub capped: Vec<Option<usize>>,
}

#[cfg(test)]
impl Detection {
    /// A made-up detection of the open `tubes` of `image`, their slots read
    /// as `samples` in the colours `raw` (bottom first), `capacity` slots
    /// each, no lit surface seen: what the rereads' tests start from.
    pub(crate) fn made_up(
        image: &RgbImage,
        tubes: Vec<TubeLayout>,
        samples: Vec<Vec<SlotSample>>,
        raw: Vec<Vec<[u8; 3]>>,
        capacity: usize,
    ) -> Detection {
        let locks = vec![None; tubes.len()];
        let (image_width, image_height) = image.dimensions();
        Detection {
            image_width,
            image_height,
            tubes,
            samples,
            locks,
            raw,
            capacity,
            lit: Vec::new(),
            capped: Vec::new(),
        }
    }
}

/// A level read from a screenshot, and where it is on it.
#[derive(Debug, Clone)]
pub struct WaterRead {
    pub puzzle: WaterPuzzle,
    pub layout: Layout,
}

/// A screenshot as the reader saw it: what it detected (kept for `--debug`
/// and calibration even when naming the colours fails) and the level.
#[derive(Debug, Clone)]
pub struct WaterSight {
    pub detection: Option<Detection>,
    pub read: Result<WaterRead, VisionError>,
}

/// Why a screenshot could not be read. Each says what to try.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum VisionError {
    #[error("no tubes were found in the image; is it a water-sort level (not a pop-up, advert or win screen)?")]
    NoTubes,
    #[error("found {} but could not measure their layers; is the screenshot cropped or blurred?", crate::words::plural(*.found as u64, "tube", "tubes"))]
    NoLayers { found: usize },
    #[error(
        "found {layers} filled layers in {tubes} tubes with capacity {capacity}, which is not a whole number of colours; is part of the board covered?"
    )]
    LayerCount { layers: usize, tubes: usize, capacity: usize },
    #[error("could not group the {layers} layers into colours of {capacity} each: {detail}")]
    Colors { layers: usize, capacity: usize, detail: String },
    #[error("the level read does not add up: {0}")]
    Puzzle(WaterError),
    #[error("found {} holding {}, which is no level in play (a pop-up or win screen?)", crate::words::plural(*.tubes as u64, "tube", "tubes"), crate::words::plural(*.colors as u64, "colour", "colours"))]
    NotALevel { tubes: usize, colors: usize },
    #[error(
        "a layer of colour {hex} matches no colour of theme `{theme}` (nearest: `{nearest}`, ΔE {distance:.1}); re-calibrate with `snapsolve calibrate SCREENSHOT --theme {theme}`"
    )]
    UnknownColor { hex: String, theme: String, nearest: String, distance: f32 },
    #[error("the reading is doubtful, so it was not solved: {0} (`--debug` shows what was read)")]
    Doubtful(doubts::Doubt),
    #[error("theme `{theme}` has tubes of {expected} layers but this screenshot's hold {found}")]
    ThemeCapacity { theme: String, expected: usize, found: usize },
}

/// Reads a water-sort screenshot: finds the tubes and samples every slot,
/// names the colours (by the theme chosen, or by clustering) and checks the
/// level. A screenshot that gives no reading is looked at again closer
/// ([`zoom::closer`]: a large one at its own size, a smaller one enlarged,
/// a small one then enlarged further: its layers or glyphs may have been
/// too small). Where every look's counts failed, all of them again with
/// the board at a tube's walls taken for what its empty glass shows too
/// ([`EmptyGlass::BesideOrWalls`]).
pub fn read(image: &RgbImage, options: &ReadOptions) -> WaterSight {
    let shared = Shared::default();
    let read_taking = |empties| {
        let first = read_at(image, options, Zoom::Fit, empties, &shared);
        if first.read.is_ok() { first } else { zoom::closer(image, options, first, empties, &shared) }
    };
    let sight = read_taking(EmptyGlass::Beside);
    // The second pass's refusal is not the one told.
    if regrid::counts_failed(&sight) {
        let again = read_taking(EmptyGlass::BesideOrWalls);
        if again.read.is_ok() {
            return again;
        }
    }
    sight
}

/// Reads a screenshot at one zoom: by the vessels' walls, then by their
/// liquid, and last by the walls again, each tube read down its middle
/// third ([`TubeStrip::Middle`]), each slot taken for empty glass as
/// `empties` says. `shared` holds what every look at the screenshot
/// shares.
fn read_at(image: &RgbImage, options: &ReadOptions, zoom: Zoom, empties: EmptyGlass, shared: &Shared) -> WaterSight {
    let walls = |edge, strip| {
        let mut sight =
            regrid::read_by(image, options, Look { finder: Finder::Walls(edge, strip), zoom, empties }, shared);
        if let (Ok(read), Some(detection)) = (&sight.read, &sight.detection)
            && let Some(doubt) = doubts::slots_in_groups_in_many(&read.puzzle)
                .or_else(|| doubts::narrow_tube(&detection.tubes, &detection.samples, detection.image_width))
        {
            sight.read = Err(VisionError::Doubtful(doubt));
        }
        sight
    };
    let by_walls = walls(WallEdge::Full, TubeStrip::Wide);
    if by_walls.read.is_ok() {
        return by_walls;
    }
    // Where the walls' threshold shows no tube, fainter walls (see
    // [`WallEdge::Faint`]); their reading is taken only if it passes every
    // check and leaves out no vessel the liquid shows (they may find one
    // row of vessels and not another: test 1000348). What they found and
    // could not read is no evidence: it is neither told nor what a
    // reading by the liquid is compared with (a highlight's or a textured
    // board's edges can make faint walls).
    let by_faint_walls = |strip| {
        let faint = walls(WallEdge::Faint, strip);
        let passes = faint.detection.as_ref().filter(|_| faint.read.is_ok());
        passes.is_some_and(|d| doubts::left_out_by_walls(&shared.outlines(image), d).is_none()).then_some(faint)
    };
    let walls_found_none = matches!(by_walls.read, Err(VisionError::NoTubes));
    if walls_found_none && let Some(faint) = by_faint_walls(TubeStrip::Wide) {
        return faint;
    }
    // Vessels of another shape: read again by the liquid; where that
    // gives no reading, again with the runs of layers much flatter than
    // the vessels are wide kept too (a small bulb's seven layers).
    let at = |floor, anchoring| {
        read_by_liquid(
            image,
            options,
            Look { finder: Finder::Liquid(floor, anchoring), zoom, empties },
            &by_walls,
            shared,
        )
    };
    // The flatter runs kept add boundaries, which make the unit finer, not
    // coarser: a reading with the band floor holding fewer layers than the
    // grid the width floor measured, by more than one it may mend, is not
    // believed (fresh 81854: tiny wine glasses of seven layers, measured
    // so, their tinted glass read as a liquid; read again with the band
    // floor on a grid of four, each slot taking in one and a half layers,
    // the counts adding up by chance).
    let anchored = |anchoring| match at(RunFloor::Width, anchoring) {
        sight if sight.read.is_err() => Some(at(RunFloor::Band, anchoring))
            .filter(|flat| flat.read.is_ok() && !coarser(flat, &sight))
            .unwrap_or(sight),
        sight => sight,
    };
    // And where that gives none either, with the vessel's template made of
    // the columns of several colours alone, where that finds other vessels
    // (see [`vessels::Anchoring`]); its refusal is not the one told.
    let by_liquid = match anchored(Anchoring::Bands) {
        sight if sight.read.is_err() && shared.colours_differ(image) => {
            Some(anchored(Anchoring::Colours)).filter(|other| other.read.is_ok()).unwrap_or(sight)
        }
        sight => sight,
    };
    if by_liquid.read.is_ok() {
        return by_liquid;
    }
    // Where the walls found tubes they could not read and the liquid gives
    // no reading either, the faint walls too, last: the walls at full
    // strength may have found the filled tubes and missed empty ones
    // outlined in white on a pale board (tuning 1865), or found only a
    // highlight or a button.
    if !walls_found_none && let Some(faint) = by_faint_walls(TubeStrip::Wide) {
        return faint;
    }
    // Where nothing else gives a reading, the tubes the walls found, then
    // the faint walls', read down the middle third ([`TubeStrip::Middle`]:
    // a ball sort's small balls).
    if !walls_found_none {
        let middle = walls(WallEdge::Full, TubeStrip::Middle);
        if middle.read.is_ok() {
            return middle;
        }
    }
    if let Some(faint) = by_faint_walls(TubeStrip::Middle) {
        return faint;
    }
    // Else the first answer stands (its sentence is about the tubes the
    // walls showed), unless the walls showed none and the liquid some.
    let only_liquid_found = by_walls.detection.is_none() && !matches!(by_liquid.read, Err(VisionError::NoTubes));
    if only_liquid_found { by_liquid } else { by_walls }
}

/// Most layers fewer than the width floor's grid a reading with the band
/// floor may hold: one, where the width floor's grid was a layer too fine
/// and the flatter runs mend it (fresh 73032: 5 layers measured for 4, the
/// band floor's 4 read exactly). A grid of four for seven (fresh 81854) is
/// another unit, not a mend. Not fitted beyond those two.
const MOST_LAYERS_MENDED: usize = 1;

/// Whether `sight` holds fewer layers than `than`'s grid by more than
/// [`MOST_LAYERS_MENDED`] (never where `than` measured no grid).
fn coarser(sight: &WaterSight, than: &WaterSight) -> bool {
    let capacity = |s: &WaterSight| s.detection.as_ref().map(|d| d.capacity);
    capacity(sight).zip(capacity(than)).is_some_and(|(a, b)| a + MOST_LAYERS_MENDED < b)
}

/// A reading by the vessels' liquid, believed only if it passes every
/// check and those for vessels found so (`by_walls`: what the walls showed).
fn read_by_liquid(
    image: &RgbImage,
    options: &ReadOptions,
    look: Look,
    by_walls: &WaterSight,
    shared: &Shared,
) -> WaterSight {
    let mut sight = regrid::read_by(image, options, look, shared);
    if let (Ok(read), Some(detection)) = (&sight.read, &sight.detection)
        && let Some(doubt) = doubts::liquid_finding_doubt(detection)
            .or_else(|| doubts::slots_in_groups(&read.puzzle))
            .or_else(|| by_walls.detection.as_ref().and_then(|walls| doubts::left_out_by_liquid(walls, detection)))
    {
        sight.read = Err(VisionError::Doubtful(doubt));
    }
    sight
}

/// Reads a screenshot with the vessels a look found, on one grid.
fn read_with(image: &RgbImage, options: &ReadOptions, look: Look, found: &FoundBy, grid: Grid) -> WaterSight {
    match found.as_ref().map_err(Clone::clone).and_then(|found| detect::detect(image, found, look, grid)) {
        Ok(detection) => judged(image, options, detection),
        Err(e) => WaterSight { detection: None, read: Err(e) },
    }
}

/// A detection's colours named and its level checked against the picture.
fn judged(image: &RgbImage, options: &ReadOptions, detection: Detection) -> WaterSight {
    let theme = match &options.theme {
        ThemeChoice::Cluster => None,
        ThemeChoice::Named(theme) => Some(theme),
        ThemeChoice::Auto(themes) => theme::choose_theme(&detection.samples, detection.capacity, themes),
    };
    let read = recognise(&detection, &options.clusters, theme)
        .and_then(|puzzle| {
            let clustered = theme.is_none();
            let doubt = doubts::first_doubt(image, &detection, &puzzle)
                .or_else(|| clustered.then(|| doubts::near_colors(&detection.samples, &puzzle)).flatten());
            match doubt {
                Some(doubt) => Err(VisionError::Doubtful(doubt)),
                None => Ok(puzzle),
            }
        })
        .map(|puzzle| {
            let mut layout = layout_with_colors(&detection, &puzzle);
            if let Some(theme) = theme {
                layout.color_names = theme::names_of(&layout.colors, theme);
            }
            WaterRead { puzzle, layout }
        });
    WaterSight { detection: Some(detection), read }
}

/// The layout of a detection with the colour of each id of `puzzle` (the
/// median of the samples it was read from) and of empty slots.
fn layout_with_colors(detection: &Detection, puzzle: &WaterPuzzle) -> Layout {
    let mut per_id: Vec<Vec<[u8; 3]>> = vec![Vec::new(); puzzle.n_colors()];
    let mut empty: Vec<[u8; 3]> = Vec::new();
    for ((tube, samples), raw) in puzzle.tubes().iter().zip(&detection.samples).zip(&detection.raw) {
        for (k, sample) in samples.iter().enumerate() {
            match (tube.layers.get(k), sample) {
                (Some(Layer::Color(id)), SlotSample::Color(rgb)) => per_id[id.0 as usize].push(*rgb),
                (None, SlotSample::Empty) => empty.extend(raw.get(k)),
                _ => {}
            }
        }
    }
    Layout {
        image_width: detection.image_width,
        image_height: detection.image_height,
        tubes: detection.tubes.clone(),
        colors: per_id.iter().map(|c| if c.is_empty() { [128, 128, 128] } else { median_color(c) }).collect(),
        empty_color: if empty.is_empty() { [24, 24, 24] } else { median_color(&empty) },
        color_names: Vec::new(),
    }
}

/// Names the colours of a detection (by a calibrated theme when one is
/// given, else by clustering) and checks the level.
fn recognise(
    detection: &Detection,
    clusters: &ClusterOptions,
    theme: Option<&Theme>,
) -> Result<WaterPuzzle, VisionError> {
    if let Some(theme) = theme
        && theme.capacity != detection.capacity
    {
        return Err(VisionError::ThemeCapacity {
            theme: theme.name.clone(),
            expected: theme.capacity,
            found: detection.capacity,
        });
    }
    let naming = theme.map_or(level::Naming::Cluster(clusters), level::Naming::Theme);
    let puzzle = level::to_puzzle(&detection.samples, &detection.locks, detection.capacity, naming)?;
    // A sorted board is a win screen (or hidden cells read as liquids): a
    // level in play has a pour to make, and two colours, hidden ones too.
    if puzzle.tubes().len() < 3 || puzzle.colors_held() < 2 || puzzle.is_solved() {
        return Err(VisionError::NotALevel { tubes: puzzle.tubes().len(), colors: puzzle.colors_held() });
    }
    Ok(puzzle)
}

/// Largest CIELAB distance between two slots of one flat liquid, one above
/// the other. Slot samples are medians of the slot's middle, so a flat
/// liquid gives the same colour to within JPEG noise (the four slots of the
/// blue bottle of zhoushizoe's 1697945785321.jpg sample the same value);
/// empty glass over a board differs from the liquid under it by far more
/// (it passed [`board::EMPTY_DELTA_E`] against the board).
/// Kept well under the ΔE 11 that shading spreads one liquid over a whole
/// tube, so a slot is only joined to an identical one.
pub(crate) const SAME_LIQUID_DELTA_E: f32 = 4.0;

/// The upper median of `v` (0 when empty).
pub(super) fn median<T: Copy + Default + PartialOrd>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v.get(v.len() / 2).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests;
