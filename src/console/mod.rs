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
use crate::cli::{Cli, ColorArg, Command, ServeArgs};
use crate::error::{Error, ExitStatus};
use crate::options::{CalibrateRequest, Options, themes};
use crate::pipeline::RunOptions;
use crate::report::{self, Format};
use crate::serve::{self, Limits, ServeOptions};
use crate::solve::{Progress, Watch};
use crate::vision::water::ReadOptions;
use crate::words::approx;
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
        Some(Command::Serve(args)) => serve(args),
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

/// `snapsolve serve`: binds, says where to open the page (with `--lan`,
/// the phone's address and a QR code of it), and serves until Ctrl-C.
fn serve(args: &ServeArgs) -> Result<(), Error> {
    let run = RunOptions {
        vision: ReadOptions { theme: themes(args.calibration.as_deref(), None)?, ..Default::default() },
        ..Default::default()
    };
    let options = Options { run, ..Default::default() };
    let server = serve::bind(ServeOptions { lan: args.lan, port: args.port, options, limits: Limits::default() })?;
    let urls = server.urls();
    print(&format!("snapsolve: serving the page at {}\n", urls[0]))?;
    match (args.lan, urls.get(1)) {
        (true, Some(phone)) => {
            let mut text = format!("On a phone on this network (same Wi-Fi), open {phone}\nor scan this code:\n");
            if let Ok(code) = qrcode::QrCode::new(phone.as_bytes()) {
                use qrcode::render::unicode::Dense1x2;
                // Light modules drawn, dark left blank: right on a dark terminal.
                text += &code.render::<Dense1x2>().dark_color(Dense1x2::Light).light_color(Dense1x2::Dark).build();
                text += "\n";
            }
            print(&text)?;
        }
        (true, None) => say("snapsolve: no local network address was found; open the page on this computer"),
        (false, _) => say(
            "snapsolve: only this computer can open it; `snapsolve serve --lan` lets a phone on the same network in",
        ),
    }
    say("snapsolve: Ctrl-C stops the server");
    server.run()
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
    let mut options = options.clone();
    options.run.watch = Some(&WATCH);
    stop_on_ctrl_c();
    let name = match source {
        Source::File(path) => path.file_name().map_or_else(|| source.label(), |n| n.to_string_lossy().into_owned()),
        Source::Stdin => "standard input".into(),
        Source::Typed(_) => "the typed level".into(),
    };
    let spinner = Spinner::start(name, voice);
    let result = app::run(source, &options, &mut |n| notes.push(n));
    spinner.stop();
    let options = &options;
    if voice == Voice::Normal {
        notes.iter().for_each(|n| say(&format!("snapsolve: {n}")));
    }
    let answer = match result {
        Ok(answer) => answer,
        Err(err) => return fail(&err, json),
    };
    // Stopped by Ctrl-C: what was found is shown, but the run did not
    // finish (counts are lower bounds), so it is not a plain success.
    let status = match WATCH.is_cancelled() {
        true => {
            if voice == Voice::Normal {
                say("snapsolve: stopped by Ctrl-C; the answer is what was found until then");
            }
            ExitStatus::of(&answer.outcome).max(ExitStatus::NoSolution)
        }
        false => ExitStatus::of(&answer.outcome),
    };
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

/// The one run of this process: its searches report here, and Ctrl-C
/// cancels it (they stop and the answer is what they found so far).
static WATCH: Watch = Watch::new();

/// Makes the first Ctrl-C stop the searches of the run (the answer is then
/// what they found, exit 1), and a second one end the program at once, as
/// a user pressing it again expects. Without a handler (it could not be
/// set) Ctrl-C ends the program as usual.
fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        if WATCH.is_cancelled() {
            std::process::exit(130);
        }
        WATCH.cancel();
    });
}

/// A spinner on standard error for one run that takes longer than
/// [`SPINNER_AFTER`] (a card list with billions of solutions counts for
/// minutes), with what the searches have done so far and the elapsed time:
/// only on a terminal, never with `--quiet`.
struct Spinner {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    fn start(label: String, voice: Voice) -> Spinner {
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if voice == Voice::Quiet || !std::io::stderr().is_terminal() {
            return Spinner { done, thread: None };
        }
        let flag = done.clone();
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
            if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg}, {elapsed}") {
                bar.set_style(style);
            }
            while !flag.load(Ordering::Relaxed) {
                bar.set_message(progress_line(&label, WATCH.progress(), WATCH.is_cancelled()));
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

/// The spinner's words: what is being solved and what the searches have
/// done so far ("solving ants.txt: 1.20 billion placements, 3 solutions
/// (Ctrl-C stops)").
fn progress_line(label: &str, progress: Progress, stopping: bool) -> String {
    let mut line = format!("solving {label}");
    if progress.nodes > 0 {
        let solutions = match progress.solutions {
            1 => "1 solution".to_string(),
            n => format!("{} solutions", approx(n)),
        };
        line += &format!(": {} placements, {solutions}", approx(progress.nodes));
    } else if progress.states > 0 {
        line += &format!(": {} states", approx(progress.states));
    }
    line += if stopping { " (stopping…)" } else { " (Ctrl-C stops and shows what was found)" };
    line
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
