//! What each side wrote to its standard error, compared step by step:
//! words one side wrote at a key and the other did not are a difference.
//! Words written as both sides crashed at the same key are not compared.

use rogue_trace_format::key_told;
use rogue_trace_format::played::StderrDifference;

use crate::compared::{Compared, ROLES};

/// The most characters of words shown.
const SHOWN: usize = 120;

impl Compared {
    /// Each step at which the sides wrote other words to standard error.
    pub fn stderr_differences(&self) -> Vec<StderrDifference> {
        self.reference.stderr_apart(&self.port)
    }

    /// The first of [`Compared::stderr_differences`], said as a porter would.
    pub fn stderr_told(&self) -> Option<String> {
        let differences = self.stderr_differences();
        let first = told(differences.first()?, self.reference.keys());
        Some(match differences.len() {
            1 => first,
            n => format!("{first}; and at {} more step(s)", n - 1),
        })
    }

    /// Every step at which they did, a line each.
    pub fn stderr_lines(&self) -> Vec<String> {
        let keys = self.reference.keys();
        let cut = ROLES.iter().zip(self.sides()).filter_map(
            |(role, played)| {
                let n = played.stderr()?.cut_at?;
                Some(format!("{role} wrote more than {n} bytes to standard error: the words after are not compared"))
            },
        );
        self.stderr_differences()
            .iter()
            .map(|d| told(d, keys))
            .chain(cut)
            .collect()
    }
}

/// A difference said: "the port wrote to standard error at key 12 ('h'):
/// "bump\n" (the reference wrote nothing there)".
pub fn told(difference: &StderrDifference, keys: &[char]) -> String {
    let at = at_key(difference.step, keys);
    let alone = |writer: &str, words, other: &str| {
        let words = shown(words);
        format!("{writer} wrote to standard error {at}: {words} ({other} wrote nothing there)")
    };
    match &difference.words {
        [Some(a), Some(b)] => format!(
            "{} and {} wrote other words to standard error {at}: {} and {}",
            ROLES[0],
            ROLES[1],
            shown(a),
            shown(b)
        ),
        [Some(words), None] => alone(ROLES[0], words, ROLES[1]),
        [None, Some(words)] => alone(ROLES[1], words, ROLES[0]),
        [None, None] => String::new(),
    }
}

/// Who wrote what, as a group of differences is named.
pub fn who(difference: &StderrDifference) -> String {
    match &difference.words {
        [Some(_), Some(_)] => "both sides wrote, other words".to_string(),
        [a, _] => {
            let w = usize::from(a.is_none());
            format!("{} wrote words {} did not", ROLES[w], ROLES[1 - w])
        }
    }
}

/// Where words were written.
fn at_key(step: usize, keys: &[char]) -> String {
    match step.checked_sub(1).and_then(|i| keys.get(i)) {
        Some(&key) => format!("at key {step} ({})", key_told(key)),
        None => "at start-up, before any key".to_string(),
    }
}

/// Words quoted with their escapes, cut to [`SHOWN`] characters.
fn shown(words: &str) -> String {
    let cut: String = words.chars().take(SHOWN).collect();
    match cut.len() < words.len() {
        true => format!("{cut:?}..."),
        false => format!("{cut:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_is_said_at_its_key_with_its_words() {
        let keys = ['l', 'h', 'q'];
        let port_only = StderrDifference {
            step: 2,
            words: [None, Some("bump at 3,4\n".into())],
        };
        assert_eq!(
            told(&port_only, &keys),
            "the port wrote to standard error at key 2 ('h'): \"bump at 3,4\\n\" (the reference wrote nothing there)"
        );
        assert_eq!(
            who(&port_only),
            "the port wrote words the reference did not"
        );
        let both = StderrDifference {
            step: 0,
            words: [Some("a".into()), Some("b".into())],
        };
        assert_eq!(
            told(&both, &keys),
            "the reference and the port wrote other words to standard error at start-up, before any key: \"a\" and \"b\""
        );
        let long = "x".repeat(SHOWN + 5);
        assert!(shown(&long).ends_with("\"..."));
    }
}
