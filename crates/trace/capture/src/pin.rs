//! `--pin`: the C original, unmodified, on the dungeon of a chosen seed.
//!
//! The C original seeds `rand()` with `time(NULL)`. The capture's library
//! ([`crate::preload`]), preloaded into it, makes `time()` return the seed
//! and, for `msvc`, replaces `srand()`/`rand()` with the Microsoft C
//! runtime's (see `preload/preload.c`). Linux only: elsewhere a C program
//! is pinned when it is built (`pin/seed.h`).

use std::io;
use std::path::PathBuf;

use crate::preload::Preload;

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
            ("ROGUE_PIN_SEED".into(), self.seed.to_string()),
            ("ROGUE_PIN_RNG".into(), self.rng.clone()),
        ]
    }
}
