//! Keys a terminal in curses' mode turns into signals: `^C` (`SIGINT`)
//! and `^\` (`SIGQUIT`), and NUL, which ends the C's `while (ch =
//! getch())` loop. The C original leaves curses and exits 1 on `^C` (its
//! ncurses' handler), dies of `SIGQUIT` on `^\` with its terminal as
//! curses set it, and exits 0 on NUL: the game (`rogue`) and the built-in
//! port end alike. A program that ignores `SIGINT` never sees the key:
//! the step is its screen as it was, not a program that kept busy.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{fixture, rogue, rogue_trace, text};

use std::path::PathBuf;

use rogue_testkit::compile_c;

#[test]
fn the_game_and_the_built_in_port_end_on_signal_keys_as_the_c_does() {
    let rogue = rogue();
    let cases = [
        (
            "jj\\x03",
            "each side exited with status 1 on the last key ('\\x03')",
        ),
        (
            "jj\\x1c",
            "each side was killed by SIGQUIT (quit) on the last key ('\\x1c')",
        ),
        (
            "jj\\x00",
            "each side exited with status 0 on the last key ('\\x00')",
        ),
    ];
    for (keys, ended) in cases {
        let out = rogue_trace(&[
            "compare", "--seed", "42", "--rng", "glibc", "--keys", keys, "--",
            &rogue, "--seed", "{seed}", "--rng", "{rng}",
        ]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{keys}: {stdout}");
        assert!(
            stdout.contains(
                "covered (the reference's screens): the player stood on "
            ),
            "{keys}: {stdout}"
        );
        let ender = ["^C", "^\\", "NUL"].iter().find(|e| {
            stdout.contains(&format!("; ended by {e}; colour pairs shown"))
        });
        assert!(ender.is_some(), "{keys}: {stdout}");
        assert!(
            stdout.contains(&format!(
                "identical: 3 steps compared, 3 keys typed, {ended}"
            )),
            "{keys}: {stdout}"
        );
    }
    // ^C before the last key: both stop there, alike, the keys after it
    // never tried.
    let out = rogue_trace(&[
        "compare", "--seed", "42", "--rng", "glibc", "--keys", "j\\x03l", "--",
        &rogue, "--seed", "{seed}", "--rng", "{rng}",
    ]);
    assert!(
        text(&out.stdout).contains("stopped early, alike: each side exited with status 1 at key 2 of 3 ('\\x03')"),
        "{}",
        text(&out.stdout)
    );
    // The built-in port that missed SIGQUIT's terminal, in the reference's
    // place: the game, which leaves it as the C does.
    let planted = rogue_trace(&[
        "compare",
        "--seed",
        "42",
        "--rng",
        "glibc",
        "--keys",
        "j\\x1c",
        "--port",
        &format!("{rogue} --seed {{seed}} --rng {{rng}}"),
        "--",
        &rogue,
        "--seed",
        "{seed}",
        "--rng",
        "{rng}",
    ]);
    assert_eq!(planted.status.code(), Some(0), "{}", text(&planted.stdout));
}

#[test]
fn a_signal_the_program_ignores_is_a_step_like_any_other() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-signal-keys-{}", std::process::id()));
    let ignores: PathBuf =
        compile_c(&fixture("ignores.c"), &dir, "ignores", &["-lncurses"]);
    for settle in ["observe", "watch"] {
        let out = rogue_trace(&[
            "capture",
            "--every",
            "--settle",
            settle,
            "--size",
            "20x8",
            "--keys",
            "j\\x03l",
            "--",
            ignores.to_str().unwrap(),
        ]);
        let trace = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{settle}: {}",
            text(&out.stderr)
        );
        for step in [
            "== step 0 key -",
            "== step 1 key 'j'",
            "== step 2 key '\\x03'",
            "== step 3 key 'l'",
        ] {
            assert!(trace.contains(step), "{settle}: {step}: {trace}");
        }
        // ^C drew nothing: its screen is the one before it.
        let screen = |n: usize| {
            let start = trace.find(&format!("== step {n} ")).unwrap();
            let body = &trace[start..];
            let body = &body[body.find('\n').unwrap() + 1..];
            body[..body.find("-- colours").unwrap()].to_string()
        };
        assert_eq!(screen(1), screen(2), "{settle}");
        assert_ne!(screen(2), screen(3), "{settle}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_program_killed_by_sigquit_leaves_no_core_file() {
    // Core dumps allowed, as on some machines: ^\ kills the game with
    // SIGQUIT, whose default dumps core into the program's folder.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-cores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let line = format!(
        "ulimit -c unlimited 2>/dev/null; exec {} compare --seed 42 --rng glibc --keys 'j\\x1c' -- {} --seed {{seed}} --rng {{rng}}",
        env!("CARGO_BIN_EXE_rogue-trace"),
        rogue()
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &line])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        text(&out.stdout).contains("killed by SIGQUIT"),
        "{}",
        text(&out.stdout)
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(dir);
}
