//! The terminal's cursor at a step: hidden, or shown at a cell.
//!
//! A v2 trace says it after each step's colours (`-- cursor hidden`,
//! `-- cursor 12 41`); a v1 trace's cursors are [`Cursor::Unknown`].

use std::fmt;
use std::str::FromStr;

/// Where the cursor is at a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cursor {
    /// Not recorded: a v1 trace, or a side that has no terminal.
    #[default]
    Unknown,
    /// Hidden (`curs_set(0)`).
    Hidden,
    /// Shown, at row `y` and column `x`.
    At {
        /// Row.
        y: u16,
        /// Column.
        x: u16,
    },
}

impl Cursor {
    /// Whether the cursor was recorded.
    pub fn is_known(self) -> bool {
        self != Cursor::Unknown
    }

    /// The cursor for a person: `hidden`, `shown at row 12, column 41`.
    pub fn told(self) -> String {
        match self {
            Cursor::Unknown => "not recorded".into(),
            Cursor::Hidden => "hidden".into(),
            Cursor::At { y, x } => format!("shown at row {y}, column {x}"),
        }
    }

    /// How two recorded cursors differ, for a person ("A's cursor is
    /// hidden, B's is shown at row 3, column 7"); `None` if they agree or
    /// either is not recorded.
    pub fn difference(
        a: Cursor,
        b: Cursor,
        names: [&str; 2],
    ) -> Option<String> {
        if !a.is_known() || !b.is_known() || a == b {
            return None;
        }
        let same_shown =
            matches!((a, b), (Cursor::At { .. }, Cursor::At { .. }));
        let b_told = match same_shown {
            true => b.told().replacen("shown ", "", 1),
            false => b.told(),
        };
        Some(format!(
            "{}'s cursor is {}, {}'s is {b_told}",
            names[0],
            a.told(),
            names[1]
        ))
    }
}

/// The line that gives a step's cursor, after its colours.
pub(crate) const CURSOR_LINE: &str = "-- cursor ";

impl fmt::Display for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cursor::Unknown => write!(f, "unknown"),
            Cursor::Hidden => write!(f, "hidden"),
            Cursor::At { y, x } => write!(f, "{y} {x}"),
        }
    }
}

impl FromStr for Cursor {
    type Err = String;

    /// Reads `hidden` or `Y X`.
    fn from_str(text: &str) -> Result<Cursor, String> {
        if text == "hidden" {
            return Ok(Cursor::Hidden);
        }
        let bad =
            || format!("cursor '{text}' is not 'hidden' nor 'ROW COLUMN'");
        let (y, x) = text.split_once(' ').ok_or_else(bad)?;
        match (y.parse(), x.parse()) {
            (Ok(y), Ok(x)) => Ok(Cursor::At { y, x }),
            _ => Err(bad()),
        }
    }
}
