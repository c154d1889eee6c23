//! The squares pictures of a picture of cards: the original with each card
//! tagged in its corner with where it goes and, drawn on it, an arrow for
//! how far to turn it (under a band that says how to read them), and the
//! solved board composed from the card crops themselves.

use ab_glyph::PxScale;
use image::{Rgb, RgbImage};
use imageproc::drawing::{
    draw_filled_circle_mut, draw_filled_rect_mut, draw_hollow_rect_mut, draw_polygon_mut, draw_text_mut, text_size,
};
use imageproc::point::Point;
use imageproc::rect::Rect as PixelRect;

use super::water::pages::wrap;
use super::{ARROW_COLORS, FONT, INK, Pt, SHADOW, badge, fit_scale};
use crate::geometry::CardGrid;
use crate::imaging::resample::bilinear;
use crate::puzzle::squares::Placement;

/// Squares from a picture: the solved board composed from the card crops
/// themselves, each turned into place (the picture the player will see on
/// the table), `cell` pixels per card, with each card's number in a corner.
pub fn board(image: &RgbImage, grid: &CardGrid, placements: &[Placement], cell: u32) -> RgbImage {
    let gap = (cell / 40).max(2);
    let (rows, cols) = (grid.rows as u32, grid.cols as u32);
    let mut out =
        RgbImage::from_pixel(cols * cell + (cols + 1) * gap, rows * cell + (rows + 1) * gap, Rgb([24, 24, 24]));
    for p in placements {
        let quad = &grid.cards[p.card];
        let (x0, y0) = (gap + p.col as u32 * (cell + gap), gap + p.row as u32 * (cell + gap));
        for y in 0..cell {
            for x in 0..cell {
                // Undo the clockwise turns: shown (x, y) came from (u, v).
                let (mut u, mut v) = ((x as f32 + 0.5) / cell as f32, (y as f32 + 0.5) / cell as f32);
                for _ in 0..p.rotation.quarter_turns() {
                    (u, v) = (v, 1.0 - u);
                }
                let (sx, sy) = quad.point(u, v);
                out.put_pixel(x0 + x, y0 + y, Rgb(bilinear(image, sx - 0.5, sy - 0.5)));
            }
        }
        let r = cell as f32 * 0.09;
        badge(&mut out, (x0 as f32 + r * 1.4, y0 as f32 + r * 1.4), r, Rgb([30, 30, 30]), &(p.card + 1).to_string());
    }
    out
}

/// The instruction band's line height, as a fraction of the picture's
/// width: 29 px when the picture is shown 420 px wide (capitals of 13 px),
/// the same as the water legend's.
const LINE: f32 = 0.07;
/// A corner tag's height, in card sides: small enough to stay in the
/// card's corner, off the figures at the middle of each edge (and off
/// TetraVex's numbers), large enough for "R2 C3" at phone size on a 3×3
/// photo (looked at on the Skiers photo and a GNOME TetraVex screenshot).
const TAG: f32 = 0.2;
/// A tag's least height, as a fraction of the picture's width: 12.6 px when
/// shown 420 px wide, so "R2 C3" stays readable on small TetraVex tiles.
const MIN_TAG: f32 = 0.03;
/// The turning arrow's radius, in card sides: inside the card, clear of
/// the corner tag and of the figures at the edges' middles.
const TURN_RADIUS: f32 = 0.2;

/// Squares from a picture: the original with each card's target square
/// (row and column, from 1) in a tag in its top-left corner and, when it
/// must be turned, a curved arrow on the card showing which way and how
/// far (a quarter or half circle). A dark band above the picture says how
/// to read them, in text legible at phone size.
pub fn annotated(image: &RgbImage, grid: &CardGrid, placements: &[Placement]) -> RgbImage {
    let width = image.width() as f32;
    let line = LINE * width;
    let pad = line * 0.4;
    let text = "Put each card at its tag's row R, column C (from the top left), turned as its arrow shows: \
                a quarter circle is 90°, a half circle 180°.";
    let size = line * 0.66;
    let lines = wrap(text, width - 2.0 * pad, size);
    let band = (lines.len() as f32 * line + 2.0 * pad).ceil() as u32;
    let mut out = RgbImage::from_pixel(image.width(), image.height() + band, Rgb([22, 22, 26]));
    let stride = image.width() as usize * 3;
    let raw: &mut [u8] = &mut out;
    raw[band as usize * stride..].copy_from_slice(image.as_raw());
    for (i, l) in lines.iter().enumerate() {
        let y = pad + i as f32 * line + (line - size) * 0.3;
        draw_text_mut(&mut out, INK, pad as i32, y as i32, fit_scale(l, width - 2.0 * pad, size), &*FONT, l);
    }
    let dy = band as f32;
    for p in placements {
        let quad = &grid.cards[p.card];
        let side = quad.side_length();
        let (cx, cy) = quad.centre();
        let (tx, ty) = quad.point(0.03, 0.03);
        let tag = (side * TAG).max(width * MIN_TAG).min(side * 0.4);
        corner_tag(&mut out, (tx, ty + dy), tag, &format!("R{} C{}", p.row + 1, p.col + 1));
        let turns = p.rotation.quarter_turns();
        if turns != 0 {
            turn_arrow(&mut out, (cx, cy + dy), side * TURN_RADIUS, turns);
        }
    }
    out
}

/// A dark tag with light text, its top-left corner at `at`, `height` tall.
fn corner_tag(img: &mut RgbImage, at: Pt, height: f32, text: &str) {
    let scale = PxScale::from(height * 0.78);
    let (tw, _) = text_size(scale, &*FONT, text);
    let w = tw as f32 + height * 0.5;
    let (x0, y0) = (at.0.max(0.0), at.1.max(0.0));
    let rect = PixelRect::at(x0 as i32, y0 as i32).of_size(w.max(1.0) as u32, height.max(1.0) as u32);
    draw_filled_rect_mut(img, rect, Rgb([20, 20, 20]));
    draw_hollow_rect_mut(img, rect, INK);
    draw_text_mut(img, INK, (x0 + height * 0.25) as i32, (y0 + height * 0.08) as i32, scale, &*FONT, text);
}

/// A curved arrow around `centre`: `turns` quarter turns clockwise (three
/// drawn as one anticlockwise), a thick outlined arc from the top with a
/// head at its end.
fn turn_arrow(img: &mut RgbImage, centre: Pt, radius: f32, turns: usize) {
    let (sweep, sign) = match turns {
        1 => (90.0f32, 1.0f32),
        2 => (180.0, 1.0),
        _ => (90.0, -1.0),
    };
    let width = (radius * 0.22).max(2.0);
    let head = width * 2.6;
    // Angles from the top, clockwise positive in picture coordinates.
    let at = |deg: f32| {
        let a = deg.to_radians();
        (centre.0 + sign * radius * a.sin(), centre.1 - radius * a.cos())
    };
    // Stop the arc where the head begins.
    let end_deg = sweep - (head / radius).to_degrees() * 0.9;
    for (grow, color) in [(width * 0.25 + 1.0, SHADOW), (0.0, Rgb(ARROW_COLORS[0]))] {
        let steps = ((end_deg.to_radians() * radius) / (width / 3.0).max(1.0)).ceil().max(4.0) as usize;
        for i in 0..=steps {
            let p = at(end_deg * i as f32 / steps as f32);
            draw_filled_circle_mut(
                img,
                (p.0.round() as i32, p.1.round() as i32),
                (width / 2.0 + grow).round() as i32,
                color,
            );
        }
        // The head: along the circle's tangent at the arc's end.
        let tip = at(sweep);
        let base = at(end_deg);
        let (dx, dy) = (tip.0 - base.0, tip.1 - base.1);
        let len = dx.hypot(dy).max(1e-3);
        let (ux, uy) = (dx / len, dy / len);
        let half = head * 0.6 + grow;
        let tip = (tip.0 + ux * grow, tip.1 + uy * grow);
        let back = (base.0 - ux * grow, base.1 - uy * grow);
        let points = [
            Point::new(tip.0.round() as i32, tip.1.round() as i32),
            Point::new((back.0 - uy * half).round() as i32, (back.1 + ux * half).round() as i32),
            Point::new((back.0 + uy * half).round() as i32, (back.1 - ux * half).round() as i32),
        ];
        if points[0] != points[1] && points[1] != points[2] && points[0] != points[2] {
            draw_polygon_mut(img, &points, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Quad;
    use crate::puzzle::squares::Rotation;

    #[test]
    fn turned_cards_get_an_arrow_and_every_card_a_corner_tag() {
        // Four 100-px cards in a 2×2 grid on a grey picture.
        let image = RgbImage::from_pixel(240, 240, Rgb([128, 128, 128]));
        let card = |x: f32, y: f32| Quad { corners: [(x, y), (x + 100.0, y), (x + 100.0, y + 100.0), (x, y + 100.0)] };
        let grid = CardGrid {
            rows: 2,
            cols: 2,
            cards: vec![card(10.0, 10.0), card(130.0, 10.0), card(10.0, 130.0), card(130.0, 130.0)],
        };
        let placements: Vec<Placement> = (0..4)
            .map(|i| Placement { card: i, row: i / 2, col: i % 2, rotation: Rotation::from_quarter_turns(i) })
            .collect();
        let out = annotated(&image, &grid, &placements);
        assert_eq!(out.width(), 240);
        let band = out.height() - 240;
        assert!(band as f32 >= 2.0 * LINE * 240.0, "a band of whole lines above: {band}");
        let yellow = |x0: u32, y0: u32| {
            (y0..y0 + 100).any(|y| (x0..x0 + 100).any(|x| out.get_pixel(x, y + band).0 == ARROW_COLORS[0]))
        };
        assert!(!yellow(10, 10), "card 1 is not turned: no arrow");
        assert!(yellow(130, 10) && yellow(10, 130) && yellow(130, 130), "turned cards have arrows");
        // The tag is dark, in the corner; the middle of each edge is untouched.
        for (x, y) in [(10, 10), (130, 10), (10, 130), (130, 130)] {
            assert!(out.get_pixel(x + 8, y + 8 + band).0[0] < 60, "tag at ({x}, {y})");
            assert_eq!(out.get_pixel(x + 50, y + 2 + band).0, [128, 128, 128], "top edge's middle at ({x}, {y})");
            assert_eq!(out.get_pixel(x + 98, y + 50 + band).0, [128, 128, 128], "right edge's middle at ({x}, {y})");
        }
        // A quarter turn clockwise ends right of the centre, anticlockwise left.
        let right_of_centre = |x0: u32, y0: u32, side: i32| {
            let cx = x0 as i32 + 50 + side * 20;
            (y0 + 40..y0 + 60).any(|y| out.get_pixel(cx as u32, y + band).0 == ARROW_COLORS[0])
        };
        assert!(right_of_centre(130, 10, 1) && !right_of_centre(130, 10, -1), "90° clockwise");
        assert!(right_of_centre(130, 130, -1) && !right_of_centre(130, 130, 1), "90° anticlockwise");
        if std::env::var_os("SNAPSOLVE_KEEP_PICTURES").is_some() {
            out.save(concat!(env!("CARGO_MANIFEST_DIR"), "/target/turns.png")).unwrap();
        }
    }
}
