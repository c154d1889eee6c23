//! The command at the terminal: the one call `main` makes ([`run`]), and
//! the only part of the library that writes to the terminal. It dispatches
//! the subcommands, solves one input as the answer and its notes, or many
//! on all cores ([`batch`]) with a progress bar and a line per input, and
//! prints errors as sentences (or JSON objects with `--json`). Colour
//! ([`paint`]) only on a terminal, never with `NO_COLOR`.

pub mod batch;
pub mod paint;

use std::io::{ErrorKind, IsTerminal, Write};

use clap::CommandFactory;

use crate::app::{self, Answer, Source};
use crate::calibrate;
use crate::cli::{Cli, ColorArg, Command};
use crate::error::{Error, ExitStatus};
use crate::options::{CalibrateRequest, Options};
use crate::report::{self, Format};
use paint::Paint;

/// How chatty the terminal side is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voice {
    /// Notes, "wrote" lines and (with several inputs) a progress bar.
    Normal,
    /// The answer and errors only (`--quiet`).
    Quiet,
}

/// The whole command line, run: what `main` calls. Returns the exit status.
pub fn run(cli: &Cli) -> ExitStatus {
    let voice = if cli.quiet { Voice::Quiet } else { Voice::Normal };
    let json = cli.json && cli.command.is_none();
    let result = match &cli.command {
        Some(Command::Calibrate(args)) => {
            let request = CalibrateRequest::from_args(args);
            app::calibrate(&request).and_then(|theme| print(&calibrate::summary(&theme, &request.file)))
        }
        Some(Command::Completions { shell }) => {
            let mut out = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "snapsolve", &mut out);
            print_bytes(&out)
        }
        Some(Command::Man) => {
            let mut out = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut out).expect("rendering into memory does not fail");
            print_bytes(&out)
        }
        None => return solve(cli, voice),
    };
    match result {
        Ok(()) => ExitStatus::Solved,
        Err(err) => fail(&err, json),
    }
}

/// Solves what the command line names.
fn solve(cli: &Cli, voice: Voice) -> ExitStatus {
    let json = cli.json;
    let paint = Paint::choose(cli.color, std::io::stdout().is_terminal());
    let prepared = Options::from_cli(cli).and_then(|options| Ok((options, app::expand(&cli.inputs)?)));
    let (options, sources) = match prepared {
        Ok(ready) => ready,
        Err(err) => return fail(&err, json),
    };
    if sources.len() == 1 {
        return solve_one(&sources[0], &options, voice, paint);
    }
    batch::solve_many(&sources, &options, voice, paint)
}

/// One input, as the answer, its notes and the pictures written.
fn solve_one(source: &Source, options: &Options, voice: Voice, paint: Paint) -> ExitStatus {
    let json = options.report.format == Format::Json;
    let mut note = |n: app::Note| {
        if voice == Voice::Normal {
            say(&format!("snapsolve: {n}"));
        }
    };
    let answer = match app::run(source, options, &mut note) {
        Ok(answer) => answer,
        Err(err) => return fail(&err, json),
    };
    let status = ExitStatus::of(&answer.outcome);
    let printed = match &answer.png {
        // The picture is standard output; the answer goes to standard error.
        Some(png) => print_bytes(png).map(|()| say(report::text(&answer.outcome, options.report.listing).trim_end())),
        None => print(&answer_text(&answer, options, paint)),
    };
    if let Err(err) = printed {
        return fail(&err, json);
    }
    if voice == Voice::Normal
        && !json
        && answer.png.is_none()
        && let Some(line) = wrote(&answer.images)
    {
        say(&format!("snapsolve: {line}"));
    }
    status
}

/// What was written, in one line: every name when there are three or
/// fewer, else the count, the first and the last.
fn wrote(images: &[std::path::PathBuf]) -> Option<String> {
    let names: Vec<String> = images.iter().map(|p| p.display().to_string()).collect();
    match names.as_slice() {
        [] => None,
        [_] | [_, _] | [_, _, _] => Some(format!("wrote {}", names.join(", "))),
        [first, .., last] => Some(format!("wrote {} pictures: {first} … {last}", names.len())),
    }
}

/// The answer as the options say, coloured where the paint allows.
fn answer_text(answer: &Answer, options: &Options, paint: Paint) -> String {
    match options.report.format {
        Format::Json => report::render(&answer.outcome, &answer.images, answer.timings, &options.report),
        Format::Text => paint.answer(&answer.outcome, options.report.listing),
    }
}

/// Says what went wrong: a sentence on standard error, and with `--json`
/// an error object on standard output too.
fn fail(err: &Error, json: bool) -> ExitStatus {
    if json {
        let _ = print(&format!("{}\n", report::error_json(&err.to_string())));
    }
    say(&format!("snapsolve: {err}"));
    err.exit_status()
}

/// Prints to standard output. A reader that went away (a closed pipe) is
/// no failure; any other is an error.
fn print(text: &str) -> Result<(), Error> {
    print_bytes(text.as_bytes())
}

fn print_bytes(bytes: &[u8]) -> Result<(), Error> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(source) => Err(Error::Write { path: "standard output".into(), source }),
    }
}

/// Tells the user something on standard error; a closed standard error is
/// no reason to fail.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

impl ColorArg {
    /// Whether to colour output going to a terminal (`terminal`) or not.
    pub fn wanted(self, terminal: bool) -> bool {
        match self {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }
}
