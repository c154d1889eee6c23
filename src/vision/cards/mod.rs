//! Scrambled Squares from a picture: [`grid`] finds the cards, [`edges`]
//! describes and groups their edges; [`read_cards`] returns the grid and
//! the labellings worth trying, most likely first. Which labelling is right
//! is for the solver to judge (`pipeline`), since a labelling that admits no
//! solution is wrong. Labellings come from one clustering of every edge look
//! (its likeliest cuts, each paired into heads and tails), then, for
//! complementary halves, from figures first (colour alone) split into halves,
//! and last from the pairing the cards' own layout implies (a photo of a
//! solved board).

pub mod edges;
pub mod grid;
pub mod lattice;
mod snap;
pub mod synthetic;

use image::RgbImage;
use thiserror::Error;

use crate::puzzle::squares::{Card, Edge, Half, Placement, SquaresPuzzle};
use edges::{EdgeLook, ShapeLook, cluster, edge_looks, pairings, plausible_cuts, upright};
pub use grid::{CardGrid, GridFinding, find_grid};

/// A card's outline: corners top-left, top-right, bottom-right, bottom-left,
/// in image pixels (x, y).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quad {
    pub corners: [(f32, f32); 4],
}

impl Quad {
    /// The point at (`u`, `v`) in 0..1 across and down the card (bilinear
    /// between the corners).
    pub fn point(&self, u: f32, v: f32) -> (f32, f32) {
        let [a, b, c, d] = self.corners;
        let top = (a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u);
        let bottom = (d.0 + (c.0 - d.0) * u, d.1 + (c.1 - d.1) * u);
        (top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v)
    }

    pub fn centre(&self) -> (f32, f32) {
        self.point(0.5, 0.5)
    }

    /// Mean length of the four sides.
    pub fn side_length(&self) -> f32 {
        let c = self.corners;
        (0..4).map(|i| ((c[i].0 - c[(i + 1) % 4].0).powi(2) + (c[i].1 - c[(i + 1) % 4].1).powi(2)).sqrt()).sum::<f32>()
            / 4.0
    }
}

/// How touching edges must relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchMode {
    /// Scrambled Squares: two different halves of one figure meet.
    Complement,
    /// Eternity II / TetraVex: equal patterns meet.
    Same,
}

/// Options for reading cards.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardReading {
    pub grid: GridFinding,
    /// `None`: complementary halves (Scrambled Squares). Equal patterns are
    /// only tried when asked for: with them, coarse groupings solve too
    /// easily to be told from the right one.
    pub mode: Option<MatchMode>,
    /// Cards never turn (TetraVex): patterns are printed upright on every
    /// side, so edges are compared as they lie, not turned to the top.
    pub upright: bool,
}

/// One way to read the edges: the card list it gives.
#[derive(Debug, Clone)]
pub struct Labelling {
    pub mode: MatchMode,
    /// Read by the shape family, which offers many loose readings: a
    /// solution under it stands only if the board's seams join in the
    /// picture too (see [`CardsRead::partner_rank`]).
    pub needs_seams: bool,
    /// Distinct edge looks (groups).
    pub groups: usize,
    pub puzzle: SquaresPuzzle,
}

/// What was read from a picture of cards.
#[derive(Debug, Clone)]
pub struct CardsRead {
    pub grid: CardGrid,
    /// Most likely first.
    pub labellings: Vec<Labelling>,
    /// Every side's shape look (4 per card, top, right, bottom, left), when
    /// cards may turn.
    pub shapes: Vec<ShapeLook>,
}

/// How well a shape reading's board must join (see
/// [`CardsRead::partner_rank`]): for half its joins or more, the side met
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

impl CardsRead {
    /// Whether the arrangement's touching sides continue each other in the
    /// picture well enough for a shape reading to stand.
    pub fn seams_join(&self, placements: &[Placement]) -> bool {
        self.partner_rank(placements).is_some_and(|r| r <= MAX_PARTNER_RANK)
    }

    /// How well the touching sides of an arrangement continue each other in
    /// the picture: for each side of each inner join, the share of all
    /// sides on other cards whose seam continues it better than the side
    /// it meets (0: the best of all; about 0.5 for a side met at random);
    /// the median over the joins. `None` without shape looks or joins.
    pub fn partner_rank(&self, placements: &[Placement]) -> Option<f32> {
        let shapes = &self.shapes;
        let (rows, cols) = (self.grid.rows, self.grid.cols);
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
            let met = edges::seam_distance(&shapes[a], &shapes[b]);
            let others = (0..shapes.len()).filter(|&j| j / 4 != a / 4);
            let better = others.clone().filter(|&j| edges::seam_distance(&shapes[a], &shapes[j]) < met).count();
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
}

/// Why a picture of cards could not be read.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CardsError {
    #[error("no cards were found in the image; are they on a plain table with gaps between them?")]
    NoCards { found: usize },
    #[error(
        "found {found} card-like shapes, which is not a square grid of cards; if some are hidden or touching, say the grid with --grid 3x3"
    )]
    NoGrid { found: usize },
    #[error("found {cards} cards but could not tell their edges apart")]
    NoLabelling { cards: usize },
}

/// Most distinct edge looks tried (eight figures, two halves each, plus
/// some slack).
const MAX_GROUPS: usize = 20;

/// Most groups the shape readings try.
const MAX_SHAPE_GROUPS: usize = 16;

/// The most common number of distinct halves in real sets (four figures).
const COMMON_HALVES: usize = 8;

/// Finds the cards and proposes labellings of their edges.
pub fn read_cards(image: &RgbImage, options: &CardReading) -> Result<CardsRead, CardsError> {
    let grid = find_grid(image, &options.grid)?;
    let cards: Vec<Vec<[f32; 3]>> = crate::vision::par_map(&grid.cards, |quad| upright(image, quad));
    let looks: Vec<EdgeLook> = cards
        .iter()
        .flat_map(|card| if options.upright { edges::upright_edge_looks(card) } else { edge_looks(card) })
        .collect();
    let mut labellings = labellings(&looks, grid.rows, grid.cols, options.mode);
    if options.upright && options.mode == Some(MatchMode::Same) {
        // Tiles whose colours do not tell the numbers apart: by shape.
        let glyphs: Vec<EdgeLook> = cards.iter().flat_map(|card| edges::glyph_edge_looks(card)).collect();
        labellings.extend(self::labellings(&glyphs, grid.rows, grid.cols, options.mode));
    }
    let mut shapes = Vec::new();
    // Shape readings need the evidence of many joins: a 2×2 board has four,
    // and a game screenshot read as 2×2 cards passed the seam rule by chance.
    if !options.upright && options.mode != Some(MatchMode::Same) && grid.rows >= 3 && grid.cols >= 3 {
        // Figures alike in colour (grey on grey): by the shape of their strokes.
        shapes =
            crate::vision::par_map(&grid.cards, |quad| edges::shape_looks(image, quad)).into_iter().flatten().collect();
        labellings.extend(shape_labellings(&shapes, grid.rows, grid.cols));
    }
    Ok(CardsRead { grid, labellings, shapes })
}

/// Labellings of the looks (4 per card, top, right, bottom, left, in reading
/// order), most likely first.
pub fn labellings(looks: &[EdgeLook], rows: usize, cols: usize, mode: Option<MatchMode>) -> Vec<Labelling> {
    let tree = cluster(looks);
    let cuts: Vec<usize> = plausible_cuts(&tree, MAX_GROUPS).into_iter().take(6).collect();
    let mut out = Vec::new();
    if mode != Some(MatchMode::Same) {
        out.extend(paired(looks, &tree, &cuts, rows, cols));
        out.extend(figures_then_halves(looks, rows, cols));
        for &k in &cuts {
            out.extend(as_laid_out(&tree.cuts[k], k, rows, cols));
        }
    }
    if mode == Some(MatchMode::Same) {
        // Equal patterns: a split pattern only breaks matches, while two
        // patterns taken for one make wrong solutions easy, so of the
        // likely cuts the finest goes first. (Only the first four of them
        // used to be reordered; the grey TetraVex digits' right cut was the
        // sixth likeliest, and a coarser one, 0 and 8 as one, solved first.)
        let mut likely = cuts.clone();
        likely.sort_unstable_by(|a, b| b.cmp(a));
        for &k in &likely {
            let edge_of: Vec<Edge> = (0..k).map(|g| Edge::Figure { figure: g as u16, half: Half::Same }).collect();
            out.extend(build(&tree.cuts[k], &edge_of, k, rows, cols).map(|puzzle| Labelling {
                mode: MatchMode::Same,
                needs_seams: false,
                groups: k,
                puzzle,
            }));
        }
    }
    out
}

/// Complementary labellings from the cuts `cuts` of `tree` (a grouping of
/// the looks), each cut's groups paired into figures by colour, the
/// likeliest pairings first.
fn paired(looks: &[EdgeLook], tree: &edges::Dendrogram, cuts: &[usize], rows: usize, cols: usize) -> Vec<Labelling> {
    let mut out = Vec::new();
    for &k in cuts {
        let ids = &tree.cuts[k];
        // Group-to-group colour distance: the chamfer between medoids.
        let medoids: Vec<usize> = (0..k).map(|g| medoid(looks, ids, g)).collect();
        // Two halves of one figure share colours but not their
        // arrangement: groups whose cells differ little more than their
        // colours do are one print split in two, and may not pair.
        let cost: Vec<Vec<f32>> = (0..k)
            .map(|a| {
                (0..k)
                    .map(|b| {
                        let (x, y) = (&looks[medoids[a]], &looks[medoids[b]]);
                        let colours = x.chamfer(y);
                        if a != b && x.distance(y) < colours + edges::NOISE_FLOOR { f32::INFINITY } else { colours }
                    })
                    .collect()
            })
            .collect();
        out.extend(from_pairings(ids, k, pairings(&cost, 4), rows, cols));
    }
    out
}

/// The card lists that pairings of a cut's `k` groups (`ids`, one per look)
/// give.
fn from_pairings(ids: &[usize], k: usize, pairings: Vec<edges::Pairing>, rows: usize, cols: usize) -> Vec<Labelling> {
    let mut out = Vec::new();
    for (pairs, singles) in pairings {
        let mut edge_of = vec![Edge::Border; k];
        for (figure, &(a, b)) in pairs.iter().enumerate() {
            edge_of[a] = Edge::Figure { figure: figure as u16, half: Half::Head };
            edge_of[b] = Edge::Figure { figure: figure as u16, half: Half::Tail };
        }
        // A half whose partner never shows: it can only face out.
        for (i, &g) in singles.iter().enumerate() {
            edge_of[g] = Edge::Figure { figure: (pairs.len() + i) as u16, half: Half::Head };
        }
        let figures = pairs.len() + singles.len();
        // Every printed set has at least two figures (the 105 real card
        // lists: 2 to 21); with one, nearly anything matches.
        if figures < 2 {
            continue;
        }
        out.extend(build(ids, &edge_of, figures, rows, cols).map(|puzzle| Labelling {
            mode: MatchMode::Complement,
            needs_seams: false,
            groups: k,
            puzzle,
        }));
    }
    out
}

/// Labellings by the shape of what the edges show (see
/// [`edges::shape_looks`]), for figures colour cannot tell apart: grouped
/// by their strokes, and paired by how well their seams continue each
/// other (a head and a tail printed in different colours, a helmet's red
/// shell and its grey facemask, still meet in one line). Then as the cards
/// lie. Tried after every colour reading.
pub fn shape_labellings(shapes: &[ShapeLook], rows: usize, cols: usize) -> Vec<Labelling> {
    let n = shapes.len();
    let tree = edges::cluster_by(n, |a, b| edges::shape_distance(&shapes[a], &shapes[b]));
    // At most 16 groups (eight figures): pairing 20 groups by the exact
    // matching took 50 ms on the Skiers photo, and no real 3×3 set has
    // more than 16 distinct sides.
    let mut cuts: Vec<usize> =
        edges::plausible_cuts_above(&tree, MAX_SHAPE_GROUPS, edges::SHAPE_NOISE_FLOOR).into_iter().take(6).collect();
    // Stroke distances rise smoothly, so the gaps rank cuts poorly (Bama's
    // exact 8-group cut ranked 17th). Eight distinct halves (four figures)
    // is what most sets print: 86 of the 105 real card lists.
    if !cuts.contains(&COMMON_HALVES) && COMMON_HALVES < n {
        cuts.push(COMMON_HALVES);
    }
    let seam: Vec<Vec<f32>> =
        (0..n).map(|i| (0..n).map(|j| edges::seam_distance(&shapes[i], &shapes[j])).collect()).collect();
    let mut out = Vec::new();
    for &k in &cuts {
        let ids = &tree.cuts[k];
        // Seam cost between groups: the median over their sides on
        // different cards (a card's own sides never meet).
        let mut between = vec![vec![Vec::new(); k]; k];
        for i in 0..n {
            for j in (0..n).filter(|&j| j / 4 != i / 4) {
                between[ids[i]][ids[j]].push(seam[i][j]);
            }
        }
        let cost: Vec<Vec<f32>> = between
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|mut d| {
                        if d.is_empty() {
                            return f32::INFINITY;
                        }
                        d.sort_by(f32::total_cmp);
                        d[d.len() / 2]
                    })
                    .collect()
            })
            .collect();
        // A group left alone (its partner never shows) costs what a
        // typical pair of unrelated groups does.
        let mut all: Vec<f32> = (0..k)
            .flat_map(|a| (0..k).filter(move |&b| b != a).map(move |b| (a, b)))
            .map(|(a, b)| cost[a][b])
            .filter(|c| c.is_finite())
            .collect();
        all.sort_by(f32::total_cmp);
        let alone = all.get(all.len() / 2).copied().unwrap_or(f32::INFINITY);
        out.extend(from_pairings(ids, k, edges::pairings_alone(&cost, 4, alone), rows, cols));
    }
    for &k in &cuts {
        out.extend(as_laid_out(&tree.cuts[k], k, rows, cols));
    }
    for labelling in &mut out {
        labelling.needs_seams = true;
    }
    out
}

/// Labellings built the other way round, for when grouping every look at
/// once mixes the halves of a pale figure (they differ only in shape, which
/// is a few cells): first the figures, by colour alone (the position-free
/// chamfer), then each figure's looks split in two by arrangement. Every
/// figure then has exactly two halves. Tried after the others: they assume
/// more (no two figures share a colour).
fn figures_then_halves(looks: &[EdgeLook], rows: usize, cols: usize) -> Vec<Labelling> {
    let by_colour = edges::cluster_by(looks.len(), |i, j| looks[i].chamfer(&looks[j]));
    let mut out = Vec::new();
    for figures in plausible_cuts(&by_colour, MAX_GROUPS / 2).into_iter().take(4) {
        let ids = &by_colour.cuts[figures];
        let mut edge_of_look = vec![Edge::Border; looks.len()];
        let split_all = (0..figures).all(|f| {
            let members: Vec<usize> = (0..looks.len()).filter(|&i| ids[i] == f).collect();
            if members.len() < 2 {
                return false;
            }
            let halves = cluster(&members.iter().map(|&i| looks[i].clone()).collect::<Vec<_>>());
            for (m, &i) in members.iter().enumerate() {
                let half = if halves.cuts[2][m] == 0 { Half::Head } else { Half::Tail };
                edge_of_look[i] = Edge::Figure { figure: f as u16, half };
            }
            true
        });
        if !split_all {
            continue;
        }
        // One id per distinct (figure, half), for `build`.
        let ids: Vec<usize> = edge_of_look
            .iter()
            .map(|e| match e {
                Edge::Figure { figure, half } => *figure as usize * 2 + usize::from(*half == Half::Tail),
                _ => 0,
            })
            .collect();
        let edge_of: Vec<Edge> = (0..figures * 2)
            .map(|g| Edge::Figure { figure: (g / 2) as u16, half: if g % 2 == 0 { Half::Head } else { Half::Tail } })
            .collect();
        out.extend(build(&ids, &edge_of, figures, rows, cols).map(|puzzle| Labelling {
            mode: MatchMode::Complement,
            needs_seams: false,
            groups: figures * 2,
            puzzle,
        }));
    }
    out
}

/// The reading under which the cards, as they lie in the picture, already
/// form a solved board: when every pair of touching edges joins the same two
/// groups (and never a group to itself), those two are the halves of one
/// figure. A photo of a solved board is read this way even when a figure's
/// halves share no colour (a red frog with blue legs). Tried last: on a
/// scrambled board the touching edges are unrelated, and twelve of them
/// agreeing by chance is rare, but the solver would accept it.
fn as_laid_out(ids: &[usize], k: usize, rows: usize, cols: usize) -> Option<Labelling> {
    let mut partner: Vec<Option<usize>> = vec![None; k];
    let mut join = |a: usize, b: usize| -> bool {
        if a == b {
            return false;
        }
        for (x, y) in [(a, b), (b, a)] {
            match partner[x] {
                None => partner[x] = Some(y),
                Some(p) if p == y => {}
                Some(_) => return false,
            }
        }
        true
    };
    for r in 0..rows {
        for c in 0..cols {
            let card = r * cols + c;
            if c + 1 < cols && !join(ids[4 * card + 1], ids[4 * (card + 1) + 3]) {
                return None;
            }
            if r + 1 < rows && !join(ids[4 * card + 2], ids[4 * (card + cols)]) {
                return None;
            }
        }
    }
    let mut edge_of = vec![Edge::Border; k];
    let mut figures = 0;
    for g in 0..k {
        match partner[g] {
            Some(p) if p < g => continue,
            Some(p) => {
                edge_of[g] = Edge::Figure { figure: figures, half: Half::Head };
                edge_of[p] = Edge::Figure { figure: figures, half: Half::Tail };
            }
            // Only on the frame: its partner never shows.
            None => edge_of[g] = Edge::Figure { figure: figures, half: Half::Head },
        }
        figures += 1;
    }
    build(ids, &edge_of, figures as usize, rows, cols).map(|puzzle| Labelling {
        mode: MatchMode::Complement,
        needs_seams: false,
        groups: k,
        puzzle,
    })
}

/// The member of group `g` closest to the others.
fn medoid(looks: &[EdgeLook], ids: &[usize], g: usize) -> usize {
    let members: Vec<usize> = (0..looks.len()).filter(|&i| ids[i] == g).collect();
    *members
        .iter()
        .min_by(|&&a, &&b| {
            let sa: f32 = members.iter().map(|&m| looks[a].distance(&looks[m])).sum();
            let sb: f32 = members.iter().map(|&m| looks[b].distance(&looks[m])).sum();
            sa.total_cmp(&sb)
        })
        .expect("groups are not empty")
}

fn build(ids: &[usize], edge_of: &[Edge], figures: usize, rows: usize, cols: usize) -> Option<SquaresPuzzle> {
    let cards = ids
        .chunks(4)
        .enumerate()
        .map(|(i, sides)| Card { name: format!("C{}", i + 1), edges: std::array::from_fn(|s| edge_of[sides[s]]) })
        .collect();
    SquaresPuzzle::new(cols, rows, cards, (1..=figures).map(|f| format!("F{f}")).collect()).ok()
}

/// Bilinear sample of `image` at (`x`, `y`) (pixel centres at integers),
/// clamped to the image.
pub fn bilinear(image: &RgbImage, x: f32, y: f32) -> [u8; 3] {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let x = x.clamp(0.0, w - 1.0);
    let y = y.clamp(0.0, h - 1.0);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (x0, y0) = (x0 as u32, y0 as u32);
    let (x1, y1) = ((x0 + 1).min(image.width() - 1), (y0 + 1).min(image.height() - 1));
    let p = |x, y| image.get_pixel(x, y).0;
    let (a, b, c, d) = (p(x0, y0), p(x1, y0), p(x0, y1), p(x1, y1));
    std::array::from_fn(|i| {
        let top = a[i] as f32 * (1.0 - fx) + b[i] as f32 * fx;
        let bottom = c[i] as f32 * (1.0 - fx) + d[i] as f32 * fx;
        (top * (1.0 - fy) + bottom * fy).round() as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::squares::{Placement, Rotation, check_placements};

    /// Group ids of a 2×2 board, four per card (top, right, bottom, left).
    fn board(cards: [[usize; 4]; 4]) -> Vec<usize> {
        cards.iter().flatten().copied().collect()
    }

    #[test]
    fn a_board_laid_out_solved_pairs_its_groups_by_touching_edges() {
        // Groups 0/1 meet across the vertical seams, 2/3 across the
        // horizontal ones; 4 and 5 only lie on the frame.
        let ids = board([[4, 0, 2, 5], [4, 5, 2, 1], [3, 0, 4, 5], [3, 4, 5, 1]]);
        let read = as_laid_out(&ids, 6, 2, 2).expect("consistent");
        let as_laid: Vec<Placement> =
            (0..4).map(|i| Placement { card: i, row: i / 2, col: i % 2, rotation: Rotation::R0 }).collect();
        check_placements(&read.puzzle, &as_laid).unwrap();
    }

    #[test]
    fn touching_edges_that_disagree_give_no_reading() {
        // Group 0 meets 1 on one seam and 2 on another.
        let scrambled = board([[4, 0, 2, 5], [4, 5, 2, 1], [3, 0, 4, 5], [3, 4, 5, 2]]);
        assert!(as_laid_out(&scrambled, 6, 2, 2).is_none());
        // A group meeting itself is no figure's two halves.
        let itself = board([[4, 0, 2, 5], [4, 5, 2, 0], [3, 1, 4, 5], [3, 4, 5, 1]]);
        assert!(as_laid_out(&itself, 6, 2, 2).is_none());
    }
}
