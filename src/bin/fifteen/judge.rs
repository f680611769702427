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
//! Reachability by parity, then IDA* on one thread: the full program's answers, byte for
//! byte. Its bound: `regions`' tables, built once per shape and goal (4×4: 3-4-4-4, then
//! 5-5-5 for a case past [`FIRST_NODES`] nodes; up to 24 cells: groups of 4), else the
//! Manhattan distance.

use super::board::{path_text, Move, Shape};
use super::error::Error;
use super::form::{Input, Lines, Output};
use super::goal::{is_reachable, Goal};
use super::parse::Cases;
use super::search::bound::{LowerBound, Manhattan};
use super::search::descend::{threshold_from, Counter, MovePruner, Root, Search, Step};
use super::search::regions::{in_reading_order, small_four, RegionTables, Regions};
use super::search::{Puzzle, MAX_BOARD};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// How the cases are written: `Input::Header` (a line `n` or `rows cols`, then the tiles),
/// `Input::Bare(shape)` (boards of one shape) or `Input::Counted(shape)` (their number first).
pub(crate) const INPUT: Input = Input::Header;

/// What is printed of each answer (`Lines::Both`, moves then path; `Lines::Moves`;
/// `Lines::Path`), and the line for a goal that cannot be reached.
pub(crate) const OUTPUT: Output = Output {
    lines: Lines::Both,
    unreachable: Cow::Borrowed("-1"),
};

/// The goal: `Goal::Standard` (`1 2 … N-1 0`), `Goal::BlankFirst` (`0 1 … N-1`) or
/// `Goal::Spiral`.
pub(crate) const GOAL: Goal = Goal::Standard;

/// The nodes of a 4×4 case with the 3-4-4-4 tables before the 5-5-5 ones are built (about
/// their build's cost).
const FIRST_NODES: u64 = 1 << 23;

/// The tables of one shape and goal, by stage, each built on first use, kept across cases.
struct Tables {
    puzzle: Puzzle,
    /// The stages in order: a partition, and its tables once built.
    stages: Vec<(Vec<Vec<u8>>, Option<RegionTables>)>,
}

impl Tables {
    /// `kept` if for `shape` and `goal`, else new tables, none built.
    fn for_goal(kept: &mut Option<Tables>, shape: Shape, goal: Vec<u8>) -> &mut Tables {
        let same = |tables: &Tables| tables.puzzle.shape == shape && tables.puzzle.goal == goal;
        if !kept.as_ref().is_some_and(same) {
            let puzzle = Puzzle::new(shape, goal);
            let n = shape.cells();
            let partitions = if (shape.rows, shape.cols) == (4, 4) {
                small_four(&puzzle).to_vec()
            } else if (2..=Regions::CELLS).contains(&n) {
                let sizes: Vec<usize> = (1..n).step_by(4).map(|t| 4.min(n - t)).collect();
                vec![in_reading_order(&puzzle, &sizes)]
            } else {
                Vec::new()
            };
            let stages = partitions.into_iter().map(|p| (p, None)).collect();
            *kept = Some(Tables { puzzle, stages });
        }
        kept.as_mut().expect("set above")
    }
}

/// Counts down the nodes a search may still generate; the pass stops when none are left.
struct Nodes(u64);

impl Counter for Nodes {
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.0 = self.0.saturating_sub(1);
        self.0 % 4096 != 0
    }

    fn stops(&mut self) -> bool {
        self.0 == 0
    }
}

/// IDA* by `bound` from `start`, never undoing a move, thresholds of the paths' parity from
/// `floor` on, for at most `nodes` nodes: the canonical path, or the threshold whose pass
/// the budget stopped (none below it holds a path).
fn search<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    start: &[u8],
    (floor, nodes): (u32, u64),
) -> Result<Vec<Move>, u32> {
    let pruner = MovePruner::undo_only();
    let root = Root::new(bound, start);
    let mut search = Search::new((puzzle, &pruner, bound), Nodes(nodes));
    let mut threshold = threshold_from(puzzle, start, root.h.max(floor));
    // The goal is reachable: a pass finds a path once the threshold is its length.
    loop {
        match search.pass(&root, threshold, u32::MAX) {
            Step::Found => return Ok(search.path),
            Step::Below => threshold = threshold_from(puzzle, start, search.least),
            Step::Stopped => return Err(threshold),
        }
    }
}

/// The canonical path from `cells` to `goal` (reachable) on a board of `shape`, case `case`:
/// IDA* over the stages' tables in turn, or the Manhattan distance. O(b^d) nodes for d moves,
/// memory O(d) beside the tables; more than 256 cells refused ([`Error::TooLarge`]).
fn shortest(
    (shape, cells, goal): (Shape, &[u32], &[u32]),
    case: usize,
    kept: &mut Option<Tables>,
) -> Result<Vec<Move>, Error> {
    if shape.cells() > MAX_BOARD {
        let cells = shape.cells();
        return Err(Error::TooLarge {
            case,
            search: "ida",
            cells,
        });
    }
    let bytes = |board: &[u32]| board.iter().map(|&t| t as u8).collect::<Vec<u8>>();
    let start = bytes(cells);
    let Tables { puzzle, stages } = Tables::for_goal(kept, shape, bytes(goal));
    // A case starts at the last stage already built.
    let first = stages.iter().rposition(|(_, b)| b.is_some()).unwrap_or(0);
    let (mut floor, last) = (0, stages.len().saturating_sub(1));
    for (stage, (groups, built)) in stages.iter_mut().enumerate().skip(first) {
        let nodes = if stage == last { u64::MAX } else { FIRST_NODES };
        let bound = built.get_or_insert_with(|| RegionTables::new(puzzle, groups, true));
        match search(puzzle, bound, &start, (floor, nodes)) {
            Ok(path) => return Ok(path),
            Err(threshold) => floor = threshold,
        }
    }
    // No tables: the Manhattan distance, which never stops.
    let bound = Manhattan::new(puzzle);
    Ok(search(puzzle, &bound, &start, (floor, u64::MAX)).unwrap_or_default())
}

/// Answers the cases of `input`, written in [`INPUT`]'s form, to `output`: per case,
/// [`OUTPUT`]'s lines of the canonical path to [`GOAL`], or its line for a goal that cannot
/// be reached. Stops at the first bad case, after the answers to the cases before it.
pub(crate) fn run<W: Write>(input: &[u8], output: &mut W) -> Result<(), Error> {
    let mut tables = None;
    for (index, case) in Cases::in_form(input, INPUT).enumerate() {
        let (case, number) = (case?, index + 1);
        let shape = case.shape;
        let goal = GOAL.board(shape).map_err(|goal| Error::GoalSize {
            case: number,
            goal,
            board: shape.cells(),
        })?;
        let path = match is_reachable(shape, &case.cells, &goal) {
            true => Some(shortest((shape, &case.cells, &goal), number, &mut tables)?),
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
