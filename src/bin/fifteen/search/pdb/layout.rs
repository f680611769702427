//! How a partition's tables are indexed ([`Layout`]), and their sizes in bytes.

use super::placement::table_len;
use super::Regions;

/// How a group's table is indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// By the placement's rank: N!/(N−k)! entries for k tiles on N cells, each a
    /// byte of [`Pockets`]; a move's new index is [`rank_after_move`]'s O(cols) walk.
    ///
    /// [`Pockets`]: super::Pockets
    /// [`rank_after_move`]: super::placement::rank_after_move
    Rank,
    /// By spread index (see [`spread_weights`]): N^k entries, each a byte of
    /// [`Pockets`], a move's new index the old one plus one entry of
    /// [`Additive::steps`] less another: O(1) for any move, where `Rank` walks.
    ///
    /// [`Pockets`]: super::Pockets
    /// [`spread_weights`]: super::placement::spread_weights
    /// [`Additive::steps`]: super::additive::Additive::steps
    Spread,
    /// By spread index, each entry a `u32` of [`Regions`]: the value with the blank
    /// in any of the placement's regions, 4 bytes an entry instead of 1. Only for
    /// tables built in the run, looked up by [`RegionTables`], not by [`Additive`]
    /// (files hold tables of bytes by rank, read into `Spread`).
    ///
    /// [`RegionTables`]: super::super::regions::RegionTables
    /// [`Additive`]: super::additive::Additive
    Regions,
}

impl Layout {
    /// The most bytes of spread tables a partition may take.
    const SPREAD_BYTES: usize = 1 << 30;
    /// The most bytes of tables with the blank's regions a partition may take: small
    /// enough to stay in a last-level cache.
    pub(crate) const REGIONS_BYTES: usize = 16 << 20;

    /// The layout of byte tables that holds a partition fitting `self`: `Spread` for
    /// `Regions` ([`Additive`] holds no regions), else `self`.
    ///
    /// [`Additive`]: super::additive::Additive
    pub(crate) fn of_bytes(self) -> Layout {
        match self {
            Layout::Regions => Layout::Spread,
            other => other,
        }
    }

    /// `Regions` on at most [`Regions::CELLS`] cells when the partition's tables take
    /// at most [`REGIONS_BYTES`] so (on the 4×4 up to 5-5-5, 12 MiB; 6-6-3 would take
    /// 128 MiB); else `Spread` when the partition's spread tables take at most three
    /// times the bytes of its tables by rank and at most [`SPREAD_BYTES`]; else
    /// `Rank`. On the 4×4, 5-5-5 takes 3 MiB spread (1.5 MB by rank), 6-6-3 32 MiB
    /// (11.5 MB), and 7-7-1 would take 512 MiB (115 MB); on the 5×5, 6-6-6-6 takes
    /// 931 MiB (510 MB; half of each when its groups share tables by symmetry).
    /// Spread trades those bytes for fewer instructions a node (no O(cols) walk), so
    /// it is the faster wherever it fits.
    ///
    /// [`SPREAD_BYTES`]: Layout::SPREAD_BYTES
    /// [`REGIONS_BYTES`]: Layout::REGIONS_BYTES
    pub(crate) fn fitting(n: usize, groups: &[Vec<u8>]) -> Layout {
        let spread = Layout::Spread.partition_bytes(n, groups);
        let rank = Layout::Rank.partition_bytes(n, groups);
        let regions = Layout::Regions.partition_bytes(n, groups);
        if n <= Regions::CELLS && regions <= Layout::REGIONS_BYTES {
            Layout::Regions
        } else if spread <= Layout::SPREAD_BYTES && spread <= 3 * rank {
            Layout::Spread
        } else {
            Layout::Rank
        }
    }

    /// The bytes of the tables of `groups` on N cells, each group counted (also
    /// those that would share a table by symmetry).
    pub(crate) fn partition_bytes(self, n: usize, groups: &[Vec<u8>]) -> usize {
        groups.iter().map(|g| self.bytes(n, g.len())).sum()
    }

    /// The entries of the tables of `groups` on N cells, counted as
    /// [`Layout::partition_bytes`] counts bytes.
    pub(crate) fn partition_entries(self, n: usize, groups: &[Vec<u8>]) -> usize {
        groups.iter().map(|g| self.entries(n, g.len())).sum()
    }

    /// The bytes of a table of k tiles on N cells.
    pub(crate) fn bytes(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Regions => 4 * self.entries(n, k),
            _ => self.entries(n, k),
        }
    }

    /// The entries of a table of k tiles on N cells.
    pub(crate) fn entries(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Rank => table_len(n, k),
            Layout::Spread | Layout::Regions => n.pow(k as u32),
        }
    }
}
