//! What a case covered, in the game's terms, read from the reference's
//! screens and the keys typed: the cells the player stood on, the walls
//! it bumped, the screen's edges it reached, the cells seen lit and
//! remembered, the keys by kind, the key that ended it, and whether
//! colours were shown. `compare` says it of its walk; `fuzz` sums it over
//! its campaign.

use std::collections::BTreeSet;
use std::fmt;

use rogue_trace_format::classes::{BLUE, WHITE};
use rogue_trace_format::keys::is_special_key;
use rogue_trace_format::{Step, Trace};

use crate::fuzz::grouping::player;
use crate::fuzz::walks::MOVES;

/// The keys that end the game, as the C takes them.
const ENDERS: [(char, &str); 4] =
    [('q', "q"), ('\0', "NUL"), ('\x03', "^C"), ('\x1c', "^\\")];

/// What one case, or a campaign's cases summed, covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Cases summed.
    pub cases: u64,
    /// Cells the player stood on (distinct within a case).
    pub stood: u64,
    /// Moves that left the player where it was: a wall bumped.
    pub bumps: u64,
    /// Steps with the player on a screen's edge row or column.
    pub edges: u64,
    /// Cells seen lit (in the visible colour) at some step.
    pub lit: u64,
    /// Cells shown remembered (in the seen colour) at some step.
    pub remembered: u64,
    /// Keys typed, by kind: moves, other printable, control, special.
    pub keys: [u64; 4],
    /// Cases ended by each of [`ENDERS`].
    pub ended_by: [u64; 4],
    /// Cases whose screens showed the game's colours.
    pub coloured: u64,
}

impl Coverage {
    /// What `trace`, the reference's screens of `keys`, covered.
    pub fn of(trace: &Trace, keys: &[char]) -> Coverage {
        let mut stood = BTreeSet::new();
        let (mut lit, mut remembered) = (BTreeSet::new(), BTreeSet::new());
        let mut covered = Coverage {
            cases: 1,
            ..Coverage::default()
        };
        let mut before: Option<(usize, usize)> = None;
        for step in &trace.steps {
            let at = player(step);
            if let Some((y, x)) = at {
                stood.insert((y, x));
                let (rows, cols) =
                    (step.text.len(), step.text[0].chars().count());
                if y == 0 || x == 0 || y + 1 == rows || x + 1 == cols {
                    covered.edges += 1;
                }
            }
            let moved = step.key.is_some_and(|k| MOVES.contains(&k));
            if moved && at.is_some() && at == before {
                covered.bumps += 1;
            }
            before = at;
            classes(step, WHITE, &mut lit);
            classes(step, BLUE, &mut remembered);
        }
        for &key in keys {
            covered.keys[kind(key)] += 1;
        }
        if let Some(i) = keys
            .last()
            .and_then(|k| ENDERS.iter().position(|(e, _)| e == k))
        {
            covered.ended_by[i] = 1;
        }
        covered.stood = stood.len() as u64;
        covered.lit = lit.len() as u64;
        covered.remembered = remembered.len() as u64;
        covered.coloured = u64::from(covered.lit + covered.remembered > 0);
        covered
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &Coverage) {
        let pairs = [
            (&mut self.cases, other.cases),
            (&mut self.stood, other.stood),
            (&mut self.bumps, other.bumps),
            (&mut self.edges, other.edges),
            (&mut self.lit, other.lit),
            (&mut self.remembered, other.remembered),
            (&mut self.coloured, other.coloured),
        ];
        for (mine, theirs) in pairs {
            *mine += theirs;
        }
        for (mine, theirs) in self.keys.iter_mut().zip(other.keys) {
            *mine += theirs;
        }
        for (mine, theirs) in self.ended_by.iter_mut().zip(other.ended_by) {
            *mine += theirs;
        }
    }

    /// Its counts, in order, for a record ([`Coverage::from_counts`]).
    pub fn counts(&self) -> Vec<u64> {
        let mut counts = vec![
            self.cases,
            self.stood,
            self.bumps,
            self.edges,
            self.lit,
            self.remembered,
            self.coloured,
        ];
        counts.extend(self.keys);
        counts.extend(self.ended_by);
        counts
    }

    /// The coverage of `counts`, as [`Coverage::counts`] gives them.
    pub fn from_counts(counts: &[u64]) -> Option<Coverage> {
        let [cases, stood, bumps, edges, lit, remembered, coloured, k0, k1, k2, k3, e0, e1, e2, e3] =
            counts.try_into().ok()?;
        Some(Coverage {
            cases,
            stood,
            bumps,
            edges,
            lit,
            remembered,
            keys: [k0, k1, k2, k3],
            ended_by: [e0, e1, e2, e3],
            coloured,
        })
    }
}

impl fmt::Display for Coverage {
    /// "the player stood on 37 cell(s), bumped 4 wall(s), reached a
    /// screen's edge at 0 step(s); 412 cell(s) seen lit, 230 remembered;
    /// keys: 80 moves, ...; ended by q; colours shown".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the player stood on {} cell(s), bumped {} wall(s), stood on a screen's edge at {} step(s); {} cell(s) seen lit, {} remembered; keys: {} move(s), {} other printable, {} control, {} special",
            self.stood, self.bumps, self.edges, self.lit, self.remembered,
            self.keys[0], self.keys[1], self.keys[2], self.keys[3]
        )?;
        let ended: Vec<String> = ENDERS
            .iter()
            .zip(self.ended_by)
            .filter(|&(_, n)| n > 0)
            .map(|((_, name), n)| match self.cases {
                1 => name.to_string(),
                _ => format!("{name} in {n}"),
            })
            .collect();
        if !ended.is_empty() {
            write!(f, "; ended by {}", ended.join(", "))?;
        }
        match (self.cases, self.coloured) {
            (1, 1) => write!(f, "; colour pairs shown"),
            (1, _) => write!(f, "; no colour pair shown"),
            (_, n) => {
                write!(
                    f,
                    "; colour pairs shown in {n} of {} case(s)",
                    self.cases
                )
            }
        }
    }
}

/// Adds to `cells` every cell of `step` of the colour class `class`, but
/// the player's.
fn classes(step: &Step, class: char, cells: &mut BTreeSet<(usize, usize)>) {
    for (y, (row, text)) in step.colours.iter().zip(&step.text).enumerate() {
        for (x, (c, ch)) in row.chars().zip(text.chars()).enumerate() {
            if c == class && ch != '@' {
                cells.insert((y, x));
            }
        }
    }
}

/// The kind of `key`: 0 a move, 1 another printable key, 2 a control
/// key, 3 a special key.
fn kind(key: char) -> usize {
    if MOVES.contains(&key) {
        0
    } else if is_special_key(key) {
        3
    } else if key.is_control() {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(
        number: usize,
        key: Option<char>,
        rows: [&str; 3],
        colours: [&str; 3],
    ) -> Step {
        Step {
            number,
            key,
            text: rows.map(String::from).to_vec(),
            colours: colours.map(String::from).to_vec(),
            odd: Vec::new(),
            cursor: Default::default(),
        }
    }

    #[test]
    fn a_walk_is_covered_in_the_game_s_terms() {
        let mut trace = Trace::parse(
            "# screen trace v1\n# program: t\n# size: 5x3\n# keys: \n",
        )
        .unwrap();
        trace.steps = vec![
            step(
                0,
                None,
                [".@.. ", "..#  ", "     "],
                ["ww   ", "www  ", "     "],
            ),
            step(
                1,
                Some('l'),
                [".b@. ", "..#  ", "     "],
                ["bwww ", "bbw  ", "     "],
            ),
            step(
                2,
                Some('l'),
                [".b@. ", "..#  ", "     "],
                ["bwww ", "bbw  ", "     "],
            ),
        ];
        let covered = Coverage::of(&trace, &['l', 'l', 'q']);
        assert_eq!(covered.stood, 2);
        assert_eq!(covered.bumps, 1);
        assert_eq!(covered.edges, 3, "row 0 is the screen's edge");
        assert_eq!(covered.keys, [2, 1, 0, 0]);
        assert_eq!(covered.ended_by, [1, 0, 0, 0]);
        assert_eq!(covered.coloured, 1);
        let mut sum = covered.clone();
        sum.add(&covered);
        assert_eq!(sum.cases, 2);
        assert_eq!(Coverage::from_counts(&sum.counts()), Some(sum.clone()));
        assert!(sum.to_string().contains("ended by q in 2"), "{sum}");
    }
}
