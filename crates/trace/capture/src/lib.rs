//! Recording any terminal program in a pseudo-terminal: `rogue-trace capture`.
//!
//! The program runs in a pseudo-terminal of a chosen size; its output goes
//! through a terminal emulator (`vt100`), and the emulated screen is read
//! back as trace steps. Keys are typed one at a time, each once the screen
//! has settled.
//!
//! A screen has settled when the program waits for the next key ([`Settle::Observe`],
//! Linux): it has read what was typed and sleeps in a read or poll (see
//! [`watch`]), and everything it wrote has come out of the terminal (a
//! marker written behind it has arrived). Elsewhere, or with
//! [`Settle::Quiet`], a screen has settled when output pauses for a quiet
//! time.
//!
//! On Windows, [`capture`] runs the program on the console itself instead
//! (the module `console`, Windows only): keys go into the console's input
//! buffer and screens come out of its screen buffer.

pub mod cast;
#[cfg(windows)]
pub mod console;
pub mod pin;
#[cfg(not(unix))]
#[path = "portable.rs"]
mod platform;
#[cfg(unix)]
#[path = "unix.rs"]
mod platform;
#[cfg(target_os = "linux")]
pub mod watch;

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{
    native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize,
};
use rogue_trace_format::classes::{Colour, Look, PLAIN};
use rogue_trace_format::{Header, OddCell, Step, Trace, FIRST_AND_LAST};
pub use vt100;

/// How long to wait when output pauses ([`Settle::Quiet`]), and the limits
/// of any wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Output must pause this long for the screen to count as settled.
    pub quiet: Duration,
    /// How long to wait for the first output after start-up or a key; a
    /// key that draws nothing within this time left the screen as it was.
    pub first_output: Duration,
    /// How long a program may keep drawing, or keep from waiting for a
    /// key, before the capture gives up.
    pub busy_limit: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            quiet: Duration::from_millis(60),
            first_output: Duration::from_millis(1500),
            busy_limit: Duration::from_secs(5),
        }
    }
}

/// How to tell that a screen has settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    /// By watching the program (Linux): settled when it waits for the next
    /// key with its output drained. Falls back to `Quiet` where the program
    /// cannot be watched.
    Observe(Timing),
    /// By the clock: settled when output pauses for `quiet`.
    Quiet(Timing),
}

impl Settle {
    /// The limits of any wait.
    pub fn timing(&self) -> &Timing {
        match self {
            Settle::Observe(t) | Settle::Quiet(t) => t,
        }
    }
}

impl Default for Settle {
    fn default() -> Self {
        Settle::Observe(Timing::default())
    }
}

/// How a wait for the screen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The screen settled (`drew` says whether there was output).
    Quiet {
        /// Whether the program wrote anything during the wait.
        drew: bool,
    },
    /// The program closed the terminal (it exited).
    Exited,
    /// The program kept drawing, or did not wait for a key, for the whole
    /// busy limit.
    Busy,
}

/// The marker written behind a program's output to know it has all come
/// out: an APC string no program writes, taken out before the emulator.
const MARKER: &[u8] = b"\x1b_rogue-trace-settled\x1b\\";

/// What the watched program is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Asleep in a read or poll, every byte typed read.
    Waiting,
    /// Running, or asleep in something else, or bytes typed not read yet.
    Busy,
    /// No process left.
    Gone,
}

/// A program running in a pseudo-terminal, its screen emulated.
pub struct PtySession {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    output: Receiver<Vec<u8>>,
    parser: vt100::Parser,
    raw: Vec<u8>,
    closed: bool,
    /// What is seen of the program beyond its output (Unix).
    observer: platform::Observer,
    /// The terminal was in canonical mode when keys were last typed: the
    /// program reads them only at the end of a line, so the next wait is
    /// by the clock.
    line_mode: bool,
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
        let mut cmd =
            CommandBuilder::new(program_path(program, cwd.as_deref()));
        cmd.args(args);
        if let Some(dir) = cwd {
            cmd.cwd(dir);
        }
        if term.is_empty() {
            cmd.env_remove("TERM");
        } else {
            cmd.env("TERM", term);
        }
        for (name, value) in env {
            cmd.env(name, value);
        }
        let child = pair.slave.spawn_command(cmd).map_err(|e| {
            io::Error::other(format!(
                "cannot start {}: {e}",
                program.to_string_lossy()
            ))
        })?;
        drop(pair.slave);
        let reader =
            pair.master.try_clone_reader().map_err(io::Error::other)?;
        let writer = pair.master.take_writer().map_err(io::Error::other)?;
        let observer =
            platform::Observer::new(&*pair.master, child.process_id());
        Ok(PtySession {
            master: pair.master,
            writer,
            child,
            output: spawn_reader(reader),
            parser: vt100::Parser::new(rows_nz, cols_nz, 0),
            raw: Vec::new(),
            closed: false,
            observer,
            line_mode: false,
        })
    }

    /// Types `bytes`. Bytes that the terminal turns into signals (Ctrl-C,
    /// Ctrl-\\, Ctrl-Z when `ISIG` is on) are not read by the program, which
    /// is woken by the signal instead.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.line_mode = self.observer.typing(&*self.master, bytes);
        self.writer.write_all(bytes)?;
        self.writer.flush()
    }

    /// Whether the program can be watched ([`Settle::Observe`] works).
    pub fn observable(&self) -> bool {
        self.observer.observable()
    }

    /// Waits until the screen has settled, the program has exited, or it
    /// kept busy past the busy limit.
    pub fn settle(&mut self, how: &Settle) -> Settled {
        match how {
            Settle::Observe(timing) if self.observable() && !self.line_mode => {
                self.settle_observed(timing)
            }
            Settle::Observe(timing) | Settle::Quiet(timing) => {
                self.settle_quiet(timing)
            }
        }
    }

    /// [`Settle::Observe`]: waits for the program to wait for a key, then
    /// for everything it wrote to come out.
    fn settle_observed(&mut self, timing: &Timing) -> Settled {
        let deadline = Instant::now() + timing.busy_limit;
        let mut drew = false;
        loop {
            drew |= self.take_output();
            match self.observer.state() {
                State::Waiting => {
                    return match self.sync() {
                        Some(more) => Settled::Quiet { drew: drew | more },
                        None => Settled::Exited,
                    };
                }
                State::Gone => return self.exited(),
                State::Busy if Instant::now() >= deadline => {
                    return Settled::Busy
                }
                State::Busy => {}
            }
            if self.closed || matches!(self.child.try_wait(), Ok(Some(_))) {
                return self.exited();
            }
            // Wake on new output, or look again shortly.
            match self.output.recv_timeout(Duration::from_micros(30)) {
                Ok(bytes) => {
                    self.feed(&bytes);
                    drew = true;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }

    /// Writes [`MARKER`] to the terminal behind the program's output and
    /// reads up to it: then everything the program wrote is on the screen.
    /// Whether there was output before the marker; `None` if the terminal
    /// closed first.
    fn sync(&mut self) -> Option<bool> {
        let Some(tty) = self.observer.tty() else {
            return Some(false);
        };
        let written = std::fs::OpenOptions::new()
            .write(true)
            .open(tty)
            .and_then(|mut slave| slave.write_all(MARKER));
        if written.is_err() {
            return Some(false);
        }
        let mut pending: Vec<u8> = Vec::new();
        let mut drew = false;
        loop {
            if let Some(at) = find(&pending, MARKER) {
                let after = pending.split_off(at + MARKER.len());
                pending.truncate(at);
                drew |= !pending.is_empty();
                self.feed(&pending);
                self.feed(&after);
                return Some(drew);
            }
            // Everything but what could be the start of the marker is output.
            let keep = pending.len().min(MARKER.len() - 1);
            let done: Vec<u8> = pending.drain(..pending.len() - keep).collect();
            drew |= !done.is_empty();
            self.feed(&done);
            match self.output.recv_timeout(Duration::from_secs(5)) {
                Ok(bytes) => pending.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {
                    self.feed(&pending);
                    return Some(drew);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.closed = true;
                    self.feed(&pending);
                    return None;
                }
            }
        }
    }

    /// [`Settle::Quiet`]: waits until the program has drawn and paused.
    fn settle_quiet(&mut self, timing: &Timing) -> Settled {
        let start = Instant::now();
        let mut last_output: Option<Instant> = None;
        loop {
            if self.closed {
                return Settled::Exited;
            }
            let now = Instant::now();
            if now.duration_since(start)
                >= timing.busy_limit + timing.first_output
            {
                return Settled::Busy;
            }
            let wait = match last_output {
                Some(t) => (t + timing.quiet).saturating_duration_since(now),
                None => {
                    (start + timing.first_output).saturating_duration_since(now)
                }
            };
            match self.output.recv_timeout(wait) {
                Ok(bytes) => {
                    self.feed(&bytes);
                    last_output = Some(Instant::now());
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Settled::Quiet {
                        drew: last_output.is_some(),
                    };
                }
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }

    /// The program exited: what it wrote last is read.
    fn exited(&mut self) -> Settled {
        self.drain(Duration::from_secs(2));
        Settled::Exited
    }

    /// Feeds what the reader already has to the emulator (a bounded amount,
    /// so that a program that never stops writing cannot hold the wait);
    /// whether there was any.
    fn take_output(&mut self) -> bool {
        let mut any = false;
        for _ in 0..64 {
            match self.output.try_recv() {
                Ok(bytes) => {
                    self.feed(&bytes);
                    any = true;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => return any,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.closed = true;
                    return any;
                }
            }
        }
        any
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.raw.extend_from_slice(bytes);
    }

    /// The emulated screen as step `number` of a trace.
    pub fn step(&self, number: usize, key: Option<char>) -> Step {
        screen_step(self.parser.screen(), number, key)
    }

    /// The emulated terminal's screen and modes.
    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Everything the program has written so far, as raw bytes.
    pub fn raw_output(&self) -> &[u8] {
        &self.raw
    }

    /// Resizes the terminal (the program gets `SIGWINCH`).
    pub fn resize(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        let (rows_nz, cols_nz) = nonzero_size(cols, rows)?;
        self.resize_pty(cols, rows)?;
        self.parser.screen_mut().set_size(rows_nz, cols_nz);
        Ok(())
    }

    /// Resizes the pseudo-terminal only, not the emulated screen: the
    /// program gets `SIGWINCH` and a size the emulator need not hold (a
    /// test of huge sizes).
    pub fn resize_pty(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        self.observer.expect_wake();
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(io::Error::other)
    }

    /// The terminal's line modes, `(canonical, echo)`, as the program left
    /// them (Unix; `None` elsewhere).
    pub fn line_modes(&self) -> Option<(bool, bool)> {
        platform::line_modes(&*self.master)
    }

    /// The program's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Waits up to `timeout` for the program to exit, reading what it
    /// writes meanwhile; its exit status, or `None` if it is still running.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                self.drain(Duration::from_millis(500));
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            self.drain(Duration::from_millis(20));
        }
    }

    /// Ends the program and everything in its process group: hang-up
    /// first, then kill.
    pub fn kill(&mut self) {
        if let Some(pid) = self.child.process_id() {
            platform::end_group(pid);
        }
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }

    /// Reads until the program closes the terminal, for at most `time`.
    fn drain(&mut self, time: Duration) {
        let deadline = Instant::now() + time;
        while let Ok(bytes) = self
            .output
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.feed(&bytes);
        }
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

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

/// Reads the terminal's output on a thread of its own; the channel closes
/// when the program closes the terminal.
fn spawn_reader(mut reader: Box<dyn Read + Send>) -> Receiver<Vec<u8>> {
    let (tx, rx) = channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        loop {
            match reader.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// The emulated screen as step `number`: characters, colour classes, and
/// the look of cells that are neither pair 1, pair 2 nor plain.
pub fn screen_step(
    screen: &vt100::Screen,
    number: usize,
    key: Option<char>,
) -> Step {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    let cells = (0..rows).flat_map(|y| (0..cols).map(move |x| (y, x)));
    let cells = cells.map(|(y, x)| {
        let cell = screen.cell(y, x);
        let ch = cell
            .and_then(|c| c.contents().chars().next())
            .unwrap_or(' ');
        (ch, cell.map_or_else(|| Look::of_class(PLAIN), look_of))
    });
    step_of_cells(number, key, cols, cells)
}

/// Step `number` of a screen `cols` wide, from its cells row by row, each
/// a character and its look; a blank character is always plain.
fn step_of_cells(
    number: usize,
    key: Option<char>,
    cols: u16,
    cells: impl Iterator<Item = (char, Look)>,
) -> Step {
    let mut step = Step {
        number,
        key,
        text: Vec::new(),
        colours: Vec::new(),
        odd: Vec::new(),
    };
    let (mut text, mut colours) = (String::new(), String::new());
    for (i, (ch, look)) in cells.enumerate() {
        let (y, x) = (
            (i / usize::from(cols)) as u16,
            (i % usize::from(cols)) as u16,
        );
        let class = if ch == ' ' { PLAIN } else { look.class() };
        if class == rogue_trace_format::classes::ODD {
            step.odd.push(OddCell { y, x, look });
        }
        text.push(ch);
        colours.push(class);
        if x + 1 == cols {
            step.text.push(std::mem::take(&mut text));
            step.colours.push(std::mem::take(&mut colours));
        }
    }
    step
}

/// A cell's look as the emulator shows it.
fn look_of(cell: &vt100::Cell) -> Look {
    let colour = |c: vt100::Color| match c {
        vt100::Color::Default => Colour::Default,
        vt100::Color::Idx(i) => Colour::Index(i),
        vt100::Color::Rgb(r, g, b) => Colour::Rgb(r, g, b),
    };
    let flags = [
        (cell.bold(), "bold"),
        (cell.italic(), "italic"),
        (cell.underline(), "underline"),
        (cell.inverse(), "inverse"),
    ];
    Look {
        fg: colour(cell.fgcolor()),
        bg: colour(cell.bgcolor()),
        attributes: flags.iter().filter(|f| f.0).map(|f| f.1).collect(),
    }
}

/// What to capture.
#[derive(Clone, Debug)]
pub struct CaptureOptions {
    /// Columns of the terminal.
    pub cols: u16,
    /// Rows of the terminal.
    pub rows: u16,
    /// The keys to type, one at a time.
    pub keys: Vec<char>,
    /// Keep every step (else step 0 and the last).
    pub every: bool,
    /// The `TERM` the program gets.
    pub term: String,
    /// Extra environment for the program.
    pub env: Vec<(String, String)>,
    /// How to tell that a screen has settled.
    pub settle: Settle,
    /// The header's `part`, if given (the program's own business; recorded
    /// so the trace can be compared with a replay).
    pub part: Option<u8>,
    /// The header's `rng`, if given.
    pub rng: Option<String>,
    /// The header's `seed`, if given.
    pub seed: Option<u32>,
}

/// Why a capture stopped before typing every key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The program exited after `keys_typed` keys.
    Exited {
        /// Keys typed before it exited.
        keys_typed: usize,
        /// Its exit status, as text.
        status: String,
    },
    /// The program drew nothing at start-up.
    NeverDrew,
    /// The program kept drawing, or did not wait for a key, after
    /// `keys_typed` keys.
    KeptDrawing {
        /// Keys typed before it.
        keys_typed: usize,
    },
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Exited { keys_typed, status } => write!(
                f,
                "the program exited ({status}) after {keys_typed} key(s); the screens before are recorded"
            ),
            Stopped::NeverDrew => write!(f, "the program drew nothing at start-up; the blank screen is recorded"),
            Stopped::KeptDrawing { keys_typed } => write!(
                f,
                "the program kept busy without waiting for a key after {keys_typed} key(s); the settled screens before are recorded"
            ),
        }
    }
}

/// The header of a capture of `command` with `options`: only the values
/// given are written.
pub fn header(command: &[OsString], options: &CaptureOptions) -> Header {
    let program = command
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let mut extra = Vec::new();
    if !options.every {
        extra.push(FIRST_AND_LAST.to_string());
    }
    let on = if cfg!(windows) {
        extra.push(rogue_trace_format::classes::CONSOLE.to_string());
        "on the Windows console".to_string()
    } else {
        format!("TERM={}", options.term)
    };
    Header {
        program: format!(
            "{program} (captured by rogue-trace {}, {on})",
            env!("CARGO_PKG_VERSION"),
        ),
        part: options.part,
        rng: options.rng.clone(),
        seed: options.seed,
        cols: options.cols,
        rows: options.rows,
        keys: options.keys.clone(),
        extra,
    }
}

/// What a capture needs of a program it runs: a pseudo-terminal's
/// ([`PtySession`]) or, on Windows, the console's (the module `console`).
trait Recording {
    /// Waits for the screen to settle; `first` at start-up.
    fn settle_on(&mut self, how: &Settle, first: bool) -> Settled;
    /// Types `key`.
    fn type_key(&mut self, key: char) -> io::Result<()>;
    /// The screen as step `number`.
    fn step_of(&self, number: usize, key: Option<char>) -> Step;
    /// Whether nothing has been seen of the program's screen.
    fn nothing_seen(&self) -> bool;
    /// Everything the program has written so far, if the terminal is a
    /// byte stream (not on a console).
    fn output(&self) -> &[u8];
    /// Its exit status, as text.
    fn status(&mut self) -> String;
    /// Ends it.
    fn end(&mut self);
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

    fn type_key(&mut self, key: char) -> io::Result<()> {
        let mut buf = [0u8; 4];
        self.send(key.encode_utf8(&mut buf).as_bytes())
    }

    fn step_of(&self, number: usize, key: Option<char>) -> Step {
        self.step(number, key)
    }

    fn nothing_seen(&self) -> bool {
        self.raw_output().is_empty()
    }

    fn output(&self) -> &[u8] {
        self.raw_output()
    }

    fn status(&mut self) -> String {
        self.wait_exit(Duration::from_secs(2)).map_or_else(
            || "status unknown".to_string(),
            |s| format!("exit status {}", s.exit_code()),
        )
    }

    fn end(&mut self) {
        self.kill();
    }
}

#[cfg(windows)]
impl Recording for console::ConsoleSession {
    fn settle_on(&mut self, how: &Settle, first: bool) -> Settled {
        self.settle(how, first)
    }

    fn type_key(&mut self, key: char) -> io::Result<()> {
        self.send(key)
    }

    fn step_of(&self, number: usize, key: Option<char>) -> Step {
        self.step(number, key)
    }

    fn nothing_seen(&self) -> bool {
        self.blank()
    }

    fn output(&self) -> &[u8] {
        &[]
    }

    fn status(&mut self) -> String {
        self.exit_status(Duration::from_secs(2))
    }

    fn end(&mut self) {
        self.kill();
    }
}

/// Runs `command` in a pseudo-terminal (on Windows, on the console), types
/// the keys, and hands each recorded step to `each` as it settles (every
/// step with `every`, else step 0 and the last); why it stopped early, if
/// it did. With `cast`, what the terminal showed and the keys typed are
/// written as an asciinema recording too (not on a console).
pub fn capture_each(
    command: &[OsString],
    options: &CaptureOptions,
    cast: Option<&mut cast::CastWriter>,
    each: impl FnMut(Step) -> io::Result<()>,
) -> io::Result<Option<Stopped>> {
    #[cfg(windows)]
    let session = console::ConsoleSession::spawn(
        command,
        options.cols,
        options.rows,
        &options.env,
    )?;
    #[cfg(not(windows))]
    let session = PtySession::spawn(
        command,
        options.cols,
        options.rows,
        &options.term,
        &options.env,
    )?;
    record(session, options, cast, each)
}

/// Types the keys into `session` and records its steps.
///
/// A step is made from the screen after the next key has been typed: the
/// screen changes only when the session settles again, so the program
/// works on the next key while the step is made and written.
fn record(
    mut session: impl Recording,
    options: &CaptureOptions,
    mut cast: Option<&mut cast::CastWriter>,
    mut each: impl FnMut(Step) -> io::Result<()>,
) -> io::Result<Option<Stopped>> {
    let settle = options.settle;
    let mut stopped = match session.settle_on(&settle, true) {
        Settled::Quiet { drew: true } => None,
        Settled::Quiet { drew: false } => Some(Stopped::NeverDrew),
        Settled::Busy if session.nothing_seen() => Some(Stopped::NeverDrew),
        Settled::Busy => Some(Stopped::KeptDrawing { keys_typed: 0 }),
        Settled::Exited => Some(Stopped::Exited {
            keys_typed: 0,
            status: session.status(),
        }),
    };
    // The last settled screen, by its number and key, and whether it is
    // still to be recorded.
    let mut settled = (0, None);
    let mut pending = stopped.is_none();
    if stopped == Some(Stopped::NeverDrew) {
        each(session.step_of(0, None))?;
    }
    for (i, &key) in options.keys.iter().enumerate() {
        if stopped.is_some() {
            break;
        }
        if let Some(cast) = cast.as_deref_mut() {
            cast.output(session.output())?;
            cast.input(key)?;
        }
        session.type_key(key)?;
        if pending && (options.every || settled.0 == 0) {
            each(session.step_of(settled.0, settled.1))?;
            pending = false;
        }
        match session.settle_on(&settle, false) {
            Settled::Quiet { .. } => {
                settled = (i + 1, Some(key));
                pending = true;
            }
            Settled::Exited => {
                stopped = Some(Stopped::Exited {
                    keys_typed: i + 1,
                    status: session.status(),
                })
            }
            Settled::Busy => {
                stopped = Some(Stopped::KeptDrawing { keys_typed: i + 1 })
            }
        }
    }
    if pending {
        each(session.step_of(settled.0, settled.1))?;
    }
    if let Some(cast) = cast {
        cast.output(session.output())?;
        cast.finish()?;
    }
    session.end();
    Ok(stopped)
}

/// A capture held in memory: the trace and, if it ended early, why.
#[derive(Clone, Debug)]
pub struct Capture {
    /// What was recorded.
    pub trace: Trace,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stopped>,
}

/// [`capture_each`], the steps kept in a [`Trace`].
pub fn capture(
    command: &[OsString],
    options: &CaptureOptions,
) -> io::Result<Capture> {
    let mut steps = Vec::new();
    let stopped = capture_each(command, options, None, |step| {
        steps.push(step);
        Ok(())
    })?;
    Ok(Capture {
        trace: Trace {
            header: header(command, options),
            steps,
        },
        stopped,
    })
}
