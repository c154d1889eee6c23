//! The reader refuses a reading the picture does not bear out instead of
//! solving a guess: pictures made from the bundled screenshot by taking a
//! tube away, and a board that is already sorted.

use image::RgbImage;
use predicates::prelude::*;
use snapsolve::geometry::Rect;
use snapsolve::puzzle::water::WaterPuzzle;
use snapsolve::vision::water::doubts::Doubt;
use snapsolve::vision::water::{ReadOptions, VisionError, read};

use crate::support::snapsolve;

const LVL105: &str = "samples/lvl105.jpg";

/// `image` with the tubes at `indices` (reading order, from 0, never the
/// first) painted over with the board beside them, as if the game had not
/// drawn them.
fn without_tubes(image: &RgbImage, indices: &[usize]) -> RgbImage {
    let sight = read(image, &ReadOptions::default());
    let detection = sight.detection.expect("lvl105 is read");
    let mut out = image.clone();
    for &i in indices {
        let Rect { x0, y0, x1, y1 } = detection.tubes[i].outer;
        // The board in the gap to the left neighbour, level with the
        // tube's middle; painted a little past the outline.
        let gap = x0 - detection.tubes[i - 1].outer.x1;
        let board = *image.get_pixel(x0 - gap / 2, (y0 + y1) / 2);
        let pad = gap / 3;
        for y in y0.saturating_sub(pad)..(y1 + pad).min(image.height()) {
            for x in x0 - pad..(x1 + pad).min(image.width()) {
                out.put_pixel(x, y, board);
            }
        }
    }
    out
}

fn doubt_of(image: &RgbImage) -> Result<WaterPuzzle, VisionError> {
    read(image, &ReadOptions::default()).read.map(|r| r.puzzle)
}

#[test]
fn the_untouched_screenshot_raises_no_doubt() {
    let image = image::open(LVL105).unwrap().to_rgb8();
    assert!(doubt_of(&image).is_ok());
}

#[test]
fn an_empty_tube_missing_between_two_others_is_a_gap_not_a_level() {
    let image = image::open(LVL105).unwrap().to_rgb8();
    let puzzle = doubt_of(&image).unwrap();
    // lvl105 ends with two empty tubes in the second row; without the
    // first of them the level still adds up, and is harder.
    let first_empty = puzzle.tubes().iter().position(|t| t.layers.is_empty()).unwrap();
    assert!(puzzle.tubes()[first_empty + 1].layers.is_empty());
    match doubt_of(&without_tubes(&image, &[first_empty])) {
        Err(VisionError::Doubtful(Doubt::GapInRow { left, right })) => {
            assert_eq!((left, right), (first_empty, first_empty + 1), "numbered from 1, the tubes either side")
        }
        other => panic!("expected a gap in the row, got {other:?}"),
    }
}

#[test]
fn empty_tubes_missing_at_the_end_of_a_row_are_noticed_by_the_off_centre_row() {
    let image = image::open(LVL105).unwrap().to_rgb8();
    let puzzle = doubt_of(&image).unwrap();
    let n = puzzle.tubes().len();
    assert!(puzzle.tubes()[n - 2..].iter().all(|t| t.layers.is_empty()));
    let cut = without_tubes(&image, &[n - 2, n - 1]);
    assert!(
        matches!(doubt_of(&cut), Err(VisionError::Doubtful(Doubt::RowOffCentre { .. }))),
        "got {:?}",
        doubt_of(&cut)
    );
    // Through the command: exit 2 with the sentence, and nothing written.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cut.png");
    cut.save(&input).unwrap();
    snapsolve()
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not centred").and(predicate::str::contains("may have been missed")));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "only the input is there");
    // --debug frames the doubted row (in the doubt's own colour) on the
    // picture of what was read; the untouched screenshot gets no frame.
    let frame = |picture: &std::path::Path, code: i32| {
        snapsolve().arg(picture).arg("--debug").arg("--force").assert().code(code);
        let debug = image::open(
            picture.with_file_name(format!("{}.debug.png", picture.file_stem().unwrap().to_string_lossy())),
        )
        .unwrap()
        .to_rgb8();
        debug.pixels().filter(|p| p.0 == [255, 140, 0]).count()
    };
    assert!(frame(&input, 2) > 100, "the off-centre row is framed");
    let whole = dir.path().join("whole.png");
    image.save(&whole).unwrap();
    assert_eq!(frame(&whole, 0), 0);
}

#[test]
fn a_sorted_board_is_no_level_in_play() {
    use snapsolve::synthetic::water::{classic_themes, draw};
    let themes = classic_themes();
    let sorted: WaterPuzzle = "AAAA BBBB CCCC DDDD EEEE".parse().unwrap();
    for theme in &themes {
        let picture = draw(&sorted, theme, 540, 1200);
        assert!(
            matches!(doubt_of(&picture), Err(VisionError::NotALevel { .. })),
            "theme {}: {:?}",
            theme.name,
            doubt_of(&picture)
        );
    }
}

#[test]
fn hidden_layers_under_one_visible_colour_are_a_level_of_their_colours() {
    use snapsolve::synthetic::water::{classic_themes, draw};
    // Three tubes of three hidden layers under one visible colour: the
    // hidden layers hold two more colours, so this is a level in play.
    let level: WaterPuzzle = "A??? A??? A??? EEEE EEEE".parse().unwrap();
    for theme in &classic_themes() {
        let picture = draw(&level, theme, 540, 1200);
        let read = doubt_of(&picture);
        assert!(read.as_ref().is_ok_and(|p| p.to_string() == level.to_string()), "theme {}: {read:?}", theme.name);
    }
}
