//! The per-case solver, below the command line, the units and `--check`, which all use it:
//! what it is asked for ([`Settings`]), then, in reading order, `answer` (a case's answer
//! and its statistics) and `solver` (one board for one goal by the search asked for, with
//! the plans of the shapes met).

pub(crate) mod answer;
pub(crate) mod solver;

pub(crate) use super::search::ida::EveryPath;
pub(crate) use answer::{Answer, Path, Stats};
pub(crate) use solver::Solver;

use super::goal::Goal;
use super::notation::Metric;
use super::search::Limits;
use std::path::PathBuf;

/// The search asked for (`--algo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Algorithm {
    /// IDA* with the strongest bound for the board (`search::plan`), the canonical path.
    Ida,
    /// One of the searches of seed 003 that store configurations.
    Stored(Stored),
    /// The fast, not optimal search for any size.
    Any,
}

impl Algorithm {
    /// The name `--algo` takes and `--stats` prints.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algorithm::Ida => "ida",
            Algorithm::Stored(Stored::Astar) => "astar",
            Algorithm::Stored(Stored::Bfs) => "bfs",
            Algorithm::Stored(Stored::Dfs(_)) => "dfs",
            Algorithm::Any => "any",
        }
    }
}

/// The searches that store configurations, keyed by packed boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stored {
    Astar,
    Bfs,
    /// Depth-first within `--bound K` moves.
    Dfs(u64),
}

/// The level map of the stored searches (`--map`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MapKind {
    Hash,
    BTree,
}

/// What the solver is asked for: the search and what bounds it.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub(crate) algorithm: Algorithm,
    pub(crate) map: MapKind,
    pub(crate) goal: Goal,
    pub(crate) limits: Limits,
    /// The threads, at least 1: they solve several cases at once, or share the search of
    /// one board, and build the tables.
    pub(crate) jobs: usize,
    /// The directory that keeps the tables and the deeper move pruner between runs, where
    /// `ida` uses 8-7 tables on the 4×4.
    pub(crate) cache: Option<PathBuf>,
    /// Every optimal path, listed or counted.
    pub(crate) paths: Option<EveryPath>,
    /// What `ida` counts as a move.
    pub(crate) metric: Metric,
}

impl Default for Settings {
    /// `ida` to the standard goal on one thread, 4096 MiB at most, nothing more.
    fn default() -> Self {
        Settings {
            algorithm: Algorithm::Ida,
            map: MapKind::Hash,
            goal: Goal::Standard,
            limits: Limits {
                max_nodes: None,
                time_limit: None,
                max_memory_mib: 4096,
            },
            jobs: 1,
            cache: None,
            paths: None,
            metric: Metric::Single,
        }
    }
}

/// The threads the machine runs at once (1 when it cannot tell): the most that `jobs` asks
/// for are started.
pub(crate) fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
