//! Straightening a card's outline: each side of a rough quadrilateral is
//! moved onto the straight line along which the picture steps from card to
//! table.
//!
//! The rough corners come from a blob's extreme points, which are only as
//! good as the blob. On a phone photo, glare on the table or a card laid
//! against another joins blobs, and the cut that separates them is a
//! straight guess; the corners of such a cell can be off by a tenth of a
//! card (Bama: the top-right card's bottom-right corner 130 pixels low). A
//! card's side, though, is a straight line with card on one side and table
//! on the other along all its length, while glare and speckle are not. So
//! every side is searched as a line (both ends moved up to a fifth of the
//! card's side in or out) for the greatest mean step in "distance from the
//! table colour" across it, counting the card side only where it is the
//! blob's own pixels (glare beyond the cut that looks like card does not
//! pull a side out), and the corners are where the four lines meet.
//! `snap_scored` also says how much edge the sides found, so that of two
//! starting outlines the better can be kept.

/// A card's corners (top-left, top-right, bottom-right, bottom-left), in
/// the working picture's pixels.
pub(super) type Corners = [(f32, f32); 4];

/// What the snapping reads: per pixel of a `width`-wide picture, how far its
/// (blurred) colour is from the table's.
pub(super) struct Away<'a> {
    pub distance: &'a [f32],
    pub width: usize,
    pub height: usize,
}

/// Samples along a side (its middle 90%, clear of rounded corners).
const SAMPLES: usize = 60;
/// How far either side of the line the step is measured, in pixels.
const GAP: usize = 3;
/// Distances from the table above this count as plain "card".
const CAP: f32 = 40.0;

/// `corners` with every side moved onto the card's edge. `own(x, y)` says
/// whether a pixel belongs to this card's blob.
pub(super) fn snap(corners: Corners, away: &Away, own: impl Fn(usize, usize) -> bool) -> Corners {
    let (snapped, _) = snap_scored(corners, away, own);
    // Inside a game board of tiles that meet, a tile's own pattern can
    // outscore its outline (a black triangle beside a white one on a pale
    // window): such a snap bends a square tile out of shape. Keep it only
    // if the card is at least about as square as before.
    if skew(&snapped) <= skew(&corners) + 0.03 { snapped } else { corners }
}

/// `corners` with every side moved onto the card's edge, and how much edge
/// the four sides found (the sum of their steps; more is better).
pub(super) fn snap_scored(corners: Corners, away: &Away, own: impl Fn(usize, usize) -> bool) -> (Corners, f32) {
    let centre = corners.iter().fold((0.0, 0.0), |acc, c| (acc.0 + c.0 / 4.0, acc.1 + c.1 / 4.0));
    let side = (0..4).map(|i| dist(corners[i], corners[(i + 1) % 4])).sum::<f32>() / 4.0;
    let reach = (side * 0.2).round() as i32;
    // Where along a side its samples lie (its middle 90%).
    let along: [f32; SAMPLES] = std::array::from_fn(|k| 0.05 + 0.9 * k as f32 / (SAMPLES - 1) as f32);
    let mut total = 0.0;
    let lines: Vec<((f32, f32), (f32, f32))> = (0..4)
        .map(|i| {
            let (p, q) = (corners[i], corners[(i + 1) % 4]);
            let length = dist(p, q).max(1.0);
            // The unit normal pointing into the card.
            let mut normal = (-(q.1 - p.1) / length, (q.0 - p.0) / length);
            if (centre.0 - p.0) * normal.0 + (centre.1 - p.1) * normal.1 < 0.0 {
                normal = (-normal.0, -normal.1);
            }
            // Moving the ends by `a` and `b` along the normal moves the
            // side's k-th sample by a + (b − a)·s_k: so the step at every
            // sample and every whole move is tabled once, and a line's
            // score is a sum of table entries.
            let offsets = 2 * reach as usize + 1;
            let mut step = vec![0.0f32; SAMPLES * offsets];
            for (k, &s) in along.iter().enumerate() {
                let on_side = (p.0 + (q.0 - p.0) * s, p.1 + (q.1 - p.1) * s);
                for o in 0..offsets {
                    let m = (o as i32 - reach) as f32;
                    let at = |g: f32| (on_side.0 + normal.0 * (m + g), on_side.1 + normal.1 * (m + g));
                    // Measured 1, 2 and 3 pixels either side, the step peaks
                    // where the line is on the (blurred) edge.
                    step[k * offsets + o] = (1..=GAP)
                        .map(|g| {
                            let inner = match pixel(away, at(g as f32)) {
                                Some((d, x, y)) if own(x, y) => d,
                                _ => 0.0,
                            };
                            let outer = pixel(away, at(-(g as f32))).map_or(CAP, |v| v.0);
                            inner - outer
                        })
                        .sum();
                }
            }
            let score = |a: i32, b: i32| -> f32 {
                along
                    .iter()
                    .enumerate()
                    .map(|(k, &s)| {
                        let m = (a as f32 + (b - a) as f32 * s).round() as i32;
                        step[k * offsets + (m + reach) as usize]
                    })
                    .sum()
            };
            // Every third move, then every move around the best.
            let mut best = (score(0, 0), 0, 0);
            let coarse = (-reach..=reach).step_by(3);
            for (a, b) in coarse.clone().flat_map(|a| coarse.clone().map(move |b| (a, b))) {
                let s = score(a, b);
                if s > best.0 {
                    best = (s, a, b);
                }
            }
            let (_, a0, b0) = best;
            let fine = |c: i32| (c - 2).max(-reach)..=(c + 2).min(reach);
            for (a, b) in fine(a0).flat_map(|a| fine(b0).map(move |b| (a, b))) {
                let s = score(a, b);
                if s > best.0 {
                    best = (s, a, b);
                }
            }
            let shift = |c: (f32, f32), by: i32| (c.0 + normal.0 * by as f32, c.1 + normal.1 * by as f32);
            total += best.0;
            (shift(p, best.1), shift(q, best.2))
        })
        .collect();
    // Corner i is where side i-1 (ending there) meets side i (starting there).
    let snapped: Corners = std::array::from_fn(|i| meet(lines[(i + 3) % 4], lines[i]).unwrap_or(corners[i]));
    (snapped, total)
}

/// How far a quadrilateral is from a square: the spread of its side lengths
/// plus the difference of its diagonals, relative to their means.
fn skew(c: &Corners) -> f32 {
    let sides: Vec<f32> = (0..4).map(|i| dist(c[i], c[(i + 1) % 4])).collect();
    let mean = sides.iter().sum::<f32>() / 4.0;
    let spread = sides.iter().fold(f32::MIN, |a, &b| a.max(b)) - sides.iter().fold(f32::MAX, |a, &b| a.min(b));
    let (d1, d2) = (dist(c[0], c[2]), dist(c[1], c[3]));
    if mean <= 0.0 {
        return f32::MAX;
    }
    spread / mean + (d1 - d2).abs() / ((d1 + d2) / 2.0).max(1e-3)
}

/// The distance from the table at the pixel nearest `at`, and that pixel.
fn pixel(away: &Away, at: (f32, f32)) -> Option<(f32, usize, usize)> {
    let (x, y) = (at.0.round(), at.1.round());
    if x < 0.0 || y < 0.0 || x as usize >= away.width || y as usize >= away.height {
        return None;
    }
    let (x, y) = (x as usize, y as usize);
    Some((away.distance[y * away.width + x].min(CAP), x, y))
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Where two lines (each through two points) cross; `None` if they are
/// about parallel.
fn meet(l1: ((f32, f32), (f32, f32)), l2: ((f32, f32), (f32, f32))) -> Option<(f32, f32)> {
    let (p, r) = (l1.0, (l1.1.0 - l1.0.0, l1.1.1 - l1.0.1));
    let (q, s) = (l2.0, (l2.1.0 - l2.0.0, l2.1.1 - l2.0.1));
    let cross = r.0 * s.1 - r.1 * s.0;
    if cross.abs() < 1e-3 * (r.0.hypot(r.1) * s.0.hypot(s.1)) {
        return None;
    }
    let t = ((q.0 - p.0) * s.1 - (q.1 - p.1) * s.0) / cross;
    Some((p.0 + r.0 * t, p.1 + r.1 * t))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tilted card on a plain table, with a bright patch of "glare" on the
    /// table beyond its bottom side; the rough corners are off by several
    /// pixels. The snapped corners land on the card's.
    #[test]
    fn sides_move_onto_the_card_edge_and_not_onto_glare() {
        let (w, h) = (120usize, 120usize);
        // The card: the square with corners (30,20) (90,25) (85,85) (25,80).
        let card = [(30.0f32, 20.0f32), (90.0, 25.0), (85.0, 85.0), (25.0, 80.0)];
        let inside = |x: f32, y: f32| {
            (0..4).all(|i| {
                let (a, b) = (card[i], card[(i + 1) % 4]);
                (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0) >= 0.0
            })
        };
        let glare = |x: f32, y: f32| (30.0..70.0).contains(&x) && (86.0..100.0).contains(&y);
        let mut distance = vec![0.0f32; w * h];
        for y in 0..h {
            for x in 0..w {
                let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
                distance[y * w + x] = if inside(fx, fy) || glare(fx, fy) { 50.0 } else { 2.0 };
            }
        }
        let away = Away { distance: &distance, width: w, height: h };
        // The blob took in the glare: its own pixels are the card and glare,
        // but the cut gave it only the part above y = 92.
        let own = |x: usize, y: usize| y < 92 && distance[y * w + x] > 10.0;
        let rough = [(28.0, 18.0), (92.0, 22.0), (80.0, 92.0), (22.0, 92.0)];
        let got = snap(rough, &away, own);
        for (g, want) in got.iter().zip(card) {
            assert!(dist(*g, want) < 2.5, "corner {g:?}, expected {want:?}; all {got:?}");
        }
    }
}
