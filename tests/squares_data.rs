//! The squares solver against the real card lists and benchmark boards in
//! `../shared/edge_data/`: exact solution counts, and every solution checked
//! edge by edge by an independent checker written here from the text tokens.

use std::fs;

use snapsolve::puzzle::squares::{Placement, SquaresPuzzle};
use snapsolve::solve::squares::{SquaresSolveOptions, solve};

use crate::support;

/// Re-reads the card list as raw tokens and checks a placement with them:
/// HEAD-X meets TAIL-X, SAME-X meets SAME-X, nothing else.
fn independent_check(text: &str, width: usize, placements: &[Placement]) {
    let cards: Vec<[String; 4]> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            [f[1].to_string(), f[2].to_string(), f[3].to_string(), f[4].to_string()]
        })
        .collect();
    assert_eq!(placements.len(), cards.len());
    let mut seen = vec![false; cards.len()];
    let mut at = vec![None; cards.len()];
    for p in placements {
        assert!(!std::mem::replace(&mut seen[p.card], true), "card used twice");
        at[p.row * width + p.col] = Some((p.card, p.rotation.quarter_turns()));
    }
    // Side s of the card at cell after r clockwise quarter turns.
    let side = |cell: usize, s: usize| -> &str {
        let (card, r) = at[cell].expect("every cell filled");
        &cards[card][(s + 4 - r) % 4]
    };
    let fits = |a: &str, b: &str| {
        let (ha, xa) = a.split_once('-').unwrap();
        let (hb, xb) = b.split_once('-').unwrap();
        xa == xb && matches!((ha, hb), ("HEAD", "TAIL") | ("TAIL", "HEAD") | ("SAME", "SAME"))
    };
    let height = cards.len() / width;
    for r in 0..height {
        for c in 0..width {
            let cell = r * width + c;
            if c + 1 < width {
                assert!(fits(side(cell, 1), side(cell + 1, 3)), "row {r} cols {c}/{}", c + 1);
            }
            if r + 1 < height {
                assert!(fits(side(cell, 2), side(cell + width, 0)), "col {c} rows {r}/{}", r + 1);
            }
        }
    }
}

#[test]
fn all_normalized_card_lists_have_the_listed_solution_counts() {
    let dir = support::shared_dir().join("edge_data/_normalized");
    let counts = fs::read_to_string(dir.join("solution_counts.tsv")).unwrap();
    let mut checked = 0;
    for line in counts.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let name = cols[0];
        let text = fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let puzzle: SquaresPuzzle = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let unknown = cols[2] == "?";
        // A puzzle the outside solver could not finish only has to stop
        // within its budget; the others must be counted completely.
        let max_nodes = if unknown { 5_000_000 } else { 200_000_000 };
        let options = SquaresSolveOptions { keep: 64, max_nodes, ..Default::default() };
        let result = solve(&puzzle, &options);
        if unknown {
            eprintln!("{name}: {result:?}", result = result.as_ref().map(|s| (s.raw, s.complete)));
            continue;
        }
        let solution = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(solution.complete, "{name}");
        assert_eq!(solution.raw, cols[2].parse::<u64>().unwrap(), "{name}");
        for placements in &solution.solutions {
            independent_check(&text, puzzle.width, placements);
        }
        checked += 1;
    }
    assert_eq!(checked, 104);
}

/// The threads share the search out, but the answer may not depend on how
/// many there are: the same counts, and the same solutions in the same order
/// (in first-solution mode, the one a single thread finds first).
#[test]
fn the_answer_does_not_depend_on_the_thread_count() {
    let dir = support::shared_dir().join("edge_data/jfbucas__eternityII-viewer/brendan");
    for (w, h) in [(4, 4), (5, 5), (6, 4), (7, 3)] {
        let text = fs::read_to_string(dir.join(format!("pieces_{w:02}x{h:02}.txt"))).unwrap();
        let puzzle = SquaresPuzzle::from_brendan(&text).unwrap();
        for first_only in [false, true] {
            let run = |threads| {
                let options = SquaresSolveOptions { keep: 8, first_only, threads, ..Default::default() };
                let s = solve(&puzzle, &options).unwrap();
                (s.raw, s.unique, s.complete, s.solutions)
            };
            let one = run(1);
            assert!(!one.3.is_empty());
            for threads in [2, 3] {
                assert_eq!(run(threads), one, "{w}x{h}, first only {first_only}, {threads} threads");
            }
        }
    }
}
