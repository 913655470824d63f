//! The real `rogue` binary, in a pseudo-terminal, shows the very screens
//! the C original showed: every step of the golden traces, characters and
//! colours; captured both ways, the program typing its own keys and the
//! capture typing them.

#![cfg(unix)] // a Unix pseudo-terminal

use std::ffi::OsString;
use std::thread;

use rogue_capture::Settle;
use rogue_testkit::{golden_steps, goldens, record_as, same_steps};
use rogue_trace_format::Trace;

/// Captures `rogue` with the golden's seed, generator, size and keys, and
/// compares every step; returns the number of steps compared.
fn check(name: &str, golden: &Trace) -> usize {
    let h = &golden.header;
    let command: Vec<OsString> = [
        env!("CARGO_BIN_EXE_rogue").to_string(),
        "--part".into(),
        h.part.expect("a part").to_string(),
        "--seed".into(),
        h.seed.expect("a seed").to_string(),
        "--rng".into(),
        h.rng.clone().expect("a generator"),
    ]
    .into_iter()
    .map(OsString::from)
    .collect();
    for (how, typed_by_program) in [
        ("typed by the program", true),
        ("typed by the capture", false),
    ] {
        let (ours, stopped) = record_as(
            &command,
            (h.cols, h.rows),
            &h.keys,
            "screen-256color",
            &[],
            Settle::default(),
            typed_by_program,
        );
        let what = format!("{name}, {how}");
        assert_eq!(stopped, None, "{what}");
        same_steps(&ours.steps, &golden.steps, &what);
        for step in &ours.steps {
            let n = step.number;
            assert!(
                step.odd.is_empty(),
                "{what} step {n}: unexpected looks {:?}",
                step.odd
            );
        }
    }
    golden.steps.len()
}

/// Checks every golden trace of `part` at once, each in its own terminal.
fn check_part(part: u8) -> usize {
    let traces = goldens(part);
    thread::scope(|s| {
        let runs: Vec<_> = traces
            .iter()
            .map(|(name, golden)| s.spawn(move || check(name, golden)))
            .collect();
        runs.into_iter()
            .map(|r| r.join().expect("a capture panicked"))
            .sum()
    })
}

#[test]
fn every_golden_step_in_a_real_terminal() {
    for part in 1..=4 {
        let steps = check_part(part);
        println!(
            "part {part}: {steps} golden steps compared in a pseudo-terminal"
        );
        assert_eq!(
            steps,
            golden_steps(part),
            "part {part}: every step compared"
        );
    }
}

#[test]
fn every_golden_step_while_both_cores_are_busy() {
    // Busy threads on every core: the screens must be the same, as
    // capture waits for the game, not for the clock.
    let stop = std::sync::atomic::AtomicBool::new(false);
    thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut n = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    n = std::hint::black_box(
                        n.wrapping_mul(6364136223846793005).wrapping_add(1),
                    );
                }
            });
        }
        for part in [3, 4] {
            assert_eq!(
                check_part(part),
                golden_steps(part),
                "part {part} under load"
            );
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
}
