//! Where drawing goes: the [`Screen`] trait and an in-memory screen.

use rogue_types::{ColorPair, SEEN_COLOR, VISIBLE_COLOR};

/// The few curses calls the game draws with, on `stdscr`.
pub trait Screen {
    /// `clear()`: blanks the whole screen.
    fn clear(&mut self);
    /// `mvaddch(y, x, ch | COLOR_PAIR(color))`. A position outside the
    /// screen draws nothing, as curses does.
    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair);
}

/// One cell of a [`MemScreen`]: a character and its colour pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The character shown.
    pub ch: char,
    /// The colour pair it is shown in.
    pub color: ColorPair,
}

impl Cell {
    /// A blank cell, as `clear()` leaves it.
    pub const BLANK: Cell = Cell {
        ch: ' ',
        color: ColorPair::NONE,
    };
}

/// A screen in memory of `rows` by `cols` cells that clips like curses'
/// `stdscr`: what is drawn outside it is dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemScreen {
    rows: i32,
    cols: i32,
    cells: Vec<Cell>,
}

impl MemScreen {
    /// A blank screen of `rows` by `cols` (either may be 0).
    pub fn new(rows: u16, cols: u16) -> Self {
        MemScreen {
            rows: i32::from(rows),
            cols: i32::from(cols),
            cells: vec![Cell::BLANK; usize::from(rows) * usize::from(cols)],
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> u16 {
        self.rows as u16
    }

    /// Number of columns.
    pub fn cols(&self) -> u16 {
        self.cols as u16
    }

    /// The characters of each row.
    pub fn text(&self) -> Vec<String> {
        self.row_strings(|cell| cell.ch)
    }

    /// The colour class of each cell, row by row, as screen traces write
    /// them: `w` for pair 1, `b` for pair 2, `?` for another pair, a space
    /// for no pair and for every blank character.
    pub fn colour_classes(&self) -> Vec<String> {
        self.row_strings(colour_class)
    }

    /// Appends the characters of every row to `out` in UTF-8, each row
    /// ending in `\n` (what [`MemScreen::text`] returns, without building it).
    pub fn write_text(&self, out: &mut Vec<u8>) {
        self.write_rows(out, |cell| cell.ch);
    }

    /// Appends the colour classes of every row to `out`, each row ending in
    /// `\n` (what [`MemScreen::colour_classes`] returns, without building it).
    pub fn write_colour_classes(&self, out: &mut Vec<u8>) {
        self.write_rows(out, colour_class);
    }

    fn write_rows(&self, bytes: &mut Vec<u8>, f: impl Fn(&Cell) -> char) {
        if self.cols == 0 {
            (0..self.rows).for_each(|_| bytes.push(b'\n'));
            return;
        }
        let mut utf8 = [0u8; 4];
        for row in self.cells.chunks(self.cols as usize) {
            bytes.reserve(row.len() + 1);
            for cell in row {
                let ch = f(cell);
                if ch.is_ascii() {
                    bytes.push(ch as u8);
                } else {
                    bytes.extend_from_slice(ch.encode_utf8(&mut utf8).as_bytes());
                }
            }
            bytes.push(b'\n');
        }
    }

    fn row_strings(&self, f: impl Fn(&Cell) -> char) -> Vec<String> {
        if self.cols == 0 {
            return vec![String::new(); self.rows as usize];
        }
        self.cells
            .chunks(self.cols as usize)
            .map(|row| row.iter().map(&f).collect())
            .collect()
    }

    #[inline]
    fn offset(&self, y: i32, x: i32) -> Option<usize> {
        // One unsigned comparison per axis: negative numbers wrap to huge ones.
        ((y as u32) < (self.rows as u32) && (x as u32) < (self.cols as u32))
            .then(|| (y * self.cols + x) as usize)
    }
}

/// The colour class of a cell, as traces write it.
fn colour_class(cell: &Cell) -> char {
    match cell.color {
        _ if cell.ch == ' ' => ' ',
        ColorPair::NONE => ' ',
        VISIBLE_COLOR => 'w',
        SEEN_COLOR => 'b',
        _ => '?',
    }
}

impl Screen for MemScreen {
    fn clear(&mut self) {
        self.cells.fill(Cell::BLANK);
    }

    #[inline]
    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        if let Some(i) = self.offset(y, x) {
            self.cells[i] = Cell { ch, color };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_outside_is_clipped() {
        let mut s = MemScreen::new(2, 3);
        for (y, x) in [(-1, 0), (0, -1), (2, 0), (0, 3), (i32::MIN, i32::MAX)] {
            s.mvaddch(y, x, '@', VISIBLE_COLOR);
        }
        assert_eq!(s.text(), vec!["   ", "   "]);
        s.mvaddch(1, 2, '@', VISIBLE_COLOR);
        assert_eq!(s.text(), vec!["   ", "  @"]);
    }

    #[test]
    fn blank_characters_have_no_colour_class() {
        let mut s = MemScreen::new(1, 4);
        s.mvaddch(0, 0, ' ', VISIBLE_COLOR);
        s.mvaddch(0, 1, '#', SEEN_COLOR);
        s.mvaddch(0, 2, '#', ColorPair(5));
        s.mvaddch(0, 3, '#', ColorPair::NONE);
        assert_eq!(s.colour_classes(), vec![" b? "]);
    }
}
