//! Where everything of each page goes, before anything is drawn: the
//! tubes' numbers, each move's arrow, its number badge and the legend, all
//! in the page's pixels, and the check that none of them overlap.
//!
//! Every tube's number sits just below it. An arrow never crosses a tube:
//! it runs in a band beside the tubes on horizontal *tracks* and reaches a
//! tube straight up or down, at the tube's mouth (from above) or at its
//! number (from below). A row's own moves run above it when it is the top
//! row, below it (number to number) when it is the bottom row, and in the
//! gap above it otherwise; a move between two rows runs in the gap between
//! them, from the upper tube's number to the lower tube's mouth or back.
//! Two arrows that meet one tube's end enter side by side (*ports*); one
//! track holds arrows whose stretches do not overlap; each arrow's badge
//! sits on its own horizontal stretch where it touches nothing else.
//!
//! A page takes moves in order while all of that fits ([`collisions`] finds
//! nothing and at most two arrows meet each tube end); the next move starts
//! a new page. Bands above the top row and below the bottom row may reach
//! past the screenshot's edges, and the legend needs room: the page grows a
//! dark band above or below the screenshot for them, the same for every
//! page of one answer.

mod check;
mod frame;

pub use check::collisions;
use check::{head_box, stroke_boxes};
use frame::Frame;

use crate::geometry::Layout;
use crate::puzzle::water::Pour;
use crate::render::Pt;

/// Legend line height as a fraction of the picture's width: 29 px when the
/// picture is 420 px wide, where its capitals are 13 px, phone body text.
const LEGEND_LINE: f32 = 0.07;
/// The legend's margin from the picture's sides and from the arrows, as a
/// fraction of the picture's width.
const LEGEND_MARGIN: f32 = 0.02;
/// From how many moves a legend lists them in two columns: two columns of
/// "12. 3 → 14" fit across the narrowest screenshots looked at (sshcrack's
/// 360 px, lvl105's 440 px) at the legend's size, and lines are shrunk to
/// their column where they would not.
const LEGEND_COLUMNS_AT: usize = 3;

/// Sizes of one answer's marks, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sizes {
    /// An arrow's stroke width.
    pub stroke: f32,
    /// The dark outline around strokes, heads, badges and numbers.
    pub outline: f32,
    /// An arrowhead's length (and width).
    pub head: f32,
    /// A move badge's radius, outline excluded.
    pub badge: f32,
    /// A tube number's radius, outline excluded.
    pub label: f32,
    /// Room kept between marks.
    pub margin: f32,
}

/// A box in page pixels: x0, y0, x1, y1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bx {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Bx {
    fn around(p: Pt, q: Pt, half: f32) -> Bx {
        Bx { x0: p.0.min(q.0) - half, y0: p.1.min(q.1) - half, x1: p.0.max(q.0) + half, y1: p.1.max(q.1) + half }
    }

    fn shifted(self, dy: f32) -> Bx {
        Bx { y0: self.y0 + dy, y1: self.y1 + dy, ..self }
    }

    /// The gap between two boxes (negative or zero when they touch).
    fn gap(&self, other: &Bx) -> f32 {
        let dx = (other.x0 - self.x1).max(self.x0 - other.x1);
        let dy = (other.y0 - self.y1).max(self.y0 - other.y1);
        if dx > 0.0 && dy > 0.0 { dx.hypot(dy) } else { dx.max(dy) }
    }

    /// The gap between the box and a disc.
    fn gap_to_disc(&self, c: Pt, r: f32) -> f32 {
        let dx = (self.x0 - c.0).max(c.0 - self.x1).max(0.0);
        let dy = (self.y0 - c.1).max(c.1 - self.y1).max(0.0);
        let outside = dx.hypot(dy);
        if outside > 0.0 { outside - r } else { -r }
    }
}

/// One move's arrow on a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    /// The move's number, 1-based over the whole plan.
    pub number: usize,
    /// The move itself, in tube indices.
    pub pour: Pour,
    /// Horizontal and vertical stretches from the tail to the tip.
    pub path: Vec<Pt>,
    /// The badge's centre, on one of the path's horizontal stretches.
    pub badge: Pt,
}

impl Arrow {
    /// The tip and the unit direction it points in (straight up or down).
    pub fn tip(&self) -> (Pt, f32) {
        let n = self.path.len();
        let (p, q) = (self.path[n - 2], self.path[n - 1]);
        (q, if q.1 >= p.1 { 1.0 } else { -1.0 })
    }
}

/// One page: its arrows and its legend lines (the headline first).
#[derive(Debug, Clone, PartialEq)]
pub struct PageGeometry {
    pub arrows: Vec<Arrow>,
    pub lines: Vec<String>,
}

/// Every page of one answer, and what they share.
#[derive(Debug, Clone, PartialEq)]
pub struct Pages {
    /// The page's size: the screenshot's, grown by bands where needed.
    pub width: u32,
    pub height: u32,
    /// How many rows were added above the screenshot (where its top row is).
    pub offset: u32,
    pub sizes: Sizes,
    /// Each tube's outline on the page, in reading order.
    pub tubes: Vec<Bx>,
    /// The centre of each tube's number.
    pub labels: Vec<Pt>,
    /// The legend panel, and the height of one of its lines.
    pub legend: Bx,
    pub legend_line: f32,
    pub pages: Vec<PageGeometry>,
}

/// Lays out the pages of a plan: moves are taken in order while they fit
/// on one page (at most `per_page`), the legend of each page holding
/// `lines(page, pages, first, moves)` (0-based page and first move).
pub fn lay_out_pages(
    layout: &Layout,
    moves: &[Pour],
    per_page: usize,
    lines: impl Fn(usize, usize, usize, &[Pour]) -> Vec<String>,
) -> Pages {
    let frame = Frame::new(layout);
    // Pages in the screenshot's own pixels first.
    let mut chunks: Vec<(usize, Vec<Arrow>)> = Vec::new();
    let mut first = 0;
    while first < moves.len() {
        let mut best = None;
        for n in 1..=per_page.max(1).min(moves.len() - first) {
            match frame.lay_out(&moves[first..first + n], first) {
                Some(arrows) if frame.page_is_clear(&arrows) => best = Some(arrows),
                _ if best.is_some() => break,
                _ => {}
            }
        }
        // A move that fits nowhere still gets its page, laid out as well as
        // it can be: the check in the tests reports what it covers.
        let arrows = best.unwrap_or_else(|| frame.forced(moves[first], first));
        let n = arrows.len();
        chunks.push((first, arrows));
        first += n;
    }
    if chunks.is_empty() {
        chunks.push((0, Vec::new()));
    }
    let count = chunks.len();
    let texts: Vec<Vec<String>> =
        chunks.iter().enumerate().map(|(p, (f, a))| lines(p, count, *f, &moves[*f..*f + a.len()])).collect();
    frame.finish(layout, chunks, texts)
}

impl Frame {
    /// The page grown to hold every page's marks and a legend, and all
    /// geometry moved into the page's pixels.
    fn finish(&self, layout: &Layout, chunks: Vec<(usize, Vec<Arrow>)>, texts: Vec<Vec<String>>) -> Pages {
        let s = &self.sizes;
        let (w, h) = (self.width, layout.image_height as f32);
        // How high and low the marks reach.
        let mut top = f32::MAX;
        let mut bottom = f32::MIN;
        let mut reach = |b: Bx| {
            top = top.min(b.y0);
            bottom = bottom.max(b.y1);
        };
        for t in &self.tubes {
            reach(*t);
        }
        for &l in &self.labels {
            let r = s.label + s.outline;
            reach(Bx { x0: l.0 - r, y0: l.1 - r, x1: l.0 + r, y1: l.1 + r });
        }
        for (_, arrows) in &chunks {
            for a in arrows {
                stroke_boxes(a, s).into_iter().for_each(&mut reach);
                reach(head_box(a, s));
                let r = s.badge + s.outline;
                reach(Bx { x0: a.badge.0 - r, y0: a.badge.1 - r, x1: a.badge.0 + r, y1: a.badge.1 + r });
            }
        }
        if top > bottom {
            (top, bottom) = (0.0, h);
        }
        // The legend: as many lines as the fullest page's, at a size read
        // on a phone.
        let line = LEGEND_LINE * w;
        let margin = LEGEND_MARGIN * w;
        let rows = texts.iter().map(|t| legend_rows(t, w - 2.0 * margin - 0.8 * line, line)).max().unwrap_or(1);
        let height = rows as f32 * line + line * 0.8;
        let need = height + 2.0 * margin;
        let (free_top, free_bottom) = (top - s.margin, h - bottom - s.margin);
        let legend_on_top =
            if free_top >= need || free_bottom >= need { free_top >= free_bottom } else { free_top > free_bottom };
        let mut grow_top = (margin - top).max(0.0);
        let mut grow_bottom = (bottom + margin - h).max(0.0);
        let legend_y0 = if legend_on_top {
            grow_top = grow_top.max(need - free_top);
            top - margin - height
        } else {
            grow_bottom = grow_bottom.max(need - free_bottom);
            bottom + margin
        };
        let offset = grow_top.ceil();
        let height_px = (h + offset + grow_bottom.ceil()).ceil();
        let dy = offset;
        let move_arrow = |a: Arrow| Arrow {
            path: a.path.iter().map(|p| (p.0, p.1 + dy)).collect(),
            badge: (a.badge.0, a.badge.1 + dy),
            ..a
        };
        Pages {
            width: layout.image_width,
            height: height_px as u32,
            offset: offset as u32,
            sizes: *s,
            tubes: self.tubes.iter().map(|b| b.shifted(dy)).collect(),
            labels: self.labels.iter().map(|l| (l.0, l.1 + dy)).collect(),
            legend: Bx { x0: margin, y0: legend_y0 + dy, x1: w - margin, y1: legend_y0 + height + dy },
            legend_line: line,
            pages: chunks
                .into_iter()
                .zip(texts)
                .map(|((_, arrows), lines)| PageGeometry {
                    arrows: arrows.into_iter().map(move_arrow).collect(),
                    lines,
                })
                .collect(),
        }
    }
}

/// How many lines a legend takes at line height `line` in `width` (inside
/// its padding): the headline (wrapped) and the moves in columns.
pub fn legend_rows(lines: &[String], width: f32, line: f32) -> usize {
    let Some((headline, moves)) = lines.split_first() else { return 0 };
    wrap(headline, width, legend_text(line)).len() + moves.len().div_ceil(legend_columns(moves.len()))
}

/// The legend's text height for a line height: the rest is leading.
pub fn legend_text(line: f32) -> f32 {
    line * 0.66
}

/// Columns of move lines: one for a few, more for more.
pub fn legend_columns(moves: usize) -> usize {
    if moves >= LEGEND_COLUMNS_AT { 2 } else { 1 }
}

/// A sentence broken into lines that fit `width` at text height `size`
/// (measured with the page's font).
pub fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let scale = ab_glyph::PxScale::from(size);
    let fits = |s: &str| imageproc::drawing::text_size(scale, &*super::super::FONT, s).0 as f32 <= width;
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(last) if fits(&format!("{last} {word}")) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}
