//! Development aid: learn a theme from screenshots and print it.
fn main() {
    let images: Vec<_> = std::env::args().skip(1).map(|p| image::open(p).unwrap().to_rgb8()).collect();
    let options = snapsolve::calibrate::CalibrateOptions { name: "t".into(), ..Default::default() };
    match snapsolve::calibrate::learn_theme(&images, &options) {
        Ok(theme) => {
            for c in &theme.colors {
                println!(
                    "{} {} lab {:.1} {:.1} {:.1} tol {:.1}",
                    c.name, c.hex, c.lab.l, c.lab.a, c.lab.b, c.tolerance
                );
            }
        }
        Err(e) => println!("{e}"),
    }
}
