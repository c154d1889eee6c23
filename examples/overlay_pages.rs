//! Development aid: every water screenshot under ../shared/water_screens
//! read, solved and laid out as pages; prints per screenshot the moves,
//! pages, the bands grown (above+below) and any overlap the check finds,
//! then the totals. `cargo run --release --example overlay_pages`.
use snapsolve::app::{self, DebugPicture, Input};
use snapsolve::options::Options;
use snapsolve::pipeline::Outcome;
use snapsolve::render::water::{Headline, RenderOptions, overlay_geometry, pages::collisions};
use std::path::PathBuf;
fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/water_screens");
    let (mut tm, mut tp, mut bad) = (0, 0, 0);
    for entry in walkdir(&root) {
        let Ok(input) = Input::read(&entry) else { continue };
        let Ok(s) = app::solve(&input, &Options::default(), DebugPicture::Skip).result else { continue };
        let Outcome::Water(w) = s.outcome else { continue };
        let Some(l) = w.layout.as_ref() else { continue };
        let moves = w.plan().unwrap_or(&[]).to_vec();
        let p = overlay_geometry(l, &moves, &Headline::Solved { total: moves.len() }, &RenderOptions::default());
        let c: Vec<String> = (0..p.pages.len())
            .flat_map(|i| collisions(&p, i).into_iter().map(move |c| format!("p{}: {c}", i + 1)))
            .collect();
        tm += moves.len();
        tp += p.pages.len();
        bad += usize::from(!c.is_empty());
        println!(
            "{:60} moves {:3} pages {:3} grow {}+{} {:?}",
            entry.strip_prefix(&root).unwrap().display(),
            moves.len(),
            p.pages.len(),
            p.offset,
            p.height - l.image_height - p.offset,
            c.iter().take(3).collect::<Vec<_>>()
        );
    }
    println!("moves {tm} pages {tp} with overlaps {bad}");
}
fn walkdir(p: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(p).unwrap().flatten() {
        let path = e.path();
        if path.is_dir() {
            out.extend(walkdir(&path));
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("png" | "jpg" | "jpeg" | "webp")) {
            out.push(path);
        }
    }
    out.sort();
    out
}
