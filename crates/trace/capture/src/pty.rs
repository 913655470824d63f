//! The pseudo-terminal a program runs in: started, read on a thread of
//! its own ([`crate::output`]), written to, resized and ended; on Unix
//! with a second one as the program's standard error, read apart.
//!
//! The second terminal has the size of the first, as when run by hand. On
//! Linux the program is given it as it starts (the module `spawn`);
//! elsewhere it starts as `/bin/sh -c 'exec "$@" 2>"$0"' TTY PROGRAM ...`.

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::path::Path;
#[cfg(unix)]
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use portable_pty::{
    native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize,
    SlavePty,
};

use crate::cancel;
use crate::output::{spawn_readers, Chunk};
use crate::platform;
use crate::preload::Typist;
use crate::program;
#[cfg(unix)]
use crate::protocol;
use crate::Exit;

/// What a program is started with.
pub(crate) struct Command<'a> {
    /// The program and its arguments.
    pub(crate) words: &'a [OsString],
    pub(crate) cols: u16,
    pub(crate) rows: u16,
    /// Its `TERM` (none at all if empty).
    pub(crate) term: &'a str,
    /// Its extra environment.
    pub(crate) env: &'a [(String, String)],
    /// Run as a shell's job (Unix, [`crate::job`]), for `^Z`.
    pub(crate) jobs: bool,
}

/// A program running in a pseudo-terminal.
pub(crate) struct Pty {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    output: Receiver<Chunk>,
    /// Chunks read ahead while the standard error's were looked for.
    ahead: VecDeque<Chunk>,
    /// Whether the terminal has closed.
    closed: bool,
    /// The terminal of the program's standard error, read apart (Unix).
    #[cfg(unix)]
    stderr: Option<StderrPty>,
}

impl Pty {
    /// Starts `command` in a pseudo-terminal, with the library that types
    /// `typist`'s keys if the terminal has a device (else it is dropped).
    pub(crate) fn start(
        command: &Command,
        typist: &mut Option<Typist>,
    ) -> io::Result<Pty> {
        let (program, args) = command.words.split_first().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "no command to run")
        })?;
        let pair = native_pty_system()
            .openpty(size(command.cols, command.rows))
            .map_err(io::Error::other)?;
        let cwd = std::env::current_dir().ok();
        let program = program::in_folder(program, cwd.as_deref());
        #[cfg(unix)]
        let stderr = StderrPty::open(command.cols, command.rows);
        // The library types into this terminal only, so none is no typing.
        let tty = platform::tty_name(&*pair.master);
        if tty.is_none() {
            *typist = None;
        }
        let typing = typist
            .as_ref()
            .zip(tty.as_deref())
            .map(|(t, tty)| t.env(command.env, tty))
            .unwrap_or_default();
        #[cfg(unix)]
        let typing = StderrPty::with_tty(typing, stderr.as_ref());
        let term = (!command.term.is_empty()).then(|| command.term.into());
        let mut changes = vec![(OsString::from("TERM"), term)];
        changes.extend(
            command
                .env
                .iter()
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
            stderr: stderr.as_ref(),
            #[cfg(unix)]
            stderr_master: stderr.as_ref().and_then(|p| p.master.as_raw_fd()),
            #[cfg(unix)]
            jobs: command.jobs,
        };
        let child = started.run(&*pair.slave)?;
        drop(pair.slave);
        #[cfg(unix)]
        let stderr_master: Option<&dyn MasterPty> =
            stderr.as_ref().map(|pty| &*pty.master as _);
        #[cfg(not(unix))]
        let stderr_master = None;
        let output = spawn_readers(&*pair.master, stderr_master)?;
        let writer = pair.master.take_writer().map_err(io::Error::other)?;
        let pty = Pty {
            master: pair.master,
            writer,
            child,
            output,
            ahead: VecDeque::new(),
            closed: false,
            #[cfg(unix)]
            stderr,
        };
        // A program started as every capture is being ended is ended at
        // once (its drop), the capture refused.
        if pty.pid().is_some_and(|pid| !cancel::register(pid)) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "every capture is being ended",
            ));
        }
        Ok(pty)
    }

    /// The next piece of output or word from the program, waiting up to
    /// `wait` (once closed, not at all unless `after_close`).
    pub(crate) fn read(
        &mut self,
        wait: Duration,
        after_close: bool,
    ) -> Option<Chunk> {
        let wait = if self.closed && !after_close {
            Duration::ZERO
        } else {
            wait
        };
        let chunk = match self.ahead.pop_front() {
            Some(chunk) => chunk,
            None => match self.output.recv_timeout(wait) {
                Ok(chunk) => chunk,
                Err(RecvTimeoutError::Disconnected) if !after_close => {
                    Chunk::Closed
                }
                Err(_) => return None,
            },
        };
        self.closed |= chunk == Chunk::Closed;
        Some(chunk)
    }

    /// The next chunk of the standard error's terminal, waiting up to
    /// `wait`, holding what comes meanwhile on the other.
    pub(crate) fn read_stderr(&mut self, wait: Duration) -> Option<Chunk> {
        loop {
            match self.output.recv_timeout(wait).ok()? {
                chunk @ (Chunk::Stderr(_) | Chunk::StderrMark(_)) => {
                    return Some(chunk)
                }
                chunk => self.ahead.push_back(chunk),
            }
        }
    }

    /// Whether the terminal has closed: nothing more comes from it.
    pub(crate) fn closed(&self) -> bool {
        self.closed
    }

    /// Types `bytes`.
    pub(crate) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer.write_all(bytes)?;
        self.writer.flush()
    }

    /// Resizes the terminal, and the standard error's.
    pub(crate) fn resize(&mut self, cols: u16, rows: u16) -> io::Result<()> {
        #[cfg(unix)]
        if let Some(pty) = &self.stderr {
            pty.master
                .resize(size(cols, rows))
                .map_err(io::Error::other)?;
        }
        self.master
            .resize(size(cols, rows))
            .map_err(io::Error::other)
    }

    /// Ends the program's process group (and job's): hang-up, then kill.
    pub(crate) fn kill(&mut self) {
        if let Some(pid) = self.pid() {
            cancel::forget(pid);
        }
        let ended = self.pid().is_some_and(platform::end_group);
        // `Child::kill` would give a program that outlives a hang-up 50 ms
        // before it kills it: not needed after `SIGKILL`.
        if !ended {
            if let Ok(None) = self.child.try_wait() {
                let _ = self.child.kill();
            }
        }
        let _ = self.child.wait();
    }

    /// The program's process id.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// The program's exit status, if it has exited.
    pub(crate) fn try_wait(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// How the program that ended with `status` ended.
    pub(crate) fn exit(&mut self, status: &ExitStatus) -> Exit {
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

    /// The master side, for what is read of the terminal's modes.
    pub(crate) fn master(&self) -> &dyn MasterPty {
        &*self.master
    }

    /// Whether the program's standard error is read apart (Unix).
    pub(crate) fn reads_stderr(&self) -> bool {
        #[cfg(unix)]
        return self.stderr.is_some();
        #[cfg(not(unix))]
        return false;
    }

    /// Writes the capture's marker to the standard error's terminal.
    pub(crate) fn mark_stderr(&self) -> bool {
        #[cfg(unix)]
        return self
            .stderr
            .as_ref()
            .is_some_and(|pty| write_to(&pty.tty, protocol::MARKER));
        #[cfg(not(unix))]
        return false;
    }
}

/// Writes `bytes` to the terminal device `tty`; whether they were.
pub(crate) fn write_to(tty: &Path, bytes: &[u8]) -> bool {
    std::fs::OpenOptions::new()
        .write(true)
        .open(tty)
        .and_then(|mut slave| slave.write_all(bytes))
        .is_ok()
}

impl Drop for Pty {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The pseudo-terminal the program's standard error goes to.
#[cfg(unix)]
struct StderrPty {
    master: Box<dyn MasterPty + Send>,
    /// Kept open, so that the terminal outlives the program.
    _slave: Box<dyn SlavePty + Send>,
    /// The terminal's own device.
    tty: PathBuf,
}

#[cfg(unix)]
impl StderrPty {
    /// A pseudo-terminal of `cols` by `rows`, if one can be opened, named.
    fn open(cols: u16, rows: u16) -> Option<StderrPty> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let pair = native_pty_system().openpty(size(cols, rows)).ok()?;
        let tty = pair.master.tty_name()?;
        Some(StderrPty {
            master: pair.master,
            _slave: pair.slave,
            tty,
        })
    }

    /// `typing`, the environment of a program that types its own keys,
    /// naming `pty` and its master side's descriptor to the library.
    fn with_tty(
        mut typing: Vec<(String, String)>,
        pty: Option<&StderrPty>,
    ) -> Vec<(String, String)> {
        if let Some(pty) = pty.filter(|_| !typing.is_empty()) {
            let tty = pty.tty.to_string_lossy().into_owned();
            typing.push((protocol::STDERR_TTY.into(), tty));
            let master = crate::spawn::STDERR_MASTER_FD.to_string();
            typing.push((protocol::STDERR_MASTER.into(), master));
        }
        typing
    }
}

/// A terminal's size as `portable-pty` takes it.
fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        ..PtySize::default()
    }
}

/// How a program is started.
struct Start<'a> {
    program: &'a OsStr,
    args: &'a [OsString],
    /// Its environment: this process's, these set, or removed (`None`).
    changes: &'a [(OsString, Option<OsString>)],
    cwd: Option<&'a Path>,
    /// Its terminal's own device, where it has one.
    #[cfg(unix)]
    tty: Option<&'a Path>,
    /// Its standard error's terminal, if there is one.
    #[cfg(unix)]
    stderr: Option<&'a StderrPty>,
    /// That terminal's master side, given to the program.
    #[cfg(unix)]
    stderr_master: Option<std::os::fd::RawFd>,
    /// Whether it runs as a shell's job ([`crate::job`]).
    #[cfg(unix)]
    jobs: bool,
}

impl Start<'_> {
    /// Starts the program in `slave`'s terminal: as a shell's job, with
    /// `posix_spawn` ([`crate::spawn`]), or as `portable-pty` starts it.
    fn run(
        &self,
        slave: &dyn SlavePty,
    ) -> io::Result<Box<dyn Child + Send + Sync>> {
        #[cfg(unix)]
        let stderr_tty = self.stderr.map(|pty| pty.tty.as_path());
        #[cfg(unix)]
        if self.jobs {
            program::check_runnable(self.program, self.changes)?;
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
                self.stderr_master,
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

    /// The command `portable-pty` starts: through the shell that gives the
    /// program its standard error's terminal, if there is one.
    fn command(&self) -> io::Result<CommandBuilder> {
        #[cfg(unix)]
        if let Some(pty) = self.stderr {
            program::check_runnable(self.program, self.changes)?;
            let script = "exec \"$@\" 2>\"$0\"";
            let tty = pty.tty.as_os_str();
            let (shell, words) =
                crate::job::shell(script, tty, self.program, self.args);
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
