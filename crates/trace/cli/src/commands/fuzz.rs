//! `rogue-trace fuzz`: the port against a reference program on random
//! cases; each difference found is shrunk to a smaller case that still
//! shows its cause (the machinery: [`crate::fuzz`]).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser};
use rogue_game::GameConfig;
use rogue_options::{GameArgs, Rng};

use std::time::{SystemTime, UNIX_EPOCH};

use crate::case::{Sides, SidesArgs, MAX_CELLS};
use crate::flags::{CaptureFlags, CharsArg};
use crate::fuzz::campaign;
use crate::fuzz::walks::alphabet;
use crate::fuzz::walks::{parse_size_range, SizeRange};
use crate::Failure;

/// How differences are grouped, for `fuzz --help`.
const GROUPING_HELP: &str = "Differences are grouped by their signature: for screens that differ, \
what differs (characters, colours or both) in the first differing cell of the first differing screen \
(cells read row by row), with what each side shows there (character and colours, not where); \
for a side that stops before its last key, which side and how (exited, with its status; \
kept busy without waiting for a key; drew nothing). \
Each group is reported once: the first case found in it, and that case shrunk. \
A smaller screen or fewer keys are kept only while the shrunk case's first differing screen \
still holds a cell, at the same row and column, that differs with the same two contents \
in the found case's first differing screen. A case where a side stops is not shrunk.";

#[derive(Args, Debug)]
#[command(after_help = GROUPING_HELP)]
pub struct FuzzArgs {
    /// How many cases to play
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub cases: u32,
    /// The seed of the cases (default: the current time, printed)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Keys typed in each case
    #[arg(long, value_name = "K", default_value = "60", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub keys_per_case: u32,
    /// The generator of every case [default: glibc or msvc, drawn for
    /// each case]
    #[arg(long, value_name = "KIND")]
    pub rng: Option<Rng>,
    /// The screen of every case, COLSxROWS, or a range COLSxROWS-COLSxROWS
    /// each case draws its columns and rows from (from 1x1 to 1000x1000)
    #[arg(long, value_name = "SIZE", default_value = "20x8-120x40", value_parser = parse_size_range)]
    pub size: SizeRange,
    /// The keys of the walks, written as --keys: each drawn at random and
    /// typed 1 to 6 times in a row (not q or \x00, which end the game)
    /// [default: h, j, k and l, with now and then a stray key: x, space,
    /// tab, ., 1, H, return, escape, ~ or Q]
    #[arg(long, value_name = "KEYS", allow_hyphen_values = true)]
    pub alphabet: Option<String>,
    /// Play every case, each difference reported once (grouped as said
    /// below), and end with a summary; else stop at the first difference
    #[arg(long)]
    pub keep_going: bool,
    /// Options of the built-in port's game, e.g. "--fov rays --radius 5"
    /// (each case sets its seed and generator; not with --port, whose
    /// options go in its COMMAND)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "",
        allow_hyphen_values = true,
        conflicts_with = "port"
    )]
    pub port_args: String,
    #[command(flatten)]
    pub flags: CaptureFlags,
    #[command(flatten)]
    pub sides: SidesArgs,
    #[command(flatten)]
    pub chars: CharsArg,
    /// Where to write the traces of each difference, the case found and
    /// the case shrunk (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    pub out: PathBuf,
    /// Also write HTML reports of each difference, the case found and the
    /// case shrunk, into DIR (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by each case's
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    pub command: Vec<OsString>,
}

/// `--port-args`, read as the built-in port's own options.
#[derive(Parser, Debug)]
#[command(name = "--port-args", no_binary_name = true)]
struct PortArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// The built-in port's game of `--port-args`; an error for an option each
/// case sets.
pub fn port_game(port_args: &str) -> Result<GameConfig, Failure> {
    let words = shell_words::split(port_args).map_err(|e| {
        Failure(format!("invalid value for --port-args: {e}"), 2)
    })?;
    let port = PortArgs::try_parse_from(words).map_err(|e| {
        Failure(
            format!(
                "invalid value for --port-args: {}",
                rogue_options::one_line(&e)
            ),
            2,
        )
    })?;
    let dungeon = &port.game.dungeon;
    let set = if dungeon.seed.is_some() {
        Some("--seed")
    } else if dungeon.rng.is_some() {
        Some("--rng")
    } else {
        None
    };
    if let Some(option) = set {
        return Err(Failure(
            format!("--port-args cannot hold {option}: each case sets the seed and the generator (fuzz --rng sets one generator for every case)"),
            2,
        ));
    }
    Ok(port.game.config(|| 0)?)
}

/// Checks `args` and runs the campaign ([`campaign::run`]).
pub fn run(mut args: FuzzArgs) -> Result<u8, Failure> {
    let base = port_game(&args.port_args)?;
    let sides = Sides::new(&args.sides, &args.command, base.part)?;
    let alphabet = alphabet(args.alphabet.as_deref())?;
    let cells = (u64::from(args.keys_per_case) + 1)
        * u64::from(args.size.max.0)
        * u64::from(args.size.max.1);
    if cells > MAX_CELLS {
        return Err(Failure(
            format!(
                "a case keeps both traces in memory: {} keys at up to {}x{} is {cells} cells, more than {MAX_CELLS}; give fewer --keys-per-case or a smaller --size",
                args.keys_per_case, args.size.max.0, args.size.max.1
            ),
            2,
        ));
    }
    if args.rng.is_none() {
        args.rng = sides.platform_rng(base.part, "fuzz").map(Rng);
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    campaign::run(&args, &sides, &base, alphabet.as_deref(), seed)
}
