//! Writes `samples/cards.png` and `samples/cards.txt`: a random 3×3
//! Scrambled Squares board (seed 11, four figures) drawn on a table by
//! `snapsolve::synthetic::squares` as a photo of cards would show them,
//! and the same cards typed as a card list. Both are our own, so the README's
//! card examples run as written. `cargo run --example cards_sample` draws
//! them again.
use snapsolve::puzzle::water::SplitMix64;
use snapsolve::synthetic::squares::{CARD_THEMES, draw_board, random_board};

fn main() {
    let mut rng = SplitMix64(11);
    let board = random_board(3, 4, &mut rng);
    let picture = draw_board(&board, &CARD_THEMES[0], 160, 3.0, 11);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
    picture.save(format!("{dir}/cards.png")).expect("samples/ is writable");
    let text = format!("# A made-up 3x3 Scrambled Squares board (cargo run --example cards_sample)\n{board}");
    std::fs::write(format!("{dir}/cards.txt"), text).expect("samples/ is writable");
    println!("{board}\nwrote {dir}/cards.png and {dir}/cards.txt");
}
