//! Empty glass over a board that is not flat (a texture, a photo's ground,
//! clouds): the glass shows the board's grain through it, so its slots
//! match neither the board beside the tube (which differs from the board
//! behind it) nor one colour of glass, and read as liquid. A game's liquid
//! is flat colour; the grain is the evidence. A slot on top of a tube whose
//! middle is grained where the board beside it is grained too is that
//! glass; so is one the colour of the board just outside its vessel's
//! walls (clear glass before a cloud that the middle of the gap misses).
//! A slot of the hidden cells' own shade is a hidden cell whose glyph was
//! missed, never glass. Tried, like [`tinted`](super::tinted), only when
//! the counts failed, and believed only if the reading then passes every
//! check.

use image::RgbImage;

use super::board::{beside_patch, board_at_walls, looks_empty, narrow_gap};
use super::level::SAME_COLOR_MAX_DELTA_E;
use super::slots::slot_middle;
use super::{Detection, SAME_LIQUID_DELTA_E};
use crate::geometry::{Rect, SlotSample};
use crate::imaging::color::{delta_e, to_lab};

/// The detection with every slot read as liquid that shows the board's
/// grain or the board just outside its walls (or looks like `glass`, the
/// game's empty glass where it was seen), with only such slots or empty
/// ones above it, taken for empty; `None`
/// when no slot changes. A slot that looks like the grained glass just
/// above it is taken for that glass too.
pub(super) fn grained_glass_taken_for_liquid(
    image: &RgbImage,
    detection: &Detection,
    glass: Option<[u8; 3]>,
) -> Option<Detection> {
    let outlines: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let glass = glass.map(to_lab);
    // The hidden cells' shade, as sampled where a glyph was seen.
    let cells: Vec<_> = super::doubts::raw_of(detection, SlotSample::Hidden).into_iter().map(to_lab).collect();
    let mut out = detection.clone();
    let mut changed = false;
    for ((tube, samples), raw) in detection.tubes.iter().zip(out.samples.iter_mut()).zip(&detection.raw) {
        // The colour of the grained glass just above, walking down.
        let mut grained_above: Option<[u8; 3]> = None;
        for ((slot, sample), &color) in tube.slots.iter().zip(samples.iter_mut()).zip(raw).rev() {
            if *sample == SlotSample::Empty {
                continue;
            }
            // A slot of the hidden cells' own shade is a hidden cell whose
            // glyph was missed, never glass (fresh 19309: two tubes of
            // hidden layers, boxed off centre so their glyphs were missed,
            // read as empty glass showing the board at their walls).
            let cell = cells.iter().any(|&c| delta_e(to_lab(color), c) <= SAME_LIQUID_DELTA_E);
            if !matches!(sample, SlotSample::Color(_)) || cell {
                break;
            }
            let like_glass = glass.is_some_and(|g| delta_e(to_lab(color), g) < SAME_COLOR_MAX_DELTA_E);
            // The same glass over the same ground goes on down where the
            // grain is too fine to see (a small picture): a slot like the
            // grained glass just above it is that glass too, so a
            // ground's glass is never split into glass and a liquid.
            let glass_goes_on = grained_above.is_some_and(|above| looks_empty(color, above));
            if shows_grain(image, &tube.outer, slot, &outlines)
                || glass_goes_on
                || shows_board_at_walls(image, &tube.outer, slot, &outlines, color)
            {
                grained_above = Some(color);
            } else if !like_glass {
                break;
            }
            *sample = SlotSample::Empty;
            changed = true;
        }
    }
    changed.then_some(out)
}

/// The top layer (tube and slot, from 0) of the first colour that shows
/// the board's grain where glass read as liquid would: empty glass over a
/// grained board, read as one more liquid filling a vessel, which the
/// counts let through (hidden layers leave them open; tuning 7035, an
/// empty pint glass over a mottled hill read full of one colour). The
/// colour lies in that one vessel, or alone in each vessel holding it, the
/// slots above it read empty (fresh 58451: two empty glasses over a hill
/// whose lower slots, four in one and three in the other, made one more
/// colour of seven), its top layer and most of its layers are grained (in
/// a narrow foot the grain can fade), and its layers are
/// not sampled alike, as one liquid's are: the ground changes behind the
/// glass. Shaded balls show a spread like grain, but each ball of a
/// colour is drawn alike; a liquid's own gloss shows in some layers of a
/// colour spread over several tubes (the wood-board game of ../shared,
/// sshcrack discovery-level-38).
/// `color` gives the colour read in a slot (tube, slot), if any.
pub(super) fn grained_color(
    image: &RgbImage,
    detection: &Detection,
    color: impl Fn(usize, usize) -> Option<usize>,
) -> Option<(usize, usize)> {
    let outlines: Vec<Rect> = detection.tubes.iter().map(|t| t.outer).collect();
    let grained = |t: usize, k: usize| {
        let tube = &detection.tubes[t];
        shows_grain(image, &tube.outer, &tube.slots[k], &outlines)
    };
    let mut tops = detection.samples.iter().enumerate().filter_map(|(t, samples)| {
        let top = samples.iter().rposition(|s| *s != SlotSample::Empty)?;
        let liquid = matches!(samples[top], SlotSample::Color(_));
        Some((t, top, color(t, top).filter(|_| liquid)?))
    });
    // The grain is looked at last: it costs a pass over the slot's pixels.
    tops.find(|&(t, k, id)| {
        let color = &color;
        let slots = |u: usize| (0..detection.samples[u].len()).filter(move |&j| color(u, j) == Some(id));
        let vessels = || (0..detection.samples.len()).filter(move |&u| slots(u).next().is_some());
        let alone = |u: usize| {
            detection.samples[u].iter().enumerate().all(|(j, s)| *s == SlotSample::Empty || color(u, j) == Some(id))
        };
        let set_apart = vessels().all(|u| u == t) || vessels().all(alone);
        let layers = || vessels().flat_map(move |u| slots(u).map(move |j| (u, j)));
        let colors: Vec<_> = layers().map(|(u, j)| to_lab(detection.raw[u][j])).collect();
        let uneven = colors.iter().any(|&a| colors.iter().any(|&b| delta_e(a, b) > SAME_LIQUID_DELTA_E));
        set_apart && uneven && grained(t, k) && {
            let shown = layers().filter(|&(u, j)| (u, j) == (t, k) || grained(u, j)).count();
            2 * shown > colors.len()
        }
    })
    .map(|(t, k, _)| (t, k))
}

/// Whether a slot's middle shows the grain of the board beside its tube:
/// it is not flat (its lightness spreads at least [`FLAT_LIQUID_SPREAD`]),
/// the board beside is grained (at least [`GRAINED_BOARD_SPREAD`]), and
/// the slot keeps at least [`GLASS_PASSES`] of the board's spread.
fn shows_grain(image: &RgbImage, tube: &Rect, slot: &Rect, outlines: &[Rect]) -> bool {
    let inside = lightness_spread(image, &slot_middle(slot));
    let beside = beside_patch(image, tube, slot, outlines);
    // Vessels standing close leave the board beside a slot only in the
    // narrow gaps between them; the patch above the tube, where
    // [`beside_patch`] falls back to, is no board behind the slot (fresh
    // 58451: hurricane glasses over a mottled hill, the sky above them).
    let beside = if beside.y1 <= tube.y0 { narrow_gap(image, tube, slot, outlines).unwrap_or(beside) } else { beside };
    let board = lightness_spread(image, &beside);
    inside >= FLAT_LIQUID_SPREAD && board >= GRAINED_BOARD_SPREAD && inside >= GLASS_PASSES * board
}

/// Whether a slot's colour is that of the board just outside its vessel's
/// walls, level with the slot's middle, on either side: clear glass over a
/// board that changes across the screen (clouds, a photo), where the board
/// in the middle of the gap beside the vessel is not the board behind it.
fn shows_board_at_walls(image: &RgbImage, tube: &Rect, slot: &Rect, outlines: &[Rect], color: [u8; 3]) -> bool {
    board_at_walls(image, tube, slot, outlines).into_iter().flatten().any(|b| looks_empty(color, b))
}

/// The interquartile range of CIELAB lightness over the part of `area` in
/// the picture: robust to a highlight streak or a meniscus line covering
/// under a quarter of it.
fn lightness_spread(image: &RgbImage, area: &Rect) -> f32 {
    let mut l: Vec<f32> = Vec::new();
    for y in area.y0..area.y1.min(image.height()) {
        for x in area.x0..area.x1.min(image.width()) {
            l.push(to_lab(image.get_pixel(x, y).0).l);
        }
    }
    if l.len() < 4 {
        return 0.0;
    }
    l.sort_by(f32::total_cmp);
    l[l.len() * 3 / 4] - l[l.len() / 4]
}

/// Least lightness spread (interquartile, CIELAB L) of a slot's middle
/// that is not flat liquid. Measured on tuning seeds 0..400, slots whose
/// truth is liquid: median 0.0, 90th percentile 0.4, 96% under 1.5 (the
/// rest curved walls and highlights in narrow vessels); empty glass read as
/// liquid: median 2.8, 59 of 65 at or over 1.5.
const FLAT_LIQUID_SPREAD: f32 = 1.5;

/// Least lightness spread of the board beside a tube for it to count as
/// grained: over JPEG noise on a flat board. Measured beside every slot of
/// tuning seeds 0..400: median 0.0-0.24 on every kind of board, 99th
/// percentile 1.5-1.6 on paper and the photos' skies, while 8-13% of the
/// patches beside slots on flat, gradient and textured boards reach 2 (a
/// neighbour's outline or the interface in the patch, or the texture). So
/// it does not prove grain alone; with the slot's own spread it does.
const GRAINED_BOARD_SPREAD: f32 = 2.0;

/// Least share of the board's spread that glass over it keeps: glass that
/// lets through under a third of the board is near opaque, and reads by its
/// own colour ([`tinted`](super::tinted)). Not fitted: the generated glass
/// tints let 60-90% through.
const GLASS_PASSES: f32 = 0.3;

#[cfg(test)]
mod tests {
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
            let x0 = 20 + t as u32 * 60;
            let outer = Rect { x0, x1: x0 + 40, y0: 50, y1: 140 };
            let slots: Vec<Rect> =
                (0..3).map(|k| Rect { x0, x1: x0 + 40, y0: 140 - (k + 1) * 30, y1: 140 - k * 30 }).collect();
            for (slot, liquid) in slots.iter().zip(column) {
                for y in slot.y0..slot.y1 {
                    for x in slot.x0..slot.x1 {
                        image.put_pixel(x, y, image::Rgb(liquid.unwrap_or_else(|| glass_over(grain(x, y)))));
                    }
                }
            }
            raw.push(column.iter().map(|c| c.unwrap_or(glass_over([90, 78, 65]))).collect::<Vec<_>>());
            tubes.push(TubeLayout { outer, slots });
        }
        let detection = Detection {
            image_width: image.width(),
            image_height: image.height(),
            locks: vec![None; tubes.len()],
            tubes,
            samples: raw.iter().map(|c| c.iter().map(|&c| Color(c)).collect()).collect(),
            raw,
            capacity: 3,
            lit: Vec::new(),
            capped: Vec::new(),
        };
        (image, detection)
    }

    #[test]
    fn slots_on_top_that_show_the_boards_grain_are_empty_glass() {
        let (image, detection) = grained_level();
        let glassy = grained_glass_taken_for_liquid(&image, &detection, None).expect("the glass was read as liquid");
        assert_eq!(glassy.samples[0], vec![Color(RED), Color(RED), Empty]);
        assert_eq!(glassy.samples[1], vec![Color(BLUE); 3]);
        assert_eq!(glassy.samples[2], vec![Empty; 3]);
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
        let glassy = grained_glass_taken_for_liquid(&image, &detection, None).expect("the glass was read as liquid");
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
        let glassy = grained_glass_taken_for_liquid(&image, &detection, None).expect("the glass was read as liquid");
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
        let glassy =
            grained_glass_taken_for_liquid(&image, &detection, None).expect("the sky's glass was read as liquid");
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
        assert!(grained_glass_taken_for_liquid(&image, &detection, None).is_none());
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
}
