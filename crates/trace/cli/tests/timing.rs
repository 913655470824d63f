//! The time a player feels: a port's first screen, or its answer to a key,
//! later than the reference's by a margin a person notices is a difference
//! named with both times; a port that answers in time has none. The ports
//! are the fixtures in C (`planted.c`), Python (`port.py`) and Node.js
//! (`raw_port.js`), each against itself unplanted. A key's answer a timer
//! brings late is named so too: the difference's confirmation waits the
//! timer out.
#![cfg(target_os = "linux")] // the capture's watch and Python's curses

mod common;

use common::{fixture, planted, rogue_trace, text};
use rogue_testkit::required_program;

/// Each port's command, the seed as `{seed}`, planted with `plant` if given.
fn ports(plant: &str) -> Vec<(&'static str, String)> {
    let python = required_program(&["python3"], "python3");
    let node = required_program(&["node", "nodejs"], "nodejs");
    let plant = match plant {
        "" => String::new(),
        plant => format!(" --plant {plant}"),
    };
    let script = |interpreter: &std::path::Path, name: &str| {
        let (i, s) = (interpreter.display(), fixture(name));
        format!("{i} {} --seed {{seed}}{plant}", s.display())
    };
    vec![
        ("C", format!("{} --seed {{seed}}{plant}", planted())),
        ("Python", script(&python, "port.py")),
        ("Node.js", script(&node, "raw_port.js")),
    ]
}

/// `compare` of `port` against `reference`, typing `keys`: its status and
/// standard output.
fn compare(port: &str, reference: &str, keys: &str) -> (Option<i32>, String) {
    let mut args = vec!["compare", "--seed", "3", "--rng", "glibc"];
    args.extend(["--keys", keys, "--port", port, "--"]);
    args.extend(reference.split(' '));
    let out = rogue_trace(&args);
    let told = format!("{}{}", text(&out.stdout), text(&out.stderr));
    (out.status.code(), told)
}

/// The seconds `told` says after `before` ("2.05 s" read as 2.05).
fn seconds_after(told: &str, before: &str) -> f64 {
    let at = told
        .find(before)
        .unwrap_or_else(|| panic!("{before}: {told}"));
    let rest = &told[at + before.len()..];
    let figure = rest.split(" s").next().unwrap();
    figure
        .parse()
        .unwrap_or_else(|_| panic!("{figure}: {told}"))
}

/// The verdict, the last line.
fn verdict(told: &str) -> &str {
    told.lines().last().unwrap_or_default()
}

#[test]
fn a_first_screen_2_s_late_is_waited_for_and_named_with_both_times() {
    let plain = ports("");
    for ((language, late), (_, reference)) in ports("late-start")
        .into_iter()
        .zip(plain)
        .filter(|((language, _), _)| *language != "C")
    {
        let (status, told) = compare(&late, &reference, "lljq");
        assert_eq!(status, Some(1), "{language}: {told}");
        let line = verdict(&told);
        let said = "different: the port's first screen came ";
        assert!(line.starts_with(said), "{language}: {line}");
        let port = seconds_after(line, said);
        let reference =
            seconds_after(line, "after it started, the reference's ");
        assert!(port > 1.5 && port - reference > 1.0, "{language}: {line}");
        assert!(
            line.contains("the screens were identical"),
            "{language}: {line}"
        );
        assert!(
            told.contains("its first difference, as fuzz names it: the port's first screen comes late (more than 1 s after the reference's), at the first screen"),
            "{language}: {told}"
        );
        for wrong in ["elsewhere", "out of view", "drew nothing", "blank"] {
            assert!(!told.contains(wrong), "{language}: {wrong}: {told}");
        }
    }
}

#[test]
fn a_key_answered_1_5_s_late_is_named_with_the_key_and_both_times() {
    let plain = ports("");
    for ((language, slow), (_, reference)) in
        ports("slow-key").into_iter().zip(plain)
    {
        let (status, told) = compare(&slow, &reference, "lllhhjjkq");
        assert_eq!(status, Some(1), "{language}: {told}");
        let line = verdict(&told);
        let said = "different: the port answered key 5 ('h') ";
        assert!(line.starts_with(said), "{language}: {line}");
        let port = seconds_after(line, said);
        let reference =
            seconds_after(line, "after it was typed, the reference ");
        assert!(port > 1.0 && port - reference > 0.3, "{language}: {line}");
        assert!(
            line.contains("the screens were identical"),
            "{language}: {line}"
        );
        assert!(
            told.contains("as fuzz names it: the port answers a key late (more than 0.3 s after the reference's answer to the same key), at step 5, typed by 'h'"),
            "{language}: {told}"
        );
        let times = told.lines().find(|l| l.starts_with("times: "));
        let times = times.unwrap_or_else(|| panic!("{language}: {told}"));
        assert!(
            times.contains(" at worst (key 5, 'h')"),
            "{language}: {times}"
        );
    }
}

#[test]
fn a_key_answered_by_a_timer_1_5_s_later_is_named_late_not_a_wrong_screen() {
    let (_, reference) = &ports("")[2];
    let (_, late) = &ports("late-draw")[2];
    let (status, told) = compare(late, reference, "lllhhjjkq");
    assert_eq!(status, Some(1), "{told}");
    let line = verdict(&told);
    let said = "different: the port answered key 4 ('h') ";
    assert!(line.starts_with(said), "{line}");
    let port = seconds_after(line, said);
    let reference = seconds_after(line, "after it was typed, the reference ");
    assert!(port > 1.0 && port - reference > 0.3, "{line}");
    assert!(line.contains("the screens were identical"), "{line}");
    assert!(!told.contains("moves the reference's player"), "{told}");
}

#[test]
fn a_port_that_answers_in_time_has_no_timing_difference() {
    for (language, port) in ports("") {
        let (status, told) = compare(&port, &port, "lllhhjjkllllhq");
        assert_eq!(status, Some(0), "{language}: {told}");
        assert!(
            verdict(&told).starts_with("identical: "),
            "{language}: {told}"
        );
        let times = told.lines().find(|l| l.starts_with("times: "));
        let times = times.unwrap_or_else(|| panic!("{language}: {told}"));
        for side in
            ["the reference's first screen ", "the port's first screen "]
        {
            assert!(times.contains(side), "{language}: {times}");
        }
        assert!(times.contains(" (median), "), "{language}: {times}");
    }
}

#[test]
fn the_built_in_port_s_times_are_not_measured() {
    let (_, reference) = &ports("")[1];
    let out = rogue_trace(
        &[
            "compare", "--seed", "3", "--rng", "glibc", "--keys", "jl", "--",
        ]
        .into_iter()
        .chain(reference.split(' '))
        .collect::<Vec<_>>(),
    );
    let told = text(&out.stdout);
    let times = told.lines().find(|l| l.starts_with("times: "));
    let times = times.unwrap_or_else(|| panic!("{told}"));
    assert!(
        times.starts_with("times: the reference's first screen "),
        "{times}"
    );
    assert!(times.ends_with("; the port's not measured"), "{times}");
}

#[test]
fn fuzz_shows_both_sides_times_with_each_case() {
    let out_dir = common::scratch("fuzz");
    let args = common::fuzz_of(
        planted(),
        "parity",
        &out_dir,
        &["--cases", "1", "--keys-per-case", "5", "--seed", "2"],
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = rogue_trace(&args);
    let told = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{told}");
    let shown = told
        .lines()
        .filter(|l| l.starts_with("times: the reference's first screen "))
        .count();
    assert!(shown >= 1, "{told}");
}

#[test]
fn a_key_late_in_one_play_only_is_no_difference() {
    let (_, port) = &ports("")[1];
    let once = common::scratch("once").join("played");
    let late_once =
        format!("{port} --plant slow-key --once {}", once.display());
    let (status, told) = compare(&late_once, port, "lllhhjjkq");
    assert!(once.exists(), "the port was late once: {told}");
    assert_eq!(status, Some(0), "{told}");
    assert!(verdict(&told).starts_with("identical: "), "{told}");
    assert!(!told.contains("answered key"), "{told}");
}
