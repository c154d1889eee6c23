//! Locked tubes: a lock is a small tube icon hanging on a cover (a
//! curtain, a sleeve) that hides the whole tube. The tube finder sees the
//! icon by its shape; this checks the cover around it, so that an
//! icon-shaped part of a tube (a band of liquid, a neck) is not taken for
//! a lock.

use image::RgbImage;

use super::slots::{RUN_STEP, check_step, color_distance, glyph_centres, row_colors};
use crate::geometry::Rect;
use crate::imaging::color::median_color;

/// Whether a locked tube's `outer` box is a cover of one colour around its
/// `icon` (a curtain, a sleeve): down its middle, above and below the icon,
/// the rows keep one colour, where a tube of liquid changes colour from
/// layer to layer.
pub fn is_cover(img: &RgbImage, outer: &Rect, icon: &Rect) -> bool {
    let w = outer.width();
    // A lock's icon hangs in the middle of its cover; a narrow shape at
    // one side is a highlight streak or a wall's inner edge.
    let (icon_x, cover_x) = (icon.x0 + icon.x1, outer.x0 + outer.x1);
    if icon_x.abs_diff(cover_x) * 100 > 2 * w * ICON_OFF_MIDDLE_MAX {
        return false;
    }
    let (x0, x1) = (outer.x0 + w * 3 / 10, (outer.x1 - w * 3 / 10).min(img.width()));
    let margin = outer.height() / 10;
    let above = (outer.y0 + margin, icon.y0.saturating_sub(2));
    let below = (icon.y1 + 2, outer.y1.saturating_sub(margin).min(img.height()));
    // And between its cover's top and bottom: the cover shows above and
    // below it, past the margin. A tube's lower layers with its round
    // bottom, or its upper ones, make an icon-like shape at one end of the
    // tube (tuning 2097, 2580, 3660, 3828: an empty glass and tubes of
    // liquid read as locked, and a wrong level solved; the locks of
    // ../shared's sshcrack game leave over a quarter of the cover below
    // their icon).
    if [above, below].iter().any(|&(y0, y1)| y1 <= y0) {
        return false;
    }
    let parts: Vec<(u32, u32)> = if x1 > x0 { vec![above, below] } else { Vec::new() };
    let rows: Vec<[u8; 3]> =
        parts.iter().flat_map(|&(y0, y1)| row_colors(img, x0, x1, y0, y1, check_step(x0, x1))).collect();
    // A cover hides the whole tube: `?` glyphs down it are hidden layers'
    // (test case 1001643: a glass of hidden cells read as a cover, one
    // layer of liquid on top of them taken for its icon).
    let glyphs =
        |&(y0, y1): &(u32, u32)| !glyph_centres(img, x0, x1, y0, y1, &row_colors(img, x0, x1, y0, y1, 1)).is_empty();
    if rows.is_empty() || parts.iter().any(glyphs) {
        return false;
    }
    let cover = median_color(&rows);
    let alike = rows.iter().filter(|&&c| color_distance(c, cover) <= COVER_STEP).count();
    alike as f32 >= COVER_SHARE * rows.len() as f32
}

/// How far a lock's icon may stand from its cover's middle, in hundredths
/// of the cover's width. Not fitted: a quarter, loose for an icon drawn in
/// the middle, while a streak or an inner wall stands at a side.
const ICON_OFF_MIDDLE_MAX: u32 = 25;

/// Largest channel difference between a row of a lock's cover and the
/// cover's median colour: folds and shading of a curtain stay within it,
/// two liquids differ by more. Twice [`RUN_STEP`], as a cover is shaded
/// more than a liquid (the curtains of ../shared's sshcrack game).
const COVER_STEP: u32 = 2 * RUN_STEP;

/// Least share of a cover's rows within [`COVER_STEP`] of its colour
/// (rope, tassels and the icon's frame take the rest). Not fitted: a
/// tube of liquid seldom has three quarters of its height in one colour
/// around a small icon-like shape.
const COVER_SHARE: f32 = 0.75;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_icon_on_a_cover_of_one_colour_is_a_lock_and_one_among_liquid_bands_is_not() {
        let outer = Rect { x0: 0, y0: 0, x1: 40, y1: 160 };
        let icon = Rect { x0: 12, y0: 60, x1: 28, y1: 90 };
        let mut curtain = RgbImage::from_pixel(40, 160, image::Rgb([20, 110, 90]));
        for y in icon.y0..icon.y1 {
            for x in icon.x0..icon.x1 {
                curtain.put_pixel(x, y, image::Rgb([250, 140, 20]));
            }
        }
        assert!(is_cover(&curtain, &outer, &icon));
        let mut bands = curtain.clone();
        for y in (0..160).filter(|y| (y / 20) % 2 == 0 && !(icon.y0..icon.y1).contains(y)) {
            for x in 0..40 {
                bands.put_pixel(x, y, image::Rgb([200, 30, 60]));
            }
        }
        assert!(!is_cover(&bands, &outer, &icon));
        // A narrow shape at one side of a tube of one colour (a highlight
        // streak) is no icon.
        let streak = Rect { x0: 2, y0: 20, x1: 8, y1: 120 };
        assert!(!is_cover(&curtain, &outer, &streak));
    }

    #[test]
    fn an_icon_among_hidden_cells_showing_their_glyphs_is_no_lock() {
        // Test case 1001643: a glass of dark hidden cells, each with a
        // white `!` down its middle, under one layer of liquid taken for a
        // lock's icon; the cells are one colour, like a cover. (The icon
        // is put in the cells' middle here: at the glass's top, as it
        // was, the cover's showing above and below it refuses it first.)
        let outer = Rect { x0: 0, y0: 0, x1: 40, y1: 160 };
        let icon = Rect { x0: 12, y0: 60, x1: 28, y1: 80 };
        let cell = image::Rgb([30, 34, 32]);
        let mut cells = RgbImage::from_pixel(40, 160, cell);
        for y in icon.y0..icon.y1 {
            for x in icon.x0..icon.x1 {
                cells.put_pixel(x, y, image::Rgb([170, 90, 40]));
            }
        }
        assert!(is_cover(&cells, &outer, &icon));
        for top in [25, 95, 125] {
            for y in (top..top + 14).chain(top + 17..top + 20) {
                for x in 19..22 {
                    cells.put_pixel(x, y, image::Rgb([245, 245, 245]));
                }
            }
        }
        assert!(!is_cover(&cells, &outer, &icon));
    }

    #[test]
    fn an_icon_at_an_end_of_its_cover_is_no_lock() {
        // Tuning 2097 and 3660: the lower layers of a tube, with its round
        // bottom, make an icon-like shape, and the glass above them (or
        // the layers above) is one colour: read as locked, the level was
        // solved wrong. Tuning 2580: the same at a tube's top.
        let outer = Rect { x0: 0, y0: 0, x1: 40, y1: 160 };
        let glass = RgbImage::from_pixel(40, 160, image::Rgb([46, 49, 56]));
        for icon in [Rect { x0: 8, y0: 100, x1: 32, y1: 162 }, Rect { x0: 8, y0: 2, x1: 32, y1: 50 }] {
            let mut tube = glass.clone();
            for y in icon.y0..icon.y1.min(160) {
                for x in icon.x0..icon.x1 {
                    tube.put_pixel(x, y, image::Rgb([230, 40, 120]));
                }
            }
            assert!(!is_cover(&tube, &outer, &icon), "{icon:?}");
            // The same shape in the cover's middle is a lock's icon.
            let middle = Rect { y0: 55, y1: 105, ..icon };
            let mut locked = glass.clone();
            for y in middle.y0..middle.y1 {
                for x in middle.x0..middle.x1 {
                    locked.put_pixel(x, y, image::Rgb([230, 40, 120]));
                }
            }
            assert!(is_cover(&locked, &outer, &middle), "{middle:?}");
        }
    }
}
