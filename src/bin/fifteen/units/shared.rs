//! What the modes of `--units` and `--drive` share: what they are asked for, the solver,
//! where notes go, the status line; and the errors of units at their place.

use super::super::error::{Error, LimitHit};
use super::super::search::plan::Plan;
use super::super::search::{Budget, Limits, Notes};
use super::super::solve::Solver;
use super::format::Problem;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A mode of `--units` or `--drive`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Split,
    Work,
    Merge,
    /// `--drive DIR`.
    Drive(PathBuf),
}

/// What `--units`, `--drive` and the flags that go with them ask for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Request {
    /// The mode, or `None` for the usual search.
    pub(crate) mode: Option<Mode>,
    /// `--threshold`: the round `--units split` cuts, else the board's first.
    pub(crate) threshold: Option<u32>,
    /// `--depth`: the depth of the cut, else chosen.
    pub(crate) depth: Option<u32>,
    /// `--engine`: the shell command that works a round's units, else the threads here.
    pub(crate) engine: Option<String>,
    /// `--engine-from`: the nodes of a round from which the next goes to the engine, else
    /// the driver's default.
    pub(crate) engine_from: Option<u64>,
}

/// What the status line shows: the round, its units done of all, and the nodes of the
/// units worked here since the start, those being worked among them.
pub(crate) struct Progress {
    pub(super) started: Instant,
    shown: Mutex<Shown>,
}

/// The counts of [`Progress`].
#[derive(Default)]
struct Shown {
    /// The round's threshold, `None` outside a round (`--units work`).
    round: Option<u32>,
    done: usize,
    units: usize,
    nodes: u64,
    /// The budgets of the units being worked here.
    live: Vec<Arc<Budget>>,
}

impl Shown {
    /// The nodes of the units done and being worked here.
    fn spent(&self) -> u64 {
        self.nodes + self.live.iter().map(|b| b.nodes()).sum::<u64>()
    }
}

impl Progress {
    /// No units yet, the clock starting now.
    pub(crate) fn new() -> Self {
        let shown = Mutex::new(Shown::default());
        Progress {
            started: Instant::now(),
            shown,
        }
    }

    fn shown(&self) -> std::sync::MutexGuard<'_, Shown> {
        self.shown.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the round of `threshold` (`None`: units of any round), of `units` units of
    /// which `done` have a result.
    pub(super) fn start(&self, round: Option<u32>, done: usize, units: usize) {
        let mut shown = self.shown();
        (shown.round, shown.done, shown.units) = (round, done, units);
    }

    /// Counts a unit's result, of `nodes` nodes not yet counted (0 for a unit worked
    /// here, counted by [`Progress::worked`]).
    pub(super) fn unit_done(&self, nodes: u64) {
        let mut shown = self.shown();
        (shown.done, shown.nodes) = (shown.done + 1, shown.nodes + nodes);
    }

    /// A budget for a unit, its nodes shown until [`Progress::worked`]: what remains of
    /// the run's `limits` (`--time-limit` since the start, `--max-nodes` less the nodes of
    /// the units done and being worked here: units worked at once may pass it together).
    pub(super) fn working(&self, limits: Limits) -> Arc<Budget> {
        let mut shown = self.shown();
        let spent = shown.spent();
        let limits = Limits {
            max_nodes: limits.max_nodes.map(|limit| limit.saturating_sub(spent)),
            time_limit: (limits.time_limit).map(|t| t.saturating_sub(self.started.elapsed())),
            ..limits
        };
        let budget = Arc::new(Budget::new(limits));
        shown.live.push(Arc::clone(&budget));
        budget
    }

    /// The run's limit of `limits` that is passed, if one is, with the run's nodes.
    pub(super) fn passed(&self, limits: &Limits) -> Option<LimitHit> {
        let spent = self.shown().spent();
        match (limits.max_nodes, limits.time_limit) {
            (Some(limit), _) if spent > limit => Some(LimitHit::Nodes { limit }),
            (_, Some(limit)) if self.started.elapsed() >= limit => Some(LimitHit::Time {
                seconds: limit.as_secs_f64(),
                nodes: spent,
            }),
            _ => None,
        }
    }

    /// The unit of `budget` is no longer worked here: its nodes count as the run's.
    pub(super) fn worked(&self, budget: &Arc<Budget>) {
        let mut shown = self.shown();
        shown.live.retain(|live| !Arc::ptr_eq(live, budget));
        shown.nodes += budget.nodes();
    }

    /// The status line, once there are units.
    pub(crate) fn line(&self) -> Option<String> {
        let shown = self.shown();
        let round = shown
            .round
            .map_or(String::new(), |t| format!("round {t}: "));
        let nodes = shown.spent();
        let seconds = self.started.elapsed().as_secs_f64();
        let (done, units, millions) = (shown.done, shown.units, nodes as f64 / 1e6);
        let rate = millions / seconds.max(1e-3);
        (units > 0).then(|| {
            format!("{round}{done}/{units} units, {millions:.1} M nodes, {rate:.1} M nodes/s, {seconds:.0} s")
        })
    }
}

/// What the modes share: what they are asked for, the solver and its plans, where notes
/// go, the status line.
pub(crate) struct Units<'a> {
    pub(crate) request: &'a Request,
    /// Whether `--stats` asks for a line a round.
    pub(crate) stats: bool,
    /// The workers a round is cut for: `--jobs` as given (an engine may run more units
    /// at once than this machine has threads, which cap the solver's `jobs`).
    pub(crate) workers: usize,
    /// The solver of the cases, whose settings the units take: the goal, the limits, the
    /// threads here.
    pub(crate) solver: Solver,
    pub(crate) notes: &'a dyn Notes,
    pub(crate) progress: &'a Progress,
}

/// The error of `problem` at `place`: a line, a file, or none (empty).
pub(super) fn at(place: impl ToString) -> impl FnOnce(Problem) -> Error {
    let place = place.to_string();
    move |problem| Error::Unit {
        place,
        problem: problem.to_string(),
    }
}

/// The problem of a unit whose bound `name` is not one of `plan`'s.
pub(super) fn no_bound(plan: &Plan, name: &str) -> Problem {
    Problem::NoBound {
        name: name.to_string(),
        known: plan.bound_names().join(", "),
    }
}
