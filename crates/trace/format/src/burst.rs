//! Keys typed at once, in one write, as a held key or a fast typist sends
//! them: [`JOIN`] (`U+100001`, written `\{+}`) between two keys types the
//! second with the first, and only the last key of a burst has a step.

use crate::{is_event, key_bytes, SUSPEND};

/// Between two keys: the second is typed in the same write as the first.
pub const JOIN: char = '\u{100001}';

/// How [`JOIN`] is written among the keys, inside `\{...}`.
pub const JOIN_WRITTEN: &str = "+";

/// Whether `key` may be typed in a burst: not [`JOIN`], a resize, a resume
/// nor `^Z`, which only the capture makes.
pub fn joinable(key: char) -> bool {
    key != JOIN && key != SUSPEND && !is_event(key)
}

/// Whether a screen settles after the first `typed` of `keys`: not inside
/// a burst.
pub fn settles(keys: &[char], typed: usize) -> bool {
    typed == 0
        || keys.get(typed - 1) != Some(&JOIN) && keys.get(typed) != Some(&JOIN)
}

/// The end of the burst (or the single key) typed from `keys[from]`: the
/// keys typed once the screen next settles.
pub fn burst_end(keys: &[char], from: usize) -> usize {
    (from + 1..).find(|&n| settles(keys, n)).unwrap_or(from + 1)
}

/// The start of the burst (or the single key) whose last key is
/// `keys[end - 1]`.
pub fn burst_start(keys: &[char], end: usize) -> usize {
    let mut start = end.saturating_sub(1);
    while start >= 2 && keys[start - 1] == JOIN {
        start -= 2;
    }
    start
}

/// What a terminal sends for `keys` typed at once, the cursor keys in
/// application mode or not.
pub fn burst_bytes(keys: &[char], application_cursor: bool) -> Vec<u8> {
    let typed = keys.iter().filter(|&&k| k != JOIN);
    typed
        .flat_map(|&k| key_bytes(k, application_cursor).into_owned())
        .collect()
}

/// How many keys `keys` are, their joins not counted.
pub fn keys_in(keys: &[char]) -> usize {
    keys.iter().filter(|&&k| k != JOIN).count()
}

/// `keys` without a [`JOIN`] that is not between two keys it may join.
pub fn tidy(keys: &[char]) -> Vec<char> {
    let mut out: Vec<char> = Vec::with_capacity(keys.len());
    for (i, &key) in keys.iter().enumerate() {
        let between = |k: Option<&char>| k.is_some_and(|&k| joinable(k));
        if key != JOIN || between(out.last()) && between(keys.get(i + 1)) {
            out.push(key);
        }
    }
    out
}
