//! The problem's form, as a judge poses it: how the cases are written ([`Input`]) and what
//! is printed of each answer ([`Output`]); each judge's is in `judge.rs`. Uses the shapes of
//! `board`; `parse` reads the forms, and the answers are written here.

use super::board::Shape;
use std::borrow::Cow;
use std::io::{self, Write};

/// How the cases of an input are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(dead_code)] // the judge edition builds the one form its `INPUT` names
pub(crate) enum Input {
    /// Each case a header line, `n` (an n×n board) or `rows cols`, then its tiles.
    #[default]
    Header,
    /// Boards of one shape with no header, until the end of input.
    Bare(Shape),
    /// A first number, the count of cases, then that many boards of one shape with no
    /// header.
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

/// What is printed of each answer: its [`Lines`], or the one line `unreachable` when no
/// path is given (the goal cannot be reached, or `dfs` found none within its bound).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Output {
    pub(crate) lines: Lines,
    pub(crate) unreachable: Cow<'static, str>,
}

impl Default for Output {
    /// This program's own: both lines, `-1` for no path.
    fn default() -> Self {
        Output {
            lines: Lines::Both,
            unreachable: Cow::Borrowed("-1"),
        }
    }
}

impl Output {
    /// Writes the lines of one answer to `output`: for a path of `moves` moves (`None`:
    /// no path), its number and its letters, which `letters` writes with no line end.
    /// O(moves).
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
