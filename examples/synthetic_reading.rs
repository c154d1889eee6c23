//! The reader judged on generated themes: reads `COUNT` generated cases
//! from `FIRST_SEED` (by default the first 2,000 of the test range, 200
//! themes) and prints how many read exactly, how many were refused, and
//! every confident wrong reading (a level read that is not the one drawn),
//! with a table per vessel shape and one per height of a layer in the
//! picture (how much there was to measure a layer by).
//! `cargo run --release --example synthetic_reading [-- FIRST_SEED COUNT]`;
//! with `SEEDS="12 40 41"` in the environment, just those seeds; with
//! `VERBOSE`, every refusal and its reason; with `EVERY`, a line for every
//! case (each line names the height of a layer in the picture).
//! (the tuning range starts at 0; see `synthetic::water::generate`).
use std::collections::BTreeMap;
use std::sync::Mutex;

use snapsolve::puzzle::water::renamed_in_order;
use snapsolve::synthetic::water::generate::{LEVELS_PER_THEME, TEST_SEEDS, case};
use snapsolve::vision::water::{ReadOptions, read};

/// The lower ends of the bins of layer height, in pixels, that the second
/// table counts the cases in.
const LAYER_BINS: [f32; 6] = [0.0, 6.0, 10.0, 16.0, 25.0, 40.0];

#[derive(Default, Clone, Copy)]
struct Tally {
    exact: usize,
    refused: usize,
    wrong: usize,
}

/// What became of one case.
#[derive(Clone, Copy)]
enum Verdict {
    Exact,
    Refused,
    Wrong,
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Exact => self.exact += 1,
            Verdict::Refused => self.refused += 1,
            Verdict::Wrong => self.wrong += 1,
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let first: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(TEST_SEEDS.start);
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let verbose = std::env::var_os("VERBOSE").is_some();
    // `EVERY` set: a line for every case, the exact ones with their layer height.
    let every = std::env::var_os("EVERY").is_some();
    // `SEEDS="12 40 41"` reads just those cases (a refusal class, say).
    let seeds: Vec<u64> = match std::env::var("SEEDS") {
        Ok(list) => list.split([' ', ',', '\n']).filter_map(|s| s.trim().parse().ok()).collect(),
        Err(_) => (first..first + count).collect(),
    };
    let per_shape: Mutex<BTreeMap<String, Tally>> = Mutex::new(BTreeMap::new());
    // The same cases by the height of a layer in the picture, in pixels.
    let per_height: Mutex<BTreeMap<usize, Tally>> = Mutex::new(BTreeMap::new());
    let lines: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let started = std::time::Instant::now();
    let read_time = Mutex::new(std::time::Duration::ZERO);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&seed) = seeds.get(i) else { break };
                    let c = case(seed);
                    let t = std::time::Instant::now();
                    let sight = read(&c.picture, &ReadOptions::default());
                    *read_time.lock().unwrap() += t.elapsed();
                    let truth = renamed_in_order(&c.level.to_string());
                    let shape = format!(
                        "{:?}{}",
                        c.theme.shape,
                        if matches!(c.theme.contents, snapsolve::synthetic::water::Contents::Balls) {
                            " balls"
                        } else {
                            ""
                        }
                    );
                    let verdict = match &sight.read {
                        Ok(r) if renamed_in_order(&r.puzzle.to_string()) == truth => Verdict::Exact,
                        Ok(_) => Verdict::Wrong,
                        Err(_) => Verdict::Refused,
                    };
                    per_shape.lock().unwrap().entry(shape.clone()).or_default().add(verdict);
                    let bin = LAYER_BINS.iter().rposition(|&lo| c.layer_height >= lo).unwrap_or(0);
                    per_height.lock().unwrap().entry(bin).or_default().add(verdict);
                    let what = match (&sight.read, verdict) {
                        (_, Verdict::Exact) => every.then(|| format!("exact   {shape} layer {:.1} px", c.layer_height)),
                        (Ok(r), _) => Some(format!(
                            "WRONG   {shape} theme {} {}x{} q{:?}{} layer {:.1} px\n        read  {}\n        truth {}",
                            seed / LEVELS_PER_THEME,
                            c.picture.width(),
                            c.picture.height(),
                            c.quality,
                            if c.halved { " shrunk" } else { "" },
                            c.layer_height,
                            r.puzzle,
                            c.level
                        )),
                        (Err(e), _) => verbose.then(|| {
                            let seen = sight.detection.as_ref().map_or("no detection".to_string(), |d| {
                                format!(
                                    "saw {}/{} tubes, capacity {}/{}",
                                    d.tubes.len(),
                                    c.level.tubes().len(),
                                    d.capacity,
                                    c.level.capacity()
                                )
                            });
                            format!(
                                "refused {shape} theme {} {}x{} q{:?}{} layer {:.1} px [{seen}]: {e}\n        truth {}",
                                seed / LEVELS_PER_THEME,
                                c.picture.width(),
                                c.picture.height(),
                                c.quality,
                                if c.halved { " shrunk" } else { "" },
                                c.layer_height,
                                c.level
                            )
                        }),
                    };
                    if let Some(line) = what {
                        lines.lock().unwrap().push((seed, line));
                    }
                }
            });
        }
    });
    let mut lines = lines.into_inner().unwrap();
    lines.sort();
    for (seed, line) in &lines {
        println!("seed {seed}: {line}");
    }
    let table = per_shape.into_inner().unwrap();
    let mut all = Tally::default();
    println!("{:<24} {:>6} {:>8} {:>6} {:>6}", "shape", "cases", "exact", "refused", "WRONG");
    for (shape, t) in &table {
        let n = t.exact + t.refused + t.wrong;
        println!("{shape:<24} {n:>6} {:>8} {:>6} {:>6}", t.exact, t.refused, t.wrong);
        all.exact += t.exact;
        all.refused += t.refused;
        all.wrong += t.wrong;
    }
    println!("{:<24} {:>6} {:>8} {:>6} {:>6}", "layer height (px)", "cases", "exact", "refused", "WRONG");
    for (bin, t) in per_height.into_inner().unwrap() {
        let label = match LAYER_BINS.get(bin + 1) {
            Some(hi) => format!("{} to {hi}", LAYER_BINS[bin]),
            None => format!("{} and more", LAYER_BINS[bin]),
        };
        let n = t.exact + t.refused + t.wrong;
        println!("{label:<24} {n:>6} {:>8} {:>6} {:>6}", t.exact, t.refused, t.wrong);
    }
    let n = all.exact + all.refused + all.wrong;
    println!(
        "{:<24} {n:>6} {:>8} {:>6} {:>6}\nexact {:.2}%, refused {:.2}%, confident wrong {} ({} themes, seeds {first}..{}); reading {:.1} ms a case, {:.0} s in all",
        "all",
        all.exact,
        all.refused,
        all.wrong,
        100.0 * all.exact as f64 / n.max(1) as f64,
        100.0 * all.refused as f64 / n.max(1) as f64,
        all.wrong,
        count.div_ceil(LEVELS_PER_THEME),
        first + count,
        read_time.into_inner().unwrap().as_secs_f64() * 1e3 / n.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
}
