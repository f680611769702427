//! The judge edition: what a judge runs, and nothing else. Set the problem's form and goal
//! by the three constants below, as the README's judge table says, then paste the file:
//!
//! | problem | [`INPUT`] | [`OUTPUT`] |
//! |---|---|---|
//! | this program's own | `Input::Header` | `Lines::Both`, `"-1"` |
//! | Aizu ALDS1_13_C "15 Puzzle" | `Input::Bare(FOUR)` | `Lines::Moves`, `"-1"` |
//! | SPOJ AL_10_06 "Piętnastka" | `Input::Bare(FOUR)` | `Lines::Path`, `"NIE"` |
//! | UVa 10181 "15-Puzzle Problem" | `Input::Counted(FOUR)` | `Lines::Path`, `"This puzzle is not solvable."` |
//!
//! where `FOUR` is `Shape { rows: 4, cols: 4 }`.
//!
//! Each case's goal is decided by parity, then IDA* with the Manhattan distance and linear
//! conflicts finds the canonical path on one thread, with no table beyond the bound's and no
//! file: the answers of the full program, byte for byte. Uses the rooms above `search`, and
//! of `search` the puzzle, `bound` and `descend`.

use super::board::{path_text, Move, Shape};
use super::error::Error;
use super::form::{Input, Lines, Output};
use super::goal::{is_reachable, Goal};
use super::parse::Cases;
use super::search::bound::LinearConflict;
use super::search::descend::{threshold_from, MovePruner, Root, Search, Step};
use super::search::{Puzzle, MAX_BOARD};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// How the cases are written: `Input::Header` (a header line, `n` or `rows cols`, then the
/// tiles), `Input::Bare(shape)` (boards of one shape, no header) or `Input::Counted(shape)`
/// (their number first).
pub(crate) const INPUT: Input = Input::Header;

/// What is printed of each answer: `lines` (`Lines::Both`, the number of moves then the
/// path; `Lines::Moves`; `Lines::Path`) and the line for a goal that cannot be reached.
pub(crate) const OUTPUT: Output = Output {
    lines: Lines::Both,
    unreachable: Cow::Borrowed("-1"),
};

/// The goal: `Goal::Standard` (`1 2 … N-1 0`), `Goal::BlankFirst` (`0 1 … N-1`) or
/// `Goal::Spiral`.
pub(crate) const GOAL: Goal = Goal::Standard;

/// The canonical path from `cells` to `goal` on a board of `shape`, case number `case`:
/// IDA* with linear conflicts, never undoing a move, each threshold of the parity of every
/// path. O(b^d) nodes for d moves, memory O(d).
///
/// # Constraints
///
/// `goal` is reachable from `cells`, two permutations of 0..N. A board of more than 256
/// cells is refused ([`Error::TooLarge`]).
fn shortest(shape: Shape, cells: &[u32], goal: &[u32], case: usize) -> Result<Vec<Move>, Error> {
    if shape.cells() > MAX_BOARD {
        let cells = shape.cells();
        return Err(Error::TooLarge {
            case,
            search: "ida",
            cells,
        });
    }
    let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
    let (start, puzzle) = (bytes(cells), Puzzle::new(shape, bytes(goal)));
    let (bound, pruner) = (LinearConflict::new(&puzzle), MovePruner::undo_only());
    let root = Root::new(&bound, &start);
    let mut search = Search::new((&puzzle, &pruner, &bound), ());
    let mut threshold = threshold_from(&puzzle, &start, root.h);
    // The goal is reachable: a pass finds a path once the threshold is its length.
    while search.pass(&root, threshold, u32::MAX) != Step::Found {
        threshold = threshold_from(&puzzle, &start, search.least);
    }
    Ok(search.path)
}

/// Answers the cases of `input`, written in [`INPUT`]'s form, to `output`: per case,
/// [`OUTPUT`]'s lines of the canonical path to [`GOAL`], or its line for a goal that cannot
/// be reached. Stops at the first bad case, after the answers to the cases before it.
pub(crate) fn run<W: Write>(input: &[u8], output: &mut W) -> Result<(), Error> {
    for (index, case) in Cases::in_form(input, INPUT).enumerate() {
        let (case, number) = (case?, index + 1);
        let shape = case.shape;
        let goal = GOAL.board(shape).map_err(|goal| Error::GoalSize {
            case: number,
            goal,
            board: shape.cells(),
        })?;
        let path = match is_reachable(shape, &case.cells, &goal) {
            true => Some(shortest(shape, &case.cells, &goal, number)?),
            false => None,
        };
        let moves = path.as_ref().map(|path| path.len() as u64);
        let letters = |output: &mut W| match &path {
            Some(path) => output.write_all(path_text(path).as_bytes()),
            None => Ok(()),
        };
        OUTPUT
            .write(output, moves, letters)
            .map_err(|e| Error::Io(e.to_string()))?;
    }
    Ok(())
}

/// Reads stdin whole and writes the answers to stdout: exit 0, or the error's code
/// (`error: …` on stderr, after the answers to the cases before it).
pub fn main() -> ExitCode {
    let mut input = Vec::new();
    let read = io::stdin().read_to_end(&mut input);
    let mut output = io::BufWriter::new(io::stdout().lock());
    let answered = match read {
        Ok(_) => run(&input, &mut output),
        Err(e) => Err(Error::Io(e.to_string())),
    };
    let flushed = output.flush().map_err(|e| Error::Io(e.to_string()));
    match answered.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
