//! A tile's steps toward its cell: around the corner (3 moves) or straight ahead, the blank
//! around it on the side whose tiles gain more (5 moves), most steps made at once.

use super::super::board::Move;
use super::grid::{move_index, Word};
use super::peeler::Peeler;
use super::record::Record;

/// How much more (in Manhattan distance) the blank's four moves around a tile straight
/// ahead must gain than its two around the corner for the tile to go straight now
/// ([`Peeler::straight_way`]): when that makes no more moves in all, and when it makes
/// later steps straight that would not have been. Tuned for the fewest moves on large
/// random boards; the values tried are in `benches/README.md`.
const STRAIGHT_GAIN: [isize; 2] = [2, 4];

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// The neighbours of cell `p` (at `from`) closer to `to` by a row and by a column,
    /// with their rows and columns.
    #[allow(clippy::type_complexity)] // two optional (cell, [row, column]) pairs
    fn closer(
        &self,
        p: usize,
        [row, col]: [u32; 2],
        [to_row, to_col]: [u32; 2],
    ) -> (Option<(usize, [u32; 2])>, Option<(usize, [u32; 2])>) {
        let cols = self.grid.stride();
        let vertical = match to_row.cmp(&row) {
            std::cmp::Ordering::Greater => Some((p + cols, [row + 1, col])),
            std::cmp::Ordering::Less => Some((p - cols, [row - 1, col])),
            std::cmp::Ordering::Equal => None,
        };
        let horizontal = match to_col.cmp(&col) {
            std::cmp::Ordering::Greater => Some((p + 1, [row, col + 1])),
            std::cmp::Ordering::Less => Some((p - 1, [row, col - 1])),
            std::cmp::Ordering::Equal => None,
        };
        (vertical, horizontal)
    }

    /// The cell a tile on `p` goes to next on its way to `target`, a cell of the outer
    /// line of the part (`inward` points into the part). A tile never moves along that
    /// line, whose cells left may be apart, but off it first, then in at its cell. Else
    /// of the unlocked neighbours closer to `target`, the one the blank reaches in fewer
    /// moves (its taxicab distance, plus 2 when `p` stands between them on a line), on a
    /// tie the one on the axis with more to go; but straight ahead instead of around the
    /// corner when the blank's moves around the tile gain enough more
    /// ([`Peeler::straight_way`]), and then with the blank's way around it.
    fn tile_step(
        &self,
        p: usize,
        target: usize,
        inward: Move,
    ) -> Option<(usize, Option<[usize; 3]>)> {
        let ([pr, pc], [tr, tc]) = (self.grid.place(p), self.grid.place(target));
        let across = matches!(inward, Move::Up | Move::Down);
        let on_line = |[row, col]: [u32; 2]| if across { row == tr } else { col == tc };
        if on_line([pr, pc]) {
            let next = if self.distance(p, target) == 1 {
                Some(target)
            } else {
                self.grid.neighbor(p, inward)
            };
            return next.map(|next| (next, None));
        }
        let [br, bc] = self.grid.place(self.blank);
        let between = |a: u32, b: u32, c: u32| a.min(c) < b && b < a.max(c);
        let cost = |[qr, qc]: [u32; 2]| {
            let blocked = (br == pr && qr == pr && between(bc, pc, qc))
                || (bc == pc && qc == pc && between(br, pr, qr));
            br.abs_diff(qr) + bc.abs_diff(qc) + 2 * u32::from(blocked)
        };
        let (vertical, horizontal) = self.closer(p, [pr, pc], [tr, tc]);
        let (first, second) = if pr.abs_diff(tr) >= pc.abs_diff(tc) {
            (vertical, horizontal)
        } else {
            (horizontal, vertical)
        };
        let mut pick: Option<(usize, u32)> = None;
        // The cell straight ahead, the blank right behind the tile.
        let mut ahead = None;
        let behind = br.abs_diff(pr) + bc.abs_diff(pc) == 1;
        for neighbour in [first, second] {
            let Some((q, there)) = neighbour else {
                continue;
            };
            if self.locked(q) || (q != target && on_line(there)) {
                continue;
            }
            if behind && q + self.blank == 2 * p {
                ahead = Some(q);
            }
            let cost = cost(there);
            if pick.map_or(true, |(_, least)| cost < least) {
                pick = Some((q, cost));
            }
        }
        let (q, _) = pick?;
        match ahead {
            Some(ahead) if ahead != q => {
                let (along, across) = if ahead.abs_diff(p) == 1 {
                    (pc.abs_diff(tc), pr.abs_diff(tr))
                } else {
                    (pr.abs_diff(tr), pc.abs_diff(tc))
                };
                // Going straight now makes no more moves in all when the tile has more to
                // go ahead than across (a straight step comes sooner or later); else it
                // makes one or two more steps straight, 2 or 4 more moves.
                let costly = along <= across;
                // A constant axis for `straight_way`: the blank is behind the tile.
                let way = if self.blank.abs_diff(p) == 1 {
                    self.straight_way::<1>(p, ahead, q, costly)
                } else {
                    self.straight_way::<0>(p, ahead, q, costly)
                };
                Some(match way {
                    Some(way) => (ahead, Some(way)),
                    None => (q, None),
                })
            }
            _ => Some((q, None)),
        }
    }

    /// For a tile on `p`, the blank behind it, that may go on to `ahead` or turn to
    /// `turn`, going straight `costly` when that makes more moves in all: the blank's
    /// way around it to `ahead` ([`Peeler::way_around`]) when its four moves gain at
    /// least [`STRAIGHT_GAIN`] more than its two around the corner (or the corner is
    /// locked); else `None`, a turn. The way is weighed only where its four moves could
    /// gain that much (4 at most). The tile goes along `ALONG`, a constant (as in
    /// [`Peeler::way_around_along`]). O(1).
    fn straight_way<const ALONG: usize>(
        &self,
        p: usize,
        ahead: usize,
        turn: usize,
        costly: bool,
    ) -> Option<[usize; 3]> {
        let blank = self.blank;
        let corner = blank + turn - p;
        // The blank goes across to the corner, then along to `turn`; each tile it meets
        // moves against it, toward higher rows or columns when the blank comes from there.
        let turn_gain = self.step_gain(corner, 1 - ALONG, blank > corner)
            + self.step_gain(turn, ALONG, corner > turn);
        let least = turn_gain + STRAIGHT_GAIN[usize::from(costly)];
        let locked = self.locked(corner);
        // Four moves gain at most 4: no need to weigh the way around.
        if !locked && least > 4 {
            return None;
        }
        let (gain, higher) = self.way_around_along::<ALONG>(p, ahead)?;
        (locked || gain >= least).then(|| self.side_way(p, ahead, ALONG, higher))
    }

    /// Moves the tile whose goal cell is `target`, one of the line, cell by cell toward
    /// it ([`Peeler::tile_step`]) until it is there or in `stop`; most steps, the blank
    /// behind the tile, by [`Peeler::step_behind`].
    pub(super) fn tile_to(&mut self, target: usize, stop: &[usize], inward: Move) -> Option<()> {
        if matches!(inward, Move::Up | Move::Down) {
            self.tile_to_line::<0>(target, stop, inward)
        } else {
            self.tile_to_line::<1>(target, stop, inward)
        }
    }

    /// [`Peeler::tile_to`] for an outer line across `LINE` (0: a row, 1: a column), a
    /// constant.
    fn tile_to_line<const LINE: usize>(
        &mut self,
        target: usize,
        stop: &[usize],
        inward: Move,
    ) -> Option<()> {
        // The tile's cell, known after a step behind: not read back from `at`, just
        // written where the step's cells moved.
        let mut p = self.at(target);
        loop {
            if p == target || stop.contains(&p) {
                return Some(());
            }
            if let Some(next) = self.step_behind::<LINE>(p, target) {
                p = next;
                continue;
            }
            match self.tile_step(p, target, inward)? {
                (next, Some(way)) => self.go_around(way, next, p),
                (next, None) => {
                    if !self.around(p, next) {
                        self.blank_to(next, &[p])?;
                        self.slide(p);
                    }
                }
            }
            p = self.at(target);
        }
    }

    /// The step of the tile on `p` toward `target` in the steady state of its way: the
    /// tile off the outer line (a row if `LINE` is 0, else a column), the blank next to
    /// it and not on a cell that brings it closer (it is where the tile was). The step
    /// [`Peeler::tile_step`] and [`Peeler::around`] would make, without their general
    /// weighing: of the free cells closer to `target`, the one around the corner costs
    /// the blank 2 moves and the one straight ahead 4, so the corner is taken unless
    /// there is none or [`Peeler::straight_way`] would go straight. The cell the tile
    /// stepped to; else `None`, nothing moved, and the general way decides. O(1).
    #[inline(always)]
    fn step_behind<const LINE: usize>(&mut self, p: usize, target: usize) -> Option<usize> {
        let gap = self.blank.abs_diff(p);
        if gap == 1 {
            self.step_along::<LINE, 1>(p, target)
        } else if gap == self.grid.stride() {
            self.step_along::<LINE, 0>(p, target)
        } else {
            None
        }
    }

    /// [`Peeler::step_behind`] with the blank behind the tile along `ALONG` (0: across
    /// rows, 1: across columns): the decisions of [`Peeler::straight_way`] and
    /// [`Peeler::around`], each step's moves made at once ([`Peeler::rotate`]).
    #[inline(always)]
    fn step_along<const LINE: usize, const ALONG: usize>(
        &mut self,
        p: usize,
        target: usize,
    ) -> Option<usize> {
        let (grid, blank) = (self.grid, self.blank);
        let other = 1 - ALONG;
        let line = grid.coordinate(target, LINE);
        let on_line = |q: usize| grid.coordinate(q, LINE) == line;
        if on_line(p) {
            return None;
        }
        // The cell the tile reaches in two straight steps: read one step early.
        self.touch((3 * p).wrapping_sub(2 * blank));
        let (p_along, t_along) = (grid.coordinate(p, ALONG), grid.coordinate(target, ALONG));
        if p_along != t_along && (t_along > p_along) != (p > blank) {
            // The blank stands on a cell closer to the target.
            return None;
        }
        let (p_other, t_other) = (grid.coordinate(p, other), grid.coordinate(target, other));
        let free = |q: usize| !self.locked(q) && (q == target || !on_line(q));
        let ahead = (p_along != t_along)
            .then(|| 2 * p - blank)
            .filter(|&q| free(q));
        let offset = if other == 0 { grid.stride() } else { 1 };
        let turn = (p_other != t_other)
            .then(|| {
                if t_other > p_other {
                    p + offset
                } else {
                    p - offset
                }
            })
            .filter(|&q| free(q));
        match (turn, ahead) {
            (Some(turn), Some(ahead)) => {
                // As `straight_way`: going straight makes no more moves in all when the
                // tile has more to go ahead than across.
                let costly = p_along.abs_diff(t_along) <= p_other.abs_diff(t_other);
                self.turn_or_straight::<ALONG>(p, turn, ahead, costly)
            }
            (Some(turn), None) => {
                let corner = blank + turn - p;
                if self.locked(corner) {
                    return None;
                }
                self.turn_step::<ALONG>(p, turn, corner);
                Some(turn)
            }
            (None, Some(ahead)) => {
                let (_, higher) = self.way_around_along::<ALONG>(p, ahead)?;
                self.straight_step::<ALONG>(p, ahead, higher);
                Some(ahead)
            }
            (None, None) => None,
        }
    }

    /// [`Peeler::step_along`] where the tile may both turn onto `turn` and go straight on
    /// to `ahead` (`costly` as in [`Peeler::straight_way`]): the turn unless the blank's
    /// way around the tile gains [`STRAIGHT_GAIN`] more (or the corner is locked). The
    /// cell the tile stepped to; `None`, nothing moved, when the corner is locked and the
    /// way around shut. O(1).
    #[inline(always)]
    fn turn_or_straight<const ALONG: usize>(
        &mut self,
        p: usize,
        turn: usize,
        ahead: usize,
        costly: bool,
    ) -> Option<usize> {
        let blank = self.blank;
        let corner = blank + turn - p;
        let locked = self.locked(corner);
        let mut least = 0;
        if !locked {
            least = self.step_gain(corner, 1 - ALONG, blank > corner)
                + self.step_gain(turn, ALONG, corner > turn)
                + STRAIGHT_GAIN[usize::from(costly)];
            // Four moves gain at most 4: no need to weigh the way around.
            if least > 4 {
                self.turn_step::<ALONG>(p, turn, corner);
                return Some(turn);
            }
        }
        match self.way_around_along::<ALONG>(p, ahead) {
            Some((gain, higher)) if locked || gain >= least => {
                self.straight_step::<ALONG>(p, ahead, higher);
                Some(ahead)
            }
            _ if !locked => {
                self.turn_step::<ALONG>(p, turn, corner);
                Some(turn)
            }
            _ => None,
        }
    }

    /// The tile on `p`, the blank behind it along `ALONG`, turns onto `turn`: the blank
    /// goes to `corner`, on to `turn` and back onto `p`, 3 moves recorded at once.
    #[inline(always)]
    fn turn_step<const ALONG: usize>(&mut self, p: usize, turn: usize, corner: usize) {
        let side = move_index(1 - ALONG, turn > p);
        let along = move_index(ALONG, p > self.blank);
        let codes = side | along << 2 | Move::opposite_index(side) << 4;
        self.record.record_codes(codes as u64, 3);
        self.rotate([corner, turn, p]);
    }

    /// The tile on `p`, the blank behind it along `ALONG`, goes straight on to `next`, the
    /// blank around it on the side of the higher row (column) if `higher`: 5 moves
    /// recorded at once, as [`Peeler::go_around`].
    #[inline(always)]
    fn straight_step<const ALONG: usize>(&mut self, p: usize, next: usize, higher: bool) {
        let side = move_index(1 - ALONG, higher);
        let along = move_index(ALONG, next > p);
        let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
        let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
        self.record.record_codes(codes as u64, 5);
        let [a, b, c] = self.side_way(p, next, ALONG, higher);
        self.rotate([a, b, c, next, p]);
    }

    /// Moves the blank along `way`, each cell next to the one before, the moves recorded
    /// by the caller: what [`Peeler::shift_blank`] does at each, each word written once.
    #[inline(always)]
    fn rotate<const N: usize>(&mut self, way: [usize; N]) {
        let mut hole = self.blank;
        let blank_word = self.cells[hole];
        for q in way {
            let word = self.cells[q];
            self.cells[hole] = word;
            if word.in_line() {
                let slot = self.slot(word.home());
                self.at[slot] = hole;
            }
            hole = q;
        }
        self.cells[hole] = blank_word;
        self.blank = hole;
    }

    /// The common steps of the tile on `p` to `next` when the blank stands next to it,
    /// in O(1): from `next`, one move; from a cell diagonal to `next`, around the corner
    /// (3 moves); from behind, straight ahead around either side (5 moves), the side
    /// whose tiles gain more. Moves the tile onto `next` (the blank onto `p`), or
    /// returns false (and moves nothing) when none applies.
    fn around(&mut self, p: usize, next: usize) -> bool {
        let blank = self.blank;
        if blank == next {
            self.slide(p);
            return true;
        }
        if self.distance(blank, p) != 1 {
            return false;
        }
        if blank + next != 2 * p {
            // A turn: the corner is the fourth cell of their square.
            let corner = blank + next - p;
            if self.locked(corner) {
                return false;
            }
            let side = self.grid.direction(blank, corner).index();
            let along = self.grid.direction(corner, next).index();
            let codes = side | along << 2 | Move::opposite_index(side) << 4;
            self.record.record_codes(codes as u64, 3);
            for q in [corner, next, p] {
                self.shift_blank(q);
            }
            return true;
        }
        let Some((_, way)) = self.way_around(p, next) else {
            return false;
        };
        self.go_around(way, next, p);
        true
    }

    /// Moves the blank along `way` ([`Peeler::way_around`]) to `next`, then onto `p`,
    /// the tile's step from `p` to `next`: to the side, twice along the tile's way,
    /// back across, back along; two directions, found once, five moves recorded at once.
    fn go_around(&mut self, way: [usize; 3], next: usize, p: usize) {
        let side = self.grid.direction(self.blank, way[0]).index();
        let along = self.grid.direction(way[0], way[1]).index();
        let (back, behind) = (Move::opposite_index(side), Move::opposite_index(along));
        let codes = side | along << 2 | along << 4 | back << 6 | behind << 8;
        self.record.record_codes(codes as u64, 5);
        for q in way {
            self.shift_blank(q);
        }
        self.shift_blank(next);
        self.shift_blank(p);
    }

    /// The blank's way from behind `p` around it to `next`, straight ahead, by the side
    /// whose tiles gain more: what its four moves gain and the three cells before
    /// `next`; `None` when both sides are locked or off the board. O(1).
    fn way_around(&self, p: usize, next: usize) -> Option<(isize, [usize; 3])> {
        let along = usize::from(self.blank.abs_diff(p) == 1);
        let (gain, higher) = if along == 1 {
            self.way_around_along::<1>(p, next)?
        } else {
            self.way_around_along::<0>(p, next)?
        };
        Some((gain, self.side_way(p, next, along, higher)))
    }

    /// [`Peeler::way_around`] for a tile going along `ALONG` (0: across rows, 1: across
    /// columns), a constant so that every coordinate read is one shift or one mask: what
    /// the four moves gain and whether the way is on the side of the higher row (column).
    /// Each side counts the moves that bring a tile closer, so that a gain is twice the
    /// count less 4.
    fn way_around_along<const ALONG: usize>(&self, p: usize, next: usize) -> Option<(isize, bool)> {
        let (blank, grid) = (self.blank, self.grid);
        let across = 1 - ALONG;
        // The sides are across the tile's way, `offset` cells away.
        let (offset, lines) = if ALONG == 1 {
            (grid.stride(), grid.rows)
        } else {
            (1, grid.cols)
        };
        let line = grid.coordinate(p, across);
        let forward = next > p;
        // The places the tiles move from, known here: along, those of `p` and `next`.
        let (p_along, next_along) = (grid.coordinate(p, ALONG), grid.coordinate(next, ALONG));
        let next_home = grid.coordinate(self.cells[next].home(), across);
        // The tiles beside `p` and `next` move back along the way.
        let back = |word: W, place: usize| {
            let home = grid.coordinate(word.home(), ALONG);
            u8::from(if forward { home < place } else { home > place })
        };
        // Onto the tile's line from the side, back twice along the way, off the line to
        // the side: the moves that gain, or `None` when a cell is locked.
        let side = |words: [W; 3], higher: bool| {
            if words[0].is_locked() | words[1].is_locked() | words[2].is_locked() {
                return None;
            }
            let home = grid.coordinate(words[0].home(), across);
            let (onto, off) = if higher {
                (home <= line, next_home > line)
            } else {
                (home >= line, next_home < line)
            };
            Some(
                u8::from(onto)
                    + back(words[1], p_along)
                    + back(words[2], next_along)
                    + u8::from(off),
            )
        };
        let low = (line != 0)
            .then(|| side([blank, p, next].map(|q| self.cells[q - offset]), false))
            .flatten();
        let high = (line + 1 != lines)
            .then(|| side([blank, p, next].map(|q| self.cells[q + offset]), true))
            .flatten();
        let (good, higher) = match (low, high) {
            (Some(low), Some(high)) => {
                if high > low {
                    (high, true)
                } else {
                    (low, false)
                }
            }
            (Some(low), None) => (low, false),
            (None, Some(high)) => (high, true),
            (None, None) => return None,
        };
        Some((2 * isize::from(good) - 4, higher))
    }

    /// The blank's way around the tile on `p` to `next` on the side `higher` (or lower)
    /// across `along`: the three cells before `next`.
    fn side_way(&self, p: usize, next: usize, along: usize, higher: bool) -> [usize; 3] {
        let offset = if along == 1 { self.grid.stride() } else { 1 };
        [self.blank, p, next].map(|q| if higher { q + offset } else { q - offset })
    }
}
