//! Keys as traces write them: Python's `unicode_escape` form for the list
//! of keys, and Python character literals for each step's key; and keys
//! as a person reads them, a special key by its name.

use std::fmt::Write;

use crate::burst::{JOIN, JOIN_WRITTEN};
use crate::keys::{key_name, key_named};
use crate::resize::{resize_key, resize_of, resize_told, RESIZE_MAX};
use crate::resume::{is_resume, RESUME, RESUME_WRITTEN};

/// Writes `keys` in Python's `unicode_escape` form, a resize as
/// `\{COLSxROWS}`, the resume as `\{fg}` and a burst's join as `\{+}`.
pub fn escape_keys(keys: &[char]) -> String {
    let mut out = String::new();
    for &c in keys {
        let named = [(RESUME, RESUME_WRITTEN), (JOIN, JOIN_WRITTEN)];
        if let Some((_, name)) = named.iter().find(|(k, _)| *k == c) {
            out.push_str(&format!("\\{{{name}}}"));
            continue;
        }
        if let Some((cols, rows)) = resize_of(c) {
            out.push_str(&format!("\\{{{cols}x{rows}}}"));
            continue;
        }
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            ' '..='~' => out.push(c),
            _ => push_hex_escape(&mut out, c),
        }
    }
    out
}

/// Reads keys written by [`escape_keys`] (or by Python's `unicode_escape`).
pub fn unescape_keys(text: &str) -> Result<Vec<char>, String> {
    let mut keys = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            keys.push(c);
            continue;
        }
        let escaped = match chars.next() {
            Some('\\') => '\\',
            Some('\'') => '\'',
            Some('"') => '"',
            Some('t') => '\t',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('a') => '\x07',
            Some('b') => '\x08',
            Some('f') => '\x0c',
            Some('v') => '\x0b',
            Some('0') => '\0',
            Some('x') => hex_char(&mut chars, 2)?,
            Some('u') => hex_char(&mut chars, 4)?,
            Some('U') => hex_char(&mut chars, 8)?,
            Some('{') => resize(&mut chars)?,
            Some(other) => return Err(format!("unknown escape '\\{other}'")),
            None => return Err("a lone '\\' at the end".to_string()),
        };
        keys.push(escaped);
    }
    Ok(keys)
}

/// A character as Python's `repr` writes it: `'j'`, `'\x00'`, `"'"`,
/// `'\uf700'`.
pub fn char_literal(c: char) -> String {
    match c {
        '\'' => "\"'\"".to_string(),
        '\\' => "'\\\\'".to_string(),
        '\t' => "'\\t'".to_string(),
        '\n' => "'\\n'".to_string(),
        '\r' => "'\\r'".to_string(),
        c if c.is_control() || c == '\u{ad}' || is_private_use(c) => {
            let mut out = "'".to_string();
            push_hex_escape(&mut out, c);
            out.push('\'');
            out
        }
        c => format!("'{c}'"),
    }
}

/// A key for a person: a special key by its name, any other as its
/// [`char_literal`].
pub fn key_literal(key: char) -> String {
    if let Some((cols, rows)) = resize_of(key) {
        return resize_told(cols, rows);
    }
    if is_resume(key) {
        return "a resume".to_string();
    }
    key_name(key).map_or_else(|| char_literal(key), str::to_string)
}

/// Whether `c` is in the Basic Multilingual Plane's Private Use Area.
fn is_private_use(c: char) -> bool {
    ('\u{e000}'..='\u{f8ff}').contains(&c)
}

/// Reads a Python character literal written by [`char_literal`], or a
/// special key's name written by [`key_literal`].
pub fn parse_key_literal(text: &str) -> Result<char, String> {
    if let Some(key) = key_named(text) {
        return Ok(key);
    }
    let inner = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .or_else(|| text.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
        .ok_or_else(|| format!("key {text} is not a quoted character"))?;
    match unescape_keys(inner)?.as_slice() {
        [key] => Ok(*key),
        _ => Err(format!("key {text} is not one character")),
    }
}

fn push_hex_escape(out: &mut String, c: char) {
    let code = u32::from(c);
    // Writing to a String cannot fail.
    let _ = match code {
        0..=0xff => write!(out, "\\x{code:02x}"),
        0x100..=0xffff => write!(out, "\\u{code:04x}"),
        _ => write!(out, "\\U{code:08x}"),
    };
}

/// A resize written `\{COLSxROWS}`, after its `\{`.
fn resize(chars: &mut std::str::Chars<'_>) -> Result<char, String> {
    let mut size = String::new();
    let mut closed = false;
    for c in chars.by_ref() {
        if c == '}' {
            closed = true;
            break;
        }
        size.push(c);
    }
    if closed && size == RESUME_WRITTEN {
        return Ok(RESUME);
    }
    if closed && size == JOIN_WRITTEN {
        return Ok(JOIN);
    }
    let bad = || {
        format!("'\\{{{size}}}' is not \\{{{RESUME_WRITTEN}}}, \\{{{JOIN_WRITTEN}}} nor a resize \\{{COLSxROWS}} from 1x1 to {RESIZE_MAX}x{RESIZE_MAX}")
    };
    let (cols, rows) =
        size.split_once('x').filter(|_| closed).ok_or_else(bad)?;
    let side = |s: &str| s.parse::<u16>().map_err(|_| bad());
    resize_key(side(cols)?, side(rows)?).ok_or_else(bad)
}

fn hex_char(
    chars: &mut std::str::Chars<'_>,
    digits: usize,
) -> Result<char, String> {
    let hex: String = chars.by_ref().take(digits).collect();
    if hex.len() != digits {
        return Err(format!("escape needs {digits} hex digits, found '{hex}'"));
    }
    u32::from_str_radix(&hex, 16)
        .ok()
        .and_then(char::from_u32)
        .ok_or_else(|| format!("'{hex}' is not a character code"))
}
