//! The cases `fuzz` plays: a seed, a generator, a screen size and a random
//! walk, drawn from a generator seeded by `fuzz --seed` and the case's
//! number alone, so that case k is the same every time.

use rogue_game::{GameConfig, RngKind};
use rogue_trace_format::burst::tidy;
use rogue_trace_format::resize::RESIZE_MAX;
use rogue_trace_format::{
    key_literal, parse_size, resize_key, unescape_keys, JOIN, RESUME,
    SPECIAL_KEYS, SUSPEND,
};

pub use generator::Draw;

use crate::case::Case;
use crate::error::Failure;

/// What every case of a campaign shares.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The built-in port's game; each case sets its seed and generator.
    pub base: GameConfig,
    /// The screens cases are drawn on.
    pub size: SizeRange,
    pub keys_per_case: usize,
    /// The keys walks are drawn from (`--alphabet`); the default walks without.
    pub alphabet: Option<Vec<char>>,
    /// The generator of every case, if one is set; else drawn.
    pub rng: Option<RngKind>,
}

/// `--size`: the smallest and the largest screen a case may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    pub min: (u16, u16),
    pub max: (u16, u16),
}

/// Reads `COLSxROWS` or `COLSxROWS-COLSxROWS`.
pub fn parse_size_range(text: &str) -> Result<SizeRange, String> {
    let (min, max) = text.split_once('-').unwrap_or((text, text));
    let (min, max) = (parse_size(min)?, parse_size(max)?);
    if min.0 > max.0 || min.1 > max.1 {
        return Err(format!(
            "the range '{text}' does not run from the smaller size to the larger in both columns and rows"
        ));
    }
    Ok(SizeRange { min, max })
}

impl SizeRange {
    /// A size drawn from the range, columns then rows.
    pub fn draw(&self, draw: &mut Draw) -> (u16, u16) {
        let mut side = |min: u16, max: u16| {
            min + draw.below(u32::from(max - min) + 1) as u16
        };
        let cols = side(self.min.0, self.max.0);
        (cols, side(self.min.1, self.max.1))
    }
}

/// The moves, most of a default walk's keys.
pub const MOVES: [char; 4] = ['h', 'j', 'k', 'l'];
const LONGEST_ACROSS: u32 = 12;
const LONGEST_UP_DOWN: u32 = 4;

/// One draw in `OTHER_EVERY` of a default walk is a single other key.
const OTHER_EVERY: u32 = 4;

/// One default case in `QUIT_EVERY` ends with a key that ends the game.
pub const QUIT_EVERY: u32 = 4;

/// The quit key, which ends the game.
pub const QUIT: char = 'q';

/// The keys a default case may end with, each with its share.
pub const ENDINGS: [(char, u32); 4] = [
    (QUIT, 3),
    ('\0', 1),
    (if cfg!(unix) { '\x03' } else { '\0' }, 1),
    (if cfg!(unix) { '\x1c' } else { '\0' }, 1),
];

/// One default case in `RESIZE_EVERY` resizes the terminal between its keys.
pub const RESIZE_EVERY: u32 = 4;

/// A case that resizes does so 1 to `MOST_RESIZES` times.
const MOST_RESIZES: u32 = 3;

/// One default case in `SUSPEND_EVERY` types `^Z` and then resumes the program.
pub const SUSPEND_EVERY: u32 = 8;

/// One default case in `BURST_EVERY` types some of its keys at once.
pub const BURST_EVERY: u32 = 2;

/// A case that types keys at once does so 1 to `MOST_BURSTS` times.
const MOST_BURSTS: u32 = 3;

/// A fast typist's burst is 2 to `LONGEST_BURST` keys.
const LONGEST_BURST: u32 = 4;

/// Every printable ASCII key but the quit key.
fn printable() -> impl Iterator<Item = char> {
    (' '..='~').filter(|&k| k != QUIT)
}

/// The control keys a terminal passes in the mode curses' `initscr()` sets.
fn control() -> impl Iterator<Item = char> {
    const HELD: [char; 5] = ['\x03', '\x1c', '\x1a', '\x13', '\x11'];
    ('\x01'..='\x1f')
        .chain(['\x7f'])
        .filter(|k| !HELD.contains(k))
}

/// The keys of `--alphabet`, if given.
pub fn alphabet(text: Option<&str>) -> Result<Option<Vec<char>>, Failure> {
    let Some(text) = text else { return Ok(None) };
    let keys = unescape_keys(text)
        .map_err(|e| format!("invalid keys in --alphabet: {e}"))?;
    if keys.is_empty() {
        return Err(String::from("--alphabet is empty: give the keys to draw walks from, e.g. --alphabet hjkl").into());
    }
    if let Some(&end) = keys.iter().find(|&&k| k == 'q' || k == '\0') {
        return Err(format!(
                "--alphabet holds {}, which ends the game: every case types all its keys",
                key_literal(end)
            ).into());
    }
    Ok(Some(keys))
}

/// A random walk of `n` keys.
pub fn walk(draw: &mut Draw, n: usize, alphabet: Option<&[char]>) -> Vec<char> {
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let (key, longest) = match alphabet {
            Some(alphabet) => {
                (alphabet[draw.below(alphabet.len() as u32) as usize], 6)
            }
            None if draw.below(OTHER_EVERY) == 0 => (other_key(draw), 1),
            None => {
                let key = MOVES[draw.below(4) as usize];
                let across = usize::from(key == 'h' || key == 'l');
                (key, [LONGEST_UP_DOWN, LONGEST_ACROSS][across])
            }
        };
        let run = 1 + draw.below(longest) as usize;
        keys.extend(std::iter::repeat_n(key, run.min(n - keys.len())));
    }
    keys
}

/// A key other than the moves.
fn other_key(draw: &mut Draw) -> char {
    let pick = |draw: &mut Draw, keys: Vec<char>| {
        keys[draw.below(keys.len() as u32) as usize]
    };
    match draw.below(4) {
        0 | 1 => pick(draw, printable().collect()),
        2 => pick(draw, control().collect()),
        _ => pick(draw, SPECIAL_KEYS.to_vec()),
    }
}

/// The case numbered `number` of the campaign `seed`, of the `shape`.
pub fn draw_case(seed: u64, number: u32, shape: &Shape) -> Case {
    let draw = &mut Draw::for_case(seed, number);
    let seed = draw.next_u32();
    let drawn = [RngKind::Glibc, RngKind::Msvc][draw.below(2) as usize];
    let config = GameConfig {
        seed,
        rng: shape.rng.unwrap_or(drawn),
        ..shape.base
    };
    let size = size_showing_the_player(draw, &shape.size, &config);
    let alphabet = shape.alphabet.as_deref();
    let mut keys = case_keys(draw, shape.keys_per_case, alphabet);
    if alphabet.is_none() {
        resize_some(draw, &mut keys, size);
        suspend_some(draw, &mut keys);
        keys = burst_some(draw, &keys);
    }
    // A join is typed only between two keys (`--alphabet` may hold one).
    let keys = tidy(&keys);
    Case { config, size, keys }
}

/// A place drawn among the last quarter of `n` places.
fn late(draw: &mut Draw, n: usize) -> usize {
    let first = n - n.div_ceil(4);
    first + draw.below((n - first) as u32) as usize
}

/// One time in [`SUSPEND_EVERY`], `^Z` and a resume in `keys`' last quarter.
pub fn suspend_some(draw: &mut Draw, keys: &mut [char]) {
    if draw.below(SUSPEND_EVERY) != 0 || keys.len() < 3 || cfg!(windows) {
        return;
    }
    let at = late(draw, keys.len() - 2);
    keys[at] = SUSPEND;
    keys[at + 1] = RESUME;
}

/// One time in [`RESIZE_EVERY`], resizes in `keys`' last quarter.
pub fn resize_some(draw: &mut Draw, keys: &mut [char], size: (u16, u16)) {
    if draw.below(RESIZE_EVERY) != 0 || keys.len() < 2 || cfg!(windows) {
        return;
    }
    let side = |draw: &mut Draw, side: u16| {
        let half = u32::from(side.div_ceil(2));
        let drawn = half + draw.below(2 * half + 1);
        drawn.clamp(1, u32::from(RESIZE_MAX)) as u16
    };
    for _ in 0..=draw.below(MOST_RESIZES) {
        let at = late(draw, keys.len() - 1);
        let (cols, rows) = (side(draw, size.0), side(draw, size.1));
        keys[at] = resize_key(cols, rows).expect("a side from 1 to the most");
    }
}

/// One time in [`BURST_EVERY`], joins 1 to [`MOST_BURSTS`] runs of `keys`
/// into bursts, typed at once: a run of one key whole, as a held key sends
/// it, or 2 to [`LONGEST_BURST`] keys, as a fast typist does; never the
/// last key.
pub fn burst_some(draw: &mut Draw, keys: &[char]) -> Vec<char> {
    let mut joined = vec![false; keys.len()];
    if draw.below(BURST_EVERY) == 0 && keys.len() > 2 {
        for _ in 0..=draw.below(MOST_BURSTS) {
            let at = draw.below(keys.len() as u32 - 2) as usize;
            let held = keys[at..].iter().take_while(|&&k| k == keys[at]);
            let len = match held.count() {
                1 => 2 + draw.below(LONGEST_BURST - 1) as usize,
                held => held,
            };
            let end = (at + len).min(keys.len() - 1);
            joined[at..end - 1].iter_mut().for_each(|j| *j = true);
        }
    }
    let joins = joined.into_iter().map(|j| j.then_some(JOIN));
    let each = keys.iter().zip(joins).flat_map(|(&k, j)| [Some(k), j]);
    each.flatten().collect()
}

/// A screen drawn from `range` that shows the player of `config`, if any does.
fn size_showing_the_player(
    draw: &mut Draw,
    range: &SizeRange,
    config: &GameConfig,
) -> (u16, u16) {
    let size = range.draw(draw);
    if !config.part.plays {
        return size;
    }
    let at = rogue_game::Game::new(config).player.pos;
    let need = |at: i32| u16::try_from(at + 1).unwrap_or(u16::MAX);
    let (cols, rows) = (need(at.x), need(at.y));
    if size.0 >= cols && size.1 >= rows {
        return size;
    }
    let showing = SizeRange {
        min: (range.min.0.max(cols), range.min.1.max(rows)),
        max: range.max,
    };
    if showing.min.0 > showing.max.0 || showing.min.1 > showing.max.1 {
        return size;
    }
    showing.draw(draw)
}

/// The keys of a case: a walk of `n` keys.
fn case_keys(
    draw: &mut Draw,
    n: usize,
    alphabet: Option<&[char]>,
) -> Vec<char> {
    let mut keys = walk(draw, n, alphabet);
    let quits = draw.below(QUIT_EVERY) == 0;
    if quits && alphabet.is_none() {
        let end = ending_key(draw);
        if let Some(last) = keys.last_mut() {
            *last = end;
        }
    }
    keys
}

/// A key that ends the game, drawn by the shares of [`ENDINGS`].
fn ending_key(draw: &mut Draw) -> char {
    let total: u32 = ENDINGS.iter().map(|&(_, share)| share).sum();
    let mut pick = draw.below(total);
    for (key, share) in ENDINGS {
        if pick < share {
            return key;
        }
        pick -= share;
    }
    QUIT
}

/// The generator of cases: glibc's `rand()` from a 64-bit seed.
mod generator {
    use rogue_crand::GlibcRand;

    pub struct Draw(GlibcRand);

    /// SplitMix64's finalizer: every bit of `x` stirred into every bit.
    fn mix(x: u64) -> u64 {
        let x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    impl Draw {
        pub fn new(seed: u64) -> Draw {
            Draw(GlibcRand::new((seed ^ (seed >> 32)) as u32))
        }

        /// The generator of the case numbered `number` of the campaign `seed`.
        pub fn for_case(seed: u64, number: u32) -> Draw {
            Draw::new(mix(mix(seed) ^ u64::from(number)))
        }

        /// 32 random bits.
        pub fn next_u32(&mut self) -> u32 {
            let mut rand = || self.0.rand() as u32;
            (rand() << 17) ^ (rand() << 2) ^ rand()
        }

        /// A number below `n`.
        pub fn below(&mut self, n: u32) -> u32 {
            self.next_u32() % n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_trace_format::resize_of;

    #[test]
    fn a_size_is_one_size_or_a_range_from_smaller_to_larger() {
        let range = |t| parse_size_range(t).map(|r| (r.min, r.max));
        assert_eq!(range("80x24"), Ok(((80, 24), (80, 24))));
        assert_eq!(range("20x8-120x40"), Ok(((20, 8), (120, 40))));
        let bad = ["120x40-20x8", "20x8-120x4", "0x8-120x40", "20x8-"];
        for bad in bad.into_iter().chain(["20x8-1001x40"]) {
            assert!(range(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_are_drawn_within_the_range_as_before_ranges_were_given() {
        let range = parse_size_range("20x8-120x40").unwrap();
        let (mut a, mut b) = (Draw::new(5), Draw::new(5));
        for _ in 0..1000 {
            let before = (20 + b.below(101) as u16, 8 + b.below(33) as u16);
            assert_eq!(range.draw(&mut a), before);
        }
        let one = parse_size_range("7x3").unwrap();
        assert_eq!(one.draw(&mut a), (7, 3));
    }

    #[test]
    fn walks_of_an_alphabet_hold_only_its_keys() {
        let alphabet = ['a', '\t', 'é'];
        let keys = walk(&mut Draw::new(1), 500, Some(&alphabet));
        assert_eq!(keys.len(), 500);
        assert!(keys.iter().all(|k| alphabet.contains(k)));
        assert!(alphabet.iter().all(|k| keys.contains(k)));
        assert_eq!(keys, walk(&mut Draw::new(1), 500, Some(&alphabet)));
        let alphabet_of = |t| super::alphabet(Some(t)).map_err(|f| f.0);
        assert!(alphabet_of("hjq").is_err() && alphabet_of("").is_err());
        assert_eq!(alphabet_of("h\\tj"), Ok(Some(vec!['h', '\t', 'j'])));
    }

    #[test]
    fn default_walks_type_every_key_a_terminal_passes_the_moves_most() {
        let mut draw = Draw::new(1);
        let keys: Vec<char> =
            (0..500).flat_map(|_| walk(&mut draw, 100, None)).collect();
        let count = |k: char| keys.iter().filter(|&&c| c == k).count();
        let moves: usize = MOVES.iter().map(|&k| count(k)).sum();
        assert!(moves * 10 > keys.len() * 9, "{moves} of {}", keys.len());
        for key in printable().chain(control()).chain(SPECIAL_KEYS) {
            let (n, told) = (count(key), key_literal(key));
            assert!(n > 0, "{told} never typed");
            assert!(MOVES.contains(&key) || n < count('j'), "{told}");
        }
        // The quit key, NUL, and what a terminal takes for itself.
        for held in ['q', '\0', '\x03', '\x1c', '\x1a', '\x13', '\x11'] {
            assert_eq!(count(held), 0, "{}", key_literal(held));
        }
        assert_eq!((printable().count(), control().count()), (94, 27));
    }

    #[test]
    fn one_default_case_in_four_ends_with_a_key_that_ends_the_game() {
        let mut draw = Draw::new(2);
        let cases: Vec<Vec<char>> =
            (0..1000).map(|_| case_keys(&mut draw, 100, None)).collect();
        assert!(cases.iter().all(|k| k.len() == 100));
        let enders = ['q', '\0', '\x03', '\x1c'];
        let ends = |key: char| cases.iter().filter(|k| k[99] == key).count();
        let quits: usize = enders.map(ends).iter().sum();
        assert!((200..300).contains(&quits), "{quits} of 1000");
        assert!((100..150).contains(&ends(QUIT)), "{} of 1000", ends(QUIT));
        for &key in enders[1..].iter().filter(|_| cfg!(unix)) {
            assert!((20..70).contains(&ends(key)), "{key:?}: {}", ends(key));
        }
        let early = |k: &Vec<char>| k[..99].iter().any(|c| enders.contains(c));
        assert!(!cases.iter().any(early));
        let mut draw = Draw::new(2);
        for _ in 0..100 {
            let keys = case_keys(&mut draw, 10, Some(&['h', 'j']));
            assert!(keys.iter().all(|k| ['h', 'j'].contains(k)));
        }
    }

    /// Part 4's walks on `sizes`, `keys` keys, default or of `--alphabet hj`.
    fn shape(sizes: &str, keys: usize, alphabet: bool) -> Shape {
        Shape {
            base: GameConfig::new(rogue_game::Part::LAST, 0, RngKind::Glibc),
            size: parse_size_range(sizes).unwrap(),
            keys_per_case: keys,
            alphabet: alphabet.then(|| vec!['h', 'j']),
            rng: None,
        }
    }

    /// Cases 1 to `n` of campaign 9, 50 keys on 40x12 to 120x40, numbered.
    fn drawn(n: u32, alphabet: bool) -> Vec<(Case, u32)> {
        let shape = shape("40x12-120x40", 50, alphabet);
        (1..=n).map(|k| (draw_case(9, k, &shape), k)).collect()
    }

    #[test]
    fn one_default_case_in_four_resizes_to_larger_and_smaller_screens() {
        let (mut resized, mut larger, mut smaller) = (0, 0, 0);
        for (case, number) in drawn(1000, false) {
            let sizes: Vec<(u16, u16)> =
                case.keys.iter().filter_map(|&k| resize_of(k)).collect();
            assert!(sizes.len() <= 3, "case {number}: {sizes:?}");
            let last = *case.keys.last().unwrap();
            assert!(resize_of(last).is_none(), "case {number}");
            resized += usize::from(!sizes.is_empty());
            for (cols, rows) in sizes {
                let (c, r) = case.size;
                assert!(cols >= c / 2 && cols <= c + c.div_ceil(2) + 1);
                assert!(rows >= r / 2 && rows <= r + r.div_ceil(2) + 1);
                larger += usize::from(cols * rows > c * r);
                smaller += usize::from(cols * rows < c * r);
            }
        }
        // The Windows console is not resized: no walk resizes it there.
        let expected = if cfg!(windows) { 0..1 } else { 190..300 };
        assert!(expected.contains(&resized), "{resized} of 1000");
        assert!(cfg!(windows) || larger > 100 && smaller > 100);
        let mut keys = drawn(100, true).into_iter().flat_map(|c| c.0.keys);
        assert!(keys.all(|k| resize_of(k).is_none()));
    }

    #[test]
    fn one_default_case_in_two_types_bursts_between_keys_never_the_last() {
        use rogue_trace_format::burst::joinable;
        let (mut bursting, mut held) = (0, 0);
        for (Case { keys, .. }, number) in drawn(1000, false) {
            assert_eq!(tidy(&keys), keys, "case {number}");
            let joins: Vec<usize> =
                (0..keys.len()).filter(|&i| keys[i] == JOIN).collect();
            for &i in &joins {
                assert!(joinable(keys[i - 1]) && joinable(keys[i + 1]));
                assert!(i + 2 < keys.len(), "case {number}: the last key");
                held += usize::from(keys[i - 1] == keys[i + 1]);
            }
            let moves = keys.iter().filter(|&&k| k != JOIN).count();
            assert_eq!(moves, 50, "case {number}: joins are no keys");
            bursting += usize::from(!joins.is_empty());
        }
        assert!((420..580).contains(&bursting), "{bursting} of 1000");
        assert!(held > 0, "a held key's bursts");
    }

    #[test]
    fn one_default_case_in_eight_suspends_and_resumes_right_after() {
        let mut suspended = 0;
        for (Case { keys, .. }, number) in drawn(1000, false) {
            let at: Vec<usize> =
                (0..keys.len()).filter(|&i| keys[i] == SUSPEND).collect();
            let resumes = keys.iter().filter(|&&k| k == RESUME).count();
            assert_eq!(at.len(), resumes, "case {number}: {keys:?}");
            for i in at {
                let inside = i + 2 < keys.len();
                assert!(inside && keys[i + 1] == RESUME, "case {number}");
            }
            suspended += resumes;
        }
        let expected = if cfg!(windows) { 0..1 } else { 90..170 };
        assert!(expected.contains(&suspended), "{suspended} of 1000");
        let mut alphabet = drawn(100, true).into_iter();
        assert!(!alphabet.any(|c| rogue_trace_format::suspends(&c.0.keys)));
    }

    #[test]
    fn a_case_s_screen_shows_where_its_player_starts() {
        let shape = shape("20x8-120x40", 10, false);
        for number in 1..=300 {
            let case = draw_case(5, number, &shape);
            let at = rogue_game::Game::new(&case.config).player.pos;
            let (cols, rows) = case.size;
            let shown = at.x < i32::from(cols) && at.y < i32::from(rows);
            assert!(shown, "case {number}: {at:?} on {cols}x{rows}");
            assert_eq!(case, draw_case(5, number, &shape), "case {number}");
        }
    }

    /// Whether the player stands between two walls as `keys` play `seed`.
    fn reaches_a_corridor(seed: u32, keys: &[char]) -> bool {
        let config =
            GameConfig::new(rogue_game::Part::LAST, seed, RngKind::Glibc);
        let trace = rogue_replay::replay(&config, 100, 25, keys);
        trace.steps.iter().any(|step| {
            let wall = |y: usize, x| step.text[y].chars().nth(x) == Some('#');
            let player = crate::fuzz::grouping::player(step);
            player.is_some_and(|(y, x)| {
                wall(y, x - 1) && wall(y, x + 1)
                    || wall(y - 1, x) && wall(y + 1, x)
            })
        })
    }

    #[test]
    fn default_walks_leave_the_first_room_often() {
        let (mut draw, mut left) = (Draw::new(3), 0);
        for _ in 0..80 {
            let seed = draw.next_u32();
            let keys = walk(&mut draw, 100, None);
            left += usize::from(reaches_a_corridor(seed, &keys));
        }
        assert!(left * 5 >= 80, "{left} of 80 walks left the first room");
    }
}
