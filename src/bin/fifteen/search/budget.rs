//! What bounds a case's search: its [`Limits`], the shared [`Budget`] (nodes, clock,
//! stop, stage) and each thread's [`Meter`]; and [`Notes`], where a search tells a person.

use super::super::error::LimitHit;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The limits a search stops at, from `--max-nodes`, `--time-limit` and `--max-memory`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub time_limit: Option<Duration>,
    pub max_memory_mib: usize,
}

/// Where searches and table builds send what a person should read on stderr (`note: …`,
/// `warning: …`), from any thread: the run's log (`log`).
pub trait Notes: Sync {
    /// Shows `line`, a whole line without its newline.
    fn note(&self, line: &str);
    /// Shows `line` to a person at a terminal only: advice that judges, pipes and tests
    /// need not see.
    fn advise(&self, line: &str);
}

/// Nobody to tell: the notes are dropped.
impl Notes for () {
    fn note(&self, _: &str) {}
    fn advise(&self, _: &str) {}
}

/// The nodes a [`Meter`] counts before it adds them to its budget and looks at the limits.
const BATCH: u64 = 4096;

/// The budget of one case's search, shared by all the threads that search it: the nodes
/// generated so far (each thread's [`Meter`] adds its own in batches), the clock, and a
/// stop raised once a limit is reached or the case is cancelled; and what the search is
/// doing, for a status line.
pub(crate) struct Budget {
    limits: Limits,
    start: Instant,
    nodes: AtomicU64,
    /// The nodes whose children were generated, as the meters add them when dropped.
    expanded: AtomicU64,
    stop: AtomicBool,
    /// Why the search stopped, once `stop` is raised.
    hit: OnceLock<LimitHit>,
    /// What the search is doing now, e.g. `pdb 5-5-5+reflection, bound 52`.
    stage: Mutex<String>,
}

impl Budget {
    /// A budget starting now.
    pub(crate) fn new(limits: Limits) -> Self {
        Budget {
            limits,
            start: Instant::now(),
            nodes: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            hit: OnceLock::new(),
            stage: Mutex::new(String::new()),
        }
    }

    /// The nodes generated so far, as added by the meters (each holds back fewer than
    /// 4096 until it is dropped).
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The nodes expanded (whose children were generated), as added by the meters
    /// dropped so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.expanded.load(Ordering::Relaxed)
    }

    /// The time since the budget was made.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Stops every meter of this budget at its next check, with `hit` (the first reason
    /// given is kept).
    pub(crate) fn stop(&self, hit: LimitHit) {
        let _ = self.hit.set(hit);
        self.stop.store(true, Ordering::Release);
    }

    /// Why the search was stopped, if it was.
    pub(crate) fn stopped(&self) -> Option<LimitHit> {
        self.hit.get().cloned()
    }

    /// Whether a table's build should stop now: the budget is stopped, or its time limit
    /// has passed, which stops it. O(1); a build asks now and then.
    pub(crate) fn interrupted(&self) -> bool {
        if self.stop.load(Ordering::Acquire) {
            return true;
        }
        let Some(limit) = self
            .limits
            .time_limit
            .filter(|&limit| self.elapsed() > limit)
        else {
            return false;
        };
        let (seconds, nodes) = (limit.as_secs_f64(), self.nodes());
        self.stop(LimitHit::Time { seconds, nodes });
        true
    }

    /// The limit that stopped a build that [`Budget::interrupted`] interrupted.
    pub(crate) fn interruption(&self) -> LimitHit {
        self.stopped().unwrap_or(LimitHit::Cancelled)
    }

    /// A meter for one thread of the search.
    pub(crate) fn meter(&self) -> Meter<'_> {
        let mut meter = Meter {
            budget: self,
            pending: 0,
            checkpoint: 0,
            expanded: 0,
        };
        meter.set_checkpoint(self.nodes());
        meter
    }

    /// Says what the search is doing now.
    pub(crate) fn set_stage(&self, stage: String) {
        *self.stage.lock().unwrap_or_else(|e| e.into_inner()) = stage;
    }

    /// What the search is doing now.
    pub(crate) fn stage(&self) -> String {
        self.stage.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Fails once `bytes` exceed the memory limit, `states` being the states stored.
    pub(crate) fn check_memory(&self, bytes: usize, states: usize) -> Result<(), LimitHit> {
        let mib = self.limits.max_memory_mib;
        if bytes / (1 << 20) >= mib {
            return Err(LimitHit::Memory { mib, states });
        }
        Ok(())
    }

    /// Fails when tables whose build takes `bytes` at its peak exceed the memory limit.
    pub(crate) fn check_tables(&self, bytes: usize) -> Result<(), LimitHit> {
        let (mib, need_mib) = (self.limits.max_memory_mib, (bytes + (1 << 20) - 1) >> 20);
        if need_mib > mib {
            return Err(LimitHit::Tables { mib, need_mib });
        }
        Ok(())
    }
}

/// One thread's count of the nodes of a [`Budget`]: every 4096 nodes (and at the node
/// after the node limit), it adds them to the budget and looks at the limits and the stop.
/// Dropping it adds the nodes it holds back.
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    /// Nodes counted and not yet added to the budget.
    pending: u64,
    /// The `pending` count at which [`Meter::check`] is due.
    checkpoint: u64,
    /// Nodes expanded, added to the budget when the meter is dropped.
    expanded: u64,
}

impl Meter<'_> {
    /// Counts one node; `false` when [`Meter::check`] is due. O(1).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.pending += 1;
        self.pending < self.checkpoint
    }

    /// Counts one node expanded. O(1).
    #[inline]
    pub(crate) fn expand(&mut self) {
        self.expanded += 1;
    }

    /// Counts one node, and checks the limits when due. O(1) amortised.
    #[inline]
    pub(crate) fn count(&mut self) -> Result<(), LimitHit> {
        if self.tick() {
            Ok(())
        } else {
            self.check()
        }
    }

    /// Adds the pending nodes to the budget; fails once the node or time limit is passed
    /// (stopping the budget for every thread) or the budget was stopped.
    #[cold]
    pub(crate) fn check(&mut self) -> Result<(), LimitHit> {
        let budget = self.budget;
        let total = budget.nodes.fetch_add(self.pending, Ordering::Relaxed) + self.pending;
        self.pending = 0;
        if budget.stop.load(Ordering::Acquire) {
            return Err(budget.stopped().unwrap_or(LimitHit::Cancelled));
        }
        let hit = match (budget.limits.max_nodes, budget.limits.time_limit) {
            (Some(limit), _) if total > limit => Some(LimitHit::Nodes { limit }),
            (_, Some(limit)) if budget.elapsed() > limit => Some(LimitHit::Time {
                seconds: limit.as_secs_f64(),
                nodes: total,
            }),
            _ => None,
        };
        if let Some(hit) = hit {
            budget.stop(hit.clone());
            return Err(hit);
        }
        self.set_checkpoint(total);
        Ok(())
    }

    /// The next check: after 4096 nodes, or at the node after the node limit.
    fn set_checkpoint(&mut self, total: u64) {
        let to_limit = self.budget.limits.max_nodes.map_or(u64::MAX, |limit| {
            limit.saturating_add(1).saturating_sub(total).max(1)
        });
        self.checkpoint = BATCH.min(to_limit);
    }

    /// The nodes of the budget, with those this meter holds back.
    pub(crate) fn nodes(&self) -> u64 {
        self.budget.nodes() + self.pending
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        self.budget.nodes.fetch_add(self.pending, Ordering::Relaxed);
        (self.budget.expanded).fetch_add(self.expanded, Ordering::Relaxed);
    }
}
