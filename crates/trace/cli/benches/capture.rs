//! `make bench`: how many keys a second `rogue-trace capture` types and
//! records, settling each screen by watching the program, for `rogue`
//! (release) and for an ncurses C program with the C original's calls
//! (`benches/stand_in.c`; or the C original itself, given as
//! `ROGUE_C_ORIGINAL=path`, pinned with `--pin`). Each is set against the
//! program's own rate when every key is typed at once (its flood rate:
//! the program reads and draws as fast as it can, and nothing waits for
//! a screen), measured in the same run; the headless replay's rate is
//! shown too.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use rogue_capture::{capture, CaptureOptions, PtySession, Settle};
use rogue_crand::GlibcRand;
use rogue_game::RngKind;
use rogue_game::{GameConfig, Part};

const KEYS: usize = 5000;

/// The folder of the release binaries (this bench runs from `deps/`).
fn release_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/release")
        .to_path_buf()
}

/// Keys per second of capturing `command` with `keys`, every step kept.
fn capture_rate(
    command: &[OsString],
    keys: &[char],
    env: Vec<(String, String)>,
) -> f64 {
    let options = CaptureOptions {
        cols: 100,
        rows: 25,
        keys: keys.to_vec(),
        every: std::env::var_os("NOEVERY").is_none(),
        term: "screen-256color".into(),
        env,
        settle: Settle::default(),
        preload: true,
        part: None,
        rng: None,
        seed: None,
    };
    let start = Instant::now();
    let captured = capture(command, &options).expect("the capture runs");
    assert_eq!(captured.stopped, None, "{command:?}");
    //assert_eq!(captured.trace.steps.len(), keys.len() + 1);
    keys.len() as f64 / start.elapsed().as_secs_f64()
}

/// Keys per second of `command` when every key, then `q`, is typed at
/// once, from its first screen to its exit; and the bytes it wrote.
fn flood_rate(
    command: &[OsString],
    keys: &[char],
    env: &[(String, String)],
) -> (f64, usize) {
    let mut session =
        PtySession::spawn(command, 100, 25, "screen-256color", env)
            .expect("the program starts");
    session.settle(&Settle::default());
    let before = session.raw_output().len();
    let mut typed: String = keys.iter().collect();
    typed.push('q');
    let start = Instant::now();
    session.send(typed.as_bytes()).expect("the keys are typed");
    session
        .wait_exit(std::time::Duration::from_secs(60))
        .expect("the program ends on q");
    let rate = keys.len() as f64 / start.elapsed().as_secs_f64();
    (rate, session.raw_output().len() - before)
}

/// The flood rate, the capture rate and their ratio of `command`.
fn rates(
    name: &str,
    command: &[OsString],
    keys: &[char],
    env: Vec<(String, String)>,
) -> Vec<(String, f64, f64)> {
    let (flood, bytes) = flood_rate(command, keys, &env);
    let captured = capture_rate(command, keys, env);
    vec![
        (
            format!("{name}: every key at once ({bytes} bytes)"),
            flood,
            flood,
        ),
        (format!("{name}: capture"), captured, flood),
    ]
}

fn main() {
    let mut rng = GlibcRand::new(7);
    let keys: Vec<char> = (0..KEYS)
        .map(|_| ['h', 'j', 'k', 'l'][rng.rand() as usize % 4])
        .collect();
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let start = Instant::now();
    let replayed = rogue_replay::replay(&config, 100, 25, &keys);
    let replay_rate = KEYS as f64 / start.elapsed().as_secs_f64();
    assert_eq!(replayed.steps.len(), KEYS + 1);

    let mut rows = vec![(
        "replay (headless, no terminal)".to_string(),
        replay_rate,
        replay_rate,
    )];
    let rogue = release_dir().join("rogue");
    if rogue.exists() {
        let command: Vec<OsString> = [
            rogue.as_os_str(),
            "--seed".as_ref(),
            "42".as_ref(),
            "--rng".as_ref(),
            "glibc".as_ref(),
        ]
        .map(OsString::from)
        .to_vec();
        rows.extend(rates("rogue (release)", &command, &keys, Vec::new()));
    } else {
        eprintln!(
            "{} is missing: build it with cargo build --release -p rogue",
            rogue.display()
        );
    }
    match std::env::var_os("ROGUE_C_ORIGINAL") {
        Some(original) => {
            let pin = rogue_capture::pin::Pin::new(42, "glibc")
                .expect("the pin library");
            rows.extend(rates("the C original", &[original], &keys, pin.env()));
        }
        None => {
            let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("benches/stand_in.c");
            let binary = std::env::temp_dir()
                .join(format!("rogue-stand-in-{}", std::process::id()));
            let built = Command::new("cc")
                .arg("-O2")
                .arg("-o")
                .arg(&binary)
                .arg(&source)
                .arg("-lncurses")
                .status()
                .is_ok_and(|s| s.success());
            if built {
                let command = [binary.clone().into_os_string()];
                rows.extend(rates("C stand-in", &command, &keys, Vec::new()));
                let _ = std::fs::remove_file(&binary);
            } else {
                eprintln!(
                    "cannot build benches/stand_in.c (cc and ncurses needed)"
                );
            }
        }
    }
    println!("capture: {KEYS} random hjkl keys, 100x25, every step kept, settled by watching the program");
    println!(
        "ratio = keys/s / the program's own rate with every key at once\n"
    );
    println!("{:<52} {:>10} {:>8}", "", "keys/s", "ratio");
    for (name, rate, base) in rows {
        println!("{name:<52} {rate:>10.0} {:>8.3}", rate / base);
    }
}
