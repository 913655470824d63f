//! What only Unix has: the terminal's own device (`/dev/pts/N`), its modes
//! (`termios`), the program's process group, and on Linux the watch of the
//! program through `/proc` ([`crate::watch`]).

use std::path::{Path, PathBuf};

use portable_pty::MasterPty;

#[cfg(target_os = "linux")]
use crate::watch::Watch;
use crate::State;

/// What the session sees of the program beyond its output.
pub struct Observer {
    /// The terminal's own device.
    tty: Option<PathBuf>,
    #[cfg(target_os = "linux")]
    watch: Option<Watch>,
}

impl Observer {
    /// Observes the program `pid` on the terminal of `master`, a shell
    /// running the program as its job if `job` ([`crate::job`]).
    pub fn new(
        master: &dyn MasterPty,
        pid: Option<u32>,
        job: bool,
    ) -> Observer {
        let tty = tty_name(master);
        #[cfg(target_os = "linux")]
        let watch = pid
            .zip(tty.as_deref())
            .and_then(|(pid, tty)| Watch::new(pid, tty, job));
        #[cfg(not(target_os = "linux"))]
        let _ = (pid, job);
        Observer {
            tty,
            #[cfg(target_os = "linux")]
            watch,
        }
    }

    /// The terminal's own device, to write behind the program's output.
    pub fn tty(&self) -> Option<&Path> {
        self.tty.as_deref()
    }

    /// Whether the program can be watched.
    pub fn observable(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.watch.is_some();
        #[cfg(not(target_os = "linux"))]
        return false;
    }

    /// Whether the program is seen to be one process, with one thread.
    pub fn alone(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().is_some_and(Watch::alone);
        #[cfg(not(target_os = "linux"))]
        return false;
    }

    /// The one process of the program that waits for input, if watched.
    pub fn reader(&self) -> Option<u32> {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().and_then(Watch::reader);
        #[cfg(not(target_os = "linux"))]
        return None;
    }

    /// Whether the last key typed was bytes for the program, if watched.
    pub fn key_typed(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().is_some_and(Watch::key_typed);
        #[cfg(not(target_os = "linux"))]
        return false;
    }

    /// How many times the program's threads have gone to sleep, if watched.
    pub fn sleeps(&self) -> Option<u64> {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().map(Watch::sleeps);
        #[cfg(not(target_os = "linux"))]
        return None;
    }

    /// The CPU time the program has used, in clock ticks, if watched.
    pub fn cpu_ticks(&self) -> Option<u64> {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().map(Watch::cpu_ticks);
        #[cfg(not(target_os = "linux"))]
        return None;
    }

    /// What the program is doing, if it can be watched.
    pub fn state(&mut self) -> State {
        #[cfg(target_os = "linux")]
        return self.watch.as_mut().map_or(State::Gone, Watch::state);
        #[cfg(not(target_os = "linux"))]
        return State::Gone;
    }

    /// `bytes` are being typed: counts those the program will read (not
    /// keys the terminal turns into signals); whether the terminal is in
    /// canonical mode.
    pub fn typing(&mut self, master: &dyn MasterPty, bytes: &[u8]) -> bool {
        let modes = termios(master);
        let signal_of = |b: &u8| {
            let t = modes.filter(|t| t.c_lflag & libc::ISIG != 0)?;
            [
                (libc::VINTR, libc::SIGINT),
                (libc::VQUIT, libc::SIGQUIT),
                (libc::VSUSP, libc::SIGTSTP),
            ]
            .into_iter()
            .find_map(|(i, signal)| (t.c_cc[i] == *b).then_some(signal))
        };
        let signals: Vec<i32> = bytes.iter().filter_map(signal_of).collect();
        #[cfg(target_os = "linux")]
        if let Some(watch) = &mut self.watch {
            watch.typing(bytes.len() - signals.len());
            if signals.iter().any(|&signal| !watch.ignored(signal)) {
                watch.expect_wake();
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = signals;
        modes.is_some_and(|t| t.c_lflag & libc::ICANON != 0)
    }

    /// Whether the program is suspended, its shell stopped with it (Linux).
    pub fn suspended(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.watch.as_ref().is_some_and(Watch::suspended);
        #[cfg(not(target_os = "linux"))]
        return false;
    }

    /// The program is about to be resumed: it is woken.
    pub fn expect_wake(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(watch) = &mut self.watch {
            watch.expect_wake();
        }
    }

    /// The terminal is about to be resized, waking a program that catches
    /// `SIGWINCH`.
    pub fn expect_resize(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(watch) = &mut self.watch {
            if watch.caught(libc::SIGWINCH) {
                watch.expect_wake();
            }
        }
    }
}

/// The terminal's own device.
pub fn tty_name(master: &dyn MasterPty) -> Option<PathBuf> {
    master.tty_name()
}

/// The terminal's modes.
fn termios(master: &dyn MasterPty) -> Option<libc::termios> {
    let fd = master.as_raw_fd()?;
    // SAFETY: tcgetattr fills the zeroed `termios` it is given.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        (libc::tcgetattr(fd, &mut t) == 0).then_some(t)
    }
}

/// The terminal's line modes, `(canonical, echo)`.
pub fn line_modes(master: &dyn MasterPty) -> Option<(bool, bool)> {
    let t = termios(master)?;
    Some((t.c_lflag & libc::ICANON != 0, t.c_lflag & libc::ECHO != 0))
}

/// Sends `signal` to the process `pid`.
pub fn signal(pid: u32, signal: i32) -> std::io::Result<()> {
    // SAFETY: kill(2) sends a signal to one process.
    match unsafe { libc::kill(pid as i32, signal) } {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

/// Keeps the programs captured from dumping core (a `^\` typed kills with
/// `SIGQUIT`): the limit, set once here, is inherited.
pub fn no_core_dumps() {
    static SET: std::sync::Once = std::sync::Once::new();
    SET.call_once(|| {
        // SAFETY: getrlimit fills `limit`; setrlimit reads it.
        unsafe {
            let mut limit: libc::rlimit = std::mem::zeroed();
            if libc::getrlimit(libc::RLIMIT_CORE, &mut limit) == 0 {
                limit.rlim_cur = 0;
                libc::setrlimit(libc::RLIMIT_CORE, &limit);
            }
        }
    });
}

/// Ends the process group `pid` leads, its jobs' groups, and `pid`:
/// hang-up, then kill. Whether `pid` is sure to end.
pub fn end_group(pid: u32) -> bool {
    // A shell's job (`crate::job`) is in a group of its own.
    #[cfg(target_os = "linux")]
    crate::job::kill_groups(&crate::watch::job_groups(pid));
    // SAFETY: kill(2) with a negative pid signals that group.
    unsafe {
        libc::kill(-(pid as i32), libc::SIGHUP);
        libc::kill(-(pid as i32), libc::SIGKILL);
        libc::kill(pid as i32, libc::SIGKILL);
    }
    true
}
