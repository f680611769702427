//! The lines of units and results, version 1 (the format is described in `units`'s
//! header): their fields, how they are written and read, and what is wrong with a line
//! that cannot be read. Uses the moves, shapes, the goal's parity test and `parse`'s way
//! of showing a bad token.

use super::super::board::{path_text, Move, Shape};
use super::super::goal::is_reachable;
use super::super::parse::shown;
use super::super::search::ida::MOST_MOVES;
use super::super::search::prune::MovePruner;
use super::super::search::MAX_BOARD;
use std::fmt;

/// The version of the format that this program writes and reads.
pub(crate) const VERSION: u32 = 1;

/// The most units a round may have: a merge holds them all.
pub(crate) const MOST_UNITS: usize = 1 << 20;

/// The first word of a unit line.
const UNIT: &str = "fifteen-unit";
/// The first word of a result line.
const RESULT: &str = "fifteen-result";

/// What the units of a round share: the iteration they are the parts of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub shape: Shape,
    pub goal: Vec<u8>,
    pub board: Vec<u8>,
    /// The lower bound, by its unit name (`Plan::with_bound`).
    pub bound: String,
    /// The depth of the move pruner's machine.
    pub pruner: usize,
    pub threshold: u32,
    /// The depth of the cut: the length of the prefixes (a goal above it has a shorter
    /// one).
    pub depth: u32,
    /// The least f = moves + bound over the threshold pruned above the cut, if any.
    pub above: Option<u32>,
    /// The nodes generated above the cut.
    pub split_nodes: u64,
    /// The number of units of the round.
    pub units: usize,
}

/// One subtree of a round: the moves from the board to its root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unit {
    pub round: Round,
    /// Its place in the search's order, 1 to `round.units`.
    pub id: usize,
    pub prefix: Vec<Move>,
}

/// How the search of a unit ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The unit's first path to the goal in the search's order, from the board.
    Solved(Vec<Move>),
    /// No path within the threshold; the least f over it met in the unit, if any.
    Below(Option<u32>),
}

/// The result of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Worked {
    /// Its round's [`Round::fingerprint`].
    pub round: u64,
    pub id: usize,
    pub units: usize,
    pub threshold: u32,
    /// The nodes generated below the unit's prefix.
    pub nodes: u64,
    /// The nodes expanded there (whose children were generated), when the worker counted
    /// them: a result line may leave them out, as those of earlier workers do.
    pub expanded: Option<u64>,
    pub outcome: Outcome,
}

/// A line of units or results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Unit(Unit),
    Worked(Worked),
}

/// What is wrong with a line of units or results, or with the lines of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Returned when a line is neither a unit nor a result line.
    NotALine(String),
    /// Returned when a line is of another version of the format.
    Version { kind: &'static str, found: String },
    /// Returned when a field of a line is missing.
    NoField(&'static str),
    /// Returned when a field is unknown, or given twice.
    Extra(String),
    /// Returned when a field's value cannot be read; `expected` says what would do.
    Bad {
        field: &'static str,
        value: String,
        expected: &'static str,
    },
    /// Returned when a unit's board cannot reach its goal.
    Unreachable,
    /// Returned when a unit's bound is not one of this run's for its board (`known`).
    NoBound { name: String, known: String },
    /// Returned when a move of a unit's prefix leaves the board or is one that its
    /// pruner forbids.
    Prefix { index: usize, letter: char },
    /// Returned when a line is not of the kind expected there.
    Kind { expected: &'static str },
    /// Returned when a unit is not of the round of the unit lines before it.
    OtherRound { id: String, field: &'static str },
    /// Returned when two lines give one unit different prefixes or results.
    Twice { id: String },
    /// Returned when a round's file of units holds another number of units than its
    /// lines say.
    Incomplete { found: usize, units: usize },
    /// Returned when `--drive` is given more than one case.
    TwoCases,
    /// Returned when a round's answer is not known: units before its first path, or
    /// any unit when none has a path, have no result.
    Unanswered {
        threshold: u32,
        missing: usize,
        units: usize,
        first: usize,
    },
    /// Returned when a round has no unit line.
    NoUnits,
    /// Returned when a result's path does not take the board to the goal.
    WrongPath { id: String },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Problem::NotALine(text) => write!(
                f,
                "\"{text}\" is not a unit or result line ({UNIT} {VERSION} … or {RESULT} {VERSION} …)"
            ),
            Problem::Version { kind, found } => {
                write!(f, "{kind} version {found}: this fifteen reads version {VERSION}")
            }
            Problem::NoField(field) => write!(f, "no {field}= field"),
            Problem::Extra(field) => write!(f, "unknown or repeated field \"{field}\""),
            Problem::Bad {
                field,
                value,
                expected,
            } => write!(f, "{field}={value}: expected {expected}"),
            Problem::Unreachable => write!(f, "the board cannot reach the goal"),
            Problem::NoBound { name, known } => write!(
                f,
                "bound {name} is not one of this run's for the board ({known}; on the 4x4, \
                 --cache DIR brings pdb:8-7+reflection)"
            ),
            Problem::Prefix { index, letter } => write!(
                f,
                "move {} of the prefix ({letter}) leaves the board or is pruned",
                index + 1
            ),
            Problem::Kind { expected } => write!(f, "expected a {expected} line"),
            Problem::OtherRound { id, field } => write!(
                f,
                "unit {id} is of another round than the lines before it (its {field} differs)"
            ),
            Problem::Twice { id } => write!(f, "unit {id} is given twice, differently"),
            Problem::Incomplete { found, units } => {
                write!(f, "{found} unit lines for a round of {units} units")
            }
            Problem::TwoCases => write!(f, "--drive solves one case, the input has more"),
            Problem::Unanswered {
                threshold,
                missing,
                units,
                first,
            } => write!(
                f,
                "round {threshold}: {missing} of {units} units have no result (unit {first} first)"
            ),
            Problem::NoUnits => write!(f, "no unit lines"),
            Problem::WrongPath { id } => {
                write!(f, "the path of unit {id} does not take the board to the goal")
            }
        }
    }
}

/// `tiles` as a field value: `1,2,…,0`.
fn tiles_text(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(",")
}

/// A value that may be missing, `none` then.
fn or_none(value: Option<u32>) -> String {
    value.map_or_else(|| "none".into(), |v| v.to_string())
}

impl fmt::Display for Round {
    /// The fields of the round, as a unit line writes them.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let Shape { rows, cols } = self.shape;
        write!(
            f,
            "shape={rows}x{cols} goal={} board={} bound={} pruner={} threshold={} depth={} \
             above={} split-nodes={}",
            tiles_text(&self.goal),
            tiles_text(&self.board),
            self.bound,
            self.pruner,
            self.threshold,
            self.depth,
            or_none(self.above),
            self.split_nodes
        )
    }
}

impl Round {
    /// Whether its pruner is the deeper machine of its board ([`MovePruner::depth_for`]).
    pub(crate) fn deeper(&self) -> bool {
        self.pruner != MovePruner::depth_for(self.shape.cells(), false)
    }

    /// The round's fingerprint, which its results carry: FNV-1a (64 bits) of its fields
    /// as written, and its number of units. O(line).
    pub(crate) fn fingerprint(&self) -> u64 {
        let text = format!("{self} units={}", self.units);
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
        })
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (round, prefix) = (&self.round, path_text(&self.prefix));
        write!(
            f,
            "{UNIT} {VERSION} {round} id={}/{} prefix={prefix}",
            self.id, round.units
        )
    }
}

impl fmt::Display for Worked {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let outcome = match &self.outcome {
            Outcome::Solved(path) => format!("solved={}", path_text(path)),
            Outcome::Below(least) => format!("below={}", or_none(*least)),
        };
        let expanded = self
            .expanded
            .map_or(String::new(), |e| format!(" expanded={e}"));
        write!(
            f,
            "{RESULT} {VERSION} round={:016x} id={}/{} threshold={} nodes={}{expanded} {outcome}",
            self.round, self.id, self.units, self.threshold, self.nodes
        )
    }
}

/// The `key=value` fields of a line after its kind and version, taken one by one.
struct Fields<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Fields<'a> {
    /// The value of `key`, taken out; each key may come once.
    fn take(&mut self, key: &'static str) -> Result<&'a str, Problem> {
        let i = (self.0.iter().position(|&(k, _)| k == key)).ok_or(Problem::NoField(key))?;
        let (_, value) = self.0.remove(i);
        match self.0.iter().find(|&&(k, _)| k == key) {
            Some(_) => Err(Problem::Extra(key.into())),
            None => Ok(value),
        }
    }

    /// `key`'s value read by `read`, or [`Problem::Bad`] with `expected`.
    fn read<T>(
        &mut self,
        key: &'static str,
        expected: &'static str,
        read: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, Problem> {
        let value = self.take(key)?;
        read(value).ok_or_else(|| Problem::Bad {
            field: key,
            value: shown(value.as_bytes()),
            expected,
        })
    }

    /// `key`'s value as a number of moves, at most [`MOST_MOVES`].
    fn moves(&mut self, key: &'static str) -> Result<u32, Problem> {
        self.read(key, "a number of moves up to 1000", |v| {
            v.parse::<u32>().ok().filter(|&moves| moves <= MOST_MOVES)
        })
    }

    /// `key`'s value as a number.
    fn number<T: std::str::FromStr>(&mut self, key: &'static str) -> Result<T, Problem> {
        self.read(key, "a number", |v| v.parse().ok())
    }

    /// `key`'s value as `K/N`, 1 ≤ K ≤ N: (K, N).
    fn id(&mut self) -> Result<(usize, usize), Problem> {
        self.read("id", "K/N with 1 <= K <= N <= 1048576", |v| {
            let (k, n) = v.split_once('/')?;
            let (k, n) = (k.parse().ok()?, n.parse().ok()?);
            (1 <= k && k <= n && n <= MOST_UNITS).then_some((k, n))
        })
    }

    /// Fails on a field left over.
    fn finish(self) -> Result<(), Problem> {
        match self.0.first() {
            Some(&(key, _)) => Err(Problem::Extra(shown(key.as_bytes()))),
            None => Ok(()),
        }
    }
}

/// A number or `none`.
fn number_or_none(value: &str) -> Option<Option<u32>> {
    match value {
        "none" => Some(None),
        _ => value.parse().ok().map(Some),
    }
}

/// Moves in `D L R U`.
fn moves(value: &str) -> Option<Vec<Move>> {
    let letter = |c| Move::ALL.into_iter().find(|m| m.letter() == c);
    value.chars().map(letter).collect()
}

/// `rows`x`cols`, of 1 to 256 cells.
fn shape(value: &str) -> Option<Shape> {
    let (rows, cols) = value.split_once('x')?;
    let shape = Shape {
        rows: rows.parse().ok()?,
        cols: cols.parse().ok()?,
    };
    let cells = shape.rows.checked_mul(shape.cols)?;
    (1..=MAX_BOARD).contains(&cells).then_some(shape)
}

/// The tiles `0..cells`, each once, separated by commas.
fn tiles(value: &str, cells: usize) -> Option<Vec<u8>> {
    let tiles: Vec<u8> = value
        .split(',')
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    let mut seen = vec![false; cells];
    let permutation = tiles.len() == cells
        && (tiles.iter()).all(|&t| {
            usize::from(t) < cells && !std::mem::replace(&mut seen[usize::from(t)], true)
        });
    permutation.then_some(tiles)
}

/// Reads the fields of a unit line.
fn unit(mut fields: Fields) -> Result<Unit, Problem> {
    let shape = fields.read("shape", "ROWSxCOLS of 1 to 256 cells", shape)?;
    let cells = shape.cells();
    let permutation = "the tiles 0 to N-1, each once, separated by commas";
    let goal = fields.read("goal", permutation, |v| tiles(v, cells))?;
    let board = fields.read("board", permutation, |v| tiles(v, cells))?;
    let wide = |tiles: &[u8]| tiles.iter().map(|&t| u32::from(t)).collect::<Vec<_>>();
    if !is_reachable(shape, &wide(&board), &wide(&goal)) {
        return Err(Problem::Unreachable);
    }
    let bound = fields.read("bound", "a bound's name", |v| Some(v.to_string()))?;
    let depths = [false, true].map(|deeper| MovePruner::depth_for(cells, deeper));
    let expected = "a pruner's depth: 2 below 16 cells, else 10 or 13";
    let pruner = fields.read("pruner", expected, |v| {
        v.parse().ok().filter(|depth| depths.contains(depth))
    })?;
    let threshold = fields.moves("threshold")?;
    let depth = fields.moves("depth")?;
    let above = fields.read("above", "a number or none", number_or_none)?;
    let split_nodes = fields.number("split-nodes")?;
    let (id, units) = fields.id()?;
    let most = "moves in D L R U, at most depth and threshold";
    let within = |m: &Vec<Move>| m.len() as u64 <= u64::from(depth.min(threshold));
    let prefix = fields.read("prefix", most, |v| moves(v).filter(within))?;
    fields.finish()?;
    let round = Round {
        shape,
        goal,
        board,
        bound,
        pruner,
        threshold,
        depth,
        above,
        split_nodes,
        units,
    };
    Ok(Unit { round, id, prefix })
}

/// Reads the fields of a result line.
fn worked(mut fields: Fields) -> Result<Worked, Problem> {
    let round = fields.read("round", "16 hexadecimal digits", |v| {
        u64::from_str_radix(v, 16).ok().filter(|_| v.len() == 16)
    })?;
    let (id, units) = fields.id()?;
    let threshold = fields.moves("threshold")?;
    let nodes = fields.number("nodes")?;
    let expanded = match fields.take("expanded") {
        Ok(value) => Some(value.parse().map_err(|_| Problem::Bad {
            field: "expanded",
            value: shown(value.as_bytes()),
            expected: "a number",
        })?),
        Err(Problem::NoField(_)) => None,
        Err(problem) => return Err(problem),
    };
    let outcome = match (fields.take("solved"), fields.take("below")) {
        (Ok(path), Err(Problem::NoField(_))) => {
            Outcome::Solved(moves(path).ok_or_else(|| Problem::Bad {
                field: "solved",
                value: shown(path.as_bytes()),
                expected: "moves in D L R U",
            })?)
        }
        (Err(Problem::NoField(_)), Ok(least)) => {
            let over = |f: &Option<u32>| f.map_or(true, |f| f > threshold);
            let read = number_or_none(least).filter(over);
            Outcome::Below(read.ok_or_else(|| Problem::Bad {
                field: "below",
                value: shown(least.as_bytes()),
                expected: "a number over the threshold, or none",
            })?)
        }
        (Err(Problem::NoField(_)), Err(Problem::NoField(_))) => {
            return Err(Problem::NoField("solved= or below"))
        }
        (Err(problem), _) | (_, Err(problem)) => return Err(problem),
        (Ok(_), Ok(_)) => return Err(Problem::Extra("below".into())),
    };
    fields.finish()?;
    Ok(Worked {
        round,
        id,
        units,
        threshold,
        nodes,
        expanded,
        outcome,
    })
}

/// Reads one line (without its end): `None` for a blank line. O(length).
pub(crate) fn read_line(text: &str) -> Result<Option<Line>, Problem> {
    let mut words = text.split_ascii_whitespace();
    let Some(kind) = words.next() else {
        return Ok(None);
    };
    let kind = match kind {
        UNIT => UNIT,
        RESULT => RESULT,
        _ => return Err(Problem::NotALine(shown(kind.as_bytes()))),
    };
    let version = words.next().unwrap_or_default();
    if version != VERSION.to_string() {
        let found = shown(version.as_bytes());
        return Err(Problem::Version { kind, found });
    }
    // A word without `=` is a field of that name that no line has.
    let fields = Fields(
        words
            .map(|w| w.split_once('=').unwrap_or((w, "")))
            .collect(),
    );
    Ok(Some(match kind {
        UNIT => Line::Unit(unit(fields)?),
        _ => Line::Worked(worked(fields)?),
    }))
}

/// The lines of `input` with their numbers (from 1), blank lines left out; a line that
/// is not UTF-8 is not a unit or result line. O(length).
pub(crate) fn read_lines(
    input: &[u8],
) -> impl Iterator<Item = (usize, Result<Line, Problem>)> + '_ {
    input
        .split(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(i, bytes)| {
            let line = match std::str::from_utf8(bytes) {
                Ok(text) => read_line(text).transpose()?,
                Err(_) => Err(Problem::NotALine(shown(bytes))),
            };
            Some((i + 1, line))
        })
}
