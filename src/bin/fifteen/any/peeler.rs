//! The board being peeled ([`Peeler`]): its state, the ways of peeling ([`Variant`]), the
//! order in which lines are peeled, and the blank's moves cell by cell, which keep the cells
//! of the line's tiles; [`Stuck`] when a tile cannot be placed. The other files of `any` add
//! to `impl Peeler`, one job each.

use super::super::board::{Move, Shape};
use super::grid::{gain_of, Grid, Part, Word};
use super::record::Record;
use std::collections::HashMap;

/// The order in which the cells of a line are filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Order {
    /// The cell whose tile is nearest the blank (of at most `line::CANDIDATES`).
    #[default]
    Nearest,
    /// From the line's first cell to its last.
    Forward,
    /// From the line's last cell to its first.
    Backward,
}

/// A way of peeling: which line of a square part goes first, and in which [`Order`] the
/// cells of a line are filled. Each gives a valid path; on small boards,
/// [`shortest`](super::shortest) tries all six and keeps the shortest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Variant {
    /// Whether a square part loses a column (else a row) first.
    pub(super) columns_first: bool,
    /// The order of the cells within a line.
    pub(super) order: Order,
}

/// Returned when `any` cannot bring a tile to its cell: a bug, which the tests find on no
/// board, reported rather than a panic. Rows and columns count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stuck {
    pub(crate) tile: u32,
    pub(crate) row: usize,
    pub(crate) col: usize,
}

/// A question [`Peeler::place_pair`] asks: the window's cells (row and column from its
/// first), and the places in it of the two tiles and the blank, and of the two tiles' goal
/// cells. The answer depends on nothing else: many lines ask the same.
pub(super) type PairSearch = (Vec<(isize, isize)>, [u8; 3], [u8; 2]);

/// The board being peeled, where its moves go, and the scratch of the searches; cells
/// are named as in [`Grid`].
pub(super) struct Peeler<'r, R: Record, W: Word> {
    pub(super) grid: Grid,
    /// The blank's cell.
    pub(super) blank: usize,
    /// `at[slot(c)]`: the cell of the tile whose goal cell is `c`, kept for the tiles of
    /// the line being placed, found again when a line starts: keeping every tile's would
    /// cost a write far from the blank at every move. A goal cell's slot
    /// ([`Peeler::slot`]) is its column on a row, its row on a column: a line's tiles
    /// side by side, even a column's.
    pub(super) at: Vec<usize>,
    /// The shift and the mask that make a goal cell of the line its slot in `at`.
    pub(super) slot: (u32, usize),
    /// `goal[c]`: the tile whose goal cell is `c` (`u32::MAX` on padding).
    pub(super) goal: Vec<u32>,
    /// The board, cell by cell.
    pub(super) cells: Vec<W>,
    pub(super) record: &'r mut R,
    /// The cell being filled, for [`Stuck`].
    pub(super) placing: usize,
    pub(super) variant: Variant,
    /// Breadth-first scratch: `seen[p] == generation` marks cells reached in this search.
    pub(super) seen: Vec<u64>,
    pub(super) generation: u64,
    /// Breadth-first scratch: the move that first reached each cell.
    pub(super) came_by: Vec<Move>,
    /// Breadth-first scratch: the cells reached, in order.
    pub(super) queue: Vec<usize>,
    /// Cells visited by the breadth-first searches, reported as nodes.
    pub(super) visits: u64,
    /// The goal cells of the tiles read ahead of need ([`Peeler::touch`]), summed.
    touched: usize,
    /// The blank's ways found by [`Peeler::place_pair`]'s searches, by their question.
    pub(super) pairs: HashMap<PairSearch, Option<Vec<u8>>>,
}

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// [`solve`](super::solve), its cells held in words `W`.
    pub(super) fn run(
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
    pub(super) fn slide(&mut self, next: usize) {
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
    pub(super) fn shift_blank(&mut self, next: usize) {
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
    pub(super) fn slot(&self, home: usize) -> usize {
        (home >> self.slot.0) & self.slot.1
    }

    /// The cell of the tile whose goal cell is `home`, one of the line's.
    #[inline(always)]
    pub(super) fn at(&self, home: usize) -> usize {
        self.at[self.slot(home)]
    }

    /// Reads cell `p` (if on the board) ahead of need, so that its cache miss, on a
    /// large board whose rows lie far apart, overlaps the moves before it: its tile's
    /// goal cell is added to a field, which the compiler cannot drop, with no barrier
    /// as `black_box` would be (and no prefetch instruction without `unsafe`).
    #[inline(always)]
    pub(super) fn touch(&mut self, p: usize) {
        if let Some(word) = self.cells.get(p) {
            self.touched = self.touched.wrapping_add(word.home());
        }
    }

    /// The tile on cell `p`.
    pub(super) fn tile(&self, p: usize) -> u32 {
        self.goal[self.cells[p].home()]
    }

    /// Whether cell `p` is locked.
    pub(super) fn locked(&self, p: usize) -> bool {
        self.cells[p].is_locked()
    }

    /// Locks or unlocks cell `p`.
    pub(super) fn lock(&mut self, p: usize, locked: bool) {
        self.cells[p] = self.cells[p].locked(locked);
    }

    /// The row and column of cell `p`.
    pub(super) fn row_col(&self, p: usize) -> (usize, usize) {
        self.grid.row_col(p)
    }

    /// The taxicab distance between cells `a` and `b`.
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let ((ar, ac), (br, bc)) = (self.row_col(a), self.row_col(b));
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// What the tile on `q` gains in Manhattan distance (1 or −1) moving one cell along
    /// `axis` (0: across rows, 1: across columns), to a higher row or column if `up`.
    pub(super) fn step_gain(&self, q: usize, axis: usize, up: bool) -> isize {
        let grid = self.grid;
        gain_of(
            grid.coordinate(self.cells[q].home(), axis),
            grid.coordinate(q, axis),
            up,
        )
    }
}
