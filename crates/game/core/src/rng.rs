//! Which C library's `rand()` the game reproduces: `--rng`.

use std::fmt;
use std::str::FromStr;

use rogue_crand::{GlibcRand, MsvcRand, Rand};

/// Which C library's generator to reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RngKind {
    /// glibc's `rand()`.
    Glibc,
    /// The Microsoft C runtime's `rand()`.
    Msvc,
}

impl RngKind {
    /// The generator the game reproduces by default on this platform:
    /// Microsoft's on Windows, glibc's on every other platform (also on
    /// macOS and musl, whose own `rand()` is another generator, which no
    /// option reproduces), as `Rand::srand` picks it.
    pub const fn platform() -> Self {
        Self::of_platform(cfg!(windows))
    }

    /// The default generator on Windows (`windows`) or on any other
    /// platform.
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
    pub fn seeded(self, seed: u32) -> Rand {
        match self {
            RngKind::Glibc => Rand::Glibc(GlibcRand::new(seed)),
            RngKind::Msvc => Rand::Msvc(MsvcRand::new(seed)),
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

/// The C library's `rand()` as a `rand` crate generator, for code that
/// wants ordinary random numbers from the same stream as the dungeon (the
/// property tests' keys): each 32-bit word is made of whole `rand()`
/// calls.
#[derive(Clone, Debug)]
pub struct CRandRng(pub Rand);

impl CRandRng {
    /// 32 bits from whole `rand()` calls: two of glibc's 31 bits, three of
    /// Microsoft's 15.
    fn next_word(&mut self) -> u32 {
        match &mut self.0 {
            Rand::Glibc(rng) => {
                (rng.rand() as u32) << 16 ^ (rng.rand() as u32 & 0xffff)
            }
            Rand::Msvc(rng) => {
                let (hi, mid, lo) =
                    (rng.rand() as u32, rng.rand() as u32, rng.rand() as u32);
                (hi << 17) | (mid << 2) | (lo & 3)
            }
        }
    }
}

impl rand::TryRng for CRandRng {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next_word())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        rand::rand_core::utils::next_u64_via_u32(self)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand::rand_core::utils::fill_bytes_via_next_word(dst, || {
            self.try_next_u32()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_platform_gets_its_c_library_s_generator() {
        assert_eq!(RngKind::of_platform(true), RngKind::Msvc);
        assert_eq!(RngKind::of_platform(false), RngKind::Glibc);
        assert_eq!(RngKind::platform(), RngKind::of_platform(cfg!(windows)));
        let platform = matches!(Rand::srand(7), Rand::Msvc(_));
        assert_eq!(RngKind::platform() == RngKind::Msvc, platform);
    }

    #[test]
    fn names_round_trip() {
        for kind in [RngKind::Glibc, RngKind::Msvc] {
            assert_eq!(kind.name().parse::<RngKind>(), Ok(kind));
        }
        assert!("bsd".parse::<RngKind>().is_err());
    }
}
