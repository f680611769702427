//! `any`: a valid path for every reachable board of any shape, in O(N·(rows+cols)) moves, not
//! optimal: about 2.93 to 2.95 times the Manhattan distance on random boards from 100×100 up
//! (2026-12-01; the fixed routine before it: 4.9 to 5); O(N) memory and 2 bits a move.
//!
//! The board is peeled line by line, keeping the blank's goal cell inside the part left:
//! while the part has at least 4 rows (or columns), its first or last row (column) is placed;
//! the part left, at most 3×3, is finished by IDA*. One-row and one-column boards only need
//! the blank slid home. Within a line, the next cell filled is the one whose tile is nearest
//! the blank (the blank's trips were a fifth of all moves), among those that leave no lone
//! cell between placed ones; two cells left side by side are filled together, by a
//! breadth-first search over the places of their tiles and the blank in a window of at most
//! 12 cells.
//!
//! A tile goes one cell at a time to the neighbour, of the two that bring it closer, that the
//! blank reaches sooner: after a push the blank stands behind the tile, two moves from either
//! side and four from the front, so a tile with rows and columns to go moves on a staircase,
//! 3 moves a cell, and 5 a cell once on its row or column (around the side whose tiles gain
//! more). But it goes straight on rather than turn where the blank's four moves around it
//! help the tiles they shift enough more than the two around the corner (`STRAIGHT_GAIN`):
//! a straight step it would make later anyway costs nothing more there, and the tiles
//! shifted toward their goals save more moves than they cost. The blank goes one move at a
//! time toward where it is wanted, of the two moves that bring it closer the one that takes a
//! tile closer to its goal cell, which makes most of its trips useful; when that way is shut,
//! by the shortest free path of three straight segments, all in O(length); a breadth-first
//! search only next to the window of two tiles.
//!
//! Moves are handed to a [`any::Record`] as they are made: counted, or packed two bits a move
//! ([`any::Packed`], up to [`any::KEPT`]), or written as letters by a second solve, which
//! makes the same moves.

use super::board::{Move, Shape};
use super::goal::is_reachable;
use super::search::bound::LinearConflict;
use super::search::{ida, Budget, Limits, Puzzle};
use std::collections::HashMap;
use std::io::{self, Write};

/// The order in which the cells of a line are filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// The cell whose tile is nearest the blank (of at most [`CANDIDATES`]).
    #[default]
    Nearest,
    /// From the line's first cell to its last.
    Forward,
    /// From the line's last cell to its first.
    Backward,
}

/// A way of peeling: which line of a square part goes first, and in which [`Order`] the
/// cells of a line are filled. Each gives a valid path; on small boards, [`shortest`]
/// tries all six and keeps the shortest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// Whether a square part loses a column (else a row) first.
    pub columns_first: bool,
    /// The order of the cells within a line.
    pub order: Order,
}

/// Boards of at most this many cells are solved by every [`Variant`], the shortest path
/// kept: six times the work, which is small there (1,024 cells: ≈60,000 moves, a few
/// milliseconds a variant).
pub const SMALL: usize = 1024;

/// The variant to solve `cells` with: the default, or on boards of at most [`SMALL`]
/// cells the [`Variant`] of fewest moves (the first of them), each solved once.
pub fn shortest(shape: Shape, cells: &[u32], goal: &[u32]) -> Result<Variant, Stuck> {
    if cells.len() > SMALL {
        return Ok(Variant::default());
    }
    let mut best = (Variant::default(), u64::MAX);
    for columns_first in [false, true] {
        for order in [Order::Nearest, Order::Forward, Order::Backward] {
            let variant = Variant {
                columns_first,
                order,
            };
            let mut count = 0;
            solve(shape, cells, goal, variant, &mut count)?;
            if count < best.1 {
                best = (variant, count);
            }
        }
    }
    Ok(best.0)
}

/// The most moves [`Packed`] keeps: 3·2^30, in 768 MiB.
pub const KEPT: u64 = 3 << 30;

/// Moves packed 32 to a word (two bits each, [`Move::index`], the first in the low bits),
/// in blocks of 1 MiB so that growing never copies, while there are at most `limit`;
/// past it the blocks are dropped and the moves only counted.
#[derive(Clone, Debug)]
pub struct Packed {
    blocks: Vec<Vec<u64>>,
    /// The moves since the last whole word, in its low bits.
    pending: u64,
    count: u64,
    limit: u64,
}

impl Packed {
    /// The words of a block.
    const BLOCK: usize = 1 << 17;

    /// No moves yet; at most `limit` to be kept.
    pub fn new(limit: u64) -> Self {
        Packed {
            blocks: Vec::new(),
            pending: 0,
            count: 0,
            limit,
        }
    }

    /// The number of moves recorded.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether every move recorded is kept.
    pub fn is_whole(&self) -> bool {
        self.count <= self.limit
    }

    /// Writes the letters of the moves to `out` (all of them: see [`Packed::is_whole`]),
    /// four letters a byte from a table, through a buffer of 64 KiB. O(moves).
    pub fn write_letters<W: Write>(&self, out: &mut W) -> io::Result<()> {
        const BUFFER: usize = 1 << 16;
        let letter = |bits: u64| Move::ALL[(bits & 3) as usize].letter() as u8;
        let table: Vec<[u8; 4]> = (0..256)
            .map(|byte| [0, 2, 4, 6].map(|shift| letter(byte >> shift)))
            .collect();
        let mut buffer = Vec::with_capacity(BUFFER + 32);
        for word in self.blocks.iter().flatten() {
            // A word's 32 letters gathered, then added to the buffer at once.
            let mut letters = [0; 32];
            for (four, byte) in letters.chunks_exact_mut(4).zip(word.to_le_bytes()) {
                four.copy_from_slice(&table[usize::from(byte)]);
            }
            buffer.extend_from_slice(&letters);
            if buffer.len() >= BUFFER {
                out.write_all(&buffer)?;
                buffer.clear();
            }
        }
        buffer.extend((0..self.count % 32).map(|i| letter(self.pending >> (2 * i))));
        out.write_all(&buffer)
    }

    /// Keeps the word of the last 32 moves, or drops every block once past the limit.
    /// Out of line: [`Record::record`], inlined at every move, stays short.
    #[inline(never)]
    fn keep_word(&mut self) {
        if self.count > self.limit {
            self.blocks = Vec::new();
        } else {
            match self.blocks.last_mut() {
                Some(block) if block.len() < Self::BLOCK => block.push(self.pending),
                _ => {
                    let mut block = Vec::with_capacity(Self::BLOCK);
                    block.push(self.pending);
                    self.blocks.push(block);
                }
            }
        }
        self.pending = 0;
    }
}

impl Record for Packed {
    fn record(&mut self, m: Move) {
        self.pending |= (m.index() as u64) << (2 * (self.count % 32));
        self.count += 1;
        if self.count % 32 == 0 {
            self.keep_word();
        }
    }

    fn record_codes(&mut self, codes: u64, n: u32) {
        let used = (self.count % 32) as u32;
        self.pending |= codes << (2 * used);
        self.count += u64::from(n);
        if used + n >= 32 {
            // `used` is at least 16 here: the shift is below 64.
            self.keep_word();
            self.pending = codes >> (2 * (32 - used));
        }
    }
}

/// How much more (in Manhattan distance) the blank's four moves around a tile straight
/// ahead must gain than its two around the corner for the tile to go straight now
/// ([`Peeler::straight_way`]): when that makes no more moves in all, and when it makes
/// later steps straight that would not have been. Measured on a random 100×100 board,
/// in times the Manhattan distance: [2, 4] 2.93; [2, 2] 3.08; [0, 4] 2.97; [4, 4] 3.02;
/// [2, never] 2.98; 6 rather than 4 where two more steps are straight 2.96; never
/// straight while a turn is as short 3.16.
const STRAIGHT_GAIN: [isize; 2] = [2, 4];

/// The most cells of a line weighed for the next tile to place.
const CANDIDATES: usize = 64;

/// Where the moves of a path go, in order.
pub trait Record {
    /// Takes the next move.
    fn record(&mut self, m: Move);

    /// Takes the next `n` moves, at most 16, packed two bits each ([`Move::index`]), the
    /// first in the low bits.
    fn record_codes(&mut self, codes: u64, n: u32) {
        for i in 0..n {
            self.record(Move::ALL[(codes >> (2 * i) & 3) as usize]);
        }
    }
}

/// A count of the moves.
impl Record for u64 {
    fn record(&mut self, _: Move) {
        *self += 1;
    }

    fn record_codes(&mut self, _: u64, n: u32) {
        *self += u64::from(n);
    }
}

/// The letters of the moves, written to `out` in blocks of [`Letters::BLOCK`] bytes.
pub struct Letters<W: Write> {
    out: W,
    block: Vec<u8>,
    written: u64,
    /// The first write error; nothing is written after it.
    error: Option<io::Error>,
}

impl<W: Write> Letters<W> {
    /// The bytes gathered before a write.
    const BLOCK: usize = 1 << 16;

    /// Letters to be written to `out`.
    pub fn new(out: W) -> Self {
        Letters {
            out,
            block: Vec::with_capacity(Self::BLOCK),
            written: 0,
            error: None,
        }
    }

    /// Writes the letters gathered, keeping the first error.
    fn write_block(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(&self.block) {
                self.error = Some(e);
            }
        }
        self.written += self.block.len() as u64;
        self.block.clear();
    }

    /// Writes the rest; the number of letters, or the first error.
    pub fn finish(mut self) -> io::Result<u64> {
        self.write_block();
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.written),
        }
    }
}

impl<W: Write> Record for Letters<W> {
    fn record(&mut self, m: Move) {
        self.block.push(m.letter() as u8);
        if self.block.len() == Self::BLOCK {
            self.write_block();
        }
    }
}

/// Returned when `any` cannot bring a tile to its cell: a bug, which the tests find on no
/// board, reported rather than a panic. Rows and columns count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    pub tile: u32,
    pub row: usize,
    pub col: usize,
}

/// The part of the board not yet placed: rows `first[0]..=last[0]`, columns
/// `first[1]..=last[1]`.
#[derive(Clone, Copy)]
struct Part {
    first: [usize; 2],
    last: [usize; 2],
}

impl Part {
    /// The number of its rows (`axis` 0) or columns (1).
    fn len(self, axis: usize) -> usize {
        self.last[axis] - self.first[axis] + 1
    }
}

/// The cells of a straight way, one after another: `left` steps of `step` cells from
/// `at`, forward (toward higher cells) or not.
struct Segment {
    at: usize,
    step: usize,
    left: usize,
    forward: bool,
}

impl Iterator for Segment {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.at = if self.forward {
            self.at + self.step
        } else {
            self.at - self.step
        };
        Some(self.at)
    }
}

/// The cells of a board laid out 2^`shift` to a row, the least power of two above the
/// number of columns, so that a cell's row and column are a shift and a mask away (no
/// division, no table, nothing stored beside the cell); the cells past the last column
/// of a row are padding, locked. Fewer than twice the cells of the board. Cells are
/// named by their index in this layout throughout [`Peeler`].
#[derive(Clone, Copy)]
struct Grid {
    rows: usize,
    cols: usize,
    shift: u32,
}

impl Grid {
    fn new(shape: Shape) -> Self {
        Grid {
            rows: shape.rows,
            cols: shape.cols,
            shift: usize::BITS - shape.cols.leading_zeros(),
        }
    }

    /// The distance between a cell and the one below it.
    fn stride(self) -> usize {
        1 << self.shift
    }

    /// The number of cells, padding included.
    fn len(self) -> usize {
        self.rows << self.shift
    }

    /// The cell at `row`, `col`.
    fn at(self, row: usize, col: usize) -> usize {
        row << self.shift | col
    }

    /// The cells of the board (no padding) in row-major order.
    fn cells(self) -> impl Iterator<Item = usize> {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| self.at(row, col)))
    }

    /// The row and column of cell `p`.
    fn place(self, p: usize) -> [u32; 2] {
        [(p >> self.shift) as u32, (p & (self.stride() - 1)) as u32]
    }

    /// The row (`axis` 0) or the column (1) of cell `p`, without a branch: a shift and a
    /// mask for both.
    fn coordinate(self, p: usize, axis: usize) -> usize {
        let shift = if axis == 0 { self.shift } else { 0 };
        let mask = if axis == 0 {
            usize::MAX
        } else {
            self.stride() - 1
        };
        (p >> shift) & mask
    }

    /// The row and column of cell `p`, as indices.
    fn row_col(self, p: usize) -> (usize, usize) {
        (p >> self.shift, p & (self.stride() - 1))
    }

    /// The cell next to `p` in the direction of `m`, if it is on the board.
    fn neighbor(self, p: usize, m: Move) -> Option<usize> {
        let (row, col) = self.row_col(p);
        match m {
            Move::Down => (row + 1 < self.rows).then_some(p + self.stride()),
            Move::Left => (col > 0).then(|| p - 1),
            Move::Right => (col + 1 < self.cols).then_some(p + 1),
            Move::Up => (row > 0).then(|| p - self.stride()),
        }
    }

    /// The move that takes the blank from cell `from` to the adjacent cell `to`.
    fn direction(self, from: usize, to: usize) -> Move {
        if to == from + self.stride() {
            Move::Down
        } else if to + self.stride() == from {
            Move::Up
        } else if to + 1 == from {
            Move::Left
        } else {
            Move::Right
        }
    }
}

/// What a cell holds, in one word moved with its tile: the goal cell ([`Grid`]) of the
/// tile on it, so that what a move gains is read next to the blank and the tile itself
/// from its goal cell; and two flags, whether the cell is locked (placed for good, or
/// padding: never moved) and whether the tile is one of the line being placed (whose
/// cells are kept in [`Peeler::at`]). A `u32` where the board's padded cells fit in its
/// 30 bits (4 bytes a cell: a 1000×1000 board in 4 MiB, whose rows are then 4 KiB
/// apart), else a `u64`.
trait Word: Copy {
    /// The most cells the goal cell's bits can name.
    const CELLS: u64;
    /// A cell holding the tile whose goal cell is `home`, locked or not, not of the line.
    fn new(home: usize, locked: bool) -> Self;
    /// The goal cell of the tile.
    fn home(self) -> usize;
    fn is_locked(self) -> bool;
    fn in_line(self) -> bool;
    /// The same tile, the cell locked or not.
    fn locked(self, locked: bool) -> Self;
    /// The same, the tile of the line being placed.
    fn of_line(self) -> Self;
}

macro_rules! word {
    ($word:ty) => {
        impl Word for $word {
            const CELLS: u64 = 1 << (<$word>::BITS - 2);

            fn new(home: usize, locked: bool) -> Self {
                (home as $word).locked(locked)
            }

            fn home(self) -> usize {
                (self & (Self::CELLS as $word - 1)) as usize
            }

            fn is_locked(self) -> bool {
                self >> (<$word>::BITS - 1) != 0
            }

            fn in_line(self) -> bool {
                self & Self::CELLS as $word != 0
            }

            fn locked(self, locked: bool) -> Self {
                let bit = 1 << (<$word>::BITS - 1);
                if locked {
                    self | bit
                } else {
                    self & !bit
                }
            }

            fn of_line(self) -> Self {
                self | Self::CELLS as $word
            }
        }
    };
}

word!(u32);
word!(u64);

/// What a tile gains in Manhattan distance (1 or −1) moving one cell from `place` to a
/// higher coordinate (`up`) or a lower one, its goal cell's being `home`, on one axis.
fn gain_of(home: usize, place: usize, up: bool) -> isize {
    if if up { home > place } else { home < place } {
        1
    } else {
        -1
    }
}

/// The index ([`Move::index`]) of the blank's move along `axis` (0: across rows, 1: across
/// columns), toward the higher row (column) if `up`.
const fn move_index(axis: usize, up: bool) -> usize {
    match (axis == 0, up) {
        (true, true) => 0,
        (false, false) => 1,
        (false, true) => 2,
        (true, false) => 3,
    }
}

/// A question [`Peeler::place_pair`] asks: the window's cells (row and column from its
/// first), and the places in it of the two tiles and the blank, and of the two tiles' goal
/// cells. The answer depends on nothing else: many lines ask the same.
type PairSearch = (Vec<(isize, isize)>, [u8; 3], [u8; 2]);

/// The board being peeled, where its moves go, and the scratch of the searches; cells
/// are named as in [`Grid`].
struct Peeler<'r, R: Record, W: Word> {
    grid: Grid,
    /// The blank's cell.
    blank: usize,
    /// `at[slot(c)]`: the cell of the tile whose goal cell is `c`, kept for the tiles of
    /// the line being placed, found again when a line starts: keeping every tile's would
    /// cost a write far from the blank at every move. A goal cell's slot
    /// ([`Peeler::slot`]) is its column on a row, its row on a column: a line's tiles
    /// side by side, even a column's.
    at: Vec<usize>,
    /// The shift and the mask that make a goal cell of the line its slot in `at`.
    slot: (u32, usize),
    /// `goal[c]`: the tile whose goal cell is `c` (`u32::MAX` on padding).
    goal: Vec<u32>,
    /// The board, cell by cell.
    cells: Vec<W>,
    record: &'r mut R,
    /// The cell being filled, for [`Stuck`].
    placing: usize,
    variant: Variant,
    /// Breadth-first scratch: `seen[p] == generation` marks cells reached in this search.
    seen: Vec<u64>,
    generation: u64,
    /// Breadth-first scratch: the move that first reached each cell.
    came_by: Vec<Move>,
    /// Breadth-first scratch: the cells reached, in order.
    queue: Vec<usize>,
    /// Cells visited by the breadth-first searches, reported as nodes.
    visits: u64,
    /// The goal cells of the tiles read ahead of need ([`Peeler::touch`]), summed.
    touched: usize,
    /// The blank's ways found by [`Peeler::place_pair`]'s searches, by their question.
    pairs: HashMap<PairSearch, Option<Vec<u8>>>,
}

/// Solves `cells` to `goal` the way `variant` says, handing each move to `record`; the
/// number of cells the blank's breadth-first searches visited. O(N·(rows+cols)) moves, in
/// O(moves + N·(rows+cols)) time (a line's tiles are looked for over the part left, a
/// tile chosen among at most [`CANDIDATES`]); O(N) memory, at most 34 bytes a cell (17
/// a cell of the padded [`Grid`]; 4 of them a [`Word`] moved with the moves), and the
/// answers kept of the pairs' searches (44 to 51 on random boards from 200×200 to
/// 1000×1000).
///
/// # Constraints
///
/// `goal` is reachable from `cells` ([`is_reachable`]); otherwise, and on a bug, `Err`
/// says which tile could not be placed, after some moves were recorded.
pub fn solve<R: Record>(
    shape: Shape,
    cells: &[u32],
    goal: &[u32],
    variant: Variant,
    record: &mut R,
) -> Result<u64, Stuck> {
    if Grid::new(shape).len() as u64 <= u32::CELLS {
        Peeler::<R, u32>::run(shape, cells, goal, variant, record)
    } else {
        Peeler::<R, u64>::run(shape, cells, goal, variant, record)
    }
}

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// [`solve`], its cells held in words `W`.
    fn run(
        shape: Shape,
        cells: &[u32],
        goal: &[u32],
        variant: Variant,
        record: &'r mut R,
    ) -> Result<u64, Stuck> {
        let grid = Grid::new(shape);
        let len = grid.len();
        let mut padded_goal = vec![u32::MAX; len];
        // `home[t]`: the goal cell of tile `t`.
        let mut home = vec![0; goal.len()];
        for (q, &t) in grid.cells().zip(goal) {
            padded_goal[q] = t;
            home[t as usize] = q;
        }
        let mut words = vec![W::new(0, true); len];
        let mut blank = 0;
        for (q, &t) in grid.cells().zip(cells) {
            words[q] = W::new(home[t as usize], false);
            if t == 0 {
                blank = q;
            }
        }
        drop(home);
        let mut peeler = Peeler {
            grid,
            blank,
            at: vec![0; grid.rows.max(grid.stride())],
            slot: (0, grid.stride() - 1),
            goal: padded_goal,
            cells: words,
            record,
            placing: 0,
            variant,
            seen: vec![0; len],
            generation: 0,
            came_by: vec![Move::Down; len],
            queue: Vec::new(),
            visits: 0,
            touched: 0,
            pairs: HashMap::new(),
        };
        let stuck = match peeler.peel() {
            Some(()) => grid.cells().find(|&q| peeler.tile(q) != peeler.goal[q]),
            None => Some(peeler.placing),
        };
        match stuck {
            None => Ok(peeler.visits),
            Some(q) => {
                let (row, col) = grid.row_col(q);
                Err(Stuck {
                    tile: peeler.goal[q],
                    row,
                    col,
                })
            }
        }
    }

    /// Places every tile; `None` where a placement sticks (`placing` says which).
    fn peel(&mut self) -> Option<()> {
        let grid = self.grid;
        let blank_goal = self.goal.iter().position(|&t| t == 0)?;
        if grid.rows == 1 || grid.cols == 1 {
            self.placing = blank_goal;
            return self.blank_to(blank_goal, &[]);
        }
        let mut part = Part {
            first: [0, 0],
            last: [grid.rows - 1, grid.cols - 1],
        };
        let (goal_row, goal_col) = grid.row_col(blank_goal);
        let goal = [goal_row, goal_col];
        loop {
            let (height, width) = (part.len(0), part.len(1));
            let rows = height > width || height == width && !self.variant.columns_first;
            // The axis the line goes off: 0 for a row, 1 for a column.
            let axis = if height >= 4 && (rows || width < 4) {
                0
            } else if width >= 4 {
                1
            } else {
                return self.finish(part);
            };
            let region = part;
            // The first row (column) of the part, or its last when the blank's goal cell
            // is on the first; `inward` is the move from it into the part.
            let (at, inward) = if goal[axis] != part.first[axis] {
                part.first[axis] += 1;
                (part.first[axis] - 1, [Move::Down, Move::Right][axis])
            } else {
                part.last[axis] -= 1;
                (part.last[axis] + 1, [Move::Up, Move::Left][axis])
            };
            let along = 1 - axis;
            let line: Vec<usize> = (part.first[along]..=part.last[along])
                .map(|k| {
                    let mut place = [at; 2];
                    place[along] = k;
                    grid.at(place[0], place[1])
                })
                .collect();
            self.place_line(&line, inward, region)?;
        }
    }

    /// Moves the blank to the adjacent cell `next`, recording the move.
    #[inline(always)]
    fn slide(&mut self, next: usize) {
        self.slide_by(self.grid.direction(self.blank, next), next);
    }

    /// Moves the blank by `m` to the adjacent cell `next`, recording the move.
    #[inline(always)]
    fn slide_by(&mut self, m: Move, next: usize) {
        self.record.record(m);
        self.shift_blank(next);
    }

    /// Moves the blank to the adjacent cell `next`, the move recorded by the caller.
    #[inline(always)]
    fn shift_blank(&mut self, next: usize) {
        let blank = self.blank;
        self.cells.swap(blank, next);
        let word = self.cells[blank];
        if word.in_line() {
            let slot = self.slot(word.home());
            self.at[slot] = blank;
        }
        self.blank = next;
    }

    /// The place in `at` of goal cell `home`, one of the line's.
    #[inline(always)]
    fn slot(&self, home: usize) -> usize {
        (home >> self.slot.0) & self.slot.1
    }

    /// The cell of the tile whose goal cell is `home`, one of the line's.
    #[inline(always)]
    fn at(&self, home: usize) -> usize {
        self.at[self.slot(home)]
    }

    /// Reads cell `p` (if on the board) ahead of need, so that its cache miss, on a
    /// large board whose rows lie far apart, overlaps the moves before it: its tile's
    /// goal cell is added to a field, which the compiler cannot drop, with no barrier
    /// as `black_box` would be (and no prefetch instruction without `unsafe`).
    #[inline(always)]
    fn touch(&mut self, p: usize) {
        if let Some(word) = self.cells.get(p) {
            self.touched = self.touched.wrapping_add(word.home());
        }
    }

    /// The tile on cell `p`.
    fn tile(&self, p: usize) -> u32 {
        self.goal[self.cells[p].home()]
    }

    /// Whether cell `p` is locked.
    fn locked(&self, p: usize) -> bool {
        self.cells[p].is_locked()
    }

    /// Locks or unlocks cell `p`.
    fn lock(&mut self, p: usize, locked: bool) {
        self.cells[p] = self.cells[p].locked(locked);
    }

    /// The row and column of cell `p`.
    fn row_col(&self, p: usize) -> (usize, usize) {
        self.grid.row_col(p)
    }

    /// The taxicab distance between cells `a` and `b`.
    fn distance(&self, a: usize, b: usize) -> usize {
        let ((ar, ac), (br, bc)) = (self.row_col(a), self.row_col(b));
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// The cells from `from` (left out) to `to` (included), which share a row or a
    /// column, and whether the way runs along the row.
    fn segment(&self, from: usize, to: usize) -> (Segment, bool) {
        let ((fr, fc), (tr, tc)) = (self.row_col(from), self.row_col(to));
        let (step, left) = if fr == tr {
            (1, fc.abs_diff(tc))
        } else {
            (self.grid.stride(), fr.abs_diff(tr))
        };
        let forward = to > from;
        let segment = Segment {
            at: from,
            step,
            left,
            forward,
        };
        (segment, fr == tr)
    }

    /// What the tiles on the blank's way gain in Manhattan distance (each moves one cell
    /// back along it, gaining 1 or −1) if the blank goes from its cell through `bends` to
    /// `target`; `None` if a cell is locked or in `avoid`. O(length).
    fn gain(&self, bends: [usize; 2], target: usize, avoid: &[usize]) -> Option<isize> {
        let ends = [self.blank, bends[0], bends[1], target];
        let mut gain = 0;
        for pair in ends.windows(2) {
            let forward = pair[1] > pair[0];
            let (cells, along_row) = self.segment(pair[0], pair[1]);
            let axis = usize::from(along_row);
            for q in cells {
                if self.locked(q) || avoid.contains(&q) {
                    return None;
                }
                // The tile on `q` moves against the blank: back when the blank goes forward.
                gain += self.step_gain(q, axis, !forward);
            }
        }
        Some(gain)
    }

    /// Of `paths` (length, bends), sorted by length: the shortest free one, and of those
    /// the one with the most [`Peeler::gain`].
    fn best(
        &self,
        paths: &[(usize, [usize; 2])],
        target: usize,
        avoid: &[usize],
    ) -> Option<[usize; 2]> {
        let mut best: Option<(usize, isize, [usize; 2])> = None;
        for &(length, bends) in paths {
            if best.is_some_and(|(shortest, _, _)| length > shortest) {
                break;
            }
            if let Some(gain) = self.gain(bends, target, avoid) {
                if best.map_or(true, |(_, most, _)| gain > most) {
                    best = Some((length, gain, bends));
                }
            }
        }
        best.map(|(_, _, bends)| bends)
    }

    /// Moves the blank along the segments from it through `bends` to `target`.
    fn walk(&mut self, bends: [usize; 2], target: usize) {
        let ends = [self.blank, bends[0], bends[1], target];
        for pair in ends.windows(2) {
            let (cells, _) = self.segment(pair[0], pair[1]);
            for q in cells {
                self.slide(q);
            }
        }
    }

    /// Moves the blank to `target` through cells neither locked nor in `avoid`: move by
    /// move while a move that brings it closer is free ([`Peeler::greedy_to`]); where
    /// that way is shut, along the shortest free path of three straight segments whose
    /// middle one runs on a row (column) next to the blank, the target or a cell of
    /// `avoid` (of equal ones, the one whose tiles gain most); else by a breadth-first
    /// search. O(length) but for the search.
    fn blank_to(&mut self, target: usize, avoid: &[usize]) -> Option<()> {
        let grid = self.grid;
        let blank = self.blank;
        if blank == target {
            return Some(());
        }
        if self.greedy_to(target, avoid) {
            return Some(());
        }
        let blank = self.blank;
        let cell = |row: usize, col: usize| grid.at(row, col);
        let ((br, bc), (tr, tc)) = (self.row_col(blank), self.row_col(target));
        // Three segments, the middle one on row (column) `m`.
        let three = |across_rows: bool, m: usize| {
            let bends = if across_rows {
                [cell(m, bc), cell(m, tc)]
            } else {
                [cell(br, m), cell(tr, m)]
            };
            let length = self.distance(blank, bends[0])
                + self.distance(bends[0], bends[1])
                + self.distance(bends[1], target);
            (length, bends)
        };
        let next_to = |line: usize, limit: usize| {
            [line.wrapping_sub(1), line + 1]
                .into_iter()
                .filter(move |&m| m < limit)
        };
        // The blank and the target on one line, a cell between them: around it, two moves
        // longer, the common case.
        let mut paths = [(usize::MAX, [0; 2]); 16];
        let mut count = 0;
        if br == tr || bc == tc {
            let (across_rows, line, limit) = if br == tr {
                (true, br, grid.rows)
            } else {
                (false, bc, grid.cols)
            };
            for m in next_to(line, limit) {
                paths[count] = three(across_rows, m);
                count += 1;
            }
            if let Some(bends) = self.best(&paths[..count], target, avoid) {
                self.walk(bends, target);
                return Some(());
            }
            count = 0;
        }
        // Else the middle segment on a line next to one of the blank, the target or a cell
        // to avoid: at most 16 paths, tried from the shortest.
        for across_rows in [true, false] {
            let axis = usize::from(!across_rows);
            let limit = if across_rows { grid.rows } else { grid.cols };
            let lines = [blank, target]
                .into_iter()
                .chain(avoid.iter().copied().take(2));
            for m in lines.flat_map(|q| next_to(grid.place(q)[axis] as usize, limit)) {
                paths[count] = three(across_rows, m);
                count += 1;
            }
        }
        let paths = &mut paths[..count];
        paths.sort_unstable_by_key(|&(length, _)| length);
        if let Some(bends) = self.best(paths, target, avoid) {
            self.walk(bends, target);
            return Some(());
        }
        self.blank_to_nearest(|q| q == target, avoid)
    }

    /// Moves the blank toward `target`, each move one that brings it closer, through a
    /// cell neither locked nor in `avoid`, of the two the one whose tile gains (ties to
    /// the axis with more to go); whether it gets there. O(moves).
    fn greedy_to(&mut self, target: usize, avoid: &[usize]) -> bool {
        let grid = self.grid;
        let stride = grid.stride();
        let (tr, tc) = grid.row_col(target);
        // The cell `q` the blank would enter by the move of index `m` on row (column)
        // `place`, if free: the cell, the move, and whether its tile, which goes the other
        // way, gains (toward a higher row or column when the move is Up or Left).
        let way = |peeler: &Self, q: usize, m: usize, place: usize| {
            let word = peeler.cells[q];
            if word.is_locked() || avoid.contains(&q) {
                return None;
            }
            let vertical = m == Move::Down.index() || m == Move::Up.index();
            let home = grid.coordinate(word.home(), usize::from(!vertical));
            let gains = if m == Move::Up.index() || m == Move::Left.index() {
                home > place
            } else {
                home < place
            };
            Some((q, m, gains))
        };
        loop {
            let blank = self.blank;
            if blank == target {
                return true;
            }
            let (br, bc) = grid.row_col(blank);
            let vertical = match tr.cmp(&br) {
                std::cmp::Ordering::Greater => {
                    way(self, blank + stride, Move::Down.index(), br + 1)
                }
                std::cmp::Ordering::Less => way(self, blank - stride, Move::Up.index(), br - 1),
                std::cmp::Ordering::Equal => None,
            };
            let horizontal = match tc.cmp(&bc) {
                std::cmp::Ordering::Greater => way(self, blank + 1, Move::Right.index(), bc + 1),
                std::cmp::Ordering::Less => way(self, blank - 1, Move::Left.index(), bc - 1),
                std::cmp::Ordering::Equal => None,
            };
            let (first, second) = if br.abs_diff(tr) >= bc.abs_diff(tc) {
                (vertical, horizontal)
            } else {
                (horizontal, vertical)
            };
            // Both free: the second only where its tile gains and the first's does not,
            // chosen by a select rather than a branch (the gains are a coin's toss).
            let (q, m) = match (first, second) {
                (Some(first), Some(second)) => {
                    let take = second.2 && !first.2;
                    (
                        if take { second.0 } else { first.0 },
                        if take { second.1 } else { first.1 },
                    )
                }
                (Some((q, m, _)), None) | (None, Some((q, m, _))) => (q, m),
                (None, None) => return false,
            };
            // Four moves on the same way, the cell most trips reach (they go straight).
            self.touch((5 * q).wrapping_sub(4 * blank));
            self.record.record_codes(m as u64, 1);
            self.shift_blank(q);
        }
    }

    /// The neighbours of cell `p` (at `from`) closer to `to` by a row and by a column,
    /// with their rows and columns.
    #[allow(clippy::type_complexity)] // two optional (cell, [row, column]) pairs
    fn closer(
        &self,
        p: usize,
        [row, col]: [u32; 2],
        [to_row, to_col]: [u32; 2],
    ) -> (Option<(usize, [u32; 2])>, Option<(usize, [u32; 2])>) {
        let cols = self.grid.stride();
        let vertical = match to_row.cmp(&row) {
            std::cmp::Ordering::Greater => Some((p + cols, [row + 1, col])),
            std::cmp::Ordering::Less => Some((p - cols, [row - 1, col])),
            std::cmp::Ordering::Equal => None,
        };
        let horizontal = match to_col.cmp(&col) {
            std::cmp::Ordering::Greater => Some((p + 1, [row, col + 1])),
            std::cmp::Ordering::Less => Some((p - 1, [row, col - 1])),
            std::cmp::Ordering::Equal => None,
        };
        (vertical, horizontal)
    }

    /// Moves the blank along a shortest path, through cells neither locked nor in `avoid`,
    /// to the nearest cell where `is_target` holds. O(cells visited).
    fn blank_to_nearest(
        &mut self,
        is_target: impl Fn(usize) -> bool,
        avoid: &[usize],
    ) -> Option<()> {
        self.generation += 1;
        let start = self.blank;
        self.queue.clear();
        self.queue.push(start);
        self.seen[start] = self.generation;
        let mut head = 0;
        let target = loop {
            let p = *self.queue.get(head)?;
            head += 1;
            self.visits += 1;
            if is_target(p) {
                break p;
            }
            for m in Move::ALL {
                let Some(q) = self.grid.neighbor(p, m) else {
                    continue;
                };
                if self.seen[q] != self.generation && !self.locked(q) && !avoid.contains(&q) {
                    self.seen[q] = self.generation;
                    self.came_by[q] = m;
                    self.queue.push(q);
                }
            }
        };
        let mut path = Vec::new();
        let mut p = target;
        while p != start {
            path.push(p);
            p = self.grid.neighbor(p, self.came_by[p].opposite())?;
        }
        for &q in path.iter().rev() {
            self.slide(q);
        }
        Some(())
    }

    /// The cell a tile on `p` goes to next on its way to `target`, a cell of the outer
    /// line of the part (`inward` points into the part). A tile never moves along that
    /// line, whose cells left may be apart, but off it first, then in at its cell. Else
    /// of the unlocked neighbours closer to `target`, the one the blank reaches in fewer
    /// moves (its taxicab distance, plus 2 when `p` stands between them on a line), on a
    /// tie the one on the axis with more to go; but straight ahead instead of around the
    /// corner when the blank's moves around the tile gain enough more
    /// ([`Peeler::straight_way`]), and then with the blank's way around it.
    fn tile_step(
        &self,
        p: usize,
        target: usize,
        inward: Move,
    ) -> Option<(usize, Option<[usize; 3]>)> {
        let ([pr, pc], [tr, tc]) = (self.grid.place(p), self.grid.place(target));
        let across = matches!(inward, Move::Up | Move::Down);
        let on_line = |[row, col]: [u32; 2]| if across { row == tr } else { col == tc };
        if on_line([pr, pc]) {
            let next = if self.distance(p, target) == 1 {
                Some(target)
            } else {
                self.grid.neighbor(p, inward)
            };
            return next.map(|next| (next, None));
        }
        let [br, bc] = self.grid.place(self.blank);
        let between = |a: u32, b: u32, c: u32| a.min(c) < b && b < a.max(c);
        let cost = |[qr, qc]: [u32; 2]| {
            let blocked = (br == pr && qr == pr && between(bc, pc, qc))
                || (bc == pc && qc == pc && between(br, pr, qr));
            br.abs_diff(qr) + bc.abs_diff(qc) + 2 * u32::from(blocked)
        };
        let (vertical, horizontal) = self.closer(p, [pr, pc], [tr, tc]);
        let (first, second) = if pr.abs_diff(tr) >= pc.abs_diff(tc) {
            (vertical, horizontal)
        } else {
            (horizontal, vertical)
        };
        let mut pick: Option<(usize, u32)> = None;
        // The cell straight ahead, the blank right behind the tile.
        let mut ahead = None;
        let behind = br.abs_diff(pr) + bc.abs_diff(pc) == 1;
        for neighbour in [first, second] {
            let Some((q, there)) = neighbour else {
                continue;
            };
            if self.locked(q) || (q != target && on_line(there)) {
                continue;
            }
            if behind && q + self.blank == 2 * p {
                ahead = Some(q);
            }
            let cost = cost(there);
            if pick.map_or(true, |(_, least)| cost < least) {
                pick = Some((q, cost));
            }
        }
        let (q, _) = pick?;
        match ahead {
            Some(ahead) if ahead != q => {
                let (along, across) = if ahead.abs_diff(p) == 1 {
                    (pc.abs_diff(tc), pr.abs_diff(tr))
                } else {
                    (pr.abs_diff(tr), pc.abs_diff(tc))
                };
                // Going straight now makes no more moves in all when the tile has more to
                // go ahead than across (a straight step comes sooner or later); else it
                // makes one or two more steps straight, 2 or 4 more moves.
                let costly = along <= across;
                Some(match self.straight_way(p, ahead, q, costly) {
                    Some(way) => (ahead, Some(way)),
                    None => (q, None),
                })
            }
            _ => Some((q, None)),
        }
    }

    /// For a tile on `p`, the blank behind it, that may go on to `ahead` or turn to
    /// `turn`, going straight `costly` when that makes more moves in all: the blank's
    /// way around it to `ahead` ([`Peeler::way_around`]) when its four moves gain at
    /// least [`STRAIGHT_GAIN`] more than its two around the corner (or the corner is
    /// locked); else `None`, a turn. The way is weighed only where its four moves could
    /// gain that much (4 at most). O(1).
    fn straight_way(
        &self,
        p: usize,
        ahead: usize,
        turn: usize,
        costly: bool,
    ) -> Option<[usize; 3]> {
        if self.blank.abs_diff(p) == 1 {
            self.straight_way_along::<1>(p, ahead, turn, costly)
        } else {
            self.straight_way_along::<0>(p, ahead, turn, costly)
        }
    }

    /// [`Peeler::straight_way`] for a tile going along `ALONG`, a constant (as in
    /// [`Peeler::way_around_along`]).
    fn straight_way_along<const ALONG: usize>(
        &self,
        p: usize,
        ahead: usize,
        turn: usize,
        costly: bool,
    ) -> Option<[usize; 3]> {
        let blank = self.blank;
        let corner = blank + turn - p;
        // The blank goes across to the corner, then along to `turn`; each tile it meets
        // moves against it, toward higher rows or columns when the blank comes from there.
        let turn_gain = self.step_gain(corner, 1 - ALONG, blank > corner)
            + self.step_gain(turn, ALONG, corner > turn);
        let least = turn_gain + STRAIGHT_GAIN[usize::from(costly)];
        let locked = self.locked(corner);
        // Four moves gain at most 4: no need to weigh the way around.
        if !locked && least > 4 {
            return None;
        }
        let (gain, higher) = self.way_around_along::<ALONG>(p, ahead)?;
        (locked || gain >= least).then(|| self.side_way(p, ahead, ALONG, higher))
    }

    /// Moves the tile whose goal cell is `target`, one of the line, cell by cell toward
    /// it ([`Peeler::tile_step`]) until it is there or in `stop`; most steps, the blank
    /// behind the tile, by [`Peeler::step_behind`].
    fn tile_to(&mut self, target: usize, stop: &[usize], inward: Move) -> Option<()> {
        if matches!(inward, Move::Up | Move::Down) {
            self.tile_to_line::<0>(target, stop, inward)
        } else {
            self.tile_to_line::<1>(target, stop, inward)
        }
    }

    /// [`Peeler::tile_to`] for an outer line across `LINE` (0: a row, 1: a column), a
    /// constant.
    fn tile_to_line<const LINE: usize>(
        &mut self,
        target: usize,
        stop: &[usize],
        inward: Move,
    ) -> Option<()> {
        // The tile's cell, known after a step behind: not read back from `at`, just
        // written where the step's cells moved.
        let mut p = self.at(target);
        loop {
            if p == target || stop.contains(&p) {
                return Some(());
            }
            if let Some(next) = self.step_behind::<LINE>(p, target) {
                p = next;
                continue;
            }
            match self.tile_step(p, target, inward)? {
                (next, Some(way)) => self.go_around(way, next, p),
                (next, None) => {
                    if !self.around(p, next) {
                        self.blank_to(next, &[p])?;
                        self.slide(p);
                    }
                }
            }
            p = self.at(target);
        }
    }

    /// The step of the tile on `p` toward `target` in the steady state of its way: the
    /// tile off the outer line (a row if `LINE` is 0, else a column), the blank next to
    /// it and not on a cell that brings it closer (it is where the tile was). The step
    /// [`Peeler::tile_step`] and [`Peeler::around`] would make, without their general
    /// weighing: of the free cells closer to `target`, the one around the corner costs
    /// the blank 2 moves and the one straight ahead 4, so the corner is taken unless
    /// there is none or [`Peeler::straight_way`] would go straight. The cell the tile
    /// stepped to; else `None`, nothing moved, and the general way decides. O(1).
    #[inline(always)]
    fn step_behind<const LINE: usize>(&mut self, p: usize, target: usize) -> Option<usize> {
        let gap = self.blank.abs_diff(p);
        if gap == 1 {
            self.step_along::<LINE, 1>(p, target)
        } else if gap == self.grid.stride() {
            self.step_along::<LINE, 0>(p, target)
        } else {
            None
        }
    }

    /// [`Peeler::step_behind`] with the blank behind the tile along `ALONG` (0: across
    /// rows, 1: across columns): the decisions of [`Peeler::straight_way`] and
    /// [`Peeler::around`], each step's moves made at once ([`Peeler::rotate`]).
    #[inline(always)]
    fn step_along<const LINE: usize, const ALONG: usize>(
        &mut self,
        p: usize,
        target: usize,
    ) -> Option<usize> {
        let (grid, blank) = (self.grid, self.blank);
        let other = 1 - ALONG;
        let line = grid.coordinate(target, LINE);
        let on_line = |q: usize| grid.coordinate(q, LINE) == line;
        if on_line(p) {
            return None;
        }
        // The cell the tile reaches in two straight steps: read one step early.
        self.touch((3 * p).wrapping_sub(2 * blank));
        let (p_along, t_along) = (grid.coordinate(p, ALONG), grid.coordinate(target, ALONG));
        if p_along != t_along && (t_along > p_along) != (p > blank) {
            // The blank stands on a cell closer to the target.
            return None;
        }
        let (p_other, t_other) = (grid.coordinate(p, other), grid.coordinate(target, other));
        let free = |q: usize| !self.locked(q) && (q == target || !on_line(q));
        let ahead = (p_along != t_along)
            .then(|| 2 * p - blank)
            .filter(|&q| free(q));
        let offset = if other == 0 { grid.stride() } else { 1 };
        let turn = (p_other != t_other)
            .then(|| {
                if t_other > p_other {
                    p + offset
                } else {
                    p - offset
                }
            })
            .filter(|&q| free(q));
        match (turn, ahead) {
            (Some(turn), Some(ahead)) => {
                // As `straight_way`: going straight makes no more moves in all when the
                // tile has more to go ahead than across.
                let costly = p_along.abs_diff(t_along) <= p_other.abs_diff(t_other);
                let corner = blank + turn - p;
                let locked = self.locked(corner);
                let mut least = 0;
                if !locked {
                    least = self.step_gain(corner, other, blank > corner)
                        + self.step_gain(turn, ALONG, corner > turn)
                        + STRAIGHT_GAIN[usize::from(costly)];
                    // Four moves gain at most 4: no need to weigh the way around.
                    if least > 4 {
                        self.turn_step::<ALONG>(p, turn, corner);
                        return Some(turn);
                    }
                }
                match self.way_around_along::<ALONG>(p, ahead) {
                    Some((gain, higher)) if locked || gain >= least => {
                        self.straight_step::<ALONG>(p, ahead, higher);
                        Some(ahead)
                    }
                    _ if !locked => {
                        self.turn_step::<ALONG>(p, turn, corner);
                        Some(turn)
                    }
                    _ => None,
                }
            }
            (Some(turn), None) => {
                let corner = blank + turn - p;
                if self.locked(corner) {
                    return None;
                }
                self.turn_step::<ALONG>(p, turn, corner);
                Some(turn)
            }
            (None, Some(ahead)) => {
                let (_, higher) = self.way_around_along::<ALONG>(p, ahead)?;
                self.straight_step::<ALONG>(p, ahead, higher);
                Some(ahead)
            }
            (None, None) => None,
        }
    }

    /// The tile on `p`, the blank behind it along `ALONG`, turns onto `turn`: the blank
    /// goes to `corner`, on to `turn` and back onto `p`, 3 moves recorded at once.
    #[inline(always)]
    fn turn_step<const ALONG: usize>(&mut self, p: usize, turn: usize, corner: usize) {
        let side = move_index(1 - ALONG, turn > p);
        let along = move_index(ALONG, p > self.blank);
        let codes = side | along << 2 | Move::opposite_index(side) << 4;
        self.record.record_codes(codes as u64, 3);
        self.rotate([corner, turn, p]);
    }

    /// The tile on `p`, the blank behind it along `ALONG`, goes straight on to `next`, the
    /// blank around it on the side of the higher row (column) if `higher`: 5 moves
    /// recorded at once, as [`Peeler::go_around`].
    #[inline(always)]
    fn straight_step<const ALONG: usize>(&mut self, p: usize, next: usize, higher: bool) {
        let side = move_index(1 - ALONG, higher);
        let along = move_index(ALONG, next > p);
        let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
        let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
        self.record.record_codes(codes as u64, 5);
        let [a, b, c] = self.side_way(p, next, ALONG, higher);
        self.rotate([a, b, c, next, p]);
    }

    /// Moves the blank along `way`, each cell next to the one before, the moves recorded
    /// by the caller: what [`Peeler::shift_blank`] does at each, each word written once.
    #[inline(always)]
    fn rotate<const N: usize>(&mut self, way: [usize; N]) {
        let mut hole = self.blank;
        let blank_word = self.cells[hole];
        for q in way {
            let word = self.cells[q];
            self.cells[hole] = word;
            if word.in_line() {
                let slot = self.slot(word.home());
                self.at[slot] = hole;
            }
            hole = q;
        }
        self.cells[hole] = blank_word;
        self.blank = hole;
    }

    /// What the tile on `q` gains in Manhattan distance (1 or −1) moving one cell along
    /// `axis` (0: across rows, 1: across columns), to a higher row or column if `up`.
    fn step_gain(&self, q: usize, axis: usize, up: bool) -> isize {
        let grid = self.grid;
        gain_of(
            grid.coordinate(self.cells[q].home(), axis),
            grid.coordinate(q, axis),
            up,
        )
    }

    /// The common steps of the tile on `p` to `next` when the blank stands next to it,
    /// in O(1): from `next`, one move; from a cell diagonal to `next`, around the corner
    /// (3 moves); from behind, straight ahead around either side (5 moves), the side
    /// whose tiles gain more. Moves the tile onto `next` (the blank onto `p`), or
    /// returns false (and moves nothing) when none applies.
    fn around(&mut self, p: usize, next: usize) -> bool {
        let blank = self.blank;
        if blank == next {
            self.slide(p);
            return true;
        }
        if self.distance(blank, p) != 1 {
            return false;
        }
        if blank + next != 2 * p {
            // A turn: the corner is the fourth cell of their square.
            let corner = blank + next - p;
            if self.locked(corner) {
                return false;
            }
            let side = self.grid.direction(blank, corner).index();
            let along = self.grid.direction(corner, next).index();
            let codes = side | along << 2 | Move::opposite_index(side) << 4;
            self.record.record_codes(codes as u64, 3);
            for q in [corner, next, p] {
                self.shift_blank(q);
            }
            return true;
        }
        let Some((_, way)) = self.way_around(p, next) else {
            return false;
        };
        self.go_around(way, next, p);
        true
    }

    /// Moves the blank along `way` ([`Peeler::way_around`]) to `next`, then onto `p`,
    /// the tile's step from `p` to `next`: to the side, twice along the tile's way,
    /// back across, back along; two directions, found once, five moves recorded at once.
    fn go_around(&mut self, way: [usize; 3], next: usize, p: usize) {
        let side = self.grid.direction(self.blank, way[0]).index();
        let along = self.grid.direction(way[0], way[1]).index();
        let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
        let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
        self.record.record_codes(codes as u64, 5);
        for q in way {
            self.shift_blank(q);
        }
        self.shift_blank(next);
        self.shift_blank(p);
    }

    /// The blank's way from behind `p` around it to `next`, straight ahead, by the side
    /// whose tiles gain more: what its four moves gain and the three cells before
    /// `next`; `None` when both sides are locked or off the board. O(1).
    fn way_around(&self, p: usize, next: usize) -> Option<(isize, [usize; 3])> {
        let along = usize::from(self.blank.abs_diff(p) == 1);
        let (gain, higher) = if along == 1 {
            self.way_around_along::<1>(p, next)?
        } else {
            self.way_around_along::<0>(p, next)?
        };
        Some((gain, self.side_way(p, next, along, higher)))
    }

    /// [`Peeler::way_around`] for a tile going along `ALONG` (0: across rows, 1: across
    /// columns), a constant so that every coordinate read is one shift or one mask: what
    /// the four moves gain and whether the way is on the side of the higher row (column).
    /// Each side counts the moves that bring a tile closer, so that a gain is twice the
    /// count less 4.
    fn way_around_along<const ALONG: usize>(&self, p: usize, next: usize) -> Option<(isize, bool)> {
        let (blank, grid) = (self.blank, self.grid);
        let across = 1 - ALONG;
        // The sides are across the tile's way, `offset` cells away.
        let (offset, lines) = if ALONG == 1 {
            (grid.stride(), grid.rows)
        } else {
            (1, grid.cols)
        };
        let line = grid.coordinate(p, across);
        let forward = next > p;
        // The places the tiles move from, known here: along, those of `p` and `next`.
        let (p_along, next_along) = (grid.coordinate(p, ALONG), grid.coordinate(next, ALONG));
        let next_home = grid.coordinate(self.cells[next].home(), across);
        // The tiles beside `p` and `next` move back along the way.
        let back = |word: W, place: usize| {
            let home = grid.coordinate(word.home(), ALONG);
            u8::from(if forward { home < place } else { home > place })
        };
        // Onto the tile's line from the side, back twice along the way, off the line to
        // the side: the moves that gain, or `None` when a cell is locked.
        let side = |words: [W; 3], higher: bool| {
            if words[0].is_locked() | words[1].is_locked() | words[2].is_locked() {
                return None;
            }
            let home = grid.coordinate(words[0].home(), across);
            let (onto, off) = if higher {
                (home <= line, next_home > line)
            } else {
                (home >= line, next_home < line)
            };
            Some(
                u8::from(onto)
                    + back(words[1], p_along)
                    + back(words[2], next_along)
                    + u8::from(off),
            )
        };
        let low = (line != 0)
            .then(|| side([blank, p, next].map(|q| self.cells[q - offset]), false))
            .flatten();
        let high = (line + 1 != lines)
            .then(|| side([blank, p, next].map(|q| self.cells[q + offset]), true))
            .flatten();
        let (good, higher) = match (low, high) {
            (Some(low), Some(high)) => {
                if high > low {
                    (high, true)
                } else {
                    (low, false)
                }
            }
            (Some(low), None) => (low, false),
            (None, Some(high)) => (high, true),
            (None, None) => return None,
        };
        Some((2 * isize::from(good) - 4, higher))
    }

    /// The blank's way around the tile on `p` to `next` on the side `higher` (or lower)
    /// across `along`: the three cells before `next`.
    fn side_way(&self, p: usize, next: usize, along: usize, higher: bool) -> [usize; 3] {
        let offset = if along == 1 { self.grid.stride() } else { 1 };
        [self.blank, p, next].map(|q| if higher { q + offset } else { q - offset })
    }

    /// Places the tiles of `line`, the outer line of the part, `inward` pointing into the
    /// part, which has at least 4 lines beyond it, and locks the line; `region` is the
    /// part with the line, where its tiles are found. The cells left
    /// form runs; each time, of at most [`CANDIDATES`] cells spread over those left, the
    /// one whose tile is nearest the blank and which leaves no run of one cell (which no
    /// tile could enter) is filled, or, when it is one of a run of two, both
    /// ([`Peeler::place_last_two`]). The first cell left is always a candidate, and never
    /// leaves a run of one. O([`CANDIDATES`]) a tile to choose it.
    fn place_line(&mut self, line: &[usize], inward: Move, region: Part) -> Option<()> {
        let axis = usize::from(matches!(inward, Move::Left | Move::Right));
        let grid = self.grid;
        let at = grid.place(line[0])[axis] as usize;
        // A tile's goal on the line's row (column): a shift and a mask of its goal cell.
        let (shift, mask) = if axis == 0 {
            (grid.shift, usize::MAX)
        } else {
            (0, grid.stride() - 1)
        };
        let of_line = |word: W| (word.home() >> shift) & mask == at;
        // A row's tiles by their column, a column's by their row.
        self.slot = if axis == 0 {
            (0, grid.stride() - 1)
        } else {
            (grid.shift, usize::MAX)
        };
        // The cells of each row of the region, 16 at a time: a group without a tile of
        // the line (most) is passed on one test of all its words, without a branch each.
        const GROUP: usize = 16;
        for row in region.first[0]..=region.last[0] {
            let start = grid.at(row, region.first[1]);
            let end = grid.at(row, region.last[1]) + 1;
            for first in (start..end).step_by(GROUP) {
                let last = end.min(first + GROUP);
                let words = &self.cells[first..last];
                if !words.iter().fold(false, |any, &word| any | of_line(word)) {
                    continue;
                }
                for p in first..last {
                    let word = self.cells[p];
                    if of_line(word) {
                        self.cells[p] = word.of_line();
                        let slot = self.slot(word.home());
                        self.at[slot] = p;
                    }
                }
            }
        }
        let mut left: Vec<usize> = (0..line.len()).collect();
        // Whether each cell of the line is locked, side by side (a column's cells are rows
        // apart), kept as the line is filled.
        let mut locked: Vec<bool> = line.iter().map(|&q| self.locked(q)).collect();
        while !left.is_empty() {
            let is_free = |i: Option<usize>| i.is_some_and(|i| i < line.len() && !locked[i]);
            let candidates = match self.variant.order {
                Order::Nearest => &left[..],
                Order::Forward => &left[..1],
                Order::Backward => &left[left.len() - 1..],
            };
            let step = (candidates.len() + CANDIDATES - 1) / CANDIDATES;
            // (distance from the blank to the tile, first cell to fill, whether a pair).
            let mut nearest: Option<(usize, usize, bool)> = None;
            for &i in candidates.iter().step_by(step) {
                let (left_1, left_2) = (is_free(i.checked_sub(1)), is_free(i.checked_sub(2)));
                let (right_1, right_2) = (is_free(Some(i + 1)), is_free(Some(i + 2)));
                let (start, pair) = match (left_1 && !left_2, right_1 && !right_2) {
                    (true, false) if !right_1 => (i - 1, true),
                    (false, true) if !left_1 => (i, true),
                    (false, false) => (i, false),
                    _ => continue,
                };
                let distance = self.distance(self.blank, self.at(line[i]));
                if nearest.map_or(true, |(d, ..)| distance < d) {
                    nearest = Some((distance, start, pair));
                }
            }
            let (_, start, pair) = nearest?;
            self.placing = line[start];
            if pair {
                let (first, last) = (line[start], line[start + 1]);
                if self.at(first) != first || self.at(last) != last {
                    self.place_last_two(line, start, inward)?;
                }
                self.lock(first, true);
                self.lock(last, true);
                (locked[start], locked[start + 1]) = (true, true);
            } else {
                self.tile_to(line[start], &[], inward)?;
                self.lock(line[start], true);
                locked[start] = true;
            }
            for filled in start..start + 1 + usize::from(pair) {
                if let Ok(j) = left.binary_search(&filled) {
                    left.remove(j);
                }
            }
        }
        Some(())
    }

    /// Places the two tiles left of `line`, `a` on `line[low]` and `b` on `line[low + 1]`:
    /// `b` on its cell, `a` into the window of their two cells three deep, then both by
    /// [`Peeler::place_pair`] in a window one cell longer (over a locked cell of the line
    /// next to `a`'s, when there is one) and one deeper, which the blank can always enter
    /// without moving `a` or `b`.
    fn place_last_two(&mut self, line: &[usize], low: usize, inward: Move) -> Option<()> {
        let (first, last) = (line[low], line[low + 1]);
        let wide = if low > 0 {
            &line[low - 1..low + 2]
        } else {
            &line[low..line.len().min(low + 3)]
        };
        let large = self.window(wide, inward, 4)?;
        let inside = |peeler: &Self, home: usize| large.contains(&peeler.at(home));
        if !inside(self, first) || !inside(self, last) {
            self.tile_to(last, &[], inward)?;
            self.lock(last, true);
            let small = self.window(&line[low..low + 2], inward, 3)?;
            self.tile_to(first, &small, inward)?;
            self.lock(last, false);
        }
        let (at_a, at_b) = (self.at(first), self.at(last));
        self.blank_to_nearest(|q| large.contains(&q), &[at_a, at_b])?;
        self.place_pair(&large, first, last)
    }

    /// The unlocked cells within `depth` steps inward of `cells`.
    fn window(&self, cells: &[usize], inward: Move, depth: usize) -> Option<Vec<usize>> {
        let mut window = Vec::new();
        for &cell in cells {
            let mut p = cell;
            for d in 0..depth {
                if d > 0 {
                    p = self.grid.neighbor(p, inward)?;
                }
                if !self.locked(p) {
                    window.push(p);
                }
            }
        }
        Some(window)
    }

    /// Brings the tiles whose goal cells are `a` and `b` (of the line) there by a
    /// breadth-first search over the places of the two and the blank within `window` (at
    /// most 12 cells: 1,728 states); each search's answer is kept, and a question asked
    /// again ([`PairSearch`]) answered from it, the same moves.
    fn place_pair(&mut self, window: &[usize], a: usize, b: usize) -> Option<()> {
        let index = |p: usize| window.iter().position(|&q| q == p);
        let start = [index(self.at(a))?, index(self.at(b))?, index(self.blank)?];
        let goal = [index(a)?, index(b)?];
        let (first_row, first_col) = self.row_col(window[0]);
        let shape = window
            .iter()
            .map(|&p| {
                let (row, col) = self.row_col(p);
                (
                    row as isize - first_row as isize,
                    col as isize - first_col as isize,
                )
            })
            .collect();
        let byte = |i: usize| i as u8;
        let question = (shape, start.map(byte), goal.map(byte));
        if !self.pairs.contains_key(&question) {
            let answer = self.pair_search(window, start, goal);
            self.pairs.insert(question.clone(), answer);
        }
        let places = self.pairs.get(&question)?.clone()?;
        for i in places {
            self.slide(window[usize::from(i)]);
        }
        Some(())
    }

    /// The places in `window` the blank goes through, in order, to bring the tiles on
    /// `start[0]` and `start[1]` to `goal`, the blank on `start[2]`: a breadth-first
    /// search over the places of the three. `None` if there is no way.
    fn pair_search(
        &self,
        window: &[usize],
        start: [usize; 3],
        goal: [usize; 2],
    ) -> Option<Vec<u8>> {
        let n = window.len();
        let index = |p: usize| window.iter().position(|&q| q == p);
        let encode = |s: [usize; 3]| (s[0] * n + s[1]) * n + s[2];
        // Each cell's neighbours in the window, in the order of [`Move::ALL`].
        let neighbors: Vec<Vec<usize>> = window
            .iter()
            .map(|&p| {
                Move::ALL
                    .iter()
                    .filter_map(|&m| self.grid.neighbor(p, m).and_then(index))
                    .collect()
            })
            .collect();
        // `from[state]`: the state before it and the blank's cell in the window, packed
        // (`UNSEEN` when not reached); the queue a list, each state in it at most once.
        const UNSEEN: u32 = u32::MAX;
        let pack = |state: usize, q: usize| (state << 8 | q) as u32;
        let mut from = vec![UNSEEN; n * n * n];
        let mut queue = Vec::with_capacity(n * n * n);
        queue.push((start, encode(start)));
        from[encode(start)] = pack(encode(start), 0);
        let mut head = 0;
        let end = loop {
            let (state, here) = *queue.get(head)?;
            head += 1;
            if [state[0], state[1]] == goal {
                break state;
            }
            let [at_a, at_b, blank] = state;
            for &q in &neighbors[blank] {
                // A tile on the blank's next cell moves onto the blank's.
                let next = [
                    if at_a == q { blank } else { at_a },
                    if at_b == q { blank } else { at_b },
                    q,
                ];
                let code = encode(next);
                if from[code] == UNSEEN {
                    from[code] = pack(here, q);
                    queue.push((next, code));
                }
            }
        };
        let mut places = Vec::new();
        let mut code = encode(end);
        while code != encode(start) {
            let packed = from[code] as usize;
            places.push((packed & 0xFF) as u8);
            code = packed >> 8;
        }
        places.reverse();
        Some(places)
    }

    /// Solves the part left, at most 3×3, by IDA* on its own tiles, renumbered by their
    /// goal cells within the part.
    fn finish(&mut self, part: Part) -> Option<()> {
        let shape = Shape {
            rows: part.len(0),
            cols: part.len(1),
        };
        let grid = self.grid;
        let cells: Vec<usize> = (part.first[0]..=part.last[0])
            .flat_map(|r| (part.first[1]..=part.last[1]).map(move |c| grid.at(r, c)))
            .collect();
        self.placing = cells[0];
        // Tiles renumbered 1, 2, … in the order of their goal cells in the part.
        let mut label = vec![None; self.goal.len()];
        label[0] = Some(0);
        for (&p, number) in cells.iter().filter(|&&p| self.goal[p] != 0).zip(1..) {
            label[self.goal[p] as usize] = Some(number);
        }
        let local = |tile: &dyn Fn(usize) -> u32| -> Option<Vec<u8>> {
            cells.iter().map(|&p| label[tile(p) as usize]).collect()
        };
        let (start, goal) = (local(&|p| self.tile(p))?, local(&|p| self.goal[p])?);
        let wide = |board: &[u8]| board.iter().map(|&t| u32::from(t)).collect::<Vec<_>>();
        if !is_reachable(shape, &wide(&start), &wide(&goal)) {
            return None;
        }
        let puzzle = Puzzle::new(shape, goal);
        let bound = LinearConflict::new(&puzzle);
        let unlimited = Limits {
            max_nodes: None,
            time_limit: None,
            max_memory_mib: usize::MAX,
        };
        let outcome = ida::solve(
            &puzzle,
            &bound,
            &start,
            &Budget::new(unlimited),
            u64::MAX,
            1,
        );
        let Ok(ida::Outcome::Path(path)) = outcome else {
            return None;
        };
        let mut blank = cells[start.iter().position(|&t| t == 0)?];
        for m in path {
            blank = self.grid.neighbor(blank, m)?;
            self.slide(blank);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    // Paths through `super` rather than imports: a bench that includes this file
    // builds it with `cfg(test)` but no tests, where an import would go unused.
    /// Boards whose padded cells pass 2^30 are held in `u64` words: on small boards,
    /// those make the very moves the `u32` words make.
    #[test]
    fn any_in_wide_words_makes_the_same_moves() {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        for (rows, cols) in [(2, 9), (7, 9), (12, 5), (30, 30), (9, 1)] {
            let shape = super::Shape { rows, cols };
            let n = (rows * cols) as u32;
            let goal: Vec<u32> = (1..n).chain(Some(0)).collect();
            let mut board = goal.clone();
            if rows > 1 && cols > 1 {
                for i in (1..board.len()).rev() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    board.swap(i, (seed % (i as u64 + 1)) as usize);
                }
                if !super::is_reachable(shape, &board, &goal) {
                    let tiles: Vec<usize> = (0..board.len()).filter(|&p| board[p] != 0).collect();
                    board.swap(tiles[0], tiles[1]);
                }
            } else {
                board.rotate_right(1);
            }
            let letters = |packed: &super::Packed| {
                let mut out = Vec::new();
                packed.write_letters(&mut out).unwrap();
                out
            };
            let variant = super::Variant::default();
            let (mut narrow, mut wide) = (
                super::Packed::new(super::KEPT),
                super::Packed::new(super::KEPT),
            );
            super::Peeler::<_, u32>::run(shape, &board, &goal, variant, &mut narrow).unwrap();
            super::Peeler::<_, u64>::run(shape, &board, &goal, variant, &mut wide).unwrap();
            assert!(narrow.count() > 0);
            assert_eq!(letters(&narrow), letters(&wide), "{rows}x{cols}");
        }
    }
}
