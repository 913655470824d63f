//! The C library's `srand()` and `rand()`, value for value: glibc's and
//! the Microsoft C runtime's.
//!
//! The C seeds `rand()` with `srand(time(NULL))` and builds the dungeon
//! from what it returns, so the same seed gives the same dungeon only with
//! the same `rand()`. Rust has no `rand()` of its own; these are the two
//! the C original gets on Linux (with glibc) and on Windows, written out.

/// `srand()` and `rand()`: Microsoft's generator on Windows, glibc's on
/// every other platform, seeded.
#[derive(Clone, Debug)]
pub enum Rand {
    /// glibc's.
    Glibc(GlibcRand),
    /// The Microsoft C runtime's.
    Msvc(MsvcRand),
}

impl Rand {
    /// `srand(seed)`: Microsoft's generator on Windows, glibc's on every
    /// other platform (macOS's and musl's own `rand()` are other
    /// generators, not reproduced here).
    pub fn srand(seed: u32) -> Rand {
        if cfg!(windows) {
            Rand::Msvc(MsvcRand::new(seed))
        } else {
            Rand::Glibc(GlibcRand::new(seed))
        }
    }

    /// The next `rand()`.
    pub fn rand(&mut self) -> i32 {
        match self {
            Rand::Glibc(rng) => rng.rand(),
            Rand::Msvc(rng) => rng.rand(),
        }
    }
}

/// glibc's generator: the additive feedback generator behind `random()`
/// (`TYPE_3`: 31 words of state, separation 3).
#[derive(Clone, Debug)]
pub struct GlibcRand {
    state: [u32; 31],
    front: usize,
    rear: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)`; seed 0 behaves as seed 1.
    pub fn new(seed: u32) -> GlibcRand {
        let mut state = [0u32; 31];
        // glibc keeps the seed in a signed 32-bit word.
        let mut word = if seed == 0 { 1 } else { seed as i32 };
        state[0] = word as u32;
        for slot in state.iter_mut().skip(1) {
            // 16807 * word % 2147483647 without overflow (Schrage's
            // method), in C's truncating division.
            let (hi, lo) = (word / 127_773, word % 127_773);
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            *slot = word as u32;
        }
        let mut rng = GlibcRand {
            state,
            front: 3,
            rear: 0,
        };
        for _ in 0..310 {
            rng.step();
        }
        rng
    }

    /// One step of the feedback: the whole 32-bit word.
    fn step(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = (self.front + 1) % 31;
        self.rear = (self.rear + 1) % 31;
        sum
    }

    /// glibc's `rand()`: the top 31 bits of a step.
    pub fn rand(&mut self) -> i32 {
        (self.step() >> 1) as i32
    }
}

/// The Microsoft C runtime's generator: a linear congruential one.
#[derive(Clone, Debug)]
pub struct MsvcRand {
    state: u32,
}

impl MsvcRand {
    /// The generator after `srand(seed)`.
    pub fn new(seed: u32) -> MsvcRand {
        MsvcRand { state: seed }
    }

    /// Microsoft's `rand()`: 15 bits of each step.
    pub fn rand(&mut self) -> i32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        ((self.state >> 16) & 0x7fff) as i32
    }
}
