//! `--random`: boards drawn uniformly among those that reach the goal, and random walks,
//! from a seed (the golden files hold a seed's boards, so they stay the same).

use super::fifteen::random::{uniform, walk, SplitMix};
use super::*;

/// The chi-square statistic of `counts` against equal expected counts.
fn chi_square(counts: &[u64]) -> f64 {
    let draws: u64 = counts.iter().sum();
    let expected = draws as f64 / counts.len() as f64;
    let gap = |&count: &u64| (count as f64 - expected).powi(2) / expected;
    counts.iter().map(gap).sum()
}

/// 36,000 boards of 2×3 from a fixed seed: every one of the 360 that reach the goal is
/// drawn, none other, and their counts pass a chi-square test at the 0.1% level (359
/// degrees of freedom: 447.6 by Wilson and Hilferty's approximation).
#[test]
fn uniform_draws_every_reachable_2x3_board_alike() {
    let shape = Shape { rows: 2, cols: 3 };
    let goal = Goal::Standard.board(shape).unwrap();
    let table = distance_table(shape, &goal);
    assert_eq!(table.len(), 360);
    let mut counts: HashMap<Vec<u32>, u64> = HashMap::new();
    let mut random = SplitMix::new(2026);
    for _ in 0..36_000 {
        *counts
            .entry(uniform(shape, &goal, &mut random))
            .or_default() += 1;
    }
    assert!(counts.keys().all(|board| table.contains_key(board)));
    assert_eq!(counts.len(), 360);
    let counts: Vec<u64> = counts.into_values().collect();
    let statistic = chi_square(&counts);
    assert!(statistic < 447.6, "chi-square {statistic}");
}

/// On a line, the tiles keep the goal's order and the blank's cell is drawn alike: 5,000
/// boards of 1×5 take each of the 5 cells, and pass a chi-square test at 0.1% (18.47).
#[test]
fn uniform_on_a_line_draws_the_blank_s_cell_alike() {
    let shape = Shape { rows: 1, cols: 5 };
    let goal = Goal::Spiral.board(shape).unwrap();
    let mut counts = [0u64; 5];
    let mut random = SplitMix::new(7);
    for _ in 0..5_000 {
        let board = uniform(shape, &goal, &mut random);
        assert!(is_reachable(shape, &board, &goal), "{board:?}");
        counts[board.iter().position(|&t| t == 0).unwrap()] += 1;
    }
    assert!(counts.iter().all(|&count| count > 0), "{counts:?}");
    assert!(chi_square(&counts) < 18.47, "{counts:?}");
}

/// The boards drawn reach their goal on every shape and goal, odd and even sides, and a
/// shape of one cell.
#[test]
fn uniform_boards_reach_the_goal() {
    let mut random = SplitMix::new(1);
    for (rows, cols) in [(1, 1), (2, 2), (3, 3), (3, 4), (4, 4), (5, 5), (7, 2)] {
        let shape = Shape { rows, cols };
        for goal in [Goal::Standard, Goal::BlankFirst, Goal::Spiral] {
            let goal = goal.board(shape).unwrap();
            for _ in 0..200 {
                let board = uniform(shape, &goal, &mut random);
                assert!(is_reachable(shape, &board, &goal), "{shape:?} {board:?}");
            }
        }
    }
}

/// A walk of K moves ends at most K moves from the goal and at a distance of K's parity;
/// one of 2 moves from a corner blank ends exactly 2 away, since it never undoes a move.
#[test]
fn walks_end_within_their_moves_and_never_undo() {
    let budget = Budget::new(NO_LIMITS);
    let mut meter = budget.meter();
    let mut walk = |shape, goal: &[u32], moves, random: &mut SplitMix| {
        walk(shape, goal, moves, random, &mut meter).expect("no limits")
    };
    let shape = Shape { rows: 3, cols: 3 };
    for goal in [Goal::Standard, Goal::Spiral] {
        let goal = goal.board(shape).unwrap();
        let table = distance_table(shape, &goal);
        let mut random = SplitMix::new(99);
        for moves in 0..16u32 {
            for _ in 0..50 {
                let board = walk(shape, &goal, u64::from(moves), &mut random);
                let distance = table[&board];
                assert!(distance <= moves && distance % 2 == moves % 2, "{board:?}");
            }
        }
    }
    let goal = Goal::Standard.board(shape).unwrap();
    let table = distance_table(shape, &goal);
    let mut random = SplitMix::new(5);
    for _ in 0..50 {
        assert_eq!(table[&walk(shape, &goal, 2, &mut random)], 2);
    }
    // A line's end leaves only the move back: the walk takes it rather than stop.
    let line = Shape { rows: 1, cols: 2 };
    let goal = Goal::Standard.board(line).unwrap();
    assert_eq!(walk(line, &goal, 3, &mut random), [0, 1]);
    assert_eq!(meter.nodes(), 2 * 16 * 15 / 2 * 50 + 2 * 50 + 3);
}

/// `below(n)` stays below `n`, for n from 1 to a power of two and past it.
#[test]
fn below_stays_in_range() {
    let mut random = SplitMix::new(0);
    for n in [1, 2, 3, 10, 1 << 32, (1 << 63) + 1, u64::MAX] {
        for _ in 0..1000 {
            assert!(random.below(n) < n);
        }
    }
}

/// The moves of `--random`'s walks count against `--max-nodes` and `--time-limit`, which stop
/// them (exit 3), and a walk of more than 2^32 moves is refused (exit 2).
#[test]
fn walks_stop_at_the_limits() {
    let random = |args: &[&str]| {
        let args = [&["--random", "2", "--shape", "3"][..], args].concat();
        common::run_process(env!("CARGO_BIN_EXE_fifteen"), &args, Vec::new())
    };
    let (code, stdout, stderr) = random(&["--walk", "100", "--max-nodes", "150"]);
    assert_eq!(code, 3, "{stderr}");
    assert_eq!(stdout.lines().count(), 4, "the first board: {stdout}");
    assert_eq!(
        stderr,
        "error: case 2: node limit reached: 150 nodes generated (--max-nodes 150)\n"
    );
    let started = std::time::Instant::now();
    let (code, stdout, stderr) = random(&["--walk", "4294967296", "--time-limit", "0.2"]);
    assert_eq!((code, stdout.as_str()), (3, ""), "{stderr}");
    assert!(
        stderr.starts_with("error: case 1: time limit reached: 0.2 s"),
        "{stderr}"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    let (code, _, stderr) = random(&["--walk", "4294967297"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr
            .starts_with("error: --walk \"4294967297\": expected a whole number up to 4294967296"),
        "{stderr}"
    );
}
