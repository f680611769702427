//! Each file the README says to give a judge, built as a judge builds it: the file alone with plain
//! `rustc`, no Cargo and no crate around it, in each edition a judge may pass (2015, the
//! default of a `rustc` given none, to 2024), with this toolchain's `rustc` and any older
//! one installed (`/usr/bin/rustc`, Debian's `rustc-web`; more in `JUDGE_RUSTC`, paths
//! separated by `:`), and once with `-O`, warning-free; then its samples through every
//! build. The files: `five.rs` (and LeetCode's block of it in a wrapper like LeetCode's),
//! `eight.rs` with each edit its comments tell a submitter to make, and `fifteen`'s judge
//! edition, generated here from its tree into `target/judge/fifteen-judge.rs`
//! (`tests/common/bundle.rs`), with each problem of its `Problem` picked. The edits made are
//! read from the files themselves, and the README names the same ones. The judge edition's
//! size is printed and held under [`MOST_BYTES`]: `cargo test --test judge -- --nocapture`
//! shows it.

mod common;

use common::{bundle, golden};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The editions a judge may build a file in.
const EDITIONS: [&str; 4] = ["2015", "2018", "2021", "2024"];

/// The oldest Rust the judge files are written for: the crate's `rust-version`.
const RUST_VERSION: (u32, u32) = (1, 70);

/// The most bytes of the judge edition after any documented edit, so that it stays under
/// every judge's source limit with room for the tree to grow (Codeforces takes 64 KiB).
const MOST_BYTES: usize = 56 << 10;

/// The size the judge edition aims at, printed beside the limit.
const AIMED_BYTES: usize = 48 << 10;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where the judge builds go.
fn judge_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A `rustc` to build the judge files with.
struct Compiler {
    command: String,
    /// Its version as `rustc --version` prints it.
    version: String,
    /// A name for file names: `current` or `rustc-MAJOR_MINOR` (rustc names its temporary
    /// files after an output's name up to its first dot).
    name: String,
}

/// This toolchain's `rustc` (`RUSTC`, else `rustc` on the path), then each other one found
/// at `/usr/bin/rustc` or in `JUDGE_RUSTC` whose version differs and is at least
/// [`RUST_VERSION`]; one below it is printed and left out.
fn compilers() -> &'static [Compiler] {
    static COMPILERS: OnceLock<Vec<Compiler>> = OnceLock::new();
    COMPILERS.get_or_init(|| {
        let current = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        let extra = std::env::var("JUDGE_RUSTC").unwrap_or_default();
        let others = ["/usr/bin/rustc"].into_iter().chain(extra.split(':'));
        let mut found: Vec<Compiler> = Vec::new();
        for command in std::iter::once(current.as_str()).chain(others) {
            let Some(version) = version_of(command) else {
                continue;
            };
            if found.iter().any(|c| c.version == version) {
                continue;
            }
            let number = release(&version);
            if number < RUST_VERSION {
                println!("{command}: {version}, older than {RUST_VERSION:?}: not used");
                continue;
            }
            let name = match found.is_empty() {
                true => "current".to_string(),
                false => format!("rustc-{}_{}", number.0, number.1),
            };
            println!("building with {command}: {version}");
            let command = command.to_string();
            found.push(Compiler {
                command,
                version,
                name,
            });
        }
        assert!(!found.is_empty(), "no rustc found");
        found
    })
}

/// What `command --version` prints, when it runs.
fn version_of(command: &str) -> Option<String> {
    if command.is_empty() {
        return None;
    }
    let output = Command::new(command).arg("--version").output().ok()?;
    let version = String::from_utf8(output.stdout).ok()?;
    output.status.success().then(|| version.trim().to_string())
}

/// The major and minor release in a version line, `rustc 1.85.0 (…)`.
fn release(version: &str) -> (u32, u32) {
    let number = version.split_whitespace().nth(1).unwrap_or_default();
    let mut parts = number.split('.').map(|part| part.parse().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// One build of a judge file.
struct Build {
    exe: PathBuf,
    /// The compiler and edition, for messages.
    how: String,
}

/// How a judge file is built: plain `rustc`, which checks overflows, or `rustc -O`, as judges
/// build.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flags {
    Plain,
    Optimised,
}

/// Builds `source` alone with `compiler`, `rustc --edition {edition}` and `flags`, into the
/// executable `name`, checking that rustc neither fails nor warns.
fn compile(compiler: &Compiler, source: &Path, edition: &str, name: &str, flags: Flags) -> Build {
    let optimised = flags == Flags::Optimised;
    let how = format!(
        "{} --edition {edition}{}",
        compiler.version,
        if optimised { " -O" } else { "" }
    );
    let suffix = if optimised { "-O" } else { "" };
    let exe = judge_dir().join(format!("{name}-{}-{edition}{suffix}", compiler.name));
    let mut command = Command::new(&compiler.command);
    command.args(["--edition", edition, "-o"]).arg(&exe);
    if optimised {
        command.arg("-O");
    }
    let compiled = command.arg(source).output().expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&compiled.stderr);
    let shown = source.display();
    assert!(
        compiled.status.success(),
        "{how} failed on {shown}:\n{diagnostics}"
    );
    assert!(
        diagnostics.is_empty(),
        "{how} warns on {shown}:\n{diagnostics}"
    );
    Build { exe, how }
}

/// Builds `source` with every compiler in every edition, plainly, and once with `-O` (this
/// toolchain's `rustc`, edition 2015, which a judge that passes no edition gets), two
/// builds at a time.
fn build_everywhere(source: &Path, name: &str) -> Vec<Build> {
    let optimised = (&compilers()[0], "2015", Flags::Optimised);
    let jobs: Vec<(&Compiler, &str, Flags)> = compilers()
        .iter()
        .flat_map(|compiler| EDITIONS.map(|edition| (compiler, edition, Flags::Plain)))
        .chain([optimised])
        .collect();
    let mut builds = Vec::new();
    for pair in jobs.chunks(2) {
        std::thread::scope(|scope| {
            let started: Vec<_> = pair
                .iter()
                .map(|&(compiler, edition, flags)| {
                    scope.spawn(move || compile(compiler, source, edition, name, flags))
                })
                .collect();
            builds.extend(started.into_iter().map(|b| b.join().expect("a build")));
        });
    }
    builds
}

/// Checks that `build`, run with no arguments on the file `input`, prints the file
/// `expected` (both in `inputs/`) and nothing on stderr.
fn check_sample(build: &Build, input: &str, expected: &str) {
    let input = fs::read(root().join("inputs").join(input)).unwrap();
    let expected = fs::read_to_string(root().join("inputs").join(expected)).unwrap();
    let (code, stdout, stderr) = common::run_process(build.exe.to_str().unwrap(), &[], input);
    assert_eq!((code, stderr.as_str()), (0, ""), "{}", build.how);
    assert_eq!(stdout, expected, "{}", build.how);
}

/// `text` with its one line `line` (whole, trimmed) replaced by `by`.
fn edited(text: &str, line: &str, by: &str) -> String {
    let found: Vec<&str> = text.lines().filter(|l| l.trim() == line).collect();
    assert_eq!(found.len(), 1, "the file has the line `{line}` once");
    text.replacen(found[0].trim(), by, 1)
}

/// An edit a file's comments tell a submitter to make: set `constant` to `value`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edit {
    /// The constant's line as it is.
    line: String,
    constant: String,
    value: String,
    /// The problems the edit is for, as the comment names them.
    problems: Vec<String>,
}

impl Edit {
    /// `text` with the edit made.
    fn made(&self, text: &str) -> String {
        let (declared, _) = self.line.split_once(" = ").expect("a constant's line");
        edited(text, &self.line, &format!("{declared} = {};", self.value))
    }
}

/// The edits that `eight.rs`'s doc comments ask for: a constant `pub const NAME: T = V;`
/// whose doc says "set it to [`VALUE`] to submit this file to PROBLEM or PROBLEM."
fn eight_edits(text: &str) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut doc = String::new();
    for line in text.lines() {
        if let Some(words) = line.trim_start().strip_prefix("///") {
            doc = doc + words + " ";
            continue;
        }
        let words: Vec<&str> = doc.split_whitespace().collect();
        let doc_text = words.join(" ");
        doc.clear();
        let Some((_, asked)) = doc_text.split_once("set it to [`") else {
            continue;
        };
        let (value, rest) = asked
            .split_once("`] to submit this file to ")
            .expect("a problem");
        let problems = rest.split_once('.').expect("a sentence").0;
        let constant = line.split(':').next().unwrap_or_default();
        edits.push(Edit {
            line: line.trim().to_string(),
            constant: constant.trim_start_matches("pub const ").to_string(),
            value: value.to_string(),
            problems: problems.split(" or ").map(str::to_string).collect(),
        });
    }
    edits
}

/// The samples of each problem named in an edit's comment: input and output in `inputs/`.
const EIGHT_SAMPLES: [(&str, &str, &str); 3] = [
    ("Luogu P1379", "eight-p1379.txt", "eight-p1379.out"),
    ("AcWing 179", "1.txt", "1.path.out"),
    ("POJ 1077", "1.txt", "1.path.out"),
];

/// The samples of each `Problem` of the judge edition but its own (the golden samples of
/// `fifteen` that take no option).
const FIFTEEN_SAMPLES: [(&str, &[(&str, &str)]); 3] = [
    (
        "AizuAlds1_13C",
        &[("fifteen-aoj-alds1-13-c.txt", "fifteen-aoj-alds1-13-c.out")],
    ),
    (
        "SpojAl10_06",
        &[
            ("fifteen-spoj-1.txt", "fifteen-spoj-1.out"),
            ("fifteen-spoj-2.txt", "fifteen-spoj-2.out"),
        ],
    ),
    (
        "Uva10181",
        &[(
            "fifteen-uva10181-counted.txt",
            "fifteen-uva10181-counted.out",
        )],
    ),
];

/// The line of the judge edition that picks its problem, as `judge.rs` has it.
const PROBLEM_LINE: &str = "pub(crate) const PROBLEM: Problem = Problem::Fifteen;";

/// The edits of the judge edition: its line [`PROBLEM_LINE`] set to each other variant of
/// `enum Problem` in `text`.
fn fifteen_edits(text: &str) -> Vec<Edit> {
    let code = bundle::code_only(text);
    let start = code
        .find("enum Problem {")
        .expect("the judge edition has its Problem");
    let body = &code[start..start + code[start..].find('}').expect("the enum ends")];
    let variants = body
        .lines()
        .map(str::trim)
        .filter_map(|line| line.strip_suffix(','))
        .filter(|&v| v != "Fifteen");
    variants
        .map(|variant| Edit {
            line: PROBLEM_LINE.to_string(),
            constant: "PROBLEM".to_string(),
            value: format!("Problem::{variant}"),
            problems: vec![variant.to_string()],
        })
        .collect()
}

/// The judge edition's text as `cargo test --test judge` writes it.
fn fifteen_judge_text() -> String {
    let main = root().join("src/bin/fifteen/main.rs");
    // The header is one line whatever it says: the line to edit is found under a stand-in.
    let text = bundle::bundle(&main, "HEADER", Some("judge"));
    let at = text.lines().position(|l| l.trim() == PROBLEM_LINE);
    let line = at.expect("the judge edition picks its problem") + 1;
    let header = format!(
        "// fifteen's judge edition, made from src/bin/fifteen/ by `cargo test --test judge`. \
         To submit it, set PROBLEM on line {line} to your problem; change anything else in \
         src/bin/fifteen/ and make the file again.\n"
    );
    text.replacen("// HEADER\n", &header, 1)
}

/// `fifteen`'s outer modules, which the judge edition leaves out.
const OUTER_MODULES: [&str; 9] = [
    "notation", "log", "any", "random", "show", "solve", "units", "check", "cli",
];

/// Writes `fifteen`'s judge edition (the tree of `src/bin/fifteen/main.rs` with the feature
/// `judge`) to `target/judge/fifteen-judge.rs` and returns its path and text, after
/// checking its banners, that it holds none of the outer modules, no feature left to decide
/// and no run of empty lines, and that it stays within [`MOST_BYTES`] after every edit.
fn fifteen_judge_edition() -> (PathBuf, String) {
    let text = fifteen_judge_text();
    bundle::check_banners(&root().join("src/bin/fifteen"), &text);
    for module in OUTER_MODULES {
        let banner = format!("// ==== {module}");
        assert!(!text.contains(&banner), "the judge edition holds {module}");
    }
    let code = bundle::code_only(&text);
    assert!(!code.contains("feature"), "a feature is left to decide");
    assert!(!text.contains("\n\n\n"), "a run of empty lines");
    let path = bundle::output_dir().join("fifteen-judge.rs");
    fs::write(&path, &text).unwrap();
    let edits = fifteen_edits(&text);
    let largest = edits.iter().map(|e| e.made(&text).len()).max();
    let largest = largest.unwrap_or(0).max(text.len());
    println!(
        "{}: {} bytes, {largest} after the largest edit: {} bytes under the limit of {MOST_BYTES}; \
         {} to go to {AIMED_BYTES}",
        path.display(),
        text.len(),
        MOST_BYTES as i64 - largest as i64,
        largest as i64 - AIMED_BYTES as i64,
    );
    assert!(
        largest <= MOST_BYTES,
        "the judge edition is {largest} bytes after an edit, over {MOST_BYTES}"
    );
    (path, text)
}

/// Writes `text` to `name.rs` in the judge folder and returns its path.
fn written(name: &str, text: &str) -> PathBuf {
    let source = judge_dir().join(format!("{name}.rs"));
    fs::write(&source, text).unwrap();
    source
}

#[test]
fn fifteen_judge_edition_fits_and_tells_what_to_edit() {
    let (_, text) = fifteen_judge_edition();
    let first = text.lines().next().unwrap_or_default();
    let line: usize = first
        .split("PROBLEM on line ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the first line names PROBLEM's line");
    assert_eq!(
        text.lines().nth(line - 1).map(str::trim),
        Some(PROBLEM_LINE)
    );
}

#[test]
#[ignore = "tier 2: about 16 builds of 2 s and their samples"]
fn five_builds_everywhere() {
    let source = root().join("src/bin/five.rs");
    for build in build_everywhere(&source, "five") {
        check_sample(&build, "five-many-leetcode.txt", "five-many-leetcode.out");
    }
}

/// The comment lines (`// ====… LeetCode 773: …`) that open and close LeetCode's block in
/// `five.rs`.
const LEETCODE_FROM: &str = "LeetCode 773: paste from here";
const LEETCODE_TO: &str = "LeetCode 773: to here";

/// LeetCode 773: the block of `five.rs` between its markers, as pasted into LeetCode's editor,
/// which declares `struct Solution;` and calls `Solution::sliding_puzzle` on the judge's samples.
#[test]
#[ignore = "tier 2: about 8 builds of 1 s"]
fn five_leetcode_block_pastes_alone() {
    let five = fs::read_to_string(root().join("src/bin/five.rs")).unwrap();
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
    let source = written("five-leetcode", &program);
    for build in build_everywhere(&source, "five-leetcode") {
        let (code, stdout, stderr) =
            common::run_process(build.exe.to_str().unwrap(), &[], Vec::new());
        assert_eq!((code, stderr.as_str()), (0, ""), "{}", build.how);
        assert_eq!(stdout, "1\n-1\n5\n14\n", "{}", build.how);
    }
}

#[test]
#[ignore = "tier 2: about 24 builds of 2 s and their samples"]
fn eight_builds_everywhere_with_each_edit() {
    let text = fs::read_to_string(root().join("src/bin/eight.rs")).unwrap();
    for build in build_everywhere(&root().join("src/bin/eight.rs"), "eight") {
        check_sample(&build, "1.txt", "1.out");
    }
    let edits = eight_edits(&text);
    let named: Vec<&String> = edits.iter().flat_map(|e| &e.problems).collect();
    let sampled: Vec<&str> = EIGHT_SAMPLES.iter().map(|s| s.0).collect();
    assert_eq!(
        named, sampled,
        "the problems eight.rs names and those sampled here"
    );
    for (i, edit) in edits.iter().enumerate() {
        let source = written(&format!("eight-edit-{i}"), &edit.made(&text));
        let builds = build_everywhere(&source, &format!("eight-edit-{i}"));
        for (problem, input, expected) in EIGHT_SAMPLES {
            if edit.problems.iter().any(|p| p == problem) {
                builds
                    .iter()
                    .for_each(|build| check_sample(build, input, expected));
            }
        }
    }
}

/// `fifteen`'s judge edition builds everywhere and each build answers every golden sample of
/// `fifteen` that takes no option byte for byte as the full program does, on stdout and
/// stderr, with its exit code; with each other problem picked, it builds everywhere and
/// answers that problem's samples.
#[test]
#[ignore = "tier 2: about 32 builds of 3 s and their samples"]
fn fifteen_judge_edition_builds_everywhere_for_each_problem() {
    let (path, text) = fifteen_judge_edition();
    let cases: Vec<golden::Case> = golden::cases()
        .into_iter()
        .filter(|case| case.program == "fifteen" && case.args.is_empty())
        .collect();
    assert!(cases.len() >= 20, "{} golden cases", cases.len());
    for build in build_everywhere(&path, "fifteen-judge") {
        golden::check_all(&cases, |_| build.exe.to_str(), false);
    }
    let edits = fifteen_edits(&text);
    let picked: Vec<&str> = edits.iter().map(|e| e.problems[0].as_str()).collect();
    let sampled: Vec<&str> = FIFTEEN_SAMPLES.iter().map(|s| s.0).collect();
    assert_eq!(
        picked, sampled,
        "the problems of `Problem` and those sampled here"
    );
    for (edit, (problem, samples)) in edits.iter().zip(FIFTEEN_SAMPLES) {
        let name = format!("fifteen-judge-{problem}");
        let source = written(&name, &edit.made(&text));
        for build in build_everywhere(&source, &name) {
            for (input, expected) in samples {
                check_sample(&build, input, expected);
            }
        }
    }
}

/// The edits the README tells a submitter to make, "set `CONSTANT` to `VALUE`", are those
/// the files' comments ask for and the tests make.
#[test]
fn the_readme_names_the_edits_the_tests_make() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let mut named_in_readme: Vec<(String, String)> = readme
        .split("set `")
        .skip(1)
        .filter_map(|rest| {
            let (constant, rest) = rest.split_once("` to `")?;
            let value = rest.split('`').next()?;
            Some((constant.to_string(), value.to_string()))
        })
        .collect();
    named_in_readme.sort();
    named_in_readme.dedup();
    let eight = fs::read_to_string(root().join("src/bin/eight.rs")).unwrap();
    let mut made: Vec<(String, String)> = eight_edits(&eight)
        .into_iter()
        .chain(fifteen_edits(&fifteen_judge_text()))
        .map(|e| (e.constant, e.value))
        .collect();
    made.sort();
    assert_eq!(named_in_readme, made);
}

/// The judge edition answers each of the 9! boards of 3×3, 181,440 that reach the goal and
/// as many that do not, as the full program does, byte for byte: the canonical paths of
/// IDA* with small tables against those of the full program's walking distance.
#[test]
#[ignore = "tier 2: about 10 s"]
fn fifteen_judge_edition_answers_every_3x3_board_as_the_full_program() {
    let (path, _) = fifteen_judge_edition();
    let build = compile(
        &compilers()[0],
        &path,
        "2021",
        "fifteen-judge-3x3",
        Flags::Optimised,
    );
    let mut input = String::new();
    for board in common::permutations::<u32>(9) {
        let tiles: Vec<String> = board.iter().map(u32::to_string).collect();
        input += &format!("3\n{}\n", tiles.join(" "));
    }
    let run = |exe: &str| common::run_process(exe, &[], input.clone().into_bytes());
    let (judge, full) = (
        run(build.exe.to_str().unwrap()),
        run(env!("CARGO_BIN_EXE_fifteen")),
    );
    assert_eq!((judge.0, judge.2.as_str()), (0, ""));
    assert_eq!(judge.1.lines().count(), 181_440 * 3);
    assert!(
        judge == full,
        "the judge edition and the full program differ on a 3x3 board"
    );
}

/// The judge edition answers Korf's 100 (`tests/data/korf100-blank-last.txt`, the standard
/// goal) as the full program does, byte for byte, with a 3×3 board after each, so that it
/// goes back and forth between the tables of two shapes.
#[test]
#[ignore = "tier 2: about 20 s"]
fn fifteen_judge_edition_answers_korf_s_100_as_the_full_program() {
    let (path, _) = fifteen_judge_edition();
    let build = compile(
        &compilers()[0],
        &path,
        "2021",
        "fifteen-judge-korf100",
        Flags::Optimised,
    );
    let boards = fs::read_to_string(root().join("tests/data/korf100-blank-last.txt")).unwrap();
    let mut input = String::new();
    for line in boards
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        input += &format!("4\n{}\n", words[2..].join(" "));
        input += "3\n8 6 7 2 5 4 3 0 1\n";
    }
    assert_eq!(input.lines().count(), 400, "100 boards and their 3x3 ones");
    let run = |exe: &str| common::run_process(exe, &[], input.clone().into_bytes());
    let (judge, full) = (
        run(build.exe.to_str().unwrap()),
        run(env!("CARGO_BIN_EXE_fifteen")),
    );
    assert_eq!((judge.0, judge.2.as_str()), (0, ""));
    assert_eq!(judge, full);
}

/// The sizes the README's judge table relies on: `five.rs` and `eight.rs` fit every judge
/// that takes Rust (Codeforces' 64 KiB the least).
#[test]
fn five_and_eight_fit_the_judges() {
    for name in ["five", "eight"] {
        let path = root().join("src/bin").join(format!("{name}.rs"));
        let size = fs::metadata(&path).unwrap().len();
        println!("{name}.rs: {size} bytes");
        assert!(size <= 64 << 10, "{name}.rs is {size} bytes, over 64 KiB");
    }
}
