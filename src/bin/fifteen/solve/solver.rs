//! The per-case solver: one board, one goal, the search asked for, and what `--stats`
//! reports of it. Uses the plan of `ida`, the stored searches and `any`; writes nothing but
//! notes.

use super::super::any;
use super::super::board::{manhattan, path_text, Move, Shape};
use super::super::error::{Error, LimitHit};
use super::super::goal::is_reachable;
use super::super::notation::Metric;
use super::super::parse::Case;
use super::super::search::board_maps::{bits_per_cell, BTreeLevels, HashLevels, StateKey};
use super::super::search::bound::{LowerBound, Manhattan};
use super::super::search::ida::{self, Paths};
use super::super::search::multi_tile;
use super::super::search::pdb::MAX_CELLS;
use super::super::search::plan::{BoundJob, Plan, Solved};
use super::super::search::{bytes, stored_searches, Budget, Limits, Notes, Puzzle};
use super::super::show;
use super::answer::{Answer, Path, Stats};
use super::{Algorithm, EveryPath, MapKind, Settings, Stored};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The job of `--all-paths` and `--count-paths` with the bound of a plan that found the
/// least moves: [`ida::every_path`].
struct EveryJob<'a> {
    start: &'a [u8],
    moves: u32,
    budget: &'a Budget,
    wanted: EveryPath,
}

impl BoundJob for EveryJob<'_> {
    type Output = Result<Paths, LimitHit>;

    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        ida::every_path(
            puzzle,
            bound,
            self.start,
            self.moves,
            self.budget,
            self.wanted,
        )
    }
}

/// What one search of a case found: the canonical path (`None`: none, only `dfs` within
/// its bound), and the optimal paths asked for.
type Found = (Option<Vec<Move>>, Option<Paths>);

/// A board being searched: its bytes, the budget its nodes are counted in, and where the
/// notes on its tables go.
struct Search<'a> {
    start: &'a [u8],
    budget: &'a Budget,
    notes: &'a dyn Notes,
}

/// Solves the cases of an input with one set of [`Settings`], keeping the [`Plan`] of each
/// shape and goal met, and the budgets of the cases being solved for the status line.
pub(crate) struct Solver {
    settings: Settings,
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
    pub(crate) fn new(settings: Settings, cases: usize, threads: usize) -> Self {
        Solver {
            settings,
            cases,
            threads,
            plans: Mutex::new(Vec::new()),
            live: Mutex::new(Vec::new()),
            failed: AtomicUsize::new(usize::MAX),
            warned: AtomicBool::new(false),
        }
    }

    /// What the solver was asked for.
    pub(crate) fn settings(&self) -> &Settings {
        &self.settings
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
        let cache = self.settings.cache.clone();
        let (threads, jobs) = (self.threads, self.settings.jobs);
        let plan = Arc::new(Plan::new(puzzle, self.cases, cache, threads, jobs));
        plans.push(Arc::clone(&plan));
        plan
    }

    /// The cases being solved, for the status line.
    fn live(&self) -> std::sync::MutexGuard<'_, Vec<(usize, Arc<Budget>)>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls off the searches of the cases after case number `case`.
    pub(crate) fn cancel_after(&self, case: usize) {
        self.failed.fetch_min(case, Ordering::Relaxed);
        for (_, budget) in self.live().iter().filter(|(number, _)| *number > case) {
            budget.stop(LimitHit::Cancelled);
        }
    }

    /// The goal asked for, for case number `number`. O(N).
    pub(crate) fn goal(&self, case: &Case, number: usize) -> Result<Vec<u32>, Error> {
        self.settings.goal.board_of_case(case.shape, number)
    }

    /// The answer to case number `number` for the goal asked for; when `drawing` names the
    /// flag that draws it (`--show`, `--svg`), refused for a board or path too large to
    /// draw (the board before it is solved).
    pub(crate) fn answer(
        &self,
        case: &Case,
        number: usize,
        drawing: Option<&'static str>,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let goal = self.goal(case, number)?;
        if let Some(flag) = drawing {
            show::check_board(flag, number, case.shape)?;
        }
        let answer = self.solve_case(case, &goal, number, notes)?;
        if let (Some(flag), Some(path)) = (drawing, &answer.moves) {
            show::check_path(flag, number, path.count())?;
        }
        Ok(answer)
    }

    /// Solves `case`, case number `number`, for `goal` with the search asked for; `Err`
    /// carries the limit reached, or `TooLarge` for an optimal search on more than 256
    /// cells. Notes on the tables go to `notes`.
    pub(crate) fn solve_case(
        &self,
        case: &Case,
        goal: &[u32],
        number: usize,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let algorithm = self.settings.algorithm;
        let stats = Stats {
            search: algorithm.name(),
            bound: "none".into(),
            ..Stats::default()
        };
        let reachable = is_reachable(case.shape, &case.cells, goal);
        if !reachable || case.cells == goal {
            return Ok(self.settled(reachable, stats));
        }
        if algorithm == Algorithm::Any {
            return self.solve_any(case, goal, number, stats, notes);
        }
        self.check_size(case.shape, number)?;
        if self.likely_long(case.shape) && !self.warned.swap(true, Ordering::Relaxed) {
            notes.note(&format!("note: case {number}: {LONG_NOTE}"));
        }
        self.solve_optimally(case, goal, number, stats, notes)
    }

    /// The answer to a board whose goal is out of reach (`reachable` false) or is the
    /// board itself: no path, or the empty one (its one optimal path).
    fn settled(&self, reachable: bool, stats: Stats) -> Answer {
        let paths = (self.settings.paths)
            .filter(|_| reachable)
            .map(|every| Paths {
                count: 1,
                listed: if every.list {
                    vec![Vec::new()]
                } else {
                    Vec::new()
                },
                more: false,
            });
        Answer {
            moves: reachable.then(|| Path::Moves(Vec::new())),
            reachable,
            stats,
            paths,
        }
    }

    /// Refuses a board of `shape` too large for the optimal searches: more than 4 rows or
    /// columns in the multi-tile metric, more than 256 cells.
    fn check_size(&self, shape: Shape, case: usize) -> Result<(), Error> {
        let (rows, cols) = (shape.rows, shape.cols);
        if self.settings.metric == Metric::Multi && (rows > 4 || cols > 4) {
            return Err(Error::TooLargeForMetric { case, rows, cols });
        }
        if shape.cells() > 256 {
            let search = self.settings.algorithm.name();
            let cells = shape.cells();
            return Err(Error::TooLarge {
                case,
                search,
                cells,
            });
        }
        Ok(())
    }

    /// Whether `ida` will likely not finish soon on `shape`: 5×5 and larger boards, unless
    /// the 5×5 tables may be in `--cache`, with neither `--max-nodes` nor `--time-limit`.
    fn likely_long(&self, shape: Shape) -> bool {
        let settings = &self.settings;
        let five = shape.rows == 5 && shape.cols == 5;
        settings.algorithm == Algorithm::Ida
            && shape.rows.min(shape.cols) >= 5
            && !(five && settings.cache.is_some())
            && settings.limits.max_nodes.is_none()
            && settings.limits.time_limit.is_none()
    }

    /// The answer of an optimal search (`ida`, in either metric, or a stored search) to
    /// case number `number`, a reachable board not at its goal, in a budget of its own
    /// that the status line follows and a failed earlier case calls off.
    fn solve_optimally(
        &self,
        case: &Case,
        goal: &[u32],
        number: usize,
        mut stats: Stats,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let started = Instant::now();
        let budget = Arc::new(Budget::new(self.settings.limits));
        self.live().push((number, Arc::clone(&budget)));
        if self.failed.load(Ordering::Relaxed) < number {
            budget.stop(LimitHit::Cancelled);
        }
        let start = bytes(&case.cells);
        let search = Search {
            start: &start,
            budget: &budget,
            notes,
        };
        let found = self.search(case.shape, &bytes(goal), &search, &mut stats);
        self.live().retain(|(case, _)| *case != number);
        stats.nodes = budget.nodes();
        if self.settings.algorithm == Algorithm::Ida {
            stats.expanded = Some(budget.expanded());
        }
        stats.solve = started.elapsed().saturating_sub(stats.table);
        let (moves, paths) = found.map_err(|hit| Error::Limit { case: number, hit })?;
        Ok(Answer {
            moves: moves.map(Path::Moves),
            reachable: true,
            stats,
            paths,
        })
    }

    /// The search asked for on `search.start`, a board of `shape`, to `goal`; its bounds
    /// and table time in `stats`.
    fn search(
        &self,
        shape: Shape,
        goal: &[u8],
        search: &Search,
        stats: &mut Stats,
    ) -> Result<Found, LimitHit> {
        let settings = &self.settings;
        match settings.algorithm {
            Algorithm::Stored(stored) => {
                let puzzle = Puzzle::new(shape, goal.to_vec());
                let bits = bits_per_cell(shape.cells()) as usize * shape.cells();
                let solve = if bits <= 64 {
                    solve_stored::<u64>
                } else if bits <= 128 {
                    solve_stored::<u128>
                } else {
                    solve_stored::<Box<[u8]>>
                };
                let moves = solve(stored, settings.map, &puzzle, search, stats)?;
                Ok((moves, None))
            }
            Algorithm::Ida if settings.metric == Metric::Multi => {
                let plan = self.plan(shape, goal);
                solve_multi(&plan, search, settings, stats)
            }
            // `any` is answered by `solve_any`.
            Algorithm::Ida | Algorithm::Any => {
                self.solve_ida(&self.plan(shape, goal), search, stats)
            }
        }
    }

    /// `ida`'s canonical path by `plan`, and the optimal paths asked for, by the bound that
    /// found it.
    fn solve_ida(
        &self,
        plan: &Plan,
        search: &Search,
        stats: &mut Stats,
    ) -> Result<Found, LimitHit> {
        let solved = plan.solve(search.start, search.budget, search.notes)?;
        stats.bound = solved.bounds;
        stats.table = solved.table;
        let (Some(wanted), Some(path), Some(bound)) =
            (self.settings.paths, &solved.moves, &solved.bound)
        else {
            return Ok((solved.moves, None));
        };
        let job = EveryJob {
            start: search.start,
            moves: path.len() as u32,
            budget: search.budget,
            wanted,
        };
        let found = plan.with_bound(bound, search.budget, search.notes, job);
        let paths = found
            .map(|paths| paths.and_then(|paths| paths))
            .transpose()?;
        Ok((solved.moves, paths))
    }

    /// `any`'s short path on a board of 10 to 32 cells by [`Plan::solve_near`], the plan
    /// the same as `ida`'s, and the nodes generated; `None` on other boards, or when that
    /// search gives up. No limit applies: `any` always answers.
    fn solve_near(&self, case: &Case, goal: &[u32], notes: &dyn Notes) -> Option<(Solved, u64)> {
        if !(10..=MAX_CELLS).contains(&case.shape.cells()) {
            return None;
        }
        let budget = Budget::new(Limits {
            max_nodes: None,
            time_limit: None,
            max_memory_mib: usize::MAX,
        });
        let plan = self.plan(case.shape, &bytes(goal));
        let near = plan.solve_near(&bytes(&case.cells), &budget, notes);
        Some((near.ok().flatten()?, budget.nodes()))
    }

    /// `any`'s answer to case number `number`, a reachable board not at its goal: a short
    /// path by [`Solver::solve_near`] where it answers, else [`any::solve`]'s path, packed
    /// or, past [`any::MOST_PACKED`] moves, replayed as it is written.
    fn solve_any(
        &self,
        case: &Case,
        goal: &[u32],
        number: usize,
        mut stats: Stats,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let (shape, cells) = (case.shape, &case.cells[..]);
        let started = Instant::now();
        stats.manhattan = Some(manhattan(shape, cells, goal));
        let answer = |moves, stats| Answer {
            moves,
            reachable: true,
            stats,
            paths: None,
        };
        if let Some((near, nodes)) = self.solve_near(case, goal, notes) {
            stats.nodes = nodes;
            stats.bound = near.bounds;
            stats.table = near.table;
            stats.solve = started.elapsed().saturating_sub(near.table);
            return Ok(answer(near.moves.map(Path::Moves), stats));
        }
        let stuck = |at: any::Stuck| Error::Stuck {
            case: number,
            tile: at.tile,
            row: at.row,
            col: at.col,
        };
        let variant = any::shortest(shape, cells, goal).map_err(stuck)?;
        let mut packed = any::Packed::new(any::MOST_PACKED);
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
        Ok(answer(Some(path), stats))
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

/// The canonical optimal path of `search.start` in the multi-tile metric (`--metric mtm`),
/// and its optimal paths when `settings` asks for them: the bound made (or read) on first
/// use by `settings.jobs` threads, its time and name in `stats`.
fn solve_multi(
    plan: &Plan,
    search: &Search,
    settings: &Settings,
    stats: &mut Stats,
) -> Result<Found, LimitHit> {
    let (puzzle, start, budget) = (&plan.puzzle, search.start, search.budget);
    let started = Instant::now();
    let bound = plan.multi_tile_bound(budget, settings.jobs, search.notes)?;
    stats.table = started.elapsed();
    stats.bound = bound.name();
    let moves = multi_tile::solve(puzzle, bound, start, budget)?;
    let paths = match (settings.paths, &moves) {
        (Some(wanted), Some(path)) => {
            let length = Metric::Multi.length(path_text(path).as_bytes()) as u32;
            Some(multi_tile::every_path(
                puzzle, bound, start, length, budget, wanted,
            )?)
        }
        _ => None,
    };
    Ok((moves, paths))
}

/// Runs a search that stores configurations, packed in `K`, over the map `map`.
fn solve_stored<K: StateKey>(
    algorithm: Stored,
    map: MapKind,
    puzzle: &Puzzle,
    search: &Search,
    stats: &mut Stats,
) -> Result<Option<Vec<Move>>, LimitHit> {
    let (start, budget) = (search.start, search.budget);
    match (algorithm, map) {
        (Stored::Astar, _) => {
            let built = Instant::now();
            let bound = Manhattan::new(puzzle);
            stats.bound = bound.name();
            stats.table = built.elapsed();
            match map {
                MapKind::Hash => stored_searches::astar::<K, _>(
                    puzzle,
                    &bound,
                    start,
                    HashLevels::default(),
                    budget,
                ),
                MapKind::BTree => stored_searches::astar::<K, _>(
                    puzzle,
                    &bound,
                    start,
                    BTreeLevels::new(),
                    budget,
                ),
            }
        }
        (Stored::Bfs, MapKind::Hash) => {
            stored_searches::bfs::<K, _>(puzzle, start, HashLevels::default(), budget)
        }
        (Stored::Bfs, MapKind::BTree) => {
            stored_searches::bfs::<K, _>(puzzle, start, BTreeLevels::new(), budget)
        }
        (Stored::Dfs(max_moves), _) => stored_searches::dfs::<K>(puzzle, start, max_moves, budget),
    }
}
