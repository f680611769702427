//! IDA*'s [`LowerBound`] trait, and the Manhattan distance.

use super::{Board, Puzzle};

/// A lower bound on the moves to the goal, updated along a depth-first path: `start`, then
/// `apply` per node generated and `undo` when backing up. It must be admissible and 0 exactly
/// at the goal; it need not be consistent.
pub(crate) trait LowerBound: Sync {
    /// The bound's data on the board at the end of the path.
    type State: Clone + Sync;
    /// What [`LowerBound::undo`] needs to take a move back.
    type Undo: Copy;
    /// The name shown by `--stats`.
    #[cfg(not(feature = "judge"))]
    fn name(&self) -> String;
    /// The state and the bound of the board `cells`.
    fn start(&self, cells: &[u8]) -> (Self::State, u32);
    /// Slides `tile` from `from` into the blank at `to` (`cells`: the board before): the new
    /// bound and an undo token. Above `limit`, any admissible value above `limit` will do, with
    /// `state` unchanged and no `undo` to follow; within it, `start`'s value on the new board.
    fn apply(
        &self,
        state: &mut Self::State,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, Self::Undo);
    /// Takes back the last `apply(state, _, tile, from, to, _)`, which returned `undo`.
    fn undo(&self, state: &mut Self::State, tile: u8, from: usize, to: usize, undo: Self::Undo);
}

/// Implements [`LowerBound`] for a bound whose state is its value, by `estimate` and `update`.
macro_rules! valued_bound {
    ($bound:ty, $name:expr) => {
        impl LowerBound for $bound {
            type State = u32;
            type Undo = u32;

            #[cfg(not(feature = "judge"))]
            fn name(&self) -> String {
                $name.to_string()
            }

            fn start(&self, cells: &[u8]) -> (u32, u32) {
                let h = self.estimate(cells);
                (h, h)
            }

            #[inline]
            fn apply(
                &self,
                state: &mut u32,
                cells: &Board,
                tile: u8,
                from: usize,
                to: usize,
                limit: u32,
            ) -> (u32, u32) {
                let old = *state;
                let h = self.update(cells, old, tile, from, to);
                if h <= limit {
                    *state = h;
                }
                (h, old)
            }

            #[inline]
            fn undo(&self, state: &mut u32, _: u8, _: usize, _: usize, old: u32) {
                *state = old;
            }
        }
    };
}
valued_bound!(Manhattan, "manhattan");

/// The Manhattan distance: the sum of the tiles' taxicab distances to their goal cells.
pub(crate) struct Manhattan {
    cells: usize,
    /// `distance[t·N + p]`: from cell `p` to the goal cell of tile `t` (0 for the blank).
    distance: Vec<u8>,
}

impl Manhattan {
    /// Builds the table of N² bytes. O(N²).
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let cells = puzzle.shape.cells();
        let mut distance = vec![0; cells * cells];
        for tile in 1..cells {
            for p in 0..cells {
                distance[tile * cells + p] = puzzle.shape.distance(p, puzzle.goal_at[tile]) as u8;
            }
        }
        Manhattan { cells, distance }
    }

    /// The distance of `tile` on cell `p` to its goal cell. O(1).
    fn of(&self, tile: u8, p: usize) -> u32 {
        u32::from(self.distance[usize::from(tile) * self.cells + p])
    }
}

impl Manhattan {
    /// The bound of the board `cells`. O(N).
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        cells.iter().enumerate().map(|(p, &t)| self.of(t, p)).sum()
    }

    /// The bound once `tile` slides from `from` into the blank at `to`, `h` the one before. O(1).
    #[inline]
    pub(crate) fn update(&self, _: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        h + self.of(tile, to) - self.of(tile, from)
    }
}

#[cfg(not(feature = "judge"))]
mod linear_conflict;
#[cfg(not(feature = "judge"))]
pub(crate) use linear_conflict::LinearConflict;
