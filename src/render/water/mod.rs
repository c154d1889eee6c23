//! The water-sort overlay: the player's own screenshot with the solution
//! drawn on it.
//!
//! Every tube gets its number in a dark badge above it; each move of a page
//! is a thick, outlined arc from the source tube's top to the target's, in
//! its own colour, with the move number in a badge at the arc's apex; a
//! legend panel lists the page's moves ("1. 3 → 7") in the larger free band
//! above or below the tubes. Long solutions are split into pages of a few
//! moves, because forty arcs on one picture cannot be followed. The picture
//! keeps the screenshot's size. Geometry ([`overlay_geometry`]) is computed
//! apart from drawing so tests can pin it as text. [`frames`] draws one
//! picture per move and [`write_gif`] the whole plan as an animation.

use ab_glyph::PxScale;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_polygon_mut, draw_text_mut};
use imageproc::point::Point;

mod gif;
pub mod route;
mod state;

use super::{ARROW_COLORS, FONT, INK, Pt, SHADOW, badge, fit_scale};
use crate::geometry::Layout;
use crate::puzzle::water::{Pour, WaterPuzzle};
pub use gif::write_gif;
use state::{paint_state, state_after};

/// Options for the overlay.
#[derive(Debug, Clone, Copy)]
pub struct RenderOptions {
    /// Moves drawn on one page.
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

/// Where everything of one page goes.
#[derive(Debug, Clone, PartialEq)]
pub struct PageGeometry {
    pub badge_radius: f32,
    /// Centre of each tube's number badge, in reading order.
    pub tube_labels: Vec<Pt>,
    /// Per move of the page: its number (1-based overall), the arc's start,
    /// control point and end, and the badge centre.
    pub arrows: Vec<ArrowGeometry>,
    /// The legend panel: x0, y0, x1, y1.
    pub legend: (f32, f32, f32, f32),
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArrowGeometry {
    pub number: usize,
    pub start: Pt,
    pub control: Pt,
    pub end: Pt,
    pub badge: Pt,
}

fn bezier(a: Pt, c: Pt, b: Pt, t: f32) -> Pt {
    let u = 1.0 - t;
    (u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0, u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1)
}

/// Lays out the pages of a plan.
pub fn overlay_geometry(
    layout: &Layout,
    moves: &[Pour],
    headline: &Headline,
    options: &RenderOptions,
) -> Vec<PageGeometry> {
    let (w, h) = (layout.image_width as f32, layout.image_height as f32);
    let tube_w = layout.tubes.iter().map(|t| t.outer.width() as f32).fold(f32::MAX, f32::min).min(w / 4.0);
    let badge_radius = (tube_w * 0.32).clamp(9.0, w / 18.0);
    let tops: Vec<Pt> = layout.tubes.iter().map(|t| (t.outer.center_x(), t.outer.y0 as f32)).collect();
    let tube_labels: Vec<Pt> = tops.iter().map(|&(x, y)| (x, (y - badge_radius * 1.2).max(badge_radius))).collect();

    // The legend goes in the larger free band above or below the tubes.
    let tubes_top = layout.tubes.iter().map(|t| t.outer.y0).min().unwrap_or(0) as f32 - badge_radius * 2.6;
    let tubes_bottom = layout.tubes.iter().map(|t| t.outer.y1).max().unwrap_or(0) as f32;
    let margin = w * 0.03;
    let legend = if tubes_top >= h - tubes_bottom {
        (margin, margin, w - margin, (tubes_top - margin).max(margin + 1.0))
    } else {
        (margin, tubes_bottom + margin, w - margin, h - margin)
    };

    // Arcs stay below a legend drawn above the tubes.
    let ceiling = if legend.1 < tubes_top { legend.3 + badge_radius * 1.6 } else { badge_radius * 1.6 };
    let pages = moves.len().div_ceil(options.moves_per_page).max(1);
    (0..pages)
        .map(|page| {
            let first = page * options.moves_per_page;
            let page_moves = &moves[first..(first + options.moves_per_page).min(moves.len())];
            let arrows = page_moves
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let start = (tops[m.from].0, tops[m.from].1 - badge_radius * 2.4);
                    let end = (tops[m.to].0, tops[m.to].1 - badge_radius * 0.4);
                    let lift = badge_radius * 2.0 + (start.0 - end.0).abs() * 0.18;
                    // The control point that puts the arc's highest point at
                    // `apex`: solving y(t*) = apex for a quadratic with ends
                    // a, b gives c = apex − √((a − apex)(b − apex)).
                    let apex = (start.1.min(end.1) - lift).max(ceiling).min(start.1.min(end.1) - 1.0);
                    let control_y = apex - ((start.1 - apex) * (end.1 - apex)).sqrt();
                    let control = ((start.0 + end.0) / 2.0, control_y);
                    // Badges of one page sit at different points of their
                    // arcs, so arcs that share a stretch keep apart.
                    let t = [0.5, 0.38, 0.62, 0.3, 0.7][i % 5];
                    let badge = bezier(start, control, end, t);
                    ArrowGeometry { number: first + i + 1, start, control, end, badge }
                })
                .collect();
            let mut lines = vec![match headline {
                Headline::Solved { total } if pages > 1 && page_moves.len() == 1 => {
                    format!("Move {} of {total} (page {}/{pages})", first + 1, page + 1)
                }
                Headline::Solved { total } if pages > 1 => {
                    format!("Moves {}–{} of {total} (page {}/{pages})", first + 1, first + page_moves.len(), page + 1)
                }
                Headline::Solved { total } => format!("Solution: {total} moves"),
                Headline::UntilReveal { total: 1 } => "Play move 1, then take a new screenshot".to_string(),
                Headline::UntilReveal { total } if pages == 1 => {
                    format!("Play moves 1–{total}, then take a new screenshot")
                }
                Headline::UntilReveal { total } => {
                    format!("Play moves 1–{total}, then take a new screenshot (page {}/{pages})", page + 1)
                }
                Headline::NoSolution { message } => message.clone(),
            }];
            lines.extend(
                page_moves.iter().enumerate().map(|(i, m)| format!("{}. {} → {}", first + i + 1, m.from + 1, m.to + 1)),
            );
            PageGeometry { badge_radius, tube_labels: tube_labels.clone(), arrows, legend, lines }
        })
        .collect()
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
    let mut buffer = image.clone();
    for (p, page) in pages.iter().enumerate() {
        let state = state_after(puzzle, &moves[..(p * options.moves_per_page).min(moves.len())]);
        paint_state(&mut buffer, image, layout, puzzle, &state);
        draw_page(&mut buffer, page);
        sink(p, &buffer)?;
    }
    Ok(pages.len())
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
    let single = RenderOptions { moves_per_page: 1 };
    let total = moves.len();
    let mut buffer = image.clone();
    for (k, mut page) in overlay_geometry(layout, moves, &Headline::Solved { total }, &single).into_iter().enumerate() {
        page.lines[0] = format!("Move {} of {total}", k + 1);
        let state = state_after(puzzle, &moves[..=k]);
        paint_state(&mut buffer, image, layout, puzzle, &state);
        draw_page(&mut buffer, &page);
        sink(k, &buffer)?;
    }
    Ok(())
}

fn draw_page(img: &mut RgbImage, page: &PageGeometry) {
    let r = page.badge_radius;
    for (i, arrow) in page.arrows.iter().enumerate() {
        let color = Rgb(ARROW_COLORS[i % ARROW_COLORS.len()]);
        draw_arc(img, arrow, r * 0.38 + 2.0, SHADOW);
        draw_arc(img, arrow, r * 0.38, color);
    }
    for (i, &label) in page.tube_labels.iter().enumerate() {
        badge(img, label, r, Rgb([32, 32, 32]), &(i + 1).to_string());
    }
    for (i, arrow) in page.arrows.iter().enumerate() {
        badge(img, arrow.badge, r, Rgb(ARROW_COLORS[i % ARROW_COLORS.len()]), &arrow.number.to_string());
    }
    draw_legend(img, page);
}

/// A thick quadratic arc with an arrowhead at its end: discs stamped along
/// the curve a third of the width apart (round joins for free; a polygon
/// per segment cost twice as much, measured in benches/pipeline.rs).
fn draw_arc(img: &mut RgbImage, arrow: &ArrowGeometry, width: f32, color: Rgb<u8>) {
    let head = width * 3.2;
    let (a, c, b) = (arrow.start, arrow.control, arrow.end);
    let chord = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt() + ((c.0 - a.0).abs() + (c.1 - a.1).abs());
    let steps = ((chord / (width / 3.0).max(1.0)) as usize).clamp(8, 2000);
    let radius = (width / 2.0).round().max(1.0) as i32;
    let mut last = a;
    for i in 0..=steps {
        let p = bezier(a, c, b, i as f32 / steps as f32);
        if ((p.0 - b.0).powi(2) + (p.1 - b.1).powi(2)).sqrt() < head * 0.8 {
            break;
        }
        draw_filled_circle_mut(img, (p.0.round() as i32, p.1.round() as i32), radius, color);
        last = p;
    }
    let (dx, dy) = (b.0 - last.0, b.1 - last.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let base = (b.0 - ux * head, b.1 - uy * head);
    let tip = Point::new(b.0.round() as i32, b.1.round() as i32);
    let left = Point::new((base.0 - uy * head * 0.6).round() as i32, (base.1 + ux * head * 0.6).round() as i32);
    let right = Point::new((base.0 + uy * head * 0.6).round() as i32, (base.1 - ux * head * 0.6).round() as i32);
    if tip != left && left != right && right != tip {
        draw_polygon_mut(img, &[tip, left, right], color);
    }
}

/// The darkened legend panel with its lines, sized to fit.
fn draw_legend(img: &mut RgbImage, page: &PageGeometry) {
    let (x0, y0, x1, y1) = page.legend;
    if y1 - y0 < 12.0 || x1 - x0 < 40.0 {
        return;
    }
    let (iw, ih) = (img.width() as f32, img.height() as f32);
    let stride = img.width() as usize * 3;
    let (cx0, cx1) = (x0.max(0.0) as usize * 3, x1.min(iw) as usize * 3);
    let raw: &mut [u8] = img;
    for y in y0.max(0.0) as usize..y1.min(ih) as usize {
        for v in &mut raw[y * stride + cx0..y * stride + cx1] {
            *v /= 5;
        }
    }
    // Headline on its own line, moves in as many columns as fit.
    let pad = (x1 - x0) * 0.04;
    let n_moves = page.lines.len().saturating_sub(1);
    let columns = if n_moves > 4 { 2 } else { 1 };
    let rows = 1 + n_moves.div_ceil(columns);
    let line_h = ((y1 - y0 - 2.0 * pad) / rows as f32).min(ih / 18.0);
    let headline_scale = fit_scale(&page.lines[0], x1 - x0 - 2.0 * pad, line_h * 0.72);
    draw_text_mut(img, INK, (x0 + pad) as i32, (y0 + pad) as i32, headline_scale, &*FONT, &page.lines[0]);
    let col_w = (x1 - x0 - 2.0 * pad) / columns as f32;
    // One size for every move line: the largest that fits the widest.
    let move_scale = page
        .lines
        .iter()
        .skip(1)
        .map(|line| fit_scale(line, col_w - line_h * 1.1, line_h * 0.8))
        .min_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap_or(PxScale::from(line_h * 0.8));
    for (i, line) in page.lines.iter().skip(1).enumerate() {
        let (col, row) = (i / n_moves.div_ceil(columns), i % n_moves.div_ceil(columns));
        let x = x0 + pad + col as f32 * col_w;
        let y = y0 + pad + (row + 1) as f32 * line_h;
        let dot = line_h * 0.22;
        let color = Rgb(ARROW_COLORS[i % ARROW_COLORS.len()]);
        draw_filled_circle_mut(img, ((x + dot) as i32, (y + line_h * 0.4) as i32), dot as i32, color);
        draw_text_mut(img, INK, (x + dot * 3.0) as i32, y as i32, move_scale, &*FONT, line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, TubeLayout};
    use crate::puzzle::water::Layer;

    /// Two rows of three 40×120 tubes on a 300×600 screen.
    fn layout() -> Layout {
        let tube = |row: u32, col: u32| {
            let outer = Rect { x0: 30 + col * 90, y0: 200 + row * 180, x1: 70 + col * 90, y1: 320 + row * 180 };
            let slots = (0..4)
                .map(|k| Rect { x0: outer.x0, y0: outer.y1 - 25 * (k + 1), x1: outer.x1, y1: outer.y1 - 25 * k })
                .collect();
            TubeLayout { outer, slots }
        };
        Layout {
            image_width: 300,
            image_height: 600,
            tubes: (0..2).flat_map(|r| (0..3).map(move |c| tube(r, c))).collect(),
            colors: vec![[200, 0, 0], [0, 200, 0], [0, 0, 200], [200, 200, 0]],
            empty_color: [10, 10, 10],
            color_names: Vec::new(),
        }
    }

    #[test]
    fn later_pages_and_frames_show_the_tubes_as_they_will_be() {
        let puzzle: WaterPuzzle = "RRGG GGRR BBBB YYYY EEEE EEEE".parse().unwrap();
        // A screenshot of that level: every slot painted its colour.
        let mut image = RgbImage::from_pixel(300, 600, Rgb([20, 40, 30]));
        let l = layout();
        for (tube, t) in l.tubes.iter().zip(puzzle.tubes()) {
            for (k, slot) in tube.slots.iter().enumerate() {
                let fill = match t.layers.get(k) {
                    Some(Layer::Color(id)) => l.colors[id.0 as usize],
                    _ => l.empty_color,
                };
                for y in slot.y0..slot.y1 {
                    for x in slot.x0..slot.x1 {
                        image.put_pixel(x, y, Rgb(fill));
                    }
                }
            }
        }
        let moves = vec![Pour { from: 0, to: 4 }, Pour { from: 1, to: 0 }, Pour { from: 1, to: 4 }];
        let one_per_page = RenderOptions { moves_per_page: 1 };
        let pages = render(&image, &layout(), &puzzle, &moves, &Headline::Solved { total: 3 }, &one_per_page);
        // Page 1 is the screenshot itself inside the tubes; on page 2 the
        // first pour has moved red into tube 5's bottom slot.
        let bottom_of_tube5 = |img: &RgbImage| *img.get_pixel(130, 490);
        assert_eq!(bottom_of_tube5(&pages[0]).0, [10, 10, 10]);
        assert_eq!(bottom_of_tube5(&pages[1]).0, [200, 0, 0]);
        let frames = frames(&image, &layout(), &puzzle, &moves);
        assert_eq!(frames.len(), 3);
        // After all three pours tube 2 is empty: painted with the empty colour.
        assert_eq!(frames[2].get_pixel(130, 300).0, [10, 10, 10]);
    }

    /// The geometry of every page as text: a golden file pins it, and
    /// `REGENERATE=1 cargo test` rewrites the file after a deliberate change.
    fn geometry_text(pages: &[PageGeometry]) -> String {
        let mut out = String::new();
        for (i, p) in pages.iter().enumerate() {
            out += &format!("page {} radius {:.1} legend {:?}\n", i + 1, p.badge_radius, p.legend);
            let labels: Vec<String> = p.tube_labels.iter().map(|(x, y)| format!("({x:.0},{y:.0})")).collect();
            out += &format!("  labels {}\n", labels.join(" "));
            for a in &p.arrows {
                out += &format!(
                    "  move {}: ({:.0},{:.0}) -> ({:.0},{:.0}) via ({:.0},{:.0}) badge ({:.0},{:.0})\n",
                    a.number, a.start.0, a.start.1, a.end.0, a.end.1, a.control.0, a.control.1, a.badge.0, a.badge.1
                );
            }
            for line in &p.lines {
                out += &format!("  | {line}\n");
            }
        }
        out
    }

    #[test]
    fn overlay_geometry_matches_the_golden_file() {
        let moves: Vec<Pour> = [(0, 2), (3, 1), (4, 5), (2, 4), (1, 0), (5, 3), (0, 5)]
            .iter()
            .map(|&(from, to)| Pour { from, to })
            .collect();
        let pages = overlay_geometry(&layout(), &moves, &Headline::Solved { total: 7 }, &RenderOptions::default());
        let text = geometry_text(&pages);
        let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/overlay_geometry.txt");
        if std::env::var_os("REGENERATE").is_some() {
            std::fs::write(golden, &text).unwrap();
        }
        assert_eq!(text, std::fs::read_to_string(golden).expect("golden file; REGENERATE=1 writes it"));
    }

    #[test]
    fn pages_keep_the_screenshot_size_and_change_pixels() {
        let image = RgbImage::from_pixel(300, 600, Rgb([20, 40, 30]));
        let moves = vec![Pour { from: 0, to: 4 }];
        let puzzle: WaterPuzzle = "RRRR GGGG BBBB YYYY EEEE EEEE".parse().unwrap();
        let pages =
            render(&image, &layout(), &puzzle, &moves, &Headline::Solved { total: 1 }, &RenderOptions::default());
        assert_eq!(pages.len(), 1);
        assert_eq!(pages[0].dimensions(), (300, 600));
        assert_ne!(pages[0], image);
        // The legend darkens its panel; the arrow's colour appears.
        let geometry =
            &overlay_geometry(&layout(), &moves, &Headline::Solved { total: 1 }, &RenderOptions::default())[0];
        let (x0, y0, ..) = geometry.legend;
        assert!(pages[0].get_pixel(x0 as u32 + 1, y0 as u32 + 1).0[1] < 40);
        assert!(pages[0].pixels().any(|p| p.0 == ARROW_COLORS[0]));
    }

    #[test]
    fn arcs_and_badges_stay_below_a_legend_above_the_tubes() {
        let moves: Vec<Pour> = (0..6).map(|i| Pour { from: i, to: (i + 3) % 6 }).collect();
        for page in overlay_geometry(&layout(), &moves, &Headline::Solved { total: 6 }, &RenderOptions::default()) {
            let legend_bottom = page.legend.3;
            for a in &page.arrows {
                let top =
                    (0..=100).map(|i| bezier(a.start, a.control, a.end, i as f32 / 100.0).1).fold(f32::MAX, f32::min);
                assert!(
                    top > legend_bottom,
                    "move {} rises to {top} into the legend ending at {legend_bottom}",
                    a.number
                );
                assert!(a.badge.1 - page.badge_radius > legend_bottom - 1.0, "badge of move {}", a.number);
            }
        }
    }
}
