//! What a case covered, in the game's terms, read from the reference's
//! screens and the keys typed: `compare` says it of its walk; `fuzz` sums it.
//! Rooms are the rooms of the case's dungeon as the built-in game draws it,
//! counted only when the reference's player starts where that dungeon does.

use std::fmt;

use rogue_game::{Game, GameConfig, MapKind};
use rogue_trace_format::classes::{BLUE, WHITE};
use rogue_trace_format::keys::is_special_key;
use rogue_trace_format::{is_resume, JOIN, SUSPEND};
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
    /// Keys typed, by kind ([`kind`]).
    pub keys: [u64; 7],
    /// Cases ended by each of [`ENDERS`].
    pub ended_by: [u64; 4],
    /// Cases whose screens showed the game's colours.
    pub coloured: u64,
    /// Rooms the player stood in, of the case's dungeon.
    pub rooms_entered: u64,
    /// Rooms a cell of which the reference's screens showed.
    pub rooms_seen: u64,
    /// Rooms in the case's dungeon.
    pub rooms: u64,
    /// Cases whose rooms are known.
    pub rooms_known: u64,
}

/// A room: its top row, left column, height and width.
type Room = (usize, usize, usize, usize);

/// The rooms of `config`'s dungeon, as the C's `setupMap` draws them from
/// `srand(seed)`: none for a part without random rooms.
fn rooms_of(config: &GameConfig) -> Vec<Room> {
    if config.part.map != Some(MapKind::RandomRooms) {
        return Vec::new();
    }
    let (height, width) = (25, 100);
    let mut rng = config.rng.seeded(config.seed);
    let n = rng.rand() % 11 + 5;
    let mut draw = |below: i32| rng.rand() % below;
    (0..n)
        .map(|_| {
            let (y, x) = (draw(height - 10) + 1, draw(width - 20) + 1);
            let (h, w) = (draw(7) + 3, draw(15) + 5);
            (y as usize, x as usize, h as usize, w as usize)
        })
        .collect()
}

/// A set of a case's cells, as rows of flags grown as cells come.
#[derive(Debug, Default)]
struct Cells {
    rows: Vec<Vec<bool>>,
    len: usize,
}

impl Cells {
    /// Puts the cell `(y, x)` in.
    fn insert(&mut self, (y, x): (usize, usize)) {
        if self.rows.len() <= y {
            self.rows.resize_with(y + 1, Vec::new);
        }
        let row = &mut self.rows[y];
        if row.len() <= x {
            row.resize(x + 1, false);
        }
        if !std::mem::replace(&mut row[x], true) {
            self.len += 1;
        }
    }

    /// How many cells are in.
    fn len(&self) -> usize {
        self.len
    }

    /// Whether a cell of `room` is in.
    fn any_in(&self, &(top, left, h, w): &Room) -> bool {
        let rows = self.rows.iter().skip(top).take(h);
        rows.into_iter()
            .any(|row| row.iter().skip(left).take(w).any(|&cell| cell))
    }
}

impl Coverage {
    /// What `trace`, the reference's screens of `keys` in `config`, covered.
    pub fn of(trace: &Trace, keys: &[char], config: &GameConfig) -> Coverage {
        let mut stood = Cells::default();
        let (mut lit, mut remembered) = (Cells::default(), Cells::default());
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
        for (i, &key) in keys.iter().enumerate() {
            // A join counts once for its burst, and is no key.
            let burst = i < 2 || keys[i - 2] != JOIN;
            match key {
                JOIN => covered.keys[6] += u64::from(burst),
                key => covered.keys[kind(key)] += 1,
            }
        }
        if let Some(i) = keys
            .last()
            .and_then(|k| ENDERS.iter().position(|(e, _)| e == k))
        {
            covered.ended_by[i] = 1;
        }
        covered.count_rooms(trace, config, &stood);
        covered.stood = stood.len() as u64;
        covered.lit = lit.len() as u64;
        covered.remembered = remembered.len() as u64;
        covered.coloured = u64::from(covered.lit + covered.remembered > 0);
        covered
    }

    /// Counts the rooms of `config`'s dungeon the player stood in.
    fn count_rooms(
        &mut self,
        trace: &Trace,
        config: &GameConfig,
        stood: &Cells,
    ) {
        let rooms = rooms_of(config);
        let start = Game::new(config).player.pos;
        let first = trace.steps.first().and_then(player);
        let starts = first
            .is_some_and(|(y, x)| (y as i32, x as i32) == (start.y, start.x));
        if rooms.is_empty() || !starts {
            return;
        }
        let mut shown = Cells::default();
        for step in &trace.steps {
            for (y, row) in step.text.iter().enumerate() {
                let cells = row.chars().enumerate().filter(|&(_, c)| c != ' ');
                cells.for_each(|(x, _)| shown.insert((y, x)));
            }
        }
        let count = |cells: &Cells| {
            rooms.iter().filter(|room| cells.any_in(room)).count()
        };
        self.rooms_entered = count(stood) as u64;
        self.rooms_seen = count(&shown) as u64;
        self.rooms = rooms.len() as u64;
        self.rooms_known = 1;
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &Coverage) {
        let counts = self.counts().into_iter().zip(other.counts());
        let sum: Vec<u64> = counts.map(|(a, b)| a + b).collect();
        *self = Coverage::from_counts(&sum).expect("every count");
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
        counts.extend(&self.keys[..4]);
        counts.extend(self.ended_by);
        counts.extend([
            self.rooms_entered,
            self.rooms_seen,
            self.rooms,
            self.rooms_known,
            self.keys[4],
            self.keys[5],
            self.keys[6],
        ]);
        counts
    }

    /// The coverage of `counts`, as [`Coverage::counts`] gives them (an
    /// older record's lack the counts added since, taken as none).
    pub fn from_counts(counts: &[u64]) -> Option<Coverage> {
        let (first, rest) = counts.split_at_checked(15)?;
        let [cases, stood, bumps, edges, lit, remembered, coloured, k0, k1, k2, k3, e0, e1, e2, e3] =
            first.try_into().ok()?;
        let [rooms_entered, rooms_seen, rooms, rooms_known, k4, k5, k6] =
            match rest {
                [] => [0; 7],
                &[a, b, c, d] => [a, b, c, d, 0, 0, 0],
                &[a, b, c, d, e] => [a, b, c, d, e, 0, 0],
                &[a, b, c, d, e, f] => [a, b, c, d, e, f, 0],
                rest => rest.try_into().ok()?,
            };
        Some(Coverage {
            cases,
            stood,
            bumps,
            edges,
            lit,
            remembered,
            keys: [k0, k1, k2, k3, k4, k5, k6],
            ended_by: [e0, e1, e2, e3],
            coloured,
            rooms_entered,
            rooms_seen,
            rooms,
            rooms_known,
        })
    }

    /// The rooms entered and seen, if known.
    fn rooms_said(&self) -> Option<String> {
        let in_cases = match (self.cases, self.rooms_known) {
            (_, 0) => return None,
            (1, _) => String::new(),
            (n, k) => {
                format!(", in the {k} of {n} case(s) whose dungeon is known")
            }
        };
        let dungeons = match self.rooms_known {
            1 => "in the seed's dungeon",
            _ => "in their dungeons",
        };
        Some(format!(
            "entered {} of the {} room(s) seen ({} {dungeons}){in_cases}",
            self.rooms_entered, self.rooms_seen, self.rooms
        ))
    }
}

impl fmt::Display for Coverage {
    /// "the player stood on 37 cell(s), bumped 4 wall(s), ...; colours shown".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the player stood on {} cell(s), bumped {} wall(s), stood on a screen's edge at {} step(s); ",
            self.stood, self.bumps, self.edges,
        )?;
        // None of either where there is no field of view (Parts 0 to 3).
        if self.lit + self.remembered > 0 {
            let (lit, remembered) = (self.lit, self.remembered);
            write!(f, "{lit} cell(s) seen lit, {remembered} remembered; ")?;
        }
        write!(
            f,
            "keys: {} move(s), {} other printable, {} control, {} special, {} resize(s), {} suspend(s) or resume(s), {} burst(s) typed at once",
            self.keys[0], self.keys[1], self.keys[2], self.keys[3], self.keys[4],
            self.keys[5], self.keys[6]
        )?;
        if let Some(rooms) = self.rooms_said() {
            write!(f, "; {rooms}")?;
        }
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
            (cases, n) => {
                write!(f, "; colour pairs shown in {n} of {cases} case(s)")
            }
        }
    }
}

/// Adds to `cells` every cell of `step` of the class `class`, but the `@`.
fn classes(step: &Step, class: char, cells: &mut Cells) {
    for (y, (row, text)) in step.colours.iter().zip(&step.text).enumerate() {
        for (x, (c, ch)) in row.chars().zip(text.chars()).enumerate() {
            if c == class && ch != '@' {
                cells.insert((y, x));
            }
        }
    }
}

/// The kind of `key`: 0 a move, 1 another printable key, 2 a control
/// key, 3 a special key, 4 a resize, 5 a suspend (`^Z`) or a resume.
fn kind(key: char) -> usize {
    match key {
        _ if MOVES.contains(&key) => 0,
        _ if key == SUSPEND || is_resume(key) => 5,
        _ if rogue_trace_format::is_resize(key) => 4,
        _ if is_special_key(key) => 3,
        _ if key.is_control() => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::walks::{walk, Draw};
    use rogue_game::{Part, RngKind};
    use rogue_trace_format::RESUME;

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
            ..Step::default()
        }
    }

    /// The built-in game's screens of `keys` on seed `seed`, at 100x25.
    fn played(seed: u32, keys: &[char]) -> Trace {
        let config = GameConfig::new(Part::LAST, seed, RngKind::Glibc);
        rogue_replay::replay(&config, 100, 25, keys)
    }

    #[test]
    fn cells_are_counted_once_and_found_in_their_room() {
        let mut cells = Cells::default();
        for cell in [(3, 7), (0, 0), (3, 7), (12, 40)] {
            cells.insert(cell);
        }
        assert_eq!(cells.len(), 3);
        assert!(cells.any_in(&(2, 5, 3, 4)));
        assert!(cells.any_in(&(12, 40, 1, 1)));
        assert!(!cells.any_in(&(2, 8, 3, 4)));
        assert!(!cells.any_in(&(13, 0, 5, 100)));
    }

    #[test]
    fn rooms_are_those_of_the_seed_s_dungeon_the_reference_plays() {
        let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
        let rooms = rooms_of(&config).len() as u64;
        assert!((5..=15).contains(&rooms), "{rooms}");
        let first = Coverage::of(&played(42, &[]), &[], &config);
        assert_eq!(
            (first.rooms_entered, first.rooms, first.rooms_known),
            (1, rooms, 1)
        );
        assert!(first.rooms_seen >= 1);
        // Walks of 400 keys, most of which leave the first room.
        let walked: Vec<Coverage> = (1..=7)
            .map(|seed| {
                let config = GameConfig { seed, ..config };
                let keys = walk(&mut Draw::new(u64::from(seed)), 400, None);
                Coverage::of(&played(seed, &keys), &keys, &config)
            })
            .collect();
        assert!(walked.iter().any(|c| c.rooms_entered > 1));
        for c in &walked {
            assert!(c.rooms_seen >= c.rooms_entered, "{c}");
            let said = format!(
                "entered {} of the {} room(s) seen ({} in the seed's dungeon)",
                c.rooms_entered, c.rooms_seen, c.rooms
            );
            assert!(c.to_string().contains(&said), "{c}");
        }
        // Another seed's dungeon: its player starts elsewhere, and no room
        // is said.
        let other = Coverage::of(&played(43, &[]), &[], &config);
        assert_eq!(other.rooms_known, 0);
        assert!(!other.to_string().contains("room"), "{other}");
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
        let part1 = GameConfig::new(Part::get(1).unwrap(), 0, RngKind::Glibc);
        let covered = Coverage::of(&trace, &['l', 'l', 'q'], &part1);
        let suspended =
            Coverage::of(&trace, &['l', SUSPEND, RESUME, 'q'], &part1);
        assert_eq!(suspended.keys, [1, 1, 0, 0, 0, 2, 0]);
        assert!(suspended.to_string().contains("2 suspend(s) or resume(s)"));
        assert_eq!(covered.rooms_known, 0, "Part 1 has no rooms");
        assert_eq!(covered.stood, 2);
        assert_eq!(covered.bumps, 1);
        assert_eq!(covered.edges, 3, "row 0 is the screen's edge");
        assert_eq!(covered.keys, [2, 1, 0, 0, 0, 0, 0]);
        assert_eq!(covered.ended_by, [1, 0, 0, 0]);
        assert_eq!(covered.coloured, 1);
        let mut sum = covered.clone();
        sum.add(&covered);
        assert_eq!(sum.cases, 2);
        assert_eq!(Coverage::from_counts(&sum.counts()), Some(sum.clone()));
        // A record written before suspends were counted reads as none.
        let older = sum.counts();
        let read = Coverage::from_counts(&older[..older.len() - 1]).unwrap();
        assert_eq!(read.keys[..5], sum.keys[..5]);
        assert_eq!(read.keys[5], 0);
        assert!(sum.to_string().contains("ended by q in 2"), "{sum}");
    }
}
