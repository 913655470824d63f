//! What a case gave: both sides played ([`Played`]: their traces and how
//! each ended) and their screens compared; below the case that plays it
//! ([`crate::case`]) and the verdict that reads it ([`crate::verdict`]).

use rogue_game::Part;
use rogue_trace_format::diff::{Report, HEARD_ALL, HEARD_BELLS};
use rogue_trace_format::played::Played;

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

    /// What of how both sides left the terminal, and of what it heard,
    /// a side does not read, so that it was not compared: a line each.
    /// The Windows console reads the cursor, echo and line input of how
    /// it is left, and hears nothing; the built-in port says its bells
    /// (none, as the C original) but not the escape sequences its curses
    /// would write.
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
            ROLES
                .iter()
                .zip(said)
                .find(|(_, s)| !s)
                .map(|(role, _)| *role)
        };
        if let Some(role) = unsaid(HEARD_BELLS) {
            lines.push(format!("bells and escape sequences are not compared: {role}'s trace does not say them"));
        } else if let Some(role) = unsaid(HEARD_ALL) {
            lines.push(format!("unhandled escape sequences are not compared: {role}'s trace does not say them"));
        }
        lines
    }
}
