//! The command line: the flags read, the answers written, the threads, and the run.
//!
//! In reading order:
//!
//! - `args`: what the flags choose ([`args::Config`]) and what the command line asks for,
//!   the flags chosen checked together.
//! - `flags`: every flag, its names, value, help and what it sets, in the groups of the
//!   help; the help written from them, and [`parse_args`].
//! - `answers`: what a case prints (its lines, `--show`'s boards, `--svg`'s picture) and its
//!   `--stats` line.
//! - `schedule`: [`run`]: the input read whole or as typed, `--jobs` threads, the answers in
//!   input order.
//! - this file: [`main`], which reads the command line and runs what it asks for.

pub(crate) mod args;

pub(crate) mod flags;

pub(crate) mod answers;

pub(crate) mod schedule;

pub(crate) use args::{Command, VERSION};
pub(crate) use flags::{help, parse_args, USAGE};
pub(crate) use schedule::{run, Terminals};

use super::check;
use super::error::{Error, UsageError};
use super::log::Log;
use super::random;
use super::search::Budget;
use args::Config;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// Reads the command line and runs what it asks for: the answers (or, with `--check`, the
/// verdicts) to the cases of FILE or stdin on stdout, boards drawn at random, or testlib's
/// checker. Exit codes: 0 done, also when the reader of stdout closes it early; 1 bad input
/// or an answer rejected; 2 bad usage; 3 a limit reached; testlib's with `--check INPUT
/// OUTPUT [ANSWER [REPORT]]`.
pub(crate) fn main() -> ExitCode {
    // An argument that is not UTF-8 is read lossily, to be refused as unknown or bad.
    let args = std::env::args_os().skip(1);
    let command = match parse_args(args.map(|arg| arg.to_string_lossy().into_owned())) {
        Ok(command) => command,
        Err(e) => return exit(Err(e.into())),
    };
    let (config, checking) = match command {
        Command::Help => return exit(print(&help())),
        Command::Version => return exit(print(&format!("fifteen {VERSION}"))),
        Command::Random(config, draws) => return exit(print_random(&config, draws)),
        Command::Check(config, Some(files)) => {
            let outcome = check::testlib::judge_files(&checking_of(&config), &files);
            eprintln!("{outcome}");
            return ExitCode::from(check::testlib::report(&files, outcome));
        }
        Command::Solve(config) => (config, false),
        Command::Check(config, None) => (config, true),
    };
    exit(answer_input(&config, checking))
}

/// The exit code of a run that ended in `result`: 0, or 1 when an answer checked was
/// rejected, or the error's code after `error: …` on stderr (and the usage line, for bad
/// usage); 0, quietly, when the reader of stdout closed it.
fn exit(result: Result<bool, Error>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A closed stdout, the one error of exit code 0, ends the run quietly.
        Err(e) if e.exit_code() == 0 => ExitCode::SUCCESS,
        Err(e) => {
            match e {
                Error::Usage(_) => eprintln!("error: {e}\n{USAGE}"),
                _ => eprintln!("error: {e}"),
            }
            ExitCode::from(e.exit_code())
        }
    }
}

/// Writes `text` and a line end to stdout.
fn print(text: &str) -> Result<bool, Error> {
    let mut stdout = io::stdout().lock();
    writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(Error::io)?;
    Ok(true)
}

/// What `--check` takes of `config`.
fn checking_of(config: &Config) -> check::Checking {
    check::Checking {
        settings: config.solver.clone(),
        letters: config.letters,
    }
}

/// Prints the boards `--random` asks for (`draws`) to stdout, in the goal and input form of
/// `config`; an explicit goal of another size is bad usage.
fn print_random(config: &Config, draws: random::Draws) -> Result<bool, Error> {
    let goal = config.solver.goal.board(draws.shape).map_err(|cells| {
        let (rows, cols) = (draws.shape.rows, draws.shape.cols);
        let goal = cells;
        Error::from(UsageError::GoalShape { goal, rows, cols })
    })?;
    let mut output = io::BufWriter::new(io::stdout().lock());
    let budget = Budget::new(config.solver.limits);
    let written = random::write_boards(&mut output, config.input, &goal, draws, &budget);
    let flushed = output.flush().map_err(Error::io);
    written.and(flushed).map(|()| true)
}

/// The answers to the cases of FILE or stdin, or with `checking` the verdicts on their
/// answers, on stdout; notes and the status line on stderr. Whether every answer checked
/// is accepted.
fn answer_input(config: &Config, checking: bool) -> Result<bool, Error> {
    let mut output = io::BufWriter::new(io::stdout().lock());
    let stderr = &mut io::stderr();
    let log = Log::new(stderr, io::stderr().is_terminal());
    let stdout = io::stdout().is_terminal();
    let answered = match &config.file {
        Some(file) => {
            let bytes = std::fs::read(file).map_err(|e| Error::CannotRead {
                file: file.clone(),
                message: e.to_string(),
            })?;
            let terminals = Terminals {
                stdin: false,
                stdout,
            };
            answer(config, checking, &bytes[..], &mut output, &log, terminals)
        }
        None => {
            let terminals = Terminals {
                stdin: io::stdin().is_terminal(),
                stdout,
            };
            let stdin = io::stdin().lock();
            answer(config, checking, stdin, &mut output, &log, terminals)
        }
    };
    let flushed = output.flush().map_err(Error::io);
    answered.and_then(|accepted| flushed.map(|()| accepted))
}

/// With `checking`, `--check`'s verdicts on the cases and answers of `input`, else the
/// answers to its cases, written to `output`: whether every answer checked is accepted.
fn answer<R: BufRead, W: Write>(
    config: &Config,
    checking: bool,
    input: R,
    output: &mut W,
    log: &Log,
    terminals: Terminals,
) -> Result<bool, Error> {
    match checking {
        true => check::run(&checking_of(config), input, output, log),
        false => run(config, input, output, log, terminals).map(|()| true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str, config: &Config) -> Result<String, Error> {
        let mut output = Vec::new();
        let mut stderr = Vec::new();
        let log = Log::new(&mut stderr, false);
        run(
            config,
            input.as_bytes(),
            &mut output,
            &log,
            Terminals::default(),
        )?;
        Ok(String::from_utf8(output).unwrap_or_default())
    }

    #[test]
    fn samples() {
        let config = Config::default();
        assert_eq!(
            answer("3\n1 2 3 4 5 6 7 0 8\n", &config),
            Ok("1\nR\n".into())
        );
        assert_eq!(answer("2 3\n1 2 3 5 4 0\n", &config), Ok("-1\n".into()));
        assert_eq!(answer("1\n0\n", &config), Ok("0\n\n".into()));
        let mut spiral = Config::default();
        spiral.solver.goal = super::super::goal::Goal::Spiral;
        assert_eq!(
            answer("3\n2 8 3 1 0 4 7 6 5\n", &spiral).map(|s| s.lines().next().map(String::from)),
            Ok(Some("4".into()))
        );
    }

    #[test]
    fn huge_header_is_rejected_without_allocating() {
        let error = answer("1000000 1000000\n1 2 3\n", &Config::default());
        assert!(matches!(
            error,
            Err(Error::Input {
                case: 1,
                problem: super::super::error::InputError::ShortCase {
                    expected: 1_000_000_000_000,
                    found: 3,
                },
            })
        ));
    }
}
