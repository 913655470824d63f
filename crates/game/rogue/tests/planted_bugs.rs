//! `rogue-trace` finds a bug planted in a port: Part 4, written out as a
//! project of its own (`make part`), is copied twice and each copy given a
//! bug, as a reader's own port could have: seen tiles drawn in the visible
//! colour (a field-of-view bug: the characters are right, the colours not)
//! and rooms one tile narrower (a map bug). `compare --port` and `fuzz
//! --port` play each against `rogue`, the reference, and find it; `--chars`
//! tells the one from the other; the case `fuzz` shrinks still shows a cell
//! of the difference it found.
//!
//! The copies are built under `target/planted-bugs`, each in a target
//! folder of its own, so that the repository's `rogue-main` is left as it
//! is.

#![cfg(unix)] // a Unix pseudo-terminal

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use rogue_testkit::{first_differing_cells, fuzz_traces};
use rogue_trace_format::Trace;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// `rogue-trace`, built beside `rogue` (`cargo test --workspace` builds
/// both).
fn rogue_trace(args: &[&str]) -> Output {
    let path =
        Path::new(env!("CARGO_BIN_EXE_rogue")).with_file_name("rogue-trace");
    assert!(
        path.exists(),
        "{} is not built: run `cargo build -p rogue-trace` (cargo test --workspace builds it)",
        path.display()
    );
    Command::new(path)
        .args(args)
        .output()
        .expect("rogue-trace runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A bug to plant: the file of the Part 4 project, the text there, and
/// what it becomes.
struct Bug {
    name: &'static str,
    file: &'static str,
    from: &'static str,
    to: &'static str,
}

/// Seen tiles drawn in colour pair 1, the visible colour.
const SEEN_AS_VISIBLE: Bug = Bug {
    name: "seen-as-visible",
    file: "crates/draw/src/lib.rs",
    from: "COLOR_PAIR(SEEN_COLOR as chtype)",
    to: "COLOR_PAIR(SEEN_COLOR as chtype - 1)",
};

/// Every room's last column left a wall.
const NARROW_ROOMS: Bug = Bug {
    name: "narrow-rooms",
    file: "crates/room/src/lib.rs",
    from: "room.pos.x..room.pos.x + room.width {",
    to: "room.pos.x..room.pos.x + room.width - 1 {",
};

/// Part 4 written out, `bug` planted in it, and built; its program.
fn port_with(bug: &Bug) -> PathBuf {
    let base = root().join("target/planted-bugs");
    let dir = base.join(bug.name);
    let _ = std::fs::remove_dir_all(&dir);
    let view = rogue_parts::view(&root(), 4).expect("Part 4's files");
    rogue_parts::write_view(&view, &dir).expect("Part 4 is written");
    let file = dir.join(bug.file);
    let source = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        source.matches(bug.from).count(),
        1,
        "{}: `{}` is not in {} once",
        bug.name,
        bug.from,
        bug.file
    );
    std::fs::write(&file, source.replace(bug.from, bug.to)).unwrap();
    // A target folder of its own for each copy: the copies are workspaces
    // of the same shape, whose crates cargo would take for one another's.
    let target = base.join(format!("target-{}", bug.name));
    let out = Command::new(env!("CARGO"))
        .args(["build", "--quiet"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}: {}", bug.name, text(&out.stderr));
    let program = base.join(format!("{}-rogue-main", bug.name));
    std::fs::copy(target.join("debug/rogue-main"), &program).unwrap();
    program
}

/// The two ports, built once.
fn ports() -> &'static (PathBuf, PathBuf) {
    static PORTS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    PORTS
        .get_or_init(|| (port_with(&SEEN_AS_VISIBLE), port_with(&NARROW_ROOMS)))
}

fn rogue() -> &'static str {
    env!("CARGO_BIN_EXE_rogue")
}

/// `rogue-trace compare` of `port` against `rogue` on seed 42, glibc's
/// generator, a short walk; with `--chars` if `chars`.
fn compare(port: &Path, chars: bool) -> Output {
    let port = format!("{} --seed {{seed}}", port.display());
    let mut args = vec!["compare", "--seed", "42", "--rng", "glibc"];
    args.extend(["--keys", "jjjjlllllllkkkkhhhh"]);
    if chars {
        args.push("--chars");
    }
    args.extend(["--port", &port, "--", rogue(), "--seed", "{seed}"]);
    args.extend(["--rng", "{rng}"]);
    rogue_trace(&args)
}

#[test]
fn compare_finds_each_bug_and_chars_tells_them_apart() {
    let (seen_as_visible, narrow_rooms) = ports();
    for (port, differs_in_chars) in
        [(seen_as_visible, false), (narrow_rooms, true)]
    {
        let out = compare(port, false);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
        assert!(
            stdout.contains(&format!(
                "B: the port, `{} --seed 42`",
                port.display()
            )),
            "{stdout}"
        );
        assert!(stdout.contains("A: the reference, `"), "{stdout}");
        let out = compare(port, true);
        let stdout = text(&out.stdout);
        let expected = if differs_in_chars { 1 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "--chars, {}: {stdout}{}",
            port.display(),
            text(&out.stderr)
        );
        assert!(
            stdout.contains("characters only (colours ignored)"),
            "{stdout}"
        );
    }
}

#[test]
fn fuzz_finds_each_bug_and_the_shrunk_case_shows_its_cause() {
    let (seen_as_visible, narrow_rooms) = ports();
    for port in [seen_as_visible, narrow_rooms] {
        let out_dir = port.with_extension("fuzz");
        let _ = std::fs::remove_dir_all(&out_dir);
        let command = format!("{} --seed {{seed}}", port.display());
        let out = rogue_trace(&[
            "fuzz",
            "--seed",
            "1",
            "--cases",
            "3",
            "--keys-per-case",
            "20",
            "--rng",
            "glibc",
            "--size",
            "100x25",
            "--keep-going",
            "--out",
            out_dir.to_str().unwrap(),
            "--port",
            &command,
            "--",
            rogue(),
            "--seed",
            "{seed}",
            "--rng",
            "{rng}",
        ]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
        assert!(
            stdout.contains("reproduce: rogue-trace compare"),
            "{stdout}"
        );
        // The found case, then the shrunk one, of the first difference.
        let found_and_shrunk = fuzz_traces(&stdout);
        assert!(found_and_shrunk.len() >= 2, "{stdout}");
        let cells = |(a, b): &(Trace, Trace)| -> HashSet<_> {
            first_differing_cells(a, b)
                .map(|(_, cells)| cells.into_iter().collect())
                .unwrap_or_default()
        };
        let found = cells(&found_and_shrunk[0]);
        let shrunk = cells(&found_and_shrunk[1]);
        assert!(!found.is_empty(), "{stdout}");
        assert!(
            shrunk.iter().any(|c| found.contains(c)),
            "the shrunk case shows no cell of the difference found: {stdout}"
        );
    }
}
