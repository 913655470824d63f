//! The program's standard error, read apart from its screen (Unix).
//!
//! The program gets a second pseudo-terminal of the same size as its
//! standard error: a terminal still (`isatty(2)`, its size asked with
//! `TIOCGWINSZ`), as it would be run by hand. Its words go onto the
//! emulated screen, as a terminal shows them, and into a record of the
//! words at each step: the number of keys typed when they were written.
//!
//! The two terminals are read apart, so which came first of two writes to
//! them is not known from the reading; the step is. When the capture types
//! the keys, it writes its marker to the standard error's terminal once
//! the screen has settled and reads up to it: the words before were
//! written at that step. A program that types its own keys
//! ([`crate::preload`]) says it waits on its standard error's terminal too
//! (`ROGUE_STDERR_TTY`): the words before were written at that step.
//!
//! On Linux the program is given that terminal as it is started
//! (the module `spawn`). On other Unix systems it is started as
//! `/bin/sh -c 'exec "$@" 2>"$0"' TTY PROGRAM ARGS...`: the shell gives it
//! the terminal as its standard error and becomes it, keeping its process
//! id for the watch and the library.

#[cfg(unix)]
use std::ffi::{OsStr, OsString};
#[cfg(unix)]
use std::io;
#[cfg(unix)]
use std::path::{Path, PathBuf};

#[cfg(unix)]
use portable_pty::{native_pty_system, MasterPty, PtySize, SlavePty};
use rogue_trace_format::stderr::Stderr;

/// The most bytes of words kept of a program's standard error.
pub const MAX_KEPT: usize = 64 * 1024;

/// The variable that names the standard error's terminal to the library.
pub const TTY_VARIABLE: &str = "ROGUE_STDERR_TTY";

#[cfg(unix)]
/// The pseudo-terminal the program's standard error goes to.
pub(crate) struct StderrPty {
    pub(crate) master: Box<dyn MasterPty + Send>,
    /// Kept open, so that the terminal outlives the program's end and the
    /// capture's marker can always be written behind its words.
    _slave: Box<dyn SlavePty + Send>,
    /// The terminal's own device.
    pub(crate) tty: PathBuf,
}

#[cfg(unix)]
impl StderrPty {
    /// A pseudo-terminal of `cols` by `rows`; `None` where none can be
    /// opened or named.
    pub(crate) fn open(cols: u16, rows: u16) -> Option<StderrPty> {
        let pair = native_pty_system().openpty(size(cols, rows)).ok()?;
        let tty = pair.master.tty_name()?;
        Some(StderrPty {
            master: pair.master,
            _slave: pair.slave,
            tty,
        })
    }

    /// Gives it the size of the program's terminal.
    pub(crate) fn resize(&self, cols: u16, rows: u16) -> io::Result<()> {
        self.master
            .resize(size(cols, rows))
            .map_err(io::Error::other)
    }

    /// The command that runs `program` with `args`, its standard error
    /// this terminal.
    pub(crate) fn wrap(
        &self,
        program: &OsStr,
        args: &[OsString],
    ) -> (OsString, Vec<OsString>) {
        let mut words: Vec<OsString> =
            ["-c", "exec \"$@\" 2>\"$0\""].map(OsString::from).to_vec();
        words.push(self.tty.clone().into_os_string());
        words.push(program.to_os_string());
        words.extend(args.iter().cloned());
        (OsString::from("/bin/sh"), words)
    }
}

/// The environment of a program that types its own keys, `typing`, with
/// the variable that names `pty` to the library if there is one.
#[cfg(unix)]
pub(crate) fn with_tty(
    mut typing: Vec<(String, String)>,
    pty: Option<&StderrPty>,
) -> Vec<(String, String)> {
    if let Some(pty) = pty.filter(|_| !typing.is_empty()) {
        let tty = pty.tty.to_string_lossy().into_owned();
        typing.push((TTY_VARIABLE.into(), tty));
    }
    typing
}

#[cfg(unix)]
fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

#[cfg(unix)]
/// Fails as starting `program` would, if no such program can be run:
/// the shell that starts it would only say so on its standard error.
pub(crate) fn check_runnable(program: &OsStr) -> io::Result<()> {
    let paths = std::env::var_os("PATH");
    let found = program_file(program, paths.as_deref())
        .is_some_and(|file| runnable(&file));
    match found {
        true => Ok(()),
        false => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "cannot start {}: no such program can be run",
                program.to_string_lossy()
            ),
        )),
    }
}

#[cfg(unix)]
/// Where `program` is, as `execvp` looks: itself if it names a path (it
/// holds a `/`), else the first file of that name this process may run in
/// the directories of `paths` (a `PATH`); `None` if there is none.
pub(crate) fn program_file(
    program: &OsStr,
    paths: Option<&OsStr>,
) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    if program.as_bytes().contains(&b'/') {
        return Some(PathBuf::from(program));
    }
    std::env::split_paths(paths?)
        .map(|dir| match dir.as_os_str().is_empty() {
            true => PathBuf::from(".").join(program),
            false => dir.join(program),
        })
        .find(|file| runnable(file))
}

#[cfg(unix)]
/// Whether `path` is a file this process may run.
fn runnable(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c_path) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access(2) reads the NUL-ended path it is given.
    let executable = unsafe { libc::access(c_path.as_ptr(), libc::X_OK) == 0 };
    executable && path.is_file()
}

/// The words read so far, by step.
#[derive(Debug, Default)]
pub(crate) struct Words {
    /// Words whose step is not known yet.
    pending: Vec<u8>,
    /// Words by step, in order.
    steps: Vec<(usize, Vec<u8>)>,
    /// Bytes kept, of [`MAX_KEPT`].
    kept: usize,
    /// Whether more came than was kept.
    cut: bool,
    /// Whether the program types its own keys and says its waits here.
    pub(crate) by_program: bool,
    /// Whether it is known yet if the program types its own keys.
    decided: bool,
    /// The waits it said here before that was known: how many keys typed,
    /// and how many bytes of words not placed yet came before.
    held: Vec<(usize, usize)>,
    /// The capture's markers written here, and seen come out.
    pub(crate) markers: (u64, u64),
    /// The most keys typed the program said here it waited with.
    said: Option<usize>,
    /// Whether the program, typing its own keys, was found not to say
    /// its waits here.
    pub(crate) unsaid: bool,
    /// Words read but not shown on the screen yet, and where the program
    /// said here it waits among them (keys typed, and bytes before).
    unshown: Vec<u8>,
    unshown_waits: Vec<(usize, usize)>,
}

impl Words {
    /// Words came: they are shown once the screen of their key is read
    /// up to its end ([`Words::take_shown`]).
    pub(crate) fn take(&mut self, bytes: &[u8]) {
        self.unshown.extend_from_slice(bytes);
        let room = MAX_KEPT.saturating_sub(self.kept);
        let kept = bytes.len().min(room);
        self.pending.extend_from_slice(&bytes[..kept]);
        self.kept += kept;
        self.cut |= kept < bytes.len();
    }

    /// The program said here that it waits for a key, `typed` typed: the
    /// words before were written at that step, if the program types its
    /// own keys (else its waits say nothing of the keys typed).
    pub(crate) fn said_wait(&mut self, typed: usize) {
        self.said = self.said.max(Some(typed));
        self.unshown_waits.push((typed, self.unshown.len()));
        if !self.decided {
            self.held.push((typed, self.pending.len()));
        } else if self.by_program {
            self.place(typed);
        }
    }

    /// The words to show now: those written before the program said
    /// here it waits with `typed` keys typed, or all of them (`None`).
    pub(crate) fn take_shown(&mut self, typed: Option<usize>) -> Vec<u8> {
        let end = match typed {
            None => self.unshown.len(),
            Some(n) => self
                .unshown_waits
                .iter()
                .filter(|(t, _)| *t <= n)
                .map(|(_, at)| *at)
                .max()
                .unwrap_or(0),
        };
        self.unshown_waits.retain_mut(|(_, at)| {
            *at = at.saturating_sub(end);
            *at > 0
        });
        self.unshown.drain(..end).collect()
    }

    /// How many bytes of words are not shown yet.
    pub(crate) fn unshown_len(&self) -> usize {
        self.unshown.len()
    }

    /// The most keys typed the program said here it waited with, if it
    /// said it waits.
    pub(crate) fn said_up_to(&self) -> Option<usize> {
        self.said
    }

    /// It is known whether the program types its own keys: the waits it
    /// said before place their words, or are forgotten.
    pub(crate) fn decide(&mut self, by_program: bool) {
        if self.decided {
            return;
        }
        self.decided = true;
        self.by_program = by_program;
        let mut placed = 0;
        for (typed, before) in std::mem::take(&mut self.held) {
            if by_program && before > placed {
                let rest = self.pending.split_off(before - placed);
                self.place(typed);
                self.pending = rest;
                placed = before;
            }
        }
    }

    /// The words not placed yet were written at `step`.
    pub(crate) fn place(&mut self, step: usize) {
        if self.pending.is_empty() {
            return;
        }
        let words = std::mem::take(&mut self.pending);
        match self.steps.last_mut() {
            Some((last, before)) if *last == step => before.extend(words),
            _ => self.steps.push((step, words)),
        }
    }

    /// The record, the words not placed yet written at `step`.
    pub(crate) fn finish(&mut self, step: usize) -> Stderr {
        self.place(step);
        let words = self
            .steps
            .iter()
            .map(|(step, bytes)| (*step, text(bytes)))
            .collect();
        Stderr {
            words,
            cut_at: self.cut.then_some(MAX_KEPT),
        }
    }
}

/// Words as text, as a file would hold them: the terminal's line ends
/// (`\r\n`, from a `\n` written) as `\n`.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace("\r\n", "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_placed_at_their_step_and_cut_past_the_limit() {
        let mut words = Words::default();
        words.place(0);
        words.take(b"bump\r\n");
        words.place(2);
        words.take(b"a");
        words.take(b"b");
        words.place(2);
        words.take(b"bye\r\n");
        let told = words.finish(5);
        assert_eq!(
            told.words,
            [(2, "bump\nab".to_string()), (5, "bye\n".to_string())]
        );
        assert_eq!(told.cut_at, None);
        // Waits said before it is known that the program types its keys.
        let mut held = Words::default();
        held.take(b"up\r\n");
        held.said_wait(0);
        held.take(b"bump\r\n");
        held.said_wait(1);
        held.take(b"late");
        held.decide(true);
        held.said_wait(2);
        let told = held.finish(3);
        assert_eq!(
            told.words,
            [(0, "up\n".into()), (1, "bump\n".into()), (2, "late".into())]
        );
        // Shown up to where the program said it waits, or all.
        let mut shown = Words::default();
        shown.take(b"one");
        shown.said_wait(1);
        shown.take(b"two");
        shown.said_wait(2);
        shown.take(b"three");
        assert_eq!(shown.take_shown(Some(1)), b"one");
        assert_eq!(shown.take_shown(Some(1)), b"");
        assert_eq!(shown.take_shown(Some(2)), b"two");
        assert_eq!(shown.take_shown(None), b"three");
        let mut refused = Words::default();
        refused.take(b"up");
        refused.said_wait(0);
        refused.decide(false);
        refused.said_wait(0);
        assert_eq!(refused.finish(4).words, [(4, "up".into())]);
        let mut long = Words::default();
        long.take(&vec![b'x'; MAX_KEPT + 10]);
        long.take(b"more");
        let told = long.finish(1);
        assert_eq!(told.words[0].1.len(), MAX_KEPT);
        assert_eq!(told.cut_at, Some(MAX_KEPT));
    }
}
