//! The command-line habits a user of ripgrep, fd or bat expects: many
//! inputs (folders, wildcards) with a line each and the worst exit code,
//! JSON Lines, a level typed as the argument, `-o -`, standard input's
//! output names, JSON errors, `--quiet`, colour only when asked or on a
//! terminal, completions and a man page, and English plurals.

use predicates::prelude::*;

use crate::support::{json_of, snapsolve};

/// A folder with a screenshot, a typed level and a text that is no level.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("samples/lvl105.jpg", dir.path().join("a.jpg")).unwrap();
    std::fs::write(dir.path().join("b.txt"), "GRGR RGRG EEEE EEEE\n").unwrap();
    std::fs::write(dir.path().join("c.txt"), "hello world\n").unwrap();
    dir
}

#[test]
fn a_folder_is_solved_input_by_input_with_the_worst_exit_code() {
    let dir = folder();
    let out = snapsolve().arg(dir.path()).assert().code(2).get_output().clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].contains("a.jpg: solved in 41 pours") && lines[0].contains("a.solution-1.png"), "{stdout}");
    assert!(lines[1].contains("b.txt: solved in 7 pours"), "{stdout}");
    assert!(lines[2].contains("c.txt: not a level or card list"), "{stdout}");
    assert_eq!(lines[3], "3 inputs: 2 solved, 0 with no solution, 1 bad");
    // Run again: the pictures written are not read as inputs, and are
    // replaced (they are this input's).
    let again = snapsolve().arg(dir.path()).arg("--json").assert().code(2).get_output().stdout.clone();
    let objects: Vec<serde_json::Value> = String::from_utf8(again)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[0]["status"], "solved");
    assert!(objects[0]["input"].as_str().unwrap().ends_with("a.jpg"));
    assert_eq!(objects[2]["status"], "error");
    assert!(objects[2]["message"].as_str().unwrap().contains("expected a water-sort level"));
}

#[test]
fn a_wildcard_the_shell_left_alone_is_expanded() {
    let dir = folder();
    snapsolve()
        .arg(dir.path().join("*.txt"))
        .arg("-q")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("b.txt: solved in 7 pours"))
        .stdout(predicate::str::contains("a.jpg").not())
        .stderr("");
    snapsolve().arg(dir.path().join("*.gif")).assert().code(2).stderr(predicate::str::contains("no file matches"));
}

#[test]
fn one_file_options_refuse_several_inputs() {
    let dir = folder();
    snapsolve()
        .arg(dir.path())
        .args(["-o", "x.png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-o names one file, so it takes one input"));
}

#[test]
fn a_level_typed_as_the_argument_is_solved() {
    snapsolve()
        .arg("GRGR RGRG EEEE EEEE")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("solved in 7 pours (fewest pours)"));
    // A missing file says so, and how to type a level.
    snapsolve()
        .arg("shot.pgn")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("there is no such file"))
        .stderr(predicate::str::contains("goes in quotes"));
}

#[test]
fn dash_o_dash_writes_one_png_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = snapsolve()
        .current_dir(dir.path())
        .arg(std::fs::canonicalize("samples/lvl105.jpg").unwrap())
        .args(["-o", "-"])
        .assert()
        .code(0)
        .get_output()
        .clone();
    assert!(out.stdout.starts_with(b"\x89PNG\r\n"), "standard output is a PNG");
    let page = image::load_from_memory(&out.stdout).unwrap();
    let (w, h) = image::image_dimensions("samples/lvl105.jpg").unwrap();
    assert_eq!(page.width(), w, "the screenshot's width");
    assert!(page.height() >= h, "the screenshot's height or more (a band for the marks)");
    assert!(String::from_utf8(out.stderr).unwrap().contains("solved in 41 pours"), "the answer goes to standard error");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file written");
    snapsolve()
        .arg("samples/lvl105.jpg")
        .args(["-o", "-", "--gif"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("writes one picture to standard output, and --gif would write more"));
}

#[test]
fn standard_input_gets_stdin_names_in_the_current_folder() {
    let dir = tempfile::tempdir().unwrap();
    snapsolve()
        .current_dir(dir.path())
        .arg("-")
        .write_stdin(std::fs::read("samples/lvl105.jpg").unwrap())
        .assert()
        .code(0)
        .stderr(predicate::str::contains("wrote 12 pictures: stdin.solution-1.png … stdin.solution-12.png"));
    assert!(dir.path().join("stdin.solution-12.png").is_file());
}

#[test]
fn json_reports_an_error_as_an_object_and_real_times() {
    let out = snapsolve().args(["--json", "no-such-shot.png"]).assert().code(2).get_output().stdout.clone();
    let report = json_of(&out);
    assert_eq!(report["status"], "error");
    assert!(report["message"].as_str().unwrap().contains("no-such-shot.png"));
    // Unsolvable: the time the search took, not 0.
    let out = snapsolve().args(["--json", "RGRG GRGR"]).assert().code(1).get_output().stdout.clone();
    let report = json_of(&out);
    assert_eq!(report["status"], "unsolvable");
    assert!(report["elapsed_ms"].as_f64().unwrap() > 0.0);
    assert!(report["message"].as_str().unwrap().contains("the only reachable state was searched"));
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let plain = snapsolve()
        .arg("samples/lvl105.jpg")
        .args(["-o", "-"])
        .env_remove("NO_COLOR")
        .assert()
        .code(0)
        .get_output()
        .stderr
        .clone();
    assert!(!plain.contains(&0x1b), "no escape codes off a terminal");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.png");
    let coloured = snapsolve()
        .arg("samples/lvl105.jpg")
        .args(["--color", "always", "-o"])
        .arg(&out)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(coloured).unwrap();
    // Every move has a swatch of the colour poured (24-bit background).
    assert_eq!(text.matches("\x1b[48;2;").count(), 41, "{text}");
    let never =
        snapsolve().arg("GRGR RGRG EEEE EEEE").args(["--color", "never"]).assert().code(0).get_output().stdout.clone();
    assert!(!never.contains(&0x1b));
}

#[test]
fn completions_and_a_man_page_come_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        snapsolve().args(["completions", shell]).assert().code(0).stdout(predicate::str::contains("no-turns"));
    }
    snapsolve()
        .arg("man")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(".TH snapsolve 1"))
        .stdout(predicate::str::contains("no\\-turns"));
}

#[test]
fn counts_read_as_english() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("l.txt");
    std::fs::write(&level, "GRGR RGRG EEEE EEEh\n").unwrap();
    snapsolve().arg(&level).assert().code(2).stderr(predicate::str::contains("colour `h` appears once"));
}

/// Ctrl-C (SIGINT) during a long count stops the search; the answer is
/// what was found so far, with the counts as lower bounds, and exit 1.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_count_and_prints_what_was_found() {
    let dir = tempfile::tempdir().unwrap();
    // 25 cards that fit anywhere turned either way: counting takes years.
    let cards: String = (0..25).map(|i| format!("C{i} SAME-a SAME-b SAME-a SAME-b\n")).collect();
    let list = dir.path().join("cards.txt");
    std::fs::write(&list, cards).unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
        .arg(&list)
        .args(["--timeout", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("at least") && stdout.contains("solution 1"), "{stdout}");
    assert!(stderr.contains("stopped by Ctrl-C"), "{stderr}");
}
