//! Round trip through pixels: random levels drawn in made-up themes (none of
//! them a real game's), some JPEG-compressed or rescaled, must read back
//! exactly. This is what "any theme" means in a test: the reader has never
//! seen these backgrounds, outlines, tube shapes or sizes.

use image::RgbImage;
use snapsolve::puzzle::water::renamed_in_order;
use snapsolve::synthetic::water::{classic_themes, draw, scrambled_level};
use snapsolve::vision::water::{ReadOptions, read};

/// JPEG at the given quality, decoded again.
fn jpeg(img: &RgbImage, quality: u8) -> RgbImage {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(img).unwrap();
    image::load_from_memory(&bytes).unwrap().to_rgb8()
}

#[test]
fn random_levels_in_made_up_themes_read_back_exactly() {
    let sizes = [(360, 800), (540, 1200), (450, 1000)];
    let mut failures = Vec::new();
    let mut total = 0;
    for (t, theme) in classic_themes().iter().enumerate() {
        for i in 0..100u64 {
            let seed = 1000 * t as u64 + i;
            let level = scrambled_level(theme, seed);
            let (w, h) = sizes[(i % 3) as usize];
            let mut img = draw(&level, theme, w, h);
            // A third compressed, a third rescaled, a third as drawn.
            img = match i % 3 {
                0 => jpeg(&img, 80),
                1 => image::imageops::resize(&img, w * 3 / 4, h * 3 / 4, image::imageops::FilterType::Triangle),
                _ => img,
            };
            total += 1;
            let read = read(&img, &ReadOptions::default()).read.map(|r| r.puzzle.to_string());
            if read.as_deref().map(renamed_in_order) != Ok(renamed_in_order(&level.to_string())) {
                if let Some(dir) = std::env::var_os("SNAPSOLVE_DUMP_MISREADS") {
                    img.save(std::path::Path::new(&dir).join(format!("{}-{seed}.png", theme.name))).unwrap();
                }
                failures.push(format!(
                    "{} seed {seed} ({w}x{h}, variant {}): drew {level}, read {read:?}",
                    theme.name,
                    i % 3
                ));
            }
        }
    }
    assert_eq!(total, 300);
    assert!(failures.is_empty(), "{} of {total} misread:\n{}", failures.len(), failures.join("\n"));
}

/// Generated themes no game uses (vases, bulbs, flasks, glasses, bottles;
/// caps, corks, straws and flowers; photo-like backgrounds; JPEG and
/// shrunk), from the start of the test seed range the reader was never
/// tuned on: every case is read exactly or refused, never read as another
/// level. The full figure over 2,000 cases is `examples/synthetic_reading`.
#[test]
fn generated_themes_are_read_exactly_or_refused_never_misread() {
    use snapsolve::synthetic::water::generate::{TEST_SEEDS, case};
    let (mut exact, mut refused, mut wrong) = (0, 0, Vec::new());
    for seed in TEST_SEEDS.start..TEST_SEEDS.start + 100 {
        let c = case(seed);
        match read(&c.picture, &ReadOptions::default()).read {
            Ok(r) if renamed_in_order(&r.puzzle.to_string()) == renamed_in_order(&c.level.to_string()) => exact += 1,
            Ok(r) => wrong.push(format!("seed {seed}: drew {}, read {}", c.level, r.puzzle)),
            Err(_) => refused += 1,
        }
    }
    assert!(
        wrong.is_empty(),
        "{} confidently wrong ({exact} exact, {refused} refused):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(exact + refused, 100);
    // Flasks, hurricane glasses and vases (no straight walls) are read by
    // their liquid: this slice read 41 exactly when that was added (none
    // of its ten flasks and ten hurricane glasses before), and 48 once
    // wine glasses and bulbs were measured in the larger copy, 54 with
    // faint empty tubes and the readings on a grid a layer taller or
    // shorter, 66 with the later work on vessels, glass and glyphs, and 73
    // with small vessels looked at closer, faint vessels at a row's end and
    // tinted glass found on top of every tube or around the balls, and 75
    // with glass over a grained board and the empty tubes counted with
    // the glass on top, and 82 with the board between two vessels no
    // longer taken for one, and 85 with each column centred on its
    // vessel's mirror axis, and 94 with the work since on glass, grids
    // and glyphs and an outline's template leaving out the level
    // boundaries of a bowl full above the rim's depth (the floor keeps
    // the same margin of four below it).
    assert!(exact >= 90, "only {exact} of 100 read exactly");
}

/// Generated tuning cases read by their liquid whose `?` layers are told by
/// the glyph: a hidden layer's bar glyph filling the middle of the strip
/// (case 725, refused when a row bright across the middle third was taken
/// for an outline), and a dark purple liquid whose slot the wine glass's
/// white outline enters, in a level with no glyph anywhere (case 100,
/// refused when a dark slot with something bright in it was hidden).
#[test]
fn hidden_layers_are_told_by_their_glyph_in_vessels_found_by_their_liquid() {
    reads_exactly(&[100, 725]);
}

/// Generated tuning cases whose hidden blocks are split by their glyphs and
/// a highlight streak, so the widest band a column is centred on lies to
/// one side of the vessel (flasks with square `?` glyphs, cases 1401 and
/// 1404; bulbs, case 1096): each column is moved onto its vessel's mirror
/// axis, and the strip its profile is read from holds the glyphs. All
/// three were refused before (the layers not measured, or glyphs not one
/// in each hidden layer).
#[test]
fn columns_split_by_their_glyphs_are_centred_on_their_vessels() {
    reads_exactly(&[1096, 1401, 1404]);
}

/// Ball sorts whose grey-green tubes are tinted unlike their dark olive
/// board (tuning cases 1124 and 1125): the headroom read as a run of
/// liquid, so the grid fitted half a ball, until the glass the empty
/// tubes show was marked empty on top of the others; and hidden layers
/// whose bottom glyph the grid left out (cases 312 and 636, the latter
/// also with glyphs splitting each hidden ball's run). All four were
/// refused before.
#[test]
fn tinted_ball_tubes_and_bottom_glyphs_are_read() {
    reads_exactly(&[1124, 1125, 312, 636]);
}

/// Wine glasses whose thick outline is drawn across the body's top, where
/// the box the liquid finder measures from starts (tuning 4311 and 9405:
/// the stroke read as a layer, capacity 8 or 9 for 7), in 9405 with the
/// empty glasses tinted unlike the board, read again with the glass the
/// profiles were read by taken for empty; and pint glasses full to the
/// top whose glass shows only in two empty tubes (4375). All three were
/// refused before.
#[test]
fn rim_strokes_and_glass_seen_only_in_empty_vessels_are_no_liquid() {
    reads_exactly(&[4311, 9405, 4375]);
}

/// Dark blue liquid on a dark blue board in vases whose empty glass is
/// tinted grey (tuning 3044), and a dark maroon liquid on a maroon board
/// in flasks tinted pink (tuning 9672): glass tinted unlike the board
/// never shows the bare board, so those slots are liquid. Small `?`s,
/// anti-aliased fainter than a plain glyph's strokes, six and four down
/// each tube (tuning 715, 1920), counted by their rhythm; and a ball sort
/// whose dark balls meet light ones down the middle (tuning 2054), whose
/// curves are no such glyphs, and ball sorts whose balls' round bottoms
/// narrow into the dark gap under them (tuning 1205, 2056), with the ball,
/// not a dark cell, over them. All but 2054 were refused before; 2054 was
/// refused by the faint glyphs' first version, 1205 and 2056 by its
/// second.
#[test]
fn liquid_the_boards_colour_and_faint_glyphs_are_read() {
    reads_exactly(&[3044, 9672, 715, 1920, 2054, 1205, 2056]);
}

/// A fresh generated case once solved as another level: a full tube of
/// tan liquid within ΔE 20 of its peach board, read as empty glass though
/// the empty tubes' glass steps from that board otherwise (60355). And
/// glass over sky and clouds and over a grained ground, whose steps from
/// the board differ and must not be compared (60815, read exactly before
/// the rule and refused by its first version, which compared them).
#[test]
fn liquid_near_the_boards_colour_is_no_glass() {
    reads_exactly(&[60355, 60815]);
}

/// Grids off the liquid's unit with nothing but a split layer to say so:
/// vases full to the top whose box ends a layer under it, read on a grid
/// a layer short (tuning 2761, 2998), now read again a layer taller. Glass
/// tinted grey over the olive top of a gradient, a layer on every full
/// tube, whose glass over the teal below is read empty (tuning 4655: the
/// glass moves the slot only 11 units towards the other board). Three
/// empty tubes of tinted glass beside tubes of hidden layers, every tube
/// read full (tuning 4373). Tinted glass over hurricane glasses filled
/// a layer or more under the rim, eight slots of one mauve on top of five
/// tubes of four, every tube read full (tuning 9097). All were refused
/// before.
#[test]
fn grids_a_layer_off_and_glass_over_another_board_are_read() {
    reads_exactly(&[2761, 2998, 4655, 4373, 9097]);
}

/// Vessels on lined paper, where the strips of paper between two vessels
/// (cut by the ruled lines into bands of one colour) made half the
/// template's anchors, and the template matched no vessel: vases (3993,
/// 3009's hurricane glasses), squat corked tubes (2522, 2523), round
/// tubes (574), flat-bottomed tubes (3410). All were refused ("no tubes
/// were found") before the template was made again of the columns of
/// several colours.
#[test]
fn vessels_between_strips_of_lined_paper_are_found() {
    reads_exactly(&[3993, 3009, 2522, 2523, 574, 3410]);
}

/// Vessels whose reading fails with the template made of the best row's
/// columns of the most bands, and reads with the one made of its columns of
/// several colours alone: squat tubes (3033), bulbs (3051), soda bottles
/// (3635), hurricane glasses (3819). All were refused (colour counts,
/// every tube full, a row off-centre) while the second template was only
/// tried where the first found no vessel at all.
#[test]
fn vessels_read_by_a_template_of_their_colours_when_the_first_reading_fails() {
    reads_exactly(&[3033, 3051, 3635, 3819]);
}

/// Ball tubes over a board that changes down the screen: the glass beside
/// the balls of the upper row shows a green sky, that of the lower row a
/// maroon hill, so no one glass agrees over the screen, and the empty
/// tubes on the hill read full of the glass (theme 332: round ball tubes
/// with no headroom, 3321, 3324, 3328). Refused before the glass was
/// taken row by row beside the balls.
#[test]
fn empty_ball_tubes_show_the_glass_of_their_own_row() {
    reads_exactly(&[3321, 3324, 3328]);
}

/// Balls whose shine makes the upper half of each ball of one colour look
/// like a near-identical colour of the level: as each ball of that colour
/// is drawn, so no slot across two balls (theme 301: 3014, 3019; theme 350:
/// 3504). Refused before the split check compared a part of a slot with
/// the same part of the other slots of its colour.
#[test]
fn a_balls_shine_drawn_alike_on_every_ball_of_its_colour_is_no_other_colour() {
    reads_exactly(&[3014, 3019, 3504]);
}

/// Tuning cases refused before this stop's work on the unit and the top:
/// a flask's one shown layer over hidden ones in every tube, each tube one
/// boundary, where the grid took a unit a few rows off the glyphs' spacing
/// and read a layer short (2110: "0 visible layers, 15 hidden"); empty
/// glass whose run took its colour from one row of the board behind it,
/// a change of colour "where it was read empty" (1447 pint glasses, 2994
/// vases); flasks read two layers short (3472).
#[test]
fn glyph_spacing_a_runs_median_and_a_neck_give_the_unit_and_the_top() {
    reads_exactly(&[2110, 1447, 2994, 3472]);
}

/// Reads each generated case of `seeds` and asserts it is read exactly
/// (a refusal names its seed and reason).
fn reads_exactly(seeds: &[u64]) {
    use snapsolve::synthetic::water::generate::case;
    for &seed in seeds {
        let c = case(seed);
        let read = read(&c.picture, &ReadOptions::default()).read;
        let read = read.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(renamed_in_order(&read.puzzle.to_string()), renamed_in_order(&c.level.to_string()), "seed {seed}");
    }
}

/// Fresh seed 44632: the faint-tube search beside a row found tubes
/// again and again, none standing clear of the one before, until memory
/// ran out. The reading must end, and end right.
#[test]
fn the_faint_tube_search_beside_a_row_ends() {
    use snapsolve::synthetic::water::generate::case;
    let c = case(44632);
    let read = read(&c.picture, &ReadOptions::default()).read.map(|r| r.puzzle.to_string());
    assert_eq!(read.as_deref().map(renamed_in_order), Ok(renamed_in_order(&c.level.to_string())));
}

/// Fresh generated cases (themes past every range measured when the rules
/// were made) that were once solved as another level, each by a reading
/// that added up with something else taken for liquid, vessel or layer:
/// round buttons boxed as vessels over the board (36363), flasks read on a
/// grid of five slots for six under hidden layers (43403), and tubes of
/// dark balls with large glyphs, two of every six read (48647); or with
/// something missed that the counts do not check, a last row of two empty
/// vessels on a pale board (27849, 44763). And two that a rule taking
/// tinted glass for empty once misread: every tube read full, its two
/// empty tubes missed, and a sorted tube taken for the glass (tuning
/// 8602); the glass over the liquid taken for empty on a grid a layer
/// too tall, hidden layers leaving the counts open (fresh 40639); and
/// balls with gaps between them read on a grid a layer short, every tube
/// but one all hidden, once a split layer sent the reading to other
/// grids (fresh 60734). Three more that the counts let through with
/// hidden layers: a round bottom's one layer, cut short by the grid and
/// sampled half on glass, read as a fifth colour (fresh 40195); two empty
/// glasses over a mottled hill read as one more colour (fresh 58451); and
/// a tube of hidden balls boxed from its highlight, read empty (fresh
/// 64105); a tiny flat tube's round bottom read as one more hidden layer
/// below four glyphs (fresh 60293); six tubes of balls read empty on grids
/// half a slot off them, sampled on the glass between the balls (fresh
/// 64569); round tubes with a unit of headroom read with one slot too
/// many, a cloud behind one tube's headroom read as its top layer (fresh
/// 59615); two bulbs over a mottled hill, one empty, one holding a layer,
/// the hill behind their glass read as six layers of one more colour
/// (fresh 70548); tiny wine glasses whose lowest hidden cell's glyph
/// ended the liquid found, read on a grid a layer short of the cells
/// (fresh 73855); round and flat tubes of hidden layers read on a grid
/// a layer short, every tube hidden to its top slot (fresh 80139, 80250);
/// tiny wine glasses read with the band floor on a grid of four for
/// seven (fresh 81854); one tube of balls' grid a quarter of a layer
/// under its row-mates', its top ball sampled with the glass and read as
/// a colour of its own (fresh 81345); two empty ball tubes on lined paper
/// in a row of their own missed (fresh 82740); tiny wine glasses, layers
/// of 3 px, empty glass over a hill read as a colour (fresh 87838). Each
/// must now be read exactly or refused, never read as another level.
#[test]
fn readings_that_only_added_up_by_chance_are_refused() {
    use snapsolve::synthetic::water::generate::case;
    for seed in [
        36363, 43403, 48647, 27849, 44763, 8602, 40639, 60734, 40195, 58451, 64105, 60293, 64569, 59615, 70548, 73855,
        80139, 80250, 81854, 81345, 82740, 87838,
    ] {
        let c = case(seed);
        if let Ok(r) = read(&c.picture, &ReadOptions::default()).read {
            let (got, drawn) = (renamed_in_order(&r.puzzle.to_string()), renamed_in_order(&c.level.to_string()));
            assert_eq!(got, drawn, "seed {seed} read as another level");
        }
    }
}

/// Fresh seed 89949: ball tubes the water reader could not read. With
/// nothing said of the game, the screen's quarters were then read as a
/// 2x2 grid of cards and "solved" (exit 0): a confident wrong answer. The
/// water reader found tubes there, and four cards meet on only four
/// edges, which a picture's quarters match by chance: no answer of cards
/// may stand.
#[test]
fn a_water_screen_is_not_solved_as_a_small_grid_of_cards() {
    use crate::support::snapsolve;
    use predicates::prelude::*;
    use snapsolve::synthetic::water::generate::case;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("balls.png");
    case(89949).picture.save(&input).unwrap();
    snapsolve()
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("answer.png"))
        .assert()
        .stderr(predicate::str::contains("grid of cards").not())
        .stdout(predicate::str::contains("board:").not());
}
