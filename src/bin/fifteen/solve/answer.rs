//! The answer to one case: its path (every move, packed two bits a move, or made again as it
//! is written) and what `--stats` reports of its search.

use super::super::any::{self, Letters, Record};
use super::super::board::{path_text, Move, Shape};
use super::super::search::ida::Paths;
use std::io::Write;
use std::time::Duration;

/// What `--stats` reports of one case.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    /// The `--algo` name.
    pub(crate) search: &'static str,
    /// The lower bound's name, or `none`; for `ida`, the bounds tried, in order.
    pub(crate) bound: String,
    /// Nodes generated (`ida`, `dfs`) or expanded (`astar`, `bfs`); for `any`, the cells
    /// visited by the blank's breadth-first searches.
    pub(crate) nodes: u64,
    /// For `ida`, the nodes expanded (whose children were generated).
    pub(crate) expanded: Option<u64>,
    /// Time to build the bound's tables.
    pub(crate) table: Duration,
    /// Time to search, tables excluded.
    pub(crate) solve: Duration,
    /// For `any`: the Manhattan distance of the board, to set beside the moves.
    pub(crate) manhattan: Option<usize>,
}

/// A path as an answer holds it.
#[derive(Clone, Debug)]
pub(crate) enum Path {
    /// Every move: the paths of the optimal searches, at most a few hundred moves.
    Moves(Vec<Move>),
    /// `any`'s path, two bits a move: 0.25 byte a move, up to [`any::MOST_PACKED`] moves.
    Packed(any::Packed),
    /// `any`'s path of `count` moves beyond [`any::MOST_PACKED`], held as its board and goal
    /// and made again as it is written ([`any::solve`] makes the same moves every time):
    /// O(N) memory, for twice the solving time.
    Replay {
        shape: Shape,
        cells: Vec<u32>,
        goal: Vec<u32>,
        variant: any::Variant,
        count: u64,
    },
}

impl Path {
    /// The number of moves.
    pub(crate) fn count(&self) -> u64 {
        match self {
            Path::Moves(moves) => moves.len() as u64,
            Path::Packed(packed) => packed.count(),
            Path::Replay { count, .. } => *count,
        }
    }

    /// Hands every move of the path, in order, to `record`. O(moves), and for a path held
    /// as [`Path::Replay`] the time to solve its board again.
    pub(crate) fn replay<R: Record>(&self, record: &mut R) -> std::io::Result<()> {
        match self {
            Path::Moves(moves) => moves.iter().for_each(|&m| record.record(m)),
            Path::Packed(packed) => packed.replay(record),
            Path::Replay {
                shape,
                cells,
                goal,
                variant,
                ..
            } => {
                any::solve(*shape, cells, goal, *variant, record).map_err(|_| changed())?;
            }
        }
        Ok(())
    }

    /// Writes the letters of the path to `output`, no line end.
    pub(crate) fn write_letters<W: Write>(&self, output: &mut W) -> std::io::Result<()> {
        match self {
            Path::Moves(moves) => output.write_all(path_text(moves).as_bytes()),
            Path::Packed(packed) => packed.write_letters(output),
            Path::Replay { count, .. } => {
                let mut letters = Letters::new(&mut *output);
                let replayed = self.replay(&mut letters);
                let written = letters.finish()?;
                match replayed {
                    Ok(()) if written == *count => Ok(()),
                    _ => Err(changed()),
                }
            }
        }
    }
}

/// The error of a path held as [`Path::Replay`] that is not made again as it was counted.
fn changed() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::Other,
        "any's path changed between its count and its letters",
    )
}

/// The answer to one case: a path, or `None` when the goal is not reached (by parity, or
/// by `dfs` within its bound).
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    pub(crate) moves: Option<Path>,
    pub(crate) reachable: bool,
    pub(crate) stats: Stats,
    /// With `--all-paths` or `--count-paths`, the optimal paths, for a reachable goal.
    pub(crate) paths: Option<Paths>,
}
