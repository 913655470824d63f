//! Settling that timers and frames drawn in pieces cannot fool, and the
//! slower settle that confirms a difference: a Go port on tcell
//! (`tests/fixtures/go_port`, a lone ESC held 50 ms, threads and a poller),
//! plain and drawing its map and player 3 ms apart, and a Node.js port
//! drawing its frame in pieces 4 ms apart (`raw_port.js`), are identical
//! to the built-in port; the Go port's planted bugs are found; a
//! difference that does not come back is timing-dependent.

#![cfg(target_os = "linux")] // watched through /proc, a Go port built here

mod common;

use common::{fixture, go_port, planted, rogue_trace, scratch, text};

/// `fuzz` of `cases` cases of the program `reference` (its arguments
/// after) against the built-in port, on glibc's generator; its stdout.
fn fuzz_built_in(name: &str, cases: &str, reference: &[&str]) -> String {
    let out = scratch(name);
    let mut args = vec!["fuzz", "--rng", "glibc", "--cases", cases];
    args.extend(["--seed", "5", "--keep-going", "--out"]);
    args.push(out.to_str().unwrap());
    args.push("--");
    args.extend(reference);
    let run = rogue_trace(&args);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", text(&run.stderr));
    stdout
}

#[test]
fn the_go_port_plain_and_drawn_in_pieces_is_identical() {
    let Some(go) = go_port() else { return };
    for draw in ["cells", "pieces"] {
        let stdout = fuzz_built_in(
            &format!("go-{draw}"),
            "24",
            &[go, "--seed", "{seed}", "--draw", draw],
        );
        assert!(
            stdout.contains("fuzz: 24 case(s) identical"),
            "{draw}: {stdout}"
        );
    }
}

#[test]
fn a_node_port_drawing_its_frame_in_pieces_is_identical() {
    let node = rogue_testkit::required_program(&["node", "nodejs"], "nodejs");
    let script = fixture("raw_port.js");
    let stdout = fuzz_built_in(
        "node-pieces",
        "16",
        &[
            node.to_str().unwrap(),
            script.to_str().unwrap(),
            "--seed",
            "{seed}",
            "--draw",
            "pieces",
        ],
    );
    assert!(stdout.contains("fuzz: 16 case(s) identical"), "{stdout}");
}

#[test]
fn the_go_port_s_planted_bugs_are_found() {
    let Some(go) = go_port() else { return };
    let plants = [
        ("bell", "the port rang the bell (^G); the reference did not"),
        ("title", "with the window title set to \"rogue\""),
        (
            "colour-left",
            "the text colours and attributes left set (blue",
        ),
        ("wasd", "a key moves the reference's player, not the port's"),
        (
            "crash-shrink",
            "the port panicked (Go: the terminal shrank to",
        ),
    ];
    for (plant, named) in plants {
        let out = scratch(&format!("go-{plant}"));
        let port = format!("{go} --seed {{seed}} --plant {plant}");
        let run = rogue_trace(&[
            "fuzz",
            "--cases",
            "40",
            "--seed",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--port",
            &port,
            "--",
            go,
            "--seed",
            "{seed}",
        ]);
        let stdout = text(&run.stdout);
        assert_eq!(run.status.code(), Some(1), "{plant}: {stdout}");
        let group = stdout.lines().find(|l| l.starts_with("difference 1: "));
        assert!(
            group.is_some_and(|g| g.contains(named)),
            "{plant}: {stdout}"
        );
    }
}

#[test]
fn a_difference_that_does_not_come_back_is_timing_dependent() {
    // The plant shows 'T' only while the capture's library types the keys,
    // which the slower settle that confirms never lets it do.
    let p = planted();
    let out = scratch("timing");
    let port = format!("{p} --seed {{seed}} --plant timing");
    let run = rogue_trace(&[
        "fuzz",
        "--cases",
        "3",
        "--keys-per-case",
        "6",
        "--seed",
        "1",
        "--keep-going",
        "--out",
        out.to_str().unwrap(),
        "--port",
        &port,
        "--",
        p,
        "--seed",
        "{seed}",
    ]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", text(&run.stderr));
    assert!(
        stdout.contains("none differing: 0 identical, 3 timing-dependent (case(s) 1, 2, 3: each differed only once; played again with a slower settle, watched through /proc, each screen's output then paused 250 ms unless one thread alone reads the terminal, it was identical)"),
        "{stdout}"
    );
    let record = std::fs::read_to_string(out.join("campaign.jsonl")).unwrap();
    assert_eq!(record.matches("\"seen\":\"timing-dependent\"").count(), 3);
    // Each such case is told with the command that plays it again, which
    // finds it timing-dependent too.
    let stderr = text(&run.stderr);
    let told: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.split_once("timing-dependent; reproduce: "))
        .map(|(_, command)| command)
        .collect();
    assert_eq!(told.len(), 3, "{stderr}");
    let again =
        told[0].replacen("rogue-trace", env!("CARGO_BIN_EXE_rogue-trace"), 1);
    let replayed = std::process::Command::new("sh")
        .args(["-c", &again])
        .output()
        .unwrap();
    let replayed = text(&replayed.stdout);
    assert!(
        replayed.contains("\ntiming-dependent: "),
        "{again}: {replayed}"
    );

    let run = rogue_trace(&[
        "compare", "--seed", "4", "--keys", "jl", "--port", &port, "--", p,
        "--seed", "{seed}",
    ]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}");
    let lines: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert!(lines[1].starts_with("different: "), "{stdout}");
    assert!(lines[0].starts_with("timing-dependent: played again with a slower settle (watched through /proc, each screen's output then paused 250 ms unless one thread alone reads the terminal), the sides were identical"), "{stdout}");
}

/// `compare` of the Go port planted with `plant` against the Go port on
/// keys `jl`: it differs, first by `named`, the screens identical, its
/// verdict beginning `different: {late}`.
fn go_late(plant: &str, named: &str, late: &str) {
    let Some(go) = go_port() else { return };
    let port = format!("{go} --seed {{seed}} --plant {plant}");
    let run = rogue_trace(&[
        "compare", "--seed", "3", "--keys", "jl", "--port", &port, "--", go,
        "--seed", "{seed}",
    ]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}");
    let first = format!("its first difference, as fuzz names it: {named}");
    assert!(stdout.contains(&first), "{stdout}");
    let different = stdout.lines().last().unwrap_or_default();
    assert!(
        different.starts_with(&format!("different: {late}"))
            && different.contains("the screens were identical"),
        "{stdout}"
    );
}

#[test]
fn a_go_port_that_shows_its_answer_late_is_named_late_not_elsewhere() {
    // Asleep in Go's runtime before it shows each screen, the port looks
    // idle; played again patiently, its answer is waited for.
    let named = "the port answers a key late";
    go_late("slow", named, "the port answered key 1 ('j') ");
}

#[test]
fn a_go_port_whose_first_screen_comes_late_is_named_so_with_its_time() {
    // Its terminal taken at once, its game drawn 2 s later.
    let named = "the port's first screen comes late";
    go_late("late-start", named, "the port's first screen came 2.");
}
