//! The command line read by `flags`' table: what the flags choose ([`Config`]), `--check`'s
//! files and [`parse_args`]. Uses the goals and `--goal`'s board reader; nothing here reads
//! input or solves.

use super::super::board::{Lettering, Shape};
use super::super::check::testlib::Files;
use super::super::error::UsageError;
use super::super::form::{Input, Lines, Output};
use super::super::goal::Goal;
use super::super::notation::{Metric, Notation};
use super::super::parse::goal_tiles;
use super::super::random::Draws;
use super::super::search::ida::MOST_MOVES;
use super::super::solve::{Algorithm, EveryPath, MapKind, Settings, Stored};
use super::super::units::{Mode, Request};
use super::flags::{Flag, Valued, FLAGS};
use std::path::PathBuf;
use std::time::Duration;

/// The version `--version` prints. Cargo.toml's (a test ties the two), written out because a
/// judge builds the generated file alone, with no Cargo to tell it.
pub(crate) const VERSION: &str = "0.1.0";

/// The most paths `--all-paths` lists: they are held until their case is answered.
const MOST_LISTED: u64 = 1 << 20;

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

/// Everything the flags choose.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// What the solver is asked for: the search, the goal, the limits, the threads.
    pub(crate) solver: Settings,
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
#[derive(Clone, Copy)]
enum Search {
    Ida,
    Astar,
    Bfs,
    Dfs,
    Any,
}

/// What the flags have chosen so far: the configuration, and `--algo`, `--bound`,
/// `--check` and the files, which are checked together at the end.
struct Chosen {
    config: Config,
    search: Search,
    bound: Option<u64>,
    check: bool,
    files: Vec<String>,
    /// `--units` or `--drive`, whichever was given.
    mode_flag: Option<&'static str>,
    /// `--engine-from`, if given.
    engine_from: Option<u64>,
    /// `--shape`, if given.
    shape: Option<Shape>,
    /// `--random`, `--walk` and `--seed`, if given.
    draws: (Option<u64>, Option<u64>, Option<u64>),
}

/// Reads the flags (`--flag value` or `--flag=value`) and the arguments not starting with
/// `-`: the file to read, or with `--check` up to four (`INPUT OUTPUT [ANSWER [REPORT]]`).
/// O(arguments).
pub(crate) fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, UsageError> {
    let args: Vec<String> = args.into_iter().collect();
    // Without `--check`, a second file is refused where it stands, before the flags after it.
    let may_check = args.iter().any(|arg| arg == "--check");
    let mut chosen = Chosen {
        config: Config::default(),
        search: Search::Ida,
        bound: None,
        check: false,
        files: Vec::new(),
        mode_flag: None,
        engine_from: None,
        shape: None,
        draws: (None, None, None),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (given, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let Some(spec) = FLAGS
            .iter()
            .find(|spec| spec.names.contains(&given.as_str()))
        else {
            if arg.starts_with('-') {
                return Err(UsageError::UnknownFlag(arg));
            }
            match chosen.files.len() {
                1 if !may_check => return Err(UsageError::SecondFile(arg)),
                4 => return Err(UsageError::FifthFile(arg)),
                _ => chosen.files.push(arg),
            }
            continue;
        };
        let name = spec.names[spec.names.len() - 1];
        match spec.flag {
            Flag::Help => return Ok(Command::Help),
            Flag::Version => return Ok(Command::Version),
            Flag::Stats => chosen.config.stats = true,
            Flag::Check => chosen.check = true,
            Flag::Show => chosen.config.show = Some(Show::Frames),
            Flag::Valued(valued) => {
                let value = inline
                    .or_else(|| args.next())
                    .ok_or(UsageError::MissingValue(name))?;
                chosen.take(valued, name, value)?;
            }
        }
    }
    chosen.check_units()?;
    chosen.check_paths()?;
    chosen.check_metric()?;
    let draws = chosen.check_forms()?;
    let Chosen {
        mut config,
        search,
        bound,
        check,
        files,
        ..
    } = chosen;
    config.solver.algorithm = match (search, bound) {
        (Search::Dfs, Some(k)) => Algorithm::Stored(Stored::Dfs(k)),
        (Search::Dfs, None) => return Err(UsageError::DfsWithoutBound),
        (Search::Ida | Search::Astar | Search::Bfs | Search::Any, Some(k)) => {
            return Err(UsageError::BoundWithoutDfs(k))
        }
        (Search::Ida, None) => Algorithm::Ida,
        (Search::Astar, None) => Algorithm::Stored(Stored::Astar),
        (Search::Bfs, None) => Algorithm::Stored(Stored::Bfs),
        (Search::Any, None) => Algorithm::Any,
    };
    if let Some(draws) = draws {
        return match (check, files.first()) {
            (true, _) => Err(UsageError::Together("--random", "--check")),
            (false, Some(file)) => Err(UsageError::SecondFile(file.clone())),
            (false, None) => Ok(Command::Random(config, draws)),
        };
    }
    if !check {
        if let Some(second) = files.get(1) {
            return Err(UsageError::SecondFile(second.clone()));
        }
        config.file = files.into_iter().next();
        return Ok(Command::Solve(config));
    }
    checked(config, files)
}

/// The command of `--check` with `config` and the files named.
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

impl Chosen {
    /// Checks that `--all-paths` or `--count-paths` goes with `ida` and the answers' own
    /// lines: no other search, `--output` form, drawing or units.
    fn check_paths(&self) -> Result<(), UsageError> {
        let Some(paths) = self.config.solver.paths else {
            return Ok(());
        };
        let flag = paths.flag();
        if !matches!(self.search, Search::Ida) {
            return Err(UsageError::Requires {
                flag,
                needs: "--algo ida",
            });
        }
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
        if !matches!(self.search, Search::Ida) {
            return Err(UsageError::Requires {
                flag,
                needs: "--algo ida",
            });
        }
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
        let fifteen = Shape { rows: 4, cols: 4 };
        let (count, walk, seed) = self.draws;
        let needs = |given: bool, flag| match given {
            true => Err(UsageError::Requires {
                flag,
                needs: "--random",
            }),
            false => Ok(()),
        };
        needs(walk.is_some() && count.is_none(), "--walk")?;
        needs(seed.is_some() && count.is_none(), "--seed")?;
        let input = &mut self.config.input;
        if let Input::Bare(shape) | Input::Counted(shape) = input {
            *shape = self.shape.unwrap_or(*shape);
        } else if self.shape.is_some() && count.is_none() {
            return Err(UsageError::Requires {
                flag: "--shape",
                needs: "--input bare or counted, or --random",
            });
        }
        let given = (count.map(|_| "--random")).or((*input != Input::Header).then_some("--input"));
        if let (Some(flag), Some(units)) = (given, self.mode_flag) {
            return Err(UsageError::Together(flag, units));
        }
        let shape = self.shape.unwrap_or(fifteen);
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
        let needs = |given: bool, flag, needs| match given {
            true => Err(UsageError::Requires { flag, needs }),
            false => Ok(()),
        };
        let (mode, split) = (units.mode.as_ref(), units.mode == Some(Mode::Split));
        let drive = matches!(mode, Some(Mode::Drive(_)));
        if let Some(flag) = self.mode_flag {
            needs(!matches!(self.search, Search::Ida), flag, "--algo ida")?;
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
        needs(
            units.threshold.is_some() && !split,
            "--threshold",
            "--units split",
        )?;
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

    /// Takes `value` for the flag `valued`, named `name` on the command line.
    fn take(
        &mut self,
        valued: Valued,
        name: &'static str,
        value: String,
    ) -> Result<(), UsageError> {
        let bad = |expected| UsageError::BadValue {
            flag: name,
            value: value.clone(),
            expected,
        };
        let positive = |expected| {
            value
                .parse()
                .ok()
                .filter(|&n: &usize| n > 0)
                .ok_or_else(|| bad(expected))
        };
        let config = &mut self.config;
        match valued {
            Valued::Algo => {
                self.search = match value.as_str() {
                    "ida" => Search::Ida,
                    "astar" => Search::Astar,
                    "bfs" => Search::Bfs,
                    "dfs" => Search::Dfs,
                    "any" => Search::Any,
                    _ => return Err(bad("ida, astar, bfs, dfs or any")),
                }
            }
            Valued::Bound => {
                self.bound = Some(value.parse().map_err(|_| bad("a number of moves"))?)
            }
            Valued::Map => {
                config.solver.map = match value.as_str() {
                    "hash" => MapKind::Hash,
                    "btree" => MapKind::BTree,
                    _ => return Err(bad("hash or btree")),
                }
            }
            Valued::Goal => {
                config.solver.goal = match value.as_str() {
                    "standard" => Goal::Standard,
                    "blank-first" => Goal::BlankFirst,
                    "spiral" => Goal::Spiral,
                    text => Goal::Explicit(goal_tiles(text).ok_or_else(|| {
                        bad("standard, blank-first, spiral or the tiles 0..N-1 of a board")
                    })?),
                }
            }
            Valued::Metric => {
                config.solver.metric = match value.as_str() {
                    "stm" => Metric::Single,
                    "mtm" => Metric::Multi,
                    _ => return Err(bad("stm or mtm")),
                }
            }
            Valued::Letters => {
                config.letters = match value.as_str() {
                    "blank" => Lettering::Blank,
                    "tile" => Lettering::Tile,
                    _ => return Err(bad("blank or tile")),
                }
            }
            Valued::MaxNodes => {
                config.solver.limits.max_nodes =
                    Some(value.parse().map_err(|_| bad("a number of nodes"))?)
            }
            Valued::TimeLimit => {
                let seconds: f64 = value
                    .parse()
                    .map_err(|_| bad("a positive number of seconds"))?;
                if !(seconds > 0.0 && seconds < 1e9) {
                    return Err(bad("a positive number of seconds"));
                }
                config.solver.limits.time_limit = Some(Duration::from_secs_f64(seconds));
            }
            Valued::MaxMemory => {
                config.solver.limits.max_memory_mib = positive("a positive number of MiB")?
            }
            Valued::Jobs => config.solver.jobs = positive("a positive number of threads")?,
            Valued::Cache if value.is_empty() => return Err(bad("a directory")),
            Valued::Cache => config.solver.cache = Some(PathBuf::from(&value)),
            Valued::Svg if value.is_empty() => return Err(bad("a file")),
            Valued::Svg => config.svg = Some(PathBuf::from(&value)),
            Valued::Units | Valued::Drive => {
                let mode = match (valued, value.as_str()) {
                    (Valued::Drive, "") => return Err(bad("a directory")),
                    (Valued::Drive, dir) => Mode::Drive(PathBuf::from(dir)),
                    (_, "split") => Mode::Split,
                    (_, "work") => Mode::Work,
                    (_, "merge") => Mode::Merge,
                    _ => return Err(bad("split, work or merge")),
                };
                if let Some(other) = self.mode_flag.replace(name).filter(|&o| o != name) {
                    return Err(UsageError::Together(other, name));
                }
                config.units.mode = Some(mode);
            }
            Valued::Threshold | Valued::Depth => {
                let moves = (value.parse::<u32>().ok())
                    .filter(|&moves| moves <= MOST_MOVES)
                    .ok_or_else(|| bad("a number of moves up to 1000"))?;
                match valued {
                    Valued::Threshold => config.units.threshold = Some(moves),
                    _ => config.units.depth = Some(moves),
                }
            }
            Valued::Engine if value.trim().is_empty() => return Err(bad("a shell command")),
            Valued::Engine => config.units.engine = Some(value),
            Valued::EngineFrom => {
                self.engine_from = Some(value.parse().map_err(|_| bad("a number of nodes"))?)
            }
            Valued::Input => {
                let fifteen = Shape { rows: 4, cols: 4 };
                config.input = match value.as_str() {
                    "header" => Input::Header,
                    "bare" => Input::Bare(fifteen),
                    "counted" => Input::Counted(fifteen),
                    _ => return Err(bad("header, bare or counted")),
                }
            }
            Valued::Shape => {
                let sides = match value.split_once('x') {
                    Some((rows, cols)) => (rows.parse::<usize>(), cols.parse()),
                    None => (value.parse::<usize>(), value.parse()),
                };
                self.shape = match sides {
                    (Ok(rows), Ok(cols)) if rows.checked_mul(cols).is_some_and(|n| n > 0) => {
                        Some(Shape { rows, cols })
                    }
                    _ => return Err(bad("RxC or N, positive: 4x4, 3")),
                };
            }
            Valued::Output => {
                config.output.lines = match value.as_str() {
                    "both" => Lines::Both,
                    "moves" => Lines::Moves,
                    "path" => Lines::Path,
                    _ => return Err(bad("both, moves or path")),
                }
            }
            Valued::Unsolvable if value.contains(['\n', '\r']) => {
                return Err(bad("one line of text"))
            }
            Valued::Unsolvable => config.output.unreachable = value.into(),
            Valued::Notation => {
                config.notation = match value.as_str() {
                    "letters" => Notation::Letters,
                    "runs" => Notation::Runs,
                    "runs-compact" => Notation::CompactRuns,
                    _ => return Err(bad("letters, runs or runs-compact")),
                }
            }
            Valued::AllPaths | Valued::CountPaths => {
                let list = matches!(valued, Valued::AllPaths);
                // The paths listed are held until the case is answered.
                let (most, expected) = match list {
                    true => (MOST_LISTED, "a number of paths from 1 to 1048576"),
                    false => (u64::MAX, "a positive number of paths"),
                };
                let limit = (value.parse::<u64>().ok())
                    .filter(|&n| n > 0 && n <= most)
                    .ok_or_else(|| bad(expected))?;
                let paths = EveryPath { limit, list };
                if let Some(other) = config
                    .solver
                    .paths
                    .replace(paths)
                    .filter(|o| o.list != list)
                {
                    return Err(UsageError::Together(other.flag(), paths.flag()));
                }
            }
            Valued::Random | Valued::Walk | Valued::Seed => {
                let number = value.parse().map_err(|_| bad("a whole number"))?;
                let (count, walk, seed) = &mut self.draws;
                *match valued {
                    Valued::Random => count,
                    Valued::Walk => walk,
                    _ => seed,
                } = Some(number);
            }
        }
        Ok(())
    }
}
