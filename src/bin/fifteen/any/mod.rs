//! `any`: a valid path for every reachable board of any shape, in O(N·(rows+cols)) moves, not
//! optimal; O(N) memory and 2 bits a move. Uses `board`, `goal` and, for the last part of at
//! most 3×3, `search`'s IDA*.
//!
//! The board is peeled line by line, keeping the blank's goal cell inside the part left:
//! while the part has at least 4 rows (or columns), its first or last row (column) is placed;
//! the part left, at most 3×3, is finished by IDA*. One-row and one-column boards only need
//! the blank slid home. Within a line, the next cell filled is the one whose tile is nearest
//! the blank (which shortens the blank's trips between tiles), among those that leave no lone
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
//! Moves are handed to a [`Record`] as they are made: counted, or packed two bits a move
//! ([`Packed`], up to [`MOST_PACKED`]), or written as letters by a second solve, which makes the
//! same moves.
//!
//! # Files
//!
//! - `record`: where the moves go ([`Record`]): counted, packed two bits a move
//!   ([`Packed`]), or written as letters ([`Letters`]);
//! - `grid`: the padded layout of the cells (`Grid`), the word a cell holds (`Word`) and
//!   the part left (`Part`);
//! - `peeler`: the board being peeled (`Peeler`), the ways of peeling ([`Variant`]), the
//!   order of the lines, the moves of the blank cell by cell, and [`Stuck`];
//! - `blank`: the blank's trips to a cell: move by move, by three straight segments, or
//!   breadth-first;
//! - `tile`: a tile's steps toward its cell, the blank around it;
//! - `line`: a line placed, the next cell to fill chosen;
//! - `pair`: the last two cells of a line, filled together by a breadth-first search;
//! - `finish`: the part left, at most 3×3, by IDA*.

mod record;

mod grid;

mod peeler;

mod blank;

mod tile;

mod line;

mod pair;

mod finish;

pub(crate) use record::{Letters, Packed, Record, MOST_PACKED};

use super::board::Shape;
use grid::{Grid, Word};
use peeler::{Order, Peeler};
pub(crate) use peeler::{Stuck, Variant};

/// Boards of at most this many cells are solved by every [`Variant`], the shortest path
/// kept: six times the work, which is small there.
const SMALL: usize = 1024;

/// The variant to solve `cells` with: the default, or on boards of at most [`SMALL`]
/// cells the [`Variant`] of fewest moves (the first of them), each solved once.
pub(crate) fn shortest(shape: Shape, cells: &[u32], goal: &[u32]) -> Result<Variant, Stuck> {
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

/// Solves `cells` to `goal` the way `variant` says, handing each move to `record`; the
/// number of cells the blank's breadth-first searches visited. O(N·(rows+cols)) moves, in
/// O(moves + N·(rows+cols)) time (a line's tiles are looked for over the part left, a
/// tile chosen among at most `line::CANDIDATES`); O(N) memory, at most 34 bytes a cell (17
/// a cell of the padded [`Grid`]; 4 of them a [`Word`] moved with the moves), and the
/// answers kept of the pairs' searches (one a distinct question).
///
/// # Constraints
///
/// `goal` is reachable from `cells` ([`is_reachable`](super::goal::is_reachable));
/// otherwise, and on a bug, `Err` says which tile could not be placed, after some moves
/// were recorded.
pub(crate) fn solve<R: Record>(
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
                if !super::super::goal::is_reachable(shape, &board, &goal) {
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
                super::Packed::new(super::MOST_PACKED),
                super::Packed::new(super::MOST_PACKED),
            );
            super::Peeler::<_, u32>::run(shape, &board, &goal, variant, &mut narrow).unwrap();
            super::Peeler::<_, u64>::run(shape, &board, &goal, variant, &mut wide).unwrap();
            assert!(narrow.count() > 0);
            assert_eq!(letters(&narrow), letters(&wide), "{rows}x{cols}");
        }
    }
}
