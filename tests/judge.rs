//! Each program as a judge builds it: the file alone, with plain `rustc -O` in edition 2021
//! (the project's, for judges on Rust 1.70 and later) and in edition 2024 (Luogu's and
//! LeetCode's), no Cargo and no crate around it; then samples through the result. `five.rs` and
//! `eight.rs` are the judge files as they are; `fifteen`'s judge edition is generated here from
//! its tree with the feature `judge` (`tests/common/bundle.rs`) into
//! `target/judge/fifteen-judge.rs`, run on the golden samples of `fifteen` that take no
//! option, and set against the full program on every 3×3 board. Also the edits the README
//! tells a submitter to make, made here to the text, and LeetCode's block of `five.rs` inside a
//! wrapper like LeetCode's. The files' paths and sizes are printed: `cargo test --test judge --
//! --nocapture` shows them.

mod common;

use common::{bundle, golden};
use std::fs;
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
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `source` alone with `rustc --edition {edition} -O` into the executable `name`,
/// checking that rustc neither fails nor warns.
fn compile(source: &Path, edition: &str, name: &str) -> PathBuf {
    compile_with(source, edition, name, None)
}

/// [`compile`], with `--cfg {cfg}` when given.
fn compile_with(source: &Path, edition: &str, name: &str, cfg: Option<&str>) -> PathBuf {
    let exe = judge_dir().join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let cfg = cfg.map(|cfg| ["--cfg", cfg]);
    let compiled = Command::new(rustc)
        .args(["--edition", edition, "-O", "-o"])
        .arg(&exe)
        .args(cfg.iter().flatten())
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
    let input = fs::read(root().join("inputs").join(input)).unwrap();
    let expected = fs::read_to_string(root().join("inputs").join(expected)).unwrap();
    let (code, stdout, stderr) = common::run_process(exe.to_str().unwrap(), args, input);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, expected);
}

/// Builds `source` alone in editions 2021 and 2024 at once (two rustc processes) into the
/// executables `{name}-2021` and `{name}-2024`.
fn compile_both_editions(source: &Path, name: &str) -> [PathBuf; 2] {
    std::thread::scope(|scope| {
        ["2021", "2024"]
            .map(|edition| {
                let exe = format!("{name}-{edition}");
                scope.spawn(move || compile(source, edition, &exe))
            })
            .map(|build| build.join().expect("rustc's thread finishes"))
    })
}

/// Builds `src/bin/{name}.rs` alone in both editions and checks a sample through each build.
fn compile_alone_and_run(name: &str, args: &[&str], input: &str, expected: &str) {
    let source = root().join("src/bin").join(format!("{name}.rs"));
    for exe in compile_both_editions(&source, name) {
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

/// The sizes the README's judge table relies on: `five.rs` and `eight.rs` fit every judge that
/// takes Rust. `fifteen`'s judge edition is measured where it is made.
#[test]
fn sizes_fit_the_judges() {
    for name in ["five", "eight"] {
        let path = root().join("src/bin").join(format!("{name}.rs"));
        let size = fs::metadata(&path).unwrap().len();
        println!("{name}.rs: {size} bytes ({:.1} KiB)", size as f64 / 1024.0);
        assert!(
            size <= SMALLEST_LIMIT,
            "{name}.rs is {size} bytes, over Codeforces' {SMALLEST_LIMIT}"
        );
    }
}

/// Writes `fifteen`'s judge edition, the tree of `src/bin/fifteen/main.rs` with the feature
/// `judge`, to `target/judge/fifteen-judge.rs`, and returns its path and text after checking
/// its banners, that it holds none of the full program's outer rooms and no feature left to
/// decide, and that it fits Codeforces' limit.
fn fifteen_judge_edition() -> (PathBuf, String) {
    let main = root().join("src/bin/fifteen/main.rs");
    let generator = "tests/judge.rs (`cargo test --test judge`)";
    let text = bundle::bundle(&main, root(), generator, Some("judge"));
    check_banners(&text);
    for room in OUTER_ROOMS {
        let banner = format!("// ==== {room}");
        assert!(!text.contains(&banner), "the judge edition holds {room}");
    }
    let code = bundle::code_only(&text);
    assert!(!code.contains("feature"), "a feature is left to decide");
    let path = bundle::output_dir().join("fifteen-judge.rs");
    fs::write(&path, &text).unwrap();
    let size = text.len() as u64;
    println!(
        "{}: {size} bytes ({:.1} KiB)",
        path.display(),
        size as f64 / 1024.0
    );
    assert!(
        size <= SMALLEST_LIMIT,
        "{} is {size} bytes, over Codeforces' {SMALLEST_LIMIT}",
        path.display()
    );
    (path, text)
}

/// `fifteen`'s judge edition builds alone in both editions, warning-free, and each build
/// answers every golden sample of `fifteen` that takes no option byte for byte as the full
/// program does, on stdout and stderr, with its exit code.
#[test]
fn fifteen_judge_edition_builds_alone_and_passes_the_golden_samples() {
    let (path, _) = fifteen_judge_edition();
    let cases: Vec<golden::Case> = golden::cases()
        .into_iter()
        .filter(|case| case.program == "fifteen" && case.args.is_empty())
        .collect();
    assert!(
        cases.len() >= 20,
        "{} golden cases take no option",
        cases.len()
    );
    for exe in compile_both_editions(&path, "fifteen-judge") {
        golden::check_all(&cases, |_| exe.to_str(), false);
    }
}

/// A problem's edits of the judge edition, as [`FIFTEEN_EDITS`] lists them: its name, the
/// text replaced and its replacement, its samples (input and expected output).
type Problem = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [(&'static str, &'static str)],
);

/// The lines of the judge edition that the edits below replace: `judge.rs`'s constants as
/// the bundle writes them (indented by tabs).
const INPUT: &str = "const INPUT: Input = Input::Header;";
const LINES: &str = "const OUTPUT: Output = Output {\n\tlines: Lines::Both,";
const UNREACHABLE: &str = "\tunreachable: Cow::Borrowed(\"-1\"),\n};";

/// The edits of the judge edition's constants for each problem, as the README's judge table
/// and `judge.rs` give them: the text replaced, its replacement, and the problem's samples
/// (input and expected output in `inputs/`), whose answers the golden files check in the
/// full program with the same form's flags.
const FIFTEEN_EDITS: [Problem; 3] = [
    (
        "aoj-alds1-13-c",
        &[
            (
                INPUT,
                "const INPUT: Input = Input::Bare(Shape { rows: 4, cols: 4 });",
            ),
            (
                LINES,
                "const OUTPUT: Output = Output {\n\tlines: Lines::Moves,",
            ),
        ],
        &[("fifteen-aoj-alds1-13-c.txt", "fifteen-aoj-alds1-13-c.out")],
    ),
    (
        "uva10181",
        &[
            (
                "Input::Header;",
                "Input::Counted(Shape { rows: 4, cols: 4 });",
            ),
            (
                LINES,
                "const OUTPUT: Output = Output {\n\tlines: Lines::Path,",
            ),
            (
                UNREACHABLE,
                "\tunreachable: Cow::Borrowed(\"This puzzle is not solvable.\"),\n};",
            ),
        ],
        &[(
            "fifteen-uva10181-counted.txt",
            "fifteen-uva10181-counted.out",
        )],
    ),
    (
        "spoj-al-10-06",
        &[
            (
                INPUT,
                "const INPUT: Input = Input::Bare(Shape { rows: 4, cols: 4 });",
            ),
            (
                LINES,
                "const OUTPUT: Output = Output {\n\tlines: Lines::Path,",
            ),
            (UNREACHABLE, "\tunreachable: Cow::Borrowed(\"NIE\"),\n};"),
        ],
        &[
            ("fifteen-spoj-1.txt", "fifteen-spoj-1.out"),
            ("fifteen-spoj-2.txt", "fifteen-spoj-2.out"),
        ],
    ),
];

/// The judge edition after each problem's edits, built as a judge builds it (edition 2021,
/// all at once), answers the problem's samples.
#[test]
fn fifteen_judge_edition_for_each_problem() {
    let (_, text) = fifteen_judge_edition();
    let builds: Vec<(PathBuf, &[(&str, &str)])> = std::thread::scope(|scope| {
        let builds: Vec<_> = FIFTEEN_EDITS
            .iter()
            .map(|&(problem, edits, samples)| {
                let mut edited = text.clone();
                for (from, to) in edits {
                    assert_eq!(edited.matches(from).count(), 1, "{problem}: `{from}` once");
                    edited = edited.replacen(from, to, 1);
                }
                let name = format!("fifteen-judge-{problem}");
                let source = judge_dir().join(format!("{name}.rs"));
                fs::write(&source, edited).unwrap();
                scope.spawn(move || (compile(&source, "2021", &name), samples))
            })
            .collect();
        builds.into_iter().map(|b| b.join().unwrap()).collect()
    });
    for (exe, samples) in builds {
        for (input, expected) in samples {
            check_sample(&exe, &[], input, expected);
        }
    }
}

/// The judge edition answers each of the 9! boards of 3×3, 181,440 that reach the goal and
/// as many that do not, as the full program does, byte for byte: the canonical paths of
/// IDA* with linear conflicts against those of the full program's walking distance.
#[test]
fn fifteen_judge_edition_answers_every_3x3_board_as_the_full_program() {
    let (path, _) = fifteen_judge_edition();
    let exe = compile(&path, "2021", "fifteen-judge-3x3");
    let mut input = String::new();
    for board in common::permutations::<u32>(9) {
        let tiles: Vec<String> = board.iter().map(u32::to_string).collect();
        input += &format!("3\n{}\n", tiles.join(" "));
    }
    let run = |exe: &str| common::run_process(exe, &[], input.clone().into_bytes());
    let (judge, full) = (
        run(exe.to_str().unwrap()),
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
/// goal) as the full program does, byte for byte: a few seconds each.
#[test]
fn fifteen_judge_edition_answers_korf_s_100_as_the_full_program() {
    let (path, _) = fifteen_judge_edition();
    let exe = compile(&path, "2021", "fifteen-judge-korf100");
    let boards = fs::read_to_string(root().join("tests/data/korf100-blank-last.txt")).unwrap();
    let mut input = String::new();
    for line in boards
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        input += &format!("4\n{}\n", words[2..].join(" "));
    }
    assert_eq!(input.lines().count(), 200, "100 boards");
    let run = |exe: &str| common::run_process(exe, &[], input.clone().into_bytes());
    let (judge, full) = (
        run(exe.to_str().unwrap()),
        run(env!("CARGO_BIN_EXE_fifteen")),
    );
    assert_eq!((judge.0, judge.2.as_str()), (0, ""));
    assert_eq!(judge, full);
}

/// `fifteen`'s lower rooms, which a judge runs, and the outer rooms they must not name: the
/// direction of every `use` in the map of `main.rs`, which lets a judge build leave the outer
/// rooms out.
const LOWER_ROOMS: [&str; 6] = [
    "board.rs", "error.rs", "form.rs", "parse.rs", "goal.rs", "search",
];
const OUTER_ROOMS: [&str; 5] = ["any", "units", "show", "check", "cli"];

/// The `.rs` files at `path`: the file itself, or every file under the folder.
fn rust_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut files: Vec<PathBuf> = fs::read_dir(path)
        .unwrap()
        .flat_map(|entry| rust_files(&entry.unwrap().path()))
        .filter(|file| file.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

/// The outer rooms that `code` (comments and literals blanked) names as modules: after a
/// `super::` or `crate::` path, alone or in a `{…}` group.
fn outer_rooms_named(code: &str) -> Vec<String> {
    let mut named = Vec::new();
    for start in ["super::", "crate::"] {
        for (at, _) in code.match_indices(start) {
            if code[..at].ends_with("::") {
                continue; // within a chain, which its first `super::` reads
            }
            let mut rest = &code[at..];
            while let Some(after) = rest
                .strip_prefix("super::")
                .or(rest.strip_prefix("crate::"))
            {
                rest = after.trim_start();
            }
            let names = match rest.strip_prefix('{') {
                Some(group) => &group[..group.find('}').unwrap_or(group.len())],
                None => rest,
            };
            for name in names.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if OUTER_ROOMS.contains(&name) {
                    named.push(name.to_string());
                }
                if rest.starts_with(name) && !rest.starts_with('{') {
                    break;
                }
            }
        }
    }
    named
}

#[test]
fn fifteen_lower_rooms_name_no_outer_room() {
    let tree = root().join("src/bin/fifteen");
    let mut found = Vec::new();
    for room in LOWER_ROOMS {
        for file in rust_files(&tree.join(room)) {
            let code = bundle::code_only(&fs::read_to_string(&file).unwrap());
            for name in outer_rooms_named(&code) {
                found.push(format!("{} names {name}", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn outer_rooms_are_found_in_paths_and_groups() {
    let code =
        "use super::super::units::Problem;\nuse super::{board, cli};\nlet x = self.check();\n\
                crate::show::MAX;\nuse super::anyhow;\n";
    assert_eq!(outer_rooms_named(code), ["units", "cli", "show"]);
}

/// Checks that each banner of a bundle tells the truth: the line after `==== FILE ====` is
/// line 1 of FILE, and the line after `end of …; FILE from line N` is line N of FILE (paths
/// relative to the tree's folder), indentation as tabs or spaces.
fn check_banners(bundle: &str) {
    check_banners_in(&root().join("src/bin/fifteen"), bundle);
}

fn check_banners_in(dir: &Path, bundle: &str) {
    let lines: Vec<&str> = bundle.lines().collect();
    let file_line = |file: &str, number: usize| {
        let text = fs::read_to_string(dir.join(file)).unwrap();
        text.lines().nth(number - 1).map(str::to_string)
    };
    let mut banners = 0;
    for (i, line) in lines.iter().enumerate() {
        let (file, number) = if let Some(rest) = line.strip_prefix("// ==== ") {
            (rest.trim_end_matches(" ===="), 1)
        } else if let Some((_, rest)) = line.split_once(" ==== end of ") {
            let Some((_, rest)) = rest.split_once("; ") else {
                continue;
            };
            let Some((file, number)) = rest.trim_end_matches(" ====").split_once(" from line ")
            else {
                continue;
            };
            (file, number.parse().unwrap())
        } else {
            continue;
        };
        banners += 1;
        let next = lines.get(i + 1).map(|next| next.replace('\t', "    "));
        let next = next.as_deref();
        let expected = file_line(file, number).expect("the banner names a line of the file");
        // As written, a declaration opened as a block, or a comment emptied.
        let opened = expected.replacen(';', " {", 1);
        let emptied = expected.trim_start().starts_with("//") && next == Some("");
        assert!(
            next == Some(expected.as_str()) || next == Some(opened.as_str()) || emptied,
            "after `{line}`: {next:?}, not {expected:?}"
        );
    }
    assert!(banners > 0, "the bundle has banners");
}

/// Builds `eight.rs` as a judge would, in `edition`, after the edit the README tells a
/// submitter to make (its one line `from` replaced by `to`), and checks that it prints the
/// golden file `expected` for `input` when run with no arguments, as a judge runs it.
fn eight_edited(from: &str, to: &str, edition: &str, input: &str, expected: &str) {
    let text = fs::read_to_string(root().join("src/bin/eight.rs")).unwrap();
    assert_eq!(
        text.matches(from).count(),
        1,
        "eight.rs holds `{from}` once"
    );
    let name = format!("eight-{}", input.trim_end_matches(".txt"));
    let source = judge_dir().join(format!("{name}.rs"));
    fs::write(&source, text.replacen(from, to, 1)).unwrap();
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
    let source = judge_dir().join("five-leetcode.rs");
    fs::write(&source, program).unwrap();
    let exe = compile(&source, "2024", "five-leetcode");
    let (code, stdout, stderr) = common::run_process(exe.to_str().unwrap(), &[], Vec::new());
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, "1\n-1\n5\n14\n");
}

/// Writes `files` (path, text) into a fresh folder `name` of Cargo's scratch folder and
/// returns that folder.
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bundler")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

/// A crate with every way rustc finds a module's file (`x.rs`, `x/mod.rs`, `x.rs` beside the
/// folder `x/` of its children, a raw name), attributes before and on a declaration, inner
/// docs and attributes in a child, and `mod ghost;` where it declares nothing: in comments,
/// strings and an inline `#[cfg(test)]` module; a line of a string that looks like a comment;
/// items, a module, a field, a statement and a match arm under the feature `edition`.
const FIXTURE: [(&str, &str); 9] = [
    (
        "main.rs",
        r##"//! A tree with every way of finding a module's file.
#![forbid(unsafe_code)]

mod flat; // flat.rs, beside flat/, the folder of its children
pub(crate) mod folder;
#[cfg(test)]
mod tests;
#[allow(dead_code)] mod r#type;
#[cfg(not(feature = "edition"))]
mod gone;

/// The edition's name.
#[cfg(feature = "edition")]
const EDITION: &str = "edition";
/// Left out of the edition with its docs.
#[cfg(not(feature = "edition"))]
const EDITION: &str = "full";

struct Count {
    kept: u8,
    #[cfg(not(feature = "edition"))]
    dropped: u8,
}

fn kind(n: u8) -> &'static str {
    match n {
        #[cfg(not(feature = "edition"))]
        3 => {
            gone::NAME
        }
        _ => "other",
    }
}

/* mod ghost;
mod ghost; */
const TEXT: &str = "
mod ghost;
";
const RAW: &str = r#"
mod ghost;
    // a string's line, kept, its spaces too
" "#;
const QUOTE: char = '"';
const BRACE: char = '{';

#[cfg(test)]
mod inline {
    mod ghost;
}

fn main() {
    let count = Count {
        kept: 1,
        #[cfg(not(feature = "edition"))]
        dropped: 2,
    };
    #[cfg(not(feature = "edition"))]
    let total = count.kept + count.dropped;
    #[cfg(feature = "edition")]
    let total = count.kept;
    println!("{EDITION} {total} {}", kind(total));
    let names = [flat::NAME, flat::inner::NAME, flat::inner::deep::NAME, folder::leaf::NAME];
    println!("{names:?} {}", r#type::NAME);
    print!("{TEXT}{RAW}{QUOTE}{BRACE}");
}
"##,
    ),
    (
        "flat.rs",
        "pub const NAME: &str = \"flat\";\npub mod inner;\n",
    ),
    (
        "flat/inner.rs",
        "//! A child of a file that is not `mod.rs`.\n#![allow(dead_code)]\n\n\
         pub const NAME: &str = \"inner\";\npub mod deep;\n",
    ),
    (
        "flat/inner/deep/mod.rs",
        "pub const NAME: &str = \"deep\";\n",
    ),
    ("folder/mod.rs", "pub mod leaf;\n"),
    ("folder/leaf.rs", "pub const NAME: &str = \"leaf\";"),
    ("tests.rs", "#[test]\nfn runs() {}\n"),
    ("type.rs", "pub const NAME: &str = \"type\";\n"),
    ("gone.rs", "pub const NAME: &str = \"three\";\n"),
];

/// What the fixture prints.
const FIXTURE_PRINTS: &str =
    "[\"flat\", \"inner\", \"deep\", \"leaf\"] type\n\nmod ghost;\n\nmod ghost;\n    // a string's line, kept, its spaces too\n\" \"{";

#[test]
fn the_bundle_is_the_program_rustc_builds_from_the_tree() {
    let dir = tree("fixture", &FIXTURE);
    let main = dir.join("main.rs");
    for (feature, first_line) in [
        (None, "full 3 three\n"),
        (Some("edition"), "edition 1 other\n"),
    ] {
        let text = bundle::bundle(&main, &dir, "tests/judge.rs", feature);
        let first = "// GENERATED from main.rs and the files it declares";
        assert!(text.starts_with(first), "{text}");
        let modules = if feature.is_some() { 7 } else { 8 };
        assert_eq!(text.matches("\n// ==== ").count(), modules, "{text}");
        assert_eq!(text.matches("mod ghost;").count(), 5, "{text}");
        assert!(
            text.contains("every way of finding"),
            "comments stay: {text}"
        );
        assert!(text.contains("\n    // a string's line, kept"), "{text}");
        assert!(
            text.contains("\n\t\tkept: 1,\n"),
            "indented by tabs: {text}"
        );
        assert_eq!(text.contains("dropped"), feature.is_none(), "{text}");
        assert_eq!(text.contains("Left out of"), feature.is_none(), "{text}");
        let code = bundle::code_only(&text);
        assert!(!code.contains("feature"), "every feature decided: {text}");
        check_banners_in(&dir, &text);
        let single = dir.join(format!("single-{}.rs", feature.unwrap_or("full")));
        fs::write(&single, &text).unwrap();
        for (source, cfg) in [(&main, feature), (&single, None)] {
            let name = format!("fixture-{}", source.file_stem().unwrap().to_string_lossy());
            let name = format!("{name}-{}", feature.unwrap_or("full"));
            let cfg = cfg.map(|f| format!("feature=\"{f}\""));
            let exe = compile_with(source, "2021", &name, cfg.as_deref());
            let (code, stdout, stderr) =
                common::run_process(exe.to_str().unwrap(), &[], Vec::new());
            assert_eq!((code, stderr.as_str()), (0, ""));
            assert_eq!(
                stdout,
                format!("{first_line}{FIXTURE_PRINTS}"),
                "{}",
                source.display()
            );
        }
    }
}

#[test]
#[should_panic(expected = "main.rs:2: `#[path]` is not supported by the bundler")]
fn the_bundler_refuses_path_attributes() {
    let main = "fn main() {}\n#[cfg_attr(all(), path = \"x.rs\")]\nmod other;\n";
    let dir = tree("path", &[("main.rs", main), ("x.rs", "")]);
    bundle::bundle(&dir.join("main.rs"), &dir, "tests/judge.rs", None);
}

#[test]
#[should_panic(expected = "main.rs:2: module `x` is in both x.rs and x/mod.rs")]
fn the_bundler_refuses_a_module_in_two_files() {
    let files = [
        ("main.rs", "fn main() {}\nmod x;\n"),
        ("x.rs", ""),
        ("x/mod.rs", ""),
    ];
    let dir = tree("both", &files);
    bundle::bundle(&dir.join("main.rs"), &dir, "tests/judge.rs", None);
}

#[test]
#[should_panic(expected = "main.rs:1: module `x` is in neither x.rs nor x/mod.rs")]
fn the_bundler_refuses_a_module_with_no_file() {
    let dir = tree("neither", &[("main.rs", "mod x;\nfn main() {}\n")]);
    bundle::bundle(&dir.join("main.rs"), &dir, "tests/judge.rs", None);
}
