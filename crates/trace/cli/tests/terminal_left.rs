//! How each side leaves its terminal is part of how it ended: the
//! alternate screen left, the cursor shown, the keypad and the line modes
//! as `endwin()` restores them, and what it left on the main screen (its
//! last words). Ports that leave it otherwise, in C (the stand-ins
//! `planted.c` and `part0.c`) and in a script language (`port.js`, on
//! Node.js), differ, and `fuzz` names each difference as such.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{compile_rust, fixture, rogue_trace, scratch_path, text};

use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;

use rogue_testkit::{compile_c, required_program};

/// A C fixture, compiled once.
fn built(name: &'static str, libs: &'static [&'static str]) -> String {
    static BUILT: OnceLock<std::sync::Mutex<Vec<(&str, PathBuf)>>> =
        OnceLock::new();
    let all = BUILT.get_or_init(Default::default);
    let mut all = all.lock().unwrap();
    if let Some((_, path)) = all.iter().find(|(n, _)| *n == name) {
        return path.to_str().unwrap().to_string();
    }
    let source = fixture(&format!("{name}.c"));
    let path = compile_c(&source, &scratch_path("bin"), name, libs);
    all.push((name, path.clone()));
    path.to_str().unwrap().to_string()
}

/// The Node.js stand-in's command, planted with `plant` if given.
fn node_port(plant: Option<&str>) -> String {
    let node = required_program(&["node", "nodejs"], "nodejs");
    let script = fixture("port.js");
    let mut words = vec![
        node.to_str().unwrap().to_string(),
        script.to_str().unwrap().to_string(),
    ];
    words.extend(plant.map(|p| format!("--plant {p}")));
    words.join(" ")
}

/// `compare` of the port `port` against `reference`, both playing Part 1
/// (no seed) on a 30x8 screen, typing `keys`.
fn compare(port: &str, reference: &str, keys: &str) -> Output {
    let mut args =
        vec!["compare", "--part", "1", "--size", "30x8", "--keys", keys];
    args.extend(["--port", port, "--"]);
    let words = shell_words::split(reference).unwrap();
    args.extend(words.iter().map(String::as_str));
    rogue_trace(&args)
}

#[test]
fn a_port_that_leaves_the_terminal_otherwise_differs_in_c_and_in_node() {
    let planted = built("planted", &[]);
    let c = |plant: Option<&str>| {
        let plant = plant.map_or_else(String::new, |p| format!(" --plant {p}"));
        format!("{planted} --seed 3{plant}")
    };
    type Port<'a> = &'a dyn Fn(Option<&str>) -> String;
    let sides: [(&str, Port); 2] = [("C", &c), ("Node.js", &node_port)];
    for (language, port) in sides {
        let same = compare(&port(None), &port(None), "jlq");
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{language}: {stdout}");
        assert!(
            stdout.contains("identical: 3 steps compared"),
            "{language}: {stdout}"
        );
        let left = compare(&port(Some("no-restore")), &port(None), "jlq");
        let stdout = text(&left.stdout);
        assert_eq!(left.status.code(), Some(1), "{language}: {stdout}");
        assert!(
            stdout.contains("the port ended: the program exited with status 0, leaving the terminal on the alternate screen, with the cursor hidden"),
            "{language}: {stdout}"
        );
        assert!(
            stdout.contains("the screens were identical"),
            "{language}: {stdout}"
        );
        let main = compare(&port(Some("main-screen")), &port(None), "jlq");
        let stdout = text(&main.stdout);
        assert_eq!(main.status.code(), Some(1), "{language}: {stdout}");
        assert!(
            stdout.contains("their last words differ"),
            "{language}: {stdout}"
        );
        assert!(
            stdout.contains("    | #####"),
            "its game, left on the main screen: {stdout}"
        );
    }
    // The C stand-in leaves raw mode on too; Node.js puts the terminal's
    // modes back as it exits.
    let raw = compare(&c(Some("no-restore")), &c(None), "jq");
    assert!(
        text(&raw.stdout).contains("with the cursor hidden, with echo off, with line input off (cbreak or raw)"),
        "{}",
        text(&raw.stdout)
    );
}

#[test]
fn a_part_0_that_never_calls_endwin_differs_from_the_c_s() {
    let part0 = built("part0", &["-lncurses"]);
    let same = rogue_trace(&["compare", "--part", "0", "--", &part0]);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stdout));
    // Against the C stand-in, as a port; and in the reference's place,
    // against the built-in port's Part 0.
    let against_c = rogue_trace(&[
        "compare",
        "--part",
        "0",
        "--port",
        &format!("{part0} --plant no-endwin"),
        "--",
        &part0,
    ]);
    let against_built_in = rogue_trace(&[
        "compare",
        "--part",
        "0",
        "--",
        &part0,
        "--plant",
        "no-endwin",
    ]);
    for (out, role) in
        [(against_c, "the port"), (against_built_in, "the reference")]
    {
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(
            stdout.contains(&format!("{role} stopped: the program exited with status 0, leaving the terminal on the alternate screen")),
            "{stdout}"
        );
    }
}

#[test]
fn fuzz_names_a_terminal_left_otherwise_and_other_last_words() {
    let planted = built("planted", &[]);
    for (plant, named) in [
        ("no-restore", "the two sides leave the terminal in different states: the port left it on the alternate screen, with the cursor hidden"),
        ("main-screen", "the last words differ"),
    ] {
        let out_dir = scratch_path(&format!("fuzz-{plant}"));
        let port = format!("{planted} --seed {{seed}} --plant {plant}");
        let out = rogue_trace(&[
            "fuzz", "--cases", "8", "--seed", "2", "--keep-going", "--rng", "glibc",
            "--keys-per-case", "6", "--alphabet", "hjkl",
            "--out", out_dir.to_str().unwrap(),
            "--port", &port, "--", &planted, "--seed", "{seed}",
        ]);
        let stdout = text(&out.stdout);
        // The walks of --alphabet never quit: neither side ends, alike.
        assert_eq!(out.status.code(), Some(0), "{plant}: {stdout}");
        let quits = rogue_trace(&[
            "compare", "--seed", "5", "--keys", "hjq", "--rng", "glibc",
            "--port", &port, "--", &planted, "--seed", "{seed}",
        ]);
        assert_eq!(quits.status.code(), Some(1));
        let default_walks = rogue_trace(&[
            "fuzz", "--cases", "16", "--seed", "3", "--keep-going", "--rng", "glibc",
            "--out", out_dir.to_str().unwrap(),
            "--port", &port, "--", &planted, "--seed", "{seed}",
        ]);
        let stdout = text(&default_walks.stdout);
        assert_eq!(default_walks.status.code(), Some(1), "{plant}: {stdout}");
        assert!(stdout.contains(&format!("difference 1: {named}")), "{plant}: {stdout}");
        // The terminal's state has no cell: the shrunk screen counts none.
        assert!(!stdout.contains("the 0 cell(s)"), "{plant}: {stdout}");
        // One bug, one group; but a game drawn on the main screen stays
        // in view while ^Z has the program stopped too: that face of it
        // is found at the ^Z.
        if let Some((_, second)) = stdout.split_once("\ndifference 2:") {
            assert!(
                plant == "main-screen"
                    && second.contains("typed by '\\x1a'")
                    && !second.contains("\ndifference 3:"),
                "one bug, one group: {stdout}"
            );
        }
    }
}

/// `panics.rs`, a Rust port that panics inside its screen, compiled.
fn panics() -> String {
    compile_rust("panics", &scratch_path("rust"))
}

#[test]
fn a_rust_port_that_panics_inside_its_screen_is_named_by_its_panic() {
    let panics = panics();
    for backtrace in ["0", "1"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args([
                "capture", "--size", "50x6", "--keys", "ab~c", "--", &panics,
            ])
            .env("RUST_BACKTRACE", backtrace)
            .output()
            .unwrap();
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{said}");
        assert!(
            said.contains("the program panicked at ")
                && said.contains("panics.rs:"),
            "RUST_BACKTRACE={backtrace}: {said}"
        );
        assert!(said.contains("(exited with status 101), leaving the terminal on the alternate screen"), "{said}");
        // Its message, though longer than the screen, and its place.
        assert!(
            said.contains(
                "index out of bounds: the len is 8 but the index is 8"
            ),
            "{said}"
        );
    }
    // Against itself: alike, though each run's thread id differs.
    let out = rogue_trace(&[
        "compare", "--part", "1", "--size", "50x6", "--keys", "ab~c", "--port",
        &panics, "--", &panics,
    ]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("stopped early, alike: each side panicked at "),
        "{stdout}"
    );
}
