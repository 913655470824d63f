//! A program run as a shell's job (Unix), so that `^Z` suspends it as it
//! suspends a program run by hand.
//!
//! A program started in a pseudo-terminal leads a session of its own:
//! its process group is orphaned (no parent in the session), and the
//! kernel does not stop such a group on `SIGTSTP` (a curses program's
//! handler leaves curses and takes it back at once). When a capture's
//! keys suspend the program, it is started instead through a shell with
//! job control (`/bin/sh -c 'set -m; ...'`): the shell leads the
//! session, the program is its job, in a process group of its own given
//! the terminal, and `^Z` stops it. The shell, seeing its job stopped,
//! stops itself until the capture resumes it ([`crate::PtySession::resume`]),
//! then brings its job back with `fg` (the terminal given back, then
//! `SIGCONT`), as a player does. It exits as its job did: with its
//! status, or killed by the signal that killed the job (so an exit
//! status above 128 reads as that signal's).

use std::ffi::{OsStr, OsString};
use std::path::Path;

/// The shell's script: the job run with its standard error `$0` (given in
/// the job's own process, which becomes the program), resumed each time
/// it stops and the capture continues the shell. What the shell says of
/// its job (`Quit` for a job killed by `SIGQUIT`) goes nowhere, once job
/// control has taken the terminal: a program run without it is not
/// followed by such words.
const SCRIPT: &str = "set -m
exec 2>/dev/null
(exec \"$@\" 2>\"$0\")
s=$?
while kill -0 %1 2>/dev/null; do
kill -STOP $$; fg >/dev/null 2>&1; s=$?
done
if [ \"$s\" -gt 128 ]; then kill -$((s - 128)) $$ 2>/dev/null; fi
exit \"$s\"";

/// The command that runs `program` with `args` as a job of a shell with
/// job control, its standard error the terminal `stderr` (or the
/// shell's own).
pub(crate) fn wrap(
    program: &OsStr,
    args: &[OsString],
    stderr: Option<&Path>,
) -> (OsString, Vec<OsString>) {
    let stderr = stderr.map_or_else(
        || OsString::from("/dev/stderr"),
        |tty| tty.as_os_str().to_os_string(),
    );
    let mut words: Vec<OsString> = vec!["-c".into(), SCRIPT.into(), stderr];
    words.push(program.to_os_string());
    words.extend(args.iter().cloned());
    (OsString::from("/bin/sh"), words)
}

/// Continues the shell `pid`, stopped while its job is: it brings its job
/// back with `fg`.
pub(crate) fn resume(pid: u32) -> std::io::Result<()> {
    // SAFETY: kill(2) sends a signal to one process.
    let sent = unsafe { libc::kill(pid as i32, libc::SIGCONT) };
    if sent == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Kills the process groups `groups` (a job's, besides the shell's).
pub(crate) fn kill_groups(groups: &[u32]) {
    for &group in groups {
        // SAFETY: kill(2) with a negative pid signals that group.
        unsafe {
            libc::kill(-(group as i32), libc::SIGKILL);
        }
    }
}
