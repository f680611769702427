//! The per-case solver: one board, one goal, the configured search, and what `--stats`
//! reports of it. Uses the plan of `ida`, the stored searches, `any`; writes nothing but
//! notes.

use super::super::any::{self, Letters, Record};
use super::super::board::{manhattan, path_text, Move, Shape};
use super::super::error::{Error, LimitHit};
use super::super::goal::is_reachable;
use super::super::notation::Metric;
use super::super::parse::Case;
use super::super::search::bound::{LowerBound, Manhattan};
use super::super::search::ida::{self, Paths};
use super::super::search::multi;
use super::super::search::pdb::MAX_CELLS;
use super::super::search::plan::{BoundJob, Plan, Solved};
use super::super::search::state::{bits_per_cell, BTreeLevels, HashLevels, StateKey};
use super::super::search::{stored, Budget, Limits, Notes, Puzzle};
use super::super::show;
use super::args::{Algorithm, Config, EveryPath, MapKind, Stored};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What `--stats` reports of one case.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    /// The `--algo` name.
    pub(crate) search: &'static str,
    /// The lower bound's name, or `none`; for `ida`, the bounds tried, in order.
    pub(crate) bound: String,
    /// Nodes generated (`ida`, `dfs`) or expanded (`astar`, `bfs`); for `any`, the cells
    /// visited by the blank's breadth-first searches.
    pub(crate) nodes: u64,
    /// For `ida`, the nodes expanded (whose children were generated).
    pub(crate) expanded: Option<u64>,
    /// Time to build the bound's tables.
    pub(crate) table: Duration,
    /// Time to search, tables excluded.
    pub(crate) solve: Duration,
    /// For `any`: the Manhattan distance of the board, to set beside the moves.
    pub(crate) manhattan: Option<usize>,
}

/// A path as an answer holds it.
#[derive(Clone, Debug)]
pub(crate) enum Path {
    /// Every move: the paths of the optimal searches, at most a few hundred moves.
    Moves(Vec<Move>),
    /// `any`'s path, two bits a move: 0.25 byte a move, up to [`any::KEPT`] moves.
    Packed(any::Packed),
    /// `any`'s path of `count` moves beyond [`any::KEPT`], held as its board and goal
    /// and made again as it is written ([`any::solve`] makes the same moves every time):
    /// O(N) memory, for twice the solving time.
    Replay {
        shape: Shape,
        cells: Vec<u32>,
        goal: Vec<u32>,
        variant: any::Variant,
        count: u64,
    },
}

impl Path {
    /// The number of moves.
    pub(crate) fn count(&self) -> u64 {
        match self {
            Path::Moves(moves) => moves.len() as u64,
            Path::Packed(packed) => packed.count(),
            Path::Replay { count, .. } => *count,
        }
    }

    /// Hands every move of the path, in order, to `record`. O(moves), and for a path held
    /// as [`Path::Replay`] the time to solve its board again.
    pub(crate) fn replay<R: Record>(&self, record: &mut R) -> std::io::Result<()> {
        match self {
            Path::Moves(moves) => moves.iter().for_each(|&m| record.record(m)),
            Path::Packed(packed) => packed.replay(record),
            Path::Replay {
                shape,
                cells,
                goal,
                variant,
                ..
            } => {
                any::solve(*shape, cells, goal, *variant, record).map_err(|_| changed())?;
            }
        }
        Ok(())
    }

    /// Writes the letters of the path to `output`, no line end.
    pub(crate) fn write_letters<W: Write>(&self, output: &mut W) -> std::io::Result<()> {
        match self {
            Path::Moves(moves) => output.write_all(path_text(moves).as_bytes()),
            Path::Packed(packed) => packed.write_letters(output),
            Path::Replay { count, .. } => {
                let mut letters = Letters::new(&mut *output);
                let replayed = self.replay(&mut letters);
                let written = letters.finish()?;
                match replayed {
                    Ok(()) if written == *count => Ok(()),
                    _ => Err(changed()),
                }
            }
        }
    }
}

/// The error of a path held as [`Path::Replay`] that is not made again as it was counted.
fn changed() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::Other,
        "any's path changed between its count and its letters",
    )
}

/// The answer to one case: a path, or `None` when the goal is not reached (by parity, or
/// by `dfs` within its bound).
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    pub(crate) moves: Option<Path>,
    pub(crate) reachable: bool,
    pub(crate) stats: Stats,
    /// With `--all-paths` or `--count-paths`, the optimal paths, for a reachable goal.
    pub(crate) paths: Option<Paths>,
}

/// The job of `--all-paths` and `--count-paths` with the bound of a plan that found the
/// least moves: [`ida::every_path`].
struct EveryJob<'a> {
    start: &'a [u8],
    moves: u32,
    budget: &'a Budget,
    every: EveryPath,
}

impl BoundJob for EveryJob<'_> {
    type Output = Result<Paths, LimitHit>;

    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        let (limit, list) = (self.every.limit, self.every.list);
        ida::every_path(
            puzzle,
            bound,
            (self.start, self.moves),
            self.budget,
            (limit, list),
        )
    }
}

/// The canonical optimal path of `start` in the multi-tile metric (`--metric mtm`), and
/// its optimal paths when `every` asks for them: the bound made (or read) on first use by
/// `threads` threads, its time and name in `stats`, the nodes in `budget`.
fn solve_multi(
    puzzle: &Puzzle,
    start: &[u8],
    (budget, threads, notes): (&Budget, usize, &dyn Notes),
    every: Option<EveryPath>,
    stats: &mut Stats,
) -> Result<(Option<Vec<Move>>, Option<Paths>), LimitHit> {
    let started = Instant::now();
    let bound = multi::bound_of(puzzle, budget, threads, notes)?;
    stats.table = started.elapsed();
    stats.bound = bound.name();
    let moves = multi::solve(puzzle, bound, start, budget)?;
    let paths = match (every, &moves) {
        (Some(every), Some(path)) => {
            let length = Metric::Multi.length(path_text(path).as_bytes()) as u32;
            let wanted = (every.limit, every.list);
            Some(multi::every_path(
                puzzle,
                bound,
                (start, length),
                budget,
                wanted,
            )?)
        }
        _ => None,
    };
    Ok((moves, paths))
}

/// Solves the cases of an input with one configuration, keeping the [`Plan`] of each shape
/// and goal met, and the budgets of the cases being solved for the status line.
pub(crate) struct Solver {
    config: Config,
    cases: usize,
    /// The threads that search one board.
    threads: usize,
    plans: Mutex<Vec<Arc<Plan>>>,
    /// The cases being solved, by number.
    live: Mutex<Vec<(usize, Arc<Budget>)>>,
    /// The number of the first case that failed: the later ones are called off.
    failed: AtomicUsize,
    /// Whether [`LONG_NOTE`] has been written.
    warned: AtomicBool,
}

/// The note of `ida` starting, with no limit, on a board it will likely not finish soon.
const LONG_NOTE: &str = "ida may search this board for hours; --algo any answers at once \
(not optimal), --time-limit SECONDS stops the search";

impl Solver {
    /// A solver for an input of `cases` cases, one board searched by `threads` threads,
    /// with no plan yet.
    pub(crate) fn new(config: Config, cases: usize, threads: usize) -> Self {
        Solver {
            config,
            cases,
            threads,
            plans: Mutex::new(Vec::new()),
            live: Mutex::new(Vec::new()),
            failed: AtomicUsize::new(usize::MAX),
            warned: AtomicBool::new(false),
        }
    }

    /// The plan for `shape` and `goal`, made on first use. O(plans · N).
    pub(crate) fn plan(&self, shape: Shape, goal: &[u8]) -> Arc<Plan> {
        let mut plans = self.plans.lock().unwrap_or_else(|e| e.into_inner());
        let known = plans
            .iter()
            .find(|p| p.puzzle.shape == shape && p.puzzle.goal == goal);
        if let Some(plan) = known {
            return Arc::clone(plan);
        }
        let puzzle = Puzzle::new(shape, goal.to_vec());
        let cache = self.config.cache.clone();
        let threads = (self.threads, self.config.jobs);
        let plan = Arc::new(Plan::new(puzzle, self.cases, cache, threads));
        plans.push(Arc::clone(&plan));
        plan
    }

    /// `any`'s short path on a board of 10 to 32 cells by [`Plan::solve_near`], the plan
    /// the same as `ida`'s, and the nodes generated; `None` on other boards, or when that
    /// search gives up. No limit applies: `any` always answers.
    fn solve_near(
        &self,
        shape: Shape,
        cells: &[u32],
        goal: &[u32],
        notes: &dyn Notes,
    ) -> Option<(Solved, u64)> {
        if !(10..=MAX_CELLS).contains(&shape.cells()) {
            return None;
        }
        let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
        let budget = Budget::new(Limits {
            max_nodes: None,
            time_limit: None,
            max_memory_mib: usize::MAX,
        });
        let plan = self.plan(shape, &bytes(goal));
        let near = plan
            .solve_near(&bytes(cells), &budget, notes)
            .ok()
            .flatten()?;
        Some((near, budget.nodes()))
    }

    /// Whether `ida` will likely not finish soon on `shape`: 5×5 and larger boards, unless
    /// the 5×5 tables may be in `--cache`, with neither `--max-nodes` nor `--time-limit`.
    fn likely_long(&self, shape: Shape) -> bool {
        let config = &self.config;
        let five = shape.rows == 5 && shape.cols == 5;
        config.algorithm == Algorithm::Ida
            && shape.rows.min(shape.cols) >= 5
            && !(five && config.cache.is_some())
            && config.limits.max_nodes.is_none()
            && config.limits.time_limit.is_none()
    }

    /// The cases being solved, for the status line.
    fn live(&self) -> std::sync::MutexGuard<'_, Vec<(usize, Arc<Budget>)>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls off the searches of the cases after case number `case`.
    pub(super) fn cancel_after(&self, case: usize) {
        self.failed.fetch_min(case, Ordering::Relaxed);
        for (_, budget) in self.live().iter().filter(|(number, _)| *number > case) {
            budget.stop(LimitHit::Cancelled);
        }
    }

    /// Solves one board for one goal with the configured search; `Err` carries the limit
    /// reached, or `TooLarge` for an optimal search on more than 256 cells. Notes on the
    /// tables go to `notes`.
    pub(crate) fn solve_case(
        &self,
        (shape, cells, goal): (Shape, &[u32], &[u32]),
        case: usize,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let config = &self.config;
        let search = config.algorithm.name();
        let mut stats = Stats {
            search,
            bound: "none".into(),
            ..Stats::default()
        };
        let reachable = is_reachable(shape, cells, goal);
        if !reachable || cells == goal {
            let moves = reachable.then(|| Path::Moves(Vec::new()));
            // A solved board's one path, the empty one.
            let paths = config.paths.filter(|_| reachable).map(|every| Paths {
                count: 1,
                listed: if every.list {
                    vec![Vec::new()]
                } else {
                    Vec::new()
                },
                more: false,
            });
            return Ok(Answer {
                moves,
                reachable,
                stats,
                paths,
            });
        }
        if config.algorithm == Algorithm::Any {
            return self.solve_any((shape, cells, goal), case, stats, notes);
        }
        let started = Instant::now();
        let multi_tile = config.metric == Metric::Multi;
        if multi_tile && (shape.rows > 4 || shape.cols > 4) {
            let (rows, cols) = (shape.rows, shape.cols);
            return Err(Error::TooLargeForMetric { case, rows, cols });
        }
        if shape.cells() > 256 {
            return Err(Error::TooLarge {
                case,
                search,
                cells: shape.cells(),
            });
        }
        if self.likely_long(shape) && !self.warned.swap(true, Ordering::Relaxed) {
            notes.note(&format!("note: case {case}: {LONG_NOTE}"));
        }
        let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
        let start = bytes(cells);
        let budget = Arc::new(Budget::new(config.limits));
        self.live().push((case, Arc::clone(&budget)));
        if self.failed.load(Ordering::Relaxed) < case {
            budget.stop(LimitHit::Cancelled);
        }
        let mut paths = None;
        let result = match config.algorithm {
            Algorithm::Stored(stored) => {
                let puzzle = Puzzle::new(shape, bytes(goal));
                let bits = bits_per_cell(shape.cells()) as usize * shape.cells();
                let solve = if bits <= 64 {
                    solve_stored::<u64>
                } else if bits <= 128 {
                    solve_stored::<u128>
                } else {
                    solve_stored::<Box<[u8]>>
                };
                solve(stored, config.map, &puzzle, &start, &budget, &mut stats)
            }
            Algorithm::Ida if multi_tile => {
                let plan = self.plan(shape, &bytes(goal));
                let work = (&*budget, config.jobs, notes);
                solve_multi(&plan.puzzle, &start, work, config.paths, &mut stats).map(
                    |(moves, every)| {
                        paths = every;
                        moves
                    },
                )
            }
            // `any` has returned above.
            Algorithm::Ida | Algorithm::Any => {
                let plan = self.plan(shape, &bytes(goal));
                plan.solve(&start, &budget, notes).and_then(|solved| {
                    stats.bound = solved.bounds;
                    stats.table = solved.table;
                    if let (Some(every), Some(path), Some(bound)) =
                        (config.paths, &solved.moves, &solved.bound)
                    {
                        let moves = path.len() as u32;
                        let (start, budget) = (&start[..], &*budget);
                        let job = EveryJob {
                            start,
                            moves,
                            budget,
                            every,
                        };
                        let found = plan.with_bound(bound, (budget, notes), job);
                        paths = found
                            .map(|paths| paths.and_then(|paths| paths))
                            .transpose()?;
                    }
                    Ok(solved.moves)
                })
            }
        };
        self.live().retain(|(number, _)| *number != case);
        stats.nodes = budget.nodes();
        if config.algorithm == Algorithm::Ida {
            stats.expanded = Some(budget.expanded());
        }
        stats.solve = started.elapsed().saturating_sub(stats.table);
        let moves = result.map_err(|hit| Error::Limit { case, hit })?;
        Ok(Answer {
            moves: moves.map(Path::Moves),
            reachable,
            stats,
            paths,
        })
    }

    /// `any`'s answer to case number `case`, a reachable board not at its goal: a short
    /// path by [`Solver::solve_near`] where it answers, else [`any::solve`]'s path, packed
    /// or, past [`any::KEPT`] moves, replayed as it is written.
    fn solve_any(
        &self,
        (shape, cells, goal): (Shape, &[u32], &[u32]),
        case: usize,
        mut stats: Stats,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let (started, reachable) = (Instant::now(), true);
        stats.manhattan = Some(manhattan(shape, cells, goal));
        if let Some((near, nodes)) = self.solve_near(shape, cells, goal, notes) {
            stats.nodes = nodes;
            stats.bound = near.bounds;
            stats.table = near.table;
            stats.solve = started.elapsed().saturating_sub(near.table);
            return Ok(Answer {
                moves: near.moves.map(Path::Moves),
                reachable,
                stats,
                paths: None,
            });
        }
        let stuck = |at: any::Stuck| Error::Stuck {
            case,
            tile: at.tile,
            row: at.row,
            col: at.col,
        };
        let variant = any::shortest(shape, cells, goal).map_err(stuck)?;
        let mut packed = any::Packed::new(any::KEPT);
        stats.nodes = any::solve(shape, cells, goal, variant, &mut packed).map_err(stuck)?;
        stats.solve = started.elapsed();
        let path = if packed.is_whole() {
            Path::Packed(packed)
        } else {
            Path::Replay {
                shape,
                cells: cells.to_vec(),
                goal: goal.to_vec(),
                variant,
                count: packed.count(),
            }
        };
        Ok(Answer {
            moves: Some(path),
            reachable,
            stats,
            paths: None,
        })
    }

    /// The configured goal for case number `number`. O(N).
    pub(crate) fn goal(&self, case: &Case, number: usize) -> Result<Vec<u32>, Error> {
        self.config.goal.board_of_case(case.shape, number)
    }

    /// The answer to case number `number` for the configured goal; with `--show` or
    /// `--svg`, refused for a board or path too large to draw (the board before it is
    /// solved).
    pub(super) fn answer(
        &self,
        case: &Case,
        number: usize,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let goal = self.goal(case, number)?;
        let drawing = self.config.drawing();
        if let Some(flag) = drawing {
            show::check_board(flag, number, case.shape)?;
        }
        let answer = self.solve_case((case.shape, &case.cells, &goal), number, notes)?;
        if let (Some(flag), Some(path)) = (drawing, &answer.moves) {
            show::check_path(flag, number, path.count())?;
        }
        Ok(answer)
    }

    /// The status line of the earliest case solved for more than a second, if any.
    pub(crate) fn status(&self) -> Option<String> {
        let live = self.live();
        let (case, budget) = live
            .iter()
            .filter(|(_, budget)| budget.elapsed() > Duration::from_secs(1))
            .min_by_key(|(case, _)| *case)?;
        let (nodes, seconds) = (budget.nodes(), budget.elapsed().as_secs_f64());
        Some(format!(
            "case {case}: {}: {:.1} M nodes, {:.1} M nodes/s, {seconds:.0} s",
            budget.stage(),
            nodes as f64 / 1e6,
            nodes as f64 / 1e6 / seconds
        ))
    }
}

/// Runs a search that stores configurations, packed in `K`, over the map `map`.
fn solve_stored<K: StateKey>(
    search: Stored,
    map: MapKind,
    puzzle: &Puzzle,
    start: &[u8],
    budget: &Budget,
    stats: &mut Stats,
) -> Result<Option<Vec<Move>>, LimitHit> {
    match (search, map) {
        (Stored::Astar, _) => {
            let built = Instant::now();
            let bound = Manhattan::new(puzzle);
            stats.bound = bound.name();
            stats.table = built.elapsed();
            match map {
                MapKind::Hash => {
                    stored::astar::<K, _>(puzzle, &bound, start, HashLevels::default(), budget)
                }
                MapKind::BTree => {
                    stored::astar::<K, _>(puzzle, &bound, start, BTreeLevels::new(), budget)
                }
            }
        }
        (Stored::Bfs, MapKind::Hash) => {
            stored::bfs::<K, _>(puzzle, start, HashLevels::default(), budget)
        }
        (Stored::Bfs, MapKind::BTree) => {
            stored::bfs::<K, _>(puzzle, start, BTreeLevels::new(), budget)
        }
        (Stored::Dfs(max_moves), _) => stored::dfs::<K>(puzzle, start, max_moves, budget),
    }
}
