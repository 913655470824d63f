//! What a player sees of curses' line drawing and of a blinking cell is
//! what is compared: a frame drawn by `box()` (the terminal's alternate
//! set, shifted to by SO under screen, chosen by `ESC ( 0` under xterm)
//! reads as the glyphs a terminal shows, the same as one written in
//! UTF-8, and never as the letters that select them; blinking is an
//! attribute of a cell, named as dim is, and every look is said in words.
//! The sides are `tests/fixtures/glyphs.c`, drawing one way or another.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use std::sync::OnceLock;

use common::{fixture, rogue_trace_on, scratch_path, text};

/// `glyphs.c`, compiled once.
fn glyphs() -> &'static str {
    static BINARY: OnceLock<String> = OnceLock::new();
    BINARY.get_or_init(|| {
        let source = fixture("glyphs.c");
        let bin = scratch_path("bin");
        let built =
            rogue_testkit::compile_c(&source, &bin, "glyphs", &["-lncurses"]);
        built.to_str().unwrap().to_string()
    })
}

/// `compare` of `glyphs PORT` against `glyphs REFERENCE` in a terminal of
/// type `term`, one key typed: its exit status and report.
fn compare(term: &str, port: &str, reference: &str) -> (Option<i32>, String) {
    let port = format!("{} {port}", glyphs());
    let args = ["compare", "--part", "1", "--size", "20x5", "--keys", "x"];
    let sides = ["--port", &port, "--", glyphs(), reference];
    let out = rogue_trace_on(term, &[&args[..], &sides].concat());
    (out.status.code(), text(&out.stdout))
}

#[test]
fn a_frame_by_line_drawing_and_one_in_utf8_are_the_same() {
    for term in ["screen-256color", "xterm-256color"] {
        let (status, report) = compare(term, "utf8", "acs");
        assert_eq!(status, Some(0), "{term}: {report}");
        assert!(report.contains("identical: 1 step compared"), "{report}");
    }
}

#[test]
fn a_frame_by_line_drawing_is_shown_in_its_glyphs_not_letters() {
    for term in ["screen-256color", "xterm-256color"] {
        let (status, report) = compare(term, "letters", "acs");
        assert_eq!(status, Some(1), "{term}: {report}");
        for (a, b) in [
            ("┌────┐", "lqqqqk"),
            ("│    │  A", "x    x  A"),
            ("└────┘", "mqqqqj"),
        ] {
            let rows = format!("A |{a:<20}|\n            B |{b:<20}|");
            assert!(report.contains(&rows), "{term}: {report}");
        }
        let cell = "row 0, column 0: A '┌' the terminal's own colours, B 'l'";
        assert!(report.contains(cell), "{term}: {report}");
        assert!(
            !report.contains("ESC ( 0") && !report.contains("^N"),
            "{report}"
        );
    }
}

#[test]
fn blinking_is_an_attribute_and_a_look_is_said_in_words() {
    let (status, report) = compare("screen-256color", "blink", "acs");
    assert_eq!(status, Some(1), "{report}");
    let named = "its first difference, as fuzz names it: an attribute differs: a cell is drawn blinking on one side only (the same character and colours)";
    assert!(report.contains(named), "{report}");
    let cell = "row 1, column 8: A 'A' the terminal's own colours, B 'A' the terminal's own colours, blinking";
    assert!(report.contains(cell), "{report}");
    assert!(!report.contains("emulator does not handle"), "{report}");
    let (_, report) = compare("xterm-256color", "dim", "blink");
    assert!(
        report.contains("a cell is drawn dim and blinking on one side only"),
        "{report}"
    );
    let cell = "A 'A' the terminal's own colours, blinking, B 'A' the terminal's own colours, dim";
    assert!(report.contains(cell), "{report}");
    // Against itself, a blinking cell is the same.
    assert_eq!(compare("screen-256color", "blink", "blink").0, Some(0));
}

#[test]
fn a_pen_left_blinking_at_exit_is_named() {
    // A program that, given `blink`, leaves the pen blinking as it exits.
    let script = scratch_path("pen").join("pen.sh");
    std::fs::create_dir_all(script.parent().unwrap()).unwrap();
    let body = "stty raw -echo; printf '\\033[2J\\033[Hx'
dd bs=1 count=1 >/dev/null 2>&1
[ \"$1\" = blink ] && printf '\\033[5m'; stty sane\n";
    std::fs::write(&script, body).unwrap();
    let script = script.to_str().unwrap();
    let port = format!("sh {script} blink");
    let args = ["compare", "--part", "1", "--size", "20x5", "--keys", "q"];
    let sides = ["--port", &port, "--", "sh", script, "plain"];
    let out = rogue_trace_on("screen-256color", &[&args[..], &sides].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let left = "the port ended: the program exited with status 0, leaving the terminal with the text colours and attributes left set (the terminal's own colours, blinking)";
    assert!(stdout.contains(left), "{stdout}");
    assert!(!stdout.contains("emulator does not handle"), "{stdout}");
}
