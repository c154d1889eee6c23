//! The fuzz targets' properties (`snapsolve::fuzzing`, run under `cargo
//! fuzz` in `fuzz/`) on stable, bounded for CI: seeded mutations of real
//! screenshots and a synthetic card photo, random texts for the parsers and
//! the calibration reader. A panic anywhere fails the test; the seed in the
//! message reproduces it.

use proptest::prelude::*;
use snapsolve::fuzzing;
use snapsolve::puzzle::water::SplitMix64;

use crate::support;

/// One mutation of `bytes`, chosen by `rng`: flipped bytes, a truncation, a
/// repeated or dropped run, a header field set to an extreme, or bytes
/// inserted.
fn mutate(bytes: &[u8], rng: &mut SplitMix64) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let mut pick = |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    match pick(6) {
        0 => {
            for _ in 0..1 + pick(16) {
                let i = pick(out.len());
                out[i] ^= 1 << pick(8);
            }
        }
        1 => out.truncate(pick(out.len())),
        2 => {
            let (a, len) = (pick(out.len()), 1 + pick(4096));
            let run: Vec<u8> = out[a..(a + len).min(out.len())].to_vec();
            let at = pick(out.len());
            out.splice(at..at, run);
        }
        3 => {
            let (a, len) = (pick(out.len()), 1 + pick(4096));
            out.drain(a..(a + len).min(out.len()));
        }
        4 => {
            // Width and height (PNG: bytes 16..24; elsewhere, somewhere in the header).
            let at = if out.starts_with(b"\x89PNG") { 16 + 4 * pick(2) } else { pick(out.len().min(600)) };
            let value: [u8; 4] =
                [[0xff, 0xff, 0xff, 0xff], [0, 0, 0, 0], [0, 0, 0x2e, 0xe1], [0x7f, 0xff, 0xff, 0xff]][pick(4)];
            for (k, v) in value.iter().enumerate() {
                if let Some(b) = out.get_mut(at + k) {
                    *b = *v;
                }
            }
        }
        _ => {
            let at = pick(out.len());
            let junk: Vec<u8> = (0..1 + pick(64)).map(|_| pick(256) as u8).collect();
            out.splice(at..at, junk);
        }
    }
    out
}

fn screenshots() -> Vec<Vec<u8>> {
    let root = support::shared_dir().join("water_screens");
    [
        root.join("sshcrack__water-sort-player/level-213.png"),
        root.join("sshcrack__water-sort-player/discovery-level-16.png"),
        std::path::PathBuf::from("samples/lvl105.jpg"),
    ]
    .iter()
    .map(|p| std::fs::read(p).unwrap())
    .collect()
}

#[test]
fn mutated_screenshots_never_break_the_water_reader() {
    let shots = screenshots();
    for seed in 0..240u64 {
        let mut rng = SplitMix64(seed);
        let shot = &shots[seed as usize % shots.len()];
        let bytes = mutate(shot, &mut rng);
        let bytes = if seed % 4 == 3 { mutate(&bytes, &mut rng) } else { bytes };
        let result = std::panic::catch_unwind(|| fuzzing::read_water_picture(&bytes));
        assert!(result.is_ok(), "seed {seed} made the water reader panic");
    }
}

#[test]
fn mutated_pictures_never_break_the_card_reader() {
    use snapsolve::synthetic::squares::{CARD_THEMES, draw_board, random_board};
    let mut rng = SplitMix64(3);
    let board = draw_board(&random_board(3, 4, &mut rng), &CARD_THEMES[0], 60, 2.0, 3);
    let mut png = Vec::new();
    board.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let pictures = [png, screenshots().swap_remove(2)];
    for seed in 0..48u64 {
        let mut rng = SplitMix64(1000 + seed);
        let bytes = mutate(&pictures[seed as usize % 2], &mut rng);
        let result = std::panic::catch_unwind(|| fuzzing::read_squares_picture(&bytes));
        assert!(result.is_ok(), "seed {seed} made the card reader panic");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_texts_never_break_the_level_parser(text in "[A-Za-z0-9E.?!,# \n-]{0,120}") {
        fuzzing::parse_water_level(text.as_bytes());
    }

    #[test]
    fn random_texts_never_break_the_card_parsers(text in "([A-Ea-e0-9]{1,3}|HEAD-[ab]|TAIL-[ab]|SAME-[ab]|NONE-a|BORDER|# grid: [0-9]{1,20}x[0-9]{1,3}| |\n){0,60}") {
        fuzzing::parse_card_list(text.as_bytes());
    }

    #[test]
    fn random_texts_never_break_the_calibration_reader(
        text in "(schema = [0-9]\n|\\[themes\\]\n|\\[themes\\.[a-c]\\]\n|\\[\\[themes\\]\\]\n|themes = (5|\\{\\}|\\[\\])\n|capacity = -?[0-9]{1,3}\n|\\[themes\\.[a-c]\\.colors\\]\n|[a-c] = \\{ lab = \\[(nan|inf|-?[0-9]{1,3}), 0, 0\\], tolerance = (-?[0-9]|nan) \\}\n|[a-c] = \\{ capacity = 4 \\}\n|# note\n){0,12}"
    ) {
        fuzzing::read_calibration(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_never_break_the_text_readers(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        fuzzing::parse_water_level(&bytes);
        fuzzing::parse_card_list(&bytes);
        fuzzing::read_calibration(&bytes);
    }
}
