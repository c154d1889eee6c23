//! Learning a game theme: the colours of one or more screenshots of it, as a
//! [`Theme`] for `calibration.toml`.
//!
//! Each screenshot is read as usual (tubes, slots, clustering); every colour
//! id becomes a theme colour at the mean of its samples in CIELAB, with a
//! tolerance measured from how far its samples spread. Colours of later
//! screenshots join an earlier colour when they fall within reach of it and
//! are added otherwise, so several screenshots together can cover every
//! colour a game uses. Names come from `--names`, in order of first
//! appearance, or are numbered.

use std::fmt::Write as _;
use std::path::Path;

use image::RgbImage;
use palette::Lab;
use thiserror::Error;

use crate::config::{Theme, ThemeColor};
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, hex, to_lab, to_rgb};
use crate::puzzle::water::Layer;
use crate::vision::water::{self, ReadOptions, ThemeChoice, VisionError};

/// Options for learning a theme.
#[derive(Debug, Clone, Default)]
pub struct CalibrateOptions {
    pub name: String,
    /// Colour names in order of first appearance; numbered when short.
    pub names: Vec<String>,
    /// How screenshots are read (their colours are always clustered).
    pub vision: ReadOptions,
}

/// Why a theme could not be learned.
#[derive(Debug, Error)]
pub enum CalibrateError {
    #[error("screenshot {index}: {source}")]
    Read { index: usize, source: VisionError },
    #[error("screenshot {index} has tubes of {found} layers, the first one {expected}; are they one theme?")]
    Capacity { index: usize, expected: usize, found: usize },
    #[error("{given} names for {found} colours; give one name per colour, or none")]
    Names { given: usize, found: usize },
    #[error("give a theme name")]
    NoName,
    #[error("the colour name `{0}` is given twice; give each colour its own name")]
    NameTwice(String),
    #[error("a colour name is empty; give each colour a name, separated by commas")]
    EmptyName,
}

/// Smallest tolerance written: sampling noise alone reaches this.
const MIN_TOLERANCE: f32 = 3.0;

/// Learns a theme from screenshots of it.
pub fn learn_theme(images: &[RgbImage], options: &CalibrateOptions) -> Result<Theme, CalibrateError> {
    if options.name.trim().is_empty() {
        return Err(CalibrateError::NoName);
    }
    for (i, name) in options.names.iter().enumerate() {
        if name.trim().is_empty() {
            return Err(CalibrateError::EmptyName);
        }
        if options.names[..i].contains(name) {
            return Err(CalibrateError::NameTwice(name.clone()));
        }
    }
    // Per colour: its samples (Lab), in order of first appearance.
    let mut learned: Vec<Vec<Lab>> = Vec::new();
    let mut capacity = None;
    let mut background = None;
    let vision = ReadOptions { theme: ThemeChoice::Cluster, ..options.vision.clone() };
    for (index, image) in images.iter().enumerate() {
        let read_err = |source| CalibrateError::Read { index: index + 1, source };
        let sight = water::read(image, &vision);
        let read = sight.read.map_err(read_err)?;
        let detection = sight.detection.expect("a level read was detected");
        let (puzzle, layout) = (read.puzzle, read.layout);
        match capacity {
            None => capacity = Some(puzzle.capacity()),
            Some(expected) if expected != puzzle.capacity() => {
                return Err(CalibrateError::Capacity { index: index + 1, expected, found: puzzle.capacity() });
            }
            Some(_) => {}
        }
        background.get_or_insert(layout.empty_color);
        // Samples per id of this screenshot.
        let mut per_id: Vec<Vec<Lab>> = vec![Vec::new(); puzzle.n_colors()];
        for (tube, samples) in puzzle.tubes().iter().zip(&detection.samples) {
            for (layer, sample) in tube.layers.iter().zip(samples) {
                if let (Layer::Color(id), SlotSample::Color(rgb)) = (layer, sample) {
                    per_id[id.0 as usize].push(to_lab(*rgb));
                }
            }
        }
        for samples in per_id.into_iter().filter(|s| !s.is_empty()) {
            let centre = mean(&samples);
            let reach = spread(&samples, centre).max(MIN_TOLERANCE) * 2.0;
            match learned.iter_mut().find(|known| delta_e(mean(known), centre) <= reach.max(8.0)) {
                Some(known) => known.extend(samples),
                None => learned.push(samples),
            }
        }
    }
    if !options.names.is_empty() && options.names.len() != learned.len() {
        return Err(CalibrateError::Names { given: options.names.len(), found: learned.len() });
    }
    let colors = learned
        .iter()
        .enumerate()
        .map(|(i, samples)| {
            let lab = mean(samples);
            ThemeColor {
                name: options.names.get(i).cloned().unwrap_or_else(|| format!("color-{}", i + 1)),
                hex: hex(to_rgb(lab)),
                lab,
                tolerance: spread(samples, lab).max(MIN_TOLERANCE),
            }
        })
        .collect();
    Ok(Theme {
        name: options.name.trim().to_string(),
        capacity: capacity.unwrap_or(4),
        background: background.map(hex),
        colors,
    })
}

fn mean(samples: &[Lab]) -> Lab {
    let n = samples.len().max(1) as f32;
    let (l, a, b) = samples.iter().fold((0.0, 0.0, 0.0), |(l, a, b), s| (l + s.l, a + s.a, b + s.b));
    Lab::new(l / n, a / n, b / n)
}

/// The largest distance of a sample from `centre`.
fn spread(samples: &[Lab], centre: Lab) -> f32 {
    samples.iter().map(|&s| delta_e(s, centre)).fold(0.0, f32::max)
}

/// What a calibrate run learned, as people read it: one line for the theme
/// and one per colour.
pub fn summary(theme: &Theme, path: &Path) -> String {
    let mut out = format!(
        "theme `{}`: capacity {}, {} colours, written to {}\n",
        theme.name,
        theme.capacity,
        theme.colors.len(),
        path.display()
    );
    for c in &theme.colors {
        let _ = writeln!(out, "  {:<12} {}  tolerance ΔE {:.1}", c.name, c.hex, c.tolerance);
    }
    out
}
