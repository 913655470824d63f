//! The notes of a part page: what each step does, read from the page.
//!
//! A part page walks the C tutorial's text step by step, and each Rust
//! step carries a note, an HTML comment on its own line, right before the
//! block it governs:
//!
//! - `<!-- step: new FILE -->`: the block is the whole of FILE, which does
//!   not exist yet;
//! - `<!-- step: write FILE -->`: the block is the whole of FILE, which it
//!   replaces (a file a command wrote);
//! - `<!-- step: add FILE -->`: the block goes at the end of FILE, after a
//!   blank line; `add FILE after ITEM` and `add FILE before ITEM` put it
//!   after or before the item ITEM, a blank line between;
//! - `<!-- step: replace FILE ITEM -->`: the block replaces the item ITEM,
//!   its doc comment and attributes included;
//! - `<!-- step: diff FILE -->`: a `diff` block changes FILE: hunks of
//!   lines starting with ` ` (kept), `-` (removed) and `+` (added), each
//!   hunk after a line starting with `@@`; its kept and removed lines must
//!   be found once, whole lines in a row, in FILE;
//! - `<!-- step: sh -->`: the `sh` block runs, as written, in the part's
//!   folder (`sh ..`: in the folder above it, where a reader starts Part
//!   0; `sh any`: in any folder, which is that one here);
//!   `<!-- step: sh-repo -->`: it runs in this repository's checkout,
//!   each `OUT=DIR` of its commands moved into the replay's own folder (a
//!   replay writes nothing into the checkout but `target`);
//!   `<!-- step: sh-not-here [..|any|repo] REASON -->`: a command shown and
//!   not run here, for REASON, to be run in the part's folder (or the
//!   folder above it, any folder, this repository's checkout);
//! - `<!-- step: check FILE -->`: the block is the whole of FILE as the
//!   steps before made it (the C text shows a file whole after changing
//!   it);
//! - `<!-- step: show -->`: a block shown only;
//! - `<!-- checkpoint: KEYS -->` (no block): the part builds, and its
//!   program, run in a pseudo-terminal with KEYS typed (a trace's escapes),
//!   exits with status 0; `<!-- checkpoint: KEYS -- ARGS -->` runs it with
//!   ARGS.
//!
//! ITEM is a name as [`find_item`](crate::snippet::find_item) takes it
//! (`create_map_tiles`, `Tile`, `Map::index`), or an impl block's first
//! line without its brace (`impl Index<Position> for Map`). FILE is a path
//! inside the part's project (`crates/map/src/lib.rs`).
//!
//! The replay ([`crate::replay`]) applies the steps, the book
//! ([`crate::book`]) captions them and lists the files they make, and
//! the workflows ([`crate::workflow`]) take their folders from them.

use std::collections::BTreeMap;

/// What a part did to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The part made it.
    New,
    /// The part changed it.
    Changed,
}

/// What a step does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A new file, whole.
    New(String),
    /// A file written whole, over what was there.
    Write(String),
    /// A block added to a file: at its end, or after or before an item.
    Add(String, Option<(Place, String)>),
    /// An item replaced.
    Replace(String, String),
    /// A diff applied to a file.
    Diff(String),
    /// Commands run in a folder.
    Sh(Folder),
    /// Commands shown, not run, where a reader runs them, and why.
    NotHere(Folder, String),
    /// A file's whole text as it stands.
    Check(String),
    /// A block shown only.
    Show,
    /// A build, and a run with these keys and arguments.
    Checkpoint(String, Vec<String>),
}

/// Where a command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    /// The reader's project folder, the part's.
    Project,
    /// The folder above the project, where a reader keeps projects.
    Parent,
    /// Any folder.
    Any,
    /// A checkout of this repository.
    Repo,
}

/// Where an added block goes, next to an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// After the item.
    After,
    /// Before the item.
    Before,
}

/// A step of a page: its line, what it does, and its block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The note's line on the page, from 1.
    pub line: usize,
    /// What it does.
    pub action: Action,
    /// The block after the note, if the step has one.
    pub block: Option<String>,
}

/// The steps of a page, in order.
///
/// # Errors
/// A note that cannot be read, or a step without its block.
pub fn steps(page: &str) -> Result<Vec<Step>, Vec<String>> {
    let lines: Vec<&str> = page.lines().collect();
    let mut steps = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(note) = line
            .strip_prefix("<!-- ")
            .and_then(|l| l.strip_suffix(" -->"))
        else {
            continue;
        };
        let n = i + 1;
        let action = if let Some(spec) = note.strip_prefix("step: ") {
            match action(spec) {
                Ok(action) => action,
                Err(e) => {
                    problems.push(format!("line {n}: {e}"));
                    continue;
                }
            }
        } else if let Some(spec) =
            note.strip_prefix("checkpoint:").map(str::trim)
        {
            let (keys, args) = spec
                .split_once("--")
                .map_or((spec, ""), |(k, a)| (k.trim(), a.trim()));
            Action::Checkpoint(
                keys.to_string(),
                args.split_whitespace().map(str::to_string).collect(),
            )
        } else {
            continue;
        };
        let block = if matches!(action, Action::Checkpoint(..)) {
            None
        } else {
            match block_after(&lines, i + 1) {
                Some(block) => Some(block),
                None => {
                    problems.push(format!(
                        "line {n}: the note is not followed by a code block"
                    ));
                    continue;
                }
            }
        };
        steps.push(Step {
            line: n,
            action,
            block,
        });
    }
    if problems.is_empty() {
        Ok(steps)
    } else {
        Err(problems)
    }
}

/// The action of a step note's text.
pub fn action(spec: &str) -> Result<Action, String> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let file = || words.get(1).map(|w| (*w).to_string());
    let missing = || format!("'step: {spec}' names no file");
    Ok(match words.first().copied() {
        Some("new") => Action::New(file().ok_or_else(missing)?),
        Some("write") => Action::Write(file().ok_or_else(missing)?),
        Some("add") => {
            let place = match words.get(2).copied() {
                None => None,
                Some("after") => Some(Place::After),
                Some("before") => Some(Place::Before),
                Some(other) => {
                    return Err(format!(
                        "'step: {spec}': '{other}' is not after or before"
                    ))
                }
            };
            let item = words.get(3..).map(|w| w.join(" ")).unwrap_or_default();
            if place.is_some() && item.is_empty() {
                return Err(format!("'step: {spec}' names no item"));
            }
            Action::Add(file().ok_or_else(missing)?, place.map(|p| (p, item)))
        }
        Some("replace") => {
            let item = words.get(2..).map(|w| w.join(" ")).unwrap_or_default();
            if item.is_empty() {
                return Err(format!("'step: {spec}' names no item"));
            }
            Action::Replace(file().ok_or_else(missing)?, item)
        }
        Some("diff") => Action::Diff(file().ok_or_else(missing)?),
        Some("sh") => match words.get(1..).unwrap_or_default() {
            [] => Action::Sh(Folder::Project),
            [".."] => Action::Sh(Folder::Parent),
            ["any"] => Action::Sh(Folder::Any),
            _ => {
                return Err(format!(
                    "'step: {spec}': `sh`, `sh ..` or `sh any`"
                ))
            }
        },
        Some("sh-repo") if words.len() == 1 => Action::Sh(Folder::Repo),
        Some("sh-not-here") => {
            let (folder, why) = match words.get(1).copied() {
                Some("..") => (Folder::Parent, &words[2..]),
                Some("any") => (Folder::Any, &words[2..]),
                Some("repo") => (Folder::Repo, &words[2..]),
                _ => (Folder::Project, &words[1..]),
            };
            if why.is_empty() {
                return Err(format!("'step: {spec}' says not why"));
            }
            Action::NotHere(folder, why.join(" "))
        }
        Some("check") => Action::Check(file().ok_or_else(missing)?),
        Some("show") => Action::Show,
        _ => return Err(format!("'step: {spec}' is no step")),
    })
}

/// The fenced block starting at line `i` (blank lines before it skipped):
/// its content.
fn block_after(lines: &[&str], mut i: usize) -> Option<String> {
    while lines.get(i).is_some_and(|l| l.trim().is_empty()) {
        i += 1;
    }
    let fence = lines.get(i)?;
    if !fence.starts_with("```") {
        return None;
    }
    let len = lines[i + 1..].iter().position(|l| *l == "```")?;
    Some(lines[i + 1..i + 1 + len].join("\n"))
}

/// The files a `cargo new` command of `script` writes: the crate's
/// manifest and its `main.rs` (`lib.rs` with `--lib`).
pub fn cargo_new_files(script: &str) -> Vec<String> {
    let mut files = Vec::new();
    for line in script.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(["cargo", "new"]) = words.get(..2) else {
            continue;
        };
        let mut lib = false;
        let mut folder = None;
        let mut rest = words[2..].iter();
        while let Some(word) = rest.next() {
            match *word {
                "--lib" => lib = true,
                "--bin" => {}
                w if w.starts_with("--") && !w.contains('=') => {
                    rest.next();
                }
                w if !w.starts_with('-') => folder = Some(w),
                _ => {}
            }
        }
        if let Some(folder) = folder {
            let source = if lib { "lib.rs" } else { "main.rs" };
            files.push(format!("{folder}/Cargo.toml"));
            files.push(format!("{folder}/src/{source}"));
        }
    }
    files
}

/// The files the steps of a page make or change, by path.
pub fn changes(steps: &[Step]) -> BTreeMap<String, Change> {
    let mut found = BTreeMap::new();
    for step in steps {
        match &step.action {
            Action::New(file) => {
                found.insert(file.clone(), Change::New);
            }
            Action::Write(file)
            | Action::Add(file, _)
            | Action::Replace(file, _)
            | Action::Diff(file) => {
                found.entry(file.clone()).or_insert(Change::Changed);
            }
            Action::Sh(Folder::Project) => {
                let script = step.block.as_deref().unwrap_or_default();
                for file in cargo_new_files(script) {
                    found.insert(file, Change::New);
                }
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_read_with_their_blocks() {
        let page = "# P\n<!-- step: add src/lib.rs after one -->\n```rust,ignore\nfn two() {}\n```\n<!-- checkpoint: jjq -- --seed 42 -->\n<!-- step: sh-not-here macOS only -->\n```sh\nbrew install ncurses\n```\n<!-- step: diff src/lib.rs -->\ntext\n";
        let found = steps(page).unwrap_err();
        assert_eq!(
            found,
            ["line 11: the note is not followed by a code block"]
        );
        let page = page.replace("<!-- step: diff src/lib.rs -->\ntext\n", "");
        let found = steps(&page).unwrap();
        assert_eq!(found.len(), 3);
        assert_eq!(
            found[0].action,
            Action::Add(
                "src/lib.rs".into(),
                Some((Place::After, "one".into()))
            )
        );
        assert_eq!(found[0].block.as_deref(), Some("fn two() {}"));
        assert_eq!(
            found[1].action,
            Action::Checkpoint(
                "jjq".into(),
                vec!["--seed".into(), "42".into()]
            )
        );
        assert_eq!(
            found[2].action,
            Action::NotHere(Folder::Project, "macOS only".into())
        );
    }

    #[test]
    fn commands_say_where_they_run() {
        let parsed = |spec: &str| action(spec);
        assert_eq!(parsed("sh"), Ok(Action::Sh(Folder::Project)));
        assert_eq!(parsed("sh .."), Ok(Action::Sh(Folder::Parent)));
        assert_eq!(parsed("sh any"), Ok(Action::Sh(Folder::Any)));
        assert_eq!(parsed("sh-repo"), Ok(Action::Sh(Folder::Repo)));
        assert!(parsed("sh repo").is_err());
        assert_eq!(
            parsed("sh-not-here repo it plays"),
            Ok(Action::NotHere(Folder::Repo, "it plays".into()))
        );
        assert_eq!(
            parsed("sh-not-here any as root"),
            Ok(Action::NotHere(Folder::Any, "as root".into()))
        );
        assert_eq!(
            parsed("sh-not-here .. why"),
            Ok(Action::NotHere(Folder::Parent, "why".into()))
        );
        assert!(parsed("sh-not-here repo").is_err());
    }

    #[test]
    fn cargo_new_makes_a_manifest_and_a_source() {
        assert_eq!(
            cargo_new_files(
                "cargo new --vcs none --name rogue-main crates/main"
            ),
            ["crates/main/Cargo.toml", "crates/main/src/main.rs"]
        );
    }
}
