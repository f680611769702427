//! Tests of `fifteen`, one module a topic, the helpers they share here:
//!
//! - `exhaustive`: every board of 2×3 and 3×3 against an independent breadth-first table;
//! - `korf`: Korf's 100, the hardest 4×4 boards and Korf & Felner's 5×5 instances, by their
//!   published lengths, every path replayed;
//! - `pdb`: the pattern databases against an independent search, admissibility, symmetries;
//! - `random`: `--random`'s boards, uniform by a chi-square test, reachable, and its walks;
//! - `paths`: every optimal path and their count against a breadth-first count;
//! - `multi_tile`: the multi-tile metric's search against breadth-first searches in that metric;
//! - `cache`: tables cached in files;
//! - `threads`: searches shared by threads, `--jobs`;
//! - `any_paths`: fast paths on boards of every size;
//! - `units`: searches cut into units, worked by other processes, merged; the driver
//!   stopped and started again;
//! - `check`: `--check` against the table of every 3×3 board and the solver on Korf's 100,
//!   with altered answers; `--letters tile`;
//! - `command_line`: flags, errors, limits and the real process;
//! - `show`: the frames of `--show` and the pictures of `--svg`.

#[allow(dead_code)]
#[path = "../../src/bin/fifteen/main.rs"]
mod fifteen;

#[path = "../common/mod.rs"]
mod common;

mod any_paths;
mod cache;
mod check;
mod command_line;
mod exhaustive;
mod korf;
mod multi_tile;
mod paths;
mod pdb;
mod random;
mod show;
mod threads;
mod units;

use fifteen::any;
use fifteen::board::Shape;
use fifteen::cli::args::Config;
use fifteen::cli::{parse_args, run, Command as Parsed, Terminals};
use fifteen::error::Error;
use fifteen::goal::{is_reachable, spiral, Goal};
use fifteen::log::Log;
use fifteen::parse::Case;
use fifteen::search::bound::{LinearConflict, LowerBound};
use fifteen::search::cache_file::checksum;
use fifteen::search::ida::Sharing;
use fifteen::search::pdb::additive::Additive;
use fifteen::search::pdb::build::build_table;
use fifteen::search::pdb::cache::append_cached;
use fifteen::search::pdb::layout::Layout;
use fifteen::search::pdb::placement::{rank, spread_into, table_len};
use fifteen::search::pdb::{Pockets, TableWork};
use fifteen::search::plan::{CENTRE323, P663, P6666, P771, P87};
use fifteen::search::prune::MovePruner;
use fifteen::search::regions::{
    self, by_symmetry, diagonal_fixing, in_reading_order, symmetries, RegionTables, Regions, P4443,
    P555,
};
use fifteen::search::walking::WalkingDistance;
use fifteen::search::{ida, Budget, Limits, Puzzle};
use fifteen::solve::{Algorithm, MapKind, Path, Settings, Solver, Stored};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;

const NO_LIMITS: Limits = Limits {
    max_nodes: None,
    time_limit: None,
    max_memory_mib: 4096,
};

/// How a table is built in a test: on `threads` threads, each level reported to `on_level`,
/// never stopped, with no notes.
fn work(threads: usize, on_level: &(dyn Fn(u8) + Sync)) -> TableWork<'_> {
    TableWork {
        threads,
        on_level,
        notes: &(),
        stop: &|| false,
    }
}

/// Applies a path in `U D L R` (the blank's direction) to `board`; `None` if a move leaves it.
fn replay(shape: Shape, board: &[u32], path: &str) -> Option<Vec<u32>> {
    common::replay(shape.rows, shape.cols, board, path).ok()
}

/// Checks that `path` takes `board` to `goal`.
fn assert_replays(shape: Shape, board: &[u32], goal: &[u32], path: &str) {
    assert_eq!(
        replay(shape, board, path).as_deref(),
        Some(goal),
        "path {path} does not take {board:?} to {goal:?}"
    );
}

/// The distance to `goal` of every board that reaches it: a plain breadth-first search from the
/// goal over boards stored as vectors (moves are reversible).
fn distance_table(shape: Shape, goal: &[u32]) -> HashMap<Vec<u32>, u32> {
    let mut table = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = table[&board];
        for path in ["U", "D", "L", "R"] {
            if let Some(next) = replay(shape, &board, path) {
                table.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    table
}

/// The canonical path read off the table: at each step the first of D, L, R, U that gets one
/// move closer.
fn canonical_path(shape: Shape, table: &HashMap<Vec<u32>, u32>, board: &[u32]) -> String {
    let mut board = board.to_vec();
    let mut path = String::new();
    while table[&board] > 0 {
        let d = table[&board];
        let (letter, next) = ["D", "L", "R", "U"]
            .iter()
            .find_map(|m| {
                let next = replay(shape, &board, m)?;
                (table[&next] == d - 1).then_some((*m, next))
            })
            .expect("a step closer");
        path.push_str(letter);
        board = next;
    }
    path
}

/// The flags' choice of `settings` and nothing else.
fn with(settings: Settings) -> Config {
    Config {
        solver: settings,
        ..Config::default()
    }
}

/// The flags' choice of `algorithm` over `map`, with no limits.
fn config(algorithm: Algorithm, map: MapKind) -> Config {
    with(Settings {
        algorithm,
        map,
        limits: NO_LIMITS,
        ..Settings::default()
    })
}

/// The case of `board`, of `shape`.
fn case_of(shape: Shape, board: &[u32]) -> Case {
    Case {
        shape,
        cells: board.to_vec(),
    }
}

/// The path printed by `solve_case`, or `None` for `-1`.
fn solve(config: &Config, shape: Shape, board: &[u32], goal: &[u32]) -> Option<String> {
    let answer = Solver::new(config.solver.clone(), 1, 1)
        .solve_case(&case_of(shape, board), goal, 1, &())
        .expect("no limit");
    answer.moves.map(|path| letters(&path))
}

/// The letters of `path`.
fn letters(path: &Path) -> String {
    let mut text = Vec::new();
    path.write_letters(&mut text).unwrap();
    String::from_utf8(text).unwrap()
}

/// The letters of the moves that `path` hands to a record, one at a time or packed.
fn replayed(path: &Path) -> String {
    struct Collected(String);
    impl any::Record for Collected {
        fn record(&mut self, m: fifteen::board::Move) {
            self.0.push(m.letter());
        }
    }
    let mut collected = Collected(String::new());
    path.replay(&mut collected).unwrap();
    collected.0
}

/// The canonical path IDA* finds with `bound`.
fn ida_path<B: LowerBound>(puzzle: &Puzzle, bound: &B, board: &[u32]) -> String {
    ida_shared_path(puzzle, bound, board, Sharing::new(1))
}

/// Every iteration shared among `threads` threads (this one alone for 1), `subtrees` a
/// thread.
fn every_iteration(threads: usize, subtrees: usize) -> Sharing {
    Sharing {
        threads,
        from_nodes: 0,
        subtrees,
        ..Sharing::new(threads)
    }
}

/// The path IDA* finds with `bound`, its iterations shared as `sharing` says.
fn ida_shared_path<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    board: &[u32],
    sharing: Sharing,
) -> String {
    let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
    let budget = Budget::new(NO_LIMITS);
    match ida::solve_sharing(puzzle, bound, &bytes, &budget, u64::MAX, 0, sharing) {
        Ok(ida::Outcome::Path(path)) => path.iter().map(|m| m.letter()).collect(),
        other => panic!("{board:?}: {other:?}"),
    }
}

/// Checks that `bound` on `board`, `distance` moves from the goal, does not exceed it and is 0
/// only at the goal.
fn assert_admissible<B: LowerBound>(bound: &B, board: &[u32], distance: u32) {
    let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
    let h = bound.start(&bytes).1;
    assert!(
        h <= distance,
        "{} {board:?}: {h} > {distance}",
        bound.name()
    );
    assert_eq!(h == 0, distance == 0, "{} {board:?}", bound.name());
}

/// Korf's 100 from `tests/data/FILE` (`id length t0 … t15` a line), or Korf & Felner's 50
/// (`… t24`), those with `ids`, or all for an empty list.
fn korf(file: &str, ids: &[u32]) -> Vec<(u32, usize, Vec<u32>)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("Korf's 100 in tests/data");
    let instances: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let numbers: Vec<u32> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            (numbers[0], numbers[1] as usize, numbers[2..].to_vec())
        })
        .filter(|(id, _, _)| ids.is_empty() || ids.contains(id))
        .collect();
    let all = if file.starts_with("korf24") { 50 } else { 100 };
    assert_eq!(
        instances.len(),
        if ids.is_empty() { all } else { ids.len() }
    );
    instances
}

/// A board `moves` random moves of the blank from `goal` (no move undoing the one before).
fn walk_from(shape: Shape, goal: &[u32], moves: usize, seed: &mut u64) -> Vec<u32> {
    let mut board = goal.to_vec();
    let mut blank = board.iter().position(|&t| t == 0).unwrap();
    let mut came_from = usize::MAX;
    let mut made = 0;
    while made < moves {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let (row, col) = (blank / shape.cols, blank % shape.cols);
        let next = match *seed % 4 {
            0 if row > 0 => blank - shape.cols,
            1 if row + 1 < shape.rows => blank + shape.cols,
            2 if col > 0 => blank - 1,
            3 if col + 1 < shape.cols => blank + 1,
            _ => continue,
        };
        if next == came_from {
            continue;
        }
        board.swap(blank, next);
        (came_from, blank) = (blank, next);
        made += 1;
    }
    board
}

/// Instances that the default search solves in well under 0.1 s each, lengths 41 to 59.
const KORF_FAST: [u32; 12] = [1, 2, 3, 12, 19, 34, 42, 47, 55, 79, 94, 97];

/// A random board that reaches `goal`: a shuffle, with two tiles swapped if needed (on one
/// row or column: the goal's tiles, the blank at a random place).
fn random_board(shape: Shape, goal: &[u32], seed: &mut u64) -> Vec<u32> {
    let mut board = goal.to_vec();
    for i in (1..board.len()).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        board.swap(i, (*seed % (i as u64 + 1)) as usize);
    }
    if shape.rows == 1 || shape.cols == 1 {
        // Tiles cannot pass each other: keep the goal's order, put the blank anywhere.
        let blank = board.iter().position(|&t| t == 0).unwrap();
        board = goal.iter().copied().filter(|&t| t != 0).collect();
        board.insert(blank, 0);
    } else if !is_reachable(shape, &board, goal) {
        let tiles: Vec<usize> = (0..board.len()).filter(|&p| board[p] != 0).collect();
        board.swap(tiles[0], tiles[1]);
    }
    board
}

/// A new empty directory under Cargo's scratch space for integration tests.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `run` on `input`, returning stdout and the error.
fn run_text(config: &Config, input: &str) -> (String, Result<(), Error>) {
    let (output, _, result) = run_both(config, input);
    (output, result)
}

/// [`run_text`], returning what it writes to its log (stderr) instead of its output.
fn run_logged(config: &Config, input: &str) -> (String, Result<(), Error>) {
    let (_, log, result) = run_both(config, input);
    (log, result)
}

/// Runs `run` on `input`: its output, its log (stderr) and the error.
fn run_both(config: &Config, input: &str) -> (String, String, Result<(), Error>) {
    let (mut output, mut log) = (Vec::new(), Vec::new());
    let result = run(
        config,
        input.as_bytes(),
        &mut output,
        &Log::new(&mut log, false),
        Terminals::default(),
    );
    let text = |bytes| String::from_utf8(bytes).unwrap();
    (text(output), text(log), result)
}
