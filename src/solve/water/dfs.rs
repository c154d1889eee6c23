//! The original water-sort article's memoised depth-first search, made
//! complete.
//!
//! Why this algorithm: it is what players and most public solvers use, and
//! with a good move order it finds *a* solution after very few states. The
//! article prunes: pour whole top runs, merge onto non-empty tubes before
//! opening an empty one, skip empty and finished tubes, and when an empty tube
//! is opened, gather that colour into it. Taken as hard rules some of these can
//! lose the only solution (a level may need a partial pour). Here they are a
//! move *order*: every pour is still tried after the preferred ones, and the
//! memo (every state seen, canonical) keeps the search finite, so an exhausted
//! search proves the level unsolvable. Only pours that cannot matter are
//! dropped (see `for_each_successor`).

use super::state::{self, StateTable, TubeWord};
use super::{Budget, Packed, SearchOutcome, for_each_successor, is_goal, sorted};

/// One frame of the explicit stack: a state and its ordered successors.
struct Frame {
    id: u32,
    children: Vec<u32>,
    next: usize,
}

pub(super) fn search(packed: &Packed, budget: &Budget) -> SearchOutcome {
    let start = sorted(&packed.tubes);
    let out_of_memory = |states_explored| SearchOutcome::OutOfBudget { states_explored, limit: budget.states_limit };
    let mut table = match budget.table(start.len()) {
        Ok(table) => table,
        Err(limit) => return SearchOutcome::OutOfBudget { states_explored: 0, limit },
    };
    let Ok((start_id, _)) = table.insert(&start) else { return out_of_memory(0) };
    if is_goal(&start, packed.n_colors) {
        return SearchOutcome::Found { path: vec![start], states_explored: 1 };
    }
    let mut scratch = Vec::with_capacity(start.len());
    let Some(first) = expand(&mut table, start_id, packed, &mut scratch) else { return out_of_memory(table.len()) };
    let mut stack = vec![first];
    while let Some(frame) = stack.last_mut() {
        let Some(&child) = frame.children.get(frame.next) else {
            stack.pop();
            continue;
        };
        frame.next += 1;
        let child_state = table.get(child);
        if is_goal(child_state, packed.n_colors) {
            let mut path: Vec<Vec<TubeWord>> = stack.iter().map(|f| table.get(f.id).to_vec()).collect();
            path.push(table.get(child).to_vec());
            return SearchOutcome::Found { path, states_explored: table.len() };
        }
        if let Some(limit) = budget.spent(table.len()) {
            return SearchOutcome::OutOfBudget { states_explored: table.len(), limit };
        }
        let Some(frame) = expand(&mut table, child, packed, &mut scratch) else { return out_of_memory(table.len()) };
        stack.push(frame);
    }
    SearchOutcome::Exhausted { states_explored: table.len() }
}

/// Inserts the successors of a state and returns them, unseen ones only, in
/// the article's order of preference; `None` when memory ran out.
fn expand(table: &mut StateTable, id: u32, packed: &Packed, scratch: &mut Vec<TubeWord>) -> Option<Frame> {
    let current = table.get(id).to_vec();
    let mut scored: Vec<(u32, u32)> = Vec::new();
    let mut child = Vec::with_capacity(current.len());
    let mut out_of_memory = false;
    for_each_successor(&current, packed.capacity, scratch, |from, to, p, next| {
        let score = preference(current[from], current[to], p, packed.capacity);
        child.clear();
        child.extend_from_slice(next);
        child.sort_unstable();
        match table.insert(&child) {
            Ok((cid, true)) => scored.push((score, cid)),
            Ok((_, false)) => {}
            Err(_) => out_of_memory = true,
        }
    });
    if out_of_memory {
        return None;
    }
    // Stable sort: equal scores keep the deterministic generation order.
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    Some(Frame { id, children: scored.into_iter().map(|(_, cid)| cid).collect(), next: 0 })
}

/// Higher is tried first: completing a tube, then gathering onto a tube that
/// holds only this colour, then other whole-run merges, then opening an empty
/// tube, and partial pours last.
fn preference(src: TubeWord, dst: TubeWord, p: state::PackedPour, capacity: usize) -> u32 {
    let h_after = state::height(p.to);
    if p.merges_block {
        let completes = h_after == capacity && state::is_mono(p.to);
        let gathers = state::is_mono(dst);
        let emptied = p.from == 0;
        100 + 50 * u32::from(completes) + 20 * u32::from(gathers) + 5 * u32::from(emptied)
    } else if dst == 0 {
        // Opening an empty tube is better with a longer run from a mixed tube.
        50 + state::top_run(src, state::height(src)) as u32
    } else {
        10
    }
}
