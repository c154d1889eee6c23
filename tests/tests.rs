//! The integration tests, one binary with a module per area (as ripgrep's
//! `tests/tests.rs`): one build, one launch helper in `support`.

mod support;

mod architecture;
#[cfg(unix)]
mod browser;
mod calibration;
mod cards;
mod cli;
mod doubts;
mod fuzzing;
mod habits;
mod hardening;
mod overlay;
mod screens;
#[cfg(unix)]
mod serve;
mod squares_data;
mod synthetic;
mod text_fuzz;
mod water_levels;
