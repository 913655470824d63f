//! The `rogue` binary's command line, run in a pseudo-terminal as a user
//! runs it: help, version, bad values, and a terminal without colours.

use std::ffi::OsString;
use std::time::Duration;

use rogue_trace::capture::{PtySession, Settled, Timing};

/// Runs `rogue ARGS` in a 100x25 pseudo-terminal with the given `TERM`.
fn start(args: &[&str], term: &str) -> PtySession {
    let mut command = vec![OsString::from(env!("CARGO_BIN_EXE_rogue"))];
    command.extend(args.iter().map(OsString::from));
    PtySession::spawn(&command, 100, 25, term, &[]).expect("rogue starts")
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
    let cases: [(&[&str], &str); 9] = [
        (&["--seed", "-1"], "rogue: invalid value '-1' for --seed: expected an integer from 0 to 4294967295"),
        (&["--seed", "99999999999"], "rogue: invalid value '99999999999' for --seed: expected an integer from 0 to 4294967295"),
        (&["--seed", "abc"], "rogue: invalid value 'abc' for --seed: expected an integer from 0 to 4294967295"),
        (&["--rng", "foo"], "rogue: invalid value 'foo' for --rng: expected glibc or msvc"),
        (&["--part", "9"], "rogue: invalid value '9' for --part: expected 0, 1, 2, 3 or 4"),
        (&["--log", "/nonexistent/dir/x.log"], "rogue: cannot open log file '/nonexistent/dir/x.log': No such file or directory"),
        (&["--frobnicate"], "rogue: unknown option '--frobnicate' (try --help)"),
        (&["--seed"], "rogue: missing value for '--seed' (try --help)"),
        (&["extra"], "rogue: unexpected argument 'extra' (try --help)"),
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
    assert!(output.contains("Usage: rogue [OPTIONS]") && output.contains("--seed N"));
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
    assert_ne!(session.settle(&Timing::default()), Settled::Exited);
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
