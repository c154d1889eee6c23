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
    let mut notes = Vec::new();
    let spinner = Spinner::start(&source.label(), voice);
    let result = app::run(source, options, &mut |n| notes.push(n));
    spinner.stop();
    if voice == Voice::Normal {
        notes.iter().for_each(|n| say(&format!("snapsolve: {n}")));
    }
    let answer = match result {
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

/// How long a run goes before a spinner says it is still working.
const SPINNER_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// A spinner with the elapsed time on standard error, for one run that
/// takes longer than [`SPINNER_AFTER`] (a card list with billions of
/// solutions counts for minutes): only on a terminal, never with `--quiet`.
struct Spinner {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    fn start(label: &str, voice: Voice) -> Spinner {
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if voice == Voice::Quiet || !std::io::stderr().is_terminal() {
            return Spinner { done, thread: None };
        }
        // The file's name only, so the line fits a terminal.
        let name = std::path::Path::new(label).file_name().map(|n| n.to_string_lossy().into_owned());
        let (flag, label) = (done.clone(), name.unwrap_or_else(|| label.to_string()));
        let thread = std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let step = std::time::Duration::from_millis(50);
            while started.elapsed() < SPINNER_AFTER {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(step);
            }
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed} (Ctrl-C stops)") {
                bar.set_style(style);
            }
            bar.set_message(format!("solving {label}"));
            while !flag.load(Ordering::Relaxed) {
                bar.tick();
                std::thread::sleep(step * 2);
            }
            bar.finish_and_clear();
        });
        Spinner { done, thread: Some(thread) }
    }

    fn stop(self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread {
            let _ = thread.join();
        }
    }
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
