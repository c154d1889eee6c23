//! Development aid: time the reader's stages on one image.
use snapsolve::vision::water::tubes::{Gradients, TubeFinding, find_tubes};
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let img = image::open(&path).unwrap().to_rgb8();
    let img = image::imageops::resize(&img, 1080, 2400, image::imageops::FilterType::Triangle);
    let t = Instant::now();
    let small = image::imageops::resize(&img, 720, 1600, image::imageops::FilterType::Triangle);
    println!("resize {:?}", t.elapsed());
    let t = Instant::now();
    let g = Gradients::new(&small);
    println!("gradients {:?}", t.elapsed());
    let t = Instant::now();
    let tubes = find_tubes(&g, &TubeFinding::default());
    println!("tubes {:?} ({})", t.elapsed(), tubes.len());
    let t = Instant::now();
    let r = snapsolve::vision::water::read(&img, &Default::default()).detection.is_some();
    println!("read total {:?} {}", t.elapsed(), r);
}
