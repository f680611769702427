//! Golden-file tests: every line of every `inputs/*.golden` manifest is a shell command, run
//! from `inputs/`, of the form
//!
//! ```text
//! PROGRAM [ARGS…] < INPUT > STDOUT [2> STDERR] [# exit CODE]
//! ```
//!
//! The harness (`tests/common/golden.rs`) runs the real binary with INPUT on stdin and checks
//! stdout against the file STDOUT, stderr against the file STDERR (empty when there is none)
//! and the exit code against CODE (0 when there is none). Adding a case is adding its files and
//! a line; every file in `inputs/` must be named by some line, as a redirection or an
//! argument. The lines of `NAME.slow.golden` (seconds each) run in the second tier of tests.
//! `BLESS=1 cargo test --test golden -- --include-ignored` rewrites the expected files from
//! what the programs print, for review with `git diff`.

mod common;

use common::golden::{cases, check_all, inputs_dir};
use std::collections::BTreeSet;
use std::fs;

/// The binaries the manifests may name.
fn program(name: &str) -> Option<&'static str> {
    match name {
        "five" => Some(env!("CARGO_BIN_EXE_five")),
        "eight" => Some(env!("CARGO_BIN_EXE_eight")),
        "fifteen" => Some(env!("CARGO_BIN_EXE_fifteen")),
        _ => None,
    }
}

#[test]
fn golden_files() {
    let bless = std::env::var_os("BLESS").is_some();
    let quick: Vec<_> = cases().into_iter().filter(|case| !case.slow).collect();
    check_all(&quick, program, bless);
}

/// The cases of the manifests `NAME.slow.golden`, which take seconds each.
#[test]
#[ignore = "tier 2: about 25 s"]
fn slow_golden_files() {
    let bless = std::env::var_os("BLESS").is_some();
    let slow: Vec<_> = cases().into_iter().filter(|case| case.slow).collect();
    assert!(!slow.is_empty(), "no slow manifest");
    check_all(&slow, program, bless);
}

#[test]
fn every_input_file_is_checked() {
    let cases = cases();
    let named: BTreeSet<&String> = cases.iter().flat_map(|case| case.files()).collect();
    let unnamed: Vec<String> = fs::read_dir(inputs_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".golden") && !named.contains(name))
        .collect();
    assert!(
        unnamed.is_empty(),
        "files in inputs/ that no manifest line names: {unnamed:?}"
    );
}

/// Arguments cannot be written in a manifest when they are not UTF-8: every program must
/// refuse one as bad usage (exit 2), not panic; `five` and `eight`, which take a file
/// argument, a file name too.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_bad_usage() {
    use std::os::unix::ffi::OsStrExt;
    let cases = [
        ("five", &b"--\xff"[..]),
        ("eight", b"--\xff"),
        ("fifteen", b"--\xff"),
        ("five", b"\xff.txt"),
        ("eight", b"\xff.txt"),
    ];
    for (name, arg) in cases {
        let exe = program(name).unwrap();
        let output = std::process::Command::new(exe)
            .arg(std::ffi::OsStr::from_bytes(arg))
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the program runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.starts_with("error: "), "{name}: {stderr}");
    }
}
