//! Liquid below the bottom slot. Liquid rests on its vessel's bottom, so
//! the bottom slot ends where the liquid does: a grid shifted up by a
//! layer leaves the bottom layer out under it, and the counts can still
//! add up (fresh 17879: balls four to a tube, whose shading split them
//! into short runs, read on a grid of three slots a layer above the
//! tubes' bottoms; every tube lost its bottom ball, and a wrong level was
//! solved).

use image::RgbImage;
use palette::Lab;

use super::{Doubt, color_centres, glass::read_empty, raw_of};
use crate::geometry::{SlotSample, TubeLayout};
use crate::imaging::color::{delta_e, to_lab};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::Detection;
use crate::vision::water::board::{EMPTY_DELTA_E, sample_beside};
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::slots::{check_step, row_colors, slot_middle};

/// Least share of a slot's height that rows showing a liquid of the level
/// must fill under an open tube's bottom slot, inside its outline, for a
/// layer to have been left out there. A layer is a whole slot and a ball
/// nearly one (its shading keeps most of its rows within
/// [`SAME_COLOR_MAX_DELTA_E`] of its colour); a round bottom's outline or
/// the padding under a ball is a fraction, and glass or board none.
/// Half, as [`super::unit`]'s long runs; not fitted.
pub(super) const LIQUID_BELOW_SHARE: f32 = 0.5;

/// Rows under a slot boundary that its edge's blur (anti-aliasing, JPEG,
/// a shrunk copy's box average) may lend the liquid above it; left out.
/// Tuning 2917: tiny wine glasses, layers 4 rows tall, whose bottom
/// layer's blur made 2 rows under the grid look like its liquid.
const EDGE_BLUR_ROWS: u32 = 2;

/// The first open tube with liquid under its bottom slot: rows down the
/// slots' middle strip, from [`EDGE_BLUR_ROWS`] under the bottom slot to
/// the outline's bottom, that lie within [`SAME_COLOR_MAX_DELTA_E`] of a
/// colour of the level and look neither like the empty glass nor like the
/// board beside the tube, nor like the row as far under a wholly empty
/// tube's bottom slot (no liquid rests in an empty vessel, so what it
/// shows there is the vessel's own drawing: fresh 89871, wine glasses
/// whose thick outline and stem are drawn in a liquid's dark teal),
/// filling [`LIQUID_BELOW_SHARE`] of a slot or more.
pub(super) fn liquid_below(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres: Vec<Lab> = color_centres(&detection.samples, puzzle).into_iter().flatten().collect();
    let glass: Vec<Lab> = raw_of(detection, SlotSample::Empty).into_iter().map(to_lab).collect();
    let outlines: Vec<_> = detection.tubes.iter().map(|t| t.outer).collect();
    let open = || detection.tubes.iter().zip(&detection.locks).enumerate().filter(|(_, (_, lock))| lock.is_none());
    let under = |tube: &TubeLayout| -> Option<Vec<Lab>> {
        let bottom = tube.slots.first()?;
        let (y0, y1) = (bottom.y1 + EDGE_BLUR_ROWS, tube.outer.y1.min(image.height()));
        let middle = slot_middle(bottom);
        let x1 = middle.x1.min(image.width());
        (y1 > y0 && x1 > middle.x0).then(|| {
            row_colors(image, middle.x0, x1, y0, y1, check_step(middle.x0, x1)).into_iter().map(to_lab).collect()
        })
    };
    // Each open tube's rows under its bottom slot, looked at once.
    let unders: Vec<(usize, &TubeLayout, Vec<Lab>)> =
        open().filter_map(|(t, (tube, _))| Some((t, tube, under(tube)?))).collect();
    let empty = |t: usize| read_empty(&detection.samples[t]);
    let drawn: Vec<&Vec<Lab>> = unders.iter().filter(|(t, ..)| empty(*t)).map(|(_, _, rows)| rows).collect();
    for (t, tube, rows) in &unders {
        let Some(bottom) = tube.slots.first() else { continue };
        let board = to_lab(sample_beside(image, &tube.outer, bottom, &outlines));
        let unlike = |lab: Lab, of: &Lab| delta_e(lab, *of) >= EMPTY_DELTA_E;
        let liquid = |lab: Lab| {
            centres.iter().any(|&c| delta_e(lab, c) < SAME_COLOR_MAX_DELTA_E)
                && glass.iter().all(|g| unlike(lab, g))
                && unlike(lab, &board)
        };
        let vessel_drawn = |row: usize, lab: Lab| {
            drawn.iter().any(|d| d.get(row).is_some_and(|&e| delta_e(lab, e) < SAME_COLOR_MAX_DELTA_E))
        };
        let shown = rows.iter().enumerate().filter(|&(i, &c)| liquid(c) && !vessel_drawn(i, c)).count();
        let unit = bottom.height().max(1) as f32;
        if shown as f32 >= LIQUID_BELOW_SHARE * unit {
            return Some(Doubt::LiquidBelow { tube: t + 1, share: 100.0 * shown as f32 / unit });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BLUE, BOARD, RED, tube_picture};
    use super::*;
    use crate::geometry::Rect;
    use SlotSample::Color;

    #[test]
    fn a_layer_left_out_under_the_bottom_slot_is_doubted() {
        // Four units of 30 rows from the tube's bottom up, read on a grid
        // of three slots a unit higher: the bottom red is under the grid.
        let liquid = [(RED, 30), (BLUE, 30), (RED, 30), (BLUE, 30)];
        let puzzle: WaterPuzzle = "ABA BAB EEE".parse().unwrap();
        let (image, whole) = tube_picture(&liquid, 4, 30);
        let mut raised = whole.clone();
        raised.tubes[0].slots.remove(0);
        raised.tubes.push(raised.tubes[0].clone());
        raised.samples = vec![vec![Color(BLUE), Color(RED), Color(BLUE)], vec![Color(RED), Color(BLUE), Color(RED)]];
        raised.locks = vec![None; 2];
        raised.raw = vec![Vec::new(); 2];
        // The red's 30 rows under the grid, the first two left to the blur.
        let share = 100.0 * 28.0 / 30.0;
        assert_eq!(liquid_below(&image, &raised, &puzzle), Some(Doubt::LiquidBelow { tube: 1, share }));
        // On the grid from the bottom, only the board's rows are below it.
        let puzzle: WaterPuzzle = "BABA ABAB EEEE".parse().unwrap();
        let mut on_grid = whole;
        on_grid.tubes.push(on_grid.tubes[0].clone());
        on_grid.samples = vec![
            vec![Color(RED), Color(BLUE), Color(RED), Color(BLUE)],
            vec![Color(BLUE), Color(RED), Color(BLUE), Color(RED)],
        ];
        on_grid.locks = vec![None; 2];
        on_grid.raw = vec![Vec::new(); 2];
        assert_eq!(liquid_below(&image, &on_grid, &puzzle), None);
    }

    #[test]
    fn the_vessels_own_bottom_drawn_in_a_liquids_colour_is_no_liquid_below() {
        // Fresh case 89871's wine glasses: a thick bottom drawn in the dark
        // teal of one of the level's liquids, 14 rows under every glass's
        // bottom slot, the empty one's too.
        const TEAL: [u8; 3] = [0, 110, 120];
        let puzzle: WaterPuzzle = "ABA BAB EEE".parse().unwrap();
        let tubes = [[TEAL, RED, TEAL], [RED, TEAL, RED]];
        // The picture with that bottom drawn under the first `bottoms` vessels.
        let picture = |bottoms: u32| {
            let mut image = RgbImage::from_pixel(200, 240, image::Rgb(BOARD));
            let mut paint = |x0: u32, y0: u32, rows: u32, colour: [u8; 3]| {
                for y in y0..y0 + rows {
                    for x in x0 + 2..x0 + 38 {
                        image.put_pixel(x, y, image::Rgb(colour));
                    }
                }
            };
            for (t, colours) in tubes.iter().enumerate() {
                for (k, &colour) in colours.iter().enumerate() {
                    paint(60 * t as u32, 180 - 20 * k as u32, 20, colour);
                }
            }
            for t in 0..bottoms {
                paint(60 * t, 200, 14, TEAL);
            }
            image
        };
        let tube = |x0: u32| TubeLayout {
            outer: Rect { x0, x1: x0 + 40, y0: 100, y1: 216 },
            slots: (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 180 - 20 * k, y1: 200 - 20 * k }).collect(),
        };
        let (_, one) = tube_picture(&[], 0, 20);
        let detection = Detection {
            tubes: vec![tube(0), tube(60), tube(120)],
            samples: vec![
                tubes[0].iter().map(|&c| Color(c)).collect(),
                tubes[1].iter().map(|&c| Color(c)).collect(),
                vec![SlotSample::Empty; 3],
            ],
            locks: vec![None; 3],
            raw: vec![Vec::new(); 3],
            ..one
        };
        assert_eq!(liquid_below(&picture(3), &detection, &puzzle), None);
        // Where the empty glass shows the board there, the teal under the
        // full glasses is liquid (12 rows past the blur, of 20).
        let share = 100.0 * 12.0 / 20.0;
        assert_eq!(liquid_below(&picture(2), &detection, &puzzle), Some(Doubt::LiquidBelow { tube: 1, share }));
    }
}
