//! How long the first solution of a Brendan board takes when the cards come
//! in another order: `cargo run --release --example first_solution 7 7`.
//!
//! The search finds the first solution after a number of placements that
//! depends a great deal on the order the cards are listed in (a heavy tail:
//! on 7×7, from 0.5 M to 25 M nodes over a dozen orders). Order 0 is the file
//! as written; the others are seeded shuffles. Each is run on one thread and
//! on two, to show what sharing the tree out buys beyond the one order the
//! benchmark times.

#[path = "support/brendan.rs"]
mod brendan;

use snapsolve::solve::squares::{SquaresSolveOptions, solve};
use std::time::Instant;

fn main() {
    let (base, _, _) = brendan::from_args();
    let opts = SquaresSolveOptions { first_only: true, max_nodes: 2_000_000_000, ..Default::default() };
    for seed in 0..12u64 {
        let p = brendan::shuffled(&base, seed);
        let mut line = format!("seed {seed}:");
        for threads in [1, 2] {
            // Same seeds every run: the orders are reproducible.
            let t = Instant::now();
            let r = solve(&p, &SquaresSolveOptions { threads, ..opts }).unwrap();
            line += &format!(" t{threads} {} nodes {:.1} ms;", r.nodes, t.elapsed().as_secs_f64() * 1e3);
        }
        println!("{line}");
    }
}
