//! Flags, errors and limits, in process and through the real program: the node, memory and
//! time limits, bad input and usage, the help and the README's options.

use super::*;
use fifteen::cli::help;

#[test]
fn maps_agree_on_nodes() {
    let shape = Shape { rows: 3, cols: 3 };
    let board = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let nodes = |map| {
        let settings = config(Algorithm::Stored(Stored::Astar), map).solver;
        let answer = Solver::new(settings, 1, 1)
            .solve_case(&case_of(shape, &board), &goal, 1, &())
            .unwrap();
        (answer.stats.nodes, answer.moves.map(|path| path.count()))
    };
    assert_eq!(nodes(MapKind::Hash), nodes(MapKind::BTree));
    assert_eq!(nodes(MapKind::Hash).1, Some(31));
}

#[test]
fn node_and_memory_limits_stop_a_case() {
    let mut limited = Config::default();
    limited.solver.limits.max_nodes = Some(100);
    let (output, result) = run_text(&limited, "3\n1 2 3 4 5 6 7 0 8\n3\n8 6 7 2 5 4 3 0 1\n");
    assert_eq!(output, "1\nR\n");
    let error = result.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    assert_eq!(
        error.to_string(),
        "case 2: node limit reached: 100 nodes generated (--max-nodes 100)"
    );
    let mut small = config(Algorithm::Stored(Stored::Bfs), MapKind::Hash);
    small.solver.limits.max_memory_mib = 1;
    let korf = "4\n13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2\n";
    let error = run_text(&small, korf).1.unwrap_err();
    assert!(error
        .to_string()
        .starts_with("case 1: memory limit reached: 1 MiB used by "));
}

#[test]
fn tables_over_the_memory_limit_are_left_out() {
    // ida: the 80-move board outgrows the 4-4-4-3 tables (1.3 MiB to build with the blank's
    // regions); the 5-5-5 tables would take more than 2 MiB and are left out before they are
    // built: the 4-4-4-3 stage goes on where it would give up, said once (here to the node
    // limit). A board that the 4-4-4-3 stage solves says nothing. With 1 MiB not even the
    // first tables fit.
    let hard80 = "4\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n";
    let mut small = Config::default();
    small.solver.limits.max_memory_mib = 2;
    let korf8 = [9, 6, 15, 2, 11, 7, 3, 10, 14, 12, 0, 8, 13, 1, 5, 4];
    let text: Vec<String> = korf8.iter().map(u32::to_string).collect();
    let (output, log, result) = run_both(&small, &format!("4\n{}\n", text.join(" ")));
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(log, "");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[0], "50");
    let four = Shape { rows: 4, cols: 4 };
    let goal: Vec<u32> = (1..16).chain([0]).collect();
    assert_replays(four, &korf8, &goal, lines[1]);
    small.solver.limits.max_nodes = Some(20_000_000);
    let (log, result) = run_logged(&small, hard80);
    let error = result.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: node limit reached: 20000000 nodes generated (--max-nodes 20000000)"
    );
    assert_eq!(
        log,
        "note: the 5-5-5 tables would take 20 MiB to build (--max-memory 2): the search goes \
         on with smaller tables, more slowly\n"
    );
    small.solver.limits.max_memory_mib = 1;
    let (log, result) = run_logged(&small, hard80);
    let error = result.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    assert_eq!(
        error.to_string(),
        "case 1: memory limit reached: the tables this board needs take 2 MiB to build \
         (--max-memory 1)"
    );
    assert_eq!(log, "");
}

#[test]
fn limits_stop_searches_of_the_5x5() {
    // The same limits as on the 4×4 end work on the 5×5 (Korf & Felner's #40, far beyond each).
    let korf40 = "5\n2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23\n";
    let mut five = with(Settings {
        goal: Goal::BlankFirst,
        ..Settings::default()
    });
    five.solver.limits.max_nodes = Some(3_000_000);
    let error = run_text(&five, korf40).1.unwrap_err();
    assert!(
        error.to_string().starts_with("case 1: node limit reached"),
        "{error}"
    );
    five.solver.limits.max_nodes = None;
    five.solver.limits.time_limit = Some(std::time::Duration::from_millis(300));
    let error = run_text(&five, korf40).1.unwrap_err();
    assert!(
        error.to_string().starts_with("case 1: time limit reached"),
        "{error}"
    );
    five.solver.limits.time_limit = None;
    five.solver.limits.max_memory_mib = 2;
    five.solver.limits.max_nodes = Some(3_000_000);
    let (log, result) = run_logged(&five, korf40);
    let error = result.unwrap_err();
    assert!(
        error.to_string().starts_with("case 1: node limit reached"),
        "{error}"
    );
    assert!(
        log.starts_with("note: the 4-4-4-4-4-4 tables would take "),
        "{log}"
    );
}

#[test]
fn a_time_limit_of_a_millisecond_stops_a_search() {
    let mut timed = Config::default();
    timed.solver.limits.time_limit = Some(std::time::Duration::from_millis(1));
    let error = run_text(&timed, "4\n0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n")
        .1
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("case 1: time limit reached: 0.001 s"),
        "{error}"
    );
}

/// Runs `fifteen ARGS < input` and returns its exit code and the peak of its resident memory
/// in KiB, read from `/proc/PID/status` (`VmHWM`, which only grows) every few milliseconds
/// until it ends. Only readings of the program itself count (its `Name:` is `fifteen`): between
/// the fork and the exec the child is a copy of this test process, whose memory (the other
/// tests' tables, 353 MB once under `cargo test`) is not the program's.
fn peak_memory_kib(args: &[&str], input: &str) -> (Option<i32>, u64) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fifteen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        let high_water = std::fs::read_to_string(&status).ok().and_then(|text| {
            text.lines()
                .find(|l| l.split_whitespace().eq(["Name:", "fifteen"]))?;
            let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(high_water.unwrap_or(0));
        if let Some(exit) = child.try_wait().unwrap() {
            return (exit.code(), peak);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// `--max-memory` bounds the whole process of `astar` and `bfs` under both maps, growth of
/// the map included (measured, not the program's estimate): Korf #88 stops with exit 3.
#[test]
fn max_memory_bounds_the_process() {
    let korf88 = "4\n12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1\n";
    for args in [
        ["--algo", "astar", "--map", "hash"],
        ["--algo", "bfs", "--map", "hash"],
        ["--algo", "astar", "--map", "btree"],
        ["--algo", "bfs", "--map", "btree"],
    ] {
        let (code, peak) = peak_memory_kib(&[&args[..], &["--max-memory", "32"]].concat(), korf88);
        assert_eq!(code, Some(3), "{args:?}");
        assert!(peak > 0 && peak <= 32 << 10, "{args:?}: {peak} KiB");
    }
}

#[test]
fn bad_inputs_name_the_case_and_line() {
    let config = Config::default();
    let cases = [
        (
            "2\n1 2 3 0\n3\n1 2 x 4 5 6 7 8 0\n",
            "case 2: \"x\" is not a tile (line 4, column 5)",
        ),
        (
            "2\n1 2 3 9\n",
            "case 1: tile 9 is out of range 0-3 (line 2, column 7)",
        ),
        (
            "2\n1 2 2 0\n",
            "case 1: tile 2 is repeated (line 2, column 5)",
        ),
        ("3\n1 2 3\n", "case 1: input ends after 3 of 9 tiles"),
        ("0\n", "case 1: a 0×0 board has no cells (line 1, column 1)"),
        (
            "2 3 4\n",
            "case 1: header \"2 3 4\" is not `n` or `rows cols` (line 1, column 1)",
        ),
        (
            "2 3\n1 2 3 4 5 0 9\n",
            "case 1: extra tile \"9\" after 6 tiles (line 2, column 13)",
        ),
        (
            "1000000 1000000\n1\n",
            "case 1: input ends after 1 of 1000000000000 tiles",
        ),
    ];
    for (input, message) in cases {
        let error = run_text(&config, input).1.unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(error.exit_code(), 1);
    }
    let error = run(
        &config,
        &b"2\n1 2 3 \xff\n"[..],
        &mut Vec::new(),
        &Log::new(&mut Vec::new(), false),
        Terminals::default(),
    );
    let error = error.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: \"\\xff\" is not a tile (line 2, column 7)"
    );
    let too_large = config_with_algo(Algorithm::Stored(Stored::Bfs));
    let input = format!(
        "17 17\n{}\n",
        (1..289)
            .chain(Some(0))
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    assert_eq!(run_text(&too_large, &input).0, "0\n\n");
    let swapped = input.replacen("288 0", "0 288", 1);
    let error = run_text(&too_large, &swapped).1.unwrap_err();
    assert_eq!(error.exit_code(), 3);
    let goal = with(Settings {
        goal: Goal::Explicit(vec![1, 2, 3, 0]),
        ..Settings::default()
    });
    let error = run_text(&goal, "3\n1 2 3 4 5 6 7 8 0\n").1.unwrap_err();
    assert_eq!(
        error.to_string(),
        "case 1: the --goal board has 4 cells, this board has 9"
    );
}

fn config_with_algo(algorithm: Algorithm) -> Config {
    config(algorithm, MapKind::Hash)
}

#[test]
fn usage_errors() {
    let parse = |args: &[&str]| parse_args(args.iter().map(|a| a.to_string()));
    for (args, message) in [
        (&["--frobnicate"][..], "unknown argument \"--frobnicate\""),
        (&["--algo"][..], "--algo needs a value"),
        (&["--algo", "dijkstra"][..], "--algo \"dijkstra\": expected ida, astar, bfs, dfs or any"),
        (&["--algo", "dfs"][..], "--algo dfs needs --bound K"),
        (&["--bound", "3"][..], "--bound 3 applies only to --algo dfs"),
        (&["--time-limit", "-1"][..], "--time-limit \"-1\": expected a positive number of seconds"),
        (
            &["--goal", "1 2 2 0"][..],
            "--goal \"1 2 2 0\": expected standard, blank-first, spiral or the tiles 0..N-1 of a board",
        ),
    ] {
        let error = Error::from(parse(args).unwrap_err());
        assert_eq!(error.to_string(), message);
        assert_eq!(error.exit_code(), 2);
    }
    assert!(matches!(parse(&["--help"]), Ok(Parsed::Help)));
    assert!(matches!(parse(&["--version"]), Ok(Parsed::Version)));
    let error = Error::from(parse(&["a.txt", "b.txt"]).unwrap_err());
    assert_eq!(
        error.to_string(),
        "a second file \"b.txt\": one at most is read"
    );
    assert_eq!(error.exit_code(), 2);
    match parse(&["--stats", "a.txt"]) {
        Ok(Parsed::Solve(config)) => assert_eq!(config.file.as_deref(), Some("a.txt")),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parse(&["--algo=dfs", "--bound=4", "--map", "btree"]),
        Ok(Parsed::Solve(_))
    ));
}

/// Runs the real binary with `args` and `input`; returns exit code, stdout, stderr.
fn process(args: &[&str], input: &[u8]) -> (i32, String, String) {
    common::run_process(env!("CARGO_BIN_EXE_fifteen"), args, input.to_vec())
}

#[test]
fn smoke_test_through_the_process() {
    assert_eq!(
        process(&["--goal", "spiral"], b"3\r\n2 8 3 \r\n1 0 4\n7 6 5\n"),
        (0, "4\nULDR\n".into(), String::new())
    );
    assert_eq!(
        process(&[], b"2 3\n4 5 0 1 2 3\n2\n1 2 x 0\n"),
        (
            1,
            "21\nDLLURDRULLDRURDLLURDR\n".into(),
            "error: case 2: \"x\" is not a tile (line 4, column 5)\n".into()
        )
    );
    assert_eq!(
        process(&[], b"2\n1 2 \xff 0\n"),
        (
            1,
            String::new(),
            "error: case 1: \"\\xff\" is not a tile (line 2, column 5)\n".into()
        )
    );
    let (code, stdout, stderr) = process(&["--algo"], b"");
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.starts_with("error: --algo needs a value\nusage: fifteen "));
    let (code, stdout, _) = process(&["--help"], b"");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("usage: fifteen "));
    assert_eq!(process(&[], b""), (0, String::new(), String::new()));
}

/// Output shared with the [`Typist`] that watches it.
#[derive(Clone, Default)]
struct Screen(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A person typing `lines`, one a read, who before typing line i looks at the screen and
/// expects to see `seen[i]` there.
struct Typist {
    lines: Vec<(&'static str, &'static str)>,
    screen: Screen,
}

impl std::io::Read for Typist {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.lines.is_empty() {
            return Ok(0);
        }
        let (seen, line) = self.lines.remove(0);
        let screen = String::from_utf8(self.screen.0.lock().unwrap().clone()).unwrap();
        assert_eq!(screen, seen, "before typing {line:?}");
        buf[..line.len()].copy_from_slice(line.as_bytes());
        Ok(line.len())
    }
}

#[test]
fn typed_cases_are_answered_as_their_last_tile_is_read() {
    let screen = Screen::default();
    let typist = Typist {
        lines: vec![
            ("", "3\n"),
            ("", "1 2 3\n"),
            ("", "4 5 6\n"),
            ("", "7 0 8\n"),
            ("1\nR\n", "2 2\n"),
            ("1\nR\n", "1 2 0 3\n"),
            ("1\nR\n1\nR\n", "2\n"),
            ("1\nR\n1\nR\n", "1 x\n"),
        ],
        screen: screen.clone(),
    };
    let terminals = Terminals {
        stdin: true,
        ..Terminals::default()
    };
    let result = run(
        &Config::default(),
        std::io::BufReader::new(typist),
        &mut screen.clone(),
        &Log::new(&mut Vec::new(), false),
        terminals,
    );
    assert_eq!(
        result.unwrap_err().to_string(),
        "case 3: \"x\" is not a tile (line 8, column 3)"
    );
    assert_eq!(*screen.0.lock().unwrap(), b"1\nR\n1\nR\n");
}

/// `--version` prints Cargo.toml's version, which the file cannot read when a judge builds it.
#[test]
fn the_version_is_cargos() {
    assert_eq!(fifteen::cli::VERSION, env!("CARGO_PKG_VERSION"));
}

/// `ida` starting with no limit on a board of 5×5 or more says how to get an answer sooner;
/// with a limit, or on a smaller board, it says nothing.
#[test]
fn a_long_search_names_any_and_the_time_limit() {
    let tiles: Vec<String> = (1..35).chain([0, 35]).map(|t| t.to_string()).collect();
    let input = format!("6\n{}\n", tiles.join(" "));
    let (code, stdout, stderr) = process(&[], input.as_bytes());
    assert_eq!((code, stdout.as_str()), (0, "1\nR\n"));
    assert!(stderr.starts_with("note: case 1: ") && stderr.lines().count() == 1);
    assert!(stderr.contains("--algo any") && stderr.contains("--time-limit"));
    let (code, stdout, stderr) = process(&["--time-limit", "60"], input.as_bytes());
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "1\nR\n", ""));
}

/// Output into a pipe closed early (`| head -1`) ends the program quietly, with exit 0, for
/// answers, random boards and the help; the help fits 80 columns.
#[test]
fn a_closed_pipe_ends_quietly_and_the_help_fits_80_columns() {
    let exe = env!("CARGO_BIN_EXE_fifteen");
    let input = "2 3\n1 2 3 4 0 5\n".repeat(50_000).into_bytes();
    assert_eq!(common::closed_early(exe, &[], input), (0, String::new()));
    let random = ["--random", "100000", "--shape", "3"];
    assert_eq!(
        common::closed_early(exe, &random, Vec::new()),
        (0, String::new())
    );
    common::assert_fits_80_columns(&help());
}

/// Every flag of the help is in the README's list of options, and every flag the list names
/// is one of the help's.
#[test]
fn the_readme_lists_every_flag() {
    let readme =
        std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let start = readme
        .find("## `fifteen`'s options")
        .expect("the list of options");
    let end = start + 3 + readme[start + 3..].find("\n## ").expect("the next section");
    let (listed, helped) = (flags_in(&readme[start..end]), flags_in(&help()));
    assert_eq!(listed, helped);
}

/// The words of `text` that look like long flags: `--` and a name.
fn flags_in(text: &str) -> std::collections::BTreeSet<String> {
    let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'));
    let flags = words.filter(|w| w.starts_with("--") && w.len() > 2);
    flags.map(str::to_string).collect()
}

/// Every flag that `fifteen`'s code names outside its list of flags (in messages, notes
/// and checks of the arguments, comments left out) is one of the help's, so that renaming
/// a flag in that list and not where it is named fails here.
#[test]
fn the_code_names_only_the_flags_of_the_help() {
    let helped = flags_in(&help());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin/fifteen");
    let mut folders = vec![root];
    let mut strays = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
            let code: Vec<&str> = code.map(|l| l.split(" // ").next().unwrap()).collect();
            for flag in flags_in(&code.join("\n")) {
                if !helped.contains(&flag) {
                    strays.push(format!("{}: {flag}", path.display()));
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "not flags of the help:\n{}",
        strays.join("\n")
    );
}

/// `--time-limit` stops the build of a table (the multi-tile metric's 4×4 table takes
/// seconds), not only the search after it.
#[test]
fn the_time_limit_stops_a_tables_build() {
    let korf8 = std::fs::read(common::golden::inputs_dir().join("fifteen-korf8.txt")).unwrap();
    let started = std::time::Instant::now();
    let args = ["--metric", "mtm", "--time-limit", "0.3"];
    let (code, stdout, stderr) = common::run_process(env!("CARGO_BIN_EXE_fifteen"), &args, korf8);
    assert_eq!((code, stdout.as_str()), (3, ""), "{stderr}");
    assert_eq!(
        stderr,
        "error: case 1: time limit reached: 0.3 s elapsed after 0 nodes (--time-limit 0.3)\n"
    );
    assert!(
        started.elapsed().as_secs_f64() < 3.0,
        "{:?}",
        started.elapsed()
    );
}
