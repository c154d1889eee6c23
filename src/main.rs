//! The `snapsolve` binary: parse arguments, run the library, print the
//! result or the error, and exit with the documented code.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use snapsolve::cli::{Cli, OutputFormat};
use snapsolve::error::Error;
use snapsolve::{pipeline, report};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (options, format) = cli.options();
    let result = read_input(&cli.input).and_then(|text| pipeline::run_text(&text, &options));
    match result {
        Ok(outcome) => {
            match format {
                OutputFormat::Text => print!("{}", report::render_text(&outcome)),
                OutputFormat::Json => println!("{}", report::render_json(&outcome)),
            }
            exit(report::exit_code(&outcome))
        }
        Err(err) => {
            eprintln!("snapsolve: {err}");
            exit(err.exit_code())
        }
    }
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
