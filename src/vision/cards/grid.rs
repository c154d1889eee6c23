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
//! mild perspective; cards cut out of a blob of touching cards have their
//! sides snapped onto their edges (see `snap`). Cards are put in reading
//! order by rows of centres.
//!
//! In order: the table as the frame's median colour, then as the picture's
//! most common colour; cards that nearly touch as a lattice of straight
//! borders (see `lattice`); last, for white cards on a desk of their own
//! lightness, the table as the frame's common colours matched by hue, with
//! every card snapped, and blobs that do not line up in rows and columns
//! (a notebook beside the cards) left out.

use image::RgbImage;

use super::snap::{Away, Corners, snap, snap_scored};
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

/// Least part of the picture the cards must cover, in units of the
/// smallest card area (a 400th of the picture): 20 is 5%.
const MIN_COVER_IN_MIN_AREAS: u32 = 20;

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
    let frame_at: Vec<(u32, u32)> =
        (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)])).collect();
    let frame: Vec<[u8; 3]> = frame_at.iter().map(|&(x, y)| small.get_pixel(x, y).0).collect();
    // CIELAB of the blurred and the sharp copy, once for every table tried.
    let smoothed = box_shrink_same(&small);
    let [blurred, sharp]: [Vec<Lab>; 2] =
        crate::vision::par_map(&[&smoothed, &small], |c| c.pixels().map(|p| to_lab(p.0)).collect())
            .try_into()
            .expect("two copies");
    let structure = structure_map(&small);
    let mut found = 0;
    let round = |c: [u8; 3]| Table { colours: vec![to_lab(c)], tolerance: Tolerance::Round(options.min_delta_e) };
    let mut cards = None;
    for table in [round(crate::vision::median_color(&frame)), round(most_common(&small))] {
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
                tolerance: Tolerance::Hue { lightness: 15.0, chroma: 5.0 },
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

/// What the table looks like.
struct Table {
    colours: Vec<Lab>,
    tolerance: Tolerance,
}

/// How close to one of the table's colours a pixel must be to be table.
enum Tolerance {
    /// Within this ΔE, in the blurred copy and in the sharp one.
    Round(f32),
    /// Lightness within `lightness` and hue (a*, b*) within `chroma` in the
    /// blurred copy; in the sharp one, 1.6 times the hue radius.
    Hue { lightness: f32, chroma: f32 },
}

impl Table {
    fn holds(&self, blurred: Lab, sharp: Lab) -> bool {
        self.colours.iter().any(|&t| match self.tolerance {
            Tolerance::Round(r) => delta_e(blurred, t) <= r && delta_e(sharp, t) <= r,
            Tolerance::Hue { lightness, chroma } => {
                let near =
                    |c: Lab, radius: f32| (c.l - t.l).abs() <= lightness && (c.a - t.a).hypot(c.b - t.b) <= radius;
                near(blurred, chroma) && near(sharp, chroma * 1.6)
            }
        })
    }

    /// How unlike the table a colour is, for snapping sides: ΔE to the
    /// nearest table colour; for a hue table, ten times the distance in
    /// units of its tolerance, and no more than 20: pale card faces then
    /// count as fully "card", so a figure's outline inside the card (a far
    /// bigger ΔE step) does not outscore the card's own edge.
    fn distance(&self, c: Lab) -> f32 {
        self.colours
            .iter()
            .map(|&t| match self.tolerance {
                Tolerance::Round(_) => delta_e(c, t),
                Tolerance::Hue { lightness, chroma } => {
                    let units = ((c.l - t.l).abs() / lightness).max((c.a - t.a).hypot(c.b - t.b) / chroma);
                    (10.0 * units).min(20.0)
                }
            })
            .fold(f32::MAX, f32::min)
    }
}

/// The colours that each cover a tenth of `pixels` or more (in bins of 10
/// CIELAB units; each the median of its bin), most common first.
fn common_colours(pixels: &[Lab]) -> Vec<Lab> {
    let bin = |c: &Lab| ((c.l / 10.0).floor() as i32, (c.a / 10.0).floor() as i32, (c.b / 10.0).floor() as i32);
    let mut counts: std::collections::HashMap<(i32, i32, i32), Vec<Lab>> = std::collections::HashMap::new();
    for c in pixels {
        counts.entry(bin(c)).or_default().push(*c);
    }
    let mut bins: Vec<Vec<Lab>> = counts.into_values().filter(|m| m.len() * 10 >= pixels.len()).collect();
    bins.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| bin(&a[0]).cmp(&bin(&b[0]))));
    bins.into_iter()
        .map(|members| {
            let median = |f: fn(&Lab) -> f32| {
                let mut v: Vec<f32> = members.iter().map(f).collect();
                v.sort_by(f32::total_cmp);
                v[v.len() / 2]
            };
            Lab::new(median(|c| c.l), median(|c| c.a), median(|c| c.b))
        })
        .collect()
}

/// The cards' corners on a table of colour `table` (in the working
/// picture's pixels), or how many card-like blobs there were.
fn card_blobs_on(
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
        Tolerance::Hue { .. } => (w.max(h) as usize / 250).max(1),
    };
    let mask = open(&mask, w as usize, h as usize, size);
    let filled = fill_spans(&mask, w as usize, h as usize);
    let min_area = (w * h) / 400;
    let (found_blobs, label) = labelled_blobs(&filled, w as usize, h as usize);
    let all = split_touching(found_blobs.clone(), &label, w as usize, min_area);
    // A card shows something; an empty cell of a game board is flat.
    let shown: Vec<Blob> = all.into_iter().filter(|b| has_structure(b, structure, w as usize)).collect();
    // On a desk photo (a hue table) other things lie beside the cards; card-
    // like blobs that do not line up with the rest are dropped there (only:
    // on product images that dropping made a 2×2 grid of a 3×3 one).
    let desk_photo = matches!(table.tolerance, Tolerance::Hue { .. });
    let found = match card_blobs(&shown, min_area, options.grid, desk_photo) {
        Ok(cards) => {
            // Straighten sides onto the cards' edges (see `snap`): of cards
            // cut apart, and of every card on a desk photo. Other cards keep
            // their extreme points: snapping moved clean TetraVex tiles by a
            // few pixels onto their white triangles.
            let distance: Vec<f32> = blurred.iter().map(|&b| table.distance(b)).collect();
            let away = Away { distance: &distance, width: w as usize, height: h as usize };
            let straightened = |b: &Blob| -> Corners {
                if desk_photo {
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
    card_blobs(&cells, min_area, options.grid, false)
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
            b.area >= min_area && (bw / bh - 1.0).abs() < 0.1 && b.area as f32 >= 0.85 * bw * bh
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
/// `grid`). Otherwise, how many card-like blobs there were.
fn card_blobs(blobs: &[Blob], min_area: u32, grid: Option<(usize, usize)>, clutter: bool) -> Result<Vec<Blob>, usize> {
    let wanted = grid.map(|(r, c)| r * c);
    let squareish: Vec<&Blob> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = ((b.max_x - b.min_x + 1) as f32, (b.max_y - b.min_y + 1) as f32);
            b.area >= min_area && bw / bh > 0.7 && bh / bw > 0.7 && b.area as f32 >= 0.6 * bw * bh
        })
        .collect();
    let mut areas: Vec<u32> = squareish.iter().map(|b| b.area).collect();
    areas.sort_unstable_by(|a, b| b.cmp(a));
    // A desk photo's last-resort model does not offer 2×2: a game
    // screenshot's buttons made one, and real sets are 3×3 or more (98 of
    // the 105 card lists); `--grid 2x2` still asks for it.
    let smallest = if clutter { 3 } else { 2 };
    (smallest..=8usize)
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
            let (rows, cols) = grid.unwrap_or_else(|| {
                let d = (n as f64).sqrt().round() as usize;
                (d, d)
            });
            let similar = if clutter && similar.len() > n { in_rows_and_columns(similar, rows, cols) } else { similar };
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
    // A square's erosion is a row pass and a column pass of a 1-D erosion;
    // each pass counts the set pixels in every window from running counts
    // (outside the picture counts as unset), so its cost does not grow
    // with the square, and both walk the picture row by row.
    let full = 2 * size + 1;
    let keep = |set: usize, erode: bool| if erode { set == full } else { set > 0 };
    let rows = |src: &[bool], erode: bool| -> Vec<bool> {
        let mut out = vec![false; w * h];
        let mut sums = vec![0usize; w + 1];
        for y in 0..h {
            let row = &src[y * w..(y + 1) * w];
            for x in 0..w {
                sums[x + 1] = sums[x] + usize::from(row[x]);
            }
            for x in 0..w {
                let (lo, hi) = (x.saturating_sub(size), (x + size + 1).min(w));
                out[y * w + x] = keep(sums[hi] - sums[lo], erode);
            }
        }
        out
    };
    let columns = |src: &[bool], erode: bool| -> Vec<bool> {
        let mut out = vec![false; w * h];
        // counts[x]: set pixels of column x in rows y − size ..= y + size.
        let mut counts = vec![0usize; w];
        for y in 0..size.min(h) {
            for x in 0..w {
                counts[x] += usize::from(src[y * w + x]);
            }
        }
        for y in 0..h {
            if y + size < h {
                let add = &src[(y + size) * w..(y + size + 1) * w];
                for (c, &v) in counts.iter_mut().zip(add) {
                    *c += usize::from(v);
                }
            }
            if y > size {
                let drop = &src[(y - size - 1) * w..(y - size) * w];
                for (c, &v) in counts.iter_mut().zip(drop) {
                    *c -= usize::from(v);
                }
            }
            for (o, &c) in out[y * w..(y + 1) * w].iter_mut().zip(&counts) {
                *o = keep(c, erode);
            }
        }
        out
    };
    let eroded = columns(&rows(mask, true), true);
    columns(&rows(&eroded, false), false)
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

    /// The running-count opening against the plain definition (a pixel
    /// stays if some square of side 2·size+1 inside the mask covers it).
    #[test]
    fn opening_matches_its_definition() {
        let (w, h) = (23, 17);
        let mut state = 12345u64;
        for size in 1..=3 {
            let m: Vec<bool> = (0..w * h)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    !(state >> 33).is_multiple_of(5)
                })
                .collect();
            let inside = |cx: isize, cy: isize| {
                (-(size as isize)..=size as isize).all(|dy| {
                    (-(size as isize)..=size as isize).all(|dx| {
                        let (x, y) = (cx + dx, cy + dy);
                        x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && m[y as usize * w + x as usize]
                    })
                })
            };
            let expected: Vec<bool> = (0..w * h)
                .map(|i| {
                    let (x, y) = ((i % w) as isize, (i / w) as isize);
                    let s = size as isize;
                    (-s..=s).any(|dy| (-s..=s).any(|dx| inside(x + dx, y + dy)))
                })
                .collect();
            assert_eq!(open(&m, w, h, size), expected, "size {size}");
        }
    }

    #[test]
    fn opening_twice_changes_nothing() {
        let (m, w, h) = mask(&["##..####", "##.#####", "#..##.##", "...#####", "##..#..."]);
        let once = open(&m, w, h, 1);
        assert_eq!(open(&once, w, h, 1), once);
    }
}
