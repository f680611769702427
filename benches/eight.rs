//! `eight` per board, by IDA* and by the table; the table's construction apart; a batch of
//! every arrangement.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

#[allow(dead_code)]
#[path = "../src/bin/eight.rs"]
mod eight;

#[path = "../tests/common/mod.rs"]
mod common;

fn eight(c: &mut Criterion) {
    let mut group = c.benchmark_group("eight");
    let boards: [(&str, eight::Board); 4] = [
        ("sample", [2, 3, 4, 1, 5, 0, 7, 6, 8]),
        ("31 moves a", [8, 6, 7, 2, 5, 4, 3, 0, 1]),
        ("31 moves b", [6, 4, 7, 8, 5, 0, 3, 2, 1]),
        ("unsolvable", [1, 2, 3, 4, 5, 6, 8, 7, 0]),
    ];
    for (name, board) in boards {
        group.bench_with_input(BenchmarkId::new("solver", name), &board, |b, board| {
            b.iter(|| eight::Solver::new(eight::STANDARD).path(black_box(board)))
        });
    }
    let spiral: [(&str, eight::Board); 2] = [
        ("P1379 sample", [2, 8, 3, 1, 0, 4, 7, 6, 5]),
        ("most nodes", [3, 2, 0, 4, 7, 1, 5, 6, 8]),
    ];
    for (name, board) in spiral {
        let id = BenchmarkId::new("solver spiral", name);
        group.bench_with_input(id, &board, |b, board| {
            b.iter(|| eight::Solver::new(eight::SPIRAL).path(black_box(board)))
        });
    }
    let table = eight::Table::new(&eight::STANDARD);
    for (name, board) in boards {
        group.bench_with_input(BenchmarkId::new("table path", name), &board, |b, board| {
            b.iter(|| table.path(black_box(board)))
        });
    }
    group.sample_size(10);
    group.bench_function("table", |b| b.iter(|| eight::Table::new(&eight::STANDARD)));
    let all = common::eight_notation(&common::permutations(9));
    group.bench_function("run/362880 boards", |b| {
        let options = eight::Options {
            output: eight::Output::Moves,
            goal: eight::STANDARD,
        };
        let whole = eight::Reading::Whole;
        b.iter(|| eight::run(all.as_bytes(), &mut Vec::new(), options, whole))
    });
    group.finish();
}

criterion_group!(benches, eight);
criterion_main!(benches);
