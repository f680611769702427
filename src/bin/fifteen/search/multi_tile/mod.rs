//! The optimal search in the multi-tile metric (MTM: sliding a run of tiles along a row
//! or a column is one move) on boards of at most 4 rows and 4 columns: IDA* whose moves
//! are runs, bounded by a painted table (see [`painted`]).
//!
//! Two moves in a row along one line can always be made one or none (the blank goes on
//! or comes back), so every optimal path alternates rows and columns: a run is followed
//! by runs across it only. A path is written a letter a tile moved, as the single-tile
//! one is; its runs are its moves.
//!
//! **The canonical path** is the least of the optimal paths taken move by move, moves
//! ordered by direction (`D < L < R < U`) and then by length, shorter first: IDA* tries
//! them in that order and stops at the first path to the goal in its last iteration.
//!
//! On a square board whose goal's blank lies on a diagonal, the bound looks up the board
//! and its reflection in that diagonal (the tiles relabelled to match) and takes the
//! larger: both are as far from the goal as the board.

pub(crate) mod painted;

use super::super::board::Move;
use super::super::error::LimitHit;
use super::descend::{Counter, Step};
use super::ida::{Every, EveryPath, Paths, Watch};
use super::pdb::TableWork;
use super::{Budget, Made, Notes, Puzzle, NONE};
use painted::{Code, Paint, Painted};

/// The most cells of a board for this search.
const MOST_CELLS: usize = 16;

/// A board as this search keeps it: `cells[p]` the tile on cell `p`, zeros after the last.
type Cells = [u8; MOST_CELLS];

/// The lower bound of the search for one goal: its painted table and the two views of
/// the board it looks up (the second the first again where the board has no reflection).
pub(crate) struct Bound {
    table: Painted,
    /// `shows[v][t·N + p]`: what tile `t` on cell `p` adds to the [`Code`] of view `v`.
    shows: [Vec<u64>; 2],
    /// `slide[v][(t·N + p)·4 + i]`: how the [`Code`] of view `v` changes when tile `t`
    /// slides onto cell `p` from its neighbour in the direction `Move::ALL[i]` (wrapping:
    /// the sum stays a code).
    slide: [Vec<u64>; 2],
    /// How many views differ: 1 or 2.
    views: usize,
}

/// What [`Bound`] computes of a board: the code of each view.
type Looks = [Code; 2];

impl Bound {
    /// The bound for `puzzle` by `paint` (see [`Paint::of_goal`]) and its `table`: the
    /// board alone, or with its reflection when the board is square and the goal's blank
    /// lies on a diagonal. O(N²).
    pub(crate) fn new(puzzle: &Puzzle, paint: &Paint, table: Painted) -> Bound {
        let shape = puzzle.shape;
        let (n, side) = (shape.cells(), shape.cols);
        let (r, c) = (shape.row(puzzle.goal_at[0]), shape.col(puzzle.goal_at[0]));
        let square = shape.rows == shape.cols;
        let reflect = |p: usize| match (square && r == c, square && r + c == side - 1) {
            (true, _) => (p % side) * side + p / side,
            (_, true) => (side - 1 - p % side) * side + (side - 1 - p / side),
            _ => p,
        };
        let views = 1 + usize::from(square && (r == c || r + c == side - 1));
        // Tile t shows, on cell p, at cell map(p) in the color of map(goal_at[t]).
        let shows = |map: &dyn Fn(usize) -> usize| {
            let mut shows = vec![0u64; n * n];
            for t in 1..n {
                let color = u64::from(paint.color[map(puzzle.goal_at[t])]);
                for p in 0..n {
                    shows[t * n + p] = color * table.place(map(p));
                }
            }
            shows
        };
        let shows = [shows(&|p| p), shows(&reflect)];
        let slide = shows.clone().map(|shows| {
            let mut slide = vec![0u64; n * n * 4];
            for (t, p) in (1..n).flat_map(|t| (0..n).map(move |p| (t, p))) {
                for (i, &from) in puzzle.neighbors[p].iter().enumerate() {
                    if from != NONE {
                        let (onto, off) = (shows[t * n + p], shows[t * n + from]);
                        slide[(t * n + p) * 4 + i] = onto.wrapping_sub(off);
                    }
                }
            }
            slide
        });
        Bound {
            table,
            shows,
            slide,
            views,
        }
    }

    /// The name `--stats` gives the bound.
    pub(crate) fn name(&self) -> String {
        format!("painted ({} look-ups)", self.views)
    }

    /// The code of each view of `cells`. O(N).
    fn looks(&self, cells: &[u8]) -> Looks {
        let n = cells.len();
        [0, 1].map(|v| {
            let places = cells.iter().enumerate();
            places
                .map(|(p, &t)| self.shows[v][usize::from(t) * n + p])
                .sum()
        })
    }

    /// The least moves of `looks` to the goal by the table if they are at most `most`,
    /// else a view's that passes it: the views that differ are looked up in turn, up to
    /// one that passes `most`.
    #[inline(always)]
    fn within(&self, looks: &Looks, most: u32) -> Result<u32, u32> {
        let first = u32::from(self.table.moves(looks[0]));
        if first > most {
            return Err(first);
        }
        if self.views == 1 {
            return Ok(first);
        }
        let second = u32::from(self.table.moves(looks[1]));
        match second > most {
            true => Err(second),
            false => Ok(first.max(second)),
        }
    }

    /// The least moves of `looks` to the goal by the table: the larger of its views'.
    fn moves(&self, looks: &Looks) -> u32 {
        let first = self.table.moves(looks[0]);
        u32::from(first.max(self.table.moves(looks[1])))
    }
}

/// The bound of `puzzle`'s search (at most 4 rows and 4 columns) kept in `made`: made on
/// first use by `threads` threads, or read from the puzzle's cache; fails when its table
/// would pass `budget`'s memory limit. Time: the table's build (seconds on the 4×4) or read.
pub(super) fn bound_of<'p>(
    puzzle: &Puzzle,
    made: &'p Made<Bound>,
    budget: &Budget,
    threads: usize,
    notes: &dyn Notes,
) -> Result<&'p Bound, LimitHit> {
    if let Some(bound) = made.get() {
        return Ok(bound);
    }
    let paint = Paint::of_goal(puzzle).expect("a board the search takes");
    let len = Painted::len(&paint);
    budget.check_tables(len)?;
    let building = format!("building the painted table ({} MiB)", len >> 20);
    budget.set_stage(building.clone());
    let on_level = |depth| budget.set_stage(format!("{building}, level {depth}"));
    let work = TableWork {
        threads,
        on_level: &on_level,
        notes,
        stop: &|| budget.interrupted(),
    };
    made.get_or_make(|| {
        let table = Painted::cached_or_built(puzzle, &paint, &work);
        let table = table.ok_or_else(|| budget.interruption())?;
        Ok(Bound::new(puzzle, &paint, table))
    })
}

/// One depth-first pass of the search, as `descend`'s is for single tiles.
struct Pass<'a, C: Counter> {
    bound: &'a Bound,
    /// `neighbors[p][i]`: the cell next to `p` in the direction `Move::ALL[i]`, or
    /// [`MOST_CELLS`] where there is none.
    neighbors: [[u8; 4]; MOST_CELLS],
    /// The number of cells.
    n: usize,
    counter: C,
    goal: Cells,
    cells: Cells,
    looks: Looks,
    /// `runs[d]`: the move made at depth d + 1, its direction (an index into
    /// `Move::ALL`) and its length; entries from the node's depth on are left from
    /// earlier nodes.
    runs: Vec<(u8, u8)>,
    /// The least f = moves + bound pruned in this pass.
    least: u32,
}

/// Which line a move of index `i` (into `Move::ALL`) runs along: 0 a column (`D`, `U`),
/// 1 a row (`L`, `R`); the root's last move is neither (2).
fn axis(i: usize) -> usize {
    usize::from(i == 1 || i == 2)
}

impl<'a, C: Counter> Pass<'a, C> {
    fn new(puzzle: &Puzzle, bound: &'a Bound, start: &[u8], counter: C) -> Self {
        let (mut goal, mut cells) = ([0; MOST_CELLS], [0; MOST_CELLS]);
        goal[..start.len()].copy_from_slice(&puzzle.goal);
        cells[..start.len()].copy_from_slice(start);
        let mut neighbors = [[MOST_CELLS as u8; 4]; MOST_CELLS];
        for (around, near) in neighbors.iter_mut().zip(&puzzle.neighbors) {
            *around = near.map(|p| p.min(MOST_CELLS) as u8);
        }
        Pass {
            bound,
            neighbors,
            n: start.len(),
            counter,
            goal,
            cells,
            looks: bound.looks(start),
            runs: Vec::new(),
            least: u32::MAX,
        }
    }

    /// The letters of the path of the first `moves` runs.
    fn path(&self, moves: usize) -> Vec<Move> {
        let runs = self.runs[..moves].iter();
        runs.flat_map(|&(i, k)| std::iter::repeat(Move::ALL[usize::from(i)]).take(usize::from(k)))
            .collect()
    }

    /// A pass from the root (its blank on `blank`) within `threshold`.
    fn pass(&mut self, blank: usize, threshold: u32) -> Step {
        self.least = u32::MAX;
        self.runs.resize(threshold as usize, (0, 0));
        self.descend(blank, 0, threshold, 2)
    }

    /// Searches below the node (the blank on `blank`, `moves` moves from the root, the
    /// last along `last`) within `threshold`: the runs across `last`, in canonical
    /// order, each searched below when its f is within `threshold`. O(b^d).
    fn descend(&mut self, blank: usize, moves: u32, threshold: u32, last: usize) -> Step {
        let bound = self.bound;
        // The most a child's bound may be; none at the threshold (a painting at the
        // goal's that is not the goal), whose children all pass it.
        let Some(most) = threshold.checked_sub(moves + 1) else {
            self.least = self.least.min(moves + 1);
            return Step::Below;
        };
        self.counter.expand();
        let depth = moves as usize;
        for i in (0..4).filter(|&i| axis(i) != last) {
            let (cells, looks) = (self.cells, self.looks);
            let (mut at, mut length) = (blank, 0);
            loop {
                let next = usize::from(self.neighbors[at][i]);
                if next >= MOST_CELLS {
                    break;
                }
                let tile = usize::from(self.cells[next]);
                let slide = ((tile * self.n + at) << 2) + i;
                self.looks[0] = self.looks[0].wrapping_add(bound.slide[0][slide]);
                self.looks[1] = self.looks[1].wrapping_add(bound.slide[1][slide]);
                self.cells[at] = tile as u8;
                self.cells[next] = 0;
                (at, length) = (next, length + 1);
                self.runs[depth] = (i as u8, length);
                if !self.counter.tick() && self.counter.stops() {
                    return Step::Stopped;
                }
                let h = match bound.within(&self.looks, most) {
                    Ok(h) => h,
                    Err(h) => {
                        self.least = self.least.min(moves + 1 + h);
                        continue;
                    }
                };
                if h == 0 && self.cells == self.goal {
                    if self.counter.found(&self.path(depth + 1)) {
                        return Step::Found;
                    }
                    continue;
                }
                match self.descend(at, moves + 1, threshold, axis(i)) {
                    Step::Below => {}
                    stop => return stop,
                }
            }
            (self.cells, self.looks) = (cells, looks);
        }
        Step::Below
    }
}

/// The canonical optimal path in the multi-tile metric from `start` (reachable, not the
/// goal) to `puzzle`'s goal: IDA* by `bound`, its nodes counted in `budget`, whose
/// limits stop it. O(b^d) time for depth d and effective branching factor b, O(d)
/// memory.
pub(crate) fn solve(
    puzzle: &Puzzle,
    bound: &Bound,
    start: &[u8],
    budget: &Budget,
) -> Result<Option<Vec<Move>>, LimitHit> {
    let mut pass = Pass::new(puzzle, bound, start, Watch::budgeted(budget));
    let blank = start.iter().position(|&t| t == 0).expect("a blank");
    let mut threshold = bound.moves(&pass.looks);
    loop {
        budget.set_stage(format!("painted, bound {threshold}"));
        match pass.pass(blank, threshold) {
            Step::Found => return Ok(Some(pass.path(threshold as usize))),
            Step::Stopped => return Err(pass.counter.limit_hit()),
            Step::Below if pass.least == u32::MAX => return Ok(None),
            Step::Below => threshold = pass.least,
        }
    }
}

/// Every optimal path in the multi-tile metric from `start`, which takes `moves` moves
/// at least, in canonical order, as many as `wanted` asks for, listed or counted: one
/// pass within `moves` that goes on after each path to the goal. Its nodes
/// are counted in `budget`, whose limits stop it. O(b^moves) time, memory O(moves) and
/// the paths listed.
pub(crate) fn every_path(
    puzzle: &Puzzle,
    bound: &Bound,
    start: &[u8],
    moves: u32,
    budget: &Budget,
    wanted: EveryPath,
) -> Result<Paths, LimitHit> {
    let mut pass = Pass::new(puzzle, bound, start, Every::new(budget, wanted));
    let blank = start.iter().position(|&t| t == 0).expect("a blank");
    let step = pass.pass(blank, moves);
    pass.counter.paths(step)
}
