//! Screenshots of made-up water-sort games, drawn from a level: the reader's
//! round-trip tests and the bundled synthetic sample use them. Three themes
//! that no real game uses (gradient and paper backgrounds, thin and thick
//! outlines, round and flat bottoms, capacities 4 and 5), with a title bar
//! and buttons the reader must ignore.

use image::{Rgb, RgbImage};

use crate::puzzle::water::{Layer, Pour, RandomLevelOptions, SplitMix64, WaterPuzzle, random_level};

/// How one made-up game looks.
pub struct Theme {
    pub name: &'static str,
    /// Background at the top and at the bottom (a vertical gradient).
    pub background: ([u8; 3], [u8; 3]),
    pub outline: [u8; 3],
    /// Outline thickness as a fraction of the tube width.
    pub outline_fraction: f32,
    /// The tint of empty glass, mixed with the background.
    pub glass: ([u8; 3], f32),
    pub round_bottom: bool,
    pub capacity: usize,
    pub palette: &'static [[u8; 3]],
}

const VIVID: &[[u8; 3]] = &[
    [230, 40, 40],
    [245, 140, 20],
    [250, 225, 40],
    [60, 200, 60],
    [40, 210, 230],
    [40, 80, 230],
    [150, 50, 210],
    [240, 90, 190],
    [130, 80, 30],
    [170, 240, 120],
];

pub const THEMES: [Theme; 3] = [
    Theme {
        name: "night",
        background: ([16, 24, 40], [30, 40, 70]),
        outline: [200, 200, 210],
        outline_fraction: 0.07,
        glass: ([255, 255, 255], 0.06),
        round_bottom: true,
        capacity: 4,
        palette: VIVID,
    },
    Theme {
        name: "paper",
        background: ([239, 230, 210], [225, 215, 190]),
        outline: [90, 60, 40],
        outline_fraction: 0.05,
        glass: ([255, 255, 255], 0.3),
        round_bottom: false,
        capacity: 5,
        palette: &[
            [200, 30, 30],
            [230, 120, 0],
            [30, 150, 40],
            [20, 140, 190],
            [30, 50, 170],
            [120, 30, 160],
            [220, 60, 150],
            [90, 60, 20],
        ],
    },
    Theme {
        name: "dusk",
        background: ([90, 40, 120], [20, 110, 120]),
        outline: [255, 255, 255],
        outline_fraction: 0.1,
        glass: ([200, 220, 255], 0.12),
        round_bottom: true,
        capacity: 4,
        palette: VIVID,
    },
];

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    std::array::from_fn(|c| (a[c] as f32 * (1.0 - t) + b[c] as f32 * t).round() as u8)
}

/// Draws a level: tubes in one or two rows, layers from the bottom, empty
/// glass, outlines, a decoration band at the top (a title bar) and buttons
/// at the bottom, which the reader must ignore.
pub fn draw(level: &WaterPuzzle, theme: &Theme, width: u32, height: u32) -> RgbImage {
    let mut img = RgbImage::from_fn(width, height, |_, y| {
        Rgb(mix(theme.background.0, theme.background.1, y as f32 / height as f32))
    });
    // Title bar and two buttons: shapes that are not tubes.
    for y in height / 20..height / 10 {
        for x in width / 4..width * 3 / 4 {
            img.put_pixel(x, y, Rgb(mix(theme.outline, theme.background.0, 0.5)));
        }
    }
    for bx in [width / 8, width * 5 / 8] {
        for y in height * 88 / 100..height * 94 / 100 {
            for x in bx..bx + width / 4 {
                img.put_pixel(x, y, Rgb([240, 200, 40]));
            }
        }
    }
    let n = level.tubes().len() as u32;
    let rows = if n > 6 { 2 } else { 1 };
    let per_row = n.div_ceil(rows);
    let pitch = width / (per_row + 1);
    let tube_w = pitch * 55 / 100;
    let cap = theme.capacity as u32;
    let layer_h = (tube_w as f32 * 0.8).min(height as f32 * 0.55 / (rows as f32 * (cap as f32 + 1.0)));
    let tube_h = (layer_h * (cap as f32 + 0.7)) as u32;
    let outline = ((tube_w as f32 * theme.outline_fraction).round() as u32).max(2);
    for (i, tube) in level.tubes().iter().enumerate() {
        let (row, col) = (i as u32 / per_row, i as u32 % per_row);
        let in_row = if row + 1 == rows { n - per_row * (rows - 1) } else { per_row };
        let offset = (width - in_row * pitch) / 2 + pitch / 2;
        let x0 = offset + col * pitch - tube_w / 2;
        let y0 = height * 22 / 100 + row * (tube_h + height / 10);
        let radius = tube_w as f32 / 2.0;
        let bottom = y0 + tube_h;
        // Inside the tube shape, shrunk by `inset` pixels.
        let inside = |x: u32, y: u32, inset: f32| {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let (left, right) = (x0 as f32 + inset, (x0 + tube_w) as f32 - inset);
            if fx < left || fx > right || fy < y0 as f32 {
                return false;
            }
            if theme.round_bottom {
                let cy = bottom as f32 - radius;
                fy <= cy || ((fx - (x0 as f32 + radius)).powi(2) + (fy - cy).powi(2)).sqrt() <= radius - inset
            } else {
                fy <= bottom as f32 - inset
            }
        };
        for y in y0..=bottom {
            for x in x0..x0 + tube_w {
                if !inside(x, y, 0.0) {
                    continue;
                }
                let color = if !inside(x, y, outline as f32) {
                    theme.outline
                } else {
                    // Which slot this row belongs to, from the liquid's bottom.
                    let from_bottom = (bottom - outline) as f32 - y as f32;
                    let k = (from_bottom / layer_h).floor().max(0.0) as usize;
                    let bg = img.get_pixel(x, y).0;
                    match tube.layers.get(k) {
                        Some(Layer::Color(c)) => theme.palette[c.0 as usize],
                        Some(Layer::Hidden) => {
                            // A dark cell with a white glyph: a bar and a dot
                            // in the middle of the slot.
                            let in_slot = from_bottom / layer_h - k as f32;
                            let dx = (x as f32 + 0.5 - (x0 as f32 + radius)).abs() / tube_w as f32;
                            let bar = dx < 0.07 && (0.45..0.8).contains(&in_slot);
                            let dot = dx < 0.07 && (0.25..0.35).contains(&in_slot);
                            if bar || dot { [250, 250, 250] } else { [58, 58, 60] }
                        }
                        None => mix(bg, theme.glass.0, theme.glass.1),
                    }
                };
                img.put_pixel(x, y, Rgb(color));
            }
        }
    }
    img
}

/// A random level, then a few random legal pours so tubes are partly full.
pub fn scrambled_level(theme: &Theme, seed: u64) -> WaterPuzzle {
    let mut rng = SplitMix64(seed);
    let n_colors = 3 + (rng.next_u64() % (theme.palette.len() as u64 - 2)) as usize;
    let mut level = random_level(RandomLevelOptions { n_colors, n_empty: 2, capacity: theme.capacity, seed }).unwrap();
    let n = level.tubes().len();
    for _ in 0..(rng.next_u64() % 6) {
        let pour = Pour { from: (rng.next_u64() % n as u64) as usize, to: (rng.next_u64() % n as u64) as usize };
        let _ = level.apply(pour);
    }
    level
}
