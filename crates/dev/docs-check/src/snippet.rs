//! Finding items in Rust source.

/// The item `name` of `source` (a function, struct, enum, trait, const or
/// type), with the doc comment and attributes above it, up to its end.
/// `name` is a free item or method (`make_fov`), or `Type::method` for the
/// method in an `impl ... Type` block.
pub fn find_item(source: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let (first, end) = item_lines(source, name)?;
    Some(lines[first..=end].join("\n"))
}

/// The first and last lines (0-based) of the item `name` of `source`, as
/// [`find_item`] finds it; `impl TRAIT for TYPE` names an impl block.
pub fn item_lines(source: &str, name: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    if name.starts_with("impl ") {
        let start = lines.iter().position(|l| {
            l.trim_end().trim_end_matches(" {").trim_end() == name
        })?;
        let end = (start..lines.len()).find(|&j| lines[j] == "}")?;
        return Some((with_docs(&lines, start), end));
    }
    let (skip, name) = match name.rsplit_once("::") {
        Some((ty, method)) => {
            let block = lines.iter().position(|l| {
                l.starts_with("impl")
                    && l.trim_end().trim_end_matches(" {").ends_with(ty)
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
    let indent =
        &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let first = with_docs(&lines, start);
    let closing = format!("{indent}}}");
    let one_line = |l: &str| l.ends_with('}') || l.ends_with(';');
    let end = (start..lines.len())
        .find(|&j| lines[j] == closing || (j == start && one_line(lines[j])))?;
    Some((first, end))
}

/// The first line of the item at line `start`: its `///` doc comment and
/// `#[...]` attributes above it included.
fn with_docs(lines: &[&str], start: usize) -> usize {
    (0..start)
        .rev()
        .take_while(|&j| {
            let t = lines[j].trim_start();
            t.starts_with("///") || t.starts_with("#[")
        })
        .last()
        .unwrap_or(start)
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
}
