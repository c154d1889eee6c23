//! Fewest pours: A* over canonical states with the block-count bound, run as
//! a 0-1 breadth-first search.
//!
//! Why this algorithm: let B be the number of maximal same-colour runs over
//! all tubes. No pour increases B; a pour that moves a whole run onto the same
//! colour lowers it by one, every other pour leaves it unchanged; a solved
//! level has B = number of colours. So B − colours is admissible and
//! consistent. We add U, the colours with no layer at the bottom of any tube:
//! each needs a pour into an empty tube, which B does not count (see
//! [`state::lower_bound`]). With h = B − colours + U every pour lowers h by at
//! most one, so each pour costs 0 (it lowers h) or 1 in reduced cost.
//! Measured: U cut level 105 from 11,244 to a few thousand states and the
//! 12-colour, 3-empty levels by far more (numbers in the closing notes). Dijkstra on 0/1 costs is a deque: cost-0 successors go to
//! the front, cost-1 to the back, and the first goal popped is optimal. The
//! front-first order also dives towards the goal inside one f-layer, which is
//! why most levels are solved after a few thousand states.

use std::collections::VecDeque;

use super::state::{self, StateTable, TubeWord};
use super::{Budget, Packed, SearchOutcome, StateLimit, for_each_successor, is_goal, sorted};

pub(super) fn search(packed: &Packed, budget: &Budget) -> SearchOutcome {
    let start = sorted(&packed.tubes);
    let mut table = match budget.table(start.len()) {
        Ok(table) => table,
        Err(limit) => return SearchOutcome::OutOfBudget { states_explored: 0, limit },
    };
    // Per state: f = g + h (the reduced distance), g, parent id.
    let mut f: Vec<u16> = Vec::new();
    let mut g: Vec<u16> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut done: Vec<bool> = Vec::new();

    let h0 = state::lower_bound(&start, packed.n_colors) as u16;
    let Ok((start_id, _)) = table.insert(&start) else {
        return SearchOutcome::OutOfBudget { states_explored: 0, limit: budget.states_limit };
    };
    f.push(h0);
    g.push(0);
    parent.push(u32::MAX);
    done.push(false);

    let mut queue: VecDeque<u32> = VecDeque::from([start_id]);
    let mut current: Vec<TubeWord> = Vec::with_capacity(start.len());
    let mut scratch: Vec<TubeWord> = Vec::with_capacity(start.len());
    let mut child: Vec<TubeWord> = Vec::with_capacity(start.len());

    while let Some(id) = queue.pop_front() {
        let i = id as usize;
        if done[i] {
            continue;
        }
        done[i] = true;
        current.clear();
        current.extend_from_slice(table.get(id));
        if f[i] == g[i] && is_goal(&current, packed.n_colors) {
            return SearchOutcome::Found { path: walk_back(&table, &parent, id), states_explored: table.len() };
        }
        let (fi, gi) = (f[i], g[i]);
        // Blocks of the current state, from h = f − g = B − C + U.
        let blocks = (fi - gi) as usize + packed.n_colors - state::colors_without_bottom(&current, packed.n_colors);
        let mut over_budget: Option<StateLimit> = None;
        for_each_successor(&current, packed.capacity, &mut scratch, |_, _, p, next| {
            if over_budget.is_some() {
                return;
            }
            let child_h = blocks - usize::from(p.merges_block) - packed.n_colors
                + state::colors_without_bottom(next, packed.n_colors);
            let child_f = gi + 1 + child_h as u16;
            debug_assert!(child_f == fi || child_f == fi + 1, "the bound is consistent");
            let cost = child_f - fi;
            child.clear();
            child.extend_from_slice(next);
            child.sort_unstable();
            let Ok((cid, new)) = table.insert(&child) else {
                over_budget = Some(budget.states_limit);
                return;
            };
            let c = cid as usize;
            if new {
                f.push(fi + cost);
                g.push(gi + 1);
                parent.push(id);
                done.push(false);
                over_budget = budget.spent(table.len());
            } else if done[c] || f[c] <= fi + cost {
                return;
            } else {
                f[c] = fi + cost;
                g[c] = gi + 1;
                parent[c] = id;
            }
            if cost == 0 {
                queue.push_front(cid);
            } else {
                queue.push_back(cid);
            }
        });
        if let Some(limit) = over_budget {
            return SearchOutcome::OutOfBudget { states_explored: table.len(), limit };
        }
    }
    SearchOutcome::Exhausted { states_explored: table.len() }
}

/// The states from the start to `goal`, following parent links.
pub(super) fn walk_back(table: &StateTable, parent: &[u32], goal: u32) -> Vec<Vec<TubeWord>> {
    let mut path = Vec::new();
    let mut id = goal;
    loop {
        path.push(table.get(id).to_vec());
        if parent[id as usize] == u32::MAX {
            break;
        }
        id = parent[id as usize];
    }
    path.reverse();
    path
}
