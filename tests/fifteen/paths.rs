//! `--all-paths` and `--count-paths`: every optimal path of a board in canonical order, and
//! their count, against the breadth-first table of every 3×3 board.

use super::fifteen::solve::EveryPath;
use super::*;

/// The number of shortest paths from every board of `table` to its goal: 1 at the goal,
/// elsewhere the sum over the neighbours one move closer.
fn path_counts(shape: Shape, table: &HashMap<Vec<u32>, u32>) -> HashMap<Vec<u32>, u64> {
    let mut boards: Vec<(&Vec<u32>, u32)> = table.iter().map(|(b, &d)| (b, d)).collect();
    boards.sort_by_key(|&(_, d)| d);
    let mut counts: HashMap<Vec<u32>, u64> = HashMap::new();
    for (board, d) in boards {
        let closer = ["U", "D", "L", "R"]
            .iter()
            .filter_map(|m| replay(shape, board, m))
            .filter(|next| table[next] + 1 == d);
        let count = if d == 0 {
            1
        } else {
            closer.map(|next| counts[&next]).sum()
        };
        counts.insert(board.clone(), count);
    }
    counts
}

/// The config of `--all-paths limit` (`list`) or `--count-paths limit`.
fn every(limit: u64, list: bool) -> Config {
    with(Settings {
        paths: Some(EveryPath { limit, list }),
        ..Settings::default()
    })
}

/// The input of `boards` of `shape`, a case each.
fn cases_of<'a>(shape: Shape, boards: impl Iterator<Item = &'a Vec<u32>>) -> String {
    let header = format!("{} {}\n", shape.rows, shape.cols);
    let line = |b: &Vec<u32>| b.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    boards.map(|b| format!("{header}{}\n", line(b))).collect()
}

#[test]
#[ignore = "tier 2: about 25 s"]
fn the_count_of_optimal_paths_is_the_breadth_first_count() {
    check_path_counts(1);
}

/// [`the_count_of_optimal_paths_is_the_breadth_first_count`] on one board in 101.
#[test]
fn a_sample_of_counts_of_optimal_paths_is_the_breadth_first_count() {
    check_path_counts(101);
}

/// On every `step`-th board of 3×3 that reaches the goal, under the standard and the spiral
/// goals, `--count-paths` gives the least moves and the number of shortest paths the table
/// counts.
fn check_path_counts(step: usize) {
    let shape = Shape { rows: 3, cols: 3 };
    for goal in [Goal::Standard, Goal::Spiral] {
        let mut config = every(u64::MAX, false);
        config.solver.goal = goal.clone();
        let goal = goal.board(shape).unwrap();
        let table = distance_table(shape, &goal);
        let counts = path_counts(shape, &table);
        let mut boards: Vec<&Vec<u32>> = table.keys().collect();
        boards.sort();
        let boards: Vec<&Vec<u32>> = boards.into_iter().step_by(step).collect();
        let (output, result) = run_text(&config, &cases_of(shape, boards.iter().copied()));
        assert_eq!(result, Ok(()));
        let mut lines = output.lines();
        for board in boards {
            let moves = lines.next().map(str::to_string);
            let count = lines.next().map(str::to_string);
            if table[board] == 0 {
                // A solved board: its one path, the empty one, is not a count line.
                assert_eq!((moves, count), (Some("0".into()), Some("1".into())));
                continue;
            }
            let expected = (table[board].to_string(), counts[board].to_string());
            assert_eq!(
                (moves, count),
                (Some(expected.0), Some(expected.1)),
                "{board:?}"
            );
        }
    }
}

/// `--all-paths` on a sample of 3×3 boards: every shortest path, each once, in canonical
/// order (the first the canonical one), each replayed to the goal at the least length.
#[test]
fn every_optimal_path_is_listed_in_canonical_order() {
    let shape = Shape { rows: 3, cols: 3 };
    let goal = Goal::Standard.board(shape).unwrap();
    let table = distance_table(shape, &goal);
    let counts = path_counts(shape, &table);
    let mut boards: Vec<&Vec<u32>> = table.keys().collect();
    boards.sort();
    let sample: Vec<&Vec<u32>> = boards
        .into_iter()
        .step_by(97)
        .filter(|b| table[*b] > 0)
        .collect();
    let (output, result) = run_text(
        &every(u64::MAX, true),
        &cases_of(shape, sample.iter().copied()),
    );
    assert_eq!(result, Ok(()));
    let mut lines = output.lines();
    for board in sample {
        let moves: u32 = lines.next().unwrap().parse().unwrap();
        assert_eq!(moves, table[board]);
        let paths: Vec<&str> = (0..counts[board]).map(|_| lines.next().unwrap()).collect();
        assert_eq!(paths[0], canonical_path(shape, &table, board), "{board:?}");
        assert!(
            paths.windows(2).all(|w| w[0] < w[1]),
            "{board:?}: {paths:?}"
        );
        for path in paths {
            assert_eq!(path.len() as u32, moves);
            assert_replays(shape, board, &goal, path);
        }
    }
    assert_eq!(lines.next(), None);
}

/// At the limit the listing stops, says so, and the count says "more than N".
#[test]
fn a_limit_stops_the_paths_cleanly() {
    let board = "3\n8 6 7 2 5 4 3 0 1\n";
    let (output, result) = run_text(&every(3, true), board);
    assert_eq!(result, Ok(()));
    assert_eq!(output.lines().count(), 4, "{output}");
    let (output, _) = run_text(&every(39, false), board);
    assert_eq!(output, "31\nmore than 39\n");
    let (output, _) = run_text(&every(40, false), board);
    assert_eq!(output, "31\n40\n");
}
