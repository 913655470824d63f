//! `rogue-trace compare`: one case, the reference program and the port
//! played at the same time on the same seed, generator, size and keys, and
//! compared ([`crate::case`]).

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use rogue_game::GameConfig;
use rogue_options::{GameArgs, SizeArg};
use rogue_trace_format::burst::keys_in;
use rogue_trace_format::escape_keys;

use crate::case::{
    command_line, differs_again, report_outcome, run_case, write_traces, Case,
    Sides, SidesArgs, MAX_CELLS,
};
use crate::compared::Compared;
use crate::coverage::Coverage;
use crate::error::Failure;
use crate::flags::{
    CaptureFlags, ComparedArgs, ForceArg, HtmlArg, KeysArgs, SeedFromArg,
    CONFIRMING, MAX_KEYS,
};
use crate::fuzz::grouping::{differences, FirstDifference};
use crate::fuzz::walks::{resize_some, suspend_some, walk, Draw};
use crate::io_util::{errln, out, outln};

/// The keys of the default walk: enough for 6 walks in 7 to leave the first
/// room on Part 4's 100x25 (200 keys: 4 in 7).
pub const DEFAULT_WALK: usize = 400;

/// What applies to which side, for `compare --help`.
const SIDES_HELP: &str = "Both sides get --seed, --rng, --size, the keys, --settle and --quiet-ms. \
--pin pins the reference, --pin-port the port given with --port. \
--part is written in both traces' headers and is the built-in port's part; \
--fov and --radius are the built-in port's only: with --port, give the port's own options in its COMMAND.

Without --keys, --keys-file or --keys-from, both sides play a walk drawn from the seed, as fuzz draws its walks \
(--walk N keys; 400 by default, none for --part 0); --keys '' compares the first screen only. \
Without --seed, a seed is drawn and printed. Parts 0 to 2 never seed: no seed or {seed} is needed, and none is pinned \
(--pin and --pin-port are refused). A side whose command has no {rng}, and is not pinned, \
plays the platform's generator only (glibc on Linux, msvc on Windows) unless --rng says otherwise.

The verdict says what was covered: the steps compared and the keys typed. \
Exit status 0 if identical; 1 if the screens differ or the two sides ended differently (exited, or were killed, \
at another key or in another way), and also when nothing was shown identical: both sides stopped before their \
last key, or both screens were blank at every step; 2 for bad usage or a program that cannot run.";

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
    /// Type a walk of N keys drawn from the seed, as fuzz draws one
    /// [default without keys given: 400, enough to leave the first room]
    #[arg(
        long,
        value_name = "N",
        conflicts_with_all = ["keys", "keys_file", "keys_from"],
        value_parser = clap::value_parser!(u32).range(0..=MAX_KEYS as i64)
    )]
    pub walk: Option<u32>,
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
    pub compared: ComparedArgs,
    #[command(flatten)]
    pub html: HtmlArg,
    #[command(flatten)]
    pub force: ForceArg,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by the seed and the generator
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    pub command: Vec<OsString>,
}

/// Plays the case on both sides and prints the verdict, and what it covered.
pub fn run(args: CompareArgs) -> Result<u8, Failure> {
    let (config, drawn) = game(&args)?;
    let sides =
        Sides::new(&args.sides, &args.command, (config.part, &args.flags))?;
    let played = Played::of(&args, &config)?;
    let case = Case {
        keys: played.keys(config.seed, args.size.size),
        config,
        size: args.size.size,
    };
    check_cells(&case)?;
    if drawn && case.config.part.seeds() {
        errln!("compare: no --seed given: drew --seed {}", case.config.seed)?;
    }
    if args.game.dungeon.rng.is_none() {
        sides.platform_rng(case.config.part, "compare")?;
    }
    let options = args.compared.options(true, args.all);
    let mut outcome = run_case(&sides, &args.flags, &case, options)?;
    // Confirmed first: a key a timer answers late is shown as played so.
    let confirmed = !outcome.differs()
        || differs_again(&sides, &args.flags, &case, &mut outcome)?;
    let flags = (&args.flags, args.compared);
    let again = command_line(&case, &sides, flags, &played.words(case.config));
    write(&args, &case, &outcome, &again)?;
    if !args.brief {
        outln!("{}", played.said(case.config.seed))?;
        out!("{}", outcome.details())?;
        if let Some(named) = named(&outcome) {
            outln!("{named}")?;
        }
        let covered =
            Coverage::of(&outcome.reference.trace, &case.keys, &case.config);
        outln!("covered (the reference's screens): {covered}")?;
        if let Some(unseen) = outcome.cursor_unseen() {
            outln!("{unseen}")?;
        }
        for line in outcome.unread() {
            outln!("{line}")?;
        }
        outln!("reproduce: {again}")?;
    }
    outln!("{}", outcome.line())?;
    if confirmed {
        return Ok(outcome.verdict().status());
    }
    outln!("timing-dependent: played again with a slower settle ({CONFIRMING}), the sides were identical: the difference above depends on when keys were typed, not on the port")?;
    Ok(0)
}

/// The game both sides play, and whether its seed was drawn.
fn game(args: &CompareArgs) -> Result<(GameConfig, bool), Failure> {
    let seed_from = args.seed_from.seed()?;
    let given = seed_from.or(args.game.dungeon.seed);
    let config = args.game.config(|| seed_from.unwrap_or_else(drawn_seed))?;
    let built_in = [
        (config.radius.is_some(), "--radius"),
        (config.fov != GameConfig::default().fov, "--fov"),
    ];
    let given_too = built_in.iter().find(|(given, _)| *given);
    if let Some((_, option)) = given_too.filter(|_| args.sides.port.is_some()) {
        return Err(format!("{option} is the built-in port's: with --port, give it in the port's COMMAND").into());
    }
    Ok((config, given.is_none()))
}

/// A seed from the clock.
fn drawn_seed() -> u32 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_secs() as u32) ^ now.subsec_nanos().rotate_left(16)
}

/// An error if the case's two traces would hold more cells than [`MAX_CELLS`].
fn check_cells(case: &Case) -> Result<(), Failure> {
    let cells = (case.keys.len() as u64 + 1)
        * u64::from(case.size.0)
        * u64::from(case.size.1);
    if cells <= MAX_CELLS {
        return Ok(());
    }
    let (keys, (cols, rows)) = (case.keys.len(), case.size);
    Err(format!("compare keeps both traces in memory: {keys} keys at {cols}x{rows} is {cells} cells, more than {MAX_CELLS}; capture and replay them with --out, then diff the files").into())
}

/// Writes the case's traces (`--out`) and report (`--html`).
fn write(
    args: &CompareArgs,
    case: &Case,
    outcome: &Compared,
    again: &str,
) -> Result<(), Failure> {
    if let Some(dir) = &args.out {
        let (a, b) = write_traces(dir, &case.stem(), outcome)?;
        let (a, b) = (a.display(), b.display());
        errln!("traces: {a} (reference) and {b} (port)")?;
    }
    if let Some(path) = &args.html.html {
        let named = named(outcome);
        let force = (args.force.force, named.as_deref());
        report_outcome(path, force, outcome, &[again.to_string()])?;
    }
    Ok(())
}

/// The case's differences as `fuzz` names them, and where, if any.
fn named(outcome: &Compared) -> Option<String> {
    let found = differences(outcome);
    let told = |d: &FirstDifference| {
        format!("{}, at {}", d.kind.in_group(), d.place())
    };
    let mut named = format!(
        "its first difference, as fuzz names it: {}",
        told(found.first()?)
    );
    if found.len() > 1 {
        let after: Vec<String> = found[1..].iter().map(told).collect();
        named +=
            &format!("\nafter it, the case also shows: {}", after.join("; "));
    }
    Some(named)
}

/// The keys of the default walk on a screen of `size`.
fn default_walk((cols, rows): (u16, u16)) -> usize {
    let steps = MAX_CELLS / (u64::from(cols) * u64::from(rows));
    DEFAULT_WALK.min(steps.saturating_sub(1) as usize)
}

/// The keys a case types: those given, or a walk drawn from the seed.
enum Played {
    /// Given with `--keys`, `--keys-file` or `--keys-from`.
    Given(Vec<char>),
    /// A walk of `n` keys, as `fuzz` draws one; `default` without `--walk`.
    Walk { n: usize, default: bool },
}

impl Played {
    /// The keys `args` give, `--walk N`, or the default walk (none in Part 0).
    fn of(args: &CompareArgs, config: &GameConfig) -> Result<Played, Failure> {
        if args.keys.given() {
            return Ok(Played::Given(args.keys.keys()?));
        }
        Ok(match args.walk {
            Some(n) => Played::Walk {
                n: n as usize,
                default: false,
            },
            None if !config.part.plays => Played::Given(Vec::new()),
            None => Played::Walk {
                n: default_walk(args.size.size),
                default: true,
            },
        })
    }

    /// The keys typed, a walk drawn from `seed` on a screen of `size`.
    fn keys(&self, seed: u32, size: (u16, u16)) -> Vec<char> {
        match self {
            Played::Given(keys) => keys.clone(),
            Played::Walk { n, .. } => {
                let draw = &mut Draw::new(u64::from(seed));
                let mut keys = walk(draw, *n, None);
                resize_some(draw, &mut keys, size);
                suspend_some(draw, &mut keys);
                keys
            }
        }
    }

    /// The options that type them again, for `config`.
    fn words(&self, config: GameConfig) -> Vec<String> {
        match self {
            Played::Given(keys) => vec!["--keys".into(), escape_keys(keys)],
            Played::Walk { n, .. } if config.part.seeds() => {
                vec!["--walk".into(), n.to_string()]
            }
            Played::Walk { n, .. } => vec![
                "--seed".into(),
                config.seed.to_string(),
                "--walk".into(),
                n.to_string(),
            ],
        }
    }

    /// What was typed, on a line.
    fn said(&self, seed: u32) -> String {
        match self {
            Played::Given(keys) if keys.is_empty() => {
                "typed no key: the first screen only".to_string()
            }
            Played::Given(keys) => {
                format!("typed the {} key(s) given", keys_in(keys))
            }
            Played::Walk { n, default } => {
                let which = ["a", "the default"][usize::from(*default)];
                format!("played {which} walk of {n} keys drawn from seed {seed}: --walk {n}")
            }
        }
    }
}
