//! The whole command as one library call, used by `main`, the benches and
//! the tests alike: [`run`] reads the input within limits ([`input`]),
//! decodes it, plans and checks every file it will write before any work
//! ([`output`]), reads and solves the puzzle within its time limit, writes
//! every picture and times the stages; [`solve`] does all but writing (for
//! tests and a server); [`calibrate`] learns a theme into the calibration
//! file. Nothing here prints: what a user should hear on the way comes out
//! as [`Note`]s, and the answer as an [`Answer`] for `report` to print.

pub mod input;
pub mod output;
pub mod sources;

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use image::RgbImage;

use crate::calibrate::learn_theme;
use crate::config::{self, CalibrationFile, Theme};
use crate::error::{Error, InputError};
use crate::options::{CalibrateRequest, Options, OutputOptions};
use crate::pipeline::squares::CardRule;
use crate::pipeline::{self, Game, Outcome, RunOptions, SquaresOutcome, WaterOutcome};
use crate::puzzle::squares::SquaresPuzzle;
use crate::render::{self, water::Headline, water::RenderOptions};
use crate::report::{self, Timings};
use crate::solve::squares::trace::{self, TraceOptions};
use crate::words::plural;
pub use input::{Decoded, Input, decode, decode_image};
use output::{OutputPlan, Role};
pub use sources::{Source, expand};

/// Side of a card in the composed board picture, at least and at most (a
/// card keeps its size in the picture between these).
const MIN_BOARD_CELL: f32 = 64.0;
const MAX_BOARD_CELL: f32 = 600.0;

/// Fewest cards a side of a grid needs for its solution to stand over
/// tubes the water reader found but could not read: four cards meet on
/// only four edges, which a picture's quarters match by chance (fresh
/// 89949: a ball-sort screen the water reader refused, whose quarters
/// were read as a 2x2 grid of cards and solved, exit 0); a grid of three
/// a side meets on twelve. A count, not fitted.
const MIN_SIDE_OVER_TUBES: usize = 3;

/// What a user should hear while a run goes on.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// A picture was written (the `--debug` picture).
    Wrote(PathBuf),
    /// The cards of a picture were found, read under a rule (that of the
    /// reading that stood, or the first tried), and this many readings of
    /// their edges were tried.
    FoundCards { rows: usize, cols: usize, rule: Option<CardRule>, tried: usize },
    /// No reading of the cards solved under any of these rules.
    NoRuleSolved(Vec<CardRule>),
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Wrote(path) => write!(f, "wrote {}", path.display()),
            Note::FoundCards { rows, cols, rule, tried } => {
                write!(f, "found a {rows}x{cols} grid of cards")?;
                if let Some(rule) = rule {
                    write!(f, ", read as {}", rule.describe())?;
                }
                write!(f, "; {}", plural(*tried as u64, "reading", "readings"))?;
                write!(f, " of their edges tried")
            }
            Note::NoRuleSolved(rules) => {
                let names: Vec<&str> = rules.iter().map(|r| r.describe()).collect();
                write!(
                    f,
                    "no reading of the cards solved as any of: {}; if you know the game, say it with --match and --no-turns",
                    names.join("; ")
                )
            }
        }
    }
}

/// The answer of a run: the outcome, the pictures written, and, for a
/// picture, how long each stage took.
#[derive(Debug, Clone)]
pub struct Answer {
    pub outcome: Outcome,
    pub images: Vec<PathBuf>,
    pub timings: Option<Timings>,
    /// With `-o -`: the solution picture (its first page) as PNG bytes,
    /// for the caller to write to standard output.
    pub png: Option<Vec<u8>>,
}

/// An input solved, before any picture is drawn.
#[derive(Debug, Clone)]
pub struct Solved {
    pub outcome: Outcome,
    /// The decoded picture, when the input was one.
    pub picture: Option<RgbImage>,
    pub decode_ms: f64,
    pub read_solve_ms: f64,
}

/// What [`solve`] made of an input: what to tell the user on the way, the
/// `--debug` picture when asked for (drawn whatever the reading's fate) and
/// the result.
#[derive(Debug)]
pub struct Attempt {
    pub notes: Vec<Note>,
    pub debug_picture: Option<RgbImage>,
    pub result: Result<Solved, Error>,
}

/// Whether [`solve`] draws the `--debug` picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DebugPicture {
    Skip,
    Draw,
}

/// The whole command on one input: read, check
/// every output, solve, write the pictures; `note` hears what the user
/// should on the way.
pub fn run(source: &Source, options: &Options, note: &mut dyn FnMut(Note)) -> Result<Answer, Error> {
    let started = Instant::now();
    let input = Input::from_source(source)?;
    let decoded = decode(&input)?;
    let kind = decoded.kind();
    // Every file this run may write is checked before any work.
    let plan = OutputPlan::new(&input, kind, &options.output, options.trace.as_ref().map(|t| t.path.as_path()))?;
    let run_options = options.run.with_deadline(options.run.deadline(kind, started));
    let debug = if options.output.debug { DebugPicture::Draw } else { DebugPicture::Skip };
    let attempt = solve_decoded(&input, decoded, &run_options, debug);
    if let Some(picture) = &attempt.debug_picture {
        plan.write_png(&plan.debug, picture, Role::Debug)?;
        note(Note::Wrote(plan.debug.clone()));
    }
    for n in attempt.notes {
        note(n);
    }
    let solved = attempt.result?;
    let answer = match &solved.picture {
        Some(picture) => {
            let started = Instant::now();
            let (images, png) = match plan.to_stdout() {
                true => (vec![PathBuf::from("-")], first_picture(picture, &solved.outcome).map(|p| plan.png_bytes(&p))),
                false => (write_pictures(picture, &solved.outcome, &plan, &options.output)?, None),
            };
            let render_write_ms = started.elapsed().as_secs_f64() * 1e3;
            let timings = Timings { decode_ms: solved.decode_ms, read_solve_ms: solved.read_solve_ms, render_write_ms };
            let images =
                if png.is_some() { images } else { images.into_iter().filter(|p| p != Path::new("-")).collect() };
            Answer { outcome: solved.outcome, images, timings: Some(timings), png }
        }
        None => Answer { outcome: solved.outcome, images: Vec::new(), timings: None, png: None },
    };
    if let (Some(request), Some(path), Outcome::Squares(squares)) = (&options.trace, &plan.trace, &answer.outcome) {
        write_trace(&plan, path, request.options, &squares.puzzle)?;
    }
    Ok(answer)
}

/// Solves one input, writing nothing: a picture is decoded within limits,
/// its game picked, read and solved; a text is parsed and solved; within
/// the options' time limit, counted from now.
pub fn solve(input: &Input, options: &Options, debug: DebugPicture) -> Attempt {
    let started = Instant::now();
    match decode(input) {
        Ok(decoded) => {
            let deadline = options.run.deadline(decoded.kind(), started);
            solve_decoded(input, decoded, &options.run.with_deadline(deadline), debug)
        }
        Err(e) => Attempt { notes: Vec::new(), debug_picture: None, result: Err(e) },
    }
}

fn solve_decoded(input: &Input, decoded: Decoded, options: &RunOptions, debug: DebugPicture) -> Attempt {
    let (picture, decode_ms) = match decoded {
        Decoded::Text(text) => {
            let result = pipeline::text::run_text(&text, options)
                .map(|outcome| Solved { outcome, picture: None, decode_ms: 0.0, read_solve_ms: 0.0 })
                .map_err(|e| input.error(InputError::Text(e)));
            return Attempt { notes: Vec::new(), debug_picture: None, result };
        }
        Decoded::Picture { picture, decode_ms } => (picture, decode_ms),
    };
    let started = Instant::now();
    let attempt = match options.game {
        Some(Game::Squares) => solve_cards_picture(&picture, options, debug),
        Some(Game::Water) => solve_water_picture(&picture, options, debug),
        None => solve_any_picture(&picture, options, debug),
    };
    let read_solve_ms = started.elapsed().as_secs_f64() * 1e3;
    Attempt {
        notes: attempt.notes,
        debug_picture: attempt.debug_picture,
        result: attempt
            .result
            .map(|outcome| Solved { outcome, picture: Some(picture), decode_ms, read_solve_ms })
            .map_err(|e| input.error(e)),
    }
}

/// [`Attempt`], before the picture is attached to its result.
struct PictureAttempt {
    notes: Vec<Note>,
    debug_picture: Option<RgbImage>,
    /// Whether the reader found what it looks for (tubes, a grid of
    /// cards), whatever became of the reading.
    found: bool,
    result: Result<Outcome, InputError>,
}

/// A picture of either game: a water-sort level if one reads, else cards.
/// Cards stand if they solve (where the water reader found tubes, only a
/// grid of [`MIN_SIDE_OVER_TUBES`] cards a side or more), or if no tubes
/// were found but cards were; when neither reads, the error says what each
/// reader found.
fn solve_any_picture(image: &RgbImage, options: &RunOptions, debug: DebugPicture) -> PictureAttempt {
    let water = solve_water_picture(image, options, debug);
    if water.result.is_ok() {
        return water;
    }
    let cards = solve_cards_picture(image, options, debug);
    let cards_solved = matches!(&cards.result, Ok(Outcome::Squares(s)) if s.result.is_ok()
        && (!water.found || s.grid.as_ref().is_some_and(|g| g.rows.min(g.cols) >= MIN_SIDE_OVER_TUBES)));
    if cards_solved || (cards.found && !water.found) {
        return cards;
    }
    if water.found && !cards.found {
        return water;
    }
    let result = match (water.result, cards.result) {
        (Err(InputError::Screenshot(water)), Err(InputError::CardsPicture(cards))) => {
            Err(InputError::NoPuzzle { water, cards })
        }
        // Both readers found something: the water reader's word.
        (water, _) => water,
    };
    let debug_picture = water.debug_picture.or(cards.debug_picture);
    // The water reader's word, without what the cards reader said on the way.
    PictureAttempt { notes: water.notes, debug_picture, found: water.found || cards.found, result }
}

/// A water-sort screenshot read and solved; the `--debug` picture drawn
/// whatever the reading's fate.
fn solve_water_picture(image: &RgbImage, options: &RunOptions, debug: DebugPicture) -> PictureAttempt {
    let run = pipeline::water::run_image(image, options);
    let debug_picture = match (debug, &run.detection) {
        (DebugPicture::Draw, Some(detection)) => {
            let doubtful = match &run.result {
                Err(crate::vision::water::VisionError::Doubtful(doubt)) => doubt.places(detection),
                _ => Vec::new(),
            };
            Some(render::debug::water(image, &detection.tubes, &detection.samples, &doubtful))
        }
        _ => None,
    };
    // Tubes were found whenever the reader got past looking for them: a
    // reading refused by a doubt about the vessels' rows has no detection
    // yet, and is still a water-sort screen (its tubes are no cards).
    let found = run.detection.is_some() || !matches!(run.result, Err(crate::vision::water::VisionError::NoTubes));
    let result = run.result.map(Outcome::Water).map_err(InputError::Screenshot);
    PictureAttempt { notes: Vec::new(), debug_picture, found, result }
}

/// A picture of cards read and judged by the solver; the `--debug` picture
/// drawn whatever the reading's fate.
fn solve_cards_picture(image: &RgbImage, options: &RunOptions, debug: DebugPicture) -> PictureAttempt {
    let run = pipeline::squares::run_image(image, options);
    let debug_picture = match (debug, &run.read) {
        (DebugPicture::Draw, Some(read)) => {
            Some(render::debug::squares(image, &read.grid, read.labellings.first().map(|l| &l.puzzle)))
        }
        _ => None,
    };
    let mut notes: Vec<Note> = run
        .read
        .iter()
        .map(|read| Note::FoundCards { rows: read.grid.rows, cols: read.grid.cols, rule: run.rule, tried: run.tried })
        .collect();
    let found = run.read.is_some();
    let solved = matches!(&run.result, Ok(outcome) if outcome.result.is_ok());
    if found && !solved && run.rules.len() > 1 {
        notes.push(Note::NoRuleSolved(run.rules.clone()));
    }
    let result = run.result.map(Outcome::Squares).map_err(InputError::CardsPicture);
    PictureAttempt { notes, debug_picture, found, result }
}

/// The pictures of a picture's answer, drawn and written as the plan says.
fn write_pictures(
    image: &RgbImage,
    outcome: &Outcome,
    plan: &OutputPlan,
    output: &OutputOptions,
) -> Result<Vec<PathBuf>, Error> {
    match outcome {
        Outcome::Water(water) => {
            let mut written = write_water_pages(image, water, plan)?;
            written.extend(write_animation(image, water, plan, output)?);
            Ok(written)
        }
        Outcome::Squares(squares) => write_cards(image, squares, plan),
    }
}

/// The first picture the answer would be written as: the first page of a
/// water-sort plan, or the annotated picture of cards; `None` when there
/// is nothing to draw.
fn first_picture(image: &RgbImage, outcome: &Outcome) -> Option<RgbImage> {
    match outcome {
        Outcome::Water(water) => {
            let layout = water.layout.as_ref()?;
            let (moves, headline) = water_plan(water);
            let mut first = None;
            let options = RenderOptions::default();
            // The first page is all that is wanted: stop drawing after it.
            struct Enough;
            let _ = render::water::render_each(image, layout, &water.puzzle, &moves, &headline, &options, |_, page| {
                first = Some(page.clone());
                Err(Enough)
            });
            first
        }
        Outcome::Squares(squares) => {
            let (Some(grid), Ok(solution)) = (&squares.grid, &squares.result) else { return None };
            Some(render::squares::annotated(image, grid, solution.solutions.first()?))
        }
    }
}

/// The moves to draw and the headline above them.
fn water_plan(water: &WaterOutcome) -> (Vec<crate::puzzle::water::Pour>, Headline) {
    match (&water.result, water.plan()) {
        (Ok(solution), _) => (solution.pours.clone(), Headline::Solved { total: solution.pours.len() }),
        (_, Some(pours)) => (pours.to_vec(), Headline::UntilReveal { total: pours.len() }),
        _ => (Vec::new(), Headline::NoSolution { message: report::water::report(water).message }),
    }
}

/// Draws the plan (or the reason there is none) and writes the page(s).
fn write_water_pages(image: &RgbImage, water: &WaterOutcome, plan: &OutputPlan) -> Result<Vec<PathBuf>, Error> {
    let Some(layout) = &water.layout else { return Ok(Vec::new()) };
    let (moves, headline) = water_plan(water);
    let options = RenderOptions::default();
    let n_pages = render::water::overlay_geometry(layout, &moves, &headline, &options).pages.len();
    let pages: Vec<PathBuf> = (1..=n_pages).map(|i| plan.page(i, n_pages)).collect();
    // Each page is written as soon as it is drawn, from one reused buffer.
    render::water::render_each(image, layout, &water.puzzle, &moves, &headline, &options, |p, page| {
        plan.write_png(&pages[p], page, Role::Page)
    })?;
    Ok(pages)
}

/// With `--frames` / `--gif`: the plan move by move, beside the solution;
/// each frame written as soon as it is drawn.
fn write_animation(
    image: &RgbImage,
    water: &WaterOutcome,
    plan: &OutputPlan,
    output: &OutputOptions,
) -> Result<Vec<PathBuf>, Error> {
    let (Some(layout), Some(moves)) = (&water.layout, water.plan()) else { return Ok(Vec::new()) };
    let mut written = Vec::new();
    if output.frames {
        render::water::frames_each(image, layout, &water.puzzle, moves, |i, frame| {
            let path = plan.frame(i + 1, moves.len());
            plan.write_png(&path, frame, Role::Frame)?;
            written.push(path);
            Ok::<(), Error>(())
        })?;
    }
    if output.gif {
        let path = plan.gif();
        plan.write_with(&path, Role::Animation, |out| {
            render::water::write_gif(out, image, layout, &water.puzzle, moves, plan.marker())
                .map_err(std::io::Error::other)
        })?;
        written.push(path);
    }
    Ok(written)
}

/// A solved picture of cards: the original annotated with where each card
/// goes (the base path) and the solved board composed from the card crops.
fn write_cards(image: &RgbImage, squares: &SquaresOutcome, plan: &OutputPlan) -> Result<Vec<PathBuf>, Error> {
    let Some((annotated, composed)) = card_pictures(image, squares) else { return Ok(Vec::new()) };
    let board = plan.board();
    plan.write_png(&plan.base, &annotated, Role::Solution)?;
    plan.write_png(&board, &composed, Role::Board)?;
    Ok(vec![plan.base.clone(), board])
}

/// A solved picture of cards drawn: the picture annotated with where each
/// card goes, and the solved board composed from the card crops.
pub fn card_pictures(image: &RgbImage, squares: &SquaresOutcome) -> Option<(RgbImage, RgbImage)> {
    let (Some(grid), Ok(solution)) = (&squares.grid, &squares.result) else { return None };
    let placements = solution.solutions.first()?;
    let cell = grid.cards.iter().map(|q| q.side_length()).fold(0.0, f32::max).clamp(MIN_BOARD_CELL, MAX_BOARD_CELL);
    Some((
        render::squares::annotated(image, grid, placements),
        render::squares::board(image, grid, placements, cell as u32),
    ))
}

/// The backtracking log, after the marker line.
fn write_trace(plan: &OutputPlan, path: &Path, options: TraceOptions, puzzle: &SquaresPuzzle) -> Result<(), Error> {
    plan.write_with(path, Role::Trace, |out| {
        writeln!(out, "# {}", plan.marker())?;
        let mut result = Ok(());
        trace::trace(puzzle, options, |event| {
            if result.is_ok() {
                result = writeln!(out, "{}", report::squares::trace_line(puzzle, &event));
            }
        });
        result
    })
}

/// `snapsolve calibrate`: learn a theme from screenshots and merge it into
/// the calibration file; the theme learned.
pub fn calibrate(request: &CalibrateRequest) -> Result<Theme, Error> {
    // Load first: a malformed file stops us before any work (it is read
    // again under the lock when the theme is written).
    CalibrationFile::load(&request.file)?.themes()?;
    let mut images = Vec::new();
    for shot in &request.screenshots {
        let input = Input::read(shot)?;
        let image = decode_image(shot, &input.bytes)
            .map_err(|e| input.error(e))?
            .ok_or_else(|| input.error(InputError::BadImage("not a PNG, JPEG or GIF".into())))?;
        images.push(image);
    }
    let theme = learn_theme(&images, &request.learn)?;
    config::update(&request.file, &theme)?;
    Ok(theme)
}
