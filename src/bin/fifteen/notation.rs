//! Paths as speedsolvers write them: runs of one letter with their length (`R3 D2 L`, or
//! slidy's `R3D2L`), written from a stream of letters and read back; and a path's length in
//! the multi-tile metric, where sliding a run of tiles along one row or column is one move:
//! a run of the blank's moves in one direction. Uses nothing but the letters.

use std::borrow::Cow;
use std::io::{self, Write};

/// How paths are written (`--notation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Notation {
    /// A letter a move: `RRRDDL`.
    #[default]
    Letters,
    /// Runs, a space between: `R3 D2 L`.
    Runs,
    /// Runs, nothing between: `R3D2L` (slidy's).
    CompactRuns,
}

/// What a move is, for the counts of paths and for `ida` (`--metric`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Metric {
    /// A tile slid one cell (STM).
    #[default]
    Single,
    /// A run of tiles slid along one row or column (MTM).
    Multi,
}

impl Metric {
    /// The length of the path `letters` in this metric. O(moves).
    pub(crate) fn length(self, letters: &[u8]) -> u64 {
        match self {
            Metric::Single => letters.len() as u64,
            Metric::Multi => multi_tile_length(letters),
        }
    }
}

/// The most moves a path written as runs may stand for when it is read, so that no
/// allocation is sized by a number read: far more than any optimal path of a board the
/// optimal searches take.
pub(crate) const MOST_RUN_MOVES: usize = 1 << 20;

/// A [`Write`] that takes the letters of a path, in any pieces, and writes them to its
/// output as runs; [`Runs::finish`] writes the last run. O(1) memory.
pub(crate) struct Runs<'a, W: Write + ?Sized> {
    output: &'a mut W,
    spaced: bool,
    /// The letter of the run being counted, and its length so far.
    run: Option<(u8, u64)>,
    /// Whether a run has been written.
    written: bool,
}

impl<'a, W: Write + ?Sized> Runs<'a, W> {
    /// Runs to `output`, a space between them when `spaced`.
    pub(crate) fn new(output: &'a mut W, spaced: bool) -> Self {
        Runs {
            output,
            spaced,
            run: None,
            written: false,
        }
    }

    /// Writes the run being counted, if any.
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        let Some((letter, length)) = self.run.take() else {
            return Ok(());
        };
        if self.written && self.spaced {
            self.output.write_all(b" ")?;
        }
        self.written = true;
        self.output.write_all(&[letter])?;
        match length {
            1 => Ok(()),
            _ => write!(self.output, "{length}"),
        }
    }
}

impl<W: Write + ?Sized> Write for Runs<'_, W> {
    fn write(&mut self, letters: &[u8]) -> io::Result<usize> {
        for &letter in letters {
            match &mut self.run {
                Some((current, length)) if *current == letter => *length += 1,
                _ => {
                    self.finish()?;
                    self.run = Some((letter, 1));
                }
            }
        }
        Ok(letters.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.output.flush()
    }
}

/// The letters of `text`, a path of letters or of runs (a letter, then its count of at
/// least 1 if more than one; spaces between runs are the reader's to drop): the text
/// itself when it has no digit, else the runs spelled out; `None` for a count of 0, one
/// that does not follow a letter, or runs of more than [`MOST_RUN_MOVES`] moves.
/// O(moves).
pub(crate) fn spelled_out(text: &[u8]) -> Option<Cow<'_, [u8]>> {
    if !text.iter().any(u8::is_ascii_digit) {
        return Some(Cow::Borrowed(text));
    }
    let mut letters = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let letter = text[at];
        if letter.is_ascii_digit() {
            return None;
        }
        let digits = text[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let count = match digits {
            0 => 1,
            _ => std::str::from_utf8(&text[at + 1..at + 1 + digits])
                .ok()?
                .parse::<usize>()
                .ok()
                .filter(|&count| count > 0)?,
        };
        if count > MOST_RUN_MOVES - letters.len() {
            return None;
        }
        letters.resize(letters.len() + count, letter);
        at += 1 + digits;
    }
    Some(Cow::Owned(letters))
}

/// The length of the path `letters` in the multi-tile metric: its runs of one letter.
/// O(moves).
pub(crate) fn multi_tile_length(letters: &[u8]) -> u64 {
    let starts = letters.windows(2).filter(|pair| pair[0] != pair[1]).count();
    (starts + usize::from(!letters.is_empty())) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `letters` written as runs, spaced or not, in pieces of `piece` bytes.
    fn runs(letters: &str, spaced: bool, piece: usize) -> String {
        let mut out = Vec::new();
        let mut runs = Runs::new(&mut out, spaced);
        for chunk in letters.as_bytes().chunks(piece) {
            runs.write_all(chunk).unwrap();
        }
        runs.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn runs_are_written_and_read_back() {
        assert_eq!(runs("RRRDDL", true, 1), "R3 D2 L");
        assert_eq!(runs("RRRDDL", false, 4), "R3D2L");
        assert_eq!(runs("", true, 1), "");
        assert_eq!(runs("UUUUUUUUUUUU", true, 5), "U12");
        // Every path of up to 6 letters over D L R U, in both forms, read back as written.
        let (mut paths, mut level) = (vec![String::new()], vec![String::new()]);
        for _ in 0..6 {
            level = (level.iter())
                .flat_map(|p| ["D", "L", "R", "U"].map(|m| format!("{p}{m}")))
                .collect();
            paths.extend(level.iter().cloned());
        }
        for path in &paths {
            for spaced in [true, false] {
                let written = runs(path, spaced, 3).replace(' ', "");
                let read = spelled_out(written.as_bytes()).unwrap();
                assert_eq!(read.as_ref(), path.as_bytes(), "{written}");
                let tiles = runs(path, true, 1)
                    .split(' ')
                    .filter(|r| !r.is_empty())
                    .count();
                assert_eq!(multi_tile_length(path.as_bytes()), tiles as u64, "{path}");
            }
        }
    }

    #[test]
    fn bad_runs_are_refused() {
        for bad in [
            "L0",
            "3R",
            "R3D0",
            "R99999999999999999999",
            "R1048577",
            "R1048576L",
        ] {
            assert_eq!(spelled_out(bad.as_bytes()), None, "{bad}");
        }
        let most = spelled_out(b"R1048576").unwrap();
        assert_eq!(most.len(), MOST_RUN_MOVES);
        assert!(matches!(spelled_out(b"RRD"), Some(Cow::Borrowed(_))));
    }
}
