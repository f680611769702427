//! Scheduling: reading the input whole or as typed, the threads of `--jobs`, the answers
//! in input order, and calling off later cases after a failure. Uses the solver, the units
//! and the log.

use super::super::error::{Error, InputError};
use super::super::log::{with_status, Log};
use super::super::parse::{Case, Cases};
use super::super::search::Notes;
use super::super::solve::{machine_threads, Answer, Solver};
use super::super::units::{Progress, Units};
use super::answers::write_answer;
use super::args::{Config, Show};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Whether stdin and stdout are terminals: a person typing cases, or watching.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Terminals {
    pub(crate) stdin: bool,
    pub(crate) stdout: bool,
}

/// Reads the cases of `input`, solves them, writes each answer to `output` in input order
/// as soon as it and those before it are known, and `--stats` lines and notes to `log`
/// (with a status line there, on a terminal, for a search or build of more than a second).
/// Piped input is read whole; typed input (stdin a terminal) is answered case by case, as
/// each case's last tile is read. With `--jobs` threads (never more than the machine has):
/// as many cases at once as there are threads, and the threads left over (jobs / cases,
/// when there are fewer cases) share the search of each board. Stops at the first bad case
/// or limit reached, after the answers to the cases before it, calling off the searches of
/// the cases after it. `--show` writes each case's frames after its answer, played in place
/// when stdout is a terminal.
pub(crate) fn run<R: BufRead, W: Write>(
    config: &Config,
    mut input: R,
    output: &mut W,
    log: &Log,
    terminals: Terminals,
) -> Result<(), Error> {
    let io = Error::io;
    // The one place `--jobs` is capped: the solver's tables are built on these threads too.
    let given_jobs = config.solver.jobs;
    let jobs = given_jobs.min(machine_threads());
    // `--show` plays its frames in place when a person watches stdout.
    let show = (config.show).map(|show| if terminals.stdout { Show::Play } else { show });
    let mut config = Config {
        show,
        ..config.clone()
    };
    config.solver.jobs = jobs;
    let config = &config;
    if config.units.mode.is_some() {
        // Units are read whole, typed or not; merge and drive answer one case.
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).map_err(io)?;
        return run_units(config, &bytes, given_jobs, output, log);
    }
    if terminals.stdin {
        let solver = Solver::new(config.solver.clone(), 1, jobs);
        let answering = Answering {
            config,
            solver: &solver,
            log,
        };
        return with_status(&|| solver.status(), log, || {
            answering.answer_as_typed(input, output)
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
    let solver = Solver::new(config.solver.clone(), cases.len(), jobs / workers);
    let answering = Answering {
        config,
        solver: &solver,
        log,
    };
    with_status(&|| solver.status(), log, || {
        answering.solve_all(&cases, workers, output)
    })?;
    bad_case
}

/// `--units` or `--drive` on `input`, read whole, a round cut for `workers` workers (the
/// `--jobs` given); the answer of merge and drive written as any answer.
fn run_units<W: Write>(
    config: &Config,
    input: &[u8],
    workers: usize,
    output: &mut W,
    log: &Log,
) -> Result<(), Error> {
    let Some(mode) = &config.units.mode else {
        return Ok(());
    };
    let progress = Progress::new();
    let units = Units {
        request: &config.units,
        stats: config.stats,
        workers,
        solver: Solver::new(config.solver.clone(), 1, 1),
        notes: log as &dyn Notes,
        progress: &progress,
    };
    let answered = with_status(&|| progress.line(), log, || {
        units.run(mode, input, &mut *output)
    })?;
    match answered {
        Some((case, answer)) => write_answer(config, &case, 1, &answer, output, log),
        None => Ok(()),
    }
}

/// What answering the cases of an input needs: what the flags chose, the solver, the log.
struct Answering<'a, 'l> {
    config: &'a Config,
    solver: &'a Solver,
    log: &'a Log<'l>,
}

impl Answering<'_, '_> {
    /// The answer to `case`, case number `number`.
    fn answer(&self, case: &Case, number: usize) -> Result<Answer, Error> {
        let drawing = self.config.drawing();
        self.solver.answer(case, number, drawing, self.log)
    }

    /// Writes `answer`, the answer to `case`, case number `number`, to `output`.
    fn write<W: Write>(
        &self,
        case: &Case,
        number: usize,
        answer: &Answer,
        output: &mut W,
    ) -> Result<(), Error> {
        write_answer(self.config, case, number, answer, output, self.log)
    }

    /// Answers the cases of typed `input` one by one: after each line, the cases completed
    /// so far are answered and the answers flushed. O(L) a line for an input of L bytes so
    /// far.
    fn answer_as_typed<R: BufRead, W: Write>(
        &self,
        mut input: R,
        output: &mut W,
    ) -> Result<(), Error> {
        let io = Error::io;
        let (mut typed, mut answered) = (Vec::new(), 0);
        loop {
            let at_end = input.read_until(b'\n', &mut typed).map_err(io)? == 0;
            let typed_cases = Cases::in_form(&typed, self.config.input);
            for (index, case) in typed_cases.enumerate().skip(answered) {
                let case = match case {
                    Ok(case) => case,
                    Err(Error::Input {
                        problem: InputError::ShortCase { .. },
                        ..
                    }) if !at_end => break,
                    Err(e) => return Err(e),
                };
                let answer = self.answer(&case, index + 1)?;
                self.write(&case, index + 1, &answer, output)?;
                output.flush().map_err(io)?;
                answered += 1;
            }
            if at_end {
                return Ok(());
            }
        }
    }

    /// Solves `cases` on `workers` threads (this one alone when 1: a judge times the whole
    /// process), each taking the next case not taken, and writes the answers in input
    /// order.
    fn solve_all<W: Write>(
        &self,
        cases: &[Case],
        workers: usize,
        output: &mut W,
    ) -> Result<(), Error> {
        if workers == 1 {
            for (index, case) in cases.iter().enumerate() {
                let answer = self.answer(case, index + 1)?;
                self.write(case, index + 1, &answer, output)?;
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
                    let answer = self.answer(case, index + 1);
                    if answer.is_err() {
                        // No case after this one is taken or finished.
                        next.fetch_max(cases.len(), Ordering::Relaxed);
                        self.solver.cancel_after(index + 1);
                    }
                    if sender.send((index, answer)).is_err() {
                        return;
                    }
                };
                if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, work) {
                    next.fetch_max(cases.len(), Ordering::Relaxed);
                    self.solver.cancel_after(0);
                    return Err(Error::Thread(e.to_string()));
                }
            }
            drop(sender);
            self.write_in_order(cases, answers, output)
        })
    }

    /// Writes the answers to `cases` that `answers` brings, in any order, in input order,
    /// each as soon as those before it are written; the first error ends the writing (its
    /// worker has called off the later cases).
    fn write_in_order<W: Write>(
        &self,
        cases: &[Case],
        answers: mpsc::Receiver<(usize, Result<Answer, Error>)>,
        output: &mut W,
    ) -> Result<(), Error> {
        let mut ready: Vec<Option<Result<Answer, Error>>> = Vec::new();
        ready.resize_with(cases.len(), || None);
        let mut written = 0;
        for (index, answer) in answers {
            ready[index] = Some(answer);
            while let Some(answer) = ready.get_mut(written).and_then(Option::take) {
                self.write(&cases[written], written + 1, &answer?, output)?;
                written += 1;
            }
        }
        Ok(())
    }
}
