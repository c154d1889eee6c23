//! Searches, one module per game. Each takes a checked puzzle and options with
//! a budget, and returns a solution or a typed reason why there is none.

pub mod squares;
pub mod water;
