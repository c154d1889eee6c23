//! Scrambled Squares (and TetraVex, Eternity II) from a picture: [`grid`]
//! finds the cards ([`table`] says what the table looks like, [`blobs`]
//! picks the card-shaped blobs, [`lattice`] the borders of cards that nearly
//! touch, [`snap`] straightens outlines), [`looks`] describes every edge,
//! [`grouping`] groups the edges and pairs the groups, and [`labellings`]
//! turns the likeliest groupings into card lists. [`read_cards`] returns the
//! grid and the labellings worth trying, most likely first; which is right
//! is for the solver to judge (`pipeline::squares`), since a labelling that
//! admits no solution is wrong.

mod blobs;
pub mod grid;
pub mod grouping;
pub mod labellings;
pub mod lattice;
pub mod looks;
mod snap;
mod table;

use image::RgbImage;
use thiserror::Error;

use crate::geometry::CardGrid;
use crate::imaging::par_map;
use crate::puzzle::squares::SquaresPuzzle;
pub use grid::{GridFinding, find_grid};
use labellings::{labellings, shape_labellings};
use looks::{EdgeLook, ShapeLook, edge_looks, upright};

/// How touching edges must relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchMode {
    /// Scrambled Squares: two different halves of one figure meet.
    Complement,
    /// Eternity II / TetraVex: equal patterns meet.
    Same,
}

/// Options for reading cards.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardReading {
    pub grid: GridFinding,
    /// `None`: complementary halves (Scrambled Squares). (Equal patterns
    /// are only read when asked for: with them, coarse groupings solve too
    /// easily to be told from the right one; `pipeline::squares` asks for
    /// them after halves.)
    pub mode: Option<MatchMode>,
    /// Cards never turn (TetraVex): patterns are printed upright on every
    /// side, so edges are compared as they lie, not turned to the top.
    pub upright: bool,
}

/// One way to read the edges: the card list it gives.
#[derive(Debug, Clone)]
pub struct Labelling {
    pub mode: MatchMode,
    /// Read by the shape family, which offers many loose readings: a
    /// solution under it stands only if the board's seams join in the
    /// picture too (see `pipeline::squares`).
    pub needs_seams: bool,
    /// Distinct edge looks (groups).
    pub groups: usize,
    pub puzzle: SquaresPuzzle,
}

/// What was read from a picture of cards.
#[derive(Debug, Clone)]
pub struct CardsRead {
    pub grid: CardGrid,
    /// Most likely first.
    pub labellings: Vec<Labelling>,
    /// Every side's shape look (4 per card, top, right, bottom, left), when
    /// cards may turn.
    pub shapes: Vec<ShapeLook>,
}

/// Why a picture of cards could not be read.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CardsError {
    #[error("no cards were found in the image; are they on a plain table with gaps between them?")]
    NoCards { found: usize },
    #[error(
        "found {}, which is not a square grid of cards; if some are hidden or touching, say the grid with --grid 3x3"
    , crate::words::plural(*.found as u64, "card-like shape", "card-like shapes"))]
    NoGrid { found: usize },
    #[error("found {cards} cards but could not tell their edges apart")]
    NoLabelling { cards: usize },
}

/// Finds the cards and proposes labellings of their edges.
pub fn read_cards(image: &RgbImage, options: &CardReading) -> Result<CardsRead, CardsError> {
    let mut read = read_grid(image, find_grid(image, &options.grid)?, options);
    add_shape_readings(image, &mut read, options);
    Ok(read)
}

/// Proposes labellings of the edges of cards already found (so a picture
/// read under several rules finds its cards once), by their colours; the
/// slower readings by the shapes of the figures are [`add_shape_readings`].
pub fn read_grid(image: &RgbImage, grid: CardGrid, options: &CardReading) -> CardsRead {
    let cards: Vec<Vec<[f32; 3]>> = par_map(&grid.cards, |quad| upright(image, quad));
    let looks: Vec<EdgeLook> = cards
        .iter()
        .flat_map(|card| if options.upright { looks::upright_edge_looks(card) } else { edge_looks(card) })
        .collect();
    let mut labellings = labellings(&looks, grid.rows, grid.cols, options.mode);
    if options.upright && options.mode == Some(MatchMode::Same) {
        // Tiles whose colours do not tell the numbers apart: by shape.
        let glyphs: Vec<EdgeLook> = cards.iter().flat_map(|card| looks::glyph_edge_looks(card)).collect();
        labellings.extend(labellings::labellings(&glyphs, grid.rows, grid.cols, options.mode));
    }
    CardsRead { grid, labellings, shapes: Vec::new() }
}

/// Adds, after the colour readings, the readings by the shape of the
/// figures' strokes (for figures alike in colour, grey on grey), where the
/// rule allows them: halves of figures on cards that turn, on boards of
/// 3×3 or more (shape readings need the evidence of many joins: a 2×2
/// board has four, and a game screenshot read as 2×2 cards passed the seam
/// rule by chance).
pub fn add_shape_readings(image: &RgbImage, read: &mut CardsRead, options: &CardReading) {
    let grid = &read.grid;
    if options.upright || options.mode == Some(MatchMode::Same) || grid.rows < 3 || grid.cols < 3 {
        return;
    }
    read.shapes = par_map(&grid.cards, |quad| looks::shape_looks(image, quad)).into_iter().flatten().collect();
    read.labellings.extend(shape_labellings(&read.shapes, grid.rows, grid.cols));
}
