//! Calibration: a theme learned from some screenshots of a game reads the
//! others exactly; near-identical shades that clustering merges are told
//! apart by a calibrated theme; the calibration file keeps what a person
//! wrote in it and is never replaced when broken.

use std::path::Path;

use predicates::prelude::*;
use snapsolve::calibrate::{CalibrateOptions, learn_theme};
use snapsolve::puzzle::water::{WaterPuzzle, renamed_in_order};
use snapsolve::synthetic::water::scene::Background;
use snapsolve::synthetic::water::{Theme as DrawTheme, classic_themes, draw, scrambled_level};
use snapsolve::vision::water::{ReadOptions, ThemeChoice};

use crate::support::{self, snapsolve};

fn image(path: &Path) -> image::RgbImage {
    image::open(path).unwrap().to_rgb8()
}

/// The level read from a screenshot with a calibrated theme, or clustered.
fn read_with(img: &image::RgbImage, theme: Option<&snapsolve::config::Theme>) -> Result<String, String> {
    let theme = theme.map_or(ThemeChoice::Cluster, |t| ThemeChoice::Named(t.clone()));
    let options = ReadOptions { theme, ..Default::default() };
    snapsolve::vision::water::read(img, &options).read.map(|r| r.puzzle.to_string()).map_err(|e| e.to_string())
}

#[test]
fn a_theme_learned_from_one_screenshot_reads_the_others_of_its_game() {
    let root = support::shared_dir().join("water_screens/sshcrack__water-sort-player");
    // This level shows all ten colours of the game.
    let learn_from = ["discovery-level-5.png"];
    let images: Vec<_> = learn_from.iter().map(|f| image(&root.join(f))).collect();
    let options = CalibrateOptions { name: "wood".into(), ..Default::default() };
    let theme = learn_theme(&images, &options).unwrap();
    assert_eq!(theme.capacity, 4);
    assert_eq!(theme.colors.len(), 10, "{:#?}", theme.colors);

    let gt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("../ground_truth.json")).unwrap()).unwrap();
    let mut checked = 0;
    for (name, truth) in gt["sshcrack__water-sort-player"]["images"].as_object().unwrap() {
        if learn_from.contains(&name.as_str()) || name == "detection/twelve-alternative-detection.png" {
            continue;
        }
        let expected = truth["visible"].as_str().unwrap();
        let got = read_with(&image(&root.join(name)), Some(&theme));
        assert_eq!(got.as_deref().map(renamed_in_order), Ok(renamed_in_order(expected)), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 23);

    // A screenshot of another game is not read with this theme: the colour
    // that does not fit is named.
    let other = support::shared_dir().join("water_screens/kuking__WaterSortPuzzleSolver/lvl105.jpg");
    let err = read_with(&image(&other), Some(&theme)).unwrap_err();
    assert!(err.contains("matches no colour of theme `wood`") && err.contains("re-calibrate"), "{err}");
}

/// A dark theme whose palette holds two reds about ΔE 8 apart.
fn twins() -> DrawTheme {
    DrawTheme {
        name: "twins".into(),
        background: Background::Gradient([20, 22, 30], [30, 32, 44]),
        outline: [210, 210, 220],
        outline_fraction: 0.07,
        glass: ([255, 255, 255], 0.06),
        capacity: 4,
        palette: vec![[200, 40, 40], [226, 70, 48], [40, 180, 60], [40, 80, 220], [240, 210, 40]],
        ..classic_themes().remove(0)
    }
}

#[test]
fn near_identical_shades_refused_by_clustering_are_separated_by_calibration() {
    let twins = twins();
    // Learn the theme from a level where every layer shows.
    let full = (0..100).find(|&seed| scrambled_level(&twins, seed).n_colors() == 5).unwrap();
    let shown = scrambled_level(&twins, full);
    if let Some(dir) = std::env::var_os("SNAPSOLVE_DUMP_MISREADS") {
        draw(&shown, &twins, 540, 1200).save(Path::new(&dir).join("twins-full.png")).unwrap();
    }
    let theme = learn_theme(
        &[draw(&shown, &twins, 540, 1200)],
        &CalibrateOptions { name: "twins".into(), ..Default::default() },
    )
    .unwrap();
    assert_eq!(theme.colors.len(), 5, "calibration keeps the two reds apart");

    // A level showing only each tube's top layer, with both reds on top.
    let seed = (0..200)
        .find(|&seed| {
            let level = scrambled_level(&twins, seed);
            if level.n_colors() != 5 {
                return false;
            }
            let level = level.to_string();
            let tops: String = level.split_whitespace().filter_map(|t| t.chars().find(|&c| c != 'E')).collect();
            level.split_whitespace().all(|t| t == "EEEE" || !t.contains('E'))
                && tops.contains('A')
                && tops.contains('B')
        })
        .expect("a seed with both reds on top");
    let level = scrambled_level(&twins, seed).to_string();
    let hidden_text: Vec<String> = level
        .split_whitespace()
        .map(|t| if t.starts_with('E') { t.to_string() } else { format!("{}???", &t[..1]) })
        .collect();
    let hidden: WaterPuzzle = hidden_text.join(" ").parse().unwrap();
    let img = draw(&hidden, &twins, 540, 1200);
    if let Some(dir) = std::env::var_os("SNAPSOLVE_DUMP_MISREADS") {
        img.save(Path::new(&dir).join("twins-hidden.png")).unwrap();
    }

    // Clustering alone would take the two reds for one colour, and under
    // hidden layers the counts would still add up: the reading is refused
    // as a colour spread like two, never solved wrong.
    let clustered = read_with(&img, None);
    assert!(clustered.as_ref().is_err_and(|e| e.contains("may be two colours")), "clustering: {clustered:?}");
    let calibrated = read_with(&img, Some(&theme));
    assert_eq!(calibrated.as_deref().map(renamed_in_order), Ok(renamed_in_order(&hidden.to_string())));
}

/// Twelve colour names for lvl105's theme, in order of first appearance.
const NAMES: &str = "one,two,three,four,five,six,seven,eight,nine,ten,eleven,twelve";

#[test]
fn calibrate_command_keeps_comments_and_refuses_a_broken_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("calibration.toml");
    let hand = "# Calibrated by hand, keep this line.\nschema = 1\n\n# A theme I made up\n[themes.mine]\ncapacity = 4\n\n[themes.mine.colors]\nred = { hex = \"#ff0000\", lab = [53.2, 80.1, 67.2], tolerance = 4.0 }\n";
    std::fs::write(&file, hand).unwrap();
    let shot = support::shared_dir().join("water_screens/kuking__WaterSortPuzzleSolver/lvl105.jpg");
    snapsolve()
        .args(["calibrate", "--theme", "gma", "--names", NAMES, "--calibration"])
        .arg(&file)
        .arg(&shot)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("theme `gma`: capacity 4, 12 colours"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.starts_with("# Calibrated by hand, keep this line.\nschema = 1\n\n# A theme I made up\n[themes.mine]"),
        "{text}"
    );
    assert!(text.contains("[themes.gma]") && text.contains("[themes.gma.colors]"));

    // Reading with the learned theme gives the same level as clustering.
    let out = snapsolve()
        .arg(&shot)
        .args(["--json", "--theme", "gma", "-o"])
        .arg(dir.path().join("out.png"))
        .arg("--calibration")
        .arg(&file)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        renamed_in_order(report["puzzle"].as_str().unwrap()),
        renamed_in_order("ABCC DFGH IDJK IFJI BJLA LBKB KDJM MDFM GHCA KLHG HLMA GCFI EEEE EEEE")
    );
    // Every move names the colour it pours by the theme's names, given in
    // order of first appearance in this same screenshot: the pour's colour
    // letter, renamed a…l in that order too, is the name's place.
    let puzzle = renamed_in_order(report["puzzle"].as_str().unwrap());
    let mut tubes: Vec<Vec<char>> = puzzle.split(' ').map(|t| t.chars().filter(|&c| c != 'E').collect()).collect();
    let letters: Vec<char> = "abcdefghijkl".chars().collect();
    let names: Vec<&str> = NAMES.split(',').collect();
    for m in report["moves"].as_array().unwrap() {
        let (from, to, amount) = (
            m["from"].as_u64().unwrap() as usize - 1,
            m["to"].as_u64().unwrap() as usize - 1,
            m["amount"].as_u64().unwrap() as usize,
        );
        let top = tubes[from][0];
        let place = letters.iter().position(|&c| c == top).unwrap();
        assert_eq!(m["color"], names[place], "{m}");
        let poured: Vec<char> = tubes[from].drain(..amount).collect();
        tubes[to].splice(0..0, poured);
    }

    // A broken file: reported with its line, and left exactly as it was.
    let broken = "schema = 1\n[themes.x\ncapacity = 4\n";
    std::fs::write(&file, broken).unwrap();
    snapsolve()
        .args(["calibrate", "--theme", "gma", "--calibration"])
        .arg(&file)
        .arg(&shot)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2, column"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), broken);
}
