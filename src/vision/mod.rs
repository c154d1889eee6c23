//! Pixels in, puzzle out: everything that looks at a picture to find a
//! puzzle lives here, one folder per game, and nothing after this stage
//! sees a pixel. [`water`] reads water-sort and ball-sort screenshots into
//! a level and a `Layout`; [`squares`] finds the cards of a Scrambled
//! Squares picture and proposes readings of their edges.

pub mod squares;
pub mod water;
