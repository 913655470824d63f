//! The real terminal, through `pancurses`: `cursesSetup` and `closeGame`.

use std::sync::atomic::{AtomicBool, Ordering};

use rogue_draw::Screen;
use rogue_types::{ColorPair, Key, SEEN_COLOR, VISIBLE_COLOR};

use crate::game::Terminal;

/// Whether curses owns the terminal: set by `initscr`, cleared by `endwin`.
static IN_CURSES: AtomicBool = AtomicBool::new(false);

/// The message the C original shows on a terminal without colours.
pub const NO_COLOR_MESSAGE: &str = "Your system doesn't support color. Can't start game!";

/// The terminal in curses mode. Dropping it calls `endwin()`, so the
/// terminal is restored on every way out of the program, errors included.
pub struct Curses {
    window: pancurses::Window,
}

impl Curses {
    /// `initscr()`: takes over the terminal.
    pub fn initscr() -> Curses {
        let window = pancurses::initscr();
        IN_CURSES.store(true, Ordering::SeqCst);
        Curses { window }
    }

    /// Calls `endwin()` if curses owns the terminal, and only once. Safe to
    /// call from a panic hook or a signal handler thread.
    pub fn restore_terminal() {
        if IN_CURSES.swap(false, Ordering::SeqCst) {
            pancurses::endwin();
        }
    }
}

impl Drop for Curses {
    fn drop(&mut self) {
        Curses::restore_terminal();
    }
}

/// `cursesSetup`: `initscr(); noecho(); curs_set(0);` and, when `color` is
/// asked for, the two colour pairs. On a terminal without colours it shows
/// the C original's message at (20, 50), waits for a key and returns `None`
/// (the terminal is restored when the returned value is dropped).
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
            i16::from(VISIBLE_COLOR.0),
            pancurses::COLOR_WHITE,
            pancurses::COLOR_BLACK,
        );
        pancurses::init_pair(
            i16::from(SEEN_COLOR.0),
            pancurses::COLOR_BLUE,
            pancurses::COLOR_BLACK,
        );
        Some(curses)
    } else {
        log::info!("the terminal has no colours");
        curses.window.mvprintw(20, 50, NO_COLOR_MESSAGE);
        curses.window.getch();
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
        fn setupterm(term: *const c_char, fd: c_int, errret: *mut c_int) -> c_int;
    }
    let term =
        match std::env::var("TERM") {
            Ok(term) if !term.is_empty() => term,
            _ => return Err(
                "TERM is not set: curses needs it to know your terminal (e.g. TERM=xterm-256color)"
                    .into(),
            ),
        };
    let mut errret: c_int = 0;
    // SAFETY: a null name means `$TERM`; `errret` is a valid pointer, so
    // setupterm reports errors there instead of exiting.
    let ok = unsafe { setupterm(std::ptr::null(), 1, &mut errret) } == 0;
    match (ok, errret) {
        (true, _) => Ok(()),
        (false, -1) => {
            Err("cannot find the terminfo database: is ncurses installed (ncurses-base)?".into())
        }
        (false, 0) => Err(format!(
            "unknown terminal type '{term}' (TERM): there is no terminfo entry for it"
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

/// Restores the terminal when the program is told to stop (SIGINT,
/// SIGTERM, SIGHUP), then lets the signal end the program as it would
/// have. Call it before curses starts, so ncurses keeps out of the way.
#[cfg(unix)]
pub fn restore_terminal_on_signals() -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            Curses::restore_terminal();
            log::info!("stopped by signal {signal}");
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// Restores the console on Ctrl-C and Ctrl-Break, then exits.
#[cfg(windows)]
pub fn restore_terminal_on_signals() -> std::io::Result<()> {
    ctrlc::set_handler(|| {
        Curses::restore_terminal();
        std::process::exit(130);
    })
    .map_err(std::io::Error::other)
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

    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        let attr = pancurses::COLOR_PAIR(pancurses::chtype::from(color.0));
        self.window
            .mvaddch(y, x, pancurses::chtype::from(ch) | attr);
    }
}

impl Terminal for Curses {
    fn getch(&mut self) -> Option<Key> {
        self.window.refresh();
        read_key(&self.window)
    }
}

/// The C `getch()` on Unix: one byte (or key code) at a time, exactly what
/// the C original reads.
#[cfg(unix)]
fn read_key(_stdscr: &pancurses::Window) -> Option<Key> {
    match ncurses::getch() {
        ncurses::ERR => None,
        ncurses::KEY_RESIZE => Some(Key::Resize),
        byte @ 0..=255 => Some(Key::Char(char::from(byte as u8))),
        code => Some(Key::Other(code)),
    }
}

/// `getch()` on Windows, where PDCurses gives whole characters.
#[cfg(windows)]
fn read_key(stdscr: &pancurses::Window) -> Option<Key> {
    use pancurses::Input;
    match stdscr.getch()? {
        Input::Character(c) => Some(Key::Char(c)),
        Input::KeyResize => {
            pancurses::resize_term(0, 0);
            Some(Key::Resize)
        }
        Input::Unknown(code) => Some(Key::Other(code)),
        _ => Some(Key::Other(-1)),
    }
}
