//! The overlay's geometry, pages and painting on a small made-up layout.

use super::*;
use crate::geometry::{Rect, TubeLayout};
use crate::puzzle::water::Layer;

/// Two rows of three 40×120 tubes on a 300×600 screen.
fn layout() -> Layout {
    let tube = |row: u32, col: u32| {
        let outer = Rect { x0: 30 + col * 90, y0: 200 + row * 180, x1: 70 + col * 90, y1: 320 + row * 180 };
        let slots = (0..4)
            .map(|k| Rect { x0: outer.x0, y0: outer.y1 - 25 * (k + 1), x1: outer.x1, y1: outer.y1 - 25 * k })
            .collect();
        TubeLayout { outer, slots }
    };
    Layout {
        image_width: 300,
        image_height: 600,
        tubes: (0..2).flat_map(|r| (0..3).map(move |c| tube(r, c))).collect(),
        colors: vec![[200, 0, 0], [0, 200, 0], [0, 0, 200], [200, 200, 0]],
        empty_color: [10, 10, 10],
        color_names: Vec::new(),
    }
}

/// A screenshot of `puzzle` on [`layout`]: every slot painted its colour,
/// inside a light glass wall `wall` pixels wide at each side.
fn screenshot(puzzle: &WaterPuzzle, wall: u32) -> RgbImage {
    let l = layout();
    let mut image = RgbImage::from_pixel(300, 600, Rgb([20, 40, 30]));
    for (tube, t) in l.tubes.iter().zip(puzzle.tubes()) {
        for (k, slot) in tube.slots.iter().enumerate() {
            let fill = match t.layers.get(k) {
                Some(Layer::Color(id)) => l.colors[id.0 as usize],
                _ => l.empty_color,
            };
            for y in slot.y0..slot.y1 {
                for x in slot.x0..slot.x1 {
                    let glass = x < slot.x0 + wall || x >= slot.x1 - wall;
                    image.put_pixel(x, y, Rgb(if glass { [230, 230, 230] } else { fill }));
                }
            }
        }
    }
    image
}

#[test]
fn later_pages_and_frames_show_the_tubes_as_they_will_be() {
    let puzzle: WaterPuzzle = "RRGG GGRR BBBB YYYY EEEE EEEE".parse().unwrap();
    // A screenshot of that level: every slot painted its colour.
    let image = screenshot(&puzzle, 0);
    let l = layout();
    let moves = vec![Pour { from: 0, to: 4 }, Pour { from: 1, to: 0 }, Pour { from: 1, to: 4 }];
    let one_per_page = RenderOptions { moves_per_page: 1 };
    let pages = render(&image, &l, &puzzle, &moves, &Headline::Solved { total: 3 }, &one_per_page);
    let offset = overlay_geometry(&l, &moves, &Headline::Solved { total: 3 }, &one_per_page).offset;
    // Page 1 is the screenshot itself inside the tubes; on page 2 the
    // first pour has moved red into tube 5's bottom slot, edge to edge.
    let bottom_of_tube5 = |img: &RgbImage, x: u32| *img.get_pixel(x, 490 + offset);
    assert_eq!(bottom_of_tube5(&pages[0], 130).0, [10, 10, 10]);
    assert_eq!(bottom_of_tube5(&pages[1], 130).0, [200, 0, 0]);
    assert_eq!(bottom_of_tube5(&pages[1], 121).0, [200, 0, 0]);
    let frames = frames(&image, &l, &puzzle, &moves);
    assert_eq!(frames.len(), 3);
    let offset = frame_geometry(&l, &moves).offset;
    // After all three pours tube 2 is empty: painted with the empty colour.
    assert_eq!(frames[2].get_pixel(130, 300 + offset).0, [10, 10, 10]);
}

#[test]
fn a_colour_no_tube_showed_at_the_bottom_is_recoloured_in_the_glass_shape() {
    // Green is shown only above red; poured into an empty tube it lies
    // at the bottom, where no tube showed it, so a red bottom's rows
    // are recoloured there: the glass's pixels stay as they were.
    let puzzle: WaterPuzzle = "GGGR GRRR EEEE EEEE EEEE EEEE".parse().unwrap();
    let l = layout();
    // Liquid inside a glass wall of 4 px.
    let image = screenshot(&puzzle, 4);
    let mut after = puzzle.clone();
    after.apply(Pour { from: 0, to: 2 }).unwrap();
    let mut out = image.clone();
    state::paint_state(&mut out, &image, &l, &puzzle, &after);
    // Ids follow the text's first appearance: G is id 0, R id 1.
    let (green, red) = (l.colors[0], l.colors[1]);
    assert_eq!(image.get_pixel(50, 310).0, red, "tube 1 showed R at its bottom");
    // Tube 3's bottom is now G inside and glass at the wall.
    assert_eq!(out.get_pixel(230, 310).0, green);
    assert_eq!(out.get_pixel(211, 310).0, [230, 230, 230]);
    // Its slot above is copied from tube 1's G, edge to edge.
    assert_eq!(out.get_pixel(230, 285).0, green);
}

/// The geometry of every page as text: a golden file pins it, and
/// `REGENERATE=1 cargo test` rewrites the file after a deliberate change.
fn geometry_text(pages: &Pages) -> String {
    let mut out = format!(
        "page {}x{} offset {} stroke {:.1} badge {:.1} number {:.1} legend {:?}\n",
        pages.width, pages.height, pages.offset, pages.sizes.stroke, pages.sizes.badge, pages.sizes.label, pages.legend
    );
    let labels: Vec<String> = pages.labels.iter().map(|(x, y)| format!("({x:.0},{y:.0})")).collect();
    out += &format!("numbers {}\n", labels.join(" "));
    for (i, p) in pages.pages.iter().enumerate() {
        out += &format!("page {}\n", i + 1);
        for a in &p.arrows {
            let path: Vec<String> = a.path.iter().map(|(x, y)| format!("({x:.0},{y:.0})")).collect();
            out += &format!("  move {}: {} badge ({:.0},{:.0})\n", a.number, path.join(" "), a.badge.0, a.badge.1);
        }
        for line in &p.lines {
            out += &format!("  | {line}\n");
        }
    }
    out
}

fn sample_moves() -> Vec<Pour> {
    [(0, 2), (3, 1), (4, 5), (2, 4), (1, 0), (5, 3), (0, 5)].iter().map(|&(from, to)| Pour { from, to }).collect()
}

#[test]
fn overlay_geometry_matches_the_golden_file() {
    let moves = sample_moves();
    let pages = overlay_geometry(&layout(), &moves, &Headline::Solved { total: 7 }, &RenderOptions::default());
    let text = geometry_text(&pages);
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/overlay_geometry.txt");
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::write(golden, &text).unwrap();
    }
    assert_eq!(text, std::fs::read_to_string(golden).expect("golden file; REGENERATE=1 writes it"));
}

#[test]
fn every_pair_of_moves_is_laid_out_without_overlaps_and_in_order() {
    let l = layout();
    for from in 0..6 {
        for to in 0..6 {
            let third = if (to + 1) % 6 == from { (to + 2) % 6 } else { (to + 1) % 6 };
            if from == to {
                continue;
            }
            let moves = vec![Pour { from, to }, Pour { from: to, to: from }, Pour { from, to: third }];
            let pages = overlay_geometry(&l, &moves, &Headline::Solved { total: 3 }, &RenderOptions::default());
            let numbers: Vec<usize> = pages.pages.iter().flat_map(|p| p.arrows.iter().map(|a| a.number)).collect();
            assert_eq!(numbers, vec![1, 2, 3], "{from}→{to}: every move once, in order");
            for p in 0..pages.pages.len() {
                assert_eq!(pages::collisions(&pages, p), Vec::<String>::new(), "{from}→{to} page {}", p + 1);
            }
        }
    }
}

#[test]
fn the_check_finds_a_badge_put_on_a_tube_and_an_arrow_through_one() {
    let moves = sample_moves();
    let mut pages = overlay_geometry(&layout(), &moves, &Headline::Solved { total: 7 }, &RenderOptions::default());
    assert!(pages::collisions(&pages, 0).is_empty());
    let tube = pages.tubes[1];
    pages.pages[0].arrows[0].badge = ((tube.x0 + tube.x1) / 2.0, (tube.y0 + tube.y1) / 2.0);
    let found = pages::collisions(&pages, 0);
    assert!(found.iter().any(|c| c.contains("badge 1") && c.contains("tube 2")), "{found:?}");
    let through = pages.tubes[4];
    let arrow = &mut pages.pages[0].arrows[1];
    arrow.path = vec![
        (through.x0 - 20.0, through.y0 + 30.0),
        (through.x1 + 20.0, through.y0 + 30.0),
        (through.x1 + 20.0, through.y0 + 60.0),
    ];
    let found = pages::collisions(&pages, 0);
    assert!(found.iter().any(|c| c.starts_with("tube 5 overlaps arrow 2")), "{found:?}");
}

#[test]
fn pages_keep_the_width_share_one_size_and_change_pixels() {
    let image = RgbImage::from_pixel(300, 600, Rgb([20, 40, 30]));
    let moves = sample_moves();
    let puzzle: WaterPuzzle = "RRRR GGGG BBBB YYYY EEEE EEEE".parse().unwrap();
    let legal: Vec<Pour> = vec![Pour { from: 0, to: 4 }];
    let pages = render(&image, &layout(), &puzzle, &legal, &Headline::Solved { total: 1 }, &RenderOptions::default());
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].width(), 300);
    assert!(pages[0].height() >= 600);
    assert!(pages[0].pixels().any(|p| p.0 == ARROW_COLORS[0]));
    let geometry = overlay_geometry(&layout(), &moves, &Headline::Solved { total: 7 }, &RenderOptions::default());
    assert!(geometry.pages.len() >= 2, "seven moves do not fit one page");
    // The legend darkens its panel.
    let g = overlay_geometry(&layout(), &legal, &Headline::Solved { total: 1 }, &RenderOptions::default());
    let (x0, y0) = (g.legend.x0 as u32 + 1, g.legend.y0 as u32 + 1);
    assert!(pages[0].get_pixel(x0, y0).0[1] < 40);
}

#[test]
fn a_screenshot_with_no_room_grows_a_band_for_the_legend() {
    // Tubes filling the picture from top to bottom.
    let mut l = layout();
    l.image_height = 330;
    for (i, t) in l.tubes.iter_mut().enumerate() {
        let dy = if i < 3 { 195 } else { 195 + 180 - 165 };
        t.outer.y0 -= dy;
        t.outer.y1 -= dy;
        for s in &mut t.slots {
            s.y0 -= dy;
            s.y1 -= dy;
        }
    }
    let moves = sample_moves();
    let pages = overlay_geometry(&l, &moves, &Headline::Solved { total: 7 }, &RenderOptions::default());
    assert!(pages.height > 330 + pages.legend_line as u32 * 2, "grew {}", pages.height);
    let text = (pages.legend.y1 - pages.legend.y0) / pages.legend_line;
    assert!(text >= 2.0, "the legend has whole lines: {text}");
    for p in 0..pages.pages.len() {
        assert_eq!(pages::collisions(&pages, p), Vec::<String>::new());
    }
}
