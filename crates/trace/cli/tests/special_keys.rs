//! Special keys (arrows, Home, F1...) are typed as a terminal sends them:
//! a C program that reads `getch()` without `keypad()`, as the C original
//! does, gets an arrow as `ESC [ A`, three keys that move nothing, and
//! shows the screens the built-in port's replay shows; one that calls
//! `keypad(stdscr, TRUE)` asks for application cursor keys and gets
//! `ESC O A`, which curses reads as `KEY_UP`. The program is
//! `tests/fixtures/arrows.c`, an `@` that moves as in Part 1.

#![cfg(unix)] // pseudo-terminals and ncurses

mod common;

use common::{fixture, rogue_trace, scratch_path, text};

use std::path::{Path, PathBuf};

use rogue_trace_format::keys::{HOME, LEFT, RIGHT, UP};
use rogue_trace_format::{escape_keys, Trace};

/// `fixtures/arrows.c` built as `binary` (one for each test, which run at
/// the same time).
fn arrows(binary: &str) -> PathBuf {
    let dir = scratch_path("bin");
    rogue_testkit::compile_c(&fixture("arrows.c"), &dir, binary, &["-lncurses"])
}

/// `capture --part 1 --every --settle HOW --keys KEYS -- PROGRAM ARGS`,
/// its trace read.
fn capture(how: &str, keys: &[char], program: &Path, args: &[&str]) -> Trace {
    let keys = escape_keys(keys);
    let mut all = vec![
        "capture", "--part", "1", "--every", "--settle", how, "--keys", &keys,
        "--",
    ];
    all.push(program.to_str().unwrap());
    all.extend(args);
    let out = rogue_trace(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    Trace::parse(&text(&out.stdout)).expect("a trace")
}

/// Where the `@` is on each step's screen: `(row, column)`.
fn at_signs(trace: &Trace) -> Vec<(usize, usize)> {
    trace
        .steps
        .iter()
        .map(|step| {
            step.text
                .iter()
                .enumerate()
                .find_map(|(y, row)| {
                    row.chars().position(|c| c == '@').map(|x| (y, x))
                })
                .expect("an @ on every screen")
        })
        .collect()
}

#[test]
fn a_program_without_keypad_shows_the_screens_the_port_replays() {
    let program = arrows("arrows");
    let keys = ['l', UP, 'j', RIGHT, HOME, 'k'];
    let replayed = scratch_path("replayed.trace");
    let out = rogue_trace(&[
        "replay",
        "--part",
        "1",
        "--size",
        "100x25",
        "--keys",
        &escape_keys(&keys),
        "--out",
        replayed.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for how in ["observe", "watch"] {
        let captured = capture(how, &keys, &program, &[]);
        // One step for each key, the arrow's after its three bytes; the
        // @ moves on l, j and k only.
        let moves = [(10, 20), (10, 21), (10, 21), (11, 21), (11, 21)];
        assert_eq!(at_signs(&captured)[..5], moves, "{how}");
        assert_eq!(at_signs(&captured)[5..], [(11, 21), (10, 21)], "{how}");
        let file = scratch_path(&format!("captured-{how}.trace"));
        std::fs::write(&file, captured.to_text()).unwrap();
        let diff = rogue_trace(&[
            "diff",
            file.to_str().unwrap(),
            replayed.to_str().unwrap(),
        ]);
        let report = text(&diff.stdout);
        assert_eq!(diff.status.code(), Some(0), "{how}: {report}");
        assert!(report.contains("identical: 7 steps compared"), "{report}");
    }
}

#[test]
fn an_arrow_moves_a_program_only_with_keypad() {
    let program = arrows("arrows_keypad");
    let keys = [UP, LEFT, 'j', RIGHT];
    for how in ["observe", "watch"] {
        let keypad = capture(how, &keys, &program, &["keypad"]);
        let moved = [(10, 20), (9, 20), (9, 19), (10, 19), (10, 20)];
        assert_eq!(at_signs(&keypad), moved, "{how}");
        let plain = capture(how, &keys, &program, &[]);
        let still = [(10, 20), (10, 20), (10, 20), (11, 20), (11, 20)];
        assert_eq!(at_signs(&plain), still, "{how}");
        // The trace names the keys as typed, whatever was sent.
        assert_eq!(keypad.header.keys, keys);
        assert_eq!(keypad.steps[1].key, Some(UP));
    }
}

#[test]
fn a_recording_holds_what_was_sent_and_reads_back_as_the_keys() {
    let program = arrows("arrows_cast");
    let keys = escape_keys(&[UP, 'l']);
    for (args, up) in [
        (&[][..], r#""\u001b[A""#),
        (&["keypad"][..], r#""\u001bOA""#),
    ] {
        let (trace, cast) = (scratch_path("up.trace"), scratch_path("up.cast"));
        let mut all = vec![
            "capture",
            "--every",
            "--force",
            "--keys",
            &keys,
            "--out",
            trace.to_str().unwrap(),
            "--cast",
            cast.to_str().unwrap(),
            "--",
            program.to_str().unwrap(),
        ];
        all.extend(args);
        let out = rogue_trace(&all);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let recording = std::fs::read_to_string(&cast).unwrap();
        let inputs: Vec<&str> = recording
            .lines()
            .filter(|l| l.contains(r#","i","#))
            .collect();
        assert_eq!(inputs.len(), 2, "{recording}");
        assert!(
            inputs[0].ends_with(&format!("{up}]")),
            "{args:?}: {recording}"
        );
        let diff = rogue_trace(&[
            "diff",
            cast.to_str().unwrap(),
            trace.to_str().unwrap(),
        ]);
        assert_eq!(diff.status.code(), Some(0), "{}", text(&diff.stdout));
    }
}
