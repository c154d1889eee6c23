//! Hidden cells whose glyph was not seen: a game draws every hidden layer's
//! cell in one shade and marks each with a glyph, but a small glyph, drawn
//! off the cell's middle or crossed by the glass's highlight streak, may
//! show too few strokes where the slot is sampled, and the cell is read as
//! one more liquid of the cells' shade. The counts then fail (a liquid of
//! more layers than a tube holds) or, with the hidden layers leaving them
//! open, the colour is doubted for looking like the hidden cells. The
//! cells whose glyph was seen give the shade; a slot of that shade standing
//! where hidden cells stand (under a tube's top layer, with nothing but
//! such cells under it) is one. Where no glyph was seen at all, the shade
//! the tubes' bottom slots share gives it, when it fills more slots than a
//! tube holds and the picture tests the grid's unit (a liquid's edge, or
//! glyphs too faint to be believed alone standing one in every cell).
//! Tried only when the reading failed so (or for a liquid between two
//! hidden cells), and believed only if the reading then passes every
//! check.

use image::RgbImage;
use palette::Lab;

use super::Detection;
use super::SAME_LIQUID_DELTA_E;
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::{faint_glyph_centres, glyphs_in_hidden_slots, row_colors, slot_middle};
use crate::geometry::{SlotSample, TubeLayout};
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
    taken_as_cells(detection, shade_of(&cells)).map(|(again, _)| again)
}

/// Hidden cells none of whose glyphs was seen (every glyph too small or
/// faint in a small picture: fresh 88301 and 88682, round tubes of three
/// and four layers 11-13 rows tall, every cell read as one dark liquid of
/// more layers than a tube holds). No glyph gives the shade; the tubes'
/// bottom slots do, where hidden cells stand. The detection with the slots
/// of the shade most bottom slots share (within [`MOST_SHADE_SPREAD`] of
/// their median, that median's) taken for hidden cells as
/// [`cells_taken_for_liquid`] takes them, where they number more than a
/// tube holds (no one liquid has so many layers, and two liquids that
/// alike never all stand under others, each tube's from its bottom up),
/// every tube holding them shows one layer on them, and the picture tests
/// the grid's unit. `None` where some cell's glyph was seen (that
/// function's case), no bottom slot reads as a liquid, or fewer slots
/// change. The picture tests the unit where some tube shows a liquid's
/// edge ([`unit_shown`]) or, failing that, where faint glyphs stand one
/// in each cell taken ([`faint_glyphs_mark_cells`]); with such glyphs a
/// slot may stray from the bottoms' median as far as
/// [`MOST_SHADE_SPREAD`], however near to it the bottoms are.
pub(super) fn unmarked_cells_taken_for_liquid(image: &RgbImage, detection: &Detection) -> Option<Detection> {
    if detection.samples.iter().flatten().any(|s| *s == SlotSample::Hidden) {
        return None;
    }
    let bottoms: Vec<[u8; 3]> = (detection.samples.iter().zip(&detection.raw).enumerate())
        .filter(|&(t, (samples, _))| open(detection, t) && matches!(samples.first(), Some(SlotSample::Color(_))))
        .filter_map(|(_, (_, raw))| raw.first().copied())
        .collect();
    if bottoms.is_empty() {
        return None;
    }
    let median = to_lab(median_color(&bottoms));
    let alike: Vec<[u8; 3]> =
        bottoms.into_iter().filter(|&c| delta_e(to_lab(c), median) <= MOST_SHADE_SPREAD).collect();
    let shade = shade_of(&alike);
    let taken = |shade: Shade| {
        taken_as_cells(detection, shade)
            .filter(|(again, taken)| *taken > detection.capacity && one_shown_on_cells(again))
    };
    if let Some((again, _)) =
        taken(shade).filter(|(again, _)| unit_shown(again) || faint_glyphs_mark_cells(image, again))
    {
        return Some(again);
    }
    // A small JPEG's cells stray further from the bottoms' median than
    // the farthest bottom does (tuning 5589: the cells over the bottom
    // ones 4-8 ΔE darker): every slot within half a colour's spread of
    // it, where a glyph marks every cell taken.
    let wide = Shade { spread: MOST_SHADE_SPREAD, ..shade };
    let (again, _) = taken(wide).filter(|(again, _)| faint_glyphs_mark_cells(image, again))?;
    Some(again)
}

/// Whether every tube of `detection` holding hidden cells shows glyphs
/// of faint strokes one in each of them and none elsewhere down its
/// hidden run ([`faint_glyph_centres`], [`glyphs_in_hidden_slots`]): a
/// game marks every hidden layer, so glyphs standing one in each cell
/// of the grid, in every tube, test its unit where no liquid's edge
/// does (tuning 4855 and 5589: one layer shown on two hidden ones in
/// every wine glass, full to the rim, their glyphs' strokes too faint to
/// be believed two to a glass). A grid a layer short puts two glyphs in
/// one slot, or one astride two (as fresh 89296's would: seven layers
/// read as six, [`unit_shown`]).
fn faint_glyphs_mark_cells(image: &RgbImage, detection: &Detection) -> bool {
    let tubes: Vec<_> =
        detection.samples.iter().zip(&detection.tubes).filter(|(s, _)| s.contains(&SlotSample::Hidden)).collect();
    let marked = |&(samples, tube): &(&Vec<SlotSample>, &TubeLayout)| {
        let Some(top) = samples.iter().rposition(|s| *s == SlotSample::Hidden) else { return false };
        let (Some(bottom), Some(over)) = (tube.slots.first(), tube.slots.get(top)) else { return false };
        let strip = slot_middle(bottom);
        // Down to half a slot under the bottom one: a glyph there is a
        // cell the grid left out, and one at the bottom slot's foot needs
        // its cell's rows under it.
        let end = (bottom.y1 + bottom.height() / 2).min(image.height());
        let (x0, x1) = (strip.x0, strip.x1.min(image.width()));
        if over.y0 >= end || x0 >= x1 {
            return false;
        }
        let prof = row_colors(image, x0, x1, over.y0, end, 1);
        let glyphs = faint_glyph_centres(image, (x0, x1, over.y0, end), &prof);
        glyphs_in_hidden_slots(&tube.slots, samples, &glyphs)
    };
    !tubes.is_empty() && tubes.iter().all(marked)
}

/// Whether every tube of `detection` holding hidden cells shows one layer
/// on them: a game hides every layer under a tube's top one. Slots of one
/// shade at the bottom of every tube under several liquids are no cells
/// but the vessel's own bottom (test 1001181: soda bottles whose round
/// bottom the grid read as a sixth slot of one colour in every bottle).
fn one_shown_on_cells(detection: &Detection) -> bool {
    detection.samples.iter().all(|samples| {
        let hidden = samples.iter().filter(|s| **s == SlotSample::Hidden).count();
        let filled = samples.iter().filter(|s| **s != SlotSample::Empty).count();
        hidden == 0 || filled == hidden + 1
    })
}

/// Whether some open tube of `detection` shows where a liquid of its own
/// ends inside the vessel: a surface under empty glass, or two liquids
/// read as colours (one colour's spread apart) meeting. Without a glyph
/// repeating down the hidden cells, such an edge is what tests the grid's
/// unit; tubes that each show one layer on top of hidden cells, full to
/// the top, show none, and a grid a layer short reads them too (fresh
/// 89296: wine glasses of seven layers 5.4 rows tall, one shown on six
/// hidden, read as six).
fn unit_shown(detection: &Detection) -> bool {
    let mut tubes = detection.samples.iter().zip(&detection.raw).enumerate().filter(|&(t, _)| open(detection, t));
    tubes.any(|(_, (samples, raw))| {
        let surface = samples.contains(&SlotSample::Empty) && samples.iter().any(|s| *s != SlotSample::Empty);
        let colors = samples.windows(2).zip(raw.windows(2)).any(|(s, c)| {
            matches!((s[0], s[1]), (SlotSample::Color(_), SlotSample::Color(_)))
                && delta_e(to_lab(c[0]), to_lab(c[1])) >= SAME_COLOR_MAX_DELTA_E
        });
        surface || colors
    })
}

/// Whether tube `t` of `detection` is open (no lock covers it).
fn open(detection: &Detection, t: usize) -> bool {
    detection.locks.get(t).is_none_or(Option::is_none)
}

/// The hidden cells' shade from `cells` (not empty): their median, and as
/// far from it as the farthest of them, at least [`SAME_LIQUID_DELTA_E`]
/// and at most [`MOST_SHADE_SPREAD`].
fn shade_of(cells: &[[u8; 3]]) -> Shade {
    let median = to_lab(median_color(cells));
    let spread = cells.iter().map(|&c| delta_e(to_lab(c), median)).fold(SAME_LIQUID_DELTA_E, f32::max);
    Shade { lab: median, spread: spread.min(MOST_SHADE_SPREAD) }
}

/// The detection with every slot read as a liquid of `shade` in a tube's
/// bottom run of such slots and hidden cells, under a liquid of another
/// colour, taken for a hidden cell, and how many were; `None` when no slot
/// changes or the shade stands on some open tube's top (a colour shown on
/// top is a liquid: games show every tube's top layer).
fn taken_as_cells(detection: &Detection, shade: Shade) -> Option<(Detection, usize)> {
    let tubes = detection.samples.iter().zip(&detection.raw).enumerate().filter(|&(t, _)| open(detection, t));
    let mut again = detection.clone();
    let mut taken = 0;
    for (t, (samples, raw)) in tubes {
        let Some(top) = samples.iter().rposition(|s| *s != SlotSample::Empty) else { continue };
        if of_shade(&samples[top], raw[top], shade) || samples[top] == SlotSample::Hidden {
            return None;
        }
        // The run stops under the top slot, which is neither.
        for k in bottom_run(samples, raw, shade).filter(|&k| samples[k] != SlotSample::Hidden) {
            again.samples[t][k] = SlotSample::Hidden;
            taken += 1;
        }
    }
    (taken > 0).then_some((again, taken))
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
    fn with_no_glyph_seen_the_bottom_slots_shade_in_more_slots_than_a_tube_holds_is_hidden_cells() {
        let cell = Color(CELL);
        // Four tubes of a liquid on two cells of one shade, and one whose
        // red stands under empty glass: eight cells, no glyph seen.
        let blank = RgbImage::new(250, 120);
        let mut tubes = vec![vec![cell, cell, Color(RED)], vec![cell, cell, Color(BLUE)]];
        tubes.extend([vec![cell, cell, Color(RED)], vec![cell, cell, Color(BLUE)], vec![Color(RED), Empty, Empty]]);
        let again = unmarked_cells_taken_for_liquid(&blank, &read_as(tubes.clone())).expect("cells with no glyph seen");
        assert_eq!(again.samples[0], vec![Hidden, Hidden, Color(RED)]);
        assert_eq!(again.samples[4], vec![Color(RED), Empty, Empty]);
        // Every tube full with one layer shown on its cells: nothing tests
        // the grid's unit, so nothing is taken.
        let full = tubes[..4].iter().cloned().chain([vec![Empty; 3]]).collect();
        assert!(unmarked_cells_taken_for_liquid(&blank, &read_as(full)).is_none());
        // Three slots of the shade: one liquid may have as many.
        let few =
            vec![vec![cell, cell, Color(RED)], vec![cell, Color(BLUE), Empty], vec![Color(RED), Color(BLUE), Empty]];
        assert!(unmarked_cells_taken_for_liquid(&blank, &read_as(few)).is_none());
        // One shade at the bottom of every tube under several liquids: the
        // vessels' own bottoms, no cells.
        let bottoms = vec![
            vec![cell, Color(RED), Color(BLUE)],
            vec![cell, Color(BLUE), Color(RED)],
            vec![cell, Color(RED), Color(BLUE)],
            vec![cell, Color(BLUE), Empty],
        ];
        assert!(unmarked_cells_taken_for_liquid(&blank, &read_as(bottoms)).is_none());
        // A glyph seen: the other reading's case.
        let seen = vec![vec![Hidden, cell, Color(RED)], vec![cell, cell, Color(BLUE)], vec![cell, Color(RED), Empty]];
        assert!(unmarked_cells_taken_for_liquid(&blank, &read_as(seen)).is_none());
    }

    /// A picture of the tubes of [`read_as`], each slot painted its raw
    /// colour, with a faint glyph (a bar 4 pixels wide, 70 above the cell
    /// in every channel: under [`super::super::slots`]' plain strokes)
    /// centred at each row of `glyphs` in tube `t`'s strip.
    fn painted(detection: &Detection, glyphs: &[Vec<u32>]) -> RgbImage {
        let mut img = RgbImage::from_pixel(50 * detection.tubes.len() as u32, 120, image::Rgb([150, 190, 160]));
        for (t, tube) in detection.tubes.iter().enumerate() {
            for (slot, &c) in tube.slots.iter().zip(&detection.raw[t]) {
                for (x, y) in (slot.x0..slot.x1).flat_map(|x| (slot.y0..slot.y1).map(move |y| (x, y))) {
                    img.put_pixel(x, y, image::Rgb(c));
                }
            }
            let x0 = tube.outer.x0 + 18;
            for (x, y) in
                glyphs[t].iter().flat_map(|&g| (x0..x0 + 4).flat_map(move |x| (g - 4..g + 4).map(move |y| (x, y))))
            {
                img.put_pixel(x, y, image::Rgb(CELL.map(|c| c + 70)));
            }
        }
        img
    }

    #[test]
    fn faint_glyphs_one_in_each_cell_of_every_tube_test_the_unit_where_no_edge_does() {
        // Four tubes full to the top, a liquid on two cells of one shade
        // each (their glyphs too faint to be believed two to a tube), and
        // an empty one: no surface or edge between liquids tests the unit.
        let cell = Color(CELL);
        let mut tubes: Vec<Vec<SlotSample>> =
            [RED, BLUE, RED, BLUE].iter().map(|&c| vec![cell, cell, Color(c)]).collect();
        tubes.push(vec![Empty; 3]);
        let detection = read_as(tubes);
        let centred = vec![vec![105, 75]; 4].into_iter().chain([vec![]]).collect::<Vec<_>>();
        let again = unmarked_cells_taken_for_liquid(&painted(&detection, &centred), &detection).expect("marked cells");
        assert_eq!(again.samples[0], vec![Hidden, Hidden, Color(RED)]);
        assert_eq!(again.samples[4], vec![Empty; 3]);
        let taken = |glyphs: Vec<Vec<u32>>| unmarked_cells_taken_for_liquid(&painted(&detection, &glyphs), &detection);
        // No glyph in one tube's upper cell: the game marks every cell.
        let mut bare = centred.clone();
        bare[2] = vec![105];
        assert!(taken(bare).is_none());
        // Glyphs a unit of 7/6 the slots' apart, as a grid a layer short
        // of the cells would see them: three where two slots stand.
        let mut short = centred;
        short[1] = vec![110, 85, 60];
        assert!(taken(short).is_none());
    }

    #[test]
    fn tubes_full_to_the_top_whose_faint_glyphs_mark_every_cell_are_read_with_their_hidden_cells() {
        // Generated tuning cases 4855 (wine glasses of three 9.7-row
        // layers, a 360x769 picture) and 5589 (270x577, 9.4 rows, its
        // cells a small JPEG's ΔE 4-8 apart): one layer shown on two
        // hidden cells in every glass, full to the rim, and two empty
        // glasses; the cells' glyphs, dim strokes two to a glass, were not
        // believed, and the cells were read as one dark liquid.
        use crate::puzzle::water::renamed_in_order;
        use crate::vision::water::{ReadOptions, read};
        for seed in [4855, 5589] {
            let case = crate::synthetic::water::generate::case(seed);
            let read = read(&case.picture, &ReadOptions::default()).read.expect("read");
            assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&case.level.to_string()));
        }
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
    fn round_tubes_none_of_whose_glyphs_was_seen_are_read_with_their_hidden_cells() {
        // Generated fresh case 88301: round tubes of four layers 10.6 rows
        // tall (a 180x365 picture) whose eleven hidden cells showed no
        // glyph, read as one dark liquid of eleven layers; the tube holding
        // one layer under empty glass tests the unit.
        use crate::puzzle::water::renamed_in_order;
        use crate::vision::water::{ReadOptions, read};
        let case = crate::synthetic::water::generate::case(88301);
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
