//! The compact text form of a level: parsed (`FromStr`) and written back
//! (`Display`), and a renaming that lets two readings of one level compare
//! equal whatever letters name their colours.

use std::fmt;
use std::str::FromStr;

use super::{ColorId, Layer, Tube, WaterError, WaterPuzzle};

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
        // Tubes written `!X` alone: all hidden, their length the capacity.
        let mut curtained: Vec<usize> = Vec::new();

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
                    curtained.push(tubes.len());
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
        for i in curtained {
            tubes[i].layers = vec![Layer::Hidden; capacity];
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
        let all_hidden =
            |tube: &Tube| tube.layers.len() == self.capacity && tube.layers.iter().all(|&l| l == Layer::Hidden);
        // `!X` alone takes its length from the other tubes: write it only
        // when some tube is written out in full to give that length.
        let short_curtains = self.tubes.iter().any(|t| t.locked_until.is_none() || !all_hidden(t));
        for (i, tube) in self.tubes.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if let Some(c) = tube.locked_until {
                write!(f, "!{}", self.color_name(c))?;
                if short_curtains && all_hidden(tube) {
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
