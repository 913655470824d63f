//! The terminal is left as it was found.

use std::ffi::OsString;
use std::time::Duration;

use rogue_crand::RngKind;
use rogue_engine::{GameConfig, Part};
use rogue_fov::FovMode;
use rogue_trace::capture::{vt100, PtySession, Timing};
use rogue_trace::replay::replay;

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

/// Sends `keys`, the last of which ends the game: it exits with status 0
/// and leaves the terminal restored.
fn end_with(session: &mut PtySession, keys: &[u8], context: &str) {
    session.send(keys).unwrap();
    let status = (session.wait_exit(Duration::from_secs(10)))
        .unwrap_or_else(|| panic!("{context}: the game did not end"));
    assert_eq!(status.exit_code(), 0, "{context}");
    assert_restored(session);
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
        end_with(&mut session, b"jq", &format!("part {part}"));
    }
}

/// Waits for the screen to settle and returns it as a trace step.
fn screen_now(session: &mut PtySession) -> rogue_trace::Step {
    session.settle(&Timing::default());
    session.step(None)
}

/// The headless port's last screen after `keys`, on a `cols` by `rows`
/// screen, for part 4 with glibc's seed 42.
fn replayed(keys: &str, cols: u16, rows: u16) -> rogue_trace::Step {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let keys: Vec<char> = keys.chars().collect();
    let mut step = replay(&config, cols, rows, &keys).steps.pop().unwrap();
    step.key = None;
    step
}

/// The session's screen, once settled, is the replay of `keys` at that size.
fn expect_screen(session: &mut PtySession, keys: &str, cols: u16, rows: u16, what: &str) {
    same_screen(&screen_now(session), &replayed(keys, cols, rows), what);
}

fn same_screen(a: &rogue_trace::Step, b: &rogue_trace::Step, what: &str) {
    assert_eq!(a.text, b.text, "{what}: characters");
    assert_eq!(a.colours, b.colours, "{what}: colours");
}

/// Sends `signal` (a name for `kill -s`) to the game mid-play and checks
/// the terminal is restored, by its state and by the last bytes written.
fn signal_restores(signal: &str) {
    let mut session = start(&["--seed", "42", "--rng", "glibc"], 100, 25);
    session.settle(&Timing::default());
    session.send(b"jj").unwrap();
    session.settle(&Timing::default());
    let pid = session.pid().expect("a process id").to_string();
    // The shell's own `kill`, which every system has.
    let killed = std::process::Command::new("sh")
        .args(["-c", &format!("kill -s {signal} {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());
    session
        .wait_exit(Duration::from_secs(10))
        .unwrap_or_else(|| panic!("SIG{signal} did not end rogue"));
    assert_restored(&session);
    let raw = session.raw_output();
    let tail = String::from_utf8_lossy(&raw[raw.len().saturating_sub(64)..]).to_string();
    assert!(
        tail.contains("\x1b[?1049l"),
        "SIG{signal}: no exit from the alternate screen at the end: {tail:?}"
    );
    assert!(
        tail.contains("\x1b[?25h"),
        "SIG{signal}: the cursor is not shown again at the end: {tail:?}"
    );
}

#[test]
fn sigterm_restores_the_terminal() {
    signal_restores("TERM");
}

#[test]
fn sigint_restores_the_terminal() {
    signal_restores("INT");
}

#[test]
fn sighup_restores_the_terminal() {
    signal_restores("HUP");
}

#[test]
fn a_panic_is_printed_after_the_terminal_is_restored() {
    let mut command = vec![OsString::from(env!("CARGO_BIN_EXE_rogue"))];
    command.extend(["--seed", "1"].map(OsString::from));
    let env = [("ROGUE_FORCE_PANIC".to_string(), "1".to_string())];
    let mut session = PtySession::spawn(&command, 100, 25, "screen-256color", &env).unwrap();
    let status = session
        .wait_exit(Duration::from_secs(10))
        .expect("rogue ends");
    assert_eq!(status.exit_code(), 101);
    assert_restored(&session);
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    let restored = raw.rfind("\x1b[?1049l").expect("the terminal is restored");
    let message = raw
        .find("forced panic (ROGUE_FORCE_PANIC is set)")
        .expect("the panic message is shown");
    assert!(
        message > restored,
        "the message was written before the terminal was restored"
    );
}

#[test]
fn no_term_or_an_unknown_term_is_named_before_curses_starts() {
    for (term, message) in [
        ("", "rogue: TERM is not set: curses needs it to know your terminal (e.g. TERM=xterm-256color)"),
        ("no-such-terminal", "rogue: unknown terminal type 'no-such-terminal' (TERM): there is no terminfo entry for it"),
    ] {
        let mut command = vec![OsString::from(env!("CARGO_BIN_EXE_rogue"))];
        command.push("--seed".into());
        command.push("1".into());
        let mut session = PtySession::spawn(&command, 100, 25, term, &[]).unwrap();
        let status = session.wait_exit(Duration::from_secs(10)).expect("rogue exits");
        assert_eq!(status.exit_code(), 1, "TERM={term:?}");
        let raw = String::from_utf8_lossy(session.raw_output()).to_string();
        assert_eq!(raw.trim_end(), message, "TERM={term:?}");
    }
}

#[test]
fn resizing_redraws_at_the_new_size() {
    let mut session = start(&["--seed", "42", "--rng", "glibc"], 100, 25);
    expect_screen(&mut session, "", 100, 25, "start");
    session.send(b"jjl").unwrap();
    expect_screen(&mut session, "jjl", 100, 25, "after jjl");
    // A resize is a key that does not move: the same state, drawn again.
    session.resize(60, 20).unwrap();
    expect_screen(&mut session, "jjl", 60, 20, "shrunk to 60x20");
    session.send(b"h").unwrap();
    expect_screen(&mut session, "jjlh", 60, 20, "a key at 60x20");
    session.resize(100, 25).unwrap();
    expect_screen(&mut session, "jjlh", 100, 25, "back to 100x25");
    end_with(&mut session, b"q", "q");
}

#[test]
fn a_tiny_terminal_plays_clipped_and_quits_cleanly() {
    // A 10x5 terminal shows the top-left 10x5 cells of the dungeon, as the
    // C original does; the game goes on and quits as usual.
    let mut session = start(&["--seed", "42", "--rng", "glibc"], 10, 5);
    expect_screen(&mut session, "", 10, 5, "start at 10x5");
    session.send(b"hhh").unwrap();
    expect_screen(&mut session, "hhh", 10, 5, "after hhh");
    session.resize(1, 1).unwrap();
    expect_screen(&mut session, "hhh", 1, 1, "at 1x1");
    end_with(&mut session, b"q", "q");
}

#[test]
fn every_other_key_is_a_turn_without_a_move() {
    let mut session = start(&["--seed", "42", "--rng", "glibc"], 100, 25);
    screen_now(&mut session);
    // Arrow up, F1, Ctrl-A, Tab, DEL, a two-byte and a four-byte character,
    // a lone invalid byte, then a real move.
    session
        .send(b"\x1b[A\x1bOP\x01\t\x7f\xc3\xa9\xf0\x9f\x98\x80\xffj")
        .unwrap();
    expect_screen(&mut session, "j", 100, 25, "other keys then j");
    // A burst of fast key repeat: every key is handled, in order.
    let burst = "llllllllllhhhhhhhhhhhhhhhhhhhhkkkkkkkkkkjjjjjjjjjjjjjjjjjjjjllllllllll".repeat(4);
    session.send(burst.as_bytes()).unwrap();
    expect_screen(&mut session, &format!("j{burst}"), 100, 25, "after a burst");
    // NUL ends the loop, as `while ((ch = getch()))` does.
    end_with(&mut session, b"\0", "NUL");
}

#[test]
fn every_field_of_view_mode_plays_in_the_terminal_as_in_replay() {
    for mode in FovMode::ALL {
        let mut session = start(
            &["--seed", "42", "--rng", "glibc", "--fov", mode.name],
            100,
            25,
        );
        screen_now(&mut session);
        let keys = "jlllll\tllll";
        session.send(keys.as_bytes()).unwrap();
        let config = GameConfig {
            fov: mode,
            ..GameConfig::new(Part::LAST, 42, RngKind::Glibc)
        };
        let chars: Vec<char> = keys.chars().collect();
        let mut expected = replay(&config, 100, 25, &chars).steps.pop().unwrap();
        expected.key = None;
        same_screen(&screen_now(&mut session), &expected, mode.name);
    }
}
