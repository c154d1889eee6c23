//! Renders `samples/synthetic-dusk.png`: a random level (seed 7) drawn in the
//! made-up "dusk" theme by `snapsolve::synthetic::water`. Run with
//! `cargo run --example synthetic_sample` to draw it again.
use snapsolve::synthetic::water::{classic_themes, draw, scrambled_level};

fn main() {
    let themes = classic_themes();
    let theme = themes.iter().find(|t| t.name == "dusk").expect("dusk theme");
    let level = scrambled_level(theme, 7);
    let image = draw(&level, theme, 720, 1520);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/synthetic-dusk.png");
    image.save(path).expect("samples/ is writable");
    println!("{level}\nwrote {path}");
}
