//! The real `rogue` binary, in a pseudo-terminal, shows the very screens
//! the C original showed: every step of the golden traces, characters and
//! colours; captured both ways, the program typing its own keys and the
//! capture typing them.

#![cfg(unix)] // a Unix pseudo-terminal

use std::ffi::OsString;
use std::thread;

use rogue_capture::{Outcome, Settle};
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
        let (ours, ended) = record_as(
            &command,
            (h.cols, h.rows),
            &h.keys,
            "screen-256color",
            &[],
            Settle::default(),
            typed_by_program,
        );
        let what = format!("{name}, {how}");
        assert_eq!(ended, Outcome::StillRunning, "{what}");
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

/// A command, its terminal's size and the keys typed.
type Case = (Vec<OsString>, (u16, u16), Vec<char>);

/// `rogue` on random parts, seeds, generators, sizes and walks (stray
/// keys among the moves, sometimes `q` at the end): captured both ways,
/// the same trace, and the same end.
#[test]
fn both_ways_agree_on_random_walks() {
    let mut rng = rogue_crand::GlibcRand::new(29);
    let mut pick = |n: usize| rng.rand() as usize % n;
    let cases: Vec<Case> = (0..24)
        .map(|_| {
            let part = 1 + pick(4);
            let seed = pick(100_000);
            let generator = ["glibc", "msvc"][pick(2)];
            let size = (80 + pick(60) as u16, 20 + pick(20) as u16);
            let moves = "hjklhjklhjklx. \t\r";
            let mut keys: Vec<char> = (0..10 + pick(80))
                .map(|_| moves.chars().nth(pick(moves.len())).unwrap())
                .collect();
            if pick(4) == 0 {
                keys.push('q');
            }
            let command = [
                env!("CARGO_BIN_EXE_rogue").to_string(),
                "--part".into(),
                part.to_string(),
                "--seed".into(),
                seed.to_string(),
                "--rng".into(),
                generator.into(),
            ];
            (command.map(OsString::from).to_vec(), size, keys)
        })
        .collect();
    for (command, size, keys) in &cases {
        let [typed_by_program, typed_by_capture] = [true, false].map(|how| {
            let settle = Settle::default();
            record_as(command, *size, keys, "screen-256color", &[], settle, how)
        });
        let what = format!("{command:?} {size:?} {keys:?}");
        assert_eq!(typed_by_program.1, typed_by_capture.1, "{what}: the end");
        same_steps(&typed_by_program.0.steps, &typed_by_capture.0.steps, &what);
    }
}
