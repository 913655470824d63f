//! Checking a page of `docs/`: every block generated from the project is
//! what the project generates now.
//!
//! Three kinds of block, each after a marker line:
//!
//! - `<!-- rust: PATH NAME -->` and a ```` ```rust ```` block: the item NAME
//!   of the repository's source file PATH (part pages build their code by
//!   steps instead, which [`crate::replay`] replays);
//! - `<!-- screen NAME: ARGS -->` and a line `![...](img/NAME.svg)`: the
//!   last screen of `rogue-trace replay ARGS`, drawn as `docs/img/NAME.svg`;
//!   a ```` ```text ```` block right after it holds the screen's characters;
//! - `<!-- output: COMMAND -->` and a ```` ```text ```` block: what COMMAND
//!   prints;
//! - `<!-- report NAME: ARGS | ARGS -->` and a line linking
//!   `img/NAME.html`: the HTML report (`rogue-trace diff --html`) of two
//!   replays, `rogue-trace replay ARGS` each;

use crate::snippet::find_item;

/// A screen as pages show it: its picture (SVG) and its characters.
pub type Screen = (String, String);

/// Where generated blocks come from.
pub struct Sources<'a> {
    /// A source file's text, by path.
    pub read: &'a dyn Fn(&str) -> Result<String, String>,
    /// The last screen of a replay, by its arguments: SVG and characters.
    pub screen: &'a dyn Fn(&str) -> Result<Screen, String>,
    /// What a command prints.
    pub output: &'a dyn Fn(&str) -> Result<String, String>,
    /// The HTML report of two replays, by their arguments.
    pub report: &'a dyn Fn(&str, &str) -> Result<String, String>,
    /// A file of `docs/`, if it exists.
    pub file: &'a dyn Fn(&str) -> Option<String>,
}

/// The fence of a Rust block that is a fragment of a file: `mdbook test`
/// leaves it alone, and the book offers no button to run it.
const RUST_FRAGMENT: &str = "```rust,ignore";

/// What checking a page found.
pub struct Outcome {
    /// The page with every block generated again.
    pub text: String,
    /// The number of generated blocks.
    pub blocks: usize,
    /// The blocks that are not what the project generates now, one line
    /// each: `--write` mends them.
    pub stale: Vec<String>,
    /// What else is wrong, one line each: `--write` cannot mend it.
    pub problems: Vec<String>,
    /// The files of `docs/` the page's pictures need, path and content.
    pub files: Vec<(String, String)>,
}

/// A fenced block after line `i`: its content and the index after it.
fn fenced<'a>(
    lines: &[&'a str],
    i: usize,
    fence: &str,
) -> Option<(Vec<&'a str>, usize)> {
    if lines.get(i) != Some(&fence) {
        return None;
    }
    let len = lines[i + 1..].iter().position(|l| *l == "```")?;
    Some((lines[i + 1..i + 1 + len].to_vec(), i + len + 2))
}

/// Checks every generated block of `page`.
pub fn check_page(page: &str, sources: &Sources<'_>) -> Outcome {
    let lines: Vec<&str> = page.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut outcome = Outcome {
        text: String::new(),
        blocks: 0,
        stale: Vec::new(),
        problems: Vec::new(),
        files: Vec::new(),
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        out.push(line.to_string());
        i += 1;
        let Some(spec) = line
            .strip_prefix("<!-- ")
            .and_then(|s| s.strip_suffix(" -->"))
        else {
            continue;
        };
        let n = i;
        let mut problem =
            |p: String| outcome.problems.push(format!("line {n}: {p}"));
        let mut stale =
            |p: String| outcome.stale.push(format!("line {n}: {p}"));
        if let Some(spec) = spec.strip_prefix("rust: ") {
            outcome.blocks += 1;
            let Some((path, name)) = spec.split_once(' ') else {
                problem(format!("marker '{spec}' is not 'PATH NAME'"));
                continue;
            };
            // ```rust,ignore for a fragment, which `mdbook test` cannot
            // compile alone; ```rust for a whole item, which it compiles.
            let fence = lines
                .get(i)
                .copied()
                .filter(|l| *l == "```rust" || *l == RUST_FRAGMENT)
                .unwrap_or("```rust");
            let Some((shown, next)) = fenced(&lines, i, fence) else {
                problem("the marker is not followed by a ```rust block".into());
                continue;
            };
            let item = (sources.read)(path).and_then(|src| {
                find_item(&src, name)
                    .ok_or_else(|| format!("no item `{name}` in {path}"))
            });
            match item {
                Ok(code) => {
                    if shown.join("\n") != code {
                        stale(format!("`{name}` differs from {path}"));
                    }
                    out.extend([fence.to_string(), code, "```".to_string()]);
                }
                Err(e) => {
                    problem(e);
                    out.extend(lines[i..next].iter().map(|l| l.to_string()));
                }
            }
            i = next;
        } else if let Some(command) = spec.strip_prefix("output: ") {
            outcome.blocks += 1;
            let Some((shown, next)) = fenced(&lines, i, "```text") else {
                problem("the marker is not followed by a ```text block".into());
                continue;
            };
            match (sources.output)(command) {
                Ok(text) => {
                    let text = text.trim_end().to_string();
                    if shown.join("\n") != text {
                        stale(format!("the output of `{command}` differs"));
                    }
                    out.extend([
                        "```text".to_string(),
                        text,
                        "```".to_string(),
                    ]);
                }
                Err(e) => {
                    problem(e);
                    out.extend(lines[i..next].iter().map(|l| l.to_string()));
                }
            }
            i = next;
        } else if let Some(rest) = spec.strip_prefix("report ") {
            outcome.blocks += 1;
            let Some((name, (a, b))) = rest
                .split_once(": ")
                .and_then(|(name, args)| Some((name, args.split_once(" | ")?)))
            else {
                problem(format!(
                    "marker 'report {rest}' is not 'report NAME: ARGS | ARGS'"
                ));
                continue;
            };
            let page = format!("img/{name}.html");
            if !lines
                .get(i)
                .is_some_and(|l| l.contains(&format!("]({page})")))
            {
                problem(format!(
                    "the marker is not followed by a link to {page}"
                ));
                continue;
            }
            match (sources.report)(a, b) {
                Ok(html) => {
                    if (sources.file)(&page).as_deref() != Some(html.as_str()) {
                        stale(format!(
                            "docs/{page} is not the report of `{rest}`"
                        ));
                    }
                    outcome.files.push((page, html));
                }
                Err(e) => problem(e),
            }
        } else if let Some(rest) = spec.strip_prefix("screen ") {
            outcome.blocks += 1;
            let Some((name, args)) = rest.split_once(": ") else {
                problem(format!(
                    "marker 'screen {rest}' is not 'screen NAME: ARGS'"
                ));
                continue;
            };
            let image = format!("img/{name}.svg");
            let linked = lines.get(i).is_some_and(|l| {
                l.starts_with("![") && l.ends_with(&format!("]({image})"))
            });
            if !linked {
                problem(format!(
                    "the marker is not followed by a picture ![...]({image})"
                ));
                continue;
            }
            out.push(lines[i].to_string());
            i += 1;
            let (svg, text) = match (sources.screen)(args) {
                Ok(screen) => screen,
                Err(e) => {
                    problem(e);
                    continue;
                }
            };
            if (sources.file)(&image).as_deref() != Some(svg.as_str()) {
                stale(format!("docs/{image} is not the screen of `{args}`"));
            }
            outcome.files.push((image, svg));
            if let Some((shown, next)) = fenced(&lines, i, "```text") {
                if shown.join("\n") != text {
                    stale(format!("the characters of `{args}` differ"));
                }
                out.extend(["```text".to_string(), text, "```".to_string()]);
                i = next;
            }
        }
    }
    outcome.text = out.join("\n");
    if page.ends_with('\n') {
        outcome.text.push('\n');
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str =
        "/// Adds.\npub fn add_one(a: i32) -> i32 {\n    a + 1\n}\n";

    fn sources<'a>(
        read: &'a dyn Fn(&str) -> Result<String, String>,
        files: &'a dyn Fn(&str) -> Option<String>,
    ) -> Sources<'a> {
        Sources {
            read,
            screen: &|args| {
                Ok((format!("<svg>{args}</svg>\n"), " @ ".to_string()))
            },
            output: &|command| Ok(format!("ran {command}\n")),
            report: &|a, b| Ok(format!("<p>{a} and {b}</p>\n")),
            file: files,
        }
    }

    #[test]
    fn blocks_that_match_pass_and_stale_ones_are_generated_again() {
        let page = "# P\n<!-- rust: src/lib.rs add_one -->\n```rust\n/// Adds.\npub fn add_one(a: i32) -> i32 {\n    a + 1\n}\n```\n<!-- output: tool x -->\n```text\nran tool x\n```\n<!-- screen s: --seed 1 -->\n![s](img/s.svg)\n```text\n @ \n```\n";
        let none = |_: &str| Some("<svg>--seed 1</svg>\n".to_string());
        let source = |_: &str| Ok(SOURCE.to_string());
        let outcome = check_page(page, &sources(&source, &none));
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        assert!(outcome.stale.is_empty(), "{:?}", outcome.stale);
        assert_eq!(outcome.text, page);
        assert_eq!(outcome.blocks, 3);
        // The source has no `a + 1` any more; the picture is missing.
        let changed = |_: &str| {
            Ok("/// Adds.\npub fn add_one(a: i32) -> i32 {\n}\n".to_string())
        };
        let missing = |_: &str| None;
        let outcome = check_page(page, &sources(&changed, &missing));
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        assert_eq!(
            outcome.stale,
            vec![
                "line 2: `add_one` differs from src/lib.rs",
                "line 13: docs/img/s.svg is not the screen of `--seed 1`",
            ]
        );
        assert!(outcome.text.contains("pub fn add_one(a: i32) -> i32 {\n}"));
        assert_eq!(
            outcome.files,
            vec![(
                "img/s.svg".to_string(),
                "<svg>--seed 1</svg>\n".to_string()
            )]
        );
    }

    #[test]
    fn missing_items_and_blocks_are_reported() {
        let page = "<!-- rust: src/lib.rs gone -->\n```rust\nfn gone() {}\n```\n<!-- rust: src/lib.rs add_one -->\ntext\n<!-- screen x: --seed 1 -->\nno picture\n";
        let none = |_: &str| None;
        let source = |_: &str| Ok(SOURCE.to_string());
        let outcome = check_page(page, &sources(&source, &none));
        assert_eq!(
            outcome.problems,
            vec![
                "line 1: no item `gone` in src/lib.rs",
                "line 5: the marker is not followed by a ```rust block",
                "line 7: the marker is not followed by a picture ![...](img/x.svg)",
            ]
        );
    }
}

#[cfg(test)]
mod report_tests {
    use super::*;

    #[test]
    fn a_report_is_generated_where_the_page_links_it() {
        let page = "<!-- report r: --seed 1 | --seed 2 -->\n[the report](img/r.html)\n<!-- report bad: --seed 1 -->\n";
        let stored = |_: &str| Some("old\n".to_string());
        let sources = Sources {
            read: &|_| Err("no source".into()),
            screen: &|_| Err("no screen".into()),
            output: &|_| Err("no output".into()),
            report: &|a, b| Ok(format!("<p>{a} and {b}</p>\n")),
            file: &stored,
        };
        let outcome = check_page(page, &sources);
        assert_eq!(
            outcome.stale,
            ["line 1: docs/img/r.html is not the report of `r: --seed 1 | --seed 2`"]
        );
        assert_eq!(
            outcome.problems,
            ["line 3: marker 'report bad: --seed 1' is not 'report NAME: ARGS | ARGS'"]
        );
        assert_eq!(
            outcome.files,
            [(
                "img/r.html".to_string(),
                "<p>--seed 1 and --seed 2</p>\n".to_string()
            )]
        );
    }
}
