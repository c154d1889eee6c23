//! Made-up pictures drawn from a puzzle, for the readers' round-trip tests,
//! the benches and the bundled synthetic sample: water-sort screenshots in
//! themes no real game uses ([`water`]) and photos of made-up card sets
//! ([`squares`]). Seeded: the same seed draws the same picture.

pub mod squares;
pub mod water;
