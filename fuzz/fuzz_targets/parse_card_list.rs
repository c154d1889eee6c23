//! Any text as a card list in each of the three formats: parsed, printed
//! back, solved within a small budget. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| snapsolve::fuzzing::parse_card_list(bytes));
