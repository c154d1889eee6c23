//! A colour that is another one mixed with the empty glass. A slot that
//! straddles a ball (or a layer) and the glass beside it samples a mix of
//! the two, which clustering takes for a colour of its own; where hidden
//! layers leave the number of colours open, that colour's one layer makes
//! the counts add up by chance (fresh 81345: one tube of balls' grid a
//! quarter of a layer under its row-mates', its top ball sampled with the
//! glass under it; a level was solved that was not on the screen).

use super::{Doubt, labelled_samples, raw_of};
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::puzzle::water::{ColorId, WaterPuzzle};
use crate::vision::water::{Detection, SAME_LIQUID_DELTA_E};

/// Least share of glass in a mix, and of the colour: under it, the mix is
/// the colour itself within a shade, which clustering joins to it.
const LEAST_SHARE: f32 = 0.1;

/// Most distance, in layers, between a tube's grid and its row-mates'
/// (the median bottom of their bottom slots) that sampling shrugs off: a
/// slot's colour is the median of its middle half, which a grid this far
/// off still holds inside the layer or ball. Fresh 81345's stood 0.26 of
/// a layer off; exact readings of balls stand up to 0.36 off in places
/// (fresh 80011, 80286, 80811, 81608), which is why an offset alone is no
/// doubt. The grid's own tolerance, 0.15 of a layer.
const GRID_OFF_ROW: f32 = 0.15;

/// The first colour shown in one slot only, of a tube whose grid stands off
/// its row's by more than [`GRID_OFF_ROW`], whose sample lies on the line
/// between another colour of the level and the empty glass (within
/// [`SAME_LIQUID_DELTA_E`] of the mix nearest it, mixed in sRGB as a
/// picture's edge is), with at least [`LEAST_SHARE`] of each. A colour shown
/// in several slots is seen so in each, which a mix at one slot's edge is
/// not. Not on a grid in line with its row: games draw a colour and a
/// shade of it mixed with the glass's look (a darker blue where the board
/// behind the glass is dark green, tuning 1842-1847; a paler pink,
/// 1478), and such a colour, shown once under hidden layers, was refused
/// in 13 of 8000 generated levels.
pub(super) fn glass_blend(detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let glass = raw_of(detection, SlotSample::Empty);
    if glass.is_empty() {
        return None;
    }
    let glass = median_color(&glass).map(f32::from);
    let labelled = labelled_samples(&detection.samples, puzzle);
    let shown = |id: usize| labelled.iter().filter(|l| l.2 == id).count();
    let medians: Vec<Option<[f32; 3]>> = (0..puzzle.n_colors())
        .map(|id| {
            let samples: Vec<[u8; 3]> = labelled
                .iter()
                .filter(|l| l.2 == id)
                .filter_map(|&(t, k, _, _)| match detection.samples[t][k] {
                    SlotSample::Color(rgb) => Some(rgb),
                    _ => None,
                })
                .collect();
            (!samples.is_empty()).then(|| median_color(&samples).map(f32::from))
        })
        .collect();
    let off = |t: usize| off_row(detection, t) > GRID_OFF_ROW;
    labelled.iter().filter(|l| shown(l.2) == 1 && off(l.0)).find_map(|&(t, k, id, lab)| {
        let SlotSample::Color(rgb) = detection.samples[t][k] else { return None };
        let sample = rgb.map(f32::from);
        medians.iter().enumerate().filter(|&(other, _)| other != id).find_map(|(other, colour)| {
            let share = mix_share(sample, (*colour)?, glass)?;
            let mix = to_lab(mixed(colour.as_ref()?, &glass, share));
            (delta_e(lab, mix) < SAME_LIQUID_DELTA_E).then(|| Doubt::GlassBlend {
                tube: t + 1,
                layer: k + 1,
                of: puzzle.color_name(ColorId(other as u8)),
                glass: 100.0 * share,
            })
        })
    })
}

/// How far, in layers, tube `t`'s bottom slot stands from the median of
/// those of its row (the tubes whose boxes share rows with its box); none
/// for a tube alone in its row.
fn off_row(detection: &Detection, t: usize) -> f32 {
    let tubes = &detection.tubes;
    let Some(own) = tubes[t].slots.first() else { return 0.0 };
    let o = tubes[t].outer;
    let row: Vec<f32> = tubes
        .iter()
        .filter(|u| u.outer.y0 < o.y1 && o.y0 < u.outer.y1)
        .filter_map(|u| u.slots.first().map(|s| s.y1 as f32))
        .collect();
    if row.len() < 2 {
        return 0.0;
    }
    (own.y1 as f32 - super::super::median(row)).abs() / own.height().max(1) as f32
}

/// The share of `glass` in the mix of `colour` and `glass` nearest
/// `sample`, if between [`LEAST_SHARE`] and one less it.
fn mix_share(sample: [f32; 3], colour: [f32; 3], glass: [f32; 3]) -> Option<f32> {
    let d: [f32; 3] = std::array::from_fn(|i| glass[i] - colour[i]);
    let length = d.iter().map(|v| v * v).sum::<f32>();
    if length < 1.0 {
        return None;
    }
    let share = (0..3).map(|i| (sample[i] - colour[i]) * d[i]).sum::<f32>() / length;
    (LEAST_SHARE..=1.0 - LEAST_SHARE).contains(&share).then_some(share)
}

/// `colour` mixed with `share` of `glass`.
fn mixed(colour: &[f32; 3], glass: &[f32; 3], share: f32) -> [u8; 3] {
    std::array::from_fn(|i| (colour[i] + share * (glass[i] - colour[i])).round().clamp(0.0, 255.0) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, TubeLayout};
    use SlotSample::{Color, Empty, Hidden};

    const RED: [u8; 3] = [200, 30, 30];
    const BLUE: [u8; 3] = [30, 60, 210];
    const GLASS: [u8; 3] = [225, 228, 230];

    /// A row of three tubes of two 40-row slots, a hidden one under each
    /// top (`tops`), the third's grid `shift` rows under the others', and an
    /// empty tube of glass.
    fn read_with_tops(tops: [[u8; 3]; 3], shift: u32) -> Detection {
        let tube = |t: u32| {
            let bottom = 100 + if t == 2 { shift } else { 0 };
            let x0 = 10 + 40 * t;
            let slots = (0..2).map(|k| Rect { x0, x1: x0 + 30, y0: bottom - 40 * (k + 1), y1: bottom - 40 * k });
            TubeLayout { outer: Rect { x0, x1: x0 + 30, y0: 10, y1: 102 }, slots: slots.collect() }
        };
        let mut samples: Vec<Vec<SlotSample>> = tops.iter().map(|&c| vec![Hidden, Color(c)]).collect();
        samples.push(vec![Empty, Empty]);
        let mut raw: Vec<Vec<[u8; 3]>> = tops.iter().map(|&c| vec![[50, 50, 50], c]).collect();
        raw.push(vec![GLASS, GLASS]);
        Detection {
            image_width: 200,
            image_height: 120,
            tubes: (0..4).map(tube).collect(),
            samples,
            locks: vec![None; 4],
            raw,
            capacity: 2,
            lit: Vec::new(),
            capped: Vec::new(),
        }
    }

    #[test]
    fn a_colour_shown_once_that_mixes_another_with_the_glass_on_a_grid_off_its_row_is_doubted() {
        // Fresh 81345 in small: the third tube's grid a quarter of a layer
        // under its row-mates', its top a red sampled with a quarter of the
        // glass under it, read as a colour of its own.
        let puzzle: WaterPuzzle = "A? B? C? EE".parse().unwrap();
        let mix = mixed(&RED.map(f32::from), &GLASS.map(f32::from), 0.25);
        let doubt = glass_blend(&read_with_tops([RED, BLUE, mix], 10), &puzzle);
        assert!(
            matches!(doubt, Some(Doubt::GlassBlend { tube: 3, layer: 2, of: 'A', glass }) if (glass - 25.0).abs() < 1.0),
            "{doubt:?}"
        );
        // On a grid in line with its row, a colour so drawn (a paler red).
        assert_eq!(glass_blend(&read_with_tops([RED, BLUE, mix], 0), &puzzle), None);
        // A colour off every such line is a colour.
        assert_eq!(glass_blend(&read_with_tops([RED, BLUE, [40, 170, 60]], 10), &puzzle), None);
        // So is one shown in two slots, each seen so.
        let puzzle: WaterPuzzle = "A? B? B? EE".parse().unwrap();
        assert_eq!(glass_blend(&read_with_tops([RED, mix, mix], 10), &puzzle), None);
    }
}
