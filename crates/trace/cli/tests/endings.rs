//! How a captured program ended, named, with its last words: quitting on
//! the quit key typed last is a clean end, whose recording and trace diff
//! identical; a crash on the last key, or before it, fails the capture
//! with the signal named and what the program wrote outside its screens.
//! The program is `tests/fixtures/endings.c`.

#![cfg(unix)] // signals, and a Unix pseudo-terminal

mod common;
use common::{scratch, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `endings.c`, compiled into `dir` with the system's C compiler and
/// ncurses; compiled where it lies, so that an assertion names it
/// briefly.
fn endings(dir: &Path) -> PathBuf {
    let fixtures =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let binary = dir.join("endings");
    let built = Command::new("cc")
        .current_dir(fixtures)
        .args(["-O0", "-o"])
        .arg(&binary)
        .args(["endings.c", "-lncurses"])
        .status()
        .expect("cc runs");
    assert!(built.success(), "endings.c compiles");
    binary
}

/// The number of the line of `endings.c` that holds `code`.
fn line_of(code: &str) -> usize {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/endings.c");
    let source = std::fs::read_to_string(source).unwrap();
    1 + source
        .lines()
        .position(|l| l.contains(code))
        .expect("it is there")
}

/// `rogue-trace capture` of `program way`, typing `keys`, with `more`
/// options.
fn capture(program: &Path, way: &str, keys: &str, more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(["capture", "--size", "60x8", "--keys", keys])
        .args(more)
        .arg("--")
        .arg(program)
        .arg(way)
        .output()
        .expect("rogue-trace runs")
}

/// The lines of a capture's message that tell its last words.
fn last_words(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .skip_while(|l| *l != "its last words:")
        .skip(1)
        .map(|l| l.strip_prefix("  | ").expect("a line of its last words"))
        .collect()
}

#[test]
fn quitting_on_q_typed_last_is_a_clean_end_whose_recording_diffs_identical() {
    let dir = scratch("quit");
    let program = endings(&dir);
    // The program types its own keys, or the capture types them.
    for settle in ["observe", "watch"] {
        let cast = dir.join(format!("{settle}.cast"));
        let trace = dir.join(format!("{settle}.trace"));
        let files = [
            ["--settle", settle],
            ["--cast", cast.to_str().unwrap()],
            ["--out", trace.to_str().unwrap()],
        ]
        .concat();
        let out = capture(&program, "quit", "jjlllkq", &files);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{settle}: {stderr}");
        assert_eq!(stderr, "", "{settle}: a clean end says nothing");
        let written = std::fs::read_to_string(&trace).unwrap();
        assert!(written.contains("# keys: jjlllkq\n"), "{written}");
        // The last screen is the last key's before q: q's is the main
        // screen, after endwin.
        let last = "== step 6 key 'k'\nat 3,5";
        assert!(written.contains(last), "{settle}: {written}");
        let diff = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .arg("diff")
            .args([&cast, &trace])
            .output()
            .unwrap();
        let said = text(&diff.stdout);
        assert_eq!(diff.status.code(), Some(0), "{settle}: {said}");
        assert!(said.contains("identical: 2 steps compared"), "{said}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_crash_on_the_last_key_is_named_with_its_last_words() {
    let dir = scratch("crashes");
    let program = endings(&dir);
    let trace = dir.join("segv.trace");
    let out =
        capture(&program, "segv", "jlq", &["--out", trace.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "rogue-trace: the program was killed by SIGSEGV (segmentation fault) on its last key\n"
        ),
        "{stderr}"
    );
    // Before curses, then after it: the main screen, not the game's.
    assert_eq!(
        last_words(&stderr),
        ["endings: the segv way", "freeing the map"]
    );
    let written = std::fs::read_to_string(&trace).unwrap();
    assert!(written.contains("== step 2 key 'l'\nat 3,3"), "{written}");

    let out = capture(&program, "abort", "jq", &["--out", "/dev/null"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("was killed by SIGABRT (aborted) on its last key"));
    let words = last_words(&stderr);
    assert_eq!(words.len(), 2, "{stderr}");
    assert_eq!(words[0], "endings: the abort way");
    let failed = format!(
        "endings.c:{}: main: Assertion `rooms_freed' failed.",
        line_of("assert(rooms_freed);")
    );
    assert!(words[1].ends_with(&failed), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_crash_inside_curses_leaves_only_what_came_before_it() {
    let dir = scratch("inside");
    let program = endings(&dir);
    let out = capture(&program, "inside", "jjq", &["--out", "/dev/null"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("was killed by SIGSEGV (segmentation fault)"));
    // The game's screen is on the alternate screen, not in its last words.
    assert_eq!(last_words(&stderr), ["endings: the inside way"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ending_before_the_last_key_is_ending_early() {
    let dir = scratch("early");
    let program = endings(&dir);
    let out = capture(&program, "segv", "qjj", &["--out", "/dev/null"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "rogue-trace: capture ended early: the program was killed by SIGSEGV (segmentation fault) after 1 key(s)"
        ),
        "{stderr}"
    );
    let out = capture(&program, "bad", "jq", &["--out", "/dev/null"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "rogue-trace: capture ended early: the program exited with status 3 after 0 key(s)"
        ),
        "{stderr}"
    );
    assert_eq!(
        last_words(&stderr),
        ["usage: endings quit|segv|inside|abort"]
    );
    let _ = std::fs::remove_dir_all(dir);
}
