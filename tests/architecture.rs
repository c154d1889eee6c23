//! The invariants ARCHITECTURE.md states as absences, checked on the
//! source: `render/` never looks into `vision/`; `puzzle/` and `solve/`
//! touch neither pixels nor files; the library never prints (only
//! `main.rs` and `console/`, the terminal side, do); no file in `src/` is
//! over 500 lines.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every line of the files under `dir` that contains one of `words`.
fn lines_with(dir: &str, words: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(&src().join(dir)) {
        for (n, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            if words.iter().any(|w| line.contains(w)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn render_imports_nothing_from_vision() {
    assert_eq!(lines_with("render", &["vision::"]), Vec::<String>::new());
}

#[test]
fn puzzle_and_solve_touch_neither_pixels_nor_files() {
    for dir in ["puzzle", "solve"] {
        assert_eq!(lines_with(dir, &["image::", "imageproc", "std::fs", "File::"]), Vec::<String>::new(), "{dir}");
    }
}

#[test]
fn the_library_never_prints() {
    let main = src().join("main.rs").display().to_string();
    let console = src().join("console").display().to_string();
    let words = ["println!", "print!(", "eprintln!", "eprint!(", "dbg!(", "io::stdout()", "io::stderr()"];
    let printing: Vec<String> = lines_with("", &words)
        .into_iter()
        .filter(|l| !l.starts_with(&format!("{main}:")) && !l.starts_with(&console))
        .collect();
    assert_eq!(printing, Vec::<String>::new());
}

#[test]
fn no_source_file_is_over_500_lines() {
    let long: Vec<String> = rust_files(&src())
        .into_iter()
        .map(|f| (std::fs::read_to_string(&f).unwrap().lines().count(), f))
        .filter(|(n, _)| *n > 500)
        .map(|(n, f)| format!("{}: {n} lines", f.display()))
        .collect();
    assert_eq!(long, Vec::<String>::new());
}
