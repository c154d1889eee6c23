//! What the user reads: numbered moves as text, or the JSON report.
//!
//! JSON schema (water sort), top level:
//! - `game`: `"water"`;
//! - `status`: `"solved"`, `"unsolvable"` or `"budget_exceeded"`;
//! - `puzzle`: the level in the compact form (tubes in reading order, top to
//!   bottom, `E` empty, `?` hidden);
//! - `moves`: array of `{ "from", "to", "amount" }`, tube numbers 1-based in
//!   reading order, `amount` the layers poured (empty unless solved);
//! - `optimal`: true when no shorter solution exists;
//! - `states_explored`, `elapsed_ms`: search effort;
//! - `extra_tube`: for an unsolvable level, `{ "solvable": bool|null, "pours": n|null }`
//!   (what one more empty tube would do; `null` where the search gave up), else `null`;
//! - `message`: one sentence for people.

use std::fmt::Write as _;

use serde::Serialize;

use crate::error::{EXIT_NO_SOLUTION, EXIT_SOLVED};
use crate::pipeline::{Outcome, WaterOutcome};
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
        Outcome::Water(w) if w.result.is_ok() => EXIT_SOLVED,
        Outcome::Water(_) => EXIT_NO_SOLUTION,
    }
}

pub fn water_report(outcome: &WaterOutcome) -> WaterReport {
    let puzzle = outcome.puzzle.to_string();
    match &outcome.result {
        Ok(solution) => {
            let mut state = outcome.puzzle.clone();
            let moves = solution
                .pours
                .iter()
                .map(|&p| {
                    let amount = state.apply(p).expect("solver pours are legal");
                    MoveReport { from: p.from + 1, to: p.to + 1, amount }
                })
                .collect();
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
            }
        }
        Err(err) => {
            let (status, states_explored) = match err {
                WaterSolveError::Unsolvable { states_explored } => ("unsolvable", *states_explored),
                WaterSolveError::BudgetExceeded { states_explored, .. } => ("budget_exceeded", *states_explored),
                WaterSolveError::UnknownLayers => ("unsolvable", 0),
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

/// The report as people read it: the level, then numbered moves.
pub fn render_text(outcome: &Outcome) -> String {
    match outcome {
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

/// The report as JSON.
pub fn render_json(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Water(w) => serde_json::to_string_pretty(&water_report(w)).expect("report serialises"),
    }
}
