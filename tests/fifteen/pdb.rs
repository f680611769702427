//! The pattern databases against an independent 0-1 breadth-first search, entry by entry;
//! built alike on any number of threads and in either layout; admissible; reflected.

use super::*;

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
    let blank = goal.iter().position(|&g| g == 0).unwrap();
    let distance = zero_one_distances(shape, group, blank);
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), &d) in &distance {
        let entry = least.entry(cells.clone()).or_insert(d);
        *entry = (*entry).min(d);
    }
    let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
    let regions = match n <= Regions::CELLS {
        true => regions::build(&puzzle, group, blank),
        false => Vec::new(),
    };
    let spread = build_table(&puzzle, group, blank, Layout::Spread, &work(2, &|_| {})).unwrap();
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
    check_ranked_table(&puzzle, group, &least);
}

/// The distances of [`check_table`]'s independent search: of each placement of `group`'s
/// tiles (their cells) and the blank's cell, from their cells in the goal, the blank on
/// `blank`. A 0-1 breadth-first search, O(placements × cells).
fn zero_one_distances(shape: Shape, group: &[u8], blank: usize) -> HashMap<(Vec<u8>, usize), u32> {
    let mut distance = HashMap::new();
    let mut queue = VecDeque::from([(group.to_vec(), blank, 0)]);
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
    distance
}

/// The table of `group` in rank order against `least`, the least moves of each placement
/// of its tiles that [`check_table`]'s independent search reaches: the same placements
/// reached (those never reached, half of them when the group holds every tile, are marked
/// 255), each with its least.
fn check_ranked_table(puzzle: &Puzzle, group: &[u8], least: &HashMap<Vec<u8>, u32>) {
    let (shape, n) = (puzzle.shape, puzzle.shape.cells());
    let blank = puzzle.goal.iter().position(|&g| g == 0).unwrap();
    let table = build_table(puzzle, group, blank, Layout::Rank, &work(2, &|_| {})).unwrap();
    let reached = table.iter().filter(|&&v| v != u8::MAX).count();
    assert_eq!(
        reached,
        least.len(),
        "{shape:?} {group:?}: placements reached"
    );
    for (cells, &d) in least {
        assert_eq!(
            u32::from(Pockets::least(table[rank(cells, n)])),
            d,
            "{shape:?} {group:?} {cells:?}"
        );
    }
}

/// The shapes and groups of goal cells whose tables [`check_table`] checks.
const INDEPENDENT_CASES: [(usize, usize, &[&[u8]]); 4] = [
    (2, 3, &[&[0, 1], &[2, 3, 4], &[0, 1, 2, 3, 4]]),
    (3, 3, &[&[0, 1, 2], &[3, 4, 6, 7], &[0, 2, 6]]),
    (2, 4, &[&[0, 1, 4, 5], &[2, 3, 6]]),
    (3, 4, &[&[0, 1, 2, 3], &[4, 5, 8, 9], &[1, 6, 10]]),
];

#[test]
#[ignore = "tier 2: about 6 s"]
fn tables_match_an_independent_search() {
    check_tables_of(&INDEPENDENT_CASES);
}

/// [`tables_match_an_independent_search`] up to 9 cells.
#[test]
fn small_tables_match_an_independent_search() {
    check_tables_of(&INDEPENDENT_CASES[..3]);
}

/// [`check_table`] on each shape and group of `cases` under three goals (the goal's blank
/// in a group replaced by the first cell left out).
fn check_tables_of(cases: &[(usize, usize, &[&[u8]])]) {
    for &(rows, cols, groups) in cases {
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

/// The 5×5 tables under the standard, blank-first and spiral goals: 2- and 3-tile tables entry
/// by entry against the independent search; with groups of 4 tiles, the reflected look-up
/// equal to the larger of the plain look-ups of the board and of its mirror image (in the
/// diagonal through the goal's blank: every cell and tile mapped independently here), the
/// incremental bound equal to a fresh one along random walks, never above Korf & Felner's
/// lengths, and ida's path the one that linear conflicts alone find on boards 50 random
/// moves from the goal; on boards 50 and 60 moves away, the plan's path the same (the plan
/// reaches these tables beyond 1 M nodes, as some of the boards do).
#[test]
#[ignore = "tier 2: about 40 s"]
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
            Settings {
                goal,
                ..Settings::default()
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
                .solve_case(&case_of(shape, &board), &goal_board, 1, &())
                .unwrap();
            let planned: String = letters(&answer.moves.unwrap());
            assert_eq!(planned, path, "{board:?}");
            assert_replays(shape, &board, &goal_board, &path);
            tables_reached += usize::from(answer.stats.bound.contains("then pdb"));
        }
    }
    assert!(tables_reached > 0, "no board went beyond linear conflicts");
}

/// The shapes and groups of goal cells whose tables
/// [`check_tables_on_threads`] builds, smallest first.
const THREADED_CASES: [(Shape, &[u8]); 6] = [
    (Shape { rows: 4, cols: 4 }, &[5]),
    (Shape { rows: 2, cols: 6 }, &[0, 1, 2, 6, 7]),
    (Shape { rows: 4, cols: 4 }, &[0, 1, 2, 3, 4]),
    (Shape { rows: 3, cols: 4 }, &[0, 1, 2, 4, 5, 6]),
    (Shape { rows: 5, cols: 5 }, &[0, 1, 5, 6]),
    (Shape { rows: 4, cols: 4 }, &[1, 2, 4, 5, 8, 9]),
];

#[test]
#[ignore = "tier 2: about 15 s"]
fn tables_built_on_several_threads_and_spread_equal_the_single_threaded_ones() {
    check_tables_on_threads(&THREADED_CASES);
}

/// [`tables_built_on_several_threads_and_spread_equal_the_single_threaded_ones`] on the two
/// smallest tables.
#[test]
fn small_tables_built_on_several_threads_and_spread_equal_the_single_threaded_ones() {
    check_tables_on_threads(&THREADED_CASES[..2]);
}

/// For each shape and group of `cases`: the table by rank built on 1 to 3 threads, one level
/// reported a depth on the calling thread; the same entries spread, built spread, and with
/// the blank's regions.
fn check_tables_on_threads(cases: &[(Shape, &[u8])]) {
    for &(shape, group) in cases {
        let n = shape.cells() as u8;
        let puzzle = Puzzle::new(shape, (1..n).chain([0]).collect());
        let ranked = ranked_table_on_threads(&puzzle, group);
        let spread = check_spread_table(&puzzle, group, &ranked);
        // With the blank's regions: the same least values.
        if shape.cells() <= Regions::CELLS {
            let regions = regions::build(&puzzle, group, shape.cells() - 1);
            // (A spread index of no placement: `u32::MAX` and 255.)
            let same = regions.iter().zip(&spread).all(|(&r, &b)| match b {
                u8::MAX => r == u32::MAX,
                // The least: a `Regions` entry's top byte.
                _ => (r >> 24) as u8 == Pockets::least(b),
            });
            assert!(same, "{shape:?} {group:?}");
        }
    }
}

/// The table of `group` by rank under `puzzle`'s standard goal, the same on 1 to 3 threads,
/// one level reported a depth on the calling thread.
fn ranked_table_on_threads(puzzle: &Puzzle, group: &[u8]) -> Vec<u8> {
    let shape = puzzle.shape;
    let blank = shape.cells() - 1;
    let caller = std::thread::current().id();
    let mut tables = Vec::new();
    for threads in 1..=3 {
        let levels = std::sync::Mutex::new(Vec::new());
        let on_level = |depth| {
            assert_eq!(std::thread::current().id(), caller, "on the calling thread");
            levels.lock().unwrap().push(depth);
        };
        let table = build_table(
            puzzle,
            group,
            blank,
            Layout::Rank,
            &work(threads, &on_level),
        );
        let table = table.unwrap();
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
    tables.swap_remove(0)
}

/// The table of `group` spread, built on 1 to 3 threads or laid out from `ranked`, its
/// table by rank, on as many, under `puzzle`'s standard goal: returned once checked.
fn check_spread_table(puzzle: &Puzzle, group: &[u8], ranked: &[u8]) -> Vec<u8> {
    let shape = puzzle.shape;
    let blank = shape.cells() - 1;
    // Spread: entry Σ cellᵢ·N^(k−1−i) holds the placement's entry by rank, and 255 where
    // two tiles share a cell; on any number of threads.
    let (n, k) = (shape.cells(), group.len());
    let spread = build_table(puzzle, group, blank, Layout::Spread, &work(1, &|_| {})).unwrap();
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
            ranked[rank(&cells, n)]
        } else {
            u8::MAX
        };
        assert_eq!(value, expected, "{shape:?} {group:?}: spread {cells:?}");
    }
    // The table by rank laid out spread, as a file's is read, after what `into` holds,
    // on one to three threads.
    for threads in 1..=3 {
        let mut into = vec![7; 3];
        spread_into(ranked, n, k, &mut into, threads);
        assert_eq!(into[..3], [7; 3]);
        assert!(
            into[3..] == spread,
            "{shape:?} {group:?}: spread from the rank table on {threads} threads"
        );
    }
    for threads in [2, 3] {
        let table = build_table(
            puzzle,
            group,
            blank,
            Layout::Spread,
            &work(threads, &|_| {}),
        )
        .unwrap();
        assert!(
            table == spread,
            "{shape:?} {group:?}: spread, {threads} threads"
        );
    }
    spread
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
        // The region tables: without the reflection, the sum of the groups' entries read
        // straight from their tables; with it, the larger of that on the board and on its
        // mirror image; never above the distance.
        let mirror_cell = |c: usize| (c % 3) * 3 + c / 3;
        for sizes in [&[4, 4][..], &[3, 3, 2]] {
            let groups = in_reading_order(&puzzle, sizes);
            let built: Vec<Vec<u32>> = groups
                .iter()
                .map(|g| regions::build(&puzzle, g, puzzle.goal_at[0]))
                .collect();
            let (plain, reflected) = (
                RegionTables::new(&puzzle, &groups, false),
                RegionTables::new(&puzzle, &groups, true),
            );
            let h = |bound: &RegionTables, board: &[u32]| {
                let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
                bound.start(&bytes).1
            };
            for (board, &d) in &table {
                let blank = board.iter().position(|&t| t == 0).unwrap();
                let sum: u32 = groups
                    .iter()
                    .zip(&built)
                    .map(|(group, table)| {
                        let index = group.iter().fold(0, |index, &c| {
                            let tile = puzzle.goal[usize::from(c)];
                            let at = board.iter().position(|&t| t == u32::from(tile)).unwrap();
                            index * 9 + at
                        });
                        u32::from(Regions::value(table[index], blank))
                    })
                    .sum();
                assert_eq!(h(&plain, board), sum, "{sizes:?} {board:?}");
                let mut mirrored = vec![0; 9];
                for (c, &t) in board.iter().enumerate() {
                    let home = puzzle.goal_at[t as usize];
                    mirrored[mirror_cell(c)] = u32::from(puzzle.goal[mirror_cell(home)]);
                }
                let larger = sum.max(h(&plain, &mirrored));
                assert_eq!(h(&reflected, board), larger, "{sizes:?} {board:?}");
                assert!(larger <= d, "{sizes:?} {board:?}: {larger} > {d}");
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
        let groups = by_symmetry(&puzzle, 0, &P4443)
            .unwrap_or_else(|| in_reading_order(&puzzle, &[3, 4, 4, 4]));
        for layout in [Layout::Spread, Layout::Rank] {
            let quiet = TableWork::quiet();
            let tables =
                Additive::with_cache(&puzzle, &groups, layout, true, None, &quiet).unwrap();
            check_walk(&puzzle, &tables);
        }
        check_walk(&puzzle, &RegionTables::new(&puzzle, &groups, true));
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
        (&P4443[..], 134_400),
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
            assert_eq!(Layout::fitting(16, &groups), Layout::Regions);
            assert_eq!(RegionTables::bytes(16, &groups, 1).0, 4 * spread);
            assert_eq!(Additive::new(&puzzle, &groups, true).bytes(), spread);
        }
    }
}

#[test]
fn symmetries_map_neighbours_to_neighbours_and_the_diagonals_fix_their_cells() {
    for (rows, cols, count) in [(4, 4, 8), (3, 4, 4), (5, 5, 8), (2, 3, 4)] {
        let shape = Shape { rows, cols };
        let all = symmetries(shape);
        assert_eq!(all.len(), count, "{shape:?}");
        assert_eq!(
            all[0],
            (0..shape.cells()).collect::<Vec<_>>(),
            "identity first"
        );
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), count, "{shape:?}");
        for s in &all {
            for a in 0..shape.cells() {
                for b in adjacent(shape, a) {
                    assert!(adjacent(shape, s[a]).any(|c| c == s[b]), "{shape:?} {s:?}");
                }
            }
        }
    }
    // The 4×4: the main diagonal for cells on it, else the anti-diagonal; none off both.
    let four = Shape { rows: 4, cols: 4 };
    let main = |p: usize| (p % 4) * 4 + p / 4;
    let anti = |p: usize| (3 - p % 4) * 4 + (3 - p / 4);
    for cell in 0..16 {
        let (r, c) = (cell / 4, cell % 4);
        let expected: Option<Vec<usize>> = match (r == c, r + c == 3) {
            (true, _) => Some((0..16).map(main).collect()),
            (false, true) => Some((0..16).map(anti).collect()),
            (false, false) => None,
        };
        assert_eq!(diagonal_fixing(four, cell), expected, "cell {cell}");
    }
    assert_eq!(diagonal_fixing(Shape { rows: 3, cols: 4 }, 0), None);
}

/// A build stops at the first look at `stop` that says so, at a level or within one, and
/// gives no table; a stop that never comes gives the whole table.
#[test]
fn a_build_stops_when_asked() {
    let four = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(four, (1..16).chain([0]).collect());
    let group = &[0u8, 1, 2, 3, 4, 5][..];
    let asked = std::sync::atomic::AtomicUsize::new(0);
    let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
    let stopping = TableWork {
        stop: &stop,
        ..work(2, &|_| {})
    };
    assert_eq!(
        build_table(&puzzle, group, 15, Layout::Rank, &stopping),
        None
    );
    assert!(asked.load(Ordering::Relaxed) >= 4, "asked until it said so");
    let table = build_table(&puzzle, group, 15, Layout::Rank, &work(2, &|_| {}));
    assert_eq!(table.map(|t| t.len()), Some(table_len(16, 6)));
}
