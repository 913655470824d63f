//! The screen model: the emulated terminal's screen (`vt100`) read back
//! as a trace step, cell by cell.

use rogue_trace_format::classes::{Colour, Look, PLAIN};
use rogue_trace_format::{OddCell, Step};

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
        (ch, cell.map_or_else(|| Look::of_class(PLAIN), look_of))
    });
    step_of_cells(number, key, cols, cells)
}

/// Step `number` of a screen `cols` wide, from its cells row by row, each
/// a character and its look; a blank character is always plain.
pub(crate) fn step_of_cells(
    number: usize,
    key: Option<char>,
    cols: u16,
    cells: impl Iterator<Item = (char, Look)>,
) -> Step {
    let mut step = Step {
        number,
        key,
        text: Vec::new(),
        colours: Vec::new(),
        odd: Vec::new(),
    };
    let (mut text, mut colours) = (String::new(), String::new());
    for (i, (ch, look)) in cells.enumerate() {
        let (y, x) = (
            (i / usize::from(cols)) as u16,
            (i % usize::from(cols)) as u16,
        );
        let class = if ch == ' ' { PLAIN } else { look.class() };
        if class == rogue_trace_format::classes::ODD {
            step.odd.push(OddCell { y, x, look });
        }
        text.push(ch);
        colours.push(class);
        if x + 1 == cols {
            step.text.push(std::mem::take(&mut text));
            step.colours.push(std::mem::take(&mut colours));
        }
    }
    step
}

/// A cell's look as the emulator shows it.
pub(crate) fn look_of(cell: &vt100::Cell) -> Look {
    let colour = |c: vt100::Color| match c {
        vt100::Color::Default => Colour::Default,
        vt100::Color::Idx(i) => Colour::Index(i),
        vt100::Color::Rgb(r, g, b) => Colour::Rgb(r, g, b),
    };
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
