//! The Windows build, in Wine's console in a pseudo-terminal:
//! `rogue-trace.exe capture`, reading the console itself, records
//! `rogue.exe` on every msvc golden trace of the C original, the
//! tutorial's own Part 4 (`rogue-main.exe`) on those of Part 4, the
//! programs of Parts 1 to 3 (each written out as `make part` writes it,
//! built alone) on the goldens they play on Linux, Part 3's msvc ones,
//! and a C PDCurses program as its Linux twin on ncurses shows; Part 0
//! ends at once. `compare --port` and `fuzz --port` capture two programs
//! at once, each on a console of its own: `rogue.exe` against itself is
//! identical, and a planted bug is found. `rogue.exe` ends on Ctrl-C as
//! the C original ends there, plays without `TERM`, logs to a Windows path
//! whose replay line `rogue-trace.exe` plays, and refuses bad arguments on
//! one line.
//!
//! These tests need Wine and the Windows build, so they are ignored by a
//! plain `cargo test`; `make test` runs them with `--ignored` when Wine
//! and MinGW are installed (`make test-windows`), and says so when they
//! are not. `ROGUE_WINDOWS_DIR` names the folder of `rogue.exe`,
//! `rogue-trace.exe`, `rogue-main.exe`, `rogue-part-0.exe` to
//! `rogue-part-3.exe` (each part's `rogue-main`), `stand-in.exe`
//! (`crates/trace/cli/benches/stand_in.c` on PDCurses), `pin-probe.exe`
//! (`crates/trace/cli/tests/fixtures/pin_probe.c` built with `seed.h`) and
//! `wine-console.exe`, the launcher that lets Wine's
//! console pass the terminal's keys on (`tests/windows/wine-console.c`).
//!
//! Colours: the Windows console cannot tell the terminal's own colours
//! from white on black; a console capture says so in its header, and
//! `rogue-trace diff` compares it as the console shows it.

#![cfg(unix)] // Wine runs on Unix; on Windows the game runs itself.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rogue_capture::{Outcome, PtySession, Settle, Timing};
use rogue_game::{GameConfig, RngKind};
use rogue_testkit::{goldens, record};
use rogue_trace_format::classes::Look;
use rogue_trace_format::diff::{diff, DiffOptions};
use rogue_trace_format::{escape_keys, Cursor, Step, Trace};

/// What the tests need: the Windows build's folder.
fn windows_dir() -> PathBuf {
    let dir = std::env::var_os("ROGUE_WINDOWS_DIR")
        .map(PathBuf::from)
        .expect("ROGUE_WINDOWS_DIR names the folder of the Windows build (make test-windows)");
    for exe in [
        "rogue.exe",
        "rogue-trace.exe",
        "rogue-main.exe",
        "rogue-part-0.exe",
        "rogue-part-1.exe",
        "rogue-part-2.exe",
        "rogue-part-3.exe",
        "stand-in.exe",
        "pin-probe.exe",
        "wine-console.exe",
    ] {
        assert!(
            dir.join(exe).exists(),
            "{} has no {exe}: make windows",
            dir.display()
        );
    }
    dir
}

/// `wine wine-console.exe PROGRAM.exe ARGS`.
fn on_console(program: &str, args: &[&str]) -> Vec<OsString> {
    let dir = windows_dir();
    let mut command = vec![
        OsString::from("wine"),
        dir.join("wine-console.exe").into(),
        dir.join(program).into(),
    ];
    command.extend(args.iter().map(OsString::from));
    command
}

/// Waits for output to pause: how the Linux side settles Wine's console,
/// which it sees only through the terminal.
fn settle() -> Settle {
    Settle::Quiet(Timing {
        quiet: Duration::from_millis(200),
        first_output: Duration::from_millis(1500),
        busy_limit: Duration::from_secs(20),
        ..Timing::default()
    })
}

/// Captures `command` typing `keys` on a `cols` by `rows` terminal, from
/// the Linux side.
fn play(
    command: &[OsString],
    cols: u16,
    rows: u16,
    keys: &[char],
    term: &str,
) -> (Trace, Outcome) {
    let env = [("WINEDEBUG".to_string(), "-all".to_string())];
    record(command, (cols, rows), keys, term, &env, settle())
}

/// A Unix path as Wine's drive Z: names it.
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// `wine rogue-trace.exe capture --every` of `program` (a file of the
/// Windows build) with `args`, typing `keys` on a `cols` by `rows`
/// console, in a pseudo-terminal of that size; `header` adds `--part`,
/// `--seed` and `--rng` for the trace's header. The trace, and the keys
/// a second.
fn capture_on_wine(
    program: &str,
    args: &[&str],
    (cols, rows): (u16, u16),
    keys: &[char],
    header: &[&str],
) -> (Trace, f64) {
    let dir = windows_dir();
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "rogue-wine-capture-{}-{program}.trace",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&out);
    let size = format!("{cols}x{rows}");
    let keys_text = escape_keys(keys);
    let mut command: Vec<OsString> = vec![
        "wine".into(),
        dir.join("rogue-trace.exe").into(),
        "capture".into(),
        "--every".into(),
        "--size".into(),
        size.into(),
        "--keys".into(),
        keys_text.into(),
        "--out".into(),
        windows_path(&out).into(),
    ];
    command.extend(header.iter().map(OsString::from));
    command.push("--".into());
    command.push(windows_path(&dir.join(program)).into());
    command.extend(args.iter().map(OsString::from));
    let started = Instant::now();
    let mut session = PtySession::spawn(
        &command,
        cols,
        rows,
        "xterm",
        &[("WINEDEBUG".into(), "-all".into())],
    )
    .expect("wine starts");
    let status = session
        .wait_exit(Duration::from_secs(600))
        .expect("the capture ends");
    let rate = keys.len() as f64 / started.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| {
        panic!("{program}: no trace ({e}); the console showed:\n{}", {
            session.step(0, None).text.join("\n")
        })
    });
    let _ = std::fs::remove_file(&out);
    assert_eq!(status.exit_code(), 0, "{program}: the capture failed");
    (Trace::parse(&text).expect("a trace"), rate)
}

/// The msvc golden traces, by name.
fn msvc_goldens() -> Vec<(String, Trace)> {
    let found: Vec<_> = (1..=4)
        .flat_map(goldens)
        .filter(|(name, _)| name.contains("-msvc-"))
        .collect();
    assert!(!found.is_empty(), "no msvc golden traces");
    found
}

/// Both traces alike, every step, characters and colours, as
/// `rogue-trace diff` compares them.
fn assert_same(ours: &Trace, theirs: &Trace, what: &str) {
    let report = diff(ours, theirs, DiffOptions::default());
    assert!(report.identical, "{what}:\n{}", report.text);
    assert_eq!(report.steps_compared, theirs.steps.len(), "{what}");
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn rogue_trace_exe_records_every_msvc_golden_step_on_the_console() {
    let (mut keys, mut seconds) = (0, 0.0);
    for (name, golden) in msvc_goldens() {
        let h = &golden.header;
        let part = h.part.expect("a part").to_string();
        let seed = h.seed.expect("a seed").to_string();
        // No --rng for rogue.exe: Microsoft's rand() is the Windows
        // build's own.
        let (ours, rate) = capture_on_wine(
            "rogue.exe",
            &["--part", &part, "--seed", &seed],
            (h.cols, h.rows),
            &h.keys,
            &["--part", &part, "--seed", &seed, "--rng", "msvc"],
        );
        assert_same(&ours, &golden, &name);
        keys += h.keys.len();
        seconds += h.keys.len() as f64 / rate;
    }
    println!(
        "rogue-trace.exe capture under Wine: {keys} keys in {seconds:.1} s, {:.1} keys/s (Wine's start-up included)",
        keys as f64 / seconds
    );
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_tutorial_s_own_part_4_plays_the_msvc_goldens_on_the_console() {
    // rogue-main.exe: Part 4's own main.c twin, on the tutorial's crates,
    // with the platform's rand(): Microsoft's.
    let mut played = 0;
    for (name, golden) in msvc_goldens() {
        let h = &golden.header;
        if h.part != Some(4) {
            continue;
        }
        let seed = h.seed.expect("a seed").to_string();
        let (ours, _) = capture_on_wine(
            "rogue-main.exe",
            &["--seed", &seed],
            (h.cols, h.rows),
            &h.keys,
            &["--part", "4", "--seed", &seed, "--rng", "msvc"],
        );
        assert_same(&ours, &golden, &name);
        played += 1;
    }
    assert!(played > 0, "no Part 4 msvc golden");
}

/// The game's arguments as `compare` and `fuzz` give them.
const SEEDED: [&str; 4] = ["--seed", "{seed}", "--rng", "{rng}"];

/// `wine rogue-trace.exe ARGS -- rogue.exe REFERENCE_ARGS` in a
/// pseudo-terminal; its exit status, and the terminal's screen at the end.
fn rogue_trace_on_wine(
    args: &[&str],
    reference_args: &[&str],
) -> (u32, String) {
    rogue_trace_on_wine_against("rogue.exe", args, reference_args)
}

/// [`rogue_trace_on_wine`], the reference `reference` (a file of the
/// Windows build).
fn rogue_trace_on_wine_against(
    reference: &str,
    args: &[&str],
    reference_args: &[&str],
) -> (u32, String) {
    let dir = windows_dir();
    let game = windows_path(&dir.join(reference));
    let mut command: Vec<OsString> =
        vec!["wine".into(), dir.join("rogue-trace.exe").into()];
    command.extend(args.iter().map(OsString::from));
    command.extend(["--", &game].map(OsString::from));
    command.extend(reference_args.iter().map(OsString::from));
    // Wide enough for rogue-trace's own lines; each program it captures
    // has a console of its own, of the case's size.
    let mut session = PtySession::spawn(
        &command,
        200,
        60,
        "xterm",
        &[("WINEDEBUG".into(), "-all".into())],
    )
    .expect("wine starts");
    let status = session
        .wait_exit(Duration::from_secs(300))
        .expect("it ends");
    (status.exit_code(), session.screen().contents())
}

/// `program` (a file of the Windows build) with `args`, as `--port`
/// takes it.
fn port_command(program: &str, args: &str) -> String {
    let path = windows_path(&windows_dir().join(program));
    format!("'{path}' {args}")
}

/// A folder of its own for what one test writes.
fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-wine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn part_0_starts_and_ends_at_once_on_the_console() {
    // initscr(); endwin();: it draws nothing and ends by itself, with no
    // key typed.
    let command = on_console("rogue-part-0.exe", &[]);
    let mut session = PtySession::spawn(
        &command,
        100,
        25,
        "xterm",
        &[("WINEDEBUG".into(), "-all".into())],
    )
    .expect("wine starts");
    let status = session
        .wait_exit(Duration::from_secs(60))
        .expect("Part 0 ends by itself");
    assert_eq!(status.exit_code(), 0);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn parts_1_to_3_play_their_goldens_on_the_console() {
    // Each part's own program, written out as `make part` writes it and
    // built alone. Parts 1 and 2 never seed: the C original's screens are
    // the same on every platform. Part 3 seeds, and its rand() is the
    // platform's, Microsoft's on Windows: its msvc goldens.
    for part in 1..=3u8 {
        let program = format!("rogue-part-{part}.exe");
        let part_text = part.to_string();
        let mut played = 0;
        for (name, golden) in goldens(part) {
            let h = &golden.header;
            let seed = h.seed.unwrap_or(0).to_string();
            let (args, header) = if part < 3 {
                (vec![], vec!["--part", &part_text])
            } else if h.rng.as_deref() == Some("msvc") {
                let header = ["--part", &part_text, "--seed", &seed];
                (
                    vec!["--seed", &seed],
                    [&header[..], &["--rng", "msvc"]].concat(),
                )
            } else {
                continue;
            };
            let (ours, _) = capture_on_wine(
                &program,
                &args,
                (h.cols, h.rows),
                &h.keys,
                &header,
            );
            assert_same(&ours, &golden, &format!("Part {part}, {name}"));
            played += 1;
        }
        assert!(played > 0, "Part {part}: no golden played");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn part_3_plays_as_rogue_part_3_on_a_walk() {
    // compare --port: Part 3's own program against the game's Part 3.
    let keys = "hhhhjjjjjjllllllllkkkkkxkkhhhhh jjjjjlllllllllllllkkkkk\tKjjjj";
    let port = port_command("rogue-part-3.exe", "--seed {seed}");
    let (status, shown) = rogue_trace_on_wine(
        &[
            "compare", "--part", "3", "--seed", "42", "--keys", keys, "--port",
            &port,
        ],
        &["--part", "3", "--seed", "{seed}", "--rng", "{rng}"],
    );
    assert_eq!(status, 0, "{shown}");
    assert!(shown.contains("identical: 62 steps"), "{shown}");
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn compare_and_fuzz_capture_on_the_console() {
    let out = windows_path(&scratch("fuzz-console"));
    let runs: [&[&str]; 2] = [
        &["compare", "--seed", "42", "--keys", "jjjlllkkh"],
        &[
            "fuzz",
            "--cases",
            "2",
            "--seed",
            "3",
            "--keys-per-case",
            "9",
            "--out",
            &out,
        ],
    ];
    for args in runs {
        let (status, shown) = rogue_trace_on_wine(args, &SEEDED);
        assert_eq!(status, 0, "{args:?}: {shown}");
        assert!(shown.contains("identical"), "{args:?}: {shown}");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn compare_port_holds_two_programs_on_the_console_apart() {
    // Both sides at once, each on a console of its own: the same program
    // on both is identical every time, and each side's screens are the
    // game's, as the built-in port plays it.
    let keys = "jjjlllkkkhhh";
    let config = GameConfig {
        seed: 42,
        rng: RngKind::Msvc,
        ..GameConfig::default()
    };
    let chars: Vec<char> = keys.chars().collect();
    let replayed = rogue_replay::replay(&config, 80, 24, &chars);
    let port = port_command("rogue.exe", "--seed {seed} --rng {rng}");
    for run in 1..=3 {
        let out = scratch(&format!("compare-port-{run}"));
        let out_windows = windows_path(&out);
        let (status, shown) = rogue_trace_on_wine(
            &[
                "compare",
                "--size",
                "80x24",
                "--seed",
                "42",
                "--keys",
                keys,
                "--out",
                &out_windows,
                "--port",
                &port,
            ],
            &SEEDED,
        );
        assert_eq!(status, 0, "run {run}: {shown}");
        assert!(shown.contains("identical: 13 steps"), "run {run}: {shown}");
        let traces: Vec<Trace> = std::fs::read_dir(&out)
            .expect("compare wrote its traces")
            .map(|entry| {
                let text = std::fs::read_to_string(entry.unwrap().path());
                Trace::parse(&text.unwrap()).expect("a trace")
            })
            .collect();
        assert_eq!(traces.len(), 2, "run {run}: both sides' traces");
        for trace in &traces {
            assert_same(trace, &replayed, &format!("run {run}"));
        }
        let _ = std::fs::remove_dir_all(out);
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn fuzz_port_finds_the_same_program_identical_on_the_console() {
    let out = scratch("fuzz-port");
    let (status, shown) = rogue_trace_on_wine(
        &[
            "fuzz",
            "--cases",
            "5",
            "--seed",
            "7",
            "--keys-per-case",
            "12",
            "--out",
            &windows_path(&out),
            "--port",
            &port_command("rogue.exe", "--seed {seed} --rng {rng}"),
        ],
        &SEEDED,
    );
    assert_eq!(status, 0, "{shown}");
    // Each case's screen shows where its player starts.
    assert!(shown.contains("fuzz: 5 case(s) identical"), "{shown}");
    let written: Vec<_> = std::fs::read_dir(&out)
        .expect("the campaign's record is written")
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written, ["campaign.jsonl"], "no difference is written");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn compare_and_fuzz_port_find_a_planted_bug_on_the_console() {
    // The port is rogue.exe seeing 5 cells around the player where the
    // reference sees 15: its map shows fewer cells.
    let port =
        port_command("rogue.exe", "--seed {seed} --rng {rng} --radius 5");
    let (status, shown) = rogue_trace_on_wine(
        &[
            "compare",
            "--size",
            "80x24",
            "--seed",
            "42",
            "--keys",
            "jjjlllkkkhhh",
            "--port",
            &port,
        ],
        &SEEDED,
    );
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains("different: "), "{shown}");
    let out = scratch("fuzz-planted");
    let (status, shown) = rogue_trace_on_wine(
        &[
            "fuzz",
            "--cases",
            "2",
            "--seed",
            "3",
            "--keys-per-case",
            "9",
            "--out",
            &windows_path(&out),
            "--port",
            &port,
        ],
        &SEEDED,
    );
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains("1 differing"), "{shown}");
    let written = std::fs::read_dir(&out).expect("the difference is written");
    assert_eq!(
        written.count(),
        5,
        "found and shrunk, both sides, and the campaign's record"
    );
    let _ = std::fs::remove_dir_all(out);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn a_c_pdcurses_program_records_as_its_ncurses_twin_on_linux() {
    let keys: Vec<char> = "jjjlllkhhhjjlk".chars().collect();
    let (windows, _) =
        capture_on_wine("stand-in.exe", &[], (100, 25), &keys, &[]);
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../trace/cli/benches/stand_in.c");
    let linux = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-stand-in-linux-{}", std::process::id()));
    let built = Command::new("cc")
        .arg("-o")
        .arg(&linux)
        .arg(&source)
        .arg("-lncurses")
        .status()
        .expect("cc runs");
    assert!(built.success(), "cc builds the stand-in on ncurses");
    let (on_linux, ended) = record(
        &[linux.clone().into_os_string()],
        (100, 25),
        &keys,
        "xterm-256color",
        &[],
        Settle::default(),
    );
    let _ = std::fs::remove_file(&linux);
    assert_eq!(ended, Outcome::StillRunning);
    assert!(on_linux.steps[1..].iter().any(|s| s != &on_linux.steps[0]));
    assert_same(&windows, &on_linux, "the stand-in");
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_console_s_cursor_is_read_at_every_step_as_ncurses_leaves_it() {
    let keys: Vec<char> = "jjl".chars().collect();
    let (hidden, _) =
        capture_on_wine("stand-in.exe", &[], (100, 25), &keys, &[]);
    assert!(
        hidden.header.cursors,
        "a console capture records the cursor"
    );
    assert!(hidden.steps.iter().all(|s| s.cursor == Cursor::Hidden));
    let (shown, _) = capture_on_wine(
        "stand-in.exe",
        &["--cursor-shown"],
        (100, 25),
        &keys,
        &[],
    );
    // Curses leaves a shown cursor after the last cell drawn, the '@'.
    let at: Vec<Cursor> = shown.steps.iter().map(|s| s.cursor).collect();
    let expected = [(10, 51), (11, 51), (12, 51), (12, 52)]
        .map(|(y, x)| Cursor::At { y, x });
    assert_eq!(at, expected);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn a_port_that_never_calls_endwin_leaves_the_console_otherwise() {
    let compare = |port_args: &str| {
        let port = port_command("stand-in.exe", port_args);
        let args = ["compare", "--part", "2", "--keys", "jlq", "--port", &port];
        rogue_trace_on_wine_against("stand-in.exe", &args, &[])
    };
    let (status, shown) = compare("");
    assert_eq!(status, 0, "{shown}");
    let (status, shown) = compare("--no-endwin");
    assert_eq!(status, 1, "{shown}");
    assert!(
        shown.contains(
            "exited with status 0, leaving the terminal with the cursor hidden"
        ),
        "{shown}"
    );
    let (status, shown) = compare("--cursor-shown");
    assert_eq!(status, 1, "{shown}");
    assert!(shown.contains("the cursor differs"), "{shown}");
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn ctrl_c_ends_the_game_with_status_0_as_it_ends_the_c_original() {
    let command = on_console("rogue.exe", &["--seed", "42"]);
    let mut session = rogue_capture::PtySession::spawn(
        &command,
        100,
        25,
        "xterm",
        &[("WINEDEBUG".into(), "-all".into())],
    )
    .expect("wine starts");
    // Wine may take seconds to start: wait for the first output as long
    // as for a busy program.
    let timing = *settle().timing();
    session.settle(&Settle::Quiet(Timing {
        first_output: timing.busy_limit,
        ..timing
    }));
    assert!(
        session
            .step(0, None)
            .text
            .iter()
            .any(|row| row.contains('@')),
        "the game is on the screen"
    );
    session.send(b"\x03").expect("^C is typed");
    let status = session
        .wait_exit(Duration::from_secs(30))
        .expect("the game ends");
    assert_eq!(status.exit_code(), 0);
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_game_plays_with_no_term() {
    let (_, golden) = msvc_goldens()
        .into_iter()
        .find(|(n, _)| n.starts_with("part4"))
        .expect("a Part 4 golden");
    let h = &golden.header;
    let seed = h.seed.unwrap().to_string();
    let keys: Vec<char> = h.keys.iter().copied().take(10).collect();
    let command = on_console("rogue.exe", &["--seed", &seed]);
    let (ours, ended) = play(&command, h.cols, h.rows, &keys, "");
    assert_eq!(ended, Outcome::StillRunning);
    assert_eq!(ours.steps.len(), keys.len() + 1, "no TERM: steps");
    // Seen from the terminal, the console's white on black is the
    // terminal's own colours: both compare as the console shows them.
    for (a, b) in ours.steps.iter().zip(&golden.steps) {
        let n = b.number;
        assert_eq!(a.text, b.text, "no TERM step {n}: characters");
        let looks = |s: &Step| -> Vec<Vec<Look>> {
            (0..s.text.len())
                .map(|y| s.looks(y).iter().map(Look::on_console).collect())
                .collect()
        };
        assert_eq!(looks(a), looks(b), "no TERM step {n}: colours");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn the_log_takes_a_windows_path_and_its_replay_line_plays_on_windows() {
    let dir = windows_dir();
    let log_unix = dir.join("wine-test.log");
    let _ = std::fs::remove_file(&log_unix);
    // Wine's drive Z: is the Unix root.
    let log_windows = format!("Z:{}", log_unix.display()).replace('/', "\\");
    let keys: Vec<char> = "jjlllkh".chars().collect();
    let command =
        on_console("rogue.exe", &["--seed", "42", "--log", &log_windows]);
    let mut all_keys = keys.clone();
    all_keys.push('q');
    let (ours, ended) = play(&command, 100, 25, &all_keys, "xterm");
    assert!(
        matches!(&ended, Outcome::EndedOnLastKey(e) if e.exit.success()),
        "{ended:?}"
    );
    let log = std::fs::read_to_string(&log_unix).expect("the log is written");
    let line = log
        .lines()
        .find_map(|l| {
            l.split_once("replay it with: ").map(|(_, c)| c.to_string())
        })
        .unwrap_or_else(|| panic!("no replay line in {log}"));
    let words = shell_words::split(&line).expect("a command line");
    assert_eq!(words[0], "rogue-trace");
    let replay = Command::new("wine")
        .arg(dir.join("rogue-trace.exe"))
        .args(&words[1..])
        .env("WINEDEBUG", "-all")
        .output()
        .expect("rogue-trace.exe runs");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed = Trace::parse(&String::from_utf8_lossy(&replay.stdout))
        .expect("a trace");
    // The replay's last screen is the game's screen before `q`.
    let last = replayed.steps.last().expect("a step");
    let seen = &ours.steps[keys.len()];
    for (y, row) in seen.text.iter().enumerate() {
        assert_eq!(last.text.get(y), Some(row), "row {y}");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn bad_arguments_get_one_line_and_exit_2() {
    let dir = windows_dir();
    for args in [&["--seed", "x"][..], &["--part", "9"], &["--frobnicate"]] {
        let out = Command::new("wine")
            .arg(dir.join("rogue.exe"))
            .args(args)
            .env("WINEDEBUG", "-all")
            .output()
            .expect("wine runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("rogue: "), "{args:?}: {stderr}");
    }
}

#[test]
#[ignore = "needs Wine and the Windows build: make test-windows"]
fn seed_h_pins_the_seed_of_a_c_program_built_for_windows() {
    // crates/trace/cli/tests/fixtures/pin_probe.c, built with MinGW and
    // `-include crates/trace/capture/pin/seed.h -DROGUE_SEED=42`.
    let out = Command::new("wine")
        .arg(windows_dir().join("pin-probe.exe"))
        .env("WINEDEBUG", "-all")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("wine runs");
    let mut rand = rogue_crand::MsvcRand::new(42);
    let values: Vec<String> = (0..3).map(|_| rand.rand().to_string()).collect();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        format!("time 42 rand {}", values.join(" "))
    );
}
