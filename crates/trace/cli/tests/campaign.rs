//! A `fuzz` campaign as a whole: the same for any number of jobs, split
//! into shards and merged again (`fuzz-report`, and the GitHub Actions
//! workflow that does it), stopped by ^C or by its time limit with
//! nothing left behind. The port is `tests/fixtures/planted.c` with
//! three differences planted (`--plant three`).

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{
    fuzz_of, own_planted, planted, rogue_trace, running, scratch, text,
};

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The arguments of a fuzz of the port planted with `plant` against
/// `planted` itself, writing into `out`.
fn fuzz_args(plant: &str, out: &Path, more: &[&str]) -> Vec<String> {
    fuzz_of(planted(), plant, out, more)
}

/// `rogue-trace` with `args`, to its end.
fn run(args: &[String]) -> Output {
    rogue_trace(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// What a campaign printed, the folder `out` written as OUT, each case's
/// times left out (they vary from run to run).
fn printed(out: &Output, dir: &Path) -> String {
    let stdout = text(&out.stdout).replace(dir.to_str().unwrap(), "OUT");
    let timed = |l: &&str| !l.starts_with("times: ");
    stdout
        .lines()
        .filter(timed)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The summary a campaign printed: [`printed`] from its summary's first
/// line.
fn summary(out: &Output, dir: &Path) -> String {
    let stdout = printed(out, dir);
    let start = stdout.find("\nfuzz: ").map_or(0, |i| i + 1);
    stdout[start..].to_string()
}

/// Every file of `dir`, by name, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap();
            let bytes = text(&bytes)
                .replace(dir.to_str().unwrap(), "OUT")
                .into_bytes();
            (name, bytes)
        })
        .collect();
    all.sort();
    all
}

#[test]
fn a_campaign_is_the_same_on_one_job_or_four() {
    let dir = scratch("jobs");
    let (one, four) = (dir.join("one"), dir.join("four"));
    let common = [
        "--cases",
        "24",
        "--seed",
        "5",
        "--keep-going",
        "--rng",
        "glibc",
    ];
    let by_one = run(&fuzz_args(
        "three",
        &one,
        &[&common[..], &["--jobs", "1"]].concat(),
    ));
    let by_four = run(&fuzz_args(
        "three",
        &four,
        &[&common[..], &["--jobs", "4"]].concat(),
    ));
    assert_eq!(by_one.status.code(), Some(1), "{}", text(&by_one.stderr));
    let (a, b) = (summary(&by_one, &one), summary(&by_four, &four));
    assert!(a.contains("3 distinct difference(s)"), "{a}");
    for group in [
        "the player is elsewhere",
        "the map differs",
        "the port exited with status 3",
    ] {
        assert!(a.contains(group), "{group}: {a}");
    }
    assert_eq!(a, b);
    assert_eq!(
        printed(&by_one, &one),
        printed(&by_four, &four),
        "every line in order"
    );
    // The log lists the cases in order, whatever the jobs.
    let cases = |o: &Output| -> Vec<String> {
        text(&o.stderr)
            .lines()
            .filter(|l| l.starts_with("fuzz: case "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(cases(&by_one).len(), 24);
    assert_eq!(cases(&by_one), cases(&by_four));
    let (f1, f4) = (files(&one), files(&four));
    assert!(f1.iter().any(|(n, _)| n == "campaign.jsonl"));
    assert!(f1.iter().filter(|(n, _)| n.ends_with(".trace")).count() >= 12);
    assert_eq!(f1, f4, "the same files, byte for byte");
}

#[test]
fn two_shards_merged_are_the_whole_campaign() {
    let dir = scratch("shards");
    let common = [
        "--cases",
        "20",
        "--seed",
        "9",
        "--keep-going",
        "--rng",
        "glibc",
        "--jobs",
        "2",
    ];
    let whole = run(&fuzz_args("three", &dir.join("whole"), &common));
    let mut merged_dirs = Vec::new();
    for k in 1..=2 {
        let out = dir.join(format!("shard-{k}"));
        let shard = format!("{k}/2");
        let played = run(&fuzz_args(
            "three",
            &out,
            &[&common[..], &["--shard", &shard]].concat(),
        ));
        let log = text(&played.stderr);
        assert!(log.contains(&format!("shard {k}/2 (10 of them")), "{log}");
        let first = log.lines().find(|l| l.starts_with("fuzz: case ")).unwrap();
        assert!(first.starts_with(&format!("fuzz: case {k}/20")), "{first}");
        merged_dirs.push(out);
    }
    let mut args = vec!["fuzz-report".to_string()];
    args.extend(merged_dirs.iter().map(|d| d.to_str().unwrap().to_string()));
    let merged = run(&args);
    assert_eq!(
        merged.status.code(),
        whole.status.code(),
        "{}",
        text(&merged.stderr)
    );
    // The same summary, but for the folder each group's files are in.
    let cut = |s: String| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains("traces:"))
            .map(str::to_string)
            .collect()
    };
    let whole_summary = cut(summary(&whole, &dir.join("whole")));
    let merged_summary = cut(text(&merged.stdout));
    assert!(whole_summary.iter().any(|l| l.starts_with("difference 3:")));
    assert_eq!(
        merged_summary,
        whole_summary[whole_summary.len() - merged_summary.len()..]
    );
    assert_eq!(
        merged_summary[0],
        whole_summary[whole_summary.len() - merged_summary.len()]
    );
    // A campaign of identical cases with a shard missing is no verdict
    // of identical.
    let alike_dir = dir.join("alike-1");
    let alike = run(&fuzz_args(
        "none",
        &alike_dir,
        &[
            "--cases", "4", "--seed", "9", "--rng", "glibc", "--shard", "1/2",
        ],
    ));
    assert_eq!(alike.status.code(), Some(0), "{}", text(&alike.stdout));
    let half = rogue_trace(&["fuzz-report", alike_dir.to_str().unwrap()]);
    assert_eq!(half.status.code(), Some(1), "{}", text(&half.stdout));
    assert!(
        text(&half.stdout).contains("shard(s) 2 of 2 missing"),
        "{}",
        text(&half.stdout)
    );
    // One shard twice, or a shard of another campaign, is refused.
    let twice = rogue_trace(&[
        "fuzz-report",
        merged_dirs[0].to_str().unwrap(),
        merged_dirs[0].to_str().unwrap(),
    ]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        text(&twice.stderr).contains("give each shard once"),
        "{}",
        text(&twice.stderr)
    );
    let other = run(&fuzz_args(
        "three",
        &dir.join("other"),
        &[
            "--cases",
            "2",
            "--seed",
            "10",
            "--rng",
            "glibc",
            "--keep-going",
        ],
    ));
    assert_eq!(other.status.code(), Some(1));
    let mixed = rogue_trace(&[
        "fuzz-report",
        merged_dirs[0].to_str().unwrap(),
        dir.join("other").to_str().unwrap(),
    ]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(
        text(&mixed.stderr).contains("not shards of one campaign"),
        "{}",
        text(&mixed.stderr)
    );
}

#[test]
fn an_interrupted_campaign_ends_its_programs_and_prints_what_it_finished() {
    let dir = scratch("interrupted");
    let out = dir.join("out");
    let binary = own_planted(&dir);
    let args = fuzz_of(
        &binary,
        "three",
        &out,
        &[
            "--cases",
            "5000",
            "--seed",
            "3",
            "--keep-going",
            "--rng",
            "glibc",
            "--jobs",
            "2",
        ],
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once a case is recorded, the campaign is under way: programs run.
    let record = out.join("campaign.jsonl");
    let mut stderr = child.stderr.take().unwrap();
    let log = std::thread::spawn(move || {
        let mut all = String::new();
        stderr.read_to_string(&mut all).unwrap();
        all
    });
    while !std::fs::read_to_string(&record)
        .is_ok_and(|r| r.contains("\"case\":3,"))
    {
        std::thread::yield_now();
    }
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let ended = child.wait_with_output().unwrap();
    let (stdout, stderr) = (text(&ended.stdout), log.join().unwrap());
    assert_eq!(ended.status.code(), Some(130), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("fuzz: interrupted (^C or SIGTERM): "),
        "{stdout}"
    );
    assert!(stdout.contains("distinct difference(s)"), "{stdout}");
    assert!(
        running(&binary).is_empty(),
        "left running: {:?}",
        running(&binary)
    );
    let recorded = std::fs::read_to_string(&record).unwrap();
    assert!(
        recorded
            .lines()
            .last()
            .unwrap()
            .contains("\"stopped\":\"interrupted\""),
        "{recorded}"
    );
}

#[test]
fn a_port_that_hangs_on_every_case_ends_at_the_time_limit_with_its_summary() {
    let dir = scratch("hangs");
    let binary = own_planted(&dir);
    let args = fuzz_of(
        &binary,
        "hang",
        &dir.join("out"),
        &[
            "--cases",
            "50",
            "--seed",
            "1",
            "--keep-going",
            "--rng",
            "glibc",
            "--jobs",
            "2",
            "--time-limit",
            "2s",
        ],
    );
    let ended = run(&args);
    let stdout = text(&ended.stdout);
    assert_eq!(
        ended.status.code(),
        Some(1),
        "{stdout}\n{}",
        text(&ended.stderr)
    );
    assert!(
        stdout.contains("stopped at its time limit (--time-limit)"),
        "{stdout}"
    );
    assert!(stdout.contains("cut short"), "{stdout}");
    assert!(
        running(&binary).is_empty(),
        "left running: {:?}",
        running(&binary)
    );
    let bad = rogue_trace(&["fuzz", "--time-limit", "soon", "--", "x"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("is not a time such as 90s"),
        "{}",
        text(&bad.stderr)
    );
    let bad = rogue_trace(&["fuzz", "--shard", "3/2", "--", "x"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("is not a shard K/N"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn max_differences_stops_after_that_many_groups() {
    let dir = scratch("max");
    let args = fuzz_args(
        "three",
        &dir.join("out"),
        &[
            "--cases",
            "40",
            "--seed",
            "5",
            "--rng",
            "glibc",
            "--max-differences",
            "2",
            "--jobs",
            "2",
        ],
    );
    let ended = run(&args);
    let stdout = text(&ended.stdout);
    assert_eq!(ended.status.code(), Some(1));
    assert!(stdout.contains("2 distinct difference(s)"), "{stdout}");
    assert!(!stdout.contains("difference 3:"), "{stdout}");
    assert!(
        stdout.contains("stopped once 2 distinct difference(s) were found (--max-differences)"),
        "{stdout}"
    );
}

/// The value of `key: "value"` in the workflow `yaml`.
fn yaml_value(yaml: &str, key: &str) -> String {
    let line = yaml
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("{key} is in the workflow"));
    let value = line.split_once(':').unwrap().1.trim();
    value.trim_matches('"').to_string()
}

/// The workflow's line that runs `rogue-trace WHAT`.
fn yaml_run(yaml: &str, what: &str) -> String {
    yaml.lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("target/release/rogue-trace {what} ")))
        .unwrap_or_else(|| panic!("the workflow runs rogue-trace {what}"))
        .to_string()
}

#[test]
fn the_fuzz_workflow_s_shards_merge_into_the_whole_campaign() {
    let workflow = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../.github/workflows/fuzz.yml");
    let yaml = std::fs::read_to_string(workflow).unwrap();
    let matrix = yaml.lines().find_map(|l| l.trim().strip_prefix("shard: ["));
    let shards: Vec<String> = matrix
        .expect("the workflow's matrix of shards")
        .trim_end_matches(']')
        .split(',')
        .map(|k| k.trim().to_string())
        .collect();
    assert_eq!(shards, ["1", "2", "3", "4"]);
    let seed = yaml_value(&yaml, "SEED");
    let dir = scratch("workflow");
    let binary = own_planted(&dir);
    // The workflow's commands as a runner runs them, with this test's
    // rogue-trace, fewer cases, and the planted port against its own
    // program for PORT and REFERENCE.
    let sh = |line: &str| {
        let line = line.replace(
            "target/release/rogue-trace",
            env!("CARGO_BIN_EXE_rogue-trace"),
        );
        Command::new("sh")
            .args(["-c", &line])
            .current_dir(&dir)
            .env("CASES", "16")
            .env("SEED", &seed)
            .env("PORT", format!("{binary} --seed {{seed}} --plant three"))
            .env("REFERENCE", format!("{binary} --seed {{seed}}"))
            .output()
            .unwrap()
    };
    let fuzz = yaml_run(&yaml, "fuzz");
    std::fs::create_dir_all(dir.join("shards")).unwrap();
    for k in &shards {
        let played = sh(&fuzz.replace("${{ matrix.shard }}", k));
        assert!(played.status.success(), "{}", text(&played.stderr));
        // What download-artifact does with each shard's artifact.
        let name = format!("shard-{k}");
        std::fs::rename(dir.join(&name), dir.join("shards").join(&name))
            .unwrap();
    }
    let merged = sh(&yaml_run(&yaml, "fuzz-report"));
    let whole = run(&fuzz_of(
        &binary,
        "three",
        &dir.join("whole"),
        &[
            "--cases",
            "16",
            "--seed",
            &seed,
            "--rng",
            "glibc",
            "--keep-going",
        ],
    ));
    assert_eq!(merged.status.code(), Some(1), "{}", text(&merged.stderr));
    let groups = |stdout: &[u8]| -> Vec<String> {
        text(stdout)
            .lines()
            .filter(|l| {
                l.starts_with("difference ")
                    || l.starts_with("fuzz: 16 case(s)")
            })
            .map(str::to_string)
            .collect()
    };
    let merged_groups = groups(&merged.stdout);
    assert_eq!(merged_groups.len(), 4, "{}", text(&merged.stdout));
    assert_eq!(merged_groups, groups(&whole.stdout));
}
