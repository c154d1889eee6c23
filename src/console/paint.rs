//! Colour at the terminal: a swatch of the poured colour before each move
//! (the colour as read from the screenshot; a typed level has none), its
//! name after it when a calibrated theme names it, and the
//! closing sentence in green or red. Off unless the output is a terminal
//! (or `--color always`), and off with `NO_COLOR`.

use std::fmt::Write as _;

use crate::cli::ColorArg;
use crate::pipeline::{Outcome, WaterOutcome};
use crate::report::{self, Listing};

/// Whether (and so how) to colour what is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paint {
    colour: bool,
}

const RESET: &str = "\x1b[0m";
const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";

impl Paint {
    /// Colour when asked, or on a terminal unless `NO_COLOR` is set.
    pub fn choose(when: ColorArg, terminal: bool) -> Paint {
        Paint { colour: when.wanted(terminal) }
    }

    /// No colour at all.
    pub fn plain() -> Paint {
        Paint { colour: false }
    }

    pub fn colour(self) -> bool {
        self.colour
    }

    /// The text answer, coloured when this paint colours.
    pub fn answer(self, outcome: &Outcome, listing: Listing) -> String {
        let text = report::text(outcome, listing);
        if !self.colour {
            return text;
        }
        match outcome {
            Outcome::Water(water) => self.water(water),
            Outcome::Squares(s) => {
                let (last, rest) = split_last_line(&text);
                format!("{rest}{}\n", self.status(last, s.result.is_ok()))
            }
        }
    }

    /// A sentence in green (good news) or red.
    pub fn status(self, sentence: &str, good: bool) -> String {
        match self.colour {
            true => format!("{}{sentence}{RESET}", if good { GREEN } else { RED }),
            false => sentence.to_string(),
        }
    }

    /// The move list with a swatch of each pour's colour.
    fn water(self, water: &WaterOutcome) -> String {
        let text = report::water::text(water);
        let (last, _) = split_last_line(&text);
        let mut out = format!("level: {}\n", water.puzzle);
        let colors = water.layout.as_ref().map(|l| l.colors.as_slice()).unwrap_or(&[]);
        let names = water.layout.as_ref().map_or(&[][..], |l| l.color_names.as_slice());
        let mut state = water.puzzle.clone();
        for (i, &pour) in water.plan().unwrap_or(&[]).iter().enumerate() {
            let id = state.top_color(pour.from).map(|id| id.0 as usize);
            let swatch = id.and_then(|id| colors.get(id)).map(|&[r, g, b]| format!("\x1b[48;2;{r};{g};{b}m  {RESET} "));
            let name = report::water::named(id.and_then(|id| names.get(id)).map(String::as_str));
            let (from, to) = (pour.from + 1, pour.to + 1);
            let _ = writeln!(out, "{}. {}tube {from} → tube {to}{name}", i + 1, swatch.unwrap_or_default());
            let _ = state.apply(pour);
        }
        let _ = writeln!(out, "{}", self.status(last, water.plan().is_some()));
        out
    }
}

/// The last line of a text, and all before it.
fn split_last_line(text: &str) -> (&str, &str) {
    let body = text.trim_end_matches('\n');
    match body.rfind('\n') {
        Some(i) => (&body[i + 1..], &body[..=i]),
        None => (body, ""),
    }
}
