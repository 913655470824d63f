//! What the command-line tests share: `rogue-trace` run and its output
//! read, and the C fixtures' sources. Each test binary uses some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `rogue-trace ARGS`, run to its end.
pub fn rogue_trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(args)
        .output()
        .expect("rogue-trace runs")
}

/// `rogue-trace ARGS` with `ROGUE_TRACE_TERM=term`: its captures run in
/// a terminal of that type.
pub fn rogue_trace_on(term: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(args)
        .env("ROGUE_TRACE_TERM", term)
        .output()
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
