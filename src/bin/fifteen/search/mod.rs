//! The optimal searches and the [`Puzzle`] they share; their modules are declared below in
//! reading order, each using only those before it.

use super::board::{Move, Shape};

/// Marks a missing neighbour in [`Puzzle::neighbors`].
pub(crate) const NONE: usize = usize::MAX;

/// The most cells of a board for optimal search.
pub(crate) const MAX_BOARD: usize = 256;

/// The tiles of a board as read (`u32`) as the searches hold them, a byte a tile: at most
/// [`MAX_BOARD`] cells.
pub(crate) fn bytes(board: &[u32]) -> Vec<u8> {
    board.iter().map(|&t| t as u8).collect()
}

/// A board as IDA* holds it: tiles by cell, zero-padded so masked indices need no bounds checks.
pub(crate) type Board = [u8; MAX_BOARD];

/// A shape and goal prepared for search, tiles as bytes: 1 ≤ N ≤ 256, `goal` a permutation of
/// 0..N.
pub(crate) struct Puzzle {
    pub shape: Shape,
    pub goal: Vec<u8>,
    /// `goal_at[t]`: the goal cell of tile `t`.
    pub goal_at: Vec<usize>,
    /// `neighbors[p][i]`: the cell next to `p` in the direction `Move::ALL[i]`, or [`NONE`].
    pub neighbors: Vec<[usize; 4]>,
    /// `exits[p]`: the moves the blank can make from `p`, bit i for `Move::ALL[i]`.
    pub exits: Vec<u8>,
    /// What `ida`'s cases and threads share.
    #[cfg(not(feature = "judge"))]
    pub shared: Shared,
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
            .map(|&around| Move::live_bits(around, NONE))
            .collect();
        Puzzle {
            shape,
            goal,
            goal_at,
            neighbors,
            exits,
            #[cfg(not(feature = "judge"))]
            shared: Shared::default(),
        }
    }
}

/// A value made once, on first use, by a making that may fail (a table's build the time
/// limit stops); the threads that ask for it while it is being made wait for it, and make
/// it again when that making failed.
#[cfg(not(feature = "judge"))]
pub(crate) struct Made<T> {
    value: std::sync::OnceLock<T>,
    making: std::sync::Mutex<()>,
}

#[cfg(not(feature = "judge"))]
impl<T> Default for Made<T> {
    fn default() -> Self {
        Made {
            value: std::sync::OnceLock::new(),
            making: std::sync::Mutex::new(()),
        }
    }
}

#[cfg(not(feature = "judge"))]
impl<T> Made<T> {
    /// The value, once made.
    pub(crate) fn get(&self) -> Option<&T> {
        self.value.get()
    }

    /// The value, made by `make` unless it is made already.
    pub(crate) fn get_or_make<E>(&self, make: impl FnOnce() -> Result<T, E>) -> Result<&T, E> {
        if let Some(value) = self.value.get() {
            return Ok(value);
        }
        let _making = self.making.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(value) = self.value.get() {
            return Ok(value);
        }
        let made = make()?;
        Ok(self.value.get_or_init(|| made))
    }
}

/// What all the cases and threads searching a puzzle share: move pruners, nodes searched,
/// the cache.
#[cfg(not(feature = "judge"))]
#[derive(Default)]
pub(crate) struct Shared {
    /// The move pruner of [`Puzzle::pruner`], made (or read from `cache`) on first use
    /// unless set before.
    pub pruner: std::sync::OnceLock<prune::MovePruner>,
    /// The same, the deeper machine for the longest searches.
    pub deeper_pruner: std::sync::OnceLock<prune::MovePruner>,
    /// The nodes of the IDA* iterations finished on the puzzle, which decide when `ida`
    /// starts using [`Puzzle::pruner`] (`ida::DEEP_FROM`).
    pub searched: std::sync::atomic::AtomicU64,
    /// The directory of cached pattern databases and move pruners (`--cache`), if any.
    pub cache: Option<std::path::PathBuf>,
}

#[cfg(not(feature = "judge"))]
impl Puzzle {
    /// The move pruner `ida` uses, the deeper machine when `deeper`
    /// ([`prune::MovePruner::for_cells`]), made (or read from `cache`) on first use.
    pub(crate) fn pruner(&self, deeper: bool) -> &prune::MovePruner {
        let shared = &self.shared;
        let cell = if deeper {
            &shared.deeper_pruner
        } else {
            &shared.pruner
        };
        let (cells, cache) = (self.shape.cells(), shared.cache.as_deref());
        cell.get_or_init(|| prune::MovePruner::for_cells(cells, deeper, cache))
    }
}

/// What bounds a search (the budget a case's threads share) and the notes it leaves.
#[cfg(not(feature = "judge"))]
mod budget;
#[cfg(not(feature = "judge"))]
pub(crate) use budget::{Budget, Meter};
#[cfg(not(feature = "judge"))]
pub use budget::{Limits, Notes};

pub mod bound;

pub mod regions;

/// Boards packed into keys, the maps from them to their levels (for the searches that store
/// boards and the walking distance's build), and the hasher of those keys.
#[cfg(not(feature = "judge"))]
pub mod board_maps;

/// The walking distance.
#[cfg(not(feature = "judge"))]
pub mod walking;

/// A bound times a weight, for `any`'s weighted IDA*.
#[cfg(not(feature = "judge"))]
pub mod weighted;

/// Tables and machines cached in files (`--cache`), checked when read.
#[cfg(not(feature = "judge"))]
pub mod cache_file;

/// Pattern databases of one byte an entry: `placement` (ranks), `build` (breadth-first, on
/// any number of threads), `cache` (files), the additive look-up with shared tables and
/// reflection.
#[cfg(not(feature = "judge"))]
pub mod pdb;

pub mod descend;

/// The finite-state machines of duplicate move sequences that IDA* skips.
#[cfg(not(feature = "judge"))]
pub mod prune;

/// IDA*'s iterations, on one thread or shared by several, cut into subtrees.
#[cfg(not(feature = "judge"))]
pub mod ida;

/// The optimal search in the multi-tile metric (`--metric mtm`) and its bound, the painted
/// table (`painted`).
#[cfg(not(feature = "judge"))]
pub mod multi_tile;

/// The policy: the bounds and tables tried per shape and goal, their give-up budgets, and
/// `any`'s weighted search.
#[cfg(not(feature = "judge"))]
pub mod plan;

/// The searches that store boards in level maps: `astar`, `bfs`, `dfs`.
#[cfg(not(feature = "judge"))]
pub mod stored_searches;
