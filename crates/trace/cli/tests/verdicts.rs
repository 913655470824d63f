//! What `compare`'s verdict says it covered: the walk it played (drawn
//! from a seed it prints when none is given), the steps compared and the
//! keys typed; both sides stopping early alike, or showing blank screens
//! only, is never "identical"; how each side ended is compared, a crash
//! named with its signal and its last words. The programs are the
//! stand-in of Part 1 (`tests/fixtures/part1.c`), with its planted bugs,
//! and the built-in port.

#![cfg(unix)] // a Unix pseudo-terminal, signals and ncurses

mod common;

use common::{fixture, rogue_trace, scratch_path, text};

use std::path::PathBuf;
use std::sync::OnceLock;

use rogue_testkit::compile_c;
use rogue_trace_format::Trace;

/// The stand-in of Part 1, compiled once.
fn part1() -> &'static str {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let source = fixture("part1.c");
            compile_c(&source, &scratch_path("bin"), "part1", &["-lncurses"])
        })
        .to_str()
        .unwrap()
}

/// `rogue-trace compare --part 1 ARGS -- part1`: its exit status, output
/// and log.
fn compare(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["compare", "--part", "1"];
    all.extend(args);
    all.extend(["--", part1()]);
    let out = rogue_trace(&all);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The port `part1 --plant WHAT`.
fn planted(what: &str) -> String {
    format!("{} --plant {what}", part1())
}

/// The verdict: the last line, without the sides' names.
fn verdict(stdout: &str) -> &str {
    let last = stdout.lines().last().expect("a verdict");
    last.rsplit_once(" (A: ")
        .map_or(last, |(verdict, _)| verdict)
}

/// The keys of the reference's trace `compare --out DIR` wrote.
fn keys_written(dir: &PathBuf) -> Vec<char> {
    let name = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with("reference.trace"))
        .expect("the reference's trace");
    let text = std::fs::read_to_string(name).unwrap();
    Trace::parse(&text).unwrap().header.keys
}

#[test]
fn without_keys_a_walk_is_played_from_a_seed_drawn_and_printed() {
    let (status, stdout, stderr) = compare(&[]);
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    let seed = stdout
        .strip_prefix("played the default walk of 400 keys drawn from seed ")
        .and_then(|s| s.split_once(": --walk 400\n"))
        .map(|(seed, _)| seed)
        .unwrap_or_else(|| panic!("the seed drawn: {stdout}"));
    // Part 1 has no seed: the walk's is said once, on standard output.
    assert!(!stderr.contains("seed"), "{stderr}");
    assert!(
        stdout.contains(&format!("--seed {seed} --walk 400 -- ")),
        "the reproduce line holds the seed: {stdout}"
    );
    assert_eq!(
        verdict(&stdout),
        "identical: 401 steps compared, 400 keys typed"
    );
    // A walk of another length, the same from the same seed.
    let walked = |seed: &str, out: &str| {
        let dir = scratch_path(out);
        let dir_text = dir.to_str().unwrap();
        let (status, stdout, stderr) =
            compare(&["--seed", seed, "--walk", "30", "--out", dir_text]);
        assert_eq!(status, Some(0), "{stdout}{stderr}");
        assert!(
            stdout.starts_with(&format!(
                "played a walk of 30 keys drawn from seed {seed}: --walk 30\n"
            )),
            "{stdout}"
        );
        assert_eq!(
            verdict(&stdout),
            "identical: 31 steps compared, 30 keys typed"
        );
        assert_eq!(stderr.lines().filter(|l| l.contains("drew")).count(), 0);
        keys_written(&dir)
    };
    let (once, again, other) =
        (walked("5", "a"), walked("5", "b"), walked("6", "c"));
    assert_eq!(once.len(), 30);
    assert_eq!(once, again, "one seed, one walk");
    assert_ne!(once, other, "another seed, another walk");
}

#[test]
fn no_keys_compares_the_first_screen_only_and_says_so() {
    let (status, stdout, _) = compare(&["--keys", ""]);
    assert_eq!(status, Some(0), "{stdout}");
    assert!(
        stdout.starts_with("typed no key: the first screen only\n"),
        "{stdout}"
    );
    assert_eq!(
        verdict(&stdout),
        "identical: 1 step compared, no key typed (the first screen only)"
    );
}

#[test]
fn both_sides_stopping_early_alike_is_not_identical() {
    // Both die on x, the third of five keys.
    let port = planted("segv");
    let mut args = vec!["compare", "--part", "1", "--keys", "jjxll"];
    args.extend(["--port", &port, "--", part1(), "--plant", "segv"]);
    let out = rogue_trace(&args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(
        verdict(&stdout),
        "stopped early, alike: each side was killed by SIGSEGV (segmentation fault) at key 3 of 5 ('x'); \
         identical up to there: 3 steps compared, 3 of 5 keys typed"
    );
    // Each side's end, and what it wrote as it died.
    for role in ["the reference", "the port"] {
        assert!(
            stdout.contains(&format!(
                "{role} stopped: the program was killed by SIGSEGV (segmentation fault) after 3 key(s); \
                 the screens before are recorded\n  its last words:\n    | part1: x: writing through a null pointer\n"
            )),
            "{stdout}"
        );
    }
}

#[test]
fn a_side_that_stops_after_keys_typed_at_once_counts_keys_not_joins() {
    // The port dies on x, the fourth of six keys, after a burst of three.
    let port = planted("segv");
    let (status, stdout, _) =
        compare(&["--keys", "j\\{+}j\\{+}jxll", "--port", &port]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "the port stopped: the program was killed by SIGSEGV (segmentation fault) after 4 key(s); \
             the screens before are recorded; the last key typed: key 4 of 6 ('x')"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("after 6 key(s)"), "{stdout}");
}

#[test]
fn blank_screens_on_both_sides_covered_nothing() {
    // Part 1's @ is at row 10, column 20: outside a 15x6 screen.
    let (status, stdout, _) = compare(&["--size", "15x6", "--keys", "jjll"]);
    assert_eq!(status, Some(1), "{stdout}");
    assert_eq!(
        verdict(&stdout),
        "covered nothing: both screens were blank at every step (5 steps compared, 4 keys typed); \
         is the screen large enough to show the game?"
    );
}

#[test]
fn the_endings_are_compared_and_a_crash_named() {
    // Both quit on q, exiting 0: identical, and said.
    let (status, stdout, _) = compare(&["--keys", "jjq"]);
    assert_eq!(status, Some(0), "{stdout}");
    assert_eq!(
        verdict(&stdout),
        "identical: 3 steps compared, 3 keys typed, each side exited with status 0 on the last key ('q')"
    );
    // The port aborts after leaving curses on q.
    let port = planted("abort");
    let (status, stdout, _) = compare(&["--keys", "jjq", "--port", &port]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "the reference ended: the program exited with status 0 on its last key\n\
             the port ended: the program was killed by SIGABRT (aborted) on its last key\n"
        ),
        "{stdout}"
    );
    assert!(
        verdict(&stdout).ends_with(
            "; the screens were identical, 3 steps compared, 3 keys typed"
        ),
        "{stdout}"
    );
    // The port dies on x, the reference goes on.
    let port = planted("segv");
    let (status, stdout, _) = compare(&["--keys", "jjxll", "--port", &port]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "the port stopped: the program was killed by SIGSEGV (segmentation fault) after 3 key(s); \
             the screens before are recorded\n  its last words:\n    | part1: x: writing through a null pointer\n"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("the reference stopped"), "{stdout}");
    assert!(
        verdict(&stdout)
            .ends_with("A has 6 steps, B has 3: step(s) 3 to 5 only in A"),
        "{stdout}"
    );
}

#[test]
fn a_side_that_seeds_from_the_clock_unpinned_is_told_its_pin() {
    let source = fixture("seeded.c");
    let seeded =
        compile_c(&source, &scratch_path("bin"), "seeded", &["-lncurses"]);
    let seeded = seeded.to_str().unwrap();
    // Both sides given {seed}, which each ignores for the clock.
    let given = format!("env SEED={{seed}} {seeded}");
    let words = shell_words::split(&given).unwrap();
    let mut args = vec!["compare", "--seed", "42", "--keys", "lj"];
    args.extend(["--port", &given, "--"]);
    args.extend(words.iter().map(String::as_str));
    let out = rogue_trace(&args);
    let stdout = text(&out.stdout);
    for (role, pin) in [("the reference", "--pin"), ("the port", "--pin-port")]
    {
        assert!(
            stdout.contains(&format!(
                "{role} gave srand() the clock's time() before its first \
                 screen, unpinned: \
                 it seeds from the clock, not from --seed; give {pin}\n"
            )),
            "{stdout}"
        );
    }
    // The reference pinned: the port alone is told.
    let mut args = vec!["compare", "--seed", "42", "--keys", "lj", "--pin"];
    args.extend(["--port", &given, "--", seeded]);
    let stdout = text(&rogue_trace(&args).stdout);
    assert!(stdout.contains("the port gave srand()"), "{stdout}");
    assert!(!stdout.contains("the reference gave srand()"), "{stdout}");
}
