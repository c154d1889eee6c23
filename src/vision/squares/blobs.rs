//! Which blobs of "card" pixels are the cards: roughly square, well filled,
//! of one size, a square number of them (or the grid asked for) covering a
//! good part of the picture. Touching cards are cut apart by the size of the
//! single ones, a game board whose cells meet is cut along its own lines,
//! flat cells are dropped, and on a desk photo blobs that do not line up in
//! rows and columns are left out.

use image::RgbImage;
use palette::Lab;

use super::GridFinding;
use super::snap::{Away, Corners, snap, snap_scored};
use super::table::{Table, Tolerance};
use crate::imaging::mask::{Blob, fill_spans, labelled_blobs, open, unreached};

/// Smallest card, as a share of the picture: a 400th (a card a 20th of the
/// picture's side). Set with the grid finder (commit 0a3327b); TetraVex
/// tiles, the smallest cards in ../shared/edge_images, pass it.
const MIN_CARD_AREA_DIVISOR: u32 = 400;

/// Least part of the picture the cards must cover, in units of the
/// smallest card area (a 400th of the picture): 20 is 5%.
const MIN_COVER_IN_MIN_AREAS: u32 = 20;

/// The opening's square on a desk photo, as a fraction of the picture's
/// larger side: a 250th cut the Skiers photo's cards from the desk's dark
/// edge, along which the hue table's flood joined them to the carpet.
const DESK_OPENING_DIVISOR: usize = 250;

/// Least share of its box a blob must fill, and least ratio of its sides,
/// to be card-like. Set with the grid finder (commit 0a3327b) on the
/// synthetic boards (cards tilted up to 3°) and the product images.
const CARD_MIN_FILL: f32 = 0.6;
const CARD_MIN_ASPECT: f32 = 0.7;

/// How far a card's area may stray from the median card's, below and
/// above: two cards joined are twice the median, and fall out. Set with
/// the grid finder (commit 0a3327b).
const SIZE_BELOW_MEDIAN: f32 = 0.6;
const SIZE_ABOVE_MEDIAN: f32 = 1.6;

/// A single card, the unit for cutting touching ones apart: square to 10%
/// and filling 85% of its box. Set when touching cards were first cut apart
/// (commit 63d7516, on the TetraVex screenshots and product images).
const SINGLE_MAX_ASPECT_ERROR: f32 = 0.1;
const SINGLE_MIN_FILL: f32 = 0.85;

/// Whether other things lie beside the cards (a desk photo), so that
/// card-like blobs that do not line up with the rest are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scene {
    /// Cards alone on a plain table, or tiles on a game board.
    Plain,
    /// Cards among other things on a desk.
    Cluttered,
}

/// The cards' corners on a table of colour `table` (in the working
/// picture's pixels), or how many card-like blobs there were.
pub(super) fn card_blobs_on(
    small: &RgbImage,
    (blurred, sharp): (&[Lab], &[Lab]),
    structure: &[bool],
    table: &Table,
    options: &GridFinding,
) -> Result<Vec<Corners>, usize> {
    let (w, h) = small.dimensions();
    // Table-like in the blurred copy (speckle and noise average out) and
    // in the sharp one (a thin card outline must stay a wall).
    let tableish: Vec<bool> = blurred.iter().zip(sharp).map(|(&b, &p)| table.holds(b, p)).collect();
    // Card: whatever the table around the cards does not reach, so a card
    // face that looks like the table still counts inside its outline.
    let mask = unreached(&tableish, w as usize, h as usize);
    // Shadows and near-touching cards bridge blobs: an opening cuts thin
    // bridges. (This was once repeated six times "to open harder", but an
    // opening by the same square is idempotent, so the repeats only cost
    // time; bigger squares lost the skiers product image's grid.)
    // A hue table's flood leaves the cards of a photo joined to whatever
    // else is not table along thin strips (the dark edge of a desk against
    // the carpet): a bigger square, a 250th of the picture, cuts them.
    let size = match table.tolerance {
        Tolerance::Round(_) => 1,
        Tolerance::Hue { .. } => (w.max(h) as usize / DESK_OPENING_DIVISOR).max(1),
    };
    let mask = open(&mask, w as usize, h as usize, size);
    let filled = fill_spans(&mask, w as usize, h as usize);
    let min_area = (w * h) / MIN_CARD_AREA_DIVISOR;
    let (found_blobs, label) = labelled_blobs(&filled, w as usize, h as usize);
    let all = split_touching(found_blobs.clone(), &label, w as usize, min_area);
    // A card shows something; an empty cell of a game board is flat.
    let shown: Vec<Blob> = all.into_iter().filter(|b| has_structure(b, structure, w as usize)).collect();
    // On a desk photo (a hue table) other things lie beside the cards; card-
    // like blobs that do not line up with the rest are dropped there (only:
    // on product images that dropping made a 2×2 grid of a 3×3 one).
    let scene = match table.tolerance {
        Tolerance::Round(_) => Scene::Plain,
        Tolerance::Hue { .. } => Scene::Cluttered,
    };
    let found = match card_blobs(&shown, min_area, options.grid, scene) {
        Ok(cards) => {
            // Straighten sides onto the cards' edges (see `snap`): of cards
            // cut apart, and of every card on a desk photo. Other cards keep
            // their extreme points: snapping moved clean TetraVex tiles by a
            // few pixels onto their white triangles.
            let distance: Vec<f32> = blurred.iter().map(|&b| table.distance(b)).collect();
            let away = Away { distance: &distance, width: w as usize, height: h as usize };
            let straightened = |b: &Blob| -> Corners {
                if scene == Scene::Cluttered {
                    // The hue table's flood bites into pale card faces (the
                    // bites are card, though not the blob's), and a bite at a
                    // corner drags its extreme point in, while tilt and
                    // perspective make the box wrong: of both, snapped, the
                    // one that found more edge.
                    let (x0, x1, y0, y1) = (b.min_x as f32, b.max_x as f32, b.min_y as f32, b.max_y as f32);
                    let any = |_: usize, _: usize| true;
                    let from_box = snap_scored([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], &away, any);
                    let from_points = snap_scored(b.corner_points(), &away, any);
                    return if from_box.1 > from_points.1 { from_box.0 } else { from_points.0 };
                }
                if !b.cut {
                    return b.corner_points();
                }
                let id = label[b.seed];
                let own = |x: usize, y: usize| {
                    (b.min_x as usize..=b.max_x as usize).contains(&x)
                        && (b.min_y as usize..=b.max_y as usize).contains(&y)
                        && label[y * w as usize + x] == id
                };
                snap(b.corner_points(), &away, own)
            };
            return Ok(cards.iter().map(straightened).collect());
        }
        Err(n) => n,
    };
    // Game boards whose cells meet (tiles and empty cells divided only by
    // bevels): each board is one solid blob. Cut the rectangular ones along
    // their own cell borders and keep the cells that show something.
    let cells: Vec<Blob> = found_blobs
        .into_iter()
        .flat_map(|b| split_by_lines(small, b))
        .filter(|b| has_structure(b, structure, w as usize))
        .collect();
    card_blobs(&cells, min_area, options.grid, Scene::Plain)
        .map(|cards| cards.iter().map(Blob::corner_points).collect())
        .map_err(|n| found.max(n))
}

/// A solid rectangular blob cut into the square cells that its internal
/// border lines show (2 to 36 of them), or the blob itself.
fn split_by_lines(small: &RgbImage, b: Blob) -> Vec<Blob> {
    let (bw, bh) = (b.max_x - b.min_x + 1, b.max_y - b.min_y + 1);
    // A board is smaller than the picture (and the fit's cost grows with
    // the blob: a table of cards that merged is the lattice fit's job).
    let (w, h) = small.dimensions();
    let small_enough = bw * 5 < w * 3 && bh * 5 < h * 3;
    if bw < 24 || bh < 24 || !small_enough || (b.area as f32) < 0.9 * (bw * bh) as f32 {
        return vec![b];
    }
    let crop = image::imageops::crop_imm(small, b.min_x, b.min_y, bw, bh).to_image();
    let (cols, rows) = super::lattice::profiles(&crop);
    let counts: Vec<usize> = (1..=6).collect();
    let (Some(xs), Some(ys)) = (super::lattice::fit(&cols, &counts), super::lattice::fit(&rows, &counts)) else {
        return vec![b];
    };
    let square = (xs.side / ys.side - 1.0).abs() < 0.15;
    if xs.count * ys.count < 2 || !square {
        return vec![b];
    }
    let mut out = Vec::with_capacity(xs.count * ys.count);
    for r in 0..ys.count {
        for c in 0..xs.count {
            let ((x0, x1), (y0, y1)) = (xs.span(c), ys.span(r));
            let (x0, x1) = (b.min_x + x0.round() as u32, b.min_x + (x1.round() as u32).min(bw - 1));
            let (y0, y1) = (b.min_y + y0.round() as u32, b.min_y + (y1.round() as u32).min(bh - 1));
            let k = |x: u32, y: u32| (0, (x, y));
            out.push(Blob {
                area: (x1 - x0 + 1) * (y1 - y0 + 1),
                min_x: x0,
                max_x: x1,
                min_y: y0,
                max_y: y1,
                corners: [k(x0, y0), k(x1, y0), k(x1, y1), k(x0, y1)],
                seed: y0 as usize * small.width() as usize + x0 as usize,
                cut: false,
            });
        }
    }
    out
}

/// Cards that touch make one blob the size of several: when some blobs are
/// single square cards, a blob whose box is a whole number of them across
/// and down is cut into those cells, keeping the cells it fills (70%):
/// each kept cell is the blob's own pixels in it, so a card laid a little
/// off the cut keeps its real corners, and a card of another blob inside
/// the box (three cards touching in an L around a fourth) is not counted.
fn split_touching(blobs: Vec<Blob>, label: &[u32], w: usize, min_area: u32) -> Vec<Blob> {
    let side = |b: &Blob| ((b.max_x - b.min_x + 1) as f32, (b.max_y - b.min_y + 1) as f32);
    // Single cards: square, well filled, and as big as a card may be (a
    // keyboard's keys are square blobs too, and many).
    let mut singles: Vec<f32> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = side(b);
            b.area >= min_area
                && (bw / bh - 1.0).abs() < SINGLE_MAX_ASPECT_ERROR
                && b.area as f32 >= SINGLE_MIN_FILL * bw * bh
        })
        .map(|b| side(b).0)
        .collect();
    if singles.is_empty() {
        return blobs;
    }
    singles.sort_by(f32::total_cmp);
    let unit = singles[singles.len() / 2];
    let mut out = Vec::with_capacity(blobs.len());
    for (id, b) in blobs.into_iter().enumerate() {
        let (bw, bh) = side(&b);
        let (nx, ny) = ((bw / unit).round() as u32, (bh / unit).round() as u32);
        let whole = |n: u32, len: f32| n >= 1 && (len / n as f32 - unit).abs() <= unit * 0.15;
        if nx * ny <= 1 || nx > 6 || ny > 6 || !whole(nx, bw) || !whole(ny, bh) {
            out.push(b);
            continue;
        }
        let (cw, ch) = (bw / nx as f32, bh / ny as f32);
        for j in 0..ny {
            for i in 0..nx {
                let x0 = b.min_x + (i as f32 * cw).round() as u32;
                let y0 = b.min_y + (j as f32 * ch).round() as u32;
                let x1 = (b.min_x + ((i + 1) as f32 * cw).round() as u32).max(x0 + 1) - 1;
                let y1 = (b.min_y + ((j + 1) as f32 * ch).round() as u32).max(y0 + 1) - 1;
                // The card in the cell: its own pixels (the cut is only as
                // square as the cards were laid).
                // Only this blob's pixels: another card may lie in its box.
                let mut cell = Blob::empty(y0 as usize * w + x0 as usize);
                for (x, y) in (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| (x, y))) {
                    if label[y as usize * w + x as usize] == id as u32 {
                        if cell.area == 0 {
                            cell.seed = y as usize * w + x as usize;
                        }
                        cell.add(x, y);
                    }
                }
                if cell.area as f32 >= 0.7 * ((x1 - x0 + 1) * (y1 - y0 + 1)) as f32 {
                    out.push(Blob { cut: true, ..cell });
                }
            }
        }
    }
    out
}

/// Pixels with a clear local contrast (a figure, a digit, a line).
pub(super) fn structure_map(img: &RgbImage) -> Vec<bool> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let luma: Vec<i32> =
        img.pixels().map(|p| (299 * p.0[0] as i32 + 587 * p.0[1] as i32 + 114 * p.0[2] as i32) / 1000).collect();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                return false;
            }
            (luma[i + 1] - luma[i - 1]).abs() + (luma[i + w] - luma[i - w]).abs() > 40
        })
        .collect()
}

/// Whether the middle of a blob (its inner 60%) holds some structure: at
/// least 2% of its pixels.
fn has_structure(b: &Blob, structure: &[bool], w: usize) -> bool {
    let (bw, bh) = (b.max_x - b.min_x, b.max_y - b.min_y);
    let (x0, x1) = (b.min_x + bw / 5, b.max_x - bw / 5);
    let (y0, y1) = (b.min_y + bh / 5, b.max_y - bh / 5);
    let total = ((x1 - x0) * (y1 - y0)).max(1) as usize;
    let count = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| structure[y as usize * w + x as usize])
        .count();
    count * 50 >= total
}

/// The blobs that make a grid: card-like (big enough, about as wide as
/// tall, well filled) and of one size, a square number of them (or
/// `grid`). Otherwise, how many card-like blobs there were.
fn card_blobs(blobs: &[Blob], min_area: u32, grid: Option<(usize, usize)>, scene: Scene) -> Result<Vec<Blob>, usize> {
    let wanted = grid.map(|(r, c)| r * c);
    let squareish: Vec<&Blob> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = ((b.max_x - b.min_x + 1) as f32, (b.max_y - b.min_y + 1) as f32);
            b.area >= min_area
                && bw / bh > CARD_MIN_ASPECT
                && bh / bw > CARD_MIN_ASPECT
                && b.area as f32 >= CARD_MIN_FILL * bw * bh
        })
        .collect();
    let mut areas: Vec<u32> = squareish.iter().map(|b| b.area).collect();
    areas.sort_unstable_by(|a, b| b.cmp(a));
    // A desk photo's last-resort model does not offer 2×2: a game
    // screenshot's buttons made one, and real sets are 3×3 or more (98 of
    // the 105 card lists); `--grid 2x2` still asks for it.
    let smallest = if scene == Scene::Cluttered { 3 } else { 2 };
    (smallest..=8usize)
        .map(|d| d * d)
        .chain(wanted)
        .filter(|&n| wanted.is_none_or(|m| m == n) && n <= areas.len())
        .filter_map(|n| {
            let median = areas[n / 2] as f32;
            let similar: Vec<Blob> = squareish
                .iter()
                .filter(|b| {
                    (b.area as f32) > median * SIZE_BELOW_MEDIAN && (b.area as f32) < median * SIZE_ABOVE_MEDIAN
                })
                .map(|b| **b)
                .collect();
            let (rows, cols) = grid.unwrap_or_else(|| {
                let d = (n as f64).sqrt().round() as usize;
                (d, d)
            });
            let similar = if scene == Scene::Cluttered && similar.len() > n {
                in_rows_and_columns(similar, rows, cols)
            } else {
                similar
            };
            // Cards a player photographs fill a good part of the picture
            // (product shots ~80%, photos 30–50%, TetraVex tiles 10%); four
            // specks of a water-sort screenshot's tube covered 1.3%.
            let covered: u32 = similar.iter().map(|b| b.area).sum();
            (similar.len() == n && covered >= MIN_COVER_IN_MIN_AREAS * min_area).then_some(similar)
        })
        .max_by_key(|s| s.len())
        .ok_or(squareish.len())
}

/// Of more card-like blobs than the grid holds, those that line up with
/// the others: at least `cols − 1` others in their row and `rows − 1` in
/// their column (centres within half a card). A notebook's corner beside a
/// photo's 3×3 cards is in no column of them. A blob left out must lie
/// outside the others' span, or there is no grid: a card among cards that
/// does not line up means the grid is some other size.
fn in_rows_and_columns(blobs: Vec<Blob>, rows: usize, cols: usize) -> Vec<Blob> {
    let centre = |b: &Blob| ((b.min_x + b.max_x) as f32 / 2.0, (b.min_y + b.max_y) as f32 / 2.0);
    let half = |b: &Blob| ((b.max_x - b.min_x) + (b.max_y - b.min_y)) as f32 / 4.0;
    let mut kept = blobs.clone();
    // Dropping one blob can take another's mates away: repeat until none go.
    loop {
        let next: Vec<Blob> = kept
            .iter()
            .filter(|b| {
                let (x, y) = centre(b);
                let mates = |same: &dyn Fn((f32, f32)) -> bool| kept.iter().filter(|o| same(centre(o))).count() - 1;
                mates(&|(_, oy)| (oy - y).abs() < half(b)) + 1 >= cols
                    && mates(&|(ox, _)| (ox - x).abs() < half(b)) + 1 >= rows
            })
            .copied()
            .collect();
        if next.len() == kept.len() {
            break;
        }
        kept = next;
    }
    let (x0, x1) = (kept.iter().map(|b| b.min_x).min(), kept.iter().map(|b| b.max_x).max());
    let (y0, y1) = (kept.iter().map(|b| b.min_y).min(), kept.iter().map(|b| b.max_y).max());
    let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else { return blobs };
    let inside = |b: &Blob| {
        let (x, y) = centre(b);
        (x0 as f32..=x1 as f32).contains(&x) && (y0 as f32..=y1 as f32).contains(&y)
    };
    if blobs.iter().any(|b| inside(b) && !kept.iter().any(|k| k.seed == b.seed)) { blobs } else { kept }
}
