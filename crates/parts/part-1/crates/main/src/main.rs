//! The Rust twin of `main.c`: Part 1 of the C roguelike tutorial, an `@`
//! that moves.

use pancurses::{curs_set, endwin, initscr, noecho, Input};
use rogue_player::{create_player, handle_input};
use rogue_types::Position;

/// `main`: starts curses, then moves and draws the player with each key
/// until `q` (or a NUL, where the C's `while (ch = getch())` stops too). It
/// also stops when no key can come any more, where the C would spin.
fn main() {
    let start_pos = Position { y: 10, x: 20 };

    let window = initscr();
    noecho();
    curs_set(0);

    let mut player = create_player(start_pos);
    window.mvaddch(player.pos.y, player.pos.x, player.ch);

    while let Some(input) = window.getch() {
        if input == Input::Character('q') || input == Input::Character('\0') {
            break;
        }
        handle_input(input, &mut player);
        window.clear();
        window.mvaddch(player.pos.y, player.pos.x, player.ch);
    }

    endwin();
}
