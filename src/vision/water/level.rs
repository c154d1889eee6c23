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

/// Widest ΔE between two samples of one colour in a level with hidden
/// layers. A liquid's own shading (a rounded bottom, JPEG noise) spreads
/// its samples by up to ΔE 11 in the hidden-layer screenshots of
/// ../shared; the closest two liquids of one level in the generated themes
/// are 15 apart (`NEAR_PAIR` in `synthetic::water::generate`, below which
/// people ask for a calibrated theme). The value sits between the two.
/// Colours are clustered to it (the fewest whose samples are that tight),
/// and a reading whose colour spreads wider (named by a calibrated theme,
/// not clustered) is doubted (`doubts::wide_color`).
pub(super) const OPEN_COUNT_SPREAD: f32 = 13.0;

/// How the colour ids of the liquid samples are decided.
pub(super) enum Naming<'a> {
    /// Clustered from the samples themselves.
    Cluster(&'a ClusterOptions),
    /// Each sample is the nearest colour of a calibrated theme.
    Theme(&'a Theme),
}

/// Largest ΔE between two samples of one colour: one colour's spread, as
/// the checks that compare a slot with a colour or the glass ask it. Set
/// when screenshots were first solved end to end (commit 5e9470a), on the
/// hidden-layer screenshots of ../shared/water_screens, as the tightness
/// of a clustering with hidden layers, which now asks the narrower
/// [`OPEN_COUNT_SPREAD`].
pub(super) const SAME_COLOR_MAX_DELTA_E: f32 = 16.0;

/// Whether two slots, each as read and as sampled, hold one thing: both
/// empty, both hidden, or both colours sampled within one colour's spread
/// ([`SAME_COLOR_MAX_DELTA_E`]).
pub(super) fn same_slot((a, a_raw): (&SlotSample, [u8; 3]), (b, b_raw): (&SlotSample, [u8; 3])) -> bool {
    match (a, b) {
        (SlotSample::Color(_), SlotSample::Color(_)) => delta_e(to_lab(a_raw), to_lab(b_raw)) < SAME_COLOR_MAX_DELTA_E,
        _ => a == b,
    }
}

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
            // liquid's own shading spreads them (two near shades taken
            // for one would be doubted, `doubts::wide_color`).
            cluster(&labs, k, capacity, Counts::AtMost, clusters).filter(|c| {
                labs.iter().zip(&c.ids).all(|(&a, &ia)| {
                    labs.iter().zip(&c.ids).all(|(&b, &ib)| ia != ib || delta_e(a, b) <= OPEN_COUNT_SPREAD)
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

#[cfg(test)]
mod tests {
    use super::*;
    use SlotSample::{Color, Empty, Hidden};

    /// Four tubes of three hidden layers under the colours on top, and an
    /// empty tube, read by clustering.
    fn read_tops(tops: [[u8; 3]; 4]) -> String {
        let mut samples: Vec<Vec<SlotSample>> = tops.iter().map(|&c| vec![Hidden, Hidden, Hidden, Color(c)]).collect();
        samples.push(vec![Empty; 4]);
        let locks = vec![None; samples.len()];
        to_puzzle(&samples, &locks, 4, Naming::Cluster(&ClusterOptions::default())).unwrap().to_string()
    }

    #[test]
    fn near_shades_over_hidden_layers_are_two_colours_when_further_apart_than_one_liquid_spreads() {
        // Tuning case 123: a lilac and a purple, further apart than one
        // liquid's samples spread, though within the ΔE 16 the other
        // checks allow one colour: hidden layers leave room for either.
        const GREEN: [u8; 3] = [20, 140, 20];
        let (lilac, purple) = ([200, 170, 250], [168, 138, 236]);
        let d = delta_e(to_lab(lilac), to_lab(purple));
        assert!(d > OPEN_COUNT_SPREAD && d < SAME_COLOR_MAX_DELTA_E, "ΔE {d}");
        assert_eq!(read_tops([GREEN, lilac, purple, GREEN]), "A??? B??? C??? A??? EEEE");
        // A lilac a little lighter (shading) is the same liquid.
        let lighter = [208, 180, 252];
        assert!(delta_e(to_lab(lilac), to_lab(lighter)) < OPEN_COUNT_SPREAD);
        assert_eq!(read_tops([GREEN, lilac, lighter, GREEN]), "A??? B??? B??? A??? EEEE");
    }
}
