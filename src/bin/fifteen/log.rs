//! The run's stderr, shared by its threads: notes and warnings, the `--stats` lines, and the
//! status line of a long search or build, shown only when stderr is a terminal.

use super::search::Notes;
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
    pub(crate) fn line(&self, text: &str) -> std::io::Result<()> {
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
