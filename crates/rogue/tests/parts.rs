//! Each part of the tutorial, written out as a project of its own
//! (`make part`), builds without warnings and plays that part of the C
//! original: every golden step of the part headless (its own `game_loop`
//! on a screen in memory) and in a pseudo-terminal (its own binary), the
//! same screens as `rogue --part N` on a walk, and one line for bad
//! arguments.
//!
//! The five projects are written under `target/parts/` and built there
//! with one target folder, so their dependencies are built once.

#![cfg(unix)] // a Unix pseudo-terminal

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use rogue_capture::{Settle, Stopped};
use rogue_testkit::{golden_paths, golden_steps, goldens, record, same_steps};
use rogue_trace_format::Trace;

/// The repository.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Writes Part `part` under `target/parts/part-N`, builds it with warnings
/// as errors, and returns its `rogue` binary (copied out of the shared
/// target folder, where the next part's build replaces it).
fn build(part: u8) -> PathBuf {
    let parts = root().join("target/parts");
    let dir = part_dir(part);
    let view = rogue_parts::view(&root(), part)
        .unwrap_or_else(|e| panic!("Part {part}: {e}"));
    rogue_parts::write_view(&view, &dir).expect("the view is written");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", parts.join("target"))
        .env("RUSTFLAGS", "-D warnings")
        .status()
        .expect("cargo runs");
    assert!(status.success(), "Part {part} does not build on its own");
    let built = parts.join("target/release").join(exe("rogue"));
    let kept = parts.join(exe(&format!("rogue-part-{part}")));
    std::fs::copy(&built, &kept).expect("the binary is kept");
    kept
}

/// Where Part `part` is written and built.
fn part_dir(part: u8) -> PathBuf {
    root().join(format!("target/parts/part-{part}"))
}

/// Builds `crates/parts/headless/main.rs`, filtered for Part `part`,
/// against the part's own crates written by [`build`], and plays every
/// golden trace of the part through it.
fn play_headless(part: u8) {
    let dir = part_dir(part);
    let parts = root().join("target/parts");
    let harness = parts.join(format!("headless-{part}"));
    let source =
        std::fs::read_to_string(root().join("crates/parts/headless/main.rs"))
            .expect("the headless player's source");
    let main =
        rogue_parts::filter(&source, rogue_parts::Build::Part(part), "//@")
            .unwrap_or_else(|e| panic!("headless player, Part {part}: {e}"));
    let crate_dep = |name: &str| {
        format!(
            "rogue-{name} = {{ path = {:?} }}\n",
            dir.join("crates").join(name).display().to_string()
        )
    };
    let mut manifest = format!(
        "[package]\nname = \"headless-{part}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\nrogue-trace-format = {{ path = {:?} }}\n",
        root().join("crates/trace-format").display().to_string()
    );
    for name in ["engine", "draw", "types"] {
        manifest.push_str(&crate_dep(name));
    }
    if part >= 3 {
        manifest.push_str(&crate_dep("crand"));
    }
    std::fs::create_dir_all(harness.join("src")).expect("the headless folder");
    std::fs::write(harness.join("Cargo.toml"), manifest).expect("its manifest");
    std::fs::write(harness.join("src/main.rs"), main).expect("its source");
    let goldens = golden_paths(part);
    let out = Command::new(env!("CARGO"))
        .args(["run", "--release", "--quiet", "--"])
        .args(&goldens)
        .current_dir(&harness)
        .env("CARGO_TARGET_DIR", parts.join("target"))
        .env("RUSTFLAGS", "-D warnings")
        .output()
        .expect("cargo runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "Part {part}, headless: {report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        report.lines().count(),
        goldens.len(),
        "Part {part}: {report}"
    );
}

/// A program's file name on this platform.
fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// Captures `bin ARGS` typing `keys` on a `cols` by `rows` terminal, every
/// step kept.
fn play(
    bin: &Path,
    args: &[String],
    cols: u16,
    rows: u16,
    keys: &[char],
) -> (Trace, Option<Stopped>) {
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

/// `--seed` and `--rng` of a golden trace, for the parts that take them.
fn dungeon_args(part: u8, seed: u32, rng: &str) -> Vec<String> {
    if part >= 3 {
        vec![
            "--seed".into(),
            seed.to_string(),
            "--rng".into(),
            rng.into(),
        ]
    } else {
        Vec::new()
    }
}

/// A walk with every key the game reads and some it ignores.
const WALK: &str =
    "hhhhjjjjjjllllllllkkkkkxkkhhhhh jjjjjlllllllllllllkkkkk\tKjjjj";

#[test]
fn every_part_builds_alone_and_plays_its_part_of_the_c_original() {
    for part in rogue_parts::PARTS {
        let bin = build(part);
        refuses_later_options(part, &bin);
        if part == 0 {
            // initscr(); endwin();: it draws nothing and ends at once.
            let (_, stopped) = play(&bin, &[], 100, 25, &['q']);
            assert!(
                matches!(&stopped, Some(Stopped::Exited { status, .. }) if status == "exit status 0"),
                "Part 0: {stopped:?}"
            );
            continue;
        }
        play_headless(part);
        let mut compared = 0;
        for (name, golden) in goldens(part) {
            let h = &golden.header;
            let args = dungeon_args(
                part,
                h.seed.unwrap_or(0),
                h.rng.as_deref().unwrap_or("glibc"),
            );
            let (ours, stopped) = play(&bin, &args, h.cols, h.rows, &h.keys);
            assert_eq!(stopped, None, "Part {part}, {name}");
            same_steps(
                &ours.steps,
                &golden.steps,
                &format!("Part {part}, {name}"),
            );
            compared += golden.steps.len();
        }
        assert_eq!(
            compared,
            golden_steps(part),
            "Part {part}: every golden step"
        );

        let keys: Vec<char> = WALK.chars().collect();
        for (seed, rng) in [(42, "glibc"), (7, "msvc")] {
            let args = dungeon_args(part, seed, rng);
            let (exported, _) = play(&bin, &args, 100, 25, &keys);
            let mut game_args = vec!["--part".to_string(), part.to_string()];
            game_args.extend([
                "--seed".into(),
                seed.to_string(),
                "--rng".into(),
                rng.into(),
            ]);
            let (game, _) = play(
                Path::new(env!("CARGO_BIN_EXE_rogue")),
                &game_args,
                100,
                25,
                &keys,
            );
            same_steps(
                &exported.steps,
                &game.steps,
                &format!("Part {part}, rogue --part {part}, seed {seed} {rng}"),
            );
            if part < 3 {
                break;
            }
        }
    }
}

/// Bad arguments get one line and exit 2: Parts 0 to 2 take no seed,
/// and no part takes an option of the full game.
fn refuses_later_options(part: u8, bin: &Path) {
    let later: &[&str] = match part {
        0..=2 => &["--seed", "5"],
        _ => &["--fov", "rays"],
    };
    for args in [later, &["--part", "2"]] {
        let output = Command::new(bin).args(args).output().expect("it runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let what = format!("Part {part} {args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(2), "{what}");
        assert_eq!(stderr.lines().count(), 1, "{what}");
        let message = format!("rogue: unexpected argument '{}' found", args[0]);
        assert!(stderr.starts_with(&message), "{what}");
    }
}
