//! Waiting costs nothing: a capture whose program sleeps spends next to no
//! CPU time while it waits, however it waits (watching the program, or
//! for it to exit once its terminal has closed).
//!
//! The CPU time measured is the whole test process's (`RUSAGE_SELF`: the
//! capture's thread and its reader's), so this file holds one test only,
//! and nothing runs beside it.
#![cfg(unix)]

use std::ffi::OsString;
use std::time::{Duration, Instant};

use rogue_capture::{capture, CaptureOptions, Exit, Outcome, Settle, Stopped};
use rogue_trace_format::played::Played;

/// How long each program sleeps.
const SLEEP: Duration = Duration::from_secs(2);

/// The most CPU time a capture may spend while its program sleeps
/// [`SLEEP`]: some fifty times what it spends (a few milliseconds), and a
/// third of what a capture that kept looking spent (a second or more).
const MOST_CPU: Duration = Duration::from_millis(300);

/// The CPU time, user and system, this process has spent so far.
fn cpu_time() -> Duration {
    // SAFETY: getrusage fills the zeroed `rusage` it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_SELF, &mut usage), 0);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64)
            + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Captures the shell script `script`, typing `x`, the capture typing it
/// and watching the program (no preloaded library); the capture, its
/// wall time and its CPU time.
fn captured(script: &str) -> (Played, Duration, Duration) {
    let command = ["sh", "-c", script].map(OsString::from);
    let options = CaptureOptions {
        cols: 40,
        rows: 5,
        keys: vec!['x'],
        every: true,
        term: "xterm".into(),
        env: Vec::new(),
        settle: Settle::default(),
        preload: false,
        part: None,
        rng: None,
        seed: None,
    };
    let (cpu, start) = (cpu_time(), Instant::now());
    let mut steps = Vec::new();
    let recorded = capture(&command, &options, None, |step| {
        steps.push(step);
        Ok(())
    })
    .expect("the capture runs");
    (
        recorded.with_steps(steps),
        start.elapsed(),
        cpu_time() - cpu,
    )
}

#[test]
fn a_capture_spends_next_to_no_cpu_while_its_program_sleeps() {
    let seconds = SLEEP.as_secs();
    // Watched until it reads the terminal, after its sleep (Linux;
    // elsewhere its screen is settled by the clock, long before).
    let (asleep, wall, cpu) =
        captured(&format!("printf hello; sleep {seconds}; read x"));
    if cfg!(target_os = "linux") {
        assert!(wall >= SLEEP, "{wall:?}");
    }
    assert!(asleep.trace.steps[0].text[0].starts_with("hello"));
    assert!(cpu < MOST_CPU, "watching a sleeping program: {cpu:?}");

    // Its terminal closed at once: waited for until it exits.
    let (lingering, wall, cpu) = captured(&format!(
        "printf hello; exec </dev/null >/dev/null 2>&1; sleep {seconds}"
    ));
    assert!(wall >= SLEEP, "{wall:?}");
    match lingering.outcome {
        Outcome::Stopped(Stopped::Exited { ending, .. }) => {
            assert_eq!(ending.exit, Exit::Status(0));
        }
        other => panic!("{other:?}"),
    }
    assert!(cpu < MOST_CPU, "waiting for a program to exit: {cpu:?}");
}
