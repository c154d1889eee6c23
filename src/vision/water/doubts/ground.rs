//! Empty glass read as liquid over a board that is not one flat colour
//! (a hill, a photo's ground, a texture): the glass there looks like no
//! glass seen elsewhere, and reads as one more liquid whose layers can
//! make a whole colour, or that hidden layers let through. Three kinds of
//! evidence say it is glass: an empty slot level with it in another
//! vessel of its row looks the same (tuning 7813: an empty tube over a
//! mottled purple hill read full, the empty tube beside it over the same
//! hill read empty), the empty slot right above it in its own tube looks
//! just the same (tuning 11094), or its layers show the board's grain
//! (tuning 7035). And a colour all of whose layers look like the board
//! just outside their vessels, on both sides, is the board itself, seen
//! through glass or in a box that is no vessel (fresh 36363).

use image::RgbImage;

use super::Doubt;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, to_lab};
use crate::puzzle::water::{Layer, WaterPuzzle};
use crate::vision::water::Detection;
use crate::vision::water::SAME_LIQUID_DELTA_E;
use crate::vision::water::board::board_at_walls;
use crate::vision::water::columns::level_with;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;

/// The first slot read as liquid that looks like a slot read empty level
/// with it in another vessel, within one colour's spread; none under its
/// tube's lit surface (a liquid's own surface shows it is liquid).
pub(super) fn like_glass_beside(detection: &Detection) -> Option<Doubt> {
    let tubes = &detection.tubes;
    // Every slot read empty: its tube, where it is, and its colour.
    let mut glass = Vec::new();
    for (u, (tube, (samples, raw))) in tubes.iter().zip(detection.samples.iter().zip(&detection.raw)).enumerate() {
        for ((slot, sample), &color) in tube.slots.iter().zip(samples).zip(raw) {
            if *sample == SlotSample::Empty {
                glass.push((u, *slot, to_lab(color)));
            }
        }
    }
    for (t, (tube, samples)) in tubes.iter().zip(&detection.samples).enumerate() {
        let lit = detection.lit.get(t).copied().unwrap_or(0);
        for (k, (slot, sample)) in tube.slots.iter().zip(samples).enumerate().skip(lit) {
            let SlotSample::Color(color) = *sample else { continue };
            let lab = to_lab(color);
            let beside = glass.iter().find(|(u, other, glass)| {
                *u != t && level_with(slot, other) && delta_e(lab, *glass) < SAME_COLOR_MAX_DELTA_E
            });
            if let Some(&(u, _, _)) = beside {
                return Some(Doubt::LikeGlassBeside { tube: t + 1, layer: k + 1, beside: u + 1 });
            }
        }
    }
    None
}

/// The first tube whose top layer of liquid (above its lit surface) looks
/// just like the empty glass right above it, as alike as one flat liquid's
/// slots: where the liquid ends the colour changes, and no game draws a
/// liquid its players cannot tell from its glass. Tuning 11094: two slots
/// of glass over a dark olive board read as the dark brown of two balls
/// read empty in another tube, so the counts added up.
pub(super) fn like_glass_above(detection: &Detection) -> Option<Doubt> {
    detection.samples.iter().zip(&detection.raw).enumerate().find_map(|(t, (samples, raw))| {
        let lit = detection.lit.get(t).copied().unwrap_or(0);
        let top = samples.iter().rposition(|s| matches!(s, SlotSample::Color(_)))?;
        if top < lit || samples.get(top + 1) != Some(&SlotSample::Empty) {
            return None;
        }
        let delta_e = delta_e(to_lab(*raw.get(top)?), to_lab(*raw.get(top + 1)?));
        (delta_e <= SAME_LIQUID_DELTA_E).then_some(Doubt::LikeGlassAbove { tube: t + 1, layer: top + 1, delta_e })
    })
}

/// A colour whose layers show the board's grain as glass read as liquid
/// would ([`grained_color`](crate::vision::water::grained::grained_color)).
pub(super) fn grained_color(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let color = |t: usize, k: usize| match (puzzle.tubes()[t].layers.get(k), &detection.samples[t][k]) {
        (Some(Layer::Color(id)), SlotSample::Color(_)) => Some(id.0 as usize),
        _ => None,
    };
    let (t, k) = crate::vision::water::grained::grained_color(image, detection, color)?;
    Some(Doubt::GrainedTop { tube: t + 1, layer: k + 1 })
}

/// A colour standing on top of its vessels, a layer of which is the board
/// beside it seen through the glass
/// ([`colour_over_board`](crate::vision::water::through::colour_over_board)).
pub(super) fn colour_through_glass(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let color = |t: usize, k: usize| match (puzzle.tubes()[t].layers.get(k), &detection.samples[t][k]) {
        (Some(Layer::Color(id)), SlotSample::Color(_)) => Some(id.0 as usize),
        _ => None,
    };
    let (tube, layer) = crate::vision::water::through::colour_over_board(image, detection, color)?;
    Some(Doubt::ThroughGlass { tube, layer })
}

/// Most ΔE a colour's layers may stand from the board just outside their
/// vessels, on both sides, for the colour to be the board seen where no
/// liquid is: twice [`SAME_LIQUID_DELTA_E`], the noise of one liquid's flat
/// colour, for the board's own grain between the slot and its walls.
/// Survey before building it: in the 5,309 exact readings of tuning
/// 0..6000 no colour came nearer the board than ΔE 12.4 (this way: the
/// farther side, the farthest layer); the colours of round buttons' boxes
/// read as vessels in fresh 36363 and 36365 stood 2.5 to 5 from it.
const BOARD_LIKE_DELTA_E: f32 = 2.0 * SAME_LIQUID_DELTA_E;

/// A colour's farthest layer from the board beside it (`None` once a
/// layer cannot be judged), and its layers (tube, layer, from 1).
type Judged = (Option<f32>, Vec<(usize, usize)>);

/// A colour every layer of which (its slot's middle rows) looks like the
/// board just outside its vessel's walls, on both sides: a player sees
/// nothing there that sets a liquid apart from the board, so the slots
/// show the board, through or beside something taken for a vessel (fresh
/// 36363: three round buttons under the level boxed as vessels a layer
/// below them, whose bottom slots over the board counted three layers of
/// one more colour). A colour with a layer under its tube's lit surface is
/// liquid whatever it looks like (as [`super::lookalike`] weighs them), and
/// one with a layer beside which the board is seen on neither side is not
/// judged.
pub(super) fn like_board(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let outlines: Vec<crate::geometry::Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    // Per colour: the farthest any of its layers stands from the board
    // beside it, `None` once a layer cannot be judged; and its layers.
    let mut colors: std::collections::BTreeMap<u8, Judged> = Default::default();
    for (t, tube) in puzzle.tubes().iter().enumerate() {
        let lit = detection.lit.get(t).copied().unwrap_or(0);
        for (k, layer) in tube.layers.iter().enumerate() {
            let (Layer::Color(id), Some(SlotSample::Color(_))) = (layer, detection.samples[t].get(k)) else {
                continue;
            };
            let (farthest, layers) = colors.entry(id.0).or_insert((Some(0.0), Vec::new()));
            layers.push((t + 1, k + 1));
            let lay = &detection.tubes[t];
            let color = to_lab(detection.raw[t][k]);
            let sides = board_at_walls(image, &lay.outer, &lay.slots[k], &outlines);
            let apart = sides.into_iter().flatten().map(|b| delta_e(color, to_lab(b))).reduce(f32::max);
            *farthest = farthest.zip(apart.filter(|_| k >= lit)).map(|(far, d)| far.max(d));
        }
    }
    let (id, (delta_e, layers)) =
        colors.into_iter().find(|(_, (far, _))| far.is_some_and(|d| d <= BOARD_LIKE_DELTA_E))?;
    Some(Doubt::LikeBoard {
        color: puzzle.color_name(crate::puzzle::water::ColorId(id)),
        delta_e: delta_e.unwrap_or(0.0),
        layers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, TubeLayout};
    use crate::puzzle::water::WaterPuzzle;
    use crate::vision::water::doubts::tests::samples_only;
    use SlotSample::{Color, Empty};
    use image::RgbImage;

    /// Two tubes of three 30-row slots side by side: a purple read full in
    /// the first, and the second read empty, its slots sampled as `glass`.
    fn level(glass: [u8; 3]) -> Detection {
        let purple = [106, 100, 138];
        Detection {
            image_width: 200,
            image_height: 200,
            tubes: vec![TubeLayout::made_up(0, 50), TubeLayout::made_up(1, 50)],
            samples: vec![vec![Color(purple); 3], vec![Empty; 3]],
            locks: vec![None; 2],
            raw: vec![vec![purple; 3], vec![glass; 3]],
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
        }
    }

    #[test]
    fn a_liquid_like_the_empty_glass_level_with_it_is_doubted_unless_its_surface_is_lit() {
        // The empty tube's glass over the same hill, a little lighter.
        let hill = level([118, 110, 150]);
        assert_eq!(like_glass_beside(&hill), Some(Doubt::LikeGlassBeside { tube: 1, layer: 1, beside: 2 }));
        // Glass over the sky is unlike the purple.
        assert_eq!(like_glass_beside(&level([194, 228, 226])), None);
        // Under the liquid's lit surface every slot is liquid.
        let lit = Detection { lit: vec![3, 0], ..hill };
        assert_eq!(like_glass_beside(&lit), None);
        // Slots not level with the glass are not compared.
        let mut lower = level([118, 110, 150]);
        for slot in &mut lower.tubes[1].slots {
            (slot.y0, slot.y1) = (slot.y0 + 100, slot.y1 + 100);
        }
        assert_eq!(like_glass_beside(&lower), None);
    }

    #[test]
    fn a_colour_like_the_board_beside_its_vessels_on_both_sides_is_doubted_unless_lit() {
        // A grey board 200 by 200 with two boxes of three 30-row slots: a
        // red liquid between dark walls, and a box with nothing drawn in
        // it (a button's box below the button, fresh 36363), read as a
        // colour of its own: the board, a little lighter in its middle.
        let (board, red, wall) = ([200, 200, 200], [200, 30, 30], [60, 60, 60]);
        let mut image = RgbImage::from_pixel(200, 200, image::Rgb(board));
        for y in 50..140 {
            for x in 20..60 {
                let edge = !(22..58).contains(&x);
                image.put_pixel(x, y, image::Rgb(if edge { wall } else { red }));
            }
            for x in 110..130 {
                image.put_pixel(x, y, image::Rgb([204, 204, 204]));
            }
        }
        // The second tube stands 80 pixels over, off the made-up tubes' pitch.
        let tube = |x0: u32| TubeLayout {
            outer: Rect { x0, x1: x0 + 40, y0: 50, y1: 140 },
            slots: (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 140 - (k + 1) * 30, y1: 140 - k * 30 }).collect(),
        };
        let puzzle: WaterPuzzle = "AAA BBB".parse().unwrap();
        let detection = Detection {
            image_width: 200,
            image_height: 200,
            tubes: vec![tube(20), tube(100)],
            samples: vec![vec![Color(red); 3], vec![Color([204, 204, 204]); 3]],
            locks: vec![None; 2],
            raw: vec![vec![red; 3], vec![[204, 204, 204]; 3]],
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
        };
        let doubt = like_board(&image, &detection, &puzzle);
        assert!(
            matches!(doubt, Some(Doubt::LikeBoard { color: 'B', ref layers, .. }) if layers.len() == 3),
            "{doubt:?}"
        );
        // The red between its walls is no doubt, alone or with the grey
        // under a lit surface (a liquid's own).
        let red_only: WaterPuzzle = "AAA EEE".parse().unwrap();
        let only = Detection { samples: vec![vec![Color(red); 3], vec![Empty; 3]], ..detection.clone() };
        assert_eq!(like_board(&image, &only, &red_only), None);
        assert_eq!(like_board(&image, &Detection { lit: vec![0, 3], ..detection }, &puzzle), None);
    }

    #[test]
    fn a_top_layer_just_like_the_glass_above_it_is_doubted_unless_its_surface_is_lit() {
        // Tuning 11094: glass over a dark olive board read as a liquid
        // under the same glass read empty.
        let (blue, olive, glass) = ([0, 132, 247], [112, 117, 77], [109, 117, 80]);
        let tube = |raw: Vec<[u8; 3]>| {
            let samples = vec![Color(raw[0]), Color(raw[1]), Empty];
            (samples, raw)
        };
        let glass_read = samples_only(&[tube(vec![blue, olive, glass])]);
        let doubt = like_glass_above(&glass_read);
        assert!(matches!(doubt, Some(Doubt::LikeGlassAbove { tube: 1, layer: 2, .. })), "{doubt:?}");
        // A liquid unlike the glass is no doubt, nor one under its lit
        // surface.
        let liquid = samples_only(&[tube(vec![blue, [141, 76, 0], glass])]);
        assert_eq!(like_glass_above(&liquid), None);
        assert_eq!(like_glass_above(&Detection { lit: vec![2], ..glass_read }), None);
    }
}
