//! Solves the n×n sliding-tile puzzle and its rectangular kin: the "gioco del quindici" of
//! Montresor, *Algoritmi e Strutture Dati*, §19.5 (seed 003,
//! <https://algoritmicamente.it/materiali/libro/capitoli/cap19.pdf>), as judges pose it: UVa 10181
//! "15-Puzzle Problem" (<https://onlinejudge.org/external/101/10181.pdf>), Luogu P1379
//! (<https://www.luogu.com.cn/problem/P1379>, the spiral goal), and Korf's 100 instances
//! (R. E. Korf, "Depth-first iterative-deepening", Artificial Intelligence 27, 1985).
//!
//! # Input
//!
//! Cases until the end of input. A case is a header line, `n` (an n×n board) or `rows cols`,
//! then rows·cols integers in row-major order, `0` the blank, separated by any whitespace
//! (CRLF is fine). Empty input is zero cases.
//!
//! # Output
//!
//! Per case, a line with the number of moves, or `-1` when the goal cannot be reached; then,
//! for a reachable goal, a line with the path (empty for a solved board). A letter `U D L R`
//! names the direction the *blank* moves. `ida` prints the canonical path: the
//! lexicographically smallest optimal path under `D < L < R < U`. `astar` and `bfs` print an
//! optimal path, rebuilt from their level maps, which is not always the canonical one; `dfs`
//! prints some path of at most K moves; `any` prints a valid path, not always a shortest one
//! (on boards of 10 to 32 cells at most 1.3 to 2.5 times as long, plus one; see
//! `search::plan::Plan::solve_near`).
//!
//! # Options
//!
//! `--algo ida|astar|bfs|dfs|any` (default `ida`), `--bound K` (needed by `dfs`),
//! `--map hash|btree` (the level map of `astar` and `bfs`), `--goal standard|blank-first|spiral|"t t …"`,
//! `--stats` (per case on stderr: search, bound, nodes generated, table and solve times),
//! `--max-nodes N`, `--time-limit SECONDS`, `--max-memory MIB` (the guard of `astar` and `bfs`,
//! and of `ida`'s tables, refused before they are built when their build would need more;
//! default 4096, which the 8-7 build of `--cache` needs); `any` needs no limit and ignores them;
//! the node and time limits count the search, not the build of `ida`'s tables. `--jobs N` (default 1, at most the machine's threads): N threads
//! solve N cases at once, the answers still in input order, the tables built once and shared;
//! when the input has fewer cases than threads, the threads left share the search of each board
//! (`ida`), with the same canonical path. `--cache DIR`: `ida`'s tables are kept in files in
//! DIR (made if missing), read when they are there and match to the last byte, else built and
//! written; on the 4×4 this brings 8-7 tables, 577 MB, about 4 minutes on one thread (2.3 on
//! two) and 3.5 GB to build once, then read in ≈0.5 s (a table that cannot be written is used
//! all the same, with a warning on stderr). Exit codes: 0 ok, 1 bad input (or a thread that
//! cannot start), 2 bad usage, 3 a limit reached; `--help` prints the usage and this header in
//! short (input, options, output, exit codes, an example). When stderr is a terminal, a search
//! or table build of more than a second shows a status line there (stage, bound, nodes, nodes
//! per second, time), cleared when the case is answered; judges, pipes and tests see nothing of
//! it.
//!
//! # Notation and limits
//!
//! A board of N = rows·cols cells has N!/2 reachable configurations for rows, cols ≥ 2
//! (360 for 2×3; 181,440 for 3×3; ≈1.05e13 for 4×4). Reachability is decided by parity
//! before any search, in O(N). The optimal searches (`ida`, `astar`, `bfs`, `dfs`) take boards
//! of at most 256 cells; `any` takes every board the input can hold.
//!
//! # Complexity
//!
//! `ida`: O(b^d) nodes for d moves and an effective branching factor b < 3 that shrinks as the
//! lower bound gets stronger; memory O(d). The bound is a parameter
//! (`search::bound::LowerBound`): Manhattan distance plus linear conflicts, the walking
//! distance, or additive pattern databases (`search::pdb`) built by the program for the goal,
//! chosen per board size and goal by `search::plan::Plan` (3×3 standard goal: the walking
//! distance; 3×3 with the goal's blank in the centre: 3-2-3 tables, 576 bytes built in
//! ≈0.1 ms; 4×4: 4-4-4-3 tables (134 KB by rank, ≈19 ms) for inputs of few cases, then 5-5-5
//! (1.5 MB by rank; 12 MiB spread with the blank's regions, `search::pdb::Regions`) built in
//! ≈0.28–0.39 s, then 6-6-3 (11.5 MB, 32 MiB), then for the hardest boards 7-7-1 (115 MB,
//! kept by rank); Korf's 100 in ≈1.1–1.9 s, the tables included, ≈0.43 M nodes generated each
//! on average, 0.18 to 0.27 times slidy's time beside it on one thread; with `--cache`, 8-7
//! tables: ≈37,000 nodes each, all 100 in ≈1.1 s; 5×5: 4-tile tables, then Korf & Felner's
//! 6-6-6-6, 488 MB, about a minute a table to build on two threads, their easiest instances in
//! seconds to a minute or two). Tables of a byte an entry keep, beside a placement's least
//! moves, whether the blank in a pocket of the group's tiles, or out of one, costs 2 more
//! (`search::pdb::Pockets`: on the 5×5 0.43 to 0.90 times the nodes without).
//! `astar` and `bfs`: time and memory O(states reached). `dfs --bound K`: O(3^K) time, O(K)
//! memory. `any`: on boards of 10 to 32 cells, weighted IDA* over small tables (Korf's 100 at
//! 1.05 times the least moves in ≈0.6 s, Korf & Felner's 50 at 1.29 in ≈7 s); elsewhere,
//! or when that gives up, O(N·(rows+cols)) moves, about 2.93 times the Manhattan distance on
//! large random boards, in O(moves) time (measured 2026-12-01: 100×100 2.93 times in ≈0.03 s,
//! 1000×1000 2.95 times in ≈26 s and 0.52 GB, ≈28 s writing its letters to a file, with
//! nothing else running); memory O(N) and 2 bits a move (past 3·2^30 moves, O(N) and the
//! board solved twice).
//!
//! # Map of the file
//!
//! In reading order (`search::bound`'s walking distance keeps its states in a `search::state` map).
//!
//! - `board`: moves, shapes, paths, the Manhattan distance.
//! - `error`: every error, its message and its exit code.
//! - `parse`: cases and `--goal` boards from text.
//! - `goal`: the goals; reachability by parity.
//! - `search`: a puzzle prepared for search; the budget a case's threads share and each
//!   thread's meter; where notes go.
//!   - `search::bound`: lower bounds (Manhattan, linear conflicts, walking distance).
//!   - `search::weighted`: a bound times a weight, for `any`'s weighted IDA*.
//!   - `search::pdb`: pattern databases: `placement` (ranks), `build` (breadth-first tables on
//!     any number of threads), `cache` (files), `additive` (a partition's look-up, symmetries,
//!     reflection; `Fixed`, the look-up with its layout fixed at compile time, which the
//!     search uses).
//!   - `search::prune`: the finite-state machine of duplicate move sequences that IDA* skips.
//!   - `search::ida`: IDA* with the canonical path, on one thread or shared by several.
//!   - `search::plan`: the policy of `ida` (the bounds and tables tried per shape and goal)
//!     and of `any`'s weighted search.
//!   - `search::state`, `search::stored`: packed boards, level maps; `astar`, `bfs`, `dfs`.
//! - `any`: fast, not optimal paths for boards of any size.
//! - `cli`: flags, the log (notes, `--stats`, the status line), the per-case solver, threads,
//!   `run`.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Boards, moves and shapes: the vocabulary shared by every other section.
pub mod board {
    /// A move of the blank, named by the direction it goes (it swaps with the tile there).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Move {
        Down,
        Left,
        Right,
        Up,
    }

    impl Move {
        /// Every move, in the canonical order `D < L < R < U`.
        pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

        /// The letter printed for this move.
        pub fn letter(self) -> char {
            match self {
                Move::Down => 'D',
                Move::Left => 'L',
                Move::Right => 'R',
                Move::Up => 'U',
            }
        }

        /// The place of this move in [`Move::ALL`].
        pub fn index(self) -> usize {
            self as usize
        }

        /// The index in [`Move::ALL`] of the move that undoes the move of index `i`: the order
        /// D, L, R, U puts opposites at `i` and `3 − i`.
        pub const fn opposite_index(i: usize) -> usize {
            3 - i
        }

        /// The move that undoes this one.
        pub fn opposite(self) -> Move {
            match self {
                Move::Down => Move::Up,
                Move::Left => Move::Right,
                Move::Right => Move::Left,
                Move::Up => Move::Down,
            }
        }
    }

    /// The size of a board, rows×cols, cells numbered row-major from 0.
    ///
    /// # Constraints
    ///
    /// 1 ≤ rows, 1 ≤ cols.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Shape {
        pub rows: usize,
        pub cols: usize,
    }

    impl Shape {
        /// The number of cells, rows·cols.
        pub fn cells(self) -> usize {
            self.rows * self.cols
        }

        /// The row of cell `p`.
        pub fn row(self, p: usize) -> usize {
            p / self.cols
        }

        /// The column of cell `p`.
        pub fn col(self, p: usize) -> usize {
            p % self.cols
        }

        /// The taxicab distance between cells `a` and `b`.
        pub fn distance(self, a: usize, b: usize) -> usize {
            self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))
        }

        /// The cell next to `p` in the direction of `m`, if it is on the board.
        pub fn neighbor(self, p: usize, m: Move) -> Option<usize> {
            let (row, col) = (self.row(p), self.col(p));
            match m {
                Move::Down => (row + 1 < self.rows).then_some(p + self.cols),
                Move::Left => (col > 0).then(|| p - 1),
                Move::Right => (col + 1 < self.cols).then_some(p + 1),
                Move::Up => (row > 0).then(|| p - self.cols),
            }
        }

        /// The move that takes the blank from cell `from` to the adjacent cell `to`.
        pub fn direction(self, from: usize, to: usize) -> Move {
            if to == from + self.cols {
                Move::Down
            } else if to + self.cols == from {
                Move::Up
            } else if to + 1 == from {
                Move::Left
            } else {
                Move::Right
            }
        }
    }

    /// The letters of a path, e.g. `DLRU`.
    pub fn path_text(moves: &[Move]) -> String {
        moves.iter().map(|m| m.letter()).collect()
    }

    /// The position of every tile: `result[t]` is the cell holding tile `t`. O(N).
    ///
    /// # Constraints
    ///
    /// `cells` is a permutation of 0..N.
    pub fn positions<T: Copy + Into<u32>>(cells: &[T]) -> Vec<usize> {
        let mut at = vec![0; cells.len()];
        for (p, &t) in cells.iter().enumerate() {
            at[t.into() as usize] = p;
        }
        at
    }

    /// The sum over tiles (blank excluded) of their taxicab distance to their goal cells. O(N).
    pub fn manhattan(shape: Shape, cells: &[u32], goal: &[u32]) -> usize {
        let goal_at = positions(goal);
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(p, &t)| shape.distance(p, goal_at[t as usize]))
            .sum()
    }
}

/// The errors of this program and their exit codes.
pub mod error {
    use std::fmt;

    /// A search limit that stopped a search, with the count reached.
    #[derive(Clone, Debug, PartialEq)]
    pub enum LimitHit {
        /// Returned when a search has generated more nodes than `--max-nodes` allows.
        Nodes { limit: u64 },
        /// Returned when a search has run longer than `--time-limit` allows.
        Time { seconds: f64, nodes: u64 },
        /// Returned when the level map and queue of `astar` or `bfs` outgrow `--max-memory`.
        Memory { mib: usize, states: usize },
        /// Returned, before anything is allocated, when `ida`'s next tables would need more
        /// than `--max-memory` to build and keep.
        Tables { mib: usize, need_mib: usize },
        /// Returned when the search of a case is called off because an earlier case failed
        /// (the earlier case's error is the one reported).
        Cancelled,
    }

    /// Everything that can go wrong: bad usage, bad input, a limit reached, a failed write.
    #[derive(Debug, PartialEq)]
    pub enum Error {
        /// Returned when an argument is not a known flag.
        UnknownFlag(String),
        /// Returned when a flag that needs a value is the last argument.
        MissingValue(&'static str),
        /// Returned when a flag's value cannot be read; `expected` says what would do.
        BadValue {
            flag: &'static str,
            value: String,
            expected: &'static str,
        },
        /// Returned when `--algo dfs` is given without `--bound K`.
        DfsWithoutBound,
        /// Returned when `--bound K` is given with a search other than `dfs`.
        BoundWithoutDfs(u64),
        /// Returned when a case header is not `n` or `rows cols`.
        BadHeader {
            case: usize,
            line: usize,
            text: String,
        },
        /// Returned when a header describes a board with no cells.
        EmptyBoard {
            case: usize,
            line: usize,
            rows: u64,
            cols: u64,
        },
        /// Returned when a tile token is not a non-negative integer.
        NotATile {
            case: usize,
            line: usize,
            token: String,
        },
        /// Returned when a tile is not below the number of cells.
        TileOutOfRange {
            case: usize,
            line: usize,
            tile: u64,
            cells: usize,
        },
        /// Returned when a tile appears twice on a board.
        RepeatedTile { case: usize, line: usize, tile: u64 },
        /// Returned when the input ends before a board is complete.
        ShortCase {
            case: usize,
            expected: u128,
            found: usize,
        },
        /// Returned when the `--goal` board has another number of cells than the case.
        GoalSize {
            case: usize,
            goal: usize,
            board: usize,
        },
        /// Returned when an optimal search is asked for a board of more than 256 cells.
        TooLarge {
            case: usize,
            search: &'static str,
            cells: usize,
        },
        /// Returned when `any` cannot place a tile: a bug, which the tests find on no board,
        /// reported as an error rather than a panic, with the tile and its cell.
        Stuck { case: usize, at: super::any::Stuck },
        /// Returned when a search limit stops the search of a case.
        Limit { case: usize, hit: LimitHit },
        /// Returned when writing the answers fails.
        Io(String),
        /// Returned when a thread for `--jobs` cannot be started.
        Thread(String),
    }

    impl Error {
        /// The exit code: 1 bad input, 2 bad usage, 3 a limit reached.
        pub fn exit_code(&self) -> u8 {
            match self {
                Error::UnknownFlag(_)
                | Error::MissingValue(_)
                | Error::BadValue { .. }
                | Error::DfsWithoutBound
                | Error::BoundWithoutDfs(_) => 2,
                Error::TooLarge { .. } | Error::Limit { .. } => 3,
                _ => 1,
            }
        }
    }

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
                Error::UnknownFlag(flag) => write!(f, "unknown argument {flag:?}"),
                Error::MissingValue(flag) => write!(f, "{flag} needs a value"),
                Error::BadValue {
                    flag,
                    value,
                    expected,
                } => write!(f, "{flag} {value:?}: expected {expected}"),
                Error::DfsWithoutBound => write!(f, "--algo dfs needs --bound K"),
                Error::BoundWithoutDfs(k) => write!(f, "--bound {k} applies only to --algo dfs"),
                Error::BadHeader { case, line, text } => write!(
                    f,
                    "case {case}: header \"{text}\" is not `n` or `rows cols` (line {line})"
                ),
                Error::EmptyBoard {
                    case,
                    line,
                    rows,
                    cols,
                } => write!(f, "case {case}: a {rows}×{cols} board has no cells (line {line})"),
                Error::NotATile { case, line, token } => {
                    write!(f, "case {case}: \"{token}\" is not a tile (line {line})")
                }
                Error::TileOutOfRange {
                    case,
                    line,
                    tile,
                    cells,
                } => write!(
                    f,
                    "case {case}: tile {tile} is out of range 0-{} (line {line})",
                    cells - 1
                ),
                Error::RepeatedTile { case, line, tile } => {
                    write!(f, "case {case}: tile {tile} is repeated (line {line})")
                }
                Error::ShortCase {
                    case,
                    expected,
                    found,
                } => write!(
                    f,
                    "case {case}: input ends after {found} of {expected} tiles"
                ),
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
                Error::Stuck { case, at } => write!(
                    f,
                    "case {case}: any could not bring tile {} to row {}, column {}",
                    at.tile,
                    at.row + 1,
                    at.col + 1
                ),
                Error::Limit { case, hit } => write!(f, "case {case}: {hit}"),
                Error::Io(message) => write!(f, "cannot write the answers: {message}"),
                Error::Thread(message) => write!(f, "cannot start a thread: {message}"),
            }
        }
    }
}

/// Reading the cases: tokens with their line numbers, headers, tiles.
pub mod parse {
    use super::board::Shape;
    use super::error::Error;

    /// A run of non-whitespace bytes and the 1-based line it is on.
    #[derive(Clone, Copy, Debug)]
    struct Token<'a> {
        text: &'a [u8],
        line: usize,
    }

    /// One board read from the input.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Case {
        pub shape: Shape,
        pub cells: Vec<u32>,
    }

    /// The cases of an input, read one at a time so that earlier answers can be printed
    /// before a later case turns out to be bad. Stops after the first error.
    pub struct Cases<'a> {
        tokens: Vec<Token<'a>>,
        next: usize,
        case: usize,
        failed: bool,
    }

    impl<'a> Cases<'a> {
        /// The cases of `input`. O(length).
        pub fn new(input: &'a [u8]) -> Self {
            Cases {
                tokens: tokens(input),
                next: 0,
                case: 0,
                failed: false,
            }
        }

        /// Reads the case whose header starts at `self.next`.
        fn read_case(&mut self) -> Result<Case, Error> {
            let case = self.case;
            let line = self.tokens[self.next].line;
            let header_len = self.tokens[self.next..]
                .iter()
                .take_while(|t| t.line == line)
                .count();
            let header = &self.tokens[self.next..self.next + header_len];
            let bad_header = || Error::BadHeader {
                case,
                line,
                text: shown(
                    &header
                        .iter()
                        .map(|t| t.text)
                        .collect::<Vec<_>>()
                        .join(&b' '),
                ),
            };
            let sizes: Option<Vec<u64>> = header.iter().map(|t| number(t.text)).collect();
            let (rows, cols) = match sizes.as_deref() {
                Some(&[n]) => (n, n),
                Some(&[rows, cols]) => (rows, cols),
                _ => return Err(bad_header()),
            };
            if rows == 0 || cols == 0 {
                return Err(Error::EmptyBoard {
                    case,
                    line,
                    rows,
                    cols,
                });
            }
            self.next += header_len;
            let found = self.tokens.len() - self.next;
            let expected = u128::from(rows) * u128::from(cols);
            if expected > found as u128 {
                // The rest of the input is this case: a token in it that is no number (a long
                // line of garbage, say) tells more than the count.
                let rest = &self.tokens[self.next..];
                if let Some(bad) = rest.iter().find(|token| number(token.text).is_none()) {
                    return Err(Error::NotATile {
                        case,
                        line: bad.line,
                        token: shown(bad.text),
                    });
                }
                return Err(Error::ShortCase {
                    case,
                    expected,
                    found,
                });
            }
            // Both fit: their product is at most the number of tokens present.
            let shape = Shape {
                rows: rows as usize,
                cols: cols as usize,
            };
            let tiles = &self.tokens[self.next..self.next + shape.cells()];
            self.next += shape.cells();
            Ok(Case {
                shape,
                cells: tile_list(tiles, shape.cells(), case)?,
            })
        }
    }

    impl Iterator for Cases<'_> {
        type Item = Result<Case, Error>;

        fn next(&mut self) -> Option<Self::Item> {
            if self.failed || self.next == self.tokens.len() {
                return None;
            }
            self.case += 1;
            let result = self.read_case();
            self.failed = result.is_err();
            Some(result)
        }
    }

    /// Splits `input` on ASCII whitespace. O(length). Bytes that are not UTF-8 are kept in
    /// their tokens and reported as bad tiles or headers.
    fn tokens(input: &[u8]) -> Vec<Token<'_>> {
        let mut tokens = Vec::new();
        let mut line = 1;
        let mut start = None;
        for (i, &byte) in input.iter().enumerate() {
            if byte.is_ascii_whitespace() {
                if let Some(s) = start.take() {
                    tokens.push(Token {
                        text: &input[s..i],
                        line,
                    });
                }
                if byte == b'\n' {
                    line += 1;
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            tokens.push(Token {
                text: &input[s..],
                line,
            });
        }
        tokens
    }

    /// Checks that `tokens` are a permutation of 0..cells. O(cells).
    fn tile_list(tokens: &[Token], cells: usize, case: usize) -> Result<Vec<u32>, Error> {
        let mut seen = vec![false; cells];
        let mut tiles = Vec::with_capacity(cells);
        for token in tokens {
            let line = token.line;
            let tile = number(token.text).ok_or_else(|| Error::NotATile {
                case,
                line,
                token: shown(token.text),
            })?;
            let index =
                usize::try_from(tile)
                    .ok()
                    .filter(|&t| t < cells)
                    .ok_or(Error::TileOutOfRange {
                        case,
                        line,
                        tile,
                        cells,
                    })?;
            if std::mem::replace(&mut seen[index], true) {
                return Err(Error::RepeatedTile { case, line, tile });
            }
            tiles.push(index as u32);
        }
        Ok(tiles)
    }

    /// Reads an explicit goal, `--goal "t t t …"`: a permutation of 0..N. O(N).
    pub fn goal_tiles(text: &str) -> Option<Vec<u32>> {
        let tokens = tokens(text.as_bytes());
        if tokens.is_empty() {
            return None;
        }
        tile_list(&tokens, tokens.len(), 0).ok()
    }

    /// The value of a token of ASCII digits, if it fits in a u64.
    fn number(text: &[u8]) -> Option<u64> {
        if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(text).ok()?.parse().ok()
    }

    /// A token as shown in a message: its first 32 bytes, those that are not printable ASCII
    /// escaped (`\xff`), and `…` when it is longer.
    fn shown(text: &[u8]) -> String {
        const SHOWN: usize = 32;
        let more = if text.len() > SHOWN { "…" } else { "" };
        format!("{}{more}", text[..text.len().min(SHOWN)].escape_ascii())
    }
}

/// Goals and the parity test that decides, before any search, whether a goal is reachable.
pub mod goal {
    use super::board::{positions, Shape};

    /// The goal of a search, as chosen by `--goal`.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Goal {
        /// `1 2 … N-1` then the blank.
        Standard,
        /// The blank then `1 2 … N-1` (Korf's convention).
        BlankFirst,
        /// `1 2 …` clockwise from the top-left corner, the blank where the spiral ends.
        Spiral,
        /// An explicit board, row-major.
        Explicit(Vec<u32>),
    }

    impl Goal {
        /// The goal board for `shape`; `Err` with its number of cells when an explicit goal
        /// has another size. O(N).
        pub fn board(&self, shape: Shape) -> Result<Vec<u32>, usize> {
            let n = shape.cells() as u32;
            match self {
                Goal::Standard => Ok((1..n).chain(Some(0)).collect()),
                Goal::BlankFirst => Ok((0..n).collect()),
                Goal::Spiral => Ok(spiral(shape)),
                Goal::Explicit(tiles) if tiles.len() == shape.cells() => Ok(tiles.clone()),
                Goal::Explicit(tiles) => Err(tiles.len()),
            }
        }
    }

    /// The spiral goal: 1, 2, … clockwise from the top-left corner, the blank on the last cell
    /// of the spiral. O(N).
    pub fn spiral(shape: Shape) -> Vec<u32> {
        let mut board = vec![0; shape.cells()];
        let (mut top, mut bottom, mut left, mut right) = (0, shape.rows - 1, 0, shape.cols - 1);
        let mut order = Vec::with_capacity(shape.cells());
        loop {
            order.extend((left..=right).map(|c| top * shape.cols + c));
            order.extend((top + 1..=bottom).map(|r| r * shape.cols + right));
            if top < bottom {
                order.extend((left..right).rev().map(|c| bottom * shape.cols + c));
            }
            if left < right {
                order.extend((top + 1..bottom).rev().map(|r| r * shape.cols + left));
            }
            if bottom < top + 2 || right < left + 2 {
                break;
            }
            top += 1;
            bottom -= 1;
            left += 1;
            right -= 1;
        }
        for (tile, &cell) in order.iter().enumerate().take(shape.cells() - 1) {
            board[cell] = tile as u32 + 1;
        }
        board
    }

    /// Whether `goal` can be reached from `cells` by moves. O(N).
    ///
    /// With rows, cols ≥ 2: exactly when the parity of the permutation taking `cells` to `goal`
    /// (blank included) equals the parity of the blank's taxicab distance between them. With one
    /// row or one column: exactly when the tiles read in order (blank skipped) are the goal's.
    pub fn is_reachable(shape: Shape, cells: &[u32], goal: &[u32]) -> bool {
        if shape.rows == 1 || shape.cols == 1 {
            let tiles = |board: &[u32]| {
                board
                    .iter()
                    .copied()
                    .filter(|&t| t != 0)
                    .collect::<Vec<_>>()
            };
            return tiles(cells) == tiles(goal);
        }
        let goal_at = positions(goal);
        let mut visited = vec![false; cells.len()];
        let mut cycles = 0;
        for start in 0..cells.len() {
            if !visited[start] {
                cycles += 1;
                let mut p = start;
                while !visited[p] {
                    visited[p] = true;
                    p = goal_at[cells[p] as usize];
                }
            }
        }
        let permutation_parity = (cells.len() - cycles) % 2;
        let blank_distance = shape.distance(positions(cells)[0], goal_at[0]);
        permutation_parity == blank_distance % 2
    }
}

/// The optimal searches: a shared puzzle description, lower bounds, and the searches over it.
pub mod search {
    use super::board::{Move, Shape};
    use super::error::LimitHit;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Mutex, OnceLock};
    use std::time::{Duration, Instant};

    /// Marks a missing neighbour in [`Puzzle::neighbors`].
    pub const NONE: usize = usize::MAX;

    /// The moves of a row indexed by `Move::ALL` whose entry is not `missing`, bit i for
    /// `Move::ALL[i]`.
    fn live_bits<T: PartialEq>(row: [T; 4], missing: T) -> u8 {
        row.iter()
            .enumerate()
            .filter(|(_, entry)| **entry != missing)
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// The most cells of a board for the optimal searches.
    pub const MAX_BOARD: usize = 256;

    /// A board as IDA* keeps it: `cells[p]` the tile on cell `p`, zeros after the last cell
    /// (a fixed size, so that indices masked below 256 need no bounds checks).
    pub type Board = [u8; MAX_BOARD];

    /// A board shape and goal prepared for search, tiles as bytes.
    ///
    /// # Constraints
    ///
    /// 1 ≤ N = rows·cols ≤ 256; `goal` a permutation of 0..N.
    pub struct Puzzle {
        pub shape: Shape,
        pub goal: Vec<u8>,
        /// `goal_at[t]`: the goal cell of tile `t`.
        pub goal_at: Vec<usize>,
        /// `neighbors[p][i]`: the cell next to `p` in the direction `Move::ALL[i]`, or [`NONE`].
        pub neighbors: Vec<[usize; 4]>,
        /// `exits[p]`: the moves the blank can make from `p`, bit i for `Move::ALL[i]`.
        pub exits: Vec<u8>,
        /// The moves `ida` never makes after a path: [`prune::MovePruner::for_cells`], made
        /// on first use (see [`Puzzle::pruner`]); set before it to use another.
        pub pruner: OnceLock<prune::MovePruner>,
        /// The same for the longest searches, the deeper machine.
        pub deeper_pruner: OnceLock<prune::MovePruner>,
        /// The nodes of the IDA* iterations finished on this puzzle, by all cases and threads:
        /// past `ida::DEEP_FROM`, the iterations use [`Puzzle::pruner`].
        pub searched: AtomicU64,
    }

    impl Puzzle {
        /// Prepares `goal` for search. O(N).
        pub fn new(shape: Shape, goal: Vec<u8>) -> Self {
            let goal_at = super::board::positions(&goal);
            let neighbors: Vec<[usize; 4]> = (0..shape.cells())
                .map(|p| Move::ALL.map(|m| shape.neighbor(p, m).unwrap_or(NONE)))
                .collect();
            let exits = neighbors
                .iter()
                .map(|&around| live_bits(around, NONE))
                .collect();
            Puzzle {
                shape,
                goal,
                goal_at,
                neighbors,
                exits,
                pruner: OnceLock::new(),
                deeper_pruner: OnceLock::new(),
                searched: AtomicU64::new(0),
            }
        }

        /// The moves `ida` never makes after a path, by the deeper machine when `deeper`
        /// (see [`prune::MovePruner::for_cells`]), made on first use.
        pub fn pruner(&self, deeper: bool) -> &prune::MovePruner {
            let cell = if deeper {
                &self.deeper_pruner
            } else {
                &self.pruner
            };
            cell.get_or_init(|| prune::MovePruner::for_cells(self.shape.cells(), deeper))
        }
    }

    /// The limits a search stops at, from `--max-nodes`, `--time-limit` and `--max-memory`.
    #[derive(Clone, Copy, Debug)]
    pub struct Limits {
        pub max_nodes: Option<u64>,
        pub time_limit: Option<Duration>,
        pub max_memory_mib: usize,
    }

    /// Where searches and table builds send what a person should read on stderr (`note: …`,
    /// `warning: …`), from any thread: the run's log in `cli`.
    pub trait Notes: Sync {
        /// Shows `line`, a whole line without its newline.
        fn note(&self, line: &str);
        /// Shows `line` to a person at a terminal only: advice that judges, pipes and tests
        /// need not see.
        fn advise(&self, line: &str);
    }

    /// Nobody to tell: the notes are dropped.
    impl Notes for () {
        fn note(&self, _: &str) {}
        fn advise(&self, _: &str) {}
    }

    /// The nodes a [`Meter`] counts before it adds them to its budget and looks at the limits.
    const BATCH: u64 = 4096;

    /// The budget of one case's search, shared by all the threads that search it: the nodes
    /// generated so far (each thread's [`Meter`] adds its own in batches), the clock, and a
    /// stop raised once a limit is reached or the case is cancelled; and what the search is
    /// doing, for a status line.
    pub struct Budget {
        limits: Limits,
        start: Instant,
        nodes: AtomicU64,
        stop: AtomicBool,
        /// Why the search stopped, once `stop` is raised.
        hit: OnceLock<LimitHit>,
        /// What the search is doing now, e.g. `pdb 5-5-5+reflection, bound 52`.
        stage: Mutex<String>,
    }

    impl Budget {
        /// A budget starting now.
        pub fn new(limits: Limits) -> Self {
            Budget {
                limits,
                start: Instant::now(),
                nodes: AtomicU64::new(0),
                stop: AtomicBool::new(false),
                hit: OnceLock::new(),
                stage: Mutex::new(String::new()),
            }
        }

        /// The nodes generated so far, as added by the meters (each holds back fewer than
        /// 4096 until it is dropped).
        pub fn nodes(&self) -> u64 {
            self.nodes.load(Ordering::Relaxed)
        }

        /// The time since the budget was made.
        pub fn elapsed(&self) -> Duration {
            self.start.elapsed()
        }

        /// Stops every meter of this budget at its next check, with `hit` (the first reason
        /// given is kept).
        pub fn stop(&self, hit: LimitHit) {
            let _ = self.hit.set(hit);
            self.stop.store(true, Ordering::Release);
        }

        /// Why the search was stopped, if it was.
        pub fn stopped(&self) -> Option<LimitHit> {
            self.hit.get().cloned()
        }

        /// A meter for one thread of the search.
        pub fn meter(&self) -> Meter<'_> {
            let mut meter = Meter {
                budget: self,
                pending: 0,
                checkpoint: 0,
            };
            meter.set_checkpoint(self.nodes());
            meter
        }

        /// Says what the search is doing now.
        pub fn set_stage(&self, stage: String) {
            *self.stage.lock().unwrap_or_else(|e| e.into_inner()) = stage;
        }

        /// What the search is doing now.
        pub fn stage(&self) -> String {
            self.stage.lock().unwrap_or_else(|e| e.into_inner()).clone()
        }

        /// Fails once `bytes` exceed the memory limit, `states` being the states stored.
        pub fn check_memory(&self, bytes: usize, states: usize) -> Result<(), LimitHit> {
            let mib = self.limits.max_memory_mib;
            if bytes / (1 << 20) >= mib {
                return Err(LimitHit::Memory { mib, states });
            }
            Ok(())
        }

        /// Fails when tables whose build takes `bytes` at its peak exceed the memory limit.
        pub fn check_tables(&self, bytes: usize) -> Result<(), LimitHit> {
            let (mib, need_mib) = (self.limits.max_memory_mib, (bytes + (1 << 20) - 1) >> 20);
            if need_mib > mib {
                return Err(LimitHit::Tables { mib, need_mib });
            }
            Ok(())
        }
    }

    /// One thread's count of the nodes of a [`Budget`]: every 4096 nodes (and at the node
    /// after the node limit), it adds them to the budget and looks at the limits and the stop.
    /// Dropping it adds the nodes it holds back.
    pub struct Meter<'a> {
        budget: &'a Budget,
        /// Nodes counted and not yet added to the budget.
        pending: u64,
        /// The `pending` count at which [`Meter::check`] is due.
        checkpoint: u64,
    }

    impl Meter<'_> {
        /// Counts one node; `false` when [`Meter::check`] is due. O(1).
        #[inline]
        pub fn tick(&mut self) -> bool {
            self.pending += 1;
            self.pending < self.checkpoint
        }

        /// Counts one node, and checks the limits when due. O(1) amortised.
        #[inline]
        pub fn count(&mut self) -> Result<(), LimitHit> {
            if self.tick() {
                Ok(())
            } else {
                self.check()
            }
        }

        /// Adds the pending nodes to the budget; fails once the node or time limit is passed
        /// (stopping the budget for every thread) or the budget was stopped.
        #[cold]
        pub fn check(&mut self) -> Result<(), LimitHit> {
            let budget = self.budget;
            let total = budget.nodes.fetch_add(self.pending, Ordering::Relaxed) + self.pending;
            self.pending = 0;
            if budget.stop.load(Ordering::Acquire) {
                return Err(budget.stopped().unwrap_or(LimitHit::Cancelled));
            }
            let hit = match (budget.limits.max_nodes, budget.limits.time_limit) {
                (Some(limit), _) if total > limit => Some(LimitHit::Nodes { limit }),
                (_, Some(limit)) if budget.elapsed() > limit => Some(LimitHit::Time {
                    seconds: limit.as_secs_f64(),
                    nodes: total,
                }),
                _ => None,
            };
            if let Some(hit) = hit {
                budget.stop(hit.clone());
                return Err(hit);
            }
            self.set_checkpoint(total);
            Ok(())
        }

        /// The next check: after 4096 nodes, or at the node after the node limit.
        fn set_checkpoint(&mut self, total: u64) {
            let to_limit = self.budget.limits.max_nodes.map_or(u64::MAX, |limit| {
                limit.saturating_add(1).saturating_sub(total).max(1)
            });
            self.checkpoint = BATCH.min(to_limit);
        }

        /// The nodes of the budget, with those this meter holds back.
        pub fn nodes(&self) -> u64 {
            self.budget.nodes() + self.pending
        }
    }

    impl Drop for Meter<'_> {
        fn drop(&mut self) {
            self.budget.nodes.fetch_add(self.pending, Ordering::Relaxed);
        }
    }

    /// Admissible lower bounds on the number of moves to the goal, swappable in [`ida::solve`].
    pub mod bound {
        use super::state::HashLevels;
        use super::{Board, Puzzle};

        /// A lower bound on the moves from a board to the goal, kept up to date move by move
        /// along the path of a depth-first search: `start` once a search, then `apply` for every
        /// node generated and `undo` when the search backs up. Implement it and pass it to
        /// [`super::ida::solve`] to swap the bound of IDA*.
        ///
        /// # Constraints
        ///
        /// Admissible (never above the true distance) and 0 exactly at the goal. IDA* stays
        /// optimal and canonical with any such bound, consistent or not.
        pub trait LowerBound: Sync {
            /// What the bound keeps about the board on the search path; a shared search copies
            /// the root's to each of its subtrees.
            type State: Clone + Sync;
            /// What [`LowerBound::undo`] needs to take a move back.
            type Undo: Copy;
            /// The name shown by `--stats`.
            fn name(&self) -> String;
            /// The state and the bound of the board `cells`.
            fn start(&self, cells: &[u8]) -> (Self::State, u32);
            /// Slides `tile` from cell `from` into the blank at cell `to` and returns the new
            /// bound; `cells` is the board *before* the move. When the bound exceeds `limit`,
            /// the bound may stop early, return any admissible value above `limit` and must
            /// leave `state` as it was (no `undo` follows); otherwise the value is that of
            /// `start` on the new board and [`LowerBound::undo`] follows with the token.
            fn apply(
                &self,
                state: &mut Self::State,
                cells: &Board,
                tile: u8,
                from: usize,
                to: usize,
                limit: u32,
            ) -> (u32, Self::Undo);
            /// Takes back the last `apply(state, _, tile, from, to, _)`, which returned `undo`.
            fn undo(
                &self,
                state: &mut Self::State,
                tile: u8,
                from: usize,
                to: usize,
                undo: Self::Undo,
            );
        }

        /// Implements [`LowerBound`] for a bound whose state is its value, from its
        /// `estimate(cells)` and `update(cells, h, tile, from, to)`.
        macro_rules! valued_bound {
            ($bound:ty, $name:expr) => {
                impl LowerBound for $bound {
                    type State = u32;
                    type Undo = u32;

                    fn name(&self) -> String {
                        $name.to_string()
                    }

                    fn start(&self, cells: &[u8]) -> (u32, u32) {
                        let h = self.estimate(cells);
                        (h, h)
                    }

                    #[inline]
                    fn apply(
                        &self,
                        state: &mut u32,
                        cells: &Board,
                        tile: u8,
                        from: usize,
                        to: usize,
                        limit: u32,
                    ) -> (u32, u32) {
                        let old = *state;
                        let h = self.update(cells, old, tile, from, to);
                        if h <= limit {
                            *state = h;
                        }
                        (h, old)
                    }

                    #[inline]
                    fn undo(&self, state: &mut u32, _: u8, _: usize, _: usize, old: u32) {
                        *state = old;
                    }
                }
            };
        }
        valued_bound!(Manhattan, "manhattan");
        valued_bound!(LinearConflict, "manhattan+linear-conflict");

        /// The Manhattan distance: the sum of the tiles' taxicab distances to their goal cells.
        /// Table N² bytes; `update` O(1).
        pub struct Manhattan {
            cells: usize,
            /// `distance[t·N + p]`: from cell `p` to the goal cell of tile `t` (0 for the blank).
            distance: Vec<u8>,
        }

        impl Manhattan {
            /// Builds the table. O(N²).
            pub fn new(puzzle: &Puzzle) -> Self {
                let cells = puzzle.shape.cells();
                let mut distance = vec![0; cells * cells];
                for tile in 1..cells {
                    for p in 0..cells {
                        distance[tile * cells + p] =
                            puzzle.shape.distance(p, puzzle.goal_at[tile]) as u8;
                    }
                }
                Manhattan { cells, distance }
            }

            fn of(&self, tile: u8, p: usize) -> u32 {
                u32::from(self.distance[usize::from(tile) * self.cells + p])
            }
        }

        impl Manhattan {
            /// The bound of the board `cells`. O(N).
            pub fn estimate(&self, cells: &[u8]) -> u32 {
                cells.iter().enumerate().map(|(p, &t)| self.of(t, p)).sum()
            }

            /// The bound after sliding `tile` from cell `from` into the blank at cell `to`,
            /// given `h`, the bound of the board before the move. O(1).
            #[inline]
            pub fn update(&self, _: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
                h + self.of(tile, to) - self.of(tile, from)
            }
        }

        /// The linear conflicts of one family of lines (all rows, or all columns): in a line,
        /// the tiles whose goal is in that line but which are out of order must leave it, two
        /// extra moves each; at least (tiles − longest increasing run of goal places) must
        /// leave. Table (L+1)^L bytes for lines of L ≤ 6 cells.
        struct LineConflicts {
            /// Cells per line.
            len: usize,
            lines: usize,
            /// `cell_of[l·len + k]`: the k-th cell of line l.
            cell_of: Vec<usize>,
            /// `digit[t·lines + l]`: 1 + the goal place of tile t in line l, or 0 if its goal
            /// is in another line.
            digit: Vec<u8>,
            /// `power[k] = (len + 1)^k`.
            power: Vec<usize>,
            /// `extra[code]`: the extra moves of a line whose digits, place k weighted by
            /// `power[k]`, add up to `code`.
            extra: Vec<u8>,
        }

        /// The longest line with a conflict table: 7^6 = 117,649 entries.
        const MAX_LINE: usize = 6;

        impl LineConflicts {
            /// The table for rows (`by_rows`) or columns; `None` for lines longer than 6 cells,
            /// which are then left out of the bound. O((L+1)^L · L²).
            fn new(puzzle: &Puzzle, by_rows: bool) -> Option<Self> {
                let shape = puzzle.shape;
                let (lines, len) = if by_rows {
                    (shape.rows, shape.cols)
                } else {
                    (shape.cols, shape.rows)
                };
                if len > MAX_LINE {
                    return None;
                }
                let line_place = |p: usize| {
                    if by_rows {
                        (shape.row(p), shape.col(p))
                    } else {
                        (shape.col(p), shape.row(p))
                    }
                };
                let mut cell_of = vec![0; lines * len];
                for p in 0..shape.cells() {
                    let (line, place) = line_place(p);
                    cell_of[line * len + place] = p;
                }
                let mut digit = vec![0; shape.cells() * lines];
                for tile in 1..shape.cells() {
                    let (line, place) = line_place(puzzle.goal_at[tile]);
                    digit[tile * lines + line] = place as u8 + 1;
                }
                let base = len + 1;
                let power: Vec<usize> = (0..len).map(|k| base.pow(k as u32)).collect();
                let extra = (0..base.pow(len as u32))
                    .map(|code| {
                        let places: Vec<usize> = (0..len)
                            .map(|k| code / power[k] % base)
                            .filter(|&d| d != 0)
                            .collect();
                        2 * (places.len() - longest_increasing(&places)) as u8
                    })
                    .collect();
                Some(LineConflicts {
                    len,
                    lines,
                    cell_of,
                    digit,
                    power,
                    extra,
                })
            }

            fn digit(&self, tile: u8, line: usize) -> usize {
                usize::from(self.digit[usize::from(tile) * self.lines + line])
            }

            fn code(&self, cells: &[u8], line: usize) -> usize {
                let cell_of = &self.cell_of[line * self.len..(line + 1) * self.len];
                cell_of
                    .iter()
                    .zip(&self.power)
                    .map(|(&p, &w)| self.digit(cells[p], line) * w)
                    .sum()
            }

            fn total(&self, cells: &[u8]) -> u32 {
                (0..self.lines)
                    .map(|line| u32::from(self.extra[self.code(cells, line)]))
                    .sum()
            }

            /// The change of the extra moves when `tile` leaves line `out` at place `out_place`
            /// and enters line `into` at place `into_place`. O(L).
            #[inline]
            fn change(
                &self,
                cells: &[u8],
                tile: u8,
                (out, out_place): (usize, usize),
                (into, into_place): (usize, usize),
            ) -> i32 {
                let old_out = self.code(cells, out);
                let old_into = self.code(cells, into);
                let new_out = old_out - self.digit(tile, out) * self.power[out_place];
                let new_into = old_into + self.digit(tile, into) * self.power[into_place];
                i32::from(self.extra[new_out]) + i32::from(self.extra[new_into])
                    - i32::from(self.extra[old_out])
                    - i32::from(self.extra[old_into])
            }
        }

        /// The length of the longest strictly increasing subsequence. O(k²) for k ≤ 6 values.
        fn longest_increasing(values: &[usize]) -> usize {
            let mut best = vec![1; values.len()];
            for i in 0..values.len() {
                for j in 0..i {
                    if values[j] < values[i] {
                        best[i] = best[i].max(best[j] + 1);
                    }
                }
            }
            best.into_iter().max().unwrap_or(0)
        }

        /// Manhattan distance plus the linear conflicts of rows and columns (Hansson, Mayer and
        /// Yung, 1992), for any goal; lines longer than 6 cells are left out. `update` O(L).
        pub struct LinearConflict {
            manhattan: Manhattan,
            shape: super::Shape,
            rows: Option<LineConflicts>,
            cols: Option<LineConflicts>,
        }

        impl LinearConflict {
            /// Builds the tables. O(N² + (L+1)^L · L²) for lines of L cells.
            pub fn new(puzzle: &Puzzle) -> Self {
                LinearConflict {
                    manhattan: Manhattan::new(puzzle),
                    shape: puzzle.shape,
                    rows: LineConflicts::new(puzzle, true),
                    cols: LineConflicts::new(puzzle, false),
                }
            }
        }

        impl LinearConflict {
            /// The bound of the board `cells`. O(N·L).
            pub fn estimate(&self, cells: &[u8]) -> u32 {
                let lines = [&self.rows, &self.cols];
                self.manhattan.estimate(cells)
                    + lines
                        .iter()
                        .flat_map(|l| l.iter())
                        .map(|l| l.total(cells))
                        .sum::<u32>()
            }

            /// The bound after sliding `tile` from cell `from` into the blank at cell `to`,
            /// given `h`, the bound of `cells`, the board before the move. O(L).
            #[inline]
            pub fn update(&self, cells: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
                let h = self.manhattan.update(cells, h, tile, from, to);
                let shape = self.shape;
                let (from_row, from_col) = (shape.row(from), shape.col(from));
                let (to_row, to_col) = (shape.row(to), shape.col(to));
                let change = if from_row == to_row {
                    // A horizontal move changes the contents of two columns.
                    self.cols.as_ref().map_or(0, |lines| {
                        lines.change(cells, tile, (from_col, from_row), (to_col, to_row))
                    })
                } else {
                    self.rows.as_ref().map_or(0, |lines| {
                        lines.change(cells, tile, (from_row, from_col), (to_row, to_col))
                    })
                };
                (h as i32 + change) as u32
            }
        }

        /// Marks a move that [`Walks::next`] cannot make.
        const NO_STATE: u32 = u32::MAX;

        /// One family of lines (the rows, or the columns) of a board for [`WalkingDistance`]:
        /// a state is the matrix `counts[line][home]` of the tiles (the blank left out) of goal
        /// line `home` standing in `line`, and the blank's line. A move across the lines
        /// takes one tile from the blank's neighbouring line into the blank's line; a move
        /// along them changes nothing here. The states are numbered in breadth-first order
        /// from the goal's, which depends only on the number and the length of the lines and
        /// the blank's goal line, so that any goal of the shape shares the family.
        struct Walks {
            lines: usize,
            /// `next[(s·2 + down)·lines + home]`: the state after the blank of state `s` moves
            /// to the line before (`down` = 0) or after it, swapping with a tile of goal line
            /// `home`; [`NO_STATE`] where there is no such tile.
            next: Vec<u32>,
            /// `distance[s]`: the least moves across the lines from state `s` to the goal's,
            /// which is state 0.
            distance: Vec<u8>,
            /// The state of each code (the counts in row-major order, then the blank's line),
            /// for [`WalkingDistance::start`].
            number: HashLevels<Box<[u8]>>,
        }

        impl Walks {
            /// A breadth-first search from the goal's state of `lines` lines of `len` cells,
            /// the blank on line `blank`. O(S·L³) expected time for S states and L lines,
            /// S·(8·L + L² + 2 + a map entry) bytes: 3×3 standard goal, 105 states, ≈20 µs;
            /// 4×4 with the blank on a border line, 24,964 states, ≈5 ms.
            fn new(lines: usize, len: usize, blank: usize) -> Self {
                // The codes of the states, in their order, one after another.
                let size = lines * lines + 1;
                let mut states = vec![0; size];
                for line in 0..lines {
                    states[line * lines + line] = (len - usize::from(line == blank)) as u8;
                }
                states[lines * lines] = blank as u8;
                let mut number = HashLevels::default();
                number.insert(states.clone().into_boxed_slice(), 0);
                let mut distance = vec![0];
                let mut next = Vec::new();
                let (mut code, mut moved) = (vec![0; size], vec![0; size]);
                let mut head = 0;
                while head < distance.len() {
                    code.copy_from_slice(&states[head * size..(head + 1) * size]);
                    let blank = usize::from(code[lines * lines]);
                    for to in [blank.wrapping_sub(1), blank + 1] {
                        for home in 0..lines {
                            if to >= lines || code[to * lines + home] == 0 {
                                next.push(NO_STATE);
                                continue;
                            }
                            moved.copy_from_slice(&code);
                            moved[to * lines + home] -= 1;
                            moved[blank * lines + home] += 1;
                            moved[lines * lines] = to as u8;
                            let state = match number.get(&moved[..]) {
                                Some(&state) => state,
                                None => {
                                    let fresh = distance.len() as u32;
                                    number.insert(moved.clone().into_boxed_slice(), fresh);
                                    states.extend_from_slice(&moved);
                                    distance.push(distance[head] + 1);
                                    fresh
                                }
                            };
                            next.push(state);
                        }
                    }
                    head += 1;
                }
                Walks {
                    lines,
                    next,
                    distance,
                    number,
                }
            }
        }

        /// The walking distance of Ken'ichiro Takahashi, for any shape and goal: the least
        /// number of vertical moves that bring the rows of a board to the goal's rows (see
        /// [`Walks`]), plus the same for the columns and horizontal moves. Every move counts
        /// in one of the two, so the sum is a lower bound; it is at least the Manhattan
        /// distance (a tile's moves across the lines are at least its distance to its goal
        /// line), and 0 only at the goal (every tile in its goal row and column).
        /// `apply` is O(1): one transition and two distance lookups.
        ///
        /// # Constraints
        ///
        /// The states grow fast with the board: 105 per family on the 3×3, 24,964 for the
        /// rows of the 4×4 with the goal's blank on a border row; meant for boards of at most
        /// 16 cells. [`LowerBound::start`] takes a board from which the goal is reachable.
        pub struct WalkingDistance {
            /// One family, or two when the columns' differs from the rows'.
            families: Vec<Walks>,
            /// `family[0]`: the index in `families` of the rows; `family[1]`, of the columns.
            family: [usize; 2],
            /// `line[p]`: the row and the column of cell `p`.
            line: Vec<[u8; 2]>,
            /// `home[t]`: the goal row and goal column of tile `t`.
            home: Vec<[u8; 2]>,
        }

        impl WalkingDistance {
            /// Builds the tables by breadth-first search (see [`Walks::new`]); the columns
            /// share the rows' when the board is square and the goal's blank is on its
            /// diagonal.
            pub fn new(puzzle: &Puzzle) -> Self {
                let shape = puzzle.shape;
                let at = |p: usize| [shape.row(p) as u8, shape.col(p) as u8];
                let blank = at(puzzle.goal_at[0]);
                let rows = Walks::new(shape.rows, shape.cols, usize::from(blank[0]));
                let (families, family) = if shape.rows == shape.cols && blank[0] == blank[1] {
                    (vec![rows], [0, 0])
                } else {
                    let cols = Walks::new(shape.cols, shape.rows, usize::from(blank[1]));
                    (vec![rows, cols], [0, 1])
                };
                WalkingDistance {
                    families,
                    family,
                    line: (0..shape.cells()).map(at).collect(),
                    home: puzzle.goal_at.iter().map(|&p| at(p)).collect(),
                }
            }

            fn walks(&self, k: usize) -> &Walks {
                &self.families[self.family[k]]
            }

            fn value(&self, state: [u32; 2]) -> u32 {
                (0..2)
                    .map(|k| u32::from(self.walks(k).distance[state[k] as usize]))
                    .sum()
            }
        }

        impl LowerBound for WalkingDistance {
            /// The row state and the column state.
            type State = [u32; 2];
            type Undo = [u32; 2];

            fn name(&self) -> String {
                "walking-distance".to_string()
            }

            /// O(N + L²) and a map lookup per family.
            fn start(&self, cells: &[u8]) -> ([u32; 2], u32) {
                let state = [0, 1].map(|k| {
                    let lines = self.walks(k).lines;
                    let mut code = vec![0; lines * lines + 1];
                    for (p, &t) in cells.iter().enumerate() {
                        let line = usize::from(self.line[p][k]);
                        match usize::from(t) {
                            0 => code[lines * lines] = line as u8,
                            t => code[line * lines + usize::from(self.home[t][k])] += 1,
                        }
                    }
                    *self
                        .walks(k)
                        .number
                        .get(&code[..])
                        .expect("a board from which the goal is reachable")
                });
                (state, self.value(state))
            }

            #[inline]
            fn apply(
                &self,
                state: &mut [u32; 2],
                _: &Board,
                tile: u8,
                from: usize,
                to: usize,
                limit: u32,
            ) -> (u32, [u32; 2]) {
                let old = *state;
                // A move within a row changes the columns (k = 1), else the rows.
                let k = usize::from(self.line[from][0] == self.line[to][0]);
                let walks = self.walks(k);
                let down = usize::from(self.line[from][k] > self.line[to][k]);
                let home = usize::from(self.home[usize::from(tile)][k]);
                let mut after = old;
                after[k] = walks.next[(old[k] as usize * 2 + down) * walks.lines + home];
                let h = self.value(after);
                if h <= limit {
                    *state = after;
                }
                (h, old)
            }

            #[inline]
            fn undo(&self, state: &mut [u32; 2], _: u8, _: usize, _: usize, old: [u32; 2]) {
                *state = old;
            }
        }
    }

    /// A bound times a weight, for weighted IDA*: with a bound h that never exceeds the
    /// distance, IDA* over ⌊w·h⌋ (w ≥ 1) finds a path of at most w times the least moves,
    /// plus one (its thresholds keep the parity of the distance), far sooner. Not a lower
    /// bound in the sense of [`bound::LowerBound`]'s constraints: `any` uses it, `ida` never.
    pub mod weighted {
        use super::bound::LowerBound;
        use super::Board;

        /// `bound` times `percent` / 100 (`percent` ≥ 100).
        pub struct Weighted<'a, B> {
            pub bound: &'a B,
            pub percent: u32,
        }

        impl<B: LowerBound> Weighted<'_, B> {
            fn scale(&self, h: u32) -> u32 {
                h.saturating_mul(self.percent) / 100
            }
        }

        impl<B: LowerBound> LowerBound for Weighted<'_, B> {
            type State = B::State;
            type Undo = B::Undo;

            fn name(&self) -> String {
                format!("{} weighted {}%", self.bound.name(), self.percent)
            }

            fn start(&self, cells: &[u8]) -> (B::State, u32) {
                let (state, h) = self.bound.start(cells);
                (state, self.scale(h))
            }

            #[inline(always)]
            fn apply(
                &self,
                state: &mut B::State,
                cells: &Board,
                tile: u8,
                from: usize,
                to: usize,
                limit: u32,
            ) -> (u32, B::Undo) {
                // ⌊h·w⌋ > limit exactly when h > ⌈(limit + 1) / w⌉ − 1.
                let inner = (u64::from(limit) + 1) * 100;
                let inner = (inner + u64::from(self.percent) - 1) / u64::from(self.percent) - 1;
                let inner = inner.min(u64::from(u32::MAX)) as u32;
                let (h, undo) = self.bound.apply(state, cells, tile, from, to, inner);
                (self.scale(h), undo)
            }

            #[inline(always)]
            fn undo(&self, state: &mut B::State, tile: u8, from: usize, to: usize, undo: B::Undo) {
                self.bound.undo(state, tile, from, to, undo);
            }
        }
    }

    /// Additive disjoint pattern databases (Korf & Felner, 2002; Felner, Korf & Hanan, 2004)
    /// for any board of at most 32 cells, any goal and any partition of the tiles.
    ///
    /// A *group* is a set of k tiles, named by their goal cells. Its table holds, for every
    /// placement of its tiles (an ordered choice of k distinct cells of N), the least number of
    /// moves *of the group's tiles* that bring them home, the other tiles moving for free: the
    /// level of a breadth-first search from the goal over (placement, region of the blank),
    /// where the blank moves within its connected empty region at no cost and sliding a group
    /// tile into the region costs 1. Values of disjoint groups add up to an admissible bound.
    /// A placement `(p0, …, pk−1)` is stored at its perfect rank `Σ dᵢ·(N−1−i)!/(N−k)!` with
    /// `dᵢ = pᵢ − #{j < i : pⱼ < pᵢ}`: a table has N!/(N−k)! one-byte entries (4×4: 3,360
    /// bytes for 3 tiles, 43,680 for 4, 524,160 for 5, 5,765,760 for 6; 3×4: 95,040 for 5,
    /// 665,280 for 6).
    ///
    /// The search of a table runs on one thread or several, to the same bytes (see
    /// [`pdb::build::build_table`]).
    ///
    /// Small partitions built in the run (at most [`additive::Layout::REGIONS_BYTES`], on at
    /// most 24 cells: 5-5-5 on the 4×4) also keep, per placement, the blank's cells from which
    /// its least is reached ([`pdb::Regions`]): a group whose tiles wall the blank off from
    /// those cells counts 2 more. Korf's 100 with 5-5-5 and the reflection: 43.1 M nodes
    /// against 58.9 M, 13% fewer instructions, 42% more misses of a 512 KB L2 (four bytes an
    /// entry, not one): on the development machine about the same time in all (see the
    /// README's "The hardest 4×4 boards").
    ///
    /// Two groups whose goal cells are images of each other under a symmetry of the board share
    /// one table, looked up through the symmetry, when the symmetry also fixes the goal's blank
    /// or the goal's free cells are connected for both (the blank's start does not matter).
    ///
    /// With reflection, when the goal's blank lies on a diagonal of a square board, the bound
    /// is `max(h(s), h(s'))` with `s'` the board reflected in that diagonal and its tiles
    /// relabelled (`t → goal[T(home(t))]`): `s'` is as far from the goal as `s`, and the same
    /// tables serve both look-ups.
    pub mod pdb {
        use super::{Notes, Puzzle};
        use std::sync::{Mutex, PoisonError};

        /// The most cells a board with tables may have (cell sets are `u32` masks).
        pub const MAX_CELLS: usize = 32;
        /// The most groups of a partition.
        pub const MAX_GROUPS: usize = 8;
        /// The largest group: its slots stay below the one left for [`NO_GROUP`] (see
        /// [`placement::SLOTS`]). (Memory bounds a group long before: 11 tiles of 16 cells are 16!/5!
        /// placements.)
        pub const MAX_GROUP: usize = 11;
        const UNSEEN: u8 = u8::MAX;
        const NO_GROUP: u8 = u8::MAX;

        /// The next item of an iterator that workers share.
        fn take<T>(items: &Mutex<impl Iterator<Item = T>>) -> Option<T> {
            // (A worker that panicked is propagated by its scope.)
            items.lock().unwrap_or_else(PoisonError::into_inner).next()
        }

        /// Runs `work` on the calling thread and on `workers − 1` threads started for it
        /// (fewer when one cannot start; none for one worker); returns what each returned.
        fn on_threads<T: Send>(workers: usize, work: &(dyn Fn() -> T + Sync)) -> Vec<T> {
            if workers <= 1 {
                return vec![work()];
            }
            std::thread::scope(|scope| {
                let started: Vec<_> = (1..workers)
                    .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
                    .collect();
                let mut done = vec![work()];
                for thread in started {
                    done.push(
                        thread
                            .join()
                            .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                    );
                }
                done
            })
        }

        /// How tables are made: on how many threads, with what progress, telling whom.
        pub struct TableWork<'a> {
            /// The threads that build one table (see [`build::build_table`]).
            pub threads: usize,
            /// Called as each level of a build starts, with its depth.
            pub on_level: &'a (dyn Fn(u8) + Sync),
            /// Where a large build or a file that cannot be written is told.
            pub notes: &'a dyn Notes,
        }

        impl TableWork<'_> {
            /// One thread, no progress, no notes.
            pub fn quiet() -> TableWork<'static> {
                TableWork {
                    threads: 1,
                    on_level: &|_| {},
                    notes: &(),
                }
            }

            /// The table of `cells` in `layout` (see [`build::build_table`]).
            pub fn build(
                &self,
                puzzle: &Puzzle,
                group: (&[u8], usize),
                layout: additive::Layout,
            ) -> Vec<u8> {
                build::build_table(puzzle, group, layout, self.threads, self.on_level)
            }

            /// The table of `cells` with the blank's regions (see [`build::build_regions`]).
            pub fn build_regions(&self, puzzle: &Puzzle, group: (&[u8], usize)) -> Vec<u32> {
                build::build_regions(puzzle, group, self.threads, self.on_level)
            }
        }

        /// The entries of [`additive::Layout::Regions`] tables (`u32`): a placement's least
        /// number of group moves over the blank's cells in the top 8 bits, and in the low N
        /// bits the cells *outside* the regions from which that least is reached (regions: the
        /// connected parts of the cells the group leaves free; its own cells, never the
        /// blank's, count as outside). From those the placement needs at least 2 moves more: a
        /// move of a group tile changes the colour of its cell on a chessboard, so the parity
        /// of the group's moves is the placement's own, whatever the blank does.
        pub struct Regions;

        impl Regions {
            /// The most cells of a board with such tables.
            pub const CELLS: usize = 24;
            const SHIFT: u32 = 24;

            /// The entry of a placement whose least is `least`, reached from `regions`.
            pub fn entry(least: u8, regions: u32) -> u32 {
                (!regions & ((1 << Self::SHIFT) - 1)) | (u32::from(least) << Self::SHIFT)
            }

            /// The least of `entry`: the table's entry without the regions.
            #[inline(always)]
            pub fn least(entry: u32) -> u8 {
                (entry >> Self::SHIFT) as u8
            }

            /// The value of `entry` with the blank on cell `blank` (of the table's frame):
            /// its least, or 2 more when `blank` lies outside its regions. O(1).
            ///
            /// # Constraints
            ///
            /// `entry` is that of a placement, not of a number no placement has (least 255).
            #[inline(always)]
            pub fn value(entry: u32, blank: usize) -> u8 {
                let outside = (entry >> (blank & (MAX_CELLS - 1))) as u8 & 1;
                Self::least(entry) + 2 * outside
            }
        }

        /// The entries of byte tables ([`additive::Layout::Rank`] and
        /// [`additive::Layout::Spread`]): in the low six bits a placement's least number of group
        /// moves over the blank's cells (at most [`Pockets::MOST`]), in the high two what the
        /// blank's region adds, told apart by its size: a *pocket* is a region of at most
        /// [`Pockets::CELLS`] cells (the blank walled into a corner or beside an edge). From a
        /// region other than those of the least the group needs 2 moves more (the parity
        /// argument of [`Regions`]), so [`Pockets::POCKETS_FAR`] is set when the least's
        /// regions hold no pocket, [`Pockets::OTHERS_FAR`] when they are all pockets. A byte an
        /// entry instead of [`Regions`]' four, for tables that do not fit in the caches anyway
        /// (the 5×5's 6-6-6-6: 488 MB); telling a pocket is a few word operations. Measured
        /// against exact regions and against the least alone: see the README, "The
        /// twenty-four puzzle".
        pub struct Pockets;

        impl Pockets {
            /// The largest least an entry holds; a larger one is kept as this, a lower bound
            /// still (the 5×5's 6-tile tables for `blank-first` hold at most 35).
            pub const MOST: u8 = 62;
            /// The most cells of a pocket.
            pub const CELLS: u32 = 2;
            const LEAST: u8 = 63;
            /// The blank in a region that is not a pocket costs 2 more.
            const OTHERS_FAR: u8 = 1 << 6;
            /// The blank in a pocket costs 2 more.
            const POCKETS_FAR: u8 = 1 << 7;

            /// The entry of a placement first reached at depth `least` with the blank in
            /// `reached` (whole regions, by cell), `free` cells left free by the group; `masks`
            /// of its board. O(rows·cols) word operations a region.
            fn entry(least: u8, reached: u32, free: u32, masks: &Masks) -> u8 {
                let least = least.min(Self::MOST);
                if reached.count_ones() == free {
                    return least;
                }
                let (mut pockets, mut others, mut rest) = (false, false, reached);
                while rest != 0 {
                    let region = masks.flood(rest.trailing_zeros() as usize, rest);
                    let pocket = region.count_ones() <= Self::CELLS;
                    (pockets, others) = (pockets | pocket, others | !pocket);
                    rest ^= region;
                }
                match (pockets, others) {
                    (false, _) => least | Self::POCKETS_FAR,
                    (true, false) => least | Self::OTHERS_FAR,
                    (true, true) => least,
                }
            }

            /// The least of `entry`: its value with the blank in the best region.
            #[inline(always)]
            pub fn least(entry: u8) -> u8 {
                entry & Self::LEAST
            }

            /// The value of `entry` with the blank in a pocket when `pocket`: its least, or 2
            /// more. O(1), without a branch.
            #[inline(always)]
            pub fn value(entry: u8, pocket: bool) -> u8 {
                let far = entry >> (6 + u8::from(pocket)) & 1;
                Self::least(entry) + 2 * far
            }
        }

        /// Cell and tile numbers are below [`MAX_CELLS`]; masked by this, they index a
        /// `[_; MAX_CELLS]` array with no bounds check.
        const CELL_MASK: usize = MAX_CELLS - 1;
        const _: () = assert!(MAX_CELLS.is_power_of_two());

        /// Cell sets as bit masks, for the flood fill of the blank's region.
        struct Masks {
            cols: usize,
            /// `around[p]`: the cells next to `p`.
            around: [u32; MAX_CELLS],
            all: u32,
            not_first_col: u32,
            not_last_col: u32,
        }

        impl Masks {
            /// Whether the connected part of the cells `free` that holds `start` is a pocket:
            /// at most [`Pockets::CELLS`] cells, that is, at most one free cell next to `start`
            /// and no other free cell next to that. O(1), without a branch.
            #[inline(always)]
            fn in_pocket(&self, start: usize, free: u32) -> bool {
                const _: () = assert!(Pockets::CELLS == 2, "two cells tested");
                let next = self.around[start & CELL_MASK] & free;
                let beyond = self.around[next.trailing_zeros() as usize & CELL_MASK] & free;
                let one = next & next.wrapping_sub(1) == 0;
                one & ((next == 0) | (beyond & !(1 << (start & CELL_MASK)) == 0))
            }

            fn new(puzzle: &Puzzle) -> Self {
                let shape = puzzle.shape;
                let cells = 0..shape.cells();
                let set = |keep: &dyn Fn(usize) -> bool| {
                    cells
                        .clone()
                        .filter(|&p| keep(p))
                        .fold(0, |m, p| m | 1u32 << p)
                };
                let mut around = [0; MAX_CELLS];
                for (mask, n) in around.iter_mut().zip(&puzzle.neighbors) {
                    *mask = set(&|p| n.contains(&p));
                }
                Masks {
                    cols: shape.cols,
                    around,
                    all: set(&|_| true),
                    not_first_col: set(&|p| shape.col(p) > 0),
                    not_last_col: set(&|p| shape.col(p) + 1 < shape.cols),
                }
            }

            /// The connected part of `free` that holds `start`. O(rows·cols) word operations.
            #[inline]
            fn flood(&self, start: usize, free: u32) -> u32 {
                let mut region = 1u32 << start;
                loop {
                    let grown = (region
                        | ((region & self.not_last_col) << 1)
                        | ((region & self.not_first_col) >> 1)
                        | (region << self.cols)
                        | (region >> self.cols))
                        & free;
                    if grown == region {
                        return region;
                    }
                    region = grown;
                }
            }
        }

        /// Placements of k tiles on N cells, their perfect ranks, and the rank after a move.
        pub mod placement {
            use super::{on_threads, take, MAX_GROUP, NO_GROUP, UNSEEN};
            use std::sync::Mutex;

            /// N!/(N−k)!, the number of placements of k distinct tiles on N cells.
            pub fn table_len(n: usize, k: usize) -> usize {
                (n - k + 1..=n).product()
            }

            /// The perfect rank of the placement `cells` (distinct, each below N) among
            /// N!/(N−k)!. O(k).
            pub fn rank(cells: &[u8], n: usize) -> usize {
                let mut used = 0u32;
                let mut r = 0;
                for (i, &p) in cells.iter().enumerate() {
                    let d = u32::from(p) - (used & ((1u32 << p) - 1)).count_ones();
                    r = r * (n - i) + d as usize;
                    used |= 1 << p;
                }
                r
            }

            /// Slot-indexed arrays have this length, a power of two above [`MAX_GROUP`], so that
            /// `slot & 15` needs no bounds check.
            pub(super) const SLOTS: usize = 16;
            // A slot of [`NO_GROUP`] finds weight 0 (see [`rank_after_move`]).
            const _: () = assert!(NO_GROUP as usize & (SLOTS - 1) > MAX_GROUP);

            /// The weights of the rank's digits: `w[i] = (N−1−i)!/(N−k)!`, so `rank = Σ dᵢ·w[i]`.
            pub(super) fn weights(n: usize, k: usize) -> [usize; SLOTS] {
                let mut w = [0; SLOTS];
                let mut acc = 1;
                for i in (0..k).rev() {
                    w[i] = acc;
                    acc *= n - i;
                }
                w
            }

            /// The weights of a placement's index in the spread layout: `w[i] = N^(k−1−i)`, so
            /// that `index = Σ cellᵢ·w[i]` and a move of tile i changes it by `(to − from)·w[i]`.
            pub(super) fn spread_weights(n: usize, k: usize) -> [usize; SLOTS] {
                let mut w = [0; SLOTS];
                let mut acc = 1;
                for i in (0..k).rev() {
                    w[i] = acc;
                    acc *= n;
                }
                w
            }

            /// `table`, a table of k tiles on N cells by rank, laid out by spread index (see
            /// [`spread_weights`]) at the end of `into`: N^k entries, those of placements with
            /// two tiles on one cell 255 and never read (as [`super::build::build_table`]
            /// leaves them), on `threads` threads (0 counts as 1; the layout is the same for
            /// any number). The placements with the first tile on one cell are a run of ranks
            /// and a block of spread indices: the threads take the N blocks in turn. O(N^k)
            /// time (on the 5×5's 6-tile tables about 17 instructions a placement), no memory
            /// beyond `into`'s.
            pub fn spread_into(
                table: &[u8],
                (n, k): (usize, usize),
                into: &mut Vec<u8>,
                threads: usize,
            ) {
                let start = into.len();
                into.resize(start + n.pow(k as u32), UNSEEN);
                if k == 1 {
                    // One tile: its rank is its cell.
                    into[start..].copy_from_slice(table);
                    return;
                }
                let w = spread_weights(n, k);
                let runs = into[start..]
                    .chunks_mut(w[0])
                    .zip(table.chunks(table_len(n - 1, k - 1)));
                let blocks = Mutex::new(runs.enumerate());
                on_threads(threads.min(n), &|| {
                    while let Some((cell, (spread, mut ranked))) = take(&blocks) {
                        spread_from(1, (1 << cell, 0), (n, &w[..k]), &mut ranked, spread);
                    }
                });
            }

            /// Places tile `i` and the later ones on every free cell in turn, tiles before it on
            /// `used` making index `base`: the placements in rank order (for each tile, its
            /// cells in increasing order), each taking the next entry of `ranked`. The last
            /// tile (weight 1) takes its N − k + 1 entries in one pass over the free cells.
            fn spread_from(
                i: usize,
                (used, base): (u32, usize),
                (n, w): (usize, &[usize]),
                ranked: &mut &[u8],
                spread: &mut [u8],
            ) {
                let mut free = !used & (u32::MAX >> (32 - n));
                if i + 1 == w.len() {
                    let (row, rest) = ranked.split_at(free.count_ones() as usize);
                    for &entry in row {
                        spread[base + free.trailing_zeros() as usize] = entry;
                        free &= free - 1;
                    }
                    *ranked = rest;
                    return;
                }
                while free != 0 {
                    let cell = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let next = (used | 1 << cell, base + cell * w[i]);
                    spread_from(i + 1, next, (n, w), ranked, spread);
                }
            }

            /// The rank of a placement after its tile `i` moved from cell `from` to the adjacent
            /// free cell `to`, from its old rank `r`; `between(lo, hi)` gives the slots of the
            /// group's tiles on the cells strictly between, and may give [`NO_GROUP`] for the
            /// others (whose weight `w[NO_GROUP & 15]` is 0). Only digit i and the digits of later
            /// tiles between the two cells change. O(1) for a move along a row, O(cols) otherwise,
            /// without a branch.
            #[inline(always)]
            pub(super) fn rank_after_move<I: Iterator<Item = usize>>(
                r: usize,
                w: &[usize; SLOTS],
                i: usize,
                (from, to): (usize, usize),
                between: impl FnOnce(usize, usize) -> I,
            ) -> usize {
                let wi = w[i & (SLOTS - 1)];
                if to == from + 1 {
                    return r + wi;
                }
                if to + 1 == from {
                    return r - wi;
                }
                let (mut before, mut later) = (0, 0);
                for l in between(from.min(to), from.max(to)) {
                    let earlier = usize::from(l < i);
                    before += earlier;
                    later += w[l & (SLOTS - 1)] * (1 - earlier);
                }
                if to > from {
                    r + wi * (to - from - before) + later
                } else {
                    r - wi * (from - to - before) - later
                }
            }

            /// The placements in rank order, from a given rank on: the inverse of [`rank`], one
            /// step at a time.
            pub(super) struct Placements {
                n: usize,
                k: usize,
                digits: [usize; MAX_GROUP],
                /// `at[i]`: the cell of tile i.
                pub(super) at: [usize; MAX_GROUP],
                /// `used[i]`: the cells of the tiles before tile i.
                used: [u32; MAX_GROUP + 1],
            }

            impl Placements {
                /// The placement of rank `r` of k tiles on N cells. O(k·N) bit operations at worst.
                pub(super) fn at_rank(r: usize, n: usize, k: usize) -> Self {
                    let mut placements = Placements {
                        n,
                        k,
                        digits: [0; MAX_GROUP],
                        at: [0; MAX_GROUP],
                        used: [0; MAX_GROUP + 1],
                    };
                    let mut rest = r;
                    for i in (0..k).rev() {
                        placements.digits[i] = rest % (n - i);
                        rest /= n - i;
                    }
                    placements.place_from(0);
                    placements
                }

                /// Places tiles `from..k` by their digits, the cells of the earlier ones known:
                /// tile i on the free cell with `digits[i]` free cells below it.
                fn place_from(&mut self, from: usize) {
                    for i in from..self.k {
                        let mut free = !self.used[i];
                        for _ in 0..self.digits[i] {
                            free &= free - 1;
                        }
                        self.place(i, free);
                    }
                }

                /// Puts tile i on the lowest cell of `free`.
                fn place(&mut self, i: usize, free: u32) {
                    self.at[i] = free.trailing_zeros() as usize;
                    self.used[i + 1] = self.used[i] | 1 << self.at[i];
                }

                /// Moves to the next rank: the last digit that can grow grows by one, its tile
                /// moving to the next free cell, and the later tiles start again from the lowest
                /// free cells. O(1) amortized.
                pub(super) fn step(&mut self) {
                    let mut i = self.k - 1;
                    while self.digits[i] + 1 == self.n - i {
                        self.digits[i] = 0;
                        i -= 1;
                    }
                    self.digits[i] += 1;
                    self.place(i, !self.used[i] & u32::MAX << self.at[i] << 1);
                    for j in i + 1..self.k {
                        self.place(j, !self.used[j]);
                    }
                }

                /// The cells of all k tiles.
                pub(super) fn occupied(&self) -> u32 {
                    self.used[self.k]
                }
            }
        }

        /// The breadth-first build of one group's table, on one thread or several.
        pub mod build {
            use super::additive::Layout;
            use super::placement::{
                rank, rank_after_move, spread_weights, weights, Placements, SLOTS,
            };
            use super::{on_threads, take};
            use super::{Masks, Pockets, Puzzle, Regions, CELL_MASK, MAX_CELLS, MAX_GROUP, UNSEEN};
            use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
            use std::sync::Mutex;

            /// The blank cells already reached with one placement: `u16` when N ≤ 16 (halves
            /// the build's memory), else `u32`. A placement's two sets `seen` and `next` are
            /// packed in one atomic word of twice the width, `seen` in the low half, so that one
            /// `fetch_or` adds a region to both.
            trait CellSet: Copy + Send + Sync {
                const EMPTY: Self;
                /// The `seen` and `next` sets of one placement.
                type Pair: Send + Sync;
                fn bits(self) -> u32;
                fn of(bits: u32) -> Self;
                /// A pair with `seen` and an empty `next`.
                fn pair(seen: u32) -> Self::Pair;
                /// The `seen` half.
                fn seen(pair: &Self::Pair) -> u32;
                /// Adds `region` to both halves: one atomic `fetch_or`, or, when `alone` (no
                /// other thread touches the pairs), a plain load and store; whether the `next`
                /// half was empty.
                fn add(pair: &Self::Pair, region: u32, alone: bool) -> bool;
                /// Empties the `next` half; returns both halves as they were.
                fn take_next(pair: &Self::Pair) -> (u32, u32);
            }

            macro_rules! cell_set {
                ($set:ty, $pair:ty, $word:ty) => {
                    impl CellSet for $set {
                        const EMPTY: $set = 0;
                        type Pair = $pair;
                        #[inline]
                        fn bits(self) -> u32 {
                            u32::from(self)
                        }
                        #[inline]
                        fn of(bits: u32) -> $set {
                            bits as $set
                        }
                        fn pair(seen: u32) -> $pair {
                            <$pair>::new(<$word>::from(seen as $set))
                        }
                        #[inline]
                        fn seen(pair: &$pair) -> u32 {
                            u32::from(pair.load(Relaxed) as $set)
                        }
                        #[inline]
                        fn add(pair: &$pair, region: u32, alone: bool) -> bool {
                            let half = <$word>::from(region as $set);
                            let both = half | half << <$set>::BITS;
                            let old = if alone {
                                let old = pair.load(Relaxed);
                                pair.store(old | both, Relaxed);
                                old
                            } else {
                                pair.fetch_or(both, Relaxed)
                            };
                            old >> <$set>::BITS == 0
                        }
                        #[inline]
                        fn take_next(pair: &$pair) -> (u32, u32) {
                            let both = pair.load(Relaxed);
                            let (seen, next) = (both as $set, (both >> <$set>::BITS) as $set);
                            if next != 0 {
                                pair.store(<$word>::from(seen), Relaxed);
                            }
                            (u32::from(seen), u32::from(next))
                        }
                    }
                };
            }
            cell_set!(u16, AtomicU32, u32);
            cell_set!(u32, AtomicU64, u64);

            /// The table of the group whose tiles' goal cells are `cells` (in table order), the
            /// goal's blank at `blank`, in `layout`: the entry of placement `p` (at its rank, or
            /// its spread index) is the [`Pockets`] entry of the least number of group moves
            /// between `p` and the goal placement and of the blank's regions from which it is
            /// reached (255 if unreachable, which happens only on a board of one row or column,
            /// and at a spread index that no placement has). Built by `threads`
            /// threads: the calling one and `threads − 1` started for it (fewer when one cannot
            /// start; with one, none is started); the table is the same for any number. `on_level(d)` is called on the
            /// calling thread as the search starts level d = 1, 2, … (the states d group moves
            /// from the goal; the last level finds nothing new), to show progress.
            ///
            /// Breadth-first by levels over (placement, blank region), a level kept as the blank
            /// cells of its regions in an array by the layout's number (a [`Numbering`]), and
            /// expanded in that order, so that the search walks the arrays in increasing streams;
            /// a state marks its whole region when generated, so each is expanded once. The threads take a level's ranks in chunks of
            /// [`CHUNK`] and mark the states they generate with one atomic `fetch_or` on the
            /// placement's packed `seen` and `next` sets (a plain load and store when one thread
            /// works alone); then the next level moves in, in chunks too, and a placement reached
            /// for the first time gets its depth in the table. Regions are connected components
            /// of the free cells, so a new region is disjoint from the placement's `seen` set:
            /// looking at `seen` first is only a shortcut, and a level's sets are the union of the
            /// regions generated, whatever the order, which makes the table deterministic.
            ///
            /// Time O(states · k) with states = placements × regions (≈11.8 M for a 6-tile group
            /// of the 4×4), plus a pass over the level's span of ranks per level, shared by the
            /// threads; memory-bound (random access to the `seen` and `next` sets), so 2 threads
            /// give ≈1.7×, not 2×. Measured, release build on a 2-core AMD EPYC VM shared with
            /// other work, 1 thread / 2 threads: 4×4 tiles 1–5 ≈0.12 s / 0.08 s, tiles 1–6
            /// ≈1.7 s / 1 s, tiles 1–7 (57.7 M placements) ≈19 s / 11 s, the 8 tiles of the 8-7
            /// partition (519 M placements) ≈220 s / 126 s. Memory 7 bytes per placement, for
            /// any number of threads (peak 0.40 GB for 7 tiles, 3.55 GB for 8): the table (1),
            /// the packed `seen` and `next` sets (4) and the level's sets (2); 13 when N > 16
            /// (1 + 8 + 4); a spread table's entries count, placements or not. Built spread, a
            /// move's new index is one addition, not [`rank_after_move`]'s walk, and the walk's
            /// next placement a count in base N, not [`Placements::step`]: the three 5-tile
            /// tables of Korf's 100 (1 M entries each for 524,160 placements) took 2.22 G
            /// instructions by rank and copied spread, 1.98 G built spread, 1.57 G once the
            /// passes over a level skipped the empty blocks (callgrind; 0.40–0.46 s against
            /// 0.26–0.28 s on one thread in four alternated runs, the machine quiet); with the
            /// blank's regions, 1.61 G, and 1.55 G once a walk kept its placement from one
            /// block of a chunk to the next and found one anew with a division a digit, not
            /// two (a 6-tile table by rank: 8.61 G → 8.24 G).
            ///
            /// # Constraints
            ///
            /// N ≤ 32, 1 ≤ k = `cells.len()` ≤ min(11, N − 1), cells distinct and not `blank`;
            /// `threads` ≥ 1 (0 counts as 1).
            pub fn build_table(
                puzzle: &Puzzle,
                group: (&[u8], usize),
                layout: Layout,
                threads: usize,
                on_level: &(dyn Fn(u8) + Sync),
            ) -> Vec<u8> {
                build_entries(puzzle, group, layout, threads, on_level)
            }

            /// The table of [`Layout::Regions`] for the group whose tiles' goal cells are
            /// `cells`, built as [`build_table`] builds it by spread index: each entry a
            /// [`Regions`] entry, `u32::MAX` at a spread index that no placement has.
            ///
            /// # Constraints
            ///
            /// Those of [`build_table`], and N ≤ [`Regions::CELLS`].
            pub fn build_regions(
                puzzle: &Puzzle,
                group: (&[u8], usize),
                threads: usize,
                on_level: &(dyn Fn(u8) + Sync),
            ) -> Vec<u32> {
                assert!(puzzle.shape.cells() <= Regions::CELLS, "too many cells");
                build_entries(puzzle, group, Layout::Regions, threads, on_level)
            }

            /// [`build_table`] with entries of type `E`, numbered by rank or by spread index
            /// as `layout` says ([`Layout::Regions`] is numbered by spread index).
            fn build_entries<E: Entry>(
                puzzle: &Puzzle,
                (cells, blank): (&[u8], usize),
                layout: Layout,
                threads: usize,
                on_level: &(dyn Fn(u8) + Sync),
            ) -> Vec<E> {
                let (n, k) = (puzzle.shape.cells(), cells.len());
                let masks = Masks::new(puzzle);
                let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
                // The goal's blank region.
                let region = masks.flood(blank, masks.all & !occupied);
                let work = (threads.max(1), on_level);
                let goal = (cells, region);
                match layout {
                    Layout::Rank => {
                        let digits = Digits {
                            n,
                            k,
                            w: weights(n, k),
                        };
                        build_numbered(masks, Ranks(digits), goal, work)
                    }
                    Layout::Spread | Layout::Regions => {
                        let digits = Digits {
                            n,
                            k,
                            w: spread_weights(n, k),
                        };
                        build_numbered(masks, Spread(digits), goal, work)
                    }
                }
            }

            /// What a table holds for a placement, as its build leaves it: a [`Pockets`] entry
            /// (`u8`) or a [`Regions`] entry (`u32`).
            trait Entry: Copy + Send + Sync {
                /// The entry of a number that no placement reached.
                const UNSEEN: Self;
                /// The entry of a placement first reached at `depth`, through the blank cells
                /// `regions` (the regions reached at that depth), with `free` cells left free by
                /// the group, on the board of `masks`.
                fn reached(depth: u8, regions: u32, free: u32, masks: &Masks) -> Self;
            }

            impl Entry for u8 {
                const UNSEEN: u8 = UNSEEN;
                fn reached(depth: u8, regions: u32, free: u32, masks: &Masks) -> u8 {
                    Pockets::entry(depth, regions, free, masks)
                }
            }

            impl Entry for u32 {
                const UNSEEN: u32 = u32::MAX;
                fn reached(depth: u8, regions: u32, _: u32, _: &Masks) -> u32 {
                    Regions::entry(depth, regions)
                }
            }

            /// [`build_table`] with `numbers`, from the goal's cells and blank region, on
            /// `threads` threads: the blank's cell sets `u16` when N ≤ 16, else `u32`.
            fn build_numbered<X: Numbering, E: Entry>(
                masks: Masks,
                numbers: X,
                goal: (&[u8], u32),
                (threads, on_level): (usize, &(dyn Fn(u8) + Sync)),
            ) -> Vec<E> {
                if numbers.digits().n <= 16 {
                    Build::<u16, X>::new(masks, numbers).run(goal, threads, on_level)
                } else {
                    Build::<u32, X>::new(masks, numbers).run(goal, threads, on_level)
                }
            }

            /// The bytes [`build_table`] (or [`build_regions`]) holds at its peak for k tiles on
            /// N cells in `layout`, the table it returns among them: 6 an entry beside the
            /// table's, 12 when N > 16.
            pub fn build_bytes(n: usize, k: usize, layout: Layout) -> usize {
                layout.bytes(n, k) + layout.entries(n, k) * if n <= 16 { 6 } else { 12 }
            }

            /// How a build numbers the placements of k tiles on N cells, its table's entries:
            /// [`Ranks`] or [`Spread`], as the layouts do.
            trait Numbering: Sync {
                /// Where a walk over the numbers stands: the placement of one number.
                type Cursor;
                /// The numbers lie below this: the table's length.
                fn len(&self) -> usize;
                /// N, k and the weights of the number's digits.
                fn digits(&self) -> &Digits;
                /// The number of the placement with tile i on `cells[i]`.
                fn number(&self, cells: &[u8]) -> usize;
                /// The cursor at number `r` (of a placement).
                fn seek(&self, r: usize) -> Self::Cursor;
                /// The cursor one number on (O(1) amortized, less than a `seek`).
                fn step(&self, cursor: &mut Self::Cursor);
                /// The tiles' cells at `cursor`, tile i's at entry i, and the set of them.
                fn placement<'c>(&self, cursor: &'c Self::Cursor) -> (&'c [usize], u32);
                /// The number of placement `r` once its tile `i` moved from cell `from` to the
                /// free cell `to` next to it (`from_to`); `tiles`: the set of the tiles' cells
                /// and, by cell, the tile there.
                fn moved(
                    &self,
                    r: usize,
                    i: usize,
                    from_to: (usize, usize),
                    tiles: (u32, &[u8; MAX_CELLS]),
                ) -> usize;
            }

            /// k tiles on N cells, and the weights `w` of a number's digits.
            struct Digits {
                n: usize,
                k: usize,
                w: [usize; SLOTS],
            }

            /// Numbering by rank, N!/(N−k)! numbers (see [`rank`] and [`weights`]).
            struct Ranks(Digits);

            impl Numbering for Ranks {
                type Cursor = Placements;

                fn len(&self) -> usize {
                    super::placement::table_len(self.0.n, self.0.k)
                }

                fn digits(&self) -> &Digits {
                    &self.0
                }

                fn number(&self, cells: &[u8]) -> usize {
                    rank(cells, self.0.n)
                }

                fn seek(&self, r: usize) -> Placements {
                    Placements::at_rank(r, self.0.n, self.0.k)
                }

                #[inline]
                fn step(&self, cursor: &mut Placements) {
                    cursor.step();
                }

                #[inline]
                fn placement<'c>(&self, cursor: &'c Placements) -> (&'c [usize], u32) {
                    (&cursor.at[..self.0.k], cursor.occupied())
                }

                #[inline]
                fn moved(
                    &self,
                    r: usize,
                    i: usize,
                    (from, to): (usize, usize),
                    (occupied, slot_at): (u32, &[u8; MAX_CELLS]),
                ) -> usize {
                    rank_after_move(r, &self.0.w, i, (from, to), |lo, hi| {
                        let mut between = occupied & ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
                        std::iter::from_fn(move || {
                            (between != 0).then(|| {
                                let p = between.trailing_zeros() as usize;
                                between &= between - 1;
                                usize::from(slot_at[p])
                            })
                        })
                    })
                }
            }

            /// Numbering by spread index, N^k numbers (see [`spread_weights`]): the digits in
            /// base N are the tiles' cells; numbers with two tiles on one cell are no placement.
            struct Spread(Digits);

            impl Numbering for Spread {
                /// The digits, tile i's cell at entry i.
                type Cursor = [usize; MAX_GROUP];

                fn len(&self) -> usize {
                    self.0.n.pow(self.0.k as u32)
                }

                fn digits(&self) -> &Digits {
                    &self.0
                }

                fn number(&self, cells: &[u8]) -> usize {
                    let w = &self.0.w;
                    cells.iter().zip(w).map(|(&c, w)| usize::from(c) * w).sum()
                }

                /// From the last digit up, one division a digit (its quotient and remainder).
                fn seek(&self, mut r: usize) -> Self::Cursor {
                    let Digits { n, k, .. } = self.0;
                    let mut digits = [0; MAX_GROUP];
                    for d in digits[..k].iter_mut().rev() {
                        (*d, r) = (r % n, r / n);
                    }
                    digits
                }

                #[inline]
                fn step(&self, digits: &mut Self::Cursor) {
                    let mut i = self.0.k - 1;
                    while digits[i] + 1 == self.0.n {
                        digits[i] = 0;
                        i -= 1;
                    }
                    digits[i] += 1;
                }

                #[inline]
                fn placement<'c>(&self, digits: &'c Self::Cursor) -> (&'c [usize], u32) {
                    let cells = &digits[..self.0.k];
                    (
                        cells,
                        cells.iter().fold(0, |m, &c| m | 1 << (c & CELL_MASK)),
                    )
                }

                #[inline]
                fn moved(
                    &self,
                    r: usize,
                    i: usize,
                    (from, to): (usize, usize),
                    _: (u32, &[u8; MAX_CELLS]),
                ) -> usize {
                    let wi = self.0.w[i & (SLOTS - 1)];
                    (r + to * wi).wrapping_sub(from * wi)
                }
            }

            /// The entries of a level marked together as holding states (see [`Build`]).
            const BLOCK: usize = 16;
            /// The numbers a worker takes at a time: the blocks of [`MARK_WORDS`] words.
            const CHUNK: usize = 4096;
            /// The words of block marks of a chunk.
            const MARK_WORDS: usize = CHUNK / BLOCK / 64;
            const _: () = assert!(CHUNK % (64 * BLOCK) == 0);
            /// The most steps from one placement to the next of a level before
            /// [`Placements::at_rank`] is cheaper (about 20 instructions a step, 360 a rank).
            const JUMP: usize = 16;

            /// What the workers of [`build_table`]'s search share: per placement, the blank cells
            /// of its regions reached so far (`seen`) and of those first reached at the next
            /// depth (`next`), side by side (a new state touches both); and which blocks of
            /// [`BLOCK`] entries hold states of a depth, so that the passes over a level skip
            /// the empty ones (a spread table's level is mostly empty, 1 M entries for 0.5 M
            /// placements, and every level but the middle ones is too).
            struct Build<S: CellSet, X: Numbering> {
                masks: Masks,
                numbers: X,
                seen_next: Vec<S::Pair>,
                /// `filled[d % 2]`: bit b of word w set when block 64·w + b holds states of
                /// depth d ([`MARK_WORDS`] words a [`CHUNK`]): in its `next` sets while depth d
                /// is generated, then in the level array while it is expanded (and emptied).
                filled: [Vec<AtomicU64>; 2],
            }

            impl<S: CellSet, X: Numbering> Build<S, X> {
                /// The search of a table numbered by `numbers`, nothing seen yet.
                fn new(masks: Masks, numbers: X) -> Self {
                    let words = (numbers.len() + CHUNK - 1) / CHUNK * MARK_WORDS;
                    let marks = || (0..words).map(|_| AtomicU64::new(0)).collect();
                    Build {
                        masks,
                        seen_next: (0..numbers.len()).map(|_| S::pair(0)).collect(),
                        numbers,
                        filled: [marks(), marks()],
                    }
                }

                /// The entry of a placement first reached at `depth` with the blank in `reached`.
                fn entry<E: Entry>(&self, depth: u8, reached: u32) -> E {
                    let digits = self.numbers.digits();
                    E::reached(depth, reached, (digits.n - digits.k) as u32, &self.masks)
                }

                /// Marks the block of entry `r` as holding states of depth `depth`.
                #[inline]
                fn fill(&self, r: usize, depth: u8, alone: bool) {
                    let word = &self.filled[usize::from(depth % 2)][r / BLOCK / 64];
                    let bit = 1u64 << (r / BLOCK % 64);
                    if alone {
                        word.store(word.load(Relaxed) | bit, Relaxed);
                    } else if word.load(Relaxed) & bit == 0 {
                        word.fetch_or(bit, Relaxed);
                    }
                }

                /// The entries of the chunk from entry `first` (a multiple of [`CHUNK`]) whose
                /// blocks hold states of depth `depth`, as ranges in the chunk of `len`
                /// entries; their marks emptied when `take`.
                fn filled(
                    &self,
                    (first, len): (usize, usize),
                    depth: u8,
                    take: bool,
                ) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
                    let start = first / BLOCK / 64;
                    let words = &self.filled[usize::from(depth % 2)][start..start + MARK_WORDS];
                    words.iter().enumerate().flat_map(move |(w, word)| {
                        let mut bits = if take {
                            word.swap(0, Relaxed)
                        } else {
                            word.load(Relaxed)
                        };
                        std::iter::from_fn(move || {
                            (bits != 0).then(|| {
                                let b = (w * 64 + bits.trailing_zeros() as usize) * BLOCK;
                                bits &= bits - 1;
                                b..len.min(b + BLOCK)
                            })
                        })
                    })
                }

                /// The table, by a search from the state `(goal cells, blank cells)` on
                /// `threads` threads (see [`build_table`]).
                fn run<E: Entry>(
                    mut self,
                    (cells, region): (&[u8], u32),
                    mut threads: usize,
                    on_level: &(dyn Fn(u8) + Sync),
                ) -> Vec<E> {
                    let r0 = self.numbers.number(cells);
                    let len = self.seen_next.len();
                    self.seen_next[r0] = S::pair(region);
                    let mut table = vec![E::UNSEEN; len];
                    // Written now, not left as zeroed pages from the allocator: a page that the
                    // walk reads (mapping the shared zero page) and the move-in then writes
                    // faults twice, and the second fault stops the other threads' CPUs to flush
                    // their TLBs (7-tile table on 2 threads: 1.3 s of system time, not 0.3 s).
                    let mut level = Vec::with_capacity(len);
                    level.resize(len, S::EMPTY);
                    level[r0] = S::of(region);
                    table[r0] = self.entry(0, region);
                    let mut depth = 0;
                    self.fill(r0, depth, true);
                    // The numbers of the current level lie in `first..last`; the passes over it
                    // start at a chunk's edge.
                    let (mut first, mut last) = (r0, r0 + 1);
                    while first < last {
                        first -= first % CHUNK;
                        depth += 1;
                        on_level(depth);
                        let chunks = level[first..last].chunks_mut(CHUNK);
                        let workers = threads.min(chunks.len());
                        let chunks = Mutex::new((first..).step_by(CHUNK).zip(chunks));
                        let spans =
                            on_threads(workers, &|| self.walk(&chunks, depth, workers == 1));
                        if spans.len() < workers {
                            threads = spans.len();
                        }
                        let next = spans.into_iter().fold((len, 0), |(lo, hi), (first, last)| {
                            (lo.min(first), hi.max(last))
                        });
                        // `level` is all empty again: the next level moves in.
                        (first, last) = (next.0.min(next.1), next.1);
                        first -= first % CHUNK;
                        let chunks = level[first..last]
                            .chunks_mut(CHUNK)
                            .zip(table[first..last].chunks_mut(CHUNK));
                        let workers = threads.min(chunks.len());
                        let chunks = Mutex::new((first..).step_by(CHUNK).zip(chunks));
                        on_threads(workers, &|| self.move_in(&chunks, depth));
                    }
                    table
                }

                /// Expands the states of the chunks of the current level taken from `chunks`
                /// (their first number, their blank cells by number), emptying them, to generate
                /// the states of depth `depth`, and returns the span of their numbers; `alone`:
                /// see [`CellSet::add`].
                fn walk<'a, I>(&self, chunks: &Mutex<I>, depth: u8, alone: bool) -> (usize, usize)
                where
                    I: Iterator<Item = (usize, &'a mut [S])>,
                    S: 'a,
                {
                    let mut next = (usize::MAX, 0);
                    while let Some((first, chunk)) = take(chunks) {
                        // Each state's placement stepped to from the last one's, or found
                        // anew past more than `JUMP` entries.
                        let (mut cursor, mut at) = (None::<X::Cursor>, first);
                        // Only the blocks that hold states.
                        for block in self.filled((first, chunk.len()), depth - 1, true) {
                            let start = first + block.start;
                            let block = &mut chunk[block];
                            for (r, entry) in (start..).zip(block) {
                                let blanks = entry.bits();
                                if blanks == 0 {
                                    continue;
                                }
                                *entry = S::EMPTY;
                                let p = match &mut cursor {
                                    Some(p) if r - at <= JUMP => {
                                        (at..r).for_each(|_| self.numbers.step(p));
                                        p
                                    }
                                    slot => slot.insert(self.numbers.seek(r)),
                                };
                                at = r;
                                let placement = self.numbers.placement(p);
                                self.expand((r, placement), blanks, depth, alone, &mut next);
                            }
                        }
                    }
                    next
                }

                /// Generates the states of depth `depth` that follow the placement numbered `r`,
                /// its tiles on `cells` (the set `occupied`), through `blanks`, the blank cells
                /// of its regions at the depth before: every tile next to one of them moves onto
                /// it; `next` grows to hold the numbers of the new states. O(1) a successor
                /// spread, O(k) by rank, plus its region's flood when it is new.
                #[inline]
                fn expand(
                    &self,
                    (r, (cells, occupied)): (usize, (&[usize], u32)),
                    blanks: u32,
                    depth: u8,
                    alone: bool,
                    next: &mut (usize, usize),
                ) {
                    let mut slot_at = [0u8; MAX_CELLS];
                    for (i, &cell) in cells.iter().enumerate() {
                        slot_at[cell & CELL_MASK] = i as u8;
                    }
                    for (i, &from) in cells.iter().enumerate() {
                        let mut targets = self.masks.around[from & CELL_MASK] & blanks;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as usize;
                            targets &= targets - 1;
                            let moved = self.numbers.moved(r, i, (from, to), (occupied, &slot_at));
                            let Some(pair) = self.seen_next.get(moved) else {
                                continue;
                            };
                            // The blank ends where the tile was.
                            if S::seen(pair) & (1 << from) != 0 {
                                continue;
                            }
                            let free = self.masks.all & !(occupied ^ (1 << from) ^ (1 << to));
                            if S::add(pair, self.masks.flood(from, free), alone) {
                                self.fill(moved, depth, alone);
                            }
                            *next = (next.0.min(moved), next.1.max(moved + 1));
                        }
                    }
                }

                /// Moves the next level in, over the chunks taken from `chunks` (their first rank,
                /// level entries and table entries): a placement's `next` set becomes its level
                /// entry and is emptied, and a placement reached for the first time (its `seen`
                /// set is its `next` set) gets its entry for `depth` (see [`Build::entry`]).
                fn move_in<'a, I, E: Entry + 'a>(&self, chunks: &Mutex<I>, depth: u8)
                where
                    I: Iterator<Item = (usize, (&'a mut [S], &'a mut [E]))>,
                    S: 'a,
                {
                    while let Some((first, (level, table))) = take(chunks) {
                        // Only the blocks that hold states.
                        for block in self.filled((first, level.len()), depth, false) {
                            let pairs = &self.seen_next[first + block.start..first + block.end];
                            let entries = level[block.clone()].iter_mut().zip(&mut table[block]);
                            for ((entry, value), pair) in entries.zip(pairs) {
                                let (seen, next) = S::take_next(pair);
                                if next != 0 {
                                    *entry = S::of(next);
                                    if seen == next {
                                        *value = self.entry(depth, next);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Tables kept in files between runs (`--cache`).
        pub mod cache {
            use super::additive::Layout;
            use super::placement::table_len;
            use super::{Puzzle, TableWork, MAX_CELLS, MAX_GROUP};
            use std::io::Read;
            use std::path::Path;

            /// The entries from which [`append_cached`] says on stderr that it builds a table: it
            /// takes seconds (7 tiles of the 4×4) to minutes (8 tiles).
            const LARGE_TABLE: usize = 1 << 24;

            /// The trailer that follows a table in its file (`--cache`), before the checksum; the
            /// format's version is its last digit, to be raised whenever the files or the meaning
            /// of the tables change, so that old files are rebuilt.
            const MAGIC: &[u8] = b"\nsliding-puzzles pattern database 2\n";

            /// The room a file needs beyond its table: its trailer and checksum, at most.
            pub const TRAILER_ROOM: usize = 128;
            const _: () = assert!(MAGIC.len() + 3 + MAX_CELLS + MAX_GROUP + 8 <= TRAILER_ROOM);

            /// A 64-bit FNV-1a-style hash of `bytes`, eight at a time: it names a table's file and
            /// checks its contents. O(len).
            pub fn checksum(bytes: &[u8]) -> u64 {
                let mut chunks = bytes.chunks_exact(8);
                let mix = |hash: u64, word: u64| (hash ^ word).wrapping_mul(0x0100_0000_01b3);
                let hash = chunks.by_ref().fold(0xcbf2_9ce4_8422_2325, |hash, chunk| {
                    mix(hash, u64::from_le_bytes(chunk.try_into().expect("8 bytes")))
                });
                let rest = chunks.remainder();
                rest.iter().fold(mix(hash, rest.len() as u64), |hash, &b| {
                    mix(hash, u64::from(b))
                })
            }

            /// The table of `cells` for `puzzle`'s goal, blank at `blank` (see
            /// [`super::build::build_table`]), read from its file in `dir`, or built and written
            /// there. The file holds the table, then a trailer naming the format, shape, goal and
            /// group, then a checksum of all that; it is named by the shape and a hash of the
            /// trailer. A file that does not match to its last byte is built anew. The new file is
            /// written under a temporary name and renamed into place, so that an interrupted or
            /// concurrent run never leaves half a table under the name; a table that cannot be
            /// written is used all the same, with a warning on stderr, where the build of a large
            /// table is announced too. Time: one read of the file, else
            /// [`super::build::build_table`] and one write.
            ///
            /// The table is appended to `into`; a file is read straight into its room, with no
            /// copy, when `into` has room for the table and [`TRAILER_ROOM`] bytes more.
            pub fn append_cached(
                dir: &Path,
                puzzle: &Puzzle,
                (cells, blank): (&[u8], usize),
                work: &TableWork,
                into: &mut Vec<u8>,
            ) {
                let shape = puzzle.shape;
                let mut trailer = MAGIC.to_vec();
                trailer.extend([shape.rows as u8, shape.cols as u8, cells.len() as u8]);
                trailer.extend(&puzzle.goal);
                trailer.extend(cells);
                let name = format!(
                    "{}x{}-{:016x}.pdb",
                    shape.rows,
                    shape.cols,
                    checksum(&trailer)
                );
                let path = dir.join(name);
                let len = table_len(shape.cells(), cells.len());
                let whole = len + trailer.len() + 8;
                // (A file of another size is not read at all.)
                let sized = std::fs::metadata(&path).is_ok_and(|m| m.len() == whole as u64);
                let start = into.len();
                if sized {
                    let read = std::fs::File::open(&path).and_then(|mut f| f.read_to_end(into));
                    let bytes = &into[start..];
                    if read.is_ok()
                        && bytes.len() == whole
                        && bytes[len..whole - 8] == trailer[..]
                        && checksum(&bytes[..whole - 8]).to_le_bytes() == bytes[whole - 8..]
                    {
                        into.truncate(start + len);
                        return;
                    }
                    into.truncate(start);
                }
                if len >= LARGE_TABLE {
                    work.notes.note(&format!(
                        "note: building {} ({} MiB) once; later runs read it",
                        path.display(),
                        len >> 20
                    ));
                }
                let mut bytes = work.build(puzzle, (cells, blank), Layout::Rank);
                bytes.extend(&trailer);
                bytes.extend(checksum(&bytes).to_le_bytes());
                let temporary = path.with_extension(format!("tmp{}", std::process::id()));
                let written = std::fs::create_dir_all(dir)
                    .and_then(|()| std::fs::write(&temporary, &bytes))
                    .and_then(|()| std::fs::rename(&temporary, &path));
                if let Err(error) = written {
                    let _ = std::fs::remove_file(&temporary);
                    work.notes.note(&format!(
                        "warning: cannot write {}: {error}",
                        path.display()
                    ));
                }
                into.extend_from_slice(&bytes[..len]);
            }
        }

        /// The additive look-up over a partition: groups, symmetries, reflection.
        pub mod additive {
            use super::super::super::board::Shape;
            use super::super::bound::LowerBound;
            use super::super::Board;
            use super::build::build_bytes;
            use super::cache::{append_cached, TRAILER_ROOM};
            use super::placement::{
                rank, rank_after_move, spread_into, spread_weights, table_len, weights, SLOTS,
            };
            use super::{
                Masks, Pockets, Puzzle, Regions, TableWork, CELL_MASK, MAX_CELLS, MAX_GROUP,
            };
            use super::{MAX_GROUPS, NO_GROUP};
            use std::path::Path;

            /// The board's symmetries as cell permutations, identity first: 4 for a rectangle, 8
            /// for a square; each maps adjacent cells to adjacent cells.
            fn symmetries(shape: Shape) -> Vec<Vec<usize>> {
                let (rows, cols) = (shape.rows, shape.cols);
                let mut all = Vec::new();
                for transpose in [false, true] {
                    if transpose && rows != cols {
                        continue;
                    }
                    for (flip_rows, flip_cols) in
                        [(false, false), (false, true), (true, false), (true, true)]
                    {
                        all.push(
                            (0..shape.cells())
                                .map(|p| {
                                    let (mut r, mut c) = (shape.row(p), shape.col(p));
                                    if transpose {
                                        std::mem::swap(&mut r, &mut c);
                                    }
                                    if flip_rows {
                                        r = rows - 1 - r;
                                    }
                                    if flip_cols {
                                        c = cols - 1 - c;
                                    }
                                    r * cols + c
                                })
                                .collect(),
                        );
                    }
                }
                all
            }

            /// The reflection in the main diagonal when it fixes `cell`, else the one in the
            /// anti-diagonal when that fixes `cell`; `None` on other cells and rectangles.
            fn diagonal_fixing(shape: Shape, cell: usize) -> Option<Vec<usize>> {
                let w = shape.cols;
                let (r, c) = (shape.row(cell), shape.col(cell));
                if shape.rows != w {
                    None
                } else if r == c {
                    Some((0..w * w).map(|p| (p % w) * w + p / w).collect())
                } else if r + c == w - 1 {
                    Some(
                        (0..w * w)
                            .map(|p| (w - 1 - p % w) * w + (w - 1 - p / w))
                            .collect(),
                    )
                } else {
                    None
                }
            }

            /// Maps `frame`, groups of cells for a goal whose blank is at cell `blank`, onto
            /// `puzzle`'s goal by a symmetry that takes `blank` to the goal's blank; `None` when
            /// there is none.
            pub fn by_symmetry(
                puzzle: &Puzzle,
                blank: usize,
                frame: &[&[u8]],
            ) -> Option<Vec<Vec<u8>>> {
                let symmetry = symmetries(puzzle.shape)
                    .into_iter()
                    .find(|s| s[blank] == puzzle.goal_at[0])?;
                Some(
                    frame
                        .iter()
                        .map(|g| g.iter().map(|&c| symmetry[usize::from(c)] as u8).collect())
                        .collect(),
                )
            }

            /// The goal's cells in row-major order, the blank's skipped, cut into groups of
            /// `sizes` (which add up to N − 1).
            pub fn in_reading_order(puzzle: &Puzzle, sizes: &[usize]) -> Vec<Vec<u8>> {
                let blank = puzzle.goal_at[0];
                let mut cells =
                    (0..puzzle.shape.cells() as u8).filter(|&c| usize::from(c) != blank);
                sizes
                    .iter()
                    .map(|&k| cells.by_ref().take(k).collect())
                    .collect()
            }

            /// One group of a partition: its tiles in table order and the cell map (a symmetry,
            /// the identity for a group that owns its table) applied before ranking.
            struct Group {
                tiles: Vec<u8>,
                /// Where its table starts in [`Additive::data`].
                offset: usize,
                map: [u8; MAX_CELLS],
                w: [usize; SLOTS],
                /// `inv[c]`: the board cell that `map` sends to table cell `c`.
                inv: [u8; MAX_CELLS],
                /// `slot[tile]`: the place of `tile` in `tiles`, or [`NO_GROUP`].
                slot: [u8; MAX_CELLS],
                /// `inv` and `slot` for the reflected board: `reflected_inv[c]` is the board cell
                /// whose reflection `map` sends to `c`; `reflected_slot[t]` the slot of the
                /// relabelled tile `t`.
                reflected_inv: [u8; MAX_CELLS],
                reflected_slot: [u8; MAX_CELLS],
            }

            /// How a group's table is indexed.
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum Layout {
                /// By the placement's rank: N!/(N−k)! entries for k tiles on N cells, each a
                /// byte of [`Pockets`]; a move's new index is [`rank_after_move`]'s O(cols) walk.
                Rank,
                /// By spread index (see [`spread_weights`]): N^k entries, each a byte of
                /// [`Pockets`], a move's new index the old one plus one entry of
                /// [`Additive::steps`] less another.
                Spread,
                /// By spread index, each entry a `u32` of [`Regions`]: the value with the blank
                /// in any of the placement's regions, 4 bytes an entry instead of 1. Only for
                /// tables built in the run (files hold tables of bytes by rank).
                Regions,
            }

            impl Layout {
                /// The most bytes of spread tables a partition may take.
                pub const SPREAD_BYTES: usize = 1 << 30;
                /// The most bytes a build by spread index may take (see [`Layout::builds_spread`]).
                pub const SPREAD_BUILD_BYTES: usize = 1 << 28;
                /// The most bytes of tables with the blank's regions a partition may take: they
                /// stay in the last-level cache (32 MiB on the development machine).
                pub const REGIONS_BYTES: usize = 16 << 20;

                /// `Regions` on at most [`Regions::CELLS`] cells when the partition's tables take
                /// at most [`REGIONS_BYTES`] so (on the 4×4 up to 5-5-5, 12 MiB; 6-6-3 would take
                /// 128 MiB); else `Spread` when the partition's spread tables take at most three
                /// times the bytes of its tables by rank and at most [`SPREAD_BYTES`]; else
                /// `Rank`. On the 4×4, 5-5-5 takes 3 MiB spread (1.5 MB by rank), 6-6-3 32 MiB
                /// (11.5 MB), and 7-7-1 would take 512 MiB (115 MB); on the 5×5, 6-6-6-6 takes 931 MiB (510 MB; half
                /// of each when its groups share tables by symmetry). Measured, Korf's 100 with
                /// 5-5-5 and reflection, 90.6 M nodes, search alone, alternate runs on the 2-core
                /// machine (the other core busy): 4.36–4.46 s by rank, 3.27–3.84 s spread
                /// (1.61 G against 1.24 G instructions on the first ten boards); 6-6-3 on two
                /// 80-move boards, 60 M nodes: 3.4–4.0 s by rank, 2.2–3.2 s spread; 6-6-6-6 on
                /// Korf & Felner's #38, 256 M nodes on two threads: 7.8–13.5 s by rank, 5.3–11.3
                /// s spread (the machine as loaded).
                ///
                /// [`SPREAD_BYTES`]: Layout::SPREAD_BYTES
                /// [`REGIONS_BYTES`]: Layout::REGIONS_BYTES
                pub fn fitting(n: usize, groups: &[Vec<u8>]) -> Layout {
                    let spread = Layout::Spread.partition_bytes(n, groups);
                    let rank = Layout::Rank.partition_bytes(n, groups);
                    let regions = Layout::Regions.partition_bytes(n, groups);
                    if n <= Regions::CELLS && regions <= Layout::REGIONS_BYTES {
                        Layout::Regions
                    } else if spread <= Layout::SPREAD_BYTES && spread <= 3 * rank {
                        Layout::Spread
                    } else {
                        Layout::Rank
                    }
                }

                /// Whether a spread table of k tiles on N cells is built spread (see
                /// [`super::build::build_table`]: about half the instructions), not by rank and
                /// then copied: when that build takes at most [`SPREAD_BUILD_BYTES`] (4×4
                /// tables, 117 MB for 6 tiles; not the 5×5's 6-tile tables, 3.2 GB against
                /// 1.7 GB by rank).
                ///
                /// [`SPREAD_BUILD_BYTES`]: Layout::SPREAD_BUILD_BYTES
                pub fn builds_spread(n: usize, k: usize) -> bool {
                    build_bytes(n, k, Layout::Spread) <= Layout::SPREAD_BUILD_BYTES
                }

                /// The bytes of the tables of `groups` on N cells, each group counted (also
                /// those that would share a table by symmetry).
                pub fn partition_bytes(self, n: usize, groups: &[Vec<u8>]) -> usize {
                    groups.iter().map(|g| self.bytes(n, g.len())).sum()
                }

                /// The entries of the tables of `groups` on N cells, counted as
                /// [`Layout::partition_bytes`] counts bytes.
                pub fn partition_entries(self, n: usize, groups: &[Vec<u8>]) -> usize {
                    groups.iter().map(|g| self.entries(n, g.len())).sum()
                }

                /// The bytes of a table of k tiles on N cells.
                pub fn bytes(self, n: usize, k: usize) -> usize {
                    match self {
                        Layout::Regions => 4 * self.entries(n, k),
                        _ => self.entries(n, k),
                    }
                }

                /// The entries of a table of k tiles on N cells.
                pub fn entries(self, n: usize, k: usize) -> usize {
                    match self {
                        Layout::Rank => table_len(n, k),
                        Layout::Spread | Layout::Regions => n.pow(k as u32),
                    }
                }
            }

            /// Additive disjoint pattern databases for one board shape, goal and partition, with
            /// the optional reflected look-up. `apply` O(1), twice with the reflection, for
            /// tables of [`Layout::Spread`]; of [`Layout::Rank`], O(1) for a move along a row of
            /// the table's frame and O(cols) otherwise. It stops before writing once a sum
            /// exceeds the limit.
            pub struct Additive {
                n: usize,
                layout: Layout,
                name: String,
                groups: Vec<Group>,
                /// All tables, one after another; empty in [`Layout::Regions`].
                data: Vec<u8>,
                /// All tables of [`Layout::Regions`], one after another; else empty.
                regions: Vec<u32>,
                /// The board's cell sets, to tell a pocket ([`Pockets`]).
                masks: Masks,
                /// `group_of[t]`: the group of tile `t`, or [`NO_GROUP`] for the blank;
                /// `group_of[MAX_CELLS + t]`: the group of the tile that `t` becomes in the
                /// reflection.
                group_of: [u8; 2 * MAX_CELLS],
                /// Of a partition by spread index, `steps[t][c]`: in the low 32 bits what tile `t`
                /// on board cell `c` adds to its group's index (its frame's cell times its slot's
                /// weight), so that a move's new index is the old one plus one entry less another,
                /// and above them that frame's cell, where [`Regions::value`] looks for the blank
                /// once `t` left `c`; `steps[MAX_CELLS + t][c]` the same for the reflection of `t`
                /// on `c`. Zeros by rank.
                steps: Box<[[u64; MAX_CELLS]; 2 * MAX_CELLS]>,
                /// `(cell map T, tile map t → goal[T(home(t))])` of the reflection.
                reflection: Option<([u8; MAX_CELLS], [u8; MAX_CELLS])>,
            }

            /// The sides of [`PdbState`]: the board, and its reflection.
            const BOARD: usize = 0;
            const REFLECTED: usize = 1;

            /// The state of [`Additive`], per side ([`BOARD`], [`REFLECTED`]): each group's
            /// index in [`Additive::data`], its value, the board cells of its tiles (kept in
            /// tables of bytes only, to tell the blank's pocket, [`Pockets`]; the reflection maps
            /// pockets onto pockets), and their sum (0 for the reflection when there is none).
            #[derive(Clone, Copy)]
            pub struct PdbState {
                index: [[u32; MAX_GROUPS]; 2],
                value: [[u8; MAX_GROUPS]; 2],
                occupied: [[u32; MAX_GROUPS]; 2],
                sum: [u32; 2],
            }

            /// What [`Additive`] needs to take a move back: per side, the moved group's index
            /// and value, and the sums.
            #[derive(Clone, Copy, Default)]
            pub struct PdbUndo {
                index: [u32; 2],
                value: [u8; 2],
                sum: [u32; 2],
            }

            impl Additive {
                /// Builds the tables of `groups` (each a list of goal cells) for `puzzle`'s goal;
                /// `reflect` asks for the reflected look-up, used when the goal's blank lies on a
                /// diagonal of a square board. Time and memory: see [`super::build::build_table`].
                ///
                /// # Panics
                ///
                /// When N > 32, a group is empty or larger than 11 or holds the blank's cell, the
                /// groups overlap, there are more than 8 of them, or their tables would take 4 GiB
                /// or more (an index in them is a `u32`).
                pub fn new(puzzle: &Puzzle, groups: &[Vec<u8>], reflect: bool) -> Self {
                    let layout = Layout::fitting(puzzle.shape.cells(), groups);
                    Self::with_cache(puzzle, (groups, layout), reflect, None, &TableWork::quiet())
                }

                /// [`Additive::new`] in `layout`, each table built as `work` says, and read from
                /// `cache` or built and written there when a directory is given (see
                /// [`append_cached`]; the files are by rank).
                pub fn with_cache(
                    puzzle: &Puzzle,
                    (groups, layout): (&[Vec<u8>], Layout),
                    reflect: bool,
                    cache: Option<&Path>,
                    work: &TableWork,
                ) -> Self {
                    let (shape, n) = (puzzle.shape, puzzle.shape.cells());
                    assert!(
                        n <= MAX_CELLS && groups.len() <= MAX_GROUPS,
                        "too many cells or groups"
                    );
                    assert!(layout != Layout::Regions || n <= Regions::CELLS);
                    // Files hold no regions.
                    let layout = match (layout, cache) {
                        (Layout::Regions, Some(_)) => Layout::Spread,
                        _ => layout,
                    };
                    let blank = puzzle.goal_at[0];
                    let masks = Masks::new(puzzle);
                    let free_connected = |cells: &[u8]| {
                        let free = cells.iter().fold(masks.all, |m, &c| m & !(1 << c));
                        masks.flood(blank, free) == free
                    };
                    let symmetries = symmetries(shape);
                    let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
                    sizes.sort_unstable_by(|a, b| b.cmp(a));
                    let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                    let all_bytes = layout.partition_bytes(n, groups);
                    assert!(all_bytes <= u32::MAX as usize, "tables too large");
                    let mut additive = Additive {
                        n,
                        layout,
                        name: format!("pdb {}", sizes.join("-")),
                        groups: Vec::new(),
                        // Room for every table, and a file's trailer while it is read: never two
                        // copies of the tables at once.
                        data: match layout {
                            Layout::Regions => Vec::new(),
                            _ => Vec::with_capacity(all_bytes + TRAILER_ROOM),
                        },
                        regions: match layout {
                            Layout::Regions => Vec::with_capacity(all_bytes / 4),
                            _ => Vec::new(),
                        },
                        masks: Masks::new(puzzle),
                        group_of: [NO_GROUP; 2 * MAX_CELLS],
                        steps: Box::new([[0; MAX_CELLS]; 2 * MAX_CELLS]),
                        reflection: None,
                    };
                    // The groups that own a table, and where it starts.
                    let mut owners: Vec<(&[u8], usize)> = Vec::new();
                    for (index, cells) in groups.iter().enumerate() {
                        assert!((1..=MAX_GROUP).contains(&cells.len()), "bad group size");
                        let mut sorted = cells.clone();
                        sorted.sort_unstable();
                        let shared = owners.iter().find_map(|&(own, offset)| {
                            let mut theirs = own.to_vec();
                            theirs.sort_unstable();
                            symmetries.iter().find_map(|s| {
                                let mut image: Vec<u8> =
                                    sorted.iter().map(|&c| s[usize::from(c)] as u8).collect();
                                image.sort_unstable();
                                let fits = image == theirs
                                    && (s[blank] == blank
                                        || free_connected(cells) && free_connected(own));
                                fits.then_some((own, offset, s))
                            })
                        });
                        let identity: Vec<usize> = (0..n).collect();
                        let (offset, symmetry, order): (usize, &[usize], Vec<u8>) = match shared {
                            Some((own, offset, s)) => {
                                let mut inv = vec![0; n];
                                for (c, &image) in s.iter().enumerate() {
                                    inv[image] = c as u8;
                                }
                                (
                                    offset,
                                    s,
                                    own.iter().map(|&c| inv[usize::from(c)]).collect(),
                                )
                            }
                            None => {
                                let offset = additive.data.len() + additive.regions.len();
                                let group = (&cells[..], blank);
                                let by_rank = |into: &mut Vec<u8>| match cache {
                                    Some(dir) => append_cached(dir, puzzle, group, work, into),
                                    None => into.extend(work.build(puzzle, group, Layout::Rank)),
                                };
                                if layout == Layout::Rank {
                                    // A file is read straight into the tables' room.
                                    by_rank(&mut additive.data);
                                } else if layout == Layout::Regions {
                                    additive.regions.extend(work.build_regions(puzzle, group));
                                } else if cache.is_none() && Layout::builds_spread(n, cells.len()) {
                                    additive.data.extend(work.build(puzzle, group, layout));
                                } else {
                                    // Files hold tables by rank; the tables' room takes the
                                    // table laid out spread.
                                    let mut table = Vec::new();
                                    by_rank(&mut table);
                                    let into = &mut additive.data;
                                    spread_into(&table, (n, cells.len()), into, work.threads);
                                }
                                owners.push((cells, offset));
                                (offset, &identity, cells.clone())
                            }
                        };
                        let mut group = Group {
                            tiles: order.iter().map(|&c| puzzle.goal[usize::from(c)]).collect(),
                            offset,
                            map: [0; MAX_CELLS],
                            w: if layout != Layout::Rank {
                                spread_weights(n, cells.len())
                            } else {
                                weights(n, cells.len())
                            },
                            inv: [0; MAX_CELLS],
                            slot: [NO_GROUP; MAX_CELLS],
                            reflected_inv: [0; MAX_CELLS],
                            reflected_slot: [NO_GROUP; MAX_CELLS],
                        };
                        for (c, &image) in symmetry.iter().enumerate() {
                            group.map[c] = image as u8;
                            group.inv[image] = c as u8;
                        }
                        for (i, &t) in group.tiles.iter().enumerate() {
                            assert!(t != 0, "a group holds the blank");
                            assert!(
                                additive.group_of[usize::from(t)] == NO_GROUP,
                                "groups overlap"
                            );
                            additive.group_of[usize::from(t)] = index as u8;
                            group.slot[usize::from(t)] = i as u8;
                        }
                        additive.groups.push(group);
                    }
                    if let Some(reflection) = diagonal_fixing(shape, blank).filter(|_| reflect) {
                        let (mut cell, mut tile) = ([0; MAX_CELLS], [0; MAX_CELLS]);
                        for c in 0..n {
                            cell[c] = reflection[c] as u8;
                            tile[c] = puzzle.goal[reflection[puzzle.goal_at[c]]];
                        }
                        // The reflection is its own inverse.
                        for group in &mut additive.groups {
                            for c in 0..n {
                                group.reflected_inv[c] = cell[usize::from(group.inv[c])];
                                group.reflected_slot[c] = group.slot[usize::from(tile[c])];
                            }
                        }
                        for (t, &image) in tile[..n].iter().enumerate() {
                            additive.group_of[MAX_CELLS + t] =
                                additive.group_of[usize::from(image)];
                        }
                        additive.reflection = Some((cell, tile));
                        additive.name.push_str("+reflection");
                    }
                    if layout != Layout::Rank {
                        additive.spread_steps();
                    }
                    additive.name += &format!(" ({} bytes)", additive.bytes());
                    additive
                }

                /// Fills [`Additive::steps`] for a partition by spread index. O(N²).
                fn spread_steps(&mut self) {
                    let steps = &mut self.steps;
                    for group in &self.groups {
                        for (slot, &t) in group.tiles.iter().enumerate() {
                            for c in 0..self.n {
                                let frame = u64::from(group.map[c]);
                                let step = (frame * group.w[slot] as u64) | (frame << 32);
                                steps[usize::from(t)][c] = step;
                            }
                        }
                    }
                    if let Some((cell, tile)) = &self.reflection {
                        for (t, &image) in tile[..self.n].iter().enumerate() {
                            for c in 0..self.n {
                                steps[MAX_CELLS + t][c] =
                                    steps[usize::from(image)][usize::from(cell[c])];
                            }
                        }
                    }
                }

                /// The bytes of the tables.
                pub fn bytes(&self) -> usize {
                    self.data.len() + 4 * self.regions.len()
                }

                /// The value of entry `i`, with the blank on cell `frame` of the entry's frame and
                /// on board cell `blank`, the group's tiles on the board cells `occupied`: of the
                /// byte tables ([`Pockets`]) when `BYTES`, else of [`Layout::Regions`]. The
                /// layout is a parameter of the look-ups so that a search over tables with
                /// regions keeps no board cells (see [`PdbState`]).
                #[inline(always)]
                fn value<const BYTES: bool>(
                    &self,
                    i: usize,
                    (frame, blank): (usize, usize),
                    occupied: u32,
                ) -> u8 {
                    if !BYTES {
                        return Regions::value(self.regions[i], frame);
                    }
                    // Most entries do not depend on the pocket (six in seven of the 5×5's
                    // 6-tile tables), and a branch costs them less than the test.
                    let entry = self.data[i];
                    if Pockets::least(entry) == entry {
                        return entry;
                    }
                    let pocket = self.masks.in_pocket(blank, self.masks.all & !occupied);
                    Pockets::value(entry, pocket)
                }

                /// The most bytes [`Additive::with_cache`] holds at once for `groups` on N cells
                /// in `layout`, every table built rather than read: each build (see
                /// [`build_bytes`]: in `layout`, or by rank for a file and then copied spread)
                /// beside the tables before it. An upper bound: a group that shares a table by
                /// symmetry is counted as built.
                pub fn peak_bytes(n: usize, groups: &[Vec<u8>], layout: Layout) -> usize {
                    let (mut kept, mut peak) = (0, 0);
                    for k in groups.iter().map(Vec::len) {
                        // Tables of regions are tables spread with a cache.
                        let copy = match layout {
                            Layout::Rank => 0,
                            _ => table_len(n, k) + Layout::Spread.bytes(n, k),
                        };
                        let spread_build = match layout {
                            Layout::Spread if Layout::builds_spread(n, k) => {
                                build_bytes(n, k, layout)
                            }
                            Layout::Regions => build_bytes(n, k, layout),
                            _ => 0,
                        };
                        let build = build_bytes(n, k, Layout::Rank).max(spread_build);
                        peak = peak.max(kept + build.max(copy));
                        kept += layout.bytes(n, k);
                    }
                    peak.max(kept)
                }

                /// The index in [`Additive::data`] of group `g` with tiles at `at` (`at[t]`: the
                /// cell of tile `t`): where its table starts plus its spread index or its rank.
                /// O(k).
                fn index_of(&self, g: usize, at: &[u8; MAX_CELLS]) -> usize {
                    let group = &self.groups[g];
                    let mut cells = [0; MAX_GROUP];
                    for (c, &t) in cells.iter_mut().zip(&group.tiles) {
                        *c = group.map[usize::from(at[usize::from(t)])];
                    }
                    let cells = &cells[..group.tiles.len()];
                    group.offset
                        + if self.layout != Layout::Rank {
                            cells
                                .iter()
                                .zip(&group.w)
                                .map(|(&c, w)| usize::from(c) * w)
                                .sum()
                        } else {
                            rank(cells, self.n)
                        }
                }

                /// The new rank of `group`, old rank `r` (by [`Layout::Rank`]), after its tile in
                /// `slot` moved from `from` to `to`, cells of the board or, when `reflected`, of
                /// its reflection; `cells` is the board before the move.
                #[inline(always)]
                #[allow(clippy::too_many_arguments)] // the hot path: plain arguments
                fn moved_rank(
                    &self,
                    group: &Group,
                    r: usize,
                    slot: usize,
                    cells: &Board,
                    reflected: bool,
                    from: usize,
                    to: usize,
                ) -> usize {
                    let (back, slot_of) = if reflected {
                        (&group.reflected_inv, &group.reflected_slot)
                    } else {
                        (&group.inv, &group.slot)
                    };
                    let frame = |c: usize| usize::from(group.map[c & CELL_MASK]);
                    rank_after_move(r, &group.w, slot, (frame(from), frame(to)), |lo, hi| {
                        (lo + 1..hi).map(move |c| {
                            usize::from(
                                slot_of[usize::from(
                                    cells[usize::from(back[c & CELL_MASK]) & CELL_MASK],
                                ) & CELL_MASK],
                            )
                        })
                    })
                }

                /// The value of tile `tile`'s group after the tile moved from board cell `from`
                /// to `to` (of the reflection's group and table when `reflected`): `(group,
                /// index, value)`, or `None` for the blank. `index` and `occupied` hold the
                /// groups' indices and board cells before the move, `cells` the board. O(1)
                /// spread: two reads of [`Additive::steps`], one of the tables and, in a byte
                /// table, a look at the blank's neighbours; by rank, see [`rank_after_move`].
                #[inline(always)]
                fn look_up<const BYTES: bool>(
                    &self,
                    tile: usize,
                    (index, occupied, cells): (&[u32; MAX_GROUPS], &[u32; MAX_GROUPS], &Board),
                    reflected: bool,
                    (from, to): (usize, usize),
                ) -> Option<(usize, u32, u8)> {
                    let row = tile & CELL_MASK | if reflected { MAX_CELLS } else { 0 };
                    let g = usize::from(self.group_of[row]);
                    let old = *index.get(g)?;
                    // The group's cells after the move; the blank ends on `from`.
                    let moved = match BYTES {
                        true => occupied[g] ^ (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK)),
                        false => 0,
                    };
                    if self.layout != Layout::Rank {
                        let steps = &self.steps[row];
                        let (step_to, step_from) = (steps[to & CELL_MASK], steps[from & CELL_MASK]);
                        let i = old
                            .wrapping_add(step_to as u32)
                            .wrapping_sub(step_from as u32);
                        let blank = ((step_from >> 32) as usize, from);
                        return Some((g, i, self.value::<BYTES>(i as usize, blank, moved)));
                    }
                    let blank = (0, from);
                    let group = &self.groups[g];
                    let (tile, from, to) = match (&self.reflection, reflected) {
                        (Some((cell, relabel)), true) => (
                            usize::from(relabel[tile & CELL_MASK]),
                            usize::from(cell[from & CELL_MASK]),
                            usize::from(cell[to & CELL_MASK]),
                        ),
                        _ => (tile, from, to),
                    };
                    let slot = usize::from(group.slot[tile & CELL_MASK]);
                    let r = old as usize - group.offset;
                    let i =
                        group.offset + self.moved_rank(group, r, slot, cells, reflected, from, to);
                    Some((g, i as u32, self.value::<BYTES>(i, blank, moved)))
                }

                /// Side `side`'s ([`BOARD`] or [`REFLECTED`]) sum after tile `tile` moved from
                /// `from` to `to`, and its group's `(group, index, value)` from [`Additive::look_up`].
                #[inline(always)]
                fn moved<const BYTES: bool>(
                    &self,
                    state: &PdbState,
                    side: usize,
                    (tile, cells): (usize, &Board),
                    (from, to): (usize, usize),
                ) -> (u32, Option<(usize, u32, u8)>) {
                    let found = self.look_up::<BYTES>(
                        tile,
                        (&state.index[side], &state.occupied[side], cells),
                        side == REFLECTED,
                        (from, to),
                    );
                    let sum = match found {
                        Some((g, _, v)) => {
                            state.sum[side] + u32::from(v) - u32::from(state.value[side][g])
                        }
                        None => state.sum[side],
                    };
                    (sum, found)
                }

                /// [`LowerBound::apply`] in tables of bytes when `BYTES`, else of regions, with
                /// the reflection when `REFLECT` (see [`Fixed`]).
                #[inline(always)]
                fn apply_in<const BYTES: bool, const REFLECT: bool>(
                    &self,
                    state: &mut PdbState,
                    cells: &Board,
                    tile: u8,
                    from: usize,
                    to: usize,
                    limit: u32,
                ) -> (u32, PdbUndo) {
                    // Look first; write only when the move is not pruned.
                    let mut undo = PdbUndo {
                        sum: state.sum,
                        ..PdbUndo::default()
                    };
                    let tile = (usize::from(tile), cells);
                    let (sum, own) = self.moved::<BYTES>(state, BOARD, tile, (from, to));
                    if sum > limit {
                        return (sum, undo);
                    }
                    let (mut h, mut reflected) = (sum, None);
                    if REFLECT {
                        let sum;
                        (sum, reflected) = self.moved::<BYTES>(state, REFLECTED, tile, (from, to));
                        if sum > limit {
                            return (sum, undo);
                        }
                        state.sum[REFLECTED] = sum;
                        h = h.max(sum);
                    }
                    state.sum[BOARD] = sum;
                    let moved = (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK));
                    for (side, found) in [(BOARD, own), (REFLECTED, reflected)] {
                        if let Some((g, i, v)) = found {
                            undo.index[side] = std::mem::replace(&mut state.index[side][g], i);
                            undo.value[side] = std::mem::replace(&mut state.value[side][g], v);
                            if BYTES {
                                state.occupied[side][g] ^= moved;
                            }
                        }
                    }
                    (h, undo)
                }

                /// [`LowerBound::undo`] as [`Additive::apply_in`] made the move.
                #[inline(always)]
                fn undo_in<const BYTES: bool, const REFLECT: bool>(
                    &self,
                    state: &mut PdbState,
                    tile: u8,
                    (from, to): (usize, usize),
                    undo: PdbUndo,
                ) {
                    let moved = (1 << (from & CELL_MASK)) ^ (1 << (to & CELL_MASK));
                    for side in [BOARD, REFLECTED] {
                        if side == REFLECTED && !REFLECT {
                            break;
                        }
                        let g = usize::from(
                            self.group_of[side * MAX_CELLS + (usize::from(tile) & CELL_MASK)],
                        );
                        if g < MAX_GROUPS {
                            state.index[side][g] = undo.index[side];
                            state.value[side][g] = undo.value[side];
                            if BYTES {
                                state.occupied[side][g] ^= moved;
                            }
                        }
                    }
                    state.sum = undo.sum;
                }
            }

            impl Additive {
                /// [`LowerBound::start`]: every group's index and value, on each side. O(N + k)
                /// a group.
                fn start_state(&self, cells: &[u8]) -> (PdbState, u32) {
                    let mut state = PdbState {
                        index: [[0; MAX_GROUPS]; 2],
                        value: [[0; MAX_GROUPS]; 2],
                        occupied: [[0; MAX_GROUPS]; 2],
                        sum: [0; 2],
                    };
                    let mut at = [0; MAX_CELLS];
                    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
                    let sides = if self.reflection.is_some() { 2 } else { 1 };
                    for side in 0..sides {
                        for (c, &t) in cells.iter().enumerate() {
                            let g = self.group_of[side * MAX_CELLS + usize::from(t)];
                            if let Some(occupied) = state.occupied[side].get_mut(usize::from(g)) {
                                *occupied |= 1 << c;
                            }
                            let (t, c) = match &self.reflection {
                                Some((cell, tile)) if side == REFLECTED => {
                                    (tile[usize::from(t)], cell[c])
                                }
                                _ => (t, c as u8),
                            };
                            at[usize::from(t)] = c;
                        }
                        for (g, group) in self.groups.iter().enumerate() {
                            let i = self.index_of(g, &at);
                            let frame = usize::from(group.map[usize::from(at[0])]);
                            let (blank, occupied) = ((frame, blank), state.occupied[side][g]);
                            let value = match self.layout {
                                Layout::Regions => self.value::<false>(i, blank, occupied),
                                _ => self.value::<true>(i, blank, occupied),
                            };
                            state.index[side][g] = i as u32;
                            state.value[side][g] = value;
                            state.sum[side] += u32::from(value);
                        }
                    }
                    let h = state.sum[BOARD].max(state.sum[REFLECTED]);
                    (state, h)
                }

                /// Which [`Fixed`] this is: `(tables of bytes, reflected)`.
                pub fn fixed_as(&self) -> (bool, bool) {
                    (self.layout != Layout::Regions, self.reflection.is_some())
                }
            }

            /// An [`Additive`] whose layout (tables of bytes when `BYTES`, else of [`Regions`])
            /// and reflection (`REFLECT`) are fixed at compile time, so that a search over it
            /// carries one look-up and tests neither (the search of Korf's first 20 boards,
            /// callgrind: 196 → 189 instructions a node). Made by [`on_fixed!`], which picks the
            /// one that matches (see [`Additive::fixed_as`]; checked in debug builds). A mismatch
            /// never gives a bound above the distance: with the wrong layout the look-up reads
            /// an empty table and panics; with the wrong reflection the reflected look-up finds
            /// no group or is left out.
            pub struct Fixed<'a, const BYTES: bool, const REFLECT: bool>(&'a Additive);

            impl<'a, const BYTES: bool, const REFLECT: bool> Fixed<'a, BYTES, REFLECT> {
                /// `additive` seen as this [`Fixed`]; O(1).
                pub fn of(additive: &'a Additive) -> Self {
                    debug_assert_eq!(additive.fixed_as(), (BYTES, REFLECT), "another layout");
                    Fixed(additive)
                }
            }

            /// Evaluates `$body` with `$fixed` bound to the [`Fixed`] of the [`Additive`]
            /// `$additive` (an expression of type `&Additive`, evaluated once); `Fixed` must be
            /// in scope where it is used.
            macro_rules! on_fixed {
                ($additive:expr, |$fixed:ident| $body:expr) => {{
                    let additive = $additive;
                    match additive.fixed_as() {
                        (false, false) => {
                            let $fixed = Fixed::<false, false>::of(additive);
                            $body
                        }
                        (false, true) => {
                            let $fixed = Fixed::<false, true>::of(additive);
                            $body
                        }
                        (true, false) => {
                            let $fixed = Fixed::<true, false>::of(additive);
                            $body
                        }
                        (true, true) => {
                            let $fixed = Fixed::<true, true>::of(additive);
                            $body
                        }
                    }
                }};
            }
            pub(crate) use on_fixed;

            impl<const BYTES: bool, const REFLECT: bool> LowerBound for Fixed<'_, BYTES, REFLECT> {
                type State = PdbState;
                type Undo = PdbUndo;

                fn name(&self) -> String {
                    self.0.name.clone()
                }

                fn start(&self, cells: &[u8]) -> (PdbState, u32) {
                    self.0.start_state(cells)
                }

                #[inline(always)]
                fn apply(
                    &self,
                    state: &mut PdbState,
                    cells: &Board,
                    tile: u8,
                    from: usize,
                    to: usize,
                    limit: u32,
                ) -> (u32, PdbUndo) {
                    self.0
                        .apply_in::<BYTES, REFLECT>(state, cells, tile, from, to, limit)
                }

                #[inline]
                fn undo(
                    &self,
                    state: &mut PdbState,
                    tile: u8,
                    from: usize,
                    to: usize,
                    undo: PdbUndo,
                ) {
                    self.0
                        .undo_in::<BYTES, REFLECT>(state, tile, (from, to), undo)
                }
            }

            /// The layout and reflection told at run time, a look-up at a time (tests, benches;
            /// the plan searches over [`Fixed`]).
            impl LowerBound for Additive {
                type State = PdbState;
                type Undo = PdbUndo;

                fn name(&self) -> String {
                    self.name.clone()
                }

                fn start(&self, cells: &[u8]) -> (PdbState, u32) {
                    self.start_state(cells)
                }

                #[inline(always)]
                fn apply(
                    &self,
                    state: &mut PdbState,
                    cells: &Board,
                    tile: u8,
                    from: usize,
                    to: usize,
                    limit: u32,
                ) -> (u32, PdbUndo) {
                    on_fixed!(self, |fixed| fixed
                        .apply(state, cells, tile, from, to, limit))
                }

                #[inline]
                fn undo(
                    &self,
                    state: &mut PdbState,
                    tile: u8,
                    from: usize,
                    to: usize,
                    undo: PdbUndo,
                ) {
                    on_fixed!(self, |fixed| fixed.undo(state, tile, from, to, undo))
                }
            }
        }
    }

    /// Move pruning by a finite-state machine of duplicate move sequences (L. A. Taylor and
    /// R. E. Korf, "Pruning duplicate nodes in depth-first search", AAAI 1993), built so that
    /// the canonical path is never pruned.
    pub mod prune {
        use super::state::MixHasher;
        use std::collections::HashMap;
        use std::hash::BuildHasherDefault;

        /// The state after a move that the machine forbids.
        pub const DEAD: u32 = u32::MAX;

        /// The bytes the machine of depth 13 ([`MovePruner::for_cells`] when deeper) holds at
        /// the peak of its build, rounded up: 191 MiB measured as the peak of a process that
        /// built it alone.
        pub const DEEPER_BUILD_BYTES: usize = 224 << 20;

        /// A finite-state machine over the moves of a path (indices into `Move::ALL`): from
        /// the state of the empty path ([`MovePruner::start`]), [`MovePruner::step`] forbids every path that holds a
        /// sequence of at most `depth` moves which, on a board without edges, reaches the same
        /// board as a shorter sequence, or as one of the same length that comes first in the
        /// order D < L < R < U, and whose blank stays within the rows and columns the
        /// forbidden one's blank visits (so that it applies wherever the forbidden one
        /// does). Such a path is never the canonical one (the least of the shortest paths in
        /// that order): the other sequence in its place would give a shorter or a lesser
        /// path. Depth 2 forbids undoing the last move and nothing else; longer duplicates
        /// start at 6 moves (the machine of depth 6 keeps 1,453 sequences of the 1,457 that
        /// never undo a move; of depth 8, 12,957 of 13,121). Up to depth 12, every
        /// duplicate's first sequence stays within its span: the condition only guards deeper
        /// machines.
        ///
        /// A state is a word: its row in the machine shifted left by [`LIVE_BITS`], then the
        /// moves it allows, bit i for `Move::ALL[i]`; so a node's moves need no read of the
        /// machine, whose rows (19 KB at depth 10) are read only for a child that is searched.
        pub struct MovePruner {
            /// `next[row][m]`: the state after move `m` from the states of row `row`.
            next: Vec<[u32; 4]>,
        }

        /// The low bits of a [`MovePruner`] state: the moves it allows.
        const LIVE_BITS: u32 = 4;

        /// A sequence of moves in the machine's trie: the state before its last move, that
        /// move, its length, and the state of its longest proper suffix in the trie.
        struct Node {
            parent: u32,
            last: u8,
            depth: usize,
            suffix: u32,
        }

        /// Rows and columns the blank visits, relative to where it starts: `(top, bottom,
        /// left, right)`, bytes to keep [`Builder`]'s map small (a machine's depth is far
        /// below 128).
        type Span = (i8, i8, i8, i8);

        /// The blank on a [`Walk`]'s board.
        const BLANK: u16 = u16::MAX;

        /// A board without edges as far as `depth` moves reach, the blank in its middle, each
        /// tile labelled by its home cell, with a hash of the board kept as it changes (boards
        /// whose hashes match are compared in full).
        struct Walk {
            side: usize,
            cells: Vec<u16>,
            blank: usize,
            hash: u64,
            span: Span,
        }

        impl Walk {
            fn new(depth: usize) -> Self {
                let side = 2 * depth + 1;
                let mut cells: Vec<u16> = (0..side * side).map(|c| c as u16).collect();
                let blank = depth * side + depth;
                cells[blank] = BLANK;
                Walk {
                    side,
                    cells,
                    blank,
                    hash: 0,
                    span: (0, 0, 0, 0),
                }
            }

            /// A hash of "`label` on `cell`" (the SplitMix64 finaliser).
            fn mark(cell: usize, label: u16) -> u64 {
                let mut z = (cell as u64) << 16 | u64::from(label);
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }

            /// The blank's cell after move `m` (`Move::ALL`: D, L, R, U).
            fn target(&self, m: usize) -> usize {
                [
                    self.blank + self.side,
                    self.blank - 1,
                    self.blank + 1,
                    self.blank - self.side,
                ][m]
            }

            /// The hash and span after move `m`, the board unchanged.
            fn after(&self, m: usize) -> (u64, Span) {
                let (to, tile) = (self.target(m), self.cells[self.target(m)]);
                let hash = self.hash
                    ^ Self::mark(to, tile)
                    ^ Self::mark(self.blank, tile)
                    ^ Self::mark(self.blank, BLANK)
                    ^ Self::mark(to, BLANK);
                // A coordinate from the middle one.
                let offset = |x: usize| (x as isize - (self.side / 2) as isize) as i8;
                let (row, col) = (offset(to / self.side), offset(to % self.side));
                let s = self.span;
                (
                    hash,
                    (s.0.min(row), s.1.max(row), s.2.min(col), s.3.max(col)),
                )
            }

            /// Makes move `m`; returns what [`Walk::undo`] needs.
            fn slide(&mut self, m: usize) -> (usize, Span) {
                let before = (self.blank, self.span);
                (self.hash, self.span) = self.after(m);
                let to = self.target(m);
                self.cells.swap(self.blank, to);
                self.blank = to;
                before
            }

            /// Takes back the move that [`Walk::slide`] made.
            fn undo(&mut self, (blank, span): (usize, Span), hash: u64) {
                self.cells.swap(self.blank, blank);
                (self.blank, self.span, self.hash) = (blank, span, hash);
            }
        }

        /// The machine under construction: the trie of the sequences kept, in breadth-first
        /// (and so lexicographic) order, and the first sequence to reach each board (as the
        /// sequence of a node and a last move, [`NO_MOVE`] for none).
        struct Builder {
            depth: usize,
            nodes: Vec<Node>,
            next: Vec<[u32; 4]>,
            seen: HashMap<u64, (Span, u32, u8), BuildHasherDefault<MixHasher>>,
        }

        /// No last move: the sequence of a [`Builder`]'s node alone.
        const NO_MOVE: u8 = 4;

        impl Builder {
            /// Decides the moves from the trie's nodes of length `level − 1`, walking the trie
            /// depth-first from node `s` (of the walk's board) in the order of the moves. A
            /// sequence of the last level (`depth` moves) gets no node: its row would be that of
            /// its longest proper suffix (every sequence it goes on to is longer than `depth`),
            /// so the move leads to the suffix's node, which allows the same sequences after it.
            fn grow(&mut self, s: u32, walk: &mut Walk, level: usize) {
                let node_depth = self.nodes[s as usize].depth;
                if node_depth + 1 < level {
                    for m in 0..4 {
                        let child = self.next[s as usize][m];
                        if child != DEAD
                            && self.nodes[child as usize].parent == s
                            && self.nodes[child as usize].depth == node_depth + 1
                        {
                            let hash = walk.hash;
                            let undo = walk.slide(m);
                            self.grow(child, walk, level);
                            walk.undo(undo, hash);
                        }
                    }
                    return;
                }
                for m in 0..4 {
                    // The move from the longest proper suffix: a shorter node, decided.
                    let suffix = match s {
                        0 => 0,
                        _ => self.next[self.nodes[s as usize].suffix as usize][m],
                    };
                    if s != 0 && suffix == DEAD {
                        self.next[s as usize][m] = DEAD;
                        continue;
                    }
                    let (hash, span) = walk.after(m);
                    if let Some(&(first_span, first, last)) = self.seen.get(&hash) {
                        let same = self.board(first, last) == self.board(s, m as u8);
                        if same && within(first_span, span) {
                            self.next[s as usize][m] = DEAD;
                            continue;
                        }
                    } else {
                        self.seen.insert(hash, (span, s, m as u8));
                    }
                    if level == self.depth {
                        self.next[s as usize][m] = suffix;
                        continue;
                    }
                    self.next[s as usize][m] = self.nodes.len() as u32;
                    self.nodes.push(Node {
                        parent: s,
                        last: m as u8,
                        depth: node_depth + 1,
                        suffix,
                    });
                    self.next.push([DEAD; 4]);
                }
            }

            /// The board after node `s`'s sequence and then `m` (unless [`NO_MOVE`]), replayed
            /// from the start: the exact check behind a hash that matches.
            fn board(&self, mut s: u32, m: u8) -> Vec<u16> {
                let mut moves: Vec<usize> = (m != NO_MOVE)
                    .then_some(usize::from(m))
                    .into_iter()
                    .collect();
                while s != 0 {
                    moves.push(usize::from(self.nodes[s as usize].last));
                    s = self.nodes[s as usize].parent;
                }
                let mut walk = Walk::new(self.depth);
                for &m in moves.iter().rev() {
                    walk.slide(m);
                }
                walk.cells
            }
        }

        /// The trie of the move sequences of fewer than `depth` moves that [`MovePruner`]
        /// keeps, as rows (`next[row][m]`, the row after move m, or [`DEAD`]; row 0 the empty
        /// sequence; a kept sequence of `depth` moves leads to its longest proper suffix's row),
        /// by a breadth-first search over the sequences level by level (each level a
        /// depth-first walk of the trie, the board changed one move at a time), boards compared
        /// by hash and a hash that matches checked exactly. Time O(sequences kept · depth),
        /// about 3^depth.
        fn trie(depth: usize) -> Vec<[u32; 4]> {
            let root = Node {
                parent: 0,
                last: 0,
                depth: 0,
                suffix: 0,
            };
            let mut builder = Builder {
                depth,
                nodes: vec![root],
                next: vec![[DEAD; 4]],
                seen: HashMap::default(),
            };
            builder.seen.insert(0, ((0, 0, 0, 0), 0, NO_MOVE));
            let mut walk = Walk::new(depth);
            for level in 1..=depth {
                builder.grow(0, &mut walk, level);
            }
            builder.next
        }

        /// The rows of a machine (`next[row][m]`, the row after move m, or [`DEAD`]) put in
        /// classes of rows that allow the same move sequences (Moore's partition refinement:
        /// rows start apart by the moves they allow, and split while a move leads rows of one
        /// class to rows of different classes), and the number of classes; row 0's class is 0.
        /// A trie's rows mostly differ only in moves long past, so the classes are few (depth
        /// 10: 1,191 for 38,601 rows; depth 12: 8,081 for 340,569). O(rows) a round, until a
        /// round splits no class.
        fn minimise(next: &[[u32; 4]]) -> (Vec<u32>, usize) {
            // A row's key: its class and its moves' classes, 25 bits each.
            const FIELD: u32 = 25;
            const NONE: u128 = (1 << FIELD) - 1;
            assert!(next.len() < NONE as usize, "too many rows");
            let mut class: Vec<u32> = next
                .iter()
                .map(|&row| u32::from(super::live_bits(row, DEAD)))
                .collect();
            let mut classes = 0;
            loop {
                let mut ids: HashMap<u128, u32, BuildHasherDefault<MixHasher>> =
                    HashMap::with_capacity_and_hasher(2 * classes, Default::default());
                let refined: Vec<u32> = next
                    .iter()
                    .zip(&class)
                    .map(|(row, &c)| {
                        let key = row.iter().fold(u128::from(c), |key, &t| {
                            let to = if t == DEAD {
                                NONE
                            } else {
                                u128::from(class[t as usize])
                            };
                            key << FIELD | to
                        });
                        let id = ids.len() as u32;
                        *ids.entry(key).or_insert(id)
                    })
                    .collect();
                class = refined;
                if ids.len() == classes {
                    return (class, classes);
                }
                classes = ids.len();
            }
        }

        /// Whether span `inner` lies within span `outer`.
        fn within(inner: Span, outer: Span) -> bool {
            inner.0 >= outer.0 && inner.1 <= outer.1 && inner.2 >= outer.2 && inner.3 <= outer.3
        }

        impl MovePruner {
            /// The machine for sequences of at most `depth` moves (≥ 1): the trie of
            /// [`trie`], its rows put together by [`minimise`] (the same moves allowed after
            /// every path: tested). Time about 3^depth, memory too while the trie is built:
            /// see [`MovePruner::for_cells`].
            pub fn new(depth: usize) -> Self {
                let trie = trie(depth);
                let (class, classes) = minimise(&trie);
                let mut rows = vec![[DEAD; 4]; classes];
                for (row, &c) in trie.iter().zip(&class) {
                    rows[c as usize] =
                        row.map(|t| if t == DEAD { DEAD } else { class[t as usize] });
                }
                MovePruner::of_rows(rows)
            }

            /// The machine of `rows` (`rows[row][m]`, the row after move m, or [`DEAD`]; the
            /// empty path's row is 0), each state given its moves. O(rows).
            fn of_rows(mut rows: Vec<[u32; 4]>) -> Self {
                let live: Vec<u32> = rows
                    .iter()
                    .map(|&row| u32::from(super::live_bits(row, DEAD)))
                    .collect();
                for row in &mut rows {
                    for entry in row.iter_mut().filter(|entry| **entry != DEAD) {
                        *entry = *entry << LIVE_BITS | live[*entry as usize];
                    }
                }
                MovePruner { next: rows }
            }

            /// The machine `ida` uses on a board of `cells` cells: from 16 cells (the 4×4 and
            /// larger, whose searches are long), depth 10 (1,191 states, 19 KB, built in ≈15 ms:
            /// a trie of 38,601 rows), or 13 when `deeper` (13,882 states, 222 KB, ≈0.5 s and
            /// [`DEEPER_BUILD_BYTES`] at the peak of its trie's 1.0 M rows and map of 3.0 M
            /// boards); else 2 (5 states). Measured, Korf's 100 with the 5-5-5 tables and
            /// reflection, nodes generated against depth 2: 0.85 at depth 6, 0.74 at 8, 0.65 at
            /// 10, 0.59 at 12; 5×5 #37 `blank-first` with the 6-6-6-6 tables, 4.43 G nodes at
            /// depth 10, 3.84 G at 12, 3.74 G at 13, 3.37 G at 14 (56,974 states, but 6 s and 1.1
            /// GB to build, before its trie's last level was dropped).
            pub fn for_cells(cells: usize, deeper: bool) -> Self {
                MovePruner::new(match (cells >= 16, deeper) {
                    (true, false) => 10,
                    (true, true) => 13,
                    (false, _) => 2,
                })
            }

            /// The state of the empty path.
            pub fn start(&self) -> u32 {
                u32::from(super::live_bits(self.next[0], DEAD))
            }

            /// The state after move `m` (an index into `Move::ALL`) from `state`, or [`DEAD`].
            #[inline(always)]
            pub fn step(&self, state: u32, m: usize) -> u32 {
                self.next[(state >> LIVE_BITS) as usize][m & 3]
            }

            /// The moves [`MovePruner::step`] allows from `state`, bit i for `Move::ALL[i]`.
            #[inline(always)]
            pub fn live(state: u32) -> u32 {
                state & ((1 << LIVE_BITS) - 1)
            }

            /// The number of states.
            pub fn states(&self) -> usize {
                self.next.len()
            }
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            /// Walks every move sequence of at most `length` moves that `a` allows from state
            /// `at.0` and `b` from `at.1`, both at once: each allows the same moves after each.
            fn same_moves(a: &MovePruner, b: &MovePruner, at: (u32, u32), length: usize) {
                let live = MovePruner::live(at.0);
                assert_eq!(live, MovePruner::live(at.1));
                for m in (0..4).filter(|m| length > 0 && live & 1 << m != 0) {
                    same_moves(a, b, (a.step(at.0, m), b.step(at.1, m)), length - 1);
                }
            }

            /// The move sequences of at most `length` moves that `machine` allows from `state`,
            /// the empty one among them.
            fn allowed(machine: &MovePruner, state: u32, length: usize) -> usize {
                let live = MovePruner::live(state);
                let longer = (0..4).filter(|m| length > 0 && live & 1 << m != 0);
                1 + longer
                    .map(|m| allowed(machine, machine.step(state, m), length - 1))
                    .sum::<usize>()
            }

            #[test]
            fn minimising_keeps_the_moves_allowed_after_every_path() {
                // The sequences kept of at most `depth` moves: of depth 6, 1,453 of the 1,457
                // that never undo a move (1 + 4 + 12 + … + 972).
                for (depth, kept) in [(2, 17), (6, 1_453), (10, 114_701)] {
                    let trie = MovePruner::of_rows(trie(depth));
                    assert_eq!(allowed(&trie, trie.start(), depth), kept);
                    assert!(trie.states() < kept);
                    let machine = MovePruner::new(depth);
                    assert!(machine.states() <= trie.states());
                    same_moves(&trie, &machine, (trie.start(), machine.start()), depth + 2);
                }
                assert_eq!(MovePruner::new(10).states(), 1_191);
            }
        }
    }

    /// IDA* (Korf, 1985) over any [`bound::LowerBound`], with the canonical path, on one
    /// thread or shared by several.
    pub mod ida {
        use super::super::board::Move;
        use super::super::error::LimitHit;
        use super::bound::LowerBound;
        use super::prune::MovePruner;
        use super::{Board, Budget, Meter, Puzzle, MAX_BOARD};
        use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
        use std::sync::Mutex;

        /// The nodes of the iterations finished on a puzzle ([`Puzzle::searched`]) after
        /// which its iterations use its move pruner ([`Puzzle::pruner`], ≈15 ms to make on
        /// the 4×4); before, only undoing a move is pruned, so that an easy board does not
        /// wait for the machine. Measured, one 4×4 board of 50 moves
        /// (`inputs/fifteen-korf8.txt`), whole process: 0.06–0.09 s so, 0.10–0.11 s with the
        /// machine from the start; Korf's 100 (before the blank's regions): 61.8 M nodes so,
        /// 58.9 M with the machine from the start, 80.4 M when it waits for an iteration of 2^20
        /// nodes on the board itself.
        pub const DEEP_FROM: u64 = 1 << 22;

        /// The nodes of the iterations finished on a puzzle after which its iterations use its
        /// deeper machine (sequences of up to 13 moves: ≈0.5 s to make, so only for searches of
        /// several seconds). Measured, whole process, `--jobs 2`, against the machine of depth
        /// 10 throughout, the same paths: 5×5 #37 `blank-first` (tables cached) 3.81 G nodes
        /// and 60.5 s against 4.43 G and 69.6 s from 2^28 nodes (3.74 G, 50.5 and 55.5 s with
        /// the deeper machine from the start); the second hard-72 4×4 board without a file
        /// 1.167 G nodes and 62.7 s against 1.363 G and 71.0 s from 2^27 (from 2^28 its last
        /// iteration started before the switch). Short searches: the same board with the 8-7
        /// tables cached switches for its last iteration, 174.2 M nodes against 175.0 M, 8.85 to
        /// 9.36 s against 8.23 s when the machine took 1 s to make (151 M nodes and 8.4 s with
        /// it from the start), and 5.90 and 6.23 s against 7.66 and 6.28 s once it took 0.5 s
        /// (5×5 #32 `standard`: 5.7 s against 4.6 s, then 3.87 and 3.70 s against 4.76 and 4.23
        /// s); from 2^25 nodes, 6.08 and 5.94 s (#32: 3.76 and 3.66 s), within the noise.
        pub const DEEPER_FROM: u64 = 1 << 27;

        /// How a search ended, short of a limit.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Outcome {
            /// The canonical optimal path.
            Path(Vec<Move>),
            /// No path: the search space is exhausted (only on a board with no moves).
            NoPath,
            /// The search generated its `give_up` nodes first, in the iteration of this
            /// threshold: every path to the goal has at least this many moves (the iterations
            /// before it were searched whole), so a later search of the board may start there.
            GaveUp(u32),
        }

        /// How a depth-first pass ended (one byte, cheap to return through the recursion).
        enum Step {
            Found,
            Below,
            GaveUp,
            /// A limit of the budget was reached: see [`Search::hit`].
            Stopped,
            /// An earlier subtree of the shared iteration holds a solution: this one is left.
            Overtaken,
        }

        /// When the iterations of a search are shared, and by how many threads.
        #[derive(Clone, Copy, Debug)]
        pub struct Sharing {
            /// The threads, this one among them: at least 1.
            pub threads: usize,
            /// An iteration is shared once the one before it generated this many nodes.
            pub from_nodes: u64,
            /// The subtrees a thread gets at least in a shared iteration, when the tree allows.
            pub subtrees: usize,
            /// The nodes of the puzzle's searches ([`Puzzle::searched`]) after which the
            /// iterations use its move pruner: [`DEEP_FROM`], or 0 for a search known to be
            /// long.
            pub deep_from: u64,
            /// The nodes after which they use its deeper machine: [`DEEPER_FROM`], or
            /// `u64::MAX` for never (a weighted search, whose path the machine could change, or
            /// a memory limit that leaves no room for its build).
            pub deeper_from: u64,
        }

        impl Sharing {
            /// `threads` threads, sharing iterations that follow one of more than 2^16 nodes
            /// (the next is then about 7 times larger, ≈5 ms or more: starting threads costs
            /// less than it saves; from 2^20, Korf #88's 5.7 M-node iteration, most of its
            /// search, ran on one thread), 256 subtrees a thread so that the threads finish
            /// together; one thread shares nothing.
            pub fn new(threads: usize) -> Self {
                let from_nodes = if threads > 1 { 1 << 16 } else { u64::MAX };
                Sharing {
                    threads,
                    from_nodes,
                    subtrees: 256,
                    deep_from: DEEP_FROM,
                    deeper_from: DEEPER_FROM,
                }
            }
        }

        /// One thread's depth-first search.
        struct Search<'a, B: LowerBound> {
            puzzle: &'a Puzzle,
            pruner: &'a MovePruner,
            bound: &'a B,
            cells: Board,
            /// The moves from the root: entry d is the move made at depth d + 1, the entries
            /// from the current node's depth on left from earlier nodes. Written in place, one
            /// store a move; as long as the threshold (see [`Search::reach`]), and cut to the
            /// solution's length when one is found.
            path: Vec<Move>,
            meter: Meter<'a>,
            /// The node count at which the search gives up.
            give_up_at: u64,
            /// The least f = moves + bound pruned in this pass.
            least: u32,
            /// The limit reached, when the pass is [`Step::Stopped`].
            hit: Option<LimitHit>,
            /// The depth whose nodes are put in `frontier` instead of searched (`u32::MAX`:
            /// none).
            cut: u32,
            /// The paths to the nodes at depth `cut`, in the order the search met them.
            frontier: Vec<Vec<Move>>,
            /// While searching subtree `i` of a shared iteration: the earliest subtree found
            /// to hold a solution, and `i`.
            subtree: Option<(&'a AtomicUsize, usize)>,
        }

        impl<'a, B: LowerBound> Search<'a, B> {
            fn new(
                (puzzle, pruner, bound): (&'a Puzzle, &'a MovePruner, &'a B),
                meter: Meter<'a>,
                give_up_at: u64,
            ) -> Self {
                Search {
                    puzzle,
                    pruner,
                    bound,
                    cells: [0; MAX_BOARD],
                    path: Vec::new(),
                    meter,
                    give_up_at,
                    least: u32::MAX,
                    hit: None,
                    cut: u32::MAX,
                    frontier: Vec::new(),
                    subtree: None,
                }
            }

            /// Makes room in the path for the moves of a pass within `threshold`.
            fn reach(&mut self, threshold: u32) {
                self.path.resize(threshold as usize, Move::Down);
            }

            /// What stops the pass, looked at every 4096 nodes: a limit, the give-up count, or
            /// a solution in an earlier subtree.
            #[cold]
            fn checkpoint(&mut self) -> Option<Step> {
                if let Err(hit) = self.meter.check() {
                    self.hit = Some(hit);
                    return Some(Step::Stopped);
                }
                if self.meter.nodes() > self.give_up_at {
                    return Some(Step::GaveUp);
                }
                match self.subtree {
                    Some((found, i)) if found.load(Ordering::Relaxed) < i => Some(Step::Overtaken),
                    _ => None,
                }
            }

            /// Depth-first search below the current node, `g` moves from the start with bound
            /// `h`, blank at `blank`, its path in state `path_state` of the puzzle's pruner;
            /// children with g + 1 + bound > `threshold` are pruned, and moves the pruner
            /// forbids are not made.
            fn below(
                &mut self,
                state: &mut B::State,
                blank: usize,
                g: u32,
                mut h: u32,
                threshold: u32,
                path_state: u32,
            ) -> Step {
                if h == 0 && self.cells[..self.puzzle.goal.len()] == self.puzzle.goal {
                    self.path.truncate(g as usize);
                    return Step::Found;
                }
                if g == self.cut {
                    self.frontier.push(self.path[..g as usize].to_vec());
                    return Step::Below;
                }
                // Children whose bound is above `limit` are pruned.
                let limit = (threshold - g).saturating_sub(1);
                // The moves to make, a bit each.
                let (puzzle, pruner) = (self.puzzle, self.pruner);
                let neighbors = &puzzle.neighbors[blank];
                let mut moves = u32::from(puzzle.exits[blank]) & MovePruner::live(path_state);
                while moves != 0 {
                    let i = moves.trailing_zeros() as usize & 3;
                    moves &= moves - 1;
                    let (m, next) = (Move::ALL[i], neighbors[i]);
                    if !self.meter.tick() {
                        if let Some(step) = self.checkpoint() {
                            return step;
                        }
                    }
                    let tile = self.cells[next];
                    let (child_h, undo) =
                        self.bound
                            .apply(state, &self.cells, tile, next, blank, limit);
                    if g + 1 + child_h > threshold {
                        self.least = self.least.min(g + 1 + child_h);
                        if child_h <= limit {
                            // Only when g = threshold: the move was applied in full.
                            self.bound.undo(state, tile, next, blank, undo);
                        }
                        // Pathmax: a child's bound less one bounds this node too (it pays off
                        // with inconsistent bounds: the tables' least value over the blank's
                        // regions, the reflected maximum). No path through this node is
                        // shorter than g + h, the f to remember for the next threshold.
                        if child_h > h + 1 {
                            h = child_h - 1;
                            if g + h > threshold {
                                self.least = self.least.min(g + h);
                                return Step::Below;
                            }
                        }
                        continue;
                    }
                    self.cells[blank] = tile;
                    self.cells[next] = 0;
                    self.path[g as usize] = m;
                    // The machine's row is read only for a child that is searched.
                    let next_state = pruner.step(path_state, i);
                    match self.below(state, next, g + 1, child_h, threshold, next_state) {
                        Step::Below => {}
                        done => return done,
                    }
                    self.cells[next] = tile;
                    self.cells[blank] = 0;
                    self.bound.undo(state, tile, next, blank, undo);
                }
                Step::Below
            }
        }

        /// The board a search starts from: its cells, blank, bound state and bound.
        struct Root<S> {
            cells: Board,
            blank: usize,
            state: S,
            h: u32,
        }

        /// Where the threads of a shared iteration meet: the next subtree to take, the
        /// earliest subtree with a solution and its path, the least f pruned.
        struct Race {
            next: AtomicUsize,
            found: AtomicUsize,
            path: Mutex<Option<(usize, Vec<Move>)>>,
            least: AtomicU32,
            gave_up: AtomicBool,
        }

        /// Takes the subtrees of `frontier` one after another, in order, until none is left or
        /// an earlier one holds a solution: replays its path from the root, then searches below
        /// it within `threshold`.
        fn take_subtrees<'a, B: LowerBound>(
            search: &mut Search<'a, B>,
            root: &Root<B::State>,
            threshold: u32,
            frontier: &[Vec<Move>],
            race: &'a Race,
        ) {
            let (puzzle, bound) = (search.puzzle, search.bound);
            loop {
                let i = race.next.fetch_add(1, Ordering::Relaxed);
                if i >= frontier.len() || i > race.found.load(Ordering::Relaxed) {
                    break;
                }
                let (mut state, mut h, mut blank) = (root.state.clone(), root.h, root.blank);
                let mut path_state = search.pruner.start();
                search.cells = root.cells;
                for &m in &frontier[i] {
                    path_state = search.pruner.step(path_state, m.index());
                    let next = puzzle.neighbors[blank][m.index()];
                    let tile = search.cells[next];
                    (h, _) = bound.apply(&mut state, &search.cells, tile, next, blank, u32::MAX);
                    search.cells[blank] = tile;
                    search.cells[next] = 0;
                    blank = next;
                }
                search.path.clone_from(&frontier[i]);
                search.reach(threshold);
                search.subtree = Some((&race.found, i));
                let g = frontier[i].len() as u32;
                match search.below(&mut state, blank, g, h, threshold, path_state) {
                    Step::Found => {
                        race.found.fetch_min(i, Ordering::Relaxed);
                        let mut best = race.path.lock().unwrap_or_else(|e| e.into_inner());
                        if best.as_ref().map_or(true, |&(j, _)| i < j) {
                            *best = Some((i, std::mem::take(&mut search.path)));
                        }
                    }
                    Step::Below | Step::Overtaken => {}
                    Step::GaveUp => {
                        race.gave_up.store(true, Ordering::Relaxed);
                        break;
                    }
                    Step::Stopped => break,
                }
            }
            race.least.fetch_min(search.least, Ordering::Relaxed);
        }

        /// Searches the subtrees of `frontier` within `threshold` on `threads` threads (this
        /// one among them; a thread that cannot start leaves its share to the others). The
        /// outcome of the earliest subtree that holds a solution, or the least f pruned.
        fn share<B: LowerBound>(
            (puzzle, pruner, bound, budget): (&Puzzle, &MovePruner, &B, &Budget),
            root: &Root<B::State>,
            (threshold, give_up_at, threads): (u32, u64, usize),
            frontier: &[Vec<Move>],
        ) -> Result<Result<Outcome, u32>, LimitHit> {
            let race = Race {
                next: AtomicUsize::new(0),
                found: AtomicUsize::new(usize::MAX),
                path: Mutex::new(None),
                least: AtomicU32::new(u32::MAX),
                gave_up: AtomicBool::new(false),
            };
            let work = || {
                let searched = (puzzle, pruner, bound);
                let mut search = Search::new(searched, budget.meter(), give_up_at);
                take_subtrees(&mut search, root, threshold, frontier, &race);
            };
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    // A thread that cannot start is simply not there.
                    let _ = std::thread::Builder::new().spawn_scoped(scope, work);
                }
                work();
            });
            if let Some(hit) = budget.stopped() {
                return Err(hit);
            }
            // A thread that gave up may have left an earlier subtree unsearched.
            if race.gave_up.into_inner() {
                return Ok(Ok(Outcome::GaveUp(threshold)));
            }
            let found = race.path.into_inner().unwrap_or_else(|e| e.into_inner());
            Ok(match found {
                Some((_, path)) => Ok(Outcome::Path(path)),
                None => Err(race.least.into_inner()),
            })
        }

        /// The canonical optimal path from `start` to the goal: iterations of depth-first
        /// search with growing thresholds, moves tried in the order D, L, R, U, never undoing
        /// the last move, nor, once the puzzle's searches have generated [`DEEP_FROM`] nodes,
        /// one that its pruner forbids (on the 4×4 and larger boards, the duplicate sequences
        /// of up to 10 moves), stopping at the first goal found. Every path to the goal has the
        /// parity of the blank's taxicab distance to its goal cell, so thresholds of the other
        /// parity are skipped. Gives up after `give_up` nodes generated (counted in `budget`,
        /// whose limits stop the search with an error). Memory O(d); time O(b^d), see the
        /// header.
        ///
        /// With `threads` > 1, see [`solve_sharing`] and [`Sharing::new`].
        ///
        /// # Constraints
        ///
        /// The goal is reachable from `start` (else the search runs until a limit stops it).
        pub fn solve<B: LowerBound>(
            puzzle: &Puzzle,
            bound: &B,
            start: &[u8],
            budget: &Budget,
            give_up: u64,
            threads: usize,
        ) -> Result<Outcome, LimitHit> {
            let sharing = Sharing::new(threads);
            solve_sharing(puzzle, bound, start, budget, (give_up, 0), sharing)
        }

        /// [`solve`], its first threshold at least `floor` (a proven lower bound on the moves,
        /// as an earlier search's [`Outcome::GaveUp`] gives; 0 for none), the move pruner
        /// used from `sharing.deep_from` nodes and its deeper one from `sharing.deeper_from`
        /// (either keeps the canonical path), an iteration that follows one of at least
        /// `sharing.from_nodes` nodes shared by `sharing.threads` threads: its tree is cut at the depth that leaves at least `sharing.subtrees`
        /// subtrees a thread, and the threads take the subtrees in the search's order; a
        /// solution in a subtree calls off the later ones, and the earliest subtree's solution
        /// is the answer, so the path is the one a single thread finds. Nodes above the cut are
        /// generated again when the cut is moved deeper.
        pub fn solve_sharing<B: LowerBound>(
            puzzle: &Puzzle,
            bound: &B,
            start: &[u8],
            budget: &Budget,
            (give_up, floor): (u64, u32),
            sharing: Sharing,
        ) -> Result<Outcome, LimitHit> {
            let (state, h) = bound.start(start);
            let mut root = Root {
                cells: [0; MAX_BOARD],
                blank: start.iter().position(|&t| t == 0).unwrap_or(0),
                state,
                h,
            };
            root.cells[..start.len()].copy_from_slice(start);
            let parity = puzzle.shape.distance(root.blank, puzzle.goal_at[0]) as u32 % 2;
            let give_up_at = budget.nodes().saturating_add(give_up);
            // Iterations forbid only undoing a move until the puzzle's searches have generated
            // `sharing.deep_from` nodes, then use its machine (made then, once), and from
            // `sharing.deeper_from` its deeper one.
            let undo_only = MovePruner::new(2);
            let mut search = Search::new((puzzle, &undo_only, bound), budget.meter(), give_up_at);
            // The bound's name without its size, for the status line.
            let name = bound.name();
            let name = name.split(" (").next().unwrap_or_default();
            let first = h.max(floor);
            let mut threshold = first + ((first % 2) ^ parity);
            // The depth of the cut of a shared iteration, kept from one to the next.
            let mut cut: u32 = 1;
            let mut last_nodes = 0;
            loop {
                budget.set_stage(format!("{name}, bound {threshold}"));
                let searched = puzzle.searched.load(Ordering::Relaxed);
                if searched >= sharing.deep_from {
                    search.pruner = puzzle.pruner(searched >= sharing.deeper_from);
                }
                let before = search.meter.nodes();
                let shared = last_nodes >= sharing.from_nodes;
                let wanted = sharing.threads * sharing.subtrees;
                // The cut: as deep as gives `wanted` subtrees while the passes above it, which
                // one thread makes, cost less than a sixteenth of the last iteration; tried
                // from one level above the last one's.
                cut = cut.saturating_sub(1).max(1);
                loop {
                    let pass = search.meter.nodes();
                    search.least = u32::MAX;
                    search.frontier.clear();
                    search.cut = if shared { cut } else { u32::MAX };
                    search.cells = root.cells;
                    search.reach(threshold);
                    let mut state = root.state.clone();
                    let start = search.pruner.start();
                    match search.below(&mut state, root.blank, 0, h, threshold, start) {
                        Step::Found => return Ok(Outcome::Path(search.path)),
                        Step::GaveUp => return Ok(Outcome::GaveUp(threshold)),
                        Step::Stopped => return Err(search.hit.expect("a stop records its limit")),
                        Step::Below | Step::Overtaken => {}
                    }
                    let above = search.meter.nodes() - pass;
                    if !shared
                        || search.frontier.len() >= wanted
                        || cut + 1 >= threshold
                        || above * 16 > last_nodes
                    {
                        break;
                    }
                    cut += 1;
                }
                if shared && !search.frontier.is_empty() {
                    let frontier = std::mem::take(&mut search.frontier);
                    let limits = (threshold, give_up_at, sharing.threads);
                    let searched = (puzzle, search.pruner, bound, budget);
                    match share(searched, &root, limits, &frontier)? {
                        Ok(outcome) => return Ok(outcome),
                        Err(least) => search.least = search.least.min(least),
                    }
                }
                last_nodes = search.meter.nodes() - before;
                puzzle.searched.fetch_add(last_nodes, Ordering::Relaxed);
                if search.least == u32::MAX {
                    return Ok(Outcome::NoPath);
                }
                threshold = search.least + ((search.least % 2) ^ parity);
            }
        }
    }

    /// The search policy of `ida`: the bounds it tries on a board shape and goal, in order,
    /// their tables, and the threads that build and search with them.
    pub mod plan {
        use super::super::board::Move;
        use super::super::error::LimitHit;
        use super::bound::{LinearConflict, LowerBound, WalkingDistance};
        use super::pdb::additive::{
            by_symmetry, in_reading_order, on_fixed, Additive, Fixed, Layout,
        };
        use super::pdb::{placement::table_len, TableWork, MAX_CELLS};
        use super::prune::DEEPER_BUILD_BYTES;
        use super::weighted::Weighted;
        use super::{ida, Budget, Notes, Puzzle};
        use std::path::PathBuf;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::OnceLock;
        use std::time::{Duration, Instant};

        /// The 4×4 partitions, as goal cells for a goal whose blank is at cell 0 (chosen by
        /// measurement on Korf's 100, see the stages of [`Plan`]). 3-4-4-4, 134,400 bytes: the
        /// blank's corner, two half rows and the two far rows. On Korf's boards of at most 50
        /// moves it generates at most 7.0 M nodes (#67 of the standard file), against 11.4 M
        /// for the quadrants, which share a table by symmetry (90,720 bytes); on all 100 it
        /// averages 5.3 M against 9.7 M (`blank-first`).
        pub const P3444: [&[u8]; 4] = [
            &[1, 4, 5],
            &[2, 3, 6, 7],
            &[8, 9, 10, 11],
            &[12, 13, 14, 15],
        ];
        /// 5-5-5: 1,572,480 bytes by rank.
        pub const P555: [&[u8]; 3] = [&[1, 2, 3, 4, 5], &[6, 7, 10, 11, 15], &[8, 9, 12, 13, 14]];
        /// 6-6-3: 11,534,880 bytes by rank.
        pub const P663: [&[u8]; 3] = [&[12, 13, 14], &[1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 15]];
        /// 7-7-1, the two halves of the 8-7 partition with the far corner's tile alone:
        /// 115,315,216 bytes.
        pub const P771: [&[u8]; 3] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14], &[15]];
        /// 8-7, for `--cache`: 576,576,000 bytes.
        pub const P87: [&[u8]; 2] = [&[8, 9, 10, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 7]];
        /// 6-6-6-6 on the 5×5, Korf & Felner's partition (AIJ 134, 2002): groups of 127,512,000
        /// placements. The last three are images of one another by the board's symmetries:
        /// two tables, 255 MB by rank, 488 MB spread.
        pub const P6666: [&[u8]; 4] = [
            &[1, 5, 6, 10, 11, 12],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ];
        /// 5-5-5 for a goal whose blank is at cell 9, the 4×4 spiral's.
        pub const CENTRE555: [&[u8]; 3] =
            [&[0, 1, 4, 5, 8], &[2, 3, 6, 7, 11], &[10, 12, 13, 14, 15]];

        /// 3-2-3 in reading order for the 3×3 with the goal's blank in the centre: the top and
        /// bottom rows share a table by the half turn, 576 bytes, ≈0.1 ms to build.
        pub const CENTRE323: [usize; 3] = [3, 2, 3];

        /// The most cases of an input for which `ida` on the 4×4 starts with the 3-4-4-4
        /// stage.
        pub const CHEAP_CASES: usize = 8;

        /// The nodes a 5×5 case may generate with the small tables before the 6-6-6-6 tables
        /// are built in the run: about what their build costs in time (the small tables'
        /// search runs at ≈37 M nodes a second on one thread).
        pub const FIVE_GIVE_UP: u64 = 3_000_000_000;
        /// The same when the 6-6-6-6 tables may be in `--cache`: about what reading them costs.
        pub const FIVE_CACHED_GIVE_UP: u64 = 20_000_000;

        /// The weights (in percent) of [`Plan::solve_near`] on the 4×4, each tried for at most
        /// 20 M nodes. Measured, Korf's 100 with the 5-5-5 tables, one thread, search alone,
        /// the machine loaded: 120%: 1.030 times the least moves on average (1.107 at worst),
        /// 5.0 M nodes, 0.86 s; 130%: 1.053 (1.163), 1.7 M nodes, 0.27 s; 150%: 1.122 (1.280),
        /// 0.31 M nodes, 0.05 s; 200%: 1.396 (1.643), 0.11 M nodes.
        pub const NEAR_WEIGHTS_FOUR: &[(u32, u64)] = &[(130, 20_000_000), (200, 20_000_000)];
        /// The weights of [`Plan::solve_near`] on other boards, with their nodes. Measured,
        /// Korf & Felner's 50 (5×5) with six 4-tile tables, one thread, one weight at a time:
        /// 160%: 1.189 times the least moves on average over the 45 solved within 20 M nodes,
        /// 11.3 s in all; 175%: 1.282 over 46, 6.0 s (over 47 within 40 M nodes, 7.8 s); 200%:
        /// 1.454 over 49; 250%: 1.781; 300%: 2.137 over all 50, 0.8 s. These three in turn,
        /// whole process: 1.290 (`standard`, 5.9 s) and 1.295 (`blank-first`, 6.5 s) over all
        /// 50 (6.7 and 7.4 s after linear conflicts at [`NEAR_FIRST_WEIGHT`] for 100,000
        /// nodes; for 1 M nodes: 1.285 and 1.283, 8.4 and 9.8 s); 175% then 200% then 250% for
        /// 10 M nodes each: 1.298 and 1.307, 5.3–5.7 s; 170% first: 1.301 and 1.303, 8.5–9.3 s.
        pub const NEAR_WEIGHTS: &[(u32, u64)] =
            &[(175, 20_000_000), (200, 10_000_000), (250, 10_000_000)];
        /// The most entries of the tables [`Plan::solve_near`] uses (their build's time goes
        /// with their entries, however many bytes an entry takes).
        const NEAR_TABLE_ENTRIES: usize = 4 << 20;
        /// The weight and the nodes of [`Plan::solve_near`] with each bound before its tables:
        /// a board a few moves from the goal waits for no table (a 1-move 5×5 board: 2 ms of
        /// linear conflicts against 0.35 s for the 4-tile tables).
        pub const NEAR_FIRST_WEIGHT: u32 = 130;
        /// See [`NEAR_FIRST_WEIGHT`].
        pub const NEAR_FIRST_NODES: u64 = 100_000;

        /// A bound `ida` may use, before it is built.
        enum Kind {
            LinearConflict,
            WalkingDistance,
            /// Additive pattern databases over these groups of goal cells, with reflection.
            Pdb(Vec<Vec<u8>>),
        }

        /// A bound, built.
        enum Built {
            LinearConflict(LinearConflict),
            WalkingDistance(WalkingDistance),
            Pdb(Additive),
        }

        /// One bound of a [`Plan`], built on first use, and the nodes it may generate on a case
        /// before the next stage takes over.
        struct Stage {
            kind: Kind,
            give_up: u64,
            built: OnceLock<Built>,
            /// Told once when a case reaches this stage, to a person at a terminal (`Advice`)
            /// or on stderr whatever it is (`Note`).
            advice: Option<Advice>,
            advised: AtomicBool,
        }

        /// A line a stage tells once, and to whom.
        #[derive(Clone, Copy)]
        enum Advice {
            /// To a person at a terminal only ([`Notes::advise`]).
            Advice(&'static str),
            /// On stderr always ([`Notes::note`]): work of minutes.
            Note(&'static str),
        }

        /// The advice of the last 4×4 stage without `--cache`.
        const CACHE_ADVICE: &str = "note: this board needs the largest tables built in the \
run (7-7-1, about 20 s to build on two threads); --cache DIR keeps 8-7 tables (577 MB, built \
once in a few minutes), which solve the hardest boards in seconds";

        /// The note of the last 5×5 stage without `--cache`.
        const FIVE_NOTE: &str = "note: this board needs 6-6-6-6 tables, built in memory for \
this run (about a minute a table on two threads, 2 GB while building); --cache DIR keeps them \
for later runs";

        /// What [`Plan::solve`] found, and what it tried.
        pub struct Solved {
            /// The canonical optimal path, or `None` when there is none.
            pub moves: Option<Vec<Move>>,
            /// The bounds tried, in order, by their `--stats` names.
            pub bounds: String,
            /// Time spent building (or waiting for) tables.
            pub table: Duration,
        }

        /// The bounds `ida` tries on one shape and goal, in order, each built once, on first
        /// use, and shared by all the cases and threads of the input. Chosen by measurement
        /// (whole processes side by side with an empty program; times below are this
        /// project's machine): tables pay off on the 4×4, whose searches are long, and on the
        /// 3×3 only with the goal's blank in the centre (see below); elsewhere on small boards
        /// a table costs more to build than the search it saves.
        ///
        /// - 4×4: pattern databases with reflection: 3-4-4-4 (134 KB, ≈19 ms to build) for
        ///   8 M nodes, so that an easy board does not wait for larger tables (8 M nodes take
        ///   about as long as the next tables' build: a board gives up no more than it would
        ///   have waited); then 5-5-5 (1.5 MB, ≈0.26 s) for 40 M nodes; then 6-6-3 (11.5 MB,
        ///   ≈2.4 s) for 150 M nodes; then, for the hardest boards, 7-7-1 (115 MB, its two
        ///   7-tile tables 19 s each on one thread, 11 s on two): on two 80-move boards it
        ///   generates 43 M and 38 M nodes against 1.16 G and 0.86 G for 6-6-3 (20 M and
        ///   18 M for 8-7), and the 80-move boards take 26 to 40 s with `--jobs 2` (2026-11-30;
        ///   the 6-6-3 stage's 150 M nodes are about what the 7-7-1 build costs in time). With
        ///   `--cache`, 8-7 tables
        ///   (577 MB, minutes to build once, then read in ≈0.5 s) follow the 3-4-4-4 stage
        ///   instead.
        /// - 5×5: the first bound below for 1 M nodes, then six groups of 4 tiles in reading
        ///   order (2 MB, ≈0.35 s) for [`FIVE_GIVE_UP`] nodes, or [`FIVE_CACHED_GIVE_UP`] with
        ///   `--cache`, then [`P6666`] with reflection, built in the run (about a minute a
        ///   table on two threads, 1.7 GB while building, with a note on stderr) or read from
        ///   the cache. Korf & Felner's #38 and #40 need more than 2 G nodes with the small
        ///   tables and 58 M to 260 M with 6-6-6-6.
        /// - Other boards of 10 to 32 cells: the first bound below for 1 M nodes, then pattern
        ///   databases of groups in reading order, each table at most 1 MiB.
        /// - 3×3 and smaller, and boards over 32 cells: the first bound below.
        ///
        /// The first bound is the walking distance on boards of at most 12 cells and sides of
        /// at most 5 (tables of 1 to 3 ms to build, against ≈0.18 s for 2×6 and 3×5) whose goal
        /// has its blank on the border, [`CENTRE323`] tables with reflection on the 3×3 whose
        /// goal has its blank in the centre, and linear conflicts otherwise. Measured, time of
        /// `ida` on random boards, walking distance against linear conflicts: 3×3 with the
        /// blank in a corner 6.5 against 10 ms per 300 boards (the 31-move board: 5,930 nodes
        /// and 58 µs against 12,776 and 243 µs), on an edge 6.5–6.9 against 7.5–8.1 ms; 2×4 5.3
        /// against 11 ms per 200 boards; 3×4 and 4×3, corner or edge, 0.6–1.0 against 1.2–1.8
        /// ms a board; 2×5 0.34 against 2.3 ms a board. With the blank inside (the spiral goals
        /// of 3×3 and 3×4) the walking distance generates 1.7 times the nodes of linear
        /// conflicts and loses (3×3: 6.4 against 5.6 ms per 300 boards; 3×4: 1.3 against 1.1
        /// ms a board); on the 4×4 it loses to the 3-4-4-4 tables (2 to 7 times their nodes,
        /// tables as costly). On the 3×3 spiral goal, whole process against an empty program
        /// (≈0.3 ms): the 30-move board `0 2 1 3 5 8 4 6 7` 1.98 to 2.04 times with the 3-2-3
        /// tables (5,272 nodes), against 2.31 to 2.40 for linear conflicts (17,031 nodes), 2.60
        /// for the larger of linear conflicts and the walking distance (15,403 nodes) and 2.95
        /// for 4-4 tables (1,690 nodes, but 0.5 ms to build); the 4-move board
        /// `2 8 3 1 0 4 7 6 5` 1.41 times against 1.10 for linear conflicts. On its 620 boards
        /// of 29 and 30 moves, at most 7,165 nodes against 26,061.
        ///
        /// A case starts at the last stage already built. On the 4×4 the 3-4-4-4 stage is left
        /// out for inputs of more than [`CHEAP_CASES`] cases, where the 5-5-5 tables are needed
        /// anyway; on other boards linear conflicts solve most cases within 1 M nodes (3×4 and
        /// 4×3 random boards: all of 30 tried, ≈3 ms each, against ≈0.15 s for the 760 KB of
        /// 6-5 tables), so the tables are built only for a case that needs them.
        pub struct Plan {
            pub puzzle: Puzzle,
            stages: Vec<Stage>,
            /// Where the tables are kept between runs (`--cache`).
            cache: Option<PathBuf>,
            /// How the threads share a board's search (its `threads` search one board), and
            /// when the move pruner comes in: from the first node for inputs of more than
            /// [`CHEAP_CASES`] cases, whose tables take ten times the pruner's ≈15 ms (Korf's
            /// 100: 58.9 M nodes against 61.8 M; its first ten boards' search 974 M against
            /// 783 M instructions; 2.43 s against 2.47 s, means of six alternated runs, within
            /// the noise), else from [`ida::DEEP_FROM`] nodes, so that an easy board does not
            /// wait.
            sharing: ida::Sharing,
            /// The threads that build its tables: all the input's, since the cases that need a
            /// table wait for it (`--jobs 2` on Korf's 100: the 5-5-5 build 0.4 s → 0.25 s).
            build_threads: usize,
        }

        impl Plan {
            /// The plan for `puzzle`'s shape and goal in an input of `cases` cases, its tables
            /// kept in `cache` if given, one board searched by `threads` threads and the
            /// tables built by `build_threads` (at least `threads`); builds nothing. O(N).
            pub fn new(
                puzzle: Puzzle,
                cases: usize,
                cache: Option<PathBuf>,
                (threads, build_threads): (usize, usize),
            ) -> Self {
                let n = puzzle.shape.cells();
                let four = puzzle.shape.rows == 4 && puzzle.shape.cols == 4;
                let stage = |kind, give_up| Stage {
                    kind,
                    give_up,
                    built: OnceLock::new(),
                    advice: None,
                    advised: AtomicBool::new(false),
                };
                let partition = |frames: &[(usize, &[&[u8]])], sizes: &[usize]| {
                    let mapped = frames
                        .iter()
                        .find_map(|&(blank, frame)| by_symmetry(&puzzle, blank, frame));
                    Kind::Pdb(mapped.unwrap_or_else(|| in_reading_order(&puzzle, sizes)))
                };
                let goal_blank = puzzle.goal_at[0];
                let (row, col) = (puzzle.shape.row(goal_blank), puzzle.shape.col(goal_blank));
                let (rows, cols) = (puzzle.shape.rows, puzzle.shape.cols);
                let on_border = row == 0 || col == 0 || row + 1 == rows || col + 1 == cols;
                let first = if on_border && n <= 12 && rows.max(cols) <= 5 {
                    Kind::WalkingDistance
                } else if rows == 3 && cols == 3 {
                    Kind::Pdb(in_reading_order(&puzzle, &CENTRE323))
                } else {
                    Kind::LinearConflict
                };
                let stages = if four {
                    let cheap = stage(partition(&[(0, &P3444)], &[3, 4, 4, 4]), 8_000_000);
                    let mut stages = if cache.is_some() {
                        vec![cheap, stage(partition(&[(0, &P87)], &[8, 7]), u64::MAX)]
                    } else {
                        vec![
                            cheap,
                            stage(
                                partition(&[(0, &P555), (9, &CENTRE555)], &[5, 5, 5]),
                                40_000_000,
                            ),
                            stage(partition(&[(0, &P663)], &[6, 6, 3]), 150_000_000),
                            Stage {
                                advice: Some(Advice::Advice(CACHE_ADVICE)),
                                ..stage(partition(&[(0, &P771)], &[7, 7, 1]), u64::MAX)
                            },
                        ]
                    };
                    if cases > CHEAP_CASES {
                        stages.remove(0);
                    }
                    stages
                } else if rows == 5 && cols == 5 {
                    let largest = stage(partition(&[(0, &P6666)], &[6, 6, 6, 6]), u64::MAX);
                    let (give_up, advice) = match cache {
                        Some(_) => (FIVE_CACHED_GIVE_UP, None),
                        None => (FIVE_GIVE_UP, Some(Advice::Note(FIVE_NOTE))),
                    };
                    vec![
                        stage(first, 1_000_000),
                        stage(partition(&[], &group_sizes(n)), give_up),
                        Stage { advice, ..largest },
                    ]
                } else if (10..=MAX_CELLS).contains(&n) {
                    vec![
                        stage(first, 1_000_000),
                        stage(partition(&[], &group_sizes(n)), u64::MAX),
                    ]
                } else {
                    vec![stage(first, u64::MAX)]
                };
                let deep_from = if cases > CHEAP_CASES {
                    0
                } else {
                    ida::DEEP_FROM
                };
                Plan {
                    puzzle,
                    stages,
                    cache,
                    sharing: ida::Sharing {
                        deep_from,
                        ..ida::Sharing::new(threads)
                    },
                    build_threads: build_threads.max(threads),
                }
            }

            /// Solves `start` by the stages in order, from the last one already built; tables
            /// built on the way say so through `notes`. The search of one stage:
            /// [`ida::solve`] on the plan's threads, from the threshold where the stage before
            /// it gave up (its iterations below were searched whole, and found no path).
            pub fn solve(
                &self,
                start: &[u8],
                budget: &Budget,
                notes: &dyn Notes,
            ) -> Result<Solved, LimitHit> {
                let first = (1..self.stages.len())
                    .rev()
                    .find(|&i| self.stages[i].built.get().is_some())
                    .unwrap_or(0);
                let mut solved = Solved {
                    moves: None,
                    bounds: String::new(),
                    table: Duration::ZERO,
                };
                let mut names = Vec::new();
                let mut floor = 0;
                for stage in &self.stages[first..] {
                    let bound = self.bound_of(stage, (budget, notes), &mut solved.table)?;
                    let board = (&self.puzzle, start, budget);
                    // The deeper move pruner only when its build fits beside the tables.
                    let deeper = self.peak_bytes(stage) + DEEPER_BUILD_BYTES;
                    let sharing = match budget.check_tables(deeper) {
                        Ok(()) => self.sharing,
                        Err(_) => ida::Sharing {
                            deeper_from: u64::MAX,
                            ..self.sharing
                        },
                    };
                    let limits = ((stage.give_up, floor), sharing);
                    let (name, outcome) = match bound {
                        Built::LinearConflict(bound) => search_with(bound, board, limits)?,
                        Built::WalkingDistance(bound) => search_with(bound, board, limits)?,
                        Built::Pdb(tables) => {
                            on_fixed!(tables, |bound| search_with(&bound, board, limits)?)
                        }
                    };
                    names.push(name);
                    solved.bounds = names.join(" then ");
                    match outcome {
                        ida::Outcome::Path(path) => {
                            solved.moves = Some(path);
                            return Ok(solved);
                        }
                        ida::Outcome::NoPath => return Ok(solved),
                        ida::Outcome::GaveUp(at) => floor = at,
                    }
                }
                // The last stage never gives up.
                Ok(solved)
            }

            /// A short path for `any`, not always the least: weighted IDA* ([`Weighted`]) over
            /// the plan's stages up to the last one whose tables hold at most 4 Mi entries
            /// (5-5-5 on the 4×4, six 4-tile tables on the 5×5, tables of 1 Mi entries at most a
            /// group elsewhere): the stages before it with the first weight for [`NEAR_FIRST_NODES`]
            /// nodes (an easy board waits for no larger table), then that one with each weight
            /// of [`NEAR_WEIGHTS_FOUR`] or [`NEAR_WEIGHTS`] in turn for its nodes. The path
            /// found is at most its weight times the least moves, plus one; `None` when the plan
            /// has no such tables or every search gives up.
            pub fn solve_near(
                &self,
                start: &[u8],
                budget: &Budget,
                notes: &dyn Notes,
            ) -> Result<Option<Solved>, LimitHit> {
                let n = self.puzzle.shape.cells();
                let small = |stage: &Stage| match &stage.kind {
                    Kind::Pdb(groups) => {
                        let layout = Layout::fitting(n, groups);
                        layout.partition_entries(n, groups) <= NEAR_TABLE_ENTRIES
                    }
                    _ => false,
                };
                let Some(last) = self.stages.iter().rposition(small) else {
                    return Ok(None);
                };
                let four = self.puzzle.shape.rows == 4 && self.puzzle.shape.cols == 4;
                let weights = if four {
                    NEAR_WEIGHTS_FOUR
                } else {
                    NEAR_WEIGHTS
                };
                let first = [(NEAR_FIRST_WEIGHT, NEAR_FIRST_NODES)];
                let mut solved = Solved {
                    moves: None,
                    bounds: String::new(),
                    table: Duration::ZERO,
                };
                let mut names = Vec::new();
                for (i, stage) in self.stages[..=last].iter().enumerate() {
                    let bound = self.bound_of(stage, (budget, notes), &mut solved.table)?;
                    let weights = if i == last { weights } else { &first[..] };
                    // The last stage's searches are long: they prune with the puzzle's machine from
                    // the start (Korf & Felner's 50: 1.317 times the least moves in 10 s without,
                    // 1.290 in 6 s with).
                    let deep_from = if i == last { 0 } else { ida::DEEP_FROM };
                    let board = (start, budget, deep_from);
                    solved.moves = match bound {
                        Built::LinearConflict(bound) => {
                            self.weighted(bound, weights, board, &mut names)?
                        }
                        Built::WalkingDistance(bound) => {
                            self.weighted(bound, weights, board, &mut names)?
                        }
                        Built::Pdb(tables) => on_fixed!(tables, |bound| {
                            self.weighted(&bound, weights, board, &mut names)?
                        }),
                    };
                    if solved.moves.is_some() {
                        solved.bounds = names.join(" then ");
                        return Ok(Some(solved));
                    }
                }
                Ok(None)
            }

            /// The bytes the tables of `stage` hold at the peak of their build (0 for a bound
            /// without tables).
            fn peak_bytes(&self, stage: &Stage) -> usize {
                match &stage.kind {
                    Kind::Pdb(groups) => {
                        let n = self.puzzle.shape.cells();
                        Additive::peak_bytes(n, groups, Layout::fitting(n, groups))
                    }
                    _ => 0,
                }
            }

            /// The bound of `stage`, built on first use once its tables' peak memory is found
            /// within `budget`'s limit (the time added to `table`); its advice, told once.
            fn bound_of<'p>(
                &'p self,
                stage: &'p Stage,
                (budget, notes): (&Budget, &dyn Notes),
                table: &mut Duration,
            ) -> Result<&'p Built, LimitHit> {
                if let Some(advice) = stage.advice {
                    if !stage.advised.swap(true, Ordering::Relaxed) {
                        match advice {
                            Advice::Advice(line) => notes.advise(line),
                            Advice::Note(line) => notes.note(line),
                        }
                    }
                }
                if stage.built.get().is_none() {
                    budget.check_tables(self.peak_bytes(stage))?;
                }
                let built_at = Instant::now();
                let bound = stage
                    .built
                    .get_or_init(|| self.build(&stage.kind, budget, notes));
                *table += built_at.elapsed();
                Ok(bound)
            }

            /// Weighted IDA* over `bound` with each of `weights` (percent, nodes) in turn, the
            /// move pruner used from `deep_from` nodes (see [`ida::Sharing`]), the bounds tried
            /// named in `names`: the path found, or `None`.
            fn weighted<B: LowerBound>(
                &self,
                bound: &B,
                weights: &[(u32, u64)],
                (start, budget, deep_from): (&[u8], &Budget, u64),
                names: &mut Vec<String>,
            ) -> Result<Option<Vec<Move>>, LimitHit> {
                let sharing = ida::Sharing {
                    deep_from,
                    deeper_from: u64::MAX,
                    ..self.sharing
                };
                for &(percent, give_up) in weights {
                    let weighted = Weighted { bound, percent };
                    names.push(weighted.name());
                    let puzzle = &self.puzzle;
                    // A weighted bound proves no floor.
                    let give_up = (give_up, 0);
                    match ida::solve_sharing(puzzle, &weighted, start, budget, give_up, sharing)? {
                        ida::Outcome::Path(path) => return Ok(Some(path)),
                        ida::Outcome::NoPath => return Ok(None),
                        ida::Outcome::GaveUp(_) => {}
                    }
                }
                Ok(None)
            }

            /// Builds the bound of a stage, saying so in `budget`'s stage for a status line.
            fn build(&self, kind: &Kind, budget: &Budget, notes: &dyn Notes) -> Built {
                match kind {
                    Kind::LinearConflict => {
                        Built::LinearConflict(LinearConflict::new(&self.puzzle))
                    }
                    Kind::WalkingDistance => {
                        Built::WalkingDistance(WalkingDistance::new(&self.puzzle))
                    }
                    Kind::Pdb(groups) => {
                        let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
                        sizes.sort_unstable_by(|a, b| b.cmp(a));
                        let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                        let building = format!("building pdb {}", sizes.join("-"));
                        budget.set_stage(building.clone());
                        let on_level =
                            |depth| budget.set_stage(format!("{building}, level {depth}"));
                        let work = TableWork {
                            threads: self.build_threads,
                            on_level: &on_level,
                            notes,
                        };
                        let cache = self.cache.as_deref();
                        let layout = Layout::fitting(self.puzzle.shape.cells(), groups);
                        Built::Pdb(Additive::with_cache(
                            &self.puzzle,
                            (groups, layout),
                            true,
                            cache,
                            &work,
                        ))
                    }
                }
            }
        }

        /// The bound's name and how [`ida::solve_sharing`] with it ended on `start`.
        fn search_with<B: LowerBound>(
            bound: &B,
            (puzzle, start, budget): (&Puzzle, &[u8], &Budget),
            (give_up, sharing): ((u64, u32), ida::Sharing),
        ) -> Result<(String, ida::Outcome), LimitHit> {
            let outcome = ida::solve_sharing(puzzle, bound, start, budget, give_up, sharing)?;
            Ok((bound.name(), outcome))
        }

        /// Group sizes for a board of `n` cells (10 ≤ n ≤ 32): as few groups as tables of at
        /// most 2^20 entries allow (at most 6 tiles a group, at most 8 groups), sizes within
        /// one.
        fn group_sizes(n: usize) -> Vec<usize> {
            let tiles = n - 1;
            let k = (1..=6)
                .rev()
                .find(|&k| table_len(n, k) <= 1 << 20)
                .unwrap_or(1);
            let groups = (tiles + k - 1) / k;
            (0..groups)
                .map(|g| tiles / groups + usize::from(g < tiles % groups))
                .collect()
        }
    }

    /// Compact states and level maps for `astar`, `bfs` and `dfs`.
    pub mod state {
        use std::collections::{BTreeMap, HashMap};
        use std::hash::{BuildHasherDefault, Hash, Hasher};

        /// A board packed into a key, `bits` bits per cell.
        pub trait StateKey: Clone + Eq + Hash + Ord {
            /// Packs `cells`. O(N).
            fn pack(cells: &[u8], bits: u32) -> Self;
            /// Unpacks into `cells`. O(N).
            fn unpack(&self, cells: &mut [u8], bits: u32);
        }

        macro_rules! packed_key {
            ($word:ty) => {
                /// Cells packed `bits` bits each, cell 0 in the lowest bits; N·bits ≤ width.
                impl StateKey for $word {
                    fn pack(cells: &[u8], bits: u32) -> Self {
                        cells
                            .iter()
                            .rev()
                            .fold(0, |key, &t| (key << bits) | <$word>::from(t))
                    }

                    fn unpack(&self, cells: &mut [u8], bits: u32) {
                        let mask = (1 << bits) - 1;
                        let mut key = *self;
                        for cell in cells.iter_mut() {
                            *cell = (key & mask) as u8;
                            key >>= bits;
                        }
                    }
                }
            };
        }
        packed_key!(u64);
        packed_key!(u128);

        /// Boards too large for 128 bits: one byte per cell.
        impl StateKey for Box<[u8]> {
            fn pack(cells: &[u8], _: u32) -> Self {
                cells.into()
            }

            fn unpack(&self, cells: &mut [u8], _: u32) {
                cells.copy_from_slice(self);
            }
        }

        /// The bits per cell needed for tiles 0..N. O(1).
        pub fn bits_per_cell(cells: usize) -> u32 {
            (usize::BITS - (cells - 1).leading_zeros()).max(1)
        }

        /// The least known level (moves from the start) of each configuration reached.
        pub trait LevelMap<K> {
            /// The level of `key`, if reached.
            fn level(&self, key: &K) -> Option<u32>;
            /// Records `level` for `key`.
            fn set_level(&mut self, key: K, level: u32);
            /// The number of configurations stored.
            fn stored(&self) -> usize;
            /// An estimate of the most heap bytes in use while `more` configurations are added:
            /// a hash map that must grow holds its old and its new table at once.
            fn peak_bytes(&self, more: usize) -> usize;
        }

        /// A fast hash for packed boards (multiply and xor-shift; not for untrusted keys that
        /// are chosen to collide, which boards are not).
        #[derive(Default)]
        pub struct MixHasher(u64);

        impl Hasher for MixHasher {
            fn finish(&self) -> u64 {
                let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                h ^ (h >> 29)
            }

            fn write(&mut self, bytes: &[u8]) {
                for chunk in bytes.chunks(8) {
                    let mut word = [0; 8];
                    word[..chunk.len()].copy_from_slice(chunk);
                    self.write_u64(u64::from_le_bytes(word));
                }
            }

            fn write_u64(&mut self, word: u64) {
                self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0xA076_1D64_78BD_642F);
            }

            fn write_u128(&mut self, word: u128) {
                self.write_u64(word as u64);
                self.write_u64((word >> 64) as u64);
            }
        }

        /// `--map hash`: a hash map with [`MixHasher`].
        pub type HashLevels<K> = HashMap<K, u32, BuildHasherDefault<MixHasher>>;
        /// `--map btree`: an ordered map.
        pub type BTreeLevels<K> = BTreeMap<K, u32>;

        /// Implements [`LevelMap`] for a std map type, whose peak memory with `$more` entries
        /// added is estimated by `$bytes`.
        macro_rules! level_map {
            ($map:ident, |$this:ident, $more:ident| $bytes:expr) => {
                impl<K: StateKey> LevelMap<K> for $map<K> {
                    fn level(&self, key: &K) -> Option<u32> {
                        self.get(key).copied()
                    }

                    fn set_level(&mut self, key: K, level: u32) {
                        self.insert(key, level);
                    }

                    fn stored(&self) -> usize {
                        self.len()
                    }

                    fn peak_bytes(&self, more: usize) -> usize {
                        let ($this, $more) = (self, more);
                        $bytes
                    }
                }
            };
        }

        // A slot and a control byte an entry of the capacity; growing doubles the capacity.
        level_map!(HashLevels, |map, more| {
            let capacity = map.capacity();
            let slots = if map.len() + more > capacity {
                capacity + (capacity * 2).max(map.len() + more)
            } else {
                capacity
            };
            slots * (std::mem::size_of::<(K, u32)>() + 1)
        });
        // B-tree nodes hold up to 11 entries and are at least half full: ≈1.5 slots an entry.
        level_map!(BTreeLevels, |map, more| (map.len() + more)
            * (std::mem::size_of::<(K, u32)>() * 3 / 2 + 8));
    }

    /// The searches of seed 003 that store configurations: A*, breadth-first, and the bounded
    /// depth-first backtracking.
    pub mod stored {
        use super::super::board::Move;
        use super::super::error::LimitHit;
        use super::bound::Manhattan;
        use super::state::{bits_per_cell, LevelMap, StateKey};
        use super::{Budget, Meter, Puzzle, NONE};
        use std::collections::{HashSet, VecDeque};

        /// A configuration being searched: its cells, blank, and packing.
        struct Node {
            cells: Vec<u8>,
            blank: usize,
            bits: u32,
        }

        impl Node {
            fn new(start: &[u8]) -> Self {
                Node {
                    cells: start.to_vec(),
                    blank: start.iter().position(|&t| t == 0).unwrap_or(0),
                    bits: bits_per_cell(start.len()),
                }
            }

            fn load<K: StateKey>(&mut self, key: &K) {
                key.unpack(&mut self.cells, self.bits);
                self.blank = self.cells.iter().position(|&t| t == 0).unwrap_or(0);
            }

            fn key<K: StateKey>(&self) -> K {
                K::pack(&self.cells, self.bits)
            }

            /// Moves the blank to the adjacent cell `next`.
            fn slide(&mut self, next: usize) {
                self.cells.swap(self.blank, next);
                self.blank = next;
            }
        }

        /// Walks back from the goal through the level map: from a configuration at level d > 0,
        /// a neighbour at level d − 1 always exists (the one it was reached from, whose level
        /// can only have dropped, and not below d − 1). O(d · N) map look-ups.
        fn rebuild<K: StateKey, M: LevelMap<K>>(
            puzzle: &Puzzle,
            goal: &mut Node,
            levels: &M,
        ) -> Option<Vec<Move>> {
            let mut level = levels.level(&goal.key())?;
            let mut reversed = Vec::new();
            while level > 0 {
                let previous = (0..4).find_map(|i| {
                    let next = puzzle.neighbors[goal.blank][i];
                    if next == NONE {
                        return None;
                    }
                    goal.slide(next);
                    let found = levels.level(&goal.key()) == Some(level - 1);
                    if !found {
                        goal.slide(puzzle.neighbors[next][Move::ALL[i].opposite().index()]);
                    }
                    found.then_some(Move::ALL[i])
                })?;
                reversed.push(previous.opposite());
                level -= 1;
            }
            reversed.reverse();
            Some(reversed)
        }

        /// The nodes between two looks at the memory.
        const MEMORY_EVERY: u64 = 4096;

        /// Counts a node, and fails when a limit is reached or when the map and the queue
        /// (`queued` configurations of room) could outgrow the memory limit before the next
        /// look, [`MEMORY_EVERY`] nodes on: the map as it grows by 4 configurations a node at
        /// most ([`LevelMap::peak_bytes`]), the queue twice its room (a vector that doubles).
        fn count_and_guard<K: StateKey, M: LevelMap<K>>(
            (budget, meter): (&Budget, &mut Meter),
            levels: &M,
            queued: usize,
        ) -> Result<(), LimitHit> {
            meter.count()?;
            if meter.nodes() % MEMORY_EVERY != 0 {
                return Ok(());
            }
            let more = 4 * MEMORY_EVERY as usize;
            let bytes = levels.peak_bytes(more) + 2 * queued * std::mem::size_of::<K>();
            budget.check_memory(bytes, levels.stored())
        }

        /// Open nodes by f = moves + bound, then by moves, largest moves first.
        struct BucketQueue<K> {
            /// `buckets[f][g]`.
            buckets: Vec<Vec<Vec<K>>>,
            least_f: usize,
            len: usize,
            capacity: usize,
        }

        impl<K> BucketQueue<K> {
            fn push(&mut self, f: usize, g: usize, key: K) {
                if self.buckets.len() <= f {
                    self.buckets.resize_with(f + 1, Vec::new);
                }
                let by_g = &mut self.buckets[f];
                if by_g.len() <= g {
                    by_g.resize_with(g + 1, Vec::new);
                }
                let bucket = &mut by_g[g];
                self.capacity -= bucket.capacity();
                bucket.push(key);
                self.capacity += bucket.capacity();
                self.least_f = self.least_f.min(f);
                self.len += 1;
            }

            /// The node of least f, of greatest g among those. Amortised O(f + g).
            fn pop(&mut self) -> Option<(usize, usize, K)> {
                while self.least_f < self.buckets.len() {
                    let f = self.least_f;
                    if let Some(g) = self.buckets[f].iter().rposition(|b| !b.is_empty()) {
                        self.len -= 1;
                        let key = self.buckets[f][g].pop()?;
                        return Some((f, g, key));
                    }
                    self.capacity -= self.buckets[f].iter().map(Vec::capacity).sum::<usize>();
                    self.buckets[f] = Vec::new();
                    self.least_f += 1;
                }
                None
            }
        }

        /// A* of seed 003: nodes ordered by moves + Manhattan distance, ties toward more moves,
        /// stale entries skipped; optimal since the bound is consistent. Time and memory
        /// O(states reached); `None` if the goal is never reached.
        pub fn astar<K: StateKey, M: LevelMap<K>>(
            puzzle: &Puzzle,
            bound: &Manhattan,
            start: &[u8],
            mut levels: M,
            budget: &Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
            let mut meter = budget.meter();
            let mut node = Node::new(start);
            let mut queue = BucketQueue {
                buckets: Vec::new(),
                least_f: 0,
                len: 0,
                capacity: 0,
            };
            levels.set_level(node.key(), 0);
            queue.push(bound.estimate(start) as usize, 0, node.key::<K>());
            while let Some((f, g, key)) = queue.pop() {
                if levels.level(&key).is_some_and(|level| (level as usize) < g) {
                    continue;
                }
                count_and_guard((budget, &mut meter), &levels, queue.capacity)?;
                node.load(&key);
                let h = (f - g) as u32;
                if h == 0 && node.cells == puzzle.goal {
                    return Ok(rebuild(puzzle, &mut node, &levels));
                }
                let blank = node.blank;
                for &next in puzzle.neighbors[blank].iter().filter(|&&n| n != NONE) {
                    let child_h = bound.update(&node.cells, h, node.cells[next], next, blank);
                    node.slide(next);
                    let child = node.key::<K>();
                    let child_g = g as u32 + 1;
                    if levels.level(&child).map_or(true, |level| level > child_g) {
                        levels.set_level(child.clone(), child_g);
                        queue.push((child_g + child_h) as usize, child_g as usize, child);
                    }
                    node.slide(blank);
                }
            }
            debug_assert_eq!(queue.len, 0);
            Ok(None)
        }

        /// Breadth-first search: the first time the goal is generated, its level is the least.
        /// Time and memory O(states reached); `None` if the goal is never reached.
        pub fn bfs<K: StateKey, M: LevelMap<K>>(
            puzzle: &Puzzle,
            start: &[u8],
            mut levels: M,
            budget: &Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
            let mut meter = budget.meter();
            let mut node = Node::new(start);
            let goal_key: K = K::pack(&puzzle.goal, node.bits);
            let mut queue = VecDeque::from([node.key::<K>()]);
            levels.set_level(node.key(), 0);
            while let Some(key) = queue.pop_front() {
                count_and_guard((budget, &mut meter), &levels, queue.capacity())?;
                let level = levels.level(&key).unwrap_or(0);
                node.load(&key);
                if key == goal_key {
                    return Ok(rebuild(puzzle, &mut node, &levels));
                }
                let blank = node.blank;
                for &next in puzzle.neighbors[blank].iter().filter(|&&n| n != NONE) {
                    node.slide(next);
                    let child = node.key::<K>();
                    if levels.level(&child).is_none() {
                        levels.set_level(child.clone(), level + 1);
                        queue.push_back(child);
                    }
                    node.slide(blank);
                }
            }
            Ok(None)
        }

        /// Depth-first backtracking of seed 003: never revisits a configuration on the current
        /// path and never goes beyond `max_moves`; returns the first path found (moves tried in
        /// the order D, L, R, U), not necessarily the shortest, or `None` if there is none of at
        /// most `max_moves` moves. Time O(3^K), memory O(K), K = `max_moves`.
        pub fn dfs<K: StateKey>(
            puzzle: &Puzzle,
            start: &[u8],
            max_moves: u64,
            budget: &Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
            let mut meter = budget.meter();
            let mut node = Node::new(start);
            let mut on_path: HashSet<K> = HashSet::from([node.key()]);
            let mut path: Vec<Move> = Vec::new();
            // `tried[d]`: how many of the four moves were tried at depth d.
            let mut tried: Vec<usize> = vec![0];
            loop {
                if node.cells == puzzle.goal {
                    return Ok(Some(path));
                }
                let depth = path.len();
                let i = tried[depth];
                if (depth as u64) < max_moves && i < 4 {
                    tried[depth] += 1;
                    let next = puzzle.neighbors[node.blank][i];
                    if next == NONE {
                        continue;
                    }
                    node.slide(next);
                    let key = node.key::<K>();
                    if on_path.contains(&key) {
                        node.slide(puzzle.neighbors[next][Move::ALL[i].opposite().index()]);
                        continue;
                    }
                    meter.count()?;
                    on_path.insert(key);
                    path.push(Move::ALL[i]);
                    tried.push(0);
                } else {
                    tried.pop();
                    let Some(last) = path.pop() else {
                        return Ok(None);
                    };
                    on_path.remove(&node.key::<K>());
                    node.slide(puzzle.neighbors[node.blank][last.opposite().index()]);
                }
            }
        }
    }
}

/// `any`: a valid path for every reachable board of any shape, in O(N·(rows+cols)) moves, not
/// optimal: about 2.93 to 2.95 times the Manhattan distance on random boards from 100×100 up
/// (2026-12-01; the fixed routine before it: 4.9 to 5); O(N) memory and 2 bits a move.
///
/// The board is peeled line by line, keeping the blank's goal cell inside the part left:
/// while the part has at least 4 rows (or columns), its first or last row (column) is placed;
/// the part left, at most 3×3, is finished by IDA*. One-row and one-column boards only need
/// the blank slid home. Within a line, the next cell filled is the one whose tile is nearest
/// the blank (the blank's trips were a fifth of all moves), among those that leave no lone
/// cell between placed ones; two cells left side by side are filled together, by a
/// breadth-first search over the places of their tiles and the blank in a window of at most
/// 12 cells.
///
/// A tile goes one cell at a time to the neighbour, of the two that bring it closer, that the
/// blank reaches sooner: after a push the blank stands behind the tile, two moves from either
/// side and four from the front, so a tile with rows and columns to go moves on a staircase,
/// 3 moves a cell, and 5 a cell once on its row or column (around the side whose tiles gain
/// more). But it goes straight on rather than turn where the blank's four moves around it
/// help the tiles they shift enough more than the two around the corner (`STRAIGHT_GAIN`):
/// a straight step it would make later anyway costs nothing more there, and the tiles
/// shifted toward their goals save more moves than they cost. The blank goes one move at a
/// time toward where it is wanted, of the two moves that bring it closer the one that takes a
/// tile closer to its goal cell, which makes most of its trips useful; when that way is shut,
/// by the shortest free path of three straight segments, all in O(length); a breadth-first
/// search only next to the window of two tiles.
///
/// Moves are handed to a [`any::Record`] as they are made: counted, or packed two bits a move
/// ([`any::Packed`], up to [`any::KEPT`]), or written as letters by a second solve, which
/// makes the same moves.
pub mod any {
    use super::board::{Move, Shape};
    use super::goal::is_reachable;
    use super::search::bound::LinearConflict;
    use super::search::{ida, Budget, Limits, Puzzle};
    use std::collections::HashMap;
    use std::io::{self, Write};

    /// The order in which the cells of a line are filled.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Order {
        /// The cell whose tile is nearest the blank (of at most [`CANDIDATES`]).
        #[default]
        Nearest,
        /// From the line's first cell to its last.
        Forward,
        /// From the line's last cell to its first.
        Backward,
    }

    /// A way of peeling: which line of a square part goes first, and in which [`Order`] the
    /// cells of a line are filled. Each gives a valid path; on small boards, [`shortest`]
    /// tries all six and keeps the shortest.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Variant {
        /// Whether a square part loses a column (else a row) first.
        pub columns_first: bool,
        /// The order of the cells within a line.
        pub order: Order,
    }

    /// Boards of at most this many cells are solved by every [`Variant`], the shortest path
    /// kept: six times the work, which is small there (1,024 cells: ≈60,000 moves, a few
    /// milliseconds a variant).
    pub const SMALL: usize = 1024;

    /// The variant to solve `cells` with: the default, or on boards of at most [`SMALL`]
    /// cells the [`Variant`] of fewest moves (the first of them), each solved once.
    pub fn shortest(shape: Shape, cells: &[u32], goal: &[u32]) -> Result<Variant, Stuck> {
        if cells.len() > SMALL {
            return Ok(Variant::default());
        }
        let mut best = (Variant::default(), u64::MAX);
        for columns_first in [false, true] {
            for order in [Order::Nearest, Order::Forward, Order::Backward] {
                let variant = Variant {
                    columns_first,
                    order,
                };
                let mut count = 0;
                solve(shape, cells, goal, variant, &mut count)?;
                if count < best.1 {
                    best = (variant, count);
                }
            }
        }
        Ok(best.0)
    }

    /// The most moves [`Packed`] keeps: 3·2^30, in 768 MiB.
    pub const KEPT: u64 = 3 << 30;

    /// Moves packed 32 to a word (two bits each, [`Move::index`], the first in the low bits),
    /// in blocks of 1 MiB so that growing never copies, while there are at most `limit`;
    /// past it the blocks are dropped and the moves only counted.
    #[derive(Clone, Debug)]
    pub struct Packed {
        blocks: Vec<Vec<u64>>,
        /// The moves since the last whole word, in its low bits.
        pending: u64,
        count: u64,
        limit: u64,
    }

    impl Packed {
        /// The words of a block.
        const BLOCK: usize = 1 << 17;

        /// No moves yet; at most `limit` to be kept.
        pub fn new(limit: u64) -> Self {
            Packed {
                blocks: Vec::new(),
                pending: 0,
                count: 0,
                limit,
            }
        }

        /// The number of moves recorded.
        pub fn count(&self) -> u64 {
            self.count
        }

        /// Whether every move recorded is kept.
        pub fn is_whole(&self) -> bool {
            self.count <= self.limit
        }

        /// Writes the letters of the moves to `out` (all of them: see [`Packed::is_whole`]),
        /// four letters a byte from a table, through a buffer of 64 KiB. O(moves).
        pub fn write_letters<W: Write>(&self, out: &mut W) -> io::Result<()> {
            const BUFFER: usize = 1 << 16;
            let letter = |bits: u64| Move::ALL[(bits & 3) as usize].letter() as u8;
            let table: Vec<[u8; 4]> = (0..256)
                .map(|byte| [0, 2, 4, 6].map(|shift| letter(byte >> shift)))
                .collect();
            let mut buffer = Vec::with_capacity(BUFFER + 32);
            for word in self.blocks.iter().flatten() {
                // A word's 32 letters gathered, then added to the buffer at once.
                let mut letters = [0; 32];
                for (four, byte) in letters.chunks_exact_mut(4).zip(word.to_le_bytes()) {
                    four.copy_from_slice(&table[usize::from(byte)]);
                }
                buffer.extend_from_slice(&letters);
                if buffer.len() >= BUFFER {
                    out.write_all(&buffer)?;
                    buffer.clear();
                }
            }
            buffer.extend((0..self.count % 32).map(|i| letter(self.pending >> (2 * i))));
            out.write_all(&buffer)
        }

        /// Keeps the word of the last 32 moves, or drops every block once past the limit.
        /// Out of line: [`Record::record`], inlined at every move, stays short.
        #[inline(never)]
        fn keep_word(&mut self) {
            if self.count > self.limit {
                self.blocks = Vec::new();
            } else {
                match self.blocks.last_mut() {
                    Some(block) if block.len() < Self::BLOCK => block.push(self.pending),
                    _ => {
                        let mut block = Vec::with_capacity(Self::BLOCK);
                        block.push(self.pending);
                        self.blocks.push(block);
                    }
                }
            }
            self.pending = 0;
        }
    }

    impl Record for Packed {
        fn record(&mut self, m: Move) {
            self.pending |= (m.index() as u64) << (2 * (self.count % 32));
            self.count += 1;
            if self.count % 32 == 0 {
                self.keep_word();
            }
        }

        fn record_codes(&mut self, codes: u64, n: u32) {
            let used = (self.count % 32) as u32;
            self.pending |= codes << (2 * used);
            self.count += u64::from(n);
            if used + n >= 32 {
                // `used` is at least 16 here: the shift is below 64.
                self.keep_word();
                self.pending = codes >> (2 * (32 - used));
            }
        }
    }

    /// How much more (in Manhattan distance) the blank's four moves around a tile straight
    /// ahead must gain than its two around the corner for the tile to go straight now
    /// ([`Peeler::straight_way`]): when that makes no more moves in all, and when it makes
    /// later steps straight that would not have been. Measured on a random 100×100 board,
    /// in times the Manhattan distance: [2, 4] 2.93; [2, 2] 3.08; [0, 4] 2.97; [4, 4] 3.02;
    /// [2, never] 2.98; 6 rather than 4 where two more steps are straight 2.96; never
    /// straight while a turn is as short 3.16.
    const STRAIGHT_GAIN: [isize; 2] = [2, 4];

    /// The most cells of a line weighed for the next tile to place.
    const CANDIDATES: usize = 64;

    /// Where the moves of a path go, in order.
    pub trait Record {
        /// Takes the next move.
        fn record(&mut self, m: Move);

        /// Takes the next `n` moves, at most 16, packed two bits each ([`Move::index`]), the
        /// first in the low bits.
        fn record_codes(&mut self, codes: u64, n: u32) {
            for i in 0..n {
                self.record(Move::ALL[(codes >> (2 * i) & 3) as usize]);
            }
        }
    }

    /// A count of the moves.
    impl Record for u64 {
        fn record(&mut self, _: Move) {
            *self += 1;
        }

        fn record_codes(&mut self, _: u64, n: u32) {
            *self += u64::from(n);
        }
    }

    /// The letters of the moves, written to `out` in blocks of [`Letters::BLOCK`] bytes.
    pub struct Letters<W: Write> {
        out: W,
        block: Vec<u8>,
        written: u64,
        /// The first write error; nothing is written after it.
        error: Option<io::Error>,
    }

    impl<W: Write> Letters<W> {
        /// The bytes gathered before a write.
        const BLOCK: usize = 1 << 16;

        /// Letters to be written to `out`.
        pub fn new(out: W) -> Self {
            Letters {
                out,
                block: Vec::with_capacity(Self::BLOCK),
                written: 0,
                error: None,
            }
        }

        /// Writes the letters gathered, keeping the first error.
        fn write_block(&mut self) {
            if self.error.is_none() {
                if let Err(e) = self.out.write_all(&self.block) {
                    self.error = Some(e);
                }
            }
            self.written += self.block.len() as u64;
            self.block.clear();
        }

        /// Writes the rest; the number of letters, or the first error.
        pub fn finish(mut self) -> io::Result<u64> {
            self.write_block();
            match self.error {
                Some(e) => Err(e),
                None => Ok(self.written),
            }
        }
    }

    impl<W: Write> Record for Letters<W> {
        fn record(&mut self, m: Move) {
            self.block.push(m.letter() as u8);
            if self.block.len() == Self::BLOCK {
                self.write_block();
            }
        }
    }

    /// Returned when `any` cannot bring a tile to its cell: a bug, which the tests find on no
    /// board, reported rather than a panic. Rows and columns count from 0.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Stuck {
        pub tile: u32,
        pub row: usize,
        pub col: usize,
    }

    /// The part of the board not yet placed: rows `first[0]..=last[0]`, columns
    /// `first[1]..=last[1]`.
    #[derive(Clone, Copy)]
    struct Part {
        first: [usize; 2],
        last: [usize; 2],
    }

    impl Part {
        /// The number of its rows (`axis` 0) or columns (1).
        fn len(self, axis: usize) -> usize {
            self.last[axis] - self.first[axis] + 1
        }
    }

    /// The cells of a straight way, one after another: `left` steps of `step` cells from
    /// `at`, forward (toward higher cells) or not.
    struct Segment {
        at: usize,
        step: usize,
        left: usize,
        forward: bool,
    }

    impl Iterator for Segment {
        type Item = usize;

        fn next(&mut self) -> Option<usize> {
            if self.left == 0 {
                return None;
            }
            self.left -= 1;
            self.at = if self.forward {
                self.at + self.step
            } else {
                self.at - self.step
            };
            Some(self.at)
        }
    }

    /// The cells of a board laid out 2^`shift` to a row, the least power of two above the
    /// number of columns, so that a cell's row and column are a shift and a mask away (no
    /// division, no table, nothing stored beside the cell); the cells past the last column
    /// of a row are padding, locked. Fewer than twice the cells of the board. Cells are
    /// named by their index in this layout throughout [`Peeler`].
    #[derive(Clone, Copy)]
    struct Grid {
        rows: usize,
        cols: usize,
        shift: u32,
    }

    impl Grid {
        fn new(shape: Shape) -> Self {
            Grid {
                rows: shape.rows,
                cols: shape.cols,
                shift: usize::BITS - shape.cols.leading_zeros(),
            }
        }

        /// The distance between a cell and the one below it.
        fn stride(self) -> usize {
            1 << self.shift
        }

        /// The number of cells, padding included.
        fn len(self) -> usize {
            self.rows << self.shift
        }

        /// The cell at `row`, `col`.
        fn at(self, row: usize, col: usize) -> usize {
            row << self.shift | col
        }

        /// The cells of the board (no padding) in row-major order.
        fn cells(self) -> impl Iterator<Item = usize> {
            (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| self.at(row, col)))
        }

        /// The row and column of cell `p`.
        fn place(self, p: usize) -> [u32; 2] {
            [(p >> self.shift) as u32, (p & (self.stride() - 1)) as u32]
        }

        /// The row (`axis` 0) or the column (1) of cell `p`, without a branch: a shift and a
        /// mask for both.
        fn coordinate(self, p: usize, axis: usize) -> usize {
            let shift = if axis == 0 { self.shift } else { 0 };
            let mask = if axis == 0 {
                usize::MAX
            } else {
                self.stride() - 1
            };
            (p >> shift) & mask
        }

        /// The row and column of cell `p`, as indices.
        fn row_col(self, p: usize) -> (usize, usize) {
            (p >> self.shift, p & (self.stride() - 1))
        }

        /// The cell next to `p` in the direction of `m`, if it is on the board.
        fn neighbor(self, p: usize, m: Move) -> Option<usize> {
            let (row, col) = self.row_col(p);
            match m {
                Move::Down => (row + 1 < self.rows).then_some(p + self.stride()),
                Move::Left => (col > 0).then(|| p - 1),
                Move::Right => (col + 1 < self.cols).then_some(p + 1),
                Move::Up => (row > 0).then(|| p - self.stride()),
            }
        }

        /// The move that takes the blank from cell `from` to the adjacent cell `to`.
        fn direction(self, from: usize, to: usize) -> Move {
            if to == from + self.stride() {
                Move::Down
            } else if to + self.stride() == from {
                Move::Up
            } else if to + 1 == from {
                Move::Left
            } else {
                Move::Right
            }
        }
    }

    /// What a cell holds, in one word moved with its tile: the goal cell ([`Grid`]) of the
    /// tile on it, so that what a move gains is read next to the blank and the tile itself
    /// from its goal cell; and two flags, whether the cell is locked (placed for good, or
    /// padding: never moved) and whether the tile is one of the line being placed (whose
    /// cells are kept in [`Peeler::at`]). A `u32` where the board's padded cells fit in its
    /// 30 bits (4 bytes a cell: a 1000×1000 board in 4 MiB, whose rows are then 4 KiB
    /// apart), else a `u64`.
    trait Word: Copy {
        /// The most cells the goal cell's bits can name.
        const CELLS: u64;
        /// A cell holding the tile whose goal cell is `home`, locked or not, not of the line.
        fn new(home: usize, locked: bool) -> Self;
        /// The goal cell of the tile.
        fn home(self) -> usize;
        fn is_locked(self) -> bool;
        fn in_line(self) -> bool;
        /// The same tile, the cell locked or not.
        fn locked(self, locked: bool) -> Self;
        /// The same, the tile of the line being placed.
        fn of_line(self) -> Self;
    }

    macro_rules! word {
        ($word:ty) => {
            impl Word for $word {
                const CELLS: u64 = 1 << (<$word>::BITS - 2);

                fn new(home: usize, locked: bool) -> Self {
                    (home as $word).locked(locked)
                }

                fn home(self) -> usize {
                    (self & (Self::CELLS as $word - 1)) as usize
                }

                fn is_locked(self) -> bool {
                    self >> (<$word>::BITS - 1) != 0
                }

                fn in_line(self) -> bool {
                    self & Self::CELLS as $word != 0
                }

                fn locked(self, locked: bool) -> Self {
                    let bit = 1 << (<$word>::BITS - 1);
                    if locked {
                        self | bit
                    } else {
                        self & !bit
                    }
                }

                fn of_line(self) -> Self {
                    self | Self::CELLS as $word
                }
            }
        };
    }

    word!(u32);
    word!(u64);

    /// What a tile gains in Manhattan distance (1 or −1) moving one cell from `place` to a
    /// higher coordinate (`up`) or a lower one, its goal cell's being `home`, on one axis.
    fn gain_of(home: usize, place: usize, up: bool) -> isize {
        if if up { home > place } else { home < place } {
            1
        } else {
            -1
        }
    }

    /// The index ([`Move::index`]) of the blank's move along `axis` (0: across rows, 1: across
    /// columns), toward the higher row (column) if `up`.
    const fn move_index(axis: usize, up: bool) -> usize {
        match (axis == 0, up) {
            (true, true) => 0,
            (false, false) => 1,
            (false, true) => 2,
            (true, false) => 3,
        }
    }

    /// A question [`Peeler::place_pair`] asks: the window's cells (row and column from its
    /// first), and the places in it of the two tiles and the blank, and of the two tiles' goal
    /// cells. The answer depends on nothing else: many lines ask the same.
    type PairSearch = (Vec<(isize, isize)>, [u8; 3], [u8; 2]);

    /// The board being peeled, where its moves go, and the scratch of the searches; cells
    /// are named as in [`Grid`].
    struct Peeler<'r, R: Record, W: Word> {
        grid: Grid,
        /// The blank's cell.
        blank: usize,
        /// `at[slot(c)]`: the cell of the tile whose goal cell is `c`, kept for the tiles of
        /// the line being placed, found again when a line starts: keeping every tile's would
        /// cost a write far from the blank at every move. A goal cell's slot
        /// ([`Peeler::slot`]) is its column on a row, its row on a column: a line's tiles
        /// side by side, even a column's.
        at: Vec<usize>,
        /// The shift and the mask that make a goal cell of the line its slot in `at`.
        slot: (u32, usize),
        /// `goal[c]`: the tile whose goal cell is `c` (`u32::MAX` on padding).
        goal: Vec<u32>,
        /// The board, cell by cell.
        cells: Vec<W>,
        record: &'r mut R,
        /// The cell being filled, for [`Stuck`].
        placing: usize,
        variant: Variant,
        /// Breadth-first scratch: `seen[p] == generation` marks cells reached in this search.
        seen: Vec<u64>,
        generation: u64,
        /// Breadth-first scratch: the move that first reached each cell.
        came_by: Vec<Move>,
        /// Breadth-first scratch: the cells reached, in order.
        queue: Vec<usize>,
        /// Cells visited by the breadth-first searches, reported as nodes.
        visits: u64,
        /// The goal cells of the tiles read ahead of need ([`Peeler::touch`]), summed.
        touched: usize,
        /// The blank's ways found by [`Peeler::place_pair`]'s searches, by their question.
        pairs: HashMap<PairSearch, Option<Vec<u8>>>,
    }

    /// Solves `cells` to `goal` the way `variant` says, handing each move to `record`; the
    /// number of cells the blank's breadth-first searches visited. O(N·(rows+cols)) moves, in
    /// O(moves + N·(rows+cols)) time (a line's tiles are looked for over the part left, a
    /// tile chosen among at most [`CANDIDATES`]); O(N) memory, at most 34 bytes a cell (17
    /// a cell of the padded [`Grid`]; 4 of them a [`Word`] moved with the moves), and the
    /// answers kept of the pairs' searches (44 to 51 on random boards from 200×200 to
    /// 1000×1000).
    ///
    /// # Constraints
    ///
    /// `goal` is reachable from `cells` ([`is_reachable`]); otherwise, and on a bug, `Err`
    /// says which tile could not be placed, after some moves were recorded.
    pub fn solve<R: Record>(
        shape: Shape,
        cells: &[u32],
        goal: &[u32],
        variant: Variant,
        record: &mut R,
    ) -> Result<u64, Stuck> {
        if Grid::new(shape).len() as u64 <= u32::CELLS {
            Peeler::<R, u32>::run(shape, cells, goal, variant, record)
        } else {
            Peeler::<R, u64>::run(shape, cells, goal, variant, record)
        }
    }

    impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
        /// [`solve`], its cells held in words `W`.
        fn run(
            shape: Shape,
            cells: &[u32],
            goal: &[u32],
            variant: Variant,
            record: &'r mut R,
        ) -> Result<u64, Stuck> {
            let grid = Grid::new(shape);
            let len = grid.len();
            let mut padded_goal = vec![u32::MAX; len];
            // `home[t]`: the goal cell of tile `t`.
            let mut home = vec![0; goal.len()];
            for (q, &t) in grid.cells().zip(goal) {
                padded_goal[q] = t;
                home[t as usize] = q;
            }
            let mut words = vec![W::new(0, true); len];
            let mut blank = 0;
            for (q, &t) in grid.cells().zip(cells) {
                words[q] = W::new(home[t as usize], false);
                if t == 0 {
                    blank = q;
                }
            }
            drop(home);
            let mut peeler = Peeler {
                grid,
                blank,
                at: vec![0; grid.rows.max(grid.stride())],
                slot: (0, grid.stride() - 1),
                goal: padded_goal,
                cells: words,
                record,
                placing: 0,
                variant,
                seen: vec![0; len],
                generation: 0,
                came_by: vec![Move::Down; len],
                queue: Vec::new(),
                visits: 0,
                touched: 0,
                pairs: HashMap::new(),
            };
            let stuck = match peeler.peel() {
                Some(()) => grid.cells().find(|&q| peeler.tile(q) != peeler.goal[q]),
                None => Some(peeler.placing),
            };
            match stuck {
                None => Ok(peeler.visits),
                Some(q) => {
                    let (row, col) = grid.row_col(q);
                    Err(Stuck {
                        tile: peeler.goal[q],
                        row,
                        col,
                    })
                }
            }
        }

        /// Places every tile; `None` where a placement sticks (`placing` says which).
        fn peel(&mut self) -> Option<()> {
            let grid = self.grid;
            let blank_goal = self.goal.iter().position(|&t| t == 0)?;
            if grid.rows == 1 || grid.cols == 1 {
                self.placing = blank_goal;
                return self.blank_to(blank_goal, &[]);
            }
            let mut part = Part {
                first: [0, 0],
                last: [grid.rows - 1, grid.cols - 1],
            };
            let (goal_row, goal_col) = grid.row_col(blank_goal);
            let goal = [goal_row, goal_col];
            loop {
                let (height, width) = (part.len(0), part.len(1));
                let rows = height > width || height == width && !self.variant.columns_first;
                // The axis the line goes off: 0 for a row, 1 for a column.
                let axis = if height >= 4 && (rows || width < 4) {
                    0
                } else if width >= 4 {
                    1
                } else {
                    return self.finish(part);
                };
                let region = part;
                // The first row (column) of the part, or its last when the blank's goal cell
                // is on the first; `inward` is the move from it into the part.
                let (at, inward) = if goal[axis] != part.first[axis] {
                    part.first[axis] += 1;
                    (part.first[axis] - 1, [Move::Down, Move::Right][axis])
                } else {
                    part.last[axis] -= 1;
                    (part.last[axis] + 1, [Move::Up, Move::Left][axis])
                };
                let along = 1 - axis;
                let line: Vec<usize> = (part.first[along]..=part.last[along])
                    .map(|k| {
                        let mut place = [at; 2];
                        place[along] = k;
                        grid.at(place[0], place[1])
                    })
                    .collect();
                self.place_line(&line, inward, region)?;
            }
        }

        /// Moves the blank to the adjacent cell `next`, recording the move.
        #[inline(always)]
        fn slide(&mut self, next: usize) {
            self.slide_by(self.grid.direction(self.blank, next), next);
        }

        /// Moves the blank by `m` to the adjacent cell `next`, recording the move.
        #[inline(always)]
        fn slide_by(&mut self, m: Move, next: usize) {
            self.record.record(m);
            self.shift_blank(next);
        }

        /// Moves the blank to the adjacent cell `next`, the move recorded by the caller.
        #[inline(always)]
        fn shift_blank(&mut self, next: usize) {
            let blank = self.blank;
            self.cells.swap(blank, next);
            let word = self.cells[blank];
            if word.in_line() {
                let slot = self.slot(word.home());
                self.at[slot] = blank;
            }
            self.blank = next;
        }

        /// The place in `at` of goal cell `home`, one of the line's.
        #[inline(always)]
        fn slot(&self, home: usize) -> usize {
            (home >> self.slot.0) & self.slot.1
        }

        /// The cell of the tile whose goal cell is `home`, one of the line's.
        #[inline(always)]
        fn at(&self, home: usize) -> usize {
            self.at[self.slot(home)]
        }

        /// Reads cell `p` (if on the board) ahead of need, so that its cache miss, on a
        /// large board whose rows lie far apart, overlaps the moves before it: its tile's
        /// goal cell is added to a field, which the compiler cannot drop, with no barrier
        /// as `black_box` would be (and no prefetch instruction without `unsafe`).
        #[inline(always)]
        fn touch(&mut self, p: usize) {
            if let Some(word) = self.cells.get(p) {
                self.touched = self.touched.wrapping_add(word.home());
            }
        }

        /// The tile on cell `p`.
        fn tile(&self, p: usize) -> u32 {
            self.goal[self.cells[p].home()]
        }

        /// Whether cell `p` is locked.
        fn locked(&self, p: usize) -> bool {
            self.cells[p].is_locked()
        }

        /// Locks or unlocks cell `p`.
        fn lock(&mut self, p: usize, locked: bool) {
            self.cells[p] = self.cells[p].locked(locked);
        }

        /// The row and column of cell `p`.
        fn row_col(&self, p: usize) -> (usize, usize) {
            self.grid.row_col(p)
        }

        /// The taxicab distance between cells `a` and `b`.
        fn distance(&self, a: usize, b: usize) -> usize {
            let ((ar, ac), (br, bc)) = (self.row_col(a), self.row_col(b));
            ar.abs_diff(br) + ac.abs_diff(bc)
        }

        /// The cells from `from` (left out) to `to` (included), which share a row or a
        /// column, and whether the way runs along the row.
        fn segment(&self, from: usize, to: usize) -> (Segment, bool) {
            let ((fr, fc), (tr, tc)) = (self.row_col(from), self.row_col(to));
            let (step, left) = if fr == tr {
                (1, fc.abs_diff(tc))
            } else {
                (self.grid.stride(), fr.abs_diff(tr))
            };
            let forward = to > from;
            let segment = Segment {
                at: from,
                step,
                left,
                forward,
            };
            (segment, fr == tr)
        }

        /// What the tiles on the blank's way gain in Manhattan distance (each moves one cell
        /// back along it, gaining 1 or −1) if the blank goes from its cell through `bends` to
        /// `target`; `None` if a cell is locked or in `avoid`. O(length).
        fn gain(&self, bends: [usize; 2], target: usize, avoid: &[usize]) -> Option<isize> {
            let ends = [self.blank, bends[0], bends[1], target];
            let mut gain = 0;
            for pair in ends.windows(2) {
                let forward = pair[1] > pair[0];
                let (cells, along_row) = self.segment(pair[0], pair[1]);
                let axis = usize::from(along_row);
                for q in cells {
                    if self.locked(q) || avoid.contains(&q) {
                        return None;
                    }
                    // The tile on `q` moves against the blank: back when the blank goes forward.
                    gain += self.step_gain(q, axis, !forward);
                }
            }
            Some(gain)
        }

        /// Of `paths` (length, bends), sorted by length: the shortest free one, and of those
        /// the one with the most [`Peeler::gain`].
        fn best(
            &self,
            paths: &[(usize, [usize; 2])],
            target: usize,
            avoid: &[usize],
        ) -> Option<[usize; 2]> {
            let mut best: Option<(usize, isize, [usize; 2])> = None;
            for &(length, bends) in paths {
                if best.is_some_and(|(shortest, _, _)| length > shortest) {
                    break;
                }
                if let Some(gain) = self.gain(bends, target, avoid) {
                    if best.map_or(true, |(_, most, _)| gain > most) {
                        best = Some((length, gain, bends));
                    }
                }
            }
            best.map(|(_, _, bends)| bends)
        }

        /// Moves the blank along the segments from it through `bends` to `target`.
        fn walk(&mut self, bends: [usize; 2], target: usize) {
            let ends = [self.blank, bends[0], bends[1], target];
            for pair in ends.windows(2) {
                let (cells, _) = self.segment(pair[0], pair[1]);
                for q in cells {
                    self.slide(q);
                }
            }
        }

        /// Moves the blank to `target` through cells neither locked nor in `avoid`: move by
        /// move while a move that brings it closer is free ([`Peeler::greedy_to`]); where
        /// that way is shut, along the shortest free path of three straight segments whose
        /// middle one runs on a row (column) next to the blank, the target or a cell of
        /// `avoid` (of equal ones, the one whose tiles gain most); else by a breadth-first
        /// search. O(length) but for the search.
        fn blank_to(&mut self, target: usize, avoid: &[usize]) -> Option<()> {
            let grid = self.grid;
            let blank = self.blank;
            if blank == target {
                return Some(());
            }
            if self.greedy_to(target, avoid) {
                return Some(());
            }
            let blank = self.blank;
            let cell = |row: usize, col: usize| grid.at(row, col);
            let ((br, bc), (tr, tc)) = (self.row_col(blank), self.row_col(target));
            // Three segments, the middle one on row (column) `m`.
            let three = |across_rows: bool, m: usize| {
                let bends = if across_rows {
                    [cell(m, bc), cell(m, tc)]
                } else {
                    [cell(br, m), cell(tr, m)]
                };
                let length = self.distance(blank, bends[0])
                    + self.distance(bends[0], bends[1])
                    + self.distance(bends[1], target);
                (length, bends)
            };
            let next_to = |line: usize, limit: usize| {
                [line.wrapping_sub(1), line + 1]
                    .into_iter()
                    .filter(move |&m| m < limit)
            };
            // The blank and the target on one line, a cell between them: around it, two moves
            // longer, the common case.
            let mut paths = [(usize::MAX, [0; 2]); 16];
            let mut count = 0;
            if br == tr || bc == tc {
                let (across_rows, line, limit) = if br == tr {
                    (true, br, grid.rows)
                } else {
                    (false, bc, grid.cols)
                };
                for m in next_to(line, limit) {
                    paths[count] = three(across_rows, m);
                    count += 1;
                }
                if let Some(bends) = self.best(&paths[..count], target, avoid) {
                    self.walk(bends, target);
                    return Some(());
                }
                count = 0;
            }
            // Else the middle segment on a line next to one of the blank, the target or a cell
            // to avoid: at most 16 paths, tried from the shortest.
            for across_rows in [true, false] {
                let axis = usize::from(!across_rows);
                let limit = if across_rows { grid.rows } else { grid.cols };
                let lines = [blank, target]
                    .into_iter()
                    .chain(avoid.iter().copied().take(2));
                for m in lines.flat_map(|q| next_to(grid.place(q)[axis] as usize, limit)) {
                    paths[count] = three(across_rows, m);
                    count += 1;
                }
            }
            let paths = &mut paths[..count];
            paths.sort_unstable_by_key(|&(length, _)| length);
            if let Some(bends) = self.best(paths, target, avoid) {
                self.walk(bends, target);
                return Some(());
            }
            self.blank_to_nearest(|q| q == target, avoid)
        }

        /// Moves the blank toward `target`, each move one that brings it closer, through a
        /// cell neither locked nor in `avoid`, of the two the one whose tile gains (ties to
        /// the axis with more to go); whether it gets there. O(moves).
        fn greedy_to(&mut self, target: usize, avoid: &[usize]) -> bool {
            let grid = self.grid;
            let stride = grid.stride();
            let (tr, tc) = grid.row_col(target);
            // The cell `q` the blank would enter by the move of index `m` on row (column)
            // `place`, if free: the cell, the move, and whether its tile, which goes the other
            // way, gains (toward a higher row or column when the move is Up or Left).
            let way = |peeler: &Self, q: usize, m: usize, place: usize| {
                let word = peeler.cells[q];
                if word.is_locked() || avoid.contains(&q) {
                    return None;
                }
                let vertical = m == Move::Down.index() || m == Move::Up.index();
                let home = grid.coordinate(word.home(), usize::from(!vertical));
                let gains = if m == Move::Up.index() || m == Move::Left.index() {
                    home > place
                } else {
                    home < place
                };
                Some((q, m, gains))
            };
            loop {
                let blank = self.blank;
                if blank == target {
                    return true;
                }
                let (br, bc) = grid.row_col(blank);
                let vertical = match tr.cmp(&br) {
                    std::cmp::Ordering::Greater => {
                        way(self, blank + stride, Move::Down.index(), br + 1)
                    }
                    std::cmp::Ordering::Less => way(self, blank - stride, Move::Up.index(), br - 1),
                    std::cmp::Ordering::Equal => None,
                };
                let horizontal = match tc.cmp(&bc) {
                    std::cmp::Ordering::Greater => {
                        way(self, blank + 1, Move::Right.index(), bc + 1)
                    }
                    std::cmp::Ordering::Less => way(self, blank - 1, Move::Left.index(), bc - 1),
                    std::cmp::Ordering::Equal => None,
                };
                let (first, second) = if br.abs_diff(tr) >= bc.abs_diff(tc) {
                    (vertical, horizontal)
                } else {
                    (horizontal, vertical)
                };
                // Both free: the second only where its tile gains and the first's does not,
                // chosen by a select rather than a branch (the gains are a coin's toss).
                let (q, m) = match (first, second) {
                    (Some(first), Some(second)) => {
                        let take = second.2 && !first.2;
                        (
                            if take { second.0 } else { first.0 },
                            if take { second.1 } else { first.1 },
                        )
                    }
                    (Some((q, m, _)), None) | (None, Some((q, m, _))) => (q, m),
                    (None, None) => return false,
                };
                // Four moves on the same way, the cell most trips reach (they go straight).
                self.touch((5 * q).wrapping_sub(4 * blank));
                self.record.record_codes(m as u64, 1);
                self.shift_blank(q);
            }
        }

        /// The neighbours of cell `p` (at `from`) closer to `to` by a row and by a column,
        /// with their rows and columns.
        #[allow(clippy::type_complexity)] // two optional (cell, [row, column]) pairs
        fn closer(
            &self,
            p: usize,
            [row, col]: [u32; 2],
            [to_row, to_col]: [u32; 2],
        ) -> (Option<(usize, [u32; 2])>, Option<(usize, [u32; 2])>) {
            let cols = self.grid.stride();
            let vertical = match to_row.cmp(&row) {
                std::cmp::Ordering::Greater => Some((p + cols, [row + 1, col])),
                std::cmp::Ordering::Less => Some((p - cols, [row - 1, col])),
                std::cmp::Ordering::Equal => None,
            };
            let horizontal = match to_col.cmp(&col) {
                std::cmp::Ordering::Greater => Some((p + 1, [row, col + 1])),
                std::cmp::Ordering::Less => Some((p - 1, [row, col - 1])),
                std::cmp::Ordering::Equal => None,
            };
            (vertical, horizontal)
        }

        /// Moves the blank along a shortest path, through cells neither locked nor in `avoid`,
        /// to the nearest cell where `is_target` holds. O(cells visited).
        fn blank_to_nearest(
            &mut self,
            is_target: impl Fn(usize) -> bool,
            avoid: &[usize],
        ) -> Option<()> {
            self.generation += 1;
            let start = self.blank;
            self.queue.clear();
            self.queue.push(start);
            self.seen[start] = self.generation;
            let mut head = 0;
            let target = loop {
                let p = *self.queue.get(head)?;
                head += 1;
                self.visits += 1;
                if is_target(p) {
                    break p;
                }
                for m in Move::ALL {
                    let Some(q) = self.grid.neighbor(p, m) else {
                        continue;
                    };
                    if self.seen[q] != self.generation && !self.locked(q) && !avoid.contains(&q) {
                        self.seen[q] = self.generation;
                        self.came_by[q] = m;
                        self.queue.push(q);
                    }
                }
            };
            let mut path = Vec::new();
            let mut p = target;
            while p != start {
                path.push(p);
                p = self.grid.neighbor(p, self.came_by[p].opposite())?;
            }
            for &q in path.iter().rev() {
                self.slide(q);
            }
            Some(())
        }

        /// The cell a tile on `p` goes to next on its way to `target`, a cell of the outer
        /// line of the part (`inward` points into the part). A tile never moves along that
        /// line, whose cells left may be apart, but off it first, then in at its cell. Else
        /// of the unlocked neighbours closer to `target`, the one the blank reaches in fewer
        /// moves (its taxicab distance, plus 2 when `p` stands between them on a line), on a
        /// tie the one on the axis with more to go; but straight ahead instead of around the
        /// corner when the blank's moves around the tile gain enough more
        /// ([`Peeler::straight_way`]), and then with the blank's way around it.
        fn tile_step(
            &self,
            p: usize,
            target: usize,
            inward: Move,
        ) -> Option<(usize, Option<[usize; 3]>)> {
            let ([pr, pc], [tr, tc]) = (self.grid.place(p), self.grid.place(target));
            let across = matches!(inward, Move::Up | Move::Down);
            let on_line = |[row, col]: [u32; 2]| if across { row == tr } else { col == tc };
            if on_line([pr, pc]) {
                let next = if self.distance(p, target) == 1 {
                    Some(target)
                } else {
                    self.grid.neighbor(p, inward)
                };
                return next.map(|next| (next, None));
            }
            let [br, bc] = self.grid.place(self.blank);
            let between = |a: u32, b: u32, c: u32| a.min(c) < b && b < a.max(c);
            let cost = |[qr, qc]: [u32; 2]| {
                let blocked = (br == pr && qr == pr && between(bc, pc, qc))
                    || (bc == pc && qc == pc && between(br, pr, qr));
                br.abs_diff(qr) + bc.abs_diff(qc) + 2 * u32::from(blocked)
            };
            let (vertical, horizontal) = self.closer(p, [pr, pc], [tr, tc]);
            let (first, second) = if pr.abs_diff(tr) >= pc.abs_diff(tc) {
                (vertical, horizontal)
            } else {
                (horizontal, vertical)
            };
            let mut pick: Option<(usize, u32)> = None;
            // The cell straight ahead, the blank right behind the tile.
            let mut ahead = None;
            let behind = br.abs_diff(pr) + bc.abs_diff(pc) == 1;
            for neighbour in [first, second] {
                let Some((q, there)) = neighbour else {
                    continue;
                };
                if self.locked(q) || (q != target && on_line(there)) {
                    continue;
                }
                if behind && q + self.blank == 2 * p {
                    ahead = Some(q);
                }
                let cost = cost(there);
                if pick.map_or(true, |(_, least)| cost < least) {
                    pick = Some((q, cost));
                }
            }
            let (q, _) = pick?;
            match ahead {
                Some(ahead) if ahead != q => {
                    let (along, across) = if ahead.abs_diff(p) == 1 {
                        (pc.abs_diff(tc), pr.abs_diff(tr))
                    } else {
                        (pr.abs_diff(tr), pc.abs_diff(tc))
                    };
                    // Going straight now makes no more moves in all when the tile has more to
                    // go ahead than across (a straight step comes sooner or later); else it
                    // makes one or two more steps straight, 2 or 4 more moves.
                    let costly = along <= across;
                    Some(match self.straight_way(p, ahead, q, costly) {
                        Some(way) => (ahead, Some(way)),
                        None => (q, None),
                    })
                }
                _ => Some((q, None)),
            }
        }

        /// For a tile on `p`, the blank behind it, that may go on to `ahead` or turn to
        /// `turn`, going straight `costly` when that makes more moves in all: the blank's
        /// way around it to `ahead` ([`Peeler::way_around`]) when its four moves gain at
        /// least [`STRAIGHT_GAIN`] more than its two around the corner (or the corner is
        /// locked); else `None`, a turn. The way is weighed only where its four moves could
        /// gain that much (4 at most). O(1).
        fn straight_way(
            &self,
            p: usize,
            ahead: usize,
            turn: usize,
            costly: bool,
        ) -> Option<[usize; 3]> {
            if self.blank.abs_diff(p) == 1 {
                self.straight_way_along::<1>(p, ahead, turn, costly)
            } else {
                self.straight_way_along::<0>(p, ahead, turn, costly)
            }
        }

        /// [`Peeler::straight_way`] for a tile going along `ALONG`, a constant (as in
        /// [`Peeler::way_around_along`]).
        fn straight_way_along<const ALONG: usize>(
            &self,
            p: usize,
            ahead: usize,
            turn: usize,
            costly: bool,
        ) -> Option<[usize; 3]> {
            let blank = self.blank;
            let corner = blank + turn - p;
            // The blank goes across to the corner, then along to `turn`; each tile it meets
            // moves against it, toward higher rows or columns when the blank comes from there.
            let turn_gain = self.step_gain(corner, 1 - ALONG, blank > corner)
                + self.step_gain(turn, ALONG, corner > turn);
            let least = turn_gain + STRAIGHT_GAIN[usize::from(costly)];
            let locked = self.locked(corner);
            // Four moves gain at most 4: no need to weigh the way around.
            if !locked && least > 4 {
                return None;
            }
            let (gain, higher) = self.way_around_along::<ALONG>(p, ahead)?;
            (locked || gain >= least).then(|| self.side_way(p, ahead, ALONG, higher))
        }

        /// Moves the tile whose goal cell is `target`, one of the line, cell by cell toward
        /// it ([`Peeler::tile_step`]) until it is there or in `stop`; most steps, the blank
        /// behind the tile, by [`Peeler::step_behind`].
        fn tile_to(&mut self, target: usize, stop: &[usize], inward: Move) -> Option<()> {
            if matches!(inward, Move::Up | Move::Down) {
                self.tile_to_line::<0>(target, stop, inward)
            } else {
                self.tile_to_line::<1>(target, stop, inward)
            }
        }

        /// [`Peeler::tile_to`] for an outer line across `LINE` (0: a row, 1: a column), a
        /// constant.
        fn tile_to_line<const LINE: usize>(
            &mut self,
            target: usize,
            stop: &[usize],
            inward: Move,
        ) -> Option<()> {
            // The tile's cell, known after a step behind: not read back from `at`, just
            // written where the step's cells moved.
            let mut p = self.at(target);
            loop {
                if p == target || stop.contains(&p) {
                    return Some(());
                }
                if let Some(next) = self.step_behind::<LINE>(p, target) {
                    p = next;
                    continue;
                }
                match self.tile_step(p, target, inward)? {
                    (next, Some(way)) => self.go_around(way, next, p),
                    (next, None) => {
                        if !self.around(p, next) {
                            self.blank_to(next, &[p])?;
                            self.slide(p);
                        }
                    }
                }
                p = self.at(target);
            }
        }

        /// The step of the tile on `p` toward `target` in the steady state of its way: the
        /// tile off the outer line (a row if `LINE` is 0, else a column), the blank next to
        /// it and not on a cell that brings it closer (it is where the tile was). The step
        /// [`Peeler::tile_step`] and [`Peeler::around`] would make, without their general
        /// weighing: of the free cells closer to `target`, the one around the corner costs
        /// the blank 2 moves and the one straight ahead 4, so the corner is taken unless
        /// there is none or [`Peeler::straight_way`] would go straight. The cell the tile
        /// stepped to; else `None`, nothing moved, and the general way decides. O(1).
        #[inline(always)]
        fn step_behind<const LINE: usize>(&mut self, p: usize, target: usize) -> Option<usize> {
            let gap = self.blank.abs_diff(p);
            if gap == 1 {
                self.step_along::<LINE, 1>(p, target)
            } else if gap == self.grid.stride() {
                self.step_along::<LINE, 0>(p, target)
            } else {
                None
            }
        }

        /// [`Peeler::step_behind`] with the blank behind the tile along `ALONG` (0: across
        /// rows, 1: across columns): the decisions of [`Peeler::straight_way`] and
        /// [`Peeler::around`], each step's moves made at once ([`Peeler::rotate`]).
        #[inline(always)]
        fn step_along<const LINE: usize, const ALONG: usize>(
            &mut self,
            p: usize,
            target: usize,
        ) -> Option<usize> {
            let (grid, blank) = (self.grid, self.blank);
            let other = 1 - ALONG;
            let line = grid.coordinate(target, LINE);
            let on_line = |q: usize| grid.coordinate(q, LINE) == line;
            if on_line(p) {
                return None;
            }
            // The cell the tile reaches in two straight steps: read one step early.
            self.touch((3 * p).wrapping_sub(2 * blank));
            let (p_along, t_along) = (grid.coordinate(p, ALONG), grid.coordinate(target, ALONG));
            if p_along != t_along && (t_along > p_along) != (p > blank) {
                // The blank stands on a cell closer to the target.
                return None;
            }
            let (p_other, t_other) = (grid.coordinate(p, other), grid.coordinate(target, other));
            let free = |q: usize| !self.locked(q) && (q == target || !on_line(q));
            let ahead = (p_along != t_along)
                .then(|| 2 * p - blank)
                .filter(|&q| free(q));
            let offset = if other == 0 { grid.stride() } else { 1 };
            let turn = (p_other != t_other)
                .then(|| {
                    if t_other > p_other {
                        p + offset
                    } else {
                        p - offset
                    }
                })
                .filter(|&q| free(q));
            match (turn, ahead) {
                (Some(turn), Some(ahead)) => {
                    // As `straight_way`: going straight makes no more moves in all when the
                    // tile has more to go ahead than across.
                    let costly = p_along.abs_diff(t_along) <= p_other.abs_diff(t_other);
                    let corner = blank + turn - p;
                    let locked = self.locked(corner);
                    let mut least = 0;
                    if !locked {
                        least = self.step_gain(corner, other, blank > corner)
                            + self.step_gain(turn, ALONG, corner > turn)
                            + STRAIGHT_GAIN[usize::from(costly)];
                        // Four moves gain at most 4: no need to weigh the way around.
                        if least > 4 {
                            self.turn_step::<ALONG>(p, turn, corner);
                            return Some(turn);
                        }
                    }
                    match self.way_around_along::<ALONG>(p, ahead) {
                        Some((gain, higher)) if locked || gain >= least => {
                            self.straight_step::<ALONG>(p, ahead, higher);
                            Some(ahead)
                        }
                        _ if !locked => {
                            self.turn_step::<ALONG>(p, turn, corner);
                            Some(turn)
                        }
                        _ => None,
                    }
                }
                (Some(turn), None) => {
                    let corner = blank + turn - p;
                    if self.locked(corner) {
                        return None;
                    }
                    self.turn_step::<ALONG>(p, turn, corner);
                    Some(turn)
                }
                (None, Some(ahead)) => {
                    let (_, higher) = self.way_around_along::<ALONG>(p, ahead)?;
                    self.straight_step::<ALONG>(p, ahead, higher);
                    Some(ahead)
                }
                (None, None) => None,
            }
        }

        /// The tile on `p`, the blank behind it along `ALONG`, turns onto `turn`: the blank
        /// goes to `corner`, on to `turn` and back onto `p`, 3 moves recorded at once.
        #[inline(always)]
        fn turn_step<const ALONG: usize>(&mut self, p: usize, turn: usize, corner: usize) {
            let side = move_index(1 - ALONG, turn > p);
            let along = move_index(ALONG, p > self.blank);
            let codes = side | along << 2 | Move::opposite_index(side) << 4;
            self.record.record_codes(codes as u64, 3);
            self.rotate([corner, turn, p]);
        }

        /// The tile on `p`, the blank behind it along `ALONG`, goes straight on to `next`, the
        /// blank around it on the side of the higher row (column) if `higher`: 5 moves
        /// recorded at once, as [`Peeler::go_around`].
        #[inline(always)]
        fn straight_step<const ALONG: usize>(&mut self, p: usize, next: usize, higher: bool) {
            let side = move_index(1 - ALONG, higher);
            let along = move_index(ALONG, next > p);
            let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
            let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
            self.record.record_codes(codes as u64, 5);
            let [a, b, c] = self.side_way(p, next, ALONG, higher);
            self.rotate([a, b, c, next, p]);
        }

        /// Moves the blank along `way`, each cell next to the one before, the moves recorded
        /// by the caller: what [`Peeler::shift_blank`] does at each, each word written once.
        #[inline(always)]
        fn rotate<const N: usize>(&mut self, way: [usize; N]) {
            let mut hole = self.blank;
            let blank_word = self.cells[hole];
            for q in way {
                let word = self.cells[q];
                self.cells[hole] = word;
                if word.in_line() {
                    let slot = self.slot(word.home());
                    self.at[slot] = hole;
                }
                hole = q;
            }
            self.cells[hole] = blank_word;
            self.blank = hole;
        }

        /// What the tile on `q` gains in Manhattan distance (1 or −1) moving one cell along
        /// `axis` (0: across rows, 1: across columns), to a higher row or column if `up`.
        fn step_gain(&self, q: usize, axis: usize, up: bool) -> isize {
            let grid = self.grid;
            gain_of(
                grid.coordinate(self.cells[q].home(), axis),
                grid.coordinate(q, axis),
                up,
            )
        }

        /// The common steps of the tile on `p` to `next` when the blank stands next to it,
        /// in O(1): from `next`, one move; from a cell diagonal to `next`, around the corner
        /// (3 moves); from behind, straight ahead around either side (5 moves), the side
        /// whose tiles gain more. Moves the tile onto `next` (the blank onto `p`), or
        /// returns false (and moves nothing) when none applies.
        fn around(&mut self, p: usize, next: usize) -> bool {
            let blank = self.blank;
            if blank == next {
                self.slide(p);
                return true;
            }
            if self.distance(blank, p) != 1 {
                return false;
            }
            if blank + next != 2 * p {
                // A turn: the corner is the fourth cell of their square.
                let corner = blank + next - p;
                if self.locked(corner) {
                    return false;
                }
                let side = self.grid.direction(blank, corner).index();
                let along = self.grid.direction(corner, next).index();
                let codes = side | along << 2 | Move::opposite_index(side) << 4;
                self.record.record_codes(codes as u64, 3);
                for q in [corner, next, p] {
                    self.shift_blank(q);
                }
                return true;
            }
            let Some((_, way)) = self.way_around(p, next) else {
                return false;
            };
            self.go_around(way, next, p);
            true
        }

        /// Moves the blank along `way` ([`Peeler::way_around`]) to `next`, then onto `p`,
        /// the tile's step from `p` to `next`: to the side, twice along the tile's way,
        /// back across, back along; two directions, found once, five moves recorded at once.
        fn go_around(&mut self, way: [usize; 3], next: usize, p: usize) {
            let side = self.grid.direction(self.blank, way[0]).index();
            let along = self.grid.direction(way[0], way[1]).index();
            let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
            let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
            self.record.record_codes(codes as u64, 5);
            for q in way {
                self.shift_blank(q);
            }
            self.shift_blank(next);
            self.shift_blank(p);
        }

        /// The blank's way from behind `p` around it to `next`, straight ahead, by the side
        /// whose tiles gain more: what its four moves gain and the three cells before
        /// `next`; `None` when both sides are locked or off the board. O(1).
        fn way_around(&self, p: usize, next: usize) -> Option<(isize, [usize; 3])> {
            let along = usize::from(self.blank.abs_diff(p) == 1);
            let (gain, higher) = if along == 1 {
                self.way_around_along::<1>(p, next)?
            } else {
                self.way_around_along::<0>(p, next)?
            };
            Some((gain, self.side_way(p, next, along, higher)))
        }

        /// [`Peeler::way_around`] for a tile going along `ALONG` (0: across rows, 1: across
        /// columns), a constant so that every coordinate read is one shift or one mask: what
        /// the four moves gain and whether the way is on the side of the higher row (column).
        /// Each side counts the moves that bring a tile closer, so that a gain is twice the
        /// count less 4.
        fn way_around_along<const ALONG: usize>(
            &self,
            p: usize,
            next: usize,
        ) -> Option<(isize, bool)> {
            let (blank, grid) = (self.blank, self.grid);
            let across = 1 - ALONG;
            // The sides are across the tile's way, `offset` cells away.
            let (offset, lines) = if ALONG == 1 {
                (grid.stride(), grid.rows)
            } else {
                (1, grid.cols)
            };
            let line = grid.coordinate(p, across);
            let forward = next > p;
            // The places the tiles move from, known here: along, those of `p` and `next`.
            let (p_along, next_along) = (grid.coordinate(p, ALONG), grid.coordinate(next, ALONG));
            let next_home = grid.coordinate(self.cells[next].home(), across);
            // The tiles beside `p` and `next` move back along the way.
            let back = |word: W, place: usize| {
                let home = grid.coordinate(word.home(), ALONG);
                u8::from(if forward { home < place } else { home > place })
            };
            // Onto the tile's line from the side, back twice along the way, off the line to
            // the side: the moves that gain, or `None` when a cell is locked.
            let side = |words: [W; 3], higher: bool| {
                if words[0].is_locked() | words[1].is_locked() | words[2].is_locked() {
                    return None;
                }
                let home = grid.coordinate(words[0].home(), across);
                let (onto, off) = if higher {
                    (home <= line, next_home > line)
                } else {
                    (home >= line, next_home < line)
                };
                Some(
                    u8::from(onto)
                        + back(words[1], p_along)
                        + back(words[2], next_along)
                        + u8::from(off),
                )
            };
            let low = (line != 0)
                .then(|| side([blank, p, next].map(|q| self.cells[q - offset]), false))
                .flatten();
            let high = (line + 1 != lines)
                .then(|| side([blank, p, next].map(|q| self.cells[q + offset]), true))
                .flatten();
            let (good, higher) = match (low, high) {
                (Some(low), Some(high)) => {
                    if high > low {
                        (high, true)
                    } else {
                        (low, false)
                    }
                }
                (Some(low), None) => (low, false),
                (None, Some(high)) => (high, true),
                (None, None) => return None,
            };
            Some((2 * isize::from(good) - 4, higher))
        }

        /// The blank's way around the tile on `p` to `next` on the side `higher` (or lower)
        /// across `along`: the three cells before `next`.
        fn side_way(&self, p: usize, next: usize, along: usize, higher: bool) -> [usize; 3] {
            let offset = if along == 1 { self.grid.stride() } else { 1 };
            [self.blank, p, next].map(|q| if higher { q + offset } else { q - offset })
        }

        /// Places the tiles of `line`, the outer line of the part, `inward` pointing into the
        /// part, which has at least 4 lines beyond it, and locks the line; `region` is the
        /// part with the line, where its tiles are found. The cells left
        /// form runs; each time, of at most [`CANDIDATES`] cells spread over those left, the
        /// one whose tile is nearest the blank and which leaves no run of one cell (which no
        /// tile could enter) is filled, or, when it is one of a run of two, both
        /// ([`Peeler::place_last_two`]). The first cell left is always a candidate, and never
        /// leaves a run of one. O([`CANDIDATES`]) a tile to choose it.
        fn place_line(&mut self, line: &[usize], inward: Move, region: Part) -> Option<()> {
            let axis = usize::from(matches!(inward, Move::Left | Move::Right));
            let grid = self.grid;
            let at = grid.place(line[0])[axis] as usize;
            // A tile's goal on the line's row (column): a shift and a mask of its goal cell.
            let (shift, mask) = if axis == 0 {
                (grid.shift, usize::MAX)
            } else {
                (0, grid.stride() - 1)
            };
            let of_line = |word: W| (word.home() >> shift) & mask == at;
            // A row's tiles by their column, a column's by their row.
            self.slot = if axis == 0 {
                (0, grid.stride() - 1)
            } else {
                (grid.shift, usize::MAX)
            };
            // The cells of each row of the region, 16 at a time: a group without a tile of
            // the line (most) is passed on one test of all its words, without a branch each.
            const GROUP: usize = 16;
            for row in region.first[0]..=region.last[0] {
                let start = grid.at(row, region.first[1]);
                let end = grid.at(row, region.last[1]) + 1;
                for first in (start..end).step_by(GROUP) {
                    let last = end.min(first + GROUP);
                    let words = &self.cells[first..last];
                    if !words.iter().fold(false, |any, &word| any | of_line(word)) {
                        continue;
                    }
                    for p in first..last {
                        let word = self.cells[p];
                        if of_line(word) {
                            self.cells[p] = word.of_line();
                            let slot = self.slot(word.home());
                            self.at[slot] = p;
                        }
                    }
                }
            }
            let mut left: Vec<usize> = (0..line.len()).collect();
            // Whether each cell of the line is locked, side by side (a column's cells are rows
            // apart), kept as the line is filled.
            let mut locked: Vec<bool> = line.iter().map(|&q| self.locked(q)).collect();
            while !left.is_empty() {
                let is_free = |i: Option<usize>| i.is_some_and(|i| i < line.len() && !locked[i]);
                let candidates = match self.variant.order {
                    Order::Nearest => &left[..],
                    Order::Forward => &left[..1],
                    Order::Backward => &left[left.len() - 1..],
                };
                let step = (candidates.len() + CANDIDATES - 1) / CANDIDATES;
                // (distance from the blank to the tile, first cell to fill, whether a pair).
                let mut nearest: Option<(usize, usize, bool)> = None;
                for &i in candidates.iter().step_by(step) {
                    let (left_1, left_2) = (is_free(i.checked_sub(1)), is_free(i.checked_sub(2)));
                    let (right_1, right_2) = (is_free(Some(i + 1)), is_free(Some(i + 2)));
                    let (start, pair) = match (left_1 && !left_2, right_1 && !right_2) {
                        (true, false) if !right_1 => (i - 1, true),
                        (false, true) if !left_1 => (i, true),
                        (false, false) => (i, false),
                        _ => continue,
                    };
                    let distance = self.distance(self.blank, self.at(line[i]));
                    if nearest.map_or(true, |(d, ..)| distance < d) {
                        nearest = Some((distance, start, pair));
                    }
                }
                let (_, start, pair) = nearest?;
                self.placing = line[start];
                if pair {
                    let (first, last) = (line[start], line[start + 1]);
                    if self.at(first) != first || self.at(last) != last {
                        self.place_last_two(line, start, inward)?;
                    }
                    self.lock(first, true);
                    self.lock(last, true);
                    (locked[start], locked[start + 1]) = (true, true);
                } else {
                    self.tile_to(line[start], &[], inward)?;
                    self.lock(line[start], true);
                    locked[start] = true;
                }
                for filled in start..start + 1 + usize::from(pair) {
                    if let Ok(j) = left.binary_search(&filled) {
                        left.remove(j);
                    }
                }
            }
            Some(())
        }

        /// Places the two tiles left of `line`, `a` on `line[low]` and `b` on `line[low + 1]`:
        /// `b` on its cell, `a` into the window of their two cells three deep, then both by
        /// [`Peeler::place_pair`] in a window one cell longer (over a locked cell of the line
        /// next to `a`'s, when there is one) and one deeper, which the blank can always enter
        /// without moving `a` or `b`.
        fn place_last_two(&mut self, line: &[usize], low: usize, inward: Move) -> Option<()> {
            let (first, last) = (line[low], line[low + 1]);
            let wide = if low > 0 {
                &line[low - 1..low + 2]
            } else {
                &line[low..line.len().min(low + 3)]
            };
            let large = self.window(wide, inward, 4)?;
            let inside = |peeler: &Self, home: usize| large.contains(&peeler.at(home));
            if !inside(self, first) || !inside(self, last) {
                self.tile_to(last, &[], inward)?;
                self.lock(last, true);
                let small = self.window(&line[low..low + 2], inward, 3)?;
                self.tile_to(first, &small, inward)?;
                self.lock(last, false);
            }
            let (at_a, at_b) = (self.at(first), self.at(last));
            self.blank_to_nearest(|q| large.contains(&q), &[at_a, at_b])?;
            self.place_pair(&large, first, last)
        }

        /// The unlocked cells within `depth` steps inward of `cells`.
        fn window(&self, cells: &[usize], inward: Move, depth: usize) -> Option<Vec<usize>> {
            let mut window = Vec::new();
            for &cell in cells {
                let mut p = cell;
                for d in 0..depth {
                    if d > 0 {
                        p = self.grid.neighbor(p, inward)?;
                    }
                    if !self.locked(p) {
                        window.push(p);
                    }
                }
            }
            Some(window)
        }

        /// Brings the tiles whose goal cells are `a` and `b` (of the line) there by a
        /// breadth-first search over the places of the two and the blank within `window` (at
        /// most 12 cells: 1,728 states); each search's answer is kept, and a question asked
        /// again ([`PairSearch`]) answered from it, the same moves.
        fn place_pair(&mut self, window: &[usize], a: usize, b: usize) -> Option<()> {
            let index = |p: usize| window.iter().position(|&q| q == p);
            let start = [index(self.at(a))?, index(self.at(b))?, index(self.blank)?];
            let goal = [index(a)?, index(b)?];
            let (first_row, first_col) = self.row_col(window[0]);
            let shape = window
                .iter()
                .map(|&p| {
                    let (row, col) = self.row_col(p);
                    (
                        row as isize - first_row as isize,
                        col as isize - first_col as isize,
                    )
                })
                .collect();
            let byte = |i: usize| i as u8;
            let question = (shape, start.map(byte), goal.map(byte));
            if !self.pairs.contains_key(&question) {
                let answer = self.pair_search(window, start, goal);
                self.pairs.insert(question.clone(), answer);
            }
            let places = self.pairs.get(&question)?.clone()?;
            for i in places {
                self.slide(window[usize::from(i)]);
            }
            Some(())
        }

        /// The places in `window` the blank goes through, in order, to bring the tiles on
        /// `start[0]` and `start[1]` to `goal`, the blank on `start[2]`: a breadth-first
        /// search over the places of the three. `None` if there is no way.
        fn pair_search(
            &self,
            window: &[usize],
            start: [usize; 3],
            goal: [usize; 2],
        ) -> Option<Vec<u8>> {
            let n = window.len();
            let index = |p: usize| window.iter().position(|&q| q == p);
            let encode = |s: [usize; 3]| (s[0] * n + s[1]) * n + s[2];
            // Each cell's neighbours in the window, in the order of [`Move::ALL`].
            let neighbors: Vec<Vec<usize>> = window
                .iter()
                .map(|&p| {
                    Move::ALL
                        .iter()
                        .filter_map(|&m| self.grid.neighbor(p, m).and_then(index))
                        .collect()
                })
                .collect();
            // `from[state]`: the state before it and the blank's cell in the window, packed
            // (`UNSEEN` when not reached); the queue a list, each state in it at most once.
            const UNSEEN: u32 = u32::MAX;
            let pack = |state: usize, q: usize| (state << 8 | q) as u32;
            let mut from = vec![UNSEEN; n * n * n];
            let mut queue = Vec::with_capacity(n * n * n);
            queue.push((start, encode(start)));
            from[encode(start)] = pack(encode(start), 0);
            let mut head = 0;
            let end = loop {
                let (state, here) = *queue.get(head)?;
                head += 1;
                if [state[0], state[1]] == goal {
                    break state;
                }
                let [at_a, at_b, blank] = state;
                for &q in &neighbors[blank] {
                    // A tile on the blank's next cell moves onto the blank's.
                    let next = [
                        if at_a == q { blank } else { at_a },
                        if at_b == q { blank } else { at_b },
                        q,
                    ];
                    let code = encode(next);
                    if from[code] == UNSEEN {
                        from[code] = pack(here, q);
                        queue.push((next, code));
                    }
                }
            };
            let mut places = Vec::new();
            let mut code = encode(end);
            while code != encode(start) {
                let packed = from[code] as usize;
                places.push((packed & 0xFF) as u8);
                code = packed >> 8;
            }
            places.reverse();
            Some(places)
        }

        /// Solves the part left, at most 3×3, by IDA* on its own tiles, renumbered by their
        /// goal cells within the part.
        fn finish(&mut self, part: Part) -> Option<()> {
            let shape = Shape {
                rows: part.len(0),
                cols: part.len(1),
            };
            let grid = self.grid;
            let cells: Vec<usize> = (part.first[0]..=part.last[0])
                .flat_map(|r| (part.first[1]..=part.last[1]).map(move |c| grid.at(r, c)))
                .collect();
            self.placing = cells[0];
            // Tiles renumbered 1, 2, … in the order of their goal cells in the part.
            let mut label = vec![None; self.goal.len()];
            label[0] = Some(0);
            for (&p, number) in cells.iter().filter(|&&p| self.goal[p] != 0).zip(1..) {
                label[self.goal[p] as usize] = Some(number);
            }
            let local = |tile: &dyn Fn(usize) -> u32| -> Option<Vec<u8>> {
                cells.iter().map(|&p| label[tile(p) as usize]).collect()
            };
            let (start, goal) = (local(&|p| self.tile(p))?, local(&|p| self.goal[p])?);
            let wide = |board: &[u8]| board.iter().map(|&t| u32::from(t)).collect::<Vec<_>>();
            if !is_reachable(shape, &wide(&start), &wide(&goal)) {
                return None;
            }
            let puzzle = Puzzle::new(shape, goal);
            let bound = LinearConflict::new(&puzzle);
            let unlimited = Limits {
                max_nodes: None,
                time_limit: None,
                max_memory_mib: usize::MAX,
            };
            let outcome = ida::solve(
                &puzzle,
                &bound,
                &start,
                &Budget::new(unlimited),
                u64::MAX,
                1,
            );
            let Ok(ida::Outcome::Path(path)) = outcome else {
                return None;
            };
            let mut blank = cells[start.iter().position(|&t| t == 0)?];
            for m in path {
                blank = self.grid.neighbor(blank, m)?;
                self.slide(blank);
            }
            Some(())
        }
    }

    #[cfg(test)]
    mod tests {
        // Paths through `super` rather than imports: a bench that includes this file
        // builds it with `cfg(test)` but no tests, where an import would go unused.
        /// Boards whose padded cells pass 2^30 are held in `u64` words: on small boards,
        /// those make the very moves the `u32` words make.
        #[test]
        fn any_in_wide_words_makes_the_same_moves() {
            let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
            for (rows, cols) in [(2, 9), (7, 9), (12, 5), (30, 30), (9, 1)] {
                let shape = super::Shape { rows, cols };
                let n = (rows * cols) as u32;
                let goal: Vec<u32> = (1..n).chain(Some(0)).collect();
                let mut board = goal.clone();
                if rows > 1 && cols > 1 {
                    for i in (1..board.len()).rev() {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        board.swap(i, (seed % (i as u64 + 1)) as usize);
                    }
                    if !super::is_reachable(shape, &board, &goal) {
                        let tiles: Vec<usize> =
                            (0..board.len()).filter(|&p| board[p] != 0).collect();
                        board.swap(tiles[0], tiles[1]);
                    }
                } else {
                    board.rotate_right(1);
                }
                let letters = |packed: &super::Packed| {
                    let mut out = Vec::new();
                    packed.write_letters(&mut out).unwrap();
                    out
                };
                let variant = super::Variant::default();
                let (mut narrow, mut wide) = (
                    super::Packed::new(super::KEPT),
                    super::Packed::new(super::KEPT),
                );
                super::Peeler::<_, u32>::run(shape, &board, &goal, variant, &mut narrow).unwrap();
                super::Peeler::<_, u64>::run(shape, &board, &goal, variant, &mut wide).unwrap();
                assert!(narrow.count() > 0);
                assert_eq!(letters(&narrow), letters(&wide), "{rows}x{cols}");
            }
        }
    }
}

/// Flags, the per-case solver and the entry point that reads cases and prints answers.
pub mod cli {
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
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{mpsc, Arc, Mutex};
    use std::time::{Duration, Instant};

    /// The usage line printed by `--help` and after a usage error.
    pub const USAGE: &str = "usage: fifteen [--algo ida|astar|bfs|dfs|any] [--bound K] \
[--map hash|btree] [--goal standard|blank-first|spiral|\"t t t ...\"] [--stats] \
[--max-nodes N] [--time-limit SECONDS] [--max-memory MIB] [--jobs N] [--cache DIR] < cases";

    /// What `--help` prints after the usage line: the file's header in short.
    pub const HELP: &str = "
Solves the n x n sliding-tile puzzle and its rectangular kin (Montresor 19.5, the
15-puzzle, Korf's 100): the least number of moves to the goal, and the moves.

Input: cases until end of input. A case is a header line, n (an n x n board) or
\"rows cols\", then rows*cols integers, row-major, 0 the blank. Piped input is read
whole; at a terminal each case is answered once its last tile is typed (Ctrl-D ends).

Options:
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
  -h, --help        print this help

Output: per case, the number of moves (-1 when the goal cannot be reached), then,
for a reachable goal, the path in U D L R (the direction the blank moves; an empty
line for a solved board).

Exit codes: 0 done; 1 bad input (\"error: case N: ...\" on stderr, after the answers
to the cases before it); 2 bad usage; 3 a limit reached.

Example:
  $ printf '3\\n2 8 3\\n1 0 4\\n7 6 5\\n' | fifteen --goal spiral
  4
  ULDR";

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
            }
        }
    }

    /// What the command line asks for.
    #[derive(Debug)]
    pub enum Command {
        Help,
        Solve(Config),
    }

    /// A flag of the command line.
    #[derive(Clone, Copy)]
    enum Flag {
        Help,
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

    /// Every flag by name; all but `--help` and `--stats` take a value.
    const FLAGS: [(&str, Flag); 12] = [
        ("--help", Flag::Help),
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

    /// Reads the flags (`--flag value` or `--flag=value`). O(arguments).
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
                return Err(Error::UnknownFlag(arg));
            };
            match flag {
                Flag::Help => return Ok(Command::Help),
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
                Flag::Help | Flag::Stats => {}
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
                    config.limits.max_nodes =
                        Some(value.parse().map_err(|_| bad("a number of nodes"))?)
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
                Flag::MaxMemory => {
                    config.limits.max_memory_mib = positive("a positive number of MiB")?
                }
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
    }

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
                stats.nodes =
                    any::solve(shape, cells, goal, variant, &mut packed).map_err(stuck)?;
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
                while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(STATUS_EVERY)
                {
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
}

use cli::{parse_args, run, Command, Terminals, HELP, USAGE};
use error::Error;

/// Reads stdin, writes the answers to stdout, maps errors to exit codes (1 input, 2 usage,
/// 3 limit).
fn main() -> ExitCode {
    // An argument that is not UTF-8 is read lossily, to be refused as unknown or bad.
    let args = std::env::args_os().skip(1);
    let command = parse_args(args.map(|arg| arg.to_string_lossy().into_owned()));
    let config = match command {
        Ok(Command::Help) => {
            println!("{USAGE}\n{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Solve(config)) => config,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(e.exit_code());
        }
    };
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let terminals = Terminals {
        stdin: io::stdin().is_terminal(),
        stderr: io::stderr().is_terminal(),
    };
    let result = run(
        &config,
        io::stdin().lock(),
        &mut output,
        &mut io::stderr(),
        terminals,
    );
    let flushed = output.flush();
    match result.and(flushed.map_err(|e| Error::Io(e.to_string()))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::Config;

    fn answer(input: &str, config: &Config) -> Result<String, Error> {
        let mut output = Vec::new();
        run(
            config,
            input.as_bytes(),
            &mut output,
            &mut Vec::new(),
            Terminals::default(),
        )?;
        Ok(String::from_utf8(output).unwrap_or_default())
    }

    #[test]
    fn spiral_goals() {
        let three = board::Shape { rows: 3, cols: 3 };
        assert_eq!(goal::spiral(three), [1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let four = board::Shape { rows: 4, cols: 4 };
        assert_eq!(
            goal::spiral(four),
            [1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7]
        );
        assert_eq!(
            goal::spiral(board::Shape { rows: 2, cols: 3 }),
            [1, 2, 3, 0, 5, 4]
        );
        assert_eq!(
            goal::spiral(board::Shape { rows: 3, cols: 4 }),
            [1, 2, 3, 4, 10, 11, 0, 5, 9, 8, 7, 6]
        );
        assert_eq!(goal::spiral(board::Shape { rows: 3, cols: 1 }), [1, 2, 0]);
        for rows in 1..10 {
            for cols in 1..10 {
                let mut tiles = goal::spiral(board::Shape { rows, cols });
                tiles.sort_unstable();
                assert!(tiles.iter().copied().eq(0..(rows * cols) as u32));
            }
        }
        assert_eq!(goal::spiral(board::Shape { rows: 1, cols: 1 }), [0]);
    }

    #[test]
    fn samples() {
        let config = Config::default();
        assert_eq!(
            answer("3\n1 2 3 4 5 6 7 0 8\n", &config),
            Ok("1\nR\n".into())
        );
        assert_eq!(answer("2 3\n1 2 3 5 4 0\n", &config), Ok("-1\n".into()));
        assert_eq!(answer("1\n0\n", &config), Ok("0\n\n".into()));
        let spiral = Config {
            goal: goal::Goal::Spiral,
            ..Config::default()
        };
        assert_eq!(
            answer("3\n2 8 3 1 0 4 7 6 5\n", &spiral).map(|s| s.lines().next().map(String::from)),
            Ok(Some("4".into()))
        );
    }

    #[test]
    fn huge_header_is_rejected_without_allocating() {
        let error = answer("1000000 1000000\n1 2 3\n", &Config::default());
        assert!(matches!(
            error,
            Err(Error::ShortCase {
                expected: 1_000_000_000_000,
                found: 3,
                ..
            })
        ));
    }
}
