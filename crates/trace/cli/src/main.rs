//! `rogue-trace`: record, replay, compare and fuzz screen traces.
//!
//! A thin command line over three libraries that know nothing of each
//! other: `rogue-trace-format` (traces, `diff`, `show`), `rogue-replay`
//! (the port, headless) and `rogue-capture` (any program, in a
//! pseudo-terminal). See `rogue-trace --help` and `docs/diffing.md`.

mod compare;
mod fuzz;
mod io_util;
mod rand;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rogue_capture::cast::{self, CastWriter};
use rogue_capture::{CaptureOptions, Settle, Timing};
use rogue_options::{GameArgs, Rng, SizeArg};
use rogue_trace_format::diff::{diff, DiffOptions, Report};
use rogue_trace_format::{report, show, unescape_keys, Trace};

use io_util::{read_at_most, read_trace, Output, Placement};

/// rogue-trace: record, replay, compare and fuzz screen traces (format v1)
#[derive(Parser, Debug)]
#[command(name = "rogue-trace", bin_name = "rogue-trace", version, after_help = KEYS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How keys are written, for every command's help.
const KEYS_HELP: &str = "KEYS are written as in a trace's header: plain characters, with \\\\, \\n, \\x00, \\u00e9 ... for the others. A keys file holds the same, its final newline ignored.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a program in a pseudo-terminal, type keys one at a time, and
    /// record the screen after each has settled
    Capture(CaptureArgs),
    /// Play the port headless and record every step
    Replay(ReplayArgs),
    /// Compare two traces: exit 0 if identical, 1 if they differ, 2 if a
    /// file cannot be read
    Diff(DiffArgs),
    /// Print a recorded screen, or draw it as an SVG or HTML picture
    Show(ShowArgs),
    /// Play a reference program and the port (the built-in one, or your
    /// program with --port) on the same seed, size and keys, both at once,
    /// and compare: exit 0 if identical, 1 if not (or if a side stops
    /// before its last key)
    Compare(compare::CompareArgs),
    /// Compare the port (the built-in one, or your program with --port)
    /// with a reference program on random seeds, sizes and walks; shrink
    /// each difference to a smaller case that still shows it
    Fuzz(fuzz::FuzzArgs),
    /// Print the C library's rand() values after srand(N), one a line, to
    /// check a port's generator against
    Rand(rand::RandArgs),
}

/// `--keys` or `--keys-file`.
#[derive(Args, Clone, Debug, Default)]
struct KeysArgs {
    /// The keys to type, in order
    #[arg(
        long,
        value_name = "KEYS",
        conflicts_with = "keys_file",
        allow_hyphen_values = true
    )]
    keys: Option<String>,
    /// A file holding the keys to type (at most 1,000,000)
    #[arg(long, value_name = "FILE", conflicts_with = "keys_from")]
    keys_file: Option<PathBuf>,
    /// The keys of a trace or of an asciinema recording, up to its quit
    /// key (`q`), after which a program has ended
    #[arg(long, value_name = "FILE", conflicts_with = "keys")]
    keys_from: Option<PathBuf>,
}

/// The most keys a trace command takes.
const MAX_KEYS: usize = 1_000_000;

impl KeysArgs {
    /// The keys given, if any.
    fn keys(&self) -> Result<Vec<char>, String> {
        if let Some(path) = &self.keys_from {
            let trace = read_trace(path).map_err(|Failure(e, _)| e)?;
            let keys = trace.header.keys;
            let end = keys.iter().position(|&k| k == 'q' || k == '\0');
            return Ok(keys[..end.unwrap_or(keys.len())].to_vec());
        }
        let (text, source) = match (&self.keys, &self.keys_file) {
            (Some(keys), _) => (keys.clone(), "--keys".to_string()),
            (None, Some(path)) => {
                let name = path.display().to_string();
                let limit = 4 * MAX_KEYS as u64 * 10;
                let too_large = || {
                    format!(
                        "keys file '{name}' is too large (at most {MAX_KEYS} keys)"
                    )
                };
                let text = read_at_most(path, limit)
                    .map_err(|e| {
                        format!("cannot read keys file '{name}': {e}")
                    })?
                    .ok_or_else(too_large)?;
                (text.strip_suffix('\n').unwrap_or(&text).to_string(), name)
            }
            (None, None) => return Ok(Vec::new()),
        };
        let keys = unescape_keys(&text)
            .map_err(|e| format!("invalid keys in {source}: {e}"))?;
        if keys.len() > MAX_KEYS {
            return Err(format!(
                "{source} holds {} keys; at most {MAX_KEYS}",
                keys.len()
            ));
        }
        Ok(keys)
    }
}

/// `--chars`: compare characters only.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct CharsArg {
    /// Compare characters only, not colours: tells a map that differs
    /// from one that is only seen (or lit) differently
    #[arg(long)]
    pub chars: bool,
}

/// `--force`: replace an existing output file.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ForceArg {
    /// Replace an output file that exists (written beside it first, and
    /// moved over it only once complete)
    #[arg(long)]
    pub force: bool,
}

/// How `capture` tells that a screen has settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SettleBy {
    /// The program says when it waits for the next key, through a library
    /// preloaded into it, and types its own keys then: the screens a
    /// typist sees, at the program's own speed (Linux, a dynamically
    /// linked program; else `watch`)
    Observe,
    /// Watch the program through /proc: settled when it waits for the next
    /// key with its output drained (Linux; elsewhere, and for a program
    /// that cannot be watched, `quiet`)
    Watch,
    /// The clock: settled when output pauses for --quiet-ms
    Quiet,
}

/// `--quiet-ms`'s default.
const QUIET_MS: u64 = 60;

/// How programs are captured: by `capture`, and in `compare` and `fuzz`
/// the reference and a port given with `--port` alike.
#[derive(Args, Clone, Debug)]
pub struct CaptureFlags {
    /// How to tell that a screen has settled (in compare and fuzz: the
    /// reference's, and the port's with --port)
    #[arg(long, value_enum, default_value = "observe", value_name = "HOW")]
    settle: SettleBy,
    /// With --settle quiet: the pause in output, in milliseconds, after
    /// which a screen counts as settled
    #[arg(long, value_name = "MS", default_value_t = QUIET_MS, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    quiet_ms: u64,
}

impl CaptureFlags {
    /// The options as given on a command line, those left at their
    /// defaults left out.
    fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if self.settle != SettleBy::Observe {
            let how = self.settle.to_possible_value().expect("a value");
            words.extend(["--settle".into(), how.get_name().to_string()]);
        }
        if self.quiet_ms != QUIET_MS {
            words.extend(["--quiet-ms".into(), self.quiet_ms.to_string()]);
        }
        words
    }

    fn settle(&self) -> Settle {
        let timing = Timing {
            quiet: Duration::from_millis(self.quiet_ms),
            ..Timing::default()
        };
        match self.settle {
            SettleBy::Observe | SettleBy::Watch => Settle::Observe(timing),
            SettleBy::Quiet => Settle::Quiet(timing),
        }
    }
}

/// `--seed-from FILE`: the seed of a recording or of a trace.
#[derive(Args, Clone, Debug, Default)]
pub struct SeedFromArg {
    /// Take the seed from FILE: an asciinema recording's header
    /// `timestamp` (when it started, the time the C original seeds with),
    /// or a trace's header seed
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    seed_from: Option<PathBuf>,
}

impl SeedFromArg {
    /// The seed FILE gives, if one is given: a recording's timestamp as
    /// `srand(time(NULL))` takes it (its low 32 bits).
    pub fn seed(&self) -> Result<Option<u32>, Failure> {
        let Some(path) = &self.seed_from else {
            return Ok(None);
        };
        let name = path.display();
        let text = read_at_most(path, cast::MAX_BYTES as u64)
            .map_err(|e| Failure(format!("cannot read '{name}': {e}"), 2))?
            .ok_or_else(|| {
                Failure(
                    format!(
                        "'{name}' is larger than {} MiB: not read",
                        cast::MAX_BYTES >> 20
                    ),
                    2,
                )
            })?;
        let (seed, has_none) = if cast::is_cast(&text) {
            let time = cast::timestamp(&text)
                .map_err(|e| Failure(format!("{name}: {e}"), 2))?;
            (
                time.map(|t| t as u32),
                "the recording's header has no timestamp",
            )
        } else {
            let trace = Trace::parse(&text).map_err(|e| {
                Failure(format!("{name}:{}: {}", e.line, e.message), 2)
            })?;
            (trace.header.seed, "the trace's header has no seed")
        };
        seed.map(Some).ok_or_else(|| {
            Failure(format!("--seed-from '{name}': {has_none}; give --seed"), 2)
        })
    }
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("seed_given").args(["seed", "seed_from"])))]
struct CaptureArgs {
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

#[derive(Args, Debug)]
struct ReplayArgs {
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

#[derive(Args, Debug)]
struct DiffArgs {
    /// The first trace
    a: PathBuf,
    /// The second trace
    b: PathBuf,
    /// Show every differing step, not only the first
    #[arg(long)]
    all: bool,
    /// Compare the screens only, not the headers (seed, keys, ...)
    #[arg(long)]
    screens_only: bool,
    #[command(flatten)]
    chars: CharsArg,
    /// Print one line only, for scripts
    #[arg(long)]
    brief: bool,
    #[command(flatten)]
    html: HtmlArg,
    #[command(flatten)]
    force: ForceArg,
}

/// `--html FILE`: the comparison as a page too.
#[derive(Args, Clone, Debug, Default)]
pub struct HtmlArg {
    /// Also write the comparison as one self-contained HTML page, both
    /// screens side by side at every step, to FILE (an existing file is
    /// replaced only with --force)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// Writes the HTML report of comparing `a` with `b` to `path`, replacing
/// a file there only if `force`.
pub fn write_report(
    path: &Path,
    force: bool,
    a: report::Side,
    b: report::Side,
    found: &Report,
    commands: &[String],
) -> Result<(), Failure> {
    let page = report::html(a, b, found, commands);
    let mut out = Output::create(Some(path), force)?;
    out.write_all(page.as_bytes()).map_err(|e| out.error(e))?;
    out.finish()?;
    eprintln!("report: {}", path.display());
    Ok(())
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The trace
    file: PathBuf,
    /// The step to show (default: the last)
    #[arg(long, value_name = "N")]
    step: Option<usize>,
    /// Draw the screen as a standalone SVG picture
    #[arg(long, conflicts_with = "html")]
    svg: bool,
    /// Draw the screen as a standalone HTML page
    #[arg(long)]
    html: bool,
    /// Write to FILE (default: standard output); an existing file is
    /// replaced only with --force
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    force: ForceArg,
}

/// A failure: the message and the exit status.
pub struct Failure(pub String, pub u8);

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure(message, 2)
    }
}

fn main() -> ExitCode {
    let cli: Cli = match rogue_options::parse_args("rogue-trace") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let result = match cli.command {
        Command::Capture(args) => run_capture(args),
        Command::Replay(args) => run_replay(args),
        Command::Diff(args) => run_diff(args),
        Command::Show(args) => run_show(args),
        Command::Compare(args) => compare::run(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::Rand(args) => rand::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure(message, code)) => {
            eprintln!("rogue-trace: {message}");
            ExitCode::from(code)
        }
    }
}

/// The capture options of `flags`, every step kept if `every`, with
/// `pin`'s environment.
fn capture_options(
    size: (u16, u16),
    keys: Vec<char>,
    (flags, every): (&CaptureFlags, bool),
    header: (Option<u8>, Option<u32>, Option<String>),
    env: Vec<(String, String)>,
) -> CaptureOptions {
    CaptureOptions {
        cols: size.0,
        rows: size.1,
        keys,
        every,
        term: std::env::var("ROGUE_TRACE_TERM")
            .unwrap_or_else(|_| "screen-256color".into()),
        env,
        settle: flags.settle(),
        preload: flags.settle == SettleBy::Observe,
        part: header.0,
        seed: header.1,
        rng: header.2,
    }
}

fn run_capture(args: CaptureArgs) -> Result<u8, Failure> {
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
        return Err(Failure(
            "--out and --cast name the same file; give each its own".into(),
            2,
        ));
    }
    if args.cast.is_some() && cfg!(windows) {
        return Err(Failure(
            "--cast needs a terminal that is a byte stream; the Windows \
             console is not"
                .into(),
            2,
        ));
    }
    let force = args.force.force;
    let mut out = Output::create(args.out.as_deref(), force)?;
    let cast_out = args
        .cast
        .as_deref()
        .map(|path| {
            cast_output(path, force, args.size.size, &args.command, seed)
        })
        .transpose();
    let mut cast_out = match cast_out {
        Ok(cast_out) => cast_out,
        Err(e) => {
            out.discard();
            return Err(e);
        }
    };
    // The header claims the seed: it goes out with the first step, once a
    // pinned program has shown it took the pin, so that a capture that
    // fails writes nothing.
    let mut header = Some(rogue_capture::header(&args.command, &options));
    let mut text = String::new();
    let captured = rogue_capture::capture_each(
        &args.command,
        &options,
        cast_out.as_mut().map(|(writer, _)| writer),
        |step| {
            text.clear();
            if let Some(header) = header.take() {
                header.write(&mut text);
            }
            rogue_trace_format::write_step(&mut text, &step);
            out.write_all(text.as_bytes())
        },
    );
    let stopped = match captured {
        Ok(stopped) => stopped,
        Err(e) => {
            out.discard();
            drop(cast_out);
            return Err(Failure(e.to_string(), 2));
        }
    };
    if let Some(header) = header {
        text.clear();
        header.write(&mut text);
        out.write_all(text.as_bytes()).map_err(|e| out.error(e))?;
    }
    out.finish()?;
    if let Some((writer, placement)) = cast_out {
        drop(writer);
        placement.commit()?;
    }
    match stopped {
        None => Ok(0),
        Some(why) => Err(Failure(format!("capture ended early: {why}"), 1)),
    }
}

/// The asciinema recording `--cast` writes to `path` (replacing a file
/// there only if `force`, once complete) of `command` on a `cols` by `rows`
/// terminal; its timestamp is `seed` if given (so that `--seed-from` takes
/// it back), else the time.
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

/// The pin library for a capture of `seed` with `rng`.
fn pin(seed: u32, rng: &str) -> Result<rogue_capture::pin::Pin, Failure> {
    rogue_capture::pin::Pin::new(seed, rng)
        .map_err(|e| Failure(format!("--pin: {e}"), 2))
}

fn run_replay(args: ReplayArgs) -> Result<u8, Failure> {
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

fn run_diff(args: DiffArgs) -> Result<u8, Failure> {
    let (a, b) = (read_trace(&args.a)?, read_trace(&args.b)?);
    let options = DiffOptions {
        screens_only: args.screens_only,
        all: args.all,
        chars: args.chars.chars,
    };
    let report = diff(&a, &b, options);
    if let Some(path) = &args.html.html {
        let mut command = vec!["rogue-trace".to_string(), "diff".into()];
        command.extend([&args.a, &args.b].map(|p| p.display().to_string()));
        if args.screens_only {
            command.push("--screens-only".into());
        }
        if args.chars.chars {
            command.push("--chars".into());
        }
        let (name_a, name_b) =
            (args.a.display().to_string(), args.b.display().to_string());
        write_report(
            path,
            args.force.force,
            report::Side {
                name: &name_a,
                trace: &a,
            },
            report::Side {
                name: &name_b,
                trace: &b,
            },
            &report,
            &[shell_words::join(command)],
        )?;
    }
    if args.brief {
        println!("{}", report.line);
    } else {
        println!("A: {}\nB: {}", args.a.display(), args.b.display());
        print!("{}", report.text);
    }
    Ok(if report.identical { 0 } else { 1 })
}

fn run_show(args: ShowArgs) -> Result<u8, Failure> {
    let trace: Trace = read_trace(&args.file)?;
    let name = args.file.display();
    let (Some(first), Some(last)) = (trace.steps.first(), trace.steps.last())
    else {
        return Err(Failure(format!("'{name}' has no steps"), 2));
    };
    let n = args.step.unwrap_or(last.number);
    let step = trace.steps.iter().find(|s| s.number == n).ok_or_else(|| {
        let numbers: Vec<String> =
            trace.steps.iter().map(|s| s.number.to_string()).collect();
        let has = if trace.is_sparse() {
            format!("steps {}", numbers.join(" and "))
        } else {
            format!("steps {} to {}", first.number, last.number)
        };
        Failure(
            format!("invalid value '{n}' for --step: the trace has {has}"),
            2,
        )
    })?;
    let text = if args.svg {
        show::svg(&trace, step)
    } else if args.html {
        show::html(&trace, step)
    } else {
        let colour = args.out.is_none() && io::stdout().is_terminal();
        show::render(&trace, step, colour)
    };
    let mut out = Output::create(args.out.as_deref(), args.force.force)?;
    out.write_all(text.as_bytes()).map_err(|e| out.error(e))?;
    out.finish()?;
    Ok(0)
}
