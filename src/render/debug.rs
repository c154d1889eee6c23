//! The `--debug` pictures: what a reader saw, drawn on the player's picture,
//! so a user can tell why a read went wrong.
//!
//! Water sort: tube outlines in magenta, slot boundaries in cyan, and beside
//! each slot a swatch of its sample: the colour read, a white cross for a
//! hidden layer, nothing for empty. Squares: each card's outline in magenta
//! and, on each side, how the most likely reading grouped that edge.

use image::{Rgb, RgbImage};

use super::{ARROW_COLORS, badge};
use crate::geometry::{CardGrid, Rect, SlotSample, TubeLayout};
use crate::puzzle::squares::{Edge, Half, SquaresPuzzle};

const OUTLINE: Rgb<u8> = Rgb([255, 0, 255]);
const SLOT: Rgb<u8> = Rgb([0, 255, 255]);
/// The frame around what a refused reading doubted (a tube, a row, a slot).
const DOUBT: Rgb<u8> = Rgb([255, 140, 0]);

fn hline(img: &mut RgbImage, x0: u32, x1: u32, y: u32, color: Rgb<u8>) {
    if y < img.height() {
        for x in x0..x1.min(img.width()) {
            img.put_pixel(x, y, color);
        }
    }
}

fn vline(img: &mut RgbImage, x: u32, y0: u32, y1: u32, color: Rgb<u8>) {
    if x < img.width() {
        for y in y0..y1.min(img.height()) {
            img.put_pixel(x, y, color);
        }
    }
}

fn rect(img: &mut RgbImage, r: &Rect, color: Rgb<u8>, thickness: u32) {
    for t in 0..thickness {
        hline(img, r.x0, r.x1, r.y0 + t, color);
        hline(img, r.x0, r.x1, r.y1.saturating_sub(1 + t), color);
        vline(img, r.x0 + t, r.y0, r.y1, color);
        vline(img, r.x1.saturating_sub(1 + t), r.y0, r.y1, color);
    }
}

/// A water-sort screenshot with what the reader saw drawn on it: per tube
/// its outline and slots, and what each slot was taken for.
pub fn water(image: &RgbImage, tubes: &[TubeLayout], samples: &[Vec<SlotSample>], doubtful: &[Rect]) -> RgbImage {
    let mut out = image.clone();
    let thickness = (image.width() / 400).max(1);
    // What a refused reading doubted, framed first so the outlines stay on top.
    for place in doubtful {
        let pad = thickness * 3;
        let framed = Rect {
            x0: place.x0.saturating_sub(pad),
            y0: place.y0.saturating_sub(pad),
            x1: place.x1 + pad,
            y1: place.y1 + pad,
        };
        rect(&mut out, &framed, DOUBT, thickness * 3);
    }
    for (tube, tube_samples) in tubes.iter().zip(samples) {
        rect(&mut out, &tube.outer, OUTLINE, thickness);
        let swatch = (tube.outer.width() / 4).max(3);
        for (slot, sample) in tube.slots.iter().zip(tube_samples) {
            hline(&mut out, slot.x0, slot.x1, slot.y0, SLOT);
            let (cx, cy) = (slot.x1 + 1, (slot.y0 + slot.y1) / 2);
            let square = Rect { x0: cx, y0: cy.saturating_sub(swatch / 2), x1: cx + swatch, y1: cy + swatch / 2 };
            match sample {
                SlotSample::Color(c) => {
                    for y in square.y0..square.y1.min(out.height()) {
                        hline(&mut out, square.x0, square.x1, y, Rgb(*c));
                    }
                    rect(&mut out, &square, Rgb([255, 255, 255]), 1);
                }
                SlotSample::Hidden => {
                    for i in 0..swatch {
                        for (x, y) in [(square.x0 + i, square.y0 + i), (square.x1 - 1 - i, square.y0 + i)] {
                            if x < out.width() && y < out.height() {
                                out.put_pixel(x, y, Rgb([255, 255, 255]));
                            }
                        }
                    }
                }
                SlotSample::Empty => {}
            }
        }
    }
    out
}

/// The `--debug` picture of a picture of cards: each card's outline as found and, on
/// each side, the edge as the most likely reading (`first`) has it (`H2` / `T2`: head
/// or tail of figure 2; `=5`: pattern 5), so a user can see which edges were
/// grouped together.
pub fn squares(image: &RgbImage, grid: &CardGrid, first: Option<&SquaresPuzzle>) -> RgbImage {
    let mut out = image.clone();
    for (i, quad) in grid.cards.iter().enumerate() {
        let side = quad.side_length();
        let thick = (side / 80.0).max(1.0) as i32;
        for k in 0..4 {
            let (a, b) = (quad.corners[k], quad.corners[(k + 1) % 4]);
            for o in -thick..=thick {
                let o = o as f32;
                imageproc::drawing::draw_line_segment_mut(&mut out, (a.0 + o, a.1), (b.0 + o, b.1), Rgb([255, 0, 255]));
                imageproc::drawing::draw_line_segment_mut(&mut out, (a.0, a.1 + o), (b.0, b.1 + o), Rgb([255, 0, 255]));
            }
        }
        let Some(puzzle) = first else { continue };
        let card = &puzzle.cards[i];
        // Edge label centres: a fifth of the way in from each side.
        let spots = [(0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5)];
        for (k, &(u, v)) in spots.iter().enumerate() {
            let text = match card.edges[k] {
                Edge::Figure { figure, half: Half::Head } => format!("H{}", figure + 1),
                Edge::Figure { figure, half: Half::Tail } => format!("T{}", figure + 1),
                Edge::Figure { figure, .. } => format!("={}", figure + 1),
                Edge::Border => "B".to_string(),
            };
            let r = side * 0.07;
            let fill = Rgb(ARROW_COLORS[match card.edges[k] {
                Edge::Figure { figure, .. } => figure as usize % ARROW_COLORS.len(),
                Edge::Border => 0,
            }]);
            badge(&mut out, quad.point(u, v), r, fill, &text);
        }
    }
    out
}
