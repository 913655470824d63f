//! The Microsoft C runtime's `rand()`: a 32-bit linear congruential generator.

use crate::{impl_rand_traits, CRand};

/// The Microsoft C runtime's `srand()`/`rand()`:
/// `state = state * 214013 + 2531011`, `rand() = (state >> 16) & 0x7fff`.
/// `RAND_MAX` is 32767.
#[derive(Clone, Debug)]
pub struct MsvcRand {
    state: u32,
}

impl MsvcRand {
    /// The largest value `rand()` returns (`RAND_MAX`).
    pub const RAND_MAX: i32 = 0x7fff;

    /// The generator after `srand(seed)`.
    #[doc(alias = "srand")]
    pub fn new(seed: u32) -> Self {
        MsvcRand { state: seed }
    }

    /// 32 random bits for the `rand` traits, from three `rand()` calls of
    /// 15 bits each (the top 15, the next 15, the last 2).
    fn next_word(&mut self) -> u32 {
        let hi = self.rand() as u32;
        let mid = self.rand() as u32;
        let lo = self.rand() as u32;
        (hi << 17) | (mid << 2) | (lo & 3)
    }
}

impl CRand for MsvcRand {
    /// The Microsoft C runtime's `rand()`.
    fn rand(&mut self) -> i32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        ((self.state >> 16) & 0x7fff) as i32
    }
}

impl_rand_traits!(MsvcRand);

#[cfg(test)]
mod tests {
    use super::*;

    /// First eight values after `srand(seed)`, from Microsoft's formula.
    const REFERENCE: [(u32, [i32; 8]); 5] = [
        (0, [38, 7719, 21238, 2437, 8855, 11797, 8365, 32285]),
        (1, [41, 18467, 6334, 26500, 19169, 15724, 11478, 29358]),
        (42, [175, 400, 17869, 30056, 16083, 12879, 8016, 7644]),
        (
            1732147200,
            [19019, 16409, 27647, 16841, 28587, 25913, 8226, 4383],
        ),
        (
            4000000000,
            [9093, 26667, 22665, 19948, 22016, 4602, 31390, 24425],
        ),
    ];

    #[test]
    fn matches_microsoft_formula() {
        for (seed, expected) in REFERENCE {
            let mut rng = MsvcRand::new(seed);
            let got: Vec<i32> = (0..8).map(|_| rng.rand()).collect();
            assert_eq!(got, expected, "srand({seed})");
        }
    }

    #[test]
    fn next_u32_packs_three_rand_calls() {
        use rand::Rng;
        let mut rng = MsvcRand::new(42);
        // 175, 400, 17869 (17869 & 3 == 1)
        assert_eq!(rng.next_u32(), (175 << 17) | (400 << 2) | 1);
        assert_eq!(rng.rand(), 30056);
    }
}
