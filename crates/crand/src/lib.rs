//! The C library's `srand()`/`rand()`, reproduced exactly.
//!
//! The C original seeds `rand()` with the time and builds its dungeon from
//! `rand() % n`. To build the same dungeon from the same seed, the port
//! needs the very numbers the C library returns:
//!
//! - [`GlibcRand`]: glibc's `rand()` (Linux and other glibc systems);
//! - [`MsvcRand`]: the Microsoft C runtime's `rand()` (Windows).
//!
//! Both have [`CRand::rand`], which returns exactly the C value, and both
//! implement the `rand` crate's traits ([`rand::TryRng`], hence
//! [`rand::Rng`], and [`rand::SeedableRng`]) for code that wants ordinary
//! random numbers from the same stream.
//!
//! ```
//! use rogue_crand::{CRand, GlibcRand, MsvcRand};
//!
//! let mut glibc = GlibcRand::new(42); // srand(42)
//! assert_eq!(glibc.rand(), 71876166);
//! let mut msvc = MsvcRand::new(42);
//! assert_eq!(msvc.rand(), 175);
//! ```

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

mod glibc;
mod msvc;

pub use glibc::GlibcRand;
pub use msvc::MsvcRand;

/// A C library's `rand()`: seeded like `srand(seed)`, each call returns the
/// next value in `0..=RAND_MAX`.
pub trait CRand {
    /// The next value, exactly as the C library's `rand()` returns it.
    fn rand(&mut self) -> i32;
}

/// Which C library's generator to reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RngKind {
    /// glibc's `rand()`.
    Glibc,
    /// The Microsoft C runtime's `rand()`.
    Msvc,
}

impl RngKind {
    /// The generator of the C library this program would be linked with on
    /// this platform: Microsoft's on Windows, glibc's elsewhere.
    pub const fn platform() -> Self {
        Self::of_platform(cfg!(windows))
    }

    /// The generator of the C library on Windows (`windows`) or elsewhere:
    /// [`RngKind::platform`] for any platform, so every platform's tests
    /// check both.
    pub const fn of_platform(windows: bool) -> Self {
        if windows {
            RngKind::Msvc
        } else {
            RngKind::Glibc
        }
    }

    /// The name used on the command line (`--rng`).
    pub const fn name(self) -> &'static str {
        match self {
            RngKind::Glibc => "glibc",
            RngKind::Msvc => "msvc",
        }
    }

    /// A generator of this kind after `srand(seed)`.
    pub fn seeded(self, seed: u32) -> AnyCRand {
        match self {
            RngKind::Glibc => AnyCRand::Glibc(GlibcRand::new(seed)),
            RngKind::Msvc => AnyCRand::Msvc(MsvcRand::new(seed)),
        }
    }
}

impl fmt::Display for RngKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a generator name that is neither `glibc` nor `msvc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRng(pub String);

impl fmt::Display for UnknownRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown generator '{}' (expected glibc or msvc)", self.0)
    }
}

impl std::error::Error for UnknownRng {}

impl FromStr for RngKind {
    type Err = UnknownRng;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "glibc" => Ok(RngKind::Glibc),
            "msvc" => Ok(RngKind::Msvc),
            other => Err(UnknownRng(other.to_string())),
        }
    }
}

/// Either C library's generator, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyCRand {
    /// glibc's.
    Glibc(GlibcRand),
    /// Microsoft's.
    Msvc(MsvcRand),
}

impl CRand for AnyCRand {
    fn rand(&mut self) -> i32 {
        match self {
            AnyCRand::Glibc(r) => r.rand(),
            AnyCRand::Msvc(r) => r.rand(),
        }
    }
}

impl rand::TryRng for AnyCRand {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        match self {
            AnyCRand::Glibc(r) => r.try_next_u32(),
            AnyCRand::Msvc(r) => r.try_next_u32(),
        }
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        rand::rand_core::utils::next_u64_via_u32(self)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        rand::rand_core::utils::fill_bytes_via_next_word(dst, || {
            self.try_next_u32()
        })
    }
}

/// Implements the `rand` traits for a [`CRand`] whose `next_u32` is built
/// from whole `rand()` calls.
macro_rules! impl_rand_traits {
    ($t:ty) => {
        impl rand::TryRng for $t {
            type Error = std::convert::Infallible;

            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                Ok(self.next_word())
            }

            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                rand::rand_core::utils::next_u64_via_u32(self)
            }

            fn try_fill_bytes(
                &mut self,
                dst: &mut [u8],
            ) -> Result<(), Self::Error> {
                rand::rand_core::utils::fill_bytes_via_next_word(dst, || {
                    self.try_next_u32()
                })
            }
        }

        impl rand::SeedableRng for $t {
            type Seed = [u8; 4];

            /// `srand(u32::from_le_bytes(seed))`.
            fn from_seed(seed: [u8; 4]) -> Self {
                Self::new(u32::from_le_bytes(seed))
            }

            fn seed_from_u64(state: u64) -> Self {
                Self::new(state as u32)
            }
        }
    };
}
use impl_rand_traits;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_platform_gets_its_c_library_s_generator() {
        assert_eq!(RngKind::of_platform(true), RngKind::Msvc);
        assert_eq!(RngKind::of_platform(false), RngKind::Glibc);
        assert_eq!(RngKind::platform(), RngKind::of_platform(cfg!(windows)));
    }
}
