//! `--pin` gives an unmodified C program the seed and generator asked for,
//! and `fuzz` finds and shrinks a difference between a reference and the
//! port.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;
use common::{rogue, rogue_trace, scratch_path, text};

use std::path::PathBuf;
use std::process::Output;

use rogue_testkit::first_differing_cells;
use rogue_trace_format::Trace;

/// The probe, compiled with the system's C compiler.
fn probe() -> PathBuf {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pin_probe.c");
    rogue_testkit::compile_c(&source, &scratch_path("bin"), "pin_probe", &[])
}

#[test]
#[cfg(target_os = "linux")]
fn pin_gives_the_seed_and_the_generator() {
    let probe = probe();
    let probe = probe.to_str().unwrap();
    // glibc's and Microsoft's first rand() values after srand(42).
    for (rng, expected) in [
        ("glibc", "time 42 rand 71876166 708592740 1483128881"),
        ("msvc", "time 42 rand 175 400 17869"),
    ] {
        let out = rogue_trace(&[
            "capture", "--pin", "--seed", "42", "--rng", rng, "--keys", "x",
            "--", probe,
        ]);
        let trace = text(&out.stdout);
        assert!(trace.contains(expected), "{rng}: {trace}");
        assert!(
            trace.contains(&format!("# rng: {rng}\n# seed: 42\n")),
            "{trace}"
        );
    }
    // Any u32: the seed is what srand() receives.
    let out = rogue_trace(&[
        "capture",
        "--pin",
        "--seed",
        "4000000000",
        "--rng",
        "msvc",
        "--keys",
        "x",
        "--",
        probe,
    ]);
    assert!(
        text(&out.stdout).contains("time 4000000000 rand 9093 26667 22665"),
        "{}",
        text(&out.stdout)
    );
}

/// `rogue-trace fuzz ARGS -- ROGUE --seed {seed} --rng {rng}`, writing
/// into a scratch folder unless ARGS give `--out`.
fn fuzz_rogue(rogue: &str, args: &[&str]) -> Output {
    let out = scratch_path("out");
    let mut all = vec!["fuzz"];
    if !args.contains(&"--out") {
        all.extend(["--out", out.to_str().unwrap()]);
    }
    all.extend(args);
    all.extend(["--", rogue, "--seed", "{seed}", "--rng", "{rng}"]);
    rogue_trace(&all)
}

#[test]
fn fuzz_of_the_port_against_itself_is_identical() {
    let rogue = rogue();
    let out = fuzz_rogue(
        &rogue,
        &[
            "--cases",
            "4",
            "--seed",
            "1",
            "--keys-per-case",
            "30",
            "--size",
            "40x12",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    // On a fixed 40x12 screen, one case's player starts out of view: it
    // shows nothing of the dungeon, and is counted apart.
    assert!(text(&out.stdout).contains(
        "fuzz: 4 case(s) run (--seed 1), none differing: 3 identical, 1 that covered nothing"
    ));
}

#[test]
fn fuzz_finds_and_shrinks_a_planted_difference() {
    let rogue = rogue();
    let dir = scratch_path("planted");
    // The port sees 14 tiles far; the reference, the C original's 15.
    let out = fuzz_rogue(
        &rogue,
        &[
            "--cases",
            "20",
            "--seed",
            "3",
            "--port-args",
            "--radius 14",
            "--out",
            dir.to_str().unwrap(),
            "--html",
            dir.join("reports").to_str().unwrap(),
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    // Two reports: the case found and the case shrunk, which each names.
    let mut reports: Vec<PathBuf> = std::fs::read_dir(dir.join("reports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    reports.sort();
    assert_eq!(reports.len(), 2, "{reports:?}");
    assert!(reports[0].to_string_lossy().ends_with("-found.html"));
    assert!(reports[1].to_string_lossy().ends_with("-shrunk.html"));
    let commands: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("reproduce: "))
        .collect();
    assert_eq!(commands.len(), 2, "{stdout}");
    for (command, report) in commands.iter().zip(&reports) {
        assert!(
            command.starts_with("rogue-trace compare --part 4 --seed "),
            "{command}"
        );
        assert!(command.contains("--radius 14"), "{command}");
        let page = std::fs::read_to_string(report).unwrap();
        assert!(page.contains(&in_json(command)), "{command}");
        assert!(page.contains("\"identical\":false"));
        // The report names the group its case is of.
        assert!(
            page.contains("difference 1: the field of view differs; "),
            "{report:?}"
        );
        assert!(page
            .contains("the built-in port (rogue-replay --part 4 --radius 14)"));
    }
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        files, 6,
        "four traces written, the reports' folder and the campaign's record"
    );
    // The shrunk case's first differing screen still shows a cell that
    // differs, alike, in the found case's.
    let read = |kind: &str, side: &str| {
        let path = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.to_string_lossy()
                    .ends_with(&format!("-{kind}.{side}.trace"))
            })
            .unwrap();
        Trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let (_, found) = first_differing_cells(
        &read("found", "reference"),
        &read("found", "port"),
    )
    .unwrap();
    let (_, shrunk) = first_differing_cells(
        &read("shrunk", "reference"),
        &read("shrunk", "port"),
    )
    .unwrap();
    assert!(
        shrunk.iter().any(|c| found.contains(c)),
        "{found:?} {shrunk:?}"
    );
    // The reproduction differs, and the same seed gives the same case.
    let words = shell_words::split(commands[1]).unwrap();
    let again =
        rogue_trace(&words[1..].iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stdout));
    let keys_of = |c: &str| {
        c.split("--keys ")
            .nth(1)
            .map(|k| k.split(" --").next().unwrap().to_string())
    };
    let shrunk = keys_of(commands[1]).unwrap_or_default();
    assert!(shrunk.len() < 60, "the keys were shrunk: {shrunk}");
}

#[test]
fn a_port_on_another_generator_is_one_group_pointing_to_rand() {
    let rogue = rogue();
    let dir = scratch_path("generator");
    // Every case on glibc's generator; the port plays Microsoft's.
    let port = format!("{rogue} --seed {{seed}} --rng msvc");
    let out = fuzz_rogue(
        &rogue,
        &[
            "--cases",
            "12",
            "--seed",
            "5",
            "--keys-per-case",
            "10",
            "--rng",
            "glibc",
            "--keep-going",
            "--port",
            &port,
            "--out",
            dir.to_str().unwrap(),
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let groups: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("difference ") && l.contains(" case(s): "))
        .collect();
    assert_eq!(groups.len(), 1, "{stdout}");
    assert!(
        groups[0].starts_with(
            "difference 1: the player is elsewhere (the @ cells differ) ("
        ),
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l
            .contains("case(s) differ from the first screen on, the player starting elsewhere")
            && l.contains("rogue-trace rand")),
        "{stdout}"
    );
}

/// `text` as a JSON string's content, as a report holds it.
fn in_json(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
