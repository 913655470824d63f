//! A command whose standard output is closed before it ends (its reader,
//! such as `head`, read a line, or nothing, and went) ends at once and
//! quietly, with status 0, and leaves none of the programs it started
//! running; a campaign whose output closed still ends at SIGTERM.
//!
//! No test makes a thread of a campaign panic: nothing from outside does,
//! now that a closed output is no panic (the unit tests of
//! `fuzz::workers` make theirs panic).

#![cfg(target_os = "linux")] // pipe2, and the programs running, from /proc

mod common;

use common::{fuzz_of, own_planted, rogue_trace, running, scratch, text};

use std::io::{BufRead, BufReader};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a command may take to end before the test fails: a safety
/// net only, far longer than any of them takes.
const BOUND: Duration = Duration::from_secs(300);

/// What the reader of a command's standard output reads before it closes
/// the pipe.
#[derive(Clone, Copy)]
enum Reader {
    /// Nothing: the pipe is closed before the command starts, so that its
    /// first write fails, however little it writes.
    Nothing,
    /// One line, of an output much larger than a pipe holds, so that a
    /// write after it fails.
    OneLine,
}

/// A pipe whose reading end is closed: its writing end.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two new descriptors into `fds`, closed on exec
    // (no other test's program inherits the reading end).
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors are new, and owned here only.
    let [reading, writing] = fds.map(|fd| unsafe { OwnedFd::from_raw_fd(fd) });
    drop(reading);
    writing
}

/// Runs `rogue-trace ARGS`, its standard output read by `reader` and then
/// closed; `each_line(line, pid)` sees each line of its standard error as
/// it comes. Its exit status and standard error, once it has exited.
fn closed_run(
    args: &[&str],
    reader: Reader,
    each_line: impl Fn(&str, u32) + Send + 'static,
) -> (ExitStatus, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rogue-trace"));
    command.args(args).stderr(Stdio::piped());
    match reader {
        Reader::Nothing => command.stdout(closed_pipe()),
        Reader::OneLine => command.stdout(Stdio::piped()),
    };
    let mut child = command.spawn().expect("rogue-trace runs");
    let pid = child.id();
    if let Some(stdout) = child.stdout.take() {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "a line: {line:?}");
    }
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (logged, log) = mpsc::channel();
    std::thread::spawn(move || {
        let mut all = String::new();
        for line in stderr.lines().map_while(Result::ok) {
            each_line(&line, pid);
            all.push_str(&line);
            all.push('\n');
        }
        let _ = logged.send(all);
    });
    let (done, exited) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait().unwrap());
    });
    let Ok(status) = exited.recv_timeout(BOUND) else {
        signal(pid, "KILL");
        panic!("{args:?} did not end within {BOUND:?}, its output closed");
    };
    let log = log.recv_timeout(BOUND).expect("its standard error closes");
    (status, log)
}

/// Sends the signal `name` to the process `pid`.
fn signal(pid: u32, name: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Asserts that `rogue-trace ARGS` ended as a closed output ends it:
/// status 0, no panic, no "Broken pipe", no error; and that no program
/// of `binary` is left running.
fn ends_quietly(args: &[&str], reader: Reader, binary: Option<&str>) {
    let (status, stderr) = closed_run(args, reader, |_, _| {});
    assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    quiet(&stderr);
    if let Some(binary) = binary {
        assert_eq!(running(binary), Vec::<String>::new(), "left running");
    }
}

/// Asserts that `stderr` says no panic, broken pipe or error.
fn quiet(stderr: &str) {
    for loud in ["panicked", "broken pipe", "rogue-trace:"] {
        assert!(!stderr.to_lowercase().contains(loud), "{loud}: {stderr}");
    }
}

/// Strings of `args`, as `closed_run` takes them.
fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn commands_that_start_no_program_end_quietly() {
    let dir = scratch("no-program");
    let keys = "hjkl".repeat(75);
    let trace = dir.join("a.trace");
    let trace = trace.to_str().unwrap();
    let replay = ["replay", "--seed", "1", "--keys", &keys];
    let written = rogue_trace(&[&replay[..], &["--out", trace]].concat());
    assert!(written.status.success(), "{}", text(&written.stderr));
    let rand = [
        "rand", "--rng", "glibc", "--seed", "7", "--count", "1000000",
    ];
    for (args, reader) in [
        (&rand[..], Reader::OneLine),
        (&replay[..], Reader::OneLine),
        (&["show", trace], Reader::Nothing),
        (&["diff", trace, trace], Reader::Nothing),
        (&["help"], Reader::Nothing),
    ] {
        ends_quietly(args, reader, None);
    }
}

#[test]
fn capture_and_compare_end_quietly_and_their_programs_with_them() {
    let dir = scratch("capture-compare");
    let planted = own_planted(&dir);
    let port = format!("{planted} --seed {{seed}} --plant three");
    let capture = ["capture", "--keys", "hjkl", "--", &planted, "--seed", "1"];
    ends_quietly(&capture, Reader::Nothing, Some(&planted));
    let compare = [
        "compare", "--seed", "1", "--rng", "glibc", "--keys", "hjkl", "--port",
        &port, "--", &planted, "--seed", "{seed}",
    ];
    ends_quietly(&compare, Reader::Nothing, Some(&planted));
}

#[test]
fn a_campaign_ends_at_its_first_difference_and_ends_its_programs() {
    let dir = scratch("fuzz");
    let planted = own_planted(&dir);
    let out = dir.join("out");
    let args = fuzz_of(
        &planted,
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
    ends_quietly(&strs(&args), Reader::Nothing, Some(&planted));
    // It went no further: its record has no end.
    let record = std::fs::read_to_string(out.join("campaign.jsonl")).unwrap();
    assert!(record.contains("\"case\":"), "{record}");
    assert!(!record.contains("\"ended\""), "{record}");
}

#[test]
fn fuzz_report_ends_quietly() {
    let dir = scratch("fuzz-report");
    let out = dir.join("out");
    let args = fuzz_of(
        &own_planted(&dir),
        "three",
        &out,
        &[
            "--cases",
            "4",
            "--seed",
            "3",
            "--keep-going",
            "--rng",
            "glibc",
        ],
    );
    let played = rogue_trace(&strs(&args));
    assert_eq!(played.status.code(), Some(1), "{}", text(&played.stderr));
    ends_quietly(
        &["fuzz-report", out.to_str().unwrap()],
        Reader::Nothing,
        None,
    );
}

#[test]
fn sigterm_ends_a_campaign_whose_output_closed() {
    let dir = scratch("sigterm");
    let planted = own_planted(&dir);
    let out = dir.join("out");
    // Alike on every case, the campaign writes nothing to its standard
    // output before its summary: it plays on, its output closed.
    let args = fuzz_of(
        &planted,
        "none",
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
    let (status, stderr) = closed_run(&strs(&args), Reader::Nothing, {
        move |line, pid| {
            if line.starts_with("fuzz: case 3/") {
                signal(pid, "TERM");
            }
        }
    });
    assert_eq!(status.code(), Some(130), "{stderr}");
    quiet(&stderr);
    assert_eq!(running(&planted), Vec::<String>::new(), "left running");
    let record = std::fs::read_to_string(out.join("campaign.jsonl")).unwrap();
    assert!(
        record
            .lines()
            .last()
            .unwrap()
            .contains("\"stopped\":\"interrupted\""),
        "{record}"
    );
}
