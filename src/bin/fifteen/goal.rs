//! The goal boards, and the parity test of whether one is reachable. The judge edition's
//! problems all take the standard goal.

use super::board::{positions, Shape};
#[cfg(not(feature = "judge"))]
use super::error::{Error, InputError};

/// The standard goal of `shape`: `1 2 … N-1` then the blank. O(N).
pub fn standard(shape: Shape) -> Vec<u32> {
    (1..shape.cells() as u32).chain(Some(0)).collect()
}

/// The goal of a search, as chosen by `--goal`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg(not(feature = "judge"))]
pub enum Goal {
    /// `1 2 … N-1` then the blank.
    Standard,
    /// The blank then `1 2 … N-1` (Korf's convention).
    BlankFirst,
    /// `1 2 …` clockwise from the top-left corner, the blank where the spiral ends.
    Spiral,
    /// An explicit board, row-major.
    Explicit(Vec<u32>),
}

#[cfg(not(feature = "judge"))]
impl Goal {
    /// The goal board for `shape`, or `Err` with an explicit goal's other size. O(N).
    pub fn board(&self, shape: Shape) -> Result<Vec<u32>, usize> {
        let n = shape.cells() as u32;
        match self {
            Goal::Standard => Ok(standard(shape)),
            Goal::BlankFirst => Ok((0..n).collect()),
            Goal::Spiral => Ok(spiral(shape)),
            Goal::Explicit(tiles) if tiles.len() == shape.cells() => Ok(tiles.clone()),
            Goal::Explicit(tiles) => Err(tiles.len()),
        }
    }

    /// [`Goal::board`] for case number `case`, whose board is of `shape`: an explicit goal of
    /// another size is [`InputError::GoalSize`]. O(N).
    pub(crate) fn board_of_case(&self, shape: Shape, case: usize) -> Result<Vec<u32>, Error> {
        self.board(shape).map_err(|goal| {
            let board = shape.cells();
            Error::input(case, InputError::GoalSize { goal, board })
        })
    }
}

/// The [`Goal::Spiral`] board of `shape`. O(N).
#[cfg(not(feature = "judge"))]
pub fn spiral(shape: Shape) -> Vec<u32> {
    let mut board = vec![0; shape.cells()];
    let (mut top, mut bottom, mut left, mut right) = (0, shape.rows - 1, 0, shape.cols - 1);
    let mut order = Vec::with_capacity(shape.cells());
    loop {
        order.extend((left..=right).map(|c| top * shape.cols + c));
        order.extend((top + 1..=bottom).map(|r| r * shape.cols + right));
        if top < bottom {
            order.extend((left..right).rev().map(|c| bottom * shape.cols + c));
        }
        if left < right {
            order.extend((top + 1..bottom).rev().map(|r| r * shape.cols + left));
        }
        if bottom < top + 2 || right < left + 2 {
            break;
        }
        top += 1;
        bottom -= 1;
        left += 1;
        right -= 1;
    }
    for (tile, &cell) in order.iter().enumerate().take(shape.cells() - 1) {
        board[cell] = tile as u32 + 1;
    }
    board
}

/// Whether `goal` can be reached from `cells`, permutations of 0..N. O(N). With rows, cols ≥ 2:
/// when the permutation from `cells` to `goal` has the parity of the blank's taxicab
/// distance; else when their tiles in order, blank skipped, agree.
pub fn is_reachable(shape: Shape, cells: &[u32], goal: &[u32]) -> bool {
    if shape.rows == 1 || shape.cols == 1 {
        let tiles = |board: &[u32]| {
            board
                .iter()
                .copied()
                .filter(|&t| t != 0)
                .collect::<Vec<_>>()
        };
        return tiles(cells) == tiles(goal);
    }
    let goal_at = positions(goal);
    let mut visited = vec![false; cells.len()];
    let mut cycles = 0;
    for start in 0..cells.len() {
        if !visited[start] {
            cycles += 1;
            let mut p = start;
            while !visited[p] {
                visited[p] = true;
                p = goal_at[cells[p] as usize];
            }
        }
    }
    let permutation_parity = (cells.len() - cycles) % 2;
    let blank_distance = shape.distance(positions(cells)[0], goal_at[0]);
    permutation_parity == blank_distance % 2
}

#[cfg(test)]
#[cfg(not(feature = "judge"))]
mod tests {
    #[test]
    fn spiral_goals() {
        use super::{spiral, Shape};
        let three = Shape { rows: 3, cols: 3 };
        assert_eq!(spiral(three), [1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let four = Shape { rows: 4, cols: 4 };
        assert_eq!(
            spiral(four),
            [1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7]
        );
        assert_eq!(spiral(Shape { rows: 2, cols: 3 }), [1, 2, 3, 0, 5, 4]);
        assert_eq!(
            spiral(Shape { rows: 3, cols: 4 }),
            [1, 2, 3, 4, 10, 11, 0, 5, 9, 8, 7, 6]
        );
        assert_eq!(spiral(Shape { rows: 3, cols: 1 }), [1, 2, 0]);
        for rows in 1..10 {
            for cols in 1..10 {
                let mut tiles = spiral(Shape { rows, cols });
                tiles.sort_unstable();
                assert!(tiles.iter().copied().eq(0..(rows * cols) as u32));
            }
        }
        assert_eq!(spiral(Shape { rows: 1, cols: 1 }), [0]);
    }
}
