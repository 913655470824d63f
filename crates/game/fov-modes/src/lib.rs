//! The fields of view of the other tutorials, beside the C tutorial's:
//! `--fov`.
//!
//! Each is a row of [`FovMode::ALL`], computed by a sibling module, as the
//! tutorial's own library computes it: [`symmetric`] and [`restrictive`]
//! shadowcasting (libtcod), Caves of Zircon's [`rays`], the Zircon Kotlin
//! tutorial's [`zircon::lines`] and the BearLibTerminal tutorial's
//! [`radius`]. The C original's, `fov.c` itself (the `rogue-fov` crate),
//! stays the default; [`tutorial`] runs it at another radius.
//!
//! They work on the tutorial's map through [`MapExt`], which also knows
//! maps of other sizes than the game's, for tests and benchmarks.

mod map_ext;
mod mode;
pub mod radius;
pub mod rays;
pub mod restrictive;
pub mod symmetric;
pub mod tutorial;
pub mod zircon;

pub use map_ext::{filled, floor, from_rows, wall, walls, yx, MapExt};
pub use mode::{Algorithm, Fov, FovMode, Memory, UnknownFovMode};

/// The C tutorial's radius (`int RADIUS = 15` in `makeFOV` and
/// `clearFOV`).
pub const TUTORIAL_RADIUS: i32 = 15;
