//! Water-sort solvers: fewest pours (`optimal`), or the article's pruned
//! depth-first search (`dfs`), both over the same packed, canonical states.
//!
//! Both searches see only sorted packed tubes ([`state`]); they return the
//! chain of states they walked, and `replay_on_real_tubes` turns that chain
//! into pours between the tubes as the player numbers them. Both are complete
//! over the states they may visit: when the whole reachable space has been
//! seen without reaching a solved state, the level is proven unsolvable.

mod dfs;
mod optimal;
pub mod reveal;
pub mod state;

use std::fmt;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::{Deadline, Stop, set_states, stop};
use crate::puzzle::water::{Layer, Pour, WaterPuzzle};
use state::{StateTable, TubeWord, bytes_per_state, pack};

/// Which search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// Fewest pours: A* with the block-count bound, as a 0-1 BFS.
    #[default]
    Optimal,
    /// Memoised depth-first search with the article's move ordering; fast,
    /// not shortest.
    Dfs,
}

/// Options for one solve.
#[derive(Debug, Clone, Copy)]
pub struct WaterSolveOptions {
    pub strategy: Strategy,
    /// Most distinct states stored before giving up with `BudgetExceeded`.
    pub max_states: usize,
    /// Most bytes the search's states may take: fewer states are kept when
    /// `max_states` of this level would not fit.
    pub max_memory: usize,
    /// When to give up, if ever.
    pub deadline: Option<Deadline>,
}

/// States kept by default: the hardest level of ../shared/water_levels
/// needs about 40,000; three million is a search of some seconds.
pub const DEFAULT_MAX_STATES: usize = 3_000_000;

/// Memory the states may take by default: with 16 tubes (the most real
/// games show) three million states take about 520 MiB of it; more tubes
/// get fewer states. The rest of a run (the picture, the pages) stays well
/// inside the 1 GiB a run may take.
pub const DEFAULT_MAX_MEMORY: usize = 768 << 20;

impl Default for WaterSolveOptions {
    fn default() -> Self {
        WaterSolveOptions {
            strategy: Strategy::Optimal,
            max_states: DEFAULT_MAX_STATES,
            max_memory: DEFAULT_MAX_MEMORY,
            deadline: None,
        }
    }
}

/// Which budget a search ran out of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateLimit {
    /// `--max-states`.
    States(usize),
    /// The states of this level that fit the memory limit (bytes).
    Memory(usize),
    /// The time limit.
    Time(Duration),
    /// The user stopped the search (Ctrl-C).
    Interrupted,
}

impl fmt::Display for StateLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateLimit::States(n) => write!(f, "the limit is --max-states {n}"),
            StateLimit::Memory(bytes) => write!(f, "all that {} MiB of memory holds for this level", bytes >> 20),
            StateLimit::Time(limit) => write!(f, "the time limit is --timeout {}", limit.as_secs_f64()),
            StateLimit::Interrupted => write!(f, "stopped by Ctrl-C"),
        }
    }
}

/// A found solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaterSolution {
    /// Pours in order, tube numbers 0-based in reading order.
    pub pours: Vec<Pour>,
    /// True when no shorter solution exists.
    pub optimal: bool,
    pub states_explored: usize,
    pub elapsed: Duration,
}

/// Why no solution is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WaterSolveError {
    #[error(
        "the level has hidden or locked layers; the solver needs every layer known (take a new screenshot once they are revealed)"
    )]
    UnknownLayers,
    #[error("no sequence of pours solves this level ({} searched)", reachable(*.states_explored))]
    Unsolvable { states_explored: usize },
    #[error("gave up after {states_explored} states ({limit}){}", if *.limit == StateLimit::Interrupted { "" } else { "; try --strategy dfs, or raise the limit" })]
    BudgetExceeded { states_explored: usize, limit: StateLimit },
}

/// What one more empty tube would change for an unsolvable level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtraTubeVerdict {
    Solvable {
        pours: usize,
    },
    StillUnsolvable,
    /// The search ran out of budget before deciding.
    Undecided,
}

/// The search's view of a level: packed tubes in reading order.
struct Packed {
    tubes: Vec<TubeWord>,
    capacity: usize,
    n_colors: usize,
}

fn pack_puzzle(puzzle: &WaterPuzzle) -> Result<Packed, WaterSolveError> {
    if puzzle.has_unknowns() {
        return Err(WaterSolveError::UnknownLayers);
    }
    let tubes = puzzle
        .tubes()
        .iter()
        .map(|t| {
            pack(t.layers.iter().map(|l| match l {
                Layer::Color(c) => c.0,
                Layer::Hidden => unreachable!("checked by has_unknowns"),
            }))
        })
        .collect();
    Ok(Packed { tubes, capacity: puzzle.capacity(), n_colors: puzzle.n_colors() })
}

/// What a search returns: the canonical states from start to goal.
enum SearchOutcome {
    Found { path: Vec<Vec<TubeWord>>, states_explored: usize },
    Exhausted { states_explored: usize },
    OutOfBudget { states_explored: usize, limit: StateLimit },
}

/// New states between looks at the clock.
const CLOCK_EVERY: usize = 1024;

/// What one search may spend: states (from `--max-states`, or fewer when
/// they would not fit the memory limit) and time.
#[derive(Debug, Clone, Copy)]
struct Budget {
    max_states: usize,
    /// What `max_states` comes from.
    states_limit: StateLimit,
    deadline: Option<Deadline>,
}

impl Budget {
    fn new(options: &WaterSolveOptions, width: usize) -> Budget {
        let fit = options.max_memory / bytes_per_state(width);
        if fit < options.max_states {
            Budget { max_states: fit, states_limit: StateLimit::Memory(options.max_memory), deadline: options.deadline }
        } else {
            Budget {
                max_states: options.max_states,
                states_limit: StateLimit::States(options.max_states),
                deadline: options.deadline,
            }
        }
    }

    /// A table for the states this budget allows.
    fn table(&self, width: usize) -> Result<StateTable, StateLimit> {
        StateTable::new(width, self.max_states).map_err(|_| self.states_limit)
    }

    /// After a new state: why the search must stop, if it must.
    fn spent(&self, states: usize) -> Option<StateLimit> {
        if states > self.max_states {
            return Some(self.states_limit);
        }
        if states.is_multiple_of(CLOCK_EVERY) {
            set_states(self.deadline, states);
            match stop(self.deadline) {
                Some(Stop::Time) => return self.deadline.map(|d| StateLimit::Time(d.limit)),
                Some(Stop::Interrupted) => return Some(StateLimit::Interrupted),
                None => {}
            }
        }
        None
    }
}

/// Solves a level with the chosen strategy.
pub fn solve(puzzle: &WaterPuzzle, options: &WaterSolveOptions) -> Result<WaterSolution, WaterSolveError> {
    let started = Instant::now();
    let packed = pack_puzzle(puzzle)?;
    let budget = Budget::new(options, packed.tubes.len());
    let outcome = match options.strategy {
        Strategy::Optimal => optimal::search(&packed, &budget),
        Strategy::Dfs => dfs::search(&packed, &budget),
    };
    match outcome {
        SearchOutcome::Found { path, states_explored } => Ok(WaterSolution {
            pours: replay_on_real_tubes(&packed, &path),
            optimal: options.strategy == Strategy::Optimal,
            states_explored,
            elapsed: started.elapsed(),
        }),
        SearchOutcome::Exhausted { states_explored } => Err(WaterSolveError::Unsolvable { states_explored }),
        SearchOutcome::OutOfBudget { states_explored, limit } => {
            Err(WaterSolveError::BudgetExceeded { states_explored, limit })
        }
    }
}

/// For an unsolvable level: would one more empty tube make it solvable, and
/// in how many pours (fewest, whatever strategy was asked for)?
pub fn with_extra_tube(puzzle: &WaterPuzzle, options: &WaterSolveOptions) -> ExtraTubeVerdict {
    let options = WaterSolveOptions { strategy: Strategy::Optimal, ..*options };
    match solve(&puzzle.with_extra_empty_tube(), &options) {
        Ok(solution) => ExtraTubeVerdict::Solvable { pours: solution.pours.len() },
        Err(WaterSolveError::Unsolvable { .. }) => ExtraTubeVerdict::StillUnsolvable,
        Err(_) => ExtraTubeVerdict::Undecided,
    }
}

fn sorted(tubes: &[TubeWord]) -> Vec<TubeWord> {
    let mut s = tubes.to_vec();
    s.sort_unstable();
    s
}

/// Solved: every colour is in a single block (each block then fills a tube,
/// since every colour has exactly `capacity` layers).
fn is_goal(tubes: &[TubeWord], n_colors: usize) -> bool {
    state::blocks(tubes) == n_colors
}

/// Calls `visit` for every pour worth trying from a sorted state, with the
/// state after it (unsorted). Pruned, without losing any solution:
/// - finished tubes (full of one colour) are never a source;
/// - a tube of one colour is never poured into an empty tube (that only
///   renames tubes);
/// - of several empty tubes only the first is a target (they are alike).
fn for_each_successor(
    tubes: &[TubeWord],
    capacity: usize,
    scratch: &mut Vec<TubeWord>,
    mut visit: impl FnMut(usize, usize, state::PackedPour, &[TubeWord]),
) {
    let first_empty = tubes.iter().position(|&t| t == 0);
    for (from, &src) in tubes.iter().enumerate() {
        let h = state::height(src);
        if h == 0 {
            continue;
        }
        let mono = state::top_run(src, h) == h;
        if mono && h == capacity {
            continue;
        }
        for (to, &dst) in tubes.iter().enumerate() {
            if to == from {
                continue;
            }
            if dst == 0 && (mono || Some(to) != first_empty) {
                continue;
            }
            let Some(p) = state::pour(src, dst, capacity) else {
                continue;
            };
            scratch.clear();
            scratch.extend_from_slice(tubes);
            scratch[from] = p.from;
            scratch[to] = p.to;
            visit(from, to, p, scratch);
        }
    }
}

/// Maps a chain of canonical states back to pours between real tubes.
fn replay_on_real_tubes(packed: &Packed, path: &[Vec<TubeWord>]) -> Vec<Pour> {
    let mut real = packed.tubes.clone();
    let mut pours = Vec::with_capacity(path.len().saturating_sub(1));
    for next in path.iter().skip(1) {
        let mut found = None;
        'search: for from in 0..real.len() {
            for to in 0..real.len() {
                if from == to {
                    continue;
                }
                if let Some(p) = state::pour(real[from], real[to], packed.capacity) {
                    let mut candidate = real.clone();
                    candidate[from] = p.from;
                    candidate[to] = p.to;
                    if sorted(&candidate) == *next {
                        found = Some((Pour { from, to }, candidate));
                        break 'search;
                    }
                }
            }
        }
        let (pour, after) = found.expect("consecutive search states are one pour apart");
        pours.push(pour);
        real = after;
    }
    pours
}

/// "the only reachable state was" / "all 12 reachable states were", for
/// the message.
fn reachable(states: usize) -> String {
    if states == 1 { "the only reachable state was".into() } else { format!("all {states} reachable states were") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(level: &str, strategy: Strategy) -> Result<WaterSolution, WaterSolveError> {
        let puzzle: WaterPuzzle = level.parse().unwrap();
        let options = WaterSolveOptions { strategy, max_states: 100_000, ..Default::default() };
        let solution = solve(&puzzle, &options)?;
        let mut replay = puzzle.clone();
        for &p in &solution.pours {
            replay.apply(p).unwrap();
        }
        assert!(replay.is_solved(), "{level}: {:?} does not solve it", solution.pours);
        Ok(solution)
    }

    #[test]
    fn solves_small_levels_optimally() {
        assert_eq!(check("EGGG EEEG RRRR", Strategy::Optimal).unwrap().pours.len(), 1);
        // The first pour must open an empty tube, so the bound 6 is not reached.
        assert_eq!(check("GRGR RGRG EEEE EEEE", Strategy::Optimal).unwrap().pours.len(), 7);
        assert!(check("GRGR RGRG EEEE EEEE", Strategy::Dfs).is_ok());
        assert_eq!(check("RRRR GGGG", Strategy::Optimal).unwrap().pours.len(), 0);
    }

    #[test]
    fn proves_unsolvable_and_suggests_a_tube() {
        for strategy in [Strategy::Optimal, Strategy::Dfs] {
            let err = check("GRGR RGRG", strategy).unwrap_err();
            assert!(matches!(err, WaterSolveError::Unsolvable { .. }), "{err:?}");
        }
        let puzzle: WaterPuzzle = "GRGR RGRG".parse().unwrap();
        let verdict = with_extra_tube(&puzzle, &WaterSolveOptions::default());
        assert_eq!(verdict, ExtraTubeVerdict::Solvable { pours: 7 });
    }

    #[test]
    fn refuses_hidden_layers_and_respects_the_budget() {
        let puzzle: WaterPuzzle = "G??? GGG? EEEE".parse().unwrap();
        assert_eq!(solve(&puzzle, &WaterSolveOptions::default()), Err(WaterSolveError::UnknownLayers));
        let puzzle: WaterPuzzle = "ABCD BCDA CDAB DABC EEEE EEEE".parse().unwrap();
        let tight = WaterSolveOptions { max_states: 10, ..Default::default() };
        assert!(matches!(
            solve(&puzzle, &tight),
            Err(WaterSolveError::BudgetExceeded { limit: StateLimit::States(10), .. })
        ));
        let hard: WaterPuzzle =
            "ABCDFGHI BCDFGHIA CDFGHIAB DFGHIABC FGHIABCD GHIABCDF HIABCDFG IABCDFGH EEEEEEEE EEEEEEEE"
                .parse()
                .unwrap();
        // Fewer states than asked for when they would not fit the memory.
        let small = WaterSolveOptions { max_memory: 10_000, ..Default::default() };
        let Err(WaterSolveError::BudgetExceeded { limit: StateLimit::Memory(10_000), states_explored }) =
            solve(&hard, &small)
        else {
            panic!("the memory limit stops the search")
        };
        assert!(states_explored * bytes_per_state(10) <= 10_000 + bytes_per_state(10), "{states_explored} states");
        assert!(solve(&hard, &small).unwrap_err().to_string().contains("0 MiB of memory"));
        // A deadline already past stops it at its first look at the clock.
        // (A level of 32 tubes with over a million states: the clock is read
        // every thousand states, so only such a level looks at it.)
        let late = WaterSolveOptions { deadline: Some(Deadline::after(Duration::ZERO)), ..Default::default() };
        let vast: WaterPuzzle = "DAAWFYAO CYbFIbOU FNHbeVMU dYPRUMcZ XSBWZNTP IHINASZL CbYecRHQ NOUDcIDW JKGRTOTB CDYdPKTC PNJLaVea XMdTJScB FbNXOTZB HFHWAGWD DYBZLHVI HAXDICQd cFBUIcBS IbPGUAbS KOUeOCKd aHGReRLZ PGVOMVWM aVaKPdYL JaQATcVL eXdJdJWX SMKZBWTX MZaCMRSa RJQCGLQV GSbNDFNQ KJQLYXQe RGcUePFK EEEEEEEE EEEEEEEE".parse().unwrap();
        let err = solve(&vast, &late).unwrap_err();
        assert!(matches!(err, WaterSolveError::BudgetExceeded { limit: StateLimit::Time(_), .. }), "{err}");
        // A cancelled watch (Ctrl-C) stops it there too, and sees its states.
        static WATCH: crate::solve::Watch = crate::solve::Watch::new();
        WATCH.cancel();
        let watched = WaterSolveOptions { deadline: Some(Deadline::never().watched(&WATCH)), ..Default::default() };
        let err = solve(&vast, &watched).unwrap_err();
        assert!(matches!(err, WaterSolveError::BudgetExceeded { limit: StateLimit::Interrupted, .. }), "{err}");
        assert!(err.to_string().contains("stopped by Ctrl-C") && !err.to_string().contains("raise"), "{err}");
        assert_eq!(WATCH.progress().states, CLOCK_EVERY as u64);
    }
}
