//! The additive look-up over a partition: its groups, their tables (shared by
//! symmetry), and its construction. Its files: [`look_up`] (the hot per-move update),
//! [`fixed`] (the reflection fixed at compile time); how a table is indexed is
//! `pdb::layout`'s, the board's symmetries and reflection `regions`'.

use super::super::Puzzle;
use super::build::{build_bytes, build_table, builds_spread};
use super::cache::{append_cached, TRAILER_BYTES};
use super::placement::{spread_into, spread_weights, table_len, weights, SLOTS};
use super::{Masks, TableWork, MAX_CELLS, MAX_GROUP, MAX_GROUPS, NO_GROUP};
use std::path::Path;

/// One group of a partition: its tiles in table order and the cell map (a symmetry,
/// the identity for a group that owns its table) applied before ranking.
struct Group {
    tiles: Vec<u8>,
    /// Where its table starts in [`Additive::data`].
    offset: usize,
    map: [u8; MAX_CELLS],
    w: [usize; SLOTS],
    /// `inv[c]`: the board cell that `map` sends to table cell `c`.
    inv: [u8; MAX_CELLS],
    /// `slot[tile]`: the place of `tile` in `tiles`, or [`NO_GROUP`].
    slot: [u8; MAX_CELLS],
    /// `inv` and `slot` for the reflected board: `reflected_inv[c]` is the board cell
    /// whose reflection `map` sends to `c`; `reflected_slot[t]` the slot of the
    /// relabelled tile `t`.
    reflected_inv: [u8; MAX_CELLS],
    reflected_slot: [u8; MAX_CELLS],
}

/// Additive disjoint pattern databases for one board shape, goal and partition, with
/// the optional reflected look-up. `apply` O(1), twice with the reflection, for
/// tables of [`Layout::Spread`]; of [`Layout::Rank`], O(1) for a move along a row of
/// the table's frame and O(cols) otherwise. It stops before writing once a sum
/// exceeds the limit.
pub(crate) struct Additive {
    n: usize,
    layout: Layout,
    name: String,
    groups: Vec<Group>,
    /// All tables, one after another.
    data: Vec<u8>,
    /// The board's cell sets, to tell a pocket ([`Pockets`]).
    masks: Masks,
    /// `group_of[t]`: the group of tile `t`, or [`NO_GROUP`] for the blank;
    /// `group_of[MAX_CELLS + t]`: the group of the tile that `t` becomes in the
    /// reflection.
    group_of: [u8; 2 * MAX_CELLS],
    /// Of a partition by spread index, `steps[t][c]`: what tile `t` on board cell `c`
    /// adds to its group's index (its frame's cell times its slot's weight), so that a
    /// move's new index is the old one plus one entry less another;
    /// `steps[MAX_CELLS + t][c]` the same for the reflection of `t` on `c`. Zeros by
    /// rank.
    steps: Box<[[u32; MAX_CELLS]; 2 * MAX_CELLS]>,
    /// `(cell map T, tile map t → goal[T(home(t))])` of the reflection.
    reflection: Option<([u8; MAX_CELLS], [u8; MAX_CELLS])>,
}

/// The sides of [`PdbState`]: the board, and its reflection.
const BOARD: usize = 0;
const REFLECTED: usize = 1;

/// The state of [`Additive`], per side ([`BOARD`], [`REFLECTED`]): each group's
/// index in [`Additive::data`], its value, the board cells of its tiles (to tell the
/// blank's pocket, [`Pockets`]; the reflection maps pockets onto pockets), and their sum
/// (0 for the reflection when there is none).
#[derive(Clone, Copy)]
pub(crate) struct PdbState {
    index: [[u32; MAX_GROUPS]; 2],
    value: [[u8; MAX_GROUPS]; 2],
    occupied: [[u32; MAX_GROUPS]; 2],
    sum: [u32; 2],
}

/// Where a group's table is and how it is looked up: the table's start in the tables, the
/// cell map a look-up goes through (a symmetry of the board, or the identity), and the
/// goal cells of the group's tiles in the table's order.
struct TableLookUp<'a> {
    offset: usize,
    symmetry: &'a [usize],
    order: Vec<u8>,
}

impl Additive {
    /// Builds the tables of `groups` (each a list of goal cells) for `puzzle`'s goal;
    /// `reflect` asks for the reflected look-up, used when the goal's blank lies on a
    /// diagonal of a square board. Time and memory: see [`super::build::build_table`].
    ///
    /// # Panics
    ///
    /// When N > 32, a group is empty or larger than 11 or holds the blank's cell, the
    /// groups overlap, there are more than 8 of them, or their tables would take 4 GiB
    /// or more (an index in them is a `u32`).
    #[allow(dead_code)] // for tests and benches
    pub(crate) fn new(puzzle: &Puzzle, groups: &[Vec<u8>], reflect: bool) -> Self {
        let layout = Layout::fitting(puzzle.shape.cells(), groups);
        let quiet = TableWork::quiet();
        let built = Self::with_cache(puzzle, groups, layout, reflect, None, &quiet);
        built.expect("a quiet build never stops")
    }

    /// [`Additive::new`] in `layout`, each table built as `work` says, and read from
    /// `cache` or built and written there when a directory is given (see
    /// [`append_cached`]; the files are by rank); `None` when `work.stop` stops a build.
    pub(crate) fn with_cache(
        puzzle: &Puzzle,
        groups: &[Vec<u8>],
        layout: Layout,
        reflect: bool,
        cache: Option<&Path>,
        work: &TableWork,
    ) -> Option<Self> {
        let (shape, n) = (puzzle.shape, puzzle.shape.cells());
        assert!(
            n <= MAX_CELLS && groups.len() <= MAX_GROUPS,
            "too many cells or groups"
        );
        let layout = layout.of_bytes();
        let blank = puzzle.goal_at[0];
        let mut additive = Additive::empty(puzzle, groups, layout);
        let symmetries = symmetries(shape);
        let identity: Vec<usize> = (0..n).collect();
        // The groups that own a table, and where it starts.
        let mut owners: Vec<(&[u8], usize)> = Vec::new();
        for (index, cells) in groups.iter().enumerate() {
            assert!((1..=MAX_GROUP).contains(&cells.len()), "bad group size");
            let shared = additive.shared_table(cells, blank, &owners, &symmetries);
            let look_up = match shared {
                Some(shared) => shared,
                None => {
                    let offset = additive.data.len();
                    additive.append_table(puzzle, cells, blank, cache, work)?;
                    owners.push((cells, offset));
                    let order = cells.clone();
                    let symmetry = &identity[..];
                    TableLookUp {
                        offset,
                        symmetry,
                        order,
                    }
                }
            };
            additive.push_group(puzzle, index, look_up);
        }
        if let Some(reflection) = diagonal_fixing(shape, blank).filter(|_| reflect) {
            additive.add_reflection(puzzle, &reflection);
        }
        if layout != Layout::Rank {
            additive.spread_steps();
        }
        additive.name += &format!(" ({} bytes)", additive.bytes());
        Some(additive)
    }

    /// An [`Additive`] for `groups` in `layout` with no group yet, the capacity for its
    /// tables reserved: every table, and a file's trailer while it is read, so that there are
    /// never two copies of the tables at once.
    ///
    /// # Panics
    ///
    /// When the tables would take 4 GiB or more.
    fn empty(puzzle: &Puzzle, groups: &[Vec<u8>], layout: Layout) -> Self {
        let n = puzzle.shape.cells();
        let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
        let all_bytes = layout.partition_bytes(n, groups);
        assert!(all_bytes <= u32::MAX as usize, "tables too large");
        Additive {
            n,
            layout,
            name: format!("pdb {}", sizes.join("-")),
            groups: Vec::new(),
            data: Vec::with_capacity(all_bytes + TRAILER_BYTES),
            masks: Masks::new(puzzle),
            group_of: [NO_GROUP; 2 * MAX_CELLS],
            steps: Box::new([[0; MAX_CELLS]; 2 * MAX_CELLS]),
            reflection: None,
        }
    }

    /// Whether the cells left free by `cells` are one region around the goal's blank
    /// `blank`. O(N).
    fn free_connected(&self, blank: usize, cells: &[u8]) -> bool {
        let free = cells.iter().fold(self.masks.all, |m, &c| m & !(1 << c));
        self.masks.flood(blank, free) == free
    }

    /// The table of an owner in `owners` (cells, offset) that group `cells` can share:
    /// a symmetry in `symmetries` maps `cells` onto the owner's cells, and either fixes
    /// the goal's `blank` or both groups leave the free cells connected (then the
    /// blank's pocket is the same on both sides): its look-up, the owner's cells mapped
    /// back by the symmetry its order, or `None`. O(owners · symmetries · k log k).
    fn shared_table<'s>(
        &self,
        cells: &[u8],
        blank: usize,
        owners: &[(&[u8], usize)],
        symmetries: &'s [Vec<usize>],
    ) -> Option<TableLookUp<'s>> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let (own, offset, s) = owners.iter().find_map(|&(own, offset)| {
            let mut theirs = own.to_vec();
            theirs.sort_unstable();
            symmetries.iter().find_map(|s| {
                let mut image: Vec<u8> = sorted.iter().map(|&c| s[usize::from(c)] as u8).collect();
                image.sort_unstable();
                let fits = image == theirs
                    && (s[blank] == blank
                        || self.free_connected(blank, cells) && self.free_connected(blank, own));
                fits.then_some((own, offset, s))
            })
        })?;
        let mut inv = vec![0; self.n];
        for (c, &image) in s.iter().enumerate() {
            inv[image] = c as u8;
        }
        Some(TableLookUp {
            offset,
            symmetry: s,
            order: own.iter().map(|&c| inv[usize::from(c)]).collect(),
        })
    }

    /// Appends the table of the group on goal cells `cells` (goal's blank `blank`) to
    /// the tables: read from `cache` or built and written there when a directory is
    /// given, else built as `work` says; in the partition's layout. Time and memory:
    /// see [`super::build::build_table`].
    fn append_table(
        &mut self,
        puzzle: &Puzzle,
        cells: &[u8],
        blank: usize,
        cache: Option<&Path>,
        work: &TableWork,
    ) -> Option<()> {
        let (n, k) = (self.n, cells.len());
        let by_rank = |into: &mut Vec<u8>| match cache {
            Some(dir) => append_cached(dir, puzzle, cells, blank, work, into),
            None => build_table(puzzle, cells, blank, Layout::Rank, work).map(|t| into.extend(t)),
        };
        if self.layout == Layout::Rank {
            // A file is read straight into the tables' reserved capacity.
            by_rank(&mut self.data)?;
        } else if cache.is_none() && builds_spread(n, k) {
            self.data
                .extend(build_table(puzzle, cells, blank, self.layout, work)?);
        } else {
            // Files hold tables by rank; the tables' reserved capacity takes the table
            // laid out spread.
            let mut table = Vec::new();
            by_rank(&mut table)?;
            spread_into(&table, n, k, &mut self.data, work.threads);
        }
        Some(())
    }

    /// Adds group `index` as `look_up` says: its tiles those on the goal cells of its
    /// `order`, its table at its `offset`, looked up through its cell map `symmetry`.
    ///
    /// # Panics
    ///
    /// When a tile is the blank or already in a group.
    fn push_group(&mut self, puzzle: &Puzzle, index: usize, look_up: TableLookUp) {
        let TableLookUp {
            offset,
            symmetry,
            order,
        } = look_up;
        let (n, k) = (self.n, order.len());
        let mut group = Group {
            tiles: order.iter().map(|&c| puzzle.goal[usize::from(c)]).collect(),
            offset,
            map: [0; MAX_CELLS],
            w: if self.layout != Layout::Rank {
                spread_weights(n, k)
            } else {
                weights(n, k)
            },
            inv: [0; MAX_CELLS],
            slot: [NO_GROUP; MAX_CELLS],
            reflected_inv: [0; MAX_CELLS],
            reflected_slot: [NO_GROUP; MAX_CELLS],
        };
        for (c, &image) in symmetry.iter().enumerate() {
            group.map[c] = image as u8;
            group.inv[image] = c as u8;
        }
        for (i, &t) in group.tiles.iter().enumerate() {
            assert!(t != 0, "a group holds the blank");
            assert!(self.group_of[usize::from(t)] == NO_GROUP, "groups overlap");
            self.group_of[usize::from(t)] = index as u8;
            group.slot[usize::from(t)] = i as u8;
        }
        self.groups.push(group);
    }

    /// Adds the reflected look-up by the cell permutation `reflection` (which fixes
    /// the goal's blank): each group's maps for the reflected board, and the group of
    /// each relabelled tile. O(N · groups).
    fn add_reflection(&mut self, puzzle: &Puzzle, reflection: &[usize]) {
        let n = self.n;
        let (mut cell, mut tile) = ([0; MAX_CELLS], [0; MAX_CELLS]);
        for c in 0..n {
            cell[c] = reflection[c] as u8;
            tile[c] = puzzle.goal[reflection[puzzle.goal_at[c]]];
        }
        // The reflection is its own inverse.
        for group in &mut self.groups {
            for c in 0..n {
                group.reflected_inv[c] = cell[usize::from(group.inv[c])];
                group.reflected_slot[c] = group.slot[usize::from(tile[c])];
            }
        }
        for (t, &image) in tile[..n].iter().enumerate() {
            self.group_of[MAX_CELLS + t] = self.group_of[usize::from(image)];
        }
        self.reflection = Some((cell, tile));
        self.name.push_str("+reflection");
    }

    /// Fills [`Additive::steps`] for a partition by spread index. O(N²).
    fn spread_steps(&mut self) {
        let steps = &mut self.steps;
        for group in &self.groups {
            for (slot, &t) in group.tiles.iter().enumerate() {
                for c in 0..self.n {
                    let step = usize::from(group.map[c]) * group.w[slot];
                    steps[usize::from(t)][c] = step as u32;
                }
            }
        }
        if let Some((cell, tile)) = &self.reflection {
            for (t, &image) in tile[..self.n].iter().enumerate() {
                for c in 0..self.n {
                    steps[MAX_CELLS + t][c] = steps[usize::from(image)][usize::from(cell[c])];
                }
            }
        }
    }

    /// The bytes of the tables.
    pub(crate) fn bytes(&self) -> usize {
        self.data.len()
    }

    /// The most bytes [`Additive::with_cache`] holds at once for `groups` on N cells
    /// in `layout`, every table built rather than read: each build (see
    /// [`build_bytes`]: in `layout`, or by rank for a file and then copied spread)
    /// beside the tables before it. An upper bound: a group that shares a table by
    /// symmetry is counted as built.
    pub(crate) fn peak_bytes(n: usize, groups: &[Vec<u8>], layout: Layout) -> usize {
        let layout = layout.of_bytes();
        let (mut kept, mut peak) = (0, 0);
        for k in groups.iter().map(Vec::len) {
            let copy = match layout {
                Layout::Rank => 0,
                _ => table_len(n, k) + Layout::Spread.bytes(n, k),
            };
            let spread_build = match layout {
                Layout::Spread if builds_spread(n, k) => build_bytes(n, k, layout),
                _ => 0,
            };
            let build = build_bytes(n, k, Layout::Rank).max(spread_build);
            peak = peak.max(kept + build.max(copy));
            kept += layout.bytes(n, k);
        }
        peak.max(kept)
    }
}

mod fixed;
mod look_up;

use super::super::regions::SidesUndo;
use super::super::regions::{diagonal_fixing, symmetries};
use super::layout::Layout;
pub(crate) use fixed::on_fixed;
pub(crate) use fixed::Fixed;
