//! The blank's trips to a cell: move by move while a move that brings it closer is free,
//! else by the shortest free path of three straight segments, else breadth-first.

use super::super::board::Move;
use super::grid::Word;
use super::peeler::Peeler;
use super::record::Record;

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

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
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
    pub(super) fn blank_to(&mut self, target: usize, avoid: &[usize]) -> Option<()> {
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

    /// Moves the blank along a shortest path, through cells neither locked nor in `avoid`,
    /// to the nearest cell where `is_target` holds. O(cells visited).
    pub(super) fn blank_to_nearest(
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
}
