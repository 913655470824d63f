//! A program's last words, read from the screens it left.

use std::num::NonZeroU16;

use rogue_capture::last_words::{of_ended, of_screen, MAX_CHARS};
use rogue_capture::vt100;

/// A terminal of `cols` by `rows` that was sent `output`.
fn terminal(cols: u16, rows: u16, output: &[u8]) -> vt100::Parser {
    let size = |n| NonZeroU16::new(n).unwrap();
    let mut parser = vt100::Parser::new(size(rows), size(cols), 0);
    parser.process(output);
    parser
}

#[test]
fn the_main_screen_is_read_not_the_alternate_one() {
    let before = b"usage: game\r\n\x1b[?1049h\x1b[H\x1b[2J@ the game";
    let inside = terminal(20, 5, before);
    assert!(inside.screen().alternate_screen());
    assert_eq!(of_screen(inside.screen()), ["usage: game"]);

    let mut after = before.to_vec();
    after.extend_from_slice(b"\x1b[?1049lbye\r\n\r\n  \r\nfailed: x > 0");
    let left = terminal(20, 6, &after);
    assert_eq!(
        of_screen(left.screen()),
        ["usage: game", "bye", "failed: x > 0"]
    );
}

#[test]
fn a_wrapped_line_is_one_line_and_long_ones_are_cut() {
    let long = "x".repeat(MAX_CHARS + 30);
    let parser = terminal(100, 5, format!("{long}\r\nend").as_bytes());
    let words = of_screen(parser.screen());
    assert_eq!(words, ["x".repeat(MAX_CHARS), "end".to_string()]);
}

#[test]
fn words_written_over_the_game_are_read_where_it_died_inside_it() {
    let game = b"\x1b[?1049h\x1b[H\x1b[2J#....#\r\n#.@..#";
    let died = [&game[..], b"\x1b[1;1Hpanicked at x.rs:3:9\r\n"].concat();
    let screen = terminal(20, 4, &died);
    let settled = ["#....#".to_string(), "#.@..#".to_string()];
    assert_eq!(
        of_ended(screen.screen(), Some(&settled), b"\x1b[1;1H?"),
        ["panicked at x.rs:3:9"]
    );
    // Nothing written over it: the main screen's words.
    let quiet = terminal(20, 4, game);
    assert!(of_ended(quiet.screen(), Some(&settled), b"").is_empty());
    // A message longer than the screen is read from what was written.
    let long = b"\x1b[2;3Hthread 'main' panicked at src/a.rs:1:2:\nindex out of bounds\n  0: x\n  1: y\n  2: z\n  3: w\n";
    let words = of_ended(screen.screen(), Some(&settled), long);
    assert_eq!(words[0], "thread 'main' panicked at src/a.rs:1:2:");
    assert_eq!(words[1], "index out of bounds");
}
