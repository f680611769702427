//! Working units: the subtree of each searched with the bound and move pruner it names,
//! on threads, a result as each finishes. Uses `ida`'s [`Iteration`] and the plans of
//! `solve`'s solver.

use super::super::error::{Error, LimitHit};
use super::super::search::bound::LowerBound;
use super::super::search::ida::{bad_move, Iteration, Subtree};
use super::super::search::plan::BoundJob;
use super::super::search::prune::MovePruner;
use super::super::search::{Budget, Puzzle};
use super::format::{Outcome, Problem, Unit, Worked};
use super::shared::{at, no_bound, Units};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// The search below one unit's prefix, run with the bound its plan builds.
struct SubtreeJob<'a> {
    unit: &'a Unit,
    pruner: &'a MovePruner,
    budget: &'a Budget,
    /// The index of the earliest unit of the round found to hold a path.
    found: &'a AtomicUsize,
}

impl BoundJob for SubtreeJob<'_> {
    type Output = Result<Subtree, LimitHit>;

    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        let round = &self.unit.round;
        let iteration = Iteration {
            puzzle,
            pruner: self.pruner,
            bound,
            start: &round.board,
            threshold: round.threshold,
        };
        let race = Some((self.found, self.unit.id - 1));
        iteration.subtree(self.budget, &self.unit.prefix, race)
    }
}

/// The result of `unit`, read on line `line` of its input (errors name it): its
/// subtree searched within the run's limits, or `None` when a unit of its round earlier
/// in order has a path (`found`, the index of the earliest known) and it is left.
fn work_one(
    line: usize,
    unit: &Unit,
    run: &Units,
    found: &AtomicUsize,
) -> Result<Option<Worked>, Error> {
    let round = &unit.round;
    if found.load(Ordering::Relaxed) < unit.id - 1 {
        return Ok(None);
    }
    let at = |problem| at(format!("line {line}"))(problem);
    let plan = run.solver.plan(round.shape, &round.goal);
    let pruner = plan.puzzle.pruner(round.deeper());
    if let Some(index) = bad_move(&plan.puzzle, pruner, &round.board, &unit.prefix) {
        let letter = unit.prefix[index].letter();
        return Err(at(Problem::Prefix { index, letter }));
    }
    let budget = run.progress.working(run.settings().limits);
    let job = SubtreeJob {
        unit,
        pruner,
        budget: &budget,
        found,
    };
    let searched = plan.with_bound(&round.bound, &budget, run.notes, job);
    // A limit hit in the unit is the run's, reported with the run's nodes.
    let limits = &run.settings().limits;
    let searched = searched.map(|searched| {
        let hit = |hit| run.progress.passed(limits).unwrap_or(hit);
        searched.and_then(|subtree| subtree).map_err(hit)
    });
    run.progress.worked(&budget);
    let searched = searched.ok_or_else(|| at(no_bound(&plan, &round.bound)))?;
    let outcome = match searched {
        Ok(Subtree::Solved(path)) => Outcome::Solved(path),
        Ok(Subtree::Below(least)) => Outcome::Below(least),
        Ok(Subtree::Overtaken) => return Ok(None),
        Err(hit) => return Err(Error::Limit { case: line, hit }),
    };
    Ok(Some(Worked {
        round: round.fingerprint(),
        id: unit.id,
        units: round.units,
        threshold: round.threshold,
        nodes: budget.nodes(),
        expanded: Some(budget.expanded()),
        outcome,
    }))
}

/// Works `units` (each with the number of its input line) on the run's `--jobs`
/// threads, each taking the next unit not taken, within what remains of the run's
/// limits ([`super::Progress::working`]); `done`
/// gets each result on this thread as it comes. A unit of a round whose unit earlier
/// in order has a path is left (its result is not needed, see `merge`). After an error
/// no unit is taken, and the first error is returned once the units being worked end.
/// O(the units' subtrees).
pub(crate) fn work(
    units: &[(usize, Unit)],
    run: &Units,
    done: &mut dyn FnMut(Worked) -> Result<(), Error>,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    // The earliest unit with a path, by round fingerprint.
    let races: Mutex<Vec<(u64, Arc<AtomicUsize>)>> = Mutex::new(Vec::new());
    let race = |fingerprint| {
        let mut races = races.lock().unwrap_or_else(|e| e.into_inner());
        match races.iter().find(|(f, _)| *f == fingerprint) {
            Some((_, found)) => Arc::clone(found),
            None => {
                let found = Arc::new(AtomicUsize::new(usize::MAX));
                races.push((fingerprint, Arc::clone(&found)));
                found
            }
        }
    };
    let (sender, results) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..run.settings().jobs.min(units.len()) {
            let (sender, next, race) = (sender.clone(), &next, &race);
            let work = move || loop {
                let Some((line, unit)) = units.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let found = race(unit.round.fingerprint());
                let worked = work_one(*line, unit, run, &found);
                match &worked {
                    Ok(Some(Worked {
                        outcome: Outcome::Solved(_),
                        ..
                    })) => {
                        found.fetch_min(unit.id - 1, Ordering::Relaxed);
                    }
                    Ok(_) => {}
                    Err(_) => {
                        next.fetch_max(units.len(), Ordering::Relaxed);
                    }
                }
                if sender.send(worked).is_err() {
                    return;
                }
            };
            if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, work) {
                next.fetch_max(units.len(), Ordering::Relaxed);
                return Err(Error::Thread(e.to_string()));
            }
        }
        drop(sender);
        let mut first_error = Ok(());
        for worked in results {
            let taken = worked.and_then(|worked| worked.map_or(Ok(()), &mut *done));
            if let (Err(e), Ok(())) = (taken, &first_error) {
                next.fetch_max(units.len(), Ordering::Relaxed);
                first_error = Err(e);
            }
        }
        first_error
    })
}
