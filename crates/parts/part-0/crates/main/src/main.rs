//! The Rust twin of `main.c`: Part 0 of the C roguelike tutorial, curses
//! started and ended.

use pancurses::{endwin, initscr};

/// `main`: `initscr()`, then `endwin()`.
fn main() {
    initscr();
    endwin();
}
