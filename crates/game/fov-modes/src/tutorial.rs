//! The C tutorial's field of view (`fov.c`) at another radius than its
//! own: `--fov tutorial --radius N`. At its own radius the game calls
//! `rogue-fov` itself.

use rogue_fov::{get_distance, is_in_map, line_of_sight};
use rogue_types::{Entity, Map, Position};

/// `makeFOV` with `radius` for its `RADIUS`.
pub fn make_within(map: &mut Map, player: &Entity, radius: i32) {
    let pos = player.pos;
    map[pos].visible = true;
    map[pos].seen = true;
    for y in pos.y - radius..pos.y + radius {
        for x in pos.x - radius..pos.x + radius {
            let target = Position { y, x };
            if get_distance(pos, target) < radius
                && is_in_map(y, x)
                && line_of_sight(map, pos, target)
            {
                map[target].visible = true;
                map[target].seen = true;
            }
        }
    }
}

/// `clearFOV` with `radius` for its `RADIUS`.
pub fn clear_within(map: &mut Map, player: &Entity, radius: i32) {
    let pos = player.pos;
    for y in pos.y - radius..pos.y + radius {
        for x in pos.x - radius..pos.x + radius {
            if is_in_map(y, x) {
                map[Position { y, x }].visible = false;
            }
        }
    }
}
