//! `--pin`: the C original, unmodified, on the dungeon of a chosen seed.
//!
//! The C original seeds `rand()` with `time(NULL)`. A small library,
//! preloaded into it (`LD_PRELOAD`), makes `time()` return the seed and,
//! for `msvc`, replaces `srand()`/`rand()` with the Microsoft C runtime's
//! (see `pin/pin.c`). It is built with this crate and embedded in it; a
//! capture writes it to a private temporary folder for the run.
//!
//! This works on Linux (ELF, `LD_PRELOAD`). macOS would need the library
//! built as a `.dylib` with its functions in an `__interpose` section, and
//! `DYLD_INSERT_LIBRARIES` (with System Integrity Protection off for system
//! binaries); Windows has no equivalent.

use std::io;
use std::path::PathBuf;

/// The library, as built for this platform.
#[cfg(pin_library)]
const LIBRARY: Option<&[u8]> =
    Some(include_bytes!(concat!(env!("OUT_DIR"), "/librogue_pin.so")));
#[cfg(not(pin_library))]
const LIBRARY: Option<&[u8]> = None;

/// The library written out for one run, removed when dropped.
#[derive(Debug)]
pub struct Pin {
    dir: PathBuf,
    seed: u32,
    rng: String,
}

impl Pin {
    /// Writes the library for a run that pins `seed` with the generator
    /// `rng` (`glibc` or `msvc`).
    pub fn new(seed: u32, rng: &str) -> io::Result<Pin> {
        let library = LIBRARY.ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::Unsupported,
                "--pin needs LD_PRELOAD, which only Linux has here",
            )
        })?;
        let dir = std::env::temp_dir().join(format!(
            "rogue-pin-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir(&dir)?;
        let pin = Pin {
            dir,
            seed,
            rng: rng.to_string(),
        };
        std::fs::write(pin.library(), library)?;
        Ok(pin)
    }

    /// Where the library is.
    pub fn library(&self) -> PathBuf {
        self.dir.join("librogue_pin.so")
    }

    /// The environment that pins the run.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            (
                "LD_PRELOAD".into(),
                self.library().to_string_lossy().into_owned(),
            ),
            ("ROGUE_PIN_SEED".into(), self.seed.to_string()),
            ("ROGUE_PIN_RNG".into(), self.rng.clone()),
        ]
    }
}

impl Drop for Pin {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
