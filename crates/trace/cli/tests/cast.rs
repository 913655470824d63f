//! asciinema recordings through `rogue-trace`: `capture --cast` writes one
//! that replays to the same screens, `diff` and `--keys-from` read them,
//! and a bad one is refused on one line that names its line.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;
use common::{rogue, rogue_trace, scratch, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `rogue-trace capture` of `rogue` with the keys and the seed of the
/// recording `cast`, its trace written to `out`. (`rogue`'s own `--seed`
/// is a stand-in: the header's seed is `--seed-from`'s.)
fn capture_from(cast: &Path, out: &Path) -> Output {
    let (cast, out) = (cast.to_str().unwrap(), out.to_str().unwrap());
    rogue_trace(&[
        "capture",
        "--keys-from",
        cast,
        "--seed-from",
        cast,
        "--out",
        out,
        "--",
        &rogue(),
        "--seed",
        "42",
        "--rng",
        "glibc",
    ])
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

/// The header of the recording at `path`, as JSON.
fn cast_header(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

/// `diff A B`, which must say identical.
fn identical(a: &Path, b: &Path) {
    let out = rogue_trace(&["diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{} vs {}: {}",
        a.display(),
        b.display(),
        text(&out.stdout)
    );
}

#[test]
fn a_capture_with_a_capture_s_recording_s_keys_and_seed_diffs_identical() {
    let dir = scratch("both-ways");
    let cast = dir.join("game.cast");
    // A recording that ends as a player ends it: with q.
    let out = rogue_trace(&[
        "capture",
        "--keys",
        "jjjlllkkhx.lljq",
        "--seed",
        "42",
        "--cast",
        cast.to_str().unwrap(),
        "--out",
        dir.join("first.trace").to_str().unwrap(),
        "--",
        &rogue(),
        "--seed",
        "42",
        "--rng",
        "glibc",
    ]);
    assert_eq!(out.status.code(), Some(0), "q typed last ends it cleanly");
    assert_eq!(cast_header(&cast)["timestamp"], 42, "the seed given");
    // Its keys, up to q, and its seed, into a capture and a replay.
    let (again, replayed) = (dir.join("again.trace"), dir.join("replay.trace"));
    let out = capture_from(&cast, &again);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace = std::fs::read_to_string(&again).unwrap();
    assert!(
        trace.contains("# seed: 42\n# size: 100x25\n# keys: jjjlllkkhx.lljq\n")
    );
    let out = rogue_trace(&[
        "replay",
        "--keys-from",
        cast.to_str().unwrap(),
        "--seed-from",
        again.to_str().unwrap(),
        "--rng",
        "glibc",
        "--out",
        replayed.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    identical(&cast, &again);
    identical(&cast, &replayed);
    identical(&again, &replayed);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
#[cfg(target_os = "linux")]
fn a_pinned_recording_gives_its_seed_back_to_a_pinned_capture() {
    let dir = scratch("pinned");
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/seeded.c");
    let seeded =
        rogue_testkit::compile_c(&source, &dir, "seeded", &["-lncurses"]);
    let (cast, trace) = (dir.join("seeded.cast"), dir.join("seeded.trace"));
    for rng in ["glibc", "msvc"] {
        let _ = std::fs::remove_file(&cast);
        let _ = std::fs::remove_file(&trace);
        let out = rogue_trace(&[
            "capture",
            "--pin",
            "--seed",
            "1732147200",
            "--rng",
            rng,
            "--keys",
            "lljq",
            "--cast",
            cast.to_str().unwrap(),
            "--",
            seeded.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let out = rogue_trace(&[
            "capture",
            "--pin",
            "--seed-from",
            cast.to_str().unwrap(),
            "--rng",
            rng,
            "--keys-from",
            cast.to_str().unwrap(),
            "--every",
            "--out",
            trace.to_str().unwrap(),
            "--",
            seeded.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{rng}: {}", text(&out.stderr));
        let captured = std::fs::read_to_string(&trace).unwrap();
        assert!(captured.contains("\nseed 1732147200 rand"), "{captured}");
        identical(&cast, &trace);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_recording_made_with_asciinema_diffs_identical_to_a_capture_of_its_keys() {
    let asciinema =
        rogue_testkit::required_program(&["asciinema"], "asciinema");
    let dir = scratch("asciinema");
    let cast = dir.join("game.cast");
    let game = format!("{} --seed 42 --rng glibc", rogue());
    // asciinema, captured, records the game as a player would.
    let out = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(["capture", "--keys", "jjjlllkkhx.lljq", "--out", "/dev/null"])
        .arg("--")
        .arg(&asciinema)
        .args(["rec", "--stdin", "--quiet"])
        .args(["--command", &game, cast.to_str().unwrap()])
        .env("ASCIINEMA_CONFIG_HOME", dir.join("config"))
        .output()
        .expect("rogue-trace runs");
    assert!(cast.exists(), "asciinema wrote it: {}", text(&out.stderr));
    let timestamp = cast_header(&cast)["timestamp"].as_u64().unwrap();
    let again = dir.join("again.trace");
    let out = capture_from(&cast, &again);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace = std::fs::read_to_string(&again).unwrap();
    assert!(
        trace.contains(&format!("# seed: {}\n", timestamp as u32)),
        "{trace}"
    );
    identical(&cast, &again);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn seed_from_a_file_without_one_or_with_seed_is_refused_on_one_line() {
    let dir = scratch("seed-from");
    let no_time = dir.join("no-time.cast");
    std::fs::write(
        &no_time,
        "{\"version\": 2, \"width\": 10, \"height\": 3}\n[0.1, \"i\", \"j\"]\n",
    )
    .unwrap();
    let no_seed = dir.join("no-seed.trace");
    let out = rogue_trace(&[
        "capture",
        "--keys",
        "j",
        "--out",
        no_seed.to_str().unwrap(),
        "--",
        &rogue(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let no_time_s = no_time.to_str().unwrap();
    let no_seed_s = no_seed.to_str().unwrap();
    for (args, says) in [
        (
            vec!["replay", "--seed-from", no_time_s],
            format!("--seed-from '{no_time_s}': the recording's header has no timestamp; give --seed"),
        ),
        (
            vec!["capture", "--seed-from", no_seed_s, "--", "true"],
            format!("--seed-from '{no_seed_s}': the trace's header has no seed; give --seed"),
        ),
        (
            vec!["replay", "--seed", "1", "--seed-from", no_seed_s],
            "'--seed <N>' cannot be used with '--seed-from <FILE>'".into(),
        ),
        (
            vec!["capture", "--seed", "1", "--seed-from", no_seed_s, "--", "true"],
            "cannot be used with".into(),
        ),
        (
            vec!["capture", "--pin", "--", "true"],
            "--seed <N>|--seed-from <FILE>".into(),
        ),
    ] {
        let out = rogue_trace(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(&says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
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
