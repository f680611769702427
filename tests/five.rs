//! `five` against an independent breadth-first table over all 720 arrangements of a 2×3 board,
//! and through the real process on inputs too large for golden files.

#[allow(dead_code)]
#[path = "../src/bin/five.rs"]
mod five;

mod common;

use common::{lines, permutations, run_process, Reference};

const SAMPLE_TEXT: &str = "[[1,2,3],[4,0,5]]\n";

fn reference() -> Reference {
    Reference::new(2, 3, &[1, 2, 3, 4, 5, 0])
}

fn solve_all(boards: &[Vec<u8>], output: five::Output) -> Vec<String> {
    let input: String = boards.iter().map(|b| format!("{b:?}\n")).collect();
    let mut out = Vec::new();
    five::run(input.as_bytes(), &mut out, output, five::Reading::Whole)
        .expect("every board is well formed");
    lines(out)
}

#[test]
fn every_board_has_the_breadth_first_distance() {
    let reference = reference();
    let boards = permutations::<u8>(6);
    assert_eq!(boards.len(), 720);
    reference.check_moves(&boards, &solve_all(&boards, five::Output::Moves));
    assert_eq!(reference.reachable(), 360);
    assert_eq!(
        reference.counts_by_distance()[..],
        common::FIVE_COUNTS_BY_DISTANCE[..]
    );
}

#[test]
fn every_path_is_the_canonical_optimal_one() {
    let reference = reference();
    let boards = permutations::<u8>(6);
    reference.check_paths(&boards, &solve_all(&boards, five::Output::Path));
}

#[test]
fn many_boards_through_the_process() {
    let boards = permutations::<u8>(6);
    let input: String = boards
        .iter()
        .cycle()
        .take(20_000)
        .map(|b| format!("{b:?}\n"))
        .collect();
    let (code, stdout, stderr) = run_process(env!("CARGO_BIN_EXE_five"), &[], input.into_bytes());
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout.lines().count(), 20_000);
}

#[test]
fn a_long_line_of_garbage_is_an_error_not_a_hang() {
    let mut input = SAMPLE_TEXT.as_bytes().to_vec();
    input.extend(std::iter::repeat(b'7').take(10 << 20));
    let (code, stdout, stderr) = run_process(env!("CARGO_BIN_EXE_five"), &[], input);
    assert_eq!(code, 1);
    assert_eq!(stdout, "1\n");
    let expected =
        "error: case 2: tile 77777777777777777777… is out of range 0-5 (line 2, column 1)\n";
    assert_eq!(stderr, expected);
}

/// LeetCode's entry point, on every arrangement (LeetCode passes only boards of one tile each).
#[test]
fn the_leetcode_function_on_every_board() {
    let reference = reference();
    for board in permutations(6) {
        let rows = board.chunks(3).map(|row| row.iter().map(|&t| i32::from(t)));
        let rows = rows.map(Iterator::collect).collect();
        let expected = reference.distance(&board).map_or(-1, |d| d as i32);
        assert_eq!(five::Solution::sliding_puzzle(rows), expected, "{board:?}");
    }
}

/// At a terminal each board is answered, and shown, as soon as its last tile is read, though
/// boards and lines need not match; piped input is read whole before the first answer.
#[test]
fn a_terminal_sees_each_answer_at_once() {
    let lines = [
        "[[1,2,3],\n",
        "[4,0,5]] [[1,2,3],[5,4,0]]\n",
        "[[4,1,2],[5,0,3]]\n",
    ];
    let seen = |reading| {
        let (mut typist, mut screen) = common::terminal(&lines);
        five::run(&mut typist, &mut screen, five::Output::Moves, reading).unwrap();
        typist.seen
    };
    assert_eq!(
        seen(five::Reading::Lines),
        ["", "", "1\n-1\n", "1\n-1\n5\n"]
    );
    assert_eq!(seen(five::Reading::Whole), ["", "", "", ""]);
}

/// `--version` prints Cargo.toml's version, which the file cannot read when a judge builds it.
#[test]
fn the_version_is_cargos() {
    assert_eq!(five::VERSION, env!("CARGO_PKG_VERSION"));
}

/// Output into a pipe closed early (`| head -1`) ends the program quietly, with exit 0; the
/// help fits 80 columns.
#[test]
fn a_closed_pipe_ends_quietly_and_the_help_fits_80_columns() {
    let exe = env!("CARGO_BIN_EXE_five");
    let input = "1 2 3 4 0 5\n".repeat(100_000).into_bytes();
    assert_eq!(common::closed_early(exe, &[], input), (0, String::new()));
    let (code, help, _) = common::run_process(exe, &["--help"], Vec::new());
    assert_eq!(code, 0);
    common::assert_fits_80_columns(&help);
}
