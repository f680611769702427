//! Units: searches cut into units of text, worked by the real binary under `xargs -P 2`,
//! merged into the in-process answer, byte for byte, with the nodes of the in-process
//! search at the same bound and pruner; and the driver, stopped in the middle of a round
//! and started again, working no finished unit twice.

use super::*;
use fifteen::search::plan::{BoundJob, Plan};
use std::collections::BTreeSet;
use std::path::Path;

const FIFTEEN: &str = env!("CARGO_BIN_EXE_fifteen");

/// `fifteen ARGS < input`: stdout and stderr, the test failing unless it exits 0.
fn fifteen(args: &[&str], input: &str) -> (String, String) {
    let (code, stdout, stderr) = common::run_process(FIFTEEN, args, input.into());
    assert_eq!(code, 0, "fifteen {args:?}:\n{stderr}");
    (stdout, stderr)
}

/// `sh -c script < input`: stdout, the test failing unless it exits 0.
fn shell(script: &str, input: &str) -> String {
    let (code, stdout, stderr) = common::run_process("sh", &["-c", script], input.into());
    assert_eq!(code, 0, "sh -c {script}:\n{stderr}");
    stdout
}

/// An engine: unit lines on stdin, eight to a `fifteen --units work ARGS` process, two
/// processes at a time by `xargs -P 2` (the lines NUL-separated, each one argument).
fn xargs_engine(args: &[&str]) -> String {
    let args = args.join(" ");
    format!(
        "tr '\\n' '\\0' | xargs -0 -n 8 -P 2 sh -c 'printf \"%s\\n\" \"$@\" | \"{FIFTEEN}\" \
         --units work {args}' sh"
    )
}

/// A field `key=value` of a unit or result line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let word = line
        .split(' ')
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='));
    word.unwrap_or_else(|| panic!("no {key}= in {line}"))
}

/// The nodes of a merge's `--stats` line (`…, nodes N (…`).
fn stats_nodes(stats: &str) -> u64 {
    let after = stats
        .split(", nodes ")
        .nth(1)
        .expect("a --stats line of a round");
    after.split(' ').next().unwrap().parse().unwrap()
}

/// The rounds of `case` through the real binary, each cut (`--units split`), worked by
/// [`xargs_engine`] and merged, until the answer: the answer, the nodes the merges count,
/// and the bound and pruner of the units.
fn through_units(case: &str, args: &[&str]) -> (String, u64, String, String) {
    let (mut threshold, mut nodes) = (String::new(), 0);
    let mut search = None;
    loop {
        let mut split = [&["--units", "split"], args].concat();
        if !threshold.is_empty() {
            split.extend(["--threshold", &threshold]);
        }
        let units = fifteen(&split, case).0;
        let first = units.lines().next().expect("a round has units");
        search.get_or_insert((
            field(first, "bound").to_string(),
            field(first, "pruner").to_string(),
        ));
        let results = shell(&xargs_engine(args), &units);
        assert!(results.lines().count() <= units.lines().count());
        let merge = [&["--units", "merge", "--stats"], args].concat();
        let (merged, stats) = fifteen(&merge, &(units + &results));
        nodes += stats_nodes(&stats);
        match merged.strip_prefix("next ") {
            Some(next) => threshold = next.trim().to_string(),
            None => {
                let (bound, pruner) = search.unwrap();
                return (merged, nodes, bound, pruner);
            }
        }
    }
}

/// IDA* on one thread in process with the plan's bound of unit name `bound` and the move
/// pruner of depth `pruner` from the first node: its path and nodes.
struct OneThread<'a> {
    start: &'a [u8],
    deeper: bool,
}

impl BoundJob for OneThread<'_> {
    type Output = (String, u64);

    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        let budget = Budget::new(NO_LIMITS);
        let sharing = Sharing {
            from_nodes: u64::MAX,
            deep_from: 0,
            deeper_from: if self.deeper { 0 } else { u64::MAX },
            ..Sharing::new(1)
        };
        match ida::solve_sharing(puzzle, bound, self.start, &budget, u64::MAX, 0, sharing) {
            Ok(ida::Outcome::Path(path)) => {
                (path.iter().map(|m| m.letter()).collect(), budget.nodes())
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The in-process path and nodes of [`OneThread`] on `board` for `goal`, the tables
/// read from `cache` if given.
fn one_thread(
    shape: Shape,
    board: &[u32],
    goal: &[u32],
    cache: Option<&Path>,
    search: UnitSearch,
) -> (String, u64) {
    let UnitSearch { bound, pruner } = search;
    let bytes = |tiles: &[u32]| tiles.iter().map(|&t| t as u8).collect::<Vec<u8>>();
    let cache = cache.map(Path::to_path_buf);
    let plan = Plan::new(Puzzle::new(shape, bytes(goal)), 1, cache, 2, 2);
    let start = bytes(board);
    let deeper = pruner != MovePruner::depth_for(shape.cells(), false).to_string();
    let job = OneThread {
        start: &start,
        deeper,
    };
    let budget = Budget::new(NO_LIMITS);
    plan.with_bound(bound, &budget, &(), job)
        .expect("the unit's bound")
        .unwrap()
}

/// A case of `board` in the input form.
fn case_text(shape: Shape, board: &[u32]) -> String {
    let tiles: Vec<String> = board.iter().map(u32::to_string).collect();
    format!("{} {}\n{}\n", shape.rows, shape.cols, tiles.join(" "))
}

/// Checks that the units of `board` through `xargs -P 2` give the in-process answer byte
/// for byte (replayed to the goal), and nodes from those of the one-thread search at the
/// same bound and pruner to 3% more: the rounds before the last count the same nodes, the
/// last one the whole part above its cut (the in-process search stops at the path).
fn check_units(shape: Shape, board: &[u32], goal: Goal, args: &[&str]) {
    let goal_board = goal.board(shape).unwrap();
    let goal_name = match &goal {
        Goal::Spiral => "spiral",
        _ => "standard",
    };
    let case = case_text(shape, board);
    let in_process = fifteen(&["--goal", goal_name], &case).0;
    let args = [&["--goal", goal_name], args].concat();
    let (merged, nodes, bound, pruner) = through_units(&case, &args);
    assert_eq!(merged, in_process, "{case} {args:?}");
    let path = merged.lines().nth(1).unwrap();
    assert_replays(shape, board, &goal_board, path);
    let search = UnitSearch {
        bound: &bound,
        pruner: &pruner,
    };
    let in_one = one_thread(shape, board, &goal_board, None, search);
    assert_nodes(path, nodes, in_one, search);
}

/// The bound and the move pruner of a round's units, as the unit lines name them.
#[derive(Clone, Copy, Debug)]
struct UnitSearch<'a> {
    bound: &'a str,
    pruner: &'a str,
}

/// Checks that the `path` of units and their `nodes` agree with the one-thread search's
/// `one` (its path and nodes), both by `search`: the same path, and nodes from its to 3%
/// more.
fn assert_nodes(path: &str, nodes: u64, one: (String, u64), search: UnitSearch) {
    let (one_path, one_nodes) = one;
    assert_eq!(one_path, path);
    assert!(
        one_nodes <= nodes && nodes * 100 <= one_nodes * 103 + 100,
        "{search:?}: units {nodes} nodes, in process {one_nodes}"
    );
}

#[test]
fn units_through_xargs_give_the_in_process_answer_on_3x3_boards() {
    let three = Shape { rows: 3, cols: 3 };
    for board in [[2, 3, 4, 1, 5, 0, 7, 6, 8], [8, 6, 7, 2, 5, 4, 3, 0, 1]] {
        check_units(three, &board, Goal::Standard, &[]);
    }
    // The spiral goal's blank is in the centre: 3-2-3 tables.
    check_units(three, &[0, 2, 1, 3, 5, 8, 4, 6, 7], Goal::Spiral, &[]);
}

#[test]
fn units_through_xargs_give_the_in_process_answer_on_korfs_boards() {
    let four = Shape { rows: 4, cols: 4 };
    for (_, _, board) in korf("korf100-blank-last.txt", &[1, 12, 79]) {
        // 4-4-4-3 tables, quick to build in each worker.
        check_units(four, &board, Goal::Standard, &["--max-memory", "3"]);
    }
}

#[test]
#[ignore = "tier 2: about 13 s"]
fn units_through_xargs_give_the_in_process_answer_on_5x5_walks() {
    let five = Shape { rows: 5, cols: 5 };
    let goal = Goal::Standard.board(five).unwrap();
    let mut seed = 0x5eed_0005;
    for moves in [50, 55, 60] {
        let board = walk_from(five, &goal, moves, &mut seed);
        // Six 4-tile tables.
        check_units(five, &board, Goal::Standard, &["--max-memory", "8"]);
    }
}

/// A new empty directory under Cargo's scratch space.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The result lines kept in the work directory `dir`, as (threshold, id, line): a decided
/// round's gathered in `round-T.results`, a round under way's in `round-T/ID.result`.
fn kept_results(dir: &Path) -> Vec<(u32, usize, String)> {
    let mut kept = Vec::new();
    let mut take = |path: &Path| {
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let (threshold, id) = unit_of(line);
            kept.push((threshold, id, line.to_string()));
        }
    };
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.starts_with("round-") {
            continue;
        }
        if name.ends_with(".results") {
            take(&path);
        } else if path.is_dir() {
            for result in std::fs::read_dir(&path).unwrap() {
                let result = result.unwrap().path();
                if result.extension().is_some_and(|e| e == "result") {
                    take(&result);
                }
            }
        }
    }
    kept
}

/// The units with a result kept in the work directory `dir`, as (threshold, id).
fn finished(dir: &Path) -> BTreeSet<(u32, usize)> {
    (kept_results(dir).into_iter())
        .map(|(threshold, id, _)| (threshold, id))
        .collect()
}

/// The rounds of the work directory `dir` whose results are still a file a unit.
fn under_way(dir: &Path) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path());
    (entries.filter(|path| path.is_dir()))
        .map(|path| path.file_name().unwrap().to_str().unwrap().to_string())
        .collect()
}

/// The (threshold, id) of a unit or result line.
fn unit_of(line: &str) -> (u32, usize) {
    let id = field(line, "id").split('/').next().unwrap();
    (
        field(line, "threshold").parse().unwrap(),
        id.parse().unwrap(),
    )
}

/// The units logged one a line by an engine, as (threshold, id).
fn logged(log: &Path) -> Vec<(u32, usize)> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines().map(unit_of).collect()
}

/// Drivers of the search of `fifteen-korf8.txt` on one job, each unit worked by
/// `fifteen --units work` behind an engine command that may do more.
struct Driving {
    case: String,
    /// The in-process search's output.
    in_process: String,
    /// The command that works units.
    work: String,
}

impl Driving {
    fn new() -> Self {
        let inputs = common::golden::inputs_dir();
        let case = std::fs::read_to_string(inputs.join("fifteen-korf8.txt")).unwrap();
        Driving {
            in_process: fifteen(&[], &case).0,
            case,
            work: format!("\"{FIFTEEN}\" --units work --max-memory 3"),
        }
    }

    /// Runs a driver on `work_dir` with the engine `engine`: its exit code, stdout and
    /// stderr.
    fn drive(&self, work_dir: &Path, engine: &str) -> (i32, String, String) {
        let dir = work_dir.to_str().unwrap();
        let args = ["--drive", dir, "--engine", engine, "--engine-from", "0"];
        let args = [&args[..], &["--jobs", "1", "--max-memory", "3"]].concat();
        common::run_process(FIFTEEN, &args, self.case.clone().into_bytes())
    }

    /// Runs a driver as [`Driving::drive`] does and checks that it answers as the
    /// in-process search does.
    fn answers(&self, work_dir: &Path, engine: &str) {
        let (code, answer, stderr) = self.drive(work_dir, engine);
        assert_eq!((code, &answer), (0, &self.in_process), "{stderr}");
    }
}

/// A round of units in an engine's log: its threshold, where its first unit lies and how
/// many it has.
struct Round {
    threshold: u32,
    start: usize,
    size: usize,
}

impl Round {
    /// The largest round of `units` but the last (in the last, the units before the path
    /// may all be done when the driver stops).
    fn largest(units: &[(u32, usize)]) -> Round {
        let last = units.iter().map(|u| u.0).max().unwrap();
        let threshold = (units.iter().map(|u| u.0).filter(|&t| t != last))
            .max_by_key(|&t| units.iter().filter(|u| u.0 == t).count())
            .unwrap();
        Round {
            threshold,
            start: units.iter().position(|u| u.0 == threshold).unwrap(),
            size: units.iter().filter(|u| u.0 == threshold).count(),
        }
    }
}

#[test]
#[ignore = "tier 2: about 10 s"]
fn a_driver_stopped_in_a_round_goes_on_without_working_a_finished_unit_again() {
    let dir = scratch("units-restart");
    let driving = Driving::new();
    let work = &driving.work;
    // A whole run, its units logged: where its largest round lies in the log.
    let whole = dir.join("whole");
    let log = dir.join("whole.log");
    driving.answers(&whole, &format!("tee -a \"{}\" | {work}", log.display()));
    let round = Round::largest(&logged(&log));
    let (largest, size) = (round.threshold, round.size);
    assert!(size >= 8, "round {largest} has {size} units");
    // The same search, the driver killed by its engine in the middle of that round.
    let stopped = dir.join("stopped");
    let (first, second) = (dir.join("first.log"), dir.join("second.log"));
    let kill = format!(
        "while IFS= read -r unit; do echo \"$unit\" >> \"{log}\"; echo \"$unit\" | {work}; \
         if [ $(wc -l < \"{log}\") -ge {k} ]; then kill -9 $PPID; exit 0; fi; done",
        log = first.display(),
        k = round.start + size / 2
    );
    let (code, answer, _) = driving.drive(&stopped, &kill);
    assert_ne!(code, 0);
    assert_eq!(answer, "");
    let done = finished(&stopped);
    let in_round = done.iter().filter(|u| u.0 == largest).count();
    assert!(
        0 < in_round && in_round < size,
        "{in_round} of {size} units done"
    );
    // The rounds before it decided, their results gathered; its own a file a unit.
    assert_eq!(under_way(&stopped), [format!("round-{largest}")]);
    let kept_units = std::fs::read(stopped.join(format!("round-{largest}.units"))).unwrap();
    // Started again, with an engine that works every unit twice: the same answer, no
    // unit with a result worked again, the round's units file as it was.
    let twice = format!(
        "tee -a \"{log}\" > \"{units}\"; {work} < \"{units}\"; {work} < \"{units}\"",
        log = second.display(),
        units = dir.join("units.txt").display()
    );
    driving.answers(&stopped, &twice);
    let again = logged(&second);
    assert!(!again.is_empty());
    for unit in &again {
        assert!(!done.contains(unit), "unit {unit:?} worked again");
    }
    let units = std::fs::read(stopped.join(format!("round-{largest}.units"))).unwrap();
    assert_eq!(units, kept_units);
    assert!(finished(&whole).is_subset(&finished(&stopped)));
    assert!(under_way(&stopped).is_empty(), "{:?}", under_way(&stopped));
    // Once more: every result is there, nothing goes to the engine.
    let none = dir.join("none.log");
    driving.answers(&stopped, &format!("tee -a \"{}\"", none.display()));
    assert!(logged(&none).is_empty());
    check_results_kept_twice(&driving, &stopped, &none);
}

/// A driver on `work_dir`, a finished search, stopped while gathering a round leaves its
/// results twice: read alike, gathered again without a unit sent to the engine (which
/// logs them to `log`). One that disagrees with the gathered file fails the run, naming it.
fn check_results_kept_twice(driving: &Driving, work_dir: &Path, log: &Path) {
    let (threshold, id, line) = kept_results(work_dir).swap_remove(0);
    let gathered = work_dir.join(format!("round-{threshold}.results"));
    let before = std::fs::read(&gathered).unwrap();
    let folder = work_dir.join(format!("round-{threshold}"));
    std::fs::create_dir(&folder).unwrap();
    let twice = folder.join(format!("{id}.result"));
    std::fs::write(&twice, format!("{line}\n")).unwrap();
    driving.answers(work_dir, &format!("tee -a \"{}\"", log.display()));
    assert!(logged(log).is_empty());
    assert!(under_way(work_dir).is_empty(), "{:?}", under_way(work_dir));
    assert_eq!(std::fs::read(&gathered).unwrap(), before);
    std::fs::create_dir(&folder).unwrap();
    let nodes = field(&line, "nodes");
    let other = line.replace(&format!("nodes={nodes}"), &format!("nodes={nodes}1"));
    std::fs::write(&twice, format!("{other}\n")).unwrap();
    let (code, answer, stderr) = driving.drive(work_dir, "cat > /dev/null");
    assert_eq!((code, answer.as_str()), (1, ""), "{stderr}");
    let place = format!("round-{threshold}/{id}.result");
    assert!(stderr.contains(&place), "{stderr}");
}

/// Whether a process runs whose command line is `words`, by `/proc` (none without one).
fn running(words: &[&str]) -> bool {
    let wanted: Vec<u8> = words
        .iter()
        .flat_map(|w| [w.as_bytes(), b"\0"].concat())
        .collect();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return false;
    };
    entries
        .filter_map(|entry| std::fs::read(entry.ok()?.path().join("cmdline")).ok())
        .any(|cmdline| cmdline == wanted)
}

#[test]
#[ignore = "tier 2: about 20 s, most of it waiting"]
fn a_decided_round_ends_the_engine_and_what_it_started() {
    let dir = scratch("units-decided");
    let case = "3\n8 6 7 2 5 4 3 0 1\n";
    let in_process = fifteen(&[], case).0;
    // An engine that works its units one at a time, logging each, half a second apart
    // (the driver's time to end it), and then lingers.
    let log = dir.join("engine.log");
    let engine = format!(
        "while IFS= read -r unit; do echo \"$unit\" >> \"{log}\"; echo \"$unit\" | \
         \"{FIFTEEN}\" --units work; sleep 0.5; done; sleep 97",
        log = log.display()
    );
    let work_dir = dir.join("work");
    let args = ["--drive", work_dir.to_str().unwrap(), "--engine", &engine];
    let args = [&args[..], &["--engine-from", "0", "--jobs", "1"]].concat();
    let started = std::time::Instant::now();
    let (code, answer, stderr) = common::run_process(FIFTEEN, &args, case.into());
    assert_eq!((code, &answer), (0, &in_process), "{stderr}");
    // Every round ended when its last result came, not when the engine would have.
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert!(!running(&["sleep", "97"]), "the engine's sleep still runs");
    // The last round ended at its path: the units after it were not worked.
    let units = logged(&log);
    let last = units.iter().map(|u| u.0).max().unwrap();
    let round = std::fs::read_to_string(work_dir.join(format!("round-{last}.units"))).unwrap();
    let worked = units.iter().filter(|u| u.0 == last).count();
    let solved = (kept_results(&work_dir).into_iter())
        .find(|(threshold, _, line)| *threshold == last && line.contains("solved="))
        .map(|(threshold, id, _)| (threshold, id))
        .unwrap();
    assert!(
        worked <= solved.1 + 1,
        "{worked} units worked, the path in unit {}",
        solved.1
    );
    assert!(
        solved.1 + 1 < round.lines().count(),
        "the path in the last unit but one"
    );
}

#[test]
fn a_drivers_limits_are_the_runs_and_a_stopped_run_goes_on() {
    let dir = scratch("units-limits");
    let case =
        std::fs::read_to_string(common::golden::inputs_dir().join("fifteen-korf8.txt")).unwrap();
    let case: String = case
        .lines()
        .take(5)
        .map(|line| format!("{line}\n"))
        .collect();
    let small = ["--jobs", "1", "--max-memory", "3"];
    let in_process = fifteen(&small, &case).0;
    let drive = |work_dir: &Path, args: &[&str]| {
        let args = [&["--drive", work_dir.to_str().unwrap()][..], &small, args].concat();
        common::run_process(FIFTEEN, &args, case.clone().into_bytes())
    };
    // The units worked here stop at the run's node limit, not at each unit's.
    let work_dir = dir.join("nodes");
    let (code, answer, stderr) = drive(&work_dir, &["--max-nodes", "100000"]);
    assert_eq!((code, answer.as_str()), (3, ""), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error: case 1: node limit reached: 100000 nodes generated (--max-nodes 100000)"
    );
    let done = finished(&work_dir);
    assert!(!done.is_empty());
    // Started again without the limit, it goes on to the answer.
    let (code, answer, stderr) = drive(&work_dir, &[]);
    assert_eq!((code, &answer), (0, &in_process), "{stderr}");
    assert!(done.is_subset(&finished(&work_dir)));
    assert!(
        under_way(&work_dir).is_empty(),
        "{:?}",
        under_way(&work_dir)
    );
    // An engine that never answers is ended at the run's time limit.
    let started = std::time::Instant::now();
    let args = [
        "--engine",
        "sleep 98",
        "--engine-from",
        "0",
        "--time-limit",
        "1",
    ];
    let (code, answer, stderr) = drive(&dir.join("time"), &args);
    assert_eq!((code, answer.as_str()), (3, ""), "{stderr}");
    assert!(
        stderr.starts_with("error: case 1: time limit reached: 1 s elapsed after 0 nodes"),
        "{stderr}"
    );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    assert!(!running(&["sleep", "98"]), "the engine still runs");
}

/// The long runs (minutes to hours, gigabytes of tables): ignored, and left out of the
/// second tier too; `cargo test --release --test fifteen -- --ignored long::` runs them.
mod long {
    use super::*;

    #[test]
    #[ignore = "long: needs the 6-6-6-6 tables that korf's ignored tests keep in target/tmp (minutes to build once), then a minute or two"]
    fn a_driver_through_xargs_solves_korf_and_felners_easiest_boards_with_cached_tables() {
        let cache = super::super::korf::kept_tables();
        let cached = cache.to_str().unwrap();
        let five = Shape { rows: 5, cols: 5 };
        let goal = Goal::Standard.board(five).unwrap();
        for (id, length, board) in korf("korf24-blank-last.txt", &[38, 40]) {
            let case = case_text(five, &board);
            let in_process = fifteen(&["--jobs", "2", "--cache", cached], &case).0;
            let dir = scratch(&format!("units-korf24-{id}"));
            let engine = xargs_engine(&["--cache", cached]);
            let args = [
                "--drive",
                dir.to_str().unwrap(),
                "--engine",
                &engine,
                "--engine-from",
                "0",
            ];
            let (answer, stats) = fifteen(
                &[&args[..], &["--jobs", "2", "--cache", cached, "--stats"]].concat(),
                &case,
            );
            assert_eq!(answer, in_process, "#{id}");
            let path = answer.lines().nth(1).unwrap();
            assert_eq!(path.len(), length, "#{id}");
            assert_replays(five, &board, &goal, path);
            let rounds = stats.lines().filter(|line| line.starts_with("round "));
            let nodes = rounds.map(stats_nodes).sum();
            let units = std::fs::read_to_string(dir.join(format!("round-{length}.units"))).unwrap();
            let first = units.lines().next().unwrap();
            let search = UnitSearch {
                bound: field(first, "bound"),
                pruner: field(first, "pruner"),
            };
            let in_one = one_thread(five, &board, &goal, Some(&cache), search);
            assert_nodes(path, nodes, in_one, search);
        }
    }
}
