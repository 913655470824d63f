//! Special keys (arrows, Home, End, Page Up and Down, Insert, Delete, F1 to
//! F12), each one character of Unicode's Private Use Area where Apple puts
//! its function keys (`U+F700` Up, ... `U+F72D` Page Down), sent as
//! `TERM=screen-256color` sends them ([`key_bytes`]).

use std::borrow::Cow;

/// The Up arrow.
pub const UP: char = '\u{f700}';
/// The Down arrow.
pub const DOWN: char = '\u{f701}';
/// The Left arrow.
pub const LEFT: char = '\u{f702}';
/// The Right arrow.
pub const RIGHT: char = '\u{f703}';
/// F1; F2 to F12 follow it, `U+F705` to `U+F70F`.
pub const F1: char = '\u{f704}';
/// Insert.
pub const INSERT: char = '\u{f727}';
/// Delete (the key above the arrows, not Backspace).
pub const DELETE: char = '\u{f728}';
/// Home.
pub const HOME: char = '\u{f729}';
/// End.
pub const END: char = '\u{f72b}';
/// Page Up.
pub const PAGE_UP: char = '\u{f72c}';
/// Page Down.
pub const PAGE_DOWN: char = '\u{f72d}';

/// A special key: its character, its name, and what the terminal sends.
struct Special {
    key: char,
    name: &'static str,
    normal: &'static [u8],
    application: &'static [u8],
}

/// An arrow: `ESC [ x` in normal cursor mode, `ESC O x` in application
/// cursor mode.
const fn arrow(
    key: char,
    name: &'static str,
    normal: &'static [u8],
    application: &'static [u8],
) -> Special {
    Special {
        key,
        name,
        normal,
        application,
    }
}

/// A key the terminal sends the same way in both cursor modes.
const fn fixed(key: char, name: &'static str, sent: &'static [u8]) -> Special {
    arrow(key, name, sent, sent)
}

/// Every special key, as `infocmp screen-256color` gives its sequence.
const TABLE: [Special; 22] = [
    arrow(UP, "Up", b"\x1b[A", b"\x1bOA"),
    arrow(DOWN, "Down", b"\x1b[B", b"\x1bOB"),
    arrow(LEFT, "Left", b"\x1b[D", b"\x1bOD"),
    arrow(RIGHT, "Right", b"\x1b[C", b"\x1bOC"),
    fixed(F1, "F1", b"\x1bOP"),
    fixed('\u{f705}', "F2", b"\x1bOQ"),
    fixed('\u{f706}', "F3", b"\x1bOR"),
    fixed('\u{f707}', "F4", b"\x1bOS"),
    fixed('\u{f708}', "F5", b"\x1b[15~"),
    fixed('\u{f709}', "F6", b"\x1b[17~"),
    fixed('\u{f70a}', "F7", b"\x1b[18~"),
    fixed('\u{f70b}', "F8", b"\x1b[19~"),
    fixed('\u{f70c}', "F9", b"\x1b[20~"),
    fixed('\u{f70d}', "F10", b"\x1b[21~"),
    fixed('\u{f70e}', "F11", b"\x1b[23~"),
    fixed('\u{f70f}', "F12", b"\x1b[24~"),
    fixed(INSERT, "Insert", b"\x1b[2~"),
    fixed(DELETE, "Delete", b"\x1b[3~"),
    fixed(HOME, "Home", b"\x1b[1~"),
    fixed(END, "End", b"\x1b[4~"),
    fixed(PAGE_UP, "Page Up", b"\x1b[5~"),
    fixed(PAGE_DOWN, "Page Down", b"\x1b[6~"),
];

/// Every special key: arrows, F1 to F12, Insert, Delete, Home, End, Page
/// Up, Page Down.
pub const SPECIAL_KEYS: [char; 22] = {
    let mut keys = ['\0'; 22];
    let mut i = 0;
    while i < TABLE.len() {
        keys[i] = TABLE[i].key;
        i += 1;
    }
    keys
};

fn special(key: char) -> Option<&'static Special> {
    TABLE.iter().find(|s| s.key == key)
}

/// Whether `key` is a special key.
pub fn is_special_key(key: char) -> bool {
    special(key).is_some()
}

/// A key as a porter reads it: "Page Up, sent as ESC [ 5 ~", or its literal.
pub fn key_told(key: char) -> String {
    let name = crate::key_literal(key);
    if !is_special_key(key) {
        return name;
    }
    format!("{name}, sent as {}", bytes_told(&key_bytes(key, false)))
}

/// Bytes a terminal sends or receives, as a porter reads them, each apart:
/// "ESC [ 5 ~", "0x07".
pub fn bytes_told(bytes: &[u8]) -> String {
    let told: Vec<String> = bytes
        .iter()
        .map(|&b| match b {
            0x1b => "ESC".to_string(),
            b if b.is_ascii_graphic() => char::from(b).to_string(),
            b => format!("0x{b:02x}"),
        })
        .collect();
    told.join(" ")
}

/// The name of a special key (`"Up"`, `"F5"`, `"Page Down"`).
pub fn key_name(key: char) -> Option<&'static str> {
    special(key).map(|s| s.name)
}

/// The special key named `name` (as [`key_name`] names it).
pub fn key_named(name: &str) -> Option<char> {
    TABLE.iter().find(|s| s.name == name).map(|s| s.key)
}

/// What the capture's terminal sends for `key`, the cursor keys in
/// application mode (DECCKM) or not.
pub fn key_bytes(key: char, application_cursor: bool) -> Cow<'static, [u8]> {
    match special(key) {
        Some(s) if application_cursor => Cow::Borrowed(s.application),
        Some(s) => Cow::Borrowed(s.normal),
        None => {
            let mut buf = [0u8; 4];
            Cow::Owned(key.encode_utf8(&mut buf).as_bytes().to_vec())
        }
    }
}

/// The keys typed as `text`, a special key's sequence (in either cursor
/// mode) that key.
pub fn keys_of_input(text: &str) -> Vec<char> {
    let mut keys = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let found = TABLE.iter().find_map(|s| {
            [s.normal, s.application]
                .into_iter()
                .find(|sent| rest.as_bytes().starts_with(sent))
                .map(|sent| (s.key, sent.len()))
        });
        let (key, len) = found.unwrap_or((c, c.len_utf8()));
        keys.push(key);
        rest = &rest[len..];
    }
    keys
}
