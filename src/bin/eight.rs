//! Solves the 8-puzzle of [AcWing 845 "八数码"](https://www.acwing.com/problem/content/847/): the
//! least number of moves that bring a 3×3 board to `1 2 3 / 4 5 6 / 7 8 x`; and, with `--path`,
//! the move string of [AcWing 179](https://www.acwing.com/problem/content/181/) and
//! [POJ 1077](http://poj.org/problem?id=1077).
//!
//! # Input
//!
//! Boards of 9 tokens, row-major, until end of input. A token is one character: a tile `1`–`8`,
//! or `x` (or `0`) for the blank. Whitespace between tokens is optional, so `2 3 4 1 5 x 7 6 8`
//! and `23415x768` are the same board.
//!
//! # Output
//!
//! One line per board: the least number of moves, or `-1` when the goal cannot be reached.
//! With `--path`, instead: the lexicographically smallest optimal path in `d < l < r < u` (each
//! letter the direction the blank moves), `unsolvable`, or an empty line for a solved board.
//!
//! # Errors
//!
//! A bad board prints `error: case N: …` on stderr and exits 1 after the answers to the boards
//! before it; an unknown argument prints the usage and exits 2.
//!
//! # Complexity
//!
//! Solvability is the parity of the tiles' inversions, O(9²), before any search. A solvable
//! board is solved by IDA* bounded by the walking distance (a table of 105 states, built in
//! microseconds): 895 nodes on average over the 181,440 solvable boards, 3,245 and 3,557 on the
//! two 31-move boards and at most 33,452 (`5 x 3 / 8 6 2 / 7 4 1`), at about 10 ns a node,
//! with no memory beyond the path. Once the boards of one input have cost as much search as a
//! full table would, a breadth-first search from the goal fills the distance of all
//! 9!/2 = 181,440 reachable boards (362,880 bytes, O(9!·9) time, about 12 ms), and every later
//! board is answered in O(9), its path in O(31·9).
#![forbid(unsafe_code)]

use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

// ---------------------------------------------------------------------------------------------
// Boards and moves
// ---------------------------------------------------------------------------------------------

/// Number of rows, and of columns.
const SIDE: usize = 3;
/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;
/// A board, row-major: `board[row * SIDE + col]` is the tile there, `0` the blank.
pub type Board = [u8; CELLS];
/// The solved board.
pub const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// Number of arrangements of the nine tiles: 9! (half of them reachable from the goal).
const ARRANGEMENTS: usize = 362_880;
/// The longest optimal solution of any board.
const MAX_MOVES: usize = 31;

/// The moves in canonical order: each letter names the direction the blank moves.
pub const MOVES: [u8; 4] = *b"dlru";

/// The cell the blank reaches from `blank` by `letter`, if it stays on the board.
pub const fn step(blank: usize, letter: u8) -> Option<usize> {
    let (row, col) = (blank / SIDE, blank % SIDE);
    match letter {
        b'd' if row + 1 < SIDE => Some(blank + SIDE),
        b'l' if col > 0 => Some(blank - 1),
        b'r' if col + 1 < SIDE => Some(blank + 1),
        b'u' if row > 0 => Some(blank - SIDE),
        _ => None,
    }
}

/// The cell of the blank. `board` must hold a `0`.
fn blank_of(board: &Board) -> usize {
    board.iter().position(|&tile| tile == 0).unwrap_or(0)
}

/// Whether the goal can be reached from `board`, a permutation of `0..9`. On a board of odd
/// width a move changes the number of inversions among the tiles (blank left out) by 0 or ±2,
/// so the goal (no inversions) is reachable exactly when that number is even. O(9²).
pub fn solvable(board: &Board) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&t| t != 0).collect();
    let inversions: usize = (0..tiles.len())
        .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
        .sum();
    inversions % 2 == 0
}

/// The index of `board` among the 9! arrangements (its Lehmer code). O(9).
pub fn rank(board: &Board) -> usize {
    let mut before = 0u16;
    board.iter().enumerate().fold(0, |acc, (i, &tile)| {
        let smaller_before = (before & ((1 << tile) - 1)).count_ones() as usize;
        before |= 1 << tile;
        acc * (CELLS - i) + usize::from(tile) - smaller_before
    })
}

// ---------------------------------------------------------------------------------------------
// The lower bound: walking distance
// ---------------------------------------------------------------------------------------------

/// How the tiles stand across the rows, forgetting the order within each row: `counts[row]
/// [home]` tiles of goal row `home` are in `row`, and the blank is in row `blank`. A vertical
/// move takes one tile from the blank's neighbouring row into the blank's row; a horizontal
/// move changes nothing here. Read with columns for rows, the same holds for columns, and
/// since the goal is symmetric in its main diagonal the columns move through the same states.
#[derive(Clone, Copy)]
struct Rows {
    counts: [[u8; SIDE]; SIDE],
    blank: usize,
}

impl Rows {
    /// The rows of `board` (`by_rows`), or its columns read as rows.
    fn of(board: &Board, by_rows: bool) -> Self {
        let line = |cell: usize| if by_rows { cell / SIDE } else { cell % SIDE };
        let mut rows = Rows {
            counts: [[0; SIDE]; SIDE],
            blank: 0,
        };
        for (cell, &tile) in board.iter().enumerate() {
            match usize::from(tile) {
                0 => rows.blank = line(cell),
                tile => rows.counts[line(cell)][line(tile - 1)] += 1,
            }
        }
        rows
    }

    /// A number below [`CODES`] that tells the rows apart: the counts of goal rows 0 and 1 in
    /// each row, two bits each (a row's third count follows from its size), and the blank's row.
    fn code(&self) -> usize {
        let counts = self.counts.iter().flat_map(|row| &row[..SIDE - 1]);
        counts.fold(self.blank, |code, &count| code << 2 | usize::from(count))
    }

    /// The rows after the blank moves up, or `down`, swapping with a tile of goal row `home`,
    /// if there is one there.
    fn moved(mut self, down: bool, home: usize) -> Option<Self> {
        let to = if down {
            self.blank + 1
        } else {
            self.blank.checked_sub(1)?
        };
        if to == SIDE || self.counts[to][home] == 0 {
            return None;
        }
        self.counts[to][home] -= 1;
        self.counts[self.blank][home] += 1;
        self.blank = to;
        Some(self)
    }
}

/// The walking distance of Ken'ichiro Takahashi: the least number of vertical moves that bring
/// the rows of a board to the goal's [`Rows`], plus the same for the columns and horizontal
/// moves. Every move counts in one of the two, so their sum is a lower bound; it is at least
/// the Manhattan distance, and 0 only at the goal. A breadth-first search from the goal over the
/// 105 states of [`Rows`] fills the table, in microseconds, and a move then updates the bound
/// by two lookups.
pub struct WalkingDistance {
    /// `distance[state]`: the least vertical moves from `state` to the goal's rows, which are
    /// state 0.
    distance: Vec<u8>,
    /// `next[state][down][home]`: the state after the blank moves up (`down` = 0) or down,
    /// swapping with a tile of goal row `home`; [`NO_STATE`] where there is no such tile.
    next: Vec<[[u8; SIDE]; 2]>,
    /// `number[rows.code()]`: the state of `rows`, [`NO_STATE`] for codes of no state.
    number: Vec<u8>,
}

/// The codes of [`Rows`]: two bits for the blank's row and for each of six counts.
const CODES: usize = 1 << 14;

/// Marks a move that [`WalkingDistance::next`] cannot make.
const NO_STATE: u8 = u8::MAX;

impl WalkingDistance {
    /// Builds the table: 105 states, O(105·6) time, 17 KB.
    pub fn new() -> Self {
        let goal = Rows::of(&GOAL, true);
        let mut number = vec![NO_STATE; CODES];
        number[goal.code()] = 0;
        let mut states = vec![goal];
        let mut distance = vec![0];
        let mut next = Vec::new();
        let mut head = 0;
        while let Some(&rows) = states.get(head) {
            let moves = [false, true].map(|down| {
                let mut after = [NO_STATE; SIDE];
                for (home, state) in after.iter_mut().enumerate() {
                    let Some(moved) = rows.moved(down, home) else {
                        continue;
                    };
                    if number[moved.code()] == NO_STATE {
                        number[moved.code()] = states.len() as u8;
                        states.push(moved);
                        distance.push(distance[head] + 1);
                    }
                    *state = number[moved.code()];
                }
                after
            });
            next.push(moves);
            head += 1;
        }
        WalkingDistance {
            distance,
            next,
            number,
        }
    }

    /// The numbers of the row and column states of `board`.
    fn states(&self, board: &Board) -> [u8; 2] {
        [true, false].map(|by_rows| self.number[Rows::of(board, by_rows).code()])
    }

    /// The bound of a board whose row and column states are `states`.
    fn estimate(&self, [rows, cols]: [u8; 2]) -> u8 {
        self.distance[usize::from(rows)] + self.distance[usize::from(cols)]
    }

    /// The states after `tile` slides from `cell` into the blank at `blank`. O(1).
    fn after_move(&self, [rows, cols]: [u8; 2], tile: usize, cell: usize, blank: usize) -> [u8; 2] {
        let home = tile - 1;
        if blank % SIDE == cell % SIDE {
            let down = usize::from(cell > blank);
            [self.next[usize::from(rows)][down][home / SIDE], cols]
        } else {
            let right = usize::from(cell > blank);
            [rows, self.next[usize::from(cols)][right][home % SIDE]]
        }
    }
}

impl Default for WalkingDistance {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------
// IDA*
// ---------------------------------------------------------------------------------------------

/// `NEIGHBOURS[blank]`: the moves of the blank from cell `blank`, in [`MOVES`] order, as
/// (letter, cell) pairs; a cell of [`CELLS`] marks no move.
const NEIGHBOURS: [[(u8, usize); 4]; CELLS] = neighbour_table();

const fn neighbour_table() -> [[(u8, usize); 4]; CELLS] {
    let mut table = [[(0, CELLS); 4]; CELLS];
    let mut blank = 0;
    while blank < CELLS {
        let mut i = 0;
        let mut found = 0;
        while i < MOVES.len() {
            if let Some(cell) = step(blank, MOVES[i]) {
                table[blank][found] = (MOVES[i], cell);
                found += 1;
            }
            i += 1;
        }
        blank += 1;
    }
    table
}

/// One iterative-deepening A* search from a board: depth-first searches bounded by moves made
/// plus walking distance, the bound raised to the least value that exceeded it until the goal
/// is found. Moves are tried in [`MOVES`] order and never undo the move before, so the first
/// path found is the lexicographically smallest optimal one.
struct Ida<'a> {
    walking: &'a WalkingDistance,
    board: Board,
    blank: usize,
    /// The letters of the moves made from the start board.
    path: Vec<u8>,
    /// The bound on moves made plus estimate of the current iteration.
    bound: u8,
    /// The least value over the bound seen in the current iteration.
    next_bound: u8,
    /// Boards expanded so far, over all iterations.
    nodes: u64,
}

impl Ida<'_> {
    /// Searches below the current board, reached in `made` moves, whose row and column states
    /// are `states`, by any move but the one back to cell `back`. Returns whether the goal was
    /// found, the path then being in `self.path`.
    fn descend(&mut self, made: u8, states: [u8; 2], back: usize) -> bool {
        if states == [0, 0] {
            return true;
        }
        self.nodes += 1;
        let blank = self.blank;
        for (letter, cell) in NEIGHBOURS[blank] {
            if cell == CELLS {
                break;
            }
            if cell == back {
                continue;
            }
            let tile = usize::from(self.board[cell]);
            let next = self.walking.after_move(states, tile, cell, blank);
            let total = made + 1 + self.walking.estimate(next);
            if total > self.bound {
                self.next_bound = self.next_bound.min(total);
                continue;
            }
            self.board.swap(blank, cell);
            self.blank = cell;
            self.path.push(letter);
            if self.descend(made + 1, next, blank) {
                return true;
            }
            self.path.pop();
            self.blank = blank;
            self.board.swap(blank, cell);
        }
        false
    }
}

/// The lexicographically smallest optimal path from a solvable `board` (see [`solvable`]), and
/// the number of boards expanded to find it. At most 31 moves; memory O(31).
pub fn ida_star(walking: &WalkingDistance, board: &Board) -> (Vec<u8>, u64) {
    let states = walking.states(board);
    let mut search = Ida {
        walking,
        board: *board,
        blank: blank_of(board),
        path: Vec::with_capacity(MAX_MOVES),
        bound: walking.estimate(states),
        next_bound: u8::MAX,
        nodes: 0,
    };
    while !search.descend(0, states, CELLS) {
        search.bound = std::mem::replace(&mut search.next_bound, u8::MAX);
    }
    (search.path, search.nodes)
}

// ---------------------------------------------------------------------------------------------
// The distance table
// ---------------------------------------------------------------------------------------------

/// Marks an arrangement the goal cannot reach.
const UNREACHABLE: u8 = u8::MAX;

/// The distance of every arrangement from the goal, indexed by [`rank`].
pub struct Table {
    distance: Vec<u8>,
}

impl Table {
    /// Fills the table by one breadth-first search from the goal: O(9!·9) time, 362,880 bytes
    /// and a queue of the 181,440 reachable boards.
    pub fn new() -> Self {
        let mut distance = vec![UNREACHABLE; ARRANGEMENTS];
        distance[rank(&GOAL)] = 0;
        let mut queue = Vec::with_capacity(ARRANGEMENTS / 2);
        queue.push((GOAL, blank_of(&GOAL)));
        let mut head = 0;
        while let Some(&(board, blank)) = queue.get(head) {
            head += 1;
            let next = distance[rank(&board)] + 1;
            for cell in MOVES.iter().filter_map(|&letter| step(blank, letter)) {
                let mut neighbour = board;
                neighbour.swap(blank, cell);
                let seen = &mut distance[rank(&neighbour)];
                if *seen == UNREACHABLE {
                    *seen = next;
                    queue.push((neighbour, cell));
                }
            }
        }
        Table { distance }
    }

    /// The least number of moves from `board` to the goal, or `None` when it cannot be reached.
    /// O(9).
    pub fn moves(&self, board: &Board) -> Option<u8> {
        Some(self.distance[rank(board)]).filter(|&d| d != UNREACHABLE)
    }

    /// The lexicographically smallest optimal path from `board`, or `None` when the goal cannot
    /// be reached: at each step the first move in [`MOVES`] order that gets one move closer.
    /// O(length·9).
    pub fn path(&self, board: &Board) -> Option<Vec<u8>> {
        let mut remaining = self.moves(board)?;
        let (mut board, mut blank) = (*board, blank_of(board));
        let mut path = Vec::with_capacity(usize::from(remaining));
        while remaining > 0 {
            remaining -= 1;
            let (letter, cell) = MOVES.iter().find_map(|&letter| {
                let cell = step(blank, letter)?;
                let mut next = board;
                next.swap(blank, cell);
                (self.moves(&next) == Some(remaining)).then_some((letter, cell))
            })?;
            board.swap(blank, cell);
            blank = cell;
            path.push(letter);
        }
        Some(path)
    }
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------
// Solving many boards
// ---------------------------------------------------------------------------------------------

/// About as many IDA* nodes as it takes to fill the [`Table`]: once the boards of one input have
/// cost this much search, the table is cheaper for the rest.
const TABLE_COST_IN_NODES: u64 = 1_000_000;

/// Solves boards one after another: by IDA* while that is cheap, by the table afterwards.
#[derive(Default)]
pub struct Solver {
    walking: Option<WalkingDistance>,
    table: Option<Table>,
    nodes: u64,
}

impl Solver {
    /// The lexicographically smallest optimal path from `board`, or `None` when the goal cannot
    /// be reached. The answer does not depend on the boards solved before; the time does.
    pub fn path(&mut self, board: &Board) -> Option<Vec<u8>> {
        if !solvable(board) {
            return None;
        }
        if let Some(table) = &self.table {
            return table.path(board);
        }
        let walking = self.walking.get_or_insert_with(WalkingDistance::new);
        let (path, nodes) = ida_star(walking, board);
        self.nodes += nodes;
        if self.nodes >= TABLE_COST_IN_NODES {
            self.table = Some(Table::new());
        }
        Some(path)
    }

    /// The least number of moves from `board` to the goal, or `None` when it cannot be reached.
    pub fn moves(&mut self, board: &Board) -> Option<u8> {
        match &self.table {
            Some(table) => table.moves(board),
            None => self.path(board).map(|path| path.len() as u8),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Everything that stops the program before the end of its input.
#[derive(Debug)]
pub enum Error {
    /// Returned when a command-line argument is not `--path` or `--help`.
    UnknownArgument(String),
    /// Returned when a character of a board is not a tile `1`–`8`, `x` or `0`; `what` shows it.
    NotATile {
        case: usize,
        at: Place,
        what: String,
    },
    /// Returned when a board holds the same tile twice (`0` for the blank).
    Repeated { case: usize, at: Place, tile: u8 },
    /// Returned when the input ends inside a board, after `tiles` of its tiles.
    Short { case: usize, tiles: usize },
    /// Returned when reading stdin or writing stdout fails.
    Io(io::Error),
}

/// Where a token is in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

impl Error {
    /// The exit code of SPEC.md: 2 for bad usage, 1 for bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::UnknownArgument(_) => 2,
            _ => 1,
        }
    }
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
            Error::NotATile { case, at, what } => {
                write!(f, "case {case}: {what} is not a tile ({at})")
            }
            Error::Repeated { case, at, tile: 0 } => {
                write!(f, "case {case}: the blank is repeated ({at})")
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

/// The non-whitespace bytes of the input with their places, in order.
struct Tokens<'a> {
    input: &'a [u8],
    offset: usize,
    place: Place,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Self {
        let place = Place { line: 1, column: 1 };
        Tokens {
            input,
            offset: 0,
            place,
        }
    }

    /// The character at `offset` as a message shows it: `'a'`, or `byte 0xff` where the input
    /// is not UTF-8.
    fn describe(&self, offset: usize) -> String {
        let rest = &self.input[offset..];
        (1..=rest.len().min(4))
            .find_map(|len| std::str::from_utf8(&rest[..len]).ok())
            .and_then(|text| text.chars().next())
            .map_or_else(|| format!("byte {:#04x}", rest[0]), |c| format!("{c:?}"))
    }
}

impl Iterator for Tokens<'_> {
    /// The token's place, its offset in the input and its byte.
    type Item = (Place, usize, u8);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let offset = self.offset;
            let byte = *self.input.get(offset)?;
            let place = self.place;
            self.offset += 1;
            self.place.column += 1;
            match byte {
                b'\n' => {
                    self.place = Place {
                        line: place.line + 1,
                        column: 1,
                    }
                }
                _ if byte.is_ascii_whitespace() => {}
                _ => return Some((place, offset, byte)),
            }
        }
    }
}

/// Reads board number `case` from `tokens`: `Ok(None)` at the end of input.
fn read_board(tokens: &mut Tokens<'_>, case: usize) -> Result<Option<Board>, Error> {
    let mut board = [0; CELLS];
    let mut seen = [false; CELLS];
    for (i, slot) in board.iter_mut().enumerate() {
        let Some((at, offset, byte)) = tokens.next() else {
            return match i {
                0 => Ok(None),
                tiles => Err(Error::Short { case, tiles }),
            };
        };
        let tile = match byte {
            b'x' | b'0' => 0,
            b'1'..=b'8' => byte - b'0',
            _ => {
                return Err(Error::NotATile {
                    case,
                    at,
                    what: tokens.describe(offset),
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

const USAGE: &str = "usage: eight [--path] < boards";

/// Reads the arguments after the program name: `None` when they ask for help.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Option<Output>, Error> {
    let mut output = Output::Moves;
    for arg in args {
        match arg.as_str() {
            "--path" => output = Output::Path,
            "--help" | "-h" => return Ok(None),
            _ => return Err(Error::UnknownArgument(arg)),
        }
    }
    Ok(Some(output))
}

/// Answers every board of `input` on `out`, in order, up to the first bad one.
pub fn run<R: BufRead, W: Write>(mut input: R, out: &mut W, output: Output) -> Result<(), Error> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    let mut solver = Solver::default();
    let mut tokens = Tokens::new(&bytes);
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
                Some(path) => {
                    out.write_all(&path)?;
                    writeln!(out)?;
                }
                None => writeln!(out, "unsolvable")?,
            },
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    // An argument that is not UTF-8 is read lossily, to be refused as unknown.
    let args = std::env::args_os().skip(1);
    let output = match parse_args(args.map(|arg| arg.to_string_lossy().into_owned())) {
        Ok(Some(output)) => output,
        Ok(None) => {
            println!("{USAGE}\nReads 3x3 boards (x the blank) from stdin; prints the least moves, or -1.");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(error.exit_code());
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(io::stdin().lock(), &mut out, output);
    let flushed = out.flush();
    match result.and(flushed.map_err(Error::from)) {
        Ok(()) => ExitCode::SUCCESS,
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
        run(input.as_bytes(), &mut out, output).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn acwing_sample() {
        assert_eq!(answer("2 3 4 1 5 x 7 6 8", Output::Moves), "19\n");
        assert_eq!(answer("23415x768\n", Output::Path).trim_end().len(), 19);
    }

    #[test]
    fn hardest_and_unsolvable() {
        let input = "8 6 7 2 5 4 3 x 1\n6 4 7 8 5 x 3 2 1\n1 2 3 4 5 6 8 7 x\n12345678x";
        assert_eq!(answer(input, Output::Moves), "31\n31\n-1\n0\n");
    }

    #[test]
    fn table_and_search_agree() {
        let (table, walking) = (Table::new(), WalkingDistance::new());
        for board in [
            [8, 6, 7, 2, 5, 4, 3, 0, 1],
            [2, 3, 4, 1, 5, 0, 7, 6, 8],
            GOAL,
        ] {
            assert_eq!(table.path(&board), Some(ida_star(&walking, &board).0));
        }
    }

    #[test]
    fn errors_name_case_and_place() {
        let cases = [
            ("12345678x\n1234", "case 2: input ends after 4 of 9 tiles"),
            ("1 2 3\n4 a", "case 1: 'a' is not a tile (line 2, column 3)"),
            ("1239", "case 1: '9' is not a tile (line 1, column 4)"),
            (
                "1 2 3 4 5 5",
                "case 1: tile 5 is repeated (line 1, column 11)",
            ),
            ("x 0", "case 1: the blank is repeated (line 1, column 3)"),
        ];
        for (input, message) in cases {
            let error = run(input.as_bytes(), &mut Vec::new(), Output::Moves).unwrap_err();
            assert_eq!(error.to_string(), message);
            assert_eq!(error.exit_code(), 1);
        }
        let error = run(&b"12\xff"[..], &mut Vec::new(), Output::Moves).unwrap_err();
        assert_eq!(
            error.to_string(),
            "case 1: byte 0xff is not a tile (line 1, column 3)"
        );
    }
}
