//! `rogue-docs-check`: the Rust code shown in `docs/` is the code that runs.
//!
//! A page shows a function of the source with a marker line followed by a
//! `rust` code block:
//!
//! ````text
//! <!-- rust: crates/fov/src/lib.rs make_fov -->
//! ```rust
//! ...the function, with its doc comment and attributes...
//! ```
//! ````
//!
//! `rogue-docs-check` (run by `make test`) fails when a block differs from
//! the function in the source, or the function is gone.
//! `rogue-docs-check --write` copies the source into the blocks. It also
//! checks that `docs/index.md` links the page of every part.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod snippet;

use snippet::{check_page, Outcome};

fn main() -> ExitCode {
    let write = std::env::args().any(|a| a == "--write");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    match run(&root, write) {
        Ok(count) => {
            println!("docs check: {count} snippet(s) match the source");
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in &problems {
                eprintln!("docs check: {p}");
            }
            eprintln!(
                "docs check: {} problem(s); `cargo run -p rogue-docs-check -- --write` updates the snippets",
                problems.len()
            );
            ExitCode::FAILURE
        }
    }
}

/// Checks (or rewrites) every page of `docs/`; the number of snippets, or
/// every problem found.
fn run(root: &Path, write: bool) -> Result<usize, Vec<String>> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .map_err(|e| vec![format!("docs/: {e}")])?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let mut count = 0;
    let mut problems = Vec::new();
    for page in pages {
        let text =
            fs::read_to_string(&page).map_err(|e| vec![format!("{}: {e}", page.display())])?;
        let name = page
            .strip_prefix(root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let Outcome {
            text: fixed,
            snippets,
            problems: found,
        } = check_page(&text, |path| {
            fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))
        });
        count += snippets;
        if write && fixed != text {
            fs::write(&page, &fixed).map_err(|e| vec![format!("{name}: {e}")])?;
        }
        let found: Vec<String> = found.into_iter().map(|p| format!("{name}: {p}")).collect();
        if write {
            problems.extend(found.into_iter().filter(|p| !p.contains("differs from")));
        } else {
            problems.extend(found);
        }
    }
    let index = fs::read_to_string(root.join("docs/index.md")).unwrap_or_default();
    for part in 0..=4 {
        let page = format!("part-{part:02}.md");
        if !index.contains(&format!("]({page})")) {
            problems.push(format!("docs/index.md: no link to {page}"));
        }
        if !root.join("docs").join(&page).exists() {
            problems.push(format!("docs/{page} is missing"));
        }
    }
    if problems.is_empty() {
        Ok(count)
    } else {
        Err(problems)
    }
}
