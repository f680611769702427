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
    solve_all_to(boards, output, eight::STANDARD)
}

fn solve_all_to(boards: &[Vec<u8>], output: eight::Output, goal: eight::Board) -> Vec<String> {
    let mut out = Vec::new();
    let input = eight_notation(boards);
    let options = eight::Options { output, goal };
    eight::run(input.as_bytes(), &mut out, options, eight::Reading::Whole)
        .expect("every board is well formed");
    lines(out)
}

/// A goal given as `--goal` gives it, with the blank on an edge: the rows and the columns then
/// need walking-distance tables of their own (the blank's row is 0, its column 1).
const EXPLICIT_GOAL: &str = "4 x 1 7 3 8 2 6 5";

fn explicit_goal() -> eight::Board {
    let args = ["--goal", EXPLICIT_GOAL].map(String::from);
    match eight::parse_args(args).expect("a good goal") {
        eight::Command::Solve { options, .. } => options.goal,
        other => panic!("{other:?} is not a command to solve"),
    }
}

/// The goals checked on every board: the standard one, the spiral (blank in the centre) and
/// [`EXPLICIT_GOAL`].
fn goals() -> [eight::Board; 3] {
    [eight::STANDARD, eight::SPIRAL, explicit_goal()]
}

/// Checks the moves and the paths `run` prints for every arrangement against an independent
/// table from `goal`, and returns that table.
fn check_every_board(goal: eight::Board) -> Reference {
    let reference = Reference::new(3, 3, &goal);
    let boards = permutations(9);
    assert_eq!(boards.len(), 362_880);
    let moves = solve_all_to(&boards, eight::Output::Moves, goal);
    reference.check_moves(&boards, &moves);
    let paths = solve_all_to(&boards, eight::Output::Path, goal);
    reference.check_paths(&boards, &paths);
    assert_eq!(reference.reachable(), 181_440);
    reference
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

/// Luogu P1379's goal: at most 30 moves, 148 boards at 30 (ANCHORS.md), and the other parity
/// class than the standard goal's.
#[test]
fn every_board_to_the_spiral_goal() {
    let reference = check_every_board(eight::SPIRAL);
    let counts = reference.counts_by_distance();
    assert_eq!((counts.len(), counts[30]), (31, 148));
    let standard = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    assert_eq!(reference.distance(&standard), None);
}

#[test]
fn every_board_to_an_explicit_goal() {
    let goal = explicit_goal();
    assert_eq!(goal, [4, 0, 1, 7, 3, 8, 2, 6, 5]);
    check_every_board(goal);
}

/// `run` answers most boards of a large input from its table: check the search on every
/// board too, and the parity test on every arrangement, for each goal.
#[test]
#[ignore = "tier 2: about 15 s"]
fn ida_star_and_parity_agree_with_the_table() {
    check_ida_star_and_parity(1);
}

/// [`ida_star_and_parity_agree_with_the_table`] on one arrangement in 61.
#[test]
fn ida_star_and_parity_agree_with_the_table_on_a_sample() {
    check_ida_star_and_parity(61);
}

/// The search and the parity test on every `every`-th arrangement of 3×3, for each goal,
/// against the breadth-first table.
fn check_ida_star_and_parity(every: usize) {
    let boards = permutations(9);
    for goal in goals() {
        let reference = Reference::new(3, 3, &goal);
        let walking = eight::WalkingDistance::new(&goal);
        for board in boards.iter().step_by(every) {
            let board: eight::Board = board[..].try_into().unwrap();
            let expected = reference.canonical_path(&board);
            assert_eq!(
                eight::solvable(&board, &goal),
                expected.is_some(),
                "board {board:?}, goal {goal:?}"
            );
            if let Some(expected) = expected {
                let (path, _nodes) = eight::ida_star(&walking, &board);
                assert_eq!(
                    String::from_utf8(path).unwrap(),
                    expected,
                    "board {board:?}, goal {goal:?}"
                );
            }
        }
    }
}

#[test]
fn all_boards_through_the_process() {
    let boards = permutations(9);
    let input = eight_notation(&boards).into_bytes();
    for args in [&[][..], &["--goal", "spiral"]] {
        let (code, stdout, stderr) = run_process(env!("CARGO_BIN_EXE_eight"), args, input.clone());
        assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
        assert_eq!(stdout.lines().filter(|&l| l == "-1").count(), 181_440);
        assert_eq!(stdout.lines().count(), 362_880);
    }
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

/// At a terminal each board is answered, and shown, as soon as its last token is read, though
/// boards and lines need not match; piped input is read whole before the first answer.
#[test]
fn a_terminal_sees_each_answer_at_once() {
    let lines = [
        "2 3 4\n",
        "1 5 x 7 6 8\n",
        "1 2 3 4 5 6 7 8 x  8 6\n",
        "7 2 5 4 3 x 1\n",
    ];
    let options = eight::Options {
        output: eight::Output::Moves,
        goal: eight::STANDARD,
    };
    let seen = |reading| {
        let (mut typist, mut screen) = common::terminal(&lines);
        eight::run(&mut typist, &mut screen, options, reading).unwrap();
        typist.seen
    };
    let shown = ["", "", "19\n", "19\n0\n", "19\n0\n31\n"];
    assert_eq!(seen(eight::Reading::Lines), shown);
    assert_eq!(seen(eight::Reading::Whole), ["", "", "", "", ""]);
}

/// `--version` prints Cargo.toml's version, which the file cannot read when a judge builds it.
#[test]
fn the_version_is_cargos() {
    assert_eq!(eight::VERSION, env!("CARGO_PKG_VERSION"));
}

/// Output into a pipe closed early (`| head -1`) ends the program quietly, with exit 0; the
/// help fits 80 columns.
#[test]
fn a_closed_pipe_ends_quietly_and_the_help_fits_80_columns() {
    let exe = env!("CARGO_BIN_EXE_eight");
    let input = "23415x768\n".repeat(100_000).into_bytes();
    assert_eq!(common::closed_early(exe, &[], input), (0, String::new()));
    let (code, help, _) = common::run_process(exe, &["--help"], Vec::new());
    assert_eq!(code, 0);
    common::assert_fits_80_columns(&help);
}

#[test]
fn arguments_read_into_commands() {
    let args = |list: &[&str]| eight::parse_args(list.iter().map(|s| s.to_string()));
    let solve = |output, goal, file: Option<&str>| eight::Command::Solve {
        options: eight::Options { output, goal },
        file: file.map(String::from),
    };
    let (output, goal) = (eight::DEFAULT_OUTPUT, eight::DEFAULT_GOAL);
    assert_eq!(args(&[]).unwrap(), solve(output, goal, None));
    let spiral = args(&["--goal", "spiral", "--path"]).unwrap();
    assert_eq!(spiral, solve(eight::Output::Path, eight::SPIRAL, None));
    let explicit = args(&["--goal", "1 2 3 8 x 4 7 6 5"]).unwrap();
    assert_eq!(explicit, solve(output, eight::SPIRAL, None));
    let compact = args(&["--goal", "12345678x"]).unwrap();
    assert_eq!(compact, solve(output, eight::STANDARD, None));
    assert_eq!(args(&["--help", "-x"]).unwrap(), eight::Command::Help);
    assert_eq!(args(&["--version"]).unwrap(), eight::Command::Version);
    let file = args(&["--goal", "spiral", "boards.txt"]).unwrap();
    assert_eq!(file, solve(output, eight::SPIRAL, Some("boards.txt")));
    let not_a_goal = "is not standard, spiral or a board of nine tiles 1-8 and x";
    for (bad, message) in [
        (&["--goal"][..], "--goal needs a value".to_string()),
        (
            &["--goal", "1 2 3"],
            format!("--goal \"1 2 3\" {not_a_goal}"),
        ),
        (
            &["--goal", "12345678x1"],
            format!("--goal \"12345678x1\" {not_a_goal}"),
        ),
        (
            &["--goal", "12345677x"],
            format!("--goal \"12345677x\" {not_a_goal}"),
        ),
        (&["-x"], "unknown argument \"-x\"".to_string()),
        (
            &["a", "b"],
            "a second file \"b\": one at most is read".to_string(),
        ),
    ] {
        let error = args(bad).unwrap_err();
        assert_eq!(
            (error.exit_code(), error.to_string()),
            (2, message),
            "{bad:?}"
        );
    }
}

/// Bad boards give the same errors whether the input is read whole or a line at a time.
#[test]
fn errors_name_the_case_and_place_in_both_readings() {
    let cases = [
        ("12345678x\n1234", "case 2: input ends after 4 of 9 tiles"),
        ("1 2 3\n4 a", "case 1: 'a' is not a tile (line 2, column 3)"),
        ("1239", "case 1: '9' is not a tile (line 1, column 4)"),
        (
            "1 2 3 4 5 5",
            "case 1: tile 5 is repeated (line 1, column 11)",
        ),
        ("x 0", "case 1: the blank is repeated (line 1, column 3)"),
        (
            "12\u{e9}",
            "case 1: '\u{e9}' is not a tile (line 1, column 3)",
        ),
    ];
    let options = eight::Options {
        output: eight::Output::Moves,
        goal: eight::STANDARD,
    };
    for reading in [eight::Reading::Whole, eight::Reading::Lines] {
        for (input, message) in cases {
            let error = eight::run(input.as_bytes(), &mut Vec::new(), options, reading);
            let error = error.unwrap_err();
            assert_eq!((error.exit_code(), error.to_string()), (1, message.into()));
        }
        let error = eight::run(&b"12\xff"[..], &mut Vec::new(), options, reading).unwrap_err();
        assert_eq!(
            error.to_string(),
            "case 1: byte 0xff is not a tile (line 1, column 3)"
        );
    }
}

/// The walking distance of every goal, its blank on each of the nine cells (the rows' and
/// the columns' tables then differ but on the diagonal): the search and the table find the
/// same path from every 97th arrangement that reaches the goal, and none from the others.
#[test]
fn the_search_and_the_table_agree_for_a_goal_blank_on_every_cell() {
    let boards = permutations(9);
    for blank in 0..9 {
        let mut goal = eight::STANDARD;
        goal.swap(blank, 8);
        let table = eight::Table::new(&goal);
        let walking = eight::WalkingDistance::new(&goal);
        assert_eq!(eight::ida_star(&walking, &goal).0, b"");
        for board in boards.iter().step_by(97) {
            let board: eight::Board = board[..].try_into().unwrap();
            let path = table.path(&board);
            assert_eq!(path.is_some(), eight::solvable(&board, &goal));
            if let Some(path) = path {
                let (found, _nodes) = eight::ida_star(&walking, &board);
                assert_eq!(path, found, "{board:?} to {goal:?}");
            }
        }
    }
}
