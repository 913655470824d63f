//! The Rust twin of `engine.c`: curses set-up, the game loop, and the end.

use pancurses::{curs_set, endwin, initscr, noecho, Input, Window};
use rogue_draw::{draw_everything, Screen};
use rogue_player::handle_input;
use rogue_types::{Entity, Map};

/// A screen that also reads keys: what `gameLoop` asks of curses.
pub trait Terminal: Screen {
    /// `getch()`: shows what was drawn and waits for a key; `None` when
    /// no key can come any more.
    fn getch(&mut self) -> Option<Input>;
}

impl Terminal for Window {
    fn getch(&mut self) -> Option<Input> {
        Window::getch(self)
    }
}

/// `cursesSetup`: starts curses, with no echo and no cursor. Returns the
/// screen.
#[doc(alias = "cursesSetup")]
pub fn curses_setup() -> Window {
    let window = initscr();
    noecho();
    curs_set(0);
    window
}

/// `gameLoop`: draws, then handles and draws each key until `q` (or a
/// NUL, where the C's `while (ch = getch())` stops too). It also stops when
/// no key can come any more, where the C would spin.
#[doc(alias = "gameLoop")]
pub fn game_loop(term: &mut impl Terminal, map: &Map, player: &mut Entity) {
    draw_everything(term, map, player);

    while let Some(input) = term.getch() {
        if input == Input::Character('q') || input == Input::Character('\0') {
            break;
        }
        handle_input(input, map, player);
        draw_everything(term, map, player);
    }
}

/// `closeGame`: ends curses. (The C also frees the player, which it
/// `calloc`ed; here the player is a plain value, with nothing to free.)
#[doc(alias = "closeGame")]
pub fn close_game() {
    endwin();
}

#[cfg(test)]
mod tests {
    use super::*;
    use pancurses::chtype;
    use rogue_types::{Position, Tile, MAP_HEIGHT, MAP_WIDTH};

    /// A terminal in memory: the keys it gives, and what is drawn on it.
    struct FakeTerminal {
        keys: Vec<char>,
        cells: Vec<Vec<char>>,
    }

    impl Screen for FakeTerminal {
        fn clear(&mut self) {
            for row in &mut self.cells {
                row.fill(' ');
            }
        }

        fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
            self.cells[y as usize][x as usize] = ch as u8 as char;
        }
    }

    impl Terminal for FakeTerminal {
        fn getch(&mut self) -> Option<Input> {
            if self.keys.is_empty() {
                None
            } else {
                Some(Input::Character(self.keys.remove(0)))
            }
        }
    }

    #[test]
    fn the_player_walks_on_the_floor_and_stops_at_a_wall() {
        let wall = Tile {
            ch: '#',
            walkable: false,
        };
        let mut map = Map {
            tiles: vec![vec![wall; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
        };
        for x in 5..8 {
            let tile = &mut map[Position { y: 5, x }];
            tile.ch = '.';
            tile.walkable = true;
        }
        let mut player = Entity {
            pos: Position { y: 5, x: 6 },
            ch: '@',
        };
        let mut term = FakeTerminal {
            keys: vec!['l', 'l', 'q'],
            cells: vec![vec![' '; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
        };

        game_loop(&mut term, &map, &mut player);

        assert_eq!(player.pos, Position { y: 5, x: 7 });
        let row: String = term.cells[5][4..9].iter().collect();
        assert_eq!(row, "#..@#");
    }
}
