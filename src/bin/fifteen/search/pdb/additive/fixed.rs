//! [`Additive`] with its reflection fixed at compile time ([`Fixed`],
//! [`on_fixed!`]), and its [`LowerBound`] implementations.

use super::super::super::bound::LowerBound;
use super::super::super::Board;
use super::{Additive, PdbState, SidesUndo};

/// An [`Additive`] whose reflection (`REFLECT`) is fixed at compile time, so that a
/// search over it carries the look-ups it makes and tests nothing (the search of Korf's
/// first 20 boards, callgrind: 196 → 189 instructions a node, when the layout was fixed
/// too). Made by [`on_fixed!`], which picks the one that matches (see
/// [`Additive::fixed_as`]; checked in debug builds). A mismatch never gives a bound
/// above the distance: the reflected look-up finds no group or is left out.
pub(crate) struct Fixed<'a, const REFLECT: bool>(&'a Additive);

impl<'a, const REFLECT: bool> Fixed<'a, REFLECT> {
    /// `additive` seen as this [`Fixed`]; O(1).
    pub(crate) fn of(additive: &'a Additive) -> Self {
        debug_assert_eq!(additive.fixed_as(), REFLECT, "another reflection");
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
            false => {
                let $fixed = Fixed::<false>::of(additive);
                $body
            }
            true => {
                let $fixed = Fixed::<true>::of(additive);
                $body
            }
        }
    }};
}
pub(crate) use on_fixed;

impl<const REFLECT: bool> LowerBound for Fixed<'_, REFLECT> {
    type State = PdbState;
    type Undo = SidesUndo;

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
    ) -> (u32, SidesUndo) {
        self.0
            .apply_in::<REFLECT>(state, cells, tile, from, to, limit)
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: SidesUndo) {
        self.0.undo_in::<REFLECT>(state, tile, from, to, undo)
    }
}

/// The layout and reflection chosen at run time, a look-up at a time (tests, benches;
/// the plan searches over [`Fixed`]).
impl LowerBound for Additive {
    type State = PdbState;
    type Undo = SidesUndo;

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
    ) -> (u32, SidesUndo) {
        on_fixed!(self, |fixed| fixed
            .apply(state, cells, tile, from, to, limit))
    }

    #[inline]
    fn undo(&self, state: &mut PdbState, tile: u8, from: usize, to: usize, undo: SidesUndo) {
        on_fixed!(self, |fixed| fixed.undo(state, tile, from, to, undo))
    }
}
