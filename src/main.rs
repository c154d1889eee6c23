//! The `snapsolve` binary: parse arguments, run the library, print the
//! result or the error, and exit with the documented code.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use snapsolve::cli::{Cli, OutputFormat};
use snapsolve::error::Error;
use snapsolve::pipeline::Outcome;
use snapsolve::puzzle::squares::SquaresPuzzle;
use snapsolve::solve::squares::trace;
use snapsolve::{pipeline, report};

/// Most trace lines written, so a hard board cannot fill the disk.
const MAX_TRACE_STEPS: u64 = 1_000_000;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => exit(code),
        Err(err) => {
            eprintln!("snapsolve: {err}");
            exit(err.exit_code())
        }
    }
}

fn run(cli: &Cli) -> Result<i32, Error> {
    let (options, format) = cli.options();
    // Output files are opened before any work, so a bad path costs nothing.
    let trace_file = cli.trace.as_deref().map(create).transpose()?;
    let text = read_input(&cli.input)?;
    let outcome = pipeline::run_text(&text, &options)?;
    if let (Some(file), Some(path), Outcome::Squares(squares)) = (trace_file, &cli.trace, &outcome) {
        write_trace(file, path, &squares.puzzle)?;
    }
    match format {
        OutputFormat::Text => print!("{}", report::render_text(&outcome, cli.all)),
        OutputFormat::Json => println!("{}", report::render_json(&outcome, cli.all)),
    }
    Ok(report::exit_code(&outcome))
}

fn create(path: &Path) -> Result<File, Error> {
    File::create(path).map_err(|source| Error::Write { path: path.to_path_buf(), source })
}

fn write_trace(file: File, path: &Path, puzzle: &SquaresPuzzle) -> Result<(), Error> {
    let mut out = BufWriter::new(file);
    let mut result = Ok(());
    trace::trace(puzzle, MAX_TRACE_STEPS, |event| {
        if result.is_ok() {
            result = writeln!(out, "{}", report::trace_line(puzzle, &event));
        }
    });
    result.and_then(|()| out.flush()).map_err(|source| Error::Write { path: path.to_path_buf(), source })
}

fn read_input(path: &Path) -> Result<String, Error> {
    let read_err = |source| Error::Read { path: path.to_path_buf(), source };
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().read_to_end(&mut bytes).map_err(read_err)?;
    } else {
        bytes = std::fs::read(path).map_err(read_err)?;
    }
    String::from_utf8(bytes).map_err(|e| Error::NotText { path: path.to_path_buf(), reason: e.to_string() })
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(code as u8)
}
