//! The Rust twin of `map.c`: the dungeon's tiles, and its rooms.

use pancurses::{chtype, COLOR_PAIR};
use rogue_crand::Rand;
use rogue_room::{add_room_to_map, connect_room_centers, create_room};
use rogue_types::{Map, Position, Tile, MAP_HEIGHT, MAP_WIDTH, VISIBLE_COLOR};

/// `createMapTiles`: a dungeon of walls, unseen, drawn white when seen.
/// (`freeMap` has no twin: the map is freed when it goes out of scope.)
#[doc(alias = "createMapTiles")]
pub fn create_map_tiles() -> Map {
    let wall = Tile {
        ch: '#',
        color: COLOR_PAIR(VISIBLE_COLOR as chtype),
        walkable: false,
        transparent: false,
        visible: false,
        seen: false,
    };
    Map {
        tiles: vec![vec![wall; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
    }
}

/// `setupMap`: 5 to 15 rooms of random place and size, each joined to the
/// one before; the player starts in the middle of the first. `rng` is the
/// C's `rand()`.
#[doc(alias = "setupMap")]
pub fn setup_map(map: &mut Map, rng: &mut Rand) -> Position {
    let n_rooms = rng.rand() % 11 + 5;
    let mut rooms = Vec::new();
    for i in 0..n_rooms as usize {
        let y = rng.rand() % (MAP_HEIGHT - 10) + 1;
        let x = rng.rand() % (MAP_WIDTH - 20) + 1;
        let height = rng.rand() % 7 + 3;
        let width = rng.rand() % 15 + 5;
        rooms.push(create_room(y, x, height, width));
        add_room_to_map(map, rooms[i]);

        if i > 0 {
            connect_room_centers(map, rooms[i - 1].center, rooms[i].center);
        }
    }
    rooms[0].center
}
