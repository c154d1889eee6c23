//! Edge-matching solver: every solution of a Scrambled Squares, Eternity II
//! or TetraVex-style board, by backtracking with rotations.
//!
//! Why this algorithm: the boards people own are 3×3 to 6×6, where a
//! scan-line backtracker with precomputed candidate tables enumerates every
//! solution in milliseconds; cleverer orders (most-constrained cell first,
//! SAT) pay off only far beyond that. The tables make each step a slice scan
//! with one bitmask test, and symmetry breaking (see [`search`]) removes the
//! board turns, so solutions are counted both raw and up to rotation without
//! searching four times. The search is shared out over the cores by cutting
//! the tree after two rows into numbered tasks: the first solution of a
//! heavy-tailed search is reached about twice as soon on two cores, and the
//! answer stays the one a single thread gives. A separate, slow [`trace`]
//! search writes the log of every try for people learning backtracking; the
//! fast loop never pays for it.

pub mod search;
mod tables;
pub mod trace;

use std::time::{Duration, Instant};

use thiserror::Error;

use super::Deadline;
use crate::puzzle::squares::{Placement, Rotation, SquaresPuzzle, Turns};
use search::{Candidate, Job, SearchEnd, SearchStats, Shared, Tables};

/// Options for one solve.
#[derive(Debug, Clone, Copy)]
pub struct SquaresSolveOptions {
    /// Most placements before giving up.
    pub max_nodes: u64,
    /// Solutions (up to board rotation) kept for the report; all are counted.
    pub keep: usize,
    /// Stop at the first solution instead of counting them all.
    pub first_only: bool,
    /// Whether cards may turn (TetraVex tiles may not: each lies as
    /// written, and the board's turns make no copies of a solution).
    pub turns: Turns,
    /// Search threads; 0 uses every core. The answer does not depend on it.
    pub threads: usize,
    /// When to give up, if ever.
    pub deadline: Option<Deadline>,
}

impl Default for SquaresSolveOptions {
    fn default() -> Self {
        SquaresSolveOptions {
            max_nodes: 20_000_000_000,
            keep: 1,
            first_only: false,
            turns: Turns::Free,
            threads: 0,
            deadline: None,
        }
    }
}

/// The solutions found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquaresSolution {
    /// Kept solutions, one per orbit of board turns, each in scan-line order.
    pub solutions: Vec<Vec<Placement>>,
    /// Solutions up to turning the whole board.
    pub unique: u64,
    /// Every placement-and-rotation solution (each unique one turned with the
    /// board, so 4× on a square board).
    pub raw: u64,
    /// False when the search stopped early (`first_only`, or the budget ran out
    /// after a solution was found): the counts are then lower bounds.
    pub complete: bool,
    /// Placements that passed the look-ahead (search nodes).
    pub nodes: u64,
    /// Cards put on a cell whose left and top neighbours they fit, including
    /// those the look-ahead took back at once: what a plain backtracker
    /// counts as placements.
    pub tried: u64,
    pub elapsed: Duration,
}

/// Why there is no solution to report.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquaresSolveError {
    #[error("no arrangement of the cards matches every edge ({} tried)", crate::words::plural(*.nodes, "placement", "placements"))]
    Unsolvable { nodes: u64 },
    #[error("gave up after {nodes} placements without a solution (the limit is --max-nodes {max_nodes})")]
    BudgetExceeded { nodes: u64, max_nodes: u64 },
    #[error("gave up after {nodes} placements without a solution (the time limit is --timeout {})", limit.as_secs_f64())]
    OutOfTime { nodes: u64, limit: Duration },
    #[error("stopped by Ctrl-C after {nodes} placements, before a solution was found")]
    Interrupted { nodes: u64 },
}

/// Finds and counts solutions.
pub fn solve(puzzle: &SquaresPuzzle, options: &SquaresSolveOptions) -> Result<SquaresSolution, SquaresSolveError> {
    match puzzle.n_cards() {
        0..=64 => solve_with::<1>(puzzle, options),
        65..=128 => solve_with::<2>(puzzle, options),
        _ => solve_with::<4>(puzzle, options),
    }
}

/// One search's figures from its threads' figures. In first-solution mode
/// only the solution of the earliest task counts, as if one thread had run.
fn merge(runs: Vec<SearchStats>, first_only: bool) -> SearchStats {
    let mut kept: Vec<(u64, Vec<Candidate>)> = runs.iter().flat_map(|r| r.kept.iter().cloned()).collect();
    kept.sort_by_key(|(task, _)| *task);
    let any = |end| runs.iter().any(|r| r.end == end);
    let solutions = if first_only { u64::from(!kept.is_empty()) } else { runs.iter().map(|r| r.solutions).sum() };
    let end = if first_only && !kept.is_empty() {
        kept.truncate(1);
        SearchEnd::Stopped
    } else if any(SearchEnd::OutOfBudget) {
        SearchEnd::OutOfBudget
    } else if any(SearchEnd::Interrupted) {
        SearchEnd::Interrupted
    } else if any(SearchEnd::OutOfTime) {
        SearchEnd::OutOfTime
    } else {
        SearchEnd::Exhausted
    };
    SearchStats {
        solutions,
        nodes: runs.iter().map(|r| r.nodes).sum(),
        tried: runs.iter().map(|r| r.tried).sum(),
        end,
        kept,
    }
}

/// The solve with `W` 64-bit words per card mask.
fn solve_with<const W: usize>(
    puzzle: &SquaresPuzzle,
    options: &SquaresSolveOptions,
) -> Result<SquaresSolution, SquaresSolveError> {
    let started = Instant::now();
    let tables = Tables::<W>::new(puzzle, options.turns);
    let width = puzzle.width;
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let shared = Shared::new(puzzle.width, puzzle.n_cards(), threads);
    let job = |counts_top| Job {
        max_nodes: options.max_nodes,
        deadline: options.deadline,
        keep: options.keep,
        first_only: options.first_only,
        counts_top,
    };
    let runs: Vec<SearchStats> = if shared.is_split() {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (tables, shared) = (&tables, &shared);
                    scope.spawn(move || search::run(tables, shared, job(t == 0)))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        })
    } else {
        vec![search::run(&tables, &shared, job(true))]
    };
    let stats = merge(runs, options.first_only);
    let kept: Vec<Vec<Placement>> = stats
        .kept
        .iter()
        .take(options.keep)
        .map(|(_, placed)| {
            placed
                .iter()
                .enumerate()
                .map(|(pos, c)| Placement {
                    card: c.card as usize,
                    row: pos / width,
                    col: pos % width,
                    rotation: Rotation::from_quarter_turns(c.rotation as usize),
                })
                .collect()
        })
        .collect();
    if stats.solutions == 0 {
        return Err(match stats.end {
            SearchEnd::OutOfBudget => {
                SquaresSolveError::BudgetExceeded { nodes: stats.nodes, max_nodes: options.max_nodes }
            }
            SearchEnd::OutOfTime => SquaresSolveError::OutOfTime {
                nodes: stats.nodes,
                limit: options.deadline.map_or(Duration::ZERO, |d| d.limit),
            },
            SearchEnd::Interrupted => SquaresSolveError::Interrupted { nodes: stats.nodes },
            _ => SquaresSolveError::Unsolvable { nodes: stats.nodes },
        });
    }
    Ok(SquaresSolution {
        solutions: kept,
        unique: stats.solutions,
        raw: stats.solutions * tables.orbit_size(),
        complete: stats.end == SearchEnd::Exhausted,
        nodes: stats.nodes,
        tried: stats.tried,
        elapsed: started.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::squares::check_placements;

    #[test]
    fn a_two_by_two_is_solved_and_counted() {
        // A ring of four cards: every solution is one arrangement turned.
        let text = "\
A NONE-o HEAD-p HEAD-q NONE-o
B NONE-o NONE-o HEAD-r TAIL-p
C TAIL-q HEAD-s NONE-o NONE-o
D TAIL-r NONE-o NONE-o TAIL-s
";
        let puzzle: SquaresPuzzle = text.parse().unwrap();
        let result = solve(&puzzle, &SquaresSolveOptions { keep: 10, ..Default::default() });
        let solution = result.unwrap();
        for placements in &solution.solutions {
            check_placements(&puzzle, placements).unwrap();
        }
        assert_eq!((solution.unique, solution.raw), (1, 4));
        assert!(solution.complete);
    }

    #[test]
    fn unsolvable_and_budget_are_typed() {
        let text = "A HEAD-a HEAD-a HEAD-a HEAD-a\nB HEAD-a HEAD-a HEAD-a HEAD-a\n\
                    C HEAD-a HEAD-a HEAD-a HEAD-a\nD HEAD-a HEAD-a HEAD-a HEAD-a\n";
        let puzzle: SquaresPuzzle = text.parse().unwrap();
        assert!(matches!(solve(&puzzle, &SquaresSolveOptions::default()), Err(SquaresSolveError::Unsolvable { .. })));
        let text = text.replace("HEAD", "SAME");
        let puzzle: SquaresPuzzle = text.parse().unwrap();
        let tight = SquaresSolveOptions { max_nodes: 2, ..Default::default() };
        assert!(matches!(solve(&puzzle, &tight), Err(SquaresSolveError::BudgetExceeded { max_nodes: 2, .. })));
        // All SAME-a: every card in every rotation fits anywhere.
        let all = solve(&puzzle, &SquaresSolveOptions::default()).unwrap();
        assert_eq!(all.raw, 24 * 4u64.pow(4));
        // Without turns: every order of the four cards, each once.
        let fixed = SquaresSolveOptions { turns: Turns::Fixed, ..Default::default() };
        let all = solve(&puzzle, &fixed).unwrap();
        assert_eq!((all.raw, all.unique), (24, 24));
    }

    /// Ctrl-C: the search stops at its next look at the shared counters,
    /// with the solutions found so far (a lower bound), or with a typed
    /// error when it had none; the watch saw the same counts.
    #[test]
    fn a_cancelled_watch_stops_the_search_with_what_it_found() {
        static FOUND: crate::solve::Watch = crate::solve::Watch::new();
        static NONE: crate::solve::Watch = crate::solve::Watch::new();
        let every_card_fits: String = (0..16).map(|i| format!("C{i} SAME-a SAME-a SAME-a SAME-a\n")).collect();
        let puzzle: SquaresPuzzle = every_card_fits.parse().unwrap();
        FOUND.cancel();
        let options = |watch| SquaresSolveOptions {
            threads: 1,
            deadline: Some(Deadline::never().watched(watch)),
            ..Default::default()
        };
        let some = solve(&puzzle, &options(&FOUND)).unwrap();
        assert!(!some.complete && some.unique > 0);
        assert_eq!((FOUND.progress().solutions, FOUND.progress().nodes), (some.unique, some.nodes));
        let puzzle = five_tails_among_heads();
        NONE.cancel();
        let err = solve(&puzzle, &options(&NONE)).unwrap_err();
        assert!(matches!(err, SquaresSolveError::Interrupted { .. }), "{err}");
        assert!(NONE.progress().nodes > 0);
    }

    /// 36 cards, five all TAIL and 31 all HEAD: no arrangement, and a vast
    /// tree to learn that in.
    fn five_tails_among_heads() -> SquaresPuzzle {
        let text: String = (0..36)
            .map(|i| {
                let side = if i < 5 { "TAIL-a" } else { "HEAD-a" };
                format!("C{i} {side} {side} {side} {side}\n")
            })
            .collect();
        text.parse().unwrap()
    }

    /// Five TAIL cards among 31 HEAD ones: heads and tails must alternate, so
    /// every branch dies before the two rows where the threads cut the tree,
    /// and the tree above the cut is vast. The thread that does not count
    /// those nodes must still see the budget run out (it once walked on for
    /// as long as that tree lasts). Run on a helper thread, so that a
    /// regression fails the test instead of hanging it.
    #[test]
    fn every_thread_stops_when_the_budget_runs_out_above_the_cut() {
        let puzzle = five_tails_among_heads();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let options = SquaresSolveOptions { max_nodes: 100_000, threads: 2, ..Default::default() };
            let _ = sender.send(solve(&puzzle, &options));
        });
        let result = receiver.recv_timeout(Duration::from_secs(60)).expect("the search stops within its budget");
        assert!(matches!(result, Err(SquaresSolveError::BudgetExceeded { max_nodes: 100_000, .. })), "{result:?}");
    }

    #[test]
    fn fixed_cards_are_not_turned() {
        let board = |b: &str| -> SquaresPuzzle {
            format!(
                "A NONE-o SAME-p SAME-q NONE-o\nB {b}\nC SAME-q SAME-s NONE-o NONE-o\nD SAME-r NONE-o NONE-o SAME-s\n"
            )
            .parse()
            .unwrap()
        };
        let fixed = SquaresSolveOptions { turns: Turns::Fixed, ..Default::default() };
        // As written, the cards fit without turning, and the solution says so.
        let solution = solve(&board("NONE-o NONE-o SAME-r SAME-p"), &fixed).unwrap();
        assert!(solution.solutions[0].iter().all(|p| p.rotation == Rotation::R0));
        assert_eq!(solution.raw, solution.unique);
        // B written a quarter turn off: only turning it solves the board.
        let turned = board("NONE-o SAME-r SAME-p NONE-o");
        assert!(solve(&turned, &SquaresSolveOptions::default()).is_ok());
        assert!(matches!(solve(&turned, &fixed), Err(SquaresSolveError::Unsolvable { .. })));
    }
}
