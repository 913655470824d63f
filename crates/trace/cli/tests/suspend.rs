//! `^Z` and the resume (`\{fg}`): a capture runs a program whose keys
//! hold them as a shell's job, so that `^Z` stops it as it stops a game
//! run by hand, and the resume brings it back. Ports of their own: in C
//! with curses (`part2.c`: ncurses leaves the game for the main screen
//! and stops), against the built-in port; and in C with plain escapes
//! (`planted.c`, which suspends as curses does, and, planted, reads `^Z`
//! as a key in raw mode and stays on screen).

#![cfg(unix)] // a Unix pseudo-terminal and its job control

mod common;

use common::{fixture, rogue_trace, scratch_path, text};

use std::process::Output;

use rogue_testkit::compile_c;
use rogue_trace_format::{Trace, RESUME, SUSPEND};

/// A C fixture, compiled.
fn built(name: &str, libs: &[&str]) -> String {
    let source = fixture(&format!("{name}.c"));
    let path = compile_c(&source, &scratch_path("bin"), name, libs);
    path.to_str().unwrap().to_string()
}

/// The rows of a step showing any of `#`, `.` or `@`: the game.
fn shows_the_game(rows: &[String]) -> bool {
    rows.iter().any(|r| r.contains(['#', '.', '@']))
}

/// `capture --every` of `command` typing `keys`, read.
fn capture(size: &str, keys: &str, command: &[&str]) -> Trace {
    let mut args = vec!["capture", "--every", "--size", size];
    args.extend(["--keys", keys, "--"]);
    args.extend(command);
    let out = rogue_trace(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    Trace::parse(&text(&out.stdout)).unwrap()
}

#[test]
fn a_curses_program_stops_on_ctrl_z_and_comes_back_as_the_built_in_port() {
    let part2 = built("part2", &["-lncurses"]);
    let keys = "jj\\x1a\\{fg}hq";
    let trace = capture("100x25", keys, &[&part2]);
    assert_eq!(trace.header.keys[3], RESUME);
    let told: Vec<Option<char>> = trace.steps.iter().map(|s| s.key).collect();
    let expected = [None, Some('j'), Some('j'), Some(SUSPEND), Some(RESUME)];
    assert_eq!(told[..5], expected);
    // Stopped: the terminal's main screen, blank; resumed: the game as
    // it was.
    assert!(!shows_the_game(&trace.steps[3].text), "{}", trace.to_text());
    assert_eq!(trace.steps[4].text, trace.steps[2].text);
    assert!(trace.to_text().contains("\n== step 4 resume\n"));

    let mut args = vec!["compare", "--part", "2", "--size", "100x25"];
    args.extend(["--keys", keys, "--", &part2]);
    let out = rogue_trace(&args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("identical: 6 steps compared"), "{stdout}");
}

#[test]
fn default_walks_suspend_and_a_curses_port_stays_identical() {
    let part2 = built("part2", &["-lncurses"]);
    let dir = scratch_path("walks");
    let mut args = vec!["fuzz", "--part", "2", "--size", "100x25"];
    args.extend(["--cases", "16", "--seed", "4", "--keys-per-case", "20"]);
    args.extend(["--out", dir.to_str().unwrap(), "--", &part2]);
    let out = rogue_trace(&args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("16 case(s) identical"), "{stdout}");
    let covered = stdout.lines().find(|l| l.contains("suspend(s)"));
    let words: Vec<&str> = covered.unwrap_or("").split(' ').collect();
    let at = words.iter().position(|&w| w == "suspend(s)");
    let suspends = at.and_then(|i| words[i - 1].parse::<u32>().ok());
    assert!(suspends.is_some_and(|n| n > 0), "{stdout}");
}

/// `compare` of `planted --plant WHAT` against `planted`, typing `keys`.
fn compare_planted(planted: &str, what: &str, keys: &str) -> Output {
    let port = format!("{planted} --seed {{seed}} --plant {what}");
    let mut args = vec!["compare", "--seed", "3", "--size", "30x10"];
    args.extend(["--keys", keys, "--port", &port, "--"]);
    args.extend([planted, "--seed", "{seed}"]);
    rogue_trace(&args)
}

#[test]
fn a_port_that_reads_ctrl_z_as_a_key_differs_at_it() {
    let planted = built("planted", &[]);
    let keys = "hj\\x1a\\{fg}lq";
    let same = compare_planted(&planted, "none", keys);
    let stdout = text(&same.stdout);
    assert_eq!(same.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("identical: 6 steps compared"), "{stdout}");
    let raw = compare_planted(&planted, "no-suspend", keys);
    let stdout = text(&raw.stdout);
    assert_eq!(raw.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("step 3 differs (key '\\x1a')")
            && stdout.contains("at step 3, typed by '\\x1a'")
            && stdout.contains("first at step 3"),
        "{stdout}"
    );
    // Resumed, the two are the same again.
    assert!(stdout.contains("different: 1 of 6 steps"), "{stdout}");
    assert!(
        stdout.contains("as fuzz names it: the port did not suspend at ^Z"),
        "named as its cause: {stdout}"
    );
}

#[test]
fn fuzz_finds_a_port_that_never_suspends_and_names_the_key() {
    let planted = built("planted", &[]);
    let dir = scratch_path("fuzz-no-suspend");
    let port = format!("{planted} --seed {{seed}} --plant no-suspend");
    let mut args = vec!["fuzz", "--out", dir.to_str().unwrap()];
    args.extend(["--cases", "16", "--seed", "2", "--keys-per-case", "20"]);
    args.extend(["--keep-going", "--size", "30x10-50x14"]);
    args.extend(["--port", &port, "--", &planted, "--seed", "{seed}"]);
    let out = rogue_trace(&args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("typed by '\\x1a'"), "{stdout}");
    assert!(
        stdout.contains("1 distinct difference(s)")
            && stdout.contains("difference 1: the port did not suspend at ^Z"),
        "one bug, one group, named as its cause: {stdout}"
    );
}

#[test]
fn a_program_run_as_a_job_ends_as_it_ends_alone() {
    let scripts = [
        "printf drawn; exit 3",
        "printf drawn; kill -TERM $$",
        "printf drawn; kill -QUIT $$",
        "printf drawn; printf oops >&2; exit 4",
    ];
    for script in scripts {
        // Keys that hold ^Z run it as a shell's job; 'j' alone does not.
        let run = |keys: &str| {
            let out = rogue_trace(&[
                "capture", "--keys", keys, "--", "sh", "-c", script,
            ]);
            (text(&out.stdout), text(&out.stderr), out.status.code())
        };
        let (job, alone) = (run("j\\x1a"), run("j"));
        assert_eq!(job.1, alone.1, "{script}");
        assert_eq!(job.2, alone.2, "{script}");
        let header = |trace: &str| {
            trace
                .lines()
                .filter(|l| l.starts_with("# ") && !l.starts_with("# keys"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(header(&job.0), header(&alone.0), "{script}");
    }
}
