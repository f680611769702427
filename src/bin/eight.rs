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
//! board is solved by IDA* with the Manhattan distance plus linear conflicts as its bound:
//! 997 nodes on average over the 181,440 solvable boards, 8,000 on the two 31-move boards and
//! at most 32,947 (`5 x 3 / 8 6 2 / 7 4 1`), at about 10 ns a node, with no memory beyond the
//! path. Once the boards of one input have cost as much search as a full table would, a
//! breadth-first search from the goal fills the distance of all 9!/2 = 181,440 reachable boards
//! (362,880 bytes, O(9!·9) time, about 12 ms), and every later board is answered in O(9), its
//! path in O(31·9).
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
// The lower bound: Manhattan distance plus linear conflicts
// ---------------------------------------------------------------------------------------------

/// `MANHATTAN[tile][cell]`: the taxicab distance of `cell` from the goal cell of `tile`, and 0
/// for the blank.
const MANHATTAN: [[u8; CELLS]; CELLS] = manhattan_table();

const fn manhattan_table() -> [[u8; CELLS]; CELLS] {
    let mut table = [[0; CELLS]; CELLS];
    let mut tile = 1;
    while tile < CELLS {
        let home = tile - 1;
        let mut cell = 0;
        while cell < CELLS {
            let rows = (home / SIDE).abs_diff(cell / SIDE);
            let cols = (home % SIDE).abs_diff(cell % SIDE);
            table[tile][cell] = (rows + cols) as u8;
            cell += 1;
        }
        tile += 1;
    }
    table
}

/// The rows and columns of the board: `LINES[line]` lists its cells in order; lines `0..3` are
/// the rows, `3..6` the columns.
const LINES: [[usize; SIDE]; 2 * SIDE] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];

/// Number of ways to fill the cells of a line: 9³.
const LINE_CONTENTS: usize = CELLS * CELLS * CELLS;

/// `CONFLICTS[line][content]`, content `a·81 + b·9 + c` for tiles `a b c` read along the line:
/// twice the least number of the line's own tiles (those whose goal is in it) that must leave
/// it so that the others are in their goal order. Two tiles of a line in reverse order cannot
/// pass each other without one leaving the line, two moves that the Manhattan distance does
/// not count, so the sum over all lines added to it is still a lower bound (Hansson, Mayer and
/// Yung, 1992).
const CONFLICTS: [[u8; LINE_CONTENTS]; 2 * SIDE] = conflict_table();

const fn conflict_table() -> [[u8; LINE_CONTENTS]; 2 * SIDE] {
    let mut table = [[0; LINE_CONTENTS]; 2 * SIDE];
    let mut line = 0;
    while line < 2 * SIDE {
        let mut content = 0;
        while content < LINE_CONTENTS {
            let tiles = [content / 81, content / 9 % 9, content % 9];
            // The goal order of each tile of this line, read along it.
            let mut order = [0; SIDE];
            let mut own = 0;
            let mut i = 0;
            while i < SIDE {
                let home = tiles[i].wrapping_sub(1);
                let (row, col) = (home / SIDE, home % SIDE);
                let is_own = tiles[i] != 0
                    && if line < SIDE {
                        row == line
                    } else {
                        col == line - SIDE
                    };
                if is_own {
                    order[own] = if line < SIDE { col } else { row };
                    own += 1;
                }
                i += 1;
            }
            // Keep the longest increasing subsequence of goal orders; the rest must leave.
            let mut longest = [0; SIDE];
            let mut keep = 0;
            let mut i = 0;
            while i < own {
                longest[i] = 1;
                let mut j = 0;
                while j < i {
                    if order[j] < order[i] && longest[j] + 1 > longest[i] {
                        longest[i] = longest[j] + 1;
                    }
                    j += 1;
                }
                if longest[i] > keep {
                    keep = longest[i];
                }
                i += 1;
            }
            table[line][content] = 2 * (own - keep) as u8;
            content += 1;
        }
        line += 1;
    }
    table
}

/// The place of each cell along its lines: `WEIGHT[k]` weighs the k-th cell of a line in the
/// index of [`CONFLICTS`].
const WEIGHT: [usize; SIDE] = [CELLS * CELLS, CELLS, 1];

/// The index in [`CONFLICTS`] of the tiles along line `line` of `board`.
fn line_content(board: &Board, line: usize) -> usize {
    LINES[line]
        .iter()
        .zip(WEIGHT)
        .map(|(&cell, weight)| usize::from(board[cell]) * weight)
        .sum()
}

/// The lower bound on the moves left: the tiles' Manhattan distances plus the linear
/// conflicts of every line; 0 only at the goal.
fn estimate(board: &Board) -> u8 {
    let manhattan: u8 = board
        .iter()
        .enumerate()
        .map(|(cell, &tile)| MANHATTAN[usize::from(tile)][cell])
        .sum();
    let conflicts: u8 = (0..2 * SIDE)
        .map(|line| CONFLICTS[line][line_content(board, line)])
        .sum();
    manhattan + conflicts
}

/// The row (`by_rows`) or column of `cell` as a line of [`LINES`], and the place of `cell` in it.
fn line_and_place(cell: usize, by_rows: bool) -> (usize, usize) {
    if by_rows {
        (cell / SIDE, cell % SIDE)
    } else {
        (SIDE + cell % SIDE, cell / SIDE)
    }
}

/// The change of [`estimate`] when `tile` slides from `cell` into the blank at `blank` on
/// `board` (before the move). The tile's Manhattan distance changes by 1, and at most one
/// line's conflicts: the tile's own row for a vertical move (its own column for a horizontal
/// one), when the move takes the tile out of it or into it. O(1).
fn change(board: &Board, tile: usize, cell: usize, blank: usize) -> i8 {
    let manhattan = MANHATTAN[tile][blank] as i8 - MANHATTAN[tile][cell] as i8;
    let by_rows = blank % SIDE == cell % SIDE;
    let (own, _) = line_and_place(tile - 1, by_rows);
    let (from, place_from) = line_and_place(cell, by_rows);
    let (to, place_to) = line_and_place(blank, by_rows);
    let moved = if own == from {
        -((tile * WEIGHT[place_from]) as isize)
    } else if own == to {
        (tile * WEIGHT[place_to]) as isize
    } else {
        return manhattan;
    };
    let before = line_content(board, own);
    let after = before.wrapping_add_signed(moved);
    manhattan + CONFLICTS[own][after] as i8 - CONFLICTS[own][before] as i8
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
/// plus [`estimate`], the bound raised to the least value that exceeded it until the goal is
/// found. Moves are tried in [`MOVES`] order and never undo the move before, so the first
/// path found is the lexicographically smallest optimal one.
struct Ida {
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

impl Ida {
    /// Searches below the current board, reached in `made` moves, whose estimate is
    /// `estimate`, by any move but the one back to cell `back`. Returns whether the goal was
    /// found, the path then being in `self.path`.
    fn descend(&mut self, made: u8, estimate: u8, back: usize) -> bool {
        if estimate == 0 {
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
            let next = estimate.wrapping_add_signed(change(&self.board, tile, cell, blank));
            let total = made + 1 + next;
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
pub fn ida_star(board: &Board) -> (Vec<u8>, u64) {
    let estimate = estimate(board);
    let mut search = Ida {
        board: *board,
        blank: blank_of(board),
        path: Vec::with_capacity(MAX_MOVES),
        bound: estimate,
        next_bound: u8::MAX,
        nodes: 0,
    };
    while !search.descend(0, estimate, CELLS) {
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
        let (path, nodes) = ida_star(board);
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
    let output = match parse_args(std::env::args().skip(1)) {
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
        let table = Table::new();
        for board in [
            [8, 6, 7, 2, 5, 4, 3, 0, 1],
            [2, 3, 4, 1, 5, 0, 7, 6, 8],
            GOAL,
        ] {
            assert_eq!(table.path(&board), Some(ida_star(&board).0));
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
