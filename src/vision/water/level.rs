//! From slot samples to a checked level: the samples' colour ids (clustered
//! with k fixed by the counts, or named by a calibrated theme), the locked
//! tubes' colours, ids in order of first appearance, and the model's checks.

use super::VisionError;
use super::colors::{ClusterOptions, Clustering, Counts, cluster};
use super::theme::assign_by_theme;
use crate::config::Theme;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, to_lab};
use crate::puzzle::water::{ColorId, Layer, Tube, WaterPuzzle, default_names};

/// How the colour ids of the liquid samples are decided.
pub(super) enum Naming<'a> {
    /// Clustered from the samples themselves.
    Cluster(&'a ClusterOptions),
    /// Each sample is the nearest colour of a calibrated theme.
    Theme(&'a Theme),
}

/// Largest ΔE between two samples of one colour when hidden layers leave
/// the number of colours open (the fewest colours whose clusters are this
/// tight are taken). Set when screenshots were first solved end to end
/// (commit 5e9470a), on the hidden-layer screenshots of ../shared/water_screens.
pub(super) const SAME_COLOR_MAX_DELTA_E: f32 = 16.0;

/// Largest ΔE between a lock icon's liquid and the colour it names; farther,
/// it names a colour not shown yet. Set with the locked tubes (commit
/// 5e9470a) on Khalawob's locked level in ../shared/water_screens.
const LOCK_COLOR_MAX_DELTA_E: f32 = 22.0;

/// The level of a screenshot from its samples, named as `naming` says.
pub(super) fn to_puzzle(
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
    let clusters = match naming {
        Naming::Theme(theme) => return build_puzzle(samples, locks, capacity, assign_by_theme(&liquid, theme)?),
        Naming::Cluster(clusters) => clusters,
    };
    let labs: Vec<_> = liquid.iter().map(|&c| to_lab(c)).collect();
    let total_colors = filled / capacity;
    let clustering = if hidden == 0 {
        cluster(&labs, total_colors, capacity, Counts::Exact, clusters)
    } else {
        // Fewest colours whose clusters are tight: hidden layers may hide
        // whole colours, so k is not fixed by the counts.
        (liquid.len().div_ceil(capacity)..=total_colors.min(liquid.len())).find_map(|k| {
            // Tight: no two samples of one colour further apart than a
            // liquid's own shading.
            cluster(&labs, k, capacity, Counts::AtMost, clusters).filter(|c| {
                labs.iter().zip(&c.ids).all(|(&a, &ia)| {
                    labs.iter().zip(&c.ids).all(|(&b, &ib)| ia != ib || delta_e(a, b) < SAME_COLOR_MAX_DELTA_E)
                })
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

/// The liquid samples of a detection, in reading order, bottom first.
pub(super) fn liquid_samples(samples: &[Vec<SlotSample>]) -> Vec<[u8; 3]> {
    samples.iter().flatten().filter_map(|s| if let SlotSample::Color(c) = s { Some(*c) } else { None }).collect()
}

/// The puzzle from samples and their colour ids.
fn build_puzzle(
    samples: &[Vec<SlotSample>],
    locks: &[Option<[u8; 3]>],
    capacity: usize,
    clustering: Clustering,
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
                    .map(|(i, &c)| (i, delta_e(lab, c)))
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                match nearest {
                    Some((i, d)) if d < LOCK_COLOR_MAX_DELTA_E => i as u8,
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
