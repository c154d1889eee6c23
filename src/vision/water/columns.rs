//! Liquid columns: what the liquid itself says about where the vessels are,
//! whatever their shape. The picture is cut into flat regions; regions of
//! one colour side by side at one height (a liquid layer split by the
//! glass's highlight streak, with the streak itself where a part of the
//! layer stands either side of it) are one band; bands stacked on each other with
//! their centres aligned (the layers of one vessel, the empty glass above
//! them) are one column. A column's box is a vessel's interior, or part of
//! it; rows of such columns are found in `vessels`.

use std::collections::HashMap;

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

    /// The top of what the column holds: its highest band that encloses
    /// no other. A tube's glass, set apart from the board by its outline,
    /// reads as a band reaching the rim around the balls it holds
    /// (tuning 1185: white tubes on a grey board), and is not held. Asked
    /// of tubes of balls only: a `?` glyph's band inside a layer's would
    /// leave that layer out.
    pub fn content_top(&self) -> u32 {
        let within = |o: &Band, b: &Band| o.x0 >= b.x0 && o.x1 <= b.x1 && o.y0 >= b.y0 && o.y1 <= b.y1;
        let encloses = |b: &Band| self.bands.iter().any(|o| !std::ptr::eq(o, b) && within(o, b));
        self.bands.iter().filter(|b| !encloses(b)).map(|b| b.y0).min().unwrap_or(self.y0)
    }

    /// The rows each band spans: `(y0, y1)`.
    pub fn band_rows(&self) -> Vec<(u32, u32)> {
        self.bands.iter().map(|b| (b.y0, b.y1)).collect()
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

/// Least width and area, in pixels, of a region to be part of a band: a
/// streak near a wall leaves a sliver of the layer two or three pixels
/// wide between them (tuning case 1268's pint glasses, shrunk by half);
/// the band as a whole must still be as wide as [`BAND_MIN_WIDTH`].
const STREAK_PART_MIN_WIDTH: f32 = 2.0;
/// Least area, in pixels, of a region to be part of a band: the same
/// slivers, two pixels by two at the least (tuning case 1268).
const STREAK_PART_MIN_AREA: u32 = 4;

/// Most pixels between a highlight streak and the liquid beside it: the
/// anti-aliased edge, a pixel wide, is a region of its own or is absorbed.
const STREAK_EDGE: u32 = 1;

/// Least lightening, in RGB units summed over the channels, of a streak
/// over its liquid: white glare mixed into a layer lightens every channel
/// (the streaks of the generated tuning themes lighten their layers by
/// 40-275; JPEG noise moves a flat region's mean by a few units; not
/// fitted).
const STREAK_LIGHTER: u32 = 24;

/// Whether `light` is `dark` lightened as a highlight streak lightens a
/// layer: no channel darker (beyond noise), and lighter in sum.
fn lighter(light: [u8; 3], dark: [u8; 3]) -> bool {
    let sum = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>();
    (0..3).all(|c| light[c] as u32 + STREAK_NOISE >= dark[c] as u32) && sum(light) >= sum(dark) + STREAK_LIGHTER
}

/// Most a streak's channel may be darker than its liquid's, in RGB units
/// (JPEG noise on a flat region's mean; not fitted).
const STREAK_NOISE: u32 = 6;

/// Whether two regions side by side span one height (a layer and its
/// streak, or two parts of a layer).
fn same_height(a: &Region, b: &Region) -> bool {
    overlap(a.y0, a.y1, b.y0, b.y1) * 10 >= a.height().max(b.height()) * 8
}

/// Each highlight streak with the parts of its layer either side of it,
/// as indices into `regions`: a region lighter than a region of one
/// colour touching it on the left and one touching it on the right, all
/// three at one height.
fn streaks(regions: &[Region]) -> Vec<[usize; 3]> {
    let by = |edge: fn(&Region) -> u32| {
        let mut map: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, r) in regions.iter().enumerate() {
            map.entry(edge(r)).or_default().push(i);
        }
        map
    };
    let (by_right_edge, by_left_edge) = (by(|r| r.x1), by(|r| r.x0));
    let beside = |s: &Region, r: &Region| same_height(s, r) && lighter(s.color, r.color);
    let near = |map: &HashMap<u32, Vec<usize>>, from: u32, to: u32, s: &Region| -> Vec<usize> {
        (from..=to)
            .flat_map(|x| map.get(&x).into_iter().flatten().copied())
            .filter(|&i| beside(s, &regions[i]))
            .collect()
    };
    let mut out = Vec::new();
    for (i, s) in regions.iter().enumerate() {
        let left = near(&by_right_edge, s.x0.saturating_sub(STREAK_EDGE), s.x0 + 1, s);
        if left.is_empty() {
            continue;
        }
        let right = near(&by_left_edge, s.x1.saturating_sub(1), s.x1 + STREAK_EDGE, s);
        let pair = left
            .iter()
            .flat_map(|&l| right.iter().map(move |&r| (l, r)))
            .find(|&(l, r)| step(regions[l].color, regions[r].color) <= SAME_BAND_STEP);
        if let Some((l, r)) = pair {
            out.push([l, i, r]);
        }
    }
    out
}

/// `regions` with each streak and the parts of its layer beside it (see
/// [`streaks`]) made one region.
fn streaks_joined(regions: Vec<Region>) -> Vec<Region> {
    let links = streaks(&regions).into_iter().flat_map(|[l, s, r]| [(l, s), (s, r)]);
    linked(&regions, links).iter().map(|parts| one_band(parts)).collect()
}

/// Parts of one layer as one band: their box and area, and the colour of
/// the widest part and the parts of its colour (a streak's is not the
/// liquid's).
fn one_band(parts: &[Region]) -> Region {
    let widest = *parts.iter().max_by_key(|p| p.width()).expect("a band has parts");
    let mut band = widest;
    let mut coloured = 0;
    band.area = 0;
    for p in parts {
        if step(p.color, widest.color) <= SAME_BAND_STEP {
            let total = coloured + p.area;
            band.color = std::array::from_fn(|c| {
                ((band.color[c] as u32 * coloured + p.color[c] as u32 * p.area) / total.max(1)) as u8
            });
            coloured = total;
        }
        band.area += p.area;
        band.x0 = band.x0.min(p.x0);
        band.x1 = band.x1.max(p.x1);
        band.y0 = band.y0.min(p.y0);
        band.y1 = band.y1.max(p.y1);
    }
    band
}

/// Least share of a picture's width a band spans, and most: a layer is
/// about as wide as a vessel, which is between a 40th of the screen (16
/// vessels in a row on a narrow crop) and a third.
const BAND_MIN_WIDTH: f32 = 1.0 / 60.0;
const BAND_MAX_WIDTH: f32 = 1.0 / 3.0;

/// Least share of its box a region fills to be part of a band: layers fill
/// theirs (a round bottom about 80%), text and outlines do not.
const BAND_MIN_FILL: f32 = 0.45;

/// How many of the points `a0..a1` also lie in `b0..b1`.
pub(super) fn overlap(a0: u32, a1: u32, b0: u32, b1: u32) -> u32 {
    a1.min(b1).saturating_sub(a0.max(b0))
}

/// Whether two boxes stand level with each other (two tubes in one row,
/// two slots at one height): their rows overlap for more than half the
/// shorter's height.
pub(super) fn level_with(a: &crate::geometry::Rect, b: &crate::geometry::Rect) -> bool {
    2 * overlap(a.y0, a.y1, b.y0, b.y1) > a.height().min(b.height())
}

fn gap(a0: u32, a1: u32, b0: u32, b1: u32) -> u32 {
    b0.saturating_sub(a1).max(a0.saturating_sub(b1))
}

fn step(a: [u8; 3], b: [u8; 3]) -> u8 {
    (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0)
}

/// Joins the items that `joined` links; the groups, each in the items'
/// order.
fn groups<T: Copy>(items: &[T], joined: impl Fn(&T, &T) -> bool) -> Vec<Vec<T>> {
    let n = items.len();
    let links = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).filter(|&(i, j)| joined(&items[i], &items[j]));
    linked(items, links)
}

/// The items joined by `links` (pairs of indices), by union-find; the
/// groups in the order of their first items, each in the items' order.
fn linked<T: Copy>(items: &[T], links: impl IntoIterator<Item = (usize, usize)>) -> Vec<Vec<T>> {
    let mut parent: Vec<usize> = (0..items.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, j) in links {
        let (a, b) = (root(&mut parent, i), root(&mut parent, j));
        parent[a] = b;
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
    // A streak near a wall leaves a sliver of the layer beside it,
    // narrower than a band (and farther from the rest of the layer than a
    // streak's gap allows): a region lighter than the parts of one colour
    // either side of it, at one height, joins them first (a white outline
    // has the layer on one side only).
    let parts: Vec<Region> = seg
        .regions
        .iter()
        .filter(|r| {
            let rw = r.width() as f32;
            r.area >= STREAK_PART_MIN_AREA
                && rw >= STREAK_PART_MIN_WIDTH
                && rw <= w * BAND_MAX_WIDTH
                && r.height() >= 2
                && r.height() as f32 <= h * 0.6
                && r.fill() >= BAND_MIN_FILL
        })
        .copied()
        .collect();
    let candidates: Vec<Band> = streaks_joined(parts)
        .into_iter()
        .filter(|r| r.area >= min_area && r.width() as f32 >= (w * BAND_MIN_WIDTH).max(3.0))
        .collect();
    // Bands: parts of one layer side by side.
    // (A streak splits a layer into parts of exactly its height, a thin gap
    // apart; two vessels' layers at one height are a wall, a background and
    // a wall apart.) A band joined wider than a layer can be is none: the
    // stripes of lined paper, seen between the vessels and through their
    // glass, join across a row one outline's width apart, and a vessel's
    // layers touching them would stack into their column (test 1000134:
    // the four middle bottles of a row under their empty necks).
    let bands: Vec<Band> = groups(&candidates, |a, b| {
        same_height(a, b)
            && step(a.color, b.color) <= SAME_BAND_STEP
            && gap(a.x0, a.x1, b.x0, b.x1) * STREAK_GAP_DIVISOR <= a.width() + b.width()
    })
    .iter()
    .map(|parts| one_band(parts))
    .filter(|b| b.width() as f32 <= w * BAND_MAX_WIDTH)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::imaging::segment::{Flatness, segment};
    use image::{Rgb, RgbImage};

    /// A vessel's three layers, interior x 100..140, each with a highlight
    /// streak (its colour half mixed with white) at x 103..108: a sliver of
    /// 3 px, under a band's least width, is left between the streak and
    /// the white outline at x 97..100.
    fn streaked_vessel() -> RgbImage {
        let mut img = RgbImage::from_pixel(360, 400, Rgb([60, 70, 80]));
        let layers = [[200, 40, 40], [40, 160, 60], [50, 60, 200]];
        for (k, colour) in layers.iter().enumerate() {
            let light = colour.map(|c: u8| ((c as u32 + 255) / 2) as u8);
            for y in 300 - (k as u32 + 1) * 20..300 - k as u32 * 20 {
                for x in 97..143 {
                    let outline = !(100..140).contains(&x);
                    let streak = (103..108).contains(&x);
                    let c = if outline {
                        [250, 250, 250]
                    } else if streak {
                        light
                    } else {
                        *colour
                    };
                    img.put_pixel(x, y, Rgb(c));
                }
            }
        }
        img
    }

    #[test]
    fn a_streak_near_a_wall_joins_the_sliver_beside_it_and_not_the_outline() {
        let seg = segment(&streaked_vessel(), Flatness { step: 10, spread: 28 });
        let cols = columns(&seg);
        let vessel = cols.iter().find(|c| c.bands.len() == 3).expect("the three layers make one column");
        for band in &vessel.bands {
            assert_eq!((band.x0, band.x1), (100, 140), "{band:?}");
        }
        assert!((vessel.center_x() - 120.0).abs() < 0.6, "{}", vessel.center_x());
        // The band's colour is its liquid's, not the streak's.
        assert_eq!(vessel.bands[0].color, [200, 40, 40]);
    }

    /// Lined paper (pink, a blue line every 10 rows) behind a row of five
    /// vessels 60 px apart in a 360 px picture, each a white outline round
    /// clear glass with three layers of 20 rows under 60 rows of headroom,
    /// which shows the paper.
    fn vessels_on_lined_paper() -> RgbImage {
        let paper = |y: u32| if y.is_multiple_of(10) { Rgb([150, 170, 230]) } else { Rgb([250, 215, 225]) };
        let mut img = RgbImage::from_fn(360, 400, |_, y| paper(y));
        let layers = [[200, 40, 40], [40, 160, 60], [50, 60, 200]];
        for v in 0..5u32 {
            let x0 = 48 + v * 60;
            for y in 98..282 {
                for x in x0 - 2..x0 + 26 {
                    let outline = !(x0..x0 + 24).contains(&x) || !(100..280).contains(&y);
                    let layer = (280 - y.min(279) - 1) / 20;
                    let colour = if outline {
                        Rgb([255, 255, 255])
                    } else if y >= 220 {
                        Rgb(layers[(layer as usize + v as usize) % 3])
                    } else {
                        paper(y)
                    };
                    img.put_pixel(x, y, colour);
                }
            }
        }
        img
    }

    #[test]
    fn the_paper_seen_through_every_vessels_headroom_is_no_band_and_takes_no_vessel_in() {
        let seg = segment(&vessels_on_lined_paper(), Flatness { step: 10, spread: 28 });
        let cols = columns(&seg);
        // The stripes between the lines, joined across the row through
        // the glass, would be bands as wide as the row, and each vessel's
        // layers, touching them, one column with them.
        for c in &cols {
            assert!(c.band_width() as f32 <= 360.0 * BAND_MAX_WIDTH, "{c:?}");
        }
        for v in 0..5u32 {
            let centre = 48.0 + v as f32 * 60.0 + 12.0;
            let column = cols.iter().find(|c| (c.center_x() - centre).abs() < 2.0 && c.bands.len() >= 3);
            assert!(column.is_some_and(|c| c.y1 == 280), "vessel {v} at {centre}: {cols:?}");
        }
    }

    #[test]
    fn what_a_column_holds_tops_at_its_highest_ball_not_the_glass_around_them() {
        let band = |x0, y0, x1, y1| Region { area: (x1 - x0) * (y1 - y0), x0, y0, x1, y1, color: [0, 0, 0] };
        // The glass, rows 20..100, around two balls; a column of balls alone.
        let glass = band(10, 20, 40, 100);
        let balls = [band(20, 80, 30, 90), band(20, 60, 30, 70)];
        let column =
            |bands: Vec<Band>| Column { x0: 10, y0: bands.iter().map(|b| b.y0).min().unwrap(), x1: 40, y1: 100, bands };
        assert_eq!(column(vec![glass, balls[0], balls[1]]).content_top(), 60);
        assert_eq!(column(balls.to_vec()).content_top(), 60);
        assert_eq!(column(vec![glass]).content_top(), 20);
    }
}
