//! The part left, at most 3×3, solved by IDA* on its own tiles.

use super::super::board::Shape;
use super::super::goal::is_reachable;
use super::super::search::bound::LinearConflict;
use super::super::search::{ida, Budget, Limits, Puzzle};
use super::grid::{Part, Word};
use super::peeler::Peeler;
use super::record::Record;

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// Solves the part left, at most 3×3, by IDA* on its own tiles, renumbered by their
    /// goal cells within the part.
    pub(super) fn finish(&mut self, part: Part) -> Option<()> {
        let shape = Shape {
            rows: part.len(0),
            cols: part.len(1),
        };
        let grid = self.grid;
        let cells: Vec<usize> = (part.first[0]..=part.last[0])
            .flat_map(|r| (part.first[1]..=part.last[1]).map(move |c| grid.at(r, c)))
            .collect();
        self.placing = cells[0];
        // Tiles renumbered 1, 2, … in the order of their goal cells in the part.
        let mut label = vec![None; self.goal.len()];
        label[0] = Some(0);
        for (&p, number) in cells.iter().filter(|&&p| self.goal[p] != 0).zip(1..) {
            label[self.goal[p] as usize] = Some(number);
        }
        let local = |tile: &dyn Fn(usize) -> u32| -> Option<Vec<u8>> {
            cells.iter().map(|&p| label[tile(p) as usize]).collect()
        };
        let (start, goal) = (local(&|p| self.tile(p))?, local(&|p| self.goal[p])?);
        let wide = |board: &[u8]| board.iter().map(|&t| u32::from(t)).collect::<Vec<_>>();
        if !is_reachable(shape, &wide(&start), &wide(&goal)) {
            return None;
        }
        let puzzle = Puzzle::new(shape, goal);
        let bound = LinearConflict::new(&puzzle);
        let unlimited = Limits {
            max_nodes: None,
            time_limit: None,
            max_memory_mib: usize::MAX,
        };
        let outcome = ida::solve(
            &puzzle,
            &bound,
            &start,
            &Budget::new(unlimited),
            u64::MAX,
            1,
        );
        let Ok(ida::Outcome::Path(path)) = outcome else {
            return None;
        };
        let mut blank = cells[start.iter().position(|&t| t == 0)?];
        for m in path {
            blank = self.grid.neighbor(blank, m)?;
            self.slide(blank);
        }
        Some(())
    }
}
