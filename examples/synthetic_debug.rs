//! Development aid: for each seed given, writes the generated case and what
//! the water reader saw in it (the `--debug` picture) side by side to
//! `OUT_DIR/seed-N.png`, and prints the truth, the slots read and the
//! reading; for a refused reading also what it got wrong against the truth
//! (the tubes, the capacity, or which tubes hold other layer counts). With
//! `-` for OUT_DIR, nothing is written. With `COLORS` set, also each
//! tube's box, the bottom row of each of its slots (bottom first) and its
//! slots read as a colour, bottom first, as sampled (RGB). With `RAW` set,
//! also the generated picture alone to `OUT_DIR/seed-N-raw.png`. With
//! `CROP=x,y,w,h,k` set, that part of the generated picture enlarged k
//! times to `OUT_DIR/seed-N-crop.png`. With `PIX=x0,x1,y0,y1` set, also
//! each row's pixels of the generated picture from column x0 to x1, rows
//! y0 to y1 (the colours a profile's strip reads, one by one).
//! `cargo run --release --example synthetic_debug -- OUT_DIR SEED...`
use snapsolve::synthetic::water::generate::case;
use snapsolve::vision::water::{ReadOptions, read};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(&args[0]);
    if dir.as_os_str() != "-" {
        std::fs::create_dir_all(&dir).expect("the output folder can be made");
    }
    for seed in args[1..].iter().map(|s| s.parse::<u64>().expect("a seed")) {
        let c = case(seed);
        let sight = read(&c.picture, &ReadOptions::default());
        let seen = match &sight.detection {
            Some(d) => snapsolve::render::debug::water(&c.picture, &d.tubes, &d.samples, &[]),
            None => c.picture.clone(),
        };
        let (w, h) = c.picture.dimensions();
        if let Some(d) = sight.detection.as_ref().filter(|_| sight.read.is_err()) {
            println!("seed {seed} class {}", class(&c, d));
        }
        if let Ok(pix) = std::env::var("PIX") {
            // x0,x1,y0,y1: each row's pixels from column x0 to x1.
            let v: Vec<u32> = pix.split(',').map(|n| n.parse().expect("a number")).collect();
            for y in v[2]..v[3] {
                let row: Vec<String> = (v[0]..v[1]).map(|x| format!("{:?}", c.picture.get_pixel(x, y).0)).collect();
                println!("  row {y}: {}", row.join(" "));
            }
        }
        if dir.as_os_str() != "-" {
            let mut both = image::RgbImage::new(w * 2, h);
            image::imageops::replace(&mut both, &c.picture, 0, 0);
            image::imageops::replace(&mut both, &seen, w as i64, 0);
            // SHRINK=k: the side-by-side picture k times smaller, to look at whole.
            let k: u32 = std::env::var("SHRINK").ok().and_then(|k| k.parse().ok()).unwrap_or(1).max(1);
            let both = image::imageops::resize(
                &both,
                both.width() / k,
                both.height() / k,
                image::imageops::FilterType::Triangle,
            );
            both.save(dir.join(format!("seed-{seed}.png"))).expect("written");
            if std::env::var_os("RAW").is_some() {
                c.picture.save(dir.join(format!("seed-{seed}-raw.png"))).expect("written");
            }
            if let Ok(crop) = std::env::var("CROP") {
                // x,y,w,h,scale: that part of the generated picture, enlarged.
                let v: Vec<u32> = crop.split(',').map(|n| n.parse().expect("a number")).collect();
                let part = image::imageops::crop_imm(&c.picture, v[0], v[1], v[2], v[3]).to_image();
                let big =
                    image::imageops::resize(&part, v[2] * v[4], v[3] * v[4], image::imageops::FilterType::Nearest);
                big.save(dir.join(format!("seed-{seed}-crop.png"))).expect("written");
            }
        }
        println!(
            "seed {seed} {:?} {:?} {:?} {} {}x{}\n  truth {}",
            c.theme.shape,
            c.theme.contents,
            c.theme.decoration,
            background_kind(&c.theme.background),
            w,
            h,
            c.level
        );
        if let Some(d) = &sight.detection {
            // Each tube as read, bottom first: `#` liquid, `?` hidden, `.` empty.
            let tubes: Vec<String> = d
                .samples
                .iter()
                .map(|t| {
                    t.iter()
                        .map(|s| match s {
                            snapsolve::geometry::SlotSample::Color(_) => '#',
                            snapsolve::geometry::SlotSample::Hidden => '?',
                            snapsolve::geometry::SlotSample::Empty => '.',
                        })
                        .collect()
                })
                .collect();
            println!("  slots {}", tubes.join(" "));
            if std::env::var_os("COLORS").is_some() {
                for (i, t) in d.samples.iter().enumerate() {
                    let cs: Vec<String> = t
                        .iter()
                        .filter_map(|s| match s {
                            snapsolve::geometry::SlotSample::Color(c) => Some(format!("{:?}", c)),
                            _ => None,
                        })
                        .collect();
                    let o = d.tubes[i].outer;
                    let rows: Vec<String> = d.tubes[i].slots.iter().map(|r| format!("{}", r.y1)).collect();
                    println!(
                        "    tube {i} [{},{}..{},{}] slots up from {}: {}",
                        o.x0,
                        o.y0,
                        o.x1,
                        o.y1,
                        rows.join(" "),
                        cs.join(" ")
                    );
                }
            }
        }
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

/// What a refused reading got wrong, tube by tube against the truth: the
/// tubes or capacity, or which tubes hold a different number of layers.
fn class(c: &snapsolve::synthetic::water::generate::Case, d: &snapsolve::vision::water::Detection) -> String {
    use snapsolve::geometry::SlotSample;
    let truth = c.level.tubes();
    if d.samples.len() != truth.len() {
        return format!("tubes {} for {}", d.samples.len(), truth.len());
    }
    if d.capacity != c.level.capacity() {
        return format!("capacity {} for {}", d.capacity, c.level.capacity());
    }
    let mut kinds = Vec::new();
    for (t, (read, tube)) in d.samples.iter().zip(truth).enumerate() {
        let filled = read.iter().filter(|s| **s != SlotSample::Empty).count();
        let hidden = read.iter().filter(|s| **s == SlotSample::Hidden).count();
        let true_hidden = tube.layers.iter().filter(|l| **l == snapsolve::puzzle::water::Layer::Hidden).count();
        let n = tube.layers.len();
        let kind = if filled != n && n == 0 {
            "empty-read-filled"
        } else if filled == 0 && n > 0 {
            "filled-read-empty"
        } else if filled < n {
            "fewer"
        } else if filled > n {
            "more"
        } else if hidden != true_hidden {
            "hidden"
        } else {
            continue;
        };
        kinds.push(format!("{kind}@{}", t + 1));
    }
    if kinds.is_empty() { "colours".to_string() } else { kinds.join(" ") }
}

/// The kind of board a theme draws, for sorting refusals by it.
fn background_kind(b: &snapsolve::synthetic::water::scene::Background) -> &'static str {
    use snapsolve::synthetic::water::scene::Background;
    match b {
        Background::Flat(_) => "flat",
        Background::Gradient(..) => "gradient",
        Background::Texture { .. } => "texture",
        Background::Photo { .. } => "photo",
        Background::Paper { .. } => "paper",
    }
}
