//! The painted board: a lower bound for the multi-tile metric on boards of at most 16
//! cells, from an abstraction in which the tiles of a group of goal cells wear one color.
//!
//! A *paint* gives each goal cell a color, the blank's goal cell color 0 and no other;
//! a board painted shows each tile in the color of its goal cell. A move of the board is
//! a move of its painting, and the goal's painting is the painted goal, so the least
//! moves of the painting bound the board's from below: the table holds them for every
//! painting, from one breadth-first search in the multi-tile metric from the painted
//! goal. Boards of at most [`EXACT_CELLS`] cells are painted a color a tile, so that the
//! table is exact; larger ones after a picture of their shape (Rokicki's for the 4×4, as
//! slidy's 4×4 solver uses it), turned so that its blank corner lies nearest the goal's
//! blank.
//!
//! A painting is stored at its rank among the arrangements of its colors, made of the
//! ranks of its two halves: cells `0..half` (the *top*) and `half..N` (the *bottom*),
//! each read as a number in base K (K colors), the *code*, cell `half + i` the i-th
//! digit of the bottom's. Tops are grouped by how many cells of each color they hold;
//! `top[code]` is where its group's block starts plus its rank in the group times the
//! number of bottoms that complete it, `bottom[code]` its rank among the bottoms of its
//! counts; the index is their sum, two look-ups. 4×4: 151,351,200 one-byte entries
//! (16!/(1!·2!·4!·5!·4!)); 3×4: 13,305,600; 3×3: 362,880.

use super::super::super::board::Move;
use super::super::cache_file::CacheFile;
use super::super::pdb::{on_threads, TableWork};
use super::super::{Puzzle, NONE};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

/// Boards of at most this many cells are painted a color a tile: their table is exact.
pub(crate) const EXACT_CELLS: usize = 9;

/// The trailer's first bytes in a file of a table (see [`Painted::cached_or_built`]): the
/// format's version is its last digit, to be raised whenever the files or the meaning of
/// the tables change.
const MAGIC: &[u8] = b"\nsliding-puzzles painted table 1\n";

/// The paintings from which a build that writes a file is reported on stderr: it takes
/// seconds (the 4×4's 151 M).
const LARGE_TABLE: usize = 1 << 24;

/// Marks a painting that no level of the search has reached.
const UNSEEN: u8 = u8::MAX;

/// The picture of the 4×4, the goal's blank at the bottom right (color 0): Rokicki's.
#[rustfmt::skip]
const PICTURE_4X4: [u8; 16] = [
    1, 1, 2, 2,
    3, 3, 2, 2,
    3, 3, 4, 4,
    3, 4, 4, 0,
];

/// The picture of the 3×4 (3 rows), the goal's blank at the bottom right; the 4×3's is its
/// transpose. The tiles far from the blank keep colors of their own.
#[rustfmt::skip]
const PICTURE_3X4: [u8; 12] = [
    1, 2, 3, 4,
    5, 6, 7, 7,
    5, 5, 7, 0,
];

/// The colors of the goal cells of a board: `color[p]` for cell `p`, 0 for the goal's
/// blank cell alone, the colors `0..colors` each used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Paint {
    pub(crate) color: Vec<u8>,
    pub(crate) colors: usize,
}

impl Paint {
    /// The paint of `puzzle`'s goal: a color a tile on boards of at most [`EXACT_CELLS`]
    /// cells, else the picture of the shape (3×4, 4×3, 4×4), flipped so that its blank
    /// corner lies nearest the goal's blank, whose cell swaps colors with that corner;
    /// `None` for other shapes. O(N).
    pub(crate) fn of_goal(puzzle: &Puzzle) -> Option<Paint> {
        let shape = puzzle.shape;
        let (rows, cols, n) = (shape.rows, shape.cols, shape.cells());
        let blank = puzzle.goal_at[0];
        if n <= EXACT_CELLS {
            // Tile t's goal cell wears color t.
            let color = puzzle.goal.clone();
            return Some(Paint { color, colors: n });
        }
        let picture: Vec<u8> = match (rows, cols) {
            (4, 4) => PICTURE_4X4.to_vec(),
            (3, 4) => PICTURE_3X4.to_vec(),
            (4, 3) => (0..n).map(|p| PICTURE_3X4[(p % 3) * 4 + p / 3]).collect(),
            _ => return None,
        };
        // The flips that bring the blank's goal cell nearest the bottom right.
        let (r, c) = (shape.row(blank), shape.col(blank));
        let flip_rows = r < rows - 1 - r;
        let flip_cols = c < cols - 1 - c;
        let turned = |p: usize| {
            let (pr, pc) = (shape.row(p), shape.col(p));
            let pr = if flip_rows { rows - 1 - pr } else { pr };
            let pc = if flip_cols { cols - 1 - pc } else { pc };
            pr * cols + pc
        };
        let mut color: Vec<u8> = (0..n).map(|p| picture[turned(p)]).collect();
        let corner = (0..n)
            .find(|&p| color[p] == 0)
            .expect("a picture has a blank");
        color.swap(corner, blank);
        let colors = usize::from(*picture.iter().max().expect("cells")) + 1;
        Some(Paint { color, colors })
    }

    /// How many cells wear each color.
    fn counts(&self) -> Vec<u8> {
        let mut counts = vec![0; self.colors];
        self.color.iter().for_each(|&c| counts[usize::from(c)] += 1);
        counts
    }
}

/// The codes of one half (its digits in base K, the lowest first): their digits, and
/// their groups by how many cells of each color they hold.
struct Half {
    /// Cells in the half.
    len: usize,
    /// `rank[code]`: the code's place among its group's codes, which ascend; 0 for a
    /// code that no painting has (more cells of a color than the paint).
    rank: Vec<u32>,
    /// `codes[g]`: the codes of group `g`, ascending.
    codes: Vec<Vec<u32>>,
    /// `counts[g]`: how many cells of each color the codes of group `g` hold.
    counts: Vec<Vec<u8>>,
    /// `digits[code]`: the code's digits, four bits each, the lowest first.
    digits: Vec<u64>,
}

impl Half {
    /// The codes of `len` cells in base `colors` that hold at most `most[c]` cells of
    /// color `c`, grouped by their counts. O(K^len · len) time, O(K^len) memory.
    fn new(len: usize, colors: usize, most: &[u8]) -> Half {
        let size = colors.pow(len as u32);
        let mut half = Half {
            len,
            rank: vec![0; size],
            codes: Vec::new(),
            counts: Vec::new(),
            digits: vec![0; size],
        };
        // The codes in order, their digits counted up as an odometer; a group is keyed by
        // its counts, five bits a color.
        let mut groups: HashMap<u64, u32> = HashMap::new();
        let (mut digits, mut counts) = (vec![0usize; len], vec![0u8; colors]);
        counts[0] = len as u8;
        for code in 0..size {
            if code > 0 {
                let mut i = 0;
                while digits[i] + 1 == colors {
                    digits[i] = 0;
                    counts[colors - 1] -= 1;
                    counts[0] += 1;
                    i += 1;
                }
                counts[digits[i]] -= 1;
                digits[i] += 1;
                counts[digits[i]] += 1;
            }
            half.digits[code] = (digits.iter().rev()).fold(0, |packed, &d| packed << 4 | d as u64);
            if counts.iter().zip(most).any(|(have, most)| have > most) {
                continue;
            }
            let key = counts.iter().fold(0u64, |key, &c| key << 5 | u64::from(c));
            let fresh = groups.len() as u32;
            let g = *groups.entry(key).or_insert(fresh);
            if g == fresh {
                half.codes.push(Vec::new());
                half.counts.push(counts.clone());
            }
            half.rank[code] = half.codes[g as usize].len() as u32;
            half.codes[g as usize].push(code as u32);
        }
        half
    }
}

/// A top and the bottoms that complete it: a run of paintings in the table.
struct Row {
    /// The top's code.
    code: u32,
    /// The index of the row's first painting.
    start: usize,
    /// The group of its bottoms.
    bottoms: usize,
}

/// The halves of the boards of a paint and the rows they make, in the table's order.
struct Layout {
    top: Half,
    bottom: Half,
    rows: Vec<Row>,
}

impl Layout {
    /// The codes of `paint`'s paintings, the top half the first ⌈N/2⌉ cells. O(K^(N/2)).
    fn new(paint: &Paint) -> Layout {
        let (n, most) = (paint.color.len(), paint.counts());
        let half = (n + 1) / 2;
        let top = Half::new(half, paint.colors, &most);
        let bottom = Half::new(n - half, paint.colors, &most);
        let mut rows = Vec::new();
        let mut start = 0;
        for (g, codes) in top.codes.iter().enumerate() {
            let rest: Vec<u8> = most
                .iter()
                .zip(&top.counts[g])
                .map(|(m, c)| m - c)
                .collect();
            // Every top of at most `most` leaves a rest that some bottom holds.
            let bottoms = (bottom.counts.iter().position(|c| *c == rest)).expect("a bottom");
            for &code in codes {
                rows.push(Row {
                    code,
                    start,
                    bottoms,
                });
                start += bottom.codes[bottoms].len();
            }
        }
        Layout { top, bottom, rows }
    }
}

/// The least multi-tile moves of every painting of a board under one [`Paint`], and the
/// codes that index them (see the module's documentation).
pub(crate) struct Painted {
    /// `places[p]`: the place value of cell `p` in a [`Code`]: K to the cell's digit in
    /// its half (the top's `0..half` cells, the bottom's the rest), times 2³² in the
    /// bottom.
    places: Vec<Code>,
    /// `top[code]`: a top's part of the index; `u32::MAX` for a code no painting has.
    top: Vec<u32>,
    /// `bottom[code]`: a bottom's part of the index.
    bottom: Vec<u32>,
    /// `depth[index]`: the least moves of the painting to the painted goal.
    depth: Vec<u8>,
}

/// The codes of a painting in one word: the bottom's times 2³², plus the top's.
pub(crate) type Code = u64;

impl Painted {
    /// The number of paintings under `paint`: N!/(n₀!·n₁!·…) for nᵢ the cells of color
    /// i. O(N).
    pub(crate) fn len(paint: &Paint) -> usize {
        let n = paint.color.len();
        let mut len: u128 = (1..=n as u128).product();
        for count in paint.counts() {
            len /= (1..=u128::from(count)).product::<u128>();
        }
        len as usize
    }

    /// The table of `paint`'s codes with the entries `depth` (as [`Painted::build`] makes
    /// them, [`Painted::len`] of them). O(K^(N/2)).
    pub(crate) fn with_depth(paint: &Paint, depth: Vec<u8>) -> Painted {
        Painted::of_layout(paint, &Layout::new(paint), depth)
    }

    /// The table of `layout`'s codes for `paint`, with the entries `depth`. O(K^(N/2)).
    fn of_layout(paint: &Paint, layout: &Layout, depth: Vec<u8>) -> Painted {
        let mut top = vec![u32::MAX; layout.top.rank.len()];
        for row in &layout.rows {
            top[row.code as usize] = row.start as u32;
        }
        let (half, colors) = (layout.top.len, paint.colors as u64);
        let places = (0..paint.color.len())
            .map(|p| match p < half {
                true => colors.pow(p as u32),
                false => colors.pow((p - half) as u32) << 32,
            })
            .collect();
        Painted {
            places,
            top,
            bottom: layout.bottom.rank.clone(),
            depth,
        }
    }

    /// The table of `puzzle`'s goal under `paint` (at most 16 cells, fewer than 2³² − 1
    /// paintings): a breadth-first search in the multi-tile metric on `work.threads`
    /// threads, a level a scan of the whole table, from the goal's painting forward or,
    /// once fewer paintings are left than the level has, from the ones left back; `None`
    /// when `work.stop`, asked at each level, stops it. O(P·(L + M)) time for P paintings,
    /// L levels and M = rows + cols − 2 moves of a painting (6 on the 4×4), P bytes and the
    /// halves' O(K^(N/2)) codes.
    pub(crate) fn build(puzzle: &Puzzle, paint: &Paint, work: &TableWork) -> Option<Painted> {
        let layout = Layout::new(paint);
        let mut painted = Painted::of_layout(paint, &layout, Vec::new());
        let depth: Vec<AtomicU8> = (0..Painted::len(paint))
            .map(|_| AtomicU8::new(UNSEEN))
            .collect();
        depth[painted.index(painted.code(&paint.color))].store(0, Ordering::Relaxed);
        let (mut level, mut seen, mut last) = (0u8, 1usize, 1usize);
        while last > 0 {
            if (work.stop)() {
                return None;
            }
            (work.on_level)(level + 1);
            let backward = depth.len() - seen < last;
            let rows = AtomicUsize::new(0);
            let scan = || painted.level(puzzle, &layout, &depth, level, backward, &rows);
            last = on_threads(work.threads, &scan).iter().sum();
            seen = (seen + last).min(depth.len());
            level += 1;
        }
        painted.depth = depth.into_iter().map(AtomicU8::into_inner).collect();
        Some(painted)
    }

    /// The table of `puzzle`'s goal under `paint`, read from its file in the puzzle's
    /// cache (`--cache`), or built as `work` says ([`Painted::build`]) and written there;
    /// with no cache, built. A table that cannot be written is used all the same, with a
    /// warning in `work.notes`, where the build of a large table for a file is reported too.
    pub(crate) fn cached_or_built(
        puzzle: &Puzzle,
        paint: &Paint,
        work: &TableWork,
    ) -> Option<Painted> {
        let Some(dir) = puzzle.shared.cache.as_deref() else {
            return Painted::build(puzzle, paint, work);
        };
        let notes = work.notes;
        let shape = puzzle.shape;
        let mut trailer = MAGIC.to_vec();
        trailer.extend([shape.rows as u8, shape.cols as u8]);
        trailer.extend(&paint.color);
        let prefix = format!("{}x{}", shape.rows, shape.cols);
        let file = CacheFile::new(dir, &prefix, "mtm", trailer);
        let len = Painted::len(paint);
        let mut bytes = Vec::with_capacity(len + super::super::pdb::cache::TRAILER_BYTES);
        if file.read_into(Some(len), &mut bytes) {
            return Some(Painted::with_depth(paint, bytes));
        }
        if len >= LARGE_TABLE {
            let path = file.path.display();
            notes.note(&format!(
                "note: building {path} ({} MiB) once; later runs read it",
                len >> 20
            ));
        }
        let mut painted = Painted::build(puzzle, paint, work)?;
        if let Err(error) = file.write(&mut painted.depth) {
            notes.note(&format!(
                "warning: cannot write {}: {error}",
                file.path.display()
            ));
        }
        Some(painted)
    }

    /// The entries, a byte a painting in the table's order.
    #[allow(dead_code)] // for tests
    pub(crate) fn entries(&self) -> &[u8] {
        &self.depth
    }

    /// The place value of cell `p` in a [`Code`] (see [`Painted::places`]).
    pub(crate) fn place(&self, p: usize) -> Code {
        self.places[p]
    }

    /// The code of the painting `colors` (a color a cell). O(N).
    pub(crate) fn code(&self, colors: &[u8]) -> Code {
        let places = colors.iter().enumerate();
        places.map(|(p, &c)| u64::from(c) * self.place(p)).sum()
    }

    /// The index of the painting of `code`. O(1).
    #[inline(always)]
    fn index(&self, code: Code) -> usize {
        (self.top[code as u32 as usize] + self.bottom[(code >> 32) as usize]) as usize
    }

    /// The least moves of the painting of `code`. O(1).
    #[inline(always)]
    pub(crate) fn moves(&self, code: Code) -> u8 {
        self.depth[self.index(code)]
    }

    /// One thread's share of a level: rows of the table taken from `next_row` in turn.
    /// Forward, each painting at `level` marks its unseen neighbours `level + 1`;
    /// backward, each unseen painting with a neighbour at `level` is marked `level + 1`.
    /// Returns the paintings it marked (one that two threads mark at once counts twice:
    /// the count only steers the direction and ends the search).
    fn level(
        &self,
        puzzle: &Puzzle,
        layout: &Layout,
        depth: &[AtomicU8],
        level: u8,
        backward: bool,
        next_row: &AtomicUsize,
    ) -> usize {
        const CHUNK: usize = 64;
        let (n, half) = (puzzle.shape.cells(), layout.top.len);
        let wanted = if backward { UNSEEN } else { level };
        let mut cells = [0u8; 16];
        let mut marked = 0;
        loop {
            let first = next_row.fetch_add(CHUNK, Ordering::Relaxed);
            let Some(rows) = layout
                .rows
                .get(first..(first + CHUNK).min(layout.rows.len()))
            else {
                return marked;
            };
            for row in rows {
                unpack(layout.top.digits[row.code as usize], &mut cells[..half]);
                for (i, &code) in layout.bottom.codes[row.bottoms].iter().enumerate() {
                    let here = &depth[row.start + i];
                    if here.load(Ordering::Relaxed) != wanted {
                        continue;
                    }
                    unpack(layout.bottom.digits[code as usize], &mut cells[half..n]);
                    let code = u64::from(code) << 32 | u64::from(row.code);
                    if backward {
                        let near = |index: usize| depth[index].load(Ordering::Relaxed) == level;
                        if self.any_neighbour(puzzle, &mut cells[..n], code, near) {
                            here.store(level + 1, Ordering::Relaxed);
                            marked += 1;
                        }
                    } else {
                        self.any_neighbour(puzzle, &mut cells[..n], code, |index| {
                            if depth[index].load(Ordering::Relaxed) == UNSEEN {
                                depth[index].store(level + 1, Ordering::Relaxed);
                                marked += 1;
                            }
                            false
                        });
                    }
                }
            }
        }
    }

    /// Whether `test` holds for the index of a painting one multi-tile move from `cells`
    /// (whose code is `code`): tests them in turn, up to the first that holds. `cells`
    /// is left as it was. O(M).
    fn any_neighbour(
        &self,
        puzzle: &Puzzle,
        cells: &mut [u8],
        code: Code,
        mut test: impl FnMut(usize) -> bool,
    ) -> bool {
        let start = cells.iter().position(|&c| c == 0).expect("a blank");
        for around in 0..4 {
            let (mut blank, mut moved) = (start, code);
            loop {
                let next = puzzle.neighbors[blank][around];
                if next == NONE {
                    break;
                }
                let color = u64::from(cells[next]);
                moved = moved + color * self.places[blank] - color * self.places[next];
                cells.swap(blank, next);
                blank = next;
                if test(self.index(moved)) {
                    slide_back(puzzle, cells, blank, start, around);
                    return true;
                }
            }
            slide_back(puzzle, cells, blank, start, around);
        }
        false
    }
}

/// Moves the blank of `cells` from `blank` back to `start`, against the direction
/// `around` (an index into `Move::ALL`) it came in.
fn slide_back(puzzle: &Puzzle, cells: &mut [u8], mut blank: usize, start: usize, around: usize) {
    let back = Move::opposite_index(around);
    while blank != start {
        let next = puzzle.neighbors[blank][back];
        cells.swap(blank, next);
        blank = next;
    }
}

/// Writes `digits`, four bits each, the lowest first, to `cells`.
fn unpack(digits: u64, cells: &mut [u8]) {
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = (digits >> (4 * i) & 15) as u8;
    }
}
