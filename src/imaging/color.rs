//! Colour: sRGB bytes in CIELAB (D65), distances between colours, medians
//! of colour samples, and the `#rrggbb` form people read.

use palette::{IntoColor, Lab, Srgb};

/// An sRGB byte triple in CIELAB (D65).
pub fn to_lab(rgb: [u8; 3]) -> Lab {
    Srgb::new(rgb[0], rgb[1], rgb[2]).into_linear::<f32>().into_color()
}

/// The sRGB byte triple nearest a CIELAB colour.
pub fn to_rgb(lab: Lab) -> [u8; 3] {
    let rgb: Srgb<u8> = Srgb::from_linear(lab.into_color());
    [rgb.red, rgb.green, rgb.blue]
}

/// `#rrggbb`.
pub fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// CIELAB lightness of an sRGB colour (as [`to_lab`] gives it, without
/// the other two channels).
pub fn lightness(rgb: [u8; 3]) -> f32 {
    static LINEAR: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    let linear = LINEAR.get_or_init(|| {
        std::array::from_fn(|i| {
            let c = i as f32 / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        })
    });
    let y = 0.2126 * linear[rgb[0] as usize] + 0.7152 * linear[rgb[1] as usize] + 0.0722 * linear[rgb[2] as usize];
    if y > 216.0 / 24389.0 { 116.0 * y.cbrt() - 16.0 } else { 24389.0 / 27.0 * y }
}

/// CIE76 distance, enough to compare liquid colours.
pub fn delta_e(a: Lab, b: Lab) -> f32 {
    ((a.l - b.l).powi(2) + (a.a - b.a).powi(2) + (a.b - b.b).powi(2)).sqrt()
}

/// CIE94 distance (graphic arts weights), which discounts a difference in
/// chroma or hue by how saturated the colours are, as the eye does: two
/// shades of one saturated liquid that JPEG or gamut clipping pulls apart
/// by ΔE 10 are a few units apart here, while two liquids of one hue
/// differing in lightness stay as far apart as in [`delta_e`]. Weighted by
/// the more saturated of the two, so it is symmetric.
pub fn delta_e94(a: Lab, b: Lab) -> f32 {
    let (ca, cb) = (a.a.hypot(a.b), b.a.hypot(b.b));
    let dc = ca - cb;
    let dl = a.l - b.l;
    let dh2 = ((a.a - b.a).powi(2) + (a.b - b.b).powi(2) - dc * dc).max(0.0);
    let c = ca.max(cb);
    (dl * dl + (dc / (1.0 + 0.045 * c)).powi(2) + dh2 / (1.0 + 0.015 * c).powi(2)).sqrt()
}

/// Per-channel median of some colours (black for none).
pub fn median_color(colors: &[[u8; 3]]) -> [u8; 3] {
    let mut out = [0u8; 3];
    for (c, slot) in out.iter_mut().enumerate() {
        let mut v: Vec<u8> = colors.iter().map(|x| x[c]).collect();
        v.sort_unstable();
        *slot = v.get(v.len() / 2).copied().unwrap_or(0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cie94_discounts_chroma_of_saturated_colours_but_not_lightness() {
        let lab = |l: f32, a: f32, b: f32| Lab::new(l, a, b);
        // Two shades of one saturated blue (a real screen's samples of one
        // liquid): ΔE76 10, ΔE94 under 4.
        let (x, y) = (lab(45.0, 43.0, -86.0), lab(42.0, 51.0, -91.0));
        assert!(delta_e(x, y) > 9.5 && delta_e94(x, y) < 4.0, "{} {}", delta_e(x, y), delta_e94(x, y));
        assert_eq!(delta_e94(x, y), delta_e94(y, x));
        // Greys differ in lightness alone: both distances agree.
        let (g, h) = (lab(40.0, 0.0, 0.0), lab(52.0, 0.0, 0.0));
        assert!((delta_e94(g, h) - 12.0).abs() < 1e-4);
        assert_eq!(delta_e94(x, x), 0.0);
    }

    #[test]
    fn lightness_is_cielab_lightness() {
        for rgb in [[0, 0, 0], [255, 255, 255], [128, 128, 128], [200, 30, 90], [3, 2, 1], [17, 250, 140]] {
            assert!((lightness(rgb) - to_lab(rgb).l).abs() < 0.05, "{rgb:?}: {} vs {}", lightness(rgb), to_lab(rgb).l);
        }
    }
}
