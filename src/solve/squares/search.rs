//! Hot code for the edge-matching search: edge codes, candidate tables and the
//! scan-line backtracking loop.
//!
//! Representation rules:
//! - Every distinct edge is a small code; `need[code]` is the code the facing
//!   edge must have (`IMPOSSIBLE` for `NONE-X` and borders inside the board).
//! - A candidate is one card in one rotation, stored with the codes its right
//!   and bottom neighbours must show, so placing it costs no lookups.
//! - Candidates are grouped by key (required left code, required top code,
//!   frame class): every candidate of a key already fits its left and top
//!   neighbours and the frame; only "is the card free" is left to test.
//! - A key's candidates are a bitmask of cards (`mask & free` yields only
//!   cards still free, so the loop never tests a used card), with the
//!   candidate for each card beside it. A card that fits a key in a second
//!   rotation goes into a second layer, which is rare. The first layer sits
//!   at the key's own index, and the part of the next cell's key that comes
//!   from above is computed when a cell is entered, so trying a card is one
//!   load for the candidate and one for the next key's mask. Brendan 6×6, all
//!   solutions, one thread: a flat (card, rotation) list scanned with a
//!   "used?" branch, 527 ms; bitmasks per rotation, 361 ms; layers with the
//!   key-indexed first layer and per-card candidates, 244–258 ms.
//! - The loop is iterative (no recursion) and shaped for its common step,
//!   trying one card: all it reads about a cell is in one frame per depth
//!   (so the compiler keeps few values live and spills little), everything
//!   rarer (the first cell's symmetry, entering a task, the last cell, the
//!   shared counters) is one predictable branch away, a candidate is 8
//!   bytes, and `tried` is the nodes plus the cards the look-ahead took
//!   back, so only those are counted one by one. One thread, best of 10,
//!   the old loop against this one run in turns: Brendan 7×7 first solution
//!   161 → 124 ms, 6×6 all solutions 267 → 206 ms (the cell's state in
//!   locals instead of its frame: 129 and 207 ms). No measurable gain from
//!   unchecked indexing, nor from testing both look-ahead masks in one
//!   branch (8% slower: the first test skips the second load).
//! - Before descending the loop looks ahead:
//!   the next cell's key is known once a card is chosen, and a third of all
//!   descents found no free card there; the next key's first-layer mask
//!   catches them (Brendan 6×6 all: 14.5 M → 9.2 M placements, 354 → 304 ms),
//!   and one mask per top edge checks the cell below (a further 3%). Checking
//!   the whole next row every time pruned little and cost more; so did
//!   counting, per edge code, free cards' edges against open edges (0.2%
//!   fewer nodes, 40% slower).
//! - Threads: see [`Shared`]. The tree is cut into tasks that every thread
//!   numbers the same way, so counts and kept solutions do not depend on how
//!   many threads ran or how fast each was.
//!
//! Symmetry: every solution of a square board appears four times, turned with
//! the board; a rectangular board's twice. The search keeps exactly one of
//! each orbit: the card on the top-left corner must have a lower index than
//! the cards on the corners it turns into (on a framed square board, simply
//! the lowest-numbered corner card). Measured on Brendan 6×6 all solutions:
//! without it the search places 4× the cards.

use std::sync::atomic::{AtomicU64, Ordering};

pub use super::tables::{Candidate, Tables};
use super::tables::{Layer, Step};
use crate::solve::{Deadline, Stop, add_nodes, add_solutions, stop};

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole space was searched.
    Exhausted,
    /// Stopped at the first solution.
    Stopped,
    /// `max_nodes` placements were made first.
    OutOfBudget,
    /// The deadline passed first.
    OutOfTime,
    /// The user stopped the search (Ctrl-C).
    Interrupted,
}

/// What one search thread found.
#[derive(Debug, Clone)]
pub struct SearchStats {
    /// Solutions found, one per orbit of board turns.
    pub solutions: u64,
    /// Successful placements (search nodes).
    pub nodes: u64,
    /// Cards put on a cell they fit, including those the look-ahead took back.
    pub tried: u64,
    pub end: SearchEnd,
    /// The first solutions found, each with the task it was found in; a
    /// thread's tasks come in search order, so merging by task gives the
    /// solutions in the order one thread would have found them.
    pub kept: Vec<(u64, Vec<Candidate>)>,
}
/// What the threads of one search share. The search tree is cut at depth
/// `depth`: every node there is a task, numbered in scan-line search order,
/// and each thread walks the (small) tree above it, taking the next unclaimed
/// task from `next`. A thread that finds a solution in first-solution mode
/// lowers `first`, and the threads in later tasks give up, so the solution
/// reported is always the one a single thread finds first.
#[derive(Debug)]
pub struct Shared {
    depth: usize,
    next: AtomicU64,
    first: AtomicU64,
    /// Nodes placed by all threads, flushed now and then.
    nodes: AtomicU64,
}

impl Shared {
    /// Cuts a board `width` cells wide, of `cells` cells, after its second
    /// row (at most 14 cells in, at most halfway). The tasks must be many and
    /// small: the first solution is found when its task is reached, and a
    /// cut after 3 cells gave Brendan 7×7's first solution no speed-up at
    /// all on two threads (184 ms), after 8 cells 99 ms, after 14 cells 94 ms
    /// against 184 ms on one. Every thread walks the tree above the cut, so
    /// it must stay shallow.
    pub fn new(width: usize, cells: usize, threads: usize) -> Shared {
        let cut = (2 * width).min(cells / 2).min(14);
        let depth = if threads > 1 && cells >= 9 { cut } else { usize::MAX };
        Shared { depth, next: AtomicU64::new(0), first: AtomicU64::new(u64::MAX), nodes: AtomicU64::new(0) }
    }

    /// Whether the tree is cut into tasks for several threads.
    pub fn is_split(&self) -> bool {
        self.depth != usize::MAX
    }
}

/// What one search thread is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub max_nodes: u64,
    /// When to give up, if ever (looked at with the shared counters).
    pub deadline: Option<Deadline>,
    /// Solutions to keep (all are counted).
    pub keep: usize,
    pub first_only: bool,
    /// Whether this thread counts the nodes above the cut (one thread does).
    pub counts_top: bool,
}

/// Nodes a thread places between looks at the shared counters.
const FLUSH: u64 = 4096;

/// Everything the loop reads at one depth, so that trying a card reads one
/// place: the step from the tables, this thread's view of it (whether it
/// counts the nodes there, above the cut only one thread does; whether a
/// card placed there enters a task or leaves only the last cell to fill),
/// and the cell's state: the cards the symmetry allows on the next cell, the
/// cards of the current layer not tried yet (stored when the search goes
/// deeper), where that layer's candidates are, the key's further layers, and
/// the next cell's key but for the card's part.
#[derive(Debug, Clone, Copy)]
struct Frame<const W: usize> {
    left: [u64; W],
    allow_next: [u64; W],
    base: u32,
    next: u32,
    end: u32,
    next_fixed: u32,
    step: Step,
    count: u32,
    special: bool,
}

impl<const W: usize> Frame<W> {
    /// Starts trying the cards of `first`, a key's first layer, on this
    /// frame's cell, whose neighbours above are in `placed`.
    #[inline]
    fn enter(&mut self, first: &Layer<W>, placed: &[Candidate]) {
        (self.base, self.next, self.end) = (first.base, first.next, first.end);
        self.next_fixed = self.step.fixed + u32::from(placed[self.step.top_from as usize].need_bottom) * 4;
    }
}

/// A thread's search but for the cells: its counts, its task, and how it
/// ended. The loop keeps the counts in locals and hands them over here on
/// the rare paths.
struct Walk<'a, const W: usize> {
    tables: &'a Tables<W>,
    shared: &'a Shared,
    job: Job,
    stats: SearchStats,
    /// Nodes already added to `shared.nodes`, and after how many nodes walked
    /// (counted or not) to look at the shared counters next.
    flushed: u64,
    /// Solutions already added to the deadline's watch.
    solutions_flushed: u64,
    check_at: u64,
    /// The task this thread is in (0 above the cut and on a single thread).
    current: u64,
}

impl<const W: usize> Walk<'_, W> {
    /// Adds this thread's nodes to the shared count and says whether to
    /// stop: the budget is spent, or another thread found an earlier solution.
    ///
    /// `walked` counts every node this thread placed, also those above the
    /// cut that another thread counts: a thread walking a large tree above
    /// the cut must still see the budget run out and stop.
    #[cold]
    #[inline(never)]
    fn flush(&mut self, nodes: u64, walked: u64) -> bool {
        let total = self.shared.nodes.fetch_add(nodes - self.flushed, Ordering::Relaxed) + (nodes - self.flushed);
        self.report(nodes);
        self.check_at = walked + if self.job.max_nodes < FLUSH { 1 } else { FLUSH };
        if total > self.job.max_nodes {
            self.stats.end = SearchEnd::OutOfBudget;
            return true;
        }
        match stop(self.job.deadline) {
            Some(Stop::Time) => {
                self.stats.end = SearchEnd::OutOfTime;
                return true;
            }
            Some(Stop::Interrupted) => {
                self.stats.end = SearchEnd::Interrupted;
                return true;
            }
            None => {}
        }
        if self.job.first_only && self.shared.first.load(Ordering::Relaxed) < self.current {
            self.stats.end = SearchEnd::Stopped;
            return true;
        }
        false
    }

    /// Hands the nodes and solutions since the last report to the
    /// deadline's watch, if any.
    fn report(&mut self, nodes: u64) {
        add_nodes(self.job.deadline, nodes - self.flushed);
        add_solutions(self.job.deadline, self.stats.solutions - self.solutions_flushed);
        (self.flushed, self.solutions_flushed) = (nodes, self.stats.solutions);
    }

    /// Puts every card of `key` in `free` on the last cell: each one is a
    /// solution. Counts the nodes, and says whether to stop.
    #[cold]
    #[inline(never)]
    fn last_cell(
        &mut self,
        key: usize,
        free: &[u64; W],
        placed: &mut [Candidate],
        nodes: &mut u64,
        walked: &mut u64,
        count: u64,
    ) -> bool {
        let tables = self.tables;
        let first = &tables.layers[key];
        let further = &tables.layers[first.next as usize..first.end as usize];
        // `placed` is the board's cells and, after them, the frame sentinel.
        let last = placed.len() - 2;
        for layer in std::iter::once(first).chain(further) {
            for (i, mut word) in and(&layer.cards, free).into_iter().enumerate() {
                while word != 0 {
                    let card = i * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    placed[last] = tables.chosen[layer.base as usize + card];
                    *nodes += count;
                    *walked += 1;
                    if *walked >= self.check_at && self.flush(*nodes, *walked) {
                        return true;
                    }
                    self.stats.solutions += 1;
                    if self.stats.kept.len() < self.job.keep {
                        self.stats.kept.push((self.current, placed[..=last].to_vec()));
                    }
                    if self.job.first_only {
                        self.shared.first.fetch_min(self.current, Ordering::Relaxed);
                        self.stats.end = SearchEnd::Stopped;
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Runs the scan-line search on one thread, taking tasks from `shared`.
pub fn run<const W: usize>(tables: &Tables<W>, shared: &Shared, job: Job) -> SearchStats {
    let n = tables.width * tables.height;
    let cut = shared.depth;
    // One more slot: the sentinel that shows the frame code.
    let mut placed = vec![Candidate::default(); n + 1];
    placed[n].need_bottom = tables.frame_code;
    let mut free = [0u64; W];
    for card in 0..n {
        free[card >> 6] |= 1 << (card & 63);
    }
    let mut frames: Vec<Frame<W>> = (0..n)
        .map(|d| Frame {
            left: [0; W],
            allow_next: [u64::MAX; W],
            base: 0,
            next: 0,
            end: 0,
            next_fixed: 0,
            step: tables.steps[d],
            count: u32::from(d >= cut || job.counts_top),
            special: d + 1 == cut || d + 2 == n,
        })
        .collect();
    // The cards the symmetry allows on the top-left corner (those allowed on
    // every other cell are in the frame before it).
    let mut allow_root = [u64::MAX; W];
    if let Some(first) = tables.first_card {
        allow_root = [0; W];
        allow_root[first as usize >> 6] = 1 << (first & 63);
    }
    let mut walk = Walk {
        tables,
        shared,
        job,
        stats: SearchStats { solutions: 0, nodes: 0, tried: 0, end: SearchEnd::Exhausted, kept: Vec::new() },
        flushed: 0,
        solutions_flushed: 0,
        check_at: if job.max_nodes < FLUSH { 1 } else { FLUSH },
        current: 0,
    };
    // Tasks: the next one met in search order, and the one this thread claimed.
    let mut task = 0u64;
    let mut claimed = if cut < n { shared.next.fetch_add(1, Ordering::Relaxed) } else { 0 };
    // Nodes placed and cards the look-ahead took back, as this thread counts
    // them; and nodes placed, counted or not.
    let (mut nodes, mut rejected, mut walked) = (0u64, 0u64, 0u64);
    let mut depth = 0;
    let root = &tables.layers[tables.root_key];
    let mut left = and(&and(&root.cards, &free), &allow_root);
    frames[0].enter(root, &placed);
    loop {
        let f = &frames[depth];
        // Next card in the current layer, moving on through the layers.
        let Some(i) = left.iter().position(|&w| w != 0) else {
            if f.next < f.end {
                let layer = &tables.layers[f.next as usize];
                let allow = if depth == 0 { allow_root } else { frames[depth - 1].allow_next };
                left = and(&and(&layer.cards, &free), &allow);
                let f = &mut frames[depth];
                f.next += 1;
                f.base = layer.base;
                continue;
            }
            if depth == 0 {
                break;
            }
            depth -= 1;
            left = frames[depth].left;
            let card = placed[depth].card as usize;
            free[card >> 6] |= 1 << (card & 63);
            continue;
        };
        let bit = left[i].trailing_zeros() as usize;
        left[i] &= left[i] - 1;
        let card = i * 64 + bit;
        if depth == 0 {
            // The corners the top-left one turns into take higher card numbers.
            let above: [u64; W] = std::array::from_fn(|w| {
                let lo = w * 64;
                if card < lo {
                    u64::MAX
                } else if card + 1 >= lo + 64 {
                    0
                } else {
                    u64::MAX << (card + 1 - lo)
                }
            });
            for pos in 1..n {
                frames[pos - 1].allow_next = if tables.above_corner[pos] { above } else { [u64::MAX; W] };
            }
        }
        let f = &frames[depth];
        let candidate = tables.chosen[f.base as usize + card];
        let mut free_after = free;
        free_after[i] &= !(1 << bit);
        // Look-ahead: the next cell's key is known now (its left neighbour is
        // this card, its top one was placed before), and so is the top edge
        // of the cell below. When no free card fits either, do not descend.
        // A third of all descents were such dead ends.
        let key = (f.next_fixed + (candidate.ahead_key & f.step.ahead_mask)) as usize;
        let ahead = &tables.layers[key];
        let next_left = and(&and(&ahead.cards, &free_after), &f.allow_next);
        let below = and(&tables.top_any[(u32::from(candidate.need_bottom) * 4 + f.step.below) as usize], &free_after);
        if !(any(&next_left) & any(&below)) {
            rejected += u64::from(f.count);
            continue;
        }
        nodes += u64::from(f.count);
        walked += 1;
        if walked >= walk.check_at && walk.flush(nodes, walked) {
            break;
        }
        if f.special {
            if depth + 1 == cut {
                // Entering a task: only the one this thread claimed.
                let this = task;
                task += 1;
                if this != claimed {
                    continue;
                }
                if job.first_only && shared.first.load(Ordering::Relaxed) < this {
                    walk.stats.end = SearchEnd::Stopped;
                    break;
                }
                walk.current = this;
                claimed = shared.next.fetch_add(1, Ordering::Relaxed);
            }
            if depth + 2 == n {
                placed[depth] = candidate;
                let free_last = and(&free_after, &frames[depth].allow_next);
                let count = u64::from(frames[n - 1].count);
                if walk.last_cell(key, &free_last, &mut placed, &mut nodes, &mut walked, count) {
                    break;
                }
                continue;
            }
        }
        frames[depth].left = left;
        placed[depth] = candidate;
        free = free_after;
        depth += 1;
        left = next_left;
        frames[depth].enter(ahead, &placed);
    }
    // Every card put on a cell either passed the look-ahead or was taken back.
    walk.stats.nodes = nodes;
    walk.stats.tried = nodes + rejected;
    walk.shared.nodes.fetch_add(nodes - walk.flushed, Ordering::Relaxed);
    walk.report(nodes);
    walk.stats
}

fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] & b[i])
}

fn any<const W: usize>(mask: &[u64; W]) -> bool {
    mask.iter().any(|&w| w != 0)
}
