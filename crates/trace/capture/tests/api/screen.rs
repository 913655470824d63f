//! The emulated screen read back as a trace step.

use rogue_capture::{screen_step, vt100};
use rogue_trace_format::Cursor;

/// A terminal of `cols` by `rows` that was sent `bytes`.
fn terminal(cols: u16, rows: u16, bytes: &[u8]) -> vt100::Parser {
    let size = |n| std::num::NonZeroU16::new(n).unwrap();
    let mut parser = vt100::Parser::new(size(rows), size(cols), 0);
    parser.process(bytes);
    parser
}

/// Where the cursor is on a 3 by 2 terminal sent `bytes`.
fn cursor_after(bytes: &[u8]) -> Cursor {
    screen_step(terminal(3, 2, bytes).screen(), 0, None).cursor
}

#[test]
fn a_blank_is_plain_on_the_default_or_black_and_odd_on_another_colour() {
    let parser = terminal(10, 5, b"\x1b[100m \x1b[40m \x1b[m \x1b[7m ");
    let step = screen_step(parser.screen(), 0, None);
    assert_eq!(step.colours[0], "?  ?      ");
    let looks: Vec<String> =
        step.odd.iter().map(|o| o.look.to_string()).collect();
    assert_eq!(looks, ["default 8", "default default inverse"]);
}

#[test]
fn a_dim_or_bold_cell_is_odd_and_its_look_says_so() {
    let parser = terminal(4, 1, b"\x1b[2ma\x1b[mb\x1b[1mc");
    let step = screen_step(parser.screen(), 0, None);
    assert_eq!(step.colours[0], "? ? ");
    let looks: Vec<String> =
        step.odd.iter().map(|o| o.look.to_string()).collect();
    assert_eq!(looks, ["default default dim", "default default bold"]);
}

#[test]
fn the_cursor_is_hidden_or_where_the_terminal_shows_it() {
    assert_eq!(cursor_after(b"\x1b[?25l"), Cursor::Hidden);
    assert_eq!(cursor_after(b"ab"), Cursor::At { y: 0, x: 2 });
    // A full row leaves it on its last column, its wrap pending.
    assert_eq!(cursor_after(b"abc"), Cursor::At { y: 0, x: 2 });
}
