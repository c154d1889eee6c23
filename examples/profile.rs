//! Development aid: print the profiles and slot geometry of screenshots.
use snapsolve::vision::water::TubeStrip;
use snapsolve::vision::water::slots::{profile, sample_slot, slot_geometry, slot_rects};
use snapsolve::vision::water::tubes::{Gradients, TubeFinding, find_tubes};

fn main() {
    for path in std::env::args().skip(1) {
        let img = image::open(&path).unwrap().to_rgb8();
        let g = Gradients::new(&img);
        let opts = TubeFinding::default();
        let tubes = find_tubes(&g, &opts);
        let outlines: Vec<_> = tubes.iter().map(|t| t.outer).collect();
        let profiles: Vec<_> =
            tubes.iter().map(|t| profile(&img, &g, t, &outlines, opts.edge_threshold, TubeStrip::Wide)).collect();
        let geo = slot_geometry(&profiles);
        println!("{path}: {} tubes, {geo:?}", tubes.len());
        for (t, p) in tubes.iter().zip(&profiles) {
            let runs: Vec<String> = p
                .runs
                .iter()
                .map(|r| {
                    format!(
                        "{}-{}#{:02x}{:02x}{:02x}{}",
                        r.y0,
                        r.y1,
                        r.color[0],
                        r.color[1],
                        r.color[2],
                        if r.empty { "e" } else { "" }
                    )
                })
                .collect();
            println!(
                "  tube x{}-{} top {} bottom {} glyphs {:?}: {}",
                t.outer.x0,
                t.outer.x1,
                p.top,
                p.bottom,
                p.glyphs,
                runs.join(" ")
            );
            if let Some(geo) = &geo {
                let s: Vec<String> = slot_rects(t, p, geo)
                    .iter()
                    .map(|r| {
                        let (c, b) = sample_slot(&img, r);
                        format!("#{:02x}{:02x}{:02x}/{:.2}", c[0], c[1], c[2], b)
                    })
                    .collect();
                println!("     slots: {}", s.join(" "));
            }
        }
    }
}
