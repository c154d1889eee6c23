//! Finding the cards: a d×d grid of square cards lying on a table (or on a
//! screen), with gaps between them.
//!
//! The table is what the picture's frame shows: the median colour of its
//! outermost pixels (see `table`). Everything far from it in CIELAB (after a
//! light blur, so speckled granite or JPEG noise do not count) is "card".
//! Connected blobs of card pixels that are roughly square and of the most
//! common size are the cards (see `blobs`); their count must be a square
//! number (or the `--grid` given). A card's corners are its blob's extreme
//! points along the two diagonals, which stays right for cards tilted by a
//! few degrees and for mild perspective; cards cut out of a blob of touching
//! cards have their sides snapped onto their edges (see `snap`). Cards are
//! put in reading order by rows of centres.
//!
//! In order: the table as the frame's median colour, then as the picture's
//! most common colour; cards that nearly touch as a lattice of straight
//! borders (see `lattice`); last, for white cards on a desk of their own
//! lightness, the table as the frame's common colours matched by hue, with
//! every card snapped, and blobs that do not line up in rows and columns
//! (a notebook beside the cards) left out.

use image::RgbImage;
use palette::Lab;

use super::CardsError;
use super::blobs::{card_blobs_on, structure_map};
use super::table::{Table, Tolerance, common_colours, most_common};
use crate::geometry::{CardGrid, Quad};
use crate::imaging::color::{median_color, to_lab};
use crate::imaging::par_map;
use crate::imaging::resample::{blur_5x5, shrink_by};

/// Options for finding the card grid.
#[derive(Debug, Clone, Copy)]
pub struct GridFinding {
    /// ΔE from the table colour above which a pixel belongs to a card.
    pub min_delta_e: f32,
    /// Rows and columns of cards, when the user knows them.
    pub grid: Option<(usize, usize)>,
}

/// ΔE from the table's colour above which a pixel is card, by default:
/// set with the grid finder (commit 0a3327b) on the synthetic boards' three
/// tables and the product images' white gutters.
const CARD_MIN_DELTA_E: f32 = 22.0;

/// A desk's colours matched by hue: lightness within 15 and hue (a*, b*)
/// within 5, set on the Skiers photo (white cards on a cream desk, commit
/// 189c484), where the cards share the desk's lightness but not its yellow.
const DESK_LIGHTNESS: f32 = 15.0;
const DESK_CHROMA: f32 = 5.0;

impl Default for GridFinding {
    fn default() -> Self {
        GridFinding { min_delta_e: CARD_MIN_DELTA_E, grid: None }
    }
}

/// Largest side of the copy the grid is searched on.
const WORKING_SIDE: u32 = 1000;

/// Finds the cards of a picture, in reading order.
pub fn find_grid(image: &RgbImage, options: &GridFinding) -> Result<CardGrid, CardsError> {
    let factor = image.width().max(image.height()).div_ceil(WORKING_SIDE).max(1);
    let small = shrink_by(image, factor);
    let (w, h) = small.dimensions();
    if w < 16 || h < 16 {
        return Err(CardsError::NoCards { found: 0 });
    }
    // The table's colour: the median of the frame's pixels; failing that
    // (a window inside a dark frame or a shadow), the picture's most
    // common colour.
    let frame_at: Vec<(u32, u32)> =
        (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)])).collect();
    let frame: Vec<[u8; 3]> = frame_at.iter().map(|&(x, y)| small.get_pixel(x, y).0).collect();
    // CIELAB of the blurred and the sharp copy, once for every table tried.
    let smoothed = blur_5x5(&small);
    let [blurred, sharp]: [Vec<Lab>; 2] =
        par_map(&[&smoothed, &small], |c| c.pixels().map(|p| to_lab(p.0)).collect()).try_into().expect("two copies");
    let structure = structure_map(&small);
    let mut found = 0;
    let round = |c: [u8; 3]| Table { colours: vec![to_lab(c)], tolerance: Tolerance::Round(options.min_delta_e) };
    let mut cards = None;
    for table in [round(median_color(&frame)), round(most_common(&small))] {
        match card_blobs_on(&small, (&blurred, &sharp), &structure, &table, options) {
            Ok(blobs) => {
                cards = Some(blobs);
                break;
            }
            Err(n) => found = found.max(n),
        }
    }
    let cards = match cards {
        Some(cards) => cards,
        None => {
            // Cards that nearly touch: their borders as a regular lattice.
            if let Some(grid) = lattice_grid(&small, factor, options) {
                return Ok(grid);
            }
            // Last, a table of several colours (a desk, the carpet beside
            // it), each matched closely in hue: white cards on a cream desk
            // share its lightness but not its yellow. Tried after the
            // lattice: on the skiers product image (hairline gutters) it
            // found a 2×2 grid where the lattice finds the 3×3.
            let frame_lab: Vec<Lab> = frame_at.iter().map(|&(x, y)| blurred[(y * w + x) as usize]).collect();
            let hue = Table {
                colours: common_colours(&frame_lab),
                tolerance: Tolerance::Hue { lightness: DESK_LIGHTNESS, chroma: DESK_CHROMA },
            };
            match card_blobs_on(&small, (&blurred, &sharp), &structure, &hue, options) {
                Ok(cards) => cards,
                Err(n) => {
                    found = found.max(n);
                    return Err(if found == 0 { CardsError::NoCards { found } } else { CardsError::NoGrid { found } });
                }
            }
        }
    };
    let n = cards.len();
    let (rows, cols) = options.grid.unwrap_or_else(|| {
        let d = (n as f64).sqrt().round() as usize;
        (d, d)
    });

    // Reading order: sort by centre row, cut into rows, sort each by x.
    let scale = factor as f32;
    let mut quads: Vec<Quad> =
        cards.iter().map(|c| Quad { corners: c.map(|(x, y)| ((x + 0.5) * scale, (y + 0.5) * scale)) }).collect();
    quads.sort_by(|a, b| a.centre().1.total_cmp(&b.centre().1));
    let mut ordered = Vec::with_capacity(n);
    for row in quads.chunks(cols) {
        let mut row = row.to_vec();
        row.sort_by(|a, b| a.centre().0.total_cmp(&b.centre().0));
        ordered.extend(row);
    }
    Ok(CardGrid { rows, cols, cards: ordered })
}

/// The grid as a lattice of straight card borders (see [`super::lattice`]),
/// in the original image's pixels. Rows and columns must agree on the count
/// unless `--grid` says otherwise.
fn lattice_grid(small: &RgbImage, factor: u32, options: &GridFinding) -> Option<CardGrid> {
    // About 400 pixels a side is plenty for lines and keeps the fit quick.
    let half = if small.width().max(small.height()) > 500 { 2 } else { 1 };
    let tiny = shrink_by(small, half);
    let (cols, rows) = super::lattice::profiles(&tiny);
    let (xs, ys) = match options.grid {
        Some((r, c)) => (super::lattice::fit(&cols, &[c])?, super::lattice::fit(&rows, &[r])?),
        None => {
            let counts: Vec<usize> = (2..=6).collect();
            let (xs, ys) = (super::lattice::fit(&cols, &counts)?, super::lattice::fit(&rows, &counts)?);
            if xs.count != ys.count {
                return None;
            }
            (xs, ys)
        }
    };
    let scale = (factor * half) as f32;
    let mut cards = Vec::with_capacity(xs.count * ys.count);
    for r in 0..ys.count {
        for c in 0..xs.count {
            let ((x0, x1), (y0, y1)) = (xs.span(c), ys.span(r));
            let p = |x: f32, y: f32| ((x + 0.5) * scale, (y + 0.5) * scale);
            cards.push(Quad { corners: [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)] });
        }
    }
    Some(CardGrid { rows: ys.count, cols: xs.count, cards })
}
