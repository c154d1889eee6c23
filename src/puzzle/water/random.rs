//! Seeded random levels (for tests, benches and the synthetic pictures),
//! and the tiny generator behind them.

use super::{ColorId, Tube, WaterError, WaterPuzzle, default_names};

/// Options for [`random_level`].
#[derive(Debug, Clone, Copy)]
pub struct RandomLevelOptions {
    pub n_colors: usize,
    pub n_empty: usize,
    pub capacity: usize,
    pub seed: u64,
}

/// A random level: every colour's layers shuffled over the filled tubes,
/// followed by the empty ones. Deterministic for a seed; it may be unsolvable.
pub fn random_level(options: RandomLevelOptions) -> Result<WaterPuzzle, WaterError> {
    let RandomLevelOptions { n_colors, n_empty, capacity, seed } = options;
    let mut layers: Vec<ColorId> =
        (0..n_colors).flat_map(|c| std::iter::repeat_n(ColorId(c as u8), capacity)).collect();
    let mut rng = SplitMix64(seed);
    for i in (1..layers.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        layers.swap(i, j);
    }
    let mut tubes: Vec<Tube> = layers.chunks(capacity.max(1)).map(Tube::of_colors).collect();
    tubes.extend((0..n_empty).map(|_| Tube::empty()));
    let names = default_names(n_colors);
    WaterPuzzle::new(capacity, tubes, names)
}

/// A tiny seeded generator (SplitMix64), enough for shuffles.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
