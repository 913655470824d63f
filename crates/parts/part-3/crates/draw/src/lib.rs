//! The Rust twin of `draw.c`: the map and the player on the screen.

use pancurses::{chtype, Window};
use rogue_types::{Entity, Map, Position, MAP_HEIGHT, MAP_WIDTH};

/// What `draw.c` asks of curses. The C draws on the one curses screen;
/// here the screen is passed in, and curses's window is one.
pub trait Screen {
    /// `clear()`: blanks the screen.
    fn clear(&mut self);
    /// `mvaddch(y, x, ch)`: puts a character at (`y`, `x`).
    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype);
}

impl Screen for Window {
    fn clear(&mut self) {
        Window::clear(self);
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
        Window::mvaddch(self, y, x, ch);
    }
}

/// `drawMap`: every tile of the map.
#[doc(alias = "drawMap")]
pub fn draw_map(screen: &mut impl Screen, map: &Map) {
    for y in 0..MAP_HEIGHT {
        for x in 0..MAP_WIDTH {
            screen.mvaddch(y, x, map[Position { y, x }].ch as chtype);
        }
    }
}

/// `drawEntity`: the entity's character where it stands.
#[doc(alias = "drawEntity")]
pub fn draw_entity(screen: &mut impl Screen, entity: &Entity) {
    screen.mvaddch(entity.pos.y, entity.pos.x, entity.ch as chtype);
}

/// `drawEverything`: clears the screen, then draws the map and the
/// player.
#[doc(alias = "drawEverything")]
pub fn draw_everything(screen: &mut impl Screen, map: &Map, player: &Entity) {
    screen.clear();
    draw_map(screen, map);
    draw_entity(screen, player);
}
