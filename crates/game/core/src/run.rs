//! A whole run in the terminal: the body of the C `main()`, and how it
//! ended.

use pancurses::Input;

use crate::curses::{close_game, curses_setup, signal_received, Curses, Stop};
use crate::game::{play_game, Game, GameConfig};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A key ended the loop: `q` or NUL.
    Key(char),
    /// Standard input ended.
    EndOfInput,
    /// A signal ended it (its number); the caller ends the process as the
    /// signal would have, once the terminal is restored.
    Signal(i32),
    /// The terminal has no colours: the C message was shown.
    NoColors,
    /// Part 0: curses started and ended at once.
    NoGame,
}

/// What a run was: how it ended, the characters typed (the first
/// [`crate::KEYS_KEPT`]) and the screen's size at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub ending: Ending,
    /// The characters typed, in order.
    pub keys: Vec<char>,
    /// The screen's size when the game started, `(rows, cols)`.
    pub size: (i32, i32),
}

/// The body of the C's `main()` for the part of `config`: sets up curses,
/// seeds `rand()`, builds the dungeon, plays the game loop and closes the
/// game. The terminal is restored when this returns, whichever way the
/// game ended; a signal that came at any time is the ending.
#[doc(alias = "main")]
pub fn play(config: &GameConfig) -> Outcome {
    let mut outcome = play_with(config, play_game);
    if let Some(signal) = signal_received() {
        outcome.ending = Ending::Signal(signal);
    }
    outcome
}

/// [`play`], with the loop given: `run(curses, game)` plays and returns the
/// key that ended the loop, if any (tests use it to play through a
/// terminal of their own).
pub fn play_with(
    config: &GameConfig,
    run: impl FnOnce(&mut Curses, &mut Game) -> Option<Input>,
) -> Outcome {
    let part = config.part;
    if !part.plays {
        close_game(Curses::initscr());
        return Outcome {
            ending: Ending::NoGame,
            keys: Vec::new(),
            size: (0, 0),
        };
    }
    let Some(mut curses) = curses_setup(part.color) else {
        return Outcome {
            ending: Ending::NoColors,
            keys: Vec::new(),
            size: (0, 0),
        };
    };
    let size = curses.size();
    let mut game = Game::new(config);
    let ending = ending(run(&mut curses, &mut game), &curses);
    let keys = curses.keys().to_vec();
    close_game(curses);
    Outcome { ending, keys, size }
}

/// How the loop ended: the key that ended it, else why no key came.
fn ending(key: Option<Input>, curses: &Curses) -> Ending {
    match (key, curses.stop()) {
        (Some(Input::Character(c)), _) => Ending::Key(c),
        (_, Some(Stop::Signal(signal))) => Ending::Signal(signal),
        _ => Ending::EndOfInput,
    }
}

/// Restores the terminal before a panic message is printed, so that the
/// message is not lost on the curses screen. The restore is the same one
/// every other way out goes through.
pub fn install_panic_hook() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        Curses::restore_terminal();
        default_hook(info);
    }));
}
