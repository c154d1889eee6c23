//! Masks of pixels (a `bool` per pixel, row by row): connected blobs with
//! their boxes and extreme corners, morphological opening, filling the gaps
//! in a blob's rows and columns, and the region a flood from the frame does
//! not reach.

/// A 4-connected blob of a mask.
#[derive(Debug, Clone, Copy)]
pub struct Blob {
    pub area: u32,
    pub min_x: u32,
    pub max_x: u32,
    pub min_y: u32,
    pub max_y: u32,
    /// Extreme points: min x+y, max x−y, max x+y, min x−y (TL, TR, BR, BL).
    pub corners: [(i64, (u32, u32)); 4],
    /// One pixel of the blob (its index).
    pub seed: usize,
    /// Cut out of a larger blob (cards that touch, or that glare joined),
    /// so its extreme points may lie on the cut rather than on its edge.
    pub cut: bool,
}

impl Blob {
    /// A blob with no pixels yet, `seed` the pixel it will start from.
    pub fn empty(seed: usize) -> Blob {
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
    pub fn corner_points(&self) -> [(f32, f32); 4] {
        self.corners.map(|(_, (x, y))| (x as f32, y as f32))
    }

    /// Takes pixel (`x`, `y`) into the blob's area, box and corners.
    pub fn add(&mut self, x: u32, y: u32) {
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

/// Morphological opening by a square of side `2 * size + 1`: cuts bridges
/// (shadows, touching speckle) up to about `2 * size` pixels wide between
/// cards. (Opening twice by the same square changes nothing, so harder
/// means a bigger square.)
pub fn open(mask: &[bool], w: usize, h: usize, size: usize) -> Vec<bool> {
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
pub fn fill_spans(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
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
pub fn unreached(tableish: &[bool], w: usize, h: usize) -> Vec<bool> {
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
pub fn neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % w, i / w);
    [(x > 0).then(|| i - 1), (x + 1 < w).then(|| i + 1), (y > 0).then(|| i - w), (y + 1 < h).then(|| i + w)]
        .into_iter()
        .flatten()
}

/// 4-connected blobs of the mask.
pub fn blobs(mask: &[bool], w: usize, h: usize) -> Vec<Blob> {
    labelled_blobs(mask, w, h).0
}

/// The blobs, and per pixel the index of its blob (`u32::MAX` off the mask).
pub fn labelled_blobs(mask: &[bool], w: usize, h: usize) -> (Vec<Blob>, Vec<u32>) {
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
