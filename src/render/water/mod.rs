//! The water-sort overlay: the player's own screenshot with the solution
//! drawn on it.
//!
//! Every tube gets its number in a dark badge just below it; each move of a
//! page is a thick, outlined arrow in its own colour that runs beside the
//! tubes, never across one, from the source to the target, with the move's
//! number in a badge on it; a legend lists the page's moves ("1. 3 → 7").
//! Where everything goes, and how many moves a page holds so that nothing
//! overlaps, is [`pages`]' work; this file only draws it. Long solutions
//! are split into pages of a few moves. When the marks or the legend do not
//! fit the screenshot, the picture grows a dark band above or below it.
//! Later pages show the tubes as they will be ([`state`]). [`frames`] draws
//! one picture per move and [`write_gif`] the whole plan as an animation.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut, draw_text_mut};
use imageproc::point::Point;
use imageproc::rect::Rect as PixelRect;

mod gif;
pub mod pages;
pub mod route;
mod state;

use super::{ARROW_COLORS, FONT, INK, Pt, SHADOW, badge_with, fit_scale};
use crate::geometry::Layout;
use crate::puzzle::water::{Pour, WaterPuzzle};
pub use gif::write_gif;
use pages::{Arrow, Pages, legend_columns, legend_text, wrap};
use state::{paint_state, state_after};

/// Options for the overlay.
#[derive(Debug, Clone, Copy)]
pub struct RenderOptions {
    /// The most moves drawn on one page (a page holds fewer when more
    /// would overlap).
    pub moves_per_page: usize,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { moves_per_page: 5 }
    }
}

/// What the legend says besides the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Headline {
    /// A full solution of `total` moves.
    Solved { total: usize },
    /// A plan that ends at a reveal: play it, then take a new screenshot.
    UntilReveal { total: usize },
    /// No solution, with a sentence on one more tube.
    NoSolution { message: String },
}

/// The colour of a page's `i`th arrow (its badge and legend dot too).
fn arrow_color(i: usize) -> Rgb<u8> {
    Rgb(ARROW_COLORS[i % ARROW_COLORS.len()])
}

/// The fill of the bands a page grows above or below the screenshot.
const BAND: Rgb<u8> = Rgb([22, 22, 26]);

/// A move as a legend line: "3. 4 → 13".
fn move_line(number: usize, pour: &Pour) -> String {
    format!("{number}. {} → {}", pour.from + 1, pour.to + 1)
}

/// Lays out the pages of a plan.
pub fn overlay_geometry(layout: &Layout, moves: &[Pour], headline: &Headline, options: &RenderOptions) -> Pages {
    pages::lay_out_pages(layout, moves, options.moves_per_page, |page, count, first, page_moves| {
        let total_moves = page_moves.len();
        let mut lines = vec![match headline {
            Headline::Solved { total } if count > 1 && total_moves == 1 => {
                format!("Move {} of {total} (page {}/{count})", first + 1, page + 1)
            }
            Headline::Solved { total } if count > 1 => {
                format!("Moves {}–{} of {total} (page {}/{count})", first + 1, first + total_moves, page + 1)
            }
            Headline::Solved { total } => format!("Solution: {total} moves"),
            Headline::UntilReveal { total: 1 } => "Play move 1, then take a new screenshot".to_string(),
            Headline::UntilReveal { total } if count == 1 => {
                format!("Play moves 1–{total}, then take a new screenshot")
            }
            Headline::UntilReveal { total } => {
                format!("Play moves 1–{total}, then take a new screenshot (page {}/{count})", page + 1)
            }
            Headline::NoSolution { message } => message.clone(),
        }];
        lines.extend(page_moves.iter().enumerate().map(|(i, m)| move_line(first + i + 1, m)));
        lines
    })
}

/// The geometry of one picture per move ("Move 3 of 41").
fn frame_geometry(layout: &Layout, moves: &[Pour]) -> Pages {
    let total = moves.len();
    pages::lay_out_pages(layout, moves, 1, |_, _, first, page_moves| {
        let mut lines = vec![format!("Move {} of {total}", first + 1)];
        lines.extend(page_moves.iter().map(|m| move_line(first + 1, m)));
        lines
    })
}

/// Draws every page of a plan onto copies of the screenshot. Page `p` shows
/// the tubes as they will be when the player reaches its first move.
pub fn render(
    image: &RgbImage,
    layout: &Layout,
    puzzle: &WaterPuzzle,
    moves: &[Pour],
    headline: &Headline,
    options: &RenderOptions,
) -> Vec<RgbImage> {
    let mut pages = Vec::new();
    render_each(image, layout, puzzle, moves, headline, options, |_, page| {
        pages.push(page.clone());
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    pages
}

/// Like [`render`], but hands each page to `sink` as it is drawn, in one
/// reused buffer: a fresh 1080×2400 image per page cost 4 ms of page faults
/// each, more than drawing it (measured in benches/pipeline.rs).
pub fn render_each<E>(
    image: &RgbImage,
    layout: &Layout,
    puzzle: &WaterPuzzle,
    moves: &[Pour],
    headline: &Headline,
    options: &RenderOptions,
    mut sink: impl FnMut(usize, &RgbImage) -> Result<(), E>,
) -> Result<usize, E> {
    let pages = overlay_geometry(layout, moves, headline, options);
    let mut state_picture = image.clone();
    let mut canvas = RgbImage::new(pages.width, pages.height);
    let mut played = 0;
    for (p, page) in pages.pages.iter().enumerate() {
        let state = state_after(puzzle, &moves[..played.min(moves.len())]);
        paint_state(&mut state_picture, image, layout, puzzle, &state);
        place(&mut canvas, &state_picture, &pages);
        draw_page(&mut canvas, &pages, p);
        sink(p, &canvas)?;
        played += page.arrows.len();
    }
    Ok(pages.pages.len())
}

/// One picture per move: the tubes after it, with its arrow and a legend
/// line ("Move 3 of 41").
pub fn frames(image: &RgbImage, layout: &Layout, puzzle: &WaterPuzzle, moves: &[Pour]) -> Vec<RgbImage> {
    let mut frames = Vec::new();
    frames_each(image, layout, puzzle, moves, |_, frame| {
        frames.push(frame.clone());
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    frames
}

/// Like [`frames`], but hands each frame to `sink` as it is drawn, in one
/// reused buffer, so memory does not grow with the number of moves.
pub fn frames_each<E>(
    image: &RgbImage,
    layout: &Layout,
    puzzle: &WaterPuzzle,
    moves: &[Pour],
    mut sink: impl FnMut(usize, &RgbImage) -> Result<(), E>,
) -> Result<(), E> {
    let pages = frame_geometry(layout, moves);
    let mut state_picture = image.clone();
    let mut canvas = RgbImage::new(pages.width, pages.height);
    for k in 0..moves.len().min(pages.pages.len()) {
        let state = state_after(puzzle, &moves[..=k]);
        paint_state(&mut state_picture, image, layout, puzzle, &state);
        place(&mut canvas, &state_picture, &pages);
        draw_page(&mut canvas, &pages, k);
        sink(k, &canvas)?;
    }
    Ok(())
}

/// The screenshot on a page as big as the frames of [`frames`], unmarked:
/// the animation's first picture.
fn unmarked_frame(image: &RgbImage, layout: &Layout, moves: &[Pour]) -> RgbImage {
    let pages = frame_geometry(layout, moves);
    let mut canvas = RgbImage::new(pages.width, pages.height);
    place(&mut canvas, image, &pages);
    canvas
}

/// The screenshot copied onto the page at its offset, the bands filled.
fn place(canvas: &mut RgbImage, screenshot: &RgbImage, pages: &Pages) {
    let stride = canvas.width() as usize * 3;
    let top = pages.offset as usize * stride;
    let raw: &mut [u8] = canvas;
    let shot = screenshot.as_raw();
    let end = (top + shot.len()).min(raw.len());
    raw[top..end].copy_from_slice(&shot[..end - top]);
    for band in [0..top, end..raw.len()] {
        for px in raw[band].chunks_exact_mut(3) {
            px.copy_from_slice(&BAND.0);
        }
    }
}

fn draw_page(img: &mut RgbImage, pages: &Pages, page: usize) {
    let s = &pages.sizes;
    let arrows = &pages.pages[page].arrows;
    for (i, arrow) in arrows.iter().enumerate() {
        draw_arrow(img, pages, arrow, s.stroke / 2.0 + s.outline, s.outline, SHADOW);
        draw_arrow(img, pages, arrow, s.stroke / 2.0, 0.0, arrow_color(i));
    }
    for (t, &label) in pages.labels.iter().enumerate() {
        badge_with(img, label, s.label, s.outline, Rgb([32, 32, 32]), &(t + 1).to_string());
    }
    for (i, arrow) in arrows.iter().enumerate() {
        badge_with(img, arrow.badge, s.badge, s.outline, arrow_color(i), &arrow.number.to_string());
    }
    draw_legend(img, pages, page);
}

/// An arrow's stretches as bars `half` wide each side with round joints,
/// then its head grown by `grow`.
fn draw_arrow(img: &mut RgbImage, pages: &Pages, arrow: &Arrow, half: f32, grow: f32, color: Rgb<u8>) {
    let head = pages.sizes.head;
    let (tip, dir) = arrow.tip();
    let n = arrow.path.len();
    for (k, w) in arrow.path.windows(2).enumerate() {
        let q = if k == n - 2 { (tip.0, tip.1 - dir * head * 0.9) } else { w[1] };
        // Flat at the tail, where it leaves the tube.
        let p = if k == 0 { toward(w[0], q, half) } else { w[0] };
        bar(img, p, q, half, color);
        if k + 1 < n - 1 {
            draw_filled_circle_mut(img, (w[1].0.round() as i32, w[1].1.round() as i32), half.round() as i32, color);
        }
    }
    // The head: a triangle from its base to the tip, grown for the outline.
    let base = tip.1 - dir * (head + grow);
    let tip_y = tip.1 + dir * grow;
    let corner = head / 2.0 + grow;
    let points = [
        Point::new(tip.0.round() as i32, tip_y.round() as i32),
        Point::new((tip.0 - corner).round() as i32, base.round() as i32),
        Point::new((tip.0 + corner).round() as i32, base.round() as i32),
    ];
    if points[0] != points[1] && points[1] != points[2] {
        draw_polygon_mut(img, &points, color);
    }
}

/// `p` moved `by` toward `q`.
fn toward(p: Pt, q: Pt, by: f32) -> Pt {
    let len = (q.0 - p.0).hypot(q.1 - p.1).max(1e-3);
    let t = by.min(len) / len;
    (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t)
}

/// A filled bar between two points on one line, `half` wide each side.
fn bar(img: &mut RgbImage, p: Pt, q: Pt, half: f32, color: Rgb<u8>) {
    let (x0, x1) = ((p.0.min(q.0) - half).round(), (p.0.max(q.0) + half).round());
    let (y0, y1) = ((p.1.min(q.1) - half).round(), (p.1.max(q.1) + half).round());
    let (w, h) = ((x1 - x0).max(1.0) as u32, (y1 - y0).max(1.0) as u32);
    draw_filled_rect_mut(img, PixelRect::at(x0 as i32, y0 as i32).of_size(w, h), color);
}

/// The darkened legend panel: the headline (wrapped), then the moves in
/// one or two columns, each after a dot of its arrow's colour.
fn draw_legend(img: &mut RgbImage, pages: &Pages, page: usize) {
    let lines = &pages.pages[page].lines;
    let line = pages.legend_line;
    // The panel is as tall as this page's lines (the legend's room is the
    // fullest page's), from the room's top.
    let rows = pages::legend_rows(lines, pages.legend.x1 - pages.legend.x0 - 0.8 * line, line);
    let b = pages::Bx { y1: (pages.legend.y0 + rows as f32 * line + 0.8 * line).min(pages.legend.y1), ..pages.legend };
    let (iw, ih) = (img.width() as f32, img.height() as f32);
    let stride = img.width() as usize * 3;
    let (cx0, cx1) = (b.x0.max(0.0) as usize * 3, b.x1.min(iw) as usize * 3);
    let raw: &mut [u8] = img;
    for y in b.y0.max(0.0) as usize..b.y1.min(ih) as usize {
        for v in &mut raw[y * stride + cx0..y * stride + cx1] {
            *v /= 5;
        }
    }
    let Some((headline, moves)) = lines.split_first() else { return };
    let pad = line * 0.4;
    let inner = b.x1 - b.x0 - 2.0 * pad;
    let size = legend_text(line);
    let mut y = b.y0 + pad;
    for text in wrap(headline, inner, size) {
        let scale = fit_scale(&text, inner, size);
        draw_text_mut(img, INK, (b.x0 + pad) as i32, (y + (line - size) * 0.3) as i32, scale, &*FONT, &text);
        y += line;
    }
    let columns = legend_columns(moves.len());
    let per_column = moves.len().div_ceil(columns);
    let col_w = inner / columns as f32;
    let dot = size * 0.32;
    let scale = moves
        .iter()
        .map(|l| fit_scale(l, col_w - dot * 3.5, size))
        .min_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap_or(ab_glyph::PxScale::from(size));
    for (i, text) in moves.iter().enumerate() {
        let (col, row) = (i / per_column, i % per_column);
        let x = b.x0 + pad + col as f32 * col_w;
        let top = y + row as f32 * line;
        draw_filled_circle_mut(img, ((x + dot) as i32, (top + line * 0.45) as i32), dot as i32, arrow_color(i));
        draw_text_mut(img, INK, (x + dot * 3.0) as i32, (top + (line - size) * 0.3) as i32, scale, &*FONT, text);
    }
}

#[cfg(test)]
mod tests;
