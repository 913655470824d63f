//! The Rust twin of `player.c`: the player, and its moves.

use pancurses::{chtype, Input, COLOR_PAIR};
use rogue_fov::{clear_fov, make_fov};
use rogue_types::{Entity, Map, Position, VISIBLE_COLOR};

/// `createPlayer`: the player, a white `@` at `start_pos`.
#[doc(alias = "createPlayer")]
pub fn create_player(start_pos: Position) -> Entity {
    Entity {
        pos: start_pos,
        ch: '@',
        color: COLOR_PAIR(VISIBLE_COLOR as chtype),
    }
}

/// `handleInput`: `k` up, `j` down, `h` left, `l` right; any other key
/// stays in place.
#[doc(alias = "handleInput")]
pub fn handle_input(input: Input, map: &mut Map, player: &mut Entity) {
    let mut new_pos = player.pos;
    match input {
        Input::Character('k') => new_pos.y -= 1,
        Input::Character('j') => new_pos.y += 1,
        Input::Character('h') => new_pos.x -= 1,
        Input::Character('l') => new_pos.x += 1,
        _ => {}
    }
    move_player(new_pos, map, player);
}

/// `movePlayer`: the player moves only onto a walkable tile, and then
/// sees from there.
#[doc(alias = "movePlayer")]
pub fn move_player(new_pos: Position, map: &mut Map, player: &mut Entity) {
    if map[new_pos].walkable {
        clear_fov(map, player);
        player.pos = new_pos;
        make_fov(map, player);
    }
}
