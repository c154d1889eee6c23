//! The `snapsolve` binary as a user runs it: output, JSON schema, exit codes.

mod support;

use assert_cmd::Command;
use predicates::prelude::*;

fn snapsolve() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
}

fn json_of(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("stdout is JSON")
}

#[test]
fn solves_a_typed_level_with_numbered_moves() {
    snapsolve()
        .arg("samples/level105.txt")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1. tube 3 → tube 13"))
        .stdout(predicate::str::contains("solved in 41 pours (fewest pours)"));
}

#[test]
fn json_report_replays_to_a_solved_state() {
    for strategy in ["optimal", "dfs"] {
        let out = snapsolve()
            .args(["samples/level105.txt", "--json", "--strategy", strategy])
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let report = json_of(&out);
        assert_eq!(report["status"], "solved");
        assert_eq!(report["game"], "water");
        let puzzle = report["puzzle"].as_str().unwrap();
        let moves: Vec<(usize, usize)> = report["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["from"].as_u64().unwrap() as usize, m["to"].as_u64().unwrap() as usize))
            .collect();
        assert!(support::replay_solves(puzzle, &moves), "{strategy}");
        if strategy == "optimal" {
            assert_eq!(moves.len(), 41);
        }
    }
}

#[test]
fn unsolvable_level_exits_1_and_suggests_an_extra_tube() {
    let out = snapsolve().args(["-", "--json"]).write_stdin("GRGR RGRG\n").assert().code(1).get_output().stdout.clone();
    let report = json_of(&out);
    assert_eq!(report["status"], "unsolvable");
    assert_eq!(report["extra_tube"]["solvable"], true);
    assert_eq!(report["extra_tube"]["pours"], 7);
    snapsolve()
        .arg("-")
        .write_stdin("GRGR RGRG\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("with one more empty tube it takes 7 pours"));
}

#[test]
fn budget_exhaustion_exits_1_with_its_status() {
    let out = snapsolve()
        .args(["samples/level105.txt", "--json", "--max-states", "50"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(json_of(&out)["status"], "budget_exceeded");
}

#[test]
fn bad_input_exits_2_with_a_sentence() {
    let cases = [
        ("GGGR RRRR EEEE\n", "colour `G` appears 3 times"),
        ("# a comment\nGGGG\nRRR\n", "line 3: tube `RRR` is 3 slots long, expected 4"),
        ("GGGG R!RR\n", "`!` in tube `R!RR` is not a colour"),
        ("", "the level has no tubes"),
        ("G R\n", "capacity 1 is out of range"),
        ("G??? GGG? EEEE\n", "hidden or locked layers"),
    ];
    for (input, message) in cases {
        snapsolve().arg("-").write_stdin(input).assert().code(2).stderr(predicate::str::contains(message));
    }
    snapsolve().arg("no/such/file.txt").assert().code(2).stderr(predicate::str::contains("cannot read"));
    snapsolve()
        .arg("-")
        .write_stdin(vec![0xff, 0xfe, 0x00])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not text"));
}
