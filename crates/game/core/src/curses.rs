//! The real terminal, through `pancurses`: the game's session, making the
//! calls of the tutorial's `cursesSetup` and `closeGame` with the guard
//! that restores the terminal whatever ends the game.
//!
//! Curses is touched from the main thread only. Signals are recorded by
//! their handlers ([`crate::signals`] on Unix) and seen by [`Curses`] when
//! the game waits for a key; the loop then ends, and the terminal is
//! restored once, by [`Curses::restore_terminal`], whichever way the
//! program ends: `q`, the end of input, a signal or a panic.

use std::sync::Mutex;

use pancurses::{chtype, Input};
use rogue_draw::Screen;
use rogue_engine::Terminal;
use rogue_types::{SEEN_COLOR, VISIBLE_COLOR};

// PDCurses' console backend reads the registry (`RegOpenKeyExW` in
// `pdcscrn.c`): MSVC links `advapi32` by default, MinGW does not.
#[cfg(all(windows, target_env = "gnu"))]
#[link(name = "advapi32")]
extern "C" {}

/// Whether curses owns the terminal: set by `initscr`, cleared by `endwin`.
/// The lock is held through `endwin`, so a second caller waits for the
/// first to finish.
static IN_CURSES: Mutex<bool> = Mutex::new(false);

/// The largest terminal the game draws on, rows and columns: a larger one
/// is refused at start and clipped to this on a resize.
pub const MAX_TERMINAL: (i32, i32) = (1000, 1000);

/// The message the C original shows on a terminal without colours.
pub const NO_COLOR_MESSAGE: &str =
    "Your system doesn't support color. Can't start game!";

/// Why the game stopped reading keys, other than a key that ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Standard input ended: no key can come any more.
    EndOfInput,
    /// A signal that ends the program (its number).
    Signal(i32),
}

/// The terminal in curses mode. Dropping it calls `endwin()`, so the
/// terminal is restored on every way out of the program, errors included.
pub struct Curses {
    window: pancurses::Window,
    stop: Option<Stop>,
    keys: Vec<char>,
}

/// The most keys a [`Curses`] remembers for the log.
pub const KEYS_KEPT: usize = 100_000;

impl Curses {
    /// `initscr()`: takes over the terminal.
    pub fn initscr() -> Curses {
        let mut in_curses = IN_CURSES.lock().unwrap_or_else(|e| e.into_inner());
        let window = pancurses::initscr();
        *in_curses = true;
        Curses {
            window,
            stop: None,
            keys: Vec::new(),
        }
    }

    /// Calls `endwin()` if curses owns the terminal, once: a second caller
    /// waits until the first has finished. Nothing is drawn afterwards.
    pub fn restore_terminal() {
        let mut in_curses = IN_CURSES.lock().unwrap_or_else(|e| e.into_inner());
        if *in_curses {
            pancurses::endwin();
            *in_curses = false;
        }
    }

    /// Why the game stopped reading keys, if it was not a key.
    pub fn stop(&self) -> Option<Stop> {
        self.stop
    }

    /// The characters typed, in order (the first [`KEYS_KEPT`]).
    pub fn keys(&self) -> &[char] {
        &self.keys
    }

    /// The screen's size, `(rows, cols)`.
    pub fn size(&self) -> (i32, i32) {
        self.window.get_max_yx()
    }
}

impl Drop for Curses {
    fn drop(&mut self) {
        Curses::restore_terminal();
    }
}

/// The calls of `cursesSetup`: `initscr(); noecho(); curs_set(0);`, and
/// with `color` (Part 4) the two colour pairs. On a terminal without
/// colours it shows the C original's message at (20, 50), waits for a key
/// (or a signal) and returns `None` (the terminal is restored when the
/// returned value is dropped).
#[doc(alias = "cursesSetup")]
pub fn curses_setup(color: bool) -> Option<Curses> {
    let curses = Curses::initscr();
    pancurses::noecho();
    pancurses::curs_set(0);

    if !color {
        return Some(curses);
    }
    if pancurses::has_colors() {
        pancurses::start_color();
        pancurses::init_pair(
            VISIBLE_COLOR,
            pancurses::COLOR_WHITE,
            pancurses::COLOR_BLACK,
        );
        pancurses::init_pair(
            SEEN_COLOR,
            pancurses::COLOR_BLUE,
            pancurses::COLOR_BLACK,
        );
        Some(curses)
    } else {
        log::info!("the terminal has no colours");
        curses.window.mvprintw(20, 50, NO_COLOR_MESSAGE);
        curses.window.refresh();
        // getch(): any key, or a signal, ends the wait.
        let _ = read_key(&curses.window);
        None
    }
}

/// Checks, before curses starts, that the terminal named by `TERM` is
/// known: ncurses' `initscr` would otherwise print its own message and
/// exit. The error says what is wrong with `TERM`.
#[cfg(unix)]
pub fn check_terminal() -> Result<(), String> {
    use std::os::raw::{c_char, c_int};
    extern "C" {
        // terminfo's setupterm(3X), from the ncurses library already linked.
        fn setupterm(
            term: *const c_char,
            fd: c_int,
            errret: *mut c_int,
        ) -> c_int;
    }
    let term = match std::env::var("TERM") {
        Ok(term) if !term.is_empty() => term,
        _ => {
            return Err("TERM is not set: curses needs it to know your \
                 terminal (e.g. TERM=xterm-256color)"
                .into())
        }
    };
    let mut errret: c_int = 0;
    // SAFETY: a null name means `$TERM`; `errret` is a valid pointer, so
    // setupterm reports errors there instead of exiting.
    let ok = unsafe { setupterm(std::ptr::null(), 1, &mut errret) } == 0;
    match (ok, errret) {
        (true, _) => Ok(()),
        (false, -1) => Err("cannot find the terminfo database: is ncurses \
             installed (ncurses-base)?"
            .into()),
        (false, 0) => Err(format!(
            "unknown terminal type '{term}' (TERM): there is no terminfo \
             entry for it"
        )),
        (false, _) => Err(format!(
            "the terminal type '{term}' (TERM) cannot move the cursor"
        )),
    }
}

/// Checks that the console can be used; on Windows PDCurses always can.
#[cfg(windows)]
pub fn check_terminal() -> Result<(), String> {
    Ok(())
}

/// Records the signals that end the program (SIGINT, SIGTERM, SIGHUP) and
/// resizes, for the main thread to act on. Call it before curses starts,
/// so that ncurses leaves these signals to the game.
#[cfg(unix)]
pub fn watch_signals() -> std::io::Result<()> {
    crate::signals::watch()
}

/// The signal that asked the program to end, if one came (SIGINT,
/// SIGTERM, SIGHUP; Ctrl-C or Ctrl-Break on Windows, as SIGINT).
pub fn signal_received() -> Option<i32> {
    #[cfg(unix)]
    return crate::signals::pending();
    #[cfg(windows)]
    return crate::console::pending();
}

/// Records Ctrl-C and Ctrl-Break, for the main thread to act on.
#[cfg(windows)]
pub fn watch_signals() -> std::io::Result<()> {
    crate::console::watch()
}

/// `closeGame`: `endwin()`. (The player needs no `free`.)
#[doc(alias = "closeGame")]
pub fn close_game(curses: Curses) {
    drop(curses);
}

impl Screen for Curses {
    fn clear(&mut self) {
        self.window.clear();
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
        self.window.mvaddch(y, x, ch);
    }
}

impl Terminal for Curses {
    fn getch(&mut self) -> Option<Input> {
        if self.stop.is_some() {
            return None;
        }
        self.window.refresh();
        match read_key(&self.window) {
            Ok(key) => {
                if let (Input::Character(c), true) =
                    (key, self.keys.len() < KEYS_KEPT)
                {
                    self.keys.push(c);
                }
                Some(key)
            }
            Err(stop) => {
                self.stop = Some(stop);
                None
            }
        }
    }
}

/// The C `getch()` on Unix: one byte (or key code) at a time, exactly what
/// the C original reads. `getch` itself never blocks (`timeout(0)`): the
/// wait is a `poll` on standard input and the signals' self-pipe, so a
/// signal ends the wait whenever it comes.
#[cfg(unix)]
fn read_key(_stdscr: &pancurses::Window) -> Result<Input, Stop> {
    use crate::signals::{self, Woken};
    ncurses::timeout(0);
    let mut input_ready = false;
    loop {
        if let Some(signal) = signal_received() {
            return Err(Stop::Signal(signal));
        }
        if signals::take_resize() {
            resize();
            return Ok(Input::KeyResize);
        }
        match ncurses::getch() {
            ncurses::ERR if input_ready => return Err(Stop::EndOfInput),
            ncurses::ERR => {}
            code => return Ok(input_of_code(code)),
        }
        input_ready = signals::wait() == Woken::Input;
    }
}

/// What ncurses does on `SIGWINCH` before its `getch` returns
/// `KEY_RESIZE`, with the size clipped to [`MAX_TERMINAL`]: when the size
/// changed, `resize_term` to it and `clearok(curscr)`, so the next refresh
/// draws the whole screen (`resizeterm` without queueing `KEY_RESIZE`,
/// which the caller returns itself, with no refresh in between).
#[cfg(unix)]
fn resize() {
    let now = (ncurses::LINES(), ncurses::COLS());
    let (rows, cols) = crate::signals::terminal_size().unwrap_or(now);
    let clipped = (rows.min(MAX_TERMINAL.0), cols.min(MAX_TERMINAL.1));
    if clipped != now {
        ncurses::resize_term(clipped.0, clipped.1);
        ncurses::clearok(ncurses::curscr(), true);
    }
}

/// `getch()` on Windows, where PDCurses gives whole characters; it waits a
/// tenth of a second at a time, to see Ctrl-C.
#[cfg(windows)]
fn read_key(stdscr: &pancurses::Window) -> Result<Input, Stop> {
    stdscr.timeout(100);
    loop {
        if let Some(signal) = signal_received() {
            return Err(Stop::Signal(signal));
        }
        if let Some(input) = stdscr.getch() {
            if matches!(input, pancurses::Input::KeyResize) {
                pancurses::resize_term(0, 0);
            }
            return Ok(input);
        }
    }
}

/// What a code the C `getch()` returns (ncurses, Unix) is as an input: a
/// byte is a character, as the C original reads one byte at a time.
pub fn input_of_code(code: i32) -> Input {
    match code {
        KEY_RESIZE => Input::KeyResize,
        byte @ 0..=255 => Input::Character(char::from(byte as u8)),
        code => Input::Unknown(code),
    }
}

/// ncurses' `KEY_RESIZE`.
const KEY_RESIZE: i32 = 0o632;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_become_inputs_byte_by_byte() {
        let c = Input::Character;
        assert_eq!(input_of_code(i32::from(b'j')), c('j'));
        assert_eq!(input_of_code(0), c('\0'));
        assert_eq!(input_of_code(0xe9), c('\u{e9}'));
        assert_eq!(input_of_code(KEY_RESIZE), Input::KeyResize);
        assert_eq!(input_of_code(0o403), Input::Unknown(0o403));
    }
}
