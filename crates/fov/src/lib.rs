//! The Rust twin of `fov.c`: the field of view of the C tutorial.
//!
//! Every function of this file is the C function of the same name, one to
//! one: the same loops, the same bounds, the same arithmetic, the same
//! quirks. The only difference is that the map is passed in (the C code
//! reads a global) and its size comes from the map itself (the game's map
//! is always `MAP_HEIGHT` by `MAP_WIDTH`, so the bounds are the C bounds).
//!
//@ game {
//! The game's `tutorial` field of view runs these functions:
//! [`Fov::make`] calls [`make_fov_within`] and [`Fov::clear`] calls
//! [`clear_fov_within`].
//!
//! The other tutorials' fields of view are offered beside it, as rows of
//! [`FovMode::ALL`], each computed by a sibling module: [`symmetric`] and
//! [`restrictive`] shadowcasting (libtcod), Caves of Zircon's [`rays`],
//! the Zircon Kotlin tutorial's [`zircon::lines`] and the BearLibTerminal
//! tutorial's [`radius`]. The C original's stays the default.

mod mode;
pub mod radius;
pub mod rays;
pub mod restrictive;
pub mod symmetric;
pub mod zircon;

pub use mode::{Algorithm, Fov, FovMode, UnknownFovMode};
//@ }

use rogue_types::{Entity, Map, Position};

/// The radius of the field of view (a local `int RADIUS = 15` in the C).
pub const RADIUS: i32 = 15;

/// `makeFOV`: marks the player's tile, then every tile of the square around
/// it that is closer than `RADIUS`, inside the map and in line of sight,
/// as visible and seen.
#[doc(alias = "makeFOV")]
pub fn make_fov(map: &mut Map, player: &Entity) {
    make_fov_within(map, player, RADIUS);
}

/// `makeFOV` with the radius as a parameter instead of the local
/// `RADIUS = 15`; otherwise the C code line for line.
//@ game {
/// The game's `--radius` gives the radius.
//@ }
#[doc(alias = "makeFOV")]
pub fn make_fov_within(map: &mut Map, player: &Entity, radius: i32) {
    let pos = player.pos;
    map[pos].visible = true;
    map[pos].seen = true;

    for y in pos.y - radius..pos.y + radius {
        for x in pos.x - radius..pos.x + radius {
            let target = Position::new(y, x);
            let distance = get_distance(pos, target);

            if distance < radius
                && is_in_map(map, y, x)
                && line_of_sight(map, pos, target)
            {
                map[target].visible = true;
                map[target].seen = true;
            }
        }
    }
}

/// `clearFOV`: marks every tile of the square around the player that is
/// inside the map as not visible.
#[doc(alias = "clearFOV")]
pub fn clear_fov(map: &mut Map, player: &Entity) {
    clear_fov_within(map, player, RADIUS);
}

/// `clearFOV` with the radius as a parameter instead of the local
/// `RADIUS = 15`; otherwise the C code line for line.
//@ game {
/// The game's `--radius` gives the radius.
//@ }
#[doc(alias = "clearFOV")]
pub fn clear_fov_within(map: &mut Map, player: &Entity, radius: i32) {
    let pos = player.pos;
    for y in pos.y - radius..pos.y + radius {
        for x in pos.x - radius..pos.x + radius {
            if is_in_map(map, y, x) {
                map[Position::new(y, x)].visible = false;
            }
        }
    }
}

/// `getDistance`: `floor(sqrt(dx² + dy²))`, computed in `f64` as the C
/// computes it in `double`. The square root is never negative, so the
/// conversion to `i32`, which truncates, is the C `floor`.
#[doc(alias = "getDistance")]
pub fn get_distance(origin: Position, target: Position) -> i32 {
    let dx = f64::from(target.x - origin.x);
    let dy = f64::from(target.y - origin.y);
    (dx * dx + dy * dy).sqrt() as i32
}

/// `isInMap`: whether `(y, x)` is inside the map's outer ring of tiles
/// (`0 < y < MAP_HEIGHT - 1 && 0 < x < MAP_WIDTH - 1`).
#[doc(alias = "isInMap")]
pub fn is_in_map(map: &Map, y: i32, x: i32) -> bool {
    (0 < y && y < map.height() - 1) && (0 < x && x < map.width() - 1)
}

/// `lineOfSight`: Steve Register's "simple line of sight", walking from the
/// target towards the origin. The target tile itself is never tested; the
/// walk stops at the first tile that is not transparent. A tile outside the
/// map counts as not transparent (the C original would read out of bounds;
/// on the game's map, whose border is never carved, it never gets there).
#[doc(alias = "lineOfSight")]
pub fn line_of_sight(map: &Map, origin: Position, target: Position) -> bool {
    let delta_x = origin.x - target.x;
    let delta_y = origin.y - target.y;

    let abs_delta_x = delta_x.abs();
    let abs_delta_y = delta_y.abs();

    let sign_x = get_sign(delta_x);
    let sign_y = get_sign(delta_y);

    let mut x = target.x;
    let mut y = target.y;

    if abs_delta_x > abs_delta_y {
        let mut t = abs_delta_y * 2 - abs_delta_x;
        loop {
            if t >= 0 {
                y += sign_y;
                t -= abs_delta_x * 2;
            }
            x += sign_x;
            t += abs_delta_y * 2;

            if x == origin.x && y == origin.y {
                return true;
            }
            if !map.is_transparent(y, x) {
                return false;
            }
        }
    } else {
        let mut t = abs_delta_x * 2 - abs_delta_y;
        loop {
            if t >= 0 {
                x += sign_x;
                t -= abs_delta_y * 2;
            }
            y += sign_y;
            t += abs_delta_x * 2;

            if x == origin.x && y == origin.y {
                return true;
            }
            if !map.is_transparent(y, x) {
                return false;
            }
        }
    }
}

/// `getSign`: -1 for a negative number, 1 otherwise (zero included).
#[doc(alias = "getSign")]
pub fn get_sign(a: i32) -> i32 {
    if a < 0 {
        -1
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::{ColorPair, VISIBLE_COLOR};

    fn map_of(rows: &[&str]) -> Map {
        Map::from_rows(rows, ColorPair::NONE)
    }

    fn player_at(y: i32, x: i32) -> Entity {
        Entity {
            pos: Position::new(y, x),
            ch: '@',
            color: VISIBLE_COLOR,
        }
    }

    #[test]
    fn distance_is_floored() {
        let o = Position::new(0, 0);
        assert_eq!(get_distance(o, Position::new(0, 0)), 0);
        assert_eq!(get_distance(o, Position::new(3, 4)), 5);
        assert_eq!(get_distance(o, Position::new(1, 1)), 1); // 1.414
        assert_eq!(get_distance(o, Position::new(-10, 11)), 14); // 14.866
        assert_eq!(get_distance(o, Position::new(9, 12)), 15);
        assert_eq!(
            get_distance(Position::new(5, 5), Position::new(-6, 15)),
            14
        );
        // 14.866
    }

    #[test]
    fn in_map_excludes_the_outer_ring() {
        let map = Map::walls(25, 100, ColorPair::NONE);
        assert!(is_in_map(&map, 1, 1));
        assert!(is_in_map(&map, 23, 98));
        for (y, x) in [(0, 5), (24, 5), (5, 0), (5, 99), (-1, 5), (5, 100)] {
            assert!(!is_in_map(&map, y, x), "({y}, {x})");
        }
    }

    #[test]
    fn sign_of_zero_is_one() {
        assert_eq!(get_sign(-3), -1);
        assert_eq!(get_sign(0), 1);
        assert_eq!(get_sign(7), 1);
    }

    #[test]
    fn sight_across_open_floor_and_onto_a_wall() {
        let map = map_of(&["#######", "#.....#", "#.....#", "#######"]);
        let origin = Position::new(1, 1);
        assert!(line_of_sight(&map, origin, Position::new(2, 5)));
        // The target is not tested: the wall at the far end is seen.
        assert!(line_of_sight(&map, origin, Position::new(1, 6)));
        assert!(line_of_sight(&map, origin, Position::new(3, 3)));
    }

    #[test]
    fn a_wall_between_blocks_sight() {
        let map = map_of(&["#######", "#..#..#", "#######"]);
        assert!(!line_of_sight(
            &map,
            Position::new(1, 1),
            Position::new(1, 5)
        ));
        assert!(line_of_sight(
            &map,
            Position::new(1, 1),
            Position::new(1, 3)
        ));
    }

    #[test]
    fn the_origin_is_reached_before_its_own_tile_is_read() {
        // The origin is a wall, yet it is reached.
        let map = map_of(&["#####", "#.#.#", "#####"]);
        assert!(line_of_sight(
            &map,
            Position::new(1, 2),
            Position::new(1, 1)
        ));
    }

    #[test]
    fn sight_is_not_symmetric() {
        // The walk from (1,3) to (2,1) passes (2,2); the walk the other way
        // passes (1,2), a wall.
        let map = map_of(&["######", "#.#..#", "#....#", "######"]);
        let a = Position::new(2, 1);
        let b = Position::new(1, 3);
        assert!(line_of_sight(&map, a, b));
        assert!(!line_of_sight(&map, b, a));
    }

    #[test]
    fn target_equal_to_origin_walks_away_down_right() {
        // It steps to (y+1, x+1) first and keeps going while transparent,
        // so it ends at the first wall down the diagonal and says false.
        let map = map_of(&["#####", "#...#", "#...#", "#...#", "#####"]);
        assert!(!line_of_sight(
            &map,
            Position::new(1, 1),
            Position::new(1, 1)
        ));
        // On an open map it walks out of the grid and stops there.
        let open = Map::filled(4, 4, {
            let mut t = rogue_types::Tile::wall(ColorPair::NONE);
            t.carve();
            t
        });
        assert!(!line_of_sight(
            &open,
            Position::new(0, 0),
            Position::new(0, 0)
        ));
    }

    #[test]
    fn make_fov_lights_the_room_and_its_walls_but_not_the_border() {
        let mut map = map_of(&["#######", "#.....#", "#.....#", "#######"]);
        make_fov(&mut map, &player_at(1, 2));
        let lit: Vec<String> = (0..4)
            .map(|y| {
                (0..7)
                    .map(|x| {
                        if map[Position::new(y, x)].visible {
                            'v'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect();
        // The outer ring is never in the map; the rest is lit.
        assert_eq!(lit, vec!["       ", " vvvvv ", " vvvvv ", "       "]);
        assert!(map.tiles().iter().all(|t| t.visible == t.seen));
    }

    #[test]
    fn make_fov_stops_short_of_the_radius() {
        let mut map = map_of(&[
            &"#".repeat(40),
            &format!("#{}#", ".".repeat(38)),
            &"#".repeat(40),
        ]);
        make_fov(&mut map, &player_at(1, 1));
        // distance < 15: columns 1..=15 are lit, 16 is not.
        assert!(map[Position::new(1, 15)].visible);
        assert!(!map[Position::new(1, 16)].visible);
    }

    #[test]
    fn clear_fov_clears_visible_but_keeps_seen() {
        let mut map = map_of(&["#######", "#.....#", "#######"]);
        let player = player_at(1, 3);
        make_fov(&mut map, &player);
        clear_fov(&mut map, &player);
        assert!(map.tiles().iter().all(|t| !t.visible));
        assert!(map[Position::new(1, 3)].seen && map[Position::new(1, 5)].seen);
    }
}
