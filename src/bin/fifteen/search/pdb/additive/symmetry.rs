//! The board's symmetries and reflection: cell permutations that map a partition's
//! groups onto each other (tables shared) and a goal's frame onto another goal.

use super::super::super::super::board::Shape;
use super::super::Puzzle;

/// The board's symmetries as cell permutations, identity first: 4 for a rectangle, 8
/// for a square; each maps adjacent cells to adjacent cells.
pub(super) fn symmetries(shape: Shape) -> Vec<Vec<usize>> {
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
pub(super) fn diagonal_fixing(shape: Shape, cell: usize) -> Option<Vec<usize>> {
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

/// The goal's cells in row-major order, the blank's skipped, cut into groups of
/// `sizes` (which add up to N − 1).
pub(crate) fn in_reading_order(puzzle: &Puzzle, sizes: &[usize]) -> Vec<Vec<u8>> {
    let blank = puzzle.goal_at[0];
    let mut cells = (0..puzzle.shape.cells() as u8).filter(|&c| usize::from(c) != blank);
    sizes
        .iter()
        .map(|&k| cells.by_ref().take(k).collect())
        .collect()
}
