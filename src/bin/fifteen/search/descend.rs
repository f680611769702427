//! IDA*'s depth-first pass (Korf 1985) on one thread, moves tried in the canonical order
//! `D < L < R < U`.

use super::super::board::Move;
use super::bound::LowerBound;
use super::{Board, Puzzle, MAX_BOARD};

/// How many low bits of a [`MovePruner`] state hold the moves it allows.
pub(crate) const LIVE_BITS: u32 = 4;

/// A finite-state machine over a path's moves (indices into `Move::ALL`) that forbids
/// non-canonical paths. A state is `row << LIVE_BITS | allowed`, bit i for `Move::ALL[i]`.
#[derive(Debug, PartialEq)]
pub(crate) struct MovePruner {
    /// `next[row][m]`: the state after move `m` from row `row`; row 0 is the empty path's.
    pub(super) next: Vec<[u32; 4]>,
}

impl MovePruner {
    /// The machine that forbids only undoing the last move (5 rows).
    pub(crate) fn undo_only() -> Self {
        let after =
            |m: usize| (m as u32 + 1) << LIVE_BITS | (0b1111 & !(1 << Move::opposite_index(m)));
        let row = [after(0), after(1), after(2), after(3)];
        MovePruner { next: vec![row; 5] }
    }

    /// The empty path's state: row 0, every move allowed.
    pub(crate) fn start(&self) -> u32 {
        0b1111
    }

    /// The state after move `m` from `state`. O(1).
    #[inline(always)]
    pub(crate) fn step(&self, state: u32, m: usize) -> u32 {
        self.next[(state >> LIVE_BITS) as usize][m & 3]
    }

    /// The moves allowed from `state`.
    #[inline(always)]
    pub(crate) fn live(state: u32) -> u32 {
        state & ((1 << LIVE_BITS) - 1)
    }
}

/// What a pass counts nodes with and asks whether to stop.
pub(crate) trait Counter {
    /// Counts a node generated; `false` now and then, to call `stops`.
    fn tick(&mut self) -> bool;
    /// Whether the pass stops here (the counter records why).
    fn stops(&mut self) -> bool;
    /// Counts a node expanded (its moves tried).
    fn expand(&mut self) {}
    /// Whether the pass ends at `path`, a path to the goal (else it goes on).
    fn found(&mut self, _path: &[Move]) -> bool {
        true
    }
    /// Whether the pass skips the node at the end of `path`, the counter recording it.
    #[inline(always)]
    fn leaves(&mut self, _path: &[Move]) -> bool {
        false
    }
}

/// How a depth-first pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A path to the goal: [`Search::path`].
    Found,
    /// No path within the threshold (see [`Search::least`]).
    Below,
    /// The counter stopped the pass.
    Stopped,
}

/// One thread's depth-first search.
pub(crate) struct Search<'a, B: LowerBound, C: Counter> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) pruner: &'a MovePruner,
    pub(crate) bound: &'a B,
    pub(crate) counter: C,
    pub(crate) cells: Board,
    /// The moves from the root (stale past the current depth), cut to the solution found.
    pub(crate) path: Vec<Move>,
    /// The least f = moves + bound pruned in this pass.
    pub(crate) least: u32,
}

impl<'a, B: LowerBound, C: Counter> Search<'a, B, C> {
    /// A search; [`Search::pass`] runs it.
    pub(crate) fn new(
        puzzle: &'a Puzzle,
        pruner: &'a MovePruner,
        bound: &'a B,
        counter: C,
    ) -> Self {
        Search {
            puzzle,
            pruner,
            bound,
            counter,
            cells: [0; MAX_BOARD],
            path: Vec::new(),
            least: u32::MAX,
        }
    }

    /// Reserves the path's capacity for a pass within `threshold`. O(threshold).
    pub(crate) fn reach(&mut self, threshold: u32) {
        self.path.resize(threshold as usize, Move::Down);
    }

    /// One pass over `root`'s tree within `threshold`, resetting `least`. O(b^threshold), b
    /// the effective branching factor.
    pub(crate) fn pass(&mut self, root: &Root<B::State>, threshold: u32) -> Step {
        self.least = u32::MAX;
        self.cells = root.cells;
        self.reach(threshold);
        let mut state = root.state.clone();
        let start = self.pruner.start();
        self.below(&mut state, root.blank, 0, root.h, threshold, start)
    }

    /// Searches below the node at depth `g ≤ threshold`, bound `h`, blank on `blank`, pruner
    /// state `path_state`. O(b^(threshold − g)).
    pub(crate) fn below(
        &mut self,
        state: &mut B::State,
        blank: usize,
        g: u32,
        mut h: u32,
        threshold: u32,
        path_state: u32,
    ) -> Step {
        if h == 0 && self.cells[..self.puzzle.goal.len()] == self.puzzle.goal {
            if !self.counter.found(&self.path[..g as usize]) {
                return Step::Below;
            }
            self.path.truncate(g as usize);
            return Step::Found;
        }
        if self.counter.leaves(&self.path[..g as usize]) {
            return Step::Below;
        }
        self.counter.expand();
        // Children whose bound is above `limit` are pruned.
        let limit = (threshold - g).saturating_sub(1);
        let (puzzle, pruner) = (self.puzzle, self.pruner);
        let neighbors = &puzzle.neighbors[blank];
        let mut moves = u32::from(puzzle.exits[blank]) & MovePruner::live(path_state);
        while moves != 0 {
            let i = moves.trailing_zeros() as usize & 3;
            moves &= moves - 1;
            let (m, next) = (Move::ALL[i], neighbors[i]);
            if !self.counter.tick() && self.counter.stops() {
                return Step::Stopped;
            }
            let tile = self.cells[next];
            let (child_h, undo) = self
                .bound
                .apply(state, &self.cells, tile, next, blank, limit);
            if g + 1 + child_h > threshold {
                self.least = self.least.min(g + 1 + child_h);
                if child_h <= limit {
                    // Only when g = threshold: the move was applied in full.
                    self.bound.undo(state, tile, next, blank, undo);
                }
                // Pathmax: a child's bound less one bounds this node too (bounds may be
                // inconsistent); g + h is the f for the next threshold.
                if child_h > h + 1 {
                    h = child_h - 1;
                    if g + h > threshold {
                        self.least = self.least.min(g + h);
                        return Step::Below;
                    }
                }
                continue;
            }
            self.cells[blank] = tile;
            self.cells[next] = 0;
            self.path[g as usize] = m;
            // The machine's row is read only for a child that is searched.
            let next_state = pruner.step(path_state, i);
            match self.below(state, next, g + 1, child_h, threshold, next_state) {
                Step::Below => {}
                done => return done,
            }
            self.cells[next] = tile;
            self.cells[blank] = 0;
            self.bound.undo(state, tile, next, blank, undo);
        }
        Step::Below
    }
}

/// The board a search starts from, with its bound's state and value.
pub(crate) struct Root<S> {
    pub(crate) cells: Board,
    pub(crate) blank: usize,
    pub(crate) state: S,
    pub(crate) h: u32,
}

impl<S> Root<S> {
    /// The root of a search of `start`. O(N) plus the bound's start.
    pub(crate) fn new<B: LowerBound<State = S>>(bound: &B, start: &[u8]) -> Self {
        let (state, h) = bound.start(start);
        let mut cells = [0; MAX_BOARD];
        cells[..start.len()].copy_from_slice(start);
        let blank = start.iter().position(|&t| t == 0).unwrap_or(0);
        Root {
            cells,
            blank,
            state,
            h,
        }
    }
}

/// The least threshold ≥ `least` with the parity of every path from `start`: that of the
/// blank's taxicab distance to its goal cell. O(N).
pub(crate) fn threshold_from(puzzle: &Puzzle, start: &[u8], least: u32) -> u32 {
    let blank = start.iter().position(|&t| t == 0).unwrap_or(0);
    let parity = puzzle.shape.distance(blank, puzzle.goal_at[0]) as u32 % 2;
    least + ((least % 2) ^ parity)
}
