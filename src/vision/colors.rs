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
use palette::{IntoColor, Lab, Srgb};

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

/// An sRGB byte triple in CIELAB (D65).
pub fn to_lab(rgb: [u8; 3]) -> Lab {
    Srgb::new(rgb[0], rgb[1], rgb[2]).into_linear::<f32>().into_color()
}

/// CIELAB lightness of an sRGB colour (as [`to_lab`] gives it, without
/// the other two channels).
pub fn lightness(rgb: [u8; 3]) -> f32 {
    static LINEAR: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    let linear = LINEAR.get_or_init(|| {
        std::array::from_fn(|i| {
            let c = i as f32 / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        })
    });
    let y = 0.2126 * linear[rgb[0] as usize] + 0.7152 * linear[rgb[1] as usize] + 0.0722 * linear[rgb[2] as usize];
    if y > 216.0 / 24389.0 { 116.0 * y.cbrt() - 16.0 } else { 24389.0 / 27.0 * y }
}

/// CIE76 distance, enough to compare liquid colours.
pub fn delta_e(a: Lab, b: Lab) -> f32 {
    ((a.l - b.l).powi(2) + (a.a - b.a).powi(2) + (a.b - b.b).powi(2)).sqrt()
}

/// A clustering: a colour id per sample and the centroid of each id.
#[derive(Debug, Clone)]
pub struct Clustering {
    pub ids: Vec<u8>,
    pub centroids: Vec<Lab>,
}

/// Clusters `samples` into `k` colours, each used at most `capacity` times
/// (exactly `capacity` when `exact`). Tries seeds until the counts fit.
pub fn cluster(
    samples: &[Lab],
    k: usize,
    capacity: usize,
    exact: bool,
    options: &ClusterOptions,
) -> Option<Clustering> {
    if samples.is_empty() || k == 0 || k > samples.len() {
        return None;
    }
    let mut best: Option<(f32, Clustering)> = None;
    for run in 0..options.runs_per_k {
        let result: Kmeans<Lab> = get_kmeans_hamerly(k, 50, 0.01, false, samples, options.seed + run);
        if result.centroids.len() != k {
            continue;
        }
        let mut counts = vec![0usize; k];
        for &i in &result.indices {
            counts[i as usize] += 1;
        }
        let ok = counts.iter().all(|&c| if exact { c == capacity } else { c >= 1 && c <= capacity });
        if ok && best.as_ref().is_none_or(|(score, _)| result.score < *score) {
            best =
                Some((result.score, Clustering { ids: result.indices.clone(), centroids: result.centroids.clone() }));
        }
    }
    best.map(|(_, c)| c).or_else(|| balanced(samples, k, capacity, exact))
}

/// A deterministic fallback when k-means cannot respect the counts (two
/// shades close together): greedy agglomeration that never merges past the
/// capacity, closest pairs first.
fn balanced(samples: &[Lab], k: usize, capacity: usize, exact: bool) -> Option<Clustering> {
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
    if exact && groups.iter().any(|g| g.len() != capacity) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lightness_is_cielab_lightness() {
        for rgb in [[0, 0, 0], [255, 255, 255], [128, 128, 128], [200, 30, 90], [3, 2, 1], [17, 250, 140]] {
            assert!((lightness(rgb) - to_lab(rgb).l).abs() < 0.05, "{rgb:?}: {} vs {}", lightness(rgb), to_lab(rgb).l);
        }
    }
}
