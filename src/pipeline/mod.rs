//! The run, as the diagram reads: input → recognised puzzle → solution, one
//! file per kind of input: typed text ([`text`]), a water-sort screenshot
//! ([`water`]) and a picture of cards ([`squares`], where the solver judges
//! the readings). No printing and no file access here: `app` reads the
//! input and writes the pictures, so the library can be driven from tests,
//! benches and a server as it is from the shell.

pub mod squares;
pub mod text;
pub mod water;

use std::time::{Duration, Instant};

use crate::puzzle::squares::Turns;
use crate::solve::squares::SquaresSolveOptions;
use crate::solve::water::WaterSolveOptions;
use crate::solve::{Deadline, Watch};
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

/// Time a run on a picture may take by default: reading takes well under a
/// second on every picture in ../shared, so this is for the solver judging
/// the readings of a picture of cards, which is what can run long.
pub const PICTURE_TIME_LIMIT: Duration = Duration::from_secs(5);
/// Time a run on a typed puzzle may take by default: a card list with vast
/// numbers of solutions counts for minutes, and a level's search within
/// its state budget takes some seconds.
pub const TEXT_TIME_LIMIT: Duration = Duration::from_secs(30);

/// How long a run may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeLimit {
    /// [`PICTURE_TIME_LIMIT`] for a picture, [`TEXT_TIME_LIMIT`] for text.
    #[default]
    ByInput,
    After(Duration),
    Unlimited,
}

/// What kind of input a run reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    Picture,
    Text,
}

impl TimeLimit {
    /// The deadline of a run on `kind` of input that started at `start`.
    pub fn deadline(self, kind: InputKind, start: Instant) -> Option<Deadline> {
        match (self, kind) {
            (TimeLimit::ByInput, InputKind::Picture) => Some(Deadline::from(start, PICTURE_TIME_LIMIT)),
            (TimeLimit::ByInput, InputKind::Text) => Some(Deadline::from(start, TEXT_TIME_LIMIT)),
            (TimeLimit::After(limit), _) => Some(Deadline::from(start, limit)),
            (TimeLimit::Unlimited, _) => None,
        }
    }
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
    /// Reading a picture of cards (its `mode`, when given, is the only
    /// match tried).
    pub cards: CardReading,
    /// Pictures of cards: whether cards turn; `None`: told from the picture
    /// (see [`squares::CardRule::to_try`]).
    pub card_turns: Option<Turns>,
    /// How long the searches may run; the deadline is set when the run
    /// starts and handed to every search.
    pub time_limit: TimeLimit,
    /// Where the searches show their progress, and what stops them early
    /// (the terminal's Ctrl-C); `None`: nothing watches.
    pub watch: Option<&'static Watch>,
}

impl RunOptions {
    /// The deadline of a run on `kind` of input that started at `start`,
    /// watched by this run's watch, if any.
    pub fn deadline(&self, kind: InputKind, start: Instant) -> Option<Deadline> {
        let deadline = self.time_limit.deadline(kind, start);
        match self.watch {
            Some(watch) => Some(deadline.unwrap_or_else(Deadline::never).watched(watch)),
            None => deadline,
        }
    }

    /// These options with every search bounded by `deadline`.
    pub fn with_deadline(&self, deadline: Option<Deadline>) -> RunOptions {
        let mut options = self.clone();
        options.water.deadline = deadline;
        options.squares.deadline = deadline;
        options
    }
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    Water(WaterOutcome),
    Squares(SquaresOutcome),
}
