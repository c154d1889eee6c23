//! A visible colour that looks just like the hidden cells, the slots read
//! empty or the glass above the liquid: a hidden layer whose glyph was not
//! seen, or empty glass taken for liquid, its slots making the counts add
//! up by chance. Not a colour of liquid under its lit surface, nor of balls
//! shaped as balls in their glass: those the picture shows are no glass.

use image::RgbImage;

use super::colors::{color_centres, labelled_samples};
use super::{Doubt, glass_above_unless_unlike_empties, raw_of};
use crate::geometry::SlotSample;
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::Detection;
use crate::vision::water::discs::holds_a_ball;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use palette::Lab;

/// What [`Doubt::Lookalike`] names for the hidden layers' cells.
pub(super) const HIDDEN_CELLS: &str = "the cells of the hidden layers";
/// What [`Doubt::Lookalike`] names for the slots read empty.
pub(super) const EMPTY_GLASS: &str = "the empty glass";
/// What [`Doubt::Lookalike`] names for the glass above the liquid.
pub(super) const GLASS_ABOVE: &str = "the empty glass above the liquid";

/// A visible colour whose layers look just like the hidden cells is a hidden
/// layer whose glyph was not seen; one that looks just like the empty slots
/// is empty glass taken for liquid (glass tinted unlike the board beside
/// it). Either makes the counts add up by chance.
pub(super) fn lookalike(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres = color_centres(&detection.samples, puzzle);
    let labelled = labelled_samples(&detection.samples, puzzle);
    let of_kind = |kind: SlotSample| raw_of(detection, kind);
    [
        (of_kind(SlotSample::Hidden), HIDDEN_CELLS),
        (of_kind(SlotSample::Empty), EMPTY_GLASS),
        (glass_above_unless_unlike_empties(image, detection), GLASS_ABOVE),
    ]
    .into_iter()
    .find_map(|(cells, what)| {
        if cells.is_empty() {
            return None;
        }
        let cell = to_lab(median_color(&cells));
        // A colour whose every layer lies under a liquid's lit surface is
        // liquid, however like the glass (a sky-blue one before a sky).
        let under = |&(t, k, _, _): &(usize, usize, usize, Lab)| k < detection.lit.get(t).copied().unwrap_or(0);
        // So is one whose every layer is a ball in its glass, a disc unlike
        // the glass in its slot's corners (a dark ball within one colour's
        // spread of glass tinted over a dark board; tuning 2410).
        let ball = |&(t, k, _, _): &(usize, usize, usize, Lab)| {
            detection.tubes.get(t).and_then(|tube| tube.slots.get(k)).is_some_and(|slot| holds_a_ball(image, slot))
        };
        let own = |id: usize| {
            let mut layers = labelled.iter().filter(|l| l.2 == id);
            what != HIDDEN_CELLS && (layers.clone().all(under) || layers.all(ball))
        };
        centres.iter().enumerate().find_map(|(id, c)| {
            let d = delta_e(c.as_ref().copied()?, cell);
            (d < SAME_COLOR_MAX_DELTA_E && !own(id)).then(|| Doubt::Lookalike {
                color: puzzle.color_name(crate::puzzle::water::ColorId(id as u8)),
                what,
                delta_e: d,
                layers: labelled.iter().filter(|l| l.2 == id).map(|l| (l.0 + 1, l.1 + 1)).collect(),
            })
        })
    })
}
