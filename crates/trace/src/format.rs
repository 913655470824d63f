//! The screen trace format, v1: reading and writing.

use std::fmt;

use crate::escape::{escape_keys, key_literal, parse_key_literal, unescape_keys};

/// The first line of every v1 trace.
const MAGIC: &str = "# screen trace v1";

/// The header of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// What was recorded (free text).
    pub program: String,
    /// The part of the tutorial, 0 to 4.
    pub part: u8,
    /// The generator: `glibc` or `msvc`.
    pub rng: String,
    /// The seed given to `srand()`.
    pub seed: u32,
    /// Columns of the screen.
    pub cols: u16,
    /// Rows of the screen.
    pub rows: u16,
    /// The keys typed, in order.
    pub keys: Vec<char>,
    /// Header lines this reader does not know, kept as they were (without
    /// the leading `# `).
    pub extra: Vec<String>,
}

/// A cell whose colours are neither pair 1, pair 2 nor the default: its
/// class is `?` and its colours are written after the colour block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddCell {
    /// Row.
    pub y: u16,
    /// Column.
    pub x: u16,
    /// Foreground colour, as the recorder named it.
    pub fg: String,
    /// Background colour, as the recorder named it.
    pub bg: String,
}

/// One screen of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The key typed just before this screen; `None` for step 0.
    pub key: Option<char>,
    /// The characters, one string of `cols` characters per row.
    pub text: Vec<String>,
    /// The colour classes (`w`, `b`, space or `?`), one string per row.
    pub colours: Vec<String>,
    /// The colours of the cells of class `?`.
    pub odd: Vec<OddCell>,
}

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
    /// Reads a trace from its text.
    pub fn parse(text: &str) -> Result<Trace, ParseError> {
        let mut lines = Lines::new(text);
        let header = parse_header(&mut lines)?;
        let mut steps = Vec::new();
        while let Some(line) = lines.peek() {
            if line.is_empty() && lines.rest_is_empty() {
                break;
            }
            steps.push(parse_step(&mut lines, &header, steps.len())?);
        }
        Ok(Trace { header, steps })
    }

    /// Writes the trace as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.header.write(&mut out);
        for (n, step) in self.steps.iter().enumerate() {
            write_step(&mut out, n, step);
        }
        out
    }
}

impl Header {
    /// Writes the header lines.
    pub fn write(&self, out: &mut String) {
        let h = self;
        out.push_str(MAGIC);
        out.push('\n');
        for line in [
            format!("program: {}", h.program),
            format!("part: {}", h.part),
            format!("rng: {}", h.rng),
            format!("seed: {}", h.seed),
            format!("size: {}x{}", h.cols, h.rows),
            format!("keys: {}", escape_keys(&h.keys)),
        ]
        .iter()
        .chain(&h.extra)
        {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// The line between a step's characters and its colours.
pub(crate) const COLOURS_LINE: &str = "-- colours\n";

/// Writes the line that starts step `n`.
pub(crate) fn write_step_header(out: &mut String, n: usize, key: Option<char>) {
    let key = key.map_or_else(|| "-".to_string(), key_literal);
    out.push_str(&format!("== step {n} key {key}\n"));
}

/// Writes step `n`.
pub(crate) fn write_step(out: &mut String, n: usize, step: &Step) {
    write_step_header(out, n, step.key);
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
        out.push_str(&format!("?? {} {} {} {}\n", odd.y, odd.x, odd.fg, odd.bg));
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
            Some(line) if !(line.is_empty() && self.next == self.lines.len()) => {
                Ok((line, self.next))
            }
            _ => Err(self.error(self.next, format!("the file ends where {what} should be"))),
        }
    }

    fn rest_is_empty(&self) -> bool {
        self.lines[self.next..].iter().all(|l| l.is_empty())
    }

    fn error(&self, line: usize, message: String) -> ParseError {
        ParseError { line, message }
    }
}

fn parse_header(lines: &mut Lines<'_>) -> Result<Header, ParseError> {
    let (first, n) = lines.next("the first line")?;
    if first != MAGIC {
        return Err(lines.error(n, format!("expected '{MAGIC}', found '{first}'")));
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
        find(name).ok_or_else(|| ParseError {
            line: end + 1,
            message: format!("the header has no '{name}' line"),
        })
    };
    let number = |name: &str, max: u64| -> Result<u64, ParseError> {
        let (_, value, n) = required(name)?;
        match value.parse::<u64>() {
            Ok(v) if v <= max => Ok(v),
            Ok(_) => Err(ParseError {
                line: n,
                message: format!("{name} {value} is larger than {max}"),
            }),
            Err(_) => Err(ParseError {
                line: n,
                message: format!("{name} '{value}' is not a number"),
            }),
        }
    };
    let (_, size, size_line) = required("size")?;
    let (cols, rows) = parse_size(size).map_err(|message| ParseError {
        line: size_line,
        message,
    })?;
    let (_, keys, keys_line) = required("keys")?;
    let keys = unescape_keys(keys).map_err(|e| ParseError {
        line: keys_line,
        message: format!("keys: {e}"),
    })?;
    let part = number("part", 4)? as u8;
    let seed = number("seed", u32::MAX.into())? as u32;
    let known = ["program", "part", "rng", "seed", "size", "keys"];
    Ok(Header {
        program: required("program")?.1.to_string(),
        part,
        rng: required("rng")?.1.to_string(),
        seed,
        cols,
        rows,
        keys,
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

/// Reads `COLSxROWS`.
pub fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let bad = || format!("size '{text}' is not COLSxROWS (e.g. 100x25)");
    let (cols, rows) = text.split_once('x').ok_or_else(bad)?;
    Ok((
        cols.parse().map_err(|_| bad())?,
        rows.parse().map_err(|_| bad())?,
    ))
}

fn parse_step(lines: &mut Lines<'_>, header: &Header, index: usize) -> Result<Step, ParseError> {
    let (line, n) = lines.next("a step")?;
    let rest = line.strip_prefix("== step ").ok_or_else(|| {
        lines.error(
            n,
            format!("expected '== step {index} key ...', found '{line}'"),
        )
    })?;
    let (number, key) = rest
        .split_once(" key ")
        .ok_or_else(|| lines.error(n, format!("step line '{line}' has no key")))?;
    if number != index.to_string() {
        return Err(lines.error(n, format!("expected step {index}, found step {number}")));
    }
    let key = match key {
        "-" => None,
        literal => Some(parse_key_literal(literal).map_err(|e| lines.error(n, e))?),
    };
    let text = parse_block(lines, header, "screen row")?;
    let (line, n) = lines.next("'-- colours'")?;
    if line != "-- colours" {
        return Err(lines.error(n, format!("expected '-- colours', found '{line}'")));
    }
    let colours = parse_block(lines, header, "colour row")?;
    for (row, line) in colours.iter().enumerate() {
        if let Some(bad) = line.chars().find(|c| !matches!(c, 'w' | 'b' | ' ' | '?')) {
            let n = lines.next - usize::from(header.rows) + row + 1;
            return Err(lines.error(n, format!("colour class '{bad}' is not w, b, space or ?")));
        }
    }
    let mut odd = Vec::new();
    while let Some(line) = lines.peek().and_then(|l| l.strip_prefix("?? ")) {
        let (_, n) = lines.next("a colour line")?;
        let parts: Vec<&str> = line.split(' ').collect();
        let cell = match parts.as_slice() {
            [y, x, fg, bg] => y.parse().ok().zip(x.parse().ok()).map(|(y, x)| OddCell {
                y,
                x,
                fg: fg.to_string(),
                bg: bg.to_string(),
            }),
            _ => None,
        };
        odd.push(cell.ok_or_else(|| lines.error(n, format!("'?? {line}' is not '?? Y X FG BG'")))?);
    }
    Ok(Step {
        key,
        text,
        colours,
        odd,
    })
}

fn parse_block(
    lines: &mut Lines<'_>,
    header: &Header,
    what: &str,
) -> Result<Vec<String>, ParseError> {
    let mut rows = Vec::with_capacity(header.rows.into());
    for _ in 0..header.rows {
        let (line, n) = lines.next(&format!("a {what}"))?;
        let width = line.chars().count();
        if width != usize::from(header.cols) {
            return Err(lines.error(
                n,
                format!(
                    "{what} has {width} characters, the size says {}",
                    header.cols
                ),
            ));
        }
        rows.push(line.to_string());
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "# screen trace v1\n# program: test\n# part: 4\n# rng: glibc\n# seed: 42\n# size: 3x2\n# keys: j\\x00\n# note: kept\n== step 0 key -\n #.\n @ \n-- colours\n wb\n w \n== step 1 key 'j'\n.. \n?@ \n-- colours\nww \n?w \n?? 1 0 red black\n";

    #[test]
    fn parses_header_steps_and_odd_colours() {
        let t = Trace::parse(SMALL).unwrap();
        assert_eq!(t.header.keys, vec!['j', '\0']);
        assert_eq!((t.header.cols, t.header.rows), (3, 2));
        assert_eq!(t.header.extra, vec!["note: kept"]);
        assert_eq!(t.steps.len(), 2);
        assert_eq!(t.steps[0].key, None);
        assert_eq!(t.steps[1].key, Some('j'));
        assert_eq!(t.steps[1].text, vec![".. ", "?@ "]);
        assert_eq!(
            t.steps[1].odd[0],
            OddCell {
                y: 1,
                x: 0,
                fg: "red".into(),
                bg: "black".into()
            }
        );
    }

    #[test]
    fn round_trips_exactly() {
        let t = Trace::parse(SMALL).unwrap();
        assert_eq!(t.to_text(), SMALL);
        assert_eq!(Trace::parse(&t.to_text()).unwrap(), t);
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            (
                SMALL.replace("# screen trace v1", "# screen trace v2"),
                1,
                "expected '# screen trace v1'",
            ),
            (
                SMALL.replace("# seed: 42", "# seed: x"),
                5,
                "seed 'x' is not a number",
            ),
            (
                SMALL.replace("# size: 3x2", "# size: 3by2"),
                6,
                "is not COLSxROWS",
            ),
            (
                SMALL.replace(" #.\n", " #\n"),
                10,
                "screen row has 2 characters",
            ),
            (
                SMALL.replace("== step 1", "== step 2"),
                15,
                "expected step 1, found step 2",
            ),
            (SMALL.replace("ww \n", "wz \n"), 19, "colour class 'z'"),
            (
                SMALL.replace("-- colours\nww", "-- colors\nww"),
                18,
                "expected '-- colours'",
            ),
            (
                SMALL[..SMALL.len() - 40].to_string(),
                17,
                "the file ends where a screen row should be",
            ),
        ];
        for (text, line, message) in cases {
            let err = Trace::parse(&text).expect_err(message);
            assert_eq!(err.line, line, "{message}: {err}");
            assert!(err.message.contains(message), "{err}");
        }
    }

    #[test]
    fn every_golden_trace_round_trips() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden");
        let mut count = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(trace.to_text(), text, "{}", path.display());
            count += 1;
        }
        assert!(count >= 14);
    }
}
