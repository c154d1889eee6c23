//! The game's vessel as a pattern of edges, and how well a place of the
//! picture matches it.
//!
//! Around the vessels of the row liquid shows best, the edges across and
//! down (walls, a round or flat bottom, a rim), leaving out the interior
//! (layer boundaries, balls and glyphs are what a vessel holds, not its
//! shape: the middle of a vessel of liquid, the whole of a tube of balls,
//! whose round edges come as near the walls as a liquid's), give a
//! template: their median, centred. A place matches by its normalised
//! correlation with it, and only when its edges are about as strong;
//! [`Template::shape`] gives the correlation and the strength
//! apart, for the faint vessels a row's spacing points to.

use super::columns::Band;
use super::median;
use super::tubes::Gradients;

mod balls;
pub(super) use balls::{Walls, ball_walls};

/// How far the template reaches either side of a vessel's centre, in
/// half-widths of its interior: the walls and a little board beyond them.
pub(super) const TEMPLATE_REACH: f32 = 1.5;

/// The interior left out of the template, in half-widths either side of
/// the centre, for vessels of liquid: the middle of the interior, clear of
/// curved walls.
const INTERIOR_SHARE: f32 = 0.7;

/// What the vessels the template is made from hold, which decides how much
/// of their interior it leaves out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Held {
    /// Layers of liquid: their boundaries are level, so only the middle of
    /// the interior ([`INTERIOR_SHARE`]) is left out and the walls' curve
    /// down to the bottom is kept.
    Liquid,
    /// Balls: each one's round edge comes as near the walls as the liquid's
    /// does, at every slot, and an empty vessel has none, so the whole
    /// interior is left out.
    Balls,
}

/// Most share of its box a band of liquid may fill for it to be a ball: a
/// disc fills pi/4 (0.785) of its box, less once its rim blurs into the
/// glass and its shine splits it (0.57-0.75 over the generated ball themes
/// of both seed ranges), while a layer fills its box but for a curved
/// vessel's bottom (the medians of the generated liquid themes' tuning
/// seeds are 0.78 and up). Set between the two.
const BALL_FILL: f32 = 0.76;

/// Least and most height of a ball's band over its width: a ball is as
/// tall as it is wide (0.92-1.35 in the generated ball themes, the shine
/// cutting a sliver off a side); liquid of so little fill is a thin layer
/// of a bulb or a glass (0.19-0.71 in the tuning seeds but one).
const BALL_ASPECT: (f32, f32) = (0.85, 1.45);

impl Held {
    /// What the bands of a row's vessels hold, by their median shape.
    pub fn of(bands: &[&Band]) -> Held {
        let fill = median(bands.iter().map(|b| b.area as f32 / (b.width() * b.height()).max(1) as f32).collect());
        let aspect = median(bands.iter().map(|b| b.height() as f32 / b.width().max(1) as f32).collect());
        if fill < BALL_FILL && (BALL_ASPECT.0..=BALL_ASPECT.1).contains(&aspect) { Held::Balls } else { Held::Liquid }
    }

    fn interior_share(self) -> f32 {
        match self {
            Held::Liquid => INTERIOR_SHARE,
            Held::Balls => 1.0,
        }
    }

    /// How far either side of the centre a template reaching `reach`
    /// pixels ([`TEMPLATE_REACH`] half-widths of the interior) leaves out.
    fn inner(self, reach: i64) -> i64 {
        (reach as f32 * self.interior_share() / TEMPLATE_REACH) as i64
    }

    /// The interior a template reaching `reach` pixels leaves out.
    pub fn left_out(self, reach: i64) -> LeftOut {
        LeftOut::Interior(self.inner(reach))
    }
}

/// The edges of a place: across a row (walls) or down a column (levels,
/// a bottom, a rim).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Across,
    Down,
}

/// What of a place's edges a template leaves out: what the vessel holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LeftOut {
    /// So many pixels either side of the centre, on the rows of the
    /// interior: the walls' curve into the bottom, the bottom and the rim
    /// stay in.
    Interior(i64),
    /// So many pixels either side of the centre, in both fields, on the
    /// rows of the interior and those under the top of what the fullest
    /// vessel holds ([`Size::held`], its top ball): a ball's rim shows
    /// across and down alike, and balls filling a tube to its top stand
    /// above the interior's rows.
    Held(i64),
    /// As `Interior` for the edges across; for the edges down, the
    /// interior's whole width (`down`) on its rows and those under the
    /// fullest liquid's top: the level boundaries of layers reach the
    /// walls, and an empty vessel has none.
    Levels { across: i64, down: i64 },
    /// So many pixels either side of the centre, on every row: the inside
    /// of walls standing well beyond the balls a tube holds, whose top and
    /// bottom balls reach past the interior's rows (the tube's bottom, where
    /// its lowest ball rests, is left out with them).
    Inside(i64),
}

/// Pixels past the interior's half-width (its truncated share of the
/// reach) that a template made of tubes of balls leaves out with the
/// interior: a ball's rim, anti-aliased over a pixel at its radius, shows
/// in [`Gradients`] (each pixel's difference of its two neighbours) a
/// pixel beyond it. Left in, the rims were the strongest edges of the
/// template of white tubes hugging their balls on ruled paper, which
/// their empty tubes' walls, a few pixels further out, matched at about
/// 0 (fresh 89773, 89779). One pixel, from the gradient's reach; not
/// fitted (two gained two readings more over the ball seeds of five
/// ranges and lost one more).
const BALL_RIM_SPREAD: i64 = 1;

/// Least edge strength at a place, as a share of the template's: faint
/// texture (paper, a photo) can echo the template's pattern. An empty
/// vessel's walls border glass where the template's border liquid, so they
/// may be weaker, but not by more than about half.
const MIN_SILHOUETTE_STRENGTH: f32 = 0.4;

/// The game's vessel as its edges show it: around a vessel whose interior
/// is centred at `cx` and rests on `bottom`, `reach` pixels either side,
/// from `height` rows above the bottom to `below` rows under it.
#[derive(Debug, Clone)]
pub(super) struct Template {
    pub reach: i64,
    pub height: i64,
    pub below: i64,
    /// Rows above the bottom what the fullest vessel holds reaches: its
    /// liquid's top, or its top ball.
    held: i64,
    /// What of a place's edges it leaves out.
    left_out: LeftOut,
    /// Zero-mean values, edges across then edges down, row by row.
    values: Vec<f32>,
    /// Mean absolute edge strength before centring.
    strength: f32,
    /// Where the walls stand on the rows of the interior that show one.
    walls: Vec<Wall>,
}

/// A template's size around the place it is made of: `reach` pixels either
/// side of the centre, `height` rows above the bottom, `below` rows under
/// it, and what the fullest vessel it is made of holds (liquid, or balls
/// up to its top ball) reaching `held` rows above the bottom.
#[derive(Debug, Clone, Copy)]
pub(super) struct Size {
    pub reach: i64,
    pub height: i64,
    pub below: i64,
    pub held: i64,
}

/// Rows above the fullest liquid's top whose edges down an outline's
/// template leaves out with the level boundaries: the edge between the
/// liquid and the glass above it is two rows of gradient (not fitted).
/// A wide, short bowl (a wine glass) full to above the rim's usual depth
/// put its top layers' boundaries in the template, which no empty glass
/// shows (tuning 2062: an empty wine glass matched 0.32 a pitch past its
/// row).
/// Only the edges down: a bulb's liquid reaches into its neck, whose walls
/// (edges across) are its shape (tuning 978: left out, a round button
/// matched a bulb's round bottom).
const LIQUID_TOP_ROWS: i64 = 2;

/// Least edge across, as a multiple of the template's mean edge, that a
/// row's strongest edge beside the interior must reach to be a wall. Not
/// fitted: a wall is a line far stronger than the window's average, which
/// most of the board's and the glass's pixels hold down (the walls of the
/// tuning bulbs stand 4-22 times over the mean, the rows of their necks,
/// inside the interior left out, under half of it).
const WALL_OVER_MEAN: f32 = 2.0;

/// Share of a window's edges left whole by [`Template::clipped_shape`]:
/// a vessel's outline (two walls, a bottom and a rim, two pixels thick)
/// is one in nine or so of a window's pixels, a board's line across it
/// (a hill's ridge) one in fifty; the tenth strongest is the outline's.
/// Not fitted.
const CLIPPED_SHARE: f32 = 0.9;

/// How many times more [`Template::settled_bottom`] searches from the best
/// bottom found, while it moves: each search reaches `below` (two outline
/// margins, half a half-width) each way, so the four reach a vessel's
/// interior width from where the row's liquid ended; a bottom further off
/// than that is another row's or the board's. Not fitted; tuning 3301
/// needed one more.
const SETTLE_AGAIN: usize = 3;

/// Which side of the vessel's centre a wall stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// Where one of the template's walls stands on one of its interior rows:
/// rows above the bottom, and the offset from the centre.
#[derive(Debug, Clone, Copy)]
struct Wall {
    y: i64,
    x: i64,
    side: Side,
}

impl Template {
    /// The edges around a place, leaving out its interior (what a vessel
    /// holds is not its silhouette: layer boundaries, balls, glyphs), but
    /// keeping the walls, the bottom below the interior and the rim above.
    fn window(&self, edges: &Gradients, cx: i64, bottom: i64) -> Vec<f32> {
        let (reach, height, below) = (self.reach, self.height, self.below);
        let mut out = Vec::with_capacity(((2 * reach + 1) * (height + below) * 2) as usize);
        for field in [Field::Across, Field::Down] {
            for y in bottom - height..bottom + below {
                for x in cx - reach..=cx + reach {
                    if !self.is_left_out(x - cx, y - bottom, field) {
                        out.push(match field {
                            Field::Across => edges.across(x, y),
                            Field::Down => edges.down(x, y),
                        });
                    }
                }
            }
        }
        out
    }

    /// Whether the row `dy` below the bottom (above it when negative)
    /// crosses the interior: below the rim, above the bottom's edge.
    fn interior_row(&self, dy: i64) -> bool {
        dy >= -self.height + 2 * self.below && dy < -1
    }

    /// Whether the row `dy` below the bottom may hold a level boundary:
    /// a row of the interior, or under the top of the fullest liquid
    /// (which can reach into the rim's depth: a wine glass's short bowl).
    fn level_row(&self, dy: i64) -> bool {
        self.interior_row(dy) || (dy >= -(self.held + LIQUID_TOP_ROWS) && dy < -1)
    }

    /// Whether the pixel `dx` right of the centre on the row `dy` below
    /// the bottom is left out.
    fn is_left_out(&self, dx: i64, dy: i64, field: Field) -> bool {
        match (self.left_out, field) {
            (LeftOut::Interior(inner) | LeftOut::Levels { across: inner, .. }, Field::Across)
            | (LeftOut::Interior(inner), Field::Down) => self.interior_row(dy) && dx.abs() < inner,
            (LeftOut::Levels { down: inner, .. }, Field::Down) | (LeftOut::Held(inner), _) => {
                self.level_row(dy) && dx.abs() < inner
            }
            (LeftOut::Inside(inner), _) => dx.abs() < inner,
        }
    }

    /// The size this template was made at.
    fn size(&self) -> Size {
        Size { reach: self.reach, height: self.height, below: self.below, held: self.held }
    }

    /// The median of the windows around `anchors` (centre, bottom).
    pub fn of(edges: &Gradients, anchors: &[(i64, i64)], size: Size, left_out: LeftOut) -> Template {
        let Size { reach, height, below, held } = size;
        let mut t =
            Template { reach, height, below, held, left_out, values: Vec::new(), strength: 0.0, walls: Vec::new() };
        let windows: Vec<Vec<f32>> = anchors.iter().map(|&(cx, b)| t.window(edges, cx, b)).collect();
        let mut values: Vec<f32> =
            (0..windows[0].len()).map(|i| median(windows.iter().map(|w| w[i]).collect())).collect();
        t.walls = t.walls_of(&values);
        let strength = values.iter().sum::<f32>() / values.len() as f32;
        for v in &mut values {
            *v -= strength;
        }
        (t.values, t.strength) = (values, strength);
        t
    }

    /// The template empty vessels are looked for by, their outline alone,
    /// from the same places and reach as this one (a template for vessels
    /// of liquid). For vessels of liquid, the layers' level boundaries are
    /// left out across the interior's whole width ([`LeftOut::Levels`]:
    /// an empty vessel has none; tuning 1862's empty tube matched 0.34
    /// with them in, 0.38 without). A template made of tubes of balls
    /// holds the balls' round edges near the walls, which an empty tube
    /// lacks (tuning 230: empty tubes matched it at 0.31), so the whole
    /// interior is left out, and the spread of the balls' rims past it
    /// ([`BALL_RIM_SPREAD`]); and where the walls stand well beyond
    /// the balls (`walls`, with the outline's margin), it reaches them and
    /// two margins beyond, and leaves out all inside them (tuning
    /// theme 192: balls under half as wide as the thin white tubes on
    /// paper, whose empty tubes matched the usual reach at 0.07).
    pub fn outline(
        &self,
        edges: &Gradients,
        anchors: &[(i64, i64)],
        held: Held,
        walls: Option<(Walls, f32)>,
    ) -> Template {
        let reach = self.reach;
        let (reach, left_out) = match (held, walls) {
            // The whole interior's width, as for balls, for the edges down.
            (Held::Liquid, _) => {
                (reach, LeftOut::Levels { across: Held::Liquid.inner(reach), down: Held::Balls.inner(reach) })
            }
            (Held::Balls, None) => (reach, LeftOut::Held(Held::Balls.inner(reach) + BALL_RIM_SPREAD)),
            (Held::Balls, Some((w, margin))) => {
                (reach.max((w.outer + 2.0 * margin).round() as i64), LeftOut::Inside(w.inner.round() as i64 - 1))
            }
        };
        Template::of(edges, anchors, Size { reach, ..self.size() }, left_out)
    }

    /// A template of this one's size, leaving out the same interior, made
    /// of the places `anchors` (centre, bottom) instead: of the empty
    /// vessels found, what an empty vessel looks like in this picture.
    pub fn like_at(&self, edges: &Gradients, anchors: &[(i64, i64)]) -> Template {
        Template::of(edges, anchors, self.size(), self.left_out)
    }

    /// How well the place centred at `cx`, resting on `bottom`, matches:
    /// the normalised correlation, or 0 when its edges are too faint.
    pub fn score(&self, edges: &Gradients, cx: i64, bottom: i64) -> f32 {
        let w = self.window(edges, cx, bottom);
        let mean = w.iter().sum::<f32>() / w.len() as f32;
        if mean < MIN_SILHOUETTE_STRENGTH * self.strength { 0.0 } else { self.correlation(&w, mean) }
    }

    /// The bottom, within the template's reach below a bottom (`below`)
    /// up or down from `bottom`, on which the places centred at `xs` match
    /// it best in sum (the nearest of equals): a row's liquid may end a few
    /// rows above its vessels' bottom, whose last rows, curved, blur into
    /// the glass. Searched again from the best found while that moves, up
    /// to [`SETTLE_AGAIN`] times: a row whose liquid shows in one vessel
    /// only can end further off than that (tuning 3301: wine glasses, the
    /// one column of a row ending 13 rows under the bottom the template
    /// matches best; the first search stopped 4 rows short of it, and the
    /// grid read the stems as a layer). Not on past where the vessel's
    /// outline under it would leave the picture (tuning 2226: a bar of
    /// colour swatches along the screen's foot, searched on to its edge,
    /// matched as a row of two more vessels).
    pub fn settled_bottom(&self, edges: &Gradients, xs: &[i64], bottom: u32) -> u32 {
        let fit = |b: i64| -> f32 { xs.iter().map(|&x| self.score(edges, x, b)).sum() };
        let once = |bottom: u32| {
            (-self.below..=self.below)
                .map(|db| (bottom as i64 + db, fit(bottom as i64 + db), db.abs()))
                .max_by(|p, q| p.1.total_cmp(&q.1).then(q.2.cmp(&p.2)))
                .map_or(bottom, |(b, _, _)| b.max(0) as u32)
        };
        let mut settled = once(bottom);
        for _ in 0..SETTLE_AGAIN {
            let again = once(settled);
            if again == settled || i64::from(again) + self.below > i64::from(edges.height) {
                break;
            }
            settled = again;
        }
        settled
    }

    /// How well the place's edges follow the template's pattern, however
    /// faint they are, and how strong they are as a share of the
    /// template's.
    pub fn shape(&self, edges: &Gradients, cx: i64, bottom: i64) -> (f32, f32) {
        let w = self.window(edges, cx, bottom);
        let mean = w.iter().sum::<f32>() / w.len() as f32;
        (self.correlation(&w, mean), mean / self.strength.max(1e-6))
    }

    /// How well the place's edges follow the template's pattern, each edge
    /// clipped at what nine in ten of the window's reach
    /// ([`CLIPPED_SHARE`]): a board's edge far stronger than the vessel's
    /// outline (a hill's ridge under a faint empty tube, a cloud's rim
    /// behind it) then weighs no more than the outline does.
    pub fn clipped_shape(&self, edges: &Gradients, cx: i64, bottom: i64) -> f32 {
        let mut w = self.window(edges, cx, bottom);
        if w.is_empty() {
            return 0.0;
        }
        let k = ((w.len() as f32 * CLIPPED_SHARE) as usize).min(w.len() - 1);
        let cap = *w.clone().select_nth_unstable_by(k, f32::total_cmp).1;
        w.iter_mut().for_each(|v| *v = v.min(cap));
        let mean = w.iter().sum::<f32>() / w.len() as f32;
        self.correlation(&w, mean)
    }

    /// The walls on each interior row of the median window `values`
    /// (uncentred): on either side of the left out interior, the strongest
    /// edge across, where it stands out of the window as a wall does
    /// ([`WALL_OVER_MEAN`]; a bulb's neck is narrower than the interior
    /// left out, and has none).
    fn walls_of(&self, values: &[f32]) -> Vec<Wall> {
        let (reach, height, below) = (self.reach, self.height, self.below);
        let least = WALL_OVER_MEAN * values.iter().sum::<f32>() / values.len().max(1) as f32;
        let mut walls = Vec::new();
        let mut i = 0;
        for y in -height..below {
            let interior_row = self.interior_row(y);
            let mut row: Vec<(i64, f32)> = Vec::new();
            for x in -reach..=reach {
                if !self.is_left_out(x, y, Field::Across) {
                    row.push((x, values[i]));
                    i += 1;
                }
            }
            if !interior_row {
                continue;
            }
            for side in [Side::Left, Side::Right] {
                let strongest = row
                    .iter()
                    .filter(|p| match side {
                        Side::Left => p.0 < 0,
                        Side::Right => p.0 > 0,
                    })
                    .max_by(|p, q| p.1.total_cmp(&q.1));
                if let Some(&(x, _)) = strongest.filter(|p| p.1 >= least) {
                    walls.push(Wall { y, x, side });
                }
            }
        }
        walls
    }

    /// The share of the rows above the interior's lowest third on which
    /// the better shown of the two walls has an edge of `threshold` or
    /// more (within a pixel either way; across or down, for a slanting
    /// wall) at the place centred at `cx`, resting on `bottom`. One wall,
    /// not both: where the liquid's edge rather than the outline's is the
    /// template's wall (a highlight streak splitting the liquid moves the
    /// centre found, tuning 1244), the place's other wall still shows.
    pub fn wall_rows(&self, edges: &Gradients, cx: i64, bottom: i64, threshold: f32) -> f32 {
        let [left, right] = self.wall_rows_each(edges, cx, bottom, threshold);
        left.max(right)
    }

    /// As [`Template::wall_rows`], for the worse shown of the two walls: a
    /// place both of whose walls run down its body.
    pub fn both_wall_rows(&self, edges: &Gradients, cx: i64, bottom: i64, threshold: f32) -> f32 {
        let [left, right] = self.wall_rows_each(edges, cx, bottom, threshold);
        left.min(right)
    }

    /// The share of the rows above the interior's lowest third on which
    /// each wall, left and right, shows (see [`Template::wall_rows`]).
    fn wall_rows_each(&self, edges: &Gradients, cx: i64, bottom: i64, threshold: f32) -> [f32; 2] {
        let shows = |x: i64, y: i64| (x - 1..=x + 1).any(|x| edges.across(x, y).max(edges.down(x, y)) >= threshold);
        [Side::Left, Side::Right].map(|side| {
            let rows: Vec<&Wall> = self.walls.iter().filter(|w| w.side == side && w.y < -self.height / 3).collect();
            let seen = rows.iter().filter(|w| shows(cx + w.x, bottom + w.y)).count();
            seen as f32 / rows.len().max(1) as f32
        })
    }

    fn correlation(&self, w: &[f32], mean: f32) -> f32 {
        let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
        for (&t, &v) in self.values.iter().zip(w) {
            let v = v - mean;
            ab += t * v;
            aa += t * t;
            bb += v * v;
        }
        if aa <= 1e-6 || bb <= 1e-6 { 0.0 } else { ab / (aa * bb).sqrt() }
    }
}

#[cfg(test)]
mod tests;
