//! IDA* (Korf, 1985) over any [`bound::LowerBound`], with the canonical path, on one
//! thread or shared by several, its iterations cut into subtrees for other processes; the
//! depth-first pass is `descend`'s.

use super::super::board::Move;
use super::super::error::LimitHit;
use super::bound::LowerBound;
pub(crate) use super::descend::threshold_from;
use super::descend::{Counter, Root, Search, Step};
use super::prune::MovePruner;
use super::{Budget, Meter, Puzzle};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The nodes of the iterations finished on a puzzle (`Shared::searched`) after
/// which its iterations use its move pruner ([`Puzzle::pruner`], made in milliseconds on
/// the 4×4); before, only undoing a move is pruned, so that an easy board does not
/// wait for the machine. The threshold was chosen by whole-process runs on easy 4×4
/// boards and Korf's 100 (`benches/README.md`).
pub(crate) const DEEP_FROM: u64 = 1 << 22;

/// The nodes of the iterations finished on a puzzle after which its iterations use its
/// deeper machine (sequences of up to 13 moves, made in a fraction of a second, so only
/// for searches of several seconds). The paths are the same either way; the threshold
/// was chosen by whole-process runs on the 5×5 and the hardest 4×4 boards, with and
/// without cached tables (`benches/README.md`).
const DEEPER_FROM: u64 = 1 << 27;

/// The most moves a threshold or depth given to the search may say (`--depth`, a unit's
/// threshold): it recurses once a move on a thread's stack, which this bounds, and the
/// boards an optimal search can finish need far fewer (at most 80 on the 4×4, about 200
/// on the 5×5).
pub(crate) const MOST_MOVES: u32 = 1000;

/// How a search ended, short of a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The canonical optimal path.
    Path(Vec<Move>),
    /// No path: the search space is exhausted (only on a board with no moves).
    NoPath,
    /// The search generated its `give_up` nodes first, in the iteration of this
    /// threshold: every path to the goal has at least this many moves (the iterations
    /// before it were searched whole), so a later search of the board may start there.
    GaveUp(u32),
}

/// Why a pass stopped short ([`Step::Stopped`]), as its [`Watch`] keeps it.
#[derive(Clone, Debug, PartialEq)]
enum Stop {
    /// A limit of the budget was reached.
    Limit(LimitHit),
    /// The search generated its `give_up_at` nodes.
    GaveUp,
    /// An earlier subtree of the shared iteration holds a solution: this one is left.
    Overtaken,
}

/// The [`Counter`] of `ida`'s passes: the nodes counted in a budget, whose limits, the
/// give-up count and a race of subtrees are looked at every 4096 nodes.
pub(crate) struct Watch<'a> {
    meter: Meter<'a>,
    /// The node count at which the search gives up.
    give_up_at: u64,
    /// While searching subtree `i` of a shared iteration: the earliest subtree found
    /// to hold a solution, and `i`.
    subtree: Option<(&'a AtomicUsize, usize)>,
    /// Why the pass stopped, when it did.
    stop: Option<Stop>,
    /// The depth whose nodes are left unsearched and kept in `frontier` (`u32::MAX`:
    /// none); the goals above it are kept there too, each a subtree in its place.
    cut: u32,
    /// The paths to the nodes at depth `cut` and the goals above, in the search's order.
    frontier: Vec<Vec<Move>>,
}

impl<'a> Watch<'a> {
    /// Counts in `meter`, giving up at `give_up_at` nodes.
    fn new(meter: Meter<'a>, give_up_at: u64) -> Self {
        Watch {
            meter,
            give_up_at,
            subtree: None,
            stop: None,
            cut: u32::MAX,
            frontier: Vec::new(),
        }
    }

    /// Counts in `budget`, never giving up.
    pub(crate) fn budgeted(budget: &'a Budget) -> Self {
        Watch::new(budget.meter(), u64::MAX)
    }

    /// The limit that stopped a pass that neither gives up nor races.
    pub(crate) fn limit_hit(&self) -> LimitHit {
        match &self.stop {
            Some(Stop::Limit(hit)) => hit.clone(),
            _ => unreachable!("a pass with no give-up count nor race stops at a limit"),
        }
    }
}

impl Counter for Watch<'_> {
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.meter.tick()
    }

    #[inline(always)]
    fn expand(&mut self) {
        self.meter.expand();
    }

    /// A limit, the give-up count, or a solution in an earlier subtree.
    #[cold]
    fn stops(&mut self) -> bool {
        self.stop = match (self.meter.check(), self.subtree) {
            (Err(hit), _) => Some(Stop::Limit(hit)),
            _ if self.meter.nodes() > self.give_up_at => Some(Stop::GaveUp),
            (_, Some((found, i))) if found.load(Ordering::Relaxed) < i => Some(Stop::Overtaken),
            _ => None,
        };
        self.stop.is_some()
    }

    /// Without a cut, the pass ends at the goal; with one, the goal (at or above the cut)
    /// is kept as a subtree of its own, in its place.
    fn found(&mut self, path: &[Move]) -> bool {
        if self.cut == u32::MAX {
            return true;
        }
        self.frontier.push(path.to_vec());
        false
    }

    /// The nodes at the cut are kept, not searched.
    #[inline(always)]
    fn leaves(&mut self, path: &[Move]) -> bool {
        if path.len() as u32 != self.cut {
            return false;
        }
        self.frontier.push(path.to_vec());
        true
    }
}

/// A pass of `ida`.
type Pass<'a, B> = Search<'a, B, Watch<'a>>;

/// When the iterations of a search are shared, and by how many threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sharing {
    /// The threads, this one among them: at least 1.
    pub threads: usize,
    /// An iteration is shared once the one before it generated this many nodes.
    pub from_nodes: u64,
    /// The subtrees a thread gets at least in a shared iteration, when the tree allows.
    pub subtrees: usize,
    /// The nodes of the puzzle's searches (`Shared::searched`) after which the
    /// iterations use its move pruner: [`DEEP_FROM`], or 0 for a search known to be
    /// long.
    pub deep_from: u64,
    /// The nodes after which they use its deeper machine: [`DEEPER_FROM`], or
    /// `u64::MAX` for never (a weighted search, whose path the machine could change, or
    /// a memory limit too small for its build).
    pub deeper_from: u64,
}

impl Sharing {
    /// `threads` threads, sharing iterations that follow one of more than 2^16 nodes
    /// (the next is then about 7 times larger, ≈5 ms or more: starting threads costs
    /// less than it saves; from 2^20, Korf #88's 5.7 M-node iteration, most of its
    /// search, ran on one thread), 256 subtrees a thread so that the threads finish
    /// together; one thread shares nothing.
    pub(crate) fn new(threads: usize) -> Self {
        let from_nodes = if threads > 1 { 1 << 16 } else { u64::MAX };
        Sharing {
            threads,
            from_nodes,
            subtrees: 256,
            deep_from: DEEP_FROM,
            deeper_from: DEEPER_FROM,
        }
    }
}

/// The optimal paths asked for (`--all-paths N`, `--count-paths N`): those of a board in
/// canonical order, at most `limit` of them, listed (`list`) or counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EveryPath {
    pub(crate) limit: u64,
    pub(crate) list: bool,
}

impl EveryPath {
    /// The flag that asks for it.
    pub(crate) fn flag(self) -> &'static str {
        if self.list {
            "--all-paths"
        } else {
            "--count-paths"
        }
    }
}

/// The optimal paths of a board, in canonical order ([`every_path`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Paths {
    /// The paths found, up to the limit; when listed, each path, else none.
    pub count: u64,
    pub listed: Vec<Vec<Move>>,
    /// Whether there are more than the limit (the pass stopped at the one after it).
    pub more: bool,
}

/// The [`Counter`] of [`every_path`]: a [`Watch`], and the paths found so far.
pub(crate) struct Every<'a> {
    watch: Watch<'a>,
    paths: Paths,
    limit: u64,
    list: bool,
}

impl<'a> Every<'a> {
    /// Counts in `budget` the paths `wanted`.
    pub(crate) fn new(budget: &'a Budget, wanted: EveryPath) -> Self {
        Every {
            watch: Watch::budgeted(budget),
            paths: Paths::default(),
            limit: wanted.limit,
            list: wanted.list,
        }
    }

    /// The paths found by a pass that ended in `step`, or the limit that stopped it.
    pub(crate) fn paths(self, step: Step) -> Result<Paths, LimitHit> {
        match step {
            Step::Stopped => Err(self.watch.limit_hit()),
            Step::Found | Step::Below => Ok(self.paths),
        }
    }
}

impl Counter for Every<'_> {
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.watch.tick()
    }

    fn stops(&mut self) -> bool {
        self.watch.stops()
    }

    fn expand(&mut self) {
        self.watch.expand();
    }

    /// Counts `path` (and lists it, within the limit); ends the pass at the path after
    /// the limit.
    fn found(&mut self, path: &[Move]) -> bool {
        if self.paths.count == self.limit {
            self.paths.more = true;
            return true;
        }
        self.paths.count += 1;
        if self.list {
            self.paths.listed.push(path.to_vec());
        }
        false
    }
}

/// Every optimal path from `start`, which takes `moves` moves at least, in canonical order
/// (`D < L < R < U`), as many as `wanted` asks for, listed or counted: one pass
/// within `moves` that never undoes a move and goes on after each path to the goal (a
/// deeper move pruner would cut optimal paths that are not the canonical one). Its nodes
/// are counted in `budget`, whose limits stop it. O(b^moves) for the effective branching
/// factor b of `bound`, memory O(moves) and the paths listed.
pub(crate) fn every_path<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    start: &[u8],
    moves: u32,
    budget: &Budget,
    wanted: EveryPath,
) -> Result<Paths, LimitHit> {
    let undo_only = MovePruner::undo_only();
    let every = Every::new(budget, wanted);
    let mut search = Search::new(puzzle, &undo_only, bound, every);
    let step = search.pass(&Root::new(bound, start), moves);
    search.counter.paths(step)
}

/// The passes of `ida` that start below a prefix, a subtree of a shared iteration.
impl<'a, B: LowerBound> Pass<'a, B> {
    /// Searches the subtree below `prefix`, a path from `root` that [`bad_move`] accepts,
    /// of at most `threshold` moves: replays it (O(moves)), then searches below within
    /// `threshold`; `least` takes the subtree's pruned f too.
    fn below_prefix(&mut self, root: &Root<B::State>, threshold: u32, prefix: &[Move]) -> Step {
        let (puzzle, bound) = (self.puzzle, self.bound);
        let (mut state, mut h, mut blank) = (root.state.clone(), root.h, root.blank);
        let mut path_state = self.pruner.start();
        self.cells = root.cells;
        for &m in prefix {
            path_state = self.pruner.step(path_state, m.index());
            let next = puzzle.neighbors[blank][m.index()];
            let tile = self.cells[next];
            (h, _) = bound.apply(&mut state, &self.cells, tile, next, blank, u32::MAX);
            self.cells[blank] = tile;
            self.cells[next] = 0;
            blank = next;
        }
        self.path.clear();
        self.path.extend_from_slice(prefix);
        self.reach(threshold);
        let g = prefix.len() as u32;
        self.below(&mut state, blank, g, h, threshold, path_state)
    }
}

/// How the search of one subtree of an iteration ended ([`Iteration::subtree`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Subtree {
    /// The subtree's first path to the goal in the search's order, from the root.
    Solved(Vec<Move>),
    /// No path within the threshold; the least f = moves + bound pruned, if any.
    Below(Option<u32>),
    /// An earlier subtree of its race holds a path: this one was left.
    Overtaken,
}

/// One iteration of IDA* on `start` within `threshold`, cut into subtrees at a depth
/// ([`Iteration::frontier`]) and searched a subtree at a time
/// ([`Iteration::subtree`]), in any process: the passes of [`solve_sharing`]'s shared
/// iterations, so that the subtrees' first path, taken in the frontier's order, is the
/// iteration's, and their nodes with the frontier's are the iteration's on one thread.
pub(crate) struct Iteration<'a, B: LowerBound> {
    pub puzzle: &'a Puzzle,
    pub pruner: &'a MovePruner,
    pub bound: &'a B,
    pub start: &'a [u8],
    pub threshold: u32,
}

impl<'a, B: LowerBound> Iteration<'a, B> {
    /// The paths to the nodes at `depth` within the threshold, and to the goals above
    /// it, in the search's order (`depth` 0: the root alone), and the least f pruned
    /// above `depth`, if any; the nodes generated are counted in `budget`, whose limits
    /// stop the pass. O(nodes above `depth`).
    pub(crate) fn frontier(
        &self,
        budget: &Budget,
        depth: u32,
    ) -> Result<(Vec<Vec<Move>>, Option<u32>), LimitHit> {
        let mut watch = Watch::budgeted(budget);
        watch.cut = depth;
        let mut search = Search::new(self.puzzle, self.pruner, self.bound, watch);
        match search.pass(&Root::new(self.bound, self.start), self.threshold) {
            Step::Stopped => Err(search.counter.limit_hit()),
            _ => Ok((
                search.counter.frontier,
                Some(search.least).filter(|&f| f != u32::MAX),
            )),
        }
    }

    /// Searches the subtree below `prefix` (accepted by [`bad_move`], at most the
    /// threshold's moves), its nodes counted in `budget`; with `race` `(found, i)`,
    /// left once `found` < i (looked at every 4096 nodes). O(b^(threshold − moves)).
    pub(crate) fn subtree(
        &self,
        budget: &Budget,
        prefix: &[Move],
        race: Option<(&'a AtomicUsize, usize)>,
    ) -> Result<Subtree, LimitHit> {
        let watch = Watch::budgeted(budget);
        let mut search = Search::new(self.puzzle, self.pruner, self.bound, watch);
        search.counter.subtree = race;
        let root = Root::new(self.bound, self.start);
        Ok(match search.below_prefix(&root, self.threshold, prefix) {
            Step::Found => Subtree::Solved(search.path),
            Step::Below => Subtree::Below(Some(search.least).filter(|&f| f != u32::MAX)),
            // With no give-up count, a limit or the race stops the pass.
            Step::Stopped => match search.counter.stop {
                Some(Stop::Limit(hit)) => return Err(hit),
                _ => Subtree::Overtaken,
            },
        })
    }
}

/// The index of the first move of `prefix` that leaves the board from `start` or that
/// `pruner` forbids after the moves before it, if any. O(moves).
pub(crate) fn bad_move(
    puzzle: &Puzzle,
    pruner: &MovePruner,
    start: &[u8],
    prefix: &[Move],
) -> Option<usize> {
    let mut blank = start.iter().position(|&t| t == 0)?;
    let mut path_state = pruner.start();
    prefix.iter().position(|&m| {
        let i = m.index();
        let allowed = u32::from(puzzle.exits[blank]) & MovePruner::live(path_state);
        if allowed & 1 << i == 0 {
            return true;
        }
        path_state = pruner.step(path_state, i);
        blank = puzzle.neighbors[blank][i];
        false
    })
}

/// Where the threads of a shared iteration meet: the next subtree to take, the
/// earliest subtree with a solution and its path, the least f pruned.
struct Race {
    next: AtomicUsize,
    found: AtomicUsize,
    path: Mutex<Option<(usize, Vec<Move>)>>,
    least: AtomicU32,
    gave_up: AtomicBool,
}

/// Takes the subtrees of `frontier` one after another, in order, until none is left or
/// an earlier one holds a solution: replays its path from the root, then searches below
/// it within `threshold`.
fn take_subtrees<'a, B: LowerBound>(
    search: &mut Pass<'a, B>,
    root: &Root<B::State>,
    threshold: u32,
    frontier: &[Vec<Move>],
    race: &'a Race,
) {
    loop {
        let i = race.next.fetch_add(1, Ordering::Relaxed);
        if i >= frontier.len() || i > race.found.load(Ordering::Relaxed) {
            break;
        }
        search.counter.subtree = Some((&race.found, i));
        match search.below_prefix(root, threshold, &frontier[i]) {
            Step::Found => {
                race.found.fetch_min(i, Ordering::Relaxed);
                let mut best = race.path.lock().unwrap_or_else(|e| e.into_inner());
                if best.as_ref().map_or(true, |&(j, _)| i < j) {
                    *best = Some((i, std::mem::take(&mut search.path)));
                }
            }
            Step::Below => {}
            Step::Stopped => match search.counter.stop.take() {
                Some(Stop::Overtaken) => {}
                Some(Stop::GaveUp) => {
                    race.gave_up.store(true, Ordering::Relaxed);
                    break;
                }
                // A limit: the budget keeps it.
                _ => break,
            },
        }
    }
    race.least.fetch_min(search.least, Ordering::Relaxed);
}

/// Searches the subtrees of `frontier`, of `iteration` from `root`, on `threads` threads
/// (this one among them; a thread that cannot start leaves its share to the others),
/// counted in `budget`, given up at `give_up_at` nodes. The outcome of the earliest
/// subtree that holds a solution, or the least f pruned.
fn share<B: LowerBound>(
    iteration: &Iteration<B>,
    root: &Root<B::State>,
    budget: &Budget,
    give_up_at: u64,
    threads: usize,
    frontier: &[Vec<Move>],
) -> Result<Result<Outcome, u32>, LimitHit> {
    let Iteration {
        puzzle,
        pruner,
        bound,
        threshold,
        ..
    } = *iteration;
    let race = Race {
        next: AtomicUsize::new(0),
        found: AtomicUsize::new(usize::MAX),
        path: Mutex::new(None),
        least: AtomicU32::new(u32::MAX),
        gave_up: AtomicBool::new(false),
    };
    let work = || {
        let watch = Watch::new(budget.meter(), give_up_at);
        let mut search = Search::new(puzzle, pruner, bound, watch);
        take_subtrees(&mut search, root, threshold, frontier, &race);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start is simply not there.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    if let Some(hit) = budget.stopped() {
        return Err(hit);
    }
    // A thread that gave up may have left an earlier subtree unsearched.
    if race.gave_up.into_inner() {
        return Ok(Ok(Outcome::GaveUp(threshold)));
    }
    let found = race.path.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(match found {
        Some((_, path)) => Ok(Outcome::Path(path)),
        None => Err(race.least.into_inner()),
    })
}

/// The canonical optimal path from `start` to the goal: iterations of depth-first
/// search with growing thresholds, moves tried in the order D, L, R, U, never undoing
/// the last move, nor, once the puzzle's searches have generated [`DEEP_FROM`] nodes,
/// one that its pruner forbids (on the 4×4 and larger boards, the duplicate sequences
/// of up to 10 moves), stopping at the first goal found. Every path to the goal has the
/// parity of the blank's taxicab distance to its goal cell, so thresholds of the other
/// parity are skipped. Gives up after `give_up` nodes generated (counted in `budget`,
/// whose limits stop the search with an error). Memory O(d); time O(b^d), see the
/// header.
///
/// With `threads` > 1, see [`solve_sharing`] and [`Sharing::new`].
///
/// # Constraints
///
/// The goal is reachable from `start` (else the search runs until a limit stops it).
pub(crate) fn solve<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    start: &[u8],
    budget: &Budget,
    give_up: u64,
    threads: usize,
) -> Result<Outcome, LimitHit> {
    let sharing = Sharing::new(threads);
    solve_sharing(puzzle, bound, start, budget, give_up, 0, sharing)
}

/// [`solve`], its first threshold at least `floor` (a proven lower bound on the moves, as an
/// earlier search's [`Outcome::GaveUp`] gives; 0 for none), the move pruner used from
/// `sharing.deep_from` nodes and its deeper one from `sharing.deeper_from` (either keeps the
/// canonical path), an iteration that follows one of at least `sharing.from_nodes` nodes shared
/// by `sharing.threads` threads: its tree is cut at the depth that leaves at least
/// `sharing.subtrees` subtrees a thread, and the threads take the subtrees in the search's
/// order; a solution in a subtree calls off the later ones, and the earliest subtree's solution
/// is the answer, so the path is the one a single thread finds. Nodes above the cut are
/// generated again when the cut is moved deeper.
pub(crate) fn solve_sharing<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    start: &[u8],
    budget: &Budget,
    give_up: u64,
    floor: u32,
    sharing: Sharing,
) -> Result<Outcome, LimitHit> {
    let root = Root::new(bound, start);
    let give_up_at = budget.nodes().saturating_add(give_up);
    // Iterations forbid only undoing a move until the puzzle's searches have generated
    // `sharing.deep_from` nodes, then use its machine (made then, once), and from
    // `sharing.deeper_from` its deeper one.
    let undo_only = MovePruner::undo_only();
    let watch = Watch::new(budget.meter(), give_up_at);
    let mut search = Search::new(puzzle, &undo_only, bound, watch);
    // The bound's name without its size, for the status line.
    let name = bound.name();
    let name = name.split(" (").next().unwrap_or_default();
    let mut threshold = threshold_from(puzzle, start, root.h.max(floor));
    // The depth of the cut of a shared iteration, kept from one to the next.
    let mut cut: u32 = 1;
    let mut last_nodes = 0;
    loop {
        budget.set_stage(format!("{name}, bound {threshold}"));
        let searched = puzzle.shared.searched.load(Ordering::Relaxed);
        if searched >= sharing.deep_from {
            search.pruner = puzzle.pruner(searched >= sharing.deeper_from);
        }
        let before = search.counter.meter.nodes();
        let shared = last_nodes >= sharing.from_nodes;
        let wanted = sharing.threads * sharing.subtrees;
        let frontier = match shared {
            true => Frontier::Cut { wanted, last_nodes },
            false => Frontier::None,
        };
        match pass_to_frontier(&mut search, &root, threshold, &mut cut, frontier) {
            Step::Found => return Ok(Outcome::Path(search.path)),
            // This pass races no one: a limit, or the give-up count.
            Step::Stopped => {
                return match search.counter.stop {
                    Some(Stop::Limit(hit)) => Err(hit),
                    _ => Ok(Outcome::GaveUp(threshold)),
                }
            }
            Step::Below => {}
        }
        if shared && !search.counter.frontier.is_empty() {
            let frontier = std::mem::take(&mut search.counter.frontier);
            let iteration = Iteration {
                puzzle,
                pruner: search.pruner,
                bound,
                start,
                threshold,
            };
            let threads = sharing.threads;
            match share(&iteration, &root, budget, give_up_at, threads, &frontier)? {
                Ok(outcome) => return Ok(outcome),
                Err(least) => search.least = search.least.min(least),
            }
        }
        last_nodes = search.counter.meter.nodes() - before;
        puzzle
            .shared
            .searched
            .fetch_add(last_nodes, Ordering::Relaxed);
        if search.least == u32::MAX {
            return Ok(Outcome::NoPath);
        }
        threshold = threshold_from(puzzle, start, search.least);
    }
}

/// The subtrees that one thread's pass of an iteration leaves to be shared.
enum Frontier {
    /// None: the pass searches the whole iteration.
    None,
    /// At least `wanted`, if passes above the cut that cost less than a sixteenth of the
    /// last iteration, `last_nodes`, can leave them.
    Cut { wanted: usize, last_nodes: u64 },
}

/// Makes the pass of `search` under `threshold` that leaves `frontier` in its counter,
/// and says how it ended. With a cut, it tries from one level above `*cut` (the last
/// iteration's) and deepens the cut one level a pass until the frontier holds enough
/// subtrees, the next pass would cost too much, or the cut meets the threshold; `*cut`
/// is left at the depth used. Time: that of the passes made, the last at most sixteen
/// times the cost of those before it.
fn pass_to_frontier<B: LowerBound>(
    search: &mut Search<'_, B, Watch<'_>>,
    root: &Root<B::State>,
    threshold: u32,
    cut: &mut u32,
    frontier: Frontier,
) -> Step {
    *cut = cut.saturating_sub(1).max(1);
    let step = loop {
        let pass = search.counter.meter.nodes();
        search.counter.frontier.clear();
        search.counter.cut = match frontier {
            Frontier::None => u32::MAX,
            Frontier::Cut { .. } => *cut,
        };
        let step = search.pass(root, threshold);
        let above = search.counter.meter.nodes() - pass;
        let enough = match frontier {
            Frontier::None => true,
            Frontier::Cut { wanted, last_nodes } => {
                search.counter.frontier.len() >= wanted
                    || *cut + 1 >= threshold
                    || above * 16 > last_nodes
            }
        };
        if !matches!(step, Step::Below) || enough {
            break step;
        }
        *cut += 1;
    };
    search.counter.cut = u32::MAX;
    step
}
