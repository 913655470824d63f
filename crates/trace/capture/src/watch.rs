//! Watching a program through Linux's `/proc`, to know when it waits for
//! the next key: every thread asleep, one in a `read` of the terminal or a
//! `poll`, and the bytes typed read (`rchar` in `/proc/PID/io`).

use std::collections::HashMap;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::State;

/// The processes of a program: its first process and every descendant.
#[derive(Clone, Debug)]
pub struct Watch {
    root: u32,
    tty: PathBuf,
    /// `rchar` of each process when the last key was typed.
    read_before: HashMap<u32, u64>,
    /// Bytes typed since then.
    typed: u64,
    /// Voluntary context switches of all threads when a signal last came.
    switches_before: Option<u64>,
    /// Every thread of every process, as last seen.
    threads: Vec<(u32, u32)>,
    /// Whether `root` is a shell that runs the program as its job
    /// ([`crate::job`]).
    job: bool,
}

impl Watch {
    /// Watches the process `root` and what it starts (a shell running the
    /// program as its job if `job`); `None` where `/proc` cannot tell.
    pub fn new(root: u32, tty: &Path, job: bool) -> Option<Watch> {
        let readable = read_proc(&format!("/proc/{root}/io")).is_some()
            && read_proc(&format!("/proc/{root}/task/{root}/syscall"))
                .is_some();
        readable.then(|| Watch {
            root,
            tty: tty.to_path_buf(),
            read_before: HashMap::new(),
            typed: 0,
            switches_before: None,
            threads: Vec::new(),
            job,
        })
    }

    /// Whether the program is one process alone, with one thread: the
    /// first process, or the one job of the shell that is.
    pub fn alone(&self) -> bool {
        let one_thread = |pid: u32| tasks(pid).len() == 1;
        match self.processes()[..] {
            [program] => !self.job && one_thread(program),
            [shell, program] => {
                self.job
                    && shell == self.root
                    && one_thread(shell)
                    && one_thread(program)
            }
            _ => false,
        }
    }

    /// The one process of the program asleep waiting for input, if exactly
    /// one is: the one that reads the keys.
    pub fn reader(&self) -> Option<u32> {
        let waiting = |&pid: &u32| {
            tasks(pid).into_iter().any(|tid| {
                thread_state(pid, tid) == Some('S')
                    && self.wait_of(pid, tid).0 == Wait::Input
            })
        };
        let readers: Vec<u32> =
            self.processes().into_iter().filter(waiting).collect();
        match readers[..] {
            [reader] => Some(reader),
            _ => None,
        }
    }

    /// Notes that `bytes` are about to be typed.
    pub fn typing(&mut self, bytes: usize) {
        if self.threads.is_empty() {
            self.threads = self.all_threads();
        }
        self.read_before = pids(&self.threads)
            .into_iter()
            .filter_map(|pid| Some((pid, rchar(pid)?)))
            .collect();
        self.typed = bytes as u64;
        self.switches_before = None;
    }

    /// Whether bytes were typed since the last key's typing began.
    pub fn key_typed(&self) -> bool {
        self.typed > 0
    }

    /// Notes that a signal is about to wake the program: it settles only
    /// once it has slept again.
    pub fn expect_wake(&mut self) {
        self.switches_before = Some(switches(&self.processes()));
    }

    /// Whether every process of the program ignores or blocks `signal`.
    pub fn ignored(&self, signal: i32) -> bool {
        let processes = self.processes();
        let held = |&pid: &u32| {
            ["SigIgn:", "SigBlk:"].iter().any(|m| has(pid, m, signal))
        };
        !processes.is_empty() && processes.iter().all(held)
    }

    /// Whether a process of the program handles `signal`, not blocked.
    pub fn caught(&self, signal: i32) -> bool {
        self.processes().iter().any(|&pid| {
            has(pid, "SigCgt:", signal) && !has(pid, "SigBlk:", signal)
        })
    }

    /// How many times the program's threads have gone to sleep of their
    /// own accord (voluntary context switches).
    pub fn sleeps(&self) -> u64 {
        switches(&self.processes())
    }

    /// The CPU time every process of the program has used, in clock
    /// ticks (user and system, from `/proc/PID/stat`).
    pub fn cpu_ticks(&self) -> u64 {
        self.processes()
            .iter()
            .filter_map(|pid| {
                // The 12th and 13th fields after the name: utime and stime.
                let stat = stat(&format!("/proc/{pid}/stat"))?;
                let fields: Vec<&str> = stat.split_whitespace().collect();
                let time = |i: usize| fields.get(i)?.parse::<u64>().ok();
                Some(time(11)? + time(12)?)
            })
            .sum()
    }

    /// What the program is doing now (busy at once if a thread seen last
    /// time runs or is stopped).
    pub fn state(&mut self) -> State {
        // Stopped by a `^Z` with its job, the shell waits for the resume.
        if self.suspended() {
            return State::Waiting(None);
        }
        let running = |&(pid, tid): &(u32, u32)| {
            !matches!(thread_state(pid, tid), Some('S' | 'Z' | 'X') | None)
        };
        if self.threads.iter().any(running) {
            return State::Busy;
        }
        self.threads = self.all_threads();
        let processes = pids(&self.threads);
        if processes.is_empty() {
            return State::Gone;
        }
        let read: u64 = processes
            .iter()
            .map(|&pid| {
                let before = self.read_before.get(&pid).copied().unwrap_or(0);
                rchar(pid).unwrap_or(before).saturating_sub(before)
            })
            .sum();
        // Bytes not read are still to come, unless the program threw them
        // away (`flushinp()`): none waits in the terminal.
        if read < self.typed && input_waits(&self.tty)
            || self
                .switches_before
                .is_some_and(|b| switches(&processes) <= b)
        {
            return State::Busy;
        }
        let (mut waits, mut due) = (Vec::new(), None);
        for &(pid, tid) in &self.threads {
            match thread_state(pid, tid) {
                Some('S') => {
                    let (wait, ms) = self.wait_of(pid, tid);
                    waits.push(wait);
                    due = due.into_iter().chain(ms).min();
                }
                Some('Z' | 'X') | None => {}
                Some(_) => return State::Busy,
            }
        }
        // A timer due soon may still change the screen.
        match (waits.contains(&Wait::Timer), waits.contains(&Wait::Input)) {
            (false, true) => State::Waiting(due.map(Duration::from_millis)),
            _ => State::Asleep(due.map(Duration::from_millis)),
        }
    }

    /// Whether the first process is stopped, as a shell whose job is
    /// suspended stops itself (the module `job`).
    pub fn suspended(&self) -> bool {
        thread_state(self.root, self.root) == Some('T')
    }

    /// Whether the sleeping thread `tid` waits for input (a read of the
    /// terminal, a poll or select), for a timer due within [`SOON_MS`]
    /// (a sleep, or a poll given that), or else; and its timeout (ms), if any.
    fn wait_of(&self, pid: u32, tid: u32) -> (Wait, Option<u64>) {
        let text = read_proc(&format!("/proc/{pid}/task/{tid}/syscall"));
        let mut fields = text.as_deref().unwrap_or("").split_whitespace();
        let number = fields.next().and_then(|n| n.parse::<i64>().ok());
        let hex = |a: &str| u64::from_str_radix(a.trim_start_matches("0x"), 16);
        let args: Vec<u64> = fields.filter_map(|a| hex(a).ok()).collect();
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        if number.is_some_and(|n| READS.contains(&n)) {
            let tty = fs::read_link(format!("/proc/{pid}/fd/{}", arg(0)));
            let input = tty.is_ok_and(|p| p == self.tty);
            return ([Wait::Other, Wait::Input][usize::from(input)], None);
        }
        let Some(&(_, at, pointer, polls)) =
            TIMED.iter().find(|t| Some(t.0) == number)
        else {
            return (Wait::Other, None);
        };
        let ms = match pointer {
            true => time_ms(pid, arg(at)),
            false => u64::try_from(arg(at) as i32).ok(),
        };
        let wait = match (ms.is_some_and(|ms| ms < SOON_MS), polls) {
            (true, _) => Wait::Timer,
            (false, true) => Wait::Input,
            (false, false) => Wait::Other,
        };
        (wait, ms)
    }

    /// The first process and its descendants.
    fn processes(&self) -> Vec<u32> {
        pids(&self.all_threads())
    }

    /// Every thread of the first process and its descendants, as
    /// (process, thread), a process's threads together.
    fn all_threads(&self) -> Vec<(u32, u32)> {
        let mut found = Vec::new();
        let mut next = vec![self.root];
        while let Some(pid) = next.pop() {
            for tid in tasks(pid) {
                found.push((pid, tid));
                next.extend(children(pid, tid));
            }
        }
        found
    }
}

/// Whether the signal mask `name` (`SigIgn:`, ...) of `pid` holds `signal`.
fn has(pid: u32, name: &str, signal: i32) -> bool {
    let mask = field(&format!("/proc/{pid}/status"), name, 16);
    mask.is_some_and(|m| m & 1 << (signal - 1) != 0)
}

/// The number after `name` on a line of a file of `/proc`, in `radix`.
fn field(path: &str, name: &str, radix: u32) -> Option<u64> {
    let text = read_proc(path)?;
    let value = text.lines().find_map(|l| l.strip_prefix(name))?;
    u64::from_str_radix(value.trim(), radix).ok()
}

/// What a sleeping thread waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    Input,
    Timer,
    Other,
}

/// A timer due within this many milliseconds is soon (a longer one is
/// the program's idle clock).
const SOON_MS: u64 = 1000;

/// The `timespec` or `timeval` at `address` in `pid` (none at 0) in
/// milliseconds, its seconds' end (its seconds, from `/proc/PID/mem`).
fn time_ms(pid: u32, address: u64) -> Option<u64> {
    use std::os::unix::fs::FileExt;
    let mut seconds = [0u8; 8];
    let mem = fs::File::open(format!("/proc/{pid}/mem")).ok();
    mem.filter(|_| address != 0)?
        .read_exact_at(&mut seconds, address)
        .ok()?;
    Some(u64::from_ne_bytes(seconds).saturating_mul(1000) + 999)
}

/// The system calls that read a terminal.
const READS: [i64; 2] = [libc::SYS_read, libc::SYS_readv];

/// The system calls that wait on files (`true` last) or sleep, and the
/// argument holding their timeout: in milliseconds, or pointing to a
/// `timespec` or `timeval` (`true` first).
#[cfg(target_arch = "x86_64")]
const TIMED: [(i64, usize, bool, bool); 8] = [
    (libc::SYS_poll, 2, false, true),
    (libc::SYS_ppoll, 2, true, true),
    (libc::SYS_select, 4, true, true),
    (libc::SYS_pselect6, 4, true, true),
    (libc::SYS_epoll_wait, 3, false, true),
    (libc::SYS_epoll_pwait, 3, false, true),
    (libc::SYS_nanosleep, 0, true, false),
    (libc::SYS_clock_nanosleep, 2, true, false),
];
#[cfg(not(target_arch = "x86_64"))]
const TIMED: [(i64, usize, bool, bool); 4] = [
    (libc::SYS_ppoll, 2, true, true),
    (libc::SYS_pselect6, 4, true, true),
    (libc::SYS_epoll_pwait, 3, false, true),
    (libc::SYS_clock_nanosleep, 2, true, false),
];

/// The voluntary context switches of every thread of `processes` so far.
fn switches(processes: &[u32]) -> u64 {
    let status = |pid, tid| format!("/proc/{pid}/task/{tid}/status");
    let threads = processes
        .iter()
        .flat_map(|&p| tasks(p).into_iter().map(move |t| (p, t)));
    threads
        .filter_map(|(p, t)| {
            field(&status(p, t), "voluntary_ctxt_switches:", 10)
        })
        .sum()
}

/// The processes of `threads` (each process's threads together).
fn pids(threads: &[(u32, u32)]) -> Vec<u32> {
    let mut pids: Vec<u32> = threads.iter().map(|&(pid, _)| pid).collect();
    pids.dedup();
    pids
}

/// The text of a file of `/proc`, read a page at a time (not 32 bytes, as
/// `fs::read_to_string` reads a file of unknown size).
fn read_proc(path: &str) -> Option<String> {
    let mut file = fs::File::open(path).ok()?;
    let mut text = Vec::new();
    let mut page = [0u8; 4096];
    loop {
        match file.read(&mut page) {
            Ok(0) => return String::from_utf8(text).ok(),
            Ok(n) => text.extend_from_slice(&page[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
}

/// The threads of `pid`.
fn tasks(pid: u32) -> Vec<u32> {
    let dir = fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten();
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

/// A `stat` file of `/proc` after the command's name, which, in
/// parentheses, may itself hold spaces and ')'.
fn stat(path: &str) -> Option<String> {
    let mut stat = read_proc(path)?;
    stat.drain(..stat.rfind(')')? + 1);
    Some(stat)
}

/// The state letter of a thread (`R`, `S`, `D`, `T`, `Z`, ...).
fn thread_state(pid: u32, tid: u32) -> Option<char> {
    let stat = stat(&format!("/proc/{pid}/task/{tid}/stat"))?;
    stat.split_whitespace().next()?.chars().next()
}

/// The process groups of the children of `root` but its own: a shell's jobs.
pub fn job_groups(root: u32) -> Vec<u32> {
    let own = process_group(root);
    let mut groups: Vec<u32> = tasks(root)
        .into_iter()
        .flat_map(|tid| children(root, tid))
        .filter_map(process_group)
        .filter(|&g| Some(g) != own)
        .collect();
    groups.sort_unstable();
    groups.dedup();
    groups
}

/// The processes the thread `tid` of `pid` started (its `children` file).
fn children(pid: u32, tid: u32) -> Vec<u32> {
    let children = read_proc(&format!("/proc/{pid}/task/{tid}/children"));
    let children = children.unwrap_or_default();
    children
        .split_whitespace()
        .filter_map(|c| c.parse().ok())
        .collect()
}

/// The process group of `pid` (after the name: state, parent, group).
fn process_group(pid: u32) -> Option<u32> {
    let stat = stat(&format!("/proc/{pid}/stat"))?;
    stat.split_whitespace().nth(2)?.parse().ok()
}

/// Whether input waits to be read in the terminal `tty` (or it cannot be
/// told). Polled first, the terminal takes in what is in flight.
fn input_waits(tty: &Path) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let flags = libc::O_NOCTTY | libc::O_NONBLOCK;
    let Ok(file) = fs::File::options().read(true).custom_flags(flags).open(tty)
    else {
        return true;
    };
    crate::output::waiting(file.as_raw_fd()).is_none_or(|(n, _)| n > 0)
}

/// The bytes `pid` has read so far.
fn rchar(pid: u32) -> Option<u64> {
    field(&format!("/proc/{pid}/io"), "rchar:", 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_state_is_read_past_a_name_with_parentheses() {
        let me = std::process::id();
        // SAFETY: gettid has no preconditions.
        let this_thread = unsafe { libc::gettid() } as u32;
        assert_eq!(thread_state(me, this_thread), Some('R'));
        assert!(rchar(me).is_some());
        assert!(tasks(me).contains(&this_thread));
    }
}
