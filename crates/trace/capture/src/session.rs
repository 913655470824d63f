//! The pseudo-terminal session: a program started in a pseudo-terminal of
//! a chosen size, its output read on a thread of its own
//! ([`crate::output`]) into a terminal emulator (`vt100`); on Unix its
//! standard error on a second one, read apart ([`crate::stderr`]).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{
    native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize,
    SlavePty,
};
use rogue_trace_format::stderr::Stderr;
use rogue_trace_format::Step;

use crate::cancel;
use crate::ending::{Exit, Left};
#[cfg(unix)]
use crate::output::MARKER;
use crate::output::{spawn_readers, Chunk};
use crate::pin::{Called, Calls};
use crate::platform;
use crate::preload::Typist;
use crate::screen::{left_of, terminal_step, Beyond};
use crate::settle::{look_pause, Said};
use crate::stderr::Words;
#[cfg(unix)]
use crate::stderr::{self, StderrPty};

/// A program running in a pseudo-terminal, its screen emulated.
pub struct PtySession {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    pub(crate) child: Box<dyn Child + Send + Sync>,
    output: Receiver<Chunk>,
    parser: vt100::Parser<Beyond>,
    raw: Vec<u8>,
    /// How much of the output is kept, and how much of it is taken.
    kept: Kept,
    taken: usize,
    /// Whether the program has written anything.
    drew: bool,
    pub(crate) closed: bool,
    /// What is seen of the program beyond its output (Unix).
    pub(crate) observer: platform::Observer,
    /// The terminal was in canonical mode when keys were last typed: the
    /// program reads them only at the end of a line, so the next wait is
    /// by the clock.
    pub(crate) line_mode: bool,
    /// The keys the program types itself, if it was given them.
    typist: Option<Typist>,
    /// What the program said of its waits (`Wait`, `Handback`), not yet
    /// taken.
    pub(crate) said: VecDeque<Said>,
    /// Whether the program types its own keys: undecided until it first
    /// says it waits; a hand-back before that only says it will not.
    typing: Option<bool>,
    /// Markers written to the terminal, and seen come out.
    pub(crate) markers: (u64, u64),
    /// The pinned functions each process of the program has called, and
    /// which said it waits for a key ([`crate::pin`]).
    calls: Calls,
    /// The rows of the screen as it last settled.
    pub(crate) settled: Option<Vec<String>>,
    /// What the program wrote since (its first [`SINCE_SETTLED`] bytes).
    pub(crate) since_settled: Vec<u8>,
    /// The terminal of the program's standard error, read apart (Unix).
    #[cfg(unix)]
    stderr_pty: Option<StderrPty>,
    /// The words on its standard error, by step.
    pub(crate) words: Words,
    /// The keys typed so far, by the capture or by the program.
    pub(crate) keys_typed: usize,
    /// Chunks read ahead while waiting for the standard error's words,
    /// to be taken next.
    ahead: VecDeque<Chunk>,
    /// The CPU time last read, and when ([`PtySession::recent_cpu_ticks`]).
    ticks_read: Cell<Option<(Instant, Option<u64>)>>,
}

/// The most bytes kept of what a program wrote since its screen last
/// settled: enough for a panic's message or a traceback.
const SINCE_SETTLED: usize = 64 * 1024;

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
        Self::spawn_typing(command, cols, rows, term, env, None, false)
    }

    /// [`PtySession::spawn`], the program given the library that lets it
    /// type `typist`'s keys itself; run as a shell's job if `jobs` (Unix,
    /// [`crate::job`]), for `^Z` to suspend it.
    pub(crate) fn spawn_typing(
        command: &[OsString],
        cols: u16,
        rows: u16,
        term: &str,
        env: &[(String, String)],
        typist: Option<Typist>,
        jobs: bool,
    ) -> io::Result<PtySession> {
        let (rows_nz, cols_nz) = nonzero_size(cols, rows)?;
        let (program, args) = command.split_first().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "no command to run")
        })?;
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(io::Error::other)?;
        let cwd = std::env::current_dir().ok();
        let program = program_path(program, cwd.as_deref());
        #[cfg(unix)]
        let stderr_pty = StderrPty::open(cols, rows);
        // The library types into this terminal only, so none is no typing.
        let tty = platform::tty_name(&*pair.master);
        let typist = typist.filter(|_| tty.is_some());
        let typing = typist
            .as_ref()
            .zip(tty.as_deref())
            .map(|(t, tty)| t.env(env, tty))
            .unwrap_or_default();
        #[cfg(unix)]
        let typing = stderr::with_tty(typing, stderr_pty.as_ref());
        let term = (!term.is_empty()).then(|| OsString::from(term));
        let mut changes = vec![(OsString::from("TERM"), term)];
        changes.extend(
            env.iter()
                .chain(&typing)
                .map(|(name, value)| (name.into(), Some(value.into()))),
        );
        platform::no_core_dumps();
        let started = Start {
            program: &program,
            args,
            changes: &changes,
            cwd: cwd.as_deref(),
            #[cfg(unix)]
            tty: tty.as_deref(),
            #[cfg(unix)]
            stderr: stderr_pty.as_ref(),
            #[cfg(unix)]
            jobs,
        };
        let child = started.run(&*pair.slave)?;
        drop(pair.slave);
        let reader =
            pair.master.try_clone_reader().map_err(io::Error::other)?;
        #[cfg(unix)]
        let stderr_reader = stderr_pty
            .as_ref()
            .map(|pty| pty.master.try_clone_reader())
            .transpose()
            .map_err(io::Error::other)?;
        #[cfg(not(unix))]
        let stderr_reader = None;
        let writer = pair.master.take_writer().map_err(io::Error::other)?;
        let observer =
            platform::Observer::new(&*pair.master, child.process_id(), jobs);
        let session = PtySession {
            master: pair.master,
            writer,
            child,
            output: spawn_readers(reader, stderr_reader),
            parser: vt100::Parser::new_with_callbacks(
                rows_nz,
                cols_nz,
                0,
                Beyond::default(),
            ),
            raw: Vec::new(),
            kept: Kept::All,
            taken: 0,
            drew: false,
            closed: false,
            observer,
            line_mode: false,
            typist,
            said: VecDeque::new(),
            typing: None,
            markers: (0, 0),
            calls: Calls::default(),
            settled: None,
            since_settled: Vec::new(),
            #[cfg(unix)]
            stderr_pty,
            words: Words::default(),
            keys_typed: 0,
            ahead: VecDeque::new(),
            ticks_read: Cell::new(None),
        };
        // A program started as every capture is being ended is ended at
        // once (its session's drop), the capture refused.
        let pid = session.child.process_id();
        if pid.is_some_and(|pid| !cancel::register(pid)) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "every capture is being ended",
            ));
        }
        Ok(session)
    }

    /// Types `bytes`. Bytes that the terminal turns into signals (Ctrl-C,
    /// Ctrl-\\, Ctrl-Z when `ISIG` is on) are not read by the program, which
    /// is woken by the signal instead.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.line_mode = self.observer.typing(&*self.master, bytes);
        self.writer.write_all(bytes)?;
        self.writer.flush()
    }

    /// The next piece of output or word from the program, waiting up to
    /// `wait`; `None` if nothing came (and `closed` is set if nothing more
    /// will).
    ///
    /// Once the terminal has closed, only what has come already is taken
    /// (words on the standard error's terminal, which outlives it).
    pub(crate) fn next_chunk(&mut self, wait: Duration) -> Option<Chunk> {
        let wait = if self.closed { Duration::ZERO } else { wait };
        match self.receive(wait) {
            Ok(Chunk::Closed) => {
                self.closed = true;
                None
            }
            Ok(chunk) => Some(chunk),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                None
            }
        }
    }

    /// The next chunk, read ahead or from the readers.
    fn receive(&mut self, wait: Duration) -> Result<Chunk, RecvTimeoutError> {
        match self.ahead.pop_front() {
            Some(chunk) => Ok(chunk),
            None => self.output.recv_timeout(wait),
        }
    }

    /// The program, typing its own keys, says it waits for a key, `typed`
    /// typed: the words it wrote to its standard error before are read
    /// before anything it wrote to its terminal after (it says so on both
    /// terminals). What comes meanwhile on its terminal is held.
    fn words_before_wait(&mut self, typed: usize) {
        while self.reads_stderr()
            && !self.words.unsaid
            && self.words.said_up_to().is_none_or(|n| n < typed)
        {
            match self.output.recv_timeout(Duration::from_secs(5)) {
                Ok(chunk @ (Chunk::Stderr(_) | Chunk::StderrMark(_))) => {
                    self.take(chunk);
                }
                Ok(chunk) => self.ahead.push_back(chunk),
                // It does not say its waits there: not waited for again.
                Err(_) => self.words.unsaid = true,
            }
        }
        let words = self.words.take_shown(Some(typed));
        self.feed(&words);
    }

    /// Takes in a chunk: output goes to the emulator, what the program says
    /// is kept, markers are counted; whether it was output.
    pub(crate) fn take(&mut self, chunk: Chunk) -> bool {
        match chunk {
            Chunk::Output(bytes) => {
                self.feed(&bytes);
                true
            }
            Chunk::Marker => {
                self.markers.1 += 1;
                false
            }
            Chunk::Wait { typed: n, pid } => {
                self.calls.waits(pid);
                let typing = match self.typing {
                    Some(typing) => typing,
                    None => self.start_typing(),
                };
                self.typing = Some(typing);
                self.words.decide(typing);
                if typing {
                    self.words_before_wait(n);
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
                if self.typing == Some(true) {
                    self.said.push_back(Said::Handback(n));
                    self.words.by_program = false;
                    self.keys_typed = n;
                }
                false
            }
            // Shown once its key's screen has been read to its end: where
            // among it is not known, the two terminals being read apart.
            // (A program that writes on and on is shown as it goes.)
            Chunk::Stderr(bytes) => {
                self.words.take(&bytes);
                if self.words.unshown_len() > SINCE_SETTLED {
                    let words = self.words.take_shown(None);
                    self.feed(&words);
                }
                true
            }
            Chunk::StderrMark(Some(n)) => {
                self.words.said_wait(n);
                false
            }
            Chunk::StderrMark(None) => {
                self.words.markers.1 += 1;
                if !self.words.by_program {
                    self.words.place(self.keys_typed);
                }
                let words = self.words.take_shown(None);
                self.feed(&words);
                false
            }
            Chunk::Closed => {
                self.closed = true;
                false
            }
        }
    }

    /// The program waits for a key, `typed` typed, everything it wrote
    /// before on the screen: a special key goes into its reach as a
    /// terminal sends it in the cursor keys' mode the program has set.
    fn reached(&mut self, typed: usize) {
        let application = self.parser.screen().application_cursor();
        if let Some(typist) = self.typist.as_mut() {
            // A program that has gone cannot take it.
            let _ = typist.reached(typed, application);
        }
    }

    /// The program says it waits for its first key: it types its keys if
    /// it is alone, one process (see [`Typist`]); whether it does.
    fn start_typing(&mut self) -> bool {
        let Some(typist) = self.typist.as_mut() else {
            return false;
        };
        if self.observer.alone() && typist.start().is_ok() {
            return true;
        }
        typist.refuse();
        false
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.drew |= !bytes.is_empty();
        let room = SINCE_SETTLED.saturating_sub(self.since_settled.len());
        self.since_settled
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
        if self.kept != Kept::Nothing {
            self.raw.extend_from_slice(bytes);
        }
    }

    /// How much of the program's output to keep from now on (a capture's
    /// choice: on Windows captures run on the console).
    #[cfg_attr(windows, allow(dead_code))]
    pub(crate) fn keep_output(&mut self, kept: Kept) {
        self.kept = kept;
    }

    /// What the program wrote since the last call (kept as
    /// [`PtySession::keep_output`] says).
    pub(crate) fn take_new_output(&mut self) -> Vec<u8> {
        let new = self.raw[self.taken..].to_vec();
        if self.kept == Kept::All {
            self.taken = self.raw.len();
        } else {
            self.raw.clear();
            self.taken = 0;
        }
        new
    }

    /// Writes the capture's marker to the standard error's terminal and
    /// reads up to it: every word the program wrote there before is then
    /// read and, unless the program types its own keys, placed at the
    /// step of the keys typed so far.
    pub(crate) fn sync_stderr(&mut self) {
        #[cfg(unix)]
        {
            let Some(tty) = self.stderr_pty.as_ref().map(|p| p.tty.clone())
            else {
                return;
            };
            let written = std::fs::OpenOptions::new()
                .write(true)
                .open(&tty)
                .and_then(|mut slave| slave.write_all(MARKER));
            if written.is_err() {
                return;
            }
            self.words.markers.0 += 1;
            while self.words.markers.1 < self.words.markers.0 {
                match self.receive(Duration::from_secs(5)) {
                    Ok(chunk) => {
                        self.take(chunk);
                    }
                    Err(_) => return,
                }
            }
        }
    }

    /// What the program wrote to its standard error, by step, the words
    /// not placed yet written at `step`; `None` if it was not read apart
    /// (no second terminal: Windows).
    pub(crate) fn stderr_words(&mut self, step: usize) -> Option<Stderr> {
        if !self.reads_stderr() {
            return None;
        }
        self.sync_stderr();
        Some(self.words.finish(step))
    }

    /// Whether the program's standard error is read apart (Unix).
    fn reads_stderr(&self) -> bool {
        #[cfg(unix)]
        return self.stderr_pty.is_some();
        #[cfg(not(unix))]
        return false;
    }

    /// Whether the program has written anything.
    pub(crate) fn drew_anything(&self) -> bool {
        self.drew
    }

    /// Whether the program types its own keys: it has said it waits.
    pub(crate) fn types_itself(&self) -> bool {
        !self.said.is_empty()
    }

    /// The pinned functions the program has called, of what has been read
    /// of its output: those its process that draws called. That is the
    /// process that said it waits for a key, the first to; else the one
    /// process of the program seen waiting for input now; else the
    /// process the capture started.
    pub(crate) fn called(&self) -> Called {
        let drawing = self
            .calls
            .waiting()
            .or_else(|| self.observer.reader())
            .or_else(|| self.child.process_id());
        drawing.map_or_else(Called::default, |pid| self.calls.of(pid))
    }

    /// Puts more keys in the program's reach, if some are still to go.
    pub(crate) fn top_up(&mut self) -> io::Result<()> {
        self.typist.as_mut().map_or(Ok(()), Typist::top_up)
    }

    /// The emulated screen as step `number` of a trace.
    pub fn step(&self, number: usize, key: Option<char>) -> Step {
        terminal_step(&self.parser, number, key)
    }

    /// The emulated terminal's screen and modes.
    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Everything the program has written so far, as raw bytes (unless a
    /// capture keeps less of it).
    pub fn raw_output(&self) -> &[u8] {
        &self.raw
    }

    /// Resizes the terminal (the program gets `SIGWINCH`).
    pub fn resize(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        let (rows_nz, cols_nz) = nonzero_size(cols, rows)?;
        // To the size it has, a terminal signals nothing: nothing changes.
        if self.parser.screen().size() == (rows_nz, cols_nz) {
            return Ok(());
        }
        self.resize_pty(cols, rows)?;
        self.parser.screen_mut().set_size(rows_nz, cols_nz);
        Ok(())
    }

    /// Resizes the pseudo-terminal only, not the emulated screen: the
    /// program gets `SIGWINCH` and a size the emulator need not hold (a
    /// test of huge sizes).
    pub fn resize_pty(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        self.observer.expect_resize();
        #[cfg(unix)]
        if let Some(pty) = &self.stderr_pty {
            pty.resize(cols, rows)?;
        }
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(io::Error::other)
    }

    /// The CPU time the program has used, in clock ticks, where it can be
    /// watched (Linux).
    pub fn cpu_ticks(&self) -> Option<u64> {
        let ticks = self.observer.cpu_ticks();
        self.ticks_read.set(Some((Instant::now(), ticks)));
        ticks
    }

    /// [`PtySession::cpu_ticks`] as read within the last tick (10 ms):
    /// where a wait starts, at every key. Read from `/proc` afresh at
    /// each key, it was a tenth of a capture's own time for a program
    /// that types its own keys, thousands a second.
    pub fn recent_cpu_ticks(&self) -> Option<u64> {
        match self.ticks_read.get() {
            Some((at, ticks)) if at.elapsed() < TICK => ticks,
            _ => self.cpu_ticks(),
        }
    }

    /// Notes the screen as it stands as the one settled on.
    pub(crate) fn note_settled(&mut self) {
        let (_, cols) = self.screen().size();
        self.settled = Some(self.screen().rows(0, cols.get()).collect());
        self.since_settled.clear();
    }

    /// How the program left its terminal, as far as it is read: the
    /// emulated terminal's modes, and its line modes (Unix).
    pub fn left(&self) -> Left {
        left_of(&self.parser, self.line_modes())
    }

    /// The terminal's line modes, `(canonical, echo)`, where they can be
    /// read.
    pub fn line_modes(&self) -> Option<(bool, bool)> {
        platform::line_modes(&*self.master)
    }

    /// The program's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Waits up to `timeout` for the program to exit, reading what it
    /// writes meanwhile; its exit status, or `None` if it is still running.
    ///
    /// Whether it has exited is asked less often the longer it has given
    /// no sign, as a settling program is looked at: one that exits as its
    /// terminal closes is seen at once, one that lingers costs next to
    /// nothing.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        let mut still_since = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
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

    /// Reads what the program writes for `pause`, or sleeps it out if
    /// nothing more can be read now (the terminal closed, or the program
    /// said it waits); whether there was a sign of it (output, or its
    /// terminal closing).
    fn idle(&mut self, pause: Duration) -> bool {
        if self.closed || self.types_itself() {
            thread::sleep(pause);
            return false;
        }
        self.drain(pause) | self.closed
    }

    /// Waits up to `timeout` for the program to exit, as
    /// [`PtySession::wait_exit`] does; how it ended.
    pub fn wait_ending(&mut self, timeout: Duration) -> Exit {
        let Some(status) = self.wait_exit(timeout) else {
            return Exit::Unknown;
        };
        // On Unix the program is a `std::process::Child`, whose status
        // keeps the signal's number, not only its description.
        let child: &mut dyn Child = &mut *self.child;
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        let spawned = child
            .downcast_mut::<crate::spawn::Spawned>()
            .and_then(|c| c.std_status());
        #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
        let spawned = None;
        let std_status = spawned.or_else(|| {
            child
                .downcast_mut::<std::process::Child>()
                .and_then(|c| c.try_wait().ok().flatten())
        });
        match (std_status, status.signal()) {
            (Some(std_status), _) => Exit::of_status(std_status),
            (None, None) => Exit::of_code(status.exit_code()),
            (None, Some(_)) => Exit::Unknown,
        }
    }

    /// Resumes the program suspended by `^Z`, as a shell's `fg` does: the
    /// shell that runs it as its job is continued, and brings it back.
    /// A program not suspended (it took `^Z` as a key, or ignored it) is
    /// left as it is: its shell, not stopped, takes no notice.
    pub fn resume(&mut self) -> io::Result<()> {
        let Some(pid) = self.child.process_id() else {
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
        if let Some(pid) = self.child.process_id() {
            cancel::forget(pid);
        }
        let ended = self.child.process_id().is_some_and(platform::end_group);
        // `Child::kill` would give a program that outlives a hang-up 50 ms
        // before it kills it: not needed after `SIGKILL`.
        if !ended {
            if let Ok(None) = self.child.try_wait() {
                let _ = self.child.kill();
            }
        }
        let _ = self.child.wait();
    }

    /// Reads until the program closes the terminal, for at most `time`,
    /// or up to what it says of a wait (the rest is read after that
    /// screen); whether there was output.
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

impl Drop for PtySession {
    fn drop(&mut self) {
        self.kill();
    }
}

/// How much of the program's output a session keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(windows, allow(dead_code))]
pub(crate) enum Kept {
    /// All of it ([`PtySession::raw_output`]).
    All,
    /// What is not taken yet ([`PtySession::take_new_output`]).
    UntilTaken,
    /// None.
    Nothing,
}

/// How a program is started.
struct Start<'a> {
    program: &'a OsStr,
    args: &'a [OsString],
    /// Its environment: this process's, each of these set, or removed
    /// (`None`).
    changes: &'a [(OsString, Option<OsString>)],
    cwd: Option<&'a Path>,
    /// Its terminal's own device, where it has one.
    #[cfg(unix)]
    tty: Option<&'a Path>,
    /// Its standard error's terminal, if there is one.
    #[cfg(unix)]
    stderr: Option<&'a StderrPty>,
    /// Whether it runs as a shell's job ([`crate::job`]).
    #[cfg(unix)]
    jobs: bool,
}

impl Start<'_> {
    /// Starts the program in the terminal whose other end is `slave`: as
    /// a shell's job if asked (Unix); with `posix_spawn` where there is a
    /// device to open ([`crate::spawn`], Linux); else as `portable-pty`
    /// starts it.
    fn run(
        &self,
        slave: &dyn SlavePty,
    ) -> io::Result<Box<dyn Child + Send + Sync>> {
        #[cfg(unix)]
        let stderr_tty = self.stderr.map(|pty| pty.tty.as_path());
        #[cfg(unix)]
        if self.jobs {
            stderr::check_runnable(self.program)?;
            let (shell, words) =
                crate::job::wrap(self.program, self.args, stderr_tty);
            let job = Start {
                program: &shell,
                args: &words,
                stderr: None,
                jobs: false,
                ..*self
            };
            return job.run(slave);
        }
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if let Some(tty) = self.tty {
            let spawned = crate::spawn::spawn(
                self.program,
                self.args,
                self.changes,
                tty,
                stderr_tty,
            );
            return match spawned {
                Ok(spawned) => Ok(Box::new(spawned)),
                Err(e) => Err(self.cannot_start(e)),
            };
        }
        let mut cmd = self.command()?;
        if let Some(dir) = self.cwd {
            cmd.cwd(dir);
        }
        for (name, value) in self.changes {
            match value {
                Some(value) => cmd.env(name, value),
                None => cmd.env_remove(name),
            }
        }
        slave.spawn_command(cmd).map_err(|e| self.cannot_start(e))
    }

    /// The error of a program that could not be started.
    fn cannot_start(&self, e: impl std::fmt::Display) -> io::Error {
        let program = self.program.to_string_lossy();
        io::Error::other(format!("cannot start {program}: {e}"))
    }

    /// The command `portable-pty` starts: through the shell that gives
    /// the program its standard error's terminal, if there is one (an
    /// error if no such program can be run, as the shell would only say
    /// so there).
    fn command(&self) -> io::Result<CommandBuilder> {
        #[cfg(unix)]
        if let Some(pty) = self.stderr {
            stderr::check_runnable(self.program)?;
            let (shell, words) = pty.wrap(self.program, self.args);
            return Ok(command_of(&shell, &words));
        }
        Ok(command_of(self.program, self.args))
    }
}

/// `program` with `args`, as `portable-pty` starts it.
fn command_of(program: &OsStr, args: &[OsString]) -> CommandBuilder {
    let mut cmd = CommandBuilder::new(program);
    cmd.args(args);
    cmd
}

/// How often `/proc` counts a program's CPU time.
const TICK: Duration = Duration::from_millis(10);

/// The size as the emulator takes it: neither side may be 0.
fn nonzero_size(cols: u16, rows: u16) -> io::Result<(NonZeroU16, NonZeroU16)> {
    NonZeroU16::new(rows)
        .zip(NonZeroU16::new(cols))
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a terminal of {cols}x{rows} has no cells"),
            )
        })
}

/// The program to start, as a shell finds it: a name with a `/` in it is a
/// path, relative to the current directory `cwd`; a bare name is looked up
/// in `PATH` (by `portable-pty`, which looks any relative name up there).
fn program_path(program: &OsStr, cwd: Option<&Path>) -> OsString {
    let path = Path::new(program);
    match cwd {
        Some(dir) if path.is_relative() && path.components().count() > 1 => {
            dir.join(path).into_os_string()
        }
        _ => program.to_os_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn printf(text: &str, kept: Kept) -> PtySession {
        let command = ["printf", text].map(OsString::from);
        let mut session =
            PtySession::spawn(&command, 20, 2, "", &[]).expect("it starts");
        session.keep_output(kept);
        session.wait_exit(Duration::from_secs(10)).expect("it ends");
        session
    }

    #[test]
    fn a_script_without_its_interpreter_line_is_run_by_the_shell() {
        let dir = std::env::temp_dir()
            .join(format!("rogue-capture-script-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("plain");
        std::fs::write(&script, "echo \"from a plain script: $1\"\n").unwrap();
        let mut mode = std::fs::metadata(&script).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
        std::fs::set_permissions(&script, mode).unwrap();
        // Found by its bare name in the program's own PATH.
        let path = vec![("PATH".into(), dir.to_string_lossy().into_owned())];
        let command = ["plain", "hi"].map(OsString::from);
        let mut session =
            PtySession::spawn(&command, 40, 2, "", &path).expect("it starts");
        session.wait_exit(Duration::from_secs(10)).expect("it ends");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(session.screen().contents(), "from a plain script: hi");
    }

    #[test]
    fn output_is_kept_as_asked_and_always_seen() {
        let mut all = printf("hello", Kept::All);
        assert_eq!(all.raw_output(), b"hello");
        assert_eq!(all.take_new_output(), b"hello");
        assert_eq!(all.take_new_output(), b"");
        assert_eq!(all.raw_output(), b"hello");

        let mut until_taken = printf("hello", Kept::UntilTaken);
        assert_eq!(until_taken.take_new_output(), b"hello");
        assert_eq!(until_taken.raw_output(), b"");

        let nothing = printf("hello", Kept::Nothing);
        assert_eq!(nothing.raw_output(), b"");
        assert!(nothing.drew_anything());
        assert_eq!(nothing.screen().contents(), "hello");
    }
}
