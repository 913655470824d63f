//! The screen trace format, v1 and v2: reading and writing. A v2 trace's
//! steps may say where the cursor was ([`Cursor`]), and its keys may
//! resize the terminal (`== step N resize COLSxROWS`) or resume the
//! program (`== step N resume`); a trace without these is written as v1.

use std::fmt::{self, Write};

use crate::burst::{burst_end, JOIN};
use crate::classes::{is_class, Look, ODD};
use crate::cursor::{Cursor, CURSOR_LINE};
use crate::escape::{
    char_literal, escape_keys, parse_key_literal, unescape_keys,
};
use crate::resize::{resize_key, resize_of, size_after};
use crate::resume::{is_event, is_resume, RESUME};

/// The first line of every v1 trace.
const MAGIC: &str = "# screen trace v1";

/// The first line of a v2 trace.
const MAGIC_V2: &str = "# screen trace v2";

/// The largest screen a trace may declare, columns by rows.
pub const MAX_SIZE: (u16, u16) = (1000, 1000);

/// The header line of a trace that holds only its first and last steps.
pub const FIRST_AND_LAST: &str = "steps: first and last";

/// The header of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// What was recorded (free text).
    pub program: String,
    /// The part of the tutorial, 0 to 4, if known.
    pub part: Option<u8>,
    /// The generator, `glibc` or `msvc`, if known.
    pub rng: Option<String>,
    /// The seed given to `srand()`, if known.
    pub seed: Option<u32>,
    /// Columns of the screen.
    pub cols: u16,
    /// Rows of the screen.
    pub rows: u16,
    /// The keys typed, in order.
    pub keys: Vec<char>,
    /// Header lines this reader does not know, without the leading `# `.
    pub extra: Vec<String>,
    /// Whether the steps say where the cursor was: the trace is v2.
    pub cursors: bool,
}

/// A cell of class `?`, its look written after the colour block as
/// `?? Y X FG BG [ATTRIBUTES...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddCell {
    /// Row.
    pub y: u16,
    /// Column.
    pub x: u16,
    /// Its colours and attributes.
    pub look: Look,
}

/// One screen of a trace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The step's number: how many keys had been typed.
    pub number: usize,
    /// The key typed just before this screen; `None` for step 0.
    pub key: Option<char>,
    /// The characters, one string of `cols` characters per row.
    pub text: Vec<String>,
    /// The colour classes (`w`, `b`, space or `?`), one string per row.
    pub colours: Vec<String>,
    /// The colours of the cells of class `?`.
    pub odd: Vec<OddCell>,
    /// Where the cursor was (v2), or [`Cursor::Unknown`].
    pub cursor: Cursor,
    /// What the terminal heard since the step before beyond its cells,
    /// each once, sorted: `bell`, `visual bell`, and each escape
    /// sequence it left unhandled, by its bytes (`ESC [ 5 x`); a line
    /// `-- heard WHAT` each, after the cursor's.
    pub heard: Vec<String>,
}

/// The start of a step's line of what its terminal heard.
const HEARD_LINE: &str = "-- heard ";

/// A whole trace: its header and its steps, step 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The header.
    pub header: Header,
    /// The screens, in order.
    pub steps: Vec<Step>,
}

/// A trace that cannot be read: the line and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

impl Trace {
    /// Reads a trace from its text, its steps numbered in order from 0
    /// (but the last of a [`FIRST_AND_LAST`] trace).
    pub fn parse(text: &str) -> Result<Trace, ParseError> {
        let mut lines = Lines::new(text);
        let header = parse_header(&mut lines)?;
        let sparse = header.extra.iter().any(|e| e == FIRST_AND_LAST);
        let mut steps: Vec<Step> = Vec::new();
        while let Some(line) = lines.peek() {
            if line.is_empty() && lines.rest_is_empty() {
                break;
            }
            let next = steps
                .last()
                .map_or(0, |s| burst_end(&header.keys, s.number));
            steps.push(parse_step(
                &mut lines,
                &header,
                next,
                sparse && next > 0,
            )?);
        }
        // A v2 trace says where the cursor was if a step says it; one
        // that only resizes says nothing of it.
        let mut header = header;
        header.cursors = steps.iter().any(|s| s.cursor.is_known());
        Ok(Trace { header, steps })
    }

    /// Writes the trace as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.header.write(&mut out);
        for step in &self.steps {
            write_step(&mut out, step);
        }
        out
    }

    /// The size of step `number`'s screen, columns by rows: the header's,
    /// or the last resize's before it.
    pub fn size_at(&self, number: usize) -> (u16, u16) {
        self.header.size_at(number)
    }

    /// Whether the trace holds only its first and last steps.
    pub fn is_sparse(&self) -> bool {
        self.header.extra.iter().any(|e| e == FIRST_AND_LAST)
    }
}

impl Step {
    /// The look of every cell of row `y`.
    pub fn looks(&self, y: usize) -> Vec<Look> {
        let classes = self.colours.get(y).map_or("", String::as_str);
        let odd: Vec<&OddCell> =
            self.odd.iter().filter(|o| usize::from(o.y) == y).collect();
        let odd_at = |x: usize| odd.iter().find(|o| usize::from(o.x) == x);
        classes
            .chars()
            .enumerate()
            .map(|(x, class)| match odd_at(x) {
                Some(o) if class == ODD => o.look.clone(),
                _ => Look::of_class(class),
            })
            .collect()
    }

    /// The look of the cell at row `y`, column `x`, if the step has it.
    pub fn look(&self, y: usize, x: usize) -> Option<Look> {
        let class = self.colours.get(y)?.chars().nth(x)?;
        let odd = self
            .odd
            .iter()
            .find(|o| usize::from(o.y) == y && usize::from(o.x) == x);
        Some(match odd {
            Some(o) if class == ODD => o.look.clone(),
            _ => Look::of_class(class),
        })
    }
}

impl Header {
    /// The size of step `number`'s screen, columns by rows.
    pub fn size_at(&self, number: usize) -> (u16, u16) {
        size_after(&self.keys, number, (self.cols, self.rows))
    }

    /// Writes the header lines.
    pub fn write(&self, out: &mut String) {
        let h = self;
        let v2 = h.cursors || h.keys.iter().any(|&k| v2_key(k));
        out.push_str(if v2 { MAGIC_V2 } else { MAGIC });
        out.push('\n');
        let known = [
            Some(format!("program: {}", h.program)),
            h.part.map(|p| format!("part: {p}")),
            h.rng.as_ref().map(|r| format!("rng: {r}")),
            h.seed.map(|s| format!("seed: {s}")),
            Some(format!("size: {}x{}", h.cols, h.rows)),
            Some(format!("keys: {}", escape_keys(&h.keys))),
        ];
        for line in known.iter().flatten().chain(&h.extra) {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Whether a trace whose keys hold `key` is of format v2: a resize, the
/// resume, a burst's join.
fn v2_key(key: char) -> bool {
    is_event(key) || key == JOIN
}

/// The line between a step's characters and its colours.
const COLOURS_LINE: &str = "-- colours\n";

/// Writes the line that starts step `n`.
pub fn write_step_header(out: &mut String, n: usize, key: Option<char>) {
    if let Some((cols, rows)) = key.and_then(resize_of) {
        out.push_str(&format!("== step {n} resize {cols}x{rows}\n"));
        return;
    }
    if key.is_some_and(is_resume) {
        out.push_str(&format!("== step {n} resume\n"));
        return;
    }
    let key = key.map_or_else(|| "-".to_string(), char_literal);
    out.push_str(&format!("== step {n} key {key}\n"));
}

/// Writes a step.
pub fn write_step(out: &mut String, step: &Step) {
    write_step_header(out, step.number, step.key);
    for row in &step.text {
        out.push_str(row);
        out.push('\n');
    }
    out.push_str(COLOURS_LINE);
    for row in &step.colours {
        out.push_str(row);
        out.push('\n');
    }
    for odd in &step.odd {
        let _ = writeln!(out, "?? {} {} {}", odd.y, odd.x, odd.look);
    }
    if step.cursor.is_known() {
        let _ = writeln!(out, "{CURSOR_LINE}{}", step.cursor);
    }
    for heard in &step.heard {
        let _ = writeln!(out, "{HEARD_LINE}{heard}");
    }
}

/// The lines of a trace, with their numbers.
struct Lines<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            lines: text.split('\n').collect(),
            next: 0,
        }
    }

    fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.next).copied()
    }

    /// The next line and its 1-based number.
    fn next(&mut self, what: &str) -> Result<(&'a str, usize), ParseError> {
        let line = self.lines.get(self.next).copied();
        self.next += 1;
        match line {
            Some(line)
                if !(line.is_empty() && self.next == self.lines.len()) =>
            {
                Ok((line, self.next))
            }
            _ => Err(error(
                self.next,
                format!("the file ends where {what} should be"),
            )),
        }
    }

    fn rest_is_empty(&self) -> bool {
        self.lines[self.next..].iter().all(|l| l.is_empty())
    }
}

/// The error at `line`.
fn error(line: usize, message: String) -> ParseError {
    ParseError { line, message }
}

fn parse_header(lines: &mut Lines<'_>) -> Result<Header, ParseError> {
    let (first, n) = lines.next("the first line")?;
    if first != MAGIC && first != MAGIC_V2 {
        return Err(error(
            n,
            format!("expected '{MAGIC}' or '{MAGIC_V2}', found '{first}'"),
        ));
    }
    let mut fields: Vec<(&str, &str, usize)> = Vec::new();
    while let Some(line) = lines.peek() {
        let Some(field) = line.strip_prefix("# ") else {
            break;
        };
        let (_, n) = lines.next("a header line")?;
        let (name, value) = field.split_once(": ").unwrap_or((field, ""));
        fields.push((name, value, n));
    }
    let find = |name: &str| fields.iter().find(|(f, _, _)| *f == name).copied();
    let end = lines.next;
    let required = |name: &str| {
        find(name).ok_or_else(|| {
            error(end + 1, format!("the header has no '{name}' line"))
        })
    };
    let number = |name: &str, max: u64| -> Result<u64, ParseError> {
        let (_, value, n) = required(name)?;
        match value.parse::<u64>() {
            Ok(v) if v <= max => Ok(v),
            Ok(_) => {
                Err(error(n, format!("{name} {value} is larger than {max}")))
            }
            Err(_) => {
                Err(error(n, format!("{name} '{value}' is not a number")))
            }
        }
    };
    let (_, size, size_line) = required("size")?;
    let (cols, rows) = parse_size(size).map_err(|e| error(size_line, e))?;
    let (_, keys, keys_line) = required("keys")?;
    let keys = unescape_keys(keys)
        .map_err(|e| error(keys_line, format!("keys: {e}")))?;
    if first == MAGIC && keys.iter().any(|&k| v2_key(k)) {
        return Err(error(
            keys_line,
            format!(
                "keys resize the terminal, resume the program or are typed at once: the first line must be '{MAGIC_V2}'"
            ),
        ));
    }
    let optional_number =
        |name: &str, max: u64| -> Result<Option<u64>, ParseError> {
            find(name).map(|_| number(name, max)).transpose()
        };
    let part = optional_number("part", 4)?.map(|p| p as u8);
    let seed = optional_number("seed", u32::MAX.into())?.map(|s| s as u32);
    let known = ["program", "part", "rng", "seed", "size", "keys"];
    Ok(Header {
        program: required("program")?.1.to_string(),
        part,
        rng: find("rng").map(|(_, value, _)| value.to_string()),
        seed,
        cols,
        rows,
        keys,
        // Its steps may say where the cursor was; [`Trace::parse`] says
        // whether they do.
        cursors: first == MAGIC_V2,
        extra: fields
            .iter()
            .filter(|(name, _, _)| !known.contains(name))
            .map(|(name, value, _)| {
                if value.is_empty() {
                    name.to_string()
                } else {
                    format!("{name}: {value}")
                }
            })
            .collect(),
    })
}

/// Reads `COLSxROWS`, each side from 1 to its bound in [`MAX_SIZE`].
pub fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let bad = || {
        format!(
            "size '{text}' is not COLSxROWS from 1x1 to {}x{} (e.g. 100x25)",
            MAX_SIZE.0, MAX_SIZE.1
        )
    };
    let (cols, rows) = text.split_once('x').ok_or_else(bad)?;
    match (cols.parse::<u16>(), rows.parse::<u16>()) {
        (Ok(c), Ok(r))
            if (1..=MAX_SIZE.0).contains(&c)
                && (1..=MAX_SIZE.1).contains(&r) =>
        {
            Ok((c, r))
        }
        _ => Err(bad()),
    }
}

/// Reads step `index`, or any later step when `any_later` is set.
fn parse_step(
    lines: &mut Lines<'_>,
    header: &Header,
    index: usize,
    any_later: bool,
) -> Result<Step, ParseError> {
    let (line, n) = lines.next("a step")?;
    let rest = line.strip_prefix("== step ").ok_or_else(|| {
        error(
            n,
            format!("expected '== step {index} key ...', found '{line}'"),
        )
    })?;
    let (number, key) = rest
        .split_once(" key ")
        .or_else(|| rest.split_once(" resize ").map(|(n, _)| (n, "")))
        .or_else(|| rest.strip_suffix(" resume").map(|n| (n, "resume")))
        .ok_or_else(|| error(n, format!("step line '{line}' has no key")))?;
    let number = match number.parse::<usize>() {
        Ok(number) if number == index || (any_later && number > index) => {
            number
        }
        _ => {
            return Err(error(
                n,
                format!("expected step {index}, found step {number}"),
            ));
        }
    };
    let key = match key {
        "-" => None,
        "" => Some(parse_resize(rest).map_err(|e| error(n, e))?),
        "resume" => Some(RESUME),
        literal => Some(parse_key_literal(literal).map_err(|e| error(n, e))?),
    };
    let size = header.size_at(number);
    let text = parse_block(lines, size, "screen row")?;
    let (line, n) = lines.next("'-- colours'")?;
    if line != "-- colours" {
        return Err(error(n, format!("expected '-- colours', found '{line}'")));
    }
    let colours = parse_block(lines, size, "colour row")?;
    for (row, line) in colours.iter().enumerate() {
        if let Some(bad) = line.chars().find(|&c| !is_class(c)) {
            let n = lines.next - usize::from(size.1) + row + 1;
            return Err(error(
                n,
                format!("colour class '{bad}' is not w, b, space or ?"),
            ));
        }
    }
    let mut odd = Vec::new();
    while let Some(line) = lines.peek().and_then(|l| l.strip_prefix("?? ")) {
        let (_, n) = lines.next("a colour line")?;
        let mut parts = line.splitn(3, ' ');
        let (y, x, look) = (parts.next(), parts.next(), parts.next());
        let cell = y
            .and_then(|y| y.parse().ok())
            .zip(x.and_then(|x| x.parse().ok()))
            .zip(look.and_then(|l| l.parse::<Look>().ok()))
            .map(|((y, x), look)| OddCell { y, x, look });
        odd.push(cell.ok_or_else(|| {
            error(n, format!("'?? {line}' is not '?? Y X FG BG [ATTRIBUTES]'"))
        })?);
    }
    let cursor = parse_cursor(lines, header)?;
    let mut heard = Vec::new();
    while let Some(what) = lines.peek().and_then(|l| l.strip_prefix(HEARD_LINE))
    {
        heard.push(what.to_string());
        lines.next("a heard line")?;
    }
    Ok(Step {
        number,
        key,
        text,
        colours,
        odd,
        cursor,
        heard,
    })
}

/// The resize of a step line's rest, `N resize COLSxROWS`.
fn parse_resize(rest: &str) -> Result<char, String> {
    let size = rest.split_once(" resize ").map_or("", |(_, s)| s);
    let (cols, rows) = parse_size(size)?;
    resize_key(cols, rows)
        .ok_or_else(|| format!("resize {size} is larger than a resize may be"))
}

/// Reads a step's cursor line, if the trace is v2 and the step has one.
fn parse_cursor(
    lines: &mut Lines<'_>,
    header: &Header,
) -> Result<Cursor, ParseError> {
    let given = lines.peek().and_then(|l| l.strip_prefix(CURSOR_LINE));
    match given {
        Some(text) if header.cursors => {
            let (_, n) = lines.next("a cursor line")?;
            text.parse().map_err(|e| error(n, e))
        }
        _ => Ok(Cursor::Unknown),
    }
}

/// Reads a block of `rows` lines of `cols` characters each.
fn parse_block(
    lines: &mut Lines<'_>,
    (cols, rows): (u16, u16),
    what: &str,
) -> Result<Vec<String>, ParseError> {
    let mut block = Vec::with_capacity(rows.into());
    for _ in 0..rows {
        let (line, n) = lines.next(&format!("a {what}"))?;
        let width = line.chars().count();
        if width != usize::from(cols) {
            return Err(error(
                n,
                format!("{what} has {width} characters, the size says {cols}"),
            ));
        }
        block.push(line.to_string());
    }
    Ok(block)
}
