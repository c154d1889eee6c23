//! The run, as the diagram reads: input → recognised puzzle → solution.
//! No printing and no file access here: `main` reads the input and prints the
//! report, so the library can be driven from tests as it is from the shell.

use image::RgbImage;

use crate::config::Theme;
use crate::error::Error;
use crate::puzzle::squares::{SquaresPuzzle, fewest_turns};
use crate::puzzle::water::WaterPuzzle;
use crate::solve::squares::{self, SquaresSolution, SquaresSolveError, SquaresSolveOptions};
use crate::solve::water::reveal::{RevealError, RevealPlan, plan_until_reveal};
use crate::solve::water::{self, ExtraTubeVerdict, WaterSolution, WaterSolveError, WaterSolveOptions};
use crate::vision::cards::{CardGrid, CardReading, CardsRead, read_cards};
use crate::vision::{self, Detection, Layout, VisionOptions};

/// The puzzle families snapsolve knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Water,
    Squares,
}

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

/// How the colours of a screenshot are named.
#[derive(Debug, Clone, Default)]
pub enum ThemeChoice {
    /// Cluster the colours found (no calibration).
    #[default]
    Cluster,
    /// Use this calibrated theme.
    Named(Theme),
    /// Use the calibrated theme that fits the screenshot, if any fits.
    Auto(Vec<Theme>),
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
    pub vision: VisionOptions,
    pub theme: ThemeChoice,
    pub cards: CardReading,
}

/// An edge-matching run's result.
#[derive(Debug, Clone)]
pub struct SquaresOutcome {
    pub puzzle: SquaresPuzzle,
    /// Where the cards are, when they came from a picture (card `i` of the
    /// puzzle is `grid.cards[i]`).
    pub grid: Option<CardGrid>,
    pub result: Result<SquaresSolution, SquaresSolveError>,
}

/// A water-sort run's result: the level as read, and how solving went.
#[derive(Debug, Clone)]
pub struct WaterOutcome {
    pub puzzle: WaterPuzzle,
    /// Where the tubes are, when the level came from a screenshot.
    pub layout: Option<Layout>,
    pub result: Result<WaterSolution, WaterSolveError>,
    /// Only for a level proven unsolvable.
    pub extra_tube: Option<ExtraTubeVerdict>,
    /// Only for a level with hidden layers: the plan up to the first reveal.
    pub reveal: Option<Result<RevealPlan, RevealError>>,
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    Water(WaterOutcome),
    Squares(SquaresOutcome),
}

/// Reads a typed level or card list and solves it.
pub fn run_text(text: &str, options: &RunOptions) -> Result<Outcome, Error> {
    let detected = detect(text);
    let game = options
        .game
        .or(options.squares_format.map(|_| Game::Squares))
        .or(detected.map(|(game, _)| game))
        .unwrap_or(Game::Water);
    match game {
        Game::Water => {
            let puzzle: WaterPuzzle = text.parse()?;
            Ok(Outcome::Water(solve_water(puzzle, None, &options.water)))
        }
        Game::Squares => {
            let format = options.squares_format.or(detected.map(|(_, f)| f)).unwrap_or_default();
            let puzzle = parse_squares(text, format)?;
            let result = squares::solve(&puzzle, &options.squares);
            Ok(Outcome::Squares(SquaresOutcome { puzzle, grid: None, result }))
        }
    }
}

/// Parses a card list in the given format.
pub fn parse_squares(text: &str, format: SquaresFormat) -> Result<SquaresPuzzle, Error> {
    Ok(match format {
        SquaresFormat::Cards => text.parse()?,
        SquaresFormat::Brendan => SquaresPuzzle::from_brendan(text)?,
        SquaresFormat::Eternity => SquaresPuzzle::from_eternity(text)?,
    })
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

/// Solves a recognised level; an unsolvable one is checked with one more tube.
pub fn solve_water(puzzle: WaterPuzzle, layout: Option<Layout>, options: &WaterSolveOptions) -> WaterOutcome {
    let result = water::solve(&puzzle, options);
    let extra_tube = match &result {
        Err(WaterSolveError::Unsolvable { .. }) => Some(water::with_extra_tube(&puzzle, options)),
        _ => None,
    };
    let reveal =
        matches!(result, Err(WaterSolveError::UnknownLayers)).then(|| plan_until_reveal(&puzzle, options.max_states));
    WaterOutcome { puzzle, layout, result, extra_tube, reveal }
}

/// A screenshot's run: what the reader detected (kept for `--debug` even
/// when recognition fails) and the outcome.
pub struct ImageRun {
    pub detection: Option<Detection>,
    pub result: Result<Outcome, Error>,
}

/// Reads a water-sort screenshot and solves it.
pub fn run_image(image: &RgbImage, options: &RunOptions) -> ImageRun {
    let detection = match vision::detect_water(image, &options.vision) {
        Ok(d) => d,
        Err(e) => return ImageRun { detection: None, result: Err(e.into()) },
    };
    let theme = match &options.theme {
        ThemeChoice::Cluster => None,
        ThemeChoice::Named(theme) => Some(theme),
        ThemeChoice::Auto(themes) => vision::choose_theme(&detection, themes),
    };
    let result = vision::recognise_water(&detection, &options.vision, theme).map_err(Error::from).map(|puzzle| {
        let layout = vision::layout_with_colors(&detection, &puzzle);
        Outcome::Water(solve_water(puzzle, Some(layout), &options.water))
    });
    ImageRun { detection: Some(detection), result }
}

/// A picture of cards' run: what was read (kept for reporting even when no
/// labelling solves) and the outcome.
pub struct CardsRun {
    pub read: Option<CardsRead>,
    /// Which labelling the solver accepted, and how many were tried.
    pub chosen: Option<usize>,
    pub tried: usize,
    pub result: Result<Outcome, Error>,
}

/// Most card placements spent judging one labelling of a picture, unless
/// the user says otherwise: about 15 s on a 2-core machine.
const JUDGE_NODES: u64 = 500_000_000;

/// How many ways `n` cards can lie on the board: every order, and every
/// turn of each card unless cards are `fixed`.
fn arrangements(n: usize, fixed: bool) -> f64 {
    let orders: f64 = (1..=n).map(|k| k as f64).product();
    if fixed { orders } else { orders * 4f64.powi(n as i32) }
}

/// Reads a picture of cards and lets the solver judge the labellings, most
/// likely first: the first that admits a solution is the reading. A
/// labelling is only passed over once it is proven unsolvable: a later one
/// that happens to solve quickly is not evidence against an earlier one.
pub fn run_cards_image(image: &RgbImage, options: &RunOptions) -> CardsRun {
    let read = match read_cards(image, &options.cards) {
        Ok(read) => read,
        Err(e) => return CardsRun { read: None, chosen: None, tried: 0, result: Err(e.into()) },
    };
    let judge = SquaresSolveOptions {
        first_only: true,
        max_nodes: options.picture_nodes.unwrap_or(JUDGE_NODES),
        keep: 1,
        ..options.squares
    };
    let mut nodes = 0;
    let mut tried = 0;
    let mut uninformative = 0;
    for (i, labelling) in read.labellings.iter().enumerate() {
        tried += 1;
        match squares::solve(&labelling.puzzle, &judge) {
            Ok(first) => {
                // A loose (shape) reading stands only if the board it gives
                // joins in the picture too; no need to count its solutions
                // otherwise.
                if labelling.needs_seams && !first.solutions.first().is_some_and(|board| read.seams_join(board)) {
                    uninformative += 1;
                    continue;
                }
                // Count the solutions too, within the judging budget (a
                // reading with vast numbers of solutions would otherwise
                // count for minutes); the judged one stands if counting
                // runs out.
                let count = SquaresSolveOptions { max_nodes: judge.max_nodes, ..options.squares };
                let result = match squares::solve(&labelling.puzzle, &count) {
                    Err(SquaresSolveError::BudgetExceeded { .. }) => Ok(first),
                    other => other,
                };
                // A reading under which one arrangement in ten solves says
                // nothing about the cards (edges that all look alike).
                // (`uninformative` also counts loose readings whose boards
                // did not join.)
                if let Ok(s) = &result
                    && s.complete
                    && s.raw as f64 >= 0.1 * arrangements(labelling.puzzle.n_cards(), judge.fixed_orientation)
                {
                    uninformative += 1;
                    continue;
                }
                // Cards on a table: of the board's turns, lay the one that
                // turns the fewest cards.
                let result = result.map(|mut s| {
                    if !judge.fixed_orientation {
                        let (w, h) = (labelling.puzzle.width, labelling.puzzle.height);
                        s.solutions = s.solutions.iter().map(|board| fewest_turns(board, w, h)).collect();
                    }
                    s
                });
                let outcome =
                    SquaresOutcome { puzzle: labelling.puzzle.clone(), grid: Some(read.grid.clone()), result };
                return CardsRun { read: Some(read), chosen: Some(i), tried, result: Ok(Outcome::Squares(outcome)) };
            }
            Err(SquaresSolveError::Unsolvable { nodes: n }) => nodes += n,
            Err(e @ SquaresSolveError::BudgetExceeded { .. }) => {
                let outcome =
                    SquaresOutcome { puzzle: labelling.puzzle.clone(), grid: Some(read.grid.clone()), result: Err(e) };
                return CardsRun { read: Some(read), chosen: None, tried, result: Ok(Outcome::Squares(outcome)) };
            }
        }
    }
    let result = match read.labellings.first() {
        // The readings that solved said nothing about the cards.
        Some(_) if uninformative > 0 => {
            Err(Error::CardsPicture(crate::vision::cards::CardsError::NoLabelling { cards: read.grid.cards.len() }))
        }
        Some(first) => Ok(Outcome::Squares(SquaresOutcome {
            puzzle: first.puzzle.clone(),
            grid: Some(read.grid.clone()),
            result: Err(SquaresSolveError::Unsolvable { nodes }),
        })),
        None => {
            Err(Error::CardsPicture(crate::vision::cards::CardsError::NoLabelling { cards: read.grid.cards.len() }))
        }
    };
    CardsRun { read: Some(read), chosen: None, tried, result }
}
