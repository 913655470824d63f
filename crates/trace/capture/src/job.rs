//! A program run as a shell's job (Unix), so that `^Z` suspends it as it
//! suspends a program run by hand.
//!
//! A program that leads its own session is an orphaned process group,
//! which the kernel does not stop on `SIGTSTP`. So a program whose keys
//! suspend it is started through a shell with job control
//! (`/bin/sh -c 'set -m; ...'`), as its job: `^Z` stops it, the shell
//! stops itself until the capture resumes it
//! ([`crate::PtySession::resume`]) and brings it back with `fg`. The shell
//! exits as its job did.

use std::ffi::{OsStr, OsString};
use std::path::Path;

/// The shell's script: the job run with its standard error `$0`, resumed
/// each time it stops and the shell is continued; what the shell says of
/// its job goes nowhere.
const SCRIPT: &str = "set -m
exec 2>/dev/null
(exec \"$@\" 2>\"$0\")
s=$?
while kill -0 %1 2>/dev/null; do
kill -STOP $$; fg >/dev/null 2>&1; s=$?
done
if [ \"$s\" -gt 128 ]; then kill -$((s - 128)) $$ 2>/dev/null; fi
exit \"$s\"";

/// The command that runs `program` with `args` as a shell's job, its
/// standard error the terminal `stderr` (or the shell's own).
pub(crate) fn wrap(
    program: &OsStr,
    args: &[OsString],
    stderr: Option<&Path>,
) -> (OsString, Vec<OsString>) {
    let stderr = stderr.map_or(OsStr::new("/dev/stderr"), Path::as_os_str);
    shell(SCRIPT, stderr, program, args)
}

/// `/bin/sh -c script`, its `$0` `zero` and its `"$@"` `program` `args`.
pub(crate) fn shell(
    script: &str,
    zero: &OsStr,
    program: &OsStr,
    args: &[OsString],
) -> (OsString, Vec<OsString>) {
    let words = ["-c".as_ref(), script.as_ref(), zero, program];
    let words = words.map(OsStr::to_os_string).into_iter();
    (
        OsString::from("/bin/sh"),
        words.chain(args.iter().cloned()).collect(),
    )
}

/// Continues the shell `pid`, stopped while its job is: it brings its job
/// back with `fg`.
pub(crate) fn resume(pid: u32) -> std::io::Result<()> {
    crate::platform::signal(pid, libc::SIGCONT)
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
