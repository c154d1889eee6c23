//! The rhythm of the glyphs stacked down a tube: hidden layers stack, one
//! glyph each, so their glyphs stand evenly apart, one in the middle of
//! each cell of the dark run they stand in.

/// How far from where the rhythm of the glyphs above puts it, in their
/// spacings, a glyph sought on a narrow bottom may stand: the walls coming
/// in cut a row or two off its strokes there, and its bar and dot may
/// then stand apart as two pieces (tuning 1723: a bar of 4 rows for 5,
/// centred 3 rows of 17 over its place). A quarter, half way to the gap
/// between two cells, half a spacing off, where the glass between two
/// balls shows; not fitted.
pub(super) const GLYPH_RHYTHM_SLACK: f32 = 0.25;

/// A glyph's centre row, as [`super::glyph_centres`] gives it.
pub(super) fn centre(g: &(u32, u32)) -> f32 {
    ((g.0 + g.1) / 2) as f32
}

/// The median spacing of `glyphs` (first and last rows, top down), where at
/// least three stand evenly apart: every spacing within `spread` of it.
pub(super) fn even_spacing(glyphs: &[(u32, u32)], spread: f32) -> Option<f32> {
    let gaps: Vec<f32> = glyphs.windows(2).map(|w| centre(&w[1]) - centre(&w[0])).collect();
    let mid = super::super::super::median(gaps.clone());
    (glyphs.len() >= 3 && gaps.iter().all(|&g| (g - mid).abs() <= mid * spread)).then_some(mid)
}

/// Whether `glyphs` (first and last rows, top down, standing evenly
/// `spacing` apart) stand one in each cell of the dark run that holds
/// them: the rows `dark` from above the first to under the last (inside
/// `rows`), unbroken but for the glyphs' own rows, span as many spacings
/// as there are glyphs, within [`GLYPH_RHYTHM_SLACK`] of one, and each
/// glyph stands in the middle of its cell, within that slack too. Hidden
/// layers are cells of one height stacked on each other, each glyph
/// drawn in the middle of its cell; a streak's pieces, noise or the glass
/// between dark balls (which breaks the run) stand so by no rule.
pub(super) fn one_per_cell(glyphs: &[(u32, u32)], spacing: f32, rows: (u32, u32), dark: impl Fn(u32) -> bool) -> bool {
    let (Some(first), Some(last)) = (glyphs.first(), glyphs.last()) else { return false };
    let in_glyph = |y: u32| glyphs.iter().any(|g| (g.0..=g.1).contains(&y));
    if !(first.0..=last.1).all(|y| dark(y) || in_glyph(y)) {
        return false;
    }
    let mut top = first.0;
    while top > rows.0 && dark(top - 1) {
        top -= 1;
    }
    let mut bottom = last.1;
    while bottom + 1 < rows.1 && dark(bottom + 1) {
        bottom += 1;
    }
    let (slack, cells) = (spacing * GLYPH_RHYTHM_SLACK, glyphs.len() as f32);
    let middle = |k: usize| top as f32 + (k as f32 + 0.5) * spacing;
    ((bottom + 1 - top) as f32 - cells * spacing).abs() <= slack
        && glyphs.iter().enumerate().all(|(k, g)| (centre(g) - middle(k)).abs() <= slack)
}

/// `found` (first and last rows, top down) gone on between, up and down
/// the tube `rows` where their rhythm says, where they keep their spacing
/// (or stand whole spacings apart, [`spacing_over_gaps`]) within
/// [`GLYPH_RHYTHM_SLACK`] (their centres, bar and dot or bar alone, jitter
/// a row or two more than the spacing's spread allows): each next glyph
/// is the strokes (`stroke_row`) in its cell, half a spacing either side
/// of its place, standing within that slack of it. Only there: the glass
/// between two dark balls is bright between their dark curves too, half a
/// spacing off.
///
/// Down: a narrow bottom brings the walls or a highlight streak into the
/// strip, so that its median is no cell's (tuning 1721, a wine glass's
/// bottom glyph on a third cell, two fifths glyph and the rest a grey
/// streak). Up: a glyph drawn over fewer rows than the others (a bar
/// falling between two rows, fresh 88154: the top two of six bars one row
/// tall where the rest are two or three) is missed where a glyph must
/// span several rows; the hidden cells go on over the glyphs found.
///
/// The cell goes on under each glyph (`dark`), past the anti-aliased row
/// under its strokes: a bright curve ending the strip (a bulb's round
/// bottom under its last hidden cell, fresh 89525) has no cell under it.
///
/// A game draws its glyphs alike. None is taller than the tallest found
/// (within [`GLYPH_EDGE_ROWS`]; tuning 1127: a dark ball's highlight over
/// a ball sort's `!` glyphs, half as tall again, taken for one more). A
/// glyph sought down keeps over half the height of the shortest found
/// before it: one the walls cut a row or two off keeps most of its
/// height, a curve's sliver does not (test 1000878: 2-4 rows under balls'
/// glyphs of 9-10); the glyphs found between and up count in that
/// shortest, as a bar drawn over fewer rows there is drawn so at the
/// bottom too (tuning 3307: six bars, the bottom one a row tall).
pub(super) fn continued(
    found: &mut Vec<(u32, u32)>,
    (y0, y1): (u32, u32),
    stroke_row: impl Fn(u32) -> bool,
    dark: impl Fn(u32) -> bool,
) {
    let Some(mid) = even_spacing(found, GLYPH_RHYTHM_SLACK).or_else(|| spacing_over_gaps(found)) else { return };
    let height = |g: &(u32, u32)| g.1 - g.0 + 1;
    let tallest = found.iter().map(height).max().unwrap_or(0);
    // The glyph in the rows `cell` when it stands within the slack of
    // `place` with the cell going on under it, no taller than the tallest
    // found.
    let glyph_in = |cell: std::ops::Range<u32>, place: f32| {
        let strokes = super::pieces(cell.filter(|&y| stroke_row(y)));
        let glyph = strokes.first().zip(strokes.last()).map(|(first, last)| (first.0, last.1));
        glyph.filter(|g| {
            let placed = (centre(g) - place).abs() <= mid * GLYPH_RHYTHM_SLACK;
            placed && dark(g.1 + 2) && height(g) <= tallest + GLYPH_EDGE_ROWS
        })
    };
    let mut k = 1;
    while k < found.len() {
        let (above, below) = (found[k - 1], found[k]);
        let place = centre(&above) + mid;
        let cell = ((place - mid / 2.0) as u32).max(above.1 + 1)..((place + mid / 2.0) as u32).min(below.0);
        if centre(&below) - place > mid * GLYPH_RHYTHM_SLACK
            && let Some(g) = glyph_in(cell, place)
        {
            found.insert(k, g);
        }
        k += 1;
    }
    while let Some(&first) = found.first() {
        let place = centre(&first) - mid;
        if place - mid / 2.0 < y0 as f32 {
            break;
        }
        match glyph_in((place - mid / 2.0) as u32..((place + mid / 2.0) as u32).min(first.0), place) {
            Some(g) => found.insert(0, g),
            None => break,
        }
    }
    let mut shortest = found.iter().map(height).min().unwrap_or(0);
    while let Some(&last) = found.last() {
        let place = centre(&last) + mid;
        let cell = ((place - mid / 2.0) as u32).max(last.1 + 1)..((place + mid / 2.0) as u32).min(y1);
        match glyph_in(cell, place).filter(|g| height(g) * 2 > shortest) {
            Some(g) => {
                shortest = shortest.min(height(&g));
                found.push(g);
            }
            None => break,
        }
    }
}

/// Rows a glyph found where the rhythm puts one may stand taller than the
/// tallest found before: a row of anti-aliasing at either end. Not fitted.
const GLYPH_EDGE_ROWS: u32 = 2;

/// The widest gap between two glyphs taken for one spacing, in the
/// narrowest gaps: half way between one spacing and two. Not fitted.
const ONE_SPACING_OF_NARROWEST: f32 = 1.5;

/// The spacing of glyphs where some cells between them went unfound: the
/// median of the gaps of one spacing ([`ONE_SPACING_OF_NARROWEST`]), where
/// there are two or more of them and every gap is a whole number of that
/// spacing within [`GLYPH_RHYTHM_SLACK`] (tuning 3307: six bars, the
/// middle two drawn a row tall and missed, the rest one, three and one
/// spacing apart).
fn spacing_over_gaps(glyphs: &[(u32, u32)]) -> Option<f32> {
    let gaps: Vec<f32> = glyphs.windows(2).map(|w| centre(&w[1]) - centre(&w[0])).collect();
    let narrowest = gaps.iter().copied().fold(f32::INFINITY, f32::min);
    let ones: Vec<f32> = gaps.iter().copied().filter(|&g| g < narrowest * ONE_SPACING_OF_NARROWEST).collect();
    let mid = super::super::super::median(ones.clone());
    let whole = |g: f32| (g - (g / mid).round() * mid).abs() <= mid * GLYPH_RHYTHM_SLACK;
    (ones.len() >= 2 && mid > 0.0 && gaps.iter().all(|&g| whole(g))).then_some(mid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of strokes: those in `rows`.
    fn strokes(rows: &[std::ops::RangeInclusive<u32>]) -> impl Fn(u32) -> bool + '_ {
        move |y| rows.iter().any(|r| r.contains(&y))
    }

    #[test]
    fn glyphs_go_on_up_where_their_rhythm_puts_them_though_drawn_a_row_tall() {
        // Fresh 88154: six bars 10 rows apart in hidden cells (rows 15..75
        // dark), the top two a row tall, missed where a glyph must span
        // two rows or more.
        let dark = |y: u32| (15..75).contains(&y);
        let mut found = vec![(39, 41), (49, 51), (59, 61), (69, 71)];
        let rows = [20..=20, 30..=30, 39..=41, 49..=51, 59..=61, 69..=71];
        continued(&mut found, (0, 80), strokes(&rows), dark);
        assert_eq!(found, vec![(20, 20), (30, 30), (39, 41), (49, 51), (59, 61), (69, 71)]);
        // A bright piece where the next glyph up would stand but taller
        // than any glyph found (a ball's highlight, tuning 1127), or off
        // the rhythm, is none.
        for rows in [[25..=35, 39..=41, 49..=51, 59..=61], [26..=26, 39..=41, 49..=51, 59..=61]] {
            let mut found = vec![(39, 41), (49, 51), (59, 61)];
            continued(&mut found, (0, 80), strokes(&rows), dark);
            assert_eq!(found, vec![(39, 41), (49, 51), (59, 61)], "{rows:?}");
        }
    }

    #[test]
    fn glyphs_go_on_down_while_over_half_as_tall_as_the_shortest_found() {
        // Tuning 3307: the top bar a row tall, so the bottom one, a row
        // tall too, counts; with only bars three rows tall found, a row
        // is a curve's sliver.
        let dark = |y: u32| (0..60).contains(&y);
        let mut found = vec![(10, 10), (19, 21), (29, 31), (39, 41)];
        continued(&mut found, (0, 60), strokes(&[10..=10, 19..=21, 29..=31, 39..=41, 50..=50]), dark);
        assert_eq!(found.last(), Some(&(50, 50)));
        let mut found = vec![(19, 21), (29, 31), (39, 41)];
        continued(&mut found, (0, 60), strokes(&[19..=21, 29..=31, 39..=41, 50..=50]), dark);
        assert_eq!(found.last(), Some(&(39, 41)));
    }

    #[test]
    fn glyphs_missed_between_others_are_sought_where_whole_spacings_put_them() {
        // Tuning 3307: the middle two of six bars a row tall, the rest
        // found one, three and one spacing apart.
        let dark = |y: u32| (0..60).contains(&y);
        let rows = [4..=6, 14..=16, 25..=25, 35..=35, 44..=46, 54..=56];
        let mut found = vec![(4, 6), (14, 16), (44, 46), (54, 56)];
        continued(&mut found, (0, 60), strokes(&rows), dark);
        assert_eq!(found, vec![(4, 6), (14, 16), (25, 25), (35, 35), (44, 46), (54, 56)]);
        // Gaps of no whole number of spacings tell no rhythm.
        let mut found = vec![(4, 6), (14, 16), (39, 41), (49, 51)];
        continued(&mut found, (0, 60), strokes(&[4..=6, 14..=16, 25..=25, 39..=41, 49..=51]), dark);
        assert_eq!(found, vec![(4, 6), (14, 16), (39, 41), (49, 51)]);
    }

    #[test]
    fn glyphs_count_where_they_stand_one_in_the_middle_of_each_cell_of_their_dark_run() {
        // Tuning 1620 enlarged: three faint dashes 20-21 rows apart in a
        // dark run of rows 1079..1144 (three cells of 21.7), under a
        // liquid's top layer and over the vessel's bottom.
        let glyphs = [(1084, 1092), (1105, 1112), (1125, 1132)];
        let dark = |from: u32, to: u32| move |y: u32| (from..to).contains(&y);
        assert!(one_per_cell(&glyphs, 20.5, (1057, 1144), dark(1079, 1144)));
        // A fourth cell's worth of dark run under them: one hidden cell
        // without its glyph found, so the three do not tell the cells.
        assert!(!one_per_cell(&glyphs, 20.5, (1057, 1165), dark(1079, 1165)));
        // The run broken between two glyphs (the glass between balls).
        let broken = |y: u32| (1079..1144).contains(&y) && !(1095..1100).contains(&y);
        assert!(!one_per_cell(&glyphs, 20.5, (1057, 1144), broken));
        // Glyphs off their cells' middles: a run starting a half cell higher.
        assert!(!one_per_cell(&glyphs, 20.5, (1057, 1144), dark(1069, 1134)));
    }
}
