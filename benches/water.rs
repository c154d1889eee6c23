//! Water-sort solver figures: `cargo bench --bench water`.
//!
//! Prints level 105 (both strategies), the median and max over the 270
//! seeded benchmark levels, and the max over 50 seeded 12-colour levels with
//! 3 empty tubes. Reads `../shared/water_levels/`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use snapsolve::puzzle::water::{RandomLevelOptions, WaterPuzzle, random_level};
use snapsolve::solve::water::{Strategy, WaterSolveOptions, solve};

fn time_solve(puzzle: &WaterPuzzle, strategy: Strategy) -> (Duration, String) {
    let options = WaterSolveOptions { strategy, max_states: 5_000_000, ..Default::default() };
    let start = Instant::now();
    let result = solve(puzzle, &options);
    let elapsed = start.elapsed();
    let summary = match result {
        Ok(s) => format!("{} pours, {} states", s.pours.len(), s.states_explored),
        Err(e) => e.to_string(),
    };
    (elapsed, summary)
}

/// Best of `runs` timings (the least disturbed by the rest of the machine).
fn best_of(runs: usize, puzzle: &WaterPuzzle, strategy: Strategy) -> (Duration, String) {
    (0..runs).map(|_| time_solve(puzzle, strategy)).min_by_key(|(d, _)| *d).unwrap()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn stats(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], *times.last().unwrap())
}

fn benchmark_levels() -> Vec<(String, WaterPuzzle)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/water_levels/random_benchmark.tsv");
    let rows = std::fs::read_to_string(&path).expect("../shared/water_levels/random_benchmark.tsv");
    rows.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let cap: usize = cols[1].parse().unwrap();
            let text: Vec<String> = cols[2]
                .split_whitespace()
                .map(|t| {
                    if t == "-" {
                        "E".repeat(cap)
                    } else {
                        t.chars().rev().map(|c| if c == 'E' { 'Z' } else { c }).collect()
                    }
                })
                .collect();
            (cols[0].to_string(), text.join(" ").parse().unwrap())
        })
        .collect()
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing and
    // only checks that this harness starts.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let level105: WaterPuzzle =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/level105.txt")).unwrap().parse().unwrap();
    for strategy in [Strategy::Optimal, Strategy::Dfs] {
        let (d, summary) = best_of(20, &level105, strategy);
        println!("level 105, {strategy:?}: {:.2} ms (best of 20), {summary}", ms(d));
    }

    let levels = benchmark_levels();
    for strategy in [Strategy::Optimal, Strategy::Dfs] {
        let mut times = Vec::new();
        let mut worst = (Duration::ZERO, String::new());
        for (name, puzzle) in &levels {
            let (d, _) = best_of(3, puzzle, strategy);
            if d > worst.0 {
                worst = (d, name.clone());
            }
            times.push(d);
        }
        let (median, max) = stats(times);
        println!("270-level set, {strategy:?}: median {:.2} ms, max {:.2} ms ({})", ms(median), ms(max), worst.1);
    }

    let mut times = Vec::new();
    let mut solved = 0;
    for seed in 0..50 {
        let puzzle = random_level(RandomLevelOptions { n_colors: 12, n_empty: 3, capacity: 4, seed }).unwrap();
        let (d, summary) = time_solve(&puzzle, Strategy::Optimal);
        solved += usize::from(summary.contains("pours"));
        times.push(d);
    }
    let (median, max) = stats(times);
    println!(
        "12 colours + 3 empty (50 seeded levels, {solved} solved), Optimal: median {:.2} ms, max {:.2} ms",
        ms(median),
        ms(max)
    );
}
