//! The run, as the diagram reads: input → recognised puzzle → solution, one
//! file per kind of input: typed text ([`text`]), a water-sort screenshot
//! ([`water`]) and a picture of cards ([`squares`], where the solver judges
//! the readings). No printing and no file access here: `app` reads the
//! input and writes the pictures, so the library can be driven from tests,
//! benches and a server as it is from the shell.

pub mod squares;
pub mod text;
pub mod water;

use crate::solve::squares::SquaresSolveOptions;
use crate::solve::water::WaterSolveOptions;
use crate::vision::squares::CardReading;
use crate::vision::water::ReadOptions;

pub use squares::SquaresOutcome;
pub use text::SquaresFormat;
pub use water::WaterOutcome;

/// The puzzle families snapsolve knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Water,
    Squares,
}

/// Options of every stage of one run.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// `None`: tell the game from the input.
    pub game: Option<Game>,
    /// `None`: tell the card format from the input.
    pub squares_format: Option<SquaresFormat>,
    pub water: WaterSolveOptions,
    pub squares: SquaresSolveOptions,
    /// Most placements spent judging one reading of a picture of cards, and
    /// counting its solutions; `None`: 500 million.
    pub picture_nodes: Option<u64>,
    /// Reading a water-sort screenshot (and naming its colours).
    pub vision: ReadOptions,
    /// Reading a picture of cards.
    pub cards: CardReading,
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    Water(WaterOutcome),
    Squares(SquaresOutcome),
}
