//! `--show` and `--svg`: each frame is the one before with the path's next move made, the
//! last the goal; the text of a frame reads back as its board, aligned, the tile moved
//! marked; played in place, the frames are drawn over each other at their pace; the
//! pictures start at the start board and end at the goal, and equal their copies byte for
//! byte (the README's figure among them). The output without the flags: the golden files.

use super::*;
use fifteen::board::{Lettering, Move};
use fifteen::cli::help;
use fifteen::show::frames::{Frame, Solution};
use fifteen::show::play::{play, Pace};
use fifteen::show::{svg, svg_file, MAX_MOVES, MAX_SIDE};
use std::time::{Duration, Instant};

/// A board to draw, and the search that solves it.
struct Drawn {
    algorithm: Algorithm,
    shape: Shape,
    board: Vec<u32>,
    goal: Vec<u32>,
}

impl Drawn {
    fn new(algorithm: Algorithm, shape: Shape, board: Vec<u32>, goal: Vec<u32>) -> Self {
        Drawn {
            algorithm,
            shape,
            board,
            goal,
        }
    }
}

/// Boards of every kind: every 2×3 board that reaches the goal, 3×3 boards under two goals,
/// three of Korf's 100, boards of 3×4 and 4×3 walked from the goal, and `any`'s long paths
/// on 6×6 and 5×7.
fn sample() -> Vec<Drawn> {
    let mut drawn = Vec::new();
    let mut seed = 40;
    let two_by_three = Shape { rows: 2, cols: 3 };
    let goal = Goal::Standard.board(two_by_three).unwrap();
    for board in common::permutations::<u32>(6) {
        if is_reachable(two_by_three, &board, &goal) {
            drawn.push(Drawn::new(
                Algorithm::Ida,
                two_by_three,
                board,
                goal.clone(),
            ));
        }
    }
    let three = Shape { rows: 3, cols: 3 };
    for goal in [Goal::Standard, Goal::Spiral] {
        let goal = goal.board(three).unwrap();
        for _ in 0..10 {
            let board = random_board(three, &goal, &mut seed);
            drawn.push(Drawn::new(Algorithm::Ida, three, board, goal.clone()));
        }
    }
    let four = Shape { rows: 4, cols: 4 };
    for (_, _, board) in korf("korf100-blank-last.txt", &KORF_FAST[..3]) {
        let goal = Goal::Standard.board(four).unwrap();
        drawn.push(Drawn::new(Algorithm::Ida, four, board, goal));
    }
    for (rows, cols) in [(3, 4), (4, 3)] {
        let shape = Shape { rows, cols };
        let goal = Goal::Standard.board(shape).unwrap();
        let board = walk_from(shape, &goal, 30, &mut seed);
        drawn.push(Drawn::new(Algorithm::Ida, shape, board, goal));
    }
    for (rows, cols) in [(6, 6), (5, 7)] {
        let shape = Shape { rows, cols };
        let goal = Goal::BlankFirst.board(shape).unwrap();
        let board = random_board(shape, &goal, &mut seed);
        drawn.push(Drawn::new(Algorithm::Any, shape, board, goal));
    }
    drawn
}

/// The solution of `board` found by `algorithm`, replayed from the board, to be shown in
/// `lettering`, and its letters for the blank.
fn solved(drawn: &Drawn, lettering: Lettering) -> (Solution, String) {
    let Drawn {
        algorithm,
        shape,
        board,
        goal,
    } = drawn;
    let answer = Solver::new(config(*algorithm, MapKind::Hash).solver, 1, 1)
        .solve_case(&case_of(*shape, board), goal, 1, &())
        .unwrap();
    let path = answer.moves.expect("reachable");
    let mut solution = Solution::new(*shape, board.clone(), lettering);
    path.replay(&mut solution).unwrap();
    (solution.checked().unwrap(), letters(&path))
}

/// The board a frame's text shows, and the cell in brackets: each row cut into cells of
/// the same width, the widest tile's and two more, so that a tile out of its column is not
/// read.
fn read_back(lines: &[String], shape: Shape) -> (Vec<u32>, Option<usize>) {
    let width = (shape.cells() - 1).to_string().len() + 2;
    assert_eq!(lines.len(), shape.rows + 1, "{lines:?}");
    let (mut cells, mut marked) = (Vec::new(), None);
    for line in &lines[1..] {
        assert_eq!(line, line.trim_end(), "no space at a line's end");
        let line = format!("{line:width$}", width = shape.cols * width);
        assert_eq!(line.len(), shape.cols * width, "{line:?}");
        for col in 0..shape.cols {
            let cell = &line[col * width..(col + 1) * width];
            let (text, closed) = match cell.trim_start().strip_prefix('[') {
                Some(inner) => (inner.strip_suffix(']').expect("a closed bracket"), true),
                None => (cell.trim_end(), false),
            };
            let text = text.trim_start();
            if closed {
                assert_eq!(marked, None, "one tile marked: {lines:?}");
                marked = Some(cells.len());
            } else {
                assert!(cell.ends_with(' '), "a cell ends with a space: {cell:?}");
            }
            cells.push(if text == "." {
                0
            } else {
                text.parse().unwrap()
            });
        }
    }
    (cells, marked)
}

/// The header of frame `k` of `n` whose move of the blank is `letter` (none for the
/// start), shown in `lettering`, written here from the letter: the tile goes the other way.
fn header(k: usize, n: usize, letter: Option<char>, lettering: Lettering, tile: u32) -> String {
    let Some(letter) = letter else {
        return format!("move 0 of {n}: start");
    };
    let (way, tile_letter) = match letter {
        'D' => ("up", 'U'),
        'U' => ("down", 'D'),
        'L' => ("right", 'R'),
        _ => ("left", 'L'),
    };
    let shown = match lettering {
        Lettering::Blank => letter,
        Lettering::Tile => tile_letter,
    };
    format!("move {k} of {n}: {shown} (tile {tile} moves {way})")
}

#[test]
fn frames_replay_the_path_exactly_and_read_back_as_their_boards() {
    for (i, drawn) in sample().into_iter().enumerate() {
        let Drawn {
            shape, board, goal, ..
        } = &drawn;
        let lettering = [Lettering::Blank, Lettering::Tile][i % 2];
        let (solution, path) = solved(&drawn, lettering);
        let frames: Vec<Frame> = solution.frames().collect();
        assert_eq!(frames.len(), path.len() + 1);
        assert_eq!((&frames[0].cells, frames[0].step), (board, None));
        for (k, letter) in path.chars().enumerate() {
            let (before, after) = (&frames[k], &frames[k + 1]);
            let made = common::moved(shape.rows, shape.cols, &before.cells, letter);
            assert_eq!(
                Some(&after.cells),
                made.as_ref(),
                "move {} of {path}",
                k + 1
            );
            let step = after.step.expect("a move");
            let blank = before.cells.iter().position(|&t| t == 0).unwrap();
            assert_eq!(step.m.letter(), letter);
            assert_eq!(step.slide.to, blank);
            assert_eq!(before.cells[step.slide.from], step.slide.tile);
            assert_eq!(after.cells[step.slide.to], step.slide.tile);
        }
        assert_eq!(&frames[path.len()].cells, goal, "{board:?}: {path}");
        let letters: Vec<Option<char>> = Some(None)
            .into_iter()
            .chain(path.chars().map(Some))
            .collect();
        for (frame, letter) in frames.iter().zip(letters) {
            let lines = frame.lines(&solution);
            let tile = frame.step.map_or(0, |step| step.slide.tile);
            let expected = header(frame.number, path.len(), letter, lettering, tile);
            assert_eq!(lines[0], expected);
            let moved = frame.step.map(|step| step.slide.to);
            assert_eq!(read_back(&lines, *shape), (frame.cells.clone(), moved));
        }
    }
}

#[test]
fn a_move_off_the_board_is_refused() {
    let shape = Shape { rows: 2, cols: 2 };
    let mut solution = Solution::new(shape, vec![1, 2, 3, 0], Lettering::Blank);
    for m in [Move::Up, Move::Right, Move::Left] {
        any::Record::record(&mut solution, m);
    }
    assert_eq!(solution.steps().len(), 1);
    let error = solution.checked().unwrap_err();
    assert_eq!(error.to_string(), "move 2 of the path leaves the board");
}

#[test]
fn played_frames_are_drawn_over_each_other_at_their_pace() {
    let three = Shape { rows: 3, cols: 3 };
    let board = vec![1, 2, 3, 0, 4, 6, 7, 5, 8];
    let drawn = Drawn::new(
        Algorithm::Ida,
        three,
        board,
        Goal::Standard.board(three).unwrap(),
    );
    let (solution, path) = solved(&drawn, Lettering::Blank);
    let pace = Pace {
        start: Duration::from_millis(40),
        each: Duration::from_millis(10),
    };
    let mut screen = Vec::new();
    let started = Instant::now();
    play(&solution, &mut screen, &pace).unwrap();
    assert!(started.elapsed() >= pace.start + pace.each * (path.len() as u32 - 1));
    let mut expected = String::from("\n");
    for frame in solution.frames() {
        if frame.number > 0 {
            expected += "\x1b[4A";
        }
        for line in frame.lines(&solution) {
            expected += &format!("{line}\x1b[K\n");
        }
    }
    expected += "\n";
    assert_eq!(String::from_utf8(screen).unwrap(), expected);
}

/// The place of each tile a picture draws, at the start (its static attribute) and at the
/// end of the cycle (its animation's last value), as cells; and the number of slides.
fn tile_places(picture: &str, shape: Shape) -> (Vec<u32>, Vec<u32>, usize) {
    let cell = |place: &str| {
        let xy: Vec<usize> = place.split(' ').map(|v| v.parse().unwrap()).collect();
        let (col, row) = ((xy[0] - 8) / 64, (xy[1] - 8) / 64);
        assert_eq!((xy[0] - 8, xy[1] - 8), (col * 64, row * 64), "{place}");
        row * shape.cols + col
    };
    let attribute = |text: &str, name: &str| {
        let from = text
            .find(&format!("{name}=\""))
            .map(|i| i + name.len() + 2)?;
        Some(text[from..from + text[from..].find('"').unwrap()].to_string())
    };
    let (mut start, mut end, mut slides) = (vec![0; shape.cells()], vec![0; shape.cells()], 0);
    for tile in picture.split("<g transform=\"translate(").skip(1) {
        let tile = &tile[..tile.find("</g>").unwrap()];
        let first = &tile[..tile.find(')').unwrap()];
        let number: u32 = tile[tile.find("\">").unwrap() + 2..tile.find("</text>").unwrap()]
            .rsplit('>')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        start[cell(first)] = number;
        let last = match attribute(tile, "values") {
            None => first.to_string(),
            Some(values) => {
                let values: Vec<&str> = values.split(';').collect();
                let times = attribute(tile, "keyTimes").unwrap();
                let times: Vec<f64> = times.split(';').map(|t| t.parse().unwrap()).collect();
                assert_eq!(times.len(), values.len());
                assert_eq!((times[0], times[times.len() - 1]), (0.0, 1.0));
                assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
                assert_eq!(values[0], first);
                slides += (values.len() - 2) / 2;
                values[values.len() - 1].to_string()
            }
        };
        end[cell(&last)] = number;
    }
    (start, end, slides)
}

#[test]
fn pictures_start_at_the_board_and_end_at_the_goal() {
    for drawn in sample().into_iter().step_by(10) {
        let Drawn {
            shape, board, goal, ..
        } = &drawn;
        let (solution, path) = solved(&drawn, Lettering::Blank);
        let picture = svg(&solution);
        let (start, end, slides) = tile_places(&picture, *shape);
        assert_eq!((&start, &end, slides), (board, goal, path.len()));
        let counters = (0..=path.len())
            .filter(|k| picture.contains(&format!(">move {k} of {}", path.len())))
            .count();
        assert_eq!(counters, path.len() + 1);
        for outside in ["<script", "href", "url(", "<image", "@import"] {
            assert!(!picture.contains(outside), "{outside}");
        }
    }
}

#[test]
fn pictures_are_numbered_after_the_first_case() {
    let name = |file: &str, case| svg_file(std::path::Path::new(file), case);
    assert_eq!(name("out.svg", 1), std::path::PathBuf::from("out.svg"));
    assert_eq!(name("out.svg", 2), std::path::PathBuf::from("out-2.svg"));
    assert_eq!(name("a.b/pic", 12), std::path::PathBuf::from("a.b/pic-12"));
    assert_eq!(
        name("a/pic.x.svg", 3),
        std::path::PathBuf::from("a/pic.x-3.svg")
    );
}

#[test]
fn the_help_states_the_limits_of_drawing() {
    // The help as one line: it wraps its sentences anywhere.
    let help = help().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains(&format!("boards of at most {MAX_SIDE} x {MAX_SIDE}")));
    assert!(help.contains(&format!("paths of at most {MAX_MOVES} moves")));
}

/// Checks that `written` equals the file `expected` of the repository (rewritten from it
/// with `BLESS=1`).
fn assert_same_file(written: &std::path::Path, expected: &str) {
    let expected = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(expected);
    let bytes = std::fs::read(written).unwrap();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&expected, &bytes).unwrap();
    }
    assert!(
        std::fs::read(&expected).ok() == Some(bytes),
        "{} differs from {} (BLESS=1 rewrites it)",
        written.display(),
        expected.display()
    );
}

#[test]
fn pictures_equal_their_copies_and_the_readme_figure() {
    let exe = env!("CARGO_BIN_EXE_fifteen");
    let inputs = common::golden::inputs_dir();
    let dir = scratch_dir("show-svg");
    // Case 1 a 2×3 board; then 3×3: 3 moves, solved, unreachable (no picture), 14 moves.
    let mut input = std::fs::read(inputs.join("fifteen-2x3.txt")).unwrap();
    input.extend(std::fs::read(inputs.join("fifteen-show-3x3.txt")).unwrap());
    let (code, stdout, stderr) = common::run_in(&dir, exe, &["--svg", "pic.svg"], input.clone());
    assert_eq!((code, stderr), (0, Vec::new()));
    assert_eq!(
        stdout,
        common::run_in(&dir, exe, &[], input).1,
        "answers only"
    );
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["pic-2.svg", "pic-3.svg", "pic-5.svg", "pic.svg"]);
    assert_same_file(&dir.join("pic.svg"), "tests/data/show-2x3.svg");
    assert_same_file(&dir.join("pic-3.svg"), "tests/data/show-solved.svg");
    assert_same_file(&dir.join("pic-5.svg"), "tests/data/show-3x3.svg");
    // The README's figure, made by the command it shows.
    let korf8 = inputs.join("fifteen-korf8.txt");
    let korf8 = korf8.to_str().unwrap();
    let (code, _, _) = common::run_in(&dir, exe, &["--svg", "korf8.svg", korf8], Vec::new());
    assert_eq!(code, 0);
    assert_same_file(&dir.join("korf8.svg"), "benches/figures/fifteen-korf8.svg");
}
