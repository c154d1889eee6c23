//! Screenshot reading figures: `cargo bench --bench vision`.
//!
//! No real screenshot in `../shared/water_screens/` is 1080×2400, so a real
//! 720×1520 one (Khalawob level 22) is scaled to 1080×2400 and saved as PNG
//! and JPEG first; decoding is timed apart from detection + clustering.

use std::time::{Duration, Instant};

use snapsolve::vision::water::{self, ReadOptions};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        let elapsed = start.elapsed();
        if elapsed < best {
            best = elapsed;
        }
        out = Some(value);
    }
    (best, out.expect("runs > 0"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/water_screens");
    let source = image::open(root.join("Khalawob__Water_Sort_Bot/screenshot_Greyblocks.png")).unwrap().to_rgb8();
    let big = image::imageops::resize(&source, 1080, 2400, image::imageops::FilterType::Triangle);
    let dir = std::env::temp_dir();
    for ext in ["png", "jpg"] {
        let path = dir.join(format!("snapsolve-bench-1080x2400.{ext}"));
        big.save(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (decode, img) = best(10, || image::load_from_memory(&bytes).unwrap().to_rgb8());
        println!("decode 1080x2400 {ext}: {:.1} ms (best of 10, {} KB)", ms(decode), bytes.len() / 1024);
        let (read, reading) = best(10, || water::read(&img, &ReadOptions::default()).read);
        match reading {
            Ok(r) => println!(
                "detection + clustering 1080x2400 {ext}: {:.1} ms (best of 10), {} tubes, {} colours",
                ms(read),
                r.puzzle.tubes().len(),
                r.puzzle.n_colors()
            ),
            Err(e) => println!("detection + clustering 1080x2400 {ext}: {:.1} ms, failed: {e}", ms(read)),
        }
    }
    for name in ["kuking__WaterSortPuzzleSolver/lvl105.jpg", "sshcrack__water-sort-player/level-213.png"] {
        let img = image::open(root.join(name)).unwrap().to_rgb8();
        let (read, _) = best(10, || water::read(&img, &ReadOptions::default()).read);
        println!("detection + clustering {name} ({}x{}): {:.1} ms", img.width(), img.height(), ms(read));
    }
}
