//! `rogue-trace rand`: the C library's `rand()` values after `srand(N)`,
//! one a line, so that a port in any language can check its generator
//! against them (`rogue-crand`'s generators, value for value).

use std::io::{self, BufWriter, Write};

use clap::Args;
use rogue_options::Rng;

use crate::error::Failure;

/// The most values one run prints.
pub const MAX_COUNT: u64 = 10_000_000;

/// The options of `rogue-trace rand`.
#[derive(Args, Debug)]
pub struct RandArgs {
    /// The C library whose rand() to run: glibc's (Linux) or the Microsoft
    /// C runtime's (Windows)
    #[arg(long, value_name = "KIND")]
    rng: Rng,
    /// The seed given to srand() (0-4294967295)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: u32,
    /// How many rand() values to print (1 to 10,000,000)
    #[arg(long, value_name = "K", default_value = "10", value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    count: u64,
}

/// Prints `count` values of `rng`'s `rand()` after `srand(seed)`, a line each.
pub fn run(args: RandArgs) -> Result<u8, Failure> {
    let mut rand = args.rng.0.seeded(args.seed);
    let mut out = BufWriter::new(io::stdout().lock());
    (0..args.count)
        .try_for_each(|_| writeln!(out, "{}", rand.rand()))
        .and_then(|()| out.flush())
        .map_err(|e| Failure::writing("the output", e))?;
    Ok(0)
}
