//! A comparison as one self-contained HTML page: `--html`.
//!
//! The page shows both traces' screens side by side at each step, the
//! cells that differ outlined, with a step slider and buttons for the
//! differences (a step only one trace has among them); its header names
//! both traces and the commands that reproduce the run, and it lists the
//! words each program wrote to its standard error, and how each ended
//! ([`html_played`]). Everything is inline: it opens from disk.
//!
//! Screens are stored as runs of cells changed from the step before, and
//! a step of B that shows what A shows as such, so that it stays small.

use serde_json::{json, Value};

use crate::diff::{cells_differing_as, on_console, DiffOptions, Report};
use crate::escape::{escape_keys, key_literal};
use crate::format::{Step, Trace};
use crate::played::{endings, Played};
use crate::stderr::Stderr;

/// The grid renderer and its styles, shared with the book's terminals.
const GRID_JS: &str = include_str!("../assets/grid.js");
const GRID_CSS: &str = include_str!("../assets/grid.css");
/// The report's own script and styles.
const REPORT_JS: &str = include_str!("../assets/report.js");
const REPORT_CSS: &str = include_str!("../assets/report.css");

/// What a report says of one trace.
pub struct Side<'a> {
    /// Its name: a file, or "the reference" and "the port".
    pub name: &'a str,
    /// The trace.
    pub trace: &'a Trace,
}

/// The report of comparing `a` with `b` (`report` is what [`diff`] found),
/// with the shell commands that reproduce the run.
///
/// [`diff`]: crate::diff::diff
pub fn html(a: Side, b: Side, report: &Report, commands: &[String]) -> String {
    page(a, b, [None, None], report, commands)
}

/// [`html`] of two programs played, A and B named `names`, saying how each
/// ended (neither, if both were still running after their last key).
pub fn html_played(
    names: [&str; 2],
    played: [&Played; 2],
    report: &Report,
    commands: &[String],
) -> String {
    let [a, b] = [0, 1].map(|i| Side {
        name: names[i],
        trace: &played[i].trace,
    });
    page(a, b, endings(played), report, commands)
}

/// [`html`], with how each side ended where known: how, on one line, and
/// the last lines it wrote outside its screens.
fn page(
    a: Side,
    b: Side,
    ended: [Option<(String, Vec<String>)>; 2],
    report: &Report,
    commands: &[String],
) -> String {
    let [ended_a, ended_b] = ended.map(|e| {
        e.map_or(
            Value::Null,
            |(how, words)| json!({"how": how, "last_words": words}),
        )
    });
    let mut a_data = side(&a, None);
    a_data["ended"] = ended_a;
    let mut b_data = side(&b, Some(a.trace));
    b_data["ended"] = ended_b;
    let data = json!({
        "a": a_data,
        "b": b_data,
        "identical": report.identical,
        "summary": report.line,
        "compared": report.options.compared(),
        "text": report.text,
        "differences": differences(a.trace, b.trace, report),
        "only": only(a.trace, b.trace),
        "cursors": cursors(a.trace, b.trace, &report.options),
        "commands": commands,
    });
    // `</` would end the script element the data sits in.
    let data = data.to_string().replace("</", "<\\/");
    let title = escape(&format!("rogue-trace: {} and {}", a.name, b.name));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width\">\n\
         <title>{title}</title>\n<style>\n{GRID_CSS}{REPORT_CSS}</style>\n\
         </head>\n<body>\n<main id=\"report\"><noscript>This report needs \
         JavaScript to draw its screens.</noscript></main>\n\
         <script id=\"report-data\" type=\"application/json\">{data}</script>\n\
         <script>\n{GRID_JS}</script>\n<script>\n{REPORT_JS}</script>\n\
         </body>\n</html>\n"
    )
}

/// The differing cells of each step both traces have, as runs, by step
/// number.
fn differences(a: &Trace, b: &Trace, report: &Report) -> Value {
    let console = on_console(a, b);
    let mut differences = serde_json::Map::new();
    for step_a in &a.steps {
        let Some(step_b) = b.steps.iter().find(|s| s.number == step_a.number)
        else {
            continue;
        };
        let cells = cells_differing_as(step_a, step_b, console, report.options);
        if !cells.is_empty() {
            differences.insert(step_a.number.to_string(), json!(runs(&cells)));
        }
    }
    Value::Object(differences)
}

/// How the cursors differ at each step both traces have, by step number.
fn cursors(a: &Trace, b: &Trace, options: &DiffOptions) -> Value {
    let mut cursors = serde_json::Map::new();
    for step_a in &a.steps {
        let step_b = b.steps.iter().find(|s| s.number == step_a.number);
        let told = step_b.and_then(|b| options.cursor_difference(step_a, b));
        if let Some(told) = told {
            cursors.insert(step_a.number.to_string(), json!(told));
        }
    }
    Value::Object(cursors)
}

/// The steps only one trace has, by number: `"a"` or `"b"` (none if either
/// holds its first and last steps only).
fn only(a: &Trace, b: &Trace) -> Value {
    let mut only = serde_json::Map::new();
    if a.is_sparse() || b.is_sparse() {
        return Value::Object(only);
    }
    for (name, mine, theirs) in [("a", a, b), ("b", b, a)] {
        for step in &mine.steps {
            if !theirs.steps.iter().any(|s| s.number == step.number) {
                only.insert(step.number.to_string(), json!(name));
            }
        }
    }
    Value::Object(only)
}

/// Cells side by side in a row as runs, `[row, column, count]`.
fn runs(cells: &[(usize, usize)]) -> Vec<[usize; 3]> {
    let mut runs: Vec<[usize; 3]> = Vec::new();
    for &(y, x) in cells {
        match runs.last_mut() {
            Some(run) if run[0] == y && run[1] + run[2] == x => run[2] += 1,
            _ => runs.push([y, x, 1]),
        }
    }
    runs
}

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    crate::show::xml(text).replace('"', "&quot;")
}

/// One trace for the page: its header and its steps, each a change from
/// the step before (or, for B, the same as A's step of that number).
fn side(side: &Side, same_as: Option<&Trace>) -> Value {
    let trace = side.trace;
    let header = &trace.header;
    let first = blank((header.cols, header.rows));
    let mut resized;
    let mut before = &first;
    let mut steps = Vec::new();
    for step in &trace.steps {
        let key = step.key.map(key_literal);
        let twin = same_as
            .and_then(|t| t.steps.iter().find(|s| s.number == step.number))
            .filter(|s| s.text == step.text && s.colours == step.colours);
        // A resized screen starts blank at its size (format v2).
        let size = trace.size_at(step.number);
        let sized = (
            before.text.len(),
            before.text.first().map_or(0, |r| r.chars().count()),
        );
        if sized != (usize::from(size.1), usize::from(size.0)) {
            resized = blank(size);
            before = &resized;
        }
        if twin.is_some() {
            steps.push(json!({"n": step.number, "key": key, "same": true, "size": size}));
        } else {
            steps.push(json!({
                "n": step.number,
                "key": key,
                "size": size,
                "text": changes(&before.text, &step.text),
                "classes": changes(&before.colours, &step.colours),
            }));
        }
        before = step;
    }
    json!({
        "name": side.name,
        "program": header.program,
        "part": header.part,
        "seed": header.seed,
        "rng": header.rng,
        "cols": header.cols,
        "rows": header.rows,
        "keys": escape_keys(&header.keys),
        "key_count": header.keys.len(),
        "also": also(header).join("; "),
        "stderr": stderr_json(trace),
        "steps": steps,
    })
}

/// A blank step of `size`, columns by rows.
fn blank((cols, rows): (u16, u16)) -> Step {
    let row = " ".repeat(usize::from(cols));
    Step {
        number: 0,
        key: None,
        text: vec![row.clone(); usize::from(rows)],
        colours: vec![row; usize::from(rows)],
        ..Step::default()
    }
}

/// The header's lines the page does not show otherwise.
fn also(header: &crate::Header) -> Vec<&str> {
    header
        .extra
        .iter()
        .filter(|line| !line.starts_with("stderr: "))
        .map(String::as_str)
        .collect()
}

/// What the trace's program wrote to its standard error, by step and key.
fn stderr_json(trace: &Trace) -> Value {
    let Some(stderr) = Stderr::of_header(&trace.header) else {
        return Value::Null;
    };
    let keys = &trace.header.keys;
    let words: Vec<Value> = stderr
        .words
        .iter()
        .map(|(step, words)| {
            let key = step.checked_sub(1).and_then(|i| keys.get(i));
            json!({"n": step, "key": key.map(|&k| key_literal(k)), "words": words})
        })
        .collect();
    json!(words)
}

/// The runs of cells of `after` that differ from `before`, as
/// `[row, column, text]`, joined when less than four cells apart.
fn changes(before: &[String], after: &[String]) -> Vec<Value> {
    let mut runs = Vec::new();
    for (y, row) in after.iter().enumerate() {
        let old: Vec<char> =
            before.get(y).map_or_else(Vec::new, |r| r.chars().collect());
        let new: Vec<char> = row.chars().collect();
        let changed: Vec<usize> = (0..new.len())
            .filter(|&x| old.get(x) != Some(&new[x]))
            .collect();
        let mut i = 0;
        while i < changed.len() {
            let start = changed[i];
            let mut end = start;
            while i < changed.len() && changed[i] <= end + 4 {
                end = changed[i];
                i += 1;
            }
            let text: String = new[start..=end].iter().collect();
            runs.push(json!([y, start, text]));
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_cells_are_kept_as_runs() {
        let cells = [(0, 1), (0, 2), (0, 3), (0, 5), (1, 6), (2, 0)];
        assert_eq!(runs(&cells), [[0, 1, 3], [0, 5, 1], [1, 6, 1], [2, 0, 1]]);
    }
}
