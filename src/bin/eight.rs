//! Solves the 8-puzzle of [AcWing 845 "八数码"](https://www.acwing.com/problem/content/847/): the
//! least number of moves that bring a 3×3 board to `1 2 3 / 4 5 6 / 7 8 x`; with `--path`, the
//! move string of [AcWing 179](https://www.acwing.com/problem/content/181/) and
//! [POJ 1077](http://poj.org/problem?id=1077); with `--goal spiral`, the moves to
//! `1 2 3 / 8 x 4 / 7 6 5` of [Luogu P1379](https://www.luogu.com.cn/problem/P1379).
//!
//! Boards of 9 tokens (`1`–`8`, and `x` or `0` for the blank; whitespace between them
//! optional) are read until end of input, from the file named or else from stdin, and each is
//! answered on a line of its own: the least number of moves, or `-1` when the goal cannot be
//! reached; with `--path`, the lexicographically smallest optimal path in `d < l < r < u` (each
//! letter the direction the blank moves), or `unsolvable`. [`help`] is the manual: options,
//! errors and exit codes. A judge passes no arguments: [`DEFAULT_GOAL`] and [`DEFAULT_OUTPUT`]
//! then say what is solved.
//!
//! # Complexity
//!
//! Solvability is the parity of the tiles' inversions against the goal's, O(9²), before any
//! search. A solvable board is solved by IDA* bounded by the walking distance (a table of 105
//! states for the rows and one for the columns, built in microseconds for the goal's blank):
//! to the standard goal, 895 nodes on average over the 181,440 solvable boards, 3,245 and 3,557
//! on the two 31-move boards and at most 33,452 (`5 x 3 / 8 6 2 / 7 4 1`), with no memory
//! beyond the path; to the spiral goal, 867 on average and at most 27,904
//! (`3 2 x / 4 7 1 / 5 6 8`). Once the boards of one input have cost as much search as a full
//! table would, a breadth-first search from the goal fills the distance of all
//! 9!/2 = 181,440 reachable boards (362,880 bytes, O(9!·9) time), and every later board is
//! answered in O(9), its path in O(31·9).
#![forbid(unsafe_code)]

use std::fmt;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

// ---------------------------------------------------------------------------------------------
// What a judge runs: the program with no arguments
// ---------------------------------------------------------------------------------------------

/// The goal when `--goal` is not given: [`STANDARD`] for AcWing 845, AcWing 179 and POJ 1077;
/// set it to [`SPIRAL`] to submit this file to Luogu P1379.
pub const DEFAULT_GOAL: Board = STANDARD;

/// What is printed when `--path` is not given: [`Output::Moves`] for AcWing 845 and Luogu
/// P1379; set it to [`Output::Path`] to submit this file to AcWing 179 or POJ 1077.
pub const DEFAULT_OUTPUT: Output = Output::Moves;

// ---------------------------------------------------------------------------------------------
// Boards and moves
// ---------------------------------------------------------------------------------------------

/// Number of rows, and of columns.
const SIDE: usize = 3;
/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;
/// A board, row-major: `board[row * SIDE + col]` is the tile there, `0` the blank.
pub type Board = [u8; CELLS];
/// The goal of AcWing 845: `1 2 3 / 4 5 6 / 7 8 x`.
pub const STANDARD: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// The goal of Luogu P1379: the tiles clockwise from the top-left corner, the blank in the
/// centre, `1 2 3 / 8 x 4 / 7 6 5`.
pub const SPIRAL: Board = [1, 2, 3, 8, 0, 4, 7, 6, 5];
/// Number of arrangements of the nine tiles: 9! (half of them reachable from a goal).
const ARRANGEMENTS: usize = 362_880;
/// The longest optimal solution of any board, to any goal.
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

/// Whether `goal` can be reached from `board`, both permutations of `0..9`. On a board of odd
/// width a move changes the number of inversions among the tiles (blank left out) by 0 or ±2,
/// so its parity never changes, and the 9!/2 boards of each parity are all connected: the goal
/// is reachable exactly when the two boards' parities agree. O(9²).
pub fn solvable(board: &Board, goal: &Board) -> bool {
    odd_inversions(board) == odd_inversions(goal)
}

/// Whether the tiles of `board`, the blank left out, are out of order in an odd number of
/// pairs. O(9²).
fn odd_inversions(board: &Board) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&t| t != 0).collect();
    let inversions: usize = (0..tiles.len())
        .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
        .sum();
    inversions % 2 == 1
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
/// [home]` tiles of goal row `home` are in `row`, and the blank is in row `blank`. It reads
/// boards [`relabelled`](WalkingDistance::relabel) for the goal: tile `t` belongs at cell
/// `t - 1`. A vertical
/// move takes one tile from the blank's neighbouring row into the blank's row; a horizontal
/// move changes nothing here. Read with columns for rows, the same holds for columns.
#[derive(Clone, Copy)]
struct Rows {
    counts: [[u8; SIDE]; SIDE],
    blank: usize,
}

impl Rows {
    /// The rows of a relabelled `board` (`by_rows`), or its columns read as rows.
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
    /// each row, two bits each (a row's third count follows from its size, which the blank's
    /// row tells), and the blank's row.
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

/// The least number of moves along one axis, vertical or horizontal, from each state of
/// [`Rows`] to the goal's: a breadth-first search from the goal's state over the 105 states.
/// The states and their distances depend only on the line of the goal's blank.
#[derive(Clone)]
struct Axis {
    /// `distance[state]`: the least moves from `state` to the goal's rows, which are state 0.
    distance: Vec<u8>,
    /// `next[state][down][home]`: the state after the blank moves up (`down` = 0) or down,
    /// swapping with a tile of goal row `home`; [`NO_STATE`] where there is no such tile.
    next: Vec<[[u8; SIDE]; 2]>,
    /// `number[rows.code()]`: the state of `rows`, [`NO_STATE`] for codes of no state.
    number: Vec<u8>,
}

/// The codes of [`Rows`]: two bits for the blank's row and for each of six counts.
const CODES: usize = 1 << 14;

/// Marks a move that [`Axis::next`] cannot make.
const NO_STATE: u8 = u8::MAX;

impl Axis {
    /// Builds the table from the goal's rows: 105 states, O(105·6) time, 17 KB.
    fn new(goal: Rows) -> Self {
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
        Axis {
            distance,
            next,
            number,
        }
    }
}

/// The walking distance of Ken'ichiro Takahashi: the least number of vertical moves that bring
/// the rows of a board to the goal's [`Rows`], plus the same for the columns and horizontal
/// moves. Every move counts in one of the two, so their sum is a lower bound; it is at least
/// the Manhattan distance, and 0 only at the goal. Two breadth-first searches fill the tables,
/// in microseconds, and a move then updates the bound by two lookups.
pub struct WalkingDistance {
    /// `label[tile]`: one more than the cell of `tile` in the goal; 0 for the blank.
    label: [u8; CELLS],
    /// The tables of the rows and of the columns.
    axes: [Axis; 2],
}

impl WalkingDistance {
    /// Builds the tables for `goal`, a permutation of `0..9`: 2·105 states, O(2·105·6) time
    /// (one table and a copy when the goal's blank is on the main diagonal, as in the standard
    /// and spiral goals), 34 KB.
    pub fn new(goal: &Board) -> Self {
        let mut label = [0; CELLS];
        for (cell, &tile) in goal.iter().enumerate().filter(|&(_, &tile)| tile != 0) {
            label[usize::from(tile)] = cell as u8 + 1;
        }
        let blank = blank_of(goal);
        let goal = goal.map(|tile| label[usize::from(tile)]);
        let rows = Axis::new(Rows::of(&goal, true));
        // With the goal's blank on the main diagonal, the columns read as rows are the rows.
        let cols = if blank / SIDE == blank % SIDE {
            rows.clone()
        } else {
            Axis::new(Rows::of(&goal, false))
        };
        WalkingDistance {
            label,
            axes: [rows, cols],
        }
    }

    /// `board` with each tile renamed after its goal cell, `t` for the tile that belongs at
    /// cell `t - 1`, so that the search finds a tile's goal row and column in the tile itself.
    fn relabel(&self, board: &Board) -> Board {
        board.map(|tile| self.label[usize::from(tile)])
    }

    /// The numbers of the row and column states of a relabelled `board`.
    fn states(&self, board: &Board) -> [u8; 2] {
        let [rows, cols] = &self.axes;
        [(rows, true), (cols, false)]
            .map(|(axis, by_rows)| axis.number[Rows::of(board, by_rows).code()])
    }

    /// The bound of a board whose row and column states are `states`.
    fn estimate(&self, [rows, cols]: [u8; 2]) -> u8 {
        let [by_rows, by_cols] = &self.axes;
        by_rows.distance[usize::from(rows)] + by_cols.distance[usize::from(cols)]
    }

    /// The states after relabelled `tile` slides from `cell` into the blank at `blank`. O(1).
    fn after_move(&self, [rows, cols]: [u8; 2], tile: usize, cell: usize, blank: usize) -> [u8; 2] {
        let home = tile - 1;
        let [by_rows, by_cols] = &self.axes;
        if blank % SIDE == cell % SIDE {
            let down = usize::from(cell > blank);
            [by_rows.next[usize::from(rows)][down][home / SIDE], cols]
        } else {
            let right = usize::from(cell > blank);
            [rows, by_cols.next[usize::from(cols)][right][home % SIDE]]
        }
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
    /// The board, [relabelled](WalkingDistance::relabel).
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

/// The lexicographically smallest optimal path from `board` to the goal of `walking`, which
/// `board` must be able to reach (see [`solvable`]), and the number of boards expanded to find
/// it. At most 31 moves; memory O(31).
pub fn ida_star(walking: &WalkingDistance, board: &Board) -> (Vec<u8>, u64) {
    let relabelled = walking.relabel(board);
    let states = walking.states(&relabelled);
    let mut search = Ida {
        walking,
        board: relabelled,
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

/// The distance of every arrangement from one goal, indexed by [`rank`].
pub struct Table {
    distance: Vec<u8>,
}

impl Table {
    /// Fills the table by one breadth-first search from `goal`, a permutation of `0..9`:
    /// O(9!·9) time, 362,880 bytes and a queue of the 181,440 reachable boards.
    pub fn new(goal: &Board) -> Self {
        let mut distance = vec![UNREACHABLE; ARRANGEMENTS];
        distance[rank(goal)] = 0;
        let mut queue = Vec::with_capacity(ARRANGEMENTS / 2);
        queue.push((*goal, blank_of(goal)));
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

// ---------------------------------------------------------------------------------------------
// Solving many boards
// ---------------------------------------------------------------------------------------------

/// About as many IDA* nodes as it takes to fill the [`Table`]: once the boards of one input have
/// cost this much search, the table is cheaper for the rest.
const TABLE_COST_IN_NODES: u64 = 1_000_000;

/// Solves boards one after another for one goal: by IDA* while that is cheap, by the table
/// afterwards.
pub struct Solver {
    goal: Board,
    walking: Option<WalkingDistance>,
    table: Option<Table>,
    nodes: u64,
}

impl Solver {
    /// A solver for `goal`, a permutation of `0..9`. Its tables are built when first needed.
    pub fn new(goal: Board) -> Self {
        Solver {
            goal,
            walking: None,
            table: None,
            nodes: 0,
        }
    }

    /// The lexicographically smallest optimal path from `board`, or `None` when the goal cannot
    /// be reached. The answer does not depend on the boards solved before; the time does.
    pub fn path(&mut self, board: &Board) -> Option<Vec<u8>> {
        if !solvable(board, &self.goal) {
            return None;
        }
        if let Some(table) = &self.table {
            return table.path(board);
        }
        let goal = &self.goal;
        let walking = self
            .walking
            .get_or_insert_with(|| WalkingDistance::new(goal));
        let (path, nodes) = ida_star(walking, board);
        self.nodes += nodes;
        if self.nodes >= TABLE_COST_IN_NODES {
            self.table = Some(Table::new(&self.goal));
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

/// Everything that stops the program before the end of its input, with its message.
#[derive(Debug)]
pub enum Error {
    /// Bad usage: an unknown argument (or one that is not UTF-8), a second file, `--goal`
    /// without a value or with a bad one. Exit code 2, the usage line after the message.
    Usage(String),
    /// A bad board (the message names its case and, when it can, the place) or a file that
    /// cannot be read. Exit code 1.
    Input(String),
    /// Reading stdin or writing stdout failed. Exit code 1.
    Io(io::Error),
}

impl Error {
    /// The exit code of SPEC.md: 2 for bad usage, 1 for bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::Input(_) | Error::Io(_) => 1,
        }
    }

    /// The error of an argument that is not an option: `arg` is shown quoted.
    fn unknown(arg: &str) -> Self {
        Error::Usage(format!("unknown argument {arg:?}"))
    }
}

/// Where a token is in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    line: usize,
    column: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Input(message) => f.write_str(message),
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

/// How the input is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// All of it before the first board: the fastest, for pipes and files.
    Whole,
    /// A line at a time, each answer written and flushed as soon as the last token of its
    /// board is read: for a person typing at a terminal.
    Lines,
}

/// The non-whitespace bytes of the input with their places, in order.
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
    /// says: `false` at the end of input.
    fn refill(&mut self) -> io::Result<bool> {
        self.buffer.clear();
        self.offset = 0;
        let read = match self.reading {
            Reading::Whole => self.input.read_to_end(&mut self.buffer)?,
            Reading::Lines => self.input.read_until(b'\n', &mut self.buffer)?,
        };
        Ok(read > 0)
    }

    /// The next token: its place, its offset in the buffer and its byte; `None` at the end of
    /// input.
    fn token(&mut self) -> io::Result<Option<(Place, usize, u8)>> {
        loop {
            if self.offset == self.buffer.len() && !self.refill()? {
                return Ok(None);
            }
            let offset = self.offset;
            let byte = self.buffer[offset];
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
                _ => return Ok(Some((place, offset, byte))),
            }
        }
    }

    /// The character at `offset` in the buffer as a message shows it: `'a'`, or `byte 0xff`
    /// where the input is not UTF-8.
    fn describe(&self, offset: usize) -> String {
        let rest = &self.buffer[offset..];
        (1..=rest.len().min(4))
            .find_map(|len| std::str::from_utf8(&rest[..len]).ok())
            .and_then(|text| text.chars().next())
            .map_or_else(|| format!("byte {:#04x}", rest[0]), |c| format!("{c:?}"))
    }
}

/// Reads board number `case` from `tokens`: `Ok(None)` at the end of input.
fn read_board<R: BufRead>(tokens: &mut Tokens<R>, case: usize) -> Result<Option<Board>, Error> {
    let mut board = [0; CELLS];
    let mut seen = [false; CELLS];
    for (i, slot) in board.iter_mut().enumerate() {
        let Some((at, offset, byte)) = tokens.token()? else {
            return match i {
                0 => Ok(None),
                tiles => Err(Error::Input(format!(
                    "case {case}: input ends after {tiles} of {CELLS} tiles"
                ))),
            };
        };
        let tile = match byte {
            b'x' | b'0' => 0,
            b'1'..=b'8' => byte - b'0',
            _ => {
                let what = tokens.describe(offset);
                return Err(Error::Input(format!(
                    "case {case}: {what} is not a tile ({at})"
                )));
            }
        };
        if std::mem::replace(&mut seen[usize::from(tile)], true) {
            let what = match tile {
                0 => "the blank".to_string(),
                tile => format!("tile {tile}"),
            };
            return Err(Error::Input(format!(
                "case {case}: {what} is repeated ({at})"
            )));
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// What is printed for each board.
    pub output: Output,
    /// The board to reach.
    pub goal: Board,
}

/// What the arguments ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print the help.
    Help,
    /// Print the name and [`VERSION`].
    Version,
    /// Answer the boards of `file`, or of stdin when there is none, as `options` say.
    Solve {
        options: Options,
        file: Option<String>,
    },
}

/// The version `--version` prints. Cargo.toml's (a test ties the two), written out because a
/// judge builds this file alone, with no Cargo to tell it.
pub const VERSION: &str = "0.1.0";

const USAGE: &str = "usage: eight [--path] [--goal GOAL] [FILE]";

/// `board` as the help writes it: `1 2 3 / 4 5 6 / 7 8 x`.
fn show(board: &Board) -> String {
    let tile = |&t: &u8| if t == 0 { 'x' } else { char::from(b'0' + t) };
    let rows: Vec<String> = (board.chunks(SIDE))
        .map(|row| {
            row.iter()
                .map(|t| tile(t).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows.join(" / ")
}

/// The manual that `--help` prints, with the defaults of this build.
fn help() -> String {
    let output_default = match DEFAULT_OUTPUT {
        Output::Moves => "the number of moves",
        Output::Path => "the path",
    };
    format!(
        "{USAGE}

Solves the 8-puzzle: the least number of moves that bring each 3x3 board to the
goal (AcWing 845; Luogu P1379 with --goal spiral), or the moves themselves with
--path (AcWing 179, POJ 1077).

Input: boards of 9 tokens, row-major, until end of input, from FILE or else from
stdin. A token is one character: a tile 1-8, or x (or 0) for the blank.
Whitespace between tokens is optional, so \"2 3 4 1 5 x 7 6 8\" and \"23415x768\"
are the same board. Piped input and files are read whole; at a terminal each
board is answered as soon as its last token is typed (Ctrl-D ends).

Options:
  FILE         read the boards from FILE instead of stdin
  --goal GOAL  the board to reach (default: {default}):
                 standard             {standard}
                 spiral               {spiral}
                 \"t t t t t t t t t\"  nine tokens, written as a board is
  --path       print the path of each board, not its number of moves
               (default: {output_default})
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
  $ echo 23415x768 | eight --path
  dlurullddrurdllurdr
",
        default = show(&DEFAULT_GOAL),
        standard = show(&STANDARD),
        spiral = show(&SPIRAL),
    )
}

/// Reads the arguments after the program name: options, and one argument not starting with
/// `-` (nor the value of `--goal`), the file to read.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, Error> {
    let mut options = Options {
        output: DEFAULT_OUTPUT,
        goal: DEFAULT_GOAL,
    };
    let mut file = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--path" => options.output = Output::Path,
            "--goal" => {
                let goal = args.next();
                let goal = goal.ok_or_else(|| Error::Usage("--goal needs a value".into()))?;
                options.goal = parse_goal(goal)?;
            }
            "--help" | "-h" => return Ok(Command::Help),
            "--version" => return Ok(Command::Version),
            _ if arg.starts_with('-') => return Err(Error::unknown(&arg)),
            _ if file.is_some() => {
                let message = format!("a second file {arg:?}: one at most is read");
                return Err(Error::Usage(message));
            }
            _ => file = Some(arg),
        }
    }
    Ok(Command::Solve { options, file })
}

/// The goal `--goal` names: `standard`, `spiral`, or nine tokens read as a board is.
fn parse_goal(goal: String) -> Result<Board, Error> {
    match goal.as_str() {
        "standard" => Ok(STANDARD),
        "spiral" => Ok(SPIRAL),
        text => {
            let mut tokens = Tokens::new(text.as_bytes(), Reading::Whole);
            match (read_board(&mut tokens, 1), tokens.token()) {
                (Ok(Some(board)), Ok(None)) => Ok(board),
                _ => Err(Error::Usage(format!(
                    "--goal {goal:?} is not standard, spiral or a board of nine tiles 1-8 and x"
                ))),
            }
        }
    }
}

/// Answers every board of `input` on `out`, in order, up to the first bad one; with
/// [`Reading::Lines`], flushes `out` after each answer.
pub fn run<R: BufRead, W: Write>(
    input: R,
    out: &mut W,
    options: Options,
    reading: Reading,
) -> Result<(), Error> {
    let mut solver = Solver::new(options.goal);
    let mut tokens = Tokens::new(input, reading);
    for case in 1.. {
        let Some(board) = read_board(&mut tokens, case)? else {
            break;
        };
        match options.output {
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
        if reading == Reading::Lines {
            out.flush()?;
        }
    }
    Ok(())
}

/// Answers every board of `input` on stdout, as [`run`] does, and flushes it.
fn answer<R: BufRead>(input: R, options: Options, reading: Reading) -> Result<(), Error> {
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(input, &mut out, options, reading);
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
        .map_err(|arg| Error::unknown(&arg))
        .and_then(parse_args);
    let (options, file) = match command {
        Ok(Command::Solve { options, file }) => (options, file),
        Ok(Command::Help) => return exit(print(&help())),
        Ok(Command::Version) => return exit(print(&format!("eight {VERSION}\n"))),
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(error.exit_code());
        }
    };
    let result = match file {
        Some(file) => match std::fs::read(&file) {
            Ok(bytes) => answer(&bytes[..], options, Reading::Whole),
            Err(error) => Err(Error::Input(format!("cannot read {file}: {error}"))),
        },
        None => {
            let stdin = io::stdin();
            let reading = if stdin.is_terminal() {
                Reading::Lines
            } else {
                Reading::Whole
            };
            answer(stdin.lock(), options, reading)
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
