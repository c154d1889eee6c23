use snapsolve::puzzle::squares::SquaresPuzzle;
use snapsolve::solve::squares::{SquaresSolveOptions, solve};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (w, h): (usize, usize) = (args[1].parse().unwrap(), args[2].parse().unwrap());
    let text = std::fs::read_to_string(format!("../shared/edge_data/jfbucas__eternityII-viewer/brendan/pieces_{w:02}x{h:02}.txt")).unwrap();
    let base = SquaresPuzzle::from_brendan(&text).unwrap();
    let opts = SquaresSolveOptions { first_only: true, max_nodes: 2_000_000_000, ..Default::default() };
    for seed in 0..12u64 {
        let mut p = base.clone();
        let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if seed > 0 {
            for i in (1..p.cards.len()).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let j = (s >> 33) as usize % (i + 1);
                p.cards.swap(i, j);
            }
        }
        let mut line = format!("seed {seed}:");
        for threads in [1, 2] {
            let t = Instant::now();
            let r = solve(&p, &SquaresSolveOptions { threads, ..opts }).unwrap();
            line += &format!(" t{threads} {} nodes {:.1} ms;", r.nodes, t.elapsed().as_secs_f64() * 1e3);
        }
        println!("{line}");
    }
}
