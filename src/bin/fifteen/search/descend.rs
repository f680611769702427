//! The depth-first pass of IDA* (Korf, 1985) on one thread: moves tried in the canonical
//! order `D < L < R < U`, children pruned by any [`LowerBound`] and by a [`MovePruner`],
//! nodes counted by a [`Counter`]. `ida` runs its iterations on it, shared by threads and
//! cut into units; the judge edition runs them plainly. Uses boards and bounds.

use super::super::board::Move;
use super::bound::LowerBound;
use super::{Board, Puzzle, MAX_BOARD};

/// The low bits of a [`MovePruner`] state: the moves it allows.
pub(crate) const LIVE_BITS: u32 = 4;

/// A finite-state machine over the moves of a path (indices into `Move::ALL`) that forbids
/// paths which cannot be the canonical one: [`MovePruner::undo_only`] forbids undoing the
/// last move; `prune`'s deeper machines forbid duplicate sequences too. A state is a word:
/// its row shifted left by [`LIVE_BITS`], then the moves it allows, bit i for
/// `Move::ALL[i]`, so that a row is read only for a child that is searched.
#[derive(Debug, PartialEq)]
pub(crate) struct MovePruner {
    /// `next[row][m]`: the state after move `m` from the states of row `row`; row 0 is
    /// the empty path's.
    pub(super) next: Vec<[u32; 4]>,
}

impl MovePruner {
    /// The machine that forbids only undoing the last move: the empty path's row, then
    /// a row for each last move, which allows every move but its opposite. 5 rows.
    pub(crate) fn undo_only() -> Self {
        let after =
            |m: usize| (m as u32 + 1) << LIVE_BITS | (0b1111 & !(1 << Move::opposite_index(m)));
        let row = [after(0), after(1), after(2), after(3)];
        MovePruner { next: vec![row; 5] }
    }

    /// The state of the empty path: its row, 0, every move allowed.
    pub(crate) fn start(&self) -> u32 {
        0b1111
    }

    /// The state after move `m` (an index into `Move::ALL`) from `state`. O(1).
    #[inline(always)]
    pub(crate) fn step(&self, state: u32, m: usize) -> u32 {
        self.next[(state >> LIVE_BITS) as usize][m & 3]
    }

    /// The moves [`MovePruner::step`] allows from `state`, bit i for `Move::ALL[i]`.
    #[inline(always)]
    pub(crate) fn live(state: u32) -> u32 {
        state & ((1 << LIVE_BITS) - 1)
    }
}

/// What a pass counts its nodes with, and asks now and then whether to stop.
pub(crate) trait Counter {
    /// Counts a node generated; `false` once in a while (every 4096 nodes, say), when
    /// the pass asks [`Counter::stops`].
    fn tick(&mut self) -> bool;
    /// Whether the pass stops here (the counter keeps why).
    fn stops(&mut self) -> bool;
    /// Counts a node expanded: one whose children are generated (its moves tried).
    fn expand(&mut self) {}
    /// Whether the pass ends at `path`, a path to the goal ([`Step::Found`]), or goes on
    /// to the next one in the canonical order (to list or count them, or to cut the tree).
    fn found(&mut self, _path: &[Move]) -> bool {
        true
    }
    /// Whether the pass leaves the node at the end of `path` unsearched, the counter
    /// keeping it (to cut the tree into subtrees).
    #[inline(always)]
    fn leaves(&mut self, _path: &[Move]) -> bool {
        false
    }
}

/// How a depth-first pass ended (one byte, cheap to return through the recursion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A path to the goal: [`Search::path`].
    Found,
    /// No path within the threshold; [`Search::least`] is the least f pruned.
    Below,
    /// The counter stopped the pass.
    Stopped,
}

/// One thread's depth-first search over `puzzle`, bounded by `bound`, its paths pruned by
/// `pruner`, its nodes counted by `counter`.
pub(crate) struct Search<'a, B: LowerBound, C: Counter> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) pruner: &'a MovePruner,
    pub(crate) bound: &'a B,
    pub(crate) counter: C,
    pub(crate) cells: Board,
    /// The moves from the root, entry d made at depth d + 1 (those below the current
    /// node's depth left from earlier nodes): as long as the threshold, cut to the
    /// solution's length when one is found.
    pub(crate) path: Vec<Move>,
    /// The least f = moves + bound pruned in this pass.
    pub(crate) least: u32,
}

impl<'a, B: LowerBound, C: Counter> Search<'a, B, C> {
    /// A search of `puzzle` by `bound` and `pruner`, counting with `counter`.
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

    /// Makes room in the path for the moves of a pass within `threshold`.
    pub(crate) fn reach(&mut self, threshold: u32) {
        self.path.resize(threshold as usize, Move::Down);
    }

    /// One pass over the tree of `root` within `threshold`, `least` anew. O(b^threshold),
    /// b the bound's effective branching factor.
    pub(crate) fn pass(&mut self, root: &Root<B::State>, threshold: u32) -> Step {
        self.least = u32::MAX;
        self.cells = root.cells;
        self.reach(threshold);
        let mut state = root.state.clone();
        let start = self.pruner.start();
        self.below(&mut state, root.blank, 0, root.h, threshold, start)
    }

    /// Depth-first search below the current node, `g` moves from the start with bound
    /// `h`, blank at `blank`, its path in state `path_state` of the pruner; children with
    /// g + 1 + bound > `threshold` are pruned, and moves the pruner forbids are not made.
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
        // The moves to make, a bit each.
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
                // Pathmax: a child's bound less one bounds this node too (inconsistent
                // bounds: the blank's regions, the reflected maximum); g + h is the f to
                // remember for the next threshold.
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

/// The board a search starts from: its cells, blank, bound state and bound.
pub(crate) struct Root<S> {
    pub(crate) cells: Board,
    pub(crate) blank: usize,
    pub(crate) state: S,
    pub(crate) h: u32,
}

impl<S> Root<S> {
    /// The root of a search of `start` under `bound`. O(N) and the bound's start.
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

/// The least threshold from `least` on for a search of `start`: `least`, or one more to
/// have the parity of every path's length, the blank's taxicab distance to its goal
/// cell. O(N).
pub(crate) fn threshold_from(puzzle: &Puzzle, start: &[u8], least: u32) -> u32 {
    let blank = start.iter().position(|&t| t == 0).unwrap_or(0);
    let parity = puzzle.shape.distance(blank, puzzle.goal_at[0]) as u32 % 2;
    least + ((least % 2) ^ parity)
}
