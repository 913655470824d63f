//! The curses calls of the tutorial's parts, for a program compiled to
//! WebAssembly and run in a web page (`crates/web/play.js`).
//!
//! It stands in for pancurses in the web build only (a Cargo `[patch]`),
//! with the same names and signatures for the part of pancurses' API the
//! parts use, so that a part's sources build unchanged. The screen is kept
//! here, cell by cell, as curses keeps its own; the page draws it at each
//! `getch`, where curses would refresh the terminal, and hands back the
//! next key. `getch` blocks as curses's does: the page pauses the program
//! there until a key comes (binaryen's asyncify).

#![allow(non_snake_case)] // `COLOR_PAIR`, as curses names it

use std::cell::RefCell;

/// A character and its attributes, as curses packs them: the character in
/// the low 8 bits, the colour pair in the next 8.
#[allow(non_camel_case_types)]
pub type chtype = u32;
/// Attributes, colour pairs among them.
#[allow(non_camel_case_types)]
pub type attr_t = chtype;

/// The bits of a `chtype` that hold its character.
pub const A_CHARTEXT: chtype = 0xff;
/// The bits of a `chtype` that hold its colour pair.
pub const A_COLOR: chtype = 0xff00;

/// Curses' colour numbers.
pub const COLOR_BLACK: i16 = 0;
/// Red.
pub const COLOR_RED: i16 = 1;
/// Green.
pub const COLOR_GREEN: i16 = 2;
/// Yellow.
pub const COLOR_YELLOW: i16 = 3;
/// Blue.
pub const COLOR_BLUE: i16 = 4;
/// Magenta.
pub const COLOR_MAGENTA: i16 = 5;
/// Cyan.
pub const COLOR_CYAN: i16 = 6;
/// White.
pub const COLOR_WHITE: i16 = 7;

/// `COLOR_PAIR(n)`: the attribute of colour pair `n`.
pub fn COLOR_PAIR(n: chtype) -> attr_t {
    (n << 8) & A_COLOR
}

/// What `getch` returns: a key, as pancurses decodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A character typed.
    Character(char),
    /// A key code curses does not name.
    Unknown(i32),
    /// The terminal was resized (`KEY_RESIZE`).
    KeyResize,
}

/// Something `mvaddch` takes: a character, or one with its attributes.
pub trait ToChtype {
    /// As a `chtype`.
    fn to_chtype(&self) -> chtype;
}

impl ToChtype for char {
    fn to_chtype(&self) -> chtype {
        *self as chtype
    }
}

impl ToChtype for chtype {
    fn to_chtype(&self) -> chtype {
        *self
    }
}

/// What the page provides: the terminal's size, drawing, keys.
mod page {
    #[link(wasm_import_module = "rogue")]
    extern "C" {
        /// The terminal's size: columns in the high 16 bits, rows in the
        /// low 16.
        pub fn size() -> u32;
        /// Draws `len` cells from `cells` (each a character in its low 21
        /// bits and its colour pair above them), row by row, and the
        /// cursor at (`y`, `x`) if `visible`.
        pub fn refresh(
            cells: *const u32,
            len: u32,
            y: i32,
            x: i32,
            visible: i32,
        );
        /// Waits for the next key: a Unicode scalar value, or -1 when no
        /// key can come any more.
        pub fn getch() -> i32;
        /// Curses has ended: the page shows that the program is done with
        /// the terminal.
        pub fn endwin();
    }
}

/// The screen curses keeps.
struct Screen {
    cols: i32,
    rows: i32,
    /// Each cell: its character in the low 21 bits, its pair above.
    cells: Vec<u32>,
    cursor: (i32, i32),
    cursor_visible: bool,
}

thread_local! {
    static SCREEN: RefCell<Option<Screen>> = const { RefCell::new(None) };
}

/// Runs `f` on the screen, if curses has started.
fn with_screen<T>(f: impl FnOnce(&mut Screen) -> T) -> Option<T> {
    SCREEN.with(|s| s.borrow_mut().as_mut().map(f))
}

/// A curses window: here only the whole screen, `stdscr`.
#[derive(Debug)]
pub struct Window {
    _private: (),
}

/// `initscr()`: starts curses on the page's terminal, blank.
pub fn initscr() -> Window {
    // SAFETY: a call into the page, which provides it.
    let size = unsafe { page::size() };
    let (cols, rows) = ((size >> 16) as i32, (size & 0xffff) as i32);
    let blank = ' ' as u32;
    SCREEN.with(|s| {
        *s.borrow_mut() = Some(Screen {
            cols,
            rows,
            cells: vec![blank; (cols * rows) as usize],
            cursor: (0, 0),
            cursor_visible: true,
        });
    });
    Window { _private: () }
}

/// `endwin()`: ends curses.
pub fn endwin() -> i32 {
    // SAFETY: a call into the page, which provides it.
    unsafe { page::endwin() };
    0
}

/// `noecho()`: keys are not echoed, which the page never does anyway.
pub fn noecho() -> i32 {
    0
}

/// `curs_set(visibility)`: hides the cursor (0) or shows it; returns the
/// visibility before.
pub fn curs_set(visibility: i32) -> i32 {
    with_screen(|s| {
        let before = i32::from(s.cursor_visible);
        s.cursor_visible = visibility != 0;
        before
    })
    .unwrap_or(-1)
}

/// `has_colors()`: the page has colours.
pub fn has_colors() -> bool {
    true
}

/// `start_color()`: the page's colours are ready.
pub fn start_color() -> i32 {
    0
}

/// `init_pair(pair, fg, bg)`: the page draws pair 1 white on black and
/// pair 2 blue on black, as the parts define them; a cell keeps its pair
/// number, which is what traces record.
pub fn init_pair(_pair: i16, _fg: i16, _bg: i16) -> i32 {
    0
}

impl Window {
    /// `clear()`: blanks the screen.
    pub fn clear(&self) -> i32 {
        with_screen(|s| {
            s.cells.fill(' ' as u32);
            s.cursor = (0, 0);
        });
        0
    }

    /// `mvaddch(y, x, ch)`: puts `ch` at (`y`, `x`); -1 off the screen.
    pub fn mvaddch<T: ToChtype>(&self, y: i32, x: i32, ch: T) -> i32 {
        let ch = ch.to_chtype();
        with_screen(|s| {
            if !(0..s.rows).contains(&y) || !(0..s.cols).contains(&x) {
                return -1;
            }
            let pair = (ch & A_COLOR) >> 8;
            s.cells[(y * s.cols + x) as usize] = (ch & A_CHARTEXT) | pair << 21;
            s.cursor = (y, (x + 1).min(s.cols - 1));
            0
        })
        .unwrap_or(-1)
    }

    /// `mvprintw(y, x, text)`: writes `text` from (`y`, `x`) on, cut at
    /// the screen's right edge.
    pub fn mvprintw<T: AsRef<str>>(&self, y: i32, x: i32, text: T) -> i32 {
        for (i, c) in text.as_ref().chars().enumerate() {
            if self.mvaddch(y, x + i as i32, c) != 0 {
                return -1;
            }
        }
        0
    }

    /// `getch()`: shows the screen and waits for a key; `None` when no
    /// key can come any more.
    pub fn getch(&self) -> Option<Input> {
        with_screen(|s| {
            let (y, x) = s.cursor;
            // SAFETY: the cells live while the page reads them, during the
            // call.
            unsafe {
                page::refresh(
                    s.cells.as_ptr(),
                    s.cells.len() as u32,
                    y,
                    x,
                    i32::from(s.cursor_visible),
                );
            }
        });
        // SAFETY: a call into the page, which provides it.
        let key = unsafe { page::getch() };
        match u32::try_from(key).ok().and_then(char::from_u32) {
            Some(c) => Some(Input::Character(c)),
            None if key < 0 => None,
            None => Some(Input::Unknown(key)),
        }
    }
}
