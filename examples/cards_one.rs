//! Development aid: time the card reader's stages on one picture.
use snapsolve::vision::squares::{CardReading, find_grid, read_cards};
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let img = image::open(&path).unwrap().to_rgb8();
    let t = Instant::now();
    let grid = find_grid(&img, &Default::default());
    println!("grid {:?} {:?}", t.elapsed(), grid.as_ref().map(|g| (g.rows, g.cols)));
    if let Ok(g) = &grid {
        for q in &g.cards {
            println!("  {:?}", q.corners.map(|(x, y)| (x.round(), y.round())));
        }
    }
    if let Ok(g) = &grid {
        let looks: Vec<_> = g
            .cards
            .iter()
            .flat_map(|q| {
                let c = snapsolve::vision::squares::looks::upright(&img, q);
                if std::env::var("UPRIGHT").is_ok() {
                    snapsolve::vision::squares::looks::upright_edge_looks(&c)
                } else {
                    snapsolve::vision::squares::looks::edge_looks(&c)
                }
            })
            .collect();
        let tree = snapsolve::vision::squares::grouping::cluster(&looks);
        println!("merge_at {:?}", tree.merge_at.iter().take(24).map(|d| (d * 10.0).round() / 10.0).collect::<Vec<_>>());
        println!("cuts {:?}", snapsolve::vision::squares::grouping::plausible_cuts(&tree, 20));
    }
    let t = Instant::now();
    let read = read_cards(&img, &CardReading::default());
    println!("read {:?}", t.elapsed());
    if let Ok(r) = read {
        for l in r.labellings.iter().take(8) {
            println!("{:?} k={} \n{}", l.mode, l.groups, l.puzzle);
        }
    }
}
