//! The solution pictures of every real screenshot with truth in
//! `../shared/water_screens/`: on every page, no badge, tube number, arrow
//! or arrowhead overlaps another, a tube, or the legend, and nothing
//! reaches past the page's edge (the check is `render::water::pages::collisions`,
//! the one the layout itself must pass).

use std::path::Path;

use snapsolve::app::{self, DebugPicture, Input};
use snapsolve::options::Options;
use snapsolve::pipeline::Outcome;
use snapsolve::render::water::{Headline, RenderOptions, overlay_geometry, pages::collisions};

use crate::support;

/// Every screenshot named in the truth files (negatives excluded).
fn screenshots(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for file in ["ground_truth.json", "more_truth.json"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let gt: serde_json::Value = serde_json::from_str(&text).unwrap();
        for (folder, entry) in gt.as_object().unwrap().iter().filter(|(k, _)| !k.starts_with('_')) {
            for name in entry.get("images").and_then(|i| i.as_object()).into_iter().flat_map(|i| i.keys()) {
                out.push(format!("{folder}/{name}"));
            }
        }
    }
    let ours: serde_json::Value = serde_json::from_str(include_str!("data/water_truth.json")).unwrap();
    out.extend(ours["levels"].as_object().unwrap().keys().cloned());
    out
}

#[test]
fn no_mark_overlaps_another_on_any_page_of_any_real_screenshot() {
    let root = support::shared_dir().join("water_screens");
    let names = screenshots(&root);
    let (mut drawn, mut pages_checked, mut moves_drawn) = (0, 0, 0);
    let mut found = Vec::new();
    for name in &names {
        let Ok(input) = Input::read(&root.join(name)) else { continue };
        let Ok(solved) = app::solve(&input, &Options::default(), DebugPicture::Skip).result else { continue };
        let Outcome::Water(water) = solved.outcome else { continue };
        let Some(layout) = water.layout.as_ref() else { continue };
        let moves = water.plan().unwrap_or(&[]).to_vec();
        let headline = Headline::Solved { total: moves.len() };
        for per_page in [RenderOptions::default().moves_per_page, 1] {
            let pages = overlay_geometry(layout, &moves, &headline, &RenderOptions { moves_per_page: per_page });
            let numbers: Vec<usize> = pages.pages.iter().flat_map(|p| p.arrows.iter().map(|a| a.number)).collect();
            assert_eq!(numbers, (1..=moves.len()).collect::<Vec<_>>(), "{name}: every move once, in order");
            for p in 0..pages.pages.len() {
                found.extend(collisions(&pages, p).into_iter().map(|c| format!("{name} page {}: {c}", p + 1)));
            }
            pages_checked += pages.pages.len();
        }
        drawn += 1;
        moves_drawn += moves.len();
    }
    eprintln!("{drawn} of {} screenshots drawn, {moves_drawn} moves on {pages_checked} pages", names.len());
    assert!(found.is_empty(), "{} overlaps:\n{}", found.len(), found.join("\n"));
    // Every screenshot the reader reads today is drawn (a floor: more once
    // it reads more), and the check saw real work.
    assert!(drawn >= 70, "only {drawn} of {} screenshots were drawn", names.len());
    assert!(moves_drawn >= 700 && pages_checked >= 500, "{moves_drawn} moves on {pages_checked} pages");
}
