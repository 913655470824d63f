//! Every golden trace of the C original, replayed headless through the
//! game's own crates, matches at every step: characters and colours.

use std::path::PathBuf;

use rogue_crand::RngKind;
use rogue_engine::{GameConfig, Part};
use rogue_trace::{load_traces, replay::replay};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

/// Replays every golden trace of `part` and compares whole screens;
/// returns the number of steps compared.
fn check_part(part: u8) -> usize {
    let mut compared = 0;
    let traces = load_traces(&golden_dir(), part);
    assert!(!traces.is_empty(), "no golden traces of part {part}");
    for (name, golden) in traces {
        let h = &golden.header;
        let config = GameConfig::new(
            Part::get(h.part).unwrap(),
            h.seed,
            h.rng.parse::<RngKind>().unwrap(),
        );
        let ours = replay(&config, h.cols, h.rows, &h.keys);
        assert_eq!(
            ours.steps.len(),
            golden.steps.len(),
            "{name}: number of steps"
        );
        for (n, (a, b)) in ours.steps.iter().zip(&golden.steps).enumerate() {
            assert_eq!(a.key, b.key, "{name} step {n}: key");
            assert_eq!(a.text, b.text, "{name} step {n}: characters");
            assert_eq!(a.colours, b.colours, "{name} step {n}: colours");
        }
        compared += golden.steps.len();
    }
    compared
}

#[test]
fn part4_goldens_match_at_every_step() {
    let steps = check_part(4);
    println!("part 4: {steps} golden steps compared");
    assert_eq!(steps, 5 * 81 + 41 + 2 * 61);
}

#[test]
fn part1_golden_matches_at_every_step() {
    let steps = check_part(1);
    println!("part 1: {steps} golden steps compared");
    assert_eq!(steps, 66);
}

#[test]
fn part2_golden_matches_at_every_step() {
    let steps = check_part(2);
    println!("part 2: {steps} golden steps compared");
    assert_eq!(steps, 41);
}

#[test]
fn part3_goldens_match_at_every_step() {
    let steps = check_part(3);
    println!("part 3: {steps} golden steps compared");
    assert_eq!(steps, 5 * 21);
}
