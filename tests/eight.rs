//! `eight` against an independent breadth-first table over all 9! arrangements of a 3×3 board,
//! by both of its searches, and through the real process on inputs too large for golden files.

#[allow(dead_code)]
#[path = "../src/bin/eight.rs"]
mod eight;

mod common;

use common::{eight_notation, lines, permutations, run_process, Reference};

fn reference() -> Reference {
    Reference::new(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0])
}

fn solve_all(boards: &[Vec<u8>], output: eight::Output) -> Vec<String> {
    let mut out = Vec::new();
    let input = eight_notation(boards);
    eight::run(input.as_bytes(), &mut out, output).expect("every board is well formed");
    lines(out)
}

#[test]
fn every_board_has_the_breadth_first_distance() {
    let reference = reference();
    let boards = permutations(9);
    assert_eq!(boards.len(), 362_880);
    reference.check_moves(&boards, &solve_all(&boards, eight::Output::Moves));
    assert_eq!(reference.reachable(), 181_440);
    assert_eq!(
        reference.counts_by_distance()[..],
        common::EIGHT_COUNTS_BY_DISTANCE[..]
    );
}

#[test]
fn every_path_is_the_canonical_optimal_one() {
    let reference = reference();
    let boards = permutations(9);
    reference.check_paths(&boards, &solve_all(&boards, eight::Output::Path));
}

/// `run` answers most boards of a large input from its table: check the search on every
/// board too, and the parity test on every arrangement.
#[test]
fn ida_star_and_parity_agree_with_the_table() {
    let reference = reference();
    let walking = eight::WalkingDistance::new();
    for board in permutations(9) {
        let board: eight::Board = board.try_into().unwrap();
        let expected = reference.canonical_path(&board);
        assert_eq!(
            eight::solvable(&board),
            expected.is_some(),
            "board {board:?}"
        );
        if let Some(expected) = expected {
            let (path, _nodes) = eight::ida_star(&walking, &board);
            assert_eq!(
                String::from_utf8(path).unwrap(),
                expected,
                "board {board:?}"
            );
        }
    }
}

#[test]
fn all_boards_through_the_process() {
    let input = eight_notation(&permutations(9));
    let (code, stdout, stderr) = run_process(env!("CARGO_BIN_EXE_eight"), &[], input.into_bytes());
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout.lines().filter(|&l| l == "-1").count(), 181_440);
    assert_eq!(stdout.lines().count(), 362_880);
}

#[test]
fn a_long_line_of_garbage_is_an_error_not_a_hang() {
    let mut input = b"2 3 4 1 5 x 7 6 8\n1 2 3 4 ".to_vec();
    input.extend(std::iter::repeat(b'?').take(10 << 20));
    let (code, stdout, stderr) = run_process(env!("CARGO_BIN_EXE_eight"), &[], input);
    assert_eq!((code, stdout.as_str()), (1, "19\n"));
    assert_eq!(
        stderr,
        "error: case 2: '?' is not a tile (line 2, column 9)\n"
    );
}
