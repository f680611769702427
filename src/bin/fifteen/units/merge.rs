//! Merging a round: its units and results checked to be of one round, then its answer:
//! the path of the first unit in order that has one, or the next round's threshold. Uses
//! the board's moves to replay a path.

use super::super::board::Move;
use super::format::{Outcome, Problem, Round, Unit, Worked};

/// A round's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Merged {
    /// The first path of the round, in the search's order.
    Path(Vec<Move>),
    /// No path within the threshold: the next round's threshold.
    Next(u32),
    /// No path at all: nothing was pruned (a board with no moves).
    NoPath,
}

/// The units and results of one round as they come, checked to be of it.
pub(crate) struct Book {
    pub round: Round,
    fingerprint: u64,
    /// The prefix of each unit met, by index (id − 1).
    prefixes: Vec<Option<Vec<Move>>>,
    results: Vec<Option<Worked>>,
}

/// The first field in which two rounds differ, by its name in a unit line.
pub(crate) fn differing(a: &Round, b: &Round) -> Option<&'static str> {
    let fields = [
        ("shape", a.shape != b.shape),
        ("goal", a.goal != b.goal),
        ("board", a.board != b.board),
        ("bound", a.bound != b.bound),
        ("pruner", a.pruner != b.pruner),
        ("threshold", a.threshold != b.threshold),
        ("depth", a.depth != b.depth),
        ("above", a.above != b.above),
        ("split-nodes", a.split_nodes != b.split_nodes),
        ("id", a.units != b.units),
    ];
    fields
        .iter()
        .find(|(_, differs)| *differs)
        .map(|(field, _)| *field)
}

/// The lesser of two values that may be missing.
fn least_of(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => a.or(b),
    }
}

/// Whether `path` takes the board of `round` to its goal within its threshold. O(moves).
fn reaches_goal(round: &Round, path: &[Move]) -> bool {
    let mut cells = round.board.clone();
    let Some(mut blank) = cells.iter().position(|&t| t == 0) else {
        return false;
    };
    for &m in path {
        let Some(next) = round.shape.neighbor(blank, m) else {
            return false;
        };
        cells.swap(blank, next);
        blank = next;
    }
    cells == round.goal && path.len() as u64 <= u64::from(round.threshold)
}

impl Book {
    /// A book for the units of `round`, with none yet.
    pub(crate) fn new(round: Round) -> Self {
        let units = round.units;
        Book {
            fingerprint: round.fingerprint(),
            round,
            prefixes: vec![None; units],
            results: vec![None; units],
        }
    }

    /// Takes a unit line: it must be of the book's round, and give a unit's prefix as
    /// any line before did.
    pub(crate) fn add_unit(&mut self, unit: Unit) -> Result<(), Problem> {
        let id = format!("{}/{}", unit.id, unit.round.units);
        if let Some(field) = differing(&self.round, &unit.round) {
            return Err(Problem::OtherRound { id, field });
        }
        let known = &mut self.prefixes[unit.id - 1];
        match known {
            Some(prefix) if *prefix != unit.prefix => Err(Problem::Twice { id }),
            _ => {
                *known = Some(unit.prefix);
                Ok(())
            }
        }
    }

    /// Takes a result: it must be of the book's round, and agree with any result of the
    /// unit before it (a unit worked twice gives the same result).
    pub(crate) fn add_result(&mut self, worked: Worked) -> Result<(), Problem> {
        let id = format!("{}/{}", worked.id, worked.units);
        let round = &self.round;
        let ours = (self.fingerprint, round.units, round.threshold);
        if (worked.round, worked.units, worked.threshold) != ours {
            return Err(Problem::OtherRound { id, field: "round" });
        }
        let known = &mut self.results[worked.id - 1];
        match known {
            Some(before) if *before != worked => Err(Problem::Twice { id }),
            _ => {
                *known = Some(worked);
                Ok(())
            }
        }
    }

    /// Whether unit `id` has a result.
    pub(crate) fn has_result(&self, id: usize) -> bool {
        self.results[id - 1].is_some()
    }

    /// The results taken, in the order of their units. O(units).
    pub(crate) fn results(&self) -> impl Iterator<Item = &Worked> {
        self.results.iter().flatten()
    }

    /// The number of units with a result.
    pub(crate) fn done(&self) -> usize {
        self.results().count()
    }

    /// The results that decide the round: those up to the first unit with a path, or
    /// all of them.
    fn deciding(&self) -> &[Option<Worked>] {
        let solved =
            |r: &Option<Worked>| matches!(r, Some(w) if matches!(w.outcome, Outcome::Solved(_)));
        let end = self
            .results
            .iter()
            .position(solved)
            .map_or(self.results.len(), |i| i + 1);
        &self.results[..end]
    }

    /// The round's answer: the path of the first unit in order with one (all units before
    /// it have a result), else, once every unit has one, the least f over the threshold
    /// met in the round, raised to the parity of the paths' lengths. O(units + moves).
    pub(crate) fn answer(&self) -> Result<Merged, Problem> {
        let round = &self.round;
        let deciding = self.deciding();
        if let Some(first) = deciding.iter().position(Option::is_none) {
            return Err(Problem::Unanswered {
                threshold: round.threshold,
                missing: deciding.iter().filter(|r| r.is_none()).count(),
                units: round.units,
                first: first + 1,
            });
        }
        let mut least = round.above;
        for worked in deciding.iter().flatten() {
            match &worked.outcome {
                Outcome::Solved(path) if reaches_goal(round, path) => {
                    return Ok(Merged::Path(path.clone()))
                }
                Outcome::Solved(_) => {
                    let id = format!("{}/{}", worked.id, worked.units);
                    return Err(Problem::WrongPath { id });
                }
                Outcome::Below(f) => least = least_of(least, *f),
            }
        }
        let Some(least) = least else {
            return Ok(Merged::NoPath);
        };
        let at = |tiles: &[u8]| tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let parity = round.shape.distance(at(&round.board), at(&round.goal)) as u32 % 2;
        Ok(Merged::Next(least + ((least % 2) ^ parity)))
    }

    /// The nodes of the round as the in-process search counts them: above the cut, and
    /// in the units that decide it.
    pub(crate) fn nodes(&self) -> u64 {
        let units: u64 = self.deciding().iter().flatten().map(|w| w.nodes).sum();
        self.round.split_nodes + units
    }

    /// The nodes expanded in the units that decide the round, when every one of them
    /// counted its own.
    pub(crate) fn expanded(&self) -> Option<u64> {
        let deciding = self.deciding();
        deciding.iter().flatten().map(|w| w.expanded).sum()
    }

    /// The unit of the most nodes among those with a result, and its nodes against the
    /// mean, for the balance of a round.
    pub(crate) fn slowest(&self) -> Option<(usize, u64, f64)> {
        let worked: Vec<&Worked> = self.results().collect();
        let slowest = worked.iter().max_by_key(|w| w.nodes)?;
        let sum: u64 = worked.iter().map(|w| w.nodes).sum();
        let mean = sum as f64 / worked.len() as f64;
        Some((
            slowest.id,
            slowest.nodes,
            slowest.nodes as f64 / mean.max(1.0),
        ))
    }

    /// The round for `--stats`: its units and cut, nodes, and its slowest unit.
    pub(crate) fn stats_line(&self) -> String {
        let Round {
            threshold,
            depth,
            units,
            split_nodes,
            ..
        } = self.round;
        let (done, nodes) = (self.done(), self.nodes());
        let mut line = format!(
            "round {threshold}: depth {depth}, units {units}, done {done}, nodes {nodes} \
             ({split_nodes} above the cut)"
        );
        if let Some(expanded) = self.expanded() {
            line += &format!(", {expanded} expanded in the units");
        }
        if let Some((id, nodes, ratio)) = self.slowest() {
            line += &format!(", slowest unit {id}: {nodes} nodes, {ratio:.2}× the mean");
        }
        line
    }
}
