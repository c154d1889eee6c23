//! The water-sort solvers against published and seeded levels from
//! `../shared/water_levels/`: optimal counts must match exactly, unsolvable
//! flags must be proven, and every solution must replay to a solved state in
//! an independent checker.

use std::collections::HashMap;
use std::fs;

use snapsolve::puzzle::water::{WaterPuzzle, default_names};
use snapsolve::solve::water::{Strategy, WaterSolveError, WaterSolveOptions, solve};

use crate::support;

fn options(strategy: Strategy) -> WaterSolveOptions {
    WaterSolveOptions { strategy, max_states: 3_000_000, ..Default::default() }
}

/// Solves, replays in the independent checker, returns the pour count.
fn solve_and_check(level: &str, strategy: Strategy) -> Result<usize, WaterSolveError> {
    let puzzle: WaterPuzzle = level.parse().unwrap_or_else(|e| panic!("{level}: {e}"));
    let solution = solve(&puzzle, &options(strategy))?;
    let moves: Vec<(usize, usize)> = solution.pours.iter().map(|p| (p.from + 1, p.to + 1)).collect();
    assert!(support::replay_solves(&puzzle.to_string(), &moves), "{level}: {strategy:?} solution does not solve it");
    Ok(moves.len())
}

/// An octo/watersort JSON level (tubes bottom to top, colour names,
/// "Empty") in the compact form.
fn octo_to_compact(json: &str) -> String {
    let tubes: Vec<Vec<String>> = serde_json::from_str(json).unwrap();
    let mut names: HashMap<String, char> = HashMap::new();
    let letters = default_names(40);
    let mut tokens = Vec::new();
    for tube in &tubes {
        let token: String = tube
            .iter()
            .rev()
            .map(|name| {
                if name == "Empty" {
                    'E'
                } else {
                    let next = letters[names.len()];
                    *names.entry(name.clone()).or_insert(next)
                }
            })
            .collect();
        tokens.push(token);
    }
    tokens.join(" ")
}

/// A random-benchmark row's tubes (bottom to top letters, `-` empty; the
/// letter `E` is a colour there) in the compact form.
fn benchmark_to_compact(tubes: &str, capacity: usize) -> String {
    tubes
        .split_whitespace()
        .map(|t| {
            if t == "-" {
                "E".repeat(capacity)
            } else {
                t.chars().rev().map(|c| if c == 'E' { 'Z' } else { c }).collect()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn public_levels_reach_the_listed_optimal_counts() {
    let dir = support::shared_dir().join("water_levels");
    let counts = fs::read_to_string(dir.join("optimal_counts.tsv")).unwrap();
    let mut checked = 0;
    for line in counts.lines().filter(|l| l.starts_with("octo/")) {
        let cols: Vec<&str> = line.split('\t').collect();
        let name = cols[0].trim_start_matches("octo/");
        let expected: usize = cols[6].parse().unwrap();
        let json = fs::read_to_string(dir.join("octo__watersort").join(format!("{name}.json"))).unwrap();
        let level = octo_to_compact(&json);
        assert_eq!(solve_and_check(&level, Strategy::Optimal), Ok(expected), "{name}");
        assert!(solve_and_check(&level, Strategy::Dfs).is_ok(), "{name}: dfs");
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn random_benchmark_matches_counts_and_unsolvable_flags() {
    let dir = support::shared_dir().join("water_levels");
    let rows = fs::read_to_string(dir.join("random_benchmark.tsv")).unwrap();
    let mut checked = 0;
    for line in rows.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let capacity: usize = cols[1].parse().unwrap();
        let level = benchmark_to_compact(cols[2], capacity);
        let optimal = solve_and_check(&level, Strategy::Optimal);
        let dfs = solve_and_check(&level, Strategy::Dfs);
        match cols[3] {
            "SOLVABLE" => {
                assert_eq!(optimal, Ok(cols[4].parse().unwrap()), "{}", cols[0]);
                assert!(dfs.is_ok(), "{}: dfs {dfs:?}", cols[0]);
            }
            "UNSOLVABLE" => {
                assert!(matches!(optimal, Err(WaterSolveError::Unsolvable { .. })), "{}: {optimal:?}", cols[0]);
                assert!(matches!(dfs, Err(WaterSolveError::Unsolvable { .. })), "{}: dfs {dfs:?}", cols[0]);
            }
            other => panic!("unknown flag {other}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 270);
}

#[test]
fn level_105_is_41_pours_and_the_compact_form_round_trips() {
    let text = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/level105.txt")).unwrap();
    let puzzle: WaterPuzzle = text.parse().unwrap();
    assert_eq!(puzzle.to_string().parse::<WaterPuzzle>().unwrap(), puzzle);
    assert_eq!(solve_and_check(&puzzle.to_string(), Strategy::Optimal), Ok(41));
}
