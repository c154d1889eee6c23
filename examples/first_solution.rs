//! How long the first solution of a Brendan board takes when the cards come
//! in another order: `cargo run --release --example first_solution 7 7`.
//!
//! The search finds the first solution after a number of placements that
//! depends a great deal on the order the cards are listed in (a heavy tail:
//! on 7×7, from 0.5 M to 25 M nodes over a dozen orders). Order 0 is the file
//! as written; the others are seeded shuffles. Each is run on one thread and
//! on two, to show what sharing the tree out buys beyond the one order the
//! benchmark times.

use snapsolve::puzzle::squares::SquaresPuzzle;
use snapsolve::solve::squares::{SquaresSolveOptions, solve};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (w, h) = match args[..] {
        [w, h] => (w, h),
        _ => (7, 7),
    };
    let text = std::fs::read_to_string(format!(
        "../shared/edge_data/jfbucas__eternityII-viewer/brendan/pieces_{w:02}x{h:02}.txt"
    ))
    .unwrap();
    let base = SquaresPuzzle::from_brendan(&text).unwrap();
    let opts = SquaresSolveOptions { first_only: true, max_nodes: 2_000_000_000, ..Default::default() };
    for seed in 0..12u64 {
        let mut p = base.clone();
        let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if seed > 0 {
            for i in (1..p.cards.len()).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let j = (s >> 33) as usize % (i + 1);
                p.cards.swap(i, j);
            }
        }
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
