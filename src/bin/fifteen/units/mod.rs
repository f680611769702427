//! One optimal search, many machines: `ida`'s iterations cut into units of text that any
//! engine runs (GNU parallel, Slurm arrays, Kubernetes Indexed Jobs, `xargs -P`), merged
//! into the in-process answer, and a driver that survives being stopped. Uses `ida`'s
//! [`Iteration`] (the passes of its shared iterations), the plan's bounds, the cases and
//! `solve`'s solver.
//!
//! A *round* is one iteration of one board, with one bound and move pruner for all its
//! rounds ([`Plan::unit_search`](super::search::plan::Plan::unit_search)). Its *units* are the subtrees below the nodes at a depth
//! within the threshold (and the goals above it) that the pruner allows, in the search's
//! order. The first unit with a path holds the round's first path: the canonical path when
//! the rounds before found none. Else the next threshold is the least f = moves + bound
//! over this one, in the units and above the cut, raised to the paths' parity. The nodes
//! above the cut and in the units are the iteration's on one thread (in the last round,
//! up to the answering unit, and the whole part above the cut).
//!
//! # Lines, version 1
//!
//! A line each, fields `key=value` in any order (here folded):
//!
//! ```text
//! fifteen-unit 1 shape=3x3 goal=1,2,3,4,5,6,7,8,0 board=8,6,7,2,5,4,3,0,1
//!   bound=walking-distance pruner=2 threshold=31 depth=3 above=33 split-nodes=21
//!   id=2/9 prefix=ULL
//! fifteen-result 1 round=6a09e667f3bcc908 id=2/9 threshold=31 nodes=812 expanded=401
//!   below=33
//! ```
//!
//! A unit: the board's `shape`, `goal` and `board` (row-major, `0` the blank), the `bound`
//! (a name of [`Plan::bound_names`](super::search::plan::Plan::bound_names), built or read from `--cache` where it is worked), the
//! depth of the `pruner`'s machine, the `threshold`, the `depth` of the cut, the least f
//! over the threshold `above` it (or `none`) and the `split-nodes` there, its `id` (the
//! K-th of N in order) and its `prefix` (the blank's moves). A result: the `round`'s
//! fingerprint (FNV-1a of the unit's other fields), the unit's `id` and `threshold`, the
//! `nodes` generated below the prefix and, when the worker counted them, those `expanded`
//! (whose children were generated; earlier workers wrote none), and `solved=PATH` (from the
//! board) or `below=F` (or `none`).
//! A line of another version, a field missing, unknown or unreadable, a prefix that leaves
//! the board or that the pruner forbids, or lines of two rounds fail: `error: line N: …`.
//!
//! # Modes
//!
//! `--units split [--threshold T] [--depth D]`: a round of each case as units (the first
//! by default, cut by [`split`]). `--units work`: a result line as each unit ends, on
//! `--jobs` threads, within the run's limits (a job's time slot). `--units merge`: a
//! round's unit and result lines in, its answer or `next T` out. `--drive DIR [--engine
//! CMD] [--engine-from N]`: the rounds in turn, written to DIR ([`drive`]), within the
//! run's limits too.
//!
//! # Files
//!
//! In reading order: `format` (the lines), `shared` (what the modes share: [`Units`]),
//! then each mode's own parts: `split` (the cut), `work` (the subtrees' search), `merge`
//! (the results of a round), `drive` (the driver); this file adds a method to [`Units`] for
//! each mode.

mod format;

mod shared;

mod split;

mod work;

mod merge;

mod drive;

pub use format::Problem;
pub(crate) use shared::{Mode, Progress, Request, Units};

use super::board::Move;
use super::error::{Error, LimitHit};
use super::goal::is_reachable;
use super::parse::{Case, Cases};
use super::search::bound::LowerBound;
use super::search::ida::{threshold_from, Iteration};
use super::search::plan::BoundJob;
use super::search::{bytes, Budget, Puzzle};
use super::solve::{Answer, Path, Settings, Stats};
use drive::{case_differs, DriveJob, Driver};
use format::{read_lines, Line, Round, Unit};
use merge::{Book, Merged};
use shared::{at, no_bound};
use split::{split, Cut, UNITS_PER_WORKER};
use std::io::Write;
use std::time::Instant;

/// The answer of `round`'s search to print (`cli` prints it as any answer, with its
/// `--stats` line): `path`, or none, found in `nodes` nodes since `started`; the goal is
/// reachable (a round is made of a board that reaches it).
fn answer_of(
    round: &Round,
    path: Option<Vec<Move>>,
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
            reachable: true,
            stats,
            paths: None,
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
    /// pruner of [`Plan::unit_search`](super::search::plan::Plan::unit_search), the threshold and cut left to set; `None` when
    /// the goal cannot be reached.
    fn search_of(&self, case: &Case, number: usize) -> Result<Option<Round>, Error> {
        let shape = case.shape;
        let goal = self.settings().goal.board_of_case(shape, number)?;
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
        let plan = self.solver.plan(shape, &bytes(&goal));
        let (bound, pruner) = plan.unit_search(&Budget::new(self.settings().limits));
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
        let output = plan.with_bound(&round.bound, budget, self.notes, job);
        output.ok_or_else(|| no_bound(&plan, &round.bound))
    }
}

impl Units<'_> {
    /// What the solver is asked for.
    fn settings(&self) -> &Settings {
        self.solver.settings()
    }

    /// Runs `mode` on `input` (read whole), writing lines to `output`, notes to the notes,
    /// and what the status line shows to the progress: a round of each case as units
    /// (`split`), the results of units (`work`), a round's answer (`merge`: `next T` when
    /// it has none), or a search kept in a work directory (`drive`). The answer of `merge`
    /// and `drive` is returned, for `cli` to print.
    pub(crate) fn run<W: Write>(
        &self,
        mode: &Mode,
        input: &[u8],
        output: &mut W,
    ) -> Result<Option<(Case, Answer)>, Error> {
        match mode {
            Mode::Split => self.split_cases(input, output).map(|_| None),
            Mode::Work => self.work_lines(input, output).map(|_| None),
            Mode::Merge => self.merge_lines(input, output),
            Mode::Drive(dir) => self.drive(dir, input).map(Some),
        }
    }
}

/// The lines of `input`, each with its number; the first bad line fails.
fn lines_of(input: &[u8]) -> Result<Vec<(usize, Line)>, Error> {
    let read = read_lines(input).map(|(number, line)| {
        let line = line.map_err(at(format!("line {number}")));
        line.map(|line| (number, line))
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
            let budget = Budget::new(self.settings().limits);
            let job = SplitJob {
                threshold: self.request.threshold,
                cut: Cut {
                    fixed: self.request.depth,
                    from: 1,
                    wanted: UNITS_PER_WORKER * self.workers,
                    before: u64::MAX,
                },
                budget: &budget,
                round,
            };
            let units = (self.with_bound(&job.round.clone(), &budget, job))
                .map_err(at(format!("case {number}")))?
                .and_then(|units| units)
                .map_err(|hit| Error::Limit { case: number, hit })?;
            let text: String = units.iter().map(|unit| format!("{unit}\n")).collect();
            output.write_all(text.as_bytes()).map_err(Error::io)?;
        }
        Ok(())
    }

    /// `--units work`: a result line for each unit line, flushed as each unit ends.
    fn work_lines<W: Write>(&self, input: &[u8], output: &mut W) -> Result<(), Error> {
        let units = lines_of(input)?
            .into_iter()
            .map(|(number, line)| match line {
                Line::Unit(unit) => Ok((number, unit)),
                Line::Worked(_) => Err(at(format!("line {number}"))(Problem::Kind {
                    expected: "unit",
                })),
            });
        let units: Vec<(usize, Unit)> = units.collect::<Result<_, _>>()?;
        self.progress.start(None, 0, units.len());
        work::work(&units, self, &mut |worked| {
            self.progress.unit_done(0);
            writeln!(output, "{worked}")
                .and_then(|_| output.flush())
                .map_err(Error::io)
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
        let first = first.ok_or_else(|| at("")(Problem::NoUnits))?;
        let mut book = Book::new(first);
        for (number, line) in lines {
            let taken = match line {
                Line::Unit(unit) => book.add_unit(unit),
                Line::Worked(worked) => book.add_result(worked),
            };
            taken.map_err(at(format!("line {number}")))?;
        }
        let merged = book.answer().map_err(at(""))?;
        if self.stats {
            self.notes.note(&book.stats_line());
        }
        let path = match merged {
            Merged::Path(path) => Some(path),
            Merged::NoPath => None,
            Merged::Next(threshold) => {
                let written = writeln!(output, "next {threshold}");
                return written.map(|_| None).map_err(Error::io);
            }
        };
        Ok(Some(answer_of(&book.round, path, book.nodes(), started)))
    }

    /// `--drive DIR`: the answer of the case of `input`, or, with no case, of the search
    /// whose work directory is DIR.
    fn drive(&self, dir: &std::path::Path, input: &[u8]) -> Result<(Case, Answer), Error> {
        let started = Instant::now();
        let cases: Vec<Case> = Cases::new(input).collect::<Result<_, _>>()?;
        if cases.len() > 1 {
            return Err(at("case 2")(Problem::TwoCases));
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
                        paths: None,
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
        let budget = Budget::new(self.settings().limits);
        let job = DriveJob {
            driver: &driver,
            round: round.clone(),
        };
        let (path, nodes) = (self.with_bound(&round, &budget, job))
            .map_err(at(dir.display()))?
            .map_err(|hit| Error::Limit { case: 1, hit })??;
        Ok(answer_of(&round, path, nodes, started))
    }
}
