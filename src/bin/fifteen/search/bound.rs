//! Admissible lower bounds on the number of moves to the goal, swappable in IDA* (`descend`,
//! `ida::solve`): the trait and the Manhattan distance; linear conflicts are
//! `linear_conflict`'s (the full program's), the walking distance `walking`'s, the pattern
//! databases `regions`' and `pdb`'s.

use super::{Board, Puzzle};

/// A lower bound on the moves from a board to the goal, kept up to date move by move
/// along the path of a depth-first search: `start` once a search, then `apply` for every
/// node generated and `undo` when the search backs up. Implement it and pass it to
/// `ida::solve` or `descend`'s search to swap the bound of IDA*.
///
/// # Constraints
///
/// Admissible (never above the true distance) and 0 exactly at the goal. IDA* stays
/// optimal and canonical with any such bound, consistent or not.
pub(crate) trait LowerBound: Sync {
    /// What the bound keeps about the board on the search path; a shared search copies
    /// the root's to each of its subtrees.
    type State: Clone + Sync;
    /// What [`LowerBound::undo`] needs to take a move back.
    type Undo: Copy;
    /// The name shown by `--stats`.
    #[cfg(not(feature = "judge"))]
    fn name(&self) -> String;
    /// The state and the bound of the board `cells`.
    fn start(&self, cells: &[u8]) -> (Self::State, u32);
    /// Slides `tile` from cell `from` into the blank at cell `to` and returns the new
    /// bound; `cells` is the board *before* the move. When the bound exceeds `limit`,
    /// the bound may stop early, return any admissible value above `limit` and must
    /// leave `state` as it was (no `undo` follows); otherwise the value is that of
    /// `start` on the new board and [`LowerBound::undo`] follows with the token.
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

/// Implements [`LowerBound`] for a bound whose state is its value, from its
/// `estimate(cells)` and `update(cells, h, tile, from, to)`.
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
/// Table N² bytes; `update` O(1).
pub(crate) struct Manhattan {
    cells: usize,
    /// `distance[t·N + p]`: from cell `p` to the goal cell of tile `t` (0 for the blank).
    distance: Vec<u8>,
}

impl Manhattan {
    /// Builds the table. O(N²).
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

    fn of(&self, tile: u8, p: usize) -> u32 {
        u32::from(self.distance[usize::from(tile) * self.cells + p])
    }
}

impl Manhattan {
    /// The bound of the board `cells`. O(N).
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        cells.iter().enumerate().map(|(p, &t)| self.of(t, p)).sum()
    }

    /// The bound after sliding `tile` from cell `from` into the blank at cell `to`,
    /// given `h`, the bound of the board before the move. O(1).
    #[inline]
    pub(crate) fn update(&self, _: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        h + self.of(tile, to) - self.of(tile, from)
    }
}

#[cfg(not(feature = "judge"))]
mod linear_conflict;
#[cfg(not(feature = "judge"))]
pub(crate) use linear_conflict::LinearConflict;
