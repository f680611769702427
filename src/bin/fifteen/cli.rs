//! Flags, the per-case solver and the entry point that reads cases and prints answers.

use super::any::{self, Letters};
use super::board::{manhattan, path_text, Move, Shape};
use super::error::{Error, LimitHit};
use super::goal::{is_reachable, Goal};
use super::parse::{goal_tiles, Case, Cases};
use super::search::bound::{LowerBound, Manhattan};
use super::search::pdb::MAX_CELLS;
use super::search::plan::{Plan, Solved};
use super::search::state::{bits_per_cell, BTreeLevels, HashLevels, StateKey};
use super::search::{stored, Budget, Limits, Notes, Puzzle};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// The version `--version` prints. Cargo.toml's (a test ties the two), written out because a
/// judge builds the generated file alone, with no Cargo to tell it.
pub const VERSION: &str = "0.1.0";

/// The usage line printed by `--help` and after a usage error.
pub const USAGE: &str = "usage: fifteen [OPTIONS] [FILE]";

/// What `--help` prints after the usage line: the program's header in short.
pub const HELP: &str = "
Solves the n x n sliding-tile puzzle and its rectangular kin (Montresor 19.5, the
15-puzzle, Korf's 100): the least number of moves to the goal, and the moves.

Input: cases until end of input, from FILE or else from stdin. A case is a header
line, n (an n x n board) or \"rows cols\", then rows*cols integers, row-major, 0 the
blank. Piped input and files are read whole; at a terminal each case is answered
once its last tile is typed (Ctrl-D ends).

Options:
  FILE              read the cases from FILE instead of stdin
  --algo A          ida (default): optimal, the canonical path; astar, bfs: the
                    textbook searches, optimal; dfs: some path of at most --bound K
                    moves; any: fast, not optimal, for boards of any size
  --bound K         the most moves of dfs
  --map M           the level map of astar and bfs: hash (default) or btree
  --goal G          standard (default: 1 2 ... N-1 0), blank-first (0 1 ... N-1),
                    spiral, or \"t t t ...\" (a board of the case's size)
  --stats           per case on stderr: search, bound, nodes, table and solve times
  --max-nodes N     stop a search after N nodes (exit 3)
  --time-limit S    stop a search after S seconds (exit 3)
  --max-memory MIB  the memory astar and bfs, and ida's tables, may use
                    (default 4096; exit 3)
  --jobs N          threads (default 1): cases at once, or one board shared
  --cache DIR       keep ida's tables in files in DIR: on the 4x4, 8-7 tables
                    (577 MB, minutes to build once; the hardest boards in seconds)
  --version         print the name and version
  -h, --help        print this help

Output: per case, the number of moves (-1 when the goal cannot be reached), then,
for a reachable goal, the path in U D L R (the direction the blank moves; an empty
line for a solved board).

Exit codes: 0 done; 1 bad input (\"error: case N: ...\" on stderr, after the answers
to the cases before it) or a FILE that cannot be read; 2 bad usage; 3 a limit reached.

Examples:
  $ printf '3\\n2 8 3\\n1 0 4\\n7 6 5\\n' | fifteen --goal spiral
  4
  ULDR
  $ printf '2 3\\n1 2 3\\n0 4 5\\n' | fifteen
  2
  RR
  $ fifteen --algo any boards.txt        # fast, not optimal, any size
  $ fifteen --cache tables korf100.txt   # 8-7 tables kept in tables/, built once";

/// The search chosen by `--algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// IDA* with the strongest bound for the board (see [`Plan`]), the canonical path.
    Ida,
    /// One of the searches of seed 003 that store configurations.
    Stored(Stored),
    /// The fast, not optimal search for any size.
    Any,
}

/// The searches that store configurations, keyed by packed boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    Astar,
    Bfs,
    /// Depth-first within `--bound K` moves.
    Dfs(u64),
}

impl Algorithm {
    fn name(self) -> &'static str {
        match self {
            Algorithm::Ida => "ida",
            Algorithm::Stored(Stored::Astar) => "astar",
            Algorithm::Stored(Stored::Bfs) => "bfs",
            Algorithm::Stored(Stored::Dfs(_)) => "dfs",
            Algorithm::Any => "any",
        }
    }
}

/// The level map chosen by `--map`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKind {
    Hash,
    BTree,
}

/// Everything the flags choose.
#[derive(Clone, Debug)]
pub struct Config {
    pub algorithm: Algorithm,
    pub map: MapKind,
    pub goal: Goal,
    pub stats: bool,
    pub limits: Limits,
    /// The threads (`--jobs`), at least 1: they solve several cases at once, or share the
    /// search of one board when the input has fewer cases than threads.
    pub jobs: usize,
    /// The directory that keeps pattern databases between runs (`--cache`), where `ida`
    /// uses 8-7 tables on the 4×4.
    pub cache: Option<PathBuf>,
    /// The file to read the cases from (`[FILE]`), else stdin.
    pub file: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            algorithm: Algorithm::Ida,
            map: MapKind::Hash,
            goal: Goal::Standard,
            stats: false,
            limits: Limits {
                max_nodes: None,
                time_limit: None,
                max_memory_mib: 4096,
            },
            jobs: 1,
            cache: None,
            file: None,
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Help,
    Version,
    Solve(Config),
}

/// A flag of the command line.
#[derive(Clone, Copy)]
enum Flag {
    Help,
    Version,
    Stats,
    Algo,
    Bound,
    Map,
    Goal,
    MaxNodes,
    TimeLimit,
    MaxMemory,
    Jobs,
    Cache,
}

/// Every flag by name; all but `--help`, `--version` and `--stats` take a value.
const FLAGS: [(&str, Flag); 13] = [
    ("--help", Flag::Help),
    ("--version", Flag::Version),
    ("-h", Flag::Help),
    ("--stats", Flag::Stats),
    ("--algo", Flag::Algo),
    ("--bound", Flag::Bound),
    ("--map", Flag::Map),
    ("--goal", Flag::Goal),
    ("--max-nodes", Flag::MaxNodes),
    ("--time-limit", Flag::TimeLimit),
    ("--max-memory", Flag::MaxMemory),
    ("--jobs", Flag::Jobs),
    ("--cache", Flag::Cache),
];

/// Reads the flags (`--flag value` or `--flag=value`) and one argument not starting with
/// `-`, the file to read. O(arguments).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, Error> {
    let mut config = Config::default();
    let mut algorithm = "ida".to_string();
    let mut bound = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (given, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let Some(&(name, flag)) = FLAGS.iter().find(|(name, _)| *name == given) else {
            if arg.starts_with('-') {
                return Err(Error::UnknownFlag(arg));
            }
            if config.file.is_some() {
                return Err(Error::SecondFile(arg));
            }
            config.file = Some(arg);
            continue;
        };
        match flag {
            Flag::Help => return Ok(Command::Help),
            Flag::Version => return Ok(Command::Version),
            Flag::Stats => {
                config.stats = true;
                continue;
            }
            _ => {}
        }
        let value = inline
            .or_else(|| args.next())
            .ok_or(Error::MissingValue(name))?;
        let bad = |expected| Error::BadValue {
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
        match flag {
            Flag::Help | Flag::Version | Flag::Stats => {}
            Flag::Algo => {
                if !["ida", "astar", "bfs", "dfs", "any"].contains(&value.as_str()) {
                    return Err(bad("ida, astar, bfs, dfs or any"));
                }
                algorithm = value.clone();
            }
            Flag::Bound => bound = Some(value.parse().map_err(|_| bad("a number of moves"))?),
            Flag::Map => {
                config.map = match value.as_str() {
                    "hash" => MapKind::Hash,
                    "btree" => MapKind::BTree,
                    _ => return Err(bad("hash or btree")),
                }
            }
            Flag::Goal => {
                config.goal = match value.as_str() {
                    "standard" => Goal::Standard,
                    "blank-first" => Goal::BlankFirst,
                    "spiral" => Goal::Spiral,
                    text => Goal::Explicit(goal_tiles(text).ok_or_else(|| {
                        bad("standard, blank-first, spiral or the tiles 0..N-1 of a board")
                    })?),
                }
            }
            Flag::MaxNodes => {
                config.limits.max_nodes = Some(value.parse().map_err(|_| bad("a number of nodes"))?)
            }
            Flag::TimeLimit => {
                let seconds: f64 = value
                    .parse()
                    .map_err(|_| bad("a positive number of seconds"))?;
                if !(seconds > 0.0 && seconds < 1e9) {
                    return Err(bad("a positive number of seconds"));
                }
                config.limits.time_limit = Some(Duration::from_secs_f64(seconds));
            }
            Flag::MaxMemory => config.limits.max_memory_mib = positive("a positive number of MiB")?,
            Flag::Jobs => config.jobs = positive("a positive number of threads")?,
            Flag::Cache if value.is_empty() => return Err(bad("a directory")),
            Flag::Cache => config.cache = Some(PathBuf::from(&value)),
        }
    }
    config.algorithm = match (algorithm.as_str(), bound) {
        ("dfs", Some(k)) => Algorithm::Stored(Stored::Dfs(k)),
        ("dfs", None) => return Err(Error::DfsWithoutBound),
        (_, Some(k)) => return Err(Error::BoundWithoutDfs(k)),
        ("astar", None) => Algorithm::Stored(Stored::Astar),
        ("bfs", None) => Algorithm::Stored(Stored::Bfs),
        ("any", None) => Algorithm::Any,
        _ => Algorithm::Ida,
    };
    Ok(Command::Solve(config))
}

/// What `--stats` reports of one case.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// The `--algo` name.
    pub search: &'static str,
    /// The lower bound's name, or `none`; for `ida`, the bounds tried, in order.
    pub bound: String,
    /// Nodes generated (`ida`, `dfs`) or expanded (`astar`, `bfs`); for `any`, the cells
    /// visited by the blank's breadth-first searches.
    pub nodes: u64,
    /// Time to build the bound's tables.
    pub table: Duration,
    /// Time to search, tables excluded.
    pub solve: Duration,
    /// For `any`: the Manhattan distance of the board, to set beside the moves.
    pub manhattan: Option<usize>,
}

/// A path as an answer holds it.
#[derive(Clone, Debug)]
pub enum Path {
    /// Every move: the paths of the optimal searches, at most a few hundred moves.
    Moves(Vec<Move>),
    /// `any`'s path, two bits a move: 0.25 byte a move, up to [`any::KEPT`] moves.
    Packed(any::Packed),
    /// `any`'s path of `count` moves beyond [`any::KEPT`], held as its board and goal
    /// and made again as it is written ([`any::solve`] makes the same moves every time):
    /// O(N) memory, for twice the solving time.
    Replay {
        shape: Shape,
        cells: Vec<u32>,
        goal: Vec<u32>,
        variant: any::Variant,
        count: u64,
    },
}

impl Path {
    /// The number of moves.
    pub fn count(&self) -> u64 {
        match self {
            Path::Moves(moves) => moves.len() as u64,
            Path::Packed(packed) => packed.count(),
            Path::Replay { count, .. } => *count,
        }
    }

    /// Writes the letters of the path to `output`, no line end.
    pub fn write_letters<W: Write>(&self, output: &mut W) -> std::io::Result<()> {
        match self {
            Path::Moves(moves) => output.write_all(path_text(moves).as_bytes()),
            Path::Packed(packed) => packed.write_letters(output),
            Path::Replay {
                shape,
                cells,
                goal,
                variant,
                count,
            } => {
                let mut letters = Letters::new(&mut *output);
                let solved = any::solve(*shape, cells, goal, *variant, &mut letters);
                let written = letters.finish()?;
                match solved {
                    Ok(_) if written == *count => Ok(()),
                    _ => Err(std::io::Error::new(
                        std::io::ErrorKind::Other,
                        "any's path changed between its count and its letters",
                    )),
                }
            }
        }
    }
}

/// The answer to one case: a path, or `None` when the goal is not reached (by parity, or
/// by `dfs` within its bound).
#[derive(Clone, Debug)]
pub struct Answer {
    pub moves: Option<Path>,
    pub reachable: bool,
    pub stats: Stats,
}

/// The run's stderr, shared by its threads: `note:` and `warning:` lines, `--stats` lines
/// and, when it is a terminal, one status line rewritten in place, cleared before any
/// other line is written.
pub struct Log<'a> {
    out: Mutex<LogOut<'a>>,
    /// Whether a person is watching: stderr is a terminal.
    terminal: bool,
}

struct LogOut<'a> {
    writer: &'a mut (dyn Write + Send),
    /// Whether a status line is on the screen.
    status: bool,
}

impl<'a> Log<'a> {
    /// A log to `writer`; status lines and advice only when `terminal`.
    pub fn new(writer: &'a mut (dyn Write + Send), terminal: bool) -> Self {
        Log {
            out: Mutex::new(LogOut {
                writer,
                status: false,
            }),
            terminal,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LogOut<'a>> {
        self.out.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` and a newline, after clearing the status line.
    pub fn line(&self, text: &str) -> std::io::Result<()> {
        let mut out = self.lock();
        if std::mem::take(&mut out.status) {
            write!(out.writer, "\r\x1b[K")?;
        }
        writeln!(out.writer, "{text}")?;
        out.writer.flush()
    }

    /// Shows `text` as the status line, on a terminal only, cut to [`STATUS_WIDTH`]
    /// characters so that it never wraps (a wrapped line could not be rewritten).
    fn status(&self, text: &str) {
        if self.terminal {
            let text: String = text.chars().take(STATUS_WIDTH).collect();
            let mut out = self.lock();
            out.status = true;
            let _ = write!(out.writer, "\r{text}\x1b[K");
            let _ = out.writer.flush();
        }
    }

    /// Clears the status line, if one is shown.
    fn clear_status(&self) {
        let mut out = self.lock();
        if std::mem::take(&mut out.status) {
            let _ = write!(out.writer, "\r\x1b[K");
            let _ = out.writer.flush();
        }
    }
}

impl Notes for Log<'_> {
    fn note(&self, line: &str) {
        let _ = self.line(line);
    }

    fn advise(&self, line: &str) {
        if self.terminal {
            let _ = self.line(line);
        }
    }
}

/// The threads the machine runs at once (1 when it cannot tell).
fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Solves the cases of an input with one configuration, keeping the [`Plan`] of each shape
/// and goal met, and the budgets of the cases being solved for the status line.
pub struct Solver {
    config: Config,
    cases: usize,
    /// The threads that search one board.
    threads: usize,
    plans: Mutex<Vec<Arc<Plan>>>,
    /// The cases being solved, by number.
    live: Mutex<Vec<(usize, Arc<Budget>)>>,
    /// The number of the first case that failed: the later ones are called off.
    failed: AtomicUsize,
    /// Whether [`LONG_NOTE`] has been written.
    warned: AtomicBool,
}

/// The note of `ida` starting, with no limit, on a board it will likely not finish soon.
const LONG_NOTE: &str = "ida may search this board for hours; --algo any answers at once \
(not optimal), --time-limit SECONDS stops the search";

impl Solver {
    /// A solver for an input of `cases` cases, one board searched by `threads` threads,
    /// with no plan yet.
    pub fn new(config: Config, cases: usize, threads: usize) -> Self {
        Solver {
            config,
            cases,
            threads,
            plans: Mutex::new(Vec::new()),
            live: Mutex::new(Vec::new()),
            failed: AtomicUsize::new(usize::MAX),
            warned: AtomicBool::new(false),
        }
    }

    /// The plan for `shape` and `goal`, made on first use. O(plans · N).
    fn plan(&self, shape: Shape, goal: &[u8]) -> Arc<Plan> {
        let mut plans = self.plans.lock().unwrap_or_else(|e| e.into_inner());
        let known = plans
            .iter()
            .find(|p| p.puzzle.shape == shape && p.puzzle.goal == goal);
        if let Some(plan) = known {
            return Arc::clone(plan);
        }
        let puzzle = Puzzle::new(shape, goal.to_vec());
        let cache = self.config.cache.clone();
        let threads = (self.threads, self.config.jobs.min(machine_threads()));
        let plan = Arc::new(Plan::new(puzzle, self.cases, cache, threads));
        plans.push(Arc::clone(&plan));
        plan
    }

    /// `any`'s short path on a board of 10 to 32 cells by [`Plan::solve_near`], the plan
    /// the same as `ida`'s, and the nodes generated; `None` on other boards, or when that
    /// search gives up. No limit applies: `any` always answers.
    fn solve_near(
        &self,
        shape: Shape,
        cells: &[u32],
        goal: &[u32],
        notes: &dyn Notes,
    ) -> Option<(Solved, u64)> {
        if !(10..=MAX_CELLS).contains(&shape.cells()) {
            return None;
        }
        let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
        let budget = Budget::new(Limits {
            max_nodes: None,
            time_limit: None,
            max_memory_mib: usize::MAX,
        });
        let plan = self.plan(shape, &bytes(goal));
        let near = plan
            .solve_near(&bytes(cells), &budget, notes)
            .ok()
            .flatten()?;
        Some((near, budget.nodes()))
    }

    /// Whether `ida` will likely not finish soon on `shape`: 5×5 and larger boards, unless
    /// the 5×5 tables may be in `--cache`, with neither `--max-nodes` nor `--time-limit`.
    fn likely_long(&self, shape: Shape) -> bool {
        let config = &self.config;
        let five = shape.rows == 5 && shape.cols == 5;
        config.algorithm == Algorithm::Ida
            && shape.rows.min(shape.cols) >= 5
            && !(five && config.cache.is_some())
            && config.limits.max_nodes.is_none()
            && config.limits.time_limit.is_none()
    }

    /// The cases being solved, for the status line.
    fn live(&self) -> std::sync::MutexGuard<'_, Vec<(usize, Arc<Budget>)>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls off the searches of the cases after case number `case`.
    fn cancel_after(&self, case: usize) {
        self.failed.fetch_min(case, Ordering::Relaxed);
        for (_, budget) in self.live().iter().filter(|(number, _)| *number > case) {
            budget.stop(LimitHit::Cancelled);
        }
    }

    /// Solves one board for one goal with the configured search; `Err` carries the limit
    /// reached, or `TooLarge` for an optimal search on more than 256 cells. Notes on the
    /// tables go to `notes`.
    pub fn solve_case(
        &self,
        (shape, cells, goal): (Shape, &[u32], &[u32]),
        case: usize,
        notes: &dyn Notes,
    ) -> Result<Answer, Error> {
        let config = &self.config;
        let search = config.algorithm.name();
        let mut stats = Stats {
            search,
            bound: "none".into(),
            ..Stats::default()
        };
        let reachable = is_reachable(shape, cells, goal);
        if !reachable || cells == goal {
            let moves = reachable.then(|| Path::Moves(Vec::new()));
            return Ok(Answer {
                moves,
                reachable,
                stats,
            });
        }
        let started = Instant::now();
        if config.algorithm == Algorithm::Any {
            stats.manhattan = Some(manhattan(shape, cells, goal));
            if let Some((near, nodes)) = self.solve_near(shape, cells, goal, notes) {
                stats.nodes = nodes;
                stats.bound = near.bounds;
                stats.table = near.table;
                stats.solve = started.elapsed().saturating_sub(near.table);
                return Ok(Answer {
                    moves: near.moves.map(Path::Moves),
                    reachable,
                    stats,
                });
            }
            let stuck = |at| Error::Stuck { case, at };
            let variant = any::shortest(shape, cells, goal).map_err(stuck)?;
            let mut packed = any::Packed::new(any::KEPT);
            stats.nodes = any::solve(shape, cells, goal, variant, &mut packed).map_err(stuck)?;
            stats.solve = started.elapsed();
            let path = if packed.is_whole() {
                Path::Packed(packed)
            } else {
                Path::Replay {
                    shape,
                    cells: cells.to_vec(),
                    goal: goal.to_vec(),
                    variant,
                    count: packed.count(),
                }
            };
            return Ok(Answer {
                moves: Some(path),
                reachable,
                stats,
            });
        }
        if shape.cells() > 256 {
            return Err(Error::TooLarge {
                case,
                search,
                cells: shape.cells(),
            });
        }
        if self.likely_long(shape) && !self.warned.swap(true, Ordering::Relaxed) {
            notes.note(&format!("note: case {case}: {LONG_NOTE}"));
        }
        let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
        let start = bytes(cells);
        let budget = Arc::new(Budget::new(config.limits));
        self.live().push((case, Arc::clone(&budget)));
        if self.failed.load(Ordering::Relaxed) < case {
            budget.stop(LimitHit::Cancelled);
        }
        let result = match config.algorithm {
            Algorithm::Stored(stored) => {
                let puzzle = Puzzle::new(shape, bytes(goal));
                let bits = bits_per_cell(shape.cells()) as usize * shape.cells();
                let solve = if bits <= 64 {
                    solve_stored::<u64>
                } else if bits <= 128 {
                    solve_stored::<u128>
                } else {
                    solve_stored::<Box<[u8]>>
                };
                solve(stored, config.map, &puzzle, &start, &budget, &mut stats)
            }
            // `any` has returned above.
            Algorithm::Ida | Algorithm::Any => self
                .plan(shape, &bytes(goal))
                .solve(&start, &budget, notes)
                .map(|solved| {
                    stats.bound = solved.bounds;
                    stats.table = solved.table;
                    solved.moves
                }),
        };
        self.live().retain(|(number, _)| *number != case);
        stats.nodes = budget.nodes();
        stats.solve = started.elapsed().saturating_sub(stats.table);
        let moves = result.map_err(|hit| Error::Limit { case, hit })?;
        Ok(Answer {
            moves: moves.map(Path::Moves),
            reachable,
            stats,
        })
    }

    /// The answer to case number `number` for the configured goal.
    fn answer(&self, case: &Case, number: usize, notes: &dyn Notes) -> Result<Answer, Error> {
        let goal = self
            .config
            .goal
            .board(case.shape)
            .map_err(|goal| Error::GoalSize {
                case: number,
                goal,
                board: case.shape.cells(),
            })?;
        self.solve_case((case.shape, &case.cells, &goal), number, notes)
    }

    /// The status line of the earliest case solved for more than a second, if any.
    fn status(&self) -> Option<String> {
        let live = self.live();
        let (case, budget) = live
            .iter()
            .filter(|(_, budget)| budget.elapsed() > Duration::from_secs(1))
            .min_by_key(|(case, _)| *case)?;
        let (nodes, seconds) = (budget.nodes(), budget.elapsed().as_secs_f64());
        Some(format!(
            "case {case}: {}: {:.1} M nodes, {:.1} M nodes/s, {seconds:.0} s",
            budget.stage(),
            nodes as f64 / 1e6,
            nodes as f64 / 1e6 / seconds
        ))
    }
}

/// Runs a search that stores configurations, packed in `K`, over the map `map`.
fn solve_stored<K: StateKey>(
    search: Stored,
    map: MapKind,
    puzzle: &Puzzle,
    start: &[u8],
    budget: &Budget,
    stats: &mut Stats,
) -> Result<Option<Vec<Move>>, LimitHit> {
    match (search, map) {
        (Stored::Astar, _) => {
            let built = Instant::now();
            let bound = Manhattan::new(puzzle);
            stats.bound = bound.name();
            stats.table = built.elapsed();
            match map {
                MapKind::Hash => {
                    stored::astar::<K, _>(puzzle, &bound, start, HashLevels::default(), budget)
                }
                MapKind::BTree => {
                    stored::astar::<K, _>(puzzle, &bound, start, BTreeLevels::new(), budget)
                }
            }
        }
        (Stored::Bfs, MapKind::Hash) => {
            stored::bfs::<K, _>(puzzle, start, HashLevels::default(), budget)
        }
        (Stored::Bfs, MapKind::BTree) => {
            stored::bfs::<K, _>(puzzle, start, BTreeLevels::new(), budget)
        }
        (Stored::Dfs(max_moves), _) => stored::dfs::<K>(puzzle, start, max_moves, budget),
    }
}

/// Writes the answer to case number `number` to `output`, and its `--stats` line and `dfs`
/// note to `log`.
fn write_answer<W: Write>(
    config: &Config,
    number: usize,
    answer: &Answer,
    output: &mut W,
    log: &Log,
) -> std::io::Result<()> {
    match &answer.moves {
        Some(path) => {
            writeln!(output, "{}", path.count())?;
            path.write_letters(output)?;
            writeln!(output)?;
        }
        None => writeln!(output, "-1")?,
    }
    if let (Algorithm::Stored(Stored::Dfs(k)), None, true) =
        (config.algorithm, &answer.moves, answer.reachable)
    {
        log.line(&format!("note: case {number}: no path within --bound {k}"))?;
    }
    if config.stats {
        let s = &answer.stats;
        let mut line = format!(
            "case {number}: search {}, bound {}, nodes {}, table {:.6} s, solve {:.6} s",
            s.search,
            s.bound,
            s.nodes,
            s.table.as_secs_f64(),
            s.solve.as_secs_f64()
        );
        if let (Some(distance), Some(path)) = (s.manhattan, &answer.moves) {
            line += &format!(", moves {}, manhattan {distance}", path.count());
        }
        log.line(&line)?;
    }
    Ok(())
}

/// Whether stdin and stderr are terminals: a person typing cases, or watching.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminals {
    pub stdin: bool,
    pub stderr: bool,
}

/// Reads the cases of `input`, solves them, writes each answer to `output` in input order
/// as soon as it and those before it are known, and `--stats` lines and notes to `log`.
/// Piped input is read whole; typed input (stdin a terminal) is answered case by case, as
/// each case's last tile is read. When stderr is a terminal, a search or build of more
/// than a second shows a status line there. With `config.jobs` threads (never more than
/// the machine has): as many cases at once as there are threads, and the threads left
/// over (jobs / cases, when there are fewer cases) share the search of each board. Stops
/// at the first bad case or limit reached, after the answers to the cases before it,
/// calling off the searches of the cases after it.
pub fn run<R: BufRead, W: Write, L: Write + Send>(
    config: &Config,
    mut input: R,
    output: &mut W,
    log: &mut L,
    terminals: Terminals,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    let log = Log::new(log, terminals.stderr);
    let jobs = config.jobs.min(machine_threads());
    if terminals.stdin {
        let solver = Solver::new(config.clone(), 1, jobs);
        return with_status(&solver, &log, || {
            answer_as_typed(config, input, output, &solver, &log)
        });
    }
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(io)?;
    let mut cases = Vec::new();
    let mut bad_case = Ok(());
    for case in Cases::new(&bytes) {
        match case {
            Ok(case) => cases.push(case),
            Err(e) => bad_case = Err(e),
        }
    }
    let workers = jobs.min(cases.len()).max(1);
    let solver = Solver::new(config.clone(), cases.len(), jobs / workers);
    with_status(&solver, &log, || {
        solve_all(config, &cases, workers, &solver, (output, &log))
    })?;
    bad_case
}

/// The most characters of the status line: narrower than the narrowest usual terminal.
const STATUS_WIDTH: usize = 79;

/// How often the status line is rewritten.
const STATUS_EVERY: Duration = Duration::from_millis(250);

/// Runs `work`, with a thread that keeps the status line of `solver`'s cases on `log`
/// when `log` goes to a terminal.
fn with_status<T>(solver: &Solver, log: &Log, work: impl FnOnce() -> T) -> T {
    if !log.terminal {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        // The status line is a comfort: without its thread, none is shown.
        let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(STATUS_EVERY) {
                match solver.status() {
                    Some(text) => log.status(&text),
                    None => log.clear_status(),
                }
            }
            log.clear_status();
        });
        let result = work();
        drop(done);
        result
    })
}

/// Answers the cases of typed `input` one by one: after each line, the cases completed
/// so far are answered and the answers flushed. O(L) a line for an input of L bytes so
/// far.
fn answer_as_typed<R: BufRead, W: Write>(
    config: &Config,
    mut input: R,
    output: &mut W,
    solver: &Solver,
    log: &Log,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    let (mut typed, mut answered) = (Vec::new(), 0);
    loop {
        let at_end = input.read_until(b'\n', &mut typed).map_err(io)? == 0;
        for (index, case) in Cases::new(&typed).enumerate().skip(answered) {
            let case = match case {
                Ok(case) => case,
                Err(Error::ShortCase { .. }) if !at_end => break,
                Err(e) => return Err(e),
            };
            let answer = solver.answer(&case, index + 1, log)?;
            write_answer(config, index + 1, &answer, output, log).map_err(io)?;
            output.flush().map_err(io)?;
            answered += 1;
        }
        if at_end {
            return Ok(());
        }
    }
}

/// Solves `cases` on `workers` threads (this one alone when 1: a judge times the whole
/// process), each taking the next case not taken, and writes the answers in input order.
fn solve_all<W: Write>(
    config: &Config,
    cases: &[Case],
    workers: usize,
    solver: &Solver,
    (output, log): (&mut W, &Log),
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    if workers == 1 {
        for (index, case) in cases.iter().enumerate() {
            let answer = solver.answer(case, index + 1, log)?;
            write_answer(config, index + 1, &answer, output, log).map_err(io)?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let (sender, answers) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (sender, next) = (sender.clone(), &next);
            let work = move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(index) else {
                    return;
                };
                let answer = solver.answer(case, index + 1, log);
                if answer.is_err() {
                    // No case after this one is taken or finished.
                    next.fetch_max(cases.len(), Ordering::Relaxed);
                    solver.cancel_after(index + 1);
                }
                if sender.send((index, answer)).is_err() {
                    return;
                }
            };
            if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, work) {
                next.fetch_max(cases.len(), Ordering::Relaxed);
                solver.cancel_after(0);
                return Err(Error::Thread(e.to_string()));
            }
        }
        drop(sender);
        let mut ready: Vec<Option<Result<Answer, Error>>> = Vec::new();
        ready.resize_with(cases.len(), || None);
        let mut written = 0;
        for (index, answer) in answers {
            ready[index] = Some(answer);
            while let Some(answer) = ready.get_mut(written).and_then(Option::take) {
                written += 1;
                // (The worker of a failed case has called off the later ones.)
                write_answer(config, written, &answer?, output, log).map_err(io)?;
            }
        }
        Ok(())
    })
}
