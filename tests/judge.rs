//! Each program as a judge builds it: the file alone, with plain `rustc --edition 2021 -O`, no
//! Cargo and no crate around it; then a sample through the result.

mod common;

use std::path::Path;
use std::process::Command;

/// Builds `src/bin/{name}.rs` alone and checks that `name args < input` prints the golden file
/// `expected` (both in `inputs/`).
fn compile_alone_and_run(name: &str, args: &[&str], input: &str, expected: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiled = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(root.join("src/bin").join(format!("{name}.rs")))
        .output()
        .expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&compiled.stderr);
    assert!(
        compiled.status.success(),
        "rustc failed on {name}.rs:\n{diagnostics}"
    );
    assert!(
        diagnostics.is_empty(),
        "rustc warns on {name}.rs:\n{diagnostics}"
    );
    let input = std::fs::read(root.join("inputs").join(input)).unwrap();
    let expected = std::fs::read_to_string(root.join("inputs").join(expected)).unwrap();
    let (code, stdout, stderr) = common::run_process(exe.to_str().unwrap(), args, input);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, expected);
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
