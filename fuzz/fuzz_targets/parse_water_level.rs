//! Any text as a water-sort level: parsed, printed back, and solved within
//! a small budget. Never a panic; what parses prints back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| snapsolve::fuzzing::parse_water_level(bytes));
