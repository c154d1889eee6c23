//! The frame a page is laid out in: the picture's rows of tubes, the
//! bands beside them and their tracks, the way each move runs, and one
//! page's arrows with their ports, tracks and badges.

use super::check::{Edges, dist, find, head_box, stroke_boxes};
use super::{Arrow, Bx, PageGeometry, Pages, Sizes};
use crate::geometry::Layout;
use crate::puzzle::water::Pour;
use crate::render::Pt;
use crate::render::water::route::nearest_gap;

/// An arrow's stroke, in tube widths: a tenth keeps two arrows' heads side
/// by side within one tube's mouth (two heads and a gap are 5.8 strokes).
pub(super) const STROKE: f32 = 0.10;
/// The thinnest stroke, as a fraction of the picture's width: 3.8 px when
/// the picture is shown 420 px wide, the least that reads as a line at a
/// glance on a phone (looked at on lvl105 and a 360-px sshcrack screen).
pub(super) const MIN_STROKE: f32 = 0.009;
/// An arrowhead's length and width, in strokes: a triangle about as big as
/// a badge's digit, so its direction shows at phone size.
pub(super) const HEAD: f32 = 2.6;
/// Distance between two arrows meeting one tube end, in strokes: a head's
/// width and most of a stroke between heads.
pub(super) const PORT: f32 = 3.4;
/// A move badge's radius, in tube widths, and its least as a fraction of
/// the picture's width (8.4 px at 420 px, where its digits are 11 px).
pub(super) const BADGE: f32 = 0.24;
pub(super) const MIN_BADGE: f32 = 0.02;
/// The least a badge may shrink to fit the gap between two rows, as a
/// fraction of the picture's width: 5.9 px at 420 px, digits of 8 px, the
/// smallest still read as digits on a phone held at arm's length.
pub(super) const SMALLEST_BADGE: f32 = 0.014;
/// A tube number's radius, in move-badge radii: a little smaller, so the
/// eye tells the two apart by size as well as by colour.
pub(super) const LABEL: f32 = 0.9;
/// Tracks in a band that may grow past the screenshot's edge: four arrows
/// stacked above one row are already hard to tell apart.
pub(super) const MAX_TRACKS: usize = 4;

/// Which way a band's tracks go from the one nearest the tubes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Band {
    /// Track 0's height.
    pub(super) first: f32,
    /// From one track to the next (negative: upwards).
    pub(super) step: f32,
    /// How many tracks fit.
    pub(super) capacity: usize,
}

impl Band {
    pub(super) fn track(&self, k: usize) -> f32 {
        self.first + self.step * k as f32
    }
}

/// Which end of a tube an arrow meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Side {
    Mouth,
    /// Its number, from the side away from the tube.
    Number,
    /// The bottom of its glass (the top row's, whose numbers are above it).
    Base,
}

/// The picture's rows and bands: everything a page is laid out in.
pub(super) struct Frame {
    pub(super) sizes: Sizes,
    pub(super) width: f32,
    pub(super) tubes: Vec<Bx>,
    pub(super) labels: Vec<Pt>,
    /// Each tube's row, top row 0.
    pub(super) row_of: Vec<usize>,
    pub(super) rows: usize,
    /// Whether the top row's numbers are above it (when there are more rows).
    pub(super) above_top: bool,
    /// Above the top row, below the bottom row, and in each gap between rows.
    pub(super) above: Band,
    pub(super) below: Band,
    pub(super) gaps: Vec<Band>,
}

/// A move's way before the ports and tracks are known: which tube end it
/// leaves and enters, and the bands of its horizontal stretches (two when it
/// crosses a row on the way, joined by a column at `column`).
pub(super) struct Way {
    pub(super) tail: Side,
    pub(super) head: Side,
    pub(super) bands: Vec<BandId>,
    pub(super) column: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BandId {
    Above,
    Below,
    Gap(usize),
}

impl Frame {
    pub(super) fn new(layout: &Layout) -> Frame {
        let width = layout.image_width as f32;
        let tubes: Vec<Bx> = layout
            .tubes
            .iter()
            .map(|t| Bx { x0: t.outer.x0 as f32, y0: t.outer.y0 as f32, x1: t.outer.x1 as f32, y1: t.outer.y1 as f32 })
            .collect();
        let mut widths: Vec<f32> = tubes.iter().map(|t| t.x1 - t.x0).collect();
        widths.sort_by(f32::total_cmp);
        let unit = widths.get(widths.len() / 2).copied().unwrap_or(width / 8.0).max(1.0);
        // Rows: tubes whose outlines overlap in height.
        let mut order: Vec<usize> = (0..tubes.len()).collect();
        order.sort_by(|&a, &b| tubes[a].y0.total_cmp(&tubes[b].y0));
        let mut row_of = vec![0; tubes.len()];
        let mut spans: Vec<(f32, f32)> = Vec::new();
        for &t in &order {
            match spans.last_mut() {
                Some(span) if tubes[t].y0 < span.1 => span.1 = span.1.max(tubes[t].y1),
                _ => spans.push((tubes[t].y0, tubes[t].y1)),
            }
            row_of[t] = spans.len() - 1;
        }
        let rows = spans.len().max(1);
        let stroke = (STROKE * unit).max(MIN_STROKE * width);
        let outline = (stroke * 0.2).max(1.0);
        let head = HEAD * stroke;
        let margin = (stroke * 0.3).max(1.0);
        let preferred = (BADGE * unit).max(MIN_BADGE * width);
        let smallest = (SMALLEST_BADGE * width).min(preferred);
        // The largest badge (down to the smallest) for which every gap
        // between rows holds one track. Tube numbers keep their size: they
        // sit on each row's outer side, not in the gaps.
        let label = preferred * LABEL;
        let mut badge = preferred;
        let frame = loop {
            let sizes = Sizes { stroke, outline, head, badge, label, margin };
            let frame = Frame::with_sizes(sizes, width, &tubes, &row_of, rows);
            if frame.gaps.iter().all(|g| g.capacity > 0) || badge <= smallest {
                break frame;
            }
            badge = (badge * 0.9).max(smallest);
        };
        // A gap too small even for the smallest badge still gets one track:
        // the pages' check reports what it covers.
        Frame { gaps: frame.gaps.iter().map(|g| Band { capacity: g.capacity.max(1), ..*g }).collect(), ..frame }
    }

    pub(super) fn with_sizes(sizes: Sizes, width: f32, tubes: &[Bx], row_of: &[usize], rows: usize) -> Frame {
        let Sizes { badge, label, margin, outline, .. } = sizes;
        // Numbers go on each row's outer side: above the top row when there
        // are more rows, below the others, so gaps between rows stay free.
        let above_top = rows > 1;
        let labels: Vec<Pt> = tubes
            .iter()
            .zip(row_of)
            .map(|(t, &r)| {
                let x = (t.x0 + t.x1) / 2.0;
                if r == 0 && above_top {
                    (x, t.y0 - margin - outline - label)
                } else {
                    (x, t.y1 + margin + outline + label)
                }
            })
            .collect();
        let in_row = |r: usize| (0..tubes.len()).filter(move |&t| row_of[t] == r);
        // The highest and lowest marks of a row: its tubes and numbers.
        let row_top =
            |r: usize| in_row(r).map(|t| tubes[t].y0.min(labels[t].1 - label - outline)).fold(f32::MAX, f32::min);
        let row_bottom =
            |r: usize| in_row(r).map(|t| tubes[t].y1.max(labels[t].1 + label + outline)).fold(f32::MIN, f32::max);
        // From a track to a badge's edge, and from a track to where a head
        // it leads to begins (the tip is `mouth` or `end` from the tube).
        let reach = badge + outline + margin;
        let lead = sizes.head + outline + margin + sizes.stroke / 2.0 + outline;
        let mouth = Self::mouth_gap(&sizes);
        let end = Self::number_gap(&sizes);
        // Bands that may grow keep whole badges apart; a gap between rows
        // packs tracks a badge's radius apart, and badges go where their
        // neighbours' stretches do not run.
        let step = 2.0 * reach;
        let packed = reach.max(2.0 * (sizes.stroke / 2.0 + outline + margin));
        // Every band's tracks keep a head's length from the ends they
        // meet (a mouth, a number or a glass's bottom) and a badge clear.
        let top_end = if above_top { end } else { mouth };
        let above =
            Band { first: (row_top(0) - top_end - lead).min(row_top(0) - reach), step: -step, capacity: MAX_TRACKS };
        let below_numbers = row_bottom(rows - 1);
        let below = Band { first: (below_numbers + end + lead).max(below_numbers + reach), step, capacity: MAX_TRACKS };
        let gaps = (0..rows.saturating_sub(1))
            .map(|r| {
                let lo = (row_bottom(r) + end.max(mouth) + lead).max(row_bottom(r) + reach);
                let hi = (row_top(r + 1) - reach).min(row_top(r + 1) - mouth - lead);
                let capacity = if hi >= lo { ((hi - lo) / packed) as usize + 1 } else { 0 };
                Band { first: if hi >= lo { hi } else { (lo + hi) / 2.0 }, step: -packed, capacity }
            })
            .collect();
        Frame {
            sizes,
            width,
            tubes: tubes.to_vec(),
            labels,
            row_of: row_of.to_vec(),
            rows,
            above_top,
            above,
            below,
            gaps,
        }
    }

    /// How far above a tube's outline an arrow ends at its mouth: its head's
    /// corners must not touch the glass.
    pub(super) fn mouth_gap(sizes: &Sizes) -> f32 {
        sizes.outline + sizes.margin
    }

    /// How far below a number's outline an arrow ends.
    pub(super) fn number_gap(sizes: &Sizes) -> f32 {
        sizes.outline * 2.0 + sizes.margin
    }

    pub(super) fn band(&self, id: BandId) -> &Band {
        match id {
            BandId::Above => &self.above,
            BandId::Below => &self.below,
            BandId::Gap(g) => &self.gaps[g],
        }
    }

    /// Which ends a move meets and which bands it runs in.
    pub(super) fn way(&self, pour: Pour) -> Way {
        let (ra, rb) = (self.row_of[pour.from], self.row_of[pour.to]);
        let (xa, xb) = (self.centre(pour.from), self.centre(pour.to));
        let last = self.rows - 1;
        let upper = |r: usize| if r == 0 && self.above_top { Side::Base } else { Side::Number };
        let same = |r: usize| {
            if r == 0 && self.above_top {
                (Side::Number, BandId::Above)
            } else if r == 0 {
                (Side::Mouth, BandId::Above)
            } else if r == last {
                (Side::Number, BandId::Below)
            } else {
                (Side::Mouth, BandId::Gap(r - 1))
            }
        };
        match ra.cmp(&rb) {
            std::cmp::Ordering::Equal => {
                let (side, band) = same(ra);
                Way { tail: side, head: side, bands: vec![band], column: xb }
            }
            // Down: from below the upper tube to the lower tube's mouth.
            std::cmp::Ordering::Less => {
                let bands =
                    if rb == ra + 1 { vec![BandId::Gap(ra)] } else { vec![BandId::Gap(ra), BandId::Gap(rb - 1)] };
                let column = self.free_column(ra + 1, rb - 1, xa, xb);
                Way { tail: upper(ra), head: Side::Mouth, bands, column }
            }
            std::cmp::Ordering::Greater => {
                let bands =
                    if ra == rb + 1 { vec![BandId::Gap(rb)] } else { vec![BandId::Gap(ra - 1), BandId::Gap(rb)] };
                let column = self.free_column(rb + 1, ra - 1, xa, xb);
                Way { tail: Side::Mouth, head: upper(rb), bands, column }
            }
        }
    }

    pub(super) fn centre(&self, tube: usize) -> f32 {
        (self.tubes[tube].x0 + self.tubes[tube].x1) / 2.0
    }

    /// An x where a column through rows `first..=last` crosses no tube and
    /// no number, nearest the way from `xa` to `xb`: the middle of a gap
    /// between them wide enough for a stroke, or beside the outermost.
    pub(super) fn free_column(&self, first: usize, last: usize, xa: f32, xb: f32) -> f32 {
        let half = self.sizes.stroke / 2.0 + self.sizes.outline + self.sizes.margin;
        let spans: Vec<(f32, f32)> = (0..self.tubes.len())
            .filter(|&t| (first..=last).contains(&self.row_of[t]))
            .map(|t| {
                let r = self.sizes.label + self.sizes.outline;
                (self.tubes[t].x0.min(self.labels[t].0 - r), self.tubes[t].x1.max(self.labels[t].0 + r))
            })
            .collect();
        nearest_gap(spans, 2.0 * half, 2.0 * half, xa, xb)
    }

    /// Where an arrow meets a tube end at horizontal offset `dx`.
    pub(super) fn end_point(&self, tube: usize, side: Side, dx: f32) -> Pt {
        let x = self.centre(tube) + dx;
        match side {
            Side::Mouth => (x, self.tubes[tube].y0 - Self::mouth_gap(&self.sizes)),
            Side::Base => (x, self.tubes[tube].y1 + Self::mouth_gap(&self.sizes)),
            Side::Number => {
                let off = self.sizes.label + self.sizes.outline + Self::number_gap(&self.sizes);
                let y = self.labels[tube].1;
                (x, if y < self.tubes[tube].y0 { y - off } else { y + off })
            }
        }
    }

    /// The arrows of a page of `moves` (numbered from `first`), or `None`
    /// when they do not all fit.
    pub(super) fn lay_out(&self, moves: &[Pour], first: usize) -> Option<Vec<Arrow>> {
        let ways: Vec<Way> = moves.iter().map(|&m| self.way(m)).collect();
        // Ports: the arrows meeting one tube end, ordered by where each is
        // going, side by side.
        let mut ends: Vec<((usize, Side), usize, f32)> = Vec::new();
        for (i, (m, w)) in moves.iter().zip(&ways).enumerate() {
            ends.push(((m.from, w.tail), i, self.centre(m.to)));
            ends.push(((m.to, w.head), i, self.centre(m.from)));
        }
        let mut offsets = vec![(0.0f32, 0.0f32); moves.len()];
        let port = PORT * self.sizes.stroke;
        let mut keys: Vec<(usize, Side)> = ends.iter().map(|e| e.0).collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys.iter().copied() {
            let mut here: Vec<&((usize, Side), usize, f32)> = ends.iter().filter(|e| e.0 == key).collect();
            if here.len() > 2 {
                return None;
            }
            here.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.1.cmp(&b.1)));
            for (j, e) in here.iter().enumerate() {
                let dx = (j as f32 - (here.len() - 1) as f32 / 2.0) * port;
                let is_tail = moves[e.1].from == key.0 && ways[e.1].tail == key.1;
                if is_tail { offsets[e.1].0 = dx } else { offsets[e.1].1 = dx }
            }
        }
        // Tracks: shortest stretches nearest the tubes; a track holds
        // stretches that keep apart.
        let stretch = |i: usize, k: usize| -> (f32, f32) {
            let m = moves[i];
            let xa = self.centre(m.from) + offsets[i].0;
            let xb = self.centre(m.to) + offsets[i].1;
            let column = ways[i].column;
            match (ways[i].bands.len(), k) {
                (1, _) => (xa.min(xb), xa.max(xb)),
                (_, 0) => (xa.min(column), xa.max(column)),
                _ => (xb.min(column), xb.max(column)),
            }
        };
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by(|&a, &b| {
            let len = |i: usize| stretch(i, 0).1 - stretch(i, 0).0;
            len(a).total_cmp(&len(b)).then(a.cmp(&b))
        });
        let keep = self.sizes.stroke + 2.0 * self.sizes.outline + 2.0 * self.sizes.margin;
        let mut taken: Vec<(BandId, usize, f32, f32)> = Vec::new();
        let mut tracks = vec![Vec::new(); moves.len()];
        for &i in &order {
            for (k, &band) in ways[i].bands.iter().enumerate() {
                let (x0, x1) = stretch(i, k);
                let track = (0..self.band(band).capacity).find(|&t| {
                    !taken.iter().any(|&(b, tt, y0, y1)| b == band && tt == t && x0 < y1 + keep && y0 < x1 + keep)
                });
                let track = track?;
                taken.push((band, track, x0, x1));
                tracks[i].push(self.band(band).track(track));
            }
        }
        let mut arrows: Vec<Arrow> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let tail = self.end_point(m.from, ways[i].tail, offsets[i].0);
                let tip = self.end_point(m.to, ways[i].head, offsets[i].1);
                let path = match tracks[i][..] {
                    [y] => vec![tail, (tail.0, y), (tip.0, y), tip],
                    [y0, y1, ..] => {
                        let x = ways[i].column;
                        vec![tail, (tail.0, y0), (x, y0), (x, y1), (tip.0, y1), tip]
                    }
                    [] => vec![tail, tip],
                };
                Arrow { number: first + i + 1, pour: m, path, badge: tail }
            })
            .collect();
        // Badges, in move order: on the arrow's own horizontal stretches,
        // from their middles outwards, where they touch nothing else.
        let reach = self.sizes.badge + self.sizes.outline;
        for i in 0..arrows.len() {
            let spot =
                candidates(&arrows[i].path, reach / 3.0).into_iter().find(|&c| self.badge_is_clear(&arrows, i, c));
            let spot = spot?;
            arrows[i].badge = spot;
        }
        Some(arrows)
    }

    /// Whether arrow `i`'s badge touches nothing of the page: its own head,
    /// other arrows, earlier badges, numbers, tubes, or the picture's sides.
    pub(super) fn badge_is_clear(&self, arrows: &[Arrow], i: usize, c: Pt) -> bool {
        let s = &self.sizes;
        let r = s.badge + s.outline;
        if c.0 - r < 0.0 || c.0 + r > self.width {
            return false;
        }
        let near = |b: &Bx| b.gap_to_disc(c, r) < s.margin;
        if self.tubes.iter().any(near) || self.labels.iter().any(|&l| dist(l, c) < r + s.label + s.outline + s.margin) {
            return false;
        }
        if near(&head_box(&arrows[i], s)) {
            return false;
        }
        arrows.iter().enumerate().filter(|&(j, _)| j != i).all(|(j, other)| {
            !stroke_boxes(other, s).iter().any(near)
                && !near(&head_box(other, s))
                && (j > i || dist(other.badge, c) >= 2.0 * r + s.margin)
        })
    }
}

/// Points along a path where a badge may go: each stretch's middle first,
/// then outwards in `step`s; horizontal stretches (longest first) before
/// upright ones, where a badge is harder to tell from its tube.
pub(super) fn candidates(path: &[Pt], step: f32) -> Vec<Pt> {
    let mut stretches: Vec<(Pt, Pt)> = path.windows(2).map(|w| (w[0], w[1])).collect();
    // Horizontal stretches first, longest first; then the upright ones.
    let key = |a: &(Pt, Pt)| {
        let (dx, dy) = ((a.1.0 - a.0.0).abs(), (a.1.1 - a.0.1).abs());
        if dy < 0.5 { dx } else { -dy.max(1.0) / 1e6 }
    };
    stretches.sort_by(|a, b| key(b).total_cmp(&key(a)));
    let mut out = Vec::new();
    for (a, b) in stretches {
        let len = (b.0 - a.0).hypot(b.1 - a.1);
        let at = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        out.push(at(0.5));
        let dt = step.max(0.5) / len.max(1.0);
        let mut d = dt;
        while d <= 0.5 {
            out.push(at(0.5 - d));
            out.push(at(0.5 + d));
            d += dt;
        }
    }
    out
}

impl Frame {
    /// Whether a page's arrows are clear of each other and of everything
    /// fixed, by the same check as the tests (with a margin).
    pub(super) fn page_is_clear(&self, arrows: &[Arrow]) -> bool {
        let pages = Pages {
            width: self.width as u32,
            height: 0,
            offset: 0,
            sizes: self.sizes,
            tubes: self.tubes.clone(),
            labels: self.labels.clone(),
            // No legend yet: it is placed clear of everything afterwards.
            legend: Bx { x0: 0.0, y0: -1e9, x1: 0.0, y1: -1e9 },
            legend_line: 0.0,
            pages: vec![PageGeometry { arrows: arrows.to_vec(), lines: Vec::new() }],
        };
        find(&pages, 0, Edges::Sides, self.sizes.margin / 2.0).is_empty()
    }

    /// One move laid out with its badge at its stretch's middle, when no
    /// place was clear.
    pub(super) fn forced(&self, pour: Pour, first: usize) -> Vec<Arrow> {
        let way = self.way(pour);
        let tail = self.end_point(pour.from, way.tail, 0.0);
        let tip = self.end_point(pour.to, way.head, 0.0);
        let y = self.band(way.bands[0]).track(0);
        let path = vec![tail, (tail.0, y), (tip.0, y), tip];
        vec![Arrow { number: first + 1, pour, badge: ((tail.0 + tip.0) / 2.0, y), path }]
    }
}
