//! The split-layer check: the slot grid is the liquid's unit, so neither
//! the upper nor the lower part of a filled slot shows another colour of
//! the level, and next to a hidden cell neither part of a shown layer's
//! slot shows the cells' shade (a grid at the wrong height, a neck or a
//! headroom counted as a slot, cuts layers; shading, a ball's round edge
//! and the lit surface on a tube's top layer do not change colour).

use image::RgbImage;
use palette::Lab;

use super::{Doubt, color_centres, labelled_samples, median_in, pixels_in, raw_of};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, median_color, to_lab};
use crate::puzzle::water::WaterPuzzle;
use crate::vision::water::Detection;
use crate::vision::water::level::SAME_COLOR_MAX_DELTA_E;
use crate::vision::water::surface::is_lit;

/// The share of a slot's height, from each end, left out of the upper and
/// lower parts looked at by [`Doubt::SplitLayer`] (the bottom slot's lower
/// part is not looked at: the vessel's bottom comes into it): a slot found
/// from a well-measured unit can still be off by a few percent, and the
/// surface of the liquid may carry a meniscus. Chosen by hand, not fitted: with it
/// no slot of the 84 screenshots of ../shared read exactly is doubted.
const SPLIT_MARGIN: f32 = 0.12;

/// The first slot one of whose parts shows what belongs to another layer:
/// another colour of the level, or next to a hidden cell, the cells'
/// shade.
pub(super) fn split_layer(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<Doubt> {
    let centres = color_centres(&detection.samples, puzzle);
    // Next to a hidden cell, the cells' shade counts as another colour in
    // the part of the slot that meets the cell: a slot read as a liquid
    // there whose part is a hidden cell lies on a grid a layer off (fresh
    // 26926: pint glasses read with a slot under their seven hidden cells,
    // holding the lowest cell's foot and the base). Not elsewhere: a
    // flask's neck darkens its top slot's upper part like a cell (tuning
    // 1275, 1406).
    let hidden = raw_of(detection, SlotSample::Hidden);
    let cells = (!hidden.is_empty()).then(|| to_lab(median_color(&hidden)));
    // Which colour of the level a part of a slot shows, when it is clearly
    // one other than `own` (or, given, the cells' shade).
    let near = |part: Lab, c: &Option<Lab>| c.is_some_and(|c| delta_e(part, c) < SAME_COLOR_MAX_DELTA_E);
    let other_colour = |part: Lab, own: usize| centres.iter().enumerate().any(|(i, c)| i != own && near(part, c));
    let slots: Vec<Parts> = labelled_samples(&detection.samples, puzzle)
        .into_iter()
        .map(|(t, k, id, _)| Parts { tube: t, layer: k, id, parts: slot_parts(image, detection, t, k) })
        .collect();
    // The empty glass, where it is like no colour of the level and not
    // the cells' shade: a part of a slot seen through it beside a round
    // ball, or under a curved bottom, is no other colour. Only where
    // every layer is shown: with hidden layers the counts leave the
    // number of colours open, and a part that shows another colour is
    // also what one liquid read as two colours looks like (tuning 4511:
    // a ball's upper part, its glass left out, was its own colour, but
    // the three tubes of that blue had been read as two colours, and the
    // level solved was not the one shown).
    let unlike_level = |g: &Lab| !centres.iter().chain([&cells]).any(|c| near(*g, c));
    let glass: Vec<Lab> = if puzzle.has_unknowns() {
        Vec::new()
    } else {
        glass_shades(detection).into_iter().filter(unlike_level).collect()
    };
    for slot in &slots {
        let (t, k, id) = (slot.tube, slot.layer, slot.id);
        let under_cell = detection.samples[t].get(k + 1) == Some(&SlotSample::Hidden);
        let over_cell = k.checked_sub(1).is_some_and(|j| detection.samples[t][j] == SlotSample::Hidden);
        // Over a hidden cell likewise in the lower part: the cell coming
        // up into a shown layer is a grid off the unit (fresh 43403:
        // flasks of five hidden layers under one shown, read on a grid of
        // five slots for six; the cell's shade filled the lower 0.6 of
        // the shown layer's slot).
        for (side, cells) in [(0, cells.filter(|_| under_cell)), (1, cells.filter(|_| over_cell))] {
            let Some((rect, p)) = slot.parts[side] else { continue };
            let part = to_lab(p);
            // A part that looks as the same part of the other slots of its
            // colour is how that colour is drawn there (a ball's shine on
            // its upper half, nearer a near-identical colour than its own
            // median: tuning 3504, 3014); a grid off the unit shows there
            // the layers above or below, which differ from slot to slot.
            let drawn_so = || {
                let alike = slots.iter().filter(|o| o.id == id && (o.tube, o.layer) != (t, k));
                alike
                    .filter_map(|o| Some(o.parts[side]?.1))
                    .filter(|&q| delta_e(part, to_lab(q)) < SAME_COLOR_MAX_DELTA_E)
                    .count()
                    >= SLOTS_DRAWN_ALIKE
            };
            let doubted = |part: Lab| {
                !near(part, &centres[id]) && ((other_colour(part, id) && !drawn_so()) || near(part, &cells))
            };
            // Only a part that would be doubted is looked at again
            // without the glass in it: most parts are not, and this
            // keeps the pixel-by-pixel look off the common path.
            if doubted(part) && liquid_median(image, rect, &glass).is_some_and(doubted) {
                let d = centres[id].map_or(0.0, |c| delta_e(part, c));
                return Some(Doubt::SplitLayer { tube: t + 1, layer: k + 1, delta_e: d });
            }
        }
    }
    None
}

/// Least number of other slots of a colour whose same part looks alike for
/// a part to be taken as how that colour is drawn there: two, so that one
/// layer that happens to lie over (or under) the same colour in another
/// tube does not silence a grid off the unit.
const SLOTS_DRAWN_ALIKE: usize = 2;

/// A labelled slot and its two parts looked at, upper and lower: where
/// each lies and its median colour.
struct Parts {
    tube: usize,
    layer: usize,
    id: usize,
    parts: [Option<(Rect, [u8; 3])>; 2],
}

/// The shades of the empty glass: each tube's empty slots' median, for
/// every tube with an empty slot.
fn glass_shades(detection: &Detection) -> Vec<Lab> {
    let tubes = detection.samples.iter().zip(&detection.raw);
    tubes
        .filter_map(|(samples, raw)| {
            let empty: Vec<[u8; 3]> =
                samples.iter().zip(raw).filter(|(s, _)| **s == SlotSample::Empty).map(|(_, &c)| c).collect();
            (!empty.is_empty()).then(|| to_lab(median_color(&empty)))
        })
        .collect()
}

/// The median colour of the pixels of `rect` that are not the empty glass
/// (the pixels [`median_in`] takes, [`pixels_in`]); `None` when every one
/// is glass. Beside a round ball, or over a vessel's curved bottom, the
/// glass fills the sides of a slot's part, and the median of glass and
/// liquid mixed is a third colour that may lie near another of the level
/// (tuning 3645: a green ball's lower part over a brown board read as the
/// level's grey-green; fresh 81894: a cyan ball's over a pale green board
/// as its pale blue).
fn liquid_median(image: &RgbImage, rect: Rect, glass: &[Lab]) -> Option<Lab> {
    let liquid: Vec<[u8; 3]> = pixels_in(image, rect)
        .filter(|&p| {
            let p = to_lab(p);
            glass.iter().all(|&g| delta_e(p, g) >= SAME_COLOR_MAX_DELTA_E)
        })
        .collect();
    (!liquid.is_empty()).then(|| to_lab(median_color(&liquid)))
}

/// Where the upper and lower parts of slot `k` of tube `t` lie, and their
/// median colours (the lower part `None` for a bottom slot, the upper
/// part `None` where it is the top layer's lit surface).
fn slot_parts(image: &RgbImage, detection: &Detection, t: usize, k: usize) -> [Option<(Rect, [u8; 3])>; 2] {
    let slot = detection.tubes[t].slots[k];
    let (w, h) = (slot.width() as f32, slot.height() as f32);
    let x0 = slot.x0 + (w * 0.2) as u32;
    let x1 = slot.x1 - (w * 0.2) as u32;
    // A part from `from` rows below the slot's top down to the share
    // `to` of its height. The upper part's margin is at least a whole
    // row: a small slot's share rounded down to none took in the row of
    // a boundary a row off the grid (7-row slots, tuning 667). The
    // lower part ends a row or more above the slot's bottom at every
    // height.
    let part = |from: u32, to: f32| {
        let y0 = slot.y0 + from;
        let rect = Rect { x0, x1, y0, y1: (slot.y0 + (h * to) as u32).max(y0 + 1) };
        Some((rect, median_in(image, rect)?))
    };
    // The lower part of a bottom slot meets the vessel's bottom, whose
    // rounded outline and shading come into it at small sizes; a unit
    // misread splits the slots above it too.
    let lower = (k > 0).then(|| part((h * 0.55) as u32, 1.0 - SPLIT_MARGIN)).flatten();
    let upper = part(((h * SPLIT_MARGIN) as u32).max(1), 0.45);
    // The upper part of a tube's top layer lit against that layer's own
    // colour is its lit surface (a thin band some games draw on top
    // of the liquid, within the part at small sizes: tuning 1513, bulbs
    // full to the shoulder, their pink top layer's band read as the
    // salmon of the level); under liquid no band is drawn.
    let on_top = detection.samples[t].get(k + 1).is_none_or(|s| *s == SlotSample::Empty);
    let own = detection.raw.get(t).and_then(|r| r.get(k)).copied();
    let surface = |p: [u8; 3]| on_top && own.is_some_and(|own| is_lit(p, own));
    [upper.filter(|&(_, p)| !surface(p)), lower]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TubeLayout;
    use crate::vision::water::doubts::tests::{BLUE, BOARD, RED};
    use SlotSample::{Color, Hidden};

    /// Where [`split_layer`] doubts a slot: its tube and layer, from 1.
    fn split_place(image: &RgbImage, detection: &Detection, puzzle: &WaterPuzzle) -> Option<(usize, usize)> {
        match split_layer(image, detection, puzzle)? {
            Doubt::SplitLayer { tube, layer, .. } => Some((tube, layer)),
            other => panic!("not a split layer: {other:?}"),
        }
    }

    /// Two tubes of four 30-row slots on a board 120 by 160, drawn in
    /// `columns` (bottom first) as `paint` has each row of each slot (tube,
    /// slot, row from the slot's top, the column's colour), and their layout.
    fn two_tubes_drawn(
        columns: &[[[u8; 3]; 4]; 2],
        paint: impl Fn(usize, usize, u32, [u8; 3]) -> [u8; 3],
    ) -> (RgbImage, Vec<TubeLayout>) {
        tubes_drawn(columns, |t, k, row, _, colour| paint(t, k, row, colour))
    }

    /// [`two_tubes_drawn`] for any number of tubes (the board 60 wide a
    /// tube), `paint` also told each pixel's column in its slot.
    fn tubes_drawn(
        columns: &[[[u8; 3]; 4]],
        paint: impl Fn(usize, usize, u32, u32, [u8; 3]) -> [u8; 3],
    ) -> (RgbImage, Vec<TubeLayout>) {
        let mut image = RgbImage::from_pixel(60 * columns.len() as u32, 160, image::Rgb(BOARD));
        let mut tubes = Vec::new();
        for (t, column) in columns.iter().enumerate() {
            let x0 = 10 + 60 * t as u32;
            let slots: Vec<Rect> =
                (0..4).map(|k| Rect { x0, x1: x0 + 40, y0: 150 - (k + 1) * 30, y1: 150 - k * 30 }).collect();
            for (k, (slot, &colour)) in slots.iter().zip(column).enumerate() {
                for y in slot.y0..slot.y1 {
                    for x in slot.x0..slot.x1 {
                        image.put_pixel(x, y, image::Rgb(paint(t, k, y - slot.y0, x - slot.x0, colour)));
                    }
                }
            }
            tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: 20, y1: 152 }, slots });
        }
        (image, tubes)
    }

    /// A detection of `tubes` drawn on `image`, each slot read as the colour
    /// it was drawn in (`columns`, bottom first), every tube full.
    fn read_as_drawn<const N: usize>(image: &RgbImage, tubes: Vec<TubeLayout>, columns: &[[[u8; 3]; N]]) -> Detection {
        Detection {
            image_width: image.width(),
            image_height: image.height(),
            tubes,
            samples: columns.iter().map(|c| c.iter().map(|&c| Color(c)).collect()).collect(),
            locks: vec![None; columns.len()],
            raw: vec![Vec::new(); columns.len()],
            capacity: N,
            lit: Vec::new(),
            capped: Vec::new(),
        }
    }

    #[test]
    fn the_bottom_slots_lower_part_is_left_to_the_vessels_bottom_and_a_slot_above_split_is_doubted() {
        // Two tubes of four 30-row slots, bottom first blue, blue, red, red
        // and red, red, blue, blue (top first "AABB BBAA", A red).
        let puzzle: WaterPuzzle = "AABB BBAA".parse().unwrap();
        let columns = [[BLUE, BLUE, RED, RED], [RED, RED, BLUE, BLUE]];
        let picture = |paint: Option<(usize, usize)>| {
            // The lower third of slot `paint` painted the other colour.
            let (image, tubes) = two_tubes_drawn(&columns, |t, k, row, colour| {
                let other = paint == Some((t, k)) && row >= 18;
                if other { if colour == RED { BLUE } else { RED } } else { colour }
            });
            let detection = read_as_drawn(&image, tubes, &columns);
            (image, detection)
        };
        let (image, detection) = picture(None);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // A rounded bottom's outline comes into the lower part of the bottom
        // slot: no doubt there.
        let (image, detection) = picture(Some((0, 0)));
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // The same in the slot above it is a slot across two layers.
        let (image, detection) = picture(Some((0, 1)));
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 2)));
    }

    #[test]
    fn a_top_layers_lit_surface_is_no_other_colour_but_a_lighter_colour_under_liquid_is() {
        // Two tubes full of a dark red and a light one, each the other
        // made lighter (top first "ABAB BABA", A dark). The upper part of
        // a slot painted light: on the first tube's top layer, its lit
        // surface; under another layer, a slot across two layers.
        let (dark, light) = ([160, 20, 20], [230, 90, 90]);
        let puzzle: WaterPuzzle = "ABAB BABA".parse().unwrap();
        let columns = [[light, dark, light, dark], [dark, light, dark, light]];
        let painted = |slot: usize| {
            let paint = |t, k, row, colour| if t == 0 && k == slot && row < 14 { light } else { colour };
            let (image, tubes) = two_tubes_drawn(&columns, paint);
            let mut detection = read_as_drawn(&image, tubes, &columns);
            detection.raw = columns.iter().map(|c| c.to_vec()).collect();
            (image, detection)
        };
        let (image, detection) = painted(3);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        let (image, detection) = painted(1);
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 2)));
    }

    #[test]
    fn a_part_drawn_alike_in_the_slots_of_its_colour_is_how_that_colour_is_drawn() {
        // Tuning 3504 in small: balls of a green and a near-identical mint,
        // the shine on each green ball's upper half reading as the mint.
        const GREEN: [u8; 3] = [60, 200, 60];
        const MINT: [u8; 3] = [60, 230, 170];
        assert!(delta_e(to_lab(GREEN), to_lab(MINT)) >= SAME_COLOR_MAX_DELTA_E);
        let puzzle: WaterPuzzle = "BABA ABAB".parse().unwrap();
        let columns = [[GREEN, MINT, GREEN, MINT], [MINT, GREEN, MINT, GREEN]];
        // The green slots for which `shone` holds drawn with a mint upper part.
        let drawn = |shone: &dyn Fn(usize, usize) -> bool| {
            let paint = |t, k, row, colour| if colour == GREEN && row < 14 && shone(t, k) { MINT } else { colour };
            let (image, tubes) = two_tubes_drawn(&columns, paint);
            let detection = read_as_drawn(&image, tubes, &columns);
            (image, detection)
        };
        // Every green so: how the green is drawn.
        let (image, detection) = drawn(&|_, _| true);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // One alone, or two (each alike one other only): a slot across two layers.
        let (image, detection) = drawn(&|t, k| (t, k) == (0, 2));
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 3)));
        let (image, detection) = drawn(&|t, _| t == 0);
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 1)));
    }

    #[test]
    fn a_slot_read_as_a_liquid_next_to_a_hidden_cell_whose_part_there_is_one_is_doubted() {
        // Fresh 26926 in small: two tubes of four 30-row slots, a red and a
        // brown shown, two hidden cells between (top first "A??B B??A", A
        // red). Games may show a liquid under hidden cells (sshcrack's).
        let (cell, brown) = ([50, 50, 56], [150, 110, 60]);
        let puzzle: WaterPuzzle = "A??B B??A".parse().unwrap();
        let columns = [[brown, cell, cell, RED], [RED, cell, cell, brown]];
        // The upper half of the first tube's slot `half` (bottom first)
        // painted in the cells' shade, or with `lower` its lower half.
        let painted =
            |half: Option<usize>, lower: bool| {
                let (image, tubes) = two_tubes_drawn(&columns, |t, k, row, colour| {
                    if t == 0 && half == Some(k) && (row < 15) != lower { cell } else { colour }
                });
                let mut detection = read_as_drawn(&image, tubes, &columns);
                detection.raw = columns.iter().map(|c| c.to_vec()).collect();
                for samples in &mut detection.samples {
                    samples[1] = Hidden;
                    samples[2] = Hidden;
                }
                (image, detection)
            };
        let picture = |half: Option<usize>| painted(half, false);
        let (image, detection) = picture(None);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // The bottom slot a cell's lower half over the vessel's brown base.
        let (image, detection) = picture(Some(0));
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 1)));
        // Over the cells, a dark upper part is no cell (a flask's neck).
        let (image, detection) = picture(Some(3));
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // But a dark lower part there is the cell below coming up into
        // the shown layer: a grid off the unit (fresh 43403).
        let (image, detection) = painted(Some(3), true);
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 4)));
    }

    #[test]
    fn the_glass_beside_a_round_ball_is_left_out_of_its_parts_colour() {
        // Tuning 3645 in small: green balls on a dark board, each slot's
        // lower rows the glass at the sides blending into the ball's
        // colour at its middle (a round ball's narrowing edge). The
        // median of that part is a third colour; the level has it.
        const GREEN: [u8; 3] = [0, 190, 105];
        // The colour of the glass and the ball mixed at `t` (0 ball, 1 glass).
        let mix =
            |t: f32| -> [u8; 3] { std::array::from_fn(|c| (GREEN[c] as f32 * (1.0 - t) + BOARD[c] as f32 * t) as u8) };
        // Across a slot, `x` from its left wall.
        let edged = |x: u32| mix((((x as f32 - 19.5).abs() - 4.0) / 5.0).clamp(0.0, 1.0));
        // Three tubes of four 30-row slots, the third empty glass (the
        // board); the green slots (`ball` says which) drawn with a ball's
        // edge in rows 16 and on, the others flat.
        let draw = |level: [u8; 3], ball: &dyn Fn(usize, usize) -> bool| {
            let columns = [[GREEN, GREEN, level, level], [level, level, GREEN, GREEN], [BOARD; 4]];
            let (image, tubes) =
                tubes_drawn(
                    &columns,
                    |t, k, row, x, colour| {
                        if colour == GREEN && ball(t, k) && row >= 16 { edged(x) } else { colour }
                    },
                );
            let mut detection = read_as_drawn(&image, tubes, &columns);
            detection.raw = columns.iter().map(|c| c.to_vec()).collect();
            detection.samples[2] = vec![SlotSample::Empty; 4];
            (image, detection)
        };
        // The same with the empty tube left out of the detection.
        let without_empty = |(image, mut detection): (RgbImage, Detection)| {
            detection.samples.pop();
            detection.raw.pop();
            detection.tubes.pop();
            detection.locks.pop();
            (image, detection)
        };
        // The third colour: the median of a ball's edged lower part.
        let (image, _) = draw(RED, &|_, _| true);
        let part = Rect { x0: 18, x1: 42, y0: 90 + 16, y1: 90 + 26 };
        let third = median_in(&image, part).unwrap();
        let lab = |c: [u8; 3]| to_lab(c);
        assert!(delta_e(lab(third), lab(GREEN)) >= SAME_COLOR_MAX_DELTA_E);
        assert!(delta_e(lab(third), lab(BOARD)) >= SAME_COLOR_MAX_DELTA_E);
        let puzzle: WaterPuzzle = "BBAA AABB ....".parse().unwrap();
        // One green ball so drawn, the other three flat: its lower part
        // is the third colour, which the level has. With the glass
        // known (the empty tube's), the ball's edge is glass and green.
        let one = |t: usize, k: usize| (t, k) == (0, 1);
        let (image, detection) = draw(third, &one);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // With no empty glass to know it by, the part is doubted as
        // before.
        let (image, detection) = without_empty(draw(third, &one));
        let two: WaterPuzzle = "BBAA AABB".parse().unwrap();
        assert_eq!(split_place(&image, &detection, &two), Some((1, 2)));
        // With a hidden layer (the second tube's bottom cell) the number
        // of colours is open, and the part is doubted as before too.
        let (mut image, mut detection) = draw(third, &one);
        let cell = [50, 50, 56];
        for y in 120..150 {
            for x in 70..110 {
                image.put_pixel(x, y, image::Rgb(cell));
            }
        }
        detection.samples[1][0] = SlotSample::Hidden;
        detection.raw[1][0] = cell;
        let open: WaterPuzzle = "BBAA AAB? ....".parse().unwrap();
        assert_eq!(split_place(&image, &detection, &open), Some((1, 2)));
        // A lower part of the third colour itself is doubted, glass known.
        let (mut image, detection) = draw(third, &|_, _| false);
        for y in 90 + 16..120 {
            for x in 10..50 {
                image.put_pixel(x, y, image::Rgb(third));
            }
        }
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 2)));
    }

    #[test]
    fn a_small_slots_parts_leave_out_a_whole_row_at_each_end() {
        // Tuning 667's wine glasses: 7-row slots, each a row above its
        // layer, so a slot's top row is the layer above it. The upper part,
        // its margin rounded down to no row, took that row and one of its
        // own: half salmon, half teal, whose channel medians make a third
        // colour of the level (a pink) and the slot was doubted as split.
        const SALMON: [u8; 3] = [255, 156, 130];
        const TEAL: [u8; 3] = [0, 141, 171];
        const PINK: [u8; 3] = [250, 152, 168];
        let puzzle: WaterPuzzle = "ABC BCA CAB".parse().unwrap();
        let columns = [[PINK, TEAL, SALMON], [SALMON, PINK, TEAL], [TEAL, SALMON, PINK]];
        // `split`: a slot whose lower three rows are painted another colour.
        let picture = |split: Option<(usize, usize, [u8; 3])>| {
            let mut image = RgbImage::from_pixel(200, 60, image::Rgb(BOARD));
            let mut tubes = Vec::new();
            for (t, column) in columns.iter().enumerate() {
                let x0 = 10 + 60 * t as u32;
                let slots: Vec<Rect> =
                    (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 50 - (k + 1) * 7, y1: 50 - k * 7 }).collect();
                for (k, (slot, &colour)) in slots.iter().zip(column).enumerate() {
                    // Each layer a row below its slot.
                    for y in slot.y0 + 1..slot.y1 + 1 {
                        let c = match split {
                            Some((st, sk, other)) if (st, sk) == (t, k) && y >= slot.y1 - 3 => other,
                            _ => colour,
                        };
                        for x in slot.x0..slot.x1 {
                            image.put_pixel(x, y, image::Rgb(c));
                        }
                    }
                }
                tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: 20, y1: 52 }, slots });
            }
            let detection = read_as_drawn(&image, tubes, &columns);
            (image, detection)
        };
        let (image, detection) = picture(None);
        assert_eq!(split_layer(&image, &detection, &puzzle), None);
        // A slot whose lower part is another colour of the level is split.
        let (image, detection) = picture(Some((0, 1, PINK)));
        assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 2)));
    }
}
