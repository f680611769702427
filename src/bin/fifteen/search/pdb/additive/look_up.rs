//! The partition's look-ups: a board's start state, and the O(1) update of one
//! group's index and value when a tile moves, on the board and its reflection.

use super::super::super::Board;
use super::super::placement::{rank, rank_after_move};
use super::super::{Pockets, CELL_MASK, MAX_CELLS, MAX_GROUP, MAX_GROUPS};
use super::{Additive, Group, Layout, PdbState, SidesUndo, BOARD, REFLECTED};

/// A tile's slide into the blank: the tile, and the cells it leaves and enters.
#[derive(Clone, Copy)]
struct Slide {
    tile: usize,
    from: usize,
    to: usize,
}

impl Additive {
    /// The value of entry `i` ([`Pockets`]), with the blank on board cell `blank`, the
    /// group's tiles on the board cells `occupied`.
    #[inline(always)]
    fn value(&self, i: usize, blank: usize, occupied: u32) -> u8 {
        // Most entries do not depend on the pocket (six in seven of the 5×5's
        // 6-tile tables), and a branch costs them less than the test.
        let entry = self.data[i];
        if Pockets::least(entry) == entry {
            return entry;
        }
        let pocket = self.masks.in_pocket(blank, self.masks.all & !occupied);
        Pockets::value(entry, pocket)
    }

    /// The index in [`Additive::data`] of group `g` with tiles at `at` (`at[t]`: the
    /// cell of tile `t`): where its table starts plus its spread index or its rank.
    /// O(k).
    fn index_of(&self, g: usize, at: &[u8; MAX_CELLS]) -> usize {
        let group = &self.groups[g];
        let mut cells = [0; MAX_GROUP];
        for (c, &t) in cells.iter_mut().zip(&group.tiles) {
            *c = group.map[usize::from(at[usize::from(t)])];
        }
        let cells = &cells[..group.tiles.len()];
        group.offset
            + if self.layout != Layout::Rank {
                cells
                    .iter()
                    .zip(&group.w)
                    .map(|(&c, w)| usize::from(c) * w)
                    .sum()
            } else {
                rank(cells, self.n)
            }
    }

    /// The new rank of `group`, old rank `r` (by [`Layout::Rank`]), after its tile in
    /// `slot` moved from `from` to `to`, cells of the board or, when `reflected`, of
    /// its reflection; `cells` is the board before the move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // the hot path: plain arguments
    fn moved_rank(
        &self,
        group: &Group,
        r: usize,
        slot: usize,
        cells: &Board,
        reflected: bool,
        from: usize,
        to: usize,
    ) -> usize {
        let (back, slot_of) = if reflected {
            (&group.reflected_inv, &group.reflected_slot)
        } else {
            (&group.inv, &group.slot)
        };
        let frame = |c: usize| usize::from(group.map[c & CELL_MASK]);
        rank_after_move(r, &group.w, slot, frame(from), frame(to), |lo, hi| {
            (lo + 1..hi).map(move |c| {
                usize::from(
                    slot_of[usize::from(cells[usize::from(back[c & CELL_MASK]) & CELL_MASK])
                        & CELL_MASK],
                )
            })
        })
    }

    /// The value on side `side` ([`BOARD`] or [`REFLECTED`]: the reflection's group and
    /// table) of the group of the tile of `slide` after it, on the board `cells` before
    /// it: `(group, index, value)`, or `None` for the blank; `state` holds the groups'
    /// indices and board cells before the slide. O(1) spread: two reads of
    /// [`Additive::steps`], one of the tables and, in a byte table, a look at the blank's
    /// neighbours; by rank, see [`rank_after_move`].
    #[inline(always)]
    fn look_up(
        &self,
        state: &PdbState,
        side: usize,
        cells: &Board,
        slide: Slide,
    ) -> Option<(usize, u32, u8)> {
        let Slide { tile, from, to } = slide;
        let reflected = side == REFLECTED;
        let row = tile & CELL_MASK | if reflected { MAX_CELLS } else { 0 };
        let g = usize::from(self.group_of[row]);
        let old = *state.index[side].get(g)?;
        // The group's cells after the move; the blank ends on `from`.
        let moved = state.occupied[side][g] ^ (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK));
        if self.layout != Layout::Rank {
            let steps = &self.steps[row];
            let (step_to, step_from) = (steps[to & CELL_MASK], steps[from & CELL_MASK]);
            let i = old.wrapping_add(step_to).wrapping_sub(step_from);
            return Some((g, i, self.value(i as usize, from, moved)));
        }
        // The blank's board cell: pockets are the same on both sides.
        let blank = from;
        let group = &self.groups[g];
        let (tile, from, to) = match (&self.reflection, reflected) {
            (Some((cell, relabel)), true) => (
                usize::from(relabel[tile & CELL_MASK]),
                usize::from(cell[from & CELL_MASK]),
                usize::from(cell[to & CELL_MASK]),
            ),
            _ => (tile, from, to),
        };
        let slot = usize::from(group.slot[tile & CELL_MASK]);
        let r = old as usize - group.offset;
        let i = group.offset + self.moved_rank(group, r, slot, cells, reflected, from, to);
        Some((g, i as u32, self.value(i, blank, moved)))
    }

    /// Side `side`'s ([`BOARD`] or [`REFLECTED`]) sum after `slide` on the board `cells`,
    /// and its group's `(group, index, value)` from [`Additive::look_up`].
    #[inline(always)]
    fn moved(
        &self,
        state: &PdbState,
        side: usize,
        cells: &Board,
        slide: Slide,
    ) -> (u32, Option<(usize, u32, u8)>) {
        let found = self.look_up(state, side, cells, slide);
        let sum = match found {
            Some((g, _, v)) => state.sum[side] + u32::from(v) - u32::from(state.value[side][g]),
            None => state.sum[side],
        };
        (sum, found)
    }

    /// [`LowerBound::apply`], with the reflection when `REFLECT` (see [`Fixed`]).
    #[inline(always)]
    pub(super) fn apply_in<const REFLECT: bool>(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, SidesUndo) {
        // Look first; write only when the move is not pruned.
        let mut undo = SidesUndo {
            sum: state.sum,
            ..SidesUndo::default()
        };
        let tile = usize::from(tile);
        let slide = Slide { tile, from, to };
        let (sum, own) = self.moved(state, BOARD, cells, slide);
        if sum > limit {
            return (sum, undo);
        }
        let (mut h, mut reflected) = (sum, None);
        if REFLECT {
            let sum;
            (sum, reflected) = self.moved(state, REFLECTED, cells, slide);
            if sum > limit {
                return (sum, undo);
            }
            state.sum[REFLECTED] = sum;
            h = h.max(sum);
        }
        state.sum[BOARD] = sum;
        let moved = (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK));
        for (side, found) in [(BOARD, own), (REFLECTED, reflected)] {
            if let Some((g, i, v)) = found {
                undo.index[side] = std::mem::replace(&mut state.index[side][g], i);
                undo.value[side] = std::mem::replace(&mut state.value[side][g], v);
                state.occupied[side][g] ^= moved;
            }
        }
        (h, undo)
    }

    /// [`LowerBound::undo`] as [`Additive::apply_in`] made the move.
    #[inline(always)]
    pub(super) fn undo_in<const REFLECT: bool>(
        &self,
        state: &mut PdbState,
        tile: u8,
        from: usize,
        to: usize,
        undo: SidesUndo,
    ) {
        let moved = (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK));
        for side in [BOARD, REFLECTED] {
            if side == REFLECTED && !REFLECT {
                break;
            }
            let g = usize::from(self.group_of[side * MAX_CELLS + (usize::from(tile) & CELL_MASK)]);
            if g < MAX_GROUPS {
                state.index[side][g] = undo.index[side];
                state.value[side][g] = undo.value[side];
                state.occupied[side][g] ^= moved;
            }
        }
        state.sum = undo.sum;
    }
}

impl Additive {
    /// [`LowerBound::start`]: every group's index and value, on each side. O(N + k)
    /// a group.
    pub(super) fn start_state(&self, cells: &[u8]) -> (PdbState, u32) {
        let mut state = PdbState {
            index: [[0; MAX_GROUPS]; 2],
            value: [[0; MAX_GROUPS]; 2],
            occupied: [[0; MAX_GROUPS]; 2],
            sum: [0; 2],
        };
        let mut at = [0; MAX_CELLS];
        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        let sides = if self.reflection.is_some() { 2 } else { 1 };
        for side in 0..sides {
            for (c, &t) in cells.iter().enumerate() {
                let g = self.group_of[side * MAX_CELLS + usize::from(t)];
                if let Some(occupied) = state.occupied[side].get_mut(usize::from(g)) {
                    *occupied |= 1 << c;
                }
                let (t, c) = match &self.reflection {
                    Some((cell, tile)) if side == REFLECTED => (tile[usize::from(t)], cell[c]),
                    _ => (t, c as u8),
                };
                at[usize::from(t)] = c;
            }
            for g in 0..self.groups.len() {
                let i = self.index_of(g, &at);
                let value = self.value(i, blank, state.occupied[side][g]);
                state.index[side][g] = i as u32;
                state.value[side][g] = value;
                state.sum[side] += u32::from(value);
            }
        }
        let h = state.sum[BOARD].max(state.sum[REFLECTED]);
        (state, h)
    }

    /// Which [`Fixed`] this is: whether it has the reflected look-up.
    pub(crate) fn fixed_as(&self) -> bool {
        self.reflection.is_some()
    }
}
