//! Scrambled Squares and other edge-matching puzzles: cards with four edges,
//! rotations, a rectangular board, and the text formats they come in.
//!
//! An edge shows half of a figure. Two touching edges match when they are
//! the two halves of one figure (`HEAD-X` meets `TAIL-X`, Scrambled Squares),
//! or the same pattern (`SAME-X` meets `SAME-X`, Eternity II / TetraVex);
//! `NONE-X` matches nothing and `BORDER` only the frame of a framed puzzle.
//! A puzzle is framed when any card has a border edge: then the frame must be
//! lined with border edges and border edges appear nowhere else.
//!
//! Text formats:
//! - cards (the classic article's): one card per line, `CardName TOP RIGHT
//!   BOTTOM LEFT`, sides clockwise; `#` comments; an optional `# grid: WxH`
//!   line, otherwise the board is the square of the card count;
//! - Brendan Owen's benchmark boards: `W H`, then `up right down left` numbers
//!   per piece, `0` = border, equal numbers meet;
//! - jwortmann's Eternity II lists: optional `rows cols`, then `bottom left top
//!   right` numbers per piece, `0` = border.

mod placements;
mod text;

use thiserror::Error;

pub use placements::{PlacementError, check_placements, fewest_turns, turn_board};

/// The four sides, clockwise from the top; also indices into a card's edges.
pub const TOP: usize = 0;
pub const RIGHT: usize = 1;
pub const BOTTOM: usize = 2;
pub const LEFT: usize = 3;

/// Most cards on one board (16×16).
pub const MAX_CARDS: usize = 256;

/// Which half of a figure an edge shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    Head,
    Tail,
    Same,
    None,
}

/// One card edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// `half` of figure number `figure` (an index into the puzzle's names).
    Figure { figure: u16, half: Half },
    /// The flat edge of a frame piece.
    Border,
}

impl Edge {
    /// True when this edge may touch `other` inside the board.
    pub fn matches(self, other: Edge) -> bool {
        match (self, other) {
            (Edge::Figure { figure: a, half: ha }, Edge::Figure { figure: b, half: hb }) => {
                a == b
                    && matches!(
                        (ha, hb),
                        (Half::Head, Half::Tail) | (Half::Tail, Half::Head) | (Half::Same, Half::Same)
                    )
            }
            _ => false,
        }
    }
}

/// A clockwise quarter-turn count applied to a card as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    R0,
    R90,
    R180,
    R270,
}

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    pub fn quarter_turns(self) -> usize {
        self as usize
    }

    pub fn from_quarter_turns(n: usize) -> Rotation {
        Rotation::ALL[n % 4]
    }
}

/// A card: a name and its edges as written (top, right, bottom, left).
/// Whether cards may be turned: Scrambled Squares and Eternity II cards
/// turn; TetraVex tiles lie as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Turns {
    /// Each card may lie in any of its four turns.
    #[default]
    Free,
    /// Each card lies as written (and the board's turns make no copies of a
    /// solution).
    Fixed,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Card {
    pub name: String,
    pub edges: [Edge; 4],
}

impl Card {
    /// The edge on `side` after turning the card clockwise by `rotation`:
    /// one quarter turn brings the left edge to the top.
    pub fn edge(&self, side: usize, rotation: Rotation) -> Edge {
        self.edges[(side + 4 - rotation.quarter_turns()) % 4]
    }
}

/// A card placed on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    pub card: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: Rotation,
}

/// An edge-matching puzzle: the board size and the cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquaresPuzzle {
    pub width: usize,
    pub height: usize,
    pub cards: Vec<Card>,
    /// Figure names; `Edge::Figure { figure: i, .. }` is `figures[i]`.
    pub figures: Vec<String>,
}

/// What is wrong with a card list. Each variant names the broken rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquaresError {
    #[error("line {line}: expected `CardName TOP RIGHT BOTTOM LEFT`, found {found} fields")]
    FieldCount { line: usize, found: usize },
    #[error(
        "line {line}: `{token}` is not a side; write HEAD-X, TAIL-X, SAME-X, NONE-X or BORDER (X names the figure)"
    )]
    BadSide { line: usize, token: String },
    #[error("line {line}: expected {expected} numbers, found `{text}`")]
    BadNumbers { line: usize, expected: usize, text: String },
    #[error("line {line}: the grid line should read `# grid: WxH`")]
    BadGrid { line: usize },
    #[error("the list has no cards")]
    NoCards,
    #[error("{found} cards cannot fill a square board (a d×d board needs d² cards: 4, 9, 16, …)")]
    NotSquare { found: usize },
    #[error("{found} cards do not fill the {width}×{height} board, which needs {}", width.saturating_mul(*height))]
    WrongCount { found: usize, width: usize, height: usize },
    #[error("{found} cards is more than the {max} this tool handles")]
    TooManyCards { found: usize, max: usize },
    #[error("a {width}×{height} board is too small; boards are at least 2×2")]
    BoardTooSmall { width: usize, height: usize },
    #[error("too many distinct sides ({found}); at most {max}")]
    TooManySides { found: usize, max: usize },
}

/// Most distinct edge kinds (figure and half pairs) the solver's tables index.
pub const MAX_SIDE_KINDS: usize = 250;

impl SquaresPuzzle {
    pub fn n_cards(&self) -> usize {
        self.cards.len()
    }

    /// True when the frame must be lined with border edges.
    pub fn is_framed(&self) -> bool {
        self.cards.iter().any(|c| c.edges.contains(&Edge::Border))
    }

    /// A board of `width` × `height` from these cards, checked like a
    /// parsed card list.
    pub fn new(
        width: usize,
        height: usize,
        cards: Vec<Card>,
        figures: Vec<String>,
    ) -> Result<SquaresPuzzle, SquaresError> {
        SquaresPuzzle { width, height, cards, figures }.check()
    }

    fn check(self) -> Result<SquaresPuzzle, SquaresError> {
        let found = self.cards.len();
        if found == 0 {
            return Err(SquaresError::NoCards);
        }
        if found > MAX_CARDS {
            return Err(SquaresError::TooManyCards { found, max: MAX_CARDS });
        }
        if self.width < 2 || self.height < 2 {
            return Err(SquaresError::BoardTooSmall { width: self.width, height: self.height });
        }
        // Sizes come from the text: multiplied with a check, so a board of
        // 2⁶³ × 2 cannot wrap round to the number of cards given.
        if self.width.checked_mul(self.height) != Some(found) {
            return Err(SquaresError::WrongCount { found, width: self.width, height: self.height });
        }
        if self.figures.len() * 3 + 1 > MAX_SIDE_KINDS {
            return Err(SquaresError::TooManySides { found: self.figures.len() * 3 + 1, max: MAX_SIDE_KINDS });
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SKIERS: &str = "\
C1 HEAD-P2 TAIL-P3 HEAD-P4 HEAD-P1
C2 TAIL-P4 HEAD-P2 HEAD-P3 TAIL-P1
C3 TAIL-P2 HEAD-P1 HEAD-P4 HEAD-P1
C4 HEAD-P2 HEAD-P1 TAIL-P2 TAIL-P4
";

    /// A board turned with its cards is still solved; of the four turns of
    /// a board whose every card is a quarter turn off, the one with no card
    /// turned is chosen.
    #[test]
    fn the_board_turn_with_fewest_card_turns_is_chosen() {
        let puzzle: SquaresPuzzle = "A NONE-o HEAD-p HEAD-q NONE-o\nB NONE-o NONE-o HEAD-r TAIL-p\n\
                                     C TAIL-q HEAD-s NONE-o NONE-o\nD TAIL-r NONE-o NONE-o TAIL-s\n"
            .parse()
            .unwrap();
        let as_written: Vec<Placement> =
            (0..4).map(|card| Placement { card, row: card / 2, col: card % 2, rotation: Rotation::R0 }).collect();
        check_placements(&puzzle, &as_written).unwrap();
        for k in 0..4 {
            let turned = turn_board(&as_written, 2, 2, k);
            check_placements(&puzzle, &turned).unwrap_or_else(|e| panic!("turned {k}: {e}"));
            assert_eq!(fewest_turns(&turned, 2, 2), as_written, "from {k} quarter turns");
        }
    }

    #[test]
    fn cards_parse_and_print_back() {
        let p: SquaresPuzzle = SKIERS.parse().unwrap();
        assert_eq!((p.width, p.height), (2, 2));
        assert_eq!(p.cards[0].edges[TOP], Edge::Figure { figure: 0, half: Half::Head });
        assert_eq!(p.to_string().parse::<SquaresPuzzle>().unwrap(), p);
    }

    #[test]
    fn rotation_brings_the_left_edge_to_the_top() {
        let p: SquaresPuzzle = SKIERS.parse().unwrap();
        let card = &p.cards[0];
        assert_eq!(card.edge(TOP, Rotation::R90), card.edges[LEFT]);
        assert_eq!(card.edge(RIGHT, Rotation::R90), card.edges[TOP]);
        assert_eq!(card.edge(TOP, Rotation::R180), card.edges[BOTTOM]);
    }

    #[test]
    fn halves_match_by_their_rule() {
        let head = Edge::Figure { figure: 1, half: Half::Head };
        let tail = Edge::Figure { figure: 1, half: Half::Tail };
        let same = Edge::Figure { figure: 1, half: Half::Same };
        let none = Edge::Figure { figure: 1, half: Half::None };
        assert!(head.matches(tail) && tail.matches(head) && same.matches(same));
        assert!(!head.matches(head) && !none.matches(none) && !Edge::Border.matches(Edge::Border));
        assert!(!head.matches(Edge::Figure { figure: 2, half: Half::Tail }));
    }

    /// A grid whose area wraps round a machine word is no board of four
    /// cards (it once was, with 32 "solutions").
    #[test]
    fn a_grid_too_large_to_multiply_is_refused() {
        let cards = "# grid: 9223372036854775810x2\nA HEAD-a TAIL-a HEAD-a TAIL-a\nB HEAD-a TAIL-a HEAD-a TAIL-a\n\
                     C HEAD-a TAIL-a HEAD-a TAIL-a\nD HEAD-a TAIL-a HEAD-a TAIL-a\n";
        let err = cards.parse::<SquaresPuzzle>().unwrap_err();
        assert!(matches!(err, SquaresError::WrongCount { found: 4, .. }), "{err}");
        assert!(err.to_string().contains("which needs 18446744073709551615"), "{err}");
    }

    #[test]
    fn errors_name_the_line() {
        let err = "C1 HEAD-A TAIL-B HEAD-C\n".parse::<SquaresPuzzle>().unwrap_err();
        assert_eq!(err, SquaresError::FieldCount { line: 1, found: 4 });
        let err = "# x\nC1 HEAD-A TAIL-B FOO-C HEAD-D\n".parse::<SquaresPuzzle>().unwrap_err();
        assert_eq!(err, SquaresError::BadSide { line: 2, token: "FOO-C".into() });
        let three = SKIERS.lines().take(3).collect::<Vec<_>>().join("\n");
        assert_eq!(three.parse::<SquaresPuzzle>().unwrap_err(), SquaresError::NotSquare { found: 3 });
    }

    #[test]
    fn numeric_formats_put_sides_in_their_places() {
        let brendan = SquaresPuzzle::from_brendan("2 2\n0 1 0 0\n0 0 0 1\n0 0 0 0\n0 0 0 0\n").unwrap();
        assert_eq!(brendan.cards[0].edges[RIGHT], Edge::Figure { figure: 0, half: Half::Same });
        assert!(brendan.is_framed());
        // bottom left top right: the 7 is the top.
        let e2 = SquaresPuzzle::from_eternity("0 0 7 0\n0 0 7 0\n0 0 7 0\n0 0 7 0\n").unwrap();
        assert_eq!(e2.cards[0].edges[TOP], Edge::Figure { figure: 0, half: Half::Same });
        assert_eq!((e2.width, e2.height), (2, 2));
    }
}
