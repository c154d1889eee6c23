//! snapsolve: a stuck player's screenshot or typed level in, the solution out.
//!
//! The pipeline, one module per stage:
//! 1. `puzzle` — game models with a text form (`FromStr` + `Display`);
//! 2. `solve` — bounded, complete searches over those models;
//! 3. `report` — the text and JSON a user reads;
//! 4. `pipeline` — input in, recognised puzzle, solution out; no printing.
//!
//! `main.rs` is a shell around `cli` and `pipeline`.

pub mod calibrate;
pub mod cli;
pub mod config;
pub mod error;
pub mod pipeline;
pub mod puzzle;
pub mod render;
pub mod report;
pub mod solve;
pub mod vision;
