//! One optimal search, many machines: `ida`'s iterations cut into units of text that any
//! engine runs (GNU parallel, a Slurm array, a Kubernetes Indexed Job, `xargs -P`), merged
//! into the answer the in-process search prints, and a driver that survives being
//! stopped. Uses `ida`'s [`Iteration`] (the frontier of an iteration and the search
//! below one prefix, the passes its shared iterations make), the plan's bounds, the
//! cases and `cli`'s solver and flags.
//!
//! # Rounds and units
//!
//! A *round* is one IDA* iteration of one board: every path within its threshold is
//! searched, moves in the order D, L, R, U, with one lower bound and one move pruner fixed
//! for all the rounds of a search (the plan's strongest bound that fits `--max-memory`,
//! and its pruner: [`Plan::unit_search`]). It is cut at a depth into *units*: the paths
//! to the nodes at that depth within the threshold (and to goals above it), which the
//! pruner allows, in the search's order, one subtree each. The first unit in that order
//! whose subtree holds a path holds the round's first path: the canonical path of the
//! in-process search when the rounds before found none (its lengths are proven by them).
//! Otherwise the next round's threshold is the least f = moves + bound over this one, of
//! all units and the part above the cut, raised to the parity of every path's length.
//! The nodes of a round, above the cut and in its units, are those of the iteration on
//! one thread (in the last round, those up to the answering unit and the whole part above
//! the cut).
//!
//! # Lines, version 1
//!
//! One line each, words separated by spaces, fields `key=value` in any order:
//!
//! ```text
//! fifteen-unit 1 shape=3x3 goal=1,2,3,4,5,6,7,8,0 board=8,6,7,2,5,4,3,0,1
//!   bound=walking-distance pruner=2 threshold=31 depth=3 above=33 split-nodes=21
//!   id=2/9 prefix=ULL
//! fifteen-result 1 round=6a09e667f3bcc908 id=2/9 threshold=31 nodes=812 below=33
//! fifteen-result 1 round=6a09e667f3bcc908 id=3/9 threshold=31 nodes=95 solved=ULLDR…
//! ```
//!
//! A unit (on one line): the board's `shape` (rows`x`cols), `goal` and `board` (tiles
//! row-major, `0` the blank), the `bound` (a name of [`Plan::bound_names`], e.g.
//! `pdb:8-7+reflection`, built or read from `--cache DIR` where the unit is worked), the
//! depth of the move `pruner`'s machine, the round's `threshold`, the `depth` of the cut,
//! the least f over the threshold `above` the cut (or `none`) and the `split-nodes`
//! generated there, its `id` (K/N: the K-th of the round's N units in the search's order)
//! and its `prefix` (the moves from the board). A result: the round's fingerprint (an
//! FNV-1a hash of the unit's fields but `id` and `prefix`, so that a result of another
//! round is known), the unit's `id` and `threshold`, the `nodes` generated below the
//! prefix, and `solved=PATH` (the whole path from the board) or `below=F` (the least f
//! over the threshold met in the unit, or `none`). A line of another version, a field
//! missing, unknown or unreadable, a prefix that leaves the board or that the pruner
//! forbids, or lines that are not one round, fail with `error: line N: …` (exit 1).
//!
//! # Modes
//!
//! - `--units split [--threshold T] [--depth D]`: a round of each case as unit lines
//!   (the first round by default; the depth chosen by [`split`]).
//! - `--units work`: unit lines in, a result line out as each unit finishes (flushed), on
//!   `--jobs` threads; the limits apply to each unit.
//! - `--units merge`: the unit and result lines of one round in, the answer out in the
//!   usual two lines, or `next T`.
//! - `--drive DIR [--engine CMD] [--engine-from N] [--depth D]`: every round in turn,
//!   kept in the work directory DIR ([`drive`]), until the answer.

mod drive;
mod format;
mod merge;
mod split;
mod work;

pub use format::Problem;

use super::board::Move;
use super::cli::args::{Config, Mode};
use super::cli::solve::{Answer, Path, Solver, Stats};
use super::error::{Error, LimitHit};
use super::goal::is_reachable;
use super::parse::{Case, Cases};
use super::search::bound::LowerBound;
use super::search::ida::{threshold_from, Iteration};
use super::search::plan::{BoundJob, Plan};
use super::search::{Budget, Limits, Notes, Puzzle};
use drive::{case_differs, DriveJob, Driver};
use format::{read_lines, Line, Round, Unit};
use merge::{Book, Merged};
use split::{split, Cut, UNITS_PER_WORKER};
use std::io::Write;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub(crate) use drive::ENGINE_FROM;

/// What the status line shows of units being worked: the round, the units done of all,
/// and the nodes of the units worked here since the start, those being worked among them.
pub(crate) struct Progress {
    started: Instant,
    /// The round's threshold, or `u32::MAX` outside a round (`--units work`).
    round: AtomicU32,
    done: AtomicUsize,
    units: AtomicUsize,
    nodes: AtomicU64,
    /// The budgets of the units being worked here.
    live: Mutex<Vec<Arc<Budget>>>,
}

impl Progress {
    /// No units yet, the clock starting now.
    pub(crate) fn new() -> Self {
        Progress {
            started: Instant::now(),
            round: AtomicU32::new(u32::MAX),
            done: AtomicUsize::new(0),
            units: AtomicUsize::new(0),
            nodes: AtomicU64::new(0),
            live: Mutex::new(Vec::new()),
        }
    }

    /// The budgets of the units being worked.
    fn live(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Budget>>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A budget of `limits` for a unit to work, its nodes shown while it is worked.
    fn working(&self, limits: Limits) -> Arc<Budget> {
        let budget = Arc::new(Budget::new(limits));
        self.live().push(Arc::clone(&budget));
        budget
    }

    /// The unit of `budget` is no longer worked.
    fn worked(&self, budget: &Arc<Budget>) {
        self.live().retain(|live| !Arc::ptr_eq(live, budget));
    }

    /// Starts the round of `threshold` (`None`: units of any round), of `units` units of
    /// which `done` have a result.
    fn start(&self, threshold: Option<u32>, done: usize, units: usize) {
        self.round
            .store(threshold.unwrap_or(u32::MAX), Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
        self.units.store(units, Ordering::Relaxed);
    }

    /// Counts a unit done here, of `nodes` nodes.
    fn unit_done(&self, nodes: u64) {
        self.done.fetch_add(1, Ordering::Relaxed);
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The status line, once there are units.
    pub(crate) fn line(&self) -> Option<String> {
        let units = self.units.load(Ordering::Relaxed);
        let round = match self.round.load(Ordering::Relaxed) {
            _ if units == 0 => return None,
            u32::MAX => String::new(),
            threshold => format!("round {threshold}: "),
        };
        let working: u64 = self.live().iter().map(|budget| budget.nodes()).sum();
        let nodes = self.nodes.load(Ordering::Relaxed) + working;
        let seconds = self.started.elapsed().as_secs_f64();
        Some(format!(
            "{round}{}/{units} units, {:.1} M nodes, {:.1} M nodes/s, {seconds:.0} s",
            self.done.load(Ordering::Relaxed),
            nodes as f64 / 1e6,
            nodes as f64 / 1e6 / seconds.max(1e-3)
        ))
    }
}

/// What the modes share: the flags, the plans, where notes go, the status line.
pub(crate) struct Units<'a> {
    config: &'a Config,
    /// The workers a round is cut for: `--jobs` as given (an engine may run more units
    /// at once than this machine has threads, which cap `config.jobs`).
    workers: usize,
    solver: Solver,
    notes: &'a dyn Notes,
    progress: &'a Progress,
}

/// The problem of a unit whose bound `name` is not one of `plan`'s.
fn no_bound(plan: &Plan, name: &str) -> Problem {
    Problem::NoBound {
        name: name.to_string(),
        known: plan.bound_names().join(", "),
    }
}

/// The answer of `round`'s search to print (`cli` prints it as any answer, with its
/// `--stats` line): `path`, or none (`reachable`: whether the goal can be reached), found
/// in `nodes` nodes since `started`.
fn answer_of(
    round: &Round,
    (path, reachable): (Option<Vec<Move>>, bool),
    nodes: u64,
    started: Instant,
) -> (Case, Answer) {
    let case = Case {
        shape: round.shape,
        cells: round.board.iter().map(|&t| u32::from(t)).collect(),
    };
    let stats = Stats {
        search: "ida",
        bound: round.bound.clone(),
        nodes,
        solve: started.elapsed(),
        ..Stats::default()
    };
    let moves = path.map(Path::Moves);
    (
        case,
        Answer {
            moves,
            reachable,
            stats,
        },
    )
}

/// The units of one round of a board, with the bound the plan builds.
struct SplitJob<'a> {
    round: Round,
    /// The round's threshold, or `None` for the board's first.
    threshold: Option<u32>,
    cut: Cut,
    budget: &'a Budget,
}

impl BoundJob for SplitJob<'_> {
    type Output = Result<Vec<Unit>, LimitHit>;

    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        let SplitJob { mut round, .. } = self;
        let board = round.board.clone();
        let first = || threshold_from(puzzle, &board, bound.start(&board).1);
        round.threshold = self.threshold.unwrap_or_else(first);
        let iteration = Iteration {
            puzzle,
            pruner: puzzle.pruner(round.deeper()),
            bound,
            start: &board,
            threshold: round.threshold,
        };
        split(&iteration, round, self.cut, self.budget)
    }
}

impl Units<'_> {
    /// The search of case number `number` as units: its board, goal, and the bound and
    /// pruner of [`Plan::unit_search`], the threshold and cut left to set; `None` when
    /// the goal cannot be reached.
    fn search_of(&self, case: &Case, number: usize) -> Result<Option<Round>, Error> {
        let shape = case.shape;
        let goal = (self.config.goal.board(shape)).map_err(|goal| Error::GoalSize {
            case: number,
            goal,
            board: shape.cells(),
        })?;
        if !is_reachable(shape, &case.cells, &goal) {
            return Ok(None);
        }
        if shape.cells() > super::search::MAX_BOARD {
            let cells = shape.cells();
            let search = "ida";
            return Err(Error::TooLarge {
                case: number,
                search,
                cells,
            });
        }
        let bytes = |tiles: &[u32]| tiles.iter().map(|&t| t as u8).collect::<Vec<u8>>();
        let plan = self.solver.plan(shape, &bytes(&goal));
        let (bound, pruner) = plan.unit_search(&Budget::new(self.config.limits));
        Ok(Some(Round {
            shape,
            goal: bytes(&goal),
            board: bytes(&case.cells),
            bound,
            pruner,
            threshold: 0,
            depth: 0,
            above: None,
            split_nodes: 0,
            units: 0,
        }))
    }

    /// Runs `job` with the bound `round` names, through the plan of its board.
    fn with_bound<J: BoundJob>(
        &self,
        round: &Round,
        budget: &Budget,
        job: J,
    ) -> Result<Result<J::Output, LimitHit>, Problem> {
        let plan = self.solver.plan(round.shape, &round.goal);
        let output = plan.with_bound(&round.bound, (budget, self.notes), job);
        output.ok_or_else(|| no_bound(&plan, &round.bound))
    }
}

/// Runs `mode` on `input` (read whole), writing lines to `output`, notes to `notes`, and
/// what the status line shows to `progress`: a round of each case as units (`split`),
/// the results of units (`work`), a round's answer (`merge`: `next T` when it has none),
/// or a search kept in a work directory (`drive`). The answer of `merge` and `drive` is
/// returned, for `cli` to print. `workers` is `--jobs` as given, `config.jobs` the
/// threads here.
pub(crate) fn run<W: Write>(
    (config, workers): (&Config, usize),
    mode: &Mode,
    input: &[u8],
    (output, (notes, progress)): (&mut W, (&dyn Notes, &Progress)),
) -> Result<Option<(Case, Answer)>, Error> {
    let run = Units {
        config,
        workers,
        solver: Solver::new(config.clone(), 1, 1),
        notes,
        progress,
    };
    match mode {
        Mode::Split => run.split_cases(input, output).map(|_| None),
        Mode::Work => run.work_lines(input, output).map(|_| None),
        Mode::Merge => run.merge_lines(input, output),
        Mode::Drive(dir) => run.drive(dir, input).map(Some),
    }
}

/// The lines of `input`, each with its number; the first bad line fails.
fn lines_of(input: &[u8]) -> Result<Vec<(usize, Line)>, Error> {
    let read = read_lines(input).map(|(number, line)| {
        let place = format!("line {number}");
        line.map(|line| (number, line))
            .map_err(|problem| Error::Unit { place, problem })
    });
    read.collect()
}

impl Units<'_> {
    /// `--units split`: the unit lines of a round of each case, `--threshold` or the
    /// first, cut at `--depth` or for `--jobs` workers ([`split`]).
    fn split_cases<W: Write>(&self, input: &[u8], output: &mut W) -> Result<(), Error> {
        for (index, case) in Cases::new(input).enumerate() {
            let number = index + 1;
            let Some(round) = self.search_of(&case?, number)? else {
                let note = format!("note: case {number}: the goal cannot be reached: no units");
                self.notes.note(&note);
                continue;
            };
            let budget = Budget::new(self.config.limits);
            let job = SplitJob {
                threshold: self.config.units.threshold,
                cut: Cut {
                    fixed: self.config.units.depth,
                    from: 1,
                    wanted: UNITS_PER_WORKER * self.workers,
                    before: u64::MAX,
                },
                budget: &budget,
                round,
            };
            let place = format!("case {number}");
            let units = (self.with_bound(&job.round.clone(), &budget, job))
                .map_err(|problem| Error::Unit { place, problem })?
                .and_then(|units| units)
                .map_err(|hit| Error::Limit { case: number, hit })?;
            let text: String = units.iter().map(|unit| format!("{unit}\n")).collect();
            output
                .write_all(text.as_bytes())
                .map_err(|e| Error::Io(e.to_string()))?;
        }
        Ok(())
    }

    /// `--units work`: a result line for each unit line, flushed as each unit ends.
    fn work_lines<W: Write>(&self, input: &[u8], output: &mut W) -> Result<(), Error> {
        let units = lines_of(input)?
            .into_iter()
            .map(|(number, line)| match line {
                Line::Unit(unit) => Ok((number, unit)),
                Line::Worked(_) => Err(Error::Unit {
                    place: format!("line {number}"),
                    problem: Problem::Kind { expected: "unit" },
                }),
            });
        let units: Vec<(usize, Unit)> = units.collect::<Result<_, _>>()?;
        self.progress.start(None, 0, units.len());
        work::work(&units, self, &mut |worked| {
            self.progress.unit_done(worked.nodes);
            writeln!(output, "{worked}")
                .and_then(|_| output.flush())
                .map_err(|e| Error::Io(e.to_string()))
        })
    }

    /// `--units merge`: the answer of the round of the unit and result lines of `input`,
    /// or, written to `output`, `next T`.
    fn merge_lines<W: Write>(
        &self,
        input: &[u8],
        output: &mut W,
    ) -> Result<Option<(Case, Answer)>, Error> {
        let started = Instant::now();
        let lines = lines_of(input)?;
        let first = lines.iter().find_map(|(_, line)| match line {
            Line::Unit(unit) => Some(unit.round.clone()),
            Line::Worked(_) => None,
        });
        let place = String::new();
        let first = first.ok_or(Error::Unit {
            place,
            problem: Problem::NoUnits,
        })?;
        let mut book = Book::new(first);
        for (number, line) in lines {
            let taken = match line {
                Line::Unit(unit) => book.add_unit(unit),
                Line::Worked(worked) => book.add_result(worked),
            };
            let place = format!("line {number}");
            taken.map_err(|problem| Error::Unit { place, problem })?;
        }
        let merged = book.answer();
        let merged = merged.map_err(|problem| Error::Unit {
            place: String::new(),
            problem,
        })?;
        if self.config.stats {
            self.notes.note(&book.stats_line());
        }
        let path = match merged {
            Merged::Path(path) => Some(path),
            Merged::NoPath => None,
            Merged::Next(threshold) => {
                let written = writeln!(output, "next {threshold}");
                return written.map(|_| None).map_err(|e| Error::Io(e.to_string()));
            }
        };
        Ok(Some(answer_of(
            &book.round,
            (path, true),
            book.nodes(),
            started,
        )))
    }

    /// `--drive DIR`: the answer of the case of `input`, or, with no case, of the search
    /// kept in DIR.
    fn drive(&self, dir: &std::path::Path, input: &[u8]) -> Result<(Case, Answer), Error> {
        let started = Instant::now();
        let cases: Vec<Case> = Cases::new(input).collect::<Result<_, _>>()?;
        if cases.len() > 1 {
            let place = "case 2".to_string();
            return Err(Error::Unit {
                place,
                problem: Problem::TwoCases,
            });
        }
        let driver = Driver { dir, units: self };
        let kept = driver.first_kept()?.map(|unit| unit.round);
        let round = match (cases.first(), kept) {
            (Some(case), kept) => {
                let Some(round) = self.search_of(case, 1)? else {
                    let answer = Answer {
                        moves: None,
                        reachable: false,
                        stats: Stats::default(),
                    };
                    return Ok((case.clone(), answer));
                };
                match kept {
                    Some(kept) => match case_differs(&kept, &round) {
                        Some(field) => {
                            let message =
                                format!("holds the rounds of another search (its {field} differs)");
                            return Err(Error::WorkDir {
                                path: dir.display().to_string(),
                                message,
                            });
                        }
                        None => kept,
                    },
                    None => round,
                }
            }
            (None, Some(kept)) => kept,
            (None, None) => {
                let message = "holds no round, and the input has no case".to_string();
                return Err(Error::WorkDir {
                    path: dir.display().to_string(),
                    message,
                });
            }
        };
        let budget = Budget::new(self.config.limits);
        let job = DriveJob {
            driver: &driver,
            round: round.clone(),
        };
        let place = dir.display().to_string();
        let (path, nodes) = (self.with_bound(&round, &budget, job))
            .map_err(|problem| Error::Unit { place, problem })?
            .map_err(|hit| Error::Limit { case: 1, hit })??;
        Ok(answer_of(&round, (path, true), nodes, started))
    }
}
