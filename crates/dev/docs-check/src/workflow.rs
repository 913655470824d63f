//! The workflows a page walks through, run as written.
//!
//! `<!-- run -->` before a ```` ```sh ```` block: the block's commands run
//! with `sh -e` and must all succeed; `<!-- run: N -->`: the block must end
//! with status N (a `compare` that finds a difference exits 1). On a part
//! page a step note stands between the run note and its block, a
//! `<!-- step: sh-not-here [..|any] REASON -->`: the book's caption, and
//! the folder the block runs in (see [`crate::part_run`]).
//!
//! `<!-- run-output -->` before a ```` ```text ```` block (a step note may
//! stand between them): the block is what the run block before it printed,
//! its standard output, then its standard error.
//!
//! `<!-- slip: FILE -->` before a ```` ```diff ```` block (a step note may
//! stand between them), on a part page: the diff is applied to FILE of the
//! reader's project for the run block after it only, a planted slip.
//!
//! The blocks of a page other than a part's run in order, in one scratch
//! folder of its own under `target/docs-run/`, emptied first, with the
//! project's `rogue`, `rogue-trace` and `rogue-main` first on the `PATH`.
//! There `./target/release/rogue-main` is the tutorial's Part 4 program, as
//! a reader's Part 4 project builds it, and, given
//! `ROGUE_C_ORIGINAL=<a built C original>`, `./rogue-c` is that program and
//! `./my-port` too (a C port as faithful as can be). A block that names
//! `./rogue-c` or `./my-port` is skipped without it, and counted.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::notes::{action, Action, Folder};

/// A `run` note's block: where it starts, the status it ends with, its
/// commands.
#[derive(Debug, PartialEq)]
pub struct Block {
    /// The note's line, counted from 1.
    pub line: usize,
    /// The status the block ends with.
    pub status: i32,
    /// Where a reader runs it, as its step note says (none without one).
    pub folder: Option<Folder>,
    /// The block's text, as `sh` reads it.
    pub commands: String,
}

/// What a workflow note governs, in the page's order.
#[derive(Debug, PartialEq)]
pub enum Item {
    /// A block to run.
    Run(Block),
    /// A slip planted for the next run block: the note's line, the file
    /// and the diff.
    Slip(usize, String, String),
    /// What the run block before printed, as shown: the note's line and
    /// the block's text.
    Output(usize, String),
}

/// What a note is, if it is a workflow note.
enum Kind {
    Run(i32),
    Slip(String),
    Output,
}

/// The workflow note a line holds, if any, or its problem.
fn kind(line: &str) -> Option<Result<Kind, String>> {
    let spec = line.strip_prefix("<!-- ")?.strip_suffix(" -->")?;
    match spec {
        "run" => Some(Ok(Kind::Run(0))),
        "run-output" => Some(Ok(Kind::Output)),
        _ => {
            if let Some(n) = spec.strip_prefix("run: ") {
                Some(
                    n.parse()
                        .map(Kind::Run)
                        .map_err(|_| format!("`{n}` is not an exit status")),
                )
            } else {
                let file = spec.strip_prefix("slip: ")?.trim();
                Some(Ok(Kind::Slip(file.to_string())))
            }
        }
    }
}

/// The block a note at `i` governs, with the fence `fence`: the folder
/// its step note names (if it has one), and its text.
fn governed(
    lines: &[&str],
    i: usize,
    fence: &str,
) -> Result<(Option<Folder>, String), String> {
    let mut at = i + 1;
    let mut folder = None;
    if let Some(spec) = lines
        .get(at)
        .and_then(|l| l.strip_prefix("<!-- step: "))
        .and_then(|l| l.strip_suffix(" -->"))
    {
        folder = match action(spec)? {
            Action::NotHere(folder, _) => Some(folder),
            Action::Show => None,
            _ => {
                return Err(format!(
                    "'step: {spec}' before a workflow block: only \
                     `sh-not-here` (or `show`) leaves it to the workflow"
                ))
            }
        };
        at += 1;
    }
    if lines.get(at) != Some(&fence) {
        return Err(format!("the note is not followed by a {fence} block"));
    }
    let body: Vec<&str> = lines[at + 1..]
        .iter()
        .take_while(|l| **l != "```")
        .copied()
        .collect();
    if lines.len() <= at + 1 + body.len() {
        return Err(format!("the note's {fence} block is not closed"));
    }
    Ok((folder, body.join("\n") + "\n"))
}

/// Every workflow item of a page, or the problems of its notes.
pub fn items(page: &str) -> Result<Vec<Item>, Vec<String>> {
    let lines: Vec<&str> = page.lines().collect();
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let item = match kind(line) {
            None => continue,
            Some(Err(e)) => Err(e),
            Some(Ok(Kind::Run(status))) => {
                governed(&lines, i, "```sh").map(|(folder, commands)| {
                    Item::Run(Block {
                        line: i + 1,
                        status,
                        folder,
                        commands,
                    })
                })
            }
            Some(Ok(Kind::Slip(file))) => governed(&lines, i, "```diff")
                .map(|(_, diff)| Item::Slip(i + 1, file, diff)),
            Some(Ok(Kind::Output)) => governed(&lines, i, "```text")
                .map(|(_, text)| Item::Output(i + 1, text)),
        };
        match item {
            Ok(item) => found.push(item),
            Err(e) => problems.push(format!("line {}: {e}", i + 1)),
        }
    }
    if problems.is_empty() {
        Ok(found)
    } else {
        Err(problems)
    }
}

/// `page` with each `run-output` block's text replaced by the printed
/// text given for it, in order (`None`: left as it is).
pub fn with_outputs(page: &str, printed: &[Option<String>]) -> String {
    let lines: Vec<&str> = page.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let (mut i, mut n) = (0, 0);
    while i < lines.len() {
        out.push(lines[i].to_string());
        i += 1;
        if lines[i - 1] != "<!-- run-output -->" {
            continue;
        }
        let text = printed.get(n).cloned().flatten();
        n += 1;
        let Some(text) = text else { continue };
        while i < lines.len() && lines[i] != "```text" {
            out.push(lines[i].to_string());
            i += 1;
        }
        out.push("```text".to_string());
        out.extend(text.lines().map(str::to_string));
        i += 1;
        while i < lines.len() && lines[i] != "```" {
            i += 1;
        }
    }
    let mut text = out.join("\n");
    if page.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Whether a block of a page other than a part's needs the C original.
fn needs_c(block: &Block) -> bool {
    block.commands.contains("./rogue-c") || block.commands.contains("./my-port")
}

/// A block not run, and why.
#[derive(Debug, PartialEq)]
pub struct Skip {
    /// The block's note's line.
    pub line: usize,
    /// What it needs, and how to give it.
    pub why: String,
}

/// What running a page's blocks came to.
#[derive(Debug, Default)]
pub struct Ran {
    /// Blocks run, each ending as its note says.
    pub ran: usize,
    /// Blocks skipped, each with why.
    pub skipped: Vec<Skip>,
    /// What each `run-output` block shows, as run, in order (`None`: its
    /// run block was skipped).
    pub printed: Vec<Option<String>>,
    /// The `run-output` blocks that are not what was printed: `--write`
    /// mends them.
    pub stale: Vec<String>,
    /// What else went wrong.
    pub problems: Vec<String>,
}

/// The `PATH` of the blocks: `bin` first, then the check's own.
pub fn path_with(bin: &Path) -> std::ffi::OsString {
    std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(
            std::env::var_os("PATH")
                .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
                .unwrap_or_default(),
        ),
    )
    .unwrap_or_default()
}

/// Runs `block` in `dir` with `path` as its `PATH`: what it printed, if
/// it ended with the status its note says; else the problem.
pub fn run_block(
    block: &Block,
    dir: &Path,
    path: &std::ffi::OsStr,
) -> Result<String, String> {
    let out = Command::new("sh")
        .args(["-e", "-c", &block.commands])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .map_err(|e| format!("line {}: cannot run sh: {e}", block.line))?;
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.code() == Some(block.status) {
        Ok(printed)
    } else {
        Err(format!(
            "line {}: the block ended with {} where its note says {}:\n{printed}",
            block.line, out.status, block.status
        ))
    }
}

/// Checks a `run-output` block (its note at `line`, its text `shown`)
/// against what the run block before it printed, into `ran`.
pub fn check_output(
    ran: &mut Ran,
    line: usize,
    shown: &str,
    printed: Option<&String>,
) {
    if let Some(printed) = printed {
        if timeless(printed) != timeless(shown) {
            let diff = similar::TextDiff::from_lines(shown, printed.as_str());
            ran.stale.push(format!(
                "line {line}: the output shown is not what the block before \
                 printed:\n{}",
                diff.unified_diff().header("shown", "printed")
            ));
        }
    }
    ran.printed.push(printed.cloned());
}

/// `text` with each line of times (`times: ...`), which vary from run to
/// run, cut to its first word.
fn timeless(text: &str) -> String {
    let lines = text.split('\n');
    let line = |l| {
        if str::starts_with(l, "times: ") {
            "times:"
        } else {
            l
        }
    };
    lines.map(line).collect::<Vec<_>>().join("\n")
}

/// Runs the `run` blocks of a page other than a part's in
/// `target/docs-run/STEM`, with the programs of `bin` (a folder holding
/// `rogue`, `rogue-trace` and `rogue-main`) on the `PATH`, and
/// `c_original` as `./rogue-c` and `./my-port` where given.
pub fn run_page(
    root: &Path,
    stem: &str,
    page: &str,
    bin: &Path,
    c_original: Option<&Path>,
) -> Ran {
    let mut ran = Ran::default();
    let items = match items(page) {
        Ok(items) => items,
        Err(problems) => {
            ran.problems = problems;
            return ran;
        }
    };
    if items.is_empty() {
        return ran;
    }
    let scratch = root.join("target/docs-run").join(stem);
    if let Err(e) = prepare(&scratch, bin, c_original) {
        ran.problems.push(format!("{}: {e}", scratch.display()));
        return ran;
    }
    let path = path_with(bin);
    let mut last = None;
    for item in &items {
        match item {
            Item::Run(block) if needs_c(block) && c_original.is_none() => {
                last = None;
                ran.skipped.push(Skip {
                    line: block.line,
                    why: "it runs the C original (ROGUE_C_ORIGINAL=<a built \
                          C original> runs it)"
                        .into(),
                });
            }
            Item::Run(block) => {
                last = run_block(block, &scratch, &path)
                    .map_err(|e| ran.problems.push(e))
                    .ok();
                ran.ran += usize::from(last.is_some());
            }
            Item::Slip(line, ..) => ran.problems.push(format!(
                "line {line}: a slip is planted in a part page's project only"
            )),
            Item::Output(line, shown) => {
                check_output(&mut ran, *line, shown, last.as_ref());
            }
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

    fn runs(items: &[Item]) -> Vec<&Block> {
        items
            .iter()
            .filter_map(|i| match i {
                Item::Run(b) => Some(b),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn notes_give_their_blocks_and_statuses() {
        let page = "text\n<!-- run -->\n```sh\na\nb \\\n  c\n```\n<!-- run: 1 -->\n```sh\n./rogue-c\n```\n";
        let found = items(page).unwrap();
        let found = runs(&found);
        assert_eq!(
            found,
            vec![
                &Block {
                    line: 2,
                    status: 0,
                    folder: None,
                    commands: "a\nb \\\n  c\n".into()
                },
                &Block {
                    line: 8,
                    status: 1,
                    folder: None,
                    commands: "./rogue-c\n".into()
                },
            ]
        );
        assert!(!needs_c(found[0]));
        assert!(needs_c(found[1]));
    }

    #[test]
    fn a_step_note_between_gives_the_folder_and_slips_and_outputs_are_read() {
        let page = "<!-- run -->\n<!-- step: sh-not-here .. it builds -->\n```sh\nmake\n```\n\
                    <!-- slip: crates/map/src/lib.rs -->\n<!-- step: show -->\n```diff\n@@\n-a\n+b\n```\n\
                    <!-- run: 1 -->\n<!-- step: sh-not-here it compares -->\n```sh\ncmp\n```\n\
                    <!-- run-output -->\n<!-- step: show -->\n```text\nsaid\n```\n";
        let found = items(page).unwrap();
        assert_eq!(found.len(), 4, "{found:?}");
        let blocks = runs(&found);
        assert_eq!(blocks[0].folder, Some(Folder::Parent));
        assert_eq!(blocks[1].folder, Some(Folder::Project));
        assert_eq!(blocks[1].status, 1);
        assert_eq!(
            found[1],
            Item::Slip(
                6,
                "crates/map/src/lib.rs".into(),
                "@@\n-a\n+b\n".into()
            )
        );
        assert_eq!(found[3], Item::Output(18, "said\n".into()));
    }

    #[test]
    fn a_note_without_its_block_or_status_is_a_problem() {
        let page = "<!-- run -->\n```text\nx\n```\n<!-- run: one -->\n```sh\nx\n```\n<!-- run -->\n<!-- step: sh -->\n```sh\nx\n```\n<!-- slip: f -->\n```sh\nx\n```\n<!-- run -->\n```sh\nopen";
        let problems = items(page).unwrap_err();
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(problems[0].starts_with("line 1:"));
        assert!(problems[1].starts_with("line 5:"));
        assert!(problems[2].starts_with("line 9:"), "{problems:?}");
        assert!(problems[2].contains("sh-not-here"), "{problems:?}");
        assert!(problems[3].starts_with("line 14:"));
        assert!(problems[4].starts_with("line 18:"));
    }

    #[test]
    fn an_output_s_times_are_not_compared_its_other_lines_are() {
        let mut ran = Ran::default();
        let shown = "A\ntimes: first screen 0.04 s\nok\n";
        let printed = "A\ntimes: first screen 1.20 s, keys\nok\n".to_string();
        check_output(&mut ran, 3, shown, Some(&printed));
        assert!(ran.stale.is_empty(), "{:?}", ran.stale);
        check_output(&mut ran, 3, shown, Some(&printed.replace("ok", "no")));
        assert_eq!(ran.stale.len(), 1);
    }

    #[test]
    fn outputs_are_written_in_order_and_kept_where_none() {
        let page = "a\n<!-- run-output -->\n<!-- step: show -->\n```text\nold\nold\n```\nb\n<!-- run-output -->\n```text\nkept\n```\nc\n<!-- run-output -->\n```text\nx\n```\n";
        let printed = [Some("new\n".to_string()), None, Some("1\n2\n".into())];
        assert_eq!(
            with_outputs(page, &printed),
            "a\n<!-- run-output -->\n<!-- step: show -->\n```text\nnew\n```\nb\n<!-- run-output -->\n```text\nkept\n```\nc\n<!-- run-output -->\n```text\n1\n2\n```\n"
        );
    }

    #[test]
    #[cfg(unix)] // runs `sh`, which Wine's tests have not
    fn blocks_run_in_one_folder_and_their_status_and_output_are_checked() {
        let root = std::env::temp_dir()
            .join(format!("docs-run-test-{}", std::process::id()));
        let bin = root.join("bin");
        fs::create_dir_all(&bin).unwrap();
        fs::write(bin.join("rogue-main"), "").unwrap();
        let page = "<!-- run -->\n```sh\necho x > made\n```\n<!-- run: 3 -->\n```sh\ntest -f made\necho three\nexit 3\n```\n<!-- run-output -->\n```text\nthree\n```\n<!-- run -->\n```sh\nfalse\ntrue\n```\n<!-- run-output -->\n```text\nnothing\n```\n<!-- run -->\n```sh\n./rogue-c\n```\n<!-- run -->\n```sh\necho said; echo told >&2\n```\n<!-- run-output -->\n```text\nsaid\n```\n";
        let ran = run_page(&root, "p", page, &bin, None);
        assert_eq!(ran.ran, 3);
        assert_eq!(ran.skipped.len(), 1);
        assert_eq!(ran.skipped[0].line, 24);
        assert_eq!(ran.problems.len(), 1, "{:?}", ran.problems);
        assert!(ran.problems[0].starts_with("line 15:"));
        assert_eq!(ran.stale.len(), 1, "{:?}", ran.stale);
        assert!(ran.stale[0].starts_with("line 32:"), "{:?}", ran.stale);
        assert!(ran.stale[0].contains("+told"), "{:?}", ran.stale);
        assert_eq!(
            ran.printed,
            vec![Some("three\n".into()), None, Some("said\ntold\n".into())]
        );
        fs::remove_dir_all(&root).unwrap();
    }
}
