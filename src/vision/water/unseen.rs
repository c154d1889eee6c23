//! Hidden cells whose glyph was not seen: a game draws every hidden layer's
//! cell in one shade and marks each with a glyph, but a small glyph, drawn
//! off the cell's middle or crossed by the glass's highlight streak, may
//! show too few strokes where the slot is sampled, and the cell is read as
//! one more liquid of the cells' shade. The counts then fail (a liquid of
//! more layers than a tube holds) or, with the hidden layers leaving them
//! open, the colour is doubted for looking like the hidden cells. The
//! cells whose glyph was seen give the shade; a slot of that shade standing
//! where hidden cells stand (under a tube's top layer, with nothing but
//! such cells under it) is one. Tried only when the reading failed so (or
//! for a liquid between two hidden cells), and believed only if the
//! reading then passes every check.

use palette::Lab;

use super::Detection;
use super::SAME_LIQUID_DELTA_E;
use super::level::SAME_COLOR_MAX_DELTA_E;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};

/// The most a slot may stray from the hidden cells' shade to be taken for
/// one, however far the cells whose glyph was seen stray from their
/// median: half of one colour's spread ([`SAME_COLOR_MAX_DELTA_E`]), so
/// that no slot within it is nearer another colour the checks tell apart
/// from the shade. (The least is [`SAME_LIQUID_DELTA_E`], a flat liquid's
/// own noise.)
const MOST_SHADE_SPREAD: f32 = SAME_COLOR_MAX_DELTA_E / 2.0;

/// The detection with every slot read as a liquid of the hidden cells'
/// shade taken for a hidden cell (within as far of the median of the cells
/// whose glyph was seen as the farthest of them, a small JPEG's noise, at
/// least [`SAME_LIQUID_DELTA_E`] and at most [`MOST_SHADE_SPREAD`]), where
/// it stands in a tube's bottom run of such slots and hidden cells, under
/// a liquid of another colour; `None` when no cell's glyph was seen, no
/// slot changes, or the shade stands on some open tube's top: a colour
/// shown on top is a liquid (games show every tube's top layer), so its
/// other slots are that liquid too.
pub(super) fn cells_taken_for_liquid(detection: &Detection) -> Option<Detection> {
    let cells = super::doubts::raw_of(detection, SlotSample::Hidden);
    if cells.is_empty() {
        return None;
    }
    let median = to_lab(median_color(&cells));
    let spread = cells.iter().map(|&c| delta_e(to_lab(c), median)).fold(SAME_LIQUID_DELTA_E, f32::max);
    let shade = Shade { lab: median, spread: spread.min(MOST_SHADE_SPREAD) };
    let open = |t: usize| detection.locks.get(t).is_none_or(Option::is_none);
    let tubes = detection.samples.iter().zip(&detection.raw).enumerate().filter(|&(t, _)| open(t));
    let mut again = detection.clone();
    let mut changed = false;
    for (t, (samples, raw)) in tubes {
        let Some(top) = samples.iter().rposition(|s| *s != SlotSample::Empty) else { continue };
        if of_shade(&samples[top], raw[top], shade) || samples[top] == SlotSample::Hidden {
            return None;
        }
        // The run stops under the top slot, which is neither.
        for k in bottom_run(samples, raw, shade).filter(|&k| samples[k] != SlotSample::Hidden) {
            again.samples[t][k] = SlotSample::Hidden;
            changed = true;
        }
    }
    changed.then_some(again)
}

/// The hidden cells' shade: the median of those whose glyph was seen, and
/// how far a slot may stray from it.
#[derive(Debug, Clone, Copy)]
struct Shade {
    lab: Lab,
    spread: f32,
}

/// The slots of a tube's bottom run of hidden cells and slots of their
/// `shade`, from its bottom slot up.
fn bottom_run(samples: &[SlotSample], raw: &[[u8; 3]], shade: Shade) -> std::ops::Range<usize> {
    let in_run = |(s, &c): (&SlotSample, &[u8; 3])| *s == SlotSample::Hidden || of_shade(s, c, shade);
    0..samples.iter().zip(raw).take_while(|&p| in_run(p)).count()
}

/// Whether a slot was read as a liquid of the hidden cells' `shade`.
fn of_shade(sample: &SlotSample, raw: [u8; 3], shade: Shade) -> bool {
    matches!(sample, SlotSample::Color(_)) && delta_e(to_lab(raw), shade.lab) <= shade.spread
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, TubeLayout};
    use SlotSample::{Color, Empty, Hidden};

    const CELL: [u8; 3] = [52, 52, 56];
    const RED: [u8; 3] = [200, 30, 30];
    const BLUE: [u8; 3] = [30, 60, 210];

    /// A detection of tubes read as `samples` (bottom first), each slot's
    /// raw colour the liquid's, or the hidden cells' shade.
    fn read_as(samples: Vec<Vec<SlotSample>>) -> Detection {
        let raw: Vec<Vec<[u8; 3]>> =
            samples.iter().map(|t| t.iter().map(|s| if let Color(c) = s { *c } else { CELL }).collect()).collect();
        let tubes = (0..samples.len() as u32)
            .map(|t| TubeLayout {
                outer: Rect { x0: t * 50, x1: t * 50 + 40, y0: 0, y1: 120 },
                slots: (0..3)
                    .map(|k| Rect { x0: t * 50, x1: t * 50 + 40, y0: 90 - k * 30, y1: 120 - k * 30 })
                    .collect(),
            })
            .collect();
        Detection {
            image_width: 200,
            image_height: 120,
            locks: vec![None; samples.len()],
            tubes,
            raw,
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
            samples,
        }
    }

    #[test]
    fn cells_of_the_hidden_shade_under_a_liquid_are_hidden_cells_whose_glyph_was_not_seen() {
        // A cell whose glyph was seen, and two of its shade under red whose
        // glyphs were not: all three hidden, the red as read.
        let shade = [51, 53, 55];
        let detection = read_as(vec![
            vec![Hidden, Color(RED), Empty],
            vec![Color(shade), Color(shade), Color(BLUE)],
            vec![Empty; 3],
        ]);
        let again = cells_taken_for_liquid(&detection).expect("cells taken for liquid");
        assert_eq!(again.samples[0], detection.samples[0]);
        assert_eq!(again.samples[1], vec![Hidden, Hidden, Color(BLUE)]);
        assert_eq!(again.samples[2], vec![Empty; 3]);
    }

    #[test]
    fn the_shade_on_a_tube_top_or_over_a_liquid_or_no_glyph_seen_leaves_the_reading_as_it_was() {
        // No cell's glyph seen: no shade to go by.
        assert!(cells_taken_for_liquid(&read_as(vec![vec![Color(CELL), Color(RED), Empty]])).is_none());
        // The shade on a tube's top is a liquid of that shade: none taken.
        let on_top = read_as(vec![vec![Hidden, Color(RED), Empty], vec![Color(CELL), Color(BLUE), Color(CELL)]]);
        assert!(cells_taken_for_liquid(&on_top).is_none());
        // Over another liquid it is not where hidden cells stand.
        let over = read_as(vec![vec![Hidden, Color(RED), Empty], vec![Color(BLUE), Color(CELL), Color(RED)]]);
        assert!(cells_taken_for_liquid(&over).is_none());
        // A dark liquid a few ΔE off the cells' shade, where the cells seen
        // are sampled alike, is a liquid.
        let darker = [40, 40, 46];
        let other = read_as(vec![vec![Hidden, Color(RED), Empty], vec![Color(darker), Color(BLUE), Empty]]);
        assert!(delta_e(to_lab(darker), to_lab(CELL)) > SAME_LIQUID_DELTA_E);
        assert!(cells_taken_for_liquid(&other).is_none());
    }

    #[test]
    fn a_slot_may_stray_from_the_shade_as_far_as_the_cells_seen_do_but_never_past_half_a_colours_spread() {
        // Cells seen as far apart as a small JPEG's noise puts them (ΔE 5
        // either side of their median, the third cell's): a slot 4.6 off
        // is a cell.
        let (a, b, off) = ([40, 40, 44], [64, 64, 68], [42, 42, 46]);
        let from_cell = |c: [u8; 3]| delta_e(to_lab(c), to_lab(CELL));
        assert!(from_cell(off) > SAME_LIQUID_DELTA_E && from_cell(off) < from_cell(a).min(from_cell(b)));
        let mut detection = read_as(vec![
            vec![Hidden, Hidden, Color(RED)],
            vec![Color(off), Color(BLUE), Empty],
            vec![Hidden, Color(RED), Empty],
        ]);
        detection.raw[0] = vec![a, b, RED];
        detection.raw[1][0] = off;
        let again = cells_taken_for_liquid(&detection).expect("a slot as far off as the cells seen");
        assert_eq!(again.samples[1], vec![Hidden, Color(BLUE), Empty]);
        // Cells seen farther apart (ΔE 11-12) widen it only to half a
        // colour's spread: a slot 9.5 off is not a cell.
        let (darkest, lightest, far) = ([28, 28, 32], [80, 80, 84], [32, 32, 36]);
        detection.raw[0] = vec![darkest, lightest, RED];
        detection.raw[1][0] = far;
        assert!(from_cell(far) > MOST_SHADE_SPREAD && from_cell(far) < from_cell(darkest).min(from_cell(lightest)));
        assert!(cells_taken_for_liquid(&detection).is_none());
    }

    #[test]
    fn flat_tubes_whose_small_glyphs_stand_off_the_middle_are_read_with_their_hidden_cells() {
        // Generated fresh case 88133: hand-drawn tubes of three 16-row
        // layers (a 360x731 picture), each glyph 4 pixels wide, drawn above
        // and left of its cell's middle; the glyphs of 11 hidden cells of
        // 24 were seen, the others read as one dark liquid of 13 layers,
        // and the counts failed.
        use crate::puzzle::water::renamed_in_order;
        use crate::vision::water::{ReadOptions, read};
        let case = crate::synthetic::water::generate::case(88133);
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }

    #[test]
    fn capped_tubes_with_unseen_cells_between_seen_ones_are_read_with_their_hidden_cells() {
        // Generated fresh case 80887: capped tubes of seven layers (a
        // 360x714 picture); in one tube three hidden cells between two
        // whose glyphs were seen were read as a liquid of their shade, and
        // the reading was refused for a liquid between two hidden cells.
        use crate::puzzle::water::renamed_in_order;
        use crate::vision::water::{ReadOptions, read};
        let case = crate::synthetic::water::generate::case(80887);
        let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
    }
}
