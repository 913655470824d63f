//! Finding functions in Rust source and the snippets that show them.

/// The marker before a snippet: `<!-- rust: PATH NAME -->`.
const MARKER: &str = "<!-- rust: ";

/// What checking a page found.
pub struct Outcome {
    /// The page with every snippet copied from the source.
    pub text: String,
    /// The number of snippets.
    pub snippets: usize,
    /// What is wrong, one line each.
    pub problems: Vec<String>,
}

/// Checks every snippet of a page against the source that `read` returns
/// for a path.
pub fn check_page(page: &str, read: impl Fn(&str) -> Result<String, String>) -> Outcome {
    let lines: Vec<&str> = page.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut problems = Vec::new();
    let mut snippets = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        out.push(line.to_string());
        i += 1;
        let Some(spec) = line
            .strip_prefix(MARKER)
            .and_then(|s| s.strip_suffix(" -->"))
        else {
            continue;
        };
        snippets += 1;
        let line_no = i;
        let Some((path, name)) = spec.split_once(' ') else {
            problems.push(format!(
                "line {line_no}: marker '{spec}' is not 'PATH NAME'"
            ));
            continue;
        };
        if lines.get(i) != Some(&"```rust") {
            problems.push(format!(
                "line {line_no}: the marker is not followed by a ```rust block"
            ));
            continue;
        }
        let Some(len) = lines[i + 1..].iter().position(|l| *l == "```") else {
            problems.push(format!("line {line_no}: the ```rust block is not closed"));
            continue;
        };
        let shown = lines[i + 1..i + 1 + len].join("\n");
        let source = match read(path).and_then(|src| {
            find_item(&src, name).ok_or_else(|| format!("no function `{name}` in {path}"))
        }) {
            Ok(source) => source,
            Err(e) => {
                problems.push(format!("line {line_no}: {e}"));
                out.extend(lines[i..i + len + 2].iter().map(|l| l.to_string()));
                i += len + 2;
                continue;
            }
        };
        if shown != source {
            problems.push(format!("line {line_no}: `{name}` differs from {path}"));
        }
        out.push("```rust".to_string());
        out.push(source);
        out.push("```".to_string());
        i += len + 2;
    }
    let mut text = out.join("\n");
    if page.ends_with('\n') {
        text.push('\n');
    }
    Outcome {
        text,
        snippets,
        problems,
    }
}

/// The function `name` of `source`, with the doc comment and attributes
/// above it, up to its closing brace. `name` is a free function or method
/// (`make_fov`), or `Type::method` for the method in an `impl ... Type`
/// block.
pub fn find_item(source: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let (skip, name) = match name.rsplit_once("::") {
        Some((ty, method)) => {
            let block = lines.iter().position(|l| {
                l.starts_with("impl") && l.trim_end().trim_end_matches(" {").ends_with(ty)
            })?;
            (block, method)
        }
        None => (0, name),
    };
    let start = skip
        + lines[skip..].iter().position(|l| {
            let t = l.trim_start();
            let t = t
                .strip_prefix("pub ")
                .or_else(|| t.strip_prefix("pub(crate) "))
                .unwrap_or(t);
            t.strip_prefix("fn ")
                .and_then(|rest| rest.strip_prefix(name))
                .is_some_and(|rest| rest.starts_with('(') || rest.starts_with('<'))
        })?;
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let first = (0..start)
        .rev()
        .take_while(|&j| {
            let t = lines[j].trim_start();
            t.starts_with("///") || t.starts_with("#[")
        })
        .last()
        .unwrap_or(start);
    let closing = format!("{indent}}}");
    let one_line = |l: &str| l.ends_with('}') || l.ends_with(';');
    let end = (start..lines.len())
        .find(|&j| lines[j] == closing || (j == start && one_line(lines[j])))?;
    Some(lines[first..=end].join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "use x;\n\n/// Adds.\n#[doc(alias = \"addOne\")]\npub fn add_one(a: i32) -> i32 {\n    a + 1\n}\n\nimpl T {\n    /// Gets.\n    pub fn get(&self) -> i32 {\n        1\n    }\n}\n";

    #[test]
    fn finds_functions_with_their_docs() {
        assert_eq!(
            find_item(SOURCE, "add_one").unwrap(),
            "/// Adds.\n#[doc(alias = \"addOne\")]\npub fn add_one(a: i32) -> i32 {\n    a + 1\n}"
        );
        assert_eq!(
            find_item(SOURCE, "get").unwrap(),
            "    /// Gets.\n    pub fn get(&self) -> i32 {\n        1\n    }"
        );
        assert_eq!(find_item(SOURCE, "add"), None);
        assert_eq!(find_item(SOURCE, "T::get"), find_item(SOURCE, "get"));
        assert_eq!(find_item(SOURCE, "U::get"), None);
    }

    #[test]
    fn a_declaration_without_a_body_ends_at_its_semicolon() {
        let source = "trait S {\n    /// Draws.\n    fn draw(&mut self);\n}\nimpl S for M {\n    fn draw(&mut self) {\n        x();\n    }\n}\n";
        assert_eq!(
            find_item(source, "draw").unwrap(),
            "    /// Draws.\n    fn draw(&mut self);"
        );
        assert_eq!(
            find_item(source, "M::draw").unwrap(),
            "    fn draw(&mut self) {\n        x();\n    }"
        );
    }

    #[test]
    fn a_matching_snippet_passes_and_a_stale_one_is_fixed() {
        let good = format!(
            "# Page\n<!-- rust: src/lib.rs add_one -->\n```rust\n{}\n```\nafter\n",
            find_item(SOURCE, "add_one").unwrap()
        );
        let outcome = check_page(&good, |_| Ok(SOURCE.to_string()));
        assert_eq!(outcome.snippets, 1);
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        assert_eq!(outcome.text, good);

        let stale = good.replace("a + 1", "a + 2");
        let outcome = check_page(&stale, |_| Ok(SOURCE.to_string()));
        assert_eq!(
            outcome.problems,
            vec!["line 2: `add_one` differs from src/lib.rs"]
        );
        assert_eq!(outcome.text, good);
    }

    #[test]
    fn missing_functions_and_blocks_are_reported() {
        let page = "<!-- rust: src/lib.rs gone -->\n```rust\nfn gone() {}\n```\n<!-- rust: src/lib.rs add_one -->\ntext\n";
        let outcome = check_page(page, |_| Ok(SOURCE.to_string()));
        assert_eq!(
            outcome.problems,
            vec![
                "line 1: no function `gone` in src/lib.rs",
                "line 5: the marker is not followed by a ```rust block"
            ]
        );
    }
}
