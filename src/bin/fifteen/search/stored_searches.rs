//! The searches of seed 003 that store configurations: A*, breadth-first, and the bounded
//! depth-first backtracking.

use super::super::board::Move;
use super::super::error::LimitHit;
use super::board_maps::{bits_per_cell, LevelMap, StateKey};
use super::bound::Manhattan;
use super::{Budget, Meter, Puzzle, NONE};
use std::collections::{HashSet, VecDeque};

/// A configuration being searched: its cells, blank, and packing.
struct Node {
    cells: Vec<u8>,
    blank: usize,
    bits: u32,
}

impl Node {
    fn new(start: &[u8]) -> Self {
        Node {
            cells: start.to_vec(),
            blank: start.iter().position(|&t| t == 0).unwrap_or(0),
            bits: bits_per_cell(start.len()),
        }
    }

    fn load<K: StateKey>(&mut self, key: &K) {
        key.unpack(&mut self.cells, self.bits);
        self.blank = self.cells.iter().position(|&t| t == 0).unwrap_or(0);
    }

    fn key<K: StateKey>(&self) -> K {
        K::pack(&self.cells, self.bits)
    }

    /// Moves the blank to the adjacent cell `next`.
    fn slide(&mut self, next: usize) {
        self.cells.swap(self.blank, next);
        self.blank = next;
    }
}

/// Walks back from the goal through the level map: from a configuration at level d > 0,
/// a neighbour at level d − 1 always exists (the one it was reached from, whose level
/// can only have dropped, and not below d − 1). O(d · N) map look-ups.
fn rebuild<K: StateKey, M: LevelMap<K>>(
    puzzle: &Puzzle,
    goal: &mut Node,
    levels: &M,
) -> Option<Vec<Move>> {
    let mut level = levels.level(&goal.key())?;
    let mut reversed = Vec::new();
    while level > 0 {
        let previous = (0..4).find_map(|i| {
            let next = puzzle.neighbors[goal.blank][i];
            if next == NONE {
                return None;
            }
            goal.slide(next);
            let found = levels.level(&goal.key()) == Some(level - 1);
            if !found {
                goal.slide(puzzle.neighbors[next][Move::ALL[i].opposite().index()]);
            }
            found.then_some(Move::ALL[i])
        })?;
        reversed.push(previous.opposite());
        level -= 1;
    }
    reversed.reverse();
    Some(reversed)
}

/// The nodes between two looks at the memory.
const MEMORY_EVERY: u64 = 4096;

/// Counts a node, and fails when a limit is reached or when the map and the queue
/// (capacity for `queued` configurations) could outgrow the memory limit before the next
/// look, [`MEMORY_EVERY`] nodes on: the map as it grows by 4 configurations a node at
/// most ([`LevelMap::peak_bytes`]), the queue twice its capacity (a vector that doubles).
fn count_and_guard<K: StateKey, M: LevelMap<K>>(
    budget: &Budget,
    meter: &mut Meter,
    levels: &M,
    queued: usize,
) -> Result<(), LimitHit> {
    meter.count()?;
    if meter.nodes() % MEMORY_EVERY != 0 {
        return Ok(());
    }
    let more = 4 * MEMORY_EVERY as usize;
    let bytes = levels.peak_bytes(more) + 2 * queued * std::mem::size_of::<K>();
    budget.check_memory(bytes, levels.stored())
}

/// Open nodes by f = moves + bound, then by moves, largest moves first.
struct BucketQueue<K> {
    /// `buckets[f][g]`.
    buckets: Vec<Vec<Vec<K>>>,
    least_f: usize,
    len: usize,
    capacity: usize,
}

impl<K> BucketQueue<K> {
    fn push(&mut self, f: usize, g: usize, key: K) {
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        let by_g = &mut self.buckets[f];
        if by_g.len() <= g {
            by_g.resize_with(g + 1, Vec::new);
        }
        let bucket = &mut by_g[g];
        self.capacity -= bucket.capacity();
        bucket.push(key);
        self.capacity += bucket.capacity();
        self.least_f = self.least_f.min(f);
        self.len += 1;
    }

    /// The node of least f, of greatest g among those. Amortised O(f + g).
    fn pop(&mut self) -> Option<(usize, usize, K)> {
        while self.least_f < self.buckets.len() {
            let f = self.least_f;
            if let Some(g) = self.buckets[f].iter().rposition(|b| !b.is_empty()) {
                self.len -= 1;
                let key = self.buckets[f][g].pop()?;
                return Some((f, g, key));
            }
            self.capacity -= self.buckets[f].iter().map(Vec::capacity).sum::<usize>();
            self.buckets[f] = Vec::new();
            self.least_f += 1;
        }
        None
    }
}

/// A* of seed 003: nodes ordered by moves + Manhattan distance, ties toward more moves,
/// stale entries skipped; optimal since the bound is consistent. Time and memory
/// O(states reached); `None` if the goal is never reached.
pub(crate) fn astar<K: StateKey, M: LevelMap<K>>(
    puzzle: &Puzzle,
    bound: &Manhattan,
    start: &[u8],
    mut levels: M,
    budget: &Budget,
) -> Result<Option<Vec<Move>>, LimitHit> {
    let mut meter = budget.meter();
    let mut node = Node::new(start);
    let mut queue = BucketQueue {
        buckets: Vec::new(),
        least_f: 0,
        len: 0,
        capacity: 0,
    };
    levels.set_level(node.key(), 0);
    queue.push(bound.estimate(start) as usize, 0, node.key::<K>());
    while let Some((f, g, key)) = queue.pop() {
        if levels.level(&key).is_some_and(|level| (level as usize) < g) {
            continue;
        }
        count_and_guard(budget, &mut meter, &levels, queue.capacity)?;
        node.load(&key);
        let h = (f - g) as u32;
        if h == 0 && node.cells == puzzle.goal {
            return Ok(rebuild(puzzle, &mut node, &levels));
        }
        let blank = node.blank;
        for &next in puzzle.neighbors[blank].iter().filter(|&&n| n != NONE) {
            let child_h = bound.update(&node.cells, h, node.cells[next], next, blank);
            node.slide(next);
            let child = node.key::<K>();
            let child_g = g as u32 + 1;
            if levels.level(&child).map_or(true, |level| level > child_g) {
                levels.set_level(child.clone(), child_g);
                queue.push((child_g + child_h) as usize, child_g as usize, child);
            }
            node.slide(blank);
        }
    }
    debug_assert_eq!(queue.len, 0);
    Ok(None)
}

/// Breadth-first search: the first time the goal is generated, its level is the least.
/// Time and memory O(states reached); `None` if the goal is never reached.
pub(crate) fn bfs<K: StateKey, M: LevelMap<K>>(
    puzzle: &Puzzle,
    start: &[u8],
    mut levels: M,
    budget: &Budget,
) -> Result<Option<Vec<Move>>, LimitHit> {
    let mut meter = budget.meter();
    let mut node = Node::new(start);
    let goal_key: K = K::pack(&puzzle.goal, node.bits);
    let mut queue = VecDeque::from([node.key::<K>()]);
    levels.set_level(node.key(), 0);
    while let Some(key) = queue.pop_front() {
        count_and_guard(budget, &mut meter, &levels, queue.capacity())?;
        let level = levels.level(&key).unwrap_or(0);
        node.load(&key);
        if key == goal_key {
            return Ok(rebuild(puzzle, &mut node, &levels));
        }
        let blank = node.blank;
        for &next in puzzle.neighbors[blank].iter().filter(|&&n| n != NONE) {
            node.slide(next);
            let child = node.key::<K>();
            if levels.level(&child).is_none() {
                levels.set_level(child.clone(), level + 1);
                queue.push_back(child);
            }
            node.slide(blank);
        }
    }
    Ok(None)
}

/// Depth-first backtracking of seed 003: never revisits a configuration on the current
/// path and never goes beyond `max_moves`; returns the first path found (moves tried in
/// the order D, L, R, U), not necessarily the shortest, or `None` if there is none of at
/// most `max_moves` moves. Time O(3^K), memory O(K), K = `max_moves`.
pub(crate) fn dfs<K: StateKey>(
    puzzle: &Puzzle,
    start: &[u8],
    max_moves: u64,
    budget: &Budget,
) -> Result<Option<Vec<Move>>, LimitHit> {
    let mut meter = budget.meter();
    let mut node = Node::new(start);
    let mut on_path: HashSet<K> = HashSet::from([node.key()]);
    let mut path: Vec<Move> = Vec::new();
    // `tried[d]`: how many of the four moves were tried at depth d.
    let mut tried: Vec<usize> = vec![0];
    loop {
        if node.cells == puzzle.goal {
            return Ok(Some(path));
        }
        let depth = path.len();
        let i = tried[depth];
        if (depth as u64) < max_moves && i < 4 {
            tried[depth] += 1;
            let next = puzzle.neighbors[node.blank][i];
            if next == NONE {
                continue;
            }
            node.slide(next);
            let key = node.key::<K>();
            if on_path.contains(&key) {
                node.slide(puzzle.neighbors[next][Move::ALL[i].opposite().index()]);
                continue;
            }
            meter.count()?;
            on_path.insert(key);
            path.push(Move::ALL[i]);
            tried.push(0);
        } else {
            tried.pop();
            let Some(last) = path.pop() else {
                return Ok(None);
            };
            on_path.remove(&node.key::<K>());
            node.slide(puzzle.neighbors[node.blank][last.opposite().index()]);
        }
    }
}
