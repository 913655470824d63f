//! The Rust twin of `engine.c`: curses set-up, the game loop, and the end.

use pancurses::{curs_set, endwin, initscr, noecho, Input, Window};
use rogue_draw::{draw_everything, Screen};
use rogue_player::handle_input;
use rogue_types::{Entity, Map};

/// A screen that also reads keys: what `gameLoop` asks of curses.
pub trait Terminal: Screen {
    /// `getch()`: shows what was drawn and waits for a key; `None` when
    /// no key can come any more.
    fn getch(&mut self) -> Option<Input>;
}

impl Terminal for Window {
    fn getch(&mut self) -> Option<Input> {
        Window::getch(self)
    }
}

/// `cursesSetup`: starts curses, with no echo and no cursor. Returns the
/// screen.
#[doc(alias = "cursesSetup")]
pub fn curses_setup() -> Window {
    let window = initscr();
    noecho();
    curs_set(0);
    window
}

/// `gameLoop`: draws, then handles and draws each key until `q` (or a
/// NUL, where the C's `while (ch = getch())` stops too). It also stops when
/// no key can come any more, where the C would spin.
#[doc(alias = "gameLoop")]
pub fn game_loop(term: &mut impl Terminal, map: &Map, player: &mut Entity) {
    draw_everything(term, map, player);

    while let Some(input) = term.getch() {
        if input == Input::Character('q') || input == Input::Character('\0') {
            break;
        }
        handle_input(input, map, player);
        draw_everything(term, map, player);
    }
}

/// `closeGame`: ends curses. (The C also frees the player, which it
/// `calloc`ed; here the player is a plain value, with nothing to free.)
#[doc(alias = "closeGame")]
pub fn close_game() {
    endwin();
}
