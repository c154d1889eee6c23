//! Tests of grained glass told from liquid.

use super::*;
use crate::geometry::TubeLayout;
use SlotSample::{Color, Empty, Hidden};

const RED: [u8; 3] = [200, 30, 30];
const BLUE: [u8; 3] = [30, 60, 210];

/// A board of coarse grain (cells of 3 pixels, lightness alternating
/// in a checker), with three tubes of three 30-row slots: red under
/// empty glass, blue full, and empty glass alone. Glass lets 70% of the
/// board through under a white tint; every slot read as a liquid.
fn grained_level() -> (RgbImage, Detection) {
    let grain = |x: u32, y: u32| if (x / 3 + y / 3).is_multiple_of(2) { [70u8, 60, 50] } else { [110, 95, 80] };
    let mut image = RgbImage::from_fn(200, 160, |x, y| image::Rgb(grain(x, y)));
    let glass_over = |p: [u8; 3]| p.map(|c| (c as f32 * 0.7 + 255.0 * 0.3) as u8);
    let columns: [[Option<[u8; 3]>; 3]; 3] = [[Some(RED), Some(RED), None], [Some(BLUE); 3], [None; 3]];
    let mut tubes = Vec::new();
    let mut raw = Vec::new();
    for (t, column) in columns.iter().enumerate() {
        let tube = TubeLayout::made_up(t, 50);
        for (slot, liquid) in tube.slots.iter().zip(column) {
            for y in slot.y0..slot.y1 {
                for x in slot.x0..slot.x1 {
                    image.put_pixel(x, y, image::Rgb(liquid.unwrap_or_else(|| glass_over(grain(x, y)))));
                }
            }
        }
        raw.push(column.iter().map(|c| c.unwrap_or(glass_over([90, 78, 65]))).collect::<Vec<_>>());
        tubes.push(tube);
    }
    let samples = raw.iter().map(|c| c.iter().map(|&c| Color(c)).collect()).collect();
    let detection = Detection::made_up(&image, tubes, samples, raw, 3);
    (image, detection)
}

#[test]
fn slots_on_top_that_show_the_boards_grain_are_empty_glass() {
    let (image, detection) = grained_level();
    let glassy =
        grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown).expect("the glass was read as liquid");
    assert_eq!(glassy.samples[0], vec![Color(RED), Color(RED), Empty]);
    assert_eq!(glassy.samples[1], vec![Color(BLUE); 3]);
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
}

#[test]
fn glass_like_glass_shown_grained_elsewhere_is_empty_where_the_board_beside_it_is_flat() {
    // Sky beside the empty tube's top slot, on its right, where the
    // ground behind the glass still shows its grain (a hill's edge
    // curving away behind a vessel: test 1001847). The glass on the red
    // tube shows the grain beside it, and this glass is its colour.
    let (mut image, detection) = grained_level();
    let top = detection.tubes[2].slots[2];
    for y in top.y0..top.y1 {
        for x in detection.tubes[2].outer.x1..image.width() {
            image.put_pixel(x, y, image::Rgb([90, 140, 220]));
        }
    }
    // Only the slots showing the grain beside them: the red tube's glass.
    let shown = grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown).expect("the red tube's glass");
    assert_eq!(shown.samples[2], detection.samples[2]);
    let glassy = grained_glass_taken_for_liquid(&image, &detection, None, Extent::LikeShown)
        .expect("the glass was read as liquid");
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
    assert_eq!(glassy.samples[0], vec![Color(RED), Color(RED), Empty]);
    assert_eq!(glassy.samples[1], vec![Color(BLUE); 3]);
    // A flat slot of that colour there is no glass showing the grain: a
    // liquid, and the slots under it stay.
    for y in top.y0..top.y1 {
        for x in top.x0..top.x1 {
            image.put_pixel(x, y, image::Rgb(detection.raw[2][2]));
        }
    }
    let glassy = grained_glass_taken_for_liquid(&image, &detection, None, Extent::LikeShown)
        .expect("the red tube's glass is read");
    assert_eq!(glassy.samples[2], detection.samples[2]);
}

#[test]
fn the_vessels_extent_empties_only_tubes_wholly_of_glass_sampled_unlike_one_liquid() {
    let (image, mut detection) = grained_level();
    // The empty tube's glass sampled alike in every slot, as one liquid's
    // would be: no tube is taken for glass.
    assert!(grained_glass_taken_for_liquid(&image, &detection, None, Extent::Vessels).is_none());
    // Sampled unlike down the tube (the ground changes behind it): that
    // tube is glass; the red tube's top, glass over liquid, is left as
    // read, as are the full blue tube's slots.
    detection.raw[2][0] = [100, 100, 100];
    let glassy = grained_glass_taken_for_liquid(&image, &detection, None, Extent::Vessels)
        .expect("the empty tube was read as liquid");
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
    assert_eq!(glassy.samples[0], detection.samples[0]);
    assert_eq!(glassy.samples[1], detection.samples[1]);
}

#[test]
fn glass_goes_on_below_grained_glass_where_the_grain_fades() {
    // The empty tube's two lower slots show the glass flat (grain too
    // fine for a small picture), the colour of the grained slot above:
    // glass too, not a liquid of two layers.
    let (mut image, mut detection) = grained_level();
    let flat = detection.raw[2][2];
    for slot in &detection.tubes[2].slots[..2] {
        for y in slot.y0..slot.y1 {
            for x in slot.x0..slot.x1 {
                image.put_pixel(x, y, image::Rgb(flat));
            }
        }
    }
    detection.raw[2] = vec![flat; 3];
    detection.samples[2] = vec![Color(flat); 3];
    let glassy =
        grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown).expect("the glass was read as liquid");
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
    // Red under grained glass is unlike it, and stays.
    assert_eq!(glassy.samples[0], vec![Color(RED), Color(RED), Empty]);
}

#[test]
fn clear_glass_before_a_cloud_the_gap_misses_is_empty() {
    // A flat sky with a white cloud over the first tube and just past
    // its walls, ending before the middle of the gap: the glass shows
    // the cloud, flat, and the board in the gap is sky.
    let (sky, cloud, stroke) = ([90u8, 140, 220], [245u8, 245, 245], [128u8, 128, 128]);
    let mut image = RgbImage::from_fn(200, 160, |x, y| {
        image::Rgb(if (8..68).contains(&x) && (40..150).contains(&y) { cloud } else { sky })
    });
    let (_, mut detection) = grained_level();
    for (t, tube) in detection.tubes.iter().enumerate() {
        for y in tube.outer.y0..tube.outer.y1 {
            for x in tube.outer.x0..tube.outer.x1 {
                let wall = x < tube.outer.x0 + 2 || x >= tube.outer.x1 - 2;
                let inside = if t == 1 { BLUE } else { image.get_pixel(x, y).0 };
                image.put_pixel(x, y, image::Rgb(if wall { stroke } else { inside }));
            }
        }
    }
    detection.samples = vec![vec![Color(cloud); 3], vec![Color(BLUE); 3], vec![Color(sky); 3]];
    detection.raw = vec![vec![cloud; 3], vec![BLUE; 3], vec![sky; 3]];
    let glassy =
        grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown).expect("the glass was read as liquid");
    assert_eq!(glassy.samples[0], vec![Empty; 3]);
    // The blue liquid is like no board beside it, and stays.
    assert_eq!(glassy.samples[1], vec![Color(BLUE); 3]);
}

#[test]
fn a_slot_of_the_hidden_cells_shade_is_never_glass() {
    // Fresh 19309: a box drawn inside its vessel, from a highlight
    // streak near the left wall (22..24) to the right wall, its
    // maroon hidden cells going on 6 columns beyond the box's edge to
    // the outline (12..14): walking out, that maroon is taken for the
    // board at the wall. The second tube's cells of that maroon were
    // read hidden by their glyphs; the third is clear glass on sky.
    let (sky, maroon, streak, stroke) = ([90u8, 140, 220], [66u8, 33, 40], [200u8, 190, 200], [40u8, 30, 60]);
    let (_, mut detection) = grained_level();
    let mut image = RgbImage::from_pixel(200, 160, image::Rgb(sky));
    for y in 50..140 {
        for x in 12..62 {
            let c = match x {
                12..14 | 60..62 => stroke,
                22..24 => streak,
                _ => maroon,
            };
            image.put_pixel(x, y, image::Rgb(c));
        }
        for x in 80..120 {
            image.put_pixel(x, y, image::Rgb(if (82..118).contains(&x) { maroon } else { stroke }));
        }
    }
    detection.samples = vec![vec![Color(maroon); 3], vec![Hidden, Hidden, Color(maroon)], vec![Color(sky); 3]];
    detection.raw = vec![vec![maroon; 3], vec![maroon; 3], vec![sky; 3]];
    let glassy = grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown)
        .expect("the sky's glass was read as liquid");
    assert_eq!(glassy.samples[2], vec![Empty; 3]);
    assert_eq!(glassy.samples[0], vec![Color(maroon); 3]);
}

#[test]
fn flat_slots_over_a_grained_board_stay_liquid() {
    let (image, mut detection) = grained_level();
    // Only the full blue tube: nothing shows grain, so nothing changes.
    detection.tubes.truncate(2);
    detection.tubes.remove(0);
    detection.samples = vec![vec![Color(BLUE); 3]];
    detection.raw = vec![vec![BLUE; 3]];
    detection.locks = vec![None];
    assert!(grained_glass_taken_for_liquid(&image, &detection, None, Extent::Shown).is_none());
}

#[test]
fn a_vessel_full_of_a_colour_that_shows_the_boards_grain_is_glass_but_balls_or_a_gloss_in_a_few_layers_are_not() {
    let (mut image, mut detection) = grained_level();
    // Colours by tube: red under glass of its own colour, blue, and
    // the empty tube's glass read full of one more colour.
    let ids = [[0, 0, 1], [2, 2, 2], [3, 3, 3]];
    let color = |t: usize, k: usize| Some(ids[t][k]);
    // The empty tube's glass, sampled unlike slot to slot (the ground
    // changes behind it), grained in every layer: glass. (The glass
    // on top of the red is in a vessel with another colour.)
    detection.raw[2] = vec![[150, 140, 130], [160, 150, 135], [145, 130, 120]];
    assert_eq!(grained_color(&image, &detection, color), Some((2, 2)));
    // Sampled alike, as balls of a colour are drawn alike: no glass.
    detection.raw[2] = vec![[150, 140, 130]; 3];
    assert_eq!(grained_color(&image, &detection, color), None);
    // The blue tube alone as candidate, sampled a little unlike, with
    // a gloss (a grain of two blues) in its top layer: one of three
    // layers is no grain.
    for t in [0, 2] {
        detection.samples[t] = vec![Empty; 3];
    }
    detection.raw[1] = vec![BLUE, [40, 70, 220], [50, 80, 230]];
    let gloss = |image: &mut RgbImage, slot: Rect| {
        for y in slot.y0..slot.y1 {
            for x in slot.x0..slot.x1 {
                let light = (x / 3 + y / 3).is_multiple_of(2);
                image.put_pixel(x, y, image::Rgb(if light { [70, 100, 250] } else { BLUE }));
            }
        }
    };
    gloss(&mut image, detection.tubes[1].slots[2]);
    assert_eq!(grained_color(&image, &detection, color), None);
    // Two of its three layers: glass whose grain fades in the foot.
    gloss(&mut image, detection.tubes[1].slots[1]);
    assert_eq!(grained_color(&image, &detection, color), Some((1, 2)));
}

#[test]
fn a_colour_alone_in_the_bottoms_of_empty_vessels_that_shows_the_grain_is_glass_though_they_stand_close() {
    // Fresh 58451: two empty hurricane glasses over a mottled hill,
    // whose lower slots read as one more colour in both; boxed wide,
    // they leave only narrow gaps of board between them, and the sky
    // above them is flat.
    let (mut image, mut detection) = grained_level();
    let grain = |x: u32, y: u32| if (x / 3 + y / 3).is_multiple_of(2) { [70u8, 60, 50] } else { [110, 95, 80] };
    let glass_over = |p: [u8; 3]| p.map(|c| (c as f32 * 0.7 + 255.0 * 0.3) as u8);
    let lower = detection.tubes[1].slots[..2].to_vec();
    for slot in lower {
        for y in slot.y0..slot.y1 {
            for x in slot.x0..slot.x1 {
                image.put_pixel(x, y, image::Rgb(glass_over(grain(x, y))));
            }
        }
    }
    // Red under glass of its own colour; the glass of the two others
    // read as one colour, its slots sampled unlike (the ground changes).
    let ids = [[Some(0), Some(0), Some(1)], [Some(3), Some(3), None], [Some(3); 3]];
    let color = |t: usize, k: usize| ids[t][k];
    detection.samples[1][2] = Empty;
    detection.raw[1] = vec![[150, 140, 130], [160, 150, 135], [0, 0, 0]];
    detection.raw[2] = vec![[145, 130, 120], [155, 145, 130], [150, 138, 126]];
    assert_eq!(grained_color(&image, &detection, color), Some((1, 1)));
    // In another vessel beside a liquid, the colour may be a liquid's
    // gloss: not judged.
    let mixed = [[Some(0), Some(0), Some(1)], [Some(3), Some(3), Some(2)], [Some(3); 3]];
    detection.samples[1][2] = Color(BLUE);
    assert_eq!(grained_color(&image, &detection, |t: usize, k: usize| mixed[t][k]), None);
    detection.samples[1][2] = Empty;
    // Boxes 7 px wider each side leave gaps of 6 px, and the board
    // above the vessels is flat: the grain is judged in the gaps.
    for y in 0..50 {
        for x in 0..image.width() {
            image.put_pixel(x, y, image::Rgb([150, 200, 230]));
        }
    }
    for tube in &mut detection.tubes {
        (tube.outer.x0, tube.outer.x1) = (tube.outer.x0 - 7, tube.outer.x1 + 7);
    }
    assert_eq!(grained_color(&image, &detection, color), Some((1, 1)));
}
