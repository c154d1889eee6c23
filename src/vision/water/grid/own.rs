//! One tube's own place on the shared layer grid: where its liquid's
//! bottom was found a fraction of a layer off (a rounded bottom's shading,
//! a highlight or the outline taken into its last run), the boundaries
//! between its layers still stand a whole number of units apart, and they
//! say where its slots lie.

use super::{SURFACE_GAP, SlotGeometry, is_long};
use crate::vision::water::headroom::holds_glyph;
use crate::vision::water::slots::Profile;
use crate::vision::water::surface::is_lit_surface;

/// Fewest boundaries between two liquids a tube must show for its own
/// place to be read from them: one may be a shading or a JPEG's edge,
/// two standing alike are the liquid's unit. A count, not fitted.
const MIN_OWN_BOUNDARIES: usize = 2;

/// Most a tube's boundaries may stand off one another, in layers, once
/// each is taken to its nearest grid line, for their common offset to be
/// its place: an anti-aliased edge and a curved vessel's meniscus move a
/// boundary by a few percent of a layer; boundaries that disagree by more
/// are not one grid moved. Under the grid's own tolerance
/// ([`super::LAYER_TOLERANCE`], 0.15); not fitted.
const OWN_SPREAD: f32 = 0.08;

/// Least offset, in layers, worth moving a tube's slots for: under it the
/// sample of each slot (its middle half) and the split check's parts (12%
/// in from each end, [`crate::vision::water::doubts`]) lie within the
/// layer anyway, and the tube is left where the shared grid put it.
const MIN_OWN_OFFSET: f32 = 0.08;

/// Least move, in rows, worth making: an anti-aliased edge, a JPEG's blur
/// and where the run splitter cuts put a boundary a row or two either
/// way, so at small layers a fraction of a layer is that noise (the
/// generated cases it lost moved 1.2-2.3 rows; those it read moved 7 to
/// 23). From that arithmetic, not fitted to a margin.
const MIN_OWN_ROWS: f32 = 3.0;

/// Most offset, in layers, a tube's boundaries may give: near half a layer
/// they fit a grid a whole layer off as well, and say nothing. A bound
/// between the two, not fitted.
const MAX_OWN_OFFSET: f32 = 0.4;

/// Rows to add to `profile`'s bottom (beyond the shared shift) so that
/// its slots on the grid `geometry` meet the boundaries between its own
/// layers: the common offset of those boundaries from their nearest grid
/// lines, where at least [`MIN_OWN_BOUNDARIES`] of them stand within
/// [`OWN_SPREAD`] of it and it lies between [`MIN_OWN_OFFSET`] and
/// [`MAX_OWN_OFFSET`] layers and is [`MIN_OWN_ROWS`] or more; 0 otherwise.
/// Only boundaries between two long runs of liquid count: a gap between
/// balls, the glass over the liquid, a lit surface band and a `?` glyph's
/// cell are not where two layers meet.
pub fn own_shift(profile: &Profile, geometry: &SlotGeometry) -> f32 {
    let p = profile;
    let (h, shift) = (geometry.layer_height, geometry.bottom_shift);
    if h <= 0.0 {
        return 0.0;
    }
    let mut off: Vec<f32> = p
        .runs
        .windows(2)
        .filter(|w| {
            let (above, run) = (&w[0], &w[1]);
            !above.empty
                && !run.empty
                && is_long(above, p)
                && is_long(run, p)
                && above.y1 + SURFACE_GAP >= run.y0
                && run.y0 > p.top + 2
                && !holds_glyph(&p.glyphs, above)
                && !holds_glyph(&p.glyphs, run)
                && !is_lit_surface(p, above, run)
        })
        .map(|w| {
            let layers = (p.bottom as f32 + shift - w[1].y0 as f32) / h;
            layers - layers.round()
        })
        .collect();
    if off.len() < MIN_OWN_BOUNDARIES {
        return 0.0;
    }
    off.sort_by(f32::total_cmp);
    let median = off[off.len() / 2];
    let alike = off.iter().all(|o| (o - median).abs() <= OWN_SPREAD);
    let rows = -median * h;
    let moved = (MIN_OWN_OFFSET..=MAX_OWN_OFFSET).contains(&median.abs()) && rows.abs() >= MIN_OWN_ROWS;
    if alike && moved { rows } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::water::slots::{Run, Top};

    /// A tube 40 wide whose liquid ends at row 400, holding runs
    /// `(y0, y1)` of liquid, each its own colour, top first.
    fn tube(runs: &[(u32, u32)]) -> Profile {
        let colors = [[200, 30, 30], [30, 200, 30], [30, 30, 200], [200, 200, 30], [30, 200, 200]];
        Profile {
            runs: runs
                .iter()
                .zip(colors.iter().cycle())
                .map(|(&(y0, y1), &color)| Run { y0, y1, color, empty: false })
                .collect(),
            glyphs: Vec::new(),
            glyph_rows: Vec::new(),
            top: 200,
            shortest_layer: 12,
            bottom: 400,
            top_is: Top::BelowRim,
            columns: (8, 32),
        }
    }

    const GRID: SlotGeometry =
        SlotGeometry { layer_height: 40.0, capacity: 5, bottom_shift: 0.0, height_in_layers: 5.0 };

    #[test]
    fn a_tube_whose_layers_meet_a_quarter_of_a_layer_above_the_grid_has_its_slots_moved_up_to_them() {
        // Layers of 40 rows whose boundaries stand at 350, 310, 270: ten
        // rows (a quarter of a layer) over the grid's 360, 320, 280. Its
        // bottom was found ten rows too low (its liquid ends at 390).
        let off = tube(&[(270, 310), (310, 350), (350, 390)]);
        assert_eq!(own_shift(&off, &GRID), -10.0);
        // On the grid, or a few rows off it: left where it is.
        assert_eq!(own_shift(&tube(&[(280, 320), (320, 360), (360, 400)]), &GRID), 0.0);
        assert_eq!(own_shift(&tube(&[(278, 318), (318, 358), (358, 400)]), &GRID), 0.0);
    }

    #[test]
    fn one_boundary_or_boundaries_that_disagree_do_not_move_a_tube() {
        // One boundary a quarter off: a shading or an edge, not the unit.
        assert_eq!(own_shift(&tube(&[(310, 350), (350, 390)]), &GRID), 0.0);
        // Two boundaries, one on the grid and one a quarter off.
        assert_eq!(own_shift(&tube(&[(280, 310), (310, 360), (360, 400)]), &GRID), 0.0);
        // Near half a layer off: a grid a layer off fits them as well.
        assert_eq!(own_shift(&tube(&[(262, 302), (302, 342), (342, 400)]), &GRID), 0.0);
        // Runs apart (balls, a gap of glass between them) meet nowhere.
        assert_eq!(own_shift(&tube(&[(272, 306), (312, 346), (352, 390)]), &GRID), 0.0);
        // At layers of 8 rows a quarter of a layer is two rows: within a
        // boundary's own noise.
        let small = SlotGeometry { layer_height: 8.0, capacity: 5, bottom_shift: 0.0, height_in_layers: 5.0 };
        assert_eq!(own_shift(&tube(&[(370, 378), (378, 386), (386, 398)]), &small), 0.0);
    }

    #[test]
    fn bottles_whose_liquid_bottom_was_found_a_third_of_a_layer_low_are_read_on_their_own_boundaries() {
        // Generated tuning case 1355: milk bottles of four 27.5-row layers
        // in three rows (a 540x1126 picture). In the last row the liquid's
        // bottom was found 9.5 rows under where the bottles' own layers
        // put it: their slots, on the grid shared with the rows above,
        // straddled two layers each, and the reading was refused as not on
        // the liquid's unit. Moved up to their own boundaries, it is read
        // exactly.
        use crate::puzzle::water::renamed_in_order;
        use crate::vision::water::{ReadOptions, read};
        let case = crate::synthetic::water::generate::case(1355);
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }
}
