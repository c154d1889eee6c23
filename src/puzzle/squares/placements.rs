//! Placements: a solution turned with the whole board, the turn that turns
//! the fewest cards, and the independent check that a placement solves a
//! puzzle.

use thiserror::Error;

use super::{BOTTOM, Edge, LEFT, Placement, RIGHT, Rotation, SquaresPuzzle, TOP};

/// The same solution with the whole board turned `quarter_turns` clockwise:
/// every card moves with the board and turns with it, listed in reading
/// order. Only half turns keep a board that is not square in shape.
pub fn turn_board(placements: &[Placement], width: usize, height: usize, quarter_turns: usize) -> Vec<Placement> {
    let k = quarter_turns % 4;
    let mut turned: Vec<Placement> = placements
        .iter()
        .map(|p| {
            let (row, col) = match k {
                0 => (p.row, p.col),
                1 => (p.col, height - 1 - p.row),
                2 => (height - 1 - p.row, width - 1 - p.col),
                _ => (width - 1 - p.col, p.row),
            };
            Placement { row, col, rotation: Rotation::from_quarter_turns(p.rotation.quarter_turns() + k), ..*p }
        })
        .collect();
    turned.sort_by_key(|p| (p.row, p.col));
    turned
}

/// Of a solution and its turns with the whole board, the one whose cards
/// need the least turning from how they are written (a quarter turn either
/// way counts one, a half turn two); the solution itself on a tie. For
/// cards on a table: a board whose every card is a quarter turn off is
/// laid with no card turned.
pub fn fewest_turns(placements: &[Placement], width: usize, height: usize) -> Vec<Placement> {
    let cost = |ps: &[Placement]| -> usize { ps.iter().map(|p| [0, 1, 2, 1][p.rotation.quarter_turns()]).sum() };
    let turns: &[usize] = if width == height { &[0, 1, 2, 3] } else { &[0, 2] };
    turns
        .iter()
        .map(|&k| turn_board(placements, width, height, k))
        .min_by_key(|ps| cost(ps))
        .unwrap_or_else(|| placements.to_vec())
}

/// Why a placement is not a solution; each names the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlacementError {
    #[error("placement {0:?} is off the board")]
    OffBoard(Placement),
    #[error("two cards at row {row} col {col}")]
    CellTaken { row: usize, col: usize },
    #[error("card {card} placed twice")]
    CardTwice { card: String },
    #[error("row {row} col {col} is empty")]
    CellEmpty { row: usize, col: usize },
    #[error("row {row} col {col}: border edges must line the frame exactly")]
    Frame { row: usize, col: usize },
    #[error("row {row}: cols {col} and {} do not match", col + 1)]
    Across { row: usize, col: usize },
    #[error("col {col}: rows {row} and {} do not match", row + 1)]
    Down { row: usize, col: usize },
}

/// Checks a full placement: every card once, every touching pair matching,
/// the frame lined with borders on framed puzzles. Returns the first fault.
pub fn check_placements(puzzle: &SquaresPuzzle, placements: &[Placement]) -> Result<(), PlacementError> {
    let (w, h) = (puzzle.width, puzzle.height);
    let mut grid: Vec<Option<(usize, Rotation)>> = vec![None; w * h];
    for p in placements {
        if p.row >= h || p.col >= w || p.card >= puzzle.cards.len() {
            return Err(PlacementError::OffBoard(*p));
        }
        if grid[p.row * w + p.col].replace((p.card, p.rotation)).is_some() {
            return Err(PlacementError::CellTaken { row: p.row, col: p.col });
        }
    }
    let mut used = vec![false; puzzle.cards.len()];
    for p in placements {
        if std::mem::replace(&mut used[p.card], true) {
            return Err(PlacementError::CardTwice { card: puzzle.cards[p.card].name.clone() });
        }
    }
    let edge_at = |r: usize, c: usize, side: usize| -> Option<Edge> {
        grid[r * w + c].map(|(card, rot)| puzzle.cards[card].edge(side, rot))
    };
    let framed = puzzle.is_framed();
    for r in 0..h {
        for c in 0..w {
            if grid[r * w + c].is_none() {
                return Err(PlacementError::CellEmpty { row: r, col: c });
            }
            for (side, on_frame) in [(TOP, r == 0), (RIGHT, c == w - 1), (BOTTOM, r == h - 1), (LEFT, c == 0)] {
                if framed && on_frame != (edge_at(r, c, side) == Some(Edge::Border)) {
                    return Err(PlacementError::Frame { row: r, col: c });
                }
            }
            let meets = |a: Option<Edge>, b: Option<Edge>| matches!((a, b), (Some(a), Some(b)) if a.matches(b));
            if c + 1 < w && !meets(edge_at(r, c, RIGHT), edge_at(r, c + 1, LEFT)) {
                return Err(PlacementError::Across { row: r, col: c });
            }
            if r + 1 < h && !meets(edge_at(r, c, BOTTOM), edge_at(r + 1, c, TOP)) {
                return Err(PlacementError::Down { row: r, col: c });
            }
        }
    }
    Ok(())
}
