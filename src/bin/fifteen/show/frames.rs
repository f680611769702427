//! A solution replayed from its start board, move by move ([`Solution`]), its frames (the
//! board after each move) and their text: a header naming the move, then the board with
//! its columns aligned to the widest tile, the blank `.` and the tile just moved in
//! brackets. Uses `board` and `any`'s [`Record`].

use super::super::any::Record;
use super::super::board::{Board, Lettering, Move, Shape, Slide};
use std::io::{self, Write};

/// A move of a solution and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) m: Move,
    pub(crate) slide: Slide,
}

/// A path replayed from a start board: every move is applied to the board as it is
/// recorded, and its [`Step`] kept. O(N) memory and 32 bytes a move.
#[derive(Clone, Debug)]
pub(crate) struct Solution {
    /// What the letters of its moves name when they are shown.
    lettering: Lettering,
    start: Vec<u32>,
    /// The board after the moves recorded so far.
    board: Board,
    steps: Vec<Step>,
    /// The number (from 1) of the first move that left the board, if one did.
    off_board: Option<usize>,
}

impl Solution {
    /// No move yet from the board `cells` of `shape`; its moves to be shown in the letters
    /// of `lettering`.
    ///
    /// # Constraints
    ///
    /// `cells` holds rows·cols tiles, one of them the blank `0`.
    pub(crate) fn new(shape: Shape, cells: Vec<u32>, lettering: Lettering) -> Self {
        Solution {
            lettering,
            start: cells.clone(),
            board: Board::new(shape, cells),
            steps: Vec::new(),
            off_board: None,
        }
    }

    /// The solution, or an error when a move recorded left the board (a path the solver
    /// did not find).
    pub(crate) fn checked(self) -> io::Result<Self> {
        match self.off_board {
            None => Ok(self),
            Some(number) => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("move {number} of the path leaves the board"),
            )),
        }
    }

    pub(crate) fn shape(&self) -> Shape {
        self.board.shape
    }

    /// The letter that names move `m`, in the solution's lettering.
    pub(crate) fn letter(&self, m: Move) -> char {
        char::from(self.lettering.letter(m))
    }

    pub(crate) fn start(&self) -> &[u32] {
        &self.start
    }

    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The frames, from the start board (frame 0) to the board after the last move.
    /// O(N) a frame.
    pub(crate) fn frames(&self) -> impl Iterator<Item = Frame> + '_ {
        let mut board = Board::new(self.shape(), self.start.clone());
        let start = Frame {
            number: 0,
            step: None,
            cells: self.start.clone(),
        };
        let after = self.steps.iter().enumerate().map(move |(i, &step)| {
            board.slide(step.m);
            Frame {
                number: i + 1,
                step: Some(step),
                cells: board.cells.clone(),
            }
        });
        std::iter::once(start).chain(after)
    }
}

impl Record for Solution {
    fn record(&mut self, m: Move) {
        if self.off_board.is_some() {
            return;
        }
        match self.board.slide(m) {
            Some(slide) => self.steps.push(Step { m, slide }),
            None => self.off_board = Some(self.steps.len() + 1),
        }
    }
}

/// The board after `number` moves of a solution, the last of them `step`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub(crate) number: usize,
    pub(crate) step: Option<Step>,
    pub(crate) cells: Vec<u32>,
}

impl Frame {
    /// The text of this frame of `solution`, a line each: the header (`move 3 of 50: L
    /// (tile 7 moves right)`, the letter in the solution's lettering, or `move 0 of 50:
    /// start`), then the rows, each cell as wide as the widest tile and two more, the tile
    /// moved in brackets, no space at a line's end. O(N).
    pub(crate) fn lines(&self, solution: &Solution) -> Vec<String> {
        let (shape, moves) = (solution.shape(), solution.steps().len());
        let header = match self.step {
            None => format!("move 0 of {moves}: start"),
            Some(Step { m, slide }) => format!(
                "move {} of {moves}: {} (tile {} moves {})",
                self.number,
                solution.letter(m),
                slide.tile,
                direction(m.opposite())
            ),
        };
        let width = (shape.cells() - 1).to_string().len() + 2;
        let moved = self.step.map(|step| step.slide.to);
        let cell = |(p, &tile): (usize, &u32)| {
            let text = match tile {
                0 => " . ".to_string(),
                _ if moved == Some(p) => format!("[{tile}]"),
                _ => format!(" {tile} "),
            };
            format!("{text:>width$}")
        };
        let rows = self
            .cells
            .chunks(shape.cols)
            .enumerate()
            .map(|(row, tiles)| {
                let cells = tiles
                    .iter()
                    .enumerate()
                    .map(|(col, tile)| (row * shape.cols + col, tile));
                cells.map(cell).collect::<String>().trim_end().to_string()
            });
        std::iter::once(header).chain(rows).collect()
    }
}

/// The word for the direction of `m`.
fn direction(m: Move) -> &'static str {
    match m {
        Move::Down => "down",
        Move::Left => "left",
        Move::Right => "right",
        Move::Up => "up",
    }
}

/// Writes every frame of `solution` to `output` as text, each after a blank line, and a
/// blank line after the last. O(N) a frame.
pub(crate) fn write_frames<W: Write>(solution: &Solution, output: &mut W) -> io::Result<()> {
    for frame in solution.frames() {
        writeln!(output)?;
        for line in frame.lines(solution) {
            writeln!(output, "{line}")?;
        }
    }
    writeln!(output)
}
