//! What a case gave: both sides played ([`Played`]: their traces and how
//! each ended) and their screens compared; below the case that plays it
//! ([`crate::case`]) and the verdict that reads it ([`crate::verdict`]).

use std::fmt;
use std::time::Duration;

use rogue_game::Part;
use rogue_trace_format::burst::{joinable, settles};
use rogue_trace_format::diff::{Report, HEARD_ALL, HEARD_BELLS};
use rogue_trace_format::key_literal;
use rogue_trace_format::played::{seconds, Played};

/// What the sides are called, A and B.
pub const ROLES: [&str; 2] = ["the reference", "the port"];

/// "A: NAME" and "B: NAME" on one line.
pub fn sides_line(names: &[String; 2]) -> String {
    format!("A: {}; B: {}", names[0], names[1])
}

/// What a case gave; what it says is [`crate::verdict`]'s.
pub struct Compared {
    /// The reference played: its trace, and how it ended.
    pub reference: Played,
    pub port: Played,
    /// The comparison of the screens.
    pub report: Report,
    /// Both sides by name and command ([`crate::case::Sides::names`]).
    pub names: [String; 2],
    /// The part both sides play.
    pub part: Part,
    /// Whether each side, unpinned, called `time()` before its first screen.
    pub clock_seeded: [bool; 2],
    /// The port's first late answer, late again when played again.
    pub late: Option<Late>,
}

/// How much later than the reference's the port's first screen may come,
/// and its answer to a key, before a person notices: far above the tens
/// of milliseconds a loaded machine adds to a capture's key.
pub const LATE_START: Duration = Duration::from_secs(1);
pub const LATE_KEY: Duration = Duration::from_millis(300);

/// A late answer of the port's: its first screen, or a key (its number
/// from 1, and the key); both sides' times, the reference's first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Late {
    pub key: Option<(usize, char)>,
    pub times: [Duration; 2],
}

impl fmt::Display for Late {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.times.map(seconds);
        match self.key {
            None => write!(f, "the port's first screen came {b} after it started, the reference's {a}"),
            Some((n, key)) => write!(f, "the port answered key {n} ({}) {b} after it was typed, the reference {a}", key_literal(key)),
        }
    }
}

/// Each answer of the port's later than the reference's by [`LATE_START`]
/// or [`LATE_KEY`]: its first screen, then its keys (not a resize, `^Z`
/// or resume; a burst by its last key), in order.
pub fn late_answers(sides: [&Played; 2]) -> Vec<Late> {
    let [Some(a), Some(b)] = sides.map(|p| p.times.as_ref()) else {
        return Vec::new();
    };
    let first = a.first_screen.zip(b.first_screen).map(|(a, b)| Late {
        key: None,
        times: [a, b],
    });
    let typed = sides[0].keys();
    let keys = (a.keys.iter().zip(&b.keys).zip(typed).zip(1..))
        .filter(|&((_, &k), n)| joinable(k) && settles(typed, n))
        .map(|(((&a, &b), &k), n)| Late {
            key: Some((n, k)),
            times: [a, b],
        });
    let margin = |l: &Late| l.key.map_or(LATE_START, |_| LATE_KEY);
    (first.into_iter().chain(keys))
        .filter(|l| l.times[1] > l.times[0] + margin(l))
        .collect()
}

impl Compared {
    /// The reference and the port.
    pub fn sides(&self) -> [&Played; 2] {
        [&self.reference, &self.port]
    }

    /// Whether the port went on after its last key, the reference ended.
    pub fn port_went_on(&self) -> bool {
        self.port.still_running() && self.reference.ending().is_some()
    }

    /// The side whose trace does not record the cursor, the other's does.
    pub fn cursor_unseen(&self) -> Option<String> {
        let recorded = self.sides().map(|p| p.trace.header.cursors);
        if recorded[0] == recorded[1] || self.report.options.ignore_cursor {
            return None;
        }
        let role = ROLES[usize::from(recorded[0])];
        Some(format!(
            "the cursor is not compared: {role}'s screens do not record it"
        ))
    }

    /// What a side does not read of the terminal left and heard: not compared.
    pub fn unread(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let [Some(a), Some(b)] = self.sides().map(|p| p.ending()) {
            let unread = a.left.unread(&b.left);
            if !unread.is_empty() {
                lines.push(format!("of how each side left the terminal, not compared (a side does not read it): {}", unread.join(", ")));
            }
        }
        let says =
            |p: &Played, what| p.trace.header.extra.iter().any(|e| e == what);
        let unsaid = |what| {
            let said =
                self.sides().map(|p| says(p, what) || says(p, HEARD_ALL));
            let unsaid = ROLES.iter().zip(said).find(|(_, s)| !s);
            unsaid.map(|(role, _)| *role)
        };
        if let Some(role) = unsaid(HEARD_BELLS) {
            lines.push(format!("bells and escape sequences are not compared: {role}'s trace does not say them"));
        } else if let Some(role) = unsaid(HEARD_ALL) {
            lines.push(format!("unhandled escape sequences are not compared: {role}'s trace does not say them"));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_trace_format::played::{Outcome, Times};
    use rogue_trace_format::{Trace, SUSPEND};

    /// A side that typed `keys`, its first screen and answers at these ms.
    fn side(keys: &str, first: u64, answers: &[u64]) -> Played {
        let header = "# screen trace v1\n# program: \n# size: 100x25\n";
        let mut trace = Trace::parse(&format!("{header}# keys: \n")).unwrap();
        trace.header.keys = keys.chars().collect();
        let ms = Duration::from_millis;
        let keys = answers.iter().map(|&t| ms(t)).collect();
        Played {
            trace,
            outcome: Outcome::StillRunning,
            times: Some(Times {
                first_screen: Some(ms(first)),
                keys,
            }),
        }
    }

    #[test]
    fn only_an_answer_later_by_the_margin_is_late() {
        let z = SUSPEND.to_string();
        let reference = side(&format!("hjk{z}l"), 900, &[10, 20, 30, 10, 10]);
        let port = side(&format!("hjk{z}l"), 1_850, &[300, 330, 40, 900, 10]);
        // 0.95 s later is not a late start; 0.29 s later is not a late
        // key, 0.31 s is; ^Z is not a key answered.
        let late = late_answers([&reference, &port]);
        assert_eq!(late.len(), 1, "{late:?}");
        assert_eq!(late[0].key, Some((2, 'j')));
        assert_eq!(
            late[0].to_string(),
            "the port answered key 2 ('j') 0.33 s after it was typed, the reference 0.02 s"
        );
        let slow = side("hjk", 2_100, &[10, 20, 30]);
        let late = late_answers([&reference, &slow]);
        assert_eq!(late[0].to_string(), "the port's first screen came 2.10 s after it started, the reference's 0.90 s");
        // A side not measured (the built-in port) is never late.
        let built_in = Played {
            times: None,
            ..slow
        };
        assert!(late_answers([&reference, &built_in]).is_empty());
        assert!(late_answers([&port, &reference]).is_empty());
    }
}
