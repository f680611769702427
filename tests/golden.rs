//! Golden-file tests: every line of every `inputs/*.golden` manifest is a shell command, run
//! from `inputs/`, of the form
//!
//! ```text
//! PROGRAM [ARGS…] < INPUT > STDOUT [2> STDERR] [# exit CODE]
//! ```
//!
//! The harness runs the real binary with INPUT on stdin and checks stdout against the file
//! STDOUT, stderr against the file STDERR (empty when there is none) and the exit code against
//! CODE (0 when there is none). Adding a case is adding its files and a line; every file in
//! `inputs/` must be named by some line. `BLESS=1 cargo test --test golden` rewrites the expected
//! files from what the programs print, for review with `git diff`.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The binaries the manifests may name.
fn program(name: &str) -> Option<&'static str> {
    match name {
        "five" => Some(env!("CARGO_BIN_EXE_five")),
        "eight" => Some(env!("CARGO_BIN_EXE_eight")),
        "fifteen" => Some(env!("CARGO_BIN_EXE_fifteen")),
        _ => None,
    }
}

/// One manifest line.
#[derive(Debug)]
struct Case {
    /// Where it was written: `manifest:line`.
    origin: String,
    command: String,
    program: String,
    args: Vec<String>,
    stdin: String,
    stdout: String,
    stderr: Option<String>,
    exit: i32,
}

/// Splits a command into shell words: blanks separate, single and double quotes group.
fn words(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err("unclosed quote".into());
    }
    words.extend(word);
    Ok(words)
}

fn parse_line(origin: String, line: &str) -> Result<Case, String> {
    let (command, comment) = line.split_once('#').unwrap_or((line, ""));
    let exit = match comment.trim() {
        "" => 0,
        comment => comment
            .strip_prefix("exit ")
            .and_then(|code| code.trim().parse().ok())
            .ok_or_else(|| format!("{origin}: comment must be `# exit CODE`"))?,
    };
    let mut words = words(command)
        .map_err(|e| format!("{origin}: {e}"))?
        .into_iter();
    let program = words
        .next()
        .ok_or_else(|| format!("{origin}: no program"))?;
    let (mut args, mut stdin, mut stdout, mut stderr) = (Vec::new(), None, None, None);
    while let Some(word) = words.next() {
        let slot = match word.as_str() {
            "<" => &mut stdin,
            ">" => &mut stdout,
            "2>" => &mut stderr,
            _ => {
                args.push(word);
                continue;
            }
        };
        let file = words
            .next()
            .ok_or_else(|| format!("{origin}: `{word}` needs a file"))?;
        *slot = Some(file);
    }
    Ok(Case {
        origin: origin.clone(),
        command: command.trim().to_string(),
        program,
        args,
        stdin: stdin.ok_or_else(|| format!("{origin}: no `< INPUT`"))?,
        stdout: stdout.ok_or_else(|| format!("{origin}: no `> STDOUT`"))?,
        stderr,
        exit,
    })
}

fn inputs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs")
}

fn manifests() -> Vec<PathBuf> {
    let mut manifests: Vec<PathBuf> = fs::read_dir(inputs_dir())
        .expect("inputs/ is readable")
        .map(|entry| entry.expect("inputs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "golden"))
        .collect();
    manifests.sort();
    manifests
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut problems = Vec::new();
    for manifest in manifests() {
        let name = manifest.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&manifest).expect("manifest is readable");
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match parse_line(format!("{name}:{}", i + 1), line) {
                Ok(case) => cases.push(case),
                Err(problem) => problems.push(problem),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "bad manifest lines:\n{}",
        problems.join("\n")
    );
    cases
}

fn block(label: &str, bytes: &[u8]) -> String {
    format!("{label}:\n```\n{}```\n", String::from_utf8_lossy(bytes))
}

/// Checks one case; returns what differs, or rewrites the expected files when blessing.
fn check(case: &Case, bless: bool) -> Option<String> {
    let dir = inputs_dir();
    let exe = match program(&case.program) {
        Some(exe) => exe,
        None => {
            return Some(format!(
                "{}: unknown program `{}`",
                case.origin, case.program
            ))
        }
    };
    let stdin = match fs::read(dir.join(&case.stdin)) {
        Ok(bytes) => bytes,
        Err(e) => return Some(format!("{}: cannot read {}: {e}", case.origin, case.stdin)),
    };
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = common::run_in(&dir, exe, &args, stdin);
    if bless {
        fs::write(dir.join(&case.stdout), &stdout).unwrap();
        if let Some(file) = &case.stderr {
            fs::write(dir.join(file), &stderr).unwrap();
        }
    }
    let expected =
        |file: &str| fs::read(dir.join(file)).unwrap_or_else(|_| b"(missing)\n".to_vec());
    let want_stdout = expected(&case.stdout);
    let want_stderr = case.stderr.as_deref().map_or_else(Vec::new, expected);
    if (code, &stdout, &stderr) == (case.exit, &want_stdout, &want_stderr) {
        return None;
    }
    let mut report = format!("{}: {}\n", case.origin, case.command);
    if code != case.exit {
        report += &format!(
            "exit code: expected {}, got {code}\n{}",
            case.exit,
            block("stderr", &stderr)
        );
    }
    if stdout != want_stdout {
        report += &block("expected stdout", &want_stdout);
        report += &block("actual stdout", &stdout);
    }
    if stderr != want_stderr {
        report += &block("expected stderr", &want_stderr);
        report += &block("actual stderr", &stderr);
    }
    Some(report)
}

#[test]
fn golden_files() {
    let bless = std::env::var_os("BLESS").is_some();
    let cases = cases();
    assert!(
        !cases.is_empty(),
        "no golden cases found in inputs/*.golden"
    );
    let failures: Vec<String> = cases.iter().filter_map(|case| check(case, bless)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} golden cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_input_file_is_checked() {
    let named: BTreeSet<String> = cases()
        .into_iter()
        .flat_map(|case| [Some(case.stdin), Some(case.stdout), case.stderr])
        .flatten()
        .collect();
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
/// refuse one as bad usage (exit 2), not panic.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_bad_usage() {
    use std::os::unix::ffi::OsStrExt;
    for name in ["five", "eight", "fifteen"] {
        let exe = program(name).unwrap();
        let output = std::process::Command::new(exe)
            .arg(std::ffi::OsStr::from_bytes(b"--\xff"))
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the program runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.starts_with("error: "), "{name}: {stderr}");
    }
}
