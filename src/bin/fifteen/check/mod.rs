//! `--check`: verdicts on answers given to cases, whether each path is legal, reaches the
//! goal and has the least number of moves, in two forms: cases each followed by its answer
//! (FILE or stdin, a verdict line a case on stdout, the project's exit codes), or testlib's
//! checker of a judge (`INPUT OUTPUT [ANSWER [REPORT]]`). Uses `parse`, `board`, `goal`, the
//! log and `solve`'s per-case solver, which knows the least number of moves.
//!
//! In reading order:
//!
//! - `answer`: one answer read: a count and its path, `-1`, or a path alone.
//! - `verdict`: one answer judged: replayed on its board, set against the least.
//! - `testlib`: `--check INPUT OUTPUT [ANSWER [REPORT]]`, with testlib's outcomes and exit codes.
//! - this file: the usual form, [`run`], and the least number of moves that both forms
//!   ask of the solver.

pub(crate) mod answer;

pub(crate) mod verdict;

pub(crate) mod testlib;

use super::board::Lettering;
use super::error::Error;
use super::log::{with_status, Log};
use super::parse::{Case, Cases};
use super::search::Notes;
use super::solve::{machine_threads, Settings, Solver};
use answer::{read_answer, Claim};
use std::io::{Read, Write};
use verdict::{against_least, replay};

/// What `--check` is asked for: the solver's settings, whose optimal search gives the least
/// number of moves, and what the letters of the answers name.
#[derive(Clone, Debug)]
pub(crate) struct Checking {
    pub(crate) settings: Settings,
    pub(crate) letters: Lettering,
}

/// A solver for `cases` cases of `checking`, its `jobs` threads (never more than the
/// machine has) sharing the search of each board.
fn solver(checking: &Checking, cases: usize) -> Solver {
    let jobs = checking.settings.jobs.min(machine_threads());
    let settings = Settings {
        jobs,
        ..checking.settings.clone()
    };
    Solver::new(settings, cases, jobs)
}

/// The least number of moves from `case`, case number `number`, to `goal`, which it
/// reaches, by the solver's optimal search.
fn least(
    solver: &Solver,
    case: &Case,
    number: usize,
    goal: &[u32],
    notes: &dyn Notes,
) -> Result<u64, Error> {
    let answer = solver.solve_case(case, goal, number, notes)?;
    // An optimal search finds a path to every goal that parity allows.
    Ok(answer.moves.map_or(u64::MAX, |path| path.count()))
}

/// Reads the cases of `input`, each followed by its answer, a path alone allowed: the
/// pairs read, and the error that stopped the reading, if one did. O(length).
fn read_pairs(input: &[u8]) -> (Vec<(Case, Claim<'_>)>, Result<(), Error>) {
    let mut cases = Cases::new(input);
    let mut pairs = Vec::new();
    while let Some(case) = cases.next() {
        let number = pairs.len() + 1;
        match case.and_then(|case| Ok((case, read_answer(&mut cases, number, false)?))) {
            Ok(pair) => pairs.push(pair),
            Err(e) => return (pairs, Err(e)),
        }
    }
    (pairs, Ok(()))
}

/// The usual form of `--check`: reads the cases of `input`, each followed by its answer,
/// and writes a verdict line a case to `output`: `ok` and the count (`-1` for a right
/// `-1`), or `case N: ` and the fault. Notes of the solver, and its status line, go to
/// `log`. Returns whether every answer is accepted. Stops at malformed input or a limit
/// reached, after the verdicts on the cases before it. O(length) beside one search a case
/// whose path reaches the goal.
pub(crate) fn run<R: Read, W: Write>(
    checking: &Checking,
    mut input: R,
    output: &mut W,
    log: &Log,
) -> Result<bool, Error> {
    let io = Error::io;
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(io)?;
    let (pairs, malformed) = read_pairs(&bytes);
    let solver = solver(checking, pairs.len());
    let mut accepted = true;
    with_status(&|| solver.status(), log, || {
        for (index, (case, claim)) in pairs.iter().enumerate() {
            let number = index + 1;
            let goal = solver.goal(case, number)?;
            let verdict = match replay(case, &goal, claim, checking.letters) {
                Ok(Some(moves)) => {
                    let least = least(&solver, case, number, &goal, log)?;
                    against_least(moves, least).map(|()| Some(moves))
                }
                other => other,
            };
            match verdict {
                Ok(Some(moves)) => {
                    let tiles = claim.multi_tile_length();
                    writeln!(output, "ok {moves} (mtm {tiles})")
                }
                Ok(None) => writeln!(output, "ok -1"),
                Err(fault) => {
                    accepted = false;
                    writeln!(output, "case {number}: {fault}")
                }
            }
            .map_err(io)?;
        }
        Ok::<(), Error>(())
    })?;
    malformed.map(|()| accepted)
}
