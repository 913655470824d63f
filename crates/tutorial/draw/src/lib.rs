//! The Rust twin of `draw.c`: the map and the player on the screen.

use pancurses::{chtype, Window, COLOR_PAIR};
use rogue_types::{Entity, Map, Position, MAP_HEIGHT, MAP_WIDTH, SEEN_COLOR};

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

/// `drawMap`: what the player sees in its colour, what it has seen in
/// `SEEN_COLOR`, the rest blank.
#[doc(alias = "drawMap")]
pub fn draw_map(screen: &mut impl Screen, map: &Map) {
    for y in 0..MAP_HEIGHT {
        for x in 0..MAP_WIDTH {
            let tile = map[Position { y, x }];
            if tile.visible {
                screen.mvaddch(y, x, tile.ch as chtype | tile.color);
            } else if tile.seen {
                let seen = COLOR_PAIR(SEEN_COLOR as chtype);
                screen.mvaddch(y, x, tile.ch as chtype | seen);
            } else {
                screen.mvaddch(y, x, ' ' as chtype);
            }
        }
    }
}

/// `drawEntity`: the entity's character, in its colour, where it stands.
#[doc(alias = "drawEntity")]
pub fn draw_entity(screen: &mut impl Screen, entity: &Entity) {
    let ch = entity.ch as chtype | entity.color;
    screen.mvaddch(entity.pos.y, entity.pos.x, ch);
}

/// `drawEverything`: clears the screen, then draws the map and the
/// player.
#[doc(alias = "drawEverything")]
pub fn draw_everything(screen: &mut impl Screen, map: &Map, player: &Entity) {
    screen.clear();
    draw_map(screen, map);
    draw_entity(screen, player);
}
