//! `compare --port` and `fuzz --port`: the port is a program of its own,
//! captured beside the reference. The stand-in `tests/fixtures/planted.c`
//! plants differences (and a hang) for them to find; `rogue`, where it is
//! built, plays both sides too.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{planted, rogue, rogue_trace, scratch_path, text};

use std::path::Path;
use std::process::Output;

use rogue_testkit::{first_differing_cells, fuzz_traces as traces};
use rogue_trace_format::{is_resize, Trace};

/// `rogue-trace fuzz ARGS --port 'PLANTED --seed {seed} --plant WHAT' --
/// PLANTED --seed {seed}`, its traces and reports in `out`.
fn fuzz_planted(what: &str, out: &Path, args: &[&str]) -> Output {
    let port = format!("{} --seed {{seed}} --plant {what}", planted());
    let mut all = vec!["fuzz", "--out", out.to_str().unwrap()];
    all.extend(args);
    all.extend(["--port", &port, "--", planted(), "--seed", "{seed}"]);
    rogue_trace(&all)
}

/// The `reproduce:` lines, in order.
fn reproduce_lines(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("reproduce: "))
        .map(str::to_string)
        .collect()
}

/// Runs a `rogue-trace ...` command line as printed.
fn run_line(line: &str) -> Output {
    let words = shell_words::split(line).unwrap();
    assert_eq!(words[0], "rogue-trace");
    rogue_trace(&words[1..].iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn a_port_against_itself_is_identical_and_both_are_named() {
    let p = planted();
    let port = format!("{p} --seed {{seed}}");
    let out = rogue_trace(&[
        "compare", "--seed", "7", "--keys", "jjlh", "--size", "40x12",
        "--port", &port, "--", p, "--seed", "{seed}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let a = format!("A: the reference, `{p} --seed 7`");
    let b = format!("B: the port, `{p} --seed 7`");
    assert!(stdout.contains(&format!("{a}\n{b}\n")), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("identical: 5 steps compared, 4 keys typed (A: "),
        "{last}"
    );
    assert!(last.contains(&a[3..]) && last.contains(&b[3..]), "{last}");

    let rogue = rogue();
    let port = format!("{rogue} --seed {{seed}} --rng {{rng}}");
    let out = rogue_trace(&[
        "compare",
        "--seed",
        "42",
        "--keys",
        "jjjlllkkh",
        "--brief",
        "--port",
        &port,
        "--",
        &rogue,
        "--seed",
        "{seed}",
        "--rng",
        "{rng}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert_eq!(
        stdout,
        format!(
            "identical: 10 steps compared, 9 keys typed (A: the reference, `{rogue} --seed 42 --rng glibc`; \
             B: the port, `{rogue} --seed 42 --rng glibc`)\n"
        )
    );
}

#[test]
fn a_port_that_differs_is_found_and_both_are_named() {
    let p = planted();
    let port = format!("{p} --seed {{seed}} --plant parity");
    let out = rogue_trace(&[
        "compare", "--seed", "8", "--keys", "l", "--size", "30x10", "--port",
        &port, "--", p, "--seed", "{seed}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(
            "row 0, column 1: A '#' the terminal's own colours, B 'X'"
        ),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("different: 2 of 2 steps compared differ")
            && last.ends_with(&format!(
                "(A: the reference, `{p} --seed 8`; B: the port, `{p} --seed 8 --plant parity`)"
            )),
        "{last}"
    );

    // This project's own game, another field of view as the port.
    let rogue = rogue();
    let port = format!("{rogue} --fov rays --seed {{seed}} --rng {{rng}}");
    let out = rogue_trace(&[
        "compare",
        "--seed",
        "42",
        "--keys",
        "jjjlllkkh",
        "--port",
        &port,
        "--",
        &rogue,
        "--seed",
        "{seed}",
        "--rng",
        "{rng}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with(&format!(
            "typed the 9 key(s) given\n\
             A: the reference, `{rogue} --seed 42 --rng glibc`\n\
             B: the port, `{rogue} --fov rays --seed 42 --rng glibc`\n\
             step 0 differs"
        )),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("different: ")
            && last.contains("--fov rays --seed 42"),
        "{last}"
    );
}

#[test]
fn the_shrunk_case_still_shows_a_cell_of_the_difference_found() {
    // The port's bottom row shows a 'Z' in its middle, and a narrow screen
    // shows a '!' at its top left too: made narrower, the case would
    // still differ, but no longer where it was found.
    let dir = scratch_path("bottom");
    let out = fuzz_planted(
        "bottom",
        &dir,
        &[
            "--cases",
            "3",
            "--seed",
            "2",
            "--size",
            "60x20-80x30",
            "--html",
            dir.join("reports").to_str().unwrap(),
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let cases = traces(&stdout);
    assert_eq!(
        cases.len(),
        2,
        "the case found and the case shrunk: {stdout}"
    );
    let (found_step, found) =
        first_differing_cells(&cases[0].0, &cases[0].1).expect("a difference");
    let (_, shrunk) =
        first_differing_cells(&cases[1].0, &cases[1].1).expect("a difference");
    assert!(
        shrunk.iter().any(|cell| found.contains(cell)),
        "found at step {found_step}: {found:?}; shrunk: {shrunk:?}"
    );
    assert!(found.iter().any(|c| (c.3).0 == 'Z'), "{found:?}");
    assert!(shrunk.iter().all(|c| (c.3).0 != '!'), "{shrunk:?}");
    // Both cases play again from their reproduce lines, and both have
    // their report.
    let lines = reproduce_lines(&stdout);
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[1].contains("--keys ''"), "keys shrunk: {}", lines[1]);
    for line in &lines {
        assert_eq!(run_line(line).status.code(), Some(1), "{line}");
    }
    let reports = std::fs::read_dir(dir.join("reports")).unwrap().count();
    assert_eq!(reports, 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn keep_going_reports_each_difference_once() {
    // An even seed plants an 'X', an odd one a 'Y': one bug, a character
    // of the map drawn otherwise, one group.
    let dir = scratch_path("parity");
    let out = fuzz_planted(
        "parity",
        &dir,
        &[
            "--cases",
            "8",
            "--seed",
            "1",
            "--keys-per-case",
            "8",
            "--keep-going",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("fuzz: 8 case(s) run (--seed 1): 0 identical, 8 differing, 1 distinct difference(s)"),
        "{stdout}"
    );
    let groups: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("difference "))
        .collect();
    assert_eq!(
        groups,
        ["difference 1: the map differs (a cell drawn on both sides, with other characters) (8 case(s): 1, 2, 3, 4, 5, 6, 7, 8)"],
        "{stdout}"
    );
    // Both plants are among the cases: seeds of both parities.
    let parities: std::collections::HashSet<bool> = stderr
        .lines()
        .filter_map(|l| l.split(": seed ").nth(1)?.split(' ').next())
        .map(|seed| seed.parse::<u32>().unwrap() % 2 == 0)
        .collect();
    assert_eq!(parities.len(), 2, "{stderr}");
    // The group: its case found and its case shrunk, each reproducible.
    for what in ["found", "shrunk"] {
        let lines = stdout
            .lines()
            .filter(|l| l.starts_with(&format!("  {what}: reproduce: ")))
            .count();
        assert_eq!(lines, 1, "{what}: {stdout}");
    }
    // Every case is logged, with its number.
    for n in 1..=8 {
        assert!(
            stderr.contains(&format!("fuzz: case {n}/8: seed ")),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_port_that_hangs_is_a_finding_with_the_screens_before() {
    // The port stops reading keys after its third.
    let dir = scratch_path("hang");
    let out = fuzz_planted(
        "hang",
        &dir,
        // One byte a key: the port counts bytes.
        &[
            "--cases",
            "3",
            "--seed",
            "4",
            "--keys-per-case",
            "6",
            "--alphabet",
            "hjkl",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains(
            "the port stopped: the program slept without waiting for a key after 3 key(s) (asleep, using no CPU"
        ),
        "{stdout}"
    );
    // It sleeps in pause() after its third key, which names the group.
    let keys = &traces(&stdout)[0].0.header.keys;
    let named = format!(
        "difference 1: a side stopped or died: the port slept without waiting for a key after '{}' (1 case(s): 1)",
        keys[2]
    );
    assert!(stdout.contains(&named), "{stdout}");
    let cases = traces(&stdout);
    assert_eq!(cases.len(), 1, "not shrunk: {stdout}");
    let numbers =
        |t: &Trace| t.steps.iter().map(|s| s.number).collect::<Vec<_>>();
    assert_eq!(numbers(&cases[0].0), [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(numbers(&cases[0].1), [0, 1, 2]);
    let lines = reproduce_lines(&stdout);
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(
        lines[0].starts_with("rogue-trace compare --port "),
        "{}",
        lines[0]
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A port that spins on the CPU after its third key is hung, named by
/// that key, within the hang limit: the busy limit is ten minutes here,
/// and the capture typing the keys (`--settle watch`) sees it as the
/// program typing its own (`observe`) does.
#[cfg(target_os = "linux")] // the watch through /proc
#[test]
fn a_port_that_spins_is_hung_within_the_hang_limit() {
    let p = planted();
    let port = format!("{p} --seed {{seed}} --plant spin");
    for settle in ["observe", "watch"] {
        let out = rogue_trace(&[
            "compare",
            "--seed",
            "3",
            "--keys",
            "hjkl",
            "--busy-limit",
            "600",
            "--settle",
            settle,
            "--port",
            &port,
            "--",
            p,
            "--seed",
            "{seed}",
        ]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{settle}: {stdout}");
        assert!(
            stdout.contains(
                "the port stopped: the program kept busy without waiting for a key after 3 key(s), at work on the CPU with no read of input pending for the hang limit (--hang-limit-ms, 1000 ms by default): hung; the settled screens before are recorded; the last key typed: key 3 of 4 ('k')"
            ),
            "{settle}: {stdout}"
        );
    }
}

/// `compare` of `planted` against the port planted with `plant`, typing
/// `keys` on a 40x12 screen, settled as `settle` says.
fn compare_planted(plant: &str, keys: &str, settle: &str) -> Output {
    let p = planted();
    let port = format!("{p} --seed {{seed}} --plant {plant}");
    rogue_trace(&[
        "compare", "--seed", "3", "--size", "40x12", "--keys", keys,
        "--settle", settle, "--port", &port, "--", p, "--seed", "{seed}",
    ])
}

/// A resize to the size the terminal has changes nothing: no signal, the
/// same screen, at once (a walk played again at the dungeon's size may
/// hold one); the C original, redrawing on a signal, is not waited out.
#[test]
fn a_resize_to_the_same_size_is_a_step_that_changes_nothing() {
    let keys = "h\\{30x8}\\{30x8}j\\{40x12}";
    for settle in ["observe", "watch"] {
        let same = compare_planted("none", keys, settle);
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{settle}: {stdout}");
        assert!(stdout.contains("identical: 6 steps compared"), "{stdout}");
    }
}

/// The terminal resized between keys, larger and smaller: a port that
/// redraws at the new size is identical, one that never sees the resize
/// differs after it, named so; the trace of a capture is v2, the resize
/// a step of its own at its size.
#[test]
fn a_port_that_ignores_a_resize_differs_after_it() {
    let keys = "hj\\{30x8}kl\\{50x14}j";
    for settle in ["observe", "watch"] {
        let same = compare_planted("none", keys, settle);
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{settle}: {stdout}");
        assert!(stdout.contains("identical: 8 steps compared"), "{stdout}");
        let stale = compare_planted("no-resize", keys, settle);
        let stdout = text(&stale.stdout);
        assert_eq!(stale.status.code(), Some(1), "{settle}: {stdout}");
        assert!(
            stdout.contains("step 3 differs (after a resize to 30x8)")
                && stdout.contains("at step 3, after a resize to 30x8"),
            "{settle}: {stdout}"
        );
        assert!(
            stdout.contains("as fuzz names it: the port did not draw the game again after a resize"),
            "{settle}: {stdout}"
        );
    }
    let p = planted();
    let out = rogue_trace(&[
        "capture", "--every", "--size", "40x12", "--keys", keys, "--", p,
    ]);
    let trace = Trace::parse(&text(&out.stdout)).unwrap();
    assert!(text(&out.stdout).starts_with("# screen trace v2\n"));
    let sizes: Vec<_> = trace
        .steps
        .iter()
        .map(|s| (s.text[0].chars().count(), s.text.len()))
        .collect();
    let small = [(30, 8); 3];
    assert_eq!(sizes[..3], [(40, 12); 3]);
    assert_eq!(sizes[3..6], small);
    assert_eq!(sizes[6..], [(50, 14); 2]);
    assert!(text(&out.stdout).contains("\n== step 3 resize 30x8\n"));
}

/// The default walks resize the terminal in some cases: a port that
/// redraws at the new size stays identical to itself over them, and
/// `rogue` to itself; one that never sees a resize is found, named by
/// the resize.
#[test]
fn default_walks_resize_and_find_a_port_that_ignores_it() {
    let dir = scratch_path("walks-resize");
    let args = ["--cases", "8", "--seed", "2", "--keys-per-case", "30"];
    let mut all = args.to_vec();
    all.extend(["--keep-going", "--size", "30x10-60x20"]);
    let same = fuzz_planted("none", &dir.join("same"), &all);
    let stdout = text(&same.stdout);
    assert_eq!(same.status.code(), Some(0), "{stdout}");
    let resizes = |stdout: &str| {
        let covered = stdout.lines().find(|l| l.contains("resize(s)"));
        let words: Vec<&str> = covered.unwrap_or("").split(' ').collect();
        let at = words.iter().position(|w| w.starts_with("resize(s)"));
        at.and_then(|i| words[i - 1].parse::<usize>().ok())
    };
    assert!(resizes(&stdout).is_some_and(|n| n > 0), "{stdout}");
    let stale = fuzz_planted("no-resize", &dir.join("stale"), &all);
    let stdout = text(&stale.stdout);
    assert_eq!(stale.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(", after a resize to "), "{stdout}");
    assert!(
        stdout.contains("1 distinct difference(s)")
            && stdout.contains("difference 1: the port did not draw the game again after a resize"),
        "one bug, one group, named as its cause: {stdout}"
    );
    // Shrinking keeps the resize the difference comes after, and the
    // traces kept are v2, with it.
    let kept = traces(&stdout);
    assert!(kept.len() >= 2, "{stdout}");
    for (a, b) in &kept {
        assert!(a.header.keys.iter().any(|&k| is_resize(k)), "{stdout}");
        assert_eq!(a.header.keys, b.header.keys);
    }
    let shrunk = &kept[1].0.header.keys;
    assert!(shrunk.len() < 30, "{shrunk:?}");
    let rogue = rogue();
    let port = format!("{rogue} --seed {{seed}} --rng {{rng}}");
    let mut all = vec!["fuzz", "--out", dir.to_str().unwrap()];
    all.extend(args);
    all.extend(["--port", &port, "--", &rogue]);
    all.extend(["--seed", "{seed}", "--rng", "{rng}"]);
    let out = rogue_trace(&all);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(resizes(&stdout).is_some_and(|n| n > 0), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn compare_takes_its_seed_and_keys_from_a_trace() {
    let p = planted();
    let dir = scratch_path("seed-from");
    std::fs::create_dir_all(&dir).unwrap();
    let recorded = dir.join("recorded.trace");
    let out = rogue_trace(&[
        "capture",
        "--seed",
        "9",
        "--keys",
        "jjl",
        "--size",
        "30x10",
        "--every",
        "--out",
        recorded.to_str().unwrap(),
        "--",
        p,
        "--seed",
        "9",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let port = format!("{p} --seed {{seed}}");
    let recorded = recorded.to_str().unwrap();
    let out = rogue_trace(&[
        "compare",
        "--seed-from",
        recorded,
        "--keys-from",
        recorded,
        "--size",
        "30x10",
        "--brief",
        "--port",
        &port,
        "--",
        p,
        "--seed",
        "{seed}",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(&format!("`{p} --seed 9`")), "{stdout}");
    assert!(
        stdout.starts_with("identical: 4 steps compared"),
        "{stdout}"
    );

    let out = rogue_trace(&[
        "compare",
        "--seed",
        "1",
        "--seed-from",
        recorded,
        "--",
        p,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot be used with"));
}

#[test]
fn chars_compares_characters_and_says_so() {
    let p = planted();
    let port = format!("{p} --seed {{seed}} --plant parity");
    let compare = |chars: bool| {
        let mut args = vec!["compare", "--seed", "4", "--size", "20x6"];
        if chars {
            args.push("--chars");
        }
        args.extend(["--brief", "--port", &port, "--", p, "--seed", "{seed}"]);
        rogue_trace(&args)
    };
    let out = compare(true);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("different, characters only (colours ignored)"),
        "{stdout}"
    );
    let out = compare(false);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(!stdout.contains("characters only"), "{stdout}");
}

#[test]
fn a_side_without_rng_plays_the_platform_s_generator_and_says_so() {
    let p = planted();
    let port = format!("{p} --seed {{seed}}");
    let told = "the port's command has no {rng} and it is not pinned: \
                played on glibc, the platform's generator, only (--rng chooses another)";
    // compare: on one line, and not when --rng says which.
    let compare = |rng: &[&str]| {
        let mut args = vec!["compare", "--seed", "3", "--keys", "j", "--brief"];
        args.extend(rng);
        args.extend(["--port", &port, "--", p, "--seed", "{seed}", "{rng}"]);
        rogue_trace(&args)
    };
    let out = compare(&[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, format!("compare: {told}\n"));
    let out = compare(&["--rng", "msvc"]);
    assert_eq!(text(&out.stderr), "");
    // fuzz: every case on glibc.
    let dir = scratch_path("platform-rng");
    let out = rogue_trace(&[
        "fuzz",
        "--cases",
        "6",
        "--seed",
        "2",
        "--keys-per-case",
        "3",
        "--out",
        dir.to_str().unwrap(),
        "--port",
        &port,
        "--",
        p,
        "--seed",
        "{seed}",
        "{rng}",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.starts_with(&format!("fuzz: {told}\n")), "{stderr}");
    let cases: Vec<&str> =
        stderr.lines().filter(|l| l.contains(": seed ")).collect();
    assert_eq!(cases.len(), 6, "{stderr}");
    assert!(cases.iter().all(|c| c.contains(" rng glibc ")), "{stderr}");
}
