//! The board around a tube, which empty glass is told by: transparent
//! glass looks like what is behind it. The board in the middle of the gap
//! to the next tube stands for it where the board is flat or a slow
//! gradient; the board just outside the walls where it changes across the
//! screen (clouds, a photo).

use image::RgbImage;

use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::{RUN_STEP, color_distance};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};
use palette::Lab;

/// Empty glass shows the board behind it, at most a little lighter or
/// tinted. Compared in CIELAB: a dark liquid on a dark board (olive on teal)
/// is within 40 of it in every channel but about ΔE 45 away; glass over wood
/// is about ΔE 10-15 from the wood beside it.
pub(crate) fn looks_empty(slot: [u8; 3], beside: [u8; 3]) -> bool {
    delta_e(to_lab(slot), to_lab(beside)) < EMPTY_DELTA_E
}

/// Whether a slot of colour `slot` is empty glass, the board beside it
/// being `beside`, where the game's glass is tinted `glass` unlike the
/// board (the empty vessels show it, [`super::headroom`]): such glass never
/// shows the bare board, so a slot like the board but unlike the glass is
/// a liquid of the board's colour (dark blue vases on a dark blue board,
/// tuning 3044). And a slot like that glass is empty glass whatever the
/// board beside it: glass tinted far off a dark board (tuning 1074: grey
/// tubes on aubergine, ΔE over [`EMPTY_DELTA_E`]) looks like the board
/// nowhere, and its empty vessels were read full of a grey liquid.
pub(crate) fn looks_empty_through(slot: [u8; 3], beside: [u8; 3], glass: Option<[u8; 3]>) -> bool {
    match glass {
        Some(g) => !unlike_glass(slot, g),
        None => looks_empty(slot, beside),
    }
}

/// Whether `color` is no shade of the tinted glass `glass`: farther from
/// it than one colour's samples spread ([`SAME_COLOR_MAX_DELTA_E`]).
fn unlike_glass(color: [u8; 3], glass: [u8; 3]) -> bool {
    delta_e(to_lab(color), to_lab(glass)) >= SAME_COLOR_MAX_DELTA_E
}

/// Largest CIELAB distance between empty glass and the board beside it.
pub(crate) const EMPTY_DELTA_E: f32 = 20.0;

/// Which of the slots read as empty glass are not, each given as its
/// colour and the board's beside it. One screen's glass is one glass: over
/// boards alike it shows, every empty slot steps from the board beside it
/// by about the same CIELAB step (lighter, tinted). Glass mixes into what
/// is behind it, so over boards within one colour's spread
/// ([`SAME_COLOR_MAX_DELTA_E`]) of each other its steps are within that
/// spread too. Among the empty slots over a board like a slot's, the step
/// most share (the nearest the board's on a tie: glass is transparent) is
/// the glass's; a slot whose step is farther from it than that spread is a
/// liquid near the board's colour, not glass. Test case 60355: a full tube
/// of tan liquid ΔE 19 from a peach board, under [`EMPTY_DELTA_E`], where
/// the empty tubes' glass is ΔE 6 from it and lighter; it was read empty,
/// and a level with one colour fewer solved. Over boards unlike each other
/// (sky and ground, a cloud beside the glass) the steps are not compared.
pub(crate) fn unlike_the_glass(looks: &[([u8; 3], [u8; 3])]) -> Vec<bool> {
    // Each slot's step from its board (a difference of CIELAB colours, so
    // [`delta_e`] measures between steps too), and the board.
    let steps: Vec<(Lab, Lab)> = looks
        .iter()
        .map(|&(slot, beside)| {
            let (s, b) = (to_lab(slot), to_lab(beside));
            (Lab::new(s.l - b.l, s.a - b.a, s.b - b.b), b)
        })
        .collect();
    let n = steps.len();
    let within = |d: f32| d < SAME_COLOR_MAX_DELTA_E;
    let steps_alike: Vec<Vec<bool>> =
        (0..n).map(|i| (0..n).map(|j| within(delta_e(steps[i].0, steps[j].0))).collect()).collect();
    let none = Lab::new(0.0, 0.0, 0.0);
    (0..n)
        .map(|k| {
            let over_like: Vec<usize> = (0..n).filter(|&j| within(delta_e(steps[k].1, steps[j].1))).collect();
            let sharing = |j: usize| over_like.iter().filter(|&&i| steps_alike[i][j]).count();
            let glass = over_like.iter().copied().max_by(|&p, &q| {
                sharing(p)
                    .cmp(&sharing(q))
                    .then_with(|| delta_e(steps[q].0, none).total_cmp(&delta_e(steps[p].0, none)))
            });
            glass.is_some_and(|g| !steps_alike[k][g])
        })
        .collect()
}

/// Takes for liquid, in each tube (`samples`, `raws` and the board
/// `besides` each slot, bottom first), the slots read empty that are
/// [`unlike_the_glass`], from the lowest up, so that no liquid stands over
/// glass.
pub(crate) fn liquid_unlike_the_glass(samples: &mut [Vec<SlotSample>], raws: &[&[[u8; 3]]], besides: &[&[[u8; 3]]]) {
    let empties: Vec<(usize, usize)> = (samples.iter().enumerate())
        .flat_map(|(t, tube)| {
            tube.iter().enumerate().filter(|(_, s)| **s == SlotSample::Empty).map(move |(i, _)| (t, i))
        })
        .collect();
    let looks: Vec<([u8; 3], [u8; 3])> = empties.iter().map(|&(t, i)| (raws[t][i], besides[t][i])).collect();
    let unlike = unlike_the_glass(&looks);
    for (t, tube) in samples.iter_mut().enumerate() {
        let first = tube.iter().position(|s| *s == SlotSample::Empty).unwrap_or(tube.len());
        for i in first..tube.len() {
            if !empties.binary_search(&(t, i)).is_ok_and(|k| unlike[k]) {
                break;
            }
            tube[i] = SlotSample::Color(raws[t][i]);
        }
    }
}

/// The median colour of the board next to a tube, level with a slot when
/// there is room (see [`beside_patch`]).
pub fn sample_beside(img: &RgbImage, tube: &Rect, slot: &Rect, others: &[Rect]) -> [u8; 3] {
    let patch = beside_patch(img, tube, slot, others);
    let pixels: Vec<[u8; 3]> = (patch.y0..patch.y1.min(img.height()))
        .flat_map(|y| (patch.x0..patch.x1.min(img.width())).map(move |x| img.get_pixel(x, y).0))
        .collect();
    median_color(&pixels)
}

/// The patch of board next to a tube that stands for the board behind a
/// slot: level with the slot's middle, in the middle of the gap to the
/// next tube (or the screen edge) on the right, else on the left, else
/// just above the tube.
pub fn beside_patch(img: &RgbImage, tube: &Rect, slot: &Rect, others: &[Rect]) -> Rect {
    let w = tube.width();
    let (left_end, right_end) = gap_ends(img, tube, others);
    let (y0, y1) = middle_rows(slot);
    if right_end.saturating_sub(tube.x1) >= w / 3 {
        let gap = right_end - tube.x1;
        Rect { x0: tube.x1 + gap / 3, y0, x1: tube.x1 + gap * 2 / 3, y1 }
    } else if tube.x0.saturating_sub(left_end) >= w / 3 {
        let gap = tube.x0 - left_end;
        Rect { x0: left_end + gap / 3, y0, x1: left_end + gap * 2 / 3, y1 }
    } else {
        // Above the slot too: a grid a layer taller puts its top slot
        // over the box's top, in a neck or flared rim, and a patch above
        // the box alone is then that slot's own liquid (tuning 5282:
        // hurricane vases a third of their width apart, the brown top
        // layer in one's rim read empty beside itself).
        let above = tube.y0.min(slot.y0).saturating_sub(w / 3);
        Rect { x0: tube.x0 + w / 4, y0: above, x1: tube.x1 - w / 4, y1: above + (w / 6).max(1) }
    }
}

/// The wider of the gaps either side of a tube, however narrow, level
/// with the middle half of `slot`, without a quarter of the gap at each
/// end (a wall's blur): where vessels stand too close for
/// [`beside_patch`]'s gap, the only board beside a slot. `None` when
/// neither gap leaves a column of board.
pub fn narrow_gap(img: &RgbImage, tube: &Rect, slot: &Rect, others: &[Rect]) -> Option<Rect> {
    let (left_end, right_end) = gap_ends(img, tube, others);
    let (start, end) = [(tube.x1, right_end), (left_end, tube.x0)]
        .into_iter()
        .max_by_key(|(start, end)| end.saturating_sub(*start))?;
    let quarter = end.saturating_sub(start) / 4;
    let (x0, x1) = (start + quarter, end - quarter);
    let (y0, y1) = middle_rows(slot);
    (x1 > x0).then_some(Rect { x0, y0, x1, y1 })
}

/// Where the gaps either side of a tube end: the nearest tube of its row
/// to the left (or the screen's edge) and to the right.
fn gap_ends(img: &RgbImage, tube: &Rect, others: &[Rect]) -> (u32, u32) {
    let same_row = |o: &&Rect| o.y0 < tube.y1 && tube.y0 < o.y1;
    let right_end =
        others.iter().filter(same_row).filter(|o| o.x0 >= tube.x1).map(|o| o.x0).min().unwrap_or(img.width());
    let left_end = others.iter().filter(same_row).filter(|o| o.x1 <= tube.x0).map(|o| o.x1).max().unwrap_or(0);
    (left_end, right_end)
}

/// The rows of a slot that the board beside it is looked at over: its
/// middle half, a row at least.
fn middle_rows(slot: &Rect) -> (u32, u32) {
    let h = slot.height();
    (slot.y0 + h / 4, (slot.y1 - h / 4).max(slot.y0 + h / 4 + 1))
}

/// The board just outside a tube's walls, level with the middle of `slot`,
/// left and right, where it is seen before a neighbour in the row or the
/// screen's edge: behind clear glass where the board changes across the
/// screen (clouds, a photo) it is nearer what the glass shows than the
/// board in the middle of the gap ([`sample_beside`]). Walking out from the
/// slot's middle along its rows, the board is the first stretch of
/// [`WALL_PATCH`] of the tube's width in one colour beyond the first change
/// (the liquid's edge, the wall, an outline's stroke); a side with no
/// change at all shows what the slot shows, up to the next tube.
pub fn board_at_walls(img: &RgbImage, tube: &Rect, slot: &Rect, others: &[Rect]) -> [Option<[u8; 3]>; 2] {
    let w = tube.width();
    let reach = (w / WALL_PATCH).max(2) as usize;
    let (y0, y1) = middle_rows(slot);
    let y1 = y1.min(img.height());
    let same_row = |o: &&Rect| o.y0 < tube.y1 && tube.y0 < o.y1 && *o != tube;
    let centre = (tube.x0 + tube.x1) / 2;
    let right_end = others
        .iter()
        .filter(same_row)
        .filter(|o| o.x0 > centre)
        .map(|o| o.x0)
        .min()
        .unwrap_or(img.width())
        .min(tube.x1 + w);
    let left_end = others
        .iter()
        .filter(same_row)
        .filter(|o| o.x1 < centre)
        .map(|o| o.x1)
        .max()
        .unwrap_or(0)
        .max(tube.x0.saturating_sub(w));
    let column = |x: u32| {
        let pixels: Vec<[u8; 3]> = (y0..y1).map(|y| img.get_pixel(x, y).0).collect();
        median_color(&pixels)
    };
    let right: Vec<[u8; 3]> = (centre..right_end).map(column).collect();
    let left: Vec<[u8; 3]> = (left_end..centre).rev().map(column).collect();
    let half = (w / 2) as usize;
    [left, right].map(|side| board_beyond_wall(&side, half, reach))
}

/// The board in a row of colours walked out from a tube's middle, whose
/// box ends `half` colours out: the median of the first `reach` colours
/// in one colour beyond both the box's edge and the first change (the
/// box of a vessel found by its liquid can end inside its glass, and a
/// highlight streak is a change inside the box); the last `reach` when
/// nothing changes; none when no stretch that long follows.
///
/// A stretch in a lighter or darker shade of the middle (within
/// [`EMPTY_DELTA_E`]) with the middle's own colour again just beyond it is
/// a highlight streak inside the vessel, not the board: the board is
/// taken beyond that colour. Tuning 8526 (light blue liquid in tinted
/// glass, boxes found by the liquid ending at the streak): the streak was
/// taken for the board, the light blue for glass the board shows through,
/// and the slate empty glass for a colour; a wrong level was solved.
fn board_beyond_wall(side: &[[u8; 3]], half: usize, reach: usize) -> Option<[u8; 3]> {
    let inside = *side.first()?;
    let changed = side.iter().position(|&c| color_distance(c, inside) > RUN_STEP);
    let start = changed.map_or(side.len().saturating_sub(reach), |i| i.max(half));
    let run_at = |from: usize| {
        (from..side.len().saturating_sub(reach - 1))
            .find(|&i| side[i..i + reach].iter().all(|&c| color_distance(c, side[i]) <= RUN_STEP))
    };
    let at = run_at(start)?;
    let like_inside = |c: [u8; 3]| color_distance(c, inside) <= RUN_STEP;
    let streak = !like_inside(side[at]) && looks_empty(side[at], inside);
    // The middle's colour again within a half-width past the streak, and
    // the first stretch after it.
    let beyond = streak
        .then(|| {
            let end = (at..side.len()).find(|&i| color_distance(side[i], side[at]) > RUN_STEP).unwrap_or(side.len());
            (end..side.len()).take(half.max(1)).find(|&i| like_inside(side[i]))
        })
        .flatten()
        .and_then(|again| (again..side.len()).find(|&i| !like_inside(side[i])))
        .and_then(run_at);
    Some(median_color(&side[beyond.unwrap_or(at)..][..reach]))
}

/// A tube's width over the stretch of one colour [`board_at_walls`] takes
/// for the board: longer than an outline's stroke or a wall's shading (the
/// generated outlines are at most a tenth of the width thick with their
/// glow), short enough to fit in the gap between tubes. Not fitted.
const WALL_PATCH: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of boards 200 wide and 40 high with a tube box at x 60..100
    /// outlined by grey strokes 3 columns wide, `inside` between them and a
    /// white highlight streak 3 columns wide near its left wall; the board is
    /// `left` and `right` of it.
    fn tube_between(inside: [u8; 3], left: [u8; 3], right: [u8; 3]) -> (RgbImage, Rect) {
        let img = RgbImage::from_fn(200, 40, |x, _| {
            image::Rgb(match x {
                0..60 => left,
                60..63 | 97..100 => [128, 128, 128],
                66..69 => [250, 250, 250],
                63..97 => inside,
                _ => right,
            })
        });
        (img, Rect { x0: 60, y0: 0, x1: 100, y1: 40 })
    }

    #[test]
    fn the_patch_above_a_tube_too_close_for_its_gaps_lies_above_its_slot_too() {
        // Tuning 5282's shape: tubes 60 wide, 10 apart (under a third of a
        // width), the box from row 100; a slot of a grid a layer taller
        // stands at rows 70..100, over the box's top.
        let img = RgbImage::new(300, 300);
        let tube = Rect { x0: 100, y0: 100, x1: 160, y1: 250 };
        let others = [Rect { x0: 30, y0: 100, x1: 90, y1: 250 }, tube, Rect { x0: 170, y0: 100, x1: 230, y1: 250 }];
        let inside = Rect { x0: 100, y0: 200, x1: 160, y1: 230 };
        assert_eq!(beside_patch(&img, &tube, &inside, &others).y0, 80);
        let over = Rect { x0: 100, y0: 70, x1: 160, y1: 100 };
        let patch = beside_patch(&img, &tube, &over, &others);
        assert!(patch.y1 <= over.y0, "{patch:?} reaches into the slot at rows 70..100");
    }

    #[test]
    fn the_board_at_the_walls_lies_beyond_the_box_and_the_first_change() {
        let (sky, cloud, red) = ([90, 140, 220], [245, 245, 245], [200, 30, 30]);
        let (img, tube) = tube_between(red, sky, cloud);
        let slot = Rect { x0: 60, y0: 5, x1: 100, y1: 35 };
        // The streak is a change inside the box, and the liquid beyond it is
        // not the board: both sides read the board beyond the strokes.
        assert_eq!(board_at_walls(&img, &tube, &slot, &[tube]), [Some(sky), Some(cloud)]);
        // A neighbour's box right beside the wall leaves no board on that side.
        let neighbour = Rect { x0: 101, y0: 0, x1: 141, y1: 40 };
        assert_eq!(board_at_walls(&img, &tube, &slot, &[tube, neighbour]), [Some(sky), None]);
        // Clear glass with no wall drawn changes nowhere: the board is what
        // the glass shows, up to a tube's width out.
        let plain = RgbImage::from_pixel(200, 40, image::Rgb(sky));
        assert_eq!(board_at_walls(&plain, &tube, &slot, &[tube]), [Some(sky), Some(sky)]);
    }

    #[test]
    fn a_streak_beyond_a_box_found_by_the_liquid_is_no_board() {
        // Tuning 8526: a vessel walled at 50..53 and 111..114 on a navy
        // board, light blue liquid inside with a lighter streak at 56..62,
        // and a box found by the liquid, 62..102, ending at the streak.
        let (navy, liquid, streak, wall) = ([12, 28, 80], [150, 215, 250], [200, 235, 255], [230, 230, 230]);
        let img = RgbImage::from_fn(200, 40, |x, _| {
            image::Rgb(match x {
                50..53 | 111..114 => wall,
                56..62 => streak,
                53..111 => liquid,
                _ => navy,
            })
        });
        let tube = Rect { x0: 62, y0: 0, x1: 102, y1: 40 };
        let slot = Rect { x0: 62, y0: 5, x1: 102, y1: 35 };
        assert_eq!(board_at_walls(&img, &tube, &slot, &[tube]), [Some(navy), Some(navy)]);
    }

    #[test]
    fn a_slot_like_the_board_under_glass_tinted_unlike_it_is_liquid() {
        // Tuning 3044's colours: dark blue liquid on a dark blue board, and
        // the empty vases' grey-blue glass.
        let (board, liquid, glass) = ([0, 60, 96], [0, 62, 98], [82, 95, 102]);
        // Clear glass (none found): the slot is the board seen through it.
        assert!(looks_empty_through(liquid, board, None));
        // Tinted glass never shows the bare board: the slot is liquid.
        assert!(!looks_empty_through(liquid, board, Some(glass)));
        // The glass itself, or a shade of it, is still empty.
        assert!(looks_empty_through([78, 92, 100], [70, 85, 96], Some(glass)));
    }

    #[test]
    fn a_slot_like_the_tinted_glass_is_empty_whatever_the_board_beside_it() {
        // Tuning 1074's colours as sampled: an empty tube's slot of grey
        // glass, the aubergine board beside it, the glass the empty tubes
        // show, and a blue liquid.
        let (slot, board, glass, liquid) = ([92, 81, 87], [48, 35, 45], [91, 80, 86], [0, 64, 110]);
        // Clear glass (none found): the glass is too far off the board.
        assert!(!looks_empty_through(slot, board, None));
        // Known, the glass is empty wherever it is seen, and a liquid is not.
        assert!(looks_empty_through(slot, board, Some(glass)));
        assert!(!looks_empty_through(liquid, board, Some(glass)));
    }

    #[test]
    fn a_liquid_near_the_board_unlike_the_screens_glass_is_no_glass() {
        // Test case 60355's colours: a peach board, the empty tubes' lighter
        // glass over it, and a tan liquid within ΔE 20 of the board.
        let (board, glass, tan) = ([233, 188, 155], [237, 199, 171], [200, 143, 98]);
        assert!(looks_empty(tan, board));
        let mut looks = vec![(glass, board); 6];
        looks.extend([(tan, board); 3]);
        let unlike = unlike_the_glass(&looks);
        assert_eq!(unlike, [[false; 6].as_slice(), &[true; 3]].concat());
        // Glass a little lighter or darker in places is still the glass.
        assert_eq!(unlike_the_glass(&[(glass, board), (board, board), ([228, 192, 160], board)]), [false; 3]);
        // With as many of each, the look nearer the board is the glass.
        assert_eq!(unlike_the_glass(&[(tan, board), (glass, board)]), [true, false]);
        // Glass over a board unlike the others' (a cloud beside it) steps
        // from it otherwise, and is not compared with them.
        let (sky, cloud) = ([215, 210, 172], [238, 236, 224]);
        let looks = [([225, 221, 197], sky), ([226, 222, 194], sky), ([214, 207, 166], cloud)];
        assert_eq!(unlike_the_glass(&looks), [false; 3]);
    }
}
