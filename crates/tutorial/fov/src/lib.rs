//! The Rust twin of `fov.c`: what the player sees, within a radius of 15,
//! by a line of sight to every tile.

use rogue_types::{Entity, Map, Position, MAP_HEIGHT, MAP_WIDTH};

/// How far the player sees (the C's `int RADIUS = 15` of `makeFOV` and
/// `clearFOV`).
const RADIUS: i32 = 15;

/// `makeFOV`: lights the player's tile, and every tile of the square
/// around it that is nearer than `RADIUS`, in the map and in sight.
#[doc(alias = "makeFOV")]
pub fn make_fov(map: &mut Map, player: &Entity) {
    let pos = player.pos;
    map[pos].visible = true;
    map[pos].seen = true;

    for y in pos.y - RADIUS..pos.y + RADIUS {
        for x in pos.x - RADIUS..pos.x + RADIUS {
            let target = Position { y, x };
            let distance = get_distance(pos, target);

            if distance < RADIUS
                && is_in_map(y, x)
                && line_of_sight(map, pos, target)
            {
                map[target].visible = true;
                map[target].seen = true;
            }
        }
    }
}

/// `clearFOV`: darkens the square around the player again; what was seen
/// stays seen.
#[doc(alias = "clearFOV")]
pub fn clear_fov(map: &mut Map, player: &Entity) {
    let pos = player.pos;
    for y in pos.y - RADIUS..pos.y + RADIUS {
        for x in pos.x - RADIUS..pos.x + RADIUS {
            if is_in_map(y, x) {
                map[Position { y, x }].visible = false;
            }
        }
    }
}

/// `getDistance`: the distance between two places, rounded down.
#[doc(alias = "getDistance")]
pub fn get_distance(origin: Position, target: Position) -> i32 {
    let dx = f64::from(target.x - origin.x);
    let dy = f64::from(target.y - origin.y);
    (dx * dx + dy * dy).sqrt().floor() as i32
}

/// `isInMap`: whether (`y`, `x`) is inside the map's outer ring of walls.
#[doc(alias = "isInMap")]
pub fn is_in_map(y: i32, x: i32) -> bool {
    (0 < y && y < MAP_HEIGHT - 1) && (0 < x && x < MAP_WIDTH - 1)
}

/// `lineOfSight`: walks from `target` to `origin` one tile at a time
/// (Bresenham's line), and sees it if every tile on the way, `target`
/// itself not tested, lets sight through.
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
            if !map[Position { y, x }].transparent {
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
            if !map[Position { y, x }].transparent {
                return false;
            }
        }
    }
}

/// `getSign`: -1 for a negative number, else 1.
#[doc(alias = "getSign")]
pub fn get_sign(a: i32) -> i32 {
    if a < 0 {
        -1
    } else {
        1
    }
}
