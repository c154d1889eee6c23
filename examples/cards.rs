//! Development aid: synthetic card boards read back and judged; prints the
//! failures. `cargo run --release --example cards [N] [dump-dir]`.
use snapsolve::pipeline::RunOptions;
use snapsolve::pipeline::squares::run_image;
use snapsolve::puzzle::squares::check_placements;
use snapsolve::puzzle::water::SplitMix64;
use snapsolve::synthetic::squares::{CARD_THEMES, draw_board, random_board};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let dump = std::env::args().nth(2);
    let mut ok = 0;
    for seed in 0..n {
        let mut rng = SplitMix64(seed);
        let d = 2 + (seed % 4) as usize;
        let figures = 2 + (seed % 7) as usize;
        let truth = random_board(d, figures, &mut rng);
        let theme = &CARD_THEMES[(seed % 3) as usize];
        let mut img = draw_board(&truth, theme, 120, 3.0, seed);
        // As in tests/cards.rs: a third JPEG q80, a third scaled by 0.8.
        img = match (seed / 3) % 3 {
            0 => {
                let mut bytes = Vec::new();
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 80).encode_image(&img).unwrap();
                image::load_from_memory(&bytes).unwrap().to_rgb8()
            }
            1 => image::imageops::resize(
                &img,
                img.width() * 4 / 5,
                img.height() * 4 / 5,
                image::imageops::FilterType::Triangle,
            ),
            _ => img,
        };
        let started = std::time::Instant::now();
        if let Some(dir) = &dump {
            img.save(format!("{dir}/cards-{seed}.png")).unwrap();
        }
        // Oracle: the truth's groups, and whether the dendrogram has them.
        let truth_ids: Vec<_> = truth.cards.iter().flat_map(|c| c.edges).collect();
        let mut kinds = truth_ids.clone();
        kinds.sort();
        kinds.dedup();
        let grid = snapsolve::vision::squares::find_grid(&img, &Default::default()).unwrap();
        let looks: Vec<_> = grid
            .cards
            .iter()
            .flat_map(|q| {
                snapsolve::vision::squares::looks::edge_looks(&snapsolve::vision::squares::looks::upright(&img, q))
            })
            .collect();
        let tree = snapsolve::vision::squares::grouping::cluster(&looks);
        let cut = &tree.cuts[kinds.len()];
        let same =
            (0..looks.len()).all(|i| (0..looks.len()).all(|j| (cut[i] == cut[j]) == (truth_ids[i] == truth_ids[j])));
        let rank =
            snapsolve::vision::squares::grouping::plausible_cuts(&tree, 20).iter().position(|&k| k == kinds.len());
        println!("  cuts {:?}", snapsolve::vision::squares::grouping::plausible_cuts(&tree, 20));
        println!(
            "  truth k {} partition found {same} rank {rank:?} merge {:.1} / {:.1}",
            kinds.len(),
            tree.merge_at[kinds.len()],
            tree.merge_at[kinds.len() + 1]
        );
        if same && std::env::var("PAIRS").is_ok() {
            let k = kinds.len();
            let truth_of: Vec<_> = (0..k).map(|g| truth_ids[cut.iter().position(|&c| c == g).unwrap()]).collect();
            let medoid = |g: usize| cut.iter().position(|&c| c == g).unwrap();
            for a in 0..k {
                for b in a + 1..k {
                    if let (
                        snapsolve::puzzle::squares::Edge::Figure { figure: fa, .. },
                        snapsolve::puzzle::squares::Edge::Figure { figure: fb, .. },
                    ) = (truth_of[a], truth_of[b])
                        && fa == fb
                    {
                        println!(
                            "  pair {fa}: chamfer {:.1} distance {:.1}",
                            looks[medoid(a)].chamfer(&looks[medoid(b)]),
                            looks[medoid(a)].distance(&looks[medoid(b)])
                        );
                    }
                }
                let row: Vec<String> =
                    (0..k).map(|b| format!("{:5.1}", looks[medoid(a)].chamfer(&looks[medoid(b)]))).collect();
                println!("  {:?} {}", truth_of[a], row.join(" "));
            }
        }
        let mut options = RunOptions::default();
        options.squares.first_only = true;
        options.squares.max_nodes = 200_000_000;
        let run = run_image(&img, &options);
        let verdict = match &run.result {
            Ok(s) => match &s.result {
                Ok(sol) => match check_placements(&truth, &sol.solutions[0]) {
                    Ok(()) => "ok".to_string(),
                    Err(e) => format!("WRONG {e}"),
                },
                Err(e) => format!("unsolved {e}"),
            },
            Err(e) => format!("ERROR {e}"),
        };
        if verdict == "ok" {
            ok += 1;
        }
        println!(
            "seed {seed} d {d} figs {figures} theme {} ({:.0} ms): {verdict} (chosen {:?} of {} tried, {} labellings)",
            theme.name,
            started.elapsed().as_secs_f64() * 1e3,
            run.chosen,
            run.tried,
            run.read.as_ref().map_or(0, |r| r.labellings.len())
        );
    }
    println!("{ok}/{n}");
}
