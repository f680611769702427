//! The flags of the command line: their table, in the groups of the help, and the usage
//! and the help written from it. `args` reads the command line by this table.

/// The usage line printed by `--help` and after a usage error.
pub(crate) const USAGE: &str = "usage: fifteen [OPTIONS] [FILE]";

/// What `--help` prints before the options: what the program does and its input.
const ABOUT: &str = "
Solves the n x n sliding-tile puzzle and its rectangular kin (Montresor 19.5, the
15-puzzle, Korf's 100): the least number of moves to the goal, and the moves.

Input: cases until end of input, from FILE or else from stdin. A case is a header
line, n (an n x n board) or \"rows cols\", then rows*cols integers, row-major, 0 the
blank. Piped input and files are read whole; at a terminal each case is answered
once its last tile is typed (Ctrl-D ends).

Options:
  FILE              read the cases from FILE instead of stdin
";

/// What `--help` prints after the options: output, exit codes, examples.
const OUTRO: &str = "
Output: per case, the number of moves (-1 when the goal cannot be reached), then,
for a reachable goal, the path in U D L R (the direction the blank moves; an empty
line for a solved board).

Exit codes: 0 done; 1 bad input (\"error: case N: ...\" on stderr, after the answers
to the cases before it) or a FILE that cannot be read (or written, for --svg); 2 bad
usage (--show or --svg on too large a board or path, too); 3 a limit reached.

--check reads each case followed by its answer: the count line, then the path line
(-1 alone for an unreachable goal; 0 alone for a solved board), or the path line
alone. It prints per case \"ok COUNT\" or \"case N: \" and what is wrong and where, and
exits 0 when every answer is accepted, 1 when one is not. --check INPUT OUTPUT
[ANSWER [REPORT]] is a testlib checker: INPUT the cases; OUTPUT and ANSWER (the
jury's, taken as the least, else the checker solves) answers with their counts; one
line on stderr, and in REPORT when named; exit 0 ok, 1 wrong answer, 2 wrong output
format, 3 FAIL.

Examples:
  $ printf '3\\n2 8 3\\n1 0 4\\n7 6 5\\n' | fifteen --goal spiral
  4
  ULDR
  $ printf '2 3\\n1 2 3\\n0 4 5\\n' | fifteen
  2
  RR
  $ fifteen --algo any boards.txt        # fast, not optimal, any size
  $ fifteen --cache tables korf100.txt   # 8-7 tables kept in tables/, built once
  $ fifteen --check in.txt out.txt ans.txt   # a judge's checker
  $ fifteen --show board.txt                 # the boards, one a move
  $ fifteen --svg solution.svg board.txt     # a picture that plays the solution";

/// The column where a flag's help starts.
const HELP_COLUMN: usize = 20;

/// What `--help` prints: the usage line, [`ABOUT`], a line or more for each of [`FLAGS`]
/// under the heading of its group, and [`OUTRO`].
pub(crate) fn help() -> String {
    let mut text = format!("{USAGE}\n{ABOUT}");
    for spec in &FLAGS {
        if let Some(group) = spec.group {
            text += &format!("\n{group}:\n");
        }
        let mut left = spec.names.join(", ");
        if let Flag::Valued(valued) = spec.flag {
            left = format!("{left} {}", valued.placeholder());
        }
        let indent = format!("\n{:HELP_COLUMN$}", "");
        let help = spec.help.replace('\n', &indent);
        text += &format!("  {left:<width$}{help}\n", width = HELP_COLUMN - 2);
    }
    text + OUTRO
}

/// A flag of the command line.
#[derive(Clone, Copy)]
pub(super) enum Flag {
    Help,
    Version,
    Stats,
    Check,
    Show,
    /// A flag followed by a value.
    Valued(Valued),
}

/// A flag that takes a value, `--flag value` or `--flag=value`.
#[derive(Clone, Copy)]
pub(super) enum Valued {
    Algo,
    Bound,
    Map,
    Goal,
    Metric,
    Letters,
    MaxNodes,
    TimeLimit,
    MaxMemory,
    Jobs,
    Cache,
    Svg,
    Units,
    Threshold,
    Depth,
    Drive,
    Engine,
    EngineFrom,
    Input,
    Shape,
    Output,
    Unsolvable,
    Random,
    Walk,
    Seed,
    AllPaths,
    CountPaths,
    Notation,
}

impl Valued {
    /// The value's name in the help.
    fn placeholder(self) -> &'static str {
        match self {
            Valued::Algo => "A",
            Valued::Bound => "K",
            Valued::Map => "M",
            Valued::Goal => "G",
            Valued::Metric => "M",
            Valued::Letters => "L",
            Valued::MaxNodes => "N",
            Valued::TimeLimit => "S",
            Valued::MaxMemory => "MIB",
            Valued::Jobs => "N",
            Valued::Cache => "DIR",
            Valued::Svg => "FILE",
            Valued::Units => "MODE",
            Valued::Threshold => "T",
            Valued::Depth => "D",
            Valued::Drive => "DIR",
            Valued::Engine => "CMD",
            Valued::EngineFrom => "N",
            Valued::Input => "FORM",
            Valued::Shape => "RxC",
            Valued::Output => "LINES",
            Valued::Unsolvable => "TEXT",
            Valued::Random => "N",
            Valued::Walk => "K",
            Valued::Seed => "S",
            Valued::AllPaths | Valued::CountPaths => "N",
            Valued::Notation => "W",
        }
    }
}

/// A flag, its names and its help (lines after the first at [`HELP_COLUMN`]), and the
/// heading of the group of flags it opens in the help, if it opens one.
pub(super) struct Spec {
    group: Option<&'static str>,
    pub(super) names: &'static [&'static str],
    pub(super) flag: Flag,
    help: &'static str,
}

/// Every flag, in the order of the help, which is written from this table, in groups.
pub(super) const FLAGS: [Spec; 33] = [
    Spec {
        group: None,
        names: &["--version"],
        flag: Flag::Version,
        help: "print the name and version",
    },
    Spec {
        group: None,
        names: &["-h", "--help"],
        flag: Flag::Help,
        help: "print this help",
    },
    Spec {
        group: Some("The search"),
        names: &["--algo"],
        flag: Flag::Valued(Valued::Algo),
        help: "ida (default): optimal, the canonical path; astar, bfs: the
textbook searches, optimal; dfs: some path of at most --bound K
moves; any: fast, not optimal, for boards of any size",
    },
    Spec {
        group: None,
        names: &["--bound"],
        flag: Flag::Valued(Valued::Bound),
        help: "the most moves of dfs",
    },
    Spec {
        group: None,
        names: &["--map"],
        flag: Flag::Valued(Valued::Map),
        help: "the level map of astar and bfs: hash (default) or btree",
    },
    Spec {
        group: None,
        names: &["--goal"],
        flag: Flag::Valued(Valued::Goal),
        help: "standard (default: 1 2 ... N-1 0), blank-first (0 1 ... N-1),
spiral, or \"t t t ...\" (a board of the case's size)",
    },
    Spec {
        group: None,
        names: &["--metric"],
        flag: Flag::Valued(Valued::Metric),
        help: "what ida counts as a move: stm (default), a tile; mtm, a run of
tiles along a row or column (boards of at most 4 x 4)",
    },
    Spec {
        group: None,
        names: &["--jobs"],
        flag: Flag::Valued(Valued::Jobs),
        help: "threads (default 1): cases at once, or one board shared",
    },
    Spec {
        group: None,
        names: &["--cache"],
        flag: Flag::Valued(Valued::Cache),
        help: "keep ida's tables in files in DIR: on the 4x4, 8-7 tables
(577 MB, minutes to build once; the hardest boards in seconds);
with --metric mtm, its table (4x4: 151 MB, seconds to build)",
    },
    Spec {
        group: None,
        names: &["--max-nodes"],
        flag: Flag::Valued(Valued::MaxNodes),
        help: "stop a search after N nodes (exit 3)",
    },
    Spec {
        group: None,
        names: &["--time-limit"],
        flag: Flag::Valued(Valued::TimeLimit),
        help: "stop a search after S seconds (exit 3)",
    },
    Spec {
        group: None,
        names: &["--max-memory"],
        flag: Flag::Valued(Valued::MaxMemory),
        help: "the memory astar and bfs, and ida's tables, may use
(default 4096; exit 3)",
    },
    Spec {
        group: None,
        names: &["--stats"],
        flag: Flag::Stats,
        help: "per case on stderr: search, bound, nodes (for ida, generated and
expanded), table and solve times",
    },
    Spec {
        group: Some("Input and output"),
        names: &["--input"],
        flag: Flag::Valued(Valued::Input),
        help: "how the cases are written: header (default, as above); bare,
boards of --shape with no header, until the end (Aizu ALDS1_13_C,
SPOJ); counted, the number of cases first, then bare boards
(UVa 10181)",
    },
    Spec {
        group: None,
        names: &["--shape"],
        flag: Flag::Valued(Valued::Shape),
        help: "the boards of --input bare or counted: RxC or N (default 4x4)",
    },
    Spec {
        group: None,
        names: &["--output"],
        flag: Flag::Valued(Valued::Output),
        help: "what is printed of each answer: both (default), the number of
moves then the path; moves, the number alone; path, the path alone",
    },
    Spec {
        group: None,
        names: &["--unsolvable"],
        flag: Flag::Valued(Valued::Unsolvable),
        help: "the line printed when the goal cannot be reached (default -1;
\"This puzzle is not solvable.\" for UVa 10181, NIE for SPOJ)",
    },
    Spec {
        group: None,
        names: &["--letters"],
        flag: Flag::Valued(Valued::Letters),
        help: "what a path letter names, in paths written and read: blank
(default), the direction the blank moves, as judges write; tile,
the direction the moved tile goes (the opposite letter), as
speedsolvers and slidy write. Either way the canonical path is
the least in D < L < R < U of the blank's moves",
    },
    Spec {
        group: None,
        names: &["--notation"],
        flag: Flag::Valued(Valued::Notation),
        help: "how paths are written: letters (default), a letter a move; runs,
a letter and its count when above 1 (R3 D2 L); runs-compact, the
same with nothing between (slidy's R3D2L). --check reads all three",
    },
    Spec {
        group: None,
        names: &["--all-paths"],
        flag: Flag::Valued(Valued::AllPaths),
        help: "with ida: after the number of moves, every optimal path, a line
each, in canonical order (the first is the one printed without
it); at most N (up to 1048576), a note on stderr past it",
    },
    Spec {
        group: None,
        names: &["--count-paths"],
        flag: Flag::Valued(Valued::CountPaths),
        help: "with ida: after the number of moves, how many optimal paths
there are, counted up to N (\"more than N\" past it)",
    },
    Spec {
        group: Some("Checking and seeing answers"),
        names: &["--check"],
        flag: Flag::Check,
        help: "check the answer after each case: legal, reaching the goal,
the least number of moves (solved with --algo ida, astar or
bfs); with INPUT OUTPUT [ANSWER [REPORT]], testlib's checker
(below)",
    },
    Spec {
        group: None,
        names: &["--show"],
        flag: Flag::Show,
        help: "after each answer, the boards from the start to the goal, one a
move, the tile moved in [ ]; played in place on a terminal
(boards of at most 10 x 10, paths of at most 1000 moves: exit 2)",
    },
    Spec {
        group: None,
        names: &["--svg"],
        flag: Flag::Valued(Valued::Svg),
        help: "write a picture that plays each solution in a browser to FILE
(case 1), FILE-2 (case 2, before FILE's extension), ...;
none for -1; the limits of --show",
    },
    Spec {
        group: Some("Random boards"),
        names: &["--random"],
        flag: Flag::Valued(Valued::Random),
        help: "print N boards of --shape (default 4x4) that reach --goal, each
drawn alike among them, in the --input form; reads no input",
    },
    Spec {
        group: None,
        names: &["--walk"],
        flag: Flag::Valued(Valued::Walk),
        help: "with --random: each board the end of K random moves from the
goal, none undoing the one before",
    },
    Spec {
        group: None,
        names: &["--seed"],
        flag: Flag::Valued(Valued::Seed),
        help: "with --random: the seed (default 1); a seed gives the same boards",
    },
    Spec {
        group: Some("One search on many machines"),
        names: &["--units"],
        flag: Flag::Valued(Valued::Units),
        help: "one ida search as units of text for other processes: split
(a round of each case as unit lines), work (unit lines in,
result lines out), merge (a round's unit and result lines in,
the answer or the next threshold out)",
    },
    Spec {
        group: None,
        names: &["--threshold"],
        flag: Flag::Valued(Valued::Threshold),
        help: "the round --units split cuts (default: the board's first)",
    },
    Spec {
        group: None,
        names: &["--depth"],
        flag: Flag::Valued(Valued::Depth),
        help: "the depth at which --units split and --drive cut a round
(default: 8 units a --jobs worker, deeper if one unit dominates)",
    },
    Spec {
        group: None,
        names: &["--drive"],
        flag: Flag::Valued(Valued::Drive),
        help: "solve the case round by round as units, kept in DIR; run
again, it goes on where it stopped",
    },
    Spec {
        group: None,
        names: &["--engine"],
        flag: Flag::Valued(Valued::Engine),
        help: "with --drive: the shell command that works a round's units
(stdin) into results (stdout); default: the threads here",
    },
    Spec {
        group: None,
        names: &["--engine-from"],
        flag: Flag::Valued(Valued::EngineFrom),
        help: "with --engine: a round goes to it once a round before took
N nodes (default 16777216; smaller rounds are worked here)",
    },
];
