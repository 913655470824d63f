//! The Rust twin of `player.c`: the player, and its moves.

use pancurses::Input;
use rogue_types::{Entity, Position};

/// `createPlayer`: the player, an `@` at `start_pos`.
#[doc(alias = "createPlayer")]
pub fn create_player(start_pos: Position) -> Entity {
    Entity {
        pos: start_pos,
        ch: '@',
    }
}

/// `handleInput`: `k` up, `j` down, `h` left, `l` right; any other key
/// stays in place. There is no map yet: nothing stops the player, not
/// even the edge of the screen.
#[doc(alias = "handleInput")]
pub fn handle_input(input: Input, player: &mut Entity) {
    match input {
        Input::Character('k') => player.pos.y -= 1,
        Input::Character('j') => player.pos.y += 1,
        Input::Character('h') => player.pos.x -= 1,
        Input::Character('l') => player.pos.x += 1,
        _ => {}
    }
}
