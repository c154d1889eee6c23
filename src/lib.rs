//! snapsolve: a stuck player's screenshot or typed level in, the solution
//! out, drawn on the player's own picture.
//!
//! The pipeline, one module per stage and, where the games differ, one file
//! or folder per game in each:
//! 1. `vision` — pixels in: a water-sort screenshot's tubes, slots and
//!    colours, or a picture's cards and the readings of their edges; hands
//!    on a puzzle and the `geometry` of where it is;
//! 2. `puzzle` — game models with a text form (`FromStr` + `Display`);
//! 3. `solve` — bounded, complete searches over those models;
//! 4. `pipeline` — input in, recognised puzzle, solution out;
//! 5. `render` — the answer drawn on the picture; `report` — the text and
//!    JSON a user reads.
//!
//! `app` is the whole command as one call (read, decode, run, write); `cli`
//! and `options` turn arguments into per-stage options; `main.rs` is a
//! shell around them. `imaging` holds the pixel helpers that know no game,
//! `synthetic` the made-up pictures the tests read back, `calibrate` and
//! `config` the learned colour themes.

pub mod app;
pub mod calibrate;
pub mod cli;
pub mod config;
pub mod console;
pub mod error;
pub mod fuzzing;
pub mod geometry;
pub mod imaging;
pub mod options;
pub mod pipeline;
pub mod puzzle;
pub mod render;
pub mod report;
pub mod serve;
pub mod solve;
pub mod synthetic;
pub mod vision;
pub mod words;
