//! The picture of a solution: one self-contained SVG file (no script, no external
//! reference) in which the tiles slide one move after another under a move counter, by
//! SMIL animation, over and over; where animation is off, its static attributes show the
//! start board. Uses the solution's steps.
//!
//! Every animation spans the whole cycle and repeats, so that all stay in step: a tile
//! that moves has one `animateTransform` through its place at the start, at the start and
//! end of each of its slides, and at the end, as fractions of the cycle (`keyTimes`); the
//! counter is one text a move, shown by a discrete `visibility` animation while its move is
//! the last made. Times are whole milliseconds and fractions are written from integers, so
//! that a solution always gives the same bytes.

use super::super::board::moves_text;
use super::frames::Solution;
use std::path::{Path, PathBuf};

/// The side of a cell, in pixels; a tile is a square [`GAP`] smaller.
const CELL: usize = 64;
/// The space between tiles, in pixels.
const GAP: usize = 4;
/// The space around the cells, in pixels.
const MARGIN: usize = 8;
/// The height of the counter's band under the board, in pixels.
const BAND: usize = 32;
/// How long the start board is held, in milliseconds.
const START_MS: u64 = 1000;
/// The time of a move, in milliseconds, of which the tile slides for [`SLIDE_MS`].
const STEP_MS: u64 = 500;
const SLIDE_MS: u64 = 300;
/// How long the goal is held before the cycle starts again, in milliseconds.
const END_MS: u64 = 2000;

/// The SVG text of `solution`: about 300 bytes a tile and 200 a move. O(N + moves).
pub(crate) fn svg(solution: &Solution) -> String {
    let picture = Picture::new(solution);
    let mut out = picture.frame();
    picture.tiles(&mut out);
    picture.counter(&mut out);
    out + "</svg>\n"
}

/// The measures of one solution's picture, shared by its parts.
struct Picture<'a> {
    solution: &'a Solution,
    /// The board's width and height, in pixels.
    width: usize,
    board: usize,
    /// The whole picture's width and height, in pixels.
    outer_width: usize,
    outer_height: usize,
    /// The length of a cycle, in milliseconds.
    cycle: u64,
    /// The attributes that make an animation span the cycle and repeat.
    repeat: String,
}

impl<'a> Picture<'a> {
    fn new(solution: &'a Solution) -> Self {
        let shape = solution.shape();
        let (width, board) = (shape.cols * CELL, shape.rows * CELL);
        let cycle = START_MS + STEP_MS * solution.steps().len() as u64 + END_MS;
        let repeat = format!(
            "dur=\"{}s\" repeatCount=\"indefinite\"",
            decimal(cycle, 1000)
        );
        Picture {
            solution,
            width,
            board,
            outer_width: width + 2 * MARGIN,
            outer_height: board + 2 * MARGIN + BAND,
            cycle,
            repeat,
        }
    }

    /// When move `k` (from 0) starts, in milliseconds.
    fn begins(k: usize) -> u64 {
        START_MS + STEP_MS * k as u64
    }

    /// `time` as a fraction of the cycle, for `keyTimes`.
    fn key_time(&self, time: u64) -> String {
        decimal(time * 1_000_000 / self.cycle, 1_000_000)
    }

    /// The offset of `cell`'s top left corner, for `translate`.
    fn at(&self, cell: usize) -> String {
        let shape = self.solution.shape();
        let (x, y) = (shape.col(cell) * CELL, shape.row(cell) * CELL);
        format!("{} {}", MARGIN + x, MARGIN + y)
    }

    /// The opening tag, the title, the background and the board's frame.
    fn frame(&self) -> String {
        let shape = self.solution.shape();
        let (outer_width, outer_height) = (self.outer_width, self.outer_height);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{outer_width}\" \
             height=\"{outer_height}\" viewBox=\"0 0 {outer_width} {outer_height}\" \
             font-family=\"sans-serif\" text-anchor=\"middle\">\n\
             <title>a {}×{} board solved in {}</title>\n\
             <rect width=\"{outer_width}\" height=\"{outer_height}\" fill=\"#fff\"/>\n\
             <rect x=\"{edge}\" y=\"{edge}\" width=\"{}\" height=\"{}\" rx=\"8\" \
             fill=\"#3c3c3c\"/>\n",
            shape.rows,
            shape.cols,
            moves_text(self.solution.steps().len() as u64),
            self.width + MARGIN,
            self.board + MARGIN,
            edge = MARGIN / 2,
        )
    }

    /// Appends the tiles to `out`, each at its start cell, with the animation of its
    /// slides when it moves.
    fn tiles(&self, out: &mut String) {
        // Each tile's places after the start: (time, cell) at the start and end of its slides.
        let mut places = vec![Vec::new(); self.solution.shape().cells()];
        for (k, step) in self.solution.steps().iter().enumerate() {
            let slide = step.slide;
            places[slide.tile as usize].push((Self::begins(k), slide.from));
            places[slide.tile as usize].push((Self::begins(k) + SLIDE_MS, slide.to));
        }
        *out += "<g font-size=\"28\" fill=\"#222\">\n";
        let start = self.solution.start();
        let tiles = start.iter().enumerate().filter(|&(_, &t)| t != 0);
        for (cell, &tile) in tiles {
            // The number's baseline about a third of the font's size (28) below the tile's middle.
            *out += &format!(
                "<g transform=\"translate({})\"><rect x=\"{inset}\" y=\"{inset}\" \
                 width=\"{side}\" height=\"{side}\" rx=\"6\" fill=\"#f3dcae\" \
                 stroke=\"#8c6b3f\"/><text x=\"{middle}\" y=\"{}\">{tile}</text>",
                self.at(cell),
                CELL / 2 + 10,
                inset = GAP / 2,
                side = CELL - GAP,
                middle = CELL / 2,
            );
            let places = &places[tile as usize];
            if let Some(&(_, last)) = places.last() {
                let keys = std::iter::once((0, cell))
                    .chain(places.iter().copied())
                    .chain(Some((self.cycle, last)));
                let (times, values): (Vec<_>, Vec<_>) = keys
                    .map(|(time, cell)| (self.key_time(time), self.at(cell)))
                    .unzip();
                *out += &format!(
                    "<animateTransform attributeName=\"transform\" type=\"translate\" {} \
                     keyTimes=\"{}\" values=\"{}\"/>",
                    self.repeat,
                    times.join(";"),
                    values.join(";")
                );
            }
            *out += "</g>\n";
        }
        *out += "</g>\n";
    }

    /// Appends the move counter to `out`: one text a move, each shown while its move is
    /// the last made.
    fn counter(&self, out: &mut String) {
        let steps = self.solution.steps();
        let moves = steps.len();
        *out += "<g font-size=\"16\" fill=\"#222\">\n";
        for k in 0..=moves {
            let label = match k {
                0 => format!("move 0 of {moves}"),
                _ => format!(
                    "move {k} of {moves}: {}",
                    self.solution.letter(steps[k - 1].m)
                ),
            };
            // Shown from the start of move k (the cycle's start for 0) to the start of the next.
            let from = self.key_time(Self::begins(k.saturating_sub(1)));
            let to = self.key_time(Self::begins(k));
            let (hidden, values, times) = match (k, moves) {
                (_, 0) => ("", String::new(), String::new()),
                (0, _) => ("", "visible;hidden".into(), format!("0;{to}")),
                _ if k == moves => (
                    " visibility=\"hidden\"",
                    "hidden;visible".into(),
                    format!("0;{from}"),
                ),
                _ => (
                    " visibility=\"hidden\"",
                    "hidden;visible;hidden".into(),
                    format!("0;{from};{to}"),
                ),
            };
            let animation = match moves {
                0 => String::new(),
                _ => format!(
                    "<animate attributeName=\"visibility\" calcMode=\"discrete\" {} \
                     keyTimes=\"{times}\" values=\"{values}\"/>",
                    self.repeat
                ),
            };
            let (x, y) = (self.outer_width / 2, self.board + 2 * MARGIN + BAND * 5 / 8);
            *out += &format!("<text x=\"{x}\" y=\"{y}\"{hidden}>{label}{animation}</text>\n");
        }
        *out += "</g>\n";
    }
}

/// `numerator / denominator` in decimals, no trailing zero (`0.25`, `3`), the
/// denominator a power of ten.
fn decimal(numerator: u64, denominator: u64) -> String {
    let digits = denominator.to_string().len() - 1;
    let text = format!(
        "{}.{:0digits$}",
        numerator / denominator,
        numerator % denominator
    );
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The file the picture of case number `case` goes to: `file` for case 1, else `file` with
/// `-case` before its extension (`out.svg`, `out-2.svg`, `out-3.svg`, …).
pub(crate) fn svg_file(file: &Path, case: usize) -> PathBuf {
    if case == 1 {
        return file.to_path_buf();
    }
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    let name = match file.extension() {
        Some(extension) => format!("{stem}-{case}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{case}"),
    };
    file.with_file_name(name)
}
