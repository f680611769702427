//! Linear conflicts (Hansson, Mayer and Yung, 1992): the Manhattan distance plus two moves
//! for each tile that must leave a line it shares with its goal; the full program's first
//! bound on boards without tables.

use super::super::Shape;
use super::{Board, LowerBound, Manhattan, Puzzle};

/// The linear conflicts of one family of lines (all rows, or all columns): in a line,
/// the tiles whose goal is in that line but which are out of order must leave it, two
/// extra moves each; at least (tiles − longest increasing run of goal places) must
/// leave. Table (L+1)^L bytes for lines of L ≤ 6 cells.
struct LineConflicts {
    /// Cells per line.
    len: usize,
    lines: usize,
    /// `cell_of[l·len + k]`: the k-th cell of line l.
    cell_of: Vec<usize>,
    /// `digit[t·lines + l]`: 1 + the goal place of tile t in line l, or 0 if its goal
    /// is in another line.
    digit: Vec<u8>,
    /// `power[k] = (len + 1)^k`.
    power: Vec<usize>,
    /// `extra[code]`: the extra moves of a line whose digits, place k weighted by
    /// `power[k]`, add up to `code`.
    extra: Vec<u8>,
}

/// The longest line with a conflict table: 7^6 = 117,649 entries.
const MAX_LINE: usize = 6;

impl LineConflicts {
    /// The table for rows (`by_rows`) or columns; `None` for lines longer than 6 cells,
    /// which are then left out of the bound. O((L+1)^L · L²).
    fn new(puzzle: &Puzzle, by_rows: bool) -> Option<Self> {
        let shape = puzzle.shape;
        let (lines, len) = if by_rows {
            (shape.rows, shape.cols)
        } else {
            (shape.cols, shape.rows)
        };
        if len > MAX_LINE {
            return None;
        }
        let line_place = |p: usize| {
            if by_rows {
                (shape.row(p), shape.col(p))
            } else {
                (shape.col(p), shape.row(p))
            }
        };
        let mut cell_of = vec![0; lines * len];
        for p in 0..shape.cells() {
            let (line, place) = line_place(p);
            cell_of[line * len + place] = p;
        }
        let mut digit = vec![0; shape.cells() * lines];
        for tile in 1..shape.cells() {
            let (line, place) = line_place(puzzle.goal_at[tile]);
            digit[tile * lines + line] = place as u8 + 1;
        }
        let base = len + 1;
        let power: Vec<usize> = (0..len).map(|k| base.pow(k as u32)).collect();
        let extra = (0..base.pow(len as u32))
            .map(|code| {
                let places: Vec<usize> = (0..len)
                    .map(|k| code / power[k] % base)
                    .filter(|&d| d != 0)
                    .collect();
                2 * (places.len() - longest_increasing(&places)) as u8
            })
            .collect();
        Some(LineConflicts {
            len,
            lines,
            cell_of,
            digit,
            power,
            extra,
        })
    }

    fn digit(&self, tile: u8, line: usize) -> usize {
        usize::from(self.digit[usize::from(tile) * self.lines + line])
    }

    fn code(&self, cells: &[u8], line: usize) -> usize {
        let cell_of = &self.cell_of[line * self.len..(line + 1) * self.len];
        cell_of
            .iter()
            .zip(&self.power)
            .map(|(&p, &w)| self.digit(cells[p], line) * w)
            .sum()
    }

    fn total(&self, cells: &[u8]) -> u32 {
        (0..self.lines)
            .map(|line| u32::from(self.extra[self.code(cells, line)]))
            .sum()
    }

    /// The change of the extra moves when `tile` leaves line `out` at place `out_place`
    /// and enters line `into` at place `into_place`. O(L).
    #[inline]
    fn change(
        &self,
        cells: &[u8],
        tile: u8,
        out: usize,
        out_place: usize,
        into: usize,
        into_place: usize,
    ) -> i32 {
        let old_out = self.code(cells, out);
        let old_into = self.code(cells, into);
        let new_out = old_out - self.digit(tile, out) * self.power[out_place];
        let new_into = old_into + self.digit(tile, into) * self.power[into_place];
        i32::from(self.extra[new_out]) + i32::from(self.extra[new_into])
            - i32::from(self.extra[old_out])
            - i32::from(self.extra[old_into])
    }
}

/// The length of the longest strictly increasing subsequence. O(k²) for k ≤ 6 values.
fn longest_increasing(values: &[usize]) -> usize {
    let mut best = vec![1; values.len()];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// Manhattan distance plus the linear conflicts of rows and columns (Hansson, Mayer and
/// Yung, 1992), for any goal; lines longer than 6 cells are left out. `update` O(L).
pub(crate) struct LinearConflict {
    manhattan: Manhattan,
    shape: Shape,
    rows: Option<LineConflicts>,
    cols: Option<LineConflicts>,
}

impl LinearConflict {
    /// Builds the tables. O(N² + (L+1)^L · L²) for lines of L cells.
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        LinearConflict {
            manhattan: Manhattan::new(puzzle),
            shape: puzzle.shape,
            rows: LineConflicts::new(puzzle, true),
            cols: LineConflicts::new(puzzle, false),
        }
    }
}

impl LinearConflict {
    /// The bound of the board `cells`. O(N·L).
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        let lines = [&self.rows, &self.cols];
        self.manhattan.estimate(cells)
            + lines
                .iter()
                .flat_map(|l| l.iter())
                .map(|l| l.total(cells))
                .sum::<u32>()
    }

    /// The bound after sliding `tile` from cell `from` into the blank at cell `to`,
    /// given `h`, the bound of `cells`, the board before the move. O(L).
    #[inline]
    pub(crate) fn update(&self, cells: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        let h = self.manhattan.update(cells, h, tile, from, to);
        let shape = self.shape;
        let (from_row, from_col) = (shape.row(from), shape.col(from));
        let (to_row, to_col) = (shape.row(to), shape.col(to));
        let change = if from_row == to_row {
            // A horizontal move changes the contents of two columns.
            self.cols.as_ref().map_or(0, |lines| {
                lines.change(cells, tile, from_col, from_row, to_col, to_row)
            })
        } else {
            self.rows.as_ref().map_or(0, |lines| {
                lines.change(cells, tile, from_row, from_col, to_row, to_col)
            })
        };
        (h as i32 + change) as u32
    }
}

valued_bound!(LinearConflict, "manhattan+linear-conflict");
