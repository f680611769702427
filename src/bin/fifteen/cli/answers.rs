//! What a case prints: the answer lines, in the letters of `--letters` and the notation of
//! `--notation`, the optimal paths of `--all-paths` or their count, then the boards of
//! `--show` and the picture of `--svg`; its `--stats` line goes to the log.

use super::super::board::{path_text, Lettering};
use super::super::error::Error;
use super::super::log::Log;
use super::super::notation::{multi_tile_length, Metric, Notation, Runs};
use super::super::parse::Case;
use super::super::search::ida::Paths;
use super::super::show::{play, svg, svg_file, write_frames, Solution, PACE};
use super::super::solve::{Algorithm, Answer, Path, Stored};
use super::args::{Config, Show};
use std::io::Write;

/// Writes `answer`, the answer to `case`, case number `number`, to `output`, then its
/// boards (`--show`) and its picture (`--svg`); its `--stats` line and `dfs` note to `log`.
pub(super) fn write_answer<W: Write>(
    config: &Config,
    case: &Case,
    number: usize,
    answer: &Answer,
    output: &mut W,
    log: &Log,
) -> Result<(), Error> {
    let io = Error::io;
    if let Some(paths) = &answer.paths {
        write_paths(config, number, answer, paths, output, log)?;
    } else {
        let letters = |output: &mut W| match &answer.moves {
            Some(path) => write_path(config, output, |mut out| path.write_letters(&mut out)),
            None => Ok(()),
        };
        let moves = answer.moves.as_ref().map(|path| counted(config, path));
        config.output.write(output, moves, letters).map_err(io)?;
        if let Some(path) = &answer.moves {
            draw(config, case, number, path, output)?;
        }
    }
    if let (Algorithm::Stored(Stored::Dfs(k)), None, true) =
        (config.solver.algorithm, &answer.moves, answer.reachable)
    {
        log.line(&format!("note: case {number}: no path within --bound {k}"))
            .map_err(io)?;
    }
    if config.stats {
        log.line(&stats_line(number, answer)).map_err(io)?;
    }
    Ok(())
}

/// The `--stats` line of `answer`, the answer to case number `number`.
fn stats_line(number: usize, answer: &Answer) -> String {
    let s = &answer.stats;
    let expanded = s
        .expanded
        .map_or(String::new(), |e| format!(" ({e} expanded)"));
    let mut line = format!(
        "case {number}: search {}, bound {}, nodes {}{expanded}, table {:.6} s, solve {:.6} s",
        s.search,
        s.bound,
        s.nodes,
        s.table.as_secs_f64(),
        s.solve.as_secs_f64()
    );
    if let (Some(distance), Some(path)) = (s.manhattan, &answer.moves) {
        line += &format!(", moves {}, manhattan {distance}", path.count());
    }
    if let Some(Path::Moves(moves)) = &answer.moves {
        let tiles = multi_tile_length(path_text(moves).as_bytes());
        line += &format!(", mtm {tiles}");
    }
    line
}

/// The number of moves of `path` in `config`'s metric (`--metric`): a multi-tile search's
/// runs, else its letters.
fn counted(config: &Config, path: &Path) -> u64 {
    match (config.solver.metric, path) {
        (Metric::Multi, Path::Moves(moves)) => Metric::Multi.length(path_text(moves).as_bytes()),
        _ => path.count(),
    }
}

/// Writes the letters that `letters` writes to `output` in the lettering (`--letters`) and
/// the notation (`--notation`) of `config`, no line end. O(moves), memory O(1) beside
/// `letters`' own.
fn write_path<W: Write>(
    config: &Config,
    output: &mut W,
    letters: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let lettered = |output: &mut dyn Write| match config.letters {
        Lettering::Blank => letters(output),
        lettering => letters(&mut Renamed { output, lettering }),
    };
    match config.notation {
        Notation::Letters => lettered(output),
        notation => {
            let mut runs = Runs::new(output, notation == Notation::Runs);
            lettered(&mut runs)?;
            runs.finish()
        }
    }
}

/// Writes the answer of case number `number` with its optimal paths (`--all-paths`,
/// `--count-paths`): the number of moves, then each path listed, a line each, or their
/// count; a note when there are more than the limit. O(moves · paths).
fn write_paths<W: Write>(
    config: &Config,
    number: usize,
    answer: &Answer,
    paths: &Paths,
    output: &mut W,
    log: &Log,
) -> Result<(), Error> {
    let io = Error::io;
    let Some(path) = &answer.moves else {
        return config.output.write(output, None, |_| Ok(())).map_err(io);
    };
    writeln!(output, "{}", counted(config, path)).map_err(io)?;
    let limit = config.solver.paths.map_or(0, |every| every.limit);
    if paths.listed.is_empty() && paths.count > 0 {
        match paths.more {
            true => writeln!(output, "more than {limit}"),
            false => writeln!(output, "{}", paths.count),
        }
        .map_err(io)?;
    }
    for listed in &paths.listed {
        let text = path_text(listed);
        write_path(config, output, |out| out.write_all(text.as_bytes()))
            .and_then(|()| writeln!(output))
            .map_err(io)?;
    }
    if paths.more && !paths.listed.is_empty() {
        let note = format!(
            "note: case {number}: more than {limit} optimal paths; the first {limit} are listed"
        );
        log.line(&note).map_err(io)?;
    }
    Ok(())
}

/// Shows the boards of `path` from the board of `case`, case number `number`, on `output`
/// (`--show`) and writes its picture to its file (`--svg`); nothing without those flags.
/// O(N · moves).
fn draw<W: Write>(
    config: &Config,
    case: &Case,
    number: usize,
    path: &Path,
    output: &mut W,
) -> Result<(), Error> {
    if config.drawing().is_none() {
        return Ok(());
    }
    let io = Error::io;
    let mut solution = Solution::new(case.shape, case.cells.clone(), config.letters);
    path.replay(&mut solution).map_err(io)?;
    let solution = solution.checked().map_err(io)?;
    match config.show {
        Some(Show::Frames) => write_frames(&solution, output).map_err(io)?,
        Some(Show::Play) => play(&solution, output, &PACE).map_err(io)?,
        None => {}
    }
    if let Some(file) = &config.svg {
        let file = svg_file(file, number);
        std::fs::write(&file, svg(&solution)).map_err(|e| Error::CannotWrite {
            file: file.display().to_string(),
            message: e.to_string(),
        })?;
    }
    Ok(())
}

/// A writer of path letters that renames the blank's letters, which every search writes,
/// into `lettering`'s on their way to `output`.
struct Renamed<'a, W: Write + ?Sized> {
    output: &'a mut W,
    lettering: Lettering,
}

impl<W: Write + ?Sized> Write for Renamed<'_, W> {
    fn write(&mut self, letters: &[u8]) -> std::io::Result<usize> {
        let mut renamed = letters.to_vec();
        self.lettering.rename(&mut renamed);
        self.output.write_all(&renamed)?;
        Ok(letters.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.output.flush()
    }
}
