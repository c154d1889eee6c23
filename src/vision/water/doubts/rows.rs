//! The row checks: a game lays its tubes out in rows of nearly one count,
//! evenly spaced and centred on the screen, so a gap of two pitches, two
//! tubes much closer than the rest, or a row off the screen's centre, says
//! a tube was missed or a gap between two tubes was taken for one, and a
//! row of far fewer tubes than the others, that a lone shape was taken for
//! a vessel.

use super::Doubt;
use crate::geometry::{Rect, SlotSample, TubeLayout};

/// A gap between neighbouring tubes of one row this many times the usual
/// pitch (over every row) has room for a tube; 2 pitches is a tube missed, and a row
/// laid out with uneven spacing is still well under it (the rows of
/// ../shared are even to a few pixels; the value sits between 1 and 2).
const MISSING_TUBE_PITCHES: f32 = 1.6;

/// How far a row's centre may sit from the others' and the screen's, in
/// tube widths: a tube lost at one end moves it by half a pitch (over half
/// a width); ../shared's rows are within 0.06 of a width.
pub(crate) const OFF_CENTRE_WIDTHS: f32 = 0.25;

pub(super) fn gap_in_row(tubes: &[TubeLayout]) -> Option<Doubt> {
    for row in rows(tubes) {
        let centres: Vec<f32> = tubes[row.clone()].iter().map(|t| t.outer.center_x()).collect();
        let gaps: Vec<f32> = centres.windows(2).map(|w| w[1] - w[0]).collect();
        let Some(usual) = usual_pitch(tubes) else { continue };
        let widest = gaps.iter().cloned().fold(0.0, f32::max);
        let at = gaps.iter().position(|&g| g == widest).unwrap_or(0);
        if widest > MISSING_TUBE_PITCHES * usual {
            return Some(Doubt::GapInRow { left: row.start + at + 1, right: row.start + at + 2 });
        }
    }
    None
}

/// A game spaces the tubes of its rows alike, with board between them, so
/// two neighbours much closer than the usual pitch, or touching, are one
/// tube found twice, or a gap between two tubes (whose walls are a
/// vessel's silhouette) taken for a vessel.
pub(super) fn crowded(tubes: &[TubeLayout]) -> Option<Doubt> {
    // The upper median: phantoms halve the gaps they stand in.
    let gaps = pitches(tubes);
    let usual = *gaps.get(gaps.len() / 2).filter(|_| gaps.len() >= 2)?;
    rows(tubes).into_iter().find_map(|row| {
        // Two vessels touching side by side are one vessel and the board
        // between two more (whose walls look like a vessel's).
        let at = tubes[row.clone()].windows(2).position(|w| {
            w[1].outer.center_x() - w[0].outer.center_x() < CROWDED_PITCHES * usual || w[0].outer.x1 >= w[1].outer.x0
        })?;
        Some(Doubt::Crowded { left: row.start + at + 1, right: row.start + at + 2 })
    })
}

/// Nearest two neighbouring tubes stand, in usual pitches (here the upper
/// median of all neighbours' distances). A gap taken for a vessel stands
/// at half; no screen of ../shared is refused by it. Not fitted: between
/// the half and a whole pitch.
const CROWDED_PITCHES: f32 = 0.75;

/// The usual distance between neighbouring tube centres, over every row
/// (rows of one level share their pitch, so a short last row is measured
/// by the others): the lower median of all gaps, when there are at least
/// two.
fn usual_pitch(tubes: &[TubeLayout]) -> Option<f32> {
    let gaps = pitches(tubes);
    (gaps.len() >= 2).then(|| gaps[(gaps.len() - 1) / 2])
}

/// The distances between neighbouring tube centres of every row, sorted.
fn pitches(tubes: &[TubeLayout]) -> Vec<f32> {
    let mut gaps: Vec<f32> = rows(tubes)
        .into_iter()
        .flat_map(|row| {
            let centres: Vec<f32> = tubes[row].iter().map(|t| t.outer.center_x()).collect();
            centres.windows(2).map(|w| w[1] - w[0]).collect::<Vec<f32>>()
        })
        .collect();
    gaps.sort_by(f32::total_cmp);
    gaps
}

/// The rows of `tubes` (reading order) as index ranges: tubes that overlap
/// the row's first tube in height.
pub(in crate::vision::water) fn rows(tubes: &[TubeLayout]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < tubes.len() {
        let mut end = start + 1;
        while end < tubes.len() && overlaps_vertically(&tubes[end].outer, &tubes[start].outer) {
            end += 1;
        }
        out.push(start..end);
        start = end;
    }
    out
}

/// Least share of its row's median width a tube found by its walls may
/// have: a game draws the vessels of a row alike, and the walls finder
/// boxes them to a pixel or two; a box that ends at a glass highlight
/// inside the vessel instead of its wall is a quarter narrower or more
/// (fresh 64105: 38 px among boxes of 49-56, its hidden balls sampled half
/// on the glass and read as an empty tube). Not fitted.
const NARROWEST_SHARE: f32 = 0.8;

/// With hidden layers in the reading (which leave the counts open), the
/// first tube of a reading by the walls read wholly empty whose box is
/// under [`NARROWEST_SHARE`] of its row's median width, in a row of three
/// tubes or more (fewer give no usual width); a tube whose box touches
/// the screen's edge, which may cut it, is left out. A narrow box over
/// liquid still samples it (a highlight is often taken for a wall, and
/// the reading comes out right: tuning 2155, 3828, 9622, refused when
/// every narrow box was doubted); read empty, what it holds may have been
/// sampled on the glass beside it.
pub fn narrow_tube(tubes: &[TubeLayout], samples: &[Vec<SlotSample>], image_width: u32) -> Option<Doubt> {
    if !samples.iter().flatten().any(|s| *s == SlotSample::Hidden) {
        return None;
    }
    let empty = |t: usize| samples.get(t).is_some_and(|s| s.iter().all(|s| *s == SlotSample::Empty));
    rows(tubes).into_iter().filter(|row| row.len() >= 3).find_map(|row| {
        let mut widths: Vec<u32> = tubes[row.clone()].iter().map(|t| t.outer.width()).collect();
        widths.sort_unstable();
        let usual = widths[widths.len() / 2];
        row.clone().find_map(|t| {
            let outer = tubes[t].outer;
            let at_edge = outer.x0 == 0 || outer.x1 >= image_width;
            let narrow = (outer.width() as f32) < NARROWEST_SHARE * usual as f32;
            (narrow && !at_edge && empty(t)).then_some(Doubt::NarrowTube { tube: t + 1, width: outer.width(), usual })
        })
    })
}

/// Games lay each row of tubes out centred on the screen, so every row
/// has one centre, the screen's. A row off it by a share of a tube's width
/// has lost a tube at one end (a tube touching the screen's edge, or an
/// empty one drawn faintly). Measured on the rows of ../shared: rows agree
/// within 2 px, and sit within 8 px (6% of a tube) of the screen's centre.
pub(super) fn rows_off_centre(tubes: &[TubeLayout], image_width: u32) -> Option<Doubt> {
    let rows = rows(tubes);
    let mid = |r: &std::ops::Range<usize>| (tubes[r.start].outer.x0 + tubes[r.end - 1].outer.x1) as f32 / 2.0;
    let width = |r: &std::ops::Range<usize>| tubes[r.start].outer.width() as f32;
    let screen = image_width as f32 / 2.0;
    // Against the other rows first: that needs no full screen.
    let first_mid = rows.first().map(mid)?;
    for r in &rows {
        let (off_rows, off_screen) = ((mid(r) - first_mid).abs(), (mid(r) - screen).abs());
        let limit = OFF_CENTRE_WIDTHS * width(r);
        let against = if off_rows > limit {
            "like the other rows"
        } else if off_screen > limit {
            "on the screen"
        } else {
            continue;
        };
        let off = if off_rows > limit { off_rows } else { off_screen };
        return Some(Doubt::RowOffCentre { first: r.start + 1, last: r.end, against, off });
    }
    None
}

/// Least share of the fullest row's tubes that every other row of a level
/// holds: games lay a level out in rows of nearly one count (the generated
/// layouts' rows differ by at most two, of four or more; the real screens'
/// by at most one), so a row of under half is a lone shape taken for a
/// vessel (tuning 3347: a cloud shaped like a bulb, read as a row of one
/// empty vessel above rows of eight and seven, a confident wrong answer).
/// Not fitted: half sits well clear of both.
pub(in crate::vision::water) const LEAST_ROW_SHARE: f32 = 0.5;

/// The first row holding under [`LEAST_ROW_SHARE`] of the fullest row's
/// tubes.
pub(super) fn thin_row(tubes: &[TubeLayout]) -> Option<Doubt> {
    let rows = rows(tubes);
    let most = rows.iter().map(|r| r.len()).max()?;
    let thin = rows.into_iter().find(|r| (r.len() as f32) < LEAST_ROW_SHARE * most as f32)?;
    Some(Doubt::ThinRow { first: thin.start + 1, last: thin.end, count: thin.len(), most })
}

fn overlaps_vertically(a: &Rect, b: &Rect) -> bool {
    a.y0 < b.y1 && b.y0 < a.y1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tubes 40 wide, 80 apart, in rows of the counts given, 300 apart.
    fn laid_out(counts: &[usize]) -> Vec<TubeLayout> {
        let mut tubes = Vec::new();
        for (row, &n) in counts.iter().enumerate() {
            let y0 = 100 + 300 * row as u32;
            for i in 0..n as u32 {
                let x0 = 400 - 40 * n as u32 + 80 * i;
                tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0, y1: y0 + 200 }, slots: Vec::new() });
            }
        }
        tubes
    }

    #[test]
    fn a_row_of_far_fewer_tubes_than_the_others_is_doubted() {
        // Tuning 3347's shape: one vessel above rows of eight and seven.
        assert_eq!(thin_row(&laid_out(&[1, 8, 7])), Some(Doubt::ThinRow { first: 1, last: 1, count: 1, most: 8 }));
        assert_eq!(thin_row(&laid_out(&[6, 2])), Some(Doubt::ThinRow { first: 7, last: 8, count: 2, most: 6 }));
        // Rows a game lays out: nearly one count, or a single row.
        for counts in [&[6, 5][..], &[4, 4, 2], &[7], &[2, 1]] {
            assert_eq!(thin_row(&laid_out(counts)), None, "{counts:?}");
        }
    }

    #[test]
    fn a_tube_read_empty_boxed_a_quarter_narrower_than_its_row_is_doubted_where_layers_are_hidden() {
        // Rows of five and four tubes 40 px wide, on a screen 800 wide.
        // Every tube holds hidden layers but the fourth, read empty.
        let mut tubes = laid_out(&[5, 4]);
        let width = 800;
        let mut samples = vec![vec![SlotSample::Hidden]; 9];
        samples[3] = vec![SlotSample::Empty];
        assert_eq!(narrow_tube(&tubes, &samples, width), None);
        // The fourth boxed from a highlight 12 px inside its left wall.
        tubes[3].outer.x0 += 12;
        assert_eq!(narrow_tube(&tubes, &samples, width), Some(Doubt::NarrowTube { tube: 4, width: 28, usual: 40 }));
        // Holding liquid, or in a level with no hidden layer (the counts
        // check it), it is not doubted.
        let mut holding = samples.clone();
        holding[3] = vec![SlotSample::Color([200, 30, 30])];
        assert_eq!(narrow_tube(&tubes, &holding, width), None);
        let shown: Vec<_> = samples.iter().map(|t| t.iter().map(|_| SlotSample::Empty).collect()).collect();
        assert_eq!(narrow_tube(&tubes, &shown, width), None);
        // A box 4 px narrower is one drawn alike.
        tubes[3].outer.x0 -= 8;
        assert_eq!(narrow_tube(&tubes, &samples, width), None);
        // Cut by the screen's edge, a tube's box may be narrower.
        (tubes[3].outer.x0, tubes[3].outer.x1) = (width - 28, width);
        assert_eq!(narrow_tube(&tubes, &samples, width), None);
    }
}
