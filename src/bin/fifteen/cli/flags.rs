//! Every flag of the command line in one place ([`FLAGS`]): its names, its value, its help
//! and what it sets; the help written from them, wrapped to 80 columns, and [`parse_args`],
//! which reads the command line by them. Adding a flag is adding its entry (and, if it
//! sets something new, a field of `args::Config` with its default).

use super::super::board::{Lettering, Shape};
use super::super::error::UsageError;
use super::super::formats::{Input, Lines};
use super::super::goal::Goal;
use super::super::notation::{Metric, Notation};
use super::super::parse::goal_tiles;
use super::super::search::ida::MOST_MOVES;
use super::super::solve::{EveryPath, MapKind};
use super::super::units::Mode;
use super::args::{Chosen, Command, Given, Search, Show};
use std::time::Duration;

/// The usage line printed by `--help` and after a usage error.
pub(crate) const USAGE: &str = "usage: fifteen [OPTIONS] [FILE]";

/// What `--help` prints before the options: what the program does and its input.
const ABOUT: &str = "
Solves the n x n sliding-tile puzzle and its rectangular kin (Montresor 19.5,
the 15-puzzle, Korf's 100): the least number of moves to the goal, and the
moves.

Input: cases until end of input, from FILE or else from stdin. A case is a
header line, n (an n x n board) or \"rows cols\", then rows*cols integers,
row-major, 0 the blank. Piped input and files are read whole; at a terminal
each case is answered once its last tile is typed (Ctrl-D ends).

Options:
  FILE              read the cases from FILE instead of stdin
";

/// What `--help` prints after the options: output, exit codes, examples.
const OUTRO: &str = "
Output: per case, the number of moves (-1 when the goal cannot be reached),
then, for a reachable goal, the path in U D L R (the direction the blank moves;
an empty line for a solved board).

Exit codes: 0 done (also when the reader of stdout closes it early); 1 bad
input (\"error: case N: ...\" on stderr, after the answers to the cases before
it) or a FILE that cannot be read (or written, for --svg); 2 bad usage (--show
or --svg on too large a board or path, too); 3 a limit reached.

--check reads each case followed by its answer: the count line, then the path
line (-1 alone for an unreachable goal; 0 alone for a solved board), or the
path line alone. It prints per case \"ok COUNT\" or \"case N: \" and what is wrong
and where, and exits 0 when every answer is accepted, 1 when one is not.
--check INPUT OUTPUT [ANSWER [REPORT]] is a testlib checker: INPUT the cases;
OUTPUT and ANSWER (the jury's, taken as the least, else the checker solves)
answers with their counts; one line on stderr, and in REPORT when named; exit
0 ok, 1 wrong answer, 2 wrong output format, 3 FAIL.

Examples:
  $ printf '3\\n2 8 3\\n1 0 4\\n7 6 5\\n' | fifteen --goal spiral
  4
  ULDR
  $ printf '2 3\\n1 2 3\\n0 4 5\\n' | fifteen
  2
  RR
  $ fifteen --algo any boards.txt        # fast, not optimal, any size
  $ fifteen --cache tables korf100.txt   # 8-7 tables in tables/, built once
  $ fifteen --check in.txt out.txt ans.txt   # a judge's checker
  $ fifteen --show board.txt                 # the boards, one a move
  $ fifteen --svg solution.svg board.txt     # a picture that plays the solution";

/// The width of the help, in characters.
pub(crate) const HELP_WIDTH: usize = 80;

/// The column where a flag's help starts.
const HELP_COLUMN: usize = 20;

/// The most paths `--all-paths` lists: they are held until their case is answered.
const MOST_LISTED: u64 = 1 << 20;

/// A flag of the command line: everything about it.
pub(super) struct Flag {
    /// The heading of the group of flags it opens in the help, if it opens one.
    group: Option<&'static str>,
    /// Its names, the long one last (the one messages use).
    pub(super) names: &'static [&'static str],
    /// The name of its value in the help (`N`, `DIR`), if it takes one: `--flag value` or
    /// `--flag=value`.
    pub(super) value: Option<&'static str>,
    /// Its help, one paragraph, wrapped where it is written.
    help: &'static str,
    /// What it sets, from its value (empty for a flag that takes none).
    set: fn(&mut Chosen, Given) -> Result<(), UsageError>,
}

impl Flag {
    /// The name that messages give it.
    fn name(&self) -> &'static str {
        self.names[self.names.len() - 1]
    }
}

/// Every flag, in the order of the help, which is written from this table, in groups.
pub(super) const FLAGS: [Flag; 33] = [
    Flag {
        group: None,
        names: &["--version"],
        value: None,
        help: "print the name and version",
        set: |chosen, _| {
            chosen.asked = Some(Command::Version);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["-h", "--help"],
        value: None,
        help: "print this help",
        set: |chosen, _| {
            chosen.asked = Some(Command::Help);
            Ok(())
        },
    },
    Flag {
        group: Some("The search"),
        names: &["--algo"],
        value: Some("A"),
        help: "ida (default): optimal, the canonical path; astar, bfs: the textbook searches, \
               optimal; dfs: some path of at most --bound K moves; any: fast, not optimal, \
               for boards of any size",
        set: |chosen, given| {
            let searches = [
                ("ida", Search::Ida),
                ("astar", Search::Astar),
                ("bfs", Search::Bfs),
                ("dfs", Search::Dfs),
                ("any", Search::Any),
            ];
            chosen.search = given.pick(&searches, "ida, astar, bfs, dfs or any")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--bound"],
        value: Some("K"),
        help: "the most moves of dfs",
        set: |chosen, given| {
            chosen.bound = Some(given.number(|_| true, "a number of moves")?);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--map"],
        value: Some("M"),
        help: "the level map of astar and bfs: hash (default) or btree",
        set: |chosen, given| {
            let maps = [("hash", MapKind::Hash), ("btree", MapKind::BTree)];
            chosen.config.solver.map = given.pick(&maps, "hash or btree")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--goal"],
        value: Some("G"),
        help: "standard (default: 1 2 ... N-1 0), blank-first (0 1 ... N-1), spiral, or \
               \"t t t ...\" (a board of the case's size)",
        set: |chosen, given| {
            let expected = "standard, blank-first, spiral or the tiles 0..N-1 of a board";
            chosen.config.solver.goal = match given.value {
                "standard" => Goal::Standard,
                "blank-first" => Goal::BlankFirst,
                "spiral" => Goal::Spiral,
                text => Goal::Explicit(goal_tiles(text).ok_or_else(|| given.bad(expected))?),
            };
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--metric"],
        value: Some("M"),
        help: "what ida counts as a move: stm (default), a tile; mtm, a run of tiles along a \
               row or column (boards of at most 4 x 4)",
        set: |chosen, given| {
            let metrics = [("stm", Metric::Single), ("mtm", Metric::Multi)];
            chosen.config.solver.metric = given.pick(&metrics, "stm or mtm")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--jobs"],
        value: Some("N"),
        help: "threads (default 1): cases at once, or one board shared",
        set: |chosen, given| {
            let jobs = given.number(|&n: &usize| n > 0, "a positive number of threads")?;
            chosen.config.solver.jobs = jobs;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--cache"],
        value: Some("DIR"),
        help: "keep ida's tables in files in DIR: on the 4x4, 8-7 tables (577 MB, minutes to \
               build once; the hardest boards in seconds); with --metric mtm, its table \
               (4x4: 151 MB, seconds to build)",
        set: |chosen, given| {
            chosen.config.solver.cache = Some(given.path("a directory")?);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--max-nodes"],
        value: Some("N"),
        help: "stop a search after N nodes (exit 3)",
        set: |chosen, given| {
            let nodes = given.number(|_| true, "a number of nodes")?;
            chosen.config.solver.limits.max_nodes = Some(nodes);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--time-limit"],
        value: Some("S"),
        help: "stop a search, or a table's build, after S seconds (exit 3)",
        set: |chosen, given| {
            let positive = |&s: &f64| s > 0.0 && s < 1e9;
            let seconds = given.number(positive, "a positive number of seconds")?;
            chosen.config.solver.limits.time_limit = Some(Duration::from_secs_f64(seconds));
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--max-memory"],
        value: Some("MIB"),
        help: "the memory astar and bfs, and ida's tables, may use (default 4096; exit 3)",
        set: |chosen, given| {
            let mib = given.number(|&n: &usize| n > 0, "a positive number of MiB")?;
            chosen.config.solver.limits.max_memory_mib = mib;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--stats"],
        value: None,
        help: "per case on stderr: search, bound, nodes (for ida, generated and expanded), \
               table and solve times",
        set: |chosen, _| {
            chosen.config.stats = true;
            Ok(())
        },
    },
    Flag {
        group: Some("Input and output"),
        names: &["--input"],
        value: Some("FORM"),
        help: "how the cases are written: header (default, as above); bare, boards of \
               --shape with no header, until the end (Aizu ALDS1_13_C, SPOJ); counted, the \
               number of cases first, then bare boards (UVa 10181)",
        set: |chosen, given| {
            let four = Shape { rows: 4, cols: 4 };
            let forms = [
                ("header", Input::Header),
                ("bare", Input::Bare(four)),
                ("counted", Input::Counted(four)),
            ];
            chosen.config.input = given.pick(&forms, "header, bare or counted")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--shape"],
        value: Some("RxC"),
        help: "the boards of --input bare or counted, or of --random: RxC or N (default 4x4)",
        set: |chosen, given| {
            let sides = match given.value.split_once('x') {
                Some((rows, cols)) => (rows.parse::<usize>(), cols.parse()),
                None => (given.value.parse::<usize>(), given.value.parse()),
            };
            chosen.shape = match sides {
                (Ok(rows), Ok(cols)) if rows.checked_mul(cols).is_some_and(|n| n > 0) => {
                    Some(Shape { rows, cols })
                }
                _ => return Err(given.bad("RxC or N, positive: 4x4, 3")),
            };
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--output"],
        value: Some("LINES"),
        help: "what is printed of each answer: both (default), the number of moves then the \
               path; moves, the number alone; path, the path alone",
        set: |chosen, given| {
            let lines = [
                ("both", Lines::Both),
                ("moves", Lines::Moves),
                ("path", Lines::Path),
            ];
            chosen.config.output.lines = given.pick(&lines, "both, moves or path")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--unsolvable"],
        value: Some("TEXT"),
        help: "the line printed when the goal cannot be reached (default -1; \"This puzzle \
               is not solvable.\" for UVa 10181, NIE for SPOJ)",
        set: |chosen, given| {
            if given.value.contains(['\n', '\r']) {
                return Err(given.bad("one line of text"));
            }
            chosen.config.output.unreachable = given.value.to_string().into();
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--letters"],
        value: Some("L"),
        help: "what a path letter names, in paths written and read: blank (default), the \
               direction the blank moves, as judges write; tile, the direction the moved \
               tile goes (the opposite letter), as speedsolvers and slidy write. Either way \
               the canonical path is the least in D < L < R < U of the blank's moves",
        set: |chosen, given| {
            let letterings = [("blank", Lettering::Blank), ("tile", Lettering::Tile)];
            chosen.config.letters = given.pick(&letterings, "blank or tile")?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--notation"],
        value: Some("W"),
        help: "how paths are written: letters (default), a letter a move; runs, a letter and \
               its count when above 1 (R3 D2 L); runs-compact, the same with nothing between \
               (slidy's R3D2L). --check reads all three",
        set: |chosen, given| {
            let notations = [
                ("letters", Notation::Letters),
                ("runs", Notation::Runs),
                ("runs-compact", Notation::CompactRuns),
            ];
            let expected = "letters, runs or runs-compact";
            chosen.config.notation = given.pick(&notations, expected)?;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--all-paths"],
        value: Some("N"),
        help: "with ida: after the number of moves, every optimal path, a line each, in \
               canonical order (the first is the one printed without it); at most N (up to \
               1048576), a note on stderr past it",
        set: |chosen, given| {
            let expected = "a number of paths from 1 to 1048576";
            let limit = given.number(|&n| n > 0 && n <= MOST_LISTED, expected)?;
            chosen.set_paths(EveryPath { limit, list: true })
        },
    },
    Flag {
        group: None,
        names: &["--count-paths"],
        value: Some("N"),
        help: "with ida: after the number of moves, how many optimal paths there are, \
               counted up to N (\"more than N\" past it)",
        set: |chosen, given| {
            let limit = given.number(|&n| n > 0, "a positive number of paths")?;
            chosen.set_paths(EveryPath { limit, list: false })
        },
    },
    Flag {
        group: Some("Checking and seeing answers"),
        names: &["--check"],
        value: None,
        help: "check the answer after each case: legal, reaching the goal, the least number \
               of moves (solved with --algo ida, astar or bfs); with INPUT OUTPUT [ANSWER \
               [REPORT]], testlib's checker (below)",
        set: |chosen, _| {
            chosen.check = true;
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--show"],
        value: None,
        help: "after each answer, the boards from the start to the goal, one a move, the \
               tile moved in [ ]; played in place on a terminal (boards of at most 10 x 10, \
               paths of at most 1000 moves: exit 2)",
        set: |chosen, _| {
            chosen.config.show = Some(Show::Frames);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--svg"],
        value: Some("FILE"),
        help: "write a picture that plays each solution in a browser to FILE (case 1), \
               FILE-2 (case 2, before FILE's extension), ...; none for -1; the limits of \
               --show",
        set: |chosen, given| {
            chosen.config.svg = Some(given.path("a file")?);
            Ok(())
        },
    },
    Flag {
        group: Some("Random boards"),
        names: &["--random"],
        value: Some("N"),
        help: "print N boards of --shape (default 4x4) that reach --goal, each drawn alike \
               among them, in the --input form; reads no input",
        set: |chosen, given| {
            chosen.drawing.count = Some(given.number(|_| true, "a whole number")?);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--walk"],
        value: Some("K"),
        help: "with --random: each board the end of K random moves from the goal, none \
               undoing the one before (at most 4294967296, and within --time-limit)",
        set: |chosen, given| {
            let expected = "a whole number up to 4294967296";
            let walk = given.number(|&k| k <= MOST_WALK, expected)?;
            chosen.drawing.walk = Some(walk);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--seed"],
        value: Some("S"),
        help: "with --random: the seed (default 1); a seed gives the same boards",
        set: |chosen, given| {
            chosen.drawing.seed = Some(given.number(|_| true, "a whole number")?);
            Ok(())
        },
    },
    Flag {
        group: Some("One search on many machines"),
        names: &["--units"],
        value: Some("MODE"),
        help: "one ida search as units of text for other processes: split (a round of each \
               case as unit lines), work (unit lines in, result lines out), merge (a \
               round's unit and result lines in, the answer or the next threshold out)",
        set: |chosen, given| {
            let modes = [
                ("split", Mode::Split),
                ("work", Mode::Work),
                ("merge", Mode::Merge),
            ];
            let mode = given.pick(&modes, "split, work or merge");
            chosen.set_mode(given.flag, mode?)
        },
    },
    Flag {
        group: None,
        names: &["--threshold"],
        value: Some("T"),
        help: "the round --units split cuts (default: the board's first)",
        set: |chosen, given| {
            chosen.config.units.threshold = Some(moves(given)?);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--depth"],
        value: Some("D"),
        help: "the depth at which --units split and --drive cut a round (default: 8 units a \
               --jobs worker, deeper if one unit dominates)",
        set: |chosen, given| {
            chosen.config.units.depth = Some(moves(given)?);
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--drive"],
        value: Some("DIR"),
        help: "solve the case round by round as units, written to DIR; run again, it goes on \
               where it stopped",
        set: |chosen, given| {
            let dir = given.path("a directory")?;
            chosen.set_mode(given.flag, Mode::Drive(dir))
        },
    },
    Flag {
        group: None,
        names: &["--engine"],
        value: Some("CMD"),
        help: "with --drive: the shell command that works a round's units (stdin) into \
               results (stdout); default: the threads here",
        set: |chosen, given| {
            if given.value.trim().is_empty() {
                return Err(given.bad("a shell command"));
            }
            chosen.config.units.engine = Some(given.value.to_string());
            Ok(())
        },
    },
    Flag {
        group: None,
        names: &["--engine-from"],
        value: Some("N"),
        help: "with --engine: a round goes to it once a round before took N nodes (default \
               16777216; smaller rounds are worked here)",
        set: |chosen, given| {
            chosen.engine_from = Some(given.number(|_| true, "a number of nodes")?);
            Ok(())
        },
    },
];

/// The most moves `--walk` takes: a walk is made move by move, and stops at `--time-limit`.
pub(crate) const MOST_WALK: u64 = 1 << 32;

/// The number of moves of `--threshold` or `--depth`, at most [`MOST_MOVES`].
fn moves(given: Given) -> Result<u32, UsageError> {
    given.number(|&moves| moves <= MOST_MOVES, "a number of moves up to 1000")
}

impl Chosen {
    /// Sets the mode of the units, `mode`, given by `flag` (`--units` or `--drive`); the
    /// other flag of the two given too is refused.
    fn set_mode(&mut self, flag: &'static str, mode: Mode) -> Result<(), UsageError> {
        if let Some(other) = self.mode_flag.replace(flag).filter(|&o| o != flag) {
            return Err(UsageError::Together(other, flag));
        }
        self.config.units.mode = Some(mode);
        Ok(())
    }

    /// Sets the optimal paths asked for; `--all-paths` and `--count-paths` together are
    /// refused.
    fn set_paths(&mut self, paths: EveryPath) -> Result<(), UsageError> {
        let before = self.config.solver.paths.replace(paths);
        if let Some(other) = before.filter(|other| other.list != paths.list) {
            return Err(UsageError::Together(other.flag(), paths.flag()));
        }
        Ok(())
    }
}

/// Reads the flags (`--flag value` or `--flag=value`) and the arguments not starting with
/// `-`: the file to read, or with `--check` up to four (`INPUT OUTPUT [ANSWER [REPORT]]`);
/// `--help` and `--version` end the reading at once. O(arguments).
pub(crate) fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, UsageError> {
    let args: Vec<String> = args.into_iter().collect();
    // Without `--check`, a second file is refused where it stands, before the flags after it.
    let may_check = args.iter().any(|arg| arg == "--check");
    let mut chosen = Chosen::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (given, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let Some(flag) = FLAGS.iter().find(|flag| flag.names.contains(&given)) else {
            if arg.starts_with('-') {
                return Err(UsageError::UnknownFlag(arg));
            }
            match chosen.files.len() {
                1 if !may_check => return Err(UsageError::SecondFile(arg)),
                4 => return Err(UsageError::FifthFile(arg)),
                _ => chosen.files.push(arg),
            }
            continue;
        };
        let value = match flag.value {
            Some(_) => inline.or_else(|| args.next()),
            None => Some(String::new()),
        };
        let value = value.ok_or(UsageError::MissingValue(flag.name()))?;
        let given = Given {
            flag: flag.name(),
            value: &value,
        };
        (flag.set)(&mut chosen, given)?;
        if let Some(command) = chosen.asked.take() {
            return Ok(command);
        }
    }
    chosen.command()
}

/// What `--help` prints: the usage line, [`ABOUT`], each of [`FLAGS`] with its help wrapped
/// from [`HELP_COLUMN`] to [`HELP_WIDTH`], under the heading of its group, and [`OUTRO`].
pub(crate) fn help() -> String {
    let mut text = format!("{USAGE}\n{ABOUT}");
    let indent = " ".repeat(HELP_COLUMN);
    for flag in &FLAGS {
        if let Some(group) = flag.group {
            text += &format!("\n{group}:\n");
        }
        let mut left = format!("  {}", flag.names.join(", "));
        if let Some(value) = flag.value {
            left = format!("{left} {value}");
        }
        let lines = wrap(flag.help, HELP_WIDTH - HELP_COLUMN);
        for (i, line) in lines.iter().enumerate() {
            match i {
                0 if left.len() < HELP_COLUMN => text += &format!("{left:HELP_COLUMN$}{line}\n"),
                0 => text += &format!("{left}\n{indent}{line}\n"),
                _ => text += &format!("{indent}{line}\n"),
            }
        }
    }
    text + OUTRO
}

/// `text` cut into lines of at most `width` characters, between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}
