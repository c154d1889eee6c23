//! The game's vessel as a pattern of edges, and how well a place of the
//! picture matches it.
//!
//! Around the vessels of the row liquid shows best, the edges across and
//! down (walls, a round or flat bottom, a rim), leaving out the interior
//! (layer boundaries, balls and glyphs are what a vessel holds, not its
//! shape), give a template: their median, centred. A place matches by its
//! normalised correlation with it, and only when its edges are about as
//! strong; [`Template::shape`] gives the correlation and the strength
//! apart, for the faint vessels a row's spacing points to.

use super::median;
use super::tubes::Gradients;

/// How far the template reaches either side of a vessel's centre, in
/// half-widths of its interior: the walls and a little board beyond them.
pub(super) const TEMPLATE_REACH: f32 = 1.5;

/// The interior left out of the template, in half-widths either side of
/// the centre: the middle of the interior, clear of curved walls.
const INTERIOR_SHARE: f32 = 0.7;

/// Least edge strength at a place, as a share of the template's: faint
/// texture (paper, a photo) can echo the template's pattern. An empty
/// vessel's walls border glass where the template's border liquid, so they
/// may be weaker, but not by more than about half.
const MIN_SILHOUETTE_STRENGTH: f32 = 0.4;

/// The game's vessel as its edges show it: around a vessel whose interior
/// is centred at `cx` and rests on `bottom`, `reach` pixels either side,
/// from `height` rows above the bottom to `below` rows under it.
#[derive(Debug, Clone)]
pub(super) struct Template {
    pub reach: i64,
    pub height: i64,
    pub below: i64,
    /// Zero-mean values, edges across then edges down, row by row.
    values: Vec<f32>,
    /// Mean absolute edge strength before centring.
    strength: f32,
}

impl Template {
    /// The edges around a place, leaving out its interior (what a vessel
    /// holds is not its silhouette: layer boundaries, balls, glyphs), but
    /// keeping the walls, the bottom below the interior and the rim above.
    fn window(edges: &Gradients, cx: i64, bottom: i64, reach: i64, height: i64, below: i64) -> Vec<f32> {
        let inner = (reach as f32 * INTERIOR_SHARE / TEMPLATE_REACH) as i64;
        let (top, interior_top) = (bottom - height, bottom - height + 2 * below);
        let mut out = Vec::with_capacity(((2 * reach + 1) * (height + below) * 2) as usize);
        for field in [Gradients::across as fn(&Gradients, i64, i64) -> f32, Gradients::down] {
            for y in top..bottom + below {
                for x in cx - reach..=cx + reach {
                    let interior = (x - cx).abs() < inner && y >= interior_top && y < bottom - 1;
                    if !interior {
                        out.push(field(edges, x, y));
                    }
                }
            }
        }
        out
    }

    /// The median of the windows around `anchors` (centre, bottom).
    pub fn of(edges: &Gradients, anchors: &[(i64, i64)], reach: i64, height: i64, below: i64) -> Template {
        let windows: Vec<Vec<f32>> =
            anchors.iter().map(|&(cx, b)| Template::window(edges, cx, b, reach, height, below)).collect();
        let mut values: Vec<f32> =
            (0..windows[0].len()).map(|i| median(windows.iter().map(|w| w[i]).collect())).collect();
        let strength = values.iter().sum::<f32>() / values.len() as f32;
        for v in &mut values {
            *v -= strength;
        }
        Template { reach, height, below, values, strength }
    }

    /// How well the place centred at `cx`, resting on `bottom`, matches:
    /// the normalised correlation, or 0 when its edges are too faint.
    pub fn score(&self, edges: &Gradients, cx: i64, bottom: i64) -> f32 {
        let w = Template::window(edges, cx, bottom, self.reach, self.height, self.below);
        let mean = w.iter().sum::<f32>() / w.len() as f32;
        if mean < MIN_SILHOUETTE_STRENGTH * self.strength { 0.0 } else { self.correlation(&w, mean) }
    }

    /// The bottom, within the template's reach below a bottom (`below`)
    /// up or down from `bottom`, on which the places centred at `xs` match
    /// it best in sum (the nearest of equals): a row's liquid may end a few
    /// rows above its vessels' bottom, whose last rows, curved, blur into
    /// the glass.
    pub fn settled_bottom(&self, edges: &Gradients, xs: &[i64], bottom: u32) -> u32 {
        let fit = |b: i64| -> f32 { xs.iter().map(|&x| self.score(edges, x, b)).sum() };
        (-self.below..=self.below)
            .map(|db| (bottom as i64 + db, fit(bottom as i64 + db), db.abs()))
            .max_by(|p, q| p.1.total_cmp(&q.1).then(q.2.cmp(&p.2)))
            .map_or(bottom, |(b, _, _)| b.max(0) as u32)
    }

    /// How well the place's edges follow the template's pattern, however
    /// faint they are, and how strong they are as a share of the
    /// template's.
    pub fn shape(&self, edges: &Gradients, cx: i64, bottom: i64) -> (f32, f32) {
        let w = Template::window(edges, cx, bottom, self.reach, self.height, self.below);
        let mean = w.iter().sum::<f32>() / w.len() as f32;
        (self.correlation(&w, mean), mean / self.strength.max(1e-6))
    }

    fn correlation(&self, w: &[f32], mean: f32) -> f32 {
        let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
        for (&t, &v) in self.values.iter().zip(w) {
            let v = v - mean;
            ab += t * v;
            aa += t * t;
            bb += v * v;
        }
        if aa <= 1e-6 || bb <= 1e-6 { 0.0 } else { ab / (aa * bb).sqrt() }
    }
}
