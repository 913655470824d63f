//! How a captured program ended: the status it exited with, or the signal
//! that killed it (Unix), or the crash its exit code names (Windows), each
//! said as a porter would say it; and its last words ([`crate::last_words`]).

use std::fmt;

/// How a program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Status(u32),
    /// A signal killed it (Unix).
    Killed(Signal),
    /// It crashed: its exit code is the NTSTATUS of a crash (Windows), one
    /// [`crash_name`] names.
    Crashed(u32),
    /// Its status could not be read.
    Unknown,
}

impl Exit {
    /// How a process ended, from the status the standard library gives.
    pub fn of_status(status: std::process::ExitStatus) -> Exit {
        #[cfg(unix)]
        if let Some(signal) =
            std::os::unix::process::ExitStatusExt::signal(&status)
        {
            return Exit::Killed(Signal(signal));
        }
        // Windows' exit codes are 32-bit words; an NTSTATUS reads negative.
        status
            .code()
            .map_or(Exit::Unknown, |c| Exit::of_code(c as u32))
    }

    /// How a process that exited with `code` ended: crashed, if the code
    /// is a crash's NTSTATUS (which no Unix status, 0 to 255, can be).
    pub fn of_code(code: u32) -> Exit {
        if crash_name(code).is_some() {
            Exit::Crashed(code)
        } else {
            Exit::Status(code)
        }
    }

    /// Whether the program exited with status 0.
    pub fn success(&self) -> bool {
        *self == Exit::Status(0)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Exit::Status(code) if code > 0xFFFF => {
                write!(f, "exited with status {code:#010X}")
            }
            Exit::Status(code) => write!(f, "exited with status {code}"),
            Exit::Killed(signal) => write!(f, "was killed by {signal}"),
            Exit::Crashed(code) => write!(
                f,
                "crashed with {code:#010X} ({})",
                crash_name(code).unwrap_or("a crash")
            ),
            Exit::Unknown => write!(f, "ended, its exit status unknown"),
        }
    }
}

/// A Unix signal, by its number on this system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(pub i32);

impl Signal {
    /// Its name and what it means (`SIGSEGV`, "segmentation fault"), if
    /// it is one of the usual signals.
    pub fn name(self) -> Option<(&'static str, &'static str)> {
        SIGNALS
            .iter()
            .find(|&&(number, ..)| number == self.0)
            .map(|&(_, name, meaning)| (name, meaning))
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some((name, meaning)) => write!(f, "{name} ({meaning})"),
            None => write!(f, "signal {}", self.0),
        }
    }
}

/// The usual signals: number, name and meaning.
#[cfg(unix)]
const SIGNALS: &[(i32, &str, &str)] = &[
    (libc::SIGHUP, "SIGHUP", "hang-up"),
    (libc::SIGINT, "SIGINT", "interrupted"),
    (libc::SIGQUIT, "SIGQUIT", "quit"),
    (libc::SIGILL, "SIGILL", "illegal instruction"),
    (libc::SIGTRAP, "SIGTRAP", "trace or breakpoint trap"),
    (libc::SIGABRT, "SIGABRT", "aborted"),
    (libc::SIGBUS, "SIGBUS", "bus error"),
    (libc::SIGFPE, "SIGFPE", "arithmetic error"),
    (libc::SIGKILL, "SIGKILL", "killed"),
    (libc::SIGUSR1, "SIGUSR1", "user signal 1"),
    (libc::SIGSEGV, "SIGSEGV", "segmentation fault"),
    (libc::SIGUSR2, "SIGUSR2", "user signal 2"),
    (libc::SIGPIPE, "SIGPIPE", "broken pipe"),
    (libc::SIGALRM, "SIGALRM", "alarm clock"),
    (libc::SIGTERM, "SIGTERM", "terminated"),
    (libc::SIGXCPU, "SIGXCPU", "CPU time limit exceeded"),
    (libc::SIGXFSZ, "SIGXFSZ", "file size limit exceeded"),
    (libc::SIGSYS, "SIGSYS", "bad system call"),
];

/// No signals end a program here.
#[cfg(not(unix))]
const SIGNALS: &[(i32, &str, &str)] = &[];

/// The NTSTATUS codes a Windows program's crash leaves as its exit code,
/// and what each means.
const CRASHES: &[(u32, &str)] = &[
    (0x8000_0003, "breakpoint"),
    (0xC000_0005, "access violation"),
    (0xC000_001D, "illegal instruction"),
    (0xC000_0094, "integer division by zero"),
    (0xC000_0096, "privileged instruction"),
    (0xC000_00FD, "stack overflow"),
    (0xC000_0135, "a DLL it needs was not found"),
    (0xC000_013A, "ended by Ctrl-C"),
    (0xC000_0374, "heap corruption"),
    (0xC000_0409, "stack buffer overrun, or a fail-fast abort"),
];

/// What a crash's NTSTATUS `code` means, if it is one of the usual
/// crashes' (an access violation, a stack overflow, ...).
pub fn crash_name(code: u32) -> Option<&'static str> {
    CRASHES
        .iter()
        .find(|&&(c, _)| c == code)
        .map(|&(_, meaning)| meaning)
}

/// How a program ended, how it left its terminal, and the last lines it
/// wrote outside its screens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// How it ended.
    pub exit: Exit,
    /// How it left the terminal.
    pub left: Left,
    /// Its last words, oldest first ([`crate::last_words`]).
    pub last_words: Vec<String>,
}

/// How a program left its terminal when it ended: what curses' `endwin()`
/// restores, each `None` where it cannot be read (the Windows console has
/// no alternate screen nor keypad mode read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Left {
    /// Still on the alternate screen (`endwin()` leaves it).
    pub alternate_screen: Option<bool>,
    /// The cursor still hidden (`endwin()` shows it again).
    pub cursor_hidden: Option<bool>,
    /// The keypad or the cursor keys still in application mode
    /// (`keypad(stdscr, TRUE)`, which `endwin()` undoes).
    pub keypad: Option<bool>,
    /// Typed keys echoed, as before curses (`noecho()` turns it off).
    pub echo: Option<bool>,
    /// Input read a line at a time, as before curses (`cbreak()` and
    /// `raw()` turn it off).
    pub canonical: Option<bool>,
}

impl Left {
    /// The terminal as `endwin()` leaves it, and as a pseudo-terminal
    /// starts: the main screen, the cursor shown, the keys in their normal
    /// mode, echo and line input on.
    pub const RESTORED: Left = Left {
        alternate_screen: Some(false),
        cursor_hidden: Some(false),
        keypad: Some(false),
        echo: Some(true),
        canonical: Some(true),
    };

    /// Whether `self` and `other` agree on every mode both read.
    pub fn agrees(&self, other: &Left) -> bool {
        let both = |a: Option<bool>, b: Option<bool>| {
            a.zip(b).is_none_or(|(a, b)| a == b)
        };
        both(self.alternate_screen, other.alternate_screen)
            && both(self.cursor_hidden, other.cursor_hidden)
            && both(self.keypad, other.keypad)
            && both(self.echo, other.echo)
            && both(self.canonical, other.canonical)
    }

    /// What of the terminal is left otherwise than `endwin()` leaves it,
    /// as a porter says it; empty if nothing is (or nothing can be read).
    pub fn not_restored(&self) -> Vec<&'static str> {
        let restored = Left::RESTORED;
        let fields = [
            (
                self.alternate_screen,
                restored.alternate_screen,
                "on the alternate screen",
            ),
            (
                self.cursor_hidden,
                restored.cursor_hidden,
                "with the cursor hidden",
            ),
            (
                self.keypad,
                restored.keypad,
                "with the keypad in application mode",
            ),
            (self.echo, restored.echo, "with echo off"),
            (
                self.canonical,
                restored.canonical,
                "with line input off (cbreak or raw)",
            ),
        ];
        fields
            .into_iter()
            .filter(|(left, restored, _)| left.is_some() && left != restored)
            .map(|(.., said)| said)
            .collect()
    }
}

impl Ending {
    /// Whether `self` and `other` ended alike: the same exit (and the same
    /// place, for a Rust panic), the terminal left alike where both are
    /// read ([`Left::agrees`]), and, for a program that exited with status
    /// 0, the same last words where both are a main screen's (on the
    /// Windows console they are its last lines, the game's own screen, and
    /// are shown only).
    pub fn alike(&self, other: &Ending) -> bool {
        let main_screens = self.left.alternate_screen.is_some()
            && other.left.alternate_screen.is_some();
        // A crash's words hold what changes from run to run (a thread's
        // id, an address): where it panicked is compared, not its words.
        let clean = self.exit.success();
        self.exit == other.exit
            && self.panic_place() == other.panic_place()
            && self.left.agrees(&other.left)
            && (!main_screens || !clean || self.last_words == other.last_words)
    }

    /// How it ended, and how it left the terminal if not as `endwin()`
    /// does: "exited with status 0, leaving the terminal on the alternate
    /// screen".
    pub fn how(&self) -> String {
        let exit = match self.panic_place() {
            Some(place) => format!("panicked at {place} ({})", self.exit),
            None => self.exit.to_string(),
        };
        let left = self.left.not_restored();
        match left.is_empty() {
            true => exit,
            false => {
                format!("{exit}, leaving the terminal {}", left.join(", "))
            }
        }
    }

    /// Where a Rust program panicked, if it did: it exited with status
    /// 101, and its last words say `panicked at FILE:LINE:COLUMN`.
    pub fn panic_place(&self) -> Option<&str> {
        if self.exit != Exit::Status(101) {
            return None;
        }
        self.last_words.iter().find_map(|line| {
            let at = line.find("panicked at ")? + "panicked at ".len();
            let place = line[at..].split_whitespace().next()?;
            Some(place.trim_end_matches(':'))
        })
    }

    /// Its last words, told a line each after a line that says what they
    /// are; `None` if it wrote none.
    pub fn last_words_told(&self) -> Option<String> {
        if self.last_words.is_empty() {
            return None;
        }
        let mut told = String::from("its last words:");
        for line in &self.last_words {
            told.push_str("\n  | ");
            told.push_str(line);
        }
        Some(told)
    }
}

impl fmt::Display for Ending {
    /// How it ended, then its last words, a line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.how())?;
        match self.last_words_told() {
            Some(words) => write!(f, "; {words}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_read_as_a_porter_says_them() {
        assert_eq!(Exit::Status(1).to_string(), "exited with status 1");
        assert_eq!(
            Exit::of_code(0xC000_0005).to_string(),
            "crashed with 0xC0000005 (access violation)"
        );
        assert_eq!(
            Exit::of_code(0xC000_0409).to_string(),
            "crashed with 0xC0000409 (stack buffer overrun, or a fail-fast abort)"
        );
        assert_eq!(Exit::of_code(3), Exit::Status(3));
        assert_eq!(
            Exit::of_code(0xC000_0142).to_string(),
            "exited with status 0xC0000142"
        );
        assert!(Exit::Status(0).success() && !Exit::Status(2).success());
        assert_eq!(Signal(200).to_string(), "signal 200");
    }

    #[cfg(unix)]
    #[test]
    fn signals_are_named_by_this_system_s_numbers() {
        let killed = |n| Exit::Killed(Signal(n)).to_string();
        assert_eq!(
            killed(libc::SIGSEGV),
            "was killed by SIGSEGV (segmentation fault)"
        );
        assert_eq!(killed(libc::SIGABRT), "was killed by SIGABRT (aborted)");
        assert_eq!(killed(libc::SIGKILL), "was killed by SIGKILL (killed)");
    }

    #[cfg(unix)]
    #[test]
    fn a_status_says_the_signal_that_ended_the_process() {
        let status = |script: &str| {
            std::process::Command::new("sh")
                .args(["-c", script])
                .status()
                .expect("sh runs")
        };
        assert_eq!(Exit::of_status(status("exit 3")), Exit::Status(3));
        assert_eq!(
            Exit::of_status(status("kill -SEGV $$")),
            Exit::Killed(Signal(libc::SIGSEGV))
        );
    }

    #[test]
    fn an_ending_shows_its_last_words_a_line_each() {
        let mut ending = Ending {
            exit: Exit::Status(3),
            left: Left::RESTORED,
            last_words: vec!["usage: game SEED".into(), "bad seed".into()],
        };
        assert_eq!(
            ending.to_string(),
            "exited with status 3; its last words:\n  | usage: game SEED\n  | bad seed"
        );
        ending.left = Left {
            alternate_screen: Some(true),
            cursor_hidden: Some(true),
            echo: None,
            ..Left::RESTORED
        };
        ending.last_words.clear();
        assert_eq!(
            ending.to_string(),
            "exited with status 3, leaving the terminal on the alternate screen, with the cursor hidden"
        );
        assert!(Left::default().not_restored().is_empty(), "nothing read");
    }
}
