//! A part page typed in, step by step: the page replayed into its part.
//!
//! A part page walks the C tutorial's text step by step, and each Rust
//! step carries a note right before the block it governs (see
//! [`crate::notes`]).
//!
//! The replay starts from the finished project of the part before (Part 0
//! from an empty folder), applies the steps in order, and at the end every
//! `.rs` file and every manifest of the project must be the part's own,
//! byte for byte.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use rogue_capture::{capture, CaptureOptions, Settle};

use crate::notes::{changes, Action, Change, Folder, Place, Step};
use crate::snippet::item_lines;

/// Where a replay runs: the part's folder and the target folder its
/// builds share.
pub struct Workspace {
    /// The folder above the part's (a reader's folder of projects).
    pub parent: PathBuf,
    /// The part's project folder.
    pub project: PathBuf,
    /// The target folder of every build.
    pub target: PathBuf,
    /// This repository's checkout, where `sh-repo` commands run.
    pub repo: PathBuf,
    /// Where the `OUT=DIR` folders of `sh-repo` commands are written.
    pub out: PathBuf,
}

/// Applies `step` in `ws`; what it ran, for the log.
///
/// # Errors
/// What went wrong, in one message.
pub fn apply(step: &Step, ws: &Workspace) -> Result<String, String> {
    let block = step.block.as_deref().unwrap_or_default();
    let path = |file: &str| ws.project.join(file);
    let read = |file: &str| {
        fs::read_to_string(path(file)).map_err(|e| format!("{file}: {e}"))
    };
    let write = |file: &str, text: &str| {
        let target = path(file);
        if let Some(dir) = target.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("{file}: {e}"))?;
        }
        fs::write(&target, text).map_err(|e| format!("{file}: {e}"))
    };
    match &step.action {
        Action::New(file) => {
            if path(file).exists() {
                return Err(format!(
                    "{file} exists already: `new` makes a new file"
                ));
            }
            write(file, &format!("{block}\n"))?;
            Ok(format!("new {file}"))
        }
        Action::Write(file) => {
            write(file, &format!("{block}\n"))?;
            Ok(format!("write {file}"))
        }
        Action::Add(file, place) => {
            let text = read(file)?;
            let added = match place {
                None if text.trim().is_empty() => format!("{block}\n"),
                None => format!("{}\n\n{block}\n", text.trim_end_matches('\n')),
                Some((place, item)) => {
                    let (first, end) =
                        item_lines(&text, item).ok_or_else(|| {
                            format!("{file} has no item `{item}`")
                        })?;
                    let lines: Vec<&str> = text.lines().collect();
                    let at = match place {
                        Place::After => end + 1,
                        Place::Before => first,
                    };
                    let mut out: Vec<&str> = lines[..at].to_vec();
                    if *place == Place::After {
                        out.push("");
                    }
                    out.extend(block.lines());
                    if *place == Place::Before {
                        out.push("");
                    }
                    out.extend(&lines[at..]);
                    format!("{}\n", out.join("\n"))
                }
            };
            write(file, &added)?;
            Ok(format!("add to {file}"))
        }
        Action::Replace(file, item) => {
            let text = read(file)?;
            let (first, end) = item_lines(&text, item)
                .ok_or_else(|| format!("{file} has no item `{item}`"))?;
            let lines: Vec<&str> = text.lines().collect();
            let mut out: Vec<&str> = lines[..first].to_vec();
            out.extend(block.lines());
            out.extend(&lines[end + 1..]);
            write(file, &format!("{}\n", out.join("\n")))?;
            Ok(format!("replace {item} in {file}"))
        }
        Action::Diff(file) => {
            let text = read(file)?;
            write(
                file,
                &patch(&text, block).map_err(|e| format!("{file}: {e}"))?,
            )?;
            Ok(format!("diff {file}"))
        }
        Action::Sh(folder) => {
            let mut command = Command::new("sh");
            command.env("CARGO_TERM_COLOR", "never");
            let script = if *folder == Folder::Repo {
                command.current_dir(&ws.repo);
                fs::create_dir_all(&ws.out).map_err(|e| e.to_string())?;
                moved_out(block, &ws.out)?
            } else {
                // Any folder is, in a replay, the folder above the part's.
                let above = matches!(folder, Folder::Parent | Folder::Any);
                command
                    .current_dir(if above { &ws.parent } else { &ws.project })
                    .env("CARGO_TARGET_DIR", &ws.target);
                block.to_string()
            };
            let out = command
                .args(["-e", "-c", &script])
                .output()
                .map_err(|e| format!("sh: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "`{block}` failed ({}):\n{}{}",
                    out.status,
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            let place = if *folder == Folder::Repo {
                " in this repository's checkout"
            } else {
                ""
            };
            Ok(format!("ran{place} `{}`", script.replace('\n', "; ")))
        }
        Action::NotHere(_, why) => Ok(format!("not run here: {why}")),
        Action::Check(file) => {
            if read(file)? == format!("{block}\n") {
                Ok(format!("{file} is as shown"))
            } else {
                Err(format!("{file} is not what the page shows of it"))
            }
        }
        Action::Show => Ok("shown".into()),
        Action::Checkpoint(keys, args) => checkpoint(ws, keys, args),
    }
}

/// `script`, its commands' `OUT=DIR` words moved into `out`: `OUT=DIR`
/// becomes `OUT=out/NAME`, NAME the last part of DIR.
///
/// # Errors
/// A line the shell's quoting rules cannot split, or an `OUT=` that names
/// no folder.
fn moved_out(script: &str, out: &Path) -> Result<String, String> {
    let mut lines = Vec::new();
    for line in script.lines() {
        let words =
            shell_words::split(line).map_err(|e| format!("`{line}`: {e}"))?;
        if !words.iter().any(|w| w.starts_with("OUT=")) {
            lines.push(line.to_string());
            continue;
        }
        let mut moved = Vec::new();
        for word in &words {
            // A `NAME=VALUE` word keeps its `NAME=` unquoted, as typed.
            let (name, value) = match word.split_once('=') {
                Some((name, value))
                    if !name.is_empty()
                        && name
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    (format!("{name}="), value)
                }
                _ => (String::new(), word.as_str()),
            };
            let value = if name == "OUT=" {
                let folder = Path::new(value).file_name().ok_or_else(|| {
                    format!("`{line}`: OUT={value} names no folder")
                })?;
                out.join(folder).display().to_string()
            } else {
                value.to_string()
            };
            moved.push(format!("{name}{}", shell_words::quote(&value)));
        }
        lines.push(moved.join(" "));
    }
    Ok(lines.join("\n"))
}

/// `cargo build` in the part's folder, then its program in a
/// pseudo-terminal, `keys` typed: it must exit with status 0.
fn checkpoint(
    ws: &Workspace,
    keys: &str,
    args: &[String],
) -> Result<String, String> {
    let out = Command::new(env!("CARGO"))
        .args(["build", "--quiet"])
        .current_dir(&ws.project)
        .env("CARGO_TARGET_DIR", &ws.target)
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the part does not build here:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let keys = rogue_trace_format::unescape_keys(keys)?;
    let mut command = vec![OsString::from(ws.target.join("debug/rogue-main"))];
    command.extend(args.iter().map(OsString::from));
    let options = CaptureOptions {
        cols: 100,
        rows: 25,
        keys: keys.clone(),
        every: false,
        term: "screen-256color".into(),
        env: Vec::new(),
        settle: Settle::default(),
        preload: true,
        part: None,
        rng: None,
        seed: None,
    };
    let captured = capture(&command, &options, None, |_| Ok(()))
        .map_err(|e| format!("the program: {e}"))?;
    match captured.outcome.ending() {
        Some(ending) if ending.exit.success() => {
            Ok(format!("built, and ran with keys {keys:?}: exit status 0"))
        }
        _ => Err(format!(
            "the program, keys {keys:?}, did not end with status 0: {}",
            captured.outcome.told(&captured.header.keys)
        )),
    }
}

/// `text` with the diff `diff` applied.
///
/// # Errors
/// A hunk whose kept and removed lines are not in `text` exactly once.
pub fn patch(text: &str, diff: &str) -> Result<String, String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut hunks: Vec<Vec<&str>> = Vec::new();
    for line in diff.lines() {
        if line.starts_with("@@") {
            hunks.push(Vec::new());
        } else if let Some(hunk) = hunks.last_mut() {
            hunk.push(line);
        } else if !line.starts_with("---") && !line.starts_with("+++") {
            return Err("a diff's first hunk starts with a line `@@`".into());
        }
    }
    for (h, hunk) in hunks.iter().enumerate() {
        let mut old: Vec<String> = Vec::new();
        let mut new: Vec<String> = Vec::new();
        for line in hunk {
            let (kind, rest) = line.split_at(line.len().min(1));
            match kind {
                " " | "" => {
                    old.push(rest.to_string());
                    new.push(rest.to_string());
                }
                "-" => old.push(rest.to_string()),
                "+" => new.push(rest.to_string()),
                _ => {
                    return Err(format!(
                    "hunk {}: `{line}` starts with neither ' ', '-' nor '+'",
                    h + 1
                ))
                }
            }
        }
        let found: Vec<usize> = (0..=lines.len().saturating_sub(old.len()))
            .filter(|&at| lines[at..].starts_with(&old))
            .collect();
        match found.as_slice() {
            [at] => {
                lines.splice(*at..*at + old.len(), new);
            }
            [] => {
                return Err(format!(
                    "hunk {}: its lines are not in the file:\n{}",
                    h + 1,
                    old.join("\n")
                ))
            }
            _ => {
                return Err(format!(
                    "hunk {}: its lines are in the file {} times",
                    h + 1,
                    found.len()
                ))
            }
        }
    }
    Ok(format!("{}\n", lines.join("\n")))
}

/// Whether a replay compares the file at `path`: every `.rs` file, every
/// manifest, and the formatter's settings.
fn compared(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "rs")
        || path
            .file_name()
            .is_some_and(|n| n == "Cargo.toml" || n == "rustfmt.toml")
}

/// Every file under `dir`, by path relative to it, but its `target`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            found.extend(files(&path).into_iter().map(|p| {
                Path::new(path.file_name().unwrap_or_default()).join(p)
            }));
        } else if let Some(name) = path.file_name() {
            found.push(PathBuf::from(name));
        }
    }
    found
}

/// Replays the page of Part `part` (its steps) in `scratch`, from the
/// part before; each step is logged with `log`. The problems found: a
/// step that fails stops the replay.
pub fn replay(
    root: &Path,
    part: u8,
    steps: &[Step],
    scratch: &Path,
    log: &mut dyn FnMut(&str),
) -> Result<(), Vec<String>> {
    let ws = Workspace {
        parent: scratch.join(format!("part-{part}")),
        project: scratch.join(format!("part-{part}/rogue")),
        target: scratch.join("target"),
        repo: root.to_path_buf(),
        out: scratch.join(format!("part-{part}/out")),
    };
    let _ = fs::remove_dir_all(&ws.parent);
    fs::create_dir_all(&ws.parent).map_err(|e| vec![e.to_string()])?;
    let before = if part > 0 {
        let before = rogue_parts::view(root, part - 1).map_err(|e| vec![e])?;
        rogue_parts::write_view(&before, &ws.project)
            .map_err(|e| vec![e.to_string()])?;
        // The project as `make part` writes it, with its own lock.
        rogue_parts::own_lock(&ws.project).map_err(|e| vec![e])?;
        before
    } else {
        rogue_parts::View::new()
    };
    for step in steps {
        match apply(step, &ws) {
            Ok(done) => log(&format!("line {}: {done}", step.line)),
            Err(e) => return Err(vec![format!("line {}: {e}", step.line)]),
        }
    }
    let want = rogue_parts::view(root, part).map_err(|e| vec![e])?;
    let mut problems = Vec::new();
    for (path, text) in want.iter().filter(|(p, _)| compared(p)) {
        match fs::read_to_string(ws.project.join(path)) {
            Ok(typed) if &typed == text => {}
            Ok(typed) => {
                let diff = similar::TextDiff::from_lines(
                    typed.as_str(),
                    text.as_str(),
                );
                problems.push(format!(
                    "{}: the page's steps make it differ from the part's own:\n{}",
                    path.display(),
                    diff.unified_diff()
                        .context_radius(2)
                        .header("typed in", "the part")
                ));
            }
            Err(_) => problems.push(format!(
                "{}: the page's steps never make it",
                path.display()
            )),
        }
    }
    problems.extend(listed_wrong(&changes(steps), &before, &want));
    for path in files(&ws.project) {
        if compared(&path) && !want.contains_key(&path) {
            problems.push(format!(
                "{}: the page's steps make it, and the part has none",
                path.display()
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Where the list of files a page ends with (made by the book's
/// preprocessor from the page's steps)
/// is not what the part did to its files, from `before` to `after`: one
/// line each.
fn listed_wrong(
    listed: &std::collections::BTreeMap<String, Change>,
    before: &rogue_parts::View,
    after: &rogue_parts::View,
) -> Vec<String> {
    let mut done = std::collections::BTreeMap::new();
    for (path, text) in after.iter().filter(|(p, _)| compared(p)) {
        let change = match before.get(path) {
            None => Change::New,
            Some(old) if old != text => Change::Changed,
            Some(_) => continue,
        };
        done.insert(path.display().to_string(), change);
    }
    let said = |c: Option<&Change>| match c {
        Some(Change::New) => "new",
        Some(Change::Changed) => "changed",
        None => "nothing",
    };
    let did = |c: Option<&Change>| match c {
        Some(Change::New) => "made it",
        Some(Change::Changed) => "changed it",
        None => "left it as it was",
    };
    let mut problems = Vec::new();
    let paths: std::collections::BTreeSet<&String> =
        listed.keys().chain(done.keys()).collect();
    for path in paths {
        let (listed, done) = (listed.get(path), done.get(path));
        if listed != done {
            problems.push(format!(
                "{path}: the page's list of files says {}; the part {}",
                said(listed),
                did(done)
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "/// One.\npub fn one() -> i32 {\n    1\n}\n\n/// Three.\npub fn three() -> i32 {\n    3\n}\n";

    #[test]
    fn the_list_of_files_must_be_what_the_part_did() {
        let view = |files: &[(&str, &str)]| -> rogue_parts::View {
            files
                .iter()
                .map(|(p, t)| (PathBuf::from(p), (*t).to_string()))
                .collect()
        };
        let before = view(&[("a.rs", "a"), ("same.rs", "s")]);
        let after = view(&[
            ("a.rs", "a, changed"),
            ("b.rs", "b"),
            ("same.rs", "s"),
            ("Cargo.lock", "not compared"),
        ]);
        let listed = |files: &[(&str, Change)]| {
            files.iter().map(|(p, c)| ((*p).to_string(), *c)).collect()
        };
        let right = listed(&[("a.rs", Change::Changed), ("b.rs", Change::New)]);
        assert!(listed_wrong(&right, &before, &after).is_empty());
        let wrong =
            listed(&[("a.rs", Change::New), ("same.rs", Change::Changed)]);
        assert_eq!(
            listed_wrong(&wrong, &before, &after),
            [
                "a.rs: the page's list of files says new; the part changed it",
                "b.rs: the page's list of files says nothing; the part made it",
                "same.rs: the page's list of files says changed; the part left it as it was",
            ]
        );
    }

    #[test]
    fn a_repository_command_writes_its_out_in_the_replay_s_folder() {
        let out = Path::new("/tmp/replay/out");
        let moved = out.join("part-2").display().to_string();
        assert_eq!(
            moved_out("make part PART=2 OUT=../part-2\nls", out).unwrap(),
            format!("make part PART=2 OUT={}\nls", shell_words::quote(&moved))
        );
        assert!(moved_out("make part OUT=..", out).is_err());
    }

    #[test]
    #[cfg(unix)] // runs `sh`, which Wine's tests have not
    fn a_repository_command_runs_in_the_checkout() {
        let dir = std::env::temp_dir()
            .join(format!("rogue-docs-repo-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("repo")).unwrap();
        let ws = Workspace {
            parent: dir.join("parent"),
            project: dir.join("project"),
            target: dir.join("target"),
            repo: dir.join("repo"),
            out: dir.join("out"),
        };
        let step = Step {
            line: 1,
            action: Action::Sh(Folder::Repo),
            block: Some("mkdir x\nenv OUT=../y sh -c 'mkdir \"$OUT\"'".into()),
        };
        let said = apply(&step, &ws).unwrap();
        assert!(
            said.starts_with("ran in this repository's checkout"),
            "{said}"
        );
        // Run in the checkout; its OUT in the replay's folder, not beside
        // the checkout.
        assert!(dir.join("repo/x").is_dir());
        assert!(dir.join("out/y").is_dir());
        assert!(!dir.join("y").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    fn applied(action: Action, block: &str) -> Result<String, String> {
        let dir = std::env::temp_dir().join(format!(
            "rogue-docs-replay-{}-{}",
            std::process::id(),
            block.len()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::write(dir.join("src/lib.rs"), SOURCE).unwrap();
        let ws = Workspace {
            parent: dir.clone(),
            project: dir.clone(),
            target: dir.join("target"),
            repo: dir.clone(),
            out: dir.join("out"),
        };
        let step = Step {
            line: 1,
            action,
            block: Some(block.to_string()),
        };
        let done = apply(&step, &ws);
        let text = fs::read_to_string(dir.join("src/lib.rs")).unwrap();
        let _ = fs::remove_dir_all(&dir);
        done.map(|_| text)
    }

    #[test]
    fn blocks_go_where_the_note_says() {
        let lib = || "src/lib.rs".to_string();
        let two = "/// Two.\npub fn two() -> i32 {\n    2\n}";
        let after = applied(
            Action::Add(lib(), Some((Place::After, "one".into()))),
            two,
        );
        let before = applied(
            Action::Add(lib(), Some((Place::Before, "three".into()))),
            two,
        );
        let whole = "/// One.\npub fn one() -> i32 {\n    1\n}\n\n/// Two.\npub fn two() -> i32 {\n    2\n}\n\n/// Three.\npub fn three() -> i32 {\n    3\n}\n";
        assert_eq!(after.unwrap(), whole);
        assert_eq!(before.unwrap(), whole);
        let end = applied(Action::Add(lib(), None), two).unwrap();
        assert!(end.ends_with(
            "    3\n}\n\n/// Two.\npub fn two() -> i32 {\n    2\n}\n"
        ));
        let replaced =
            applied(Action::Replace(lib(), "three".into()), "fn three() {}")
                .unwrap();
        assert!(
            replaced.ends_with("    1\n}\n\nfn three() {}\n"),
            "{replaced}"
        );
        let missing = applied(Action::Replace(lib(), "four".into()), "x");
        assert_eq!(missing.unwrap_err(), "src/lib.rs has no item `four`");
        let exists = applied(Action::New(lib()), "x");
        assert!(exists.unwrap_err().contains("exists already"));
    }

    #[test]
    fn a_diff_changes_the_lines_it_names_once() {
        let diff = "@@ the first\n pub fn one() -> i32 {\n-    1\n+    10\n }\n@@\n-/// Three.\n+/// Three, and more.";
        let patched = patch(SOURCE, diff).unwrap();
        assert_eq!(
            patched,
            SOURCE
                .replace("    1\n", "    10\n")
                .replace("Three.", "Three, and more.")
        );
        let twice = patch(SOURCE, "@@\n }").unwrap_err();
        assert!(twice.contains("2 times"), "{twice}");
        let absent = patch(SOURCE, "@@\n-fn four()").unwrap_err();
        assert!(absent.contains("not in the file"), "{absent}");
    }
}
