//! What the command-line tests share: `rogue-trace` run and its output
//! read, and the C fixtures' sources. Each test binary uses some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use rogue_testkit::{compile_c, output_of};

/// The `rogue` binary, built beside `rogue-trace` by `cargo test
/// --workspace`.
pub fn rogue() -> String {
    let rogue =
        env!("CARGO_BIN_EXE_rogue-trace").replace("rogue-trace", "rogue");
    assert!(
        Path::new(&rogue).exists(),
        "rogue is built beside rogue-trace: run `cargo test --workspace`"
    );
    rogue
}

/// `rogue-trace ARGS`, run to its end.
pub fn rogue_trace(args: &[&str]) -> Output {
    output_of(Command::new(env!("CARGO_BIN_EXE_rogue-trace")).args(args))
        .expect("rogue-trace runs")
}

/// `rogue-trace ARGS` with `ROGUE_TRACE_TERM=term`: its captures run in
/// a terminal of that type.
pub fn rogue_trace_on(term: &str, args: &[&str]) -> Output {
    output_of(
        Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
            .args(args)
            .env("ROGUE_TRACE_TERM", term),
    )
    .expect("rogue-trace runs")
}

/// Output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The source `tests/fixtures/NAME`.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The Rust fixture `tests/fixtures/NAME.rs`, compiled with `rustc -O`
/// into `dir`; the binary's path.
pub fn compile_rust(name: &str, dir: &Path) -> String {
    let rustc = rogue_testkit::required_program(&["rustc"], "rustc");
    let binary = rogue_testkit::build_into(dir, name, |written| {
        let mut rustc = Command::new(&rustc);
        rustc.args(["-O", "-o"]).arg(written);
        rustc.arg(fixture(&format!("{name}.rs")));
        rustc
    });
    binary.to_str().unwrap().to_string()
}

/// The path `NAME` in this test binary's scratch folder, which is made;
/// the path itself is not.
pub fn scratch_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A scratch folder `NAME` of this test binary, emptied.
pub fn scratch(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tests/fixtures/planted.c`, compiled once, under a name of this test
/// binary's own.
pub fn planted() -> &'static str {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("rogue-trace-bin-{}", std::process::id()));
            compile_c(&fixture("planted.c"), &dir, "planted", &[])
        })
        .to_str()
        .unwrap()
}

/// A copy of [`planted`] in `dir`, of one test's own, so that the programs
/// it leaves running are told from another test's ([`running`]).
pub fn own_planted(dir: &Path) -> String {
    let copy = dir.join("planted");
    std::fs::copy(planted(), &copy).unwrap();
    copy.to_str().unwrap().to_string()
}

/// The arguments of a fuzz of the port `binary` planted with `plant`
/// against `binary` itself, writing into `out`.
pub fn fuzz_of(
    binary: &str,
    plant: &str,
    out: &Path,
    more: &[&str],
) -> Vec<String> {
    let port = format!("{binary} --seed {{seed}} --plant {plant}");
    let mut all: Vec<String> = ["fuzz", "--out", out.to_str().unwrap()]
        .iter()
        .chain(more)
        .map(|s| s.to_string())
        .collect();
    all.extend(["--port".into(), port, "--".into(), binary.into()]);
    all.extend(["--seed".into(), "{seed}".into()]);
    all
}

/// The programs still running from `binary`, by their process ids.
pub fn running(binary: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| {
            let exe = std::fs::read_link(e.path().join("exe"));
            exe.is_ok_and(|exe| exe == Path::new(binary))
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// `tests/fixtures/go_port` (a Go port on tcell v2), built once with `go
/// build` in GOPATH mode on Debian's tcell; `None`, the test skipped with
/// a word, where `go` is missing, unless `NO_SKIP` is set (then it fails).
pub fn go_port() -> Option<&'static str> {
    static BINARY: OnceLock<Option<PathBuf>> = OnceLock::new();
    let built = BINARY.get_or_init(|| {
        let found = std::env::split_paths(&std::env::var_os("PATH")?)
            .any(|dir| dir.join("go").is_file());
        if !found && std::env::var_os("NO_SKIP").is_none() {
            eprintln!("go is missing: the Go port's tests SKIPPED (make test-deps installs golang-go and tcell; NO_SKIP=1 makes this a failure)");
            return None;
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("go_port");
        let binary = dir.join("go_port");
        let out = Command::new("go")
            .args(["build", "-o"])
            .arg(&binary)
            .arg(".")
            .current_dir(fixture("go_port"))
            .env("GO111MODULE", "off")
            .env("GOPATH", "/usr/share/gocode")
            .env("GOCACHE", dir.join("cache"))
            .env("GOFLAGS", "")
            .output()
            .expect("go runs (make test-deps installs golang-go)");
        assert!(out.status.success(), "go build failed (make test-deps installs golang-github-gdamore-tcell.v2-dev): {}", text(&out.stderr));
        Some(binary)
    });
    built.as_deref().map(|p| p.to_str().unwrap())
}

/// `tests/fixtures/crossterm_port`, the port on crossterm, built once
/// (`cargo build --release`, its own lock, crossterm from crates.io)
/// into a folder of the tests' own; its path.
pub fn crossterm_port() -> &'static str {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let dir =
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("crossterm_port");
            let manifest = fixture("crossterm_port/Cargo.toml");
            let built = Command::new(option_env!("CARGO").unwrap_or("cargo"))
                .args(["build", "--release", "--locked", "--manifest-path"])
                .arg(manifest)
                .arg("--target-dir")
                .arg(&dir)
                .output()
                .expect("cargo runs");
            assert!(built.status.success(), "{}", text(&built.stderr));
            dir.join("release/crossterm-port")
        })
        .to_str()
        .unwrap()
}
