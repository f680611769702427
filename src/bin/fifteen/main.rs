//! Solves the n×n sliding-tile puzzle and its rectangular kin: the "gioco del quindici" of
//! Montresor, *Algoritmi e Strutture Dati*, §19.5 (seed 003,
//! <https://algoritmicamente.it/materiali/libro/capitoli/cap19.pdf>), as judges pose it: UVa 10181
//! "15-Puzzle Problem" (<https://onlinejudge.org/external/101/10181.pdf>), Luogu P1379
//! (<https://www.luogu.com.cn/problem/P1379>, the spiral goal), and Korf's 100 instances
//! (R. E. Korf, "Depth-first iterative-deepening", Artificial Intelligence 27, 1985).
//!
//! # Input
//!
//! Cases until the end of input (stdin, or one file named on the command line). A case is a
//! header line, `n` (an n×n board) or `rows cols`, then rows·cols integers in row-major order,
//! `0` the blank, separated by any whitespace (CRLF is fine). Empty input is zero cases.
//! `--input bare` reads boards of one shape (`--shape`, default 4×4) with no header, as Aizu
//! ALDS1_13_C and SPOJ pose them; `--input counted`, the number of cases first, then such
//! boards, as UVa 10181 does.
//!
//! # Output
//!
//! Per case, a line with the number of moves, or `-1` when the goal cannot be reached; then,
//! for a reachable goal, a line with the path (empty for a solved board). A letter `U D L R`
//! names the direction the *blank* moves (with `--letters tile`, the direction the moved
//! tile goes: the opposite letter). `--output moves` prints the number alone, `--output
//! path` the path alone, and `--unsolvable TEXT` replaces `-1`. `ida` prints the canonical
//! path: the
//! lexicographically smallest optimal path under `D < L < R < U`. `astar` and `bfs` print an
//! optimal path rebuilt from their level maps, not always the canonical one; `dfs` prints some
//! path of at most K moves; `any` prints a valid path, not always a shortest one.
//!
//! # Options
//!
//! `--algo ida|astar|bfs|dfs|any` (default `ida`), `--bound K` (`dfs`), `--map hash|btree`
//! (the level map of `astar` and `bfs`), `--goal standard|blank-first|spiral|"t t …"`,
//! `--stats` (per case on stderr), `--max-nodes N`, `--time-limit SECONDS`, `--max-memory MIB`
//! (default 4096), `--jobs N` (threads: cases at once, or one board's search shared), `--cache
//! DIR` (`ida`'s tables kept in files), `--letters blank|tile`, `--check` (verdicts on the
//! answers that follow the cases; `--check INPUT OUTPUT [ANSWER [REPORT]]`, testlib's
//! checker of a judge), `--show` (the boards of each solution after its answer, one a
//! move, played in place on a terminal), `--svg FILE` (a picture that plays each solution), `--units
//! split|work|merge`, `--threshold T`, `--depth D`, `--drive DIR`, `--engine CMD`,
//! `--engine-from N` (one search cut into units for other processes: `units`), `--input
//! header|bare|counted`, `--shape RxC`, `--output both|moves|path`, `--unsolvable TEXT`
//! (the problem's form: `form`), `--random N`, `--walk K`, `--seed S` (boards to print:
//! `random`), `--version`,
//! `--help`. The table of flags, the usage and the help are in `cli`.
//!
//! # Exit codes
//!
//! 0 done; 1 bad input (`error: case N: …` on stderr, after the answers to the cases before
//! it) or a file that cannot be read or written, or with `--check` an answer rejected; 2 bad
//! usage (`--show` or `--svg` on a board or path too large to draw among them); 3 a search
//! limit reached. `--check INPUT OUTPUT [ANSWER [REPORT]]` exits with testlib's codes: 0
//! ok, 1 wrong answer, 2 wrong output format, 3 the check failed. When stderr is a
//! terminal, a search or table build of more than a second shows a status line there,
//! cleared when the case is answered; judges, pipes and tests see nothing of it.
//!
//! # Notation and limits
//!
//! A board of N = rows·cols cells has N!/2 reachable configurations for rows, cols ≥ 2
//! (360 for 2×3; 181,440 for 3×3; ≈1.05e13 for 4×4; ≈7.8e24 for 5×5). Reachability is decided
//! by parity before any search, in O(N). The optimal searches (`ida`, `astar`, `bfs`, `dfs`)
//! take boards of at most 256 cells; `any` takes every board the input can hold.
//!
//! # Complexity
//!
//! `ida`: O(b^d) nodes for d moves and an effective branching factor b < 3 that shrinks as the
//! lower bound gets stronger; memory O(d) beside its tables. The bound per board size and goal
//! is chosen by `search::plan`: the walking distance or 3×3 tables on the 3×3, additive
//! pattern databases on the 4×4 (4-4-4-3, 5-5-5, 6-6-3, 7-7-1, or 8-7 from `--cache`) and the
//! 5×5 (Korf & Felner's 6-6-6-6), linear conflicts elsewhere. `astar` and `bfs`: time and
//! memory O(states reached). `dfs --bound K`: O(3^K) time, O(K) memory. `any`: weighted IDA*
//! over small tables on boards of 10 to 32 cells; elsewhere, or when that gives up,
//! O(N·(rows+cols)) moves in O(moves) time, memory O(N) and 2 bits a move.
//!
//! # Map of the tree
//!
//! In reading order (`search::bound`'s walking distance keeps its states in a
//! `search::state` map).
//!
//! - `board`: moves, shapes, paths, the Manhattan distance.
//! - `error`: every error, its message and its exit code.
//! - `form`: the problem's form, as judges pose it: how cases are written, what is printed
//!   of each answer, and its writing.
//! - `parse`: cases and `--goal` boards from text, with line and column.
//! - `goal`: the goals; reachability by parity.
//! - `search/`: a puzzle prepared for search, the budget a case's threads share and the
//!   notes a search leaves (`mod.rs`, `budget`); then
//!   - `bound`: lower bounds (Manhattan, linear conflicts, walking distance);
//!   - `weighted`: a bound times a weight, for `any`'s weighted IDA*;
//!   - `pdb/`: pattern databases: `placement` (ranks), `build` (breadth-first tables on any
//!     number of threads), `cache` (files), the additive look-up over a partition with its
//!     symmetries and reflection;
//!   - `prune`: the finite-state machine of duplicate move sequences that IDA* skips;
//!   - `ida`: IDA* with the canonical path, on one thread or shared by several;
//!   - `plan`: the policy: the bounds and tables tried per shape and goal, their give-up
//!     budgets, and `any`'s weighted search;
//!   - `state`, `stored`: packed boards and level maps; `astar`, `bfs`, `dfs`.
//! - `random`: boards drawn at random from a seed (`--random`), uniform among those that
//!   reach the goal or a walk from it, written in an input form.
//! - `any/`: fast, not optimal paths for boards of any size (its map in `any/mod.rs`).
//! - `units/`: `ida`'s iterations cut into units of text for other processes and
//!   machines, their results merged, and the driver of a search kept in a work directory
//!   (`--units`, `--drive`; the format in `units/mod.rs`): `format` (the lines), `split`,
//!   `work`, `merge`, `drive`.
//! - `show/`: seeing a solution: the path replayed into frames and their text, the frames
//!   played in place on a terminal, the SVG picture (its map in `show/mod.rs`).
//! - `cli/`: the flags, the log (notes, `--stats`, the status line), the per-case solver, the
//!   threads and `run` (its map in `cli/mod.rs`).
//! - `check/`: `--check`: answers read, replayed and set against the least number of moves
//!   that `cli`'s solver finds; testlib's checker (its map in `check/mod.rs`).
//! - `main.rs`: this header and `main`, which only locks stdin and stdout and maps errors to
//!   exit codes.
//!
//! The single file for judges is generated from this tree by `cargo test --test judge`
//! (`target/judge/fifteen.rs`); edit the tree, never that file.

#![forbid(unsafe_code)]

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

pub mod any;
pub mod board;
pub mod check;
pub mod cli;
pub mod error;
pub mod form;
pub mod goal;
pub mod parse;
pub mod random;
pub mod search;
pub mod show;
pub mod units;

use cli::args::Config;
use cli::{help, parse_args, run, Command, Terminals, USAGE, VERSION};
use error::Error;

/// With `checking`, `--check`'s verdicts on the cases and answers of `input`, else the
/// answers to its cases, written to `output`: whether every answer checked is accepted.
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
fn print_random(config: &Config, draws: random::Draws) -> ExitCode {
    let goal = match config.goal.board(draws.shape) {
        Ok(goal) => goal,
        Err(cells) => {
            let (rows, cols) = (draws.shape.rows, draws.shape.cols);
            let e = Error::GoalShape {
                goal: cells,
                rows,
                cols,
            };
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
            Err(Error::ShortCase {
                expected: 1_000_000_000_000,
                found: 3,
                ..
            })
        ));
    }
}
