//! How cases are written ([`Input`]) and what is printed of each answer ([`Output`]).

use super::board::Shape;
use std::borrow::Cow;
use std::io::{self, Write};

/// How the cases of an input are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Input {
    /// Each case a header line, `n` (an n×n board) or `rows cols`, then its tiles.
    #[default]
    Header,
    /// Headerless boards of one shape until the end of input.
    Bare(Shape),
    /// The number of cases, then that many headerless boards of one shape.
    Counted(Shape),
}

/// The lines printed for a case whose goal is reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Lines {
    /// The number of moves, then the path (an empty line for a solved board).
    #[default]
    Both,
    /// The number of moves alone.
    Moves,
    /// The path alone.
    Path,
}

/// What is printed of each answer: its [`Lines`], or the line `unreachable` if there is no path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Output {
    pub(crate) lines: Lines,
    pub(crate) unreachable: Cow<'static, str>,
}

impl Default for Output {
    /// Both lines, `-1` for no path.
    fn default() -> Self {
        Output {
            lines: Lines::Both,
            unreachable: Cow::Borrowed("-1"),
        }
    }
}

impl Output {
    /// Writes an answer: `moves` (`None`: no path), and the path that `letters` writes
    /// without a line end. O(moves).
    pub(crate) fn write<W: Write>(
        &self,
        output: &mut W,
        moves: Option<u64>,
        letters: impl FnOnce(&mut W) -> io::Result<()>,
    ) -> io::Result<()> {
        let Some(count) = moves else {
            return writeln!(output, "{}", self.unreachable);
        };
        if self.lines != Lines::Path {
            writeln!(output, "{count}")?;
        }
        if self.lines != Lines::Moves {
            letters(output)?;
            writeln!(output)?;
        }
        Ok(())
    }
}
