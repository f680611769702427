//! Every board of 2×3 and 3×3 (or a sample in the first tier) by every search, against an
//! independent breadth-first table; `dfs` within its bound.

use super::*;

/// The bounds and searches [`cross_check`] sets against the table of one shape and goal:
/// linear conflicts, the walking distance (also with the move pruner of depth 12, which
/// forbids far more than undoing a move) and, on boards of at most 9 cells, pattern
/// databases with reflection of groups of 4, 4, 3 and 3 tiles (spread and by rank, and with
/// the blank's regions: [`RegionTables`]) and of [`CENTRE323`] (`Plan`'s for the 3×3 with
/// the goal's blank in the centre), cut to N − 1 tiles.
struct Searches {
    puzzle: Puzzle,
    pruned: Puzzle,
    linear: LinearConflict,
    walking: WalkingDistance,
    tables: Vec<Additive>,
    region_tables: Vec<RegionTables>,
}

impl Searches {
    fn new(shape: Shape, goal: &[u32]) -> Self {
        let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
        let n = shape.cells();
        let groups = |sizes: &[usize]| {
            let sizes: Vec<usize> = sizes
                .iter()
                .scan(n - 1, |left, &k| {
                    let k = k.min(*left);
                    *left -= k;
                    Some(k).filter(|&k| k > 0)
                })
                .collect();
            in_reading_order(&puzzle, &sizes)
        };
        let tables = [
            (&[4, 4, 3, 3][..], Layout::Spread),
            (&CENTRE323, Layout::Spread),
            (&[4, 4, 3, 3], Layout::Rank),
        ]
        .iter()
        .map(|&(sizes, layout)| {
            let quiet = TableWork::quiet();
            Additive::with_cache(&puzzle, &groups(sizes), layout, true, None, &quiet).unwrap()
        })
        .collect();
        let region_tables = [&[4, 4, 3, 3][..], &CENTRE323]
            .iter()
            .map(|sizes| RegionTables::new(&puzzle, &groups(sizes), true))
            .collect();
        // The same puzzle, with the move pruner of sequences up to 12 moves from the first
        // search.
        let pruned = Puzzle::new(shape, puzzle.goal.clone());
        assert!(pruned.shared.pruner.set(MovePruner::new(12)).is_ok());
        pruned
            .shared
            .searched
            .store(ida::DEEP_FROM, Ordering::Relaxed);
        Searches {
            linear: LinearConflict::new(&puzzle),
            walking: WalkingDistance::new(&puzzle),
            puzzle,
            pruned,
            tables,
            region_tables,
        }
    }

    /// Checks that each search finds `canonical` from `board`, `distance` moves from the
    /// goal, alone and with its iterations cut into subtrees taken in order by this thread,
    /// and that each bound is admissible and 0 only at the goal.
    fn check(&self, board: &[u32], canonical: &str, distance: u32) {
        let puzzle = &self.puzzle;
        assert_eq!(
            ida_path(puzzle, &self.linear, board),
            canonical,
            "{board:?}"
        );
        assert_eq!(
            ida_path(puzzle, &self.walking, board),
            canonical,
            "{board:?}"
        );
        assert_eq!(
            ida_path(&self.pruned, &self.walking, board),
            canonical,
            "{board:?}"
        );
        let alone = every_iteration(1, 4);
        assert_eq!(
            ida_shared_path(puzzle, &self.linear, board, alone),
            canonical
        );
        assert_admissible(&self.walking, board, distance);
        for tables in &self.tables {
            assert_eq!(ida_path(puzzle, tables, board), canonical, "{board:?}");
            assert_admissible(tables, board, distance);
        }
        for tables in &self.region_tables {
            assert_eq!(ida_path(puzzle, tables, board), canonical, "{board:?}");
            assert_admissible(tables, board, distance);
        }
    }

    /// Checks that 2 and 3 threads sharing the iterations find `canonical` from `board`.
    fn check_threads(&self, board: &[u32], canonical: &str) {
        for threads in [2, 3] {
            let sharing = every_iteration(threads, 4);
            let shared = ida_shared_path(&self.puzzle, &self.tables[0], board, sharing);
            assert_eq!(shared, canonical, "{threads} threads {board:?}");
        }
    }
}

/// Checks that bfs and astar under both maps find a path of `distance` moves from `board`
/// of `shape` to `goal`.
fn check_stored(shape: Shape, board: &[u32], goal: &[u32], distance: u32) {
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

/// How often [`cross_check`] runs its costlier checks, among the boards it checks.
#[derive(Clone, Copy)]
struct Samples {
    /// Every `threads`-th board: by 2 and 3 threads ([`Searches::check_threads`]).
    threads: usize,
    /// Every `stored`-th board: bfs and astar ([`check_stored`]), each up to all the boards.
    stored: usize,
}

/// Checks every `every`-th board of `shape` against the breadth-first table of `goal`: the
/// parity test, and for a reachable board every search of [`Searches`] (the canonical
/// path), some of them on threads and by the stored searches as `samples` says.
fn cross_check(shape: Shape, goal: &[u32], every: usize, samples: Samples) {
    let table = distance_table(shape, goal);
    let searches = Searches::new(shape, goal);
    let mut reachable = 0;
    let boards = common::permutations::<u32>(shape.cells() as u8);
    for (index, board) in boards.iter().step_by(every).enumerate() {
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
        searches.check(board, &canonical, distance);
        if index % samples.threads == 0 {
            searches.check_threads(board, &canonical);
        }
        if index % samples.stored == 0 {
            check_stored(shape, board, goal, distance);
        }
    }
    if every == 1 {
        assert_eq!(reachable, table.len());
    }
}

/// The samples of the whole checks of the 3×3.
const WHOLE: Samples = Samples {
    threads: 997,
    stored: 4999,
};

/// The samples of the checks of one board in 211 of the 3×3.
const SAMPLED: Samples = Samples {
    threads: 61,
    stored: 61,
};

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
    let all = Samples {
        threads: 1,
        stored: 1,
    };
    cross_check(shape, &standard, 1, all);
    cross_check(shape, &spiral(shape), 1, all);
}

#[test]
#[ignore = "tier 2: about 40 s"]
fn every_3x3_board_standard_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 1, WHOLE);
}

/// [`every_3x3_board_standard_goal`] on one board in 211 (a prime: every blank cell and
/// both parities come up).
#[test]
fn a_sample_of_3x3_boards_standard_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 211, SAMPLED);
}

#[test]
#[ignore = "tier 2: about 40 s"]
fn every_3x3_board_spiral_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    let goal = spiral(shape);
    assert_eq!(goal, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    let table = distance_table(shape, &goal);
    assert_eq!(table.values().max(), Some(&30));
    assert_eq!(table.values().filter(|&&d| d == 30).count(), 148);
    cross_check(shape, &goal, 1, WHOLE);
}

/// [`every_3x3_board_spiral_goal`] on one board in 211.
#[test]
fn a_sample_of_3x3_boards_spiral_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &spiral(shape), 211, SAMPLED);
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
