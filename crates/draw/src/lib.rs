//! The Rust twin of `draw.c`: drawing the map and the player on a screen.
//!
//! The C code draws on curses' `stdscr`. Here the drawing functions write
//! to any [`Screen`]: the real terminal (the `rogue-engine` crate implements
//! it with `pancurses`), or one in memory for a test.
//@ game {
//! [`MemScreen`] is one: it clips like curses, and headless replays and
//! tests read it back.
//@ }
//@ part 1-1 {
//!
//! `draw.c` comes in Part 2; Part 1 only needs the [`Screen`] the game
//! draws its `@` on.
//@ }

mod screen;

//@ part 1-4: pub use screen::Screen;
pub use screen::{MemScreen, Screen}; //@ game

//@ part 2+ {
//@ part 2-3: use rogue_types::{Entity, Map, Position};
//@ part 4-4: use rogue_types::{ColorPair, Entity, Map, Position, Tile, SEEN_COLOR};
use rogue_types::{ColorPair, Entity, Map, Memory, Position, Tile, SEEN_COLOR}; //@ game

/// `drawMap`: every tile of the map, row by row, at its own position.
//@ part 4+ {
/// A visible tile is drawn in its own colour, a seen one in `SEEN_COLOR`,
/// any other blank.
//@ }
//@ game {
/// With no field of view (`None`: Parts 2 and 3, or a field of view turned
/// off) every tile is in its own colour; with one, as its [`Memory`] shows
/// seen tiles (Part 4: [`Memory::Dimmed`]).
//@ }
#[doc(alias = "drawMap")]
//@ part 2-4: pub fn draw_map(screen: &mut impl Screen, map: &Map) {
pub fn draw_map(screen: &mut impl Screen, map: &Map, memory: Option<Memory>) {
    //@ game
    //@ part 2-3: for y in 0..map.height() {
    //@ part 2-3:     for (x, tile) in (0..).zip(map.row(y)) {
    //@ part 2-3:         screen.mvaddch(y, x, tile.ch);
    //@ part 2-3:     }
    //@ part 2-3: }
    //@ part 4-4: draw_tiles(screen, map, lit);
    //@ game {
    match memory {
        None => draw_tiles(screen, map, |tile| (tile.ch, tile.color)),
        Some(Memory::Dimmed) => draw_tiles(screen, map, lit),
        Some(Memory::Revealed) => {
            draw_tiles(screen, map, |tile| shown_if(tile.seen, tile))
        }
        Some(Memory::Nothing) => {
            draw_tiles(screen, map, |tile| shown_if(tile.visible, tile))
        }
    }
    //@ }
}

//@ part 4+ {
/// Part 4's `drawMap` for one tile: a visible tile in its own colour, a
/// seen one in `SEEN_COLOR`, any other blank.
fn lit(tile: &Tile) -> (char, ColorPair) {
    if tile.visible {
        (tile.ch, tile.color)
    } else if tile.seen {
        (tile.ch, SEEN_COLOR)
    } else {
        BLANK
    }
}

//@ game {
/// The tile in its own colour if `shown`, else blank.
fn shown_if(shown: bool, tile: &Tile) -> (char, ColorPair) {
    if shown {
        (tile.ch, tile.color)
    } else {
        BLANK
    }
}
//@ }

/// A blank cell: `mvaddch(y, x, ' ')`.
const BLANK: (char, ColorPair) = (' ', ColorPair::NONE);

/// Every tile of the map at its own position, as `look` shows it.
fn draw_tiles(
    screen: &mut impl Screen,
    map: &Map,
    look: impl Fn(&Tile) -> (char, ColorPair),
) {
    for y in 0..map.height() {
        for (x, tile) in (0..).zip(map.row(y)) {
            let (ch, color) = look(tile);
            screen.mvaddch(y, x, ch, color);
        }
    }
}
//@ }

/// `drawEntity`: the entity's character at its position.
//@ part 4+ {
/// From Part 4, in its colour.
//@ }
#[doc(alias = "drawEntity")]
pub fn draw_entity(screen: &mut impl Screen, entity: &Entity) {
    let Position { y, x } = entity.pos;
    //@ part 2-3: screen.mvaddch(y, x, entity.ch);
    screen.mvaddch(y, x, entity.ch, entity.color); //@ part 4+
}

/// `drawEverything`: clears the screen, draws the map and the player on
/// top.
//@ game {
/// Part 1 has no map; the map is drawn with what its field of view
/// remembers.
//@ }
#[doc(alias = "drawEverything")]
pub fn draw_everything(
    screen: &mut impl Screen,
    //@ part 2-4: map: &Map,
    map: Option<(&Map, Option<Memory>)>, //@ game
    player: &Entity,
) {
    screen.clear();
    //@ part 2-4: draw_map(screen, map);
    //@ game {
    if let Some((map, memory)) = map {
        draw_map(screen, map, memory);
    }
    //@ }
    draw_entity(screen, player);
}
//@ }

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::VISIBLE_COLOR;

    /// The colour pair of every cell, as digits, row by row.
    fn pairs(screen: &MemScreen) -> Vec<String> {
        let digit = |(_, pair): &(char, ColorPair)| char::from(b'0' + pair.0);
        screen
            .rows()
            .map(|row| row.iter().map(digit).collect())
            .collect()
    }

    fn small_map() -> Map {
        let mut map = Map::walls(3, 4, VISIBLE_COLOR);
        map[Position::new(1, 1)].carve();
        map[Position::new(1, 2)].carve();
        map[Position::new(1, 1)].visible = true;
        map[Position::new(1, 1)].seen = true;
        map[Position::new(1, 2)].seen = true;
        map
    }

    #[test]
    fn plain_style_draws_every_tile() {
        let mut screen = MemScreen::new(4, 6);
        draw_map(&mut screen, &small_map(), None);
        assert_eq!(screen.text(), vec!["####  ", "#..#  ", "####  ", "      "]);
        assert_eq!(
            pairs(&screen),
            vec!["111100", "111100", "111100", "000000"]
        );
    }

    #[test]
    fn lit_style_dims_seen_and_hides_unseen() {
        let mut screen = MemScreen::new(3, 4);
        let player = Entity {
            pos: Position::new(1, 1),
            ch: '@',
            color: VISIBLE_COLOR,
        };
        draw_everything(
            &mut screen,
            Some((&small_map(), Some(Memory::Dimmed))),
            &player,
        );
        assert_eq!(screen.text(), vec!["    ", " @. ", "    "]);
        assert_eq!(pairs(&screen), vec!["0000", "0120", "0000"]);
    }

    #[test]
    fn revealed_style_shows_seen_as_visible_and_visible_only_forgets() {
        let mut screen = MemScreen::new(3, 4);
        draw_map(&mut screen, &small_map(), Some(Memory::Revealed));
        assert_eq!(screen.text(), vec!["    ", " .. ", "    "]);
        assert_eq!(pairs(&screen), vec!["0000", "0110", "0000"]);
        draw_map(&mut screen, &small_map(), Some(Memory::Nothing));
        assert_eq!(screen.text(), vec!["    ", " .  ", "    "]);
    }

    #[test]
    fn everything_clears_first() {
        let mut screen = MemScreen::new(2, 2);
        screen.mvaddch(0, 0, 'x', ColorPair::NONE);
        let player = Entity {
            pos: Position::new(1, 1),
            ch: '@',
            color: ColorPair::NONE,
        };
        draw_everything(&mut screen, None, &player);
        assert_eq!(screen.text(), vec!["  ", " @"]);
    }
}
