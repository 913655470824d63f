//! The resume of a program suspended by `^Z`, as `fg` resumes it: one
//! character among the keys (`U+100000`), written `\{fg}`
//! ([`crate::escape_keys`]).

/// The resume, as a key.
pub const RESUME: char = '\u{100000}';

/// `^Z`, the key that suspends a program (`SIGTSTP`).
pub const SUSPEND: char = '\x1a';

/// How the resume is written among the keys, inside `\{...}`.
pub const RESUME_WRITTEN: &str = "fg";

/// Whether `key` is the resume.
pub fn is_resume(key: char) -> bool {
    key == RESUME
}

/// Whether `key` is an event of the terminal (a resize or the resume).
pub fn is_event(key: char) -> bool {
    is_resume(key) || crate::is_resize(key)
}

/// Whether `keys` suspend the program or resume it: `^Z` or the resume.
pub fn suspends(keys: &[char]) -> bool {
    keys.iter().any(|&k| k == SUSPEND || is_resume(k))
}

/// Whether the program is suspended after the first `typed` of `keys`.
pub fn suspended_after(keys: &[char], typed: usize) -> bool {
    keys[..typed.min(keys.len())]
        .iter()
        .rev()
        .find(|&&k| k == SUSPEND || is_resume(k))
        .is_some_and(|&k| k == SUSPEND)
}
