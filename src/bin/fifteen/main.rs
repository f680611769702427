//! Solves the n×n sliding-tile puzzle and its rectangular kin: the "gioco del quindici" of
//! Montresor, *Algoritmi e Strutture Dati*, §19.5 (seed 003,
//! <https://algoritmicamente.it/materiali/libro/capitoli/cap19.pdf>), as judges pose it: UVa 10181
//! "15-Puzzle Problem" (<https://onlinejudge.org/external/101/10181.pdf>), Luogu P1379
//! (<https://www.luogu.com.cn/problem/P1379>, the spiral goal), and Korf's 100 instances
//! (R. E. Korf, "Depth-first iterative-deepening", Artificial Intelligence 27, 1985).
//!
//! # Input
//!
//! Cases until the end of input. A case is a header line, `n` (an n×n board) or `rows cols`,
//! then rows·cols integers in row-major order, `0` the blank, separated by any whitespace
//! (CRLF is fine). Empty input is zero cases.
//!
//! # Output
//!
//! Per case, a line with the number of moves, or `-1` when the goal cannot be reached; then,
//! for a reachable goal, a line with the path (empty for a solved board). A letter `U D L R`
//! names the direction the *blank* moves. `ida` prints the canonical path: the
//! lexicographically smallest optimal path under `D < L < R < U`. `astar` and `bfs` print an
//! optimal path, rebuilt from their level maps, which is not always the canonical one; `dfs`
//! prints some path of at most K moves; `any` prints a valid path, not always a shortest one
//! (on boards of 10 to 32 cells at most 1.3 to 2.5 times as long, plus one; see
//! `search::plan::Plan::solve_near`).
//!
//! # Options
//!
//! `--algo ida|astar|bfs|dfs|any` (default `ida`), `--bound K` (needed by `dfs`),
//! `--map hash|btree` (the level map of `astar` and `bfs`), `--goal standard|blank-first|spiral|"t t …"`,
//! `--stats` (per case on stderr: search, bound, nodes generated, table and solve times),
//! `--max-nodes N`, `--time-limit SECONDS`, `--max-memory MIB` (the guard of `astar` and `bfs`,
//! and of `ida`'s tables, refused before they are built when their build would need more;
//! default 4096, which the 8-7 build of `--cache` needs); `any` needs no limit and ignores them;
//! the node and time limits count the search, not the build of `ida`'s tables. `--jobs N` (default 1, at most the machine's threads): N threads
//! solve N cases at once, the answers still in input order, the tables built once and shared;
//! when the input has fewer cases than threads, the threads left share the search of each board
//! (`ida`), with the same canonical path. `--cache DIR`: `ida`'s tables are kept in files in
//! DIR (made if missing), read when they are there and match to the last byte, else built and
//! written; on the 4×4 this brings 8-7 tables, 577 MB, about 4 minutes on one thread (2.3 on
//! two) and 3.5 GB to build once, then read in ≈0.5 s (a table that cannot be written is used
//! all the same, with a warning on stderr). Exit codes: 0 ok, 1 bad input (or a thread that
//! cannot start), 2 bad usage, 3 a limit reached; `--help` prints the usage and this header in
//! short (input, options, output, exit codes, an example). When stderr is a terminal, a search
//! or table build of more than a second shows a status line there (stage, bound, nodes, nodes
//! per second, time), cleared when the case is answered; judges, pipes and tests see nothing of
//! it.
//!
//! # Notation and limits
//!
//! A board of N = rows·cols cells has N!/2 reachable configurations for rows, cols ≥ 2
//! (360 for 2×3; 181,440 for 3×3; ≈1.05e13 for 4×4). Reachability is decided by parity
//! before any search, in O(N). The optimal searches (`ida`, `astar`, `bfs`, `dfs`) take boards
//! of at most 256 cells; `any` takes every board the input can hold.
//!
//! # Complexity
//!
//! `ida`: O(b^d) nodes for d moves and an effective branching factor b < 3 that shrinks as the
//! lower bound gets stronger; memory O(d). The bound is a parameter
//! (`search::bound::LowerBound`): Manhattan distance plus linear conflicts, the walking
//! distance, or additive pattern databases (`search::pdb`) built by the program for the goal,
//! chosen per board size and goal by `search::plan::Plan` (3×3 standard goal: the walking
//! distance; 3×3 with the goal's blank in the centre: 3-2-3 tables, 576 bytes built in
//! ≈0.1 ms; 4×4: 4-4-4-3 tables (134 KB by rank, ≈19 ms) for inputs of few cases, then 5-5-5
//! (1.5 MB by rank; 12 MiB spread with the blank's regions, `search::pdb::Regions`) built in
//! ≈0.28–0.39 s, then 6-6-3 (11.5 MB, 32 MiB), then for the hardest boards 7-7-1 (115 MB,
//! kept by rank); Korf's 100 in ≈1.1–1.9 s, the tables included, ≈0.43 M nodes generated each
//! on average, 0.18 to 0.27 times slidy's time beside it on one thread; with `--cache`, 8-7
//! tables: ≈37,000 nodes each, all 100 in ≈1.1 s; 5×5: 4-tile tables, then Korf & Felner's
//! 6-6-6-6, 488 MB, about a minute a table to build on two threads, their easiest instances in
//! seconds to a minute or two). Tables of a byte an entry keep, beside a placement's least
//! moves, whether the blank in a pocket of the group's tiles, or out of one, costs 2 more
//! (`search::pdb::Pockets`: on the 5×5 0.43 to 0.90 times the nodes without).
//! `astar` and `bfs`: time and memory O(states reached). `dfs --bound K`: O(3^K) time, O(K)
//! memory. `any`: on boards of 10 to 32 cells, weighted IDA* over small tables (Korf's 100 at
//! 1.05 times the least moves in ≈0.6 s, Korf & Felner's 50 at 1.29 in ≈7 s); elsewhere,
//! or when that gives up, O(N·(rows+cols)) moves, about 2.93 times the Manhattan distance on
//! large random boards, in O(moves) time (measured 2026-12-01: 100×100 2.93 times in ≈0.03 s,
//! 1000×1000 2.95 times in ≈26 s and 0.52 GB, ≈28 s writing its letters to a file, with
//! nothing else running); memory O(N) and 2 bits a move (past 3·2^30 moves, O(N) and the
//! board solved twice).
//!
//! # Map of the file
//!
//! In reading order (`search::bound`'s walking distance keeps its states in a `search::state` map).
//!
//! - `board`: moves, shapes, paths, the Manhattan distance.
//! - `error`: every error, its message and its exit code.
//! - `parse`: cases and `--goal` boards from text.
//! - `goal`: the goals; reachability by parity.
//! - `search`: a puzzle prepared for search; the budget a case's threads share and each
//!   thread's meter; where notes go.
//!   - `search::bound`: lower bounds (Manhattan, linear conflicts, walking distance).
//!   - `search::weighted`: a bound times a weight, for `any`'s weighted IDA*.
//!   - `search::pdb`: pattern databases: `placement` (ranks), `build` (breadth-first tables on
//!     any number of threads), `cache` (files), `additive` (a partition's look-up, symmetries,
//!     reflection; `Fixed`, the look-up with its layout fixed at compile time, which the
//!     search uses).
//!   - `search::prune`: the finite-state machine of duplicate move sequences that IDA* skips.
//!   - `search::ida`: IDA* with the canonical path, on one thread or shared by several.
//!   - `search::plan`: the policy of `ida` (the bounds and tables tried per shape and goal)
//!     and of `any`'s weighted search.
//!   - `search::state`, `search::stored`: packed boards, level maps; `astar`, `bfs`, `dfs`.
//! - `any`: fast, not optimal paths for boards of any size.
//! - `cli`: flags, the log (notes, `--stats`, the status line), the per-case solver, threads,
//!   `run`.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

pub mod board;

pub mod error;

pub mod parse;

pub mod goal;

pub mod search;

pub mod any;

pub mod cli;

use cli::{help, parse_args, run, Command, Terminals, USAGE, VERSION};
use error::Error;

/// Reads the cases of FILE or stdin, writes the answers to stdout, maps errors to exit
/// codes (1 input, 2 usage, 3 limit).
fn main() -> ExitCode {
    // An argument that is not UTF-8 is read lossily, to be refused as unknown or bad.
    let args = std::env::args_os().skip(1);
    let command = parse_args(args.map(|arg| arg.to_string_lossy().into_owned()));
    let config = match command {
        Ok(Command::Help) => {
            println!("{}", help());
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("fifteen {VERSION}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Solve(config)) => config,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(e.exit_code());
        }
    };
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr().is_terminal();
    let result = match &config.file {
        Some(file) => match std::fs::read(file) {
            Ok(bytes) => {
                let terminals = Terminals {
                    stdin: false,
                    stderr,
                };
                run(
                    &config,
                    &bytes[..],
                    &mut output,
                    &mut io::stderr(),
                    terminals,
                )
            }
            Err(e) => Err(Error::CannotRead {
                file: file.clone(),
                message: e.to_string(),
            }),
        },
        None => {
            let terminals = Terminals {
                stdin: io::stdin().is_terminal(),
                stderr,
            };
            let stdin = io::stdin().lock();
            run(&config, stdin, &mut output, &mut io::stderr(), terminals)
        }
    };
    let flushed = output.flush();
    match result.and(flushed.map_err(|e| Error::Io(e.to_string()))) {
        Ok(()) => ExitCode::SUCCESS,
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
    fn spiral_goals() {
        let three = board::Shape { rows: 3, cols: 3 };
        assert_eq!(goal::spiral(three), [1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let four = board::Shape { rows: 4, cols: 4 };
        assert_eq!(
            goal::spiral(four),
            [1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7]
        );
        assert_eq!(
            goal::spiral(board::Shape { rows: 2, cols: 3 }),
            [1, 2, 3, 0, 5, 4]
        );
        assert_eq!(
            goal::spiral(board::Shape { rows: 3, cols: 4 }),
            [1, 2, 3, 4, 10, 11, 0, 5, 9, 8, 7, 6]
        );
        assert_eq!(goal::spiral(board::Shape { rows: 3, cols: 1 }), [1, 2, 0]);
        for rows in 1..10 {
            for cols in 1..10 {
                let mut tiles = goal::spiral(board::Shape { rows, cols });
                tiles.sort_unstable();
                assert!(tiles.iter().copied().eq(0..(rows * cols) as u32));
            }
        }
        assert_eq!(goal::spiral(board::Shape { rows: 1, cols: 1 }), [0]);
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
