//! What telling the game from the picture costs: `cargo bench --bench
//! game_detection`.
//!
//! Each picture is solved by `app::solve` (decode, read, solve; nothing
//! written) with no game flags, and with the flags a user who knew the game
//! would give, in turns (auto, flagged, auto, …) so that the machine's
//! drift hits both alike; the medians and their ratio are printed. Targets
//! (issue 17): a water screenshot at most 1.10× the flagged run, a card
//! photo at most 1.20×.

use std::path::Path;
use std::time::{Duration, Instant};

use snapsolve::app::{self, DebugPicture, Input, Source};
use snapsolve::options::Options;
use snapsolve::pipeline::Game;
use snapsolve::puzzle::squares::Turns;
use snapsolve::vision::squares::MatchMode;

/// Pairs of runs per picture; the median of each side is reported.
const ROUNDS: usize = 11;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn time(input: &Input, options: &Options) -> Duration {
    let started = Instant::now();
    let attempt = app::solve(input, options, DebugPicture::Skip);
    let elapsed = started.elapsed();
    assert!(attempt.result.is_ok(), "{}: {:?}", input.path.display(), attempt.result.err());
    elapsed
}

fn compare(label: &str, path: &Path, flagged: &Options, target: f64) {
    let input = Input::from_source(&Source::File(path.to_path_buf())).expect("the picture is readable");
    let auto = Options::default();
    // One run each to warm the caches.
    time(&input, &auto);
    time(&input, flagged);
    let (mut a, mut f) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        a.push(time(&input, &auto));
        f.push(time(&input, flagged));
    }
    let (a, f) = (median(a), median(f));
    let ratio = a.as_secs_f64() / f.as_secs_f64();
    let verdict = if ratio <= target { "within" } else { "OVER" };
    println!(
        "{label}: auto {:.1} ms, flagged {:.1} ms, ratio {ratio:.2} ({verdict} the {target:.2} target; median of {ROUNDS} pairs)",
        ms(a),
        ms(f)
    );
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared");

    let mut water = Options::default();
    water.run.game = Some(Game::Water);
    compare("samples/lvl105.jpg vs --game water", &root.join("samples/lvl105.jpg"), &water, 1.10);

    let mut halves = Options::default();
    halves.run.game = Some(Game::Squares);
    halves.run.cards.mode = Some(MatchMode::Complement);
    compare(
        "Skiers photo vs --game squares --match halves",
        &shared.join("edge_images/heytomorrow34__ScrambleSquaresSolver/SkiierExample.jpg"),
        &halves,
        1.20,
    );

    let mut tetravex = Options::default();
    tetravex.run.game = Some(Game::Squares);
    tetravex.run.cards.mode = Some(MatchMode::Same);
    tetravex.run.cards.upright = true;
    tetravex.run.card_turns = Some(Turns::Fixed);
    tetravex.run.squares.turns = Turns::Fixed;
    compare(
        "GNOME TetraVex vs --game squares --match same --no-turns",
        &shared.join("edge_images/GNOME__gnome-tetravex/screenshot_current_3x3.png"),
        &tetravex,
        1.20,
    );
}
