//! Each part of the tutorial, written out as a project of its own
//! (`make part`), builds on its own, is clean under `cargo fmt --check`
//! and `cargo clippy -D warnings`, and plays that part of the C original in
//! a pseudo-terminal: every golden step of the part (glibc's, its
//! platform's `rand()`), and the same screens as `rogue --part N` on a
//! walk; a part that takes a seed refuses anything else on one line. Its
//! `Cargo.lock`, made its own as `make part` makes it, builds with
//! `--locked` and is left as it was.
//!
//! The five projects are written under `target/parts/` and built with the
//! repository's own target folder, as a user who sets one
//! `CARGO_TARGET_DIR` for everything builds them; the repository's `rogue`
//! is built there again after them, and must still build.

#![cfg(unix)] // a Unix pseudo-terminal

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use rogue_capture::{Outcome, Settle};
use rogue_testkit::{goldens, record, same_steps};
use rogue_trace_format::Trace;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The repository's target folder, which the parts share.
fn shared_target() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root().join("target"), PathBuf::from)
}

/// `cargo ARGS` in `dir` with the shared target folder.
fn cargo_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO"));
    command
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", shared_target())
        .env_remove("RUSTFLAGS");
    command
}

/// Runs `cargo ARGS` in `dir` with the shared target folder; panics with
/// what it printed if it fails.
fn cargo(dir: &Path, args: &[&str], what: &str) {
    let out = cargo_command(dir, args).output().expect("cargo runs");
    assert!(
        out.status.success(),
        "{what}: cargo {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Writes Part `part` out, checks it builds clean, and keeps its binary;
/// the binary's path.
fn build(part: u8) -> PathBuf {
    let dir = root().join(format!("target/parts/part-{part}"));
    let view = rogue_parts::view(&root(), part)
        .unwrap_or_else(|e| panic!("Part {part}: {e}"));
    rogue_parts::write_view(&view, &dir).expect("the part is written");
    rogue_parts::own_lock(&dir).expect("the part's lock is its own");
    let lock = || std::fs::read_to_string(dir.join("Cargo.lock")).unwrap();
    let written = lock();
    let what = format!("Part {part}");
    cargo(&dir, &["fmt", "--check"], &what);
    cargo(
        &dir,
        &["clippy", "--quiet", "--all-targets", "--", "-D", "warnings"],
        &what,
    );
    cargo(&dir, &["build", "--quiet", "--locked"], &what);
    assert!(
        lock() == written,
        "{what}: the build changed its Cargo.lock"
    );
    let built = shared_target().join("debug/rogue-main");
    let kept = root().join(format!("target/parts/rogue-part-{part}"));
    std::fs::copy(&built, &kept).expect("the binary is kept");
    kept
}

fn play(
    bin: &Path,
    args: &[String],
    cols: u16,
    rows: u16,
    keys: &[char],
) -> (Trace, Outcome) {
    let mut command = vec![OsString::from(bin)];
    command.extend(args.iter().map(OsString::from));
    record(
        &command,
        (cols, rows),
        keys,
        "screen-256color",
        &[],
        Settle::default(),
    )
}

/// The seed argument of a part that takes one (Parts 3 and 4).
fn seed_args(part: u8, seed: u32) -> Vec<String> {
    if part >= 3 {
        vec!["--seed".into(), seed.to_string()]
    } else {
        Vec::new()
    }
}

const WALK: &str =
    "hhhhjjjjjjllllllllkkkkkxkkhhhhh jjjjjlllllllllllllkkkkk\tKjjjj";

/// The repository's own libraries of the game and tutorial crates, as
/// `cargo build` reports them (building nothing new), with when each was
/// written.
fn repository_libraries() -> Vec<(PathBuf, std::time::SystemTime)> {
    let args = ["build", "--quiet", "--message-format=json"];
    let args = [&args[..], &["-p", "rogue", "-p", "rogue-main"]].concat();
    let out = cargo_command(&root(), &args).output().expect("cargo runs");
    assert!(out.status.success(), "the repository builds");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut found = Vec::new();
    for line in text.lines() {
        let Some((_, rest)) = line.split_once("\"filenames\":[") else {
            continue;
        };
        let list = rest.split(']').next().unwrap_or_default();
        for file in list.split(',').map(|f| f.trim_matches('"')) {
            let path = PathBuf::from(file);
            let name = path.file_name().map(|n| n.to_string_lossy());
            if name.is_some_and(|n| n.starts_with("librogue_")) {
                let modified = std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .expect("a library cargo reports exists");
                found.push((path, modified));
            }
        }
    }
    found
}

#[test]
fn every_part_builds_alone_and_plays_its_part_of_the_c_original() {
    let before = repository_libraries();
    assert!(!before.is_empty(), "the repository's libraries are built");
    for part in rogue_parts::PARTS {
        let bin = build(part);
        if part >= 3 {
            refuses_anything_but_a_seed(part, &bin);
            says_what_it_takes_on_help(part, &bin);
        }
        if part == 0 {
            // initscr(); endwin();: it draws nothing and ends at once.
            let (_, ended) = play(&bin, &[], 100, 25, &['q']);
            assert!(
                ended.ending().is_some_and(|e| e.exit.success()),
                "Part 0: {ended:?}"
            );
            continue;
        }
        let mut compared = 0;
        for (name, golden) in goldens(part) {
            let h = &golden.header;
            if h.rng.as_deref() == Some("msvc") {
                // A part's rand() is its platform's: Microsoft's is for
                // Windows.
                continue;
            }
            let args = seed_args(part, h.seed.unwrap_or(0));
            let (ours, ended) = play(&bin, &args, h.cols, h.rows, &h.keys);
            assert_eq!(ended, Outcome::StillRunning, "Part {part}, {name}");
            let what = format!("Part {part}, {name}");
            same_steps(&ours.steps, &golden.steps, &what);
            compared += golden.steps.len();
        }
        assert!(compared > 0, "Part {part}: no golden step played");

        let keys: Vec<char> = WALK.chars().collect();
        let args = seed_args(part, 42);
        let (exported, _) = play(&bin, &args, 100, 25, &keys);
        let mut game_args = vec!["--part".to_string(), part.to_string()];
        game_args.extend(["--seed", "42", "--rng", "glibc"].map(String::from));
        let game = Path::new(env!("CARGO_BIN_EXE_rogue"));
        let (game, _) = play(game, &game_args, 100, 25, &keys);
        let what = format!("Part {part}, rogue --part {part}");
        same_steps(&exported.steps, &game.steps, &what);
    }
    // The parts shared the repository's target folder: the repository's
    // own libraries of the same names are untouched there, and it builds.
    let after = repository_libraries();
    let replaced: Vec<_> =
        before.iter().filter(|b| !after.contains(b)).collect();
    assert!(
        replaced.is_empty() && after.len() == before.len(),
        "a part replaced libraries of the repository: {replaced:?}"
    );
}

/// A part that takes a seed says what it takes on `--help`, on standard
/// output, and exits 0.
fn says_what_it_takes_on_help(part: u8, bin: &Path) {
    for flag in ["--help", "-h"] {
        let output = Command::new(bin).arg(flag).output().expect("it runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let what = format!("Part {part} {flag}: {stdout}");
        assert_eq!(output.status.code(), Some(0), "{what}");
        assert!(
            stdout.starts_with("usage: rogue-main [--seed N]\n"),
            "{what}"
        );
        assert!(stdout.contains("\n--seed N: "), "{what}");
        assert!(output.stderr.is_empty(), "{what}");
    }
}

/// A part that takes a seed gets one line and exits 2 for anything else.
fn refuses_anything_but_a_seed(part: u8, bin: &Path) {
    for args in [&["--seed", "x"][..], &["--fov", "rays"], &["--seed"]] {
        let output = Command::new(bin).args(args).output().expect("it runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let what = format!("Part {part} {args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(2), "{what}");
        assert_eq!(stderr.lines().count(), 1, "{what}");
        assert!(stderr.starts_with("rogue-main: "), "{what}");
    }
}
