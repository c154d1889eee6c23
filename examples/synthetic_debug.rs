//! Development aid: for each seed given, writes the generated case and what
//! the water reader saw in it (the `--debug` picture) side by side to
//! `OUT_DIR/seed-N.png`, and prints the truth and the reading.
//! `cargo run --release --example synthetic_debug -- OUT_DIR SEED...`
use snapsolve::synthetic::water::generate::case;
use snapsolve::vision::water::{ReadOptions, read};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(&args[0]);
    std::fs::create_dir_all(&dir).expect("the output folder can be made");
    for seed in args[1..].iter().map(|s| s.parse::<u64>().expect("a seed")) {
        let c = case(seed);
        let sight = read(&c.picture, &ReadOptions::default());
        let seen = match &sight.detection {
            Some(d) => snapsolve::render::debug::water(&c.picture, &d.tubes, &d.samples, &[]),
            None => c.picture.clone(),
        };
        let (w, h) = c.picture.dimensions();
        let mut both = image::RgbImage::new(w * 2, h);
        image::imageops::replace(&mut both, &c.picture, 0, 0);
        image::imageops::replace(&mut both, &seen, w as i64, 0);
        both.save(dir.join(format!("seed-{seed}.png"))).expect("written");
        println!("seed {seed} {:?} {:?} {}x{}\n  truth {}", c.theme.shape, c.theme.decoration, w, h, c.level);
        match sight.read {
            Ok(r) => {
                let same = snapsolve::puzzle::water::renamed_in_order(&r.puzzle.to_string())
                    == snapsolve::puzzle::water::renamed_in_order(&c.level.to_string());
                println!("  read  {} {}", r.puzzle, if same { "(exact)" } else { "(WRONG)" })
            }
            Err(e) => println!("  error {e}"),
        }
    }
}
