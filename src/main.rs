//! The `snapsolve` binary, a shell around the library: parse the arguments,
//! build the options, run the command as one library call, print the
//! answer or the error, and exit with the documented code.

use std::process::ExitCode;

use clap::Parser;

use snapsolve::cli::{Cli, Command};
use snapsolve::error::{Error, ExitStatus};
use snapsolve::options::{CalibrateRequest, Format, Options};
use snapsolve::{app, calibrate, report};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = run(&cli).unwrap_or_else(|err| {
        eprintln!("snapsolve: {err}");
        err.exit_status()
    });
    ExitCode::from(status.code())
}

fn run(cli: &Cli) -> Result<ExitStatus, Error> {
    if let Some(Command::Calibrate(args)) = &cli.command {
        let request = CalibrateRequest::from_args(args);
        let theme = app::calibrate(&request)?;
        print!("{}", calibrate::summary(&theme, &request.file));
        return Ok(ExitStatus::Solved);
    }
    let input = cli.input.as_deref().expect("clap requires the input when there is no subcommand");
    let options = Options::from_cli(cli)?;
    let answer = app::run(input, &options, &mut |note| eprintln!("snapsolve: {note}"))?;
    match options.report.format {
        Format::Text => {
            print!("{}", report::text(&answer.outcome, options.report.listing));
            for path in &answer.images {
                eprintln!("snapsolve: wrote {}", path.display());
            }
        }
        Format::Json => {
            let images: Vec<String> = answer.images.iter().map(|p| p.display().to_string()).collect();
            println!("{}", report::json(&answer.outcome, options.report.listing, &images, answer.timings));
        }
    }
    Ok(ExitStatus::of(&answer.outcome))
}
