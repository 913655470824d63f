//! A capture sees a program wait for a key however it waits: a read of
//! several bytes at once, curses' `halfdelay` (a wait with a timeout) and
//! `nodelay` (polling between sleeps), the terminal's own line mode. The
//! program typing its own keys (`--settle observe`, the default) records
//! the very screens the capture typing them does (`--settle watch`), and
//! a program that cannot take the library (linked statically) is watched.
//! The program is `tests/fixtures/waits.c`; and a port in Java
//! (`tests/fixtures/Port.java`) that polls for keys between sleeps.

#![cfg(target_os = "linux")] // the preloaded library and /proc

use std::path::{Path, PathBuf};
use std::process::Command;

use rogue_trace_format::Trace;

const COLS: usize = 60;
const ROWS: usize = 6;

/// `waits.c`, compiled with the system's C compiler and ncurses for the
/// test `test`, dynamically linked (or statically with `static_link`).
fn waits(test: &str, static_link: bool) -> PathBuf {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/waits.c");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-waits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let libs: &[&str] = if static_link {
        &["-static", "-lncurses", "-ltinfo"]
    } else {
        &["-lncurses"]
    };
    rogue_testkit::compile_c(&source, &dir, test, libs)
}

/// A capture of `program how` typing `keys`, settled as `settle` says:
/// the trace's text and what rogue-trace said on its standard error.
fn capture(
    program: &Path,
    how: &str,
    settle: &str,
    keys: &str,
    every: bool,
) -> (String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rogue-trace"));
    command.args(["capture", "--settle", settle, "--keys", keys]);
    command.args(["--size", &format!("{COLS}x{ROWS}")]);
    if every {
        command.arg("--every");
    }
    let out = command.arg("--").arg(program).arg(how).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The header names the program, not how it was captured.
    (text, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The screen of the fixture with `first` on its first row.
fn screen(first: &str) -> Vec<String> {
    let mut rows = vec![format!("{first:<COLS$}")];
    rows.resize(ROWS, " ".repeat(COLS));
    rows
}

/// Each step's whole screen, and its key.
fn screens(trace: &str) -> Vec<(Option<char>, Vec<String>)> {
    let trace = Trace::parse(trace).expect("a trace");
    trace.steps.into_iter().map(|s| (s.key, s.text)).collect()
}

/// Captured both ways, the same trace and the same word on how it ended;
/// the trace.
fn both_ways_the_same(program: &Path, how: &str, keys: &str) -> String {
    for every in [true, false] {
        let observed = capture(program, how, "observe", keys, every);
        let watched = capture(program, how, "watch", keys, every);
        assert_eq!(observed, watched, "{how}, every step: {every}");
    }
    capture(program, how, "observe", keys, true).0
}

#[test]
fn a_read_of_several_bytes_gets_one_key_whole() {
    let waits = waits("bytes", false);
    let trace = both_ways_the_same(&waits, "bytes", "a€b\\rq");
    let mut shown = String::from("read:");
    let mut want = vec![(None, screen(&shown))];
    for key in ['a', '€', 'b', '\r'] {
        let mut bytes = [0; 4];
        let bytes = key.encode_utf8(&mut bytes).as_bytes();
        shown.push_str(&format!(" {}:", bytes.len()));
        for b in bytes {
            shown.push_str(&format!("{b:02x}"));
        }
        want.push((Some(key), screen(&shown)));
    }
    assert_eq!(screens(&trace), want);
}

/// The screens of the curses fixture after each of `keys`.
fn keys_shown(keys: &str) -> Vec<(Option<char>, Vec<String>)> {
    let mut shown = String::from("keys: ");
    let mut want = vec![(None, screen(&shown))];
    for key in keys.chars() {
        shown.push(key);
        want.push((Some(key), screen(&shown)));
    }
    want
}

#[test]
fn a_wait_with_a_timeout_is_a_wait() {
    let waits = waits("halfdelay", false);
    let trace = both_ways_the_same(&waits, "halfdelay", "ab cd");
    assert_eq!(screens(&trace), keys_shown("ab cd"));
}

#[test]
fn a_program_that_polls_between_sleeps_types_when_it_sleeps() {
    // It never waits in a read or a poll: the program itself says when it
    // waits; watched through /proc, it is seen waking and sleeping again
    // at next to no CPU, every key read, its screen drawn.
    let waits = waits("nodelay", false);
    for settle in ["observe", "watch"] {
        let (trace, said) = capture(&waits, "nodelay", settle, "ab cdq", true);
        assert_eq!(said, "", "{settle}: q typed last ends it cleanly");
        assert_eq!(screens(&trace), keys_shown("ab cd"), "{settle}");
    }
}

#[test]
fn a_program_that_pauses_before_it_draws_is_not_taken_for_a_poller() {
    // It naps 150 ms after each key, then draws: asleep once, not waking
    // again and again, it has not drawn the key's screen yet.
    let waits = waits("nap", false);
    let trace = both_ways_the_same(&waits, "nap", "abc");
    assert_eq!(screens(&trace), keys_shown("abc"));
}

#[test]
fn in_line_mode_the_capture_types_the_keys_itself() {
    let waits = waits("line", false);
    let trace = both_ways_the_same(&waits, "line", "ab\\rcd\\rq\\r");
    // The terminal echoes each key; the program writes each line read.
    let mut want = screen("lines:ab");
    want[1] = format!("{:<COLS$}", " [ab]cd");
    want[2] = format!("{:<COLS$}", " [cd]q");
    assert_eq!(screens(&trace).pop(), Some((Some('q'), want)));
}

#[test]
fn a_program_linked_statically_is_watched() {
    let waits = waits("static", true);
    let (trace, said) = capture(&waits, "bytes", "observe", "a€q", true);
    assert_eq!(said, "", "q typed last ends it cleanly");
    assert_eq!(screens(&trace).len(), 3);
    assert_eq!(screens(&trace)[2].1, screen("read: 1:61 3:e282ac"));
}

#[test]
fn a_slow_first_screen_at_work_on_the_cpu_is_not_hung() {
    // A second and a half of CPU before its first screen, past the hang
    // limit: the first screen is waited for within the busy limit alone.
    let waits = waits("spin", false);
    for settle in ["observe", "watch"] {
        let out = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args(["capture", "--settle", settle, "--busy-limit", "60"])
            .args(["--keys", "aq", "--every", "--size", "60x6", "--"])
            .arg(&waits)
            .arg("spin")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{settle}: {said}");
        let trace = String::from_utf8(out.stdout).unwrap();
        let shown = screens(&trace);
        assert_eq!(shown[0].1, screen("read:"), "{settle}");
        assert_eq!(shown[1].1, screen("read: 1:61"), "{settle}");
    }
}

#[test]
fn a_key_that_raises_a_signal_is_typed_by_the_capture() {
    // Ctrl-C: the terminal turns it into SIGINT, and curses' handler ends
    // the program; the library hands the typing back before it.
    let waits = waits("signal", false);
    let trace = both_ways_the_same(&waits, "halfdelay", "ab\\u0003cd");
    let (_, said) =
        capture(&waits, "halfdelay", "observe", "ab\\u0003cd", true);
    assert!(
        said.contains("exited with status 1 after 3 key(s)"),
        "{said}"
    );
    assert_eq!(screens(&trace), keys_shown("ab"));
}

/// `planted.c` and `Port.java`, its twin in Java, built into `dir`: the
/// C's binary and the Java class's folder.
fn planted_and_java(dir: &Path) -> (PathBuf, PathBuf) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let planted = rogue_testkit::compile_c(
        &fixtures.join("planted.c"),
        dir,
        "planted",
        &[],
    );
    let javac =
        rogue_testkit::required_program(&["javac"], "default-jdk-headless");
    let classes = dir.join("java");
    let built = Command::new(javac)
        .arg("-d")
        .arg(&classes)
        .arg(fixtures.join("Port.java"))
        .status()
        .expect("javac runs");
    assert!(built.success(), "Port.java compiles");
    (planted, classes)
}

#[test]
fn a_java_port_that_polls_for_keys_is_waiting_not_busy() {
    // System.in.available() then Thread.sleep(10): never a read of the
    // terminal while it waits, its terminal set by stty.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-java-{}", std::process::id()));
    let (planted, classes) = planted_and_java(&dir);
    let port = format!("java -cp {} Port --seed {{seed}}", classes.display());
    for keys in ["jlxq", "hhkk\\x01l"] {
        let out = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args([
                "compare", "--seed", "3", "--rng", "glibc", "--size", "30x8",
            ])
            .args(["--keys", keys, "--port", &port, "--"])
            .arg(&planted)
            .args(["--seed", "{seed}"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{keys}: {stdout}");
        assert!(stdout.contains("identical: "), "{keys}: {stdout}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
