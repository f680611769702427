//! Solves the rows×cols sliding-tile puzzle of Montresor, *Algoritmi e Strutture Dati*, §19.5
//! (seed 003, <https://algoritmicamente.it/materiali/libro/capitoli/cap19.pdf>), of Aizu
//! ALDS1_13_C, SPOJ AL_10_06, UVa 10181 and Luogu P1379, and Korf's 100 boards.
//!
//! Input: cases until the end of input, each a line `n` (n×n) or `rows cols`, then the tiles
//! row-major, `0` the blank; or a judge's form (`form`). Output per case: the number of moves
//! (`-1`: unreachable), then the blank's moves `U D L R`, the first optimal path in the order
//! `D < L < R < U`. Exit codes: 0 done, 1 bad input, 2 bad usage, 3 a search limit or over
//! 256 cells. IDA*: O(b^d) nodes for d moves, b < 3; memory O(d) beside its tables.
//!
//! The judge edition (feature `judge`, `judge.rs`: the same answers on one thread, no files
//! or options) is written by `cargo test --test judge` to `target/judge/fifteen-judge.rs`,
//! without the `#[cfg(not(feature = "judge"))]` items: edit the tree, not that file.
//! Modules, each using only those before it: `board`, `error`, `form`, `goal`, `parse`,
//! `search`, `judge`.

#![forbid(unsafe_code)]

#[cfg(feature = "judge")]
pub mod judge;

pub mod board;
pub mod error;
pub mod form;
pub mod goal;
pub mod parse;
pub mod search;

/// Fast, not optimal paths for boards of any size (its map in `any/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod any;
/// `--check`: answers read, replayed and set against the least number of moves that
/// `cli`'s solver finds; testlib's checker (its map in `check/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod check;
/// The flags, the log (notes, `--stats`, the status line), the per-case solver, the threads
/// and `run` (its map in `cli/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod cli;
/// Paths as runs (`R3 D2 L`, slidy's `R3D2L`), written and read; the metrics, and a path's
/// length in each.
#[cfg(not(feature = "judge"))]
pub mod notation;
/// Boards drawn at random from a seed (`--random`), uniform among those that reach the goal
/// or a walk from it, written in an input form.
#[cfg(not(feature = "judge"))]
pub mod random;
/// Seeing a solution: the path replayed into frames and their text, the frames played in
/// place on a terminal, the SVG picture (its map in `show/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod show;
/// `ida`'s iterations cut into units of text for other processes and machines, their
/// results merged, and the driver of a search kept in a work directory (`--units`,
/// `--drive`; the format in `units/mod.rs`): `format` (the lines), `split`, `work`,
/// `merge`, `drive`.
#[cfg(not(feature = "judge"))]
pub mod units;

#[cfg(not(feature = "judge"))]
use cli::args::Config;
#[cfg(not(feature = "judge"))]
use cli::{help, parse_args, run, Command, Terminals, USAGE, VERSION};
#[cfg(not(feature = "judge"))]
use error::{Error, UsageError};
#[cfg(not(feature = "judge"))]
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// The judge edition's `main`: see [`judge::main`].
#[cfg(feature = "judge")]
fn main() -> ExitCode {
    judge::main()
}

/// With `checking`, `--check`'s verdicts on the cases and answers of `input`, else the
/// answers to its cases, written to `output`: whether every answer checked is accepted.
#[cfg(not(feature = "judge"))]
fn answer<R: BufRead, W: Write>(
    config: &Config,
    checking: bool,
    input: R,
    output: &mut W,
    terminals: Terminals,
) -> Result<bool, Error> {
    let log = &mut io::stderr();
    if checking {
        check::run(config, input, output, log, terminals.stderr)
    } else {
        run(config, input, output, log, terminals).map(|()| true)
    }
}

/// Prints the boards `--random` asks for (`draws`) to stdout, in the goal and input form of
/// `config`: exit 0, 1 when stdout cannot be written, 2 for an explicit goal of another
/// size.
#[cfg(not(feature = "judge"))]
fn print_random(config: &Config, draws: random::Draws) -> ExitCode {
    let goal = match config.goal.board(draws.shape) {
        Ok(goal) => goal,
        Err(cells) => {
            let (rows, cols) = (draws.shape.rows, draws.shape.cols);
            let e = Error::from(UsageError::GoalShape {
                goal: cells,
                rows,
                cols,
            });
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(e.exit_code());
        }
    };
    let mut output = io::BufWriter::new(io::stdout().lock());
    let written = random::write_boards(&mut output, (config.input, &goal), draws);
    match written.and_then(|()| output.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", Error::Io(e.to_string()));
            ExitCode::from(1)
        }
    }
}

/// Reads the cases of FILE or stdin, writes the answers (or, with `--check`, the verdicts)
/// to stdout, maps errors to exit codes (1 input or an answer rejected, 2 usage, 3 limit);
/// `--check INPUT OUTPUT [ANSWER [REPORT]]` exits with testlib's codes.
#[cfg(not(feature = "judge"))]
fn main() -> ExitCode {
    // An argument that is not UTF-8 is read lossily, to be refused as unknown or bad.
    let args = std::env::args_os().skip(1);
    let command = parse_args(args.map(|arg| arg.to_string_lossy().into_owned()));
    let (config, checking) = match command {
        Ok(Command::Help) => {
            println!("{}", help());
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("fifteen {VERSION}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Solve(config)) => (config, false),
        Ok(Command::Random(config, draws)) => return print_random(&config, draws),
        Ok(Command::Check(config, None)) => (config, true),
        Ok(Command::Check(config, Some(files))) => {
            let outcome = check::testlib::judge_files(&config, &files);
            eprintln!("{outcome}");
            return ExitCode::from(check::testlib::report(&files, outcome));
        }
        Err(e) => {
            let e = Error::from(e);
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(e.exit_code());
        }
    };
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let (stdout_terminal, stderr) = (io::stdout().is_terminal(), io::stderr().is_terminal());
    let result = match &config.file {
        Some(file) => match std::fs::read(file) {
            Ok(bytes) => {
                let terminals = Terminals {
                    stdin: false,
                    stdout: stdout_terminal,
                    stderr,
                };
                answer(&config, checking, &bytes[..], &mut output, terminals)
            }
            Err(e) => Err(Error::CannotRead {
                file: file.clone(),
                message: e.to_string(),
            }),
        },
        None => {
            let terminals = Terminals {
                stdin: io::stdin().is_terminal(),
                stdout: stdout_terminal,
                stderr,
            };
            let stdin = io::stdin().lock();
            answer(&config, checking, stdin, &mut output, terminals)
        }
    };
    let flushed = output.flush();
    let flushed = flushed.map_err(|e| Error::Io(e.to_string()));
    match result.and_then(|accepted| flushed.map(|()| accepted)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

#[cfg(test)]
#[cfg(not(feature = "judge"))]
mod tests {
    use super::*;
    use cli::args::Config;

    fn answer(input: &str, config: &Config) -> Result<String, Error> {
        let mut output = Vec::new();
        run(
            config,
            input.as_bytes(),
            &mut output,
            &mut Vec::new(),
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
        let spiral = Config {
            goal: goal::Goal::Spiral,
            ..Config::default()
        };
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
                problem: error::InputError::ShortCase {
                    expected: 1_000_000_000_000,
                    found: 3,
                },
            })
        ));
    }
}
