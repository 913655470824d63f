//! The Rust twin of `rogue.h`: the shared types and constants of the game.
//!
//! The C original keeps these in one header included by every module; here
//! they are one small crate every other crate depends on. The C global
//! `player` is not here: it is a value ([`Entity`]) passed to the
//! functions that use it.
//@ part 2+ {
//! So is the global `map` ([`Map`]).
//@ }

mod map; //@ part 2+

pub use map::Map; //@ part 2+

//@ part 2+ {
/// Number of rows of the dungeon (`MAP_HEIGHT` in `rogue.h`).
pub const MAP_HEIGHT: i32 = 25;
/// Number of columns of the dungeon (`MAP_WIDTH` in `rogue.h`).
pub const MAP_WIDTH: i32 = 100;
//@ }

//@ part 4+ {
/// A curses colour pair number, as given to `COLOR_PAIR()`; pair 0 is the
/// terminal's own colours (no pair).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColorPair(pub u8);

impl ColorPair {
    /// No colour pair: the character is drawn in the terminal's own colours.
    pub const NONE: ColorPair = ColorPair(0);
}

/// Colour pair 1, white on black: what the player sees now (`VISIBLE_COLOR`).
pub const VISIBLE_COLOR: ColorPair = ColorPair(1);
/// Colour pair 2, blue on black: what the player has seen before
/// (`SEEN_COLOR`).
pub const SEEN_COLOR: ColorPair = ColorPair(2);
//@ }

/// A place on the screen or the map, row first as in curses (`Position`).
/// Positions order row by row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// Row.
    pub y: i32,
    /// Column.
    pub x: i32,
}

impl Position {
    /// The position at row `y`, column `x`.
    pub const fn new(y: i32, x: i32) -> Self {
        Position { y, x }
    }
}

//@ part 2+ {
/// One cell of the dungeon (`Tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The character drawn for it.
    pub ch: char,
    //@ part 4+ {
    /// The colour pair it is drawn with while visible.
    pub color: ColorPair,
    //@ }
    /// Whether the player may stand on it.
    pub walkable: bool,
    //@ part 4+ {
    /// Whether sight passes through it.
    pub transparent: bool,
    /// Whether the player sees it now.
    pub visible: bool,
    /// Whether the player has ever seen it.
    pub seen: bool,
    //@ }
}

impl Tile {
    /// A wall, as `createMapTiles` makes every tile: `'#'`, not walkable.
    //@ part 4+ {
    /// From Part 4 it has a colour pair, and is neither transparent,
    /// visible nor seen.
    //@ }
    //@ part 2-3: pub const fn wall() -> Self {
    pub const fn wall(color: ColorPair) -> Self {
        //@ part 4+
        Tile {
            ch: '#',
            color, //@ part 4+
            walkable: false,
            transparent: false, //@ part 4+
            visible: false,     //@ part 4+
            seen: false,        //@ part 4+
        }
    }

    /// Turns the tile into floor, as rooms and corridors do: `'.'`,
    /// walkable.
    //@ part 4+ {
    /// From Part 4, transparent too.
    //@ }
    pub fn carve(&mut self) {
        self.ch = '.';
        self.walkable = true;
        self.transparent = true; //@ part 4+
    }
}
//@ }

//@ part 3+ {
/// A rectangular room (`Room`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its top-left corner.
    pub pos: Position,
    /// Its centre, `(y + height / 2, x + width / 2)` in integer division.
    pub center: Position,
    /// Number of rows.
    pub height: i32,
    /// Number of columns.
    pub width: i32,
}
//@ }

/// Something drawn on the map: so far only the player (`Entity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entity {
    /// Where it stands.
    pub pos: Position,
    /// The character drawn for it.
    pub ch: char,
    //@ part 4+ {
    /// The colour pair it is drawn with.
    pub color: ColorPair,
    //@ }
}

/// A key read from the terminal, as the C `int` that `getch()` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character, including control characters and NUL.
    Char(char),
    /// The terminal was resized (curses' `KEY_RESIZE`).
    Resize,
    /// Any other key code curses reports (function keys, arrows, ...).
    Other(i32),
}

//@ game {
/// What the map shows of a tile that was seen but is out of sight now: the
/// part of a field of view that the drawing reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Memory {
    /// Seen tiles stay on the map in `SEEN_COLOR` (the C tutorial's `seen`).
    Dimmed,
    /// Seen tiles stay on the map as if visible (a fog of war).
    Revealed,
    /// Nothing is remembered: only what is visible now is drawn.
    Nothing,
}
//@ }
