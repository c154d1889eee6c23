//! Real screenshots from `../shared/water_screens/` read by the vision stage:
//! exact levels against the ground truth (up to renaming colours), negatives
//! rejected, and the binary on screenshots.

use std::path::Path;

use predicates::prelude::*;
use snapsolve::puzzle::water::renamed_in_order;

use crate::support::{self, snapsolve};

/// The level the binary reads from a screenshot.
fn read(path: &Path) -> Result<String, String> {
    support::read_level(path, &[])
}

#[test]
fn ground_truth_screenshots_read_exactly() {
    let root = support::shared_dir().join("water_screens");
    let gt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("ground_truth.json")).unwrap()).unwrap();
    let mut exact = Vec::new();
    let mut wrong = Vec::new();
    for (folder, entry) in gt.as_object().unwrap() {
        let Some(images) = entry.get("images") else { continue };
        for (name, truth) in images.as_object().unwrap() {
            let expected = truth["visible"].as_str().unwrap();
            let got = read(&root.join(folder).join(name));
            if got.as_deref().map(renamed_in_order) == Ok(renamed_in_order(expected)) {
                exact.push(name.clone());
            } else {
                wrong.push(format!("{name}: read {got:?}, expected {expected}"));
            }
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
    assert_eq!(exact.len(), 26, "every ground-truth screenshot must be read");
}

/// The 15 screenshots without upstream ground truth, whose levels we wrote
/// down by looking at them (tests/data/water_truth.json): all read exactly,
/// and the four with no level in play are rejected with exit 2.
#[test]
fn screenshots_with_our_written_truth_read_exactly_and_negatives_are_rejected() {
    let root = support::shared_dir().join("water_screens");
    let truth: serde_json::Value = serde_json::from_str(include_str!("data/water_truth.json")).unwrap();
    let levels = truth["levels"].as_object().unwrap();
    let negatives = truth["negative"].as_array().unwrap();
    assert_eq!(levels.len() + negatives.len(), 15);
    for (name, expected) in levels {
        let got = read(&root.join(name));
        assert_eq!(
            got.as_deref().map(renamed_in_order),
            Ok(renamed_in_order(expected.as_str().unwrap())),
            "{name}: read {got:?}"
        );
    }
    for name in negatives {
        let name = name.as_str().unwrap();
        assert!(read(&root.join(name)).is_err(), "{name} should be rejected");
        snapsolve().arg(root.join(name)).assert().code(2);
    }
}

/// The 49 screenshots of six more games (more_truth.json, ball sort
/// included): every one read exactly (none refused, none read as another
/// level), and all five with no level in play rejected.
#[test]
fn more_games_are_read_exactly_or_refused_never_misread() {
    let root = support::shared_dir().join("water_screens");
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("more_truth.json")).unwrap()).unwrap();
    let (mut exact, mut refused, mut wrong, mut negatives) = (0, 0, Vec::new(), 0);
    for (folder, entry) in truth.as_object().unwrap().iter().filter(|(k, _)| !k.starts_with('_')) {
        for (name, level) in entry.get("images").and_then(|i| i.as_object()).into_iter().flatten() {
            let expected = renamed_in_order(level["visible"].as_str().unwrap());
            match read(&root.join(folder).join(name)) {
                Ok(got) if renamed_in_order(&got) == expected => exact += 1,
                Ok(got) => wrong.push(format!("{folder}/{name}: read {got}")),
                Err(_) => refused += 1,
            }
        }
        for name in entry.get("negatives").and_then(|n| n.as_array()).into_iter().flatten() {
            let path = root.join(folder).join(name.as_str().unwrap());
            assert!(read(&path).is_err(), "{} should be rejected", path.display());
            negatives += 1;
        }
    }
    assert!(wrong.is_empty(), "read as another level:\n{}", wrong.join("\n"));
    assert_eq!((exact + refused, negatives), (49, 5));
    assert_eq!(exact, 49, "only {exact} of 49 read exactly ({refused} refused)");
}

#[test]
fn bundled_screenshot_is_read_and_solved() {
    let dir = tempfile::tempdir().unwrap();
    let report = support::bundled_sample_report(dir.path());
    let puzzle = report["puzzle"].as_str().unwrap();
    assert_eq!(
        renamed_in_order(puzzle),
        renamed_in_order("ABCC DFGH IDJK IFJI BJLA LBKB KDJM MDFM GHCA KLHG HLMA GCFI EEEE EEEE")
    );
    let moves: Vec<(usize, usize)> = support::moves_of(&report);
    assert_eq!(moves.len(), 41);
    assert!(support::replay_solves(puzzle, &moves));
}

/// Replays pours on a compact level with `?` layers (which never move) and
/// says whether the last pour left a `?` on top of its source tube.
fn last_pour_uncovers(level: &str, moves: &[(usize, usize)]) -> bool {
    let capacity = level.split_whitespace().next().unwrap().len();
    let mut tubes: Vec<Vec<char>> =
        level.split_whitespace().map(|t| t.chars().rev().filter(|&c| c != 'E').collect()).collect();
    let mut uncovered = false;
    for &(from, to) in moves {
        let (f, t) = (from - 1, to - 1);
        let colour = *tubes[f].last().expect("source has liquid");
        assert_ne!(colour, '?', "never pour a hidden layer");
        assert!(tubes[t].last().is_none_or(|&c| c == colour) && tubes[t].len() < capacity, "legal pour");
        while tubes[f].last() == Some(&colour) && tubes[t].len() < capacity {
            tubes[f].pop();
            tubes[t].push(colour);
        }
        uncovered = tubes[f].last() == Some(&'?');
    }
    uncovered
}

#[test]
fn hidden_layer_screenshot_gets_a_plan_that_stops_at_a_reveal() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("hidden.png");
    std::fs::copy(
        support::shared_dir().join("water_screens/sshcrack__water-sort-player/discovery-level-16.png"),
        &shot,
    )
    .unwrap();
    let out = snapsolve().arg(&shot).arg("--json").assert().code(0).get_output().stdout.clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["status"], "partial");
    let puzzle = report["puzzle"].as_str().unwrap();
    assert!(puzzle.contains('?'));
    let moves: Vec<(usize, usize)> = support::moves_of(&report);
    assert!(!moves.is_empty());
    assert!(last_pour_uncovers(puzzle, &moves), "{puzzle}: {moves:?}");
    assert!(!last_pour_uncovers(puzzle, &moves[..moves.len() - 1]), "the plan stops at the first reveal");
    assert!(dir.path().join("hidden.solution.png").exists());
}

#[test]
fn broken_images_exit_2_naming_the_file_and_debug_never_touches_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let png =
        std::fs::read(support::shared_dir().join("water_screens/sshcrack__water-sort-player/level-213.png")).unwrap();
    let truncated = dir.path().join("truncated.png");
    std::fs::write(&truncated, &png[..png.len() / 3]).unwrap();
    snapsolve().arg(&truncated).assert().code(2).stderr(predicate::str::contains("truncated.png"));
    let fake = dir.path().join("notes.png");
    std::fs::write(&fake, "not an image at all").unwrap();
    snapsolve().arg(&fake).assert().code(2).stderr(predicate::str::contains("is not a readable image"));

    let shot = dir.path().join("level.png");
    std::fs::write(&shot, &png).unwrap();
    snapsolve().arg(&shot).arg("--debug").assert().code(0);
    assert_eq!(std::fs::read(&shot).unwrap(), png, "the input is untouched");
    let debug = image::open(dir.path().join("level.debug.png")).unwrap();
    assert_eq!((debug.width(), debug.height()), (360, 800));
}

#[test]
fn solution_pictures_are_written_beside_the_input_at_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.jpg");
    std::fs::copy("samples/lvl105.jpg", &shot).unwrap();
    let out = snapsolve().arg(&shot).arg("--json").assert().code(0).get_output().stdout.clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let images: Vec<String> = report["images"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().into()).collect();
    for stage in ["decode_ms", "read_solve_ms", "render_write_ms"] {
        assert!(report["timings"][stage].as_f64().unwrap() > 0.0, "{stage}");
    }
    // 41 moves, at most five a page, fewer where more would overlap.
    assert!((9..=41).contains(&images.len()), "{} pages", images.len());
    let mut sizes = Vec::new();
    for (i, path) in images.iter().enumerate() {
        assert!(path.ends_with(&format!("shot.solution-{}.png", i + 1)), "{path}");
        let page = image::open(path).unwrap();
        assert_eq!(page.width(), 440, "the screenshot's width");
        assert!(page.height() >= 793, "the screenshot's height, or more with a band");
        sizes.push((page.width(), page.height()));
    }
    assert!(sizes.windows(2).all(|p| p[0] == p[1]), "every page one size: {sizes:?}");
    assert_eq!(std::fs::read(&shot).unwrap(), std::fs::read("samples/lvl105.jpg").unwrap(), "input untouched");

    // A chosen path: pages are numbered before its extension.
    let easy =
        support::shared_dir().join("water_screens/sshcrack__water-sort-player/detection/five-bottle-detection.png");
    let chosen = dir.path().join("out.png");
    let out = snapsolve().arg(&easy).arg("-o").arg(&chosen).arg("--json").assert().code(0).get_output().stdout.clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let n_moves = report["moves"].as_array().unwrap().len();
    let images = report["images"].as_array().unwrap();
    assert!((n_moves.div_ceil(5)..=n_moves).contains(&images.len()), "{} pages for {n_moves} moves", images.len());
    let first = if images.len() == 1 { chosen.clone() } else { dir.path().join("out-1.png") };
    assert_eq!(images[0].as_str().unwrap(), first.display().to_string());
    assert_eq!(image::open(&first).unwrap().width(), 360);
}

#[test]
fn bad_output_paths_fail_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.jpg");
    std::fs::copy("samples/lvl105.jpg", &shot).unwrap();
    snapsolve()
        .arg(&shot)
        .args(["-o", "/no/such/folder/out.png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write `/no/such/folder/out.png`"))
        .stdout(predicate::str::is_empty());
    snapsolve().arg(&shot).arg("-o").arg(&shot).assert().code(2).stderr(predicate::str::contains("never overwrites"));
    assert_eq!(std::fs::read(&shot).unwrap(), std::fs::read("samples/lvl105.jpg").unwrap());
}

#[test]
fn frames_and_gif_show_the_plan_move_by_move() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("five.png");
    std::fs::copy(
        support::shared_dir().join("water_screens/sshcrack__water-sort-player/detection/five-bottle-detection.png"),
        &shot,
    )
    .unwrap();
    let out = snapsolve().arg(&shot).args(["--frames", "--gif", "--json"]).assert().code(0).get_output().stdout.clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let n_moves = report["moves"].as_array().unwrap().len();
    let frames: Vec<_> = (1..=n_moves).map(|i| dir.path().join(format!("five.solution.frame-{i:02}.png"))).collect();
    for frame in &frames {
        assert_eq!(image::open(frame).unwrap().width(), 360, "{}", frame.display());
    }
    // Consecutive frames differ: each shows one more pour.
    let a = image::open(&frames[0]).unwrap().to_rgb8();
    let b = image::open(&frames[1]).unwrap().to_rgb8();
    assert_ne!(a, b);
    let gif = std::fs::read(dir.path().join("five.solution.gif")).unwrap();
    assert!(gif.starts_with(b"GIF89a"));
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).unwrap();
    use image::AnimationDecoder;
    assert_eq!(decoder.into_frames().count(), n_moves + 1, "the screenshot, then one frame per move");
}

#[test]
fn bundled_synthetic_sample_reads_as_the_level_it_was_drawn_from() {
    use snapsolve::synthetic::water::{classic_themes, scrambled_level};
    let themes = classic_themes();
    let theme = themes.iter().find(|t| t.name == "dusk").unwrap();
    let drawn = scrambled_level(theme, 7).to_string();
    assert_eq!(
        read(Path::new("samples/synthetic-dusk.png")).map(|l| renamed_in_order(&l)),
        Ok(renamed_in_order(&drawn))
    );
    let dir = tempfile::tempdir().unwrap();
    let out = snapsolve()
        .args(["samples/synthetic-dusk.png", "--json", "-o"])
        .arg(dir.path().join("dusk.png"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert!(support::replay_solves(report["puzzle"].as_str().unwrap(), &support::moves_of(&report)));
}
