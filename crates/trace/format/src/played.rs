//! A program played ([`Played`]), by a capture or the built-in port: its
//! trace, how it ended ([`Outcome`], [`Exit`]) and its terminal then
//! ([`Left`], its last words), and how long it took to answer ([`Times`]);
//! how an ending is said is said here alone.

use std::fmt;
use std::time::Duration;

use crate::burst::keys_in;
use crate::classes::{Colour, Look};
use crate::format::Trace;
use crate::keys::key_told;
use crate::stderr::Stderr;

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
    /// is a crash's NTSTATUS.
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

impl fmt::Display for Signal {
    /// Its name and what it means, if it is one of the usual signals:
    /// "SIGSEGV (segmentation fault)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match SIGNALS.iter().find(|&&(number, ..)| number == self.0) {
            Some((_, name, meaning)) => write!(f, "{name} ({meaning})"),
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

/// How a program left its terminal when it ended: every mode and setting
/// it can leave behind for the shell, each `None` where it cannot be read
/// (the Windows console's alternate screen, keypad). Each field is
/// compared and said in one table; `endwin()` leaves [`Left::RESTORED`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Left {
    /// Still on the alternate screen (`endwin()` leaves it).
    pub alternate_screen: Option<bool>,
    /// The cursor still hidden (`endwin()` shows it again).
    pub cursor_hidden: Option<bool>,
    /// The keypad in application mode (`keypad(stdscr, TRUE)`'s `smkx`).
    pub keypad: Option<bool>,
    /// The cursor keys in application mode (arrows sent as `ESC O A`).
    pub cursor_keys: Option<bool>,
    /// Typed keys echoed, as before curses (`noecho()` turns it off).
    pub echo: Option<bool>,
    /// Input read a line at a time (`cbreak()` and `raw()` turn it off).
    pub canonical: Option<bool>,
    /// The colours and attributes the shell's next text is written in.
    pub pen: Option<Look>,
    /// The kind of mouse reporting on, empty if off.
    pub mouse: Option<&'static str>,
    /// Bracketed paste on.
    pub bracketed_paste: Option<bool>,
    /// Lines wrapped at the right edge (autowrap).
    pub autowrap: Option<bool>,
    /// A scroll region narrower than the screen set.
    pub scroll_region: Option<bool>,
    /// Insert mode on: text written pushes the rest of its line right.
    pub insert: Option<bool>,
    /// The window's title, empty if never set (or set back).
    pub window_title: Option<String>,
    /// The icon's title, empty if never set (or set back).
    pub icon_title: Option<String>,
    /// What the terminal heard after the last screen ([`crate::Step::heard`]).
    pub heard_at_end: Option<Vec<String>>,
}

impl Left {
    /// The terminal as `endwin()` leaves it, and as a pseudo-terminal
    /// starts.
    pub const RESTORED: Left = Left {
        alternate_screen: Some(false),
        cursor_hidden: Some(false),
        keypad: Some(false),
        cursor_keys: Some(false),
        echo: Some(true),
        canonical: Some(true),
        pen: Some(Look {
            fg: Colour::Default,
            bg: Colour::Default,
            attributes: Vec::new(),
        }),
        mouse: Some(""),
        bracketed_paste: Some(false),
        autowrap: Some(true),
        scroll_region: Some(false),
        insert: Some(false),
        window_title: Some(String::new()),
        icon_title: Some(String::new()),
        heard_at_end: Some(Vec::new()),
    };

    /// Each thing read of the terminal against `other`'s ([`Beside`]).
    fn beside(&self, other: &Left) -> Vec<Beside> {
        fn of<T: PartialEq>(
            (a, b): (&Option<T>, &Option<T>),
            name: &'static str,
            said: impl Into<String>,
        ) -> Beside {
            let apart = matches!((a, b), (Some(a), Some(b)) if a != b);
            let unread = a.is_none() || b.is_none();
            (name, apart, unread, said.into())
        }
        // Each field: its name, and how it is said left otherwise.
        macro_rules! each {
            ($($field:ident $name:literal $said:expr;)*) => {
                vec![$(of((&self.$field, &other.$field), $name, $said)),*]
            };
        }
        let title = |t: &Option<String>| t.clone().unwrap_or_default();
        let (window, icon) =
            (title(&self.window_title), title(&self.icon_title));
        let mouse = self.mouse.unwrap_or("");
        let pen = self.pen.as_ref().map(Look::told).unwrap_or_default();
        let end: Vec<&str> = (self.heard_at_end.iter().flatten())
            .map(|what| match what.as_str() {
                "bell" => "^G (the bell)",
                "visual bell" => "ESC g (the visual bell)",
                sequence => sequence,
            })
            .collect();
        let end = end.join(", ");
        each! {
            alternate_screen "the alternate screen" "on the alternate screen";
            cursor_hidden "the cursor" "with the cursor hidden";
            keypad "the keypad's mode" "with the keypad in application mode";
            cursor_keys "the cursor keys' mode"
                "with application cursor keys on (arrows sent as ESC O A)";
            echo "echo" "with echo off";
            canonical "line input" "with line input off (cbreak or raw)";
            pen "the text colours" format!("with the text colours and attributes left set ({pen})");
            mouse "mouse reporting" format!("with mouse reporting on ({mouse})");
            bracketed_paste "bracketed paste" "with bracketed paste on";
            autowrap "line wrap" "with line wrap (autowrap) off";
            scroll_region "the scroll region" "with a scroll region set";
            insert "insert mode" "with insert mode on";
            window_title "the window title"
                format!("with the window title set to {window:?}");
            icon_title "the icon title"
                format!("with the icon title set to {icon:?}");
            heard_at_end "what it wrote as it ended"
                format!("with {end} written as it ended, after its last screen");
        }
    }

    /// Whether `self` and `other` agree on everything both read.
    pub fn agrees(&self, other: &Left) -> bool {
        self.beside(other).iter().all(|(_, apart, ..)| !apart)
    }

    /// What of the terminal is left otherwise than `endwin()` leaves it,
    /// as a porter says it; empty if nothing is (or nothing can be read).
    pub fn not_restored(&self) -> Vec<String> {
        self.unlike(&Left::RESTORED)
    }

    /// What of [`Left::not_restored`] `other` leaves otherwise.
    pub fn unlike(&self, other: &Left) -> Vec<String> {
        let apart = self.beside(other).into_iter().map(|b| b.1);
        let beside = self.beside(&Left::RESTORED).into_iter().zip(apart);
        beside
            .filter(|(b, apart)| b.1 && *apart)
            .map(|(b, _)| b.3)
            .collect()
    }

    /// What of the terminal `self` or `other` does not read, so that it is
    /// not compared.
    pub fn unread(&self, other: &Left) -> Vec<&'static str> {
        let beside = self.beside(other).into_iter();
        beside.filter(|b| b.2).map(|b| b.0).collect()
    }
}

/// A thing read of the terminal beside the other side's ([`Left::beside`]):
/// its name, whether it differs, whether a side did not read it, and how a
/// porter says it.
type Beside = (&'static str, bool, bool, String);

/// How a program ended, how it left its terminal, and the last lines it
/// wrote outside its screens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// How it ended.
    pub exit: Exit,
    /// How it left the terminal.
    pub left: Left,
    /// Its last words, oldest first: what the terminal's main screen shows
    /// once it has ended, [`last_lines`] of it.
    pub last_words: Vec<String>,
}

impl Ending {
    /// Whether `self` and `other` ended alike: the same exit (and panic
    /// place), the terminal left alike ([`Left::agrees`]), and, unless it
    /// crashed, the same last words where both are a main screen's.
    pub fn alike(&self, other: &Ending) -> bool {
        let main_screens = self.left.alternate_screen.is_some()
            && other.left.alternate_screen.is_some();
        // A crash's words hold what changes from run to run (a thread's
        // id, an address): where it panicked is compared, not its words.
        self.exit == other.exit
            && self.panic_place() == other.panic_place()
            && self.left_alike(other)
            && (!main_screens
                || self.crashed()
                || self.last_words == other.last_words)
    }

    /// How `self` and `other` left the terminal, as compared: the pen left
    /// out where both were killed (each left the one it last drew with).
    pub fn lefts(&self, other: &Ending) -> [Left; 2] {
        let killed = [self, other].map(|e| matches!(e.exit, Exit::Killed(_)));
        let mut left = [self, other].map(|e| e.left.clone());
        if killed == [true; 2] {
            left.iter_mut().for_each(|l| l.pen = None);
        }
        left
    }

    /// Whether both left the terminal alike, as compared ([`Ending::lefts`]).
    pub fn left_alike(&self, other: &Ending) -> bool {
        let [a, b] = self.lefts(other);
        a.agrees(&b)
    }

    /// Whether it panicked, or died of a signal no key sends or a crash's
    /// NTSTATUS.
    fn crashed(&self) -> bool {
        let keyed = |s: &Signal| [1, 2, 3, 9, 15].contains(&s.0);
        self.panic_place().is_some()
            || matches!(self.exit, Exit::Crashed(_))
            || matches!(&self.exit, Exit::Killed(s) if !keyed(s))
    }

    /// How it ended, and the terminal if not left as `endwin()` leaves it.
    pub fn how(&self) -> String {
        let exit = match self.panic_place() {
            Some(place) => format!("panicked at {place} ({})", self.exit),
            None => self.exit.to_string(),
        };
        match self.left.not_restored() {
            left if left.is_empty() => exit,
            left => format!("{exit}, leaving the terminal {}", left.join(", ")),
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

    /// Its last words, a line each after a title; `None` if none.
    pub fn last_words_told(&self) -> Option<String> {
        let lines = self.last_words.iter().map(|l| format!("\n  | {l}"));
        let lines: String = lines.collect();
        (!lines.is_empty()).then(|| format!("its last words:{lines}"))
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

/// The most lines of last words kept.
pub const MAX_LINES: usize = 10;
/// The most characters kept of a line of last words.
pub const MAX_CHARS: usize = 200;

/// The lines of `lines` that are not blank, each without its trailing
/// blanks and cut to [`MAX_CHARS`]: of more than [`MAX_LINES`], the first
/// two (where a panic says where and what) and the last.
pub fn last_lines(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut kept: Vec<String> = lines
        .into_iter()
        .map(|line| line.trim_end().chars().take(MAX_CHARS).collect())
        .filter(|line: &String| !line.is_empty())
        .collect();
    if kept.len() > MAX_LINES {
        kept.drain(2..kept.len() + 2 - MAX_LINES);
    }
    kept
}

/// Why a program stopped before its last key's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The program ended after `keys_typed` keys, before the last.
    Exited {
        /// Keys typed before it ended.
        keys_typed: usize,
        /// How it ended, and its last words.
        ending: Ending,
    },
    /// The program drew nothing at start-up.
    NeverDrew,
    /// The program kept drawing, or did not wait for a key.
    KeptDrawing {
        /// Keys typed before it.
        keys_typed: usize,
        /// Whether it used next to no CPU time meanwhile (Linux).
        asleep: bool,
        /// Whether it was at work on the CPU, no read pending, for the hang
        /// limit (Linux).
        hung: bool,
    },
}

impl Stopped {
    /// A program hung after `keys_typed` keys.
    pub fn hung(keys_typed: usize) -> Stopped {
        Stopped::KeptDrawing {
            keys_typed,
            asleep: false,
            hung: true,
        }
    }

    /// One line, the keys of `keys` it took counted (not their joins): its
    /// last words are [`Outcome::ending`]'s.
    pub fn told(&self, keys: &[char]) -> String {
        let typed = |n: &usize| keys_in(&keys[..*n.min(&keys.len())]);
        let (how, n, why) = match self {
            Stopped::NeverDrew => return "the program drew nothing at start-up; the blank screen is recorded".into(),
            Stopped::Exited { keys_typed, ending } => {
                return format!("the program {} after {} key(s); the screens before are recorded", ending.how(), typed(keys_typed));
            }
            Stopped::KeptDrawing { keys_typed, hung: true, .. } => (false, keys_typed, ", at work on the CPU with no read of input pending for the hang limit (--hang-limit-ms, 1000 ms by default): hung"),
            Stopped::KeptDrawing { keys_typed, asleep: false, .. } => (false, keys_typed, ", for the whole busy limit (--busy-limit, 5 s by default)"),
            Stopped::KeptDrawing { keys_typed, .. } => (true, keys_typed, " (asleep, using no CPU, outside any wait for input: a sleep, a lock, a pipe), for the whole busy limit (--busy-limit, 5 s by default)"),
        };
        format!("the program {} after {} key(s){why}; the settled screens before are recorded", waiting(how), typed(n))
    }
}

/// How a played program ended: early, on its last key, or not at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It was still running after its last key: the capture ended it.
    StillRunning,
    /// It ended on its last key, every key typed.
    EndedOnLastKey(Ending),
    /// It stopped early.
    Stopped(Stopped),
}

impl Outcome {
    /// The outcome of a play of `keys` keys that stopped as `stopped` says.
    pub fn of(stopped: Option<Stopped>, keys: usize) -> Outcome {
        match stopped {
            None => Outcome::StillRunning,
            Some(Stopped::Exited { keys_typed, ending })
                if keys_typed == keys && keys > 0 =>
            {
                Outcome::EndedOnLastKey(ending)
            }
            Some(stopped) => Outcome::Stopped(stopped),
        }
    }

    /// Why it stopped early, if it did.
    pub fn stopped(&self) -> Option<&Stopped> {
        match self {
            Outcome::Stopped(stopped) => Some(stopped),
            _ => None,
        }
    }

    /// How the program ended and its last words, if it ended by itself.
    pub fn ending(&self) -> Option<&Ending> {
        match self {
            Outcome::EndedOnLastKey(ending)
            | Outcome::Stopped(Stopped::Exited { ending, .. }) => Some(ending),
            _ => None,
        }
    }

    /// Whether `self` and `other` end alike, after the same keys
    /// ([`Ending::alike`]).
    pub fn alike(&self, other: &Outcome) -> bool {
        // An ending on the last key is after more keys than any other.
        let typed = |o: &Outcome| o.keys_typed(usize::MAX);
        match (self.ending(), other.ending()) {
            (Some(a), Some(b)) => typed(self) == typed(other) && a.alike(b),
            _ => self == other,
        }
    }

    /// How many of `keys` keys the program took, the one it ended on too.
    pub fn keys_typed(&self, keys: usize) -> usize {
        match self {
            Outcome::StillRunning | Outcome::EndedOnLastKey(_) => keys,
            Outcome::Stopped(Stopped::NeverDrew) => 0,
            Outcome::Stopped(
                Stopped::Exited { keys_typed, .. }
                | Stopped::KeptDrawing { keys_typed, .. },
            ) => *keys_typed,
        }
    }

    /// One line, the keys of `keys` it took counted: its last words are
    /// [`Outcome::ending`]'s.
    pub fn told(&self, keys: &[char]) -> String {
        match self {
            Outcome::StillRunning => "the program was still running after its last key; the capture ended it".into(),
            Outcome::EndedOnLastKey(ending) => {
                format!("the program {} on its last key", ending.how())
            }
            Outcome::Stopped(stopped) => stopped.told(keys),
        }
    }

    /// Whether every key was typed, the program still running or ended
    /// with status 0.
    pub fn clean(&self) -> bool {
        match self {
            Outcome::StillRunning => true,
            Outcome::EndedOnLastKey(ending) => ending.exit.success(),
            Outcome::Stopped(_) => false,
        }
    }
}

/// A program played: captured, or the built-in port replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// What it showed, the keys typed, its standard error.
    pub trace: Trace,
    /// How it ended, and its terminal then.
    pub outcome: Outcome,
    /// How long it took to answer, as its capture saw it; `None` where it
    /// was not run (the built-in port).
    pub times: Option<Times>,
}

/// How long a captured program took to answer: from its start to its first
/// settled screen, and from each key written to its screen settled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Times {
    /// From its start to its first settled screen, if one settled.
    pub first_screen: Option<Duration>,
    /// Each key answered, in the order typed, from the first.
    pub keys: Vec<Duration>,
}

impl Times {
    /// Its figures on one line: "first screen 0.04 s, keys 0.01 s (median),
    /// 0.03 s at worst (key 3, 'l')", `keys` being those typed.
    pub fn told(&self, keys: &[char]) -> String {
        let first = self.first_screen.map_or("none".into(), seconds);
        let mut sorted: Vec<(Duration, usize)> =
            self.keys.iter().copied().zip(1..).collect();
        sorted.sort_unstable();
        let told = match (sorted.get(sorted.len() / 2), sorted.last()) {
            (Some(&(median, _)), Some(&(worst, n))) => {
                let key = keys.get(n - 1).map(|&k| crate::key_literal(k));
                let key = key.map_or(String::new(), |k| format!(", {k}"));
                let (median, worst) = (seconds(median), seconds(worst));
                format!(
                    "keys {median} (median), {worst} at worst (key {n}{key})"
                )
            }
            _ => "no key answered".into(),
        };
        format!("first screen {first}, {told}")
    }
}

/// A time in seconds, as a person reads it: "0.04 s".
pub fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// A step at which two programs wrote other words to standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StderrDifference {
    /// The step: the number of keys typed when the words were written.
    pub step: usize,
    /// The first's words and the second's there, if any.
    pub words: [Option<String>; 2],
}

impl Played {
    /// The keys typed into it.
    pub fn keys(&self) -> &[char] {
        &self.trace.header.keys
    }

    /// What it wrote to its standard error, if that was read apart.
    pub fn stderr(&self) -> Option<Stderr> {
        Stderr::of_header(&self.trace.header)
    }

    /// How it ended and its last words, if it ended by itself.
    pub fn ending(&self) -> Option<&Ending> {
        self.outcome.ending()
    }

    /// Whether it was still running after its last key.
    pub fn still_running(&self) -> bool {
        self.outcome == Outcome::StillRunning
    }

    /// The keys it took ([`Outcome::keys_typed`]).
    pub fn typed(&self) -> usize {
        self.outcome.keys_typed(self.keys().len())
    }

    /// Whether `self` and `other` ended alike ([`Outcome::alike`]).
    pub fn alike(&self, other: &Played) -> bool {
        self.outcome.alike(&other.outcome)
    }

    /// Each step at which `self` and `other` wrote other words to standard
    /// error, but where both crashed (a crash's words vary run to run).
    pub fn stderr_apart(&self, other: &Played) -> Vec<StderrDifference> {
        let (Some(a), Some(b)) = (self.stderr(), other.stderr()) else {
            return Vec::new();
        };
        let crashed = |p: &Played, step| {
            p.ending().is_some_and(|e| !e.exit.success()) && p.typed() == step
        };
        let mut steps: Vec<usize> = a.steps().chain(b.steps()).collect();
        steps.sort_unstable();
        steps.dedup();
        steps
            .into_iter()
            .filter(|&step| !(crashed(self, step) && crashed(other, step)))
            .filter(|&step| a.at(step) != b.at(step))
            .map(|step| StderrDifference {
                step,
                words: [a.at(step), b.at(step)].map(|w| w.map(str::to_string)),
            })
            .collect()
    }

    /// The key typed just before step `step`; `None` at the first.
    pub fn key_at(&self, step: usize) -> Option<char> {
        self.keys().get(step.checked_sub(1)?).copied()
    }

    /// Key `n` (from 1) of its keys and its number: "key 3 of 5 ('x')".
    pub fn key_of(&self, n: usize) -> String {
        let key = self.key_at(n);
        let shown =
            key.map_or_else(String::new, |k| format!(" ({})", key_told(k)));
        let keys = self.keys();
        let (n, of) = (keys_in(&keys[..n.min(keys.len())]), keys_in(keys));
        format!("key {n} of {of}{shown}")
    }

    /// How it ended, on a line after `role` ("the port"): "stopped: ..."
    /// or "ended: ...".
    pub fn ended_line(&self, role: &str) -> String {
        match self.outcome.stopped() {
            Some(why @ Stopped::KeptDrawing { keys_typed: n, .. })
                if *n > 0 =>
            {
                let (why, key) = (why.told(self.keys()), self.key_of(*n));
                format!("{role} stopped: {why}; the last key typed: {key}")
            }
            Some(why) => format!("{role} stopped: {}", why.told(self.keys())),
            None => format!("{role} ended: {}", self.outcome.told(&[])),
        }
    }

    /// [`Played::ended_line`], then its last words, a line each, every
    /// line ended.
    pub fn ended_told(&self, role: &str) -> String {
        let mut told = self.ended_line(role);
        told.push('\n');
        let words = self.ending().and_then(|e| e.last_words_told());
        told.extend(
            words
                .iter()
                .flat_map(|w| w.lines())
                .map(|l| format!("  {l}\n")),
        );
        told
    }

    /// How it ended, without the number of keys typed.
    pub fn how(&self) -> String {
        match &self.outcome {
            Outcome::StillRunning => "went on".into(),
            Outcome::EndedOnLastKey(ending)
            | Outcome::Stopped(Stopped::Exited { ending, .. }) => ending.how(),
            Outcome::Stopped(Stopped::NeverDrew) => {
                "drew nothing at start-up".into()
            }
            Outcome::Stopped(Stopped::KeptDrawing {
                keys_typed,
                asleep,
                ..
            }) => {
                let how = waiting(*asleep);
                match self.key_at(*keys_typed) {
                    Some(key) => format!("{how} after {}", key_told(key)),
                    None => how.into(),
                }
            }
        }
    }

    /// Where and how it stopped early, after "each side"; `None` if it did
    /// not.
    pub fn stopped_at(&self) -> Option<String> {
        Some(match self.outcome.stopped()? {
            Stopped::Exited {
                keys_typed: 0,
                ending,
            } => format!("{} at start-up, before any key", ending.how()),
            Stopped::Exited { keys_typed, ending } => {
                format!("{} at {}", ending.how(), self.key_of(*keys_typed))
            }
            Stopped::NeverDrew => self.how(),
            Stopped::KeptDrawing {
                keys_typed, asleep, ..
            } => format!(
                "{} after {}",
                waiting(*asleep),
                self.key_of(*keys_typed)
            ),
        })
    }

    /// How it ended and at which step, for a report's reader: a phrase
    /// that follows "it".
    pub fn ended_at(&self) -> String {
        match &self.outcome {
            Outcome::StillRunning => {
                "was still running after its last key (the capture ended it)"
                    .to_string()
            }
            Outcome::EndedOnLastKey(ending) => format!(
                "{} on its last key, {}",
                ending.how(),
                self.key_of(self.keys().len())
            ),
            Outcome::Stopped(Stopped::Exited {
                keys_typed: 0,
                ending,
            }) => {
                format!("{} at start-up, before its first screen", ending.how())
            }
            Outcome::Stopped(Stopped::NeverDrew) => self.how(),
            Outcome::Stopped(_) => format!(
                "{}: no screen from step {} on",
                self.stopped_at().unwrap_or_default(),
                self.typed()
            ),
        }
    }
}

/// How each of two sides ended ([`Played::ended_at`]) and its last words;
/// neither, if both were still running.
pub fn endings(sides: [&Played; 2]) -> [Option<(String, Vec<String>)>; 2] {
    let told = !sides.iter().all(|p| p.still_running());
    sides.map(|p| {
        let words = p.ending().map(|e| e.last_words.clone());
        told.then(|| (p.ended_at(), words.unwrap_or_default()))
    })
}

/// What a program that neither drew nor waited for a key did.
fn waiting(asleep: bool) -> &'static str {
    match asleep {
        true => "slept without waiting for a key",
        false => "kept busy without waiting for a key",
    }
}
