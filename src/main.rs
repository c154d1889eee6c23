//! The `snapsolve` binary: parse the arguments and run the command as one
//! library call (`console::run`), which prints the answer or the error;
//! exit with the status it returns.

use std::process::ExitCode;

use clap::Parser;

use snapsolve::cli::Cli;
use snapsolve::console;

fn main() -> ExitCode {
    let cli = Cli::parse();
    ExitCode::from(console::run(&cli).code())
}
