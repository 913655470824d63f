//! `make bench`: how many keys a second `rogue-trace capture` types and
//! records, settling each screen by watching the program, for `rogue`
//! (release) and for an ncurses C program with the C original's calls
//! (`benches/stand_in.c`; or the C original itself, given as
//! `ROGUE_C_ORIGINAL=path`, pinned with `--pin`), against the headless
//! replay of the same keys, all in the same run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use rogue_capture::{capture, CaptureOptions, Settle};
use rogue_crand::{CRand, GlibcRand, RngKind};
use rogue_engine::{GameConfig, Part};

const KEYS: usize = 1000;

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
        every: true,
        term: "screen-256color".into(),
        env,
        settle: Settle::default(),
        part: None,
        rng: None,
        seed: None,
    };
    let start = Instant::now();
    let captured = capture(command, &options).expect("the capture runs");
    assert_eq!(captured.stopped, None, "{command:?}");
    assert_eq!(captured.trace.steps.len(), keys.len() + 1);
    keys.len() as f64 / start.elapsed().as_secs_f64()
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

    let mut rows =
        vec![("replay (headless, no terminal)".to_string(), replay_rate)];
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
        rows.push((
            "capture rogue (release)".into(),
            capture_rate(&command, &keys, Vec::new()),
        ));
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
            let rate = capture_rate(&[original], &keys, pin.env());
            rows.push(("capture the C original (--pin)".into(), rate));
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
                let rate = capture_rate(
                    &[binary.clone().into_os_string()],
                    &keys,
                    Vec::new(),
                );
                rows.push(("capture a C ncurses stand-in".into(), rate));
                let _ = std::fs::remove_file(&binary);
            } else {
                eprintln!(
                    "cannot build benches/stand_in.c (cc and ncurses needed)"
                );
            }
        }
    }
    println!("capture: {KEYS} random hjkl keys, 100x25, every step kept, settled by watching the program");
    println!("ratio = keys/s / the headless replay's\n");
    println!("{:<36} {:>10} {:>8}", "", "keys/s", "ratio");
    for (name, rate) in rows {
        println!("{name:<36} {rate:>10.0} {:>8.3}", rate / replay_rate);
    }
}
