//! The Rust twin of `main.c`: Part 2 of the C roguelike tutorial, a map
//! with one room.

use rogue_engine::{close_game, curses_setup, game_loop};
use rogue_map::{create_map_tiles, setup_map};
use rogue_player::create_player;

/// `main`: sets curses up, builds the map, plays, and closes the game.
fn main() {
    let mut window = curses_setup();

    let mut map = create_map_tiles();
    let start_pos = setup_map(&mut map);
    let mut player = create_player(start_pos);

    game_loop(&mut window, &map, &mut player);

    close_game();
}
