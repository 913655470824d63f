//! A program's last words: the last lines it wrote outside its screens.
//!
//! In a pseudo-terminal they are what the main screen shows once the
//! program has ended, not the alternate screen curses draws on: what it
//! printed before or after curses, and its standard error. On the Windows
//! console, which has no alternate screen, they are the last lines shown.

use std::num::NonZeroU16;

pub use rogue_trace_format::played::{last_lines, MAX_CHARS, MAX_LINES};

/// The last words a program left on an emulated terminal: if it ended on
/// the alternate screen and wrote over the one it last settled on, the
/// rows it changed (a panic's message); else its main screen's.
pub fn of_ended(
    screen: &vt100::Screen,
    settled: Option<&[String]>,
    written: &[u8],
) -> Vec<String> {
    if let Some(told) =
        screen.alternate_screen().then(|| told(written)).flatten()
    {
        return told;
    }
    if let Some(settled) = settled.filter(|_| screen.alternate_screen()) {
        let (_, cols) = screen.size();
        let changed: Vec<String> = screen
            .rows(0, cols.get())
            .zip(settled.iter().map(Some).chain(std::iter::repeat(None)))
            .filter(|(row, before)| {
                before.is_none_or(|b| b.trim_end() != row.trim_end())
            })
            .map(|(row, _)| row)
            .collect();
        if !changed.is_empty() {
            return last_lines(changed);
        }
    }
    of_screen(screen)
}

/// What starts the message of a program that dies: a Rust panic, a
/// Python traceback, a Node.js or Java error.
const DYING: [&str; 4] = [
    "panicked at",
    "Traceback (most recent call last)",
    "Error:",
    "Exception",
];

/// The message of a program that died, `written` since its screen last
/// settled, from its first line that says so ([`DYING`]), plain.
fn told(written: &[u8]) -> Option<Vec<String>> {
    let text = String::from_utf8_lossy(&plain(written)).into_owned();
    let lines: Vec<&str> = text.split(['\n', '\r']).collect();
    let first = lines
        .iter()
        .position(|line| DYING.iter().any(|d| line.contains(d)))?;
    Some(last_lines(lines[first..].iter().map(|l| l.to_string())))
}

/// `bytes` without their escape sequences (CSI, OSC and two-byte ones)
/// and other control characters but line ends.
fn plain(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x1b if bytes.get(i + 1) == Some(&b'[') => {
                i += 2;
                while i < bytes.len() && !(0x40..=0x7e).contains(&bytes[i]) {
                    i += 1;
                }
            }
            0x1b if bytes.get(i + 1) == Some(&b']') => {
                while i < bytes.len() && bytes[i] != 0x07 && bytes[i] != b'\\' {
                    i += 1;
                }
            }
            0x1b => i += 1,
            b'\n' | b'\r' => out.push(bytes[i]),
            b if b < 0x20 || b == 0x7f => {}
            b => out.push(b),
        }
        i += 1;
    }
    out
}

/// The last words on an emulated terminal's main screen, wrapped lines
/// joined.
pub fn of_screen(screen: &vt100::Screen) -> Vec<String> {
    let main = main_screen(screen);
    let screen = main.screen();
    let (rows, cols) = screen.size();
    let mut lines: Vec<String> = Vec::new();
    let mut wrapped = false;
    for (y, row) in (0..rows.get()).zip(screen.rows(0, cols.get())) {
        match lines.last_mut() {
            Some(line) if wrapped => line.push_str(&row),
            _ => lines.push(row),
        }
        wrapped = screen.row_wrapped(y);
    }
    last_lines(lines)
}

/// The main screen of `screen`, even with the alternate one showing.
fn main_screen(screen: &vt100::Screen) -> vt100::Parser {
    // Leaving the alternate screen, as `rmcup` does, shows the main one as
    // the program left it.
    switched(screen, screen.alternate_screen(), b"\x1b[?47l")
}

/// The alternate screen of `screen` as last drawn, even with the main one
/// showing.
pub(crate) fn alternate_screen(screen: &vt100::Screen) -> vt100::Parser {
    // Entering it again without clearing it (not as `smcup` does) shows it.
    switched(screen, !screen.alternate_screen(), b"\x1b[?47h")
}

/// A copy of `screen`, sent `switch` if `to`.
pub(crate) fn switched(
    screen: &vt100::Screen,
    to: bool,
    switch: &[u8],
) -> vt100::Parser {
    let one = NonZeroU16::MIN;
    let mut parser = vt100::Parser::new(one, one, 0);
    *parser.screen_mut() = screen.clone();
    if to {
        parser.process(switch);
    }
    parser
}
