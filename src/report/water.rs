//! The water-sort report.
//!
//! JSON schema, top level:
//! - `game`: `"water"`;
//! - `status`: `"solved"`, `"unsolvable"`, `"budget_exceeded"`,
//!   `"interrupted"` (Ctrl-C), `"partial"`
//!   (hidden layers: `moves` is the plan up to the first reveal), or
//!   `"hidden_layers"` (hidden layers and no pour uncovers any);
//! - `puzzle`: the level in the compact form (tubes in reading order, top to
//!   bottom, `E` empty, `?` hidden);
//! - `moves`: array of `{ "from", "to", "amount" }`, tube numbers 1-based in
//!   reading order, `amount` the layers poured (empty unless solved);
//! - `optimal`: true when no shorter solution exists;
//! - `states_explored`, `elapsed_ms`: search effort (the time spent solving,
//!   whatever the status);
//! - `extra_tube`: for an unsolvable level, `{ "solvable": bool|null, "pours": n|null }`
//!   (what one more empty tube would do; `null` where the search gave up), else `null`;
//! - `message`: one sentence for people;
//! - `images`: for a screenshot, the solution pictures written;
//! - `timings`: for a screenshot, `{ "decode_ms", "read_solve_ms", "render_write_ms" }`.

use std::fmt::Write as _;

use serde::Serialize;

use super::PictureReport;
use crate::pipeline::WaterOutcome;
use crate::puzzle::water::Pour;
use crate::solve::water::reveal::RevealError;
use crate::solve::water::{ExtraTubeVerdict, StateLimit, WaterSolveError};

/// The JSON report of a water-sort run.
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
    /// For a screenshot: the pictures written and the stages' timings.
    #[serde(flatten)]
    pub picture: PictureReport,
}

#[derive(Debug, Serialize)]
pub struct MoveReport {
    pub from: usize,
    pub to: usize,
    pub amount: usize,
    /// The poured colour's name in the calibrated theme the screenshot was
    /// read by; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ExtraTubeReport {
    pub solvable: Option<bool>,
    pub pours: Option<usize>,
}

/// The moves of a plan with the layers each pours, 1-based.
fn move_reports(outcome: &WaterOutcome, pours: &[Pour]) -> Vec<MoveReport> {
    let mut state = outcome.puzzle.clone();
    let names = outcome.layout.as_ref().map_or(&[][..], |l| l.color_names.as_slice());
    pours
        .iter()
        .map(|&p| {
            let color = state.top_color(p.from).and_then(|id| names.get(id.0 as usize).cloned());
            let amount = state.apply(p).expect("planned pours are legal");
            MoveReport { from: p.from + 1, to: p.to + 1, amount, color }
        })
        .collect()
}

/// The report of a water-sort run (without `images` and `timings`).
pub fn report(outcome: &WaterOutcome) -> WaterReport {
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
            Err(RevealError::BudgetExceeded { states_explored, limit }) => (
                if *limit == StateLimit::Interrupted { "interrupted" } else { "budget_exceeded" },
                Vec::new(),
                *states_explored,
                format!("the level has hidden layers; no reveal was found after {states_explored} states ({limit})"),
            ),
        };
        return WaterReport {
            game: "water",
            status,
            puzzle,
            moves,
            optimal: false,
            states_explored,
            elapsed_ms: outcome.searched.as_secs_f64() * 1e3,
            extra_tube: None,
            message,
            picture: PictureReport::default(),
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
                elapsed_ms: outcome.searched.as_secs_f64() * 1e3,
                extra_tube: None,
                message: format!("solved in {n} pours ({kind})"),
                picture: PictureReport::default(),
            }
        }
        Err(err) => {
            let (status, states_explored) = match err {
                WaterSolveError::Unsolvable { states_explored } => ("unsolvable", *states_explored),
                WaterSolveError::BudgetExceeded { states_explored, limit: StateLimit::Interrupted } => {
                    ("interrupted", *states_explored)
                }
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
                elapsed_ms: outcome.searched.as_secs_f64() * 1e3,
                extra_tube,
                message,
                picture: PictureReport::default(),
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
/// A poured colour's name as the move list shows it: " (red)".
pub fn named(color: Option<&str>) -> String {
    color.map(|c| format!(" ({c})")).unwrap_or_default()
}

pub fn text(outcome: &WaterOutcome) -> String {
    let report = report(outcome);
    let mut out = format!("level: {}\n", report.puzzle);
    for (i, m) in report.moves.iter().enumerate() {
        let _ = writeln!(out, "{}. tube {} → tube {}{}", i + 1, m.from, m.to, named(m.color.as_deref()));
    }
    let _ = writeln!(out, "{}", report.message);
    out
}
