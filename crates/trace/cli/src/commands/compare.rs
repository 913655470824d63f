//! `rogue-trace compare`: one case, the reference program and the port
//! played at the same time on the same seed, generator, size and keys, and
//! compared ([`crate::case`]).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;
use rogue_game::GameConfig;
use rogue_options::{GameArgs, SizeArg};

use crate::case::{
    command_line, diff_options, report_outcome, run_case, write_traces, Case,
    Sides, SidesArgs, MAX_CELLS,
};
use crate::flags::{
    CaptureFlags, CharsArg, ForceArg, HtmlArg, KeysArgs, SeedFromArg,
};
use crate::Failure;

/// What applies to which side, for `compare --help`.
const SIDES_HELP: &str = "Both sides get --seed, --rng, --size, the keys, --settle and --quiet-ms. \
--pin pins the reference, --pin-port the port given with --port. \
--part is written in both traces' headers and is the built-in port's part; \
--fov and --radius are the built-in port's only: with --port, give the port's own options in its COMMAND.";

#[derive(Args, Debug)]
#[command(after_help = SIDES_HELP)]
pub struct CompareArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub seed_from: SeedFromArg,
    #[command(flatten)]
    pub size: SizeArg,
    #[command(flatten)]
    pub keys: KeysArgs,
    #[command(flatten)]
    pub flags: CaptureFlags,
    #[command(flatten)]
    pub sides: SidesArgs,
    /// Show every differing step, not only the first
    #[arg(long)]
    pub all: bool,
    /// Print one line only, for scripts
    #[arg(long)]
    pub brief: bool,
    /// Write both traces into DIR (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub chars: CharsArg,
    #[command(flatten)]
    pub html: HtmlArg,
    #[command(flatten)]
    pub force: ForceArg,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by the seed and the generator
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    pub command: Vec<OsString>,
}

/// Plays the case on both sides and prints the verdict: exit status 0 if
/// identical, 1 if not.
pub fn run(args: CompareArgs) -> Result<u8, Failure> {
    let sides = Sides::new(&args.sides, &args.command)?;
    let seed_from = args.seed_from.seed()?;
    let config = args.game.config(|| seed_from.unwrap_or(0))?;
    if sides.port.is_some() {
        let given = if config.radius.is_some() {
            Some("--radius")
        } else if config.fov != GameConfig::default().fov {
            Some("--fov")
        } else {
            None
        };
        if let Some(option) = given {
            return Err(Failure(
                format!("{option} is the built-in port's: with --port, give it in the port's COMMAND"),
                2,
            ));
        }
    }
    let case = Case {
        config,
        size: args.size.size,
        keys: args.keys.keys()?,
    };
    let cells = (case.keys.len() as u64 + 1)
        * u64::from(case.size.0)
        * u64::from(case.size.1);
    if cells > MAX_CELLS {
        return Err(Failure(
            format!(
                "compare keeps both traces in memory: {} keys at {}x{} is {cells} cells, more than {MAX_CELLS}; \
                 capture and replay them with --out, then diff the files",
                case.keys.len(),
                case.size.0,
                case.size.1
            ),
            2,
        ));
    }
    let outcome = run_case(
        &sides,
        &args.flags,
        &case,
        diff_options(args.all, args.chars),
    )?;
    if let Some(dir) = &args.out {
        let (a, b) = write_traces(
            dir,
            &format!("seed{}-{}", case.config.seed, case.config.rng),
            &outcome,
        )?;
        eprintln!(
            "traces: {} (reference) and {} (port)",
            a.display(),
            b.display()
        );
    }
    if let Some(path) = &args.html.html {
        let command = command_line(&case, &sides, &args.flags, args.chars);
        report_outcome(path, args.force.force, &outcome, &[command])?;
    }
    if args.brief {
        println!("{}", outcome.line());
    } else {
        print!("{}", outcome.text());
    }
    Ok(if outcome.differs() { 1 } else { 0 })
}
