//! The Rust twin of `player.c`: the player, and its moves.

use pancurses::Input;
use rogue_types::{Entity, Map, Position};

/// `createPlayer`: the player, an `@` at `start_pos`.
#[doc(alias = "createPlayer")]
pub fn create_player(start_pos: Position) -> Entity {
    Entity {
        pos: start_pos,
        ch: '@',
    }
}

/// `handleInput`: `k` up, `j` down, `h` left, `l` right; any other key
/// stays in place.
#[doc(alias = "handleInput")]
pub fn handle_input(input: Input, map: &Map, player: &mut Entity) {
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

/// `movePlayer`: the player moves only onto a walkable tile.
#[doc(alias = "movePlayer")]
pub fn move_player(new_pos: Position, map: &Map, player: &mut Entity) {
    if map[new_pos].walkable {
        player.pos = new_pos;
    }
}
