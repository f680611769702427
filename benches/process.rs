//! Whole-process time, side by side with an empty Rust binary (`fn main() {}` built by
//! `rustc -O`): what a judge measures. Read the figures as ratios to `empty`, since the machines
//! are noisy. Large inputs are written to files first, outside the timed part.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "../tests/common/mod.rs"]
mod common;

/// An empty binary, built once with plain `rustc -O`.
fn empty_binary(dir: &Path) -> PathBuf {
    let source = dir.join("empty.rs");
    let exe = dir.join("empty");
    std::fs::write(&source, "fn main() {}\n").unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let built = Command::new(rustc)
        .arg("-O")
        .arg("-o")
        .arg(&exe)
        .arg(&source)
        .status();
    assert!(built.unwrap().success(), "rustc builds the empty binary");
    exe
}

/// Runs `exe args < input` to the end, its output discarded.
fn run(exe: &Path, args: &[&str], input: &Path) {
    let status = Command::new(exe)
        .args(args)
        .stdin(File::open(input).unwrap())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

fn process(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("process");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let empty = empty_binary(&dir);
    let five = Path::new(env!("CARGO_BIN_EXE_five"));
    let eight = Path::new(env!("CARGO_BIN_EXE_eight"));
    let fifteen = Path::new(env!("CARGO_BIN_EXE_fifteen"));
    let five_board = write("five-board.txt", "[[4,5,0],[1,2,3]]\n".into());
    let five_many = write("five-many.txt", "[[4,1,2],[5,0,3]]\n".repeat(100_000));
    let sample = write("eight-sample.txt", "2 3 4 1 5 x 7 6 8\n".into());
    let hardest_a = write("eight-31a.txt", "8 6 7 2 5 4 3 x 1\n".into());
    let hardest_b = write("eight-31b.txt", "6 4 7 8 5 x 3 2 1\n".into());
    let unsolvable = write("eight-unsolvable.txt", "1 2 3 4 5 6 8 7 x\n".into());
    let spiral_most = write("eight-spiral-most.txt", "3 2 x 4 7 1 5 6 8\n".into());
    let fifteen_31 = write("fifteen-31.txt", "3\n8 6 7 2 5 4 3 0 1\n".into());
    let spiral_30 = write("fifteen-spiral-30.txt", "3\n0 2 1 3 5 8 4 6 7\n".into());
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs");
    let (korf8, p1379, p1379_eight) = (
        inputs.join("fifteen-korf8.txt"),
        inputs.join("fifteen-p1379.txt"),
        inputs.join("eight-p1379.txt"),
    );
    let all = write(
        "eight-all.txt",
        common::eight_notation(&common::permutations(9)),
    );

    let mut group = c.benchmark_group("process");
    group.bench_function("empty", |b| b.iter(|| run(&empty, &[], &five_board)));
    let spiral_goal: &[&str] = &["--goal", "spiral"];
    let cases: [(&str, &Path, &[&str], &Path); 12] = [
        ("five 21 moves", five, &[], &five_board),
        ("eight sample", eight, &[], &sample),
        ("eight 31 moves a", eight, &[], &hardest_a),
        ("eight 31 moves b", eight, &[], &hardest_b),
        ("eight unsolvable", eight, &[], &unsolvable),
        ("eight --path 31 moves a", eight, &["--path"], &hardest_a),
        ("eight P1379 spiral", eight, spiral_goal, &p1379_eight),
        ("eight spiral most nodes", eight, spiral_goal, &spiral_most),
        ("fifteen 3x3 31 moves", fifteen, &[], &fifteen_31),
        (
            "fifteen 3x3 spiral 30 moves",
            fifteen,
            &["--goal", "spiral"],
            &spiral_30,
        ),
        (
            "fifteen P1379 spiral",
            fifteen,
            &["--goal", "spiral"],
            &p1379,
        ),
        ("fifteen 4x4 Korf 8 (50 moves)", fifteen, &[], &korf8),
    ];
    for (name, exe, args, input) in cases {
        group.bench_function(name, |b| b.iter(|| run(exe, args, input)));
    }
    group.sample_size(10);
    group.bench_with_input(
        BenchmarkId::new("five", "100000 boards"),
        &five_many,
        |b, input| b.iter(|| run(five, &[], input)),
    );
    group.bench_with_input(
        BenchmarkId::new("eight", "362880 boards"),
        &all,
        |b, input| b.iter(|| run(eight, &[], input)),
    );
    group.finish();
}

criterion_group!(benches, process);
criterion_main!(benches);
