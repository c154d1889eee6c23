//! Pixels in, puzzle out: everything that looks at a screenshot lives here,
//! and nothing after this stage sees a pixel.
//!
//! Water sort: [`tubes`] finds the tube outlines by geometry, [`slots`]
//! measures the layers and samples one colour per slot, [`colors`] turns the
//! samples into colour ids; [`read_water`] checks the counts and returns the
//! puzzle with a [`Layout`] (where every tube and slot is, in the original
//! image's pixels) for the overlay.

pub mod cards;
pub mod colors;
pub mod debug;
pub mod slots;
pub mod synthetic;
pub mod tubes;

use image::RgbImage;
use thiserror::Error;

use crate::config::Theme;
use crate::puzzle::water::{ColorId, Layer, Tube, WaterError, WaterPuzzle, default_names};
use colors::{ClusterOptions, cluster, to_lab};
use palette::Lab;
use slots::{SlotSample, profile, sample_slot, slot_geometry, slot_rects};
use tubes::{Gradients, Rect, TubeFinding, find_tubes};

/// Tallest image worked on; larger screenshots are scaled down first.
pub const WORKING_HEIGHT: u32 = 1600;

/// Options for reading a screenshot.
#[derive(Debug, Clone, Copy, Default)]
pub struct VisionOptions {
    pub tubes: TubeFinding,
    pub clusters: ClusterOptions,
}

/// Where things are on the screenshot, in its own pixels, and how its
/// colours look (for repainting the state after some moves).
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub image_width: u32,
    pub image_height: u32,
    /// Per tube in reading order: its outline and its slots, bottom first.
    pub tubes: Vec<TubeLayout>,
    /// sRGB of each colour id as read (filled in once the ids are known).
    pub colors: Vec<[u8; 3]>,
    /// How an empty slot looks.
    pub empty_color: [u8; 3],
}

#[derive(Debug, Clone, PartialEq)]
pub struct TubeLayout {
    pub outer: Rect,
    pub slots: Vec<Rect>,
}

/// What the reader saw before naming colours: where the tubes and slots
/// are and what each slot shows. Drawn by `--debug` even when naming the
/// colours fails.
#[derive(Debug, Clone)]
pub struct Detection {
    pub layout: Layout,
    /// The sample behind each slot, per tube bottom first.
    pub samples: Vec<Vec<SlotSample>>,
    /// Per tube: the colour of its lock icon, for a locked tube.
    pub locks: Vec<Option<[u8; 3]>>,
    /// The median colour of every slot as sampled, bottom first, whatever
    /// it was taken for (empty for locked tubes).
    pub raw: Vec<Vec<[u8; 3]>>,
    pub capacity: usize,
}

/// A screenshot read: the level and where it was.
#[derive(Debug, Clone)]
pub struct WaterReading {
    pub puzzle: WaterPuzzle,
    pub detection: Detection,
}

/// Why a screenshot could not be read. Each says what to try.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum VisionError {
    #[error("no tubes were found in the image; is it a water-sort level (not a pop-up, advert or win screen)?")]
    NoTubes,
    #[error("found {found} tubes but could not measure their layers; is the screenshot cropped or blurred?")]
    NoLayers { found: usize },
    #[error(
        "found {layers} filled layers in {tubes} tubes with capacity {capacity}, which is not a whole number of colours; is part of the board covered?"
    )]
    LayerCount { layers: usize, tubes: usize, capacity: usize },
    #[error("could not group the {layers} layers into colours of {capacity} each: {detail}")]
    Colors { layers: usize, capacity: usize, detail: String },
    #[error("the level read does not add up: {0}")]
    Puzzle(WaterError),
    #[error("found {tubes} tubes holding {colors} colour(s), which is no level in play (a pop-up or win screen?)")]
    NotALevel { tubes: usize, colors: usize },
    #[error(
        "a layer of colour {hex} matches no colour of theme `{theme}` (nearest: `{nearest}`, ΔE {distance:.1}); re-calibrate with `snapsolve calibrate SCREENSHOT --theme {theme}`"
    )]
    UnknownColor { hex: String, theme: String, nearest: String, distance: f32 },
    #[error("theme `{theme}` has tubes of {expected} layers but this screenshot's hold {found}")]
    ThemeCapacity { theme: String, expected: usize, found: usize },
}

/// Reads a water-sort screenshot.
pub fn read_water(image: &RgbImage, options: &VisionOptions) -> Result<WaterReading, VisionError> {
    let detection = detect_water(image, options)?;
    let puzzle = recognise_water(&detection, options, None)?;
    Ok(WaterReading { puzzle, detection })
}

/// The layout of a detection with the colour of each id of `puzzle` (the
/// median of the samples it was read from) and of empty slots.
pub fn layout_with_colors(detection: &Detection, puzzle: &WaterPuzzle) -> Layout {
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
    let mut layout = detection.layout.clone();
    layout.colors = per_id.iter().map(|c| if c.is_empty() { [128, 128, 128] } else { median_color(c) }).collect();
    layout.empty_color = if empty.is_empty() { [24, 24, 24] } else { median_color(&empty) };
    layout
}

/// Names the colours of a detection (by a calibrated theme when one is
/// given, else by clustering) and checks the level.
pub fn recognise_water(
    detection: &Detection,
    options: &VisionOptions,
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
    let naming = theme.map_or(Naming::Cluster(options), Naming::Theme);
    let puzzle = to_puzzle(&detection.samples, &detection.locks, detection.capacity, naming)?;
    if puzzle.tubes().len() < 3 || puzzle.n_colors() < 2 {
        return Err(VisionError::NotALevel { tubes: puzzle.tubes().len(), colors: puzzle.n_colors() });
    }
    Ok(puzzle)
}

/// Finds the tubes and samples every slot of a water-sort screenshot.
pub fn detect_water(image: &RgbImage, options: &VisionOptions) -> Result<Detection, VisionError> {
    let (working, scale) = working_copy(image);
    let g = Gradients::new(&working);
    let found = find_tubes(&g, &options.tubes);
    if found.len() < 2 {
        return Err(VisionError::NoTubes);
    }
    let outlines: Vec<Rect> = found.iter().map(|t| t.outer).collect();
    let open_tubes: Vec<&tubes::TubeBox> = found.iter().filter(|t| t.lock_icon.is_none()).collect();
    let profiles: Vec<_> =
        open_tubes.iter().map(|t| profile(&working, &g, t, &outlines, options.tubes.edge_threshold)).collect();
    let geometry = slot_geometry(&profiles).ok_or(VisionError::NoLayers { found: found.len() })?;
    if !(2..=8).contains(&geometry.capacity) {
        return Err(VisionError::NoLayers { found: found.len() });
    }

    // One sample per slot, bottom first, classified.
    let mut samples: Vec<Vec<SlotSample>> = Vec::new();
    let mut raws: Vec<Vec<[u8; 3]>> = Vec::new();
    let mut layout_tubes = Vec::new();
    for (tube, prof) in open_tubes.iter().zip(&profiles) {
        let rects = slot_rects(tube, prof, &geometry);
        let mut tube_samples = Vec::new();
        let mut tube_raw = Vec::new();
        let mut liquid_ended = false;
        for rect in rects.iter().rev() {
            let (color, bright) = sample_slot(&working, rect);
            tube_raw.push(color);
            let (lo, hi) = (*color.iter().min().unwrap(), *color.iter().max().unwrap());
            // Empty glass is transparent: it looks like the board beside it.
            let beside = slots::sample_beside(&working, &tube.outer, rect, &outlines);
            let sample = if !liquid_ended && looks_empty(color, beside) {
                SlotSample::Empty
            } else if bright >= 0.03 && hi < 110 && hi - lo < 28 {
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
        samples.push(tube_samples);
        raws.push(tube_raw);
        layout_tubes.push(TubeLayout {
            outer: tube.outer.scaled(scale),
            slots: rects.iter().map(|r| r.scaled(scale)).collect(),
        });
    }

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
    let mut raws = Vec::new();
    let mut samples = Vec::new();
    let mut layout_tubes = Vec::new();
    let mut locks = Vec::new();
    for tube in &found {
        match tube.lock_icon {
            None => {
                samples.push(open_samples.next().expect("one per open tube"));
                raws.push(open_raws.next().expect("one per open tube"));
                layout_tubes.push(open_layouts.next().expect("one per open tube"));
                locks.push(None);
            }
            Some(icon) => {
                samples.push(vec![SlotSample::Hidden; capacity]);
                raws.push(Vec::new());
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
                locks.push(Some(sample_slot(&working, &liquid).0));
            }
        }
    }
    let layout = Layout {
        image_width: image.width(),
        image_height: image.height(),
        tubes: layout_tubes,
        colors: Vec::new(),
        empty_color: [0, 0, 0],
    };
    Ok(Detection { layout, samples, locks, raw: raws, capacity })
}

/// Colour ids for the liquid samples, then the puzzle.
/// How the colour ids of the liquid samples are decided.
enum Naming<'a> {
    /// Clustered from the samples themselves.
    Cluster(&'a VisionOptions),
    /// Each sample is the nearest colour of a calibrated theme.
    Theme(&'a Theme),
}

/// The liquid samples of a detection, in reading order, bottom first.
fn liquid_samples(samples: &[Vec<SlotSample>]) -> Vec<[u8; 3]> {
    samples.iter().flatten().filter_map(|s| if let SlotSample::Color(c) = s { Some(*c) } else { None }).collect()
}

/// Largest distance at which a sample still is theme colour `i`: its own
/// measured spread with a margin, or, because a game shades one liquid a
/// little differently from capture to capture (sshcrack's green is #46de1e
/// in some screenshots and #3cc418 or #4dc92c in others, ΔE 12-14), up to 65% of the way
/// to the
/// nearest other colour of the theme (at most ΔE 25).
fn theme_reach(theme: &Theme, i: usize) -> f32 {
    let own = (theme.colors[i].tolerance * 1.5).max(8.0);
    let nearest_other = theme
        .colors
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, c)| colors::delta_e(c.lab, theme.colors[i].lab))
        .fold(f32::MAX, f32::min);
    own.max((nearest_other * 0.65).min(25.0))
}

/// The nearest colour of `theme` to `lab`, with its distance.
fn nearest_theme_color(theme: &Theme, lab: Lab) -> (usize, f32) {
    theme
        .colors
        .iter()
        .enumerate()
        .map(|(i, c)| (i, colors::delta_e(lab, c.lab)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a theme has colours")
}

/// Each sample's nearest theme colour and its distance.
fn match_theme(labs: &[Lab], theme: &Theme) -> Vec<(usize, f32)> {
    labs.iter().map(|&lab| nearest_theme_color(theme, lab)).collect()
}

/// Names colours by a theme: every sample must be within reach of one.
fn assign_by_theme(liquid: &[[u8; 3]], theme: &Theme) -> Result<colors::Clustering, VisionError> {
    let labs: Vec<Lab> = liquid.iter().map(|&c| to_lab(c)).collect();
    let mut ids = Vec::with_capacity(liquid.len());
    for (&rgb, (i, distance)) in liquid.iter().zip(match_theme(&labs, theme)) {
        if distance > theme_reach(theme, i) {
            return Err(VisionError::UnknownColor {
                hex: format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]),
                theme: theme.name.clone(),
                nearest: theme.colors[i].name.clone(),
                distance,
            });
        }
        ids.push(i as u8);
    }
    Ok(colors::Clustering { ids, centroids: theme.colors.iter().map(|c| c.lab).collect() })
}

/// The calibrated theme that explains a detection best: same capacity, every
/// liquid sample within reach of one of its colours, smallest mean distance.
pub fn choose_theme<'a>(detection: &Detection, themes: &'a [Theme]) -> Option<&'a Theme> {
    let labs: Vec<Lab> = liquid_samples(&detection.samples).iter().map(|&c| to_lab(c)).collect();
    themes
        .iter()
        .filter(|t| t.capacity == detection.capacity && !labs.is_empty())
        .filter_map(|t| {
            let matches = match_theme(&labs, t);
            matches
                .iter()
                .all(|&(i, d)| d <= theme_reach(t, i))
                .then(|| (t, matches.iter().map(|m| m.1).sum::<f32>() / matches.len() as f32))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(t, _)| t)
}

fn to_puzzle(
    samples: &[Vec<SlotSample>],
    locks: &[Option<[u8; 3]>],
    capacity: usize,
    naming: Naming<'_>,
) -> Result<WaterPuzzle, VisionError> {
    let liquid = liquid_samples(samples);
    let hidden = samples.iter().flatten().filter(|s| **s == SlotSample::Hidden).count();
    let filled = liquid.len() + hidden;
    if filled == 0 || !filled.is_multiple_of(capacity) {
        return Err(VisionError::LayerCount { layers: filled, tubes: samples.len(), capacity });
    }
    let options = match naming {
        Naming::Theme(theme) => return build_puzzle(samples, locks, capacity, assign_by_theme(&liquid, theme)?),
        Naming::Cluster(options) => options,
    };
    let labs: Vec<_> = liquid.iter().map(|&c| to_lab(c)).collect();
    let total_colors = filled / capacity;
    let clustering = if hidden == 0 {
        cluster(&labs, total_colors, capacity, true, &options.clusters)
    } else {
        // Fewest colours whose clusters are tight: hidden layers may hide
        // whole colours, so k is not fixed by the counts.
        (liquid.len().div_ceil(capacity)..=total_colors.min(liquid.len())).find_map(|k| {
            // Tight: no two samples of one colour further apart than a
            // liquid's own shading.
            cluster(&labs, k, capacity, false, &options.clusters).filter(|c| {
                labs.iter()
                    .zip(&c.ids)
                    .all(|(&a, &ia)| labs.iter().zip(&c.ids).all(|(&b, &ib)| ia != ib || colors::delta_e(a, b) < 16.0))
            })
        })
    }
    .ok_or_else(|| VisionError::Colors {
        layers: filled,
        capacity,
        detail: format!("{} visible layers, {} hidden", liquid.len(), hidden),
    })?;
    build_puzzle(samples, locks, capacity, clustering)
}

/// The puzzle from samples and their colour ids.
fn build_puzzle(
    samples: &[Vec<SlotSample>],
    locks: &[Option<[u8; 3]>],
    capacity: usize,
    clustering: colors::Clustering,
) -> Result<WaterPuzzle, VisionError> {
    // A lock's colour is the nearest colour found, or one not visible yet.
    let mut n_ids = clustering.centroids.len();
    let lock_ids: Vec<Option<u8>> = locks
        .iter()
        .map(|lock| {
            lock.map(|rgb| {
                let lab = to_lab(rgb);
                let nearest = clustering
                    .centroids
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (i, colors::delta_e(lab, c)))
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                match nearest {
                    Some((i, d)) if d < 22.0 => i as u8,
                    _ => {
                        n_ids += 1;
                        (n_ids - 1) as u8
                    }
                }
            })
        })
        .collect();
    // Ids in order of first appearance (reading order, top to bottom), so the
    // compact form reads naturally.
    let mut order: Vec<u8> = Vec::new();
    let mut ids = clustering.ids.iter();
    let mut tubes = Vec::new();
    let mut raw: Vec<Vec<Layer>> = Vec::new();
    for tube in samples {
        let layers: Vec<Layer> = tube
            .iter()
            .filter_map(|s| match s {
                SlotSample::Color(_) => Some(Layer::Color(ColorId(*ids.next().expect("one id per sample")))),
                SlotSample::Hidden => Some(Layer::Hidden),
                SlotSample::Empty => None,
            })
            .collect();
        raw.push(layers);
    }
    for (layers, lock) in raw.iter().zip(&lock_ids) {
        let lock_layer = lock.map(|id| Layer::Color(ColorId(id)));
        for layer in lock_layer.iter().chain(layers.iter().rev()) {
            if let Layer::Color(c) = layer
                && !order.contains(&c.0)
            {
                order.push(c.0);
            }
        }
    }
    let rename = |id: u8| ColorId(order.iter().position(|&o| o == id).expect("seen above") as u8);
    for (layers, lock) in raw.into_iter().zip(&lock_ids) {
        let renamed = layers
            .into_iter()
            .map(|l| match l {
                Layer::Color(c) => Layer::Color(rename(c.0)),
                Layer::Hidden => Layer::Hidden,
            })
            .collect();
        tubes.push(Tube { layers: renamed, locked_until: lock.map(rename) });
    }
    WaterPuzzle::new(capacity, tubes, default_names(order.len())).map_err(VisionError::Puzzle)
}

/// Empty glass shows the board behind it, at most a little lighter or
/// tinted. Compared in CIELAB: a dark liquid on a dark board (olive on teal)
/// is within 40 of it in every channel but about ΔE 45 away; glass over wood
/// is about ΔE 10-15 from the wood beside it.
pub(crate) fn looks_empty(slot: [u8; 3], beside: [u8; 3]) -> bool {
    colors::delta_e(to_lab(slot), to_lab(beside)) < EMPTY_DELTA_E
}

/// Largest CIELAB distance between empty glass and the board beside it.
const EMPTY_DELTA_E: f32 = 20.0;

/// Per-channel median of some colours (black for none).
pub(crate) fn median_color(colors: &[[u8; 3]]) -> [u8; 3] {
    let mut out = [0u8; 3];
    for (c, slot) in out.iter_mut().enumerate() {
        let mut v: Vec<u8> = colors.iter().map(|x| x[c]).collect();
        v.sort_unstable();
        *slot = v.get(v.len() / 2).copied().unwrap_or(0);
    }
    out
}

/// The image to work on: the screenshot itself, or a copy shrunk by a
/// whole factor (box average) to at most [`WORKING_HEIGHT`] rows; and the
/// factor back to the original's pixels. A filtered resize of a 1080×2400
/// screenshot cost 83 ms, the box average a few.
fn working_copy(image: &RgbImage) -> (std::borrow::Cow<'_, RgbImage>, f32) {
    let factor = image.height().div_ceil(WORKING_HEIGHT);
    if factor <= 1 {
        return (std::borrow::Cow::Borrowed(image), 1.0);
    }
    (std::borrow::Cow::Owned(shrink_by(image, factor)), factor as f32)
}

/// The image shrunk by a whole `factor`, each pixel the mean of its block.
pub(crate) fn shrink_by(image: &RgbImage, factor: u32) -> RgbImage {
    if factor <= 1 {
        return image.clone();
    }
    let (w, h) = (image.width() / factor, image.height() / factor);
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let mut out = Vec::with_capacity((w * h * 3) as usize);
    let n = factor * factor;
    for y in 0..h as usize {
        for x in 0..w as usize {
            let mut sum = [0u32; 3];
            for dy in 0..factor as usize {
                let row = (y * factor as usize + dy) * stride;
                for dx in 0..factor as usize {
                    let i = row + (x * factor as usize + dx) * 3;
                    for c in 0..3 {
                        sum[c] += raw[i + c] as u32;
                    }
                }
            }
            out.extend(sum.iter().map(|&s| (s / n) as u8));
        }
    }
    RgbImage::from_raw(w, h, out).expect("buffer matches its size")
}

/// `f` applied to every item, the items shared out over the cores in
/// contiguous runs; the results in the items' order, so nothing depends on
/// how many cores there are.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len()).max(1);
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> =
            items.chunks(chunk).map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().expect("a worker thread panicked")).collect()
    })
}
