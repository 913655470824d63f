//! The emulated screen read back as a trace step.

use rogue_capture::screen::{left_of, Beyond};
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

/// A 10 by 5 terminal that heard `bytes`, with what it hears beside.
fn beside(bytes: &[u8]) -> vt100::Parser<Beyond> {
    let size = |n| std::num::NonZeroU16::new(n).unwrap();
    let mut parser = vt100::Parser::new_with_callbacks(
        size(5),
        size(10),
        0,
        Beyond::default(),
    );
    parser.process(bytes);
    parser
}

#[test]
fn every_mode_a_program_leaves_on_is_read_and_each_undone_is_restored() {
    let on = b"\x1b[?1049h\x1b[?1h\x1b[34;1m\x1b[?1002h\x1b[?2004h\x1b[?7l\x1b[2;4r\x1b[4h\x1b]2;game\x07\x1b]1;icon\x07";
    let mut parser = beside(on);
    assert_eq!(
        left_of(&parser, None).not_restored(),
        [
            "on the alternate screen",
            "with application cursor keys on (arrows sent as ESC O A)",
            "with the text colours and attributes left set (blue on the default colour, bold)",
            "with mouse reporting on (on a button's press, release and drag)",
            "with bracketed paste on",
            "with line wrap (autowrap) off",
            "with a scroll region set",
            "with insert mode on",
            "with the window title set to \"game\"",
            "with the icon title set to \"icon\"",
        ]
    );
    parser.process(b"\x1b[?1049l\x1b[?1l\x1b[m\x1b[?1002l\x1b[?2004l\x1b[?7h\x1b[r\x1b[4l\x1b]0;\x07");
    assert!(left_of(&parser, None).not_restored().is_empty());
    // A region that leaves out the top row is found too.
    assert_eq!(
        left_of(&beside(b"\x1b[3;5r"), None).not_restored(),
        ["with a scroll region set"]
    );
}

#[test]
fn curses_title_stack_puts_the_titles_back() {
    let pushed = beside(b"\x1b[22;0;0t\x1b]0;game\x07");
    assert_eq!(left_of(&pushed, None).window_title.unwrap(), "game");
    let popped = beside(b"\x1b[22;0;0t\x1b]0;game\x07\x1b[23;0;0t");
    assert!(left_of(&popped, None).not_restored().is_empty());
}

#[test]
fn bells_and_unhandled_sequences_are_heard_by_the_next_step_read() {
    let mut parser = beside(b"\x07\x1b[5x\x1b[?12l\x1b]9;x\x07");
    let heard = |p: &vt100::Parser<Beyond>, n| p.callbacks().heard_at(n);
    assert_eq!(heard(&parser, 1), ["ESC [ 5 x", "ESC ] 9 ; x 0x07", "bell"]);
    // Read again, the step takes what came since as well.
    parser.process(b"\x1bg");
    assert_eq!(heard(&parser, 1).len(), 4);
    assert!(heard(&parser, 2).is_empty(), "nothing since");
    parser.process(b"\x07\x1b#8");
    assert_eq!(heard(&parser, 3), ["ESC # 8", "bell"]);
    assert!(heard(&parser, 0).is_empty(), "an earlier step");
    // What came after the last step read is what it wrote as it ended.
    parser.process(b"\x1b[7x\x07");
    assert_eq!(
        left_of(&parser, None).not_restored(),
        ["with ESC [ 7 x, ^G (the bell) written as it ended, after its last screen"]
    );
}
