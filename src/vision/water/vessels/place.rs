//! Where vessels stand along a row: the places the template matches, the
//! room a column of liquid leaves for a vessel beside those found, and
//! how many vessels stand off the row's regular spacing.

use super::super::columns::Column;
use super::super::faint::{FAINT_WALL_ROWS, MIN_FAINT_EDGE};
use super::super::median;
use super::super::template::Template;
use super::super::tubes::Gradients;
use super::{Seen, Vessel};

/// Least normalised correlation of a place's edges with the template for it
/// to hold a vessel. The board between two vessels has walls at about the
/// right places but no bottom and no rim between them, and scores under
/// 0.4 in the generated tuning themes; vessels score over 0.6.
pub(super) const MIN_SILHOUETTE_MATCH: f32 = 0.5;

/// Least correlation with the template's shape, whatever the strength, of
/// a place a pitch beyond a row's end for a faint vessel to be suspected
/// there: the empty flasks drawn in white on pale paper of generated
/// tuning seed 469 score 0.42-0.43, the paper a third of a vessel beside
/// them 0.03-0.17. Set between the two; it refuses none of the tuning
/// seeds' 731 exact readings.
pub(super) const FAINT_SILHOUETTE_MATCH: f32 = 0.35;

/// Least match with the template's shape of a place in a column of the
/// level's (another row has a vessel there found by its liquid) whose two
/// walls run down its body, for it to hold an empty vessel: half what a
/// faint vessel needs without walls. Edges behind the glass (a cloud's,
/// through an empty tube on a sky) pull an empty vessel's match under the
/// faint bar (tuning 3707: 0.29), while the board's edges that happen to
/// stand where a vessel's walls would match its shape not at all (tuning
/// 644, 3061, 3066: 0.01-0.05, walls down 0.72-0.90 of the rows).
pub(super) const WALLED_SILHOUETTE_MATCH: f32 = FAINT_SILHOUETTE_MATCH / 2.0;

/// Whether the place centred at `x`, resting on `bottom`, whose match with
/// the template is `shape` at `strength`, holds a vessel as a place in a
/// column of the level's may on its walls: both down its body
/// ([`FAINT_WALL_ROWS`] of the rows at [`MIN_FAINT_EDGE`]), with a shape of
/// [`WALLED_SILHOUETTE_MATCH`] and a faint vessel's strength
/// ([`MIN_FAINT_STRENGTH`]).
pub(super) fn walled_in_a_column(
    template: &Template,
    edges: &Gradients,
    (x, bottom): (i64, i64),
    (shape, strength): (f32, f32),
) -> bool {
    shape >= WALLED_SILHOUETTE_MATCH
        && strength >= MIN_FAINT_STRENGTH
        && template.both_wall_rows(edges, x, bottom, MIN_FAINT_EDGE) >= FAINT_WALL_ROWS
}

/// Fewest of a column's bands centred on a place matched for it to be a
/// vessel its liquid shows, where the column's own centre stands off the
/// place: a band of the board joined to the column, wider than its
/// liquid, puts the column's centre off its vessel (tuning 1922: a strip
/// of lined paper 46 pixels wide joined to a column of balls 10 wide, the
/// row's one vessel of balls dropped as a lone shape). Two, so that no
/// one region centred there by chance counts; not fitted.
const BANDS_ON_PLACE: usize = 2;

/// How the place matched at `cx` was seen: by its liquid where a column of
/// the row's (`group`, `axes` their vessels' axes) stands on it, its axis
/// or [`BANDS_ON_PLACE`] of its bands centred within a quarter of a
/// vessel's width (`half`: half that width); by its shape alone otherwise.
pub(super) fn seen_at(group: &[&Column], axes: &[f32], cx: f32, half: f32) -> Seen {
    let on = |x: f32| (x - cx).abs() <= half * 0.5;
    let banded = |c: &&Column| c.bands.iter().filter(|b| on(b.center_x())).count() >= BANDS_ON_PLACE;
    if axes.iter().any(|&x| on(x)) || group.iter().any(banded) { Seen::Column } else { Seen::Silhouette }
}

/// Least edge strength, as a share of the template's, of a place a pitch
/// beyond a row's end that matches the template's shape as well as a
/// vessel must, for it to be taken for an empty vessel drawn faintly.
pub(super) const MIN_FAINT_STRENGTH: f32 = 0.15;

/// Least edge strength, as a share of the template's, of each faint
/// vessel that centres a row like the level's other rows
/// ([`FaintSearch::centring`]): half of [`MIN_FAINT_STRENGTH`], since the
/// row's centring is evidence of its own beside the shape and the wall
/// (tuning 877: the second of two empty tubes on pale paper at 0.126, its
/// shape 0.39; tuning 533's pale glass at 0.146).
/// A flat board's noise stays far under it (0.011, see
/// `empty_row::DOUBTED_ROW_STRENGTH`, the same half).
const CENTRING_STRENGTH: f32 = MIN_FAINT_STRENGTH * 0.5;

/// How much better a faint place a pitch beyond a row's end must match the
/// template's shape than the board half a pitch further out (or as far out
/// as the picture allows, at least a half-width) for the place to be taken
/// for an empty vessel drawn faintly, when it matches under
/// [`MIN_SILHOUETTE_MATCH`]: a vessel's shape stands out of the board, a
/// texture's echo of it does not. The empty flasks on paper of tuning seed
/// 469 score 0.42-0.43 against the paper's 0.03-0.17 ([`FAINT_SILHOUETTE_MATCH`]);
/// a quarter is about that margin, not fitted.
pub(super) const FAINT_PEAK: f32 = 0.25;

/// How far from the regular spacing a vessel may stand, as a share of the
/// pitch, before the row's layout is doubtful.
pub(super) const GRID_TOLERANCE: f32 = 0.18;

/// Whether a column stands where a vessel could, beside `vessels`: not in
/// one of them (within `half`, the interior's half-width, of its centre),
/// and not within a box's width of one its own liquid shows,
/// since two vessels' boxes (interior and outline) do not overlap: a
/// textured board seen between two vessels is no vessel's liquid, nor are
/// the lines of lined paper half a pitch between two close vessels
/// (tuning case 464, flasks whose centres stand 2.03 half-widths apart
/// from the lines between them).
pub(super) fn room_for(c: &Column, vessels: &[Vessel], half: f32) -> bool {
    let d = |v: &Vessel| (c.center_x() - v.outer.center_x()).abs();
    vessels.iter().all(|v| d(v) > half && (v.seen == Seen::Silhouette || d(v) >= v.outer.width() as f32))
}

/// The centres of the places along a row resting on `bottom` that match
/// the template: local best scores over the threshold, at least a vessel's
/// width apart.
pub(super) fn matches(template: &Template, edges: &Gradients, bottom: i64, half: f32) -> Vec<f32> {
    let lo = (half * 0.8).round() as i64;
    let hi = edges.width as i64 - lo;
    let scores: Vec<(i64, f32)> = (lo..hi).map(|x| (x, template.score(edges, x, bottom))).collect();
    let apart = (half * 1.6).round() as i64;
    let mut centres = Vec::new();
    for &(x, s) in &scores {
        if s < MIN_SILHOUETTE_MATCH {
            continue;
        }
        let best_nearby =
            scores.iter().filter(|(o, _)| (o - x).abs() <= apart).all(|&(o, t)| t < s || (t == s && o >= x));
        if best_nearby {
            centres.push(x as f32);
        }
    }
    centres
}

/// How many of a row's vessels stand off its regular spacing: the pitch is
/// the median gap between neighbours (divided by the places it spans).
pub(super) fn off_grid(centres: &[f32], half: f32) -> usize {
    if centres.len() < 3 {
        return 0;
    }
    let gaps: Vec<f32> = centres.windows(2).map(|w| w[1] - w[0]).filter(|&g| g >= half).collect();
    let smallest = gaps.iter().copied().fold(f32::MAX, f32::min);
    let pitch = median(gaps.iter().map(|&g| g / (g / smallest).round().max(1.0)).collect());
    let anchor = centres[0];
    centres.iter().filter(|&&c| !whole_pitches(c - anchor, pitch)).count()
}

/// Whether a distance `d` along a row is a whole number of pitches, within
/// [`GRID_TOLERANCE`] of a pitch.
fn whole_pitches(d: f32, pitch: f32) -> bool {
    let k = d / pitch;
    (k - k.round()).abs() <= GRID_TOLERANCE
}

/// Whether `x` stands where a row's spacing (its vessels' centres, `pitch`
/// apart) puts a vessel, within [`GRID_TOLERANCE`] of a pitch.
pub(super) fn on_spacing(x: f32, vessels: &[Vessel], pitch: f32) -> bool {
    vessels.iter().any(|v| whole_pitches(x - v.outer.center_x(), pitch))
}

/// What a place a row's spacing points to shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Probe {
    /// A faint vessel, centred here.
    Vessel(i64),
    /// Only an echo of a vessel's shape, too faint to take.
    Echo,
    /// Nothing like a vessel, or no room for one in the picture.
    Nothing,
}

/// The search for a faint vessel where a row's spacing puts one: an empty
/// vessel drawn in white on a pale board matches the template's shape but
/// not its strength.
pub(super) struct FaintSearch<'a> {
    pub template: &'a Template,
    pub edges: &'a Gradients,
    pub half: f32,
    /// Where the vessels found by their liquid stand: row bottom, centre.
    pub columns: &'a [(u32, f32)],
}

impl FaintSearch<'_> {
    /// The place within a quarter of a vessel's width of `cx`, on the row
    /// resting on `bottom`, that best matches the template's shape, with
    /// its shape (as [`FaintSearch::matched`]) and strength
    /// ([`Template::shape`]).
    fn best_shape(&self, cx: i64, bottom: i64) -> Option<(i64, (f32, f32))> {
        let (x, (shape, strength)) = self.shapes_near(cx, bottom).max_by(|p, q| p.1.0.total_cmp(&q.1.0))?;
        Some((x, (self.matched(x, bottom, shape), strength)))
    }

    /// A place's `shape`, or, where that matches better, its shape with
    /// the board's strongest edges clipped ([`Template::clipped_shape`]):
    /// a hill's ridge under a faint empty tube outweighs its outline.
    fn matched(&self, x: i64, bottom: i64, shape: f32) -> f32 {
        shape.max(self.template.clipped_shape(self.edges, x, bottom))
    }

    /// Each place within a quarter of a vessel's width of `cx`, on the row
    /// resting on `bottom`, with its shape and strength.
    fn shapes_near(&self, cx: i64, bottom: i64) -> impl Iterator<Item = (i64, (f32, f32))> + '_ {
        let near = (self.half * 0.5).round() as i64;
        (cx - near..=cx + near).map(move |x| (x, self.template.shape(self.edges, x, bottom)))
    }

    /// What stands within a quarter of a vessel's width of `cx` on the row
    /// resting on `bottom`, the board lying `away` pixels beyond it (half a
    /// pitch, signed). A vessel: its shape matched as well as a vessel's
    /// must be, or as a faint vessel's where it stands out of that board,
    /// with edges of its own; or, where another row has a vessel found by
    /// its liquid (a column of the level's), its shape alone.
    pub fn probe(&self, cx: i64, bottom: u32, away: f32) -> Probe {
        let (t, edges, half, b) = (self.template, self.edges, self.half, bottom as i64);
        let near = (half * 0.5).round() as i64;
        if cx - t.reach < 0 || cx + t.reach >= edges.width as i64 {
            return Probe::Nothing;
        }
        let Some((x, (shape, strength))) = self.best_shape(cx, b) else {
            return Probe::Nothing;
        };
        // The board beyond, where no vessel stands: a vessel's shape
        // stands out of it, a texture's echo of the shape does not
        // ([`FAINT_PEAK`]).
        let room = (t.reach, edges.width as i64 - 1 - t.reach);
        let outside = (x + away.round() as i64).clamp(room.0, room.1.max(room.0));
        let stands_out = (outside - x).abs() as f32 >= half
            && shape - self.matched(outside, b, t.shape(edges, outside, b).0) >= FAINT_PEAK;
        let in_a_column = self.columns.iter().any(|&(other, c)| other != bottom && (c - x as f32).abs() <= near as f32);
        let walled = || walled_in_a_column(t, edges, (x, b), (shape, strength));
        if ((shape >= MIN_SILHOUETTE_MATCH || (shape >= FAINT_SILHOUETTE_MATCH && stands_out))
            && strength >= MIN_FAINT_STRENGTH)
            || (in_a_column && (shape >= FAINT_SILHOUETTE_MATCH || stands_out || walled()))
        {
            Probe::Vessel(x)
        } else if shape >= FAINT_SILHOUETTE_MATCH {
            Probe::Echo
        } else {
            Probe::Nothing
        }
    }

    /// What stands at `cx` in a gap of whole pitches between two of the
    /// row's vessels: as [`FaintSearch::probe`] finds it, and a vessel only
    /// where a wall of it shows down its body ([`FAINT_WALL_ROWS`] of the
    /// rows at [`MIN_FAINT_EDGE`]). A vessel made up at a row's end leaves
    /// the row off-centre, which the row checks refuse; one made up in a
    /// gap evens the row and silences the gap's doubt, so it must show
    /// more than a shape: what is left where a vessel was cut out of the
    /// picture (its round bottom, the cut's faint rectangle) matches the
    /// shape as well as a faint vessel does, but has no wall.
    pub fn probe_between(&self, cx: i64, bottom: u32, away: f32) -> Probe {
        match self.probe(cx, bottom, away) {
            Probe::Vessel(x)
                if self.template.wall_rows(self.edges, x, bottom as i64, MIN_FAINT_EDGE) < FAINT_WALL_ROWS =>
            {
                Probe::Echo
            }
            found => found,
        }
    }

    /// The places a row of `vessels` (left to right), resting on
    /// `bottom`, needs beyond one end, `pitch` apart, to stand centred on
    /// `mid` (where the level's other rows are centred, or the screen's
    /// middle for a level of one row), when each shows a vessel's shape
    /// with edges of its own ([`CENTRING_STRENGTH`]: the centring is
    /// evidence too) and a wall down its body (as
    /// [`FaintSearch::probe_between`] asks), or, matching its shape only
    /// as a place in a column of the level's must, both walls down its
    /// body with a faint vessel's strength: a run of empty vessels drawn
    /// faintly, the nearest of which only echoed the shape because the
    /// board half a pitch beyond it is the gap before the next (tuning
    /// case 1862: three empty tubes on white paper, the first matching
    /// 0.38 and the gap beyond it 0.55). `None` when the row is centred,
    /// or off by no whole number of pitches, or a place fails.
    pub fn centring(&self, vessels: &[Vessel], bottom: u32, pitch: f32, mid: f32) -> Option<Vec<i64>> {
        let (first, last) = (vessels.first()?.outer.center_x(), vessels.last()?.outer.center_x());
        let steps = 2.0 * (mid - (first + last) / 2.0) / pitch;
        let n = steps.round();
        if n == 0.0 || (steps - n).abs() > GRID_TOLERANCE {
            return None;
        }
        let (from, step) = if n > 0.0 { (last, pitch) } else { (first, -pitch) };
        let (t, b) = (self.template, bottom as i64);
        (1..=n.abs() as i64)
            .map(|k| {
                let cx = (from + k as f32 * step).round() as i64;
                if cx - t.reach < 0 || cx + t.reach >= self.edges.width as i64 {
                    return None;
                }
                let (x, (shape, strength)) = self.best_shape(cx, b)?;
                let walls = t.wall_rows(self.edges, x, b, MIN_FAINT_EDGE);
                let faint =
                    shape >= FAINT_SILHOUETTE_MATCH && strength >= CENTRING_STRENGTH && walls >= FAINT_WALL_ROWS;
                if faint {
                    return Some(x);
                }
                // Or, the best place near that shows both walls down its
                // body and the shape and strength a place in a column of
                // the level's needs ([`WALLED_SILHOUETTE_MATCH`]): lined
                // paper seen through an empty tube blurs its shape and
                // moves its best match off its walls by a pixel or two
                // (test 1001800: white-outlined ball tubes on ruled paper,
                // the empty one at 0.34 with both walls down every row).
                self.shapes_near(cx, b)
                    .filter(|&(x, shape)| walled_in_a_column(t, self.edges, (x, b), shape))
                    .max_by(|p, q| p.1.0.total_cmp(&q.1.0))
                    .map(|(x, _)| x)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
