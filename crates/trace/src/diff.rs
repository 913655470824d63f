//! Comparing two traces step by step: `rogue-trace diff`.

use std::fmt::Write;

use crate::escape::{escape_keys, key_literal};
use crate::format::{Step, Trace};

/// The header line a trace carries when it holds only its first and last
/// steps (`rogue-trace capture` without `--every`).
pub const FIRST_AND_LAST: &str = "steps: first and last";

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every step compared is identical.
    Same {
        /// The number of steps compared.
        steps: usize,
    },
    /// The traces differ; the report says where and how.
    Differ(String),
}

/// Compares trace `a` with trace `b`. The `program` header may differ;
/// the other header fields may not. Steps are compared one by one up to
/// the first difference (only the first and last steps when either trace
/// holds only those).
pub fn diff(a: &Trace, b: &Trace) -> Verdict {
    if let Some(report) = header_difference(a, b) {
        return Verdict::Differ(report);
    }
    let sparse = [a, b]
        .iter()
        .any(|t| t.header.extra.iter().any(|e| e == FIRST_AND_LAST));
    let pairs: Vec<(String, &Step, &Step)> = if sparse {
        match (
            a.steps.first(),
            b.steps.first(),
            a.steps.last(),
            b.steps.last(),
        ) {
            (Some(fa), Some(fb), Some(la), Some(lb)) => {
                vec![("0".to_string(), fa, fb), ("last".to_string(), la, lb)]
            }
            _ => Vec::new(),
        }
    } else {
        let numbered = a.steps.iter().zip(&b.steps).enumerate();
        numbered.map(|(n, (x, y))| (n.to_string(), x, y)).collect()
    };
    for (n, x, y) in &pairs {
        if let Some(report) = step_difference(n, x, y) {
            return Verdict::Differ(report);
        }
    }
    if !sparse && a.steps.len() != b.steps.len() {
        let (longer, name) = if a.steps.len() > b.steps.len() {
            (a, "A")
        } else {
            (b, "B")
        };
        let n = a.steps.len().min(b.steps.len());
        let key = longer.steps[n]
            .key
            .map_or_else(|| "-".to_string(), key_literal);
        return Verdict::Differ(format!(
            "A has {} steps, B has {}: the first {n} are identical; step {n} (key {key}) is only in {name}\n",
            a.steps.len(),
            b.steps.len()
        ));
    }
    Verdict::Same { steps: pairs.len() }
}

fn header_difference(a: &Trace, b: &Trace) -> Option<String> {
    let (ha, hb) = (&a.header, &b.header);
    if (ha.cols, ha.rows) != (hb.cols, hb.rows) {
        return Some(format!(
            "size differs: A is {}x{}, B is {}x{}\n",
            ha.cols, ha.rows, hb.cols, hb.rows
        ));
    }
    if ha.keys != hb.keys {
        let i = ha
            .keys
            .iter()
            .zip(&hb.keys)
            .take_while(|(x, y)| x == y)
            .count();
        let at = |keys: &[char]| {
            keys.get(i)
                .map_or_else(|| "(none)".to_string(), |&k| key_literal(k))
        };
        return Some(format!(
            "keys differ from key {} on: A types {} there, B types {}\n  A keys: {}\n  B keys: {}\n",
            i + 1,
            at(&ha.keys),
            at(&hb.keys),
            escape_keys(&ha.keys),
            escape_keys(&hb.keys)
        ));
    }
    let fields = [
        ("part", ha.part.to_string(), hb.part.to_string()),
        ("rng", ha.rng.clone(), hb.rng.clone()),
        ("seed", ha.seed.to_string(), hb.seed.to_string()),
    ];
    fields
        .iter()
        .find(|(_, x, y)| x != y)
        .map(|(name, x, y)| format!("{name} differs: A has {x}, B has {y}\n"))
}

/// The report for step `n` (its number, or `last`) if its screens differ.
fn step_difference(n: &str, a: &Step, b: &Step) -> Option<String> {
    let chars_differ = a.text != b.text;
    let colours_differ = a.colours != b.colours || a.odd != b.odd;
    if !chars_differ && !colours_differ {
        return None;
    }
    let what = match (chars_differ, colours_differ) {
        (true, true) => "characters and colours",
        (true, false) => "characters",
        _ => "colours",
    };
    let key = a
        .key
        .map_or_else(|| "- (before the first key)".to_string(), key_literal);
    let mut out = format!("step {n} differs (key {key}): {what}\n");
    for y in 0..a.text.len().max(b.text.len()) {
        let row = |s: &Step| {
            (
                s.text.get(y).cloned().unwrap_or_default(),
                s.colours.get(y).cloned().unwrap_or_default(),
            )
        };
        let (ta, ca) = row(a);
        let (tb, cb) = row(b);
        if ta == tb && ca == cb {
            continue;
        }
        let marks = marks(&[(&ta, &tb), (&ca, &cb)]);
        let _ = writeln!(out, "row {y}:");
        if ta != tb {
            let _ = writeln!(out, "  A |{ta}|\n  B |{tb}|\n     {marks}");
        }
        if ca != cb {
            let _ = writeln!(
                out,
                "  A colours |{ca}|\n  B colours |{cb}|\n             {marks}"
            );
        }
    }
    if a.odd != b.odd {
        let _ = writeln!(out, "odd colours: A {:?}, B {:?}", a.odd, b.odd);
    }
    Some(out)
}

/// A line with `^` under every column where any pair of rows differs.
fn marks(pairs: &[(&String, &String)]) -> String {
    let width = pairs
        .iter()
        .map(|(x, y)| x.chars().count().max(y.chars().count()))
        .max()
        .unwrap_or(0);
    let mut line: Vec<char> = vec![' '; width];
    for (x, y) in pairs {
        let (xs, ys): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
        for (i, mark) in line.iter_mut().enumerate() {
            if xs.get(i) != ys.get(i) {
                *mark = '^';
            }
        }
    }
    line.into_iter().collect::<String>().trim_end().to_string()
}
