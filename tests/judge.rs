//! Each program as a judge builds it: the file alone, with plain `rustc -O` in edition 2021
//! (the project's, for judges on Rust 1.70 and later) and in edition 2024 (Luogu's and
//! LeetCode's), no Cargo and no crate around it; then a sample through the result. Also the
//! edits the README tells a submitter to make, made here to the text, and LeetCode's block of
//! `five.rs` inside a wrapper like LeetCode's.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The smallest source limit of a judge that takes Rust: Codeforces' 64 KiB (HDU's 65,536
/// bytes is the same, though HDU takes no Rust).
const SMALLEST_LIMIT: u64 = 64 << 10;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where the judge builds go.
fn judge_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `source` alone with `rustc --edition {edition} -O` into the executable `name`,
/// checking that rustc neither fails nor warns.
fn compile(source: &Path, edition: &str, name: &str) -> PathBuf {
    let exe = judge_dir().join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiled = Command::new(rustc)
        .args(["--edition", edition, "-O", "-o"])
        .arg(&exe)
        .arg(source)
        .output()
        .expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&compiled.stderr);
    let shown = source.display();
    assert!(
        compiled.status.success(),
        "rustc --edition {edition} failed on {shown}:\n{diagnostics}"
    );
    assert!(
        diagnostics.is_empty(),
        "rustc --edition {edition} warns on {shown}:\n{diagnostics}"
    );
    exe
}

/// Checks that `exe args < input` prints the golden file `expected` (both in `inputs/`).
fn check_sample(exe: &Path, args: &[&str], input: &str, expected: &str) {
    let input = std::fs::read(root().join("inputs").join(input)).unwrap();
    let expected = std::fs::read_to_string(root().join("inputs").join(expected)).unwrap();
    let (code, stdout, stderr) = common::run_process(exe.to_str().unwrap(), args, input);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, expected);
}

/// Builds `src/bin/{name}.rs` alone in both editions and checks a sample through each build.
fn compile_alone_and_run(name: &str, args: &[&str], input: &str, expected: &str) {
    let source = root().join("src/bin").join(format!("{name}.rs"));
    for edition in ["2021", "2024"] {
        let exe = compile(&source, edition, &format!("{name}-{edition}"));
        check_sample(&exe, args, input, expected);
    }
}

#[test]
fn five_compiles_alone() {
    compile_alone_and_run(
        "five",
        &[],
        "five-many-leetcode.txt",
        "five-many-leetcode.out",
    );
}

#[test]
fn eight_compiles_alone() {
    compile_alone_and_run("eight", &["--path"], "1.txt", "1.path.out");
}

#[test]
fn fifteen_compiles_alone() {
    let args = ["--goal", "spiral"];
    compile_alone_and_run("fifteen", &args, "fifteen-p1379.txt", "fifteen-p1379.out");
}

/// The sizes the README's judge table relies on: `five.rs` and `eight.rs` fit every judge that
/// takes Rust. `fifteen.rs` changes size too often to pin here; its size is printed.
#[test]
fn sizes_fit_the_judges() {
    for name in ["five", "eight", "fifteen"] {
        let path = root().join("src/bin").join(format!("{name}.rs"));
        let size = std::fs::metadata(&path).unwrap().len();
        println!("{name}.rs: {size} bytes ({:.1} KiB)", size as f64 / 1024.0);
        if name != "fifteen" {
            assert!(
                size <= SMALLEST_LIMIT,
                "{name}.rs is {size} bytes, over Codeforces' {SMALLEST_LIMIT}"
            );
        }
    }
}

/// Builds `eight.rs` as a judge would, in `edition`, after the edit the README tells a
/// submitter to make (its one line `from` replaced by `to`), and checks that it prints the
/// golden file `expected` for `input` when run with no arguments, as a judge runs it.
fn eight_edited(from: &str, to: &str, edition: &str, input: &str, expected: &str) {
    let text = std::fs::read_to_string(root().join("src/bin/eight.rs")).unwrap();
    assert_eq!(
        text.matches(from).count(),
        1,
        "eight.rs holds `{from}` once"
    );
    let name = format!("eight-{}", input.trim_end_matches(".txt"));
    let source = judge_dir().join(format!("{name}.rs"));
    std::fs::write(&source, text.replacen(from, to, 1)).unwrap();
    let exe = compile(&source, edition, &name);
    check_sample(&exe, &[], input, expected);
}

/// Luogu P1379: the spiral as the default goal, built as Luogu builds Rust.
#[test]
fn eight_for_luogu_p1379() {
    let from = "pub const DEFAULT_GOAL: Board = STANDARD;";
    let to = "pub const DEFAULT_GOAL: Board = SPIRAL;";
    eight_edited(from, to, "2024", "eight-p1379.txt", "eight-p1379.out");
}

/// AcWing 179: paths by default.
#[test]
fn eight_for_acwing_179() {
    let from = "pub const DEFAULT_OUTPUT: Output = Output::Moves;";
    let to = "pub const DEFAULT_OUTPUT: Output = Output::Path;";
    eight_edited(from, to, "2021", "1.txt", "1.path.out");
}

/// The comment lines (`// ====… LeetCode 773: …`) that open and close LeetCode's block in
/// `five.rs`.
const LEETCODE_FROM: &str = "LeetCode 773: paste from here";
const LEETCODE_TO: &str = "LeetCode 773: to here";

/// LeetCode 773: the block of `five.rs` between its markers, as pasted into LeetCode's editor,
/// which declares `struct Solution;` and calls `Solution::sliding_puzzle` on the judge's samples.
#[test]
fn five_leetcode_block_pastes_alone() {
    let five = std::fs::read_to_string(root().join("src/bin/five.rs")).unwrap();
    let lines: Vec<&str> = five.lines().collect();
    let marker = |text: &str| {
        let found: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("// =") && lines[i].contains(text))
            .collect();
        assert_eq!(found.len(), 1, "five.rs has one line `{text}`");
        found[0]
    };
    let (from, to) = (marker(LEETCODE_FROM), marker(LEETCODE_TO));
    assert!(from < to, "the block opens before it closes");
    let block = lines[from + 1..to].join("\n");
    let program = format!(
        "struct Solution;\n\n{block}\n\nfn main() {{\n    {}\n}}\n",
        [
            "println!(\"{}\", Solution::sliding_puzzle(vec![vec![1, 2, 3], vec![4, 0, 5]]));",
            "println!(\"{}\", Solution::sliding_puzzle(vec![vec![1, 2, 3], vec![5, 4, 0]]));",
            "println!(\"{}\", Solution::sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]));",
            "println!(\"{}\", Solution::sliding_puzzle(vec![vec![3, 2, 4], vec![1, 5, 0]]));",
        ]
        .join("\n    ")
    );
    let source = judge_dir().join("five-leetcode.rs");
    std::fs::write(&source, program).unwrap();
    let exe = compile(&source, "2024", "five-leetcode");
    let (code, stdout, stderr) = common::run_process(exe.to_str().unwrap(), &[], Vec::new());
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, "1\n-1\n5\n14\n");
}
