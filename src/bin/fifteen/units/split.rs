//! Cutting a round into units: the frontier of its iteration at a depth deep enough for
//! the units to balance, shallow enough for the part above the cut to stay small. Uses
//! `ida`'s [`Iteration`].

use super::super::error::LimitHit;
use super::super::search::bound::LowerBound;
use super::super::search::ida::Iteration;
use super::super::search::Budget;
use super::format::{Round, Unit, MOST_UNITS};

/// The units a round wants for each worker, so that the workers finish together.
pub(crate) const UNITS_PER_WORKER: usize = 8;

/// How deep to cut a round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cut {
    /// The depth of `--depth`, if given.
    pub fixed: Option<u32>,
    /// The least depth to try.
    pub from: u32,
    /// The units wanted.
    pub wanted: usize,
    /// The nodes of the round before (`u64::MAX` when unknown): the part above the cut
    /// may take a sixteenth of them.
    pub before: u64,
}

/// The units of the round of `iteration`, the other fields of `round` kept (its depth, `above`,
/// split nodes and number of units are set here). The cut is at `cut.fixed` (at most the
/// threshold), else at the least depth from `cut.from` that gives `cut.wanted` units, or whose
/// part above generates more than a sixteenth of `cut.before` nodes, or one less than the
/// threshold, or after which a deeper cut gives fewer units (near the threshold, few nodes are
/// left); moved up while it gives more than [`MOST_UNITS`]; at depth 0 (one unit, the board)
/// when no node is left at it. Each depth tried is a pass over the part above it, its nodes
/// counted in `budget`; the round's split nodes are the last pass's.
pub(crate) fn split<B: LowerBound>(
    iteration: &Iteration<B>,
    mut round: Round,
    cut: Cut,
    budget: &Budget,
) -> Result<Vec<Unit>, LimitHit> {
    let threshold = iteration.threshold;
    let deepest = threshold.saturating_sub(1);
    let mut depth = match cut.fixed {
        Some(depth) => depth.min(threshold),
        None => cut.from.min(deepest),
    };
    let pass = |depth| {
        let before = budget.nodes();
        let (frontier, above) = iteration.frontier(budget, depth)?;
        Ok((frontier, above, budget.nodes() - before))
    };
    let (mut frontier, mut above, mut nodes) = pass(depth)?;
    while cut.fixed.is_none()
        && frontier.len() < cut.wanted
        && depth < deepest
        && nodes.saturating_mul(16) <= cut.before
    {
        let deeper = pass(depth + 1)?;
        if deeper.0.len() < frontier.len() || deeper.0.len() > MOST_UNITS {
            break;
        }
        depth += 1;
        (frontier, above, nodes) = deeper;
    }
    while frontier.len() > MOST_UNITS {
        depth -= 1;
        (frontier, above, nodes) = pass(depth)?;
    }
    if frontier.is_empty() {
        depth = 0;
        (frontier, above, nodes) = pass(depth)?;
    }
    (round.depth, round.above) = (depth, above);
    (round.split_nodes, round.units) = (nodes, frontier.len());
    let unit = |(i, prefix)| Unit {
        round: round.clone(),
        id: i + 1,
        prefix,
    };
    Ok(frontier.into_iter().enumerate().map(unit).collect())
}
