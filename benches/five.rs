//! `five` per board and per batch; the table apart from the search.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

#[allow(dead_code)]
#[path = "../src/bin/five.rs"]
mod five;

#[path = "../tests/common/mod.rs"]
mod common;

fn five(c: &mut Criterion) {
    let mut group = c.benchmark_group("five");
    group.bench_function("table", |b| b.iter(five::Solver::new));
    let solver = five::Solver::new();
    let boards: [(&str, five::Board); 3] = [
        ("sample", [1, 2, 3, 4, 0, 5]),
        ("hardest", [4, 5, 0, 1, 2, 3]),
        ("unsolvable", [1, 2, 3, 5, 4, 0]),
    ];
    for (name, board) in boards {
        group.bench_with_input(BenchmarkId::new("moves", name), &board, |b, board| {
            b.iter(|| solver.moves(black_box(board)))
        });
        group.bench_with_input(BenchmarkId::new("path", name), &board, |b, board| {
            b.iter(|| solver.path(black_box(board)))
        });
    }
    let all: String = common::permutations::<u8>(6)
        .iter()
        .map(|b| format!("{b:?}\n"))
        .collect();
    group.bench_function("run/720 boards", |b| {
        let (moves, whole) = (five::Output::Moves, five::Reading::Whole);
        b.iter(|| five::run(all.as_bytes(), &mut Vec::new(), moves, whole))
    });
    group.finish();
}

criterion_group!(benches, five);
criterion_main!(benches);
