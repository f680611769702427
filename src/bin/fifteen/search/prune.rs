//! Move pruning by a finite-state machine of duplicate move sequences (L. A. Taylor and
//! R. E. Korf, "Pruning duplicate nodes in depth-first search", AAAI 1993), built so that
//! the canonical path is never pruned.

use super::super::board::Move;
use super::board_maps::MixHasher;
use super::cache_file::CacheFile;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::path::Path;

/// The state after a move that the machine forbids.
const DEAD: u32 = u32::MAX;

/// The first bytes of the trailer of a machine's file in `--cache` ([`CacheFile`]), before its
/// depth: the format's version is its last digit, to be raised whenever the files or the
/// meaning of the machines change, so that old files are made anew.
const MAGIC: &[u8] = b"\nsliding-puzzles move pruner 1\n";

/// The machines deeper than this are cached in `--cache` ([`MovePruner::for_cells`]): the
/// shallower take milliseconds to make.
const KEPT_DEEPER_THAN: usize = 10;

/// The bytes the machine of depth 13 ([`MovePruner::for_cells`] when deeper) holds at
/// the peak of its build, rounded up: 191 MiB measured as the peak of a process that
/// built it alone.
pub(crate) const DEEPER_BUILD_BYTES: usize = 224 << 20;

// The machine's type, its states and its stepping are `descend`'s, which searches with it.
pub(crate) use super::descend::MovePruner;
use super::descend::LIVE_BITS;

/// A sequence of moves in the machine's trie: the state before its last move, that
/// move, its length, and the state of its longest proper suffix in the trie.
struct Node {
    parent: u32,
    last: u8,
    depth: usize,
    suffix: u32,
}

/// Rows and columns the blank visits, relative to where it starts: `(top, bottom,
/// left, right)`, bytes to keep [`Builder`]'s map small (a machine's depth is far
/// below 128).
type Span = (i8, i8, i8, i8);

/// The blank on a [`Walk`]'s board.
const BLANK: u16 = u16::MAX;

/// A board without edges as far as `depth` moves reach, the blank in its middle, each
/// tile labelled by its home cell, with a hash of the board kept as it changes (boards
/// whose hashes match are compared in full).
struct Walk {
    side: usize,
    cells: Vec<u16>,
    blank: usize,
    hash: u64,
    span: Span,
}

impl Walk {
    fn new(depth: usize) -> Self {
        let side = 2 * depth + 1;
        let mut cells: Vec<u16> = (0..side * side).map(|c| c as u16).collect();
        let blank = depth * side + depth;
        cells[blank] = BLANK;
        Walk {
            side,
            cells,
            blank,
            hash: 0,
            span: (0, 0, 0, 0),
        }
    }

    /// A hash of "`label` on `cell`" (the SplitMix64 finaliser).
    fn mark(cell: usize, label: u16) -> u64 {
        let mut z = (cell as u64) << 16 | u64::from(label);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The blank's cell after move `m` (`Move::ALL`: D, L, R, U).
    fn target(&self, m: usize) -> usize {
        [
            self.blank + self.side,
            self.blank - 1,
            self.blank + 1,
            self.blank - self.side,
        ][m]
    }

    /// The hash and span after move `m`, the board unchanged.
    fn after(&self, m: usize) -> (u64, Span) {
        let (to, tile) = (self.target(m), self.cells[self.target(m)]);
        let hash = self.hash
            ^ Self::mark(to, tile)
            ^ Self::mark(self.blank, tile)
            ^ Self::mark(self.blank, BLANK)
            ^ Self::mark(to, BLANK);
        // A coordinate from the middle one.
        let offset = |x: usize| (x as isize - (self.side / 2) as isize) as i8;
        let (row, col) = (offset(to / self.side), offset(to % self.side));
        let s = self.span;
        (
            hash,
            (s.0.min(row), s.1.max(row), s.2.min(col), s.3.max(col)),
        )
    }

    /// Makes move `m`; returns what [`Walk::undo`] needs.
    fn slide(&mut self, m: usize) -> Before {
        let before = Before {
            blank: self.blank,
            span: self.span,
            hash: self.hash,
        };
        (self.hash, self.span) = self.after(m);
        let to = self.target(m);
        self.cells.swap(self.blank, to);
        self.blank = to;
        before
    }

    /// Takes back the move that [`Walk::slide`] made.
    fn undo(&mut self, before: Before) {
        self.cells.swap(self.blank, before.blank);
        (self.blank, self.span, self.hash) = (before.blank, before.span, before.hash);
    }
}

/// Where a [`Walk`] stood before a move: what taking it back restores.
struct Before {
    blank: usize,
    span: Span,
    hash: u64,
}

/// The machine under construction: the trie of the sequences kept, in breadth-first
/// (and so lexicographic) order, and the first sequence to reach each board (as the
/// sequence of a node and a last move, [`NO_MOVE`] for none).
struct Builder {
    depth: usize,
    nodes: Vec<Node>,
    next: Vec<[u32; 4]>,
    seen: HashMap<u64, (Span, u32, u8), BuildHasherDefault<MixHasher>>,
}

/// No last move: the sequence of a [`Builder`]'s node alone.
const NO_MOVE: u8 = 4;

impl Builder {
    /// Decides the moves from the trie's nodes of length `level − 1`, walking the trie
    /// depth-first from node `s` (of the walk's board) in the order of the moves. A
    /// sequence of the last level (`depth` moves) gets no node: its row would be that of
    /// its longest proper suffix (every sequence it goes on to is longer than `depth`),
    /// so the move leads to the suffix's node, which allows the same sequences after it.
    fn grow(&mut self, s: u32, walk: &mut Walk, level: usize) {
        let node_depth = self.nodes[s as usize].depth;
        if node_depth + 1 < level {
            for m in 0..4 {
                let child = self.next[s as usize][m];
                if child != DEAD
                    && self.nodes[child as usize].parent == s
                    && self.nodes[child as usize].depth == node_depth + 1
                {
                    let before = walk.slide(m);
                    self.grow(child, walk, level);
                    walk.undo(before);
                }
            }
            return;
        }
        for m in 0..4 {
            // The move from the longest proper suffix: a shorter node, decided.
            let suffix = match s {
                0 => 0,
                _ => self.next[self.nodes[s as usize].suffix as usize][m],
            };
            if s != 0 && suffix == DEAD {
                self.next[s as usize][m] = DEAD;
                continue;
            }
            let (hash, span) = walk.after(m);
            if let Some(&(first_span, first, last)) = self.seen.get(&hash) {
                let same = self.board(first, last) == self.board(s, m as u8);
                if same && within(first_span, span) {
                    self.next[s as usize][m] = DEAD;
                    continue;
                }
            } else {
                self.seen.insert(hash, (span, s, m as u8));
            }
            if level == self.depth {
                self.next[s as usize][m] = suffix;
                continue;
            }
            self.next[s as usize][m] = self.nodes.len() as u32;
            self.nodes.push(Node {
                parent: s,
                last: m as u8,
                depth: node_depth + 1,
                suffix,
            });
            self.next.push([DEAD; 4]);
        }
    }

    /// The board after node `s`'s sequence and then `m` (unless [`NO_MOVE`]), replayed
    /// from the start: the exact check behind a hash that matches.
    fn board(&self, mut s: u32, m: u8) -> Vec<u16> {
        let mut moves: Vec<usize> = (m != NO_MOVE)
            .then_some(usize::from(m))
            .into_iter()
            .collect();
        while s != 0 {
            moves.push(usize::from(self.nodes[s as usize].last));
            s = self.nodes[s as usize].parent;
        }
        let mut walk = Walk::new(self.depth);
        for &m in moves.iter().rev() {
            walk.slide(m);
        }
        walk.cells
    }
}

/// The trie of the move sequences of fewer than `depth` moves that [`MovePruner`]
/// keeps, as rows (`next[row][m]`, the row after move m, or [`DEAD`]; row 0 the empty
/// sequence; a kept sequence of `depth` moves leads to its longest proper suffix's row),
/// by a breadth-first search over the sequences level by level (each level a
/// depth-first walk of the trie, the board changed one move at a time), boards compared
/// by hash and a hash that matches checked exactly. Time O(sequences kept · depth),
/// about 3^depth.
fn trie(depth: usize) -> Vec<[u32; 4]> {
    let root = Node {
        parent: 0,
        last: 0,
        depth: 0,
        suffix: 0,
    };
    let mut builder = Builder {
        depth,
        nodes: vec![root],
        next: vec![[DEAD; 4]],
        seen: HashMap::default(),
    };
    builder.seen.insert(0, ((0, 0, 0, 0), 0, NO_MOVE));
    let mut walk = Walk::new(depth);
    for level in 1..=depth {
        builder.grow(0, &mut walk, level);
    }
    builder.next
}

/// The rows of a machine (`next[row][m]`, the row after move m, or [`DEAD`]) put in
/// classes of rows that allow the same move sequences (Moore's partition refinement:
/// rows start apart by the moves they allow, and split while a move leads rows of one
/// class to rows of different classes), and the number of classes; row 0's class is 0.
/// A trie's rows mostly differ only in moves long past, so the classes are few (depth
/// 10: 1,191 for 38,601 rows; depth 12: 8,081 for 340,569). O(rows) a round, until a
/// round splits no class.
fn minimise(next: &[[u32; 4]]) -> (Vec<u32>, usize) {
    // A row's key: its class and its moves' classes, 25 bits each.
    const FIELD: u32 = 25;
    const NONE: u128 = (1 << FIELD) - 1;
    assert!(next.len() < NONE as usize, "too many rows");
    let mut class: Vec<u32> = next
        .iter()
        .map(|&row| u32::from(Move::live_bits(row, DEAD)))
        .collect();
    let mut classes = 0;
    loop {
        let mut ids: HashMap<u128, u32, BuildHasherDefault<MixHasher>> =
            HashMap::with_capacity_and_hasher(2 * classes, Default::default());
        let refined: Vec<u32> = next
            .iter()
            .zip(&class)
            .map(|(row, &c)| {
                let key = row.iter().fold(u128::from(c), |key, &t| {
                    let to = if t == DEAD {
                        NONE
                    } else {
                        u128::from(class[t as usize])
                    };
                    key << FIELD | to
                });
                let id = ids.len() as u32;
                *ids.entry(key).or_insert(id)
            })
            .collect();
        class = refined;
        if ids.len() == classes {
            return (class, classes);
        }
        classes = ids.len();
    }
}

/// The moves a row allows, bit i for `Move::ALL[i]`: those not [`DEAD`].
fn live_of(row: [u32; 4]) -> u32 {
    u32::from(Move::live_bits(row, DEAD))
}

/// Whether span `inner` lies within span `outer`.
fn within(inner: Span, outer: Span) -> bool {
    inner.0 >= outer.0 && inner.1 <= outer.1 && inner.2 >= outer.2 && inner.3 <= outer.3
}

/// The machines of every depth. From the state of the empty path ([`MovePruner::start`]),
/// [`MovePruner::step`] of a machine of `depth` forbids every path that holds a
/// sequence of at most `depth` moves which, on a board without edges, reaches the same
/// board as a shorter sequence, or as one of the same length that comes first in the
/// order D < L < R < U, and whose blank stays within the rows and columns the
/// forbidden one's blank visits (so that it applies wherever the forbidden one
/// does). Such a path is never the canonical one (the least of the shortest paths in
/// that order): the other sequence in its place would give a shorter or a lesser
/// path. Depth 2 forbids undoing the last move and nothing else; longer duplicates
/// start at 6 moves (the machine of depth 6 keeps 1,453 sequences of the 1,457 that
/// never undo a move; of depth 8, 12,957 of 13,121). Up to depth 12, every
/// duplicate's first sequence stays within its span: the condition only guards deeper
/// machines.
impl MovePruner {
    /// The machine for sequences of at most `depth` moves (≥ 1): the trie of
    /// [`trie`], its rows put together by [`minimise`] (the same moves allowed after
    /// every path: tested). Time about 3^depth, memory too while the trie is built:
    /// see [`MovePruner::for_cells`].
    pub(crate) fn new(depth: usize) -> Self {
        let trie = trie(depth);
        let (class, classes) = minimise(&trie);
        let mut rows = vec![[DEAD; 4]; classes];
        for (row, &c) in trie.iter().zip(&class) {
            rows[c as usize] = row.map(|t| if t == DEAD { DEAD } else { class[t as usize] });
        }
        MovePruner::of_rows(rows)
    }

    /// The machine of `rows` (`rows[row][m]`, the row after move m, or [`DEAD`]; the
    /// empty path's row is 0), each state given its moves. O(rows).
    fn of_rows(mut rows: Vec<[u32; 4]>) -> Self {
        let live: Vec<u32> = rows.iter().map(|&row| live_of(row)).collect();
        for row in &mut rows {
            for entry in row.iter_mut().filter(|entry| **entry != DEAD) {
                *entry = *entry << LIVE_BITS | live[*entry as usize];
            }
        }
        MovePruner { next: rows }
    }

    /// The machine `ida` uses on a board of `cells` cells: from 16 cells (the 4×4 and
    /// larger, whose searches are long), depth 10 (1,191 states, 19 KB: a trie of 38,601
    /// rows), or 13 when `deeper` (13,882 states, 222 KB, [`DEEPER_BUILD_BYTES`] at the
    /// peak of its trie's 1.0 M rows and map of 3.0 M boards); else 2 (5 states). Deeper
    /// machines prune more nodes and cost more to make: the depths were chosen by the
    /// nodes and times recorded in `benches/README.md`. With a folder `kept_in`, a
    /// machine deeper than [`KEPT_DEEPER_THAN`] is read from its file there, or made and
    /// written there ([`CacheFile`]; one that cannot be written is used all the same, the
    /// tables' warning naming the folder): a read of 16 bytes a state, not the build.
    pub(crate) fn for_cells(cells: usize, deeper: bool, kept_in: Option<&Path>) -> Self {
        let depth = MovePruner::depth_for(cells, deeper);
        let Some(dir) = kept_in.filter(|_| depth > KEPT_DEEPER_THAN) else {
            return MovePruner::new(depth);
        };
        let mut trailer = MAGIC.to_vec();
        trailer.push(depth as u8);
        let file = CacheFile::new(dir, "moves", "fsm", trailer);
        let mut bytes = Vec::new();
        if let Some(machine) = file
            .read_into(None, &mut bytes)
            .then(|| MovePruner::of_bytes(&bytes))
            .flatten()
        {
            return machine;
        }
        let machine = MovePruner::new(depth);
        let _ = file.write(&mut machine.to_bytes());
        machine
    }

    /// The machine's rows as bytes, four little-endian words a row. O(states).
    fn to_bytes(&self) -> Vec<u8> {
        let words = self.next.iter().flatten();
        words.flat_map(|word| word.to_le_bytes()).collect()
    }

    /// The machine of [`MovePruner::to_bytes`]'s bytes, or `None` when they are not one:
    /// no row, a partial row, a state past the last row, or one whose moves are not its
    /// row's (a search would step from a forbidden move). O(states).
    fn of_bytes(bytes: &[u8]) -> Option<Self> {
        let word = |at: &[u8]| u32::from_le_bytes(at.try_into().expect("4 bytes"));
        let next: Vec<[u32; 4]> = (bytes.chunks_exact(16))
            .map(|row| [0, 1, 2, 3].map(|m| word(&row[4 * m..4 * m + 4])))
            .collect();
        let rows = next.len();
        let state_valid = |s: u32| {
            let row = next.get((s >> LIVE_BITS) as usize);
            s == DEAD || row.is_some_and(|&row| MovePruner::live(s) == live_of(row))
        };
        let valid = bytes.len() == 16 * rows
            && rows > 0
            && (next.iter().flatten()).all(|&s| state_valid(s));
        valid.then_some(MovePruner { next })
    }

    /// The depth of [`MovePruner::for_cells`]'s machine.
    pub(crate) fn depth_for(cells: usize, deeper: bool) -> usize {
        match (cells >= 16, deeper) {
            (true, false) => 10,
            (true, true) => 13,
            (false, _) => 2,
        }
    }

    /// The number of states.
    #[allow(dead_code)] // for tests and benches
    pub(crate) fn states(&self) -> usize {
        self.next.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks every move sequence of at most `length` moves that `a` allows from state
    /// `at.0` and `b` from `at.1`, both at once: each allows the same moves after each.
    fn same_moves(a: &MovePruner, b: &MovePruner, at: (u32, u32), length: usize) {
        let live = MovePruner::live(at.0);
        assert_eq!(live, MovePruner::live(at.1));
        for m in (0..4).filter(|m| length > 0 && live & 1 << m != 0) {
            same_moves(a, b, (a.step(at.0, m), b.step(at.1, m)), length - 1);
        }
    }

    /// The move sequences of at most `length` moves that `machine` allows from `state`,
    /// the empty one among them.
    fn allowed(machine: &MovePruner, state: u32, length: usize) -> usize {
        let live = MovePruner::live(state);
        let longer = (0..4).filter(|m| length > 0 && live & 1 << m != 0);
        1 + longer
            .map(|m| allowed(machine, machine.step(state, m), length - 1))
            .sum::<usize>()
    }

    #[test]
    fn minimising_keeps_the_moves_allowed_after_every_path() {
        // The sequences kept of at most `depth` moves: of depth 6, 1,453 of the 1,457
        // that never undo a move (1 + 4 + 12 + … + 972).
        for (depth, kept) in [(2, 17), (6, 1_453), (10, 114_701)] {
            let trie = MovePruner::of_rows(trie(depth));
            assert_eq!(allowed(&trie, trie.start(), depth), kept);
            assert!(trie.states() < kept);
            let machine = MovePruner::new(depth);
            assert!(machine.states() <= trie.states());
            same_moves(&trie, &machine, (trie.start(), machine.start()), depth + 2);
        }
        assert_eq!(MovePruner::new(10).states(), 1_191);
    }

    /// The machine of depth 2 allows what `descend`'s, made by hand, allows: every move
    /// but undoing the last; and every machine's empty path allows every move, the state
    /// `start` gives.
    #[test]
    fn depth_two_is_undo_only() {
        let (made, by_hand) = (MovePruner::new(2), MovePruner::undo_only());
        same_moves(&made, &by_hand, (made.start(), by_hand.start()), 12);
        for depth in [2, 6, 10] {
            let machine = MovePruner::new(depth);
            assert_eq!(live_of(machine.next[0]), machine.start());
        }
    }
}
