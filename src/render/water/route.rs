//! The way a pour's arrow runs, as a polyline in the picture's pixels: up
//! out of the source tube, along the free band above its row, over to the
//! target and down into it, never across another tube. Pure geometry from
//! the tubes' outlines, so the phone page (which draws it as SVG) and the
//! tests use the same path.
//!
//! Rows are tubes whose outlines overlap in height. Above a row the arrow
//! runs halfway up the gap to the row above (or, for the top row, a
//! clearance above it, which may be above the picture's top edge: whoever
//! draws it grows a band there). Between rows it climbs or drops in a free
//! column: the gap between tubes, or beside the outermost one, nearest the
//! straight way.

use super::Pt;
use crate::geometry::Rect;

/// How far above the top row the arrow runs, in tube widths: the page's
/// stroke is about a fifth of a tube width and its head about three
/// strokes wide, so 0.6 keeps both off the rims. Derived from those widths
/// and looked at on lvl105 at 412 px only, not fitted to a data set.
const TOP_CLEARANCE: f32 = 0.6;
/// Where a pour enters and leaves a tube, in tube widths above its rim: a
/// little above, so the arrowhead points into the mouth without covering
/// the top layer. A drawing choice, looked at on lvl105 only.
const MOUTH_GAP: f32 = 0.12;

/// The polyline from the top of tube `from` to the top of tube `to`
/// (indices into `tubes`), first point at the source's mouth, last at the
/// target's. Points may have a negative `y` (above the picture).
pub fn route(tubes: &[Rect], from: usize, to: usize) -> Vec<Pt> {
    let (a, b) = (tubes[from], tubes[to]);
    let unit = median_width(tubes);
    let rows = rows(tubes);
    let lane = |tube: &Rect| lane_above(&rows, tube, unit);
    let (ya, yb) = (lane(&a), lane(&b));
    let start = (a.center_x(), a.y0 as f32 - MOUTH_GAP * unit);
    let end = (b.center_x(), b.y0 as f32 - MOUTH_GAP * unit);
    if (ya - yb).abs() < 0.5 {
        return vec![start, (start.0, ya), (end.0, ya), end];
    }
    let x = free_column(tubes, ya.min(yb), ya.max(yb), start.0, end.0, unit);
    vec![start, (start.0, ya), (x, ya), (x, yb), (end.0, yb), end]
}

/// The median tube width, the unit of every clearance (at least a pixel).
fn median_width(tubes: &[Rect]) -> f32 {
    let mut widths: Vec<u32> = tubes.iter().map(Rect::width).collect();
    widths.sort_unstable();
    widths.get(widths.len() / 2).copied().unwrap_or(1).max(1) as f32
}

/// The rows' vertical extents (top, bottom), top row first: tubes whose
/// outlines overlap in height are one row.
fn rows(tubes: &[Rect]) -> Vec<(f32, f32)> {
    let mut spans: Vec<(f32, f32)> = tubes.iter().map(|t| (t.y0 as f32, t.y1 as f32)).collect();
    spans.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut rows: Vec<(f32, f32)> = Vec::new();
    for (top, bottom) in spans {
        match rows.last_mut() {
            Some(row) if top < row.1 => row.1 = row.1.max(bottom),
            _ => rows.push((top, bottom)),
        }
    }
    rows
}

/// The height the arrow runs at above `tube`'s row: halfway up the gap to
/// the row above, or a clearance above the top row.
fn lane_above(rows: &[(f32, f32)], tube: &Rect, unit: f32) -> f32 {
    let y = tube.y0 as f32;
    let row = rows.iter().position(|&(top, bottom)| y >= top && y < bottom.max(top + 1.0)).unwrap_or(0);
    let top = rows[row].0;
    match row.checked_sub(1).map(|r| rows[r]) {
        Some((_, above_bottom)) => (above_bottom + top) / 2.0,
        None => top - TOP_CLEARANCE * unit,
    }
}

/// An x where a vertical segment from `y0` to `y1` crosses no tube: the
/// middle of a gap between the tubes in that height, or beside the
/// outermost ones, whichever makes the way from `xa` to `xb` shortest.
fn free_column(tubes: &[Rect], y0: f32, y1: f32, xa: f32, xb: f32, unit: f32) -> f32 {
    let spans: Vec<(f32, f32)> =
        tubes.iter().filter(|t| (t.y0 as f32) < y1 && (t.y1 as f32) > y0).map(|t| (t.x0 as f32, t.x1 as f32)).collect();
    nearest_gap(spans, 0.0, unit / 2.0, xa, xb)
}

/// The x of a free column among horizontal `spans` that makes the way from
/// `xa` to `xb` shortest: the middle of a gap between spans (spans less
/// than `join` apart count as one), or `outside` beyond the outermost; the
/// middle of `xa` and `xb` when there are no spans.
pub(crate) fn nearest_gap(mut spans: Vec<(f32, f32)>, join: f32, outside: f32, xa: f32, xb: f32) -> f32 {
    if spans.is_empty() {
        return (xa + xb) / 2.0;
    }
    spans.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut merged: Vec<(f32, f32)> = Vec::new();
    for (l, r) in spans {
        match merged.last_mut() {
            Some(m) if l <= m.1 + join => m.1 = m.1.max(r),
            _ => merged.push((l, r)),
        }
    }
    let mut candidates = vec![merged[0].0 - outside, merged[merged.len() - 1].1 + outside];
    candidates.extend(merged.windows(2).map(|w| (w[0].1 + w[1].0) / 2.0));
    let cost = |x: f32| (x - xa).abs() + (x - xb).abs();
    candidates.into_iter().min_by(|p, q| cost(*p).total_cmp(&cost(*q))).unwrap_or(xa)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tube(x0: u32, y0: u32) -> Rect {
        Rect { x0, y0, x1: x0 + 40, y1: y0 + 160 }
    }

    /// Whether a segment crosses the inside of a rectangle.
    fn crosses(p: Pt, q: Pt, r: &Rect) -> bool {
        let (x0, x1) = (p.0.min(q.0), p.0.max(q.0));
        let (y0, y1) = (p.1.min(q.1), p.1.max(q.1));
        x0 < r.x1 as f32 && x1 > r.x0 as f32 && y0 < r.y1 as f32 && y1 > r.y0 as f32
    }

    #[test]
    fn arrows_run_above_the_tubes_and_between_rows_through_gaps() {
        // Two rows of four tubes, 20 px apart, with a 40 px gap between rows.
        let mut tubes: Vec<Rect> = (0..4).map(|i| tube(20 + 60 * i, 100)).collect();
        tubes.extend((0..4).map(|i| tube(20 + 60 * i, 300)));
        for from in 0..8 {
            for to in 0..8 {
                if from == to {
                    continue;
                }
                let path = route(&tubes, from, to);
                for pair in path.windows(2) {
                    for (i, t) in tubes.iter().enumerate() {
                        assert!(!crosses(pair[0], pair[1], t), "{from}→{to}: {pair:?} crosses tube {i}");
                    }
                }
                assert_eq!(path[0].0, tubes[from].center_x());
                assert_eq!(path.last().unwrap().0, tubes[to].center_x());
            }
        }
        // Same row: one lane above it; the top row's lane is above the picture's tubes.
        let top = route(&tubes, 0, 3);
        assert_eq!(top.len(), 4);
        assert!(top[1].1 < 100.0);
        // Bottom row: the lane is the middle of the gap between the rows.
        assert_eq!(route(&tubes, 4, 7)[1].1, (260.0 + 300.0) / 2.0);
    }
}
