//! The text formats of a card list: the cards format (parsed with
//! `FromStr`, written back with `Display`), Brendan Owen's benchmark boards
//! and jwortmann's Eternity II lists.

use std::fmt;
use std::str::FromStr;

use super::{BOTTOM, Card, Edge, Half, LEFT, RIGHT, SquaresError, SquaresPuzzle, TOP};

impl SquaresPuzzle {
    fn side_name(&self, edge: Edge) -> String {
        match edge {
            Edge::Border => "BORDER".to_string(),
            Edge::Figure { figure, half } => {
                let half = match half {
                    Half::Head => "HEAD",
                    Half::Tail => "TAIL",
                    Half::Same => "SAME",
                    Half::None => "NONE",
                };
                format!("{half}-{}", self.figures[figure as usize])
            }
        }
    }

    /// Brendan Owen's format: `W H`, then `up right down left` per piece.
    pub fn from_brendan(text: &str) -> Result<SquaresPuzzle, SquaresError> {
        Self::from_numbers(text, [TOP, RIGHT, BOTTOM, LEFT], false)
    }

    /// jwortmann's Eternity II format: optional `rows cols`, then `bottom left
    /// top right` per piece.
    pub fn from_eternity(text: &str) -> Result<SquaresPuzzle, SquaresError> {
        Self::from_numbers(text, [BOTTOM, LEFT, TOP, RIGHT], true)
    }

    /// Numeric piece lists: `order[i]` is the side the i-th number gives; `0`
    /// is a border, equal numbers meet.
    fn from_numbers(text: &str, order: [usize; 4], size_optional: bool) -> Result<SquaresPuzzle, SquaresError> {
        let mut size: Option<(usize, usize)> = None;
        let mut pieces: Vec<[u32; 4]> = Vec::new();
        for (idx, raw) in text.lines().enumerate() {
            let line = idx + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let numbers: Option<Vec<u32>> = content.split_whitespace().map(|t| t.parse().ok()).collect();
            let bad = || SquaresError::BadNumbers { line, expected: 4, text: content.to_string() };
            let numbers = numbers.ok_or_else(bad)?;
            match numbers.len() {
                2 if size.is_none() && pieces.is_empty() => size = Some((numbers[0] as usize, numbers[1] as usize)),
                4 => pieces.push([numbers[0], numbers[1], numbers[2], numbers[3]]),
                _ => return Err(bad()),
            }
        }
        let mut figures: Vec<String> = Vec::new();
        let cards = pieces
            .iter()
            .enumerate()
            .map(|(i, numbers)| {
                let mut edges = [Edge::Border; 4];
                for (k, &n) in numbers.iter().enumerate() {
                    edges[order[k]] = if n == 0 {
                        Edge::Border
                    } else {
                        let name = n.to_string();
                        let figure = intern(&mut figures, &name);
                        Edge::Figure { figure, half: Half::Same }
                    };
                }
                Card { name: (i + 1).to_string(), edges }
            })
            .collect::<Vec<_>>();
        let (width, height) = match size {
            Some((w, h)) => (w, h),
            None if size_optional => square_side(cards.len()).map(|d| (d, d))?,
            None => return Err(SquaresError::BadNumbers { line: 1, expected: 2, text: "(no `W H` line)".into() }),
        };
        SquaresPuzzle { width, height, cards, figures }.check()
    }
}

fn intern(names: &mut Vec<String>, name: &str) -> u16 {
    match names.iter().position(|n| n == name) {
        Some(i) => i as u16,
        None => {
            names.push(name.to_string());
            (names.len() - 1) as u16
        }
    }
}

fn square_side(n: usize) -> Result<usize, SquaresError> {
    let d = (n as f64).sqrt().round() as usize;
    if d * d == n && n > 0 { Ok(d) } else { Err(SquaresError::NotSquare { found: n }) }
}

fn parse_side(token: &str, figures: &mut Vec<String>) -> Option<Edge> {
    if token.eq_ignore_ascii_case("BORDER") {
        return Some(Edge::Border);
    }
    let (half, name) = token.split_once('-')?;
    let half = match half.to_ascii_uppercase().as_str() {
        "HEAD" => Half::Head,
        "TAIL" => Half::Tail,
        "SAME" => Half::Same,
        "NONE" => Half::None,
        _ => return None,
    };
    if name.is_empty() {
        return None;
    }
    Some(Edge::Figure { figure: intern(figures, name), half })
}

impl FromStr for SquaresPuzzle {
    type Err = SquaresError;

    /// The cards format; see the module doc.
    fn from_str(text: &str) -> Result<SquaresPuzzle, SquaresError> {
        let mut figures = Vec::new();
        let mut cards = Vec::new();
        let mut grid: Option<(usize, usize)> = None;
        for (idx, raw) in text.lines().enumerate() {
            let line = idx + 1;
            let trimmed = raw.trim();
            if let Some(comment) = trimmed.strip_prefix('#') {
                if let Some(spec) = comment.trim().strip_prefix("grid:") {
                    let (w, h) = spec.trim().split_once(['x', 'X', '×']).ok_or(SquaresError::BadGrid { line })?;
                    let w = w.trim().parse().map_err(|_| SquaresError::BadGrid { line })?;
                    let h = h.trim().parse().map_err(|_| SquaresError::BadGrid { line })?;
                    grid = Some((w, h));
                }
                continue;
            }
            let content = trimmed.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let fields: Vec<&str> = content.split_whitespace().collect();
            if fields.len() != 5 {
                return Err(SquaresError::FieldCount { line, found: fields.len() });
            }
            let mut edges = [Edge::Border; 4];
            for (side, token) in fields[1..].iter().enumerate() {
                edges[side] = parse_side(token, &mut figures)
                    .ok_or_else(|| SquaresError::BadSide { line, token: token.to_string() })?;
            }
            cards.push(Card { name: fields[0].to_string(), edges });
        }
        if cards.is_empty() {
            return Err(SquaresError::NoCards);
        }
        let (width, height) = match grid {
            Some(size) => size,
            None => square_side(cards.len()).map(|d| (d, d))?,
        };
        SquaresPuzzle { width, height, cards, figures }.check()
    }
}

impl fmt::Display for SquaresPuzzle {
    /// The cards format, with a `# grid:` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# grid: {}x{}", self.width, self.height)?;
        for card in &self.cards {
            write!(f, "{}", card.name)?;
            for &edge in &card.edges {
                write!(f, " {}", self.side_name(edge))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
