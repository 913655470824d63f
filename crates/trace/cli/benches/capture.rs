//! `make bench`: how many keys a second `rogue-trace capture` types and
//! records, every step kept, for `rogue` (release) and for an ncurses C
//! program with the C original's calls (`benches/stand_in.c`; or the C
//! original itself, given as `ROGUE_C_ORIGINAL=path`, pinned with `--pin`).
//!
//! Each is set against the program's own rate when every key is typed at
//! once (its flood rate: the program reads and draws as fast as it can,
//! and nothing waits for a screen), measured in the same run. Two ways of
//! capturing are measured: the program typing its own keys through the
//! capture's library (`--settle observe`, the default) and the capture
//! typing them and watching the program through `/proc` (`--settle
//! watch`). Rounds alternate, and medians are shown, each ratio taken
//! within its round: a shared machine's noise moves single runs by a
//! tenth.
//!
//! `cargo bench -p rogue-trace --bench capture -- capture` runs that
//! measure only.
//!
//! Then `rogue-trace fuzz` (from `target/release`): cases a minute, each
//! way, with `rogue` as the reference (or the C original, pinned); and
//! `fuzz --port` with `rogue` as the port too, captured beside the
//! reference, set against `fuzz` with the built-in port, rounds
//! alternating. `cargo bench -p rogue-trace --bench capture -- fuzz-port`
//! runs that measure only.
//!
//! Then how `fuzz` scales over the cores: `--jobs N` for N = 1, 2, 4,
//! ... up to the machine's cores, in cases a minute, beside N campaigns
//! of `--jobs 1` started side by side (the ceiling of what the machine
//! gives), against the built-in port and with `--port`.
//! `cargo bench -p rogue-trace --bench capture -- fuzz-jobs` runs that
//! measure only.
//!
//! Last (Unix), what waiting costs: the CPU time of `rogue-trace capture`
//! (from `target/release`) while its program sleeps 4 s, beside its wall
//! time. `cargo bench -p rogue-trace --bench capture -- asleep` runs that
//! measure only.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rogue_capture::{capture, CaptureOptions, Outcome, PtySession, Settle};
use rogue_crand::GlibcRand;
use rogue_game::RngKind;
use rogue_game::{GameConfig, Part};

/// Keys of each round.
const KEYS: usize = 4000;
/// Rounds of each measure.
const ROUNDS: usize = 7;
/// Cases of each fuzz.
const CASES: usize = 60;
/// Keys of each fuzz case: `fuzz`'s default walks, 1 case in 4 ending
/// with the quit key.
const FUZZ_KEYS: &str = "100";

/// The folder of the release binaries (this bench runs from `deps/`).
fn release_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/release")
        .to_path_buf()
}

/// Keys per second of capturing `command` with `keys`, every step kept,
/// from its first screen to its last (as the flood rate is, start-up and
/// exit left out); the program types its own keys if `preload`.
fn capture_rate(
    command: &[OsString],
    keys: &[char],
    env: &[(String, String)],
    preload: bool,
) -> f64 {
    let options = CaptureOptions {
        cols: 100,
        rows: 25,
        keys: keys.to_vec(),
        every: true,
        term: "screen-256color".into(),
        env: env.to_vec(),
        settle: Settle::default(),
        preload,
        part: None,
        rng: None,
        seed: None,
    };
    let (mut first, mut last, mut steps) = (None, None, 0);
    let recorded = capture(command, &options, None, |_| {
        let now = Instant::now();
        first.get_or_insert(now);
        last = Some(now);
        steps += 1;
        Ok(())
    })
    .expect("the capture runs");
    assert_eq!(recorded.outcome, Outcome::StillRunning, "{command:?}");
    assert_eq!(steps, keys.len() + 1);
    let time = last.unwrap().duration_since(first.unwrap());
    keys.len() as f64 / time.as_secs_f64()
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
        .wait_exit(Duration::from_secs(60))
        .expect("the program ends on q");
    let rate = keys.len() as f64 / start.elapsed().as_secs_f64();
    (rate, session.raw_output().len() - before)
}

fn median(mut rates: Vec<f64>) -> f64 {
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

/// The flood rate, the two capture rates and their ratios of `command`:
/// medians of the rounds, the ratios each round's own.
fn rates(
    name: &str,
    command: &[OsString],
    walks: &[Vec<char>],
    env: &[(String, String)],
) -> Vec<(String, f64, f64)> {
    let (mut flood, mut observe, mut watch) = (vec![], vec![], vec![]);
    let (mut observe_ratio, mut watch_ratio) = (vec![], vec![]);
    let mut bytes = 0;
    for keys in walks {
        let (rate, wrote) = flood_rate(command, keys, env);
        bytes = wrote;
        let typed_by_program = capture_rate(command, keys, env, true);
        let typed_by_capture = capture_rate(command, keys, env, false);
        flood.push(rate);
        observe.push(typed_by_program);
        watch.push(typed_by_capture);
        observe_ratio.push(typed_by_program / rate);
        watch_ratio.push(typed_by_capture / rate);
    }
    vec![
        (
            format!("{name}: every key at once ({bytes} bytes)"),
            median(flood),
            1.0,
        ),
        (
            format!("{name}: capture, program types (observe)"),
            median(observe),
            median(observe_ratio),
        ),
        (
            format!("{name}: capture, capture types (watch)"),
            median(watch),
            median(watch_ratio),
        ),
    ]
}

/// Fuzz cases a minute of `rogue-trace fuzz` against `reference`, each
/// way of settling.
fn fuzz_rates(reference: &[&str], pin: bool) -> Option<Vec<(String, f64)>> {
    let rogue_trace = release_dir().join("rogue-trace");
    if !rogue_trace.exists() {
        eprintln!(
            "{} is missing: build it with cargo build --release -p rogue-trace",
            rogue_trace.display()
        );
        return None;
    }
    let mut rows = Vec::new();
    for how in ["observe", "watch"] {
        let cases = CASES.to_string();
        let mut command = Command::new(&rogue_trace);
        command.args(["fuzz", "--cases", &cases, "--seed", "7", "--jobs", "1"]);
        command.args(["--keys-per-case", FUZZ_KEYS, "--settle", how]);
        command.arg("--out").arg(scratch_out());
        if pin {
            command.arg("--pin");
        }
        let start = Instant::now();
        let out = command.arg("--").args(reference).output().ok()?;
        let minutes = start.elapsed().as_secs_f64() / 60.0;
        assert!(out.status.success(), "{how}: {out:?}");
        rows.push((
            format!("fuzz, {FUZZ_KEYS} keys a case ({how})"),
            CASES as f64 / minutes,
        ));
    }
    Some(rows)
}

/// Rounds of the `fuzz --port` measure.
const FUZZ_ROUNDS: usize = 5;

/// Cases a minute of `rogue-trace fuzz` with `rogue` as the reference and
/// as the port, given with `--port` (`port`) or the built-in one.
fn fuzz_rate(rogue_trace: &Path, rogue: &str, port: bool) -> f64 {
    let start = Instant::now();
    let out = fuzz_command(rogue_trace, rogue, port, (CASES, 1))
        .output()
        .expect("rogue-trace runs");
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    assert!(out.status.success(), "port {port}: {out:?}");
    CASES as f64 / minutes
}

/// `rogue-trace fuzz` of `cases` cases on `jobs` jobs with `rogue` as the
/// reference, and as the port with `port` (else the built-in one), its
/// record written into a scratch folder.
fn fuzz_command(
    rogue_trace: &Path,
    rogue: &str,
    port: bool,
    (cases, jobs): (usize, usize),
) -> Command {
    let seeded = [rogue, "--seed", "{seed}", "--rng", "{rng}"];
    let mut command = Command::new(rogue_trace);
    command.args(["fuzz", "--cases", &cases.to_string(), "--seed", "7"]);
    command.args(["--keys-per-case", FUZZ_KEYS, "--jobs", &jobs.to_string()]);
    command.arg("--out").arg(scratch_out());
    if port {
        command.args(["--port", &shell_words::join(seeded)]);
    }
    command.arg("--").args(seeded);
    command
}

/// A folder of its own for a campaign's record, under the temporary
/// folder.
fn scratch_out() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static MADE: AtomicUsize = AtomicUsize::new(0);
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "rogue-bench-fuzz-{}-{}",
        std::process::id(),
        MADE.fetch_add(1, Ordering::SeqCst)
    ))
}

/// Rounds of the `--jobs` measure.
const JOBS_ROUNDS: usize = 3;

/// Cases a minute of `--jobs n` (`n` x [`CASES`] cases), and of `n`
/// campaigns of [`CASES`] cases on one job each, started side by side.
fn jobs_and_side_by_side(
    rogue_trace: &Path,
    rogue: &str,
    port: bool,
    n: usize,
) -> (f64, f64) {
    let cases = (n * CASES) as f64;
    let start = Instant::now();
    let out = fuzz_command(rogue_trace, rogue, port, (n * CASES, n))
        .output()
        .expect("rogue-trace runs");
    assert!(out.status.success(), "--jobs {n}: {out:?}");
    let jobs = cases / (start.elapsed().as_secs_f64() / 60.0);
    let start = Instant::now();
    let campaigns: Vec<_> = (0..n)
        .map(|_| {
            fuzz_command(rogue_trace, rogue, port, (CASES, 1))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("rogue-trace runs")
        })
        .collect();
    for mut campaign in campaigns {
        assert!(campaign.wait().expect("it ends").success());
    }
    let side_by_side = cases / (start.elapsed().as_secs_f64() / 60.0);
    (jobs, side_by_side)
}

/// `fuzz --jobs N` for N = 1, 2, 4, ... up to the cores, against the
/// built-in port and with `--port`, beside N campaigns side by side:
/// medians of [`JOBS_ROUNDS`] rounds, each ratio taken within its round.
fn fuzz_jobs_rates() {
    let Some((rogue_trace, rogue)) = release_binaries() else {
        return;
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let counts: Vec<usize> = std::iter::successors(Some(1), |n| Some(n * 2))
        .take_while(|&n| n <= cores)
        .collect();
    println!(
        "
fuzz --jobs N on {cores} core(s): {CASES} x N cases of {FUZZ_KEYS} keys against rogue, beside N campaigns of {CASES} cases on one job each, started side by side; {JOBS_ROUNDS} rounds (medians; ratios within each round)\n"
    );
    println!(
        "{:<44} {:>10} {:>12} {:>9} {:>9}",
        "", "cases/min", "side by side", "/ side", "/ jobs 1"
    );
    for port in [false, true] {
        let mut first = Vec::new();
        for &n in &counts {
            let (mut jobs, mut side, mut of_side, mut of_one) =
                (vec![], vec![], vec![], vec![]);
            for round in 0..JOBS_ROUNDS {
                let (j, s) =
                    jobs_and_side_by_side(&rogue_trace, &rogue, port, n);
                if n == 1 {
                    first.push(j);
                }
                jobs.push(j);
                side.push(s);
                of_side.push(j / s);
                of_one.push(j / first[round]);
            }
            let name = match port {
                false => format!("fuzz --jobs {n}, the built-in port"),
                true => format!("fuzz --jobs {n} --port rogue"),
            };
            println!(
                "{name:<44} {:>10.0} {:>12.0} {:>9.3} {:>9.3}",
                median(jobs),
                median(side),
                median(of_side),
                median(of_one)
            );
        }
    }
}

/// The release `rogue-trace` and `rogue`, if both are built (else says
/// how to build them).
fn release_binaries() -> Option<(PathBuf, String)> {
    let (rogue_trace, rogue) = (
        release_dir().join("rogue-trace"),
        release_dir().join("rogue"),
    );
    if !rogue_trace.exists() || !rogue.exists() {
        eprintln!(
            "{} or {} is missing: build them with cargo build --release -p rogue -p rogue-trace",
            rogue_trace.display(),
            rogue.display()
        );
        return None;
    }
    let rogue = rogue.to_string_lossy().into_owned();
    Some((rogue_trace, rogue))
}

/// `fuzz --port` (the release `rogue` as the port) against `fuzz` (the
/// built-in port), rounds alternating: the median cases a minute of each,
/// and the median of each round's ratio.
fn fuzz_port_rates() {
    let Some((rogue_trace, rogue)) = release_binaries() else {
        return;
    };
    let (mut built_in, mut port, mut ratio) = (vec![], vec![], vec![]);
    for _ in 0..FUZZ_ROUNDS {
        let replayed = fuzz_rate(&rogue_trace, &rogue, false);
        let captured = fuzz_rate(&rogue_trace, &rogue, true);
        built_in.push(replayed);
        port.push(captured);
        ratio.push(captured / replayed);
    }
    println!(
        "\nfuzz --port: {CASES} cases of {FUZZ_KEYS} keys against rogue, {FUZZ_ROUNDS} rounds (medians; ratio within each round)\n"
    );
    println!("{:<56} {:>10} {:>8}", "", "cases/min", "ratio");
    let rows = [
        ("fuzz, the built-in port (replayed)", median(built_in), 1.0),
        (
            "fuzz --port rogue (captured beside the reference)",
            median(port),
            median(ratio),
        ),
    ];
    for (name, rate, ratio) in rows {
        println!("{name:<56} {rate:>10.0} {ratio:>8.3}");
    }
}

/// How long the program of [`asleep_cost`] sleeps, in seconds.
#[cfg(unix)]
const ASLEEP: u64 = 4;

/// The wall time and CPU time (user and system) of `rogue-trace capture`
/// of a program that sleeps [`ASLEEP`] seconds before it reads its key:
/// the capture should spend next to nothing while it waits.
///
/// The CPU time is what `getrusage` counts for this process's children
/// waited for, before and after: the `rogue-trace` process, with the
/// processes it waited for (the program's `sh` and `sleep`, a millisecond
/// or two).
#[cfg(unix)]
fn asleep_cost() {
    let rogue_trace = release_dir().join("rogue-trace");
    if !rogue_trace.exists() {
        eprintln!(
            "{} is missing: build it with cargo build --release -p rogue-trace",
            rogue_trace.display()
        );
        return;
    }
    let script = format!("printf hello; sleep {ASLEEP}; read x");
    let (user, system) = children_cpu();
    let start = Instant::now();
    let status = Command::new(&rogue_trace)
        .args(["capture", "--keys", "x", "--", "sh", "-c", &script])
        .stdout(std::process::Stdio::null())
        .status()
        .expect("rogue-trace runs");
    let wall = start.elapsed().as_secs_f64();
    assert!(status.success(), "rogue-trace capture: {status}");
    let (user_after, system_after) = children_cpu();
    let (user, system) = (user_after - user, system_after - system);
    println!(
        "\ncapture of a program asleep {ASLEEP} s: wall {wall:.2} s, CPU {:.3} s (user {user:.3} s, system {system:.3} s)",
        user + system
    );
}

/// The CPU time, user and system, in seconds, of this process's children
/// that have ended and been waited for.
#[cfg(unix)]
fn children_cpu() -> (f64, f64) {
    // SAFETY: getrusage fills the zeroed `rusage` it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (seconds(usage.ru_utime), seconds(usage.ru_stime))
}

fn main() {
    if std::env::args().any(|a| a == "fuzz-port") {
        fuzz_port_rates();
        return;
    }
    if std::env::args().any(|a| a == "fuzz-jobs") {
        fuzz_jobs_rates();
        return;
    }
    #[cfg(unix)]
    if std::env::args().any(|a| a == "asleep") {
        asleep_cost();
        return;
    }
    let mut rng = GlibcRand::new(7);
    let walks: Vec<Vec<char>> = (0..ROUNDS)
        .map(|_| {
            (0..KEYS)
                .map(|_| ['h', 'j', 'k', 'l'][rng.rand() as usize % 4])
                .collect()
        })
        .collect();
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let start = Instant::now();
    let replayed = rogue_replay::replay(&config, 100, 25, &walks[0]);
    let replay_rate = KEYS as f64 / start.elapsed().as_secs_f64();
    assert_eq!(replayed.steps.len(), KEYS + 1);

    let mut rows = vec![(
        "replay (headless, no terminal)".to_string(),
        replay_rate,
        1.0,
    )];
    let rogue = release_dir().join("rogue");
    let rogue_command: Vec<OsString> = [
        rogue.as_os_str(),
        "--seed".as_ref(),
        "42".as_ref(),
        "--rng".as_ref(),
        "glibc".as_ref(),
    ]
    .map(OsString::from)
    .to_vec();
    if rogue.exists() {
        rows.extend(rates("rogue (release)", &rogue_command, &walks, &[]));
    } else {
        eprintln!(
            "{} is missing: build it with cargo build --release -p rogue",
            rogue.display()
        );
    }
    let original = std::env::var("ROGUE_C_ORIGINAL").ok();
    match &original {
        Some(original) => {
            let pin = rogue_capture::pin::Pin::new(42, "glibc")
                .expect("the pin library");
            let command = [OsString::from(original)];
            rows.extend(rates("the C original", &command, &walks, &pin.env()));
        }
        None => {
            let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("benches/stand_in.c");
            let binary = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
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
                rows.extend(rates("C stand-in", &command, &walks, &[]));
                let _ = std::fs::remove_file(&binary);
            } else {
                eprintln!(
                    "cannot build benches/stand_in.c (cc and ncurses needed)"
                );
            }
        }
    }
    println!(
        "capture: {ROUNDS} rounds of {KEYS} random hjkl keys, 100x25, every step kept (medians)"
    );
    println!(
        "ratio = keys/s / the program's own rate with every key at once, in the same round\n"
    );
    println!("{:<56} {:>10} {:>8}", "", "keys/s", "ratio");
    for (name, rate, ratio) in rows {
        println!("{name:<56} {rate:>10.0} {ratio:>8.3}");
    }
    if std::env::args().any(|a| a == "capture") {
        return;
    }
    let rogue_path = rogue.to_string_lossy();
    let fuzz = match &original {
        Some(original) => fuzz_rates(&[original], true),
        None => fuzz_rates(
            &[&rogue_path, "--seed", "{seed}", "--rng", "{rng}"],
            false,
        ),
    };
    if let Some(fuzz) = fuzz {
        let against = if original.is_some() {
            "the C original"
        } else {
            "rogue"
        };
        println!("\nfuzz: {CASES} cases against {against}\n");
        println!("{:<56} {:>10}", "", "cases/min");
        for (name, rate) in fuzz {
            println!("{name:<56} {rate:>10.0}");
        }
    }
    fuzz_port_rates();
    fuzz_jobs_rates();
    #[cfg(unix)]
    asleep_cost();
}
