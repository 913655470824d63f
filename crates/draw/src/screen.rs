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

/// One cell of a [`MemScreen`]: its character in the low 24 bits (every
/// `char` fits in 21) and its colour pair in the high 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell(u32);

impl Cell {
    /// A blank cell, as `clear()` leaves it.
    const BLANK: Cell = Cell::new(' ', ColorPair::NONE);

    const fn new(ch: char, color: ColorPair) -> Cell {
        Cell(ch as u32 | (color.0 as u32) << 24)
    }

    /// The character, as given to [`Cell::new`].
    fn ch(self) -> char {
        char::from_u32(self.ch_bits()).unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// The bits of the character.
    fn ch_bits(self) -> u32 {
        self.0 & 0xff_ffff
    }

    /// The character's low byte: the character itself when it is ASCII.
    fn byte(self) -> u8 {
        self.0 as u8
    }

    /// The colour class of the cell, as traces write it: a space for a
    /// blank character, else its colour pair's class.
    fn colour_class(self) -> u8 {
        if self.ch_bits() == ' ' as u32 {
            b' '
        } else {
            COLOUR_CLASSES[(self.0 >> 24) as usize]
        }
    }
}

/// The colour class of each colour pair: `w` for pair 1, `b` for pair 2,
/// `?` for another pair and a space for no pair.
const COLOUR_CLASSES: [u8; 256] = {
    let mut classes = [b'?'; 256];
    classes[ColorPair::NONE.0 as usize] = b' ';
    classes[VISIBLE_COLOR.0 as usize] = b'w';
    classes[SEEN_COLOR.0 as usize] = b'b';
    classes
};

/// A screen in memory of `rows` by `cols` cells that clips like curses'
/// `stdscr`: what is drawn outside it is dropped.
#[derive(Debug, PartialEq, Eq)]
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
        self.row_strings(Cell::ch)
    }

    /// The colour class of each cell, row by row, as screen traces write
    /// them: `w` for pair 1, `b` for pair 2, `?` for another pair, a space
    /// for no pair and for every blank character.
    pub fn colour_classes(&self) -> Vec<String> {
        self.row_strings(|cell| char::from(cell.colour_class()))
    }

    /// Appends the characters of every row to `out` in UTF-8, each row
    /// ending in `\n` (what [`MemScreen::text`] returns, without building it).
    pub fn write_text(&self, out: &mut Vec<u8>) {
        // One pass over the whole screen (no branch) to find out whether
        // every character is one byte in UTF-8.
        let bits = self.cells.iter().fold(0, |bits, cell| bits | cell.0);
        if Cell(bits).ch_bits() < 0x80 {
            self.write_bytes(out, Cell::byte);
        } else {
            self.write_utf8(out);
        }
    }

    /// Appends the colour classes of every row to `out`, each row ending in
    /// `\n` (what [`MemScreen::colour_classes`] returns, without building it).
    pub fn write_colour_classes(&self, out: &mut Vec<u8>) {
        self.write_bytes(out, Cell::colour_class);
    }

    /// Appends one byte per cell, `f` of it, each row ending in `\n`.
    fn write_bytes(&self, out: &mut Vec<u8>, f: impl Fn(Cell) -> u8) {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let start = out.len();
        out.resize(start + rows * (cols + 1), b'\n');
        if cols == 0 {
            return;
        }
        let lines = out[start..].chunks_exact_mut(cols + 1);
        for (line, row) in lines.zip(self.cells.chunks_exact(cols)) {
            for (byte, &cell) in line.iter_mut().zip(row) {
                *byte = f(cell);
            }
        }
    }

    /// Appends the characters of every row in UTF-8, each row ending in `\n`.
    fn write_utf8(&self, out: &mut Vec<u8>) {
        for row in self.text() {
            out.extend_from_slice(row.as_bytes());
            out.push(b'\n');
        }
    }

    fn row_strings(&self, f: impl Fn(Cell) -> char) -> Vec<String> {
        if self.cols == 0 {
            return vec![String::new(); self.rows as usize];
        }
        self.cells
            .chunks(self.cols as usize)
            .map(|row| row.iter().map(|&cell| f(cell)).collect())
            .collect()
    }

    #[inline]
    fn offset(&self, y: i32, x: i32) -> Option<usize> {
        // One unsigned comparison per axis: negative numbers wrap to huge ones.
        ((y as u32) < (self.rows as u32) && (x as u32) < (self.cols as u32))
            .then(|| (y * self.cols + x) as usize)
    }
}

impl Clone for MemScreen {
    fn clone(&self) -> Self {
        MemScreen {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
        }
    }

    /// Copies `source` into this screen's cells, without allocating when
    /// they are the same size.
    fn clone_from(&mut self, source: &Self) {
        (self.rows, self.cols) = (source.rows, source.cols);
        self.cells.clone_from(&source.cells);
    }
}

impl Screen for MemScreen {
    fn clear(&mut self) {
        self.cells.fill(Cell::BLANK);
    }

    #[inline]
    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        if let Some(i) = self.offset(y, x) {
            self.cells[i] = Cell::new(ch, color);
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

    /// What `write` appends, as text.
    fn written(write: impl Fn(&mut Vec<u8>)) -> String {
        let mut out = b"before|".to_vec();
        write(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn written_rows_are_the_rows_each_ending_in_a_newline() {
        let mut s = MemScreen::new(2, 3);
        s.mvaddch(0, 1, '#', SEEN_COLOR);
        s.mvaddch(1, 2, '.', VISIBLE_COLOR);
        assert_eq!(written(|out| s.write_text(out)), "before| # \n  .\n");
        assert_eq!(
            written(|out| s.write_colour_classes(out)),
            "before| b \n  w\n"
        );
        // A character of more than one byte, then the screen made ASCII again.
        s.mvaddch(0, 0, 'é', ColorPair(7));
        assert_eq!(s.text(), vec!["é# ", "  ."]);
        assert_eq!(written(|out| s.write_text(out)), "before|é# \n  .\n");
        assert_eq!(
            written(|out| s.write_colour_classes(out)),
            "before|?b \n  w\n"
        );
        s.mvaddch(0, 0, '@', VISIBLE_COLOR);
        assert_eq!(written(|out| s.write_text(out)), "before|@# \n  .\n");
        let empty = MemScreen::new(2, 0);
        assert_eq!(written(|out| empty.write_text(out)), "before|\n\n");
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
