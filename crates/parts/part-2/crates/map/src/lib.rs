//! The Rust twin of `map.c`: the dungeon's tiles, and its one room.

use rogue_types::{Map, Position, Tile, MAP_HEIGHT, MAP_WIDTH};

/// `createMapTiles`: a dungeon of walls. (`freeMap` has no twin: the map
/// is freed when it goes out of scope.)
#[doc(alias = "createMapTiles")]
pub fn create_map_tiles() -> Map {
    let wall = Tile {
        ch: '#',
        walkable: false,
    };
    Map {
        tiles: vec![vec![wall; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
    }
}

/// `setupMap`: one room, rows 5 to 14 and columns 40 to 59, where the
/// player starts, at (10, 50).
#[doc(alias = "setupMap")]
pub fn setup_map(map: &mut Map) -> Position {
    let start_pos = Position { y: 10, x: 50 };
    for y in 5..15 {
        for x in 40..60 {
            let tile = &mut map[Position { y, x }];
            tile.ch = '.';
            tile.walkable = true;
        }
    }
    start_pos
}
