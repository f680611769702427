//! Seeing a solution: its boards from the start to the goal, one a move, as text frames
//! (`--show`), played in place when stdout is a terminal, or as a picture that plays them
//! (`--svg`). Uses `board` (the moves applied), `any`'s [`Record`](super::any::Record) (where
//! a path's moves go) and `error`; `cli` calls it once a case is answered.
//!
//! - `frames`: the solution replayed from its start board ([`Solution`]), its frames and
//!   their text;
//! - `play`: the frames played in place on a terminal, at a pace a person can follow;
//! - `svg`: the picture, one self-contained SVG file animated by SMIL.

pub(crate) mod frames;
pub(crate) mod play;
mod svg;

pub(crate) use frames::{write_frames, Solution};
pub(crate) use play::{play, PACE};
pub(crate) use svg::{svg, svg_file};

use super::board::Shape;
use super::error::Error;

/// The most rows, and the most columns, of a board drawn: frames of at most 11 lines of at
/// most 49 characters, redrawn in place on any terminal.
pub(crate) const MAX_SIDE: usize = 10;

/// The most moves of a path drawn: four minutes of frames on a terminal, about eight of
/// the picture, which is about 200 bytes a move.
pub(crate) const MAX_MOVES: u64 = 1000;

/// Refuses, for `flag` (`--show` or `--svg`), the board of case number `case` when it has
/// more than [`MAX_SIDE`] rows or columns. O(1).
pub(crate) fn check_board(flag: &'static str, case: usize, shape: Shape) -> Result<(), Error> {
    if shape.rows.max(shape.cols) <= MAX_SIDE {
        return Ok(());
    }
    Err(Error::TooLargeToDraw {
        case,
        flag,
        rows: shape.rows,
        cols: shape.cols,
        most: MAX_SIDE,
    })
}

/// Refuses, for `flag`, a path of more than [`MAX_MOVES`] moves of case number `case`. O(1).
pub(crate) fn check_path(flag: &'static str, case: usize, moves: u64) -> Result<(), Error> {
    if moves <= MAX_MOVES {
        return Ok(());
    }
    Err(Error::TooLongToDraw {
        case,
        flag,
        moves,
        most: MAX_MOVES,
    })
}
