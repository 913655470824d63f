//! Shrinking: a difference `fuzz` found played again on fewer keys and
//! smaller screens, each kept only while it still shows the found case's
//! cause.

use std::collections::HashSet;

use rogue_trace_format::diff::DiffOptions;

use crate::case::{run_case, Case, Sides};
use crate::flags::CaptureFlags;
use crate::fuzz::grouping::{
    first_difference, CellDifference, FirstDifference,
};
use crate::Failure;

/// A smaller case that still shows the cause of `found`'s difference: the
/// keys cut after the first differing step, then chunks of keys taken
/// out, then the screen made smaller, each kept only while the case's
/// first differing screen holds a cell that differs, with the same two
/// contents, at the same row and column, in the found case's.
pub fn shrink(
    sides: &Sides,
    flags: &CaptureFlags,
    options: DiffOptions,
    mut case: Case,
    found: &FirstDifference,
) -> Result<Case, Failure> {
    let keeps = |candidate: &Case| -> Result<bool, Failure> {
        let outcome = run_case(sides, flags, candidate, options)?;
        Ok(outcome.stops().is_empty()
            && first_difference(&outcome)
                .is_some_and(|d| keeps_cause(&found.cells, &d.cells)))
    };
    // The first differing screen is step `found.step`, after as many keys.
    if found.step < case.keys.len() {
        let cut = Case {
            keys: case.keys[..found.step].to_vec(),
            ..case.clone()
        };
        if keeps(&cut)? {
            case = cut;
        }
    }
    let mut chunks = 2;
    while case.keys.len() > 1 {
        let size = case.keys.len().div_ceil(chunks);
        let mut smaller = None;
        for start in (0..case.keys.len()).step_by(size) {
            let mut keys = case.keys.clone();
            keys.drain(start..(start + size).min(keys.len()));
            let candidate = Case {
                keys,
                ..case.clone()
            };
            if keeps(&candidate)? {
                smaller = Some(candidate);
                break;
            }
        }
        match smaller {
            Some(c) => {
                case = c;
                chunks = (chunks - 1).max(2);
            }
            None if chunks >= case.keys.len() => break,
            None => chunks = (chunks * 2).min(case.keys.len()),
        }
    }
    for axis in [0, 1] {
        loop {
            let side = if axis == 0 { case.size.0 } else { case.size.1 };
            let mut smaller = None;
            for new in [side / 2, side * 3 / 4] {
                if new == 0 || new >= side {
                    continue;
                }
                let mut size = case.size;
                *(if axis == 0 { &mut size.0 } else { &mut size.1 }) = new;
                let candidate = Case {
                    size,
                    ..case.clone()
                };
                if keeps(&candidate)? {
                    smaller = Some(candidate);
                    break;
                }
            }
            match smaller {
                Some(c) => case = c,
                None => break,
            }
        }
    }
    Ok(case)
}

/// Whether a case's first differing screen, whose differing cells are
/// `cells`, still shows the cause of the found case's, `found`: a cell at
/// the same row and column that differs with the same two contents.
fn keeps_cause(
    found: &HashSet<CellDifference>,
    cells: &HashSet<CellDifference>,
) -> bool {
    cells.iter().any(|c| found.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_trace_format::classes::Look;

    #[test]
    fn the_cause_is_kept_only_by_a_cell_alike_at_the_same_place() {
        let cell = |y, x, a: char, b: char| CellDifference {
            y,
            x,
            a: Some((a, Some(Look::of_class('w')))),
            b: Some((b, Some(Look::of_class('w')))),
        };
        let found: HashSet<_> =
            [cell(3, 4, '.', ' '), cell(5, 1, '#', '.')].into();
        let kept = [cell(0, 0, 'x', 'y'), cell(5, 1, '#', '.')].into();
        assert!(keeps_cause(&found, &kept));
        // The same place showing something else, or the same contents
        // elsewhere, is another difference.
        let moved = [cell(3, 5, '.', ' '), cell(5, 1, '#', ' ')].into();
        assert!(!keeps_cause(&found, &moved));
        assert!(!keeps_cause(&found, &HashSet::new()));
    }
}
