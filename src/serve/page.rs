//! The phone page: one HTML file with its style and script inline (no other
//! request but the upload), built into the binary. It uploads the chosen
//! picture with the game overrides, and draws the answer: for water sort,
//! the current move on the player's picture as SVG over it (the two tubes
//! lit, the arrow along the server's route), "7 / 41", next and back by
//! button, tap, swipe or arrow keys, and the whole list on demand; for
//! cards, the composed board, the marked picture and where each card goes.

/// The page, as served at `/`.
pub const HTML: &str = include_str!("page.html");
