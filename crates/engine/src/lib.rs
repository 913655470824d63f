//! The Rust twin of `engine.c` (and of the body of `main.c`): setting up
//! curses, the game loop, and closing the game.
//!
//! The loop is written once, [`game_loop`], against the [`Terminal`]
//! trait. The real terminal ([`Curses`]) and a headless one in memory
//! ([`Headless`]) both implement it, so a replay runs the very code the
//! game runs.

#[cfg(feature = "curses")]
mod curses;
mod game;
mod headless;
mod part;
#[cfg(feature = "curses")]
mod run;
#[cfg(all(unix, feature = "curses"))]
mod signals;

#[cfg(feature = "curses")]
pub use curses::{
    check_terminal, close_game, curses_setup, key_of_code, key_of_input, signal_received,
    watch_signals, Curses, Stop, KEYS_KEPT, MAX_TERMINAL, NO_COLOR_MESSAGE,
};
pub use game::{game_loop, Game, GameConfig, Terminal};
pub use headless::{replay, Headless};
pub use part::{MapKind, Part};
#[cfg(feature = "curses")]
pub use run::{install_panic_hook, play, play_with, Ending, Outcome};
#[cfg(all(unix, feature = "curses"))]
pub use signals::{reraise, terminal_size};
