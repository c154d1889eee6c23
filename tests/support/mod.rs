//! Helpers shared by the integration tests: where `../shared` is, the one
//! way the binary is launched, a screenshot read through the same entry as
//! the binary's, and an independent water-sort checker that does not use
//! the library's pour code.

use std::path::{Path, PathBuf};

use clap::Parser;
use snapsolve::app::{self, DebugPicture, Input};
use snapsolve::cli::Cli;
use snapsolve::options::Options;
use snapsolve::pipeline::Outcome;

/// `../shared` beside the checkout (CI provides it).
pub fn shared_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    assert!(dir.is_dir(), "the test data folder {} is missing", dir.display());
    dir
}

/// The `snapsolve` binary, ready for arguments.
pub fn snapsolve() -> assert_cmd::Command {
    assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
}

/// The level the binary reads from a screenshot, `snapsolve PATH ARGS…`
/// (options built from the arguments as the binary builds them, so a
/// calibrated theme in `./calibration.toml` is used as the binary would),
/// through the library call the binary makes, without writing pictures.
pub fn read_level(path: &Path, args: &[&str]) -> Result<String, String> {
    let cli = Cli::try_parse_from(
        ["snapsolve".as_ref(), path.as_os_str()].into_iter().chain(args.iter().map(|a| a.as_ref())),
    )
    .map_err(|e| e.to_string())?;
    let options = Options::from_cli(&cli).map_err(|e| e.to_string())?;
    let input = Input::read(path).map_err(|e| e.to_string())?;
    match app::solve(&input, &options, DebugPicture::Skip).result.map_err(|e| e.to_string())?.outcome {
        Outcome::Water(water) => Ok(water.puzzle.to_string()),
        Outcome::Squares(squares) => Ok(squares.puzzle.to_string()),
    }
}

/// Replays 1-based `(from, to)` pours on a level in the compact form, with
/// the game's rule written out again from scratch, and says whether the end
/// state is solved. Panics with the reason on an illegal pour.
pub fn replay_solves(level: &str, moves: &[(usize, usize)]) -> bool {
    // Tubes as stacks, bottom first; characters are colours.
    let mut tubes: Vec<Vec<char>> =
        level.split_whitespace().map(|t| t.chars().rev().filter(|&c| c != 'E' && c != '.').collect()).collect();
    let capacity = level.split_whitespace().next().unwrap().chars().count();
    for (n, &(from, to)) in moves.iter().enumerate() {
        let (f, t) = (from - 1, to - 1);
        assert_ne!(f, t, "move {}: same tube", n + 1);
        let colour = *tubes[f].last().unwrap_or_else(|| panic!("move {}: tube {from} is empty", n + 1));
        if let Some(&top) = tubes[t].last() {
            assert_eq!(top, colour, "move {}: colours differ", n + 1);
        }
        assert!(tubes[t].len() < capacity, "move {}: tube {to} is full", n + 1);
        while tubes[f].last() == Some(&colour) && tubes[t].len() < capacity {
            tubes[f].pop();
            tubes[t].push(colour);
        }
    }
    tubes.iter().all(|t| t.is_empty() || (t.len() == capacity && t.iter().all(|&c| c == t[0])))
}

/// The `moves` of a JSON report as 1-based `(from, to)` pairs.
pub fn moves_of(report: &serde_json::Value) -> Vec<(usize, usize)> {
    report["moves"]
        .as_array()
        .expect("moves is an array")
        .iter()
        .map(|m| (m["from"].as_u64().unwrap() as usize, m["to"].as_u64().unwrap() as usize))
        .collect()
}

/// The command's JSON report on the bundled screenshot `samples/lvl105.jpg`
/// (exit 0), its pictures written into `dir`.
pub fn bundled_sample_report(dir: &Path) -> serde_json::Value {
    let out = snapsolve()
        .args(["samples/lvl105.jpg", "--json", "-o"])
        .arg(dir.join("out.png"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    json_of(&out)
}

/// The JSON report on a command's standard output.
pub fn json_of(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("stdout is JSON")
}

/// A child process in its own process group, killed with everything it
/// started (chromedriver leaves Chromium running otherwise) when dropped,
/// also when a test fails.
#[cfg(unix)]
pub struct Group(pub std::process::Child);

#[cfg(unix)]
impl Drop for Group {
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill").args(["-KILL", "--", &format!("-{}", self.0.id())]).status();
        let _ = self.0.wait();
    }
}

/// Starts `command` in a process group of its own.
#[cfg(unix)]
pub fn spawn_group(command: &mut std::process::Command) -> Group {
    use std::os::unix::process::CommandExt;
    Group(command.process_group(0).spawn().expect("the program starts (chromium-driver installed?)"))
}

/// `snapsolve serve --port 0`, the address it prints (`http://127.0.0.1:PORT/`)
/// and its port.
#[cfg(unix)]
pub fn serve() -> (Group, String, u16) {
    use std::io::BufRead;
    let mut child = spawn_group(
        std::process::Command::new(assert_cmd::cargo::cargo_bin!("snapsolve"))
            .args(["serve", "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null()),
    );
    let mut line = String::new();
    std::io::BufReader::new(child.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("the address is printed").to_string();
    let port = url.trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap();
    (child, url, port)
}
