//! Solves the rows×cols sliding-tile puzzle of Montresor, *Algoritmi e Strutture Dati*, §19.5
//! (seed 003, <https://algoritmicamente.it/materiali/libro/capitoli/cap19.pdf>), of Aizu
//! ALDS1_13_C, SPOJ AL_10_06, UVa 10181 and Luogu P1379, and Korf's 100 boards.
//!
//! Input: cases until the end of input, each a line `n` (n×n) or `rows cols`, then the tiles
//! row-major, `0` the blank; or a judge's form (`formats`). Output per case: the number of moves
//! (`-1`: unreachable), then the blank's moves `U D L R`, the first optimal path in the order
//! `D < L < R < U`. Exit codes: 0 done, 1 bad input, 2 bad usage, 3 a search limit or over
//! 256 cells. IDA*: O(b^d) nodes for d moves, b < 3; memory O(d) beside its tables.
//!
//! The judge edition (feature `judge`, `judge.rs`: the same answers on one thread, no files
//! or options) is written by `cargo test --test judge` to `target/judge/fifteen-judge.rs`,
//! without the `#[cfg(not(feature = "judge"))]` items: edit the tree, not that file.
//!
//! # Map
//!
//! The modules are declared below in reading order (each file opens with a line on what it
//! holds, repeated here for those the judge edition leaves out); each uses only those
//! declared before it (a test checks every `use`), and so does each file within a folder,
//! in the order its `mod.rs` declares them. The judge edition keeps `board` to `parse`,
//! `search` and `judge`.

#![forbid(unsafe_code)]

pub mod board;

pub mod error;

pub mod formats;

pub mod goal;

pub mod parse;

/// Paths as runs (`R3 D2 L`, slidy's `R3D2L`), written and read; the metrics, and a path's
/// length in each.
#[cfg(not(feature = "judge"))]
pub mod notation;

/// The optimal searches (its map in `search/mod.rs`).
pub mod search;

/// The run's stderr: notes, `--stats` lines, the status line.
#[cfg(not(feature = "judge"))]
pub mod log;

#[cfg(feature = "judge")]
pub mod judge;

/// Fast, not optimal paths for boards of any size (its map in `any/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod any;

/// Boards drawn at random from a seed (`--random`), uniform among those that reach the goal
/// or a walk from it, written in an input form.
#[cfg(not(feature = "judge"))]
pub mod random;

/// Seeing a solution: the path replayed into frames and their text, the frames played in
/// place on a terminal, the SVG picture (its map in `show/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod show;

/// The per-case solver, which the units, `--check` and the command line share (its map in
/// `solve/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod solve;

/// `ida`'s iterations cut into units of text for other processes and machines, their
/// results merged, and the driver of a search kept in a work directory (`--units`,
/// `--drive`; the format and its map in `units/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod units;

/// `--check`: answers read, replayed and set against the least number of moves the solver
/// finds; testlib's checker (its map in `check/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod check;

/// The command line: the flags, what they choose, the answers written, the threads and the
/// run (its map in `cli/mod.rs`).
#[cfg(not(feature = "judge"))]
pub mod cli;

use std::process::ExitCode;

/// The judge edition's `main`: see [`judge::main`].
#[cfg(feature = "judge")]
fn main() -> ExitCode {
    judge::main()
}

/// The full program's `main`: see [`cli::main`].
#[cfg(not(feature = "judge"))]
fn main() -> ExitCode {
    cli::main()
}
