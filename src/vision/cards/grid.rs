//! Finding the cards: a d×d grid of square cards lying on a table (or on a
//! screen), with gaps between them.
//!
//! The table is what the picture's frame shows: the median colour of its
//! outermost pixels. Everything far from it in CIELAB (after a light blur,
//! so speckled granite or JPEG noise do not count) is "card". Connected
//! blobs of card pixels that are roughly square and of the most common size
//! are the cards; their count must be a square number (or the `--grid`
//! given). A card's corners are its blob's extreme points along the two
//! diagonals, which stays right for cards tilted by a few degrees and for
//! mild perspective. Cards are put in reading order by rows of centres.

use image::RgbImage;

use super::snap::{Away, Corners, snap};
use super::{CardsError, Quad};
use palette::Lab;

use crate::vision::colors::{delta_e, to_lab};

/// Options for finding the card grid.
#[derive(Debug, Clone, Copy)]
pub struct GridFinding {
    /// ΔE from the table colour above which a pixel belongs to a card.
    pub min_delta_e: f32,
    /// Rows and columns of cards, when the user knows them.
    pub grid: Option<(usize, usize)>,
}

impl Default for GridFinding {
    fn default() -> Self {
        GridFinding { min_delta_e: 22.0, grid: None }
    }
}

/// The cards found, in reading order, in the original image's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct CardGrid {
    pub rows: usize,
    pub cols: usize,
    pub cards: Vec<Quad>,
}

/// Largest side of the copy the grid is searched on.
const WORKING_SIDE: u32 = 1000;

/// A blob of card pixels.
#[derive(Debug, Clone, Copy)]
struct Blob {
    area: u32,
    min_x: u32,
    max_x: u32,
    min_y: u32,
    max_y: u32,
    /// Extreme points: min x+y, max x−y, max x+y, min x−y (TL, TR, BR, BL).
    corners: [(i64, (u32, u32)); 4],
    /// One pixel of the blob (its index).
    seed: usize,
    /// Cut out of a blob of cards that touch (or that glare joined), so its
    /// extreme points may lie on the cut rather than on the card.
    cut: bool,
}

impl Blob {
    /// A blob with no pixels yet, `seed` the pixel it will start from.
    fn empty(seed: usize) -> Blob {
        Blob {
            area: 0,
            min_x: u32::MAX,
            max_x: 0,
            min_y: u32::MAX,
            max_y: 0,
            corners: [(i64::MAX, (0, 0)), (i64::MIN, (0, 0)), (i64::MIN, (0, 0)), (i64::MAX, (0, 0))],
            seed,
            cut: false,
        }
    }

    /// The corners, at pixel centres.
    fn corner_points(&self) -> Corners {
        self.corners.map(|(_, (x, y))| (x as f32, y as f32))
    }

    /// Takes pixel (`x`, `y`) into the blob's area, box and corners.
    fn add(&mut self, x: u32, y: u32) {
        self.area += 1;
        self.min_x = self.min_x.min(x);
        self.max_x = self.max_x.max(x);
        self.min_y = self.min_y.min(y);
        self.max_y = self.max_y.max(y);
        let (sum, diff) = (x as i64 + y as i64, x as i64 - y as i64);
        if sum < self.corners[0].0 {
            self.corners[0] = (sum, (x, y));
        }
        if diff > self.corners[1].0 {
            self.corners[1] = (diff, (x, y));
        }
        if sum > self.corners[2].0 {
            self.corners[2] = (sum, (x, y));
        }
        if diff < self.corners[3].0 {
            self.corners[3] = (diff, (x, y));
        }
    }
}

pub fn find_grid(image: &RgbImage, options: &GridFinding) -> Result<CardGrid, CardsError> {
    let factor = image.width().max(image.height()).div_ceil(WORKING_SIDE).max(1);
    let small = crate::vision::shrink_by(image, factor);
    let (w, h) = small.dimensions();
    if w < 16 || h < 16 {
        return Err(CardsError::NoCards { found: 0 });
    }
    // The table's colour: the median of the frame's pixels; failing that
    // (a window inside a dark frame or a shadow), the picture's most
    // common colour.
    let mut frame: Vec<[u8; 3]> = Vec::new();
    for x in 0..w {
        frame.push(small.get_pixel(x, 0).0);
        frame.push(small.get_pixel(x, h - 1).0);
    }
    for y in 0..h {
        frame.push(small.get_pixel(0, y).0);
        frame.push(small.get_pixel(w - 1, y).0);
    }
    // CIELAB of the blurred and the sharp copy, once for every table tried.
    let blurred: Vec<Lab> = box_shrink_same(&small).pixels().map(|p| to_lab(p.0)).collect();
    let sharp: Vec<Lab> = small.pixels().map(|p| to_lab(p.0)).collect();
    let structure = structure_map(&small);
    let mut found = 0;
    let mut cards = None;
    for table in [crate::vision::median_color(&frame), most_common(&small)] {
        match card_blobs_on(&small, (&blurred, &sharp), &structure, to_lab(table), options) {
            Ok(blobs) => {
                cards = Some(blobs);
                break;
            }
            Err(n) => found = found.max(n),
        }
    }
    let Some(cards) = cards else {
        // Cards that nearly touch: their borders as a regular lattice.
        return lattice_grid(&small, factor, options).ok_or(if found == 0 {
            CardsError::NoCards { found }
        } else {
            CardsError::NoGrid { found }
        });
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

/// The cards' corners on a table of colour `table` (in the working
/// picture's pixels), or how many card-like blobs there were.
fn card_blobs_on(
    small: &RgbImage,
    (blurred, sharp): (&[Lab], &[Lab]),
    structure: &[bool],
    table: Lab,
    options: &GridFinding,
) -> Result<Vec<Corners>, usize> {
    let (w, h) = small.dimensions();
    // Table-like in the blurred copy (speckle and noise average out) and
    // in the sharp one (a thin card outline must stay a wall).
    let tableish: Vec<bool> = blurred
        .iter()
        .zip(sharp)
        .map(|(&b, &p)| delta_e(b, table) <= options.min_delta_e && delta_e(p, table) <= options.min_delta_e)
        .collect();
    // Card: whatever the table around the cards does not reach, so a card
    // face that looks like the table still counts inside its outline.
    let mask = unreached(&tableish, w as usize, h as usize);
    let wanted = options.grid.map(|(r, c)| r * c);
    // Shadows and near-touching cards bridge blobs: an opening cuts thin
    // bridges. (This was once repeated six times "to open harder", but an
    // opening by the same square is idempotent, so the repeats only cost
    // time; bigger squares lost the skiers product image's grid.)
    let mask = open(&mask, w as usize, h as usize, 1);
    let filled = fill_spans(&mask, w as usize, h as usize);
    let (found_blobs, label) = labelled_blobs(&filled, w as usize, h as usize);
    let all = split_touching(found_blobs, &label, w as usize);
    // A card shows something; an empty cell of a game board is flat.
    let shown: Vec<Blob> = all.into_iter().filter(|b| has_structure(b, structure, w as usize)).collect();
    let found = match card_blobs(&shown, (w * h) / 400, wanted) {
        Ok(cards) => {
            // Straighten the sides of cards cut apart onto the cards' edges
            // (see `snap`). Cards found whole keep their extreme points:
            // snapping moved clean TetraVex tiles by a few pixels onto
            // their white triangles.
            let distance: Vec<f32> = blurred.iter().map(|&b| delta_e(b, table)).collect();
            let away = Away { distance: &distance, width: w as usize, height: h as usize };
            return Ok(cards
                .iter()
                .map(|b| {
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
                })
                .collect());
        }
        Err(n) => n,
    };
    // Game boards whose cells meet (tiles and empty cells divided only by
    // bevels): each board is one solid blob. Cut the rectangular ones along
    // their own cell borders and keep the cells that show something.
    let cells: Vec<Blob> = blobs(&filled, w as usize, h as usize)
        .into_iter()
        .flat_map(|b| split_by_lines(small, b))
        .filter(|b| has_structure(b, structure, w as usize))
        .collect();
    card_blobs(&cells, (w * h) / 400, wanted)
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
fn split_touching(blobs: Vec<Blob>, label: &[u32], w: usize) -> Vec<Blob> {
    let side = |b: &Blob| ((b.max_x - b.min_x + 1) as f32, (b.max_y - b.min_y + 1) as f32);
    let mut singles: Vec<f32> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = side(b);
            bw >= 12.0 && (bw / bh - 1.0).abs() < 0.1 && b.area as f32 >= 0.85 * bw * bh
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
        let whole = |n: u32, len: f32| n >= 1 && (len / n as f32 - unit).abs() <= unit * 0.12;
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
fn structure_map(img: &RgbImage) -> Vec<bool> {
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

/// The most common colour (5 bits a channel) of a picture.
fn most_common(img: &RgbImage) -> [u8; 3] {
    let mut counts = vec![0u32; 1 << 15];
    for p in img.pixels() {
        let [r, g, b] = p.0.map(|c| (c >> 3) as usize);
        counts[(r << 10) | (g << 5) | b] += 1;
    }
    let (i, _) = counts.iter().enumerate().max_by_key(|&(_, c)| *c).expect("a picture has pixels");
    [(((i >> 10) << 3) | 4) as u8, ((((i >> 5) & 31) << 3) | 4) as u8, (((i & 31) << 3) | 4) as u8]
}

/// The grid as a lattice of straight card borders (see [`super::lattice`]),
/// in the original image's pixels. Rows and columns must agree on the count
/// unless `--grid` says otherwise.
fn lattice_grid(small: &RgbImage, factor: u32, options: &GridFinding) -> Option<CardGrid> {
    // About 400 pixels a side is plenty for lines and keeps the fit quick.
    let half = if small.width().max(small.height()) > 500 { 2 } else { 1 };
    let tiny = crate::vision::shrink_by(small, half);
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

/// The blobs that make a grid: card-like (big enough, about as wide as
/// tall, well filled) and of one size, a square number of them (or
/// `wanted`). Otherwise, how many card-like blobs there were.
fn card_blobs(blobs: &[Blob], min_area: u32, wanted: Option<usize>) -> Result<Vec<Blob>, usize> {
    let squareish: Vec<&Blob> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = ((b.max_x - b.min_x + 1) as f32, (b.max_y - b.min_y + 1) as f32);
            b.area >= min_area && bw / bh > 0.7 && bh / bw > 0.7 && b.area as f32 >= 0.6 * bw * bh
        })
        .collect();
    let mut areas: Vec<u32> = squareish.iter().map(|b| b.area).collect();
    areas.sort_unstable_by(|a, b| b.cmp(a));
    (2..=8usize)
        .map(|d| d * d)
        .chain(wanted)
        .filter(|&n| wanted.is_none_or(|m| m == n) && n <= areas.len())
        .filter_map(|n| {
            let median = areas[n / 2] as f32;
            let similar: Vec<Blob> = squareish
                .iter()
                .filter(|b| (b.area as f32) > median * 0.6 && (b.area as f32) < median * 1.6)
                .map(|b| **b)
                .collect();
            (similar.len() == n).then_some(similar)
        })
        .max_by_key(|s| s.len())
        .ok_or(squareish.len())
}

/// A 5×5 mean blur at the same size (clamped at the borders).
fn box_shrink_same(image: &RgbImage) -> RgbImage {
    let (w, h) = image.dimensions();
    let pass = |src: &RgbImage, horizontal: bool| {
        RgbImage::from_fn(w, h, |x, y| {
            let mut sum = [0u32; 3];
            for k in -2i32..=2 {
                let (sx, sy) = if horizontal {
                    ((x as i32 + k).clamp(0, w as i32 - 1) as u32, y)
                } else {
                    (x, (y as i32 + k).clamp(0, h as i32 - 1) as u32)
                };
                let p = src.get_pixel(sx, sy).0;
                for i in 0..3 {
                    sum[i] += p[i] as u32;
                }
            }
            image::Rgb(sum.map(|s| (s / 5) as u8))
        })
    };
    pass(&pass(image, true), false)
}

/// Morphological opening by a square of side `2 * size + 1`: cuts bridges
/// (shadows, touching speckle) up to about `2 * size` pixels wide between
/// cards. (Opening twice by the same square changes nothing, so harder
/// means a bigger square.)
fn open(mask: &[bool], w: usize, h: usize, size: usize) -> Vec<bool> {
    // A square's erosion is a row pass and a column pass of a 1-D erosion.
    let pass = |src: &[bool], erode: bool, horizontal: bool| -> Vec<bool> {
        let r = size as isize;
        (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as isize, (i / w) as isize);
                let mut all = true;
                let mut any = false;
                for k in -r..=r {
                    let (nx, ny) = if horizontal { (x + k, y) } else { (x, y + k) };
                    let v = nx >= 0
                        && ny >= 0
                        && (nx as usize) < w
                        && (ny as usize) < h
                        && src[ny as usize * w + nx as usize];
                    all &= v;
                    any |= v;
                }
                if erode { all } else { any }
            })
            .collect()
    };
    let eroded = pass(&pass(mask, true, true), true, false);
    pass(&pass(&eroded, false, true), false, false)
}

/// Each blob with the gaps in its rows, then in its columns, filled. A card
/// face with a region as light as the table (a white TetraVex triangle)
/// lets the table's flood in, leaving the card with a notch; the rest of the
/// card spans the notch's rows or columns, so filling spans gives the card
/// back. Blobs that touch in an L keep their shape; rings (a window's
/// outline) and blobs near the picture's size are left alone, since their
/// spans would cover everything inside them.
fn fill_spans(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let cardlike = |b: &Blob| {
        let (bw, bh) = ((b.max_x - b.min_x + 1) as usize, (b.max_y - b.min_y + 1) as usize);
        bw * 5 < w * 3 && bh * 5 < h * 3 && b.area as usize * 5 >= bw * bh * 2
    };
    let (all, mut label) = labelled_blobs(mask, w, h);
    // Only card-like blobs are filled.
    for l in label.iter_mut() {
        if *l != u32::MAX && !cardlike(&all[*l as usize]) {
            *l = u32::MAX;
        }
    }
    let mut out = mask.to_vec();
    // (outer length, inner length, index of (outer, inner)).
    let mut fill = |outer: usize, inner: usize, at: &dyn Fn(usize, usize) -> usize| {
        for o in 0..outer {
            let mut last: Option<(u32, usize)> = None;
            for i in 0..inner {
                let id = label[at(o, i)];
                if id == u32::MAX {
                    continue;
                }
                if let Some((prev_id, prev_i)) = last
                    && prev_id == id
                {
                    for k in prev_i + 1..i {
                        out[at(o, k)] = true;
                    }
                }
                last = Some((id, i));
            }
        }
    };
    fill(h, w, &|y, x| y * w + x);
    fill(w, h, &|x, y| y * w + x);
    out
}

/// Pixels that no 4-connected path of table-like pixels joins to the frame.
fn unreached(tableish: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut reached = vec![false; w * h];
    let mut stack: Vec<usize> = (0..w * h)
        .filter(|&i| {
            let (x, y) = (i % w, i / w);
            (x == 0 || y == 0 || x == w - 1 || y == h - 1) && tableish[i]
        })
        .collect();
    // Little table at the frame (a window inside a dark frame or a
    // shadow): the table is the largest table-like region.
    if stack.len() < (w + h) / 2 {
        let regions = blobs(tableish, w, h);
        if let Some(start) = regions.iter().max_by_key(|b| b.area).map(|b| b.seed) {
            stack.push(start);
        }
    }
    for &i in &stack {
        reached[i] = true;
    }
    while let Some(i) = stack.pop() {
        for j in neighbours(i, w, h) {
            if tableish[j] && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().map(|&r| !r).collect()
}

/// The 4-connected neighbours of pixel `i` in a `w` × `h` picture.
fn neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % w, i / w);
    [(x > 0).then(|| i - 1), (x + 1 < w).then(|| i + 1), (y > 0).then(|| i - w), (y + 1 < h).then(|| i + w)]
        .into_iter()
        .flatten()
}

/// 4-connected blobs of the mask.
fn blobs(mask: &[bool], w: usize, h: usize) -> Vec<Blob> {
    labelled_blobs(mask, w, h).0
}

/// The blobs, and per pixel the index of its blob (`u32::MAX` off the mask).
fn labelled_blobs(mask: &[bool], w: usize, h: usize) -> (Vec<Blob>, Vec<u32>) {
    let mut label = vec![u32::MAX; w * h];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || label[start] != u32::MAX {
            continue;
        }
        let id = out.len() as u32;
        label[start] = id;
        stack.push(start);
        let mut blob = Blob::empty(start);
        while let Some(i) = stack.pop() {
            blob.add((i % w) as u32, (i / w) as u32);
            for j in neighbours(i, w, h) {
                if mask[j] && label[j] == u32::MAX {
                    label[j] = id;
                    stack.push(j);
                }
            }
        }
        out.push(blob);
    }
    (out, label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> (Vec<bool>, usize, usize) {
        let w = rows[0].len();
        (rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect(), w, rows.len())
    }

    #[test]
    fn a_card_with_a_notch_is_filled_and_a_ring_is_not() {
        // A card whose top triangle let the table in, beside a thin ring
        // (a window outline) as big as the picture allows.
        let (m, w, h) = mask(&[
            "..............................",
            ".#.....#......................",
            ".##...##......................",
            ".###.###......................",
            ".#######......................",
            ".#######......................",
            ".#######......................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "..............................",
        ]);
        let filled = fill_spans(&m, w, h);
        for y in 1..=6 {
            for x in 1..=7 {
                assert!(filled[y * w + x], "({x}, {y}) filled");
            }
        }
        let (ring, w, h) = mask(&["#####", "#...#", "#...#", "#####"]);
        assert_eq!(fill_spans(&ring, w, h), ring, "a ring the size of the picture stays a ring");
    }

    #[test]
    fn opening_twice_changes_nothing() {
        let (m, w, h) = mask(&["##..####", "##.#####", "#..##.##", "...#####", "##..#..."]);
        let once = open(&m, w, h, 1);
        assert_eq!(open(&once, w, h, 1), once);
    }
}
