//! The optimal searches: a shared puzzle description, lower bounds, and the searches over it;
//! what bounds a search is in `budget`. The judge edition keeps the puzzle, `bound` and
//! `descend`.

use super::board::{Move, Shape};
#[cfg(not(feature = "judge"))]
use std::path::PathBuf;
#[cfg(not(feature = "judge"))]
use std::sync::atomic::AtomicU64;
#[cfg(not(feature = "judge"))]
use std::sync::OnceLock;

/// Marks a missing neighbour in [`Puzzle::neighbors`].
pub(crate) const NONE: usize = usize::MAX;

/// The moves of a row indexed by `Move::ALL` whose entry is not `missing`, bit i for
/// `Move::ALL[i]`.
fn live_bits<T: PartialEq>(row: [T; 4], missing: T) -> u8 {
    row.iter()
        .enumerate()
        .filter(|(_, entry)| **entry != missing)
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// The most cells of a board for the optimal searches.
pub(crate) const MAX_BOARD: usize = 256;

/// A board as IDA* keeps it: `cells[p]` the tile on cell `p`, zeros after the last cell
/// (a fixed size, so that indices masked below 256 need no bounds checks).
pub(crate) type Board = [u8; MAX_BOARD];

/// A board shape and goal prepared for search, tiles as bytes.
///
/// # Constraints
///
/// 1 ≤ N = rows·cols ≤ 256; `goal` a permutation of 0..N.
pub(crate) struct Puzzle {
    pub shape: Shape,
    pub goal: Vec<u8>,
    /// `goal_at[t]`: the goal cell of tile `t`.
    pub goal_at: Vec<usize>,
    /// `neighbors[p][i]`: the cell next to `p` in the direction `Move::ALL[i]`, or [`NONE`].
    pub neighbors: Vec<[usize; 4]>,
    /// `exits[p]`: the moves the blank can make from `p`, bit i for `Move::ALL[i]`.
    pub exits: Vec<u8>,
    /// The moves `ida` never makes after a path: `prune::MovePruner::for_cells`, made
    /// (or read from [`Puzzle::cache`]) on first use (see [`Puzzle::pruner`]); set before
    /// it to use another.
    #[cfg(not(feature = "judge"))]
    pub pruner: OnceLock<prune::MovePruner>,
    /// The same for the longest searches, the deeper machine.
    #[cfg(not(feature = "judge"))]
    pub deeper_pruner: OnceLock<prune::MovePruner>,
    /// The nodes of the IDA* iterations finished on this puzzle, by all cases and threads:
    /// past `ida::DEEP_FROM`, the iterations use [`Puzzle::pruner`].
    #[cfg(not(feature = "judge"))]
    pub searched: AtomicU64,
    /// Where the pattern databases and move pruners are kept between runs (`--cache`):
    /// none unless set.
    #[cfg(not(feature = "judge"))]
    pub cache: Option<PathBuf>,
}

impl Puzzle {
    /// Prepares `goal` for search. O(N).
    pub(crate) fn new(shape: Shape, goal: Vec<u8>) -> Self {
        let goal_at = super::board::positions(&goal);
        let neighbors: Vec<[usize; 4]> = (0..shape.cells())
            .map(|p| Move::ALL.map(|m| shape.neighbor(p, m).unwrap_or(NONE)))
            .collect();
        let exits = neighbors
            .iter()
            .map(|&around| live_bits(around, NONE))
            .collect();
        Puzzle {
            shape,
            goal,
            goal_at,
            neighbors,
            exits,
            #[cfg(not(feature = "judge"))]
            pruner: OnceLock::new(),
            #[cfg(not(feature = "judge"))]
            deeper_pruner: OnceLock::new(),
            #[cfg(not(feature = "judge"))]
            searched: AtomicU64::new(0),
            #[cfg(not(feature = "judge"))]
            cache: None,
        }
    }

    /// The moves `ida` never makes after a path, by the deeper machine when `deeper`
    /// (see [`prune::MovePruner::for_cells`]), made (or read from [`Puzzle::cache`]) on
    /// first use.
    #[cfg(not(feature = "judge"))]
    pub(crate) fn pruner(&self, deeper: bool) -> &prune::MovePruner {
        let cell = if deeper {
            &self.deeper_pruner
        } else {
            &self.pruner
        };
        let cells = self.shape.cells();
        cell.get_or_init(|| prune::MovePruner::for_cells(cells, deeper, self.cache.as_deref()))
    }
}

#[cfg(not(feature = "judge"))]
mod budget;
#[cfg(not(feature = "judge"))]
pub(crate) use budget::{Budget, Meter};
#[cfg(not(feature = "judge"))]
pub use budget::{Limits, Notes};

pub mod bound;

#[cfg(not(feature = "judge"))]
pub mod walking;

#[cfg(not(feature = "judge"))]
pub mod weighted;

#[cfg(not(feature = "judge"))]
pub mod kept;

#[cfg(not(feature = "judge"))]
pub mod pdb;

#[cfg(not(feature = "judge"))]
pub mod prune;

pub mod descend;

#[cfg(not(feature = "judge"))]
pub mod ida;

#[cfg(not(feature = "judge"))]
pub mod plan;

#[cfg(not(feature = "judge"))]
pub mod state;

#[cfg(not(feature = "judge"))]
pub mod stored;
