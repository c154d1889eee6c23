//! The command line turned once into validated options, one struct per
//! stage: how to run the pipeline ([`RunOptions`], with the colour theme
//! resolved from the calibration file), which pictures to write
//! ([`OutputOptions`]), how to report ([`ReportOptions`]) and whether to
//! log the backtracking ([`TraceRequest`]).

use crate::calibrate::CalibrateOptions;
use crate::cli::{CalibrateArgs, Cli, FormatArg, GameArg, MatchArg, StrategyArg};
use crate::config::{self, CalibrationFile};
use crate::error::Error;
use std::path::PathBuf;
use std::time::Duration;

use crate::pipeline::{Game, RunOptions, SquaresFormat, TimeLimit};
use crate::puzzle::squares::Turns;
use crate::report::{Format, Listing, ReportOptions};
use crate::solve::squares::SquaresSolveOptions;
use crate::solve::squares::trace::TraceOptions;
use crate::solve::water::{Strategy, WaterSolveOptions};
use crate::vision::squares::{CardReading, GridFinding, MatchMode};
use crate::vision::water::{ReadOptions, ThemeChoice};

/// Most trace lines written, so a hard board cannot fill the disk.
const MAX_TRACE_STEPS: u64 = 1_000_000;

/// Everything one solving run needs, built from the command line.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub run: RunOptions,
    pub output: OutputOptions,
    pub report: ReportOptions,
    /// `--trace FILE`: the backtracking log of a squares search.
    pub trace: Option<TraceRequest>,
}

/// Which pictures a run writes, and where.
#[derive(Debug, Clone, Default)]
pub struct OutputOptions {
    /// `-o PATH`: the solution picture (pages numbered before its
    /// extension); `None`: `<input>.solution.png` beside the input.
    pub path: Option<PathBuf>,
    /// One picture per move, showing the tubes after it.
    pub frames: bool,
    /// The whole plan as an animated GIF.
    pub gif: bool,
    /// What the reader saw, as `<input>.debug.png` beside the input.
    pub debug: bool,
    /// Replace existing files that snapsolve did not write from this input.
    pub force: bool,
}

/// Where the backtracking log goes, and how it is searched.
#[derive(Debug, Clone)]
pub struct TraceRequest {
    pub path: PathBuf,
    pub options: TraceOptions,
}

impl Options {
    /// The options of every stage, from the arguments. Reads the
    /// calibration file when a theme is named or the file exists: a broken
    /// calibration file is an error (it is never silently ignored).
    pub fn from_cli(cli: &Cli) -> Result<Options, Error> {
        let strategy = match cli.strategy {
            StrategyArg::Optimal => Strategy::Optimal,
            StrategyArg::Dfs => Strategy::Dfs,
        };
        let overrides = GameOverrides {
            game: cli.game,
            match_mode: cli.match_mode,
            turns: if cli.no_turns { TurnsArg::Never } else { TurnsArg::Auto },
        };
        let squares_format = cli.format.map(|f| match f {
            FormatArg::Cards => SquaresFormat::Cards,
            FormatArg::Brendan => SquaresFormat::Brendan,
            FormatArg::Eternity => SquaresFormat::Eternity,
        });
        let turns = if cli.no_turns { Turns::Fixed } else { Turns::Free };
        let squares = SquaresSolveOptions {
            max_nodes: cli.max_nodes.unwrap_or(SquaresSolveOptions::default().max_nodes),
            keep: if cli.all { usize::MAX } else { 1 },
            first_only: cli.first,
            turns,
            threads: cli.threads,
            deadline: None,
        };
        let cards = CardReading { grid: GridFinding { grid: cli.grid, ..Default::default() }, ..Default::default() };
        let vision = ReadOptions { theme: theme_choice(cli)?, ..Default::default() };
        let run = RunOptions {
            game: None,
            squares_format,
            water: WaterSolveOptions { strategy, max_states: cli.max_states, ..Default::default() },
            squares,
            picture_nodes: cli.max_nodes,
            vision,
            cards,
            card_turns: None,
            watch: None,
            time_limit: match cli.timeout {
                None => TimeLimit::ByInput,
                Some(0.0) => TimeLimit::Unlimited,
                Some(s) => TimeLimit::After(Duration::from_secs_f64(s)),
            },
        }
        .overridden(overrides);
        let output = OutputOptions {
            path: cli.output.clone(),
            frames: cli.frames,
            gif: cli.gif,
            debug: cli.debug,
            force: cli.force,
        };
        let report = ReportOptions {
            format: if cli.json { Format::Json } else { Format::Text },
            listing: if cli.all { Listing::All } else { Listing::First },
        };
        let trace = cli
            .trace
            .clone()
            .map(|path| TraceRequest { path, options: TraceOptions { max_steps: MAX_TRACE_STEPS, turns } });
        Ok(Options { run, output, report, trace })
    }
}

/// What the user says about the game, where it is not told from the input:
/// `--game`, `--match`, `--no-turns` on the command line, the same choices
/// on the phone page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameOverrides {
    pub game: GameArg,
    pub match_mode: Option<MatchArg>,
    pub turns: TurnsArg,
}

/// Whether cards may turn, as a user says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TurnsArg {
    /// Told from the picture (a typed card list: cards turn).
    #[default]
    Auto,
    /// Cards lie as they are (TetraVex): `--no-turns`.
    Never,
}

impl RunOptions {
    /// These options with what the user said about the game.
    pub fn overridden(mut self, overrides: GameOverrides) -> RunOptions {
        self.game = match overrides.game {
            GameArg::Auto => None,
            GameArg::Water => Some(Game::Water),
            GameArg::Squares => Some(Game::Squares),
        };
        self.cards.mode = overrides.match_mode.map(|m| match m {
            MatchArg::Halves => MatchMode::Complement,
            MatchArg::Same => MatchMode::Same,
        });
        let fixed = overrides.turns == TurnsArg::Never;
        self.cards.upright = fixed;
        self.card_turns = fixed.then_some(Turns::Fixed);
        self.squares.turns = if fixed { Turns::Fixed } else { Turns::Free };
        self
    }
}

/// How colours are named: `--theme` from the calibration file, else any
/// calibrated theme that fits, else clustering.
fn theme_choice(cli: &Cli) -> Result<ThemeChoice, Error> {
    themes(cli.calibration.as_deref(), cli.theme.as_deref())
}

/// How colours are named, from a calibration file (`calibration`, else
/// the default places) and a theme's name, if one is given.
pub fn themes(calibration: Option<&std::path::Path>, theme: Option<&str>) -> Result<ThemeChoice, Error> {
    let path = config::locate(calibration);
    if theme.is_none() && !path.exists() {
        return Ok(ThemeChoice::Cluster);
    }
    let file = CalibrationFile::load(&path)?;
    Ok(match theme {
        Some(name) => ThemeChoice::Named(file.theme(name)?),
        None => ThemeChoice::Auto(file.themes()?),
    })
}

/// What `snapsolve calibrate` was asked to do.
#[derive(Debug, Clone)]
pub struct CalibrateRequest {
    /// The screenshots of one theme.
    pub screenshots: Vec<PathBuf>,
    /// The calibration file to update.
    pub file: PathBuf,
    pub learn: CalibrateOptions,
}

impl CalibrateRequest {
    pub fn from_args(args: &CalibrateArgs) -> CalibrateRequest {
        CalibrateRequest {
            screenshots: args.screenshots.clone(),
            file: config::locate(args.calibration.as_deref()),
            learn: CalibrateOptions { name: args.theme.clone(), names: args.names.clone(), vision: Default::default() },
        }
    }
}
