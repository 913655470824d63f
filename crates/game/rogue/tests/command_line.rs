//! The `rogue` binary's command line, run in a pseudo-terminal as a user
//! runs it: help, version, bad values, and a terminal without colours.

#![cfg(unix)] // a Unix pseudo-terminal

use std::time::Duration;

use rogue_capture::{PtySession, Settle, Settled};
use rogue_testkit::start_with;

/// Runs `rogue ARGS` in a 100x25 pseudo-terminal with the given `TERM`.
fn start(args: &[&str], term: &str) -> PtySession {
    start_with(env!("CARGO_BIN_EXE_rogue"), args, 100, 25, term, &[])
}

/// Waits for `rogue ARGS` to exit by itself; its status and output.
fn run(args: &[&str]) -> (u32, String) {
    let mut session = start(args, "screen-256color");
    let status = session
        .wait_exit(Duration::from_secs(10))
        .unwrap_or_else(|| panic!("rogue {args:?} did not exit"));
    let output = String::from_utf8_lossy(session.raw_output()).to_string();
    (status.exit_code(), output)
}

#[test]
fn bad_values_exit_2_with_one_line_before_curses_starts() {
    let cases: [(&[&str], &str); 12] = [
        (&["--seed", "-1"], "rogue: invalid value '-1' for '--seed <N>': expected an integer from 0 to 4294967295"),
        (&["--seed", "99999999999"], "rogue: invalid value '99999999999' for '--seed <N>': expected an integer from 0 to 4294967295"),
        (&["--rng", "foo"], "rogue: invalid value 'foo' for '--rng <KIND>'"),
        (&["--part", "9"], "rogue: invalid value '9' for '--part <N>': expected 0, 1, 2, 3 or 4"),
        (&["--fov", "x-ray"], "rogue: invalid value 'x-ray' for '--fov <MODE>'"),
        (&["--radius", "0"], "rogue: invalid value '0' for '--radius <N>'"),
        (&["--part", "3", "--fov", "rays"], "rogue: --fov needs --part 4: Part 3 has no field of view"),
        (&["--part", "2", "--radius", "5"], "rogue: --radius needs --part 4: Part 2 has no field of view"),
        (&["--log-level", "debug"], "rogue: the following required arguments were not provided: --log <FILE>"),
        (&["--log", "/nonexistent/dir/x.log"], "rogue: cannot open log file '/nonexistent/dir/x.log': No such file or directory"),
        (&["--frobnicate"], "rogue: unexpected argument '--frobnicate' found"),
        (&["--seed"], "rogue: a value is required for '--seed <N>'"),
    ];
    for (args, message) in cases {
        let (status, output) = run(args);
        assert_eq!(status, 2, "{args:?}: {output}");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {output:?}");
        assert!(lines[0].starts_with(message), "{args:?}: {output:?}");
        assert!(
            !output.contains('\x1b'),
            "{args:?}: curses wrote {output:?}"
        );
    }
}

#[test]
fn help_and_version_exit_0() {
    let (status, output) = run(&["--help"]);
    assert_eq!(status, 0);
    let output = strip_styles(&output);
    assert!(
        output.contains("Usage: rogue [OPTIONS]")
            && output.contains("--seed <N>"),
        "{output}"
    );
    assert!(
        output.contains("Tab turns it off and on only in: radius"),
        "{output}"
    );
    let (status, output) = run(&["--version"]);
    assert_eq!(status, 0);
    assert_eq!(
        output.trim(),
        format!("rogue {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_terminal_without_colours_gets_the_c_message_and_exit_0() {
    let mut session = start(&["--seed", "1"], "dumb");
    assert_ne!(session.settle(&Settle::default()), Settled::Exited);
    let output = String::from_utf8_lossy(session.raw_output()).to_string();
    assert!(
        output.contains("Your system doesn't support color. Can't start game!"),
        "{output:?}"
    );
    session.send(b"x").unwrap();
    let status = session
        .wait_exit(Duration::from_secs(10))
        .expect("rogue exits after a key");
    assert_eq!(status.exit_code(), 0);
}

/// The text without its escape sequences (help is styled on a terminal).
fn strip_styles(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|c| c.is_ascii_alphabetic());
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn a_signal_ends_the_wait_of_a_terminal_without_colours() {
    let mut session = start(&["--seed", "1"], "dumb");
    assert_ne!(session.settle(&Settle::default()), Settled::Exited);
    let pid = session.pid().expect("a process id").to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = session
        .wait_exit(Duration::from_secs(10))
        .expect("SIGTERM ends the wait");
    // As ncurses' own handler ends the C original: status 1.
    assert_eq!(
        (status.signal(), status.exit_code()),
        (None, 1),
        "{status:?}"
    );
}
