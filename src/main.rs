//! The `snapsolve` binary, a shell around the library: parse the arguments,
//! build the options, run the command as one library call, print the
//! answer or the error, and exit with the documented code.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use clap::Parser;

use snapsolve::cli::{Cli, Command};
use snapsolve::error::{Error, ExitStatus};
use snapsolve::options::{CalibrateRequest, Options};
use snapsolve::report::Format;
use snapsolve::{app, calibrate, report};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = run(&cli).unwrap_or_else(|err| {
        say(&format!("snapsolve: {err}"));
        err.exit_status()
    });
    ExitCode::from(status.code())
}

fn run(cli: &Cli) -> Result<ExitStatus, Error> {
    if let Some(Command::Calibrate(args)) = &cli.command {
        let request = CalibrateRequest::from_args(args);
        let theme = app::calibrate(&request)?;
        return print(&calibrate::summary(&theme, &request.file), ExitStatus::Solved);
    }
    let input = cli.input.as_deref().expect("clap requires the input when there is no subcommand");
    let options = Options::from_cli(cli)?;
    let answer = app::run(input, &options, &mut |note| say(&format!("snapsolve: {note}")))?;
    let text = report::render(&answer.outcome, &answer.images, answer.timings, &options.report);
    let status = print(&text, ExitStatus::of(&answer.outcome))?;
    if options.report.format == Format::Text {
        answer.images.iter().for_each(|path| say(&format!("snapsolve: wrote {}", path.display())));
    }
    Ok(status)
}

/// Prints to standard output. A reader that went away (a closed pipe) ends
/// the run quietly with the status it had; any other failure is an error.
fn print(text: &str, status: ExitStatus) -> Result<ExitStatus, Error> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(status),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(status),
        Err(source) => Err(Error::Write { path: "standard output".into(), source }),
    }
}

/// Tells the user something on standard error; a closed standard error is
/// no reason to fail.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
