//! Where things are on the player's picture: the resolved "where" model that
//! the readers in `vision` hand on and the pictures in `render` draw on.
//!
//! Everything here is in the original picture's pixels, and plain data: a
//! [`Layout`] of tubes and slots for water sort, a [`CardGrid`] of card
//! outlines for squares, and what the reader saw in each slot
//! ([`SlotSample`]) for the `--debug` picture. `render` draws from these
//! alone, so it never needs to know how they were found.

/// A pixel rectangle, `x0..x1` × `y0..y1` (exclusive ends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl Rect {
    pub fn width(&self) -> u32 {
        self.x1.saturating_sub(self.x0)
    }

    pub fn height(&self) -> u32 {
        self.y1.saturating_sub(self.y0)
    }

    pub fn center_x(&self) -> f32 {
        (self.x0 + self.x1) as f32 / 2.0
    }

    /// The rectangle scaled by `factor` (to map back to the original image).
    pub fn scaled(&self, factor: f32) -> Rect {
        let s = |v: u32| (v as f32 * factor).round() as u32;
        Rect { x0: s(self.x0), y0: s(self.y0), x1: s(self.x1), y1: s(self.y1) }
    }
}

/// Where the tubes of a water-sort screenshot are, in its own pixels, and
/// how its colours look (for repainting the state after some moves).
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub image_width: u32,
    pub image_height: u32,
    /// Per tube in reading order: its outline and its slots, bottom first.
    pub tubes: Vec<TubeLayout>,
    /// sRGB of each colour id as read.
    pub colors: Vec<[u8; 3]>,
    /// How an empty slot looks.
    pub empty_color: [u8; 3],
    /// Each colour id's name in the calibrated theme it was read by; empty
    /// when the colours were told apart by clustering (they have no names).
    pub color_names: Vec<String>,
}

impl Layout {
    /// The layout of the picture scaled by `factor`.
    pub fn scaled(&self, factor: f32) -> Layout {
        Layout {
            image_width: ((self.image_width as f32 * factor).round() as u32).max(1),
            image_height: ((self.image_height as f32 * factor).round() as u32).max(1),
            tubes: self
                .tubes
                .iter()
                .map(|t| TubeLayout {
                    outer: t.outer.scaled(factor),
                    slots: t.slots.iter().map(|s| s.scaled(factor)).collect(),
                })
                .collect(),
            colors: self.colors.clone(),
            empty_color: self.empty_color,
            color_names: self.color_names.clone(),
        }
    }
}

/// One tube: its outline and its slots, bottom first.
#[derive(Debug, Clone, PartialEq)]
pub struct TubeLayout {
    pub outer: Rect,
    pub slots: Vec<Rect>,
}

#[cfg(test)]
impl TubeLayout {
    /// The `t`-th of the made-up tubes the readers' tests draw side by
    /// side: 40 pixels wide, 60 apart from x = 20, three 30-row slots up
    /// from row 140, the outline from row `top`.
    pub(crate) fn made_up(t: usize, top: u32) -> TubeLayout {
        let x0 = 20 + t as u32 * 60;
        let slots = (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 110 - k * 30, y1: 140 - k * 30 }).collect();
        TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: top, y1: 140 }, slots }
    }
}

/// What one slot of a tube shows, as the reader sampled it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SlotSample {
    /// Median colour of the slot's centre patch.
    Color([u8; 3]),
    /// A dark cell with a bright glyph: a layer not shown yet.
    Hidden,
    Empty,
}

/// A card's outline: corners top-left, top-right, bottom-right, bottom-left,
/// in image pixels (x, y).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quad {
    pub corners: [(f32, f32); 4],
}

impl Quad {
    /// The point at (`u`, `v`) in 0..1 across and down the card (bilinear
    /// between the corners).
    pub fn point(&self, u: f32, v: f32) -> (f32, f32) {
        let [a, b, c, d] = self.corners;
        let top = (a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u);
        let bottom = (d.0 + (c.0 - d.0) * u, d.1 + (c.1 - d.1) * u);
        (top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v)
    }

    pub fn centre(&self) -> (f32, f32) {
        self.point(0.5, 0.5)
    }

    /// Mean length of the four sides.
    pub fn side_length(&self) -> f32 {
        let c = self.corners;
        (0..4).map(|i| ((c[i].0 - c[(i + 1) % 4].0).powi(2) + (c[i].1 - c[(i + 1) % 4].1).powi(2)).sqrt()).sum::<f32>()
            / 4.0
    }
}

/// The cards found on a picture, in reading order, in its own pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct CardGrid {
    pub rows: usize,
    pub cols: usize,
    pub cards: Vec<Quad>,
}
