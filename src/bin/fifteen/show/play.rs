//! The frames of a solution played in place on a terminal: each frame is drawn over the one
//! before (ANSI cursor movement), at a constant pace, and the last, the goal, stays on the
//! screen. Uses the frames' text.

use super::frames::Solution;
use std::io::{self, Write};
use std::time::Duration;

/// How long each frame stays on the screen.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pace {
    /// The start board, before the first move.
    pub(crate) start: Duration,
    /// Each board after a move (but the last, which stays).
    pub(crate) each: Duration,
}

/// The pace of `--show` on a terminal: four moves a second, after a second to see the
/// start board.
pub(crate) const PACE: Pace = Pace {
    start: Duration::from_secs(1),
    each: Duration::from_millis(250),
};

/// Plays the frames of `solution` on `output`, a terminal: a blank line, then each frame
/// over the one before, flushed and held as `pace` says; then a blank line, so that the
/// screen ends as [`write_frames`](super::write_frames) ends. Every frame has the same
/// number of lines (the header and the rows), each cleared to its end as it is drawn.
/// O(N) a frame, in O(moves · `pace.each`) time.
pub(crate) fn play<W: Write>(solution: &Solution, output: &mut W, pace: &Pace) -> io::Result<()> {
    let height = solution.shape().rows + 1;
    writeln!(output)?;
    for frame in solution.frames() {
        if frame.number > 0 {
            std::thread::sleep(if frame.number == 1 {
                pace.start
            } else {
                pace.each
            });
            // Back to the frame's first line.
            write!(output, "\x1b[{height}A")?;
        }
        for line in frame.lines(solution) {
            writeln!(output, "{line}\x1b[K")?;
        }
        output.flush()?;
    }
    writeln!(output)
}
