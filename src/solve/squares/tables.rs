//! The candidate tables of the edge-matching search, built once per puzzle:
//! edge codes, candidates grouped by key in bitmask layers, the per-cell
//! steps of the scan line and the look-ahead masks (the representation is
//! described in [`super::search`]).

use crate::puzzle::squares::{BOTTOM, Edge, LEFT, RIGHT, Rotation, SquaresPuzzle, TOP, Turns};

/// A layer of a key's candidates: the cards (as a bitmask) that fit the key,
/// each in its rotation at `chosen[base + card]`. A key's first layer holds
/// every card that fits it in any rotation; a card that fits in a second (or
/// third, fourth) rotation appears again in a further layer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layer<const W: usize> {
    pub(super) cards: [u64; W],
    pub(super) base: u32,
    /// For a key's first layer, where its further layers are in `layers`.
    pub(super) next: u32,
    pub(super) end: u32,
}

/// A card in one rotation as the loop places it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Candidate {
    pub card: u16,
    pub rotation: u8,
    /// The top code the bottom neighbour must have.
    pub(super) need_bottom: u8,
    /// The right neighbour's left code, as its part of that cell's key.
    pub(super) ahead_key: u32,
}

/// Everything the loop needs, built once per puzzle. `W` words of 64 bits
/// hold one bit per card.
pub struct Tables<const W: usize> {
    /// Cards may not turn.
    pub(super) fixed: bool,
    pub(super) width: usize,
    pub(super) height: usize,
    /// `layers[key]` is the first layer of `key`; further layers follow all
    /// first layers.
    pub(super) layers: Vec<Layer<W>>,
    /// Per non-empty layer, from its `base`, per card: the card in the
    /// rotation the layer takes it in.
    pub(super) chosen: Vec<Candidate>,
    /// The code asked of the edges on the frame (border, or any).
    pub(super) frame_code: u8,
    /// The top-left cell's key.
    pub(super) root_key: usize,
    pub(super) steps: Vec<Step>,
    /// Per position: must hold a higher card index than the top-left corner.
    pub(super) above_corner: Vec<bool>,
    /// On framed square boards, the only card allowed on the top-left corner.
    pub(super) first_card: Option<u16>,
    /// Per (top code, frame class): every card that can show that top edge;
    /// then as many entries of all cards, read for cells with no row below.
    pub(super) top_any: Vec<[u64; W]>,
}

/// Per position, how the loop looks ahead from it. Precomputed so the loop
/// does no division.
#[derive(Debug, Clone, Copy)]
pub(super) struct Step {
    /// The next cell's key but for its left neighbour's part: its frame
    /// class, and the frame's part when it starts a row.
    pub(super) fixed: u32,
    /// Where the next cell's top code is read from (`n`, a sentinel that
    /// shows the frame code, in the top row).
    pub(super) top_from: u16,
    /// All ones when the card placed here is the next cell's left neighbour,
    /// zero when the next cell starts a row.
    pub(super) ahead_mask: u32,
    /// Where the cell below's frame class starts in `top_any`, or the
    /// all-cards half when there is no row below.
    pub(super) below: u32,
}

const ANY: usize = 0;
const IMPOSSIBLE: usize = 1;

impl<const W: usize> Tables<W> {
    /// With `Turns::Fixed` cards lie as written (no turns, so no
    /// board-turn symmetry).
    pub fn new(puzzle: &SquaresPuzzle, turns: Turns) -> Tables<W> {
        let fixed = turns == Turns::Fixed;
        assert!(puzzle.cards.len() <= 64 * W, "the card mask is too narrow");
        let (w, h) = (puzzle.width, puzzle.height);
        assert!(w >= 2 && h >= 2, "boards are at least 2×2");
        let framed = puzzle.is_framed();
        // Codes 0 and 1 are ANY and IMPOSSIBLE; then every distinct edge.
        let mut edges: Vec<Edge> = puzzle.cards.iter().flat_map(|c| c.edges).collect();
        edges.sort();
        edges.dedup();
        let code_of = |e: Edge| edges.binary_search(&e).expect("every edge is listed") + 2;
        let n_codes = edges.len() + 2;
        let need = |e: Edge| edges.iter().position(|&other| e.matches(other)).map_or(IMPOSSIBLE, |i| i + 2) as u8;
        let border_code = edges.binary_search(&Edge::Border).map_or(IMPOSSIBLE, |i| i + 2);
        let frame_code = if framed { border_code } else { ANY } as u8;
        let n_keys = n_codes * n_codes * 4;
        let key = |left: usize, top: usize, class: usize| (left * n_codes + top) * 4 + class;

        // Per key, per rotation: the mask of cards that fit.
        let mut masks: Vec<[[u64; W]; 4]> = vec![[[0; W]; 4]; n_keys];
        let mut oriented = Vec::with_capacity(puzzle.cards.len() * 4);
        for (card_idx, card) in puzzle.cards.iter().enumerate() {
            for rotation in Rotation::ALL {
                let edge = |side| card.edge(side, rotation);
                oriented.push(Candidate {
                    card: card_idx as u16,
                    rotation: rotation.quarter_turns() as u8,
                    need_bottom: need(edge(BOTTOM)),
                    ahead_key: key(need(edge(RIGHT)) as usize, 0, 0) as u32,
                });
                if fixed && rotation != Rotation::R0 {
                    continue;
                }
                let (left, top) = (code_of(edge(LEFT)), code_of(edge(TOP)));
                for class in 0..4 {
                    if framed {
                        let right_border = edge(RIGHT) == Edge::Border;
                        let bottom_border = edge(BOTTOM) == Edge::Border;
                        if right_border != (class & 1 == 1) || bottom_border != (class & 2 == 2) {
                            continue;
                        }
                    } else if class != 0 {
                        continue;
                    }
                    for l in [left, ANY] {
                        for t in [top, ANY] {
                            masks[key(l, t, class)][rotation.quarter_turns()][card_idx >> 6] |= 1 << (card_idx & 63);
                        }
                    }
                }
            }
        }
        // Peel each key's cards into layers: each takes every card still
        // left, in its lowest remaining rotation. First layers sit at their
        // key's index, later ones (rare: cards that fit in two rotations)
        // after all of them.
        let mut chosen: Vec<Candidate> = Vec::new();
        let mut peel = |left: &mut [[u64; W]; 4]| {
            let mut cards = [0u64; W];
            let base = chosen.len();
            for card in 0..puzzle.cards.len() {
                let bit = 1u64 << (card & 63);
                if let Some(r) = (0..4).find(|&r| left[r][card >> 6] & bit != 0) {
                    left[r][card >> 6] &= !bit;
                    cards[card >> 6] |= bit;
                    if chosen.len() == base {
                        chosen.resize(base + 64 * W, Candidate::default());
                    }
                    chosen[base + card] = oriented[card * 4 + r];
                }
            }
            // Empty layers are never taken from and need no room.
            Layer { cards, base: if chosen.len() == base { 0 } else { base as u32 }, next: 0, end: 0 }
        };
        let mut rest = masks.clone();
        let mut layers: Vec<Layer<W>> = rest.iter_mut().map(&mut peel).collect();
        for k in 0..n_keys {
            let start = layers.len() as u32;
            while rest[k].iter().any(|m| m.iter().any(|&w| w != 0)) {
                layers.push(peel(&mut rest[k]));
            }
            (layers[k].next, layers[k].end) = (start, layers.len() as u32);
        }

        let n = w * h;
        let class =
            |pos: usize| if framed { (pos % w == w - 1) as usize | ((pos / w == h - 1) as usize) << 1 } else { 0 };
        let steps = (0..n)
            .map(|pos| {
                let below = if pos + w < n { class(pos + w) as u32 } else { n_codes as u32 * 4 };
                let next = pos + 1;
                let starts_row = next % w == 0;
                let frame = if starts_row { key(frame_code as usize, 0, 0) } else { 0 };
                Step {
                    fixed: (frame + class(next)) as u32,
                    top_from: if next < w || next >= n { n } else { next - w } as u16,
                    ahead_mask: if starts_row { 0 } else { u32::MAX },
                    below,
                }
            })
            .collect();
        let mut above_corner = vec![false; w * h];
        above_corner[w * h - 1] = !fixed;
        if w == h && !fixed {
            above_corner[w - 1] = true;
            above_corner[(h - 1) * w] = true;
        }
        let first_card = if framed && w == h && !fixed {
            let corners: Vec<u16> = (0..puzzle.cards.len() as u16)
                .filter(|&i| {
                    let e = puzzle.cards[i as usize].edges;
                    (0..4).any(|s| e[s] == Edge::Border && e[(s + 1) % 4] == Edge::Border)
                })
                .collect();
            // Only sound when exactly four cards can be corners.
            if corners.len() == 4 { Some(corners[0]) } else { None }
        } else {
            None
        };
        let mut top_any = vec![[0u64; W]; n_codes * 4];
        for (k, per_rotation) in masks.iter().enumerate() {
            let (top, class) = ((k / 4) % n_codes, k % 4);
            for (i, word) in top_any[top * 4 + class].iter_mut().enumerate() {
                *word |= per_rotation.iter().fold(0, |acc, m| acc | m[i]);
            }
        }
        top_any.extend(std::iter::repeat_n([u64::MAX; W], n_codes * 4));
        Tables {
            fixed,
            width: w,
            height: h,
            layers,
            chosen,
            frame_code,
            root_key: key(frame_code as usize, frame_code as usize, class(0)),
            steps,
            above_corner,
            first_card,
            top_any,
        }
    }

    /// Solutions the board's turns make of each one the search keeps.
    pub fn orbit_size(&self) -> u64 {
        if self.fixed {
            1
        } else if self.width == self.height {
            4
        } else {
            2
        }
    }
}
