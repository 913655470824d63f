//! Shrinking: a difference `fuzz` found played again on fewer keys and a
//! smaller screen, each kept only while it still shows the found case's
//! cause ([`FirstDifference::keeps`]).

use rogue_trace_format::diff::DiffOptions;
use rogue_trace_format::{RESUME, SUSPEND};

use crate::case::{run_case, Case, Sides};
use crate::error::Failure;
use crate::flags::CaptureFlags;
use crate::fuzz::grouping::{
    differences, player, screen, FirstDifference, DUNGEON,
};

/// How the shrinker plays a case, and what its difference must keep.
struct Shrinker<'a> {
    sides: &'a Sides,
    flags: &'a CaptureFlags,
    options: DiffOptions,
    found: &'a FirstDifference,
    /// Whether a smaller case must keep `found` first, not just among others.
    first: bool,
}

impl Shrinker<'_> {
    /// `candidate`'s difference that `fits`.
    fn play(
        &self,
        candidate: &Case,
        fits: impl Fn(&FirstDifference) -> bool,
    ) -> Result<Option<FirstDifference>, Failure> {
        if !resumed(&candidate.keys) {
            return Ok(None);
        }
        let outcome =
            run_case(self.sides, self.flags, candidate, self.options)?;
        let mut found = differences(&outcome).into_iter();
        Ok(match self.first {
            true => found.next().filter(fits),
            false => found.find(fits),
        })
    }

    /// `candidate`'s difference that keeps the found case's.
    fn kept(
        &self,
        candidate: &Case,
    ) -> Result<Option<FirstDifference>, Failure> {
        self.play(candidate, |d| d.keeps(self.found))
    }
}

/// Whether every `^Z` of `keys` is followed by its resume, or ends them:
/// keys typed while the game is stopped mean nothing without the resume.
fn resumed(keys: &[char]) -> bool {
    keys.windows(2).all(|k| k[0] != SUSPEND || k[1] == RESUME)
}

/// A smaller case that keeps the difference `found` of `case`.
pub fn shrink(
    sides: &Sides,
    flags: &CaptureFlags,
    options: DiffOptions,
    case: Case,
    (found, first): (&FirstDifference, bool),
) -> Result<(Case, FirstDifference), Failure> {
    let mut shrinker = Shrinker {
        sides,
        flags,
        options,
        found,
        first,
    };
    let (case, in_view) =
        into_view(&shrinker, &case)?.unwrap_or_else(|| (case, found.clone()));
    shrinker.found = &in_view;
    let (case, at_full_size) = fewer_keys(&shrinker, case)?;
    smaller_screen(&shrinker, case, at_full_size)
}

/// `case` on a screen grown to show a player, if its difference shows none.
fn into_view(
    shrinker: &Shrinker,
    case: &Case,
) -> Result<Option<(Case, FirstDifference)>, Failure> {
    let found = shrinker.found;
    let step = match found.kind.ended() {
        true => found.step.checked_sub(1),
        false => Some(found.step),
    };
    let large = (case.size.0.max(DUNGEON.0), case.size.1.max(DUNGEON.1));
    let Some(step) = step.filter(|_| found.players == [None, None]) else {
        return Ok(None);
    };
    if large == case.size {
        return Ok(None);
    }
    let at_large = Case {
        size: large,
        ..case.clone()
    };
    let played =
        run_case(shrinker.sides, shrinker.flags, &at_large, shrinker.options)?;
    let places = played.sides().map(|p| screen(&p.trace, step));
    let places = places.map(|s| s.and_then(player));
    let need = |(y, x): (usize, usize)| (x as u16 + 1, y as u16 + 1);
    let Some((cols, rows)) = places.into_iter().flatten().map(need).min()
    else {
        return Ok(None);
    };
    let candidate = Case {
        size: (case.size.0.max(cols), case.size.1.max(rows)),
        ..case.clone()
    };
    let shows = |d: &FirstDifference| d.players.iter().any(Option::is_some);
    let kept = shrinker.kept(&candidate)?.filter(shows);
    Ok(kept.map(|d| (candidate, d)))
}

/// `case`'s keys cut after the difference, then taken out in chunks.
fn fewer_keys(
    shrinker: &Shrinker,
    mut case: Case,
) -> Result<(Case, FirstDifference), Failure> {
    let mut difference = shrinker.found.clone();
    if shrinker.found.step < case.keys.len() {
        let cut = Case {
            keys: case.keys[..shrinker.found.step].to_vec(),
            ..case.clone()
        };
        if let Some(d) = shrinker.kept(&cut)? {
            (case, difference) = (cut, d);
        }
    }
    let mut chunks = 2;
    while case.keys.len() > 1 {
        match without_a_chunk(shrinker, &case, chunks)? {
            Some((smaller, d)) => {
                (case, difference) = (smaller, d);
                chunks = (chunks - 1).max(2);
            }
            None if chunks >= case.keys.len() => break,
            None => chunks = (chunks * 2).min(case.keys.len()),
        }
    }
    Ok((case, difference))
}

/// The first of `case`'s `chunks` parts of keys taken out that keeps it.
fn without_a_chunk(
    shrinker: &Shrinker,
    case: &Case,
    chunks: usize,
) -> Result<Option<(Case, FirstDifference)>, Failure> {
    let size = case.keys.len().div_ceil(chunks);
    for start in (0..case.keys.len()).step_by(size) {
        let mut keys = case.keys.clone();
        keys.drain(start..(start + size).min(keys.len()));
        // A join left without a key on each side joins nothing.
        let candidate = Case {
            keys: rogue_trace_format::burst::tidy(&keys),
            ..case.clone()
        };
        if let Some(d) = shrinker.kept(&candidate)? {
            return Ok(Some((candidate, d)));
        }
    }
    Ok(None)
}

/// `case` on the smallest screen that shows all that `at_full_size` shows.
fn smaller_screen(
    shrinker: &Shrinker,
    case: Case,
    at_full_size: FirstDifference,
) -> Result<(Case, FirstDifference), Failure> {
    let Some((cols, rows)) = at_full_size.view() else {
        return Ok((case, at_full_size));
    };
    let (full_cols, full_rows) = case.size;
    let sizes = [(cols, rows), (cols, full_rows), (full_cols, rows)];
    for size in sizes {
        if size == case.size || size.0 > full_cols || size.1 > full_rows {
            continue;
        }
        let candidate = Case {
            size,
            ..case.clone()
        };
        let shows = |d: &FirstDifference| shows_all_of(d, &at_full_size);
        if let Some(d) = shrinker.play(&candidate, shows)? {
            return Ok((candidate, d));
        }
    }
    Ok((case, at_full_size))
}

/// Whether `small`, on a smaller screen, shows all that `full` shows.
fn shows_all_of(small: &FirstDifference, full: &FirstDifference) -> bool {
    small.step == full.step
        && small.kind == full.kind
        && small.players == full.players
        && full.cells.is_subset(&small.cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::grouping::Kind;

    #[test]
    fn a_suspend_is_kept_with_its_resume_or_last() {
        let (z, r) = (SUSPEND, RESUME);
        assert!(resumed(&['h', z, r, 'h']) && resumed(&['h', z]));
        assert!(!resumed(&['h', z, 'h']) && !resumed(&[z, z, r]));
    }

    #[test]
    fn a_smaller_screen_shows_every_cell_and_player_the_full_one_did() {
        let full = FirstDifference {
            step: 4,
            key: Some('l'),
            kind: Kind::Seen,
            cells: [(3, 4), (5, 1)].into(),
            players: [Some((3, 3)), Some((3, 3))],
        };
        assert!(shows_all_of(&full, &full));
        let mut lost = [full.clone(), full.clone(), full.clone()];
        lost[0].cells = [(3, 4)].into();
        lost[1].players[1] = None;
        lost[2].step = 5;
        assert!(!lost.iter().any(|small| shows_all_of(small, &full)));
    }
}
