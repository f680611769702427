//! A bound times a weight, for weighted IDA*: with a bound h that never exceeds the
//! distance, IDA* over ⌊w·h⌋ (w ≥ 1) finds a path of at most w times the least moves,
//! plus one (its thresholds keep the parity of the distance), far sooner. Not a lower
//! bound in the sense of [`bound::LowerBound`]'s constraints: `any` uses it, `ida` never.

use super::bound::LowerBound;
use super::Board;

/// `bound` times `percent` / 100 (`percent` ≥ 100).
pub(crate) struct Weighted<'a, B> {
    pub bound: &'a B,
    pub percent: u32,
}

impl<B: LowerBound> Weighted<'_, B> {
    fn scale(&self, h: u32) -> u32 {
        h.saturating_mul(self.percent) / 100
    }
}

impl<B: LowerBound> LowerBound for Weighted<'_, B> {
    type State = B::State;
    type Undo = B::Undo;

    fn name(&self) -> String {
        format!("{} weighted {}%", self.bound.name(), self.percent)
    }

    fn start(&self, cells: &[u8]) -> (B::State, u32) {
        let (state, h) = self.bound.start(cells);
        (state, self.scale(h))
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut B::State,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, B::Undo) {
        // ⌊h·w⌋ > limit exactly when h > ⌈(limit + 1) / w⌉ − 1.
        let inner = (u64::from(limit) + 1) * 100;
        let inner = (inner + u64::from(self.percent) - 1) / u64::from(self.percent) - 1;
        let inner = inner.min(u64::from(u32::MAX)) as u32;
        let (h, undo) = self.bound.apply(state, cells, tile, from, to, inner);
        (self.scale(h), undo)
    }

    #[inline(always)]
    fn undo(&self, state: &mut B::State, tile: u8, from: usize, to: usize, undo: B::Undo) {
        self.bound.undo(state, tile, from, to, undo);
    }
}
