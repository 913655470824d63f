//! Comparing two traces step by step: `rogue-trace diff`.
//!
//! Steps are matched by their number (how many keys had been typed), so a
//! trace of every step compares with one of its first and last steps only.
//! Rows and columns in reports count from 0, as curses counts them.
//!
//! A trace read off a Windows console ([`CONSOLE`] in its header) cannot
//! tell the terminal's own colours from white on black; when either trace
//! is one, both compare as a console shows them ([`Look::on_console`]).

use std::fmt::Write;

use crate::classes::{describe, Look, CONSOLE, ODD};
use crate::cursor::Cursor;
use crate::escape::{char_literal, escape_keys, key_literal};
use crate::format::{Step, Trace};

/// A cell for a person: its character as a Python literal and its look's
/// class (`white on black (pair 1)`) or, of no class, its look in words.
pub fn cell_shown(ch: char, look: &Look) -> String {
    let class = look.class();
    let name = if class == ODD {
        look.told()
    } else {
        describe(class).to_string()
    };
    format!("{} {name}", char_literal(ch))
}

/// How to compare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiffOptions {
    /// Compare the screens only: no header value is compared.
    pub screens_only: bool,
    /// Report every differing step, not only the first.
    pub all: bool,
    /// Compare characters only, not colours nor attributes.
    pub chars: bool,
    /// Leave the cursor out.
    pub ignore_cursor: bool,
}

impl DiffOptions {
    /// What was left out of the comparison; `None` if nothing was.
    pub fn compared(&self) -> Option<String> {
        let left_out: Vec<&str> = [
            (self.chars, "characters only (colours ignored)"),
            (self.ignore_cursor, "the cursor ignored"),
        ]
        .into_iter()
        .filter_map(|(on, said)| on.then_some(said))
        .collect();
        (!left_out.is_empty()).then(|| left_out.join(", "))
    }

    /// How the cursors of two steps differ where both traces recorded
    /// them ([`Cursor::difference`]), unless the cursor is ignored.
    pub fn cursor_difference(&self, a: &Step, b: &Step) -> Option<String> {
        let told = Cursor::difference(a.cursor, b.cursor, ["A", "B"]);
        told.filter(|_| !self.ignore_cursor)
    }
}

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the traces are identical.
    pub identical: bool,
    /// The steps compared (present in both).
    pub steps_compared: usize,
    /// The numbers of the steps whose screens differ.
    pub differing_steps: Vec<usize>,
    /// How many cells differ, over every differing step.
    pub differing_cells: usize,
    /// The full report, for a person.
    pub text: String,
    /// The report on one line, for scripts.
    pub line: String,
    /// How the traces were compared.
    pub options: DiffOptions,
}

/// Compares trace `a` with trace `b`.
pub fn diff(a: &Trace, b: &Trace, options: DiffOptions) -> Report {
    let mut text = String::new();
    let mut problems = Vec::new();
    for (name, t) in [("A", a), ("B", b)] {
        if t.steps.is_empty() {
            problems.push(format!(
                "{name} has no steps: there is nothing to compare"
            ));
        }
    }
    if !options.screens_only {
        problems.extend(header_differences(a, b));
    }
    let numbers_a: Vec<usize> = a.steps.iter().map(|s| s.number).collect();
    let numbers_b: Vec<usize> = b.steps.iter().map(|s| s.number).collect();
    let mut compared = 0;
    let mut differing_steps = Vec::new();
    let mut differing_cells = 0;
    let (mut cursor_steps, mut heard_steps) = (0, 0);
    let console = on_console(a, b);
    for step_a in &a.steps {
        let Some(step_b) = b.steps.iter().find(|s| s.number == step_a.number)
        else {
            continue;
        };
        compared += 1;
        let cells = differing_cells_of(step_a, step_b, console, options.chars);
        let cursor = options.cursor_difference(step_a, step_b);
        let heard = heard_apart([a, b], [step_a, step_b]);
        if cells.is_empty() && cursor.is_none() && heard.is_empty() {
            continue;
        }
        if differing_steps.is_empty() || options.all {
            if !cells.is_empty() {
                step_report(&mut text, (step_a, step_b), &cells, options.chars);
            }
            if let Some(told) = &cursor {
                cursor_report(
                    &mut text,
                    step_a,
                    &format!("the cursor: {told}"),
                );
            }
            for (side, what) in &heard {
                let told = heard_told(["A", "B"], *side, what);
                cursor_report(&mut text, step_a, &told);
            }
        }
        differing_steps.push(step_a.number);
        differing_cells += cells.len();
        cursor_steps += usize::from(cursor.is_some());
        heard_steps += usize::from(!heard.is_empty());
    }
    for (name, mine, theirs) in
        [("A", &numbers_a, &numbers_b), ("B", &numbers_b, &numbers_a)]
    {
        let only: Vec<usize> = mine
            .iter()
            .filter(|n| !theirs.contains(n))
            .copied()
            .collect();
        let sparse = a.is_sparse() || b.is_sparse();
        if !only.is_empty() && !sparse {
            problems.push(format!(
                "A has {} steps, B has {}: step(s) {} only in {name}",
                a.steps.len(),
                b.steps.len(),
                spans(&only)
            ));
        } else if !only.is_empty() && compared == 0 {
            problems.push(format!(
                "no step is in both: {name} has step(s) {}",
                spans(&only)
            ));
        }
    }
    let identical = problems.is_empty() && differing_steps.is_empty();
    let by = options
        .compared()
        .map_or_else(String::new, |c| format!(", {c}"));
    let summary = if identical {
        format!("identical{by}: {compared} steps compared")
    } else if differing_steps.is_empty() {
        format!("different{by}: {}", problems.join("; "))
    } else {
        let cursor = match cursor_steps {
            0 => String::new(),
            n => format!(", the cursor differing at {n} of those steps"),
        };
        let cursor = match heard_steps {
            0 => cursor,
            n => format!("{cursor}, what the terminal heard (bells, escape sequences) at {n}"),
        };
        format!(
            "different{by}: {} of {compared} steps compared differ, {differing_cells} cells in all{cursor}; first at step {}{}",
            differing_steps.len(),
            differing_steps[0],
            if problems.is_empty() { String::new() } else { format!("; {}", problems.join("; ")) }
        )
    };
    for p in &problems {
        let _ = writeln!(text, "{p}");
    }
    let _ = writeln!(text, "{summary}");
    Report {
        identical,
        steps_compared: compared,
        differing_steps,
        differing_cells,
        text,
        line: summary,
        options,
    }
}

/// Step numbers, in order, with each run of consecutive ones as its first
/// and last: `3, 5 to 9`.
fn spans(numbers: &[usize]) -> String {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for &n in numbers {
        match spans.last_mut() {
            Some(span) if span.1 + 1 == n => span.1 = n,
            _ => spans.push((n, n)),
        }
    }
    let told: Vec<String> = spans
        .iter()
        .map(|&(first, last)| match last - first {
            0 => first.to_string(),
            1 => format!("{first}, {last}"),
            _ => format!("{first} to {last}"),
        })
        .collect();
    told.join(", ")
}

/// What differs between the headers: size, keys, and the part, generator
/// and seed where both traces give them.
fn header_differences(a: &Trace, b: &Trace) -> Vec<String> {
    let (ha, hb) = (&a.header, &b.header);
    let mut found = Vec::new();
    if (ha.cols, ha.rows) != (hb.cols, hb.rows) {
        found.push(format!(
            "size differs: A is {}x{}, B is {}x{}",
            ha.cols, ha.rows, hb.cols, hb.rows
        ));
    }
    if ha.keys != hb.keys {
        let i = ha
            .keys
            .iter()
            .zip(&hb.keys)
            .take_while(|(x, y)| x == y)
            .count();
        let at = |keys: &[char]| {
            keys.get(i)
                .map_or_else(|| "(none)".to_string(), |&k| key_literal(k))
        };
        found.push(format!(
            "keys differ from key {} on: A types {} there, B types {} (A keys: {}; B keys: {})",
            i + 1,
            at(&ha.keys),
            at(&hb.keys),
            escape_keys(&ha.keys),
            escape_keys(&hb.keys)
        ));
    }
    fn said<T: ToString>(v: &Option<T>) -> Option<String> {
        v.as_ref().map(T::to_string)
    }
    let fields = [
        ("part", said(&ha.part), said(&hb.part)),
        ("rng", said(&ha.rng), said(&hb.rng)),
        ("seed", said(&ha.seed), said(&hb.seed)),
    ];
    for (name, x, y) in fields {
        if let Some((x, y)) = x.zip(y).filter(|(x, y)| x != y) {
            found.push(format!("{name} differs: A has {x}, B has {y}"));
        }
    }
    found
}

/// One cell of a step: its character and look.
type Cell = (char, Look);

/// The cells of row `y` of a step, their looks as a console shows them
/// if `console`.
fn row(step: &Step, y: usize, console: bool) -> Vec<Cell> {
    let text = step.text.get(y).map_or("", String::as_str);
    let looks = step.looks(y).into_iter();
    let looks = looks.map(|l| if console { l.on_console() } else { l });
    text.chars().zip(looks).collect()
}

/// Whether either trace was read off a Windows console.
pub fn on_console(a: &Trace, b: &Trace) -> bool {
    [a, b]
        .iter()
        .any(|t| t.header.extra.iter().any(|e| e == CONSOLE))
}

/// The cells, row and column, where two steps differ as [`diff`] counts
/// them with `options` (by their characters alone with
/// [`DiffOptions::chars`]).
pub fn cells_differing_as(
    a: &Step,
    b: &Step,
    console: bool,
    options: DiffOptions,
) -> Vec<(usize, usize)> {
    differing_cells_of(a, b, console, options.chars)
        .iter()
        .map(|d| (d.y, d.x))
        .collect()
}

/// A cell that differs: its row and column, and what each trace has there.
struct Difference {
    y: usize,
    x: usize,
    a: Option<Cell>,
    b: Option<Cell>,
}

/// The cells that differ, row by row (looks as a console shows them if
/// `console`; by their characters alone if `chars`).
fn differing_cells_of(
    a: &Step,
    b: &Step,
    console: bool,
    chars: bool,
) -> Vec<Difference> {
    let same_looks = chars || (a.colours == b.colours && a.odd == b.odd);
    if a.text == b.text && same_looks {
        return Vec::new();
    }
    let mut cells = Vec::new();
    for y in 0..a.text.len().max(b.text.len()) {
        let (row_a, row_b) = (row(a, y, console), row(b, y, console));
        for x in 0..row_a.len().max(row_b.len()) {
            let (ca, cb) = (row_a.get(x).cloned(), row_b.get(x).cloned());
            let differ = if chars {
                ca.as_ref().map(|c| c.0) != cb.as_ref().map(|c| c.0)
            } else {
                ca != cb
            };
            if differ {
                cells.push(Difference { y, x, a: ca, b: cb });
            }
        }
    }
    cells
}

/// Writes the line of a step whose cursors differ, or that heard
/// otherwise.
fn cursor_report(out: &mut String, a: &Step, told: &str) {
    let key = step_key(a);
    let _ = writeln!(out, "step {} differs ({key}): {told}", a.number);
}

/// The header line of a trace whose steps say their bells (the port's).
pub const HEARD_BELLS: &str = "heard: bells";

/// The header line of a trace whose steps say every bell and unhandled
/// escape sequence heard (a capture's).
pub const HEARD_ALL: &str = "heard: bells and escape sequences";

/// What one side's terminal heard at a step (a bell) or ever (a sequence
/// the emulator leaves unhandled) where the other's did not, with its side
/// (0 or 1), where both traces say those.
pub fn heard_apart(
    traces: [&Trace; 2],
    steps: [&Step; 2],
) -> Vec<(usize, String)> {
    let says = |t: &Trace, what: &str| t.header.extra.iter().any(|e| e == what);
    let bells = traces
        .iter()
        .all(|t| says(t, HEARD_BELLS) || says(t, HEARD_ALL));
    let sequences = traces.iter().all(|t| says(t, HEARD_ALL));
    let ever = |t: &Trace, what: &String| {
        t.steps.iter().any(|s| s.heard.contains(what))
    };
    let mut apart = Vec::new();
    for side in [0, 1] {
        let (other, other_step) = (traces[1 - side], steps[1 - side]);
        for what in &steps[side].heard {
            let bell = what.ends_with("bell");
            let one_sided = match bell {
                true => bells && !other_step.heard.contains(what),
                false => sequences && !ever(other, what),
            };
            if one_sided {
                apart.push((side, what.clone()));
            }
        }
    }
    apart
}

/// What side `side` of `roles` heard that the other did not, for a person.
pub fn heard_told(roles: [&str; 2], side: usize, what: &str) -> String {
    let (one, other) = (roles[side], roles[1 - side]);
    match what {
        "bell" => format!("{one} rang the bell (^G); {other} did not"),
        "visual bell" => format!("{one} rang the visual bell (ESC g); {other} did not"),
        bytes => format!("{one} wrote {bytes}, which the emulator does not handle; {other} never did"),
    }
}

/// What came before a step, for its report: `key 'h'`, `after a resize
/// to 60x20`, `after a resume`, or `key - (before the first key)`.
fn step_key(step: &Step) -> String {
    match step.key {
        None => "key - (before the first key)".to_string(),
        Some(k) if crate::is_event(k) => format!("after {}", key_literal(k)),
        Some(k) => format!("key {}", key_literal(k)),
    }
}

/// The most cells a step's report lists one by one.
const CELLS_LISTED: usize = 12;

/// Writes the report of a differing step: each differing row of both, with
/// its colour classes and a column ruler, then the cells one by one.
fn step_report(
    out: &mut String,
    (a, b): (&Step, &Step),
    cells: &[Difference],
    chars_only: bool,
) {
    let key = step_key(a);
    let what = differing_by(cells, chars_only);
    let _ = writeln!(
        out,
        "step {} differs ({key}): {what}, {} cell(s); rows and columns count from 0",
        a.number,
        cells.len()
    );
    let _ = writeln!(out, "{}", players_line(a, b));
    let width = a
        .text
        .iter()
        .chain(&b.text)
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0);
    let _ = writeln!(out, "{:>15}{}", "column ", ruler(width, 10));
    let _ = writeln!(out, "{:>15}{}", "", ruler(width, 1));
    let mut rows: Vec<usize> = cells.iter().map(|d| d.y).collect();
    rows.dedup();
    let line = |s: &Step, y: usize, colours: bool| {
        let rows = if colours { &s.colours } else { &s.text };
        rows.get(y).cloned().unwrap_or_default()
    };
    for y in rows {
        let marked = |x| cells.iter().any(|d| (d.y, d.x) == (y, x));
        let marks: String = (0..width)
            .map(|x| if marked(x) { '^' } else { ' ' })
            .collect();
        let _ = writeln!(out, "row {y:>3}     A |{}|", line(a, y, false));
        let _ = writeln!(out, "            B |{}|", line(b, y, false));
        let _ = writeln!(out, "    colours A |{}|", line(a, y, true));
        let _ = writeln!(out, "            B |{}|", line(b, y, true));
        let _ = writeln!(out, "               {}", marks.trim_end());
    }
    for d in cells.iter().take(CELLS_LISTED) {
        let show = |c: &Option<Cell>| {
            c.as_ref().map_or_else(
                || "(nothing)".to_string(),
                |(ch, look)| cell_shown(*ch, look),
            )
        };
        let _ = writeln!(
            out,
            "  row {}, column {}: A {}, B {}",
            d.y,
            d.x,
            show(&d.a),
            show(&d.b)
        );
    }
    if cells.len() > CELLS_LISTED {
        let _ = writeln!(
            out,
            "  ... and {} more cell(s)",
            cells.len() - CELLS_LISTED
        );
    }
}

/// Where each side's player, its first `@`, stands: `A's @ at row 12,
/// column 40; B's @ at row 12, column 41` (or that a side shows none).
fn players_line(a: &Step, b: &Step) -> String {
    let at = |name: &str, step: &Step| {
        let found = step.text.iter().enumerate().find_map(|(y, row)| {
            row.chars().position(|c| c == '@').map(|x| (y, x))
        });
        match found {
            Some((y, x)) => format!("{name}'s @ at row {y}, column {x}"),
            None => format!("{name} shows no @"),
        }
    };
    format!("players: {}; {}", at("A", a), at("B", b))
}

/// What a step's differing `cells` differ by: their characters, colours
/// or both; their characters alone when only those were compared.
fn differing_by(cells: &[Difference], chars_only: bool) -> &'static str {
    let chars = cells
        .iter()
        .any(|d| d.a.as_ref().map(|c| c.0) != d.b.as_ref().map(|c| c.0));
    let looks = cells
        .iter()
        .any(|d| d.a.as_ref().map(|c| &c.1) != d.b.as_ref().map(|c| &c.1));
    match (chars, looks) {
        _ if chars_only => "characters (colours ignored)",
        (true, true) => "characters and colours",
        (true, false) => "characters",
        _ => "colours",
    }
}

/// A column ruler: the digit of `unit` (10: tens, 1: units) of each column.
fn ruler(width: usize, unit: usize) -> String {
    (0..width)
        .map(|x| {
            if unit > 1 && x % 10 != 0 {
                ' '
            } else {
                char::from(b'0' + (x / unit % 10) as u8)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_steps_and_the_ruler_count_as_said() {
        assert_eq!(spans(&[3]), "3");
        assert_eq!(spans(&[3, 4, 6, 7, 8, 9, 11]), "3, 4, 6 to 9, 11");
        assert_eq!(ruler(12, 10), "0         1 ");
        assert_eq!(ruler(12, 1), "012345678901");
    }
}
