//! What a case gave: both sides played ([`Played`]: their traces and how
//! each ended) and their screens compared; below the case that plays it
//! ([`crate::case`]) and the verdict that reads it ([`crate::verdict`]).

use rogue_game::Part;
use rogue_trace_format::diff::Report;
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
}
