//! The breadth-first build of one group's table, on one thread or several.

use super::super::Puzzle;
use super::layout::Layout;
use super::placement::{rank, rank_after_move, spread_weights, weights, Placements, SLOTS};
use super::{on_threads, take, TableWork};
use super::{Masks, Pockets, CELL_MASK, MAX_CELLS, MAX_GROUP, UNSEEN};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

/// The blank cells already reached with one placement: `u16` when N ≤ 16 (halves
/// the build's memory), else `u32`. A placement's two sets `seen` and `next` are
/// packed in one atomic word of twice the width, `seen` in the low half, so that one
/// `fetch_or` adds a region to both.
trait CellSet: Copy + Send + Sync {
    const EMPTY: Self;
    /// The `seen` and `next` sets of one placement.
    type Pair: Send + Sync;
    fn bits(self) -> u32;
    fn of(bits: u32) -> Self;
    /// A pair with `seen` and an empty `next`.
    fn pair(seen: u32) -> Self::Pair;
    /// The `seen` half.
    fn seen(pair: &Self::Pair) -> u32;
    /// Adds `region` to both halves: one atomic `fetch_or`, or, when `alone` (no
    /// other thread touches the pairs), a plain load and store; whether the `next`
    /// half was empty.
    fn add(pair: &Self::Pair, region: u32, alone: bool) -> bool;
    /// Empties the `next` half; returns both halves as they were.
    fn take_next(pair: &Self::Pair) -> (u32, u32);
}

macro_rules! cell_set {
    ($set:ty, $pair:ty, $word:ty) => {
        impl CellSet for $set {
            const EMPTY: $set = 0;
            type Pair = $pair;
            #[inline]
            fn bits(self) -> u32 {
                u32::from(self)
            }
            #[inline]
            fn of(bits: u32) -> $set {
                bits as $set
            }
            fn pair(seen: u32) -> $pair {
                <$pair>::new(<$word>::from(seen as $set))
            }
            #[inline]
            fn seen(pair: &$pair) -> u32 {
                u32::from(pair.load(Relaxed) as $set)
            }
            #[inline]
            fn add(pair: &$pair, region: u32, alone: bool) -> bool {
                let half = <$word>::from(region as $set);
                let both = half | half << <$set>::BITS;
                let old = if alone {
                    let old = pair.load(Relaxed);
                    pair.store(old | both, Relaxed);
                    old
                } else {
                    pair.fetch_or(both, Relaxed)
                };
                old >> <$set>::BITS == 0
            }
            #[inline]
            fn take_next(pair: &$pair) -> (u32, u32) {
                let both = pair.load(Relaxed);
                let (seen, next) = (both as $set, (both >> <$set>::BITS) as $set);
                if next != 0 {
                    pair.store(<$word>::from(seen), Relaxed);
                }
                (u32::from(seen), u32::from(next))
            }
        }
    };
}
cell_set!(u16, AtomicU32, u32);
cell_set!(u32, AtomicU64, u64);

/// The table of the group whose tiles' goal cells are `cells` (in table order), the goal's
/// blank at `blank`, in `layout`: the entry of placement `p` (at its rank, or its spread index)
/// is the [`Pockets`] entry of the least number of group moves between `p` and the goal
/// placement and of the blank's regions from which it is reached (255 if unreachable, which
/// happens only on a board of one row or column, and at a spread index that no placement has).
/// Built on `work.threads` threads: the calling one and the others started for it (fewer when
/// one cannot start); the table is the same for any number. `work.on_level(d)` is called on
/// the calling thread as the search starts level d = 1, 2, … (the states d group moves from
/// the goal; the last level finds nothing new), to show progress.
///
/// Breadth-first by levels over (placement, blank region), a level kept as the blank cells of
/// its regions in an array by the layout's number (a [`Numbering`]), and expanded in that
/// order, so that the search walks the arrays in increasing streams; a state marks its whole
/// region when generated, so each is expanded once. The threads take a level's ranks in chunks
/// of [`CHUNK`] and mark the states they generate with one atomic `fetch_or` on the placement's
/// packed `seen` and `next` sets (a plain load and store when one thread works alone); then the
/// next level moves in, in chunks too, and a placement reached for the first time gets its
/// depth in the table. Regions are connected components of the free cells, so a new region is
/// disjoint from the placement's `seen` set: looking at `seen` first is only a shortcut, and a
/// level's sets are the union of the regions generated, whatever the order, which makes the
/// table deterministic.
///
/// Time O(states · k) with states = placements × regions (≈11.8 M for a 6-tile group
/// of the 4×4), plus a pass over the level's span of ranks per level, shared by the
/// threads; memory-bound (random access to the `seen` and `next` sets), so 2 threads
/// scale less than linearly with threads (57.7 M placements for 7 tiles of the 4×4,
/// 519 M for the 8 of the 8-7 partition). Memory 7 bytes per placement, for
/// any number of threads (peak 0.40 GB for 7 tiles, 3.55 GB for 8): the table (1),
/// the packed `seen` and `next` sets (4) and the level's sets (2); 13 when N > 16
/// (1 + 8 + 4); a spread table's entries count, placements or not. Built spread, a
/// move's new index is one addition, not [`rank_after_move`]'s walk, and the walk's
/// next placement a count in base N, not [`Placements::step`]; the passes over a level
/// skip the empty blocks, and a walk keeps its placement from one block of a chunk to
/// the next (the instruction counts of each step are in `benches/README.md`).
///
/// `None` when `work.stop` stops the build.
///
/// # Constraints
///
/// N ≤ 32, 1 ≤ k = `cells.len()` ≤ min(11, N − 1), cells distinct and not `blank`;
/// `work.threads` ≥ 1 (0 counts as 1).
pub(crate) fn build_table(
    puzzle: &Puzzle,
    cells: &[u8],
    blank: usize,
    layout: Layout,
    work: &TableWork,
) -> Option<Vec<u8>> {
    let (n, k) = (puzzle.shape.cells(), cells.len());
    let masks = Masks::new(puzzle);
    let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
    // The goal's blank region.
    let region = masks.flood(blank, masks.all & !occupied);
    let goal = Start { cells, region };
    match layout {
        Layout::Rank => {
            let digits = Digits {
                n,
                k,
                w: weights(n, k),
            };
            build_numbered(masks, Ranks(digits), goal, work)
        }
        Layout::Spread | Layout::Regions => {
            let digits = Digits {
                n,
                k,
                w: spread_weights(n, k),
            };
            build_numbered(masks, Spread(digits), goal, work)
        }
    }
}

/// The state a table's search starts from: the group's goal cells and the blank's region
/// there.
#[derive(Clone, Copy)]
struct Start<'a> {
    cells: &'a [u8],
    region: u32,
}

/// A placement of a group's tiles: tile i's cell at entry i of `cells`, and the set of them.
#[derive(Clone, Copy)]
struct Placement<'c> {
    cells: &'c [usize],
    occupied: u32,
}

/// [`build_table`] with `numbers`, from the goal's state, as `work` says: the blank's cell
/// sets `u16` when N ≤ 16, else `u32`.
fn build_numbered<X: Numbering>(
    masks: Masks,
    numbers: X,
    goal: Start,
    work: &TableWork,
) -> Option<Vec<u8>> {
    if numbers.digits().n <= 16 {
        Build::<u16, X>::new(masks, numbers).run(goal, work)
    } else {
        Build::<u32, X>::new(masks, numbers).run(goal, work)
    }
}

/// The most bytes a build by spread index may take (see [`builds_spread`]).
const SPREAD_BUILD_BYTES: usize = 1 << 28;

/// Whether a spread table of k tiles on N cells is built spread ([`build_table`]: about
/// half the instructions), not by rank and then copied: when that build takes at most
/// [`SPREAD_BUILD_BYTES`] (4×4 tables, 117 MB for 6 tiles; not the 5×5's 6-tile tables,
/// 3.2 GB against 1.7 GB by rank).
pub(crate) fn builds_spread(n: usize, k: usize) -> bool {
    build_bytes(n, k, Layout::Spread) <= SPREAD_BUILD_BYTES
}

/// The bytes [`build_table`] holds at its peak for k tiles on N cells in `layout` (by
/// rank or spread), the table it returns among them: 6 an entry beside the table's, 12
/// when N > 16.
pub(crate) fn build_bytes(n: usize, k: usize, layout: Layout) -> usize {
    layout.bytes(n, k) + layout.entries(n, k) * if n <= 16 { 6 } else { 12 }
}

/// How a build numbers the placements of k tiles on N cells, its table's entries:
/// [`Ranks`] or [`Spread`], as the layouts do.
trait Numbering: Sync {
    /// Where a walk over the numbers stands: the placement of one number.
    type Cursor;
    /// The numbers lie below this: the table's length.
    fn len(&self) -> usize;
    /// N, k and the weights of the number's digits.
    fn digits(&self) -> &Digits;
    /// The number of the placement with tile i on `cells[i]`.
    fn number(&self, cells: &[u8]) -> usize;
    /// The cursor at number `r` (of a placement).
    fn seek(&self, r: usize) -> Self::Cursor;
    /// The cursor one number on (O(1) amortized, less than a `seek`).
    fn step(&self, cursor: &mut Self::Cursor);
    /// The placement at `cursor`.
    fn placement<'c>(&self, cursor: &'c Self::Cursor) -> Placement<'c>;
    /// The number of placement `r` once its tile `i` moved from cell `from` to the
    /// free cell `to` next to it; `occupied`: the set of the tiles' cells, `slot_at`: by
    /// cell, the tile there.
    fn moved(
        &self,
        r: usize,
        i: usize,
        from: usize,
        to: usize,
        occupied: u32,
        slot_at: &[u8; MAX_CELLS],
    ) -> usize;
}

/// k tiles on N cells, and the weights `w` of a number's digits.
struct Digits {
    n: usize,
    k: usize,
    w: [usize; SLOTS],
}

/// Numbering by rank, N!/(N−k)! numbers (see [`rank`] and [`weights`]).
struct Ranks(Digits);

impl Numbering for Ranks {
    type Cursor = Placements;

    fn len(&self) -> usize {
        super::placement::table_len(self.0.n, self.0.k)
    }

    fn digits(&self) -> &Digits {
        &self.0
    }

    fn number(&self, cells: &[u8]) -> usize {
        rank(cells, self.0.n)
    }

    fn seek(&self, r: usize) -> Placements {
        Placements::at_rank(r, self.0.n, self.0.k)
    }

    #[inline]
    fn step(&self, cursor: &mut Placements) {
        cursor.step();
    }

    #[inline]
    fn placement<'c>(&self, cursor: &'c Placements) -> Placement<'c> {
        Placement {
            cells: &cursor.at[..self.0.k],
            occupied: cursor.occupied(),
        }
    }

    #[inline]
    fn moved(
        &self,
        r: usize,
        i: usize,
        from: usize,
        to: usize,
        occupied: u32,
        slot_at: &[u8; MAX_CELLS],
    ) -> usize {
        rank_after_move(r, &self.0.w, i, from, to, |lo, hi| {
            let mut between = occupied & ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
            std::iter::from_fn(move || {
                (between != 0).then(|| {
                    let p = between.trailing_zeros() as usize;
                    between &= between - 1;
                    usize::from(slot_at[p])
                })
            })
        })
    }
}

/// Numbering by spread index, N^k numbers (see [`spread_weights`]): the digits in
/// base N are the tiles' cells; numbers with two tiles on one cell are no placement.
struct Spread(Digits);

impl Numbering for Spread {
    /// The digits, tile i's cell at entry i.
    type Cursor = [usize; MAX_GROUP];

    fn len(&self) -> usize {
        self.0.n.pow(self.0.k as u32)
    }

    fn digits(&self) -> &Digits {
        &self.0
    }

    fn number(&self, cells: &[u8]) -> usize {
        let w = &self.0.w;
        cells.iter().zip(w).map(|(&c, w)| usize::from(c) * w).sum()
    }

    /// From the last digit up, one division a digit (its quotient and remainder).
    fn seek(&self, mut r: usize) -> Self::Cursor {
        let Digits { n, k, .. } = self.0;
        let mut digits = [0; MAX_GROUP];
        for d in digits[..k].iter_mut().rev() {
            (*d, r) = (r % n, r / n);
        }
        digits
    }

    #[inline]
    fn step(&self, digits: &mut Self::Cursor) {
        let mut i = self.0.k - 1;
        while digits[i] + 1 == self.0.n {
            digits[i] = 0;
            i -= 1;
        }
        digits[i] += 1;
    }

    #[inline]
    fn placement<'c>(&self, digits: &'c Self::Cursor) -> Placement<'c> {
        let cells = &digits[..self.0.k];
        let occupied = cells.iter().fold(0, |m, &c| m | 1 << (c & CELL_MASK));
        Placement { cells, occupied }
    }

    #[inline]
    fn moved(
        &self,
        r: usize,
        i: usize,
        from: usize,
        to: usize,
        _: u32,
        _: &[u8; MAX_CELLS],
    ) -> usize {
        let wi = self.0.w[i & (SLOTS - 1)];
        (r + to * wi).wrapping_sub(from * wi)
    }
}

/// The entries of a level marked together as holding states (see [`Build`]).
const BLOCK: usize = 16;
/// The chunks a worker takes between two looks at whether to stop (about 4 M entries).
const STOP_CHUNKS: usize = 1024;
/// The numbers a worker takes at a time: the blocks of [`MARK_WORDS`] words.
const CHUNK: usize = 4096;
/// The words of block marks of a chunk.
const MARK_WORDS: usize = CHUNK / BLOCK / 64;
const _: () = assert!(CHUNK % (64 * BLOCK) == 0);
/// The most steps from one placement to the next of a level before
/// [`Placements::at_rank`] is cheaper (about 20 instructions a step, 360 a rank).
const JUMP: usize = 16;

/// What the workers of [`build_table`]'s search share: per placement, the blank cells
/// of its regions reached so far (`seen`) and of those first reached at the next
/// depth (`next`), side by side (a new state touches both); and which blocks of
/// [`BLOCK`] entries hold states of a depth, so that the passes over a level skip
/// the empty ones (a spread table's level is mostly empty, 1 M entries for 0.5 M
/// placements, and every level but the middle ones is too).
struct Build<S: CellSet, X: Numbering> {
    masks: Masks,
    numbers: X,
    seen_next: Vec<S::Pair>,
    /// `filled[d % 2]`: bit b of word w set when block 64·w + b holds states of
    /// depth d ([`MARK_WORDS`] words a [`CHUNK`]): in its `next` sets while depth d
    /// is generated, then in the level array while it is expanded (and emptied).
    filled: [Vec<AtomicU64>; 2],
}

impl<S: CellSet, X: Numbering> Build<S, X> {
    /// The search of a table numbered by `numbers`, nothing seen yet.
    fn new(masks: Masks, numbers: X) -> Self {
        let words = (numbers.len() + CHUNK - 1) / CHUNK * MARK_WORDS;
        let marks = || (0..words).map(|_| AtomicU64::new(0)).collect();
        Build {
            masks,
            seen_next: (0..numbers.len()).map(|_| S::pair(0)).collect(),
            numbers,
            filled: [marks(), marks()],
        }
    }

    /// The entry of a placement first reached at `depth` with the blank in `reached`.
    fn entry(&self, depth: u8, reached: u32) -> u8 {
        let digits = self.numbers.digits();
        Pockets::entry(depth, reached, (digits.n - digits.k) as u32, &self.masks)
    }

    /// Marks the block of entry `r` as holding states of depth `depth`.
    #[inline]
    fn fill(&self, r: usize, depth: u8, alone: bool) {
        let word = &self.filled[usize::from(depth % 2)][r / BLOCK / 64];
        let bit = 1u64 << (r / BLOCK % 64);
        if alone {
            word.store(word.load(Relaxed) | bit, Relaxed);
        } else if word.load(Relaxed) & bit == 0 {
            word.fetch_or(bit, Relaxed);
        }
    }

    /// The entries of the chunk from entry `first` (a multiple of [`CHUNK`]) whose
    /// blocks hold states of depth `depth`, as ranges in the chunk of `len`
    /// entries; their marks emptied when `take`.
    fn filled(
        &self,
        first: usize,
        len: usize,
        depth: u8,
        take: bool,
    ) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let start = first / BLOCK / 64;
        let words = &self.filled[usize::from(depth % 2)][start..start + MARK_WORDS];
        words.iter().enumerate().flat_map(move |(w, word)| {
            let mut bits = if take {
                word.swap(0, Relaxed)
            } else {
                word.load(Relaxed)
            };
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = (w * 64 + bits.trailing_zeros() as usize) * BLOCK;
                    bits &= bits - 1;
                    b..len.min(b + BLOCK)
                })
            })
        })
    }

    /// The table, by a search from the state `(goal cells, blank cells)` as `work` says
    /// (see [`build_table`]); `None` when `work.stop` stops it.
    fn run(mut self, goal: Start, work: &TableWork) -> Option<Vec<u8>> {
        let Start { cells, region } = goal;
        let mut threads = work.threads.max(1);
        let r0 = self.numbers.number(cells);
        let len = self.seen_next.len();
        self.seen_next[r0] = S::pair(region);
        let mut table = vec![UNSEEN; len];
        // Written now, not left as zeroed pages from the allocator: a page that the
        // walk reads (mapping the shared zero page) and the move-in then writes
        // faults twice, and the second fault stops the other threads' CPUs to flush
        // their TLBs (7-tile table on 2 threads: 1.3 s of system time, not 0.3 s).
        let mut level = Vec::with_capacity(len);
        level.resize(len, S::EMPTY);
        level[r0] = S::of(region);
        table[r0] = self.entry(0, region);
        let mut depth = 0;
        self.fill(r0, depth, true);
        // The numbers of the current level lie in `first..last`; the passes over it
        // start at a chunk's edge.
        let (mut first, mut last) = (r0, r0 + 1);
        while first < last {
            first -= first % CHUNK;
            depth += 1;
            (work.on_level)(depth);
            let chunks = level[first..last].chunks_mut(CHUNK);
            let workers = threads.min(chunks.len());
            let chunks = Mutex::new((first..).step_by(CHUNK).zip(chunks));
            let walk = || self.walk(&chunks, depth, workers == 1, work.stop);
            let spans = on_threads(workers, &walk);
            if (work.stop)() {
                return None;
            }
            if spans.len() < workers {
                threads = spans.len();
            }
            let next = spans.into_iter().fold((len, 0), |(lo, hi), (first, last)| {
                (lo.min(first), hi.max(last))
            });
            // `level` is all empty again: the next level moves in.
            (first, last) = (next.0.min(next.1), next.1);
            first -= first % CHUNK;
            let chunks = level[first..last]
                .chunks_mut(CHUNK)
                .zip(table[first..last].chunks_mut(CHUNK));
            let workers = threads.min(chunks.len());
            let chunks = Mutex::new((first..).step_by(CHUNK).zip(chunks));
            on_threads(workers, &|| self.move_in(&chunks, depth));
        }
        Some(table)
    }

    /// Expands the states of the chunks of the current level taken from `chunks`
    /// (their first number, their blank cells by number), emptying them, to generate
    /// the states of depth `depth`, and returns the span of their numbers; `alone`:
    /// see [`CellSet::add`]. Leaves the level unfinished once `stop` says so (asked
    /// every [`STOP_CHUNKS`] chunks).
    fn walk<'a, I>(
        &self,
        chunks: &Mutex<I>,
        depth: u8,
        alone: bool,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> (usize, usize)
    where
        I: Iterator<Item = (usize, &'a mut [S])>,
        S: 'a,
    {
        let mut next = (usize::MAX, 0);
        let mut taken = 0usize;
        while let Some((first, chunk)) = take(chunks) {
            taken += 1;
            if taken % STOP_CHUNKS == 0 && stop() {
                break;
            }
            // Each state's placement stepped to from the last one's, or found
            // anew past more than `JUMP` entries.
            let (mut cursor, mut at) = (None::<X::Cursor>, first);
            // Only the blocks that hold states.
            for block in self.filled(first, chunk.len(), depth - 1, true) {
                let start = first + block.start;
                let block = &mut chunk[block];
                for (r, entry) in (start..).zip(block) {
                    let blanks = entry.bits();
                    if blanks == 0 {
                        continue;
                    }
                    *entry = S::EMPTY;
                    let p = match &mut cursor {
                        Some(p) if r - at <= JUMP => {
                            (at..r).for_each(|_| self.numbers.step(p));
                            p
                        }
                        slot => slot.insert(self.numbers.seek(r)),
                    };
                    at = r;
                    let placement = self.numbers.placement(p);
                    self.expand(r, placement, blanks, depth, alone, &mut next);
                }
            }
        }
        next
    }

    /// Generates the states of depth `depth` that follow the placement numbered `r`,
    /// its tiles on `cells` (the set `occupied`), through `blanks`, the blank cells
    /// of its regions at the depth before: every tile next to one of them moves onto
    /// it; `next` grows to hold the numbers of the new states. O(1) a successor
    /// spread, O(k) by rank, plus its region's flood when it is new.
    #[inline]
    fn expand(
        &self,
        r: usize,
        placement: Placement,
        blanks: u32,
        depth: u8,
        alone: bool,
        next: &mut (usize, usize),
    ) {
        let Placement { cells, occupied } = placement;
        let mut slot_at = [0u8; MAX_CELLS];
        for (i, &cell) in cells.iter().enumerate() {
            slot_at[cell & CELL_MASK] = i as u8;
        }
        for (i, &from) in cells.iter().enumerate() {
            let mut targets = self.masks.around[from & CELL_MASK] & blanks;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved = self.numbers.moved(r, i, from, to, occupied, &slot_at);
                let Some(pair) = self.seen_next.get(moved) else {
                    continue;
                };
                // The blank ends where the tile was.
                if S::seen(pair) & (1 << from) != 0 {
                    continue;
                }
                let free = self.masks.all & !(occupied ^ (1 << from) ^ (1 << to));
                if S::add(pair, self.masks.flood(from, free), alone) {
                    self.fill(moved, depth, alone);
                }
                *next = (next.0.min(moved), next.1.max(moved + 1));
            }
        }
    }

    /// Moves the next level in, over the chunks taken from `chunks` (their first rank,
    /// level entries and table entries): a placement's `next` set becomes its level
    /// entry and is emptied, and a placement reached for the first time (its `seen`
    /// set is its `next` set) gets its entry for `depth` (see [`Build::entry`]).
    fn move_in<'a, I>(&self, chunks: &Mutex<I>, depth: u8)
    where
        I: Iterator<Item = (usize, (&'a mut [S], &'a mut [u8]))>,
        S: 'a,
    {
        while let Some((first, (level, table))) = take(chunks) {
            // Only the blocks that hold states.
            for block in self.filled(first, level.len(), depth, false) {
                let pairs = &self.seen_next[first + block.start..first + block.end];
                let entries = level[block.clone()].iter_mut().zip(&mut table[block]);
                for ((entry, value), pair) in entries.zip(pairs) {
                    let (seen, next) = S::take_next(pair);
                    if next != 0 {
                        *entry = S::of(next);
                        if seen == next {
                            *value = self.entry(depth, next);
                        }
                    }
                }
            }
        }
    }
}
