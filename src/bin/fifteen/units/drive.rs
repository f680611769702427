//! The driver of `--drive DIR`: the rounds of one board in turn, each cut into units
//! (kept from a run before if there), the units without a result worked here or handed
//! to an engine, each result kept in a file as it comes, merged, until the answer.
//!
//! The work directory holds `round-T.units`, the unit lines of the round of threshold T,
//! and `round-T/ID.result`, the result line of its unit ID while the round is under way;
//! once it is decided, its results are gathered into `round-T.results`, a line a unit
//! worked in the order of the units, and its folder is removed. Each file is written
//! under a temporary name (starting with `.`) and then renamed, so a stopped driver
//! leaves no half-written file. A driver started again on the directory goes through the
//! rounds from the first: a round whose units file is there keeps it, a unit whose result
//! is there (in either form; a driver stopped while gathering leaves both) is not worked
//! again, and a result that comes twice must agree with the file. The directory is small
//! text: two files a decided round, and the units file and a file a unit done of the
//! round under way (besides the temporaries of a driver killed while writing, which a
//! driver started again passes over).

use super::super::board::Move;
use super::super::error::Error;
use super::super::search::bound::LowerBound;
use super::super::search::ida::{threshold_from, Iteration};
use super::super::search::plan::BoundJob;
use super::super::search::prune::MovePruner;
use super::super::search::{Budget, Puzzle};
use super::format::{read_line, read_lines, Line, Problem, Round, Unit, Worked};
use super::merge::{differing, Book, Merged};
use super::shared::{at, Units};
use super::split::{split, Cut, UNITS_PER_WORKER};
use super::work::work;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};

/// The nodes of the round before from which, by default, a round goes to the engine:
/// rounds before are worked here, since starting an engine's processes and reading
/// their tables would cost more than they take.
pub(crate) const ENGINE_FROM: u64 = 1 << 24;

/// A driver on its work directory.
pub(crate) struct Driver<'a> {
    pub dir: &'a Path,
    pub units: &'a Units<'a>,
}

/// Fails with `message` about `path`.
fn dir_error(path: &Path, message: impl ToString) -> Error {
    Error::WorkDir {
        path: path.display().to_string(),
        message: message.to_string(),
    }
}

/// Writes `text` to `path` under a temporary name in its folder (made if missing), then
/// renames it, so that `path` is whole or absent.
fn write_whole(path: &Path, text: &str) -> Result<(), Error> {
    let folder = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).map_err(|e| dir_error(folder, e))?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = folder.join(format!(".{name}.{}", std::process::id()));
    let written = std::fs::File::create(&temporary)
        .and_then(|mut file| {
            file.write_all(text.as_bytes())
                .and_then(|_| file.sync_all())
        })
        .and_then(|_| std::fs::rename(&temporary, path));
    written.map_err(|e| dir_error(path, e))
}

/// The lines of the file at `path`, or `None` when there is none.
fn read_kept(path: &Path) -> Result<Option<Vec<Line>>, Error> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(dir_error(path, e)),
    };
    let lines = read_lines(&bytes)
        .map(|(number, line)| line.map_err(at(format!("{}, line {number}", path.display()))));
    lines.collect::<Result<_, _>>().map(Some)
}

impl Driver<'_> {
    /// The file of the units of the round of `threshold`.
    fn units_path(&self, threshold: u32) -> PathBuf {
        self.dir.join(format!("round-{threshold}.units"))
    }

    /// The folder of the results of the round of `threshold` while it is under way.
    fn results_folder(&self, threshold: u32) -> PathBuf {
        self.dir.join(format!("round-{threshold}"))
    }

    /// The file of the results of the round of `threshold` once it is decided.
    fn results_file(&self, threshold: u32) -> PathBuf {
        self.dir.join(format!("round-{threshold}.results"))
    }

    /// A unit of the round of least threshold kept in the directory, if any.
    pub(crate) fn first_kept(&self) -> Result<Option<Unit>, Error> {
        let entries = match std::fs::read_dir(self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(dir_error(self.dir, e)),
        };
        let threshold = |name: &str| {
            name.strip_prefix("round-")?
                .strip_suffix(".units")?
                .parse()
                .ok()
        };
        let names = entries.filter_map(|entry| entry.ok()?.file_name().into_string().ok());
        let Some(least) = names.filter_map(|name| threshold(&name)).min() else {
            return Ok(None);
        };
        Ok(self
            .kept_units(least)?
            .and_then(|units| units.into_iter().next()))
    }

    /// The units kept for the round of `threshold`, checked to be one round's, in order.
    fn kept_units(&self, threshold: u32) -> Result<Option<Vec<Unit>>, Error> {
        let path = self.units_path(threshold);
        let Some(lines) = read_kept(&path)? else {
            return Ok(None);
        };
        let place = || at(path.display());
        let units: Vec<Unit> = (lines.into_iter())
            .map(|line| match line {
                Line::Unit(unit) => Ok(unit),
                Line::Worked(_) => Err(place()(Problem::Kind { expected: "unit" })),
            })
            .collect::<Result<_, _>>()?;
        let whole = units.first().map_or(0, |unit| unit.round.units);
        let in_order = units.iter().enumerate().all(|(i, unit)| unit.id == i + 1);
        if units.len() != whole || !in_order || whole == 0 {
            let found = units.len();
            return Err(place()(Problem::Incomplete {
                found,
                units: whole,
            }));
        }
        Ok(Some(units))
    }

    /// Puts the results kept for `book`'s round in it: gathered, and in its folder.
    fn kept_results(&self, book: &mut Book) -> Result<(), Error> {
        let threshold = book.round.threshold;
        let mut files = vec![self.results_file(threshold)];
        let folder = self.results_folder(threshold);
        match std::fs::read_dir(&folder) {
            Ok(entries) => {
                for entry in entries {
                    let path = entry.map_err(|e| dir_error(&folder, e))?.path();
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    if !name.starts_with('.') && name.ends_with(".result") {
                        files.push(path);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(dir_error(&folder, e)),
        }
        for path in files {
            for line in read_kept(&path)?.unwrap_or_default() {
                let taken = match line {
                    Line::Worked(worked) => book.add_result(worked),
                    Line::Unit(_) => Err(Problem::Kind { expected: "result" }),
                };
                taken.map_err(at(path.display()))?;
            }
        }
        Ok(())
    }

    /// Gathers the results of `book`'s round, decided, into one file and removes its
    /// folder, if it has one: the file is written whole before the folder goes, so a
    /// driver stopped in between finds the results twice, alike. O(units).
    fn gather(&self, book: &Book) -> Result<(), Error> {
        debug_assert!(book.answer().is_ok(), "a round under way gathered");
        let folder = self.results_folder(book.round.threshold);
        if !folder.try_exists().map_err(|e| dir_error(&folder, e))? {
            return Ok(());
        }
        let text: String = book.results().map(|worked| format!("{worked}\n")).collect();
        write_whole(&self.results_file(book.round.threshold), &text)?;
        // The new name made lasting before the folder goes (best effort: where a
        // directory cannot be synced, a power cut may only cost the round worked again).
        let _ = std::fs::File::open(self.dir).and_then(|dir| dir.sync_all());
        std::fs::remove_dir_all(&folder).map_err(|e| dir_error(&folder, e))
    }

    /// Takes a result, read at `place`: into `book` (checked), and into its file unless
    /// its unit has one; its nodes are the run's unless `here` (worked here, counted).
    fn keep(&self, book: &mut Book, worked: Worked, place: &str, here: bool) -> Result<(), Error> {
        let (id, nodes) = (worked.id, worked.nodes);
        let fresh = !book.has_result(id);
        let text = format!("{worked}\n");
        book.add_result(worked).map_err(at(place))?;
        if fresh {
            let folder = self.results_folder(book.round.threshold);
            write_whole(&folder.join(format!("{id}.result")), &text)?;
            self.units.progress.unit_done(if here { 0 } else { nodes });
        }
        Ok(())
    }

    /// Hands `units` to the engine `command` (`sh -c`: units on its stdin, results on its
    /// stdout, its stderr the driver's), keeping each result as it comes, until the round
    /// is decided ([`Book::answer`]: a path with every unit before it worked, or every
    /// unit worked), when the engine and the processes it started are ended
    /// ([`end_engine`]); ended too when the run passes `--time-limit` (a watchdog
    /// thread) or `--max-nodes` (counted by the results), the driver's one case then
    /// failing with the limit. Fails on a line that is no result of the round, or when
    /// the engine fails before the round is decided.
    fn engine(&self, command: &str, units: &[(usize, Unit)], book: &mut Book) -> Result<(), Error> {
        let failed = |message: String| Error::Engine {
            command: command.to_string(),
            message,
        };
        let (progress, limits) = (self.units.progress, &self.units.settings().limits);
        if let Some(hit) = progress.passed(limits) {
            return Err(Error::Limit { case: 1, hit });
        }
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| failed(format!("cannot start: {e}")))?;
        let text: String = units.iter().map(|(_, unit)| format!("{unit}\n")).collect();
        if let Some(mut stdin) = child.stdin.take() {
            // Not joined: an engine that stops reading ends the write, not the driver.
            std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        }
        let (stop_watch, stopped) = mpsc::channel::<()>();
        let pid = child.id();
        let watchdog = (limits.time_limit).map(|limit| {
            let wait = limit.saturating_sub(progress.started.elapsed());
            std::thread::spawn(move || {
                if stopped.recv_timeout(wait) == Err(RecvTimeoutError::Timeout) {
                    end_engine(pid);
                }
            })
        });
        let mut read = Ok(());
        if let Some(stdout) = child.stdout.take() {
            for (number, line) in BufReader::new(stdout).lines().enumerate() {
                let place = format!("the engine's line {}", number + 1);
                read = match line.map(|line| read_line(&line)) {
                    Err(e) => Err(failed(format!("cannot be read: {e}"))),
                    Ok(Ok(Some(Line::Worked(worked)))) => self.keep(book, worked, &place, false),
                    Ok(Ok(None)) => Ok(()),
                    Ok(Ok(Some(Line::Unit(_)))) => {
                        Err(at(&place)(Problem::Kind { expected: "result" }))
                    }
                    Ok(Err(problem)) => Err(at(&place)(problem)),
                };
                if read.is_err() || book.answer().is_ok() || progress.passed(limits).is_some() {
                    end_engine(pid);
                    let _ = child.kill();
                    break;
                }
            }
        }
        drop(stop_watch);
        if let Some(watchdog) = watchdog {
            let _ = watchdog.join();
        }
        let status = child
            .wait()
            .map_err(|e| failed(format!("cannot be waited for: {e}")))?;
        // A limit first: the engine ended at it may leave half a line.
        if let Some(hit) = progress.passed(limits).filter(|_| book.answer().is_err()) {
            return Err(Error::Limit { case: 1, hit });
        }
        read?;
        if book.answer().is_ok() {
            return Ok(());
        }
        match status.success() {
            true => Ok(()),
            false => Err(failed(format!("ended with {status}"))),
        }
    }
}

/// Ends the engine, process `child`, and the processes it started, found by their
/// parents in `/proc` (Linux; elsewhere the child alone, and its workers end when they
/// next write a result to the closed pipe): stopped, found again, until no new one is
/// found (a stopped process starts none), then sent `TERM` and continued, by the shell's
/// `kill`. O(rounds of search · processes on the machine · processes of the engine).
fn end_engine(child: u32) {
    let signal = |name: &str, pids: &[u32]| {
        let _ = (Command::new("sh").args(["-c", "kill -s \"$0\" \"$@\"", name]))
            .args(pids.iter().map(u32::to_string))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    };
    let mut stopped: Vec<u32> = Vec::new();
    loop {
        let new: Vec<u32> = (process_tree(child).into_iter())
            .filter(|pid| !stopped.contains(pid))
            .collect();
        if new.is_empty() {
            break;
        }
        signal("STOP", &new);
        stopped.extend(new);
    }
    signal("TERM", &stopped);
    signal("CONT", &stopped);
}

/// Process `root` and those it started, and they started, in `/proc`.
fn process_tree(root: u32) -> Vec<u32> {
    let parents = processes_by_parent();
    let mut tree = vec![root];
    let mut next = 0;
    while let Some(&parent) = tree.get(next) {
        let children = parents.iter().filter(|&&(_, of)| of == parent);
        tree.extend(children.map(|&(pid, _)| pid));
        next += 1;
    }
    tree
}

/// Each process of `/proc` with its parent's id: none where there is no `/proc`.
fn processes_by_parent() -> Vec<(u32, u32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let parent_of = |pid: u32| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // "pid (command) state ppid ...": the command may hold spaces and parentheses.
        let after_command = stat.rsplit(')').next()?;
        after_command.split_whitespace().nth(1)?.parse().ok()
    };
    let pids = entries.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok());
    pids.filter_map(|pid| Some((pid, parent_of(pid)?)))
        .collect()
}

impl Driver<'_> {
    /// The round of `iteration` (other fields as in `round`): its units kept in the
    /// directory (checked to be of `round`'s search) or cut by `cut` and kept, with the
    /// results kept; the units without one, unless the round's answer is known, worked
    /// here or handed to `engine`; the results gathered once the round is decided.
    fn play<B: LowerBound>(
        &self,
        iteration: &Iteration<B>,
        round: &Round,
        cut: Cut,
        budget: &Budget,
        engine: Option<&str>,
    ) -> Result<Book, Error> {
        let path = self.units_path(round.threshold);
        let units = match self.kept_units(round.threshold)? {
            Some(units) => units,
            None => {
                let units = split(iteration, round.clone(), cut, budget)
                    .map_err(|hit| Error::Limit { case: 1, hit })?;
                let text: String = units.iter().map(|unit| format!("{unit}\n")).collect();
                write_whole(&path, &text)?;
                units
            }
        };
        let first = &units[0].round;
        let ours = Round {
            depth: first.depth,
            above: first.above,
            split_nodes: first.split_nodes,
            units: first.units,
            ..round.clone()
        };
        let mut book = Book::new(ours);
        for unit in &units {
            book.add_unit(unit.clone()).map_err(at(path.display()))?;
        }
        self.kept_results(&mut book)?;
        let progress = self.units.progress;
        progress.start(Some(round.threshold), book.done(), units.len());
        if book.answer().is_err() {
            self.work_missing(units, &mut book, engine)?;
        }
        if book.answer().is_ok() {
            self.gather(&book)?;
        }
        Ok(book)
    }

    /// Works the units of `units` that have no result in `book` here, or hands them to
    /// `engine`, until the round is decided or they are done. O(units) besides their
    /// searches.
    fn work_missing(
        &self,
        units: Vec<Unit>,
        book: &mut Book,
        engine: Option<&str>,
    ) -> Result<(), Error> {
        let missing: Vec<(usize, Unit)> = (units.into_iter())
            .filter(|unit| !book.has_result(unit.id))
            .map(|unit| (unit.id, unit))
            .collect();
        match engine {
            Some(command) => self.engine(command, &missing, book),
            None => {
                let place = self
                    .results_folder(book.round.threshold)
                    .display()
                    .to_string();
                let worked = work(&missing, self.units, &mut |worked| {
                    self.keep(book, worked, &place, true)
                });
                // A limit is the run's, not a unit's: the driver's one case.
                worked.map_err(|e| match e {
                    Error::Limit { hit, .. } => Error::Limit { case: 1, hit },
                    e => e,
                })
            }
        }
    }
}

/// The rounds of one search from its first on, until the answer: its board and the
/// bound and pruner of its units in `round`.
pub(crate) struct DriveJob<'a> {
    pub driver: &'a Driver<'a>,
    pub round: Round,
}

impl BoundJob for DriveJob<'_> {
    /// The path, or `None` when there is none, and the nodes of the rounds.
    type Output = Result<(Option<Vec<Move>>, u64), Error>;

    /// The first round's threshold is the bound of the board. Each next round is cut
    /// from the last one's depth on (a unit's share of a round changes little from one
    /// round to the next, and a deeper cut costs few nodes), from one below when the
    /// last one's slowest unit took more than half a worker's share of its nodes; it
    /// goes to the engine once a round before it took `--engine-from` nodes.
    fn run<B: LowerBound>(self, puzzle: &Puzzle, bound: &B) -> Self::Output {
        let DriveJob { driver, mut round } = self;
        let run = driver.units;
        let (request, workers) = (run.request, run.workers as u64);
        let pruner: &MovePruner = puzzle.pruner(round.deeper());
        round.threshold = threshold_from(puzzle, &round.board, bound.start(&round.board).1);
        let mut cut = Cut {
            fixed: request.depth,
            from: 1,
            wanted: UNITS_PER_WORKER * run.workers,
            before: u64::MAX,
        };
        let budget = Budget::new(run.settings().limits);
        let (mut before, mut nodes) = (0, 0);
        loop {
            let iteration = Iteration {
                puzzle,
                pruner,
                bound,
                start: &round.board,
                threshold: round.threshold,
            };
            let engine_from = request.engine_from.unwrap_or(ENGINE_FROM);
            let engine = (request.engine.as_deref()).filter(|_| before >= engine_from);
            let book = driver.play(&iteration, &round, cut, &budget, engine)?;
            let merged =
                (book.answer()).map_err(at(driver.units_path(round.threshold).display()))?;
            if run.stats {
                run.notes.note(&book.stats_line());
            }
            nodes += book.nodes();
            match merged {
                Merged::Path(path) => return Ok((Some(path), nodes)),
                Merged::NoPath => return Ok((None, nodes)),
                Merged::Next(next) => {
                    before = book.nodes();
                    let slowest = book.slowest().map_or(0, |(_, nodes, _)| nodes);
                    let depth = book.round.depth;
                    let dominated = slowest.saturating_mul(2 * workers) > before;
                    cut.from = depth.max(1) + u32::from(dominated);
                    cut.before = before;
                    round.threshold = next;
                }
            }
        }
    }
}

/// The first of the shape, goal and board in which `kept`, a round kept in a work
/// directory, differs from `case`'s, if any.
pub(crate) fn case_differs(kept: &Round, case: &Round) -> Option<&'static str> {
    let ours = Round {
        shape: case.shape,
        goal: case.goal.clone(),
        board: case.board.clone(),
        ..kept.clone()
    };
    differing(kept, &ours)
}
