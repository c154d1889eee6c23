//! Many inputs: every one solved on all cores (rayon), a progress bar on a
//! terminal (indicatif; none with `--quiet` or off a terminal), then, in
//! the order given, a line per input and the totals; with `--json`, one
//! JSON object per line (JSON Lines) with the input's name. The exit status
//! is the worst of them.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::paint::Paint;
use super::{Voice, fail, print, say};
use crate::app::{self, Answer, Note, Source};
use crate::error::{Error, ExitStatus};
use crate::options::Options;
use crate::report::{self, Format};
use crate::words::plural;

/// What one input came to.
struct Done {
    notes: Vec<Note>,
    result: Result<Answer, Error>,
}

/// Solves every input and reports each; the worst exit status.
pub fn solve_many(sources: &[Source], options: &Options, voice: Voice, paint: Paint) -> ExitStatus {
    let json = options.report.format == Format::Json;
    if let Some(refusal) = refuse(options) {
        return fail(&refusal, json);
    }
    let bar = progress_bar(sources.len() as u64, voice);
    let done: Vec<Done> = sources
        .par_iter()
        .map(|source| {
            let mut notes = Vec::new();
            let result = app::run(source, options, &mut |n| notes.push(n));
            bar.inc(1);
            bar.set_message(source.label());
            Done { notes, result }
        })
        .collect();
    bar.finish_and_clear();
    let mut worst = ExitStatus::Solved;
    let mut counts = [0usize; 3];
    for (source, done) in sources.iter().zip(&done) {
        let status = match &done.result {
            Ok(answer) => ExitStatus::of(&answer.outcome),
            Err(err) => err.exit_status(),
        };
        counts[status.code() as usize] += 1;
        worst = worst.max(status);
        let line = if json { json_line(source, done, options) } else { text_line(source, done, paint) };
        if print(&format!("{line}\n")).is_err() {
            break;
        }
        if voice == Voice::Normal && !json {
            for note in &done.notes {
                say(&format!("snapsolve: {}: {note}", source.label()));
            }
        }
    }
    if voice == Voice::Normal {
        let totals = format!(
            "{}: {} solved, {} with no solution, {} bad",
            plural(sources.len() as u64, "input", "inputs"),
            counts[0],
            counts[1],
            counts[2]
        );
        if json {
            say(&format!("snapsolve: {totals}"))
        } else {
            let _ = print(&format!("{totals}\n"));
        }
    }
    worst
}

/// Options that name one file cannot serve several inputs.
fn refuse(options: &Options) -> Option<Error> {
    let one_file = [(options.output.path.is_some(), "-o"), (options.trace.is_some(), "--trace")];
    one_file.iter().find(|(given, _)| *given).map(|(_, flag)| {
        Error::Usage(format!(
            "{flag} names one file, so it takes one input; with several inputs each one's pictures go beside it"
        ))
    })
}

/// A progress bar on standard error when it is a terminal and not quiet.
fn progress_bar(len: u64, voice: Voice) -> ProgressBar {
    if voice == Voice::Quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {wide_msg}") {
        bar.set_style(style);
    }
    bar
}

/// `input: answer → first picture` (or the error).
fn text_line(source: &Source, done: &Done, paint: Paint) -> String {
    match &done.result {
        Ok(answer) => {
            let solved = ExitStatus::of(&answer.outcome) == ExitStatus::Solved;
            let mut line = format!("{}: {}", source.label(), paint.status(&report::summary(&answer.outcome), solved));
            if let Some(first) = answer.images.first() {
                line += &format!(" → {}", first.display());
                if answer.images.len() > 1 {
                    line += &format!(" (+{} more)", answer.images.len() - 1);
                }
            }
            line
        }
        Err(err) => format!("{}: {}", source.label(), paint.status(&err.to_string(), false)),
    }
}

/// The input's JSON report (or error object) on one line, with its name.
fn json_line(source: &Source, done: &Done, options: &Options) -> String {
    let mut value = match &done.result {
        Ok(answer) => {
            let images: Vec<String> = answer.images.iter().map(|p| p.display().to_string()).collect();
            report::json_value(&answer.outcome, options.report.listing, &images, answer.timings)
        }
        Err(err) => report::error_json(&err.to_string()),
    };
    if let Some(object) = value.as_object_mut() {
        object.insert("input".into(), source.label().into());
    }
    value.to_string()
}
