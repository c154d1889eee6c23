//! Abuse a careless or hostile user might commit, each case from the
//! hardening issue: outputs that would overwrite the input (checked by
//! checksum), odd calibration files, concurrent calibrate runs, closed
//! pipes and full disks, sizes that overflow, budgets of time and memory.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::support::{self, snapsolve};

/// A checksum of a file's bytes (FNV-1a).
fn checksum(path: &Path) -> u64 {
    std::fs::read(path)
        .unwrap()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// A screenshot of a level with more than five pours (several pages), copied
/// to `dir/name`.
fn screenshot(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::copy("samples/lvl105.jpg", &path).unwrap();
    path
}

/// Runs `snapsolve ARGS` and requires exit 2 with `message`, and `input`
/// left exactly as it was.
fn refused(input: &Path, args: &[&std::ffi::OsStr], message: &str) {
    let before = checksum(input);
    snapsolve().args(args).assert().code(2).stderr(predicate::str::contains(message));
    assert_eq!(checksum(input), before, "{} was changed", input.display());
}

#[test]
fn no_output_ever_replaces_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A typed level named as its own trace.
    let level = d.join("b.txt");
    std::fs::copy("samples/level105.txt", &level).unwrap();
    refused(&level, &[level.as_os_str(), "--trace".as_ref(), level.as_os_str()], "that is the input");
    // A picture of cards named as its own trace.
    let shot = screenshot(d, "shot.jpg");
    refused(
        &shot,
        &["--game".as_ref(), "squares".as_ref(), shot.as_os_str(), "--trace".as_ref(), shot.as_os_str()],
        "that is the input",
    );
    // Page 1 of `x.png` is `x-1.png`.
    let page = screenshot(d, "x-1.jpg");
    let renamed = d.join("x-1.png");
    std::fs::rename(&page, &renamed).unwrap();
    refused(&renamed, &[renamed.as_os_str(), "-o".as_ref(), d.join("x.png").as_os_str()], "that is the input");
    // Frame 1 of `s.png` is `s.frame-01.png`.
    let frame = d.join("s.frame-01.png");
    std::fs::copy(&renamed, &frame).unwrap();
    refused(
        &frame,
        &[frame.as_os_str(), "-o".as_ref(), d.join("s.png").as_os_str(), "--frames".as_ref()],
        "that is the input",
    );
    // A GIF screenshot, and the animation of `g.png` is `g.gif`.
    let gif = d.join("g.gif");
    image::open("samples/lvl105.jpg").unwrap().save(&gif).unwrap();
    refused(
        &gif,
        &[gif.as_os_str(), "-o".as_ref(), d.join("g.png").as_os_str(), "--gif".as_ref()],
        "that is the input",
    );
    // The board picture of `c.png` is `c.board.png`.
    let board = d.join("c.board.png");
    std::fs::copy(&renamed, &board).unwrap();
    refused(
        &board,
        &["--game".as_ref(), "squares".as_ref(), board.as_os_str(), "-o".as_ref(), d.join("c.png").as_os_str()],
        "that is the input",
    );
    // A hard link to the input is the input.
    let one = screenshot(d, "one.png");
    let hard = d.join("hard.png");
    std::fs::hard_link(&one, &hard).unwrap();
    refused(&one, &[one.as_os_str(), "-o".as_ref(), hard.as_os_str()], "that is the input");
    // So is a symlink to it.
    #[cfg(unix)]
    {
        let soft = d.join("soft.png");
        std::os::unix::fs::symlink(&one, &soft).unwrap();
        refused(&one, &[one.as_os_str(), "-o".as_ref(), soft.as_os_str()], "that is the input");
    }
}

/// A file snapsolve did not write is left alone (unless `--force`); its own
/// pictures from the same input are replaced by a second run.
#[test]
fn files_snapsolve_did_not_write_are_left_alone_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let shot = screenshot(dir.path(), "shot.jpg");
    let mine = dir.path().join("shot.solution-3.png");
    std::fs::write(&mine, b"my own notes, not a picture").unwrap();
    refused(&mine, &[shot.as_os_str()], "did not write it from this input");
    assert!(!dir.path().join("shot.solution-1.png").exists(), "refused before any work");
    snapsolve().arg(&shot).arg("--force").assert().code(0);
    assert!(image::open(&mine).is_ok(), "--force replaced it with page 3");
    // A second run replaces its own pages without --force.
    snapsolve().arg(&shot).assert().code(0);
    // The same pages for another input are not its own.
    let other = dir.path().join("other.png");
    std::fs::copy(support::shared_dir().join("water_screens/sshcrack__water-sort-player/level-213.png"), &other)
        .unwrap();
    let page = dir.path().join("shot.solution-1.png");
    refused(
        &page,
        &[other.as_os_str(), "-o".as_ref(), dir.path().join("shot.solution.png").as_os_str()],
        "did not write it",
    );
}

#[test]
fn output_names_and_folders_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let shot = screenshot(dir.path(), "shot.jpg");
    let started = Instant::now();
    snapsolve()
        .arg(&shot)
        .arg("-o")
        .arg(dir.path().join("out"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".png"));
    snapsolve().arg(&shot).arg("--trace").arg(dir.path().join("no/such/dir/t.txt")).assert().code(2);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "nothing written");
}

/// Calibration files of odd shapes: a sentence and exit 2, or the theme
/// added, never a panic (exit 101); a refused file is left as it was.
#[test]
fn calibrate_on_odd_calibration_files_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    let shot = support::shared_dir().join("water_screens/sshcrack__water-sort-player/level-213.png");
    let file = dir.path().join("calibration.toml");
    let calibrate = |text: &str| {
        std::fs::write(&file, text).unwrap();
        snapsolve().args(["calibrate", "--theme", "wood", "--calibration"]).arg(&file).arg(&shot).assert()
    };
    for refused in ["themes = 5\n", "[[themes]]\ncapacity = 4\n", "themes = [1, 2]\n"] {
        calibrate(refused).code(2).stderr(predicate::str::contains("must be a table of themes"));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), refused);
    }
    for accepted in [
        "themes = {}\n",
        "[themes]\nwood = { capacity = 4, colors = { red = { lab = [50, 60, 40], tolerance = 4 } } }\n",
    ] {
        calibrate(accepted).code(0);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("[themes.wood]"), "{text}");
    }
    // Values no theme can have are refused on reading, by the main command too.
    for (bad, says) in [
        ("[themes.x]\ncapacity = 4\n[themes.x.colors]\nred = { lab = [nan, 0, 0], tolerance = 4 }\n", "not a number"),
        ("[themes.x]\ncapacity = 4\n[themes.x.colors]\nred = { lab = [50, 0, 0], tolerance = -3 }\n", "above 0"),
    ] {
        calibrate(bad).code(2).stderr(predicate::str::contains(says));
        snapsolve().arg(&shot).arg("--calibration").arg(&file).assert().code(2).stderr(predicate::str::contains(says));
    }
    // The same name for two colours would write one.
    std::fs::write(&file, "").unwrap();
    snapsolve()
        .args(["calibrate", "--theme", "wood", "--names", "a,a,b", "--calibration"])
        .arg(&file)
        .arg(&shot)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`a` is given twice"));
}

#[test]
fn concurrent_calibrate_runs_keep_every_theme() {
    let dir = tempfile::tempdir().unwrap();
    let shot = support::shared_dir().join("water_screens/sshcrack__water-sort-player/level-213.png");
    let file = dir.path().join("calibration.toml");
    let bin = assert_cmd::cargo::cargo_bin!("snapsolve");
    for round in 0..4 {
        let children: Vec<_> = ["a", "b", "c"]
            .iter()
            .map(|t| {
                std::process::Command::new(bin)
                    .args(["calibrate", "--theme", &format!("{t}{round}"), "--calibration"])
                    .arg(&file)
                    .arg(&shot)
                    .stdout(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut child in children {
            assert!(child.wait().unwrap().success());
        }
    }
    let text = std::fs::read_to_string(&file).unwrap();
    for round in 0..4 {
        for t in ["a", "b", "c"] {
            assert!(text.contains(&format!("[themes.{t}{round}]")), "theme {t}{round} lost:\n{text}");
        }
    }
}

#[cfg(unix)]
#[test]
fn calibrate_writes_through_a_symlink_keeps_permissions_and_cleans_up() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let shot = support::shared_dir().join("water_screens/sshcrack__water-sort-player/level-213.png");
    let real = dir.path().join("real.toml");
    let link = dir.path().join("calibration.toml");
    std::fs::write(&real, "# mine\n").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    // A temporary file a killed run left behind.
    let stale = dir.path().join(".real.toml.99999.tmp");
    std::fs::write(&stale, "half a file").unwrap();
    snapsolve().args(["calibrate", "--theme", "wood", "--calibration"]).arg(&link).arg(&shot).assert().code(0);
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink(), "the link is still a link");
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.contains("# mine") && text.contains("[themes.wood]"), "{text}");
    assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o600);
    assert!(!stale.exists(), "the stale temporary file is removed");
    // A read-only file is refused, and left as it is.
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read_to_string(&real).unwrap();
    snapsolve()
        .args(["calibrate", "--theme", "oak", "--calibration"])
        .arg(&link)
        .arg(&shot)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("read-only"));
    assert_eq!(std::fs::read_to_string(&real).unwrap(), before);
}

/// A reader that goes away ends the run quietly with the status it had; a
/// full disk is a sentence and exit 2.
#[cfg(unix)]
#[test]
fn closed_pipes_end_quietly_and_full_disks_are_reported() {
    let frogs = support::shared_dir().join("edge_data/_normalized/albznw_frogs.txt");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
        .arg(&frogs)
        .arg("--all")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let output = std::process::Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
            .arg(&frogs)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write `standard output`"));
    }
}

#[test]
fn a_time_limit_stops_a_long_search_with_its_message() {
    let board = support::shared_dir().join("edge_data/jfbucas__eternityII-viewer/brendan/pieces_16x16.txt");
    let started = Instant::now();
    snapsolve()
        .arg(&board)
        .args(["--timeout", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("the time limit is --timeout 1"));
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

#[test]
fn odd_inputs_get_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    // A byte-order mark is no part of the level.
    snapsolve().arg("-").write_stdin("\u{feff}GRGR RGRG EEEE EEEE\n").assert().code(0);
    // Bytes that are neither text nor a picture we read (a TGA header).
    let tga = dir.path().join("shot.tga");
    std::fs::write(&tga, [0u8, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 24, 0, 0xff, 0xfe, 0xfd]).unwrap();
    snapsolve().arg(&tga).assert().code(2).stderr(predicate::str::contains("nor a picture snapsolve reads"));
    // A picture in a format this build does not decode.
    let bmp = dir.path().join("shot.bmp");
    std::fs::write(&bmp, b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0\x01\0\0\0\x01\0\0\0\x01\0\x18\0").unwrap();
    snapsolve().arg(&bmp).assert().code(2).stderr(predicate::str::contains("PNG, JPEG and GIF"));
    // Input that never ends is read up to a bound.
    #[cfg(unix)]
    snapsolve().arg("/dev/zero").assert().code(2).stderr(predicate::str::contains("larger than 256 MiB"));
}
