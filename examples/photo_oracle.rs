//! Development aid: how well the edge looks of the real photos (Bama, the
//! solved frog board) tell their halves apart, against the truth in
//! `tests/data/photo_edges.json`. Prints distance statistics, every edge
//! whose nearest look is another half, and the groups of the 8-group cut,
//! for the colour looks and for the shape looks; and, for Bama, every
//! pairing of the exact 8 shape groups into figures that the solver
//! accepts, ranked by colour cost (24 of 105 solve; the truth ranks 91st,
//! which is why shape readings pair by seams instead).
//! `cargo run --release --example photo_oracle`.
use snapsolve::vision::squares::find_grid;
use snapsolve::vision::squares::grouping::{cluster, cluster_by};
use snapsolve::vision::squares::looks::{edge_looks, shape_distance, shape_looks, upright};

fn main() {
    let truth: serde_json::Value = serde_json::from_str(include_str!("../tests/data/photo_edges.json")).unwrap();
    for (name, cards) in truth.as_object().unwrap().iter().filter(|(k, _)| !k.starts_with('_')) {
        println!("{name}");
        measure(name, cards);
    }
}

fn measure(name: &str, cards: &serde_json::Value) {
    let path = format!("{}/../shared/edge_images/{name}", env!("CARGO_MANIFEST_DIR"));
    let img = image::open(path).expect("the photo in ../shared").to_rgb8();
    let ids: Vec<String> = cards
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|card| card.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()))
        .collect();
    let grid = find_grid(&img, &Default::default()).expect("the grid is found");
    let looks: Vec<_> = grid.cards.iter().flat_map(|q| edge_looks(&upright(&img, q))).collect();
    let n = looks.len();
    let (mut within, mut between) = (Vec::new(), Vec::new());
    for i in 0..n {
        for j in i + 1..n {
            let d = looks[i].distance(&looks[j]);
            if ids[i] == ids[j] { within.push(d) } else { between.push(d) }
        }
    }
    within.sort_by(f32::total_cmp);
    between.sort_by(f32::total_cmp);
    println!(
        "distance within a half: median {:.1}, max {:.1}; between halves: min {:.1}, median {:.1}",
        within[within.len() / 2],
        within[within.len() - 1],
        between[0],
        between[between.len() / 2]
    );
    let side = ["top", "right", "bottom", "left"];
    let mut right = 0;
    for i in 0..n {
        let d = |j: usize| looks[i].distance(&looks[j]);
        let j = (0..n).filter(|&j| j != i).min_by(|&a, &b| d(a).total_cmp(&d(b))).unwrap();
        if ids[i] == ids[j] {
            right += 1;
        } else {
            println!(
                "card {} {} ({}) is nearest card {} {} ({}), {:.1}",
                i / 4 + 1,
                side[i % 4],
                ids[i],
                j / 4 + 1,
                side[j % 4],
                ids[j],
                d(j)
            );
        }
    }
    println!("nearest look is the same half: {right}/{n}");
    // The shape looks, nearest and 8-group cut.
    let shapes: Vec<_> = grid.cards.iter().flat_map(|q| shape_looks(&img, q)).collect();
    let sd = |i: usize, j: usize| shape_distance(&shapes[i], &shapes[j]);
    let near = (0..n)
        .filter(|&i| {
            let j = (0..n).filter(|&j| j != i).min_by(|&a, &b| sd(i, a).total_cmp(&sd(i, b))).unwrap();
            ids[i] == ids[j]
        })
        .count();
    println!("shape looks: nearest look is the same half: {near}/{n}");
    let by_shape = cluster_by(n, sd);
    println!("shape cuts tried: {:?}", snapsolve::vision::squares::grouping::plausible_cuts_above(&by_shape, 20, 0.1));
    for g in 0..8 {
        let members: Vec<&str> = (0..n).filter(|&i| by_shape.cuts[8][i] == g).map(|i| ids[i].as_str()).collect();
        println!("shape 8-group cut, group {g}: {members:?}");
    }
    if name.contains("1827") {
        pairing_survey(&by_shape.cuts[8], &looks, &ids);
    }
    let tree = cluster(&looks);
    for g in 0..8 {
        let members: Vec<&str> = (0..n).filter(|&i| tree.cuts[8][i] == g).map(|i| ids[i].as_str()).collect();
        println!("8-group cut, group {g}: {members:?}");
    }
}

/// Every perfect pairing of the 8 shape groups into figures: which ones the
/// solver accepts, and where each ranks by colour cost.
#[allow(dead_code)]
pub fn pairing_survey(ids8: &[usize], looks: &[snapsolve::vision::squares::looks::EdgeLook], truth: &[String]) {
    use snapsolve::puzzle::squares::SquaresPuzzle;
    use snapsolve::solve::squares::{SquaresSolveOptions, solve};
    let n = ids8.len();
    let medoid = |g: usize| (0..n).find(|&i| ids8[i] == g).unwrap();
    let mut all: Vec<Vec<(usize, usize)>> = Vec::new();
    fn rec(left: Vec<usize>, cur: Vec<(usize, usize)>, all: &mut Vec<Vec<(usize, usize)>>) {
        if left.is_empty() {
            all.push(cur);
            return;
        }
        let a = left[0];
        for k in 1..left.len() {
            let b = left[k];
            let rest: Vec<usize> = left.iter().copied().filter(|&x| x != a && x != b).collect();
            let mut c = cur.clone();
            c.push((a, b));
            rec(rest, c, all);
        }
    }
    rec((0..8).collect(), Vec::new(), &mut all);
    let cost =
        |p: &Vec<(usize, usize)>| p.iter().map(|&(a, b)| looks[medoid(a)].chamfer(&looks[medoid(b)])).sum::<f32>();
    all.sort_by(|a, b| cost(a).total_cmp(&cost(b)));
    for (rank, p) in all.iter().enumerate() {
        let mut name = vec![String::new(); 8];
        for (f, &(a, b)) in p.iter().enumerate() {
            name[a] = format!("HEAD-F{f}");
            name[b] = format!("TAIL-F{f}");
        }
        let text: String = (0..n / 4)
            .map(|c| {
                format!("C{} {}\n", c + 1, (0..4).map(|s| name[ids8[4 * c + s]].clone()).collect::<Vec<_>>().join(" "))
            })
            .collect();
        let puzzle: SquaresPuzzle = text.parse().unwrap();
        let raw = solve(&puzzle, &SquaresSolveOptions { keep: 1, ..Default::default() }).map_or(0, |r| r.raw);
        // Truth-consistent: members of a pair are the two halves of one truth figure.
        let fig = |g: usize| truth[(0..n).find(|&i| ids8[i] == g).unwrap()].chars().next().unwrap();
        let right = p.iter().all(|&(a, b)| fig(a) == fig(b));
        if raw > 0 || right {
            println!(
                "pairing rank {rank} cost {:.1}: {} raw solutions{}",
                cost(p),
                raw,
                if right { " (the truth)" } else { "" }
            );
        }
    }
}
