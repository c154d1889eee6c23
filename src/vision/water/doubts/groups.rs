//! Slots in groups: a grid at a fraction of the liquid's unit reads each
//! layer as two or three slots of one thing, and its counts still add up.
//! Asked of readings whose grid rests on little (vessels found by their
//! liquid, other grids tried) and of readings by the walls where many
//! tubes hold liquid.

use super::Doubt;
use crate::puzzle::water::WaterPuzzle;

/// A grid at half (or a third) of the liquid's unit explains every change
/// of colour, and its counts add up: each layer is read as two (three)
/// slots of one colour, and an empty slot as two empty ones. So when in
/// every open tube the slots, taken two (three) at a time from the bottom,
/// each hold one thing (a colour, hidden, or nothing), the slots are
/// doubted. Asked of vessels found by their liquid, whose unit rests on
/// the heights of its bands (two layers of one colour are one band), and
/// of readings on a grid other than the one measured; of a reading by the
/// walls, whose grid is measured on the tubes' own boundaries, only where
/// many tubes hold liquid ([`slots_in_groups_in_many`]): a level
/// part-played can come in pairs (sshcrack's `hidden-detection.png` in
/// ../shared: `OORR OOBB EEEE` beside three locked tubes). A refusal,
/// never a wrong answer.
pub fn slots_in_groups(puzzle: &WaterPuzzle) -> Option<Doubt> {
    let capacity = puzzle.capacity();
    if puzzle.tubes().iter().all(|t| t.layers.is_empty()) {
        return None;
    }
    let open = || puzzle.tubes().iter().filter(|t| t.locked_until.is_none());
    [2, 3]
        .into_iter()
        .filter(|f| capacity.is_multiple_of(*f) && capacity / f >= 2)
        .find(|&factor| {
            open().all(|t| {
                (0..capacity).step_by(factor).all(|k| (k + 1..k + factor).all(|j| t.layers.get(j) == t.layers.get(k)))
            })
        })
        .map(|factor| Doubt::SlotsInGroups { factor })
}

/// [`slots_in_groups`] asked of a reading by the walls, whose grid is
/// measured on the tubes' own boundaries, where at least
/// [`MIN_GROUPED_TUBES`] open tubes hold liquid: balls with gaps between
/// them can still be read at half their unit, each ball as two slots of
/// one colour (fresh 52656, nine tubes of balls read as six slots for
/// three, solved as another level).
pub fn slots_in_groups_in_many(puzzle: &WaterPuzzle) -> Option<Doubt> {
    let holding = puzzle.tubes().iter().filter(|t| t.locked_until.is_none() && !t.layers.is_empty()).count();
    if holding >= MIN_GROUPED_TUBES { slots_in_groups(puzzle) } else { None }
}

/// Fewest open tubes holding liquid, every one in groups, for a reading
/// by the walls to be doubted ([`slots_in_groups_in_many`]). A level part
/// played can leave two tubes in pairs (sshcrack's `hidden-detection.png`
/// in ../shared: `OORR OOBB` beside locked tubes); each more tube that
/// happens to pair as well is about one chance in the number of colours
/// squared. A count, one past that screen's.
const MIN_GROUPED_TUBES: usize = 3;
