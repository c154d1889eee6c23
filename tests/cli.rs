//! The `snapsolve` binary as a user runs it: output, JSON schema, exit codes.

use predicates::prelude::*;

use crate::support::{self, json_of, snapsolve};

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
        let moves: Vec<(usize, usize)> = support::moves_of(&report);
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
fn hidden_layers_get_a_plan_up_to_the_first_reveal() {
    let out =
        snapsolve().args(["-", "--json"]).write_stdin("G??? GGG? EEEE\n").assert().code(0).get_output().stdout.clone();
    let report = json_of(&out);
    assert_eq!(report["status"], "partial");
    assert_eq!(report["puzzle"], "G??? GGG? EEEE");
    // Pouring either green top into the empty tube uncovers a hidden layer.
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], 3);
    assert!(report["message"].as_str().unwrap().contains("then take a new screenshot"));
    // Nothing can move: no safe move, exit 1.
    let out =
        snapsolve().args(["-", "--json"]).write_stdin("GGR? RRG? GR??\n").assert().code(1).get_output().stdout.clone();
    assert_eq!(json_of(&out)["status"], "hidden_layers");
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

fn skiers() -> std::path::PathBuf {
    support::shared_dir().join("edge_data/_normalized/heytomorrow34_skiers.txt")
}

#[test]
fn squares_card_list_prints_the_board_and_counts() {
    snapsolve()
        .arg(skiers())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("board: 3×3, 9 cards"))
        .stdout(predicate::str::contains("4 solutions, 1 up to turning the whole board"));
}

#[test]
fn squares_json_has_the_documented_fields() {
    let out = snapsolve().arg(skiers()).arg("--json").assert().code(0).get_output().stdout.clone();
    let report = json_of(&out);
    assert_eq!(report["game"], "squares");
    assert_eq!(report["status"], "solved");
    assert_eq!(report["solutions_raw"], 4);
    assert_eq!(report["solutions_unique"], 1);
    let placements = report["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 9);
    let mut cells: Vec<(u64, u64)> =
        placements.iter().map(|p| (p["row"].as_u64().unwrap(), p["col"].as_u64().unwrap())).collect();
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), 9, "every cell filled once");
    assert!(placements.iter().all(|p| p["rotation"].as_u64().unwrap() < 4));
}

#[test]
fn squares_all_lists_every_solution_and_trace_logs_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.txt");
    let frogs = support::shared_dir().join("edge_data/_normalized/albznw_frogs.txt");
    let out = snapsolve().arg(&frogs).args(["--json", "--all", "--trace"]).arg(&trace).assert().code(0);
    let report = json_of(&out.get_output().stdout);
    assert_eq!(report["solutions"].as_array().unwrap().len(), 2, "8 raw solutions are 2 up to board turns");
    let log = std::fs::read_to_string(&trace).unwrap();
    // The first line marks the file as snapsolve's, from this input (so a
    // second run may replace it); the log follows.
    assert!(log.starts_with("# snapsolve-input-"), "{}", &log[..80.min(log.len())]);
    assert!(log.lines().nth(1).is_some_and(|l| l.starts_with("TRY ")));
    assert!(log.contains("REJECT ") && log.contains("ROTATE ") && log.contains("BACKTRACK"));
    assert!(log.trim_end().ends_with("SOLVED"));
}

#[test]
fn squares_bad_input_names_the_line_and_exits_2() {
    let cases = [
        ("C1 HEAD-A TAIL-B HEAD-C\n", "line 1: expected `CardName TOP RIGHT BOTTOM LEFT`, found 4 fields"),
        ("C1 HEAD-A TAIL-B HEAD-C HEAD-D\nC2 HEAD-A TAIL-B WING-C HEAD-D\n", "line 2: `WING-C` is not a side"),
        ("C1 HEAD-A TAIL-B HEAD-C HEAD-D\nC2 HEAD-A TAIL-B HEAD-C HEAD-D\n", "2 cards cannot fill a square board"),
    ];
    for (input, message) in cases {
        snapsolve().arg("-").write_stdin(input).assert().code(2).stderr(predicate::str::contains(message));
    }
    // An unwritable trace path fails before any solving.
    snapsolve()
        .arg(skiers())
        .args(["--trace", "/no/such/dir/trace.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write `/no/such/dir/trace.txt`"));
}

#[test]
fn squares_unsolvable_and_budget_exit_1() {
    let cards = "A HEAD-a HEAD-a HEAD-a HEAD-a\nB HEAD-a HEAD-a HEAD-a HEAD-a\n\
                 C HEAD-a HEAD-a HEAD-a HEAD-a\nD HEAD-a HEAD-a HEAD-a HEAD-a\n";
    let out = snapsolve().args(["-", "--json"]).write_stdin(cards).assert().code(1).get_output().stdout.clone();
    assert_eq!(json_of(&out)["status"], "unsolvable");
    let out = snapsolve()
        .arg(support::shared_dir().join("edge_data/_normalized/keilhauer_Kaleidoscope.txt"))
        .args(["--json", "--max-nodes", "100"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(json_of(&out)["status"], "budget_exceeded");
}

#[test]
fn brendan_boards_are_recognised() {
    let board = support::shared_dir().join("edge_data/jfbucas__eternityII-viewer/brendan/pieces_04x04.txt");
    snapsolve().arg(board).assert().code(0).stdout(predicate::str::contains("board: 4×4, 16 cards"));
}

/// `--no-turns` (TetraVex): a card written a quarter turn off makes the
/// board unsolvable, and the trace has no ROTATE steps.
#[test]
fn no_turns_keeps_cards_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("turned.txt");
    std::fs::write(
        &cards,
        "A NONE-o SAME-p SAME-q NONE-o\nB NONE-o SAME-r SAME-p NONE-o\nC SAME-q SAME-s NONE-o NONE-o\nD SAME-r NONE-o NONE-o SAME-s\n",
    )
    .unwrap();
    snapsolve().arg(&cards).assert().code(0);
    let trace = dir.path().join("trace.txt");
    snapsolve()
        .arg(&cards)
        .arg("--no-turns")
        .arg("--trace")
        .arg(&trace)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("no arrangement"));
    let log = std::fs::read_to_string(&trace).unwrap();
    assert!(log.contains("TRY") && !log.contains("ROTATE"), "{log}");
}
