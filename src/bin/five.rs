//! Solves [LeetCode 773 "Sliding Puzzle"](https://leetcode.com/problems/sliding-puzzle/):
//! the least number of moves that bring a 2×3 board to `1 2 3 / 4 5 0`.
//!
//! # Input
//!
//! Boards of 6 tiles `0`–`5` (`0` the blank), row-major, until end of input, from the file
//! named on the command line or else from stdin. Tiles are separated by any mix of whitespace,
//! commas and brackets `[ ] { } ( )`, so the LeetCode form `[[1,2,3],[4,0,5]]`, the brace form
//! `{{1,2,3},{0,4,5}}` and the plain form `1 2 3 4 0 5` all read as the same kind of board.
//!
//! # Options
//!
//! `five [--path] [FILE]`: `--path` prints paths (below); `FILE` is read instead of stdin;
//! `--version` prints `five` and the version; `--help` prints what this header says, shortly.
//!
//! # Output
//!
//! One line per board: the least number of moves, or `-1` when the goal cannot be reached.
//! With `--path`, instead: the lexicographically smallest optimal path in `d < l < r < u`
//! (each letter the direction the blank moves), `unsolvable`, or an empty line for a solved board.
//! Piped input and files are read whole; from a terminal, each board is answered as soon as its
//! last tile is typed.
//!
//! # LeetCode
//!
//! LeetCode wants a function, not a program: the block between the lines `LeetCode 773: paste
//! from here` and `LeetCode 773: to here` pastes as it is into its editor, which declares
//! `struct Solution;` itself. It holds the table and `Solution::sliding_puzzle`; the program
//! around it reads and writes text.
//!
//! # Errors
//!
//! A bad board prints `error: case N: …` on stderr and exits 1 after the answers to the boards
//! before it; a file that cannot be read prints `error: cannot read FILE: …` and exits 1; an
//! unknown option or a second file prints the usage and exits 2.
//!
//! # Complexity
//!
//! A breadth-first search from the goal fills a table of all 6! = 720 arrangements (360 of them
//! reachable) once, in O(720·6); each board is then answered in O(1), and its path in O(21·6).
#![forbid(unsafe_code)]

use std::fmt;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

/// The type LeetCode declares, whose `impl` is its entry point: declared here so that the
/// LeetCode block below compiles in this file as it does there.
#[allow(dead_code)] // Only LeetCode calls its function; this program reads text instead.
pub struct Solution;

// ============= LeetCode 773: paste from here (LeetCode declares `struct Solution;`) =============

// ---------------------------------------------------------------------------------------------
// Boards and moves
// ---------------------------------------------------------------------------------------------

/// Number of columns of the board.
const COLS: usize = 3;
/// Number of cells: 2 rows of [`COLS`].
pub const CELLS: usize = 6;
/// A board, row-major: `board[row * COLS + col]` is the tile there, `0` the blank.
pub type Board = [u8; CELLS];
/// The solved board.
pub const GOAL: Board = [1, 2, 3, 4, 5, 0];
/// Number of arrangements of the six tiles: 6! (half of them reachable from the goal).
const ARRANGEMENTS: usize = 720;
/// Marks an arrangement the goal cannot reach.
const UNREACHABLE: u8 = u8::MAX;

/// The moves in canonical order: each letter names the direction the blank moves.
pub const MOVES: [u8; 4] = *b"dlru";

/// The cell the blank reaches from `blank` by `letter`, if it stays on the board.
pub fn step(blank: usize, letter: u8) -> Option<usize> {
    let (row, col) = (blank / COLS, blank % COLS);
    match letter {
        b'd' if row == 0 => Some(blank + COLS),
        b'l' if col > 0 => Some(blank - 1),
        b'r' if col + 1 < COLS => Some(blank + 1),
        b'u' if row == 1 => Some(blank - COLS),
        _ => None,
    }
}

/// The cell of the blank. `board` must hold a `0`.
fn blank_of(board: &Board) -> usize {
    board.iter().position(|&tile| tile == 0).unwrap_or(0)
}

/// The index of `board` among the 720 arrangements (its Lehmer code). O(6²).
pub fn rank(board: &Board) -> usize {
    board.iter().enumerate().fold(0, |acc, (i, &tile)| {
        let smaller_after = board[i + 1..].iter().filter(|&&t| t < tile).count();
        acc * (CELLS - i) + smaller_after
    })
}

// ---------------------------------------------------------------------------------------------
// Solving
// ---------------------------------------------------------------------------------------------

/// The distance of every arrangement from the goal, by one breadth-first search.
pub struct Solver {
    distance: [u8; ARRANGEMENTS],
}

impl Solver {
    /// Builds the table. O(720·6) time, 720 bytes.
    pub fn new() -> Self {
        let mut distance = [UNREACHABLE; ARRANGEMENTS];
        distance[rank(&GOAL)] = 0;
        let mut queue = vec![GOAL];
        let mut head = 0;
        while let Some(&board) = queue.get(head) {
            head += 1;
            let next = distance[rank(&board)] + 1;
            let blank = blank_of(&board);
            for cell in MOVES.iter().filter_map(|&letter| step(blank, letter)) {
                let mut neighbour = board;
                neighbour.swap(blank, cell);
                let seen = &mut distance[rank(&neighbour)];
                if *seen == UNREACHABLE {
                    *seen = next;
                    queue.push(neighbour);
                }
            }
        }
        Solver { distance }
    }

    /// The least number of moves from `board` to the goal, or `None` when it cannot be reached.
    /// `board` must be a permutation of `0..6`. O(1).
    pub fn moves(&self, board: &Board) -> Option<u8> {
        Some(self.distance[rank(board)]).filter(|&d| d != UNREACHABLE)
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solution {
    /// LeetCode 773: the least number of moves that bring `board` to `[[1,2,3],[4,5,0]]`, or
    /// -1 when none do.
    ///
    /// # Constraints
    ///
    /// `board` has 2 rows of 3 numbers, each of `0..=5` once (`0` the blank).
    ///
    /// # Panics
    ///
    /// When `board` breaks the constraints.
    ///
    /// # Complexity
    ///
    /// O(720·6) to build the table of [`Solver`], then O(1).
    #[allow(dead_code)] // LeetCode calls it; this program's `main` reads text instead.
    pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
        assert!(board.len() == 2 && board.iter().all(|row| row.len() == COLS));
        let mut tiles = [0; CELLS];
        for (slot, &tile) in tiles.iter_mut().zip(board.iter().flatten()) {
            assert!((0..CELLS as i32).contains(&tile), "a tile 0-5");
            *slot = tile as u8;
        }
        let mut sorted = tiles;
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3, 4, 5], "each tile 0-5 once");
        Solver::new().moves(&tiles).map_or(-1, i32::from)
    }
}

// ================================== LeetCode 773: to here ===================================

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

impl Solver {
    /// The lexicographically smallest optimal path from `board`, or `None` when the goal cannot
    /// be reached: at each step, the first move in [`MOVES`] order that gets one move closer.
    /// O(length·6²).
    pub fn path(&self, board: &Board) -> Option<String> {
        let mut remaining = self.moves(board)?;
        let mut board = *board;
        let mut path = String::with_capacity(usize::from(remaining));
        while remaining > 0 {
            let blank = blank_of(&board);
            let (letter, next) = MOVES
                .iter()
                .filter_map(|&letter| {
                    let mut next = board;
                    next.swap(blank, step(blank, letter)?);
                    Some((letter, next))
                })
                .find(|(_, next)| self.moves(next) == Some(remaining - 1))?;
            path.push(char::from(letter));
            board = next;
            remaining -= 1;
        }
        Some(path)
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Everything that stops the program before the end of its input.
#[derive(Debug)]
pub enum Error {
    /// Returned when a command-line argument is an option other than `--path`, `--version` and
    /// `--help`, or is not UTF-8.
    UnknownArgument(String),
    /// Returned when a second file is named: one at most is read.
    SecondFile(String),
    /// Returned when the file named on the command line cannot be read.
    CannotRead { file: String, error: io::Error },
    /// Returned when a token of a board is not a number.
    NotATile {
        case: usize,
        at: Place,
        token: String,
    },
    /// Returned when a number is not a tile `0`–`5`.
    OutOfRange {
        case: usize,
        at: Place,
        token: String,
    },
    /// Returned when a board holds the same tile twice.
    Repeated { case: usize, at: Place, tile: u8 },
    /// Returned when the input ends inside a board, after `tiles` of its tiles.
    Short { case: usize, tiles: usize },
    /// Returned when reading stdin or writing stdout fails.
    Io(io::Error),
}

/// Where a token starts in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

impl Error {
    /// The exit code of SPEC.md: 2 for bad usage, 1 for bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::UnknownArgument(_) | Error::SecondFile(_) => 2,
            _ => 1,
        }
    }
}

/// The first 20 bytes of a token, with bytes that are not printable ASCII escaped
/// (`\xff`) and `…` when it is longer.
fn excerpt(token: &[u8]) -> String {
    const SHOWN: usize = 20;
    let more = if token.len() > SHOWN { "…" } else { "" };
    format!("{}{more}", token[..token.len().min(SHOWN)].escape_ascii())
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownArgument(arg) => write!(f, "unknown argument {arg:?}"),
            Error::SecondFile(file) => write!(f, "a second file {file:?}: one at most is read"),
            Error::CannotRead { file, error } => write!(f, "cannot read {file}: {error}"),
            Error::NotATile { case, at, token } => {
                write!(f, "case {case}: \"{token}\" is not a tile ({at})")
            }
            Error::OutOfRange { case, at, token } => {
                write!(f, "case {case}: tile {token} is out of range 0-5 ({at})")
            }
            Error::Repeated { case, at, tile } => {
                write!(f, "case {case}: tile {tile} is repeated ({at})")
            }
            Error::Short { case, tiles } => {
                write!(f, "case {case}: input ends after {tiles} of {CELLS} tiles")
            }
            Error::Io(error) => write!(f, "{error}"),
        }
    }
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Io(error)
    }
}

// ---------------------------------------------------------------------------------------------
// Reading boards
// ---------------------------------------------------------------------------------------------

/// Whether `byte` separates tiles: whitespace, commas and brackets.
fn is_separator(byte: u8) -> bool {
    byte.is_ascii_whitespace() || b",[]{}()".contains(&byte)
}

/// How the input is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// All of it before the first board: the fastest, for pipes and files.
    Whole,
    /// A line at a time, each answer written and flushed as soon as the last tile of its board
    /// is read: for a person typing at a terminal.
    Lines,
}

/// The tokens of the input with their places, in order.
struct Tokens<R> {
    input: R,
    reading: Reading,
    /// The input read and not yet used up: all of it, or the current line.
    buffer: Vec<u8>,
    offset: usize,
    place: Place,
}

impl<R: BufRead> Tokens<R> {
    fn new(input: R, reading: Reading) -> Self {
        Tokens {
            input,
            reading,
            buffer: Vec::new(),
            offset: 0,
            place: Place { line: 1, column: 1 },
        }
    }

    /// Replaces the used-up buffer by the rest of the input or its next line, as `reading`
    /// says: `false` at the end of input. A token never spans two lines, since a newline
    /// separates tokens.
    fn refill(&mut self) -> io::Result<bool> {
        self.buffer.clear();
        self.offset = 0;
        let read = match self.reading {
            Reading::Whole => self.input.read_to_end(&mut self.buffer)?,
            Reading::Lines => self.input.read_until(b'\n', &mut self.buffer)?,
        };
        Ok(read > 0)
    }

    /// The next token and its place; `None` at the end of input.
    fn token(&mut self) -> io::Result<Option<(Place, &[u8])>> {
        loop {
            match self.buffer.get(self.offset).copied() {
                None if !self.refill()? => return Ok(None),
                None => {}
                Some(byte) if is_separator(byte) => {
                    self.offset += 1;
                    self.place.column += 1;
                    if byte == b'\n' {
                        self.place = Place {
                            line: self.place.line + 1,
                            column: 1,
                        };
                    }
                }
                Some(_) => break,
            }
        }
        let start = self.offset;
        let len = self.buffer[start..]
            .iter()
            .take_while(|&&b| !is_separator(b))
            .count();
        let place = self.place;
        self.offset += len;
        self.place.column += len;
        Ok(Some((place, &self.buffer[start..start + len])))
    }
}

/// Reads board number `case` from `tokens`: `Ok(None)` at the end of input.
fn read_board<R: BufRead>(tokens: &mut Tokens<R>, case: usize) -> Result<Option<Board>, Error> {
    let mut board = [0; CELLS];
    let mut seen = [false; CELLS];
    for (i, slot) in board.iter_mut().enumerate() {
        let Some((at, bytes)) = tokens.token()? else {
            return match i {
                0 => Ok(None),
                tiles => Err(Error::Short { case, tiles }),
            };
        };
        if !bytes.iter().all(u8::is_ascii_digit) {
            return Err(Error::NotATile {
                case,
                at,
                token: excerpt(bytes),
            });
        }
        let tile = match bytes.iter().position(|&b| b != b'0') {
            None => 0,
            Some(first) if first + 1 == bytes.len() && bytes[first] < b'6' => bytes[first] - b'0',
            _ => {
                return Err(Error::OutOfRange {
                    case,
                    at,
                    token: excerpt(bytes),
                })
            }
        };
        if std::mem::replace(&mut seen[usize::from(tile)], true) {
            return Err(Error::Repeated { case, at, tile });
        }
        *slot = tile;
    }
    Ok(Some(board))
}

// ---------------------------------------------------------------------------------------------
// The program
// ---------------------------------------------------------------------------------------------

/// What the program prints for each board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The least number of moves, or `-1`.
    Moves,
    /// The canonical optimal path, or `unsolvable`.
    Path,
}

/// What the arguments ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print the usage and [`HELP`].
    Help,
    /// Print the name and [`VERSION`].
    Version,
    /// Answer the boards of `file`, or of stdin when there is none, printing `output`.
    Solve {
        output: Output,
        file: Option<String>,
    },
}

/// The version `--version` prints. Cargo.toml's (a test ties the two), written out because a
/// judge builds this file alone, with no Cargo to tell it.
pub const VERSION: &str = "0.1.0";

const USAGE: &str = "usage: five [--path] [FILE]";

/// What `--help` prints after [`USAGE`]: the words of this file's header.
const HELP: &str = "Solves the 2x3 sliding puzzle of LeetCode 773: the least number of moves that
bring each board to 1 2 3 / 4 5 0.

Input: boards of 6 tiles 0-5 (0 the blank), row-major, until end of input, from
FILE or else from stdin. Tiles are separated by any mix of whitespace, commas
and brackets [ ] { } ( ), so the LeetCode form [[1,2,3],[4,0,5]], the brace form
{{1,2,3},{0,4,5}} and the plain form 1 2 3 4 0 5 all read as boards. Piped input
and files are read whole; at a terminal each board is answered as soon as its
last tile is typed (Ctrl-D ends).

Options:
  FILE         read the boards from FILE instead of stdin
  --path       print the path of each board, not its number of moves
               (default: the number of moves)
  --version    print the name and version
  -h, --help   print this help

Output: one line per board: the least number of moves, or -1 when the goal
cannot be reached. With --path: the lexicographically smallest optimal path in
d < l < r < u (each letter the direction the blank moves), unsolvable, or an
empty line for a solved board.

Exit codes: 0 done (also when the reader of stdout closes it early); 1 a bad
board (\"error: case N: ...\" on stderr, after the answers to the boards before
it) or a FILE that cannot be read; 2 bad usage.

Example:
  $ echo '[[4,1,2],[5,0,3]]' | five
  5
";

/// Reads the arguments after the program name: options, and one argument not starting with
/// `-`, the file to read.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, Error> {
    let mut output = Output::Moves;
    let mut file = None;
    for arg in args {
        match arg.as_str() {
            "--path" => output = Output::Path,
            "--help" | "-h" => return Ok(Command::Help),
            "--version" => return Ok(Command::Version),
            _ if arg.starts_with('-') => return Err(Error::UnknownArgument(arg)),
            _ if file.is_some() => return Err(Error::SecondFile(arg)),
            _ => file = Some(arg),
        }
    }
    Ok(Command::Solve { output, file })
}

/// Answers every board of `input` on `out`, in order, up to the first bad one; with
/// [`Reading::Lines`], flushes `out` after each answer.
pub fn run<R: BufRead, W: Write>(
    input: R,
    out: &mut W,
    output: Output,
    reading: Reading,
) -> Result<(), Error> {
    let solver = Solver::new();
    let mut tokens = Tokens::new(input, reading);
    for case in 1.. {
        let Some(board) = read_board(&mut tokens, case)? else {
            break;
        };
        match output {
            Output::Moves => match solver.moves(&board) {
                Some(moves) => writeln!(out, "{moves}")?,
                None => writeln!(out, "-1")?,
            },
            Output::Path => match solver.path(&board) {
                Some(path) => writeln!(out, "{path}")?,
                None => writeln!(out, "unsolvable")?,
            },
        }
        if reading == Reading::Lines {
            out.flush()?;
        }
    }
    Ok(())
}

/// Answers every board of `input` on stdout, as [`run`] does, and flushes it.
fn answer<R: BufRead>(input: R, output: Output, reading: Reading) -> Result<(), Error> {
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(input, &mut out, output, reading);
    let flushed = out.flush();
    result.and(flushed.map_err(Error::from))
}

fn main() -> ExitCode {
    // An argument that is not UTF-8 is refused as unknown, a file name as well as an option.
    let args = std::env::args_os().map(|arg| {
        arg.into_string()
            .map_err(|arg| arg.to_string_lossy().into_owned())
    });
    let command = args
        .skip(1)
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::UnknownArgument)
        .and_then(parse_args);
    let (output, file) = match command {
        Ok(Command::Solve { output, file }) => (output, file),
        Ok(Command::Help) => return exit(print(&format!("{USAGE}\n\n{HELP}"))),
        Ok(Command::Version) => return exit(print(&format!("five {VERSION}\n"))),
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(error.exit_code());
        }
    };
    let result = match file {
        Some(file) => match std::fs::read(&file) {
            Ok(bytes) => answer(&bytes[..], output, Reading::Whole),
            Err(error) => Err(Error::CannotRead { file, error }),
        },
        None => {
            let stdin = io::stdin();
            let reading = if stdin.is_terminal() {
                Reading::Lines
            } else {
                Reading::Whole
            };
            answer(stdin.lock(), output, reading)
        }
    };
    exit(result)
}

/// Writes `text` to stdout.
fn print(text: &str) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

/// The exit code of a run that ended in `result`: 0, also when the reader of stdout closed it
/// early (`| head`); else the error's, after `error: …` on stderr.
fn exit(result: Result<(), Error>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str, output: Output) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, output, Reading::Whole).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn leetcode_examples() {
        let input = "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[3,2,4],[1,5,0]]";
        assert_eq!(answer(input, Output::Moves), "1\n-1\n5\n14\n");
        let boards = [
            [[1, 2, 3], [4, 0, 5]],
            [[1, 2, 3], [5, 4, 0]],
            [[4, 1, 2], [5, 0, 3]],
        ];
        let function = boards.map(|board| Solution::sliding_puzzle(board.map(Vec::from).into()));
        assert_eq!(function, [1, -1, 5]);
    }

    #[test]
    fn notations_agree() {
        let forms = ["{{1,2,3},{0,4,5}}", "1 2 3 0 4 5", "(1,2,3)(0,4,5)"];
        for form in forms {
            assert_eq!(answer(form, Output::Moves), "2\n", "{form}");
            assert_eq!(answer(form, Output::Path), "rr\n", "{form}");
        }
    }

    #[test]
    fn ranks_are_a_bijection() {
        let mut seen = [false; ARRANGEMENTS];
        let mut board = [0, 1, 2, 3, 4, 5];
        for _ in 0..ARRANGEMENTS {
            assert!(!std::mem::replace(&mut seen[rank(&board)], true));
            next_permutation(&mut board);
        }
        assert!(seen.iter().all(|&s| s));
    }

    fn next_permutation(board: &mut Board) {
        if let Some(i) = (0..CELLS - 1).rev().find(|&i| board[i] < board[i + 1]) {
            let j = (i + 1..CELLS).rev().find(|&j| board[j] > board[i]).unwrap();
            board.swap(i, j);
            board[i + 1..].reverse();
        } else {
            board.reverse();
        }
    }

    #[test]
    fn errors_name_case_and_place() {
        let cases = [
            (
                "1 2 3 4 5 0\n1 2 3 4 5",
                "case 2: input ends after 5 of 6 tiles",
            ),
            (
                "1 2 3\n4 a 0",
                "case 1: \"a\" is not a tile (line 2, column 3)",
            ),
            (
                "1 2 3 4 7 0",
                "case 1: tile 7 is out of range 0-5 (line 1, column 9)",
            ),
            (
                "1 2 3 4 4 0",
                "case 1: tile 4 is repeated (line 1, column 9)",
            ),
        ];
        for reading in [Reading::Whole, Reading::Lines] {
            for (input, message) in cases {
                let mut out = Vec::new();
                let error = run(input.as_bytes(), &mut out, Output::Moves, reading).unwrap_err();
                assert_eq!(error.to_string(), message);
                assert_eq!(error.exit_code(), 1);
            }
        }
    }

    #[test]
    fn arguments() {
        let args = |list: &[&str]| parse_args(list.iter().map(|s| s.to_string()));
        let solve = |output, file: Option<&str>| Command::Solve {
            output,
            file: file.map(String::from),
        };
        assert_eq!(args(&[]).unwrap(), solve(Output::Moves, None));
        assert_eq!(args(&["--path"]).unwrap(), solve(Output::Path, None));
        let file = args(&["boards.txt", "--path"]).unwrap();
        assert_eq!(file, solve(Output::Path, Some("boards.txt")));
        assert_eq!(args(&["--help", "-x"]).unwrap(), Command::Help);
        assert_eq!(args(&["--version"]).unwrap(), Command::Version);
        for (bad, message) in [
            (&["-x"][..], "unknown argument \"-x\""),
            (&["a", "b"], "a second file \"b\": one at most is read"),
        ] {
            let error = args(bad).unwrap_err();
            assert_eq!(
                (error.exit_code(), error.to_string().as_str()),
                (2, message)
            );
        }
    }
}
