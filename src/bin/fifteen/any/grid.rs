//! The layout the peeler works in: the padded [`Grid`] of cells, the [`Word`] a cell holds,
//! the [`Part`] left to place, and what a step gains.
//! Uses `board`'s shape and moves only.

use super::super::board::{Move, Shape};

/// The part of the board not yet placed: rows `first[0]..=last[0]`, columns
/// `first[1]..=last[1]`.
#[derive(Clone, Copy)]
pub(super) struct Part {
    pub(super) first: [usize; 2],
    pub(super) last: [usize; 2],
}

impl Part {
    /// The number of its rows (`axis` 0) or columns (1).
    pub(super) fn len(self, axis: usize) -> usize {
        self.last[axis] - self.first[axis] + 1
    }
}

/// The cells of a board laid out 2^`shift` to a row, the least power of two above the
/// number of columns, so that a cell's row and column are a shift and a mask away (no
/// division, no table, nothing stored beside the cell); the cells past the last column
/// of a row are padding, locked. Fewer than twice the cells of the board. Cells are
/// named by their index in this layout throughout [`Peeler`].
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) shift: u32,
}

impl Grid {
    pub(super) fn new(shape: Shape) -> Self {
        Grid {
            rows: shape.rows,
            cols: shape.cols,
            shift: usize::BITS - shape.cols.leading_zeros(),
        }
    }

    /// The distance between a cell and the one below it.
    pub(super) fn stride(self) -> usize {
        1 << self.shift
    }

    /// The number of cells, padding included.
    pub(super) fn len(self) -> usize {
        self.rows << self.shift
    }

    /// The cell at `row`, `col`.
    pub(super) fn at(self, row: usize, col: usize) -> usize {
        row << self.shift | col
    }

    /// The cells of the board (no padding) in row-major order.
    pub(super) fn cells(self) -> impl Iterator<Item = usize> {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| self.at(row, col)))
    }

    /// The row and column of cell `p`.
    pub(super) fn place(self, p: usize) -> [u32; 2] {
        [(p >> self.shift) as u32, (p & (self.stride() - 1)) as u32]
    }

    /// The row (`axis` 0) or the column (1) of cell `p`, without a branch: a shift and a
    /// mask for both.
    pub(super) fn coordinate(self, p: usize, axis: usize) -> usize {
        let shift = if axis == 0 { self.shift } else { 0 };
        let mask = if axis == 0 {
            usize::MAX
        } else {
            self.stride() - 1
        };
        (p >> shift) & mask
    }

    /// The row and column of cell `p`, as indices.
    pub(super) fn row_col(self, p: usize) -> (usize, usize) {
        (p >> self.shift, p & (self.stride() - 1))
    }

    /// The cell next to `p` in the direction of `m`, if it is on the board.
    pub(super) fn neighbor(self, p: usize, m: Move) -> Option<usize> {
        let (row, col) = self.row_col(p);
        match m {
            Move::Down => (row + 1 < self.rows).then_some(p + self.stride()),
            Move::Left => (col > 0).then(|| p - 1),
            Move::Right => (col + 1 < self.cols).then_some(p + 1),
            Move::Up => (row > 0).then(|| p - self.stride()),
        }
    }

    /// The move that takes the blank from cell `from` to the adjacent cell `to`.
    pub(super) fn direction(self, from: usize, to: usize) -> Move {
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
pub(super) trait Word: Copy {
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
pub(super) fn gain_of(home: usize, place: usize, up: bool) -> isize {
    if if up { home > place } else { home < place } {
        1
    } else {
        -1
    }
}

/// The index ([`Move::index`]) of the blank's move along `axis` (0: across rows, 1: across
/// columns), toward the higher row (column) if `up`.
pub(super) const fn move_index(axis: usize, up: bool) -> usize {
    match (axis == 0, up) {
        (true, true) => 0,
        (false, false) => 1,
        (false, true) => 2,
        (true, false) => 3,
    }
}
