//! Brendan boards for the squares examples: the board named on the command
//! line (`W H`, 7×7 when none), and the seeded card orders both
//! `first_solution` and `fill_orders` run it in.

use snapsolve::puzzle::squares::SquaresPuzzle;

/// The board whose size the command line gives, and that size.
pub fn from_args() -> (SquaresPuzzle, usize, usize) {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (w, h) = match args[..] {
        [w, h] => (w, h),
        _ => (7, 7),
    };
    let text = std::fs::read_to_string(format!(
        "../shared/edge_data/jfbucas__eternityII-viewer/brendan/pieces_{w:02}x{h:02}.txt"
    ))
    .expect("Brendan board in ../shared beside the repository");
    (SquaresPuzzle::from_brendan(&text).expect("a Brendan board"), w, h)
}

/// The cards in the seed's order: seed 0 is the file's order, the others a
/// shuffle by a fixed LCG, so every run sees the same orders.
pub fn shuffled(base: &SquaresPuzzle, seed: u64) -> SquaresPuzzle {
    let mut p = base.clone();
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    if seed > 0 {
        for i in (1..p.cards.len()).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let j = (s >> 33) as usize % (i + 1);
            p.cards.swap(i, j);
        }
    }
    p
}
