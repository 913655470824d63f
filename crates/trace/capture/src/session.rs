//! The session: a program started in a pseudo-terminal (the module `pty`)
//! whose output goes into an emulated terminal (the module `terminal`),
//! watched where it can be, typing its own keys where it can
//! ([`crate::preload::Typist`]); on Unix its standard error read apart
//! ([`crate::words`]).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::num::NonZeroU16;
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::ExitStatus;
use rogue_trace_format::burst::burst_bytes;
use rogue_trace_format::stderr::Stderr;
use rogue_trace_format::Step;

use crate::output::Chunk;
use crate::pin::{Called, Calls};
use crate::platform;
use crate::preload::Typist;
use crate::protocol::MARKER;
use crate::pty::{self, Command, Pty};
use crate::recording::{Recording, EXIT_WAIT};
use crate::settle::{self, look_pause, Said};
use crate::terminal::{Kept, Terminal};
use crate::words::Words;
use crate::{Ending, Exit, Left};
use crate::{Settle, Settled, State, Timing};

/// A program running in a pseudo-terminal, its screen emulated.
pub struct PtySession {
    pty: Pty,
    pub(crate) terminal: Terminal,
    /// What is seen of the program beyond its output (Unix).
    pub(crate) observer: platform::Observer,
    /// The keys the program types itself, if it was given them.
    typist: Option<Typist>,
    /// The terminal was in canonical mode when keys were last typed: the
    /// program reads them only at the end of a line, so the next wait is
    /// by the clock.
    line_mode: bool,
    /// What the program said of its waits (`Wait`, `Handback`), not yet
    /// taken.
    said: VecDeque<Said>,
    /// Markers written to the terminal, and seen come out.
    markers: (u64, u64),
    /// The pinned functions each process of the program has called, and
    /// which said it waits for a key ([`crate::pin`]).
    calls: Calls,
    /// The words on its standard error, by step.
    words: Words,
    /// The keys typed so far, by the capture or by the program.
    keys_typed: usize,
    /// The CPU time last read, and when ([`PtySession::recent_cpu_ticks`]).
    ticks_read: Cell<Option<(Instant, Option<u64>)>>,
    /// When its output last came.
    last_output: Option<Instant>,
}

impl PtySession {
    /// Starts `command` (program and arguments) in a pseudo-terminal of
    /// `cols` by `rows`, with `TERM=term` (no `TERM` at all if `term` is
    /// empty) and the extra environment `env`.
    pub fn spawn(
        command: &[OsString],
        cols: u16,
        rows: u16,
        term: &str,
        env: &[(String, String)],
    ) -> io::Result<PtySession> {
        let command = Command {
            words: command,
            cols,
            rows,
            term,
            env,
            jobs: false,
        };
        Self::start(&command, None)
    }

    /// Starts `command`, the program given the library that lets it type
    /// `typist`'s keys itself.
    pub(crate) fn start(
        command: &Command,
        mut typist: Option<Typist>,
    ) -> io::Result<PtySession> {
        let (cols, rows) = nonzero_size(command.cols, command.rows)?;
        let pty = Pty::start(command, &mut typist)?;
        let observer =
            platform::Observer::new(pty.master(), pty.pid(), command.jobs);
        Ok(PtySession {
            pty,
            terminal: Terminal::new(cols, rows),
            observer,
            typist,
            line_mode: false,
            said: VecDeque::new(),
            markers: (0, 0),
            calls: Calls::default(),
            words: Words::default(),
            keys_typed: 0,
            ticks_read: Cell::new(None),
            last_output: None,
        })
    }

    /// Types `bytes` (those `ISIG` turns into signals wake it instead).
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.line_mode = self.observer.typing(self.pty.master(), bytes);
        self.pty.write(bytes)
    }

    /// Waits until the screen has settled, the program has exited, or it
    /// kept busy past the busy limit ([`crate::settle`]).
    pub fn settle(&mut self, how: &Settle) -> Settled {
        let mut settled = self.settle_once(how);
        // Output during the pause, if one is asked, settles anew (within
        // the busy limit: a clock may draw on and on).
        let deadline = Instant::now() + how.timing().busy_limit;
        while let (Settled::Quiet { .. }, Settle::Observe(t)) = (settled, how) {
            if t.pause.is_zero()
                || self.reads_alone()
                || Instant::now() > deadline
                || !self.drain(t.pause)
            {
                break;
            }
            settled = match self.settle_once(how) {
                Settled::Quiet { .. } => Settled::Quiet { drew: true },
                other => other,
            };
        }
        if let Settled::Quiet { .. } = settled {
            // The words on its standard error are read up to here too.
            if !self.words.by_program() {
                self.sync_stderr();
            }
            self.terminal.note_settled();
        }
        settled
    }

    /// Whether the program is one thread asleep reading the terminal, no
    /// timeout set: nothing but a key or a signal wakes it, so the pause
    /// after its screen would only wait.
    fn reads_alone(&mut self) -> bool {
        self.observer.alone() && self.observer.state() == State::Waiting(None)
    }

    /// [`PtySession::settle`] but for the pause after.
    fn settle_once(&mut self, how: &Settle) -> Settled {
        match how {
            Settle::Observe(timing)
                if self.observer.observable() && !self.line_mode =>
            {
                settle::observed(self, timing)
            }
            Settle::Observe(timing) | Settle::Quiet(timing) => {
                settle::quiet(self, timing)
            }
        }
    }

    /// Whether the terminal has closed: nothing more comes from it.
    pub(crate) fn closed(&self) -> bool {
        self.pty.closed()
    }

    /// Whether the program has exited.
    pub(crate) fn has_exited(&mut self) -> bool {
        self.pty.try_wait().is_some()
    }

    /// The next piece of output or word from the program, waiting up to
    /// `wait` ([`Pty::read`]).
    pub(crate) fn next_chunk(&mut self, wait: Duration) -> Option<Chunk> {
        self.pty.read(wait, false).filter(|c| *c != Chunk::Closed)
    }

    /// The next thing the program said of its waits, if any: at a wait,
    /// its screen has settled, and keys past the FIFO's size go in as it
    /// empties.
    pub(crate) fn next_said_now(&mut self) -> Option<Said> {
        let said = self.said.pop_front()?;
        if let Said::Wait(_) = said {
            self.terminal.note_settled();
            // A program that has gone cannot take them.
            let _ = self.typist.as_mut().map(Typist::top_up);
        }
        Some(said)
    }

    /// The program, typing itself, waits after `typed` keys: its standard
    /// error's words before are shown before its terminal's output after
    /// (read up to the wait said there, if `on_stderr`; else all are).
    fn words_before_wait(&mut self, typed: usize, on_stderr: bool) {
        while on_stderr
            && self.pty.reads_stderr()
            && !self.words.unsaid(false)
            && self.words.said_up_to().is_none_or(|n| n < typed)
        {
            match self.pty.read_stderr(Duration::from_secs(5)) {
                Some(chunk) => {
                    self.take(chunk);
                }
                // It does not say its waits there: not waited for again.
                None => {
                    self.words.unsaid(true);
                }
            }
        }
        let words = self.words.take_shown(Some(typed));
        self.terminal.feed(&words);
    }

    /// Takes in a chunk: output goes to the emulator, what the program says
    /// is kept, markers are counted; whether it was output.
    pub(crate) fn take(&mut self, chunk: Chunk) -> bool {
        match chunk {
            Chunk::Output(bytes) => {
                self.terminal.feed(&bytes);
                self.last_output = Some(Instant::now());
                true
            }
            Chunk::Marker => {
                self.markers.1 += 1;
                false
            }
            Chunk::Wait {
                typed: n,
                pid,
                on_stderr,
            } => {
                self.calls.waits(pid);
                let observer = &self.observer;
                let typing = self
                    .typist
                    .as_mut()
                    .is_some_and(|t| t.decide(|| observer.alone()));
                self.words.decide(typing);
                if typing {
                    self.words_before_wait(n, on_stderr);
                    self.reached(n);
                    self.said.push_back(Said::Wait(n));
                    self.keys_typed = n;
                }
                false
            }
            Chunk::Called { bits, pid } => {
                self.calls.called(pid, bits);
                false
            }
            Chunk::Handback(n) => {
                if self.typist.as_ref().is_some_and(Typist::typing) {
                    self.said.push_back(Said::Handback(n));
                    self.words.hand_back();
                    self.keys_typed = n;
                }
                false
            }
            // Shown once its key's screen has been read to its end: where
            // among it is not known, the two terminals being read apart.
            // (A program that writes on and on is shown as it goes.)
            Chunk::Stderr(bytes) => {
                if let Some(words) = self.words.take(&bytes) {
                    self.terminal.feed(&words);
                }
                true
            }
            Chunk::StderrMark(Some(n)) => {
                self.words.said_wait(n);
                false
            }
            Chunk::StderrMark(None) => {
                let words = self.words.marker_seen(self.keys_typed);
                self.terminal.feed(&words);
                false
            }
            Chunk::Closed => false,
        }
    }

    /// The program waits after `typed` keys: its next special key is put
    /// in reach as sent in the cursor keys' mode it has set.
    fn reached(&mut self, typed: usize) {
        let application = self.screen().application_cursor();
        if let Some(typist) = self.typist.as_mut() {
            // A program that has gone cannot take it.
            let _ = typist.reached(typed, application);
        }
    }

    /// How much of the program's output to keep from now on (a capture's
    /// choice: on Windows captures run on the console).
    #[cfg_attr(windows, allow(dead_code))]
    pub(crate) fn keep_output(&mut self, kept: Kept) {
        self.terminal.keep(kept);
    }

    /// Writes [`MARKER`] behind the program's output and reads up to it (or
    /// to a wait it says): whether there was output; `None` if it closed.
    pub(crate) fn sync(&mut self) -> Option<bool> {
        let written = self
            .observer
            .tty()
            .is_some_and(|tty| pty::write_to(tty, MARKER));
        if !written {
            return Some(false);
        }
        self.markers.0 += 1;
        let mut drew = false;
        while self.markers.1 < self.markers.0 && !self.types_itself() {
            match self.next_chunk(Duration::from_secs(5)) {
                Some(chunk) => drew |= self.take(chunk),
                None if self.closed() => return None,
                None => return Some(drew),
            }
        }
        Some(drew)
    }

    /// Marks the standard error's terminal and reads up to the mark: its
    /// words so far are read (placed at this step unless it types itself).
    pub(crate) fn sync_stderr(&mut self) {
        if !self.pty.mark_stderr() {
            return;
        }
        self.words.marked();
        while self.words.awaits_marker() {
            match self.pty.read(Duration::from_secs(5), true) {
                Some(chunk) => {
                    self.take(chunk);
                }
                None => return,
            }
        }
    }

    /// Whether the program types its own keys: it has said it waits.
    pub(crate) fn types_itself(&self) -> bool {
        !self.said.is_empty()
    }

    /// The emulated screen as step `number` of a trace.
    pub fn step(&self, number: usize, key: Option<char>) -> Step {
        self.terminal.step(number, key)
    }

    /// The emulated terminal's screen and modes.
    pub fn screen(&self) -> &vt100::Screen {
        self.terminal.screen()
    }

    /// Everything the program has written so far, as raw bytes (unless a
    /// capture keeps less of it).
    pub fn raw_output(&self) -> &[u8] {
        self.terminal.raw()
    }

    /// Resizes the terminal (the program gets `SIGWINCH`).
    pub fn resize(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        let (cols_nz, rows_nz) = nonzero_size(cols, rows)?;
        // To the size it has, a terminal signals nothing: nothing changes.
        if self.terminal.screen().size() == (rows_nz, cols_nz) {
            return Ok(());
        }
        self.resize_pty(cols, rows)?;
        self.terminal.resize(cols_nz, rows_nz);
        Ok(())
    }

    /// Resizes the pseudo-terminal only, not the emulated screen (a test
    /// of sizes the emulator need not hold).
    pub fn resize_pty(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        self.observer.expect_resize();
        self.pty.resize(cols, rows)
    }

    /// The CPU time the program has used, in clock ticks, where it can be
    /// watched (Linux).
    pub fn cpu_ticks(&self) -> Option<u64> {
        let ticks = self.observer.cpu_ticks();
        self.ticks_read.set(Some((Instant::now(), ticks)));
        ticks
    }

    /// [`PtySession::cpu_ticks`] as read within the last tick (10 ms),
    /// sparing `/proc` a read at every key of a program typing itself.
    pub fn recent_cpu_ticks(&self) -> Option<u64> {
        match self.ticks_read.get() {
            Some((at, ticks)) if at.elapsed() < TICK => ticks,
            _ => self.cpu_ticks(),
        }
    }

    /// How the program left its terminal, as far as it is read: the
    /// emulated terminal's modes, and its line modes (Unix).
    pub fn left(&self) -> Left {
        self.terminal.left(self.line_modes())
    }

    /// The terminal's line modes, `(canonical, echo)`, where they can be
    /// read.
    pub fn line_modes(&self) -> Option<(bool, bool)> {
        platform::line_modes(self.pty.master())
    }

    /// The program's process id.
    pub fn pid(&self) -> Option<u32> {
        self.pty.pid()
    }

    /// Waits up to `timeout` for the program to exit, reading its output;
    /// asked less often the longer it gives no sign. `None`: still running.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        let mut still_since = Instant::now();
        loop {
            if let Some(status) = self.pty.try_wait() {
                self.drain(Duration::from_millis(500));
                // Its last words on standard error shown too, as a
                // terminal shows them.
                self.sync_stderr();
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            if self.idle(look_pause(still_since.elapsed())) {
                still_since = Instant::now();
            }
        }
    }

    /// Reads output for `pause` (sleeps if none can come now); whether
    /// there was a sign of the program (output, or its terminal closing).
    fn idle(&mut self, pause: Duration) -> bool {
        if self.closed() || self.types_itself() {
            thread::sleep(pause);
            return false;
        }
        self.drain(pause) | self.closed()
    }

    /// Resumes the program suspended by `^Z` as `fg` does, continuing its
    /// job's shell (which takes no notice if it is not stopped).
    pub fn resume(&mut self) -> io::Result<()> {
        let Some(pid) = self.pid() else {
            return Ok(());
        };
        // Seen stopped (Linux), it will wake; else nothing wakes.
        if self.observer.suspended() {
            self.observer.expect_wake();
        }
        #[cfg(unix)]
        return crate::job::resume(pid);
        #[cfg(not(unix))]
        {
            let _ = pid;
            Ok(())
        }
    }

    /// Ends the program and everything in its process group, and its
    /// job's if it runs as a shell's job: hang-up first, then kill.
    pub fn kill(&mut self) {
        self.pty.kill();
    }

    /// Reads output for at most `time`, until the terminal closes or the
    /// program says it waits; whether there was output.
    pub(crate) fn drain(&mut self, time: Duration) -> bool {
        let deadline = Instant::now() + time;
        let mut drew = false;
        while !self.types_itself() {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(chunk) = self.next_chunk(left) else {
                break;
            };
            drew |= self.take(chunk);
        }
        drew
    }
}

impl Recording for PtySession {
    fn settle_on(&mut self, how: &Settle, first: bool) -> Settled {
        match how {
            // A program's start-up may take as long as a busy program.
            Settle::Quiet(t) if first => self.settle(&Settle::Quiet(Timing {
                first_output: t.busy_limit,
                ..*t
            })),
            how => self.settle(how),
        }
    }

    fn type_keys(&mut self, keys: &[char]) -> io::Result<()> {
        if let Some((cols, rows)) = rogue_trace_format::resize_of(keys[0]) {
            return self.resize(cols, rows);
        }
        if rogue_trace_format::is_resume(keys[0]) {
            return self.resume();
        }
        // What a terminal sends, in the cursor keys' mode the program set.
        let application = self.screen().application_cursor();
        self.keys_typed += keys.len();
        self.send(&burst_bytes(keys, application))
    }

    fn step_of(&self, number: usize, key: Option<char>) -> Step {
        self.terminal.step(number, key)
    }

    fn drawn_before_leaving(&self) -> Option<Step> {
        self.terminal.drawn_before_leaving()
    }

    fn nothing_seen(&self) -> bool {
        !self.terminal.drew()
    }

    fn new_output(&mut self) -> Vec<u8> {
        self.terminal.take_new()
    }

    fn ending(&mut self) -> Ending {
        let exit = match self.wait_exit(EXIT_WAIT) {
            Some(status) => self.pty.exit(&status),
            None => Exit::Unknown,
        };
        // Its standard error's last words are read before its last words
        // are told: a panic's message goes there.
        self.sync_stderr();
        Ending {
            exit,
            left: self.left(),
            last_words: self.terminal.last_words(),
        }
    }

    fn end(&mut self) {
        self.pty.kill();
    }

    fn types_itself(&self) -> bool {
        PtySession::types_itself(self)
    }

    fn next_said(&mut self, timing: &Timing) -> Said {
        settle::next_said(self, timing)
    }

    /// Those the process that draws called: the process that said it
    /// waits for a key, the first to; else the one process of the program
    /// seen waiting for input now; else the process the capture started.
    fn pin_called(&self) -> Called {
        let drawing = self
            .calls
            .waiting()
            .or_else(|| self.observer.reader())
            .or_else(|| self.pty.pid());
        drawing.map_or_else(Called::default, |pid| self.calls.of(pid))
    }

    fn cpu_ticks(&self) -> Option<u64> {
        PtySession::cpu_ticks(self)
    }

    fn recent_cpu_ticks(&self) -> Option<u64> {
        PtySession::recent_cpu_ticks(self)
    }

    fn last_output(&self) -> Option<Instant> {
        self.last_output
    }

    fn stderr(&mut self, step: usize) -> Option<Stderr> {
        if !self.pty.reads_stderr() {
            return None;
        }
        self.sync_stderr();
        Some(self.words.finish(step))
    }
}

/// How often `/proc` counts a program's CPU time.
const TICK: Duration = Duration::from_millis(10);

/// The size as the emulator takes it, `(cols, rows)`: neither may be 0.
fn nonzero_size(cols: u16, rows: u16) -> io::Result<(NonZeroU16, NonZeroU16)> {
    NonZeroU16::new(cols)
        .zip(NonZeroU16::new(rows))
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a terminal of {cols}x{rows} has no cells"),
            )
        })
}
