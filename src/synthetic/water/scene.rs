//! What lies around the vessels: backgrounds from flat to photo-like, and
//! the user interface a game draws (a title, buttons, an advert) that the
//! reader must ignore.

use image::{Rgb, RgbImage};

use crate::puzzle::water::SplitMix64;

/// A background.
#[derive(Debug, Clone, PartialEq)]
pub enum Background {
    Flat([u8; 3]),
    /// Top colour, bottom colour.
    Gradient([u8; 3], [u8; 3]),
    /// A base colour with smooth noise of this amplitude and scale (pixels).
    Texture {
        base: [u8; 3],
        amplitude: f32,
        scale: f32,
        seed: u64,
    },
    /// A sky with clouds over land with texture: like a game's photo theme.
    Photo {
        sky: [u8; 3],
        land: [u8; 3],
        horizon: f32,
        seed: u64,
    },
    /// Off-white paper with fibre noise and faint ruled lines.
    Paper {
        tint: [u8; 3],
        seed: u64,
    },
}

pub fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    std::array::from_fn(|c| (a[c] as f32 * (1.0 - t) + b[c] as f32 * t).round().clamp(0.0, 255.0) as u8)
}

/// Smooth value noise in 0..1 at (x, y), cells `scale` pixels wide.
pub fn value_noise(seed: u64, x: f32, y: f32, scale: f32) -> f32 {
    let (gx, gy) = (x / scale, y / scale);
    let (x0, y0) = (gx.floor(), gy.floor());
    let (fx, fy) = (gx - x0, gy - y0);
    let corner = |i: i64, j: i64| {
        let mut h = SplitMix64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9) ^ (j as u64).wrapping_mul(0x85EB_CA6B));
        (h.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    };
    let (i, j) = (x0 as i64, y0 as i64);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (s(fx), s(fy));
    let top = corner(i, j) * (1.0 - sx) + corner(i + 1, j) * sx;
    let bottom = corner(i, j + 1) * (1.0 - sx) + corner(i + 1, j + 1) * sx;
    top * (1.0 - sy) + bottom * sy
}

/// Noise over three octaves, 0..1.
fn fractal(seed: u64, x: f32, y: f32, scale: f32) -> f32 {
    (value_noise(seed, x, y, scale) * 0.57
        + value_noise(seed + 1, x, y, scale / 2.0) * 0.29
        + value_noise(seed + 2, x, y, scale / 4.0) * 0.14)
        .clamp(0.0, 1.0)
}

fn shade(c: [u8; 3], by: f32) -> [u8; 3] {
    std::array::from_fn(|i| (c[i] as f32 + by).round().clamp(0.0, 255.0) as u8)
}

/// The background, `width` × `height`.
pub fn paint(background: &Background, width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        Rgb(match background {
            Background::Flat(c) => *c,
            Background::Gradient(a, b) => mix(*a, *b, fy / height as f32),
            Background::Texture { base, amplitude, scale, seed } => {
                shade(*base, (fractal(*seed, fx, fy, *scale) - 0.5) * 2.0 * amplitude)
            }
            Background::Photo { sky, land, horizon, seed } => {
                let h = horizon * height as f32;
                let ridge = h - fractal(*seed + 7, fx, 0.0, width as f32 / 3.0) * height as f32 * 0.12;
                if fy < ridge {
                    let sky_at = mix(*sky, mix(*sky, [255, 255, 255], 0.5), fy / h);
                    let cloud = fractal(*seed, fx, fy * 2.2, width as f32 / 4.0);
                    let cloud = ((cloud - 0.55) * 4.0).clamp(0.0, 0.85);
                    mix(sky_at, [250, 250, 252], cloud)
                } else {
                    let t = fractal(*seed + 3, fx, fy, width as f32 / 25.0);
                    shade(mix(*land, [30, 30, 30], (fy - ridge) / (height as f32 - ridge) * 0.4), (t - 0.5) * 70.0)
                }
            }
            Background::Paper { tint, seed } => {
                let fibre = fractal(*seed, fx, fy, 6.0) - 0.5;
                let ruled = (y % (height / 30).max(8)) == 0;
                let c = shade(*tint, fibre * 14.0);
                if ruled { mix(c, [150, 180, 210], 0.35) } else { c }
            }
        })
    })
}

/// What a game draws besides its vessels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interface {
    /// A title bar near the top.
    pub title: bool,
    /// A row of round buttons near the bottom.
    pub buttons: bool,
    /// An advert strip at the very bottom.
    pub advert: bool,
    pub accent: [u8; 3],
}

/// Draws the interface: a title bar, round buttons, an advert.
pub fn interface(img: &mut RgbImage, ui: &Interface, seed: u64) {
    let (w, h) = (img.width(), img.height());
    let mut fill = |x0: u32, y0: u32, x1: u32, y1: u32, c: [u8; 3], round: bool| {
        let (cx, cy, rx, ry) =
            ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0, (x1 - x0) as f32 / 2.0, (y1 - y0) as f32 / 2.0);
        for y in y0..y1.min(h) {
            for x in x0..x1.min(w) {
                let inside = !round || ((x as f32 - cx) / rx).powi(2) + ((y as f32 - cy) / ry).powi(2) <= 1.0;
                if inside {
                    img.put_pixel(x, y, Rgb(c));
                }
            }
        }
    };
    if ui.title {
        fill(w * 3 / 10, h * 4 / 100, w * 7 / 10, h * 8 / 100, mix(ui.accent, [255, 255, 255], 0.3), false);
        fill(w / 20, h * 4 / 100, w / 20 + w / 12, h * 4 / 100 + w / 12, ui.accent, true);
    }
    if ui.buttons {
        let d = w / 9;
        for k in 0..3 {
            let x0 = w / 2 - d * 2 + k * d * 3 / 2;
            fill(x0, h * 86 / 100, x0 + d, h * 86 / 100 + d, ui.accent, true);
            fill(x0 + d / 3, h * 86 / 100 + d / 3, x0 + 2 * d / 3, h * 86 / 100 + 2 * d / 3, [250, 250, 250], true);
        }
    }
    if ui.advert {
        let mut rng = SplitMix64(seed);
        let colours: Vec<[u8; 3]> = (0..4)
            .map(|_| [(rng.next_u64() % 256) as u8, (rng.next_u64() % 256) as u8, (rng.next_u64() % 256) as u8])
            .collect();
        let top = h * 94 / 100;
        fill(0, top, w, h, [245, 245, 245], false);
        for (k, c) in colours.iter().enumerate() {
            let x0 = w / 40 + k as u32 * w / 9;
            fill(x0, top + (h - top) / 5, x0 + w / 11, h - (h - top) / 5, *c, false);
        }
    }
}
