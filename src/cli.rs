//! Command-line arguments, clap derive only: the doc comments are the
//! `--help`. `options` turns them once into validated per-stage options.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::solve::water::WaterSolveOptions;

/// Solve a water-sort, ball-sort or edge-matching (Scrambled Squares,
/// TetraVex, Eternity II) puzzle from a screenshot, a photo or a typed level.
///
/// The game is told from the input. Exit codes: 0 solved, 1 unsolvable or
/// search budget exhausted, 2 bad input (with several inputs, the worst).
#[derive(Debug, Parser)]
#[command(
    name = "snapsolve",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Screenshots or photos (PNG, JPEG, GIF), folders of them, files with
    /// a level or card list, `-` for standard input, or a level typed as
    /// the argument itself, in quotes (`"GRGR RGRG EEEE EEEE"`, tubes top
    /// to bottom). Several inputs are solved on all cores.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Which puzzle the input holds; `auto` tells it from the input.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// Water sort: `optimal` finds the fewest pours, `dfs` a quick solution.
    #[arg(long, value_enum, default_value_t = StrategyArg::Optimal)]
    pub strategy: StrategyArg,

    /// Water sort: most states the search may store before giving up
    /// (fewer when they would take more than 768 MiB of memory).
    #[arg(long, default_value_t = WaterSolveOptions::default().max_states)]
    pub max_states: usize,

    /// Give up searching after this many seconds (0: never)
    /// [default: 5 for a picture, 30 for a typed level or card list].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,

    /// Squares: how the card list is written; by default told from the text.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,

    /// Squares: most card placements the search may make before giving up
    /// [default: 20000000000 for a card list; for a picture, 500000000 to
    /// judge each reading of the cards and to count its solutions].
    #[arg(long)]
    pub max_nodes: Option<u64>,

    /// Squares: search threads (0: one per core). The answer is the same
    /// whatever the number.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,

    /// Squares: list every solution kept, not just the first (one per
    /// arrangement up to turning the whole board: a board with 4 solutions
    /// that are turns of one another lists 1).
    #[arg(long, conflicts_with = "first")]
    pub all: bool,

    /// Squares: stop at the first solution instead of counting them all.
    #[arg(long)]
    pub first: bool,

    /// Squares: cards may not be turned (TetraVex); each lies as written.
    /// Without it, a card list's cards turn, and a picture's are tried
    /// both ways (upright first).
    #[arg(long)]
    pub no_turns: bool,

    /// Squares: write the backtracking log (TRY / ROTATE / REJECT / PLACE /
    /// BACKTRACK per card) to this file, up to the first solution.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,

    /// Squares pictures (with `--game squares`): the grid of cards, as
    /// `ROWSxCOLS` (e.g. `3x3`), when it is not found by itself.
    #[arg(long, value_name = "RxC", value_parser = parse_grid)]
    pub grid: Option<(usize, usize)>,

    /// Squares pictures: how touching edges match, when it is not told from
    /// the picture: `halves` (Scrambled Squares: two halves of one figure)
    /// or `same` (Eternity II, TetraVex: equal patterns).
    #[arg(long = "match", value_enum)]
    pub match_mode: Option<MatchArg>,

    /// Print a machine-readable JSON report instead of text (an error too,
    /// as `{"status": "error", "message": …}`); with several inputs, one
    /// JSON object per line.
    #[arg(long)]
    pub json: bool,

    /// Print only the answer and errors: no progress bar, notes or "wrote"
    /// lines.
    #[arg(short, long)]
    pub quiet: bool,

    /// When to colour the output: `auto` on a terminal unless NO_COLOR is
    /// set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,

    /// Pictures: where to write the solution picture (default:
    /// `<input>.solution.png` beside the input, `stdin.solution.png` here
    /// for standard input; long solutions are split into pages
    /// `<input>.solution-1.png`, `-2`, …). `-` writes the first page to
    /// standard output. Never the input itself; one input only.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Screenshots: also write one picture per move, showing the tubes after
    /// it (`<input>.solution.frame-01.png`, …).
    #[arg(long)]
    pub frames: bool,

    /// Screenshots: also write the whole plan as an animated GIF
    /// (`<input>.solution.gif`), one move per frame.
    #[arg(long)]
    pub gif: bool,

    /// Screenshots: name colours by this calibrated theme instead of
    /// clustering them. Without it, a calibrated theme that fits the
    /// screenshot is used if there is one.
    #[arg(long, value_name = "NAME")]
    pub theme: Option<String>,

    /// The calibration file. Default: ./calibration.toml if it exists, else
    /// calibration.toml in the user's config directory
    /// (~/.config/snapsolve/ on Linux).
    #[arg(long, value_name = "PATH")]
    pub calibration: Option<PathBuf>,

    /// Screenshots: also write what the reader saw (tube boxes, slots, the
    /// colour sampled per slot, crosses for hidden layers, an orange frame
    /// around what a refused reading doubted) to `<input>.debug.png` beside
    /// the input.
    #[arg(long)]
    pub debug: bool,

    /// Replace output files that exist, even those snapsolve did not write
    /// from this input. Without it such a file is left alone and the run
    /// stops before any work (pictures snapsolve wrote from the same input
    /// are replaced).
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Learn a game theme's colours from screenshots into calibration.toml,
    /// so later screenshots of that theme are read with them.
    Calibrate(CalibrateArgs),
    /// Print a shell completion script (e.g. `snapsolve completions bash >
    /// ~/.local/share/bash-completion/completions/snapsolve`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `snapsolve man > snapsolve.1`.
    Man,
    /// Serve a page for a phone's browser: choose or take a screenshot,
    /// and follow the answer on it one move at a time.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Also listen on this computer's local network addresses, so a phone
    /// on the same network (Wi-Fi) can open the page: prints the address
    /// and a QR code of it. Anyone who can reach this computer on that
    /// network can then upload pictures to be solved (nothing else: the
    /// page reads no files and keeps no uploads). Without it, only this
    /// computer can open the page.
    #[arg(long)]
    pub lan: bool,

    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8765)]
    pub port: u16,

    /// The calibration file whose themes name the colours (default as for
    /// the main command).
    #[arg(long, value_name = "PATH")]
    pub calibration: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Screenshots of one theme; their colours are merged.
    #[arg(required = true)]
    pub screenshots: Vec<PathBuf>,

    /// The theme's name (a new theme is added, an existing one replaced).
    #[arg(long)]
    pub theme: String,

    /// Names for the colours, comma-separated, in order of first appearance
    /// (tubes in reading order, each from the top).
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,

    /// The calibration file (default as for the main command).
    #[arg(long, value_name = "PATH")]
    pub calibration: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// `CardName TOP RIGHT BOTTOM LEFT`, sides like `HEAD-VIOLET`.
    Cards,
    /// Brendan Owen's boards: `W H`, then `up right down left` numbers.
    Brendan,
    /// Eternity II lists: `bottom left top right` numbers.
    Eternity,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatchArg {
    Halves,
    Same,
}

/// A number of seconds, 0 or more.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().trim_end_matches('s').parse::<f64>() {
        Ok(s) if (0.0..=1e9).contains(&s) => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds (0 or more)")),
    }
}

/// `3x3` → (3, 3).
fn parse_grid(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(r, c)| (r.trim().to_string(), c.trim().to_string()))
        .ok_or("write the grid as ROWSxCOLS, e.g. 3x3")?;
    let r: usize = r.parse().map_err(|_| format!("`{r}` is not a number of rows"))?;
    let c: usize = c.parse().map_err(|_| format!("`{c}` is not a number of columns"))?;
    if !(2..=16).contains(&r) || !(2..=16).contains(&c) {
        return Err("a grid has 2 to 16 rows and columns".into());
    }
    Ok((r, c))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum GameArg {
    #[default]
    Auto,
    Water,
    Squares,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    Optimal,
    Dfs,
}
