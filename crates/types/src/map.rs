//! The dungeon grid: the C global `Tile** map`, as a value.

use std::ops::{Index, IndexMut};

//@ part 2-3: use crate::{Position, Tile};
use crate::{ColorPair, Position, Tile}; //@ part 4+

/// A grid of tiles, `height` rows by `width` columns, indexed `map[pos]`.
///
/// The game's map is always `MAP_HEIGHT` by `MAP_WIDTH`.
//@ game {
/// Other sizes exist for tests and benchmarks of the field of view.
//@ }
/// It owns its tiles, so C's `freeMap` has no twin: the tiles are freed
/// when the map is dropped.
#[doc(alias = "map")]
#[doc(alias = "freeMap")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    height: i32,
    width: i32,
    tiles: Vec<Tile>,
}

impl Map {
    /// A map of the given size where every tile is `tile`.
    ///
    /// # Panics
    /// If `height` or `width` is not positive.
    pub fn filled(height: i32, width: i32, tile: Tile) -> Self {
        assert!(height > 0 && width > 0, "a map needs rows and columns");
        Map {
            height,
            width,
            tiles: vec![tile; (height * width) as usize],
        }
    }

    /// A map of walls.
    //@ part 4+ {
    /// From Part 4 they are of the given colour pair.
    //@ }
    //@ part 2-3: pub fn walls(height: i32, width: i32) -> Self {
    //@ part 2-3:     Self::filled(height, width, Tile::wall())
    pub fn walls(height: i32, width: i32, color: ColorPair) -> Self {
        //@ part 4+
        Self::filled(height, width, Tile::wall(color)) //@ part 4+
    }

    //@ game {
    /// A map drawn as text, one string per row: `.` is floor (carved),
    /// anything else a wall. Handy for tests and examples.
    ///
    /// # Panics
    /// If there are no rows or the first row is empty.
    pub fn from_rows(rows: &[&str], color: ColorPair) -> Self {
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut map = Self::walls(rows.len() as i32, width as i32, color);
        for (y, row) in (0..).zip(rows) {
            for (x, ch) in (0..).zip(row.chars()) {
                if ch == '.' {
                    if let Some(tile) = map.get_mut(y, x) {
                        tile.carve();
                    }
                }
            }
        }
        map
    }
    //@ }

    /// Number of rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// Number of columns.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Whether `(y, x)` is a cell of the grid (any cell, border included).
    pub fn contains(&self, y: i32, x: i32) -> bool {
        // One unsigned comparison per axis: negative numbers wrap to huge ones.
        (y as u32) < (self.height as u32) && (x as u32) < (self.width as u32)
    }

    /// The tile at `(y, x)`, or `None` outside the grid.
    pub fn get(&self, y: i32, x: i32) -> Option<&Tile> {
        self.index_of(y, x).map(|i| &self.tiles[i])
    }

    /// The tile at `(y, x)` for changing, or `None` outside the grid.
    pub fn get_mut(&mut self, y: i32, x: i32) -> Option<&mut Tile> {
        self.index_of(y, x).map(|i| &mut self.tiles[i])
    }

    //@ part 4+ {
    /// Whether sight passes through `(y, x)`; cells outside the grid block it.
    #[inline]
    pub fn is_transparent(&self, y: i32, x: i32) -> bool {
        self.get(y, x).is_some_and(|t| t.transparent)
    }
    //@ }

    /// All tiles, row by row.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// All tiles, row by row, for changing.
    pub fn tiles_mut(&mut self) -> &mut [Tile] {
        &mut self.tiles
    }

    /// One row of tiles.
    ///
    /// # Panics
    /// If `y` is not a row of the grid.
    pub fn row(&self, y: i32) -> &[Tile] {
        assert!((0..self.height).contains(&y), "row {y} outside the map");
        let start = (y * self.width) as usize;
        &self.tiles[start..start + self.width as usize]
    }

    /// The offset of `(y, x)` in [`Map::tiles`], or `None` outside the grid.
    #[inline]
    pub fn index_of(&self, y: i32, x: i32) -> Option<usize> {
        self.contains(y, x).then(|| (y * self.width + x) as usize)
    }
}

impl Index<Position> for Map {
    type Output = Tile;

    #[inline]
    fn index(&self, pos: Position) -> &Tile {
        match self.index_of(pos.y, pos.x) {
            Some(i) => &self.tiles[i],
            None => outside(pos, self.width, self.height),
        }
    }
}

impl IndexMut<Position> for Map {
    #[inline]
    fn index_mut(&mut self, pos: Position) -> &mut Tile {
        match self.index_of(pos.y, pos.x) {
            Some(i) => &mut self.tiles[i],
            None => outside(pos, self.width, self.height),
        }
    }
}

#[cold]
#[track_caller]
fn outside(pos: Position, width: i32, height: i32) -> ! {
    panic!("{pos:?} is outside the {width}x{height} map")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MAP_HEIGHT, MAP_WIDTH, VISIBLE_COLOR};

    #[test]
    fn new_map_is_all_walls() {
        let map = Map::walls(MAP_HEIGHT, MAP_WIDTH, VISIBLE_COLOR);
        assert_eq!(map.tiles().len(), 2500);
        assert!(map.tiles().iter().all(|t| *t == Tile::wall(VISIBLE_COLOR)));
    }

    #[test]
    fn get_is_none_outside_and_index_is_row_major() {
        let mut map = Map::walls(3, 4, ColorPair::NONE);
        map[Position::new(1, 2)].carve();
        assert_eq!(map.tiles()[6].ch, '.');
        assert_eq!(map.row(1)[2].ch, '.');
        for (y, x) in [(-1, 0), (0, -1), (3, 0), (0, 4)] {
            assert!(map.get(y, x).is_none(), "({y}, {x})");
            assert!(!map.is_transparent(y, x));
        }
        assert!(map.is_transparent(1, 2));
    }

    #[test]
    fn from_rows_carves_the_dots() {
        let map = Map::from_rows(&["#.#", "..#"], ColorPair::NONE);
        let floor: Vec<bool> = map
            .tiles()
            .iter()
            .map(|t| t.walkable && t.transparent)
            .collect();
        assert_eq!(floor, vec![false, true, false, true, true, false]);
    }

    #[test]
    #[should_panic(expected = "outside the 4x3 map")]
    fn index_outside_panics_with_the_position() {
        let map = Map::walls(3, 4, ColorPair::NONE);
        let _ = map[Position::new(3, 0)];
    }
}
