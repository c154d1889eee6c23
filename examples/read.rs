//! Development aid: print the level read from each screenshot.
fn main() {
    for path in std::env::args().skip(1) {
        let img = image::open(&path).unwrap().to_rgb8();
        match snapsolve::vision::read_water(&img, &Default::default()) {
            Ok(r) => println!("{path}\n  {}", r.puzzle),
            Err(e) => println!("{path}\n  ERROR {e}"),
        }
    }
}
