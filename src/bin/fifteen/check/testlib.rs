//! `--check INPUT OUTPUT [ANSWER [REPORT]]`: the checker of a judge, after the conventions of
//! testlib (Codeforces' Polygon and most judges). INPUT holds the test's cases, OUTPUT the
//! contestant's answers and ANSWER the jury's, each answer in the form `fifteen` prints (a
//! count, then the path; `-1` alone), tokens separated by any whitespace. The outcome is one
//! line on stderr, its name then a message, and the exit code: `ok` 0; `wrong answer` 1;
//! `wrong output format` 2 (an answer that cannot be read, a missing one, a token after the
//! last); `FAIL` 3 (INPUT or ANSWER unreadable or wrong, a limit reached while solving, or a
//! contestant's path shorter than the jury's). The jury's answers are replayed like the
//! contestant's, and their lengths are the least; without ANSWER the checker solves each
//! board that a contestant's path takes to the goal. Uses this folder's answers, verdicts
//! and least.

use super::super::board::moves_text;
use super::super::error::Error;
use super::super::parse::{shown, Case, Cases};
use super::answer::read_answer;
use super::verdict::{against_least, replay, Fault};
use super::{least, solver, Checking};
use std::fmt;

/// The files of `--check INPUT OUTPUT [ANSWER [REPORT]]`: the cases, the answers to check,
/// the jury's answers, and testlib's result file, where the outcome's line is written too.
#[derive(Debug)]
pub(crate) struct Files {
    pub(crate) input: String,
    pub(crate) output: String,
    pub(crate) answer: Option<String>,
    pub(crate) report: Option<String>,
}

/// A testlib outcome, with its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Accepted(String),
    WrongAnswer(String),
    WrongFormat(String),
    Fail(String),
}

impl Outcome {
    /// testlib's exit code of the outcome.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            Outcome::Accepted(_) => 0,
            Outcome::WrongAnswer(_) => 1,
            Outcome::WrongFormat(_) => 2,
            Outcome::Fail(_) => 3,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Outcome::Accepted(message) => write!(f, "ok {message}"),
            Outcome::WrongAnswer(message) => write!(f, "wrong answer {message}"),
            Outcome::WrongFormat(message) => write!(f, "wrong output format {message}"),
            Outcome::Fail(message) => write!(f, "FAIL {message}"),
        }
    }
}

/// Reads the files and judges them by [`judge`]. A file that cannot be read fails the
/// check, but for OUTPUT, which is a wrong output format (as testlib takes a missing one).
pub(crate) fn judge_files(checking: &Checking, files: &Files) -> Outcome {
    let read = |file: &String| {
        std::fs::read(file).map_err(|e| {
            let message = e.to_string();
            let file = file.clone();
            Error::CannotRead { file, message }.to_string()
        })
    };
    let read_all = || {
        let input = read(&files.input).map_err(Outcome::Fail)?;
        let output = read(&files.output).map_err(Outcome::WrongFormat)?;
        let answer = files.answer.as_ref().map(read).transpose();
        Ok((input, output, answer.map_err(Outcome::Fail)?))
    };
    match read_all() {
        Ok((input, output, answer)) => judge(checking, &input, &output, answer.as_deref()),
        Err(outcome) => outcome,
    }
}

/// Writes `outcome`'s line to the REPORT file, if one is named, and gives the exit code:
/// `outcome`'s, or 3 (a checker failure) with a `FAIL` line on stderr when the report
/// cannot be written.
pub(crate) fn report(files: &Files, outcome: Outcome) -> u8 {
    let Some(file) = &files.report else {
        return outcome.exit_code();
    };
    match std::fs::write(file, format!("{outcome}\n")) {
        Ok(()) => outcome.exit_code(),
        Err(e) => {
            eprintln!("{}", Outcome::Fail(format!("cannot write {file}: {e}")));
            Outcome::Fail(String::new()).exit_code()
        }
    }
}

/// Judges the answers of `output` to the cases of `input`, against the jury's of `answer`
/// when given, else against the least the solver finds. The first case whose answer is
/// not accepted decides; each case's jury answer is read and replayed before the
/// contestant's. O(length) beside one search a case without `answer`.
pub(crate) fn judge(
    checking: &Checking,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Outcome {
    match verdicts(checking, input, output, answer) {
        Ok(message) => Outcome::Accepted(message),
        Err(outcome) => outcome,
    }
}

/// [`judge`]'s verdicts: the message of `ok`, or the outcome of the first case not
/// accepted.
fn verdicts(
    checking: &Checking,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Result<String, Outcome> {
    let fail = |e: Error| Outcome::Fail(e.to_string());
    let cases = Cases::new(input).collect::<Result<Vec<Case>, Error>>();
    let cases = cases.map_err(|e| Outcome::Fail(format!("input: {e}")))?;
    let mut output = Cases::new(output);
    let mut jury = answer.map(Cases::new);
    let solver = solver(checking, cases.len());
    let mut moves = 0;
    for (index, case) in cases.iter().enumerate() {
        let number = index + 1;
        let goal = solver.goal(case, number).map_err(fail)?;
        let jury_least = match &mut jury {
            Some(jury) => jurys_length(jury, case, number, &goal, checking)?,
            None => None,
        };
        let claim = read_answer(&mut output, number, true);
        let claim = claim.map_err(|e| Outcome::WrongFormat(e.to_string()))?;
        let wrong = |fault: Fault| Outcome::WrongAnswer(format!("case {number}: {fault}"));
        let Some(length) = replay(case, &goal, &claim, checking.letters).map_err(wrong)? else {
            continue;
        };
        let least = match jury_least {
            Some(least) => least,
            None => least(&solver, case, number, &goal, &()).map_err(fail)?,
        };
        match against_least(length, least) {
            Err(fault @ Fault::Shorter { .. }) => {
                let message = format!("case {number}: {fault}: the jury's answer is not the least");
                return Err(Outcome::Fail(message));
            }
            verdict => verdict.map_err(wrong)?,
        }
        moves += length;
    }
    if let Some(extra) = output.take_token() {
        let (token, at) = (shown(extra.text), extra.at);
        let message = format!("extra information in the output file: \"{token}\" ({at})");
        return Err(Outcome::WrongFormat(message));
    }
    let s = if cases.len() == 1 { "" } else { "s" };
    Ok(format!(
        "{} case{s}, {} in all",
        cases.len(),
        moves_text(moves)
    ))
}

/// The length of the jury's answer to `case`, case number `number` (`None` for `-1`),
/// read from `jury` and replayed: a failure when it cannot be read or is not accepted.
fn jurys_length(
    jury: &mut Cases,
    case: &Case,
    number: usize,
    goal: &[u32],
    checking: &Checking,
) -> Result<Option<u64>, Outcome> {
    let claim = read_answer(jury, number, true);
    let claim = claim.map_err(|e| Outcome::Fail(format!("answer: {e}")))?;
    replay(case, goal, &claim, checking.letters)
        .map_err(|fault| Outcome::Fail(format!("answer: case {number}: {fault}")))
}
