//! A line placed: its tiles found over the region, then the next cell to fill chosen, tile
//! by tile, and locked.

use super::super::board::Move;
use super::grid::{Part, Word};
use super::peeler::{Order, Peeler};
use super::record::Record;

/// The most cells of a line weighed for the next tile to place.
const CANDIDATES: usize = 64;

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// Places the tiles of `line`, the outer line of the part, `inward` pointing into the
    /// part, which has at least 4 lines beyond it, and locks the line; `region` is the
    /// part with the line, where its tiles are found. The cells left
    /// form runs; each time, of at most [`CANDIDATES`] cells spread over those left, the
    /// one whose tile is nearest the blank and which leaves no run of one cell (which no
    /// tile could enter) is filled, or, when it is one of a run of two, both
    /// ([`Peeler::place_last_two`]). The first cell left is always a candidate, and never
    /// leaves a run of one. O([`CANDIDATES`]) a tile to choose it.
    pub(super) fn place_line(&mut self, line: &[usize], inward: Move, region: Part) -> Option<()> {
        self.find_line(line, inward, region);
        let mut left: Vec<usize> = (0..line.len()).collect();
        // Whether each cell of the line is locked, side by side (a column's cells are rows
        // apart), kept as the line is filled.
        let mut locked: Vec<bool> = line.iter().map(|&q| self.locked(q)).collect();
        while !left.is_empty() {
            let (start, pair) = self.next_to_fill(line, &left, &locked)?;
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

    /// Marks the tiles of `line` (the outer line of `region`, `inward` pointing into the
    /// part) found in `region` as the line's, and keeps their cells in `at`. O(cells of
    /// `region`), a group of 16 cells without a tile of the line on one test.
    fn find_line(&mut self, line: &[usize], inward: Move, region: Part) {
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
    }

    /// The next cell of `line` to fill, of the cells `left` (indices into `line`, in
    /// order; `locked[i]` whether `line[i]` is locked), and whether it is the first of a
    /// run of two, filled together: of at most [`CANDIDATES`] cells spread over those
    /// left, the one whose tile is nearest the blank and which leaves no run of one.
    /// `None` when none does. O([`CANDIDATES`]).
    fn next_to_fill(
        &self,
        line: &[usize],
        left: &[usize],
        locked: &[bool],
    ) -> Option<(usize, bool)> {
        let is_free = |i: Option<usize>| i.is_some_and(|i| i < line.len() && !locked[i]);
        let candidates = match self.variant.order {
            Order::Nearest => left,
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
        nearest.map(|(_, start, pair)| (start, pair))
    }
}
