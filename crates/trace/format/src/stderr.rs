//! What a program wrote to its standard error, read apart from its screen,
//! as header lines of a trace: `stderr: read` (or `stderr: read, cut at N
//! bytes`), and a `stderr: STEP 'WORDS'` line for each step at which words
//! came, escaped as keys are ([`crate::escape_keys`], a quote as `\'`).

use crate::escape::{escape_keys, unescape_keys};
use crate::Header;

/// The name of the header lines.
const NAME: &str = "stderr";

/// The value of the line that says standard error was read.
const READ: &str = "read";

/// What a program wrote to its standard error, step by step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stderr {
    /// The words, each with the step at which they came, in order.
    pub words: Vec<(usize, String)>,
    /// How many bytes were kept, if more came than were kept.
    pub cut_at: Option<usize>,
}

impl Stderr {
    /// The header lines that say it (without the leading `# `).
    pub fn header_lines(&self) -> Vec<String> {
        let read = match self.cut_at {
            Some(n) => format!("{NAME}: {READ}, cut at {n} bytes"),
            None => format!("{NAME}: {READ}"),
        };
        let words = self.words.iter().map(|(step, text)| {
            let chars: Vec<char> = text.chars().collect();
            let escaped = escape_keys(&chars).replace('\'', "\\'");
            format!("{NAME}: {step} '{escaped}'")
        });
        std::iter::once(read).chain(words).collect()
    }

    /// What `header` says was written to standard error, if read apart.
    pub fn of_header(header: &Header) -> Option<Stderr> {
        let values: Vec<&str> = header
            .extra
            .iter()
            .filter_map(|line| line.strip_prefix(NAME)?.strip_prefix(": "))
            .collect();
        let read = values.iter().find(|v| v.starts_with(READ))?;
        let cut_at = read
            .strip_prefix("read, cut at ")
            .and_then(|rest| rest.strip_suffix(" bytes"))
            .and_then(|n| n.parse().ok());
        let words = values.iter().filter_map(|v| words_line(v)).collect();
        Some(Stderr { words, cut_at })
    }

    /// The words written at `step`, if any.
    pub fn at(&self, step: usize) -> Option<&str> {
        self.words
            .iter()
            .find(|(s, _)| *s == step)
            .map(|(_, text)| text.as_str())
    }

    /// Every step at which words came.
    pub fn steps(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().map(|(step, _)| *step)
    }
}

/// A `STEP 'WORDS'` value.
fn words_line(value: &str) -> Option<(usize, String)> {
    let (step, quoted) = value.split_once(' ')?;
    let inner = quoted.strip_prefix('\'')?.strip_suffix('\'')?;
    let text: String = unescape_keys(inner).ok()?.into_iter().collect();
    Some((step.parse().ok()?, text))
}

/// Puts `stderr`'s lines into `header`, in place of any it had.
pub fn set_header(header: &mut Header, stderr: &Stderr) {
    header.extra.retain(|line| {
        line.strip_prefix(NAME)
            .is_none_or(|rest| !rest.starts_with(": "))
    });
    header.extra.extend(stderr.header_lines());
}
