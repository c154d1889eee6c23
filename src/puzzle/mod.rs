//! Game models with a text form. Nothing here touches files or pixels: a
//! puzzle is built from text (`FromStr`) or by the vision stage, checked once,
//! and written back with `Display`.

pub mod squares;
pub mod water;
