//! Hot code for the water-sort searches: the packed tube word, the pour on
//! packed words, and the table that stores every state seen exactly once.
//!
//! Representation rules:
//! - A tube is one `u64`: byte `i` is the slot `i` from the bottom, holding
//!   `colour id + 1`, and `0` for empty. Capacity is at most 8, so a tube always
//!   fits, its height is read from `leading_zeros`, and a pour is two masks.
//! - A state is the tubes **sorted ascending**, so states that differ only by
//!   the order of tubes are one state (empty tubes sort first). Moves found on
//!   sorted states are mapped back to real tube numbers after the search.
//! - States live back to back in one `Vec<u64>` arena and are found through an
//!   open-addressing table of `u32` ids, compared word by word.
//!
//! Measured on level 105 (release, this 2-core machine): a `HashMap<Vec<u64>, u32>`
//! with the std SipHash spent most of the search hashing and allocating keys;
//! the arena with an Fx-style hash removed both.

/// A packed tube, see the module doc.
pub type TubeWord = u64;

/// Number of filled slots.
#[inline]
pub fn height(tube: TubeWord) -> usize {
    (64 - tube.leading_zeros() as usize).div_ceil(8)
}

/// Colour byte (`id + 1`) of the top layer of a non-empty tube of height `h`.
#[inline]
pub fn top(tube: TubeWord, h: usize) -> u8 {
    (tube >> (8 * (h - 1))) as u8
}

/// Length of the top run of a non-empty tube.
#[inline]
pub fn top_run(tube: TubeWord, h: usize) -> usize {
    let color = top(tube, h);
    let mut run = 1;
    while run < h && (tube >> (8 * (h - 1 - run))) as u8 == color {
        run += 1;
    }
    run
}

/// True when every filled slot holds the same colour (an empty tube too).
#[inline]
pub fn is_mono(tube: TubeWord) -> bool {
    let h = height(tube);
    h == 0 || top_run(tube, h) == h
}

/// Packs colours given bottom to top as `id + 1` bytes.
pub fn pack(bottom_to_top: impl IntoIterator<Item = u8>) -> TubeWord {
    bottom_to_top.into_iter().enumerate().fold(0, |word, (i, color)| word | ((color as u64 + 1) << (8 * i)))
}

/// The outcome of a legal pour on packed tubes.
#[derive(Debug, Clone, Copy)]
pub struct PackedPour {
    pub from: TubeWord,
    pub to: TubeWord,
    pub amount: usize,
    /// The whole top run moved onto the same colour: one block fewer.
    pub merges_block: bool,
}

/// The game's pour rule on packed tubes, or `None` when it is not allowed.
#[inline]
pub fn pour(from: TubeWord, to: TubeWord, capacity: usize) -> Option<PackedPour> {
    let h_from = height(from);
    if h_from == 0 {
        return None;
    }
    let h_to = height(to);
    let free = capacity - h_to;
    if free == 0 {
        return None;
    }
    let color = top(from, h_from);
    if h_to > 0 && top(to, h_to) != color {
        return None;
    }
    let run = top_run(from, h_from);
    let amount = run.min(free);
    let keep = h_from - amount;
    let new_from = if keep == 0 { 0 } else { from & (u64::MAX >> (64 - 8 * keep)) };
    let run_bits = (0..amount).fold(0u64, |bits, i| bits | ((color as u64) << (8 * i)));
    Some(PackedPour {
        from: new_from,
        to: to | (run_bits << (8 * h_to)),
        amount,
        merges_block: amount == run && h_to > 0,
    })
}

/// Number of maximal same-colour runs over all tubes.
pub fn blocks(tubes: &[TubeWord]) -> usize {
    tubes
        .iter()
        .map(|&t| {
            let h = height(t);
            (0..h).filter(|&i| i == 0 || (t >> (8 * i)) as u8 != (t >> (8 * (i - 1))) as u8).count()
        })
        .sum()
}

/// Number of colours (of `n_colors`) with no layer at the bottom of any tube.
/// Each of them must be poured into an empty tube at least once before the
/// level is solved, and such a pour never lowers [`blocks`].
#[inline]
pub fn colors_without_bottom(tubes: &[TubeWord], n_colors: usize) -> usize {
    let bottoms = tubes.iter().filter(|&&t| t != 0).fold(0u64, |bits, &t| bits | (1u64 << ((t & 0xff) as u32 - 1)));
    n_colors - bottoms.count_ones() as usize
}

/// The search's lower bound on the pours left: `blocks − colours` plus the
/// colours without a bottom layer. Every pour lowers it by at most one:
/// a merge lowers `blocks` by one and cannot give a colour a bottom; a pour
/// into an empty tube keeps `blocks` and gives one colour a bottom; a partial
/// pour changes neither. It is zero exactly on solved levels.
pub fn lower_bound(tubes: &[TubeWord], n_colors: usize) -> usize {
    blocks(tubes) - n_colors + colors_without_bottom(tubes, n_colors)
}

/// Every state seen, stored once, with an id per state. The states are
/// stored in one arena reserved whole for the most states the search may
/// keep, so it never moves (a doubling vector briefly holds three times its
/// contents while it copies); reserving is only address space, paid for as
/// states arrive.
pub struct StateTable {
    width: usize,
    arena: Vec<TubeWord>,
    slots: Vec<u32>,
    len: usize,
}

const EMPTY_SLOT: u32 = u32::MAX;

/// The memory could not be had: the search must stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfMemory;

/// Bytes one state costs at most, with `width` tubes: its words in the
/// arena, the hash slots (2 to 4 per state, 6 while they double), and the
/// searches' per-state vectors and queue (about 20 bytes).
pub fn bytes_per_state(width: usize) -> usize {
    width * std::mem::size_of::<TubeWord>() + 6 * std::mem::size_of::<u32>() + 20
}

impl StateTable {
    /// A table for states of `width` tubes, with room for `max_states`.
    pub fn new(width: usize, max_states: usize) -> Result<StateTable, OutOfMemory> {
        let mut arena = Vec::new();
        arena.try_reserve_exact(width * max_states.saturating_add(1)).map_err(|_| OutOfMemory)?;
        Ok(StateTable { width, arena, slots: vec![EMPTY_SLOT; 1 << 12], len: 0 })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, id: u32) -> &[TubeWord] {
        let start = id as usize * self.width;
        &self.arena[start..start + self.width]
    }

    fn hash(state: &[TubeWord]) -> u64 {
        let mut h: u64 = 0;
        for &w in state {
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        h ^ (h >> 29)
    }

    /// The id of `state`, inserting it if new. `state` must be sorted.
    pub fn insert(&mut self, state: &[TubeWord]) -> Result<(u32, bool), OutOfMemory> {
        debug_assert_eq!(state.len(), self.width);
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(state) as usize & mask;
        loop {
            let id = self.slots[i];
            if id == EMPTY_SLOT {
                if self.arena.capacity() - self.arena.len() < self.width {
                    self.arena.try_reserve(self.width).map_err(|_| OutOfMemory)?;
                }
                let new_id = self.len as u32;
                self.slots[i] = new_id;
                self.arena.extend_from_slice(state);
                self.len += 1;
                return Ok((new_id, true));
            }
            if self.get(id) == state {
                return Ok((id, false));
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) -> Result<(), OutOfMemory> {
        let new_size = self.slots.len() * 2;
        let mut slots = Vec::new();
        slots.try_reserve_exact(new_size).map_err(|_| OutOfMemory)?;
        slots.resize(new_size, EMPTY_SLOT);
        let mask = new_size - 1;
        for id in 0..self.len as u32 {
            let mut i = Self::hash(self.get(id)) as usize & mask;
            while slots[i] != EMPTY_SLOT {
                i = (i + 1) & mask;
            }
            slots[i] = id;
        }
        self.slots = slots;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pour_on_words_follows_the_game_rule() {
        let cap = 4;
        // bottom to top: R G G  (R=1, G=2 after +1)
        let a = pack([0, 1, 1]);
        let b = pack([1]);
        assert_eq!(height(a), 3);
        assert_eq!(top_run(a, 3), 2);
        let p = pour(a, b, cap).unwrap();
        assert_eq!(p.amount, 2);
        assert!(p.merges_block);
        assert_eq!(p.from, pack([0]));
        assert_eq!(p.to, pack([1, 1, 1]));
        // Partial pour: only one slot free.
        let c = pack([0, 1, 1, 1]);
        let p = pour(pack([1, 1]), c, cap);
        assert!(p.is_none(), "different top colours");
        let p = pour(c, pack([0, 0, 1]), cap).unwrap();
        assert_eq!((p.amount, p.merges_block), (1, false));
        assert_eq!(blocks(&[pack([0, 1, 1]), pack([1]), 0]), 3);
    }

    #[test]
    fn table_stores_each_state_once() {
        let mut table = StateTable::new(2, 100).unwrap();
        let mut ids = Vec::new();
        for i in 0..10_000u64 {
            let (id, new) = table.insert(&[i, i * 7]).unwrap();
            assert!(new);
            ids.push(id);
        }
        for i in 0..10_000u64 {
            assert_eq!(table.insert(&[i, i * 7]), Ok((ids[i as usize], false)));
        }
        assert_eq!(table.get(ids[42]), &[42, 294]);
    }
}
