//! `fov.c`'s functions, quirks included, on a dungeon of the game's size.

use rogue_fov::{
    clear_fov, get_distance, get_sign, is_in_map, line_of_sight, make_fov,
};
use rogue_map::create_map_tiles;
use rogue_types::{Entity, Map, Position, MAP_HEIGHT, MAP_WIDTH};

/// The game's dungeon of walls with `rows` drawn in its top left corner:
/// `.` is floor, anything else a wall.
fn map_of(rows: &[&str]) -> Map {
    let mut map = create_map_tiles();
    for (y, row) in (0..).zip(rows) {
        for (x, ch) in (0..).zip(row.chars()) {
            if ch == '.' {
                let tile = &mut map[at(y, x)];
                tile.ch = '.';
                tile.walkable = true;
                tile.transparent = true;
            }
        }
    }
    map
}

fn at(y: i32, x: i32) -> Position {
    Position { y, x }
}

fn player_at(y: i32, x: i32) -> Entity {
    Entity {
        pos: at(y, x),
        ch: '@',
        color: 0,
    }
}

#[test]
fn distance_is_rounded_down() {
    let o = at(0, 0);
    assert_eq!(get_distance(o, at(0, 0)), 0);
    assert_eq!(get_distance(o, at(3, 4)), 5);
    assert_eq!(get_distance(o, at(1, 1)), 1); // 1.414
    assert_eq!(get_distance(o, at(-10, 11)), 14); // 14.866
    assert_eq!(get_distance(o, at(9, 12)), 15);
}

#[test]
fn in_map_leaves_out_the_outer_ring() {
    assert!(is_in_map(1, 1));
    assert!(is_in_map(MAP_HEIGHT - 2, MAP_WIDTH - 2));
    for (y, x) in [(0, 5), (24, 5), (5, 0), (5, 99), (-1, 5), (5, 100)] {
        assert!(!is_in_map(y, x), "({y}, {x})");
    }
}

#[test]
fn the_sign_of_zero_is_one() {
    assert_eq!(get_sign(-3), -1);
    assert_eq!(get_sign(0), 1);
    assert_eq!(get_sign(7), 1);
}

#[test]
fn sight_crosses_floor_and_reaches_a_wall() {
    let map = map_of(&["#######", "#.....#", "#.....#", "#######"]);
    assert!(line_of_sight(&map, at(1, 1), at(2, 5)));
    // The target is not tested: the wall at the far end is seen.
    assert!(line_of_sight(&map, at(1, 1), at(1, 6)));
    assert!(line_of_sight(&map, at(1, 1), at(3, 3)));
}

#[test]
fn a_wall_between_blocks_sight() {
    let map = map_of(&["#######", "#..#..#", "#######"]);
    assert!(!line_of_sight(&map, at(1, 1), at(1, 5)));
    assert!(line_of_sight(&map, at(1, 1), at(1, 3)));
}

#[test]
fn sight_is_not_symmetric() {
    // The walk from (1,3) to (2,1) passes (2,2); the walk the other way
    // passes (1,2), a wall.
    let map = map_of(&["######", "#.#..#", "#....#", "######"]);
    assert!(line_of_sight(&map, at(2, 1), at(1, 3)));
    assert!(!line_of_sight(&map, at(1, 3), at(2, 1)));
}

#[test]
fn a_target_on_the_origin_walks_away_down_right() {
    // It steps to (y+1, x+1) first and goes on while sight passes, so it
    // ends at the first wall down the diagonal and says no.
    let map = map_of(&["#####", "#...#", "#...#", "#...#", "#####"]);
    assert!(!line_of_sight(&map, at(1, 1), at(1, 1)));
}

#[test]
fn make_fov_lights_the_room_and_its_walls_but_not_the_outer_ring() {
    let mut map = map_of(&["#######", "#.....#", "#.....#", "#######"]);
    make_fov(&mut map, &player_at(1, 2));
    let lit: Vec<String> = (0..4)
        .map(|y| {
            (0..7)
                .map(|x| if map[at(y, x)].visible { 'v' } else { ' ' })
                .collect()
        })
        .collect();
    // Row 0 and column 0 are the outer ring; the walls past the room are
    // lit.
    assert_eq!(lit, vec!["       ", " vvvvvv", " vvvvvv", " vvvvvv"]);
    assert!(map.tiles.iter().flatten().all(|t| t.visible == t.seen));
}

#[test]
fn make_fov_stops_short_of_the_radius() {
    let corridor = format!("#{}#", ".".repeat(38));
    let mut map = map_of(&[&"#".repeat(40), &corridor, &"#".repeat(40)]);
    make_fov(&mut map, &player_at(1, 1));
    // distance < 15: columns 1..=15 are lit, 16 is not.
    assert!(map[at(1, 15)].visible);
    assert!(!map[at(1, 16)].visible);
}

#[test]
fn clear_fov_clears_what_is_visible_but_keeps_what_was_seen() {
    let mut map = map_of(&["#######", "#.....#", "#######"]);
    let player = player_at(1, 3);
    make_fov(&mut map, &player);
    clear_fov(&mut map, &player);
    assert!(map.tiles.iter().flatten().all(|t| !t.visible));
    assert!(map[at(1, 3)].seen && map[at(1, 5)].seen);
}
