//! Part 4 ported with other libraries than curses, each compared with the
//! faithful game, `rogue --rng glibc`: in Rust on crossterm
//! (`tests/fixtures/crossterm_port`), in Python with curses (`port.py`),
//! in Node.js with raw escapes (`raw_port.js`). Each port as it is, is
//! identical to the game; each of its plants, a bug a player notices, is
//! found and named for what it is.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{crossterm_port, fixture, rogue, rogue_trace, text};

use rogue_testkit::required_program;

/// Each plant: the terminal's size, the keys typed, and how its first
/// difference is named (a crash, as each port's language says it).
const PLANTS: [(&str, &str, &str, &str); 15] = [
    ("colour-left", "100x25", "jlq", "the two sides leave the terminal in different states: the port left it with the text colours and attributes left set (blue on the default colour)"),
    ("mouse-left", "100x25", "jlq", "the two sides leave the terminal in different states: the port left it with mouse reporting on (on a button's press and release)"),
    ("title", "100x25", "jlq", "the two sides leave the terminal in different states: the port left it with the window title set to \"rogue\""),
    // Killed by ^\ as the game is, the port still differs by its title.
    ("title", "100x25", "jl\\x1c", "the two sides leave the terminal in different states: the port left it with the window title set to \"rogue\""),
    ("nowrap-left", "100x25", "jlq", "the two sides leave the terminal in different states: the port left it with line wrap (autowrap) off"),
    ("appkeys-left", "100x25", "jlq", "the two sides leave the terminal in different states: the port left it with the keypad in application mode, with application cursor keys on (arrows sent as ESC O A)"),
    ("bell", "100x25", "kkkkkkkkkkq", "the terminal hears otherwise: the port rang the bell (^G); the reference did not"),
    ("grey-blank", "100x25", "jlq", "a blank cell is drawn on another background (the same blank)"),
    ("goodbye-sigint", "100x25", "jl\\x03", "the last words differ"),
    ("crash-shrink", "100x25", "jl\\{30x8}jq", "a side crashed: the port "),
    ("no-bottom-row", "100x12", "jlq", "the port never draws row 11 (blank at every step, where the reference draws it)"),
    ("blank-after-fg", "100x25", "jj\\x1a\\{fg}lq", "the port shows a blank screen after a resume (it does not draw its game again when continued after ^Z)"),
    ("wasd", "100x25", "jjwlq", "the player is elsewhere (the @ cells differ): 'j' moves the reference's player, not the port's"),
    ("player-glyph", "100x25", "jlq", "the port draws its player as '?' (the other's @ on the same cell)"),
    ("second-room", "100x25", "jlq", "the player is elsewhere (the @ cells differ), at the first screen"),
];

/// `compare` of `port` (given `--seed {seed}`) with the game on seed 3:
/// its exit status and output.
fn compare(port: &str, size: &str, keys: &str) -> (Option<i32>, String) {
    let port = format!("{port} --seed {{seed}}");
    let rogue = rogue();
    let mut args = vec!["compare", "--seed", "3", "--rng", "glibc"];
    args.extend(["--size", size, "--keys", keys, "--port", &port, "--"]);
    args.extend([rogue.as_str(), "--seed", "{seed}", "--rng", "glibc"]);
    let out = rogue_trace(&args);
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

/// `fuzz` of `port` (given `--seed {seed}`) against the game, 8 cases
/// from `seed`, into a scratch folder `name`: its output.
fn fuzz(name: &str, port: &str, seed: &str) -> String {
    let dir = common::scratch(&format!("fuzz-{name}"));
    let port = format!("{port} --seed {{seed}}");
    let rogue = rogue();
    let mut args = vec!["fuzz", "--cases", "8", "--seed", seed];
    args.extend(["--keep-going", "--out", dir.to_str().unwrap()]);
    args.extend(["--port", &port, "--", &rogue]);
    args.extend(["--seed", "{seed}", "--rng", "glibc"]);
    let fuzz = rogue_trace(&args);
    text(&fuzz.stdout)
}

/// The port `port` as it is, then planted with each plant: identical to
/// the game on a walk of every kind of key, and on a short campaign;
/// each plant found and named, its crash as `crash` words it.
fn check(name: &str, port: &str, crash: &str) {
    let walk = "jjll\\{60x20}kkhh\\x1a\\{fg}jl\\{30x8}j\\x1c";
    let (status, out) = compare(port, "100x25", walk);
    assert_eq!(status, Some(0), "{port}: {out}");
    let out = fuzz(name, port, "1");
    assert!(out.contains("fuzz: 8 case(s) identical"), "{port}: {out}");
    let mut misnamed = Vec::new();
    for (plant, size, keys, named) in PLANTS {
        let (status, out) =
            compare(&format!("{port} --plant {plant}"), size, keys);
        let named = match plant {
            "crash-shrink" => format!("{named}{crash}"),
            _ => named.to_string(),
        };
        let first = format!("its first difference, as fuzz names it: {named}");
        if status != Some(1) || !out.contains(&first) {
            misnamed.push(format!("{plant}: {out}"));
        }
    }
    assert!(misnamed.is_empty(), "{port}:\n{}", misnamed.join("\n"));
}

#[test]
fn a_rust_port_on_crossterm_is_identical_and_each_plant_named() {
    check("crossterm", crossterm_port(), "panicked at src/main.rs:");
}

#[test]
fn a_python_port_on_curses_is_identical_and_each_plant_named() {
    let python = required_program(&["python3"], "python3");
    let port = format!("{} {}", python.display(), fixture("port.py").display());
    check(
        "python",
        &port,
        "raised RuntimeError: the terminal shrank to (8, 30) (Python)",
    );
}

#[test]
fn a_node_port_on_raw_escapes_is_identical_and_each_plant_named() {
    let node = required_program(&["node", "nodejs"], "nodejs");
    let script = fixture("raw_port.js");
    let port = format!("{} {}", node.display(), script.display());
    check(
        "node",
        &port,
        "threw Error: the terminal shrank to 30x8 (Node.js)",
    );
}

#[test]
fn a_row_never_drawn_and_blanks_on_grey_are_one_group_each_in_a_campaign() {
    // The map's bottom row is on screen on a small screen only, where a
    // port drawing past the screen's bottom row looks the same: grouped
    // so, the row named on the small screen. Blanks on grey where a grown
    // screen adds rows are no screen left undrawn.
    let plants = [
        ("no-bottom-row", "draws outside the terminal: differs only on screens smaller than the map (100x25)", "on the small screen: the port never draws row "),
        ("grey-blank", "a blank cell is drawn on another background (the same blank)", "shrunk to "),
    ];
    for (plant, named, detail) in plants {
        let port = format!("{} --plant {plant}", crossterm_port());
        let out = fuzz(plant, &port, "2");
        let groups: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("difference "))
            .filter_map(|l| l.split_once(": ")?.1.rsplit_once(" ("))
            .map(|(name, _)| name)
            .collect();
        assert_eq!(groups, [named], "{plant}: {out}");
        assert!(out.contains(detail), "{plant}: {out}");
    }
}
