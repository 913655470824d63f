//! The workflows a page walks through, run as written.
//!
//! `<!-- run -->` before a ```` ```sh ```` block: the block's commands run
//! with `sh -e` and must all succeed; `<!-- run: N -->`: the block must end
//! with status N (a `compare` that finds a difference exits 1). The blocks
//! of a page run in order, in one scratch folder of its own under
//! `target/docs-run/`, emptied first, with the project's `rogue`,
//! `rogue-trace` and `rogue-main` first on the `PATH`. There
//! `./target/release/rogue-main` is the tutorial's Part 4 program, as a
//! reader's Part 4 project builds it, and, given
//! `ROGUE_C_ORIGINAL=<a built C original>`, `./rogue-c` is that program and
//! `./my-port` too (a C port as faithful as can be). A block that names
//! `./rogue-c` or `./my-port` is skipped without it, and counted.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A `run` note's block: where it starts, the status it ends with, its
/// commands.
#[derive(Debug, PartialEq)]
pub struct Block {
    /// The note's line, counted from 1.
    pub line: usize,
    /// The status the block ends with.
    pub status: i32,
    /// The block's text, as `sh` reads it.
    pub commands: String,
}

/// Every `run` block of a page, or the problems of its notes.
pub fn blocks(page: &str) -> Result<Vec<Block>, Vec<String>> {
    let lines: Vec<&str> = page.lines().collect();
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let status = match *line {
            "<!-- run -->" => Ok(0),
            _ => match line
                .strip_prefix("<!-- run: ")
                .and_then(|s| s.strip_suffix(" -->"))
            {
                Some(n) => n.parse::<i32>().map_err(|_| {
                    format!("line {}: `{n}` is not an exit status", i + 1)
                }),
                None => continue,
            },
        };
        let status = match status {
            Ok(s) => s,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let body: Vec<&str> = lines[i + 1..]
            .iter()
            .skip(1)
            .take_while(|l| **l != "```")
            .copied()
            .collect();
        let closed = lines.len() > i + 2 + body.len();
        if lines.get(i + 1) != Some(&"```sh") || !closed {
            problems.push(format!(
                "line {}: the note is not followed by a ```sh block",
                i + 1
            ));
            continue;
        }
        found.push(Block {
            line: i + 1,
            status,
            commands: body.join("\n") + "\n",
        });
    }
    if problems.is_empty() {
        Ok(found)
    } else {
        Err(problems)
    }
}

/// Whether a block needs the C original.
fn needs_c(block: &Block) -> bool {
    block.commands.contains("./rogue-c") || block.commands.contains("./my-port")
}

/// What running a page's blocks came to.
#[derive(Debug, Default)]
pub struct Ran {
    /// Blocks run, each ending as its note says.
    pub ran: usize,
    /// Blocks skipped, for want of the C original.
    pub skipped: usize,
    /// What went wrong.
    pub problems: Vec<String>,
}

/// Runs a page's `run` blocks in `target/docs-run/STEM`, with the
/// programs of `bin` (a folder holding `rogue`, `rogue-trace` and
/// `rogue-main`) on the `PATH`, and `c_original` as `./rogue-c` and
/// `./my-port` where given.
pub fn run_page(
    root: &Path,
    stem: &str,
    page: &str,
    bin: &Path,
    c_original: Option<&Path>,
) -> Ran {
    let mut ran = Ran::default();
    let blocks = match blocks(page) {
        Ok(b) => b,
        Err(problems) => {
            ran.problems = problems;
            return ran;
        }
    };
    if blocks.is_empty() {
        return ran;
    }
    let scratch = root.join("target/docs-run").join(stem);
    if let Err(e) = prepare(&scratch, bin, c_original) {
        ran.problems.push(format!("{}: {e}", scratch.display()));
        return ran;
    }
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(
            std::env::var_os("PATH")
                .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
                .unwrap_or_default(),
        ),
    )
    .unwrap_or_default();
    for block in &blocks {
        if needs_c(block) && c_original.is_none() {
            ran.skipped += 1;
            continue;
        }
        let out = Command::new("sh")
            .args(["-e", "-c", &block.commands])
            .current_dir(&scratch)
            .env("PATH", &path)
            .output();
        match out {
            Ok(out) if out.status.code() == Some(block.status) => ran.ran += 1,
            Ok(out) => ran.problems.push(format!(
                "line {}: the block ended with {} where its note says {}:\n{}{}",
                block.line,
                out.status,
                block.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )),
            Err(e) => ran
                .problems
                .push(format!("line {}: cannot run sh: {e}", block.line)),
        }
    }
    ran
}

/// An empty scratch folder holding what the blocks name.
fn prepare(
    scratch: &Path,
    bin: &Path,
    c_original: Option<&Path>,
) -> std::io::Result<()> {
    if scratch.exists() {
        fs::remove_dir_all(scratch)?;
    }
    fs::create_dir_all(scratch.join("target/release"))?;
    let mut links: Vec<(PathBuf, PathBuf)> = vec![(
        bin.join("rogue-main"),
        scratch.join("target/release/rogue-main"),
    )];
    if let Some(c) = c_original {
        let c = fs::canonicalize(c)?;
        links.push((c.clone(), scratch.join("rogue-c")));
        links.push((c, scratch.join("my-port")));
    }
    for (from, to) in links {
        fs::copy(&from, &to).map_err(|e| {
            std::io::Error::new(e.kind(), format!("{}: {e}", from.display()))
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_give_their_blocks_and_statuses() {
        let page = "text\n<!-- run -->\n```sh\na\nb \\\n  c\n```\n<!-- run: 1 -->\n```sh\n./rogue-c\n```\n";
        let found = blocks(page).unwrap();
        assert_eq!(
            found,
            vec![
                Block {
                    line: 2,
                    status: 0,
                    commands: "a\nb \\\n  c\n".into()
                },
                Block {
                    line: 8,
                    status: 1,
                    commands: "./rogue-c\n".into()
                },
            ]
        );
        assert!(!needs_c(&found[0]));
        assert!(needs_c(&found[1]));
    }

    #[test]
    fn a_note_without_its_block_or_status_is_a_problem() {
        let page = "<!-- run -->\n```text\nx\n```\n<!-- run: one -->\n```sh\nx\n```\n<!-- run -->\n```sh\nopen";
        let problems = blocks(page).unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("line 1:"));
        assert!(problems[1].starts_with("line 5:"));
        assert!(problems[2].starts_with("line 9:"));
    }

    #[test]
    #[cfg(unix)] // runs `sh`, which Wine's tests have not
    fn blocks_run_in_one_folder_and_their_status_is_checked() {
        let root = std::env::temp_dir()
            .join(format!("docs-run-test-{}", std::process::id()));
        let bin = root.join("bin");
        fs::create_dir_all(&bin).unwrap();
        fs::write(bin.join("rogue-main"), "").unwrap();
        let page = "<!-- run -->\n```sh\necho x > made\n```\n<!-- run: 3 -->\n```sh\ntest -f made\nexit 3\n```\n<!-- run -->\n```sh\nfalse\ntrue\n```\n<!-- run -->\n```sh\n./rogue-c\n```\n";
        let ran = run_page(&root, "p", page, &bin, None);
        assert_eq!(ran.ran, 2);
        assert_eq!(ran.skipped, 1);
        assert_eq!(ran.problems.len(), 1, "{:?}", ran.problems);
        assert!(ran.problems[0].starts_with("line 10:"));
        fs::remove_dir_all(&root).unwrap();
    }
}
