//! What the program tests share: an independent breadth-first table, written plainly and
//! apart from the programs' code, a path replayer, and a way to run the real process; the
//! golden manifests (`golden`) and the bundler of the single file for judges (`bundle`).

#![allow(dead_code)]

pub mod bundle;
pub mod golden;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::rc::Rc;

/// Boards of 2×3 at each distance 0..=21 from `1 2 3 / 4 5 0` (ANCHORS.md).
pub const FIVE_COUNTS_BY_DISTANCE: [usize; 22] = [
    1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1,
];

/// Boards of 3×3 at each distance 0..=31 from `1 2 3 / 4 5 6 / 7 8 0` (ANCHORS.md).
pub const EIGHT_COUNTS_BY_DISTANCE: [usize; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// The cell the blank moves to from `blank` by `letter` (`d l r u`, either case) on a board
/// of `rows`×`cols`, if it stays on the board.
fn target(rows: usize, cols: usize, blank: usize, letter: char) -> Option<usize> {
    let (row, col) = (blank / cols, blank % cols);
    match letter.to_ascii_lowercase() {
        'd' if row + 1 < rows => Some(blank + cols),
        'u' if row > 0 => Some(blank - cols),
        'r' if col + 1 < cols => Some(blank + 1),
        'l' if col > 0 => Some(blank - 1),
        _ => None,
    }
}

/// The board after the blank (the tile `T::default()`, that is `0`) moves by `letter`
/// (`d l r u`, either case), if it can.
pub fn moved<T: Copy + Default + PartialEq>(
    rows: usize,
    cols: usize,
    board: &[T],
    letter: char,
) -> Option<Vec<T>> {
    let blank = board.iter().position(|&t| t == T::default())?;
    let target = target(rows, cols, blank, letter)?;
    let mut next = board.to_vec();
    next.swap(blank, target);
    Some(next)
}

/// Plays `path` from `board`, in place, one swap a move: the board reached, or the first
/// move that cannot be made.
pub fn replay<T: Copy + Default + PartialEq>(
    rows: usize,
    cols: usize,
    board: &[T],
    path: &str,
) -> Result<Vec<T>, String> {
    let mut board = board.to_vec();
    let mut blank = board
        .iter()
        .position(|&t| t == T::default())
        .ok_or("no blank")?;
    for (i, letter) in path.chars().enumerate() {
        let next = target(rows, cols, blank, letter)
            .ok_or(format!("move {i} ({letter}) is off the board"))?;
        board.swap(blank, next);
        blank = next;
    }
    Ok(board)
}

/// The distance of every board reachable from a goal, by a plain breadth-first search over a
/// hash map.
pub struct Reference {
    rows: usize,
    cols: usize,
    goal: Vec<u8>,
    distance: HashMap<Vec<u8>, u32>,
}

impl Reference {
    pub fn new(rows: usize, cols: usize, goal: &[u8]) -> Self {
        let mut distance = HashMap::from([(goal.to_vec(), 0)]);
        let mut frontier = vec![goal.to_vec()];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for board in &frontier {
                for letter in ['d', 'l', 'r', 'u'] {
                    if let Some(neighbour) = moved(rows, cols, board, letter) {
                        if !distance.contains_key(&neighbour) {
                            distance.insert(neighbour.clone(), depth);
                            next.push(neighbour);
                        }
                    }
                }
            }
            frontier = next;
        }
        Reference {
            rows,
            cols,
            goal: goal.to_vec(),
            distance,
        }
    }

    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    pub fn distance(&self, board: &[u8]) -> Option<u32> {
        self.distance.get(board).copied()
    }

    pub fn reachable(&self) -> usize {
        self.distance.len()
    }

    pub fn counts_by_distance(&self) -> Vec<usize> {
        let mut counts = Vec::new();
        for &d in self.distance.values() {
            let d = d as usize;
            counts.resize(counts.len().max(d + 1), 0);
            counts[d] += 1;
        }
        counts
    }

    /// The lexicographically smallest optimal path in `d < l < r < u`: at each step, the first
    /// letter whose board is one move closer.
    pub fn canonical_path(&self, board: &[u8]) -> Option<String> {
        let mut left = self.distance(board)?;
        let mut board = board.to_vec();
        let mut path = String::new();
        while left > 0 {
            let (letter, next) = ['d', 'l', 'r', 'u']
                .into_iter()
                .filter_map(|l| Some((l, moved(self.rows, self.cols, &board, l)?)))
                .find(|(_, next)| self.distance(next) == Some(left - 1))
                .expect("a board one move closer");
            path.push(letter);
            board = next;
            left -= 1;
        }
        Some(path)
    }
}

impl Reference {
    /// Checks a program's answers to `boards`, one line each: the distance, or `-1`.
    pub fn check_moves(&self, boards: &[Vec<u8>], answers: &[String]) {
        assert_eq!(answers.len(), boards.len(), "one answer a board");
        for (board, answer) in boards.iter().zip(answers) {
            let expected = self.distance(board).map_or(-1, i64::from);
            assert_eq!(answer, &expected.to_string(), "board {board:?}");
        }
    }

    /// Checks a program's paths for `boards`, one line each: each replayed to the goal and
    /// equal to the canonical path, or `unsolvable` where the goal cannot be reached.
    pub fn check_paths(&self, boards: &[Vec<u8>], paths: &[String]) {
        assert_eq!(paths.len(), boards.len(), "one path a board");
        for (board, path) in boards.iter().zip(paths) {
            match self.canonical_path(board) {
                None => assert_eq!(path, "unsolvable", "board {board:?}"),
                Some(expected) => {
                    let reached = replay(self.rows, self.cols, board, path);
                    assert_eq!(reached.as_deref(), Ok(self.goal()), "board {board:?}");
                    assert_eq!(path, &expected, "board {board:?}");
                }
            }
        }
    }
}

/// The lines of a program's output.
pub fn lines(output: Vec<u8>) -> Vec<String> {
    let text = String::from_utf8(output).expect("the output is UTF-8");
    text.lines().map(str::to_string).collect()
}

/// All permutations of `0..n`, in lexicographic order: n! of them.
pub fn permutations<T: Copy + Ord + From<u8>>(n: u8) -> Vec<Vec<T>> {
    let mut all = Vec::new();
    let mut current: Vec<T> = (0..n).map(T::from).collect();
    loop {
        all.push(current.clone());
        let Some(i) = (1..current.len())
            .rev()
            .find(|&i| current[i - 1] < current[i])
        else {
            return all;
        };
        let j = (i..current.len())
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .unwrap();
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// Boards in `eight`'s notation, `x` for the blank, one a line.
pub fn eight_notation(boards: &[Vec<u8>]) -> String {
    let mut text = String::with_capacity(boards.len() * 10);
    for board in boards {
        text.extend(
            board
                .iter()
                .map(|&t| if t == 0 { 'x' } else { char::from(b'0' + t) }),
        );
        text.push('\n');
    }
    text
}

/// Runs `exe args` in `dir` with `stdin`, written from a thread so that a large output cannot
/// block it: exit code, stdout and stderr.
pub fn run_in(dir: &Path, exe: &str, args: &[&str], stdin: Vec<u8>) -> (i32, Vec<u8>, Vec<u8>) {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The program may stop reading at a bad case: a broken pipe is not a failure here.
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the program runs");
    writer.join().unwrap();
    (
        output.status.code().unwrap_or(-1),
        output.stdout,
        output.stderr,
    )
}

/// Runs `exe args` with `stdin`: exit code, stdout and stderr as text.
/// Runs `exe args` on `stdin` and closes its stdout after reading its first line, as `| head
/// -1` does: its exit code and stderr. `stdin` should ask for more output than a pipe holds
/// (64 KiB), so that the program writes into the closed pipe.
pub fn closed_early(exe: &str, args: &[&str], stdin: Vec<u8>) -> (i32, String) {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The program may stop reading once its output is closed.
        let _ = input.write_all(&stdin);
    });
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a first line");
    drop(stdout);
    let mut stderr = String::new();
    let mut errors = child.stderr.take().expect("stderr");
    errors.read_to_string(&mut stderr).expect("stderr is text");
    let status = child.wait().expect("the program ends");
    writer.join().expect("the writer ends");
    (status.code().unwrap_or(-1), stderr)
}

/// Checks that every line of `text` fits 80 columns.
pub fn assert_fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "over 80 columns: {line:?}");
    }
}

pub fn run_process(exe: &str, args: &[&str], stdin: Vec<u8>) -> (i32, String, String) {
    let (code, stdout, stderr) = run_in(Path::new("."), exe, args, stdin);
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (code, text(stdout), text(stderr))
}

/// A person at a terminal, as a reader: it hands over one line at a time, and before each line
/// (and at the end of input) notes what the program has flushed to the [`Screen`] so far, so a
/// test sees which answers were on the screen when each line was typed.
pub struct Typist {
    lines: Vec<Vec<u8>>,
    /// The line being read, and how much of it is used up.
    line: usize,
    used: usize,
    screen: Rc<RefCell<Vec<u8>>>,
    /// What the screen showed when line `i` was asked for; one more at the end of input.
    pub seen: Vec<String>,
}

/// A writer that shows only what has been flushed, like a terminal behind a buffer.
pub struct Screen {
    pending: Vec<u8>,
    shown: Rc<RefCell<Vec<u8>>>,
}

/// A typist of `lines` and the screen that it watches.
pub fn terminal(lines: &[&str]) -> (Typist, Screen) {
    let shown = Rc::new(RefCell::new(Vec::new()));
    let typist = Typist {
        lines: lines.iter().map(|line| line.as_bytes().to_vec()).collect(),
        line: 0,
        used: 0,
        screen: Rc::clone(&shown),
        seen: Vec::new(),
    };
    let pending = Vec::new();
    (typist, Screen { pending, shown })
}

impl Read for Typist {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let len = available.len().min(buf.len());
        buf[..len].copy_from_slice(&available[..len]);
        self.consume(len);
        Ok(len)
    }
}

impl BufRead for Typist {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.used == 0 && self.seen.len() == self.line {
            let screen = String::from_utf8_lossy(&self.screen.borrow()).into_owned();
            self.seen.push(screen);
        }
        Ok(self
            .lines
            .get(self.line)
            .map_or(&[], |line| &line[self.used..]))
    }

    fn consume(&mut self, amount: usize) {
        self.used += amount;
        if self
            .lines
            .get(self.line)
            .is_some_and(|line| self.used == line.len())
        {
            self.line += 1;
            self.used = 0;
        }
    }
}

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.shown.borrow_mut().append(&mut self.pending);
        Ok(())
    }
}
