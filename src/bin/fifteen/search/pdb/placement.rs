//! Placements of k tiles on N cells, their perfect ranks, and the rank after a move.

use super::{on_threads, take, MAX_GROUP, NO_GROUP, UNSEEN};
use std::sync::Mutex;

/// N!/(N−k)!, the number of placements of k distinct tiles on N cells.
pub(crate) fn table_len(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The perfect rank of the placement `cells` (distinct, each below N) among
/// N!/(N−k)!. O(k).
pub(crate) fn rank(cells: &[u8], n: usize) -> usize {
    let mut used = 0u32;
    let mut r = 0;
    for (i, &p) in cells.iter().enumerate() {
        let d = u32::from(p) - (used & ((1u32 << p) - 1)).count_ones();
        r = r * (n - i) + d as usize;
        used |= 1 << p;
    }
    r
}

/// Slot-indexed arrays have this length, a power of two above [`MAX_GROUP`], so that
/// `slot & 15` needs no bounds check.
pub(super) const SLOTS: usize = 16;
// A slot of [`NO_GROUP`] finds weight 0 (see [`rank_after_move`]).
const _: () = assert!(NO_GROUP as usize & (SLOTS - 1) > MAX_GROUP);

/// The weights of the rank's digits: `w[i] = (N−1−i)!/(N−k)!`, so `rank = Σ dᵢ·w[i]`.
pub(super) fn weights(n: usize, k: usize) -> [usize; SLOTS] {
    let mut w = [0; SLOTS];
    let mut acc = 1;
    for i in (0..k).rev() {
        w[i] = acc;
        acc *= n - i;
    }
    w
}

/// The weights of a placement's index in the spread layout: `w[i] = N^(k−1−i)`, so
/// that `index = Σ cellᵢ·w[i]` and a move of tile i changes it by `(to − from)·w[i]`.
pub(super) fn spread_weights(n: usize, k: usize) -> [usize; SLOTS] {
    let mut w = [0; SLOTS];
    let mut acc = 1;
    for i in (0..k).rev() {
        w[i] = acc;
        acc *= n;
    }
    w
}

/// `table`, a table of k tiles on N cells by rank, laid out by spread index (see
/// [`spread_weights`]) at the end of `into`: N^k entries, those of placements with
/// two tiles on one cell 255 and never read (as [`super::build::build_table`]
/// leaves them), on `threads` threads (0 counts as 1; the layout is the same for
/// any number). The placements with the first tile on one cell are a run of ranks
/// and a block of spread indices: the threads take the N blocks in turn. O(N^k)
/// time (on the 5×5's 6-tile tables about 17 instructions a placement), no memory
/// beyond `into`'s.
pub(crate) fn spread_into(table: &[u8], n: usize, k: usize, into: &mut Vec<u8>, threads: usize) {
    let start = into.len();
    into.resize(start + n.pow(k as u32), UNSEEN);
    if k == 1 {
        // One tile: its rank is its cell.
        into[start..].copy_from_slice(table);
        return;
    }
    let w = spread_weights(n, k);
    let runs = into[start..]
        .chunks_mut(w[0])
        .zip(table.chunks(table_len(n - 1, k - 1)));
    let blocks = Mutex::new(runs.enumerate());
    on_threads(threads.min(n), &|| {
        while let Some((cell, (spread, mut ranked))) = take(&blocks) {
            let first = Spreading {
                used: 1 << cell,
                base: 0,
                n,
                w: &w[..k],
            };
            spread_from(1, first, &mut ranked, spread);
        }
    });
}

/// Where [`spread_from`] is: the cells `used` by the tiles placed, the spread index
/// `base` they make, on N cells with the spread weights `w` of the k tiles.
#[derive(Clone, Copy)]
struct Spreading<'a> {
    used: u32,
    base: usize,
    n: usize,
    w: &'a [usize],
}

/// Places tile `i` and the later ones on every free cell in turn, after those placed
/// `at`: the placements in rank order (for each tile, its cells in increasing order),
/// each taking the next entry of `ranked`. The last tile (weight 1) takes its N − k + 1
/// entries in one pass over the free cells.
fn spread_from(i: usize, at: Spreading, ranked: &mut &[u8], spread: &mut [u8]) {
    let Spreading { used, base, n, w } = at;
    let mut free = !used & (u32::MAX >> (32 - n));
    if i + 1 == w.len() {
        let (row, rest) = ranked.split_at(free.count_ones() as usize);
        for &entry in row {
            spread[base + free.trailing_zeros() as usize] = entry;
            free &= free - 1;
        }
        *ranked = rest;
        return;
    }
    while free != 0 {
        let cell = free.trailing_zeros() as usize;
        free &= free - 1;
        let next = Spreading {
            used: used | 1 << cell,
            base: base + cell * w[i],
            ..at
        };
        spread_from(i + 1, next, ranked, spread);
    }
}

/// The rank of a placement after its tile `i` moved from cell `from` to the adjacent
/// free cell `to`, from its old rank `r`; `between(lo, hi)` gives the slots of the
/// group's tiles on the cells strictly between, and may give [`NO_GROUP`] for the
/// others (whose weight `w[NO_GROUP & 15]` is 0). Only digit i and the digits of later
/// tiles between the two cells change. O(1) for a move along a row, O(cols) otherwise,
/// without a branch.
#[inline(always)]
pub(super) fn rank_after_move<I: Iterator<Item = usize>>(
    r: usize,
    w: &[usize; SLOTS],
    i: usize,
    from: usize,
    to: usize,
    between: impl FnOnce(usize, usize) -> I,
) -> usize {
    let wi = w[i & (SLOTS - 1)];
    if to == from + 1 {
        return r + wi;
    }
    if to + 1 == from {
        return r - wi;
    }
    let (mut before, mut later) = (0, 0);
    for l in between(from.min(to), from.max(to)) {
        let earlier = usize::from(l < i);
        before += earlier;
        later += w[l & (SLOTS - 1)] * (1 - earlier);
    }
    if to > from {
        r + wi * (to - from - before) + later
    } else {
        r - wi * (from - to - before) - later
    }
}

/// The placements in rank order, from a given rank on: the inverse of [`rank`], one
/// step at a time.
pub(super) struct Placements {
    n: usize,
    k: usize,
    digits: [usize; MAX_GROUP],
    /// `at[i]`: the cell of tile i.
    pub(super) at: [usize; MAX_GROUP],
    /// `used[i]`: the cells of the tiles before tile i.
    used: [u32; MAX_GROUP + 1],
}

impl Placements {
    /// The placement of rank `r` of k tiles on N cells. O(k·N) bit operations at worst.
    pub(super) fn at_rank(r: usize, n: usize, k: usize) -> Self {
        let mut placements = Placements {
            n,
            k,
            digits: [0; MAX_GROUP],
            at: [0; MAX_GROUP],
            used: [0; MAX_GROUP + 1],
        };
        let mut rest = r;
        for i in (0..k).rev() {
            placements.digits[i] = rest % (n - i);
            rest /= n - i;
        }
        placements.place_from(0);
        placements
    }

    /// Places tiles `from..k` by their digits, the cells of the earlier ones known:
    /// tile i on the free cell with `digits[i]` free cells below it.
    fn place_from(&mut self, from: usize) {
        for i in from..self.k {
            let mut free = !self.used[i];
            for _ in 0..self.digits[i] {
                free &= free - 1;
            }
            self.place(i, free);
        }
    }

    /// Puts tile i on the lowest cell of `free`.
    fn place(&mut self, i: usize, free: u32) {
        self.at[i] = free.trailing_zeros() as usize;
        self.used[i + 1] = self.used[i] | 1 << self.at[i];
    }

    /// Moves to the next rank: the last digit that can grow grows by one, its tile
    /// moving to the next free cell, and the later tiles start again from the lowest
    /// free cells. O(1) amortized.
    pub(super) fn step(&mut self) {
        let mut i = self.k - 1;
        while self.digits[i] + 1 == self.n - i {
            self.digits[i] = 0;
            i -= 1;
        }
        self.digits[i] += 1;
        self.place(i, !self.used[i] & u32::MAX << self.at[i] << 1);
        for j in i + 1..self.k {
            self.place(j, !self.used[j]);
        }
    }

    /// The cells of all k tiles.
    pub(super) fn occupied(&self) -> u32 {
        self.used[self.k]
    }
}
