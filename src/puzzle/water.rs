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

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

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
    #[error("colour `{color}` appears {found} times; every colour must fill exactly one tube ({expected} layers)")]
    ColorCountMismatch { color: char, found: usize, expected: usize },
    #[error("the level has {hidden} hidden layers but the visible colours are short by {missing}; they must be equal")]
    HiddenCountMismatch { hidden: usize, missing: usize },
    #[error("tube {tube} holds {found} layers, more than the capacity {capacity}")]
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

impl FromStr for WaterPuzzle {
    type Err = WaterError;

    fn from_str(text: &str) -> Result<WaterPuzzle, WaterError> {
        let mut names: Vec<char> = Vec::new();
        let mut color_of = |ch: char| -> ColorId {
            match names.iter().position(|&n| n == ch) {
                Some(i) => ColorId(i as u8),
                None => {
                    names.push(ch);
                    ColorId((names.len() - 1) as u8)
                }
            }
        };
        let mut capacity: Option<usize> = None;
        // Tubes written `-` have no length of their own: fill them in later.
        let mut tubes: Vec<Tube> = Vec::new();
        let mut lengths: Vec<(usize, String, usize)> = Vec::new();

        for (line_idx, raw_line) in text.lines().enumerate() {
            let line_no = line_idx + 1;
            let line = raw_line.split('#').next().unwrap_or("");
            for token in line.split_whitespace() {
                if token == "-" {
                    tubes.push(Tube::empty());
                    continue;
                }
                let (lock, slots) = match token.strip_prefix('!') {
                    Some(rest) => {
                        let mut chars = rest.chars();
                        let lock_ch = chars.next().filter(|c| is_color_char(*c));
                        let after = chars.as_str();
                        let Some(lock_ch) = lock_ch else {
                            return Err(WaterError::BadLock { line: line_no, token: token.to_string() });
                        };
                        let slots = if after.is_empty() {
                            None
                        } else if let Some(s) = after.strip_prefix(',') {
                            Some(s)
                        } else {
                            return Err(WaterError::BadLock { line: line_no, token: token.to_string() });
                        };
                        (Some(color_of(lock_ch)), slots)
                    }
                    None => (None, Some(token)),
                };
                let Some(slots) = slots else {
                    // Contents under the curtain: filled with hidden layers
                    // once the capacity is known.
                    tubes.push(Tube { layers: Vec::new(), locked_until: lock });
                    lengths.push((line_no, token.to_string(), usize::MAX));
                    continue;
                };
                let n_slots = slots.chars().count();
                lengths.push((line_no, token.to_string(), n_slots));
                if capacity.is_none() {
                    capacity = Some(n_slots);
                }
                let mut layers = Vec::with_capacity(n_slots);
                let mut seen_liquid = false;
                for ch in slots.chars() {
                    match ch {
                        'E' | '.' => {
                            if seen_liquid {
                                return Err(WaterError::FloatingLayer { line: line_no, token: token.to_string() });
                            }
                        }
                        '?' => {
                            seen_liquid = true;
                            layers.push(Layer::Hidden);
                        }
                        c if is_color_char(c) => {
                            seen_liquid = true;
                            layers.push(Layer::Color(color_of(c)));
                        }
                        c => {
                            return Err(WaterError::BadSlot { line: line_no, token: token.to_string(), ch: c });
                        }
                    }
                }
                layers.reverse();
                tubes.push(Tube { layers, locked_until: lock });
            }
        }
        if tubes.is_empty() {
            return Err(WaterError::NoTubes);
        }
        let capacity = capacity.ok_or(WaterError::NoColors)?;
        for (line, token, found) in lengths {
            if found != usize::MAX && found != capacity {
                return Err(WaterError::TubeLength { line, token, found, expected: capacity });
            }
        }
        for tube in &mut tubes {
            if tube.locked_until.is_some() && tube.layers.is_empty() {
                tube.layers = vec![Layer::Hidden; capacity];
            }
        }
        WaterPuzzle::new(capacity, tubes, names)
    }
}

fn is_color_char(c: char) -> bool {
    c.is_alphanumeric() && c != 'E'
}

impl fmt::Display for WaterPuzzle {
    /// The compact form: one token per tube, top to bottom, `E` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tube) in self.tubes.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if let Some(c) = tube.locked_until {
                write!(f, "!{}", self.color_name(c))?;
                if tube.layers.len() == self.capacity && tube.layers.iter().all(|&l| l == Layer::Hidden) {
                    continue;
                }
                f.write_str(",")?;
            }
            for _ in tube.layers.len()..self.capacity {
                f.write_str("E")?;
            }
            for layer in tube.layers.iter().rev() {
                match layer {
                    Layer::Color(c) => write!(f, "{}", self.color_name(*c))?,
                    Layer::Hidden => f.write_str("?")?,
                }
            }
        }
        Ok(())
    }
}

/// The compact form with colours renamed `a`, `b`, … in order of first
/// appearance (`E`, `?`, `!`, `,` and spaces kept), so two readings of one
/// level compare equal whatever letters name its colours.
pub fn renamed_in_order(compact: &str) -> String {
    let mut names: Vec<char> = Vec::new();
    compact
        .chars()
        .map(|c| {
            if is_color_char(c) {
                let i = names.iter().position(|&n| n == c).unwrap_or_else(|| {
                    names.push(c);
                    names.len() - 1
                });
                char::from_u32('a' as u32 + i as u32).unwrap_or('~')
            } else {
                c
            }
        })
        .collect()
}

/// Options for [`random_level`].
#[derive(Debug, Clone, Copy)]
pub struct RandomLevelOptions {
    pub n_colors: usize,
    pub n_empty: usize,
    pub capacity: usize,
    pub seed: u64,
}

/// A random level: every colour's layers shuffled over the filled tubes,
/// followed by the empty ones. Deterministic for a seed; it may be unsolvable.
pub fn random_level(options: RandomLevelOptions) -> Result<WaterPuzzle, WaterError> {
    let RandomLevelOptions { n_colors, n_empty, capacity, seed } = options;
    let mut layers: Vec<ColorId> =
        (0..n_colors).flat_map(|c| std::iter::repeat_n(ColorId(c as u8), capacity)).collect();
    let mut rng = SplitMix64(seed);
    for i in (1..layers.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        layers.swap(i, j);
    }
    let mut tubes: Vec<Tube> = layers.chunks(capacity.max(1)).map(Tube::of_colors).collect();
    tubes.extend((0..n_empty).map(|_| Tube::empty()));
    let names = default_names(n_colors);
    WaterPuzzle::new(capacity, tubes, names)
}

/// Colour names `A`, `B`, … skipping `E` (which means an empty slot), then
/// lowercase letters and digits.
pub fn default_names(n: usize) -> Vec<char> {
    ('A'..='Z').chain('a'..='z').chain('0'..='9').filter(|&c| c != 'E').take(n).collect()
}

/// A tiny seeded generator (SplitMix64), enough for shuffles.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
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
