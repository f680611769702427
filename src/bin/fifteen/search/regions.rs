//! Additive pattern databases aware of the blank's regions (Korf & Felner 2002; Felner, Korf
//! & Hanan 2004), built in the run for up to 24 cells; board symmetries.
//!
//! A *group* is a set of tiles named by their goal cells. Its table holds, per placement
//! `(p0, …, pk−1)` of its k tiles, at the *spread index* `Σ pᵢ·N^(k−1−i)`, the least number of
//! moves of those tiles to the goal. Reflection in a diagonal T through the goal's blank adds
//! a look-up of the mirrored board, tiles relabelled `t → goal[T(home(t))]`; the larger wins.

use super::super::board::Shape;
use super::bound::LowerBound;
use super::{Board, Puzzle};
use std::convert::TryFrom;

/// The most cells of a board with tables (cell sets are `u32` masks).
pub(crate) const MAX_CELLS: usize = 32;
/// The most groups of a partition.
pub(crate) const MAX_GROUPS: usize = 8;
/// Masks cell and tile numbers (< [`MAX_CELLS`]) to skip bounds checks.
pub(crate) const CELL_MASK: usize = MAX_CELLS - 1;
const _: () = assert!(MAX_CELLS.is_power_of_two());

/// A table entry: the least number of group moves in the top 8 bits; in the low N bits, the
/// cells outside the blank's regions that reach it, from which it takes 2 more moves (each
/// group move flips its tile's chessboard colour).
pub(crate) struct Regions;

impl Regions {
    /// The most cells of a board with these tables.
    pub(crate) const CELLS: usize = 24;
    const SHIFT: u32 = 24;

    /// The entry of a placement whose least is `least`, reached from `regions`. O(1).
    pub(crate) fn entry(least: u8, regions: u32) -> u32 {
        (!regions & ((1 << Self::SHIFT) - 1)) | (u32::from(least) << Self::SHIFT)
    }

    /// The value of `entry`, the blank on `blank`: the least, 2 more outside its regions. O(1).
    #[inline(always)]
    pub(crate) fn value(entry: u32, blank: usize) -> u8 {
        let outside = (entry >> (blank & CELL_MASK)) as u8 & 1;
        (entry >> Self::SHIFT) as u8 + 2 * outside
    }
}

/// A board's cell sets as bit masks, for flood fills.
pub(crate) struct Masks {
    cols: usize,
    /// `around[p]`: the cells next to `p`.
    pub(crate) around: [u32; MAX_CELLS],
    /// Every cell of the board.
    pub(crate) all: u32,
    not_first_col: u32,
    not_last_col: u32,
}

impl Masks {
    /// The masks of `puzzle`'s board, N ≤ [`MAX_CELLS`]. O(N).
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let shape = puzzle.shape;
        let cells = 0..shape.cells();
        let set = |keep: &dyn Fn(usize) -> bool| {
            cells
                .clone()
                .filter(|&p| keep(p))
                .fold(0, |m, p| m | 1u32 << p)
        };
        let mut around = [0; MAX_CELLS];
        for (mask, n) in around.iter_mut().zip(&puzzle.neighbors) {
            *mask = set(&|p| n.contains(&p));
        }
        Masks {
            cols: shape.cols,
            around,
            all: set(&|_| true),
            not_first_col: set(&|p| shape.col(p) > 0),
            not_last_col: set(&|p| shape.col(p) + 1 < shape.cols),
        }
    }

    /// The connected part of `free` that holds `start`. O(N).
    #[inline]
    pub(crate) fn flood(&self, start: usize, free: u32) -> u32 {
        let mut region = 1u32 << start;
        loop {
            let grown = (region
                | ((region & self.not_last_col) << 1)
                | ((region & self.not_first_col) >> 1)
                | (region << self.cols)
                | (region >> self.cols))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The weights of a spread index of k tiles on N cells: `N^(k−1−i)` for tile i. O(k).
fn spread_weights(n: usize, k: usize) -> Vec<usize> {
    (0..k).map(|i| n.pow((k - 1 - i) as u32)).collect()
}

/// The table of the group on the k distinct goal cells `cells`, the goal's blank on `blank`:
/// each placement's [`Regions`] entry, else `u32::MAX`. Breadth-first from the goal over
/// (placement, region of the blank), each move sliding a group tile into the region. Time
/// O(states·k) plus a flood fill each, states = placements × regions; memory O(N^k + states).
///
/// # Panics
///
/// Unless N ≤ [`Regions::CELLS`], 1 ≤ k < N and N^k < 2^32.
pub(crate) fn build(puzzle: &Puzzle, cells: &[u8], blank: usize) -> Vec<u32> {
    match puzzle.shape.cells() <= 16 {
        true => build_with::<u16>(puzzle, cells, blank),
        false => build_with::<u32>(puzzle, cells, blank),
    }
}

/// [`build`], `seen` (each placement's regions reached) as sets of type `S` of at least N bits.
fn build_with<S>(puzzle: &Puzzle, cells: &[u8], blank: usize) -> Vec<u32>
where
    S: Copy + Default + Into<u32> + TryFrom<u32>,
{
    let (n, k) = (puzzle.shape.cells(), cells.len());
    assert!(n <= Regions::CELLS && (1..n).contains(&k), "a bad group");
    let len = n.pow(k as u32);
    assert!(len <= u32::MAX as usize, "a table too large");
    let (masks, w) = (Masks::new(puzzle), spread_weights(n, k));
    let (mut seen, mut table) = (vec![S::default(); len], vec![u32::MAX; len]);
    let cells_of = |bits: u32| S::try_from(bits).unwrap_or_default();
    let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let region = masks.flood(blank, masks.all & !occupied);
    let r0: usize = cells.iter().zip(&w).map(|(&c, w)| usize::from(c) * w).sum();
    seen[r0] = cells_of(region);
    table[r0] = Regions::entry(0, region);
    let (mut level, mut next, mut fresh) = (vec![(r0 as u32, region)], Vec::new(), Vec::new());
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        for &(r, blanks) in &level {
            let (mut at, mut rest, mut occupied) = ([0; Regions::CELLS], r as usize, 0u32);
            for cell in at[..k].iter_mut().rev() {
                (*cell, rest) = (rest % n, rest / n);
                occupied |= 1 << *cell;
            }
            for (&from, &wi) in at[..k].iter().zip(&w) {
                let mut targets = masks.around[from & CELL_MASK] & blanks;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let moved = (r as usize + to * wi) - from * wi;
                    // The blank ends where the tile was.
                    let before: u32 = seen[moved].into();
                    if before & (1 << from) != 0 {
                        continue;
                    }
                    let free = masks.all & !(occupied ^ (1 << from) ^ (1 << to));
                    let region = masks.flood(from, free);
                    if before == 0 {
                        fresh.push(moved);
                    }
                    seen[moved] = cells_of(before | region);
                    next.push((moved as u32, region));
                }
            }
        }
        for &r in &fresh {
            table[r] = Regions::entry(depth, seen[r].into());
        }
        fresh.clear();
        std::mem::swap(&mut level, &mut next);
        next.clear();
    }
    table
}

/// The goal's cells row-major, the blank's skipped, in groups of `sizes` (summing to < N). O(N).
pub(crate) fn in_reading_order(puzzle: &Puzzle, sizes: &[usize]) -> Vec<Vec<u8>> {
    let blank = puzzle.goal_at[0];
    let mut cells = (0..puzzle.shape.cells() as u8).filter(|&c| usize::from(c) != blank);
    sizes
        .iter()
        .map(|&k| cells.by_ref().take(k).collect())
        .collect()
}

/// The board's 4 (square: 8) symmetries as cell permutations, identity first: `s`
/// transposes if `s & 4`, then flips the rows if `s & 2` and the columns if `s & 1`. O(N).
pub(crate) fn symmetries(shape: Shape) -> Vec<Vec<usize>> {
    let (rows, cols) = (shape.rows, shape.cols);
    let count = if rows == cols { 8 } else { 4 };
    let image = |s: usize, p: usize| {
        let (r, c) = (shape.row(p), shape.col(p));
        let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
        let r = if s & 2 != 0 { rows - 1 - r } else { r };
        let c = if s & 1 != 0 { cols - 1 - c } else { c };
        r * cols + c
    };
    (0..count)
        .map(|s| (0..shape.cells()).map(|p| image(s, p)).collect())
        .collect()
}

/// `frame`, groups of cells for a goal with the blank on `blank`, mapped by a symmetry onto
/// `puzzle`'s goal, if one matches. O(N).
pub(crate) fn by_symmetry(puzzle: &Puzzle, blank: usize, frame: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
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

/// 4-4-4-3 for a 4×4 goal with the blank on cell 0 (chosen on Korf's 100): the blank's
/// corner, two half rows, the two far rows.
pub(crate) const P4443: [&[u8]; 4] = [
    &[1, 4, 5],
    &[2, 3, 6, 7],
    &[8, 9, 10, 11],
    &[12, 13, 14, 15],
];
/// 5-5-5, Korf & Felner's.
pub(crate) const P555: [&[u8]; 3] = [&[1, 2, 3, 4, 5], &[6, 7, 10, 11, 15], &[8, 9, 12, 13, 14]];
/// 5-5-5 for the 4×4 spiral goal, its blank on cell 9.
pub(crate) const CENTRE555: [&[u8]; 3] =
    [&[0, 1, 4, 5, 8], &[2, 3, 6, 7, 11], &[10, 12, 13, 14, 15]];

/// The first of `frames` ([`by_symmetry`]'s `blank` and `frame`) that maps onto `puzzle`'s
/// goal, mapped; else [`in_reading_order`]. O(N · frames).
pub(crate) fn partition(
    puzzle: &Puzzle,
    frames: &[(usize, &[&[u8]])],
    sizes: &[usize],
) -> Vec<Vec<u8>> {
    frames
        .iter()
        .find_map(|&(blank, frame)| by_symmetry(puzzle, blank, frame))
        .unwrap_or_else(|| in_reading_order(puzzle, sizes))
}

/// [`P4443`] and [`P555`] (or [`CENTRE555`]) mapped onto a 4×4 `puzzle` by [`partition`]. O(N).
pub(crate) fn small_four(puzzle: &Puzzle) -> [Vec<Vec<u8>>; 2] {
    [
        partition(puzzle, &[(0, &P4443)], &[3, 4, 4, 4]),
        partition(puzzle, &[(0, &P555), (9, &CENTRE555)], &[5, 5, 5]),
    ]
}

/// The reflection in the main diagonal, else the anti-diagonal, that fixes `cell`
/// ([`symmetries`] 4 and 7), if the board is square. O(N).
pub(crate) fn diagonal_fixing(shape: Shape, cell: usize) -> Option<Vec<usize>> {
    let mut all = symmetries(shape);
    [4, 7]
        .iter()
        .find(|&&s| all.get(s).is_some_and(|s| s[cell] == cell))
        .map(|&s| all.swap_remove(s))
}

/// The sides of a look-up.
const BOARD: usize = 0;
const REFLECTED: usize = 1;

/// The additive bound over the [`build`] tables of a partition of the tiles. `apply` O(1).
pub(crate) struct RegionTables {
    /// All tables, one after another.
    tables: Vec<u32>,
    /// `group_of[side][t]`: the group of tile `t` (reflected: of its image).
    group_of: [[u8; MAX_CELLS]; 2],
    /// `steps[side][t][c]`: what tile `t` on cell `c` (reflected: its image) adds to its
    /// group's index in `tables`, the first tile's table start included.
    steps: Box<[[[u32; MAX_CELLS]; MAX_CELLS]; 2]>,
    groups: usize,
    /// `reflected[c]`: the image of cell `c` (itself without reflection).
    reflected: [u8; MAX_CELLS],
    /// 2 with the reflected look-up, else 1.
    sides: usize,
    /// The `--stats` name.
    #[cfg(not(feature = "judge"))]
    name: String,
}

/// The state of [`RegionTables`]: per side, each group's index and value, and their sum (0
/// on an unused reflected side).
#[derive(Clone, Copy)]
pub(crate) struct RegionState {
    index: [[u32; MAX_GROUPS]; 2],
    value: [[u8; MAX_GROUPS]; 2],
    sum: [u32; 2],
}

/// An additive bound's undo token (`pdb`'s too): per side, the moved group's index, value, sum.
#[derive(Clone, Copy, Default)]
pub(crate) struct SidesUndo {
    pub(crate) index: [u32; 2],
    pub(crate) value: [u8; 2],
    pub(crate) sum: [u32; 2],
}

impl RegionTables {
    /// Builds the tables of `groups`, then [`RegionTables::of_tables`]; panics as both do.
    #[allow(dead_code)] // the judge edition's and the tests'; `plan` builds on threads
    pub(crate) fn new(puzzle: &Puzzle, groups: &[Vec<u8>], reflect: bool) -> Self {
        let blank = puzzle.goal_at[0];
        let tables = groups.iter().map(|g| build(puzzle, g, blank)).collect();
        Self::of_tables(puzzle, groups, tables, reflect)
    }

    /// The bound over `tables`, [`build`]'s of `groups` in order, reflected too if `reflect`
    /// and possible. O(N² + entries).
    ///
    /// # Panics
    ///
    /// Unless the groups cover every tile once, number ≤ [`MAX_GROUPS`] and hold < 2^32
    /// entries.
    pub(crate) fn of_tables(
        puzzle: &Puzzle,
        groups: &[Vec<u8>],
        tables: Vec<Vec<u32>>,
        reflect: bool,
    ) -> Self {
        let n = puzzle.shape.cells();
        assert!(groups.len() <= MAX_GROUPS, "too many groups");
        let mut bound = RegionTables {
            tables: Vec::with_capacity(tables.iter().map(Vec::len).sum()),
            group_of: [[u8::MAX; MAX_CELLS]; 2],
            steps: Box::new([[[0; MAX_CELLS]; MAX_CELLS]; 2]),
            groups: groups.len(),
            reflected: [0; MAX_CELLS],
            sides: 1,
            #[cfg(not(feature = "judge"))]
            name: String::new(),
        };
        for (g, (cells, table)) in groups.iter().zip(tables).enumerate() {
            let mut offset = bound.tables.len();
            bound.tables.extend(table);
            for (&c, w) in cells.iter().zip(spread_weights(n, cells.len())) {
                let t = usize::from(puzzle.goal[usize::from(c)]);
                assert!(
                    t != 0 && bound.group_of[BOARD][t] == u8::MAX,
                    "groups overlap"
                );
                bound.group_of[BOARD][t] = g as u8;
                for p in 0..n {
                    let step = u32::try_from(p * w + offset).expect("tables too large");
                    bound.steps[BOARD][t][p] = step;
                }
                offset = 0;
            }
        }
        let covered = (1..n).all(|t| bound.group_of[BOARD][t] != u8::MAX);
        assert!(covered, "a tile in no group");
        let reflection = diagonal_fixing(puzzle.shape, puzzle.goal_at[0]).filter(|_| reflect);
        let cell = reflection.unwrap_or_else(|| (0..n).collect());
        for t in 0..n {
            bound.reflected[t] = cell[t] as u8;
            let image = usize::from(puzzle.goal[cell[puzzle.goal_at[t]]]);
            bound.group_of[REFLECTED][t] = bound.group_of[BOARD][image];
            for (p, &c) in cell.iter().enumerate() {
                bound.steps[REFLECTED][t][p] = bound.steps[BOARD][image][c];
            }
        }
        bound.sides = if cell.iter().enumerate().all(|(c, &image)| c == image) {
            1
        } else {
            2
        };
        #[cfg(not(feature = "judge"))]
        {
            let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
            let reflection = if bound.sides == 2 { "+reflection" } else { "" };
            let bytes = 4 * bound.tables.len();
            bound.name = format!("pdb {}{reflection} ({bytes} bytes)", sizes.join("-"));
        }
        bound
    }

    /// The bytes the tables of `groups` on `n` cells hold, and the most their builds hold at
    /// once on `threads` threads: every table, plus for each build running (the largest
    /// groups first) its `seen` sets and two levels, at most 8 bytes an entry (the 4×4's
    /// groups hold at most 0.3 states an entry in their two largest levels).
    #[cfg(not(feature = "judge"))]
    pub(crate) fn bytes(n: usize, groups: &[Vec<u8>], threads: usize) -> (usize, usize) {
        let mut entries: Vec<usize> = groups.iter().map(|g| n.pow(g.len() as u32)).collect();
        entries.sort_unstable_by(|a, b| b.cmp(a));
        let kept = 4 * entries.iter().sum::<usize>();
        let building: usize = entries.iter().take(threads.max(1)).sum();
        (kept, kept + 8 * building)
    }

    /// `(group, index, value, sum)` on `side` after `tile` moves from `from` to `to`. O(1).
    #[inline(always)]
    fn moved(
        &self,
        state: &RegionState,
        side: usize,
        tile: usize,
        from: usize,
        to: usize,
    ) -> (usize, u32, u8, u32) {
        let g = usize::from(self.group_of[side][tile]) & (MAX_GROUPS - 1);
        let steps = &self.steps[side][tile];
        let i = (state.index[side][g])
            .wrapping_add(steps[to & CELL_MASK])
            .wrapping_sub(steps[from & CELL_MASK]);
        let blank = usize::from(self.reflected[from & CELL_MASK]);
        let blank = if side == BOARD { from } else { blank };
        let v = Regions::value(self.tables[i as usize], blank);
        let sum = state.sum[side] + u32::from(v) - u32::from(state.value[side][g]);
        (g, i, v, sum)
    }
}

impl LowerBound for RegionTables {
    type State = RegionState;
    type Undo = SidesUndo;

    #[cfg(not(feature = "judge"))]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Every group's index and value, on each side. O(N + groups).
    fn start(&self, cells: &[u8]) -> (RegionState, u32) {
        let mut state = RegionState {
            index: [[0; MAX_GROUPS]; 2],
            value: [[0; MAX_GROUPS]; 2],
            sum: [0; 2],
        };
        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        for side in 0..self.sides {
            let index = &mut state.index[side];
            for (c, &t) in cells.iter().enumerate().filter(|&(_, &t)| t != 0) {
                let t = usize::from(t);
                index[usize::from(self.group_of[side][t])] += self.steps[side][t][c];
            }
            let blank = if side == BOARD {
                blank
            } else {
                usize::from(self.reflected[blank])
            };
            for (g, &i) in index[..self.groups].iter().enumerate() {
                let v = Regions::value(self.tables[i as usize], blank);
                state.value[side][g] = v;
                state.sum[side] += u32::from(v);
            }
        }
        let h = state.sum[BOARD].max(state.sum[REFLECTED]);
        (state, h)
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut RegionState,
        _: &Board,
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
        let tile = usize::from(tile) & CELL_MASK;
        let own = self.moved(state, BOARD, tile, from, to);
        if own.3 > limit {
            return (own.3, undo);
        }
        let mut h = own.3;
        let reflected = if self.sides == 2 {
            let found = self.moved(state, REFLECTED, tile, from, to);
            if found.3 > limit {
                return (found.3, undo);
            }
            h = h.max(found.3);
            Some(found)
        } else {
            None
        };
        for (side, found) in [(BOARD, Some(own)), (REFLECTED, reflected)] {
            if let Some((g, i, v, sum)) = found {
                undo.index[side] = std::mem::replace(&mut state.index[side][g], i);
                undo.value[side] = std::mem::replace(&mut state.value[side][g], v);
                state.sum[side] = sum;
            }
        }
        (h, undo)
    }

    #[inline]
    fn undo(&self, state: &mut RegionState, tile: u8, _: usize, _: usize, undo: SidesUndo) {
        let tile = usize::from(tile) & CELL_MASK;
        for side in 0..self.sides {
            let g = usize::from(self.group_of[side][tile]) & (MAX_GROUPS - 1);
            state.index[side][g] = undo.index[side];
            state.value[side][g] = undo.value[side];
        }
        state.sum = undo.sum;
    }
}
