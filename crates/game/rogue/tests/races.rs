//! Signals that race the game's end: the terminal is restored every time.
//!
//! Each case is played 20 times, a signal sent at a different moment each
//! time, and every trial must end with the alternate screen left last,
//! nothing drawn after it, the cursor shown, the terminal back in canonical
//! mode with echo, and no crash.

#![cfg(unix)] // a Unix pseudo-terminal

use std::time::Duration;

use rogue_capture::PtySession;
use rogue_testkit::{assert_restored, screen_now, start, start_with};

const ROGUE: &str = env!("CARGO_BIN_EXE_rogue");
const TRIALS: u64 = 20;

/// Sends `signal` to `pid`.
fn kill(pid: u32, signal: i32) {
    // SAFETY: kill(2) has no memory preconditions.
    unsafe {
        libc::kill(pid as i32, signal);
    }
}

/// A pause of `trial` steps of 100 microseconds: each trial sends its
/// signal at another moment of the game's end.
fn stagger(trial: u64) {
    std::thread::sleep(Duration::from_micros(
        100 * (trial % 10) * (trial % 3 + 1),
    ));
}

/// The checks every trial must pass, once the program has ended with
/// `status` (an exit status, or 128 + the signal that ended it). `typed`
/// is what was typed: keys that reach the terminal after the game has
/// restored it are echoed by the terminal itself (as after the C
/// original), and are the only text allowed after the restore.
fn check(session: &mut PtySession, status: u32, typed: &[u8], what: &str) {
    assert!(
        [0, 1, 128 + 1, 128 + 2, 128 + 15].contains(&status),
        "{what}: ended with status {status} (a crash?)\n{}",
        String::from_utf8_lossy(session.raw_output())
    );
    let raw = session.raw_output();
    let text = String::from_utf8_lossy(raw);
    // A signal that comes before curses starts ends the game with the
    // terminal untouched.
    if let Some(entered) = text.rfind("\x1b[?1049h") {
        let left = text.rfind("\x1b[?1049l").unwrap_or_else(|| {
            panic!("{what}: never left the alternate screen")
        });
        assert!(
            left > entered,
            "{what}: the alternate screen was entered again last"
        );
        let after = &text[left + "\x1b[?1049l".len()..];
        let echoed = without_escapes(after);
        let typed = String::from_utf8_lossy(typed);
        assert!(
            echoed.trim().is_empty()
                || typed.contains(echoed.trim_start_matches('\r')),
            "{what}: drawn after the restore: {after:?}"
        );
        assert!(
            !after.contains('H') || echoed.contains('H'),
            "{what}: the cursor moved after the restore: {after:?}"
        );
    }
    assert_restored(session);
    assert_eq!(
        session.line_modes(),
        Some((true, true)),
        "{what}: canonical mode and echo"
    );
}

/// The text without its escape sequences.
fn without_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' if chars.peek() == Some(&'[') => {
                chars.next();
                chars.by_ref().find(|c| ('@'..='~').contains(c));
            }
            '\x1b' => {
                chars.next();
            }
            c => out.push(c),
        }
    }
    out
}

/// The exit status of the session's program: its code, or 128 + signal.
fn status_of(session: &mut PtySession, what: &str) -> u32 {
    let status = session
        .wait_exit(Duration::from_secs(20))
        .unwrap_or_else(|| panic!("{what}: the game did not end"));
    match status.signal() {
        Some(name) if name.contains("Interrupt") => 130,
        Some(name) if name.contains("Terminated") => 143,
        Some(name) if name.contains("Hangup") => 129,
        Some(name) => panic!("{what}: killed by {name}"),
        None => status.exit_code(),
    }
}

/// The flood of keys typed at once: less than the terminal's input buffer
/// (4 KB) holds, so that it is all typed while the game runs. (Keys typed
/// after the game has restored the terminal are echoed by the terminal
/// itself, as they would be after the C original.)
fn flood() -> Vec<u8> {
    "hjkllkjhjjjjllllkkkkhhhh".repeat(120).into_bytes()
}

#[test]
fn input_ending_together_with_sigint() {
    for trial in 0..TRIALS {
        let command = format!("printf jjjjllll | {ROGUE} --seed {trial}");
        let mut session = start_with(
            "sh",
            &["-c", &command],
            100,
            25,
            "screen-256color",
            &[],
        );
        let shell = session.pid().unwrap();
        // The game is the shell's child that is not printf.
        let game = (0..10_000).find_map(|_| {
            let children = std::fs::read_to_string(format!(
                "/proc/{shell}/task/{shell}/children"
            ))
            .ok()?;
            children
                .split_whitespace()
                .filter_map(|p| p.parse::<u32>().ok())
                .find(|p| {
                    std::fs::read_link(format!("/proc/{p}/exe"))
                        .is_ok_and(|e| e.ends_with("rogue"))
                })
        });
        stagger(trial);
        if let Some(game) = game {
            kill(game, libc::SIGINT);
        }
        let status = status_of(&mut session, "EOF and SIGINT");
        check(
            &mut session,
            status,
            b"",
            &format!("EOF and SIGINT, trial {trial}"),
        );
    }
}

#[test]
fn q_together_with_sigterm() {
    for trial in 0..TRIALS {
        let mut session =
            start(ROGUE, &["--seed", &trial.to_string()], 100, 25);
        screen_now(&mut session);
        session.send(b"jq").unwrap();
        stagger(trial);
        kill(session.pid().unwrap(), libc::SIGTERM);
        let status = status_of(&mut session, "q and SIGTERM");
        check(
            &mut session,
            status,
            b"jq",
            &format!("q and SIGTERM, trial {trial}"),
        );
    }
}

#[test]
fn sigterm_or_sigint_during_a_key_flood() {
    for trial in 0..TRIALS * 2 {
        let signal = if trial % 2 == 0 {
            libc::SIGTERM
        } else {
            libc::SIGINT
        };
        let mut session =
            start(ROGUE, &["--seed", &trial.to_string()], 100, 25);
        screen_now(&mut session);
        session.send(&flood()).unwrap();
        stagger(trial);
        kill(session.pid().unwrap(), signal);
        let status = status_of(&mut session, "a signal in a flood");
        check(
            &mut session,
            status,
            &flood(),
            &format!("signal {signal} in a flood, trial {trial}"),
        );
    }
}

#[test]
fn ctrl_c_typed_in_a_key_flood() {
    for trial in 0..TRIALS {
        let mut session =
            start(ROGUE, &["--seed", &trial.to_string()], 100, 25);
        screen_now(&mut session);
        let mut keys = flood();
        let at = (trial as usize * 211) % keys.len();
        keys.insert(at, 0x03);
        session.send(&keys).unwrap();
        let status = status_of(&mut session, "^C in a flood");
        assert_eq!(
            status, 1,
            "^C ends the game as ncurses' handler ends the C's"
        );
        check(
            &mut session,
            status,
            &keys,
            &format!("^C in a flood, trial {trial}"),
        );
    }
}
