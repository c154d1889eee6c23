//! The squares pictures of a picture of cards: the original with each card
//! marked with where it goes and how far to turn it, and the solved board
//! composed from the card crops themselves.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

use super::{ARROW_COLORS, FONT, INK, badge, fit_scale};
use crate::geometry::CardGrid;
use crate::imaging::resample::bilinear;
use crate::puzzle::squares::Placement;

/// Squares from a picture: the solved board composed from the card crops
/// themselves, each turned into place (the picture the player will see on
/// the table), `cell` pixels per card, with each card's number in a corner.
pub fn board(image: &RgbImage, grid: &CardGrid, placements: &[Placement], cell: u32) -> RgbImage {
    let gap = (cell / 40).max(2);
    let (rows, cols) = (grid.rows as u32, grid.cols as u32);
    let mut out =
        RgbImage::from_pixel(cols * cell + (cols + 1) * gap, rows * cell + (rows + 1) * gap, Rgb([24, 24, 24]));
    for p in placements {
        let quad = &grid.cards[p.card];
        let (x0, y0) = (gap + p.col as u32 * (cell + gap), gap + p.row as u32 * (cell + gap));
        for y in 0..cell {
            for x in 0..cell {
                // Undo the clockwise turns: shown (x, y) came from (u, v).
                let (mut u, mut v) = ((x as f32 + 0.5) / cell as f32, (y as f32 + 0.5) / cell as f32);
                for _ in 0..p.rotation.quarter_turns() {
                    (u, v) = (v, 1.0 - u);
                }
                let (sx, sy) = quad.point(u, v);
                out.put_pixel(x0 + x, y0 + y, Rgb(bilinear(image, sx - 0.5, sy - 0.5)));
            }
        }
        let r = cell as f32 * 0.09;
        badge(&mut out, (x0 as f32 + r * 1.4, y0 as f32 + r * 1.4), r, Rgb([30, 30, 30]), &(p.card + 1).to_string());
    }
    out
}

/// Squares from a picture: the original with each card's target square
/// (row and column, from 1) and how far to turn it, and a legend line.
pub fn annotated(image: &RgbImage, grid: &CardGrid, placements: &[Placement]) -> RgbImage {
    let mut out = image.clone();
    // One line at the top says how to read the labels.
    let legend = "Put each card at row R, column C (from the top left); ↻ turn clockwise, ↺ anticlockwise";
    let band = (out.height() as f32 * 0.05).max(14.0);
    let scale = fit_scale(legend, out.width() as f32 * 0.96, band * 0.7);
    let (width, end) = (out.width() as f32, (band as usize * image.width() as usize * 3).min(image.as_raw().len()));
    let raw: &mut [u8] = &mut out;
    for v in &mut raw[..end] {
        *v /= 5;
    }
    draw_text_mut(&mut out, INK, (width * 0.02) as i32, (band * 0.15) as i32, scale, &*FONT, legend);
    for p in placements {
        let quad = &grid.cards[p.card];
        let side = quad.side_length();
        let (cx, cy) = quad.centre();
        // Short, so it stays legible on small tiles: where, then how to turn.
        let turn = match p.rotation.quarter_turns() {
            0 => "keep",
            1 => "↻ 90°",
            2 => "↻ 180°",
            _ => "↺ 90°",
        }
        .to_string();
        let lines = [format!("R{} C{}", p.row + 1, p.col + 1), turn];
        let width = side * 0.8;
        let scale =
            lines.iter().map(|l| fit_scale(l, width * 0.9, side * 0.2)).min_by(|a, b| a.y.total_cmp(&b.y)).unwrap();
        let line_h = scale.y * 1.25;
        let (x0, y0) = (cx - width / 2.0, cy - line_h);
        let (w, h) = (out.width() as f32, out.height() as f32);
        let raw: &mut [u8] = &mut out;
        let stride = w as usize * 3;
        for y in y0.max(0.0) as usize..(y0 + 2.0 * line_h + scale.y * 0.3).min(h) as usize {
            for v in &mut raw[y * stride + x0.max(0.0) as usize * 3..y * stride + (x0 + width).min(w) as usize * 3] {
                *v /= 4;
            }
        }
        for (i, line) in lines.iter().enumerate() {
            let (tw, _) = text_size(scale, &*FONT, line);
            let color = if i == 1 && p.rotation.quarter_turns() != 0 { Rgb(ARROW_COLORS[0]) } else { INK };
            draw_text_mut(
                &mut out,
                color,
                (cx - tw as f32 / 2.0) as i32,
                (y0 + i as f32 * line_h + scale.y * 0.15) as i32,
                scale,
                &*FONT,
                line,
            );
        }
    }
    out
}
