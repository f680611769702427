//! Boards drawn at random, for tests, benchmarks and practice (`--random`): uniform among the
//! boards that reach a goal, or the end of a random walk from it, each from a seed, so that
//! a seed gives the same boards on every machine; written in an input form, so that they
//! pipe into this program. Uses boards, goals, the forms and a search's budget, which bounds
//! the walks.

use super::board::{Board, Move, Shape};
use super::error::{Error, LimitHit};
use super::formats::Input;
use super::goal::is_reachable;
use super::search::{Budget, Meter};
use std::io::Write;

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): 64 bits of state, every seed a good stream, the same numbers everywhere.
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// The stream of `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next 64 bits. O(1).
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, every one equally likely: draws above the last whole multiple
    /// of `n` are drawn again (fewer than one in two, whatever `n`).
    ///
    /// # Constraints
    ///
    /// n ≥ 1.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        let whole = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < whole {
                return x % n;
            }
        }
    }
}

/// A board of `shape` drawn uniformly among the (rows·cols)!/2 that reach `goal` (the
/// rows·cols placements of the blank on one row or column). O(N).
///
/// For rows, cols ≥ 2, a shuffle (Fisher–Yates) draws every permutation alike; one that
/// cannot reach the goal has its first two tiles swapped, which flips its parity and
/// keeps its blank: that pairs the boards that cannot reach the goal one to one with
/// those that can, so each of these is drawn with probability 2/N!.
///
/// # Constraints
///
/// `goal` a permutation of 0..rows·cols.
pub(crate) fn uniform(shape: Shape, goal: &[u32], random: &mut SplitMix) -> Vec<u32> {
    let n = goal.len();
    if shape.rows == 1 || shape.cols == 1 {
        // The tiles keep the goal's order; only the blank's cell is drawn.
        let blank = random.below(n as u64) as usize;
        let mut tiles = goal.iter().copied().filter(|&t| t != 0);
        return (0..n)
            .map(|cell| match cell == blank {
                true => 0,
                false => tiles.next().unwrap_or(0),
            })
            .collect();
    }
    let mut cells = goal.to_vec();
    for i in (1..n).rev() {
        cells.swap(i, random.below(i as u64 + 1) as usize);
    }
    if !is_reachable(shape, &cells, goal) {
        let mut tiles = (0..n).filter(|&cell| cells[cell] != 0);
        if let (Some(a), Some(b)) = (tiles.next(), tiles.next()) {
            cells.swap(a, b);
        }
    }
    cells
}

/// The board at the end of a walk of `moves` moves of the blank from `goal`, each drawn
/// alike among the moves that stay on the board and do not undo the move before (on a
/// line's end, where undoing is the only move, it undoes); each move counted by `meter`,
/// whose limits stop the walk. O(N + moves).
pub(crate) fn walk(
    shape: Shape,
    goal: &[u32],
    moves: u64,
    random: &mut SplitMix,
    meter: &mut Meter,
) -> Result<Vec<u32>, LimitHit> {
    let mut board = Board::new(shape, goal.to_vec());
    let mut blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        meter.count()?;
        let on_board = |m: &Move| shape.neighbor(blank, *m).is_some();
        let mut choices: Vec<Move> = Move::ALL.into_iter().filter(on_board).collect();
        if choices.len() > 1 {
            choices.retain(|&m| Some(m.opposite()) != last);
        }
        let Some(&m) = choices.get(random.below(choices.len().max(1) as u64) as usize) else {
            break; // a board of one cell
        };
        if let Some(slide) = board.slide(m) {
            blank = slide.from;
        }
        last = Some(m);
    }
    Ok(board.cells)
}

/// What `--random` asks for: `count` boards of `shape`, each uniform among those that
/// reach the goal or, with `walk`, the end of a walk of that many moves from it; drawn from
/// `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Draws {
    pub(crate) shape: Shape,
    pub(crate) count: u64,
    pub(crate) walk: Option<u64>,
    pub(crate) seed: u64,
}

/// Writes the boards of `draws`, which reach `goal`, to `output` in the input form `form`:
/// each with its header line (`n` for an n×n board, else `rows cols`), or bare, or bare
/// after their count; a line a row. The moves of the walks count as nodes in `budget`,
/// whose node or time limit stops them ([`Error::Limit`], the board's number as its
/// case's). O(N + walk) a board, memory O(N).
///
/// # Constraints
///
/// `goal` a permutation of 0..N for N = the cells of `draws.shape`.
pub(crate) fn write_boards<W: Write>(
    output: &mut W,
    form: Input,
    goal: &[u32],
    draws: Draws,
    budget: &Budget,
) -> Result<(), Error> {
    let shape = draws.shape;
    if let Input::Counted(_) = form {
        writeln!(output, "{}", draws.count).map_err(Error::io)?;
    }
    let mut random = SplitMix::new(draws.seed);
    let mut meter = budget.meter();
    for case in 1..=draws.count {
        let cells = match draws.walk {
            Some(moves) => {
                walk(shape, goal, moves, &mut random, &mut meter).map_err(|hit| Error::Limit {
                    case: case as usize,
                    hit,
                })?
            }
            None => uniform(shape, goal, &mut random),
        };
        write_board(output, form, shape, &cells).map_err(Error::io)?;
    }
    Ok(())
}

/// Writes `cells`, a board of `shape`, to `output` in the input form `form`. O(N).
fn write_board<W: Write>(
    output: &mut W,
    form: Input,
    shape: Shape,
    cells: &[u32],
) -> std::io::Result<()> {
    match (form, shape.rows == shape.cols) {
        (Input::Header, true) => writeln!(output, "{}", shape.rows)?,
        (Input::Header, false) => writeln!(output, "{} {}", shape.rows, shape.cols)?,
        _ => {}
    }
    for row in cells.chunks(shape.cols) {
        let words: Vec<String> = row.iter().map(u32::to_string).collect();
        writeln!(output, "{}", words.join(" "))?;
    }
    Ok(())
}
