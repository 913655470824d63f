//! How `fuzz` tells one difference from another: its signature, from the
//! first differing screen's cells or from how a side stopped.

use std::collections::HashSet;

use rogue_trace_format::classes::Look;
use rogue_trace_format::diff::{cell_shown, cells_differing_as, on_console};
use rogue_trace_format::{key_literal, Step};

use crate::case::{Outcome, ROLES};

/// What a side shows in a cell: its character and look (no look when
/// characters only are compared).
pub type Content = (char, Option<Look>);

/// A cell that differs between the two sides: where, and what each shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellDifference {
    pub y: usize,
    pub x: usize,
    pub a: Option<Content>,
    pub b: Option<Content>,
}

/// The first differing screen of a case: its step, and its differing
/// cells, row by row.
pub struct FirstDifference {
    pub step: usize,
    pub cells: HashSet<CellDifference>,
    pub first_cell: Option<CellDifference>,
}

/// The cells of row `y` of `step`, their looks as a console shows them
/// if `console`, or none if `chars` (characters only compared).
fn contents(step: &Step, y: usize, console: bool, chars: bool) -> Vec<Content> {
    let text = step.text.get(y).map_or("", String::as_str);
    let looks = step.looks(y).into_iter();
    let looks = looks.map(|l| {
        let look = if console { l.on_console() } else { l };
        (!chars).then_some(look)
    });
    text.chars().zip(looks).collect()
}

/// The differing cells of the first differing screen of `outcome`, with
/// what each side shows there, if a screen differs.
pub fn first_difference(outcome: &Outcome) -> Option<FirstDifference> {
    let number = *outcome.report.differing_steps.first()?;
    let (a, b) = (&outcome.reference, &outcome.port);
    let step = |t: &rogue_trace_format::Trace| {
        t.steps.iter().find(|s| s.number == number).cloned()
    };
    let (step_a, step_b) = (step(a)?, step(b)?);
    let console = on_console(a, b);
    let options = outcome.report.options;
    let mut rows: Option<(usize, Vec<Content>, Vec<Content>)> = None;
    let mut cells = HashSet::new();
    let mut first_cell = None;
    for (y, x) in cells_differing_as(&step_a, &step_b, console, options) {
        if rows.as_ref().is_none_or(|r| r.0 != y) {
            rows = Some((
                y,
                contents(&step_a, y, console, options.chars),
                contents(&step_b, y, console, options.chars),
            ));
        }
        let (_, row_a, row_b) = rows.as_ref().expect("the row");
        let cell = CellDifference {
            y,
            x,
            a: row_a.get(x).cloned(),
            b: row_b.get(x).cloned(),
        };
        first_cell.get_or_insert_with(|| cell.clone());
        cells.insert(cell);
    }
    Some(FirstDifference {
        step: number,
        cells,
        first_cell,
    })
}

/// A cell's content for a person: its character and its colours (only
/// its character when characters only are compared).
pub fn shown(content: &Option<Content>) -> String {
    content.as_ref().map_or_else(
        || "(nothing)".to_string(),
        |(ch, look)| match look {
            Some(look) => cell_shown(*ch, look),
            None => key_literal(*ch),
        },
    )
}

/// The signature of a difference, by which differences are grouped: for
/// a side that stopped, which and how; else what differs in the first
/// differing cell of the first differing screen, and what each side shows
/// there.
pub fn signature(outcome: &Outcome) -> String {
    let stops: Vec<String> = ROLES
        .iter()
        .zip(&outcome.ended)
        .filter_map(|(role, ended)| Some(format!("{role} {}", how(ended)?)))
        .collect();
    if !outcome.stops().is_empty() {
        return stops.join(", ");
    }
    let Some(cell) = first_difference(outcome).and_then(|d| d.first_cell)
    else {
        return format!("screens: {}", outcome.report.line);
    };
    let char_of = |c: &Option<Content>| c.as_ref().map(|c| c.0);
    let look_of = |c: &Option<Content>| c.as_ref().map(|c| c.1.clone());
    let what = match (
        char_of(&cell.a) != char_of(&cell.b),
        look_of(&cell.a) != look_of(&cell.b),
    ) {
        (true, true) => "characters and colours",
        (true, false) => "characters",
        _ => "colours",
    };
    format!(
        "screens differ ({what}) first at a cell where A shows {} and B {}",
        shown(&cell.a),
        shown(&cell.b)
    )
}

/// How a side ended, without the number of keys typed; `None` if it was
/// still running at the end.
fn how(ended: &rogue_capture::Outcome) -> Option<String> {
    use rogue_capture::{Outcome, Stopped};
    Some(match ended {
        Outcome::StillRunning => return None,
        Outcome::EndedOnLastKey(ending) => {
            format!("{} on its last key", ending.exit)
        }
        Outcome::Stopped(Stopped::Exited { ending, .. }) => {
            ending.exit.to_string()
        }
        Outcome::Stopped(Stopped::NeverDrew) => {
            "drew nothing at start-up".into()
        }
        Outcome::Stopped(Stopped::KeptDrawing { .. }) => {
            "kept busy without waiting for a key".into()
        }
    })
}
