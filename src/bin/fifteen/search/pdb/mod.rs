//! Additive disjoint pattern databases (Korf & Felner, 2002; Felner, Korf & Hanan, 2004)
//! for any board of at most 32 cells, any goal and any partition of the tiles.
//!
//! A *group* is a set of k tiles, named by their goal cells. Its table holds, for every
//! placement of its tiles (an ordered choice of k distinct cells of N), the least number of
//! moves *of the group's tiles* that bring them home, the other tiles moving for free: the
//! level of a breadth-first search from the goal over (placement, region of the blank),
//! where the blank moves within its connected empty region at no cost and sliding a group
//! tile into the region costs 1. Values of disjoint groups add up to an admissible bound.
//! A placement `(p0, …, pk−1)` is stored at its perfect rank `Σ dᵢ·(N−1−i)!/(N−k)!` with
//! `dᵢ = pᵢ − #{j < i : pⱼ < pᵢ}`: a table has N!/(N−k)! one-byte entries (4×4: 3,360
//! bytes for 3 tiles, 43,680 for 4, 524,160 for 5, 5,765,760 for 6; 3×4: 95,040 for 5,
//! 665,280 for 6).
//!
//! The search of a table runs on one thread or several, to the same bytes (see
//! [`build::build_table`]). The files, in reading order: `placement` (ranks and
//! spread indices), `layout` (how a table is indexed, and its bytes), `build` (the
//! breadth-first search), `cache` (tables in files), `additive` (the bound over them).
//!
//! Small partitions built in the run (at most [`layout::Layout::REGIONS_BYTES`], on at
//! most 24 cells: 5-5-5 on the 4×4) are `regions`' instead, four bytes an entry that keep
//! the blank's cells from which a placement's least is reached (a group whose tiles wall
//! the blank off from them counts 2 more); kept in files, they are byte tables here, whose
//! entries tell only the blank's pockets ([`Pockets`]; the two measured side by side in
//! `benches/README.md`).
//!
//! Two groups whose goal cells are images of each other under a symmetry of the board share
//! one table, looked up through the symmetry, when the symmetry also fixes the goal's blank
//! or the goal's free cells are connected for both (the blank's start does not matter).
//!
//! With reflection, when the goal's blank lies on a diagonal of a square board, the bound
//! is `max(h(s), h(s'))` with `s'` the board reflected in that diagonal and its tiles
//! relabelled (`t → goal[T(home(t))]`): `s'` is as far from the goal as `s`, and the same
//! tables serve both look-ups.

use super::Notes;
use std::sync::{Mutex, PoisonError};

pub(crate) use super::regions::{Masks, Regions, CELL_MASK, MAX_CELLS, MAX_GROUPS};
/// The largest group: its slots stay below the one left for [`NO_GROUP`] (see
/// [`placement::SLOTS`]). (Memory bounds a group long before: 11 tiles of 16 cells are 16!/5!
/// placements.)
pub(crate) const MAX_GROUP: usize = 11;
const UNSEEN: u8 = u8::MAX;
const NO_GROUP: u8 = u8::MAX;

/// The next item of an iterator that workers share.
pub(crate) fn take<T>(items: &Mutex<impl Iterator<Item = T>>) -> Option<T> {
    // (A worker that panicked is propagated by its scope.)
    items.lock().unwrap_or_else(PoisonError::into_inner).next()
}

/// Runs `work` on the calling thread and on `workers − 1` threads started for it
/// (fewer when one cannot start; none for one worker); returns what each returned.
pub(crate) fn on_threads<T: Send>(workers: usize, work: &(dyn Fn() -> T + Sync)) -> Vec<T> {
    if workers <= 1 {
        return vec![work()];
    }
    std::thread::scope(|scope| {
        let started: Vec<_> = (1..workers)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut done = vec![work()];
        for thread in started {
            done.push(
                thread
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        done
    })
}

/// How tables are made: on how many threads, with what progress, where notes go, until
/// when.
pub(crate) struct TableWork<'a> {
    /// The threads that build one table (see [`build::build_table`]).
    pub threads: usize,
    /// Called as each level of a build starts, with its depth.
    pub on_level: &'a (dyn Fn(u8) + Sync),
    /// Where a large build or a file that cannot be written is reported.
    pub notes: &'a dyn Notes,
    /// Whether to stop building now (the run's time limit has passed): asked at each
    /// level and every few million entries; the build then gives no table.
    pub stop: &'a (dyn Fn() -> bool + Sync),
}

impl TableWork<'_> {
    /// One thread, no progress, no notes.
    #[allow(dead_code)] // for tests and benches
    pub(crate) fn quiet() -> TableWork<'static> {
        TableWork {
            threads: 1,
            on_level: &|_| {},
            notes: &(),
            stop: &|| false,
        }
    }
}

/// The entries of byte tables ([`layout::Layout::Rank`] and
/// [`layout::Layout::Spread`]): in the low six bits a placement's least number of group
/// moves over the blank's cells (at most [`Pockets::MOST`]), in the high two what the
/// blank's region adds, told apart by its size: a *pocket* is a region of at most
/// [`Pockets::CELLS`] cells (the blank walled into a corner or beside an edge). From a
/// region other than those of the least the group needs 2 moves more (the parity
/// argument of [`Regions`]), so [`Pockets::POCKETS_FAR`] is set when the least's
/// regions hold no pocket, [`Pockets::OTHERS_FAR`] when they are all pockets. A byte an
/// entry instead of [`Regions`]' four, for tables that do not fit in the caches anyway
/// (the 5×5's 6-6-6-6: 488 MB); telling a pocket is a few word operations. Measured
/// against exact regions and against the least alone: see `benches/README.md`.
pub(crate) struct Pockets;

impl Pockets {
    /// The largest least an entry holds; a larger one is kept as this, a lower bound
    /// still (the 5×5's 6-tile tables for `blank-first` hold at most 35).
    const MOST: u8 = 62;
    /// The most cells of a pocket.
    pub(crate) const CELLS: u32 = 2;
    const LEAST: u8 = 63;
    /// The blank in a region that is not a pocket costs 2 more.
    const OTHERS_FAR: u8 = 1 << 6;
    /// The blank in a pocket costs 2 more.
    const POCKETS_FAR: u8 = 1 << 7;

    /// The entry of a placement first reached at depth `least` with the blank in
    /// `reached` (whole regions, by cell), `free` cells left free by the group; `masks`
    /// of its board. O(rows·cols) word operations a region.
    fn entry(least: u8, reached: u32, free: u32, masks: &Masks) -> u8 {
        let least = least.min(Self::MOST);
        if reached.count_ones() == free {
            return least;
        }
        let (mut pockets, mut others, mut rest) = (false, false, reached);
        while rest != 0 {
            let region = masks.flood(rest.trailing_zeros() as usize, rest);
            let pocket = region.count_ones() <= Self::CELLS;
            (pockets, others) = (pockets | pocket, others | !pocket);
            rest ^= region;
        }
        match (pockets, others) {
            (false, _) => least | Self::POCKETS_FAR,
            (true, false) => least | Self::OTHERS_FAR,
            (true, true) => least,
        }
    }

    /// The least of `entry`: its value with the blank in the best region.
    #[inline(always)]
    pub(crate) fn least(entry: u8) -> u8 {
        entry & Self::LEAST
    }

    /// The value of `entry` with the blank in a pocket when `pocket`: its least, or 2
    /// more. O(1), without a branch.
    #[inline(always)]
    pub(crate) fn value(entry: u8, pocket: bool) -> u8 {
        let far = entry >> (6 + u8::from(pocket)) & 1;
        Self::least(entry) + 2 * far
    }
}

impl Masks {
    /// Whether the connected part of the cells `free` that holds `start` is a pocket:
    /// at most [`Pockets::CELLS`] cells, that is, at most one free cell next to `start`
    /// and no other free cell next to that. O(1), without a branch.
    #[inline(always)]
    fn in_pocket(&self, start: usize, free: u32) -> bool {
        const _: () = assert!(Pockets::CELLS == 2, "two cells tested");
        let next = self.around[start & CELL_MASK] & free;
        let beyond = self.around[next.trailing_zeros() as usize & CELL_MASK] & free;
        let one = next & next.wrapping_sub(1) == 0;
        one & ((next == 0) | (beyond & !(1 << (start & CELL_MASK)) == 0))
    }
}

pub mod placement;

pub mod layout;

pub mod build;

pub mod cache;

pub mod additive;
