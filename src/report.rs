//! What the user reads: numbered moves as text, or the JSON report.
//!
//! JSON schema (water sort), top level:
//! - `game`: `"water"`;
//! - `status`: `"solved"`, `"unsolvable"`, `"budget_exceeded"`, `"partial"`
//!   (hidden layers: `moves` is the plan up to the first reveal), or
//!   `"hidden_layers"` (hidden layers and no pour uncovers any);
//! - `puzzle`: the level in the compact form (tubes in reading order, top to
//!   bottom, `E` empty, `?` hidden);
//! - `moves`: array of `{ "from", "to", "amount" }`, tube numbers 1-based in
//!   reading order, `amount` the layers poured (empty unless solved);
//! - `optimal`: true when no shorter solution exists;
//! - `states_explored`, `elapsed_ms`: search effort;
//! - `extra_tube`: for an unsolvable level, `{ "solvable": bool|null, "pours": n|null }`
//!   (what one more empty tube would do; `null` where the search gave up), else `null`;
//! - `message`: one sentence for people;
//! - `images`: for a screenshot, the solution pictures written;
//! - `timings`: for a screenshot, `{ "decode_ms", "read_solve_ms", "render_write_ms" }`.
//!
//! JSON schema (squares), top level:
//! - `game`: `"squares"`; `status` as above;
//! - `puzzle`: the card list in the cards format; `width`, `height`;
//! - `solutions_raw`: every placement-and-rotation solution; `solutions_unique`:
//!   the same up to turning the whole board; `complete`: false when the search
//!   stopped early (`--first`, or budget) and the counts are lower bounds;
//! - `placements`: the first solution, `[{ "card", "index", "row", "col", "rotation" }]`
//!   with the card's name, its 0-based index in the list, 0-based row and
//!   column, and `rotation` in clockwise quarter turns 0-3 applied to the
//!   card as written;
//! - `solutions`: with `--all`, every kept solution in the same form;
//! - `nodes`, `elapsed_ms`, `message`.

use std::fmt::Write as _;

use serde::Serialize;

use crate::error::{EXIT_NO_SOLUTION, EXIT_SOLVED};
use crate::pipeline::{Outcome, SquaresOutcome, WaterOutcome};
use crate::puzzle::squares::{Placement, SquaresPuzzle};
use crate::solve::squares::SquaresSolveError;
use crate::solve::squares::trace::{TraceEvent, TraceStep};
use crate::solve::water::reveal::RevealError;
use crate::solve::water::{ExtraTubeVerdict, WaterSolveError};

#[derive(Debug, Serialize)]
pub struct WaterReport {
    pub game: &'static str,
    pub status: &'static str,
    pub puzzle: String,
    pub moves: Vec<MoveReport>,
    pub optimal: bool,
    pub states_explored: usize,
    pub elapsed_ms: f64,
    pub extra_tube: Option<ExtraTubeReport>,
    pub message: String,
    /// Pictures written for a screenshot (the annotated solution pages).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<String>,
    /// Screenshots: milliseconds per stage of the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timings: Option<Timings>,
}

/// Milliseconds per stage of a screenshot run.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Timings {
    pub decode_ms: f64,
    /// Reading the screenshot and solving the level.
    pub read_solve_ms: f64,
    /// Drawing and writing the pictures.
    pub render_write_ms: f64,
}

#[derive(Debug, Serialize)]
pub struct MoveReport {
    pub from: usize,
    pub to: usize,
    pub amount: usize,
}

#[derive(Debug, Serialize)]
pub struct ExtraTubeReport {
    pub solvable: Option<bool>,
    pub pours: Option<usize>,
}

/// The exit code an outcome ends the process with.
pub fn exit_code(outcome: &Outcome) -> i32 {
    match outcome {
        Outcome::Water(w) if w.result.is_ok() || matches!(w.reveal, Some(Ok(_))) => EXIT_SOLVED,
        Outcome::Squares(s) if s.result.is_ok() => EXIT_SOLVED,
        Outcome::Water(_) | Outcome::Squares(_) => EXIT_NO_SOLUTION,
    }
}

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

pub fn squares_report(outcome: &SquaresOutcome, list_all: bool) -> SquaresReport {
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
        elapsed_ms: 0.0,
        message: String::new(),
    };
    match &outcome.result {
        Ok(solution) => {
            report.solutions_raw = solution.raw;
            report.solutions_unique = solution.unique;
            report.complete = solution.complete;
            report.placements = placement_reports(puzzle, &solution.solutions[0]);
            if list_all {
                report.solutions = solution.solutions.iter().map(|s| placement_reports(puzzle, s)).collect();
            }
            report.nodes = solution.nodes;
            report.elapsed_ms = solution.elapsed.as_secs_f64() * 1e3;
            let at_least = if solution.complete { "" } else { "at least " };
            report.message = format!(
                "{at_least}{} solutions, {at_least}{} up to turning the whole board",
                solution.raw, solution.unique
            );
        }
        Err(err) => {
            let (status, nodes) = match err {
                SquaresSolveError::Unsolvable { nodes } => ("unsolvable", *nodes),
                SquaresSolveError::BudgetExceeded { nodes, .. } => ("budget_exceeded", *nodes),
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

fn squares_text(outcome: &SquaresOutcome, list_all: bool) -> String {
    let puzzle = &outcome.puzzle;
    let report = squares_report(outcome, list_all);
    let mut out = format!("board: {}×{}, {} cards\n", puzzle.width, puzzle.height, puzzle.n_cards());
    if let Ok(solution) = &outcome.result {
        let shown: &[Vec<Placement>] = if list_all { &solution.solutions } else { &solution.solutions[..1] };
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

/// The moves of a plan with the layers each pours, 1-based.
fn move_reports(outcome: &WaterOutcome, pours: &[crate::puzzle::water::Pour]) -> Vec<MoveReport> {
    let mut state = outcome.puzzle.clone();
    pours
        .iter()
        .map(|&p| {
            let amount = state.apply(p).expect("planned pours are legal");
            MoveReport { from: p.from + 1, to: p.to + 1, amount }
        })
        .collect()
}

pub fn water_report(outcome: &WaterOutcome) -> WaterReport {
    let puzzle = outcome.puzzle.to_string();
    if let Some(reveal) = &outcome.reveal {
        let (status, moves, states_explored, message) = match reveal {
            Ok(plan) => {
                let n = plan.pours.len();
                let play = if n == 1 { "play move 1".to_string() } else { format!("play moves 1–{n}") };
                let message = format!(
                    "the level has hidden layers: {play}, then take a new screenshot (move {n} shows a hidden layer)"
                );
                ("partial", move_reports(outcome, &plan.pours), plan.states_explored, message)
            }
            Err(RevealError::NoSafeMove { states_explored }) => (
                "hidden_layers",
                Vec::new(),
                *states_explored,
                "the level has hidden layers and no pour of the shown ones uncovers any: no move is safe".to_string(),
            ),
            Err(RevealError::BudgetExceeded { states_explored }) => (
                "budget_exceeded",
                Vec::new(),
                *states_explored,
                "the level has hidden layers; no reveal was found within --max-states".to_string(),
            ),
        };
        return WaterReport {
            game: "water",
            status,
            puzzle,
            moves,
            optimal: false,
            states_explored,
            elapsed_ms: 0.0,
            extra_tube: None,
            message,
            images: Vec::new(),
            timings: None,
        };
    }
    match &outcome.result {
        Ok(solution) => {
            let moves = move_reports(outcome, &solution.pours);
            let n = solution.pours.len();
            let kind = if solution.optimal { "fewest pours" } else { "not necessarily the fewest" };
            WaterReport {
                game: "water",
                status: "solved",
                puzzle,
                moves,
                optimal: solution.optimal,
                states_explored: solution.states_explored,
                elapsed_ms: solution.elapsed.as_secs_f64() * 1e3,
                extra_tube: None,
                message: format!("solved in {n} pours ({kind})"),
                images: Vec::new(),
                timings: None,
            }
        }
        Err(err) => {
            let (status, states_explored) = match err {
                WaterSolveError::Unsolvable { states_explored } => ("unsolvable", *states_explored),
                WaterSolveError::BudgetExceeded { states_explored, .. } => ("budget_exceeded", *states_explored),
                WaterSolveError::UnknownLayers => ("hidden_layers", 0),
            };
            let mut message = err.to_string();
            let extra_tube = outcome.extra_tube.as_ref().map(|verdict| {
                match verdict {
                    ExtraTubeVerdict::Solvable { pours } => {
                        let _ = write!(message, "; with one more empty tube it takes {pours} pours");
                    }
                    ExtraTubeVerdict::StillUnsolvable => message.push_str("; one more empty tube would not help"),
                    ExtraTubeVerdict::Undecided => {
                        message.push_str("; whether one more empty tube helps is undecided within the budget")
                    }
                }
                extra_tube_report(verdict)
            });
            WaterReport {
                game: "water",
                status,
                puzzle,
                moves: Vec::new(),
                optimal: false,
                states_explored,
                elapsed_ms: 0.0,
                extra_tube,
                message,
                images: Vec::new(),
                timings: None,
            }
        }
    }
}

fn extra_tube_report(verdict: &ExtraTubeVerdict) -> ExtraTubeReport {
    match verdict {
        ExtraTubeVerdict::Solvable { pours } => ExtraTubeReport { solvable: Some(true), pours: Some(*pours) },
        ExtraTubeVerdict::StillUnsolvable => ExtraTubeReport { solvable: Some(false), pours: None },
        ExtraTubeVerdict::Undecided => ExtraTubeReport { solvable: None, pours: None },
    }
}

/// The report as people read it: the level, then numbered moves (or the
/// solved board). `list_all`: every kept squares solution, not just the first.
pub fn render_text(outcome: &Outcome, list_all: bool) -> String {
    match outcome {
        Outcome::Squares(s) => squares_text(s, list_all),
        Outcome::Water(w) => {
            let report = water_report(w);
            let mut out = format!("level: {}\n", report.puzzle);
            for (i, m) in report.moves.iter().enumerate() {
                let _ = writeln!(out, "{}. tube {} → tube {}", i + 1, m.from, m.to);
            }
            let _ = writeln!(out, "{}", report.message);
            out
        }
    }
}

/// The report as JSON; `images` are the pictures written for it and
/// `timings` the stages of a screenshot run.
pub fn render_json(outcome: &Outcome, list_all: bool, images: &[String], timings: Option<Timings>) -> String {
    match outcome {
        Outcome::Squares(s) => serde_json::to_string_pretty(&squares_report(s, list_all)).expect("report serialises"),
        Outcome::Water(w) => {
            let mut report = water_report(w);
            report.images = images.to_vec();
            report.timings = timings;
            serde_json::to_string_pretty(&report).expect("report serialises")
        }
    }
}
