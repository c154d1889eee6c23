//! Development aid: print the level read from each screenshot (colours
//! clustered, no calibrated theme). `cargo run --release --example read PATH…`.
fn main() {
    for path in std::env::args().skip(1) {
        let img = image::open(&path).unwrap().to_rgb8();
        match snapsolve::vision::water::read(&img, &Default::default()).read {
            Ok(r) => println!("{path}\n  {}", r.puzzle),
            Err(e) => println!("{path}\n  ERROR {e}"),
        }
    }
}
