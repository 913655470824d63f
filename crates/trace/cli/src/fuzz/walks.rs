//! The cases `fuzz` plays: a seed, a generator, a screen size and a
//! random walk, all drawn from one generator seeded by `fuzz --seed`, so
//! that a run is the same every time for the same seed (a generator or a
//! size given is still drawn, and set aside, so that the rest of each case
//! stays the same).

use rogue_game::{GameConfig, RngKind};
use rogue_trace_format::{key_literal, parse_size, unescape_keys};

pub use generator::Draw;

use crate::case::Case;
use crate::commands::fuzz::FuzzArgs;
use crate::Failure;

/// `--size`: the smallest and the largest screen a case may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    pub min: (u16, u16),
    pub max: (u16, u16),
}

/// Reads `COLSxROWS` or `COLSxROWS-COLSxROWS`.
pub fn parse_size_range(text: &str) -> Result<SizeRange, String> {
    let Some((min, max)) = text.split_once('-') else {
        let size = parse_size(text)?;
        return Ok(SizeRange {
            min: size,
            max: size,
        });
    };
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

/// Keys a walk is made of, and the stray keys mixed in (never `q` or NUL,
/// which end the game).
const WALK: [char; 4] = ['h', 'j', 'k', 'l'];
const STRAY: [char; 10] =
    ['x', ' ', '\t', '.', '1', 'H', '\r', '\x1b', '~', 'Q'];

/// The keys of `--alphabet`, if given.
pub fn alphabet(text: Option<&str>) -> Result<Option<Vec<char>>, Failure> {
    let Some(text) = text else { return Ok(None) };
    let keys = unescape_keys(text)
        .map_err(|e| Failure(format!("invalid keys in --alphabet: {e}"), 2))?;
    if keys.is_empty() {
        return Err(Failure("--alphabet is empty: give the keys to draw walks from, e.g. --alphabet hjkl".into(), 2));
    }
    if let Some(&end) = keys.iter().find(|&&k| k == 'q' || k == '\0') {
        return Err(Failure(
            format!(
                "--alphabet holds {}, which ends the game: every case types all its keys",
                key_literal(end)
            ),
            2,
        ));
    }
    Ok(Some(keys))
}

/// A random walk of `n` keys: with `alphabet`, runs of keys drawn from it;
/// else runs of h, j, k and l, a stray key now and then.
pub fn walk(draw: &mut Draw, n: usize, alphabet: Option<&[char]>) -> Vec<char> {
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let key = match alphabet {
            Some(alphabet) => {
                alphabet[draw.below(alphabet.len() as u32) as usize]
            }
            None if draw.below(8) == 0 => {
                keys.push(STRAY[draw.below(STRAY.len() as u32) as usize]);
                continue;
            }
            None => WALK[draw.below(4) as usize],
        };
        let run = 1 + draw.below(6) as usize;
        keys.extend(std::iter::repeat_n(key, run.min(n - keys.len())));
    }
    keys
}

/// The next case of `draw`.
pub fn draw_case(
    draw: &mut Draw,
    args: &FuzzArgs,
    base: &GameConfig,
    alphabet: Option<&[char]>,
) -> Case {
    let seed = draw.next_u32();
    let drawn = if draw.below(2) == 0 {
        RngKind::Glibc
    } else {
        RngKind::Msvc
    };
    let size = args.size.draw(draw);
    Case {
        config: GameConfig {
            seed,
            rng: args.rng.map_or(drawn, |r| r.0),
            ..*base
        },
        size,
        keys: walk(draw, args.keys_per_case as usize, alphabet),
    }
}

/// The generator of cases: glibc's `rand()` from a 64-bit seed.
mod generator {
    use rogue_crand::GlibcRand;

    pub struct Draw(GlibcRand);

    impl Draw {
        pub fn new(seed: u64) -> Draw {
            Draw(GlibcRand::new((seed ^ (seed >> 32)) as u32))
        }

        /// 32 random bits.
        pub fn next_u32(&mut self) -> u32 {
            let (a, b, c) = (
                self.0.rand() as u32,
                self.0.rand() as u32,
                self.0.rand() as u32,
            );
            (a << 17) ^ (b << 2) ^ c
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

    #[test]
    fn a_size_is_one_size_or_a_range_from_smaller_to_larger() {
        let one = parse_size_range("80x24").unwrap();
        assert_eq!((one.min, one.max), ((80, 24), (80, 24)));
        let range = parse_size_range("20x8-120x40").unwrap();
        assert_eq!((range.min, range.max), ((20, 8), (120, 40)));
        assert!(parse_size_range("120x40-20x8").is_err());
        assert!(parse_size_range("20x8-120x4").is_err());
        assert!(parse_size_range("0x8-120x40").is_err());
        assert!(parse_size_range("20x8-1001x40").is_err());
        assert!(parse_size_range("20x8-").is_err());
    }

    #[test]
    fn sizes_are_drawn_within_the_range_as_before_ranges_were_given() {
        let range = parse_size_range("20x8-120x40").unwrap();
        let (mut a, mut b) = (Draw::new(5), Draw::new(5));
        for _ in 0..1000 {
            let size = range.draw(&mut a);
            let before = (20 + b.below(101) as u16, 8 + b.below(33) as u16);
            assert_eq!(size, before);
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
        assert!(alphabet_of(Some("hjq")).is_err());
        assert!(alphabet_of(Some("")).is_err());
        assert_eq!(
            alphabet_of(Some("h\\tj")).unwrap(),
            Some(vec!['h', '\t', 'j'])
        );
    }

    fn alphabet_of(text: Option<&str>) -> Result<Option<Vec<char>>, String> {
        alphabet(text).map_err(|Failure(e, _)| e)
    }
}
