//! Pictures of made-up Scrambled Squares sets, drawn from a random solvable
//! board: the card reader's round-trip tests use them. Each figure is one
//! colour; its two halves are visibly different shapes (a half disc with an
//! eye, a wedge). Cards are shuffled, turned, slightly tilted and laid out
//! in a grid on one of several backgrounds (plain, gradient, speckled).

use image::{Rgb, RgbImage};

use crate::imaging::resample::bilinear;
use crate::puzzle::squares::{Card, Edge, Half, SquaresPuzzle};
use crate::puzzle::water::SplitMix64;

/// Figure colours: far apart in CIELAB, so eight can share one board.
pub const FIGURE_COLORS: [[u8; 3]; 8] = [
    [220, 40, 40],
    [40, 90, 220],
    [250, 210, 30],
    [40, 170, 60],
    [150, 60, 200],
    [250, 130, 20],
    [30, 200, 210],
    [120, 70, 30],
];

/// How one made-up card set and table look.
#[derive(Debug, Clone, Copy)]
pub struct CardTheme {
    pub name: &'static str,
    pub face: [u8; 3],
    /// Background at the top and at the bottom, and speckle strength.
    pub background: ([u8; 3], [u8; 3], u8),
    /// A thin outline around each card, if any.
    pub outline: Option<[u8; 3]>,
}

pub const CARD_THEMES: [CardTheme; 3] = [
    CardTheme { name: "desk", face: [245, 242, 235], background: ([60, 45, 35], [80, 60, 45], 0), outline: None },
    CardTheme {
        name: "granite",
        face: [200, 225, 245],
        background: ([40, 40, 44], [55, 55, 60], 40),
        outline: Some([30, 30, 60]),
    },
    CardTheme {
        name: "gradient",
        face: [250, 235, 200],
        background: ([250, 250, 250], [215, 225, 235], 0),
        outline: Some([120, 90, 60]),
    },
];

/// A random board of `d` × `d` cards with `figures` figures that has at least
/// one solution: the solved board is built first, then shuffled and turned.
/// The cards are returned as they lie in the picture, in reading order.
pub fn random_board(d: usize, figures: usize, rng: &mut SplitMix64) -> SquaresPuzzle {
    let figures = figures.clamp(1, FIGURE_COLORS.len());
    let pick = |rng: &mut SplitMix64| {
        let figure = (rng.next_u64() % figures as u64) as u16;
        let half = if rng.next_u64().is_multiple_of(2) { Half::Head } else { Half::Tail };
        Edge::Figure { figure, half }
    };
    let flip = |e: Edge| match e {
        Edge::Figure { figure, half: Half::Head } => Edge::Figure { figure, half: Half::Tail },
        Edge::Figure { figure, half: Half::Tail } => Edge::Figure { figure, half: Half::Head },
        other => other,
    };
    // Solved board: edges[row][col] = [top, right, bottom, left].
    let mut solved = vec![[Edge::Border; 4]; d * d];
    for r in 0..d {
        for c in 0..d {
            let i = r * d + c;
            solved[i][0] = if r == 0 { pick(rng) } else { flip(solved[i - d][2]) };
            solved[i][3] = if c == 0 { pick(rng) } else { flip(solved[i - 1][1]) };
            solved[i][1] = pick(rng);
            solved[i][2] = pick(rng);
        }
    }
    // Shuffle (Fisher-Yates) and turn each card.
    for i in (1..solved.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        solved.swap(i, j);
    }
    let cards = solved
        .iter()
        .enumerate()
        .map(|(i, edges)| {
            let turn = (rng.next_u64() % 4) as usize;
            Card { name: format!("C{}", i + 1), edges: std::array::from_fn(|s| edges[(s + 4 - turn) % 4]) }
        })
        .collect();
    let names = ["RED", "BLUE", "YELLOW", "GREEN", "VIOLET", "ORANGE", "CYAN", "BROWN"];
    SquaresPuzzle::new(d, d, cards, names[..figures].iter().map(|s| s.to_string()).collect())
        .expect("a generated board is well formed")
}

/// One card drawn upright at `size` pixels.
pub fn draw_card(card: &Card, theme: &CardTheme, size: u32) -> RgbImage {
    let s = size as f32;
    let r = s * 0.24;
    RgbImage::from_fn(size, size, |x, y| {
        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
        if let Some(outline) = theme.outline {
            let m = px.min(py).min(s - px).min(s - py);
            if m < s * 0.015 {
                return Rgb(outline);
            }
        }
        for side in 0..4 {
            // Turn the card counter-clockwise `side` times: that side is on top.
            let (mut u, mut v) = (px, py);
            for _ in 0..side {
                (u, v) = (v, s - u);
            }
            let Edge::Figure { figure, half } = card.edges[side] else { continue };
            let color = FIGURE_COLORS[figure as usize % FIGURE_COLORS.len()];
            let du = u - s / 2.0;
            let inside = match half {
                Half::Head => du * du + v * v <= r * r,
                _ => du.abs() / r + v / (r * 1.3) <= 1.0,
            };
            if inside {
                // The head has a dark eye.
                let eye = (du + r * 0.3).powi(2) + (v - r * 0.5).powi(2) <= (r * 0.16).powi(2);
                return Rgb(if half == Half::Head && eye { [20, 20, 20] } else { color });
            }
        }
        // A grey ornament in the middle, which is no edge's business.
        let (cu, cv) = (px - s / 2.0, py - s / 2.0);
        if cu * cu + cv * cv <= (s * 0.12).powi(2) { Rgb([150, 150, 150]) } else { Rgb(theme.face) }
    })
}

/// The picture of a board's cards as they lie (reading order), with a
/// `card` pixel size, on a `theme` table. Cards are tilted by up to
/// `max_tilt_deg` and nudged by a few pixels.
pub fn draw_board(puzzle: &SquaresPuzzle, theme: &CardTheme, card: u32, max_tilt_deg: f32, seed: u64) -> RgbImage {
    let mut rng = SplitMix64(seed ^ 0xCA2D);
    let mut unit = move || (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
    let d = puzzle.width as u32;
    let gap = card / 6;
    let margin = card / 2;
    let side = 2 * margin + d * card + (d - 1) * gap;
    let (top, bottom, speckle) = theme.background;
    let mut img = RgbImage::from_fn(side, side, |_, y| {
        let t = y as f32 / side as f32;
        Rgb(std::array::from_fn(|i| (top[i] as f32 * (1.0 - t) + bottom[i] as f32 * t) as u8))
    });
    if speckle > 0 {
        let mut noise = SplitMix64(seed);
        for p in img.pixels_mut() {
            let n = (noise.next_u64() % (2 * speckle as u64 + 1)) as i32 - speckle as i32;
            for c in &mut p.0 {
                *c = (*c as i32 + n).clamp(0, 255) as u8;
            }
        }
    }
    for (i, c) in puzzle.cards.iter().enumerate() {
        let face = draw_card(c, theme, card);
        let (row, col) = (i as u32 / d, i as u32 % d);
        let cx = (margin + col * (card + gap) + card / 2) as f32 + (unit() - 0.5) * gap as f32 * 0.4;
        let cy = (margin + row * (card + gap) + card / 2) as f32 + (unit() - 0.5) * gap as f32 * 0.4;
        let angle = (unit() * 2.0 - 1.0) * max_tilt_deg.to_radians();
        paste_turned(&mut img, &face, cx, cy, angle);
    }
    img
}

/// Pastes `card` centred at (`cx`, `cy`), turned by `angle` radians, with
/// bilinear sampling.
fn paste_turned(img: &mut RgbImage, card: &RgbImage, cx: f32, cy: f32, angle: f32) {
    let s = card.width() as f32;
    let (sin, cos) = angle.sin_cos();
    let reach = s * 0.75;
    let (x0, x1) = ((cx - reach).max(0.0) as u32, ((cx + reach) as u32).min(img.width()));
    let (y0, y1) = ((cy - reach).max(0.0) as u32, ((cy + reach) as u32).min(img.height()));
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let u = cos * dx + sin * dy + s / 2.0 - 0.5;
            let v = -sin * dx + cos * dy + s / 2.0 - 0.5;
            if u < 0.0 || v < 0.0 || u > s - 1.0 || v > s - 1.0 {
                continue;
            }
            img.put_pixel(x, y, Rgb(bilinear(card, u, v)));
        }
    }
}
