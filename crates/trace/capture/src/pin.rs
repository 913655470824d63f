//! `--pin`: the C original, unmodified, on the dungeon of a chosen seed.
//!
//! The C original seeds `rand()` with `time(NULL)`. The capture's library
//! ([`crate::preload`]), preloaded into it, makes `time()` return the seed
//! and, for `msvc`, replaces `srand()`/`rand()` with the Microsoft C
//! runtime's (see `preload/preload.c`). Linux only: elsewhere a C program
//! is pinned when it is built (`pin/seed.h`).
//!
//! A pin is proved, not assumed: the library says in the program's output
//! each pinned function the program calls ([`Called`]), and a capture of
//! a pinned run ([`crate::capture_each`], its environment holding
//! [`Pin::env`]) fails unless the program called the pinned `time()`
//! (and, for `msvc`, `srand()` and `rand()`) before its first screen. A
//! program that cannot take the library at all (statically linked,
//! setuid, for another machine) is refused before it starts.

use std::ffi::OsStr;
use std::io;
use std::path::PathBuf;

use crate::preload::{self, Preload};

/// The variable that gives the library the seed.
const SEED: &str = "ROGUE_PIN_SEED";
/// The variable that gives the library the generator.
const RNG: &str = "ROGUE_PIN_RNG";

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

    /// Where the library is.
    pub fn library(&self) -> PathBuf {
        self.preload.library()
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
    pub const TIME: usize = 1;
    /// `srand()` (pinned for `msvc` only).
    pub const SRAND: usize = 2;
    /// `rand()` (pinned for `msvc` only).
    pub const RAND: usize = 4;

    fn has(self, bit: usize) -> bool {
        self.0 & bit != 0
    }
}

/// What a run's environment asks the library to pin: the seed, and
/// whether the generator is Microsoft's.
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

    /// Fails unless the program had `called` what is pinned by its first
    /// screen.
    pub(crate) fn check_called(&self, called: Called) -> io::Result<()> {
        if !called.has(Called::TIME) {
            return Err(io::Error::other(format!(
                "--pin: the program never called time() before its first screen, so its seed is not {} (is it statically linked, or seeded another way?)",
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

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_run_pins_when_its_environment_gives_the_seed() {
        assert_eq!(Asked::of(&env(&[("TERM", "xterm")])), None);
        let glibc = Asked::of(&env(&[(SEED, "42"), (RNG, "glibc")])).unwrap();
        assert!(!glibc.msvc);
        let msvc = Asked::of(&env(&[(SEED, "7"), (RNG, "msvc")])).unwrap();
        assert_eq!((msvc.seed.as_str(), msvc.msvc), ("7", true));
    }

    #[test]
    fn time_and_for_msvc_srand_and_rand_must_have_been_called() {
        let glibc = Asked {
            seed: "42".into(),
            msvc: false,
        };
        let msvc = Asked {
            seed: "42".into(),
            msvc: true,
        };
        let all = Called(Called::TIME | Called::SRAND | Called::RAND);
        assert!(glibc.check_called(Called(Called::TIME)).is_ok());
        assert!(msvc.check_called(all).is_ok());
        let none = glibc.check_called(Called(0)).unwrap_err().to_string();
        assert_eq!(
            none,
            "--pin: the program never called time() before its first screen, so its seed is not 42 (is it statically linked, or seeded another way?)"
        );
        let no_time = msvc.check_called(Called(Called::SRAND | Called::RAND));
        assert!(no_time.unwrap_err().to_string().contains("time()"));
        let no_rand = msvc
            .check_called(Called(Called::TIME | Called::SRAND))
            .unwrap_err()
            .to_string();
        assert!(no_rand.contains("never called rand() before"), "{no_rand}");
        let neither = msvc.check_called(Called(Called::TIME)).unwrap_err();
        assert!(neither.to_string().contains("srand() or rand()"));
    }
}
