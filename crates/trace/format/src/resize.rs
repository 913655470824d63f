//! Resizes of the terminal between keys, each one character of Unicode's
//! Supplementary Private Use Area-A (`U+F0000` on) for each size up to
//! [`RESIZE_MAX`], so that keys stay a list of characters; written
//! `\{COLSxROWS}` ([`crate::escape_keys`]).

/// The first character of the resizes: a resize to 1x1.
const FIRST: u32 = 0xf0000;

/// The largest side a resize may give, columns and rows alike.
pub const RESIZE_MAX: u16 = 255;

/// The resize to `cols` by `rows`, as a key, if within [`RESIZE_MAX`].
pub fn resize_key(cols: u16, rows: u16) -> Option<char> {
    let side = 1..=RESIZE_MAX;
    if !side.contains(&cols) || !side.contains(&rows) {
        return None;
    }
    let index =
        u32::from(cols - 1) * u32::from(RESIZE_MAX) + u32::from(rows - 1);
    char::from_u32(FIRST + index)
}

/// The size a resize key gives, columns by rows.
pub fn resize_of(key: char) -> Option<(u16, u16)> {
    let index = u32::from(key).checked_sub(FIRST)?;
    let max = u32::from(RESIZE_MAX);
    if index >= max * max {
        return None;
    }
    Some(((index / max + 1) as u16, (index % max + 1) as u16))
}

/// Whether `key` is a resize.
pub fn is_resize(key: char) -> bool {
    resize_of(key).is_some()
}

/// The size of the screen after the first `typed` of `keys`, from `size`.
pub fn size_after(keys: &[char], typed: usize, size: (u16, u16)) -> (u16, u16) {
    keys[..typed.min(keys.len())]
        .iter()
        .rev()
        .find_map(|&k| resize_of(k))
        .unwrap_or(size)
}

/// A resize as a person reads it: "a resize to 60x20".
pub fn resize_told(cols: u16, rows: u16) -> String {
    format!("a resize to {cols}x{rows}")
}
