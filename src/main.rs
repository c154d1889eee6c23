//! The `snapsolve` binary: parse arguments, run the library, print the
//! result or the error, and exit with the documented code.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use snapsolve::calibrate::CalibrateOptions;
use snapsolve::cli::{CalibrateArgs, Cli, Command, OutputFormat};
use snapsolve::config::{self, CalibrationFile};
use snapsolve::error::Error;
use snapsolve::pipeline::ThemeChoice;
use snapsolve::pipeline::{Game, Outcome, SquaresOutcome, WaterOutcome};
use snapsolve::puzzle::squares::SquaresPuzzle;
use snapsolve::render::{self, Headline, RenderOptions};
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
    if let Some(Command::Calibrate(args)) = &cli.command {
        return calibrate(args);
    }
    let input: &Path = cli.input.as_deref().expect("clap requires the input when there is no subcommand");
    let (mut options, format) = cli.options();
    options.theme = theme_choice(cli)?;
    // Output files are opened before any work, so a bad path costs nothing.
    let trace_file = cli.trace.as_deref().map(create).transpose()?;
    let bytes = read_input(input)?;
    let mut images_written = Vec::new();
    let mut timings = None;
    let started = std::time::Instant::now();
    let decoded = decode_image(input, &bytes)?;
    let decode_ms = started.elapsed().as_secs_f64() * 1e3;
    let outcome = if let Some(image) = decoded {
        let output = solution_path(cli, input)?;
        let started = std::time::Instant::now();
        if options.game == Some(Game::Squares) {
            let run = pipeline::run_cards_image(&image, &options);
            let read_solve_ms = started.elapsed().as_secs_f64() * 1e3;
            if cli.debug
                && let Some(read) = &run.read
            {
                let path = debug_path(input);
                render::cards_debug(&image, read)
                    .save(&path)
                    .map_err(|e| Error::Write { path: path.clone(), source: std::io::Error::other(e) })?;
                eprintln!("snapsolve: wrote {}", path.display());
            }
            if let Some(read) = &run.read {
                eprintln!(
                    "snapsolve: found a {}x{} grid of cards; {} reading(s) of their edges tried",
                    read.grid.rows, read.grid.cols, run.tried
                );
            }
            let outcome = run.result.map_err(|e| match e {
                Error::CardsPicture(source) => Error::CardsImage { path: input.to_path_buf(), source },
                other => other,
            })?;
            if let Outcome::Squares(squares) = &outcome {
                let started = std::time::Instant::now();
                images_written = write_cards(&image, squares, &output)?;
                let render_write_ms = started.elapsed().as_secs_f64() * 1e3;
                timings = Some(report::Timings { decode_ms, read_solve_ms, render_write_ms });
            }
            outcome
        } else {
            let run = pipeline::run_image(&image, &options);
            let read_solve_ms = started.elapsed().as_secs_f64() * 1e3;
            if cli.debug
                && let Some(detection) = &run.detection
            {
                let path = debug_path(input);
                snapsolve::vision::debug::draw(&image, detection)
                    .save(&path)
                    .map_err(|e| Error::Write { path: path.clone(), source: std::io::Error::other(e) })?;
                eprintln!("snapsolve: wrote {}", path.display());
            }
            let outcome = run.result.map_err(|e| match e {
                Error::Vision(source) => Error::Screenshot { path: input.to_path_buf(), source },
                other => other,
            })?;
            if let Outcome::Water(water) = &outcome {
                let started = std::time::Instant::now();
                images_written = write_solution(&image, water, &output)?;
                images_written.extend(write_animation(&image, water, &output, cli)?);
                let render_write_ms = started.elapsed().as_secs_f64() * 1e3;
                timings = Some(report::Timings { decode_ms, read_solve_ms, render_write_ms });
            }
            outcome
        }
    } else {
        let text = String::from_utf8(bytes)
            .map_err(|e| Error::NotText { path: input.to_path_buf(), reason: e.to_string() })?;
        pipeline::run_text(&text, &options)?
    };
    if let (Some(file), Some(path), Outcome::Squares(squares)) = (trace_file, &cli.trace, &outcome) {
        let options = trace::TraceOptions { max_steps: MAX_TRACE_STEPS, fixed_orientation: cli.no_turns };
        write_trace(file, path, &squares.puzzle, options)?;
    }
    match format {
        OutputFormat::Text => print!("{}", report::render_text(&outcome, cli.all)),
        OutputFormat::Json => {
            let images: Vec<String> = images_written.iter().map(|p| p.display().to_string()).collect();
            println!("{}", report::render_json(&outcome, cli.all, &images, timings))
        }
    }
    if format == OutputFormat::Text {
        for path in &images_written {
            eprintln!("snapsolve: wrote {}", path.display());
        }
    }
    Ok(report::exit_code(&outcome))
}

fn create(path: &Path) -> Result<File, Error> {
    File::create(path).map_err(|source| Error::Write { path: path.to_path_buf(), source })
}

fn write_trace(file: File, path: &Path, puzzle: &SquaresPuzzle, options: trace::TraceOptions) -> Result<(), Error> {
    let mut out = BufWriter::new(file);
    let mut result = Ok(());
    trace::trace(puzzle, options, |event| {
        if result.is_ok() {
            result = writeln!(out, "{}", report::trace_line(puzzle, &event));
        }
    });
    result.and_then(|()| out.flush()).map_err(|source| Error::Write { path: path.to_path_buf(), source })
}

fn read_input(path: &Path) -> Result<Vec<u8>, Error> {
    let read_err = |source| Error::Read { path: path.to_path_buf(), source };
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().read_to_end(&mut bytes).map_err(read_err)?;
    } else {
        bytes = std::fs::read(path).map_err(read_err)?;
    }
    Ok(bytes)
}

/// Largest image accepted, per side, and the most memory decoding may take:
/// a phone screenshot is far below both; anything beyond is refused with a
/// sentence instead of exhausting memory.
const MAX_IMAGE_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 1 << 30;

/// Decodes the input when its content (or its name) says it is an image.
fn decode_image(path: &Path, bytes: &[u8]) -> Result<Option<image::RgbImage>, Error> {
    let named_image = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["png", "jpg", "jpeg"].contains(&e.to_ascii_lowercase().as_str()));
    let sniffed = image::guess_format(bytes).ok();
    if sniffed.is_none() && !named_image {
        return Ok(None);
    }
    let bad = |reason: String| Error::BadImage { path: path.to_path_buf(), reason };
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

/// Where the solution picture goes, checked before any work: not the input,
/// in a folder we can write to.
fn solution_path(cli: &Cli, input: &Path) -> Result<PathBuf, Error> {
    let path = cli.output.clone().unwrap_or_else(|| {
        let stem = input.file_stem().map_or_else(|| "snapsolve".into(), |s| s.to_string_lossy().into_owned());
        input.with_file_name(format!("{stem}.solution.png"))
    });
    let same_as_input = std::fs::canonicalize(&path).ok().is_some_and(|p| std::fs::canonicalize(input).ok() == Some(p));
    if same_as_input || path == input {
        return Err(Error::Write {
            path,
            source: std::io::Error::other("that is the input screenshot; snapsolve never overwrites it"),
        });
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let probe = dir.join(format!(".snapsolve-write-check-{}", std::process::id()));
    File::create(&probe).map_err(|source| Error::Write { path: path.clone(), source })?;
    let _ = std::fs::remove_file(&probe);
    Ok(path)
}

/// Draws the plan (or the reason there is none) and writes the page(s).
fn write_solution(image: &image::RgbImage, water: &WaterOutcome, output: &Path) -> Result<Vec<PathBuf>, Error> {
    let Some(layout) = &water.layout else { return Ok(Vec::new()) };
    let (moves, headline) = match (&water.result, &water.reveal) {
        (Ok(solution), _) => (solution.pours.clone(), Headline::Solved { total: solution.pours.len() }),
        (_, Some(Ok(plan))) => (plan.pours.clone(), Headline::UntilReveal { total: plan.pours.len() }),
        _ => (Vec::new(), Headline::NoSolution { message: report::water_report(water).message }),
    };
    let options = RenderOptions::default();
    let n_pages = render::overlay_geometry(layout, &moves, &headline, &options).len();
    let paths: Vec<PathBuf> = if n_pages == 1 {
        vec![output.to_path_buf()]
    } else {
        let stem = output.file_stem().map_or_else(|| "solution".into(), |s| s.to_string_lossy().into_owned());
        let ext = output.extension().map_or_else(|| "png".into(), |e| e.to_string_lossy().into_owned());
        (1..=n_pages).map(|i| output.with_file_name(format!("{stem}-{i}.{ext}"))).collect()
    };
    // Each page is written as soon as it is drawn, from one reused buffer.
    render::render_each(image, layout, &water.puzzle, &moves, &headline, &options, |p, page| {
        page.save(&paths[p]).map_err(|e| Error::Write { path: paths[p].clone(), source: std::io::Error::other(e) })
    })?;
    Ok(paths)
}

/// A solved picture of cards: the original annotated with where each card
/// goes (`output`) and the solved board composed from the card crops
/// (`<output stem>.board.png`).
fn write_cards(image: &image::RgbImage, squares: &SquaresOutcome, output: &Path) -> Result<Vec<PathBuf>, Error> {
    let (Some(grid), Ok(solution)) = (&squares.grid, &squares.result) else { return Ok(Vec::new()) };
    let Some(placements) = solution.solutions.first() else { return Ok(Vec::new()) };
    let stem = output.file_stem().map_or_else(|| "solution".into(), |s| s.to_string_lossy().into_owned());
    let board_path = output.with_file_name(format!("{stem}.board.png"));
    let cell = grid.cards.iter().map(|q| q.side_length()).fold(0.0, f32::max).clamp(64.0, 600.0) as u32;
    let save = |img: image::RgbImage, path: &Path| {
        img.save(path).map_err(|e| Error::Write { path: path.to_path_buf(), source: std::io::Error::other(e) })
    };
    save(render::cards_annotated(image, grid, placements), output)?;
    save(render::cards_board(image, grid, placements, cell), &board_path)?;
    Ok(vec![output.to_path_buf(), board_path])
}

/// With `--frames` / `--gif`: the plan move by move, beside the solution.
fn write_animation(
    image: &image::RgbImage,
    water: &WaterOutcome,
    output: &Path,
    cli: &Cli,
) -> Result<Vec<PathBuf>, Error> {
    let (Some(layout), true) = (&water.layout, cli.frames || cli.gif) else { return Ok(Vec::new()) };
    let moves = match (&water.result, &water.reveal) {
        (Ok(solution), _) => solution.pours.clone(),
        (_, Some(Ok(plan))) => plan.pours.clone(),
        _ => return Ok(Vec::new()),
    };
    let frames = render::frames(image, layout, &water.puzzle, &moves);
    let stem = output.file_stem().map_or_else(|| "solution".into(), |s| s.to_string_lossy().into_owned());
    let write_err =
        |path: &Path, e: image::ImageError| Error::Write { path: path.to_path_buf(), source: std::io::Error::other(e) };
    let mut written = Vec::new();
    if cli.frames {
        let digits = frames.len().to_string().len().max(2);
        for (i, frame) in frames.iter().enumerate() {
            let path = output.with_file_name(format!("{stem}.frame-{:0digits$}.png", i + 1));
            frame.save(&path).map_err(|e| write_err(&path, e))?;
            written.push(path);
        }
    }
    if cli.gif {
        let path = output.with_file_name(format!("{stem}.gif"));
        let file = File::create(&path).map_err(|source| Error::Write { path: path.clone(), source })?;
        // Speed 30: the fastest colour quantiser; a screenshot's flat colours lose little.
        let mut encoder = image::codecs::gif::GifEncoder::new_with_speed(std::io::BufWriter::new(file), 30);
        encoder.set_repeat(image::codecs::gif::Repeat::Infinite).map_err(|e| write_err(&path, e))?;
        let still = |img: &image::RgbImage, ms: u32| {
            image::Frame::from_parts(
                image::DynamicImage::ImageRgb8(img.clone()).to_rgba8(),
                0,
                0,
                image::Delay::from_numer_denom_ms(ms, 1),
            )
        };
        let mut all = vec![still(image, 1500)];
        all.extend(frames.iter().enumerate().map(|(i, f)| still(f, if i + 1 == frames.len() { 3000 } else { 1200 })));
        encoder.encode_frames(all).map_err(|e| write_err(&path, e))?;
        written.push(path);
    }
    Ok(written)
}

/// How colours are named: `--theme` from the calibration file, else any
/// calibrated theme that fits, else clustering. A broken calibration file is
/// an error (it is never silently ignored or replaced).
fn theme_choice(cli: &Cli) -> Result<ThemeChoice, Error> {
    let path = config::locate(cli.calibration.as_deref());
    if cli.theme.is_none() && !path.exists() {
        return Ok(ThemeChoice::Cluster);
    }
    let file = CalibrationFile::load(&path)?;
    Ok(match &cli.theme {
        Some(name) => ThemeChoice::Named(file.theme(name)?),
        None => ThemeChoice::Auto(file.themes()?),
    })
}

/// `snapsolve calibrate`: learn a theme from screenshots, merge it into the
/// calibration file, print what was learned.
fn calibrate(args: &CalibrateArgs) -> Result<i32, Error> {
    let path = config::locate(args.calibration.as_deref());
    // Load first: a malformed file stops us before any work.
    let mut file = CalibrationFile::load(&path)?;
    let mut images = Vec::new();
    for shot in &args.screenshots {
        let bytes = read_input(shot)?;
        let image = decode_image(shot, &bytes)?
            .ok_or_else(|| Error::BadImage { path: shot.clone(), reason: "not a PNG or JPEG".into() })?;
        images.push(image);
    }
    let options = CalibrateOptions { name: args.theme.clone(), names: args.names.clone(), vision: Default::default() };
    let theme = snapsolve::calibrate::learn_theme(&images, &options)?;
    file.set_theme(&theme);
    file.save()?;
    println!(
        "theme `{}`: capacity {}, {} colours, written to {}",
        theme.name,
        theme.capacity,
        theme.colors.len(),
        path.display()
    );
    for c in &theme.colors {
        println!("  {:<12} {}  tolerance ΔE {:.1}", c.name, c.hex, c.tolerance);
    }
    Ok(0)
}

/// `shot.png` → `shot.debug.png`, beside the input (never the input itself).
fn debug_path(input: &Path) -> PathBuf {
    let stem = input.file_stem().map_or_else(|| "snapsolve".into(), |s| s.to_string_lossy().into_owned());
    input.with_file_name(format!("{stem}.debug.png"))
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(code as u8)
}
