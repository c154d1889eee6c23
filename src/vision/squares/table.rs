//! What the table under the cards looks like: one colour matched by ΔE
//! (the frame's median, or the picture's most common colour), or, for a
//! desk photo, the frame's common colours matched by hue; and how unlike the
//! table a colour is, for snapping card sides onto the table's edge.

use image::RgbImage;
use palette::Lab;

use crate::imaging::color::delta_e;

/// What the table looks like.
pub(super) struct Table {
    pub colours: Vec<Lab>,
    pub tolerance: Tolerance,
}

/// How close to one of the table's colours a pixel must be to be table.
pub(super) enum Tolerance {
    /// Within this ΔE, in the blurred copy and in the sharp one.
    Round(f32),
    /// Lightness within `lightness` and hue (a*, b*) within `chroma` in the
    /// blurred copy; in the sharp one, 1.6 times the hue radius.
    Hue { lightness: f32, chroma: f32 },
}

impl Table {
    pub fn holds(&self, blurred: Lab, sharp: Lab) -> bool {
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
    pub fn distance(&self, c: Lab) -> f32 {
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
pub(super) fn common_colours(pixels: &[Lab]) -> Vec<Lab> {
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

/// The most common colour (5 bits a channel) of a picture.
pub(super) fn most_common(img: &RgbImage) -> [u8; 3] {
    let mut counts = vec![0u32; 1 << 15];
    for p in img.pixels() {
        let [r, g, b] = p.0.map(|c| (c >> 3) as usize);
        counts[(r << 10) | (g << 5) | b] += 1;
    }
    let (i, _) = counts.iter().enumerate().max_by_key(|&(_, c)| *c).expect("a picture has pixels");
    [(((i >> 10) << 3) | 4) as u8, ((((i >> 5) & 31) << 3) | 4) as u8, (((i & 31) << 3) | 4) as u8]
}
