//! Card lists from groupings of the edge looks, most likely first: one
//! clustering of every look (its likeliest cuts, each paired into heads and
//! tails), then, for complementary halves, figures first (colour alone)
//! split into halves; the pairing the cards' own layout implies (a photo of
//! a solved board); and last the shape readings (strokes grouped, halves
//! paired by how their seams continue), which stand only if their board
//! joins in the picture too.

use super::grouping::{self, Dendrogram, Pairing, cluster, pairings, plausible_cuts};
use super::looks::{self, EdgeLook, ShapeLook};
use super::{Labelling, MatchMode};
use crate::puzzle::squares::{Card, Edge, Half, SquaresPuzzle};

/// Most distinct edge looks tried (eight figures, two halves each, plus
/// some slack).
const MAX_GROUPS: usize = 20;

/// Most groups the shape readings try.
const MAX_SHAPE_GROUPS: usize = 16;

/// The most common number of distinct halves in real sets (four figures).
const COMMON_HALVES: usize = 8;

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
fn paired(looks: &[EdgeLook], tree: &Dendrogram, cuts: &[usize], rows: usize, cols: usize) -> Vec<Labelling> {
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
                        if a != b && x.distance(y) < colours + grouping::NOISE_FLOOR { f32::INFINITY } else { colours }
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
fn from_pairings(ids: &[usize], k: usize, pairings: Vec<Pairing>, rows: usize, cols: usize) -> Vec<Labelling> {
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
/// [`looks::shape_looks`]), for figures colour cannot tell apart: grouped
/// by their strokes, and paired by how well their seams continue each
/// other (a head and a tail printed in different colours, a helmet's red
/// shell and its grey facemask, still meet in one line). Then as the cards
/// lie. Tried after every colour reading.
pub fn shape_labellings(shapes: &[ShapeLook], rows: usize, cols: usize) -> Vec<Labelling> {
    let n = shapes.len();
    let tree = grouping::cluster_by(n, |a, b| looks::shape_distance(&shapes[a], &shapes[b]));
    // At most 16 groups (eight figures): pairing 20 groups by the exact
    // matching took 50 ms on the Skiers photo, and no real 3×3 set has
    // more than 16 distinct sides.
    let mut cuts: Vec<usize> =
        grouping::plausible_cuts_above(&tree, MAX_SHAPE_GROUPS, looks::SHAPE_NOISE_FLOOR).into_iter().take(6).collect();
    // Stroke distances rise smoothly, so the gaps rank cuts poorly (Bama's
    // exact 8-group cut ranked 17th). Eight distinct halves (four figures)
    // is what most sets print: 86 of the 105 real card lists.
    if !cuts.contains(&COMMON_HALVES) && COMMON_HALVES < n {
        cuts.push(COMMON_HALVES);
    }
    let seam: Vec<Vec<f32>> =
        (0..n).map(|i| (0..n).map(|j| looks::seam_distance(&shapes[i], &shapes[j])).collect()).collect();
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
        out.extend(from_pairings(ids, k, grouping::pairings_alone(&cost, 4, alone), rows, cols));
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
    let by_colour = grouping::cluster_by(looks.len(), |i, j| looks[i].chamfer(&looks[j]));
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
