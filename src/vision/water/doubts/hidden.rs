//! The hidden layers' rules: games show every tube's top layer, hide its
//! lower layers as one run, draw every hidden layer's cell in one shade,
//! and centre a glyph in each cell. A dark liquid taken for a hidden layer
//! breaks the first or the third, part of a cell read as a liquid the
//! second, a grid off the liquid's unit the fourth, and hidden layers
//! leave the counts open, so nothing else would catch them. A locked tube
//! is hidden whole under a cover of its own shade, not the level's liquids.
//! How many tubes hold hidden layers says nothing: games deal tubes part
//! full too (sshcrack discovery-level-30: ten tubes, two locked, hold
//! hidden layers in a level of eight colours), so a reading with more such
//! tubes than colours is no grid too tall (tried for fresh 59615, dropped).

use image::RgbImage;
use palette::Lab;

use super::Doubt;
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::vision::water::Detection;
use crate::vision::water::level::{SAME_COLOR_MAX_DELTA_E, liquid_samples};
use crate::vision::water::slots::slot_middle;

/// Whether every tube holding a hidden layer is full (no slot of it read
/// empty), as at a level's start where the game deals its filled tubes
/// full: a hidden layer stays hidden until the layers over it are poured
/// off. Not every game deals so (see this module's opening), so this is
/// evidence for a grid, never a doubt.
pub fn hidden_vessels_full(detection: &Detection) -> bool {
    let mut holding_hidden = detection.samples.iter().filter(|t| t.contains(&SlotSample::Hidden));
    holding_hidden.all(|t| !t.contains(&SlotSample::Empty))
}

/// The first open tube whose liquid is topped by a hidden layer: games
/// show every tube's top layer, so a tube read hidden to its top slot,
/// or hidden under empty glass, was misread. Only a locked tube (`locks`,
/// per tube) is covered whole. (A full tube read hidden to the top once
/// passed as dealt unseen; no game in ../shared/water_screens deals one,
/// and fresh 80139 and 80250 were read so on a grid a layer short, the
/// top layer of every tube above it, the counts left open: two levels
/// solved that were not on the screen.)
pub(super) fn hidden_on_top(samples: &[Vec<SlotSample>], locks: &[Option<[u8; 3]>]) -> Option<Doubt> {
    samples
        .iter()
        .zip(locks.iter().map(Some).chain(std::iter::repeat(None)))
        .position(|(tube, lock)| {
            let locked = lock.is_some_and(|l| l.is_some());
            !locked && tube.iter().rfind(|s| **s != SlotSample::Empty) == Some(&SlotSample::Hidden)
        })
        .map(|t| Doubt::HiddenOnTop { tube: t + 1 })
}

/// The first tube with a slot read as a liquid between two read hidden: a
/// game hides a tube's lower layers as one run (a layer comes to light
/// only on top, and stays shown once poured on), so a liquid between two
/// cells is part of a cell whose glyph stands in the other part: a grid
/// at a fraction of the liquid's unit (fresh 45690: flasks of two hidden
/// layers under one shown, read on a grid of five slots for three, each
/// cell's glyphless half read as one more colour, the counts adding up).
pub(super) fn liquid_between_cells(samples: &[Vec<SlotSample>]) -> Option<Doubt> {
    samples
        .iter()
        .position(|tube| {
            let hidden = |s: &&SlotSample| **s == SlotSample::Hidden;
            let (first, last) = (tube.iter().position(|s| hidden(&s)), tube.iter().rposition(|s| hidden(&s)));
            first.zip(last).is_some_and(|(a, b)| tube[a..b].iter().any(|s| matches!(s, SlotSample::Color(_))))
        })
        .map(|t| Doubt::LiquidBetweenCells { tube: t + 1 })
}

/// How far the median step between the glyphs of two hidden slots one on
/// the other may stray from the slot's height, as a share of it: a glyph
/// is centred in its cell, so they stand one unit apart. Each glyph's
/// centre row is found to a row or so, and the median of the steps is
/// taken (two at least); a tenth is about two rows at a unit of 20, not
/// fitted. (The real screens' medians lie within 0.94-1.04.)
const GLYPH_STEP_TOLERANCE: f32 = 0.1;

/// The most the median glyph step may stand above one slot where some
/// tube's top slot holds liquid (see [`glyphs_off_unit`]): no reading of
/// tuning seeds 0..6000 with a top slot filled had its glyphs between
/// 119% (a lit surface drawn inside the top layer and read as no layer)
/// and 170% apart, while a grid of four slots on every three units stands
/// 133% apart and one of three on two 150% (fresh 32275: `!` glyphs 164
/// rows apart on 95-row slots, three layers read as five). Between the
/// most read exactly and the finest of those grids; not fitted.
const GLYPH_STEP_MOST_UNDER_LIQUID: f32 = 1.3;

/// A grid off the glyphs' unit (their median step, from
/// [`glyph_steps`](crate::vision::water::slots::glyph_steps) over every
/// tube) that reads every tube's top slot empty: the slot may be headroom
/// taken for room for a layer. Tuning 8612: a grid of 20 rows under glyphs
/// 23 apart, the unit of headroom read as a fifth slot, and each glyph
/// still in its own slot. Where some tube's top slot holds liquid, the
/// liquid bears the capacity out, and a grid a little off the unit (a lit
/// surface drawn inside the top layer and read as no layer) still reads
/// every slot (tuning 147: glyphs 34 rows apart on 30-row slots, the top
/// one holding each tube's visible layer; tuning 8574: `!` glyphs found
/// 66 rows apart on the 75-row slots of flasks read exactly), but not a
/// grid of slots far finer than the glyphs ([`GLYPH_STEP_MOST_UNDER_LIQUID`]).
pub(in crate::vision::water) fn glyphs_off_unit(steps: Vec<f32>, samples: &[Vec<SlotSample>]) -> Option<Doubt> {
    if steps.len() < 2 {
        return None;
    }
    let tops_empty = samples.iter().all(|t| t.last().is_none_or(|s| *s == SlotSample::Empty));
    let step = crate::vision::water::median(steps);
    let off = if tops_empty { (step - 1.0).abs() > GLYPH_STEP_TOLERANCE } else { step > GLYPH_STEP_MOST_UNDER_LIQUID };
    off.then_some(Doubt::GlyphsOffUnit { step: 100.0 * step })
}

/// A game draws every hidden layer's cell in one shade; a slot read
/// hidden whose hue is farther than one colour's spread from the hidden
/// cells' median (ΔE over CIELAB a and b alone) is something else, most
/// often a dark liquid with a bright line in it (tuning 5035: a navy layer
/// with its lit surface, alone in its tube, read as hidden among cells of
/// a dark purple, 27 apart, and hidden layers left the counts open).
/// Lightness is left out: a glyph lightens its cell's median by as much
/// as it covers, and glass over a changing board lightens cells unevenly
/// (tuning 1215, 2182, 7024: cells of one hue up to 24 apart in lightness,
/// 15 at most in hue).
pub(super) fn hidden_unlike_hidden(detection: &Detection) -> Option<Doubt> {
    let cells = super::raw_of(detection, SlotSample::Hidden);
    if cells.len() < 2 {
        return None;
    }
    let shade = to_lab(median_color(&cells));
    for (t, (samples, raw)) in detection.samples.iter().zip(&detection.raw).enumerate() {
        for (k, (_, &color)) in samples.iter().zip(raw).enumerate().filter(|(_, (s, _))| **s == SlotSample::Hidden) {
            let lab = to_lab(color);
            let d = (lab.a - shade.a).hypot(lab.b - shade.b);
            if d > SAME_COLOR_MAX_DELTA_E {
                return Some(Doubt::HiddenUnlikeHidden { tube: t + 1, layer: k + 1, delta_e: d });
            }
        }
    }
    None
}

/// A locked tube is covered whole (a curtain, a sleeve) in a shade of its
/// own; one whose slots mostly show colours of the level's liquid is a
/// tube of liquid, one band of which (or a neck) was taken for the lock's
/// icon. Fresh case 16458: six layers in three colours, the middle band
/// read as an icon on a cover of the light blue that filled half the tube,
/// and the level solved without them. Each slot's middle is compared with
/// the level's liquid samples; the icon may cover a slot or two in a
/// liquid's colour, so half the slots must match.
pub(super) fn cover_like_liquid(image: &RgbImage, detection: &Detection) -> Option<Doubt> {
    let liquid: Vec<Lab> = liquid_samples(&detection.samples).into_iter().map(to_lab).collect();
    let like_liquid = |slot: &Rect| {
        let Some(c) = super::median_in(image, slot_middle(slot)).map(to_lab) else { return false };
        liquid.iter().any(|&l| delta_e(c, l) < SAME_COLOR_MAX_DELTA_E)
    };
    detection
        .tubes
        .iter()
        .zip(&detection.locks)
        .position(|(tube, lock)| {
            lock.is_some()
                && !tube.slots.is_empty()
                && 2 * tube.slots.iter().filter(|s| like_liquid(s)).count() >= tube.slots.len()
        })
        .map(|t| Doubt::CoverLikeLiquid { tube: t + 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TubeLayout;
    use crate::vision::water::slots::glyph_steps;
    use SlotSample::{Color, Empty, Hidden};

    #[test]
    fn a_liquid_between_two_hidden_cells_is_doubted_but_not_one_under_or_over_them() {
        let (red, blue) = (Color([200, 30, 30]), Color([30, 60, 210]));
        // Fresh 45690 in small: bottom first, a cell, its glyphless half
        // read as a colour, a cell, the shown layer in two slots.
        let halves = [vec![Hidden, Hidden, red, red, Empty], vec![Hidden, blue, Hidden, red, red]];
        assert_eq!(liquid_between_cells(&halves), Some(Doubt::LiquidBetweenCells { tube: 2 }));
        // A liquid under the cells (shown by some games) and one over them.
        assert_eq!(liquid_between_cells(&[vec![blue, Hidden, Hidden, red, Empty]]), None);
        assert_eq!(liquid_between_cells(&[vec![Hidden, red, red], vec![red, blue, Empty]]), None);
    }

    #[test]
    fn a_tube_topped_by_a_hidden_layer_is_doubted_unless_it_is_locked() {
        let red = Color([200, 30, 30]);
        let topped = [vec![red, red, Empty], vec![red, Hidden, Empty]];
        let open = [None; 2];
        assert_eq!(hidden_on_top(&topped, &open), Some(Doubt::HiddenOnTop { tube: 2 }));
        // A tube hidden to its top slot: only a locked one is covered
        // whole (fresh 80139: every tube's shown top layer above a grid a
        // layer short).
        let whole = [vec![Hidden, Hidden, red], vec![Hidden, Hidden, Hidden]];
        assert_eq!(hidden_on_top(&whole, &open), Some(Doubt::HiddenOnTop { tube: 2 }));
        assert_eq!(hidden_on_top(&whole, &[None, Some([120, 90, 40])]), None);
        // Hidden layers under an empty slot: the liquid's top is hidden,
        // which no game does (tuning 3324: a ball on a grained board taken
        // for glass).
        let under_glass = [vec![Hidden, Hidden, red], vec![Hidden, Hidden, Empty]];
        assert_eq!(hidden_on_top(&under_glass, &open), Some(Doubt::HiddenOnTop { tube: 2 }));
    }

    #[test]
    fn a_hidden_cell_of_another_shade_than_the_others_is_doubted() {
        // Hidden cells of a dark purple, and a navy layer alone in its
        // tube read as hidden (tuning 5035).
        let (cell, navy, red) = ([60, 33, 48], [1, 57, 80], [200, 30, 30]);
        let detection = |last: [u8; 3]| Detection {
            image_width: 200,
            image_height: 200,
            tubes: Vec::new(),
            samples: vec![vec![Hidden, Hidden, Color(red)], vec![Hidden, Empty, Empty]],
            locks: vec![None; 2],
            raw: vec![vec![cell, cell, red], vec![last, cell, cell]],
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
        };
        let doubt = hidden_unlike_hidden(&detection(navy));
        assert!(matches!(doubt, Some(Doubt::HiddenUnlikeHidden { tube: 2, layer: 1, .. })), "{doubt:?}");
        // The same hue, lighter where a glyph covers more of the cell, is
        // no doubt.
        assert_eq!(hidden_unlike_hidden(&detection([100, 70, 86])), None);
    }

    #[test]
    fn a_lock_whose_cover_mostly_shows_the_levels_liquids_is_doubted() {
        // Tube 1 holds red over blue; tube 2, read as locked, is painted in
        // four 20-row slots: `cover` but for one slot of blue (the icon).
        let (red, blue, curtain) = ([200, 30, 30], [30, 60, 210], [120, 90, 40]);
        let slot = |x0: u32, k: u32| Rect { x0, x1: x0 + 30, y0: 100 - 20 * (k + 1), y1: 100 - 20 * k };
        let detection = |cover: [u8; 3]| {
            let painted = [cover, blue, cover, cover];
            let image = RgbImage::from_fn(100, 110, |x, y| {
                let k = (100u32.saturating_sub(y + 1) / 20).min(3) as usize;
                image::Rgb(if (50..80).contains(&x) && (20..100).contains(&y) { painted[k] } else { [20, 20, 20] })
            });
            let tubes = [10, 50].map(|x0| TubeLayout {
                outer: Rect { x0, x1: x0 + 30, y0: 20, y1: 100 },
                slots: (0..4).map(|k| slot(x0, k)).collect(),
            });
            let detection = Detection {
                image_width: 100,
                image_height: 110,
                tubes: tubes.to_vec(),
                samples: vec![vec![Color(blue), Color(red), Empty, Empty], vec![Hidden; 4]],
                locks: vec![None, Some(blue)],
                raw: vec![vec![blue, red, [20, 20, 20], [20, 20, 20]], Vec::new()],
                capacity: 4,
                lit: Vec::new(),
                capped: Vec::new(),
            };
            (image, detection)
        };
        // A cover of the red liquid but for its icon: a tube of liquid.
        let (image, liquid_cover) = detection(red);
        assert_eq!(cover_like_liquid(&image, &liquid_cover), Some(Doubt::CoverLikeLiquid { tube: 2 }));
        // A curtain of its own shade, its icon in a liquid's colour.
        let (image, curtain_cover) = detection(curtain);
        assert_eq!(cover_like_liquid(&image, &curtain_cover), None);
    }

    #[test]
    fn glyphs_standing_other_than_a_slot_apart_put_the_grid_in_doubt() {
        // Tuning 8612: glyphs 23 rows apart over slots of 20, each glyph
        // still in its own slot (the bottom slot's is not counted), and
        // every top slot empty.
        let slot = |k: u32| Rect { x0: 0, y0: 100 - 20 * (k + 1), x1: 10, y1: 100 - 20 * k };
        let rects: Vec<Rect> = (0..5).map(slot).collect();
        let samples = [Hidden, Hidden, Hidden, Color([255, 113, 171]), Empty];
        let steps = glyph_steps(&rects, &samples, &[89, 66, 43]);
        assert_eq!(steps, vec![23.0 / 20.0]);
        let tubes = vec![samples.to_vec(); 10];
        let doubt = glyphs_off_unit(vec![steps[0]; 10], &tubes);
        assert!(matches!(doubt, Some(Doubt::GlyphsOffUnit { .. })), "{doubt:?}");
        // Glyphs centred in their slots, a row or so off, are no doubt.
        let centred = glyph_steps(&rects, &samples, &[90, 69, 50]);
        assert_eq!(glyphs_off_unit([centred.clone(), centred].concat(), &tubes), None);
        // One step alone says too little.
        assert_eq!(glyphs_off_unit(vec![1.15], &tubes), None);
        // A tube filled to its top slot bears the capacity out.
        let mut filled = tubes.clone();
        filled[3][4] = Color([0, 100, 62]);
        assert_eq!(glyphs_off_unit(vec![1.15; 10], &filled), None);
    }

    #[test]
    fn under_liquid_glyphs_far_apart_still_put_the_grid_in_doubt() {
        let topped = vec![vec![Hidden, Hidden, Hidden, Color([0, 100, 62])]; 7];
        // Fresh 32275: `!` glyphs 164 rows apart on slots of 95, three
        // layers read as five.
        let doubt = glyphs_off_unit(vec![164.0 / 95.0; 7], &topped);
        assert!(matches!(doubt, Some(Doubt::GlyphsOffUnit { .. })), "{doubt:?}");
        // Within a lit surface's reach of the unit (tuning 147), or closer
        // than a slot (tuning 8574), they stand.
        assert_eq!(glyphs_off_unit(vec![34.0 / 30.0; 7], &topped), None);
        assert_eq!(glyphs_off_unit(vec![66.0 / 75.0; 7], &topped), None);
    }
}
