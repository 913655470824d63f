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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resume_is_neither_a_resize_nor_a_special_key() {
        assert!(is_resume(RESUME) && is_event(RESUME));
        assert!(!crate::is_resize(RESUME));
        assert!(crate::key_name(RESUME).is_none());
        assert!(!is_event('\x1a') && !is_resume('j'));
        assert!(suspends(&['j', SUSPEND]) && suspends(&[RESUME]));
        assert!(!suspends(&['j', 'k']));
        let keys = ['j', SUSPEND, 'k', RESUME, 'l'];
        let told: Vec<bool> =
            (0..6).map(|n| suspended_after(&keys, n)).collect();
        assert_eq!(told, [false, false, true, true, false, false]);
    }
}
