//! The error of a whole run: one variant per stage, each wrapping that stage's
//! typed error, and the exit code policy.

use std::path::PathBuf;

use thiserror::Error;

use crate::calibrate::CalibrateError;
use crate::config::ConfigError;
use crate::puzzle::squares::SquaresError;
use crate::puzzle::water::WaterError;
use crate::vision::VisionError;
use crate::vision::cards::CardsError;

/// Exit code when a solution was found.
pub const EXIT_SOLVED: i32 = 0;
/// Exit code when the puzzle is unsolvable or the search budget ran out.
pub const EXIT_NO_SOLUTION: i32 = 1;
/// Exit code for bad input of any kind.
pub const EXIT_BAD_INPUT: i32 = 2;

#[derive(Debug, Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("`{path}` is not text: {reason}")]
    NotText { path: PathBuf, reason: String },
    #[error("not a valid card list: {0}")]
    Cards(#[from] SquaresError),
    #[error("cannot write `{path}`: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error("not a valid water-sort level: {0}")]
    WaterLevel(#[from] WaterError),
    #[error("`{path}` is not a readable image: {reason}")]
    BadImage { path: PathBuf, reason: String },
    #[error("{0}")]
    Vision(#[from] VisionError),
    #[error("`{path}`: {source}")]
    Screenshot { path: PathBuf, source: VisionError },
    #[error("{0}")]
    CardsPicture(#[from] CardsError),
    #[error("`{path}`: {source}")]
    CardsImage { path: PathBuf, source: CardsError },
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    Calibrate(#[from] CalibrateError),
}

impl Error {
    /// Every error of a run is about its input.
    pub fn exit_code(&self) -> i32 {
        EXIT_BAD_INPUT
    }
}
