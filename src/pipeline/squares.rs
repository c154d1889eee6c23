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
use crate::vision::squares::{CardReading, CardsError, CardsRead, MatchMode, add_shape_readings, find_grid, read_grid};

/// An edge-matching run's result.
#[derive(Debug, Clone)]
pub struct SquaresOutcome {
    pub puzzle: SquaresPuzzle,
    /// Where the cards are, when they came from a picture (card `i` of the
    /// puzzle is `grid.cards[i]`).
    pub grid: Option<CardGrid>,
    pub result: Result<SquaresSolution, SquaresSolveError>,
    /// How long solving took, whatever its result (for a picture, judging
    /// every reading tried).
    pub searched: std::time::Duration,
}

/// A picture of cards' run: what was read (kept for reporting even when no
/// labelling solves) and the outcome.
pub struct SquaresImageRun {
    pub read: Option<CardsRead>,
    /// Which labelling the solver accepted, and how many were tried.
    pub chosen: Option<usize>,
    pub tried: usize,
    /// The rule of the reading that stood (or of the one whose failure is
    /// the answer).
    pub rule: Option<CardRule>,
    /// Every rule tried, in order.
    pub rules: Vec<CardRule>,
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

/// The rules a picture of cards is read under: which edges meet and
/// whether cards turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardRule {
    pub mode: MatchMode,
    pub turns: Turns,
}

impl CardRule {
    /// Scrambled Squares: two halves of a figure meet, cards turn.
    pub const HALVES: CardRule = CardRule { mode: MatchMode::Complement, turns: Turns::Free };
    /// TetraVex: equal numbers meet, tiles lie as they are.
    pub const SAME_UPRIGHT: CardRule = CardRule { mode: MatchMode::Same, turns: Turns::Fixed };
    /// Eternity II: equal patterns meet, pieces turn.
    pub const SAME: CardRule = CardRule { mode: MatchMode::Same, turns: Turns::Free };

    /// The rules tried, in order, for what the user said (`None`: nothing).
    /// Equal patterns with no card turned first: it is the rule hardest to
    /// meet by chance (a guessed equal-pattern reading must give exactly
    /// one board, see `Evidence::OneBoard`), and the quickest to judge, so
    /// TetraVex pays no more for being found than Scrambled Squares. Then
    /// halves, then equal patterns with turns (coarse groupings solve too
    /// easily under it to be tried before halves).
    pub fn to_try(mode: Option<MatchMode>, turns: Option<Turns>) -> Vec<CardRule> {
        match (mode, turns) {
            (None, None) => vec![CardRule::SAME_UPRIGHT, CardRule::HALVES, CardRule::SAME],
            (None, Some(turns)) => {
                vec![CardRule { mode: MatchMode::Complement, turns }, CardRule { mode: MatchMode::Same, turns }]
            }
            // Cards of Scrambled Squares turn.
            (Some(MatchMode::Complement), None) => vec![CardRule::HALVES],
            (Some(MatchMode::Same), None) => vec![CardRule::SAME_UPRIGHT, CardRule::SAME],
            (Some(mode), Some(turns)) => vec![CardRule { mode, turns }],
        }
    }

    /// What the rule means, for a player.
    pub fn describe(self) -> &'static str {
        match (self.mode, self.turns) {
            (MatchMode::Complement, Turns::Free) => "Scrambled Squares (halves of a figure meet, cards turn)",
            (MatchMode::Complement, Turns::Fixed) => "halves of a figure meet, cards do not turn",
            (MatchMode::Same, Turns::Fixed) => "TetraVex (equal patterns meet, cards do not turn)",
            (MatchMode::Same, Turns::Free) => "Eternity II (equal patterns meet, cards turn)",
        }
    }
}

/// Reads a picture of cards: finds the cards once, then under each rule
/// the options allow in turn lets the solver judge the labellings; the first rule
/// that gives a solution is the picture's. When none does, the answer of
/// the first rule not merely guessed stands (its error, or its unsolvable
/// board).
pub fn run_image(image: &RgbImage, options: &RunOptions) -> SquaresImageRun {
    let rules = CardRule::to_try(options.cards.mode, options.card_turns);
    let grid = match find_grid(image, &options.cards.grid) {
        Ok(grid) => grid,
        Err(e) => {
            return SquaresImageRun {
                read: None,
                chosen: None,
                tried: 0,
                rule: None,
                rules: Vec::new(),
                result: Err(e),
            };
        }
    };
    let mut failed: Option<SquaresImageRun> = None;
    let mut tried = 0;
    for &rule in &rules {
        // Equal patterns guessed, not asked for, must give one board: the
        // puzzles drawn that way (TetraVex, Eternity II) are made with one
        // answer, and a Scrambled Squares product picture whose figures
        // were grouped too coarsely "solved" as TetraVex in 8640 ways.
        let guessed = guessed_rule(options, rule);
        if guessed && (grid.rows < 3 || grid.cols < 3) {
            // Four cards lie in 24 orders: one board among them is no
            // evidence that equal patterns meet.
            continue;
        }
        let reading = CardReading { mode: Some(rule.mode), upright: rule.turns == Turns::Fixed, ..options.cards };
        let read = read_grid(image, grid.clone(), &reading);
        let solving = SquaresSolveOptions { turns: rule.turns, ..options.squares };
        let evidence = if guessed { Evidence::OneBoard } else { Evidence::Informative };
        // The shape readings are slow to make: only when no colour
        // reading stands.
        let more = |read: &mut CardsRead| add_shape_readings(image, read, &reading);
        let mut run = judge_labellings(read, options, &solving, evidence, more);
        tried += run.tried;
        run.rule = Some(rule);
        let solved = matches!(&run.result, Ok(outcome) if outcome.result.is_ok());
        let out_of_time =
            matches!(&run.result, Ok(SquaresOutcome { result: Err(SquaresSolveError::OutOfTime { .. }), .. }));
        let interrupted =
            matches!(&run.result, Ok(SquaresOutcome { result: Err(SquaresSolveError::Interrupted { .. }), .. }));
        if solved || interrupted || (out_of_time && !guessed) {
            run.tried = tried;
            run.rules = rules;
            return run;
        }
        // When no rule solves, the answer is that of the first rule asked
        // for or not merely guessed (Scrambled Squares, when nothing was
        // said): a guessed rule's failure says nothing.
        let stands = match &failed {
            None => true,
            Some(earlier) => !guessed && earlier.rule.is_some_and(|r| guessed_rule(options, r)),
        };
        if stands {
            failed = Some(run);
        }
    }
    let mut run = failed.unwrap_or(SquaresImageRun {
        read: None,
        chosen: None,
        tried: 0,
        rule: None,
        rules: Vec::new(),
        result: Err(CardsError::NoLabelling { cards: grid.cards.len() }),
    });
    run.tried = tried;
    run.rules = rules;
    run
}

/// Most placements spent on a reading under equal patterns that were
/// guessed, not asked for. A true equal-pattern reading is tightly bound:
/// GNOME TetraVex's boards solve in 14 to 28 placements; 2 million (about
/// 60 ms here) leaves room for boards far larger and keeps a wrong guess
/// on a 6×6 picture from eating the time limit (it took all 5 s).
const GUESSED_RULE_NODES: u64 = 2_000_000;

/// What a reading's solutions must show for it to stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Evidence {
    /// Fewer than one arrangement in ten solves.
    Informative,
    /// That, and exactly one board up to turning it (counted in full),
    /// all readings of the rule together within [`GUESSED_RULE_NODES`].
    OneBoard,
}

/// Whether a rule is tried on a guess: equal patterns when the user did
/// not say how edges match.
fn guessed_rule(options: &RunOptions, rule: CardRule) -> bool {
    options.cards.mode.is_none() && rule.mode == MatchMode::Same
}

/// Lets the solver judge the labellings of one reading, most likely first:
/// the first that admits a solution is the reading. A labelling is only
/// passed over once it is proven unsolvable: a later one that happens to
/// solve quickly is not evidence against an earlier one.
fn judge_labellings(
    read: CardsRead,
    options: &RunOptions,
    solving: &SquaresSolveOptions,
    evidence: Evidence,
    more: impl FnOnce(&mut CardsRead),
) -> SquaresImageRun {
    let started = std::time::Instant::now();
    let mut read = read;
    let mut more = Some(more);
    let judge = SquaresSolveOptions {
        first_only: true,
        max_nodes: match evidence {
            Evidence::OneBoard => options.picture_nodes.unwrap_or(JUDGE_NODES).min(GUESSED_RULE_NODES),
            Evidence::Informative => options.picture_nodes.unwrap_or(JUDGE_NODES),
        },
        keep: 1,
        ..*solving
    };
    let mut nodes = 0;
    let mut spent = 0;
    let mut tried = 0;
    let mut uninformative = 0;
    let mut i = 0;
    loop {
        if i == read.labellings.len() {
            match more.take() {
                Some(extend) => {
                    extend(&mut read);
                    continue;
                }
                None => break,
            }
        }
        let index = i;
        let labelling = &read.labellings[index];
        i += 1;
        tried += 1;
        // A guessed rule spends its budget over all its readings together.
        let judge = match evidence {
            Evidence::OneBoard => {
                SquaresSolveOptions { max_nodes: judge.max_nodes.saturating_sub(spent).max(1), ..judge }
            }
            Evidence::Informative => judge,
        };
        let judged = squares::solve(&labelling.puzzle, &judge);
        spent += match &judged {
            Ok(s) => s.nodes,
            Err(SquaresSolveError::Unsolvable { nodes } | SquaresSolveError::BudgetExceeded { nodes, .. }) => *nodes,
            Err(SquaresSolveError::OutOfTime { nodes, .. } | SquaresSolveError::Interrupted { nodes }) => *nodes,
        };
        match judged {
            Err(SquaresSolveError::BudgetExceeded { .. }) if evidence == Evidence::OneBoard => {
                uninformative += 1;
                break;
            }
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
                let count = SquaresSolveOptions { max_nodes: judge.max_nodes, ..*solving };
                let counted = squares::solve(&labelling.puzzle, &count);
                spent += match &counted {
                    Ok(s) => s.nodes,
                    Err(_) => 0,
                };
                let result = match counted {
                    Err(
                        SquaresSolveError::BudgetExceeded { .. }
                        | SquaresSolveError::OutOfTime { .. }
                        | SquaresSolveError::Interrupted { .. },
                    ) => Ok(first),
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
                if evidence == Evidence::OneBoard && !result.as_ref().is_ok_and(|s| s.complete && s.unique == 1) {
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
                let outcome = SquaresOutcome {
                    puzzle: labelling.puzzle.clone(),
                    grid: Some(read.grid.clone()),
                    result,
                    searched: started.elapsed(),
                };
                return SquaresImageRun {
                    read: Some(read),
                    chosen: Some(index),
                    tried,
                    rule: None,
                    rules: Vec::new(),
                    result: Ok(outcome),
                };
            }
            Err(SquaresSolveError::Unsolvable { nodes: n }) => nodes += n,
            Err(
                e @ (SquaresSolveError::BudgetExceeded { .. }
                | SquaresSolveError::OutOfTime { .. }
                | SquaresSolveError::Interrupted { .. }),
            ) => {
                let outcome = SquaresOutcome {
                    puzzle: labelling.puzzle.clone(),
                    grid: Some(read.grid.clone()),
                    result: Err(e),
                    searched: started.elapsed(),
                };
                return SquaresImageRun {
                    read: Some(read),
                    chosen: None,
                    tried,
                    rule: None,
                    rules: Vec::new(),
                    result: Ok(outcome),
                };
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
            searched: started.elapsed(),
        }),
        None => Err(CardsError::NoLabelling { cards: read.grid.cards.len() }),
    };
    SquaresImageRun { read: Some(read), chosen: None, tried, rule: None, rules: Vec::new(), result }
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
