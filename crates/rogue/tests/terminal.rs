//! The terminal is left as it was found.

use std::ffi::OsString;
use std::time::Duration;

use rogue_trace::capture::{vt100, PtySession};

fn start(args: &[&str], cols: u16, rows: u16) -> PtySession {
    let mut command = vec![OsString::from(env!("CARGO_BIN_EXE_rogue"))];
    command.extend(args.iter().map(OsString::from));
    PtySession::spawn(&command, cols, rows, "screen-256color", &[]).expect("rogue starts")
}

/// The terminal is back on its main screen, with a visible cursor and
/// plain attributes.
fn assert_restored(session: &PtySession) {
    let screen = session.screen();
    assert!(!screen.alternate_screen(), "still on the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is still hidden");
    assert_eq!(screen.fgcolor(), vt100::Color::Default, "colours left set");
    assert_eq!(screen.bgcolor(), vt100::Color::Default, "colours left set");
}

#[test]
fn part0_enters_and_leaves_curses_and_exits_0() {
    let mut session = start(&["--part", "0"], 100, 25);
    let status = session
        .wait_exit(Duration::from_secs(10))
        .expect("part 0 exits by itself");
    assert_eq!(status.exit_code(), 0);
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    assert!(raw.contains("\x1b[?1049h"), "never entered curses: {raw:?}");
    assert!(raw.contains("\x1b[?1049l"), "never left curses: {raw:?}");
    assert_restored(&session);
}

#[test]
fn quitting_with_q_restores_the_terminal() {
    for part in ["1", "2", "3", "4"] {
        let mut session = start(&["--part", part, "--seed", "7"], 100, 25);
        session.settle(&Default::default());
        session.send(b"jq").unwrap();
        let status = session.wait_exit(Duration::from_secs(10)).expect("q quits");
        assert_eq!(status.exit_code(), 0, "part {part}");
        assert_restored(&session);
    }
}
