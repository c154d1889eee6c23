//! Any text as a calibration file: parsed, its themes read, one theme set
//! and the result parsed again. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| snapsolve::fuzzing::read_calibration(bytes));
