//! The split-layer check's tests on made-up tubes.

use super::*;
use crate::geometry::TubeLayout;
use crate::vision::water::doubts::median_in;
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

/// Tube `t`'s `count` slots of `rows` rows each, 40 wide, bottom first,
/// the bottom one ending at row `bottom`; the tubes stand 60 apart.
fn slots_up_from(t: usize, count: u32, rows: u32, bottom: u32) -> Vec<Rect> {
    let x0 = 10 + 60 * t as u32;
    (0..count).map(|k| Rect { x0, x1: x0 + 40, y0: bottom - (k + 1) * rows, y1: bottom - k * rows }).collect()
}

/// A detection of `tubes` drawn on `image`, each slot read as the colour
/// it was drawn in (`columns`, bottom first), every tube full.
fn read_as_drawn<const N: usize>(image: &RgbImage, tubes: Vec<TubeLayout>, columns: &[[[u8; 3]; N]]) -> Detection {
    let samples = columns.iter().map(|c| c.iter().map(|&c| Color(c)).collect()).collect();
    Detection::made_up(image, tubes, samples, vec![Vec::new(); columns.len()], N)
}

/// The second tube's bottom slot (of [`tubes_drawn`]'s) drawn and read
/// as a hidden cell: the number of colours left open.
fn hide_second_tubes_bottom(image: &mut RgbImage, detection: &mut Detection) {
    let cell = [50, 50, 56];
    for y in 120..150 {
        for x in 70..110 {
            image.put_pixel(x, y, image::Rgb(cell));
        }
    }
    detection.samples[1][0] = Hidden;
    detection.raw[1][0] = cell;
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
    let painted = |half: Option<usize>, lower: bool| {
        let (image, tubes) =
            two_tubes_drawn(
                &columns,
                |t, k, row, colour| {
                    if t == 0 && half == Some(k) && (row < 15) != lower { cell } else { colour }
                },
            );
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
    hide_second_tubes_bottom(&mut image, &mut detection);
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
            let slots = slots_up_from(t, 3, 7, 50);
            let x0 = slots[0].x0;
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

#[test]
fn a_part_of_another_hue_lit_as_its_own_colour_is_a_jpegs_hue_bleeding() {
    // Tuning 3986 in large: a blue whose upper part takes the hue of a
    // lighter, near-identical blue above it while its lightness stays
    // its own (a JPEG's hue at half resolution in a small slot).
    const OWN: [u8; 3] = [50, 110, 181];
    const OTHER: [u8; 3] = [90, 120, 228];
    // Its hue: ΔE 23 from its own colour, 6 from the other's; its L* 1.6
    // above its own colour's, 5.7 under the other's.
    const BLED: [u8; 3] = [70, 106, 212];
    // The other's hue lit halfway between the two (L* 49.7).
    const HALFWAY: [u8; 3] = [76, 112, 218];
    let lab = |c: [u8; 3]| to_lab(c);
    for part in [BLED, HALFWAY] {
        assert!(delta_e(lab(part), lab(OWN)) >= SAME_COLOR_MAX_DELTA_E);
        assert!(delta_e(lab(part), lab(OTHER)) < SAME_COLOR_MAX_DELTA_E);
    }
    let puzzle: WaterPuzzle = "BABA ABAB".parse().unwrap();
    let columns = [[OWN, OTHER, OWN, OTHER], [OTHER, OWN, OTHER, OWN]];
    // The first tube's third slot (its own colour, under the other)
    // drawn with its upper part `part`.
    let drawn = |part: [u8; 3]| {
        let paint = |t, k, row, colour| if (t, k) == (0, 2) && row < 14 { part } else { colour };
        let (image, tubes) = two_tubes_drawn(&columns, paint);
        let detection = read_as_drawn(&image, tubes, &columns);
        (image, detection)
    };
    let (image, detection) = drawn(BLED);
    assert_eq!(split_layer(&image, &detection, &puzzle), None);
    // Lit halfway, or as the other colour itself: a slot across two layers.
    let (image, detection) = drawn(HALFWAY);
    assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 3)));
    let (image, detection) = drawn(OTHER);
    assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 3)));
    // Where the two colours' samples meet in lightness (one of its own
    // colour's sampled as light as the other), lightness does not tell
    // them apart, and the part is doubted by its hue.
    let (image, mut detection) = drawn(BLED);
    let lighter = [70, 134, 200];
    assert!(to_lab(lighter).l > to_lab(OTHER).l);
    detection.samples[1][3] = Color(lighter);
    assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 3)));
    // With a hidden layer (the second tube's bottom cell) the number of
    // colours is open: two colours of one hue lit apart may be one
    // liquid, and the part is doubted by its hue as before.
    let (mut image, mut detection) = drawn(BLED);
    detection.raw = columns.iter().map(|c| c.to_vec()).collect();
    hide_second_tubes_bottom(&mut image, &mut detection);
    let open: WaterPuzzle = "BABA ABA?".parse().unwrap();
    assert_eq!(split_place(&image, &detection, &open), Some((1, 3)));
}

#[test]
fn a_grid_a_row_or_two_off_small_slots_is_no_split_layer_but_a_third_of_a_layer_off_is() {
    // Three tubes of four 12-row slots, bottom first, red green red yellow,
    // green red yellow green, yellow yellow green red; the first tube's
    // lowest boundary drawn `off` rows under the grid's, so that the top
    // rows of its bottom slot show the green above. The upper part looked
    // at is rows 1 to 4 of a slot: taken on every other row, two rows off
    // left one row of each layer in it, and the per-channel median of red
    // [200, 30, 30] and green [30, 200, 30] is yellow [200, 200, 30], a
    // colour of the level.
    const GREEN: [u8; 3] = [30, 200, 30];
    const YELLOW: [u8; 3] = [200, 200, 30];
    let columns = [[RED, GREEN, RED, YELLOW], [GREEN, RED, YELLOW, GREEN], [YELLOW, YELLOW, GREEN, RED]];
    let puzzle: WaterPuzzle = "CABA BCAB ABCC".parse().unwrap();
    let drawn = |off: u32| {
        let mut image = RgbImage::from_pixel(180, 80, image::Rgb(BOARD));
        let mut tubes = Vec::new();
        for (t, column) in columns.iter().enumerate() {
            let slots = slots_up_from(t, 4, 12, 70);
            let x0 = slots[0].x0;
            for (k, slot) in slots.iter().enumerate() {
                for y in slot.y0..slot.y1 {
                    // The layer above reaches `off` rows into this slot.
                    let above = (t, k) == (0, 0) && y < slot.y0 + off;
                    let colour = if above { column[k + 1] } else { column[k] };
                    for x in slot.x0..slot.x1 {
                        image.put_pixel(x, y, image::Rgb(colour));
                    }
                }
            }
            tubes.push(TubeLayout { outer: Rect { x0, x1: x0 + 40, y0: 10, y1: 72 }, slots });
        }
        let detection = read_as_drawn(&image, tubes, &columns);
        (image, detection)
    };
    let (image, detection) = drawn(0);
    assert_eq!(split_layer(&image, &detection, &puzzle), None);
    // Two rows off: the part's own rows (3 of 4) outnumber the next layer's.
    let (image, detection) = drawn(2);
    assert_eq!(split_layer(&image, &detection, &puzzle), None);
    // Four rows off, a third of a layer: the part is the layer above.
    let (image, detection) = drawn(4);
    assert_eq!(split_place(&image, &detection, &puzzle), Some((1, 1)));
}
