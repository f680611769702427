//! The golden manifests: every line of every `inputs/*.golden` file is a shell command, run
//! from `inputs/`, of the form
//!
//! ```text
//! PROGRAM [ARGS…] < INPUT > STDOUT [2> STDERR] [# exit CODE]
//! ```
//!
//! A case passes when the program, run with INPUT on stdin, prints the file STDOUT on stdout,
//! the file STDERR on stderr (nothing when there is none) and exits with CODE (0 when there is
//! none); arguments may name files of `inputs/` too. `tests/golden.rs` runs every line
//! against Cargo's binaries; `tests/judge.rs` runs the lines of `fifteen` against the single
//! file for judges, built alone.

use std::fs;
use std::path::{Path, PathBuf};

/// One manifest line.
#[derive(Debug)]
pub struct Case {
    /// Where it was written: `manifest:line`.
    pub origin: String,
    /// Whether its manifest is a slow one, `NAME.slow.golden`: its cases run in the second
    /// tier of tests.
    pub slow: bool,
    /// The command as written, without its comment.
    pub command: String,
    pub program: String,
    pub args: Vec<String>,
    pub stdin: String,
    pub stdout: String,
    pub stderr: Option<String>,
    pub exit: i32,
}

impl Case {
    /// The words of the line that may name files of `inputs/`: INPUT, STDOUT, STDERR and
    /// the arguments (`fifteen --check INPUT OUTPUT ANSWER` names three).
    pub fn files(&self) -> impl Iterator<Item = &String> {
        let redirected = [Some(&self.stdin), Some(&self.stdout), self.stderr.as_ref()];
        redirected.into_iter().flatten().chain(&self.args)
    }
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
        slow: false,
        command: command.trim().to_string(),
        program,
        args,
        stdin: stdin.ok_or_else(|| format!("{origin}: no `< INPUT`"))?,
        stdout: stdout.ok_or_else(|| format!("{origin}: no `> STDOUT`"))?,
        stderr,
        exit,
    })
}

/// The folder of the manifests, the inputs and the expected outputs.
pub fn inputs_dir() -> PathBuf {
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

/// Every case of every manifest, in the manifests' order (sorted by name) and each one's.
///
/// # Panics
///
/// When a line cannot be read as a case: all such lines are named.
pub fn cases() -> Vec<Case> {
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
                Ok(case) => cases.push(Case {
                    slow: name.ends_with(".slow.golden"),
                    ..case
                }),
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

/// Runs `case` with the executable `exe` in `inputs/` and returns what differs from the
/// expected files, as blocks for a person to read; `None` when nothing does. With `bless`,
/// first rewrites the expected files from what the program printed.
pub fn check(case: &Case, exe: &str, bless: bool) -> Option<String> {
    let dir = inputs_dir();
    let stdin = match fs::read(dir.join(&case.stdin)) {
        Ok(bytes) => bytes,
        Err(e) => return Some(format!("{}: cannot read {}: {e}", case.origin, case.stdin)),
    };
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = super::run_in(&dir, exe, &args, stdin);
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

/// Checks every case of `cases` with the executable that `exe` names for its program (`None`:
/// an unknown program, a failure), and fails with every difference at once.
pub fn check_all<'a, 'e>(
    cases: impl IntoIterator<Item = &'a Case>,
    exe: impl Fn(&str) -> Option<&'e str>,
    bless: bool,
) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases {
        checked += 1;
        let report = match exe(&case.program) {
            Some(exe) => check(case, exe, bless),
            None => Some(format!(
                "{}: unknown program `{}`",
                case.origin, case.program
            )),
        };
        failures.extend(report);
    }
    assert!(checked > 0, "no golden cases to check in inputs/*.golden");
    assert!(
        failures.is_empty(),
        "{} of {checked} golden cases failed:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}
