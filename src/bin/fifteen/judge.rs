//! The judge edition's problem, search and `main`: the full program's answers on one thread,
//! with no options or files. Parity, then IDA* over `regions`' tables (4×4: 4-4-4-3, then
//! 5-5-5 past [`FIRST_NODES`] nodes; up to 24 cells: groups of 4), else the Manhattan
//! distance.

use super::board::{path_text, Move, Shape};
use super::error::Error;
use super::formats::{Input, Lines, Output};
use super::goal::{is_reachable, standard};
use super::parse::Cases;
use super::search::bound::{LowerBound, Manhattan};
use super::search::descend::{threshold_from, Counter, MovePruner, Root, Search, Step};
use super::search::regions::{in_reading_order, small_four, RegionTables, Regions};
use super::search::{bytes, Puzzle, MAX_BOARD};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The problem this file answers: set it before submitting (the tests build each).
pub(crate) const PROBLEM: Problem = Problem::Fifteen;

/// The problems this file answers, each to the standard goal `1 2 … N-1 0`.
#[allow(dead_code)] // only the one `PROBLEM` names is built
#[derive(Clone, Copy)]
pub(crate) enum Problem {
    /// This program's own: cases of a header `n` or `rows cols`, then the tiles; the
    /// number of moves, then the path, or `-1`.
    Fifteen,
    /// Aizu ALDS1_13_C "15 Puzzle": 4×4 boards, no header; the number of moves.
    AizuAlds1_13C,
    /// SPOJ AL_10_06 "Piętnastka": 4×4 boards, no header; the path, or `NIE`.
    SpojAl10_06,
    /// UVa 10181 "15-Puzzle Problem": a count, then 4×4 boards; the path, or `This
    /// puzzle is not solvable.`
    Uva10181,
}

impl Problem {
    /// How the problem's cases are written, and what is printed of each answer.
    fn form(self) -> (Input, Output) {
        let four = Shape { rows: 4, cols: 4 };
        let (input, lines, unreachable) = match self {
            Problem::Fifteen => (Input::Header, Lines::Both, "-1"),
            Problem::AizuAlds1_13C => (Input::Bare(four), Lines::Moves, "-1"),
            Problem::SpojAl10_06 => (Input::Bare(four), Lines::Path, "NIE"),
            Problem::Uva10181 => (
                Input::Counted(four),
                Lines::Path,
                "This puzzle is not solvable.",
            ),
        };
        let unreachable = Cow::Borrowed(unreachable);
        (input, Output { lines, unreachable })
    }
}

/// The nodes a 4×4 case may take with the 4-4-4-3 tables before the 5-5-5 ones are built
/// (about their cost).
const FIRST_NODES: u64 = 1 << 23;

/// The most shapes whose tables are kept, so that an input that alternates shapes builds
/// each one's once; 13 MB at most a shape (the 4×4's).
const SHAPES_KEPT: usize = 4;

/// The tables of one shape and goal, stage by stage, each built on first use.
struct Tables {
    puzzle: Puzzle,
    /// Each stage's partition, and its tables once built.
    stages: Vec<(Vec<Vec<u8>>, Option<RegionTables>)>,
}

impl Tables {
    /// The stages of `puzzle`, none built. O(N).
    fn new(puzzle: Puzzle) -> Self {
        let n = puzzle.shape.cells();
        let partitions = if (puzzle.shape.rows, puzzle.shape.cols) == (4, 4) {
            small_four(&puzzle).to_vec()
        } else if (2..=Regions::CELLS).contains(&n) {
            let sizes: Vec<usize> = (1..n).step_by(4).map(|t| 4.min(n - t)).collect();
            vec![in_reading_order(&puzzle, &sizes)]
        } else {
            Vec::new()
        };
        let stages = partitions.into_iter().map(|p| (p, None)).collect();
        Tables { puzzle, stages }
    }
}

/// The tables of `shape` from `kept` (the last used last), or new ones for `goal`, the
/// oldest dropped past [`SHAPES_KEPT`].
fn tables_for<'a>(kept: &'a mut Vec<Tables>, shape: Shape, goal: &[u32]) -> &'a mut Tables {
    let tables = match kept.iter().position(|t| t.puzzle.shape == shape) {
        Some(i) => kept.remove(i),
        None => Tables::new(Puzzle::new(shape, bytes(goal))),
    };
    if kept.len() == SHAPES_KEPT {
        kept.remove(0);
    }
    kept.push(tables);
    kept.last_mut().expect("pushed above")
}

/// The nodes a pass may still generate; it stops at none.
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

/// IDA* by `bound` from `start`, never undoing a move, from threshold `floor` on, for at
/// most `nodes` nodes: the canonical path, or the threshold of the pass stopped (no path
/// is shorter).
fn search<B: LowerBound>(
    puzzle: &Puzzle,
    bound: &B,
    start: &[u8],
    floor: u32,
    nodes: u64,
) -> Result<Vec<Move>, u32> {
    let pruner = MovePruner::undo_only();
    let root = Root::new(bound, start);
    let mut search = Search::new(puzzle, &pruner, bound, Nodes(nodes));
    let mut threshold = threshold_from(puzzle, start, root.h.max(floor));
    // The goal is reachable: a pass finds a path once the threshold is its length.
    loop {
        match search.pass(&root, threshold) {
            Step::Found => return Ok(search.path),
            Step::Below => threshold = threshold_from(puzzle, start, search.least),
            Step::Stopped => return Err(threshold),
        }
    }
}

/// The canonical path from `start` to the goal of `tables` (reachable): IDA* over each
/// stage from the last one built, or the Manhattan distance. O(b^d) nodes for d moves,
/// memory O(d) beside the tables.
fn shortest(tables: &mut Tables, start: &[u8]) -> Vec<Move> {
    let Tables { puzzle, stages } = tables;
    let first = stages.iter().rposition(|(_, b)| b.is_some()).unwrap_or(0);
    let (mut floor, last) = (0, stages.len().saturating_sub(1));
    for (stage, (groups, built)) in stages.iter_mut().enumerate().skip(first) {
        let nodes = if stage == last { u64::MAX } else { FIRST_NODES };
        let bound = built.get_or_insert_with(|| RegionTables::new(puzzle, groups, true));
        match search(puzzle, bound, start, floor, nodes) {
            Ok(path) => return path,
            Err(threshold) => floor = threshold,
        }
    }
    // No tables: the Manhattan distance, which never stops.
    let bound = Manhattan::new(puzzle);
    search(puzzle, &bound, start, floor, u64::MAX).unwrap_or_default()
}

/// Writes the answers to the cases of `input` in [`PROBLEM`]'s forms, stopping at the
/// first bad case; over 256 cells is [`Error::TooLarge`].
pub(crate) fn run<W: Write>(input: &[u8], output: &mut W) -> Result<(), Error> {
    let (form, answer_form) = PROBLEM.form();
    let mut tables_met = Vec::new();
    for (index, case) in Cases::in_form(input, form).enumerate() {
        let (case, number) = (case?, index + 1);
        let (shape, cells) = (case.shape, case.shape.cells());
        let goal = standard(shape);
        let path = match is_reachable(shape, &case.cells, &goal) {
            true if cells > MAX_BOARD => {
                let search = "ida";
                return Err(Error::TooLarge {
                    case: number,
                    search,
                    cells,
                });
            }
            true => Some(shortest(
                tables_for(&mut tables_met, shape, &goal),
                &bytes(&case.cells),
            )),
            false => None,
        };
        let moves = path.as_ref().map(|path| path.len() as u64);
        let letters = |output: &mut W| match &path {
            Some(path) => output.write_all(path_text(path).as_bytes()),
            None => Ok(()),
        };
        answer_form
            .write(output, moves, letters)
            .map_err(|e| Error::Io(e.to_string()))?;
    }
    Ok(())
}

/// Answers stdin on stdout: exit 0, or `error: …` on stderr and the error's code.
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
