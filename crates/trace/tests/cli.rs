//! `rogue-trace` as a user runs it: exit statuses and what it prints.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rogue_trace::Trace;

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(name)
}

fn rogue_trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(args)
        .output()
        .expect("rogue-trace runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// A scratch folder of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rogue-trace-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes `trace` with `change` applied to its text, returns the path.
fn changed(name: &str, change: impl Fn(&mut Trace)) -> PathBuf {
    let text = std::fs::read_to_string(golden("part4-glibc-seed42-100x25.trace")).unwrap();
    let mut trace = Trace::parse(&text).unwrap();
    change(&mut trace);
    let path = scratch(name);
    std::fs::write(&path, trace.to_text()).unwrap();
    path
}

fn diff(a: &Path, b: &Path) -> Output {
    rogue_trace(&["diff", a.to_str().unwrap(), b.to_str().unwrap()])
}

const SEED42: &str = "part4-glibc-seed42-100x25.trace";

#[test]
fn diff_of_identical_traces_says_so() {
    let a = golden(SEED42);
    let out = diff(&a, &changed("same.trace", |_| {}));
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).ends_with("identical: 81 steps compared\n"),
        "{}",
        stdout(&out)
    );
}

/// Sets the cell at (y, x) of step `n`.
fn set_cell(t: &mut Trace, n: usize, y: usize, x: usize, ch: Option<char>, class: Option<char>) {
    let step = &mut t.steps[n];
    let replace = |row: &mut String, c: char| {
        let mut chars: Vec<char> = row.chars().collect();
        chars[x] = c;
        *row = chars.into_iter().collect();
    };
    if let Some(c) = ch {
        replace(&mut step.text[y], c);
    }
    if let Some(c) = class {
        replace(&mut step.colours[y], c);
    }
}

#[test]
fn diff_of_one_changed_character_shows_the_row_and_the_cell() {
    // Step 12 of seed 42, row 4, column 3 is '.'; make it '#'.
    let b = changed("char.trace", |t| set_cell(t, 12, 4, 3, Some('#'), None));
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("step 12 differs (key 'h'): characters\nrow 4:\n"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let a_row = lines.iter().position(|l| l.starts_with("  A |")).unwrap();
    assert!(lines[a_row + 1].starts_with("  B |"));
    // The mark is under column 3 of the rows ("  A |" is 5 wide).
    assert_eq!(lines[a_row + 2], "        ^");
    assert!(!text.contains("colours |"), "{text}");
}

#[test]
fn diff_of_one_changed_colour_says_colours() {
    let b = changed("colour.trace", |t| set_cell(t, 5, 4, 3, None, Some('b')));
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("step 5 differs (key 'h'): colours\nrow 4:\n"),
        "{text}"
    );
    assert!(
        text.contains("  A colours |") && text.contains("  B colours |"),
        "{text}"
    );
    assert!(!text.contains("  A |"), "{text}");
}

#[test]
fn diff_of_a_missing_step_names_it() {
    let b = changed("short.trace", |t| {
        t.steps.pop();
    });
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(
            "A has 81 steps, B has 80: the first 80 are identical; step 80 (key 'h') is only in A"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn diff_of_different_sizes_and_keys_says_so() {
    let out = diff(&golden(SEED42), &golden("part4-glibc-seed42-80x24.trace"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("size differs: A is 100x25, B is 80x24"),
        "{}",
        stdout(&out)
    );

    let b = changed("keys.trace", |t| t.header.keys[2] = 'k');
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("keys differ from key 3 on: A types 'j' there, B types 'k'"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn diff_ignores_the_program_line() {
    let b = changed("program.trace", |t| {
        t.header.program = "another recorder".into()
    });
    assert_eq!(diff(&golden(SEED42), &b).status.code(), Some(0));
}

#[test]
fn a_malformed_file_is_named_with_its_line() {
    let path = scratch("bad.trace");
    let text = std::fs::read_to_string(golden(SEED42))
        .unwrap()
        .replace("# size: 100x25", "# size: wide");
    std::fs::write(&path, text).unwrap();
    let out = diff(&golden(SEED42), &path);
    assert_eq!(out.status.code(), Some(2));
    let expected = format!(
        "rogue-trace: {}:6: size 'wide' is not COLSxROWS (e.g. 100x25)\n",
        path.display()
    );
    assert_eq!(stderr(&out), expected);
    let out = rogue_trace(&["diff", "/nonexistent.trace", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("rogue-trace: cannot read '/nonexistent.trace'"));
}

#[test]
fn replay_writes_the_golden_trace_but_for_the_program_line() {
    for name in [
        SEED42,
        "part4-msvc-seed1732147200-100x25.trace",
        "part4-glibc-seed42-80x24.trace",
        "part3-msvc-seed42-100x25.trace",
        "part2-glibc-seed0-100x25.trace",
        "part1-glibc-seed0-100x25.trace",
    ] {
        let g = Trace::parse(&std::fs::read_to_string(golden(name)).unwrap()).unwrap();
        let h = &g.header;
        let out = rogue_trace(&[
            "replay",
            "--part",
            &h.part.to_string(),
            "--seed",
            &h.seed.to_string(),
            "--rng",
            &h.rng,
            "--size",
            &format!("{}x{}", h.cols, h.rows),
            "--keys",
            &rogue_trace::escape_keys(&h.keys),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let mut ours = Trace::parse(&stdout(&out)).unwrap();
        ours.header.program = g.header.program.clone();
        assert_eq!(ours, g, "{name}");
    }
}

#[test]
fn show_prints_the_screen_plain_when_not_a_terminal() {
    let out = rogue_trace(&["show", golden(SEED42).to_str().unwrap(), "--step", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let g = Trace::parse(&std::fs::read_to_string(golden(SEED42)).unwrap()).unwrap();
    let expected = format!(
        "step 3 of 80 (key 'j'), 100x25\n{}\n",
        g.steps[3].text.join("\n")
    );
    assert_eq!(stdout(&out), expected);
    let out = rogue_trace(&["show", golden(SEED42).to_str().unwrap(), "--step", "81"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the trace has steps 0 to 80"));
}

#[test]
fn capture_ends_with_a_message_when_the_program_exits_early() {
    let out = rogue_trace(&[
        "capture",
        "--keys",
        "\\rbc",
        "--every",
        "--",
        "sh",
        "-c",
        "printf 'hello'; read x; exit 3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the program exited (exit status 3) after 1 key(s)"),
        "{}",
        stderr(&out)
    );
    let trace = Trace::parse(&stdout(&out)).unwrap();
    assert_eq!(trace.steps.len(), 1);
    assert!(trace.steps[0].text[0].starts_with("hello"));
}

#[test]
#[cfg(unix)]
fn capture_starts_a_program_given_by_a_relative_path() {
    let dir = scratch("relative");
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let program = dir.join("bin/hello");
    std::fs::write(
        &program,
        "#!/bin/sh\nprintf 'hello from bin'; read x; exit 3\n",
    )
    .unwrap();
    let mut mode = std::fs::metadata(&program).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
    std::fs::set_permissions(&program, mode).unwrap();
    for path in ["bin/hello", "./bin/hello"] {
        let out = Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args(["capture", "--keys", "\\r", "--", path])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            stderr(&out).contains("the program exited"),
            "{path}: {}",
            stderr(&out)
        );
        let trace = Trace::parse(&stdout(&out)).unwrap();
        assert!(
            trace.steps[0].text[0].starts_with("hello from bin"),
            "{path}"
        );
    }
}

#[test]
fn capture_ends_with_a_message_when_the_program_never_draws() {
    let out = rogue_trace(&["capture", "--keys", "ab", "--", "sleep", "30"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the program drew nothing at start-up"),
        "{}",
        stderr(&out)
    );
    assert_eq!(Trace::parse(&stdout(&out)).unwrap().steps.len(), 1);
}

#[test]
fn capture_ends_with_a_message_when_the_program_keeps_drawing() {
    let out = rogue_trace(&["capture", "--keys", "ab", "--", "yes"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("kept drawing without a pause after 0 key(s)"),
        "{}",
        stderr(&out)
    );
    assert!(Trace::parse(&stdout(&out)).unwrap().steps.is_empty());
}
