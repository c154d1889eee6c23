//! The error of a whole run, the input's path attached in one place, and
//! the one rule for exit codes: 0 solved, 1 no solution (unsolvable, or a
//! budget ran out), 2 bad input of any kind.

use std::fmt;
use std::path::PathBuf;

use thiserror::Error;

use crate::app::output::Role;
use crate::calibrate::CalibrateError;
use crate::config::ConfigError;
use crate::pipeline::Outcome;
use crate::pipeline::text::TextError;
use crate::vision::squares::CardsError;
use crate::vision::water::VisionError;

/// How a run ends, as the process's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitStatus {
    /// A solution (or a plan up to the first reveal) was found.
    Solved,
    /// The puzzle is unsolvable, or the search budget ran out.
    NoSolution,
    /// Bad input of any kind: unreadable, not a puzzle, malformed, or an
    /// output that cannot be written.
    BadInput,
}

impl ExitStatus {
    /// The exit status an outcome ends the process with.
    pub fn of(outcome: &Outcome) -> ExitStatus {
        match outcome {
            Outcome::Water(w) if w.plan().is_some() => ExitStatus::Solved,
            Outcome::Squares(s) if s.result.is_ok() => ExitStatus::Solved,
            Outcome::Water(_) | Outcome::Squares(_) => ExitStatus::NoSolution,
        }
    }

    /// The process exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Solved => 0,
            ExitStatus::NoSolution => 1,
            ExitStatus::BadInput => 2,
        }
    }
}

/// What was wrong with one input; [`Error::Input`] names the input.
#[derive(Debug, Error)]
pub enum InputError {
    #[error("cannot read it: {0}")]
    Read(std::io::Error),
    #[error("it is larger than {limit_mib} MiB")]
    TooLarge { limit_mib: u64 },
    #[error("it is not text, nor a picture snapsolve reads")]
    NotTextOrImage,
    #[error("standard input (`-`) is named twice")]
    StdinTwice,
    #[error("the folder holds no pictures or level files")]
    EmptyFolder,
    #[error("no file matches it")]
    NoMatch,
    #[error("it is a {0} picture")]
    UnsupportedImage(String),
    #[error("it is not a readable image: {0}")]
    BadImage(String),
    #[error("{0}")]
    Text(TextError),
    #[error("{0}")]
    Screenshot(VisionError),
    #[error("{0}")]
    CardsPicture(CardsError),
    /// A picture in which neither a water-sort level nor cards were read.
    #[error("found neither a water-sort level ({water}) nor cards ({cards})")]
    NoPuzzle { water: VisionError, cards: CardsError },
}

/// The error of a run.
#[derive(Debug, Error)]
pub enum Error {
    /// Something about the input at `path` (`-` for standard input).
    #[error("{}", InputMessage { path, source })]
    Input { path: PathBuf, source: InputError },
    #[error("cannot write `{path}`: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    /// An output the plan refuses before any work.
    #[error("{}", OutputMessage { path, reason })]
    Output { path: PathBuf, reason: OutputError },
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    Calibrate(#[from] CalibrateError),
    /// Arguments that do not go together.
    #[error("{0}")]
    Usage(String),
    /// `snapsolve serve` could not listen (the port is taken, say).
    #[error("cannot serve on {address}: {source}")]
    Serve { address: std::net::SocketAddr, source: std::io::Error },
}

/// How an input error reads with its path: the path where it helps.
struct InputMessage<'a> {
    path: &'a PathBuf,
    source: &'a InputError,
}

impl fmt::Display for InputMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match self.source {
            InputError::Read(e) if e.kind() == std::io::ErrorKind::NotFound => write!(
                f,
                "cannot read `{path}`: there is no such file (a level typed on the command line goes in quotes, tubes apart: `snapsolve \"GRGR RGRG EEEE EEEE\"`)"
            ),
            InputError::Read(e) => write!(f, "cannot read `{path}`: {e}"),
            InputError::TooLarge { limit_mib } => {
                write!(
                    f,
                    "`{path}` is larger than {limit_mib} MiB, more than any screenshot or photo; is it the right file?"
                )
            }
            InputError::NotTextOrImage => write!(
                f,
                "`{path}` is not text, nor a picture snapsolve reads (PNG, JPEG or GIF); give a screenshot, or a level or card list as text"
            ),
            InputError::UnsupportedImage(format) => {
                write!(f, "`{path}` is a {format} picture; snapsolve reads PNG, JPEG and GIF (save it as PNG)")
            }
            InputError::BadImage(reason) => write!(f, "`{path}` is not a readable image: {reason}"),
            InputError::StdinTwice => write!(f, "standard input (`-`) can be read only once"),
            InputError::EmptyFolder => {
                write!(f, "the folder `{path}` holds no pictures (PNG, JPEG, GIF) or level files (.txt)")
            }
            InputError::NoMatch => write!(f, "no file matches `{path}`"),
            InputError::Text(e) => write!(f, "{e}"),
            InputError::Screenshot(e) => write!(f, "`{path}`: {e}"),
            InputError::CardsPicture(e) => write!(f, "`{path}`: {e}"),
            InputError::NoPuzzle { water, cards } => write!(
                f,
                "`{path}`: found neither a water-sort level nor a grid of cards.\n  water sort: {water}\n  cards: {cards}\nTry `--debug` to see what was read, a straighter or closer picture, or type the level (e.g. `snapsolve \"GRGR RGRG EEEE EEEE\"`) or the card list into a text file"
            ),
        }
    }
}

/// Why an output is refused before any work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputError {
    /// It is the input (by identity, or a numbered page or frame's name).
    IsInput(Role),
    /// It exists and snapsolve did not write it from this input.
    NotOurs(Role),
    /// The solution picture must be a PNG.
    NotPng,
    /// `-o -` writes one picture; this flag would write more.
    StdoutIsOneFile(&'static str),
}

struct OutputMessage<'a> {
    path: &'a PathBuf,
    reason: &'a OutputError,
}

impl fmt::Display for OutputMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match self.reason {
            OutputError::IsInput(role) => write!(
                f,
                "cannot write `{path}`: that is the input, and the {} would replace it; snapsolve never overwrites the input (choose another name with -o)",
                role.name()
            ),
            OutputError::NotOurs(role) => write!(
                f,
                "`{path}` exists and snapsolve did not write it from this input, so the {} will not replace it; choose another name with -o, or pass --force",
                role.name()
            ),
            OutputError::NotPng => {
                write!(f, "cannot write `{path}`: the solution picture is a PNG; give -o a name ending in .png")
            }
            OutputError::StdoutIsOneFile(flag) => write!(
                f,
                "`-o -` writes one picture to standard output, and {flag} would write more; give -o a file name instead"
            ),
        }
    }
}

impl Error {
    /// Every error of a run is about its input (or where its output goes).
    pub fn exit_status(&self) -> ExitStatus {
        ExitStatus::BadInput
    }
}
