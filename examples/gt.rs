//! Development aid: every screenshot with truth in ../shared/water_screens
//! (ground_truth.json, more_truth.json, tests/data/water_truth.json) read
//! through the binary's entry and compared; negatives must be refused.
//! Prints each miss and a table per source folder.
//! `cargo run --release --example gt [FILTER]`.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use snapsolve::app::{self, DebugPicture, Input};
use snapsolve::options::Options;
use snapsolve::pipeline::Outcome;
use snapsolve::puzzle::water::renamed_in_order;

/// (folder/file, expected level or None for a negative).
fn cases(root: &Path) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for file in ["ground_truth.json", "more_truth.json"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let gt: serde_json::Value = serde_json::from_str(&text).unwrap();
        for (folder, entry) in gt.as_object().unwrap().iter().filter(|(k, _)| !k.starts_with('_')) {
            for (name, truth) in entry.get("images").and_then(|i| i.as_object()).into_iter().flatten() {
                out.push((format!("{folder}/{name}"), Some(truth["visible"].as_str().unwrap().to_string())));
            }
            for name in entry.get("negatives").and_then(|n| n.as_array()).into_iter().flatten() {
                out.push((format!("{folder}/{}", name.as_str().unwrap()), None));
            }
        }
    }
    let ours: serde_json::Value = serde_json::from_str(include_str!("../tests/data/water_truth.json")).unwrap();
    for (name, level) in ours["levels"].as_object().unwrap() {
        out.push((name.clone(), Some(level.as_str().unwrap().to_string())));
    }
    for name in ours["negative"].as_array().unwrap() {
        out.push((name.as_str().unwrap().to_string(), None));
    }
    out
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/water_screens");
    let filter = std::env::args().nth(1).unwrap_or_default();
    let options = Options::default();
    let mut table: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (name, expected) in cases(&root).into_iter().filter(|(n, _)| n.contains(&filter)) {
        let path = root.join(&name);
        let started = std::time::Instant::now();
        let got = Input::read(&path).and_then(|input| app::solve(&input, &options, DebugPicture::Skip).result);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let got = got.map(|s| match s.outcome {
            Outcome::Water(w) => w.puzzle.to_string(),
            Outcome::Squares(s) => format!("squares {}x{}", s.puzzle.width, s.puzzle.height),
        });
        let ok = match (&expected, &got) {
            (Some(e), Ok(g)) => renamed_in_order(e) == renamed_in_order(g),
            (None, Err(_)) => true,
            _ => false,
        };
        let folder = name.split('/').next().unwrap().to_string();
        let entry = table.entry(folder).or_default();
        entry.0 += usize::from(ok);
        entry.1 += 1;
        if ok {
            println!("ok   {name} ({ms:.0} ms)");
        } else {
            println!("MISS {name} ({ms:.0} ms)\n     got      {got:?}\n     expected {expected:?}");
        }
    }
    let (mut good, mut total) = (0, 0);
    for (folder, (g, t)) in &table {
        println!("{folder:<40} {g:>3} / {t}");
        good += g;
        total += t;
    }
    println!("{:<40} {good:>3} / {total}", "all");
}
