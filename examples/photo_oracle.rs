//! Development aid: how well the edge looks of the real photos (Bama, the
//! solved frog board) tell their halves apart, against the truth in
//! `tests/data/photo_edges.json`. Prints distance statistics, every edge
//! whose nearest look is another half, and the groups of the 8-group cut.
//! `cargo run --release --example photo_oracle`.
use snapsolve::vision::cards::edges::{cluster, edge_looks, upright};
use snapsolve::vision::cards::find_grid;

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
    let tree = cluster(&looks);
    for g in 0..8 {
        let members: Vec<&str> = (0..n).filter(|&i| tree.cuts[8][i] == g).map(|i| ids[i].as_str()).collect();
        println!("8-group cut, group {g}: {members:?}");
    }
}
