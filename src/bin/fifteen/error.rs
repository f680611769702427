//! The errors of this program, by kind, each with its message and exit code.

use std::fmt;

/// Where a token is in the input: its line and column, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// What is wrong with one case of the input; [`Error::Input`] names the case.
#[derive(Debug, PartialEq)]
pub enum InputError {
    /// Returned when a case header is not `n` or `rows cols`.
    BadHeader { at: Place, text: String },
    /// Returned when a header describes a board with no cells.
    EmptyBoard { at: Place, rows: u64, cols: u64 },
    /// Returned when a tile token is not a non-negative integer.
    NotATile { at: Place, token: String },
    /// Returned when a tile is not below the number of cells.
    TileOutOfRange { at: Place, tile: u64, cells: usize },
    /// Returned when a tile appears twice on a board.
    RepeatedTile { at: Place, tile: u64 },
    /// Returned when a token follows a case's last tile on the same line.
    ExtraTile {
        at: Place,
        token: String,
        tiles: usize,
    },
    /// Returned when the input ends before a board is complete.
    ShortCase { expected: u128, found: usize },
    /// Returned when the goal board has another number of cells than the case.
    #[cfg(not(feature = "judge"))]
    GoalSize { goal: usize, board: usize },
    /// Returned when the input ends where `--check` expects the answer to a case.
    #[cfg(not(feature = "judge"))]
    NoAnswer,
    /// Returned when the input ends after a count of moves, before the path.
    #[cfg(not(feature = "judge"))]
    NoPath { count: u64 },
    /// Returned when `--check` finds a token that cannot stand where it is in an answer;
    /// `expected` says what would.
    #[cfg(not(feature = "judge"))]
    BadAnswer {
        at: Place,
        token: String,
        expected: String,
    },
}

/// A mistake on the command line (exit 2).
#[cfg(not(feature = "judge"))]
#[derive(Debug, PartialEq)]
pub enum UsageError {
    /// Returned when an argument is not a known flag.
    UnknownFlag(String),
    /// Returned when a second file is named: one at most is read.
    SecondFile(String),
    /// Returned when a fifth file is named with `--check`: INPUT, OUTPUT, ANSWER and REPORT
    /// at most.
    FifthFile(String),
    /// Returned when a flag that needs a value is the last argument.
    MissingValue(&'static str),
    /// Returned when a flag's value cannot be read; `expected` says what would do.
    BadValue {
        flag: &'static str,
        value: String,
        expected: &'static str,
    },
    /// Returned when `--check` is given with a flag it cannot honour; `why` says why.
    NotWithCheck {
        flag: &'static str,
        why: &'static str,
    },
    /// Returned when `--algo dfs` is given without `--bound K`.
    DfsWithoutBound,
    /// Returned when `--bound K` is given with a search other than `dfs`.
    BoundWithoutDfs(u64),
    /// Returned when a flag is given without the one it works with (`needs`).
    Requires {
        flag: &'static str,
        needs: &'static str,
    },
    /// Returned when two flags that exclude each other are given.
    Together(&'static str, &'static str),
    /// Returned when `--random` is asked for boards of `rows`×`cols` under a `--goal` board
    /// of another number of cells (`goal`).
    GoalShape {
        goal: usize,
        rows: usize,
        cols: usize,
    },
}

/// A search limit that stopped a search, with the count reached.
#[cfg(not(feature = "judge"))]
#[derive(Clone, Debug, PartialEq)]
pub enum LimitHit {
    /// Returned when a search has generated more nodes than `--max-nodes` allows.
    Nodes { limit: u64 },
    /// Returned when a search has run longer than `--time-limit` allows.
    Time { seconds: f64, nodes: u64 },
    /// Returned when the level map and queue of `astar` or `bfs` outgrow `--max-memory`.
    Memory { mib: usize, states: usize },
    /// Returned, before anything is allocated, when `ida`'s first tables would need more
    /// than `--max-memory` to build and keep.
    Tables { mib: usize, need_mib: usize },
    /// Returned when the search of a case is called off because an earlier case failed
    /// (the earlier case's error is the one reported).
    Cancelled,
}

/// Everything that can go wrong. Exit codes: 1 bad input or a failed read or write, 2 bad
/// usage, 3 a limit reached.
#[derive(Debug, PartialEq)]
pub enum Error {
    /// Returned when the command line is wrong.
    #[cfg(not(feature = "judge"))]
    Usage(UsageError),
    /// Returned when case `case` of the input is bad.
    Input { case: usize, problem: InputError },
    /// Returned when the first token of an input of counted cases is not a number.
    BadCount { at: Place, text: String },
    /// Returned when a token follows the last of the `count` cases an input's first number
    /// announced.
    AfterCases {
        count: usize,
        at: Place,
        token: String,
    },
    /// Returned when an optimal search is asked for a board of more than 256 cells.
    TooLarge {
        case: usize,
        search: &'static str,
        cells: usize,
    },
    /// Returned when the multi-tile search (`--metric mtm`) is asked for a board of more
    /// than 4 rows or columns.
    #[cfg(not(feature = "judge"))]
    TooLargeForMetric {
        case: usize,
        rows: usize,
        cols: usize,
    },
    /// Returned when `--show` or `--svg` (`flag`) is asked to draw a board of more than
    /// `most` rows or columns (exit 2).
    #[cfg(not(feature = "judge"))]
    TooLargeToDraw {
        case: usize,
        flag: &'static str,
        rows: usize,
        cols: usize,
        most: usize,
    },
    /// Returned when `--show` or `--svg` (`flag`) is asked to draw a path of more than
    /// `most` moves (exit 2).
    #[cfg(not(feature = "judge"))]
    TooLongToDraw {
        case: usize,
        flag: &'static str,
        moves: u64,
        most: u64,
    },
    /// Returned when a search limit stops the search of a case.
    #[cfg(not(feature = "judge"))]
    Limit { case: usize, hit: LimitHit },
    /// Returned when the file named on the command line cannot be read.
    #[cfg(not(feature = "judge"))]
    CannotRead { file: String, message: String },
    /// Returned when the picture of `--svg` cannot be written.
    #[cfg(not(feature = "judge"))]
    CannotWrite { file: String, message: String },
    /// Returned when `any` cannot place a tile: a bug, which the tests find on no board,
    /// reported as an error rather than a panic, with the tile and its cell (rows and
    /// columns from 0).
    #[cfg(not(feature = "judge"))]
    Stuck {
        case: usize,
        tile: u32,
        row: usize,
        col: usize,
    },
    /// Returned when a line of units or results cannot be used, or lines are not one
    /// round; `place` names the line or file when there is one.
    #[cfg(not(feature = "judge"))]
    Unit { place: String, problem: String },
    /// Returned when `--drive`'s work directory cannot be read or written, or does not
    /// hold the search asked for.
    #[cfg(not(feature = "judge"))]
    WorkDir { path: String, message: String },
    /// Returned when `--drive`'s engine cannot be started or fails.
    #[cfg(not(feature = "judge"))]
    Engine { command: String, message: String },
    /// Returned when a thread for `--jobs` cannot be started.
    #[cfg(not(feature = "judge"))]
    Thread(String),
    /// Returned when writing the answers fails.
    Io(String),
    /// Returned when the reader of stdout has closed it (`| head`): the program ends
    /// quietly, with exit 0.
    #[cfg(not(feature = "judge"))]
    Closed,
}

impl Error {
    /// The error of case `case` with `problem`.
    pub(crate) fn input(case: usize, problem: InputError) -> Self {
        Error::Input { case, problem }
    }

    /// The error of a failed read or write, [`Error::Closed`] for a closed pipe.
    #[cfg(not(feature = "judge"))]
    pub(crate) fn io(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Error::Closed,
            _ => Error::Io(e.to_string()),
        }
    }

    /// The exit code: 1 bad input, 2 bad usage, 3 a limit reached; 0 for a closed stdout.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            #[cfg(not(feature = "judge"))]
            Error::Usage(_) | Error::TooLargeToDraw { .. } | Error::TooLongToDraw { .. } => 2,
            #[cfg(not(feature = "judge"))]
            Error::TooLargeForMetric { .. } | Error::Limit { .. } => 3,
            Error::TooLarge { .. } => 3,
            #[cfg(not(feature = "judge"))]
            Error::Closed => 0,
            _ => 1,
        }
    }
}

#[cfg(not(feature = "judge"))]
impl From<UsageError> for Error {
    fn from(e: UsageError) -> Self {
        Error::Usage(e)
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            InputError::BadHeader { at, text } => {
                write!(f, "header \"{text}\" is not `n` or `rows cols` ({at})")
            }
            InputError::EmptyBoard { at, rows, cols } => {
                write!(f, "a {rows}×{cols} board has no cells ({at})")
            }
            InputError::NotATile { at, token } => write!(f, "\"{token}\" is not a tile ({at})"),
            InputError::TileOutOfRange { at, tile, cells } => {
                write!(f, "tile {tile} is out of range 0-{} ({at})", cells - 1)
            }
            InputError::RepeatedTile { at, tile } => write!(f, "tile {tile} is repeated ({at})"),
            InputError::ExtraTile { at, token, tiles } => {
                let s = if *tiles == 1 { "" } else { "s" };
                write!(f, "extra tile \"{token}\" after {tiles} tile{s} ({at})")
            }
            InputError::ShortCase { expected, found } => {
                write!(f, "input ends after {found} of {expected} tiles")
            }
            #[cfg(not(feature = "judge"))]
            InputError::GoalSize { goal, board } => {
                write!(
                    f,
                    "the --goal board has {goal} cells, this board has {board}"
                )
            }
            #[cfg(not(feature = "judge"))]
            InputError::NoAnswer => write!(f, "the answer is missing (end of input)"),
            #[cfg(not(feature = "judge"))]
            InputError::NoPath { count } => {
                let moves = super::board::moves_text(*count);
                write!(f, "the path of {moves} is missing (end of input)")
            }
            #[cfg(not(feature = "judge"))]
            InputError::BadAnswer {
                at,
                token,
                expected,
            } => write!(f, "\"{token}\" is not {expected} ({at})"),
        }
    }
}

#[cfg(not(feature = "judge"))]
impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            UsageError::UnknownFlag(flag) => write!(f, "unknown argument {flag:?}"),
            UsageError::SecondFile(file) => {
                write!(f, "a second file {file:?}: one at most is read")
            }
            UsageError::FifthFile(file) => write!(
                f,
                "a fifth file {file:?}: --check reads INPUT OUTPUT ANSWER REPORT at most"
            ),
            UsageError::MissingValue(flag) => write!(f, "{flag} needs a value"),
            UsageError::BadValue {
                flag,
                value,
                expected,
            } => write!(f, "{flag} {value:?}: expected {expected}"),
            UsageError::NotWithCheck { flag, why } => {
                write!(f, "--check does not take {flag}: {why}")
            }
            UsageError::DfsWithoutBound => write!(f, "--algo dfs needs --bound K"),
            UsageError::BoundWithoutDfs(k) => write!(f, "--bound {k} applies only to --algo dfs"),
            UsageError::Requires { flag, needs } => write!(f, "{flag} applies only with {needs}"),
            UsageError::Together(a, b) => write!(f, "{a} and {b} cannot be given together"),
            UsageError::GoalShape { goal, rows, cols } => write!(
                f,
                "the --goal board has {goal} cells, --shape {rows}x{cols} has {}",
                rows * cols
            ),
        }
    }
}

#[cfg(not(feature = "judge"))]
impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LimitHit::Nodes { limit } => {
                write!(f, "node limit reached: {limit} nodes generated (--max-nodes {limit})")
            }
            LimitHit::Time { seconds, nodes } => write!(
                f,
                "time limit reached: {seconds} s elapsed after {nodes} nodes (--time-limit {seconds})"
            ),
            LimitHit::Memory { mib, states } => write!(
                f,
                "memory limit reached: {mib} MiB used by {states} stored states (--max-memory {mib})"
            ),
            LimitHit::Tables { mib, need_mib } => write!(
                f,
                "memory limit reached: the tables this board needs take {need_mib} MiB to build (--max-memory {mib})"
            ),
            LimitHit::Cancelled => write!(f, "search called off after an earlier case failed"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            #[cfg(not(feature = "judge"))]
            Error::Usage(e) => write!(f, "{e}"),
            Error::Input { case, problem } => write!(f, "case {case}: {problem}"),
            Error::BadCount { at, text } => {
                write!(f, "the count of cases \"{text}\" is not a number ({at})")
            }
            Error::AfterCases { count, at, token } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(f, "\"{token}\" after the {count} case{s} the count announces ({at})")
            }
            Error::TooLarge {
                case,
                search,
                cells,
            } => write!(
                f,
                "case {case}: {search} takes boards of at most 256 cells, this one has {cells} (use --algo any)"
            ),
            #[cfg(not(feature = "judge"))]
            Error::TooLargeForMetric { case, rows, cols } => write!(
                f,
                "case {case}: --metric mtm takes boards of at most 4 rows and 4 columns, this one is {rows}×{cols}"
            ),
            #[cfg(not(feature = "judge"))]
            Error::TooLargeToDraw {
                case,
                flag,
                rows,
                cols,
                most,
            } => write!(
                f,
                "case {case}: {flag} draws boards of at most {most} rows and {most} columns, this one is {rows}×{cols}"
            ),
            #[cfg(not(feature = "judge"))]
            Error::TooLongToDraw {
                case,
                flag,
                moves,
                most,
            } => write!(
                f,
                "case {case}: {flag} draws paths of at most {most} moves, this one has {moves}"
            ),
            #[cfg(not(feature = "judge"))]
            Error::Limit { case, hit } => write!(f, "case {case}: {hit}"),
            #[cfg(not(feature = "judge"))]
            Error::CannotRead { file, message } => write!(f, "cannot read {file}: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::CannotWrite { file, message } => write!(f, "cannot write {file}: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Stuck {
                case,
                tile,
                row,
                col,
            } => write!(
                f,
                "case {case}: any could not bring tile {tile} to row {}, column {}",
                row + 1,
                col + 1
            ),
            #[cfg(not(feature = "judge"))]
            Error::Unit { place, problem } if place.is_empty() => write!(f, "{problem}"),
            #[cfg(not(feature = "judge"))]
            Error::Unit { place, problem } => write!(f, "{place}: {problem}"),
            #[cfg(not(feature = "judge"))]
            Error::WorkDir { path, message } => write!(f, "{path}: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Engine { command, message } => write!(f, "the engine `{command}` {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Thread(message) => write!(f, "cannot start a thread: {message}"),
            Error::Io(message) => write!(f, "cannot write the answers: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Closed => write!(f, "stdout was closed"),
        }
    }
}
