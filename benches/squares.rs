//! Edge-matching solver figures: `cargo bench --bench squares`.
//!
//! Brendan Owen's boards from `../shared/edge_data/jfbucas__eternityII-viewer/brendan/`:
//! all solutions of 6×6, first solution of 7×7 (and a few more sizes), with
//! placements per second, single thread.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use snapsolve::puzzle::squares::SquaresPuzzle;
use snapsolve::solve::squares::{SquaresSolveOptions, solve};

fn brendan(w: usize, h: usize) -> SquaresPuzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../shared/edge_data/jfbucas__eternityII-viewer/brendan/pieces_{w:02}x{h:02}.txt"));
    SquaresPuzzle::from_brendan(&std::fs::read_to_string(&path).expect("Brendan board")).unwrap()
}

fn run(label: &str, puzzle: &SquaresPuzzle, first_only: bool, threads: usize, runs: usize) -> Duration {
    let options = SquaresSolveOptions { first_only, max_nodes: u64::MAX, keep: 1, threads, ..Default::default() };
    let mut best = Duration::MAX;
    let mut line = String::new();
    for _ in 0..runs {
        let start = Instant::now();
        let result = solve(puzzle, &options);
        let elapsed = start.elapsed();
        if elapsed < best {
            best = elapsed;
            let rate = |count: u64| count as f64 / elapsed.as_secs_f64() / 1e6;
            line = match &result {
                Ok(s) => format!(
                    "{} raw / {} unique solutions{}; {} nodes ({:.1} M/s), {} cards tried ({:.1} M/s)",
                    s.raw,
                    s.unique,
                    if s.complete { "" } else { " (stopped at the first)" },
                    s.nodes,
                    rate(s.nodes),
                    s.tried,
                    rate(s.tried),
                ),
                Err(e) => e.to_string(),
            };
        }
    }
    let threads = if threads == 0 { "all cores".to_string() } else { format!("{threads} thread") };
    println!("{label}, {threads}: {:.1} ms (best of {runs}), {line}", best.as_secs_f64() * 1e3);
    best
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{cores} cores; nodes are placements that passed the look-ahead, cards tried include those it took back");
    for threads in [1, 0] {
        run("Brendan 6x6, all solutions", &brendan(6, 6), false, threads, 5);
        run("Brendan 7x7, first solution", &brendan(7, 7), true, threads, 5);
        run("Brendan 5x5, all solutions", &brendan(5, 5), false, threads, 5);
    }
}
