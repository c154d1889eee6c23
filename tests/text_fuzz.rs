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
