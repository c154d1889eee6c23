//! No input text makes the parsers panic, and whatever parses prints back to
//! text that parses to the same puzzle.

use proptest::prelude::*;

use snapsolve::puzzle::water::WaterPuzzle;

proptest! {
    #[test]
    fn water_parser_never_panics(text in "[A-Za-z0-9E.?!,# \n-]{0,80}") {
        if let Ok(puzzle) = text.parse::<WaterPuzzle>() {
            let again: WaterPuzzle = puzzle.to_string().parse().unwrap();
            prop_assert_eq!(again, puzzle);
        }
    }

    #[test]
    fn water_parser_accepts_arbitrary_unicode_without_panic(text in "\\PC{0,60}") {
        let _ = text.parse::<WaterPuzzle>();
    }

    #[test]
    fn well_formed_levels_round_trip(seed in 0u64..1000, colors in 1usize..10, empty in 0usize..3, cap in 2usize..=8) {
        let options = snapsolve::puzzle::water::RandomLevelOptions { n_colors: colors, n_empty: empty, capacity: cap, seed };
        let puzzle = snapsolve::puzzle::water::random_level(options).unwrap();
        // Ids follow first appearance in the text, so compare the text forms.
        let text = puzzle.to_string();
        prop_assert_eq!(text.parse::<WaterPuzzle>().unwrap().to_string(), text);
    }
}

proptest! {
    #[test]
    fn squares_parsers_never_panic(text in "[A-Za-z0-9 #:x\n-]{0,120}") {
        use snapsolve::puzzle::squares::SquaresPuzzle;
        if let Ok(puzzle) = text.parse::<SquaresPuzzle>() {
            prop_assert_eq!(puzzle.to_string().parse::<SquaresPuzzle>().unwrap(), puzzle);
        }
        let _ = SquaresPuzzle::from_brendan(&text);
        let _ = SquaresPuzzle::from_eternity(&text);
    }

    #[test]
    fn squares_card_lines_with_random_sides_never_panic(
        sides in proptest::collection::vec("(HEAD|TAIL|SAME|NONE|head|BAD)-[a-c]{0,2}|BORDER", 1..40)
    ) {
        use snapsolve::puzzle::squares::SquaresPuzzle;
        let text: String = sides.chunks(4).enumerate().map(|(i, c)| format!("C{i} {}\n", c.join(" "))).collect();
        if let Ok(puzzle) = text.parse::<SquaresPuzzle>() {
            let options = snapsolve::solve::squares::SquaresSolveOptions {
                max_nodes: 10_000,
                keep: 1,
                first_only: true,
                ..Default::default()
            };
            let _ = snapsolve::solve::squares::solve(&puzzle, &options);
        }
    }
}

/// Found by `cargo fuzz run parse_water_level`: a curtained tube written with
/// its empty slots (`!V,EE`) was filled with hidden layers as if written
/// `!V`, and a level of only `!V` tubes printed with no length to read back.
#[test]
fn curtained_tubes_keep_what_was_written_and_print_back() {
    let puzzle: WaterPuzzle = "!V,EE VV".parse().unwrap();
    assert!(puzzle.tubes()[0].layers.is_empty(), "written empty, read empty");
    assert_eq!(puzzle.to_string(), "!V,EE VV");
    let all_hidden: WaterPuzzle = "!V,?? !W,??".parse().unwrap();
    assert_eq!(all_hidden.to_string(), "!V,?? !W,??");
    assert_eq!(all_hidden.to_string().parse::<WaterPuzzle>().unwrap(), all_hidden);
    let short: WaterPuzzle = "!V AB BA".parse().unwrap();
    assert_eq!(short.to_string(), "!V AB BA");
}
