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

#[cfg(test)]
mod tests {
    use super::*;

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
