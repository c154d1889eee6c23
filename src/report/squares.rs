//! The squares report, and the lines of the backtracking trace.
//!
//! JSON schema, top level:
//! - `game`: `"squares"`; `status`: `"solved"`, `"unsolvable"`,
//!   `"budget_exceeded"` or `"interrupted"` (Ctrl-C before a solution);
//! - `puzzle`: the card list in the cards format; `width`, `height`;
//! - `solutions_raw`: every placement-and-rotation solution; `solutions_unique`:
//!   the same up to turning the whole board; `complete`: false when the search
//!   stopped early (`--first`, a budget, or Ctrl-C) and the counts are lower bounds;
//! - `placements`: the first solution, `[{ "card", "index", "row", "col", "rotation" }]`
//!   with the card's name, its 0-based index in the list, 0-based row and
//!   column, and `rotation` in clockwise quarter turns 0-3 applied to the
//!   card as written;
//! - `solutions`: with `--all`, every kept solution in the same form;
//! - `nodes`, `elapsed_ms`, `message`;
//! - `images`: for a picture, the pictures written;
//! - `timings`: for a picture, `{ "decode_ms", "read_solve_ms", "render_write_ms" }`.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Listing, PictureReport};
use crate::pipeline::SquaresOutcome;
use crate::puzzle::squares::{Placement, SquaresPuzzle};
use crate::solve::squares::SquaresSolveError;
use crate::solve::squares::trace::{TraceEvent, TraceStep};
use crate::words::plural;

/// The JSON report of a squares run.
#[derive(Debug, Serialize)]
pub struct SquaresReport {
    pub game: &'static str,
    pub status: &'static str,
    pub puzzle: String,
    pub width: usize,
    pub height: usize,
    pub solutions_raw: u64,
    pub solutions_unique: u64,
    pub complete: bool,
    pub placements: Vec<PlacementReport>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub solutions: Vec<Vec<PlacementReport>>,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub message: String,
    /// For a picture of cards: the pictures written and the stages' timings.
    #[serde(flatten)]
    pub picture: PictureReport,
}

#[derive(Debug, Serialize)]
pub struct PlacementReport {
    pub card: String,
    pub index: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: usize,
}

fn placement_reports(puzzle: &SquaresPuzzle, placements: &[Placement]) -> Vec<PlacementReport> {
    placements
        .iter()
        .map(|p| PlacementReport {
            card: puzzle.cards[p.card].name.clone(),
            index: p.card,
            row: p.row,
            col: p.col,
            rotation: p.rotation.quarter_turns(),
        })
        .collect()
}

/// The report of a squares run (without `images` and `timings`).
pub fn report(outcome: &SquaresOutcome, listing: Listing) -> SquaresReport {
    let puzzle = &outcome.puzzle;
    let mut report = SquaresReport {
        game: "squares",
        status: "solved",
        puzzle: puzzle.to_string(),
        width: puzzle.width,
        height: puzzle.height,
        solutions_raw: 0,
        solutions_unique: 0,
        complete: true,
        placements: Vec::new(),
        solutions: Vec::new(),
        nodes: 0,
        elapsed_ms: outcome.searched.as_secs_f64() * 1e3,
        message: String::new(),
        picture: PictureReport::default(),
    };
    match &outcome.result {
        Ok(solution) => {
            report.solutions_raw = solution.raw;
            report.solutions_unique = solution.unique;
            report.complete = solution.complete;
            report.placements = placement_reports(puzzle, &solution.solutions[0]);
            if listing == Listing::All {
                report.solutions = solution.solutions.iter().map(|s| placement_reports(puzzle, s)).collect();
            }
            report.nodes = solution.nodes;
            let at_least = if solution.complete { "" } else { "at least " };
            report.message = format!(
                "{at_least}{}, {at_least}{} up to turning the whole board",
                plural(solution.raw, "solution", "solutions"),
                solution.unique
            );
        }
        Err(err) => {
            let (status, nodes) = match err {
                SquaresSolveError::Unsolvable { nodes } => ("unsolvable", *nodes),
                SquaresSolveError::BudgetExceeded { nodes, .. } | SquaresSolveError::OutOfTime { nodes, .. } => {
                    ("budget_exceeded", *nodes)
                }
                SquaresSolveError::Interrupted { nodes } => ("interrupted", *nodes),
            };
            report.status = status;
            report.complete = status == "unsolvable";
            report.nodes = nodes;
            report.message = err.to_string();
        }
    }
    report
}

/// The board as a grid of `name@rotation°` cells, one row per line.
fn board_text(puzzle: &SquaresPuzzle, placements: &[Placement]) -> String {
    let cells: Vec<String> = placements
        .iter()
        .map(|p| format!("{}@{}", puzzle.cards[p.card].name, p.rotation.quarter_turns() * 90))
        .collect();
    let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for row in cells.chunks(puzzle.width) {
        let line: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        let _ = writeln!(out, "  {}", line.join("  ").trim_end());
    }
    out
}

/// The report as people read it: the board, the solved board(s) and the counts.
pub fn text(outcome: &SquaresOutcome, listing: Listing) -> String {
    let puzzle = &outcome.puzzle;
    let report = report(outcome, listing);
    let mut out = format!("board: {}×{}, {} cards\n", puzzle.width, puzzle.height, puzzle.n_cards());
    if let Ok(solution) = &outcome.result {
        let shown: &[Vec<Placement>] = match listing {
            Listing::All => &solution.solutions,
            Listing::First => &solution.solutions[..1],
        };
        for (i, placements) in shown.iter().enumerate() {
            let _ = writeln!(out, "solution {} (card@degrees turned clockwise):", i + 1);
            out.push_str(&board_text(puzzle, placements));
        }
    }
    let _ = writeln!(out, "{}", report.message);
    out
}

/// One trace line, as the original article's log reads.
pub fn trace_line(puzzle: &SquaresPuzzle, event: &TraceEvent) -> String {
    let name = &puzzle.cards[event.card].name;
    let at = format!("row {} col {}", event.row + 1, event.col + 1);
    let degrees = event.rotation.quarter_turns() * 90;
    match event.step {
        TraceStep::Try => format!("TRY {name} at {at}"),
        TraceStep::Rotate => format!("ROTATE {name} to {degrees}°"),
        TraceStep::Reject { side } => {
            format!("REJECT {name} at {at} turned {degrees}°: its {} edge does not fit", SIDE_NAMES[side])
        }
        TraceStep::Place => format!("PLACE {name} at {at} turned {degrees}°"),
        TraceStep::Backtrack => format!("BACKTRACK: take {name} off {at}"),
        TraceStep::Solved => "SOLVED".to_string(),
    }
}

const SIDE_NAMES: [&str; 4] = ["top", "right", "bottom", "left"];
