//! Keys typed at once, a burst (`\{+}` between them): a port that reads
//! them one by one, as curses does, shows the screen of all of them played
//! in order and is identical; one that drops typed-ahead keys, or plays
//! them in another order, is named so. The ports: `tests/fixtures/port.py`
//! (Python's curses), `raw_port.js` (Node.js, raw escapes) and
//! `planted.c`, each planted or not.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{fixture, fuzz_of, planted, rogue_trace, scratch, text};

use rogue_testkit::required_program;

/// The walk to the first room's left wall, then a burst of three keys
/// that lead elsewhere each cut short or played last first.
const KEYS: &str = "hhhhhhhhhhhhhhhhh\\{+}l\\{+}jl";

/// The Python and the Node.js port, each as a command taking its plant.
fn ports() -> [(&'static str, String); 2] {
    let python = required_program(&["python3"], "python3");
    let node = required_program(&["node", "nodejs"], "nodejs");
    let py = format!("{} {}", python.display(), fixture("port.py").display());
    let js = format!("{} {}", node.display(), fixture("raw_port.js").display());
    [("Python", py), ("Node.js", js)]
}

/// `compare` of `reference` and `port` on `seed` with `keys`: exit status
/// and output.
fn compare(
    seed: &str,
    keys: &str,
    port: Option<&str>,
    reference: &str,
) -> (Option<i32>, String) {
    let mut args =
        vec!["compare", "--seed", seed, "--rng", "glibc", "--keys", keys];
    args.extend(port.map(|p| ["--port", p]).into_iter().flatten());
    args.push("--");
    args.extend(reference.split(' '));
    let out = rogue_trace(&args);
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

/// The first difference's name, as fuzz names it.
fn named(out: &str) -> &str {
    let prefix = "its first difference, as fuzz names it: ";
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("a name: {out}"))
}

#[test]
fn a_port_reading_keys_typed_at_once_one_by_one_is_identical_to_the_built_in_port(
) {
    for (language, port) in ports() {
        let reference = format!("{port} --seed {{seed}}");
        let (status, out) = compare("3", KEYS, None, &reference);
        assert_eq!(status, Some(0), "{language}: {out}");
        assert!(
            out.contains("\nidentical: 19 steps compared"),
            "{language}: {out}"
        );
    }
}

/// Whether a campaign's output says it typed some bursts.
fn typed_bursts(out: &str) -> bool {
    let line = out.lines().find(|l| l.contains(" burst(s) typed at once"));
    line.is_some_and(|l| !l.contains(" 0 burst(s)"))
}

#[test]
fn fuzz_walks_with_bursts_are_identical_for_ports_that_read_them_in_order() {
    for (language, port) in ports() {
        let dir = scratch(&format!("bursts-walks-{language}"));
        let out = dir.to_str().unwrap();
        let mut args = vec!["fuzz", "--cases", "6", "--seed", "2"];
        args.extend(["--rng", "glibc", "--out", out, "--"]);
        args.extend(port.split(' ').chain(["--seed", "{seed}"]));
        let out = rogue_trace(&args);
        let said = text(&out.stdout) + &text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{language}: {said}");
        assert!(typed_bursts(&said), "{language}: {said}");
    }
}

#[test]
fn a_port_that_drops_or_reorders_keys_typed_at_once_is_named_so() {
    for (language, port) in ports() {
        let reference = format!("{port} --seed {{seed}}");
        for (plant, name) in [
            ("drop-typeahead", "keys typed at once: the port dropped some (its player is where 1 of the 3 keys lead; the other's, where all 3 do), at step 21, typed by 'j'"),
            ("reverse-typeahead", "keys typed at once: the port played them in another order (its player is where the 3 keys lead played last first; the other's, where they lead in order), at step 21, typed by 'j'"),
        ] {
            let planted = format!("{reference} --plant {plant}");
            let (status, out) = compare("3", KEYS, Some(&planted), &reference);
            assert_eq!(status, Some(1), "{language} {plant}: {out}");
            assert_eq!(named(&out), name, "{language} {plant}");
            // Typed one at a time, the same keys show nothing.
            let apart = KEYS.replace("\\{+}", "");
            let (status, out) = compare("3", &apart, Some(&planted), &reference);
            assert_eq!(status, Some(0), "{language} {plant}: {out}");
        }
    }
}

#[test]
fn a_port_playing_keys_typed_at_once_last_first_to_the_same_cell_is_named_so_not_the_field_of_view(
) {
    // The last three keys, played last first, end in the same cell, having
    // passed another: only the cells seen on the way differ.
    let keys = "hhhhhhhhhhhhhhhhhlljjll\\{+}j\\{+}h";
    for (language, port) in ports() {
        let reference = format!("{port} --seed {{seed}}");
        let planted = format!("{reference} --plant reverse-typeahead");
        let (status, out) = compare("3", keys, Some(&planted), &reference);
        assert_eq!(status, Some(1), "{language}: {out}");
        assert_eq!(named(&out), "keys typed at once: the port played them in another order (both players stand in the same cell, but its screen is the one the 3 keys give played last first: it saw other cells on the way; the other's, played in order), at step 27, typed by 'h'", "{language}");
    }
}

#[test]
fn a_port_seeing_less_is_not_said_to_play_keys_typed_at_once_in_another_order()
{
    // The burst leads to the same screen in either order: the Python
    // port's shorter sight is all that differs.
    let [(_, python), _] = ports();
    let reference = format!("{python} --seed {{seed}}");
    let planted = format!("{reference} --plant short-sight");
    let (status, out) = compare("3", "hhhhl\\{+}k", Some(&planted), &reference);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with("the field of view differs"),
        "{out}"
    );
    assert!(!out.contains("keys typed at once"), "{out}");
}

#[test]
fn a_c_port_that_flushes_typed_ahead_keys_differs_and_unplanted_stays_identical_in_walks_with_bursts(
) {
    let c = planted();
    let (status, out) = compare(
        "1",
        "hhl\\{+}l\\{+}jk",
        Some(&format!("{c} --seed {{seed}} --plant drop-typeahead")),
        &format!("{c} --seed {{seed}}"),
    );
    assert_eq!(status, Some(1), "{out}");
    assert!(named(&out).starts_with("keys typed at once: the port dropped some (its player is where 1 of the 3 keys lead"), "{out}");
    // Unplanted, walks with bursts are identical.
    let more = ["--seed", "1", "--cases", "12", "--size", "30x8"];
    let same = fuzz_of(c, "none", &scratch("bursts-same"), &more);
    let out = rogue_trace(&same.iter().map(String::as_str).collect::<Vec<_>>());
    let said = text(&out.stdout) + &text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(typed_bursts(&said), "walks type bursts: {said}");
}

#[test]
fn a_difference_at_the_end_of_a_walk_with_a_burst_is_confirmed_not_timing() {
    let c = planted();
    let port = format!("{c} --seed {{seed}} --plant colour-left");
    let reference = format!("{c} --seed {{seed}}");
    let (status, out) = compare("3", "jj\\{+}lq", Some(&port), &reference);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("\ndifferent: "), "{out}");
    assert!(!out.contains("timing-dependent"), "{out}");
}

#[test]
fn a_port_that_throws_keys_typed_ahead_away_is_seen_waiting_when_the_capture_types(
) {
    // Page Down (ESC [ 6 ~), typed by the capture: the port reads the ESC
    // and throws the rest away, then waits, having read 1 of 4 bytes.
    let planted = planted();
    let port = format!("{planted} --seed 3 --plant drop-typeahead");
    let out = rogue_trace(&[
        "compare",
        "--settle",
        "watch",
        "--part",
        "1",
        "--size",
        "30x8",
        "--keys",
        "\\uf72dkj",
        "--port",
        &port,
        "--",
        planted,
        "--seed",
        "3",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("identical: 4 steps compared"), "{stdout}");
}
