//! The search policy of `ida`: the bounds it tries on a board shape and goal, in order,
//! their tables, and the threads that build and search with them.

use super::super::board::Move;
use super::super::error::LimitHit;
use super::bound::{LinearConflict, LowerBound};
use super::pdb::additive::{on_fixed, Additive, Fixed};
use super::pdb::layout::Layout;
use super::pdb::{on_threads, placement::table_len, take, TableWork, MAX_CELLS};
use super::prune::{MovePruner, DEEPER_BUILD_BYTES};
use super::regions::{in_reading_order, partition, small_four, RegionTables};
use super::walking::WalkingDistance;
use super::weighted::Weighted;
use super::{ida, multi_tile, Budget, Made, Notes, Puzzle};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use std::time::{Duration, Instant};

/// 6-6-3: 11,534,880 bytes by rank.
pub(crate) const P663: [&[u8]; 3] = [&[12, 13, 14], &[1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 15]];
/// 7-7-1, the two halves of the 8-7 partition with the far corner's tile alone:
/// 115,315,216 bytes.
pub(crate) const P771: [&[u8]; 3] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14], &[15]];
/// 8-7, for `--cache`: 576,576,000 bytes.
pub(crate) const P87: [&[u8]; 2] = [&[8, 9, 10, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 7]];
/// 6-6-6-6 on the 5×5, Korf & Felner's partition (AIJ 134, 2002): groups of 127,512,000
/// placements. The last three are images of one another by the board's symmetries:
/// two tables, 255 MB by rank, 488 MB spread.
pub(crate) const P6666: [&[u8]; 4] = [
    &[1, 5, 6, 10, 11, 12],
    &[2, 3, 4, 7, 8, 9],
    &[13, 14, 18, 19, 23, 24],
    &[15, 16, 17, 20, 21, 22],
];
/// 3-2-3 in reading order for the 3×3 with the goal's blank in the centre: the top and
/// bottom rows share a table by the half turn, 576 bytes.
pub(crate) const CENTRE323: [usize; 3] = [3, 2, 3];

/// The most cases of an input for which `ida` on the 4×4 starts with the 4-4-4-3
/// stage.
const CHEAP_CASES: usize = 8;

/// A row of [`GIVE_UP`]: the most nodes a stage may generate, searching at `percent`
/// weight (100: the optimal search), before the plan gives it up for what follows.
struct GiveUp {
    /// The weight of the bound, in percent (see [`Weighted`]).
    pub percent: u32,
    /// The nodes, or `u64::MAX` for a stage that never gives up.
    pub nodes: u64,
}

/// The give-up budgets of the plan's stages and of `any`'s weights, in one table; the
/// rows are named by the index constants below. The design behind each:
///
/// - A stage's budget is about what the next stage's tables cost to build (or read
///   with `--cache`), so that a board gives up no more than it would have waited.
/// - The first bound on boards other than the 4×4 gets 1 M nodes: most small boards
///   finish there, and a table is built only for a case that needs it.
/// - The 5×5's 4-tile tables get 3 G nodes, about what building the 6-6-6-6 tables
///   costs; with `--cache`, 20 M, about what reading them costs.
/// - [`Plan::solve_near`] tries each bound before its tables at 130% for 100,000 nodes
///   (a board a few moves from the goal waits for no table), then its last tables at
///   each weight of its board's rows in turn: higher weights find a path in fewer nodes
///   but a longer one, so the lowest weight that usually finishes comes first.
const GIVE_UP: [GiveUp; 12] = [
    row(100, 8_000_000),     // 4×4 4-4-4-3
    row(100, 40_000_000),    // 4×4 5-5-5
    row(100, 150_000_000),   // 4×4 6-6-3
    row(100, 1_000_000),     // the first bound, before tables
    row(100, 3_000_000_000), // 5×5 4-tile groups, tables built in the run
    row(100, 20_000_000),    // 5×5 4-tile groups, tables in --cache
    row(130, 100_000),       // any: each bound before its tables
    row(130, 20_000_000),    // any 4×4
    row(200, 20_000_000),    // any 4×4
    row(175, 20_000_000),    // any, other boards
    row(200, 10_000_000),    // any, other boards
    row(250, 10_000_000),    // any, other boards
];

/// A row of [`GIVE_UP`].
const fn row(percent: u32, nodes: u64) -> GiveUp {
    GiveUp { percent, nodes }
}

/// The rows of [`GIVE_UP`].
const FOUR_3444: usize = 0;
const FOUR_555: usize = 1;
const FOUR_663: usize = 2;
const FIRST_BOUND: usize = 3;
const FIVE_SMALL: usize = 4;
const FIVE_SMALL_CACHED: usize = 5;
const NEAR_FIRST: usize = 6;
const NEAR_FOUR: std::ops::Range<usize> = 7..9;
const NEAR_OTHER: std::ops::Range<usize> = 9..12;

/// The nodes of row `i` of [`GIVE_UP`].
const fn nodes_of(i: usize) -> u64 {
    GIVE_UP[i].nodes
}

/// The most entries of the tables [`Plan::solve_near`] uses (their build's time goes
/// with their entries, however many bytes an entry takes).
const NEAR_TABLE_ENTRIES: usize = 4 << 20;
/// A bound `ida` may use, before it is built.
enum Kind {
    LinearConflict,
    WalkingDistance,
    /// Additive pattern databases over these groups of goal cells, with reflection.
    Pdb(Vec<Vec<u8>>),
}

impl Kind {
    /// The name units give this bound ([`Plan::with_bound`]): its `--stats` name without
    /// the bytes, a colon for the space (`pdb:8-7+reflection`).
    fn unit_name(&self) -> String {
        match self {
            Kind::LinearConflict => "manhattan+linear-conflict".into(),
            Kind::WalkingDistance => "walking-distance".into(),
            Kind::Pdb(groups) => format!("pdb:{}+reflection", sizes_text(groups)),
        }
    }
}

/// The sizes of `groups`, largest first: `8-7`.
fn sizes_text(groups: &[Vec<u8>]) -> String {
    let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
    sizes.join("-")
}

/// A search to run with one bound of a [`Plan`], whatever its type
/// ([`Plan::with_bound`]).
pub(crate) trait BoundJob {
    type Output;
    /// Runs the job with `bound` on `puzzle`.
    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output;
}

/// A bound, built.
enum Built {
    LinearConflict(LinearConflict),
    WalkingDistance(WalkingDistance),
    Pdb(Additive),
    Regions(RegionTables),
}

/// One bound of a [`Plan`], built on first use, and the nodes it may generate on a case
/// before the next stage takes over.
struct Stage {
    kind: Kind,
    give_up: u64,
    built: Made<Built>,
    /// Shown once when a case reaches this stage, to a person at a terminal (`Advice`)
    /// or on stderr whatever it is (`Note`).
    advice: Option<Advice>,
    advised: AtomicBool,
    /// Set once the stage has been left out for the memory limit (and said so).
    left_out: AtomicBool,
}

/// A line a stage says once, and to whom.
#[derive(Clone, Copy)]
enum Advice {
    /// To a person at a terminal only ([`Notes::advise`]).
    Advice(&'static str),
    /// On stderr always ([`Notes::note`]): work of minutes.
    Note(&'static str),
}

/// The advice of the last 4×4 stage without `--cache`.
const CACHE_ADVICE: &str = "note: this board needs the largest tables built in the \
run (7-7-1, about 20 s to build on two threads); --cache DIR keeps 8-7 tables (577 MB, built \
once in a few minutes), which solve the hardest boards in seconds";

/// The note of the last 5×5 stage without `--cache`.
const FIVE_NOTE: &str = "note: this board needs 6-6-6-6 tables, built in memory for \
this run (about a minute a table on two threads, 2 GB while building); --cache DIR keeps them \
for later runs";

/// What [`Plan::solve`] found, and what it tried.
pub(crate) struct Solved {
    /// The canonical optimal path, or `None` when there is none.
    pub moves: Option<Vec<Move>>,
    /// The bounds tried, in order, by their `--stats` names.
    pub bounds: String,
    /// The name of the bound that found the path ([`Plan::with_bound`]), if one did.
    pub bound: Option<String>,
    /// Time spent building (or waiting for) tables.
    pub table: Duration,
}

/// The bounds `ida` tries on one shape and goal, in order, each built once, on first
/// use, and shared by all the cases and threads of the input. Chosen by measurement
/// (whole processes side by side with an empty program; times below are this
/// project's machine): tables pay off on the 4×4, whose searches are long, and on the
/// 3×3 only with the goal's blank in the centre (see below); elsewhere on small boards
/// a table costs more to build than the search it saves.
///
/// - 4×4: pattern databases with reflection: 4-4-4-3 (802,816 bytes in regions) for
///   its [`GIVE_UP`] row, so that an easy board does not wait for larger tables (its
///   nodes take about as long as the next tables' build: a board gives up no more than
///   it would have waited); then 5-5-5 (1.5 MB by rank); then 6-6-3 (11.5 MB by rank);
///   then, for the hardest boards, 7-7-1 (115 MB by rank), which generates some
///   twenty times fewer nodes than 6-6-3 on 80-move boards (the 6-6-3 stage's budget
///   is about what the 7-7-1 build costs). With `--cache`, 8-7 tables (577 MB, built
///   once, then read) follow the 4-4-4-3 stage instead.
/// - 5×5: the first bound below for 1 M nodes, then six groups of 4 tiles in reading
///   order (2 MB) for the nodes of [`GIVE_UP`]'s row, or its `--cache` row with
///   `--cache`, then [`P6666`] with reflection, built in the run (about a minute a
///   table on two threads, 1.7 GB while building, with a note on stderr) or read from
///   the cache. Korf & Felner's #38 and #40 need more than 2 G nodes with the small
///   tables and 58 M to 260 M with 6-6-6-6.
/// - Other boards of 10 to 32 cells: the first bound below for 1 M nodes, then pattern
///   databases of groups in reading order, each table at most 1 MiB.
/// - 3×3 and smaller, and boards over 32 cells: the first bound below.
///
/// The first bound is the walking distance on boards of at most 12 cells and sides of
/// at most 5 (small tables, quick to build) whose goal has its blank on the border,
/// [`CENTRE323`] tables with reflection on the 3×3 whose goal has its blank in the
/// centre, and linear conflicts otherwise: with the blank on the border the walking
/// distance generates fewer nodes than linear conflicts and wins; with it inside (the
/// spiral goals of 3×3 and 3×4) it generates more and loses; on the 4×4 it loses to the
/// 4-4-4-3 tables.
///
/// A case starts at the last stage already built. On the 4×4 the 4-4-4-3 stage is left
/// out for inputs of more than [`CHEAP_CASES`] cases, where the 5-5-5 tables are needed
/// anyway; on other boards linear conflicts solve most cases within 1 M nodes, faster
/// than their tables build, so the tables are built only for a case that needs them.
pub(crate) struct Plan {
    /// The puzzle, with where its tables and move pruners are kept (`--cache`).
    pub puzzle: Puzzle,
    stages: Vec<Stage>,
    /// How the threads share a board's search (its `threads` search one board), and
    /// when the move pruner comes in: from the first node for inputs of more than
    /// [`CHEAP_CASES`] cases, whose tables take far longer than the pruner to make,
    /// else from [`ida::DEEP_FROM`] nodes, so that an easy board does not wait.
    sharing: ida::Sharing,
    /// The threads that build its tables: all the input's, since the cases that need a
    /// table wait for it (`--jobs 2` on Korf's 100: the 5-5-5 build 0.4 s → 0.25 s).
    build_threads: usize,
    /// The bound of the multi-tile search (`--metric mtm`), once made (or read from the
    /// cache): see [`Plan::multi_tile_bound`].
    multi_tile: Made<multi_tile::Bound>,
}

impl Plan {
    /// The bound of the first stage on boards other than the 4×4 (see [`Plan`]): the
    /// walking distance on small boards whose goal has its blank on the border,
    /// [`CENTRE323`] tables on the 3×3 with the blank in the centre, else linear
    /// conflicts. O(N).
    fn first_bound(puzzle: &Puzzle) -> Kind {
        let n = puzzle.shape.cells();
        let goal_blank = puzzle.goal_at[0];
        let (row, col) = (puzzle.shape.row(goal_blank), puzzle.shape.col(goal_blank));
        let (rows, cols) = (puzzle.shape.rows, puzzle.shape.cols);
        let on_border = row == 0 || col == 0 || row + 1 == rows || col + 1 == cols;
        if on_border && n <= 12 && rows.max(cols) <= 5 {
            Kind::WalkingDistance
        } else if rows == 3 && cols == 3 {
            Kind::Pdb(in_reading_order(puzzle, &CENTRE323))
        } else {
            Kind::LinearConflict
        }
    }

    /// The plan for `puzzle`'s shape and goal in an input of `cases` cases, its tables
    /// kept in `cache` if given, one board searched by `threads` threads and the
    /// tables built by `build_threads` (at least `threads`); builds nothing. O(N).
    pub(crate) fn new(
        mut puzzle: Puzzle,
        cases: usize,
        cache: Option<PathBuf>,
        threads: usize,
        build_threads: usize,
    ) -> Self {
        let n = puzzle.shape.cells();
        let four = puzzle.shape.rows == 4 && puzzle.shape.cols == 4;
        let stage = |kind, give_up| Stage {
            kind,
            give_up,
            built: Made::default(),
            advice: None,
            advised: AtomicBool::new(false),
            left_out: AtomicBool::new(false),
        };
        let partition = |frames: &[(usize, &[&[u8]])], sizes: &[usize]| {
            Kind::Pdb(partition(&puzzle, frames, sizes))
        };
        let (rows, cols) = (puzzle.shape.rows, puzzle.shape.cols);
        let first = Plan::first_bound(&puzzle);
        let stages = if four {
            let [p3444, p555] = small_four(&puzzle);
            let cheap = stage(Kind::Pdb(p3444), nodes_of(FOUR_3444));
            let mut stages = if cache.is_some() {
                vec![cheap, stage(partition(&[(0, &P87)], &[8, 7]), u64::MAX)]
            } else {
                vec![
                    cheap,
                    stage(Kind::Pdb(p555), nodes_of(FOUR_555)),
                    stage(partition(&[(0, &P663)], &[6, 6, 3]), nodes_of(FOUR_663)),
                    Stage {
                        advice: Some(Advice::Advice(CACHE_ADVICE)),
                        ..stage(partition(&[(0, &P771)], &[7, 7, 1]), u64::MAX)
                    },
                ]
            };
            if cases > CHEAP_CASES {
                stages.remove(0);
            }
            stages
        } else if rows == 5 && cols == 5 {
            let largest = stage(partition(&[(0, &P6666)], &[6, 6, 6, 6]), u64::MAX);
            let (give_up, advice) = match cache {
                Some(_) => (nodes_of(FIVE_SMALL_CACHED), None),
                None => (nodes_of(FIVE_SMALL), Some(Advice::Note(FIVE_NOTE))),
            };
            vec![
                stage(first, nodes_of(FIRST_BOUND)),
                stage(partition(&[], &group_sizes(n)), give_up),
                Stage { advice, ..largest },
            ]
        } else if (10..=MAX_CELLS).contains(&n) {
            vec![
                stage(first, nodes_of(FIRST_BOUND)),
                stage(partition(&[], &group_sizes(n)), u64::MAX),
            ]
        } else {
            vec![stage(first, u64::MAX)]
        };
        let deep_from = if cases > CHEAP_CASES {
            0
        } else {
            ida::DEEP_FROM
        };
        puzzle.shared.cache = cache;
        Plan {
            puzzle,
            stages,
            sharing: ida::Sharing {
                deep_from,
                ..ida::Sharing::new(threads)
            },
            build_threads: build_threads.max(threads),
            multi_tile: Made::default(),
        }
    }

    /// The bound of the multi-tile search of the plan's puzzle (`--metric mtm`): made on
    /// first use by `threads` threads, or read from the cache ([`multi_tile::bound_of`]).
    pub(crate) fn multi_tile_bound(
        &self,
        budget: &Budget,
        threads: usize,
        notes: &dyn Notes,
    ) -> Result<&multi_tile::Bound, LimitHit> {
        multi_tile::bound_of(&self.puzzle, &self.multi_tile, budget, threads, notes)
    }

    /// Solves `start` by the stages in order, from the last one already built; tables
    /// built on the way say so through `notes`. The search of one stage:
    /// [`ida::solve`] on the plan's threads, from the threshold where the stage before
    /// it gave up (its iterations below were searched whole, and found no path). A
    /// stage after the first whose tables would pass `budget`'s memory limit at the peak
    /// of their build is left out with those after it: the stage before it goes on where
    /// it would give up, saying so once through `notes`. A first stage that does not fit
    /// is the [`LimitHit::Tables`] error.
    pub(crate) fn solve(
        &self,
        start: &[u8],
        budget: &Budget,
        notes: &dyn Notes,
    ) -> Result<Solved, LimitHit> {
        let mut solved = Solved {
            moves: None,
            bounds: String::new(),
            bound: None,
            table: Duration::ZERO,
        };
        let mut names = Vec::new();
        let mut floor = 0;
        for pass in self.passes(budget) {
            if let Some(left_out) = pass.left_out {
                left_out.tell(&self.stages[left_out.stage], notes);
            }
            let stage = &self.stages[pass.stage];
            let bound = self.bound_of(stage, budget, notes, &mut solved.table)?;
            let give_up = pass.give_up;
            let sharing = self.sharing_for(stage, budget);
            let search = StageSearch {
                puzzle: &self.puzzle,
                start,
                budget,
                give_up,
                floor,
                sharing,
            };
            let (name, outcome) = match bound {
                Built::LinearConflict(bound) => search_with(bound, &search)?,
                Built::WalkingDistance(bound) => search_with(bound, &search)?,
                Built::Pdb(tables) => on_fixed!(tables, |bound| search_with(&bound, &search)?),
                Built::Regions(bound) => search_with(bound, &search)?,
            };
            // (A stage searched again is named once.)
            if names.last() != Some(&name) {
                names.push(name);
            }
            solved.bounds = names.join(" then ");
            match outcome {
                ida::Outcome::Path(path) => {
                    solved.moves = Some(path);
                    solved.bound = Some(stage.kind.unit_name());
                    return Ok(solved);
                }
                ida::Outcome::NoPath => return Ok(solved),
                ida::Outcome::GaveUp(at) => floor = at,
            }
        }
        // The last stage never gives up.
        Ok(solved)
    }

    /// The searches that solving makes, in order: from the last stage already built
    /// (else the first) to the last, each giving up as its stage says; but when a later
    /// stage's tables would pass `budget`'s memory limit at the peak of their build, it
    /// and those after it are left out, and the stage before it is searched again,
    /// never giving up. O(stages).
    fn passes(&self, budget: &Budget) -> Vec<Pass> {
        let first = (1..self.stages.len())
            .rev()
            .find(|&i| self.stages[i].built.get().is_some())
            .unwrap_or(0);
        let left_out = (first + 1..self.stages.len()).find_map(|i| {
            let stage = &self.stages[i];
            if stage.built.get().is_some() {
                return None;
            }
            match budget.check_tables(self.peak_bytes(stage)) {
                Err(LimitHit::Tables { mib, need_mib }) => Some(LeftOut {
                    stage: i,
                    mib,
                    need_mib,
                }),
                _ => None,
            }
        });
        let last = left_out.as_ref().map_or(self.stages.len(), |l| l.stage) - 1;
        let mut passes: Vec<Pass> = (first..=last)
            .map(|i| Pass {
                stage: i,
                give_up: self.stages[i].give_up,
                left_out: None,
            })
            .collect();
        if let Some(left_out) = left_out {
            passes.push(Pass {
                stage: last,
                give_up: u64::MAX,
                left_out: Some(left_out),
            });
        }
        passes
    }

    /// The plan's sharing of a search of `stage`, without the deeper move pruner when its
    /// build would not fit beside the stage's tables under `budget`'s memory limit.
    fn sharing_for(&self, stage: &Stage, budget: &Budget) -> ida::Sharing {
        let deeper = self.peak_bytes(stage) + DEEPER_BUILD_BYTES;
        match budget.check_tables(deeper) {
            Ok(()) => self.sharing,
            Err(_) => ida::Sharing {
                deeper_from: u64::MAX,
                ..self.sharing
            },
        }
    }

    /// A short path for `any`, not always the least: weighted IDA* ([`Weighted`]) over the
    /// plan's stages up to the last one whose tables hold at most 4 Mi entries (5-5-5 on the
    /// 4×4, six 4-tile tables on the 5×5, tables of 1 Mi entries at most a group elsewhere):
    /// the stages before it with the first weight of [`GIVE_UP`]'s `any` rows for its nodes (an
    /// easy board waits for no larger table), then that one with each weight of its board's
    /// `any` rows of [`GIVE_UP`] in turn for its nodes. The path found is at most its weight
    /// times the least moves, plus one; `None` when the plan has no such tables or every search
    /// gives up.
    pub(crate) fn solve_near(
        &self,
        start: &[u8],
        budget: &Budget,
        notes: &dyn Notes,
    ) -> Result<Option<Solved>, LimitHit> {
        let n = self.puzzle.shape.cells();
        let small = |stage: &Stage| match &stage.kind {
            Kind::Pdb(groups) => {
                let layout = Layout::fitting(n, groups);
                layout.partition_entries(n, groups) <= NEAR_TABLE_ENTRIES
            }
            _ => false,
        };
        let Some(last) = self.stages.iter().rposition(small) else {
            return Ok(None);
        };
        let four = self.puzzle.shape.rows == 4 && self.puzzle.shape.cols == 4;
        let weights = if four {
            &GIVE_UP[NEAR_FOUR]
        } else {
            &GIVE_UP[NEAR_OTHER]
        };
        let first = &GIVE_UP[NEAR_FIRST..=NEAR_FIRST];
        let mut solved = Solved {
            moves: None,
            bounds: String::new(),
            bound: None,
            table: Duration::ZERO,
        };
        let mut names = Vec::new();
        for (i, stage) in self.stages[..=last].iter().enumerate() {
            let bound = self.bound_of(stage, budget, notes, &mut solved.table)?;
            let weights = if i == last { weights } else { first };
            // The last stage's searches are long: they prune with the puzzle's machine from
            // the start (Korf & Felner's 50: 1.317 times the least moves in 10 s without,
            // 1.290 in 6 s with).
            let deep_from = if i == last { 0 } else { ida::DEEP_FROM };
            let names = &mut names;
            solved.moves = match bound {
                Built::LinearConflict(bound) => {
                    self.weighted(bound, weights, start, budget, deep_from, names)?
                }
                Built::WalkingDistance(bound) => {
                    self.weighted(bound, weights, start, budget, deep_from, names)?
                }
                Built::Pdb(tables) => on_fixed!(tables, |bound| {
                    self.weighted(&bound, weights, start, budget, deep_from, names)?
                }),
                Built::Regions(bound) => {
                    self.weighted(bound, weights, start, budget, deep_from, names)?
                }
            };
            if solved.moves.is_some() {
                solved.bounds = names.join(" then ");
                return Ok(Some(solved));
            }
        }
        Ok(None)
    }

    /// The unit names of the plan's bounds ([`Plan::with_bound`]), weakest first.
    pub(crate) fn bound_names(&self) -> Vec<String> {
        self.stages
            .iter()
            .map(|stage| stage.kind.unit_name())
            .collect()
    }

    /// The bound and move pruner of the units of a search (`units`), fixed for all its
    /// rounds: the strongest of the plan's bounds whose tables fit `budget`'s memory
    /// limit at the peak of their build (else the first), by its unit name, and the
    /// depth of the deeper move pruner when its build fits beside them, else of the
    /// usual one. O(stages).
    pub(crate) fn unit_search(&self, budget: &Budget) -> (String, usize) {
        let fits = |bytes| budget.check_tables(bytes).is_ok();
        let stage = (self.stages.iter().rev())
            .find(|stage| fits(self.peak_bytes(stage)))
            .unwrap_or(&self.stages[0]);
        let deeper = fits(self.peak_bytes(stage) + DEEPER_BUILD_BYTES);
        let depth = MovePruner::depth_for(self.puzzle.shape.cells(), deeper);
        (stage.kind.unit_name(), depth)
    }

    /// Runs `job` with the plan's bound of unit name `name` (see [`Plan::bound_names`]),
    /// built on first use as [`Plan::solve`] builds it: `None` when the plan has no such
    /// bound.
    pub(crate) fn with_bound<J: BoundJob>(
        &self,
        name: &str,
        budget: &Budget,
        notes: &dyn Notes,
        job: J,
    ) -> Option<Result<J::Output, LimitHit>> {
        let stage = self.stages.iter().find(|s| s.kind.unit_name() == name)?;
        let puzzle = &self.puzzle;
        let mut table = Duration::ZERO;
        Some(
            self.bound_of(stage, budget, notes, &mut table)
                .map(|bound| match bound {
                    Built::LinearConflict(bound) => job.run(puzzle, bound),
                    Built::WalkingDistance(bound) => job.run(puzzle, bound),
                    Built::Pdb(tables) => on_fixed!(tables, |bound| job.run(puzzle, &bound)),
                    Built::Regions(bound) => job.run(puzzle, bound),
                }),
        )
    }

    /// The bytes the tables of `stage` hold at the peak of their build (0 for a bound
    /// without tables).
    fn peak_bytes(&self, stage: &Stage) -> usize {
        match &stage.kind {
            Kind::Pdb(groups) => {
                let n = self.puzzle.shape.cells();
                match self.layout(groups) {
                    Layout::Regions => RegionTables::bytes(n, groups, self.build_threads).1,
                    layout => Additive::peak_bytes(n, groups, layout),
                }
            }
            _ => 0,
        }
    }

    /// The layout of the tables of `groups`: [`Layout::fitting`], but not
    /// [`Layout::Regions`] with `--cache` (files hold tables of bytes).
    fn layout(&self, groups: &[Vec<u8>]) -> Layout {
        let layout = Layout::fitting(self.puzzle.shape.cells(), groups);
        match self.puzzle.shared.cache {
            Some(_) => layout.of_bytes(),
            None => layout,
        }
    }

    /// The bound of `stage`, built on first use once its tables' peak memory is found
    /// within `budget`'s limit (the time added to `table`); its advice, given once.
    fn bound_of<'p>(
        &'p self,
        stage: &'p Stage,
        budget: &Budget,
        notes: &dyn Notes,
        table: &mut Duration,
    ) -> Result<&'p Built, LimitHit> {
        if let Some(advice) = stage.advice {
            if !stage.advised.swap(true, Ordering::Relaxed) {
                match advice {
                    Advice::Advice(line) => notes.advise(line),
                    Advice::Note(line) => notes.note(line),
                }
            }
        }
        if stage.built.get().is_none() {
            budget.check_tables(self.peak_bytes(stage))?;
        }
        let built_at = Instant::now();
        let built = stage.built.get_or_make(|| {
            let built = self.build(&stage.kind, budget, notes);
            built.ok_or_else(|| budget.interruption())
        });
        *table += built_at.elapsed();
        built
    }

    /// Weighted IDA* over `bound` with each of `weights` (percent, nodes) in turn, the
    /// move pruner used from `deep_from` nodes (see [`ida::Sharing`]), the bounds tried
    /// named in `names`: the path found, or `None`.
    fn weighted<B: LowerBound>(
        &self,
        bound: &B,
        weights: &[GiveUp],
        start: &[u8],
        budget: &Budget,
        deep_from: u64,
        names: &mut Vec<String>,
    ) -> Result<Option<Vec<Move>>, LimitHit> {
        let sharing = ida::Sharing {
            deep_from,
            deeper_from: u64::MAX,
            ..self.sharing
        };
        for &GiveUp { percent, nodes, .. } in weights {
            let weighted = Weighted { bound, percent };
            names.push(weighted.name());
            let puzzle = &self.puzzle;
            // A weighted bound proves no floor.
            match ida::solve_sharing(puzzle, &weighted, start, budget, nodes, 0, sharing)? {
                ida::Outcome::Path(path) => return Ok(Some(path)),
                ida::Outcome::NoPath => return Ok(None),
                ida::Outcome::GaveUp(_) => {}
            }
        }
        Ok(None)
    }

    /// Builds the bound of a stage, saying so in `budget`'s stage for a status line;
    /// `None` when `budget`'s time limit stops the build of its tables.
    fn build(&self, kind: &Kind, budget: &Budget, notes: &dyn Notes) -> Option<Built> {
        let groups = match kind {
            Kind::LinearConflict => {
                return Some(Built::LinearConflict(LinearConflict::new(&self.puzzle)))
            }
            Kind::WalkingDistance => {
                return Some(Built::WalkingDistance(WalkingDistance::new(&self.puzzle)))
            }
            Kind::Pdb(groups) => groups,
        };
        let building = format!("building pdb {}", sizes_text(groups));
        budget.set_stage(building.clone());
        let layout = self.layout(groups);
        if layout == Layout::Regions {
            return Some(Built::Regions(self.region_tables(groups)));
        }
        let on_level = |depth| budget.set_stage(format!("{building}, level {depth}"));
        let work = TableWork {
            threads: self.build_threads,
            on_level: &on_level,
            notes,
            stop: &|| budget.interrupted(),
        };
        let cache = self.puzzle.shared.cache.as_deref();
        let built = Additive::with_cache(&self.puzzle, groups, layout, true, cache, &work);
        built.map(Built::Pdb)
    }

    /// The [`RegionTables`] of `groups` with reflection, their tables built on the
    /// plan's build threads, a group a thread at a time. Time: the largest share of
    /// [`regions::build`](super::regions::build)'s.
    fn region_tables(&self, groups: &[Vec<u8>]) -> RegionTables {
        let puzzle = &self.puzzle;
        let blank = puzzle.goal_at[0];
        let work = std::sync::Mutex::new(groups.iter().enumerate());
        let workers = self.build_threads.min(groups.len());
        let built = on_threads(workers, &|| {
            let mut built = Vec::new();
            while let Some((g, group)) = take(&work) {
                built.push((g, super::regions::build(puzzle, group, blank)));
            }
            built
        });
        let mut tables: Vec<_> = built.into_iter().flatten().collect();
        tables.sort_unstable_by_key(|&(g, _)| g);
        let tables = tables.into_iter().map(|(_, table)| table).collect();
        RegionTables::of_tables(puzzle, groups, tables, true)
    }
}

/// One search in solving by a plan: of its stage number `stage`, given up after
/// `give_up` nodes, after saying that the stage `left_out` is left out, if one is.
struct Pass {
    stage: usize,
    give_up: u64,
    left_out: Option<LeftOut>,
}

/// A stage left out of solving: stage number `stage`, whose tables would take `need_mib`
/// MiB at the peak of their build, over the limit of `mib`.
struct LeftOut {
    stage: usize,
    mib: usize,
    need_mib: usize,
}

impl LeftOut {
    /// Says once through `notes` that the search goes on without the tables of `stage`,
    /// the stage left out.
    fn tell(&self, stage: &Stage, notes: &dyn Notes) {
        if !stage.left_out.swap(true, Ordering::Relaxed) {
            let name = match &stage.kind {
                Kind::Pdb(groups) => sizes_text(groups),
                kind => kind.unit_name(),
            };
            let (need_mib, mib) = (self.need_mib, self.mib);
            notes.note(&format!(
                "note: the {name} tables would take {need_mib} MiB to build (--max-memory \
                 {mib}): the search goes on with smaller tables, more slowly"
            ));
        }
    }
}

/// One search of a stage ([`ida::solve_sharing`]): of `start` on `puzzle`, counted in
/// `budget`, given up after `give_up` nodes, its threshold at least `floor`, shared by
/// threads as `sharing` says.
struct StageSearch<'a> {
    puzzle: &'a Puzzle,
    start: &'a [u8],
    budget: &'a Budget,
    give_up: u64,
    floor: u32,
    sharing: ida::Sharing,
}

/// The bound's name and how `search` with it ended.
fn search_with<B: LowerBound>(
    bound: &B,
    search: &StageSearch,
) -> Result<(String, ida::Outcome), LimitHit> {
    let StageSearch {
        puzzle,
        start,
        budget,
        give_up,
        floor,
        sharing,
    } = *search;
    let outcome = ida::solve_sharing(puzzle, bound, start, budget, give_up, floor, sharing)?;
    Ok((bound.name(), outcome))
}

/// Group sizes for a board of `n` cells (10 ≤ n ≤ 32): as few groups as tables of at
/// most 2^20 entries allow (at most 6 tiles a group, at most 8 groups), sizes within
/// one.
fn group_sizes(n: usize) -> Vec<usize> {
    let tiles = n - 1;
    let k = (1..=6)
        .rev()
        .find(|&k| table_len(n, k) <= 1 << 20)
        .unwrap_or(1);
    let groups = (tiles + k - 1) / k;
    (0..groups)
        .map(|g| tiles / groups + usize::from(g < tiles % groups))
        .collect()
}
