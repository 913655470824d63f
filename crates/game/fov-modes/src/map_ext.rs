//! The map as the fields of view read it: any size, tiles by place or by
//! index, row by row.

use rogue_types::{Map, Position, Tile};

/// What the fields of view ask of a map, beyond the tutorial's `map[pos]`.
pub trait MapExt {
    /// Rows.
    fn height(&self) -> i32;
    /// Columns.
    fn width(&self) -> i32;
    /// Whether (`y`, `x`) is a tile of the map.
    fn contains(&self, y: i32, x: i32) -> bool;
    /// The tile at (`y`, `x`), if there is one.
    fn get(&self, y: i32, x: i32) -> Option<&Tile>;
    /// Whether sight passes (`y`, `x`): not outside the map.
    fn is_transparent(&self, y: i32, x: i32) -> bool;
    /// The index of (`y`, `x`), row by row, if it is on the map.
    fn index_of(&self, y: i32, x: i32) -> Option<usize>;
    /// The tile of an index of [`MapExt::index_of`].
    fn tile(&self, index: usize) -> &Tile;
    /// The tile of an index of [`MapExt::index_of`], to change.
    fn tile_mut(&mut self, index: usize) -> &mut Tile;
}

impl MapExt for Map {
    fn height(&self) -> i32 {
        self.tiles.len() as i32
    }

    fn width(&self) -> i32 {
        self.tiles.first().map_or(0, Vec::len) as i32
    }

    fn contains(&self, y: i32, x: i32) -> bool {
        (y as u32) < (self.height() as u32)
            && (x as u32) < (self.width() as u32)
    }

    fn get(&self, y: i32, x: i32) -> Option<&Tile> {
        self.contains(y, x)
            .then(|| &self.tiles[y as usize][x as usize])
    }

    fn is_transparent(&self, y: i32, x: i32) -> bool {
        self.get(y, x).is_some_and(|t| t.transparent)
    }

    fn index_of(&self, y: i32, x: i32) -> Option<usize> {
        self.contains(y, x).then(|| (y * self.width() + x) as usize)
    }

    fn tile(&self, index: usize) -> &Tile {
        let width = self.width() as usize;
        &self.tiles[index / width][index % width]
    }

    fn tile_mut(&mut self, index: usize) -> &mut Tile {
        let width = self.width() as usize;
        &mut self.tiles[index / width][index % width]
    }
}

/// The place at row `y`, column `x`.
pub const fn yx(y: i32, x: i32) -> Position {
    Position { y, x }
}

/// A wall, as `createMapTiles` makes every tile, with no colour.
pub const fn wall() -> Tile {
    Tile {
        ch: '#',
        color: 0,
        walkable: false,
        transparent: false,
        visible: false,
        seen: false,
    }
}

/// Floor, as rooms and corridors make it.
pub const fn floor() -> Tile {
    Tile {
        ch: '.',
        walkable: true,
        transparent: true,
        ..wall()
    }
}

/// A map of `height` by `width` tiles, all `tile`.
pub fn filled(height: i32, width: i32, tile: Tile) -> Map {
    assert!(height > 0 && width > 0, "a map needs rows and columns");
    Map {
        tiles: vec![vec![tile; width as usize]; height as usize],
    }
}

/// A map of `height` by `width` walls.
pub fn walls(height: i32, width: i32) -> Map {
    filled(height, width, wall())
}

/// A map drawn as text: `.` is floor, anything else a wall.
pub fn from_rows(rows: &[&str]) -> Map {
    let width = rows.first().map_or(0, |r| r.chars().count());
    let mut map = walls(rows.len() as i32, width as i32);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '.' {
                map.tiles[y][x] = floor();
            }
        }
    }
    map
}
