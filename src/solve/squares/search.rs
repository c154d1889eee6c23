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
//! - The loop is iterative (no recursion). Before descending it looks ahead:
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

use crate::puzzle::squares::{BOTTOM, Edge, LEFT, RIGHT, Rotation, SquaresPuzzle, TOP};

/// A layer of a key's candidates: the cards (as a bitmask) that fit the key,
/// each in its rotation at `chosen[base + card]`. A key's first layer holds
/// every card that fits it in any rotation; a card that fits in a second (or
/// third, fourth) rotation appears again in a further layer.
#[derive(Debug, Clone, Copy)]
struct Layer<const W: usize> {
    cards: [u64; W],
    base: u32,
}

/// A card in one rotation as the loop places it: the codes its right and
/// bottom neighbours must show.
#[derive(Debug, Clone, Copy, Default)]
pub struct Candidate {
    pub card: u16,
    pub rotation: u8,
    /// The left code the right neighbour must have.
    pub need_right: u8,
    /// The top code the bottom neighbour must have.
    pub need_bottom: u8,
    /// `need_right`'s part of the right neighbour's table key.
    right_key: u32,
}

/// Everything the loop needs, built once per puzzle. `W` words of 64 bits
/// hold one bit per card.
pub struct Tables<const W: usize> {
    /// Cards may not turn.
    fixed: bool,
    width: usize,
    height: usize,
    n_codes: usize,
    /// `layers[key]` is the first layer of `key`; `extra[key]` the range of
    /// its further layers.
    layers: Vec<Layer<W>>,
    extra: Vec<(u32, u32)>,
    /// Per non-empty layer, from its `base`, per card: the card in the
    /// rotation the layer takes it in.
    chosen: Vec<Candidate>,
    /// The code asked of the edges on the frame (border, or any).
    frame_code: u8,
    /// Per position: where its left and top codes are read from.
    cells: Vec<Cell>,
    ahead: Vec<Ahead>,
    /// Per position: must hold a higher card index than the top-left corner.
    above_corner: Vec<bool>,
    /// On framed square boards, the only card allowed on the top-left corner.
    first_card: Option<u16>,
    /// Per (top code, frame class): every card that can show that top edge.
    top_any: Vec<[u64; W]>,
}

/// Where a position reads its requirements: the placed cells to its left
/// and above (index `n`, a sentinel that shows the frame code, on the edge of
/// the board) and its frame class (bit 0: right column, bit 1: bottom row;
/// 0 on unframed boards). Precomputed so the loop does no division.
#[derive(Debug, Clone, Copy)]
struct Cell {
    left_from: u16,
    top_from: u16,
    class: u8,
}

/// Per position, how the next cell's key is made, but for its left
/// neighbour's part: `fixed` (its frame class, and the frame's part when it
/// starts a row) plus four times the top code of `placed[top_from]`; and
/// `left_mask`, all ones unless it starts a row. Unused on boards one wide.
#[derive(Debug, Clone, Copy)]
struct Ahead {
    top_from: u16,
    fixed: u32,
    left_mask: u32,
}

const ANY: usize = 0;
const IMPOSSIBLE: usize = 1;

impl<const W: usize> Tables<W> {
    /// `fixed`: cards lie as written (no turns, so no board-turn symmetry).
    pub fn new(puzzle: &SquaresPuzzle, fixed: bool) -> Tables<W> {
        assert!(puzzle.cards.len() <= 64 * W, "the card mask is too narrow");
        let (w, h) = (puzzle.width, puzzle.height);
        let framed = puzzle.is_framed();
        // Codes 0 and 1 are ANY and IMPOSSIBLE; then every distinct edge.
        let mut edges: Vec<Edge> = puzzle.cards.iter().flat_map(|c| c.edges).collect();
        edges.sort();
        edges.dedup();
        let code_of = |e: Edge| edges.binary_search(&e).expect("every edge is listed") + 2;
        let n_codes = edges.len() + 2;
        let need = |e: Edge| edges.iter().position(|&other| e.matches(other)).map_or(IMPOSSIBLE, |i| i + 2) as u8;
        let border_code = edges.binary_search(&Edge::Border).map_or(IMPOSSIBLE, |i| i + 2);
        let frame_code = if framed { border_code } else { ANY } as u8;
        let n_keys = n_codes * n_codes * 4;
        let key = |left: usize, top: usize, class: usize| (left * n_codes + top) * 4 + class;

        // Per key, per rotation: the mask of cards that fit.
        let mut masks: Vec<[[u64; W]; 4]> = vec![[[0; W]; 4]; n_keys];
        let mut oriented = Vec::with_capacity(puzzle.cards.len() * 4);
        for (card_idx, card) in puzzle.cards.iter().enumerate() {
            for rotation in Rotation::ALL {
                let edge = |side| card.edge(side, rotation);
                let candidate = Candidate {
                    card: card_idx as u16,
                    rotation: rotation.quarter_turns() as u8,
                    need_right: need(edge(RIGHT)),
                    need_bottom: need(edge(BOTTOM)),
                    right_key: (need(edge(RIGHT)) as usize * n_codes * 4) as u32,
                };
                oriented.push(candidate);
                if fixed && rotation != Rotation::R0 {
                    continue;
                }
                let (left, top) = (code_of(edge(LEFT)), code_of(edge(TOP)));
                for class in 0..4 {
                    if framed {
                        let right_border = edge(RIGHT) == Edge::Border;
                        let bottom_border = edge(BOTTOM) == Edge::Border;
                        if right_border != (class & 1 == 1) || bottom_border != (class & 2 == 2) {
                            continue;
                        }
                    } else if class != 0 {
                        continue;
                    }
                    for l in [left, ANY] {
                        for t in [top, ANY] {
                            masks[key(l, t, class)][rotation.quarter_turns()][card_idx >> 6] |= 1 << (card_idx & 63);
                        }
                    }
                }
            }
        }
        // Peel each key's cards into layers: each takes every card still
        // left, in its lowest remaining rotation. First layers sit at their
        // key's index, later ones (rare: cards that fit in two rotations)
        // after all of them.
        let mut chosen: Vec<Candidate> = Vec::new();
        let mut peel = |left: &mut [[u64; W]; 4]| {
            let mut cards = [0u64; W];
            let base = chosen.len();
            for card in 0..puzzle.cards.len() {
                let bit = 1u64 << (card & 63);
                if let Some(r) = (0..4).find(|&r| left[r][card >> 6] & bit != 0) {
                    left[r][card >> 6] &= !bit;
                    cards[card >> 6] |= bit;
                    if chosen.len() == base {
                        chosen.resize(base + 64 * W, Candidate::default());
                    }
                    chosen[base + card] = oriented[card * 4 + r];
                }
            }
            // Empty layers are never taken from and need no room.
            Layer { cards, base: if chosen.len() == base { 0 } else { base as u32 } }
        };
        let mut rest = masks.clone();
        let mut layers: Vec<Layer<W>> = rest.iter_mut().map(&mut peel).collect();
        let mut extra = Vec::with_capacity(n_keys);
        for left in &mut rest {
            let start = layers.len() as u32;
            while left.iter().any(|m| m.iter().any(|&w| w != 0)) {
                layers.push(peel(left));
            }
            extra.push((start, layers.len() as u32));
        }

        let n = w * h;
        let cells: Vec<Cell> = (0..n)
            .map(|pos| Cell {
                left_from: if pos % w == 0 { n } else { pos - 1 } as u16,
                top_from: if pos < w { n } else { pos - w } as u16,
                class: if framed { u8::from(pos % w == w - 1) | (u8::from(pos / w == h - 1) << 1) } else { 0 },
            })
            .collect();
        let ahead = (0..n)
            .map(|pos| match cells.get(pos + 1) {
                Some(next) if w > 1 => {
                    let starts_row = next.left_from as usize == n;
                    let frame = if starts_row { frame_code as usize * n_codes * 4 } else { 0 };
                    Ahead {
                        top_from: next.top_from,
                        fixed: (frame + next.class as usize) as u32,
                        left_mask: if starts_row { 0 } else { u32::MAX },
                    }
                }
                _ => Ahead { top_from: n as u16, fixed: 0, left_mask: 0 },
            })
            .collect();
        let mut above_corner = vec![false; w * h];
        above_corner[w * h - 1] = !fixed;
        if w == h && !fixed {
            above_corner[w - 1] = true;
            above_corner[(h - 1) * w] = true;
        }
        let first_card = if framed && w == h && !fixed {
            let corners: Vec<u16> = (0..puzzle.cards.len() as u16)
                .filter(|&i| {
                    let e = puzzle.cards[i as usize].edges;
                    (0..4).any(|s| e[s] == Edge::Border && e[(s + 1) % 4] == Edge::Border)
                })
                .collect();
            // Only sound when exactly four cards can be corners.
            if corners.len() == 4 { Some(corners[0]) } else { None }
        } else {
            None
        };
        Tables {
            fixed,
            width: w,
            height: h,
            n_codes,
            extra,
            layers,
            chosen,
            frame_code,
            cells,
            ahead,
            above_corner,
            first_card,
            top_any: {
                let mut top_any = vec![[0u64; W]; n_codes * 4];
                for (k, per_rotation) in masks.iter().enumerate() {
                    let (top, class) = ((k / 4) % n_codes, k % 4);
                    for (i, word) in top_any[top * 4 + class].iter_mut().enumerate() {
                        *word |= key_any_of(per_rotation, i);
                    }
                }
                top_any
            },
        }
    }

    /// Solutions the board's turns make of each one the search keeps.
    pub fn orbit_size(&self) -> u64 {
        if self.fixed {
            1
        } else if self.width == self.height {
            4
        } else {
            2
        }
    }

    /// The candidate-table key of a position, from its placed neighbours.
    #[inline]
    fn key(&self, pos: usize, placed: &[Candidate]) -> usize {
        let cell = self.cells[pos];
        let left = placed[cell.left_from as usize].need_right as usize;
        let top = placed[cell.top_from as usize].need_bottom as usize;
        (left * self.n_codes + top) * 4 + cell.class as usize
    }

    /// `level` for `pos`, with the next cell's key parts filled in.
    #[inline]
    fn level(&self, pos: usize, placed: &[Candidate], mut level: Level<W>) -> Level<W> {
        let ahead = self.ahead[pos];
        level.next_key = ahead.fixed + placed[ahead.top_from as usize].need_bottom as u32 * 4;
        level.next_left = ahead.left_mask;
        level
    }

    /// A level trying the cards of `key` that are in `left`.
    #[inline]
    fn start(&self, key: usize, left: [u64; W]) -> Level<W> {
        let (next, end) = self.extra[key];
        Level { layer: key as u32, next, end, left, next_key: 0, next_left: 0 }
    }
}

fn key_any_of<const W: usize>(per_rotation: &[[u64; W]; 4], i: usize) -> u64 {
    per_rotation.iter().fold(0, |acc, m| acc | m[i])
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole space was searched.
    Exhausted,
    /// Stopped at the first solution.
    Stopped,
    /// `max_nodes` placements were made first.
    OutOfBudget,
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
    /// Solutions to keep (all are counted).
    pub keep: usize,
    pub first_only: bool,
    /// Whether this thread counts the nodes above the cut (one thread does).
    pub counts_top: bool,
}

/// Per depth: which layer of the key is being tried and its cards left.
#[derive(Debug, Clone, Copy)]
struct Level<const W: usize> {
    /// The layer the cards in `left` come from.
    layer: u32,
    /// The further layers still to try.
    next: u32,
    end: u32,
    left: [u64; W],
    /// The next cell's key but for its left neighbour's part (known before
    /// this cell's card is chosen, unless the board is one cell wide).
    next_key: u32,
    /// Whether the card chosen here is the next cell's left neighbour
    /// (all ones) or the next cell starts a row (zero).
    next_left: u32,
}

/// Nodes a thread places between looks at the shared counters.
const FLUSH: u64 = 4096;

/// Runs the scan-line search on one thread, taking tasks from `shared`.
pub fn run<const W: usize>(tables: &Tables<W>, shared: &Shared, job: Job) -> SearchStats {
    let n = tables.width * tables.height;
    // One more slot: the sentinel that shows the frame code.
    let mut placed = vec![Candidate::default(); n + 1];
    let frame_key = (tables.frame_code as usize * tables.n_codes * 4) as u32;
    placed[n] = Candidate {
        card: 0,
        rotation: 0,
        need_right: tables.frame_code,
        need_bottom: tables.frame_code,
        right_key: frame_key,
    };
    let mut levels = vec![Level { layer: 0, next: 0, end: 0, left: [0; W], next_key: 0, next_left: 0 }; n];
    // Cards still free, and per depth the cards symmetry allows there.
    let mut free = [0u64; W];
    for card in 0..n {
        free[card >> 6] |= 1 << (card & 63);
    }
    let mut allowed = vec![[u64::MAX; W]; n];
    if let Some(first) = tables.first_card {
        allowed[0] = [0; W];
        allowed[0][first as usize >> 6] = 1 << (first & 63);
    }
    let mut stats = SearchStats { solutions: 0, nodes: 0, tried: 0, end: SearchEnd::Exhausted, kept: Vec::new() };
    // Tasks: the next one met in search order, the one this thread claimed,
    // and the one it is in (0 above the cut and on a single thread).
    let cut = shared.depth;
    let mut task = 0u64;
    let mut claimed = if cut < n { shared.next.fetch_add(1, Ordering::Relaxed) } else { 0 };
    let mut current = 0u64;
    let mut unflushed = 0u64;
    let mut depth = 0;
    let key = tables.key(0, &placed);
    let left = and3(&tables.layers[key].cards, &free, &allowed[0]);
    levels[0] = tables.level(0, &placed, tables.start(key, left));
    loop {
        let level = &mut levels[depth];
        // Next free card in the current layer, moving on through the layers.
        let mut word = level.left.iter().position(|&w| w != 0);
        while word.is_none() {
            if level.next >= level.end {
                break;
            }
            level.layer = level.next;
            level.next += 1;
            level.left = and3(&tables.layers[level.layer as usize].cards, &free, &allowed[depth]);
            word = level.left.iter().position(|&w| w != 0);
        }
        let Some(i) = word else {
            if depth == 0 {
                break;
            }
            depth -= 1;
            let card = placed[depth].card as usize;
            free[card >> 6] |= 1 << (card & 63);
            continue;
        };
        let bit = level.left[i].trailing_zeros() as usize;
        level.left[i] &= level.left[i] - 1;
        let card = i * 64 + bit;
        placed[depth] = tables.chosen[tables.layers[level.layer as usize].base as usize + card];
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
            for (pos, mask) in allowed.iter_mut().enumerate().skip(1) {
                if tables.above_corner[pos] {
                    *mask = above;
                }
            }
        }
        let mut free_after = free;
        free_after[card >> 6] &= !(1 << (card & 63));
        // Look-ahead: the next cell's key is known now (its left neighbour is
        // this card, its top one was placed before). When no free card fits
        // it, do not descend. A third of all descents were such dead ends.
        let next = if depth + 1 < n {
            let key = if tables.width > 1 {
                level.next_key as usize + (placed[depth].right_key & level.next_left) as usize
            } else {
                tables.key(depth + 1, &placed)
            };
            let left = and3(&tables.layers[key].cards, &free_after, &allowed[depth + 1]);
            // Later layers hold only cards of the first, so it alone decides.
            if left.iter().all(|&w| w == 0) {
                stats.tried += u64::from(depth >= cut || job.counts_top);
                continue;
            }
            // And the cell below: its top edge is this card's bottom.
            let below = depth + tables.width;
            if below < n {
                let code = placed[depth].need_bottom as usize;
                let fits = &tables.top_any[code * 4 + tables.cells[below].class as usize];
                if (0..W).all(|i| fits[i] & free_after[i] == 0) {
                    stats.tried += u64::from(depth >= cut || job.counts_top);
                    continue;
                }
            }
            tables.start(key, left)
        } else {
            Level { layer: 0, next: 0, end: 0, left: [0; W], next_key: 0, next_left: 0 }
        };
        if depth >= cut || job.counts_top {
            stats.nodes += 1;
            unflushed += 1;
            if unflushed == FLUSH || job.max_nodes < FLUSH {
                let total = shared.nodes.fetch_add(unflushed, Ordering::Relaxed) + unflushed;
                unflushed = 0;
                if total > job.max_nodes {
                    stats.end = SearchEnd::OutOfBudget;
                    break;
                }
                // Another thread found a solution in an earlier task.
                if job.first_only && shared.first.load(Ordering::Relaxed) < current {
                    stats.end = SearchEnd::Stopped;
                    break;
                }
            }
        }
        if depth == n - 1 {
            stats.solutions += 1;
            if stats.kept.len() < job.keep {
                stats.kept.push((current, placed[..n].to_vec()));
            }
            if job.first_only {
                shared.first.fetch_min(current, Ordering::Relaxed);
                stats.end = SearchEnd::Stopped;
                break;
            }
            continue;
        }
        if depth + 1 == cut {
            // Entering a task: only the one this thread claimed.
            let this = task;
            task += 1;
            if this != claimed {
                continue;
            }
            if job.first_only && shared.first.load(Ordering::Relaxed) < this {
                stats.end = SearchEnd::Stopped;
                break;
            }
            current = this;
            claimed = shared.next.fetch_add(1, Ordering::Relaxed);
        }
        free = free_after;
        depth += 1;
        levels[depth] = tables.level(depth, &placed, next);
    }
    shared.nodes.fetch_add(unflushed, Ordering::Relaxed);
    // `tried` counted the cards the look-ahead took back; add those it kept.
    stats.tried += stats.nodes;
    stats
}

fn and3<const W: usize>(a: &[u64; W], b: &[u64; W], c: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] & b[i] & c[i])
}
