//! Flat regions: a picture cut into connected regions of nearly one colour,
//! by growing each region over neighbours that step little from the pixel
//! beside them and stay near the colour the region started from. Liquid
//! layers, empty glass over a plain background, buttons and text come out as
//! regions; texture and photos as many small ones.

use image::RgbImage;

/// How alike neighbouring pixels of one region are.
#[derive(Debug, Clone, Copy)]
pub struct Flatness {
    /// Largest channel step between two neighbours of a region.
    pub step: u8,
    /// Largest channel difference from the region's first pixel.
    pub spread: u8,
}

/// One region.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Region {
    pub area: u32,
    pub x0: u32,
    pub y0: u32,
    /// Exclusive ends.
    pub x1: u32,
    pub y1: u32,
    /// Mean colour.
    pub color: [u8; 3],
}

impl Region {
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    pub fn center_x(&self) -> f32 {
        (self.x0 + self.x1) as f32 / 2.0
    }

    /// The share of its box the region fills.
    pub fn fill(&self) -> f32 {
        self.area as f32 / (self.width() * self.height()).max(1) as f32
    }
}

/// A picture cut into flat regions: the region of every pixel, and the regions.
#[derive(Debug, Clone)]
pub struct Segmentation {
    pub width: u32,
    pub height: u32,
    /// Region index per pixel, row by row.
    pub label: Vec<u32>,
    pub regions: Vec<Region>,
}

fn channel_step(a: &[u8], b: &[u8]) -> u8 {
    a[0].abs_diff(b[0]).max(a[1].abs_diff(b[1])).max(a[2].abs_diff(b[2]))
}

/// Cuts `img` into flat regions.
pub fn segment(img: &RgbImage, flatness: Flatness) -> Segmentation {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let px = |i: usize| &raw[i * 3..i * 3 + 3];
    let mut label = vec![u32::MAX; w * h];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if label[start] != u32::MAX {
            continue;
        }
        let id = regions.len() as u32;
        let seed = px(start);
        label[start] = id;
        stack.push(start);
        let (mut area, mut x0, mut y0, mut x1, mut y1) = (0u32, u32::MAX, u32::MAX, 0u32, 0u32);
        let mut sum = [0u64; 3];
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let here = px(i);
            area += 1;
            x0 = x0.min(x as u32);
            x1 = x1.max(x as u32 + 1);
            y0 = y0.min(y as u32);
            y1 = y1.max(y as u32 + 1);
            for (c, s) in sum.iter_mut().enumerate() {
                *s += here[c] as u64;
            }
            let mut visit = |j: usize| {
                if label[j] == u32::MAX {
                    let there = px(j);
                    if channel_step(here, there) <= flatness.step && channel_step(seed, there) <= flatness.spread {
                        label[j] = id;
                        stack.push(j);
                    }
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        let color = sum.map(|s| (s / area as u64) as u8);
        regions.push(Region { area, x0, y0, x1, y1, color });
    }
    Segmentation { width: w as u32, height: h as u32, label, regions }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripes_of_colour_are_regions_and_a_gradient_is_one() {
        // Three bands: red, a slow grey gradient, blue.
        let img = RgbImage::from_fn(20, 30, |_, y| match y {
            0..10 => image::Rgb([200, 20, 20]),
            10..20 => image::Rgb([100 + (y as u8 - 10), 100, 100]),
            _ => image::Rgb([20, 20, 200]),
        });
        let s = segment(&img, Flatness { step: 8, spread: 30 });
        assert_eq!(s.regions.len(), 3);
        let grey = s.regions[s.label[15 * 20 + 3] as usize];
        assert_eq!((grey.y0, grey.y1, grey.x0, grey.x1, grey.area), (10, 20, 0, 20, 200));
    }
}
