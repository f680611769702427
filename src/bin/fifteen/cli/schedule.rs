//! Scheduling: reading the input whole or as typed, the threads of `--jobs`, the answers
//! in input order, and calling off later cases after a failure. Uses the solver and the log.

use super::super::error::{Error, InputError};
use super::super::parse::{Case, Cases};
use super::super::search::Notes;
use super::super::units::{self, Progress};
use super::args::{Config, Show};
use super::log::{with_status, write_answer, Log};
use super::solve::{Answer, Solver};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The threads the machine runs at once (1 when it cannot tell).
pub(crate) fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Whether stdin, stdout and stderr are terminals: a person typing cases, or watching.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Terminals {
    pub(crate) stdin: bool,
    pub(crate) stdout: bool,
    pub(crate) stderr: bool,
}

/// Reads the cases of `input`, solves them, writes each answer to `output` in input order
/// as soon as it and those before it are known, and `--stats` lines and notes to `log`.
/// Piped input is read whole; typed input (stdin a terminal) is answered case by case, as
/// each case's last tile is read. When stderr is a terminal, a search or build of more
/// than a second shows a status line there. With `config.jobs` threads (never more than
/// the machine has): as many cases at once as there are threads, and the threads left
/// over (jobs / cases, when there are fewer cases) share the search of each board. Stops
/// at the first bad case or limit reached, after the answers to the cases before it,
/// calling off the searches of the cases after it. `--show` writes each case's frames
/// after its answer, played in place when stdout is a terminal.
pub(crate) fn run<R: BufRead, W: Write, L: Write + Send>(
    config: &Config,
    mut input: R,
    output: &mut W,
    log: &mut L,
    terminals: Terminals,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    let log = Log::new(log, terminals.stderr);
    // The one place `--jobs` is capped: the solver's tables are built on these threads too.
    let given_jobs = config.jobs;
    let jobs = given_jobs.min(machine_threads());
    // `--show` plays its frames in place when a person watches stdout.
    let show = config
        .show
        .map(|show| if terminals.stdout { Show::Play } else { show });
    let config = &Config {
        jobs,
        show,
        ..config.clone()
    };
    if let Some(mode) = &config.units.mode {
        // Units are read whole, typed or not; merge and drive answer one case.
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).map_err(io)?;
        let (progress, notes) = (Progress::new(), &log as &dyn Notes);
        let answered = with_status(&|| progress.line(), &log, || {
            let outputs = (&mut *output, (notes, &progress));
            units::run((config, given_jobs), mode, &bytes, outputs)
        })?;
        return match answered {
            Some((case, answer)) => write_answer(config, (1, &case), &answer, output, &log),
            None => Ok(()),
        };
    }
    if terminals.stdin {
        let solver = Solver::new(config.clone(), 1, jobs);
        return with_status(&|| solver.status(), &log, || {
            answer_as_typed(config, input, output, &solver, &log)
        });
    }
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(io)?;
    let mut cases = Vec::new();
    let mut bad_case = Ok(());
    for case in Cases::in_form(&bytes, config.input) {
        match case {
            Ok(case) => cases.push(case),
            Err(e) => bad_case = Err(e),
        }
    }
    let workers = jobs.min(cases.len()).max(1);
    let solver = Solver::new(config.clone(), cases.len(), jobs / workers);
    with_status(&|| solver.status(), &log, || {
        solve_all(config, &cases, workers, &solver, (output, &log))
    })?;
    bad_case
}

/// Answers the cases of typed `input` one by one: after each line, the cases completed
/// so far are answered and the answers flushed. O(L) a line for an input of L bytes so
/// far.
fn answer_as_typed<R: BufRead, W: Write>(
    config: &Config,
    mut input: R,
    output: &mut W,
    solver: &Solver,
    log: &Log,
) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(e.to_string());
    let (mut typed, mut answered) = (Vec::new(), 0);
    loop {
        let at_end = input.read_until(b'\n', &mut typed).map_err(io)? == 0;
        let typed_cases = Cases::in_form(&typed, config.input);
        for (index, case) in typed_cases.enumerate().skip(answered) {
            let case = match case {
                Ok(case) => case,
                Err(Error::Input {
                    problem: InputError::ShortCase { .. },
                    ..
                }) if !at_end => break,
                Err(e) => return Err(e),
            };
            let answer = solver.answer(&case, index + 1, log)?;
            write_answer(config, (index + 1, &case), &answer, output, log)?;
            output.flush().map_err(io)?;
            answered += 1;
        }
        if at_end {
            return Ok(());
        }
    }
}

/// Solves `cases` on `workers` threads (this one alone when 1: a judge times the whole
/// process), each taking the next case not taken, and writes the answers in input order.
fn solve_all<W: Write>(
    config: &Config,
    cases: &[Case],
    workers: usize,
    solver: &Solver,
    (output, log): (&mut W, &Log),
) -> Result<(), Error> {
    if workers == 1 {
        for (index, case) in cases.iter().enumerate() {
            let answer = solver.answer(case, index + 1, log)?;
            write_answer(config, (index + 1, case), &answer, output, log)?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let (sender, answers) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (sender, next) = (sender.clone(), &next);
            let work = move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(index) else {
                    return;
                };
                let answer = solver.answer(case, index + 1, log);
                if answer.is_err() {
                    // No case after this one is taken or finished.
                    next.fetch_max(cases.len(), Ordering::Relaxed);
                    solver.cancel_after(index + 1);
                }
                if sender.send((index, answer)).is_err() {
                    return;
                }
            };
            if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, work) {
                next.fetch_max(cases.len(), Ordering::Relaxed);
                solver.cancel_after(0);
                return Err(Error::Thread(e.to_string()));
            }
        }
        drop(sender);
        let mut ready: Vec<Option<Result<Answer, Error>>> = Vec::new();
        ready.resize_with(cases.len(), || None);
        let mut written = 0;
        for (index, answer) in answers {
            ready[index] = Some(answer);
            while let Some(answer) = ready.get_mut(written).and_then(Option::take) {
                // (The worker of a failed case has called off the later ones.)
                write_answer(
                    config,
                    (written + 1, &cases[written]),
                    &answer?,
                    output,
                    log,
                )?;
                written += 1;
            }
        }
        Ok(())
    })
}
