//! The additive look-up over a partition: groups, symmetries, reflection.

use super::super::super::board::Shape;
use super::super::bound::LowerBound;
use super::super::Board;
use super::build::build_bytes;
use super::cache::{append_cached, TRAILER_ROOM};
use super::placement::{
    rank, rank_after_move, spread_into, spread_weights, table_len, weights, SLOTS,
};
use super::{Masks, Pockets, Puzzle, Regions, TableWork, CELL_MASK, MAX_CELLS, MAX_GROUP};
use super::{MAX_GROUPS, NO_GROUP};
use std::path::Path;

/// The board's symmetries as cell permutations, identity first: 4 for a rectangle, 8
/// for a square; each maps adjacent cells to adjacent cells.
fn symmetries(shape: Shape) -> Vec<Vec<usize>> {
    let (rows, cols) = (shape.rows, shape.cols);
    let mut all = Vec::new();
    for transpose in [false, true] {
        if transpose && rows != cols {
            continue;
        }
        for (flip_rows, flip_cols) in [(false, false), (false, true), (true, false), (true, true)] {
            all.push(
                (0..shape.cells())
                    .map(|p| {
                        let (mut r, mut c) = (shape.row(p), shape.col(p));
                        if transpose {
                            std::mem::swap(&mut r, &mut c);
                        }
                        if flip_rows {
                            r = rows - 1 - r;
                        }
                        if flip_cols {
                            c = cols - 1 - c;
                        }
                        r * cols + c
                    })
                    .collect(),
            );
        }
    }
    all
}

/// The reflection in the main diagonal when it fixes `cell`, else the one in the
/// anti-diagonal when that fixes `cell`; `None` on other cells and rectangles.
fn diagonal_fixing(shape: Shape, cell: usize) -> Option<Vec<usize>> {
    let w = shape.cols;
    let (r, c) = (shape.row(cell), shape.col(cell));
    if shape.rows != w {
        None
    } else if r == c {
        Some((0..w * w).map(|p| (p % w) * w + p / w).collect())
    } else if r + c == w - 1 {
        Some(
            (0..w * w)
                .map(|p| (w - 1 - p % w) * w + (w - 1 - p / w))
                .collect(),
        )
    } else {
        None
    }
}

/// Maps `frame`, groups of cells for a goal whose blank is at cell `blank`, onto
/// `puzzle`'s goal by a symmetry that takes `blank` to the goal's blank; `None` when
/// there is none.
pub fn by_symmetry(puzzle: &Puzzle, blank: usize, frame: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
    let symmetry = symmetries(puzzle.shape)
        .into_iter()
        .find(|s| s[blank] == puzzle.goal_at[0])?;
    Some(
        frame
            .iter()
            .map(|g| g.iter().map(|&c| symmetry[usize::from(c)] as u8).collect())
            .collect(),
    )
}

/// The goal's cells in row-major order, the blank's skipped, cut into groups of
/// `sizes` (which add up to N − 1).
pub fn in_reading_order(puzzle: &Puzzle, sizes: &[usize]) -> Vec<Vec<u8>> {
    let blank = puzzle.goal_at[0];
    let mut cells = (0..puzzle.shape.cells() as u8).filter(|&c| usize::from(c) != blank);
    sizes
        .iter()
        .map(|&k| cells.by_ref().take(k).collect())
        .collect()
}

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

/// How a group's table is indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// By the placement's rank: N!/(N−k)! entries for k tiles on N cells, each a
    /// byte of [`Pockets`]; a move's new index is [`rank_after_move`]'s O(cols) walk.
    Rank,
    /// By spread index (see [`spread_weights`]): N^k entries, each a byte of
    /// [`Pockets`], a move's new index the old one plus one entry of
    /// [`Additive::steps`] less another.
    Spread,
    /// By spread index, each entry a `u32` of [`Regions`]: the value with the blank
    /// in any of the placement's regions, 4 bytes an entry instead of 1. Only for
    /// tables built in the run (files hold tables of bytes by rank).
    Regions,
}

impl Layout {
    /// The most bytes of spread tables a partition may take.
    pub const SPREAD_BYTES: usize = 1 << 30;
    /// The most bytes a build by spread index may take (see [`Layout::builds_spread`]).
    pub const SPREAD_BUILD_BYTES: usize = 1 << 28;
    /// The most bytes of tables with the blank's regions a partition may take: they
    /// stay in the last-level cache (32 MiB on the development machine).
    pub const REGIONS_BYTES: usize = 16 << 20;

    /// `Regions` on at most [`Regions::CELLS`] cells when the partition's tables take
    /// at most [`REGIONS_BYTES`] so (on the 4×4 up to 5-5-5, 12 MiB; 6-6-3 would take
    /// 128 MiB); else `Spread` when the partition's spread tables take at most three
    /// times the bytes of its tables by rank and at most [`SPREAD_BYTES`]; else
    /// `Rank`. On the 4×4, 5-5-5 takes 3 MiB spread (1.5 MB by rank), 6-6-3 32 MiB
    /// (11.5 MB), and 7-7-1 would take 512 MiB (115 MB); on the 5×5, 6-6-6-6 takes 931 MiB (510 MB; half
    /// of each when its groups share tables by symmetry). Measured, Korf's 100 with
    /// 5-5-5 and reflection, 90.6 M nodes, search alone, alternate runs on the 2-core
    /// machine (the other core busy): 4.36–4.46 s by rank, 3.27–3.84 s spread
    /// (1.61 G against 1.24 G instructions on the first ten boards); 6-6-3 on two
    /// 80-move boards, 60 M nodes: 3.4–4.0 s by rank, 2.2–3.2 s spread; 6-6-6-6 on
    /// Korf & Felner's #38, 256 M nodes on two threads: 7.8–13.5 s by rank, 5.3–11.3
    /// s spread (the machine as loaded).
    ///
    /// [`SPREAD_BYTES`]: Layout::SPREAD_BYTES
    /// [`REGIONS_BYTES`]: Layout::REGIONS_BYTES
    pub fn fitting(n: usize, groups: &[Vec<u8>]) -> Layout {
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

    /// Whether a spread table of k tiles on N cells is built spread (see
    /// [`super::build::build_table`]: about half the instructions), not by rank and
    /// then copied: when that build takes at most [`SPREAD_BUILD_BYTES`] (4×4
    /// tables, 117 MB for 6 tiles; not the 5×5's 6-tile tables, 3.2 GB against
    /// 1.7 GB by rank).
    ///
    /// [`SPREAD_BUILD_BYTES`]: Layout::SPREAD_BUILD_BYTES
    pub fn builds_spread(n: usize, k: usize) -> bool {
        build_bytes(n, k, Layout::Spread) <= Layout::SPREAD_BUILD_BYTES
    }

    /// The bytes of the tables of `groups` on N cells, each group counted (also
    /// those that would share a table by symmetry).
    pub fn partition_bytes(self, n: usize, groups: &[Vec<u8>]) -> usize {
        groups.iter().map(|g| self.bytes(n, g.len())).sum()
    }

    /// The entries of the tables of `groups` on N cells, counted as
    /// [`Layout::partition_bytes`] counts bytes.
    pub fn partition_entries(self, n: usize, groups: &[Vec<u8>]) -> usize {
        groups.iter().map(|g| self.entries(n, g.len())).sum()
    }

    /// The bytes of a table of k tiles on N cells.
    pub fn bytes(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Regions => 4 * self.entries(n, k),
            _ => self.entries(n, k),
        }
    }

    /// The entries of a table of k tiles on N cells.
    pub fn entries(self, n: usize, k: usize) -> usize {
        match self {
            Layout::Rank => table_len(n, k),
            Layout::Spread | Layout::Regions => n.pow(k as u32),
        }
    }
}

/// Additive disjoint pattern databases for one board shape, goal and partition, with
/// the optional reflected look-up. `apply` O(1), twice with the reflection, for
/// tables of [`Layout::Spread`]; of [`Layout::Rank`], O(1) for a move along a row of
/// the table's frame and O(cols) otherwise. It stops before writing once a sum
/// exceeds the limit.
pub struct Additive {
    n: usize,
    layout: Layout,
    name: String,
    groups: Vec<Group>,
    /// All tables, one after another; empty in [`Layout::Regions`].
    data: Vec<u8>,
    /// All tables of [`Layout::Regions`], one after another; else empty.
    regions: Vec<u32>,
    /// The board's cell sets, to tell a pocket ([`Pockets`]).
    masks: Masks,
    /// `group_of[t]`: the group of tile `t`, or [`NO_GROUP`] for the blank;
    /// `group_of[MAX_CELLS + t]`: the group of the tile that `t` becomes in the
    /// reflection.
    group_of: [u8; 2 * MAX_CELLS],
    /// Of a partition by spread index, `steps[t][c]`: in the low 32 bits what tile `t`
    /// on board cell `c` adds to its group's index (its frame's cell times its slot's
    /// weight), so that a move's new index is the old one plus one entry less another,
    /// and above them that frame's cell, where [`Regions::value`] looks for the blank
    /// once `t` left `c`; `steps[MAX_CELLS + t][c]` the same for the reflection of `t`
    /// on `c`. Zeros by rank.
    steps: Box<[[u64; MAX_CELLS]; 2 * MAX_CELLS]>,
    /// `(cell map T, tile map t → goal[T(home(t))])` of the reflection.
    reflection: Option<([u8; MAX_CELLS], [u8; MAX_CELLS])>,
}

/// The sides of [`PdbState`]: the board, and its reflection.
const BOARD: usize = 0;
const REFLECTED: usize = 1;

/// The state of [`Additive`], per side ([`BOARD`], [`REFLECTED`]): each group's
/// index in [`Additive::data`], its value, the board cells of its tiles (kept in
/// tables of bytes only, to tell the blank's pocket, [`Pockets`]; the reflection maps
/// pockets onto pockets), and their sum (0 for the reflection when there is none).
#[derive(Clone, Copy)]
pub struct PdbState {
    index: [[u32; MAX_GROUPS]; 2],
    value: [[u8; MAX_GROUPS]; 2],
    occupied: [[u32; MAX_GROUPS]; 2],
    sum: [u32; 2],
}

/// What [`Additive`] needs to take a move back: per side, the moved group's index
/// and value, and the sums.
#[derive(Clone, Copy, Default)]
pub struct PdbUndo {
    index: [u32; 2],
    value: [u8; 2],
    sum: [u32; 2],
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
    pub fn new(puzzle: &Puzzle, groups: &[Vec<u8>], reflect: bool) -> Self {
        let layout = Layout::fitting(puzzle.shape.cells(), groups);
        Self::with_cache(puzzle, (groups, layout), reflect, None, &TableWork::quiet())
    }

    /// [`Additive::new`] in `layout`, each table built as `work` says, and read from
    /// `cache` or built and written there when a directory is given (see
    /// [`append_cached`]; the files are by rank).
    pub fn with_cache(
        puzzle: &Puzzle,
        (groups, layout): (&[Vec<u8>], Layout),
        reflect: bool,
        cache: Option<&Path>,
        work: &TableWork,
    ) -> Self {
        let (shape, n) = (puzzle.shape, puzzle.shape.cells());
        assert!(
            n <= MAX_CELLS && groups.len() <= MAX_GROUPS,
            "too many cells or groups"
        );
        assert!(layout != Layout::Regions || n <= Regions::CELLS);
        // Files hold no regions.
        let layout = match (layout, cache) {
            (Layout::Regions, Some(_)) => Layout::Spread,
            _ => layout,
        };
        let blank = puzzle.goal_at[0];
        let masks = Masks::new(puzzle);
        let free_connected = |cells: &[u8]| {
            let free = cells.iter().fold(masks.all, |m, &c| m & !(1 << c));
            masks.flood(blank, free) == free
        };
        let symmetries = symmetries(shape);
        let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
        let all_bytes = layout.partition_bytes(n, groups);
        assert!(all_bytes <= u32::MAX as usize, "tables too large");
        let mut additive = Additive {
            n,
            layout,
            name: format!("pdb {}", sizes.join("-")),
            groups: Vec::new(),
            // Room for every table, and a file's trailer while it is read: never two
            // copies of the tables at once.
            data: match layout {
                Layout::Regions => Vec::new(),
                _ => Vec::with_capacity(all_bytes + TRAILER_ROOM),
            },
            regions: match layout {
                Layout::Regions => Vec::with_capacity(all_bytes / 4),
                _ => Vec::new(),
            },
            masks: Masks::new(puzzle),
            group_of: [NO_GROUP; 2 * MAX_CELLS],
            steps: Box::new([[0; MAX_CELLS]; 2 * MAX_CELLS]),
            reflection: None,
        };
        // The groups that own a table, and where it starts.
        let mut owners: Vec<(&[u8], usize)> = Vec::new();
        for (index, cells) in groups.iter().enumerate() {
            assert!((1..=MAX_GROUP).contains(&cells.len()), "bad group size");
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            let shared = owners.iter().find_map(|&(own, offset)| {
                let mut theirs = own.to_vec();
                theirs.sort_unstable();
                symmetries.iter().find_map(|s| {
                    let mut image: Vec<u8> =
                        sorted.iter().map(|&c| s[usize::from(c)] as u8).collect();
                    image.sort_unstable();
                    let fits = image == theirs
                        && (s[blank] == blank || free_connected(cells) && free_connected(own));
                    fits.then_some((own, offset, s))
                })
            });
            let identity: Vec<usize> = (0..n).collect();
            let (offset, symmetry, order): (usize, &[usize], Vec<u8>) = match shared {
                Some((own, offset, s)) => {
                    let mut inv = vec![0; n];
                    for (c, &image) in s.iter().enumerate() {
                        inv[image] = c as u8;
                    }
                    (
                        offset,
                        s,
                        own.iter().map(|&c| inv[usize::from(c)]).collect(),
                    )
                }
                None => {
                    let offset = additive.data.len() + additive.regions.len();
                    let group = (&cells[..], blank);
                    let by_rank = |into: &mut Vec<u8>| match cache {
                        Some(dir) => append_cached(dir, puzzle, group, work, into),
                        None => into.extend(work.build(puzzle, group, Layout::Rank)),
                    };
                    if layout == Layout::Rank {
                        // A file is read straight into the tables' room.
                        by_rank(&mut additive.data);
                    } else if layout == Layout::Regions {
                        additive.regions.extend(work.build_regions(puzzle, group));
                    } else if cache.is_none() && Layout::builds_spread(n, cells.len()) {
                        additive.data.extend(work.build(puzzle, group, layout));
                    } else {
                        // Files hold tables by rank; the tables' room takes the
                        // table laid out spread.
                        let mut table = Vec::new();
                        by_rank(&mut table);
                        let into = &mut additive.data;
                        spread_into(&table, (n, cells.len()), into, work.threads);
                    }
                    owners.push((cells, offset));
                    (offset, &identity, cells.clone())
                }
            };
            let mut group = Group {
                tiles: order.iter().map(|&c| puzzle.goal[usize::from(c)]).collect(),
                offset,
                map: [0; MAX_CELLS],
                w: if layout != Layout::Rank {
                    spread_weights(n, cells.len())
                } else {
                    weights(n, cells.len())
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
                assert!(
                    additive.group_of[usize::from(t)] == NO_GROUP,
                    "groups overlap"
                );
                additive.group_of[usize::from(t)] = index as u8;
                group.slot[usize::from(t)] = i as u8;
            }
            additive.groups.push(group);
        }
        if let Some(reflection) = diagonal_fixing(shape, blank).filter(|_| reflect) {
            let (mut cell, mut tile) = ([0; MAX_CELLS], [0; MAX_CELLS]);
            for c in 0..n {
                cell[c] = reflection[c] as u8;
                tile[c] = puzzle.goal[reflection[puzzle.goal_at[c]]];
            }
            // The reflection is its own inverse.
            for group in &mut additive.groups {
                for c in 0..n {
                    group.reflected_inv[c] = cell[usize::from(group.inv[c])];
                    group.reflected_slot[c] = group.slot[usize::from(tile[c])];
                }
            }
            for (t, &image) in tile[..n].iter().enumerate() {
                additive.group_of[MAX_CELLS + t] = additive.group_of[usize::from(image)];
            }
            additive.reflection = Some((cell, tile));
            additive.name.push_str("+reflection");
        }
        if layout != Layout::Rank {
            additive.spread_steps();
        }
        additive.name += &format!(" ({} bytes)", additive.bytes());
        additive
    }

    /// Fills [`Additive::steps`] for a partition by spread index. O(N²).
    fn spread_steps(&mut self) {
        let steps = &mut self.steps;
        for group in &self.groups {
            for (slot, &t) in group.tiles.iter().enumerate() {
                for c in 0..self.n {
                    let frame = u64::from(group.map[c]);
                    let step = (frame * group.w[slot] as u64) | (frame << 32);
                    steps[usize::from(t)][c] = step;
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
    pub fn bytes(&self) -> usize {
        self.data.len() + 4 * self.regions.len()
    }

    /// The value of entry `i`, with the blank on cell `frame` of the entry's frame and
    /// on board cell `blank`, the group's tiles on the board cells `occupied`: of the
    /// byte tables ([`Pockets`]) when `BYTES`, else of [`Layout::Regions`]. The
    /// layout is a parameter of the look-ups so that a search over tables with
    /// regions keeps no board cells (see [`PdbState`]).
    #[inline(always)]
    fn value<const BYTES: bool>(
        &self,
        i: usize,
        (frame, blank): (usize, usize),
        occupied: u32,
    ) -> u8 {
        if !BYTES {
            return Regions::value(self.regions[i], frame);
        }
        // Most entries do not depend on the pocket (six in seven of the 5×5's
        // 6-tile tables), and a branch costs them less than the test.
        let entry = self.data[i];
        if Pockets::least(entry) == entry {
            return entry;
        }
        let pocket = self.masks.in_pocket(blank, self.masks.all & !occupied);
        Pockets::value(entry, pocket)
    }

    /// The most bytes [`Additive::with_cache`] holds at once for `groups` on N cells
    /// in `layout`, every table built rather than read: each build (see
    /// [`build_bytes`]: in `layout`, or by rank for a file and then copied spread)
    /// beside the tables before it. An upper bound: a group that shares a table by
    /// symmetry is counted as built.
    pub fn peak_bytes(n: usize, groups: &[Vec<u8>], layout: Layout) -> usize {
        let (mut kept, mut peak) = (0, 0);
        for k in groups.iter().map(Vec::len) {
            // Tables of regions are tables spread with a cache.
            let copy = match layout {
                Layout::Rank => 0,
                _ => table_len(n, k) + Layout::Spread.bytes(n, k),
            };
            let spread_build = match layout {
                Layout::Spread if Layout::builds_spread(n, k) => build_bytes(n, k, layout),
                Layout::Regions => build_bytes(n, k, layout),
                _ => 0,
            };
            let build = build_bytes(n, k, Layout::Rank).max(spread_build);
            peak = peak.max(kept + build.max(copy));
            kept += layout.bytes(n, k);
        }
        peak.max(kept)
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
        rank_after_move(r, &group.w, slot, (frame(from), frame(to)), |lo, hi| {
            (lo + 1..hi).map(move |c| {
                usize::from(
                    slot_of[usize::from(cells[usize::from(back[c & CELL_MASK]) & CELL_MASK])
                        & CELL_MASK],
                )
            })
        })
    }

    /// The value of tile `tile`'s group after the tile moved from board cell `from`
    /// to `to` (of the reflection's group and table when `reflected`): `(group,
    /// index, value)`, or `None` for the blank. `index` and `occupied` hold the
    /// groups' indices and board cells before the move, `cells` the board. O(1)
    /// spread: two reads of [`Additive::steps`], one of the tables and, in a byte
    /// table, a look at the blank's neighbours; by rank, see [`rank_after_move`].
    #[inline(always)]
    fn look_up<const BYTES: bool>(
        &self,
        tile: usize,
        (index, occupied, cells): (&[u32; MAX_GROUPS], &[u32; MAX_GROUPS], &Board),
        reflected: bool,
        (from, to): (usize, usize),
    ) -> Option<(usize, u32, u8)> {
        let row = tile & CELL_MASK | if reflected { MAX_CELLS } else { 0 };
        let g = usize::from(self.group_of[row]);
        let old = *index.get(g)?;
        // The group's cells after the move; the blank ends on `from`.
        let moved = match BYTES {
            true => occupied[g] ^ (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK)),
            false => 0,
        };
        if self.layout != Layout::Rank {
            let steps = &self.steps[row];
            let (step_to, step_from) = (steps[to & CELL_MASK], steps[from & CELL_MASK]);
            let i = old
                .wrapping_add(step_to as u32)
                .wrapping_sub(step_from as u32);
            let blank = ((step_from >> 32) as usize, from);
            return Some((g, i, self.value::<BYTES>(i as usize, blank, moved)));
        }
        let blank = (0, from);
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
        Some((g, i as u32, self.value::<BYTES>(i, blank, moved)))
    }

    /// Side `side`'s ([`BOARD`] or [`REFLECTED`]) sum after tile `tile` moved from
    /// `from` to `to`, and its group's `(group, index, value)` from [`Additive::look_up`].
    #[inline(always)]
    fn moved<const BYTES: bool>(
        &self,
        state: &PdbState,
        side: usize,
        (tile, cells): (usize, &Board),
        (from, to): (usize, usize),
    ) -> (u32, Option<(usize, u32, u8)>) {
        let found = self.look_up::<BYTES>(
            tile,
            (&state.index[side], &state.occupied[side], cells),
            side == REFLECTED,
            (from, to),
        );
        let sum = match found {
            Some((g, _, v)) => state.sum[side] + u32::from(v) - u32::from(state.value[side][g]),
            None => state.sum[side],
        };
        (sum, found)
    }

    /// [`LowerBound::apply`] in tables of bytes when `BYTES`, else of regions, with
    /// the reflection when `REFLECT` (see [`Fixed`]).
    #[inline(always)]
    fn apply_in<const BYTES: bool, const REFLECT: bool>(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, PdbUndo) {
        // Look first; write only when the move is not pruned.
        let mut undo = PdbUndo {
            sum: state.sum,
            ..PdbUndo::default()
        };
        let tile = (usize::from(tile), cells);
        let (sum, own) = self.moved::<BYTES>(state, BOARD, tile, (from, to));
        if sum > limit {
            return (sum, undo);
        }
        let (mut h, mut reflected) = (sum, None);
        if REFLECT {
            let sum;
            (sum, reflected) = self.moved::<BYTES>(state, REFLECTED, tile, (from, to));
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
                if BYTES {
                    state.occupied[side][g] ^= moved;
                }
            }
        }
        (h, undo)
    }

    /// [`LowerBound::undo`] as [`Additive::apply_in`] made the move.
    #[inline(always)]
    fn undo_in<const BYTES: bool, const REFLECT: bool>(
        &self,
        state: &mut PdbState,
        tile: u8,
        (from, to): (usize, usize),
        undo: PdbUndo,
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
                if BYTES {
                    state.occupied[side][g] ^= moved;
                }
            }
        }
        state.sum = undo.sum;
    }
}

impl Additive {
    /// [`LowerBound::start`]: every group's index and value, on each side. O(N + k)
    /// a group.
    fn start_state(&self, cells: &[u8]) -> (PdbState, u32) {
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
            for (g, group) in self.groups.iter().enumerate() {
                let i = self.index_of(g, &at);
                let frame = usize::from(group.map[usize::from(at[0])]);
                let (blank, occupied) = ((frame, blank), state.occupied[side][g]);
                let value = match self.layout {
                    Layout::Regions => self.value::<false>(i, blank, occupied),
                    _ => self.value::<true>(i, blank, occupied),
                };
                state.index[side][g] = i as u32;
                state.value[side][g] = value;
                state.sum[side] += u32::from(value);
            }
        }
        let h = state.sum[BOARD].max(state.sum[REFLECTED]);
        (state, h)
    }

    /// Which [`Fixed`] this is: `(tables of bytes, reflected)`.
    pub fn fixed_as(&self) -> (bool, bool) {
        (self.layout != Layout::Regions, self.reflection.is_some())
    }
}

/// An [`Additive`] whose layout (tables of bytes when `BYTES`, else of [`Regions`])
/// and reflection (`REFLECT`) are fixed at compile time, so that a search over it
/// carries one look-up and tests neither (the search of Korf's first 20 boards,
/// callgrind: 196 → 189 instructions a node). Made by [`on_fixed!`], which picks the
/// one that matches (see [`Additive::fixed_as`]; checked in debug builds). A mismatch
/// never gives a bound above the distance: with the wrong layout the look-up reads
/// an empty table and panics; with the wrong reflection the reflected look-up finds
/// no group or is left out.
pub struct Fixed<'a, const BYTES: bool, const REFLECT: bool>(&'a Additive);

impl<'a, const BYTES: bool, const REFLECT: bool> Fixed<'a, BYTES, REFLECT> {
    /// `additive` seen as this [`Fixed`]; O(1).
    pub fn of(additive: &'a Additive) -> Self {
        debug_assert_eq!(additive.fixed_as(), (BYTES, REFLECT), "another layout");
        Fixed(additive)
    }
}

/// Evaluates `$body` with `$fixed` bound to the [`Fixed`] of the [`Additive`]
/// `$additive` (an expression of type `&Additive`, evaluated once); `Fixed` must be
/// in scope where it is used.
macro_rules! on_fixed {
    ($additive:expr, |$fixed:ident| $body:expr) => {{
        let additive = $additive;
        match additive.fixed_as() {
            (false, false) => {
                let $fixed = Fixed::<false, false>::of(additive);
                $body
            }
            (false, true) => {
                let $fixed = Fixed::<false, true>::of(additive);
                $body
            }
            (true, false) => {
                let $fixed = Fixed::<true, false>::of(additive);
                $body
            }
            (true, true) => {
                let $fixed = Fixed::<true, true>::of(additive);
                $body
            }
        }
    }};
}
pub(crate) use on_fixed;

impl<const BYTES: bool, const REFLECT: bool> LowerBound for Fixed<'_, BYTES, REFLECT> {
    type State = PdbState;
    type Undo = PdbUndo;

    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn start(&self, cells: &[u8]) -> (PdbState, u32) {
        self.0.start_state(cells)
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, PdbUndo) {
        self.0
            .apply_in::<BYTES, REFLECT>(state, cells, tile, from, to, limit)
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: PdbUndo) {
        self.0
            .undo_in::<BYTES, REFLECT>(state, tile, (from, to), undo)
    }
}

/// The layout and reflection told at run time, a look-up at a time (tests, benches;
/// the plan searches over [`Fixed`]).
impl LowerBound for Additive {
    type State = PdbState;
    type Undo = PdbUndo;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&self, cells: &[u8]) -> (PdbState, u32) {
        self.start_state(cells)
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, PdbUndo) {
        on_fixed!(self, |fixed| fixed
            .apply(state, cells, tile, from, to, limit))
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: PdbUndo) {
        on_fixed!(self, |fixed| fixed.undo(state, tile, from, to, undo))
    }
}
