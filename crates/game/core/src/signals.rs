//! Signals, handled the way curses needs: a handler only records the
//! signal and wakes the main thread through a self-pipe; the main thread,
//! the only one that touches curses, then restores the terminal and ends.
//!
//! `SIGINT`, `SIGTERM` and `SIGHUP` end the game ([`end_after`]: with
//! status 1 after the first two, as ncurses' own handler ends the C
//! original); `SIGWINCH` asks for a
//! resize. `SIGTSTP` is left to ncurses, which suspends and redraws as it
//! does for the C original. A signal that was ignored when the program
//! started stays ignored, as ncurses leaves it.

use std::io::{self, Read};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};

/// The signals that end the game.
const STOPPING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The last stopping signal received, 0 for none.
static STOP: AtomicUsize = AtomicUsize::new(0);
/// Whether the terminal was resized since the last look.
static RESIZED: AtomicBool = AtomicBool::new(false);
/// The read end of the self-pipe the handlers write to.
static WAKE: OnceLock<UnixStream> = OnceLock::new();

/// Installs the handlers. Call it before curses starts, so that ncurses
/// leaves these signals to us.
pub fn watch() -> io::Result<()> {
    let (read, write) = UnixStream::pair()?;
    read.set_nonblocking(true)?;
    for signal in STOPPING {
        if !ignored(signal) {
            signal_hook::flag::register_usize(signal, &STOP, signal as usize)?;
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
    }
    signal_hook::flag::register(SIGWINCH, &RESIZED)?;
    signal_hook::low_level::pipe::register(SIGWINCH, write)?;
    let _ = WAKE.set(read);
    Ok(())
}

/// Whether `signal` was ignored when the program started (as with `nohup`).
fn ignored(signal: i32) -> bool {
    // SAFETY: a null new action only reads the current one into `old`.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// The stopping signal received, if any.
pub fn pending() -> Option<i32> {
    match STOP.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal as i32),
    }
}

/// Whether the terminal was resized since the last call.
pub fn take_resize() -> bool {
    RESIZED.swap(false, Ordering::SeqCst)
}

/// What woke [`wait`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Woken {
    /// Standard input has a byte, or has ended.
    Input,
    /// A signal came (or a spurious wake-up: look again).
    Signal,
}

/// Blocks until standard input can be read or a signal comes.
pub fn wait() -> Woken {
    let wake = WAKE.get().map_or(-1, AsRawFd::as_raw_fd);
    let mut fds = [
        libc::pollfd {
            fd: libc::STDIN_FILENO,
            events: libc::POLLIN,
            revents: 0,
        },
        libc::pollfd {
            fd: wake,
            events: libc::POLLIN,
            revents: 0,
        },
    ];
    // SAFETY: `fds` is a valid array of two pollfd for the whole call.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) };
    if ready > 0 && fds[1].revents != 0 {
        drain();
        return Woken::Signal;
    }
    if ready > 0 && fds[0].revents != 0 {
        Woken::Input
    } else {
        Woken::Signal
    }
}

/// Empties the self-pipe.
fn drain() {
    if let Some(mut wake) = WAKE.get() {
        let mut buf = [0u8; 64];
        while matches!(wake.read(&mut buf), Ok(n) if n > 0) {}
    }
}

/// Ends the process, the terminal restored, as the C original ends after
/// `signal`: ncurses' own handler ends it with status 1 after `SIGINT` or
/// `SIGTERM`; any other signal (`SIGHUP`, which ncurses leaves alone) is
/// raised again with its default action, and should that not end the
/// process, the exit status is the shell's `128 + signal`.
pub fn end_after(signal: i32) -> ! {
    if signal == SIGINT || signal == SIGTERM {
        std::process::exit(1);
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal)
}

/// The terminal's size, `(rows, cols)`, as the kernel reports it.
pub fn terminal_size() -> Option<(i32, i32)> {
    // SAFETY: TIOCGWINSZ writes a `winsize` into the valid `size`.
    unsafe {
        let mut size: libc::winsize = std::mem::zeroed();
        (libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) == 0)
            .then(|| (i32::from(size.ws_row), i32::from(size.ws_col)))
    }
}
