//! What the user reads: the answer as text (numbered moves, or the solved
//! board) or as a JSON report, one file per game ([`water`], [`squares`]).
//! Both games' JSON reports carry `images` (the pictures written, for a
//! picture) and `timings` (milliseconds per stage, for a picture); the
//! fields of each are documented in its module and in README.

pub mod squares;
pub mod water;

use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;

use crate::pipeline::Outcome;

/// How many of the kept solutions a report lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Listing {
    /// The first solution only.
    #[default]
    First,
    /// Every kept solution (`--all`).
    All,
}

/// How the answer is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// How the answer is reported.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportOptions {
    pub format: Format,
    pub listing: Listing,
}

/// The answer as the options say: text, or the JSON report (with the
/// pictures written and the stages' timings) on one line of its own.
pub fn render(outcome: &Outcome, images: &[PathBuf], timings: Option<Timings>, options: &ReportOptions) -> String {
    match options.format {
        Format::Text => text(outcome, options.listing),
        Format::Json => {
            let names: Vec<String> = images.iter().map(|p| p.display().to_string()).collect();
            format!("{}\n", json(outcome, options.listing, &names, timings))
        }
    }
}

/// Milliseconds per stage of a picture's run.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Timings {
    pub decode_ms: f64,
    /// Reading the picture and solving the puzzle.
    pub read_solve_ms: f64,
    /// Drawing and writing the pictures.
    pub render_write_ms: f64,
}

/// What a report says of a picture's run: the pictures written, and the
/// milliseconds per stage (both left out for a typed puzzle).
#[derive(Debug, Clone, Default, Serialize)]
pub struct PictureReport {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timings: Option<Timings>,
}

/// The report as people read it: the level, then numbered moves (or the
/// solved board).
pub fn text(outcome: &Outcome, listing: Listing) -> String {
    match outcome {
        Outcome::Squares(s) => squares::text(s, listing),
        Outcome::Water(w) => water::text(w),
    }
}

/// The report as JSON; `images` are the pictures written for it and
/// `timings` the stages of a picture's run.
pub fn json(outcome: &Outcome, listing: Listing, images: &[String], timings: Option<Timings>) -> String {
    serde_json::to_string_pretty(&json_value(outcome, listing, images, timings)).expect("report serialises")
}

/// The JSON report as a value (to add the input's name for JSON Lines).
pub fn json_value(outcome: &Outcome, listing: Listing, images: &[String], timings: Option<Timings>) -> Value {
    let picture = PictureReport { images: images.to_vec(), timings };
    match outcome {
        Outcome::Squares(s) => {
            let report = squares::SquaresReport { picture, ..squares::report(s, listing) };
            serde_json::to_value(report).expect("report serialises")
        }
        Outcome::Water(w) => {
            let report = water::WaterReport { picture, ..water::report(w) };
            serde_json::to_value(report).expect("report serialises")
        }
    }
}

/// An error as a JSON report: `{"status": "error", "message": …}`.
pub fn error_json(message: &str) -> Value {
    serde_json::json!({ "status": "error", "message": message })
}

/// The answer in one sentence, as a summary of several inputs shows it.
pub fn summary(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Squares(s) => squares::report(s, Listing::First).message,
        Outcome::Water(w) => water::report(w).message,
    }
}
