//! The verdict on one answer: whether its path is made of moves, keeps the blank on the
//! board and reaches the goal, and whether it is as short as the least. Uses `board`,
//! `goal`, `parse`'s cases and `answer`'s claims; solves nothing.

use super::super::board::{moves_text, Board, Lettering};
use super::super::goal::is_reachable;
use super::super::parse::Case;
use super::answer::Claim;
use std::cmp::Ordering;
use std::fmt;

/// Why an answer is rejected. Moves are numbered from 1, their letters shown as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Returned when the answer is `-1` for a board that reaches the goal.
    Reachable,
    /// Returned when the answer is a path for a board that cannot reach the goal.
    Unreachable { moves: usize },
    /// Returned when the count is not the number of letters of the path.
    Count { count: u64, moves: usize },
    /// Returned when a letter of the path names no move.
    NotAMove { number: usize, letter: u8 },
    /// Returned when a move takes the blank off the board.
    OffBoard { number: usize, letter: u8 },
    /// Returned when the path ends elsewhere than the goal, `misplaced` tiles (the blank
    /// not counted) off their goal cells.
    OffGoal { moves: usize, misplaced: usize },
    /// Returned when the path is longer than the least.
    Longer { moves: u64, least: u64 },
    /// Returned when the path is shorter than the least known: the least was wrong.
    Shorter { moves: u64, least: u64 },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Fault::Reachable => write!(f, "-1, but the goal can be reached"),
            Fault::Unreachable { moves } => write!(
                f,
                "a path of {}, but the goal cannot be reached",
                moves_text(*moves as u64)
            ),
            Fault::Count { count, moves } => write!(
                f,
                "the count is {count}, the path has {}",
                moves_text(*moves as u64)
            ),
            Fault::NotAMove { number, letter } => write!(
                f,
                "move {number} (\"{}\") is none of U D L R",
                letter.escape_ascii()
            ),
            Fault::OffBoard { number, letter } => write!(
                f,
                "move {number} ({}) takes the blank off the board",
                char::from(*letter)
            ),
            Fault::OffGoal { moves, misplaced } => {
                let s = if *misplaced == 1 { "" } else { "s" };
                write!(
                    f,
                    "the path of {} ends with {misplaced} tile{s} out of place",
                    moves_text(*moves as u64)
                )
            }
            Fault::Longer { moves, least } => {
                write!(f, "{}, the least is {least}", moves_text(*moves))
            }
            Fault::Shorter { moves, least } => write!(
                f,
                "{}, fewer than the least known, {least}",
                moves_text(*moves)
            ),
        }
    }
}

/// Plays `claim` on `case`, its letters read as `lettering` says: `Ok(None)` for a right
/// `-1`, `Ok(Some(moves))` for a path that takes the board to `goal`, else the first fault
/// in the order of [`Fault`]'s variants (the count before the moves). O(N + moves).
pub(crate) fn replay(
    case: &Case,
    goal: &[u32],
    claim: &Claim,
    lettering: Lettering,
) -> Result<Option<u64>, Fault> {
    let reachable = is_reachable(case.shape, &case.cells, goal);
    let (count, letters) = match claim {
        Claim::Unreachable if reachable => return Err(Fault::Reachable),
        Claim::Unreachable => return Ok(None),
        Claim::Path { count, letters } => (*count, &letters[..]),
    };
    let moves = letters.len();
    if !reachable {
        return Err(Fault::Unreachable { moves });
    }
    if let Some(count) = count.filter(|&count| count != moves as u64) {
        return Err(Fault::Count { count, moves });
    }
    let mut board = Board::new(case.shape, case.cells.clone());
    for (i, &letter) in letters.iter().enumerate() {
        let number = i + 1;
        let m = lettering
            .read(letter)
            .ok_or(Fault::NotAMove { number, letter })?;
        board.slide(m).ok_or(Fault::OffBoard { number, letter })?;
    }
    // With every tile home, the blank is too.
    let misplaced = (board.cells.iter().zip(goal))
        .filter(|&(&tile, &home)| tile != 0 && tile != home)
        .count();
    if misplaced > 0 {
        return Err(Fault::OffGoal { moves, misplaced });
    }
    Ok(Some(moves as u64))
}

/// Sets the `moves` of a path that reaches the goal against the `least` number of moves.
pub(crate) fn against_least(moves: u64, least: u64) -> Result<(), Fault> {
    match moves.cmp(&least) {
        Ordering::Equal => Ok(()),
        Ordering::Greater => Err(Fault::Longer { moves, least }),
        Ordering::Less => Err(Fault::Shorter { moves, least }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::Shape;
    use super::*;

    /// The verdict on `letters` (a path alone, or after `count`) for the 2×3 board
    /// `1 2 3 / 4 0 5` and the goal `1 2 3 / 4 5 0`, one move away (R).
    fn judged(
        count: Option<u64>,
        letters: &str,
        lettering: Lettering,
    ) -> Result<Option<u64>, Fault> {
        let case = Case {
            shape: Shape { rows: 2, cols: 3 },
            cells: vec![1, 2, 3, 4, 0, 5],
        };
        let letters = letters.as_bytes().into();
        let claim = Claim::Path { count, letters };
        replay(&case, &[1, 2, 3, 4, 5, 0], &claim, lettering)
    }

    #[test]
    fn each_fault_and_its_message() {
        let blank = Lettering::Blank;
        assert_eq!(judged(None, "R", blank), Ok(Some(1)));
        assert_eq!(judged(Some(3), "RLR", blank), Ok(Some(3)));
        assert_eq!(judged(None, "L", Lettering::Tile), Ok(Some(1)));
        let tile = Lettering::Tile;
        for (count, letters, lettering, message) in [
            (Some(2), "R", blank, "the count is 2, the path has 1 move"),
            (None, "RxR", blank, "move 2 (\"x\") is none of U D L R"),
            (None, "r", blank, "move 1 (\"r\") is none of U D L R"),
            (
                None,
                "RR",
                blank,
                "move 2 (R) takes the blank off the board",
            ),
            (
                None,
                "R",
                tile,
                "the path of 1 move ends with 2 tiles out of place",
            ),
            (
                Some(0),
                "",
                blank,
                "the path of 0 moves ends with 1 tile out of place",
            ),
            (
                None,
                "UD",
                blank,
                "the path of 2 moves ends with 1 tile out of place",
            ),
        ] {
            let fault = judged(count, letters, lettering).unwrap_err();
            assert_eq!(fault.to_string(), message);
        }
        let case = Case {
            shape: Shape { rows: 2, cols: 2 },
            cells: vec![2, 1, 3, 0],
        };
        let goal = [1, 2, 3, 0];
        let letters = b"UL"[..].into();
        let path = Claim::Path {
            count: None,
            letters,
        };
        assert_eq!(
            replay(&case, &goal, &path, blank),
            Err(Fault::Unreachable { moves: 2 })
        );
        assert_eq!(replay(&case, &goal, &Claim::Unreachable, blank), Ok(None));
        let solvable = Case {
            cells: goal.to_vec(),
            ..case
        };
        assert_eq!(
            replay(&solvable, &goal, &Claim::Unreachable, blank),
            Err(Fault::Reachable)
        );
        assert_eq!(against_least(5, 5), Ok(()));
        assert_eq!(
            against_least(7, 5).unwrap_err().to_string(),
            "7 moves, the least is 5"
        );
        assert_eq!(
            against_least(3, 5).unwrap_err().to_string(),
            "3 moves, fewer than the least known, 5"
        );
    }
}
