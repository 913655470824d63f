//! `compare` and `fuzz` on the chapters that never seed: stand-ins of
//! the C tutorial's Parts 0, 1 and 2 (`tests/fixtures/part0.c`,
//! `part1.c`, `part2.c`, written from what those programs do) against the
//! built-in port, which plays each part; no seed is asked for or pinned.
//! A copy of each with a bug planted is found by `compare` and by `fuzz
//! --part`, whose cases give no seed; a case that shows nothing is
//! counted apart.

#![cfg(unix)] // a Unix pseudo-terminal, and ncurses

mod common;

use common::{fixture, rogue_trace, scratch_path, text};

use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;

use rogue_testkit::compile_c;

/// The stand-in of Part `part`, compiled once.
fn stand_in(part: usize) -> &'static str {
    static BINARIES: [OnceLock<PathBuf>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    BINARIES[part]
        .get_or_init(|| {
            let name = format!("part{part}");
            let source = fixture(&format!("{name}.c"));
            compile_c(&source, &scratch_path("bin"), &name, &["-lncurses"])
        })
        .to_str()
        .unwrap()
}

/// The line of `stdout` that starts with `prefix`, without it.
fn line<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line: {stdout}"))
}

#[test]
fn each_chapter_s_stand_in_plays_as_the_built_in_port() {
    for part in ["1", "2"] {
        let program = stand_in(part.parse().unwrap());
        let out = rogue_trace(&[
            "compare", "--part", part, "--seed", "3", "--", program,
        ]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
        // The default walk, drawn from the seed; no {seed} and no pin.
        assert!(
            stdout.starts_with(
                "played the default walk of 400 keys drawn from seed 3: --walk 400\n"
            ),
            "{stdout}"
        );
        let last = stdout.lines().last().unwrap();
        assert!(
            last.starts_with("identical: 401 steps compared, 400 keys typed"),
            "{last}"
        );
        assert!(
            last.contains(&format!(
                "the built-in port (rogue-replay --part {part})"
            )),
            "{last}"
        );
        // Played again as printed: no generator, the walk's seed.
        let again = line(&stdout, "reproduce: ");
        assert!(
            again.starts_with(&format!(
                "rogue-trace compare --part {part} --size 100x25 --seed 3 --walk 400 -- "
            )) && !again.contains("--rng"),
            "{again}"
        );
        let words = shell_words::split(again).unwrap();
        let words: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let out = rogue_trace(&words);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        assert_eq!(text(&out.stdout).lines().last(), Some(last));
    }
    let out =
        rogue_trace(&["compare", "--part", "0", "--brief", "--", stand_in(0)]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with(
            "identical: neither side drew a screen: each exited with status 0 at start-up, as Part 0 does"
        ),
        "{stdout}"
    );
    // Nothing drawn from a seed, so none is said to be drawn.
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_part_0_that_draws_before_it_leaves_curses_differs_by_what_it_drew() {
    let p0 = stand_in(0);
    let port = format!("{p0} --plant draws");
    for (args, drew) in [
        (vec!["--port", port.as_str(), "--", p0], "the port"),
        (
            vec!["--port", p0, "--", p0, "--plant", "draws"],
            "the reference",
        ),
    ] {
        let out =
            rogue_trace(&[&["compare", "--part", "0"], &args[..]].concat());
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        let line = stdout.lines().last().unwrap_or_default();
        assert!(
            line.starts_with(&format!("different: {drew} drew a screen before it left curses (row 0: \"Hello\")")),
            "{stdout}"
        );
    }
}

#[test]
fn a_bug_planted_in_a_chapter_is_found_by_compare() {
    // Part 1 moving on y, as vi's keys do.
    let p1 = stand_in(1);
    let port = format!("{p1} --plant y");
    let out = rogue_trace(&[
        "compare", "--part", "1", "--keys", "lyl", "--port", &port, "--", p1,
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("step 2 differs (key 'y')"), "{stdout}");
    assert!(
        stdout.contains(
            "row 10, column 21: A '@' the terminal's own colours, B ' '"
        ),
        "{stdout}"
    );
    // Part 2's room a column narrower: its first screen differs.
    let p2 = stand_in(2);
    let port = format!("{p2} --plant narrow");
    let out = rogue_trace(&[
        "compare", "--part", "2", "--keys", "", "--port", &port, "--", p2,
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("step 0 differs (key - (before the first key)): characters, 10 cell(s)"),
        "{stdout}"
    );
    assert!(stdout.contains("row 5, column 59: A '.'"), "{stdout}");
    // Part 0 exiting 1.
    let p0 = stand_in(0);
    let port = format!("{p0} --plant status");
    let out =
        rogue_trace(&["compare", "--part", "0", "--port", &port, "--", p0]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(
            "the port stopped: the program exited with status 1 after 0 key(s)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_chapter_that_never_seeds_takes_no_seed_and_no_pin() {
    let p1 = stand_in(1);
    for args in [
        &["compare", "--part", "1", "--pin", "--", p1][..],
        &[
            "compare",
            "--part",
            "2",
            "--port",
            p1,
            "--pin-port",
            "--",
            p1,
        ],
        &["fuzz", "--port-args", "--part 1", "--pin", "--", p1],
        &["fuzz", "--part", "2", "--port", p1, "--pin-port", "--", p1],
        &["capture", "--part", "0", "--pin", "--seed", "1", "--", p1],
    ] {
        let out = rogue_trace(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("never seeds (its program calls neither time() nor srand()): there is nothing to pin"),
            "{args:?}: {stderr}"
        );
    }
    // Part 3 seeds: a reference that gets no seed is refused, told the
    // part its screen looks like.
    let out = rogue_trace(&["compare", "--part", "3", "--", p1]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the reference is compared as Part 3, which seeds, but it never called time(), and its first screen looks like Part 1's (an @ alone on a blank screen), a part that never seeds: give --part 1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_chapter_compared_without_its_part_is_told_the_part_that_fits() {
    let p2 = stand_in(2);
    let fits = "its first screen looks like Part 2's (no colours, the @ \
                starting at row 10, column 50), a part that never seeds: \
                give --part 2, without a seed or a pin";
    // Unpinned, no {seed}: the seed it would pick is not the advice.
    for (args, says) in [
        (
            &["compare", "--", p2][..],
            "the reference is compared as Part 4",
        ),
        (
            &["fuzz", "--pin", "--port", p2, "--", p2, "{seed}"],
            "the port is compared as Part 4",
        ),
    ] {
        let out = rogue_trace(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(stderr.ends_with(&format!("never called time(), and {fits}\n")));
        assert!(!stderr.contains("would pick its own seed"), "{stderr}");
    }
    // Pinned: the pin's proof fails, and says the part too.
    let args = [
        "compare",
        "--keys",
        "j",
        "--pin",
        "--pin-port",
        "--port",
        p2,
    ];
    let out = rogue_trace(&[&args[..], &["--", p2]].concat());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot run: --pin: the program never called time() before its first screen")
            && stderr.ends_with(&format!("; {fits}\n")),
        "{stderr}"
    );
    // A program that shows no part's screen is told the seed, as before.
    let out =
        rogue_trace(&["compare", "--", "sh", "-c", "printf hello; read x"]);
    assert!(
        text(&out.stderr)
            .contains("the reference would pick its own seed: give --pin"),
        "{}",
        text(&out.stderr)
    );
}

/// `rogue-trace fuzz --part PART ARGS --port 'PORT' -- PROGRAM`, its
/// traces in a folder of its own.
fn fuzz(part: &str, args: &[&str], port: &str, program: &str) -> Output {
    let out = scratch_path(&format!("fuzz-{part}-{}", args.join("-")));
    let mut all = vec!["fuzz", "--part", part, "--out", out.to_str().unwrap()];
    all.extend(args);
    all.extend(["--port", port, "--", program]);
    rogue_trace(&all)
}

#[test]
fn a_bug_planted_in_a_chapter_is_found_by_fuzz() {
    // Part 1 moving on y: found, and shrunk to the y.
    let p1 = stand_in(1);
    let args = ["--cases", "5", "--seed", "1", "--alphabet", "hjkly"];
    let out = fuzz("1", &args, &format!("{p1} --plant y"), p1);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("difference 1: the player is elsewhere"),
        "{stdout}"
    );
    // No seed or generator in a case, its log or its reproduce lines.
    assert!(stderr.contains("fuzz: case 1/5: part 1 size "), "{stderr}");
    let shrunk = line(&stdout, "  shrunk: reproduce: ");
    assert!(
        shrunk.starts_with("rogue-trace compare --port ")
            && shrunk.contains(" --part 1 ")
            && shrunk.contains(" --keys y -- "),
        "{shrunk}"
    );
    assert!(
        !shrunk.contains("--seed") && !shrunk.contains("--rng"),
        "{shrunk}"
    );
    // Part 2's narrower room: the first case's first screen.
    let p2 = stand_in(2);
    let args = ["--cases", "3", "--seed", "1", "--size", "80x25"];
    let out = fuzz("2", &args, &format!("{p2} --plant narrow"), p2);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("fuzz: difference 1, found at case 1: the map differs"),
        "{stdout}"
    );
    // The stand-ins against themselves: nothing differs.
    let args = ["--cases", "3", "--seed", "2", "--size", "80x25"];
    let out = fuzz("2", &args, p2, p2);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn fuzz_counts_the_cases_that_covered_nothing_apart() {
    // Part 1's @, at row 10, column 20, is outside a 15x6 screen, and j
    // and l take it further away.
    let p1 = stand_in(1);
    let args = [
        "--cases",
        "2",
        "--seed",
        "4",
        "--size",
        "15x6",
        "--alphabet",
        "jl",
    ];
    let out = fuzz("1", &args, p1, p1);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "nothing compared: {stdout}");
    assert!(
        stdout.starts_with(
            "fuzz: 2 case(s) run (--seed 4), none differing: 0 identical, 2 that covered nothing"
        ),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("case 1/2: part 1 size 15x6: covered nothing: both screens blank at every step"),
        "{stderr}"
    );
}
