//! Test helpers, in one place for every crate's tests: the golden traces of
//! the C original, and the game run in a pseudo-terminal.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rogue_capture::{
    capture, vt100, CaptureOptions, Outcome, PtySession, Settle,
};
use rogue_game::RngKind;
use rogue_game::{GameConfig, Part};
use rogue_trace_format::classes::Look;
use rogue_trace_format::{Header, Step, Trace};

/// `tests/golden`: the C original's recorded screens.
pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/golden")
}

/// The golden traces of `part`, by file name, sorted.
///
/// # Panics
/// If the folder cannot be read or a file is not a valid trace.
pub fn goldens(part: u8) -> Vec<(String, Trace)> {
    golden_files(part)
        .into_iter()
        .map(|(name, text)| {
            let trace =
                Trace::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, trace)
        })
        .collect()
}

/// How many steps the golden traces of `part` hold, counted in the files'
/// text (their `== step` lines), not by the trace reader.
pub fn golden_steps(part: u8) -> usize {
    let files = golden_files(part);
    assert!(!files.is_empty(), "no golden traces of part {part}");
    files
        .iter()
        .map(|(_, text)| {
            text.lines().filter(|l| l.starts_with("== step ")).count()
        })
        .sum()
}

/// The paths of every `part{part}-*.trace` file of [`golden_dir`], sorted.
///
/// # Panics
/// If the folder cannot be read.
pub fn golden_paths(part: u8) -> Vec<PathBuf> {
    let dir = golden_dir();
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let prefix = format!("part{part}-");
    let mut found: Vec<PathBuf> = entries
        .map(|e| e.expect("a folder entry").path())
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|name| {
                    name.starts_with(&prefix) && name.ends_with(".trace")
                })
        })
        .collect();
    found.sort();
    found
}

/// The text of every `part{part}-*.trace` file, by name, sorted.
fn golden_files(part: u8) -> Vec<(String, String)> {
    golden_paths(part)
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text)
        })
        .collect()
}

/// The game a golden trace records: its part, seed and generator.
pub fn config_of(header: &Header) -> GameConfig {
    GameConfig::new(
        Part::get(header.part.expect("a golden trace names its part"))
            .expect("a part"),
        header.seed.expect("a golden trace names its seed"),
        header
            .rng
            .as_deref()
            .and_then(|r| r.parse::<RngKind>().ok())
            .expect("a generator"),
    )
}

/// Starts the program `bin` with `args` in a `cols` by `rows`
/// pseudo-terminal (`TERM=screen-256color`).
pub fn start(bin: &str, args: &[&str], cols: u16, rows: u16) -> PtySession {
    start_with(bin, args, cols, rows, "screen-256color", &[])
}

/// [`start`] with a `TERM` (empty: none) and extra environment.
pub fn start_with(
    bin: &str,
    args: &[&str],
    cols: u16,
    rows: u16,
    term: &str,
    env: &[(String, String)],
) -> PtySession {
    let mut command = vec![OsString::from(bin)];
    command.extend(args.iter().map(OsString::from));
    PtySession::spawn(&command, cols, rows, term, env)
        .expect("the program starts")
}

/// Waits for the screen to settle (the program waits for a key) and
/// returns it as a step.
pub fn screen_now(session: &mut PtySession) -> Step {
    session.settle(&Settle::default());
    session.step(0, None)
}

/// The headless port's last screen after `keys` on a `cols` by `rows`
/// screen, for `config`.
pub fn replayed(config: &GameConfig, keys: &str, cols: u16, rows: u16) -> Step {
    let keys: Vec<char> = keys.chars().collect();
    let mut step = rogue_replay::replay(config, cols, rows, &keys)
        .steps
        .pop()
        .expect("a step");
    step.key = None;
    step.number = 0;
    step
}

/// Runs `command` in a `cols` by `rows` pseudo-terminal with `TERM=term`
/// (none if empty) and `env`, types `keys` and keeps every step settled
/// as `settle` says, the program typing its own keys where it can (as
/// `capture` does by default); the trace, and how the program ended.
pub fn record(
    command: &[OsString],
    size: (u16, u16),
    keys: &[char],
    term: &str,
    env: &[(String, String)],
    settle: Settle,
) -> (Trace, Outcome) {
    record_as(command, size, keys, term, env, settle, true)
}

/// [`record`], the program typing its own keys where it can if
/// `typed_by_program`, else the capture typing every key (`--settle
/// watch`).
pub fn record_as(
    command: &[OsString],
    (cols, rows): (u16, u16),
    keys: &[char],
    term: &str,
    env: &[(String, String)],
    settle: Settle,
    typed_by_program: bool,
) -> (Trace, Outcome) {
    let options = CaptureOptions {
        cols,
        rows,
        keys: keys.to_vec(),
        every: true,
        term: term.into(),
        env: env.to_vec(),
        settle,
        preload: typed_by_program,
        part: None,
        rng: None,
        seed: None,
    };
    let mut steps = Vec::new();
    let recorded = capture(command, &options, None, |step| {
        steps.push(step);
        Ok(())
    })
    .expect("the capture runs");
    let capture = recorded.with_steps(steps);
    (capture.trace, capture.outcome)
}

/// Every step the same: its key, characters and colours.
pub fn same_steps(ours: &[Step], theirs: &[Step], what: &str) {
    assert_eq!(ours.len(), theirs.len(), "{what}: number of steps");
    for (a, b) in ours.iter().zip(theirs) {
        let n = b.number;
        assert_eq!(a.key, b.key, "{what} step {n}: key");
        same_screen(a, b, &format!("{what} step {n}"));
    }
}

/// Both screens are the same, characters and colours.
pub fn same_screen(a: &Step, b: &Step, what: &str) {
    assert_eq!(a.text, b.text, "{what}: characters");
    assert_eq!(a.colours, b.colours, "{what}: colours");
}

/// The terminal is back on its main screen, with a visible cursor and
/// plain attributes.
pub fn assert_restored(session: &PtySession) {
    let screen = session.screen();
    assert!(!screen.alternate_screen(), "still on the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is still hidden");
    assert_eq!(screen.fgcolor(), vt100::Color::Default, "colours left set");
    assert_eq!(screen.bgcolor(), vt100::Color::Default, "colours left set");
}

/// Waits for the program to exit; its exit status.
pub fn exit_code(session: &mut PtySession, what: &str) -> u32 {
    session
        .wait_exit(Duration::from_secs(20))
        .unwrap_or_else(|| panic!("{what}: the program did not exit"))
        .exit_code()
}

/// `command` run to its end, its start tried again where Wine lost it
/// ([`spawned`]).
pub fn output_of(
    command: &mut std::process::Command,
) -> std::io::Result<std::process::Output> {
    started_by_wine(|| command.output())
}

/// `command` started. Under Wine a process start now and then fails with
/// Windows error 1359 (`ERROR_INTERNAL_ERROR`: Wine's new process died
/// before it ran); such a start is tried again, up to three times. Any
/// other error, and the program's own failures, are returned as they are.
pub fn spawned(
    command: &mut std::process::Command,
) -> std::io::Result<std::process::Child> {
    started_by_wine(|| command.spawn())
}

/// `start()`, called again while it fails with error 1359, three calls at
/// most.
fn started_by_wine<T>(
    mut start: impl FnMut() -> std::io::Result<T>,
) -> std::io::Result<T> {
    let mut tries = 1;
    loop {
        match start() {
            Err(error) if error.raw_os_error() == Some(1359) && tries < 3 => {
                tries += 1;
            }
            other => return other,
        }
    }
}

/// A program the tests need that the project installs (`make test-deps`):
/// its path, or a panic that says how to install it. Such a test fails
/// where the program is missing; it never skips.
pub fn required_program(names: &[&str], package: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names
        .iter()
        .flat_map(|name| {
            std::env::split_paths(&path).map(move |dir| dir.join(name))
        })
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| {
            panic!(
                "{} is missing: `make test-deps` installs it (Debian's \
                 package {package})",
                names[0]
            )
        })
}

/// The page at `path` (opened from disk, `file://`) as headless Chromium
/// leaves it once its scripts have run: its DOM, serialised.
///
/// # Panics
/// If Chromium is missing or fails.
pub fn chromium_dom(path: &std::path::Path) -> String {
    chromium(path, None, &["--dump-dom".to_string()])
}

/// [`chromium_dom`] in a window of `width` by `height` pixels, as a
/// reader's screen of that size shows the page.
///
/// # Panics
/// If Chromium is missing or fails.
pub fn chromium_dom_in(
    path: &std::path::Path,
    (width, height): (u32, u32),
) -> String {
    chromium(path, Some((width, height)), &["--dump-dom".to_string()])
}

/// Writes a picture (PNG) of what a window of `width` by `height` pixels
/// shows of the page at `path` to `png`.
///
/// # Panics
/// If Chromium is missing or fails.
pub fn chromium_screenshot(
    path: &std::path::Path,
    (width, height): (u32, u32),
    png: &std::path::Path,
) {
    let png = std::path::absolute(png).expect("a path for the picture");
    chromium(
        path,
        Some((width, height)),
        &[format!("--screenshot={}", png.display())],
    );
    assert!(png.is_file(), "chromium wrote no picture");
}

/// Runs headless Chromium on the page at `path` with `what` (what it
/// gives: `--dump-dom`, `--screenshot=FILE`), in a window of the given
/// size or Chromium's own; its standard output.
fn chromium(
    path: &std::path::Path,
    window: Option<(u32, u32)>,
    what: &[String],
) -> String {
    let chromium =
        required_program(&["chromium", "chromium-browser"], "chromium");
    let profile = std::env::temp_dir().join(format!(
        "rogue-chromium-{}-{}",
        std::process::id(),
        path.file_name().and_then(|n| n.to_str()).unwrap_or("page")
    ));
    let url = format!(
        "file://{}",
        path.canonicalize().expect("the page exists").display()
    );
    let size = window.map(|(w, h)| format!("--window-size={w},{h}"));
    let out = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .args(size)
        .args(what)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Compiles the C program `source` with the system's C compiler, linked
/// with `libs` (e.g. `-lncurses`), into `dir/name`; its path.
///
/// # Panics
/// If `cc` is missing or the program does not compile.
pub fn compile_c(
    source: &Path,
    dir: &Path,
    name: &str,
    libs: &[&str],
) -> PathBuf {
    build_into(dir, name, |written| {
        let mut cc = std::process::Command::new("cc");
        cc.arg("-O2").arg("-o").arg(written).arg(source).args(libs);
        cc
    })
}

/// Runs the compiler `compile(FILE)` gives, which writes a program to
/// FILE, and moves the program to `dir/name`; its path.
///
/// FILE is the compiler's own, so a test running `dir/name` while another
/// builds it again never finds it half written (a linker sets its execute
/// bit only when it is done).
///
/// # Panics
/// If the compiler does not run or fails.
pub fn build_into(
    dir: &Path,
    name: &str,
    compile: impl FnOnce(&Path) -> std::process::Command,
) -> PathBuf {
    static BUILDS: std::sync::atomic::AtomicUsize =
        std::sync::atomic::AtomicUsize::new(0);
    std::fs::create_dir_all(dir).expect("the folder is made");
    let build = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let written = dir.join(format!(".{name}.{}.{build}", std::process::id()));
    let mut compiler = compile(&written);
    let status = compiler.status().expect("the compiler runs");
    assert!(status.success(), "{name} compiles: {compiler:?}");
    let binary = dir.join(name);
    std::fs::rename(&written, &binary).expect("the program is moved");
    binary
}

/// A cell where two screens differ: its row and column, and what each
/// shows there, character and look.
pub type DifferingCell = (usize, usize, (char, Look), (char, Look));

/// The first step where the screens of `a` and `b` differ (steps matched
/// by number): its number and every cell that differs there.
pub fn first_differing_cells(
    a: &Trace,
    b: &Trace,
) -> Option<(usize, Vec<DifferingCell>)> {
    a.steps.iter().find_map(|step_a| {
        let step_b = b.steps.iter().find(|s| s.number == step_a.number)?;
        let mut cells = Vec::new();
        for (y, (row_a, row_b)) in
            step_a.text.iter().zip(&step_b.text).enumerate()
        {
            let (looks_a, looks_b) = (step_a.looks(y), step_b.looks(y));
            let cells_a = row_a.chars().zip(looks_a);
            for (x, (ca, cb)) in
                cells_a.zip(row_b.chars().zip(looks_b)).enumerate()
            {
                if ca != cb {
                    cells.push((y, x, ca, cb));
                }
            }
        }
        (!cells.is_empty()).then_some((step_a.number, cells))
    })
}

/// The traces named by each `traces: A (reference) and B (port)` line of
/// what `rogue-trace compare` or `fuzz` printed, in order, read.
pub fn fuzz_traces(stdout: &str) -> Vec<(Trace, Trace)> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("traces: "))
        .map(|l| {
            let (a, rest) = l.split_once(" (reference) and ").expect("A's");
            let b = rest.strip_suffix(" (port)").expect("B's");
            let read = |p: &str| {
                let text = std::fs::read_to_string(p).expect("a trace");
                Trace::parse(&text).expect("a trace")
            };
            (read(a), read(b))
        })
        .collect()
}
