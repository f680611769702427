//! The command line and the run: flags, the log, the per-case solver, threads, `run`.
//!
//! In reading order:
//!
//! - `args`: the table of flags, the usage and the help written from it, `Config`,
//!   `--check`'s files and `parse_args`. Uses the goals and `--goal`'s board reader.
//! - `solve`: `Solver`, one case with the configured search, its `Answer` and
//!   `Stats`. Uses the plan of `ida`, the stored searches and `any`.
//! - `log`: the run's stderr (notes, `--stats`, the status line) and what a case prints:
//!   the answer lines in the letters of `--letters`, `--show`'s frames, `--svg`'s
//!   picture. Uses `solve`'s answers and `show`.
//! - `schedule`: [`run`]: input read whole or as typed, `--jobs` threads, answers in input
//!   order. Uses `solve` and `log`.

pub(crate) mod args;
pub(crate) mod log;
pub(crate) mod schedule;
pub(crate) mod solve;

pub(crate) use args::{help, parse_args, Command, USAGE, VERSION};
pub(crate) use schedule::{run, Terminals};
