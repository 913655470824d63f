//! Recording any terminal program in a pseudo-terminal: `rogue-trace capture`.
//!
//! The program runs in a pseudo-terminal of a chosen size; its output goes
//! through a terminal emulator (`vt100`), and the emulated screen is read
//! back as trace steps. Keys are typed one at a time, each after the screen
//! has settled (no output for a short quiet time).

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize};
pub use vt100;
use vt100::Color;

use crate::format::{Header, OddCell, Step, Trace};

/// How long to wait for the screen to settle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Output must pause this long for the screen to count as settled.
    pub quiet: Duration,
    /// How long to wait for the first output after start-up or a key; a
    /// key that draws nothing within this time left the screen as it was.
    pub first_output: Duration,
    /// How long a program may keep drawing without a pause before the
    /// capture gives up.
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

/// How a wait for the screen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Output paused for the quiet time (`drew` says whether there was any).
    Quiet {
        /// Whether the program wrote anything during the wait.
        drew: bool,
    },
    /// The program closed the terminal (it exited).
    Exited,
    /// The program kept writing for the whole busy limit.
    Busy,
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
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(io::Error::other)?;
        let cwd = std::env::current_dir().ok();
        let mut cmd = CommandBuilder::new(program_path(program, cwd.as_deref()));
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
            io::Error::other(format!("cannot start {}: {e}", program.to_string_lossy()))
        })?;
        drop(pair.slave);
        let reader = pair.master.try_clone_reader().map_err(io::Error::other)?;
        let writer = pair.master.take_writer().map_err(io::Error::other)?;
        Ok(PtySession {
            master: pair.master,
            writer,
            child,
            output: spawn_reader(reader),
            parser: vt100::Parser::new(rows_nz, cols_nz, 0),
            raw: Vec::new(),
            closed: false,
        })
    }

    /// Types `bytes`.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer.write_all(bytes)?;
        self.writer.flush()
    }

    /// Waits until the program has drawn and paused, exited, or kept
    /// drawing past the busy limit.
    pub fn settle(&mut self, timing: &Timing) -> Settled {
        let start = Instant::now();
        let mut last_output: Option<Instant> = None;
        loop {
            if self.closed {
                return Settled::Exited;
            }
            let now = Instant::now();
            if now.duration_since(start) >= timing.busy_limit + timing.first_output {
                return Settled::Busy;
            }
            let wait = match last_output {
                Some(t) => (t + timing.quiet).saturating_duration_since(now),
                None => (start + timing.first_output).saturating_duration_since(now),
            };
            match self.output.recv_timeout(wait) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    self.raw.extend_from_slice(&bytes);
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

    /// The emulated screen as a trace step.
    pub fn step(&self, key: Option<char>) -> Step {
        screen_step(self.parser.screen(), key)
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
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(io::Error::other)?;
        self.parser.screen_mut().set_size(rows_nz, cols_nz);
        Ok(())
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
                self.drain(Duration::from_millis(200));
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            self.drain(Duration::from_millis(20));
        }
    }

    /// Stops the program if it is still running.
    pub fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// Reads what is already written, for at most `time`.
    fn drain(&mut self, time: Duration) {
        let deadline = Instant::now() + time;
        while let Ok(bytes) = self
            .output
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.parser.process(&bytes);
            self.raw.extend_from_slice(&bytes);
        }
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        self.kill();
    }
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

/// The emulated screen as a step: characters, colour classes, and the
/// colours of cells that are neither pair 1, pair 2 nor the default.
pub fn screen_step(screen: &vt100::Screen, key: Option<char>) -> Step {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    let mut step = Step {
        key,
        text: Vec::new(),
        colours: Vec::new(),
        odd: Vec::new(),
    };
    for y in 0..rows {
        let mut text = String::with_capacity(cols.into());
        let mut colours = String::with_capacity(cols.into());
        for x in 0..cols {
            let cell = screen.cell(y, x);
            let ch = cell
                .and_then(|c| c.contents().chars().next())
                .unwrap_or(' ');
            let (fg, bg) = cell.map_or((Color::Default, Color::Default), |c| {
                (c.fgcolor(), c.bgcolor())
            });
            let class = match (fg, bg) {
                _ if ch == ' ' => ' ',
                (Color::Idx(7), Color::Idx(0)) => 'w',
                (Color::Idx(4), Color::Idx(0)) => 'b',
                (Color::Default, Color::Default) => ' ',
                _ => {
                    step.odd.push(OddCell {
                        y,
                        x,
                        fg: color_name(fg),
                        bg: color_name(bg),
                    });
                    '?'
                }
            };
            text.push(ch);
            colours.push(class);
        }
        step.text.push(text);
        step.colours.push(colours);
    }
    step
}

fn color_name(color: Color) -> String {
    match color {
        Color::Default => "default".to_string(),
        Color::Idx(i) => i.to_string(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
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
    /// Settling times.
    pub timing: Timing,
    /// The header's `part`, `rng` and `seed` (the program's own business;
    /// recorded so the trace can be compared with a replay).
    pub part: u8,
    /// See `part`.
    pub rng: String,
    /// See `part`.
    pub seed: u32,
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
    /// The program kept drawing after `keys_typed` keys.
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
                "the program kept drawing without a pause after {keys_typed} key(s); the settled screens before are recorded"
            ),
        }
    }
}

/// A capture: the trace and, if it ended early, why.
#[derive(Clone, Debug)]
pub struct Capture {
    /// What was recorded.
    pub trace: Trace,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stopped>,
}

/// Runs `command` in a pseudo-terminal, types the keys, and records the
/// screens.
pub fn capture(command: &[OsString], options: &CaptureOptions) -> io::Result<Capture> {
    let mut session = PtySession::spawn(
        command,
        options.cols,
        options.rows,
        &options.term,
        &options.env,
    )?;
    let timing = options.timing;
    let mut steps = Vec::new();
    let mut stopped = None;
    let first = Timing {
        first_output: timing.busy_limit,
        ..timing
    };
    match session.settle(&first) {
        Settled::Quiet { drew: true } => steps.push(session.step(None)),
        Settled::Quiet { drew: false } => {
            steps.push(session.step(None));
            stopped = Some(Stopped::NeverDrew);
        }
        Settled::Exited => stopped = Some(exited(&mut session, 0)),
        Settled::Busy => stopped = Some(Stopped::KeptDrawing { keys_typed: 0 }),
    }
    if stopped.is_none() {
        for (i, &key) in options.keys.iter().enumerate() {
            let mut buf = [0u8; 4];
            session.send(key.encode_utf8(&mut buf).as_bytes())?;
            match session.settle(&timing) {
                Settled::Quiet { .. } => steps.push(session.step(Some(key))),
                Settled::Exited => {
                    stopped = Some(exited(&mut session, i + 1));
                    break;
                }
                Settled::Busy => {
                    stopped = Some(Stopped::KeptDrawing { keys_typed: i + 1 });
                    break;
                }
            }
        }
    }
    session.kill();
    if !options.every && steps.len() > 2 {
        let last = steps.pop();
        steps.truncate(1);
        steps.extend(last);
    }
    let program = command
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let mut extra = Vec::new();
    if !options.every {
        extra.push("steps: first and last".to_string());
    }
    Ok(Capture {
        trace: Trace {
            header: Header {
                program: format!(
                    "{program} (captured by rogue-trace {}, TERM={})",
                    env!("CARGO_PKG_VERSION"),
                    options.term
                ),
                part: options.part,
                rng: options.rng.clone(),
                seed: options.seed,
                cols: options.cols,
                rows: options.rows,
                keys: options.keys.clone(),
                extra,
            },
            steps,
        },
        stopped,
    })
}

fn exited(session: &mut PtySession, keys_typed: usize) -> Stopped {
    let status = session.wait_exit(Duration::from_secs(2)).map_or_else(
        || "status unknown".to_string(),
        |s| format!("exit status {}", s.exit_code()),
    );
    Stopped::Exited { keys_typed, status }
}
