//! `rogue-trace` finds a bug planted in a port, names it and shrinks it
//! with its cause in view. Part 4, written out as a project of its own
//! (`make part`), is given one bug at a time, as a reader's own port could
//! have one, and built: seen tiles drawn in the visible colour, rooms one
//! tile narrower, diagonal moves on `y u b n` (keys the C ignores), moves on
//! the arrow keys (curses' keypad on), a panic after `endwin` once `q` is
//! typed, a segmentation fault when the player walks into a wall, and a
//! field of view of radius 13, not 15. `compare --port` and `fuzz --port`
//! play each against `rogue`, the reference, faithful to the C original.
//!
//! The copies share one project folder and one target folder under
//! `target/planted-bugs`, built one bug after the other (each build
//! compiles again only what the bug touched), so that the repository's
//! `rogue-main` is left as it is and the dependencies are built once.

#![cfg(unix)] // a Unix pseudo-terminal

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use rogue_testkit::{first_differing_cells, fuzz_traces};
use rogue_trace_format::Trace;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// `rogue-trace`, built beside `rogue` (`cargo test --workspace` builds
/// both); without `RUST_BACKTRACE`, so that a port's panic ends its last
/// words with its message, not a backtrace.
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
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("rogue-trace runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One change to a file of the Part 4 project: the text there, and what
/// it becomes.
struct Edit {
    file: &'static str,
    from: &'static str,
    to: &'static str,
}

/// A bug to plant: its name and its changes.
struct Bug {
    name: &'static str,
    edits: &'static [Edit],
}

/// Seen tiles drawn in colour pair 1, the visible colour.
const SEEN_AS_VISIBLE: Bug = Bug {
    name: "seen-as-visible",
    edits: &[Edit {
        file: "crates/draw/src/lib.rs",
        from: "COLOR_PAIR(SEEN_COLOR as chtype)",
        to: "COLOR_PAIR(SEEN_COLOR as chtype - 1)",
    }],
};

/// Every room's last column left a wall.
const NARROW_ROOMS: Bug = Bug {
    name: "narrow-rooms",
    edits: &[Edit {
        file: "crates/room/src/lib.rs",
        from: "room.pos.x..room.pos.x + room.width {",
        to: "room.pos.x..room.pos.x + room.width - 1 {",
    }],
};

/// The player also moves diagonally on `y u b n`, which the C ignores.
const VI_KEYS: Bug = Bug {
    name: "vi-keys",
    edits: &[Edit {
        file: "crates/player/src/lib.rs",
        from: "        Input::Character('l') => new_pos.x += 1,\n",
        to: "        Input::Character('l') => new_pos.x += 1,
        Input::Character('y') => new_pos = Position { y: new_pos.y - 1, x: new_pos.x - 1 },
        Input::Character('u') => new_pos = Position { y: new_pos.y - 1, x: new_pos.x + 1 },
        Input::Character('b') => new_pos = Position { y: new_pos.y + 1, x: new_pos.x - 1 },
        Input::Character('n') => new_pos = Position { y: new_pos.y + 1, x: new_pos.x + 1 },
",
    }],
};

/// Curses' keypad on, and the player also moves on the arrow keys.
const ARROWS: Bug = Bug {
    name: "arrows",
    edits: &[
        Edit {
            file: "crates/engine/src/lib.rs",
            from: "    let window = initscr();\n",
            to: "    let window = initscr();\n    window.keypad(true);\n",
        },
        Edit {
            file: "crates/player/src/lib.rs",
            from: "        Input::Character('l') => new_pos.x += 1,\n",
            to: "        Input::Character('l') => new_pos.x += 1,
        Input::KeyUp => new_pos.y -= 1,
        Input::KeyDown => new_pos.y += 1,
        Input::KeyLeft => new_pos.x -= 1,
        Input::KeyRight => new_pos.x += 1,
",
        },
    ],
};

/// A panic after `endwin`, once `q` has ended the game.
const CRASH_AT_QUIT: Bug = Bug {
    name: "crash-at-quit",
    edits: &[Edit {
        file: "crates/main/src/main.rs",
        from: "        close_game();\n",
        to: "        close_game();\n        panic!(\"the player was freed twice\");\n",
    }],
};

/// A write through a stray pointer, a segmentation fault, when the player
/// walks into a wall.
const SEGFAULT: Bug = Bug {
    name: "segfault",
    edits: &[Edit {
        file: "crates/player/src/lib.rs",
        from: "        make_fov(map, player);\n    }\n",
        to: "        make_fov(map, player);
    } else {
        unsafe { std::ptr::write_volatile(8 as *mut u8, 0) };
    }
",
    }],
};

/// A field of view of radius 13, not the C's 15.
const RADIUS_13: Bug = Bug {
    name: "radius-13",
    edits: &[Edit {
        file: "crates/fov/src/lib.rs",
        from: "const RADIUS: i32 = 15;",
        to: "const RADIUS: i32 = 13;",
    }],
};

const BUGS: [&Bug; 7] = [
    &SEEN_AS_VISIBLE,
    &NARROW_ROOMS,
    &VI_KEYS,
    &ARROWS,
    &CRASH_AT_QUIT,
    &SEGFAULT,
    &RADIUS_13,
];

/// Part 4 written out into `dir` as it is, then `bug` planted in it.
fn plant(view: &rogue_parts::View, dir: &Path, bug: &Bug) {
    rogue_parts::write_view(view, dir).expect("Part 4 is written");
    for edit in bug.edits {
        let file = dir.join(edit.file);
        let source = std::fs::read_to_string(&file).unwrap();
        assert_eq!(
            source.matches(edit.from).count(),
            1,
            "{}: `{}` is not in {} once",
            bug.name,
            edit.from,
            edit.file
        );
        std::fs::write(&file, source.replace(edit.from, edit.to)).unwrap();
    }
}

/// Every bug's port, built once: Part 4 written out, each bug planted in
/// turn and built in the same folder; each program copied out by name.
fn ports() -> &'static HashMap<&'static str, PathBuf> {
    static PORTS: OnceLock<HashMap<&'static str, PathBuf>> = OnceLock::new();
    PORTS.get_or_init(|| {
        let base = root().join("target/planted-bugs");
        let (dir, target) = (base.join("part-4"), base.join("target"));
        let view = rogue_parts::view(&root(), 4).expect("Part 4's files");
        let mut ports = HashMap::new();
        for bug in BUGS {
            plant(&view, &dir, bug);
            let out = Command::new(env!("CARGO"))
                .args(["build", "--quiet"])
                .current_dir(&dir)
                .env("CARGO_TARGET_DIR", &target)
                .env_remove("RUSTFLAGS")
                .output()
                .expect("cargo runs");
            assert!(
                out.status.success(),
                "{}: {}",
                bug.name,
                text(&out.stderr)
            );
            let program = base.join(format!("{}-rogue-main", bug.name));
            std::fs::copy(target.join("debug/rogue-main"), &program).unwrap();
            ports.insert(bug.name, program);
        }
        ports
    })
}

fn port(bug: &Bug) -> &'static Path {
    &ports()[bug.name]
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
fn compare_finds_a_colour_bug_and_a_map_bug_and_chars_tells_them_apart() {
    for (bug, differs_in_chars) in
        [(&SEEN_AS_VISIBLE, false), (&NARROW_ROOMS, true)]
    {
        let port = port(bug);
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
            bug.name,
            text(&out.stderr)
        );
        assert!(
            stdout.contains("characters only (colours ignored)"),
            "{stdout}"
        );
    }
}

/// What `fuzz --port` printed of `bug`'s port, played against `rogue`
/// on `cases` cases of fuzz's default walks, every case played.
struct Fuzzed {
    stdout: String,
    /// The case found and the case shrunk, each a reference's and a
    /// port's trace.
    found: (Trace, Trace),
    shrunk: (Trace, Trace),
}

fn fuzz(bug: &Bug, cases: u32) -> Fuzzed {
    let port = port(bug);
    let out_dir = port.with_extension("fuzz");
    let _ = std::fs::remove_dir_all(&out_dir);
    let command = format!("{} --seed {{seed}}", port.display());
    let cases = cases.to_string();
    let out = rogue_trace(&[
        "fuzz",
        "--seed",
        "1",
        "--cases",
        &cases,
        "--rng",
        "glibc",
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
    let mut traces = fuzz_traces(&stdout).into_iter();
    let (found, shrunk) = (traces.next(), traces.next());
    Fuzzed {
        found: found.unwrap_or_else(|| panic!("no case found: {stdout}")),
        shrunk: shrunk.unwrap_or_else(|| panic!("no case shrunk: {stdout}")),
        stdout,
    }
}

impl Fuzzed {
    /// Asserts that every differing case fell in one group, named `name`,
    /// of more than one case; and that the case shrunk kept the found
    /// case's first difference, `kept`.
    fn assert_one_group(&self, name: &str, kept: &str) {
        let stdout = &self.stdout;
        let groups: Vec<&str> = stdout
            .lines()
            .filter(|l| {
                l.starts_with("difference ") && l.contains(" case(s): ")
            })
            .collect();
        assert_eq!(groups.len(), 1, "{stdout}");
        assert!(
            groups[0].starts_with(&format!("difference 1: {name}")),
            "not named `{name}`: {stdout}"
        );
        let (before, _) = groups[0].split_once(" case(s): ").unwrap();
        let count: u32 = before.rsplit('(').next().unwrap().parse().unwrap();
        assert!(count > 1, "one case only: {stdout}");
        assert!(
            stdout.contains(&format!("keeping the first difference: {kept}")),
            "{stdout}"
        );
        let (found, shrunk) = (&self.found.0.header, &self.shrunk.0.header);
        assert!(shrunk.keys.len() < found.keys.len(), "{stdout}");
    }

    /// The first differing screen of the case shrunk: the key that typed
    /// it, and whether each side's player is on it. Asserts that it is
    /// typed by the same key as the found case's, and that every cell
    /// that differs there is in the screen.
    fn shrunk_screen_shows_its_cause(&self) {
        let stdout = &self.stdout;
        let first = |(a, b): &(Trace, Trace)| {
            let (step, cells) = first_differing_cells(a, b)
                .unwrap_or_else(|| panic!("no screen differs: {stdout}"));
            let key = a.steps.iter().find(|s| s.number == step).unwrap().key;
            (step, key, cells)
        };
        let (_, found_key, _) = first(&self.found);
        let (step, key, cells) = first(&self.shrunk);
        assert_eq!(key, found_key, "{stdout}");
        let (a, b) = &self.shrunk;
        for trace in [a, b] {
            let screen = trace.steps.iter().find(|s| s.number == step).unwrap();
            assert!(
                screen.text.iter().any(|row| row.contains('@')),
                "a player out of view at step {step}: {stdout}"
            );
        }
        assert!(!cells.is_empty(), "{stdout}");
    }

    /// Asserts that the case shrunk ends at its last key on the port's
    /// side, that key typed as in the case found, with both players on
    /// the last screen before it.
    fn shrunk_ends_at_its_last_key(&self) {
        let stdout = &self.stdout;
        let (a, b) = &self.shrunk;
        let keys = &b.header.keys;
        assert_eq!(b.steps.len(), keys.len(), "{stdout}");
        let last = b.steps.last().unwrap();
        for trace in [a, b] {
            let screen = trace.steps.iter().find(|s| s.number == last.number);
            let screen = screen.expect("the screen before the stop");
            assert!(
                screen.text.iter().any(|row| row.contains('@')),
                "a player out of view before the stop: {stdout}"
            );
        }
        // The key after the last screen, bursts counted as typed.
        let found = &self.found.1;
        let stop_key = found.header.keys[found.steps.last().unwrap().number];
        assert_eq!(keys.last(), Some(&stop_key), "{stdout}");
    }
}

/// How `fuzz` names the player elsewhere, and a difference in what is
/// seen or lit.
const PLAYER: &str = "the player is elsewhere (the @ cells differ)";
const FIELD_OF_VIEW: &str = "the field of view differs";

#[test]
fn a_key_the_c_ignores_is_found_and_named_as_the_player_elsewhere() {
    let fuzzed = fuzz(&VI_KEYS, 40);
    fuzzed.assert_one_group(PLAYER, PLAYER);
    fuzzed.shrunk_screen_shows_its_cause();
    let key = fuzzed.shrunk.0.header.keys.last().copied();
    assert!(key.is_some_and(|k| "yubn".contains(k)), "{}", fuzzed.stdout);
}

#[test]
fn an_arrow_key_is_found_and_named_as_the_player_elsewhere() {
    let fuzzed = fuzz(&ARROWS, 30);
    // keypad(), which reads the arrows, also leaves the keypad in
    // application mode where the game dies of ^\ (SIGQUIT) and cannot
    // undo it: a second group, as a player would see it.
    let keypad = "the keypad in application mode";
    let other_groups = fuzzed
        .stdout
        .lines()
        .filter(|l| l.starts_with("difference ") && l.contains(" case(s): "))
        .skip(1);
    for group in other_groups {
        assert!(group.contains(keypad), "{}", fuzzed.stdout);
    }
    let first_group_only: String = fuzzed
        .stdout
        .lines()
        .filter(|l| !(l.starts_with("difference 2") && l.contains(keypad)))
        .collect::<Vec<_>>()
        .join("\n");
    Fuzzed {
        stdout: first_group_only,
        found: fuzzed.found.clone(),
        shrunk: fuzzed.shrunk.clone(),
    }
    .assert_one_group(PLAYER, PLAYER);
    fuzzed.shrunk_screen_shows_its_cause();
    let key = fuzzed.shrunk.0.header.keys.last().copied();
    let arrows = &rogue_trace_format::SPECIAL_KEYS[..4];
    assert!(
        key.is_some_and(|k| arrows.contains(&k)),
        "{}",
        fuzzed.stdout
    );
}

#[test]
fn a_crash_at_quit_is_found_with_its_status_and_last_words() {
    let fuzzed = fuzz(&CRASH_AT_QUIT, 30);
    let stop = "a side crashed: the port panicked at crates/main/src/main.rs:";
    fuzzed.assert_one_group(stop, stop);
    fuzzed.shrunk_ends_at_its_last_key();
    assert_eq!(fuzzed.shrunk.1.header.keys, ['q'], "{}", fuzzed.stdout);
    assert!(
        fuzzed.stdout.contains("the player was freed twice"),
        "{}",
        fuzzed.stdout
    );
}

#[test]
fn a_segmentation_fault_is_found_and_named_by_its_signal() {
    let fuzzed = fuzz(&SEGFAULT, 30);
    let stop =
        "a side crashed: the port was killed by SIGSEGV (segmentation fault)";
    fuzzed.assert_one_group(stop, stop);
    fuzzed.shrunk_ends_at_its_last_key();
}

#[test]
fn a_field_of_view_radius_is_found_and_named_as_cells_seen_on_one_side() {
    let fuzzed = fuzz(&RADIUS_13, 30);
    fuzzed.assert_one_group(
        FIELD_OF_VIEW,
        "the field of view differs: a cell is seen on one side, never on the other",
    );
    fuzzed.shrunk_screen_shows_its_cause();
}

#[test]
fn a_colour_bug_is_named_a_colour_not_the_field_of_view() {
    // Remembered cells drawn in the visible colour: the same cells seen,
    // only their colour differs.
    let fuzzed = fuzz(&SEEN_AS_VISIBLE, 30);
    let name = "a colour differs, not the field of view: the seen colour is drawn as the visible one";
    fuzzed.assert_one_group(name, name);
    fuzzed.shrunk_screen_shows_its_cause();
}
