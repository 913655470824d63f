//! Finding items in Rust source, and showing them as a part has them.

/// The item `name` of `source` (a function, struct, enum, trait, const or
/// type), with the doc comment and attributes above it, up to its end.
/// `name` is a free item or method (`make_fov`), or `Type::method` for the
/// method in an `impl ... Type` block.
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
            [
                "const fn ",
                "fn ",
                "struct ",
                "enum ",
                "trait ",
                "const ",
                "type ",
            ]
            .iter()
            .filter_map(|kind| t.strip_prefix(kind))
            .filter_map(|rest| rest.strip_prefix(name))
            .any(|rest| rest.starts_with(['(', '<', ' ', ':', ';']))
        })?;
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let first = (0..start)
        .rev()
        .take_while(|&j| {
            let t = lines[j].trim_start();
            t.starts_with("///") || t.starts_with("#[") || t.starts_with("//@")
        })
        .last()
        .unwrap_or(start);
    let closing = format!("{indent}}}");
    let one_line = |l: &str| l.ends_with('}') || l.ends_with(';');
    let end = (start..lines.len())
        .find(|&j| lines[j] == closing || (j == start && one_line(lines[j])))?;
    Some(lines[first..=end].join("\n"))
}

/// The code of a snippet as it stands at the end of Part `part`. The
/// source marks what parts changed, in `//@` comments:
///
/// - a line ending in `//@ part N+` (or followed by it on a line of its
///   own) is there from Part N on;
/// - a line `//@ part A-B: CODE` is CODE in Parts A to B only (an earlier
///   form of the line after it), and not code at all;
/// - the lines between `//@ part N+ {` and `//@ }` are there from Part N on.
///
/// The markers themselves are never shown.
pub fn view(code: &str, part: u8) -> String {
    let mut out = Vec::new();
    let mut hidden_from: Vec<bool> = Vec::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if let Some(rest) = trimmed.strip_prefix("//@ part ") {
            // A marker on a line of its own after a line ending in `{`
            // (where rustfmt puts it) is that line's.
            if let Some(n) = rest.strip_suffix('+').and_then(|n| n.parse::<u8>().ok()) {
                if part < n && !hidden_from.contains(&true) {
                    out.pop();
                }
                continue;
            }
            if let Some(n) = rest.strip_suffix("+ {").and_then(|n| n.parse::<u8>().ok()) {
                hidden_from.push(part < n);
                continue;
            }
            if let Some((range, code)) = rest.split_once(": ") {
                let (a, b) = range.split_once('-').unwrap_or((range, range));
                let (a, b) = (a.parse::<u8>().unwrap_or(0), b.parse::<u8>().unwrap_or(0));
                if (a..=b).contains(&part) && !hidden_from.contains(&true) {
                    out.push(format!("{indent}{code}"));
                }
                continue;
            }
        }
        if trimmed == "//@ }" {
            hidden_from.pop();
            continue;
        }
        if hidden_from.contains(&true) {
            continue;
        }
        match line.rsplit_once(" //@ part ") {
            Some((code, n)) => {
                let n = n.trim_end_matches('+').parse::<u8>().unwrap_or(0);
                if part >= n {
                    out.push(code.trim_end().to_string());
                }
            }
            None => out.push(line.to_string()),
        }
    }
    out.join("\n")
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
        // A call is not the item.
        let calls =
            "fn caller() {\n    add_one(1);\n}\n\npub fn add_one(a: i32) -> i32 {\n    a\n}\n";
        assert_eq!(
            find_item(calls, "add_one").unwrap(),
            "pub fn add_one(a: i32) -> i32 {\n    a\n}"
        );
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
    fn structs_and_consts_are_found_too() {
        let source = "/// Rows.\npub const MAP_HEIGHT: i32 = 25;\n\n/// A place.\n#[derive(Clone)]\npub struct Position {\n    pub y: i32,\n}\n";
        assert_eq!(
            find_item(source, "MAP_HEIGHT").unwrap(),
            "/// Rows.\npub const MAP_HEIGHT: i32 = 25;"
        );
        assert_eq!(
            find_item(source, "Position").unwrap(),
            "/// A place.\n#[derive(Clone)]\npub struct Position {\n    pub y: i32,\n}"
        );
    }

    #[test]
    fn a_part_sees_only_what_it_has() {
        let code = "fn f(\n    //@ part 1-3: a: i32,\n    a: i32, color: u8, //@ part 4+\n) {\n    //@ part 4+ {\n    paint();\n    //@ }\n    walk(); //@ part 2+\n    if x {\n    //@ part 2+\n    }\n}";
        assert_eq!(
            view(code, 4),
            "fn f(\n    a: i32, color: u8,\n) {\n    paint();\n    walk();\n    if x {\n    }\n}"
        );
        assert_eq!(
            view(code, 3),
            "fn f(\n    a: i32,\n) {\n    walk();\n    if x {\n    }\n}"
        );
        assert_eq!(view(code, 1), "fn f(\n    a: i32,\n) {\n    }\n}");
    }
}
