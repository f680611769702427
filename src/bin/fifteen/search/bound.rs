//! Admissible lower bounds on the number of moves to the goal, swappable in [`ida::solve`].

use super::state::HashLevels;
use super::{Board, Puzzle};

/// A lower bound on the moves from a board to the goal, kept up to date move by move
/// along the path of a depth-first search: `start` once a search, then `apply` for every
/// node generated and `undo` when the search backs up. Implement it and pass it to
/// [`super::ida::solve`] to swap the bound of IDA*.
///
/// # Constraints
///
/// Admissible (never above the true distance) and 0 exactly at the goal. IDA* stays
/// optimal and canonical with any such bound, consistent or not.
pub(crate) trait LowerBound: Sync {
    /// What the bound keeps about the board on the search path; a shared search copies
    /// the root's to each of its subtrees.
    type State: Clone + Sync;
    /// What [`LowerBound::undo`] needs to take a move back.
    type Undo: Copy;
    /// The name shown by `--stats`.
    fn name(&self) -> String;
    /// The state and the bound of the board `cells`.
    fn start(&self, cells: &[u8]) -> (Self::State, u32);
    /// Slides `tile` from cell `from` into the blank at cell `to` and returns the new
    /// bound; `cells` is the board *before* the move. When the bound exceeds `limit`,
    /// the bound may stop early, return any admissible value above `limit` and must
    /// leave `state` as it was (no `undo` follows); otherwise the value is that of
    /// `start` on the new board and [`LowerBound::undo`] follows with the token.
    fn apply(
        &self,
        state: &mut Self::State,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, Self::Undo);
    /// Takes back the last `apply(state, _, tile, from, to, _)`, which returned `undo`.
    fn undo(&self, state: &mut Self::State, tile: u8, from: usize, to: usize, undo: Self::Undo);
}

/// Implements [`LowerBound`] for a bound whose state is its value, from its
/// `estimate(cells)` and `update(cells, h, tile, from, to)`.
macro_rules! valued_bound {
    ($bound:ty, $name:expr) => {
        impl LowerBound for $bound {
            type State = u32;
            type Undo = u32;

            fn name(&self) -> String {
                $name.to_string()
            }

            fn start(&self, cells: &[u8]) -> (u32, u32) {
                let h = self.estimate(cells);
                (h, h)
            }

            #[inline]
            fn apply(
                &self,
                state: &mut u32,
                cells: &Board,
                tile: u8,
                from: usize,
                to: usize,
                limit: u32,
            ) -> (u32, u32) {
                let old = *state;
                let h = self.update(cells, old, tile, from, to);
                if h <= limit {
                    *state = h;
                }
                (h, old)
            }

            #[inline]
            fn undo(&self, state: &mut u32, _: u8, _: usize, _: usize, old: u32) {
                *state = old;
            }
        }
    };
}
valued_bound!(Manhattan, "manhattan");
valued_bound!(LinearConflict, "manhattan+linear-conflict");

/// The Manhattan distance: the sum of the tiles' taxicab distances to their goal cells.
/// Table N² bytes; `update` O(1).
pub(crate) struct Manhattan {
    cells: usize,
    /// `distance[t·N + p]`: from cell `p` to the goal cell of tile `t` (0 for the blank).
    distance: Vec<u8>,
}

impl Manhattan {
    /// Builds the table. O(N²).
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let cells = puzzle.shape.cells();
        let mut distance = vec![0; cells * cells];
        for tile in 1..cells {
            for p in 0..cells {
                distance[tile * cells + p] = puzzle.shape.distance(p, puzzle.goal_at[tile]) as u8;
            }
        }
        Manhattan { cells, distance }
    }

    fn of(&self, tile: u8, p: usize) -> u32 {
        u32::from(self.distance[usize::from(tile) * self.cells + p])
    }
}

impl Manhattan {
    /// The bound of the board `cells`. O(N).
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        cells.iter().enumerate().map(|(p, &t)| self.of(t, p)).sum()
    }

    /// The bound after sliding `tile` from cell `from` into the blank at cell `to`,
    /// given `h`, the bound of the board before the move. O(1).
    #[inline]
    pub(crate) fn update(&self, _: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        h + self.of(tile, to) - self.of(tile, from)
    }
}

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
        (out, out_place): (usize, usize),
        (into, into_place): (usize, usize),
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
    shape: super::Shape,
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
                lines.change(cells, tile, (from_col, from_row), (to_col, to_row))
            })
        } else {
            self.rows.as_ref().map_or(0, |lines| {
                lines.change(cells, tile, (from_row, from_col), (to_row, to_col))
            })
        };
        (h as i32 + change) as u32
    }
}

/// Marks a move that [`Walks::next`] cannot make.
const NO_STATE: u32 = u32::MAX;

/// One family of lines (the rows, or the columns) of a board for [`WalkingDistance`]:
/// a state is the matrix `counts[line][home]` of the tiles (the blank left out) of goal
/// line `home` standing in `line`, and the blank's line. A move across the lines
/// takes one tile from the blank's neighbouring line into the blank's line; a move
/// along them changes nothing here. The states are numbered in breadth-first order
/// from the goal's, which depends only on the number and the length of the lines and
/// the blank's goal line, so that any goal of the shape shares the family.
struct Walks {
    lines: usize,
    /// `next[(s·2 + down)·lines + home]`: the state after the blank of state `s` moves
    /// to the line before (`down` = 0) or after it, swapping with a tile of goal line
    /// `home`; [`NO_STATE`] where there is no such tile.
    next: Vec<u32>,
    /// `distance[s]`: the least moves across the lines from state `s` to the goal's,
    /// which is state 0.
    distance: Vec<u8>,
    /// The state of each code (the counts in row-major order, then the blank's line),
    /// for [`WalkingDistance::start`].
    number: HashLevels<Box<[u8]>>,
}

impl Walks {
    /// A breadth-first search from the goal's state of `lines` lines of `len` cells,
    /// the blank on line `blank`. O(S·L³) expected time for S states and L lines,
    /// S·(8·L + L² + 2 + a map entry) bytes: 3×3 standard goal, 105 states; 4×4 with
    /// the blank on a border line, 24,964 states.
    fn new(lines: usize, len: usize, blank: usize) -> Self {
        // The codes of the states, in their order, one after another.
        let size = lines * lines + 1;
        let mut states = vec![0; size];
        for line in 0..lines {
            states[line * lines + line] = (len - usize::from(line == blank)) as u8;
        }
        states[lines * lines] = blank as u8;
        let mut number = HashLevels::default();
        number.insert(states.clone().into_boxed_slice(), 0);
        let mut distance = vec![0];
        let mut next = Vec::new();
        let (mut code, mut moved) = (vec![0; size], vec![0; size]);
        let mut head = 0;
        while head < distance.len() {
            code.copy_from_slice(&states[head * size..(head + 1) * size]);
            let blank = usize::from(code[lines * lines]);
            for to in [blank.wrapping_sub(1), blank + 1] {
                for home in 0..lines {
                    if to >= lines || code[to * lines + home] == 0 {
                        next.push(NO_STATE);
                        continue;
                    }
                    moved.copy_from_slice(&code);
                    moved[to * lines + home] -= 1;
                    moved[blank * lines + home] += 1;
                    moved[lines * lines] = to as u8;
                    let state = match number.get(&moved[..]) {
                        Some(&state) => state,
                        None => {
                            let fresh = distance.len() as u32;
                            number.insert(moved.clone().into_boxed_slice(), fresh);
                            states.extend_from_slice(&moved);
                            distance.push(distance[head] + 1);
                            fresh
                        }
                    };
                    next.push(state);
                }
            }
            head += 1;
        }
        Walks {
            lines,
            next,
            distance,
            number,
        }
    }
}

/// The walking distance of Ken'ichiro Takahashi, for any shape and goal: the least
/// number of vertical moves that bring the rows of a board to the goal's rows (see
/// [`Walks`]), plus the same for the columns and horizontal moves. Every move counts
/// in one of the two, so the sum is a lower bound; it is at least the Manhattan
/// distance (a tile's moves across the lines are at least its distance to its goal
/// line), and 0 only at the goal (every tile in its goal row and column).
/// `apply` is O(1): one transition and two distance lookups.
///
/// # Constraints
///
/// The states grow fast with the board: 105 per family on the 3×3, 24,964 for the
/// rows of the 4×4 with the goal's blank on a border row; meant for boards of at most
/// 16 cells. [`LowerBound::start`] takes a board from which the goal is reachable.
pub(crate) struct WalkingDistance {
    /// One family, or two when the columns' differs from the rows'.
    families: Vec<Walks>,
    /// `family[0]`: the index in `families` of the rows; `family[1]`, of the columns.
    family: [usize; 2],
    /// `line[p]`: the row and the column of cell `p`.
    line: Vec<[u8; 2]>,
    /// `home[t]`: the goal row and goal column of tile `t`.
    home: Vec<[u8; 2]>,
}

impl WalkingDistance {
    /// Builds the tables by breadth-first search (see [`Walks::new`]); the columns
    /// share the rows' when the board is square and the goal's blank is on its
    /// diagonal.
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let shape = puzzle.shape;
        let at = |p: usize| [shape.row(p) as u8, shape.col(p) as u8];
        let blank = at(puzzle.goal_at[0]);
        let rows = Walks::new(shape.rows, shape.cols, usize::from(blank[0]));
        let (families, family) = if shape.rows == shape.cols && blank[0] == blank[1] {
            (vec![rows], [0, 0])
        } else {
            let cols = Walks::new(shape.cols, shape.rows, usize::from(blank[1]));
            (vec![rows, cols], [0, 1])
        };
        WalkingDistance {
            families,
            family,
            line: (0..shape.cells()).map(at).collect(),
            home: puzzle.goal_at.iter().map(|&p| at(p)).collect(),
        }
    }

    fn walks(&self, k: usize) -> &Walks {
        &self.families[self.family[k]]
    }

    fn value(&self, state: [u32; 2]) -> u32 {
        (0..2)
            .map(|k| u32::from(self.walks(k).distance[state[k] as usize]))
            .sum()
    }
}

impl LowerBound for WalkingDistance {
    /// The row state and the column state.
    type State = [u32; 2];
    type Undo = [u32; 2];

    fn name(&self) -> String {
        "walking-distance".to_string()
    }

    /// O(N + L²) and a map lookup per family.
    fn start(&self, cells: &[u8]) -> ([u32; 2], u32) {
        let state = [0, 1].map(|k| {
            let lines = self.walks(k).lines;
            let mut code = vec![0; lines * lines + 1];
            for (p, &t) in cells.iter().enumerate() {
                let line = usize::from(self.line[p][k]);
                match usize::from(t) {
                    0 => code[lines * lines] = line as u8,
                    t => code[line * lines + usize::from(self.home[t][k])] += 1,
                }
            }
            *self
                .walks(k)
                .number
                .get(&code[..])
                .expect("a board from which the goal is reachable")
        });
        (state, self.value(state))
    }

    #[inline]
    fn apply(
        &self,
        state: &mut [u32; 2],
        _: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, [u32; 2]) {
        let old = *state;
        // A move within a row changes the columns (k = 1), else the rows.
        let k = usize::from(self.line[from][0] == self.line[to][0]);
        let walks = self.walks(k);
        let down = usize::from(self.line[from][k] > self.line[to][k]);
        let home = usize::from(self.home[usize::from(tile)][k]);
        let mut after = old;
        after[k] = walks.next[(old[k] as usize * 2 + down) * walks.lines + home];
        let h = self.value(after);
        if h <= limit {
            *state = after;
        }
        (h, old)
    }

    #[inline]
    fn undo(&self, state: &mut [u32; 2], _: u8, _: usize, _: usize, old: [u32; 2]) {
        *state = old;
    }
}
