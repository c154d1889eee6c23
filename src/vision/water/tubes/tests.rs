//! The tube finder's unit tests on made-up segments and pictures.

use super::*;
use image::{Rgb, RgbImage};

/// Segments of rows 100..200 in each of `columns`.
fn full(columns: impl IntoIterator<Item = u32>) -> Vec<Segment> {
    columns.into_iter().map(|x| Segment { x, y0: 100, y1: 200 }).collect()
}

#[test]
fn two_tubes_walls_merged_over_the_board_between_them_are_split() {
    // Walls 4 columns wide (a tube's 1-px outline and its anti-aliased
    // sides); two of them 2 columns apart, bridged by a column with no
    // edge and one with a 25-row speck of JPEG noise (mikeyliang's
    // 214 px wide 127.jpg).
    let mut segments = full([10, 11, 12, 13, 27, 28, 29, 30, 33, 34, 35, 36, 50, 51, 52, 53]);
    segments.push(Segment { x: 32, y0: 150, y1: 175 });
    segments.sort_by_key(|s| s.x);
    let xs: Vec<(u32, u32)> = walls(&segments).iter().map(|w| (w.x0, w.x1)).collect();
    assert_eq!(xs, vec![(10, 14), (27, 31), (32, 37), (50, 54)]);
    // A thick outline's edges with its flat centre between them: every
    // wall of the picture is that wide, so none is split.
    let thick = full([10, 11, 13, 14, 30, 31, 33, 34, 50, 51, 53, 54]);
    let xs: Vec<(u32, u32)> = walls(&thick).iter().map(|w| (w.x0, w.x1)).collect();
    assert_eq!(xs, vec![(10, 15), (30, 35), (50, 55)]);
}

#[test]
fn tubes_touching_the_pictures_edges_are_found() {
    // Four tubes 40 wide at a pitch of 50 on a dark board, the first
    // against the left edge and the last against the right one.
    let mut img = RgbImage::from_pixel(190, 300, Rgb([30, 30, 40]));
    for t in 0..4 {
        let x0 = t * 50;
        for y in 60..240 {
            for x in x0..x0 + 40 {
                let outline = x < x0 + 2 || x >= x0 + 38 || y >= 238;
                let colour = if outline {
                    [230, 230, 230]
                } else if y >= 120 {
                    [200, 60, 40]
                } else {
                    [30, 30, 40]
                };
                img.put_pixel(x, y, Rgb(colour));
            }
        }
    }
    let tubes = find_tubes(&Gradients::new(&img), &TubeFinding::default());
    let xs: Vec<(u32, u32)> = tubes.iter().map(|t| (t.outer.x0, t.outer.x1)).collect();
    assert_eq!(xs.len(), 4, "{xs:?}");
    assert!(xs[0].0 <= 2 && xs[3].1 >= 188, "{xs:?}");
}
