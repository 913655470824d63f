//! The links to the C tutorial's repository, checked against a clone of
//! it (`C_REPO=<its git dir>`).
//!
//! Every link to `github.com/ignaoya/c-roguelike-tutorial` names a branch,
//! and may name a file and lines (`blob/Part_02/src/map.c#L3-L18`). The
//! branch must exist, and the file on it. Lines must cover exactly:
//! - in a tutorial text (`tutorial/Part_0N.txt`), one fenced block, from
//!   its opening fence to its closing one, or prose outside any block;
//! - in a source file, whole top-level items (a function, a struct, a
//!   `#define`, a declaration), from the first line of one to the last
//!   line of another, each named in the link's paragraph (up to the link)
//!   or in the heading above it; an item next to them that the heading
//!   names must be covered too.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// The repository the links point into.
const REPOSITORY: &str = "https://github.com/ignaoya/c-roguelike-tutorial/";

/// A link found on a page.
#[derive(Debug, PartialEq, Eq)]
struct Link {
    /// The page's line, counted from 1.
    line: usize,
    /// The branch (`Part_02`).
    branch: String,
    /// The file on it, if any (`src/map.c`).
    path: Option<String>,
    /// The lines, if any, first and last, counted from 1.
    lines: Option<(usize, usize)>,
}

/// Every link into the C repository on `page`.
fn links(page: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for (number, line) in page.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find(REPOSITORY) {
            rest = &rest[at + REPOSITORY.len()..];
            let end = rest
                .find(|c: char| c == ')' || c == '>' || c.is_whitespace())
                .unwrap_or(rest.len());
            if let Some(link) = parse(&rest[..end], number + 1) {
                found.push(link);
            }
        }
    }
    found
}

/// `blob/BRANCH/PATH#La-Lb` or `tree/BRANCH`.
fn parse(url: &str, line: usize) -> Option<Link> {
    let (url, anchor) = match url.split_once('#') {
        Some((url, anchor)) => (url, Some(anchor)),
        None => (url, None),
    };
    let rest = url
        .strip_prefix("blob/")
        .or_else(|| url.strip_prefix("tree/"))?;
    let (branch, path) = match rest.split_once('/') {
        Some((branch, path)) if !path.is_empty() => (branch, Some(path)),
        Some((branch, _)) => (branch, None),
        None => (rest, None),
    };
    let lines = anchor.and_then(|a| {
        let (first, last) = a.split_once('-').unwrap_or((a, a));
        let first = first.strip_prefix('L')?.parse().ok()?;
        let last = last.strip_prefix('L')?.parse().ok()?;
        Some((first, last))
    });
    Some(Link {
        line,
        branch: branch.to_string(),
        path: path.map(str::to_string),
        lines,
    })
}

/// A file of the repository at `git_dir` on `branch` (or on its
/// remote-tracking twin, in a clone that has only those).
fn file_on(git_dir: &Path, branch: &str, path: &str) -> Option<String> {
    [branch.to_string(), format!("origin/{branch}")]
        .iter()
        .find_map(|rev| {
            let out = Command::new("git")
                .arg("--git-dir")
                .arg(git_dir)
                .args(["show", &format!("{rev}:{path}")])
                .output()
                .ok()?;
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
        })
}

/// Whether `branch` exists in the repository at `git_dir`.
fn has_branch(git_dir: &Path, branch: &str) -> bool {
    [branch.to_string(), format!("origin/{branch}")]
        .iter()
        .any(|rev| {
            Command::new("git")
                .arg("--git-dir")
                .arg(git_dir)
                .args(["rev-parse", "--verify", "--quiet"])
                .arg(format!("{rev}^{{commit}}"))
                .output()
                .is_ok_and(|out| out.status.success())
        })
}

/// The fenced blocks of a text, first and last lines (the fences),
/// counted from 1.
fn fenced_blocks(text: &str) -> Vec<(usize, usize)> {
    let mut blocks = Vec::new();
    let mut open = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match open.take() {
                Some(first) => blocks.push((first, i + 1)),
                None => open = Some(i + 1),
            }
        }
    }
    blocks
}

/// The top-level items of a C file: name, first and last lines, counted
/// from 1.
fn c_items(source: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    let mut items = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let starts_item = !line.is_empty()
            && !line.starts_with([' ', '\t', '}', '{', '/', '*'])
            && !line.starts_with("#include")
            && !line.starts_with("#ifndef")
            && !line.starts_with("#endif")
            && !line.starts_with("#pragma");
        if !starts_item {
            i += 1;
            continue;
        }
        let define = line.starts_with("#define");
        let one_line = define || line.trim_end().ends_with(';');
        let last = if one_line {
            i
        } else {
            (i..lines.len())
                .find(|&j| lines[j].starts_with('}'))
                .unwrap_or(i)
        };
        if let Some(name) = item_name(&lines[i..=last]) {
            items.push((name, i + 1, last + 1));
        }
        i = last + 1;
    }
    items
}

/// The name a C item declares: a function's or a macro's, the type a
/// `typedef struct { ... } Name;` declares, or a variable's.
fn item_name(item: &[&str]) -> Option<String> {
    let first = item.first()?;
    let ident = |s: &str| -> Option<String> {
        let name: String = s
            .trim_start_matches(|c: char| !(c.is_alphanumeric() || c == '_'))
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        (!name.is_empty()).then_some(name)
    };
    if let Some(rest) = first.strip_prefix("#define") {
        return ident(rest);
    }
    let last = item.last()?;
    if item.len() > 1 && last.starts_with('}') {
        if let Some(name) = ident(last.trim_start_matches('}')) {
            return Some(name);
        }
    }
    let head = first.split('(').next()?;
    let head = head.split('=').next()?.trim_end_matches([';', ' ', '{']);
    let words: Vec<&str> = head.split_whitespace().collect();
    let last_word = words.last()?;
    if *last_word == "struct" || words.first() == Some(&"struct") {
        return words.get(1).and_then(|w| ident(w));
    }
    ident(last_word.trim_start_matches('*'))
}

/// Whether `text` has `name` as a whole word.
fn names(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Checks every C link of `page` (named `name` in messages) against the
/// repository at `git_dir`; the problems found.
pub fn check(page: &str, name: &str, git_dir: &Path) -> Vec<String> {
    let page_lines: Vec<&str> = page.lines().collect();
    let mut problems = Vec::new();
    // Each branch and file is asked of git once, however many links name
    // it.
    let mut branches = HashMap::new();
    let mut files = HashMap::new();
    for link in links(page) {
        let at = format!("{name}:{}", link.line);
        let branch = link.branch.clone();
        if !*branches
            .entry(branch.clone())
            .or_insert_with(|| has_branch(git_dir, &branch))
        {
            problems.push(format!("{at}: no branch {}", link.branch));
            continue;
        }
        let Some(path) = &link.path else { continue };
        let text = files
            .entry((branch.clone(), path.clone()))
            .or_insert_with(|| file_on(git_dir, &branch, path));
        let Some(text) = text.as_deref() else {
            problems.push(format!(
                "{at}: no file {path} on branch {}",
                link.branch
            ));
            continue;
        };
        let Some((first, last)) = link.lines else {
            continue;
        };
        let count = text.lines().count();
        if first == 0 || first > last || last > count {
            problems.push(format!(
                "{at}: lines {first}-{last} of {path} ({count} lines)"
            ));
        } else if path.starts_with("tutorial/") {
            let blocks = fenced_blocks(text);
            let overlaps = blocks.iter().any(|&(a, b)| a <= last && first <= b);
            if overlaps && !blocks.contains(&(first, last)) {
                problems.push(format!(
                    "{at}: lines {first}-{last} of {path} on {} are not one \
                     code block, fences included",
                    link.branch
                ));
            }
        } else {
            let items = c_items(text);
            let heading = page_lines[..link.line]
                .iter()
                .rev()
                .find(|l| l.starts_with('#'))
                .copied()
                .unwrap_or_default();
            // The link's paragraph, up to the link: a link's text may
            // wrap.
            let start = page_lines[..link.line]
                .iter()
                .rposition(|l| l.trim().is_empty())
                .map_or(0, |i| i + 1);
            let line = page_lines[start..link.line].join("\n");
            let named = |item: &str| names(&line, item) || names(heading, item);
            let first_item = items.iter().position(|i| i.1 == first);
            let last_item = items.iter().position(|i| i.2 == last);
            let (Some(a), Some(b)) = (first_item, last_item) else {
                problems.push(format!(
                    "{at}: lines {first}-{last} of {path} on {} are not whole \
                     items (items: {})",
                    link.branch,
                    items
                        .iter()
                        .map(|(n, a, b)| format!("{n} {a}-{b}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                continue;
            };
            for (item, _, _) in &items[a..=b] {
                if !named(item) {
                    problems.push(format!(
                        "{at}: links {item} ({path}, lines {first}-{last}), \
                         which neither the link's line nor its heading names"
                    ));
                }
            }
            let by_heading = items[a..=b].iter().all(|i| names(heading, &i.0));
            let before = a.checked_sub(1).map(|i| &items[i]);
            let around = before.into_iter().chain(items.get(b + 1));
            for (item, _, _) in around.filter(|_| by_heading) {
                if names(heading, item) {
                    problems.push(format!(
                        "{at}: the heading names {item}, next to lines \
                         {first}-{last} of {path}, which the link leaves out"
                    ));
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP_C: &str = "#include <rogue.h>\n\
        \n\
        Tile** createMapTiles(void)\n\
        {\n\
        \x20 return 0;\n\
        }\n\
        \n\
        void freeMap(void)\n\
        {\n\
        \x20 free(map);\n\
        }\n";

    const ROGUE_H: &str = "#ifndef ROGUE_H\n\
        #define ROGUE_H\n\
        \n\
        typedef struct\n\
        {\n\
        \x20 int y;\n\
        } Position;\n\
        \n\
        #define MAP_HEIGHT 25\n\
        extern Tile** map;\n\
        void handleInput(int input);\n\
        #endif\n";

    #[test]
    fn items_are_found_with_their_names_and_lines() {
        assert_eq!(
            c_items(MAP_C),
            [
                ("createMapTiles".to_string(), 3, 6),
                ("freeMap".to_string(), 8, 11)
            ]
        );
        let names: Vec<(String, usize, usize)> = c_items(ROGUE_H);
        assert_eq!(
            names,
            [
                ("ROGUE_H".to_string(), 2, 2),
                ("Position".to_string(), 4, 7),
                ("MAP_HEIGHT".to_string(), 9, 9),
                ("map".to_string(), 10, 10),
                ("handleInput".to_string(), 11, 11),
            ]
        );
    }

    #[test]
    fn links_are_read_with_branch_file_and_lines() {
        let page = format!(
            "a [b]({REPOSITORY}blob/Part_02/src/map.c#L3-L6) and \
             <{REPOSITORY}tree/Part_01>\n[c]({REPOSITORY}blob/Part_01/x.txt#L4)"
        );
        assert_eq!(
            links(&page),
            [
                Link {
                    line: 1,
                    branch: "Part_02".into(),
                    path: Some("src/map.c".into()),
                    lines: Some((3, 6)),
                },
                Link {
                    line: 1,
                    branch: "Part_01".into(),
                    path: None,
                    lines: None,
                },
                Link {
                    line: 2,
                    branch: "Part_01".into(),
                    path: Some("x.txt".into()),
                    lines: Some((4, 4)),
                },
            ]
        );
    }

    #[cfg(unix)]
    /// A repository with a branch `Part_02` holding `src/map.c` and a
    /// tutorial text.
    fn repository() -> std::path::PathBuf {
        let dir = std::env::temp_dir()
            .join(format!("rogue-c-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("tutorial")).unwrap();
        std::fs::write(dir.join("src/map.c"), MAP_C).unwrap();
        std::fs::write(
            dir.join("tutorial/Part_02.txt"),
            "Text.\n```c\nint x;\n```\nMore.\n",
        )
        .unwrap();
        let git = |args: &[&str]| {
            let ok = Command::new("git")
                .args(["-c", "user.name=t", "-c", "user.email=t@t"])
                .args(args)
                .current_dir(&dir)
                .output()
                .unwrap()
                .status
                .success();
            assert!(ok, "git {args:?}");
        };
        git(&["init", "-q", "-b", "Part_02"]);
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "c"]);
        dir.join(".git")
    }

    #[test]
    #[cfg(unix)] // git makes the repository; Wine's tests have none
    fn a_link_must_cover_exactly_the_items_it_names() {
        let repo = repository();
        let url = |rest: &str| format!("{REPOSITORY}blob/Part_02/{rest}");
        let good = format!(
            "### `createMapTiles`\n[map.c]({})\n\
             [`freeMap`]({}) and [step]({}), [prose]({})",
            url("src/map.c#L3-L6"),
            url("src/map.c#L8-L11"),
            url("tutorial/Part_02.txt#L2-L4"),
            url("tutorial/Part_02.txt#L5"),
        );
        assert_eq!(check(&good, "p", &repo), Vec::<String>::new());
        let bad = format!(
            "### `freeMap`\n[a]({})\n[b]({})\n[c]({})\n[d]({})\n[e]({})\n\
             [f]({REPOSITORY}tree/Part_09)",
            url("src/map.c#L3-L6"),
            url("src/map.c#L3-L5"),
            url("src/nope.c#L1"),
            url("src/map.c#L8-L40"),
            url("tutorial/Part_02.txt#L2-L3"),
        );
        let mut problems = check(&bad, "p", &repo);
        let both = format!(
            "### `createMapTiles` and `freeMap`\n[map.c]({})\n[map.c]({})",
            url("src/map.c#L3-L11"),
            url("src/map.c#L3-L6"),
        );
        problems.extend(check(&both, "q", &repo));
        let _ = std::fs::remove_dir_all(repo.parent().unwrap());
        assert_eq!(problems.len(), 7, "{problems:#?}");
        assert!(problems[6].starts_with("q:3: the heading names freeMap"));
        assert!(problems[0].contains("neither the link's line"));
        assert!(problems[1].contains("are not whole items"));
        assert!(problems[2].contains("no file src/nope.c"));
        assert!(problems[3].contains("lines 8-40"));
        assert!(problems[4].contains("not one code block"));
        assert!(problems[5].contains("no branch Part_09"));
    }
}
