//! Colour ids from slot samples: CIELAB, then k-means with the number of
//! colours given by the counts.
//!
//! Every colour fills exactly one tube, so with no hidden layers the number
//! of colours is (liquid slots) / capacity and k is known; with hidden
//! layers, k lies between the colours needed for the visible layers and the
//! total. k-means (kmeans_colors, Hamerly, seeded) runs for each candidate k
//! from several seeds; the clustering kept is the one whose counts respect
//! the capacity, best score first. Same samples, same ids.

use kmeans_colors::{Kmeans, get_kmeans_hamerly};
use palette::Lab;

use crate::imaging::color::delta_e;

/// Options for colour clustering.
#[derive(Debug, Clone, Copy)]
pub struct ClusterOptions {
    pub seed: u64,
    pub runs_per_k: u64,
}

impl Default for ClusterOptions {
    fn default() -> Self {
        ClusterOptions { seed: 0x5eed, runs_per_k: 6 }
    }
}

/// How many samples each colour of a clustering may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    /// Exactly `capacity`: every layer is shown, so every colour fills one
    /// tube.
    Exact,
    /// Between 1 and `capacity`: hidden layers may hold the rest.
    AtMost,
}

/// k-means iterations per run, and the centroid movement (ΔE) under which
/// it has converged: a few hundred samples at most, so a generous ceiling
/// and a tight convergence cost little. Set when colours were first
/// clustered (commit 1a0e966); the crate's own default for Lab is 5.0,
/// coarser than the ΔE 8-14 between the closest shades in ../shared.
const KMEANS_MAX_ITERATIONS: usize = 50;
const KMEANS_CONVERGE: f32 = 0.01;

/// A clustering: a colour id per sample and the centroid of each id.
#[derive(Debug, Clone)]
pub struct Clustering {
    pub ids: Vec<u8>,
    pub centroids: Vec<Lab>,
}

/// Clusters `samples` into `k` colours, each used as `counts` says with
/// `capacity`. Tries seeds until the counts fit.
pub fn cluster(
    samples: &[Lab],
    k: usize,
    capacity: usize,
    counts: Counts,
    options: &ClusterOptions,
) -> Option<Clustering> {
    if samples.is_empty() || k == 0 || k > samples.len() {
        return None;
    }
    let mut best: Option<(f32, Clustering)> = None;
    for run in 0..options.runs_per_k {
        let result: Kmeans<Lab> =
            get_kmeans_hamerly(k, KMEANS_MAX_ITERATIONS, KMEANS_CONVERGE, false, samples, options.seed + run);
        if result.centroids.len() != k {
            continue;
        }
        let mut sizes = vec![0usize; k];
        for &i in &result.indices {
            sizes[i as usize] += 1;
        }
        let ok = sizes.iter().all(|&c| match counts {
            Counts::Exact => c == capacity,
            Counts::AtMost => c >= 1 && c <= capacity,
        });
        if ok && best.as_ref().is_none_or(|(score, _)| result.score < *score) {
            best =
                Some((result.score, Clustering { ids: result.indices.clone(), centroids: result.centroids.clone() }));
        }
    }
    best.map(|(_, c)| c).or_else(|| balanced(samples, k, capacity, counts))
}

/// A deterministic fallback when k-means cannot respect the counts (two
/// shades close together): greedy agglomeration that never merges past the
/// capacity, closest pairs first.
fn balanced(samples: &[Lab], k: usize, capacity: usize, counts: Counts) -> Option<Clustering> {
    let mut groups: Vec<Vec<usize>> = (0..samples.len()).map(|i| vec![i]).collect();
    let centroid = |g: &[usize]| {
        let n = g.len() as f32;
        let (l, a, b) =
            g.iter().fold((0.0, 0.0, 0.0), |(l, a, b), &i| (l + samples[i].l, a + samples[i].a, b + samples[i].b));
        Lab::new(l / n, a / n, b / n)
    };
    while groups.len() > k {
        let mut best: Option<(f32, usize, usize)> = None;
        for i in 0..groups.len() {
            for j in i + 1..groups.len() {
                if groups[i].len() + groups[j].len() > capacity {
                    continue;
                }
                // Complete linkage: the farthest pair decides.
                let d = groups[i]
                    .iter()
                    .flat_map(|&a| groups[j].iter().map(move |&b| (a, b)))
                    .map(|(a, b)| delta_e(samples[a], samples[b]))
                    .fold(0.0, f32::max);
                if best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, i, j));
                }
            }
        }
        let (_, i, j) = best?;
        let merged = groups.remove(j);
        groups[i].extend(merged);
    }
    if counts == Counts::Exact && groups.iter().any(|g| g.len() != capacity) {
        return None;
    }
    let mut ids = vec![0u8; samples.len()];
    for (id, g) in groups.iter().enumerate() {
        for &i in g {
            ids[i] = id as u8;
        }
    }
    Some(Clustering { ids, centroids: groups.iter().map(|g| centroid(g)).collect() })
}
