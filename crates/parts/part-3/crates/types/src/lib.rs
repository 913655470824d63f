//! The Rust twin of `rogue.h`: the types and constants every module shares.
//!
//! The C's globals `map` and `player` are not here: `main` owns them and
//! passes them to the functions that use them.

use std::ops::{Index, IndexMut};

/// Number of rows of the dungeon (`MAP_HEIGHT`).
pub const MAP_HEIGHT: i32 = 25;
/// Number of columns of the dungeon (`MAP_WIDTH`).
pub const MAP_WIDTH: i32 = 100;

/// A place on the screen or the map, row first as in curses (`Position`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Row.
    pub y: i32,
    /// Column.
    pub x: i32,
}

/// One cell of the dungeon (`Tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The character drawn for it.
    pub ch: char,
    /// Whether the player may stand on it.
    pub walkable: bool,
}

/// A rectangle of floor (`Room`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Rows.
    pub height: i32,
    /// Columns.
    pub width: i32,
    /// Its top left corner.
    pub pos: Position,
    /// Its middle, where corridors meet it.
    pub center: Position,
}

/// Something drawn on the map: so far only the player (`Entity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entity {
    /// Where it stands.
    pub pos: Position,
    /// The character drawn for it.
    pub ch: char,
}

/// The dungeon, `MAP_HEIGHT` rows of `MAP_WIDTH` tiles (the C's
/// `Tile** map`); `map[pos]` is the C's `map[pos.y][pos.x]`. It is freed
/// when it goes out of scope (the C's `freeMap` frees its map, though the
/// C never calls it).
#[doc(alias = "map")]
#[doc(alias = "freeMap")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// The rows, top to bottom.
    pub tiles: Vec<Vec<Tile>>,
}

impl Index<Position> for Map {
    type Output = Tile;

    fn index(&self, pos: Position) -> &Tile {
        &self.tiles[pos.y as usize][pos.x as usize]
    }
}

impl IndexMut<Position> for Map {
    fn index_mut(&mut self, pos: Position) -> &mut Tile {
        &mut self.tiles[pos.y as usize][pos.x as usize]
    }
}
