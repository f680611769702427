//! Moves, board shapes and paths, shared by every other module.

/// A move of the blank, named by its direction (it swaps with the tile there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Down,
    Left,
    Right,
    Up,
}

impl Move {
    /// Every move, in the canonical order `D < L < R < U`.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The letter printed for this move.
    pub fn letter(self) -> char {
        match self {
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
            Move::Up => 'U',
        }
    }

    /// The place of this move in [`Move::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The index of the move undoing `Move::ALL[i]`: `3 − i`, for `i < 4`.
    pub const fn opposite_index(i: usize) -> usize {
        3 - i
    }

    /// The moves whose entries in `row` (one a move, in [`Move::ALL`] order) are not
    /// `missing`, bit i for `Move::ALL[i]`.
    pub(crate) fn live_bits<T: PartialEq>(row: [T; 4], missing: T) -> u8 {
        row.iter()
            .enumerate()
            .filter(|(_, entry)| **entry != missing)
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// The move that undoes this one.
    #[cfg(not(feature = "judge"))]
    pub fn opposite(self) -> Move {
        match self {
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
        }
    }
}

/// What a path's letters name (`--letters`): the blank's direction (`Blank`, the judges' and
/// the default) or the moved tile's, the opposite letter (`Tile`, the speedsolvers' and
/// slidy's). Moves are always held as the blank's ([`Move`]), as is the order `D < L < R < U`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg(not(feature = "judge"))]
pub enum Lettering {
    #[default]
    Blank,
    Tile,
}

#[cfg(not(feature = "judge"))]
impl Lettering {
    /// The letter that names the move `m` of the blank.
    pub fn letter(self, m: Move) -> u8 {
        match self {
            Lettering::Blank => m.letter() as u8,
            Lettering::Tile => m.opposite().letter() as u8,
        }
    }

    /// The move of the blank that `letter` names, if it names one (`U D L R` only).
    pub fn read(self, letter: u8) -> Option<Move> {
        Move::ALL.into_iter().find(|&m| self.letter(m) == letter)
    }

    /// Rewrites in place a path lettered for the blank (as every search writes it) in this
    /// lettering; other bytes stay. O(length).
    pub fn rename(self, text: &mut [u8]) {
        if self == Lettering::Tile {
            for byte in text {
                if let Some(m) = Lettering::Blank.read(*byte) {
                    *byte = self.letter(m);
                }
            }
        }
    }
}

/// A board's size, rows×cols, 1 ≤ rows, cols; cells are numbered 0..rows·cols row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rows: usize,
    pub cols: usize,
}

impl Shape {
    /// The number of cells, rows·cols.
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// The row of cell `p`.
    pub fn row(self, p: usize) -> usize {
        p / self.cols
    }

    /// The column of cell `p`.
    pub fn col(self, p: usize) -> usize {
        p % self.cols
    }

    /// The taxicab distance between cells `a` and `b`.
    pub fn distance(self, a: usize, b: usize) -> usize {
        self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))
    }

    /// The cell next to `p` in direction `m`, if on the board.
    pub fn neighbor(self, p: usize, m: Move) -> Option<usize> {
        let (row, col) = (self.row(p), self.col(p));
        match m {
            Move::Down => (row + 1 < self.rows).then_some(p + self.cols),
            Move::Left => (col > 0).then(|| p - 1),
            Move::Right => (col + 1 < self.cols).then_some(p + 1),
            Move::Up => (row > 0).then(|| p - self.cols),
        }
    }

    /// The move that takes the blank from cell `from` to the adjacent cell `to`.
    #[cfg(not(feature = "judge"))]
    pub fn direction(self, from: usize, to: usize) -> Move {
        if to == from + self.cols {
            Move::Down
        } else if to + self.cols == from {
            Move::Up
        } else if to + 1 == from {
            Move::Left
        } else {
            Move::Right
        }
    }
}

/// A board being played: the tile on each of its rows·cols cells (the blank `0` on one) and
/// the blank's cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg(not(feature = "judge"))]
pub(crate) struct Board {
    pub(crate) shape: Shape,
    pub(crate) cells: Vec<u32>,
    blank: usize,
}

/// What a move did: the tile it slid and the cells the tile left and entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(not(feature = "judge"))]
pub(crate) struct Slide {
    pub(crate) tile: u32,
    pub(crate) from: usize,
    pub(crate) to: usize,
}

#[cfg(not(feature = "judge"))]
impl Board {
    /// The board `cells` of `shape`. O(N).
    pub(crate) fn new(shape: Shape, cells: Vec<u32>) -> Self {
        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        Board {
            shape,
            cells,
            blank,
        }
    }

    /// Moves the blank by `m`, swapping it with the tile there: that tile's slide, or `None`
    /// (the board unchanged) when `m` leaves the board. O(1).
    pub(crate) fn slide(&mut self, m: Move) -> Option<Slide> {
        let from = self.shape.neighbor(self.blank, m)?;
        let to = std::mem::replace(&mut self.blank, from);
        self.cells.swap(from, to);
        Some(Slide {
            tile: self.cells[to],
            from,
            to,
        })
    }
}

/// The letters of a path, e.g. `DLRU`.
pub fn path_text(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// `n` moves in words: `1 move`, `5 moves`.
#[cfg(not(feature = "judge"))]
pub fn moves_text(n: u64) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} move{s}")
}

/// Where each tile is: `result[t]` is the cell of tile `t` in `cells`, a permutation of 0..N.
/// O(N).
pub fn positions<T: Copy + Into<u32>>(cells: &[T]) -> Vec<usize> {
    let mut at = vec![0; cells.len()];
    for (p, &t) in cells.iter().enumerate() {
        at[t.into() as usize] = p;
    }
    at
}

/// The sum over tiles (blank excluded) of their taxicab distance to their goal cells. O(N).
#[cfg(not(feature = "judge"))]
pub fn manhattan(shape: Shape, cells: &[u32], goal: &[u32]) -> usize {
    let goal_at = positions(goal);
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(p, &t)| shape.distance(p, goal_at[t as usize]))
        .sum()
}
