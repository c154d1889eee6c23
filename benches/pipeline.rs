//! The whole screenshot command, as `snapsolve SHOT -o OUT` runs it:
//! `cargo bench --bench pipeline`.
//!
//! `app::run` (read the file, decode within the limits, read and solve,
//! draw and write every page) on a 1080×2400 screenshot (a real 720×1520 one
//! scaled up; no real screenshot of that size is in ../shared) and on the
//! bundled lvl105.jpg; the stages from the run's own timings. The target:
//! the whole run within twice decode + encode, where encode is measured
//! apart on the same pages.

use std::path::Path;
use std::time::{Duration, Instant};

use snapsolve::app;
use snapsolve::options::{Options, OutputOptions};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn run(label: &str, input: &Path, out_dir: &Path) {
    let options = Options {
        output: OutputOptions { path: Some(out_dir.join("out.png")), ..Default::default() },
        ..Default::default()
    };
    // Best of five whole runs.
    let mut best: Option<(Duration, snapsolve::report::Timings, Vec<std::path::PathBuf>)> = None;
    for _ in 0..5 {
        let started = Instant::now();
        let source = app::Source::File(input.to_path_buf());
        let answer = app::run(&source, &options, &mut |_| {}).expect("the screenshot is read and solved");
        let total = started.elapsed();
        if best.as_ref().is_none_or(|b| total < b.0) {
            best = Some((total, answer.timings.expect("a picture's run is timed"), answer.images));
        }
    }
    let (total, t, pages) = best.unwrap();
    // PNG encoding alone, of the pages just written.
    let decoded: Vec<image::RgbImage> = pages.iter().map(|p| image::open(p).unwrap().to_rgb8()).collect();
    let started = Instant::now();
    for page in &decoded {
        let mut out = Vec::new();
        page.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    }
    let encode = ms(started.elapsed());
    println!(
        "{label}: total {:.1} ms (decode {:.1}, read+solve {:.1}, render+write {:.1} of which PNG encoding {encode:.1}, {} pages) = {:.2} × (decode + encode)",
        ms(total),
        t.decode_ms,
        t.read_solve_ms,
        t.render_write_ms,
        pages.len(),
        ms(total) / (t.decode_ms + encode)
    );
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("snapsolve-bench-pipeline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source =
        image::open(root.join("../shared/water_screens/Khalawob__Water_Sort_Bot/screenshot_Greyblocks.png")).unwrap();
    let big = image::imageops::resize(&source.to_rgb8(), 1080, 2400, image::imageops::FilterType::Triangle);
    let shot = dir.join("khalawob-1080x2400.png");
    big.save(&shot).unwrap();
    run("1080x2400 png (Khalawob level 22 scaled)", &shot, &dir);
    run("samples/lvl105.jpg 440x793", &root.join("samples/lvl105.jpg"), &dir);
    let _ = std::fs::remove_dir_all(&dir);
}
