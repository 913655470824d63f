//! Every golden trace of the C original, replayed headless through the
//! game's own crates, matches at every step: characters and colours.

use rogue_replay::replay;
use rogue_testkit::{config_of, golden_dir, golden_steps, goldens};
use rogue_trace_format::Trace;

/// Replays every golden trace of `part` and compares whole screens;
/// returns the number of steps compared.
fn check_part(part: u8) -> usize {
    let mut compared = 0;
    for (name, golden) in goldens(part) {
        let h = &golden.header;
        let ours = replay(&config_of(h), h.cols, h.rows, &h.keys);
        assert_eq!(
            ours.steps.len(),
            golden.steps.len(),
            "{name}: number of steps"
        );
        for (a, b) in ours.steps.iter().zip(&golden.steps) {
            let n = b.number;
            assert_eq!(a.number, n, "{name}: step numbers");
            assert_eq!(a.key, b.key, "{name} step {n}: key");
            assert_eq!(a.text, b.text, "{name} step {n}: characters");
            assert_eq!(a.colours, b.colours, "{name} step {n}: colours");
        }
        compared += golden.steps.len();
    }
    compared
}

#[test]
fn every_golden_step_of_every_part_matches() {
    for part in 1..=4 {
        let steps = check_part(part);
        println!("part {part}: {steps} golden steps compared");
        assert_eq!(
            steps,
            golden_steps(part),
            "part {part}: every step compared"
        );
    }
}

#[test]
fn every_golden_trace_reads_and_writes_back_byte_for_byte() {
    let mut count = 0;
    for entry in std::fs::read_dir(golden_dir()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let trace = Trace::parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(trace.to_text(), text, "{}", path.display());
        count += 1;
    }
    assert!(count >= 14, "{count} golden traces");
}
