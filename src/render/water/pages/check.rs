//! The overlap check: everything a page draws as discs and boxes, and
//! every pair of them that overlaps.

use super::{Arrow, Bx, Pages, Sizes};
use crate::render::Pt;

pub(super) fn dist(a: Pt, b: Pt) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The boxes an arrow's stroke covers, outline included, from its tail
/// (cut flat there) to where its head begins.
pub(super) fn stroke_boxes(arrow: &Arrow, s: &Sizes) -> Vec<Bx> {
    let half = s.stroke / 2.0 + s.outline;
    let (tip, dir) = arrow.tip();
    let n = arrow.path.len();
    arrow
        .path
        .windows(2)
        .enumerate()
        .map(|(k, w)| {
            let q = if k == n - 2 { (tip.0, tip.1 - dir * s.head) } else { w[1] };
            let mut b = Bx::around(w[0], q, half);
            if k == 0 {
                // Flat at the tail: not past the point where it leaves the tube.
                let p = w[0];
                if (p.0 - q.0).abs() < 0.5 {
                    if q.1 < p.1 { b.y1 = p.1 } else { b.y0 = p.1 }
                } else if q.0 < p.0 {
                    b.x1 = p.0
                } else {
                    b.x0 = p.0
                }
            }
            b
        })
        .collect()
}

/// The box around an arrow's head, outline included.
pub(super) fn head_box(arrow: &Arrow, s: &Sizes) -> Bx {
    let (tip, dir) = arrow.tip();
    let base = (tip.0, tip.1 - dir * s.head);
    let half = s.head / 2.0 + s.outline;
    Bx { x0: tip.0 - half, x1: tip.0 + half, y0: tip.1.min(base.1) - s.outline, y1: tip.1.max(base.1) + s.outline }
}

/// What a page draws that could overlap, each as a name and a shape.
pub(super) enum Shape {
    Disc(Pt, f32),
    Box(Bx),
}

impl Shape {
    pub(super) fn gap(&self, other: &Shape) -> f32 {
        match (self, other) {
            (Shape::Disc(a, r), Shape::Disc(b, q)) => dist(*a, *b) - r - q,
            (Shape::Disc(c, r), Shape::Box(b)) | (Shape::Box(b), Shape::Disc(c, r)) => b.gap_to_disc(*c, *r),
            (Shape::Box(a), Shape::Box(b)) => a.gap(b),
        }
    }

    pub(super) fn within(&self, width: f32, height: f32, edges: Edges) -> bool {
        let b = match self {
            Shape::Disc(c, r) => Bx { x0: c.0 - r, y0: c.1 - r, x1: c.0 + r, y1: c.1 + r },
            Shape::Box(b) => *b,
        };
        let sides = b.x0 >= -0.5 && b.x1 <= width + 0.5;
        sides && (edges == Edges::Sides || b.y0 >= -0.5 && b.y1 <= height + 0.5)
    }
}

/// Everything page `page` draws that could overlap: (owner, what, shape),
/// where the owner is a move's index on the page or `None`.
pub(super) fn shapes(pages: &Pages, page: usize) -> Vec<(Option<usize>, String, Shape)> {
    let s = &pages.sizes;
    let mut out = Vec::new();
    for (t, b) in pages.tubes.iter().enumerate() {
        out.push((None, format!("tube {}", t + 1), Shape::Box(*b)));
    }
    for (t, &c) in pages.labels.iter().enumerate() {
        out.push((None, format!("number of tube {}", t + 1), Shape::Disc(c, s.label + s.outline)));
    }
    out.push((None, "legend".to_string(), Shape::Box(pages.legend)));
    for (i, arrow) in pages.pages[page].arrows.iter().enumerate() {
        out.push((Some(i), format!("badge {}", arrow.number), Shape::Disc(arrow.badge, s.badge + s.outline)));
        out.push((Some(i), format!("head of arrow {}", arrow.number), Shape::Box(head_box(arrow, s))));
        for (k, b) in stroke_boxes(arrow, s).into_iter().enumerate() {
            out.push((Some(i), format!("arrow {} stretch {}", arrow.number, k + 1), Shape::Box(b)));
        }
    }
    out
}

/// Every overlap on page `page`, as sentences: badges, tube numbers,
/// arrows (their strokes and heads), tubes and the legend against each
/// other, and anything reaching past the page's edges. Allowed: an arrow's
/// own stretches meeting each other and its own badge; two arrows' strokes
/// crossing at right angles (they cannot be drawn apart in every level).
/// Not allowed: two arrows running along each other.
pub fn collisions(pages: &Pages, page: usize) -> Vec<String> {
    find(pages, page, Edges::All, 0.0)
}

/// Which of the page's edges a check holds marks within.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Edges {
    All,
    /// Left and right only: above and below, the page grows.
    Sides,
}

/// Every pair of marks closer than `clearance`, and marks past `edges`.
pub(super) fn find(pages: &Pages, page: usize, edges: Edges, clearance: f32) -> Vec<String> {
    let shapes = shapes(pages, page);
    let (w, h) = (pages.width as f32, if edges == Edges::All { pages.height as f32 } else { f32::MAX });
    let mut out = Vec::new();
    for (i, (owner_a, name_a, a)) in shapes.iter().enumerate() {
        let unbounded = edges == Edges::Sides && name_a == "legend";
        if !unbounded && !a.within(w, h, edges) {
            out.push(format!("{name_a} reaches past the page's edge"));
        }
        for (owner_b, name_b, b) in &shapes[i + 1..] {
            if owner_a.is_some() && owner_a == owner_b {
                // One arrow's own parts: only its badge on its head counts.
                let pair = (name_a.starts_with("badge"), name_b.starts_with("head"));
                if !(pair.0 && pair.1 || name_a.starts_with("head") && name_b.starts_with("badge")) {
                    continue;
                }
            }
            let strokes = name_a.contains("stretch") && name_b.contains("stretch");
            if strokes && crossing(a, b) {
                continue;
            }
            if a.gap(b) < clearance {
                out.push(format!("{name_a} overlaps {name_b}"));
            }
        }
    }
    out
}

/// Whether two stroke boxes only cross (one horizontal, one vertical)
/// rather than run along each other.
pub(super) fn crossing(a: &Shape, b: &Shape) -> bool {
    let (Shape::Box(a), Shape::Box(b)) = (a, b) else { return false };
    let wide = |x: &Bx| x.x1 - x.x0 > x.y1 - x.y0;
    wide(a) != wide(b)
}
