//! `fifteen` per search and board: `ida` on 3×3 and on easy and middling Korf instances, `astar`
//! over both maps and `bfs` on 3×3, `any` on large boards; the bound's tables apart: the build
//! of each 4×4 partition's tables, and IDA* with each on a few of Korf's instances; one 6-tile
//! table on 1 and 2 threads; one board's IDA* on one thread and shared by two.

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion,
};

#[allow(dead_code)]
#[path = "../src/bin/fifteen/main.rs"]
mod fifteen;

use fifteen::board::Shape;
use fifteen::goal::{is_reachable, spiral};
use fifteen::search::bound::{LinearConflict, LowerBound};
use fifteen::search::pdb::additive::{on_fixed, Additive, Fixed};
use fifteen::search::pdb::build::build_table;
use fifteen::search::pdb::layout::Layout;
use fifteen::search::pdb::TableWork;
use fifteen::search::plan::P663;
use fifteen::search::regions::{by_symmetry, RegionTables, P4443, P555};
use fifteen::search::{ida, Budget, Limits, Puzzle};
use fifteen::solve::{Algorithm, MapKind, Settings, Solver, Stored};

/// A board of `shape` and its goal.
struct Case {
    name: &'static str,
    shape: Shape,
    board: Vec<u32>,
    goal: Vec<u32>,
}

fn standard(shape: Shape) -> Vec<u32> {
    let n = shape.cells() as u32;
    (1..n).chain(Some(0)).collect()
}

fn case(name: &'static str, rows: usize, cols: usize, board: &[u32]) -> Case {
    let shape = Shape { rows, cols };
    Case {
        name,
        shape,
        board: board.to_vec(),
        goal: standard(shape),
    }
}

/// A random board that reaches the standard goal (xorshift shuffle, two tiles swapped if needed).
fn random_case(name: &'static str, rows: usize, cols: usize) -> Case {
    let shape = Shape { rows, cols };
    let goal = standard(shape);
    let mut board = goal.clone();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..board.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        board.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    if !is_reachable(shape, &board, &goal) {
        let tiles: Vec<usize> = (0..board.len()).filter(|&p| board[p] != 0).collect();
        board.swap(tiles[0], tiles[1]);
    }
    Case {
        name,
        shape,
        board,
        goal,
    }
}

fn bench(c: &mut Criterion, cases: &[Case], algorithm: Algorithm, map: MapKind, label: &str) {
    let settings = Settings {
        algorithm,
        map,
        ..Settings::default()
    };
    let mut group = c.benchmark_group("fifteen");
    if cases.iter().any(|case| case.shape.cells() > 9) {
        group.sample_size(10);
    }
    // One solver for all iterations: tables built in the first, as in a batch.
    let solver = Solver::new(settings, cases.len(), 1);
    for case in cases {
        let board = fifteen::parse::Case {
            shape: case.shape,
            cells: case.board.clone(),
        };
        group.bench_with_input(BenchmarkId::new(label, case.name), case, |b, case| {
            b.iter(|| solver.solve_case(black_box(&board), &case.goal, 1, &()))
        });
    }
    group.finish();
}

fn fifteen(c: &mut Criterion) {
    let three = Shape { rows: 3, cols: 3 };
    let small = [
        case("3x3 31 moves", 3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]),
        Case {
            name: "3x3 P1379 spiral",
            shape: three,
            board: vec![2, 8, 3, 1, 0, 4, 7, 6, 5],
            goal: spiral(three),
        },
    ];
    let korf = [
        case(
            "Korf #79 (42 moves)",
            4,
            4,
            &[1, 6, 10, 8, 14, 12, 4, 2, 13, 11, 3, 5, 9, 7, 15, 0],
        ),
        case(
            "Korf #1 (57 moves)",
            4,
            4,
            &[13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2],
        ),
    ];
    let large = [
        random_case("10x10", 10, 10),
        random_case("100x100", 100, 100),
    ];
    bench(c, &small, Algorithm::Ida, MapKind::Hash, "ida");
    bench(c, &korf, Algorithm::Ida, MapKind::Hash, "ida");
    bench(
        c,
        &small[..1],
        Algorithm::Stored(Stored::Astar),
        MapKind::Hash,
        "astar hash",
    );
    bench(
        c,
        &small[..1],
        Algorithm::Stored(Stored::Astar),
        MapKind::BTree,
        "astar btree",
    );
    bench(
        c,
        &small[..1],
        Algorithm::Stored(Stored::Bfs),
        MapKind::Hash,
        "bfs hash",
    );
    bench(c, &large, Algorithm::Any, MapKind::Hash, "any");
    let mut group = c.benchmark_group("fifteen");
    let four = Shape { rows: 4, cols: 4 };
    let goal: Vec<u8> = standard(four).iter().map(|&t| t as u8).collect();
    group.bench_function("table/linear conflict 4x4", |b| {
        b.iter(|| LinearConflict::new(&Puzzle::new(four, black_box(goal.clone()))))
    });
    group.finish();
    partitions(c, &korf);
    shared(c);
}

/// Each 4×4 partition (with reflection) in the layout the program gives it (5-5-5 also without
/// the blank's regions): its tables' build, and IDA* with them on `korf`.
fn partitions(c: &mut Criterion, korf: &[Case]) {
    let four = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(four, standard(four).iter().map(|&t| t as u8).collect());
    let mut group = c.benchmark_group("fifteen pdb");
    group.sample_size(10);
    for (name, frame, layout) in [
        ("3-4-4-4", &P4443[..], None),
        ("5-5-5", &P555[..], None),
        ("5-5-5 spread", &P555[..], Some(Layout::Spread)),
        ("6-6-3", &P663[..], None),
    ] {
        let groups = by_symmetry(&puzzle, 0, frame).expect("a corner blank");
        let layout = layout.unwrap_or_else(|| Layout::fitting(16, &groups));
        if layout == Layout::Regions {
            let build = || RegionTables::new(&puzzle, &groups, true);
            group.bench_function(BenchmarkId::new("build", name), |b| {
                b.iter(|| black_box(build()))
            });
            search_cases(&mut group, &puzzle, name, korf, &build());
            continue;
        }
        let quiet = TableWork::quiet();
        let build = || {
            let built = Additive::with_cache(&puzzle, &groups, layout, true, None, &quiet);
            built.expect("a quiet build never stops")
        };
        group.bench_function(BenchmarkId::new("build", name), |b| {
            b.iter(|| black_box(build()))
        });
        // As `fifteen` searches: over the tables' layout fixed at compile time.
        on_fixed!(&build(), |bound| search_cases(
            &mut group, &puzzle, name, korf, &bound
        ));
    }
    group.finish();
}

/// IDA* with `bound` on each of the `korf` cases, in `group` under `name`.
fn search_cases<B: LowerBound>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    puzzle: &Puzzle,
    name: &str,
    korf: &[Case],
    bound: &B,
) {
    let limits = Limits {
        max_nodes: None,
        time_limit: None,
        max_memory_mib: 1,
    };
    for case in korf {
        let board: Vec<u8> = case.board.iter().map(|&t| t as u8).collect();
        group.bench_with_input(BenchmarkId::new(name, case.name), &board, |b, board| {
            b.iter(|| {
                ida::solve(
                    puzzle,
                    bound,
                    black_box(board),
                    &Budget::new(limits),
                    u64::MAX,
                    1,
                )
            })
        });
    }
}

/// One board's IDA* with 5-5-5 tables and reflection on 1 and 2 threads (iterations after one
/// of 2^20 nodes shared): the speedup of `--jobs 2` on a single case, tables apart.
fn shared(c: &mut Criterion) {
    let four = Shape { rows: 4, cols: 4 };
    let puzzle = Puzzle::new(four, standard(four).iter().map(|&t| t as u8).collect());
    let groups = by_symmetry(&puzzle, 0, &P555).expect("a corner blank");
    let tables = Additive::new(&puzzle, &groups, true);
    let limits = Limits {
        max_nodes: None,
        time_limit: None,
        max_memory_mib: 1,
    };
    // Korf #60 and #88 of the blank-last file: about 8 M nodes each with these tables.
    let boards: [(&str, [u8; 16]); 2] = [
        (
            "Korf #60",
            [0, 8, 10, 6, 11, 7, 9, 1, 12, 4, 13, 14, 15, 3, 2, 5],
        ),
        (
            "Korf #88",
            [12, 10, 6, 0, 9, 8, 13, 15, 11, 7, 3, 2, 5, 4, 14, 1],
        ),
    ];
    let mut group = c.benchmark_group("fifteen shared");
    group.sample_size(10);
    for (name, board) in boards {
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("{threads} threads"), name);
            group.bench_with_input(id, &board, |b, board| {
                b.iter(|| {
                    let budget = Budget::new(limits);
                    on_fixed!(&tables, |bound| ida::solve(
                        &puzzle,
                        &bound,
                        black_box(board),
                        &budget,
                        u64::MAX,
                        threads,
                    ))
                })
            });
        }
    }
    // One 6-tile table on 1 and 2 threads, by rank and spread.
    let six = &by_symmetry(&puzzle, 0, &P663).expect("a corner blank")[1];
    for (name, layout) in [("rank", Layout::Rank), ("spread", Layout::Spread)] {
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("table 6 tiles {name}, threads"), threads);
            group.bench_function(id, |b| {
                let (group, blank) = (black_box(&six[..]), puzzle.goal_at[0]);
                let work = TableWork {
                    threads,
                    ..TableWork::quiet()
                };
                b.iter(|| build_table(&puzzle, group, blank, layout, &work))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, fifteen);
criterion_main!(benches);
