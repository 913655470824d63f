//! Screen traces: what a terminal program showed after every key.
//!
//! A trace (format v1, see `docs/diffing.md`) records the screen — each
//! cell's character and colour class — before the first key and after each
//! key. This crate reads and writes traces ([`Trace`]), records them from
//! any program in a pseudo-terminal ([`capture`]), plays the port headless
//! into one ([`replay`]), and compares two ([`diff`]).

pub mod capture;
pub mod diff;
mod escape;
mod format;
pub mod replay;
pub mod show;

pub use escape::{escape_keys, key_literal, parse_key_literal, unescape_keys};
pub use format::{parse_size, Header, OddCell, ParseError, Step, Trace};

use std::path::Path;

/// Reads every `part{part}-*.trace` file of `dir`, sorted by name.
///
/// # Panics
/// If the folder cannot be read or a file is not a valid trace: this is
/// for tests, which should stop on such a file.
pub fn load_traces(dir: &Path, part: u8) -> Vec<(String, Trace)> {
    let mut found = Vec::new();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        if name.starts_with(&format!("part{part}-")) && name.ends_with(".trace") {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            found.push((name, trace));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}
