//! What the command line chooses ([`Config`]) and asks for ([`Command`]), and what the flags
//! have chosen while they are read ([`Chosen`]), checked together once all are read. The
//! flags themselves, each with what it sets, are `flags`'.

use super::super::board::{Lettering, Shape};
use super::super::check::testlib::Files;
use super::super::error::UsageError;
use super::super::formats::{Input, Output};
use super::super::notation::{Metric, Notation};
use super::super::random::Draws;
use super::super::solve::{Algorithm, Settings, Stored};
use super::super::units::{Mode, Request};
use std::path::PathBuf;
use std::str::FromStr;

/// The version `--version` prints. Cargo.toml's (a test ties the two), written out because a
/// judge builds the generated file alone, with no Cargo to tell it.
pub(crate) const VERSION: &str = "0.1.0";

/// The most cells of a board `--random` draws (4096×4096): its boards are made in memory,
/// 4 bytes a cell.
const MOST_RANDOM_CELLS: usize = 1 << 24;

/// How `--show` shows the boards of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Show {
    /// Every frame as text, one after another: stdout is not a terminal.
    Frames,
    /// Each frame over the one before, at a pace a person can follow: stdout is a terminal.
    Play,
}

/// Everything the flags choose; its `Default` is what no flag at all chooses.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// What the solver is asked for: the search, the goal, the limits, the threads.
    pub(crate) solver: Settings,
    /// A `--stats` line a case on stderr.
    pub(crate) stats: bool,
    /// The file to read the cases from (`[FILE]`), else stdin.
    pub(crate) file: Option<String>,
    /// What the letters of the paths written and read name (`--letters`).
    pub(crate) letters: Lettering,
    /// The boards of each solution after its answer (`--show`).
    pub(crate) show: Option<Show>,
    /// The file of each solution's picture (`--svg`), numbered after the first case.
    pub(crate) svg: Option<PathBuf>,
    /// What `--units` and `--drive` ask for.
    pub(crate) units: Request,
    /// How the cases are written (`--input`, `--shape`).
    pub(crate) input: Input,
    /// What is printed of each answer (`--output`, `--unsolvable`).
    pub(crate) output: Output,
    /// How paths are written (`--notation`).
    pub(crate) notation: Notation,
}

impl Config {
    /// The flag that draws solutions, `--show` before `--svg`, if either is given.
    pub(crate) fn drawing(&self) -> Option<&'static str> {
        match (self.show, &self.svg) {
            (Some(_), _) => Some("--show"),
            (None, Some(_)) => Some("--svg"),
            (None, None) => None,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            solver: Settings::default(),
            stats: false,
            file: None,
            letters: Lettering::Blank,
            show: None,
            svg: None,
            units: Request::default(),
            input: Input::Header,
            output: Output::default(),
            notation: Notation::Letters,
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub(crate) enum Command {
    Help,
    Version,
    Solve(Config),
    /// `--random`: boards to print, of the shape and goal and in the input form of `config`.
    Random(Config, Draws),
    /// `--check`: the answers after the cases of `config.file` or stdin, or, with files,
    /// testlib's checker.
    Check(Config, Option<Files>),
}

/// The `--algo` names, before `--bound` is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Search {
    Ida,
    Astar,
    Bfs,
    Dfs,
    Any,
}

/// What `--random`, `--walk` and `--seed` ask for, each if given.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Drawing {
    pub(super) count: Option<u64>,
    pub(super) walk: Option<u64>,
    pub(super) seed: Option<u64>,
}

/// What the flags have chosen so far: the configuration, and what is decided once all the
/// flags are read: `--algo` with `--bound`, `--check` and the files, `--shape` and the
/// random boards, the mode of the units and `--engine-from`.
#[derive(Debug)]
pub(super) struct Chosen {
    pub(super) config: Config,
    pub(super) search: Search,
    pub(super) bound: Option<u64>,
    pub(super) check: bool,
    pub(super) files: Vec<String>,
    /// `--units` or `--drive`, whichever was given.
    pub(super) mode_flag: Option<&'static str>,
    pub(super) engine_from: Option<u64>,
    pub(super) shape: Option<Shape>,
    pub(super) drawing: Drawing,
    /// `--help` or `--version`, which end the reading at once.
    pub(super) asked: Option<Command>,
}

/// A flag's value as given on the command line, and the flag's name, for its parser.
#[derive(Clone, Copy)]
pub(super) struct Given<'a> {
    pub(super) flag: &'static str,
    pub(super) value: &'a str,
}

impl Given<'_> {
    /// The error of a value that is not `expected`.
    pub(super) fn bad(self, expected: &'static str) -> UsageError {
        UsageError::BadValue {
            flag: self.flag,
            value: self.value.to_string(),
            expected,
        }
    }

    /// The value of the choice whose name is the value given; `expected` names them.
    pub(super) fn pick<T: Clone>(
        self,
        choices: &[(&str, T)],
        expected: &'static str,
    ) -> Result<T, UsageError> {
        let chosen = choices.iter().find(|(name, _)| *name == self.value);
        chosen
            .map(|(_, value)| value.clone())
            .ok_or_else(|| self.bad(expected))
    }

    /// The value read as a `T` that `accepts`, else [`Given::bad`] with `expected`.
    pub(super) fn number<T: FromStr>(
        self,
        accepts: impl Fn(&T) -> bool,
        expected: &'static str,
    ) -> Result<T, UsageError> {
        let number = self.value.parse().ok().filter(accepts);
        number.ok_or_else(|| self.bad(expected))
    }

    /// The value as a path, which must not be empty (`expected`: what it names).
    pub(super) fn path(self, expected: &'static str) -> Result<PathBuf, UsageError> {
        match self.value {
            "" => Err(self.bad(expected)),
            value => Ok(PathBuf::from(value)),
        }
    }
}

/// Fails with `--flag applies only with NEEDS` when `given`.
fn needs(given: bool, flag: &'static str, needs: &'static str) -> Result<(), UsageError> {
    match given {
        true => Err(UsageError::Requires { flag, needs }),
        false => Ok(()),
    }
}

impl Chosen {
    /// Nothing chosen yet: the defaults.
    pub(super) fn new() -> Self {
        Chosen {
            config: Config::default(),
            search: Search::Ida,
            bound: None,
            check: false,
            files: Vec::new(),
            mode_flag: None,
            engine_from: None,
            shape: None,
            drawing: Drawing::default(),
            asked: None,
        }
    }

    /// The command of the flags chosen, all read, once they are checked together.
    pub(super) fn command(mut self) -> Result<Command, UsageError> {
        self.check_units()?;
        self.check_paths()?;
        self.check_metric()?;
        let draws = self.check_forms()?;
        self.config.solver.algorithm = self.algorithm()?;
        let Chosen {
            config,
            check,
            files,
            ..
        } = self;
        if let Some(draws) = draws {
            return match (check, files.first()) {
                (true, _) => Err(UsageError::Together("--random", "--check")),
                (false, Some(file)) => Err(UsageError::SecondFile(file.clone())),
                (false, None) => Ok(Command::Random(config, draws)),
            };
        }
        if check {
            return checked(config, files);
        }
        if let Some(second) = files.get(1) {
            return Err(UsageError::SecondFile(second.clone()));
        }
        let file = files.into_iter().next();
        Ok(Command::Solve(Config { file, ..config }))
    }

    /// The search of `--algo` with `--bound`, which goes with `dfs` alone.
    fn algorithm(&self) -> Result<Algorithm, UsageError> {
        Ok(match (self.search, self.bound) {
            (Search::Dfs, Some(k)) => Algorithm::Stored(Stored::Dfs(k)),
            (Search::Dfs, None) => return Err(UsageError::DfsWithoutBound),
            (_, Some(k)) => return Err(UsageError::BoundWithoutDfs(k)),
            (Search::Ida, None) => Algorithm::Ida,
            (Search::Astar, None) => Algorithm::Stored(Stored::Astar),
            (Search::Bfs, None) => Algorithm::Stored(Stored::Bfs),
            (Search::Any, None) => Algorithm::Any,
        })
    }

    /// Checks that `--all-paths` or `--count-paths` goes with `ida` and the answers' own
    /// lines: no other search, `--output` form, drawing or units.
    fn check_paths(&self) -> Result<(), UsageError> {
        let Some(paths) = self.config.solver.paths else {
            return Ok(());
        };
        let flag = paths.flag();
        needs(self.search != Search::Ida, flag, "--algo ida")?;
        let other = match self.config.output != Output::default() {
            true => Some("--output or --unsolvable"),
            false => self.config.drawing().or(self.mode_flag),
        };
        match other {
            Some(other) => Err(UsageError::Together(flag, other)),
            None => Ok(()),
        }
    }

    /// Checks that `--metric mtm` goes with `ida` on one process: no `--check` (its
    /// verdicts count single tiles), no `--units` or `--drive`.
    fn check_metric(&self) -> Result<(), UsageError> {
        if self.config.solver.metric == Metric::Single {
            return Ok(());
        }
        let flag = "--metric mtm";
        needs(self.search != Search::Ida, flag, "--algo ida")?;
        match (self.check, self.mode_flag) {
            (true, _) => Err(UsageError::Together(flag, "--check")),
            (false, Some(mode)) => Err(UsageError::Together(flag, mode)),
            (false, None) => Ok(()),
        }
    }

    /// Checks that `--shape` goes with `--random` or an `--input` form that has no header,
    /// and sets it there; refuses such a form, and `--random`, with `--units` or `--drive`,
    /// which read headers, and `--walk` and `--seed` without `--random`. What `--random`
    /// asks for, if it is given.
    fn check_forms(&mut self) -> Result<Option<Draws>, UsageError> {
        let Drawing { count, walk, seed } = self.drawing;
        needs(walk.is_some() && count.is_none(), "--walk", "--random")?;
        needs(seed.is_some() && count.is_none(), "--seed", "--random")?;
        let input = &mut self.config.input;
        if let Input::Bare(shape) | Input::Counted(shape) = input {
            *shape = self.shape.unwrap_or(*shape);
        } else if self.shape.is_some() && count.is_none() {
            let needed = "--input bare or counted, or --random";
            needs(true, "--shape", needed)?;
        }
        let given = (count.map(|_| "--random")).or((*input != Input::Header).then_some("--input"));
        if let (Some(flag), Some(units)) = (given, self.mode_flag) {
            return Err(UsageError::Together(flag, units));
        }
        let shape = self.shape.unwrap_or(Shape { rows: 4, cols: 4 });
        if count.is_some() && shape.cells() > MOST_RANDOM_CELLS {
            return Err(UsageError::BadValue {
                flag: "--shape",
                value: format!("{}x{}", shape.rows, shape.cols),
                expected: "at most 16777216 cells with --random",
            });
        }
        Ok(count.map(|count| Draws {
            shape,
            count,
            walk,
            seed: seed.unwrap_or(1),
        }))
    }

    /// Checks that the flags of `--units` and `--drive` go together, and sets
    /// `--engine-from`.
    fn check_units(&mut self) -> Result<(), UsageError> {
        let drawing = self.config.drawing();
        let units = &mut self.config.units;
        let (mode, split) = (units.mode.as_ref(), units.mode == Some(Mode::Split));
        let drive = matches!(mode, Some(Mode::Drive(_)));
        if let Some(flag) = self.mode_flag {
            needs(self.search != Search::Ida, flag, "--algo ida")?;
            // Only merge and drive print answers to draw.
            let answers = drive || mode == Some(&Mode::Merge);
            match (self.check, drawing) {
                (true, _) => return Err(UsageError::Together("--check", flag)),
                (false, Some(drawing)) if !answers => {
                    return Err(UsageError::Together(flag, drawing))
                }
                _ => {}
            }
        }
        let threshold = units.threshold.is_some() && !split;
        needs(threshold, "--threshold", "--units split")?;
        let cuts = "--units split or --drive";
        needs(units.depth.is_some() && !split && !drive, "--depth", cuts)?;
        needs(units.engine.is_some() && !drive, "--engine", "--drive")?;
        let from = self.engine_from;
        needs(
            from.is_some() && units.engine.is_none(),
            "--engine-from",
            "--engine",
        )?;
        units.engine_from = from.or(units.engine_from);
        Ok(())
    }
}

/// The command of `--check` with `config` and the files named: the usual form with one
/// file at most, testlib's checker with two to four; refused with a flag it cannot honour.
fn checked(mut config: Config, files: Vec<String>) -> Result<Command, UsageError> {
    let optimal = "it needs the least number of moves: --algo ida, astar or bfs";
    let refused = match config.solver.algorithm {
        Algorithm::Stored(Stored::Dfs(_)) => Some(("--algo dfs", optimal)),
        Algorithm::Any => Some(("--algo any", optimal)),
        _ if config.stats => Some(("--stats", "it prints verdicts, not searches")),
        _ if config.input != Input::Header => {
            Some(("--input", "it reads each case with its header"))
        }
        _ if config.output != Output::default() => Some((
            "--output or --unsolvable",
            "it prints verdicts, not answers",
        )),
        _ if config.solver.paths.is_some() => {
            (config.solver.paths).map(|paths| (paths.flag(), "it prints verdicts, not paths"))
        }
        _ => config
            .drawing()
            .map(|flag| (flag, "it prints verdicts, not solutions")),
    };
    if let Some((flag, why)) = refused {
        return Err(UsageError::NotWithCheck { flag, why });
    }
    let mut files = files.into_iter();
    match (files.next(), files.next(), files.next(), files.next()) {
        (Some(input), Some(output), answer, report) => {
            let testlib = Files {
                input,
                output,
                answer,
                report,
            };
            Ok(Command::Check(config, Some(testlib)))
        }
        (input, _, _, _) => {
            config.file = input;
            Ok(Command::Check(config, None))
        }
    }
}
