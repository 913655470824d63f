//! The options several commands share, each defined once.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use rogue_capture::cast;
use rogue_capture::{CaptureOptions, Settle, Timing};
use rogue_game::Part;
use rogue_trace_format::burst::tidy;
use rogue_trace_format::diff::DiffOptions;
use rogue_trace_format::{unescape_keys, Trace};

use crate::error::Failure;
use crate::io_util::{read_at_most, read_trace};

/// `--keys` or `--keys-file`.
#[derive(Args, Clone, Debug, Default)]
pub struct KeysArgs {
    /// The keys to type, in order
    #[arg(
        long,
        value_name = "KEYS",
        conflicts_with = "keys_file",
        allow_hyphen_values = true
    )]
    pub keys: Option<String>,
    /// A file holding the keys to type (at most 1,000,000)
    #[arg(long, value_name = "FILE", conflicts_with = "keys_from")]
    pub keys_file: Option<PathBuf>,
    /// The keys of a trace or of an asciinema recording, up to its quit
    /// key (`q`) if it has one, the last the program read
    #[arg(long, value_name = "FILE", conflicts_with = "keys")]
    pub keys_from: Option<PathBuf>,
}

/// The most keys a trace command takes.
pub const MAX_KEYS: usize = 1_000_000;

impl KeysArgs {
    /// Whether keys were given, with any of the three options.
    pub fn given(&self) -> bool {
        self.keys.is_some()
            || self.keys_file.is_some()
            || self.keys_from.is_some()
    }

    /// The keys given, if any.
    pub fn keys(&self) -> Result<Vec<char>, String> {
        if let Some(path) = &self.keys_from {
            let trace = read_trace(path).map_err(|Failure(e, _)| e)?;
            let keys = trace.header.keys;
            let quit = keys.iter().position(|&k| k == 'q' || k == '\0');
            return Ok(tidy(&keys[..quit.map_or(keys.len(), |q| q + 1)]));
        }
        let (text, source) = match (&self.keys, &self.keys_file) {
            (Some(keys), _) => (keys.clone(), "--keys".to_string()),
            (None, Some(path)) => {
                let name = path.display().to_string();
                let limit = 4 * MAX_KEYS as u64 * 10;
                let too_large = || {
                    format!(
                        "keys file '{name}' is too large (at most {MAX_KEYS} keys)"
                    )
                };
                let text = read_at_most(path, limit)
                    .map_err(|e| {
                        format!("cannot read keys file '{name}': {e}")
                    })?
                    .ok_or_else(too_large)?;
                (text.strip_suffix('\n').unwrap_or(&text).to_string(), name)
            }
            (None, None) => return Ok(Vec::new()),
        };
        let keys = unescape_keys(&text)
            .map_err(|e| format!("invalid keys in {source}: {e}"))?;
        if keys.len() > MAX_KEYS {
            return Err(format!(
                "{source} holds {} keys; at most {MAX_KEYS}",
                keys.len()
            ));
        }
        Ok(tidy(&keys))
    }
}

/// `--chars` and `--ignore-cursor`: what is left out of a comparison.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ComparedArgs {
    /// Compare characters only, not colours: a cell lit on one side and
    /// only remembered on the other (or drawn in other colours) is then
    /// the same; the player elsewhere, the map differing and a cell seen
    /// on one side only still differ
    #[arg(long)]
    pub chars: bool,
    /// Do not compare the cursor at each step: a port that shows it where
    /// the C hides it, or leaves it elsewhere, is then the same, and what
    /// else differs comes first; how each side leaves the terminal is
    /// still compared
    #[arg(long)]
    pub ignore_cursor: bool,
}

impl ComparedArgs {
    /// The comparison these options ask for.
    pub fn options(self, screens_only: bool, all: bool) -> DiffOptions {
        DiffOptions {
            screens_only,
            all,
            chars: self.chars,
            ignore_cursor: self.ignore_cursor,
        }
    }

    /// The options as a command line gives them.
    pub fn words(self) -> Vec<String> {
        let given = [
            (self.chars, "--chars"),
            (self.ignore_cursor, "--ignore-cursor"),
        ];
        given
            .into_iter()
            .filter(|&(on, _)| on)
            .map(|(_, word)| word.to_string())
            .collect()
    }
}

/// `--force`: replace an existing output file.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ForceArg {
    /// Replace an output file that exists (written beside it first, and
    /// moved over it only once complete)
    #[arg(long)]
    pub force: bool,
}

/// How `capture` tells that a screen has settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SettleBy {
    /// The program says when it waits for the next key, through a library
    /// preloaded into it, and types its own keys then: the screens a
    /// typist sees, at the program's own speed (Linux, a dynamically
    /// linked program; else `watch`)
    Observe,
    /// Watch the program through /proc: settled when it waits for the next
    /// key with its output drained (Linux; elsewhere, and for a program
    /// that cannot be watched, `quiet`)
    Watch,
    /// The clock: settled when output pauses for --quiet-ms
    Quiet,
}

/// `--quiet-ms`'s default.
const QUIET_MS: u64 = 60;

/// How programs are captured: by `capture`, and in `compare` and `fuzz`
/// the reference and a port given with `--port` alike.
#[derive(Args, Clone, Debug)]
pub struct CaptureFlags {
    /// How to tell that a screen has settled (in compare and fuzz: the
    /// reference's, and the port's with --port)
    #[arg(long, value_enum, default_value = "observe", value_name = "HOW")]
    pub settle: SettleBy,
    /// With --settle quiet: the pause in output, in milliseconds, after
    /// which a screen counts as settled
    #[arg(long, value_name = "MS", default_value_t = QUIET_MS, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub quiet_ms: u64,
    /// How long, in seconds, a program may take to draw its first screen
    /// or a key's, without waiting for a key, before it is said to keep
    /// busy or sleep (a slow start-up, a JVM's, may need more)
    #[arg(long, value_name = "S", default_value_t = BUSY_S, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub busy_limit: u64,
    /// How long, in milliseconds, a program that can be watched (Linux)
    /// may keep at work on the CPU after a key, no read of input pending,
    /// before it is said to be hung (its first screen is waited for
    /// within --busy-limit alone)
    #[arg(long, value_name = "MS", default_value_t = HANG_MS, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub hang_limit_ms: u64,
    /// The slower settle that confirms a difference ([`CONFIRMING`]).
    #[arg(skip)]
    pub confirming: bool,
}

/// How a difference is played again to confirm it: watched, every screen
/// waited for until output has paused this long, keys typed by the capture.
pub const CONFIRMING: &str =
    "watched through /proc, each screen's output then paused 250 ms unless one thread alone reads the terminal";
const CONFIRM_PAUSE: Duration = Duration::from_millis(250);

/// `--busy-limit`'s default, the capture's own.
const BUSY_S: u64 = 5;

/// `--hang-limit-ms`'s default, the capture's own.
const HANG_MS: u64 = 1000;

impl CaptureFlags {
    /// The options as a command line gives them, defaults left out.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if self.settle != SettleBy::Observe {
            let how = self.settle.to_possible_value().expect("a value");
            words.extend(["--settle".into(), how.get_name().to_string()]);
        }
        if self.quiet_ms != QUIET_MS {
            words.extend(["--quiet-ms".into(), self.quiet_ms.to_string()]);
        }
        if self.busy_limit != BUSY_S {
            words.extend(["--busy-limit".into(), self.busy_limit.to_string()]);
        }
        if self.hang_limit_ms != HANG_MS {
            let ms = self.hang_limit_ms.to_string();
            words.extend(["--hang-limit-ms".into(), ms]);
        }
        words
    }

    /// These flags' slower settle, to confirm a difference ([`CONFIRMING`]),
    /// if they observe: `None` if they settle by the clock already.
    pub fn confirming(&self) -> Option<CaptureFlags> {
        (self.settle != SettleBy::Quiet).then(|| CaptureFlags {
            settle: SettleBy::Watch,
            confirming: true,
            ..self.clone()
        })
    }

    /// How a capture with these flags settles.
    pub fn settle(&self) -> Settle {
        let timing = Timing {
            quiet: Duration::from_millis(self.quiet_ms),
            busy_limit: Duration::from_secs(self.busy_limit),
            hang_limit: Duration::from_millis(self.hang_limit_ms),
            pause: [Duration::ZERO, CONFIRM_PAUSE]
                [usize::from(self.confirming)],
            patient: self.confirming,
            ..Timing::default()
        };
        match self.settle {
            SettleBy::Observe | SettleBy::Watch => Settle::Observe(timing),
            SettleBy::Quiet => Settle::Quiet(timing),
        }
    }
}

/// `--seed-from FILE`: the seed of a recording or of a trace.
#[derive(Args, Clone, Debug, Default)]
pub struct SeedFromArg {
    /// Take the seed from FILE: an asciinema recording's header
    /// `timestamp` (when it started, the time the C original seeds with),
    /// or a trace's header seed
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    pub seed_from: Option<PathBuf>,
}

impl SeedFromArg {
    /// The seed FILE gives, if one is given.
    pub fn seed(&self) -> Result<Option<u32>, Failure> {
        let Some(path) = &self.seed_from else {
            return Ok(None);
        };
        let name = path.display();
        let text = read_at_most(path, cast::MAX_BYTES as u64)
            .map_err(|e| format!("cannot read '{name}': {e}"))?
            .ok_or_else(|| {
                format!(
                    "'{name}' is larger than {} MiB: not read",
                    cast::MAX_BYTES >> 20
                )
            })?;
        let (seed, has_none) = if cast::is_cast(&text) {
            let time =
                cast::timestamp(&text).map_err(|e| format!("{name}: {e}"))?;
            (
                time.map(|t| t as u32),
                "the recording's header has no timestamp",
            )
        } else {
            let trace = Trace::parse(&text)
                .map_err(|e| format!("{name}:{}: {}", e.line, e.message))?;
            (trace.header.seed, "the trace's header has no seed")
        };
        seed.map(Some).ok_or_else(|| {
            Failure::from(format!(
                "--seed-from '{name}': {has_none}; give --seed"
            ))
        })
    }
}

/// `--html FILE`: the comparison as a page too.
#[derive(Args, Clone, Debug, Default)]
pub struct HtmlArg {
    /// Also write the comparison as one self-contained HTML page, both
    /// screens side by side at every step, to FILE (an existing file is
    /// replaced only with --force)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// The capture options of `flags`, every step kept if `every`.
pub fn capture_options(
    size: (u16, u16),
    keys: Vec<char>,
    (flags, every): (&CaptureFlags, bool),
    header: (Option<u8>, Option<u32>, Option<String>),
    env: Vec<(String, String)>,
) -> CaptureOptions {
    CaptureOptions {
        cols: size.0,
        rows: size.1,
        keys,
        every,
        term: std::env::var("ROGUE_TRACE_TERM")
            .unwrap_or_else(|_| "screen-256color".into()),
        env,
        settle: flags.settle(),
        preload: flags.settle == SettleBy::Observe,
        part: header.0,
        seed: header.1,
        rng: header.2,
    }
}

/// The refusal of the pin option `option`.
pub fn check_pin(option: &str, part: Part) -> Result<(), Failure> {
    if part.seeds() {
        return Ok(());
    }
    Err(format!(
            "{option}: Part {} never seeds (its program calls neither time() nor srand()): there is nothing to pin; leave {option} out",
            part.number
        ).into())
}

/// The pin library for a capture of `seed` with `rng`.
pub fn pin(seed: u32, rng: &str) -> Result<rogue_capture::pin::Pin, Failure> {
    rogue_capture::pin::Pin::new(seed, rng)
        .map_err(|e| Failure::from(format!("--pin: {e}")))
}
