//! `--pin`: the C original, unmodified, on the dungeon of a chosen seed.
//!
//! The C original seeds `rand()` with `time(NULL)`. The capture's library
//! ([`crate::preload`]) makes `time()` return the seed and, for `msvc`,
//! replaces `srand()`/`rand()` with the Microsoft C runtime's. Linux only:
//! elsewhere a C program is pinned when it is built (`pin/seed.h`).
//!
//! A pin is proved: the library says each pinned function each process
//! calls ([`Called`]), and a pinned capture fails unless the process that
//! draws called them before its first screen. Unpinned, the library still
//! says whether the program seeds from the clock ([`Seen`]).

use std::ffi::OsStr;
use std::io;

use crate::preload::{self, Preload};
use crate::protocol::{self, PIN_RNG as RNG, PIN_SEED as SEED};

/// The library written out for a run that pins a seed and a generator.
#[derive(Debug)]
pub struct Pin {
    preload: Preload,
    seed: u32,
    rng: String,
}

impl Pin {
    /// Writes the library for a run that pins `seed` with the generator
    /// `rng` (`glibc` or `msvc`).
    pub fn new(seed: u32, rng: &str) -> io::Result<Pin> {
        let preload = Preload::new().map_err(|e| match e.kind() {
            io::ErrorKind::Unsupported => io::Error::new(
                io::ErrorKind::Unsupported,
                "--pin needs LD_PRELOAD, which only Linux has here",
            ),
            _ => e,
        })?;
        Ok(Pin {
            preload,
            seed,
            rng: rng.to_string(),
        })
    }

    /// The environment that pins the run.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            self.preload.ld_preload(&[]),
            (SEED.into(), self.seed.to_string()),
            (RNG.into(), self.rng.clone()),
        ]
    }
}

/// The pinned functions a program called, as the library said it: a set
/// of the bits below.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Called(pub usize);

impl Called {
    /// `time()`.
    pub const TIME: usize = protocol::CALLED_TIME;
    /// `srand()` (pinned for `msvc` only).
    pub const SRAND: usize = protocol::CALLED_SRAND;
    /// `rand()` (pinned for `msvc` only).
    pub const RAND: usize = protocol::CALLED_RAND;
    /// `time()`, by another process than the one that draws, which did not
    /// (told by the capture).
    pub const TIME_ELSEWHERE: usize = 8;
    /// `srand()`, unpinned, given the value `time()` returned.
    pub const CLOCK_SEED: usize = protocol::CALLED_CLOCK_SEED;

    /// Whether the function `bit` was called.
    pub fn has(self, bit: usize) -> bool {
        self.0 & bit != 0
    }
}

/// What each process of a program called, and which said it waits first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Calls {
    /// Each process that called any, and what.
    by: Vec<(u32, Called)>,
    /// The first process that said it waits for a key.
    waiting: Option<u32>,
}

impl Calls {
    /// The process `pid` called the functions `bits`.
    pub(crate) fn called(&mut self, pid: u32, bits: usize) {
        match self.by.iter_mut().find(|(p, _)| *p == pid) {
            Some((_, called)) => called.0 |= bits,
            None => self.by.push((pid, Called(bits))),
        }
    }

    /// The process `pid` said it waits for a key.
    pub(crate) fn waits(&mut self, pid: u32) {
        self.waiting.get_or_insert(pid);
    }

    /// The process that draws: the first that said it waits for a key.
    pub(crate) fn waiting(&self) -> Option<u32> {
        self.waiting
    }

    /// What the process `drawing` called, with [`Called::TIME_ELSEWHERE`]
    /// if it did not call `time()` and another process did.
    pub(crate) fn of(&self, drawing: u32) -> Called {
        let mine = self
            .by
            .iter()
            .find(|(pid, _)| *pid == drawing)
            .map_or(Called::default(), |&(_, called)| called);
        let elsewhere = self
            .by
            .iter()
            .any(|(pid, c)| *pid != drawing && c.has(Called::TIME));
        if elsewhere && !mine.has(Called::TIME) {
            return Called(mine.0 | Called::TIME_ELSEWHERE);
        }
        mine
    }
}

/// What a capture saw of how its program seeds (Linux, with the library).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Unpinned, the process that draws called `srand(time(NULL))` before
    /// its first screen: its dungeon is another on every run.
    pub clock_seeded: bool,
    /// The process that draws, or another, called `time()` before its first
    /// screen (the library being loaded).
    pub timed: bool,
}

impl Seen {
    /// What a capture with the extra environment `env` saw, given what the
    /// program `called` by its first screen.
    pub(crate) fn of(env: &[(String, String)], called: Called) -> Seen {
        Seen {
            clock_seeded: Asked::of(env).is_none()
                && called.has(Called::CLOCK_SEED),
            timed: called.has(Called::TIME | Called::TIME_ELSEWHERE),
        }
    }
}

/// What a run's environment asks to pin: the seed, and whether the
/// generator is Microsoft's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Asked {
    seed: String,
    msvc: bool,
}

impl Asked {
    /// What `env` (a capture's extra environment) asks to pin, if it pins.
    pub(crate) fn of(env: &[(String, String)]) -> Option<Asked> {
        let last = |name: &str| {
            env.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
        };
        Some(Asked {
            seed: last(SEED)?.clone(),
            msvc: last(RNG).is_some_and(|rng| rng == "msvc"),
        })
    }

    /// Refuses `program` before it starts if it cannot take the library.
    pub(crate) fn check_program(&self, program: &OsStr) -> io::Result<()> {
        use preload::Refusal;
        match preload::refusal(program) {
            Some(why @ (Refusal::Static | Refusal::Setuid | Refusal::Foreign)) => {
                Err(io::Error::other(format!(
                    "--pin: {} {}, so no library can be preloaded into it and its seed would not be {}",
                    program.to_string_lossy(),
                    why.says(),
                    self.seed
                )))
            }
            _ => Ok(()),
        }
    }

    /// Fails unless the program `called` what is pinned by its first screen.
    pub(crate) fn check_called(&self, called: Called) -> io::Result<()> {
        if !called.has(Called::TIME) {
            let why = if called.has(Called::TIME_ELSEWHERE) {
                "another process of the command did, not the one that reads the keys: does a script run the program without the library?"
            } else {
                "is it statically linked, or seeded another way?"
            };
            return Err(io::Error::other(format!(
                "--pin: the program never called time() before its first screen, so its seed is not {} ({why})",
                self.seed
            )));
        }
        let missing: Vec<&str> =
            [(Called::SRAND, "srand()"), (Called::RAND, "rand()")]
                .into_iter()
                .filter(|&(bit, _)| self.msvc && !called.has(bit))
                .map(|(_, name)| name)
                .collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(io::Error::other(format!(
            "--pin --rng msvc: the program never called {} before its first screen, so its numbers are not the Microsoft C runtime's (has it a generator of its own?)",
            missing.join(" or ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_run_pins_when_its_environment_gives_the_seed() {
        assert_eq!(Asked::of(&env_of(&[("TERM", "xterm")])), None);
        let glibc =
            Asked::of(&env_of(&[(SEED, "42"), (RNG, "glibc")])).unwrap();
        assert!(!glibc.msvc);
        let msvc = Asked::of(&env_of(&[(SEED, "7"), (RNG, "msvc")])).unwrap();
        assert_eq!((msvc.seed.as_str(), msvc.msvc), ("7", true));
    }

    #[test]
    fn time_and_for_msvc_srand_and_rand_must_have_been_called() {
        let asked = |msvc| Asked {
            seed: "42".into(),
            msvc,
        };
        let (time, srand, rand) = (Called::TIME, Called::SRAND, Called::RAND);
        assert!(asked(false).check_called(Called(time)).is_ok());
        assert!(asked(true)
            .check_called(Called(time | srand | rand))
            .is_ok());
        let refused = [
            (false, 0, "--pin: the program never called time() before its first screen, so its seed is not 42 (is it statically linked, or seeded another way?)"),
            (true, srand | rand, "--pin: the program never called time() before"),
            (true, time | srand, "--pin --rng msvc: the program never called rand() before"),
            (true, time, "--pin --rng msvc: the program never called srand() or rand()"),
            (false, Called::TIME_ELSEWHERE, "--pin: the program never called time() before its first screen, so its seed is not 42 (another process of the command did"),
        ];
        for (msvc, bits, says) in refused {
            let e = asked(msvc).check_called(Called(bits)).unwrap_err();
            assert!(e.to_string().starts_with(says), "{bits}: {e}");
        }
    }

    #[test]
    fn only_the_calls_of_the_process_that_draws_count() {
        let mut calls = Calls::default();
        assert_eq!(calls.of(10), Called(0));
        calls.called(7, Called::TIME);
        calls.called(10, Called::SRAND);
        calls.called(10, Called::RAND);
        let srand_rand = Called::SRAND | Called::RAND;
        assert_eq!(calls.of(10), Called(srand_rand | Called::TIME_ELSEWHERE));
        assert_eq!(calls.of(7), Called(Called::TIME));
        calls.called(10, Called::TIME);
        assert_eq!(calls.of(10), Called(srand_rand | Called::TIME));
        assert_eq!(calls.waiting(), None);
        calls.waits(10);
        calls.waits(7);
        assert_eq!(calls.waiting(), Some(10));
    }

    #[test]
    fn an_unpinned_program_that_seeds_with_the_clock_seeds_from_it() {
        let seeded = Called(Called::TIME | Called::SRAND | Called::CLOCK_SEED);
        let seen =
            |env: &[(&str, &str)], called| Seen::of(&env_of(env), called);
        assert!(seen(&[], seeded).clock_seeded);
        // A runtime reading the clock at start-up seeds nothing.
        assert!(!seen(&[], Called(Called::TIME)).clock_seeded);
        assert!(!seen(&[], Called(Called::TIME_ELSEWHERE)).clock_seeded);
        assert!(!seen(&[(SEED, "42")], seeded).clock_seeded);
    }
}
