//! The cursor is part of every screen: a port that shows it where the C
//! hides it (no `curs_set(0)`), or shows it at another cell, differs at
//! the first screen it does, and `compare` and `fuzz` name the
//! difference as the cursor's. Ports of their own: in C with curses
//! (`part2.c`, against the built-in port and against itself), in C with
//! plain escapes (`planted.c`), in Rust (`panics.rs`, which never hides
//! it) and in Node.js (`port.js`).

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{
    compile_rust, fixture, rogue_trace, rogue_trace_on, scratch_path, text,
};

use std::process::Output;

use rogue_testkit::{compile_c, required_program};

/// A C fixture, compiled.
fn built(name: &str, libs: &[&str]) -> String {
    let source = fixture(&format!("{name}.c"));
    let path = compile_c(&source, &scratch_path("bin"), name, libs);
    path.to_str().unwrap().to_string()
}

/// `compare` of `port` against `reference`, playing Part `part` on a
/// `size` screen, typing `keys`; the built-in port without `port`.
fn compare(
    part: &str,
    size: &str,
    keys: &str,
    port: Option<&str>,
    reference: &str,
) -> Output {
    let mut args = vec!["compare", "--part", part, "--size", size];
    args.extend(["--keys", keys]);
    if let Some(port) = port {
        args.extend(["--port", port]);
    }
    args.push("--");
    let words = shell_words::split(reference).unwrap();
    args.extend(words.iter().map(String::as_str));
    rogue_trace(&args)
}

/// Asserts that `out` is a difference of the cursor, first at the first
/// screen, the reference's hidden and the port's shown.
fn assert_cursor_shown(out: &Output, who: &str) {
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{who}: {stdout}");
    assert!(
        stdout.contains("step 0 differs (key - (before the first key)): the cursor: A's cursor is hidden, B's is shown at row"),
        "{who}: {stdout}"
    );
    assert!(
        stdout.contains(
            "its first difference, as fuzz names it: the cursor differs"
        ),
        "{who}: {stdout}"
    );
}

#[test]
fn a_curses_port_without_curs_set_differs_from_the_c_and_the_built_in_port() {
    let part2 = built("part2", &["-lncurses"]);
    let plain = compare("2", "100x25", "jjhq", None, &part2);
    let stdout = text(&plain.stdout);
    assert_eq!(plain.status.code(), Some(0), "{stdout}");
    let shown = format!("{part2} --plant cursor");
    assert_cursor_shown(
        &compare("2", "100x25", "jjhq", Some(&shown), &part2),
        "C",
    );
    // The built-in port hides it, as the C does; curses leaves a shown
    // cursor after the last cell drawn, the '@'.
    let out = compare("2", "100x25", "jjhq", None, &shown);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("step 0 differs (key - (before the first key)): the cursor: A's cursor is shown at row 10, column 51, B's is hidden"),
        "{stdout}"
    );
}

#[test]
fn the_traces_written_say_each_steps_cursor_and_how_each_side_ended() {
    let part2 = built("part2", &["-lncurses"]);
    let shown = format!("{part2} --plant cursor");
    let dir = scratch_path("traces");
    let mut args = vec!["compare", "--part", "2", "--size", "100x25"];
    args.extend(["--keys", "jq", "--out", dir.to_str().unwrap()]);
    args.extend(["--port", &shown, "--", &part2]);
    let out = rogue_trace(&args);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (reference, port) =
        (read("part2.reference.trace"), read("part2.port.trace"));
    for trace in [&reference, &port] {
        assert!(trace.starts_with("# screen trace v2\n"), "{trace}");
        assert!(
            trace.contains("\n# ended: exited with status 0 on its last key"),
            "{trace}"
        );
    }
    assert_eq!(reference.matches("\n-- cursor hidden\n").count(), 2);
    assert!(
        port.contains("\n-- cursor 10 51\n== step 1 key 'j'\n"),
        "{port}"
    );
    assert!(port.contains("\n-- cursor 11 51\n"), "{port}");
}

#[test]
fn ports_in_c_and_node_that_never_hide_the_cursor_differ() {
    let planted = built("planted", &[]);
    let c = |plant: &str| format!("{planted} --seed 3 {plant}");
    let node = required_program(&["node", "nodejs"], "nodejs");
    let script = fixture("port.js");
    let js = |plant: &str| {
        format!("{} {} {plant}", node.display(), script.display())
    };
    type Port<'a> = &'a dyn Fn(&str) -> String;
    let ports: [(&str, Port); 2] = [("C", &c), ("Node.js", &js)];
    for (language, port) in ports {
        let same = compare("1", "30x8", "jlq", Some(&port("")), &port(""));
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{language}: {stdout}");
        let shown = port("--plant cursor");
        let out = compare("1", "30x8", "jlq", Some(&shown), &port(""));
        assert_cursor_shown(&out, language);
    }
}

#[test]
fn a_rust_port_that_never_hides_the_cursor_differs() {
    let bin = compile_rust("panics", &scratch_path("bin"));
    let port = bin.as_str();
    let hidden = format!("{port} --hide");
    let same = compare("1", "30x8", "abq", Some(&hidden), &hidden);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stdout));
    let out = compare("1", "30x8", "abq", Some(port), &hidden);
    assert_cursor_shown(&out, "Rust");
    // Where it stands: after the keys it shows.
    assert!(
        text(&out.stdout).contains("B's is shown at row 0, column 5"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn fuzz_names_the_cursor_as_one_group() {
    let planted = built("planted", &[]);
    let out_dir = scratch_path("fuzz");
    let port = format!("{planted} --seed {{seed}} --plant cursor");
    let reference = format!("{planted} --seed {{seed}}");
    let mut args = vec!["fuzz", "--part", "1", "--cases", "6", "--seed", "4"];
    let out = out_dir.to_str().unwrap();
    args.extend(["--out", out, "--port", &port, "--"]);
    let words = shell_words::split(&reference).unwrap();
    args.extend(words.iter().map(String::as_str));
    let fuzz = rogue_trace(&args);
    let stdout = text(&fuzz.stdout);
    let stderr = text(&fuzz.stderr);
    assert_eq!(fuzz.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("1 distinct difference(s)"),
        "one bug, one group: {stdout}"
    );
    assert!(
        stdout.contains("difference 1: the cursor differs"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "--ignore-cursor leaves it out, to find what else differs"
        ),
        "the way past it is named: {stdout}"
    );
}

#[test]
fn ignore_cursor_leaves_the_cursor_out_and_finds_what_else_differs() {
    let planted = built("planted", &[]);
    let reference = format!("{planted} --seed {{seed}}");
    // What `command` says of the port with `plant`, the cursor ignored,
    // once its exit status is `status`.
    let ignored = |plant: &str, command: &[&str], status: i32| {
        let port = format!("{planted} --seed {{seed}} --plant {plant}");
        let mut args = command.to_vec();
        args.extend(["--part", "1", "--seed", "4", "--ignore-cursor"]);
        args.extend(["--port", &port, "--"]);
        let words = shell_words::split(&reference).unwrap();
        args.extend(words.iter().map(String::as_str));
        let out = rogue_trace(&args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(status), "{stdout}");
        stdout
    };
    // The cursor alone: identical, and said to be ignored.
    let stdout = ignored("cursor", &["compare", "--keys", "jjlk"], 0);
    assert!(
        stdout.contains("identical, the cursor ignored:"),
        "{stdout}"
    );
    let fuzz_out = scratch_path("fuzz-ignored");
    let fuzz_out = fuzz_out.to_str().unwrap();
    let fuzz = ["fuzz", "--cases", "3", "--out", fuzz_out];
    let stdout = ignored("cursor", &fuzz, 0);
    assert!(stdout.contains("3 case(s) identical"), "{stdout}");
    // With another bug: that one is found, named, and played again with
    // the cursor still ignored.
    let stdout = ignored("cursor+bottom", &["compare", "--keys", "jjlk"], 1);
    assert!(
        stdout.contains("different, the cursor ignored:"),
        "{stdout}"
    );
    assert!(!stdout.contains("the cursor differs"), "{stdout}");
    assert!(
        !stdout.contains(
            "step 0 differs (key - (before the first key)): the cursor"
        ),
        "{stdout}"
    );
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .expect("a reproduce line");
    assert!(reproduce.contains(" --ignore-cursor "), "{reproduce}");
}

#[test]
fn on_a_terminal_without_civis_nor_an_alternate_screen_the_built_in_port_is_still_the_c(
) {
    // A VT100 can neither hide the cursor nor keep an alternate screen:
    // the C shows its cursor, and its game stays on the terminal when it
    // ends, which the built-in port's ending says; its cursor is not
    // compared, and the verdict says so.
    let part2 = built("part2", &["-lncurses"]);
    for keys in ["jjq", "jj\\x03", "jj\\x1c", "jj\\x00"] {
        let args = [
            "compare", "--part", "2", "--size", "40x12", "--keys", keys, "--",
            &part2,
        ];
        let out = rogue_trace_on("vt100", &args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{keys}: {stdout}");
        assert!(
            stdout.contains("the cursor is not compared: the port's screens do not record it"),
            "{stdout}"
        );
        // On the usual terminal, the same keys are identical too.
        let out = rogue_trace(&args);
        assert_eq!(out.status.code(), Some(0), "{keys}: {}", text(&out.stdout));
    }
}
