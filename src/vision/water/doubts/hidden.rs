//! The hidden layers' two rules: games show every tube's top layer, and
//! draw every hidden layer's cell in one shade. A dark liquid taken for a
//! hidden layer breaks one or the other, and hidden layers leave the
//! counts open, so nothing else would catch it.

use super::Doubt;
use crate::geometry::SlotSample;
use crate::imaging::color::{median_color, to_lab};
use crate::vision::water::Detection;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;

/// The first tube whose liquid is topped by a hidden layer: one with a
/// visible layer under it, or one hidden to the top under empty glass.
/// Only a tube hidden from its bottom to its top slot may show no colour
/// (a game can deal a full tube unseen).
pub(super) fn hidden_on_top(samples: &[Vec<SlotSample>]) -> Option<Doubt> {
    samples
        .iter()
        .position(|tube| {
            let filled: Vec<&SlotSample> = tube.iter().filter(|s| **s != SlotSample::Empty).collect();
            let all_hidden = filled.iter().all(|s| **s == SlotSample::Hidden);
            filled.last() == Some(&&SlotSample::Hidden) && (!all_hidden || filled.len() < tube.len())
        })
        .map(|t| Doubt::HiddenOnTop { tube: t + 1 })
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

#[cfg(test)]
mod tests {
    use super::*;
    use SlotSample::{Color, Empty, Hidden};

    #[test]
    fn a_tube_topped_by_a_hidden_layer_is_doubted_unless_all_of_it_is_hidden_to_the_top() {
        let red = Color([200, 30, 30]);
        let topped = [vec![red, red, Empty], vec![red, Hidden, Empty]];
        assert_eq!(hidden_on_top(&topped), Some(Doubt::HiddenOnTop { tube: 2 }));
        assert_eq!(hidden_on_top(&[vec![Hidden, Hidden, red], vec![Hidden, Hidden, Hidden]]), None);
        // Hidden layers under an empty slot: the liquid's top is hidden,
        // which no game does (tuning 3324: a ball on a grained board taken
        // for glass).
        let under_glass = [vec![Hidden, Hidden, red], vec![Hidden, Hidden, Empty]];
        assert_eq!(hidden_on_top(&under_glass), Some(Doubt::HiddenOnTop { tube: 2 }));
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
}
