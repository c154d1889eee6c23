//! Command-line arguments (clap derive; the doc comments are the `--help`),
//! turned once into validated per-stage options by [`Cli::options`].

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::pipeline::{Game, RunOptions};
use crate::solve::water::{Strategy, WaterSolveOptions};

/// Solve a water-sort or Scrambled Squares puzzle from a typed level.
///
/// Exit codes: 0 solved, 1 unsolvable or search budget exhausted, 2 bad input.
#[derive(Debug, Parser)]
#[command(name = "snapsolve", version, about, long_about = None)]
pub struct Cli {
    /// The level: a text file in the compact form (`EEGR GRRG ...`, tubes top
    /// to bottom), or `-` for standard input.
    pub input: PathBuf,

    /// Which puzzle the input holds; `auto` looks at the text.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// Water sort: `optimal` finds the fewest pours, `dfs` a quick solution.
    #[arg(long, value_enum, default_value_t = StrategyArg::Optimal)]
    pub strategy: StrategyArg,

    /// Water sort: most states the search may store before giving up.
    #[arg(long, default_value_t = WaterSolveOptions::default().max_states)]
    pub max_states: usize,

    /// Print a machine-readable JSON report instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    Auto,
    Water,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    Optimal,
    Dfs,
}

/// How the result is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Text,
    Json,
}

impl Cli {
    /// The options of each stage, built once from the arguments.
    pub fn options(&self) -> (RunOptions, OutputFormat) {
        let strategy = match self.strategy {
            StrategyArg::Optimal => Strategy::Optimal,
            StrategyArg::Dfs => Strategy::Dfs,
        };
        let game = match self.game {
            GameArg::Auto => None,
            GameArg::Water => Some(Game::Water),
        };
        let run = RunOptions { game, water: WaterSolveOptions { strategy, max_states: self.max_states } };
        let format = if self.json { OutputFormat::Json } else { OutputFormat::Text };
        (run, format)
    }
}
