//! Any bytes as a picture of cards: decoded within the limits, the cards
//! found and their readings judged within a small budget. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| snapsolve::fuzzing::read_squares_picture(bytes));
