//! `rogue-trace rand` prints the C library's very `rand()` values: glibc's
//! as a C program built here gets them, Microsoft's as its formula gives
//! them.

mod common;
use common::{rogue_trace, text};

use rogue_testkit::spawned;
use std::io::Read;
use std::process::{Command, Stdio};

/// Seeds with something to show: 0 (glibc takes it as 1), small, a time,
/// and one past `i32::MAX`.
#[cfg(target_os = "linux")]
const SEEDS: [&str; 5] = ["0", "1", "42", "1732147200", "4000000000"];

/// `fixtures/rand.c`, which prints the first `argv[2]` values of
/// `rand()` after `srand(argv[1])`, built with the system's C compiler.
#[cfg(target_os = "linux")]
fn c_rand() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-rand-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rand.c");
    rogue_testkit::compile_c(&source, &dir, "rand", &[])
}

#[test]
#[cfg(target_os = "linux")]
fn glibc_s_values_are_those_of_the_c_library_here() {
    let c = c_rand();
    for seed in SEEDS {
        let theirs = Command::new(&c).args([seed, "1000"]).output().unwrap();
        assert!(theirs.status.success());
        let ours = rogue_trace(&[
            "rand", "--rng", "glibc", "--seed", seed, "--count", "1000",
        ]);
        assert!(ours.status.success(), "{}", text(&ours.stderr));
        assert_eq!(text(&ours.stdout).lines().count(), 1000);
        assert_eq!(text(&ours.stdout), text(&theirs.stdout), "srand({seed})");
    }
    let _ = std::fs::remove_dir_all(c.parent().unwrap());
}

#[test]
fn microsoft_s_values_are_its_formula_s() {
    // The first values after srand(N), as `rogue-crand`'s tests know them.
    for (seed, first) in [
        ("0", "38 7719 21238 2437 8855 11797 8365 32285"),
        ("1", "41 18467 6334 26500 19169 15724 11478 29358"),
        ("42", "175 400 17869 30056 16083 12879 8016 7644"),
        (
            "4000000000",
            "9093 26667 22665 19948 22016 4602 31390 24425",
        ),
    ] {
        let out = rogue_trace(&[
            "rand", "--rng", "msvc", "--seed", seed, "--count", "8",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let got: Vec<String> =
            text(&out.stdout).lines().map(str::to_string).collect();
        assert_eq!(got.join(" "), first, "srand({seed})");
    }
}

#[test]
fn counts_and_seeds_out_of_range_are_refused_on_one_line() {
    for (args, says) in [
        (&["--count", "10000001"][..], "--count"),
        (&["--count", "0"][..], "--count"),
        (&["--seed", "4294967296"][..], "--seed"),
        (&["--seed", "-1"][..], "--seed"),
    ] {
        let mut all = vec!["rand", "--rng", "glibc"];
        if !args.contains(&"--seed") {
            all.extend(["--seed", "1"]);
        }
        all.extend(args);
        let out = rogue_trace(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = rogue_trace(&["rand", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--rng"), "{}", text(&out.stderr));
}

#[test]
fn the_most_values_stream_out_and_a_reader_may_stop_early() {
    // All ten million, counted as they come.
    let mut child = spawned(
        Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args([
                "rand", "--rng", "msvc", "--seed", "7", "--count", "10000000",
            ])
            .stdout(Stdio::piped()),
    )
    .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut lines, mut buf) = (0u64, vec![0u8; 1 << 16]);
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(lines, 10_000_000);
    // A reader that takes one line and goes: no error.
    let mut child = spawned(
        Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args([
                "rand", "--rng", "glibc", "--seed", "7", "--count", "10000000",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .unwrap();
    let mut first = [0u8; 4];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}
