//! The command line and the run: flags, the log, the per-case solver, threads, `run`.
//!
//! In reading order:
//!
//! - `flags`: the table of flags in the groups of the help, the usage and the help
//!   written from it.
//! - `args`: what the flags choose, `Config`, `--check`'s files and `parse_args`, by
//!   `flags`' table. Uses the goals and `--goal`'s board reader.
//! - `solve`: `Solver`, one case with the configured search, its `Answer` and
//!   `Stats`. Uses the plan of `ida`, the stored searches and `any`.
//! - `log`: the run's stderr (notes, `--stats`, the status line) and what a case prints:
//!   the answer lines in the letters of `--letters`, `--show`'s frames, `--svg`'s
//!   picture. Uses `solve`'s answers and `show`.
//! - `schedule`: [`run`]: input read whole or as typed, `--jobs` threads, answers in input
//!   order. Uses `solve` and `log`.

pub(crate) mod args;
pub(crate) mod flags;
pub(crate) mod log;
pub(crate) mod schedule;
pub(crate) mod solve;

pub(crate) use args::{parse_args, Command, VERSION};
pub(crate) use flags::{help, USAGE};
pub(crate) use schedule::{run, Terminals};
