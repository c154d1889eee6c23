//! The run, as the diagram reads: input → recognised puzzle → solution.
//! No printing and no file access here: `main` reads the input and prints the
//! report, so the library can be driven from tests as it is from the shell.

use crate::error::Error;
use crate::puzzle::water::WaterPuzzle;
use crate::solve::water::{self, ExtraTubeVerdict, WaterSolution, WaterSolveError, WaterSolveOptions};

/// The puzzle families snapsolve knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Water,
}

/// Options of every stage of one run.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// `None`: tell the game from the input.
    pub game: Option<Game>,
    pub water: WaterSolveOptions,
}

/// A water-sort run's result: the level as read, and how solving went.
#[derive(Debug, Clone)]
pub struct WaterOutcome {
    pub puzzle: WaterPuzzle,
    pub result: Result<WaterSolution, WaterSolveError>,
    /// Only for a level proven unsolvable.
    pub extra_tube: Option<ExtraTubeVerdict>,
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    Water(WaterOutcome),
}

/// Reads a typed level and solves it.
pub fn run_text(text: &str, options: &RunOptions) -> Result<Outcome, Error> {
    let game = options.game.unwrap_or(Game::Water);
    match game {
        Game::Water => {
            let puzzle: WaterPuzzle = text.parse()?;
            solve_water(puzzle, &options.water).map(Outcome::Water)
        }
    }
}

/// Solves a recognised level; an unsolvable one is checked with one more tube.
pub fn solve_water(puzzle: WaterPuzzle, options: &WaterSolveOptions) -> Result<WaterOutcome, Error> {
    let result = water::solve(&puzzle, options);
    let extra_tube = match &result {
        Err(WaterSolveError::UnknownLayers) => return Err(Error::WaterUnknowns(WaterSolveError::UnknownLayers)),
        Err(WaterSolveError::Unsolvable { .. }) => Some(water::with_extra_tube(&puzzle, options)),
        _ => None,
    };
    Ok(WaterOutcome { puzzle, result, extra_tube })
}
