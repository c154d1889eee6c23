//! Plans for levels with hidden layers: the fewest pours, using only the
//! layers shown, up to the first pour that shows something new.
//!
//! Why this algorithm: nothing can be planned past a hidden layer, because
//! what it holds decides the next move. So the useful plan is the shortest
//! way to new information: a pour that uncovers a `?` layer, or that
//! completes the colour a curtain waits for. Breadth-first search over the
//! same packed, canonical states as the full solvers finds it; a hidden layer
//! is a colour byte (`HIDDEN`) that can never be poured or poured onto, and a
//! locked tube is a full tube of hidden layers. An exhausted search means no
//! pour can ever show anything new ("no move is safe").

use std::collections::VecDeque;

use crate::puzzle::water::{Layer, Pour, WaterPuzzle};

use super::state::{self, StateTable, TubeWord};
use super::{Budget, Packed, StateLimit, WaterSolveOptions, optimal, replay_on_real_tubes, sorted};

/// The packed byte of a hidden layer.
const HIDDEN: u8 = 0xFF;

/// A plan that ends at a reveal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevealPlan {
    pub pours: Vec<Pour>,
    pub states_explored: usize,
}

/// Why there is no plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RevealError {
    /// No sequence of pours on the shown layers uncovers anything.
    NoSafeMove {
        states_explored: usize,
    },
    BudgetExceeded {
        states_explored: usize,
        limit: StateLimit,
    },
}

/// Packs a level whose unknowns are hidden layers or locked tubes.
fn pack_with_hidden(puzzle: &WaterPuzzle) -> (Packed, Vec<u8>) {
    let capacity = puzzle.capacity();
    let tubes = puzzle
        .tubes()
        .iter()
        .map(|t| {
            if t.locked_until.is_some() {
                return (0..capacity).fold(0u64, |w, i| w | ((HIDDEN as u64) << (8 * i)));
            }
            t.layers.iter().enumerate().fold(0u64, |w, (i, l)| {
                let byte = match l {
                    Layer::Color(c) => c.0 + 1,
                    Layer::Hidden => HIDDEN,
                };
                w | ((byte as u64) << (8 * i))
            })
        })
        .collect();
    let locks = puzzle.tubes().iter().filter_map(|t| t.locked_until.map(|c| c.0 + 1)).collect();
    (Packed { tubes, capacity, n_colors: puzzle.n_colors() }, locks)
}

/// True when a pour from `src` to `dst` (giving `p`) shows something new.
fn reveals(p: &state::PackedPour, capacity: usize, locks: &[u8]) -> bool {
    let h = state::height(p.from);
    let uncovers = h > 0 && state::top(p.from, h) == HIDDEN;
    let h_to = state::height(p.to);
    let completes = h_to == capacity && state::is_mono(p.to) && locks.contains(&state::top(p.to, h_to));
    uncovers || completes
}

/// The fewest pours to the first reveal.
pub fn plan_until_reveal(puzzle: &WaterPuzzle, options: &WaterSolveOptions) -> Result<RevealPlan, RevealError> {
    let (packed, locks) = pack_with_hidden(puzzle);
    let start = sorted(&packed.tubes);
    let budget = Budget::new(options, start.len());
    let over = |states_explored, limit| RevealError::BudgetExceeded { states_explored, limit };
    let mut table: StateTable = budget.table(start.len()).map_err(|limit| over(0, limit))?;
    let (start_id, _) = table.insert(&start).map_err(|_| over(0, budget.states_limit))?;
    let mut parent: Vec<u32> = vec![u32::MAX];
    let mut queue = VecDeque::from([start_id]);
    let mut scratch: Vec<TubeWord> = Vec::new();
    let mut child: Vec<TubeWord> = Vec::new();
    while let Some(id) = queue.pop_front() {
        let current = table.get(id).to_vec();
        let mut goal: Option<Vec<TubeWord>> = None;
        let mut over_budget: Option<StateLimit> = None;
        for_each_shown_pour(&current, packed.capacity, &mut scratch, |p, next| {
            if goal.is_some() || over_budget.is_some() {
                return;
            }
            child.clear();
            child.extend_from_slice(next);
            child.sort_unstable();
            if reveals(&p, packed.capacity, &locks) {
                goal = Some(child.clone());
                return;
            }
            match table.insert(&child) {
                Ok((cid, true)) => {
                    parent.push(id);
                    queue.push_back(cid);
                    over_budget = budget.spent(table.len());
                }
                Ok((_, false)) => {}
                Err(_) => over_budget = Some(budget.states_limit),
            }
        });
        if let Some(goal) = goal {
            let mut path = optimal::walk_back(&table, &parent, id);
            path.push(goal);
            return Ok(RevealPlan { pours: replay_on_real_tubes(&packed, &path), states_explored: table.len() });
        }
        if let Some(limit) = over_budget {
            return Err(over(table.len(), limit));
        }
    }
    Err(RevealError::NoSafeMove { states_explored: table.len() })
}

/// Every pour of shown liquid: never from a tube whose top is hidden (or a
/// locked tube), never onto a hidden top, the single-colour-into-empty and
/// several-empty-targets renamings skipped.
fn for_each_shown_pour(
    tubes: &[TubeWord],
    capacity: usize,
    scratch: &mut Vec<TubeWord>,
    mut visit: impl FnMut(state::PackedPour, &[TubeWord]),
) {
    let first_empty = tubes.iter().position(|&t| t == 0);
    for (from, &src) in tubes.iter().enumerate() {
        let h = state::height(src);
        if h == 0 || state::top(src, h) == HIDDEN {
            continue;
        }
        let mono = state::top_run(src, h) == h;
        if mono && h == capacity {
            continue;
        }
        for (to, &dst) in tubes.iter().enumerate() {
            if to == from || (dst == 0 && (mono || Some(to) != first_empty)) {
                continue;
            }
            let Some(p) = state::pour(src, dst, capacity) else { continue };
            scratch.clear();
            scratch.extend_from_slice(tubes);
            scratch[from] = p.from;
            scratch[to] = p.to;
            visit(p, scratch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(level: &str) -> Result<RevealPlan, RevealError> {
        plan_until_reveal(&level.parse().unwrap(), &WaterSolveOptions { max_states: 100_000, ..Default::default() })
    }

    #[test]
    fn stops_at_the_first_uncovered_layer() {
        // Moving the green off tube 1 shows its hidden layer: one pour.
        let p = plan("G? EE G?").unwrap();
        assert_eq!(p.pours.len(), 1);
        assert_eq!(p.pours[0].to, 1);
    }

    #[test]
    fn completing_a_curtains_colour_is_a_reveal() {
        // Tube 2 completes red, which opens the curtain of tube 1.
        let p = plan("!R EEER ERRR EEEE").unwrap();
        assert_eq!(p.pours.len(), 1);
        assert!(p.pours[0].to == 1 || p.pours[0].to == 2);
    }

    #[test]
    fn says_when_no_move_is_safe() {
        // Every shown top is full or blocked: nothing can move.
        assert!(matches!(plan("GGR? RRG? GR??"), Err(RevealError::NoSafeMove { .. })));
    }
}
