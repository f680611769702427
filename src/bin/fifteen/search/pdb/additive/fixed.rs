//! [`Additive`] with its layout and reflection fixed at compile time ([`Fixed`],
//! [`on_fixed!`]), and its [`LowerBound`] implementations.

use super::super::super::bound::LowerBound;
use super::super::super::Board;
use super::{Additive, PdbState, PdbUndo};

/// An [`Additive`] whose layout (tables of bytes when `BYTES`, else of [`Regions`])
/// and reflection (`REFLECT`) are fixed at compile time, so that a search over it
/// carries one look-up and tests neither (the search of Korf's first 20 boards,
/// callgrind: 196 → 189 instructions a node). Made by [`on_fixed!`], which picks the
/// one that matches (see [`Additive::fixed_as`]; checked in debug builds). A mismatch
/// never gives a bound above the distance: with the wrong layout the look-up reads
/// an empty table and panics; with the wrong reflection the reflected look-up finds
/// no group or is left out.
pub(crate) struct Fixed<'a, const BYTES: bool, const REFLECT: bool>(&'a Additive);

impl<'a, const BYTES: bool, const REFLECT: bool> Fixed<'a, BYTES, REFLECT> {
    /// `additive` seen as this [`Fixed`]; O(1).
    pub(crate) fn of(additive: &'a Additive) -> Self {
        debug_assert_eq!(additive.fixed_as(), (BYTES, REFLECT), "another layout");
        Fixed(additive)
    }
}

/// Evaluates `$body` with `$fixed` bound to the [`Fixed`] of the [`Additive`]
/// `$additive` (an expression of type `&Additive`, evaluated once); `Fixed` must be
/// in scope where it is used.
macro_rules! on_fixed {
    ($additive:expr, |$fixed:ident| $body:expr) => {{
        let additive = $additive;
        match additive.fixed_as() {
            (false, false) => {
                let $fixed = Fixed::<false, false>::of(additive);
                $body
            }
            (false, true) => {
                let $fixed = Fixed::<false, true>::of(additive);
                $body
            }
            (true, false) => {
                let $fixed = Fixed::<true, false>::of(additive);
                $body
            }
            (true, true) => {
                let $fixed = Fixed::<true, true>::of(additive);
                $body
            }
        }
    }};
}
pub(crate) use on_fixed;

impl<const BYTES: bool, const REFLECT: bool> LowerBound for Fixed<'_, BYTES, REFLECT> {
    type State = PdbState;
    type Undo = PdbUndo;

    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn start(&self, cells: &[u8]) -> (PdbState, u32) {
        self.0.start_state(cells)
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, PdbUndo) {
        self.0
            .apply_in::<BYTES, REFLECT>(state, cells, tile, from, to, limit)
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: PdbUndo) {
        self.0
            .undo_in::<BYTES, REFLECT>(state, tile, (from, to), undo)
    }
}

/// The layout and reflection told at run time, a look-up at a time (tests, benches;
/// the plan searches over [`Fixed`]).
impl LowerBound for Additive {
    type State = PdbState;
    type Undo = PdbUndo;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&self, cells: &[u8]) -> (PdbState, u32) {
        self.start_state(cells)
    }

    #[inline(always)]
    fn apply(
        &self,
        state: &mut PdbState,
        cells: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, PdbUndo) {
        on_fixed!(self, |fixed| fixed
            .apply(state, cells, tile, from, to, limit))
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: PdbUndo) {
        on_fixed!(self, |fixed| fixed.undo(state, tile, from, to, undo))
    }
}
