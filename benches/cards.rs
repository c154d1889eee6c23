//! Reading a picture of cards: `cargo bench --bench cards`. A made-up 3×3
//! set drawn on a 3840×2160 picture (cards 480 px), and the real
//! 3840×2160 Skiers photo (its grid is not found yet: the time is to that
//! verdict).

use std::time::{Duration, Instant};

use snapsolve::puzzle::water::SplitMix64;
use snapsolve::synthetic::squares::{CARD_THEMES, draw_board, random_board};
use snapsolve::vision::squares::{CardReading, read_cards};

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let mut rng = SplitMix64(3);
    let board = random_board(3, 4, &mut rng);
    let drawn = draw_board(&board, &CARD_THEMES[0], 480, 3.0, 3);
    let mut img = image::RgbImage::from_pixel(3840, 2160, image::Rgb([60, 45, 35]));
    image::imageops::replace(&mut img, &drawn, ((3840 - drawn.width()) / 2) as i64, 0);
    let options = CardReading::default();
    let mut labellings = 0;
    let t = best_of(5, || {
        labellings = read_cards(&img, &options).map(|r| r.labellings.len()).expect("the synthetic board is read")
    });
    println!(
        "read cards {}x{} synthetic 3x3: {:.1} ms (best of 5), {labellings} labellings",
        img.width(),
        img.height(),
        t.as_secs_f64() * 1e3
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/edge_images/heytomorrow34__ScrambleSquaresSolver/SkiierExample.jpg");
    if let Ok(photo) = image::open(&path) {
        let photo = photo.to_rgb8();
        let mut verdict = String::new();
        let t = best_of(5, || {
            verdict = match read_cards(&photo, &options) {
                Ok(r) => format!("{}x{} grid", r.grid.rows, r.grid.cols),
                Err(e) => e.to_string(),
            }
        });
        println!("read cards Skiers photo 3840x2160: {:.1} ms (best of 5): {verdict}", t.as_secs_f64() * 1e3);
    }
}
