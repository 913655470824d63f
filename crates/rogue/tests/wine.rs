//! The Windows build, in Wine's console in a pseudo-terminal: `rogue.exe`
//! plays every msvc golden trace of the C original, ends on Ctrl-C as the
//! C original ends there, plays without `TERM`, logs to a Windows path
//! whose replay line `rogue-trace.exe` plays, and refuses bad arguments
//! on one line.
//!
//! These tests need Wine and the Windows build (`make windows`), so they
//! are ignored by a plain `cargo test`; `make test` runs them with
//! `--ignored` when Wine and MinGW are installed (`make test-windows`),
//! and says so when they are not. `ROGUE_WINDOWS_DIR` names the folder of
//! `rogue.exe`, `rogue-trace.exe` and `wine-console.exe`, the launcher
//! that lets Wine's console pass keys on (`tests/windows/wine-console.c`).
//!
//! Wine's console draws in the terminal; keys reach it through the
//! terminal, typed by the project's own capture. The program cannot be
//! watched through `/proc` as on Linux (Wine's console reads the keys, not
//! the game), so a screen has settled when the output pauses.
//!
//! Colours: the Windows console has no "terminal's own colours". PDCurses
//! draws colour pair 0 and pair 1 (white on black) with the same console
//! attribute, 7, and Wine draws the console's white and black as the
//! terminal's own foreground and background: pair 1 comes out in the
//! terminal's own colours, and pair 2 (blue on black) as blue on the
//! terminal's own background. [`console_look`] reads the terminal's own
//! colours as the console's white on black, on both sides of the
//! comparison, here and nowhere else; blue stays blue.

#![cfg(unix)] // Wine runs on Unix; on Windows the game runs itself.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use rogue_capture::{Settle, Stopped, Timing};
use rogue_testkit::{goldens, record};
use rogue_trace_format::classes::{Colour, Look};
use rogue_trace_format::{Step, Trace};

/// What the tests need: the Windows build's folder.
fn windows_dir() -> PathBuf {
    let dir = std::env::var_os("ROGUE_WINDOWS_DIR")
        .map(PathBuf::from)
        .expect("ROGUE_WINDOWS_DIR names the folder of the Windows build (make test-windows)");
    for exe in ["rogue.exe", "rogue-trace.exe", "wine-console.exe"] {
        assert!(
            dir.join(exe).exists(),
            "{} has no {exe}: make windows",
            dir.display()
        );
    }
    dir
}

/// `wine wine-console.exe PROGRAM.exe ARGS`.
fn on_console(program: &str, args: &[&str]) -> Vec<OsString> {
    let dir = windows_dir();
    let mut command = vec![
        OsString::from("wine"),
        dir.join("wine-console.exe").into(),
        dir.join(program).into(),
    ];
    command.extend(args.iter().map(OsString::from));
    command
}

/// Waits for output to pause: the only settle Wine's console allows.
fn settle() -> Settle {
    Settle::Quiet(Timing {
        quiet: Duration::from_millis(200),
        first_output: Duration::from_millis(1500),
        busy_limit: Duration::from_secs(20),
    })
}

/// Captures `command` typing `keys` on a `cols` by `rows` terminal.
fn play(
    command: &[OsString],
    cols: u16,
    rows: u16,
    keys: &[char],
    term: &str,
) -> (Trace, Option<Stopped>) {
    let env = [("WINEDEBUG".to_string(), "-all".to_string())];
    record(command, (cols, rows), keys, term, &env, settle())
}

/// A cell's look as the Windows console holds it: the terminal's own
/// colours are its white on black.
fn console_look(look: Look) -> Look {
    let or = |colour, console| match colour {
        Colour::Default => Colour::Index(console),
        colour => colour,
    };
    Look {
        fg: or(look.fg, 7),
        bg: or(look.bg, 0),
        attributes: look.attributes,
    }
}

/// Every step the same: characters exactly, colours as the console shows
/// them.
fn same_steps(ours: &[Step], golden: &[Step], what: &str) {
    assert_eq!(ours.len(), golden.len(), "{what}: number of steps");
    let looks = |step: &Step| -> Vec<Vec<Look>> {
        (0..step.text.len())
            .map(|y| step.looks(y).into_iter().map(console_look).collect())
            .collect()
    };
    for (a, b) in ours.iter().zip(golden) {
        let n = b.number;
        assert_eq!(a.text, b.text, "{what} step {n}: characters");
        assert_eq!(looks(a), looks(b), "{what} step {n}: colours");
    }
}

/// The msvc golden traces, by name.
fn msvc_goldens() -> Vec<(String, Trace)> {
    let found: Vec<_> = (1..=4)
        .flat_map(goldens)
        .filter(|(name, _)| name.contains("-msvc-"))
        .collect();
    assert!(!found.is_empty(), "no msvc golden traces");
    found
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn every_msvc_golden_step_on_the_windows_console() {
    let started = std::time::Instant::now();
    let mut keys = 0;
    for (name, golden) in msvc_goldens() {
        let h = &golden.header;
        let part = h.part.expect("a part").to_string();
        let seed = h.seed.expect("a seed").to_string();
        // No --rng: Microsoft's rand() is the Windows build's own.
        let command =
            on_console("rogue.exe", &["--part", &part, "--seed", &seed]);
        let (ours, stopped) = play(&command, h.cols, h.rows, &h.keys, "xterm");
        assert_eq!(stopped, None, "{name}");
        same_steps(&ours.steps, &golden.steps, &name);
        keys += h.keys.len();
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{keys} keys in {seconds:.1} s: {:.1} keys/s under Wine",
        keys as f64 / seconds
    );
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn ctrl_c_ends_the_game_with_status_0_as_it_ends_the_c_original() {
    let command = on_console("rogue.exe", &["--seed", "42"]);
    let mut session = rogue_capture::PtySession::spawn(
        &command,
        100,
        25,
        "xterm",
        &[("WINEDEBUG".into(), "-all".into())],
    )
    .expect("wine starts");
    // Wine may take seconds to start: wait for the first output as long
    // as for a busy program.
    let timing = *settle().timing();
    session.settle(&Settle::Quiet(Timing {
        first_output: timing.busy_limit,
        ..timing
    }));
    assert!(
        session
            .step(0, None)
            .text
            .iter()
            .any(|row| row.contains('@')),
        "the game is on the screen"
    );
    session.send(b"\x03").expect("^C is typed");
    let status = session
        .wait_exit(Duration::from_secs(30))
        .expect("the game ends");
    assert_eq!(status.exit_code(), 0);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_game_plays_with_no_term() {
    let (_, golden) = msvc_goldens()
        .into_iter()
        .find(|(n, _)| n.starts_with("part4"))
        .expect("a Part 4 golden");
    let h = &golden.header;
    let seed = h.seed.unwrap().to_string();
    let keys: Vec<char> = h.keys.iter().copied().take(10).collect();
    let command = on_console("rogue.exe", &["--seed", &seed]);
    let (ours, stopped) = play(&command, h.cols, h.rows, &keys, "");
    assert_eq!(stopped, None);
    same_steps(&ours.steps, &golden.steps[..=keys.len()], "no TERM");
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_log_takes_a_windows_path_and_its_replay_line_plays_on_windows() {
    let dir = windows_dir();
    let log_unix = dir.join("wine-test.log");
    let _ = std::fs::remove_file(&log_unix);
    // Wine's drive Z: is the Unix root.
    let log_windows = format!("Z:{}", log_unix.display()).replace('/', "\\");
    let keys: Vec<char> = "jjlllkh".chars().collect();
    let command =
        on_console("rogue.exe", &["--seed", "42", "--log", &log_windows]);
    let mut all_keys = keys.clone();
    all_keys.push('q');
    let (ours, stopped) = play(&command, 100, 25, &all_keys, "xterm");
    assert!(
        matches!(stopped, Some(Stopped::Exited { .. })),
        "{stopped:?}"
    );
    let log = std::fs::read_to_string(&log_unix).expect("the log is written");
    let line = log
        .lines()
        .find_map(|l| {
            l.split_once("replay it with: ").map(|(_, c)| c.to_string())
        })
        .unwrap_or_else(|| panic!("no replay line in {log}"));
    let words = shell_words::split(&line).expect("a command line");
    assert_eq!(words[0], "rogue-trace");
    let replay = Command::new("wine")
        .arg(dir.join("rogue-trace.exe"))
        .args(&words[1..])
        .env("WINEDEBUG", "-all")
        .output()
        .expect("rogue-trace.exe runs");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed = Trace::parse(&String::from_utf8_lossy(&replay.stdout))
        .expect("a trace");
    // The replay's last screen is the game's screen before `q`.
    let last = replayed.steps.last().expect("a step");
    let seen = &ours.steps[keys.len()];
    for (y, row) in seen.text.iter().enumerate() {
        assert_eq!(last.text.get(y), Some(row), "row {y}");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn bad_arguments_get_one_line_and_exit_2() {
    let dir = windows_dir();
    for args in [&["--seed", "x"][..], &["--part", "9"], &["--frobnicate"]] {
        let out = Command::new("wine")
            .arg(dir.join("rogue.exe"))
            .args(args)
            .env("WINEDEBUG", "-all")
            .output()
            .expect("wine runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("rogue: "), "{args:?}: {stderr}");
    }
}
