//! asciinema recordings through `rogue-trace`: `capture --cast` writes one
//! that replays to the same screens, `diff` and `--keys-from` read them,
//! and a bad one is refused on one line that names its line.

#![cfg(unix)] // a Unix pseudo-terminal

use std::path::PathBuf;
use std::process::{Command, Output};

fn rogue_trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(args)
        .output()
        .expect("rogue-trace runs")
}

/// The `rogue` binary, built beside `rogue-trace` by `cargo test
/// --workspace`.
fn rogue() -> String {
    let rogue =
        env!("CARGO_BIN_EXE_rogue-trace").replace("rogue-trace", "rogue");
    assert!(
        std::path::Path::new(&rogue).exists(),
        "rogue is built beside rogue-trace: run `cargo test --workspace`"
    );
    rogue
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("rogue-trace-cast-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_cast_written_by_capture_replays_to_the_same_screens() {
    let dir = scratch("capture");
    let (trace, cast) = (dir.join("game.trace"), dir.join("game.cast"));
    let keys = "jjjlllkkhx.llj";
    let out = rogue_trace(&[
        "capture",
        "--keys",
        keys,
        "--every",
        "--out",
        trace.to_str().unwrap(),
        "--cast",
        cast.to_str().unwrap(),
        "--",
        &rogue(),
        "--seed",
        "42",
        "--rng",
        "glibc",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let recording = std::fs::read_to_string(&cast).unwrap();
    assert!(recording.starts_with("{\"command\":"), "{recording}");
    assert_eq!(recording.matches(",\"i\",").count(), keys.len());
    let same =
        rogue_trace(&["diff", cast.to_str().unwrap(), trace.to_str().unwrap()]);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stdout));
    assert!(text(&same.stdout).contains("identical: 15 steps compared"));
    // asciinema plays it: everything the game wrote, in order.
    let asciinema =
        rogue_testkit::required_program(&["asciinema"], "asciinema");
    let played = Command::new(asciinema)
        .args(["play", "--idle-time-limit", "0.01"])
        .arg(&cast)
        .env("ASCIINEMA_CONFIG_HOME", dir.join("config"))
        .output()
        .expect("asciinema runs");
    assert!(played.status.success(), "{}", text(&played.stderr));
    let written: String = recording
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|event| event[1] == "o")
        .map(|event| event[2].as_str().unwrap().to_string())
        .collect();
    assert!(
        text(&played.stdout).contains(&written),
        "asciinema played it"
    );
    // Its keys, replayed into the port and the game by `compare`.
    let compared = rogue_trace(&[
        "compare",
        "--seed",
        "42",
        "--rng",
        "glibc",
        "--keys-from",
        cast.to_str().unwrap(),
        "--",
        &rogue(),
        "--seed",
        "{seed}",
        "--rng",
        "{rng}",
    ]);
    assert_eq!(
        compared.status.code(),
        Some(0),
        "{}",
        text(&compared.stdout)
    );
    // An existing file is never overwritten, and nothing is left behind.
    let again = rogue_trace(&[
        "capture",
        "--keys",
        "j",
        "--out",
        dir.join("new.trace").to_str().unwrap(),
        "--cast",
        cast.to_str().unwrap(),
        "--",
        &rogue(),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already exists"));
    assert!(!dir.join("new.trace").exists());
    assert_eq!(std::fs::read_to_string(&cast).unwrap(), recording);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_recordings_are_refused_on_one_line() {
    let dir = scratch("bad");
    let cases = [
        ("no-input.cast", "{\"version\": 2, \"width\": 10, \"height\": 3}\n[0.1, \"o\", \"x\"]\n", "no input events"),
        ("cut.cast", "{\"version\": 2, \"width\": 10, \"height\": 3}\n[0.1, \"i\", \"j\"]\n[0.2, \"o\", \"x", ":3: not a JSON event"),
        ("huge.cast", "{\"version\": 2, \"width\": 100000, \"height\": 3}\n", ":1: the header's width"),
        ("v9.cast", "{\"version\": 9}\n", ":1: not an asciicast v2 or v3 header"),
    ];
    for (name, content, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        let out = rogue_trace(&[
            "diff",
            path.to_str().unwrap(),
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(expected), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A device has no size to check before reading: it is read up to the
/// limit, and refused, not read until memory runs out.
#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_at_the_limit() {
    let out = rogue_trace(&["diff", "/dev/zero", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("'/dev/zero' is larger than"), "{err}");
}
