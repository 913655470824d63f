//! The Rust twin of `rogue.h`: the types every module shares.
//!
//! The C's global `player` is not here: `main` owns it and passes it to
//! the functions that use it.

/// A place on the screen, row first as in curses (`Position`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Row.
    pub y: i32,
    /// Column.
    pub x: i32,
}

/// Something drawn on the screen: so far only the player (`Entity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entity {
    /// Where it stands.
    pub pos: Position,
    /// The character drawn for it.
    pub ch: char,
}
