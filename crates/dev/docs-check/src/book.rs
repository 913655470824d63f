//! The book as a reader sees it: each step note of a part page shown as a
//! caption above its block, and the page's files, added and changed,
//! listed at its end.
//!
//! `make book` runs this as an mdBook preprocessor (`docs/book.toml`):
//! mdBook gives the book as JSON on standard input and takes it back,
//! changed, on standard output. The captions are made from the notes the
//! replay reads ([`crate::notes::steps`]), so what a reader is told to do
//! is what the docs check does.
//!
//! The captions are HTML (`div.rogue-step`, styled by `docs/steps.css`),
//! each on a line of its own between blank lines, before its note: a
//! Markdown paragraph or a code block next to them stays as it is.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::notes::{
    cargo_new_files, changes, steps, Action, Change, Folder, Place, Step,
};

/// The line a part page holds where the list of its files goes.
pub const FILES_MARKER: &str = "<!-- part-files -->";

/// The C file that a file of Part `part`'s project stands for, by its
/// path in the project: each crate is one C module, and the manifests are
/// the C's build, its `gcc` command line in Part 0 and its `makefile` from
/// Part 1 on.
pub fn c_file(path: &str, part: u8) -> &'static str {
    let build = if part == 0 {
        "the `gcc` command line"
    } else {
        "`makefile`"
    };
    let mut parts = path.split('/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("Cargo.toml"), None, _) => build,
        (Some("rustfmt.toml"), None, _) => "none: Rust's formatter",
        (Some("crates"), Some(_), Some("Cargo.toml")) => build,
        (Some("crates"), Some(name), Some("src")) => match name {
            "types" => "`rogue.h`",
            "main" => "`main.c`",
            "player" => "`player.c`",
            "map" => "`map.c`",
            "draw" => "`draw.c`",
            "engine" => "`engine.c`",
            "room" => "`room.c`",
            "fov" => "`fov.c`",
            "crand" => "none: the C library's `rand()`",
            _ => "none",
        },
        _ => "none",
    }
}

/// `text` for HTML: `&`, `<` and `>` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `text` for HTML, its `` `code` `` spans as `<code>`.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, piece) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", escape(piece));
        } else {
            out.push_str(&escape(piece));
        }
    }
    out
}

/// Where a command runs, as a reader is told.
fn folder_text(folder: Folder) -> &'static str {
    match folder {
        Folder::Project => "Run in your project folder, `rogue`",
        Folder::Parent => {
            "Run in the folder that holds your projects, above `rogue`"
        }
        Folder::Any => "Run in any folder",
        Folder::Repo => {
            "Run in a checkout of this book's repository, not in your project"
        }
    }
}

/// How a diff reads, said at a page's first diff.
const DIFF_HELP: &str = "A diff: each `@@` line starts a place in the \
    file; lines starting with a space are there already and show where; \
    delete the lines starting with `-`, and type those starting with `+` \
    (without the `+`).";

/// What a caption says: the file, if the step has one, what to do, and a
/// longer help if the step needs one.
struct Caption {
    file: Option<String>,
    what: String,
    help: Option<&'static str>,
}

/// The caption of `step`; `generated` holds the files a `cargo new` on
/// the page wrote before it, `diffs` how many diffs came before it.
fn caption(step: &Step, generated: &BTreeSet<String>, diffs: usize) -> Caption {
    let file = |f: &String| Some(f.clone());
    let (file, what) = match &step.action {
        Action::New(f) => (file(f), "a new file: type it whole".to_string()),
        Action::Write(f) if generated.contains(f) => (
            file(f),
            "replace what `cargo new` wrote with this, whole".to_string(),
        ),
        Action::Write(f) => {
            (file(f), "replace the whole file with this".to_string())
        }
        Action::Add(f, None) => {
            (file(f), "add at the end, after a blank line".to_string())
        }
        Action::Add(f, Some((Place::After, item))) => {
            (file(f), format!("add after `{item}`, a blank line between"))
        }
        Action::Add(f, Some((Place::Before, item))) => (
            file(f),
            format!("add before `{item}`, a blank line between"),
        ),
        Action::Replace(f, item) => (
            file(f),
            format!("replace `{item}` (its doc comment too) with this"),
        ),
        Action::Diff(f) => (file(f), "change as shown".to_string()),
        Action::Check(f) => (
            file(f),
            "the whole file as it stands now: compare yours, nothing to type"
                .to_string(),
        ),
        Action::Show => (None, "An excerpt to read, not to type".to_string()),
        Action::Sh(folder) => (None, folder_text(*folder).to_string()),
        Action::NotHere(folder, why) => {
            (None, format!("{} ({why})", folder_text(*folder)))
        }
        Action::Checkpoint(..) => (
            None,
            format!("{}: it builds, and runs", folder_text(Folder::Project)),
        ),
    };
    let help = (matches!(step.action, Action::Diff(_)) && diffs == 0)
        .then_some(DIFF_HELP);
    Caption { file, what, help }
}

/// The HTML of a caption, on one line.
fn caption_html(caption: &Caption) -> String {
    let mut html = String::from("<div class=\"rogue-step\">");
    if let Some(file) = &caption.file {
        let _ = write!(
            html,
            "<span class=\"rogue-step-file\"><code>{}</code></span> ",
            escape(file)
        );
    }
    let kind = if caption.file.is_some() {
        "rogue-step-what"
    } else {
        "rogue-step-run"
    };
    let _ = write!(
        html,
        "<span class=\"{kind}\">{}</span>",
        inline(&caption.what)
    );
    if let Some(help) = caption.help {
        let _ = write!(
            html,
            "<span class=\"rogue-step-help\">{}</span>",
            inline(help)
        );
    }
    html.push_str("</div>");
    html
}

/// The section that lists what Part `part` added and changed, file by
/// file, with the C file beside each.
pub fn files_section(part: u8, changes: &BTreeMap<String, Change>) -> String {
    let mut out = format!(
        "## What Part {part} added and changed\n\n\
         File by file, as this page's steps leave them, with the C file each \
         one follows:\n\n\
         | File | Part {part} | In the C |\n|---|---|---|\n"
    );
    for (file, change) in changes {
        let change = match change {
            Change::New => "new",
            Change::Changed => "changed",
        };
        let _ =
            writeln!(out, "| `{file}` | {change} | {} |", c_file(file, part));
    }
    out
}

/// The lines (from 1) of the code blocks of `page` that no note
/// precedes: a block whose last line before it (blank lines aside) is
/// neither a marker (`<!-- ... -->`) nor a picture, which a marker
/// precedes.
fn unnoted_blocks(page: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut last = "";
    let mut inside = false;
    for (i, line) in page.lines().enumerate() {
        if inside {
            inside = line != "```";
            continue;
        }
        if line.starts_with("```") {
            inside = true;
            if !last.starts_with("<!-- ") && !last.starts_with("![") {
                found.push(i + 1);
            }
        }
        if !line.trim().is_empty() {
            last = line;
        }
    }
    found
}

/// A part page as the book shows it: a caption before every note, and
/// the list of its files where [`FILES_MARKER`] stands.
///
/// # Errors
/// A note that cannot be read (as [`steps`] says), a code block without a
/// note, or a page without its marker, or with two.
pub fn render(page: &str, part: u8) -> Result<String, Vec<String>> {
    let steps = steps(page)?;
    let mut problems: Vec<String> = unnoted_blocks(page)
        .into_iter()
        .map(|n| {
            format!(
                "line {n}: a code block without a note, which the book \
                 cannot caption (`<!-- step: show -->` for an excerpt)"
            )
        })
        .collect();
    let markers = page.lines().filter(|l| *l == FILES_MARKER).count();
    if markers != 1 {
        problems.push(format!(
            "the page holds {markers} line(s) `{FILES_MARKER}`, not one: \
             the list of its files goes there"
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut at: BTreeMap<usize, String> = BTreeMap::new();
    let mut generated = BTreeSet::new();
    let mut diffs = 0;
    for step in &steps {
        let caption = caption(step, &generated, diffs);
        at.insert(step.line, caption_html(&caption));
        match &step.action {
            Action::Diff(_) => diffs += 1,
            Action::Sh(Folder::Project) => generated.extend(cargo_new_files(
                step.block.as_deref().unwrap_or_default(),
            )),
            _ => {}
        }
    }
    let mut out = String::with_capacity(page.len() * 2);
    for (i, line) in page.lines().enumerate() {
        if let Some(html) = at.get(&(i + 1)) {
            let _ = write!(out, "\n{html}\n\n");
        }
        if line == FILES_MARKER {
            out.push_str(&files_section(part, &changes(&steps)));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(out)
}

/// Every chapter of mdBook's `book` (JSON) whose path is a part page,
/// rendered by [`render`]; `part_of` gives a path's part.
///
/// # Errors
/// The problems of every page, each with its path.
pub fn render_book(
    book: &mut serde_json::Value,
    part_of: &dyn Fn(&str) -> Option<u8>,
) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    if let Some(sections) = book.get_mut("sections") {
        render_items(sections, part_of, &mut problems);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// [`render_book`] on a list of book items, and on their sub-items.
fn render_items(
    items: &mut serde_json::Value,
    part_of: &dyn Fn(&str) -> Option<u8>,
    problems: &mut Vec<String>,
) {
    let Some(items) = items.as_array_mut() else {
        return;
    };
    for item in items {
        let Some(chapter) = item.get_mut("Chapter") else {
            continue;
        };
        let path = chapter
            .get("path")
            .and_then(|p| p.as_str())
            .unwrap_or_default()
            .to_string();
        if let Some(part) = part_of(&path) {
            let content = chapter
                .get("content")
                .and_then(|c| c.as_str())
                .unwrap_or_default();
            match render(content, part) {
                Ok(text) => chapter["content"] = text.into(),
                Err(found) => problems
                    .extend(found.into_iter().map(|p| format!("{path}: {p}"))),
            }
        }
        if let Some(sub) = chapter.get_mut("sub_items") {
            render_items(sub, part_of, problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Part 2\n\nMake the crate:\n\n<!-- step: sh -->\n```sh\ncargo new --vcs none --lib --name rogue-map crates/map\n```\n\n<!-- step: write crates/map/src/lib.rs -->\n```rust,ignore\n//! The map.\n```\n\nText before.\n<!-- step: add crates/types/src/lib.rs after Tile -->\n```rust,ignore\npub struct Map;\n```\n\n<!-- step: diff Cargo.toml -->\n```diff\n@@\n+x\n```\n\n<!-- step: diff crates/main/src/main.rs -->\n```diff\n@@\n+y\n```\n\n<!-- step: show -->\n```rust,ignore\nvec![wall; 3]\n```\n\n<!-- step: replace crates/map/src/lib.rs impl Index<Position> for Map -->\n```rust,ignore\nimpl Index<Position> for Map {}\n```\n\n<!-- step: sh-repo -->\n```sh\nmake part PART=2 OUT=../part-2\n```\n\n<!-- checkpoint: jjq -->\n```sh\ncargo run\n```\n\n## Play it\n\n<!-- part-files -->\n";

    #[test]
    fn every_note_gets_its_caption_above_it() {
        let html = render(PAGE, 2).unwrap();
        let expected = [
            "Make the crate:\n\n\n<div class=\"rogue-step\"><span class=\"rogue-step-run\">Run in your project folder, <code>rogue</code></span></div>\n\n<!-- step: sh -->\n```sh\n",
            "<div class=\"rogue-step\"><span class=\"rogue-step-file\"><code>crates/map/src/lib.rs</code></span> <span class=\"rogue-step-what\">replace what <code>cargo new</code> wrote with this, whole</span></div>\n\n<!-- step: write",
            "Text before.\n\n<div class=\"rogue-step\"><span class=\"rogue-step-file\"><code>crates/types/src/lib.rs</code></span> <span class=\"rogue-step-what\">add after <code>Tile</code>, a blank line between</span></div>\n\n<!-- step: add",
            "<code>Cargo.toml</code></span> <span class=\"rogue-step-what\">change as shown</span><span class=\"rogue-step-help\">A diff: each <code>@@</code> line",
            "<code>crates/main/src/main.rs</code></span> <span class=\"rogue-step-what\">change as shown</span></div>",
            "<span class=\"rogue-step-run\">An excerpt to read, not to type</span>",
            "<span class=\"rogue-step-what\">replace <code>impl Index&lt;Position&gt; for Map</code> (its doc comment too) with this</span>",
            "<span class=\"rogue-step-run\">Run in a checkout of this book's repository, not in your project</span></div>\n\n<!-- step: sh-repo -->",
            "<span class=\"rogue-step-run\">Run in your project folder, <code>rogue</code>: it builds, and runs</span></div>\n\n<!-- checkpoint: jjq -->\n```sh\ncargo run\n```",
        ];
        for piece in expected {
            assert!(html.contains(piece), "{piece}\nnot in\n{html}");
        }
        // Only the page's first diff says how a diff reads.
        assert_eq!(html.matches("rogue-step-help").count(), 1);
        assert_eq!(html.matches("<div class=\"rogue-step\">").count(), 9);
        // Each caption is an HTML block of its own: a blank line after it,
        // and the note and its block after that, untouched.
        for (i, line) in html.lines().enumerate() {
            if line.starts_with("<div class=\"rogue-step\">") {
                assert!(line.ends_with("</div>"), "{line}");
                assert_eq!(html.lines().nth(i + 1), Some(""));
                assert!(html.lines().nth(i - 1) == Some(""), "{i}");
            }
        }
        // Without the captions, the page's lines are all there, in order.
        let lines = |text: &str, stop: &str| -> Vec<String> {
            text[..text.find(stop).unwrap()]
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with("<div class"))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(lines(&html, "## What"), lines(PAGE, FILES_MARKER));
    }

    #[test]
    fn the_page_ends_with_its_files_and_their_c_files() {
        let html = render(PAGE, 2).unwrap();
        let section = &html[html.find("## What Part 2").unwrap()..];
        assert_eq!(
            section,
            "## What Part 2 added and changed\n\n\
             File by file, as this page's steps leave them, with the C file \
             each one follows:\n\n\
             | File | Part 2 | In the C |\n|---|---|---|\n\
             | `Cargo.toml` | changed | `makefile` |\n\
             | `crates/main/src/main.rs` | changed | `main.c` |\n\
             | `crates/map/Cargo.toml` | new | `makefile` |\n\
             | `crates/map/src/lib.rs` | new | `map.c` |\n\
             | `crates/types/src/lib.rs` | changed | `rogue.h` |\n"
        );
    }

    #[test]
    fn a_page_without_its_files_marker_or_with_a_bad_note_is_refused() {
        let none = PAGE.replace("<!-- part-files -->\n", "");
        assert!(render(&none, 2).unwrap_err()[0].contains("0 line(s)"));
        let twice = format!("{PAGE}{FILES_MARKER}\n");
        assert!(render(&twice, 2).unwrap_err()[0].contains("2 line(s)"));
        let bare = PAGE.replace("<!-- step: show -->\n", "");
        assert_eq!(
            render(&bare, 2).unwrap_err(),
            [
                "line 33: a code block without a note, which the book cannot \
              caption (`<!-- step: show -->` for an excerpt)"
            ]
        );
        let bad = PAGE.replace("step: show", "step: shown");
        assert_eq!(
            render(&bad, 2).unwrap_err(),
            ["line 33: 'step: shown' is no step"]
        );
    }

    #[test]
    fn part_pages_of_a_book_are_rendered_and_the_others_kept() {
        let mut book = serde_json::json!({
            "sections": [
                {"Chapter": {"name": "Index", "path": "index.md",
                    "content": "<!-- step: show -->\n", "sub_items": []}},
                "Separator",
                {"Chapter": {"name": "Part 2", "path": "part-02.md",
                    "content": PAGE, "sub_items": [
                        {"Chapter": {"name": "Sub", "path": "part-03.md",
                            "content": "no marker\n", "sub_items": []}}
                    ]}}
            ],
            "__non_exhaustive": null
        });
        let part_of = |p: &str| match p {
            "part-02.md" => Some(2),
            "part-03.md" => Some(3),
            _ => None,
        };
        let problems = render_book(&mut book, &part_of).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("part-03.md: the page holds 0"));
        let index = &book["sections"][0]["Chapter"]["content"];
        assert_eq!(index, "<!-- step: show -->\n");
        let part = book["sections"][2]["Chapter"]["content"].as_str();
        assert_eq!(part, Some(render(PAGE, 2).unwrap().as_str()));
    }

    #[test]
    fn part_2_s_page_says_where_its_constants_go() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../docs");
        let page = std::fs::read_to_string(format!("{root}/part-02.md"))
            .expect("docs/part-02.md");
        let html = render(&page, 2).unwrap();
        let caption = "<div class=\"rogue-step\"><span class=\"rogue-step-file\"><code>crates/types/src/lib.rs</code></span> <span class=\"rogue-step-what\">add before <code>Position</code>, a blank line between</span></div>\n\n<!-- step: add crates/types/src/lib.rs before Position -->\n```rust,ignore\n/// Number of rows";
        assert!(html.contains(caption), "{html}");
        let notes = page
            .lines()
            .filter(|l| {
                l.starts_with("<!-- step: ")
                    || l.starts_with("<!-- checkpoint:")
            })
            .count();
        assert_eq!(html.matches("<div class=\"rogue-step\">").count(), notes);
        assert!(html.contains("| `crates/map/src/lib.rs` | new | `map.c` |"));
    }

    #[test]
    fn each_crate_stands_for_its_c_file() {
        assert_eq!(c_file("crates/types/src/lib.rs", 1), "`rogue.h`");
        assert_eq!(c_file("crates/fov/src/lib.rs", 4), "`fov.c`");
        assert_eq!(c_file("crates/main/src/main.rs", 0), "`main.c`");
        assert_eq!(c_file("Cargo.toml", 0), "the `gcc` command line");
        assert_eq!(c_file("crates/fov/Cargo.toml", 4), "`makefile`");
        assert!(c_file("crates/crand/src/lib.rs", 3).contains("`rand()`"));
    }
}
