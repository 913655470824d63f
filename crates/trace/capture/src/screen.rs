//! The screen model: the emulated terminal's screen (`vt100`), or the
//! Windows console's cells, read back as a trace step, cell by cell.
//!
//! A capture reads a whole screen at every key, 2,500 cells for the
//! game's 100x25: a cell's class is worked out from its colours and
//! attributes, and its full [`Look`] is built only for a cell of no class
//! (`?`). This halves the time of a step, which `make bench` shows is
//! what limits a capture that keeps every step.

use rogue_trace_format::classes::{class_of_colours, Colour, Look, ODD, PLAIN};
use rogue_trace_format::{Cursor, OddCell, Step};

/// What a step needs of a cell besides its character.
pub(crate) trait Appearance {
    /// The class of the cell if it is not blank.
    fn class(&self) -> char;
    /// Its full look (asked only of a cell of class `?`).
    fn look(&self) -> Look;
}

impl Appearance for Look {
    fn class(&self) -> char {
        Look::class(self)
    }

    fn look(&self) -> Look {
        self.clone()
    }
}

impl Appearance for Option<&vt100::Cell> {
    fn class(&self) -> char {
        match self {
            Some(c)
                if c.bold() || c.italic() || c.underline() || c.inverse() =>
            {
                ODD
            }
            Some(c) => {
                class_of_colours(colour(c.fgcolor()), colour(c.bgcolor()))
            }
            None => PLAIN,
        }
    }

    fn look(&self) -> Look {
        self.map_or_else(|| Look::of_class(PLAIN), look_of)
    }
}

/// The emulated screen as step `number`: characters, colour classes, and
/// the look of cells that are neither pair 1, pair 2 nor plain.
pub fn screen_step(
    screen: &vt100::Screen,
    number: usize,
    key: Option<char>,
) -> Step {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    let cells = (0..rows).flat_map(|y| (0..cols).map(move |x| (y, x)));
    let cells = cells.map(|(y, x)| {
        let cell = screen.cell(y, x);
        let ch = cell
            .and_then(|c| c.contents().chars().next())
            .unwrap_or(' ');
        (ch, cell)
    });
    let mut step = step_of_cells(number, key, cols, cells);
    step.cursor = cursor_of(screen);
    step
}

/// Where the emulated terminal shows its cursor: hidden, or at its
/// position.
fn cursor_of(screen: &vt100::Screen) -> Cursor {
    if screen.hide_cursor() {
        return Cursor::Hidden;
    }
    // Past the last column, a terminal shows it on the last one.
    let (y, x) = screen.cursor_position();
    let (_, cols) = screen.size();
    Cursor::At {
        y,
        x: x.min(cols.get() - 1),
    }
}

/// Step `number` of a screen `cols` wide, from its cells row by row, each
/// a character and its appearance; a blank character is always plain.
pub(crate) fn step_of_cells(
    number: usize,
    key: Option<char>,
    cols: u16,
    cells: impl Iterator<Item = (char, impl Appearance)>,
) -> Step {
    let mut step = Step {
        number,
        key,
        text: Vec::new(),
        colours: Vec::new(),
        odd: Vec::new(),
        cursor: Default::default(),
    };
    let width = usize::from(cols);
    let (mut text, mut colours) =
        (String::with_capacity(width), String::with_capacity(width));
    let (mut y, mut x) = (0u16, 0u16);
    for (ch, appearance) in cells {
        let class = if ch == ' ' { PLAIN } else { appearance.class() };
        if class == ODD {
            step.odd.push(OddCell {
                y,
                x,
                look: appearance.look(),
            });
        }
        text.push(ch);
        colours.push(class);
        x += 1;
        if x == cols {
            step.text.push(std::mem::replace(
                &mut text,
                String::with_capacity(width),
            ));
            step.colours.push(std::mem::replace(
                &mut colours,
                String::with_capacity(width),
            ));
            (y, x) = (y + 1, 0);
        }
    }
    step
}

/// A colour as the emulator gives it.
fn colour(c: vt100::Color) -> Colour {
    match c {
        vt100::Color::Default => Colour::Default,
        vt100::Color::Idx(i) => Colour::Index(i),
        vt100::Color::Rgb(r, g, b) => Colour::Rgb(r, g, b),
    }
}

/// A cell's look as the emulator shows it.
fn look_of(cell: &vt100::Cell) -> Look {
    let flags = [
        (cell.bold(), "bold"),
        (cell.italic(), "italic"),
        (cell.underline(), "underline"),
        (cell.inverse(), "inverse"),
    ];
    Look {
        fg: colour(cell.fgcolor()),
        bg: colour(cell.bgcolor()),
        attributes: flags.iter().filter(|f| f.0).map(|f| f.1).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cursor_after(bytes: &[u8]) -> Cursor {
        let mut parser = vt100::Parser::new(
            std::num::NonZeroU16::new(2).unwrap(),
            std::num::NonZeroU16::new(3).unwrap(),
            0,
        );
        parser.process(bytes);
        screen_step(parser.screen(), 0, None).cursor
    }

    #[test]
    fn the_cursor_is_hidden_or_where_the_terminal_shows_it() {
        assert_eq!(cursor_after(b"\x1b[?25l"), Cursor::Hidden);
        assert_eq!(cursor_after(b"ab"), Cursor::At { y: 0, x: 2 });
        // A full row leaves it on its last column, its wrap pending.
        assert_eq!(cursor_after(b"abc"), Cursor::At { y: 0, x: 2 });
    }
}
