//! The properties the fuzzers check, one function per target: each takes
//! arbitrary bytes, runs a reader (and what follows it) within small
//! budgets, and panics only when a property fails. `fuzz/` runs them under
//! `cargo fuzz` (nightly); `tests/fuzzing.rs` runs them on stable, on
//! mutations of real screenshots and random texts, bounded for CI.

use std::path::Path;
use std::time::Duration;

use palette::Lab;

use crate::app::decode_image;
use crate::config::{CalibrationFile, Theme, ThemeColor};
use crate::pipeline::{self, RunOptions};
use crate::puzzle::squares::{SquaresPuzzle, check_placements};
use crate::puzzle::water::WaterPuzzle;
use crate::render;
use crate::solve::Deadline;
use crate::solve::squares::{self, SquaresSolveOptions};
use crate::solve::water::{WaterSolveOptions, reveal};

/// Time a target may spend on one input: a fuzzer wants many inputs a second.
const TIME: Duration = Duration::from_millis(500);

/// Options bounded for fuzzing: few states and placements, little time.
fn run_options() -> RunOptions {
    let mut options = RunOptions::default().with_deadline(Some(Deadline::after(TIME)));
    options.water.max_states = 20_000;
    options.squares.max_nodes = 200_000;
    options.picture_nodes = Some(200_000);
    options
}

/// Bytes as a water-sort screenshot: decoded (as if named `.png`, so any
/// bytes are tried as a picture), read, solved, and a page drawn.
pub fn read_water_picture(bytes: &[u8]) {
    let Ok(Some(image)) = decode_image(Path::new("fuzz.png"), bytes) else { return };
    let options = run_options();
    let run = pipeline::water::run_image(&image, &options);
    let Ok(outcome) = run.result else { return };
    let layout = outcome.layout.as_ref().expect("a screenshot's level has a layout");
    assert_eq!(layout.tubes.len(), outcome.puzzle.tubes().len(), "one tube layout per tube");
    let moves = outcome.plan().unwrap_or(&[]);
    let headline = render::water::Headline::Solved { total: moves.len() };
    let pages = render::water::render(&image, layout, &outcome.puzzle, moves, &headline, &Default::default());
    let (w, h) = image.dimensions();
    assert!(pages.iter().all(|p| p.width() == w && p.height() >= h), "pages keep the width and grow bands only");
    assert!(pages.windows(2).all(|p| p[0].dimensions() == p[1].dimensions()), "every page has one size");
}

/// Bytes as a picture of cards: decoded, the cards found, the readings
/// judged; a board found must solve the reading it came from.
pub fn read_squares_picture(bytes: &[u8]) {
    let Ok(Some(image)) = decode_image(Path::new("fuzz.png"), bytes) else { return };
    let run = pipeline::squares::run_image(&image, &run_options());
    if let Ok(outcome) = run.result
        && let Ok(solution) = &outcome.result
    {
        let board = solution.solutions.first().expect("a solved board has a solution");
        check_placements(&outcome.puzzle, board).expect("the board solves the reading");
    }
}

/// Text as a water-sort level: what parses prints back to the same level,
/// and a solution found replays to a solved level.
pub fn parse_water_level(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let Ok(puzzle) = text.parse::<WaterPuzzle>() else { return };
    let again: WaterPuzzle = puzzle.to_string().parse().expect("a level prints back to text that parses");
    assert_eq!(again, puzzle, "a level prints back to itself");
    let options = WaterSolveOptions { max_states: 20_000, deadline: Some(Deadline::after(TIME)), ..Default::default() };
    if puzzle.has_unknowns() {
        let _ = reveal::plan_until_reveal(&puzzle, &options);
    } else if let Ok(solution) = crate::solve::water::solve(&puzzle, &options) {
        let mut state = puzzle.clone();
        for &pour in &solution.pours {
            state.apply(pour).expect("every pour of a solution is legal");
        }
        assert!(state.is_solved(), "a solution solves the level");
    }
}

/// Text as a card list in each format: what parses in the cards format
/// prints back to itself, and a solution found matches every edge.
pub fn parse_card_list(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let options = SquaresSolveOptions {
        max_nodes: 200_000,
        first_only: true,
        deadline: Some(Deadline::after(TIME)),
        ..Default::default()
    };
    let parsed =
        [text.parse::<SquaresPuzzle>(), SquaresPuzzle::from_brendan(&text), SquaresPuzzle::from_eternity(&text)];
    for (format, puzzle) in parsed.into_iter().enumerate() {
        let Ok(puzzle) = puzzle else { continue };
        if format == 0 {
            let again: SquaresPuzzle = puzzle.to_string().parse().expect("a card list prints back to text that parses");
            assert_eq!(again, puzzle, "a card list prints back to itself");
        }
        if let Ok(solution) = squares::solve(&puzzle, &options) {
            check_placements(&puzzle, &solution.solutions[0]).expect("a solution matches every edge");
        }
    }
}

/// Text as a calibration file: what parses gives its themes or a sentence;
/// a theme set into a file whose themes read is read back as it was set.
pub fn read_calibration(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let path = Path::new("calibration.toml");
    let Ok(mut file) = CalibrationFile::parse(path, &text) else { return };
    let readable = file.themes().is_ok();
    let theme = Theme {
        name: "fuzz".into(),
        capacity: 4,
        background: None,
        colors: vec![ThemeColor {
            name: "red".into(),
            hex: "#dd2222".into(),
            lab: Lab::new(48.0, 68.0, 48.0),
            tolerance: 4.0,
        }],
    };
    if file.set_theme(&theme).is_ok() {
        let again = CalibrationFile::parse(path, &file.text()).expect("a file with a theme set parses");
        // Other themes may be broken (the file is then refused as a whole);
        // in a file whose themes were fine, the theme set reads back.
        if readable {
            assert_eq!(again.theme("fuzz").expect("the theme set is there"), theme);
        }
    }
}
