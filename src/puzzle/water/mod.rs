//! The water-sort puzzle: tubes of stacked colour layers, the pour rule, and a
//! text form a person can type.
//!
//! Text form (the "compact form"): tubes in reading order separated by spaces
//! or newlines; each tube is written **top to bottom** with one character per
//! slot, `E` or `.` for an empty slot and `?` for a hidden layer, so every token
//! is `capacity` characters long (`EEGR` is a 4-tube holding green over red).
//! Any other letter or digit names a colour. On top of that:
//! - `#` starts a comment that runs to the end of the line;
//! - `-` alone is an empty tube;
//! - `!X` is a tube locked under a curtain that opens once colour `X` is
//!   complete (its contents unknown), `!X,ABCD` the same tube with known contents.
//!
//! Colour ids are given in order of first appearance, so the same text always
//! gives the same puzzle, and `Display` writes the compact form back.

mod random;
mod text;

use thiserror::Error;

pub use random::{RandomLevelOptions, SplitMix64, random_level};
pub use text::renamed_in_order;

/// Smallest and largest tube capacity the model accepts.
pub const CAPACITY_RANGE: std::ops::RangeInclusive<usize> = 2..=8;
/// Most tubes in one level (the largest real games show 16).
pub const MAX_TUBES: usize = 32;
/// Most distinct colours in one level.
pub const MAX_COLORS: usize = 32;

/// A colour, as a small id local to one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColorId(pub u8);

/// One slot's content. Empty slots are not stored: a tube holds its layers
/// bottom to top and the rest of its capacity is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    Color(ColorId),
    /// A layer whose colour the game does not show yet (`?`).
    Hidden,
}

/// A tube: layers from the bottom up, and an optional curtain lock.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tube {
    /// Bottom to top; `layers.len() <= capacity`.
    pub layers: Vec<Layer>,
    /// `Some(c)`: the tube is covered until colour `c` is complete.
    pub locked_until: Option<ColorId>,
}

impl Tube {
    pub fn empty() -> Tube {
        Tube { layers: Vec::new(), locked_until: None }
    }

    /// A tube of known colours, given bottom to top.
    pub fn of_colors(bottom_to_top: &[ColorId]) -> Tube {
        Tube { layers: bottom_to_top.iter().map(|&c| Layer::Color(c)).collect(), locked_until: None }
    }
}

/// A pour: the top run of `from` goes onto `to`, as much as fits. Indices are
/// 0-based tube indices in reading order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pour {
    pub from: usize,
    pub to: usize,
}

/// Why a pour is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PourError {
    #[error("tube {0} does not exist")]
    NoSuchTube(usize),
    #[error("a tube cannot be poured into itself")]
    SameTube,
    #[error("tube {0} is empty")]
    SourceEmpty(usize),
    #[error("tube {0} is full")]
    TargetFull(usize),
    #[error("tube {0} is locked under a curtain")]
    Locked(usize),
    #[error("the top layer of tube {0} is hidden")]
    HiddenTop(usize),
    #[error("the top colours of tubes {from} and {to} differ")]
    ColorMismatch { from: usize, to: usize },
}

/// A water-sort level.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WaterPuzzle {
    capacity: usize,
    tubes: Vec<Tube>,
    /// The character that names each colour id in the text form.
    names: Vec<char>,
}

/// What is wrong with a level. Each variant names the rule that is broken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WaterError {
    #[error("the level has no tubes")]
    NoTubes,
    #[error("the level has no colours: every tube is empty")]
    NoColors,
    #[error("line {line}: tube `{token}` is {found} slots long, expected {expected} like the first tube")]
    TubeLength { line: usize, token: String, found: usize, expected: usize },
    #[error(
        "line {line}: `{ch}` in tube `{token}` is not a colour; expected a letter or digit, `E` or `.` for empty, `?` for hidden"
    )]
    BadSlot { line: usize, token: String, ch: char },
    #[error(
        "line {line}: tube `{token}` has an empty slot below liquid; write tubes top to bottom with empty slots first"
    )]
    FloatingLayer { line: usize, token: String },
    #[error("line {line}: locked tube `{token}` should be `!X` or `!X,` followed by its contents, where X is a colour")]
    BadLock { line: usize, token: String },
    #[error("tube capacity {found} is out of range: capacity must be between 2 and 8")]
    CapacityOutOfRange { found: usize },
    #[error("{found} tubes is more than the {max} this tool handles")]
    TooManyTubes { found: usize, max: usize },
    #[error("{found} colours is more than the {max} this tool handles")]
    TooManyColors { found: usize, max: usize },
    #[error("colour `{color}` appears {}; every colour must fill exactly one tube ({expected} layers)", crate::words::times(*.found))]
    ColorCountMismatch { color: char, found: usize, expected: usize },
    #[error("the level has {} but the visible colours are short by {missing}; they must be equal", crate::words::plural(*.hidden as u64, "hidden layer", "hidden layers"))]
    HiddenCountMismatch { hidden: usize, missing: usize },
    #[error("tube {tube} holds {}, more than the capacity {capacity}", crate::words::plural(*.found as u64, "layer", "layers"))]
    Overfull { tube: usize, found: usize, capacity: usize },
}

impl WaterPuzzle {
    /// Builds and checks a level. `names[i]` is the text name of `ColorId(i)`.
    pub fn new(capacity: usize, tubes: Vec<Tube>, names: Vec<char>) -> Result<WaterPuzzle, WaterError> {
        let puzzle = WaterPuzzle { capacity, tubes, names };
        puzzle.validate()?;
        Ok(puzzle)
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn tubes(&self) -> &[Tube] {
        &self.tubes
    }

    pub fn n_colors(&self) -> usize {
        self.names.len()
    }

    /// How many colours the level holds: as many as its layers fill tubes,
    /// which counts the colours only hidden layers hold (three tubes of
    /// hidden layers under one visible colour hold three colours).
    pub fn colors_held(&self) -> usize {
        let layers: usize = self.tubes.iter().map(|t| t.layers.len()).sum();
        self.n_colors().max(layers / self.capacity)
    }

    /// The text name of a colour.
    pub fn color_name(&self, color: ColorId) -> char {
        self.names[color.0 as usize]
    }

    /// True when some layer is hidden or some tube is locked.
    pub fn has_unknowns(&self) -> bool {
        self.tubes.iter().any(|t| t.locked_until.is_some() || t.layers.contains(&Layer::Hidden))
    }

    /// Solved: every tube is empty or full of one colour.
    pub fn is_solved(&self) -> bool {
        self.tubes.iter().all(|t| {
            t.layers.is_empty()
                || (t.layers.len() == self.capacity && t.layers.iter().all(|&l| l != Layer::Hidden && l == t.layers[0]))
        })
    }

    /// The same level with one more empty tube at the end.
    pub fn with_extra_empty_tube(&self) -> WaterPuzzle {
        let mut tubes = self.tubes.clone();
        tubes.push(Tube::empty());
        WaterPuzzle { capacity: self.capacity, tubes, names: self.names.clone() }
    }

    /// The colour a pour from `tube` would move: its top layer's, if that
    /// is shown (none for an empty tube or a hidden top).
    pub fn top_color(&self, tube: usize) -> Option<ColorId> {
        match self.tubes.get(tube)?.layers.last()? {
            Layer::Color(id) => Some(*id),
            Layer::Hidden => None,
        }
    }

    /// Top colour and the length of the top run of one colour.
    fn top_run(&self, tube: usize) -> Option<(Layer, usize)> {
        let layers = &self.tubes[tube].layers;
        let &top = layers.last()?;
        let run = layers.iter().rev().take_while(|&&l| l == top).count();
        Some((top, run))
    }

    /// How many layers `pour` would move, or why it is not allowed.
    pub fn pour_amount(&self, pour: Pour) -> Result<usize, PourError> {
        let n = self.tubes.len();
        for t in [pour.from, pour.to] {
            if t >= n {
                return Err(PourError::NoSuchTube(t));
            }
            if self.tubes[t].locked_until.is_some() {
                return Err(PourError::Locked(t));
            }
        }
        if pour.from == pour.to {
            return Err(PourError::SameTube);
        }
        let (top, run) = self.top_run(pour.from).ok_or(PourError::SourceEmpty(pour.from))?;
        if top == Layer::Hidden {
            return Err(PourError::HiddenTop(pour.from));
        }
        let free = self.capacity - self.tubes[pour.to].layers.len();
        if free == 0 {
            return Err(PourError::TargetFull(pour.to));
        }
        if let Some((target_top, _)) = self.top_run(pour.to)
            && target_top != top
        {
            return Err(PourError::ColorMismatch { from: pour.from, to: pour.to });
        }
        Ok(run.min(free))
    }

    /// Applies a pour (the real game's rule: as much of the top run as fits),
    /// then opens every curtain whose colour is now complete. Returns the
    /// number of layers moved.
    pub fn apply(&mut self, pour: Pour) -> Result<usize, PourError> {
        let amount = self.pour_amount(pour)?;
        for _ in 0..amount {
            let layer = self.tubes[pour.from].layers.pop().expect("amount <= run length");
            self.tubes[pour.to].layers.push(layer);
        }
        self.open_curtains();
        Ok(amount)
    }

    /// Unlocks tubes whose colour fills a tube. Contents stay as they are
    /// (hidden if unknown) until a new reading reveals them.
    fn open_curtains(&mut self) {
        let complete: Vec<ColorId> = (0..self.names.len() as u8)
            .map(ColorId)
            .filter(|&c| {
                self.tubes.iter().any(|t| {
                    t.locked_until.is_none()
                        && t.layers.len() == self.capacity
                        && t.layers.iter().all(|&l| l == Layer::Color(c))
                })
            })
            .collect();
        for tube in &mut self.tubes {
            if tube.locked_until.is_some_and(|c| complete.contains(&c)) {
                tube.locked_until = None;
            }
        }
    }

    fn validate(&self) -> Result<(), WaterError> {
        if !CAPACITY_RANGE.contains(&self.capacity) {
            return Err(WaterError::CapacityOutOfRange { found: self.capacity });
        }
        if self.tubes.is_empty() {
            return Err(WaterError::NoTubes);
        }
        if self.tubes.len() > MAX_TUBES {
            return Err(WaterError::TooManyTubes { found: self.tubes.len(), max: MAX_TUBES });
        }
        if self.names.len() > MAX_COLORS {
            return Err(WaterError::TooManyColors { found: self.names.len(), max: MAX_COLORS });
        }
        let mut counts = vec![0usize; self.names.len()];
        let mut hidden = 0;
        for (i, tube) in self.tubes.iter().enumerate() {
            if tube.layers.len() > self.capacity {
                return Err(WaterError::Overfull { tube: i + 1, found: tube.layers.len(), capacity: self.capacity });
            }
            for layer in &tube.layers {
                match layer {
                    Layer::Color(c) => counts[c.0 as usize] += 1,
                    Layer::Hidden => hidden += 1,
                }
            }
        }
        if counts.iter().all(|&c| c == 0) && hidden == 0 {
            return Err(WaterError::NoColors);
        }
        // A colour seen more than `capacity` times is wrong whatever hides.
        // With no hidden layers every count must be exact.
        for (i, &found) in counts.iter().enumerate() {
            if found > self.capacity || (hidden == 0 && found != self.capacity && found > 0) {
                return Err(WaterError::ColorCountMismatch { color: self.names[i], found, expected: self.capacity });
            }
        }
        if hidden > 0 {
            let missing: usize = counts.iter().map(|&c| self.capacity - c).sum();
            // Hidden layers may also belong to colours not visible at all, so
            // their count only has to be a whole number of tubes beyond that.
            if hidden < missing || !(hidden - missing).is_multiple_of(self.capacity) {
                return Err(WaterError::HiddenCountMismatch { hidden, missing });
            }
        }
        Ok(())
    }
}

/// Colour names `A`, `B`, … skipping `E` (which means an empty slot), then
/// lowercase letters and digits.
pub fn default_names(n: usize) -> Vec<char> {
    ('A'..='Z').chain('a'..='z').chain('0'..='9').filter(|&c| c != 'E').take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_form_round_trips() {
        let text = "EEGR GRRG EEEE RGEE";
        // The last token has a floating layer; check the well-formed part.
        assert!(matches!(text.parse::<WaterPuzzle>(), Err(WaterError::FloatingLayer { line: 1, .. })));
        let p: WaterPuzzle = "EEGR GRRG EEEE EEGR".parse().unwrap();
        assert_eq!(p.to_string(), "EEGR GRRG EEEE EEGR");
        assert_eq!(p.capacity(), 4);
        assert_eq!(p.tubes()[0].layers, vec![Layer::Color(ColorId(1)), Layer::Color(ColorId(0))]);
    }

    #[test]
    fn the_colours_held_count_those_only_hidden_layers_hold() {
        let hidden: WaterPuzzle = "A??? A??? A??? EEEE".parse().unwrap();
        assert_eq!((hidden.n_colors(), hidden.colors_held()), (1, 3));
        let seen: WaterPuzzle = "AABB BBAA EEEE".parse().unwrap();
        assert_eq!(seen.colors_held(), 2);
    }

    #[test]
    fn pour_moves_as_much_as_fits() {
        let mut p: WaterPuzzle = "EGGG EEEG RRRR".parse().unwrap();
        // Tube 2 has room for 3 and receives all three greens.
        assert_eq!(p.apply(Pour { from: 0, to: 1 }), Ok(3));
        assert!(p.is_solved());
        let mut q: WaterPuzzle = "GGGR EGRR EEER EEEE".parse().unwrap();
        // Only one slot free: a partial pour of one green.
        assert_eq!(q.apply(Pour { from: 0, to: 1 }), Ok(1));
        assert_eq!(q.to_string(), "EGGR GGRR EEER EEEE");
        assert_eq!(q.apply(Pour { from: 0, to: 0 }), Err(PourError::SameTube));
        assert_eq!(q.apply(Pour { from: 3, to: 0 }), Err(PourError::SourceEmpty(3)));
    }

    #[test]
    fn counts_are_checked() {
        let err = "GGGR RRRE".parse::<WaterPuzzle>().unwrap_err();
        assert_eq!(err, WaterError::FloatingLayer { line: 1, token: "RRRE".into() });
        let err = "GGGR RRRR EEEE".parse::<WaterPuzzle>().unwrap_err();
        assert_eq!(err, WaterError::ColorCountMismatch { color: 'G', found: 3, expected: 4 });
        let err = "GG RR GGG".parse::<WaterPuzzle>().unwrap_err();
        assert!(matches!(err, WaterError::TubeLength { line: 1, found: 3, expected: 2, .. }));
        assert_eq!("G R".parse::<WaterPuzzle>().unwrap_err(), WaterError::CapacityOutOfRange { found: 1 });
        assert_eq!("# nothing".parse::<WaterPuzzle>().unwrap_err(), WaterError::NoTubes);
    }

    #[test]
    fn hidden_layers_and_locks_are_kept() {
        // One hidden layer cannot make up the three layers the colours lack.
        let err = "EEGG ?RRR EEEE".parse::<WaterPuzzle>().unwrap_err();
        assert_eq!(err, WaterError::HiddenCountMismatch { hidden: 1, missing: 3 });
        let p: WaterPuzzle = "G??? !R EEEE GGG? RRRR".parse().unwrap_or_else(|e| panic!("{e}"));
        assert!(p.has_unknowns());
        assert_eq!(p.to_string(), "G??? !R EEEE GGG? RRRR");
        let q: WaterPuzzle = "!R,GGGG RRRR EEEE".parse().unwrap();
        assert_eq!(q.to_string(), "!R,GGGG RRRR EEEE");
    }

    #[test]
    fn curtain_opens_when_its_colour_is_complete() {
        let mut p: WaterPuzzle = "!R,GGGG ERRR EEER EEEE".parse().unwrap();
        assert_eq!(p.apply(Pour { from: 0, to: 3 }), Err(PourError::Locked(0)));
        p.apply(Pour { from: 2, to: 1 }).unwrap();
        assert_eq!(p.tubes()[0].locked_until, None);
    }

    #[test]
    fn renaming_in_order_makes_readings_comparable() {
        assert_eq!(renamed_in_order("GRR? !G EEEE"), renamed_in_order("XYY? !X EEEE"));
        assert_eq!(renamed_in_order("GRR? !G EEEE"), "abb? !a EEEE");
        assert_ne!(renamed_in_order("GRRG"), renamed_in_order("GRGR"));
    }

    #[test]
    fn random_levels_are_valid_and_deterministic() {
        let options = RandomLevelOptions { n_colors: 12, n_empty: 2, capacity: 4, seed: 7 };
        let a = random_level(options).unwrap();
        assert_eq!(a, random_level(options).unwrap());
        assert_eq!(a.tubes().len(), 14);
        assert!(!a.to_string().contains('?'));
    }
}
