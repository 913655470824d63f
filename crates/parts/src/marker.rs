//! The `//@` markers: how one source holds every part's code.
//!
//! A marker names a *span* of builds:
//!
//! - `N+`: Part N and every later part (and the full game);
//! - `A-B`: Parts A to B (and the full game, which compiles it);
//! - `game`: the full game only, in no part.
//!
//! and takes one of four forms:
//!
//! - `CODE //@ part SPAN` (or `//@ game`): one line;
//! - `//@ part SPAN` on a line of its own: the line before it (where
//!   rustfmt moves a marker that ends a line ending in `{` or `(`);
//! - `//@ part SPAN {` … `//@ }`: a block of lines;
//! - `//@ part A-B: CODE`: CODE in Parts A to B only, never compiled by the
//!   full game: how an earlier part wrote the line or lines after it.
//!
//! `Cargo.toml` files take the same markers after `#@`. In a part, a
//! file's `#[cfg(test)] mod tests { … }` is left out, and so are the
//! sections of `Cargo.toml` that only tests, benchmarks and examples use:
//! they stay in this repository, with the helpers they need.

/// What a source is filtered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// The program as it stands at the end of Part N (0 to 4).
    Part(u8),
    /// The full game of this repository: every part behind `--part`, the
    /// other tutorials' fields of view, the log.
    Game,
}

impl Build {
    /// Whether a span (`N+`, `A-B` or `game`) holds this build; `None` if
    /// `span` is not one.
    fn holds(self, span: &str) -> Option<bool> {
        if span == "game" {
            return Some(self == Build::Game);
        }
        let span = span.strip_prefix("part ")?;
        let (from, to) = match span.strip_suffix('+') {
            Some(n) => (n.parse::<u8>().ok()?, u8::MAX),
            None => {
                let (a, b) = span.split_once('-')?;
                (a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)
            }
        };
        Some(match self {
            Build::Game => true,
            Build::Part(n) => (from..=to).contains(&n),
        })
    }

    /// Whether a replacement line for Parts `span` (`A-B`) is in this
    /// build: never in the full game.
    fn replaces(self, span: &str) -> Option<bool> {
        let (a, b) = span.strip_prefix("part ")?.split_once('-')?;
        let (a, b) = (a.parse::<u8>().ok()?, b.parse::<u8>().ok()?);
        Some(matches!(self, Build::Part(n) if (a..=b).contains(&n)))
    }
}

/// `source` as `build` has it. `marker` is the comment that starts a
/// marker: `//@` in Rust, `#@` in `Cargo.toml`.
///
/// # Errors
/// A marker that is not one of the four forms, or blocks that do not
/// close, with the line's number.
pub fn filter(
    source: &str,
    build: Build,
    marker: &str,
) -> Result<String, String> {
    let mut out: Vec<String> = Vec::new();
    // For each open block: whether its lines are in.
    let mut blocks: Vec<bool> = Vec::new();
    let mut skipping_tests = false;
    let tail = format!(" {marker} ");
    for (i, line) in source.lines().enumerate() {
        let n = i + 1;
        let shown = !blocks.contains(&false);
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if skipping_tests {
            skipping_tests = line != "}";
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix(marker) {
            let rest = rest.trim();
            if rest == "}" {
                blocks.pop().ok_or(format!(
                    "line {n}: `{marker} }}` closes no block"
                ))?;
            } else if let Some((span, code)) = rest
                .split_once(": ")
                .or_else(|| rest.strip_suffix(':').map(|span| (span, "")))
            {
                let replaces = build
                    .replaces(span)
                    .ok_or(format!("line {n}: `{span}:` is not `part A-B:`"))?;
                if replaces && shown {
                    out.push(format!("{indent}{code}").trim_end().to_string());
                }
            } else if let Some(span) = rest.strip_suffix(" {") {
                let holds = build
                    .holds(span)
                    .ok_or(format!("line {n}: unknown span `{span}`"))?;
                blocks.push(holds);
            } else {
                let holds = build
                    .holds(rest)
                    .ok_or(format!("line {n}: unknown marker `{rest}`"))?;
                if !holds && shown {
                    out.pop();
                }
            }
            continue;
        }
        if !shown {
            continue;
        }
        if build != Build::Game && line == "#[cfg(test)]" {
            skipping_tests = true;
            continue;
        }
        match line.rsplit_once(&tail) {
            Some((code, span)) => {
                let holds = build.holds(span.trim()).ok_or(format!(
                    "line {n}: unknown span `{}`",
                    span.trim()
                ))?;
                if holds {
                    out.push(code.trim_end().to_string());
                }
            }
            None => out.push(line.to_string()),
        }
    }
    if !blocks.is_empty() {
        return Err(format!("{} block(s) not closed", blocks.len()));
    }
    Ok(tidy(&out))
}

/// The lines joined, with no two blank lines in a row, no blank line at
/// the end of the file, and no Cargo section left empty by the markers.
fn tidy(lines: &[String]) -> String {
    let mut out: Vec<&str> = Vec::with_capacity(lines.len());
    for line in lines {
        let blank = line.trim().is_empty();
        if blank && out.last().is_none_or(|l| l.trim().is_empty()) {
            continue;
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// `Cargo.toml` as a part has it: filtered, without the sections only
/// tests, benchmarks and examples use.
///
/// # Errors
/// As [`filter`].
pub fn filter_manifest(source: &str, build: Build) -> Result<String, String> {
    let text = filter(source, build, "#@")?;
    if build == Build::Game {
        return Ok(text);
    }
    let mut out = Vec::new();
    let mut dropping = false;
    for line in text.lines() {
        if line.starts_with('[') {
            dropping = line.contains("dev-dependencies")
                || ["[[bench]]", "[[test]]", "[[example]]"].contains(&line);
        }
        if !dropping {
            out.push(line.to_string());
        }
    }
    Ok(tidy(&out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(code: &str, n: u8) -> String {
        filter(code, Build::Part(n), "//@").unwrap()
    }

    #[test]
    fn a_part_sees_only_what_it_has() {
        let code = "fn f(\n    //@ part 1-3: a: i32,\n    a: i32, color: u8, //@ part 4+\n) {\n    //@ part 4+ {\n    paint();\n    //@ }\n    walk(); //@ part 2+\n    if x {\n    //@ part 2+\n    }\n}\n";
        assert_eq!(
            part(code, 4),
            "fn f(\n    a: i32, color: u8,\n) {\n    paint();\n    walk();\n    if x {\n    }\n}\n"
        );
        assert_eq!(
            part(code, 3),
            "fn f(\n    a: i32,\n) {\n    walk();\n    if x {\n    }\n}\n"
        );
        assert_eq!(part(code, 1), "fn f(\n    a: i32,\n) {\n    }\n}\n");
    }

    #[test]
    fn the_game_compiles_everything_but_earlier_forms() {
        let code = "a(); //@ game\n//@ part 2-2: b();\nc(); //@ part 3+\n//@ game {\nd();\n//@ }\n//@ part 2-3 {\ne();\n//@ }\n";
        assert_eq!(
            filter(code, Build::Game, "//@").unwrap(),
            "a();\nc();\nd();\ne();\n"
        );
        assert_eq!(part(code, 2), "b();\ne();\n");
        assert_eq!(part(code, 3), "c();\ne();\n");
        assert_eq!(part(code, 4), "c();\n");
    }

    #[test]
    fn tests_stay_out_of_parts_and_blank_lines_do_not_pile_up() {
        let code =
            "fn a() {}\n\nfn b() {} //@ game\n\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n";
        assert_eq!(part(code, 4), "fn a() {}\n");
        assert!(filter(code, Build::Game, "//@")
            .unwrap()
            .contains("mod tests"));
    }

    #[test]
    fn bad_markers_are_errors_with_their_line() {
        for (code, expected) in [
            ("//@ part x+\n", "line 1: unknown marker"),
            ("a();\n//@ }\n", "line 2: `//@ }` closes no block"),
            ("//@ part 4+ {\n", "not closed"),
            ("//@ part 4+: a();\n", "line 1: `part 4+:` is not"),
        ] {
            let err = filter(code, Build::Part(1), "//@").unwrap_err();
            assert!(err.contains(expected), "{code:?}: {err}");
        }
    }

    #[test]
    fn manifests_lose_test_sections_in_parts() {
        let toml = "[package]\nname = \"x\"\n\n[dependencies]\na = \"1\"\nb = \"1\" #@ part 4+\n\n[dev-dependencies]\nc = \"1\"\n\n[[bench]]\nname = \"b\"\n\n[lints]\nworkspace = true\n";
        assert_eq!(
            filter_manifest(toml, Build::Part(3)).unwrap(),
            "[package]\nname = \"x\"\n\n[dependencies]\na = \"1\"\n\n[lints]\nworkspace = true\n"
        );
        assert!(filter_manifest(toml, Build::Game)
            .unwrap()
            .contains("[[bench]]"));
    }
}
