//! The terminal is left as it was found, and behaves as the C original's
//! does: resize, suspend, every key; the log.

#![cfg(unix)] // a Unix pseudo-terminal

use std::time::Duration;

use rogue_capture::{PtySession, Settle};
use rogue_fov_modes::FovMode;
use rogue_game::RngKind;
use rogue_game::{GameConfig, Part};
use rogue_testkit::{
    assert_restored, exit_code, replayed, same_screen, screen_now, start_with,
};
use rogue_trace_format::Step;

const ROGUE: &str = env!("CARGO_BIN_EXE_rogue");

fn start(args: &[&str], cols: u16, rows: u16) -> PtySession {
    rogue_testkit::start(ROGUE, args, cols, rows)
}

/// Sends `keys`, the last of which ends the game: it exits with status 0
/// and leaves the terminal restored.
fn end_with(session: &mut PtySession, keys: &[u8], context: &str) {
    session.send(keys).unwrap();
    assert_eq!(exit_code(session, context), 0, "{context}");
    assert_restored(session);
    assert_eq!(
        session.line_modes(),
        Some((true, true)),
        "{context}: canonical mode and echo"
    );
}

/// The port's screen for part 4, glibc's seed 42.
fn seed42(keys: &str, cols: u16, rows: u16) -> Step {
    replayed(
        &GameConfig::new(Part::LAST, 42, RngKind::Glibc),
        keys,
        cols,
        rows,
    )
}

/// The session's screen, once settled, is the replay of `keys` at that size.
fn expect_screen(
    session: &mut PtySession,
    keys: &str,
    cols: u16,
    rows: u16,
    what: &str,
) {
    same_screen(&screen_now(session), &seed42(keys, cols, rows), what);
}

/// Seed 42 (glibc) at 100x25 on `xterm-256color`, the terminal the C
/// original's byte counts were measured on.
fn seed42_on_xterm() -> PtySession {
    let args = ["--seed", "42", "--rng", "glibc"];
    start_with(ROGUE, &args, 100, 25, "xterm-256color", &[])
}

/// A scratch folder of this test binary.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
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
        session.settle(&Settle::default());
        end_with(&mut session, b"jq", &format!("part {part}"));
    }
}

/// Sends `signal` (a name for `kill -s`) to the game mid-play and checks
/// the terminal is restored, by its state and by the last bytes written.
fn signal_restores(signal: &str) {
    let mut session = start(&["--seed", "42", "--rng", "glibc"], 100, 25);
    session.settle(&Settle::default());
    session.send(b"jj").unwrap();
    session.settle(&Settle::default());
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
    let tail = String::from_utf8_lossy(&raw[raw.len().saturating_sub(64)..])
        .to_string();
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
fn no_term_or_an_unknown_term_is_named_before_curses_starts() {
    for (term, message) in [
        ("", "rogue: TERM is not set: curses needs it to know your terminal (e.g. TERM=xterm-256color)"),
        ("no-such-terminal", "rogue: unknown terminal type 'no-such-terminal' (TERM): there is no terminfo entry for it"),
    ] {
        let mut session = start_with(ROGUE, &["--seed", "1"], 100, 25, term, &[]);
        assert_eq!(exit_code(&mut session, term), 1, "TERM={term:?}");
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
        let expected = replayed(&config, keys, 100, 25);
        same_screen(&screen_now(&mut session), &expected, mode.name);
    }
}

#[test]
fn suspend_and_resume_redraw_the_game() {
    // Ctrl-Z stops the game (ncurses' SIGTSTP handler leaves curses first);
    // the shell's `fg` brings it back, and it is drawn again.
    let command = format!("set -m; {ROGUE} --seed 42 --rng glibc; fg");
    let mut session =
        start_with("sh", &["-c", &command], 100, 25, "screen-256color", &[]);
    expect_screen(&mut session, "", 100, 25, "start");
    session.send(b"jj").unwrap();
    expect_screen(&mut session, "jj", 100, 25, "after jj");
    session.send(b"\x1a").unwrap();
    expect_screen(&mut session, "jj", 100, 25, "after Ctrl-Z and fg");
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    let left = raw.find("\x1b[?1049l").expect("curses left on Ctrl-Z");
    assert!(
        raw[left..].contains("\x1b[?1049h"),
        "curses entered again on fg"
    );
    session.send(b"l").unwrap();
    expect_screen(&mut session, "jjl", 100, 25, "a key after fg");
    end_with(&mut session, b"q", "q");
}

#[test]
fn a_huge_terminal_is_refused_at_start_and_clipped_on_a_resize() {
    let mut session = start(&["--seed", "42"], 1001, 25);
    assert_eq!(exit_code(&mut session, "1001 columns"), 1);
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    assert!(
        raw.starts_with(
            "rogue: the terminal is 1001x25; rogue plays on terminals of up to 1000x1000"
        ),
        "{raw:?}"
    );

    let mut session = start(&["--seed", "42", "--rng", "glibc"], 100, 25);
    expect_screen(&mut session, "", 100, 25, "start");
    session.resize_pty(65535, 65535).unwrap();
    session.send(b"j").unwrap();
    screen_now(&mut session);
    session.resize(100, 25).unwrap();
    expect_screen(&mut session, "j", 100, 25, "back to 100x25");
    end_with(&mut session, b"q", "q after a huge resize");
}

#[test]
fn the_bytes_written_per_key_stay_the_c_original_s() {
    // The C original writes a median of 286 bytes a key on xterm-256color
    // for a 120-key walk of seed 42.
    let mut session = seed42_on_xterm();
    screen_now(&mut session);
    let walk = "jjjjllllllllllllkkkkhhhhhhhhjjjjjjjjllllllllllllllllkkkkkkhhhhhhhhhhhh".repeat(2);
    let mut sizes = Vec::new();
    for key in walk.bytes().take(120) {
        let before = session.raw_output().len();
        session.send(&[key]).unwrap();
        screen_now(&mut session);
        sizes.push(session.raw_output().len() - before);
    }
    sizes.sort_unstable();
    let median = sizes[sizes.len() / 2];
    assert!(median <= 286, "median {median} bytes a key");
    end_with(&mut session, b"q", "q");
}

/// The log's text.
fn log_text(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn the_log_appends_and_says_how_the_run_ended_and_how_to_replay_it() {
    let path = scratch("game.log");
    std::fs::write(&path, "kept line\n").unwrap();
    let log = path.to_str().unwrap();
    let mut session =
        start(&["--seed", "42", "--rng", "glibc", "--log", log], 100, 25);
    screen_now(&mut session);
    session.send(b"jjl").unwrap();
    screen_now(&mut session);
    end_with(&mut session, b"q", "q");
    let text = log_text(&path);
    assert!(
        text.starts_with("kept line\n"),
        "the log truncated the file: {text}"
    );
    assert!(text.contains("the game ended: q"), "{text}");
    assert!(text.contains("keys typed: jjlq"), "{text}");
    assert!(
        text.contains("replay it with: rogue-trace replay --part 4 --seed 42 --rng glibc --fov tutorial --size 100x25 --keys jjlq"),
        "{text}"
    );
    // Dated timestamps: 2026-11-23T01:02:03...
    let stamp = text.lines().nth(1).unwrap_or_default();
    assert!(
        stamp.len() > 20
            && stamp.as_bytes()[4] == b'-'
            && stamp.as_bytes()[10] == b'T',
        "{stamp}"
    );

    // The replay command gives the screens the game showed.
    let mut session =
        start(&["--seed", "42", "--rng", "glibc", "--log", log], 100, 25);
    screen_now(&mut session);
    session.send(b"\x03").unwrap();
    assert_ne!(exit_code(&mut session, "^C"), 0);
    assert!(
        log_text(&path).contains("the game ended: signal SIGINT"),
        "{}",
        log_text(&path)
    );
}

#[test]
fn the_log_is_not_touched_when_the_game_cannot_start() {
    let path = scratch("untouched.log");
    std::fs::write(&path, "precious\n").unwrap();
    let mut session =
        start_with(ROGUE, &["--log", path.to_str().unwrap()], 100, 25, "", &[]);
    assert_eq!(exit_code(&mut session, "no TERM"), 1);
    assert_eq!(log_text(&path), "precious\n");
}

#[test]
#[cfg(unix)]
fn the_log_through_a_symlink_appends_to_its_target() {
    let target = scratch("target.log");
    std::fs::write(&target, "target line\n").unwrap();
    let link = scratch("link.log");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let mut session =
        start(&["--seed", "1", "--log", link.to_str().unwrap()], 100, 25);
    screen_now(&mut session);
    end_with(&mut session, b"q", "q");
    let text = log_text(&target);
    assert!(
        text.starts_with("target line\n") && text.contains("the game ended: q"),
        "{text}"
    );
}

#[test]
fn a_log_that_cannot_be_written_is_reported_once_after_the_game() {
    let mut session = start(&["--seed", "1", "--log", "/dev/full"], 100, 25);
    screen_now(&mut session);
    session.send(b"q").unwrap();
    assert_eq!(exit_code(&mut session, "q"), 0);
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    let restored = raw.rfind("\x1b[?1049l").expect("the terminal is restored");
    let message = raw
        .find("rogue: the log could not be written:")
        .expect(&raw);
    assert!(message > restored, "{raw:?}");
    assert_eq!(raw.matches("the log could not be written").count(), 1);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut session = start(&["--log", dir.to_str().unwrap()], 100, 25);
    assert_eq!(exit_code(&mut session, "a folder"), 2);
}

#[test]
fn the_end_of_input_is_logged() {
    let path = scratch("eof.log");
    let _ = std::fs::remove_file(&path);
    let command =
        format!("printf jjl | {ROGUE} --seed 42 --log {}", path.display());
    let mut session =
        start_with("sh", &["-c", &command], 100, 25, "screen-256color", &[]);
    assert_eq!(exit_code(&mut session, "end of input"), 0);
    let text = log_text(&path);
    assert!(
        text.contains("the game ended: end of input")
            && text.contains("keys typed: jjl"),
        "{text}"
    );
}

#[test]
fn a_resize_repaints_the_screen_once_as_the_c_original_does() {
    // Every key ends in one `clear()`, a whole repaint (`\e[H\e[2J` on
    // xterm); a resize is a key too, and ncurses repaints once for it.
    let mut session = seed42_on_xterm();
    screen_now(&mut session);
    session.send(b"jl").unwrap();
    screen_now(&mut session);
    session.resize(80, 20).unwrap();
    screen_now(&mut session);
    session.send(b"l").unwrap();
    expect_screen(&mut session, "jll", 80, 20, "a key after the resize");
    let raw = String::from_utf8_lossy(session.raw_output()).to_string();
    assert_eq!(
        raw.matches("\x1b[H\x1b[2J").count(),
        1 + 2 + 1 + 1,
        "one repaint a key and one for the resize"
    );
    end_with(&mut session, b"q", "q");
}
