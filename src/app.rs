//! The whole command as one library call, used by `main`, the benches and
//! the tests alike: [`run`] reads the input (a file or standard input),
//! decodes a picture within limits, picks the game, reads and solves it,
//! writes every picture (their paths built in one place, [`OutputPaths`])
//! and times the stages; [`calibrate`] learns a theme into the calibration
//! file. Nothing here prints: what a user should hear on the way comes out
//! as [`Note`]s, and the answer as an [`Answer`] for `report` to print.

use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use image::RgbImage;

use crate::calibrate::learn_theme;
use crate::config::{CalibrationFile, Theme};
use crate::error::{Error, InputError};
use crate::options::{CalibrateRequest, Options, OutputOptions, TraceRequest};
use crate::pipeline::{self, Game, Outcome, RunOptions, SquaresOutcome, WaterOutcome};
use crate::puzzle::squares::SquaresPuzzle;
use crate::render::{self, water::Headline, water::RenderOptions};
use crate::report::{self, Timings};
use crate::solve::squares::trace;

/// Largest image accepted, per side, and the most memory decoding may take:
/// a phone screenshot is far below both; anything beyond is refused with a
/// sentence instead of exhausting memory.
const MAX_IMAGE_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 1 << 30;

/// Side of a card in the composed board picture, at least and at most (a
/// card keeps its size in the picture between these).
const MIN_BOARD_CELL: f32 = 64.0;
const MAX_BOARD_CELL: f32 = 600.0;

/// What a user should hear while a run goes on.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// A picture was written (the `--debug` picture).
    Wrote(PathBuf),
    /// The cards of a picture were found, and this many readings of their
    /// edges were tried.
    FoundCards { rows: usize, cols: usize, tried: usize },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Wrote(path) => write!(f, "wrote {}", path.display()),
            Note::FoundCards { rows, cols, tried } => {
                write!(f, "found a {rows}x{cols} grid of cards; {tried} reading(s) of their edges tried")
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
}

/// One input: where it came from (`-` for standard input) and its bytes.
#[derive(Debug, Clone)]
pub struct Input {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

impl Input {
    /// Reads a file, or standard input for `-`.
    pub fn read(path: &Path) -> Result<Input, Error> {
        let bytes =
            read_input(path).map_err(|e| Error::Input { path: path.to_path_buf(), source: InputError::Read(e) })?;
        Ok(Input { path: path.to_path_buf(), bytes })
    }

    fn error(&self, source: InputError) -> Error {
        Error::Input { path: self.path.clone(), source }
    }
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

/// The whole command on one input (`-` for standard input): read, solve,
/// write the pictures; `note` hears what the user should on the way.
pub fn run(path: &Path, options: &Options, note: &mut dyn FnMut(Note)) -> Result<Answer, Error> {
    // Output files are opened before any work, so a bad path costs nothing.
    let trace_file = options.trace.as_ref().map(|t| create(&t.path)).transpose()?;
    let input = Input::read(path)?;
    let decoded = decode(&input)?;
    let paths = match &decoded {
        Decoded::Picture { .. } => Some(OutputPaths::for_input(path, &options.output)?),
        Decoded::Text(_) => None,
    };
    let debug = if options.output.debug { DebugPicture::Draw } else { DebugPicture::Skip };
    let attempt = solve_decoded(&input, decoded, options, debug);
    if let (Some(picture), Some(paths)) = (&attempt.debug_picture, &paths) {
        save_png(picture, &paths.debug)?;
        note(Note::Wrote(paths.debug.clone()));
    }
    for n in attempt.notes {
        note(n);
    }
    let solved = attempt.result?;
    let answer = match (&solved.picture, paths) {
        (Some(picture), Some(paths)) => {
            let started = Instant::now();
            let images = write_pictures(picture, &solved.outcome, &paths, &options.output)?;
            let render_write_ms = started.elapsed().as_secs_f64() * 1e3;
            let timings = Timings { decode_ms: solved.decode_ms, read_solve_ms: solved.read_solve_ms, render_write_ms };
            Answer { outcome: solved.outcome, images, timings: Some(timings) }
        }
        _ => Answer { outcome: solved.outcome, images: Vec::new(), timings: None },
    };
    if let (Some(file), Some(request), Outcome::Squares(squares)) = (trace_file, &options.trace, &answer.outcome) {
        write_trace(file, request, &squares.puzzle)?;
    }
    Ok(answer)
}

/// Solves one input, writing nothing: a picture is decoded within limits,
/// its game picked, read and solved; a text is parsed and solved.
pub fn solve(input: &Input, options: &Options, debug: DebugPicture) -> Attempt {
    match decode(input) {
        Ok(decoded) => solve_decoded(input, decoded, options, debug),
        Err(e) => Attempt { notes: Vec::new(), debug_picture: None, result: Err(e) },
    }
}

/// An input decoded: a picture (and how long decoding took), or text.
enum Decoded {
    Picture { picture: RgbImage, decode_ms: f64 },
    Text(String),
}

fn decode(input: &Input) -> Result<Decoded, Error> {
    let started = Instant::now();
    match decode_image(&input.path, &input.bytes).map_err(|e| input.error(e))? {
        Some(picture) => Ok(Decoded::Picture { picture, decode_ms: started.elapsed().as_secs_f64() * 1e3 }),
        None => String::from_utf8(input.bytes.clone())
            .map(Decoded::Text)
            .map_err(|e| input.error(InputError::NotText(e.to_string()))),
    }
}

fn solve_decoded(input: &Input, decoded: Decoded, options: &Options, debug: DebugPicture) -> Attempt {
    let (picture, decode_ms) = match decoded {
        Decoded::Text(text) => {
            let result = pipeline::text::run_text(&text, &options.run)
                .map(|outcome| Solved { outcome, picture: None, decode_ms: 0.0, read_solve_ms: 0.0 })
                .map_err(|e| input.error(InputError::Text(e)));
            return Attempt { notes: Vec::new(), debug_picture: None, result };
        }
        Decoded::Picture { picture, decode_ms } => (picture, decode_ms),
    };
    let started = Instant::now();
    let attempt = match options.run.game {
        Some(Game::Squares) => solve_cards_picture(&picture, input, &options.run, debug),
        _ => solve_water_picture(&picture, input, &options.run, debug),
    };
    let read_solve_ms = started.elapsed().as_secs_f64() * 1e3;
    Attempt {
        notes: attempt.notes,
        debug_picture: attempt.debug_picture,
        result: attempt.result.map(|outcome| Solved { outcome, picture: Some(picture), decode_ms, read_solve_ms }),
    }
}

/// [`Attempt`], before the picture is attached to its result.
struct PictureAttempt {
    notes: Vec<Note>,
    debug_picture: Option<RgbImage>,
    result: Result<Outcome, Error>,
}

/// The pictures of a picture's answer, drawn and written where `paths` say.
fn write_pictures(
    image: &RgbImage,
    outcome: &Outcome,
    paths: &OutputPaths,
    output: &OutputOptions,
) -> Result<Vec<PathBuf>, Error> {
    match outcome {
        Outcome::Water(water) => {
            let mut written = write_water_pages(image, water, paths)?;
            written.extend(write_animation(image, water, paths, output)?);
            Ok(written)
        }
        Outcome::Squares(squares) => write_cards(image, squares, paths),
    }
}

/// A water-sort screenshot read and solved; the `--debug` picture drawn
/// whatever the reading's fate.
fn solve_water_picture(image: &RgbImage, input: &Input, options: &RunOptions, debug: DebugPicture) -> PictureAttempt {
    let run = pipeline::water::run_image(image, options);
    let debug_picture = match (debug, &run.detection) {
        (DebugPicture::Draw, Some(detection)) => {
            Some(render::debug::water(image, &detection.tubes, &detection.samples))
        }
        _ => None,
    };
    let result = run.result.map(Outcome::Water).map_err(|e| input.error(InputError::Screenshot(e)));
    PictureAttempt { notes: Vec::new(), debug_picture, result }
}

/// A picture of cards read and judged by the solver; the `--debug` picture
/// drawn whatever the reading's fate.
fn solve_cards_picture(image: &RgbImage, input: &Input, options: &RunOptions, debug: DebugPicture) -> PictureAttempt {
    let run = pipeline::squares::run_image(image, options);
    let debug_picture = match (debug, &run.read) {
        (DebugPicture::Draw, Some(read)) => {
            Some(render::debug::squares(image, &read.grid, read.labellings.first().map(|l| &l.puzzle)))
        }
        _ => None,
    };
    let notes = run
        .read
        .iter()
        .map(|read| Note::FoundCards { rows: read.grid.rows, cols: read.grid.cols, tried: run.tried })
        .collect();
    let result = run.result.map(Outcome::Squares).map_err(|e| input.error(InputError::CardsPicture(e)));
    PictureAttempt { notes, debug_picture, result }
}

/// Every path a picture's run may write, built in one place from the input
/// and `-o`.
#[derive(Debug, Clone)]
pub struct OutputPaths {
    /// The solution picture; pages are numbered before its extension.
    pub base: PathBuf,
    /// `<input stem>.debug.png`, beside the input.
    pub debug: PathBuf,
}

impl OutputPaths {
    /// The paths for `input`, checked before any work: not the input, in a
    /// folder we can write to.
    pub fn for_input(input: &Path, output: &OutputOptions) -> Result<OutputPaths, Error> {
        let base = output.path.clone().unwrap_or_else(|| input.with_file_name(format!("{}.solution.png", stem(input))));
        let same_as_input =
            std::fs::canonicalize(&base).ok().is_some_and(|p| std::fs::canonicalize(input).ok() == Some(p));
        if same_as_input || base == input {
            return Err(Error::Write {
                path: base,
                source: std::io::Error::other("that is the input screenshot; snapsolve never overwrites it"),
            });
        }
        let dir = match base.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let probe = dir.join(format!(".snapsolve-write-check-{}", std::process::id()));
        File::create(&probe).map_err(|source| Error::Write { path: base.clone(), source })?;
        let _ = std::fs::remove_file(&probe);
        let debug = input.with_file_name(format!("{}.debug.png", stem(input)));
        Ok(OutputPaths { base, debug })
    }

    /// Page `i` (1-based) of `n`: the base path itself for a single page.
    pub fn page(&self, i: usize, n: usize) -> PathBuf {
        if n == 1 { self.base.clone() } else { self.sibling(&format!("{}-{i}.{}", stem(&self.base), self.extension())) }
    }

    /// Frame `i` (1-based) of `n`, numbered with at least two digits.
    pub fn frame(&self, i: usize, n: usize) -> PathBuf {
        let digits = n.to_string().len().max(2);
        self.sibling(&format!("{}.frame-{i:0digits$}.png", stem(&self.base)))
    }

    pub fn gif(&self) -> PathBuf {
        self.sibling(&format!("{}.gif", stem(&self.base)))
    }

    /// The solved board composed from a picture's card crops.
    pub fn board(&self) -> PathBuf {
        self.sibling(&format!("{}.board.png", stem(&self.base)))
    }

    fn sibling(&self, name: &str) -> PathBuf {
        self.base.with_file_name(name)
    }

    fn extension(&self) -> String {
        self.base.extension().map_or_else(|| "png".into(), |e| e.to_string_lossy().into_owned())
    }
}

/// A path's file name without its extension (`snapsolve` for none).
fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(|| "snapsolve".into(), |s| s.to_string_lossy().into_owned())
}

/// Draws the plan (or the reason there is none) and writes the page(s).
fn write_water_pages(image: &RgbImage, water: &WaterOutcome, paths: &OutputPaths) -> Result<Vec<PathBuf>, Error> {
    let Some(layout) = &water.layout else { return Ok(Vec::new()) };
    let (moves, headline) = match (&water.result, water.plan()) {
        (Ok(solution), _) => (solution.pours.clone(), Headline::Solved { total: solution.pours.len() }),
        (_, Some(plan)) => (plan.to_vec(), Headline::UntilReveal { total: plan.len() }),
        _ => (Vec::new(), Headline::NoSolution { message: report::water::report(water).message }),
    };
    let options = RenderOptions::default();
    let n_pages = render::water::overlay_geometry(layout, &moves, &headline, &options).len();
    let pages: Vec<PathBuf> = (1..=n_pages).map(|i| paths.page(i, n_pages)).collect();
    // Each page is written as soon as it is drawn, from one reused buffer.
    render::water::render_each(image, layout, &water.puzzle, &moves, &headline, &options, |p, page| {
        save_png(page, &pages[p])
    })?;
    Ok(pages)
}

/// With `--frames` / `--gif`: the plan move by move, beside the solution.
fn write_animation(
    image: &RgbImage,
    water: &WaterOutcome,
    paths: &OutputPaths,
    output: &OutputOptions,
) -> Result<Vec<PathBuf>, Error> {
    let (Some(layout), Some(moves), true) = (&water.layout, water.plan(), output.frames || output.gif) else {
        return Ok(Vec::new());
    };
    let mut written = Vec::new();
    if output.frames {
        let frames = render::water::frames(image, layout, &water.puzzle, moves);
        for (i, frame) in frames.iter().enumerate() {
            let path = paths.frame(i + 1, frames.len());
            save_png(frame, &path)?;
            written.push(path);
        }
    }
    if output.gif {
        let path = paths.gif();
        let file = create(&path)?;
        render::water::write_gif(BufWriter::new(file), image, layout, &water.puzzle, moves)
            .map_err(|e| Error::Write { path: path.clone(), source: std::io::Error::other(e) })?;
        written.push(path);
    }
    Ok(written)
}

/// A solved picture of cards: the original annotated with where each card
/// goes (the base path) and the solved board composed from the card crops.
fn write_cards(image: &RgbImage, squares: &SquaresOutcome, paths: &OutputPaths) -> Result<Vec<PathBuf>, Error> {
    let (Some(grid), Ok(solution)) = (&squares.grid, &squares.result) else { return Ok(Vec::new()) };
    let Some(placements) = solution.solutions.first() else { return Ok(Vec::new()) };
    let cell = grid.cards.iter().map(|q| q.side_length()).fold(0.0, f32::max).clamp(MIN_BOARD_CELL, MAX_BOARD_CELL);
    let board = paths.board();
    save_png(&render::squares::annotated(image, grid, placements), &paths.base)?;
    save_png(&render::squares::board(image, grid, placements, cell as u32), &board)?;
    Ok(vec![paths.base.clone(), board])
}

fn save_png(image: &RgbImage, path: &Path) -> Result<(), Error> {
    image.save(path).map_err(|e| Error::Write { path: path.to_path_buf(), source: std::io::Error::other(e) })
}

fn create(path: &Path) -> Result<File, Error> {
    File::create(path).map_err(|source| Error::Write { path: path.to_path_buf(), source })
}

fn write_trace(file: File, request: &TraceRequest, puzzle: &SquaresPuzzle) -> Result<(), Error> {
    let mut out = BufWriter::new(file);
    let mut result = Ok(());
    trace::trace(puzzle, request.options, |event| {
        if result.is_ok() {
            result = writeln!(out, "{}", report::squares::trace_line(puzzle, &event));
        }
    });
    result.and_then(|()| out.flush()).map_err(|source| Error::Write { path: request.path.clone(), source })
}

/// The input's bytes: a file, or standard input for `-`.
fn read_input(path: &Path) -> Result<Vec<u8>, std::io::Error> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Decodes the input when its content (or its name) says it is an image.
pub fn decode_image(path: &Path, bytes: &[u8]) -> Result<Option<RgbImage>, InputError> {
    let named_image = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["png", "jpg", "jpeg"].contains(&e.to_ascii_lowercase().as_str()));
    let sniffed = image::guess_format(bytes).ok();
    if sniffed.is_none() && !named_image {
        return Ok(None);
    }
    let bad = |reason: String| InputError::BadImage(reason);
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes));
    reader = reader.with_guessed_format().map_err(|e| bad(e.to_string()))?;
    if reader.format().is_none() {
        return Err(bad("its content is neither PNG nor JPEG".into()));
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| bad(e.to_string()))?;
    Ok(Some(decoded.to_rgb8()))
}

/// `snapsolve calibrate`: learn a theme from screenshots and merge it into
/// the calibration file; the theme learned.
pub fn calibrate(request: &CalibrateRequest) -> Result<Theme, Error> {
    // Load first: a malformed file stops us before any work.
    let mut file = CalibrationFile::load(&request.file)?;
    let mut images = Vec::new();
    for shot in &request.screenshots {
        let input = Input::read(shot)?;
        let image = decode_image(shot, &input.bytes)
            .map_err(|e| input.error(e))?
            .ok_or_else(|| input.error(InputError::BadImage("not a PNG or JPEG".into())))?;
        images.push(image);
    }
    let theme = learn_theme(&images, &request.learn)?;
    file.set_theme(&theme);
    file.save()?;
    Ok(theme)
}
