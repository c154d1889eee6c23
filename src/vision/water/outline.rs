//! A vessel's outline, traced up its walls from the bottom: where the walls
//! end (the rim) and where the body ends (a neck above it, as on a flask,
//! a bulb, a vase or a bottle, holds no slot). The walls are ridges of
//! horizontal contrast either side of the interior; each is followed row by
//! row, a pixel or two at a time, so curved and slanted walls are followed
//! as well as straight ones. The strongest ridges may be the edge of what
//! the vessel holds (balls, dark liquid) rather than a thin wall outside
//! it; where a trace up them ends at the liquid's top, the ridges outside
//! are traced too, and believed where every vessel's end alike.

use super::median;
use super::tubes::Gradients;

/// What tracing a vessel's walls found, in the working picture's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    /// The highest row where both walls still stand.
    pub rim: u32,
    /// The top of the body: the rim, or where a neck begins.
    pub body_top: u32,
    /// Whether a neck was found.
    pub neck: bool,
    /// The interior's width (between the walls) per row, from the start of
    /// the trace up: `(row, width)`.
    pub widths: Vec<(u32, f32)>,
}

/// How weak a wall may get, against its typical strength on this vessel,
/// before the trace counts the row as having no wall: the walls beside
/// glass and beside liquid differ by up to about three times in the
/// generated tuning themes; above the rim there is no wall at all.
const WALL_STOP: f32 = 0.3;

/// How many times the board's typical edge strength beside a vessel a
/// ridge outside its strongest must have to be followed as a wall: the
/// thin white outlines round balls on a cloudy board of generated tuning
/// case 232 stand 8-22 times out of it, a sandy texture's grain beside the
/// glasses of tuning case 1534 2.5-2.8 times (followed up, it reached the
/// title bar). Set between the two; measured on those two cases only.
const OUTER_WALL_CONTRAST: f32 = 4.0;

/// How many rows with no wall the trace crosses (as a share of the half
/// width, at least two rows): JPEG blocks and a highlight's end break a
/// wall for a row or two; a rim ends it.
const WALL_GAP: f32 = 0.25;

/// A neck is narrower than this share of the body's widest interior (the
/// generated shapes' necks are 0.32-0.55 of it, a vase's waist or a pint's
/// foot never under 0.7).
const NECK_RATIO: f32 = 0.65;

/// Rows of a neck are within this factor of the neck's own width; where
/// the body widens past it, the body starts.
const NECK_WIDTH_SLACK: f32 = 1.15;

/// How far a wall may move sideways from one row to the next, in pixels:
/// the steepest shoulder of a bottle moves it about one pixel per row.
const WALL_STEP: i64 = 2;

/// How much wider than the body's widest, in pixels, walls followed on past
/// a change beside them may end: a wall's move over two rows (not fitted;
/// fresh 88694's, led off along a cloud's edge, ended twice as wide).
const FOLLOWED_ON_SLACK: f32 = (2 * WALL_STEP) as f32;

/// Rows with no wall a trace crosses, in a vessel `half` pixels wide each side ([`WALL_GAP`]).
fn wall_gap(half: f32) -> i64 {
    (half * WALL_GAP).round().max(2.0) as i64
}

/// How strongly a wall stands at `(x, y)`: its contrast across, with
/// half the row below's (a wall spans rows, JPEG noise does not).
fn ridge(walls: &Gradients, x: i64, y: i64) -> f32 {
    walls.across(x, y) + 0.5 * walls.across(x, y + 1)
}

fn strongest(walls: &Gradients, y: i64, from: i64, to: i64) -> (i64, f32) {
    (from..=to).map(|x| (x, ridge(walls, x, y))).fold((from, -1.0), |b, c| if c.1 > b.1 { c } else { b })
}

/// How a trace picks, on each row, the wall that continues the one below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The strongest ridge up to [`WALL_STEP`] away: follows a shoulder
    /// or a neck's walls as they move in.
    Strongest,
    /// The strongest ridge a pixel away when it is strong enough, else the
    /// strongest [`WALL_STEP`] away: stays on a straight wall where a
    /// highlight streak or a ball's edge, a pixel or two inside it, is
    /// stronger.
    Nearest,
}

/// The wall on row `y` that continues one at `x` on the row below.
fn next_wall(walls: &Gradients, y: i64, x: i64, enough: f32, step: Step) -> (i64, f32) {
    let near = strongest(walls, y, x - 1, x + 1);
    if step == Step::Nearest && near.1 >= enough { near } else { strongest(walls, y, x - WALL_STEP, x + WALL_STEP) }
}

/// What tracing a vessel's walls found: up the strongest ridges either
/// side, and, where those may be the edge of what the vessel holds, up the
/// ridges outside them.
#[derive(Debug, Clone, PartialEq)]
pub struct Traced {
    /// Up the strongest ridges.
    pub inner: Outline,
    /// Up the ridges outside them, when the strongest ended at the
    /// liquid's top and these reach more than a half-width higher (an
    /// outline's own thickness is less: the outside of a full vessel's
    /// outline ends only that much above its inside): where balls or dark
    /// liquid border pale glass, their edge is stronger than a thin wall
    /// outside it, and a trace up that edge ends at the top ball.
    pub outside: Option<Outline>,
}

/// Traces the walls of the vessel whose interior is centred at `cx`, rests
/// on row `bottom` and is about `half` pixels wide either side, and holds
/// liquid up to row `liquid_top` (the top of its liquid's column, which
/// may take in the glass above), in bands of flat colour spanning the
/// rows `bands` (none for balls). `None` when no wall stands either side.
///
/// The walls are followed both ways ([`Step`]) and the trace that reaches
/// higher is kept: what a vessel holds ends below its rim, so a trace led
/// off the wall onto the edge of a ball ends at the top ball, while one
/// that stays on the wall goes on to the rim.
pub fn trace(
    walls: &Gradients,
    cx: f32,
    bottom: u32,
    half: f32,
    liquid_top: u32,
    bands: &[(u32, u32)],
) -> Option<Traced> {
    let start = bottom as i64 - (half * 0.8).round().max(2.0) as i64;
    if start < 1 || half < 1.5 {
        return None;
    }
    let (cx, reach_in, reach_out) = (cx.round() as i64, (half * 0.5).round() as i64, (half * 1.7).round() as i64);
    let (left, left_strength) = strongest(walls, start, cx - reach_out, cx - reach_in);
    let (right, right_strength) = strongest(walls, start, cx + reach_in, cx + reach_out);
    if left_strength <= 0.0 || right_strength <= 0.0 {
        return None;
    }
    let higher = |a: Outline, b: Outline| if b.rim < a.rim { b } else { a };
    let both_ways = |at: (i64, i64), strength: f32| {
        let by = |step| follow(walls, start, at, strength, Holding { half, liquid_top, bands }, step);
        higher(by(Step::Strongest), by(Step::Nearest))
    };
    let inner = both_ways((left, right), left_strength.min(right_strength));
    // The ridges outside the strongest, when the strongest ended at the
    // liquid's top and these stand out of the board beside them.
    let gap = wall_gap(half);
    let on_liquid = inner.rim as i64 >= liquid_top as i64 - gap;
    if !on_liquid || left - 2 <= cx - reach_out || right + 2 >= cx + reach_out {
        return Some(Traced { inner, outside: None });
    }
    let (outer_left, outer_left_strength) = strongest(walls, start, cx - reach_out, left - 2);
    let (outer_right, outer_right_strength) = strongest(walls, start, right + 2, cx + reach_out);
    let board: Vec<f32> = (outer_left - reach_in..outer_left - 1)
        .chain(outer_right + 2..outer_right + reach_in + 1)
        .map(|x| ridge(walls, x, start))
        .collect();
    let outer = outer_left_strength.min(outer_right_strength);
    let outside = (outer >= OUTER_WALL_CONTRAST * median(board).max(1.0))
        .then(|| both_ways((outer_left, outer_right), outer))
        .filter(|o| (o.rim as f32) < inner.rim as f32 - half);
    Some(Traced { inner, outside })
}

/// Most a liquid column's centre may lie off its vessel's mirror axis, in
/// half-widths of the band it was taken from: a glyph or a highlight
/// streak splits the widest band of a hidden block, and the part left is
/// a third to a half of the interior (tuning cases 1401, 1404 and 1096:
/// 3.5 of 7.5, 5 of 10 and 8 of 25 pixels). 0.6 takes those with some
/// room; the board beyond stays out of reach of a search so narrow.
const AXIS_SEARCH: f32 = 0.6;

/// Rows of a column its axis is measured on: the walls are alike all the
/// way down, so a few dozen rows tell as much as all of them.
const AXIS_ROWS: u32 = 32;

/// How far, in pixels, a liquid column's centre may lie off its vessel's
/// mirror axis and still be taken for it: each edge of a band blurs by
/// a pixel (anti-aliasing, JPEG) and the axis is tried in half pixels.
/// Taking every move lost 17 tuning readings (among them an empty row on
/// lined paper, 1863: anchors moved by a pixel blur the template that
/// finds faint vessels); of those and the 3 it gained, 1, 1.5, 2 and 2.5
/// pixels kept 14, 14, 16 and 17 of 20 (tuned on those 20 cases only).
const AXIS_NOISE: f32 = 2.5;

/// The column the edges across around a vessel are mirrored about: the
/// vessel's axis, or `cx` where that lies within [`AXIS_NOISE`] of it. Its
/// liquid column is centred near `cx`, spans rows `y0..y1` and is about
/// `half` pixels wide either side. Every vessel is drawn symmetric about
/// its axis, and so are both edges of its walls and a `?` glyph; a
/// highlight streak is not, but it stays where it is whatever axis is
/// tried. The axis is where the edges either side, out to the walls and
/// the board beyond, differ least (as a share of their sum), tried in
/// half pixels.
pub fn mirror_axis(walls: &Gradients, cx: f32, (y0, y1): (u32, u32), half: f32) -> f32 {
    let reach = (half * super::template::TEMPLATE_REACH).round() as i64;
    let search = (half * AXIS_SEARCH * 2.0).round() as i64;
    let step = (y1.saturating_sub(y0) / AXIS_ROWS).max(1) as usize;
    let doubled = (cx * 2.0).round() as i64;
    let asymmetry = |axis2: i64| {
        let (mut apart, mut sum) = (0.0, 0.0);
        for y in (y0..y1).step_by(step) {
            for d2 in (2 - axis2.rem_euclid(2)..=2 * reach).step_by(2) {
                let (l, r) = (walls.across((axis2 - d2) / 2, y as i64), walls.across((axis2 + d2) / 2, y as i64));
                apart += (l - r).abs();
                sum += l + r;
            }
        }
        if sum > 0.0 { apart / sum } else { f32::MAX }
    };
    let best = (doubled - search..=doubled + search)
        .map(|a| (a, asymmetry(a)))
        .fold((doubled, f32::MAX), |best, c| if c.1 < best.1 { c } else { best });
    let axis = best.0 as f32 / 2.0;
    if (axis - cx).abs() > AXIS_NOISE { axis } else { cx }
}

/// The outline of each vessel traced: the one up the walls outside the
/// strongest ridges where the vessels' agree, within a half-width, on
/// where they end (a row's vessels share their rim, while grain or a
/// decoration followed up from beside them ends anywhere); else the one
/// up the strongest ridges.
pub fn outlines_agreed(traced: Vec<Traced>, half: f32) -> Vec<Outline> {
    let rims: Vec<u32> = traced.iter().filter_map(|t| t.outside.as_ref()).map(|o| o.rim).collect();
    let spread = rims.iter().max().zip(rims.iter().min()).map_or(0, |(hi, lo)| hi - lo);
    let agree = rims.len() >= 2 && spread as f32 <= half;
    traced
        .into_iter()
        .map(|t| match t.outside {
            Some(o) if agree => o,
            _ => t.inner,
        })
        .collect()
}

/// A vessel whose walls are to be traced ([`trace`]): its axis, the row its
/// liquid rests on, the top of its liquid's column and the rows of that
/// column's bands (none for balls).
#[derive(Debug, Clone, PartialEq)]
pub struct Traceable {
    pub cx: f32,
    pub bottom: u32,
    pub liquid_top: u32,
    pub bands: Vec<(u32, u32)>,
}

/// The outlines of vessels `half` pixels wide each side, traced and agreed
/// on ([`outlines_agreed`]), for the template of their row. Walls lost in
/// a vessel's body under its liquid ([`lost_in_the_body`]) ended where
/// the board behind them changes, not at its rim: where another vessel's
/// walls were not lost, those are left out (fresh 88697: flasks before a
/// sky and a dark hill: two of five traces lost the walls at the hill's
/// edge and an empty flask's ended there too, so the template, their
/// median, was the vessels' lower third, and the empty flasks over the
/// hill read as liquid).
pub fn traced_outlines(walls: &Gradients, vessels: &[Traceable], half: f32) -> Vec<Outline> {
    let traced: Vec<(Traced, bool)> = vessels
        .iter()
        .filter_map(|v| {
            let t = trace(walls, v.cx, v.bottom, half, v.liquid_top, &v.bands)?;
            let lost = lost_in_the_body(t.inner.rim as i64, &t.inner.widths, half, &v.bands);
            Some((t, lost))
        })
        .collect();
    let kept = traced.iter().any(|t| !t.1);
    outlines_agreed(traced.into_iter().filter(|t| !(kept && t.1)).map(|t| t.0).collect(), half)
}

/// Whether walls followed up to row `rim`, with the interior's widths
/// `widths` (row, width) on the way, in a vessel `half` pixels wide each
/// side holding a column of bands of flat colour over the rows `bands`,
/// ended in the vessel's body more than a layer under the liquid's top
/// (and more than the rows a wall may break for). A vessel holds its
/// liquid, so such walls end where what stands beside them changes, not
/// at its rim. In the body: the last row's width at least [`NECK_RATIO`]
/// of the widest (walls ending narrower end at a shoulder, with liquid
/// going on up the neck). The liquid's top is the second band's top,
/// since the first may be the glass above it, and a layer the bands'
/// median height. Never for balls (`bands` empty) or a column of one band.
pub fn lost_in_the_body(rim: i64, widths: &[(u32, f32)], half: f32, bands: &[(u32, u32)]) -> bool {
    let widest = widths.iter().map(|w| w.1).fold(0.0, f32::max);
    let in_body = widths.last().is_some_and(|w| w.1 >= NECK_RATIO * widest);
    let mut tops: Vec<u32> = bands.iter().map(|b| b.0).collect();
    tops.sort_unstable();
    let layer = median(bands.iter().map(|b| b.1.saturating_sub(b.0)).collect()) as i64;
    in_body && tops.get(1).is_some_and(|&top| rim > top as i64 + layer.max(wall_gap(half)))
}

/// Walls followed up so far: where they stand on the highest row reached
/// (`rim`), their strengths there and below, and the interior's width per
/// row.
struct Climb {
    left: i64,
    right: i64,
    rim: i64,
    strengths: Vec<f32>,
    widths: Vec<(u32, f32)>,
}

impl Climb {
    /// Walls standing at `(left, right)` on row `y` with `strength`.
    fn at(y: i64, (left, right): (i64, i64), strength: f32) -> Climb {
        Climb { left, right, rim: y, strengths: vec![strength], widths: vec![(y as u32, (right - left) as f32)] }
    }

    /// Follows the walls up, row by row, while neither is weaker than
    /// [`WALL_STOP`] of their typical strength for more than `gap` rows.
    fn up(&mut self, walls: &Gradients, gap: i64, step: Step) {
        let mut y = self.rim - 1;
        while y >= 0 && y >= self.rim - gap {
            let typical = median(self.strengths.clone());
            let (l, ls) = next_wall(walls, y, self.left, WALL_STOP * typical, step);
            let (r, rs) = next_wall(walls, y, self.right, WALL_STOP * typical, step);
            if ls.min(rs) >= WALL_STOP * typical && r > l + 1 {
                (self.left, self.right, self.rim) = (l, r, y);
                self.strengths.push(ls.min(rs));
                self.widths.push((y as u32, (r - l) as f32));
            }
            y -= 1;
        }
    }

    /// The walls on from where they ended, at their own strength there:
    /// the strongest ridges on the row above, within [`WALL_STEP`].
    fn on_from_rim(&self, walls: &Gradients, gap: i64, step: Step) -> Option<Climb> {
        let y = self.rim - 1;
        if y < 0 {
            return None;
        }
        let (l, ls) = strongest(walls, y, self.left - WALL_STEP, self.left + WALL_STEP);
        let (r, rs) = strongest(walls, y, self.right - WALL_STEP, self.right + WALL_STEP);
        if ls.min(rs) <= 0.0 || r <= l + 1 {
            return None;
        }
        let mut on = Climb::at(y, (l, r), ls.min(rs));
        on.up(walls, gap, step);
        Some(on)
    }

    /// The walls on past a change of what stands beside them, if that is
    /// where they ended. Walls that end in the body more than a layer
    /// under the liquid's top, with liquid going on above them, end where
    /// the board behind them or the liquid inside changes, not at a rim,
    /// for a vessel holds its liquid: over a dark hill a pale outline
    /// stands out four times as much as over the pale sky above it (fresh
    /// 88693 and 88697, flasks), and beside a liquid as pale as itself far
    /// less than beside a dark one (fresh 80304, hurricane glasses). The
    /// walls are followed on from there, once, at their own strength, and
    /// believed only if they reach the top of the liquid's column (within
    /// the rows a wall may break for: fresh 80300, hurricane glasses whose
    /// walls ended 4 rows under the lit band topping the column) and end
    /// no wider than the body below (walls traced off the vessel, onto the
    /// board's grain or a hill's edge, stop sooner; fresh 88694: a flask's
    /// walls led off along a cloud's edge ended twice as wide). Not:
    /// - within a layer of the liquid's top, where what the walls border
    ///   changes: liquid under faint glass, whose walls the outline's own
    ///   search finds (tuning 3702), or the glass the column may take in
    ///   above the liquid, its top band;
    /// - narrower than a neck ([`NECK_RATIO`] of the widest): at the
    ///   vessel's own shoulder, which the neck's search finds (tuning 1411:
    ///   bulbs whose walls, followed on up the neck, left the glass of an
    ///   empty bulb before a hill read as a liquid);
    /// - round balls, which are no bands of flat colour (`bands` empty).
    fn on_past_the_board(&self, walls: &Gradients, held: Holding, step: Step) -> Option<Climb> {
        let gap = wall_gap(held.half);
        let widest = self.widths.iter().map(|w| w.1).fold(0.0, f32::max);
        if !lost_in_the_body(self.rim, &self.widths, held.half, held.bands) {
            return None;
        }
        let within = |on: &Climb| on.widths.last().is_some_and(|w| w.1 <= widest + FOLLOWED_ON_SLACK);
        self.on_from_rim(walls, gap, step).filter(|on| on.rim <= held.liquid_top as i64 + gap && within(on))
    }
}

/// What a vessel traced holds: its interior's half-width, the top of its
/// column of liquid and the rows of that column's bands (see [`trace`]).
#[derive(Debug, Clone, Copy)]
struct Holding<'a> {
    half: f32,
    liquid_top: u32,
    bands: &'a [(u32, u32)],
}

/// Follows walls starting at `(left, right)` on row `start` up, row by row,
/// in a vessel holding `held`.
fn follow(
    walls: &Gradients,
    start: i64,
    (left, right): (i64, i64),
    strength: f32,
    held: Holding,
    step: Step,
) -> Outline {
    let (half, gap) = (held.half, wall_gap(held.half));
    let mut climb = Climb::at(start, (left, right), strength);
    climb.up(walls, gap, step);
    // Where what stands beside the walls changes, they are followed on.
    if let Some(on) = climb.on_past_the_board(walls, held, step) {
        climb.widths.extend(on.widths);
        climb.rim = on.rim;
    }
    let Climb { rim, widths, .. } = climb;
    let widest = widths.iter().map(|w| w.1).fold(0.0, f32::max);
    // A neck: the rows from the rim down that are much narrower than the
    // body, below a lip that may flare above the neck (a bottle's, at most
    // a half-width tall); the body ends where the walls spread past the
    // neck's width.
    let is_narrow = |w: &&(u32, f32)| w.1 < NECK_RATIO * widest;
    let needed = (half * 0.4).max(3.0);
    let lip = widths.iter().rev().take_while(|w| (w.0 as f32) < rim as f32 + half).count();
    let narrow: Vec<(u32, f32)> = (0..=lip)
        .map(|skip| widths.iter().rev().skip(skip).take_while(is_narrow).copied().collect::<Vec<_>>())
        .find(|n| n.len() as f32 >= needed)
        .unwrap_or_default();
    let (body_top, neck) = if !narrow.is_empty() {
        // The neck's own width, the narrow rows' lower quartile: a flask's
        // cone narrows to the neck's width, and its narrow rows below the
        // neck would widen the median; a lip flares above the neck.
        let mut sorted: Vec<f32> = narrow.iter().map(|w| w.1).collect();
        sorted.sort_by(f32::total_cmp);
        let neck_width = sorted[sorted.len() / 4];
        let lowest = narrow.iter().filter(|w| w.1 <= neck_width * NECK_WIDTH_SLACK).map(|w| w.0).max();
        (lowest.unwrap_or(rim as u32), true)
    } else {
        (rim as u32, false)
    };
    Outline { rim: rim as u32, body_top, neck, widths }
}

#[cfg(test)]
mod tests;
