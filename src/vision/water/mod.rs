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

mod board;
pub mod colors;
mod columns;
pub mod doubts;
mod faint;
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
mod vessels;
mod zoom;

use image::RgbImage;
use thiserror::Error;

use crate::config::Theme;
use crate::geometry::{Layout, Rect, SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::puzzle::water::{Layer, WaterError, WaterPuzzle};
use colors::ClusterOptions;
use found::{Found, FoundBy, LiquidVessels};
use regrid::Grid;
use slots::{RunFloor, sample_slot, slot_geometry, slot_rects};
use surface::LIT_BAND_SHARE;
use tubes::{TubeBox, TubeFinding};
pub use zoom::WORKING_HEIGHT;
use zoom::{Finder, Look, Zoom};

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
/// too small).
pub fn read(image: &RgbImage, options: &ReadOptions) -> WaterSight {
    let liquid = LiquidVessels::default();
    let first = read_at(image, options, Zoom::Fit, &liquid);
    if first.read.is_ok() { first } else { zoom::closer(image, options, first, &liquid) }
}

/// Reads a screenshot at one zoom: by the vessels' walls, then by their
/// liquid. `liquid` holds the vessels the liquid shows once they are found.
fn read_at(image: &RgbImage, options: &ReadOptions, zoom: Zoom, liquid: &LiquidVessels) -> WaterSight {
    let by_walls = regrid::read_by(image, options, Look { finder: Finder::Walls, zoom }, liquid);
    if by_walls.read.is_ok() {
        return by_walls;
    }
    // Vessels of another shape: read again by the liquid; where that
    // gives no reading, again with the runs of layers much flatter than
    // the vessels are wide kept too (a small bulb's seven layers).
    let at = |floor| read_by_liquid(image, options, Look { finder: Finder::Liquid(floor), zoom }, &by_walls, liquid);
    let by_liquid = match at(RunFloor::Width) {
        sight if sight.read.is_err() => Some(at(RunFloor::Band)).filter(|flat| flat.read.is_ok()).unwrap_or(sight),
        sight => sight,
    };
    // Else the first answer stands (its sentence is about the tubes the
    // walls showed), unless the walls showed none and the liquid some.
    let only_liquid_found = by_walls.detection.is_none() && !matches!(by_liquid.read, Err(VisionError::NoTubes));
    if by_liquid.read.is_ok() || only_liquid_found { by_liquid } else { by_walls }
}

/// A reading by the vessels' liquid, believed only if it passes every
/// check and those for vessels found so (`by_walls`: what the walls showed).
fn read_by_liquid(
    image: &RgbImage,
    options: &ReadOptions,
    look: Look,
    by_walls: &WaterSight,
    liquid: &LiquidVessels,
) -> WaterSight {
    let mut sight = regrid::read_by(image, options, look, liquid);
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
    match found.as_ref().map_err(Clone::clone).and_then(|found| detect(image, found, look, grid)) {
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

/// Samples every slot of the vessels a look found (`found`), on one grid.
fn detect(image: &RgbImage, found: &Found, look: Look, grid: Grid) -> Result<Detection, VisionError> {
    let Found { working, scale, boxes: found, profiles, surfaces, glass } = found;
    let (working, scale) = (working.as_ref(), *scale);
    let outlines: Vec<Rect> = found.iter().map(|t| t.outer).collect();
    let open_tubes: Vec<&TubeBox> = found.iter().filter(|t| t.lock_icon.is_none()).collect();
    let mut geometry = slot_geometry(profiles).ok_or(VisionError::NoLayers { found: found.len() })?;
    match grid {
        Grid::Measured => {}
        Grid::LayersAbove(n) => geometry.capacity += n,
        Grid::LayersFewer(n) => geometry.capacity = geometry.capacity.saturating_sub(n),
        Grid::FloorRaised => {
            geometry.capacity = geometry.capacity.saturating_sub(1);
            geometry.bottom_shift -= geometry.layer_height;
        }
    }
    if !(2..=8).contains(&geometry.capacity) || geometry.layer_height < MIN_LAYER_ROWS {
        return Err(VisionError::NoLayers { found: found.len() });
    }

    // A dark slot is hidden by its glyph: strokes in its middle, or a
    // glyph its profile found in its rows (small in a wide slot, case 436).
    // In vessels found by their liquid with no glyph anywhere, something
    // bright in it (an outline curving into a narrow bottom) is no glyph.
    let glyphless = matches!(look.finder, Finder::Liquid(_)) && profiles.iter().all(|p| p.glyphs.is_empty());
    // One sample per slot, bottom first, classified.
    let mut samples: Vec<Vec<SlotSample>> = Vec::new();
    let mut raws: Vec<Vec<[u8; 3]>> = Vec::new();
    let mut besides: Vec<Vec<[u8; 3]>> = Vec::new();
    let mut lits = Vec::new();
    let mut cappeds = Vec::new();
    let mut layout_tubes = Vec::new();
    let mut glyph_steps = Vec::new();
    for ((tube, prof), surface) in open_tubes.iter().zip(profiles).zip(surfaces) {
        let rects = slot_rects(tube, prof, &geometry);
        let under_surface = |r: &Rect| surface.is_some_and(|s| (r.y0 + r.y1) / 2 >= s.liquid_top);
        // A liquid has one top, its lit surface (a band a fraction of a
        // layer tall, its liquid's own): the slots centred at or under the
        // band's top may hold liquid, none above it (a cork, a cap, a
        // neck's glass, or the band itself, drawn above the top layer).
        let own_band = surface.and_then(|s| {
            s.band_top.filter(|&top| ((s.liquid_top - top) as f32) < geometry.layer_height * LIT_BAND_SHARE)
        });
        let capped = own_band.map(|top| rects.iter().filter(|r| (r.y0 + r.y1) / 2 >= top).count());
        let (mut tube_samples, mut tube_raw, mut tube_beside) = (Vec::new(), Vec::new(), Vec::new());
        let mut liquid_ended = false;
        for rect in rects.iter().rev() {
            let (color, bright) = sample_slot(working, rect);
            tube_raw.push(color);
            // Empty glass is transparent: it looks like the board beside it.
            let beside = board::sample_beside(working, &tube.outer, rect, &outlines);
            tube_beside.push(beside);
            // Under a liquid's lit surface nothing is empty glass.
            let sample = if !liquid_ended && !under_surface(rect) && board::looks_empty_through(color, beside, *glass) {
                SlotSample::Empty
            } else if slots::is_dark_grey(color)
                && !glyphless
                && (bright >= HIDDEN_GLYPH_SHARE || prof.glyphs.iter().any(|&y| (rect.y0..rect.y1).contains(&y)))
            {
                SlotSample::Hidden
            } else {
                SlotSample::Color(color)
            };
            liquid_ended |= sample != SlotSample::Empty;
            tube_samples.push(sample);
        }
        // Walked top down; stored bottom first.
        tube_samples.reverse();
        tube_raw.reverse();
        tube_beside.reverse();
        glyph_steps.extend(slots::glyph_steps(&rects, &tube_samples, &prof.glyphs));
        // A `?` glyph marks a hidden layer, never glass or a liquid.
        if slots::glyph_outside_hidden(&rects, &tube_samples, &prof.glyphs) {
            return Err(VisionError::Doubtful(doubts::Doubt::GlyphUnread { tube: samples.len() + 1 }));
        }
        // In a vessel found by its liquid, the hidden layers' number rests
        // on the grid alone: its glyphs must stand one in each.
        if matches!(look.finder, Finder::Liquid(_))
            && !slots::glyphs_in_hidden_slots(&rects, &tube_samples, &prof.glyphs)
        {
            return Err(VisionError::Doubtful(doubts::Doubt::GlyphsOffHidden { tube: samples.len() + 1 }));
        }
        // A slot the colour of the liquid just below it is more of that
        // liquid, even where the board beside it is that colour too (a
        // blue liquid before a blue sky).
        for i in 1..tube_samples.len() {
            if tube_samples[i] == SlotSample::Empty
                && let SlotSample::Color(below) = tube_samples[i - 1]
                && delta_e(to_lab(tube_raw[i]), to_lab(below)) <= SAME_LIQUID_DELTA_E
            {
                tube_samples[i] = SlotSample::Color(tube_raw[i]);
            }
        }
        lits.push(rects.iter().filter(|r| under_surface(r)).count());
        cappeds.push(capped);
        samples.push(tube_samples);
        raws.push(tube_raw);
        besides.push(tube_beside);
        layout_tubes.push(TubeLayout {
            outer: tube.outer.scaled(scale),
            slots: rects.iter().map(|r| r.scaled(scale)).collect(),
        });
    }
    if let Some(doubt) = doubts::glyphs_off_unit(glyph_steps, &samples) {
        return Err(VisionError::Doubtful(doubt));
    }

    board::liquid_unlike_the_glass(&mut samples, &raws, &besides); // one screen's glass is one glass

    // A headroom nearly a layer tall can pass for one more slot: when the
    // tubes barely hold `capacity` layers, the top slot is empty in every
    // tube and the layers fill whole tubes without it, it is headroom (start
    // positions always have full tubes). With room to spare it is a real slot
    // that happens to be empty everywhere (discovery-level-30).
    let mut capacity = geometry.capacity;
    let n_locked = found.len() - open_tubes.len();
    let filled = samples.iter().flatten().filter(|s| **s != SlotSample::Empty).count();
    if capacity > 2
        && geometry.height_in_layers < capacity as f32 + 0.15
        && samples.iter().all(|t| t.last() == Some(&SlotSample::Empty))
        && (filled + n_locked * (capacity - 1)).is_multiple_of(capacity - 1)
    {
        capacity -= 1;
        for ((tube_samples, layout), raw) in samples.iter_mut().zip(&mut layout_tubes).zip(&mut raws) {
            tube_samples.pop();
            layout.slots.pop();
            raw.pop();
        }
    }
    // Locked tubes, in their places: every layer hidden, and the colour of
    // the icon on the cover.
    let mut open_samples = samples.into_iter();
    let mut open_layouts = layout_tubes.into_iter();
    let mut open_raws = raws.into_iter();
    let mut open_lits = lits.into_iter();
    let mut open_cappeds = cappeds.into_iter();
    let mut capped = Vec::new();
    let mut raws = Vec::new();
    let mut lit = Vec::new();
    let mut samples = Vec::new();
    let mut layout_tubes = Vec::new();
    let mut locks = Vec::new();
    for tube in found {
        match tube.lock_icon {
            None => {
                samples.push(open_samples.next().expect("one per open tube"));
                raws.push(open_raws.next().expect("one per open tube"));
                lit.push(open_lits.next().expect("one per open tube").min(capacity));
                capped.push(open_cappeds.next().expect("one per open tube"));
                layout_tubes.push(open_layouts.next().expect("one per open tube"));
                locks.push(None);
            }
            Some(icon) => {
                samples.push(vec![SlotSample::Hidden; capacity]);
                raws.push(Vec::new());
                lit.push(0);
                capped.push(None);
                let h = geometry.layer_height;
                let slots = (0..capacity)
                    .map(|k| {
                        let y1 = tube.outer.y1 as f32 - k as f32 * h;
                        Rect { x0: tube.outer.x0, y0: (y1 - h).max(0.0) as u32, x1: tube.outer.x1, y1: y1 as u32 }
                            .scaled(scale)
                    })
                    .collect();
                layout_tubes.push(TubeLayout { outer: tube.outer.scaled(scale), slots });
                let liquid = Rect {
                    x0: icon.x0 + icon.width() / 4,
                    y0: icon.y0 + icon.height() * 55 / 100,
                    x1: icon.x1 - icon.width() / 4,
                    y1: icon.y0 + icon.height() * 85 / 100,
                };
                locks.push(Some(sample_slot(working, &liquid).0));
            }
        }
    }
    Ok(Detection {
        image_width: image.width(),
        image_height: image.height(),
        tubes: layout_tubes,
        samples,
        locks,
        raw: raws,
        capacity,
        lit,
        capped,
    })
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
