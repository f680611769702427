//! Cross-checks of `fifteen` against an independent breadth-first table, path replays, Korf's
//! published lengths, the pattern databases against an independent search, the `any` search on
//! large boards, `--jobs`, and one smoke test through the process.

#[allow(dead_code)]
#[path = "../src/bin/fifteen/main.rs"]
mod fifteen;

mod common;

use fifteen::any;
use fifteen::board::Shape;
use fifteen::cli::{
    parse_args, run, Algorithm, Command as Parsed, Config, MapKind, Path, Solver, Stored, Terminals,
};
use fifteen::error::Error;
use fifteen::goal::{is_reachable, spiral, Goal};
use fifteen::search::bound::{LinearConflict, LowerBound, WalkingDistance};
use fifteen::search::ida::Sharing;
use fifteen::search::pdb::additive::{by_symmetry, in_reading_order, Additive, Layout};
use fifteen::search::pdb::build::{build_regions, build_table};
use fifteen::search::pdb::cache::{append_cached, checksum};
use fifteen::search::pdb::placement::{rank, spread_into, table_len};
use fifteen::search::pdb::{Pockets, Regions, TableWork};
use fifteen::search::plan::{CENTRE323, P3444, P555, P663, P6666, P771, P87};
use fifteen::search::prune::MovePruner;
use fifteen::search::{ida, Budget, Limits, Puzzle};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;

const NO_LIMITS: Limits = Limits {
    max_nodes: None,
    time_limit: None,
    max_memory_mib: 4096,
};

/// Applies a path in `U D L R` (the blank's direction) to `board`; `None` if a move leaves it.
fn replay(shape: Shape, board: &[u32], path: &str) -> Option<Vec<u32>> {
    let mut board = board.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    let (rows, cols) = (shape.rows as isize, shape.cols as isize);
    for letter in path.chars() {
        let (dr, dc) = match letter {
            'U' => (-1, 0),
            'D' => (1, 0),
            'L' => (0, -1),
            'R' => (0, 1),
            _ => return None,
        };
        let (r, c) = (blank as isize / cols + dr, blank as isize % cols + dc);
        if r < 0 || r >= rows || c < 0 || c >= cols {
            return None;
        }
        let next = (r * cols + c) as usize;
        board.swap(blank, next);
        blank = next;
    }
    Some(board)
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

/// Every permutation of 0..n, in lexicographic order.
fn permutations(n: u32) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    let mut p: Vec<u32> = (0..n).collect();
    loop {
        all.push(p.clone());
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return all;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

fn config(algorithm: Algorithm, map: MapKind) -> Config {
    Config {
        algorithm,
        map,
        limits: NO_LIMITS,
        ..Config::default()
    }
}

/// The path printed by `solve_case`, or `None` for `-1`.
fn solve(config: &Config, shape: Shape, board: &[u32], goal: &[u32]) -> Option<String> {
    let answer = Solver::new(config.clone(), 1, 1)
        .solve_case((shape, board, goal), 1, &())
        .expect("no limit");
    answer.moves.map(|path| letters(&path))
}

/// The letters of `path`.
fn letters(path: &Path) -> String {
    let mut text = Vec::new();
    path.write_letters(&mut text).unwrap();
    String::from_utf8(text).unwrap()
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
    match ida::solve_sharing(puzzle, bound, &bytes, &budget, (u64::MAX, 0), sharing) {
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

/// Checks ida on every board of `shape` (canonical path) with linear conflicts, the walking
/// distance (also with the move pruner of depth 12, which forbids far more than undoing a
/// move) and, on boards of at most 9 cells, pattern databases with reflection of groups of
/// 4, 4, 3 and 3 tiles (spread, by rank and with the blank's regions) and of [`CENTRE323`] (`Plan`'s for the 3×3 with
/// the goal's blank in the centre), cut to N − 1 tiles, forced; ida with its iterations cut into subtrees taken in
/// order (by this thread alone on every board, by 2 and 3 threads and bfs and astar under both
/// maps on every `sample`-th board), against the table; and that the walking distance and the
/// tables never exceed the distance and are 0 only at the goal.
fn cross_check(shape: Shape, goal: &[u32], sample: usize) {
    let table = distance_table(shape, goal);
    let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
    let bound = LinearConflict::new(&puzzle);
    let n = shape.cells();
    let tables: Vec<Additive> = [
        (&[4, 4, 3, 3][..], Layout::Spread),
        (&CENTRE323, Layout::Spread),
        (&[4, 4, 3, 3], Layout::Rank),
        (&[4, 4, 3, 3], Layout::Regions),
        (&CENTRE323, Layout::Regions),
    ]
    .iter()
    .map(|&(sizes, layout)| {
        let sizes: Vec<usize> = sizes
            .iter()
            .scan(n - 1, |left, &k| {
                let k = k.min(*left);
                *left -= k;
                Some(k).filter(|&k| k > 0)
            })
            .collect();
        let groups = in_reading_order(&puzzle, &sizes);
        Additive::with_cache(&puzzle, (&groups, layout), true, None, &TableWork::quiet())
    })
    .collect();
    let walking = WalkingDistance::new(&puzzle);
    // The same puzzle, with the move pruner of sequences up to 12 moves from the first search.
    let pruned = Puzzle::new(shape, puzzle.goal.clone());
    assert!(pruned.pruner.set(MovePruner::new(12)).is_ok());
    pruned.searched.store(ida::DEEP_FROM, Ordering::Relaxed);
    let mut reachable = 0;
    for (index, board) in permutations(shape.cells() as u32).iter().enumerate() {
        let expected = table.get(board);
        assert_eq!(
            is_reachable(shape, board, goal),
            expected.is_some(),
            "{board:?}"
        );
        let Some(&distance) = expected else {
            continue;
        };
        reachable += 1;
        let canonical = canonical_path(shape, &table, board);
        assert_eq!(ida_path(&puzzle, &bound, board), canonical, "{board:?}");
        assert_eq!(ida_path(&puzzle, &walking, board), canonical, "{board:?}");
        assert_eq!(ida_path(&pruned, &walking, board), canonical, "{board:?}");
        let alone = every_iteration(1, 4);
        assert_eq!(ida_shared_path(&puzzle, &bound, board, alone), canonical);
        assert_admissible(&walking, board, distance);
        for tables in &tables {
            assert_eq!(ida_path(&puzzle, tables, board), canonical, "{board:?}");
            assert_admissible(tables, board, distance);
        }
        if index % sample == 0 {
            for threads in [2, 3] {
                let shared =
                    ida_shared_path(&puzzle, &tables[0], board, every_iteration(threads, 4));
                assert_eq!(shared, canonical, "{threads} threads {board:?}");
            }
            for algorithm in [
                Algorithm::Stored(Stored::Bfs),
                Algorithm::Stored(Stored::Astar),
            ] {
                for map in [MapKind::Hash, MapKind::BTree] {
                    let path = solve(&config(algorithm, map), shape, board, goal).expect("a path");
                    assert_eq!(
                        path.len() as u32,
                        distance,
                        "{algorithm:?} {map:?} {board:?}"
                    );
                    assert_replays(shape, board, goal, &path);
                }
            }
        }
    }
    assert_eq!(reachable, table.len());
}

#[test]
fn every_2x3_board_standard_and_spiral() {
    let shape = Shape { rows: 2, cols: 3 };
    let standard = [1, 2, 3, 4, 5, 0];
    let table = distance_table(shape, &standard);
    let mut counts = vec![0; 22];
    for &d in table.values() {
        counts[d as usize] += 1;
    }
    // ANCHORS.md: boards at each distance 0..21.
    let published = [
        1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1,
    ];
    assert_eq!(counts, published);
    cross_check(shape, &standard, 1);
    cross_check(shape, &spiral(shape), 1);
}

#[test]
fn every_3x3_board_standard_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 997);
}

#[test]
fn every_3x3_board_spiral_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    let goal = spiral(shape);
    assert_eq!(goal, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    let table = distance_table(shape, &goal);
    assert_eq!(table.values().max(), Some(&30));
    assert_eq!(table.values().filter(|&&d| d == 30).count(), 148);
    cross_check(shape, &goal, 997);
}

#[test]
fn dfs_finds_a_path_exactly_within_its_bound() {
    let shape = Shape { rows: 3, cols: 3 };
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let table = distance_table(shape, &goal);
    let mut boards: Vec<(&Vec<u32>, u32)> = table
        .iter()
        .filter(|(_, &d)| d <= 10)
        .map(|(b, &d)| (b, d))
        .collect();
    boards.sort();
    for (board, distance) in boards.into_iter().step_by(7) {
        for k in distance.saturating_sub(2)..=distance + 2 {
            let config = config(Algorithm::Stored(Stored::Dfs(u64::from(k))), MapKind::Hash);
            match solve(&config, shape, board, &goal) {
                Some(path) => {
                    assert!(distance <= k && path.len() as u32 <= k, "{board:?} K={k}");
                    assert_replays(shape, board, &goal, &path);
                }
                None => assert!(distance > k, "{board:?} K={k}: missed a path"),
            }
        }
    }
}

/// Solves Korf's instances `(id, length, board)` for `goal` with the default search, one
/// solver for all (the tables built once), checking each length and replaying each path.
fn check_korf(goal: Goal, instances: &[(u32, usize, Vec<u32>)]) {
    check_korf_with(
        Config {
            goal,
            ..Config::default()
        },
        instances,
    );
}

/// [`check_korf`] with `config`, each board searched by `config.jobs` threads; the boards
/// are all 4×4 or all 5×5.
fn check_korf_with(config: Config, instances: &[(u32, usize, Vec<u32>)]) {
    let side = if instances[0].2.len() == 25 { 5 } else { 4 };
    let shape = Shape {
        rows: side,
        cols: side,
    };
    let goal_board = config.goal.board(shape).unwrap();
    let threads = config.jobs;
    let solver = Solver::new(config, instances.len(), threads);
    for (id, length, board) in instances {
        let answer = solver
            .solve_case((shape, board, &goal_board), 1, &())
            .unwrap();
        let path = letters(&answer.moves.unwrap());
        assert_eq!(path.len(), *length, "Korf #{id}");
        assert_replays(shape, board, &goal_board, &path);
    }
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

/// Instances that the default search solves in well under 0.1 s each, lengths 41 to 59.
const KORF_FAST: [u32; 12] = [1, 2, 3, 12, 19, 34, 42, 47, 55, 79, 94, 97];

#[test]
fn shared_iterations_find_the_one_thread_path_on_korfs_boards() {
    let shape = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..16).chain([0]).collect());
    let tables = Additive::new(&puzzle, &by_symmetry(&puzzle, 0, &P555).unwrap(), true);
    for (id, length, board) in korf("korf100-blank-last.txt", &KORF_FAST) {
        let path = ida_path(&puzzle, &tables, &board);
        assert_eq!(path.len(), length, "Korf #{id}");
        // Also with the deeper move pruner (sequences of up to 13 moves) from the first node.
        let deeper = |threads| Sharing {
            deep_from: 0,
            deeper_from: 0,
            ..every_iteration(threads, 16)
        };
        for sharing in [
            every_iteration(2, 256),
            every_iteration(3, 16),
            deeper(1),
            deeper(2),
        ] {
            let shared = ida_shared_path(&puzzle, &tables, &board, sharing);
            assert_eq!(shared, path, "Korf #{id}, {sharing:?}");
        }
    }
}

#[test]
fn a_search_that_gives_up_leaves_a_floor_the_next_one_starts_from() {
    let shape = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..16).chain([0]).collect());
    let tables = Additive::new(&puzzle, &by_symmetry(&puzzle, 0, &P3444).unwrap(), true);
    for (id, length, board) in korf("korf100-blank-last.txt", &[1, 12, 79]) {
        let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
        let h = tables.start(&bytes).1;
        let run = |give_up, floor| {
            let budget = Budget::new(NO_LIMITS);
            let outcome = ida::solve_sharing(
                &puzzle,
                &tables,
                &bytes,
                &budget,
                (give_up, floor),
                Sharing::new(1),
            );
            (outcome.expect("no limits"), budget.nodes())
        };
        let (whole, nodes) = run(u64::MAX, 0);
        let ida::Outcome::Path(path) = &whole else {
            panic!("Korf #{id}: {whole:?}");
        };
        let letters: String = path.iter().map(|m| m.letter()).collect();
        assert_eq!(letters.len(), length, "Korf #{id}");
        assert_replays(
            shape,
            &board,
            &(1..16).chain([0]).collect::<Vec<_>>(),
            &letters,
        );
        let (ida::Outcome::GaveUp(floor), _) = run(nodes / 2, 0) else {
            panic!("Korf #{id}: no give-up at half the nodes");
        };
        assert!(
            h < floor && floor <= length as u32,
            "Korf #{id}: {h} {floor}"
        );
        let (resumed, fewer) = run(u64::MAX, floor);
        assert_eq!(resumed, whole, "Korf #{id}");
        assert!(fewer < nodes, "Korf #{id}: {fewer} of {nodes}");
    }
}

#[test]
fn limits_stop_a_search_shared_by_threads() {
    // An 80-move board: 26 s or more on two threads, far beyond either limit.
    let board = &korf("hardest-80.txt", &[1])[0].2;
    let tiles: Vec<String> = board.iter().map(|t| t.to_string()).collect();
    let input = format!("4\n{}\n", tiles.join(" "));
    let mut config = Config {
        jobs: 2,
        ..Config::default()
    };
    config.limits.max_nodes = Some(3_000_000);
    let error = run_text(&config, &input).1.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: node limit reached: 3000000 nodes generated (--max-nodes 3000000)"
    );
    assert_eq!(error.exit_code(), 3);
    config.limits.max_nodes = None;
    config.limits.time_limit = Some(std::time::Duration::from_millis(300));
    let error = run_text(&config, &input).1.unwrap_err();
    assert!(error
        .to_string()
        .starts_with("case 1: time limit reached: 0.3 s elapsed after "));
    assert_eq!(error.exit_code(), 3);
}

#[test]
fn ida_finds_korfs_lengths_on_a_subset_of_both_files() {
    check_korf(Goal::Standard, &korf("korf100-blank-last.txt", &KORF_FAST));
    check_korf(Goal::BlankFirst, &korf("korf100.txt", &KORF_FAST));
}

#[test]
#[ignore = "all of Korf's 100, blank last: about 3 s in release, more in the dev profile"]
fn ida_finds_korfs_lengths_on_all_100_blank_last() {
    check_korf(Goal::Standard, &korf("korf100-blank-last.txt", &[]));
}

#[test]
#[ignore = "all of Korf's 100, blank first: about 3 s in release, more in the dev profile"]
fn ida_finds_korfs_lengths_on_all_100_blank_first() {
    check_korf(Goal::BlankFirst, &korf("korf100.txt", &[]));
}

/// The cache directory of the ignored tests' large tables, kept between runs (unlike
/// `scratch_dir`).
fn kept_tables() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables")
}

#[test]
#[ignore = "builds 8-7 tables into target/tmp once (minutes, 3.5 GB), then reads them"]
fn cached_8_7_tables_find_korfs_lengths_on_all_100_of_both_files() {
    let cache = kept_tables();
    for (goal, file) in [
        (Goal::Standard, "korf100-blank-last.txt"),
        (Goal::BlankFirst, "korf100.txt"),
    ] {
        let config = Config {
            goal,
            cache: Some(cache.clone()),
            ..Config::default()
        };
        check_korf_with(config, &korf(file, &[]));
    }
}

#[test]
#[ignore = "without a cache, about 40 s a board on 2 threads; with the 8-7 tables of the test above, seconds"]
fn the_hardest_boards_need_80_moves() {
    let cache = kept_tables();
    let boards = korf("hardest-80.txt", &(1..=16).collect::<Vec<u32>>());
    let config = Config {
        jobs: 2,
        cache: Some(cache),
        ..Config::default()
    };
    check_korf_with(config, &boards);
    // Without the cache: the 7-7-1 tables built in the run, on two boards.
    check_korf_with(
        Config {
            jobs: 2,
            ..Config::default()
        },
        &boards[..2],
    );
}

#[test]
#[ignore = "with the 8-7 tables of the tests above, about 20 s on 2 threads (minutes to build them)"]
fn boards_hard_for_the_tables_need_72_moves() {
    let boards = korf("hard-72.txt", &[1, 2]);
    let config = Config {
        jobs: 2,
        cache: Some(kept_tables()),
        ..Config::default()
    };
    check_korf_with(config, &boards);
}

#[test]
#[ignore = "builds 6-6-6-6 tables into target/tmp once per goal (minutes, 2 GB), then checks them on Korf & Felner's 50 and solves two"]
fn cached_6_6_6_6_tables_solve_korf_and_felners_easiest_boards() {
    let cache = kept_tables();
    for (goal, file) in [
        (Goal::Standard, "korf24-blank-last.txt"),
        (Goal::BlankFirst, "korf24.txt"),
    ] {
        let shape = Shape { rows: 5, cols: 5 };
        let goal_board = goal.board(shape).unwrap();
        let puzzle = Puzzle::new(shape, goal_board.iter().map(|&t| t as u8).collect());
        let config = Config {
            goal,
            jobs: 2,
            cache: Some(cache.clone()),
            ..Config::default()
        };
        let groups = by_symmetry(&puzzle, 0, &P6666).unwrap();
        let layout = Layout::fitting(25, &groups);
        let quiet = TableWork::quiet();
        let tables = Additive::with_cache(&puzzle, (&groups, layout), true, Some(&cache), &quiet);
        for (id, length, board) in korf(file, &[]) {
            let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
            assert!(tables.start(&bytes).1 <= length as u32, "{file} #{id}");
        }
        check_korf_with(config, &korf(file, &[40, 38]));
    }
}

/// The cells next to `at`.
fn adjacent(shape: Shape, at: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (at / shape.cols, at % shape.cols);
    [
        (row > 0).then(|| at - shape.cols),
        (row + 1 < shape.rows).then_some(at + shape.cols),
        (col > 0).then(|| at - 1),
        (col + 1 < shape.cols).then_some(at + 1),
    ]
    .into_iter()
    .flatten()
}

/// The cells of the connected part of the board's cells not in `tiles` that holds `start`.
fn component(shape: Shape, tiles: &[u8], start: usize) -> Vec<usize> {
    let mut found = vec![start];
    let mut next = 0;
    while let Some(&at) = found.get(next) {
        next += 1;
        for cell in adjacent(shape, at) {
            if !tiles.contains(&(cell as u8)) && !found.contains(&cell) {
                found.push(cell);
            }
        }
    }
    found
}

/// Every table of a group, entry by entry, against an independent search: a 0-1 breadth-first
/// search from the goal over (cells of the group's tiles, cell of the blank), where moving the
/// blank onto a cell of no group tile is free and onto a group tile (the tile moves) costs 1;
/// an entry's least is the least distance over the blank's cells. With the blank's regions:
/// the least on the cells whose distance it is, else 2 more, at most the distance. In a byte
/// table: the least, or 2 more when the blank is in a pocket and the cells whose distance is
/// the least are in none, or the other way round; never above the distance.
fn check_table(shape: Shape, goal: &[u32], group: &[u8]) {
    let n = shape.cells();
    let goal_at: Vec<usize> = (0..n)
        .map(|t| goal.iter().position(|&g| g as usize == t).unwrap())
        .collect();
    let blank = goal_at[0];
    let start: Vec<u8> = group.to_vec();
    let mut distance: HashMap<(Vec<u8>, usize), u32> = HashMap::new();
    let mut queue = VecDeque::from([(start.clone(), blank, 0)]);
    while let Some((cells, at, d)) = queue.pop_front() {
        if distance.contains_key(&(cells.clone(), at)) {
            continue;
        }
        distance.insert((cells.clone(), at), d);
        for next in adjacent(shape, at) {
            let mut cells = cells.clone();
            match cells.iter().position(|&c| usize::from(c) == next) {
                Some(i) => {
                    cells[i] = at as u8;
                    queue.push_back((cells, next, d + 1));
                }
                None => queue.push_front((cells, next, d)),
            }
        }
    }
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), &d) in &distance {
        let entry = least.entry(cells.clone()).or_insert(d);
        *entry = (*entry).min(d);
    }
    let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
    let regions = match n <= Regions::CELLS {
        true => build_regions(&puzzle, (group, blank), 2, &|_| {}),
        false => Vec::new(),
    };
    let spread = build_table(&puzzle, (group, blank), Layout::Spread, 2, &|_| {});
    let pocket =
        |cells: &[u8], at: usize| component(shape, cells, at).len() as u32 <= Pockets::CELLS;
    for ((cells, at), &d) in &distance {
        let index = cells.iter().fold(0, |index, &c| index * n + usize::from(c));
        let least = least[cells];
        if !regions.is_empty() {
            let value = u32::from(Regions::value(regions[index], *at));
            let expected = if d == least { least } else { least + 2 };
            assert_eq!(value, expected, "{shape:?} {group:?} {cells:?}, blank {at}");
            assert!(value <= d);
        }
        // The cells from which the least is reached: all free cells, or in pockets only, or
        // in no pocket, or both kinds.
        let best: Vec<usize> = (0..n)
            .filter(|&c| distance.get(&(cells.clone(), c)) == Some(&least))
            .collect();
        let in_pockets = best.iter().filter(|&&c| pocket(cells, c)).count();
        let far = if best.len() == n - group.len() {
            false
        } else if in_pockets == 0 {
            pocket(cells, *at)
        } else if in_pockets == best.len() {
            !pocket(cells, *at)
        } else {
            false
        };
        let value = u32::from(Pockets::value(spread[index], pocket(cells, *at)));
        assert_eq!(
            value,
            least + 2 * u32::from(far),
            "{shape:?} {group:?} {cells:?}, blank {at}: byte table"
        );
        assert!(value <= d);
    }
    let table = build_table(&puzzle, (group, blank), Layout::Rank, 2, &|_| {});
    // Placements the search never reaches (half of them when the group holds every tile)
    // are marked 255.
    let reached = table.iter().filter(|&&v| v != u8::MAX).count();
    assert_eq!(
        reached,
        least.len(),
        "{shape:?} {group:?}: placements reached"
    );
    for (cells, d) in least {
        assert_eq!(
            u32::from(Pockets::least(table[rank(&cells, n)])),
            d,
            "{shape:?} {group:?} {cells:?}"
        );
    }
}

#[test]
fn tables_match_an_independent_search() {
    let cases: [(usize, usize, &[&[u8]]); 4] = [
        (2, 3, &[&[0, 1], &[2, 3, 4], &[0, 1, 2, 3, 4]]),
        (3, 3, &[&[0, 1, 2], &[3, 4, 6, 7], &[0, 2, 6]]),
        (2, 4, &[&[0, 1, 4, 5], &[2, 3, 6]]),
        (3, 4, &[&[0, 1, 2, 3], &[4, 5, 8, 9], &[1, 6, 10]]),
    ];
    for (rows, cols, groups) in cases {
        let shape = Shape { rows, cols };
        let n = (rows * cols) as u32;
        let standard: Vec<u32> = (1..n).chain(Some(0)).collect();
        let first: Vec<u32> = (0..n).collect();
        for goal in [standard, first, spiral(shape)] {
            let blank = goal.iter().position(|&t| t == 0).unwrap() as u8;
            for group in groups {
                // The same cells, the goal's blank replaced by the first cell left out.
                let spare = (0..n as u8)
                    .find(|c| *c != blank && !group.contains(c))
                    .unwrap_or(blank);
                let group: Vec<u8> = group
                    .iter()
                    .map(|&c| if c == blank { spare } else { c })
                    .collect();
                if !group.contains(&blank) {
                    check_table(shape, &goal, &group);
                }
            }
        }
    }
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

/// The 5×5 tables under the standard, blank-first and spiral goals: 2- and 3-tile tables entry
/// by entry against the independent search; with groups of 4 tiles, the reflected look-up
/// equal to the larger of the plain look-ups of the board and of its mirror image (in the
/// diagonal through the goal's blank: every cell and tile mapped independently here), the
/// incremental bound equal to a fresh one along random walks, never above Korf & Felner's
/// lengths, and ida's path the one that linear conflicts alone find on boards 50 random
/// moves from the goal; on boards 50 and 60 moves away, the plan's path the same (the plan
/// reaches these tables beyond 1 M nodes, as some of the boards do).
#[test]
fn five_by_five_tables_are_exact_reflected_and_admissible() {
    let shape = Shape { rows: 5, cols: 5 };
    let mut seed = 0x9E37_79B9_7F4A_7C15;
    let mut tables_reached = 0;
    for (goal, file) in [
        (Goal::Standard, Some("korf24-blank-last.txt")),
        (Goal::BlankFirst, Some("korf24.txt")),
        (Goal::Spiral, None),
    ] {
        let goal_board = goal.board(shape).unwrap();
        let blank = goal_board.iter().position(|&t| t == 0).unwrap();
        for group in [&[1u8, 2][..], &[6, 11, 18]] {
            let group: Vec<u8> = group
                .iter()
                .map(|&c| if usize::from(c) == blank { 0 } else { c })
                .collect();
            check_table(shape, &goal_board, &group);
        }
        let puzzle = Puzzle::new(shape, goal_board.iter().map(|&t| t as u8).collect());
        let groups = in_reading_order(&puzzle, &[4; 6]);
        let plain = Additive::new(&puzzle, &groups, false);
        let reflected = Additive::new(&puzzle, &groups, true);
        check_walk(&puzzle, &reflected);
        // The goal's blank lies on the main diagonal (corners 0 and 24, centre 12).
        let mirror_cell = |c: usize| (c % 5) * 5 + c / 5;
        let goal_at: Vec<usize> = (0..25)
            .map(|t| goal_board.iter().position(|&g| g == t).unwrap())
            .collect();
        let h = |bound: &Additive, board: &[u32]| {
            let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
            bound.start(&bytes).1
        };
        let check_mirror = |board: &[u32]| {
            let mut mirrored = vec![0; 25];
            for (c, &t) in board.iter().enumerate() {
                mirrored[mirror_cell(c)] = goal_board[mirror_cell(goal_at[t as usize])];
            }
            let larger = h(&plain, board).max(h(&plain, &mirrored));
            assert_eq!(h(&reflected, board), larger, "{goal:?} {board:?}");
            h(&reflected, board)
        };
        if let Some(file) = file {
            for (id, length, board) in korf(file, &[]) {
                assert!(check_mirror(&board) <= length as u32, "{file} #{id}");
            }
        }
        for _ in 0..20 {
            check_mirror(&random_board(shape, &goal_board, &mut seed));
        }
        let solver = Solver::new(
            Config {
                goal,
                ..Config::default()
            },
            1,
            1,
        );
        for moves in [50, 60] {
            let board = walk_from(shape, &goal_board, moves, &mut seed);
            let path = ida_path(&puzzle, &reflected, &board);
            if moves == 50 {
                assert_eq!(
                    ida_path(&puzzle, &LinearConflict::new(&puzzle), &board),
                    path
                );
            }
            let answer = solver
                .solve_case((shape, &board, &goal_board), 1, &())
                .unwrap();
            let planned: String = letters(&answer.moves.unwrap());
            assert_eq!(planned, path, "{board:?}");
            assert_replays(shape, &board, &goal_board, &path);
            tables_reached += usize::from(answer.stats.bound.contains("then pdb"));
        }
    }
    assert!(tables_reached > 0, "no board went beyond linear conflicts");
}

#[test]
fn tables_built_on_several_threads_and_spread_equal_the_single_threaded_ones() {
    let four = Shape { rows: 4, cols: 4 };
    let cases: [(Shape, &[u8]); 6] = [
        (four, &[0, 1, 2, 3, 4]),
        (four, &[5]),
        (four, &[1, 2, 4, 5, 8, 9]),
        (Shape { rows: 3, cols: 4 }, &[0, 1, 2, 4, 5, 6]),
        (Shape { rows: 5, cols: 5 }, &[0, 1, 5, 6]),
        (Shape { rows: 2, cols: 6 }, &[0, 1, 2, 6, 7]),
    ];
    for (shape, group) in cases {
        let n = shape.cells() as u8;
        let puzzle = Puzzle::new(shape, (1..n).chain([0]).collect());
        let blank = shape.cells() - 1;
        let caller = std::thread::current().id();
        let mut tables = Vec::new();
        for threads in 1..=3 {
            let levels = std::sync::Mutex::new(Vec::new());
            let table = build_table(&puzzle, (group, blank), Layout::Rank, threads, &|depth| {
                assert_eq!(std::thread::current().id(), caller, "on the calling thread");
                levels.lock().unwrap().push(depth);
            });
            // One level a depth, up to one past the deepest placement at least (a level may
            // reach only new regions of placements reached before).
            let levels = levels.into_inner().unwrap();
            let least = table
                .iter()
                .filter(|&&v| v != u8::MAX)
                .map(|&v| Pockets::least(v));
            let deepest = least.max().unwrap();
            assert!(levels.len() > usize::from(deepest), "{shape:?} {group:?}");
            assert!((1..).zip(&levels).all(|(d, &l)| d == l), "{levels:?}");
            tables.push(table);
        }
        assert_eq!(tables[0].len(), table_len(shape.cells(), group.len()));
        for (threads, table) in (2..).zip(&tables[1..]) {
            assert!(
                table == &tables[0],
                "{shape:?} {group:?}: {threads} threads"
            );
        }
        // Spread: entry Σ cellᵢ·N^(k−1−i) holds the placement's entry by rank, and 255 where
        // two tiles share a cell; on any number of threads.
        let (n, k) = (shape.cells(), group.len());
        let spread = build_table(&puzzle, (group, blank), Layout::Spread, 1, &|_| {});
        assert_eq!(spread.len(), n.pow(k as u32));
        let mut cells = vec![0u8; k];
        for (index, &value) in spread.iter().enumerate() {
            let mut rest = index;
            for c in cells.iter_mut().rev() {
                *c = (rest % n) as u8;
                rest /= n;
            }
            let distinct = (0..k).all(|i| !cells[..i].contains(&cells[i]));
            let expected = if distinct {
                tables[0][rank(&cells, n)]
            } else {
                u8::MAX
            };
            assert_eq!(value, expected, "{shape:?} {group:?}: spread {cells:?}");
        }
        // The table by rank laid out spread, as a file's is read, after what `into` holds,
        // on one to three threads.
        for threads in 1..=3 {
            let mut into = vec![7; 3];
            spread_into(&tables[0], (n, k), &mut into, threads);
            assert_eq!(into[..3], [7; 3]);
            assert!(
                into[3..] == spread,
                "{shape:?} {group:?}: spread from the rank table on {threads} threads"
            );
        }
        for threads in [2, 3] {
            let table = build_table(&puzzle, (group, blank), Layout::Spread, threads, &|_| {});
            assert!(
                table == spread,
                "{shape:?} {group:?}: spread, {threads} threads"
            );
        }
        // With the blank's regions: the same least values, and the same regions on any
        // number of threads.
        if n <= Regions::CELLS {
            let regions = build_regions(&puzzle, (group, blank), 1, &|_| {});
            // (A spread index of no placement: `u32::MAX` and 255.)
            let same = regions.iter().zip(&spread).all(|(&r, &b)| match b {
                u8::MAX => r == u32::MAX,
                _ => Regions::least(r) == Pockets::least(b),
            });
            assert!(same, "{shape:?} {group:?}");
            for threads in [2, 3] {
                let table = build_regions(&puzzle, (group, blank), threads, &|_| {});
                assert!(table == regions, "{shape:?} {group:?}: {threads} threads");
            }
        }
    }
}

#[test]
fn tables_never_exceed_the_distance_on_every_3x3_board() {
    let shape = Shape { rows: 3, cols: 3 };
    for goal in [vec![1, 2, 3, 4, 5, 6, 7, 8, 0], spiral(shape)] {
        let table = distance_table(shape, &goal);
        assert_eq!(table.len(), 181_440);
        let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
        for sizes in [&[4, 4][..], &[3, 3, 2], &[8]] {
            for reflect in [false, true] {
                let groups = in_reading_order(&puzzle, sizes);
                let tables = Additive::new(&puzzle, &groups, reflect);
                for (board, &d) in &table {
                    let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
                    let h = tables.start(&bytes).1;
                    assert!(h <= d, "{sizes:?} {board:?}: {h} > {d}");
                    // One group of every tile: the table is the distance itself.
                    assert!(sizes.len() > 1 || h == d, "{board:?}");
                }
            }
        }
    }
}

/// Walks the blank at random from the goal, `apply` (with random limits) and `undo` against
/// `start` on every board reached.
fn check_walk<B: LowerBound>(puzzle: &Puzzle, bound: &B) {
    let goal = &puzzle.goal;
    let n = goal.len();
    let mut cells = [0u8; 256];
    cells[..n].copy_from_slice(goal);
    let (mut state, _) = bound.start(goal);
    let mut blank = goal.iter().position(|&t| t == 0).unwrap();
    let mut seed: u64 = 7;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let Some(next) = puzzle.neighbors[blank].get((seed % 4) as usize).copied() else {
            continue;
        };
        if next == fifteen::search::NONE {
            continue;
        }
        let limit = (seed >> 8) as u32 % 40;
        let tile = cells[next];
        let (h, undo) = bound.apply(&mut state, &cells, tile, next, blank, limit);
        let mut after = cells;
        after[blank] = tile;
        after[next] = 0;
        let exact = bound.start(&after[..n]).1;
        if h > limit {
            assert!(h <= exact);
            continue;
        }
        assert_eq!(h, exact);
        if seed % 4 == 0 {
            bound.undo(&mut state, tile, next, blank, undo);
            continue;
        }
        cells = after;
        blank = next;
    }
}

#[test]
fn incremental_bound_matches_a_fresh_one_along_random_walks() {
    let shape = Shape { rows: 4, cols: 4 };
    for goal in [
        (0..16).collect::<Vec<u8>>(),
        spiral(shape).iter().map(|&t| t as u8).collect(),
    ] {
        let puzzle = Puzzle::new(shape, goal);
        let groups = by_symmetry(&puzzle, 0, &P3444)
            .unwrap_or_else(|| in_reading_order(&puzzle, &[3, 4, 4, 4]));
        for layout in [Layout::Spread, Layout::Rank, Layout::Regions] {
            let quiet = TableWork::quiet();
            let tables = Additive::with_cache(&puzzle, (&groups, layout), true, None, &quiet);
            check_walk(&puzzle, &tables);
        }
        check_walk(&puzzle, &WalkingDistance::new(&puzzle));
    }
    // Rows and columns of their own tables.
    let shape = Shape { rows: 3, cols: 4 };
    let puzzle = Puzzle::new(shape, spiral(shape).iter().map(|&t| t as u8).collect());
    check_walk(&puzzle, &WalkingDistance::new(&puzzle));
}

#[test]
fn partitions_cover_every_tile_once() {
    let shape = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(shape, (0..16).collect());
    for (frame, bytes) in [
        (&P3444[..], 134_400),
        (&P555[..], 1_572_480),
        (&P663[..], 11_534_880),
        (&P771[..], 115_315_216),
        (&P87[..], 576_576_000),
    ] {
        let mut cells: Vec<u8> = frame.iter().flat_map(|g| g.iter().copied()).collect();
        cells.sort_unstable();
        assert_eq!(cells, (1..16).collect::<Vec<u8>>());
        // By rank; no two of their groups share a table.
        let sum: usize = frame.iter().map(|g| table_len(16, g.len())).sum();
        assert_eq!(sum, bytes);
        // Small partitions are laid out by spread index with the blank's regions, 16^k
        // entries of 4 bytes a group.
        let spread: usize = frame.iter().map(|g| 1 << (4 * g.len())).sum();
        if spread < 4_000_000 {
            let groups = by_symmetry(&puzzle, 0, frame).unwrap();
            assert_eq!(Additive::new(&puzzle, &groups, true).bytes(), 4 * spread);
        }
    }
}

/// A new empty directory under Cargo's scratch space for integration tests.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The table of `group` from the cache in `dir`, appended after three bytes that must stay as
/// they were (a file is read into the room after them, and cut back when it does not match).
fn cached_table(dir: &std::path::Path, puzzle: &Puzzle, group: &[u8], blank: usize) -> Vec<u8> {
    let mut into = vec![7; 3];
    append_cached(dir, puzzle, (group, blank), &TableWork::quiet(), &mut into);
    assert_eq!(into[..3], [7; 3]);
    into.split_off(3)
}

#[test]
fn cached_tables_equal_built_ones_and_damaged_files_are_rebuilt() {
    let shape = Shape { rows: 3, cols: 4 };
    let puzzle = Puzzle::new(shape, (1..12).chain([0]).collect());
    let (group, blank) = ([0u8, 1, 2, 4, 5], 11);
    let built = build_table(&puzzle, (&group, blank), Layout::Rank, 1, &|_| {});
    let dir = scratch_dir("cache");
    assert_eq!(cached_table(&dir, &puzzle, &group, blank), built);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one file a table, no temporary left");
    let file = &files[0];
    let written = std::fs::read(file).unwrap();
    assert_eq!(&written[..built.len()], &built[..]);
    // A whole file is read, not rebuilt: plant one whose table differs, with its checksum.
    let mut planted = written[..written.len() - 8].to_vec();
    planted[0] ^= 1;
    planted.extend(checksum(&planted).to_le_bytes());
    std::fs::write(file, &planted).unwrap();
    assert_eq!(
        cached_table(&dir, &puzzle, &group, blank),
        planted[..built.len()]
    );
    let mut flipped = written.clone();
    flipped[7] ^= 1;
    // Damaged files (a flipped byte, a cut, nothing) are rebuilt and written anew.
    for damaged in [flipped, written[..written.len() - 1].to_vec(), Vec::new()] {
        std::fs::write(file, &damaged).unwrap();
        assert_eq!(cached_table(&dir, &puzzle, &group, blank), built);
        assert_eq!(std::fs::read(file).unwrap(), written);
    }
    // A directory that cannot be made: the table is built and used all the same.
    let blocked = dir.join(file.file_name().unwrap()).join("sub");
    assert_eq!(cached_table(&blocked, &puzzle, &group, blank), built);
}

#[test]
fn the_cache_gives_the_same_answers() {
    // (No 4×4 board: there the cache means 8-7 tables, minutes to build.)
    let input = "3 4\n11 7 3 10 8 4 9 1 0 6 2 5\n3\n8 6 7 2 5 4 3 0 1\n";
    let plain = run_text(&Config::default(), input);
    let dir = scratch_dir("cache-cli");
    let config = Config {
        cache: Some(dir.clone()),
        ..Config::default()
    };
    for _ in 0..2 {
        assert_eq!(run_text(&config, input).0, plain.0);
        // The 3×4 board needs the tables: they are in the directory now.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    }
}

#[test]
fn jobs_give_the_same_answers_in_input_order() {
    let korf: String = korf("korf100-blank-last.txt", &[12, 55, 79, 42])
        .iter()
        .map(|(_, _, b)| {
            format!(
                "4\n{}\n",
                b.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .collect();
    let input = format!(
        "3\n8 6 7 2 5 4 3 0 1\n{korf}3 4\n11 7 3 10 8 4 9 1 0 6 2 5\n2\n1 0 3 2\n3\n1 2 3 4 5 6 7 8 0\n"
    );
    let one = run_text(&Config::default(), &input);
    assert!(one.1.is_ok());
    assert!(one.0.lines().count() >= 8);
    for jobs in [2, 3, 16] {
        let config = Config {
            jobs,
            ..Config::default()
        };
        assert_eq!(run_text(&config, &input), one, "--jobs {jobs}");
        // An error in a case: the answers before it, then the error.
        let bad = format!("{input}2\n1 2 x 0\n3\n1 2 3 4 5 6 7 0 8\n");
        let (output, result) = run_text(&config, &bad);
        assert_eq!(output, one.0);
        assert_eq!(
            result.unwrap_err().to_string(),
            "case 9: \"x\" is not a tile (line 18)"
        );
    }
}

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

#[test]
fn any_solves_large_and_thin_boards_under_every_goal() {
    let mut seed = 0x2545_F491_4F6C_DD1D;
    let shapes = [
        (5, 5),
        (10, 10),
        (30, 30),
        (100, 100),
        (2, 50),
        (50, 2),
        (3, 50),
        (50, 3),
        (1, 7),
        (6, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (4, 7),
        (7, 4),
    ];
    for (rows, cols) in shapes {
        let shape = Shape { rows, cols };
        let n = (rows * cols) as u32;
        let goals = [
            (1..n).chain(Some(0)).collect::<Vec<_>>(),
            (0..n).collect(),
            spiral(shape),
        ];
        // 100×100: the standard goal and the spiral.
        let large = rows * cols > 1000;
        for goal in goals.iter().step_by(if large { 2 } else { 1 }) {
            let board = random_board(shape, goal, &mut seed);
            any_replayed(shape, &board, goal);
        }
    }
}

/// Runs `run` on `input`, returning stdout and the error.
fn run_text(config: &Config, input: &str) -> (String, Result<(), Error>) {
    let mut output = Vec::new();
    let result = run(
        config,
        input.as_bytes(),
        &mut output,
        &mut Vec::new(),
        Terminals::default(),
    );
    (String::from_utf8(output).unwrap(), result)
}

#[test]
fn maps_agree_on_nodes_and_limits_stop_searches() {
    let shape = Shape { rows: 3, cols: 3 };
    let board = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let nodes = |map| {
        let answer = Solver::new(config(Algorithm::Stored(Stored::Astar), map), 1, 1)
            .solve_case((shape, &board, &goal), 1, &())
            .unwrap();
        (answer.stats.nodes, answer.moves.map(|path| path.count()))
    };
    assert_eq!(nodes(MapKind::Hash), nodes(MapKind::BTree));
    assert_eq!(nodes(MapKind::Hash).1, Some(31));
    let mut limited = Config::default();
    limited.limits.max_nodes = Some(100);
    let (output, result) = run_text(&limited, "3\n1 2 3 4 5 6 7 0 8\n3\n8 6 7 2 5 4 3 0 1\n");
    assert_eq!(output, "1\nR\n");
    let error = result.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    assert_eq!(
        error.to_string(),
        "case 2: node limit reached: 100 nodes generated (--max-nodes 100)"
    );
    let mut small = config(Algorithm::Stored(Stored::Bfs), MapKind::Hash);
    small.limits.max_memory_mib = 1;
    let korf = "4\n13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\n";
    let error = run_text(&small, korf).1.unwrap_err();
    assert!(error
        .to_string()
        .starts_with("case 1: memory limit reached: 1 MiB used by "));
    // ida: the 80-move board outgrows the 3-4-4-4 tables (2 MiB to build with the blank's
    // regions); the 5-5-5 tables would take more than 2 MiB and are refused before they are
    // built.
    let mut small = Config::default();
    small.limits.max_memory_mib = 2;
    let error = run_text(&small, "4\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n")
        .1
        .unwrap_err();
    assert_eq!(error.exit_code(), 3);
    assert_eq!(
        error.to_string(),
        "case 1: memory limit reached: the tables this board needs take 18 MiB to build \
         (--max-memory 2)"
    );
    // The same limits end work on the 5×5 (Korf & Felner's #40, far beyond each).
    let korf40 = "5\n2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23\n";
    let mut five = Config {
        goal: Goal::BlankFirst,
        ..Config::default()
    };
    five.limits.max_nodes = Some(3_000_000);
    let error = run_text(&five, korf40).1.unwrap_err();
    assert!(
        error.to_string().starts_with("case 1: node limit reached"),
        "{error}"
    );
    five.limits.max_nodes = None;
    five.limits.time_limit = Some(std::time::Duration::from_millis(300));
    let error = run_text(&five, korf40).1.unwrap_err();
    assert!(
        error.to_string().starts_with("case 1: time limit reached"),
        "{error}"
    );
    five.limits.time_limit = None;
    five.limits.max_memory_mib = 2;
    let error = run_text(&five, korf40).1.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    assert!(
        error
            .to_string()
            .contains("the tables this board needs take"),
        "{error}"
    );
    let mut timed = Config::default();
    timed.limits.time_limit = Some(std::time::Duration::from_millis(1));
    let error = run_text(&timed, "4\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n")
        .1
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("case 1: time limit reached: 0.001 s"),
        "{error}"
    );
}

/// `any` on boards of 10 to 32 cells: weighted IDA* over the plan's tables, a path within its
/// largest weight of the least moves (plus one), replayed: Korf's twelve (200%, most at 130%),
/// three of Korf & Felner's 5×5 boards and random 3×4 and 4×3 boards (250%, against `ida`'s
/// length).
#[test]
fn any_is_near_the_least_moves_where_tables_fit() {
    let any = config(Algorithm::Any, MapKind::Hash);
    let check = |shape: Shape, board: &[u32], goal: &[u32], least: usize, percent: usize| {
        let path = solve(&any, shape, board, goal).unwrap();
        assert_replays(shape, board, goal, &path);
        assert!(path.len() >= least, "{board:?}");
        assert!(
            path.len() * 100 <= least * percent + 100,
            "{board:?}: {} > {percent}% of {least}",
            path.len()
        );
        path.len()
    };
    let four = Shape { rows: 4, cols: 4 };
    let standard = |shape: Shape| Goal::Standard.board(shape).unwrap();
    let (mut moves, mut least) = (0, 0);
    for (_, length, board) in korf("korf100-blank-last.txt", &KORF_FAST) {
        moves += check(four, &board, &standard(four), length, 200);
        least += length;
    }
    // Over all twelve, close to the least (1.05 times over Korf's 100): the 5-5-5 tables were
    // used, not the moves without tables (1.47 times over Korf's 100).
    assert!(moves * 100 <= least * 110, "{moves} moves for {least}");
    let five = Shape { rows: 5, cols: 5 };
    for (_, length, board) in korf("korf24-blank-last.txt", &[40, 38, 25]) {
        check(five, &board, &standard(five), length, 250);
    }
    let mut seed = 0x0123_4567_89AB_CDEF;
    for (rows, cols) in [(3, 4), (4, 3)] {
        let shape = Shape { rows, cols };
        let goal = standard(shape);
        let board = random_board(shape, &goal, &mut seed);
        let least = solve(&config(Algorithm::Ida, MapKind::Hash), shape, &board, &goal).unwrap();
        check(shape, &board, &goal, least.len(), 250);
    }
}

/// Runs `fifteen ARGS < input` and returns its exit code and the peak of its resident memory
/// in KiB, read from `/proc/PID/status` (`VmHWM`, which only grows) every few milliseconds
/// until it ends. Only readings of the program itself count (its `Name:` is `fifteen`): between
/// the fork and the exec the child is a copy of this test process, whose memory (the other
/// tests' tables, 353 MB once under `cargo test`) is not the program's.
fn peak_memory_kib(args: &[&str], input: &str) -> (Option<i32>, u64) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fifteen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        let high_water = std::fs::read_to_string(&status).ok().and_then(|text| {
            text.lines()
                .find(|l| l.split_whitespace().eq(["Name:", "fifteen"]))?;
            let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(high_water.unwrap_or(0));
        if let Some(exit) = child.try_wait().unwrap() {
            return (exit.code(), peak);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// `--max-memory` bounds the whole process of `astar` and `bfs` under both maps, growth of
/// the map included (measured, not the program's estimate): Korf #88 stops with exit 3.
#[test]
fn max_memory_bounds_the_process() {
    let korf88 = "4\n12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1\n";
    for args in [
        ["--algo", "astar", "--map", "hash"],
        ["--algo", "bfs", "--map", "hash"],
        ["--algo", "astar", "--map", "btree"],
        ["--algo", "bfs", "--map", "btree"],
    ] {
        let (code, peak) = peak_memory_kib(&[&args[..], &["--max-memory", "32"]].concat(), korf88);
        assert_eq!(code, Some(3), "{args:?}");
        assert!(peak > 0 && peak <= 32 << 10, "{args:?}: {peak} KiB");
    }
}

#[test]
fn bad_inputs_name_the_case_and_line() {
    let config = Config::default();
    let cases = [
        (
            "2\n1 2 3 0\n3\n1 2 x 4 5 6 7 8 0\n",
            "case 2: \"x\" is not a tile (line 4)",
        ),
        (
            "2\n1 2 3 9\n",
            "case 1: tile 9 is out of range 0-3 (line 2)",
        ),
        ("2\n1 2 2 0\n", "case 1: tile 2 is repeated (line 2)"),
        ("3\n1 2 3\n", "case 1: input ends after 3 of 9 tiles"),
        ("0\n", "case 1: a 0×0 board has no cells (line 1)"),
        (
            "2 3 4\n",
            "case 1: header \"2 3 4\" is not `n` or `rows cols` (line 1)",
        ),
        (
            "1000000 1000000\n1\n",
            "case 1: input ends after 1 of 1000000000000 tiles",
        ),
    ];
    for (input, message) in cases {
        let error = run_text(&config, input).1.unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error.exit_code(), 1);
    }
    let error = run(
        &config,
        &b"2\n1 2 3 \xff\n"[..],
        &mut Vec::new(),
        &mut Vec::new(),
        Terminals::default(),
    );
    let error = error.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: \"\\xff\" is not a tile (line 2)"
    );
    let too_large = config_with_algo(Algorithm::Stored(Stored::Bfs));
    let input = format!(
        "17 17\n{}\n",
        (1..289)
            .chain(Some(0))
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    assert_eq!(run_text(&too_large, &input).0, "0\n\n");
    let swapped = input.replacen("288 0", "0 288", 1);
    let error = run_text(&too_large, &swapped).1.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    let goal = Config {
        goal: Goal::Explicit(vec![1, 2, 3, 0]),
        ..Config::default()
    };
    let error = run_text(&goal, "3\n1 2 3 4 5 6 7 8 0\n").1.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: the --goal board has 4 cells, this board has 9"
    );
}

fn config_with_algo(algorithm: Algorithm) -> Config {
    config(algorithm, MapKind::Hash)
}

#[test]
fn usage_errors() {
    let parse = |args: &[&str]| parse_args(args.iter().map(|a| a.to_string()));
    for (args, message) in [
        (&["--frobnicate"][..], "unknown argument \"--frobnicate\""),
        (&["--algo"][..], "--algo needs a value"),
        (&["--algo", "dijkstra"][..], "--algo \"dijkstra\": expected ida, astar, bfs, dfs or any"),
        (&["--algo", "dfs"][..], "--algo dfs needs --bound K"),
        (&["--bound", "3"][..], "--bound 3 applies only to --algo dfs"),
        (&["--time-limit", "-1"][..], "--time-limit \"-1\": expected a positive number of seconds"),
        (
            &["--goal", "1 2 2 0"][..],
            "--goal \"1 2 2 0\": expected standard, blank-first, spiral or the tiles 0..N-1 of a board",
        ),
    ] {
        let error = parse(args).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error.exit_code(), 2);
    }
    assert!(matches!(parse(&["--help"]), Ok(Parsed::Help)));
    assert!(matches!(
        parse(&["--algo=dfs", "--bound=4", "--map", "btree"]),
        Ok(Parsed::Solve(_))
    ));
}

/// Runs the real binary with `args` and `input`; returns exit code, stdout, stderr.
fn process(args: &[&str], input: &[u8]) -> (i32, String, String) {
    common::run_process(env!("CARGO_BIN_EXE_fifteen"), args, input.to_vec())
}

#[test]
fn smoke_test_through_the_process() {
    assert_eq!(
        process(&["--goal", "spiral"], b"3\r\n2 8 3 \r\n1 0 4\n7 6 5\n"),
        (0, "4\nULDR\n".into(), String::new())
    );
    assert_eq!(
        process(&[], b"2 3\n4 5 0 1 2 3\n2\n1 2 x 0\n"),
        (
            1,
            "21\nDLLURDRULLDRURDLLURDR\n".into(),
            "error: case 2: \"x\" is not a tile (line 4)\n".into()
        )
    );
    assert_eq!(
        process(&[], b"2\n1 2 \xff 0\n"),
        (
            1,
            String::new(),
            "error: case 1: \"\\xff\" is not a tile (line 2)\n".into()
        )
    );
    let (code, stdout, stderr) = process(&["--algo"], b"");
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.starts_with("error: --algo needs a value\nusage: fifteen "));
    let (code, stdout, _) = process(&["--help"], b"");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("usage: fifteen "));
    assert_eq!(process(&[], b""), (0, String::new(), String::new()));
}

/// Output shared with the [`Typist`] that watches it.
#[derive(Clone, Default)]
struct Screen(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A person typing `lines`, one a read, who before typing line i looks at the screen and
/// expects to see `seen[i]` there.
struct Typist {
    lines: Vec<(&'static str, &'static str)>,
    screen: Screen,
}

impl std::io::Read for Typist {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.lines.is_empty() {
            return Ok(0);
        }
        let (seen, line) = self.lines.remove(0);
        let screen = String::from_utf8(self.screen.0.lock().unwrap().clone()).unwrap();
        assert_eq!(screen, seen, "before typing {line:?}");
        buf[..line.len()].copy_from_slice(line.as_bytes());
        Ok(line.len())
    }
}

#[test]
fn typed_cases_are_answered_as_their_last_tile_is_read() {
    let screen = Screen::default();
    let typist = Typist {
        lines: vec![
            ("", "3\n"),
            ("", "1 2 3\n"),
            ("", "4 5 6\n"),
            ("", "7 0 8\n"),
            ("1\nR\n", "2 2\n"),
            ("1\nR\n", "1 2 0 3\n"),
            ("1\nR\n1\nR\n", "2\n"),
            ("1\nR\n1\nR\n", "1 x\n"),
        ],
        screen: screen.clone(),
    };
    let terminals = Terminals {
        stdin: true,
        stderr: false,
    };
    let result = run(
        &Config::default(),
        std::io::BufReader::new(typist),
        &mut screen.clone(),
        &mut Vec::new(),
        terminals,
    );
    assert_eq!(
        result.unwrap_err().to_string(),
        "case 3: \"x\" is not a tile (line 8)"
    );
    assert_eq!(*screen.0.lock().unwrap(), b"1\nR\n1\nR\n");
}

/// The goals of the length sample, by `--goal` name.
fn named_goal(name: &str) -> Goal {
    match name {
        "standard" => Goal::Standard,
        "blank-first" => Goal::BlankFirst,
        _ => Goal::Spiral,
    }
}

/// `any`'s path lengths on a fixed sample of boards (`random_board` from the seed
/// rows·10,000 + cols·10 + 1), measured before `any` was rewritten for large boards
/// (2026-11-30): rows, cols, goal, moves then.
const ANY_LENGTHS_BEFORE: [(usize, usize, &str, usize); 54] = [
    (2, 2, "standard", 2),
    (2, 2, "blank-first", 3),
    (2, 2, "spiral", 4),
    (2, 3, "standard", 14),
    (2, 3, "blank-first", 16),
    (2, 3, "spiral", 15),
    (3, 2, "standard", 13),
    (3, 2, "blank-first", 18),
    (3, 2, "spiral", 13),
    (1, 9, "standard", 8),
    (1, 9, "blank-first", 4),
    (1, 9, "spiral", 8),
    (9, 1, "standard", 6),
    (9, 1, "blank-first", 1),
    (9, 1, "spiral", 6),
    (2, 20, "standard", 1173),
    (2, 20, "blank-first", 1199),
    (2, 20, "spiral", 1225),
    (20, 2, "standard", 1132),
    (20, 2, "blank-first", 990),
    (20, 2, "spiral", 1040),
    (3, 50, "standard", 10566),
    (3, 50, "blank-first", 10624),
    (3, 50, "spiral", 10488),
    (50, 3, "standard", 11759),
    (50, 3, "blank-first", 11410),
    (50, 3, "spiral", 11787),
    (4, 4, "standard", 96),
    (4, 4, "blank-first", 87),
    (4, 4, "spiral", 97),
    (5, 5, "standard", 287),
    (5, 5, "blank-first", 290),
    (5, 5, "spiral", 297),
    (4, 7, "standard", 289),
    (4, 7, "blank-first", 384),
    (4, 7, "spiral", 368),
    (7, 4, "standard", 346),
    (7, 4, "blank-first", 319),
    (7, 4, "spiral", 352),
    (6, 6, "standard", 513),
    (6, 6, "blank-first", 571),
    (6, 6, "spiral", 554),
    (10, 10, "standard", 2533),
    (10, 10, "blank-first", 2764),
    (10, 10, "spiral", 2685),
    (12, 9, "standard", 2896),
    (12, 9, "blank-first", 3035),
    (12, 9, "spiral", 2923),
    (30, 30, "standard", 84242),
    (30, 30, "blank-first", 84810),
    (30, 30, "spiral", 85691),
    (100, 100, "standard", 3250771),
    (100, 100, "blank-first", 3274187),
    (100, 100, "spiral", 3256510),
];

#[test]
fn any_is_never_longer_than_before_on_a_fixed_sample() {
    let any = config(Algorithm::Any, MapKind::Hash);
    for (rows, cols, name, before) in ANY_LENGTHS_BEFORE {
        let shape = Shape { rows, cols };
        let goal = named_goal(name).board(shape).unwrap();
        let mut seed = (rows * 10_000 + cols * 10 + 1) as u64;
        let board = random_board(shape, &goal, &mut seed);
        let path = solve(&any, shape, &board, &goal).unwrap();
        assert_replays(shape, &board, &goal, &path);
        assert!(
            path.len() <= before,
            "{rows}x{cols} to {name}: {} moves, {before} before",
            path.len()
        );
    }
}

/// A sink that plays each letter written to it on a board, in O(N) memory however long the
/// path: the answer to a large board checked without holding it.
struct Replayer {
    shape: Shape,
    board: Vec<u32>,
    blank: usize,
    moves: u64,
    bad: Option<String>,
}

impl Replayer {
    fn new(shape: Shape, board: &[u32]) -> Self {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        Replayer {
            shape,
            board: board.to_vec(),
            blank,
            moves: 0,
            bad: None,
        }
    }
}

impl std::io::Write for Replayer {
    fn write(&mut self, letters: &[u8]) -> std::io::Result<usize> {
        let (rows, cols) = (self.shape.rows, self.shape.cols);
        for &letter in letters {
            let (row, col) = (self.blank / cols, self.blank % cols);
            let next = match letter {
                b'U' if row > 0 => self.blank - cols,
                b'D' if row + 1 < rows => self.blank + cols,
                b'L' if col > 0 => self.blank - 1,
                b'R' if col + 1 < cols => self.blank + 1,
                _ => {
                    let move_number = self.moves;
                    self.bad
                        .get_or_insert(format!("move {move_number}: {}", letter as char));
                    continue;
                }
            };
            self.board.swap(self.blank, next);
            self.blank = next;
            self.moves += 1;
        }
        Ok(letters.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Solves `board` with `any` and checks, through a [`Replayer`], that its path reaches
/// `goal` in as many moves as it counts; the count.
fn any_replayed(shape: Shape, board: &[u32], goal: &[u32]) -> u64 {
    let answer = Solver::new(config(Algorithm::Any, MapKind::Hash), 1, 1)
        .solve_case((shape, board, goal), 1, &())
        .unwrap();
    let path = answer.moves.expect("reachable");
    let mut replayer = Replayer::new(shape, board);
    path.write_letters(&mut replayer).unwrap();
    assert_eq!(replayer.bad, None);
    assert_eq!(replayer.moves, path.count());
    assert!(
        replayer.board == goal,
        "{}x{} not solved",
        shape.rows,
        shape.cols
    );
    path.count()
}

#[test]
fn any_paths_solved_again_equal_the_packed_ones() {
    let shape = Shape { rows: 30, cols: 30 };
    let goal = Goal::Spiral.board(shape).unwrap();
    let board = random_board(shape, &goal, &mut 7);
    let variant = any::shortest(shape, &board, &goal).unwrap();
    let mut packed = any::Packed::new(any::KEPT);
    any::solve(shape, &board, &goal, variant, &mut packed).unwrap();
    assert!(packed.is_whole());
    let replay = Path::Replay {
        shape,
        cells: board.clone(),
        goal: goal.clone(),
        variant,
        count: packed.count(),
    };
    let packed = Path::Packed(packed);
    assert_eq!(letters(&replay), letters(&packed));
    assert_replays(shape, &board, &goal, &letters(&packed));
    // Past its limit, a packed path only counts.
    let mut short = any::Packed::new(10);
    let mut count = 0;
    any::solve(shape, &board, &goal, variant, &mut short).unwrap();
    any::solve(shape, &board, &goal, variant, &mut count).unwrap();
    assert!(!short.is_whole());
    assert_eq!(short.count(), count);
}

#[test]
fn any_reports_where_it_sticks_on_a_goal_out_of_reach() {
    // The caller checks parity first; given an unreachable goal anyway, `any` says where it
    // stuck instead of panicking or answering wrongly.
    let cases = [
        (Shape { rows: 3, cols: 3 }, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]),
        (Shape { rows: 5, cols: 6 }, {
            let mut board: Vec<u32> = (1..30).chain(Some(0)).collect();
            board.swap(0, 1);
            board
        }),
        (Shape { rows: 1, cols: 4 }, vec![2, 1, 0, 3]),
    ];
    for (shape, board) in cases {
        let goal = Goal::Standard.board(shape).unwrap();
        assert!(!is_reachable(shape, &board, &goal));
        let stuck = any::solve(shape, &board, &goal, any::Variant::default(), &mut 0);
        let stuck = stuck.expect_err("an unreachable goal");
        assert!(
            stuck.row < shape.rows && stuck.col < shape.cols,
            "{stuck:?}"
        );
    }
    // Through the program, such a board is answered -1 before any search.
    let any = config(Algorithm::Any, MapKind::Hash);
    assert_eq!(run_text(&any, "3\n2 1 3 4 5 6 7 8 0\n").0, "-1\n");
    assert_eq!(run_text(&any, "1 4\n2 1 0 3\n").0, "-1\n");
}

#[test]
#[ignore = "a random 1000x1000 board: about 35 s and 0.6 GB in release"]
fn any_solves_a_random_1000x1000_board() {
    let shape = Shape {
        rows: 1000,
        cols: 1000,
    };
    let goal = Goal::Standard.board(shape).unwrap();
    let board = random_board(shape, &goal, &mut 1000);
    any_replayed(shape, &board, &goal);
}
