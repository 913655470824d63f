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

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::Tile;

    /// A screen in memory: each cell holds what was drawn there last.
    struct Grid {
        cells: Vec<Vec<chtype>>,
    }

    impl Screen for Grid {
        fn clear(&mut self) {
            for row in &mut self.cells {
                row.fill(' ' as chtype);
            }
        }

        fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
            self.cells[y as usize][x as usize] = ch;
        }
    }

    impl Grid {
        /// The first `n` cells of row `y`, as text.
        fn row(&self, y: usize, n: usize) -> String {
            let cells = &self.cells[y][..n];
            cells.iter().map(|&ch| ch as u8 as char).collect()
        }
    }

    #[test]
    fn draws_the_walls_the_floor_and_the_player() {
        let wall = Tile {
            ch: '#',
            walkable: false,
        };
        let mut map = Map {
            tiles: vec![vec![wall; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
        };
        for x in 1..4 {
            map[Position { y: 1, x }].ch = '.';
        }
        let player = Entity {
            pos: Position { y: 1, x: 2 },
            ch: '@',
        };
        let mut grid = Grid {
            cells: vec![vec![0; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
        };

        draw_everything(&mut grid, &map, &player);

        assert_eq!(grid.row(0, 6), "######");
        assert_eq!(grid.row(1, 6), "#.@.##");
        assert_eq!(grid.row(2, 6), "######");
    }
}
