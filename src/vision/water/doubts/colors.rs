//! The colour checks: every sample nearer its own colour than any other,
//! by a margin; where hidden layers leave the number of colours open, no
//! colour spread wider than one liquid's samples are, and no two colours
//! as near as them; and where they do not, no colour made of two plainly
//! different ones. Also the per-colour centres and labelled samples the
//! other checks compare with.

use palette::Lab;

use super::Doubt;
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, delta_e94, to_lab};
use crate::puzzle::water::{Layer, WaterPuzzle};
use crate::vision::water::level::OPEN_COUNT_SPREAD;

/// How much farther a sample must be from every other colour than from
/// its own: each colour's samples closer to each other than to any other
/// colour. Two shades ΔE 8 apart with samples spread ±2 pass; a reading
/// whose counts were forced onto overlapping clouds does not. The exact
/// readings of ../shared have a worst ratio of 4.2, twice this.
const COLOR_MARGIN_RATIO: f32 = 2.0;

/// A sample within this ΔE of its colour's centre is as near it as noise
/// allows, so the margin is asked over this much: JPEG noise and shading
/// spread samples by a few ΔE (about the ΔE 2-3 JPEG quality 70-90 adds to
/// flat colour; not fitted).
const SAME_COLOR_NOISE: f32 = 3.0;

/// Widest CIE94 distance ([`delta_e94`]) between two samples of one colour
/// in a level with hidden layers. CIE76 ([`OPEN_COUNT_SPREAD`]) cannot tell
/// one saturated liquid's shades from two near liquids: on the real
/// hidden-layer screens of ../shared one blue's samples spread ΔE 10-12.6
/// (JPEG and gamut clipping pull its chroma about), as far as the two near
/// shades that synthetic cases 5237 and 8077 merged (ΔE 12.5 and 12.6 after
/// rendering), and the counts let them. Weighted by chroma, the same real
/// spreads are at most 5.1 over every colour of every hidden-layer screen
/// read; the two merged pairs are 7.3 and 8.7. The value sits between,
/// and of 12,000 tuning, test and fresh seeds it refused one exact reading
/// (fresh 17653: a flask's top layer in its neck, 6.3 from the others).
const OPEN_COUNT_SPREAD_94: f32 = 6.0;

/// Widest CIE94 distance between two samples of one colour where every
/// layer is shown (the counts fix the number of colours). Exact synthetic
/// readings spread up to 13.9 (balls' shading, a neck's sample; over 12,000
/// tuning, test and fresh seeds), the real screens' 5.3; fresh case 17143
/// (a row of ball tubes missed, and six balls of four colours forced into
/// two) 31.6. Not fitted: [`EMPTY_DELTA_E`](crate::vision::water::board::EMPTY_DELTA_E)'s
/// 20, the distance at which two colours are plainly different things.
const FORCED_SPREAD_94: f32 = 20.0;

/// The mean CIELAB colour of each colour id's visible samples.
pub(super) fn color_centres(samples: &[Vec<SlotSample>], puzzle: &WaterPuzzle) -> Vec<Option<Lab>> {
    let mut sums = vec![(0.0f32, 0.0f32, 0.0f32, 0usize); puzzle.n_colors()];
    for (_, _, id, lab) in labelled_samples(samples, puzzle) {
        let s = &mut sums[id];
        *s = (s.0 + lab.l, s.1 + lab.a, s.2 + lab.b, s.3 + 1);
    }
    sums.iter().map(|&(l, a, b, c)| (c > 0).then(|| Lab::new(l / c as f32, a / c as f32, b / c as f32))).collect()
}

/// Each visible sample as (tube, layer, colour id, CIELAB), in the
/// puzzle's terms.
pub(super) fn labelled_samples(samples: &[Vec<SlotSample>], puzzle: &WaterPuzzle) -> Vec<(usize, usize, usize, Lab)> {
    let mut labelled = Vec::new();
    for (t, (tube, tube_samples)) in puzzle.tubes().iter().zip(samples).enumerate() {
        for (k, sample) in tube_samples.iter().enumerate() {
            if let (Some(Layer::Color(id)), SlotSample::Color(rgb)) = (tube.layers.get(k), sample) {
                labelled.push((t, k, id.0 as usize, to_lab(*rgb)));
            }
        }
    }
    labelled
}

/// With hidden layers the counts leave the number of colours open, so two
/// near shades can be read as one colour and the counts still add up.
/// There, every colour's samples must agree to within a flat liquid's
/// noise, both as ΔE goes ([`OPEN_COUNT_SPREAD`]) and as the eye weighs it
/// ([`OPEN_COUNT_SPREAD_94`]); a colour whose samples spread wider may be
/// two. Clustering keeps every colour within the first; a calibrated
/// theme's names need not, and two near shades of one hue may be within it.
/// Where every layer is shown the counts fix the number of colours, and a
/// reading that meets them only by merging two clearly different colours
/// (beyond [`FORCED_SPREAD_94`]) is doubted too.
pub(super) fn wide_color(samples: &[Vec<SlotSample>], puzzle: &WaterPuzzle) -> Option<Doubt> {
    let open = puzzle.has_unknowns();
    let labelled = labelled_samples(samples, puzzle);
    for a in &labelled {
        for b in labelled.iter().filter(|b| b.2 == a.2) {
            let (d, d94) = (delta_e(a.3, b.3), delta_e94(a.3, b.3));
            let wide = if open { d > OPEN_COUNT_SPREAD || d94 > OPEN_COUNT_SPREAD_94 } else { d94 > FORCED_SPREAD_94 };
            if wide {
                return Some(Doubt::WideColor {
                    color: puzzle.color_name(crate::puzzle::water::ColorId(a.2 as u8)),
                    delta_e: d,
                    delta_e94: d94,
                    layers: vec![(a.0 + 1, a.1 + 1), (b.0 + 1, b.1 + 1)],
                });
            }
        }
    }
    None
}

/// With hidden layers the counts leave the number of colours open, so
/// one liquid whose samples spread (balls' shading, JPEG) can be read as
/// two colours and the counts still add up: two colours whose centres
/// lie within [`OPEN_COUNT_SPREAD`] of each other, as near as one liquid's
/// own samples may be, are doubted (the dual of [`wide_color`]'s check;
/// fresh 35056: twelve tubes of balls with four hidden each, one pink
/// read as two colours ΔE 9.7 apart, a wrong level solved). The value is
/// the clustering's own, not fitted: the nearest two colours of the exact
/// open-count readings of tuning 0..4000 are ΔE 13.8 apart. Only for
/// colours clustered: a calibrated theme learned its near shades from a
/// level whose counts told them apart, and names them apart.
pub fn near_colors(samples: &[Vec<SlotSample>], puzzle: &WaterPuzzle) -> Option<Doubt> {
    if !puzzle.has_unknowns() {
        return None;
    }
    let centres = color_centres(samples, puzzle);
    let (i, j, d) = centres.iter().enumerate().find_map(|(i, a)| {
        centres.iter().enumerate().skip(i + 1).find_map(|(j, b)| {
            let d = delta_e((*a)?, (*b)?);
            (d < OPEN_COUNT_SPREAD).then_some((i, j, d))
        })
    })?;
    // Where the doubt is shown: a layer of each.
    let labelled = labelled_samples(samples, puzzle);
    let layer_of = |id: usize| labelled.iter().find(|l| l.2 == id).map(|l| (l.0 + 1, l.1 + 1));
    let name = |id: usize| puzzle.color_name(crate::puzzle::water::ColorId(id as u8));
    Some(Doubt::NearColors {
        first: name(i),
        second: name(j),
        delta_e: d,
        layers: [layer_of(i), layer_of(j)].into_iter().flatten().collect(),
    })
}

pub(super) fn close_colors(samples: &[Vec<SlotSample>], puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres = color_centres(samples, puzzle);
    for (t, k, id, lab) in labelled_samples(samples, puzzle) {
        let own = centres[id].map_or(0.0, |c| delta_e(lab, c));
        let other = centres
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != id)
            .filter_map(|(_, c)| c.map(|c| delta_e(lab, c)))
            .fold(f32::INFINITY, f32::min);
        // A sample within the noise of its own colour still needs the
        // margin over the noise: two ids for one flat colour (a row of
        // buttons taken for complete vessels) are each as near.
        if other < COLOR_MARGIN_RATIO * own.max(SAME_COLOR_NOISE) {
            return Some(Doubt::CloseColors { tube: t + 1, layer: k + 1, own, other });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::imaging::color::to_rgb;
    use SlotSample::{Color, Empty, Hidden};

    const RED: [u8; 3] = [200, 30, 30];

    #[test]
    fn samples_about_as_near_another_colour_as_their_own_are_doubted() {
        let puzzle: WaterPuzzle = "AB BA EE".parse().unwrap();
        // The compact form is top first: tube 1 is A over B, so bottom first B, A.
        let apart =
            [vec![Color([200, 30, 30]), Color([30, 30, 200])], vec![Color([30, 30, 200]), Color([200, 30, 30])]];
        assert_eq!(close_colors(&[apart[0].clone(), apart[1].clone(), vec![Empty, Empty]], &puzzle), None);
        // Two shades whose samples overlap: A's own pair spans more than
        // the distance to B.
        let overlapping = [
            vec![Color([200, 30, 30]), Color([180, 40, 40])],
            vec![Color([190, 35, 35]), Color([160, 40, 40])],
            vec![Empty, Empty],
        ];
        assert!(matches!(close_colors(&overlapping, &puzzle), Some(Doubt::CloseColors { .. })));
    }

    #[test]
    fn one_flat_colour_read_as_two_colours_is_doubted() {
        // A row of three identical buttons taken for complete vessels: the
        // counts force three ids onto one colour, each sample as near the
        // others' centres as its own (ΔE 0 from both).
        let puzzle: WaterPuzzle = "AA BB CC EE".parse().unwrap();
        let magenta = Color([200, 0, 120]);
        let buttons =
            [vec![magenta, magenta], vec![magenta, magenta], vec![Color([30, 30, 200]); 2], vec![Empty, Empty]];
        assert!(matches!(close_colors(&buttons, &puzzle), Some(Doubt::CloseColors { .. })));
        // Two flat colours a few noise widths apart are told apart.
        let near = [vec![magenta; 2], vec![Color([185, 0, 130]); 2], vec![Color([30, 30, 200]); 2], vec![Empty, Empty]];
        assert_eq!(close_colors(&near, &puzzle), None);
    }

    #[test]
    fn a_colour_spread_like_two_shades_is_doubted_only_when_hidden_layers_leave_the_count_open() {
        // Two dark blues ΔE 14 apart read as one colour A.
        let (near, far) = (Color([40, 60, 120]), Color([20, 80, 160]));
        let hidden: WaterPuzzle = "A? A? B? EE".parse().unwrap();
        let samples = vec![vec![Hidden, near], vec![Hidden, far], vec![Hidden, Color(RED)], vec![Empty, Empty]];
        assert!(matches!(wide_color(&samples, &hidden), Some(Doubt::WideColor { color: 'A', .. })));
        let alike =
            vec![vec![Hidden, near], vec![Hidden, Color([42, 62, 124])], vec![Hidden, Color(RED)], vec![Empty, Empty]];
        assert_eq!(wide_color(&alike, &hidden), None);
        // With every layer shown the counts decide, and this check stays out.
        let shown: WaterPuzzle = "AB BA EE".parse().unwrap();
        assert_eq!(wide_color(&[vec![near, Color(RED)], vec![Color(RED), far], vec![Empty, Empty]], &shown), None);
    }

    #[test]
    fn with_every_layer_shown_only_plainly_different_colours_read_as_one_are_doubted() {
        // Fresh 17143: the counts forced a brown and a green ball into one
        // colour (and a blue and a cyan into the other).
        let shown: WaterPuzzle = "AB BA EE".parse().unwrap();
        let (brown, green, blue, cyan) = ([120, 80, 10], [130, 170, 20], [20, 120, 230], [20, 200, 210]);
        let forced = [vec![Color(blue), Color(brown)], vec![Color(green), Color(cyan)], vec![Empty, Empty]];
        assert!(matches!(wide_color(&forced, &shown), Some(Doubt::WideColor { .. })));
        // One ball colour's shading, a few units apart, is not.
        let shaded =
            [vec![Color(blue), Color(brown)], vec![Color([125, 84, 14]), Color([26, 126, 236])], vec![Empty, Empty]];
        assert_eq!(wide_color(&shaded, &shown), None);
    }

    #[test]
    fn near_shades_of_one_hue_are_doubted_where_the_eye_weighs_them_apart() {
        let rgb = |l: f32, a: f32, b: f32| Color(to_rgb(Lab::new(l, a, b)));
        let hidden: WaterPuzzle = "A? A? B? EE".parse().unwrap();
        let level = |x: SlotSample, y: SlotSample| {
            vec![vec![Hidden, x], vec![Hidden, y], vec![Hidden, Color(RED)], vec![Empty, Empty]]
        };
        // Two near blues of synthetic case 5237, merged under hidden layers:
        // ΔE 12.5, within one liquid's spread as ΔE goes, but 8.7 as CIE94.
        let (one, other) = (rgb(44.0, 6.0, -50.0), rgb(37.0, 15.0, -54.0));
        assert!(matches!(wide_color(&level(one, other), &hidden), Some(Doubt::WideColor { color: 'A', .. })));
        // One saturated blue's samples on a real screen, ΔE 10 apart, but
        // mostly in chroma: CIE94 under 4.
        let (shade, other_shade) = (rgb(45.0, 43.0, -86.0), rgb(42.0, 51.0, -91.0));
        assert_eq!(wide_color(&level(shade, other_shade), &hidden), None);
    }

    #[test]
    fn two_colours_as_near_as_one_liquid_are_doubted_only_when_hidden_layers_leave_the_count_open() {
        let rgb = |l: f32, a: f32, b: f32| Color(to_rgb(Lab::new(l, a, b)));
        // Fresh 35056: one pink ball colour under hidden layers read as two
        // colours ΔE 9.7 apart.
        let (pink, other_pink) = (rgb(60.0, 55.0, -5.0), rgb(64.0, 47.0, -1.0));
        let hidden: WaterPuzzle = "A? B? C? EE".parse().unwrap();
        let level = |x: SlotSample, y: SlotSample| {
            vec![vec![Hidden, x], vec![Hidden, y], vec![Hidden, Color(RED)], vec![Empty, Empty]]
        };
        assert!(matches!(
            near_colors(&level(pink, other_pink), &hidden),
            Some(Doubt::NearColors { first: 'A', second: 'B', .. })
        ));
        // Two liquids of a level, ΔE 15 apart or more, are not.
        let far_pink = rgb(66.0, 42.0, 3.0);
        assert_eq!(near_colors(&level(pink, far_pink), &hidden), None);
        // With every layer shown the counts decide, and this check stays out.
        let shown: WaterPuzzle = "AB BA EE".parse().unwrap();
        let both = [vec![other_pink, pink], vec![pink, other_pink], vec![Empty, Empty]];
        assert_eq!(near_colors(&both, &shown), None);
    }
}
