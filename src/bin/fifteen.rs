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
//! prints some path of at most K moves; `any` prints a valid, usually long, path.
//!
//! # Options
//!
//! `--algo ida|astar|bfs|dfs|any` (default `ida`), `--bound K` (needed by `dfs`),
//! `--map hash|btree` (the level map of `astar` and `bfs`), `--goal standard|blank-first|spiral|"t t …"`,
//! `--stats` (per case on stderr: search, bound, nodes generated, table and solve times),
//! `--max-nodes N`, `--time-limit SECONDS`, `--max-memory MIB` (the guard of `astar` and `bfs`,
//! default 2048); `any` needs no limit and ignores them. Exit codes: 0 ok, 1 bad input, 2 bad usage, 3 a limit reached; `--help`
//! prints the usage line.
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
//! lower bound (Manhattan distance plus linear conflicts) gets stronger; memory O(d). The bound
//! is a parameter (`search::bound::LowerBound`), so a stronger one (pattern databases) plugs in
//! without touching the search.
//! `astar` and `bfs`: time and memory O(states reached). `dfs --bound K`: O(3^K) time, O(K)
//! memory. `any`: O(N·(rows+cols)) moves; O(N²) work at worst (each search for a way for
//! the blank visits at most N cells), far less in practice (100×100: ≈0.2 s).

#![forbid(unsafe_code)]

use std::io::{self, Write};
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
        /// reported as an error rather than a panic.
        Stuck { case: usize },
        /// Returned when a search limit stops the search of a case.
        Limit { case: usize, hit: LimitHit },
        /// Returned when writing the answers fails.
        Io(String),
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
                Error::Stuck { case } => write!(f, "case {case}: any could not place a tile"),
                Error::Limit { case, hit } => write!(f, "case {case}: {hit}"),
                Error::Io(message) => write!(f, "cannot write the answers: {message}"),
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
    use std::time::{Duration, Instant};

    /// Marks a missing neighbour in [`Puzzle::neighbors`].
    pub const NONE: usize = usize::MAX;

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
    }

    impl Puzzle {
        /// Prepares `goal` for search. O(N).
        pub fn new(shape: Shape, goal: Vec<u8>) -> Self {
            let goal_at = super::board::positions(&goal);
            let neighbors = (0..shape.cells())
                .map(|p| Move::ALL.map(|m| shape.neighbor(p, m).unwrap_or(NONE)))
                .collect();
            Puzzle {
                shape,
                goal,
                goal_at,
                neighbors,
            }
        }
    }

    /// The limits a search stops at, from `--max-nodes`, `--time-limit` and `--max-memory`.
    #[derive(Clone, Copy, Debug)]
    pub struct Limits {
        pub max_nodes: Option<u64>,
        pub time_limit: Option<Duration>,
        pub max_memory_mib: usize,
    }

    /// Counts the nodes of a search and stops it at its limits.
    pub struct Budget {
        limits: Limits,
        start: Instant,
        pub nodes: u64,
    }

    impl Budget {
        /// A budget starting now.
        pub fn new(limits: Limits) -> Self {
            Budget {
                limits,
                start: Instant::now(),
                nodes: 0,
            }
        }

        /// Counts one node; fails once a node or time limit is passed. The clock is read every
        /// 4096 nodes. O(1).
        #[inline]
        pub fn count(&mut self) -> Result<(), LimitHit> {
            self.nodes += 1;
            if let Some(limit) = self.limits.max_nodes {
                if self.nodes > limit {
                    return Err(LimitHit::Nodes { limit });
                }
            }
            if self.nodes % 4096 == 0 {
                if let Some(limit) = self.limits.time_limit {
                    if self.start.elapsed() > limit {
                        return Err(LimitHit::Time {
                            seconds: limit.as_secs_f64(),
                            nodes: self.nodes,
                        });
                    }
                }
            }
            Ok(())
        }

        /// Fails once `bytes` exceed the memory limit, `states` being the states stored.
        pub fn check_memory(&self, bytes: usize, states: usize) -> Result<(), LimitHit> {
            let mib = self.limits.max_memory_mib;
            if bytes / (1 << 20) >= mib {
                return Err(LimitHit::Memory { mib, states });
            }
            Ok(())
        }
    }

    /// Admissible lower bounds on the number of moves to the goal, swappable in [`ida::solve`].
    pub mod bound {
        use super::Puzzle;

        /// A lower bound on the moves from a board to the goal, computed in full once and then
        /// updated move by move. Implement it and pass it to [`super::ida::solve`] to swap the
        /// bound of IDA*; `estimate` is called once a search, `update` once a node generated.
        ///
        /// # Constraints
        ///
        /// Admissible (never above the true distance) and 0 exactly at the goal. IDA* stays
        /// optimal and canonical with any such bound; A* also needs it consistent (changing by
        /// at most 1 a move).
        pub trait LowerBound {
            /// The name shown by `--stats`.
            fn name(&self) -> &'static str;
            /// The bound of the board `cells`.
            fn estimate(&self, cells: &[u8]) -> u32;
            /// The bound after sliding `tile` from cell `from` into the blank at cell `to`, given
            /// `h`, the bound of `cells`, the board *before* the move.
            fn update(&self, cells: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32;
        }

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

        impl LowerBound for Manhattan {
            fn name(&self) -> &'static str {
                "manhattan"
            }

            fn estimate(&self, cells: &[u8]) -> u32 {
                cells.iter().enumerate().map(|(p, &t)| self.of(t, p)).sum()
            }

            #[inline]
            fn update(&self, _: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
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

        impl LowerBound for LinearConflict {
            fn name(&self) -> &'static str {
                "manhattan+linear-conflict"
            }

            fn estimate(&self, cells: &[u8]) -> u32 {
                let lines = [&self.rows, &self.cols];
                self.manhattan.estimate(cells)
                    + lines
                        .iter()
                        .flat_map(|l| l.iter())
                        .map(|l| l.total(cells))
                        .sum::<u32>()
            }

            #[inline]
            fn update(&self, cells: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
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
    }

    /// IDA* (Korf, 1985) over any [`bound::LowerBound`], with the canonical path.
    pub mod ida {
        use super::super::board::Move;
        use super::super::error::LimitHit;
        use super::bound::LowerBound;
        use super::{Budget, Puzzle, NONE};

        /// Marks a search that reached the goal.
        const FOUND: u32 = u32::MAX;
        /// Marks a search below which nothing was pruned: no path goes on from there.
        const EXHAUSTED: u32 = u32::MAX - 1;

        struct Search<'a, B> {
            puzzle: &'a Puzzle,
            bound: &'a B,
            cells: Vec<u8>,
            blank: usize,
            path: Vec<Move>,
            budget: &'a mut Budget,
        }

        impl<B: LowerBound> Search<'_, B> {
            /// Depth-first search below the current node, whose bound is `h`, pruning children
            /// with moves + bound > `threshold`; returns [`FOUND`] or the least pruned f.
            fn below(&mut self, g: u32, h: u32, threshold: u32) -> Result<u32, LimitHit> {
                if h == 0 && self.cells == self.puzzle.goal {
                    return Ok(FOUND);
                }
                let back = self.path.last().map(|m| m.opposite());
                let mut least = EXHAUSTED;
                for (i, m) in Move::ALL.into_iter().enumerate() {
                    let next = self.puzzle.neighbors[self.blank][i];
                    if next == NONE || Some(m) == back {
                        continue;
                    }
                    self.budget.count()?;
                    let tile = self.cells[next];
                    let child_h = self.bound.update(&self.cells, h, tile, next, self.blank);
                    if g + 1 + child_h > threshold {
                        least = least.min(g + 1 + child_h);
                        continue;
                    }
                    let blank = self.blank;
                    self.cells[blank] = tile;
                    self.cells[next] = 0;
                    self.blank = next;
                    self.path.push(m);
                    let result = self.below(g + 1, child_h, threshold)?;
                    if result == FOUND {
                        return Ok(FOUND);
                    }
                    least = least.min(result);
                    self.path.pop();
                    self.blank = blank;
                    self.cells[next] = tile;
                    self.cells[blank] = 0;
                }
                Ok(least)
            }
        }

        /// The canonical optimal path from `start` to the goal: iterations of depth-first
        /// search with growing thresholds, moves tried in the order D, L, R, U, never undoing
        /// the last move, stopping at the first goal found; `None` if the search space is
        /// exhausted (only on a board with no moves). Memory O(d); time O(b^d), see the header.
        ///
        /// # Constraints
        ///
        /// The goal is reachable from `start` (else the search runs until a limit stops it).
        pub fn solve<B: LowerBound>(
            puzzle: &Puzzle,
            bound: &B,
            start: &[u8],
            budget: &mut Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
            let h = bound.estimate(start);
            let mut search = Search {
                puzzle,
                bound,
                cells: start.to_vec(),
                blank: start.iter().position(|&t| t == 0).unwrap_or(0),
                path: Vec::new(),
                budget,
            };
            let mut threshold = h;
            loop {
                match search.below(0, h, threshold)? {
                    FOUND => return Ok(Some(search.path)),
                    EXHAUSTED => return Ok(None),
                    least => threshold = least,
                }
            }
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
            /// An estimate of the heap bytes in use.
            fn bytes(&self) -> usize;
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

        impl<K: StateKey> LevelMap<K> for HashLevels<K> {
            fn level(&self, key: &K) -> Option<u32> {
                self.get(key).copied()
            }

            fn set_level(&mut self, key: K, level: u32) {
                self.insert(key, level);
            }

            fn stored(&self) -> usize {
                self.len()
            }

            fn bytes(&self) -> usize {
                self.capacity() * (std::mem::size_of::<(K, u32)>() + 1)
            }
        }

        impl<K: StateKey> LevelMap<K> for BTreeLevels<K> {
            fn level(&self, key: &K) -> Option<u32> {
                self.get(key).copied()
            }

            fn set_level(&mut self, key: K, level: u32) {
                self.insert(key, level);
            }

            fn stored(&self) -> usize {
                self.len()
            }

            fn bytes(&self) -> usize {
                // Nodes hold up to 11 entries and are at least half full: ≈1.5 slots an entry.
                self.len() * (std::mem::size_of::<(K, u32)>() * 3 / 2 + 8)
            }
        }
    }

    /// The searches of seed 003 that store configurations: A*, breadth-first, and the bounded
    /// depth-first backtracking.
    pub mod stored {
        use super::super::board::Move;
        use super::super::error::LimitHit;
        use super::bound::LowerBound;
        use super::state::{bits_per_cell, LevelMap, StateKey};
        use super::{Budget, Puzzle, NONE};
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

        /// Fails when the map and the queue outgrow the memory limit; checked every 4096 nodes.
        fn check_memory<K: StateKey, M: LevelMap<K>>(
            budget: &Budget,
            levels: &M,
            queued: usize,
        ) -> Result<(), LimitHit> {
            if budget.nodes % 4096 != 0 {
                return Ok(());
            }
            let bytes = levels.bytes() + queued * std::mem::size_of::<K>();
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

        /// A* of seed 003: nodes ordered by moves + bound, ties toward more moves, stale
        /// entries skipped; optimal for a consistent bound (Manhattan is). Time and memory
        /// O(states reached); `None` if the goal is never reached.
        pub fn astar<K: StateKey, M: LevelMap<K>, B: LowerBound>(
            puzzle: &Puzzle,
            bound: &B,
            start: &[u8],
            mut levels: M,
            budget: &mut Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
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
                budget.count()?;
                check_memory(budget, &levels, queue.capacity)?;
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
            budget: &mut Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
            let mut node = Node::new(start);
            let goal_key: K = K::pack(&puzzle.goal, node.bits);
            let mut queue = VecDeque::from([node.key::<K>()]);
            levels.set_level(node.key(), 0);
            while let Some(key) = queue.pop_front() {
                budget.count()?;
                check_memory(budget, &levels, queue.capacity())?;
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
            budget: &mut Budget,
        ) -> Result<Option<Vec<Move>>, LimitHit> {
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
                    budget.count()?;
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

/// `any`: a valid path for every reachable board of any shape, in O(N²) moves, not optimal.
///
/// The board is peeled line by line, keeping the blank's goal cell inside the part left:
/// while the part has at least 4 rows (or columns), its first or last row (column) is placed,
/// all but the last two tiles one at a time, the last two together in a small window by a
/// breadth-first search over their places and the blank's; the part left, at most 3×3, is
/// finished by IDA*. One-row and one-column boards only need the blank slid home.
pub mod any {
    use super::board::{positions, Move, Shape};
    use super::goal::is_reachable;
    use super::search::bound::LinearConflict;
    use super::search::{ida, Budget, Limits, Puzzle};

    /// The part of the board not yet placed: rows top..=bottom, columns left..=right.
    #[derive(Clone, Copy)]
    struct Part {
        top: usize,
        bottom: usize,
        left: usize,
        right: usize,
    }

    /// The board being peeled and the path so far.
    struct Peeler {
        shape: Shape,
        cells: Vec<u32>,
        /// `at[t]`: the cell of tile `t`.
        at: Vec<usize>,
        goal: Vec<u32>,
        /// Cells whose tile is placed for good.
        locked: Vec<bool>,
        moves: Vec<Move>,
        /// Breadth-first scratch: `seen[p] == generation` marks cells reached in this search.
        seen: Vec<u64>,
        generation: u64,
        /// Breadth-first scratch: the move that first reached each cell.
        came_by: Vec<Move>,
        /// Breadth-first scratch: the cells reached, in order.
        queue: Vec<usize>,
        /// Cells visited by the breadth-first searches, reported as nodes.
        visits: u64,
    }

    /// A path from `cells` to `goal` and the number of cells the blank's breadth-first searches
    /// visited. O(N·(rows+cols)) moves, O(N²) time at worst.
    ///
    /// # Constraints
    ///
    /// `goal` is reachable from `cells` ([`is_reachable`]); `None` is returned otherwise.
    pub fn solve(shape: Shape, cells: &[u32], goal: &[u32]) -> Option<(Vec<Move>, u64)> {
        if !is_reachable(shape, cells, goal) {
            return None;
        }
        let mut peeler = Peeler {
            shape,
            cells: cells.to_vec(),
            at: positions(cells),
            goal: goal.to_vec(),
            locked: vec![false; cells.len()],
            moves: Vec::new(),
            seen: vec![0; cells.len()],
            generation: 0,
            came_by: vec![Move::Down; cells.len()],
            queue: Vec::new(),
            visits: 0,
        };
        let blank_goal = positions(goal)[0];
        if shape.rows == 1 || shape.cols == 1 {
            peeler.blank_to(|p| p == blank_goal, &[])?;
            return Some((peeler.moves, peeler.visits));
        }
        let mut part = Part {
            top: 0,
            bottom: shape.rows - 1,
            left: 0,
            right: shape.cols - 1,
        };
        loop {
            let height = part.bottom - part.top + 1;
            let width = part.right - part.left + 1;
            let (goal_row, goal_col) = (shape.row(blank_goal), shape.col(blank_goal));
            if height >= 4 && (height >= width || width < 4) {
                let (row, inward) = if goal_row != part.top {
                    part.top += 1;
                    (part.top - 1, Move::Down)
                } else {
                    part.bottom -= 1;
                    (part.bottom + 1, Move::Up)
                };
                let line: Vec<usize> = (part.left..=part.right)
                    .map(|c| row * shape.cols + c)
                    .collect();
                peeler.place_line(&line, inward, true)?;
            } else if width >= 4 {
                let (col, inward) = if goal_col != part.left {
                    part.left += 1;
                    (part.left - 1, Move::Right)
                } else {
                    part.right -= 1;
                    (part.right + 1, Move::Left)
                };
                let line: Vec<usize> = (part.top..=part.bottom)
                    .map(|r| r * shape.cols + col)
                    .collect();
                peeler.place_line(&line, inward, false)?;
            } else {
                peeler.finish(part)?;
                return Some((peeler.moves, peeler.visits));
            }
        }
    }

    impl Peeler {
        /// Moves the blank to the adjacent cell `next`, recording the move.
        fn slide(&mut self, next: usize) {
            let blank = self.at[0];
            let tile = self.cells[next];
            self.moves.push(self.shape.direction(blank, next));
            self.cells.swap(blank, next);
            self.at[tile as usize] = blank;
            self.at[0] = next;
        }

        /// Moves the blank to `target` through cells neither locked nor in `avoid`: straight
        /// toward it while a step that gets closer is free, then by [`Peeler::blank_to`].
        /// O(distance) on the straight part.
        fn blank_to_cell(&mut self, target: usize, avoid: &[usize]) -> Option<()> {
            let shape = self.shape;
            loop {
                let blank = self.at[0];
                let closer = Move::ALL.into_iter().find_map(|m| {
                    let q = shape.neighbor(blank, m)?;
                    let free = !self.locked[q] && !avoid.contains(&q);
                    (free && shape.distance(q, target) < shape.distance(blank, target)).then_some(q)
                });
                match closer {
                    Some(q) => self.slide(q),
                    None => return self.blank_to(|q| q == target, avoid),
                }
            }
        }

        /// Moves the blank along a shortest path, through cells neither locked nor in `avoid`,
        /// to the nearest cell where `is_target` holds. O(cells visited).
        fn blank_to(&mut self, is_target: impl Fn(usize) -> bool, avoid: &[usize]) -> Option<()> {
            self.generation += 1;
            let start = self.at[0];
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
                    let Some(q) = self.shape.neighbor(p, m) else {
                        continue;
                    };
                    if self.seen[q] != self.generation && !self.locked[q] && !avoid.contains(&q) {
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
                p = self.shape.neighbor(p, self.came_by[p].opposite())?;
            }
            for &q in path.iter().rev() {
                self.slide(q);
            }
            Some(())
        }

        /// Moves `tile` cell by cell toward `target` until it is there or in `stop`: along the
        /// line first (`along_rows`: change column first), then inward, which never crosses a
        /// locked cell of the line being placed.
        fn tile_to(
            &mut self,
            tile: u32,
            target: usize,
            along_rows: bool,
            stop: &[usize],
        ) -> Option<()> {
            let shape = self.shape;
            loop {
                let p = self.at[tile as usize];
                if p == target || stop.contains(&p) {
                    return Some(());
                }
                let (row, col) = (shape.row(p), shape.col(p));
                let (target_row, target_col) = (shape.row(target), shape.col(target));
                let next = if (along_rows || row == target_row) && col != target_col {
                    if col < target_col {
                        p + 1
                    } else {
                        p - 1
                    }
                } else if row < target_row {
                    p + shape.cols
                } else {
                    p - shape.cols
                };
                self.blank_to_cell(next, &[p])?;
                self.slide(p);
            }
        }

        /// Places the tiles of `line`, the outer line of the part, `inward` pointing into the
        /// part, which has at least 4 lines beyond it. Locks the line.
        fn place_line(&mut self, line: &[usize], inward: Move, along_rows: bool) -> Option<()> {
            let k = line.len();
            for &cell in &line[..k - 2] {
                self.tile_to(self.goal[cell], cell, along_rows, &[])?;
                self.locked[cell] = true;
            }
            let (first, last) = (line[k - 2], line[k - 1]);
            let (a, b) = (self.goal[first], self.goal[last]);
            if self.at[a as usize] != first || self.at[b as usize] != last {
                self.place_last_two(line, inward, along_rows)?;
            }
            self.locked[first] = true;
            self.locked[last] = true;
            Some(())
        }

        /// Places the last two tiles of `line`, `a` then `b`: `b` on its cell, `a` into the
        /// window two cells along and three deep at the end of the line, then both by
        /// [`Peeler::place_pair`] in a window one cell longer and deeper, which the blank can
        /// always enter without moving `a` or `b`.
        fn place_last_two(&mut self, line: &[usize], inward: Move, along_rows: bool) -> Option<()> {
            let k = line.len();
            let (first, last) = (line[k - 2], line[k - 1]);
            let (a, b) = (self.goal[first], self.goal[last]);
            self.tile_to(b, last, along_rows, &[])?;
            self.locked[last] = true;
            let small = self.window(&line[k - 2..], inward, 3)?;
            self.tile_to(a, first, along_rows, &small)?;
            self.locked[last] = false;
            let large = self.window(&line[k.saturating_sub(3)..], inward, 4)?;
            let (at_a, at_b) = (self.at[a as usize], self.at[b as usize]);
            self.blank_to(|q| large.contains(&q), &[at_a, at_b])?;
            self.place_pair(&large, (a, first), (b, last))
        }

        /// The unlocked cells within `depth` steps inward of `cells`.
        fn window(&self, cells: &[usize], inward: Move, depth: usize) -> Option<Vec<usize>> {
            let mut window = Vec::new();
            for &cell in cells {
                let mut p = cell;
                for d in 0..depth {
                    if d > 0 {
                        p = self.shape.neighbor(p, inward)?;
                    }
                    if !self.locked[p] {
                        window.push(p);
                    }
                }
            }
            Some(window)
        }

        /// Brings tiles `a` and `b` to their cells by a breadth-first search over the places of
        /// `a`, `b` and the blank within `window` (at most 12 cells: 1,728 states).
        fn place_pair(&mut self, window: &[usize], a: (u32, usize), b: (u32, usize)) -> Option<()> {
            let n = window.len();
            let index = |p: usize| window.iter().position(|&q| q == p);
            let encode = |s: [usize; 3]| (s[0] * n + s[1]) * n + s[2];
            let start = [
                index(self.at[a.0 as usize])?,
                index(self.at[b.0 as usize])?,
                index(self.at[0])?,
            ];
            let goal = (index(a.1)?, index(b.1)?);
            let mut from: Vec<Option<(usize, usize)>> = vec![None; n * n * n];
            let mut queue = std::collections::VecDeque::from([start]);
            from[encode(start)] = Some((encode(start), 0));
            let end = loop {
                let state = queue.pop_front()?;
                if (state[0], state[1]) == goal {
                    break state;
                }
                for m in Move::ALL {
                    let Some(q) = self.shape.neighbor(window[state[2]], m).and_then(index) else {
                        continue;
                    };
                    let mut next = state;
                    next[2] = q;
                    for tile in 0..2 {
                        if state[tile] == q {
                            next[tile] = state[2];
                        }
                    }
                    if from[encode(next)].is_none() {
                        from[encode(next)] = Some((encode(state), q));
                        queue.push_back(next);
                    }
                }
            };
            let mut blank_cells = Vec::new();
            let mut code = encode(end);
            while code != encode(start) {
                let (previous, blank) = from[code]?;
                blank_cells.push(window[blank]);
                code = previous;
            }
            for &q in blank_cells.iter().rev() {
                self.slide(q);
            }
            Some(())
        }

        /// Solves the part left, at most 3×3, by IDA* on its own tiles, renumbered by their
        /// goal cells within the part.
        fn finish(&mut self, part: Part) -> Option<()> {
            let shape = Shape {
                rows: part.bottom - part.top + 1,
                cols: part.right - part.left + 1,
            };
            let width = self.shape.cols;
            let cells: Vec<usize> = (part.top..=part.bottom)
                .flat_map(|r| (part.left..=part.right).map(move |c| r * width + c))
                .collect();
            // Tiles renumbered 1, 2, … in the order of their goal cells in the part.
            let mut label = vec![None; self.goal.len()];
            label[0] = Some(0);
            for (&p, number) in cells.iter().filter(|&&p| self.goal[p] != 0).zip(1..) {
                label[self.goal[p] as usize] = Some(number);
            }
            let local = |board: &[u32]| -> Option<Vec<u8>> {
                cells.iter().map(|&p| label[board[p] as usize]).collect()
            };
            let (start, goal) = (local(&self.cells)?, local(&self.goal)?);
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
            let path = ida::solve(&puzzle, &bound, &start, &mut Budget::new(unlimited)).ok()??;
            let mut blank = cells[start.iter().position(|&t| t == 0)?];
            for m in path {
                blank = self.shape.neighbor(blank, m)?;
                self.slide(blank);
            }
            Some(())
        }
    }
}

/// Flags, the per-case solver and the entry point that reads cases and prints answers.
pub mod cli {
    use super::board::{manhattan, path_text, Move, Shape};
    use super::error::{Error, LimitHit};
    use super::goal::{is_reachable, Goal};
    use super::parse::{goal_tiles, Cases};
    use super::search::bound::{LinearConflict, LowerBound, Manhattan};
    use super::search::state::{bits_per_cell, BTreeLevels, HashLevels, StateKey};
    use super::search::{ida, stored, Budget, Limits, Puzzle};
    use std::io::{BufRead, Write};
    use std::time::{Duration, Instant};

    /// The usage line printed by `--help` and after a usage error.
    pub const USAGE: &str = "usage: fifteen [--algo ida|astar|bfs|dfs|any] [--bound K] \
[--map hash|btree] [--goal standard|blank-first|spiral|\"t t t ...\"] [--stats] \
[--max-nodes N] [--time-limit SECONDS] [--max-memory MIB] < cases";

    /// The search chosen by `--algo`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Algorithm {
        /// IDA* with Manhattan distance and linear conflicts, the canonical path.
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
                    max_memory_mib: 2048,
                },
            }
        }
    }

    /// What the command line asks for.
    #[derive(Debug)]
    pub enum Command {
        Help,
        Solve(Config),
    }

    /// Reads the flags (`--flag value` or `--flag=value`). O(arguments).
    pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, Error> {
        let mut config = Config::default();
        let mut algorithm = "ida".to_string();
        let mut bound = None;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => {
                    (flag.to_string(), Some(value.to_string()))
                }
                _ => (arg.clone(), None),
            };
            let name: &'static str = match flag.as_str() {
                "--help" | "-h" => return Ok(Command::Help),
                "--stats" => {
                    config.stats = true;
                    continue;
                }
                "--algo" => "--algo",
                "--bound" => "--bound",
                "--map" => "--map",
                "--goal" => "--goal",
                "--max-nodes" => "--max-nodes",
                "--time-limit" => "--time-limit",
                "--max-memory" => "--max-memory",
                _ => return Err(Error::UnknownFlag(arg)),
            };
            let value = inline
                .or_else(|| args.next())
                .ok_or(Error::MissingValue(name))?;
            let bad = |expected| Error::BadValue {
                flag: name,
                value: value.clone(),
                expected,
            };
            match name {
                "--algo" => {
                    if !["ida", "astar", "bfs", "dfs", "any"].contains(&value.as_str()) {
                        return Err(bad("ida, astar, bfs, dfs or any"));
                    }
                    algorithm = value.clone();
                }
                "--bound" => bound = Some(value.parse().map_err(|_| bad("a number of moves"))?),
                "--map" => {
                    config.map = match value.as_str() {
                        "hash" => MapKind::Hash,
                        "btree" => MapKind::BTree,
                        _ => return Err(bad("hash or btree")),
                    }
                }
                "--goal" => {
                    config.goal = match value.as_str() {
                        "standard" => Goal::Standard,
                        "blank-first" => Goal::BlankFirst,
                        "spiral" => Goal::Spiral,
                        text => Goal::Explicit(goal_tiles(text).ok_or_else(|| {
                            bad("standard, blank-first, spiral or the tiles 0..N-1 of a board")
                        })?),
                    }
                }
                "--max-nodes" => {
                    config.limits.max_nodes =
                        Some(value.parse().map_err(|_| bad("a number of nodes"))?)
                }
                "--time-limit" => {
                    let seconds: f64 = value
                        .parse()
                        .map_err(|_| bad("a positive number of seconds"))?;
                    if !(seconds > 0.0 && seconds < 1e9) {
                        return Err(bad("a positive number of seconds"));
                    }
                    config.limits.time_limit = Some(Duration::from_secs_f64(seconds));
                }
                _ => {
                    config.limits.max_memory_mib = value
                        .parse()
                        .ok()
                        .filter(|&mib| mib > 0)
                        .ok_or_else(|| bad("a positive number of MiB"))?
                }
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
        /// The lower bound's name, or `none`.
        pub bound: &'static str,
        /// Nodes generated (`ida`, `dfs`) or expanded (`astar`, `bfs`); for `any`, the cells
        /// visited by the blank's breadth-first searches.
        pub nodes: u64,
        /// Time to build the bound's tables.
        pub table: Duration,
        /// Time to search, tables excluded.
        pub solve: Duration,
    }

    /// The answer to one case: a path, or `None` when the goal is not reached (by parity, or
    /// by `dfs` within its bound).
    #[derive(Clone, Debug)]
    pub struct Answer {
        pub moves: Option<Vec<Move>>,
        pub reachable: bool,
        pub stats: Stats,
    }

    /// Solves one board for one goal with the configured search; `Err` carries the limit
    /// reached, or `TooLarge` for an optimal search on more than 256 cells.
    pub fn solve_case(
        config: &Config,
        shape: Shape,
        cells: &[u32],
        goal: &[u32],
        case: usize,
    ) -> Result<Answer, Error> {
        let search = config.algorithm.name();
        let mut stats = Stats {
            search,
            bound: "none",
            ..Stats::default()
        };
        let reachable = is_reachable(shape, cells, goal);
        if !reachable || cells == goal {
            let moves = reachable.then(Vec::new);
            return Ok(Answer {
                moves,
                reachable,
                stats,
            });
        }
        let started = Instant::now();
        if config.algorithm == Algorithm::Any {
            let (moves, visits) =
                super::any::solve(shape, cells, goal).ok_or(Error::Stuck { case })?;
            stats.nodes = visits;
            stats.solve = started.elapsed();
            return Ok(Answer {
                moves: Some(moves),
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
        let puzzle = Puzzle::new(shape, bytes(goal));
        let start = bytes(cells);
        let mut budget = Budget::new(config.limits);
        let result = match config.algorithm {
            Algorithm::Stored(stored) => {
                let bits = bits_per_cell(shape.cells()) as usize * shape.cells();
                let run = if bits <= 64 {
                    run_stored::<u64>
                } else if bits <= 128 {
                    run_stored::<u128>
                } else {
                    run_stored::<Box<[u8]>>
                };
                run(stored, config.map, &puzzle, &start, &mut budget, &mut stats)
            }
            // `any` has returned above.
            Algorithm::Ida | Algorithm::Any => run_ida(&puzzle, &start, &mut budget, &mut stats),
        };
        stats.nodes = budget.nodes;
        stats.solve = started.elapsed().saturating_sub(stats.table);
        let moves = result.map_err(|hit| Error::Limit { case, hit })?;
        Ok(Answer {
            moves,
            reachable,
            stats,
        })
    }

    /// IDA* with the strongest bound this program has for the board. This is where a stronger
    /// bound plugs in (e.g. additive pattern databases for 4×4): build it here, by size, and
    /// pass it to `ida::solve`; nothing else changes.
    fn run_ida(
        puzzle: &Puzzle,
        start: &[u8],
        budget: &mut Budget,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Move>>, LimitHit> {
        let built = Instant::now();
        let bound = LinearConflict::new(puzzle);
        stats.bound = bound.name();
        stats.table = built.elapsed();
        ida::solve(puzzle, &bound, start, budget)
    }

    /// Runs a search that stores configurations, packed in `K`, over the map `map`.
    fn run_stored<K: StateKey>(
        search: Stored,
        map: MapKind,
        puzzle: &Puzzle,
        start: &[u8],
        budget: &mut Budget,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Move>>, LimitHit> {
        match (search, map) {
            (Stored::Astar, _) => {
                let built = Instant::now();
                let bound = Manhattan::new(puzzle);
                stats.bound = bound.name();
                stats.table = built.elapsed();
                match map {
                    MapKind::Hash => stored::astar::<K, _, _>(
                        puzzle,
                        &bound,
                        start,
                        HashLevels::default(),
                        budget,
                    ),
                    MapKind::BTree => {
                        stored::astar::<K, _, _>(puzzle, &bound, start, BTreeLevels::new(), budget)
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

    /// Reads every case of `input`, writes each answer to `output` as soon as it is known, and
    /// `--stats` lines and `dfs` notes to `log`. Stops at the first bad case or limit reached.
    pub fn run<R: BufRead, W: Write, L: Write>(
        config: &Config,
        mut input: R,
        output: &mut W,
        log: &mut L,
    ) -> Result<(), Error> {
        let io = |e: std::io::Error| Error::Io(e.to_string());
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).map_err(io)?;
        for (index, case) in Cases::new(&bytes).enumerate() {
            let case_number = index + 1;
            let case = case?;
            let goal = config
                .goal
                .board(case.shape)
                .map_err(|goal| Error::GoalSize {
                    case: case_number,
                    goal,
                    board: case.shape.cells(),
                })?;
            let answer = solve_case(config, case.shape, &case.cells, &goal, case_number)?;
            match &answer.moves {
                Some(moves) => {
                    writeln!(output, "{}\n{}", moves.len(), path_text(moves)).map_err(io)?
                }
                None => writeln!(output, "-1").map_err(io)?,
            }
            if let (Algorithm::Stored(Stored::Dfs(k)), None, true) =
                (config.algorithm, &answer.moves, answer.reachable)
            {
                writeln!(log, "note: case {case_number}: no path within --bound {k}")
                    .map_err(io)?;
            }
            if config.stats {
                let s = &answer.stats;
                write!(
                    log,
                    "case {case_number}: search {}, bound {}, nodes {}, table {:.6} s, solve {:.6} s",
                    s.search,
                    s.bound,
                    s.nodes,
                    s.table.as_secs_f64(),
                    s.solve.as_secs_f64()
                )
                .map_err(io)?;
                if let (Algorithm::Any, Some(moves)) = (config.algorithm, &answer.moves) {
                    let distance = manhattan(case.shape, &case.cells, &goal);
                    write!(log, ", moves {}, manhattan {distance}", moves.len()).map_err(io)?;
                }
                writeln!(log).map_err(io)?;
            }
        }
        Ok(())
    }
}

use cli::{parse_args, run, Command, USAGE};
use error::Error;

/// Reads stdin, writes the answers to stdout, maps errors to exit codes (1 input, 2 usage,
/// 3 limit).
fn main() -> ExitCode {
    let command = parse_args(std::env::args().skip(1));
    let config = match command {
        Ok(Command::Help) => {
            println!("{USAGE}");
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
    let stderr = io::stderr();
    let mut log = stderr.lock();
    let result = run(&config, io::stdin().lock(), &mut output, &mut log);
    let flushed = output.flush();
    match result.and(flushed.map_err(|e| Error::Io(e.to_string()))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(log, "error: {e}");
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
        run(config, input.as_bytes(), &mut output, &mut Vec::new())?;
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
