//! The walking distance (Takahashi): an admissible [`LowerBound`] from breadth-first tables
//! of how the tiles' rows, and columns, can change, for boards of up to 16 cells.

use super::board_maps::HashLevels;
use super::bound::LowerBound;
use super::{Board, Puzzle};

/// Marks a move that [`Walks::next`] cannot make.
const NO_STATE: u32 = u32::MAX;

/// One family of lines (the rows, or the columns) of a board for [`WalkingDistance`]:
/// a state is the matrix `counts[line][home]` of the tiles (the blank left out) of goal
/// line `home` standing in `line`, and the blank's line. A move across the lines
/// takes one tile from the blank's neighbouring line into the blank's line; a move
/// along them changes nothing here. The states are numbered in breadth-first order
/// from the goal's, which depends only on the number and the length of the lines and
/// the blank's goal line, so that any goal of the shape shares the family.
struct Walks {
    lines: usize,
    /// `next[(s·2 + down)·lines + home]`: the state after the blank of state `s` moves
    /// to the line before (`down` = 0) or after it, swapping with a tile of goal line
    /// `home`; [`NO_STATE`] where there is no such tile.
    next: Vec<u32>,
    /// `distance[s]`: the least moves across the lines from state `s` to the goal's,
    /// which is state 0.
    distance: Vec<u8>,
    /// The state of each code (the counts in row-major order, then the blank's line),
    /// for [`WalkingDistance::start`].
    number: HashLevels<Box<[u8]>>,
}

impl Walks {
    /// A breadth-first search from the goal's state of `lines` lines of `len` cells,
    /// the blank on line `blank`. O(S·L³) expected time for S states and L lines,
    /// S·(8·L + L² + 2 + a map entry) bytes: 3×3 standard goal, 105 states; 4×4 with
    /// the blank on a border line, 24,964 states.
    fn new(lines: usize, len: usize, blank: usize) -> Self {
        // The codes of the states, in their order, one after another.
        let size = lines * lines + 1;
        let mut states = vec![0; size];
        for line in 0..lines {
            states[line * lines + line] = (len - usize::from(line == blank)) as u8;
        }
        states[lines * lines] = blank as u8;
        let mut number = HashLevels::default();
        number.insert(states.clone().into_boxed_slice(), 0);
        let mut distance = vec![0];
        let mut next = Vec::new();
        let (mut code, mut moved) = (vec![0; size], vec![0; size]);
        let mut head = 0;
        while head < distance.len() {
            code.copy_from_slice(&states[head * size..(head + 1) * size]);
            let blank = usize::from(code[lines * lines]);
            for to in [blank.wrapping_sub(1), blank + 1] {
                for home in 0..lines {
                    if to >= lines || code[to * lines + home] == 0 {
                        next.push(NO_STATE);
                        continue;
                    }
                    moved.copy_from_slice(&code);
                    moved[to * lines + home] -= 1;
                    moved[blank * lines + home] += 1;
                    moved[lines * lines] = to as u8;
                    let state = match number.get(&moved[..]) {
                        Some(&state) => state,
                        None => {
                            let fresh = distance.len() as u32;
                            number.insert(moved.clone().into_boxed_slice(), fresh);
                            states.extend_from_slice(&moved);
                            distance.push(distance[head] + 1);
                            fresh
                        }
                    };
                    next.push(state);
                }
            }
            head += 1;
        }
        Walks {
            lines,
            next,
            distance,
            number,
        }
    }
}

/// The walking distance of Ken'ichiro Takahashi, for any shape and goal: the least
/// number of vertical moves that bring the rows of a board to the goal's rows (see
/// [`Walks`]), plus the same for the columns and horizontal moves. Every move counts
/// in one of the two, so the sum is a lower bound; it is at least the Manhattan
/// distance (a tile's moves across the lines are at least its distance to its goal
/// line), and 0 only at the goal (every tile in its goal row and column).
/// `apply` is O(1): one transition and two distance lookups.
///
/// # Constraints
///
/// The states grow fast with the board: 105 per family on the 3×3, 24,964 for the
/// rows of the 4×4 with the goal's blank on a border row; meant for boards of at most
/// 16 cells. [`LowerBound::start`] takes a board from which the goal is reachable.
pub(crate) struct WalkingDistance {
    /// One family, or two when the columns' differs from the rows'.
    families: Vec<Walks>,
    /// `family[0]`: the index in `families` of the rows; `family[1]`, of the columns.
    family: [usize; 2],
    /// `line[p]`: the row and the column of cell `p`.
    line: Vec<[u8; 2]>,
    /// `home[t]`: the goal row and goal column of tile `t`.
    home: Vec<[u8; 2]>,
}

impl WalkingDistance {
    /// Builds the tables by breadth-first search (see [`Walks::new`]); the columns
    /// share the rows' when the board is square and the goal's blank is on its
    /// diagonal.
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let shape = puzzle.shape;
        let at = |p: usize| [shape.row(p) as u8, shape.col(p) as u8];
        let blank = at(puzzle.goal_at[0]);
        let rows = Walks::new(shape.rows, shape.cols, usize::from(blank[0]));
        let (families, family) = if shape.rows == shape.cols && blank[0] == blank[1] {
            (vec![rows], [0, 0])
        } else {
            let cols = Walks::new(shape.cols, shape.rows, usize::from(blank[1]));
            (vec![rows, cols], [0, 1])
        };
        WalkingDistance {
            families,
            family,
            line: (0..shape.cells()).map(at).collect(),
            home: puzzle.goal_at.iter().map(|&p| at(p)).collect(),
        }
    }

    fn walks(&self, k: usize) -> &Walks {
        &self.families[self.family[k]]
    }

    fn value(&self, state: [u32; 2]) -> u32 {
        (0..2)
            .map(|k| u32::from(self.walks(k).distance[state[k] as usize]))
            .sum()
    }
}

impl LowerBound for WalkingDistance {
    /// The row state and the column state.
    type State = [u32; 2];
    type Undo = [u32; 2];

    fn name(&self) -> String {
        "walking-distance".to_string()
    }

    /// O(N + L²) and a map lookup per family.
    fn start(&self, cells: &[u8]) -> ([u32; 2], u32) {
        let state = [0, 1].map(|k| {
            let lines = self.walks(k).lines;
            let mut code = vec![0; lines * lines + 1];
            for (p, &t) in cells.iter().enumerate() {
                let line = usize::from(self.line[p][k]);
                match usize::from(t) {
                    0 => code[lines * lines] = line as u8,
                    t => code[line * lines + usize::from(self.home[t][k])] += 1,
                }
            }
            *self
                .walks(k)
                .number
                .get(&code[..])
                .expect("a board from which the goal is reachable")
        });
        (state, self.value(state))
    }

    #[inline]
    fn apply(
        &self,
        state: &mut [u32; 2],
        _: &Board,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (u32, [u32; 2]) {
        let old = *state;
        // A move within a row changes the columns (k = 1), else the rows.
        let k = usize::from(self.line[from][0] == self.line[to][0]);
        let walks = self.walks(k);
        let down = usize::from(self.line[from][k] > self.line[to][k]);
        let home = usize::from(self.home[usize::from(tile)][k]);
        let mut after = old;
        after[k] = walks.next[(old[k] as usize * 2 + down) * walks.lines + home];
        let h = self.value(after);
        if h <= limit {
            *state = after;
        }
        (h, old)
    }

    #[inline]
    fn undo(&self, state: &mut [u32; 2], _: u8, _: usize, _: usize, old: [u32; 2]) {
        *state = old;
    }
}
