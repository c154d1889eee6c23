//! Liquid columns: what the liquid itself says about where the vessels are,
//! whatever their shape. The picture is cut into flat regions; regions of
//! one colour side by side at one height (a liquid layer split by the
//! glass's highlight streak) are one band; bands stacked on each other with
//! their centres aligned (the layers of one vessel, the empty glass above
//! them) are one column. A column's box is a vessel's interior, or part of
//! it; rows of such columns are found in `vessels`.

use crate::imaging::segment::{Region, Segmentation};

/// One band: regions of one colour side by side, as one region's box,
/// area and colour.
pub type Band = Region;

/// A column of stacked bands: the interior of a vessel, or part of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    /// Bottom first.
    pub bands: Vec<Band>,
}

impl Column {
    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    pub fn center_x(&self) -> f32 {
        // The widest band's centre: a decoration or a neck leans less on it.
        self.bands.iter().max_by_key(|b| b.width()).map_or((self.x0 + self.x1) as f32 / 2.0, Band::center_x)
    }

    /// The width of the widest band.
    pub fn band_width(&self) -> u32 {
        self.bands.iter().map(Band::width).max().unwrap_or(0)
    }
}

/// Most a colour may step between two regions of one band (RGB channel):
/// a highlight streak splits a layer into parts of one colour; two layers
/// of different liquids are farther apart.
const SAME_BAND_STEP: u8 = 26;

/// The widest gap a highlight streak leaves between two parts of a layer,
/// as a share (1 / this) of the parts' widths together.
const STREAK_GAP_DIVISOR: u32 = 8;

/// Least share of a picture's width a band spans, and most: a layer is
/// about as wide as a vessel, which is between a 40th of the screen (16
/// vessels in a row on a narrow crop) and a third.
const BAND_MIN_WIDTH: f32 = 1.0 / 60.0;
const BAND_MAX_WIDTH: f32 = 1.0 / 3.0;

/// Least share of its box a region fills to be part of a band: layers fill
/// theirs (a round bottom about 80%), text and outlines do not.
const BAND_MIN_FILL: f32 = 0.45;

fn overlap(a0: u32, a1: u32, b0: u32, b1: u32) -> u32 {
    a1.min(b1).saturating_sub(a0.max(b0))
}

fn gap(a0: u32, a1: u32, b0: u32, b1: u32) -> u32 {
    b0.saturating_sub(a1).max(a0.saturating_sub(b1))
}

fn step(a: [u8; 3], b: [u8; 3]) -> u8 {
    (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0)
}

/// Joins the items that `joined` links, by union-find; the groups, each in
/// the items' order.
fn groups<T: Copy>(items: &[T], joined: impl Fn(&T, &T) -> bool) -> Vec<Vec<T>> {
    let mut parent: Vec<usize> = (0..items.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if joined(&items[i], &items[j]) {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a] = b;
            }
        }
    }
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut index: Vec<Option<usize>> = vec![None; items.len()];
    for (i, &item) in items.iter().enumerate() {
        let r = root(&mut parent, i);
        match index[r] {
            Some(g) => out[g].push(item),
            None => {
                index[r] = Some(out.len());
                out.push(vec![item]);
            }
        }
    }
    out
}

/// The columns of a segmented picture.
pub fn columns(seg: &Segmentation) -> Vec<Column> {
    let (w, h) = (seg.width as f32, seg.height as f32);
    let min_area = 12u32.max((w * h / 40_000.0) as u32);
    let candidates: Vec<Band> = seg
        .regions
        .iter()
        .filter(|r| {
            let rw = r.width() as f32;
            r.area >= min_area
                && rw >= (w * BAND_MIN_WIDTH).max(3.0)
                && rw <= w * BAND_MAX_WIDTH
                && r.height() >= 2
                && r.height() as f32 <= h * 0.6
                && r.fill() >= BAND_MIN_FILL
        })
        .copied()
        .collect();
    // Bands: parts of one layer side by side.
    // (A streak splits a layer into parts of exactly its height, a thin gap
    // apart; two vessels' layers at one height are a wall, a background and
    // a wall apart.)
    let bands: Vec<Band> = groups(&candidates, |a, b| {
        let taller = a.height().max(b.height());
        step(a.color, b.color) <= SAME_BAND_STEP
            && overlap(a.y0, a.y1, b.y0, b.y1) * 10 >= taller * 8
            && gap(a.x0, a.x1, b.x0, b.x1) * STREAK_GAP_DIVISOR <= a.width() + b.width()
    })
    .into_iter()
    .map(|parts| {
        let mut band = parts[0];
        for p in &parts[1..] {
            let total = band.area + p.area;
            band.color = std::array::from_fn(|c| {
                ((band.color[c] as u32 * band.area + p.color[c] as u32 * p.area) / total) as u8
            });
            band.area = total;
            band.x0 = band.x0.min(p.x0);
            band.x1 = band.x1.max(p.x1);
            band.y0 = band.y0.min(p.y0);
            band.y1 = band.y1.max(p.y1);
        }
        band
    })
    .collect();
    // Columns: bands stacked with their centres aligned.
    let touch = (h * 0.008).max(2.0) as u32;
    groups(&bands, |a, b| {
        let (narrow, wide) = (a.width().min(b.width()), a.width().max(b.width()));
        overlap(a.x0, a.x1, b.x0, b.x1) * 2 >= narrow
            && (a.center_x() - b.center_x()).abs() <= wide as f32 * 0.3
            && gap(a.y0, a.y1, b.y0, b.y1) <= touch
    })
    .into_iter()
    .map(|mut bands| {
        bands.sort_by_key(|b| std::cmp::Reverse(b.y1));
        Column {
            x0: bands.iter().map(|b| b.x0).min().unwrap_or(0),
            y0: bands.iter().map(|b| b.y0).min().unwrap_or(0),
            x1: bands.iter().map(|b| b.x1).max().unwrap_or(0),
            y1: bands.iter().map(|b| b.y1).max().unwrap_or(0),
            bands,
        }
    })
    .collect()
}
