//! `rogue-trace fuzz`: the port against a reference program on random
//! cases, the first difference shrunk to a minimal case.
//!
//! Each case draws a seed (any `u32`), a generator, a terminal size and a
//! random walk with stray keys, all from one generator seeded by `--seed`,
//! so a run is the same every time for the same `--seed`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use clap::Parser;
use generator::Draw;
use indicatif::{ProgressBar, ProgressStyle};
use rogue_game::RngKind;
use rogue_options::GameArgs;

use crate::compare::{
    check_seeded, command_line, free_name, report_outcome, run_case,
    write_traces, Case,
};
use crate::{CaptureFlags, Failure};

#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// How many cases to play
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    cases: u32,
    /// The seed of the cases (default: the current time, printed)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Keys typed in each case
    #[arg(long, value_name = "K", default_value = "60", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    keys_per_case: u32,
    /// Options of the port's game, e.g. "--fov rays --radius 5" (its seed
    /// and generator are each case's)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "",
        allow_hyphen_values = true
    )]
    port_args: String,
    #[command(flatten)]
    flags: CaptureFlags,
    /// Where to write the traces of a difference (created if needed)
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    out: PathBuf,
    /// Also write an HTML report of each shrunk case into DIR (created if
    /// needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by each case's
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    command: Vec<OsString>,
}

/// `--port-args`, read as the port's own options.
#[derive(Parser, Debug)]
#[command(name = "--port-args", no_binary_name = true)]
struct PortArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Keys a walk is made of, and the stray keys mixed in (never `q` or NUL,
/// which end the game).
const WALK: [char; 4] = ['h', 'j', 'k', 'l'];
const STRAY: [char; 10] =
    ['x', ' ', '\t', '.', '1', 'H', '\r', '\x1b', '~', 'Q'];

pub fn run(args: FuzzArgs) -> Result<u8, Failure> {
    check_seeded(&args.command, args.flags.pin)?;
    let words = shell_words::split(&args.port_args).map_err(|e| {
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
    let base = port.game.config(|| 0)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    eprintln!(
        "fuzz: {} case(s) of {} keys, --seed {seed}",
        args.cases, args.keys_per_case
    );
    let mut draw = Draw::new(seed);
    let bar = ProgressBar::new(u64::from(args.cases));
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} cases, {per_sec}, {elapsed}",
        )
        .expect("a valid template"),
    );
    for _ in 0..args.cases {
        let case = Case {
            config: rogue_game::GameConfig {
                seed: draw.next_u32(),
                rng: if draw.below(2) == 0 {
                    RngKind::Glibc
                } else {
                    RngKind::Msvc
                },
                ..base
            },
            size: (20 + draw.below(101) as u16, 8 + draw.below(33) as u16),
            keys: walk(&mut draw, args.keys_per_case as usize),
        };
        let outcome = run_case(&args.command, &args.flags, &case)
            .inspect_err(|_| bar.abandon())?;
        bar.inc(1);
        if !outcome.report.identical {
            bar.abandon();
            eprintln!("fuzz: a difference; shrinking it...");
            let small = shrink(&args, case)?;
            let outcome = run_case(&args.command, &args.flags, &small)?;
            let stem =
                format!("seed{}-{}", small.config.seed, small.config.rng);
            let (a, b) = write_traces(&args.out, &stem, &outcome)?;
            let again = command_line(&small, &args.flags, &args.command);
            if let Some(dir) = &args.html {
                let page = free_name(dir, &stem, "html")?;
                report_outcome(&page, &outcome, std::slice::from_ref(&again))?;
            }
            print!("{}", outcome.report.text);
            println!(
                "traces: {} (reference) and {} (port)",
                a.display(),
                b.display()
            );
            println!("reproduce: {again}");
            return Ok(1);
        }
    }
    bar.finish();
    println!("fuzz: {} case(s) identical (--seed {seed})", args.cases);
    Ok(0)
}

/// A random walk of `n` keys, a stray key now and then.
fn walk(draw: &mut Draw, n: usize) -> Vec<char> {
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        if draw.below(8) == 0 {
            keys.push(STRAY[draw.below(STRAY.len() as u32) as usize]);
        } else {
            let key = WALK[draw.below(4) as usize];
            let run = 1 + draw.below(6) as usize;
            keys.extend(std::iter::repeat_n(key, run.min(n - keys.len())));
        }
    }
    keys
}

/// The smallest case found that still differs: the keys cut after the
/// first differing step, then chunks of keys taken out while it still
/// differs, then the screen made smaller while it still differs.
fn shrink(args: &FuzzArgs, mut case: Case) -> Result<Case, Failure> {
    let differs = |case: &Case| -> Result<Option<usize>, Failure> {
        let outcome = run_case(&args.command, &args.flags, case)?;
        Ok(outcome.report.differing_steps.first().copied())
    };
    if let Some(first) = differs(&case)? {
        case.keys.truncate(first);
    }
    let mut chunks = 2;
    while case.keys.len() > 1 {
        let size = case.keys.len().div_ceil(chunks);
        let mut smaller = None;
        for start in (0..case.keys.len()).step_by(size) {
            let mut keys = case.keys.clone();
            keys.drain(start..(start + size).min(keys.len()));
            let candidate = Case {
                keys,
                ..case.clone()
            };
            if differs(&candidate)?.is_some() {
                smaller = Some(candidate);
                break;
            }
        }
        match smaller {
            Some(c) => {
                case = c;
                chunks = (chunks - 1).max(2);
            }
            None if chunks >= case.keys.len() => break,
            None => chunks = (chunks * 2).min(case.keys.len()),
        }
    }
    for axis in [0, 1] {
        loop {
            let mut size = case.size;
            let side = if axis == 0 { &mut size.0 } else { &mut size.1 };
            if *side <= 1 {
                break;
            }
            *side = (*side / 2).max(1);
            let candidate = Case {
                size,
                ..case.clone()
            };
            if differs(&candidate)?.is_none() {
                break;
            }
            case = candidate;
        }
    }
    Ok(case)
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
