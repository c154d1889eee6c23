//! Would another fill order find a Brendan board's first solution with fewer
//! placements than scan-line? `cargo run --release --example fill_orders 7 7`.
//!
//! Issue #3 prescribes scan-line order, and one thread of the tuned solver
//! needs about 130 ms for Brendan 7×7's first solution against a 100 ms
//! floor. This is the evidence for the decision on another order: a plain
//! backtracker (no look-ahead, no symmetry breaking, each side checked
//! against every placed neighbour and the frame) run in several orders over
//! the same seeded card orders as `first_solution`, counting placements (a
//! card in a rotation put on a cell it fits) until the first solution. The
//! counts compare orders with each other, not with the tuned solver.
//! `--dynamic-only` runs only the most-constrained-cell order, which is slow
//! per placement here (every empty cell is recounted at every step).
//!
//! Measured 2026-11-21 (2-core VM; 6×6 takes a minute, 7×7 about 25):
//! - 6×6, medians over 12 orders: scan-line 0.23 M, frame first 1.62 M,
//!   diagonals 2.16 M, two rows 0.44 M, most constrained cell 0.19 M (worst
//!   1.25 M against scan-line's 0.70 M).
//! - 7×7: scan-line median 8.6 M (one order over the 40 M budget); frame
//!   first over budget on 11 of 12 orders, diagonals on 10, two rows median
//!   28 M; most constrained cell over budget on the file's order (the only
//!   one run: 15 minutes).

#[path = "support/brendan.rs"]
mod brendan;

use snapsolve::puzzle::squares::{Edge, Rotation, SquaresPuzzle};

/// Placements after which a run gives up.
const BUDGET: u64 = 40_000_000;

struct Board<'a> {
    puzzle: &'a SquaresPuzzle,
    w: usize,
    h: usize,
    /// Per cell: the card and its rotation.
    at: Vec<Option<(usize, Rotation)>>,
    used: Vec<bool>,
    placements: u64,
}

impl Board<'_> {
    /// The side of the card at `cell` facing `side` (0 top, 1 right, 2 bottom, 3 left).
    fn side(&self, cell: usize, side: usize) -> Option<Edge> {
        self.at[cell].map(|(card, r)| self.puzzle.cards[card].edge(side, r))
    }

    /// Whether `card` turned by `r` fits `cell` against the frame and every
    /// placed neighbour.
    fn fits(&self, cell: usize, card: usize, r: Rotation) -> bool {
        let (row, col) = (cell / self.w, cell % self.w);
        let framed = self.puzzle.is_framed();
        let neighbours = [
            (row > 0).then(|| cell - self.w),
            (col + 1 < self.w).then(|| cell + 1),
            (row + 1 < self.h).then(|| cell + self.w),
            (col > 0).then(|| cell - 1),
        ];
        (0..4).all(|side| {
            let edge = self.puzzle.cards[card].edge(side, r);
            match neighbours[side] {
                None => !framed || edge == Edge::Border,
                Some(other) => edge != Edge::Border && self.side(other, (side + 2) % 4).is_none_or(|o| edge.matches(o)),
            }
        })
    }

    /// Fills the empty cell with the fewest fitting cards first (ties: the
    /// first in scan-line order); true at the first solution. A cell with
    /// none ends the branch at once, so this order also looks ahead.
    fn fill_most_constrained(&mut self) -> bool {
        if self.placements > BUDGET {
            return false;
        }
        let mut best: Option<(usize, Vec<(usize, Rotation)>)> = None;
        for cell in (0..self.at.len()).filter(|&c| self.at[c].is_none()) {
            let fitting: Vec<(usize, Rotation)> = (0..self.used.len())
                .filter(|&card| !self.used[card])
                .flat_map(|card| Rotation::ALL.map(|r| (card, r)))
                .filter(|&(card, r)| self.fits(cell, card, r))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| fitting.len() < b.len()) {
                let empty = fitting.is_empty();
                best = Some((cell, fitting));
                if empty {
                    break;
                }
            }
        }
        let Some((cell, fitting)) = best else {
            return true;
        };
        for (card, r) in fitting {
            self.placements += 1;
            self.at[cell] = Some((card, r));
            self.used[card] = true;
            if self.fill_most_constrained() {
                return true;
            }
            self.used[card] = false;
            self.at[cell] = None;
        }
        false
    }

    /// Fills the cells of `order` from `step` on; true at the first solution.
    fn fill(&mut self, order: &[usize], step: usize) -> bool {
        if step == order.len() {
            return true;
        }
        if self.placements > BUDGET {
            return false;
        }
        let cell = order[step];
        for card in 0..self.used.len() {
            if self.used[card] {
                continue;
            }
            for r in Rotation::ALL {
                if !self.fits(cell, card, r) {
                    continue;
                }
                self.placements += 1;
                self.at[cell] = Some((card, r));
                self.used[card] = true;
                if self.fill(order, step + 1) {
                    return true;
                }
                self.used[card] = false;
                self.at[cell] = None;
            }
        }
        false
    }
}

fn orders(w: usize, h: usize) -> Vec<(&'static str, Vec<usize>)> {
    let scan: Vec<usize> = (0..w * h).collect();
    let on_frame = |c: usize| c / w == 0 || c / w == h - 1 || c.is_multiple_of(w) || c % w == w - 1;
    // The frame clockwise from the top-left corner, then the inside row by row.
    let mut ring: Vec<usize> = (0..w).collect();
    ring.extend((1..h).map(|r| r * w + w - 1));
    ring.extend((0..w - 1).rev().map(|c| (h - 1) * w + c));
    ring.extend((1..h - 1).rev().map(|r| r * w));
    let frame_first: Vec<usize> = ring.iter().copied().chain(scan.iter().copied().filter(|&c| !on_frame(c))).collect();
    // Anti-diagonals: every cell still has its left and top neighbours placed.
    let mut diagonal = scan.clone();
    diagonal.sort_by_key(|&c| (c / w + c % w, c / w));
    // Two rows at a time, column by column: a shorter open edge than scan-line.
    let mut two_rows = scan.clone();
    two_rows.sort_by_key(|&c| (c / w / 2, c % w, c / w));
    let mut all =
        vec![("scan-line", scan), ("frame first", frame_first), ("diagonals", diagonal), ("two rows", two_rows)];
    // No fixed order: chosen at every step.
    all.push(("most constrained cell", Vec::new()));
    if std::env::args().any(|a| a == "--dynamic-only") {
        all.drain(..4);
    }
    all
}

fn main() {
    let (base, w, h) = brendan::from_args();
    let orders = orders(w, h);
    let mut all: Vec<Vec<u64>> = vec![Vec::new(); orders.len()];
    for seed in 0..12u64 {
        // The same seeded shuffles as `first_solution`; seed 0 is the file's order.
        let p = brendan::shuffled(&base, seed);
        let mut line = format!("seed {seed:2}:");
        for (k, (name, order)) in orders.iter().enumerate() {
            let n = p.cards.len();
            let mut board = Board { puzzle: &p, w, h, at: vec![None; n], used: vec![false; n], placements: 0 };
            let solved = if order.is_empty() { board.fill_most_constrained() } else { board.fill(order, 0) };
            all[k].push(if solved { board.placements } else { u64::MAX });
            let shown =
                if solved { format!("{:.2} M", board.placements as f64 / 1e6) } else { "over budget".to_string() };
            line += &format!(" {name} {shown};");
        }
        println!("{line}");
    }
    for ((name, _), mut counts) in orders.iter().zip(all) {
        counts.sort_unstable();
        let median = counts[counts.len() / 2];
        let show = |c: u64| if c == u64::MAX { "over budget".to_string() } else { format!("{:.2} M", c as f64 / 1e6) };
        println!("{name}: median {}, best {}, worst {}", show(median), show(counts[0]), show(counts[counts.len() - 1]));
    }
}
