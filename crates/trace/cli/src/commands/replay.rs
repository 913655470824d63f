//! `rogue-trace replay`: the built-in port played headless, every step
//! recorded.

use std::path::PathBuf;

use clap::Args;
use rogue_options::{GameArgs, SizeArg};

use crate::error::Failure;
use crate::flags::{ForceArg, KeysArgs, SeedFromArg};
use crate::io_util::Output;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    keys: KeysArgs,
    #[command(flatten)]
    seed_from: SeedFromArg,
    /// Write the trace to FILE (default: standard output); an existing file
    /// is replaced only with --force
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    force: ForceArg,
}

/// Replays the built-in port and writes its trace.
pub fn run(args: ReplayArgs) -> Result<u8, Failure> {
    let keys = args.keys.keys()?;
    let seed_from = args.seed_from.seed()?;
    let config = args.game.config(|| seed_from.unwrap_or(0))?;
    let (cols, rows) = args.size.size;
    let mut out = Output::create(args.out.as_deref(), args.force.force)?;
    rogue_replay::replay_into(&mut out, &config, cols, rows, &keys)
        .map_err(|e| out.error(e))?;
    out.finish()?;
    Ok(0)
}
