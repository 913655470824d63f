//! The Rust twin of `engine.c` (and of the body of `main.c`): setting up
//! curses, the game loop, and closing the game.
//!
//! The loop is written once, [`game_loop`], against the [`Terminal`]
//! trait. The real terminal ([`Curses`]) and a headless one in memory
//! ([`Headless`]) both implement it, so a replay runs the very code the
//! game runs.

mod curses;
mod game;
mod headless;
mod part;

pub use curses::{
    check_terminal, close_game, curses_setup, restore_terminal_on_signals, Curses, NO_COLOR_MESSAGE,
};
pub use game::{game_loop, Game, GameConfig, Terminal};
pub use headless::{replay, Headless};
pub use part::{MapKind, Part};
