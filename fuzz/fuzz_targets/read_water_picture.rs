//! Any bytes as a water-sort screenshot: decoded within the limits, read,
//! and, when a level is read, solved within a small budget. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| snapsolve::fuzzing::read_water_picture(bytes));
