//! Development aid: draw the detected tubes of each screenshot given.
use snapsolve::vision::water::tubes::{Gradients, TubeFinding, find_tubes};

fn main() {
    for path in std::env::args().skip(1) {
        let img = image::open(&path).unwrap().to_rgb8();
        let g = Gradients::new(&img);
        let tubes = find_tubes(&g, &TubeFinding::default());
        if std::env::var("CANDIDATES").is_ok() {
            for t in snapsolve::vision::water::tubes::tube_candidates(&g, &TubeFinding::default()) {
                println!("  candidate {:?}", t.outer);
            }
        }
        if std::env::var("WALLS").is_ok() {
            for w in snapsolve::vision::water::tubes::debug_walls(&g, &TubeFinding::default()) {
                println!("  wall {w:?}");
            }
        }
        println!("{path}: {} tubes", tubes.len());
        let mut out = img.clone();
        for t in &tubes {
            let r = t.outer;
            for x in r.x0..r.x1 {
                for y in [r.y0, r.y1.saturating_sub(1)] {
                    out.put_pixel(x, y, image::Rgb([255, 0, 255]));
                }
            }
            for y in r.y0..r.y1 {
                for x in [r.x0, r.x1.saturating_sub(1)] {
                    out.put_pixel(x, y, image::Rgb([255, 0, 255]));
                }
            }
        }
        let name = std::path::Path::new(&path).file_stem().unwrap().to_string_lossy().to_string();
        out.save(format!("/tmp/det_{name}.png")).unwrap();
    }
}
