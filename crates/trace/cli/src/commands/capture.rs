//! `rogue-trace capture`: a program run in a pseudo-terminal (on Windows,
//! on the console), keys typed one at a time, each settled screen recorded.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use rogue_capture::cast::CastWriter;
use rogue_capture::{Ending, Outcome};
use rogue_game::Part;
use rogue_options::{Rng, SizeArg};

use crate::error::Failure;
use crate::flags::{
    capture_options, check_pin, pin, CaptureFlags, ForceArg, KeysArgs,
    SeedFromArg,
};
use crate::io_util::{Output, Placement};

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("seed_given").args(["seed", "seed_from"])))]
pub struct CaptureArgs {
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    keys: KeysArgs,
    #[command(flatten)]
    flags: CaptureFlags,
    /// Record every step (else step 0 and the last)
    #[arg(long)]
    every: bool,
    /// Pin the C original's seed: make its time() return --seed (or
    /// --seed-from's) and, with --rng msvc, its srand()/rand() Microsoft's
    /// (Linux, LD_PRELOAD)
    #[arg(long, requires = "seed_given")]
    pin: bool,
    /// Write the trace to FILE (default: standard output); an existing file
    /// is replaced only with --force
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The part, for the trace's header (and nothing else)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=4))]
    part: Option<u8>,
    /// The seed, for the header; with --pin, the seed the program gets
    #[arg(long, value_name = "N")]
    seed: Option<u32>,
    #[command(flatten)]
    seed_from: SeedFromArg,
    /// The generator, for the header; with --pin, the one the program uses
    /// (default glibc)
    #[arg(long, value_name = "KIND")]
    rng: Option<Rng>,
    /// Also write what the terminal showed, and the keys typed, as an
    /// asciinema recording (asciicast v2) to FILE; an existing file is
    /// replaced only with --force (not on Windows, whose console is not a
    /// byte stream)
    #[arg(long, value_name = "FILE")]
    cast: Option<PathBuf>,
    #[command(flatten)]
    force: ForceArg,
    /// The program to run and its arguments (after --)
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<OsString>,
}

/// Captures the program, writing the trace once it has ended.
pub fn run(args: CaptureArgs) -> Result<u8, Failure> {
    if let Some(part) = args.part.and_then(Part::get).filter(|_| args.pin) {
        check_pin("--pin", part)?;
    }
    let keys = args.keys.keys()?;
    let seed = match args.seed {
        Some(seed) => Some(seed),
        None => args.seed_from.seed()?,
    };
    let rng = args.rng.map(|r| r.0.name().to_string());
    let rng = rng.or_else(|| args.pin.then(|| "glibc".to_string()));
    let pin = match (args.pin, seed) {
        (true, Some(seed)) => {
            Some(pin(seed, rng.as_deref().unwrap_or("glibc"))?)
        }
        _ => None,
    };
    let env = pin.as_ref().map(|p| p.env()).unwrap_or_default();
    let options = capture_options(
        args.size.size,
        keys,
        (&args.flags, args.every),
        (args.part, seed, rng),
        env,
    );
    if args.out.is_some() && args.out == args.cast {
        return Err(String::from(
            "--out and --cast name the same file; give each its own",
        )
        .into());
    }
    if args.cast.is_some() && cfg!(windows) {
        return Err(String::from(
            "--cast needs a terminal that is a byte stream; the Windows \
             console is not",
        )
        .into());
    }
    let force = args.force.force;
    // An output given up, dropped unfinished, leaves nothing behind.
    let mut out = Output::create(args.out.as_deref(), force)?;
    let mut cast_out = args
        .cast
        .as_deref()
        .map(|path| {
            cast_output(path, force, args.size.size, &args.command, seed)
        })
        .transpose()?;
    // The header says what the program wrote to its standard error, known
    // only once it has ended: the steps are held until then, and nothing
    // is written by a capture that fails.
    let mut body = String::new();
    let captured = rogue_capture::capture(
        &args.command,
        &options,
        cast_out.as_mut().map(|(writer, _)| writer),
        |step| {
            rogue_trace_format::write_step(&mut body, &step);
            Ok(())
        },
    );
    let recorded = captured.map_err(|e| e.to_string())?;
    let mut text = String::new();
    recorded.header.write(&mut text);
    text.push_str(&body);
    out.write_all(text.as_bytes()).map_err(|e| out.error(e))?;
    out.finish()?;
    if let Some((writer, placement)) = cast_out {
        drop(writer);
        placement.commit()?;
    }
    ended(&recorded.outcome, &recorded.header.keys)
}

/// The exit status of a capture of `keys` that ended as `outcome` says.
fn ended(outcome: &Outcome, keys: &[char]) -> Result<u8, Failure> {
    if outcome.clean() {
        return Ok(0);
    }
    let mut message = match outcome {
        Outcome::Stopped(why) => {
            format!("capture ended early: {}", why.told(keys))
        }
        _ => outcome.told(keys),
    };
    if let Some(words) = outcome.ending().and_then(Ending::last_words_told) {
        message = format!("{message}\n{words}");
    }
    Err(Failure(message, 1))
}

/// The asciinema recording `--cast` writes to `path`.
fn cast_output(
    path: &Path,
    force: bool,
    (cols, rows): (u16, u16),
    command: &[OsString],
    seed: Option<u32>,
) -> Result<(CastWriter, Placement), Failure> {
    let (file, placement) = Placement::open(path, force)?;
    let out = Box::new(io::BufWriter::new(file));
    let words = command.iter().map(|a| a.to_string_lossy().into_owned());
    let timestamp = seed.map_or_else(
        || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        },
        u64::from,
    );
    let command = shell_words::join(words);
    let writer = CastWriter::new(out, cols, rows, &command, timestamp)
        .map_err(|e| placement.error(e))?;
    Ok((writer, placement))
}
