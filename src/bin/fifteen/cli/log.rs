//! The run's stderr: notes and warnings, the `--stats` lines, the status line of long
//! searches on a terminal; and what a case prints: the answer lines, in the letters of
//! `--letters`, then the boards of `--show` and the picture of `--svg`. Uses the solver's
//! answers and `show`.

use super::super::board::{path_text, Lettering};
use super::super::error::Error;
use super::super::notation::{multi_tile_length, Metric, Notation, Runs};
use super::super::parse::Case;
use super::super::search::ida::Paths;
use super::super::search::Notes;
use super::super::show::{play, svg, svg_file, write_frames, Solution, PACE};
use super::args::{Algorithm, Config, Show, Stored};
use super::solve::Answer;
use super::solve::Path;
use std::io::Write;
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// The run's stderr, shared by its threads: `note:` and `warning:` lines, `--stats` lines
/// and, when it is a terminal, one status line rewritten in place, cleared before any
/// other line is written.
pub(crate) struct Log<'a> {
    out: Mutex<LogOut<'a>>,
    /// Whether a person is watching: stderr is a terminal.
    terminal: bool,
}

struct LogOut<'a> {
    writer: &'a mut (dyn Write + Send),
    /// Whether a status line is on the screen.
    status: bool,
}

impl<'a> Log<'a> {
    /// A log to `writer`; status lines and advice only when `terminal`.
    pub(crate) fn new(writer: &'a mut (dyn Write + Send), terminal: bool) -> Self {
        Log {
            out: Mutex::new(LogOut {
                writer,
                status: false,
            }),
            terminal,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LogOut<'a>> {
        self.out.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` and a newline, after clearing the status line.
    pub(super) fn line(&self, text: &str) -> std::io::Result<()> {
        let mut out = self.lock();
        if std::mem::take(&mut out.status) {
            write!(out.writer, "\r\x1b[K")?;
        }
        writeln!(out.writer, "{text}")?;
        out.writer.flush()
    }

    /// Shows `text` as the status line, on a terminal only, cut to [`STATUS_WIDTH`]
    /// characters so that it never wraps (a wrapped line could not be rewritten).
    fn status(&self, text: &str) {
        if self.terminal {
            let text: String = text.chars().take(STATUS_WIDTH).collect();
            let mut out = self.lock();
            out.status = true;
            let _ = write!(out.writer, "\r{text}\x1b[K");
            let _ = out.writer.flush();
        }
    }

    /// Clears the status line, if one is shown.
    fn clear_status(&self) {
        let mut out = self.lock();
        if std::mem::take(&mut out.status) {
            let _ = write!(out.writer, "\r\x1b[K");
            let _ = out.writer.flush();
        }
    }
}

impl Notes for Log<'_> {
    fn note(&self, line: &str) {
        let _ = self.line(line);
    }

    fn advise(&self, line: &str) {
        if self.terminal {
            let _ = self.line(line);
        }
    }
}

/// The most characters of the status line: narrower than the narrowest usual terminal.
const STATUS_WIDTH: usize = 79;

/// How often the status line is rewritten.
const STATUS_EVERY: Duration = Duration::from_millis(250);

/// Runs `work`, with a thread that keeps the status line that `status` gives (none
/// when it gives `None`) on `log` when `log` goes to a terminal.
pub(crate) fn with_status<T>(
    status: &(dyn Fn() -> Option<String> + Sync),
    log: &Log,
    work: impl FnOnce() -> T,
) -> T {
    if !log.terminal {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        // The status line is a comfort: without its thread, none is shown.
        let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(STATUS_EVERY) {
                match status() {
                    Some(text) => log.status(&text),
                    None => log.clear_status(),
                }
            }
            log.clear_status();
        });
        let result = work();
        drop(done);
        result
    })
}

/// Writes the answer to case number `number`, `case`, to `output`, then its boards
/// (`--show`) and its picture (`--svg`); its `--stats` line and `dfs` note to `log`.
pub(super) fn write_answer<W: Write>(
    config: &Config,
    (number, case): (usize, &Case),
    answer: &Answer,
    output: &mut W,
    log: &Log,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    if let Some(paths) = &answer.paths {
        write_paths(config, (number, answer, paths), output, log)?;
    } else {
        let letters = |output: &mut W| match &answer.moves {
            Some(path) => write_path(config, output, |mut out| path.write_letters(&mut out)),
            None => Ok(()),
        };
        let moves = answer.moves.as_ref().map(|path| counted(config, path));
        config.output.write(output, moves, letters).map_err(io)?;
        if let Some(path) = &answer.moves {
            draw(config, (number, case), path, output)?;
        }
    }
    if let (Algorithm::Stored(Stored::Dfs(k)), None, true) =
        (config.algorithm, &answer.moves, answer.reachable)
    {
        log.line(&format!("note: case {number}: no path within --bound {k}"))
            .map_err(io)?;
    }
    if config.stats {
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
        log.line(&line).map_err(io)?;
    }
    Ok(())
}

/// The number of moves of `path` in `config`'s metric (`--metric`): a multi-tile search's
/// runs, else its letters.
fn counted(config: &Config, path: &Path) -> u64 {
    match (config.metric, path) {
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
    (number, answer, paths): (usize, &Answer, &Paths),
    output: &mut W,
    log: &Log,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    let Some(path) = &answer.moves else {
        return config.output.write(output, None, |_| Ok(())).map_err(io);
    };
    writeln!(output, "{}", counted(config, path)).map_err(io)?;
    let limit = config.paths.map_or(0, |every| every.limit);
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

/// Shows the boards of `path` from the board of `case` on `output` (`--show`) and writes
/// its picture to its file (`--svg`); nothing without those flags. O(N · moves).
fn draw<W: Write>(
    config: &Config,
    (number, case): (usize, &Case),
    path: &Path,
    output: &mut W,
) -> Result<(), Error> {
    if config.drawing().is_none() {
        return Ok(());
    }
    let io = |e: std::io::Error| Error::Io(e.to_string());
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
