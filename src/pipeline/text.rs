//! A typed level or card list: the game (and card format) told from the
//! text unless the user said, parsed into its model and solved.

use thiserror::Error;

use super::{Game, Outcome, RunOptions, SquaresOutcome};
use crate::puzzle::squares::{SquaresError, SquaresPuzzle, Turns, fewest_turns};
use crate::puzzle::water::{WaterError, WaterPuzzle};
use crate::solve::squares;

/// How an edge-matching card list is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SquaresFormat {
    /// `CardName TOP RIGHT BOTTOM LEFT` with `HEAD-X` / `TAIL-X` sides.
    #[default]
    Cards,
    /// Brendan Owen's `W H` + `up right down left` numbers.
    Brendan,
    /// jwortmann's Eternity II `bottom left top right` numbers.
    Eternity,
}

/// Why a text is no puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextError {
    #[error("not a valid water-sort level: {0}")]
    WaterLevel(#[from] WaterError),
    #[error("not a valid card list: {0}")]
    Cards(#[from] SquaresError),
    /// Text that is neither, when nothing said which it should be.
    #[error(
        "not a level or card list ({water}); expected a water-sort level in the compact form, tubes top to bottom (`GRGR RGRG EEEE EEEE`), or a card list, one card per line (`C1 HEAD-RED TAIL-BLUE HEAD-GREEN TAIL-RED`)"
    )]
    NotAPuzzle { water: WaterError },
}

/// Reads a typed level or card list and solves it.
pub fn run_text(text: &str, options: &RunOptions) -> Result<Outcome, TextError> {
    let detected = detect(text);
    let game = options
        .game
        .or(options.squares_format.map(|_| Game::Squares))
        .or(detected.map(|(game, _)| game))
        .unwrap_or(Game::Water);
    match game {
        Game::Water => {
            let said = options.game.is_some();
            let puzzle: WaterPuzzle = text.parse().map_err(|water| match said {
                true => TextError::WaterLevel(water),
                false => TextError::NotAPuzzle { water },
            })?;
            Ok(Outcome::Water(super::water::solve_water(puzzle, None, &options.water)))
        }
        Game::Squares => {
            let format = options.squares_format.or(detected.map(|(_, f)| f)).unwrap_or_default();
            let puzzle = parse_squares(text, format)?;
            let started = std::time::Instant::now();
            let result = squares::solve(&puzzle, &options.squares).map(|mut s| {
                // Cards on a table: of the board's turns, lay the one that
                // turns the fewest cards.
                if options.squares.turns == Turns::Free {
                    s.solutions = s.solutions.iter().map(|b| fewest_turns(b, puzzle.width, puzzle.height)).collect();
                }
                s
            });
            Ok(Outcome::Squares(SquaresOutcome { puzzle, grid: None, result, searched: started.elapsed() }))
        }
    }
}

/// Parses a card list in the given format.
pub fn parse_squares(text: &str, format: SquaresFormat) -> Result<SquaresPuzzle, SquaresError> {
    match format {
        SquaresFormat::Cards => text.parse(),
        SquaresFormat::Brendan => SquaresPuzzle::from_brendan(text),
        SquaresFormat::Eternity => SquaresPuzzle::from_eternity(text),
    }
}

/// Tells the game (and card format) from the text: side tokens such as
/// `HEAD-X` mean a card list; a `W H` line followed by lines of four numbers
/// is a Brendan board; anything else is left to the water-sort reader.
fn detect(text: &str) -> Option<(Game, SquaresFormat)> {
    let lines: Vec<&str> =
        text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()).collect();
    let is_side = |t: &str| {
        let upper = t.to_ascii_uppercase();
        ["HEAD-", "TAIL-", "SAME-", "NONE-"].iter().any(|p| upper.starts_with(p)) || upper == "BORDER"
    };
    if lines.iter().any(|l| l.split_whitespace().any(is_side)) {
        return Some((Game::Squares, SquaresFormat::Cards));
    }
    let numbers = |l: &str, n: usize| {
        let fields: Vec<&str> = l.split_whitespace().collect();
        fields.len() == n && fields.iter().all(|f| f.parse::<u32>().is_ok())
    };
    if lines.len() > 1 && numbers(lines[0], 2) && lines[1..].iter().all(|l| numbers(l, 4)) {
        return Some((Game::Squares, SquaresFormat::Brendan));
    }
    None
}
