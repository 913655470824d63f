//! What a side writes to its standard error is compared, though the next
//! redraw wipes it off the screen: ports that write a debugging line on
//! every wall bump, in C (`planted.c`, `fprintf(stderr, ...)`), in Rust
//! (`walls.rs`, `eprintln!`) and on Node.js (`port.js`, `console.error`),
//! differ from the same ports that do not, and `fuzz` names the
//! difference as such; the unmodified ports stay identical.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{compile_rust, fixture, planted, rogue_trace, scratch_path, text};

use std::process::Output;

use rogue_testkit::required_program;

/// The Rust stand-in, compiled.
fn walls() -> String {
    compile_rust("walls", &scratch_path("rust"))
}

/// The Node.js stand-in's command.
fn node_port() -> String {
    let node = required_program(&["node", "nodejs"], "nodejs");
    let script = fixture("port.js");
    format!("{} {}", node.to_str().unwrap(), script.to_str().unwrap())
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
fn a_port_that_writes_to_standard_error_differs_in_c_rust_and_node() {
    let c = format!("{} --seed 3", planted());
    let sides = [
        ("C", c, "bump at 0,15\\n"),
        ("Rust", walls(), "bump at 1,15\\n"),
        ("Node.js", node_port(), "bump at 1,15\\n"),
    ];
    // Four steps up from the middle of a 30x8 screen reach the wall.
    let keys = "kkkkjq";
    for (language, port, words) in sides {
        let same = compare(&port, &port, keys);
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{language}: {stdout}");
        assert!(
            stdout.contains("identical: 6 steps compared"),
            "{language}: {stdout}"
        );
        let planted = format!("{port} --plant stderr");
        let bumps = compare(&planted, &port, keys);
        let stdout = text(&bumps.stdout);
        assert_eq!(bumps.status.code(), Some(1), "{language}: {stdout}");
        let said = format!("the port wrote to standard error at key 4 ('k'): \"{words}\" (the reference wrote nothing there)");
        assert!(stdout.contains(&said), "{language}: {stdout}");
        // The C stand-in says goodbye there as it ends: counted too.
        let bye = "the port wrote to standard error at key 6 ('q'): \"bye\\n\"";
        assert_eq!(stdout.contains(bye), language == "C", "{stdout}");
        // The other way round, the reference is named.
        let other_way = compare(&port, &planted, keys);
        let stdout = text(&other_way.stdout);
        assert!(
            stdout.contains("the reference wrote to standard error at key 4"),
            "{language}: {stdout}"
        );
    }
}

#[test]
fn the_traces_say_standard_error_was_read_and_what_came() {
    let port = format!("{} --seed 3 --plant stderr", planted());
    let dir = scratch_path("traces");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("bumps.trace");
    let captured = rogue_trace(&[
        "capture",
        "--size",
        "30x8",
        "--keys",
        "kkkkj",
        "--out",
        out.to_str().unwrap(),
        "--",
        &shell_words::split(&port).unwrap()[0],
        "--seed",
        "3",
        "--plant",
        "stderr",
    ]);
    assert_eq!(
        captured.status.code(),
        Some(0),
        "{}",
        text(&captured.stderr)
    );
    let trace = std::fs::read_to_string(&out).unwrap();
    assert!(trace.contains("# stderr: read\n"), "{trace}");
    assert!(trace.contains("# stderr: 4 'bump at 0,15\\n'\n"), "{trace}");
    // The built-in port writes nothing there, as the C original does not.
    let replayed = dir.join("replayed");
    let built_in = rogue_trace(&[
        "compare",
        "--part",
        "1",
        "--size",
        "30x8",
        "--keys",
        "kk",
        "--out",
        replayed.to_str().unwrap(),
        "--",
        &shell_words::split(&port).unwrap()[0],
        "--seed",
        "3",
    ]);
    let stdout = text(&built_in.stdout);
    assert!(!stdout.contains("standard error"), "{stdout}");
    for side in ["reference", "port"] {
        let path = replayed.join(format!("part1.{side}.trace"));
        let trace = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = trace
            .lines()
            .filter(|l| l.starts_with("# stderr"))
            .collect();
        assert_eq!(lines, ["# stderr: read"], "{side}: {trace}");
    }
}

#[test]
fn fuzz_names_words_on_standard_error_as_their_own_kind() {
    let planted = planted();
    let out_dir = scratch_path("fuzz");
    let port = format!("{planted} --seed {{seed}} --plant stderr");
    let out = rogue_trace(&[
        "fuzz",
        "--cases",
        "6",
        "--seed",
        "2",
        "--keep-going",
        "--rng",
        "glibc",
        "--size",
        "30x8",
        "--keys-per-case",
        "12",
        "--alphabet",
        "k",
        "--out",
        out_dir.to_str().unwrap(),
        "--port",
        &port,
        "--",
        planted,
        "--seed",
        "{seed}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("difference 1: writes to standard error: the port wrote words the reference did not"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("difference 2:"),
        "one bug, one group: {stdout}"
    );
}

#[test]
fn the_html_report_lists_each_side_s_words_on_standard_error() {
    let planted = planted();
    let dir = scratch_path("html");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("bumps.html");
    let port = format!("{planted} --seed 3 --plant stderr");
    let out = rogue_trace(&[
        "compare",
        "--part",
        "1",
        "--size",
        "30x8",
        "--keys",
        "kkkkjq",
        "--html",
        page.to_str().unwrap(),
        "--port",
        &port,
        "--",
        planted,
        "--seed",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let dom = rogue_testkit::chromium_dom(&page);
    assert!(dom.contains("standard error"), "{dom}");
    assert!(
        dom.contains("at key 4 ('k'): \"bump at 0,15\\n\""),
        "B's words at their key: {dom}"
    );
    assert!(dom.contains("<td>nothing</td>"), "A wrote nothing: {dom}");
    assert!(
        dom.contains("the port wrote to standard error at key 4 ('k')"),
        "the verdict says it: {dom}"
    );
}

#[test]
fn words_of_many_keys_typed_at_the_program_s_speed_are_placed_at_their_key() {
    // Four keys up reach the wall; then each `k` after a `j` bumps it
    // again: words at every other key, from key 4 on.
    let keys = format!("kkkk{}", "jk".repeat(150));
    let want: Vec<String> = (4..=keys.len())
        .step_by(2)
        .map(|key| format!("# stderr: {key} 'bump at 0,15\\n'"))
        .collect();
    let dir = scratch_path("many");
    std::fs::create_dir_all(&dir).unwrap();
    // The program types its own keys (the library tells the capture
    // which words came before each wait), or the capture types them.
    for settle in ["observe", "watch"] {
        let out = dir.join(format!("{settle}.trace"));
        let captured = rogue_trace(&[
            "capture",
            "--settle",
            settle,
            "--size",
            "30x8",
            "--keys",
            &keys,
            "--out",
            out.to_str().unwrap(),
            "--",
            planted(),
            "--seed",
            "3",
            "--plant",
            "stderr",
        ]);
        assert_eq!(
            captured.status.code(),
            Some(0),
            "{}",
            text(&captured.stderr)
        );
        let trace = std::fs::read_to_string(&out).unwrap();
        let said: Vec<&str> = trace
            .lines()
            .filter(|l| l.starts_with("# stderr: ") && l != &"# stderr: read")
            .collect();
        assert_eq!(said, want, "{settle}");
    }
}
