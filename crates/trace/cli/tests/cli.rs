//! `rogue-trace` as a user runs it: exit statuses and what it prints.

mod common;
use common::{rogue_trace, scratch_path};

use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::process::Command;
use std::process::Output;

use rogue_trace_format::{escape_keys, Trace};

fn golden(name: &str) -> PathBuf {
    rogue_testkit::golden_dir().join(name)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Writes `trace` with `change` applied to its text, returns the path.
fn changed(name: &str, change: impl Fn(&mut Trace)) -> PathBuf {
    let text =
        std::fs::read_to_string(golden("part4-glibc-seed42-100x25.trace"))
            .unwrap();
    let mut trace = Trace::parse(&text).unwrap();
    change(&mut trace);
    let path = scratch_path(name);
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
fn set_cell(
    t: &mut Trace,
    n: usize,
    y: usize,
    x: usize,
    ch: Option<char>,
    class: Option<char>,
) {
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
fn diff_of_one_changed_character_shows_the_row_the_column_and_the_cell() {
    // Step 12 of seed 42, row 4, column 3 is '.'; make it '#'.
    let b = changed("char.trace", |t| set_cell(t, 12, 4, 3, Some('#'), None));
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains(
            "step 12 differs (key 'h'): characters, 1 cell(s); rows and columns count from 0\n"
        ),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let a_row = lines
        .iter()
        .position(|l| l.starts_with("row   4     A |"))
        .expect(&text);
    assert!(lines[a_row + 1].starts_with("            B |"));
    // The mark is under column 3 of the rows (the rows start at column 15).
    assert_eq!(lines[a_row + 4], format!("{}^", " ".repeat(15 + 3)));
    assert!(
        text.contains(
            "row 4, column 3: A '.' white on black (pair 1), B '#' white on black (pair 1)"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "different: 1 of 81 steps compared differ, 1 cells in all; first at step 12\n"
        ),
        "{text}"
    );
}

#[test]
fn diff_of_one_changed_colour_shows_the_characters_too() {
    let b = changed("colour.trace", |t| set_cell(t, 5, 4, 3, None, Some('b')));
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("step 5 differs (key 'h'): colours, 1 cell(s)"),
        "{text}"
    );
    assert!(
        text.contains("    colours A |") && text.contains("row   4     A |"),
        "{text}"
    );
    assert!(text.contains("B '.' blue on black (pair 2)"), "{text}");
}

#[test]
fn diff_chars_compares_characters_only_and_says_so() {
    let colour = changed("chars-colour.trace", |t| {
        set_cell(t, 5, 4, 3, None, Some('b'))
    });
    let wall = changed("chars-wall.trace", |t| {
        set_cell(t, 5, 4, 3, None, Some('b'));
        set_cell(t, 12, 4, 3, Some('#'), None);
    });
    let a = golden(SEED42);
    let chars = |b: &Path, brief: bool| {
        let mut args = vec!["diff", "--chars"];
        if brief {
            args.push("--brief");
        }
        args.extend([a.to_str().unwrap(), b.to_str().unwrap()]);
        rogue_trace(&args)
    };
    // A colour alone: different without --chars, identical with it.
    assert_eq!(diff(&golden(SEED42), &colour).status.code(), Some(1));
    let out = chars(&colour, true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "identical, characters only (colours ignored): 81 steps compared\n"
    );
    // A character: different both ways, and only the character counts.
    assert_eq!(diff(&golden(SEED42), &wall).status.code(), Some(1));
    let out = chars(&wall, false);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("step 12 differs (key 'h'): characters (colours ignored), 1 cell(s)")
            && !text.contains("step 5 differs"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "different, characters only (colours ignored): 1 of 81 steps compared differ, 1 cells in all; first at step 12\n"
        ),
        "{text}"
    );
}

#[test]
fn diff_all_shows_every_differing_step_and_brief_is_one_line() {
    let b = changed("two.trace", |t| {
        set_cell(t, 5, 4, 3, None, Some('b'));
        set_cell(t, 9, 2, 2, Some('x'), None);
    });
    let out = rogue_trace(&[
        "diff",
        "--all",
        golden(SEED42).to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("step 5 differs") && text.contains("step 9 differs"),
        "{text}"
    );
    let out = rogue_trace(&[
        "diff",
        "--brief",
        golden(SEED42).to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "different: 2 of 81 steps compared differ, 2 cells in all; first at step 5\n"
    );
}

#[test]
fn diff_of_a_missing_step_names_it() {
    let b = changed("short.trace", |t| {
        t.steps.pop();
    });
    let out = diff(&golden(SEED42), &b);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("A has 81 steps, B has 80: step(s) 80 only in A"),
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
        stdout(&out).contains(
            "keys differ from key 3 on: A types 'j' there, B types 'k'"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn diff_compares_header_values_only_where_both_have_them() {
    let no_seed = changed("noseed.trace", |t| t.header.seed = None);
    assert_eq!(diff(&golden(SEED42), &no_seed).status.code(), Some(0));
    let other = changed("seed7.trace", |t| t.header.seed = Some(7));
    let out = diff(&golden(SEED42), &other);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("seed differs: A has 42, B has 7"),
        "{}",
        stdout(&out)
    );
    let out = rogue_trace(&[
        "diff",
        "--screens-only",
        golden(SEED42).to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[cfg(unix)] // `echo` in a pseudo-terminal
#[test]
fn traces_without_steps_are_never_identical() {
    let a = capture_to("empty-a.trace", &["--", "echo", "hello"]);
    let b = capture_to("empty-b.trace", &["--", "echo", "bye"]);
    let out = diff(&a, &b);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("A has no steps"), "{}", stdout(&out));
}

/// Runs `capture ARGS --out FILE` in the scratch folder; the file.
#[cfg(unix)]
fn capture_to(name: &str, args: &[&str]) -> PathBuf {
    let path = scratch_path(name);
    let _ = std::fs::remove_file(&path);
    let mut all = vec!["capture", "--out", path.to_str().unwrap()];
    all.extend(args);
    rogue_trace(&all);
    path
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
    let path = scratch_path("bad.trace");
    let text = std::fs::read_to_string(golden(SEED42))
        .unwrap()
        .replace("# size: 100x25", "# size: wide");
    std::fs::write(&path, text).unwrap();
    let out = diff(&golden(SEED42), &path);
    assert_eq!(out.status.code(), Some(2));
    let expected = format!(
        "rogue-trace: {}:6: size 'wide' is not COLSxROWS from 1x1 to 1000x1000 (e.g. 100x25)\n",
        path.display()
    );
    assert_eq!(stderr(&out), expected);
    let out = rogue_trace(&["diff", "/nonexistent.trace", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out)
        .starts_with("rogue-trace: cannot read '/nonexistent.trace'"));
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
        let g = Trace::parse(&std::fs::read_to_string(golden(name)).unwrap())
            .unwrap();
        let h = &g.header;
        let out = rogue_trace(&[
            "replay",
            "--part",
            &h.part.unwrap().to_string(),
            "--seed",
            &h.seed.unwrap().to_string(),
            "--rng",
            h.rng.as_deref().unwrap(),
            "--size",
            &format!("{}x{}", h.cols, h.rows),
            "--keys",
            &escape_keys(&h.keys),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let mut ours = Trace::parse(&stdout(&out)).unwrap();
        ours.header.program = g.header.program.clone();
        assert_eq!(ours, g, "{name}");
    }
}

#[test]
fn show_prints_the_screen_plain_when_not_a_terminal() {
    let out =
        rogue_trace(&["show", golden(SEED42).to_str().unwrap(), "--step", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let g = Trace::parse(&std::fs::read_to_string(golden(SEED42)).unwrap())
        .unwrap();
    let expected = format!(
        "step 3 of 80 (key 'j'), 100x25\n{}\n",
        g.steps[3].text.join("\n")
    );
    assert_eq!(stdout(&out), expected);
    let out = rogue_trace(&[
        "show",
        golden(SEED42).to_str().unwrap(),
        "--step",
        "81",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the trace has steps 0 to 80"));
}

#[cfg(unix)] // `sh`, `sleep` and `yes` in a pseudo-terminal
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
        stderr(&out)
            .contains("the program exited with status 3 after 1 key(s)"),
        "{}",
        stderr(&out)
    );
    let trace = Trace::parse(&stdout(&out)).unwrap();
    assert_eq!(trace.steps.len(), 1);
    assert!(trace.steps[0].text[0].starts_with("hello"));
}

#[cfg(unix)] // `sh`, `sleep` and `yes` in a pseudo-terminal
#[test]
fn capture_starts_a_program_given_by_a_relative_path() {
    let dir = scratch_path("relative");
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

#[cfg(unix)] // `sh`, `sleep` and `yes` in a pseudo-terminal
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

#[cfg(unix)] // `sh`, `sleep` and `yes` in a pseudo-terminal
#[test]
fn capture_ends_with_a_message_when_the_program_keeps_drawing() {
    let out = rogue_trace(&["capture", "--keys", "ab", "--", "yes"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("kept busy without waiting for a key after 0 key(s)"),
        "{}",
        stderr(&out)
    );
    assert!(Trace::parse(&stdout(&out)).unwrap().steps.is_empty());
}

#[cfg(unix)] // `sh` and `sleep` in a pseudo-terminal
#[test]
fn a_slow_first_screen_is_waited_for_within_the_busy_limit() {
    let slow = ["sh", "-c", "sleep 2; printf hi; read x"];
    let mut args = vec!["capture", "--keys", "x", "--"];
    args.extend(slow);
    let out = rogue_trace(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\nhi"), "{}", stdout(&out));
    let mut args = vec!["capture", "--busy-limit", "1", "--keys", "x", "--"];
    args.extend(slow);
    let out = rogue_trace(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("drew nothing at start-up"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)] // `sh` and `sleep` in a pseudo-terminal
#[test]
fn a_program_asleep_outside_a_read_is_told_from_a_busy_one() {
    let out = rogue_trace(&[
        "capture",
        "--keys",
        "ab",
        "--",
        "sh",
        "-c",
        "printf hi; sleep 30",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "the program slept without waiting for a key after 0 key(s) (asleep, using no CPU"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_command_answers_help_with_its_own_usage() {
    for command in ["capture", "replay", "diff", "show", "compare", "fuzz"] {
        let out = rogue_trace(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains(&format!("Usage: rogue-trace {command}")),
            "{command}: {text}"
        );
    }
    let capture = stdout(&rogue_trace(&["capture", "--help"]));
    assert!(
        capture.contains("--quiet-ms <MS>")
            && capture.contains("--settle <HOW>"),
        "{capture}"
    );
    // compare's help says what it plays without keys, and its statuses,
    // as it gives them.
    let compare = stdout(&rogue_trace(&["compare", "--help"]));
    for said in [
        "--walk <N>",
        "--keys '' compares the first screen only",
        "Exit status 0 if identical; 1 if the screens differ",
        "both sides stopped before their last key, or both screens were blank at every step",
    ] {
        assert!(compare.contains(said), "{said}: {compare}");
    }
    let overview = stdout(&rogue_trace(&["--help"]));
    assert!(
        overview
            .contains("exit 0 if identical, 1 if not (or if both stop before"),
        "{overview}"
    );
}

#[test]
fn bad_usage_is_one_line_and_exit_2() {
    let same = scratch_path("same-file.trace");
    let same = same.to_str().unwrap();
    let cases: [(&[&str], &str); 16] = [
        (
            &["replay", "--size", "65535x65535"],
            "from 1x1 to 1000x1000",
        ),
        (
            &["replay", "--keys", "j", "--keys-file", "x"],
            "cannot be used with",
        ),
        (
            &["replay", "--part", "2", "--fov", "rays"],
            "--fov needs --part 4",
        ),
        (&["capture", "--pin", "--", "true"], "--seed"),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        // A second program after the reference would be its arguments.
        (
            &["compare", "--seed", "1", "--", "./c {seed}", "--", "./mine"],
            "give your port with --port 'COMMAND'",
        ),
        (
            &["fuzz", "--pin", "--", "./c", "--", "./mine"],
            "give your port with --port 'COMMAND'",
        ),
        (
            &["compare", "--port", "./mine", "--", "./c", "{seed}"],
            "the port would pick its own seed: give --pin-port",
        ),
        // A walk, or keys of one's own: not both.
        (
            &[
                "compare", "--walk", "9", "--keys", "j", "--", "./c", "{seed}",
            ],
            "'--walk <N>' cannot be used with '--keys <KEYS>'",
        ),
        (
            &[
                "compare",
                "--port",
                "./mine {seed}",
                "--fov",
                "rays",
                "--",
                "./c",
                "{seed}",
            ],
            "--fov is the built-in port's",
        ),
        (
            &["fuzz", "--port-args", "--seed 3", "--", "./c", "{seed}"],
            "--port-args cannot hold --seed: each case sets the seed",
        ),
        (
            &[
                "fuzz",
                "--port-args",
                "--fov rays",
                "--port",
                "./mine {seed}",
                "--",
                "./c",
                "{seed}",
            ],
            "'--port-args <ARGS>' cannot be used with '--port <COMMAND>'",
        ),
        (
            &["fuzz", "--size", "80x25-40x10", "--", "./c", "{seed}"],
            "does not run from the smaller size to the larger",
        ),
        (
            &[
                "fuzz",
                "--size",
                "1000x1000",
                "--keys-per-case",
                "10000",
                "--",
                "./c",
                "{seed}",
            ],
            "a case keeps both traces in memory",
        ),
        (
            &["fuzz", "--alphabet", "hjklq", "--", "./c", "{seed}"],
            "--alphabet holds 'q', which ends the game",
        ),
        (
            &["capture", "--out", same, "--cast", same, "--", "true"],
            "--out and --cast name the same file",
        ),
    ];
    for (args, expected) in cases {
        let out = rogue_trace(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// A folder of its own for a test of `--force`, holding one file of the
/// user's, `mine.txt`; the folder and the file.
fn folder_with_a_file(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("mine.txt");
    std::fs::write(&mine, "my notes").unwrap();
    (dir, mine)
}

/// The names of the files in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let (dir, mine) = folder_with_a_file("never-overwritten");
    let path = mine.to_str().unwrap();
    let a = golden(SEED42);
    let a = a.to_str().unwrap();
    let commands: [&[&str]; 4] = [
        &["replay", "--keys", "j", "--out", path],
        &["show", a, "--out", path],
        &["diff", a, a, "--html", path],
        &[
            "capture",
            "--out",
            path,
            "--",
            "sh",
            "-c",
            "printf hi; read x",
        ],
    ];
    for args in commands {
        let out = rogue_trace(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out),
            format!(
                "rogue-trace: cannot write '{path}': it already exists (give --force to replace it)\n"
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my notes");
    }
    assert_eq!(names_in(&dir), ["mine.txt"]);
}

#[test]
fn force_replaces_a_report_or_a_trace_and_nothing_else() {
    let (dir, mine) = folder_with_a_file("force");
    let path = mine.to_str().unwrap();
    let a = golden(SEED42);
    let a = a.to_str().unwrap();
    let replaced = |args: &[&str], starts: &str| {
        std::fs::write(&mine, "my notes").unwrap();
        let out = rogue_trace(args);
        assert_eq!(
            out.status.code().map(|c| c < 2),
            Some(true),
            "{args:?}: {}",
            stderr(&out)
        );
        let text = std::fs::read_to_string(&mine).unwrap();
        assert!(text.starts_with(starts), "{args:?}: {text:.60}");
        assert_eq!(names_in(&dir), ["mine.txt"], "{args:?}");
    };
    replaced(
        &["replay", "--keys", "j", "--out", path, "--force"],
        "# screen trace v1\n",
    );
    replaced(&["show", "--force", a, "--svg", "--out", path], "<svg ");
    replaced(
        &["diff", a, a, "--html", path, "--force"],
        "<!DOCTYPE html>",
    );
    // A directory is never replaced, nor is anything in it touched.
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("inside.txt"), "kept").unwrap();
    let out = rogue_trace(&[
        "replay",
        "--keys",
        "j",
        "--force",
        "--out",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).ends_with("it is a directory\n"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("inside.txt")).unwrap(),
        "kept"
    );
}

/// `capture --force`: both the trace and the recording are replaced; a
/// capture that fails leaves the user's files as they were, and nothing
/// beside them.
#[cfg(unix)]
#[test]
fn capture_force_replaces_whole_files_or_none() {
    let (dir, mine) = folder_with_a_file("capture-force");
    let cast = dir.join("mine.cast");
    std::fs::write(&cast, "my recording").unwrap();
    let (path, cast_path) = (mine.to_str().unwrap(), cast.to_str().unwrap());
    let capture = |program: &str| {
        rogue_trace(&[
            "capture",
            "--force",
            "--out",
            path,
            "--cast",
            cast_path,
            "--",
            program,
            "-c",
            "printf hi; read x",
        ])
    };
    let out = capture("/nonexistent/program");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my notes");
    assert_eq!(std::fs::read_to_string(&cast).unwrap(), "my recording");
    assert_eq!(names_in(&dir), ["mine.cast", "mine.txt"]);
    let out = capture("sh");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let trace = Trace::parse(&std::fs::read_to_string(&mine).unwrap()).unwrap();
    assert_eq!(trace.steps.last().unwrap().text[0].trim_end(), "hi");
    let recording = std::fs::read_to_string(&cast).unwrap();
    let header = recording.lines().next().unwrap();
    assert!(header.contains("\"version\":2"), "{header}");
    assert_eq!(names_in(&dir), ["mine.cast", "mine.txt"]);
}

/// `--force` replaces a link by the file, never the file it points to.
#[cfg(unix)]
#[test]
fn force_replaces_a_link_not_what_it_points_to() {
    let (dir, mine) = folder_with_a_file("force-link");
    let link = dir.join("link.trace");
    std::os::unix::fs::symlink(&mine, &link).unwrap();
    let out = rogue_trace(&[
        "replay",
        "--keys",
        "j",
        "--out",
        link.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my notes");
    assert!(!std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(std::fs::read_to_string(&link)
        .unwrap()
        .starts_with("# screen trace v1"));
}

#[test]
fn show_draws_svg_and_html_pictures() {
    let file = golden(SEED42);
    let out =
        rogue_trace(&["show", file.to_str().unwrap(), "--step", "0", "--svg"]);
    assert_eq!(out.status.code(), Some(0));
    let svg = stdout(&out);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains("#e5e5e5") && svg.ends_with("</svg>\n"));
    let out = rogue_trace(&["show", file.to_str().unwrap(), "--html"]);
    assert!(stdout(&out).contains("<pre"));
}

#[cfg(unix)] // `sh`, `sleep` and `yes` in a pseudo-terminal
#[test]
fn capture_writes_only_the_header_values_it_was_given() {
    let path = capture_to(
        "header.trace",
        &["--keys", "\\r", "--", "sh", "-c", "printf hi; read x"],
    );
    let trace = Trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        (trace.header.part, trace.header.seed, trace.header.rng),
        (None, None, None)
    );
    let path = capture_to(
        "header2.trace",
        &[
            "--seed",
            "5",
            "--keys",
            "\\r",
            "--",
            "sh",
            "-c",
            "printf hi; read x",
        ],
    );
    let trace = Trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!((trace.header.part, trace.header.seed), (None, Some(5)));
}

#[test]
#[cfg(target_os = "linux")]
fn capture_ends_the_whole_process_group_it_started() {
    // A grandchild that ignores SIGHUP, as a daemon would.
    let pid_file = scratch_path("grandchild.pid");
    let script = format!(
        "trap '' HUP; sleep 300 & echo $! > {}; printf started; read x",
        pid_file.display()
    );
    let out =
        rogue_trace(&["capture", "--keys", "ab", "--", "sh", "-c", &script]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let alive = || {
        std::path::Path::new(&format!("/proc/{}", pid.trim())).exists()
            && !std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
                .unwrap_or_default()
                .contains(") Z")
    };
    // SIGKILL is delivered, and the process torn down, after `kill`
    // returns: wait for that to happen (a killed process ends within
    // moments; one that was not killed sleeps for 300 s).
    let deadline =
        std::time::Instant::now() + std::time::Duration::from_secs(10);
    while alive() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(!alive(), "the grandchild {} is still running", pid.trim());
}

#[test]
fn compare_refuses_more_than_it_can_hold() {
    // In a file: 100,000 keys are more than a Windows command line holds.
    let keys = scratch_path("many.keys");
    std::fs::write(&keys, "j".repeat(100_000)).unwrap();
    let out = rogue_trace(&[
        "compare",
        "--seed",
        "1",
        "--size",
        "1000x1000",
        "--keys-file",
        keys.to_str().unwrap(),
        "--",
        "x",
        "{seed}",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("compare keeps both traces in memory"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_capture_that_cannot_start_leaves_no_trace_behind() {
    let out = scratch_path("never.trace");
    let path = out.to_str().unwrap();
    let o = rogue_trace(&[
        "capture",
        "--keys",
        "jj",
        "--out",
        path,
        "--",
        "/nonexistent/program",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(!out.exists(), "{path} was left behind");
}

/// A keys file with no size to check first (a device, a pipe) is read up
/// to the limit and refused, not read until memory runs out.
#[cfg(unix)]
#[test]
fn an_endless_keys_file_is_refused_at_the_limit() {
    let out = rogue_trace(&["replay", "--keys-file", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("keys file '/dev/zero' is too large"),
        "{}",
        stderr(&out)
    );
}

/// The quick start, `docs/diffing.md`.
#[cfg(unix)]
fn quick_start() -> String {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../docs");
    std::fs::read_to_string(docs.join("diffing.md")).unwrap()
}

#[cfg(unix)] // `rogue` in a pseudo-terminal
#[test]
fn the_quick_start_says_size_and_alphabet_as_they_run() {
    let page = quick_start();
    assert!(page.lines().count() <= 400, "a quick start, not a manual");
    for shown in [
        "`compare --size 150x43`",
        "`--alphabet 'hjklyubn,'`",
        "`'y' moves the port's player, not the reference's`",
    ] {
        assert!(page.contains(shown), "{shown}");
    }
    // Its options as shown, on `rogue` against the built-in port.
    let rogue = common::rogue();
    let reference = [rogue.as_str(), "--seed", "{seed}", "--rng", "{rng}"];
    let out = scratch_path("quick-start-fuzz");
    let fuzz = [
        "fuzz",
        "--cases",
        "1",
        "--keys-per-case",
        "20",
        "--alphabet",
        "hjklyubn,",
        "--size",
        "150x43-160x50",
        "--out",
        out.to_str().unwrap(),
        "--",
    ];
    let compare = ["compare", "--seed", "1", "--size", "150x43", "--"];
    for args in [&fuzz[..], &compare[..]] {
        let out = rogue_trace(&[args, &reference[..]].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stdout(&out));
    }
}
