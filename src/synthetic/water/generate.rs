//! Themes no game uses, generated from a seed, and test cases drawn in them:
//! a level, its picture at a phone's size, JPEG-compressed and sometimes
//! shrunk, as a player would hand it over.
//!
//! Every choice is the seed's: the vessel's silhouette, the capacity (3 to
//! 7), the background (flat, gradient, texture, photo-like, paper), the
//! outline, glass and highlight streak, the decoration on complete vessels,
//! how hidden layers look, liquid or balls, the palette (dark colours and
//! near-identical pairs included), the interface, 1 to 3 rows, the picture's
//! size (360×800 to 1440×3200), JPEG quality 40 to 95 and halving.
//!
//! Tuning and testing use different seeds: [`TUNING_SEEDS`] for developing
//! the reader, [`TEST_SEEDS`] for judging it, so the themes it is judged on
//! are not the themes it was tuned on.

use std::ops::Range;

use image::RgbImage;
use palette::Lab;

use super::scene::{Background, Interface};
use super::vessel::{SHAPES, Shape};
use super::{Contents, Decoration, Glyph, Hidden, Theme, draw, layer_height, level_with, with_hidden_layers};
use crate::imaging::color::{delta_e, to_lab, to_rgb};
use crate::puzzle::water::{SplitMix64, WaterPuzzle};

/// Case seeds for tuning the reader.
pub const TUNING_SEEDS: Range<u64> = 0..1_000_000;
/// Case seeds for judging it: never used while tuning.
pub const TEST_SEEDS: Range<u64> = 1_000_000..2_000_000;

/// Levels drawn in each generated theme: a case's theme is that of its
/// seed divided by this.
pub const LEVELS_PER_THEME: u64 = 10;

/// Least ΔE between two colours of a palette, but for one near-identical
/// pair in some themes, which are at least [`NEAR_PAIR`] apart: closer,
/// people ask for a calibrated theme.
const MIN_PALETTE_DELTA_E: f32 = 24.0;
const NEAR_PAIR: f32 = 15.0;

/// Least ΔE between a liquid and what empty glass shows, and between a
/// liquid and the hidden layer's cell: a game whose liquid looks like its
/// empty glass could not be played.
const MIN_FROM_GLASS: f32 = 22.0;

/// Tries after which a palette stops asking for its dark colours or its
/// near pair, and as many more are made: the palettes that were complete
/// within these tries are left as they were (only themes 666 and 732 of
/// the first 1,000, and none of the test range's first 200, change).
const WISH_TRIES: usize = 20_000;

struct Rng(SplitMix64);

impl Rng {
    fn unit(&mut self) -> f32 {
        (self.0.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, a: f32, b: f32) -> f32 {
        a + (b - a) * self.unit()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
    fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
    fn colour(&mut self, l: (f32, f32), chroma: (f32, f32)) -> [u8; 3] {
        let (l, c, h) = (self.range(l.0, l.1), self.range(chroma.0, chroma.1), self.range(0.0, std::f32::consts::TAU));
        to_rgb(Lab::new(l, c * h.cos(), c * h.sin()))
    }
}

/// The colours empty glass can show in a theme: its background's colours
/// seen through the glass's tint.
fn glass_colours(background: &Background, glass: ([u8; 3], f32)) -> Vec<[u8; 3]> {
    let seen: Vec<[u8; 3]> = match background {
        Background::Flat(c) => vec![*c],
        Background::Gradient(a, b) => vec![*a, *b, super::mix(*a, *b, 0.5)],
        Background::Texture { base, amplitude, .. } => {
            let a = *amplitude;
            vec![*base, base.map(|v| (v as f32 + a).min(255.0) as u8), base.map(|v| (v as f32 - a).max(0.0) as u8)]
        }
        Background::Photo { sky, land, .. } => {
            vec![*sky, *land, [250, 250, 252], super::mix(*sky, [255, 255, 255], 0.5)]
        }
        Background::Paper { tint, .. } => vec![*tint],
    };
    seen.into_iter().map(|c| super::mix(c, glass.0, glass.1)).collect()
}

fn background(rng: &mut Rng) -> Background {
    let dark = rng.chance(0.45);
    let base = if dark { rng.colour((8.0, 30.0), (0.0, 35.0)) } else { rng.colour((62.0, 92.0), (0.0, 40.0)) };
    match rng.below(10) {
        0..=2 => Background::Flat(base),
        3..=5 => {
            let other = if dark { rng.colour((8.0, 35.0), (0.0, 45.0)) } else { rng.colour((55.0, 92.0), (0.0, 45.0)) };
            Background::Gradient(base, other)
        }
        6 | 7 => Background::Texture {
            base,
            amplitude: rng.range(6.0, 28.0),
            scale: rng.range(4.0, 60.0),
            seed: rng.0.next_u64(),
        },
        8 => Background::Photo {
            sky: rng.colour((55.0, 78.0), (25.0, 45.0)),
            land: rng.colour((25.0, 55.0), (10.0, 45.0)),
            horizon: rng.range(0.55, 0.95),
            seed: rng.0.next_u64(),
        },
        _ => Background::Paper { tint: rng.colour((88.0, 96.0), (2.0, 10.0)), seed: rng.0.next_u64() },
    }
}

/// A palette of `n` liquids for a theme whose empty glass shows `avoid`.
fn palette(rng: &mut Rng, n: usize, avoid: &[[u8; 3]], hidden: [u8; 3]) -> Vec<[u8; 3]> {
    let near_pair = rng.chance(0.3);
    let dark = rng.chance(0.4);
    let avoid: Vec<Lab> = avoid.iter().map(|&c| to_lab(c)).collect();
    let hidden = to_lab(hidden);
    let mut colours: Vec<[u8; 3]> = Vec::new();
    let mut tries = 0;
    while colours.len() < n && tries < 2 * WISH_TRIES {
        tries += 1;
        // A dark pair or a near pair that no candidate fits (both within
        // reach of the hidden cell's shade) is given up, rather than the
        // palette left with one colour for a level of several (themes 666
        // and 732 drew three colours of a level alike).
        let (dark, near_pair) = (dark && tries <= WISH_TRIES, near_pair && tries <= WISH_TRIES);
        let candidate = if dark && colours.len() < 2 {
            rng.colour((18.0, 32.0), (8.0, 40.0))
        } else if near_pair && colours.len() == 1 {
            // A shade of the first colour.
            let first = to_lab(colours[0]);
            let (dl, da, db) = (rng.range(-9.0, 9.0), rng.range(-9.0, 9.0), rng.range(-9.0, 9.0));
            to_rgb(Lab::new(first.l + dl, first.a + da, first.b + db))
        } else {
            rng.colour((30.0, 88.0), (35.0, 100.0))
        };
        let lab = to_lab(candidate);
        let pair = near_pair && colours.len() == 1;
        let far_enough = colours.iter().enumerate().all(|(i, &c)| {
            let d = delta_e(lab, to_lab(c));
            if pair && i == 0 { (NEAR_PAIR..MIN_PALETTE_DELTA_E).contains(&d) } else { d >= MIN_PALETTE_DELTA_E }
        });
        let unlike_glass =
            avoid.iter().all(|&g| delta_e(lab, g) >= MIN_FROM_GLASS) && delta_e(lab, hidden) >= MIN_FROM_GLASS;
        if far_enough && unlike_glass {
            colours.push(candidate);
        }
    }
    colours
}

/// The theme of generated theme `seed`.
pub fn theme(seed: u64) -> Theme {
    let mut rng = Rng(SplitMix64(seed ^ 0x7E3A_11F0));
    let balls = rng.chance(0.12);
    let hand_drawn = !balls && rng.chance(0.08);
    let shape = if balls || hand_drawn {
        [Shape::RoundTube, Shape::FlatTube][rng.below(2)]
    } else {
        SHAPES[rng.below(SHAPES.len())]
    };
    let capacity = 3 + rng.below(if balls { 4 } else { 5 });
    let background = if hand_drawn {
        Background::Paper { tint: rng.colour((90.0, 97.0), (2.0, 8.0)), seed: rng.0.next_u64() }
    } else {
        background(&mut rng)
    };
    let light_scene = glass_colours(&background, ([255, 255, 255], 0.0)).iter().all(|&c| to_lab(c).l > 50.0);
    let outline = if hand_drawn {
        rng.colour((15.0, 35.0), (0.0, 30.0))
    } else if light_scene {
        if rng.chance(0.5) { rng.colour((20.0, 55.0), (0.0, 30.0)) } else { [255, 255, 255] }
    } else {
        rng.colour((75.0, 100.0), (0.0, 15.0))
    };
    let glass = ([255, 255, 255], rng.range(0.03, 0.3));
    let hidden_cell = rng.colour((12.0, 30.0), (0.0, 18.0));
    let hidden = Hidden {
        cell: hidden_cell,
        glyph: if rng.chance(0.8) { [250, 250, 250] } else { rng.colour((75.0, 90.0), (0.0, 30.0)) },
        style: if rng.chance(0.5) { Glyph::Font } else { Glyph::Bar },
    };
    let palette = palette(&mut rng, 12, &glass_colours(&background, glass), hidden_cell);
    let decoration = match rng.below(6) {
        0 | 1 => Decoration::None,
        2 => Decoration::Cork,
        3 => Decoration::Cap(rng.colour((30.0, 70.0), (20.0, 60.0))),
        4 => Decoration::Straw(rng.colour((45.0, 70.0), (40.0, 80.0))),
        _ => Decoration::Flower,
    };
    let headroom = if rng.chance(0.15) { 0.0 } else { rng.range(0.15, 0.9) };
    Theme {
        name: format!("generated-{seed}"),
        shape,
        capacity,
        palette,
        background,
        outline,
        outline_fraction: if hand_drawn { 0.025 } else { rng.range(0.03, 0.1) },
        glass,
        highlight: if rng.chance(0.5) { rng.range(0.2, 0.5) } else { 0.0 },
        headroom,
        unit_to_width: rng.range(0.45, 1.0),
        decoration: if balls { Decoration::None } else { decoration },
        hidden,
        contents: if balls { Contents::Balls } else { Contents::Liquid },
        meniscus: !balls && rng.chance(0.5),
        wobble: if hand_drawn { rng.range(0.8, 2.0) } else { 0.0 },
        per_row: 4 + rng.below(5),
        interface: rng.chance(0.8).then(|| Interface {
            title: rng.chance(0.7),
            buttons: rng.chance(0.6),
            advert: rng.chance(0.3),
            accent: rng.colour((40.0, 80.0), (30.0, 80.0)),
        }),
    }
}

/// One test case: a level drawn in a generated theme, as a user hands it
/// over.
#[derive(Debug, Clone)]
pub struct Case {
    pub seed: u64,
    pub theme: Theme,
    pub level: WaterPuzzle,
    pub picture: RgbImage,
    /// JPEG quality, or `None` for a PNG.
    pub quality: Option<u8>,
    pub halved: bool,
    /// The height of one layer in `picture`, in pixels.
    pub layer_height: f32,
}

/// The case of `seed`: its theme is generated theme `seed / LEVELS_PER_THEME`.
pub fn case(seed: u64) -> Case {
    let theme = theme(seed / LEVELS_PER_THEME);
    let mut rng = Rng(SplitMix64(seed ^ 0xCA5E));
    let n_colors = 3 + rng.below(theme.palette.len().clamp(3, 12) - 2);
    let n_empty = 1 + rng.below(3);
    let mut level = level_with(&theme, n_colors, n_empty, &mut rng.0, seed);
    if rng.chance(0.15) {
        level = with_hidden_layers(&level);
    }
    let width = [360, 540, 720, 1080, 1440][rng.below(5)];
    let height = (width as f32 * rng.range(1.9, 2.3)) as u32;
    let drawn = draw(&level, &theme, width, height);
    let quality = rng.chance(0.7).then(|| 40 + rng.below(56) as u8);
    let halved = rng.chance(0.25);
    let picture = if halved {
        image::imageops::resize(&drawn, drawn.width() / 2, drawn.height() / 2, image::imageops::FilterType::Triangle)
    } else {
        drawn
    };
    let layer_height = layer_height(&theme, level.tubes().len(), width, height) / if halved { 2.0 } else { 1.0 };
    Case { seed, picture: compressed(picture, quality), theme, level, quality, halved, layer_height }
}

/// A picture as a user would give it: JPEG-compressed at `quality` (none
/// for PNG).
fn compressed(img: RgbImage, quality: Option<u8>) -> RgbImage {
    match quality {
        None => img,
        Some(q) => {
            let mut bytes = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, q)
                .encode_image(&img)
                .expect("JPEG encodes an RGB picture");
            image::load_from_memory(&bytes).expect("a JPEG just written decodes").to_rgb8()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_a_whole_palette_even_when_its_dark_or_near_pair_cannot_be_had() {
        // Themes 666 and 732 once drew a level of three colours in one
        // colour: their palettes stopped at one, looking for a dark second.
        for seed in 600..800 {
            assert_eq!(theme(seed).palette.len(), 12, "theme {seed}");
        }
    }
}
