//! Where drawing goes: the [`Screen`] trait
//@ part 1-4: //! (the game's terminal implements it).
//@ game {
//! and an in-memory screen.
//@ }

use rogue_types::ColorPair; //@ part 4+

/// The few curses calls the game draws with, on `stdscr`.
pub trait Screen {
    /// `clear()`: blanks the whole screen.
    fn clear(&mut self);
    //@ part 1-3: /// `mvaddch(y, x, ch)`. A position outside the screen draws
    //@ part 1-3: /// nothing, as curses does.
    //@ part 1-3: fn mvaddch(&mut self, y: i32, x: i32, ch: char);
    //@ part 4+ {
    /// `mvaddch(y, x, ch | COLOR_PAIR(color))`. A position outside the
    /// screen draws nothing, as curses does.
    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair);
    //@ }
}

//@ game {
/// A screen in memory of `rows` by `cols` cells, each a character and its
/// colour pair, that clips like curses' `stdscr`: what is drawn outside it
/// is dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemScreen {
    cols: usize,
    cells: Vec<(char, ColorPair)>,
}

/// A blank cell, as `clear()` leaves it.
const BLANK: (char, ColorPair) = (' ', ColorPair::NONE);

impl MemScreen {
    /// A blank screen of `rows` by `cols` (either may be 0).
    pub fn new(rows: u16, cols: u16) -> Self {
        MemScreen {
            cols: usize::from(cols),
            cells: vec![BLANK; usize::from(rows) * usize::from(cols)],
        }
    }

    /// The cells of each row, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[(char, ColorPair)]> {
        self.cells.chunks(self.cols.max(1))
    }

    /// The characters of each row.
    pub fn text(&self) -> Vec<String> {
        self.rows()
            .map(|row| row.iter().map(|c| c.0).collect())
            .collect()
    }
}

impl Screen for MemScreen {
    fn clear(&mut self) {
        self.cells.fill(BLANK);
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        let (Ok(y), Ok(x)) = (usize::try_from(y), usize::try_from(x)) else {
            return;
        };
        if x < self.cols {
            if let Some(cell) = self.cells.get_mut(y * self.cols + x) {
                *cell = (ch, color);
            }
        }
    }
}

//@ }

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::VISIBLE_COLOR;

    #[test]
    fn drawing_outside_is_clipped() {
        let mut s = MemScreen::new(2, 3);
        for (y, x) in [(-1, 0), (0, -1), (2, 0), (0, 3), (i32::MIN, i32::MAX)] {
            s.mvaddch(y, x, '@', VISIBLE_COLOR);
        }
        assert_eq!(s.text(), vec!["   ", "   "]);
        s.mvaddch(1, 2, '@', VISIBLE_COLOR);
        assert_eq!(s.text(), vec!["   ", "  @"]);
        assert_eq!(s.rows().nth(1).unwrap()[2], ('@', VISIBLE_COLOR));
    }
}
