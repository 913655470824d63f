//! The Rust twin of `engine.c` (and of the body of `main.c`): setting up
//! curses, the game loop, and closing the game.
//!
//! The loop is written once, [`game_loop`], against the [`Terminal`]
//! trait, which the real terminal ([`Curses`]) implements.
//@ game {
//! A headless one in memory ([`Headless`]) implements it too, so a replay
//! runs the very code the game runs.
//@ }
//@ part 1-1 {
//!
//! `engine.c` comes in Part 2; Part 1's `main()` sets up curses and loops
//! itself. In Rust the terminal is one value that restores itself on every
//! way out (a key, a signal, a panic), so it lives here from Part 1 on.
//@ }

//@ game {
#[cfg(all(windows, feature = "curses"))]
mod console;
#[cfg(feature = "curses")]
mod curses;
mod game;
mod headless;
mod part;
#[cfg(feature = "curses")]
mod run;
#[cfg(all(unix, feature = "curses"))]
mod signals;

#[cfg(all(windows, feature = "curses"))]
pub use console::reraise;
#[cfg(feature = "curses")]
pub use curses::{
    check_terminal, close_game, curses_setup, key_of_code, key_of_input,
    signal_received, watch_signals, Curses, Stop, KEYS_KEPT, MAX_TERMINAL,
    NO_COLOR_MESSAGE,
};
pub use game::{game_loop, Game, GameConfig, Terminal};
pub use headless::{replay, Headless};
pub use part::{MapKind, Part};
#[cfg(feature = "curses")]
pub use run::{install_panic_hook, play, play_with, Ending, Outcome};
#[cfg(all(unix, feature = "curses"))]
pub use signals::{reraise, terminal_size};
//@ }
//@ part 1-4: mod curses;
//@ part 1-4: mod game;
//@ part 1-4: mod run;
//@ part 1-4: #[cfg(unix)]
//@ part 1-4: mod signals;
//@ part 1-4: #[cfg(windows)]
//@ part 1-4: mod console;
//@ part 1-4:
//@ part 1-4: pub use curses::{
//@ part 1-4:     check_terminal, close_game, curses_setup, key_of_code, key_of_input,
//@ part 1-4:     signal_received, watch_signals, Curses, Stop, MAX_TERMINAL,
//@ part 1-4: };
//@ part 4-4: pub use curses::NO_COLOR_MESSAGE;
//@ part 1-2: pub use game::{game_loop, Game, Terminal};
//@ part 3-4: pub use game::{game_loop, Game, GameConfig, Terminal};
//@ part 1-4: pub use run::{install_panic_hook, play, Ending};
//@ part 1-4: #[cfg(unix)]
//@ part 1-4: pub use signals::{reraise, terminal_size};
//@ part 1-4: #[cfg(windows)]
//@ part 1-4: pub use console::reraise;
