//! Squares from a picture: the solver judges the readings of the cards'
//! edges, most likely first, and the first that admits a solution (and says
//! something about the cards) is the reading. A shape reading's board must
//! also join in the picture: the seam rule ([`seams_join`]) lives here,
//! beside the judging that relies on it.

use image::RgbImage;

use super::RunOptions;
use crate::geometry::CardGrid;
use crate::puzzle::squares::{Placement, SquaresPuzzle, Turns, fewest_turns};
use crate::solve::squares::{self, SquaresSolution, SquaresSolveError, SquaresSolveOptions};
use crate::vision::squares::looks::seam_distance;
use crate::vision::squares::{CardsError, CardsRead, read_cards};

/// An edge-matching run's result.
#[derive(Debug, Clone)]
pub struct SquaresOutcome {
    pub puzzle: SquaresPuzzle,
    /// Where the cards are, when they came from a picture (card `i` of the
    /// puzzle is `grid.cards[i]`).
    pub grid: Option<CardGrid>,
    pub result: Result<SquaresSolution, SquaresSolveError>,
}

/// A picture of cards' run: what was read (kept for reporting even when no
/// labelling solves) and the outcome.
pub struct SquaresImageRun {
    pub read: Option<CardsRead>,
    /// Which labelling the solver accepted, and how many were tried.
    pub chosen: Option<usize>,
    pub tried: usize,
    pub result: Result<SquaresOutcome, CardsError>,
}

/// Most card placements spent judging one labelling of a picture, unless
/// the user says otherwise: about 15 s on a 2-core machine.
const JUDGE_NODES: u64 = 500_000_000;

/// How many ways `n` cards can lie on the board: every order, and every
/// turn of each card when cards may turn.
fn arrangements(n: usize, turns: Turns) -> f64 {
    let orders: f64 = (1..=n).map(|k| k as f64).product();
    match turns {
        Turns::Fixed => orders,
        Turns::Free => orders * 4f64.powi(n as i32),
    }
}

/// Reads a picture of cards and lets the solver judge the labellings, most
/// likely first: the first that admits a solution is the reading. A
/// labelling is only passed over once it is proven unsolvable: a later one
/// that happens to solve quickly is not evidence against an earlier one.
pub fn run_image(image: &RgbImage, options: &RunOptions) -> SquaresImageRun {
    let read = match read_cards(image, &options.cards) {
        Ok(read) => read,
        Err(e) => return SquaresImageRun { read: None, chosen: None, tried: 0, result: Err(e) },
    };
    let judge = SquaresSolveOptions {
        first_only: true,
        max_nodes: options.picture_nodes.unwrap_or(JUDGE_NODES),
        keep: 1,
        ..options.squares
    };
    let mut nodes = 0;
    let mut tried = 0;
    let mut uninformative = 0;
    for (i, labelling) in read.labellings.iter().enumerate() {
        tried += 1;
        match squares::solve(&labelling.puzzle, &judge) {
            Ok(first) => {
                // A loose (shape) reading stands only if the board it gives
                // joins in the picture too; no need to count its solutions
                // otherwise.
                if labelling.needs_seams && !first.solutions.first().is_some_and(|board| seams_join(&read, board)) {
                    uninformative += 1;
                    continue;
                }
                // Count the solutions too, within the judging budget (a
                // reading with vast numbers of solutions would otherwise
                // count for minutes); the judged one stands if counting
                // runs out.
                let count = SquaresSolveOptions { max_nodes: judge.max_nodes, ..options.squares };
                let result = match squares::solve(&labelling.puzzle, &count) {
                    Err(SquaresSolveError::BudgetExceeded { .. } | SquaresSolveError::OutOfTime { .. }) => Ok(first),
                    other => other,
                };
                // A reading under which one arrangement in ten solves says
                // nothing about the cards (edges that all look alike).
                // (`uninformative` also counts loose readings whose boards
                // did not join.)
                if let Ok(s) = &result
                    && s.complete
                    && s.raw as f64 >= 0.1 * arrangements(labelling.puzzle.n_cards(), judge.turns)
                {
                    uninformative += 1;
                    continue;
                }
                // Cards on a table: of the board's turns, lay the one that
                // turns the fewest cards.
                let result = result.map(|mut s| {
                    if judge.turns == Turns::Free {
                        let (w, h) = (labelling.puzzle.width, labelling.puzzle.height);
                        s.solutions = s.solutions.iter().map(|board| fewest_turns(board, w, h)).collect();
                    }
                    s
                });
                let outcome =
                    SquaresOutcome { puzzle: labelling.puzzle.clone(), grid: Some(read.grid.clone()), result };
                return SquaresImageRun { read: Some(read), chosen: Some(i), tried, result: Ok(outcome) };
            }
            Err(SquaresSolveError::Unsolvable { nodes: n }) => nodes += n,
            Err(e @ (SquaresSolveError::BudgetExceeded { .. } | SquaresSolveError::OutOfTime { .. })) => {
                let outcome =
                    SquaresOutcome { puzzle: labelling.puzzle.clone(), grid: Some(read.grid.clone()), result: Err(e) };
                return SquaresImageRun { read: Some(read), chosen: None, tried, result: Ok(outcome) };
            }
        }
    }
    let result = match read.labellings.first() {
        // The readings that solved said nothing about the cards.
        Some(_) if uninformative > 0 => Err(CardsError::NoLabelling { cards: read.grid.cards.len() }),
        Some(first) => Ok(SquaresOutcome {
            puzzle: first.puzzle.clone(),
            grid: Some(read.grid.clone()),
            result: Err(SquaresSolveError::Unsolvable { nodes }),
        }),
        None => Err(CardsError::NoLabelling { cards: read.grid.cards.len() }),
    };
    SquaresImageRun { read: Some(read), chosen: None, tried, result }
}

/// How well a shape reading's board must join (see
/// [`partner_rank`]): for half its joins or more, the side met
/// must be among the best-continuing 7.5% of all sides on other cards (of
/// 32 on a 3×3 board, the best two). The true boards of the photos: Bama
/// 1/32, Skiers 2/32. The shape readings that "solved" product images,
/// where no true board is known (several show duplicated cards): 3/32 (the
/// balloons; its board does not look right) and 8/32 to 21/32 for the
/// rest, among them a birds board with one solution that visibly does not
/// join. (The mean seam distance of the joins against that of all pairs
/// did not separate them: Skiers 0.73, balloons 0.71, birds 0.79.) Set
/// from these cases, and no more general than they are.
const MAX_PARTNER_RANK: f32 = 0.075;

/// Whether the arrangement's touching sides continue each other in the
/// picture well enough for a shape reading to stand.
pub fn seams_join(read: &CardsRead, placements: &[Placement]) -> bool {
    partner_rank(read, placements).is_some_and(|r| r <= MAX_PARTNER_RANK)
}

/// How well the touching sides of an arrangement continue each other in
/// the picture: for each side of each inner join, the share of all sides
/// on other cards whose seam continues it better than the side it meets
/// (0: the best of all; about 0.5 for a side met at random); the median
/// over the joins. `None` without shape looks or joins.
pub fn partner_rank(read: &CardsRead, placements: &[Placement]) -> Option<f32> {
    let shapes = &read.shapes;
    let (rows, cols) = (read.grid.rows, read.grid.cols);
    if shapes.len() < 4 * rows * cols {
        return None;
    }
    let mut at = vec![None; rows * cols];
    for p in placements {
        at[p.row * cols + p.col] = Some(p);
    }
    // The side of the card at `cell` that faces `direction` (0 up,
    // clockwise), by its index in `shapes`: a card turned r quarters
    // clockwise shows its written side (direction − r) there.
    let side = |cell: usize, direction: usize| -> Option<usize> {
        let p = at[cell]?;
        Some(4 * p.card + (direction + 4 - p.rotation.quarter_turns()) % 4)
    };
    let rank = |a: usize, b: usize| {
        let met = seam_distance(&shapes[a], &shapes[b]);
        let others = (0..shapes.len()).filter(|&j| j / 4 != a / 4);
        let better = others.clone().filter(|&j| seam_distance(&shapes[a], &shapes[j]) < met).count();
        better as f32 / others.count().max(1) as f32
    };
    let mut ranks = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            let mut join = |a: usize, b: usize| {
                ranks.push(rank(a, b));
                ranks.push(rank(b, a));
            };
            if c + 1 < cols {
                join(side(cell, 1)?, side(cell + 1, 3)?);
            }
            if r + 1 < rows {
                join(side(cell, 2)?, side(cell + cols, 0)?);
            }
        }
    }
    if ranks.is_empty() {
        return None;
    }
    ranks.sort_by(f32::total_cmp);
    Some(ranks[ranks.len() / 2])
}
