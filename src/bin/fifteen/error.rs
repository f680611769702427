//! The errors of this program and their exit codes; the judge edition keeps those of
//! its input and search.

use std::fmt;

/// A search limit that stopped a search, with the count reached.
#[derive(Clone, Debug, PartialEq)]
#[cfg(not(feature = "judge"))]
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

/// Where a token is in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// Everything that can go wrong: bad usage, bad input, a limit reached, a failed write.
#[derive(Debug, PartialEq)]
pub enum Error {
    /// Returned when an argument is not a known flag.
    #[cfg(not(feature = "judge"))]
    UnknownFlag(String),
    /// Returned when a second file is named: one at most is read.
    #[cfg(not(feature = "judge"))]
    SecondFile(String),
    /// Returned when the file named on the command line cannot be read.
    #[cfg(not(feature = "judge"))]
    CannotRead { file: String, message: String },
    /// Returned when a flag that needs a value is the last argument.
    #[cfg(not(feature = "judge"))]
    MissingValue(&'static str),
    /// Returned when a flag's value cannot be read; `expected` says what would do.
    #[cfg(not(feature = "judge"))]
    BadValue {
        flag: &'static str,
        value: String,
        expected: &'static str,
    },
    /// Returned when a fifth file is named with `--check`: INPUT, OUTPUT, ANSWER and REPORT
    /// at most.
    #[cfg(not(feature = "judge"))]
    FifthFile(String),
    /// Returned when `--check` is given with a flag it cannot honour; `why` says why.
    #[cfg(not(feature = "judge"))]
    NotWithCheck {
        flag: &'static str,
        why: &'static str,
    },
    /// Returned when `--algo dfs` is given without `--bound K`.
    #[cfg(not(feature = "judge"))]
    DfsWithoutBound,
    /// Returned when `--bound K` is given with a search other than `dfs`.
    #[cfg(not(feature = "judge"))]
    BoundWithoutDfs(u64),
    /// Returned when a case header is not `n` or `rows cols`.
    BadHeader {
        case: usize,
        at: Place,
        text: String,
    },
    /// Returned when a header describes a board with no cells.
    EmptyBoard {
        case: usize,
        at: Place,
        rows: u64,
        cols: u64,
    },
    /// Returned when a tile token is not a non-negative integer.
    NotATile {
        case: usize,
        at: Place,
        token: String,
    },
    /// Returned when a tile is not below the number of cells.
    TileOutOfRange {
        case: usize,
        at: Place,
        tile: u64,
        cells: usize,
    },
    /// Returned when a tile appears twice on a board.
    RepeatedTile { case: usize, at: Place, tile: u64 },
    /// Returned when a token follows a case's last tile on the same line.
    ExtraTile {
        case: usize,
        at: Place,
        token: String,
        tiles: usize,
    },
    /// Returned when the input ends before a board is complete.
    ShortCase {
        case: usize,
        expected: u128,
        found: usize,
    },
    /// Returned when the input ends where `--check` expects the answer to a case.
    #[cfg(not(feature = "judge"))]
    NoAnswer { case: usize },
    /// Returned when the input ends after a count of moves, before the path.
    #[cfg(not(feature = "judge"))]
    NoPath { case: usize, count: u64 },
    /// Returned when `--check` finds a token that cannot stand where it is in an answer;
    /// `expected` says what would.
    #[cfg(not(feature = "judge"))]
    BadAnswer {
        case: usize,
        at: Place,
        token: String,
        expected: String,
    },
    /// Returned when the `--goal` board has another number of cells than the case.
    GoalSize {
        case: usize,
        goal: usize,
        board: usize,
    },
    /// Returned when the first token of an input of counted cases is not a number.
    BadCount { at: Place, text: String },
    /// Returned when a token follows the last of the `count` cases an input's first number
    /// announced.
    AfterCases {
        count: usize,
        at: Place,
        token: String,
    },
    /// Returned when `--random` is asked for boards of `rows`×`cols` under a `--goal` board
    /// of another number of cells (`goal`).
    #[cfg(not(feature = "judge"))]
    GoalShape {
        goal: usize,
        rows: usize,
        cols: usize,
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
    /// `most` rows or columns.
    #[cfg(not(feature = "judge"))]
    TooLargeToDraw {
        case: usize,
        flag: &'static str,
        rows: usize,
        cols: usize,
        most: usize,
    },
    /// Returned when `--show` or `--svg` (`flag`) is asked to draw a path of more than
    /// `most` moves.
    #[cfg(not(feature = "judge"))]
    TooLongToDraw {
        case: usize,
        flag: &'static str,
        moves: u64,
        most: u64,
    },
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
    /// Returned when a search limit stops the search of a case.
    #[cfg(not(feature = "judge"))]
    Limit { case: usize, hit: LimitHit },
    /// Returned when a flag is given without the one it works with (`needs`).
    #[cfg(not(feature = "judge"))]
    Requires {
        flag: &'static str,
        needs: &'static str,
    },
    /// Returned when two flags that exclude each other are given.
    #[cfg(not(feature = "judge"))]
    Together(&'static str, &'static str),
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
    /// Returned when writing the answers fails.
    Io(String),
    /// Returned when a thread for `--jobs` cannot be started.
    #[cfg(not(feature = "judge"))]
    Thread(String),
}

impl Error {
    /// The exit code: 1 bad input, 2 bad usage, 3 a limit reached.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            #[cfg(not(feature = "judge"))]
            Error::UnknownFlag(_)
            | Error::SecondFile(_)
            | Error::FifthFile(_)
            | Error::NotWithCheck { .. }
            | Error::MissingValue(_)
            | Error::BadValue { .. }
            | Error::DfsWithoutBound
            | Error::BoundWithoutDfs(_)
            | Error::Requires { .. }
            | Error::Together(..)
            | Error::GoalShape { .. }
            | Error::TooLargeToDraw { .. }
            | Error::TooLongToDraw { .. } => 2,
            Error::TooLarge { .. } => 3,
            #[cfg(not(feature = "judge"))]
            Error::TooLargeForMetric { .. } => 3,
            #[cfg(not(feature = "judge"))]
            Error::Limit { .. } => 3,
            _ => 1,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
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
            Error::UnknownFlag(flag) => write!(f, "unknown argument {flag:?}"),
            #[cfg(not(feature = "judge"))]
            Error::SecondFile(file) => write!(f, "a second file {file:?}: one at most is read"),
            #[cfg(not(feature = "judge"))]
            Error::FifthFile(file) => write!(
                f,
                "a fifth file {file:?}: --check reads INPUT OUTPUT ANSWER REPORT at most"
            ),
            #[cfg(not(feature = "judge"))]
            Error::NotWithCheck { flag, why } => write!(f, "--check does not take {flag}: {why}"),
            #[cfg(not(feature = "judge"))]
            Error::CannotRead { file, message } => write!(f, "cannot read {file}: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::MissingValue(flag) => write!(f, "{flag} needs a value"),
            #[cfg(not(feature = "judge"))]
            Error::BadValue {
                flag,
                value,
                expected,
            } => write!(f, "{flag} {value:?}: expected {expected}"),
            #[cfg(not(feature = "judge"))]
            Error::DfsWithoutBound => write!(f, "--algo dfs needs --bound K"),
            #[cfg(not(feature = "judge"))]
            Error::BoundWithoutDfs(k) => write!(f, "--bound {k} applies only to --algo dfs"),
            Error::BadHeader { case, at, text } => write!(
                f,
                "case {case}: header \"{text}\" is not `n` or `rows cols` ({at})"
            ),
            Error::EmptyBoard {
                case,
                at,
                rows,
                cols,
            } => write!(f, "case {case}: a {rows}×{cols} board has no cells ({at})"),
            Error::NotATile { case, at, token } => {
                write!(f, "case {case}: \"{token}\" is not a tile ({at})")
            }
            Error::TileOutOfRange {
                case,
                at,
                tile,
                cells,
            } => write!(
                f,
                "case {case}: tile {tile} is out of range 0-{} ({at})",
                cells - 1
            ),
            Error::RepeatedTile { case, at, tile } => {
                write!(f, "case {case}: tile {tile} is repeated ({at})")
            }
            Error::ExtraTile {
                case,
                at,
                token,
                tiles,
            } => {
                let s = if *tiles == 1 { "" } else { "s" };
                write!(
                    f,
                    "case {case}: extra tile \"{token}\" after {tiles} tile{s} ({at})"
                )
            }
            Error::ShortCase {
                case,
                expected,
                found,
            } => write!(
                f,
                "case {case}: input ends after {found} of {expected} tiles"
            ),
            #[cfg(not(feature = "judge"))]
            Error::GoalShape { goal, rows, cols } => write!(
                f,
                "the --goal board has {goal} cells, --shape {rows}x{cols} has {}",
                rows * cols
            ),
            Error::BadCount { at, text } => {
                write!(f, "the count of cases \"{text}\" is not a number ({at})")
            }
            Error::AfterCases { count, at, token } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "\"{token}\" after the {count} case{s} the count announces ({at})"
                )
            }
            #[cfg(not(feature = "judge"))]
            Error::NoAnswer { case } => {
                write!(f, "case {case}: the answer is missing (end of input)")
            }
            #[cfg(not(feature = "judge"))]
            Error::NoPath { case, count } => write!(
                f,
                "case {case}: the path of {} is missing (end of input)",
                super::board::moves_text(*count)
            ),
            #[cfg(not(feature = "judge"))]
            Error::BadAnswer {
                case,
                at,
                token,
                expected,
            } => write!(f, "case {case}: \"{token}\" is not {expected} ({at})"),
            Error::GoalSize { case, goal, board } => write!(
                f,
                "case {case}: the --goal board has {goal} cells, this board has {board}"
            ),
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
            Error::Limit { case, hit } => write!(f, "case {case}: {hit}"),
            #[cfg(not(feature = "judge"))]
            Error::Requires { flag, needs } => write!(f, "{flag} applies only with {needs}"),
            #[cfg(not(feature = "judge"))]
            Error::Together(a, b) => write!(f, "{a} and {b} cannot be given together"),
            #[cfg(not(feature = "judge"))]
            Error::Unit { place, problem } if place.is_empty() => write!(f, "{problem}"),
            #[cfg(not(feature = "judge"))]
            Error::Unit { place, problem } => write!(f, "{place}: {problem}"),
            #[cfg(not(feature = "judge"))]
            Error::WorkDir { path, message } => write!(f, "{path}: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Engine { command, message } => write!(f, "the engine `{command}` {message}"),
            Error::Io(message) => write!(f, "cannot write the answers: {message}"),
            #[cfg(not(feature = "judge"))]
            Error::Thread(message) => write!(f, "cannot start a thread: {message}"),
        }
    }
}
