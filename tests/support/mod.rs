//! Helpers shared by the integration tests: where `../shared` is, and an
//! independent water-sort checker that does not use the library's pour code.

#![allow(dead_code)] // Each test binary uses a different part of this module.

use std::path::PathBuf;

/// `../shared` beside the checkout (CI provides it).
pub fn shared_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    assert!(dir.is_dir(), "the test data folder {} is missing", dir.display());
    dir
}

/// Replays 1-based `(from, to)` pours on a level in the compact form, with
/// the game's rule written out again from scratch, and says whether the end
/// state is solved. Panics with the reason on an illegal pour.
pub fn replay_solves(level: &str, moves: &[(usize, usize)]) -> bool {
    // Tubes as stacks, bottom first; characters are colours.
    let mut tubes: Vec<Vec<char>> =
        level.split_whitespace().map(|t| t.chars().rev().filter(|&c| c != 'E' && c != '.').collect()).collect();
    let capacity = level.split_whitespace().next().unwrap().chars().count();
    for (n, &(from, to)) in moves.iter().enumerate() {
        let (f, t) = (from - 1, to - 1);
        assert_ne!(f, t, "move {}: same tube", n + 1);
        let colour = *tubes[f].last().unwrap_or_else(|| panic!("move {}: tube {from} is empty", n + 1));
        if let Some(&top) = tubes[t].last() {
            assert_eq!(top, colour, "move {}: colours differ", n + 1);
        }
        assert!(tubes[t].len() < capacity, "move {}: tube {to} is full", n + 1);
        while tubes[f].last() == Some(&colour) && tubes[t].len() < capacity {
            tubes[f].pop();
            tubes[t].push(colour);
        }
    }
    tubes.iter().all(|t| t.is_empty() || (t.len() == capacity && t.iter().all(|&c| c == t[0])))
}

/// The `moves` of a JSON report as 1-based `(from, to)` pairs.
pub fn moves_of(report: &serde_json::Value) -> Vec<(usize, usize)> {
    report["moves"]
        .as_array()
        .expect("moves is an array")
        .iter()
        .map(|m| (m["from"].as_u64().unwrap() as usize, m["to"].as_u64().unwrap() as usize))
        .collect()
}
