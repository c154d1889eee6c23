//! The reading again on another slot grid, when the one measured fails
//! and the picture says which way it is off: a vessel's shoulder or neck
//! makes the tubes' height a poor measure of their layers. The other
//! grid's reading is believed only if it passes every check. Before
//! another grid, when the counts fail, the same slots are read again with
//! tinted empty glass taken for empty ([`tinted`]).

use image::RgbImage;

use super::{Detection, Finder, ReadOptions, VisionError, WaterSight, doubts, judged, read_with, tinted};
use crate::geometry::SlotSample;

/// Reads a screenshot with the vessels one finder finds, on the grid
/// measured; when its counts fail, with tinted glass on top of the tubes
/// taken for empty, if that passes every check; or, when that reading
/// fails, on a grid one layer taller or
/// shorter where the picture says which, if that reading passes every
/// check: taller when liquid stands above the top slot (a doubt, or, when
/// the counts fail, a run there unlike the empty glass); shorter when the
/// counts fail and every open tube's top slot is empty (a neck read as a
/// slot: the tube is taller than the layers it holds).
pub(super) fn read_by(image: &RgbImage, options: &ReadOptions, finder: Finder) -> WaterSight {
    let measured = read_with(image, options, finder, Grid::Measured);
    let counts_failed = matches!(measured.read, Err(VisionError::LayerCount { .. } | VisionError::Colors { .. }));
    // Tinted empty glass read as a liquid: the same slots, that glass
    // taken for empty.
    if counts_failed
        && let Some(d) = &measured.detection
        && let Some(glassy) = tinted::glass_taken_for_liquid(image, d)
    {
        let again = judged(image, options, glassy);
        if again.read.is_ok() {
            return again;
        }
    }
    let other = match (&measured.read, &measured.detection) {
        (Err(VisionError::Doubtful(doubts::Doubt::LiquidAbove { .. })), _) => Some(Grid::LayerAbove),
        (_, Some(d)) if counts_failed && doubts::unread_liquid_above(image, d) => Some(Grid::LayerAbove),
        (_, Some(d)) if counts_failed && every_top_slot_empty(d) => Some(Grid::LayerFewer),
        _ => None,
    };
    if let Some(grid) = other {
        let again = read_with(image, options, finder, grid);
        if again.read.is_ok() {
            return again;
        }
    }
    measured
}

/// Whether the top slot of every open tube was read empty.
fn every_top_slot_empty(detection: &Detection) -> bool {
    let open = detection.samples.iter().zip(&detection.locks).filter(|(_, lock)| lock.is_none());
    open.map(|(s, _)| s.last()).all(|top| top == Some(&SlotSample::Empty))
}

/// Which slot grid a reading samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Grid {
    /// The layers the tubes' heights and liquid measure.
    Measured,
    /// One layer more on top: where liquid stands above the measured top
    /// slot, a vessel's shoulder or neck (which stops its walls, or holds
    /// its top unit in less height) was taken for headroom.
    LayerAbove,
    /// One layer fewer: where the counts fail and every tube's top slot is
    /// empty, a neck or headroom a layer tall was counted as a slot.
    LayerFewer,
}
