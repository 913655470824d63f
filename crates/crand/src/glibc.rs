//! glibc's `rand()`: the additive feedback generator behind `random()`.

use crate::{impl_rand_traits, CRand};

/// Degree of glibc's TYPE_3 generator: the number of words of state.
const DEG: usize = 31;
/// Separation between the two words added at each step.
const SEP: usize = 3;

/// glibc's `srand()`/`rand()` (the TYPE_3 additive feedback generator of
/// `random()`, degree 31, separation 3). `RAND_MAX` is 2147483647.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    state: [u32; DEG],
    front: usize,
    rear: usize,
}

impl GlibcRand {
    /// The largest value `rand()` returns (`RAND_MAX`).
    pub const RAND_MAX: i32 = i32::MAX;

    /// The generator after `srand(seed)`; seed 0 behaves as seed 1.
    #[doc(alias = "srand")]
    pub fn new(seed: u32) -> Self {
        let mut state = [0u32; DEG];
        // glibc keeps the seed in a signed 32-bit word.
        let mut word = if seed == 0 { 1 } else { seed as i32 };
        state[0] = word as u32;
        for slot in state.iter_mut().skip(1) {
            // 16807 * word % 2147483647 without overflow (Schrage's method),
            // in C's truncating division.
            let hi = word / 127_773;
            let lo = word % 127_773;
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            *slot = word as u32;
        }
        let mut rng = GlibcRand {
            state,
            front: SEP,
            rear: 0,
        };
        for _ in 0..10 * DEG {
            rng.step();
        }
        rng
    }

    /// One step of the feedback: the full 32-bit word it produces.
    fn step(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = (self.front + 1) % DEG;
        self.rear = (self.rear + 1) % DEG;
        sum
    }

    /// 32 random bits for the `rand` traits: one step's whole word (whose
    /// top 31 bits are what `rand()` returns).
    fn next_word(&mut self) -> u32 {
        self.step()
    }
}

impl CRand for GlibcRand {
    /// glibc's `rand()`.
    fn rand(&mut self) -> i32 {
        (self.step() >> 1) as i32
    }
}

impl_rand_traits!(GlibcRand);

#[cfg(test)]
mod tests {
    use super::*;

    /// First eight values after `srand(seed)`, read off real glibc.
    const REFERENCE: [(u32, [i32; 8]); 5] = [
        (
            0,
            [
                1804289383, 846930886, 1681692777, 1714636915, 1957747793,
                424238335, 719885386, 1649760492,
            ],
        ),
        (
            1,
            [
                1804289383, 846930886, 1681692777, 1714636915, 1957747793,
                424238335, 719885386, 1649760492,
            ],
        ),
        (
            42,
            [
                71876166, 708592740, 1483128881, 907283241, 442951012,
                537146758, 1366999021, 1854614940,
            ],
        ),
        (
            1732147200,
            [
                1930296926, 332953104, 1070198074, 1868259939, 1628485018,
                919088243, 242447642, 1037059036,
            ],
        ),
        (
            4000000000,
            [
                1111130805, 1380198982, 1306113867, 1557021840, 1956528986,
                1880734592, 1640346462, 817433120,
            ],
        ),
    ];

    #[test]
    fn matches_real_glibc() {
        for (seed, expected) in REFERENCE {
            let mut rng = GlibcRand::new(seed);
            let got: Vec<i32> = (0..8).map(|_| rng.rand()).collect();
            assert_eq!(got, expected, "srand({seed})");
        }
    }

    #[test]
    fn next_u32_is_the_word_behind_rand() {
        use rand::Rng;
        let mut words = GlibcRand::new(42);
        let mut values = GlibcRand::new(42);
        for _ in 0..100 {
            assert_eq!((words.next_u32() >> 1) as i32, values.rand());
        }
    }

    #[test]
    fn seedable_rng_is_srand() {
        use rand::SeedableRng;
        let mut a = GlibcRand::seed_from_u64(42);
        let mut b = GlibcRand::from_seed(42u32.to_le_bytes());
        assert_eq!(a.rand(), 71876166);
        assert_eq!(b.rand(), 71876166);
    }
}
