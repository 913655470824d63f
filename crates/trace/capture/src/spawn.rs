//! Starting the program in its pseudo-terminal (Linux), with
//! `posix_spawn`: a session of its own whose controlling terminal is the
//! pseudo-terminal, as `portable-pty` starts it, and its standard error
//! the second terminal ([`crate::pty`]) where there is one.
//!
//! `portable-pty` forks this process, whose page tables a large campaign
//! pays to copy (a tenth of its CPU time); `posix_spawn` copies nothing (a
//! `vfork`) and opens the terminals for the program itself.

use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;

use portable_pty::{Child, ChildKiller, ExitStatus};

use crate::platform;

/// The signals set back to their default in the program, as
/// `portable-pty` and the Rust library set them.
const DEFAULTS: [i32; 7] = [
    libc::SIGCHLD,
    libc::SIGHUP,
    libc::SIGINT,
    libc::SIGQUIT,
    libc::SIGTERM,
    libc::SIGALRM,
    libc::SIGPIPE,
];

/// A program started by [`spawn`].
#[derive(Debug)]
pub(crate) struct Spawned {
    pid: u32,
    /// How it ended, once known.
    status: Option<std::process::ExitStatus>,
}

impl Spawned {
    /// How it ended, if known, as the Rust library says it (the signal's
    /// number kept).
    pub(crate) fn std_status(&mut self) -> Option<std::process::ExitStatus> {
        self.try_wait().ok().flatten()?;
        self.status
    }

    /// Waits for it, without blocking unless `block`.
    fn wait_for(&mut self, block: bool) -> io::Result<Option<ExitStatus>> {
        if self.status.is_none() {
            let mut raw = 0;
            let flags = if block { 0 } else { libc::WNOHANG };
            // SAFETY: waitpid(2) writes the status into `raw`.
            let found = loop {
                let found =
                    unsafe { libc::waitpid(self.pid as i32, &mut raw, flags) };
                let error = io::Error::last_os_error();
                if found >= 0 || error.kind() != io::ErrorKind::Interrupted {
                    break found;
                }
            };
            match found {
                0 => return Ok(None),
                n if n < 0 => return Err(io::Error::last_os_error()),
                _ => {
                    self.status = Some(std::process::ExitStatus::from_raw(raw))
                }
            }
        }
        Ok(self.status.map(ExitStatus::from))
    }
}

impl Child for Spawned {
    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.wait_for(false)
    }

    fn wait(&mut self) -> io::Result<ExitStatus> {
        self.wait_for(true)?
            .ok_or_else(|| io::Error::other("no status after waiting"))
    }

    fn process_id(&self) -> Option<u32> {
        Some(self.pid)
    }
}

impl ChildKiller for Spawned {
    fn kill(&mut self) -> io::Result<()> {
        platform::signal(self.pid, libc::SIGKILL)
    }

    fn clone_killer(&self) -> Box<dyn ChildKiller + Send + Sync> {
        Box::new(Killer(self.pid))
    }
}

/// Kills a program started by [`spawn`] from elsewhere.
#[derive(Debug)]
struct Killer(u32);

impl ChildKiller for Killer {
    fn kill(&mut self) -> io::Result<()> {
        platform::signal(self.0, libc::SIGKILL)
    }

    fn clone_killer(&self) -> Box<dyn ChildKiller + Send + Sync> {
        Box::new(Killer(self.0))
    }
}

/// `text` as a C string; an error if it holds a NUL.
fn c_string(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} holds a NUL byte", text.to_string_lossy()),
        )
    })
}

/// The environment of this process with `changes` made, each a variable
/// set to a value or removed (`None`), as `NAME=value` strings.
fn environment(
    changes: &[(OsString, Option<OsString>)],
) -> io::Result<Vec<CString>> {
    let mut vars: Vec<(OsString, OsString)> = std::env::vars_os().collect();
    for (name, value) in changes {
        vars.retain(|(n, _)| n != name);
        if let Some(value) = value {
            vars.push((name.clone(), value.clone()));
        }
    }
    vars.into_iter()
        .map(|(name, value)| {
            let mut pair = name;
            pair.push("=");
            pair.push(value);
            c_string(&pair)
        })
        .collect()
}

/// An error of a `posix_spawn` call, which returns it.
fn check(code: i32) -> io::Result<()> {
    match code {
        0 => Ok(()),
        code => Err(io::Error::from_raw_os_error(code)),
    }
}

/// The descriptor a program is given its standard error's terminal's
/// master side as ([`crate::protocol::STDERR_MASTER`]).
pub(crate) const STDERR_MASTER_FD: libc::c_int = 3;

/// Starts `program` (found as `execvp` finds and runs it) with `args` and
/// the environment with `changes` made, in the terminal `tty`, its
/// standard error the terminal `stderr` if given, and given `master` as
/// [`STDERR_MASTER_FD`].
pub(crate) fn spawn(
    program: &OsStr,
    args: &[OsString],
    changes: &[(OsString, Option<OsString>)],
    tty: &Path,
    stderr: Option<&Path>,
    master: Option<libc::c_int>,
) -> io::Result<Spawned> {
    let files = Files {
        tty,
        stderr,
        master,
    };
    let paths = crate::program::path_of(changes);
    let path = crate::program::find(program, paths.as_deref())
        .ok_or_else(|| io::Error::from_raw_os_error(libc::ENOENT))?;
    let args = args.iter().map(OsString::as_os_str);
    let words: Vec<&OsStr> = std::iter::once(program).chain(args).collect();
    let path = path.as_os_str();
    match spawn_at(path, &words, changes, &files) {
        Err(e) if e.raw_os_error() == Some(libc::ENOEXEC) => {
            let shell = OsStr::new("/bin/sh");
            let rest = words.iter().skip(1).copied();
            let words: Vec<&OsStr> =
                [shell, path].into_iter().chain(rest).collect();
            spawn_at(shell, &words, changes, &files)
        }
        spawned => spawned,
    }
}

/// The files a program is started with ([`spawn`]).
struct Files<'a> {
    tty: &'a Path,
    stderr: Option<&'a Path>,
    master: Option<libc::c_int>,
}

/// [`spawn`] of the file `path`, given `words` (the first its name).
fn spawn_at(
    path: &OsStr,
    words: &[&OsStr],
    changes: &[(OsString, Option<OsString>)],
    files: &Files,
) -> io::Result<Spawned> {
    let path = c_string(path)?;
    let words: Vec<CString> = words
        .iter()
        .map(|w| c_string(w))
        .collect::<io::Result<_>>()?;
    let env = environment(changes)?;
    let tty = c_string(files.tty.as_os_str())?;
    let stderr = files.stderr.map(|p| c_string(p.as_os_str())).transpose()?;
    let mut argv: Vec<*mut libc::c_char> =
        words.iter().map(|w| w.as_ptr().cast_mut()).collect();
    argv.push(std::ptr::null_mut());
    let mut envp: Vec<*mut libc::c_char> =
        env.iter().map(|e| e.as_ptr().cast_mut()).collect();
    envp.push(std::ptr::null_mut());
    // SAFETY: the attributes and file actions are initialised before use
    // and destroyed after; every pointer given lives until posix_spawn
    // has returned.
    unsafe {
        let mut attr: libc::posix_spawnattr_t = std::mem::zeroed();
        check(libc::posix_spawnattr_init(&mut attr))?;
        let mut actions: libc::posix_spawn_file_actions_t = std::mem::zeroed();
        if let Err(e) = check(libc::posix_spawn_file_actions_init(&mut actions))
        {
            libc::posix_spawnattr_destroy(&mut attr);
            return Err(e);
        }
        let spawned = (|| {
            let mut defaults: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut defaults);
            for signal in DEFAULTS {
                libc::sigaddset(&mut defaults, signal);
            }
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            check(libc::posix_spawnattr_setsigdefault(&mut attr, &defaults))?;
            check(libc::posix_spawnattr_setsigmask(&mut attr, &none))?;
            let flags = libc::POSIX_SPAWN_SETSID
                | libc::POSIX_SPAWN_SETSIGDEF as libc::c_short
                | libc::POSIX_SPAWN_SETSIGMASK as libc::c_short;
            check(libc::posix_spawnattr_setflags(&mut attr, flags))?;
            // Opened by the new session's leader, the terminal becomes its
            // controlling terminal.
            check(libc::posix_spawn_file_actions_addopen(
                &mut actions,
                0,
                tty.as_ptr(),
                libc::O_RDWR,
                0,
            ))?;
            check(libc::posix_spawn_file_actions_adddup2(&mut actions, 0, 1))?;
            match &stderr {
                Some(path) => check(libc::posix_spawn_file_actions_addopen(
                    &mut actions,
                    2,
                    path.as_ptr(),
                    libc::O_WRONLY | libc::O_NOCTTY,
                    0,
                ))?,
                None => check(libc::posix_spawn_file_actions_adddup2(
                    &mut actions,
                    0,
                    2,
                ))?,
            }
            let mut from = STDERR_MASTER_FD;
            if let Some(master) = files.master {
                check(libc::posix_spawn_file_actions_adddup2(
                    &mut actions,
                    master,
                    STDERR_MASTER_FD,
                ))?;
                from += 1;
            }
            // Nothing else of this process's files: what it inherited
            // without close-on-exec is not the program's.
            check(libc::posix_spawn_file_actions_addclosefrom_np(
                &mut actions,
                from,
            ))?;
            let mut pid: libc::pid_t = 0;
            check(libc::posix_spawn(
                &mut pid,
                path.as_ptr(),
                &actions,
                &attr,
                argv.as_ptr(),
                envp.as_ptr(),
            ))?;
            Ok(Spawned {
                pid: pid as u32,
                status: None,
            })
        })();
        libc::posix_spawn_file_actions_destroy(&mut actions);
        libc::posix_spawnattr_destroy(&mut attr);
        spawned
    }
}
