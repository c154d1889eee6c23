//! Finding the cards when they nearly touch: product shots with hairline
//! gutters and drop shadows, or a solved board whose cards meet. Blobs do
//! not separate there, but every card border is a long straight line, so
//! the column sums of horizontal contrast (and row sums of vertical
//! contrast) peak at the borders. A grid of `d` cards of side `s` with gaps
//! `g` puts `2d` peaks at `x0 + i(s + g)` and `x0 + i(s + g) + s`; the
//! template that collects the most contrast, per line, is the grid.

use image::RgbImage;

/// A regular grid of card borders along one axis: where card `i` starts
/// and ends, in the profile's pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lines {
    pub count: usize,
    pub start: f32,
    pub side: f32,
    pub gap: f32,
    /// Mean contrast per line, in units of the profile's spread.
    pub strength: f32,
}

impl Lines {
    pub fn span(&self, i: usize) -> (f32, f32) {
        let a = self.start + i as f32 * (self.side + self.gap);
        (a, a + self.side)
    }
}

/// Contrast profiles: per column, the summed |horizontal difference|; per
/// row, the summed |vertical difference|. Each is high-passed (minus a
/// running median) so texture does not count, only lines.
pub fn profiles(img: &RgbImage) -> (Vec<f32>, Vec<f32>) {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let luma: Vec<f32> =
        img.pixels().map(|p| 0.299 * p.0[0] as f32 + 0.587 * p.0[1] as f32 + 0.114 * p.0[2] as f32).collect();
    let mut cols = vec![0.0f32; w];
    let mut rows = vec![0.0f32; h];
    for (y, row_sum) in rows.iter_mut().enumerate().take(h.saturating_sub(1)).skip(1) {
        for (x, col_sum) in cols.iter_mut().enumerate().take(w.saturating_sub(1)).skip(1) {
            let i = y * w + x;
            let gx = (luma[i + 1] - luma[i - 1]).abs();
            let gy = (luma[i + w] - luma[i - w]).abs();
            // Only edges that run along the axis: a border is straight.
            if gx > 2.0 * gy {
                *col_sum += gx;
            }
            if gy > 2.0 * gx {
                *row_sum += gy;
            }
        }
    }
    (high_pass(&cols), high_pass(&rows))
}

fn high_pass(p: &[f32]) -> Vec<f32> {
    let r = (p.len() / 60).max(3);
    (0..p.len())
        .map(|i| {
            let mut window: Vec<f32> = p[i.saturating_sub(r)..(i + r + 1).min(p.len())].to_vec();
            window.sort_by(f32::total_cmp);
            (p[i] - window[window.len() / 2]).max(0.0)
        })
        .collect()
}

/// The grid along a profile: for each card count, the template with the
/// most contrast per line; then the largest count that keeps at least
/// three quarters of the best strength (a 3×3 grid also fits a 2-card
/// template on four of its six borders, nearly as strongly). `None` when
/// no template stands out from the profile's spread.
pub fn fit(profile: &[f32], counts: &[usize]) -> Option<Lines> {
    let per_count: Vec<Lines> = counts.iter().filter_map(|&c| fit_count(profile, c)).collect();
    let strongest = per_count.iter().map(|l| l.strength).fold(0.0, f32::max);
    per_count.into_iter().filter(|l| l.strength >= 0.75 * strongest && l.strength >= 2.5).max_by_key(|l| l.count)
}

fn fit_count(profile: &[f32], count: usize) -> Option<Lines> {
    let n = profile.len();
    if n < 16 || count < 1 {
        return None;
    }
    // Contrast near a position (a border may be blurred over two pixels).
    let at = |x: f32| {
        let i = x.round() as isize;
        (i - 1..=i + 1).filter(|&j| j >= 0 && (j as usize) < n).map(|j| profile[j as usize]).fold(0.0, f32::max)
    };
    let mean = profile.iter().sum::<f32>() / n as f32;
    let spread = (profile.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / n as f32).sqrt().max(1e-3);
    let c = count as f32;
    let mut best: Option<Lines> = None;
    // Cards fill at least 60% of the axis.
    let min_side = (n as f32 * 0.6 / c).max(8.0) as usize;
    let max_side = n / count;
    for side in min_side..=max_side {
        let s = side as f32;
        let max_gap = if count == 1 { 0 } else { ((n as f32 - c * s) / (c - 1.0)).min(s * 0.3).max(0.0) as usize };
        for gap in 0..=max_gap {
            let g = gap as f32;
            let total = c * s + (c - 1.0) * g;
            let mut start = 0.0;
            while start + total <= n as f32 - 1.0 {
                let mut score = 0.0;
                for i in 0..count {
                    let a = start + i as f32 * (s + g);
                    score += at(a) + at(a + s);
                }
                let strength = score / (2.0 * c) / spread;
                if best.is_none_or(|b| strength > b.strength) {
                    best = Some(Lines { count, start, side: s, gap: g, strength });
                }
                start += 1.0;
            }
        }
    }
    best
}
