//! `--pin` proves it took: a program that does not call the pinned
//! `time()` (and, for `msvc`, `srand()` and `rand()`) before its first
//! screen, or cannot take the capture's library at all, fails the capture
//! on one line, exit 2, with no trace written that claims the seed; with
//! every way of settling.

#![cfg(target_os = "linux")] // LD_PRELOAD

mod common;
use common::{rogue_trace, scratch_path, text};

use std::path::{Path, PathBuf};
use std::process::Output;

/// `fixtures/NAME.c` built with the system's C compiler and `flags`, as
/// `binary`.
fn build(name: &str, binary: &str, flags: &[&str]) -> PathBuf {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/fixtures/{name}.c"));
    rogue_testkit::compile_c(&source, &scratch_path("bin"), binary, flags)
}

/// The curses program seeded with `srand(time(NULL))` when its argument
/// says (`fixtures/seeded.c`), built as `binary` (one for each test, which
/// run at the same time).
fn seeded(binary: &str) -> PathBuf {
    build("seeded", binary, &["-lncurses"])
}

/// `capture --pin --seed 42 --rng RNG --settle HOW --keys lj -- PROGRAM
/// ARGS`, the trace to standard output, or to `out`.
fn capture(
    rng: &str,
    how: &str,
    out: Option<&Path>,
    program: &Path,
    args: &[&str],
) -> Output {
    let mut all = vec![
        "capture", "--pin", "--seed", "42", "--rng", rng, "--settle", how,
        "--keys", "lj",
    ];
    if let Some(out) = out {
        all.extend(["--out", out.to_str().unwrap()]);
    }
    all.extend(["--", program.to_str().unwrap()]);
    all.extend(args);
    rogue_trace(&all)
}

/// A refusal: exit 2, the one line `says`, nothing on standard output.
fn refused(out: &Output, says: &str, case: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{case}: {err}");
    assert_eq!(err.lines().count(), 1, "{case}: {err}");
    assert!(err.contains(says), "{case}: {err}");
    assert!(out.stdout.is_empty(), "{case}: {}", text(&out.stdout));
}

#[test]
fn a_program_that_seeds_before_its_first_screen_passes_and_others_fail() {
    let seeded = seeded("seeded");
    let never_time = "--pin: the program never called time() before its \
                      first screen, so its seed is not 42 (is it statically \
                      linked, or seeded another way?)";
    for how in ["observe", "watch", "quiet"] {
        for rng in ["glibc", "msvc"] {
            let case = format!("{how} {rng}");
            // Seeded at start: the seed given, on the first screen.
            let out = capture(rng, how, None, &seeded, &[]);
            assert_eq!(out.status.code(), Some(0), "{case}");
            let trace = text(&out.stdout);
            assert!(trace.contains("# seed: 42\n"), "{case}: {trace}");
            assert!(trace.contains("\nseed 42 rand "), "{case}: {trace}");
            // Seeded after the first key, or never: refused, and the file
            // asked for is not left behind.
            for when in ["late", "never"] {
                let case = format!("{case} {when}");
                refused(
                    &capture(rng, how, None, &seeded, &[when]),
                    never_time,
                    &case,
                );
                let file = scratch_path(&format!("{how}-{rng}-{when}.trace"));
                let out = capture(rng, how, Some(&file), &seeded, &[when]);
                refused(&out, never_time, &case);
                assert!(!file.exists(), "{case}: no trace written");
            }
        }
        // time() called, but a generator of its own: only msvc can tell.
        let own = capture("glibc", how, None, &seeded, &["own"]);
        assert_eq!(own.status.code(), Some(0), "{how}");
        refused(
            &capture("msvc", how, None, &seeded, &["own"]),
            "--pin --rng msvc: the program never called srand() or rand() \
             before its first screen, so its numbers are not the Microsoft \
             C runtime's",
            how,
        );
    }
}

#[test]
fn a_program_that_dies_before_its_first_key_is_found_dead_not_unpinned() {
    let seeded = seeded("seeded-crash");
    for how in ["observe", "watch", "quiet"] {
        let out = capture("glibc", how, None, &seeded, &["crash"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{how}: {err}");
        assert!(err.contains("SIGSEGV"), "{how}: {err}");
        assert!(!err.contains("never called time()"), "{how}: {err}");
    }
}

#[test]
fn a_program_that_cannot_take_the_library_is_refused() {
    let probe = build("pin_probe", "pin_probe_static", &["-static"]);
    let file = scratch_path("static.trace");
    let out = capture("glibc", "observe", Some(&file), &probe, &[]);
    refused(
        &out,
        &format!(
            "--pin: {} is statically linked, so no library can be preloaded \
             into it and its seed would not be 42",
            probe.display()
        ),
        "static",
    );
    assert!(!file.exists());
    // Behind a script, only the run tells.
    let script = scratch_path("static.sh");
    std::fs::write(&script, format!("#!/bin/sh\nexec {}\n", probe.display()))
        .unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, mode).unwrap();
    for how in ["observe", "watch", "quiet"] {
        refused(
            &capture("glibc", how, None, &script, &[]),
            "--pin: the program never called time() before its first screen",
            how,
        );
    }
    // A program for another machine.
    let mut elf = std::fs::read(&probe).unwrap();
    elf[18] ^= 0x40;
    let foreign = scratch_path("foreign");
    std::fs::write(&foreign, elf).unwrap();
    std::fs::set_permissions(
        &foreign,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    refused(
        &capture("glibc", "observe", None, &foreign, &[]),
        "is a program for another machine, so no library can be preloaded",
        "foreign",
    );
}

#[test]
fn a_recording_of_a_pin_that_did_not_take_is_not_left_behind() {
    let seeded = seeded("seeded_cast");
    let (trace, cast) =
        (scratch_path("never.trace"), scratch_path("never.cast"));
    let out = rogue_trace(&[
        "capture",
        "--pin",
        "--seed",
        "42",
        "--keys",
        "l",
        "--out",
        trace.to_str().unwrap(),
        "--cast",
        cast.to_str().unwrap(),
        "--",
        seeded.to_str().unwrap(),
        "never",
    ]);
    refused(&out, "--pin: the program never called time()", "cast");
    assert!(!trace.exists() && !cast.exists());
}

#[test]
fn compare_fails_on_a_pin_that_did_not_take() {
    let seeded = seeded("seeded_compare");
    let out = rogue_trace(&[
        "compare",
        "--pin",
        "--seed",
        "42",
        "--keys",
        "l",
        "--",
        seeded.to_str().unwrap(),
        "never",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains(
            "the reference cannot run: --pin: the program never called time()"
        ),
        "{}",
        text(&out.stderr)
    );
    // The port's side is named by its own option.
    let (program, port) = (seeded.to_str().unwrap(), seeded.display());
    let out = rogue_trace(&[
        "compare",
        "--pin",
        "--pin-port",
        "--port",
        &format!("{port} never"),
        "--seed",
        "42",
        "--keys",
        "l",
        "--",
        program,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains(
            "the port cannot run: --pin-port: the program never called time()"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn compare_pins_both_sides_whatever_the_keys_even_none() {
    let seeded = seeded("seeded_compare_keys");
    let program = seeded.to_str().unwrap();
    let port = program.to_string();
    for keys in ["", "l", "ljjh"] {
        let out = rogue_trace(&[
            "compare",
            "--pin",
            "--pin-port",
            "--port",
            &port,
            "--seed",
            "42",
            "--keys",
            keys,
            "--",
            program,
        ]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{keys:?}: {said}");
        assert!(said.contains("identical"), "{keys:?}: {said}");
    }
}

/// An executable script `name` of `lines`, after `#!/bin/sh`.
fn script(name: &str, lines: &[String]) -> PathBuf {
    let path = scratch_path(name);
    std::fs::write(&path, format!("#!/bin/sh\n{}\n", lines.join("\n")))
        .unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&path, mode).unwrap();
    path
}

#[test]
fn a_script_calling_time_proves_nothing_of_a_program_it_runs_unpinned() {
    let seeded = seeded("seeded_unpinned");
    let probe = build("pin_probe", "pin_probe_wrapper", &[]);
    // The probe calls time(), pinned; the program runs without the
    // library, never pinned.
    let unpinned = script(
        "unpinned.sh",
        &[
            format!("{} </dev/null >/dev/null", probe.display()),
            format!("env -u LD_PRELOAD {} \"$@\"", seeded.display()),
        ],
    );
    for how in ["observe", "watch", "quiet"] {
        refused(
            &capture("glibc", how, None, &unpinned, &[]),
            "--pin: the program never called time() before its first \
             screen, so its seed is not 42 (another process of the command \
             did, not the one that reads the keys",
            how,
        );
    }
}

#[test]
fn the_program_s_own_process_proves_it_run_directly_by_a_script_or_forked() {
    let seeded = seeded("seeded_wrapped");
    // Run, library and all, by a script without exec.
    let wrapped =
        script("wrapped.sh", &[format!("{} \"$@\"", seeded.display())]);
    let cases = [(&seeded, None), (&wrapped, None), (&seeded, Some("fork"))];
    for how in ["observe", "watch", "quiet"] {
        for (program, arg) in cases {
            let case = format!("{how} {} {arg:?}", program.display());
            let args: Vec<&str> = arg.into_iter().collect();
            let out = capture("glibc", how, None, program, &args);
            assert_eq!(out.status.code(), Some(0), "{case}");
            let trace = text(&out.stdout);
            assert!(trace.contains("\nseed 42 rand "), "{case}: {trace}");
        }
    }
}

#[test]
fn an_unpinned_program_that_seeds_with_the_clock_first_is_seen_seeding_from_it()
{
    use rogue_capture::{capture, CaptureOptions, Settle};
    let seeded = seeded("seeded_clock");
    let probe = build("pin_probe", "pin_probe_clock", &[]);
    // The probe calls time(); the program behind it does not.
    let wrapped = script(
        "clock.sh",
        &[
            format!("{} </dev/null >/dev/null", probe.display()),
            format!("{} never", seeded.display()),
        ],
    );
    let options = CaptureOptions {
        cols: 40,
        rows: 8,
        keys: vec!['l', 'j'],
        every: true,
        term: "screen-256color".into(),
        env: Vec::new(),
        settle: Settle::default(),
        preload: true,
        part: None,
        rng: None,
        seed: None,
    };
    // A Node.js port: its runtime reads the clock at start-up, and the
    // script seeds nothing.
    let node = rogue_testkit::required_program(&["node", "nodejs"], "nodejs");
    let node_port = scratch_path("port.js");
    std::fs::write(
        &node_port,
        "process.stdin.setRawMode(true);\n\
         process.stdout.write('\\x1b[2J\\x1b[Hnode');\n\
         process.stdin.on('data', k => process.stdout.write('\\x1b[2;1H' + k));\n",
    )
    .unwrap();
    let cases = [
        (seeded.as_path(), None, true),
        (seeded.as_path(), Some("late"), false),
        (seeded.as_path(), Some("never"), false),
        (seeded.as_path(), Some("clock"), false),
        (wrapped.as_path(), None, false),
        (node.as_path(), node_port.to_str(), false),
    ];
    for (program, arg, clock) in cases {
        let mut command = vec![program.as_os_str().to_os_string()];
        command.extend(arg.map(Into::into));
        let mut steps = 0;
        let recorded = capture(&command, &options, None, |_| {
            steps += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(recorded.seen.clock_seeded, clock, "{command:?}");
        assert_eq!(steps, 3, "{command:?}");
    }
}
