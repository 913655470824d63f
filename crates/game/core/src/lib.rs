//! The game around the tutorial's crates: what `rogue` adds to the C
//! tutorial's Part 4, kept out of the crates a reader follows.
//!
//! - every part of the tutorial ([`Part::ALL`]), played as the C original
//!   played it at the end of that part;
//! - the fields of view of the other tutorials (`rogue-fov-modes`);
//! - the choice of the C library whose `rand()` to reproduce ([`RngKind`]);
//! - a real terminal that is restored whatever ends the game, a signal,
//!   a panic or the end of input ([`Curses`], [`play`]);
//! - a headless terminal in memory ([`Headless`], [`replay`]), which plays
//!   the very code the game plays.
//!
//! The C original's own Part 4 (its field of view, its radius) is played by
//! the tutorial's `game_loop` itself ([`Game::tutorial`]).

#[cfg(windows)]
mod console;
// A real terminal: on Unix and Windows (in a web page, the page is the
// terminal, and `crates/web` plays the game there).
#[cfg(any(unix, windows))]
mod curses;
mod game;
mod headless;
mod part;
mod rng;
#[cfg(any(unix, windows))]
mod run;
#[cfg(unix)]
mod signals;

#[cfg(windows)]
pub use console::end_after;
#[cfg(any(unix, windows))]
pub use curses::{
    check_terminal, close_game, curses_setup, input_of_code, signal_received,
    watch_signals, Curses, Stop, KEYS_KEPT, MAX_TERMINAL, NO_COLOR_MESSAGE,
};
pub use game::{play_game, Game, GameConfig};
pub use headless::{replay, replay_typed, Cell, Headless, MemScreen, Typed};
pub use part::{MapKind, Part};
pub use rng::{CRandRng, RngKind, UnknownRng};
pub use rogue_engine::Terminal;
#[cfg(any(unix, windows))]
pub use run::{install_panic_hook, play, play_with, Ending, Outcome};
#[cfg(unix)]
pub use signals::{end_after, terminal_size};
