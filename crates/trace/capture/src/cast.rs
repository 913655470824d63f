//! asciinema recordings (asciicast v2 and v3), read as traces and written
//! by `rogue-trace capture --cast`.
//!
//! Read as a trace, a recording made with `asciinema rec --stdin` has its
//! input events' characters as keys, one step each, a key's screen the
//! terminal before the next key was typed. Keys joined in one input event
//! share out the output that follows, one piece each, the last taking the
//! rest. The keys end with the quit key (`q`, or NUL), which has no step,
//! as a replay's and a capture's do.
//!
//! A recording's header `timestamp` is when it started, which the C
//! original seeds with ([`timestamp`]); [`CastWriter`] writes a capture's
//! seed there.

use std::fmt;
use std::io::{self, Write};
use std::num::NonZeroU16;
use std::time::Instant;

use rogue_trace_format::burst::burst_bytes;
use rogue_trace_format::keys::keys_of_input;
use rogue_trace_format::{Header, Step, Trace, MAX_SIZE};
use serde_json::Value;

use crate::filter::Filter;
use crate::screen::screen_step_since;

/// The largest recording read: 256 MiB.
pub const MAX_BYTES: usize = 256 << 20;
/// The most cells the steps of a recording may hold in all.
pub const MAX_CELLS: u64 = 50_000_000;

/// A recording that cannot be read: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastError {
    /// The 1-based line number (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for CastError {}

/// Whether `text` looks like an asciinema recording: a JSON object first.
pub fn is_cast(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// One event of a recording.
enum Event {
    /// Output written to the terminal.
    Output(String),
    /// Keys typed.
    Input(String),
}

fn error(line: usize, message: impl Into<String>) -> CastError {
    CastError {
        line,
        message: message.into(),
    }
}

/// The numbered lines of a recording, and its header and its line number.
fn header(
    text: &str,
) -> Result<(impl Iterator<Item = (usize, &str)>, usize, Value), CastError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (number, first) = lines
        .by_ref()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| error(0, "the recording is empty"))?;
    let header: Value = serde_json::from_str(first)
        .map_err(|e| error(number, format!("the header is not JSON: {e}")))?;
    Ok((lines, number, header))
}

/// Reads an asciicast v2 or v3 recording as a trace; an error says its line.
pub fn read(text: &str) -> Result<Trace, CastError> {
    if text.len() > MAX_BYTES {
        return Err(error(
            0,
            format!("the recording is larger than {} MiB", MAX_BYTES >> 20),
        ));
    }
    let (lines, number, header) = header(text)?;
    let version = header.get("version").and_then(Value::as_u64);
    let (cols, rows) = match version {
        Some(2) => (field(&header, &["width"]), field(&header, &["height"])),
        Some(3) => (
            field(&header, &["term", "cols"]),
            field(&header, &["term", "rows"]),
        ),
        _ => return Err(error(
            number,
            "not an asciicast v2 or v3 header (its \"version\" is not 2 or 3)",
        )),
    };
    let size = |n: Option<u64>, max: u16, what: &str| {
        n.filter(|&n| (1..=u64::from(max)).contains(&n))
            .map(|n| n as u16)
            .ok_or_else(|| {
                error(
                    number,
                    format!("the header's {what} is missing or not 1 to {max}"),
                )
            })
    };
    let cols = size(cols, MAX_SIZE.0, "width (columns)")?;
    let rows = size(rows, MAX_SIZE.1, "height (rows)")?;
    let (mut events, mut keys) = (Vec::new(), Vec::new());
    for (number, line) in lines {
        let line = line.trim();
        if line.is_empty() || (version == Some(3) && line.starts_with('#')) {
            continue;
        }
        let event: Value = serde_json::from_str(line)
            .map_err(|e| error(number, format!("not a JSON event: {e}")))?;
        let items = event
            .as_array()
            .filter(|a| a.len() == 3)
            .ok_or_else(|| error(number, "an event is [time, code, data]"))?;
        if !items[0].is_number() {
            return Err(error(number, "an event's time is not a number"));
        }
        let (Some(code), Some(data)) = (items[1].as_str(), items[2].as_str())
        else {
            return Err(error(number, "an event's code and data are strings"));
        };
        match code {
            "o" => events.push(Event::Output(data.to_string())),
            "i" => {
                keys.extend(keys_of_input(data));
                events.push(Event::Input(data.to_string()));
            }
            _ => {}
        }
    }
    if keys.is_empty() {
        return Err(error(
            0,
            "the recording has no input events, so no keys: record with \
             `asciinema rec --stdin`",
        ));
    }
    let quit = keys.iter().position(|&k| is_quit(k));
    let keys = keys[..quit.map_or(keys.len(), |q| q + 1)].to_vec();
    let screens = quit.unwrap_or(keys.len()) as u64 + 1;
    let cells = screens * u64::from(cols) * u64::from(rows);
    if cells > MAX_CELLS {
        return Err(error(
            0,
            format!(
                "{} keys at {cols}x{rows} make {cells} cells, more than {MAX_CELLS}",
                screens - 1
            ),
        ));
    }
    let steps = steps(&events, cols, rows);
    Ok(Trace {
        header: Header {
            program: format!(
                "an asciinema recording (asciicast v{})",
                version.unwrap_or(2)
            ),
            part: None,
            rng: None,
            seed: None,
            cols,
            rows,
            keys,
            extra: Vec::new(),
            cursors: true,
        },
        steps,
    })
}

/// The header `timestamp` of the recording `text`, in seconds since 1970,
/// if it has one; an error if it is not a whole number from 0 on.
pub fn timestamp(text: &str) -> Result<Option<u64>, CastError> {
    let (_, number, header) = header(text)?;
    match header.get("timestamp") {
        None | Some(Value::Null) => Ok(None),
        Some(t) => t.as_u64().map(Some).ok_or_else(|| {
            error(
                number,
                format!("the header's timestamp {t} is not a whole number of seconds"),
            )
        }),
    }
}

/// The number at `path` in `value`.
fn field(value: &Value, path: &[&str]) -> Option<u64> {
    path.iter()
        .try_fold(value, |v, key| v.get(key))
        .and_then(Value::as_u64)
}

/// The steps of a recording's events on a `cols` by `rows` terminal.
fn steps(events: &[Event], cols: u16, rows: u16) -> Vec<Step> {
    let (rows_nz, cols_nz) = (
        NonZeroU16::new(rows).expect("rows checked"),
        NonZeroU16::new(cols).expect("columns checked"),
    );
    let mut parser = vt100::Parser::new(rows_nz, cols_nz, 0);
    let mut steps = Steps::default();
    for event in events {
        match event {
            Event::Output(data) => {
                steps.filter.feed(&mut parser, data.as_bytes());
                // Each piece of output but the last belongs to a key of
                // its own, while more than one waits.
                if steps.waiting.len() > 1 {
                    steps.next(&parser);
                }
            }
            Event::Input(keys) => {
                if !steps.started {
                    steps.started = true;
                    steps.record(&parser, None);
                }
                while !steps.waiting.is_empty() {
                    steps.next(&parser);
                }
                steps.waiting.extend(keys_of_input(keys));
            }
        }
    }
    while !steps.waiting.is_empty() {
        steps.next(&parser);
    }
    steps.steps
}

/// The steps of a recording as they are read.
#[derive(Default)]
struct Steps {
    steps: Vec<Step>,
    /// The keys typed whose screens are still to be recorded, in order.
    waiting: std::collections::VecDeque<char>,
    /// Keys recorded.
    typed: usize,
    /// Whether step 0 is recorded.
    started: bool,
    /// Whether the quit key has been typed: the game is over.
    ended: bool,
    /// What the emulator does not draw, done before it takes output in.
    filter: Filter,
}

impl Steps {
    /// Records the screen as the next waiting key's step.
    fn next(&mut self, parser: &vt100::Parser) {
        if let Some(key) = self.waiting.pop_front() {
            self.typed += 1;
            self.record(parser, Some(key));
        }
    }

    /// Records the screen as the step of `key` (`None`: step 0), but for
    /// the quit key and anything after it.
    fn record(&mut self, parser: &vt100::Parser, key: Option<char>) {
        self.ended |= key.is_some_and(is_quit);
        if !self.ended {
            let blink = self.filter.blink.as_ref().map(vt100::Parser::screen);
            let screen = parser.screen();
            let step = screen_step_since(screen, blink, None, self.typed, key);
            self.steps.push(step);
        }
    }
}

/// Whether `key` ends the game.
fn is_quit(key: char) -> bool {
    key == 'q' || key == '\0'
}

/// Writes an asciicast v2 recording as a capture goes: the output, and
/// each key as an input event.
pub struct CastWriter {
    out: Box<dyn Write + Send>,
    start: Instant,
    /// Output bytes not yet written: an incomplete UTF-8 sequence.
    held: Vec<u8>,
    /// The output read as a terminal reads it, for the cursor keys' mode
    /// the program set, in which a special key is typed.
    modes: vt100::Parser,
}

impl CastWriter {
    /// Starts a recording of a `cols` by `rows` terminal into `out`,
    /// writing its header, which says it started at `timestamp`.
    pub fn new(
        mut out: Box<dyn Write + Send>,
        cols: u16,
        rows: u16,
        command: &str,
        timestamp: u64,
    ) -> io::Result<CastWriter> {
        let header = serde_json::json!({
            "version": 2,
            "width": cols,
            "height": rows,
            "timestamp": timestamp,
            "command": command,
            "title": "captured by rogue-trace",
        });
        writeln!(out, "{header}")?;
        Ok(CastWriter {
            out,
            start: Instant::now(),
            held: Vec::new(),
            modes: vt100::Parser::new(NonZeroU16::MIN, NonZeroU16::MIN, 0),
        })
    }

    fn event(&mut self, code: &str, data: &str) -> io::Result<()> {
        let time = self.start.elapsed().as_secs_f64();
        let event = serde_json::json!([(time * 1e6).round() / 1e6, code, data]);
        writeln!(self.out, "{event}")
    }

    /// Writes `more`, what the program wrote since the last call, as one
    /// output event.
    pub fn output(&mut self, more: &[u8]) -> io::Result<()> {
        if more.is_empty() {
            return Ok(());
        }
        self.modes.process(more);
        self.held.extend_from_slice(more);
        let complete = match std::str::from_utf8(&self.held) {
            Ok(_) => self.held.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.held.len(),
        };
        let text = String::from_utf8_lossy(&self.held[..complete]).into_owned();
        self.held.drain(..complete);
        if text.is_empty() {
            return Ok(());
        }
        self.event("o", &text)
    }

    /// Writes `keys` (one key, or a burst) as an input event: the bytes a
    /// terminal sends for them, as [`crate::PtySession`] types them.
    pub fn input(&mut self, keys: &[char]) -> io::Result<()> {
        // A resize is asciinema's own event.
        if let Some((cols, rows)) = rogue_trace_format::resize_of(keys[0]) {
            return self.event("r", &format!("{cols}x{rows}"));
        }
        // A resume has none: a marker says where it came.
        if rogue_trace_format::is_resume(keys[0]) {
            return self.event("m", "resume (fg)");
        }
        let application = self.modes.screen().application_cursor();
        let sent = burst_bytes(keys, application);
        self.event("i", &String::from_utf8_lossy(&sent))
    }

    /// Writes what is left and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        let held = std::mem::take(&mut self.held);
        if !held.is_empty() {
            self.event("o", &String::from_utf8_lossy(&held))?;
        }
        self.out.flush()
    }
}
