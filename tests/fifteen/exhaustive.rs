use super::*;

/// Checks ida on every `every`-th board of `shape` (canonical path) with linear conflicts, the walking
/// distance (also with the move pruner of depth 12, which forbids far more than undoing a
/// move) and, on boards of at most 9 cells, pattern databases with reflection of groups of
/// 4, 4, 3 and 3 tiles (spread and by rank, and with the blank's regions: [`RegionTables`])
/// and of [`CENTRE323`] (`Plan`'s for the 3×3 with the goal's blank in the centre), cut to
/// N − 1 tiles, forced; ida with its iterations cut into subtrees taken in
/// order (by this thread alone on every board, by 2 and 3 threads and bfs and astar under both
/// maps on every `sample`-th board checked), against the table; and that the walking distance
/// and the tables never exceed the distance and are 0 only at the goal.
fn cross_check(shape: Shape, goal: &[u32], every: usize, sample: usize) {
    let table = distance_table(shape, goal);
    let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
    let bound = LinearConflict::new(&puzzle);
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
    let tables: Vec<Additive> = [
        (&[4, 4, 3, 3][..], Layout::Spread),
        (&CENTRE323, Layout::Spread),
        (&[4, 4, 3, 3], Layout::Rank),
    ]
    .iter()
    .map(|&(sizes, layout)| {
        let quiet = TableWork::quiet();
        Additive::with_cache(&puzzle, (&groups(sizes), layout), true, None, &quiet)
    })
    .collect();
    let region_tables: Vec<RegionTables> = [&[4, 4, 3, 3][..], &CENTRE323]
        .iter()
        .map(|sizes| RegionTables::new(&puzzle, &groups(sizes), true))
        .collect();
    let walking = WalkingDistance::new(&puzzle);
    // The same puzzle, with the move pruner of sequences up to 12 moves from the first search.
    let pruned = Puzzle::new(shape, puzzle.goal.clone());
    assert!(pruned.shared.pruner.set(MovePruner::new(12)).is_ok());
    pruned
        .shared
        .searched
        .store(ida::DEEP_FROM, Ordering::Relaxed);
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
        for tables in &region_tables {
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
    if every == 1 {
        assert_eq!(reachable, table.len());
    }
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
    cross_check(shape, &standard, 1, 1);
    cross_check(shape, &spiral(shape), 1, 1);
}

#[test]
#[ignore = "tier 2: about 90 s"]
fn every_3x3_board_standard_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 1, 997);
}

/// [`every_3x3_board_standard_goal`] on one board in 211 (a prime: every blank cell and
/// both parities come up).
#[test]
fn a_sample_of_3x3_boards_standard_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 211, 61);
}

#[test]
#[ignore = "tier 2: about 60 s"]
fn every_3x3_board_spiral_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    let goal = spiral(shape);
    assert_eq!(goal, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    let table = distance_table(shape, &goal);
    assert_eq!(table.values().max(), Some(&30));
    assert_eq!(table.values().filter(|&&d| d == 30).count(), 148);
    cross_check(shape, &goal, 1, 997);
}

/// [`every_3x3_board_spiral_goal`] on one board in 211.
#[test]
fn a_sample_of_3x3_boards_spiral_goal() {
    let shape = Shape { rows: 3, cols: 3 };
    cross_check(shape, &spiral(shape), 211, 61);
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
