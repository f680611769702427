//! The last two cells of a line, side by side, filled together by a breadth-first search
//! over the places of their tiles and the blank in a window of at most 12 cells.

use super::super::board::Move;
use super::grid::Word;
use super::peeler::Peeler;
use super::record::Record;

impl<'r, R: Record, W: Word> Peeler<'r, R, W> {
    /// Places the two tiles left of `line`, `a` on `line[low]` and `b` on `line[low + 1]`:
    /// `b` on its cell, `a` into the window of their two cells three deep, then both by
    /// [`Peeler::place_pair`] in a window one cell longer (over a locked cell of the line
    /// next to `a`'s, when there is one) and one deeper, which the blank can always enter
    /// without moving `a` or `b`.
    pub(super) fn place_last_two(
        &mut self,
        line: &[usize],
        low: usize,
        inward: Move,
    ) -> Option<()> {
        let (first, last) = (line[low], line[low + 1]);
        let wide = if low > 0 {
            &line[low - 1..low + 2]
        } else {
            &line[low..line.len().min(low + 3)]
        };
        let large = self.window(wide, inward, 4)?;
        let inside = |peeler: &Self, home: usize| large.contains(&peeler.at(home));
        if !inside(self, first) || !inside(self, last) {
            self.tile_to(last, &[], inward)?;
            self.lock(last, true);
            let small = self.window(&line[low..low + 2], inward, 3)?;
            self.tile_to(first, &small, inward)?;
            self.lock(last, false);
        }
        let (at_a, at_b) = (self.at(first), self.at(last));
        self.blank_to_nearest(|q| large.contains(&q), &[at_a, at_b])?;
        self.place_pair(&large, first, last)
    }

    /// The unlocked cells within `depth` steps inward of `cells`.
    fn window(&self, cells: &[usize], inward: Move, depth: usize) -> Option<Vec<usize>> {
        let mut window = Vec::new();
        for &cell in cells {
            let mut p = cell;
            for d in 0..depth {
                if d > 0 {
                    p = self.grid.neighbor(p, inward)?;
                }
                if !self.locked(p) {
                    window.push(p);
                }
            }
        }
        Some(window)
    }

    /// Brings the tiles whose goal cells are `a` and `b` (of the line) there by a
    /// breadth-first search over the places of the two and the blank within `window` (at
    /// most 12 cells: 1,728 states); each search's answer is kept, and a question asked
    /// again ([`PairSearch`](super::peeler::PairSearch)) answered from it, the same moves.
    fn place_pair(&mut self, window: &[usize], a: usize, b: usize) -> Option<()> {
        let index = |p: usize| window.iter().position(|&q| q == p);
        let start = [index(self.at(a))?, index(self.at(b))?, index(self.blank)?];
        let goal = [index(a)?, index(b)?];
        let (first_row, first_col) = self.row_col(window[0]);
        let shape = window
            .iter()
            .map(|&p| {
                let (row, col) = self.row_col(p);
                (
                    row as isize - first_row as isize,
                    col as isize - first_col as isize,
                )
            })
            .collect();
        let byte = |i: usize| i as u8;
        let question = (shape, start.map(byte), goal.map(byte));
        if !self.pairs.contains_key(&question) {
            let answer = self.pair_search(window, start, goal);
            self.pairs.insert(question.clone(), answer);
        }
        let places = self.pairs.get(&question)?.clone()?;
        for i in places {
            self.slide(window[usize::from(i)]);
        }
        Some(())
    }

    /// The places in `window` the blank goes through, in order, to bring the tiles on
    /// `start[0]` and `start[1]` to `goal`, the blank on `start[2]`: a breadth-first
    /// search over the places of the three. `None` if there is no way.
    fn pair_search(
        &self,
        window: &[usize],
        start: [usize; 3],
        goal: [usize; 2],
    ) -> Option<Vec<u8>> {
        let n = window.len();
        let index = |p: usize| window.iter().position(|&q| q == p);
        let encode = |s: [usize; 3]| (s[0] * n + s[1]) * n + s[2];
        // Each cell's neighbours in the window, in the order of [`Move::ALL`].
        let neighbors: Vec<Vec<usize>> = window
            .iter()
            .map(|&p| {
                Move::ALL
                    .iter()
                    .filter_map(|&m| self.grid.neighbor(p, m).and_then(index))
                    .collect()
            })
            .collect();
        // `from[state]`: the state before it and the blank's cell in the window, packed
        // (`UNSEEN` when not reached); the queue a list, each state in it at most once.
        const UNSEEN: u32 = u32::MAX;
        let pack = |state: usize, q: usize| (state << 8 | q) as u32;
        let mut from = vec![UNSEEN; n * n * n];
        let mut queue = Vec::with_capacity(n * n * n);
        queue.push((start, encode(start)));
        from[encode(start)] = pack(encode(start), 0);
        let mut head = 0;
        let end = loop {
            let (state, here) = *queue.get(head)?;
            head += 1;
            if [state[0], state[1]] == goal {
                break state;
            }
            let [at_a, at_b, blank] = state;
            for &q in &neighbors[blank] {
                // A tile on the blank's next cell moves onto the blank's.
                let next = [
                    if at_a == q { blank } else { at_a },
                    if at_b == q { blank } else { at_b },
                    q,
                ];
                let code = encode(next);
                if from[code] == UNSEEN {
                    from[code] = pack(here, q);
                    queue.push((next, code));
                }
            }
        };
        let mut places = Vec::new();
        let mut code = encode(end);
        while code != encode(start) {
            let packed = from[code] as usize;
            places.push((packed & 0xFF) as u8);
            code = packed >> 8;
        }
        places.reverse();
        Some(places)
    }
}
