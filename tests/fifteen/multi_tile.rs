//! `--metric mtm`: the optimal search in the multi-tile metric against breadth-first searches
//! in that metric, written here over boards as vectors: every board of 1×4, 2×2, 2×3, 2×4,
//! 4×2 and 3×3 (lengths, canonical paths, the count of optimal paths), the painted table of a
//! 3×3 paint entry by entry, short walks on 3×4, 4×3 and 4×4 by a search from both ends,
//! Korf's 100 by slidy's lengths, and the table kept in a file.

use super::fifteen::notation::{multi_tile_length, Metric};
use super::fifteen::search::multi_tile::painted::{Paint, Painted};
use super::fifteen::search::multi_tile::{self, Bound};
use super::fifteen::solve::EveryPath;
use super::*;

/// The boards one multi-tile move from `board`, in canonical order (`D < L < R < U`, then
/// shorter runs first), each with its letters.
fn multi_moves(shape: Shape, board: &[u32]) -> Vec<(String, Vec<u32>)> {
    let mut moves = Vec::new();
    for letter in ["D", "L", "R", "U"] {
        let mut run = letter.to_string();
        while let Some(next) = replay(shape, board, &run) {
            moves.push((run.clone(), next));
            run.push_str(letter);
        }
    }
    moves
}

/// The least multi-tile moves to `goal` of every board that reaches it: a breadth-first
/// search from the goal (a run of moves is undone by the opposite run).
fn multi_table<T: Clone + Eq + std::hash::Hash>(
    goal: &[T],
    moves: impl Fn(&[T]) -> Vec<Vec<T>>,
) -> HashMap<Vec<T>, u32> {
    let mut table = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = table[&board];
        for next in moves(&board) {
            table.entry(next.clone()).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    table
}

/// The boards of `shape` one multi-tile move from `board`.
fn neighbours(shape: Shape, board: &[u32]) -> Vec<Vec<u32>> {
    multi_moves(shape, board)
        .into_iter()
        .map(|(_, b)| b)
        .collect()
}

/// The canonical path read off the table: at each step the first move of [`multi_moves`]
/// that gets one move closer.
fn multi_canonical(shape: Shape, table: &HashMap<Vec<u32>, u32>, board: &[u32]) -> String {
    let (mut board, mut path) = (board.to_vec(), String::new());
    while table[&board] > 0 {
        let d = table[&board];
        let (run, next) = multi_moves(shape, &board)
            .into_iter()
            .find(|(_, next)| table[next] + 1 == d)
            .expect("a move closer");
        path += &run;
        board = next;
    }
    path
}

/// The config of `--metric mtm` for `goal`.
fn mtm(goal: Goal) -> Config {
    with(Settings {
        goal,
        metric: Metric::Multi,
        limits: NO_LIMITS,
        ..Settings::default()
    })
}

/// The input of `boards` of `shape`, a case each.
fn cases<'a>(shape: Shape, boards: impl Iterator<Item = &'a Vec<u32>>) -> String {
    let header = format!("{} {}\n", shape.rows, shape.cols);
    let line = |b: &Vec<u32>| b.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    boards.map(|b| format!("{header}{}\n", line(b))).collect()
}

/// Every `every`-th board of `shape` that reaches `goal`: `--metric mtm` prints the table's
/// least moves and the canonical path read off it, byte for byte.
fn assert_every_board(shape: Shape, goal: Goal, every: usize) {
    let config = mtm(goal.clone());
    let goal = goal.board(shape).unwrap();
    let table = multi_table(&goal, |b| neighbours(shape, b));
    let mut boards: Vec<&Vec<u32>> = table.keys().collect();
    boards.sort();
    let boards: Vec<&Vec<u32>> = boards.into_iter().step_by(every).collect();
    let (output, result) = run_text(&config, &cases(shape, boards.iter().copied()));
    assert_eq!(result, Ok(()));
    let mut lines = output.lines();
    for board in boards {
        let expected = (
            table[board].to_string(),
            multi_canonical(shape, &table, board),
        );
        let printed = (lines.next().unwrap(), lines.next().unwrap());
        assert_eq!(printed, (&expected.0[..], &expected.1[..]), "{board:?}");
    }
    assert_eq!(lines.next(), None);
}

#[test]
#[ignore = "tier 2: about 25 s"]
fn every_3x3_board_has_its_least_multi_tile_moves_and_canonical_path() {
    let shape = Shape { rows: 3, cols: 3 };
    for goal in [Goal::Standard, Goal::Spiral] {
        assert_every_board(shape, goal, 1);
    }
}

/// [`every_3x3_board_has_its_least_multi_tile_moves_and_canonical_path`] on one board in 97.
#[test]
fn a_sample_of_3x3_boards_has_its_least_multi_tile_moves_and_canonical_path() {
    let shape = Shape { rows: 3, cols: 3 };
    for goal in [Goal::Standard, Goal::Spiral] {
        assert_every_board(shape, goal, 97);
    }
}

#[test]
fn every_board_of_the_small_shapes_has_its_least_multi_tile_moves() {
    for (rows, cols) in [(1, 4), (2, 2), (2, 3), (2, 4), (4, 2)] {
        assert_every_board(Shape { rows, cols }, Goal::Standard, 1);
    }
    assert_every_board(Shape { rows: 2, cols: 4 }, Goal::BlankFirst, 1);
}

/// A paint of `shape` by the goal's rows or columns: the table (built on two threads) is the
/// breadth-first search of the paintings entry by entry, at most the board's least moves, and
/// the search by it finds the least moves and canonical path of every `every`-th board.
fn assert_painted_table_is_exact_and_bounds_the_search(shape: Shape, every: usize) {
    let goal = Goal::Standard.board(shape).unwrap();
    let table = multi_table(&goal, |b| neighbours(shape, b));
    let puzzle = Puzzle::new(shape, goal.iter().map(|&t| t as u8).collect());
    let n = shape.cells();
    let by_rows = |p: usize| 1 + shape.row(p) as u8;
    let by_cols = |p: usize| 1 + shape.col(p) as u8;
    for (line, lines) in [
        (&by_rows as &dyn Fn(usize) -> u8, shape.rows),
        (&by_cols, shape.cols),
    ] {
        let color: Vec<u8> = (0..n)
            .map(|p| if p == n - 1 { 0 } else { line(p) })
            .collect();
        let paint = Paint {
            color,
            colors: lines + 1,
        };
        let painted = Painted::build(&puzzle, &paint, &work(2, &|_| {})).unwrap();
        // The paintings' own breadth-first search, over boards of colors.
        let paint_of = |b: &[u32]| -> Vec<u32> {
            let at = |t: u32| goal.iter().position(|&g| g == t).unwrap();
            b.iter().map(|&t| u32::from(paint.color[at(t)])).collect()
        };
        let painted_goal = paint_of(&goal);
        let colors = multi_table(&painted_goal, |b| neighbours(shape, b));
        assert_eq!(colors.len(), Painted::len(&paint));
        for (colored, &d) in &colors {
            let bytes: Vec<u8> = colored.iter().map(|&c| c as u8).collect();
            assert_eq!(u32::from(painted.moves(painted.code(&bytes))), d);
        }
        let bound = Bound::new(&puzzle, &paint, painted);
        let budget = Budget::new(NO_LIMITS);
        for (index, (board, &d)) in table.iter().enumerate() {
            assert!(colors[&paint_of(board)] <= d, "{board:?}");
            if d == 0 || index % every != 0 {
                continue;
            }
            let bytes: Vec<u8> = board.iter().map(|&t| t as u8).collect();
            let path = multi_tile::solve(&puzzle, &bound, &bytes, &budget)
                .unwrap()
                .unwrap();
            let letters: String = path.iter().map(|m| m.letter()).collect();
            assert_eq!(letters, multi_canonical(shape, &table, board), "{board:?}");
        }
    }
}

#[test]
#[ignore = "tier 2: about 15 s"]
fn a_painted_table_of_the_3x3_is_its_breadth_first_search_and_bounds_the_search() {
    assert_painted_table_is_exact_and_bounds_the_search(Shape { rows: 3, cols: 3 }, 7);
}

#[test]
fn a_painted_table_of_the_2x3_is_its_breadth_first_search_and_bounds_the_search() {
    assert_painted_table_is_exact_and_bounds_the_search(Shape { rows: 2, cols: 3 }, 1);
}

/// The least multi-tile moves between two boards by a breadth-first search from both ends,
/// a whole level of the smaller side at a time.
fn multi_distance(shape: Shape, from: &[u32], to: &[u32]) -> u32 {
    if from == to {
        return 0;
    }
    let mut seen = [
        HashMap::from([(from.to_vec(), 0)]),
        HashMap::from([(to.to_vec(), 0)]),
    ];
    let mut frontier = [vec![from.to_vec()], vec![to.to_vec()]];
    loop {
        let side = usize::from(frontier[1].len() < frontier[0].len());
        let (mut next, mut met) = (Vec::new(), u32::MAX);
        for board in std::mem::take(&mut frontier[side]) {
            let d = seen[side][&board] + 1;
            for near in neighbours(shape, &board) {
                if seen[side].contains_key(&near) {
                    continue;
                }
                if let Some(&e) = seen[1 - side].get(&near) {
                    met = met.min(d + e);
                }
                seen[side].insert(near.clone(), d);
                next.push(near);
            }
        }
        if met < u32::MAX {
            return met;
        }
        frontier[side] = next;
    }
}

/// `boards` boards of each of `shapes` (the pictures' paints) under each of `goals`, a short
/// random walk from the goal: the least multi-tile moves of a search from both ends, and a
/// path of that many runs that replays to the goal.
fn assert_short_walks(shapes: &[(usize, usize)], goals: &[Goal], boards: usize) {
    let mut seed = 0x5eed_0047;
    for &(rows, cols) in shapes {
        let shape = Shape { rows, cols };
        for goal in goals {
            let mut config = mtm(goal.clone());
            config.solver.jobs = 2;
            let goal = goal.board(shape).unwrap();
            let boards: Vec<Vec<u32>> = (0..boards)
                .map(|i| walk_from(shape, &goal, 8 + i, &mut seed))
                .collect();
            let (output, result) = run_text(&config, &cases(shape, boards.iter()));
            assert_eq!(result, Ok(()));
            let mut lines = output.lines();
            for board in &boards {
                let moves: u32 = lines.next().unwrap().parse().unwrap();
                let path = lines.next().unwrap();
                assert_eq!(moves, multi_distance(shape, board, &goal), "{board:?}");
                assert_eq!(multi_tile_length(path.as_bytes()), u64::from(moves));
                assert_replays(shape, board, &goal, path);
            }
        }
    }
}

#[test]
#[ignore = "tier 2: about 30 s (a 4x4 table)"]
fn short_walks_on_the_painted_shapes_have_their_least_multi_tile_moves() {
    let goals = [Goal::Standard, Goal::BlankFirst, Goal::Spiral];
    assert_short_walks(&[(3, 4), (4, 3)], &goals, 12);
    assert_short_walks(&[(4, 4)], &[Goal::Spiral], 12);
}

/// [`short_walks_on_the_painted_shapes_have_their_least_multi_tile_moves`] on the 3×4 alone.
#[test]
fn short_walks_on_the_3x4_have_their_least_multi_tile_moves() {
    assert_short_walks(&[(3, 4)], &[Goal::Standard], 6);
}

/// The number of least multi-tile paths from every board of `table` to its goal.
fn multi_path_counts(shape: Shape, table: &HashMap<Vec<u32>, u32>) -> HashMap<Vec<u32>, u64> {
    let mut boards: Vec<(&Vec<u32>, u32)> = table.iter().map(|(b, &d)| (b, d)).collect();
    boards.sort_by_key(|&(_, d)| d);
    let mut counts: HashMap<Vec<u32>, u64> = HashMap::new();
    for (board, d) in boards {
        let closer = neighbours(shape, board).into_iter();
        let count = match d {
            0 => 1,
            _ => closer
                .filter(|n| table[n] + 1 == d)
                .map(|n| counts[&n])
                .sum(),
        };
        counts.insert(board.clone(), count);
    }
    counts
}

/// On every board of `shape`, under two goals, `--count-paths` in the multi-tile metric
/// gives the breadth-first count; `--all-paths` on a sample lists them in canonical order,
/// each replayed to the goal in the least runs.
fn assert_optimal_multi_tile_paths_are_counted_and_listed(shape: Shape) {
    for goal in [Goal::Standard, Goal::Spiral] {
        let mut counting = mtm(goal.clone());
        let limit = u64::MAX;
        counting.solver.paths = Some(EveryPath { limit, list: false });
        let mut listing = counting.clone();
        listing.solver.paths = Some(EveryPath { limit, list: true });
        let goal = goal.board(shape).unwrap();
        let table = multi_table(&goal, |b| neighbours(shape, b));
        let counts = multi_path_counts(shape, &table);
        let mut boards: Vec<&Vec<u32>> = table.keys().filter(|b| table[*b] > 0).collect();
        boards.sort();
        let (output, result) = run_text(&counting, &cases(shape, boards.iter().copied()));
        assert_eq!(result, Ok(()));
        let expected: String = boards
            .iter()
            .map(|b| format!("{}\n{}\n", table[*b], counts[*b]))
            .collect();
        assert_eq!(output, expected);
        let sample: Vec<&Vec<u32>> = boards.into_iter().step_by(89).collect();
        let (output, result) = run_text(&listing, &cases(shape, sample.iter().copied()));
        assert_eq!(result, Ok(()));
        let mut lines = output.lines();
        // A path as its moves, (direction in canonical order, length), to compare in order.
        let runs = |path: &str| -> Vec<(usize, usize)> {
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for letter in path.chars() {
                let i = "DLRU".find(letter).unwrap();
                match runs.last_mut() {
                    Some((last, length)) if *last == i => *length += 1,
                    _ => runs.push((i, 1)),
                }
            }
            runs
        };
        for board in sample {
            let moves: u32 = lines.next().unwrap().parse().unwrap();
            assert_eq!(moves, table[board]);
            let paths: Vec<&str> = (0..counts[board]).map(|_| lines.next().unwrap()).collect();
            assert_eq!(paths[0], multi_canonical(shape, &table, board));
            assert!(
                paths.windows(2).all(|w| runs(w[0]) < runs(w[1])),
                "{paths:?}"
            );
            for path in paths {
                assert_eq!(multi_tile_length(path.as_bytes()), u64::from(moves));
                assert_replays(shape, board, &goal, path);
            }
        }
        assert_eq!(lines.next(), None);
    }
}

#[test]
#[ignore = "tier 2: about 8 s"]
fn every_optimal_multi_tile_path_of_the_3x3_is_counted_and_listed() {
    assert_optimal_multi_tile_paths_are_counted_and_listed(Shape { rows: 3, cols: 3 });
}

#[test]
fn every_optimal_multi_tile_path_of_the_2x3_is_counted_and_listed() {
    assert_optimal_multi_tile_paths_are_counted_and_listed(Shape { rows: 2, cols: 3 });
}

/// Korf's 100 in the multi-tile metric: the lengths slidy's optimal 4×4 solver gave on them
/// (`tests/data/korf100-mtm.txt`), every path replayed (seconds on two threads).
#[test]
#[ignore = "tier 2: about 40 s (a 4x4 table built)"]
fn korfs_100_have_slidys_multi_tile_lengths() {
    let shape = Shape { rows: 4, cols: 4 };
    let path = format!("{}/tests/data/korf100-mtm.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let lengths: HashMap<u32, u32> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace().map(|w| w.parse().unwrap());
            (words.next().unwrap(), words.next().unwrap())
        })
        .collect();
    let instances = korf("korf100-blank-last.txt", &[]);
    let boards: Vec<Vec<u32>> = instances.iter().map(|(_, _, b)| b.clone()).collect();
    let mut config = mtm(Goal::Standard);
    config.solver.jobs = 2;
    let (output, result) = run_text(&config, &cases(shape, boards.iter()));
    assert_eq!(result, Ok(()));
    let goal = Goal::Standard.board(shape).unwrap();
    let mut lines = output.lines();
    for (id, _, board) in &instances {
        let moves: u32 = lines.next().unwrap().parse().unwrap();
        let path = lines.next().unwrap();
        assert_eq!(moves, lengths[id], "Korf's #{id}");
        assert_eq!(multi_tile_length(path.as_bytes()), u64::from(moves));
        assert_replays(shape, board, &goal, path);
    }
}

/// The 3×4's table kept in `--cache`: written once, read back to the same entries, a planted
/// file (its checksum right) read as it is, a damaged one built again and written again.
#[test]
#[ignore = "tier 2: about 10 s"]
fn a_kept_painted_table_is_read_back_and_a_damaged_one_rebuilt() {
    let dir = scratch_dir("painted");
    let mut puzzle = Puzzle::new(Shape { rows: 3, cols: 4 }, (1..12).chain([0]).collect());
    puzzle.shared.cache = Some(dir.clone());
    let paint = Paint::of_goal(&puzzle).unwrap();
    let built = Painted::build(&puzzle, &paint, &work(1, &|_| {})).unwrap();
    let kept = || Painted::cached_or_built(&puzzle, &paint, &work(2, &|_| {})).unwrap();
    assert_eq!(kept().entries(), built.entries());
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one file, no temporary left: {files:?}");
    let (file, written) = (&files[0], std::fs::read(&files[0]).unwrap());
    assert_eq!(&written[..built.entries().len()], built.entries());
    assert_eq!(kept().entries(), built.entries());
    // Every entry one higher, the checksum made again: read as it is.
    let len = built.entries().len();
    let mut planted = written[..written.len() - 8].to_vec();
    planted[..len].iter_mut().for_each(|d| *d += 1);
    planted.extend(checksum(&planted).to_le_bytes());
    std::fs::write(file, &planted).unwrap();
    assert_eq!(kept().entries(), &planted[..len]);
    // A byte damaged: built again, and the file written again.
    let mut damaged = written.clone();
    damaged[len / 2] ^= 0x40;
    std::fs::write(file, &damaged).unwrap();
    assert_eq!(kept().entries(), built.entries());
    assert_eq!(std::fs::read(file).unwrap(), written);
}
