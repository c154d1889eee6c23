//! A slow, plain backtracking search that reports every step, for `--trace`:
//! the log of the original Scrambled Squares article (TRY, ROTATE, REJECT,
//! PLACE, BACKTRACK), for people learning how backtracking works.
//!
//! It shares nothing with the fast loop on purpose: cards are tried in list
//! order, rotations one by one, each edge compared directly. It stops at the
//! first solution or after `max_steps` events.

use crate::puzzle::squares::{BOTTOM, Edge, LEFT, RIGHT, Rotation, SquaresPuzzle, TOP, Turns};

/// What the search did at one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceStep {
    /// A free card is taken up for a position (in its current rotation).
    Try,
    /// The card is turned a quarter clockwise.
    Rotate,
    /// The card in this rotation does not fit; `side` is the first clash.
    Reject { side: usize },
    /// The card fits and stays.
    Place,
    /// Nothing fits here any more: the card is taken back off.
    Backtrack,
    /// Every position is filled.
    Solved,
}

/// One line of the trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceEvent {
    pub step: TraceStep,
    pub card: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: Rotation,
}

/// Options of the traced search.
#[derive(Debug, Clone, Copy)]
pub struct TraceOptions {
    /// Most events written.
    pub max_steps: u64,
    /// Cards may not be turned (no ROTATE steps).
    pub turns: Turns,
}

/// Runs the traced search; returns true when a solution was found.
pub fn trace(puzzle: &SquaresPuzzle, options: TraceOptions, mut emit: impl FnMut(TraceEvent)) -> bool {
    let TraceOptions { max_steps, turns } = options;
    let rotations = match turns {
        Turns::Fixed => 1,
        Turns::Free => 4,
    };
    let mut state =
        Traced { puzzle, board: Vec::new(), used: vec![false; puzzle.cards.len()], steps: 0, max_steps, rotations };
    state.fill(&mut emit)
}

struct Traced<'a> {
    puzzle: &'a SquaresPuzzle,
    board: Vec<(usize, Rotation)>,
    used: Vec<bool>,
    steps: u64,
    max_steps: u64,
    /// 1 when cards may not turn, else 4.
    rotations: usize,
}

impl Traced<'_> {
    fn event(&mut self, emit: &mut impl FnMut(TraceEvent), step: TraceStep, card: usize, rotation: Rotation) -> bool {
        // Solved is reported at the last cell; every other step at the next one.
        let pos = self.board.len().min(self.puzzle.cards.len() - 1);
        let (row, col) = (pos / self.puzzle.width, pos % self.puzzle.width);
        emit(TraceEvent { step, card, row, col, rotation });
        self.steps += 1;
        self.steps < self.max_steps
    }

    fn edge_at(&self, pos: usize, side: usize) -> Edge {
        let (card, rotation) = self.board[pos];
        self.puzzle.cards[card].edge(side, rotation)
    }

    /// The first side of `card` in `rotation` that clashes at the next position.
    fn clash(&self, card: usize, rotation: Rotation) -> Option<usize> {
        let (w, h) = (self.puzzle.width, self.puzzle.height);
        let pos = self.board.len();
        let (row, col) = (pos / w, pos % w);
        let edge = |side| self.puzzle.cards[card].edge(side, rotation);
        if self.puzzle.is_framed() {
            for (side, on_frame) in [(TOP, row == 0), (RIGHT, col == w - 1), (BOTTOM, row == h - 1), (LEFT, col == 0)] {
                if on_frame != (edge(side) == Edge::Border) {
                    return Some(side);
                }
            }
        }
        if col > 0 && !self.edge_at(pos - 1, RIGHT).matches(edge(LEFT)) {
            return Some(LEFT);
        }
        if row > 0 && !self.edge_at(pos - w, BOTTOM).matches(edge(TOP)) {
            return Some(TOP);
        }
        None
    }

    fn fill(&mut self, emit: &mut impl FnMut(TraceEvent)) -> bool {
        if self.board.len() == self.puzzle.cards.len() {
            let (card, rotation) = self.board[self.board.len() - 1];
            self.event(emit, TraceStep::Solved, card, rotation);
            return true;
        }
        for card in 0..self.puzzle.cards.len() {
            if self.used[card] {
                continue;
            }
            if !self.event(emit, TraceStep::Try, card, Rotation::R0) {
                return false;
            }
            for rotation in Rotation::ALL.into_iter().take(self.rotations) {
                if rotation != Rotation::R0 && !self.event(emit, TraceStep::Rotate, card, rotation) {
                    return false;
                }
                if let Some(side) = self.clash(card, rotation) {
                    if !self.event(emit, TraceStep::Reject { side }, card, rotation) {
                        return false;
                    }
                    continue;
                }
                if !self.event(emit, TraceStep::Place, card, rotation) {
                    return false;
                }
                self.board.push((card, rotation));
                self.used[card] = true;
                if self.fill(emit) {
                    return true;
                }
                self.used[card] = false;
                self.board.pop();
                if self.steps >= self.max_steps || !self.event(emit, TraceStep::Backtrack, card, rotation) {
                    return false;
                }
            }
        }
        false
    }
}
